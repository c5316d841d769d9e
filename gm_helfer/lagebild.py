"""Lagebild: die Chancen des ganzen Kampfes von hier an – und nach jeder Wahl des Augenblicks.

Vor jedem Wurf zeigt das Panel die exakten Chancen *dieses* Wurfs. Das Lagebild beantwortet die
Frage dahinter: „Gewinnen wir noch, wenn Lena jetzt wegsteckt?“ Aus dem laufenden Zustand eines
Kampfes – mitten in der Runde, mit Wunden, Angeschlagen, Ausbluten, Abwarten, Bennies und offenen
Entscheidungen – werden ``anzahl`` Kämpfe mit den Taktiken der Seiten zu Ende gespielt:

- Siegchance je Seite mit 95-%-Intervall (Wilson, :meth:`gm_helfer.simulation.Auswertung.intervall`),
- erwartete restliche Runden (Zeitstrahl: Ticks),
- je Kämpfer die Chance, am Ende ausgeschaltet bzw. tot zu sein,
- je Wahl des Augenblicks (Ziele, Wegstecken oder nicht, Benny oder behalten …) die Siegchance
  danach (:attr:`Lagebild.optionen`).

Der Kern kennt kein Regelsystem. Jedes System liefert über seinen
:class:`~gm_helfer.regelsystem.Regelsystem` (Feld ``lage``, ein Lader ohne Argumente) einen
Adapter mit diesen Funktionen:

``weiterspielen(zustand, *, rng, taktik, max_runden) -> simulation.Kampfausgang``
    Ein Kampf vom Zustand an bis zum Ende auf dem Ereignispfad (die Referenz); ``runden`` zählt
    die *restlichen* Runden bzw. Ticks.
``gebuendelt(zustaende, *, rng, taktik, max_runden) -> simulation.Feldausgang``
    (optional) Viele Kämpfe auf einmal, je Kampf ein Startzustand (die Zustände dürfen sich
    unterscheiden, etwa nach einer gewürfelten Wahl). Kann die Maschine von einem Zustand aus
    nicht starten (eine seltene offene Entscheidung), wirft sie :class:`NichtGebuendelt` mit dem
    deutschen Grund; das Lagebild spielt dann auf dem Ereignispfad und sagt es
    (:attr:`Lagebild.hinweis`).
``wahlen(zustand, taktik) -> Sequence[tuple[str, Callable[[zustand, rng], zustand]]]``
    (optional) Die Wahlen des Augenblicks: Text und eine Funktion, die die Wahl im Zustand trifft
    (samt ihrer Würfel, mit ``rng`` gezogen) und den Zustand danach zurückgibt. Wo die Würfel der
    Wahl billig exakt verzweigen, hat die Funktion dazu ``aeste(zustand)``: ``(Chance, Ziehung)`` je
    Ausgang, die Ziehung liefert nur Zustände dieses Ausgangs (oder ``None``: nicht verzweigen). Dann
    spielt je Ast sein Anteil der Kämpfe (mindestens einer), und die Siegchance ist die mit den
    exakten Chancen gewichtete Summe – die Würfel der Wahl tragen keinen Zufallsfehler mehr bei.

Was das Lagebild annimmt: beide Seiten spielen ab hier ihre Taktik (die Felder der Simulation,
:func:`gm_helfer.simulation.taktik_felder`); was die Simulation nicht spielt (Heilen im Kampf,
Stabilisieren, Rückzug), spielt auch das Lagebild nicht.

>>> from gm_helfer.lagebild import zusammenfuehren, Zaehler
>>> z = zusammenfuehren(Zaehler(), [("Helden", 2, ("Bandit",), ())] * 3)
>>> z.anzahl, z.siege["Helden"], z.runden_summe
(3, 3, 6)
"""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gm_helfer import regelsystem
from gm_helfer.simulation import UNENTSCHIEDEN, Auswertung, Feldausgang, Kampfausgang, auszaehlen

__all__ = [
    "Lagebild",
    "NichtGebuendelt",
    "Zaehler",
    "lagebild",
    "optionen_nacheinander",
    "verfeinern",
    "zusammenfuehren",
]

MAX_RUNDEN = 100
"""So viele *weitere* Runden (Ticks: das System rechnet um) spielt das Lagebild höchstens."""


