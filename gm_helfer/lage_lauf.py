"""Das Lagebild im Hintergrund: nach jedem Schritt neu, ohne einen Klick aufzuhalten.

Ein :class:`LageLauf` je Sitzung (marimo: je Sitzung eine Zelle, die ihn anlegt; Jupyter: je
Kampfobjekt). :meth:`LageLauf.anstossen` übergibt den *Zustand* nach dem Schritt (nie das
Protokoll – der Lauf schreibt nichts, er ist kein zweiter Schreiber) und kehrt sofort zurück;
ein Faden rechnet das Lagebild in Stufen (:func:`gm_helfer.lagebild.verfeinern`: erst eine
schnelle Schätzung, ±3 Prozentpunkte, dann genauer bis ±1) und meldet jede Stufe über
``melden``. Auf Wunsch gleich nach der ersten Schätzung die Wahlen des Augenblicks, je Wahl mit
wenigen Kämpfen (:func:`gm_helfer.lagebild.optionen_nacheinander`), danach das Verfeinern.

Ein neuer Schritt bricht die alte Rechnung ab (zwischen zwei Stufen bzw. zwei Wahlen). Die Fäden
sind Dämonen und hören beim Programmende auf (``atexit``); ein ``mo.Thread`` als ``faden`` hört
außerdem auf, sobald seine Zelle neu läuft (``should_exit``).

Der Verlauf (:attr:`LageStand.kurs`) merkt je Schritt die Siegchance der Seite; ein Schritt mit
kleinerer Nummer (Rückgängig) verwirft, was danach kam.

>>> lauf = LageLauf("savage_worlds")
>>> lauf.stand().bild is None
True
"""

from __future__ import annotations

import atexit
import threading
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gm_helfer import lagebild as lb

__all__ = ["ERSTE", "STUFEN", "LageLauf", "LageStand", "Punkt"]

ERSTE = 1100
"""Kämpfe der ersten Schätzung: das 95-%-Intervall ist höchstens ±3 Prozentpunkte breit."""
STUFEN = (ERSTE, 4000, 10000)
"""Stufen des Verfeinerns (insgesamt): 10.000 Kämpfe geben höchstens ±1 Prozentpunkt."""
BROCKEN = 2500
"""Höchstens so viele Kämpfe rechnet der Faden am Stück: ein neuer Schritt wartet nie länger auf ihn."""
JE_WAHL = 400
"""Kämpfe je Wahl des Augenblicks (etwa ±5 Prozentpunkte – genug, um die Wahlen zu ordnen)."""


@dataclass(frozen=True)
class Punkt:
    """Ein Punkt des Verlaufs: nach Schritt ``schritt`` (Runde/Tick ``runde``) die Siegchance."""

    schritt: int
    runde: int
    sieg: float
    unten: float
    oben: float


@dataclass(frozen=True)
class LageStand:
    """Was der Lauf gerade weiß (ein Schnappschuss, unveränderlich)."""

    schluessel: int | None = None
    bild: lb.Lagebild | None = None
    optionen: tuple[tuple[str, Mapping[str, float]], ...] = ()
    kurs: tuple[Punkt, ...] = ()
    fertig: bool = True
    """Keine Rechnung mehr offen (auch die Wahlen nicht)."""
    fehler: str = ""


_LAEUFE: weakref.WeakSet[LageLauf] = weakref.WeakSet()


@atexit.register
def _alle_stoppen() -> None:  # beim Programmende: nichts rechnet weiter
    for lauf in list(_LAEUFE):
        lauf.stoppen(warten=0.5)


