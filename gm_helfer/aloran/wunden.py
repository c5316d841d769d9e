"""Wunden, Wundschwellen und Wundtabellen (rein, ohne Zufall).

Regeltext: ``regeln/aloran.txt``, Allgemeine Regeln › 5. Phase - Schadenswurf
(Verletzungstabelle, Wundtabellen nach Schadensart) und › 6. Phase - Kampfende /
Kampfunfähigkeit.

Festgelegte Lesart (DESIGN): Schaden nach Abzug der Rüstung der getroffenen Zone zählt als
Wunden in dieser Zone; jede Zone hat 3 Wundschwellen bei KO×1, KO×2, KO×3; die Wundtabelle
gilt nach der Gesamtzahl der Wunden gegen KO×n.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import lru_cache, wraps
from typing import Any, TypeVar

import numpy as np

from gm_helfer.felder import und

from .daten import (
    LEBENSWICHTIGE_ZONEN,
    WUNDSTUFEN,
    WUNDTABELLE_ART,
    WUNDTEXTE,
    ZONEN,
    ZONEN_SCHLUESSEL,
    Wundstufe,
)
from .optionen import Optionen
from .proben import AloranFehler, runden, runden_bruch

T = TypeVar("T")

# Felder (gebündelte Simulation): Wunden je Zone liegen in der letzten Achse (… × Zonen),
# die Konstitution je Kämpfer ohne diese Achse. Skalar hinein → Skalar heraus.

_WUERFELABZUG = np.array([s.wuerfel_abzug for s in WUNDSTUFEN])
_INITIATIVEABZUG = np.array([s.initiative_abzug for s in WUNDSTUFEN])
_MAX_KO = 5
"""Höchste Konstitution (Attribute 1–5): bis dahin reichen die Tafeln für Felder."""
_LEBENSWICHTIG = [ZONEN_SCHLUESSEL.index(z) for z in LEBENSWICHTIGE_ZONEN]


def pruefe_konstitution(konstitution: int) -> int:
    if isinstance(konstitution, bool) or not isinstance(konstitution, int) or konstitution < 1:
        raise AloranFehler(f"Konstitution „{konstitution}“ ist unmöglich (mindestens 1).")
    return konstitution


def wundschwellen(konstitution: Any, anzahl: int = 3) -> tuple[Any, ...]:
    """Die Wundschwellen einer Zone: KO×1, KO×2, KO×3 (Trefferzonen-Tabelle: 3 je Zone).

    >>> wundschwellen(3)
    (3, 6, 9)
    """
    if isinstance(konstitution, np.ndarray):
        return tuple(konstitution * n for n in range(1, anzahl + 1))
    return _wundschwellen(konstitution, anzahl)


@lru_cache(maxsize=256)
def _wundschwellen(konstitution: int, anzahl: int) -> tuple[int, ...]:
    pruefe_konstitution(konstitution)
    return tuple(konstitution * n for n in range(1, anzahl + 1))


def ueberschrittene_schwellen(wunden_zone: Any, konstitution: Any) -> Any:
    """Wie viele Schwellen einer Zone überschritten sind (0 bis 3); „überschreiten“ = mehr als.

    Felder schlagen in der Tafel nach, die diese Funktion für jede Konstitution und jede
    Wundenzahl bis über die dritte Schwelle einmal berechnet hat."""
    if isinstance(wunden_zone, np.ndarray):
        return _SCHWELLEN_TAFEL[konstitution, np.minimum(wunden_zone, _SCHWELLEN_TAFEL.shape[1] - 1)]
    if type(wunden_zone) is int and type(konstitution) is int and wunden_zone >= 0 and 1 <= konstitution <= _MAX_KO:
        # einzelne Werte aus derselben Tafel (gleiches Ergebnis ohne Schleife; der Ereignispfad fragt je Treffer)
        return _SCHWELLEN_ZEILEN[konstitution][min(wunden_zone, _SCHWELLEN_LETZTE)]
    return _schwellen_gezaehlt(wunden_zone, konstitution)


def _schwellen_gezaehlt(wunden_zone: Any, konstitution: Any) -> int:
    """:func:`ueberschrittene_schwellen` für einzelne Werte, gezählt (daraus entsteht die Tafel)."""
    return sum(1 for s in wundschwellen(konstitution) if wunden_zone > s)


def wundstufe_index(gesamt: Any, konstitution: Any) -> Any:
    """Zeile der Wundtabelle zur Gesamtzahl der Wunden (0 = keine, 6 = über KO×5).

    „bis (KO x n)“ schließt KO×n ein. Beispiel KO 3: 0 → 0, 1–3 → 1, 4–6 → 2, 16+ → 6.
    Felder schlagen in der Tafel nach, die diese Funktion für jede Konstitution und jede
    Wundenzahl bis über KO×5 einmal berechnet hat.

    >>> [wundstufe_index(w, 3) for w in (0, 1, 3, 4, 6, 7, 15, 16)]
    [0, 1, 1, 2, 2, 3, 5, 6]
    """
    if isinstance(gesamt, np.ndarray):
        return _WUNDSTUFEN_TAFEL[konstitution, np.minimum(gesamt, _WUNDSTUFEN_TAFEL.shape[1] - 1)]
    if type(gesamt) is int and type(konstitution) is int and gesamt >= 0 and 1 <= konstitution <= _MAX_KO:
        return _WUNDSTUFEN_ZEILEN[konstitution][min(gesamt, _WUNDSTUFEN_LETZTE)]
    return _wundstufe_gesucht(gesamt, konstitution)


def _wundstufe_gesucht(gesamt: Any, konstitution: Any) -> int:
    """:func:`wundstufe_index` für einzelne Werte, in der Wundtabelle gesucht (daraus entsteht die Tafel)."""
    pruefe_konstitution(konstitution)
    if gesamt < 0:
        raise AloranFehler(f"{gesamt} Wunden gibt es nicht.")
    for index, stufe_ in enumerate(WUNDSTUFEN):
        if stufe_.bis_ko is None or gesamt <= konstitution * stufe_.bis_ko:
            return index
    raise AssertionError("unerreichbar")


_WUNDSTUFEN_TAFEL = np.array([[_wundstufe_gesucht(w, max(ko, 1)) for w in range(_MAX_KO * 5 + 2)]
                              for ko in range(_MAX_KO + 1)])
"""``[konstitution, min(wunden, 26)]`` → :func:`wundstufe_index` (Zeile 0 unbenutzt)."""
_SCHWELLEN_TAFEL = np.array([[_schwellen_gezaehlt(w, max(ko, 1)) for w in range(_MAX_KO * 3 + 2)]
                             for ko in range(_MAX_KO + 1)])
"""``[konstitution, min(wunden, 16)]`` → :func:`ueberschrittene_schwellen` (Zeile 0 unbenutzt)."""
_WUNDSTUFEN_ZEILEN, _WUNDSTUFEN_LETZTE = _WUNDSTUFEN_TAFEL.tolist(), _WUNDSTUFEN_TAFEL.shape[1] - 1
_SCHWELLEN_ZEILEN, _SCHWELLEN_LETZTE = _SCHWELLEN_TAFEL.tolist(), _SCHWELLEN_TAFEL.shape[1] - 1
"""Dieselben Tafeln als Listen ganzer Zahlen (für einzelne Werte)."""


SCHWERE_VERLETZUNG_INDEX = 3
"""Erste Zeile „Schwere Verletzung“ der Wundtabellen."""


def _gemerkt(f: Callable[[Any, Any], T]) -> Callable[[Any, Any], T]:
    """Merkt sich die Antwort einer reinen Frage an (Wunden, Konstitution): Zugreihenfolge,
    Initiative und Kampfunfähigkeit fragen im Kampf immer wieder nach denselben Wunden
    (Issue 10, schneller Ereignispfad). Wunden als Liste oder Feld (nicht hashbar) gehen ungemerkt durch."""
    gemerkt = lru_cache(maxsize=4096)(f)

    @wraps(f)
    def frage(wunden: Any, konstitution: Any) -> T:
        if isinstance(wunden, np.ndarray):  # Felder der gebündelten Simulation: ohne den Umweg über TypeError
            return f(wunden, konstitution)
        try:
            return gemerkt(wunden, konstitution)
        except TypeError:
            return f(wunden, konstitution)

    return frage


@_gemerkt
def verletzungsstufe(wunden: Any, konstitution: Any) -> Any:
    """Geltende Zeile der Wundtabelle für alle Wunden eines Kämpfers.

    „Verletzungen treten immer dann auf, wenn 1. Die Gesamtanzahl der Wunden ein Vielfaches
    der Konstitution übersteigt oder 2. ein einzelner Körperteil die dritte Wundschwelle
    überschreitet. In diesem Fall wird automatisch ungeachtet der Anzahl der Wunden eine
    schwere Verletzung verursacht.“ – also mindestens die erste Zeile „Schwere Verletzung“.
    """
    if isinstance(wunden, np.ndarray):
        ko = np.asarray(konstitution)
        stufe_ = wundstufe_index(wunden.sum(-1), ko)
        schwer = (ueberschrittene_schwellen(wunden, ko[..., None]) >= 3).any(-1)
        return np.where(schwer, np.maximum(stufe_, SCHWERE_VERLETZUNG_INDEX), stufe_)
    pruefe_wunden(wunden)
    stufe_ = wundstufe_index(sum(wunden), konstitution)
    # „ein einzelner Körperteil“: die Zone mit den meisten Wunden entscheidet (mehr Wunden
    # überschreiten nie weniger Schwellen)
    if ueberschrittene_schwellen(max(wunden), konstitution) >= 3:
        stufe_ = max(stufe_, SCHWERE_VERLETZUNG_INDEX)
    return stufe_


def pruefe_wunden(wunden: tuple[int, ...]) -> None:
    if len(wunden) != len(ZONEN) or min(wunden) < 0:
        raise AloranFehler(f"Wunden je Zone müssen {len(ZONEN)} Zahlen ≥ 0 sein, nicht {wunden}.")


def stufe(wunden: tuple[int, ...], konstitution: int) -> Wundstufe:
    """Die geltende :class:`Wundstufe` (Abzüge auf Pools und Initiative)."""
    return WUNDSTUFEN[verletzungsstufe(wunden, konstitution)]


@_gemerkt
def wuerfelabzug(wunden: Any, konstitution: Any) -> Any:
    """„NK / VT -n W10“: Würfel weniger in Angriff und Verteidigung (elementweise für Felder)."""
    return wuerfelabzug_der_stufe(verletzungsstufe(wunden, konstitution))


@_gemerkt
def initiativeabzug(wunden: Any, konstitution: Any) -> Any:
    """„Ini -n“ der geltenden Wundstufe (elementweise für Felder)."""
    return initiativeabzug_der_stufe(verletzungsstufe(wunden, konstitution))


def wuerfelabzug_der_stufe(stufe_: Any) -> Any:
    """„NK / VT -n W10“ einer Zeile der Wundtabelle (:func:`verletzungsstufe`; Felder: je Eintrag)."""
    if isinstance(stufe_, np.ndarray):
        return _WUERFELABZUG[stufe_]
    return WUNDSTUFEN[stufe_].wuerfel_abzug


def initiativeabzug_der_stufe(stufe_: Any) -> Any:
    """„Ini -n“ einer Zeile der Wundtabelle (Felder: je Eintrag)."""
    if isinstance(stufe_, np.ndarray):
        return _INITIATIVEABZUG[stufe_]
    return WUNDSTUFEN[stufe_].initiative_abzug


def verletzungstext(wunden: tuple[int, ...], konstitution: int, schadensart: str) -> str:
    """Sekundärer Effekt der Wundtabelle der Schadensart, z. B. „Schwere Verletzung: Bruch“."""
    index = verletzungsstufe(wunden, konstitution)
    if index == 0:
        return "unverletzt"
    art = WUNDTABELLE_ART.get(schadensart)
    if art is None:
        raise AloranFehler(f"Unbekannte Schadensart „{schadensart}“ (Hieb, Wucht, Stich, Fern).")
    return f"{WUNDSTUFEN[index].schwere}: {WUNDTEXTE[art][index]}"


def kampfunfaehig(wunden: Any, konstitution: Any) -> Any:
    """Kopf oder Torso über der dritten Wundschwelle (Allgemeine Regeln › 6. Phase)."""
    if isinstance(wunden, np.ndarray):
        ko = np.asarray(konstitution)[..., None]
        return (ueberschrittene_schwellen(wunden[..., _LEBENSWICHTIG], ko) >= 3).any(-1)
    pruefe_wunden(wunden)
    # wie bei verletzungsstufe: die lebenswichtige Zone mit den meisten Wunden entscheidet
    return ueberschrittene_schwellen(max([wunden[i] for i in _LEBENSWICHTIG]), konstitution) >= 3


def wehrlos(initiative: Any, wunden: Any, konstitution: Any) -> Any:
    """„Erleidet ein Charakter so viele Treffer, dass seine Verletzungen seine Initiative auf 0
    senken, ist er wehrlos.“ Nur Verletzungen zählen: ohne Wunden ist niemand wehrlos."""
    if initiative is None:
        return False
    return wehrlos_mit_abzug(initiative, initiativeabzug(wunden, konstitution))


def wehrlos_mit_abzug(initiative: Any, abzug: Any) -> Any:
    """:func:`wehrlos` mit dem schon bekannten „Ini -n“ (elementweise für Felder)."""
    return und(abzug > 0, initiative - abzug <= 0)


def schaden(summe: Any, faktor: Any, optionen: Optionen = Optionen(), *, halbiert: Any = False) -> Any:
    """Schaden eines Treffers: Waffenwurf (samt Stufenbonus) × Faktor der Vergleichstabelle.

    ``halbiert`` für die Zweitwaffe („Mit der Zweitwaffe kann nur die Hälfte des Schadens
    angerichtet … werden“). Gerundet wird erst am Ende (Option ``halbieren_aufrunden``).

    >>> schaden(7, Fraction(1, 2)), schaden(7, Fraction(3)), schaden(7, Fraction(1), halbiert=True)
    (3, 21, 3)
    """
    if type(summe) is int and type(faktor) in (Fraction, int) and type(halbiert) is bool:
        # derselbe Bruch in ganzen Zahlen – Fraction-Rechnung kostete den Ereignispfad spürbar (Issue 10)
        return runden_bruch(max(0, summe) * faktor.numerator, faktor.denominator * (2 if halbiert else 1), optionen)
    if isinstance(summe, np.ndarray) or isinstance(faktor, np.ndarray) or isinstance(halbiert, np.ndarray):
        # Felder rechnen in float: Vielfache von ¼ sind exakt
        return runden(np.maximum(0, summe) * faktor * np.where(halbiert, 0.5, 1.0), optionen)
    wert = Fraction(max(0, summe)) * faktor * (Fraction(1, 2) if halbiert else 1)
    return runden(wert, optionen)


def wunden_nach_ruestung(schaden_wert: Any, ruestung: Any) -> Any:
    """„Bei jedem Schaden wird zunächst der Rüstungswert des getroffenen Körperteils abgezogen,
    überzähliger Schaden in die entsprechende Spalte eingetragen.“

    >>> wunden_nach_ruestung(5, 2), wunden_nach_ruestung(2, 3)
    (3, 0)
    """
    if type(ruestung) is int and type(schaden_wert) is int and ruestung >= 0:
        return max(0, schaden_wert - ruestung)  # einzelne Werte (je Treffer im Ereignispfad)
    if isinstance(ruestung, np.ndarray) or isinstance(schaden_wert, np.ndarray):
        if np.any(ruestung < 0):
            raise AloranFehler(f"Rüstung {ruestung} ist unmöglich (mindestens 0).")
        return np.maximum(0, schaden_wert - ruestung)
    if ruestung < 0:
        raise AloranFehler(f"Rüstung {ruestung} ist unmöglich (mindestens 0).")
    return max(0, schaden_wert - ruestung)


def wunden_hinzu(wunden: tuple[int, ...], zone: str, anzahl: int) -> tuple[int, ...]:
    """Neue Wunden-Tupel mit ``anzahl`` Wunden mehr in ``zone`` (das alte bleibt unverändert)."""
    if zone not in ZONEN_SCHLUESSEL:
        raise AloranFehler(f"Unbekannte Trefferzone „{zone}“.")
    i = ZONEN_SCHLUESSEL.index(zone)
    return wunden[:i] + (max(0, wunden[i] + anzahl),) + wunden[i + 1:]
