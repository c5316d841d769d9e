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


# --- Urteil, Intervall, Reihe (Issue 10) ------------------------------------------------


def _auswertung(sieg: float, tote: float, n: int = 10_000):
    from gm_helfer.simulation import Auswertung

    return Auswertung(n, {"Helden": sieg, "Schurken": 1 - sieg}, {3: 1.0}, {"Mira": tote}, {"Mira": tote},
                      seiten={"Mira": "Helden", "Bandit": "Schurken"})


@pytest.mark.parametrize(
    ("sieg", "tote", "stufe"),
    [(0.95, 0.0, "leicht"), (0.95, 0.10, "fordernd"), (0.80, 0.0, "fordernd"), (0.60, 0.30, "gefährlich"),
     (0.50, 0.80, "tödlich"), (0.30, 0.0, "tödlich"), (0.90, 0.05, "leicht"), (0.70, 0.25, "fordernd")],
)
def test_urteil_nach_den_dokumentierten_schwellen(sieg, tote, stufe):
    from gm_helfer.simulation import urteil

    u = urteil(_auswertung(sieg, tote))
    assert u.stufe == stufe
    assert u.text.startswith(stufe.capitalize() + ": die Helden gewinnen")


def test_urteil_schwellen_einstellbar():
    from gm_helfer.simulation import Schwellen, urteil

    a = _auswertung(0.80, 0.0)
    assert urteil(a).stufe == "fordernd"
    assert urteil(a, Schwellen(leicht=(0.75, 0.1))).stufe == "leicht"


def test_wilson_intervall_gegen_geschlossene_form():
    """Wilson-Intervall 95 % für 50 von 100 und 0 von 100 (Werte nachgerechnet mit der Formel
    p̃ ± z/(1+z²/n)·√(p(1−p)/n + z²/4n²))."""
    from gm_helfer.simulation import Auswertung

    a = Auswertung(100, {"Helden": 0.5}, {1: 1.0}, {}, {})
    unten, oben = a.intervall(0.5)
    assert unten == pytest.approx(0.40383, abs=1e-4) and oben == pytest.approx(0.59617, abs=1e-4)
    unten, oben = a.intervall(0.0)
    assert unten == 0.0 and oben == pytest.approx(0.03699, abs=1e-4)


def test_reihe_ueber_die_zahl_der_banditen():
    """Mehr Banditen, seltener Heldensieg; die Antwort „höchstens …“ ist der letzte Wert mit
    mindestens dem Ziel; Bögen bleiben unverändert."""
    from gm_helfer import boegen
    from gm_helfer.simulation import reihe, reihe_text

    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    wahl = [alle["Brakka"], alle["Mira"], alle["Bandit"]]
    r = reihe("savage_worlds", wahl, "Bandit", "anzahl", [2, 8, 14], 3000, rng=random.Random(3))
    chancen = [p for _, p, _, _ in r.siegchancen()]
    assert chancen[0] > chancen[1] > chancen[2]
    erwartet = max((w for w, p in zip(r.werte, chancen) if p >= 0.5), default=None)
    assert r.hoechstens_fuer(0.5) == erwartet
    assert alle["Bandit"].werte["anzahl"] == 4
    assert "Urteil je Wert – 2: " in reihe_text(r, 0.5)
    with pytest.raises(ValueError, match="fehlt der Bogen „Wolf“"):
        reihe("savage_worlds", wahl, "Wolf", "anzahl", [1], 10, rng=random.Random(0))


def test_kaempfer_tabelle_und_verbrauch():
    from gm_helfer import boegen
    from gm_helfer.simulation import begegnung, kaempfer_tabelle, verbrauch_text

    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    a = begegnung("savage_worlds", [alle["Brakka"], alle["Bandit"]], 2000, rng=random.Random(1))
    zeilen = kaempfer_tabelle(a)
    assert zeilen[0]["Kämpfer"] == "Brakka" and zeilen[0]["Seite"] == "Helden"
    assert {z["Kämpfer"] for z in zeilen} == {"Brakka", "Bandit 1", "Bandit 2", "Bandit 3", "Bandit 4"}
    assert 0 < a.verbrauch["Bennies (Brakka)"] <= 3
    assert verbrauch_text(a).startswith("Verbraucht je Kampf im Mittel: Bennies (Brakka) ")
