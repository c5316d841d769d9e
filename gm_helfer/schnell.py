"""Kleine Werkzeuge für einen schnellen Ereignispfad (Issue 10): :func:`ersetzen`,
:func:`merken`, :func:`gemerkt`, :func:`je_objekt`, :class:`einmal_je_objekt` und
:func:`alte_objekte_einfrieren`.

``ersetzen`` – ein schnelles ``dataclasses.replace`` für unveränderliche Zustände ohne
Prüfung im Konstruktor.

``dataclasses.replace`` ruft den erzeugten ``__init__`` auf, der bei eingefrorenen Klassen
jedes Feld einzeln mit ``object.__setattr__`` setzt – bei einem Kampfzustand mit zwanzig
Feldern ist das der größte Einzelposten eines simulierten Kampfes. :func:`ersetzen` kopiert
stattdessen die Felder aus dem ``__dict__`` und überschreibt die genannten. Das Ergebnis ist
gleich (``==``, ``hash``), solange die Klasse kein ``__post_init__`` und keine ``slots`` hat –
sonst fällt :func:`ersetzen` auf ``dataclasses.replace`` zurück. Zwischengespeichertes im
``__dict__`` (etwa ``cached_property``) wird nicht mitkopiert: die Kopie rechnet es neu.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Punkt:
...     x: int
...     y: int = 0
>>> ersetzen(Punkt(1, 2), y=5)
Punkt(x=1, y=5)
>>> ersetzen(Punkt(1), z=3)
Traceback (most recent call last):
...
TypeError: Punkt hat kein Feld „z“.
"""

from __future__ import annotations

import dataclasses
import gc
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import cache, wraps
from typing import Any, TypeVar

__all__ = [
    "alte_objekte_einfrieren", "bauen", "einmal_je_objekt", "ersetzen", "ersetzen_ohne_pruefung", "gemerkt", "je_objekt",
    "je_zustand", "merken", "nach_namen",
]

T = TypeVar("T")
E = TypeVar("E")


@cache
def _felder(cls: type, post_init_erlaubt: bool = False) -> frozenset[str] | None:
    """Die Feldnamen einer einfachen Datenklasse, oder ``None``, wenn kopieren nicht genügt
    (``post_init_erlaubt``: ein ``__post_init__`` wird beim Kopieren bewusst übergangen)."""
    if (hasattr(cls, "__post_init__") and not post_init_erlaubt) or hasattr(cls, "__slots__") \
            or not dataclasses.is_dataclass(cls):
        return None
    felder = dataclasses.fields(cls)
    if any(not f.init for f in felder):
        return None
    return frozenset(f.name for f in felder)


def ersetzen(obj: T, /, **aenderungen: Any) -> T:
    """Wie ``dataclasses.replace(obj, **aenderungen)``, nur schneller (siehe Moduldoku)."""
    cls = type(obj)
    felder = _felder(cls)
    if felder is None:
        return dataclasses.replace(obj, **aenderungen)  # type: ignore[type-var]
    return _kopie(obj, cls, felder, aenderungen)


def ersetzen_ohne_pruefung(obj: T, /, **aenderungen: Any) -> T:
    """Wie :func:`ersetzen`, aber ohne das ``__post_init__`` der Klasse erneut zu rufen – nur für
    ``anwenden``, wenn die geänderten Felder nichts berühren, was ``__post_init__`` prüft oder
    ergänzt (etwa Lebenspunkte eines Kämpfers, dessen Name und Seite gleich bleiben).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Konto:
    ...     name: str
    ...     stand: int = 0
    ...     def __post_init__(self):
    ...         if not self.name:
    ...             raise ValueError("ohne Namen")
    >>> ersetzen_ohne_pruefung(Konto("Ada"), stand=3)
    Konto(name='Ada', stand=3)
    """
    cls = type(obj)
    felder = _felder(cls, post_init_erlaubt=True)
    if felder is None:
        return dataclasses.replace(obj, **aenderungen)  # type: ignore[type-var]
    return _kopie(obj, cls, felder, aenderungen)


