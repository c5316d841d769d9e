"""Tabellen aus ``regeln/zeitstrahl.txt`` als Daten (eigene Worte).

Quellen: Abschnitte „Trefferzonen“, „Kritische Erfolge beim Angriff“, „Kritische Erfolge
beim Verteidigen“ und „Patzer“.
"""

from __future__ import annotations

__all__ = [
    "ZONEN",
    "TREFFERZONEN",
    "KRIT_ANGRIFF",
    "KRIT_VERTEIDIGUNG",
    "PATZER",
    "ZONEN_FELDER",
]

ZONEN: tuple[str, ...] = ("Kopf", "Torso", "L Arm", "R Arm", "L Bein", "R Bein")
"""Die sechs Trefferzonen in der Schreibweise des Regeltexts."""

ZONEN_FELDER: dict[str, str] = {
    "Kopf": "kopf",
    "Torso": "torso",
    "L Arm": "l_arm",
    "R Arm": "r_arm",
    "L Bein": "l_bein",
    "R Bein": "r_bein",
}
"""Zone → ASCII-Spaltenname im Charakterbogen (Rüstungstabelle)."""

_K, _T, _LA, _RA, _LB, _RB = ZONEN

TREFFERZONEN: tuple[tuple[str, ...], ...] = (
    (_LA, _LA, _LA, _T, _K, _T),
    (_LA, _RB, _RB, _RB, _T, _K),
    (_LA, _RB, _T, _T, _RA, _T),
    (_T, _RB, _T, _T, _RA, _LB),
    (_K, _T, _RA, _RA, _RA, _LB),
    (_T, _K, _T, _LB, _LB, _LB),
)
"""Trefferzonen-Tabelle (Abschnitt „Trefferzonen“): Zeile = erster W6, Spalte = zweiter W6."""

KRIT_ANGRIFF: dict[int, tuple[str, str]] = {
    1: ("bonus_w6", "Bonus von 1W6 auf den Angriff"),
    2: ("schicht_ignorieren", "Ignoriert eine Rüstungsschicht"),
    3: ("schaden_doppelt", "Verdoppelt den Schaden"),
    4: ("sturz_schwelle", "Patzerschwelle des Ziels für einen Sturz +5"),
    5: ("tick_weniger", "Eine Zeiteinheit weniger für den Angriff"),
    6: ("freie_wahl", "Freie Wahl unter den Effekten"),
}
"""W6-Tabelle „Kritische Erfolge beim Angriff“: Augen → (Schlüssel, Beschreibung)."""

KRIT_VERTEIDIGUNG: dict[int, tuple[str, str]] = {
    1: ("bonus_w6", "Bonus von 1W6 auf die Verteidigung"),
    2: ("schaden_halb", "Schaden halbiert, falls der Angriff trifft"),
    3: ("bestgeschuetzt", "Die bestgeschützte Stelle wird getroffen"),
    4: ("angreifer_tick_mehr", "Der Angreifer braucht eine Zeiteinheit mehr"),
    5: ("tick_weniger", "Eine Zeiteinheit weniger für die Verteidigung"),
    6: ("freie_wahl", "Freie Wahl unter den Effekten"),
}
"""W6-Tabelle „Kritische Erfolge beim Verteidigen“."""

PATZER: dict[int, tuple[str, str]] = {
    1: ("waffe_verloren", "Waffe geht verloren"),
    2: ("bruchtest", "Waffenstabilität −1 und Bruchtest gegen den eigenen Trefferwurf"),
    3: ("sturz", "Sturz"),
    4: ("geblendet", "Selbst geblendet für 2W6 Zeiteinheiten"),
    5: ("position_schlecht", "Position verschlechtert: halbe Verteidigung bis zur nächsten Aktion"),
    6: ("stolpern", "Stolpern: Verlust von W6 Zeiteinheiten"),
}
"""W6-Tabelle „Patzer“ (Angriff und Verteidigung)."""
