"""Savage Worlds (deutsche Ausgabe): das Kampfkapitel als Regelbibliothek.

Regeltext: ``regeln/savage_worlds.txt``; Lesarten und Glossar: ``docs/savage_worlds.md``.

>>> from gm_helfer import savage_worlds as sw
>>> round(sw.probe_chancen("W8", wildcard=True, modifikator=-2).erfolg, 4)
0.4792
"""

from gm_helfer.savage_worlds.chancen import (
    ausbluten_chancen,
    ausser_gefecht_chancen,
    erholung_chancen,
    mehrfach_chancen,
    probe_chancen,
    probe_ergebnisse,
    schadens_chancen,
    unterbrechen_chancen,
    wegstecken_chancen,
)
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.proben import Eigenschaft, eigenschaft, probe_auswerten, wuerfle_probe
from gm_helfer.savage_worlds.schaden import schaden_auswerten, schadensausdruck

__all__ = [
    "Eigenschaft",
    "Optionen",
    "ausbluten_chancen",
    "ausser_gefecht_chancen",
    "eigenschaft",
    "erholung_chancen",
    "mehrfach_chancen",
    "probe_auswerten",
    "probe_chancen",
    "probe_ergebnisse",
    "schaden_auswerten",
    "schadens_chancen",
    "schadensausdruck",
    "unterbrechen_chancen",
    "wegstecken_chancen",
    "wuerfle_probe",
]
