"""Eigenschaftsproben: Würfelwerte, Auswertung (Tabellen), Würfeln mit rng und eingetippt."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.savage_worlds.proben import (
    UNTRAINIERT,
    Eigenschaft,
    Probe,
    bewerten,
    eigenschaft,
    probe_auswerten,
    vergleichen,
    wuerfle_probe,
)
from gm_helfer.wuerfel import WuerfelFehler


@pytest.mark.parametrize(
    "text, seiten, bonus",
    [("W4", 4, 0), ("W8", 8, 0), ("d10", 10, 0), ("W12+2", 12, 2), ("untrainiert", 4, -2), ("", 4, -2), (None, 4, -2)],
)
def test_eigenschaft_lesen(text, seiten, bonus):
    assert eigenschaft(text) == Eigenschaft(seiten, bonus)


@pytest.mark.parametrize("text", ["W7", "2W6", "W20", "W6-W4"])
def test_eigenschaft_falsch_deutsche_meldung(text):
    with pytest.raises(WuerfelFehler, match="W"):
        eigenschaft(text)


def test_untrainiert_ist_w4_minus_2():
    # Aufgabe: „an untrained skill rolls W4−2“
    assert Eigenschaft(4, -2) == UNTRAINIERT
    assert str(UNTRAINIERT) == "W4-2"


def test_haelfte_und_senken():
    assert Eigenschaft(8).haelfte == 4
    assert Eigenschaft(12, 2).haelfte == 7
    assert Eigenschaft(8).gesenkt() == Eigenschaft(6)
    assert Eigenschaft(4).gesenkt() == Eigenschaft(4)
    assert Eigenschaft(12, 1).gesenkt() == Eigenschaft(12)


@pytest.mark.parametrize(
    "gesamt, mw, erfolg, steigerungen, name",
    [(3, 4, False, 0, "Fehlschlag"), (4, 4, True, 0, "Erfolg"), (7, 4, True, 0, "Erfolg"),
     (8, 4, True, 1, "Steigerung"), (12, 4, True, 2, "Steigerung"), (10, 6, True, 1, "Steigerung"), (9, 6, True, 0, "Erfolg")],
)
def test_bewerten_tabelle(gesamt, mw, erfolg, steigerungen, name):
    e = bewerten(gesamt, mw)
    assert (e.erfolg, e.steigerungen, e.ergebnis) == (erfolg, steigerungen, name)


def test_wildcard_behaelt_hoeheres_und_modifikator_auf_behaltenes():
    (e,) = probe_auswerten([2], 5, modifikator=-2)
    assert e.gesamt == 3 and not e.erfolg
    (e,) = probe_auswerten([6], 3, bonus=2)
    assert e.gesamt == 8 and e.steigerungen == 1


def test_kritischer_fehlschlag_misslingt_immer():
    (e,) = probe_auswerten([1], 1, modifikator=+10)
    assert e.kritischer_fehlschlag and not e.erfolg and e.ergebnis == "Kritischer Fehlschlag"
    # Statisten haben keinen kritischen Fehlschlag
    (e,) = probe_auswerten([1], None, modifikator=+10)
    assert not e.kritischer_fehlschlag and e.erfolg


def test_explodierte_eins_ist_keine_natuerliche_eins():
    # Eine 4+1 auf dem W4 hat Summe 5, keine 1
    (e,) = probe_auswerten([5], 1)
    assert not e.kritischer_fehlschlag


def test_feuerrate_nur_ein_wildcard_wuerfel_ersetzt_den_schlechtesten():
    ergebnisse = probe_auswerten([2, 5, 3], 6)
    assert [e.gesamt for e in ergebnisse] == [6, 5, 3]
    # Der Wildcard-Würfel gewährt keinen zusätzlichen Würfel
    assert len(ergebnisse) == 3
    # niedriger Wildcard-Würfel fällt weg
    assert [e.gesamt for e in probe_auswerten([4, 5], 2)] == [5, 4]


def test_mehrere_wuerfel_kritisch_wenn_haelfte_einsen_und_wildcard_eins():
    assert all(e.kritischer_fehlschlag for e in probe_auswerten([1, 6], 1))
    assert not any(e.kritischer_fehlschlag for e in probe_auswerten([1, 6, 5], 1))


def test_vergleichen():
    assert vergleichen(7, 5) == "zuerst"
    assert vergleichen(5, 5) == "gleich"
    assert vergleichen(4, 5) == "danach"


def test_wuerfle_probe_eingetippt_mit_explosion():
    p = wuerfle_probe("W8", wildcard=True, augen="8+3, 5", modifikator=-1, mindestwurf=4)
    assert p.eingetippt
    assert p.ergebnis.gesamt == 10
    assert p.ergebnis.steigerungen == 1
    assert "W8 [8+3]" in p.beschreibung()


def test_wuerfle_probe_eingetippt_falsche_kette():
    with pytest.raises(WuerfelFehler):
        wuerfle_probe("W8", wildcard=True, augen="8, 5")  # nach der 8 fehlt der nächste Wurf


def test_wuerfle_probe_rng_reproduzierbar_und_serialisierbar():
    a = wuerfle_probe("W6", wildcard=True, rng=random.Random(7), anzahl=3)
    b = wuerfle_probe("W6", wildcard=True, rng=random.Random(7), anzahl=3)
    assert a == b
    assert not a.eingetippt
    assert len(a.ergebnisse) == 3
    assert Probe.aus_dict(a.als_dict()) == a


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 30), min_size=1, max_size=4), st.one_of(st.none(), st.integers(1, 30)), st.integers(-6, 6))
def test_mehr_modifikator_nie_schlechter(summen, wild, mod):
    a = probe_auswerten(summen, wild, modifikator=mod)
    b = probe_auswerten(summen, wild, modifikator=mod + 1)
    assert sum(e.erfolg for e in b) >= sum(e.erfolg for e in a)
    assert sum(e.steigerungen for e in b) >= sum(e.steigerungen for e in a)


def test_kritisch_alle_wuerfel_als_option():
    """Option kritischer_fehlschlag_alle_wuerfel: erst alle Eigenschaftswürfel 1 und der
    Wildcard-Würfel 1; ein Einzelwurf ist in beiden Lesarten gleich."""
    assert not any(e.kritischer_fehlschlag for e in probe_auswerten([1, 6], 1, kritisch_alle=True))
    assert all(e.kritischer_fehlschlag for e in probe_auswerten([1, 1], 1, kritisch_alle=True))
    assert all(e.kritischer_fehlschlag for e in probe_auswerten([1, 1, 4], 1))
    assert not any(e.kritischer_fehlschlag for e in probe_auswerten([1, 1, 4], 1, kritisch_alle=True))
    for alle in (False, True):
        assert probe_auswerten([1], 1, kritisch_alle=alle)[0].kritischer_fehlschlag
        assert not probe_auswerten([1], 2, kritisch_alle=alle)[0].kritischer_fehlschlag
    # die Option reist mit der Probe durchs Protokoll
    from gm_helfer.savage_worlds.proben import Probe

    p = wuerfle_probe("W6", wildcard=True, anzahl=2, augen="1, 5, 1", kritisch_alle=True)
    assert not p.ergebnis.kritischer_fehlschlag and p.ergebnis.erfolg
    zurueck = Probe.aus_dict(p.als_dict())
    assert zurueck == p
    assert wuerfle_probe("W6", wildcard=True, anzahl=2, augen="1, 5, 1").ergebnis.kritischer_fehlschlag


def test_wuerfle_probe_wie_konstruktor():
    """``wuerfle_probe`` baut die Probe ohne das eingefrorene ``__init__`` (Issue 10): gleich dem
    Konstruktor, mit genau den Feldern der Klasse."""
    import dataclasses
    import random

    from gm_helfer.savage_worlds.proben import Probe, eigenschaft, wuerfle_probe

    for saat in range(50):
        p = wuerfle_probe("W8", wildcard=True, modifikator=-1, mindestwurf=5, anzahl=2, rng=random.Random(saat),
                          kritisch_alle=bool(saat % 2))
        q = Probe(eigenschaft("W8"), p.wurf, True, -1, 5, bool(saat % 2))
        assert p == q and p.ergebnisse == q.ergebnisse and p.als_dict() == q.als_dict()
        felder = {f.name for f in dataclasses.fields(Probe)}
        assert set(vars(p)) - {"ergebnisse"} == set(vars(q)) - {"ergebnisse"} == felder


def test_bewerten_wie_konstruktor():
    """``bewerten`` baut das Probenergebnis ohne den Konstruktor: gleich ``Probenergebnis(…)``, mit
    genau dessen Feldern – für Zahlen und für Felder."""
    import dataclasses

    import numpy as np

    from gm_helfer.savage_worlds.proben import Probenergebnis, bewerten

    e = bewerten(9, 4, kritisch=False)
    assert e == Probenergebnis(9, 4, True, 1, False)
    assert set(vars(e)) == {f.name for f in dataclasses.fields(Probenergebnis)}
    f = bewerten(np.array([1, 4, 9]), 4, kritisch=np.array([True, False, False]))
    assert f.erfolg.tolist() == [False, True, True] and f.steigerungen.tolist() == [0, 0, 1]
