"""W100 nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer.ansicht import KaempferSicht, ist_held

from . import kampf as wk
from .kampf import Kampf, anwenden, kampf_aus_dict

__all__ = ["am_zug", "anwenden", "kaempfer", "reihenfolge", "start", "zeitpunkt"]


def start(kopf: Mapping[str, Any]) -> Kampf:
    return kampf_aus_dict(kopf["start"])


def zeitpunkt(vorher: Kampf, nachher: Kampf) -> str:
    """Die Runde nach dem Schritt (ein Rundenbeginn gehört zur neuen Runde)."""
    return f"Runde {nachher.runde}" if nachher.runde else ""


def kaempfer(kampf: Kampf) -> list[KaempferSicht]:
    aus = []
    for k in kampf.kaempfer:
        raus = not k.kampffaehig(kampf.optionen)
        zustand = f"{k.lp} von {k.lp_max} LP, Flee {k.flee} von {k.flee_max}" + (", kampfunfähig" if raus else "")
        sichtbar = "kampfunfähig" if raus else "verwundet" if (k.lp or 0) < k.lp_max else "kampfbereit"
        aus.append(KaempferSicht(k.name, k.seite, ist_held(k.seite), zustand, sichtbar, raus))
    return aus


def reihenfolge(kampf: Kampf) -> list[tuple[str, str]]:
    """Nach verbleibenden Initiativepunkten, höchste zuerst."""
    return [(k.name, f"Initiative {k.initiative}" if k.initiative is not None else "–") for k in wk.reihenfolge(kampf)]


def am_zug(kampf: Kampf) -> tuple[str, ...]:
    return (kampf.am_zug,) if kampf.am_zug else ()
