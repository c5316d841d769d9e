"""Die Taktik der W100-Simulation – geteilt vom Ereignispfad (:mod:`gm_helfer.w100.simulation`)
und der gebündelten Maschine (:mod:`gm_helfer.w100.gebuendelt`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gm_helfer import simulation
from gm_helfer.w100.daten import FERNKAMPF
from gm_helfer.w100.kampf import Waffe
from gm_helfer.w100.optionen import Optionen, W100Fehler

__all__ = ["ABWEHR", "EINSATZ", "ZIELE", "Taktik", "parade_erlaubt"]


ZIELE = {"naechster": "den Nächsten (kürzester Abstand)", **simulation.ZIELWAHL}
"""Zielwahl der W100-Simulation: die gemeinsamen Schlüssel (:data:`gm_helfer.simulation.ZIELWAHL`)
und „naechster“ – W100 spielt Positionen, darum ist der Nächste die Vorgabe."""

ABWEHR = {
    "ausweichen": "ausweichen (Flee)",
    "parade": "parieren (Nahkampf-OB), wo erlaubt – sonst ausweichen",
}
"""Abwehr gegen jeden Angriff: „Beide Abwehrarten werden nicht für denselben Angriff addiert.“"""

EINSATZ = {
    "alles": "alle verfügbaren Punkte",
    "haelfte": "die Hälfte (aufgerundet) – den Rest zurückhalten",
}
"""Wie viele der verfügbaren Flee- bzw. Paradepunkte gegen einen Angriff eingesetzt werden."""


@dataclass(frozen=True)
class Taktik:
    """Wählbare Taktik einer W100-Begegnung (beide Treiber spielen sie gleich; Moduldoku).

    Die Vorgaben sind die Standardtaktik: den Nächsten angreifen, mit allen Flee-Punkten
    ausweichen.
    """

    ziel: str = field(default="naechster", metadata={"text": "Wen angreifen", "wahl": ZIELE})
    abwehr: str = field(default="ausweichen", metadata={"text": "Abwehr", "wahl": ABWEHR})
    einsatz: str = field(default="alles", metadata={"text": "Punkte je Abwehr", "wahl": EINSATZ})

    def __post_init__(self) -> None:
        for name, wahl in (("ziel", ZIELE), ("abwehr", ABWEHR), ("einsatz", EINSATZ)):
            if getattr(self, name) not in wahl:
                raise W100Fehler(f"Taktik: unbekannte Wahl „{getattr(self, name)}“ für {name} "
                                 f"(möglich: {', '.join(wahl)}).")

    def punkte(self, verfuegbar: Any) -> Any:
        """Eingesetzte Punkte von ``verfuegbar`` (Zahl oder Feld): alle oder die Hälfte, aufgerundet."""
        return verfuegbar if self.einsatz == "alles" else (verfuegbar + 1) // 2


def parade_erlaubt(waffe: Waffe, optionen: Optionen) -> bool:
    """Ob sich ein Angriff mit ``waffe`` parieren lässt (dieselben Prüfungen wie
    :func:`gm_helfer.w100.kampf.angriff_planen`): Zauber nur mit ``parade_gegen_zauber``,
    Fernkampf nur mit ``parade_gegen_fernkampf``."""
    if waffe.magisch:
        return optionen.parade_gegen_zauber
    return waffe.art != FERNKAMPF or optionen.parade_gegen_fernkampf
