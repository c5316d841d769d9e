"""Was ein Kampf nach außen zeigt – für den Sitzungsbericht und die Spieleransicht.

Systemfrei: jedes Regelsystem liefert in ``gm_helfer/<system>/ansicht.py`` dieselben wenigen
Funktionen über seinen Kampfzustand:

* ``start(kopf)`` und ``anwenden(zustand, ereignis)`` – um ein Protokoll abzuspielen,
* ``zeitpunkt(vorher, nachher) -> str`` – wann ein Schritt geschah: „Runde 2“ oder „Tick 7“
  (leer vor dem Kampf); der aktuelle Zeitpunkt ist ``zeitpunkt(z, z)``,
* ``kaempfer(zustand) -> list[KaempferSicht]`` – wer kämpft, wie es ihm geht,
* ``reihenfolge(zustand) -> list[(Name, Angabe)]`` – die Reihenfolge des Handelns (Karte,
  Initiative, Tick), ``am_zug(zustand) -> tuple[str, ...]`` – wer gerade handelt.

:func:`system` findet dieses Modul zu einem Systemnamen aus dem Protokollkopf.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from gm_helfer import regelsystem

__all__ = ["SYSTEME", "KaempferSicht", "system", "ist_held"]  # noqa: F822 – SYSTEME liefert __getattr__ (unten)



def __getattr__(name: str) -> Any:
    """``SYSTEME``: Paketname → Anzeigename, aus dem Verzeichnis :mod:`gm_helfer.regelsystem`."""
    if name == "SYSTEME":
        return regelsystem.anzeigenamen()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@dataclass(frozen=True)
class KaempferSicht:
    """Ein Kämpfer, wie ihn Bericht und Spieleransicht zeigen."""

    name: str
    seite: str
    held: bool
    """Gehört zu den Helden (die Spieler sehen seine Werte)."""
    zustand: str
    """Zustand mit Zahlen (Wunden, Lebenspunkte, Ressourcen) – für Helden und den Spielleiter."""
    sichtbar: str
    """Was die Spieler an einem Gegner sehen: angeschlagen, verwundet, kampfunfähig – keine Werte."""
    ausgefallen: bool
    """Außer Gefecht, kampfunfähig oder tot."""


def ist_held(seite: str) -> bool:
    """Die Heldenseite heißt in allen Systemen „Helden“ (Groß- und Kleinschreibung egal)."""
    return seite.strip().lower() == "helden"


def system(name: str) -> ModuleType:
    """Das Ansichtsmodul eines Systems.

    Raises:
        ValueError: deutsche Meldung für ein unbekanntes System.
    """
    return regelsystem.system(name).ansicht()  # RegelsystemFehler ist ein ValueError
