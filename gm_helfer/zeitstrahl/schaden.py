"""Schaden, Rüstung und Trefferzonen (Bewertungsschicht, rein).

Regeltext ``regeln/zeitstrahl.txt``, „Schaden und Rüstungsschutz“ und „Trefferzonen“:
„… dass der Rüstungsschutz von jedem Trefferpunktewürfel abgezogen wird. … Dabei kann kein
Würfel unter 0 Schaden machen.“ – „Für jede Rüstungsschicht über der ersten erhöht sich der
Rüstungsschutz der stärksten Rüstungsschicht um 1. Des Weiteren erhöht sich die Behinderung
kumulativ um 1.“ – „Des Weiteren sind Kopftreffer immer empfindliche Treffer, das heißt, der
Schaden an dieser Position wird verdoppelt. Dasselbe gilt, wenn man einen Pasch gewürfelt hat.“
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from gm_helfer.felder import ist_feld, maximum

from .daten import TREFFERZONEN, ZONEN

__all__ = [
    "Schicht",
    "Ruestungswerte",
    "Trefferzone",
    "ruestung",
    "zonen_ruestung",
    "trefferzone",
    "zonen_nummer",
    "schadenspunkte",
    "WAFFENLOSE_PARADE_TEILER",
    "waffenlose_parade_schadenspunkte",
    "bestgeschuetzte_zone",
    "behinderung",
]


@dataclass(frozen=True)
class Schicht:
    """Eine Rüstungsschicht (z. B. Kettenhemd) mit den Zonen, die sie schützt."""

    name: str
    schutz: int
    behinderung: int = 0
    zonen: tuple[str, ...] = ZONEN

    def __post_init__(self) -> None:
        if self.schutz < 0 or self.behinderung < 0:
            raise ValueError(f"Rüstung „{self.name}“: Schutz und Behinderung sind nie negativ.")
        for z in self.zonen:
            if z not in ZONEN:
                raise ValueError(f"Rüstung „{self.name}“: unbekannte Zone „{z}“.")


@dataclass(frozen=True)
class Ruestungswerte:
    """Rüstungsschutz und Behinderung mehrerer übereinander getragener Schichten."""

    schutz: int
    behinderung: int
    schichten: int


def ruestung(schichten: Sequence[Schicht]) -> Ruestungswerte:
    """Rüstungsschutz und Behinderung übereinander getragener Schichten.

    Schutz = stärkste Schicht + 1 je weitere Schicht. Behinderung = Summe der eigenen
    Behinderungen + 1 + 2 + … (die k-te zusätzliche Schicht kostet k), wie im Beispiel
    „Plattenpanzer, Kettenhemd, Gambeson“: Schutz der Platte +2, Behinderung +3.
    """
    n = len(schichten)
    if n == 0:
        return Ruestungswerte(0, 0, 0)
    staerkste = max(s.schutz for s in schichten)
    zuschlag = n * (n - 1) // 2
    return Ruestungswerte(
        schutz=staerkste + (n - 1),
        behinderung=sum(s.behinderung for s in schichten) + zuschlag,
        schichten=n,
    )


def zonen_ruestung(
    schichten: Sequence[Schicht], zone: str, *, ignorieren: int = 0
) -> Ruestungswerte:
    """Rüstung einer Trefferzone („Nur der Rüstungsschutz der entsprechenden Zone spielt bei
    der Schadensreduktion eine Rolle.“).

    ``ignorieren``: so viele Schichten fallen weg (kritischer Effekt „Ignoriert eine
    Rüstungsschicht“; Lesart: die stärkste Schicht zuerst).
    """
    if zone not in ZONEN:
        raise ValueError(f"Unbekannte Trefferzone „{zone}“.")
    hier = sorted((s for s in schichten if zone in s.zonen), key=lambda s: -s.schutz)
    return ruestung(hier[ignorieren:])


def behinderung(schichten: Sequence[Schicht]) -> int:
    """Behinderung der ganzen Ausrüstung: Summe der eigenen Behinderungen plus der Zuschlag
    für übereinander getragene Schichten (1 + 2 + …), gezählt in der Zone mit den meisten
    Schichten – ein Helm liegt nicht „über“ dem Plattenpanzer (Lesart, docs/zeitstrahl.md).
    """
    if not schichten:
        return 0
    n = max(sum(1 for s in schichten if z in s.zonen) for z in ZONEN)
    return sum(s.behinderung for s in schichten) + n * (n - 1) // 2


def bestgeschuetzte_zone(schichten: Sequence[Schicht]) -> str:
    """Die Zone mit dem höchsten Rüstungsschutz (bei Gleichstand: Torso vor den anderen,
    dann in der Reihenfolge von ``ZONEN``, aber nie der Kopf vor einer gleich gut
    geschützten anderen Zone)."""
    reihenfolge = ("Torso", "L Arm", "R Arm", "L Bein", "R Bein", "Kopf")
    return max(reihenfolge, key=lambda z: (zonen_ruestung(schichten, z).schutz,
                                           -reihenfolge.index(z)))


@dataclass(frozen=True)
class Trefferzone:
    """Ergebnis des Trefferzonenwurfs."""

    zone: str
    empfindlich: bool
    erster: int
    zweiter: int


def trefferzone(erster: int, zweiter: int) -> Trefferzone:
    """Zone aus dem geordneten 2W6 (erster Würfel = Zeile, zweiter = Spalte).

    Empfindlich sind Kopftreffer und jeder Pasch.

    >>> trefferzone(1, 5)
    Trefferzone(zone='Kopf', empfindlich=True, erster=1, zweiter=5)
    """
    for w in (erster, zweiter):
        if not 1 <= w <= 6:
            raise ValueError(f"Trefferzonenwurf: {w} ist keine Augenzahl eines W6.")
    nummer, empfindlich = zonen_nummer(erster, zweiter)
    return Trefferzone(ZONEN[nummer], empfindlich, erster, zweiter)


_ZONEN_NUMMER = np.array([[ZONEN.index(z) for z in zeile] for zeile in TREFFERZONEN])
_ZONEN_NUMMER_ZEILEN = tuple(tuple(int(n) for n in zeile) for zeile in _ZONEN_NUMMER)
"""Dieselbe Tabelle als Tupel: ein einzelner Wurf braucht kein numpy."""
_KOPF = ZONEN.index("Kopf")


def zonen_nummer(erster: Any, zweiter: Any) -> tuple[Any, Any]:
    """(Index in ``ZONEN``, empfindlich) aus dem geordneten 2W6 – für Felder von Würfen wie für
    einzelne (dieselbe Tabelle wie :func:`trefferzone`)."""
    if type(erster) is int and type(zweiter) is int:
        n = _ZONEN_NUMMER_ZEILEN[erster - 1][zweiter - 1]
        return n, n == _KOPF or erster == zweiter
    nummer = _ZONEN_NUMMER[np.asarray(erster) - 1, np.asarray(zweiter) - 1]
    empfindlich = (nummer == _KOPF) | (np.asarray(erster) == np.asarray(zweiter))
    if ist_feld(erster, zweiter):
        return nummer, empfindlich
    return int(nummer), bool(empfindlich)


def _pruefe_schutz(ruestungsschutz: Any) -> None:
    if type(ruestungsschutz) is int:
        if ruestungsschutz < 0:
            raise ValueError("Rüstungsschutz ist nie negativ.")
    elif np.any(np.asarray(ruestungsschutz) < 0):
        raise ValueError("Rüstungsschutz ist nie negativ.")


def schadenspunkte(
    trefferpunkte: Sequence[Any],
    ruestungsschutz: Any,
    *,
    konstante: Any = 0,
    bonus: Any = 0,
    faktor: Any = 1,
    vor_ruestung: bool = False,
) -> Any:
    """Schadenspunkte aus den einzelnen Trefferpunktewürfeln.

    Von jedem Würfel wird der Rüstungsschutz abgezogen, kein Würfel unter 0. ``konstante``
    (aus „2W6+1“) und ``bonus`` (verschobener Schaden) kommen danach dazu; das Ergebnis ist
    nie negativ. ``faktor`` verdoppelt (empfindlich, kritisch): Standard nach der Rüstung,
    mit ``vor_ruestung=True`` jeden Würfel davor. Jeder Würfel und alle Werte dürfen auch
    numpy-Felder sein (viele Treffer auf einmal, elementweise).

    >>> schadenspunkte([12], 3), schadenspunkte([6, 6], 3), schadenspunkte([1, 6], 3)
    (9, 6, 3)
    """
    _pruefe_schutz(ruestungsschutz)
    if vor_ruestung:
        netto = sum(maximum(0, a * faktor - ruestungsschutz) for a in trefferpunkte)
        return maximum(0, netto + konstante + bonus)
    netto = sum(maximum(0, a - ruestungsschutz) for a in trefferpunkte)
    return maximum(0, netto + konstante + bonus) * faktor


WAFFENLOSE_PARADE_TEILER = 4
"""„waffenlose Paraden reduzieren die Trefferpunkte lediglich auf ¼.“"""


def waffenlose_parade_schadenspunkte(
    trefferpunkte: Sequence[Any],
    ruestungsschutz: Any,
    *,
    konstante: Any = 0,
    je_wuerfel: bool = True,
) -> Any:
    """Schadenspunkte am Arm nach einer gelungenen waffenlosen Parade.

    Regeltext „Schaden und Rüstungsschutz“: „Trefferpunkte sind der Schaden vor Abzug von
    Schadensreduktionen“; „Verteidigung“: „waffenlose Paraden reduzieren die Trefferpunkte
    lediglich auf ¼“. Darum zuerst vierteln (abgerundet), dann die Rüstung abziehen.
    Standard (``je_wuerfel=True``): jeder Trefferpunktewürfel wird geviertelt, dann der
    Rüstungsschutz von jedem Würfel abgezogen („… von jedem Trefferpunktewürfel abgezogen“);
    eine Konstante (``2W6+3``) wird ebenfalls geviertelt und danach addiert. Option
    ``je_wuerfel=False``: die Summe der Trefferpunkte (mit Konstante) wird geviertelt und
    die Rüstung einmal abgezogen.

    >>> waffenlose_parade_schadenspunkte([12], 2)  # 12 / 4 = 3, 3 − 2 = 1
    1
    """
    t = WAFFENLOSE_PARADE_TEILER
    _pruefe_schutz(ruestungsschutz)
    if je_wuerfel:
        return schadenspunkte([a // t for a in trefferpunkte], ruestungsschutz,
                              konstante=konstante // t)
    return maximum(0, (sum(trefferpunkte) + konstante) // t - ruestungsschutz)
