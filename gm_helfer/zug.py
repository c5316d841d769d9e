"""Die Zug-Schnittstelle der Live-Notebooks – systemfrei.

Jedes System hat ein Modul ``gm_helfer/<system>/zug.py`` mit denselben reinen Funktionen über
seinen Kampfzustand: ``am_zug``, ``reihenfolge``, ``aktionen``, ``standard_ziel``,
``standard_waffe``, ``offene_entscheidungen``. Sie liefern diese beiden Werte.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gm_helfer.protokoll import VERMERK, Ereignis


@dataclass(frozen=True)
class Aktion:
    """Etwas, das ein Kämpfer jetzt tun könnte.

    ``erlaubt=False``: die Regeln verbieten es gerade; ``grund`` sagt auf Deutsch, warum (und
    die Oberfläche zeigt dafür keine Chancen).
    """

    schluessel: str
    text: str
    erlaubt: bool
    grund: str | None


@dataclass(frozen=True)
class Entscheidung:
    """Eine Entscheidung, die das letzte Ergebnis geöffnet hat und die offen bleibt, bis sie
    getroffen oder ausgeschlagen ist (z. B. Schaden wegstecken, Konter, Ausweichen)."""

    schluessel: str
    wer: str
    text: str


GRUPPE_HAELT = "gruppe_haelt"
"""Schlüssel in den Daten des :data:`~gm_helfer.protokoll.VERMERK`, mit dem „Gruppe handelt“ im
Protokoll festhält, vor welchem Angriff (``angreifer`` → ``ziel``) sie für die Entscheidung eines
Helden anhielt (seine Abwehr, die mit dem Angriff angesagt wird)."""


def gruppe_halt_vermerken(verlauf: Any, angreifer: str, ziel: str, text: str) -> None:
    """Vermerkt im laufenden Schritt, dass „Gruppe handelt“ vor dem Angriff von ``angreifer`` auf
    den Helden ``ziel`` anhielt – das Protokoll ist die einzige Quelle, also gilt der Halt auch nach
    Neuladen und Rückgängig (:func:`gruppe_setzt_fort`). Steht derselbe Vermerk schon zuletzt im
    Protokoll (ein zweiter Klick „Gruppe handelt“ ohne Entscheidung), bleibt es bei ihm."""
    vermerk = Ereignis(VERMERK, {GRUPPE_HAELT: {"angreifer": angreifer, "ziel": ziel}},
                       regel="Gruppe handelt › hält vor der Entscheidung eines Helden an", text=text)
    if not verlauf.ereignisse or verlauf.ereignisse[-1] != vermerk:
        verlauf.ausfuehren(vermerk)


def gruppe_setzt_fort(verlauf: Any) -> bool:
    """Ob der letzte Schritt des Protokolls (im Panel: der Klick, der gerade läuft) die Entscheidung
    spielt, vor der „Gruppe handelt“ angehalten hat: direkt vor ihm steht der Vermerk des Halts
    (:func:`gruppe_halt_vermerken`), und in ihm greift dieser Gegner diesen Helden an (mit der Abwehr,
    die der Spielleiter für ihn ansagte). Ein von Hand gespielter Angriff eines Gegners – ohne Halt
    davor, oder ein anderer als der, vor dem die Gruppe anhielt – setzt keine Gruppe fort."""
    grenzen = verlauf.schritt_grenzen()
    if not grenzen or grenzen[-1][0] == 0:
        return False
    anfang, ende = grenzen[-1]
    davor = verlauf.ereignisse[anfang - 1]
    halt = davor.daten.get(GRUPPE_HAELT) if davor.art == VERMERK else None
    if not isinstance(halt, Mapping):
        return False
    return any(e.art != VERMERK and e.daten.get("angreifer") == halt.get("angreifer")
               and e.daten.get("ziel") == halt.get("ziel") for e in verlauf.ereignisse[anfang:ende])


def taktik_fuer(taktik: Any, seite: str) -> Any:
    """Die Taktik der Seite ``seite`` aus ``taktik``: einer Zuordnung Seite → Taktik (wie
    :meth:`gm_helfer.tisch.Tisch.taktik` ohne Seite sie gibt; fehlt die Seite: ``None``, die
    Vorgabe), sonst ``taktik`` selbst (eine für alle oder ``None``).

    >>> taktik_fuer({"Gegner": "vorsichtig"}, "Gegner"), taktik_fuer({"Gegner": "vorsichtig"}, "Helden")
    ('vorsichtig', None)
    >>> taktik_fuer("eine", "Helden")
    'eine'
    """
    return taktik.get(seite) if isinstance(taktik, Mapping) else taktik