class NichtGebuendelt(Exception):
    """Die gebündelte Maschine kann von diesem Zustand aus nicht starten (``str``: der Grund)."""


@dataclass
class Zaehler:
    """Gezählte Ausgänge, die sich zusammenführen lassen (für das Verfeinern in Stufen)."""

    anzahl: int = 0
    siege: Counter[str] = field(default_factory=Counter)
    runden: Counter[int] = field(default_factory=Counter)
    runden_summe: int = 0
    aus: Counter[str] = field(default_factory=Counter)
    tot: Counter[str] = field(default_factory=Counter)

    def auswertung(self, sekunden: float = 0.0) -> Auswertung:
        """Als :class:`~gm_helfer.simulation.Auswertung` (Anteile, Intervalle)."""
        return auszaehlen(self.anzahl, self.siege, self.runden, self.aus, self.tot, sekunden=sekunden)


def zusammenfuehren(z: Zaehler, ausgaenge: Iterable[tuple[str | None, int, Sequence[str], Sequence[str]]]) -> Zaehler:
    """Zählt Ausgänge ``(sieger, runden, ausgeschaltet, tot)`` in ``z`` (verändert und gibt ``z``)."""
    for sieger, runden, aus, tot in ausgaenge:
        z.anzahl += 1
        z.siege[sieger if sieger is not None else UNENTSCHIEDEN] += 1
        z.runden[int(runden)] += 1
        z.runden_summe += int(runden)
        z.aus.update(set(aus))
        z.tot.update(set(tot))
    return z


def _aus_feldern(f: Feldausgang) -> Iterator[tuple[str | None, int, tuple[str, ...], tuple[str, ...]]]:
    namen = f.namen
    for i in range(len(f.sieger)):
        s = int(f.sieger[i])
        yield (
            f.seiten[s] if s >= 0 else None,
            int(f.runden[i]),
            tuple(n for n, a in zip(namen, f.ausgeschaltet[i], strict=True) if a),
            tuple(n for n, t in zip(namen, f.tot[i], strict=True) if t),
        )


def _aus_kampf(a: Kampfausgang) -> tuple[str | None, int, tuple[str, ...], tuple[str, ...]]:
    return a.sieger, a.runden, a.ausgeschaltet, a.tot


@dataclass(frozen=True)
class Lagebild:
    """Die Chancen des Kampfes von einem Zustand an (siehe Moduldoku)."""

    sieg: Mapping[str, float]
    """Seite → Siegchance; dazu ``"unentschieden"`` für Kämpfe, die die Grenze erreichen."""
    intervall: Mapping[str, tuple[float, float]]
    """Seite → 95-%-Intervall der Siegchance (Wilson)."""
    runden: float
    """Erwartete restliche Runden (Zeitstrahl: Ticks, siehe :attr:`zeiteinheit`)."""
    ausfall: Mapping[str, float]
    """Kämpfer → Chance, am Ende ausgeschaltet zu sein (Tote eingeschlossen)."""
    tod: Mapping[str, float]
    """Kämpfer → Chance, am Ende tot zu sein."""
    optionen: tuple[tuple[str, Mapping[str, float]], ...] = ()
    """Die Wahlen des Augenblicks: ``(Text, Seite → Siegchance danach)``, beste zuerst für die
    Seite, die wählt (die Reihenfolge liefert das System)."""
    anzahl: int = 0
    """So viele Kämpfe stecken in den Zahlen (je Wahl ebenso viele)."""
    weg: str = "gebündelt"
    """„gebündelt“ oder „Ereignispfad“."""
    hinweis: str = ""
    """Deutsch: warum der Ereignispfad, oder leer."""
    zeiteinheit: str = "Runden"
    sekunden: float = 0.0

    def text(self, seite: str = "Helden") -> str:
        """Eine Zeile Deutsch: „Helden gewinnen 62,4 % (59,3–65,4 %), noch etwa 3,1 Runden“."""
        from gm_helfer.text import prozent

        p = self.sieg.get(seite, 0.0)
        lo, hi = self.intervall.get(seite, (0.0, 0.0))
        dauer = f"{self.runden:.1f}".replace(".", ",")
        return (f"{seite} gewinnen {prozent(p)} ({prozent(lo)}–{prozent(hi)}), "
                f"noch etwa {dauer} {self.zeiteinheit} ({self.anzahl} Kämpfe, {self.weg})")


