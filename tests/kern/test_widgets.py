"""Tests für gm_helfer.widgets (anywidget-Anzeigen für Würfe und Karten)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import karten, widgets, wuerfel


def test_wuerfelanzeige_aus_eingetipptem_wurf():
    w = widgets.WuerfelAnzeige.aus_wurf(wuerfel.wurf("W8!-W4+2", augen="8+3, 2"))
    assert w.ausdruck == "W8!-W4+2"
    assert w.wuerfe == [
        {"seiten": 8, "augen": [8, 3], "vorzeichen": 1, "eingetippt": True},
        {"seiten": 4, "augen": [2], "vorzeichen": -1, "eingetippt": True},
    ]
    assert (w.konstante, w.gesamt, w.eingetippt) == (2, 11, True)  # 8+3-2+2


def test_zeigen_ersetzt_den_wurf():
    w = widgets.WuerfelAnzeige.aus_wurf(wuerfel.wurf("W6", augen="4"))
    w.zeigen(wuerfel.wurf("2W10", rng=random.Random(3)))
    assert w.ausdruck == "2W10" and len(w.wuerfe) == 2 and w.eingetippt is False


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["W6", "2W6+1", "W8!+W6!", "3W4-1", "W10-W4", "W100"]), st.integers(0, 10**6))
def test_hypothesis_anzeige_passt_zum_wurf(text, saat):
    wurf = wuerfel.wurf(text, rng=random.Random(saat))
    daten = widgets.wurf_daten(wurf)
    assert daten["gesamt"] == wurf.gesamt
    # die Anzeige zeigt genug, um die Summe nachzurechnen
    summe = daten["konstante"] + sum(w["vorzeichen"] * sum(w["augen"]) for w in daten["wuerfe"])
    assert summe == wurf.gesamt
    assert [a for w in daten["wuerfe"] for a in w["augen"]] == [a for e in wurf.wuerfe for a in e.augen]


def test_kartenanzeige():
    k = widgets.KartenAnzeige.aus_karten([karten.Karte.parse("A♠"), karten.Karte.parse("Joker rot")], ["Anna", "Ork"])
    assert [c["beschriftung"] for c in k.karten] == ["Anna", "Ork"]
    assert all(c["svg"].lstrip().startswith("<svg") for c in k.karten)
    standard = widgets.KartenAnzeige.aus_karten([karten.Karte.parse("10h")])
    assert standard.karten[0]["beschriftung"] == "10♥"
    with pytest.raises(ValueError, match="gleich viele"):
        widgets.KartenAnzeige.aus_karten([karten.Karte.parse("10h")], ["a", "b"])


def test_widgets_haben_esm_mit_render():
    for klasse in (widgets.WuerfelAnzeige, widgets.KartenAnzeige):
        assert "export default { render }" in klasse._esm
