"""Gebündelte Simulation (gm_helfer.zeitstrahl.gebuendelt) gegen den Ereignispfad.

1. Die Bewertungsschicht nimmt Felder: Skalar hinein → Skalar heraus, Feld hinein → Feld
   heraus, elementweise gleich dem skalaren Ergebnis.
2. Übereinstimmung mit dem Ereignispfad (gleiche Taktik, gleiche Regeln): Siegesanteil,
   Ausgeschaltet-Rate je Kämpfer (Tote kennt der Text nicht), mittlere Dauer in Ticks.

   Ehrliche Toleranz: Der Ereignispfad spielt hier nur einige hundert Kämpfe (mehr dauert
   im Testlauf zu lange), die gebündelte Maschine 10 000. Verglichen wird daher mit vier
   Standardfehlern der Differenz (bei 300 gegen 10 000 Kämpfen: Anteile bis etwa 11
   Prozentpunkte bei 50 %, weniger an den Rändern; Dauer um einige Ticks) – das fängt grobe
   Fehler, keine feinen. Der Vergleich mit je 20 000 Kämpfen und den
   Schranken aus Issue 10 steht in ``benchmarks/begegnung_uebereinstimmung.py``.
3. Exakte Chancen, wo ein Kampf auf einen Schlag schrumpft (20 000 Kämpfe, ±4 σ).
"""

from __future__ import annotations

import itertools
import math
import random
import shutil
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from gm_helfer import boegen, pfade, simulation
from gm_helfer import zeitstrahl as z
from gm_helfer.zeitstrahl import auswerten as aw
from gm_helfer.zeitstrahl import gebuendelt
from gm_helfer.zeitstrahl import simulation as sim
from gm_helfer.zeitstrahl.chancen import angriff_schadens_chancen_exakt
from gm_helfer.zeitstrahl.proben import bewerte_probe
from gm_helfer.zeitstrahl.schaden import (
    schadenspunkte,
    trefferzone,
    waffenlose_parade_schadenspunkte,
    zonen_nummer,
)

# ---------------------------------------------------------------------------------------
# 1. Skalar gegen Feld
# ---------------------------------------------------------------------------------------


def _gleich(funktion, *felder, **schluessel):
    """``funktion`` mit Feldern == elementweise mit Skalaren (auch Typen: Python-Skalare)."""
    feld = funktion(*felder, **schluessel)
    feld = feld if isinstance(feld, tuple) else (feld,)
    for i in range(len(felder[0])):
        skalar = funktion(*(f[i].item() for f in felder), **schluessel)
        skalar = skalar if isinstance(skalar, tuple) else (skalar,)
        assert all(type(s) in (int, bool) for s in skalar), (funktion.__name__, skalar)
        assert [s for s in skalar] == [f[i].item() for f in feld], (funktion.__name__, i)


def test_bewerte_probe_skalar_gleich_feld():
    rng = np.random.default_rng(1)
    n = 2000
    wert, nat = rng.integers(-3, 20, n), rng.integers(1, 21, n)
    ks, ps = rng.integers(12, 21, n), rng.integers(1, 16, n)  # auch Patzerschwelle > Kritschwelle
    feld = bewerte_probe(wert, nat, kritschwelle=ks, patzerschwelle=ps)
    for i in range(n):
        s = bewerte_probe(int(wert[i]), int(nat[i]), kritschwelle=int(ks[i]), patzerschwelle=int(ps[i]))
        assert (s.gesamt, s.patzer, s.kritisch) == (feld.gesamt[i], feld.patzer[i], feld.kritisch[i])
        assert type(s.patzer) is bool and type(s.kritisch) is bool
    assert feld.patzer.dtype == bool and feld.kritisch.dtype == bool


def test_auswerten_skalar_gleich_feld():
    rng = np.random.default_rng(2)
    n = 1500
    b = lambda: rng.integers(0, 2, n).astype(bool)  # noqa: E731
    i = lambda lo, hi: rng.integers(lo, hi, n)  # noqa: E731
    _gleich(aw.effekt_auswerten, i(1, 7), wahl=3)
    _gleich(aw.startposition, i(0, 40), i(0, 40))
    _gleich(aw.selbst_dran, i(0, 4), i(0, 4), b())
    for fenster in (True, False):
        _gleich(aw.nach_dem_fenster, i(0, 10), i(0, 10), nur_im_fenster=fenster)
    _gleich(aw.halbiert, i(0, 40), b())
    for immer in (True, False):
        _gleich(aw.treffer_auswerten, b(), b(), b(), i(0, 30), i(0, 30), kritisch_trifft_immer=immer)
    _gleich(aw.angriff_ticks_auswerten, i(1, 7), i(0, 7), i(0, 7), mindest=1)
    _gleich(aw.reaktions_ticks_auswerten, i(0, 6), i(0, 7), b(), mindest=1)
    _gleich(aw.reaktions_position, i(0, 30), i(0, 30), i(0, 6))
    _gleich(aw.abwehr_mit_folgen, b(), b(), b(), b(), b())
    for tabelle in (True, False):
        _gleich(aw.nur_sturz, i(1, 21), i(1, 8), sturz_mit_patzertabelle=tabelle)
    _gleich(aw.bruchtest_auswerten, i(0, 20), i(1, 15))
    _gleich(aw.konter_vorsprung_erreicht, b(), b(), b(), i(0, 35), i(0, 30), vorsprung=3)
    _gleich(aw.konter_zeit_erlaubt, i(0, 12), i(0, 12), i(0, 3))


