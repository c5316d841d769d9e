"""Begegnungen simulieren (gm_helfer.savage_worlds.simulation): reproduzierbar, stimmig, exakt geprüft."""

from __future__ import annotations

import copy
import math
import random
import shutil
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import simulation
from gm_helfer.boegen import Bogen, laden
from gm_helfer.savage_worlds.chancen import probe_chancen
from gm_helfer.savage_worlds.daten import JOKER_BONUS
from gm_helfer.savage_worlds.simulation import begegnung, einen_kampf

BEISPIELE = Path(__file__).resolve().parents[2] / "charaktere" / "savage_worlds"


@pytest.fixture(scope="module")
def boegen(tmp_path_factory) -> dict[str, Bogen]:
    """Die Beispielbögen, geladen aus einer Kopie (die Dateien des Repos bleiben unberührt)."""
    ordner = tmp_path_factory.mktemp("sw_boegen")
    shutil.copytree(BEISPIELE, ordner, dirs_exist_ok=True)
    ladung = laden("savage_worlds", ordner)
    assert not ladung.fehler
    return {b.werte["name"]: b for b in ladung.boegen}


def geaendert(bogen: Bogen, waffen=None, **werte) -> Bogen:
    neu = replace(bogen, werte={**bogen.werte, **werte})
    if waffen is not None:
        neu = replace(neu, untertabellen={**neu.untertabellen, "waffen": tuple(waffen)})
    return neu


def klein(boegen, banditen: int = 2):
    return [boegen["Mira"], geaendert(boegen["Bandit"], anzahl=banditen)]


def test_gleicher_seed_gleiches_ergebnis(boegen):
    auswahl = klein(boegen)
    assert einen_kampf(auswahl, rng=random.Random(7)) == einen_kampf(auswahl, rng=random.Random(7))
    a = begegnung(auswahl, 25, rng=random.Random(3))
    b = begegnung(auswahl, 25, rng=random.Random(3))
    assert a == b
    assert a.anzahl == 25


def test_numpy_generator_als_rng(boegen):
    auswahl = klein(boegen)
    a = einen_kampf(auswahl, rng=np.random.default_rng(5))
    assert a == einen_kampf(auswahl, rng=np.random.default_rng(5))
    assert a.sieger in ("Helden", "Schurken", None)


def test_anteile_summieren_sich_zu_eins(boegen):
    a = begegnung(klein(boegen, 3), 30, rng=random.Random(11), max_runden=2)
    assert math.isclose(sum(a.sieg.values()), 1.0)
    assert math.isclose(sum(a.runden.values()), 1.0)
    assert set(a.sieg) <= {"Helden", "Schurken", simulation.UNENTSCHIEDEN}
    assert max(a.runden) <= 2


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10**6), banditen=st.integers(1, 4), max_runden=st.integers(1, 6))
def test_ausgang_ist_stimmig(boegen, seed, banditen, max_runden):
    """Tote sind ausgeschaltet; der Sieger hat noch jemanden auf den Beinen, der Verlierer
    niemanden; ohne Sieger ist die Rundengrenze erreicht."""
    auswahl = [boegen["Brakka"], geaendert(boegen["Bandit"], anzahl=banditen)]
    a = einen_kampf(auswahl, rng=random.Random(seed), max_runden=max_runden)
    helden = {"Brakka"}
    schurken = {f"Bandit {i}" for i in range(1, banditen + 1)} if banditen > 1 else {"Bandit"}
    assert set(a.tot) <= set(a.ausgeschaltet) <= helden | schurken
    assert 1 <= a.runden <= max_runden
    if a.sieger == "Helden":
        assert schurken <= set(a.ausgeschaltet) and not helden <= set(a.ausgeschaltet)
    elif a.sieger == "Schurken":
        assert helden <= set(a.ausgeschaltet) and not schurken <= set(a.ausgeschaltet)
    else:
        assert a.runden == max_runden
    assert not set(a.tot) & schurken  # Statisten sind „aus dem Spiel“, nicht tot


