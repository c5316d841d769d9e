"""Ein Kampfabschnitt auf dem Zeitstrahl durch das Zug-Panel, in headless Chromium – mit Klickzählung.

Neuer Kampf, Startpositionen (ein Klick), jeder Angriff ein Klick (Probe, Verteidigung, Zone und
Schaden in einem; der Zeitstrahl rückt von selbst weiter), ein Konter wird genommen oder
ausgeschlagen, ein eingetippter Patzer, Rückgängig, dann eine zweite Sitzung (gesperrt → ansehen).
"""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "zeitstrahl_kampf.py"


def _text(seite, hook) -> str:
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _schritte(seite) -> int:
    return int(re.search(r"\d+", _text(seite, "zs-protokoll-schritte")).group())


def _knopf(seite, name):
    return seite.get_by_role("button", name=name, exact=True)


def _da(seite, name) -> bool:
    k = _knopf(seite, name)
    return bool(k.count()) and k.first.is_visible() and k.first.is_enabled()


def _warte_auf(seite, hook, text):
    expect(seite.locator(f"#{hook}").first).to_contain_text(text, timeout=30_000)


class Klicks:
    def __init__(self, seite, warte_fertig):
        self.seite, self.warte, self.anzahl = seite, warte_fertig, 0

    def __call__(self, name):
        _knopf(self.seite, name).first.click()
        self.anzahl += 1
        self.warte(self.seite)


@pytest.mark.browser
def test_ein_kampfabschnitt_durch_das_zug_panel(browser_seite, warte_fertig, keine_zellfehler):
    seite = browser_seite(NOTEBOOK)
    expect(_knopf(seite, "Neuer Kampf").first).to_be_visible(timeout=90_000)
    keine_zellfehler(seite)
    klick = Klicks(seite, warte_fertig)
    klick("Neuer Kampf")
    _warte_auf(seite, "zs-protokoll-schritte", "0 Schritte")
    klick.anzahl = 0
    klick("Startpositionen würfeln")
    assert klick.anzahl == 1
    _warte_auf(seite, "zs-protokoll-schritte", "1 Schritt")
    # Chancen stehen vor dem Wurf da; die Verteidigung des Ziels ist eine offene Entscheidung
    assert "%" in _text(seite, "zs-chance-passiv")

    # Jeder Angriff ist ein Klick; wer dran ist, rückt der Zeitstrahl von selbst weiter
    angriffe, konter = 0, 0
    for _ in range(8):
        n = _schritte(seite)
        vorher = klick.anzahl
        if _da(seite, "Kontern"):
            klick("Kontern" if konter % 2 == 0 else "Auf den Konter verzichten")
            konter += 1
        else:
            am_zug = _text(seite, "zs-am-zug")
            klick("Angreifen")
            assert klick.anzahl - vorher == 1
            angriffe += 1
            _warte_auf(seite, "zs-meldung", f"{am_zug} greift")
        _warte_auf(seite, "zs-protokoll-schritte", f"{n + 1} Schritte")
        keine_zellfehler(seite)
    print(f"Angriffe: {angriffe} (je ein Klick), Konter entschieden: {konter}")
    assert angriffe >= 4

    # Eingetippte Würfel: eine natürliche 1 ist ein Patzer (der W6 der Patzertabelle auch eingetippt)
    n = _schritte(seite)
    if _da(seite, "Auf den Konter verzichten"):
        klick("Auf den Konter verzichten")
        n += 1
    seite.get_by_role("textbox", name="Angriff: echter Wurf", exact=True).first.fill("1")
    seite.get_by_text("Weitere Würfel (kritische Effekte, Patzer)").first.click()
    seite.get_by_role("textbox", name="Weitere W6 (krit, patzer, …)", exact=True).first.fill("patzer=3")
    seite.keyboard.press("Tab")
    warte_fertig(seite)
    klick("Angreifen")
    _warte_auf(seite, "zs-meldung", "Patzer")
    assert "✎" in _text(seite, "zs-meldung")
    klick("Rückgängig")
    _warte_auf(seite, "zs-protokoll-schritte", f"{n} Schritte")
    keine_zellfehler(seite)

    # Zweite Sitzung: der Kampf ist gesperrt – nur ansehen
    neu = browser_seite(NOTEBOOK)
    expect(_knopf(neu, "Kampf fortsetzen").first).to_be_visible(timeout=90_000)
    _knopf(neu, "Kampf fortsetzen").first.click()
    warte_fertig(neu)
    expect(neu.locator("#zs-meldung").first).to_contain_text("🔒", timeout=30_000)
    _knopf(neu, "Nur ansehen").first.click()
    warte_fertig(neu)
    expect(neu.locator("#zs-protokoll-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    keine_zellfehler(neu)