def bauen(cls: type[T], felder: dict[str, Any]) -> T:
    """``cls(**felder)`` für eine eingefrorene Datenklasse ohne ``__post_init__``, nur ohne deren
    erzeugtes ``__init__``, das jedes Feld einzeln mit ``object.__setattr__`` setzt – für die
    kleinen Objekte, die jeder simulierte Angriff baut (Lage, Würfe, Ergebnisse, Ereignisse;
    Issue 10). ``felder`` nennt jedes Feld (auch die mit Vorgabe) und gehört danach dem Objekt;
    dazu darf es schon gerechnete Werte der :class:`einmal_je_objekt`-Eigenschaften enthalten.

    Der einzige Weg im Projekt, Werte ohne ihr ``__init__`` zu bauen. Geprüft wird je Klasse
    einmal (gemerkt), ob das ohne Unterschied geht – eine Klasse mit ``__post_init__``, mit
    ``slots``, mit Feldern ohne ``init`` oder keine Datenklasse wird abgewiesen (``TypeError``:
    dort bliebe eine Prüfung oder Ergänzung des Konstruktors aus) – und bei jedem Aufruf, ob die
    Zahl der Einträge passt. Dass die Namen stimmen, prüfen die Tests der Systeme (so Gebautes ist
    gleich dem aus dem Konstruktor); ein Namensvergleich je Aufruf kostete den Ereignispfad rund
    40 % dieser Funktion.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Punkt:
    ...     x: int
    ...     y: int = 0
    >>> bauen(Punkt, {"x": 1, "y": 0}) == Punkt(1)
    True
    >>> bauen(Punkt, {"x": 1})
    Traceback (most recent call last):
    ...
    TypeError: Punkt hat 2 Felder, bauen bekam 1.
    """
    grenzen = _BAUBAR.get(cls)
    if grenzen is None:
        grenzen = _baubar(cls)
    if not grenzen[0] <= len(felder) <= grenzen[1]:
        raise TypeError(f"{cls.__name__} hat {grenzen[0]} Felder, bauen bekam {len(felder)}.")
    obj = object.__new__(cls)
    object.__setattr__(obj, "__dict__", felder)
    return obj


_BAUBAR: dict[type, tuple[int, int]] = {}
"""Klassen, die :func:`bauen` geprüft hat → (Zahl der Felder, dazu Zahl der :class:`einmal_je_objekt`)."""


def _baubar(cls: type) -> tuple[int, int]:
    """Prüft einmal je Klasse, ob :func:`bauen` sie ohne Unterschied zum Konstruktor bauen kann."""
    felder = _felder(cls)
    if felder is None:
        grund = ("ein __post_init__" if hasattr(cls, "__post_init__") else
                 "slots" if hasattr(cls, "__slots__") else
                 "keine Datenklasse" if not dataclasses.is_dataclass(cls) else "Felder ohne init")
        raise TypeError(f"bauen kann {cls.__name__} nicht ohne Konstruktor bauen ({grund}).")
    gemerkt = sum(isinstance(v, einmal_je_objekt) for k in cls.__mro__ for v in vars(k).values())
    grenzen = _BAUBAR[cls] = (len(felder), len(felder) + gemerkt)
    return grenzen


def _kopie(obj: T, cls: type, felder: frozenset[str], aenderungen: dict[str, Any]) -> T:
    if not felder.issuperset(aenderungen):
        for name in aenderungen:
            if name not in felder:
                raise TypeError(f"{cls.__name__} hat kein Feld „{name}“.")
    d = obj.__dict__.copy()  # schneller als ein leeres __dict__ Feld für Feld zu füllen
    if len(d) != len(felder):
        for name in [n for n in d if n not in felder]:
            del d[name]  # Zwischengespeichertes (cached_property) gilt nur für das alte Objekt
    d.update(aenderungen)
    neu = object.__new__(cls)
    object.__setattr__(neu, "__dict__", d)
    return neu


_GEMERKT: dict[int, tuple[Any, Any]] = {}
_GRENZE = 32
"""Gemerkt werden nur die letzten Ereignisdaten: ein Ereignis wird gleich nach dem Bauen angewandt.
Eine kleine Grenze gibt die alten Zustände bald frei (mit 256 war der Ereignispfad spürbar langsamer)."""