def test_schaden_skalar_gleich_feld():
    rng = np.random.default_rng(3)
    n = 1500
    w1, w2, w3 = (rng.integers(0, 11, n) for _ in range(3))  # 0: kein Würfel (aufgefüllt)
    rs, konst, bonus = rng.integers(0, 7, n), rng.integers(-2, 4, n), rng.integers(0, 3, n)
    empf, effekt, v_effekt = rng.integers(0, 2, n).astype(bool), rng.integers(0, 7, n), rng.integers(0, 7, n)
    for vor in (False, True):
        feld = aw.treffer_schadenspunkte([w1, w2, w3], rs, konstante=konst, bonus=bonus, empfindlich=empf,
                                         effekt=effekt, verteidigung_effekt=v_effekt, vor_ruestung=vor)
        roh = schadenspunkte([w1, w2, w3], rs, konstante=konst, bonus=bonus, faktor=2, vor_ruestung=vor)
        for k in range(n):
            s = aw.treffer_schadenspunkte([int(w1[k]), int(w2[k]), int(w3[k])], int(rs[k]), konstante=int(konst[k]),
                                          bonus=int(bonus[k]), empfindlich=bool(empf[k]), effekt=int(effekt[k]),
                                          verteidigung_effekt=int(v_effekt[k]), vor_ruestung=vor)
            assert type(s) is int and s == feld[k]
            assert schadenspunkte([int(w1[k]), int(w2[k]), int(w3[k])], int(rs[k]), konstante=int(konst[k]),
                                  bonus=int(bonus[k]), faktor=2, vor_ruestung=vor) == roh[k]
    for je in (True, False):
        feld = waffenlose_parade_schadenspunkte([w1, w2], rs, konstante=konst, je_wuerfel=je)
        for k in range(n):
            assert waffenlose_parade_schadenspunkte([int(w1[k]), int(w2[k])], int(rs[k]), konstante=int(konst[k]),
                                                    je_wuerfel=je) == feld[k]


def test_trefferzone_skalar_gleich_feld():
    paare = np.array(list(itertools.product(range(1, 7), repeat=2)))
    nummer, empf = zonen_nummer(paare[:, 0], paare[:, 1])
    for k, (a, b) in enumerate(paare.tolist()):
        tz = trefferzone(a, b)
        assert (z.daten.ZONEN[nummer[k]], bool(empf[k])) == (tz.zone, tz.empfindlich)
        assert zonen_nummer(a, b) == (int(nummer[k]), bool(empf[k]))


# ---------------------------------------------------------------------------------------
# 2. Übereinstimmung mit dem Ereignispfad
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bogen(tmp_path_factory):
    ordner = tmp_path_factory.mktemp("zeitstrahl_gebuendelt")
    for datei in pfade.charakter_ordner("zeitstrahl").glob("*.toml"):
        shutil.copy(datei, ordner / datei.name)
    return {b.name: b for b in boegen.laden("zeitstrahl", ordner).boegen}


@pytest.mark.parametrize(
    ("namen", "taktik", "optionen", "n_ereignis"),
    [
        (("Lyra", "Söldner"), sim.Taktik(), None, 300),
        (("Bruni", "Wolf"), sim.Taktik(), None, 300),
        (("Herkulos", "Lyra", "Söldner"), sim.Taktik(ziel="zufall", verteidigung="parade", kontern=False),
         z.Optionen(probe="2W10", kritisch_trifft_immer=True, sturz_mit_patzertabelle=True), 300),
    ],
    ids=["Konter und Parade", "Schild und waffenlose Parade", "andere Taktik und Optionen"],
)
def test_gebuendelt_stimmt_mit_ereignispfad_ueberein(bogen, namen, taktik, optionen, n_ereignis, stimmt_ueberein):
    """Bruni bekommt 12 Lebenspunkte (sonst dauert ihr Kampf gegen den Wolf für den Testlauf zu
    lange); sie blockt mit dem Schild (``block_folgen``), der Wolf pariert waffenlos."""
    bs = [_geaendert(bogen[n], lebenspunkte=12) if n == "Bruni" else bogen[n] for n in namen]
    e = sim.ereignis_begegnung(bs, n_ereignis, rng=random.Random(11), taktik=taktik, optionen=optionen)
    b = sim.begegnung(bs, 10_000, rng=np.random.default_rng(11), taktik=taktik, optionen=optionen)
    stimmt_ueberein(e, b)
    assert e.tot == b.tot == {}


