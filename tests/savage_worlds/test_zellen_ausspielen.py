"""``kampf.ausspielen()`` spielt die Taktik der Seiten – dieselbe wie die Simulation – und der
Tracker zeigt nach dem Ende nichts mehr an; Statisten außer Gefecht zeigen ihre Wunden."""

from __future__ import annotations

import random

import pytest

from gm_helfer import savage_worlds as sw
from gm_helfer.savage_worlds.simulation import Taktik


def _arten(taktik=None, saat=2):
    kampf = sw.kampf_starten(["mira", "soeldner", "bandit"], rng=random.Random(saat))
    try:
        kampf.ausspielen(taktik=taktik) if taktik is not None else kampf.ausspielen()
        return [e.art for e in kampf.ereignisse], kampf.kaempfer_zeilen(), kampf.tracker_daten(), kampf.sieger()
    finally:
        kampf.schliessen()


@pytest.mark.slow  # acht ganze Kämpfe durch kampf.ausspielen(): in CI, nicht im schnellen Lauf
def test_vorgabe_steckt_weg_wie_die_simulation():
    """Taktik-Vorgabe der Simulation: „Wunden mit Bennies wegstecken: immer, solange Bennies und
    Wunden übrig sind“ – also auch beim Ausspielen; mit „nie“ kein einziges Mal."""
    mit = sum(_arten(saat=s)[0].count("wegstecken") for s in (1, 2, 4, 5))
    ohne = sum(_arten(Taktik(wegstecken="nie"), saat=s)[0].count("wegstecken") for s in (1, 2, 4, 5))
    assert mit > 0 and ohne == 0


def test_nach_dem_ende_nichts_anzubieten_und_statisten_mit_wunden():
    _, zeilen, daten, sieger = _arten(saat=2)
    assert sieger is not None
    assert daten["naechster"] == "" and daten["entscheidungen"] == []
    raus = [z for z in zeilen if z["Seite"] != sieger and "Außer Gefecht" in z["Zustand"]]
    assert raus
    for z in raus:
        if z["Name"].startswith("Bandit"):  # Statisten: „bei der ersten Wunde außer Gefecht“
            assert int(z["Wunden"]) >= 1, z
