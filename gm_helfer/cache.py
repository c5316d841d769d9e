"""Ein Zwischenspeicher mit fester Obergrenze in Bytes (LRU), sicher für mehrere Threads.

``functools.lru_cache`` begrenzt nur die Zahl der Einträge; ein einziger großer Eintrag
(eine lange Würfelformel, eine Verteilung mit hunderttausend Ergebnissen) kann so den
Speicher sprengen. :func:`bounded_cache` schätzt die Größe jedes Eintrags (Schlüssel und
Wert) mit einer übergebenen Funktion und verdrängt die am längsten unbenutzten Einträge,
sobald die Summe die Grenze übersteigt. Ein Eintrag, der allein größer als die Grenze ist,
wird berechnet, aber nicht gespeichert.

>>> @bounded_cache(max_bytes=1000, size=lambda key, value: 400)
... def quadrat(x):
...     return x * x
>>> [quadrat(i) for i in range(4)]
[0, 1, 4, 9]
>>> quadrat.cache_info()
CacheInfo(entries=2, bytes=800, max_bytes=1000)
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

__all__ = ["CacheInfo", "bounded_cache"]


class CacheInfo(NamedTuple):
    """Zustand eines Zwischenspeichers."""

    entries: int
    bytes: int
    max_bytes: int


def bounded_cache(
    *, max_bytes: int, size: Callable[[Hashable, Any], int]
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Dekorator: merkt sich Ergebnisse nach Positionsargumenten, höchstens ``max_bytes``.

    Args:
        max_bytes: Obergrenze für die Summe der geschätzten Größen.
        size: ``size(key, value)`` schätzt die Bytes eines Eintrags (``key`` ist das Tupel
            der Argumente).

    Ausnahmen werden nicht gespeichert. Die Funktion bekommt ``cache_info()`` und
    ``cache_clear()`` wie bei ``functools.lru_cache``.
    """

    def dekorator(funktion: Callable[..., Any]) -> Callable[..., Any]:
        eintraege: OrderedDict[Hashable, tuple[Any, int]] = OrderedDict()
        belegt = 0
        sperre = threading.Lock()

        @functools.wraps(funktion)
        def huelle(*args: Hashable) -> Any:
            nonlocal belegt
            with sperre:
                gefunden = eintraege.get(args)
                if gefunden is not None:
                    eintraege.move_to_end(args)
                    return gefunden[0]
            wert = funktion(*args)
            groesse = max(1, int(size(args, wert)))
            if groesse > max_bytes:
                return wert
            with sperre:
                if args in eintraege:  # ein anderer Thread war schneller
                    return eintraege[args][0]
                eintraege[args] = (wert, groesse)
                belegt += groesse
                while belegt > max_bytes:
                    _, (_, alt) = eintraege.popitem(last=False)
                    belegt -= alt
            return wert

        def cache_info() -> CacheInfo:
            with sperre:
                return CacheInfo(len(eintraege), belegt, max_bytes)

        def cache_clear() -> None:
            nonlocal belegt
            with sperre:
                eintraege.clear()
                belegt = 0

        huelle.cache_info = cache_info  # type: ignore[attr-defined]
        huelle.cache_clear = cache_clear  # type: ignore[attr-defined]
        return huelle

    return dekorator
