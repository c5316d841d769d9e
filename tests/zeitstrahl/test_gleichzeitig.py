"""Gleichzeitige Aktionen bei demselben Tick (Issue 21, Punkt 5) und offene Entscheidungen, die
nicht verschwinden (Punkt 3).

Regeltext regeln/zeitstrahl.txt › Der Kampf: „Der mit der niedrigsten Position auf dem
Zeitstrahl ist als erstes an der Reihe. Wenn mehrere Parteien gleichzeitig dran sind, finden
deren Aktionen auch gleichzeitig statt.“ DESIGN.md: Wer „gleichzeitig“ handelt, würfelt gegen
den Stand vor dem Abtausch.
"""

from __future__ import annotations

import random

import pytest

from gm_helfer import zeitstrahl as z
from gm_helfer.protokoll import Verlauf
from gm_helfer.zeitstrahl import KampfFehler, simulation, zug
from gm_helfer.zeitstrahl.optionen import Optionen

from .test_zeitstrahl_kampf import SCHWERT, kaempfer

NACHEINANDER = Optionen(gleichzeitig=False)


def _zwei(optionen=None, lp_b=5, *, positionen=None):
    """Ada (Helden) und Ork (Feinde), beide bei Tick 0; der Ork hat nur ``lp_b`` Lebenspunkte."""
    ada = kaempfer("Ada", nk=12, waffen=(SCHWERT,))
    ork = kaempfer("Ork", "Feinde", nk=12, lp=lp_b, waffen=(SCHWERT,))
    k = z.neuer_kampf([ada, ork], optionen or Optionen())
    positionen = positionen or {"Ada": 0, "Ork": 0}
    schwierigkeit = {t.name: t.kaempfer.kampferfahrung + 10 + positionen[t.name] for t in k.teilnehmer}
    return z.anwenden(k, z.start_ereignis(k, schwierigkeit, augen={t.name: "10" for t in k.teilnehmer}))


TREFFER = {"angriff": "15", "zone": "4 1", "schaden": "6 6"}  # Torso, nicht empfindlich: 12


def test_wer_gleichzeitig_faellt_greift_noch_an():
    """„Wenn mehrere Parteien gleichzeitig dran sind, finden deren Aktionen auch gleichzeitig
    statt.“ – Ada fällt den Ork bei Tick 0; der Ork war gleichzeitig dran und schlägt trotzdem
    zu (vor der Änderung: „Ork ist kampfunfähig.“)."""
    k = _zwei()
    k = z.anwenden(k, z.angriff_ereignis(k, "Ada", "Ork", augen=TREFFER))
    assert k["Ork"].kampfunfaehig()
    assert k.am_zug == ("Ork",) and k.jetzt == 0 and zug.am_zug(k) == "Ork"
    assert zug.aktionen(k, "Ork")[0].erlaubt
    e = z.angriff_ereignis(k, "Ork", "Ada", augen=TREFFER)
    assert e.daten["treffer"] and e.daten["gleichzeitig"]["tick"] == 0
    k = z.anwenden(k, e)
    assert k["Ada"].lebenspunkte == 30 - 12
    assert k.abtausch is None and k.am_zug == ("Ada",) and k.jetzt == 4


def test_nacheinander_bleibt_als_option():
    """``Optionen(gleichzeitig=False)``: die frühere Lesart – wer zuerst fällt, handelt nicht mehr."""
    k = _zwei(NACHEINANDER)
    k = z.anwenden(k, z.angriff_ereignis(k, "Ada", "Ork", augen=TREFFER))
    assert k.abtausch is None and k.am_zug == ("Ada",)
    with pytest.raises(KampfFehler, match="Ork ist kampfunfähig"):
        z.angriff_ereignis(k, "Ork", "Ada", augen=TREFFER)


