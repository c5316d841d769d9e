"""Zeitstrahl nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from gm_helfer.ansicht import KaempferSicht, ist_held

from .kampf import Kampf, anwenden, kampf_aus_kopf

__all__ = ["am_zug", "anwenden", "kaempfer", "reihenfolge", "start", "zeitpunkt"]

start = kampf_aus_kopf


def zeitpunkt(vorher: Kampf, nachher: Kampf) -> str:
    """Der Tick, bei dem der Schritt geschah (vor dem Kampf: der Tick danach, also der Start)."""
    kampf = vorher if vorher.gestartet else nachher
    return f"Tick {kampf.jetzt}" if kampf.gestartet and kampf.jetzt is not None else ""


def kaempfer(kampf: Kampf) -> list[KaempferSicht]:
    aus = []
    for t in kampf.teilnehmer:
        raus = t.kampfunfaehig(kampf.optionen)
        zustaende = ", ".join(t.zustaende)
        zustand = f"{t.lebenspunkte} von {t.kaempfer.lebenspunkte} Lebenspunkten" + (f", {zustaende}" if zustaende else "")
        sichtbar = "kampfunfähig" if raus else "verwundet" if t.lebenspunkte < t.kaempfer.lebenspunkte else "kampfbereit"
        if zustaende and not raus:
            sichtbar += f", {zustaende}"
        aus.append(KaempferSicht(t.name, t.partei, ist_held(t.partei), zustand + (", kampfunfähig" if raus else ""),
                                 sichtbar, raus))
    return aus


def reihenfolge(kampf: Kampf) -> list[tuple[str, str]]:
    """Der Zeitstrahl: wer bei welchem Tick als Nächstes handelt."""
    return [(t.name, f"Tick {t.position}") for t in kampf.reihenfolge() if t.position is not None]


def am_zug(kampf: Kampf) -> tuple[str, ...]:
    return kampf.am_zug
