"""Savage Worlds (deutsche Ausgabe): das Kampfkapitel als Regelbibliothek.

Regeltext: ``regeln/savage_worlds.txt``; Lesarten und Glossar: ``docs/savage_worlds.md``.

Module nach Anliegen: :mod:`daten` (Tabellen), :mod:`optionen` (Hausregeln), :mod:`proben`
(Eigenschaftsproben würfeln und auswerten), :mod:`schaden` (Schadenswirkung), :mod:`chancen`
(exakte Chancen), :mod:`initiative` (Aktionskarten), :mod:`aktionen` (Bewegung,
Mehrfachaktionen), :mod:`kampf` (Zustand, Ereignisse, ``anwenden``), :mod:`vorschau`
(Chancen aus dem laufenden Kampf), :mod:`bogen` (Charakterbogen).

>>> from gm_helfer import savage_worlds as sw
>>> round(sw.probe_chancen("W8", wildcard=True, modifikator=-2).erfolg, 4)
0.4792
"""

from typing import TYPE_CHECKING

# Die Regelnamen des Pakets: mypy, ruff und Editoren lesen sie hier; zur Laufzeit lädt erst der erste
# Zugriff (``gm_helfer.savage_worlds.Kampf``) ihr Modul – ``import gm_helfer.savage_worlds.<modul>`` lädt so nur, was
# dieses Modul braucht (regelsystem.spaet_geladen liest den Block). Bögen: boegen.schema(system) lädt
# das Schema über das Verzeichnis der Regelsysteme.
if TYPE_CHECKING:
    from gm_helfer.savage_worlds import bogen
    from gm_helfer.savage_worlds.aktionen import bewegungsweite, mehrfachaktion_abzug, sprungweite, waffe_bereitmachen
    from gm_helfer.savage_worlds.bogen import kaempfer_aus_bogen, kaempfer_aus_werten
    from gm_helfer.savage_worlds.chancen import (
        ausbluten_chancen,
        ausser_gefecht_chancen,
        erholung_chancen,
        getroffen_je_ziel,
        mehrfach_chancen,
        probe_chancen,
        probe_ergebnisse,
        schadens_chancen,
        treffer_je_ziel,
        unterbrechen_chancen,
        wegstecken_chancen,
    )
    from gm_helfer.savage_worlds.initiative import karte_waehlen
    from gm_helfer.savage_worlds.kampf import (
        Angriffssituation,
        Kaempfer,
        KampfFehler,
        Kampfzustand,
        anwenden,
        kampf_beginnen,
        start_aus_kopf,
    )
    from gm_helfer.savage_worlds.optionen import Optionen
    from gm_helfer.savage_worlds.proben import Eigenschaft, eigenschaft, probe_auswerten, wuerfle_probe
    from gm_helfer.savage_worlds.schaden import schaden_auswerten, schadensausdruck, verletzung, wundabzug

SYSTEM = "savage_worlds"

__all__ = [
    "SYSTEM",
    "Angriffssituation",
    "Eigenschaft",
    "Kaempfer",
    "KampfFehler",
    "Kampfzustand",
    "Optionen",
    "anwenden",
    "ausbluten_chancen",
    "ausser_gefecht_chancen",
    "bewegungsweite",
    "bogen",
    "eigenschaft",
    "erholung_chancen",
    "getroffen_je_ziel",
    "kaempfer_aus_bogen",
    "kaempfer_aus_werten",
    "kampf_beginnen",
    "karte_waehlen",
    "mehrfach_chancen",
    "mehrfachaktion_abzug",
    "probe_auswerten",
    "probe_chancen",
    "probe_ergebnisse",
    "schaden_auswerten",
    "schadens_chancen",
    "schadensausdruck",
    "sprungweite",
    "start_aus_kopf",
    "treffer_je_ziel",
    "unterbrechen_chancen",
    "verletzung",
    "waffe_bereitmachen",
    "wegstecken_chancen",
    "wuerfle_probe",
    "wundabzug",
]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = sw.kampf_starten(["brakka", "bandit"])
# Die Zellen gehören zur Notebook-Schicht (tisch/): erst beim ersten Zugriff geladen (PEP 562),
# damit ``import gm_helfer.savage_worlds.kampf`` weder altair noch polars lädt.
from gm_helfer.regelsystem import spaet_geladen as _spaet_geladen  # noqa: E402

_ZELLEN = ("SavageWorldsKampf", "kampf_fortsetzen", "kampf_starten")

__all__ += list(_ZELLEN)
_ALTE_MODULE = ("ansicht", "lehre", "sitzung", "zellen", "zug")


def tisch_laden():
    """Die Notebook-Schicht dieses Systems (lädt ``tisch`` mit allen Modulen; altair, polars)."""
    from gm_helfer.savage_worlds import tisch as paket
    from gm_helfer.savage_worlds.tisch import ansicht, lehre, sitzung, zellen, zug  # noqa: F401

    return paket


__getattr__ = _spaet_geladen(globals(), tisch_laden, zellen_namen=_ZELLEN, module=_ALTE_MODULE)
