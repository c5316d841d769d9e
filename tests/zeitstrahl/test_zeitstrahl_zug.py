"""Zug-Schnittstelle Zeitstrahl (gm_helfer/zeitstrahl/zug.py) und der offene Konter.

Regeltext regeln/zeitstrahl.txt › Der Kampf, Verteidigung, Reaktionen, Kontern.
"""

from __future__ import annotations

import doctest
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import zeitstrahl as z
from gm_helfer.protokoll import Ereignis
from gm_helfer.zeitstrahl import KampfFehler, zug
from gm_helfer.zug import Aktion, Entscheidung

from .test_zeitstrahl_kampf import FAUST, HERKULOS, ORK, SCHILD, SCHWERT, SOELDNER, gestartet, kaempfer

LYRA = kaempfer("Lyra", waffen=(SCHWERT,))


def _aktionen(kampf, wer):
    return {a.schluessel: a for a in zug.aktionen(kampf, wer)}


def _konter_offen():
    """A greift B an, B pariert 3 besser als nötig ohne Zeitdifferenz → B darf kontern."""
    a = kaempfer("A", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 3, "2W6", 1, 10),))
    b = kaempfer("B", "Feinde", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 4, "2W6", 1, 10),))
    k = gestartet(a, b, positionen={"A": 0, "B": 0})
    k = z.anwenden(k, z.ansage_ereignis(k, "B"))
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "8", "verteidigung": "11"})
    return z.anwenden(k, e)


def test_niedrigste_position_ist_am_zug_gleichstand_gleichzeitig():
    """„Der mit der niedrigsten Position auf dem Zeitstrahl ist als erstes an der Reihe. Wenn
    mehrere Parteien gleichzeitig dran sind, finden deren Aktionen auch gleichzeitig statt.“"""
    vor = z.neuer_kampf([HERKULOS, SOELDNER])
    assert zug.am_zug(vor) is None and zug.reihenfolge(vor) == []
    assert zug.aktionen(vor, None) == [Aktion("start", "Startpositionen würfeln", True, None)]
    assert _aktionen(vor, "Herkulos")["angriff"].grund == \
        "Der Kampf hat noch nicht begonnen: erst die Startpositionen würfeln."
    k = gestartet(HERKULOS, SOELDNER, LYRA, positionen={"Herkulos": 2, "Söldner": 2, "Lyra": 0})
    assert zug.aktionen(k, None) == []
    assert zug.am_zug(k) == "Lyra" and zug.reihenfolge(k) == ["Lyra", "Herkulos", "Söldner"]
    k = z.anwenden(k, z.aktion_ereignis(k, "Lyra", 5))
    # Tick 2: Herkulos und Söldner gleichzeitig – beide dürfen, Herkulos ist der Erste
    assert zug.am_zug(k) == "Herkulos"
    assert _aktionen(k, "Herkulos")["angriff"].erlaubt and _aktionen(k, "Söldner")["angriff"].erlaubt
    k = z.anwenden(k, z.aktion_ereignis(k, "Herkulos", 4))
    assert zug.am_zug(k) == "Söldner" and zug.reihenfolge(k) == ["Söldner", "Lyra", "Herkulos"]
    assert _aktionen(k, "Herkulos")["angriff"].grund == \
        "Herkulos ist erst bei Tick 6 dran; jetzt ist Tick 2 (Söldner)."


def test_wer_eine_reaktion_ansagt_wartet_und_laesst_sie_sonst_verfallen():
    """„Sollte man allerdings einen Angriff erwarten, zur selben Zeit in der man seine eigene
    Aktion hat, so kann man eine Reaktion ansagen. Falls der Angriff allerdings ausbleibt, so
    verbraucht man auf diese Weise eine Zeiteinheit und die Aktion ist vorbei.“"""
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 0})
    k = z.anwenden(k, z.ansage_ereignis(k, "Herkulos"))
    # Herkulos wartet: am Zug ist der Söldner, der gleichzeitig handelt („… finden deren
    # Aktionen auch gleichzeitig statt“) – solange er nicht gehandelt hat, kann der Angriff noch
    # kommen, also verfällt die Reaktion noch nicht
    assert zug.am_zug(k) == "Söldner"
    h = _aktionen(k, "Herkulos")
    assert [s for s, a in h.items() if a.erlaubt] == []
    assert h["ansage_verfallen"].grund == ("Herkulos hat im gleichzeitigen Abtausch bei Tick 0 schon "
                                           "gehandelt – noch offen: Söldner.")
    abtausch, offen = zug.offene_entscheidungen(k)
    assert abtausch.schluessel == "gleichzeitig" and abtausch.wer == "Söldner"
    assert offen == Entscheidung("ansage", "Herkulos", "Herkulos wartet mit angesagter Reaktion auf "
                                 "einen Angriff – kommt keiner, verfällt sie (1 Tick).")
    # ein Spielleiter-Eingriff ändert daran nichts
    k = z.anwenden(k, z.lebenspunkte_ereignis(k, "Söldner", 25, "Trank"))
    assert zug.offene_entscheidungen(k) == [abtausch, offen]
    # der Söldner handelt anders; jetzt bleibt nur Herkulos bei Tick 0
    k2 = z.anwenden(k, z.aktion_ereignis(k, "Söldner", 3))
    assert zug.am_zug(k2) == "Herkulos" and zug.offene_entscheidungen(k2) == [offen]
    k3 = z.anwenden(k2, z.ansage_verfallen_ereignis(k2, "Herkulos"))
    assert zug.offene_entscheidungen(k3) == [] and k3["Herkulos"].position == 1
    # genommen: der Söldner greift Herkulos an, der reagiert
    k4 = z.anwenden(k, z.angriff_ereignis(k, "Söldner", "Herkulos", 0, "ausweichen",
                                         augen={"angriff": "5", "verteidigung": "9"}))
    assert zug.offene_entscheidungen(k4) == []


