"""Aloran als :class:`~gm_helfer.regelsystem.Regelsystem` (Einstiegspunkt in ``pyproject.toml``).

Nur Regelmodule; die Notebook-Schicht lädt erst :func:`gm_helfer.aloran.tisch_laden`.
"""

from __future__ import annotations

from typing import Any

from gm_helfer.aloran import simulation, tisch_laden
from gm_helfer.aloran.bogen import SCHEMA, aus_bogen
from gm_helfer.aloran.kampf import anwenden, aus_kopf, neuer_kampf
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.regelsystem import Regelsystem

__all__ = ["REGELSYSTEM"]


def _start(boegen: Any, optionen: Any = None) -> Any:
    """Startzustand aus geladenen Bögen (wie der Live-Kampf ihn baut)."""
    return neuer_kampf([aus_bogen(b) for b in boegen], optionen or Optionen())


def _lage() -> Any:
    """Der Lagebild-Adapter (:mod:`gm_helfer.aloran.lagebild`), erst bei Bedarf geladen."""
    from gm_helfer.aloran import lagebild

    return lagebild


REGELSYSTEM = Regelsystem(
    name="aloran",
    anzeigename="Aloran",
    schema=SCHEMA,
    start=_start,
    anwenden=anwenden,
    start_aus_kopf=aus_kopf,
    optionen=Optionen,
    taktik=simulation.Taktik,
    taktik_je_seite=False,
    begegnung=simulation.begegnung,
    ereignis_begegnung=simulation.ereignis_begegnung,
    tisch=tisch_laden,
    gebuendelt=True,
    rang=2,
    zeiteinheit="Runden",
    vervielfachen=None,
    lage=_lage,
    nicht_gespielt="niemand heilt oder versorgt Wunden, niemand zieht sich zurück oder ergibt sich",
)
