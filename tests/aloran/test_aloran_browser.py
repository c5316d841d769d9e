"""Ein Austausch Attacke gegen Parade im Live-Notebook, im echten Browser (headless Chromium)."""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "aloran_kampf.py"


def _klicken(seite, name, warte_fertig):
    seite.get_by_role("button", name=name).first.click()
    warte_fertig(seite)


def _warte_auf(seite, hook, text):
    expect(seite.locator(f"#{hook}").first).to_contain_text(text, timeout=30_000)


def _eintippen(seite, label, text, warte_fertig):
    feld = seite.get_by_label(label).first
    feld.fill(text)
    feld.press("Tab")
    warte_fertig(seite)


@pytest.mark.browser
def test_attacke_gegen_parade_live(browser_seite, warte_fertig, keine_zellfehler, tmp_path):
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _klicken(seite, "Neuen Kampf beginnen", warte_fertig)
    _warte_auf(seite, "aloran-runde", "Runde 0")
    _warte_auf(seite, "aloran-am-zug", "erst Initiative")
    # Initiative vom Tisch: Brann 7 + 10 = 17 vor Meridan und Echsenkrieger (8 + 1), Ork (6 + 1)
    for name, w10 in (("Brann", "0"), ("Meridan", "1"), ("Echsenkrieger", "1"), ("Ork-Krieger", "1")):
        feld = seite.get_by_label(name, exact=True).first
        feld.fill(w10)
        feld.press("Tab")
    warte_fertig(seite)
    _klicken(seite, "Initiative bestimmen", warte_fertig)
    _warte_auf(seite, "aloran-schritte", "1 Schritte")
    _klicken(seite, "Neue Runde", warte_fertig)
    _warte_auf(seite, "aloran-runde", "Runde 1")
    # „Die Aktionsreihenfolge ergibt sich dann mit dem höchsten Wert …“
    _warte_auf(seite, "aloran-am-zug", "Am Zug: Brann (Initiative 17)")
    # Vorauswahl: Brann (Langschwert, 8 W10 gegen 6) greift den Echsenkrieger an (Parade Speer, 6 W10 gegen 5)
    _warte_auf(seite, "aloran-chancen", "Trefferchance")
    assert "%" in seite.locator("#aloran-chancen").inner_text()
    assert seite.get_by_text("Angriff 8 W10 gegen 6 – Verteidigung 6 W10 gegen 5").count() >= 1
    # Würfel vom Tisch: 6 Netto-Erfolge gegen 0 → tödlicher Treffer, Kopf, (3 + 3 + 4) × 3 − 2 = 28 Wunden
    _eintippen(seite, "Angriff (W10-Pool)", "0 9 8 7 6 5 4 3", warte_fertig)
    _eintippen(seite, "Verteidigung (W10-Pool)", "2 2 2 2 2 2", warte_fertig)
    _eintippen(seite, "Trefferzone (W20)", "20", warte_fertig)
    _eintippen(seite, "Schaden", "3", warte_fertig)
    _klicken(seite, "Eingetippte Würfel anwenden", warte_fertig)
    _warte_auf(seite, "aloran-schritte", "3 Schritte")
    _warte_auf(seite, "aloran-letztes", "tödlicher Treffer")
    _warte_auf(seite, "aloran-letztes", "28 Wunden")
    assert seite.get_by_text("kampfunfähig").count() >= 1
    seite.screenshot(path=str(tmp_path / "aloran_kampf.png"), full_page=True)
    # Brann hat seine Kampfaktion verbraucht: ein zweiter Angriff wird abgelehnt, nichts ändert sich
    _klicken(seite, "Würfeln und anwenden", warte_fertig)
    _warte_auf(seite, "fehler-angriff", "keine Kampfaktion mehr")
    _warte_auf(seite, "aloran-schritte", "3 Schritte")
    _klicken(seite, "Rückgängig", warte_fertig)
    _warte_auf(seite, "aloran-schritte", "2 Schritte")
    keine_zellfehler(seite)
    # Absturz simuliert: eine neue Sitzung setzt den Kampf aus seinem Protokoll fort
    neu = browser_seite(NOTEBOOK)
    _klicken(neu, "Kampf fortsetzen", warte_fertig)
    _warte_auf(neu, "aloran-schritte", "2 Schritte")
    _warte_auf(neu, "aloran-runde", "Runde 1")
    keine_zellfehler(neu)
