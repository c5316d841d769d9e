"""Werkzeuge des schnellen Ereignispfads (gm_helfer.schnell, Issue 10)."""

import doctest
from dataclasses import dataclass

from gm_helfer import schnell
from gm_helfer.schnell import je_objekt


def test_doctests():
    ergebnis = doctest.testmod(schnell)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_je_objekt_merkt_nach_identitaet_nicht_nach_gleichheit():
    @dataclass(frozen=True)
    class Zustand:
        werte: tuple[int, ...]

    aufrufe = []

    @je_objekt
    def groesster(z):
        aufrufe.append(z)
        return max(z.werte)

    a, b = Zustand((1, 5)), Zustand((1, 5))
    assert groesster(a) == groesster(a) == 5
    assert len(aufrufe) == 1
    assert groesster(b) == 5  # gleich, aber ein anderes Objekt: neu gerechnet
    assert len(aufrufe) == 2
    # viele Objekte: der Speicher bleibt begrenzt und die Antworten richtig
    zustaende = [Zustand((i,)) for i in range(500)]
    assert [groesster(z) for z in zustaende] == list(range(500))
    assert [groesster(z) for z in zustaende[-10:]] == list(range(490, 500))