def test_gleiche_saat_gleiches_ergebnis_und_random_als_quelle(bogen):
    bs = [bogen["Lyra"], bogen["Wolf"]]
    assert sim.begegnung(bs, 300, rng=np.random.default_rng(4)) == sim.begegnung(bs, 300, rng=np.random.default_rng(4))
    assert sim.begegnung(bs, 300, rng=random.Random(4)) == sim.begegnung(bs, 300, rng=random.Random(4))
    a = sim.begegnung(bs, 300, rng=random.Random(4))
    assert a.seiten == {"Lyra": "Helden", "Wolf": "Feinde"} and a.verbrauch == {}


def test_bloecke_und_fortschritt(bogen, monkeypatch):
    monkeypatch.setattr(gebuendelt, "BLOCK", 300)
    gemeldet = []
    a = sim.begegnung([bogen["Lyra"], bogen["Wolf"]], 1000, rng=np.random.default_rng(1),
                      fortschritt=lambda f, n: gemeldet.append((f, n)))
    assert gemeldet == [(300, 1000), (600, 1000), (900, 1000), (1000, 1000)]
    assert a.anzahl == 1000 and math.isclose(sum(a.sieg.values()), 1)
    # über gm_helfer.simulation: gebündelt, 10 000 Kämpfe als Vorgabe, Taktik durchgereicht
    assert simulation.gebuendelt("zeitstrahl") and simulation.standard_anzahl("zeitstrahl") == 10_000
    nur_passiv = simulation.begegnung("zeitstrahl", [bogen["Lyra"], bogen["Wolf"]], 500, rng=np.random.default_rng(1),
                                      taktik=sim.Taktik(verteidigung="passiv"))
    assert nur_passiv.anzahl == 500


def test_taktik_felder_und_fehler():
    felder = simulation.taktik_felder(sim.Taktik)
    assert [f[0] for f in felder] == ["ziel", "verteidigung", "kontern"]
    assert felder[0][3] is simulation.ZIELWAHL and felder[2][3] is None
    assert set(felder[1][3]) == set(sim.VERTEIDIGUNGSWAHL)
    with pytest.raises(ValueError, match="Zielwahl"):
        sim.Taktik(ziel="naechster")
    with pytest.raises(ValueError, match="Verteidigungswahl"):
        sim.Taktik(verteidigung="blocken")


def test_taktik_wirkt_in_beiden_treibern(bogen, stimmt_ueberein):
    """Wer nie aktiv verteidigt, wird öfter getroffen: Lyra (Parade 16 + W20) ohne Reaktion
    verliert gegen den Söldner deutlich öfter – in beiden Treibern."""
    bs = [bogen["Lyra"], bogen["Söldner"]]
    passiv = sim.Taktik(verteidigung="passiv")
    b_std = sim.begegnung(bs, 4000, rng=np.random.default_rng(3))
    b_pas = sim.begegnung(bs, 4000, rng=np.random.default_rng(3), taktik=passiv)
    assert b_pas.ausgeschaltet["Lyra"] > b_std.ausgeschaltet["Lyra"] + 0.1
    e_pas = sim.ereignis_begegnung(bs, 150, rng=random.Random(3), taktik=passiv)
    stimmt_ueberein(e_pas, b_pas)
    assert e_pas.tot == b_pas.tot == {}


def test_taktik_je_partei_in_beiden_treibern(bogen, stimmt_ueberein):
    """Eine Zuordnung Partei → Taktik: die Helden parieren und kontern, die Feinde weichen nur
    passiv aus und wählen ihr Ziel zufällig – beide Treiber spielen dasselbe."""
    bs = [bogen["Lyra"], bogen["Herkulos"], bogen["Wolf"]]
    taktik = {"Helden": sim.Taktik(verteidigung="parade"), "Feinde": sim.Taktik(ziel="zufall", verteidigung="passiv")}
    e = sim.ereignis_begegnung(bs, 200, rng=random.Random(5), taktik=taktik)
    b = sim.begegnung(bs, 10_000, rng=np.random.default_rng(5), taktik=taktik)
    stimmt_ueberein(e, b)
    assert e.tot == b.tot == {}
    assert sim.taktiken(None, ("Helden", "Feinde")) == {"Helden": sim.Taktik(), "Feinde": sim.Taktik()}
    with pytest.raises(ValueError, match="Partei kämpft nicht mit"):
        sim.begegnung(bs, 10, rng=np.random.default_rng(1), taktik={"Orks": sim.Taktik()})
    with pytest.raises(ValueError, match="keine Zeitstrahl-Taktik"):
        sim.einen_kampf(bs, rng=random.Random(1), taktik={"Helden": "parade"})