def test_alle_wuerfe_gegen_den_stand_vor_dem_abtausch():
    """Adas kritischer Treffer mit Effekt 4 („Erhöht bei dem Ziel die Patzerschwelle für einen
    Sturz um 5“) trifft den Ork gleichzeitig – seine gleichzeitige Probe würfelt noch ohne die
    erhöhte Schwelle (eine 3 ist kein Sturz); die neue Schwelle gilt ab seiner nächsten Probe."""
    k = _zwei(lp_b=40)
    k = z.anwenden(k, z.angriff_ereignis(k, "Ada", "Ork", augen={"angriff": "20", "krit": "4", "zone": "4 1", "schaden": "1 1"}))
    assert z.STURZSCHWELLE in k["Ork"].zustaende
    e = z.angriff_ereignis(k, "Ork", "Ada", augen={"angriff": "3", "zone": "4 1", "schaden": "1 1"})
    assert not e.daten["angriff"]["patzer"]
    k = z.anwenden(k, e)
    # die Schwelle aus dem Abtausch bleibt für die nächste Probe
    assert z.STURZSCHWELLE in k["Ork"].zustaende
    # nacheinander hätte die Probe schon die erhöhte Schwelle gesehen
    n = _zwei(NACHEINANDER, lp_b=40)
    n = z.anwenden(n, z.angriff_ereignis(n, "Ada", "Ork", augen={"angriff": "20", "krit": "4", "zone": "4 1", "schaden": "1 1"}))
    assert z.angriff_ereignis(n, "Ork", "Ada", augen={"angriff": "3", "zone": "4 1", "schaden": "1 1"}).daten["angriff"]["patzer"]


def test_zwei_gleichzeitige_angriffe_auf_einen_verteidiger():
    """Ada und Bo greifen bei Tick 0 gleichzeitig Cy (Tick 3) an. Cy darf gegen beide reagieren
    (beide Angriffe enden vor seiner Aktion, gewürfelt gegen den Stand vor dem Abtausch); die
    Zeit beider Paraden addiert sich, der Schaden beider Treffer auch."""
    ada = kaempfer("Ada", nk=12)
    bo = kaempfer("Bo", nk=12)
    cy = kaempfer("Cy", "Feinde", nk=12)
    k = z.neuer_kampf([ada, bo, cy])
    pos = {"Ada": 0, "Bo": 0, "Cy": 3}
    k = z.anwenden(k, z.start_ereignis(k, {n: 20 + p for n, p in pos.items()}, augen={n: "10" for n in pos}))
    e1 = z.angriff_ereignis(k, "Ada", "Cy", 0, "parade", verteidigungs_waffe=0,
                            augen={"angriff": "10", "verteidigung": "10"})  # 22 gegen 24: abgewehrt
    k = z.anwenden(k, e1)
    assert k["Cy"].position == 3 + 3 and k.konter is None
    e2 = z.angriff_ereignis(k, "Bo", "Cy", 0, "parade", verteidigungs_waffe=0,
                            augen={"angriff": "15", "verteidigung": "5", "zone": "4 1", "schaden": "3 3"})
    k = z.anwenden(k, e2)
    assert k["Cy"].position == 3 + 3 + 3 and k["Cy"].lebenspunkte == 30 - 6
    # nacheinander: nach der ersten Parade (Tick 6) endet Bos Angriff (Tick 4) vorher – keine Reaktion
    n = z.neuer_kampf([ada, bo, cy], NACHEINANDER)
    n = z.anwenden(n, z.start_ereignis(n, {x: 20 + p for x, p in pos.items()}, augen={x: "10" for x in pos}))
    n = z.anwenden(n, z.angriff_ereignis(n, "Ada", "Cy", 0, "parade", verteidigungs_waffe=0,
                                         augen={"angriff": "10", "verteidigung": "10"}))
    with pytest.raises(KampfFehler, match="keine Reaktion möglich"):
        z.angriff_ereignis(n, "Bo", "Cy", 0, "parade", verteidigungs_waffe=0, augen={"angriff": "15", "verteidigung": "5"})


