"""Lagebild für W100 (Issue 25): gebündelt vom Zustand an = Ereignispfad vom Zustand an.

Zustände mitten im Kampf entstehen über das Protokoll mit eingetippten W100 (der Schaden würfelt
``rng``) und den Vorschlägen der Taktik: offenes „Initiative Ergreifen“, mitten im Zug, gebundene
Parade, spätere Runden. Von jedem spielen 2000 Kämpfe gebündelt und 2000 auf dem Ereignispfad
weiter; Siegchance und Dauer müssen innerhalb von 4 Standardfehlern übereinstimmen.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import numpy as np
import pytest

from gm_helfer import boegen, lagebild, pfade
from gm_helfer.protokoll import Verlauf
from gm_helfer.w100 import anwenden, simulation
from gm_helfer.w100 import kampf as wk
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.optionen import Optionen
from gm_helfer.w100.tisch import lagebild as wl
from gm_helfer.w100.tisch import sitzung, zug

from .conftest import SCHWERT, _john, _ork

ALLE = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen
BOEGEN = [b for b in ALLE if b.name in ("Mira", "Ork-Krieger", "Goblin-Schütze")]  # etwa 40 % für die Helden
N = 2000


def _zustand(schritte: int, saat: int, taktik=None):
    """Ein Zustand nach ``schritte`` Klicks am Tisch (eingetippte W100, Vorschläge der Taktik)."""
    taktik = taktik or simulation.Taktik()
    r = random.Random(saat)
    v = Verlauf(kampf_aus_boegen(BOEGEN, Optionen()), anwenden)
    zug.neue_runde(v, augen={b.name: str(r.randint(1, 100)) for b in BOEGEN})
    for _ in range(schritte):
        k = v.zustand
        if wk.sieger(k) is not None:
            break
        if wk.ergreifen_offen(k):
            zug.ergreifen_verzichten(v)
        elif wk.runde_vorbei(k):
            zug.neue_runde(v, rng=r)
        else:
            zug.vorschlag_spielen(v, zug.am_zug(k), augen=str(r.randint(1, 100)), rng=r, taktik=taktik)
    return v.zustand


def _vergleich(zustand, taktik):
    ev = [wl.weiterspielen(zustand, rng=np.random.default_rng(7 + i), taktik=taktik) for i in range(N)]
    fb = wl.gebuendelt([zustand] * N, rng=np.random.default_rng(11), taktik=taktik)
    p_ev = np.mean([a.sieger == "helden" for a in ev])
    p_fb = np.mean(fb.sieger == fb.seiten.index("helden"))
    se = math.sqrt((p_ev * (1 - p_ev) + p_fb * (1 - p_fb)) / N) or 1e-9
    r_ev = np.array([a.runden for a in ev], float)
    r_fb = fb.runden.astype(float)
    se_r = math.sqrt((r_ev.var() + r_fb.var()) / N) or 1e-9
    return (p_ev - p_fb) / se, (r_ev.mean() - r_fb.mean()) / se_r


@pytest.mark.slow  # je Zustand 2000 Kämpfe auf beiden Wegen (Issue 25, Punkt 6): in CI, nicht im schnellen Lauf
@pytest.mark.parametrize("schritte, saat, taktik", [
    (0, 1, simulation.Taktik()),          # „Initiative Ergreifen“ offen
    (3, 2, simulation.Taktik()),          # mitten im ersten Zug
    (6, 3, simulation.Taktik(abwehr="parade")),  # gebundene Parade
    (14, 4, simulation.Taktik(einsatz="haelfte")),  # spätere Runde
    (2, 3, simulation.Taktik()),          # mitten im Zug, der Rest würfelt: die Maschine spielt ihn
    (4, 1, simulation.Taktik()),          # ebenso (Mira)
    (9, 1, simulation.Taktik()),          # ebenso (Ork-Krieger, spätere Runde)
])
def test_gebuendelt_vom_zustand_wie_ereignispfad(schritte, saat, taktik):
    zustand = _zustand(schritte, saat, taktik)
    assert wk.sieger(zustand) is None
    z_sieg, z_runden = _vergleich(zustand, taktik)
    assert abs(z_sieg) < 4, z_sieg
    assert abs(z_runden) < 4, z_runden


def test_ein_angriff_vor_dem_ende_exakt():
    """John (nur das Schwert) hat den letzten Zug der letzten Runde: die Siegchance der Helden ist
    genau die Chance, dass dieser Angriff den Ork kampfunfähig macht (Vorschau, exakt)."""
    john = replace(_john(), waffen=(SCHWERT,))
    ork = replace(_ork(), lp=14, initiative_bonus=-100)  # Initiative unter 1: kein Zug in dieser Runde
    k = wk.neuer_kampf([john, ork])
    k = anwenden(k, wk.initiative_ereignis(k, augen={"John": "10", "Ork": "50"}))  # John 55, Ork −50
    k = anwenden(k, wk.ergreifen_verzicht_ereignis(k))
    v = zug.vorschlag(k, "John")
    assert (v.schluessel, v.ziel, v.abwehr) == ("angriff", "Ork", "ausweichen")
    vs = sitzung.vorschau(zug.im_zug(k, "John"), "Ork", v.waffe, abwehr=v.abwehr, punkte=v.punkte)
    exakt = vs.kampfunfaehig
    e = wl.gebuendelt([k] * 20000, rng=np.random.default_rng(5), max_runden=1)
    p = np.mean(e.sieger == e.seiten.index("helden"))
    assert abs(p - exakt) < 4 * math.sqrt(exakt * (1 - exakt) / 20000), (p, exakt)
    lb = lagebild.lagebild("w100", k, 20000, rng=np.random.default_rng(6), max_runden=1, mit_optionen=False)
    assert abs(lb.sieg["helden"] - exakt) < 4 * math.sqrt(exakt * (1 - exakt) / 20000)


def test_wahlen_und_lagebild_mit_optionen():
    zustand = _zustand(3, 2)
    texte = [t for t, _ in wl.wahlen(zustand)]
    assert texte[0].startswith("Vorschlag: ")
    lb = lagebild.lagebild("w100", zustand, 300, rng=np.random.default_rng(3))
    assert lb.weg == "gebündelt" and len(lb.optionen) == len(texte)
    assert 0 <= lb.sieg["helden"] <= 1
    offen = _zustand(0, 1)
    assert [t for t, _ in wl.wahlen(offen)][0] == "Niemand ergreift die Initiative"


def test_start_felder_wie_zustand_fuer_zustand_gelesen():
    """:func:`wl.start_felder` liest jeden Kämpfer einmal (die Zustände nach dem Rest des Zuges teilen die
    unberührten Kämpfer): dieselben Felder wie jeden Zustand Kämpfer für Kämpfer zu lesen – auch mit
    demselben Zustand mehrmals und Zuständen, die keinen Kämpfer teilen."""
    taktik = simulation.Taktik()
    zustaende = []
    for schritte, saat in ((3, 2), (6, 3), (14, 4)):
        z = _zustand(schritte, saat)
        for s in range(40):
            k, ende = simulation.fortsetzen(z, rng=np.random.default_rng(s), max_runden=100, taktik=taktik, halt="zug")
            if not ende:
                zustaende.append(k)
    zustaende += zustaende[:5] + [wk.kampf_aus_dict(wk.kampf_als_dict(zustaende[0]))]
    assert len({id(x) for k in zustaende for x in k.kaempfer}) < 7 * len(zustaende)  # es wird geteilt
    felder = wl.start_felder(zustaende)
    o = zustaende[0].optionen
    erwartet = {
        "lp": [[x.lp for x in k.kaempfer] for k in zustaende],
        "faehig": [[x.kampffaehig(o) for x in k.kaempfer] for k in zustaende],
        "flee": [[x.flee for x in k.kaempfer] for k in zustaende],
        "parade": [[x.parade_gebunden for x in k.kaempfer] for k in zustaende],
        "pos": [[list(x.position) for x in k.kaempfer] for k in zustaende],
        "ini": [[x.initiative or 0 for x in k.kaempfer] for k in zustaende],
        "ini_wert": [[x.initiative_naechste_runde or 0 for x in k.kaempfer] for k in zustaende],
        "runde": [k.runde for k in zustaende],
    }
    for name, werte in erwartet.items():
        assert felder[name].tolist() == werte, name
    assert felder["lp"].dtype == np.int64 and felder["faehig"].dtype == bool and felder["pos"].flags.c_contiguous


@pytest.mark.parametrize("schritte, saat, wuerfelt", [(2, 1, False), (2, 3, True), (4, 1, True)])
def test_bis_zwischen_zuege_wie_kampf_fuer_kampf(schritte, saat, wuerfelt):
    """Der Ereignispfad bis zwischen zwei Züge (vor der Maschine): würfelt der Rest des Zuges nicht, gilt das
    Ergebnis des ersten Kampfes für alle vom selben Zustand – dieselben Zustände und derselbe Stand des
    Generators wie Kampf für Kampf gespielt. Würfelt er, spielt der erste Kampf ihn auf dem Ereignispfad,
    die weiteren vom selben Zustand bleiben mitten im Zug stehen (die Maschine spielt den Rest)."""
    zustand = _zustand(schritte, saat)
    taktik = simulation.Taktik()
    andere = _zustand(5, 4)  # würfelt nicht
    zustaende = [zustand] * 30 + [andere] * 3 + [zustand] * 5
    a, b = np.random.default_rng(8), np.random.default_rng(8)
    schnell = wl._bis_zwischen_zuege(zustaende, a, 100, taktik)
    if not wuerfelt:
        einzeln = [simulation.fortsetzen(k, rng=b, max_runden=100, taktik=taktik, halt="zug") for k in zustaende]
        assert schnell == einzeln
        assert len({id(k) for k, _ in schnell[:30]}) == 1
    else:
        erster = simulation.fortsetzen(zustand, rng=b, max_runden=100, taktik=taktik, halt="zug")
        rest = [simulation.fortsetzen(andere, rng=b, max_runden=100, taktik=taktik, halt="zug")] * 3
        assert schnell == [erster] + [(zustand, False)] * 29 + rest + [(zustand, False)] * 5
        assert all(k is zustand for k, _ in schnell[1:30])
    assert a.bit_generator.state == b.bit_generator.state


def test_rest_des_zuges_plaetze():
    """Was die Maschine vom angefangenen Zug noch spielt (wie :func:`simulation.naechste_handlung`): zwei Waffen,
    zwei Angriffshandlungen – nach der ersten Waffe der ersten Handlung die zweite und die ganze zweite
    Handlung; nach einer Handlung ohne laufende Waffe nur die zweite; unberührt alles samt Bewegung; in
    der zweiten Handlung nach der zweiten Waffe nur noch die erste."""
    k = wk.neuer_kampf([_john(angriffshandlungen_je_zug=2), _ork()])
    m = wl._gebuendelt._Maschine(k, np.random.default_rng(0), simulation.Taktik())
    w = len(m.waffen[0])
    assert w == 2 and m.tafel.plaetze[0] == 4
    plaetze, bewegen = m._rest_des_zuges(np.array([0, 0, 0, 0]), np.array([1, 1, 0, 2]),
                                         np.array([[True, False], [False, False], [False, False], [False, True]]),
                                         np.array([False, False, True, False]))
    assert plaetze[:, :4].tolist() == [[False, True, True, True], [False, False, True, True],
                                       [True, True, True, True], [False, False, True, False]]
    assert bewegen.tolist() == [False, False, True, False]