def _adapter(system: str) -> Any:
    rs = regelsystem.system(system)
    lader = getattr(rs, "lage", None)
    if lader is None:
        raise regelsystem.RegelsystemFehler(f"{rs.anzeigename} hat noch kein Lagebild.")
    return rs, lader()


def _spielen(adapter: Any, zustaende: Sequence[Any], *, rng: Any, taktik: Any, max_runden: int,
             z: Zaehler) -> tuple[str, str]:
    """Spielt je Zustand einen Kampf zu Ende und zählt in ``z``; gibt (weg, hinweis)."""
    buendel = getattr(adapter, "gebuendelt", None)
    if buendel is not None:
        try:
            zusammenfuehren(z, _aus_feldern(buendel(zustaende, rng=rng, taktik=taktik, max_runden=max_runden)))
            return "gebündelt", ""
        except NichtGebuendelt as grund:
            hinweis = f"Ereignispfad: {grund}"
    else:
        hinweis = "Ereignispfad: dieses System hat keine gebündelte Maschine für das Lagebild."
    zusammenfuehren(z, (_aus_kampf(adapter.weiterspielen(s, rng=rng, taktik=taktik, max_runden=max_runden))
                        for s in zustaende))
    return "Ereignispfad", hinweis


def _numpy_rng(rng: Any) -> Any:
    import numpy as np

    if rng is None:
        return np.random.default_rng()
    if isinstance(rng, random.Random):
        return np.random.default_rng(rng.getrandbits(64))
    return rng


def _bild(z: Zaehler, *, weg: str, hinweis: str, zeiteinheit: str, sekunden: float,
          optionen: tuple[tuple[str, Mapping[str, float]], ...] = ()) -> Lagebild:
    a = z.auswertung(sekunden)
    seiten = [s for s in a.sieg if s != UNENTSCHIEDEN] + [s for s in z.siege if s not in a.sieg]
    return Lagebild(
        sieg=MappingProxyType({s: a.sieg.get(s, 0.0) for s in {*a.sieg, *seiten}}),
        intervall=MappingProxyType({s: a.intervall(a.sieg.get(s, 0.0)) for s in {*a.sieg, *seiten}}),
        runden=z.runden_summe / z.anzahl if z.anzahl else math.nan,
        ausfall=a.ausgeschaltet,
        tod=a.tot,
        optionen=optionen,
        anzahl=z.anzahl,
        weg=weg,
        hinweis=hinweis,
        zeiteinheit=zeiteinheit,
        sekunden=sekunden,
    )


def _je_wahl(adapter: Any, zustand: Any, anzahl: int, *, rng: Any, taktik: Any,
             max_runden: int) -> Iterator[tuple[str, Mapping[str, float]]]:
    wahlen = getattr(adapter, "wahlen", None)
    if wahlen is None:
        return
    for text, treffen in wahlen(zustand, taktik):
        aeste = getattr(treffen, "aeste", None)
        aeste = aeste(zustand) if aeste is not None else None
        if not aeste:
            aeste = [(1.0, treffen)]
        sieg: Counter[str] = Counter()
        for p, ziehen in aeste:
            zustaende = [ziehen(zustand, rng) for _ in range(max(1, round(anzahl * p)))]
            z = Zaehler()
            _spielen(adapter, zustaende, rng=rng, taktik=taktik, max_runden=max_runden, z=z)
            for s, n in z.siege.items():
                sieg[s] += p * n / z.anzahl
        yield text, MappingProxyType(dict(sieg))


def _optionen(adapter: Any, zustand: Any, anzahl: int, *, rng: Any, taktik: Any,
              max_runden: int) -> tuple[tuple[str, Mapping[str, float]], ...]:
    return tuple(_je_wahl(adapter, zustand, anzahl, rng=rng, taktik=taktik, max_runden=max_runden))


def optionen_nacheinander(system: str, zustand: Any, anzahl: int = 300, rng: Any = None, taktik: Any = None, *,
                          max_runden: int = MAX_RUNDEN) -> Iterator[tuple[str, Mapping[str, float]]]:
    """Die Wahlen des Augenblicks einzeln (``(Text, Seite → Siegchance danach)``, in der Reihenfolge
    des Systems), je Wahl ``anzahl`` Kämpfe – wer nicht mehr will (ein neuer Schritt), hört
    zwischen zwei Wahlen auf. Dieselben Zahlen wie :attr:`Lagebild.optionen`."""
    _, adapter = _adapter(system)
    yield from _je_wahl(adapter, zustand, anzahl, rng=_numpy_rng(rng), taktik=taktik, max_runden=max_runden)


