"""Wunden, Wundschwellen und Wundtabellen (rein, ohne Zufall).

Regeltext: ``regeln/aloran.txt``, Allgemeine Regeln › 5. Phase - Schadenswurf
(Verletzungstabelle, Wundtabellen nach Schadensart) und › 6. Phase - Kampfende /
Kampfunfähigkeit.

Festgelegte Lesart (DESIGN): Schaden nach Abzug der Rüstung der getroffenen Zone zählt als
Wunden in dieser Zone; jede Zone hat 3 Wundschwellen bei KO×1, KO×2, KO×3; die Wundtabelle
gilt nach der Gesamtzahl der Wunden gegen KO×n.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache, wraps
from typing import Callable, TypeVar

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
from .proben import AloranFehler, runden

T = TypeVar("T")


def pruefe_konstitution(konstitution: int) -> int:
    if isinstance(konstitution, bool) or not isinstance(konstitution, int) or konstitution < 1:
        raise AloranFehler(f"Konstitution „{konstitution}“ ist unmöglich (mindestens 1).")
    return konstitution


@lru_cache(maxsize=256)
def wundschwellen(konstitution: int, anzahl: int = 3) -> tuple[int, ...]:
    """Die Wundschwellen einer Zone: KO×1, KO×2, KO×3 (Trefferzonen-Tabelle: 3 je Zone).

    >>> wundschwellen(3)
    (3, 6, 9)
    """
    pruefe_konstitution(konstitution)
    return tuple(konstitution * n for n in range(1, anzahl + 1))


def ueberschrittene_schwellen(wunden_zone: int, konstitution: int) -> int:
    """Wie viele Schwellen einer Zone überschritten sind (0 bis 3); „überschreiten“ = mehr als."""
    return sum(1 for s in wundschwellen(konstitution) if wunden_zone > s)


def wundstufe_index(gesamt: int, konstitution: int) -> int:
    """Zeile der Wundtabelle zur Gesamtzahl der Wunden (0 = keine, 6 = über KO×5).

    „bis (KO x n)“ schließt KO×n ein. Beispiel KO 3: 0 → 0, 1–3 → 1, 4–6 → 2, 16+ → 6.

    >>> [wundstufe_index(w, 3) for w in (0, 1, 3, 4, 6, 7, 15, 16)]
    [0, 1, 1, 2, 2, 3, 5, 6]
    """
    pruefe_konstitution(konstitution)
    if gesamt < 0:
        raise AloranFehler(f"{gesamt} Wunden gibt es nicht.")
    for index, stufe in enumerate(WUNDSTUFEN):
        if stufe.bis_ko is None or gesamt <= konstitution * stufe.bis_ko:
            return index
    raise AssertionError("unerreichbar")


SCHWERE_VERLETZUNG_INDEX = 3
"""Erste Zeile „Schwere Verletzung“ der Wundtabellen."""


def _gemerkt(f: Callable[[tuple[int, ...], int], T]) -> Callable[[tuple[int, ...], int], T]:
    """Merkt sich die Antwort einer reinen Frage an (Wunden, Konstitution): Zugreihenfolge,
    Initiative und Kampfunfähigkeit fragen im Kampf immer wieder nach denselben Wunden
    (Issue 10, schneller Ereignispfad). Wunden als Liste (nicht hashbar) gehen ungemerkt durch."""
    gemerkt = lru_cache(maxsize=4096)(f)

    @wraps(f)
    def frage(wunden: tuple[int, ...], konstitution: int) -> T:
        try:
            return gemerkt(wunden, konstitution)
        except TypeError:
            return f(wunden, konstitution)

    return frage


@_gemerkt
def verletzungsstufe(wunden: tuple[int, ...], konstitution: int) -> int:
    """Geltende Zeile der Wundtabelle für alle Wunden eines Kämpfers.

    „Verletzungen treten immer dann auf, wenn 1. Die Gesamtanzahl der Wunden ein Vielfaches
    der Konstitution übersteigt oder 2. ein einzelner Körperteil die dritte Wundschwelle
    überschreitet. In diesem Fall wird automatisch ungeachtet der Anzahl der Wunden eine
    schwere Verletzung verursacht.“ – also mindestens die erste Zeile „Schwere Verletzung“.
    """
    pruefe_wunden(wunden)
    stufe = wundstufe_index(sum(wunden), konstitution)
    if any(ueberschrittene_schwellen(w, konstitution) >= 3 for w in wunden):
        stufe = max(stufe, SCHWERE_VERLETZUNG_INDEX)
    return stufe


def pruefe_wunden(wunden: tuple[int, ...]) -> None:
    if len(wunden) != len(ZONEN) or any(w < 0 for w in wunden):
        raise AloranFehler(f"Wunden je Zone müssen {len(ZONEN)} Zahlen ≥ 0 sein, nicht {wunden}.")


def stufe(wunden: tuple[int, ...], konstitution: int) -> Wundstufe:
    """Die geltende :class:`Wundstufe` (Abzüge auf Pools und Initiative)."""
    return WUNDSTUFEN[verletzungsstufe(wunden, konstitution)]


def wuerfelabzug(wunden: tuple[int, ...], konstitution: int) -> int:
    """„NK / VT -n W10“: Würfel weniger in Angriff und Verteidigung."""
    return stufe(wunden, konstitution).wuerfel_abzug


def initiativeabzug(wunden: tuple[int, ...], konstitution: int) -> int:
    """„Ini -n“ der geltenden Wundstufe."""
    return stufe(wunden, konstitution).initiative_abzug


def verletzungstext(wunden: tuple[int, ...], konstitution: int, schadensart: str) -> str:
    """Sekundärer Effekt der Wundtabelle der Schadensart, z. B. „Schwere Verletzung: Bruch“."""
    index = verletzungsstufe(wunden, konstitution)
    if index == 0:
        return "unverletzt"
    art = WUNDTABELLE_ART.get(schadensart)
    if art is None:
        raise AloranFehler(f"Unbekannte Schadensart „{schadensart}“ (Hieb, Wucht, Stich, Fern).")
    return f"{WUNDSTUFEN[index].schwere}: {WUNDTEXTE[art][index]}"


@_gemerkt
def kampfunfaehig(wunden: tuple[int, ...], konstitution: int) -> bool:
    """Kopf oder Torso über der dritten Wundschwelle (Allgemeine Regeln › 6. Phase)."""
    pruefe_wunden(wunden)
    return any(
        ueberschrittene_schwellen(wunden[ZONEN_SCHLUESSEL.index(z)], konstitution) >= 3
        for z in LEBENSWICHTIGE_ZONEN
    )


def wehrlos(initiative: int | None, wunden: tuple[int, ...], konstitution: int) -> bool:
    """„Erleidet ein Charakter so viele Treffer, dass seine Verletzungen seine Initiative auf 0
    senken, ist er wehrlos.“ Nur Verletzungen zählen: ohne Wunden ist niemand wehrlos."""
    if initiative is None:
        return False
    abzug = initiativeabzug(wunden, konstitution)
    return abzug > 0 and initiative - abzug <= 0


def schaden(summe: int, faktor: Fraction, optionen: Optionen = Optionen(), *, halbiert: bool = False) -> int:
    """Schaden eines Treffers: Waffenwurf (samt Stufenbonus) × Faktor der Vergleichstabelle.

    ``halbiert`` für die Zweitwaffe („Mit der Zweitwaffe kann nur die Hälfte des Schadens
    angerichtet … werden“). Gerundet wird erst am Ende (Option ``halbieren_aufrunden``).

    >>> schaden(7, Fraction(1, 2)), schaden(7, Fraction(3)), schaden(7, Fraction(1), halbiert=True)
    (3, 21, 3)
    """
    wert = Fraction(max(0, summe)) * faktor * (Fraction(1, 2) if halbiert else 1)
    return runden(wert, optionen)


def wunden_nach_ruestung(schaden_wert: int, ruestung: int) -> int:
    """„Bei jedem Schaden wird zunächst der Rüstungswert des getroffenen Körperteils abgezogen,
    überzähliger Schaden in die entsprechende Spalte eingetragen.“

    >>> wunden_nach_ruestung(5, 2), wunden_nach_ruestung(2, 3)
    (3, 0)
    """
    if ruestung < 0:
        raise AloranFehler(f"Rüstung {ruestung} ist unmöglich (mindestens 0).")
    return max(0, schaden_wert - ruestung)


def wunden_hinzu(wunden: tuple[int, ...], zone: str, anzahl: int) -> tuple[int, ...]:
    """Neue Wunden-Tupel mit ``anzahl`` Wunden mehr in ``zone`` (das alte bleibt unverändert)."""
    if zone not in ZONEN_SCHLUESSEL:
        raise AloranFehler(f"Unbekannte Trefferzone „{zone}“.")
    i = ZONEN_SCHLUESSEL.index(zone)
    return wunden[:i] + (max(0, wunden[i] + anzahl),) + wunden[i + 1:]
