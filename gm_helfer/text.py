"""Deutsche Kleinigkeiten für Texte, die Menschen lesen: Mehrzahl und Dezimalkomma.

>>> anzahl(1, "Wunde", "Wunden"), anzahl(3, "Wunde", "Wunden"), dezimal(1.5), dezimal(18.0)
('1 Wunde', '3 Wunden', '1,5', '18')
"""

from __future__ import annotations


def anzahl(n: int, einzahl: str, mehrzahl: str) -> str:
    """„1 Tick“, „0 Ticks“, „2 Ticks“ – die Zahl mit dem passenden Wort."""
    return f"{str(n).replace('-', '−')} {einzahl if n == 1 else mehrzahl}"


def dezimal(x: float) -> str:
    """Eine Zahl so kurz wie nötig mit Dezimalkomma: ``1.5 → "1,5"``, ``18.0 → "18"``."""
    return f"{x:g}".replace(".", ",").replace("-", "−")


def leer(wert: object, ersatz: str = "–") -> str:
    """Ein Wert für Tabellenzellen: ``None`` wird „–“, alles andere sein Text."""
    return ersatz if wert is None else str(wert)
