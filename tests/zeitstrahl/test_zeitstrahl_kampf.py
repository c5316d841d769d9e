"""Kampf auf dem Zeitstrahl: Reihenfolge, Reaktionen, Angriff, Blocken, Kontern, Protokoll."""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import zeitstrahl as z
from gm_helfer.protokoll import Verlauf
from gm_helfer.zeitstrahl import KampfFehler, Verschiebung

KETTE = z.Schicht("Kettenhemd", 4, 2)
SCHWERT = z.Waffe("Schwert", "nahkampf", 4, "2W6", verteidigungsbonus=2, stabilitaet=10)
SCHILD = z.Waffe("Schild", "nahkampf", 4, "W4", verteidigungsbonus=3, stabilitaet=12, schild=True)
FLEGEL = z.Waffe("Flegel", "nahkampf", 6, "3W6", stabilitaet=10, zweihaendig=True, kettenwaffe=True)
FAUST = z.Waffe("Faust", "waffenlos", 3, "W4")
KEULE = z.Waffe("Stachelkeule", "nahkampf", 4, "3W4", verteidigungsbonus=1, stabilitaet=12)
DOLCH = z.Waffe("Dolch", "nahkampf", 2, "W4", verteidigungsbonus=1, stabilitaet=6, kurze_stichwaffe=True)


def kaempfer(name, partei="Helden", ke=10, st=12, gr=0, lp=30, nk=12, wl=8, waffen=(SCHWERT,), ruestung=(), spez=()):
    return z.Kaempfer(name, partei, ke, st, gr, lp, (("nahkampf", nk), ("fernkampf", 5), ("waffenlos", wl)),
                      tuple(waffen), tuple(ruestung), tuple(spez))


HERKULOS = kaempfer("Herkulos", waffen=(KEULE, FAUST))
SOELDNER = kaempfer("Söldner", "Feinde", ke=10, nk=11, waffen=(SCHWERT, SCHILD, DOLCH), ruestung=(KETTE,))
ORK = kaempfer("Ork", "Feinde", ke=8, st=16, nk=10, waffen=(FLEGEL, FAUST), lp=36)


def gestartet(*ks, positionen, optionen=None):
    k = z.neuer_kampf(ks, optionen or z.Optionen())
    # Position = Schwierigkeit − (KE + Wurf) mit Wurf 10
    schwierigkeit = {t.name: t.kaempfer.kampferfahrung + 10 + positionen[t.name] for t in k.teilnehmer}
    return z.anwenden(k, z.start_ereignis(k, schwierigkeit, augen={t.name: "10" for t in k.teilnehmer}))


# --- Start und Reihenfolge --------------------------------------------------------------

def test_startposition_negative_differenz():
    k = z.neuer_kampf([HERKULOS, ORK])
    e = z.start_ereignis(k, {"Feinde": 30, "Herkulos": 20}, augen={"Herkulos": "4", "Ork": "7"})
    k2 = z.anwenden(k, e)
    assert k2["Herkulos"].position == 20 - (10 + 4)
    assert k2["Ork"].position == 30 - (8 + 7)
    assert e.eingetippt and e.regel == "Zeitstrahl › Der Kampf › Startposition"
    # nie negativ
    k3 = z.anwenden(k, z.start_ereignis(k, 10, augen={"Herkulos": "19", "Ork": "19"}))
    assert k3["Herkulos"].position == 0 and k3["Ork"].position == 0
    assert k3.am_zug == ("Herkulos", "Ork")  # gleichzeitig


def test_niedrigste_position_handelt_und_aktion_addiert_ticks():
    k = gestartet(HERKULOS, ORK, positionen={"Herkulos": 3, "Ork": 5})
    assert k.jetzt == 3 and k.am_zug == ("Herkulos",)
    with pytest.raises(KampfFehler, match="erst bei Tick 5"):
        z.aktion_ereignis(k, "Ork", 2)
    k = z.anwenden(k, z.aktion_ereignis(k, "Herkulos", 2, "vorbereitet", "Zauber"))
    assert k["Herkulos"].position == 5 and k["Herkulos"].laufend == "Zauber"
    assert k.am_zug == ("Herkulos", "Ork")  # Gleichstand: gleichzeitig
    assert [(b.art, b.text) for b in k.balken] == [("Vorbereitung", "Zauber")]


def test_gleichzeitige_handeln_in_beliebiger_folge():
    k = gestartet(HERKULOS, ORK, positionen={"Herkulos": 4, "Ork": 4})
    k = z.anwenden(k, z.aktion_ereignis(k, "Ork", 3))
    assert k.am_zug == ("Herkulos",) and k.jetzt == 4
    k = z.anwenden(k, z.aktion_ereignis(k, "Herkulos", 1))
    assert k.jetzt == 5


