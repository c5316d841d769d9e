"""Vorschläge der Taktik (Issue 26, Punkte 1–3): dieselbe Taktik wie die Simulation.

Die Schrittmaschine :func:`gm_helfer.savage_worlds.vorschlag.naechster_schritt` muss aus jedem
Zustand, den die Simulation erreicht, genau das Ereignis vorschlagen, das die Simulation dort
schreibt: beide Wege spielen ganze Kämpfe mit derselben Saat, jedes Ereignis wird verglichen.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import simulation as sim
from gm_helfer.savage_worlds.tisch import zug
from gm_helfer.savage_worlds.vorschlag import ereignis, naechster_schritt, taktik_je_seite

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from begegnung_messen import gefecht_boegen  # noqa: E402

TAKTIKEN = [
    sim.Taktik(),
    {"Helden": sim.Taktik(wegstecken="ausser_gefecht", erholung="nach_fehlschlag"),
     "Schurken": sim.Taktik(ziel="staerkster", erholung="sofort")},
    sim.Taktik(ziel="zufall", wegstecken="nie"),
]


def _start() -> k.Kampfzustand:
    return sim._start(gefecht_boegen(), None)


def _simulation_ereignisse(start: k.Kampfzustand, taktik, saat: int) -> list:
    """Die Ereignisse, die die Simulation schreibt (``anwenden`` der Simulation mitgeschrieben)."""
    geschrieben = []
    echt = sim.anwenden

    def mitschreiben(z, e):
        geschrieben.append(e)
        return echt(z, e)

    sim.anwenden = mitschreiben
    try:
        sim._spielen(start, sim.taktiken(taktik, sim._seiten(start)), rng=random.Random(saat), max_runden=30)
    finally:
        sim.anwenden = echt
    return geschrieben


@pytest.mark.parametrize("saat", range(6))
def test_vorschlag_gleich_simulation(saat: int) -> None:
    start = _start()
    taktik = TAKTIKEN[saat % len(TAKTIKEN)]
    erwartet = _simulation_ereignisse(start, taktik, saat)
    tk = taktik_je_seite(start, taktik)
    rng = random.Random(saat)
    z = start
    for nummer, e in enumerate(erwartet):
        v = naechster_schritt(z, tk, rng)
        assert v is not None, f"Ereignis {nummer}: die Simulation schreibt {e.art}, der Vorschlag ist: entschieden"
        eigen = ereignis(z, v, rng=rng, text=False)
        assert (eigen.art, dict(eigen.daten)) == (e.art, dict(e.daten)), f"Ereignis {nummer}"
        z = k.anwenden(z, eigen)
    assert naechster_schritt(z, tk, rng) is None or z.runde >= 30


@pytest.mark.parametrize("saat", range(4))
def test_vorschlag_ist_erlaubt_und_ein_schritt(saat: int) -> None:
    """Am Tisch: jeder Vorschlag geht durch die Regelprüfungen eines Klicks, ein Rückgängig nimmt ihn zurück."""
    r = random.Random(saat)
    v = Verlauf(_start(), k.anwenden)
    zug.neue_runde(v, rng=r)
    for _ in range(40):
        z = v.zustand
        nv = naechster_schritt(z, taktik_je_seite(z), r)
        if nv is None:
            break
        if nv.aktion == "runde":
            zug.neue_runde(v, rng=r)
            continue
        wer = nv.wer or ""
        vorschlag = zug.vorschlag(z, wer, rng=random.Random(saat))
        assert vorschlag is not None and vorschlag.aktion == nv.aktion
        if vorschlag.aktion == "angriff":
            erlaubt = {a.schluessel: a for a in zug.aktionen(z, wer)}
            assert erlaubt["angriff"].erlaubt, erlaubt["angriff"].grund
        anzahl = len(v.ereignisse)
        neu = zug.vorschlag_spielen(v, wer, rng=r)
        assert neu and len(v.ereignisse) == anzahl + len(neu)
        if saat == 0:
            nachher = v.zustand
            v.rueckgaengig()
            assert len(v.ereignisse) == anzahl
            v.wiederholen()
            assert v.zustand.kaempfer == nachher.kaempfer


def test_gruppe_handelt_banditen() -> None:
    """Die Banditen teilen eine Karte: ein Klick lässt alle handeln, ein Rückgängig nimmt alle zurück."""
    for saat in range(30):
        r = random.Random(saat)
        v = Verlauf(_start(), k.anwenden)
        zug.neue_runde(v, rng=r)
        for _ in range(60):
            z = v.zustand
            if z.am_zug == "Banditen" and not any(n.startswith("Bandit") for n, _ in z.aktionen_runde):
                anzahl = len(v.ereignisse)
                aus = zug.gruppe_handelt(v, rng=r)
                handelnde = {w for w, _ in aus if w.startswith("Bandit")}
                assert len(handelnde) >= 2, aus
                v.rueckgaengig()
                assert len(v.ereignisse) == anzahl
                return
            nv = naechster_schritt(z, taktik_je_seite(z), r)
            if nv is None:
                break
            if nv.aktion == "runde":
                zug.neue_runde(v, rng=r)
            else:
                zug.vorschlag_spielen(v, nv.wer or "", rng=r)
    pytest.fail("Die Banditen kamen nie an die Reihe.")


def test_jupyter_vorschlag_und_lagebild(tmp_path) -> None:
    """Jupyter: ``kampf.vorschlag(wer)``, ``kampf.vorschlag_spielen()``, ``kampf.gruppe_handelt()``, ``kampf.lagebild()``."""
    from gm_helfer.savage_worlds.tisch.zellen import kampf_starten

    kampf = kampf_starten(["brakka", "mira", "bandit"], rng=random.Random(3), ordner=tmp_path)
    kampf.runde()
    for _ in range(30):
        z = kampf.zustand
        v = kampf.vorschlag()
        if v is None:
            break
        if v.aktion == "runde":
            kampf.runde()
        elif z.am_zug == "Banditen" and v.aktion == "angriff":
            anzahl = len(kampf.verlauf.ereignisse)
            kampf.gruppe_handelt()
            assert len(kampf.verlauf.ereignisse) > anzahl
            kampf.rueckgaengig()
            assert len(kampf.verlauf.ereignisse) == anzahl
            kampf.gruppe_handelt()
        else:
            assert kampf.vorschlag(v.wer) is not None or v.aktion == "fertig"
            kampf.vorschlag_spielen()
    bild = kampf.lagebild(200)
    assert bild.anzahl == 200 and "Helden gewinnen" in bild.text()


def test_vorschlag_bis_zugende() -> None:
    """``bis_zugende``: ein Angriff des einzigen Mitglieds einer Karte beendet den Zug im selben Schritt."""
    for saat in range(20):
        r = random.Random(saat)
        v = Verlauf(_start(), k.anwenden)
        zug.neue_runde(v, rng=r)
        z = v.zustand
        nv = naechster_schritt(z, taktik_je_seite(z), r)
        if nv is None or nv.aktion != "angriff" or len(z.mitglieder(z.am_zug)) != 1:
            continue
        karte = z.am_zug
        neu = zug.vorschlag_spielen(v, nv.wer, rng=r, bis_zugende=True)
        if v.zustand.offener_schaden is None and not any(kf.ag_probe_offen for kf in v.zustand.kaempfer):
            assert karte in v.zustand.gehandelt and v.zustand.am_zug != karte
            assert "fertig" in [e.art for e in neu]
            v.rueckgaengig()
            assert v.zustand.am_zug == karte and not v.zustand.aktionen_runde
            return
    pytest.fail("Kein passender Zug gefunden.")
