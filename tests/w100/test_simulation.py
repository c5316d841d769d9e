"""Tests der W100-Begegnungssimulation (gm_helfer/w100/simulation.py).

Die Bögen kommen aus einer Kopie von ``charaktere/w100/`` und werden für die Tests mit
``dataclasses.replace`` abgewandelt; die Dateien des Repos bleiben unberührt.
"""

from __future__ import annotations

import math
import random
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from gm_helfer import boegen, simulation
from gm_helfer.w100 import KritRegel, Optionen, W100Fehler
from gm_helfer.w100 import chancen as w100_chancen
from gm_helfer.w100.simulation import begegnung, einen_kampf

BEISPIELE = Path(__file__).resolve().parents[2] / "charaktere" / "w100"


@pytest.fixture(scope="module")
def ordner(tmp_path_factory) -> Path:
    ziel = tmp_path_factory.mktemp("w100_boegen")
    for datei in BEISPIELE.glob("*.toml"):
        shutil.copy(datei, ziel / datei.name)
    return ziel


@pytest.fixture(scope="module")
def alle(ordner) -> dict[str, boegen.Bogen]:
    ergebnis = boegen.laden("w100", ordner)
    assert not ergebnis.fehler, ergebnis.meldungen
    return {b.name: b for b in ergebnis.boegen}


def abwandeln(bogen: boegen.Bogen, waffen: dict[str, dict] | None = None, **werte) -> boegen.Bogen:
    """Bogen mit geänderten Werten (Punkt-Namen mit ``__`` statt ``.``) und Waffenzeilen."""
    neu = dict(bogen.werte)
    neu.update({k.replace("__", "."): v for k, v in werte.items()})
    zeilen = tuple(
        boegen.FesteZuordnung({**z, **(waffen or {}).get(z["name"], {})})
        for z in bogen.untertabellen.get("waffen", ())
    )
    return replace(bogen, werte=boegen.FesteZuordnung(neu),
                   untertabellen=boegen.FesteZuordnung({"waffen": zeilen}))


def schnappschuss(bs) -> list:
    return [(b.datei, dict(b.werte), {k: [dict(z) for z in v] for k, v in b.untertabellen.items()})
            for b in bs]


# ----------------------------------------------------------------------------- Grundlagen


def test_reproduzierbar_mit_gleichem_seed(alle):
    bs = [alle["John"], alle["Ork-Krieger"]]
    a = begegnung(bs, 25, rng=random.Random(7))
    b = begegnung(bs, 25, rng=random.Random(7))
    assert (a.sieg, a.runden, a.ausgeschaltet, a.tot) == (b.sieg, b.runden, b.ausgeschaltet, b.tot)
    einzel = [einen_kampf(bs, rng=random.Random(s)) for s in range(3)]
    assert einzel == [einen_kampf(bs, rng=random.Random(s)) for s in range(3)]


def test_numpy_generator_geht_und_ist_reproduzierbar(alle):
    bs = [alle["John"], alle["Ork-Krieger"]]
    a = begegnung(bs, 5, rng=np.random.default_rng(3))
    b = begegnung(bs, 5, rng=np.random.default_rng(3))
    assert a.sieg == b.sieg and a.runden == b.runden


def test_anteile_summieren_zu_eins_und_ausgang_passt(alle):
    bs = list(alle.values())
    a = begegnung(bs, 8, rng=random.Random(11), max_runden=3)
    assert math.isclose(sum(a.sieg.values()), 1.0)
    assert math.isclose(sum(a.runden.values()), 1.0)
    assert max(a.runden) <= 3 and min(a.runden) >= 1
    assert a.tot == {}
    assert set(a.sieg) <= {"helden", "gegner", simulation.UNENTSCHIEDEN}


@pytest.mark.parametrize("seed", range(6))
def test_verlierer_ganz_ausgeschaltet_sieger_nicht(alle, seed):
    bs = [alle["John"], alle["Kael"], alle["Ork-Krieger"], alle["Schattenwolf"]]
    seite = {b.name: b.werte["seite"] for b in bs}
    aus = einen_kampf(bs, rng=random.Random(seed), max_runden=4)
    assert aus.tot == ()
    assert 1 <= aus.runden <= 4
    if aus.sieger is None:
        assert aus.runden == 4
        for s in ("helden", "gegner"):
            assert any(seite[n] == s and n not in aus.ausgeschaltet for n in seite)
    else:
        verlierer = {n for n, s in seite.items() if s != aus.sieger}
        assert verlierer <= set(aus.ausgeschaltet)
        assert any(seite[n] == aus.sieger and n not in aus.ausgeschaltet for n in seite)


def test_boegen_und_dateien_unveraendert(alle, ordner):
    bs = [alle["John"], alle["Mira"], alle["Kultist"], alle["Goblin-Schütze"]]
    vorher = schnappschuss(bs)
    dateien = {d.name: d.read_bytes() for d in ordner.glob("*.toml")}
    begegnung(bs, 5, rng=random.Random(2), max_runden=5)
    assert schnappschuss(bs) == vorher
    assert {d.name: d.read_bytes() for d in ordner.glob("*.toml")} == dateien


def test_deutsche_fehler(alle):
    with pytest.raises(W100Fehler, match="beiden Seiten"):
        einen_kampf([alle["John"], alle["Kael"]], rng=random.Random(1))
    with pytest.raises(W100Fehler, match="Rundengrenze"):
        einen_kampf([alle["John"], alle["Ork-Krieger"]], rng=random.Random(1), max_runden=0)