class LageLauf:
    """Rechnet das Lagebild eines Kampfes im Hintergrund (siehe Moduldoku).

    Args:
        system: Paketname (``"savage_worlds"``, …).
        seite: die Seite, deren Siegchance der Verlauf merkt (``"Helden"``; W100: ``"helden"``).
        stufen: Kämpfe insgesamt nach jeder Stufe.
        je_wahl: Kämpfe je Wahl des Augenblicks.
        faden: Fadenklasse (``threading.Thread``; in marimo ``mo.Thread``).
        rng: ``numpy.random.Generator`` (Tests: Saat); ``None``: frischer Zufall.
        taktik: die ``Taktik`` des Systems (``None``: die Vorgaben).
    """

    def __init__(self, system: str, *, seite: str = "Helden", stufen: Sequence[int] = STUFEN,
                 je_wahl: int = JE_WAHL, faden: Callable[..., threading.Thread] = threading.Thread,
                 rng: Any = None, taktik: Any = None) -> None:
        self.system, self.seite, self.stufen, self.je_wahl = system, seite, tuple(stufen), je_wahl
        self._faden_klasse, self._rng, self._taktik = faden, rng, taktik
        self._sperre = threading.Lock()
        self._auftrag = 0
        self._faden: threading.Thread | None = None
        self._stand = LageStand()
        self._kurs: dict[int, Punkt] = {}
        _LAEUFE.add(self)

    # --- von außen -------------------------------------------------------------------------
    def anstossen(self, schluessel: int, zustand: Any, *, runde: int = 0, mit_optionen: bool = False,
                  melden: Callable[[LageStand], None] | None = None) -> threading.Thread:
        """Rechnet das Lagebild von ``zustand`` (nach Schritt ``schluessel``) im Hintergrund; kehrt
        sofort zurück. Eine laufende ältere Rechnung hört auf. ``melden(stand)`` einmal gleich (im
        Aufrufer: der Stand vor der Rechnung), dann nach jeder Stufe (im Faden)."""
        with self._sperre:
            self._auftrag += 1
            nummer = self._auftrag
            for s in [s for s in self._kurs if s > schluessel]:  # Rückgängig: was danach kam, gilt nicht mehr
                del self._kurs[s]
            alt = self._stand
            self._stand = LageStand(schluessel, alt.bild if alt.schluessel == schluessel else None,
                                    alt.optionen if alt.schluessel == schluessel else (), self._kurs_tupel(), fertig=False)
            vorher = self._stand
        if melden is not None:  # der Stand vor der Rechnung – noch im Aufrufer, vor dem Faden
            melden(vorher)
        faden = self._faden_klasse(target=self._rechnen, args=(nummer, schluessel, zustand, runde, mit_optionen, melden),
                                   daemon=True, name=f"Lagebild {self.system}")
        self._faden = faden
        faden.start()
        return faden

    def stand(self) -> LageStand:
        """Der letzte Stand (thread-sicher)."""
        with self._sperre:
            return self._stand

    def stoppen(self, warten: float = 2.0) -> None:
        """Bricht die laufende Rechnung ab und wartet höchstens ``warten`` Sekunden auf den Faden."""
        with self._sperre:
            self._auftrag += 1
            faden = self._faden
        if faden is not None and faden.is_alive() and faden is not threading.current_thread():
            faden.join(warten)

    def laeuft(self) -> bool:
        """Rechnet gerade ein Faden?"""
        f = self._faden
        return f is not None and f.is_alive()

    # --- im Faden --------------------------------------------------------------------------
    def _kurs_tupel(self) -> tuple[Punkt, ...]:
        return tuple(self._kurs[s] for s in sorted(self._kurs))

    def _veraltet(self, nummer: int) -> bool:
        return nummer != self._auftrag or bool(getattr(threading.current_thread(), "should_exit", False))

    def _setzen(self, nummer: int, **felder: Any) -> LageStand | None:
        with self._sperre:
            if nummer != self._auftrag:
                return None
            alt = self._stand
            self._stand = LageStand(**{**{f: getattr(alt, f) for f in LageStand.__dataclass_fields__}, **felder,
                                       "kurs": self._kurs_tupel()})
            return self._stand

    def _stufen(self, nummer: int, schluessel: int, zustand: Any, runde: int, ziele: Sequence[int],
                melde_bei: Sequence[int], weiter: Callable[[LageStand | None], None], abbrechen: Callable[[], bool],
                *, fertig_am_ende: bool) -> None:
        """Spielt bis zu den Zielen (insgesamt gezählt); meldet bei den Stufen ``melde_bei``."""
        for bild in lb.verfeinern(self.system, zustand, ziele, rng=self._rng, taktik=self._taktik,
                                  abbrechen=abbrechen, mit_optionen=False):
            if bild.anzahl not in melde_bei:
                continue  # nur ein Brocken: gemeldet wird je Stufe
            with self._sperre:
                if nummer == self._auftrag:
                    lo, hi = bild.intervall.get(self.seite, (0.0, 0.0))
                    self._kurs[schluessel] = Punkt(schluessel, runde, bild.sieg.get(self.seite, 0.0), lo, hi)
            weiter(self._setzen(nummer, bild=bild, fertig=fertig_am_ende and bild.anzahl >= melde_bei[-1]))

    def _rechnen(self, nummer: int, schluessel: int, zustand: Any, runde: int, mit_optionen: bool,
                 melden: Callable[[LageStand], None] | None) -> None:
        def abbrechen() -> bool:
            return self._veraltet(nummer)

        def weiter(stand: LageStand | None) -> None:
            if stand is not None and melden is not None and not abbrechen():
                melden(stand)

        try:
            stufen = self.stufen
            erste = _brocken(stufen[:1])
            self._stufen(nummer, schluessel, zustand, runde, erste, stufen[:1], weiter, abbrechen,
                         fertig_am_ende=len(stufen) == 1 and not mit_optionen)
            if mit_optionen and not abbrechen():  # die Wahlen gleich nach der ersten Schätzung
                optionen: list[tuple[str, Mapping[str, float]]] = []
                for wahl in lb.optionen_nacheinander(self.system, zustand, self.je_wahl, rng=self._rng,
                                                     taktik=self._taktik):
                    if abbrechen():
                        return
                    optionen.append(wahl)
                    weiter(self._setzen(nummer, optionen=tuple(optionen), fertig=False))
                weiter(self._setzen(nummer, optionen=tuple(optionen), fertig=len(stufen) == 1))
            if len(stufen) > 1 and not abbrechen():
                # dann genauer: von vorn in Brocken (die erste Stufe kostet ein Zehntel noch einmal –
                # dafür sind die Zahlen jeder Stufe genau die von verfeinern)
                self._stufen(nummer, schluessel, zustand, runde, _brocken(stufen), stufen[1:], weiter, abbrechen,
                             fertig_am_ende=True)
        except Exception as fehler:  # das Lagebild darf den Tisch nie aufhalten – es sagt, was los ist
            weiter(self._setzen(nummer, fertig=True, fehler=f"Lagebild nicht verfügbar: {fehler}"))


def _brocken(stufen: Sequence[int]) -> list[int]:
    """Die Stufen, zwischen denen höchstens :data:`BROCKEN` Kämpfe liegen (insgesamt gezählt).

    >>> _brocken((1100, 4000, 10000))
    [1100, 3600, 4000, 6500, 9000, 10000]
    """
    aus: list[int] = []
    bisher = 0
    for ziel in stufen:
        while ziel - bisher > BROCKEN:
            bisher += BROCKEN
            aus.append(bisher)
        if ziel > bisher:
            aus.append(ziel)
            bisher = ziel
    return aus