def test_abtausch_spielt_aus_der_datei_gleich_nach(tmp_path):
    """Wiederholen des Protokolls ergibt denselben Stand samt offenem Abtausch."""
    k = _zwei()
    v = Verlauf(k, z.anwenden, system="zeitstrahl")
    v.ausfuehren(z.angriff_ereignis(v.zustand, "Ada", "Ork", augen=TREFFER))
    nach = v.zustand
    wieder = z.neuer_kampf([t.kaempfer for t in k.teilnehmer])
    for e in [z.start_ereignis(wieder, {"Ada": 20, "Ork": 20}, augen={"Ada": "10", "Ork": "10"})] + list(v.ereignisse):
        wieder = z.anwenden(wieder, e)
    assert wieder.abtausch is not None and wieder.am_zug == nach.am_zug == ("Ork",)


def test_alte_datei_spielt_nacheinander_weiter():
    kopf = _zwei().als_kopf()
    del kopf["optionen"]["gleichzeitig"]
    assert z.kampf_aus_kopf(kopf).optionen.gleichzeitig is False


def test_simulation_kennt_den_gleichzeitigen_doppelschlag():
    """Zwei, die bei Tick 0 beginnen und mit jedem Treffer fällen (Treffer mit jedem Wurf außer
    dem Patzer, 19/20): gleichzeitig fallen beide mit (19/20)², nacheinander nie – auf dem
    Ereignispfad wie in der gebündelten Maschine."""
    import math

    import numpy as np

    from gm_helfer.zeitstrahl import gebuendelt

    axt = z.Waffe("Axt", "nahkampf", 4, "W6+5")
    ada = kaempfer("Ada", nk=30, lp=1, waffen=(axt,))
    ork = kaempfer("Ork", "Feinde", nk=30, lp=1, waffen=(axt,))
    for gleichzeitig in (True, False):
        start = z.neuer_kampf([ada, ork], Optionen(start_schwierigkeit=0, gleichzeitig=gleichzeitig))
        taktik = simulation.taktiken(None, ("Helden", "Feinde"))
        p = (19 / 20) ** 2 if gleichzeitig else 0.0
        n = 400
        rng = random.Random(5)
        doppelt = sum(
            (aus := simulation._spielen_ab(start, taktik, rng, 100, {})).sieger is None
            and len(aus.ausgeschaltet) == 2 for _ in range(n))
        assert abs(doppelt / n - p) <= 5 * math.sqrt(p * (1 - p) / n), (gleichzeitig, doppelt)
        m = 4000
        e = gebuendelt.spielen(start, m, rng=np.random.default_rng(5), taktik=taktik)
        doppelt_b = int(((e.sieger == -1) & e.ausgeschaltet.all(1)).sum())
        assert abs(doppelt_b / m - p) <= 5 * math.sqrt(p * (1 - p) / m), (gleichzeitig, doppelt_b)


# --- Offene Entscheidungen verschwinden nicht (Punkt 3) -------------------------------------


def _konter_offen(optionen=None):
    """A greift B an, B hat eine Reaktion angesagt und pariert 3 besser als nötig → B darf kontern."""
    a = kaempfer("A", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 3, "2W6", 1, 10),))
    b = kaempfer("B", "Feinde", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 4, "2W6", 1, 10),))
    c = kaempfer("C", "Feinde", nk=10)
    k = z.neuer_kampf([a, b, c], optionen or Optionen())
    pos = {"A": 0, "B": 0, "C": 0}
    k = z.anwenden(k, z.start_ereignis(k, {n: 20 + p for n, p in pos.items()}, augen={n: "10" for n in pos}))
    k = z.anwenden(k, z.ansage_ereignis(k, "B"))
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "8", "verteidigung": "11"})
    return z.anwenden(k, e)


