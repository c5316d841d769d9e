"""Der schnelle Ereignispfad (Issue 10) spielt dieselben Ereignisse wie der Live-Kampf.

Geprüft wird, was die Beschleunigung neu einführt: Protokolltexte werden beim Simulieren
ausgelassen (``text=False``, die Daten bleiben dieselben), der Zustand merkt sich Namensindex,
Kampffähigkeit, wer als Nächstes dran ist und den Sieger und reicht sie an Folgezustände weiter
– jeder gemerkte Wert muss gleich dem frisch gerechneten sein.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from gm_helfer import boegen, wuerfel
from gm_helfer.protokoll import Ereignis
from gm_helfer.w100 import Optionen, anwenden, simulation
from gm_helfer.w100 import kampf as k
from gm_helfer.w100.sitzung import gegner_der_reihe_nach, ziele
from gm_helfer.w100.wuerfe import w100


def _frisch(kampf: k.Kampf) -> k.Kampf:
    """Derselbe Zustand, neu gebaut – ohne Zwischengespeichertes."""
    return replace(kampf)


def _pruefe_gemerktes(kampf: k.Kampf) -> None:
    frisch = _frisch(kampf)
    o = kampf.optionen
    assert kampf.kampffaehige() == tuple(x.kampffaehig(o) for x in kampf.kaempfer)
    assert k.naechster(kampf) == k.naechster(frisch)
    assert k.sieger(kampf) == k.sieger(frisch)
    assert all(kampf[x.name] is x for x in kampf.kaempfer)
    if kampf.am_zug is not None:
        assert gegner_der_reihe_nach(kampf) == gegner_der_reihe_nach(frisch)
        assert ziele(kampf) == ziele(frisch)


@pytest.mark.parametrize("optionen", [
    None,
    Optionen(initiative_neu_wuerfeln=True, patzer_folge="angriffshandlung", flee_voll_auffuellen=False),
])
def test_gemerktes_gleich_frisch_gerechnet_in_simulierten_kaempfen(monkeypatch, optionen):
    bs = boegen.laden("w100").boegen
    zustaende = []

    def mitschreiben(kampf, ereignis):
        neu = anwenden(kampf, ereignis)
        zustaende.append(neu)
        return neu

    monkeypatch.setattr(simulation, "anwenden", mitschreiben)
    for saat in range(3):
        simulation.einen_kampf(bs, rng=random.Random(saat), optionen=optionen,
                               taktik=simulation.Taktik(ziel="zufall", abwehr="parade"))
    assert len(zustaende) > 100
    for z in zustaende:
        _pruefe_gemerktes(z)


def _start() -> k.Kampf:
    return simulation._start(boegen.laden("w100").boegen, None, 100)


def _im_kampf() -> k.Kampf:
    kampf = _start()
    return anwenden(kampf, k.initiative_ereignis(kampf, rng=random.Random(4)))


def test_ohne_text_dieselben_daten():
    start = _start()
    paare = [(k.initiative_ereignis(start, rng=random.Random(4)),
              k.initiative_ereignis(start, rng=random.Random(4), text=False))]
    kampf = anwenden(start, paare[0][0])
    paare.append((k.zug_beginn_ereignis(kampf), k.zug_beginn_ereignis(kampf, text=False)))
    kampf = anwenden(kampf, paare[1][0])
    ziel = gegner_der_reihe_nach(kampf)[0]
    waffe = kampf[kampf.am_zug].waffen[0].name
    for punkte in (0, 3):
        plan = k.angriff_planen(kampf, kampf.am_zug, ziel, waffe, flee=punkte, reichweite_pruefen=False)
        for natuerlich in (2, 50, 99):
            wurf = w100(augen=natuerlich)
            sw = wuerfel.wurf(plan.waffe.schaden, augen=[1] * len(plan.waffe.ausdruck.einzelwuerfel()))
            paare.append((k.angriff_ereignis(kampf, plan, wurf, sw),
                          k.angriff_ereignis(kampf, plan, wurf, sw, text=False)))
    paare.append((k.bewegung_ereignis(kampf, kampf.am_zug, (0.5, 0.5)),
                  k.bewegung_ereignis(kampf, kampf.am_zug, (0.5, 0.5), text=False)))
    paare.append((k.zug_ende_ereignis(kampf), k.zug_ende_ereignis(kampf, text=False)))
    for mit, ohne in paare:
        assert mit.text and ohne.text == ""
        assert replace(mit, text="") == ohne
        for e in (mit, ohne):  # direkt gebaut (kampf._ereignis) = aus dem Konstruktor
            assert set(e.__dict__) == {f.name for f in fields(Ereignis)}
            assert repr(Ereignis(**e.__dict__)) == repr(e) and Ereignis(**e.__dict__) == e


def test_angriffsplan_gleich_dem_aus_dem_konstruktor():
    kampf = _im_kampf()
    kampf = anwenden(kampf, k.zug_beginn_ereignis(kampf))
    ziel = gegner_der_reihe_nach(kampf)[0]
    waffe = kampf[kampf.am_zug].waffen[0].name
    plan = k.angriff_planen(kampf, kampf.am_zug, ziel, waffe, flee=2, reichweite_pruefen=False)
    assert set(plan.__dict__) == {f.name for f in fields(k.Angriffsplan)}
    gebaut = k.Angriffsplan(**plan.__dict__)
    assert plan == gebaut and hash(plan) == hash(gebaut) and repr(plan) == repr(gebaut)


def test_angriffsergebnis_gleich_dem_aus_dem_konstruktor():
    import numpy as np

    from gm_helfer.w100.angriff import Abwehr, Angriffsergebnis, bewerte_angriff

    for natuerlich in (3, np.array([3, 40, 89, 99])):
        e = bewerte_angriff(natuerlich, ob=50, db=20, patzerbereich=5, abwehr=Abwehr("ausweichen", 20))
        assert set(e.__dict__) == {f.name for f in fields(Angriffsergebnis)}
        gebaut = Angriffsergebnis(**e.__dict__)
        assert repr(e) == repr(gebaut)


def test_schritt_richtung_gemerkt_gleich_gerechnet():
    import math

    from gm_helfer.w100.sitzung import schritt_punkt, schritt_richtung

    kampf = anwenden(_im_kampf(), k.zug_beginn_ereignis(_im_kampf()))
    wer = kampf[kampf.am_zug]
    for x in (-0.0, 0.0, 3.0):  # −0,0 und 0,0 sind gleich, aber als Position nicht dasselbe JSON
        z = kampf[gegner_der_reihe_nach(kampf)[0]]
        neu = k._mit(kampf, replace(wer, position=(x, 0.0)))
        for abstand in (0.5, 100.0):
            erwartet = tuple(float(v) for v in schritt_punkt(x, 0.0, *z.position, wer.bewegung, abstand))
            for _ in range(2):  # zweimal: gerechnet, dann gemerkt
                punkt = schritt_richtung(neu, z.name, abstand=abstand)
                assert punkt == erwartet
                assert [math.copysign(1, v) for v in punkt] == [math.copysign(1, v) for v in erwartet]


def test_w100_gewuerfelt_gleich_wuerfle():
    """Der W100 aus ``random.Random`` ohne ``wuerfle``: dieselbe Zahl, dasselbe Objekt, derselbe Zufall danach."""
    a, b = random.Random(7), random.Random(7)
    for _ in range(300):
        schnell, langsam = w100(rng=a), wuerfel.wuerfle(100, rng=b)
        assert schnell == langsam and repr(schnell) == repr(langsam)
    assert a.random() == b.random()


@pytest.mark.parametrize("optionen", [Optionen(), Optionen(lucky_seven=True, grenze_streiftreffer=60,
                                                            grenze_volltreffer=90)])
@pytest.mark.parametrize("krit", ["wurf", "ergebnis", "keine"])
def test_auswertung_einer_zahl_gleich_der_im_feld(optionen, krit):
    """Einzelne Zahlen werden ohne die Feld-Hilfen ausgewertet – Stufe, Kritisch, Treffer gleich
    dem Wert an derselben Stelle eines Feldes (der gebündelten Maschine)."""
    import numpy as np

    from gm_helfer.w100.angriff import Abwehr, KritRegel, bewerte_angriff, trefferstufe

    augen = np.arange(1, 101)
    regel = KritRegel(krit, 96 if krit == "wurf" else 120)
    for abwehr in (Abwehr(), Abwehr("ausweichen", 20)):
        feld = bewerte_angriff(augen, ob=50, db=20, patzerbereich=5, abwehr=abwehr, krit=regel, optionen=optionen)
        for i, n in enumerate(range(1, 101)):
            e = bewerte_angriff(n, ob=50, db=20, patzerbereich=5, abwehr=abwehr, krit=regel, optionen=optionen)
            assert (e.stufe, e.kritisch, e.trifft, e.ergebnis) == (
                feld.stufe[i], bool(feld.kritisch[i]), bool(feld.trifft[i]), feld.ergebnis[i])
            assert type(e.stufe) is str and type(e.kritisch) is bool and type(e.trifft) is bool
    for ergebnis in range(-20, 200):
        assert trefferstufe(ergebnis, optionen) == trefferstufe(np.array([ergebnis]), optionen)[0]
