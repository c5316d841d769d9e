"""Würfelschicht für W100: der einzige Ort, an dem Zufall eintritt.

Ein W100 zeigt 1 bis 100 und ist nicht offen nach oben (DESIGN.md › W100). Eingetippte
Augen eines echten Würfelpaares: ``00`` bedeutet 100. Der Zufall kommt nur aus dem
übergebenen ``rng`` (``random.Random`` oder numpy ``Generator``).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from gm_helfer import wuerfel
from gm_helfer.felder import wo
from gm_helfer.w100.daten import LUCKY_SEVEN


def w100(*, rng: Any = None, augen: Any = None) -> wuerfel.Wuerfelwurf:
    """Ein W100-Wurf – vom Programm (``rng``) oder eingetippt (``augen``, ``"00"`` = 100).

    >>> w100(augen="00").natuerlich
    100
    """
    if augen is None and type(rng) is random.Random:
        # gleich wuerfel.wuerfle(100, rng=rng) (dieselbe Zufallszahl), ohne dessen Prüfungen und das
        # eingefrorene __init__ – jeder simulierte Angriff würfelt hier (Issue 10)
        return wuerfel.gewuerfelt(100, (wuerfel.zufallszahl(rng, 100),), False)
    return wuerfel.wuerfle(100, rng=rng, augen=augen)


def w100_wert(natuerlich: Any, *, lucky_seven: bool = False) -> Any:
    """Der Wert eines W100-Wurfes vor allen Boni (Zahl oder numpy-Feld, elementweise).

    „Wird die optionale Regel ‚Lucky Seven‘ aus Würfel verwendet, zählt eine gewürfelte 77
    doppelt; erst danach kommt der Initiativebonus hinzu.“ (regeln/w100.txt › Initiative und
    Kampfrunde). Dieselbe Regel gilt für den Angriffswurf (DESIGN.md › W100).

    >>> w100_wert(77, lucky_seven=True), w100_wert(77)
    (154, 77)
    >>> w100_wert(np.array([76, 77]), lucky_seven=True).tolist()
    [76, 154]
    """
    if isinstance(natuerlich, np.ndarray):
        if natuerlich.size and (natuerlich.min() < 1 or natuerlich.max() > 100):  # zwei Reduktionen statt vier Schritte
            falsch = natuerlich[(natuerlich < 1) | (natuerlich > 100)][0]
            raise wuerfel.WuerfelFehler(f"Ein W100 zeigt keine {falsch} (möglich: 1 bis 100).")
    elif not 1 <= natuerlich <= 100:
        raise wuerfel.WuerfelFehler(f"Ein W100 zeigt keine {natuerlich} (möglich: 1 bis 100).")
    if not lucky_seven:
        return natuerlich + 0  # der Wurf, wie er fällt (+ 0: bei Feldern eine Kopie, wie sonst auch)
    return wo(natuerlich == LUCKY_SEVEN, 2 * natuerlich, natuerlich)


def schadenswurf(ausdruck: str | wuerfel.Ausdruck, *, rng: Any = None, augen: Any = None) -> wuerfel.Wurf:
    """Der Schadenswurf einer Waffe (z. B. ``"2W6+3"`` oder schon gelesen), gewürfelt oder eingetippt."""
    return wuerfel.wurf(ausdruck, rng=rng, augen=augen)
