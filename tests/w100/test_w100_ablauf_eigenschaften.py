"""Eigenschaftstest des Ablaufs einer W100-Sitzung über die Zug-Schnittstelle.

Zufällige, mit fester Saat gespielte Sitzungen (``gm_helfer.w100.zug``): zufällige Klicks aus dem,
was das Panel anbietet (auch verbotene – sie müssen abgelehnt werden und nichts ändern),
eingetippte und vom Programm gewürfelte Würfel, Rückgängig eines ganzen Schritts, Fortsetzen
aus der Datei. Nach jedem Schritt gilt:

- jeder Initiativezug geschieht je Runde genau einmal: wer bei „neue Runde“ kampffähig ist, hatte
  so viele Züge, wie seine Initiative zu Rundenbeginn trug („Nach ihrem Zug sinkt ihre Initiative
  um 100 Punkte. Solange noch kampffähige Beteiligte Initiative übrig haben, setzt sich die
  Reihenfolge nach den verbleibenden Werten fort.“), und jeder Zug beginnt bei dem, der an der
  Reihe ist;
- keine offene Entscheidung verschwindet ohne Ereignis: „Initiative Ergreifen“ endet nur mit
  ``ergreifen`` oder ``ergreifen_verzicht``; jeder Angriff hält die Abwehr des Ziels fest
  (angesagt oder keine);
- erlaubt heißt: der Klick gelingt; verboten heißt: er wird mit Grund abgelehnt und ändert nichts;
- Rückgängig eines Schritts stellt den Zustand davor her, Wiederholen den danach;
- das Protokoll neu eingespielt ergibt den Live-Zustand, ebenso die fortgesetzte Datei.

In CI 200 Sitzungen; mehr mit ``W100_SITZUNGEN=5000``.
"""

from __future__ import annotations

import math
import os
import random
from collections import Counter

import pytest

from gm_helfer.protokoll import Verlauf
from gm_helfer.w100 import Optionen, W100Fehler, anwenden, neuer_kampf, sitzung, zug
from gm_helfer.w100 import kampf as wk

from .conftest import KURZBOGEN, _john, _mira, _ork, _wolf

SITZUNGEN = int(os.environ.get("W100_SITZUNGEN", "200"))
SCHRITTE = 40


def _aufstellung(rng: random.Random) -> list[wk.Kaempfer]:
    from dataclasses import replace

    john = _john()
    if rng.random() < 0.3:
        john = replace(john, waffen=john.waffen + (KURZBOGEN,))
    alle = [john, _ork(), _wolf(), _mira()]
    rng.shuffle(alle)
    gewaehlt = alle[: rng.randint(2, 4)]
    if len({k.seite for k in gewaehlt}) < 2:
        gewaehlt = [john, _ork()]
    return [replace(k, angriffshandlungen_je_zug=rng.choice([None, None, 0, 1, 2]),
                    lp_max=rng.randint(15, 60)) for k in gewaehlt]


def _optionen(rng: random.Random) -> Optionen:
    return Optionen(
        lucky_seven=rng.random() < 0.3,
        initiative_neu_wuerfeln=rng.random() < 0.5,
        parade_bis_rundenende=rng.random() < 0.3,
        parade_gegen_fernkampf=rng.random() < 0.3,
        patzer_folge=rng.choice(["angriff", "angriffshandlung"]),
    )


def _w100_augen(rng: random.Random) -> str:
    return rng.choice(["00", "77", "1", "5", "50", "75", "89", "99", str(rng.randint(1, 100))])


def _schaden_augen(rng: random.Random, waffe: wk.Waffe) -> str:
    if rng.random() < 0.4:
        return ""  # leer = Programm würfelt
    return ", ".join(str(rng.randint(1, g.seiten)) for g, _ in waffe.ausdruck.einzelwuerfel())


