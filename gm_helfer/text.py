"""Deutsche Zahlen für Texte, die Menschen lesen – das eine Modul dafür (Issue 20): Dezimalkomma,
echtes Minuszeichen (−), Prozent, Mehrzahl, Aufzählung und leere Zellen.

>>> anzahl(1, "Wunde", "Wunden"), anzahl(3, "Wunde", "Wunden"), dezimal(1.5), dezimal(18.0)
('1 Wunde', '3 Wunden', '1,5', '18')
>>> aufzaehlung([1, 4]), aufzaehlung([2, 3, 5]), aufzaehlung([6])
('1 und 4', '2, 3 und 5', '6')
>>> komma(-1.5, 2), zahl(2.0), zahl(0.19, 2), prozent(0.125), prozent(1e-9)
('−1,50', '2', '0,19', '12,5 %', '< 0,1 %')

Welche Form wofür:

* :func:`komma` – feste Nachkommastellen (``-1.5, 2 → "−1,50"``), für Spalten und Chancen;
* :func:`zahl` – ganze Zahlen ohne Nachkommastellen, sonst ``stellen`` Stellen (``2.0 → "2"``,
  ``0.19, 2 → "0,19"``), Wahrheitswerte „ja“/„nein“; :func:`anzahl` setzt das passende Wort dazu;
* :func:`dezimal` – so kurz wie nötig (``f"{x:g}"``: ``1.25 → "1,25"``, ``18.0 → "18"``);
* :func:`prozent` – Wahrscheinlichkeit als Prozent, „fast sicher“ ist nicht „sicher“ (``< 0,1 %``);
* :func:`anzeige` – ein beliebiger Wert für Anzeige und Tabellen (``None``/NaN/leer → „–“),
  :func:`leer` – dasselbe in der kurzen Form von :func:`dezimal` (leerer Text bleibt leer).

Die früheren Helfer sind jetzt Aufrufer dieser Funktionen: ``gm_helfer.tisch.zahl/anzahl/text/
prozent`` (``prozent`` dort mit geschütztem Leerzeichen), ``gm_helfer.diagramme.zahl/prozent``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

__all__ = ["LEER", "anzahl", "anzeige", "aufzaehlung", "dezimal", "komma", "leer", "minus", "prozent",
           "vorzeichen", "zahl"]

LEER = "–"
"""Steht statt ``None``/``null``/leerem Text in Tabellen und Texten."""

_RAUSCHEN = 1e-10
"""Abstände unter 1e-10 zu 0 oder 1 gelten bei Prozenten als Rundungsrauschen."""


def minus(text: str) -> str:
    """Das Bindestrich-Minus eines Zahltextes als echtes Minuszeichen: ``"-3" → "−3"``."""
    return text.replace("-", "−")


def komma(x: float, stellen: int) -> str:
    """Eine Zahl mit genau ``stellen`` Nachkommastellen, Dezimalkomma und echtem Minus:
    ``9.336, 2 → "9,34"``, ``-1.5, 2 → "−1,50"``, ``7, 0 → "7"``."""
    return f"{x:.{stellen}f}".replace(".", ",").replace("-", "−")


def vorzeichen(n: float, stellen: int = 1) -> str:
    """Eine Zahl immer mit Vorzeichen, echtes Minus: ``3 → "+3"``, ``-3 → "−3"``, ``0 → "+0"``,
    ``-1.5 → "−1,5"`` – für Modifikatoren und Änderungen („Mod −3“, „Ausdauer +2“).

    >>> vorzeichen(3), vorzeichen(-3), vorzeichen(0), vorzeichen(-1.5)
    ('+3', '−3', '+0', '−1,5')
    """
    return ("+" if n >= 0 else "") + zahl(n, stellen)


def zahl(x: float, stellen: int = 1) -> str:
    """Deutsche Zahl: Dezimalkomma, echtes Minuszeichen, auf ``stellen`` Stellen gerundet und so
    kurz wie nötig (keine Nullen am Ende, ganze Zahlen ohne Komma, „−0“ wird „0“).

    Die eine Regel für Zahlen im Text (Protokoll, Zugfeld, Tabellen); feste Stellen für Spalten:
    :func:`komma`.

    >>> zahl(0.19, 2), zahl(2.0), zahl(-1.25, 2), zahl(3), zahl(True), zahl(10.96), zahl(-0.01)
    ('0,19', '2', '−1,25', '3', 'ja', '11', '0')
    """
    if isinstance(x, bool):
        return "ja" if x else "nein"
    if isinstance(x, int):
        return str(x).replace("-", "−")
    text = f"{float(x):.{max(stellen, 0)}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace(".", ",").replace("-", "−")


def anzahl(n: float, einzahl: str, mehrzahl: str, stellen: int = 1) -> str:
    """„1 Tick“, „0 Ticks“, „2 Ticks“, „0,19 Wunden“ – die Zahl (wie :func:`zahl`) mit dem
    passenden Wort: genau 1 → Einzahl, sonst Mehrzahl.

    >>> anzahl(1, "Wunde", "Wunden"), anzahl(-1, "Wunde", "Wunden"), anzahl(0.19, "Wunde", "Wunden", 2)
    ('1 Wunde', '−1 Wunden', '0,19 Wunden')
    """
    return f"{zahl(n, stellen)} {einzahl if n == 1 else mehrzahl}"


def dezimal(x: float) -> str:
    """Eine Zahl so kurz wie nötig mit Dezimalkomma: ``1.5 → "1,5"``, ``18.0 → "18"``."""
    return f"{x:g}".replace(".", ",").replace("-", "−")


def prozent(p: float, stellen: int = 1, *, leerzeichen: str = " ") -> str:
    """Eine Wahrscheinlichkeit als deutscher Prozenttext: ``0.125 → "12,5 %"``.

    Werte, die nicht genau 0 oder 1 sind, aber so gerundet würden, erscheinen als
    ``"< 0,1 %"`` bzw. ``"> 99,9 %"`` – am Spieltisch ist "fast sicher" nicht "sicher".
    Abstände unter 1e-10 zu 0 oder 1 gelten als Rundungsrauschen der Gleitkommazahlen
    (die exakten Verteilungen schneiden selbst erst unter 1e-12 ab). ``leerzeichen`` steht
    zwischen Zahl und „%“ (und nach „<“/„>“); im Notebook ein geschütztes (``"\\u00a0"``).

    >>> prozent(0.5), prozent(1/3, 2), prozent(0), prozent(1e-9), prozent(1 - 1e-9)
    ('50,0 %', '33,33 %', '0,0 %', '< 0,1 %', '> 99,9 %')
    """
    if isinstance(p, bool) or not isinstance(p, (int, float)) or math.isnan(p):
        raise ValueError(f"Eine Wahrscheinlichkeit muss eine Zahl sein, nicht {p!r}.")
    if stellen < 0:
        raise ValueError("Die Zahl der Nachkommastellen darf nicht negativ sein.")
    if abs(p) < _RAUSCHEN:
        p = 0.0
    elif abs(p - 1) < _RAUSCHEN:
        p = 1.0
    schritt = 10.0 ** -stellen
    wert = p * 100
    if 0 < wert < schritt / 2:
        return "<" + leerzeichen + komma(schritt, stellen) + leerzeichen + "%"
    if 100 - schritt / 2 < wert < 100:
        return ">" + leerzeichen + komma(100 - schritt, stellen) + leerzeichen + "%"
    return komma(wert, stellen) + leerzeichen + "%"


def anzeige(wert: Any, stellen: int = 1) -> str:
    """Ein Wert für Anzeige und Tabellen: ``None``/NaN/leer → „–“, Zahlen wie :func:`zahl`,
    bool → ja/nein, Folgen mit Komma.

    >>> anzeige(None), anzeige(""), anzeige(2.5), anzeige(True), anzeige("Brakka"), anzeige((1, 2.5))
    ('–', '–', '2,5', 'ja', 'Brakka', '1, 2,5')
    """
    if wert is None or (isinstance(wert, float) and math.isnan(wert)) or wert == "":
        return LEER
    if isinstance(wert, (bool, int, float)):
        return zahl(wert, stellen)
    if isinstance(wert, (list, tuple, frozenset, set)):
        return ", ".join(anzeige(w, stellen) for w in wert) or LEER
    return str(wert)


def leer(wert: object, ersatz: str = LEER) -> str:
    """Ein Wert für Tabellenzellen: ``None`` wird „–“, Zahlen deutsch (``-13 → "−13"``,
    ``1.5 → "1,5"``), Wahrheitswerte ja/nein, alles andere sein Text."""
    if wert is None:
        return ersatz
    if isinstance(wert, bool):
        return "ja" if wert else "nein"
    if isinstance(wert, (int, float)):
        return dezimal(wert)
    return str(wert)


def aufzaehlung(werte: Iterable[object]) -> str:
    """Werte als deutsche Aufzählung („2, 3 und 5“) statt einer Python-Liste („[2, 3, 5]“)."""
    teile = [str(w) for w in werte]
    return " und ".join([", ".join(teile[:-1]), teile[-1]]) if len(teile) > 1 else "".join(teile)
