"""Zug-Schnittstelle W100 (gm_helfer/w100/zug.py): wer handelt, was er darf, Vorgaben, Entscheidungen.

Regeltext regeln/w100.txt › Initiative und Kampfrunde, Kampf, Angriff und Verteidigung.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import w100
from gm_helfer.w100 import anwenden, neuer_kampf, sitzung, zug
from gm_helfer.zug import Aktion, Entscheidung

from .conftest import _john, _mira, _ork, _wolf

# John 45+90 = 135, Ork 25+10 = 35, Wolf 130+1 = 131, Mira 40+2 = 42
ALLE = {"John": 90, "Ork": 10, "Wolf": 1, "Mira": 2}


def _los(k):
    """Nach der Initiative: „Initiative Ergreifen“ geprüft, niemand ergreift sie (Ereignis)."""
    return anwenden(k, w100.ergreifen_verzicht_ereignis(k))


def _vier(offen=False):
    """John, Ork, Wolf, Mira nach der Initiative; ``offen``: noch vor der Frage „Ergreift jemand
    die Initiative?“, sonst hat der Spielleiter verzichtet."""
    k = neuer_kampf([_john(), _ork(), _wolf(), _mira()])
    k = anwenden(k, w100.initiative_ereignis(k, augen=ALLE))
    return k if offen else _los(k)


def _erlaubt(kampf, wer):
    return {a.schluessel: a for a in zug.aktionen(kampf, wer)}


def _angriff(kampf, ziel, waffe, natuerlich, schaden=None, **abwehr):
    """Zug beginnen (falls nötig) und angreifen – mit eingetippten Würfeln."""
    beginn = zug.zug_beginnen(kampf)
    if beginn is not None:
        kampf = anwenden(kampf, beginn)
    plan = w100.angriff_planen(kampf, kampf.am_zug, ziel, waffe, **abwehr)
    sw = w100.schadenswurf(plan.waffe.schaden, augen=schaden) if schaden else None
    return anwenden(kampf, w100.angriff_ereignis(kampf, plan, w100.w100(augen=natuerlich), sw))


def _zug_beenden(kampf):
    beginn = zug.zug_beginnen(kampf)
    if beginn is not None:
        kampf = anwenden(kampf, beginn)
    return anwenden(kampf, w100.zug_ende_ereignis(kampf))


def test_hoechste_verfuegbare_initiative_ist_am_zug_und_sinkt_um_100():
    """„Die Figur mit der höchsten verfügbaren Initiative ist zuerst am Zug. Nach ihrem Zug sinkt
    ihre Initiative um 100 Punkte. Solange noch kampffähige Beteiligte Initiative übrig haben,
    setzt sich die Reihenfolge nach den verbleibenden Werten fort.“"""
    vor = neuer_kampf([_john(), _ork(), _wolf(), _mira()])
    assert zug.am_zug(vor) is None
    assert [a.schluessel for a in zug.aktionen(vor, None)] == ["initiative"]
    k = _vier()
    assert zug.am_zug(k) == "John"
    assert zug.reihenfolge(k) == ["John", "Wolf", "Mira", "Ork"]
    gesehen = []
    while zug.am_zug(k) is not None:
        gesehen.append(zug.am_zug(k))
        k = _zug_beenden(k)
    # John 135 → 35, Wolf 131 → 31, dann John 35, Ork 35 (Gleichstand: höherer Bonus), Mira 42 …
    assert gesehen == ["John", "Wolf", "Mira", "John", "Ork", "Wolf"]
    # „Sobald niemand mehr Initiative übrig hat, beginnt eine neue Kampfrunde.“
    runde = zug.aktionen(k, None)
    assert runde == [Aktion("neue_runde", "Runde 2 beginnen", True, None)]
    k = anwenden(k, w100.neue_runde_ereignis(k))
    assert zug.am_zug(k) == "John"


def test_neue_runde_erst_wenn_niemand_mehr_initiative_hat():
    k = _vier()
    (runde,) = zug.aktionen(k, None)
    assert runde.schluessel == "neue_runde" and not runde.erlaubt
    assert runde.grund == "John hat noch Initiative übrig."


def test_reihenfolge_ohne_kampfunfaehige_und_wer_am_zug_ist_zuerst():
    k = neuer_kampf([_john(), _ork(lp=0), _wolf(), _mira()])
    k = anwenden(k, w100.initiative_ereignis(k, augen={"John": 90, "Wolf": 1, "Mira": 2}))
    k = _zug_beenden(k)  # John 135 → 35
    assert zug.am_zug(k) == "Wolf"
    assert zug.reihenfolge(k) == ["Wolf", "Mira", "John"]


def test_zug_beginnen_nur_wenn_jemand_an_der_reihe_ist():
    k = _vier()
    e = zug.zug_beginnen(k)
    assert e is not None and e.art == "zug_beginn" and e.daten["name"] == "John"
    assert zug.zug_beginnen(anwenden(k, e)) is None
    assert zug.zug_beginnen(neuer_kampf([_john(), _ork()])) is None


def test_standardziel_ist_naechster_gegner_nie_ein_verbuendeter():
    # Mira (Heldin) steht John näher als der Ork
    k = neuer_kampf([_john(), replace(_mira(), position=(0.5, 0.0)), replace(_ork(), position=(3.0, 0.0)),
                     replace(_wolf(), position=(2.0, 0.0))])
    k = anwenden(k, w100.initiative_ereignis(k, augen={"John": 90, "Mira": 2, "Ork": 10, "Wolf": 1}))
    assert zug.standard_ziel(k, "John") == "Wolf"
    assert zug.standard_ziel(k, "Wolf") == "Mira"
    # ohne stehende Gegner: kein Ziel (auch kein Verbündeter)
    k2 = neuer_kampf([_john(), _mira(), _ork(lp=0)])
    assert zug.standard_ziel(k2, "John") is None


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(-20, 20), st.integers(-20, 20)), min_size=4, max_size=4),
       st.lists(st.booleans(), min_size=4, max_size=4))
def test_standardziel_ist_immer_ein_stehender_gegner(orte, liegt):
    fabriken = (_john, _ork, _wolf, _mira)
    kaempfer = [replace(f(**({"lp": 0} if aus else {})), position=(float(x), float(y)))
                for f, (x, y), aus in zip(fabriken, orte, liegt)]
    k = neuer_kampf(kaempfer)
    for wer in (x.name for x in kaempfer):
        ziel = zug.standard_ziel(k, wer)
        gegner = [x for x in k.kaempfer if x.seite != k[wer].seite and x.kampffaehig(k.optionen)]
        if not gegner:
            assert ziel is None
            continue
        assert k[ziel].seite != k[wer].seite and k[ziel].kampffaehig(k.optionen)
        assert w100.abstand(k[wer], k[ziel]) == min(w100.abstand(k[wer], g) for g in gegner)


def test_standardwaffe_ist_eigene_waffe_die_das_ziel_erreicht():
    k = _vier()
    assert zug.standard_waffe(k, "John") == "Langschwert"
    # Wolf 10 m entfernt: der Biss reicht nicht, eine andere Waffe hat er nicht
    assert zug.standard_waffe(k, "Wolf") == "Biss"
    # ein Schütze mit Dolch und Bogen greift den fernen Gegner mit dem Bogen an
    schuetze = replace(_john(), waffen=(w100.Waffe("Dolch", "nahkampf", 35, "W10+2", "stich", 1.5),
                             w100.Waffe("Kurzbogen", "fernkampf", 40, "W10+2", "stich", 30.0, 8)))
    k2 = neuer_kampf([schuetze, _wolf()])
    k2 = _los(anwenden(k2, w100.initiative_ereignis(k2, augen={"John": 90, "Wolf": 1})))
    assert zug.am_zug(k2) == "John"
    assert zug.standard_waffe(k2, "John") == "Kurzbogen"
    # nach dem Bogenschuss ist die Angriffshandlung des Bogens verbraucht – der Dolch erreicht nicht
    k3 = _angriff(k2, "Wolf", "Kurzbogen", 50)
    assert zug.standard_waffe(k3, "John") == "Dolch"


def test_verbotene_handlungen_nennen_den_grund_auf_deutsch():
    k = _vier()
    nicht_dran = _erlaubt(k, "Ork")
    assert not any(a.erlaubt for a in nicht_dran.values())
    assert nicht_dran["angriff"].grund == "Ork ist nicht am Zug – am Zug ist John."
    # John greift den Ork an; eine zweite Angriffshandlung hat er in diesem Zug nicht
    k = _angriff(k, "Ork", "Langschwert", 10)
    k = _angriff(k, "Ork", "Dolch", 10)  # dieselbe Angriffshandlung, zweite Waffe
    a = _erlaubt(k, "John")
    assert not a["angriff"].erlaubt
    assert a["angriff"].grund == "John hat in diesem Zug keine Angriffshandlung mehr."
    assert a["zug_beenden"].erlaubt and a["zug_beenden"].grund is None
    # Der Wolf ist 10 m entfernt: ohne Bewegung erreicht sein Biss niemanden
    k = _zug_beenden(k)
    w = _erlaubt(k, "Wolf")
    assert not w["angriff"].erlaubt
    assert w["angriff"].grund == "Kein Gegner in Reichweite – John ist 10 m entfernt. Erst bewegen."
    assert w["bewegung"].erlaubt and w["bewegung"].text == "Bewegen (bis 12 m)"
    k = anwenden(k, w100.zug_beginn_ereignis(k))
    k = anwenden(k, w100.bewegung_ereignis(k, "Wolf", (1.0, 0.0)))
    w = _erlaubt(k, "Wolf")
    assert w["angriff"].erlaubt and not w["bewegung"].erlaubt
    assert w["bewegung"].grund == "Wolf hat in diesem Zug keine Bewegungshandlung mehr."
    # Kampfunfähige handeln nicht
    aus = neuer_kampf([_john(lp=0), _ork()])
    aus = anwenden(aus, w100.initiative_ereignis(aus, augen={"Ork": 10}))
    assert _erlaubt(aus, "John")["angriff"].grund == "John ist kampfunfähig."
    for a in zug.aktionen(k, "Mira") + zug.aktionen(k, "Wolf") + zug.aktionen(aus, "John"):
        assert a.erlaubt == (a.grund is None)
        assert "None" not in (a.grund or "") and "None" not in a.text


def test_angriff_auf_ein_ziel_ausser_reichweite_ist_vor_dem_klick_gesperrt():
    """Issue 23, Punkt 3: „an option that the current situation forbids is shown disabled with its
    German reason before the click, never refused after it“. Im Spielabend (1280 px) war „Angreifen“
    frei, solange *irgendein* Gegner in Reichweite stand, und der Klick auf das gewählte, ferne Ziel
    kam als „⚠ … außer Reichweite“ zurück. Mit Ziel und Waffe gilt die Aktion für genau diesen Angriff."""
    k = _vier()  # John (0 | 0) ist am Zug; der Ork steht 1 m entfernt, der Wolf 10 m
    assert _erlaubt(k, "John")["angriff"].erlaubt  # irgendein Angriff geht (auf den Ork)
    nah = {a.schluessel: a for a in zug.aktionen(k, "John", ziel="Ork", waffe="Langschwert")}
    assert nah["angriff"].erlaubt and nah["angriff"].grund is None
    fern = {a.schluessel: a for a in zug.aktionen(k, "John", ziel="Wolf", waffe="Langschwert")}
    assert not fern["angriff"].erlaubt
    assert fern["angriff"].grund == "Wolf ist 10 m entfernt – außer Reichweite von „Langschwert“ (1,5 m). Erst bewegen."
    assert fern["bewegung"].erlaubt and fern["zug_beenden"].erlaubt
    with pytest.raises(w100.W100Fehler, match="außer Reichweite"):  # derselbe Grund, den der Klick bekäme
        w100.angriff_planen(zug.im_zug(k, "John"), "John", "Wolf", "Langschwert")


def test_initiative_ergreifen_bleibt_offen_bis_ergriffen_oder_ausgeschlagen():
    """„Bevor der Kampf beginnt, prüft, ob Initiative Ergreifen einem Beteiligten den ersten
    Zug verschafft.“"""
    k = _vier(offen=True)
    (offen,) = zug.offene_entscheidungen(k)
    assert offen.schluessel == "initiative_ergreifen" and offen.wer == "Spielleiter"
    assert "(dann beginnt John)" in offen.text
    # solange sie offen ist, wartet der erste Zug – mit dem Grund, wer was entscheiden muss
    grund = _erlaubt(k, "John")["angriff"].grund
    assert grund.startswith("Offen (Spielleiter): Ergreift jemand die Initiative?")
    # ein Spielleiter-Eingriff dazwischen lässt sie stehen
    k2 = anwenden(k, w100.lp_ereignis(k, "Ork", -5, "Falle"))
    assert [e.schluessel for e in zug.offene_entscheidungen(k2)] == ["initiative_ergreifen"]
    # ergriffen: weg, und der Ergreifende ist am Zug
    k3 = anwenden(k2, w100.ergreifen_ereignis(k2, "Ork"))
    assert zug.offene_entscheidungen(k3) == [] and zug.am_zug(k3) == "Ork"
    # ausgeschlagen: ein eigenes Ereignis, danach beginnt der erste Zug
    e = w100.ergreifen_verzicht_ereignis(k2)
    assert e.text == "Niemand ergreift die Initiative – den ersten Zug hat John."
    k4 = anwenden(k2, e)
    assert zug.offene_entscheidungen(k4) == [] and _erlaubt(k4, "John")["angriff"].erlaubt
    with pytest.raises(w100.W100Fehler, match="nicht offen"):
        w100.ergreifen_verzicht_ereignis(k4)


def test_abwehr_des_ziels_bleibt_offen_bis_gewuerfelt_ist():
    """„Danach können angesagtes Ausweichen und … eine angesagte Parade das Ergebnis weiter
    senken. Beide Abwehrarten werden nicht für denselben Angriff addiert.“"""
    k = anwenden(_vier(offen=True), w100.ergreifen_ereignis(_vier(offen=True), "John"))
    plan = dict(ziel="Ork", waffe="Langschwert")
    (e,) = zug.offene_entscheidungen(k, **plan)
    assert e == Entscheidung("abwehr", "Ork", "Ork kann vor dem Wurf mit bis zu 20 Flee-Punkten "
                             "ausweichen oder mit bis zu 45 Punkten Nahkampf-OB parieren – ansagen "
                             "oder verzichten (nie beides).")
    # Johns Zug beginnt: die Entscheidung des Orks steht weiter
    k = anwenden(k, zug.zug_beginnen(k))
    assert zug.offene_entscheidungen(k, **plan) == [e]
    # Angesagt: der Ork weicht mit allen 20 Flee aus – danach kann er nur noch parieren
    k = _angriff(k, "Ork", "Langschwert", 89, "7, 5", flee=20)
    (e2,) = zug.offene_entscheidungen(k, ziel="Ork", waffe="Dolch")
    assert "Flee" not in e2.text and "45 Punkten Nahkampf-OB" in e2.text
    # Mira gegen einen Bogenschuss: Parade nur gegen Nahkampf (Einstellung), Flee ja
    schuetze = replace(_john(), waffen=(w100.Waffe("Kurzbogen", "fernkampf", 40, "W10+2", "stich", 30.0, 8),))
    k5 = neuer_kampf([schuetze, _wolf()])
    k5 = _los(anwenden(k5, w100.initiative_ereignis(k5, augen={"John": 90, "Wolf": 1})))
    (e5,) = [x for x in zug.offene_entscheidungen(k5, ziel="Wolf", waffe="Kurzbogen")
             if x.schluessel == "abwehr"]
    assert "35 Flee-Punkten" in e5.text and "parieren" not in e5.text
    # ohne Flee und ohne Parade gibt es nichts zu entscheiden
    k6 = neuer_kampf([schuetze, _wolf(flee=0)])
    k6 = _los(anwenden(k6, w100.initiative_ereignis(k6, augen={"John": 90, "Wolf": 1})))
    assert zug.offene_entscheidungen(k6, ziel="Wolf", waffe="Kurzbogen") == []


def test_eine_ganze_runde_nur_ueber_die_zug_schnittstelle():
    """Jeder greift mit Standardziel und Standardwaffe an, wenn er darf, sonst geht er auf das
    Ziel zu; dann beendet er den Zug – bis die Runde vorbei ist."""
    rng = random.Random(7)
    k = _vier()
    zuege = 0
    while (wer := zug.am_zug(k)) is not None:
        k = anwenden(k, zug.zug_beginnen(k))
        erlaubt = _erlaubt(k, wer)
        if not erlaubt["angriff"].erlaubt and erlaubt["bewegung"].erlaubt:
            k = anwenden(k, w100.bewegung_ereignis(
                k, wer, sitzung.schritt_richtung(k, zug.standard_ziel(k, wer))))
        if _erlaubt(k, wer)["angriff"].erlaubt:
            ziel, waffe = zug.standard_ziel(k, wer), zug.standard_waffe(k, wer)
            assert k[ziel].seite != k[wer].seite and waffe in [w.name for w in k[wer].waffen]
            k = anwenden(k, sitzung.angriff(k, ziel, waffe, rng=rng))
        k = anwenden(k, w100.zug_ende_ereignis(k))
        zuege += 1
        assert zuege < 20
    assert w100.runde_vorbei(k) and zug.aktionen(k, None)[0].erlaubt


def test_docstring_beispiel():
    import doctest

    ergebnis = doctest.testmod(zug)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_ein_klick_schritte_eine_runde_mit_zaehlung():
    """Neue Runde 1 Klick; Standardangriff ≤ 2 Klicks (Angreifen samt Schaden, Zug beenden)."""
    from gm_helfer.protokoll import Verlauf

    rng = random.Random(11)
    k = neuer_kampf([_john(), _ork(), replace(_wolf(), position=(1.0, 1.0)), _mira()])
    verlauf = Verlauf(k, anwenden)
    klicks = {"runde": 0, "angriff": 0, "ende": 0}
    zug.neue_runde(verlauf, augen=ALLE)
    klicks["runde"] += 1
    zug.ergreifen_verzichten(verlauf)  # einmal je Kampf: niemand ergreift die Initiative
    klicks["runde"] += 1
    assert verlauf.zustand.runde == 1 and zug.am_zug(verlauf.zustand) == "John"
    while (wer := zug.am_zug(verlauf.zustand)) is not None:
        kampf = verlauf.zustand
        if _erlaubt(kampf, wer)["angriff"].erlaubt:
            zeilen = zug.angreifen(verlauf, wer, zug.standard_ziel(kampf, wer), zug.standard_waffe(kampf, wer), rng=rng)
            assert any("greift" in z for z in zeilen)
            klicks["angriff"] += 1
        zug.zug_beenden(verlauf)
        klicks["ende"] += 1
    # Mira (Zauberin, 20 m) erreicht alle; jeder Zug: ein Klick Angreifen, ein Klick Zug beenden
    assert klicks["runde"] == 2 and klicks["ende"] == 6 and klicks["angriff"] <= klicks["ende"]
    assert zug.aktionen(verlauf.zustand, None)[0].erlaubt
    zug.neue_runde(verlauf)
    assert verlauf.zustand.runde == 2


def test_abgelehnter_schritt_aendert_nichts():
    from gm_helfer.protokoll import Verlauf

    k = neuer_kampf([_john(), _ork()])
    verlauf = Verlauf(k, anwenden)
    zug.neue_runde(verlauf, augen={"John": 90, "Ork": 10})
    # solange „Initiative Ergreifen“ offen ist, ist jeder Schritt des ersten Zugs abgelehnt
    with pytest.raises(w100.W100Fehler, match="Ergreift jemand die Initiative"):
        zug.angreifen(verlauf, "John", "Ork", "Langschwert", rng=random.Random(1))
    assert len(verlauf.ereignisse) == 1
    zug.ergreifen_verzichten(verlauf)
    n = len(verlauf.ereignisse)
    # eingetippter Treffer ohne Schadenswurf: abgelehnt, auch der Zugbeginn wird nicht eingetragen
    with pytest.raises(w100.W100Fehler, match="es fehlt der Schadenswurf"):
        zug.angreifen(verlauf, "John", "Ork", "Langschwert", augen="89")
    assert len(verlauf.ereignisse) == n and verlauf.zustand.am_zug is None
    with pytest.raises(w100.W100Fehler, match="Ork ist nicht am Zug – am Zug ist John."):
        zug.angreifen(verlauf, "Ork", "John", "Streitaxt", rng=random.Random(1))
    zeilen = zug.angreifen(verlauf, "John", "Ork", "Langschwert", augen="89", schaden_augen="7, 5",
                           abwehr="ausweichen", punkte=20)
    assert zeilen[0].startswith("Runde 1: John ist am Zug")
    assert "89 + 50 − 20 − 20 Flee = 99 → Streiftreffer, 5 Schaden" in zeilen[1]
    with pytest.raises(w100.W100Fehler, match="Erst die Initiative bestimmen"):
        zug.zug_beenden(Verlauf(neuer_kampf([_john(), _ork()]), anwenden))


def test_zug_ende_mit_echtem_minuszeichen():
    k = anwenden(_vier(), zug.zug_beginnen(_vier()))
    k = anwenden(k, w100.zug_ende_ereignis(k))  # John 135 → 35
    k = anwenden(k, zug.zug_beginnen(k))
    k = anwenden(k, w100.zug_ende_ereignis(k))  # Wolf 131 → 31
    k = anwenden(k, zug.zug_beginnen(k))       # Mira 42
    assert w100.zug_ende_ereignis(k).text == "Mira beendet den Zug: Initiative 42 → −58."
