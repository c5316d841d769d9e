"""Begegnungen simulieren (``gm_helfer.zeitstrahl.simulation``): Reproduzierbarkeit,
Anteile, stärkere Gruppe gewinnt öfter, exakte Chance eines einzigen entscheidenden
Angriffs, Bögen bleiben unverändert."""

from __future__ import annotations

import math
import random
import shutil
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import boegen, pfade, simulation
from gm_helfer import zeitstrahl as z
from gm_helfer.zeitstrahl import simulation as sim
from gm_helfer.zeitstrahl.vorschau import verteidigungs_wahlen


@pytest.fixture(scope="module")
def bogen(tmp_path_factory):
    """Die Beispielbögen, aus einer Kopie geladen (die Dateien im Repo bleiben unberührt)."""
    ordner = tmp_path_factory.mktemp("zeitstrahl")
    for datei in pfade.charakter_ordner("zeitstrahl").glob("*.toml"):
        shutil.copy(datei, ordner / datei.name)
    ladung = boegen.laden("zeitstrahl", ordner)
    assert ladung.fehler == ()
    return {b.name: b for b in ladung.boegen}


def geaendert(b, waffen=None, ruestung=None, **werte):
    """Ein veränderter Bogen (neue Werte, Waffen- oder Rüstungszeilen)."""
    unter = dict(b.untertabellen)
    if waffen is not None:
        unter["waffen"] = tuple(waffen)
    if ruestung is not None:
        unter["ruestung"] = tuple(ruestung)
    return replace(b, werte={**b.werte, **werte}, untertabellen=unter)


def schnappschuss(boegen_):
    return [(dict(b.werte), {k: [dict(z_) for z_ in v] for k, v in b.untertabellen.items()})
            for b in boegen_]


def test_reproduzierbar_und_anteile_summieren_zu_eins(bogen):
    gruppe = [bogen[n] for n in ("Herkulos", "Lyra", "Söldner", "Wolf")]
    a = sim.begegnung(gruppe, 15, rng=random.Random(3))
    b = sim.begegnung(gruppe, 15, rng=random.Random(3))
    assert a == b and a.anzahl == 15
    assert math.isclose(sum(a.sieg.values()), 1.0)
    assert math.isclose(sum(a.runden.values()), 1.0)
    assert set(a.sieg) <= {"Helden", "Feinde", simulation.UNENTSCHIEDEN}
    assert a.tot == {}  # der Regeltext kennt keinen Tod
    # numpy-Generator geht ebenso und ist ebenso reproduzierbar
    n1 = sim.begegnung(gruppe, 4, rng=np.random.default_rng(5))
    n2 = sim.begegnung(gruppe, 4, rng=np.random.default_rng(5))
    assert n1 == n2


def test_merker_ueber_kaempfe_aendert_nichts(bogen):
    """``ereignis_begegnung`` teilt die exakten Chancen über alle Kämpfe; das Ergebnis ist
    dasselbe wie Kampf für Kampf mit ``einen_kampf`` (ohne geteilte Chancen)."""
    gruppe = [bogen[n] for n in ("Bruni", "Lyra", "Ork-Schläger", "Stadtwache")]
    geteilt = sim.ereignis_begegnung(gruppe, 8, rng=random.Random(11))
    einzeln = simulation.simulieren(lambda r: sim.einen_kampf(gruppe, rng=r), 8,
                                    rng=random.Random(11))
    assert geteilt == einzeln


def test_verteidigung_ist_die_erlaubte_mit_kleinster_trefferchance(bogen, monkeypatch):
    """Die Taktik wählt genau die Verteidigung, die ``verteidigungs_wahlen`` (samt Gründen,
    warum eine nicht geht) mit der kleinsten Trefferchance nennt – Blocken nur mit Schild –
    in jedem Schritt echter Kämpfe, auch mit geteiltem Merker."""
    original = sim._verteidigung
    geprueft = []

    def pruefend(kampf, angreifer, ziel, waffe, merker, taktik):
        gewaehlt = original(kampf, angreifer, ziel, waffe, merker, taktik)
        erlaubt = [w for w in verteidigungs_wahlen(kampf, angreifer, ziel, waffe)
                   if not w.grund and w.chancen is not None
                   and (w.art != "blocken" or kampf[ziel].kaempfer.waffen[w.waffe].schild)]
        kleinste = min(w.chancen.treffer for w in erlaubt)
        treffer = {(w.art, w.waffe): w.chancen.treffer for w in erlaubt}
        assert gewaehlt in treffer and treffer[gewaehlt] == kleinste
        geprueft.append(gewaehlt)
        return gewaehlt

    monkeypatch.setattr(sim, "_verteidigung", pruefend)
    gruppe = [bogen[n] for n in ("Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger")]
    sim.ereignis_begegnung(gruppe, 3, rng=random.Random(2))
    arten = {art for art, _ in geprueft}
    assert len(geprueft) > 30 and {"passiv"} < arten  # auch aktive Verteidigungen
    assert all(art != "blocken" or vw == 1 for art, vw in geprueft)  # nur Brunis Rundschild