def test_konter_bleibt_offen_bis_genommen_oder_ausgeschlagen():
    """„Bei einer gut gelungenen aktiven Verteidigung (3 besser als nötig) ist ein sofortiger
    Gegenangriff möglich“ – möglich, also eine Entscheidung; sie verschwindet nicht durch einen
    Eingriff des Spielleiters."""
    k = _konter_offen()
    assert zug.am_zug(k) == "B" and zug.reihenfolge(k)[0] == "B"
    (offen,) = zug.offene_entscheidungen(k)
    assert offen == Entscheidung("konter", "B", "B darf sofort gegen A kontern (um 3 erschwert) – "
                                 "kontern oder verzichten.")
    b = _aktionen(k, "B")
    assert [s for s, a in b.items() if a.erlaubt] == ["konter", "konter_verzichten"]
    assert b["konter"].text == "Gegen A kontern (um 3 erschwert)"
    assert b["angriff"].grund == "Erst über den Konter entscheiden: kontern oder verzichten."
    assert _aktionen(k, "A")["angriff"].grund == "B darf gegen A kontern – erst darüber entscheiden."
    assert zug.standard_ziel(k, "B") == "A"
    # Spielleiter-Eingriffe lassen den Konter stehen (vorher verwarf jedes Ereignis ihn)
    k = z.anwenden(k, z.lebenspunkte_ereignis(k, "A", 20, "Heiltrank"))
    assert k.konter == ("B", "A") and zug.offene_entscheidungen(k) == [offen]
    # ausgeschlagen
    verzicht = z.konter_verzicht_ereignis(k)
    assert verzicht.text == "B verzichtet auf den Konter gegen A." and verzicht.regel == "Zeitstrahl › Kontern"
    k2 = z.anwenden(k, verzicht)
    assert k2.konter is None and zug.offene_entscheidungen(k2) == []
    with pytest.raises(KampfFehler, match="Niemand darf gerade kontern"):
        z.konter_verzicht_ereignis(k2)
    # genommen
    k3 = z.anwenden(k, z.angriff_ereignis(k, "B", "A", 0, augen={"angriff": "3", "zone": "1 4",
                                                                 "schaden": "1 1"}))
    assert k3.konter is None and zug.offene_entscheidungen(k3) == []


def test_verteidigung_des_ziels_ist_eine_entscheidung_vor_dem_wurf():
    k = gestartet(HERKULOS, SOELDNER, ORK, positionen={"Herkulos": 0, "Söldner": 2, "Ork": 30})
    plan = dict(ziel="Söldner", waffe="Stachelkeule")
    (v,) = zug.offene_entscheidungen(k, **plan)
    assert v == Entscheidung(
        "verteidigung", "Söldner",
        "Söldner kann vor dem Wurf aktiv ausweichen (2 Ticks), mit Schwert parieren (3 Ticks), mit "
        "Schwert blocken (3 Ticks), mit Schild parieren (3 Ticks), mit Schild blocken (3 Ticks), "
        "mit Dolch parieren (1 Tick) oder mit Dolch blocken (1 Tick) – sonst zählt das passive Ausweichen.")
    # Der Ork ist erst bei Tick 30 dran: der Angriff endet vorher, er kann nicht reagieren
    assert zug.offene_entscheidungen(k, ziel="Ork", waffe="Stachelkeule") == []