def test_vor_dem_start_kein_angriff():
    k = z.neuer_kampf([HERKULOS, ORK])
    with pytest.raises(KampfFehler, match="Startpositionen"):
        z.aktion_ereignis(k, "Herkulos", 2)


# --- Angriff gegen passive Verteidigung -----------------------------------------------------

def test_patzer_verfehlt_immer():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 9})
    # 12 + 1 = 13 ≥ passive 10, aber die natürliche 1 ist ein Patzer (W6 = 3: Sturz)
    e = z.angriff_ereignis(k, "Herkulos", "Söldner", 0, augen={"angriff": "1", "patzer": "3"})
    assert not e.daten["treffer"] and e.daten["patzer"][0]["schluessel"] == "sturz"
    k2 = z.anwenden(k, e)
    assert "Gestürzt" in k2["Herkulos"].zustaende and k2["Herkulos"].position == 4


def test_treffer_schaden_zone_empfindlich():
    k = gestartet(kaempfer("A", nk=0), SOELDNER, positionen={"A": 0, "Söldner": 9})
    # 0 + 10 = 10 ≥ passive 10 → Treffer; Zone (1,4) Torso RS 4; 2W6 = 6,5 → 2 + 1 = 3
    e = z.angriff_ereignis(k, "A", "Söldner", 0, augen={"angriff": "10", "zone": "1 4", "schaden": "6 5"})
    d = e.daten
    assert d["treffer"] and d["schaden"]["zone"] == "Torso" and d["schaden"]["schadenspunkte"] == 3
    assert e.eingetippt and "Trefferzonen" in e.regel
    k2 = z.anwenden(k, e)
    assert k2["Söldner"].lebenspunkte == 30 - 3
    # 9 verfehlt knapp
    assert not z.angriff_ereignis(k, "A", "Söldner", 0, augen={"angriff": "9"}).daten["treffer"]
    # Pasch (3,3) Torso: doppelt; Kopf (1,5) ohne Rüstung: doppelt
    e = z.angriff_ereignis(k, "A", "Söldner", 0, augen={"angriff": "10", "zone": "3 3", "schaden": "6 5"})
    assert e.daten["schaden"]["schadenspunkte"] == 6
    k_ohne_kopf = gestartet(kaempfer("A", nk=0), kaempfer("B", ruestung=(z.Schicht("Kette", 4, 2, ("Torso",)),)),
                            positionen={"A": 0, "B": 9})
    e = z.angriff_ereignis(k_ohne_kopf, "A", "B", 0, augen={"angriff": "10", "zone": "1 5", "schaden": "6 5"})
    assert e.daten["schaden"]["zone"] == "Kopf" and e.daten["schaden"]["schadenspunkte"] == 22


def test_kritisch_trifft_passiv_immer_aber_nicht_aktiv():
    k = gestartet(kaempfer("A", nk=0), kaempfer("B", ke=30), positionen={"A": 0, "B": 2})
    e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "20", "krit": "3", "zone": "1 4", "schaden": "2 2"})
    assert e.daten["treffer"] and e.daten["krit"]["schluessel"] == "schaden_doppelt"
    assert e.daten["schaden"]["schadenspunkte"] == 8
    # gegen Parade zählt das Ergebnis: 0 + 20 = 20 < 12 + 2 + 10
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "20", "krit": "3", "verteidigung": "10"})
    assert not e.daten["treffer"]


# --- Reaktionen ---------------------------------------------------------------------------

def test_nicht_agieren_und_reagieren_zur_selben_zeit():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 0})
    with pytest.raises(KampfFehler, match="selben Zeit"):
        z.angriff_ereignis(k, "Herkulos", "Söldner", 0, "ausweichen", augen={"angriff": "10", "verteidigung": "5"})
    # angesagt: darf reagieren und zahlt die Reaktion (2 Ticks Ausweichen)
    k = z.anwenden(k, z.ansage_ereignis(k, "Söldner"))
    assert k["Söldner"].angesagt
    e = z.angriff_ereignis(k, "Herkulos", "Söldner", 0, "ausweichen", augen={"angriff": "5", "verteidigung": "9"})
    k2 = z.anwenden(k, e)
    assert k2["Söldner"].position == 2 and not k2["Söldner"].angesagt
    assert k2["Herkulos"].position == 4


def test_ansage_ohne_angriff_kostet_einen_tick():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 0})
    k = z.anwenden(k, z.ansage_ereignis(k, "Söldner"))
    # Herkulos handelt gleichzeitig (Optionen.gleichzeitig): erst danach steht fest, dass kein
    # Angriff kommt
    k = z.anwenden(k, z.aktion_ereignis(k, "Herkulos", 3))
    k = z.anwenden(k, z.ansage_verfallen_ereignis(k, "Söldner"))
    assert k["Söldner"].position == 1 and not k["Söldner"].angesagt
    with pytest.raises(KampfFehler, match="keine Reaktion angesagt"):
        z.ansage_verfallen_ereignis(k, "Söldner")


