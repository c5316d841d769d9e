"""W100 als :class:`~gm_helfer.regelsystem.Regelsystem` (Einstiegspunkt in ``pyproject.toml``).

Nur Regelmodule; die Notebook-Schicht lädt erst :func:`gm_helfer.w100.tisch_laden`.
"""

from __future__ import annotations

from typing import Any

from gm_helfer.regelsystem import Regelsystem
from gm_helfer.w100 import lage_laden, simulation, tisch_laden
from gm_helfer.w100.ablauf import start_aus_kopf
from gm_helfer.w100.bogen import SCHEMA, kampf_aus_boegen
from gm_helfer.w100.kampf import anwenden
from gm_helfer.w100.optionen import Optionen

__all__ = ["REGELSYSTEM"]


def _start(boegen: Any, optionen: Any = None) -> Any:
    """Startzustand aus geladenen Bögen (wie der Live-Kampf ihn baut)."""
    return kampf_aus_boegen(boegen, optionen or Optionen())


def _lage() -> Any:
    """Der Lagebild-Adapter (:mod:`gm_helfer.w100.tisch.lagebild`), erst bei Bedarf geladen."""
    return lage_laden()


REGELSYSTEM = Regelsystem(
    name="w100",
    anzeigename="W100",
    schema=SCHEMA,
    start=_start,
    anwenden=anwenden,
    start_aus_kopf=start_aus_kopf,
    optionen=Optionen,
    taktik=simulation.Taktik,
    taktik_je_seite=False,
    begegnung=simulation.begegnung,
    ereignis_begegnung=simulation.ereignis_begegnung,
    tisch=tisch_laden,
    gebuendelt=True,
    rang=4,
    zeiteinheit="Runden",
    vervielfachen=None,
    lage=_lage,
    nicht_gespielt="niemand heilt oder stabilisiert, niemand zieht sich zurück oder ergibt sich",
)
