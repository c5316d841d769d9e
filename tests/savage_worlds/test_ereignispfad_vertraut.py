"""Der schnelle Ereignispfad vertraut Daten, die die Bibliothek eben selbst gebaut hat (Issue 10):
dasselbe Ereignis mit kopierten Daten (wie aus einem Protokoll gelesen, also voll geprüft) ergibt
genau denselben Zustand."""

import copy
import random

import pytest

from gm_helfer import boegen
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds import kampf, simulation
from gm_helfer.schnell import gemerkt

# Ereignisart → die gemerkten Daten und woran der vertraute Weg den Zustand erkennt
VERTRAUT = {
    "karten": lambda e, z: gemerkt(e.daten["gezogen"])[0] is z.stapel,
    "angriff": lambda e, z: gemerkt(e.daten)[0] is z,
    "schaden": lambda e, z: gemerkt(e.daten)[0] is z,
}


@pytest.mark.parametrize("art", sorted(VERTRAUT))
def test_eben_gebaut_gleich_wie_gelesen(monkeypatch, art):
    echt = kampf.anwenden
    geprueft = []

    def vergleichen(z, e):
        neu = echt(z, e)
        if e.art == art:
            assert VERTRAUT[art](e, z)  # der vertraute Weg wird genommen
            kopie = Ereignis(e.art, copy.deepcopy(dict(e.daten)), e.regel, e.eingetippt, e.text)
            assert echt(z, kopie) == neu
            geprueft.append(e)
        return neu

    monkeypatch.setattr(simulation, "anwenden", vergleichen)
    bs = boegen.laden("savage_worlds").boegen
    simulation.ereignis_begegnung(bs, 8, rng=random.Random(5))
    assert len(geprueft) > 20


def test_fremder_zustand_wird_geprueft():
    """Ein Angriff, gebaut für einen Zustand, auf einen anderen angewandt: nicht vertraut, sondern
    wie gelesene Daten geprüft (deutsche Meldung)."""
    bs = boegen.laden("savage_worlds").boegen
    z = simulation._start(bs, None)
    z = kampf.anwenden(z, kampf.ereignis_runde(z))
    z = kampf.anwenden(z, kampf.ereignis_karten(z, rng=random.Random(2)))
    emp = z.naechster()
    z = kampf.anwenden(z, kampf.ereignis_am_zug(z, emp))
    a = z.mitglieder(emp)[0]
    gegner = next(k for k in z.kaempfer if k.seite != a.seite)
    e = kampf.ereignis_angriff(z, a.name, gegner.name, simulation._waffe(a), rng=random.Random(3))
    anders = kampf.anwenden(z, kampf.ereignis_fertig(z))
    with pytest.raises(kampf.KampfFehler, match="nicht an der Reihe"):
        kampf.anwenden(anders, e)


def test_nachgefuehrtes_verzeichnis_wie_neu_gebaut(monkeypatch):
    """Das Verzeichnis (Name → Kämpfer, Empfänger → Mitglieder), das ``_ersetze`` nachführt, statt es
    neu zu bauen, ist nach jedem Ereignis dasselbe wie ein frisch gebautes."""
    echt = kampf.anwenden
    geprueft = []

    def vergleichen(z, e):
        neu = echt(z, e)
        namen, gruppen = kampf._verzeichnis(neu)
        assert list(namen.items()) == [(k.name, k) for k in neu.kaempfer]
        frisch: dict = {}
        for k in neu.kaempfer:
            frisch.setdefault(neu.empfaenger(k), []).append(k)
        assert gruppen == {e_: tuple(m) for e_, m in frisch.items()} and list(gruppen) == list(frisch)
        geprueft.append(e)
        return neu

    monkeypatch.setattr(simulation, "anwenden", vergleichen)
    simulation.ereignis_begegnung(boegen.laden("savage_worlds").boegen, 3, rng=random.Random(7))
    assert len(geprueft) > 100


def test_ereignis_ohne_text_wie_konstruktor():
    """Die Bauer mit ``text=False`` bauen das Ereignis ohne den Konstruktor: gleich ``Ereignis(…)``,
    mit genau dessen Feldern (fällt auf, wenn ``Ereignis`` ein Feld dazubekommt)."""
    import dataclasses

    e = kampf._ohne_text("angriff", {"a": 1}, "Regel", True)
    assert e == Ereignis("angriff", {"a": 1}, regel="Regel", eingetippt=True)
    assert set(vars(e)) == {f.name for f in dataclasses.fields(Ereignis)}
    assert e.als_dict() == Ereignis("angriff", {"a": 1}, regel="Regel", eingetippt=True).als_dict()
