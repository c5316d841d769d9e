"""Exakte Wahrscheinlichkeitsverteilungen von Würfelausdrücken (mit icepool).

Alle Werte sind exakt: icepool rechnet mit ganzen Zahlen und Brüchen, erst am Ende wird
in ``float`` umgewandelt. Explodierende Würfel werden nie auf eine kleine Tiefe gekappt:
die Explosionstiefe wird so gewählt, dass die gesamte abgeschnittene Wahrscheinlichkeit
unter :data:`EPSILON` liegt (und diese Masse bleibt als letzte Höchstzahl erhalten, die
Verteilung summiert also genau zu 1).

Wiederholte Anfragen kommen aus einem Cache, der in Bytes begrenzt ist.

Die Arbeit ist begrenzt: bevor eine exakte Verteilung gerechnet wird, schätzt
:func:`aufwand` die Rechenschritte. Liegt die Schätzung über :data:`MAX_AUFWAND`
(``100W1000``, ``100W100!``), kommt sofort ein :class:`AufwandFehler` mit deutscher
Meldung; :func:`geschaetzte_verteilung` liefert dann Chancen aus einer Stichprobe.

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
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from gm_helfer.cache import bounded_cache
from gm_helfer.wuerfel import Ausdruck, Wuerfel, WuerfelFehler, parse

if TYPE_CHECKING:  # icepool erst beim ersten exakten Würfel (spart Importzeit der Regelmodule)
    import icepool

__all__ = [
    "EPSILON",
    "MAX_AUFWAND",
    "STICHPROBE",
    "AufwandFehler",
    "als_die",
    "aufwand",
    "aus_die",
    "explodierender_wuerfel",
    "explosionstiefe",
    "geschaetzte_verteilung",
    "hoechstens",
    "mindestens",
    "mittelwert",
    "quantil",
    "verteilung",
    "wuerfel_die",
]

EPSILON = 1e-12
"""Höchstens so viel Wahrscheinlichkeit darf durch das Abschneiden von Explosionen fehlen."""

MAX_AUFWAND = 3_000_000
"""Höchstens so viele geschätzte Rechenschritte (:func:`aufwand`) für eine exakte Verteilung.

