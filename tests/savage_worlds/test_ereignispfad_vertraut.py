"""Der schnelle Ereignispfad vertraut Daten, die die Bibliothek eben selbst gebaut hat (Issue 10):
dasselbe Ereignis mit kopierten Daten (wie aus einem Protokoll gelesen, also voll geprüft) ergibt
genau denselben Zustand."""

import copy
import random

from gm_helfer import boegen
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds import kampf, simulation
from gm_helfer.schnell import gemerkt


def test_karten_eben_gezogen_gleich_wie_gelesen(monkeypatch):
    echt = kampf.anwenden
    geprueft = []

    def vergleichen(z, e):
        neu = echt(z, e)
        if e.art == "karten":
            assert gemerkt(e.daten["gezogen"])[0] is z.stapel  # der vertraute Weg wird genommen
            kopie = Ereignis(e.art, copy.deepcopy(dict(e.daten)), e.regel, e.eingetippt, e.text)
            assert echt(z, kopie) == neu
            geprueft.append(e)
        return neu

    monkeypatch.setattr(simulation, "anwenden", vergleichen)
    bs = boegen.laden("savage_worlds").boegen
    simulation.ereignis_begegnung(bs, 8, rng=random.Random(5))
    assert len(geprueft) > 20
