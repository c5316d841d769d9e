"""Initiative mit Aktionskarten – reine Regeln (Ziehen mit ``rng`` steht in :mod:`kampf`).

Regeltext ``regeln/savage_worlds.txt``, „Initiative“, „Das Herunterzählen“, „Joker“,
„Abwarten“, „Überraschung“ und DESIGN.md: Kühler Kopf zieht eine Karte mehr und behält die
beste (verbessert: zwei mehr); Schnell zieht jede Karte von 5 oder weniger neu; erst Kühler
Kopf, dann Schnell. Gleicher Kartenwert: Pik vor Herz vor Karo vor Kreuz.

>>> from gm_helfer.karten import Karte
>>> k = [Karte.parse(t) for t in ("3♠", "4♥", "9♣")]
>>> karte_waehlen(k, kuehler_kopf=1, schnell=True)
(Karte(wert=9, farbe='Kreuz'), 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm_helfer.felder import und
from gm_helfer.karten import JOKER, Karte, KartenFehler

__all__ = ["karten_bedarf", "karte_waehlen", "schnell_wert_zieht_neu", "schnell_zieht_neu"]


def schnell_zieht_neu(karte: Karte) -> bool:
    """Schnell: eine Karte von 5 oder weniger wird neu gezogen (ein Joker nie)."""
    return schnell_wert_zieht_neu(karte.wert)


def schnell_wert_zieht_neu(wert: Any) -> Any:
    """:func:`schnell_zieht_neu` nach dem Kartenwert (Joker: ``JOKER``); auch für numpy-Felder."""
    return und(wert != JOKER, wert <= 5)


def karte_waehlen(
    karten: Sequence[Karte], *, kuehler_kopf: int = 0, schnell: bool = False
) -> tuple[Karte, int]:
    """Welche Karte behalten wird, und wie viele der gezogenen Karten dafür nötig waren.

    Args:
        karten: die Karten in der Reihenfolge, in der sie gezogen wurden.
        kuehler_kopf: 0, 1 (Kühler Kopf) oder 2 (Verbesserter Kühler Kopf) Zusatzkarten.
        schnell: Talent Schnell.

    Raises:
        KartenFehler: zu wenige Karten (etwa fehlt bei Schnell die neue Karte).
    """
    erste = 1 + kuehler_kopf
    if len(karten) < erste:
        raise KartenFehler(
            f"Mit Kühler Kopf werden {erste} Karten gezogen – eingetippt wurde{'n' if len(karten) != 1 else ''} {len(karten)}."
        )
    beste = max(karten[:erste])
    genutzt = erste
    while schnell and schnell_zieht_neu(beste):
        if genutzt >= len(karten):
            raise KartenFehler(
                f"Schnell: {beste} ist 5 oder weniger – bitte die neu gezogene Karte dazu eintippen."
            )
        beste = karten[genutzt]
        genutzt += 1
    return beste, genutzt


def karten_bedarf(karten: Sequence[Karte], *, kuehler_kopf: int = 0, schnell: bool = False) -> int:
    """Wie viele Karten noch fehlen, bis :func:`karte_waehlen` entscheiden kann (0 = fertig)."""
    erste = 1 + kuehler_kopf
    if len(karten) < erste:
        return erste - len(karten)
    try:
        karte_waehlen(karten, kuehler_kopf=kuehler_kopf, schnell=schnell)
    except KartenFehler:
        return 1
    return 0
