"""Gebündelte Simulation (gm_helfer.savage_worlds.gebuendelt) gegen den Ereignispfad.

1. Die Auswerte-Funktionen nehmen Felder: Skalar hinein → Skalar heraus, Feld hinein → Feld
   heraus, elementweise gleich dem skalaren Ergebnis.
2. Übereinstimmung mit dem Ereignispfad (gleiche Standardtaktik, gleiche Regeln): Siegesanteil,
   Ausgeschaltet- und Todesrate je Kämpfer, mittlere Dauer.

   Ehrliche Toleranz: Der Ereignispfad spielt hier nur einige hundert bis tausend Kämpfe (mehr
   dauert im Testlauf zu lange: etwa 200–400 Kämpfe je Sekunde); die gebündelte Maschine
   20 000. Verglichen wird daher mit vier Standardfehlern der Differenz (Siegesanteil um 5
   Prozentpunkte, Raten je Kämpfer um 3–5 Punkte, Dauer um 0,3–0,5 Runden). Der Vergleich
   mit je 20 000 Kämpfen und den Schranken aus Issue 10 (1 / 2 Prozentpunkte, 0,3 Runden)
   steht in ``benchmarks/begegnung_vergleich.py``.
3. Exakte Chance, wo ein Kampf auf einen Schlagabtausch schrumpft (20 000 Kämpfe, ±4 σ).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from gm_helfer import boegen as boegen_modul
from gm_helfer import felder, simulation
from gm_helfer.karten import blatt
from gm_helfer.savage_worlds import gebuendelt
from gm_helfer.savage_worlds.chancen import probe_chancen
from gm_helfer.savage_worlds.daten import JOKER_BONUS
from gm_helfer.savage_worlds.initiative import schnell_wert_zieht_neu, schnell_zieht_neu
from gm_helfer.savage_worlds.proben import Probenergebnis, bewerten, probe_auswerten
from gm_helfer.savage_worlds.schaden import (
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    erholung_auswerten,
    schaden_auswerten,
    wegstecken_auswerten,
    wundabzug,
    wunden_auswerten,
)
from gm_helfer.savage_worlds.simulation import begegnung, ereignis_begegnung

# ---------------------------------------------------------------------------------------
# 1. Skalar gegen Feld
# ---------------------------------------------------------------------------------------


def _feld(e: Probenergebnis, i: int) -> tuple:
    return tuple(int(np.asarray(getattr(e, f))[i]) for f in ("gesamt", "erfolg", "steigerungen", "kritischer_fehlschlag"))


def _skalar(e: Probenergebnis) -> tuple:
    return (e.gesamt, int(e.erfolg), e.steigerungen, int(e.kritischer_fehlschlag))


@pytest.mark.parametrize("anzahl", [1, 2, 3])
@pytest.mark.parametrize("kritisch_alle", [False, True])
def test_probe_auswerten_skalar_gleich_feld(anzahl, kritisch_alle):
    rng = np.random.default_rng(anzahl)
    n = 3000
    eigen = [rng.integers(1, 15, n) for _ in range(anzahl)]
    wild = rng.integers(0, 9, n)  # 0: kein Wildcard-Würfel (Statist)
    bonus = rng.integers(-2, 3, n)
    mod = rng.integers(-4, 4, n)
    mw = rng.integers(2, 10, n)
    feld = probe_auswerten(eigen, wild, bonus=bonus, modifikator=mod, mindestwurf=mw, kritisch_alle=kritisch_alle)
    assert len(feld) == anzahl
    for i in range(n):
        skalar = probe_auswerten([int(e[i]) for e in eigen], int(wild[i]) if wild[i] else None, bonus=int(bonus[i]),
                                 modifikator=int(mod[i]), mindestwurf=int(mw[i]), kritisch_alle=kritisch_alle)
        assert [_skalar(s) for s in skalar] == [_feld(f, i) for f in feld]
    einzeln = probe_auswerten([7], 1, mindestwurf=4)[0]
    assert type(einzeln.gesamt) is int and type(einzeln.erfolg) is bool and type(einzeln.steigerungen) is int


def test_bewerten_skalar_gleich_feld():
    werte = np.arange(-3, 20)
    feld = bewerten(werte, 5, kritisch=werte % 7 == 0)
    for i, w in enumerate(werte):
        assert _skalar(bewerten(int(w), 5, kritisch=bool(w % 7 == 0))) == _feld(feld, i)


def test_schaden_und_wunden_skalar_gleich_feld():
    kombis = list(itertools.product(range(0, 24), range(4, 12), (False, True)))
    schaden, robust, ang = (np.array(x) for x in zip(*kombis))
    feld = schaden_auswerten(schaden, robust, angeschlagen=ang)
    for i, (s, r, a) in enumerate(kombis):
        w = schaden_auswerten(s, r, angeschlagen=a)
        assert (w.wunden, w.angeschlagen) == (int(feld.wunden[i]), bool(feld.angeschlagen[i]))
    kombis = list(itertools.product(range(4), range(5), (False, True), (False, True)))
    wunden, neue, wc, aus = (np.array(x) for x in zip(*kombis))
    f_w, f_aus = wunden_auswerten(wunden, neue, wildcard=wc, ausser_gefecht=aus)
    for i, (w, n, c, a) in enumerate(kombis):
        assert wunden_auswerten(w, n, wildcard=c, ausser_gefecht=a) == (int(f_w[i]), bool(f_aus[i]))
    assert wundabzug(np.arange(6)).tolist() == [wundabzug(w) for w in range(6)]


def test_proben_folgen_skalar_gleich_feld():
    gesamt = np.arange(-2, 16)
    for kritisch in (False, True):
        feld = bewerten(gesamt, 4, kritisch=np.full(gesamt.shape, kritisch))
        weg = wegstecken_auswerten(feld)
        ag = ausser_gefecht_auswerten(feld)
        blut = ausbluten_auswerten(feld)
        for handelt_schon in (False, True):
            noch, handelt = erholung_auswerten(feld, erfolg_handelt=handelt_schon)
            for i, g in enumerate(gesamt):
                s = bewerten(int(g), 4, kritisch=kritisch)
                assert erholung_auswerten(s, erfolg_handelt=handelt_schon) == (bool(noch[i]), bool(handelt[i]))
        for i, g in enumerate(gesamt):
            s = bewerten(int(g), 4, kritisch=kritisch)
            assert wegstecken_auswerten(s) == weg[i]
            assert ausser_gefecht_auswerten(s) == ag[i]
            assert ausbluten_auswerten(s) == blut[i]


def test_schnell_zieht_neu_fuer_alle_karten():
    karten = blatt()
    feld = schnell_wert_zieht_neu(np.array([k.wert for k in karten]))
    assert feld.tolist() == [schnell_zieht_neu(k) for k in karten]


def test_explodierend_verteilung_eines_w4():
    """Ein explodierender W4: P(Summe = s) = 1/4 für s = 1, 2, 3; 1/16 für 5, 6, 7; … (exakt)."""
    rng = np.random.default_rng(3)
    n = 200_000
    w = felder.explodierend(rng, np.full(n, 4))
    exakt = {s: Fraction(1, 4 ** (1 + (s - 1) // 4)) for s in range(1, 16) if s % 4}
    for s, p in exakt.items():
        p = float(p)
        assert abs((w == s).mean() - p) < 5 * math.sqrt(p * (1 - p) / n), s
    assert not (w % 4 == 0).any()  # eine Kette endet nie auf der Höchstzahl
    assert (felder.explodierend(rng, np.zeros(5, int)) == 0).all()
    einzeln = [int(felder.explodierend(rng, 4)) for _ in range(20_000)]  # Skalar: explodiert auch
    assert abs(sum(w > 4 for w in einzeln) / 20_000 - 0.25) < 5 * math.sqrt(0.25 * 0.75 / 20_000)


def test_explodierend_wenige_wuerfel_wie_das_feld(monkeypatch):
    """Wenige Würfel würfelt :func:`felder.explodierend` mit Python-Zahlen: dieselben Zahlen und
    derselbe Zufall danach wie die numpy-Rechnung (``_KLEIN = 0``) – für jede Form, mit und ohne
    Explosion, mit leeren Plätzen (0 Seiten)."""
    faelle = []
    for saat in range(400):
        g = np.random.default_rng(saat)
        n = int(g.integers(0, felder._KLEIN + 1))
        form = (n,) if saat % 3 else (n // 2, 2) if saat % 2 else ()
        faelle.append((saat, g.choice([0, 2, 4, 6, 8, 10, 12], size=form), bool(saat % 5)))

    def wuerfeln() -> list:
        aus = []
        for saat, seiten, explodiert in faelle:
            rng = np.random.default_rng(saat)
            w = felder.explodierend(rng, seiten, explodiert=explodiert)
            aus.append((w.dtype, w.shape, w.tolist(), rng.random()))
        return aus

    klein = wuerfeln()
    monkeypatch.setattr(felder, "_KLEIN", 0)
    assert klein == wuerfeln()


# ---------------------------------------------------------------------------------------
# 2. Übereinstimmung mit dem Ereignispfad
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def sw():
    return {b.name: b for b in boegen_modul.laden("savage_worlds", _beispiele()).boegen}


def _beispiele():
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / "charaktere" / "savage_worlds"


def _banditen(sw, n):
    b = sw["Bandit"]
    return replace(b, werte={**b.werte, "anzahl": n})


@pytest.mark.parametrize(
    ("auswahl", "n_ereignis"),
    [
        (lambda sw: [sw["Brakka"], sw["Schwarzer Baron"]], 800),
        (lambda sw: [sw["Mira"], sw["Lena Falk"], _banditen(sw, 3)], 1200),
    ],
    ids=["Zweikampf Wildcards", "zwei Helden gegen drei Banditen"],
)
def test_gebuendelt_stimmt_mit_ereignispfad_ueberein(sw, auswahl, n_ereignis, stimmt_ueberein):
    bs = auswahl(sw)
    e = ereignis_begegnung(bs, n_ereignis, rng=random.Random(11))
    b = begegnung(bs, 20_000, rng=np.random.default_rng(11))
    stimmt_ueberein(e, b)


def test_gleiche_saat_gleiches_ergebnis_und_random_als_quelle(sw):
    bs = [sw["Mira"], _banditen(sw, 4)]
    assert begegnung(bs, 500, rng=np.random.default_rng(4)) == begegnung(bs, 500, rng=np.random.default_rng(4))
    assert begegnung(bs, 500, rng=random.Random(4)) == begegnung(bs, 500, rng=random.Random(4))


def test_bloecke_und_fortschritt(sw, monkeypatch):
    monkeypatch.setattr(gebuendelt, "BLOCK", 300)
    gemeldet = []
    a = begegnung([sw["Mira"], _banditen(sw, 2)], 1000, rng=np.random.default_rng(1),
                  fortschritt=lambda f, n: gemeldet.append((f, n)))
    assert gemeldet == [(300, 1000), (600, 1000), (900, 1000), (1000, 1000)]
    assert a.anzahl == 1000 and math.isclose(sum(a.sieg.values()), 1)


# ---------------------------------------------------------------------------------------
# 3. Exakte Chance eines einzigen Schlagabtauschs
# ---------------------------------------------------------------------------------------


def test_ein_schlag_mit_exakter_chance_gebuendelt(sw):
    """Wie test_simulation.test_ein_entscheidender_angriff…, aber mit 20 000 Kämpfen: Held
    (Kämpfen W12, Wildcard) gegen einen Statisten mit Parade 8, jeder Treffer schaltet aus, der
    Statist kann praktisch nicht zurückschlagen; eine Runde Grenze. Siegchance = Trefferchance
    (mit Joker, 2 von 54 Karten, +2)."""
    held = replace(sw["Brakka"], werte={**sw["Brakka"].werte, "fertigkeiten.kaempfen": "W12", "schild": 3, "ruestung": 10,
                                        "attribute.konstitution": "W12"},
                   untertabellen={**sw["Brakka"].untertabellen,
                                  "waffen": ({"name": "Hammer", "art": "Nahkampf", "schaden": "2W6+6", "parade": 3},)})
    opfer = replace(sw["Bandit"], werte={**sw["Bandit"].werte, "anzahl": 1, "fertigkeiten.kaempfen": "untrainiert", "schild": 3,
                                         "ruestung": 0, "attribute.konstitution": "W4", "attribute.staerke": "W4"},
                    untertabellen={**sw["Bandit"].untertabellen,
                                   "waffen": ({"name": "Stock", "art": "Nahkampf", "schaden": "St", "parade": 3},)})
    ohne = Fraction(probe_chancen("W12", wildcard=True, modifikator=0, mindestwurf=8).erfolg)
    mit = Fraction(probe_chancen("W12", wildcard=True, modifikator=JOKER_BONUS, mindestwurf=8).erfolg)
    exakt = float(Fraction(2, 54) * mit + Fraction(52, 54) * ohne)
    n = 20_000
    a = begegnung([held, opfer], n, rng=np.random.default_rng(2026), max_runden=1)
    assert abs(a.sieg.get("Helden", 0) - exakt) < 4 * math.sqrt(exakt * (1 - exakt) / n)
    assert a.sieg.get("Schurken", 0) == 0
    assert a.runden == {1: 1.0}


# ---------------------------------------------------------------------------------------
# 4. Taktik: beide Treiber spielen dieselbe (auch je Seite verschieden)
# ---------------------------------------------------------------------------------------


def test_andere_taktik_stimmt_mit_ereignispfad_ueberein(sw, stimmt_ueberein):
    """Helden: zufälliges Ziel, Wegstecken nur gegen Außer Gefecht, Benny nach misslungener
    Erholung; Schurken: den Stärksten angreifen, Benny sofort statt der Erholungsprobe."""
    from gm_helfer.savage_worlds.simulation import Taktik

    bs = [sw["Mira"], sw["Lena Falk"], sw["Schwarzer Baron"], _banditen(sw, 2)]
    taktik = {
        "Helden": Taktik(ziel="zufall", wegstecken="ausser_gefecht", erholung="nach_fehlschlag"),
        "Schurken": Taktik(ziel="staerkster", erholung="sofort"),
    }
    e = ereignis_begegnung(bs, 600, rng=random.Random(5), taktik=taktik)
    b = begegnung(bs, 20_000, rng=np.random.default_rng(5), taktik=taktik)
    stimmt_ueberein(e, b)
    standard = begegnung(bs, 20_000, rng=np.random.default_rng(5))
    assert b != standard  # die Taktik ändert wirklich etwas


def test_taktik_wirkt_auf_bennies(sw):
    """Nie wegstecken und nie Bennies gegen Angeschlagen: kein Benny wird ausgegeben; Benny sofort
    statt Erholungsprobe: mehr Bennies als mit der Vorgabe (nur Wegstecken)."""
    from gm_helfer.savage_worlds.simulation import Taktik

    bs = [sw["Mira"], sw["Schwarzer Baron"]]
    nie = begegnung(bs, 3000, rng=np.random.default_rng(1), taktik=Taktik(wegstecken="nie"))
    assert nie.verbrauch == {}
    vorgabe = begegnung(bs, 3000, rng=np.random.default_rng(1))
    sofort = begegnung(bs, 3000, rng=np.random.default_rng(1), taktik=Taktik(erholung="sofort"))
    assert sum(sofort.verbrauch.values()) > sum(vorgabe.verbrauch.values()) > 0


def test_taktik_fehler_deutsch(sw):
    from gm_helfer.savage_worlds.simulation import Taktik

    with pytest.raises(ValueError, match="Feld „ziel“: „naechster“ gibt es nicht"):
        Taktik(ziel="naechster")
    with pytest.raises(ValueError, match="Taktik für „Drachen“: diese Seite kämpft nicht mit"):
        begegnung([sw["Mira"], sw["Schwarzer Baron"]], 10, rng=np.random.default_rng(1), taktik={"Drachen": Taktik()})
    felder = simulation.taktik_felder(Taktik)
    assert [f[0] for f in felder] == ["ziel", "wegstecken", "erholung"]
    assert all(wahl for _, _, _, wahl in felder)