def test_reaktion_nur_wenn_angriff_nicht_vor_eigener_aktion_endet():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 5})
    # Angriff von Tick 0 mit Geschwindigkeit 4 endet bei 4 < 5
    assert "keine Reaktion" in z.kann_reagieren(k, "Söldner", 4)
    with pytest.raises(KampfFehler, match="keine Reaktion"):
        z.angriff_ereignis(k, "Herkulos", "Söldner", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "5", "verteidigung": "5"})
    assert z.kann_reagieren(k, "Söldner", 5) == ""
    offen = z.Kampf(k.teilnehmer, z.Optionen(reaktion_nur_im_fenster=False), gestartet=True)
    assert z.kann_reagieren(offen, "Söldner", 4) == ""


def test_reaktionsticks():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 3})
    assert z.reaktions_ticks(k, "Söldner", "passiv") == 0
    assert z.reaktions_ticks(k, "Söldner", "ausweichen") == 2
    assert z.reaktions_ticks(k, "Söldner", "parade", 0) == 3  # Schwert 4 − 1
    assert z.reaktions_ticks(k, "Söldner", "blocken", 1, zweite_hand=True) == 2  # Schild 4 − 1 − 1
    assert z.reaktions_ticks(k, "Söldner", "parade", 2, zweite_hand=True) == 1  # Dolch 2 − 2 → mindestens 1
    e = z.angriff_ereignis(k, "Herkulos", "Söldner", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "5", "verteidigung": "5"})
    k2 = z.anwenden(k, e)
    assert k2["Söldner"].position == 3 + 3
    assert [b.art for b in k2.balken] == ["Angriff", "Parade"]
    # der Reaktionsbalken liegt dort, wo die Parade Zeit kostet: von der alten bis zur neuen
    # Position des Söldners – kein Loch und keine Überlappung im Zeitstrahl
    parade = k2.balken[1]
    assert (parade.name, parade.start, parade.ende) == ("Söldner", 3, 6) and "Tick 0" in parade.text


# --- Blocken ------------------------------------------------------------------------------

def _block(verteidiger, waffe, schaden, **kw):
    angreifer = kaempfer("A", nk=0, waffen=(z.Waffe("Hammer", "nahkampf", 5, "2W10"),))
    k = gestartet(angreifer, verteidiger, positionen={"A": 0, verteidiger.name: 2})
    e = z.angriff_ereignis(k, "A", verteidiger.name, 0, "blocken", verteidigungs_waffe=waffe,
                           augen={"angriff": "5", "verteidigung": "15", "schaden": schaden}, **kw)
    assert not e.daten["treffer"]
    return e, z.anwenden(k, e)


def test_blocken_verdoppelt_bonus_und_entwaffnet():
    b = kaempfer("B", st=10, waffen=(SCHWERT, SCHILD, DOLCH))
    assert z.verteidigungswert(gestartet(b, HERKULOS, positionen={"B": 0, "Herkulos": 0}), "B", "blocken", 0) == 12 + 4
    # 11 > Stärke 10 → Waffe weg
    _, k = _block(b, 0, "6 5")
    assert k["B"].waffen_status[0] == "verloren"
    # 10 nicht > 10 → Stabilität prüfen: 10 nicht > 10, aber > 5 → Stabilität −1
    _, k = _block(b, 0, "5 5")
    assert k["B"].waffen_status[0] == "bereit" and k["B"].stabilitaet[0] == 9
    # Schild: doppelte Stärke (20); 13 > Stabilität 12 → bricht
    _, k = _block(b, 1, "7 6")
    assert k["B"].waffen_status[1] == "gebrochen"
    # 6 ≤ halbe Stabilität 6 → nichts
    _, k = _block(b, 1, "3 3")
    assert k["B"].stabilitaet[1] == 12 and k["B"].waffen_status[1] == "bereit"


def test_blocken_zweihaendig_und_zwei_waffen():
    b = kaempfer("B", st=10, waffen=(z.Waffe("Zweihänder", "nahkampf", 6, "2W8", 2, 20, zweihaendig=True), SCHWERT, DOLCH))
    _, k = _block(b, 0, "8 7")  # 15 = 1,5 × 10 → nicht höher → bleibt in der Hand; 15 > 10 halbe Stab.
    assert k["B"].waffen_status[0] == "bereit" and k["B"].stabilitaet[0] == 19
    _, k = _block(b, 0, "8 8")  # 16 > 15 → weg
    assert k["B"].waffen_status[0] == "verloren"
    # zwei Waffen: Hauptwaffe voller, Nebenwaffe halber Schaden
    e, k = _block(b, 1, "7 5", zweite_waffe=2)  # 12 ≤ 15; Schwert 12 > 10 bricht; Dolch 6 > 3 → −1
    assert k["B"].waffen_status[1] == "gebrochen" and k["B"].stabilitaet[2] == 5
    assert e.daten["schaden"]["staerke_grenze"] == 15