def test_staerkere_gruppe_gewinnt_deutlich_oefter(boegen):
    stark = [boegen["Brakka"], boegen["Mira"], geaendert(boegen["Bandit"], anzahl=2)]
    schwach = [boegen["Mira"], geaendert(boegen["Bandit"], anzahl=6)]
    a = begegnung(stark, 60, rng=random.Random(1))
    b = begegnung(schwach, 60, rng=random.Random(1))
    assert a.sieg.get("Helden", 0) > b.sieg.get("Helden", 0) + 0.3


def test_boegen_bleiben_unveraendert(boegen):
    auswahl = [boegen["Brakka"], boegen["Schwarzer Baron"], geaendert(boegen["Bandit"], anzahl=2)]
    vorher = copy.deepcopy(auswahl)
    begegnung(auswahl, 10, rng=random.Random(2))
    assert auswahl == vorher


def test_nur_eine_seite_und_rundengrenze_sind_fehler(boegen):
    with pytest.raises(ValueError, match="zwei Seiten"):
        einen_kampf([boegen["Brakka"], boegen["Mira"]], rng=random.Random(1))
    with pytest.raises(ValueError, match="Rundengrenze"):
        begegnung(klein(boegen), 5, rng=random.Random(1), max_runden=0)
    with pytest.raises(ValueError, match="mindestens ein Kampf"):
        begegnung(klein(boegen), 0, rng=random.Random(1))


def test_ein_entscheidender_angriff_trifft_mit_der_exakten_wahrscheinlichkeit(boegen):
    """Ein Held (Wildcard, Kämpfen W12) gegen einen Statisten mit Parade 8 und Robustheit 4: jeder
    Treffer (2W6+6, mindestens 8) verwundet und schaltet den Statisten aus. Der Statist kann
    den Helden praktisch nicht erreichen (untrainiert W4−2 gegen Parade 14, Schaden W4 gegen
    Robustheit 18: Wahrscheinlichkeit unter 1e-5). Mit einer Runde Grenze gewinnen die Helden
    also genau dann, wenn ihr Angriff trifft – mit Joker (2 von 54 Karten) +2 auf die Probe."""
    held = geaendert(
        boegen["Brakka"],
        waffen=[{"name": "Hammer", "art": "Nahkampf", "schaden": "2W6+6", "parade": 3}],
        **{"fertigkeiten.kaempfen": "W12", "schild": 3, "ruestung": 10, "attribute.konstitution": "W12"},
    )
    opfer = geaendert(
        boegen["Bandit"],
        waffen=[{"name": "Stock", "art": "Nahkampf", "schaden": "St", "parade": 3}],
        **{"anzahl": 1, "fertigkeiten.kaempfen": "untrainiert", "schild": 3, "ruestung": 0,
           "attribute.konstitution": "W4", "attribute.staerke": "W4"},
    )
    ohne = Fraction(probe_chancen("W12", wildcard=True, modifikator=0, mindestwurf=8).erfolg)
    mit = Fraction(probe_chancen("W12", wildcard=True, modifikator=JOKER_BONUS, mindestwurf=8).erfolg)
    exakt = float(Fraction(2, 54) * mit + Fraction(52, 54) * ohne)
    n = 1500
    a = begegnung([held, opfer], n, rng=random.Random(2026), max_runden=1)
    sf = math.sqrt(exakt * (1 - exakt) / n)
    assert abs(a.sieg.get("Helden", 0) - exakt) < 5 * sf
    assert a.sieg.get("Schurken", 0) == 0
    assert math.isclose(a.sieg.get(simulation.UNENTSCHIEDEN, 0), 1 - a.sieg.get("Helden", 0))
    assert a.ausgeschaltet.get("Bandit", 0) == a.sieg.get("Helden", 0)