def merken(daten: T, objekt: Any) -> T:
    """Merkt sich, aus welchem Objekt die JSON-Daten eines Ereignisses eben gebaut wurden, und
    gibt ``daten`` zurück. :func:`gemerkt` liefert dann für **dasselbe** Datenobjekt das Objekt,
    ohne es erneut einzulesen und zu prüfen (Ereignisdaten werden nicht verändert; gelesene,
    kopierte oder eingetippte Daten sind andere Objekte und werden wie bisher geprüft)."""
    if len(_GEMERKT) >= _GRENZE:
        _GEMERKT.clear()
    _GEMERKT[id(daten)] = (daten, objekt)
    return daten


def je_zustand(speicher: dict[Any, tuple[Any, Any]], schluessel: Any, zustand: Any, rechne: Callable[[], E],
               grenze: int = 64) -> E:
    """Der Wert zu ``schluessel``, solange er für **denselben** ``zustand`` gerechnet ist (Identität);
    sonst ``rechne()`` und merken. Für Anzeigen, die je Kampfzustand einmal rechnen (die
    Ausschaltchancen der Zielauswahl): ein Klick ändert nur die Auswahl, ein Schritt den Zustand.

    >>> speicher, z = {}, object()
    >>> je_zustand(speicher, "Ada", z, lambda: [1]) is je_zustand(speicher, "Ada", z, lambda: [2])
    True
    """
    gemerkt = speicher.get(schluessel)
    if gemerkt is not None and gemerkt[0] is zustand:
        return gemerkt[1]
    wert = rechne()
    if len(speicher) > grenze:
        speicher.clear()
    speicher[schluessel] = (zustand, wert)
    return wert


def gemerkt(daten: Any) -> Any:
    """Das zu ``daten`` gemerkte Objekt (siehe :func:`merken`) oder ``None``.

    >>> d = {"augen": [3]}
    >>> gemerkt(merken(d, "Wurf")), gemerkt({"augen": [3]})
    ('Wurf', None)
    """
    eintrag = _GEMERKT.get(id(daten))
    return eintrag[1] if eintrag is not None and eintrag[0] is daten else None


def nach_namen(folge: Iterable[T]) -> dict[str, T]:
    """Name (``.name``) → Eintrag, für Nachschlagen ohne Suche (bei gleichen Namen zählt der erste).

    >>> from collections import namedtuple
    >>> K = namedtuple("K", "name wert")
    >>> nach_namen([K("Ada", 1), K("Bo", 2), K("Ada", 3)])["Ada"].wert
    1
    """
    namen: dict[str, T] = {}
    for x in folge:
        namen.setdefault(x.name, x)  # type: ignore[attr-defined]
    return namen


_JE_OBJEKT_GRENZE = 64


def je_objekt(f: Callable[[T], E]) -> Callable[[T], E]:
    """Merkt sich ``f(obj)`` für die zuletzt gefragten **unveränderlichen** Objekte, nach
    Identität (nicht nach Gleichheit): dieselbe Frage an denselben Kampfzustand – etwa „wer ist
    am Zug?“ beim Bauen eines Ereignisses und gleich danach in der Schleife – wird nur einmal
    gerechnet. Nur für reine Funktionen eines eingefrorenen Zustands, deren Ergebnis der Aufrufer
    nicht verändert (Tupel, Zahlen, Texte; interne Verzeichnisse).

    >>> aufrufe = []
    >>> @je_objekt
    ... def summe(t):
    ...     aufrufe.append(t)
    ...     return sum(t)
    >>> t = (1, 2, 3)
    >>> summe(t), summe(t), len(aufrufe)
    (6, 6, 1)
    """
    speicher: dict[int, tuple[Any, Any]] = {}

    @wraps(f)
    def gemerkt_je_objekt(obj: T) -> E:
        eintrag = speicher.get(id(obj))
        if eintrag is not None and eintrag[0] is obj:
            return eintrag[1]
        wert = f(obj)
        if len(speicher) >= _JE_OBJEKT_GRENZE:
            speicher.clear()
        speicher[id(obj)] = (obj, wert)
        return wert

    return gemerkt_je_objekt