def test_zwei_waffen_nur_beim_blocken_und_verschieden():
    b = kaempfer("B", st=10, waffen=(SCHWERT, DOLCH, FLEGEL))
    angreifer = kaempfer("A", nk=0, waffen=(z.Waffe("Hammer", "nahkampf", 5, "2W10"),))
    k = gestartet(angreifer, b, positionen={"A": 0, "B": 2})
    augen = {"angriff": "5", "verteidigung": "15", "schaden": "3 3"}
    with pytest.raises(KampfFehler, match="schon die Hauptwaffe"):
        z.angriff_ereignis(k, "A", "B", 0, "blocken", verteidigungs_waffe=0, zweite_waffe=0, augen=augen)
    with pytest.raises(KampfFehler, match="nur beim Blocken"):
        z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0, zweite_waffe=1, augen=augen)
    with pytest.raises(KampfFehler, match="Kettenwaffe"):
        z.angriff_ereignis(k, "A", "B", 0, "blocken", verteidigungs_waffe=0, zweite_waffe=2, augen=augen)
    # Schwert + Dolch: eine ist keine kurze Stichwaffe → 1,5 × Stärke
    e = z.angriff_ereignis(k, "A", "B", 0, "blocken", verteidigungs_waffe=0, zweite_waffe=1, augen=augen)
    assert e.daten["schaden"]["staerke_grenze"] == 15


def test_kein_blocken_mit_kettenwaffe():
    k = gestartet(HERKULOS, ORK, positionen={"Herkulos": 0, "Ork": 2})
    with pytest.raises(KampfFehler, match="Kettenwaffe"):
        z.angriff_ereignis(k, "Herkulos", "Ork", 0, "blocken", verteidigungs_waffe=0, augen={"angriff": "5"})


def test_waffenlose_parade_und_block():
    b = kaempfer("B", wl=10, waffen=(FAUST,), ruestung=(z.Schicht("Armschienen", 1, 0, ("R Arm", "L Arm")),))
    e, k = _block(b, 0, "9 7")  # waffenloser Block: Bonus 2, voller Schaden auf den Arm (RS 1 je Würfel)
    assert e.daten["abwehr"]["wert"] == 12
    assert e.daten["schaden"]["zone"] == "R Arm" and k["B"].lebenspunkte == 30 - (8 + 6)
    angreifer = kaempfer("A", nk=0, waffen=(z.Waffe("Hammer", "nahkampf", 5, "2W10"),))
    kk = gestartet(angreifer, b, positionen={"A": 0, "B": 2})
    e = z.angriff_ereignis(kk, "A", "B", 0, "parade", verteidigungs_waffe=0, zweite_hand=True,
                           augen={"angriff": "5", "verteidigung": "15", "schaden": "9 7"})
    # erst ¼ der Trefferpunkte je Würfel, dann RS 1: (9 // 4 − 1) + (7 // 4 − 1) = 1 + 0
    assert e.daten["schaden"]["zone"] == "L Arm" and e.daten["schaden"]["schadenspunkte"] == 1


# --- Kontern --------------------------------------------------------------------------------

def test_kontern_nach_gut_gelungener_verteidigung():
    a = kaempfer("A", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 3, "2W6", 1, 10),))
    b = kaempfer("B", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 4, "2W6", 1, 10),))
    k = gestartet(a, b, positionen={"A": 0, "B": 0})
    k = z.anwenden(k, z.ansage_ereignis(k, "B"))
    # A: 10 + 8 = 18; B pariert mit 10 + 1 + 10 = 21 → nur 3 besser als 18, nötig ist 19 → kein Konter
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0, augen={"angriff": "8", "verteidigung": "10"})
    assert e.daten["konter"] is None and not e.daten["treffer"]
    # 22 = 3 besser als nötig (19); A landet bei 3, B bei 0 + 3 = 3 → keine Zeitdifferenz
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0, augen={"angriff": "8", "verteidigung": "11"})
    assert e.daten["konter"] == ["B", "A"] and "Kontern" in e.regel
    k2 = z.anwenden(k, e)
    assert k2.konter == ("B", "A")
    from gm_helfer.zeitstrahl import sitzung
    assert sitzung.konter_hinweis(k2) == "B darf sofort gegen A kontern (um 3 erschwert)."
    assert sitzung.konter_hinweis(k) == ""
    # der Gegenangriff ist um 3 erschwert und kostet die übliche Zeit
    e2 = z.angriff_ereignis(k2, "B", "A", 0, augen={"angriff": "3", "zone": "1 4", "schaden": "1 1"})
    assert e2.daten["angriff"]["wert"] == 10 - 3 and e2.daten["konter_angriff"]
    k3 = z.anwenden(k2, e2)
    assert k3["B"].position == 3 + 4 and k3.konter is None


