"""Das Lagebild im Hintergrund: nach jedem Schritt neu, ohne einen Klick aufzuhalten.

Ein :class:`LageLauf` je Sitzung (marimo: je Sitzung eine Zelle, die ihn anlegt; Jupyter: je
Kampfobjekt). :meth:`LageLauf.anstossen` übergibt den *Zustand* nach dem Schritt (nie das
Protokoll – der Lauf schreibt nichts, er ist kein zweiter Schreiber) und kehrt sofort zurück;
ein Faden lässt das Lagebild in Stufen rechnen (:func:`gm_helfer.lagebild.verfeinern`: erst eine
schnelle Schätzung, ±3 Prozentpunkte, dann genauer bis ±1) und meldet jede Stufe über
``melden``. Auf Wunsch gleich nach der ersten Schätzung die Wahlen des Augenblicks, je Wahl mit
wenigen Kämpfen (:func:`gm_helfer.lagebild.optionen_nacheinander`), danach das Verfeinern.

Gerechnet wird in einem eigenen Prozess je Lauf (:class:`_Rechner`, mit niedriger Priorität):
ein Faden im selben Prozess wie der Tisch nähme ihm das GIL und verdoppelte die Zeit vom Klick bis
zum Ergebnis (gemessen: 0,37 → 0,64 s, ``benchmarks/tisch_messen.py``). Der Faden hier wartet nur
auf dessen Teilergebnisse. Der Rechenprozess startet beim ersten Anstoßen, endet nach
:data:`LEERLAUF` Sekunden ohne Auftrag, beim Programmende (``atexit``, ``daemon``) und von selbst,
wenn sein Elternprozess fehlt.

Ein neuer Schritt bricht die alte Rechnung ab (zwischen zwei Brocken bzw. zwei Wahlen). Die Fäden
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
import multiprocessing
import multiprocessing.reduction
import os
import threading
import time
import types
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence
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
LEERLAUF = 300.0
"""Sekunden ohne Auftrag, nach denen ein Rechenprozess endet (ein geschlossener Tab lässt keinen stehen)."""
NETT = 10
"""Um so viel ist der Rechenprozess nachrangig (``os.nice``): Tisch und Browser gehen vor."""


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
        lauf._rechner.beenden()


def _abbildung(d: dict) -> types.MappingProxyType:
    return types.MappingProxyType(d)


def _nur_lesbar(m: types.MappingProxyType) -> tuple[Any, tuple[dict]]:
    return _abbildung, (dict(m),)


# Die Zustände halten schreibgeschützte Abbildungen; pickle kennt sie nicht – für den Weg zum
# Rechenprozess und zurück (nur dieser Pickler, nicht pickle im Allgemeinen)
multiprocessing.reduction.ForkingPickler.register(types.MappingProxyType, _nur_lesbar)


def _arbeiten(verbindung: Any, abbruch: Any, leerlauf: float, system: str, rng: Any, taktik: Any) -> None:
    """Der Rechenprozess: Aufträge ``(art, zustand, zahl)`` nacheinander, jedes Teilergebnis sofort
    zurück (``("teil", …)``), am Ende ``("ende", None)`` oder ``("fehler", Text)``. ``abbruch``
    (ein ``Event``) beendet den laufenden Auftrag zwischen zwei Brocken; nach ``leerlauf`` Sekunden
    ohne Auftrag endet der Prozess."""
    try:
        os.nice(NETT)
    except (AttributeError, OSError):  # Windows kennt kein nice
        pass
    eltern = os.getppid()

    def abbrechen() -> bool:
        return abbruch.is_set() or os.getppid() != eltern

    while verbindung.poll(leerlauf):
        try:
            art, zustand, zahl = verbindung.recv()
        except EOFError:  # der Lauf ist weg
            return
        try:
            if art == "stufen":
                teile: Iterator[Any] = lb.verfeinern(system, zustand, zahl, rng=rng, taktik=taktik,
                                                     abbrechen=abbrechen, mit_optionen=False)
            else:
                teile = lb.optionen_nacheinander(system, zustand, zahl, rng=rng, taktik=taktik)
            for teil in teile:
                verbindung.send(("teil", teil))
                if abbrechen():
                    break
            verbindung.send(("ende", None))
        except (BrokenPipeError, EOFError):
            return
        except Exception as fehler:  # geht zurück an den Lauf, der es anzeigt
            verbindung.send(("fehler", str(fehler) or type(fehler).__name__))


class _Rechner:
    """Der Rechenprozess eines Laufs (``spawn``: ein frischer Interpreter, auch unter marimo und
    Jupyter sicher). Ein Auftrag zur Zeit; :meth:`auftrag` liefert die Teilergebnisse."""

    def __init__(self, system: str, rng: Any, taktik: Any) -> None:
        self._argumente = (system, rng, taktik)
        self._sperre = threading.Lock()
        self._prozess: Any = None
        self._verbindung: Any = None
        self._abbruch: Any = None

    def _starten(self) -> None:
        kontext = multiprocessing.get_context("spawn")
        hier, dort = kontext.Pipe()
        self._abbruch = kontext.Event()
        self._prozess = kontext.Process(target=_arbeiten, args=(dort, self._abbruch, LEERLAUF, *self._argumente),
                                        daemon=True, name=f"Lagebild {self._argumente[0]}")
        self._prozess.start()
        dort.close()
        self._verbindung = hier

    def pid(self) -> int | None:
        """Die Prozessnummer des Rechenprozesses, solange er läuft (Tests)."""
        p = self._prozess
        return p.pid if p is not None and p.is_alive() else None

    def abbrechen(self) -> None:
        """Den laufenden Auftrag abbrechen (kehrt sofort zurück)."""
        if self._abbruch is not None:
            self._abbruch.set()

    def auftrag(self, art: str, zustand: Any, zahl: Any, abbrechen: Callable[[], bool]) -> Iterator[Any]:
        """Schickt den Auftrag und liefert die Teilergebnisse; fragt dabei ``abbrechen()``."""
        with self._sperre:
            for versuch in (1, 2):
                if self._prozess is None or not self._prozess.is_alive():
                    self._starten()  # beim ersten Mal, nach dem Leerlauf oder nach einem Absturz
                self._abbruch.clear()
                if abbrechen():
                    return
                self._verbindung.send((art, zustand, zahl))
                erhalten = False
                try:
                    while True:
                        if not self._verbindung.poll(0.05):
                            if abbrechen():
                                self._abbruch.set()
                            if not self._prozess.is_alive():
                                break
                            continue
                        was, wert = self._verbindung.recv()
                        if was == "ende":
                            return
                        if was == "fehler":
                            raise RuntimeError(wert)
                        erhalten = True
                        yield wert
                except GeneratorExit:  # der Lauf hört auf: den Auftrag beenden, bevor der nächste kommt
                    self._abbruch.set()
                    self._ausklingen()
                    raise
                if erhalten or versuch == 2:  # mitten im Auftrag weg: nicht noch einmal
                    raise RuntimeError("der Rechenprozess ist unerwartet beendet")
                # sonst endete er gerade im Leerlauf, als der Auftrag kam: neu starten, noch einmal

    def _ausklingen(self, frist: float = 10.0) -> None:
        """Liest bis zum Ende des abgebrochenen Auftrags; antwortet er nicht, wird er beendet."""
        ende = time.monotonic() + frist
        try:
            while time.monotonic() < ende:
                if self._verbindung.poll(0.05):
                    if self._verbindung.recv()[0] in ("ende", "fehler"):
                        return
                elif not self._prozess.is_alive():
                    return
        except (EOFError, OSError):
            return
        self.beenden()

    def beenden(self) -> None:
        """Den Rechenprozess beenden (und darauf warten)."""
        p, v = self._prozess, self._verbindung
        self._prozess = self._verbindung = None
        if v is not None:
            v.close()  # der Prozess liest EOF und endet
        if p is not None:
            p.join(2.0)
            if p.is_alive():
                p.terminate()
                p.join(2.0)


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
        self._rechner = _Rechner(system, rng, taktik)
        weakref.finalize(self, self._rechner.beenden)
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
        self._rechner.abbrechen()  # die alte Rechnung hört auf, die neue kommt gleich danach dran
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
        self._rechner.abbrechen()
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
        for bild in self._rechner.auftrag("stufen", zustand, tuple(ziele), abbrechen):
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
                for wahl in self._rechner.auftrag("wahlen", zustand, self.je_wahl, abbrechen):
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
