"""W100 nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer.ansicht import KaempferSicht, ist_held
from gm_helfer.bericht_summen import Posten
from gm_helfer.protokoll import Ereignis
from gm_helfer.text import anzahl

from .. import kampf as wk
from ..daten import STREIFTREFFER, VOLLTREFFER
from ..kampf import Kampf, anwenden, kampf_aus_dict

__all__ = ["VERWALTUNG", "am_zug", "anwenden", "bilanz", "kaempfer", "offen", "reihenfolge", "start", "umfang",
           "zeitpunkt"]


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


# --------------------------------------------------------------------------- Bericht: Summen

VERWALTUNG = frozenset({"zug_beginn", "zug_ende", "neue_runde"})
"""Ereignisse, die nur den Zug weitergeben (Zugbeginn, Zugende, neue Runde)."""

SEKUNDEN_JE_RUNDE = 3
"""„Eine Runde entspricht 3 Sekunden Kampfzeit“ (regeln/w100.txt › Initiative und Kampfrunde)."""


def bilanz(vorher: Kampf, e: Ereignis, nachher: Kampf) -> tuple[Posten, ...]:
    """Was ein Ereignis zu den Summen beiträgt: ein Angriff (Treffer: Streif- oder Volltreffer),
    die verlorenen Lebenspunkte (im Angriff dem Angreifer zugerechnet, sonst ohne Urheber – etwa
    ein Eingriff oder ein Effekt) und das Flee, das jemand zum Ausweichen ausgibt. Heilung und
    die Erholung von Flee zählen nicht."""
    d = e.daten
    aus: list[Posten] = []
    angreifer, ziel = (str(d.get("angreifer", "")), str(d.get("ziel", ""))) if e.art == "angriff" else ("", "")
    if e.art == "angriff":
        aus.append(Posten(wer=angreifer, ziel=ziel, angriffe=1, treffer=int(d.get("stufe") in (STREIFTREFFER, VOLLTREFFER))))
    alt = {k.name: k for k in vorher.kaempfer}
    for k in nachher.kaempfer:
        a = alt.get(k.name)
        if a is None:
            continue
        verlust = (a.lp or 0) - (k.lp or 0)
        if verlust > 0:
            aus.append(Posten(wer=angreifer if k.name == ziel else "", ziel=k.name, schaden=verlust, einheit="LP"))
        flee = (a.flee or 0) - (k.flee or 0)
        if flee > 0:
            aus.append(Posten(wer=k.name, ausgabe=flee, was="Flee"))
    return tuple(aus)


def offen(kampf: Kampf) -> tuple[tuple[str, str], ...]:
    """Die offenen Entscheidungen (wer, Text) aus der Zug-Schnittstelle."""
    from .zug import offene_entscheidungen

    return tuple((o.wer, o.text) for o in offene_entscheidungen(kampf))


def umfang(vorher: Kampf, kampf: Kampf) -> str:
    """„2 Runden (6 Sekunden Spielzeit)“."""
    if not kampf.runde:
        return "noch keine Runde"
    return (f"{anzahl(kampf.runde, 'Runde', 'Runden')} "
            f"({anzahl(kampf.runde * SEKUNDEN_JE_RUNDE, 'Sekunde', 'Sekunden')} Spielzeit)")