Gemessen (2 Kerne, icepool 2.1): eine Million Schritte dauern etwa 0,5 Sekunden auf
einem ruhigen Rechner, bis 1,9 Sekunden unter Last; ``20W6!`` braucht 1,9 Millionen
(1 Sekunde), ``5W100!`` 4,9 Millionen (2,5 Sekunden, schon zu viel), ``10W1000`` 45
Millionen (23 Sekunden), ``100W100!`` 3,1 Milliarden."""

STICHPROBE = 20_000
"""So viele Würfe hat eine Stichprobe (:func:`geschaetzte_verteilung`) im Normalfall."""

_DIE_CACHE_BYTES = 64_000_000
_VERTEILUNG_CACHE_BYTES = 32_000_000


class AufwandFehler(WuerfelFehler):
    """Die exakte Verteilung wäre zu aufwendig; die Meldung ist deutsch und nennt den Grund.

    Attributes:
        aufwand: geschätzte Rechenschritte.
        ausdruck: der Ausdruck (für die Stichprobe).
    """

    def __init__(self, meldung: str, aufwand: int, ausdruck: Ausdruck):
        super().__init__(meldung)
        self.aufwand = aufwand
        self.ausdruck = ausdruck


def _tausender(zahl: int) -> str:
    return f"{zahl:,}".replace(",", ".")


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


def _die_groesse(schluessel: tuple[Any, ...], die: icepool.Die) -> int:
    """Geschätzte Bytes eines icepool-Würfels: je Ergebnis Zahl, Anzahl (große Zahl), Verwaltung."""
    return 200 + len(die) * (150 + die.denominator().bit_length() // 8)


@bounded_cache(max_bytes=_DIE_CACHE_BYTES, size=_die_groesse)
def explodierender_wuerfel(seiten: int, anzahl: int = 1) -> icepool.Die:
    """Ein explodierender W``seiten`` als icepool-Würfel.

    ``anzahl`` ist die Zahl explodierender Würfel im ganzen Wurf; die Tiefe wird so gewählt,
    dass alle zusammen weniger als EPSILON abschneiden.
    """
    import icepool

    return icepool.Die(range(1, seiten + 1)).explode(depth=explosionstiefe(seiten, anzahl))


@bounded_cache(max_bytes=_DIE_CACHE_BYTES, size=_die_groesse)
def wuerfel_die(seiten: int) -> icepool.Die:
    """Ein gewöhnlicher W``seiten`` als icepool-Würfel."""
    import icepool

    return icepool.Die(range(1, seiten + 1))


def als_die(ausdruck: str | Ausdruck, explodierend: bool = False) -> icepool.Die:
    """Der ganze Ausdruck als exakter icepool-Würfel.

    ``explodierend=True`` lässt alle Würfel explodieren, auch ohne ``!`` in der Notation.
    """
    return _als_die(_begrenzt(ausdruck, explodierend))


def _einzelwuerfel_form(gruppe: Wuerfel, explodierende: int) -> tuple[int, int]:
    """(Zahl der Ergebnisse, Spannweite) eines einzelnen Würfels der Gruppe."""
    if not gruppe.explodierend:
        return gruppe.seiten, gruppe.seiten
    wuerfe = explosionstiefe(gruppe.seiten, explodierende) + 1
    return (gruppe.seiten - 1) * wuerfe + 1, gruppe.seiten * wuerfe


def _aufwand_je_gruppe(ausdruck: Ausdruck) -> list[int]:
    explodierende = sum(g.anzahl for g in ausdruck.wuerfel if g.explodierend)
    breite_summe = 1  # Ergebnisse der bisherigen Summe (anfangs die Konstante)
    schritte = []
    for gruppe in ausdruck.wuerfel:
        ergebnisse, spanne = _einzelwuerfel_form(gruppe, explodierende)
        # n @ Würfel: Würfel für Würfel falten; die Summe von k Würfeln hat k·(spanne-1)+1 Werte
        teil = sum((k * (spanne - 1) + 1) * ergebnisse for k in range(1, gruppe.anzahl))
        breite_teil = gruppe.anzahl * (spanne - 1) + 1
        schritte.append(teil + breite_summe * breite_teil)
        breite_summe += breite_teil - 1
    return schritte


def aufwand(ausdruck: str | Ausdruck, explodierend: bool = False) -> int:
    """Geschätzte Rechenschritte der exakten Verteilung, bevor sie gerechnet wird.

    Ein Schritt ist das Zusammenfassen zweier Ergebnisse beim Falten der Würfel: icepool
    addiert die Würfel einer Gruppe nacheinander, die Summe aus k Würfeln hat
    ``k·(Spanne-1)+1`` Werte, jeder wird mit jedem Ergebnis des nächsten Würfels
    kombiniert. Ein explodierender Würfel hat so viele Ergebnisse, wie die Explosionstiefe
    (:func:`explosionstiefe`) verlangt.

    >>> aufwand("2W6")
    47

    Die Schätzung ist bis auf einen Faktor von etwa 2 proportional zur Rechenzeit
    (gemessen über Ausdrücke von ``2W6`` bis ``10W1000``).
    """
    ausdruck = parse(ausdruck)
    if explodierend:
        ausdruck = ausdruck.explodierend(True)
    return sum(_aufwand_je_gruppe(ausdruck))


def _begrenzt(ausdruck: str | Ausdruck, explodierend: bool) -> Ausdruck:
    """Der Ausdruck, wenn seine exakte Verteilung bezahlbar ist; sonst :class:`AufwandFehler`."""
    ausdruck = parse(ausdruck)
    if explodierend:
        ausdruck = ausdruck.explodierend(True)
    schritte = _aufwand_je_gruppe(ausdruck)
    gesamt = sum(schritte)
    if gesamt > MAX_AUFWAND:
        groesste = ausdruck.wuerfel[schritte.index(max(schritte))]
        art = "explodierende " if groesste.explodierend else ""
        raise AufwandFehler(
            f"Die exakte Verteilung von {ausdruck} ist zu aufwendig: etwa "
            f"{_tausender(gesamt)} Rechenschritte, erlaubt sind {_tausender(MAX_AUFWAND)}. "
            f"Am teuersten sind {groesste.anzahl} {art}W{groesste.seiten}. "
            f"Stattdessen gibt es geschätzte Chancen aus einer Stichprobe von "
            f"{_tausender(STICHPROBE)} Würfen (weniger oder kleinere Würfel rechnen wieder exakt).",
            gesamt,
            ausdruck,
        )
    return ausdruck


def _verteilung_groesse(schluessel: tuple[Any, ...], vert: Mapping[int, float]) -> int:
    """Geschätzte Bytes einer Verteilung (Wörterbucheintrag, Zahl, Kommazahl)."""
    return 300 + 130 * len(vert)


@bounded_cache(max_bytes=_DIE_CACHE_BYTES, size=_die_groesse)
def _als_die(ausdruck: Ausdruck) -> icepool.Die:
    import icepool

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
    return _verteilung(_begrenzt(ausdruck, explodierend))


@bounded_cache(max_bytes=_VERTEILUNG_CACHE_BYTES, size=_verteilung_groesse)
def _verteilung(ausdruck: Ausdruck) -> Mapping[int, float]:
    return MappingProxyType(aus_die(_als_die(ausdruck)))


def geschaetzte_verteilung(
    ausdruck: str | Ausdruck,
    anzahl: int = STICHPROBE,
    *,
    rng: Any,
    explodierend: bool = False,
) -> Mapping[int, float]:
    """Verteilung aus ``anzahl`` simulierten Würfen – für Ausdrücke, die exakt zu teuer sind.

    Der Anteil jedes Ergebnisses unter den Würfen; sein Standardfehler ist höchstens
    ``0,5 / sqrt(anzahl)`` (bei 20.000 Würfen 0,35 Prozentpunkte). Explosionen laufen
    ohne Grenze weiter, genau wie am Tisch.

    Args:
        rng: ``numpy.random.Generator`` oder ``random.Random`` (die einzige Zufallsquelle).
    """
    ausdruck = parse(ausdruck)
    if explodierend:
        ausdruck = ausdruck.explodierend(True)
    if not isinstance(anzahl, int) or not 1 <= anzahl <= 1_000_000:
        raise WuerfelFehler(f"Eine Stichprobe hat 1 bis 1.000.000 Würfe, nicht {anzahl}.")
    if not hasattr(rng, "integers"):
        if not hasattr(rng, "getrandbits"):
            raise TypeError("rng muss ein numpy Generator oder random.Random sein.")
        rng = np.random.default_rng(rng.getrandbits(128))
    summen = np.full(anzahl, ausdruck.konstante, dtype=np.int64)
    for gruppe in ausdruck.wuerfel:
        for _ in range(gruppe.anzahl):
            augen = rng.integers(1, gruppe.seiten + 1, size=anzahl, dtype=np.int64)
            wurf = augen.copy()
            offen = augen == gruppe.seiten if gruppe.explodierend else np.zeros(anzahl, bool)
            while offen.any():
                nachschlag = rng.integers(1, gruppe.seiten + 1, size=int(offen.sum()), dtype=np.int64)
                wurf[offen] += nachschlag
                naechste = np.zeros(anzahl, bool)
                naechste[np.flatnonzero(offen)] = nachschlag == gruppe.seiten
                offen = naechste
            summen += gruppe.vorzeichen * wurf
    werte, zaehler = np.unique(summen, return_counts=True)
    return MappingProxyType(
        {int(w): int(z) / anzahl for w, z in zip(werte, zaehler, strict=True)}
    )


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
