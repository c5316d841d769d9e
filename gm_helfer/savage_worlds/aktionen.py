"""Aktionen und Bewegung – kleine, reine Regeln mit Zahlen.

Regeltext ``regeln/savage_worlds.txt``: „Bewegung“ (Ducken, Kriechen, Schwieriges Terrain,
Sich zu Boden werfen, Springen), „Sprinten“, „Aktionen“ (Waffen bereitmachen),
„Mehrfachaktionen“ (Freie Aktionen), „Wundabzüge“.

>>> bewegungsweite(6, wunden=2)
4
>>> bewegungsweite(6, sprint=4, geduckt=True)
5.0
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_helfer.savage_worlds.schaden import wundabzug

__all__ = [
    "AUFSTEHEN_KOSTEN",
    "KRIECHEN",
    "Bereitmachen",
    "bewegungsweite",
    "gelaende_kosten",
    "mehrfachaktion_abzug",
    "sprungweite",
    "waffe_bereitmachen",
]

KRIECHEN = 2
"""Kriechen: „Ein Charakter kann 2“ pro Runde über den Boden kriechen.“"""
AUFSTEHEN_KOSTEN = 2
"""Sich zu Boden werfen: eine freie Aktion; „Aufzustehen kostet 2“ Bewegung.“"""


def mehrfachaktion_abzug(aktionen: int) -> int:
    """Mehrfachaktionen: „Jede zusätzliche Aktion … führt zu einem Abzug von −2 auf alle Proben.“
    Freie Aktionen (bewegen, sprechen, hinwerfen, …) zählen nicht mit."""
    if aktionen < 1:
        raise ValueError(f"Mindestens eine Aktion, nicht {aktionen}.")
    return -2 * (aktionen - 1)


def bewegungsweite(grund: int, *, wunden: int = 0, sprint: int = 0, geduckt: bool = False) -> float:
    """Zoll in dieser Runde: Bewegungsweite minus Wundabzug (mindestens 1), plus Sprintwürfel
    („Der Sprintenwürfel selbst unterliegt keinen Abzügen“), geduckt halbiert – „halbiere die
    Bewegungsweite, nachdem du den Sprintwürfel eingerechnet hast“."""
    if grund < 1 or sprint < 0:
        raise ValueError("Bewegungsweite mindestens 1, Sprint nicht negativ.")
    weite = max(1, grund + wundabzug(wunden)) + sprint
    return weite / 2 if geduckt else weite


def gelaende_kosten(zoll: float, *, schwierig: bool) -> float:
    """Schwieriges Terrain: „Jeder Zoll schwieriges Terrain zählt für die Bewegung als zwei Zoll.“"""
    return 2 * zoll if schwierig else zoll


def sprungweite(*, anlauf: bool, staerke_erfolg: bool = False) -> int:
    """Springen: aus dem Stand 1“, mit Anlauf 2“; eine erfolgreiche Stärkeprobe gibt +1“."""
    return (2 if anlauf else 1) + (1 if staerke_erfolg else 0)


@dataclass(frozen=True)
class Bereitmachen:
    """Was das Ziehen einer Waffe kostet (Aktionen › Waffen bereitmachen)."""

    ganze_runde: bool
    abzug: int
    geschicklichkeitsprobe: bool
    text: str


def waffe_bereitmachen(*, schnell: bool, unhandlich: bool = False, zwei_waffen: bool = False) -> Bereitmachen:
    """„Eine Waffe zu ziehen nimmt normalerweise eine ganze Runde in Anspruch“; schneller kostet
    es eine Aktion mit −2 Mehrfachaktionsabzug; unhandliche, schwer zugängliche oder zwei Waffen
    verlangen dann zusätzlich eine Geschicklichkeitsprobe."""
    if not schnell:
        return Bereitmachen(True, 0, False, "Waffe ziehen: eine ganze Runde.")
    probe = unhandlich or zwei_waffen
    text = "Waffe schnell ziehen: eine Aktion, −2 auf den folgenden Angriff"
    if probe:
        text += "; dazu eine Geschicklichkeitsprobe (auch mit −2, wenn noch angegriffen wird)"
    return Bereitmachen(False, -2, probe, text + ".")
