"""Der Savage-Worlds-Kurs (notebooks/savage_worlds_lernen.py) in headless Chromium:
eine Übung richtig, eine falsch beantwortet, eine Wahl im geführten Schlagabtausch."""

from __future__ import annotations

import pytest

from gm_helfer.savage_worlds import lehre

pytestmark = pytest.mark.browser

NOTEBOOK = "savage_worlds_lernen.py"


@pytest.fixture(scope="module")
def seite(browser_seite_modul):
    return browser_seite_modul(NOTEBOOK)


def _antworten(seite, schluessel: str, text: str, warte_fertig) -> None:
    textaufgaben = [a.schluessel for a in lehre.aufgaben() if a.art != "wahl"]
    feld = seite.get_by_placeholder("deine Antwort").nth(textaufgaben.index(schluessel))
    feld.fill(text)
    feld.press("Enter")
    seite.locator(f"#sw-kurs-{schluessel}").filter(has_text="Richtig ist").wait_for(timeout=20000)
    warte_fertig(seite)


def test_uebung_richtig_und_falsch(seite, warte_fertig, keine_zellfehler, tmp_path):
    keine_zellfehler(seite)
    assert "0 von 7 richtig" in seite.locator("#sw-kurs-punkte").inner_text()
    _antworten(seite, "wunden_15_7", "2", warte_fertig)
    assert "✔ Richtig" in seite.locator("#sw-kurs-wunden_15_7").inner_text()
    _antworten(seite, "statist_w6", "50", warte_fertig)
    falsch = seite.locator("#sw-kurs-statist_w6").inner_text()
    assert "✘ Leider nicht" in falsch and "33,3 %" in falsch  # die Lösung der Bibliothek: 2/6
    assert "1 von 7 richtig" in seite.locator("#sw-kurs-punkte").inner_text()
    seite.screenshot(path=str(tmp_path / "kurs_uebungen.png"), full_page=True)
    keine_zellfehler(seite)


def test_schlagabtausch_folgt_der_wahl(seite, warte_fertig, keine_zellfehler):
    bereich = seite.locator("#sw-kurs-schlagabtausch")
    assert "1 von 2 Wunden weg" in bereich.inner_text()
    seite.get_by_text("Benny behalten", exact=True).click()
    bereich.filter(has_text="behält seinen Benny").wait_for(timeout=20000)
    warte_fertig(seite)
    assert "Baron Ulrich hat 2 Wunden" in bereich.inner_text()
    keine_zellfehler(seite)


def test_kurzreferenz_wird_angezeigt(seite):
    rahmen = seite.frame_locator("iframe").first
    assert "Glossar" in rahmen.locator("body").inner_text(timeout=10000)
