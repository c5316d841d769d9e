"""Ein paar Ticks Live-Spiel im echten Browser (headless Chromium)."""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "zeitstrahl_kampf.py"


def _klicken(seite, name, warte_fertig):
    seite.get_by_role("button", name=name).first.click()
    warte_fertig(seite)


def _text(seite, hook):
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _warte_auf(seite, hook, text):
    """Wartet, bis das Element mit der id ``hook`` ``text`` zeigt (marimo rechnet nach dem Klick)."""
    expect(seite.locator(f"#{hook}").first).to_have_text(text, timeout=30_000)


@pytest.mark.browser
def test_ein_paar_ticks_live(browser_seite, warte_fertig, keine_zellfehler):
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _klicken(seite, "Neuer Kampf", warte_fertig)
    _warte_auf(seite, "protokoll-anzahl", "0 Schritte")
    _klicken(seite, "Startpositionen würfeln", warte_fertig)
    _warte_auf(seite, "protokoll-anzahl", "1 Schritte")
    tick_vorher = int(re.search(r"\d+", _text(seite, "jetzt")).group())
    am_zug = _text(seite, "am-zug")
    assert am_zug and am_zug != "–"
    # Chancen stehen vor dem Wurf da
    assert "%" in _text(seite, "chance-passiv")
    # ein Angriff mit den Würfeln des Programms: der Angreifer rückt um seine Waffe vor
    _klicken(seite, "Würfeln und anwenden", warte_fertig)
    _warte_auf(seite, "protokoll-anzahl", "2 Schritte")
    assert "greift" in _text(seite, "letztes-ereignis")
    tick_nachher = int(re.search(r"\d+", _text(seite, "jetzt")).group())
    assert tick_nachher >= tick_vorher
    # eingetippte Würfel: ein Angriff mit natürlicher 1 ist ein Patzer
    seite.get_by_label("Angriff W20").fill("1")
    seite.get_by_label("Weitere W6 (krit, patzer, …)").fill("patzer=3")
    seite.keyboard.press("Tab")
    warte_fertig(seite)
    _klicken(seite, "Eingetippte Würfel anwenden", warte_fertig)
    _warte_auf(seite, "protokoll-anzahl", "3 Schritte")
    assert "Patzer" in _text(seite, "letztes-ereignis")
    _klicken(seite, "Rückgängig", warte_fertig)
    _warte_auf(seite, "protokoll-anzahl", "2 Schritte")
    keine_zellfehler(seite)
    letztes = _text(seite, "letztes-ereignis")

    # Absturz simulieren: neue Sitzung, den gespeicherten Kampf fortsetzen
    neu = browser_seite(NOTEBOOK)
    neu.get_by_role("checkbox", name=re.compile("übernehmen")).first.check()  # die alte Sitzung lebt noch
    warte_fertig(neu)
    _klicken(neu, "Kampf fortsetzen", warte_fertig)
    _warte_auf(neu, "protokoll-anzahl", "2 Schritte")
    assert _text(neu, "letztes-ereignis") == letztes
    keine_zellfehler(neu)