def lagebild(
    system: str,
    zustand: Any,
    anzahl: int = 2000,
    rng: Any = None,
    taktik: Any = None,
    *,
    mit_optionen: bool = True,
    max_runden: int = MAX_RUNDEN,
) -> Lagebild:
    """Spielt ``anzahl`` Kämpfe vom ``zustand`` an mit den Taktiken der Seiten zu Ende.

    Args:
        system: Paketname (``"savage_worlds"``, ``"aloran"``, ``"zeitstrahl"``, ``"w100"``).
        zustand: der ``Kampfzustand`` des Systems, wie ihn das Protokoll gerade ergibt.
        anzahl: Kämpfe (je Wahl ebenso viele); 2000 geben etwa ±2 Prozentpunkte.
        rng: ``numpy.random.Generator`` oder ``random.Random`` (Saat); ``None``: frischer Zufall.
        taktik: die ``Taktik`` des Systems (eine oder Seite → Taktik, wie die Simulation);
            ``None``: die Vorgaben.
        mit_optionen: auch die Wahlen des Augenblicks durchspielen.

    Raises:
        ValueError: ``anzahl`` unter 1 (deutsche Meldung); RegelsystemFehler: unbekanntes System.
    """
    if isinstance(anzahl, bool) or not isinstance(anzahl, int) or anzahl < 1:
        raise ValueError(f"Das Lagebild braucht mindestens einen Kampf, nicht {anzahl!r}.")
    rs, adapter = _adapter(system)
    start = time.perf_counter()
    rng = _numpy_rng(rng)
    z = Zaehler()
    weg, hinweis = _spielen(adapter, [zustand] * anzahl, rng=rng, taktik=taktik, max_runden=max_runden, z=z)
    optionen = _optionen(adapter, zustand, anzahl, rng=rng, taktik=taktik, max_runden=max_runden) if mit_optionen else ()
    return _bild(z, weg=weg, hinweis=hinweis, zeiteinheit=rs.zeiteinheit,
                 sekunden=time.perf_counter() - start, optionen=optionen)


def verfeinern(
    system: str,
    zustand: Any,
    stufen: Sequence[int] = (500, 2000, 8000),
    rng: Any = None,
    taktik: Any = None,
    *,
    abbrechen: Callable[[], bool] | None = None,
    max_runden: int = MAX_RUNDEN,
    mit_optionen: bool = True,
) -> Iterator[Lagebild]:
    """Erst eine schnelle Schätzung, dann genauere: liefert nach jeder Stufe ein Lagebild aus
    *allen* bis dahin gespielten Kämpfen (``stufen`` zählen insgesamt, nicht je Stufe). Die
    Wahlen des Augenblicks kommen mit der letzten Stufe (mit deren Anzahl je Wahl, höchstens
    2000; ``mit_optionen=False``: ohne sie). ``abbrechen()`` wird vor jeder Stufe gefragt (ein
    neuer Schritt am Tisch)."""
    rs, adapter = _adapter(system)
    rng = _numpy_rng(rng)
    start = time.perf_counter()
    z = Zaehler()
    weg, hinweis = "gebündelt", ""
    for i, ziel in enumerate(stufen):
        if abbrechen is not None and abbrechen():
            return
        n = ziel - z.anzahl
        if n > 0:
            weg, hinweis = _spielen(adapter, [zustand] * n, rng=rng, taktik=taktik, max_runden=max_runden, z=z)
        optionen: tuple[tuple[str, Mapping[str, float]], ...] = ()
        if mit_optionen and i == len(stufen) - 1 and not (abbrechen is not None and abbrechen()):
            optionen = _optionen(adapter, zustand, min(ziel, 2000), rng=rng, taktik=taktik, max_runden=max_runden)
        yield _bild(z, weg=weg, hinweis=hinweis, zeiteinheit=rs.zeiteinheit,
                    sekunden=time.perf_counter() - start, optionen=optionen)
