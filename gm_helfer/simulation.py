"""Begegnungen durchspielen: viele Kämpfe mit Zufall, ausgewertet.

Der Treiber kennt kein Regelsystem. Jedes System liefert eine Funktion, die **einen**
Kampf mit einem übergebenen ``rng`` bis zum Ende spielt – mit denselben Regelfunktionen
wie der Live-Kampf – und einen :class:`Kampfausgang` zurückgibt. :func:`simulieren` ruft
sie ``anzahl``-mal auf und zählt aus: wer wie oft gewinnt, wie lange die Kämpfe dauern,
wer wie oft ausgeschaltet wird oder stirbt.

>>> import random
>>> def muenzkampf(rng):
...     sieger = "Helden" if rng.random() < 0.75 else "Schurken"
...     return Kampfausgang(sieger=sieger, runden=1 + int(rng.random() * 3))
>>> a = simulieren(muenzkampf, anzahl=2000, rng=random.Random(1))
>>> abs(a.sieg["Helden"] - 0.75) < 0.03
True
"""

from __future__ import annotations

import importlib
import math
import time
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = ["SYSTEME", "UNENTSCHIEDEN", "ZEITEINHEIT", "zeiteinheit", "Auswertung", "Kampfausgang", "auszaehlen", "begegnung", "simulieren", "zusammenfassung"]

SYSTEME = {
    "savage_worlds": "Savage Worlds",
    "aloran": "Aloran",
    "zeitstrahl": "Zeitstrahl",
    "w100": "W100",
}
"""Die Systeme, die Begegnungen simulieren können (Paketname → Anzeigename)."""

ZEITEINHEIT = {"zeitstrahl": "Ticks"}
"""Worin ``Kampfausgang.runden`` zählt, wo es nicht Kampfrunden sind (Zeitstrahl: Ticks)."""

UNENTSCHIEDEN = "unentschieden"
"""Schlüssel in :attr:`Auswertung.sieg` für Kämpfe ohne Sieger (etwa nach der Rundengrenze)."""


@dataclass(frozen=True)
class Kampfausgang:
    """Wie ein einzelner simulierter Kampf ausging."""

    sieger: str | None
    """Die Seite, die als einzige noch kampffähig ist; ``None`` ohne Sieger."""
    runden: int
    """Gespielte Runden (bzw. die Zeiteinheit des Systems, in der Doku des Systems genannt)."""
    ausgeschaltet: tuple[str, ...] = ()
    """Namen aller, die am Ende nicht mehr kämpfen können (Tote eingeschlossen)."""
    tot: tuple[str, ...] = ()
    """Namen aller Toten."""


@dataclass(frozen=True)
class Auswertung:
    """Zusammenfassung vieler simulierter Kämpfe."""

    anzahl: int
    sieg: Mapping[str, float]
    """Seite → Anteil der Kämpfe, die sie gewann; dazu :data:`UNENTSCHIEDEN`."""
    runden: Mapping[int, float]
    """Rundenzahl → Anteil der Kämpfe."""
    ausgeschaltet: Mapping[str, float]
    """Name → Anteil der Kämpfe, in denen er am Ende ausgeschaltet war."""
    tot: Mapping[str, float]
    """Name → Anteil der Kämpfe, in denen er starb."""
    sekunden: float = field(default=0.0, compare=False)
    """Rechenzeit (nur zur Anzeige)."""

    @property
    def mittlere_runden(self) -> float:
        """Durchschnittliche Kampfdauer in Runden."""
        return math.fsum(r * p for r, p in self.runden.items())

    def standardfehler(self, anteil: float) -> float:
        """Standardfehler eines geschätzten Anteils bei :attr:`anzahl` Kämpfen."""
        return math.sqrt(max(anteil * (1 - anteil), 0.0) / self.anzahl)


def simulieren(
    kampf: Callable[[Any], Kampfausgang],
    anzahl: int = 1000,
    *,
    rng: Any,
) -> Auswertung:
    """Spielt ``anzahl`` Kämpfe mit ``kampf(rng)`` und zählt aus.

    Raises:
        ValueError: ``anzahl`` kleiner als 1 (deutsche Meldung).
    """
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    start = time.perf_counter()
    siege: Counter[str] = Counter()
    runden: Counter[int] = Counter()
    aus: Counter[str] = Counter()
    tot: Counter[str] = Counter()
    for _ in range(anzahl):
        ausgang = kampf(rng)
        siege[ausgang.sieger if ausgang.sieger is not None else UNENTSCHIEDEN] += 1
        runden[ausgang.runden] += 1
        aus.update(set(ausgang.ausgeschaltet))
        tot.update(set(ausgang.tot))
    return auszaehlen(anzahl, siege, runden, aus, tot, sekunden=time.perf_counter() - start)


def auszaehlen(
    anzahl: int,
    siege: Mapping[str, int],
    runden: Mapping[int, int],
    ausgeschaltet: Mapping[str, int],
    tot: Mapping[str, int],
    *,
    sekunden: float = 0.0,
) -> Auswertung:
    """Die :class:`Auswertung` aus Zählern (Seite bzw. :data:`UNENTSCHIEDEN`, Rundenzahl, Name →
    Zahl der Kämpfe); Einträge mit 0 fallen weg. Gemeinsam für Ereignispfad und gebündelte
    Maschine."""

    def anteile(zaehler: Mapping[Any, int]) -> Mapping[Any, float]:
        return MappingProxyType({k: n / anzahl for k, n in sorted(zaehler.items(), key=lambda x: str(x[0])) if n})

    return Auswertung(
        anzahl=anzahl,
        sieg=anteile(siege),
        runden=MappingProxyType({r: n / anzahl for r, n in sorted(runden.items()) if n}),
        ausgeschaltet=anteile(ausgeschaltet),
        tot=anteile(tot),
        sekunden=sekunden,
    )


def begegnung(system: str, boegen: Any, anzahl: int = 1000, *, rng: Any, max_runden: int = 100) -> Auswertung:
    """Simuliert eine Begegnung mit den Bögen eines Systems (``gm_helfer.<system>.simulation``).

    Die Regeln und die Standardtaktik stehen im Simulationsmodul des Systems.

    Raises:
        ValueError: unbekanntes System (deutsche Meldung).
    """
    if system not in SYSTEME:
        raise ValueError(f"Für „{system}“ gibt es keine Simulation (bekannt: {', '.join(SYSTEME)}).")
    modul = importlib.import_module(f"gm_helfer.{system}.simulation")
    return modul.begegnung(boegen, anzahl, rng=rng, max_runden=max_runden)


def zeiteinheit(system: str) -> str:
    """„Runden“ oder die Einheit des Systems (Zeitstrahl: „Ticks“)."""
    return ZEITEINHEIT.get(system, "Runden")


def _prozent(p: float) -> str:
    return f"{p * 100:.1f}".replace(".", ",") + " %"


def zusammenfassung(auswertung: Auswertung, einheit: str = "Runden") -> str:
    """Eine Zeile Deutsch: wer wie oft gewinnt (mit Standardfehler) und wie lange es dauert."""
    teile = []
    for seite, anteil in sorted(auswertung.sieg.items(), key=lambda x: -x[1]):
        name = "ohne Sieger" if seite == UNENTSCHIEDEN else f"{seite} gewinnen"
        teile.append(f"{name} {_prozent(anteil)} (± {_prozent(auswertung.standardfehler(anteil))})")
    dauer = f"{auswertung.mittlere_runden:.1f}".replace(".", ",")
    return f"{auswertung.anzahl} Kämpfe: " + ", ".join(teile) + f"; im Schnitt {dauer} {einheit}."
