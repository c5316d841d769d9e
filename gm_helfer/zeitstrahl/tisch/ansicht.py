"""Zeitstrahl nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from gm_helfer.ansicht import KaempferSicht, ist_held
from gm_helfer.bericht_summen import Posten
from gm_helfer.protokoll import Ereignis
from gm_helfer.text import anzahl

from ..kampf import Kampf, anwenden, kampf_aus_kopf

__all__ = ["VERWALTUNG", "am_zug", "anwenden", "bilanz", "kaempfer", "offen", "reihenfolge", "start", "umfang",
           "zeitpunkt"]

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


# --------------------------------------------------------------------------- Bericht: Summen

VERWALTUNG = frozenset({"ansage_verfallen"})
"""Ereignisse ohne Handlung (eine angesagte Reaktion verfällt) – der Zeitstrahl kennt keine Zugwechsel."""

SEKUNDEN_JE_TICK = 0.5
"""„Ein Feld auf einem Zeitstrahl spiegelt ungefähr eine halbe Sekunde wieder.“ (regeln/zeitstrahl.txt)"""


def bilanz(vorher: Kampf, e: Ereignis, nachher: Kampf) -> tuple[Posten, ...]:
    """Was ein Ereignis zu den Summen beiträgt: ein Angriff oder Konter (Treffer: der Angriff
    traf), die verlorenen Lebenspunkte (im Angriff dem Angreifer zugerechnet, wenn sein Ziel sie
    verliert; sonst ohne Urheber, etwa ein Patzer oder ein Eingriff). Der Zeitstrahl kennt keine
    Ressourcen zum Ausgeben. Heilung zählt nicht."""
    d = e.daten
    aus: list[Posten] = []
    angreifer, ziel = (str(d.get("angreifer", "")), str(d.get("ziel", ""))) if e.art == "angriff" else ("", "")
    if e.art == "angriff":
        aus.append(Posten(wer=angreifer, ziel=ziel, angriffe=1, treffer=int(bool(d.get("treffer")))))
    alt = {t.name: t for t in vorher.teilnehmer}
    for t in nachher.teilnehmer:
        a = alt.get(t.name)
        if a is not None and a.lebenspunkte > t.lebenspunkte:
            aus.append(Posten(wer=angreifer if t.name == ziel else "", ziel=t.name,
                              schaden=a.lebenspunkte - t.lebenspunkte, einheit="Lebenspunkte"))
    return tuple(aus)


def offen(kampf: Kampf) -> tuple[tuple[str, str], ...]:
    """Die offenen Entscheidungen (wer, Text) aus der Zug-Schnittstelle."""
    from .zug import offene_entscheidungen

    return tuple((o.wer, o.text) for o in offene_entscheidungen(kampf))


def umfang(vorher: Kampf, nachher: Kampf) -> str:
    """„bis Tick 12 (6 Sekunden Spielzeit)“: der Tick des letzten Schritts (wie :func:`zeitpunkt`)."""
    kampf = vorher if vorher.gestartet else nachher
    if not kampf.gestartet or kampf.jetzt is None:
        return "noch nicht begonnen"
    return f"bis Tick {kampf.jetzt} ({anzahl(kampf.jetzt * SEKUNDEN_JE_TICK, 'Sekunde', 'Sekunden')} Spielzeit)"
