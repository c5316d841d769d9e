"""Tests für den systemfreien Simulationstreiber gm_helfer.simulation."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.simulation import UNENTSCHIEDEN, Kampfausgang, simulieren


def test_bekannte_anteile_werden_ausgezaehlt():
    # deterministische "Kämpfe": jeder vierte geht an die Schurken, jeder zehnte ohne Sieger
    zaehler = iter(range(10_000))

    def kampf(rng):
        i = next(zaehler)
        if i % 10 == 9:
            return Kampfausgang(None, 5)
        sieger = "Schurken" if i % 4 == 3 else "Helden"
        return Kampfausgang(
            sieger, 2 if sieger == "Helden" else 3, ausgeschaltet=("Bandit", "Bandit"), tot=("Bandit",) if i % 2 else ()
        )

    a = simulieren(kampf, anzahl=100, rng=random.Random(0))
    assert a.anzahl == 100
    assert a.sieg[UNENTSCHIEDEN] == pytest.approx(0.10)
    assert a.sieg["Schurken"] == pytest.approx(sum(1 for i in range(100) if i % 10 != 9 and i % 4 == 3) / 100)
    assert a.sieg["Helden"] + a.sieg["Schurken"] + a.sieg[UNENTSCHIEDEN] == pytest.approx(1)
    # doppelte Namen in einem Kampf zählen einmal
    entschieden = [i for i in range(100) if i % 10 != 9]
    assert a.ausgeschaltet["Bandit"] == pytest.approx(len(entschieden) / 100)
    assert a.tot["Bandit"] == pytest.approx(sum(1 for i in entschieden if i % 2) / 100)
    assert a.runden == {2: pytest.approx(a.sieg["Helden"]), 3: pytest.approx(a.sieg["Schurken"]), 5: pytest.approx(0.1)}
    assert a.mittlere_runden == pytest.approx(2 * a.sieg["Helden"] + 3 * a.sieg["Schurken"] + 0.5)


def test_gleicher_seed_gleiches_ergebnis():
    def kampf(rng):
        return Kampfausgang("Helden" if rng.random() < 0.5 else "Schurken", rng.randint(1, 6))

    assert simulieren(kampf, 300, rng=random.Random(7)) == simulieren(kampf, 300, rng=random.Random(7))


def test_mindestens_ein_kampf():
    with pytest.raises(ValueError, match="mindestens ein Kampf"):
        simulieren(lambda rng: Kampfausgang(None, 1), 0, rng=random.Random(0))


@settings(max_examples=40, deadline=None)
@given(st.floats(0.05, 0.95), st.integers(1, 3))
def test_geschaetzter_anteil_nahe_am_wahren(p, seed):
    a = simulieren(
        lambda rng: Kampfausgang("Helden" if rng.random() < p else "Schurken", 1), 4000, rng=random.Random(seed)
    )
    assert abs(a.sieg.get("Helden", 0.0) - p) < 5 * a.standardfehler(p) + 1e-9


def test_zusammenfassung_deutsch():
    from gm_helfer.simulation import zusammenfassung

    folge = iter(["Helden", "Helden", "Helden", "Schurken"] * 25)
    a = simulieren(lambda rng: Kampfausgang(next(folge), 3), 100, rng=random.Random(0))
    assert zusammenfassung(a) == (
        "100 Kämpfe: Helden gewinnen 75,0 % (± 4,3 %), Schurken gewinnen 25,0 % (± 4,3 %); im Schnitt 3,0 Runden."
    )


def test_begegnung_unbekanntes_system():
    from gm_helfer.simulation import begegnung

    with pytest.raises(ValueError, match="keine Simulation"):
        begegnung("dsa", (), 10, rng=random.Random(0))