def test_konter_spezialisierungen_erschwernis_oder_zeitdifferenz():
    """„Spezialisierungen verringern eine Erschwernis oder erhöhen die erlaubte
    Zeitdifferenz.“ – Art ``konter`` senkt die Erschwernis, ``konter_zeit`` erlaubt Abstand."""
    a = kaempfer("A", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 3, "2W6", 1, 10),))

    def konter_nach_parade(b, optionen=z.STANDARD):
        k = gestartet(a, b, positionen={"A": 0, "B": 0})
        k = z.Kampf(k.teilnehmer, optionen, gestartet=True)
        k = z.anwenden(k, z.ansage_ereignis(k, "B"))
        # B pariert mit Säbel (5 Ticks − 1 = 4) → B bei 4, A bei 3: Zeitdifferenz 1
        return k, z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                                     augen={"angriff": "8", "verteidigung": "12"})

    saebel5 = z.Waffe("Säbel", "nahkampf", 5, "2W6", 1, 10)
    _, e = konter_nach_parade(kaempfer("B", nk=10, waffen=(saebel5,)))
    assert e.daten["konter"] is None and "Zeitdifferenz" in e.text
    _, e = konter_nach_parade(kaempfer("B", nk=10, waffen=(saebel5,), spez=(("konter", 2),)))
    assert e.daten["konter"] is None
    k, e_zeit = konter_nach_parade(kaempfer("B", nk=10, waffen=(saebel5,), spez=(("konter_zeit", 1),)))
    assert e_zeit.daten["konter"] == ["B", "A"]
    # Option: eine „konter“-Spezialisierung tut beides
    _, e = konter_nach_parade(kaempfer("B", nk=10, waffen=(saebel5,), spez=(("konter", 1),)),
                              z.Optionen(konter_spezialisierung_beides=True))
    assert e.daten["konter"] == ["B", "A"]
    # die Erschwernis senkt nur „konter“: mit konter_zeit bleibt sie 3
    k3, e3 = konter_nach_parade(kaempfer("B", nk=10, waffen=(saebel5,), spez=(("konter_zeit", 1), ("konter", 2))))
    k2 = z.anwenden(k3, e3)
    e2 = z.angriff_ereignis(k2, "B", "A", 0, augen={"angriff": "3", "zone": "1 4", "schaden": "1 1"})
    assert e2.daten["angriff"]["wert"] == 10 - (3 - 2)
    e2 = z.angriff_ereignis(z.anwenden(k, e_zeit), "B", "A", 0, augen={"angriff": "3", "zone": "1 4", "schaden": "1 1"})
    assert e2.daten["angriff"]["wert"] == 10 - 3


# --- Kritische Effekte, Patzer, Verschiebung im Kampf -------------------------------------

def test_herkulos_wagnis_im_kampf():
    gegner = kaempfer("Gegner", "Feinde", ke=12, ruestung=(KETTE,))
    k = gestartet(HERKULOS, gegner, positionen={"Herkulos": 0, "Gegner": 6})
    v = Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=2)
    # ohne Krit: 3W4 gegen RS 4 macht nichts
    e = z.angriff_ereignis(k, "Herkulos", "Gegner", 0, augen={"angriff": "12", "zone": "1 4", "schaden": "4 4 4"})
    assert e.daten["treffer"] and e.daten["schaden"]["schadenspunkte"] == 0
    # gewagt: natürliche 14 ist kritisch, die Kettenschicht wird ignoriert
    e = z.angriff_ereignis(k, "Herkulos", "Gegner", 0, verschiebung=v,
                           augen={"angriff": "14", "zone": "1 4", "schaden": "4 3 2"})
    assert e.daten["krit"]["schluessel"] == "schicht_ignorieren"
    assert e.daten["schaden"]["ruestungsschutz"] == 0 and e.daten["schaden"]["schadenspunkte"] == 9
    k2 = z.anwenden(k, e)
    assert k2["Herkulos"].verschiebung.verteidigung == -10
    assert z.verteidigungswert(k2, "Herkulos", "passiv") == 0
    # eine 9 ist jetzt ein Patzer
    e = z.angriff_ereignis(k, "Herkulos", "Gegner", 0, verschiebung=v, augen={"angriff": "9", "patzer": "6", "patzer_wurf": "4"})
    assert not e.daten["treffer"] and z.anwenden(k, e)["Herkulos"].position == 4 + 4
    # der Schaden kann nicht unter 0 verschoben werden: 3W4 höchstens 12 Stufen
    with pytest.raises(KampfFehler, match="Schaden kann nicht ins Negative"):
        z.angriff_ereignis(k, "Herkulos", "Gegner", 0, verschiebung=Verschiebung(schaden=-13, angriff=4), augen={"angriff": "5"})
    assert z.verschiebung_pruefen(k, "Herkulos", 0, Verschiebung(schaden=-12, angriff=4)) == []
    # unerlaubte Verschiebung
    with pytest.raises(KampfFehler, match="Zu wenig Punkte"):
        z.angriff_ereignis(k, "Herkulos", "Gegner", 0, verschiebung=Verschiebung(angriff=1), augen={"angriff": "5"})