class einmal_je_objekt:  # noqa: N801 – wird wie ``property`` als Dekorator geschrieben
    """Wie ``functools.cached_property``: rechnet eine Eigenschaft eines unveränderlichen Objekts
    beim ersten Lesen und legt sie in dessen ``__dict__`` ab; danach liest Python sie dort ohne
    Funktionsaufruf. Anders als ``cached_property`` in Python 3.11 ohne Sperre (die kostete den
    Ereignispfad bei jedem neuen Zustand spürbar, Issue 10). Neue Zustände aus :func:`ersetzen`
    übernehmen den gemerkten Wert nicht, sie rechnen neu.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Kreis:
    ...     r: int
    ...     @einmal_je_objekt
    ...     def flaeche(self) -> float:
    ...         return 3.14 * self.r ** 2
    >>> k = Kreis(2)
    >>> k.flaeche, "flaeche" in k.__dict__
    (12.56, True)
    """

    def __init__(self, f: Any) -> None:
        self.f = f
        self.name = f.__name__
        self.__doc__ = f.__doc__

    def __set_name__(self, besitzer: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Any, typ: type | None = None) -> Any:
        if obj is None:
            return self
        wert = self.f(obj)
        obj.__dict__[self.name] = wert
        return wert


@contextmanager
def alte_objekte_einfrieren() -> Iterator[None]:
    """Solange der Block läuft, übergeht Pythons Speicherbereinigung (``gc``) alle Objekte, die
    es vorher schon gab (``gc.freeze``), und nimmt sie danach wieder auf (``gc.unfreeze``).

    Eine Simulation erzeugt viele kurzlebige Zustände; jede volle Sammlung ginge dabei auch durch
    die Hunderttausende Objekte von Modulen, Bögen und Zwischenspeichern – beim Savage-Worlds-
    Gefecht ein Viertel der Rechenzeit (Issue 10). Am Ergebnis ändert das nichts: Objekte werden
    weiter freigegeben, sobald niemand sie mehr braucht; nur Kreise aus alten Objekten warten bis
    nach dem Block.

    Dazu sammelt ``gc`` im Block erst nach 20 000 statt 700 neuen Objekten (Schwelle der jüngsten
    Generation): die Zustände eines Kampfes sind kreisfrei und werden ohnehin beim letzten Verweis
    freigegeben; jede Sammlung ginge nur die eben gebauten Ereignisse durch (rund ein Zehntel der
    Rechenzeit des Ereignispfads).

    Der Block darf verschachtelt und aus mehreren Threads zugleich laufen (marimo rechnet die
    Zellen mehrerer Tabs in Threads eines Prozesses): ein Zähler unter einer Sperre merkt sich,
    wie viele Blöcke offen sind; der erste setzt Schwelle und ``gc.freeze``, erst der letzte, der
    endet, stellt die Schwelle von vorher wieder her und ruft ``gc.unfreeze``.

    >>> with alte_objekte_einfrieren():
    ...     gc.get_freeze_count() > 0
    True
    """
    global _offen, _schwellen_vorher
    with _SPERRE:
        if _offen == 0:
            _schwellen_vorher = gc.get_threshold()
            gc.freeze()
            gc.set_threshold(max(_schwellen_vorher[0], _SCHWELLE_IM_BLOCK), *_schwellen_vorher[1:])
        _offen += 1
    try:
        yield
    finally:
        with _SPERRE:
            _offen -= 1
            if _offen == 0:
                gc.set_threshold(*_schwellen_vorher)
                gc.unfreeze()


_SCHWELLE_IM_BLOCK = 20_000
_SPERRE = threading.Lock()
_offen = 0
"""Wie viele :func:`alte_objekte_einfrieren`-Blöcke gerade laufen (unter ``_SPERRE``)."""
_schwellen_vorher: tuple[int, ...] = gc.get_threshold()
