"""Savage Worlds nach außen: Protokoll abspielen, Zeitpunkt, Kämpfer (siehe :mod:`gm_helfer.ansicht`)."""

from __future__ import annotations

from gm_helfer.ansicht import KaempferSicht, ist_held
from gm_helfer.bericht_summen import Posten
from gm_helfer.protokoll import Ereignis
from gm_helfer.text import anzahl

from ..kampf import Kampfzustand, anwenden, start_aus_kopf

__all__ = ["VERWALTUNG", "am_zug", "anwenden", "bilanz", "kaempfer", "offen", "reihenfolge", "start", "umfang",
           "zeitpunkt"]

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


# --------------------------------------------------------------------------- Bericht: Summen

VERWALTUNG = frozenset({"runde", "karten", "am_zug", "fertig", "mitglied_fertig", "passen"})
"""Ereignisse, die nur den Zug weitergeben (neue Runde, Karten, an der Reihe, fertig)."""

SEKUNDEN_JE_RUNDE = 6
"""„… in Kampfrunden von sechs Sekunden Länge eingeteilt“ (regeln/savage_worlds.txt)."""


def _angreifer(vorher: Kampfzustand, e: Ereignis) -> str:
    if e.art == "angriff_wiederholen":
        return str(dict(vorher.letzter_angriff).get("daten", {}).get("angreifer", ""))
    return str(e.daten.get("angreifer", ""))


def _angriff(vorher: Kampfzustand, e: Ereignis, nachher: Kampfzustand) -> list[Posten]:
    """Ein Angriff zählt einmal; Treffer sind die offenen Treffer, die er hinzufügt (Feuerrate:
    mehrere). Das Wiederholen mit einem Benny ist kein neuer Angriff, nur seine Treffer zählen."""
    if e.art not in ("angriff", "angriff_wiederholen"):
        return []
    alt = set(vorher.offene_treffer)
    neu = [t for t in nachher.offene_treffer if t not in alt]
    ziel = neu[0].ziel if neu else str(e.daten.get("ziel", ""))
    return [Posten(wer=_angreifer(vorher, e), ziel=ziel, angriffe=int(e.art == "angriff"), treffer=len(neu))]


def bilanz(vorher: Kampfzustand, e: Ereignis, nachher: Kampfzustand) -> tuple[Posten, ...]:
    """Was ein Ereignis zu den Summen beiträgt: Angriffe und Treffer, Wunden (ein Statist, der
    ausfällt, zählt seine eine Wunde, auch wenn sie nicht vermerkt wird), Wegstecken nimmt Wunden
    des letzten Treffers zurück, ausgegebene Bennies (auch die des Spielleiters, dem zugerechnet,
    für den sie ausgegeben wurden)."""
    aus = _angriff(vorher, e, nachher)
    wer = str(e.daten.get("angreifer", "")) if e.art == "schaden" else ""
    for a, b in zip(vorher.kaempfer, nachher.kaempfer):
        wunden = b.wunden - a.wunden
        if not a.wildcard and b.ausser_gefecht and not a.ausser_gefecht and not wunden:
            wunden = 1
        if wunden > 0 and e.art != "wegstecken":
            aus.append(Posten(wer=wer, ziel=b.name, schaden=wunden, einheit="Wunden"))
        elif wunden < 0 and e.art == "wegstecken":
            aus.append(Posten(ziel=b.name, schaden=wunden, einheit="Wunden"))
        if b.bennies < a.bennies:
            aus.append(Posten(wer=b.name, ausgabe=a.bennies - b.bennies, was="Bennies"))
    sl = vorher.spielleiter_bennies - nachher.spielleiter_bennies
    if sl > 0:
        aus.append(Posten(wer=str(e.daten.get("name", "")) or _angreifer(vorher, e), ausgabe=sl, was="Bennies"))
    return tuple(aus)


def offen(z: Kampfzustand) -> tuple[tuple[str, str], ...]:
    """Die offenen Entscheidungen (wer, Text) aus der Zug-Schnittstelle."""
    from .zug import offene_entscheidungen

    return tuple((o.wer, o.text) for o in offene_entscheidungen(z))


def umfang(vorher: Kampfzustand, z: Kampfzustand) -> str:
    """„2 Runden (12 Sekunden Spielzeit)“."""
    if not z.runde:
        return "noch keine Runde"
    return f"{anzahl(z.runde, 'Runde', 'Runden')} ({anzahl(z.runde * SEKUNDEN_JE_RUNDE, 'Sekunde', 'Sekunden')} Spielzeit)"