def test_kritische_verteidigung_und_patzer_effekte():
    a = kaempfer("A", nk=10)
    b = kaempfer("B", nk=10)
    k = gestartet(a, b, positionen={"A": 0, "B": 1})
    # Verteidigung kritisch, Effekt 4: Angreifer braucht einen Tick mehr
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "10", "verteidigung": "20", "verteidigung_krit": "4"})
    assert e.daten["ticks"]["angriff"] == 5
    # Effekt 2: halber Schaden, falls der Angriff trotzdem trifft (30 + 19 = 49 ≥ 10 + 2 + 20)
    k_stark = gestartet(kaempfer("A", nk=30), b, positionen={"A": 0, "B": 1})
    e = z.angriff_ereignis(k_stark, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "19", "verteidigung": "20", "verteidigung_krit": "2", "zone": "1 4",
                                  "schaden": "6 6"})
    assert e.daten["treffer"] and e.daten["schaden"]["schadenspunkte"] == 6
    # Angriffspatzer 1: Waffe verloren
    e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "1", "patzer": "1"})
    assert z.anwenden(k, e)["A"].waffen_status[0] == "verloren"
    with pytest.raises(KampfFehler, match="verloren"):
        kk = z.anwenden(k, e)
        kk = z.anwenden(kk, z.aktion_ereignis(kk, "B", 3))
        z.angriff_ereignis(kk, "A", "B", 0, augen={"angriff": "10"})
    # Patzer 5: halbe Verteidigung bis zur nächsten Aktion
    e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "1", "patzer": "5"})
    kk = z.anwenden(k, e)
    assert z.verteidigungswert(kk, "A", "passiv") == 10 and "Position verschlechtert" in kk["A"].zustaende
    kk = z.anwenden(kk, z.aktion_ereignis(kk, "B", 2))  # B bei 3, A bei 4
    e = z.angriff_ereignis(kk, "B", "A", 0, augen={"angriff": "4", "zone": "1 4", "schaden": "1 1"})
    assert e.daten["abwehr"]["gesamt"] == 10 // 2 and e.daten["treffer"]
    # mit der nächsten eigenen Aktion ist die Position wieder normal
    kk = z.anwenden(kk, e)
    kk = z.anwenden(kk, z.aktion_ereignis(kk, "A", 1))
    assert "Position verschlechtert" not in kk["A"].zustaende


def test_krit_bonus_w6_und_bestgeschuetzte_zone():
    a = kaempfer("A", nk=10)
    b = kaempfer("B", nk=10, ruestung=(z.Schicht("Helm", 3, 0, ("Kopf",)), z.Schicht("Wams", 1, 0, ("Torso",))))
    k = gestartet(a, b, positionen={"A": 0, "B": 1})
    # Krit mit Effekt 1: +W6 (hier 6) – 10 + 20 + 6 = 36 gegen Parade 10 + 2 + 20 = 32
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "20", "krit": "1", "krit_bonus": "6", "verteidigung": "20",
                                  "verteidigung_krit": "3", "zone": "4 1", "schaden": "5 5"})
    assert e.daten["angriff"]["gesamt"] == 36 and e.daten["abwehr"]["gesamt"] == 32
    assert e.daten["treffer"] and e.daten["krit"]["bonus"] == 6
    # Verteidigungs-Krit 3: die bestgeschützte Zone (Kopf, RS 3) statt Torso; (4,1) ist nicht empfindlich
    assert e.daten["schaden"]["zone"] == "Kopf" and not e.daten["schaden"]["empfindlich"]
    assert e.daten["schaden"]["schadenspunkte"] == 2 + 2
    # Verteidigungs-Krit 1: +W6 auf die Verteidigung
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "19", "verteidigung": "20", "verteidigung_krit": "1",
                                  "verteidigung_krit_bonus": "4"})
    assert e.daten["abwehr"]["gesamt"] == 32 + 4 and not e.daten["treffer"]


