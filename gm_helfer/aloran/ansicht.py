"""Aloran nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from gm_helfer.ansicht import KaempferSicht, ist_held

from . import kampf as ak
from .kampf import Kampf, anwenden, aus_kopf

__all__ = ["am_zug", "anwenden", "kaempfer", "reihenfolge", "start", "zeitpunkt"]

start = aus_kopf


def zeitpunkt(vorher: Kampf, nachher: Kampf) -> str:
    """Die Runde nach dem Schritt (ein Rundenbeginn gehört zur neuen Runde)."""
    return f"Runde {nachher.runde}" if nachher.runde else ""


def _sichtbar(k) -> str:
    if k.kampfunfaehig:
        return "kampfunfähig"
    if k.bewusstlos:
        return "bewusstlos"
    return "verwundet" if sum(k.wunden) else "kampfbereit"


def kaempfer(kampf: Kampf) -> list[KaempferSicht]:
    aus = []
    for k in kampf.kaempfer:
        wunden = sum(k.wunden)
        zustand = k.zustand_text(kampf.optionen) + (f", {wunden} {'Wunde' if wunden == 1 else 'Wunden'}" if wunden else "")
        zustand += f", Ausdauer {k.ausdauer}"
        aus.append(KaempferSicht(k.name, k.werte.seite, ist_held(k.werte.seite), zustand, _sichtbar(k),
                                 k.kampfunfaehig or k.bewusstlos))
    return aus


def reihenfolge(kampf: Kampf) -> list[tuple[str, str]]:
    """Nach Initiative, höchste zuerst (gleiche Initiative handelt gleichzeitig)."""
    return [(k.name, f"Initiative {k.aktuelle_initiative}" if k.initiative is not None else "–")
            for gruppe in ak.reihenfolge(kampf) for k in gruppe]


def am_zug(kampf: Kampf) -> tuple[str, ...]:
    return ak.am_zug(kampf)
