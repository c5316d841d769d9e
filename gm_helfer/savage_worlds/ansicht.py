"""Savage Worlds nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from gm_helfer.ansicht import KaempferSicht, ist_held

from .kampf import Kampfzustand, anwenden, start_aus_kopf

__all__ = ["am_zug", "anwenden", "kaempfer", "reihenfolge", "start", "zeitpunkt"]

start = start_aus_kopf


def zeitpunkt(vorher: Kampfzustand, nachher: Kampfzustand) -> str:
    """Die Runde nach dem Schritt (ein Rundenbeginn gehört zur neuen Runde)."""
    return f"Runde {nachher.runde}" if nachher.runde else ""


def _sichtbar(k) -> str:
    if k.tot:
        return "tot"
    teile = ["Außer Gefecht"] if k.ausser_gefecht else []
    if k.angeschlagen and not k.ausser_gefecht:
        teile.append("Angeschlagen")
    if k.wunden and not k.ausser_gefecht:
        teile.append("verwundet")
    return ", ".join(teile) or "kampfbereit"


def kaempfer(z: Kampfzustand) -> list[KaempferSicht]:
    aus = []
    for k in z.kaempfer:
        zustand = k.zustand_text + (f", {k.bennies} {'Benny' if k.bennies == 1 else 'Bennies'}" if k.wildcard else "")
        aus.append(KaempferSicht(k.name, k.seite, ist_held(k.seite), zustand, _sichtbar(k), not k.kampffaehig))
    return aus


def reihenfolge(z: Kampfzustand) -> list[tuple[str, str]]:
    """Die ausgeteilten Karten in der Reihenfolge des Herunterzählens (Empfänger, Karte)."""
    return [(e, str(karte)) for e, karte in z.reihenfolge()]


def am_zug(z: Kampfzustand) -> tuple[str, ...]:
    return (z.am_zug,) if z.am_zug else ()