def test_deutsche_fehlermeldungen_gebuendelt(bogen):
    with pytest.raises(ValueError, match="Gesundheitsmodell"):
        sim.begegnung([bogen["Lyra"], bogen["Wolf"]], 10, rng=np.random.default_rng(1),
                      optionen=z.Optionen(gesundheit="ohne"))
    with pytest.raises(ValueError, match="zwei Parteien"):
        sim.begegnung([bogen["Lyra"], bogen["Bruni"]], 10, rng=np.random.default_rng(1))
    with pytest.raises(ValueError, match="mindestens ein Kampf"):
        sim.begegnung([bogen["Lyra"], bogen["Wolf"]], 0, rng=np.random.default_rng(1))


# ---------------------------------------------------------------------------------------
# 3. Exakte Chancen eines einzigen Schlags
# ---------------------------------------------------------------------------------------


def _geaendert(b, waffen=None, ruestung=None, **werte):
    unter = dict(b.untertabellen)
    if waffen is not None:
        unter["waffen"] = tuple(waffen)
    if ruestung is not None:
        unter["ruestung"] = tuple(ruestung)
    return replace(b, werte={**b.werte, **werte}, untertabellen=unter)


def _innerhalb(anteil: float, exakt: float, n: int) -> bool:
    return abs(anteil - exakt) < 4 * math.sqrt(exakt * (1 - exakt) / n)


def test_ein_schlag_gegen_exakte_chance(bogen):
    """Alle starten bei Tick 0 (Start-Schwierigkeit 0), der Held (erster Bogen) handelt zuerst;
    das Ziel ist selbst bei Tick 0 dran und darf nicht reagieren, verteidigt also passiv. Der
    Kampf endet nach Tick 0 (``max_runden=0``): die Helden gewinnen genau dann, wenn der erste
    Schlag die Lebenspunkte des Ziels aufbraucht. Ziel: die Rüstung der Stadtwache (Lederwams
    RS 2 außer am Kopf, Eisenhelm RS 3 nur am Kopf), 7 Lebenspunkte; Schaden 2W6 mit
    Trefferzonen, empfindlichen Treffern und kritischen Effekten. Exakt: ``angriff_schadens_chancen_exakt``
    (gegen Abzählung getestet).
    Ohne Rüstung und mit 1 Lebenspunkt ist es die Trefferchance 11/20 (W20: 10–20 trifft 10
    gegen 20, die 1 patzt) – unabhängig von Hand gezählt."""
    waffe = dict(bogen["Herkulos"].untertabellen["waffen"][0])
    held = _geaendert(bogen["Herkulos"], waffen=[{**waffe, "schaden": "2W6", "geschwindigkeit": 6}],
                      **{"fertigkeiten.nahkampf": 10})
    ruestung = bogen["Stadtwache"].untertabellen["ruestung"]
    feind = _geaendert(bogen["Söldner"], lebenspunkte=7, ruestung=ruestung, kampferfahrung=10, groesse=0)
    n = 20_000
    optionen = z.Optionen(start_schwierigkeit=0)
    a = sim.begegnung([held, feind], n, rng=np.random.default_rng(2026), optionen=optionen, max_runden=0)
    kaempfer = z.kaempfer_aus_bogen(feind)
    vert = angriff_schadens_chancen_exakt(10, 10, "2W6", kaempfer.ruestung)
    exakt = float(sum((p for d, p in vert.items() if d >= 7), Fraction(0)))
    assert 0.05 < exakt < 0.5
    assert _innerhalb(a.sieg.get("Helden", 0), exakt, n)
    assert set(a.runden) == {0}

    ohne = _geaendert(feind, lebenspunkte=1, ruestung=(), kampferfahrung=20)
    b = sim.begegnung([held, ohne], n, rng=np.random.default_rng(7), optionen=optionen, max_runden=0)
    assert Fraction(z.angriff_chancen(angriffswert=10, verteidigung=20).treffer).limit_denominator(100) == Fraction(11, 20)
    assert _innerhalb(b.sieg.get("Helden", 0), 11 / 20, n)