def test_staerkere_gruppe_gewinnt_klar_oefter(bogen):
    soeldner = bogen["Söldner"]
    waffe = dict(bogen["Herkulos"].untertabellen["waffen"][0])
    # Die Stachelkeule (3W4) kommt kaum durch das Kettenhemd (RS 4 je Würfel); der Starke
    # führt eine schwere Axt (2W10), trifft besser und hält mehr aus.
    stark = geaendert(bogen["Herkulos"], lebenspunkte=50, waffen=[{**waffe, "schaden": "2W10"}],
                      **{"fertigkeiten.nahkampf": 16})
    schwach = geaendert(bogen["Herkulos"], lebenspunkte=12, **{"fertigkeiten.nahkampf": 6})
    a_stark = sim.begegnung([stark, soeldner], 60, rng=random.Random(1))
    a_schwach = sim.begegnung([schwach, soeldner], 60, rng=random.Random(1))
    assert a_stark.sieg.get("Helden", 0) > a_schwach.sieg.get("Helden", 0) + 0.4
    # mehr Gegner: dieselbe Heldin verliert öfter
    lyra = bogen["Lyra"]
    wolf = bogen["Wolf"]
    allein = sim.begegnung([lyra, wolf], 60, rng=random.Random(4))
    ueberzahl = sim.begegnung([lyra, wolf, bogen["Ork-Schläger"]], 60, rng=random.Random(4))
    assert ueberzahl.sieg.get("Helden", 0) < allein.sieg.get("Helden", 0)
    assert ueberzahl.ausgeschaltet.get("Lyra", 0) > allein.ausgeschaltet.get("Lyra", 0)


@pytest.mark.slow  # Zehntausende Kämpfe gegen die exakte Chance: in CI, nicht im schnellen Lauf
@pytest.mark.parametrize("gleichzeitig", [False, True], ids=["nacheinander", "gleichzeitig"])
def test_ein_entscheidender_angriff_gegen_exakte_chance(bogen, gleichzeitig):
    """Beide starten bei Tick 0 (Start-Schwierigkeit 0), beide haben 1 Lebenspunkt und keine
    Rüstung. Der Held (erster Bogen) handelt zuerst; das Ziel ist selbst bei Tick 0 dran und
    darf nicht reagieren („man kann nicht zur selben Zeit agieren und reagieren“), verteidigt
    also passiv. Jeder Treffer macht mindestens 1 Schadenspunkt.

    Nacheinander (``Optionen(gleichzeitig=False)``): Der Held gewinnt bei Tick 0 genau mit der
    Trefferchance seines ersten Angriffs; verfehlt er, greift der Feind (schnelle Waffe) noch
    bei Tick 0 an. Gleichzeitig („Wenn mehrere Parteien gleichzeitig dran sind, finden deren
    Aktionen auch gleichzeitig statt.“): der Feind schlägt auch zu, wenn der Held trifft – der
    Held gewinnt bei Tick 0 nur, wenn er trifft und der Feind verfehlt; treffen beide, fallen
    beide."""
    waffe = dict(bogen["Herkulos"].untertabellen["waffen"][0])
    held = geaendert(bogen["Herkulos"], lebenspunkte=1, ruestung=(),
                     waffen=[{**waffe, "geschwindigkeit": 6}], **{"fertigkeiten.nahkampf": 10})
    feind = geaendert(bogen["Söldner"], lebenspunkte=1, ruestung=(), kampferfahrung=20,
                      groesse=0, waffen=[{**waffe, "name": "Messer", "geschwindigkeit": 2}])
    optionen = z.Optionen(start_schwierigkeit=0, gleichzeitig=gleichzeitig)
    n = 2000
    gewonnen = verloren = beide = 0
    rng = random.Random(21)
    merker = {}  # die exakten Chancen der Verteidigungswahl einmal für alle Kämpfe (wie begegnung)
    for _ in range(n):
        aus = sim._spielen([held, feind], rng, optionen, 100, merker)
        gewonnen += aus.sieger == "Helden" and aus.runden == 0
        verloren += aus.sieger == "Feinde" and aus.runden == 0
        beide += aus.sieger is None and len(aus.ausgeschaltet) == 2 and aus.runden == 0
    held_trifft = z.angriff_chancen(angriffswert=10, verteidigung=20).treffer
    # unabhängig: W20, Treffer bei 10 + Wurf ≥ 20 (Wurf 10–19) oder kritisch (20), nie bei 1
    assert Fraction(held_trifft).limit_denominator(100) == Fraction(11, 20)
    # Der Feind trifft (11 gegen passiv 10) mit jedem Wurf außer dem Patzer
    feind_trifft = z.angriff_chancen(angriffswert=11, verteidigung=10).treffer
    assert math.isclose(feind_trifft, Fraction(19, 20))
    if gleichzeitig:
        erwartet = {"gewonnen": held_trifft * (1 - feind_trifft),
                    "verloren": (1 - held_trifft) * feind_trifft,
                    "beide": held_trifft * feind_trifft}
    else:
        erwartet = {"gewonnen": held_trifft, "verloren": (1 - held_trifft) * feind_trifft, "beide": 0}
    for name, gezaehlt in (("gewonnen", gewonnen), ("verloren", verloren), ("beide", beide)):
        p = erwartet[name]
        assert abs(gezaehlt / n - p) < 5 * math.sqrt(max(p * (1 - p), 1e-4) / n), (name, gezaehlt, p)


