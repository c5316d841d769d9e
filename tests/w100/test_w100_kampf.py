"""Handlungen, Angriffe mit Abwehr und Schaden, Runden, Protokoll (regeln/w100.txt)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import w100
from gm_helfer.protokoll import Verlauf
from gm_helfer.w100 import Effekt, Optionen, W100Fehler, anwenden, neuer_kampf


def _bereit(kampf, augen, wer=None):
    """Initiative mit eingetippten Würfen, dann den Zug des Nächsten beginnen."""
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen=augen))
    kampf = anwenden(kampf, w100.zug_beginn_ereignis(kampf))
    if wer is not None:
        assert kampf.am_zug == wer
    return kampf


def _angriff(kampf, angreifer, ziel, waffe, natuerlich, schaden_augen=None, **kw):
    plan = w100.angriff_planen(kampf, angreifer, ziel, waffe, **kw)
    wurf = w100.w100(augen=natuerlich)
    sw = w100.schadenswurf(plan.waffe.schaden, augen=schaden_augen) if schaden_augen else None
    e = w100.angriff_ereignis(kampf, plan, wurf, sw)
    return e, anwenden(kampf, e)


ALLE = {"John": 90, "Ork": 10, "Wolf": 1, "Mira": 2}  # John 135, Ork 35, Wolf 131, Mira 42


def test_john_beispiel_im_kampf_mit_flee(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 90, "Ork": 10}, "John")
    e, neu = _angriff(kampf, "John", "Ork", "Langschwert", 89, "7, 5", flee=20)
    d = e.daten
    assert (d["basis"], d["ergebnis"], d["stufe"]) == (119, 99, "streiftreffer")
    # 7 + 5 + 4 = 16 Schaden, Panzerung gegen Schnitt 5 → 11, Streiftreffer halbiert → 5
    assert (d["schaden_roh"], d["panzerung"], d["schaden"]) == (16, 5, 5)
    assert neu["Ork"].flee == 0 and neu["Ork"].lp == 65
    assert e.eingetippt is True and e.regel == "W100 › Angriff und Verteidigung"
    assert "89 + 50 − 20 − 20 Flee = 99" in e.text
    # ohne Abwehr: Volltreffer 119, voller Schaden 11
    e2, neu2 = _angriff(kampf, "John", "Ork", "Langschwert", 89, "7, 5")
    assert e2.daten["stufe"] == "volltreffer" and neu2["Ork"].lp == 59


def test_john_beispiel_im_kampf_mit_parade_bindet_nahkampf_ob(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 90, "Ork": 10}, "John")
    e, neu = _angriff(kampf, "John", "Ork", "Langschwert", 89, "7, 5", parade=20)
    assert e.daten["ergebnis"] == 99 and e.daten["abwehr"] == "parade"
    assert neu["Ork"].flee == 20  # Flee unberührt
    assert neu["Ork"].parade_gebunden == 20 and neu["Ork"].parade_frei == 25
    # „… Punkte Nahkampf-OB“, die dann nicht zum Angreifen bereitstehen
    assert neu["Ork"].angriffswert(neu["Ork"].waffe("Streitaxt")) == 25
    # die gebundenen Punkte gelten bis zum Rundenende (Standard)
    neu = anwenden(neu, w100.zug_ende_ereignis(neu))
    neu = anwenden(neu, w100.zug_beginn_ereignis(neu))
    assert neu.am_zug == "John"  # John 135 → 35 > Ork 35? Gleichstand → höherer Bonus
    neu = anwenden(neu, w100.zug_ende_ereignis(neu))
    neu = anwenden(neu, w100.zug_beginn_ereignis(neu))
    assert neu.am_zug == "Ork"
    assert w100.angriff_planen(neu, "Ork", "John", "Streitaxt").ob == 25
    # neue Runde: Parade wieder frei, Flee voll
    neu = anwenden(neu, w100.zug_ende_ereignis(neu))
    neu = anwenden(neu, w100.neue_runde_ereignis(neu))
    assert neu["Ork"].parade_gebunden == 0 and neu["Ork"].flee == 20


def test_parade_bis_zum_eigenen_zug_als_option(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()], Optionen(parade_bis_rundenende=False)),
                    {"John": 90, "Ork": 60}, "John")   # John 135, Ork 85
    _, kampf = _angriff(kampf, "John", "Ork", "Langschwert", 10, parade=30)
    kampf = anwenden(kampf, w100.zug_ende_ereignis(kampf))
    kampf = anwenden(kampf, w100.zug_beginn_ereignis(kampf))
    assert kampf.am_zug == "Ork" and kampf["Ork"].parade_gebunden == 0


def test_ausweichen_und_parade_nie_beides(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 90, "Ork": 10})
    with pytest.raises(W100Fehler, match="nicht zusammen"):
        w100.angriff_planen(kampf, "John", "Ork", "Langschwert", flee=10, parade=10)


def test_abwehr_nur_soweit_vorhanden(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 90, "Ork": 10})
    with pytest.raises(W100Fehler, match="nur noch 20 Flee"):
        w100.angriff_planen(kampf, "John", "Ork", "Langschwert", flee=21)
    with pytest.raises(W100Fehler, match="nur noch 45 Punkte"):
        w100.angriff_planen(kampf, "John", "Ork", "Langschwert", parade=46)


def test_flee_verbraucht_auch_beim_patzer_und_regeneriert(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()], Optionen(flee_voll_auffuellen=False)),
                    {"John": 90, "Ork": 10})
    e, kampf = _angriff(kampf, "John", "Ork", "Langschwert", 2, flee=15)
    assert e.daten["stufe"] == "patzer" and kampf["Ork"].flee == 5
    assert kampf["Ork"].lp == 70
    while not w100.runde_vorbei(kampf):
        if kampf.am_zug:
            kampf = anwenden(kampf, w100.zug_ende_ereignis(kampf))
        else:
            kampf = anwenden(kampf, w100.zug_beginn_ereignis(kampf))
    kampf = anwenden(kampf, w100.neue_runde_ereignis(kampf))
    assert kampf["Ork"].flee == 5 + 0  # Ork im Baustein ohne Regeneration
    kampf2 = replace(kampf, kaempfer=tuple(replace(k, flee_regeneration=10) if k.name == "Ork" else k
                                           for k in kampf.kaempfer))
    # nächste Runde: +10, höchstens bis zum Maximum
    while not w100.runde_vorbei(kampf2):
        kampf2 = anwenden(kampf2, w100.zug_beginn_ereignis(kampf2) if not kampf2.am_zug
                          else w100.zug_ende_ereignis(kampf2))
    kampf2 = anwenden(kampf2, w100.neue_runde_ereignis(kampf2))
    assert kampf2["Ork"].flee == 15


def test_reichweite_vor_dem_angriff_geprueft(vier):
    kampf = _bereit(vier(), ALLE, "John")
    assert w100.angriff_planen(kampf, "John", "Ork", "Langschwert").abstand == 1.0
    with pytest.raises(W100Fehler, match="10 m entfernt – außer Reichweite"):
        w100.angriff_planen(kampf, "John", "Wolf", "Langschwert")
    kampf = anwenden(kampf, w100.bewegung_ereignis(kampf, "John", (6.0, 0.0)))
    with pytest.raises(W100Fehler, match="keine Bewegungshandlung mehr"):
        w100.bewegung_ereignis(kampf, "John", (7.0, 0.0))
    with pytest.raises(W100Fehler, match="4 m entfernt"):
        w100.angriff_planen(kampf, "John", "Wolf", "Langschwert")
    with pytest.raises(W100Fehler, match="5 m entfernt"):
        w100.angriff_planen(kampf, "John", "Ork", "Langschwert")


def test_bewegung_zu_weit(vier):
    kampf = _bereit(vier(), ALLE, "John")
    with pytest.raises(W100Fehler, match="höchstens 6 m"):
        w100.bewegung_ereignis(kampf, "John", (7.0, 0.0))
    with pytest.raises(W100Fehler, match="nicht am Zug"):
        w100.bewegung_ereignis(kampf, "Ork", (1.0, 1.0))


def test_mehrere_angriffe_in_einer_angriffshandlung(vier):
    """„Mehrere Angriffe mit ausgerüsteten Waffen können zu einer Angriffshandlung gehören.“"""
    kampf = _bereit(vier(), ALLE, "John")
    e1, kampf = _angriff(kampf, "John", "Ork", "Langschwert", 50, "5, 5")
    e2, kampf = _angriff(kampf, "John", "Ork", "Dolch", 50, "6")
    assert e1.daten["neue_aktion"] is True and e2.daten["neue_aktion"] is False
    assert kampf["John"].angriffshandlungen == 1
    with pytest.raises(W100Fehler, match="schon benutzt"):
        w100.angriff_planen(kampf, "John", "Ork", "Langschwert")
    # mit zwei Angriffshandlungen je Zug beginnt derselbe Waffeneinsatz eine neue Handlung
    kampf = anwenden(kampf, w100.optionen_ereignis(kampf, Optionen(angriffshandlungen_pro_zug=2)))
    plan = w100.angriff_planen(kampf, "John", "Ork", "Langschwert")
    assert plan.neue_aktion is True


def test_patzer_beendet_nur_diesen_angriff(vier):
    """„Ein W100-Wurf im Patzerbereich lässt den Angriff … scheitern“ – nur diesen einen."""
    kampf = _bereit(vier(), ALLE, "John")
    e1, kampf = _angriff(kampf, "John", "Ork", "Langschwert", 5, flee=10)
    assert e1.daten["stufe"] == "patzer" and e1.daten["schaden"] == 0
    assert kampf["Ork"].flee == 10  # angesagtes Ausweichen ist trotzdem verbraucht
    e2, kampf = _angriff(kampf, "John", "Ork", "Dolch", 90, "6")
    assert e2.daten["neue_aktion"] is False and e2.daten["stufe"] == "volltreffer"


def test_nicht_ausgeruestete_waffe(john, ork):
    kampf = _bereit(neuer_kampf([replace(john(), waffen=(replace(john().waffen[0], ausgeruestet=False),)), ork()]),
                    {"John": 90, "Ork": 10})
    with pytest.raises(W100Fehler, match="nicht ausgerüstet"):
        w100.angriff_planen(kampf, "John", "Ork", "Langschwert")


def test_zauber_mit_zaubermacht_gegen_magischen_db(vier):
    # Mira 100 + 40 = 140 vor dem Wolf (1 + 130 = 131)
    kampf = _bereit(vier(), {"John": 1, "Ork": 1, "Wolf": 1, "Mira": 100}, "Mira")
    plan = w100.angriff_planen(kampf, "Mira", "Ork", "Flammenstab")
    assert (plan.ob, plan.db) == (55, 5)   # Zaubermacht gegen magischen DB
    with pytest.raises(W100Fehler, match="nicht parieren"):
        w100.angriff_planen(kampf, "Mira", "Ork", "Flammenstab", parade=5)
    assert w100.angriff_planen(kampf, "Mira", "Ork", "Flammenstab", flee=5).abwehr.punkte == 5
    e, neu = _angriff(kampf, "Mira", "Ork", "Flammenstab", 90, "10, 10")
    # 90 + 55 − 5 = 140 → Volltreffer, kritisch (Ergebnis ≥ 140): (22 · 2) − 0 Feuerpanzerung
    assert e.daten["stufe"] == "volltreffer" and e.daten["kritisch"] is True
    assert e.daten["schaden"] == 44 and neu["Ork"].lp == 26
    opt = Optionen(ausweichen_gegen_zauber=False)
    kampf_ohne = anwenden(kampf, w100.optionen_ereignis(kampf, opt))
    with pytest.raises(W100Fehler, match="nicht ausweichen"):
        w100.angriff_planen(kampf_ohne, "Mira", "Ork", "Flammenstab", flee=5)


def test_fernkampf_nicht_parierbar_ausser_option(john, ork, kurzbogen):
    schuetze = replace(ork(), name="Schütze", waffen=(kurzbogen,), position=(20.0, 0.0))
    kampf = _bereit(neuer_kampf([john(), schuetze]), {"John": 1, "Schütze": 100}, "Schütze")
    with pytest.raises(W100Fehler, match="nicht parieren"):
        w100.angriff_planen(kampf, "Schütze", "John", "Kurzbogen", parade=5)
    kampf = anwenden(kampf, w100.optionen_ereignis(kampf, Optionen(parade_gegen_fernkampf=True)))
    assert w100.angriff_planen(kampf, "Schütze", "John", "Kurzbogen", parade=5).abwehr.art == "parade"


def test_treffer_braucht_schadenswurf_passend_zur_waffe(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 90, "Ork": 10})
    plan = w100.angriff_planen(kampf, "John", "Ork", "Langschwert")
    with pytest.raises(W100Fehler, match="fehlt der Schadenswurf"):
        w100.angriff_ereignis(kampf, plan, w100.w100(augen=80))
    with pytest.raises(W100Fehler, match="passt nicht"):
        w100.angriff_ereignis(kampf, plan, w100.w100(augen=80), w100.schadenswurf("W6", augen="3"))
    # Misserfolg braucht keinen Schadenswurf
    e = w100.angriff_ereignis(kampf, plan, w100.w100(augen=20))
    assert e.daten["stufe"] == "misserfolg" and e.daten["schaden"] == 0


def test_kampfunfaehig_bei_null_lp(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork(lp=5)]), {"John": 90, "Ork": 10})
    _, kampf = _angriff(kampf, "John", "Ork", "Langschwert", 80, "5, 5")
    assert kampf["Ork"].lp <= 0 and not kampf["Ork"].kampffaehig(kampf.optionen)
    with pytest.raises(W100Fehler, match="kampfunfähig"):
        w100.angriff_planen(kampf, "John", "Ork", "Dolch")
    kampf = anwenden(kampf, w100.zug_ende_ereignis(kampf))
    # Ork hätte noch Initiative (35), ist aber kampfunfähig: John (35) ist dran
    assert w100.naechster(kampf) == "John"



def test_sieger_wenn_eine_seite_niemanden_mehr_hat(john, ork, wolf):
    from gm_helfer.w100 import sitzung
    kampf = _bereit(neuer_kampf([john(), ork(lp=5), wolf()]), {"John": 90, "Ork": 10, "Wolf": 1})
    assert w100.sieger(kampf) is None
    kampf = anwenden(kampf, w100.lp_ereignis(kampf, "Ork", -5))
    assert w100.sieger(kampf) is None  # der Wolf steht noch
    kampf = anwenden(kampf, w100.lp_ereignis(kampf, "Wolf", -100))
    assert w100.sieger(kampf) == "helden"
    kampf = anwenden(kampf, w100.zug_ende_ereignis(kampf))
    assert "Die Helden stehen als Einzige noch" in sitzung.lage(kampf)
    # Heilung holt den Ork zurück: wieder offen
    kampf = anwenden(kampf, w100.lp_ereignis(kampf, "Ork", 10))
    assert w100.sieger(kampf) is None
    assert w100.sieger(neuer_kampf([john()])) is None  # nur eine Seite: kein Kampf zu entscheiden


def test_effekte_ticken_zu_rundenbeginn(john, ork):
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 10, "Ork": 10})
    kampf = anwenden(kampf, w100.effekt_ereignis(kampf, "Ork", Effekt("Brennen", 2, -4)))
    for _ in range(2):
        while not w100.runde_vorbei(kampf):
            kampf = anwenden(kampf, w100.zug_beginn_ereignis(kampf) if not kampf.am_zug
                             else w100.zug_ende_ereignis(kampf))
        kampf = anwenden(kampf, w100.neue_runde_ereignis(kampf))
    assert kampf["Ork"].lp == 62 and kampf["Ork"].effekte == ()
    kampf = anwenden(kampf, w100.lp_ereignis(kampf, "Ork", +100, "Heiltrank"))
    assert kampf["Ork"].lp == 70  # nie über das Maximum


def _runde_zu_ende(kampf):
    while not w100.runde_vorbei(kampf):
        kampf = anwenden(kampf, w100.zug_beginn_ereignis(kampf) if not kampf.am_zug
                         else w100.zug_ende_ereignis(kampf))
    return kampf


@pytest.mark.parametrize("neu_wuerfeln", [False, True])
def test_effekt_aendert_den_initiativebonus(john, ork, neu_wuerfeln):
    """„Fähigkeiten und Effekte können ihn [den Initiativebonus] verändern.“"""
    kampf = _bereit(neuer_kampf([john(), ork()], Optionen(initiative_neu_wuerfeln=neu_wuerfeln)),
                    {"John": 10, "Ork": 10})  # John 55, Ork 35
    hast = Effekt("Hast", 2, 0, initiative_mod=30)
    e = w100.effekt_ereignis(kampf, "Ork", hast)
    assert "Initiativebonus +30" in e.text
    kampf = anwenden(kampf, e)
    assert kampf["Ork"].initiative == 35  # mitten in der Runde ändert sich nichts
    assert kampf["Ork"].initiative_bonus_aktuell == 55
    augen = {"John": 10, "Ork": 10} if neu_wuerfeln else None
    for runde in (2, 3):
        kampf = anwenden(_runde_zu_ende(kampf), w100.neue_runde_ereignis(kampf := _runde_zu_ende(kampf),
                                                                          augen=augen))
        # Runden 2 und 3: 10 + 25 + 30 = 65 für den Ork, John bleibt 55 – der Ork ist zuerst dran
        assert (kampf.runde, kampf["Ork"].initiative, kampf["John"].initiative) == (runde, 65, 55)
        assert w100.naechster(kampf) == "Ork"
    kampf = anwenden(_runde_zu_ende(kampf), w100.neue_runde_ereignis(kampf := _runde_zu_ende(kampf),
                                                                      augen=augen))
    assert kampf["Ork"].effekte == () and kampf["Ork"].initiative == 35  # Hast ist vorbei
    # Rundreise über den Protokollkopf behält Effekt und Wurf
    mit = anwenden(kampf, w100.effekt_ereignis(kampf, "John", Effekt("Lähmung", 1, -2, -40)))
    assert w100.kampf_aus_dict(w100.kampf_als_dict(mit)).kaempfer == mit.kaempfer


def _zufaelliger_schritt(kampf, rng):
    """Ein erlaubtes Ereignis für den aktuellen Zustand (für Eigenschaftstests)."""
    if kampf.runde == 0:
        return w100.initiative_ereignis(kampf, rng=rng)
    if w100.runde_vorbei(kampf):
        return w100.neue_runde_ereignis(kampf)
    if kampf.am_zug is None:
        return w100.zug_beginn_ereignis(kampf)
    a = kampf[kampf.am_zug]
    if rng.random() < 0.05:  # zeitabhängiger Effekt: LP je Runde und Initiativebonus
        return w100.effekt_ereignis(kampf, rng.choice(kampf.kaempfer).name,
                                    Effekt("Zauber", rng.randint(1, 3), rng.randint(-5, 3),
                                           rng.randint(-40, 40)))
    ziele = [k for k in kampf.kaempfer if k.seite != a.seite and k.kampffaehig(kampf.optionen)]
    if ziele and rng.random() < 0.7:
        z = rng.choice(ziele)
        for w in a.waffen:
            try:
                abwehr = rng.random()
                flee = rng.randint(0, z.flee) if abwehr < 0.4 else 0
                parade = rng.randint(0, z.parade_frei) if abwehr > 0.7 else 0
                plan = w100.angriff_planen(kampf, a.name, z.name, w.name, flee=flee, parade=parade,
                                           modifikator=rng.randint(-10, 10))
            except W100Fehler:
                continue
            return w100.angriff_ereignis(kampf, plan, w100.w100(rng=rng),
                                         w100.schadenswurf(w.schaden, rng=rng))
    if ziele and a.bewegungen == 0 and rng.random() < 0.5:
        z = rng.choice(ziele)
        dx, dy = z.position[0] - a.position[0], z.position[1] - a.position[1]
        dist = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        schritt = min(a.bewegung * 0.99, max(0.0, dist - 1.0)) / dist
        return w100.bewegung_ereignis(kampf, a.name, (round(a.position[0] + dx * schritt, 3),
                                                      round(a.position[1] + dy * schritt, 3)))
    return w100.zug_ende_ereignis(kampf)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), schritte=st.integers(1, 60))
def test_anwenden_veraendert_nie_die_eingabe_und_bleibt_im_rahmen(seed, schritte, vier):
    rng = random.Random(seed)
    kampf = vier()
    for _ in range(schritte):
        e = _zufaelliger_schritt(kampf, rng)
        vorher = w100.kampf_als_dict(kampf)
        neu = anwenden(kampf, e)
        assert w100.kampf_als_dict(kampf) == vorher
        json.dumps(e.als_dict())  # nur JSON-Werte
        for k in neu.kaempfer:
            assert 0 <= k.flee <= k.flee_max
            assert k.lp <= k.lp_max
            assert 0 <= k.parade_gebunden <= k.nahkampf_ob
            assert k.flee >= 0 and k.parade_frei >= 0
        if e.art == "angriff" and e.daten["abwehr"] != "keine":
            # nie beides: genau eine Abwehrart verbraucht Punkte
            z = e.daten["ziel"]
            flee_weg = kampf[z].flee - neu[z].flee
            parade_weg = neu[z].parade_gebunden - kampf[z].parade_gebunden
            assert sorted([flee_weg, parade_weg]) == [0, e.daten["abwehr_punkte"]]
        # mehr Schaden → nie mehr LP: jeder Angriff senkt die LP genau um seinen Schaden
        if e.art == "angriff":
            z = e.daten["ziel"]
            assert neu[z].lp == kampf[z].lp - e.daten["schaden"]
            assert e.daten["schaden"] >= 0
        kampf = neu


def test_verlauf_protokoll_rueckgaengig_und_fortsetzen(tmp_path, vier):
    start = vier()
    datei = tmp_path / "w100_kampf.jsonl"
    v = Verlauf(start, anwenden, datei=datei, system="w100", kopf={"start": w100.kampf_als_dict(start)})
    rng = random.Random(5)
    for _ in range(25):
        v.ausfuehren(_zufaelliger_schritt(v.zustand, rng))
    zustand = v.zustand
    vor_letztem = v.zustaende[-2]
    v.schliessen()  # ein Schreiber je Kampf: erst schließen, dann fortsetzen
    v2, warnungen = Verlauf.fortsetzen(datei, lambda kopf: w100.kampf_aus_dict(kopf["start"]), anwenden)
    assert warnungen == []
    assert v2.zustand == zustand
    assert v2.rueckgaengig() == vor_letztem
    v2.schliessen()
    v3, _ = Verlauf.fortsetzen(datei, lambda kopf: w100.kampf_aus_dict(kopf["start"]), anwenden)
    assert v3.zustand == vor_letztem
    v3.schliessen()
    # abgerissene letzte Zeile: gemeldet, nicht fatal
    with open(datei, "ab") as f:
        f.write(b'{"art": "zug_en')
    v4, warnungen = Verlauf.fortsetzen(datei, lambda kopf: w100.kampf_aus_dict(kopf["start"]), anwenden)
    assert warnungen and v4.zustand == vor_letztem


def test_kampf_als_dict_rundreise(vier):
    kampf = _bereit(vier(), ALLE)
    kampf = anwenden(kampf, w100.effekt_ereignis(kampf, "Ork", Effekt("Gift", 3, -2)))
    wieder = w100.kampf_aus_dict(json.loads(json.dumps(w100.kampf_als_dict(kampf))))
    assert w100.kampf_als_dict(wieder) == w100.kampf_als_dict(kampf)


def test_unbekanntes_ereignis_und_namen(john, vier):
    from gm_helfer.protokoll import Ereignis
    with pytest.raises(W100Fehler, match="Unbekanntes W100-Ereignis"):
        anwenden(vier(), Ereignis("zaubern", {}))
    with pytest.raises(W100Fehler, match="Niemand namens"):
        vier()["Gandalf"]
    with pytest.raises(W100Fehler, match="mehrfach"):
        neuer_kampf([john(), john()])
    with pytest.raises(W100Fehler, match="Unbekannte W100-Option"):
        Optionen.aus_dict({"glueck": True})


def test_anwenden_prueft_abwehrpunkte_im_protokoll(john, ork):
    """Ein (von Hand verändertes) Protokoll mit zu viel Flee oder Parade wird abgewiesen."""
    kampf = _bereit(neuer_kampf([john(), ork()]), {"John": 90, "Ork": 10})
    plan = w100.angriff_planen(kampf, "John", "Ork", "Langschwert", parade=45)
    e = w100.angriff_ereignis(kampf, plan, w100.w100(augen=20))
    kampf2 = anwenden(kampf, e)
    assert kampf2["Ork"].parade_frei == 0
    with pytest.raises(W100Fehler, match="freie Punkte"):
        anwenden(kampf2, replace(e, daten={**e.daten, "neue_aktion": True}))
    e_flee = replace(e, daten={**e.daten, "abwehr": "ausweichen", "abwehr_punkte": 21})
    with pytest.raises(W100Fehler, match="nicht genug Flee"):
        anwenden(kampf, e_flee)