def _klicks(kampf: wk.Kampf, rng: random.Random, wuerfel: random.Random):
    """Was das Panel jetzt anbietet, als (Name, Funktion(verlauf), erwartet_erlaubt | None)."""
    klicks = []
    wer = zug.am_zug(kampf)
    if wer is None:
        (runde,) = zug.aktionen(kampf, None)
        namen = [k.name for k in kampf.kaempfer if k.kampffaehig(kampf.optionen)]
        augen = {n: _w100_augen(rng) for n in namen if rng.random() < 0.5}
        klicks.append((runde.schluessel, lambda v: zug.neue_runde(v, rng=wuerfel, augen=augen or None), runde.erlaubt))
        return klicks
    offen = [e.schluessel for e in zug.offene_entscheidungen(kampf)]
    if "initiative_ergreifen" in offen:
        name = rng.choice([k.name for k in kampf.kaempfer])
        klicks.append(("ergreifen", lambda v: zug.ergreifen(v, name), None))
        klicks.append(("verzichten", zug.ergreifen_verzichten, True))
    erlaubt = {a.schluessel: a for a in zug.aktionen(kampf, wer)}
    ziele = [k.name for k in kampf.kaempfer if k.name != wer and k.kampffaehig(kampf.optionen)]
    waffen = [w for w in kampf[wer].waffen if w.ausgeruestet]
    if ziele and waffen:
        ziel = (zug.standard_ziel(kampf, wer) or ziele[0]) if rng.random() < 0.5 else rng.choice(ziele)
        w = rng.choice(waffen)
        moeglich = zug.abwehr_moeglichkeiten(kampf, wer, ziel, w.name)
        art = rng.choice(moeglich)
        z = kampf[ziel]
        vorrat = {"keine": 0, "ausweichen": z.flee or 0, "parade": z.parade_frei}[art.schluessel]
        punkte = rng.randint(1, vorrat) if vorrat and art.schluessel != "keine" else 0
        getippt = rng.random() < 0.5
        w100_augen = _w100_augen(rng) if getippt else None
        schaden = _schaden_augen(rng, w) if getippt else None

        angesagt = art.schluessel if punkte else "keine"

        def angreifen(v, ziel=ziel, w=w, art=angesagt, punkte=punkte, w100_augen=w100_augen, schaden=schaden):
            return zug.angreifen(v, wer, ziel, w.name, abwehr=art, punkte=punkte,
                                 rng=wuerfel, augen=w100_augen, schaden_augen=schaden)

        # verbotener Angriff oder verboten angesagte Abwehr → Ablehnung erwartet; erlaubt heißt nicht,
        # dass gerade diese Waffe dieses Ziel erreicht (das prüft erst der Klick)
        # („Angreifen“ gilt den Gegnern: ein Verbündeter in Reichweite macht es nicht erlaubt)
        gegner = kampf[ziel].seite != kampf[wer].seite
        verboten = (not erlaubt["angriff"].erlaubt and gegner) or (angesagt != "keine" and not art.erlaubt)
        klicks.append(("angriff", angreifen, False if verboten else None))
        if erlaubt["angriff"].erlaubt and rng.random() < 0.7:
            # der Standardangriff des Panels muss gelingen
            sz, sw = zug.standard_ziel(kampf, wer), zug.standard_waffe(kampf, wer)
            klicks.append(("standardangriff", lambda v: zug.angreifen(v, wer, sz, sw, rng=wuerfel), True))
        klicks.append(("bewegung", lambda v, ziel=ziel: zug.bewegen(v, wer, auf=ziel), erlaubt["bewegung"].erlaubt or None))
    klicks.append(("zug_beenden", zug.zug_beenden, erlaubt["zug_beenden"].erlaubt))
    if rng.random() < 0.05:
        name = rng.choice([k.name for k in kampf.kaempfer])
        zahl = rng.choice([None, 0, 1, 2, ""])
        klicks.append(("handlungen", lambda v: zug.handlungen_setzen(v, name, angriffshandlungen=zahl,
                                                                     bewegungen=rng.choice([None, 1, 2])), True))
    return klicks


