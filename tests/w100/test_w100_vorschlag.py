"""Vorschlag und „Gruppe handelt“ (Issue 26): der Vorschlag ist die Wahl der Simulation.

Die Simulation fragt je Handlung :func:`gm_helfer.w100.simulation.naechste_handlung`; hier wird
jede dieser Fragen aufgezeichnet und mit :func:`gm_helfer.w100.tisch.zug.vorschlag` im selben
Zustand verglichen – dieselbe Funktion, kein zweiter Nachbau.
"""

from __future__ import annotations

import random

import pytest

from gm_helfer import boegen, pfade
from gm_helfer.protokoll import Verlauf
from gm_helfer.w100 import anwenden, simulation
from gm_helfer.w100 import kampf as wk
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.optionen import Optionen
from gm_helfer.w100.tisch import zug

from .conftest import _john, _ork, _wolf

BOEGEN = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen


def _aufzeichnen(monkeypatch, taktik, saat, optionen=Optionen()):
    gesehen = []
    echt = simulation.naechste_handlung

    def merken(kampf, t, ziel, reihe=None):
        h = echt(kampf, t, ziel, reihe)
        gesehen.append((kampf, h))
        return h

    monkeypatch.setattr(simulation, "naechste_handlung", merken)
    start = kampf_aus_boegen(BOEGEN, optionen)
    simulation._spielen(start, rng=random.Random(saat), max_runden=30, taktik=taktik)
    monkeypatch.setattr(simulation, "naechste_handlung", echt)
    return gesehen


def _gleich(v, h):
    assert v is not None
    assert (v.schluessel, v.wer) == (h.art, h.wer)
    assert (v.ziel, v.waffe, v.nach) == (h.ziel, h.waffe, h.nach)
    assert (v.abwehr, v.punkte) == ((h.abwehr, h.punkte) if h.punkte else ("keine", 0))


@pytest.mark.parametrize("taktik", [simulation.Taktik(), simulation.Taktik(abwehr="parade", einsatz="haelfte"),
                                    simulation.Taktik(ziel="schwaechster"), simulation.Taktik(ziel="erster")])
@pytest.mark.parametrize("saat", range(4))
def test_vorschlag_ist_die_wahl_der_simulation(monkeypatch, taktik, saat):
    """Zu Beginn jedes Zuges (und bei „den Nächsten“ in jedem Zustand ohne Bewegung in diesem
    Zug) schlägt der Tisch genau vor, was der Ereignispfad spielt – und der Vorschlag ist erlaubt."""
    geprueft = 0
    for kampf, h in _aufzeichnen(monkeypatch, taktik, saat):
        ich = kampf[kampf.am_zug]
        zugbeginn = not (ich.angriffshandlungen or ich.waffen_in_aktion or ich.bewegungen)
        if not (zugbeginn or (taktik.ziel == "naechster" and not ich.bewegungen)):
            continue
        v = zug.vorschlag(kampf, kampf.am_zug, taktik=taktik)
        _gleich(v, h)
        geprueft += 1
        if v.schluessel == "angriff":  # erlaubt: dieselben Prüfungen wie ein Angriff von Hand
            wk.angriff_planen(kampf, v.wer, v.ziel, v.waffe, flee=v.punkte if v.abwehr == "ausweichen" else 0,
                              parade=v.punkte if v.abwehr == "parade" else 0)
            erlaubt = {a.schluessel for a in zug.abwehr_moeglichkeiten(kampf, v.wer, v.ziel, v.waffe) if a.erlaubt}
            assert v.abwehr in erlaubt
        else:
            assert any(a.erlaubt and a.schluessel == v.schluessel for a in zug.aktionen(kampf, v.wer))
    assert geprueft > 20


def _bereit(*kaempfer, augen):
    k = wk.neuer_kampf(kaempfer)
    k = anwenden(k, wk.initiative_ereignis(k, augen=augen))
    return anwenden(k, wk.ergreifen_verzicht_ereignis(k))