@pytest.mark.parametrize("optionen", [Optionen(), NACHEINANDER], ids=["gleichzeitig", "nacheinander"])
def test_offener_konter_verschwindet_nicht(optionen):
    """„Bei einer gut gelungenen aktiven Verteidigung (3 besser als nötig) ist ein sofortiger
    Gegenangriff möglich …“ – solange B nicht gekontert oder verzichtet hat, verweigert der
    nächste Schritt (C greift an, C tut etwas anderes) mit Grund, statt den Konter
    stillschweigend fallen zu lassen (vorher: der Konter war weg, ohne Eintrag)."""
    k = _konter_offen(optionen)
    assert k.konter == ("B", "A")
    for schritt in (lambda: z.angriff_ereignis(k, "C", "A", augen=TREFFER),
                    lambda: z.aktion_ereignis(k, "C", 2)):
        with pytest.raises(KampfFehler, match="B darf gegen A kontern – erst kontern oder auf den Konter verzichten"):
            schritt()
    verzicht = z.konter_verzicht_ereignis(k)
    assert "verzichtet auf den Konter" in verzicht.text
    k2 = z.anwenden(k, verzicht)
    assert k2.konter is None
    z.aktion_ereignis(k2, "C", 2)  # danach geht es weiter


def test_angesagte_reaktion_verfaellt_nicht_mitten_im_abtausch():
    """„Falls der Angriff allerdings ausbleibt, so verbraucht man auf diese Weise eine
    Zeiteinheit“ – im Abtausch kann der Angriff noch kommen: erst danach verfällt sie."""
    k = _zwei(lp_b=30)
    k = z.anwenden(k, z.ansage_ereignis(k, "Ork"))
    assert k.abtausch is not None and k.am_zug == ("Ada",)
    # Das Verfallen wartet: Ada ist gleichzeitig noch offen
    with pytest.raises(KampfFehler, match="handeln gleichzeitig noch Ada"):
        z.ansage_verfallen_ereignis(k, "Ork")
    # Adas Angriff trifft auf die Ansage: der Ork darf reagieren (im Stand vor dem Abtausch angesagt)
    e = z.angriff_ereignis(k, "Ada", "Ork", 0, "parade", verteidigungs_waffe=0, augen={"angriff": "5", "verteidigung": "10"})
    assert e.daten["verteidigung"] == "parade"


def test_offener_konter_verweigert_auch_ansagen():
    """Auch Ansage und Verfallen warten, bis über den Konter entschieden ist."""
    k = _konter_offen(NACHEINANDER)
    with pytest.raises(KampfFehler, match="B darf gegen A kontern"):
        z.ansage_ereignis(k, "C")
    assert zug.aktionen(k, "C")[0].grund == "B darf gegen A kontern – erst darüber entscheiden."
    konter = z.angriff_ereignis(k, "B", "A", augen={"angriff": "2"})
    assert konter.daten["konter_angriff"] and "greift A" in konter.text
    assert z.anwenden(k, konter).konter is None


def test_panel_sagt_wer_gleichzeitig_gegen_den_alten_stand_wuerfelt():
    k = _zwei()
    assert zug.abtausch_hinweis(k, "Ada") == ""
    k = z.anwenden(k, z.angriff_ereignis(k, "Ada", "Ork", augen=TREFFER))
    assert zug.abtausch_hinweis(k, "Ork") == (
        "Gleichzeitig bei Tick 0: Ork würfelt gegen den Stand vor dem Abtausch – auch wenn er "
        "inzwischen getroffen ist; danach gelten alle Ergebnisse zusammen.")
    stand = zug.wurf_stand(k, "Ork")
    assert not stand["Ork"].kampfunfaehig() and stand.abtausch is None
    assert zug.standard_ziel(k, "Ork") == "Ada"


def test_geheilter_steigt_beim_aktuellen_tick_wieder_ein():
    """Befund des Eigenschaftstests: der Spielleiter heilt einen Kampfunfähigen (Trank) – vorher
    stand er wieder auf seinem alten Tick und der Zeitstrahl lief zurück."""
    k = _zwei(NACHEINANDER)
    k = z.anwenden(k, z.angriff_ereignis(k, "Ada", "Ork", augen=TREFFER))
    k = z.anwenden(k, z.aktion_ereignis(k, "Ada", 5))
    assert k.jetzt == 9 and k["Ork"].position == 0 and k["Ork"].kampfunfaehig()
    e = z.lebenspunkte_ereignis(k, "Ork", 3, "Trank")
    assert e.text == "Ork: Lebenspunkte −7 → 3 (Trank) – wieder kampffähig, steigt bei Tick 9 wieder ein"
    k = z.anwenden(k, e)
    assert k.jetzt == 9 and k["Ork"].position == 9


