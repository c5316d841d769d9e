"""Aloran nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from gm_helfer.ansicht import KaempferSicht, ist_held
from gm_helfer.bericht_summen import Posten
from gm_helfer.protokoll import Ereignis
from gm_helfer.text import anzahl

from .. import kampf as ak
from ..kampf import Kampf, anwenden, aus_kopf

__all__ = ["VERWALTUNG", "am_zug", "anwenden", "bilanz", "kaempfer", "offen", "reihenfolge", "start", "umfang",
           "zeitpunkt"]

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


# --------------------------------------------------------------------------- Bericht: Summen

VERWALTUNG = frozenset({"runde", "zug_ende"})
"""Ereignisse, die nur den Zug weitergeben (neue Runde, Zugende)."""


def bilanz(vorher: Kampf, e: Ereignis, nachher: Kampf) -> tuple[Posten, ...]:
    """Was ein Ereignis zu den Summen beiträgt: ein Angriff (Treffer: jede Kategorie außer
    „verfehlt“ – auch ein Streiftreffer), die Wunden und der Ausdauerverlust seines Ziels; ein
    Eingriff des Spielleiters ist Schaden ohne Urheber; Ausdauer, die jemand sonst verliert (Spurt),
    ist ausgegeben. Heilung zählt nicht als Schaden."""
    d = e.daten
    aus: list[Posten] = []
    angreifer, ziel = (str(d.get("angreifer", "")), str(d.get("ziel", ""))) if e.art == "angriff" else ("", "")
    if e.art == "angriff":
        aus.append(Posten(wer=angreifer, ziel=ziel, angriffe=1, treffer=int(d.get("kategorie", "verfehlt") != "verfehlt")))
    alt = {k.name: k for k in vorher.kaempfer}
    for k in nachher.kaempfer:
        a = alt.get(k.name)
        if a is None:
            continue
        wer = angreifer if k.name == ziel else ""
        wunden = sum(k.wunden) - sum(a.wunden)
        if wunden > 0:
            aus.append(Posten(wer=wer, ziel=k.name, schaden=wunden, einheit="Wunden"))
        verlust = a.ausdauer - k.ausdauer
        if verlust > 0 and (e.art in ("angriff", "eingriff")):
            aus.append(Posten(wer=wer, ziel=k.name, schaden=verlust, einheit="Ausdauer"))
        elif verlust > 0:
            aus.append(Posten(wer=k.name, ausgabe=verlust, was="Ausdauer"))
    return tuple(aus)


def offen(kampf: Kampf) -> tuple[tuple[str, str], ...]:
    """Die offenen Entscheidungen (wer, Text) aus der Zug-Schnittstelle."""
    from .zug import offene_entscheidungen

    return tuple((o.wer, o.text) for o in offene_entscheidungen(kampf))


def umfang(vorher: Kampf, kampf: Kampf) -> str:
    """„2 Runden“ (die Regeln nennen keine Dauer einer Kampfrunde)."""
    return anzahl(kampf.runde, "Runde", "Runden") if kampf.runde else "noch keine Runde"