def test_kampfunfaehig_bei_null_lebenspunkten():
    a = kaempfer("A", nk=20)
    b = kaempfer("B", lp=5)
    k = gestartet(a, b, positionen={"A": 0, "B": 3})
    k = z.anwenden(k, z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "10", "zone": "1 4", "schaden": "3 3"}))
    assert k["B"].lebenspunkte == -1 and k["B"].kampfunfaehig()
    assert k.am_zug == ("A",) and [t.name for t in k.aktive] == ["A"]


# --- Protokoll, Fortsetzen, Reinheit ------------------------------------------------------

def test_verlauf_speichern_fortsetzen_rueckgaengig(tmp_path):
    k0 = z.neuer_kampf([HERKULOS, SOELDNER, ORK])
    datei = tmp_path / "kampf.jsonl"
    v = Verlauf(k0, z.anwenden, datei=datei, system="zeitstrahl", kopf=k0.als_kopf())
    rng = random.Random(7)
    v.ausfuehren(z.start_ereignis(v.zustand, rng=rng))
    for _ in range(8):
        k = v.zustand
        wer = k.am_zug[0]
        ziel = next(t.name for t in k.aktive if t.name != wer)
        v.ausfuehren(z.angriff_ereignis(k, wer, ziel, 0, rng=rng))
    vorher = v.zustand
    v.rueckgaengig()
    v.schliessen()  # ein Schreiber je Kampf: erst schließen, dann fortsetzen
    v2, warnungen = Verlauf.fortsetzen(datei, z.kampf_aus_kopf, z.anwenden)
    assert warnungen == []
    assert v2.zustand == v.zustand != vorher


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_anwenden_veraendert_nichts_und_lebenspunkte_sinken_nur(seed):
    rng = random.Random(seed)
    k = z.neuer_kampf([HERKULOS, SOELDNER, ORK])
    k = z.anwenden(k, z.start_ereignis(k, rng=rng))
    for _ in range(12):
        if len(k.aktive) < 2:
            break
        if k.konter is not None:  # ein offener Konter verschwindet nicht: ausdrücklich verzichten
            k = z.anwenden(k, z.konter_verzicht_ereignis(k))
        wer = k.am_zug[0]
        ziel = rng.choice([t.name for t in k.aktive if t.name != wer])
        art = rng.choice(z.VERTEIDIGUNGEN)
        vw = 0 if art in ("parade", "blocken") else None
        try:
            e = z.angriff_ereignis(k, wer, ziel, 0, art, verteidigungs_waffe=vw, rng=rng)
        except KampfFehler:
            e = z.aktion_ereignis(k, wer, rng.randint(1, 4))
        kopie = copy.deepcopy(k)
        neu = z.anwenden(k, e)
        assert k == kopie
        for t in neu.teilnehmer:
            assert t.lebenspunkte <= k[t.name].lebenspunkte
            assert t.position is not None and t.position >= k[t.name].position
        assert neu.jetzt is None or neu.jetzt >= k.jetzt
        k = neu


def test_reaktion_unterbricht_laufende_aktion_und_blendung_endet():
    a = kaempfer("A", nk=10)
    b = kaempfer("B", nk=10)
    # nacheinander: B handelt bei Tick 0 zuerst, A greift danach (noch bei Tick 0) an und B,
    # schon bei Tick 3, darf reagieren; gleichzeitig hätte B bei Tick 0 selbst gehandelt
    k = gestartet(a, b, positionen={"A": 0, "B": 0}, optionen=z.Optionen(gleichzeitig=False))
    k = z.anwenden(k, z.aktion_ereignis(k, "B", 3, "kontinuierlich", "Tür zuhalten"))
    assert k["B"].laufend == "Tür zuhalten"
    # „Alle anderen Arten der Verteidigung unterbrechen gegebenenfalls die aktuelle Aktion.“
    e = z.angriff_ereignis(k, "A", "B", 0, "ausweichen", augen={"angriff": "2", "verteidigung": "5"})
    assert "unterbricht" in e.text
    k2 = z.anwenden(k, e)
    assert k2["B"].laufend == "" and k2["B"].position == 3 + 2
    # passives Ausweichen unterbricht nichts
    k3 = z.anwenden(k, z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "2", "zone": "1 4", "schaden": "1 1"}))
    assert k3["B"].laufend == "Tür zuhalten"
    # Patzer 4: geblendet für 2W6 Ticks – endet, sobald der Zeitstrahl dort ankommt
    e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "1", "patzer": "4", "patzer_wurf": "2 3"})
    k4 = z.anwenden(k, e)
    assert "Geblendet bis Tick 5" in k4["A"].zustaende
    k4 = z.anwenden(k4, z.aktion_ereignis(k4, "B", 1))  # B: 3 → 4, A bei 4
    assert "Geblendet bis Tick 5" in k4["A"].zustaende
    k4 = z.anwenden(k4, z.aktion_ereignis(k4, "A", 1))  # jetzt 4 → 5
    k4 = z.anwenden(k4, z.aktion_ereignis(k4, "B", 1))
    assert k4.jetzt >= 5 and not any("Geblendet" in x for x in k4["A"].zustaende)