def test_verfallen_nur_wer_dran_ist():
    """Befund des Eigenschaftstests: „Reaktion verfallen lassen“ nahm der Ereignis-Bauer auch
    von jemandem an, der erst später dran ist (das Panel verbot es; entstanden war der Stand
    durch den zurücklaufenden Zeitstrahl oben – hier von Hand gebaut)."""
    from gm_helfer.protokoll import Ereignis

    k = _zwei(NACHEINANDER, lp_b=30, positionen={"Ada": 0, "Ork": 3})
    k = z.anwenden(k, Ereignis("zustand", {"aenderungen": {"Ork": {"angesagt": True}}}))
    assert not zug.aktionen(k, "Ork")[3].erlaubt
    with pytest.raises(KampfFehler, match="Ork ist erst bei Tick 3 dran; jetzt ist Tick 0"):
        z.ansage_verfallen_ereignis(k, "Ork")


def test_konter_eines_kampfunfaehigen_laesst_sich_ausschlagen():
    """Befund des Eigenschaftstests: wurde der Verteidiger bei seiner glänzenden Abwehr
    kampfunfähig (waffenloser Block: „Der Schaden geht auf die entsprechenden Gliedmaßen.“),
    blieb der Konter offen, aber niemand durfte ihn ausschlagen – der Kampf stand."""
    a = kaempfer("A", nk=10, waffen=(z.Waffe("Säbel", "nahkampf", 3, "2W6", 1, 10),))
    b = kaempfer("B", "Feinde", nk=10, wl=10, lp=2, waffen=(z.Waffe("Faust", "waffenlos", 4, "W4"),))
    k = z.neuer_kampf([a, b], NACHEINANDER)
    k = z.anwenden(k, z.start_ereignis(k, {"A": 20, "B": 20}, augen={"A": "10", "B": "10"}))
    k = z.anwenden(k, z.ansage_ereignis(k, "B"))
    e = z.angriff_ereignis(k, "A", "B", 0, "blocken", verteidigungs_waffe=0,
                           augen={"angriff": "5", "verteidigung": "15", "schaden": "6 6"})
    k = z.anwenden(k, e)
    assert k["B"].kampfunfaehig() and k.konter == ("B", "A")
    aktionen = {a.schluessel: a for a in zug.aktionen(k, zug.am_zug(k))}
    assert aktionen["konter_verzichten"].erlaubt and not aktionen["konter"].erlaubt
    assert aktionen["konter"].grund == "B ist kampfunfähig."


def test_jupyter_kampfobjekt_spielt_den_abtausch():
    """Das Kampfobjekt für Jupyter/VS Code: im Abtausch gibt es noch keinen Sieger, der
    gleichzeitig Getroffene ist am Zug und greift an."""
    from gm_helfer.zeitstrahl import kampf as zk
    from gm_helfer.zeitstrahl.tisch import zellen

    kampf = zellen.kampf_starten(["herkulos", "soeldner"], rng=random.Random(3))
    kampf.start(augen="Herkulos: 20; Söldner: 20", schwierigkeit=25)
    assert kampf.zustand.am_zug == ("Herkulos", "Söldner")
    kampf.abwarten("Herkulos")
    kampf._schritt(lambda k: zk.lebenspunkte_ereignis(k, "Söldner", 0, "gleichzeitig getroffen"))
    assert kampf.zustand["Söldner"].kampfunfaehig() and kampf.sieger() is None
    assert kampf.zustand.am_zug == ("Söldner",)
    kampf.angriff("Söldner", "Herkulos", augen="1; patzer: 5")
    assert kampf.zustand.abtausch is None and kampf.sieger() == "Helden"