def test_standardziel_nie_ein_verbuendeter():
    k = gestartet(HERKULOS, LYRA, SOELDNER, ORK, positionen={"Herkulos": 0, "Lyra": 0, "Söldner": 1, "Ork": 2})
    assert zug.standard_ziel(k, "Herkulos") == "Söldner"
    assert zug.standard_ziel(k, "Lyra") == "Söldner"
    assert zug.standard_ziel(k, "Ork") == "Herkulos"
    k = z.anwenden(k, z.lebenspunkte_ereignis(k, "Söldner", 0))
    assert zug.standard_ziel(k, "Herkulos") == "Ork"
    k = z.anwenden(k, z.lebenspunkte_ereignis(k, "Ork", 0))
    assert zug.standard_ziel(k, "Herkulos") is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["Helden", "Feinde"]), min_size=2, max_size=5),
       st.lists(st.booleans(), min_size=5, max_size=5))
def test_standardziel_ist_immer_ein_stehender_gegner(parteien, liegt):
    ks = [kaempfer(f"K{i}", p, lp=0 if aus else 30) for i, (p, aus) in enumerate(zip(parteien, liegt))]
    k = z.neuer_kampf(ks)
    for t in k.teilnehmer:
        ziel = zug.standard_ziel(k, t.name)
        gegner = [x.name for x in k.aktive if x.partei != t.partei]
        assert ziel == (gegner[0] if gegner else None)


def test_standardwaffe_ist_erste_bereite_eigene_waffe():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 1})
    assert zug.standard_waffe(k, "Herkulos") == "Stachelkeule"
    schildtraeger = kaempfer("Wache", waffen=(SCHILD, FAUST, SCHWERT))
    k2 = gestartet(schildtraeger, SOELDNER, positionen={"Wache": 0, "Söldner": 1})
    assert zug.standard_waffe(k2, "Wache") == "Schwert"
    # das Schwert ist weg (Patzer „Waffe geht verloren“): dann der Schild
    verloren = Ereignis("test", {"aenderungen": {"Wache": {"waffen": [{"index": 2, "status": "verloren"}]}}})
    k3 = z.anwenden(k2, verloren)
    assert zug.standard_waffe(k3, "Wache") == "Schild"


def test_verbotene_handlungen_nennen_den_grund_auf_deutsch():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 3})
    h = _aktionen(k, "Herkulos")
    assert h["ansage_verfallen"].grund == "Herkulos hat keine Reaktion angesagt."
    k = z.anwenden(k, z.lebenspunkte_ereignis(k, "Söldner", 0))
    s = _aktionen(k, "Söldner")
    assert s["angriff"].grund == "Söldner ist kampfunfähig."
    assert _aktionen(k, "Herkulos")["angriff"].grund == "Niemand sonst steht noch."
    ohne = kaempfer("Ohne", waffen=(SCHWERT,))
    k2 = gestartet(ohne, SOELDNER, positionen={"Ohne": 0, "Söldner": 3})
    k2 = z.anwenden(k2, Ereignis("test", {"aenderungen": {"Ohne": {"waffen": [{"index": 0, "status": "gebrochen"}]}}}))
    assert _aktionen(k2, "Ohne")["angriff"].grund == "Ohne hat keine bereite Waffe (verloren oder gebrochen)."
    for kampf in (k, k2, _konter_offen()):
        for t in kampf.teilnehmer:
            for a in zug.aktionen(kampf, t.name):
                assert a.erlaubt == (a.grund is None)
                assert "None" not in a.text and "None" not in (a.grund or "")


def test_ein_kampfabschnitt_nur_ueber_die_zug_schnittstelle():
    """Jeder, der am Zug ist, greift mit Standardziel und -waffe an (passiv verteidigt), bis 20
    Ticks vergangen sind; ein Konter wird genommen."""
    rng = random.Random(3)
    k = gestartet(HERKULOS, LYRA, SOELDNER, ORK, positionen={"Herkulos": 0, "Lyra": 1, "Söldner": 1, "Ork": 2})
    schritte = 0
    while (wer := zug.am_zug(k)) is not None and k.jetzt is not None and k.jetzt < 20:
        erlaubt = _aktionen(k, wer)
        schluessel = "konter" if "konter" in erlaubt else "angriff"
        assert erlaubt[schluessel].erlaubt
        ziel = zug.standard_ziel(k, wer)
        if ziel is None:
            break
        assert k[ziel].partei != k[wer].partei
        k = z.anwenden(k, z.angriff_ereignis(k, wer, ziel, zug.standard_waffe(k, wer), rng=rng))
        schritte += 1
        assert schritte < 40
    assert schritte > 4


def test_docstring_beispiel():
    ergebnis = doctest.testmod(zug)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0