def test_schon_entschieden_vor_der_ersten_runde(alle):
    # Ein Gegner, der schon kampfunfähig ist (Option: kampfunfähig ab 100 LP, Ork hat 70).
    bs = [abwandeln(alle["John"], lebenspunkte=200), alle["Ork-Krieger"]]
    aus = einen_kampf(bs, rng=random.Random(1), optionen=Optionen(kampfunfaehig_ab=100))
    assert aus == simulation.Kampfausgang("helden", 0, ("Ork-Krieger",), ())


# ----------------------------------------------------------------------------- Stärke


def test_staerkere_gruppe_gewinnt_klar_oefter(alle):
    ork = abwandeln(alle["Ork-Krieger"], flee__punkte=0)
    stark = abwandeln(alle["John"], lebenspunkte=150, flee__punkte=0)
    schwach = abwandeln(alle["John"], lebenspunkte=15, flee__punkte=0)
    a_stark = begegnung([stark, ork], 80, rng=random.Random(21))
    a_schwach = begegnung([schwach, ork], 80, rng=random.Random(21))
    assert a_stark.sieg.get("helden", 0) > 0.8
    assert a_stark.sieg.get("helden", 0) - a_schwach.sieg.get("helden", 0) > 0.4
    assert a_schwach.ausgeschaltet.get("John", 0) > a_stark.ausgeschaltet.get("John", 0)


# ----------------------------------------------------------------------------- Exakte Chancen


@pytest.mark.parametrize("flee", [0, 20])
def test_ein_entscheidender_angriff_gegen_exakte_chance(alle, flee):
    """John (Initiativebonus 0 → genau ein Zug) greift mit dem Langschwert allein einen Ork an,
    der nicht zurückschlägt (Axt abgelegt) und mit allen Flee-Punkten ausweicht; nach Runde 1
    ist Schluss. Siegchance = exakte Chance, dass dieser eine Angriff den Ork fällt."""
    john = abwandeln(alle["John"], agilitaet=0, waffen={"Dolch": {"ausgeruestet": False}})
    ork = abwandeln(alle["Ork-Krieger"], lebenspunkte=8, flee__punkte=flee, position__x=1.0,
                    waffen={"Streitaxt": {"ausgeruestet": False}})
    n = 3000
    a = begegnung([john, ork], n, rng=random.Random(100 + flee), max_runden=1)
    assert set(a.runden) == {1}
    vert = w100_chancen.angriff_schaden_verteilung(
        50, 20, 5, schaden="2W10+4", panzerung=5, abwehr=flee, krit=KritRegel("wurf", 96, 2))
    p = w100_chancen.chance_kampfunfaehig(vert, 8)
    assert 0.05 < p < 0.95  # die Prüfung soll etwas unterscheiden können
    sieg = a.sieg.get("helden", 0.0)
    assert abs(sieg - p) <= 5 * math.sqrt(p * (1 - p) / n)
    assert math.isclose(sieg + a.sieg.get(simulation.UNENTSCHIEDEN, 0.0), 1.0)


@pytest.mark.parametrize("flee", [0, 20])
def test_exakte_chance_unabhaengig_nachgerechnet(flee):
    """Die Vergleichszahl selbst, von Hand abgezählt: OB 50, DB 20, Patzer 1–5, Kritisch ab
    natürlicher 96 (Schaden ×2 vor Panzerung), 2W10+4 gegen Panzerung 5, 8 LP, Ausweichen mit
    ``flee``. Streiftreffer (Ergebnis 75–99) halbieren den Schaden nach Panzerung (abgerundet)."""
    from fractions import Fraction
    from itertools import product

    gesamt = Fraction(0)
    for wurf, a, b in product(range(1, 101), range(1, 11), range(1, 11)):
        if wurf <= 5:
            continue
        ergebnis, roh = wurf + 50 - 20 - flee, a + b + 4
        if ergebnis >= 100:
            schaden = (2 * roh if wurf >= 96 else roh) - 5
        elif ergebnis >= 75:
            schaden = (roh - 5) // 2
        else:
            schaden = 0
        if schaden >= 8:
            gesamt += Fraction(1, 100 * 100)
    vert = w100_chancen.angriff_schaden_verteilung(
        50, 20, 5, schaden="2W10+4", panzerung=5, abwehr=flee, krit=KritRegel("wurf", 96, 2))
    assert math.isclose(w100_chancen.chance_kampfunfaehig(vert, 8), float(gesamt), abs_tol=1e-12)


@pytest.mark.parametrize("optionen", [
    Optionen(initiative_neu_wuerfeln=True),
    Optionen(flee_voll_auffuellen=False, ausweichen_gegen_zauber=False),
])
def test_einstellungen_des_kampfes_werden_durchgereicht(alle, optionen):
    bs = [alle["Mira"], alle["John"], alle["Kultist"], alle["Ork-Krieger"]]
    a = begegnung(bs, 6, rng=random.Random(4), optionen=optionen, max_runden=6)
    b = begegnung(bs, 6, rng=random.Random(4), optionen=optionen, max_runden=6)
    assert a.sieg == b.sieg and math.isclose(sum(a.sieg.values()), 1.0)
    assert max(a.runden) <= 6


def test_neu_wuerfeln_aendert_den_verlauf(alle):
    """Mit neu gewürfelter Initiative werden in späteren Runden mehr W100 gezogen – bei gleicher
    Saat müssen die Kämpfe also (fast immer) anders verlaufen als mit gespeicherter Reihenfolge."""
    bs = [alle["John"], alle["Ork-Krieger"]]
    fest = [einen_kampf(bs, rng=random.Random(s)) for s in range(8)]
    neu = [einen_kampf(bs, rng=random.Random(s), optionen=Optionen(initiative_neu_wuerfeln=True))
           for s in range(8)]
    assert fest != neu
