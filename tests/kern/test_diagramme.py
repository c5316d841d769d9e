"""Tests für gm_helfer.diagramme: Daten, deutsche Beschriftung, Prozent im Tooltip."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import altair as alt
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import diagramme as d


def _daten(chart: alt.Chart) -> list[dict]:
    spec = chart.to_dict()
    (werte,) = spec["datasets"].values()
    return werte


@pytest.mark.parametrize(
    "p,stellen,text",
    [
        (0.125, 1, "12,5 %"),
        (0.5, 1, "50,0 %"),
        (1, 1, "100,0 %"),
        (0, 1, "0,0 %"),
        (1 / 3, 2, "33,33 %"),
        (2 / 3, 0, "67 %"),
        (0.0004, 1, "< 0,1 %"),
        (0.9996, 1, "> 99,9 %"),
        (0.0004, 2, "0,04 %"),
        (1e-9, 0, "< 1 %"),
        (1e-13, 1, "0,0 %"),  # Rundungsrauschen
        (1 - 1e-13, 1, "100,0 %"),
    ],
)
def test_prozent(p, stellen, text):
    assert d.prozent(p, stellen) == text


@pytest.mark.parametrize("x,stellen,text", [(9.336, 2, "9,34"), (-1.5, 2, "−1,5"), (7, 0, "7"), (0.125, 3, "0,125")])
def test_zahl(x, stellen, text):
    assert d.zahl(x, stellen) == text


@pytest.mark.parametrize("falsch", [float("nan"), "0.5", None, True])
def test_prozent_falsche_eingabe(falsch):
    with pytest.raises(ValueError, match="Zahl"):
        d.prozent(falsch)


def test_ergebnis_balken():
    c = d.ergebnis_balken(
        {"Verfehlt": 0.4, "Treffer": 0.45, "Steigerung": 0.15}, titel="Angriff", farben={"Treffer": "#00ff00"}
    )
    spec = c.to_dict()
    assert spec["title"] == "Angriff"
    zeilen = _daten(c)
    assert [z["Ausgang"] for z in zeilen] == ["Verfehlt", "Treffer", "Steigerung"]
    assert [z["Chance"] for z in zeilen] == ["40,0 %", "45,0 %", "15,0 %"]
    assert zeilen[1]["Beschriftung"] == "Treffer  45,0 %"
    farbe = spec["encoding"]["color"]["scale"]
    assert farbe["domain"] == ["Verfehlt", "Treffer", "Steigerung"]
    assert farbe["range"][1] == "#00ff00"
    assert {t["field"] for t in spec["encoding"]["tooltip"]} == {"Ausgang", "Chance"}
    assert spec["encoding"]["x"]["axis"]["title"] == "Chance"


@pytest.mark.parametrize("falsch,stueck", [({}, "Keine Ausgänge"), ({"x": 1.5}, "zwischen 0 und 1"), ({"x": "a"}, "keine Zahl")])
def test_ergebnis_balken_fehler(falsch, stueck):
    with pytest.raises(ValueError, match=stueck):
        d.ergebnis_balken(falsch)


def _brute_2w6() -> dict[int, Fraction]:
    vert: dict[int, Fraction] = {}
    for a, b in product(range(1, 7), repeat=2):
        vert[a + b] = vert.get(a + b, 0) + Fraction(1, 36)
    return vert


def test_verteilung_diagramm_mit_ziel():
    vert = {k: float(v) for k, v in _brute_2w6().items()}
    c = d.verteilung_diagramm(vert, ziel=8, titel="2W6", x_titel="Summe")
    zeilen = _daten(c)
    assert [z["Summe"] for z in zeilen] == list(range(2, 13))
    sieben = next(z for z in zeilen if z["Summe"] == 7)
    assert sieben["genau"] == d.prozent(6 / 36)
    acht = next(z for z in zeilen if z["Summe"] == 8)
    assert acht["mindestens"] == d.prozent(15 / 36)  # 5+4+3+2+1 von 36
    assert acht["Ziel"] == "≥ 8 (erreicht)" and sieben["Ziel"] == "< 8 (verfehlt)"
    spec = c.to_dict()
    assert spec["encoding"]["x"]["title"] == "Summe"
    assert spec["encoding"]["color"]["legend"]["title"] == "Ziel 8"
    assert {t["title"] for t in spec["encoding"]["tooltip"]} == {"Summe", "genau", "mindestens"}


def test_verteilung_ohne_ziel_und_luecken():
    # explodierender W4 bis Tiefe 3, von Hand: 4 selbst kommt nie vor
    vert = {1: 0.25, 2: 0.25, 3: 0.25, 5: 1 / 16, 6: 1 / 16, 7: 1 / 16, 9: 1 / 64, 10: 1 / 64, 11: 1 / 64, 12: 1 / 64}
    c = d.verteilung_diagramm(vert, rest=0)
    zeilen = _daten(c)
    assert [z["Ergebnis"] for z in zeilen] == list(range(1, 13))
    vier = zeilen[3]
    assert vier["Wahrscheinlichkeit"] == 0 and vier["mindestens"] == zeilen[4]["mindestens"]
    assert "Ziel" not in zeilen[0]


def test_verteilung_auslaeufer_abgeschnitten_ziel_bleibt():
    vert = {x: 0.5 ** x for x in range(1, 60)}
    vert[59] += 1 - sum(vert.values())
    zeilen = _daten(d.verteilung_diagramm(vert))
    xs = [z["Ergebnis"] for z in zeilen]
    assert xs[0] == 1 and xs[-1] <= 12  # ab 2^-11 ist der Rest unter 0,05 %
    assert sum(z["Wahrscheinlichkeit"] for z in zeilen) > 0.999
    zeilen = _daten(d.verteilung_diagramm(vert, ziel=20))
    assert zeilen[-1]["Ergebnis"] == 20


@pytest.mark.parametrize(
    "vert,stueck", [({}, "leer"), ({1: 0.5}, "100 %"), ({1.5: 1.0}, "ganze Zahlen"), ({1: 1.2, 2: -0.2}, "zwischen 0 und 1")]
)
def test_verteilung_fehler(vert, stueck):
    with pytest.raises(ValueError, match=stueck):
        d.verteilung_diagramm(vert)


@settings(max_examples=40, deadline=None)
@given(st.dictionaries(st.integers(-20, 40), st.integers(1, 100), min_size=1, max_size=15), st.integers(-25, 45))
def test_hypothesis_mindestens_passt_zur_verteilung(gewichte, ziel):
    summe = sum(gewichte.values())
    vert = {k: v / summe for k, v in gewichte.items()}
    zeilen = _daten(d.verteilung_diagramm(vert, ziel=ziel, rest=0))
    xs = [z["Ergebnis"] for z in zeilen]
    assert xs == list(range(min(min(vert), ziel), max(max(vert), ziel) + 1))
    for z in zeilen:
        erwartet = Fraction(sum(v for x, v in gewichte.items() if x >= z["Ergebnis"]), summe)
        assert z["Wahrscheinlichkeit_mindestens"] == pytest.approx(float(erwartet), abs=1e-12)
        assert z["mindestens"] == d.prozent(z["Wahrscheinlichkeit_mindestens"])
        assert z["Ziel"].startswith("≥") == (z["Ergebnis"] >= ziel)


def test_kurve_ueber_runden():
    c = d.kurve_ueber_runden({"Held steht": [1, 0.75], "Ork steht": [0.5, 0.125]}, titel="Verlauf")
    zeilen = _daten(c)
    assert [(z["Kurve"], z["Runde"], z["Chance"]) for z in zeilen] == [
        ("Held steht", 1, "100,0 %"),
        ("Held steht", 2, "75,0 %"),
        ("Ork steht", 1, "50,0 %"),
        ("Ork steht", 2, "12,5 %"),
    ]
    spec = c.to_dict()
    assert spec["encoding"]["x"]["axis"]["title"] == "Runde"
    assert spec["encoding"]["y"]["axis"]["title"] == "Wahrscheinlichkeit"
    with pytest.raises(ValueError, match="Runde 2"):
        d.kurve_ueber_runden({"x": [0.5, 2.0]})


def test_zeitstrahl():
    c = d.zeitstrahl_diagramm(
        [
            {"name": "Anna", "start": 0, "ende": 5, "art": "Angriff"},
            {"name": "Ork", "start": 2, "ende": 9, "art": "Parade"},
            {"name": "Anna", "start": 5, "ende": 8, "art": "Bewegung"},
        ],
        titel="Ticks",
    )
    zeilen = _daten(c)
    assert [(z["Name"], z["Start"], z["Ende"]) for z in zeilen] == [("Anna", 0, 5), ("Ork", 2, 9), ("Anna", 5, 8)]
    spec = c.to_dict()
    assert spec["encoding"]["x"]["axis"]["title"] == "Tick"
    assert spec["encoding"]["y"]["sort"] == ["Anna", "Ork"]
    with pytest.raises(ValueError, match="es fehlt art"):
        d.zeitstrahl_diagramm([{"name": "A", "start": 0, "ende": 1}])
    with pytest.raises(ValueError, match="vor Start"):
        d.zeitstrahl_diagramm([{"name": "A", "start": 3, "ende": 1, "art": "x"}])


@pytest.mark.slow  # zeichnet jedes Diagramm (vl-convert): in CI, nicht im schnellen Lauf
def test_alle_diagramme_lassen_sich_zeichnen():
    vl_convert = pytest.importorskip("vl_convert")
    diagramme = [
        d.ergebnis_balken({"a": 0.3, "b": 0.7}),
        d.verteilung_diagramm({1: 0.5, 2: 0.5}, ziel=2, x_titel="Schaden (nach Rüstung)"),
        d.kurve_ueber_runden({"x": [0.5, 0.25]}),
        d.zeitstrahl_diagramm([{"name": "A", "start": 0, "ende": 1, "art": "x"}]),
    ]
    for c in diagramme:
        svg = vl_convert.vegalite_to_svg(c.to_dict())
        assert "<svg" in svg
    assert "50 %" in vl_convert.vegalite_to_svg(diagramme[1].to_dict())  # Achse auf Deutsch


def test_schmale_verteilung_zeigt_nur_jede_kte_zahl():
    """37 Säulen auf der Standardbreite: die Achsenzahlen laufen nicht ineinander (820 px, Issue 14)."""
    schmal = d.verteilung_diagramm({i: 1 / 37 for i in range(37)}, hoechste_breite=d.BREITE).to_dict()
    werte = schmal["encoding"]["x"]["axis"]["values"]
    assert werte[0] == 0 and werte[-1] == 36 and len(werte) * 20 <= schmal["width"]
    breit = d.verteilung_diagramm({i: 1 / 10 for i in range(10)}).to_dict()
    assert "values" not in breit["encoding"]["x"]["axis"]  # genug Platz: jede Zahl
