"""Deutsche Kleinigkeiten für Texte, die Menschen lesen: Mehrzahl und Dezimalkomma.

>>> anzahl(1, "Wunde", "Wunden"), anzahl(3, "Wunde", "Wunden"), dezimal(1.5), dezimal(18.0)
('1 Wunde', '3 Wunden', '1,5', '18')
>>> aufzaehlung([1, 4]), aufzaehlung([2, 3, 5]), aufzaehlung([6])
('1 und 4', '2, 3 und 5', '6')
"""

from __future__ import annotations


def anzahl(n: int, einzahl: str, mehrzahl: str) -> str:
    """„1 Tick“, „0 Ticks“, „2 Ticks“ – die Zahl mit dem passenden Wort."""
    return f"{str(n).replace('-', '−')} {einzahl if n == 1 else mehrzahl}"


def dezimal(x: float) -> str:
    """Eine Zahl so kurz wie nötig mit Dezimalkomma: ``1.5 → "1,5"``, ``18.0 → "18"``."""
    return f"{x:g}".replace(".", ",").replace("-", "−")


def leer(wert: object, ersatz: str = "–") -> str:
    """Ein Wert für Tabellenzellen: ``None`` wird „–“, Zahlen deutsch (``-13 → "−13"``,
    ``1.5 → "1,5"``), Wahrheitswerte ja/nein, alles andere sein Text."""
    if wert is None:
        return ersatz
    if isinstance(wert, bool):
        return "ja" if wert else "nein"
    if isinstance(wert, (int, float)):
        return dezimal(wert)
    return str(wert)


def aufzaehlung(werte: object) -> str:
    """Werte als deutsche Aufzählung („2, 3 und 5“) statt einer Python-Liste („[2, 3, 5]“)."""
    teile = [str(w) for w in werte]
    return " und ".join([", ".join(teile[:-1]), teile[-1]]) if len(teile) > 1 else "".join(teile)