def test_nichts_zu_tun_heisst_none():
    k = wk.neuer_kampf([_john(), _ork()])
    assert zug.vorschlag(k, "Ork") is None  # vor der Initiative
    k = anwenden(k, wk.initiative_ereignis(k, augen={"John": "90", "Ork": "10"}))
    assert zug.vorschlag(k, "John") is None  # „Initiative Ergreifen“ ist offen
    k = anwenden(k, wk.ergreifen_verzicht_ereignis(k))
    assert zug.vorschlag(k, "Ork") is None  # nicht am Zug
    assert zug.vorschlag(k, "John").schluessel == "angriff"


def test_vorschlag_spielen_ist_ein_schritt():
    k = _bereit(_john(), _wolf(), augen={"John": "10", "Wolf": "90"})
    v = Verlauf(k, anwenden)
    v0 = zug.vorschlag(k, "Wolf")
    assert v0.schluessel == "bewegung"  # der Wolf steht 10 m weg
    ereignisse = zug.vorschlag_spielen(v, "Wolf", rng=random.Random(1))
    assert [e.art for e in ereignisse] == ["zug_beginn", "bewegung"]
    assert len(set(v.schritte)) == 1
    v.rueckgaengig()
    assert len(v) == 0 and v.zustand == k
    with pytest.raises(zug.W100Fehler, match="nicht am Zug"):
        zug.vorschlag_spielen(v, "John", rng=random.Random(1))


def test_gruppe_handelt_bis_zur_abwehr_eines_helden_und_ein_rueckgaengig():
    """Zwei NSC vor dem Helden: der Wolf rückt vor und beißt; John hat Flee – vor dem Biss hält
    die Gruppe an, der Spielleiter sagt die Abwehr an."""
    k = _bereit(_john(), _wolf(), _ork(), augen={"John": "5", "Wolf": "90", "Ork": "80"})
    v = Verlauf(k, anwenden)
    g = zug.gruppe_handelt(v, rng=random.Random(2))
    assert g.zuege[0][0] == "Wolf" and g.offen is not None
    assert (g.offen.wer, g.offen.ziel, g.offen.abwehr) == ("Wolf", "John", "ausweichen")
    assert "Abwehr" in g.halt
    assert len(set(v.schritte)) == 1  # ein Schritt: ein Rückgängig nimmt die Gruppe zurück
    v.rueckgaengig()
    assert v.zustand == k


def test_gruppe_handelt_spielt_nsc_nacheinander_bis_zum_helden():
    """John ohne Flee und ohne freien Nahkampf-OB: keine Abwehr zu entscheiden. Initiative Wolf
    220 (zwei Züge: 220, 120), Ork 105, John 50 – die Gruppe spielt drei NSC-Züge, dann John."""
    k = _bereit(_john(flee=0, parade_gebunden=10_000), _wolf(), _ork(),
                augen={"John": "5", "Wolf": "90", "Ork": "80"})
    v = Verlauf(k, anwenden)
    g = zug.gruppe_handelt(v, rng=random.Random(3))
    assert [w for w, _ in g.zuege] == ["Wolf", "Wolf", "Ork"]
    assert g.offen is None and "John ist am Zug" in g.halt
    assert zug.am_zug(v.zustand) == "John"
    assert all(e.art != "zug_ende" or e.daten["name"] in ("Wolf", "Ork") for e in v.ereignisse)
    assert len(set(v.schritte)) == 1
    v.rueckgaengig()
    assert v.zustand == k


def test_gruppe_handelt_mit_helden_abwehr_nach_taktik():
    k = _bereit(_john(), _wolf(), _ork(), augen={"John": "5", "Wolf": "90", "Ork": "80"})
    v = Verlauf(k, anwenden)
    g = zug.gruppe_handelt(v, rng=random.Random(2), helden_abwehr=True)
    assert g.offen is None
    assert [w for w, _ in g.zuege][:1] == ["Wolf"]
    assert any(e.art == "angriff" and e.daten["ziel"] == "John" for e in v.ereignisse)
    assert len(set(v.schritte)) == 1
