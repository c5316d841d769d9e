"""Savage Worlds als :class:`~gm_helfer.regelsystem.Regelsystem` (Einstiegspunkt in ``pyproject.toml``).

Nur Regelmodule; die Notebook-Schicht lädt erst :func:`gm_helfer.savage_worlds.tisch_laden`.
"""

from __future__ import annotations

from typing import Any

from gm_helfer.regelsystem import Regelsystem
from gm_helfer.savage_worlds import simulation, tisch_laden
from gm_helfer.savage_worlds.bogen import SCHEMA, kampf_aus_boegen, vervielfachen
from gm_helfer.savage_worlds.kampf import anwenden, start_aus_kopf
from gm_helfer.savage_worlds.optionen import Optionen

__all__ = ["REGELSYSTEM"]


def _lage() -> Any:
    """Der Lagebild-Adapter (:mod:`gm_helfer.savage_worlds.lagebild`)."""
    from gm_helfer.savage_worlds import lagebild

    return lagebild


def _start(boegen: Any, optionen: Any = None) -> Any:
    """Startzustand aus geladenen Bögen (wie der Live-Kampf ihn baut)."""
    return kampf_aus_boegen(boegen, optionen=optionen or Optionen())


REGELSYSTEM = Regelsystem(
    name="savage_worlds",
    anzeigename="Savage Worlds",
    schema=SCHEMA,
    start=_start,
    anwenden=anwenden,
    start_aus_kopf=start_aus_kopf,
    optionen=Optionen,
    taktik=simulation.Taktik,
    taktik_je_seite=True,
    begegnung=simulation.begegnung,
    ereignis_begegnung=simulation.ereignis_begegnung,
    tisch=tisch_laden,
    gebuendelt=True,
    rang=1,
    zeiteinheit="Runden",
    vervielfachen=vervielfachen,
    lage=_lage,
    nicht_gespielt="niemand heilt (kein Heilen-Wurf stoppt ein Verbluten), niemand wird stabilisiert, "
                  "niemand zieht sich zurück oder ergibt sich",
)