def test_boegen_bleiben_unveraendert(bogen):
    gruppe = [bogen[n] for n in ("Herkulos", "Bruni", "Ork-Schläger", "Wolf")]
    vorher = schnappschuss(gruppe)
    sim.begegnung(gruppe, 10, rng=random.Random(8))
    assert schnappschuss(gruppe) == vorher


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10**6))
def test_ausgang_passt_zum_kampf(bogen, seed):
    gruppe = [bogen[n] for n in ("Herkulos", "Lyra", "Wolf", "Söldner")]
    aus = sim.einen_kampf(gruppe, rng=random.Random(seed), max_runden=60)
    partei = {b.name: b.werte["partei"] for b in gruppe}
    assert set(aus.ausgeschaltet) <= set(partei) and aus.tot == ()
    assert 0 <= aus.runden <= 60
    stehend = {partei[n] for n in partei if n not in aus.ausgeschaltet}
    if aus.sieger is not None:
        assert stehend == {aus.sieger}
    else:
        assert len(stehend) != 1


def test_rundengrenze_ohne_sieger(bogen):
    gruppe = [bogen["Herkulos"], bogen["Söldner"]]
    # Start-Schwierigkeit 60: niemand ist vor Tick 20 dran
    aus = sim.einen_kampf(gruppe, rng=random.Random(1), max_runden=5,
                          optionen=z.Optionen(start_schwierigkeit=60))
    assert aus == simulation.Kampfausgang(sieger=None, runden=5, ausgeschaltet=(), tot=())


def test_deutsche_fehlermeldungen(bogen):
    with pytest.raises(ValueError, match="Charakterbögen"):
        sim.einen_kampf([], rng=random.Random(1))
    with pytest.raises(ValueError, match="zwei Parteien"):
        sim.einen_kampf([bogen["Herkulos"], bogen["Lyra"]], rng=random.Random(1))
    with pytest.raises(ValueError, match="doppelt"):
        sim.einen_kampf([bogen["Herkulos"], bogen["Herkulos"], bogen["Wolf"]], rng=random.Random(1))
    fremd = replace(bogen["Wolf"], system="w100")
    with pytest.raises(ValueError, match="Keine Zeitstrahl-Bögen: Wolf"):
        sim.einen_kampf([bogen["Herkulos"], fremd], rng=random.Random(1))
    with pytest.raises(ValueError, match="mindestens ein Kampf"):
        sim.begegnung([bogen["Herkulos"], bogen["Wolf"]], 0, rng=random.Random(1))
