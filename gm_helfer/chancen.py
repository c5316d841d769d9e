"""Exakte Wahrscheinlichkeitsverteilungen von Würfelausdrücken (mit icepool).

Alle Werte sind exakt: icepool rechnet mit ganzen Zahlen und Brüchen, erst am Ende wird
in ``float`` umgewandelt. Explodierende Würfel werden nie auf eine kleine Tiefe gekappt:
die Explosionstiefe wird so gewählt, dass die gesamte abgeschnittene Wahrscheinlichkeit
unter :data:`EPSILON` liegt (und diese Masse bleibt als letzte Höchstzahl erhalten, die
Verteilung summiert also genau zu 1).

Wiederholte Anfragen kommen aus einem Cache.

>>> v = verteilung("2W6")
>>> round(v[7], 12)
0.166666666667
>>> round(mindestens(verteilung("W6!"), 7), 12)
0.166666666667
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

import icepool

from gm_helfer.wuerfel import Ausdruck, parse

__all__ = [
    "EPSILON",
    "als_die",
    "aus_die",
    "explodierender_wuerfel",
    "explosionstiefe",
    "hoechstens",
    "mindestens",
    "mittelwert",
    "quantil",
    "verteilung",
    "wuerfel_die",
]

EPSILON = 1e-12
"""Höchstens so viel Wahrscheinlichkeit darf durch das Abschneiden von Explosionen fehlen."""


def explosionstiefe(seiten: int, anzahl: int = 1) -> int:
    """Kleinste Explosionstiefe, bei der ``anzahl`` Würfel zusammen weniger als EPSILON verlieren.

    Die Tiefe ``t`` zählt die zusätzlichen Würfe; abgeschnitten wird nur, wenn ``t + 1``
    Würfe hintereinander die Höchstzahl zeigen: Wahrscheinlichkeit ``(1/seiten)**(t+1)``.
    """
    if seiten < 2:
        raise ValueError("Ein explodierender Würfel braucht mindestens 2 Seiten.")
    tiefe = 0
    while anzahl * Fraction(1, seiten) ** (tiefe + 1) >= Fraction(EPSILON):
        tiefe += 1
    return tiefe


@lru_cache(maxsize=None)
def explodierender_wuerfel(seiten: int, anzahl: int = 1) -> icepool.Die:
    """Ein explodierender W``seiten`` als icepool-Würfel.

    ``anzahl`` ist die Zahl explodierender Würfel im ganzen Wurf; die Tiefe wird so gewählt,
    dass alle zusammen weniger als EPSILON abschneiden.
    """
    return icepool.Die(range(1, seiten + 1)).explode(depth=explosionstiefe(seiten, anzahl))


@lru_cache(maxsize=None)
def wuerfel_die(seiten: int) -> icepool.Die:
    """Ein gewöhnlicher W``seiten`` als icepool-Würfel."""
    return icepool.Die(range(1, seiten + 1))


def als_die(ausdruck: str | Ausdruck, explodierend: bool = False) -> icepool.Die:
    """Der ganze Ausdruck als exakter icepool-Würfel.

    ``explodierend=True`` lässt alle Würfel explodieren, auch ohne ``!`` in der Notation.
    """
    ausdruck = parse(ausdruck)
    if explodierend:
        ausdruck = ausdruck.explodierend(True)
    return _als_die(ausdruck)


@lru_cache(maxsize=1024)
def _als_die(ausdruck: Ausdruck) -> icepool.Die:
    explodierende = sum(g.anzahl for g in ausdruck.wuerfel if g.explodierend)
    summe: icepool.Die = icepool.Die([ausdruck.konstante])
    for gruppe in ausdruck.wuerfel:
        einzel = (
            explodierender_wuerfel(gruppe.seiten, explodierende)
            if gruppe.explodierend
            else wuerfel_die(gruppe.seiten)
        )
        teil = gruppe.anzahl @ einzel
        summe = summe + teil if gruppe.vorzeichen > 0 else summe - teil
    return summe


def aus_die(die: icepool.Die) -> dict[int, float]:
    """Die exakten Wahrscheinlichkeiten eines icepool-Würfels als ``{Ergebnis: float}``."""
    nenner = die.denominator()
    return {
        ergebnis: float(Fraction(anzahl, nenner))
        for ergebnis, anzahl in zip(die.outcomes(), die.quantities(), strict=True)
        if anzahl
    }


def verteilung(ausdruck: str | Ausdruck, explodierend: bool = False) -> Mapping[int, float]:
    """Exakte Verteilung ``Summe -> Wahrscheinlichkeit`` eines Würfelausdrucks.

    Die Werte summieren zu 1 und stimmen auf 1e-12. Das Ergebnis ist unveränderlich und
    gecacht: dieselbe Frage ein zweites Mal kostet nichts.

    >>> dict(verteilung("W4"))
    {1: 0.25, 2: 0.25, 3: 0.25, 4: 0.25}
    """
    ausdruck = parse(ausdruck)
    if explodierend:
        ausdruck = ausdruck.explodierend(True)
    return _verteilung(ausdruck)


@lru_cache(maxsize=1024)
def _verteilung(ausdruck: Ausdruck) -> Mapping[int, float]:
    return MappingProxyType(aus_die(_als_die(ausdruck)))


def mindestens(vert: Mapping[int, float], x: float) -> float:
    """P(Ergebnis ≥ x)."""
    return math.fsum(p for wert, p in vert.items() if wert >= x)


def hoechstens(vert: Mapping[int, float], x: float) -> float:
    """P(Ergebnis ≤ x)."""
    return math.fsum(p for wert, p in vert.items() if wert <= x)


def mittelwert(vert: Mapping[int, float]) -> float:
    """Erwartungswert der Verteilung."""
    return math.fsum(wert * p for wert, p in vert.items())


def quantil(vert: Mapping[int, float], q: float) -> int:
    """Kleinstes Ergebnis x mit P(Ergebnis ≤ x) ≥ q (0 < q ≤ 1); ``q=0.5`` ist der Median."""
    if not 0 < q <= 1:
        raise ValueError(f"Ein Quantil braucht 0 < q ≤ 1, nicht {q}.")
    summe = 0.0
    werte = sorted(vert)
    for wert in werte:
        summe += vert[wert]
        if summe >= q - 1e-12:
            return wert
    return werte[-1]
