"""Ein Simulationslauf, den man anhalten und beim Rechnen beobachten kann.

:func:`gm_helfer.simulation.begegnung` rechnet alle Kämpfe auf einmal und meldet sich erst am
Ende. Für das Notizbuch teilt :class:`Lauf` die Kämpfe in feste Stücke (:func:`stuecke`: 5 % der
Anzahl, mindestens 2 000, höchstens 5 000 Kämpfe – ein Stück braucht etwa eine Sekunde), spielt jedes Stück mit
seiner eigenen Saat (:func:`gm_helfer.simulation.punkt_saat` aus Saat und Stücknummer) und fügt die
fertigen Stücke zu einer :class:`~gm_helfer.simulation.Auswertung` zusammen (:func:`vereinen`).
Zwischen zwei Stücken fragt er, ob er aufhören soll: der Stopp-Knopf (:meth:`Lauf.stoppen`), ein
neuer Lauf (der Faden meldet ``should_exit``, wie ``marimo.Thread``) oder ein Beobachter, der sich
nicht mehr meldet (:meth:`Lauf.lebenszeichen`: der Browser-Tab ist zu). Was bis dahin fertig ist,
bleibt als Teilergebnis mit seinem Intervall stehen.

Gleiche Saat und Anzahl ergeben dasselbe Ergebnis – gleich, wann gestoppt wird, sind die fertigen
Stücke dieselben. (Die Stücke ziehen ihren Zufall anders als ein einziger Aufruf von
``simulation.begegnung``; die Zahlen sind daher gleich verteilt, aber nicht Kampf für Kampf gleich.)

>>> import random
>>> from gm_helfer.simulation import Kampfausgang, simulieren
>>> def spielen(anzahl, rng):
...     return simulieren(lambda r: Kampfausgang("Helden" if r.random() < 0.75 else "Schurken", 1), anzahl, rng=rng)
>>> lauf = Lauf({"A": spielen}, anzahl=2000, saat=1)
>>> stand = lauf.ausfuehren()
>>> stand.zustand, stand.fertig, stand.auswertungen["A"].anzahl
('fertig', 2000, 2000)
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gm_helfer import text as _text
from gm_helfer.simulation import Auswertung, auszaehlen, punkt_saat

__all__ = ["HOECHSTENS_STUECK", "MINDEST_STUECK", "Lauf", "Stand", "aufgabe", "stuecke", "vereinen"]

MINDEST_STUECK = 2000
"""So klein wird ein Stück höchstens. Eine gebündelte Maschine zahlt je Aufruf die Runden ihres
längsten Kampfs (numpy-Aufrufe je Runde und Zug, gemessen etwa 0,3–0,6 s für „Überfall an der
Furt“); kleinere Stücke machen den ganzen Lauf vielfach langsamer (500er-Stücke: 10 000 Kämpfe
etwa fünfmal so lang)."""
HOECHSTENS_STUECK = 5000
"""So groß wird ein Stück höchstens (rund eine Sekunde Rechnung auf einem gewöhnlichen Kern)."""


def stuecke(anzahl: int) -> tuple[int, ...]:
    """Die Größen der Stücke für ``anzahl`` Kämpfe: je 5 % der Anzahl, aber mindestens
    :data:`MINDEST_STUECK` und höchstens :data:`HOECHSTENS_STUECK`; zusammen genau ``anzahl``.

    >>> stuecke(10_000)
    (2000, 2000, 2000, 2000, 2000)
    >>> sum(stuecke(200_000)), max(stuecke(200_000)), len(stuecke(200_000))
    (200000, 5000, 40)
    >>> stuecke(150)
    (150,)
    """
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    groesse = min(max(math.ceil(anzahl / 20), MINDEST_STUECK), HOECHSTENS_STUECK)
    voll, rest = divmod(anzahl, groesse)
    return (groesse,) * voll + ((rest,) if rest else ())


def vereinen(teile: Sequence[Auswertung]) -> Auswertung:
    """Fügt die Auswertungen einzelner Stücke zu einer zusammen (Anteile nach Kampfzahl gewichtet,
    Verbrauch als Mittel je Kampf, Rechenzeit addiert).

    >>> a = Auswertung(100, {"Helden": 0.5, "Schurken": 0.5}, {2: 1.0}, {}, {})
    >>> b = Auswertung(300, {"Helden": 1.0}, {3: 1.0}, {}, {})
    >>> v = vereinen([a, b])
    >>> v.anzahl, v.sieg["Helden"], v.runden[3]
    (400, 0.875, 0.75)
    """
    if not teile:
        raise ValueError("Es gibt noch kein fertiges Stück, das sich auswerten ließe.")
    n = sum(a.anzahl for a in teile)

    def zaehler(feld: str) -> Counter[Any]:
        summe: Counter[Any] = Counter()
        for a in teile:
            for schluessel, anteil in getattr(a, feld).items():
                summe[schluessel] += round(anteil * a.anzahl)
        return summe

    verbrauch: dict[str, float] = {}
    for a in teile:
        for name, wert in a.verbrauch.items():
            verbrauch[name] = verbrauch.get(name, 0.0) + wert * a.anzahl
    seiten: dict[str, str] = {}
    for a in teile:
        seiten.update(a.seiten)
    return auszaehlen(n, zaehler("sieg"), zaehler("runden"), zaehler("ausgeschaltet"), zaehler("tot"),
                      sekunden=math.fsum(a.sekunden for a in teile), seiten=seiten,
                      verbrauch={k: v / n for k, v in verbrauch.items()})


def aufgabe(begegnung: Any, boegen: Sequence[Any], *, max_runden: int = 100) -> Callable[[int, Any], Auswertung]:
    """``spielen(anzahl, rng)`` für eine :class:`~gm_helfer.begegnungen.Begegnung` mit ihren Bögen,
    ihrer Taktik und ihren Optionen (:func:`gm_helfer.simulation.begegnung`) – eine Aufgabe für
    :class:`Lauf`."""
    from gm_helfer import begegnungen, simulation

    kaempfer = begegnungen.boegen_fuer(begegnung, boegen)
    taktik, optionen = begegnungen.taktik_fuer(begegnung), begegnungen.optionen_fuer(begegnung)

    def spielen(anzahl: int, rng: Any) -> Auswertung:
        return simulation.begegnung(begegnung.system, kaempfer, anzahl, rng=rng, max_runden=max_runden,
                                    taktik=taktik, optionen=optionen)

    return spielen


@dataclass(frozen=True)
class Stand:
    """Wie weit ein :class:`Lauf` ist – was ein Beobachter zeigt."""

    zustand: str
    """„läuft“, „fertig“, „gestoppt“ oder „fehler“."""
    fertig: int
    """Fertig gespielte Kämpfe (je Variante)."""
    gesamt: int
    """Geplante Kämpfe (je Variante)."""
    auswertungen: Mapping[str, Auswertung] = field(default_factory=lambda: MappingProxyType({}))
    """Variante → Auswertung der fertigen Stücke (leer, solange keines fertig ist)."""
    meldung: str = ""
    """Deutsche Meldung bei „fehler“, sonst der Grund des Stopps."""
    sekunden: float = 0.0
    """Seit dem Start vergangen."""
    lauf: Any = field(default=None, compare=False, repr=False)
    """Der Lauf, zu dem dieser Stand gehört (ein alter Lauf meldet sich vielleicht noch einmal)."""

    @property
    def laeuft(self) -> bool:
        return self.zustand == "läuft"

    def text(self) -> str:
        """Eine Zeile Deutsch: wie weit, wie lange, und warum angehalten."""
        wie = {"läuft": "gerechnet", "fertig": "fertig", "gestoppt": "gestoppt", "fehler": "abgebrochen"}[self.zustand]
        zeile = f"{self.fertig:_} von {self.gesamt:_} Kämpfen {wie}".replace("_", " ")
        zeile += f" ({_zahl(self.sekunden)} s)"
        if self.zustand == "gestoppt":
            zeile += f" – {self.meldung or 'angehalten'}; das Ergebnis beruht nur auf den fertigen Kämpfen"
        return zeile + "."


def _zahl(x: float) -> str:
    return _text.komma(x, 1)


class Lauf:
    """Spielt Varianten einer Begegnung Stück für Stück, hält auf Wunsch an.

    Args:
        aufgaben: Variante → ``spielen(anzahl, rng)``, das eine
            :class:`~gm_helfer.simulation.Auswertung` liefert (etwa
            ``simulation.begegnung`` mit festen Bögen). Alle Varianten spielen Stück *i* mit
            derselben Saat (gemeinsamer Zufall macht den Vergleich schärfer).
        anzahl: Kämpfe je Variante.
        saat: die Zufallssaat des Laufs.
        puls: Sekunden ohne :meth:`lebenszeichen`, nach denen der Lauf von selbst anhält
            (``None``: nie) – für einen Beobachter, der verschwinden kann (ein Browser-Tab).
    """

    def __init__(self, aufgaben: Mapping[str, Callable[[int, Any], Auswertung]], anzahl: int, *, saat: int = 0,
                 puls: float | None = None) -> None:
        self._aufgaben = dict(aufgaben)
        self._stuecke = stuecke(anzahl)
        self.anzahl = anzahl
        self.saat = int(saat)
        self.puls = puls
        self._stopp = threading.Event()
        self._grund = ""
        self._zuletzt = time.monotonic()
        self._start = time.monotonic()
        self._faden: threading.Thread | None = None
        self._stand = Stand("läuft", 0, anzahl, lauf=self)
        self._sperre = threading.RLock()
        self._teile: dict[str, list[Auswertung]] = {name: [] for name in self._aufgaben}
        self._fertig = 0
        self._melder: Callable[[Stand], None] | None = None

    # ------------------------------------------------------------------ steuern

    def stoppen(self, grund: str = "mit „Stopp“ angehalten") -> None:
        """Hält den Lauf an (aus jedem Faden aufrufbar): der Stand der fertigen Stücke wird sofort
        gemeldet; das Stück, das gerade rechnet, fällt weg und der Faden endet danach."""
        with self._sperre:
            if self._stopp.is_set():
                return
            self._grund = grund
            self._stopp.set()
            if self._stand.laeuft and self._melder is not None:
                self._melden_gesperrt("gestoppt", grund)

    def lebenszeichen(self) -> None:
        """Der Beobachter ist noch da (sonst hält der Lauf nach :attr:`puls` Sekunden an)."""
        self._zuletzt = time.monotonic()

    def jetzt(self) -> Stand:
        """Der letzte :class:`Stand` mit der Zeit bis jetzt (für eine Anzeige, die jede Sekunde neu zeichnet)."""
        stand = self._stand
        if not stand.laeuft:
            return stand
        return Stand(stand.zustand, stand.fertig, stand.gesamt, stand.auswertungen, stand.meldung,
                     time.monotonic() - self._start, lauf=self)

    @property
    def stand(self) -> Stand:
        """Der letzte gemeldete :class:`Stand`."""
        return self._stand

    def _soll_enden(self) -> bool:
        if self._stopp.is_set():
            return True
        if getattr(threading.current_thread(), "should_exit", False):  # marimo.Thread: die Zelle lief neu
            self.stoppen("von einem neuen Lauf abgelöst")
            return True
        if self.puls is not None and time.monotonic() - self._zuletzt > self.puls:
            self.stoppen("der Tab ist geschlossen")
            return True
        return False

    # ------------------------------------------------------------------ rechnen

    def ausfuehren(self, melden: Callable[[Stand], None] | None = None) -> Stand:
        """Spielt im aufrufenden Faden, ruft ``melden(stand)`` nach jedem Stück (höchstens 5 % der
        Kämpfe) und am Ende (bei :meth:`stoppen` sofort), und gibt den letzten Stand zurück."""
        self._start = time.monotonic()
        self._melder = melden
        self.lebenszeichen()
        try:
            for nummer, groesse in enumerate(self._stuecke):
                if self._soll_enden():
                    break
                stueck_saat = punkt_saat(self.saat, nummer)
                neu = {name: spielen(groesse, random.Random(stueck_saat)) for name, spielen in self._aufgaben.items()}
                with self._sperre:
                    if self._stopp.is_set():  # während des Stücks gestoppt: es fällt weg
                        break
                    for name, auswertung in neu.items():
                        self._teile[name].append(auswertung)
                    self._fertig += groesse
                    if self._fertig < self.anzahl:
                        self._melden_gesperrt("läuft")
            with self._sperre:
                if self._stand.laeuft:
                    self._melden_gesperrt("gestoppt" if self._stopp.is_set() else "fertig", self._grund)
        except ValueError as fehler:
            with self._sperre:
                self._stopp.set()
                self._melden_gesperrt("fehler", str(fehler))
        return self._stand

    def _melden_gesperrt(self, zustand: str, meldung: str = "") -> Stand:
        auswertungen = {name: vereinen(t) for name, t in self._teile.items() if t}
        self._stand = Stand(zustand, self._fertig, self.anzahl, MappingProxyType(auswertungen), meldung,
                            time.monotonic() - self._start, lauf=self)
        if self._melder is not None:
            self._melder(self._stand)
        return self._stand

    def starten(self, melden: Callable[[Stand], None] | None = None,
                faden: Callable[..., threading.Thread] = threading.Thread,
                am_ende: Callable[[], None] | None = None) -> threading.Thread:
        """Startet :meth:`ausfuehren` in einem eigenen Faden (``faden``: etwa ``marimo.Thread``,
        damit ein neuer Lauf derselben Zelle den alten beendet) und gibt ihn zurück;
        ``am_ende()`` ruft der Faden, bevor er endet."""

        def _laufen() -> None:
            try:
                self.ausfuehren(melden)
            finally:
                if am_ende is not None:
                    am_ende()

        self._faden = faden(target=_laufen, daemon=True, name="gm_helfer-lauf")
        self._faden.start()
        return self._faden

    def warten(self, sekunden: float | None = None) -> Stand:
        """Wartet, bis der Faden von :meth:`starten` fertig ist (höchstens ``sekunden``)."""
        if self._faden is not None:
            self._faden.join(sekunden)
        return self._stand
