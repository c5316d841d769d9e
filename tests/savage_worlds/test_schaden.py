"""Schaden und Schadenswirkung: Beispiele des Regeltexts als Tabellentests, Eigenschaften."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.savage_worlds.daten import VERLETZUNGEN
from gm_helfer.savage_worlds.proben import bewerten
from gm_helfer.savage_worlds.schaden import (
    Schadenswirkung,
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    schaden_auswerten,
    schadensausdruck,
    verletzung,
    verletzung_wuerfeln,
    wegstecken_auswerten,
    wundabzug,
)
from gm_helfer.wuerfel import wurf


def test_barbar_mit_langschwert():
    # Regeltext, Schaden: „Ein Barbar mit Stärke W12 verursacht mit einem Langschwert
    # (Schaden W8) zum Beispiel W12+W8 Schaden.“ – und alle Schadenswürfel explodieren.
    assert schadensausdruck("St+W8", "W12") == "W12!+W8!"
    w = wurf(schadensausdruck("St+W8", "W12"), augen="12+5, 8+2")
    assert w.gesamt == 27


def test_waffenlos_nur_staerke_und_fernkampf_fest():
    assert schadensausdruck("St", "W8") == "W8!"
    assert schadensausdruck("2W6", None) == "2W6!"
    assert schadensausdruck("2W6+1") == "2W6!+1"


def test_bonus_w6_und_joker():
    assert schadensausdruck("St+W6", "W12+1", bonus_w6=True, modifikator=2) == "W12!+W6!+W6!+3"


def test_st_ohne_staerke_ist_fehler():
    with pytest.raises(ValueError, match="Stärkewürfel"):
        schadensausdruck("St+W8")


@pytest.mark.parametrize(
    "schaden, robustheit, angeschlagen, wunden, danach",
    [
        (5, 6, False, 0, False),  # unter der Robustheit: keine Wirkung
        (5, 6, True, 0, True),  # bleibt Angeschlagen, keine Wunde
        (6, 6, False, 0, True),  # Erfolg: Angeschlagen
        (9, 6, False, 0, True),  # 3 darüber: noch Angeschlagen
        (6, 6, True, 1, True),  # Angeschlagen auf Angeschlagen: eine Wunde
        (10, 6, False, 1, True),  # eine Steigerung: eine Wunde und Angeschlagen
        (10, 6, True, 1, True),  # keine zusätzliche Wunde, weil schon Angeschlagen
        (14, 6, False, 2, True),
        (22, 6, False, 4, True),
    ],
)
def test_schaden_anwenden_tabelle(schaden, robustheit, angeschlagen, wunden, danach):
    assert schaden_auswerten(schaden, robustheit, angeschlagen=angeschlagen) == Schadenswirkung(wunden, danach)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 60), st.integers(2, 20), st.booleans())
def test_mehr_schaden_nie_weniger_wunden(schaden, robustheit, angeschlagen):
    a = schaden_auswerten(schaden, robustheit, angeschlagen=angeschlagen)
    b = schaden_auswerten(schaden + 1, robustheit, angeschlagen=angeschlagen)
    assert b.wunden >= a.wunden
    assert b.angeschlagen >= a.angeschlagen


def test_wundabzug_held_mit_zwei_wunden():
    # „Ein Held mit zwei Wunden erhält zum Beispiel einen Abzug von −2“; Maximum drei Wunden
    assert [wundabzug(n) for n in range(6)] == [0, -1, -2, -3, -3, -3]


def test_wegstecken_je_erfolg_und_steigerung_eine_wunde():
    assert wegstecken_auswerten(bewerten(3)) == 0
    assert wegstecken_auswerten(bewerten(4)) == 1
    assert wegstecken_auswerten(bewerten(8)) == 2
    assert wegstecken_auswerten(bewerten(12)) == 3
    assert wegstecken_auswerten(bewerten(20, kritisch=True)) == 0


@pytest.mark.parametrize(
    "gesamt, ergebnis",
    [(-3, "tod"), (1, "tod"), (2, "fehlschlag"), (3, "fehlschlag"), (4, "erfolg"), (7, "erfolg"), (8, "steigerung")],
)
def test_ausser_gefecht_probe(gesamt, ergebnis):
    assert ausser_gefecht_auswerten(bewerten(gesamt)) == ergebnis


def test_ausser_gefecht_kritischer_fehlschlag_ueber_1_ist_fehlschlag():
    assert ausser_gefecht_auswerten(bewerten(3, kritisch=True)) == "fehlschlag"


@pytest.mark.parametrize("gesamt, ergebnis", [(1, "tod"), (3, "tod"), (4, "weiter"), (7, "weiter"), (8, "stabil")])
def test_ausbluten_probe(gesamt, ergebnis):
    assert ausbluten_auswerten(bewerten(gesamt)) == ergebnis


def test_verletzungstabelle_vollstaendig():
    assert sorted(VERLETZUNGEN) == list(range(2, 13))
    assert verletzung(2).name == "Unaussprechliches"
    assert verletzung(3).name == verletzung(4).name == "Arm"
    assert verletzung(7, 1).name.startswith("Eingeweide – Gebrochen")
    assert verletzung(7, 6).name.startswith("Eingeweide – Zertrümmert")
    assert verletzung(10).name == "Bein"
    assert verletzung(12, 6).name == "Kopf – Hirnschaden"
    with pytest.raises(ValueError, match="W6"):
        verletzung(8)
    with pytest.raises(ValueError, match="2 bis 12"):
        verletzung(13)


def test_verletzung_wuerfeln_eingetippt():
    w, v = verletzung_wuerfeln(augen="5, 6, 1")
    assert w.eingetippt and v.name == "Kopf – Entstellende Narbe"