def test_zustand_von_hand_entfernen():
    k = gestartet(HERKULOS, SOELDNER, positionen={"Herkulos": 0, "Söldner": 9})
    k = z.anwenden(k, z.angriff_ereignis(k, "Herkulos", "Söldner", 0, augen={"angriff": "1", "patzer": "3"}))
    assert "Gestürzt" in k["Herkulos"].zustaende
    k = z.anwenden(k, z.zustand_ereignis(k, "Herkulos", "Gestürzt"))
    assert k["Herkulos"].zustaende == ()
    with pytest.raises(KampfFehler, match="keinen Zustand"):
        z.zustand_ereignis(k, "Herkulos", "Gestürzt")


# --- Kritischer Effekt 4: Sturzschwelle ----------------------------------------------------

def test_sturzschwelle_gilt_fuer_die_naechste_probe_des_ziels():
    """„Erhöht bei dem Ziel die Patzerschwelle für einen Sturz um 5“: die nächste Probe des
    Ziels ist bis Wurf 6 ein Patzer mit der Folge Sturz; danach ist die Schwelle verbraucht."""
    a = kaempfer("A", nk=10)
    b = kaempfer("B", nk=10)
    k = gestartet(a, b, positionen={"A": 0, "B": 1})
    e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "20", "krit": "4", "zone": "1 4", "schaden": "1 1"})
    k = z.anwenden(k, e)
    assert z.STURZSCHWELLE in k["B"].zustaende
    # B greift an (Tick 1): eine natürliche 6 wäre sonst 16 ≥ 10 – jetzt ein Sturz, kein Treffer
    e = z.angriff_ereignis(k, "B", "A", 0, augen={"angriff": "6"})
    assert e.daten["angriff"]["patzer"] and not e.daten["treffer"]
    assert e.daten["patzer"][0]["schluessel"] == "sturz" and e.daten["patzer"][0]["wurf"] is None
    k2 = z.anwenden(k, e)
    assert "Gestürzt" in k2["B"].zustaende and z.STURZSCHWELLE not in k2["B"].zustaende
    # eine 7 ist kein Patzer – die Schwelle ist trotzdem verbraucht
    e = z.angriff_ereignis(k, "B", "A", 0, augen={"angriff": "7", "zone": "1 4", "schaden": "1 1"})
    assert e.daten["treffer"] and z.STURZSCHWELLE not in z.anwenden(k, e)["B"].zustaende
    # eine echte 1 würfelt weiter auf der Patzertabelle
    e = z.angriff_ereignis(k, "B", "A", 0, augen={"angriff": "1", "patzer": "6", "patzer_wurf": "2"})
    assert e.daten["patzer"][0]["schluessel"] == "stolpern"
    # Option: auch der erhöhte Bereich würfelt auf der Patzertabelle
    ko = z.Kampf(k.teilnehmer, z.Optionen(sturz_mit_patzertabelle=True), gestartet=True)
    e = z.angriff_ereignis(ko, "B", "A", 0, augen={"angriff": "6", "patzer": "5"})
    assert e.daten["patzer"][0]["schluessel"] == "position_schlecht"
    # die Chancen vor dem Wurf kennen die erhöhte Schwelle: Patzer 6/20
    passiv = next(w for w in z.verteidigungs_wahlen(k, "B", "A", 0) if w.art == "passiv")
    assert passiv.chancen.patzer == pytest.approx(6 / 20)


def test_sturzschwelle_auch_bei_der_parade_des_ziels():
    a = kaempfer("A", nk=10)
    b = kaempfer("B", nk=10)
    k = gestartet(a, b, positionen={"A": 0, "B": 4})
    k = z.anwenden(k, z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "20", "krit": "4", "zone": "1 4", "schaden": "1 1"}))
    assert k.am_zug == ("A", "B") and z.STURZSCHWELLE in k["B"].zustaende
    k = z.anwenden(k, z.ansage_ereignis(k, "B"))
    # B pariert mit einer natürlichen 3 (≤ 1 + 5): Patzer mit der Folge Sturz, ohne W6
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "5", "verteidigung": "3", "zone": "1 4", "schaden": "1 1"})
    assert e.daten["abwehr"]["patzer"] and [p["schluessel"] for p in e.daten["patzer"]] == ["sturz"]
    k2 = z.anwenden(k, e)
    assert "Gestürzt" in k2["B"].zustaende and z.STURZSCHWELLE not in k2["B"].zustaende
    # passives Ausweichen ist keine Probe: die Schwelle bleibt
    e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "5", "zone": "1 4", "schaden": "1 1"})
    assert z.STURZSCHWELLE in z.anwenden(k, e)["B"].zustaende