def _pruefe_protokoll(start: wk.Kampf, ereignisse) -> wk.Kampf:
    """Spielt das Protokoll neu ein und prüft Zugfolge und offene Entscheidungen; gibt den Zustand."""
    k = start
    zuege: Counter[str] = Counter()
    trug: dict[str, int] = {}
    for e in ereignisse:
        vorher = k
        if e.art == "neue_runde":
            for f in k.kaempfer:
                if f.kampffaehig(k.optionen):
                    assert zuege[f.name] == trug.get(f.name, 0), (
                        f"Runde {k.runde}: {f.name} hatte {zuege[f.name]} Züge, seine Initiative trug {trug.get(f.name)}")
        if e.art == "zug_beginn":
            assert e.daten["name"] == wk.naechster(k)
        k = anwenden(k, e)
        if e.art in ("initiative", "neue_runde"):
            zuege = Counter()
            trug = {f.name: (math.ceil(f.initiative / 100) if f.initiative and f.initiative >= 1 else 0)
                    for f in k.kaempfer}
        if e.art == "zug_ende":
            zuege[e.daten["name"]] += 1
        if wk.ergreifen_offen(vorher) and not wk.ergreifen_offen(k):
            assert e.art in ("ergreifen", "ergreifen_verzicht"), f"Initiative Ergreifen verschwand mit {e.art}"
        if e.art == "angriff":
            assert e.daten["abwehr"] in ("keine", "ausweichen", "parade")
            if e.daten["abwehr"] == "ausweichen":
                assert k[e.daten["ziel"]].flee == vorher[e.daten["ziel"]].flee - e.daten["abwehr_punkte"]
    return k


def _eine_sitzung(saat: int, ordner) -> Counter[str]:
    rng = random.Random(saat)
    wuerfel = random.Random(saat + 10_000)
    start = neuer_kampf(_aufstellung(rng), _optionen(rng))
    datei_nutzen = saat % 10 == 0
    verlauf = sitzung.neuer_verlauf(start, ordner, name=f"e{saat}") if datei_nutzen else Verlauf(start, anwenden)
    gesehen: Counter[str] = Counter()
    try:
        for _ in range(SCHRITTE):
            kampf = verlauf.zustand
            if wk.sieger(kampf) is not None and kampf.runde:
                break
            name, klick, erwartet = rng.choice(_klicks(kampf, rng, wuerfel))
            vorher, n = verlauf.zustand, len(verlauf.ereignisse)
            try:
                klick(verlauf)
                gelungen = True
            except W100Fehler as fehler:
                gelungen = False
                assert str(fehler).strip(), name
                assert verlauf.zustand == vorher and len(verlauf.ereignisse) == n, f"{name}: Ablehnung änderte etwas"
            if erwartet is not None:
                assert gelungen == erwartet, f"Saat {saat}: {name} erwartet {'erlaubt' if erwartet else 'abgelehnt'}"
            gesehen[f"{name}:{'ja' if gelungen else 'nein'}"] += 1
            if gelungen:
                assert len(verlauf.ereignisse) > n
                nachher = verlauf.zustand
                if rng.random() < 0.15:  # ein Rückgängig nimmt den ganzen Klick zurück, Wiederholen bringt ihn
                    verlauf.rueckgaengig()
                    assert verlauf.zustand == vorher and len(verlauf.ereignisse) == n, f"{name}: Rückgängig"
                    verlauf.wiederholen()
                    assert verlauf.zustand == nachher
                    gesehen["rueckgaengig"] += 1
            assert _pruefe_protokoll(start, verlauf.ereignisse) == verlauf.zustand
            if datei_nutzen and rng.random() < 0.1:  # Fortsetzen aus der Datei
                live, schritte = verlauf.zustand, verlauf.schritte
                datei = verlauf.datei
                verlauf.schliessen()
                verlauf, warnungen = sitzung.fortsetzen(datei)
                assert not warnungen and verlauf.zustand == live
                assert verlauf.schritte == schritte  # die Schritte (Klicks) kommen aus der Datei mit
                gesehen["fortgesetzt"] += 1
    finally:
        verlauf.schliessen()
    return gesehen


@pytest.mark.slow  # etwa 8 s Rechenzeit: läuft in CI (``pytest``), nicht im schnellen Lauf
def test_zufaellige_sitzungen_ueber_die_zug_schnittstelle(tmp_path):
    gesehen: Counter[str] = Counter()
    for saat in range(SITZUNGEN):
        gesehen.update(_eine_sitzung(saat, tmp_path))
    # die Sitzungen kamen überall hin: Angriffe, Bewegungen, Rundenwechsel, Rückgängig, Fortsetzen
    for schluessel in ("angriff:ja", "angriff:nein", "standardangriff:ja", "bewegung:ja", "zug_beenden:ja",
                       "neue_runde:ja", "verzichten:ja", "ergreifen:ja", "rueckgaengig", "fortgesetzt"):
        assert gesehen[schluessel] > 0, (schluessel, gesehen)
