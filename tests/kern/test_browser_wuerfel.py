"""Das Würfellabor (notebooks/wuerfel.py) in headless Chromium.

Eine Seite für das ganze Modul (jeder Seitenaufruf startet eine neue Notebook-Sitzung);
die Tests bauen aufeinander auf und laufen in Dateireihenfolge.
"""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import product

import pytest

from gm_helfer.diagramme import prozent

pytestmark = pytest.mark.browser

NOTEBOOK = "wuerfel.py"


def _mindestens(anzahl: int, seiten: int, ziel: int) -> Fraction:
    """P(Summe von anzahl W seiten ≥ ziel) durch Abzählen aller Würfe."""
    treffer = sum(1 for w in product(range(1, seiten + 1), repeat=anzahl) if sum(w) >= ziel)
    return Fraction(treffer, seiten**anzahl)


@pytest.fixture(scope="module")
def seite(browser_seite_modul):
    return browser_seite_modul(NOTEBOOK)


def _ausdruck_eingeben(seite, text: str) -> None:
    feld = seite.get_by_placeholder("z. B. 2W6+1")
    feld.fill(text)
    feld.press("Enter")


def _diagramm_spec(seite) -> dict:
    return json.loads(seite.locator("marimo-vega").first.get_attribute("data-spec"))


def test_start_zeigt_2w6(seite, keine_zellfehler):
    keine_zellfehler(seite)
    text = seite.locator("#chance").inner_text()
    assert "2W6" in text and "mindestens 7" in text
    assert prozent(float(_mindestens(2, 6, 7))) in text  # 21/36 = 58,3 %
    assert seite.locator("#mittelwert").inner_text() == "Mittelwert 7"  # eine Zahlenregel (text.zahl): ohne Endnullen
    assert _diagramm_spec(seite)["title"] == "Verteilung von 2W6"
    box = seite.locator("marimo-vega canvas").first.bounding_box()
    assert box and box["width"] > 200 and box["height"] > 150


def test_neuer_ausdruck_aendert_text_und_diagramm(seite, keine_zellfehler, warte_fertig, tmp_path):
    _ausdruck_eingeben(seite, "3d6")
    seite.locator("#chance", has_text="3W6").wait_for(timeout=15000)
    warte_fertig(seite)
    assert prozent(float(_mindestens(3, 6, 7))) in seite.locator("#chance").inner_text()  # 196/216
    assert _diagramm_spec(seite)["title"] == "Verteilung von 3W6"
    keine_zellfehler(seite)
    seite.screenshot(path=str(tmp_path / "wuerfellabor.png"), full_page=True)


def test_zielzahl_aendert_chance(seite, warte_fertig):
    ziel = seite.get_by_role("textbox", name="Zielzahl (mindestens)")
    ziel.fill("12")
    ziel.press("Enter")
    seite.locator("#chance", has_text="mindestens 12").wait_for(timeout=15000)
    warte_fertig(seite)
    assert prozent(float(_mindestens(3, 6, 12))) in seite.locator("#chance").inner_text()  # 81/216


def test_falscher_ausdruck_deutsche_meldung_kein_zellfehler(seite, keine_zellfehler, warte_fertig):
    _ausdruck_eingeben(seite, "2W")
    meldung = seite.locator("#fehler-ausdruck")
    meldung.wait_for(timeout=15000)
    warte_fertig(seite)
    assert "kein gültiger Würfelausdruck" in meldung.inner_text()
    assert seite.locator("#chance").count() == 0
    keine_zellfehler(seite)


def test_programm_wuerfelt(seite, keine_zellfehler, warte_fertig):
    _ausdruck_eingeben(seite, "W8!+W6!")
    seite.locator("#chance", has_text="W8!+W6!").wait_for(timeout=15000)
    seite.get_by_role("button", name="Würfeln").click()
    wurf = seite.locator("#wurf")
    wurf.wait_for(timeout=15000)
    warte_fertig(seite)
    assert "vom Programm gewürfelt" in wurf.inner_text()
    keine_zellfehler(seite)


def test_eingetippte_augen(seite, keine_zellfehler, warte_fertig):
    augen = seite.get_by_placeholder("z. B. 6+6+2, 3")
    augen.fill("8+3, 4")
    seite.get_by_role("button", name="Eintragen").click()
    wurf = seite.locator("#wurf", has_text="eingetippt")
    wurf.wait_for(timeout=15000)
    warte_fertig(seite)
    assert wurf.inner_text().startswith("15")  # 8 explodiert, dann 3; dazu 4
    # die Würfelanzeige (anywidget) zeigt die Kette 8+3 und die 4
    assert seite.locator(".gm-wuerfel-gesamt").inner_text() == "15"
    faces = [t.split("\n")[0] for t in seite.locator(".gm-wuerfel-wuerfel").all_inner_texts()]
    assert faces == ["8", "3", "4"]
    assert seite.locator(".gm-wuerfel-max").count() == 1
    assert "eingetippt" in seite.locator(".gm-wuerfel-hinweis").inner_text()
    keine_zellfehler(seite)


def test_falsche_augen_deutsche_meldung(seite, keine_zellfehler, warte_fertig, tmp_path):
    augen = seite.get_by_placeholder("z. B. 6+6+2, 3")
    augen.fill("8, 4")  # die 8 explodiert, die Kette fehlt
    seite.get_by_role("button", name="Eintragen").click()
    meldung = seite.locator("#fehler-augen")
    meldung.wait_for(timeout=15000)
    warte_fertig(seite)
    assert "explodiert" in meldung.inner_text()
    keine_zellfehler(seite)
    assert "15" in seite.locator("#wurf").inner_text()  # der letzte gute Wurf bleibt stehen
    seite.set_viewport_size({"width": 1280, "height": 1500})
    seite.screenshot(path=str(tmp_path / "wuerfellabor_wuerfe.png"))


def test_zu_teurer_ausdruck_zeigt_hinweis_und_geschaetzte_chancen(seite, keine_zellfehler, warte_fertig):
    """100W100! rechnete minutenlang; jetzt: deutscher Hinweis und Chancen aus einer Stichprobe."""
    ziel = seite.get_by_role("textbox", name="Zielzahl (mindestens)")
    ziel.fill("5000")
    ziel.press("Enter")
    _ausdruck_eingeben(seite, "100W100!")
    hinweis = seite.locator("#hinweis-geschaetzt")
    hinweis.wait_for(timeout=30000)
    warte_fertig(seite)
    text = hinweis.inner_text()
    assert "100W100! ist zu aufwendig" in text and "Stichprobe" in text and "100 explodierende W100" in text
    chance = seite.locator("#chance").inner_text()
    assert "geschätzte Chance auf mindestens 5000" in chance
    # Mittelwert 100 · 50,5 · 100/99 ≈ 5101: P(≥ 5000) liegt deutlich über der Hälfte
    prozentwert = float(chance.rsplit(":", 1)[1].replace("%", "").replace(",", ".").strip())
    assert 55 < prozentwert < 85
    assert _diagramm_spec(seite)["title"] == "Geschätzte Verteilung von 100W100!"
    keine_zellfehler(seite)
    _ausdruck_eingeben(seite, "2W6")  # zurück zu exakt: der Hinweis verschwindet
    seite.locator("#chance", has_text="2W6").wait_for(timeout=15000)
    warte_fertig(seite)
    assert seite.locator("#hinweis-geschaetzt").count() == 0
