"""Zeitstrahl als :class:`~gm_helfer.regelsystem.Regelsystem` (Einstiegspunkt in ``pyproject.toml``).

Nur Regelmodule; die Notebook-Schicht lädt erst :func:`gm_helfer.zeitstrahl.tisch_laden`.
"""

from __future__ import annotations

from typing import Any

from gm_helfer.regelsystem import Regelsystem
from gm_helfer.zeitstrahl import simulation, tisch_laden
from gm_helfer.zeitstrahl.bogen import SCHEMA, kaempfer_aus_bogen
from gm_helfer.zeitstrahl.kampf import anwenden, kampf_aus_kopf, neuer_kampf
from gm_helfer.zeitstrahl.optionen import STANDARD, Optionen

__all__ = ["REGELSYSTEM"]


def _lage() -> Any:
    """Der Lagebild-Adapter (:mod:`gm_helfer.zeitstrahl.lagebild`), erst beim ersten Lagebild geladen."""
    from types import SimpleNamespace

    from gm_helfer.zeitstrahl import lagebild

    return SimpleNamespace(weiterspielen=lagebild.weiterspielen, gebuendelt=lagebild.gebuendelt_ab,
                           wahlen=lagebild.wahlen)


def _start(boegen: Any, optionen: Any = None) -> Any:
    """Startzustand aus geladenen Bögen (wie der Live-Kampf ihn baut)."""
    return neuer_kampf([kaempfer_aus_bogen(b) for b in boegen], optionen or STANDARD)


REGELSYSTEM = Regelsystem(
    name="zeitstrahl",
    anzeigename="Zeitstrahl",
    schema=SCHEMA,
    start=_start,
    anwenden=anwenden,
    start_aus_kopf=kampf_aus_kopf,
    optionen=Optionen,
    taktik=simulation.Taktik,
    taktik_je_seite=False,
    begegnung=simulation.begegnung,
    ereignis_begegnung=simulation.ereignis_begegnung,
    tisch=tisch_laden,
    gebuendelt=True,
    rang=3,
    zeiteinheit="Ticks",
    vervielfachen=None,
    lage=_lage,
    nicht_gespielt="niemand heilt, niemand zieht sich zurück oder ergibt sich",
)
