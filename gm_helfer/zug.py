"""Die Zug-Schnittstelle der Live-Notebooks – systemfrei.

Jedes System hat ein Modul ``gm_helfer/<system>/zug.py`` mit denselben reinen Funktionen über
seinen Kampfzustand: ``am_zug``, ``reihenfolge``, ``aktionen``, ``standard_ziel``,
``standard_waffe``, ``offene_entscheidungen``. Sie liefern diese beiden Werte.
"""

from __future__ import annotations

from dataclasses import dataclass


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
