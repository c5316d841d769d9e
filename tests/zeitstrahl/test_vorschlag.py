"""Vorschläge der Taktik am Tisch (Issue 26): derselbe Code wie der Ereignispfad der Simulation.

Zufällige Live-Zustände (Sitzungen des Eigenschaftstests: Abtausch, offene Konter, angesagte
Reaktionen, Spielleiter-Eingriffe): der Vorschlag für wen auch immer dran ist, ist erlaubt
(:func:`zug.aktionen`), und gespielt mit denselben Würfeln ergibt er genau den Zustand, den die
Simulation (``simulation._schritt``) aus demselben Zustand macht. ``gruppe_handelt`` spielt die
NSCs des Ticks als einen Schritt.
"""

from __future__ import annotations

import random

import pytest

from gm_helfer import zeitstrahl as z
from gm_helfer.protokoll import VERMERK, Verlauf
from gm_helfer.zeitstrahl import simulation
from gm_helfer.zeitstrahl.tisch import zug
from gm_helfer.zug import GRUPPE_HAELT

from .test_fluss_eigenschaften import _Sitzung

TAKTIK = simulation.taktiken(None, ("Helden", "Feinde"))


def _live_zustaende(anzahl: int, tmp_path):
    """Zustände aus zufälligen Sitzungen, nach jedem ihrer Schritte."""
    for saat in range(anzahl):
        s = _Sitzung(saat, tmp_path)
        s.mit_datei = False
        try:
            s.spielen()
        except AssertionError:
            continue
        yield from s.v.zustaende


def _laeuft(k: z.Kampf) -> bool:
    return k.gestartet and (len({t.partei for t in k.aktive}) > 1 or k.abtausch is not None)


@pytest.mark.slow  # 60 zufällige Sitzungen, jeder Zustand gegen die Simulation: in CI, nicht im schnellen Lauf
def test_vorschlag_ist_erlaubt_und_gleich_der_simulation(tmp_path):
    geprueft = konter = abtausch = 0
    for k in _live_zustaende(60, tmp_path):
        if not _laeuft(k) or any(t.angesagt for t in k.teilnehmer):
            continue
        w = simulation.zugwahl(k, TAKTIK, {}, random.Random(0))
        v = zug.vorschlag(k, w.wer)
        assert v is not None and v.wahl == w
        erlaubt = {a.schluessel: a for a in zug.aktionen(k, v.wer)}
        assert erlaubt[v.schluessel].erlaubt, (v, erlaubt[v.schluessel].grund)
        # mit denselben Würfeln: Vorschlag spielen (ggf. Verzicht, dann der Nächste) = Simulation
        sim = simulation._schritt(k, random.Random(7), {}, TAKTIK)
        verlauf = Verlauf(k, z.anwenden)
        rng = random.Random(7)
        zug.vorschlag_spielen(verlauf, v.wer, rng=rng, vorschlag_=v)
        if v.schluessel == "konter_verzichten":
            naechster = simulation.zugwahl(verlauf.zustand, TAKTIK, {}, rng).wer
            zug.vorschlag_spielen(verlauf, naechster, rng=rng)
        assert verlauf.zustand == sim
        geprueft += 1
        konter += k.konter is not None
        abtausch += k.abtausch is not None
    assert geprueft > 200 and konter > 5 and abtausch > 20, (geprueft, konter, abtausch)


def test_niemand_ausser_der_reihe():
    schwert = z.Waffe("Schwert", "nahkampf", 4, "2W6")
    k = z.neuer_kampf([z.Kaempfer("Ada", "Helden", fertigkeiten=(("nahkampf", 12),), waffen=(schwert,)),
                       z.Kaempfer("Ork", "Feinde", fertigkeiten=(("nahkampf", 10),), waffen=(schwert,))])
    assert zug.vorschlag(k, "Ada") is None  # vor dem Start
    k = z.anwenden(k, z.start_ereignis(k, {"Ada": 20, "Ork": 23}, augen={"Ada": "10", "Ork": "10"}))
    assert zug.vorschlag(k, "Ork") is None and zug.vorschlag(k, "Ada") is not None


def _gruppe(ada: str, datei=None) -> Verlauf:
    schwert = z.Waffe("Schwert", "nahkampf", 4, "2W6")
    k = z.neuer_kampf([
        z.Kaempfer("Ada", "Helden", lebenspunkte=80, fertigkeiten=(("nahkampf", 12),), waffen=(schwert,)),
        z.Kaempfer("Ork", "Feinde", lebenspunkte=30, fertigkeiten=(("nahkampf", 10),), waffen=(schwert,)),
        z.Kaempfer("Goblin", "Feinde", lebenspunkte=30, fertigkeiten=(("nahkampf", 10),), waffen=(schwert,)),
    ], z.Optionen(gleichzeitig=True))
    v = Verlauf(k, z.anwenden, datei=datei, system="zeitstrahl", kopf=k.als_kopf())
    v.ausfuehren(z.start_ereignis(k, 20, augen={"Ada": ada, "Ork": "10", "Goblin": "10"}))
    return v


def test_gruppe_haelt_vor_der_verteidigung_eines_helden():
    v = _gruppe("9")  # Ada ist einen Tick nach den Feinden dran: sie darf aktiv verteidigen
    assert set(v.zustand.am_zug) == {"Ork", "Goblin"}
    n = len(v.ereignisse)
    g = zug.gruppe_handelt(v, rng=random.Random(3))
    assert g.zuege == () and "Ada entscheidet" in g.halt
    # gespielt ist nichts; der Halt steht als Vermerk im Protokoll (der Zustand bleibt)
    assert len(v.ereignisse) == n + 1 and v.ereignisse[-1].art == VERMERK and v.zustand == v.zustaende[n]
    assert v.ereignisse[-1].daten[GRUPPE_HAELT] == {"angreifer": "Goblin", "ziel": "Ada"}


def test_gruppe_handelt_den_ganzen_tick_mit_einem_rueckgaengig():
    v = _gruppe("2")  # Ada ist weit hinten: keine Reaktion möglich, die Feinde handeln beide
    vorher = v.zustand
    g = zug.gruppe_handelt(v, rng=random.Random(3))
    assert sorted(w for w, _ in g.zuege) == ["Goblin", "Ork"], g
    assert v.zustand.abtausch is None and "Tick" in g.halt
    assert len(v.ereignisse) == 3 and len(set(v.schritte[1:])) == 1
    v.rueckgaengig()
    assert v.zustand == vorher
