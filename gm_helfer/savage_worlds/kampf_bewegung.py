"""Savage-Worlds-Kampf: Bewegung, Springen, Waffen bereitmachen; Überzahl und Verzicht auf Entscheidungen.

Teil von :mod:`gm_helfer.savage_worlds.kampf`; Regeln: ``regeln/savage_worlds.txt`` › Bewegung, Aktionen.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.aktionen import (
    AUFSTEHEN_KOSTEN,
    KRIECHEN,
    bewegungsweite,
    mehrfachaktion_abzug,
    sprungweite,
    waffe_bereitmachen,
)
from gm_helfer.savage_worlds.kampf_zustand import (
    KampfFehler,
    Kampfzustand,
    R,
    _aktion_eintragen,
    _anwenden_mit,
    _darf_handeln,
    angesagte_aktionen,
)
from gm_helfer.savage_worlds.proben import (
    Probe,
    wuerfle_probe,
)
from gm_helfer.schnell import ersetzen as replace

BEWEGUNGSARTEN = ("gehen", "geduckt", "kriechen")


def bewegung_uebrig(z: Kampfzustand, name: str) -> dict[str, float]:
    """Wie viele Zoll ``name`` in dieser Runde noch hat – je Bewegungsart, auf offenem Gelände.

    Bewegung: volle Bewegungsweite (mit Wundabzug, mindestens 1) plus Sprintwürfel; geduckt die
    Hälfte („halbiere die Bewegungsweite, nachdem du den Sprintwürfel eingerechnet hast“);
    Kriechen 2“. Jede Bewegung verbraucht ihren Anteil davon; schwieriges Terrain zählt doppelt.
    """
    k = z.kaempfer_namens(name)
    rest = 1 - dict(z.bewegung).get(name, Fraction(0))
    weite = Fraction(bewegungsweite(k.bewegungsweite, wunden=k.wunden, sprint=dict(z.sprint).get(name, 0)))
    # auf Hundertstel Zoll gerundet (für die Anzeige; gerechnet wird mit Brüchen)
    return {"gehen": round(float(rest * weite), 2), "geduckt": round(float(rest * weite / 2), 2),
            "kriechen": round(float(rest * KRIECHEN), 2)}


def zoll_text(zoll: float) -> str:
    """Eine Entfernung in Zoll, deutsch geschrieben: ``2,5“``, ``5“``."""
    return f"{zoll:g}".replace(".", ",") + "“"


def _bewegungsanteil(z: Kampfzustand, name: str, zoll: Fraction, art: str) -> Fraction:
    k = z.kaempfer_namens(name)
    weite = Fraction(bewegungsweite(k.bewegungsweite, wunden=k.wunden, sprint=dict(z.sprint).get(name, 0)))
    voll = {"gehen": weite, "geduckt": weite / 2, "kriechen": Fraction(KRIECHEN)}[art]
    return zoll / voll


def _bewegen(z: Kampfzustand, name: str, anteil: Fraction, was: str) -> Kampfzustand:
    k = z.kaempfer_namens(name)
    if not k.kampffaehig:
        raise KampfFehler(f"{name} ist außer Gefecht und kann sich nicht bewegen.")
    if z.empfaenger(k) != z.am_zug:
        raise KampfFehler(f"{name} ist nicht an der Reihe (gerade: {z.am_zug or 'niemand'}).")
    bisher = dict(z.bewegung).get(name, Fraction(0))
    if bisher + anteil > 1:
        uebrig = bewegung_uebrig(z, name)
        raise KampfFehler(
            f"{name}: {was} ist zu weit – übrig in dieser Runde: {zoll_text(uebrig['gehen'])} gehen "
            f"(geduckt {zoll_text(uebrig['geduckt'])}, kriechen {zoll_text(uebrig['kriechen'])})."
        )
    andere = tuple((n, a) for n, a in z.bewegung if n != name)
    return replace(z, bewegung=andere + ((name, bisher + anteil),))


def ereignis_bewegung(
    zustand: Kampfzustand, name: str, zoll: float, *, art: str = "gehen", schwierig: bool = False, aufstehen: bool = False
) -> Ereignis:
    """Bewegung (eine freie Aktion): ``zoll`` weit gehen, geduckt gehen oder kriechen.

    „Jeder Zoll schwieriges Terrain zählt für die Bewegung als zwei Zoll.“ ``aufstehen``:
    „Aufzustehen kostet 2“ Bewegung.“ Ducken: „Fernkampfangriffe gegen ihn erleiden einen Abzug
    von −1“; Kriechen: „die Modifikatoren für Ziele auf dem Boden“ (Lage beim Angriff)."""
    if art not in BEWEGUNGSARTEN:
        raise KampfFehler(f"Unbekannte Bewegungsart „{art}“ – möglich: {', '.join(BEWEGUNGSARTEN)}.")
    if zoll < 0:
        raise KampfFehler("Die Strecke kann nicht negativ sein.")
    zustand.kaempfer_namens(name)
    teile = [f"{zoll:g}“ {'gehen' if art == 'gehen' else art}"]
    if schwierig:
        teile.append("schwieriges Terrain (zählt doppelt)")
    if aufstehen:
        teile.insert(0, "steht auf (2“)")
    daten = {"name": name, "zoll": str(Fraction(zoll).limit_denominator(100)), "art": art, "schwierig": schwierig,
             "aufstehen": aufstehen}
    e = Ereignis("bewegung", daten, regel=R + "Bewegung", text="")
    neu = _anwenden_mit(_bewegung_anwenden, zustand, e)
    uebrig = bewegung_uebrig(neu, name)
    return replace(e, text=f"{name} bewegt sich: {', '.join(teile)} – übrig {uebrig['gehen']:g}“")


def _bewegung_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    d = e.daten
    name = d["name"]
    zoll = Fraction(d["zoll"]) * (2 if d["schwierig"] else 1)
    anteil = _bewegungsanteil(z, name, zoll, d["art"])
    if d["aufstehen"]:
        anteil += _bewegungsanteil(z, name, Fraction(AUFSTEHEN_KOSTEN), "gehen")
    return _bewegen(z, name, anteil, "diese Bewegung")


def ereignis_springen(
    zustand: Kampfzustand, name: str, *, anlauf: bool, staerkeprobe: bool = False, rng: Any = None, augen: Any = None
) -> Ereignis:
    """Springen: „aus dem Stand 1“ oder mit Anlauf 2“ weit … Eine erfolgreiche Stärkeprobe
    erhöht diese Distanz um 1“.“ Die Sprungweite zählt zur Bewegung der Runde. Die Stärkeprobe trägt
    den Mehrfachaktionsabzug der angesagten Aktionen („−2 auf alle Proben“)."""
    k = zustand.kaempfer_namens(name)
    probe = None
    if staerkeprobe:
        mod = k.wundabzug + zustand.joker_bonus(name) + mehrfachaktion_abzug(angesagte_aktionen(zustand, name) or 1)
        probe = wuerfle_probe(k.attribut("staerke"), wildcard=k.wildcard, modifikator=mod, rng=rng, augen=augen)
    weite = sprungweite(anlauf=anlauf, staerke_erfolg=bool(probe and probe.ergebnis.erfolg))
    text = f"{name} springt {'mit Anlauf' if anlauf else 'aus dem Stand'}"
    if probe is not None:
        text += f", Stärkeprobe {probe.beschreibung()}"
    e = Ereignis("springen", {"name": name, "anlauf": anlauf, "probe": probe.als_dict() if probe else None},
                 regel=R + "Bewegung › Springen", eingetippt=augen is not None and staerkeprobe, text=f"{text} – {weite}“ weit")
    _anwenden_mit(_springen_anwenden, zustand, e)  # prüft die Bewegung schon beim Bauen
    return e


def _springen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    d = e.daten
    erfolg = bool(d["probe"]) and Probe.aus_dict(d["probe"]).ergebnis.erfolg
    weite = sprungweite(anlauf=d["anlauf"], staerke_erfolg=erfolg)
    return _bewegen(z, d["name"], _bewegungsanteil(z, d["name"], Fraction(weite), "gehen"), f"ein Sprung über {weite}“")


def ereignis_bereitmachen(
    zustand: Kampfzustand, name: str, waffe: str, *, schnell: bool = True, zwei_waffen: bool = False,
    aktionen: int | None = None, rng: Any = None, augen: Any = None,
) -> Ereignis:
    """Waffen bereitmachen: „Eine Waffe zu ziehen nimmt normalerweise eine ganze Runde in
    Anspruch“; schneller kostet es eine Aktion (Mehrfachaktionsabzug). Eine unhandliche Waffe
    oder zwei Waffen verlangen dazu eine Geschicklichkeitsprobe, „die ebenfalls dem
    Mehrfachaktionsabzug unterliegt, wenn man noch in dieser Runde mit der Waffe angreifen will“."""
    k = _darf_handeln(zustand, name)
    w = k.waffe(waffe)
    regel = waffe_bereitmachen(schnell=schnell, unhandlich=w.unhandlich, zwei_waffen=zwei_waffen)
    probe = None
    if regel.geschicklichkeitsprobe:
        n = angesagte_aktionen(zustand, name) or aktionen or 1
        probe = wuerfle_probe(k.attribut("geschicklichkeit"), wildcard=k.wildcard,
                              modifikator=k.wundabzug + zustand.joker_bonus(name) + mehrfachaktion_abzug(n), rng=rng, augen=augen)
    text = f"{name} macht {waffe}{' und eine zweite Waffe' if zwei_waffen else ''} bereit: {regel.text}"
    if probe is not None:
        text += f" Geschicklichkeit {probe.beschreibung()} – " + ("bereit" if probe.ergebnis.erfolg else "nicht bereit")
    e = Ereignis("bereitmachen", {"name": name, "waffe": waffe, "schnell": schnell, "zwei_waffen": zwei_waffen,
                                  "aktionen": aktionen, "probe": probe.als_dict() if probe else None},
                 regel=R + "Aktionen › Waffen bereitmachen", eingetippt=augen is not None and probe is not None, text=text)
    _anwenden_mit(_bereitmachen_anwenden, zustand, e)
    return e


def _bereitmachen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    d = e.daten
    name = d["name"]
    if not d["schnell"] and (any(n == name for n, _ in z.aktionen_runde) or (angesagte_aktionen(z, name) or 1) != 1
                             or (d.get("aktionen") or 1) != 1):
        raise KampfFehler(f"{name}: In Ruhe eine Waffe zu ziehen braucht die ganze Runde – keine anderen Aktionen.")
    return _aktion_eintragen(z, name, f"bereitmachen:{d['waffe']}", d.get("aktionen"), f"{d['waffe']} bereitmachen")


def ereignis_nahkampf(zustand: Kampfzustand, name: str, gegner: Sequence[str]) -> Ereignis:
    """Der Spielleiter markiert, mit wem ``name`` jetzt im Nahkampf steht (ersetzt die bisherigen
    Markierungen von ``name``; leer = mit niemandem)."""
    zustand.kaempfer_namens(name)
    for g in gegner:
        if zustand.kaempfer_namens(g).seite == zustand.kaempfer_namens(name).seite:
            raise KampfFehler(f"{g} ist ein Verbündeter von {name} – im Nahkampf stehen nur Gegner.")
    text = f"{name} im Nahkampf mit {', '.join(gegner)}" if gegner else f"{name} steht mit niemandem im Nahkampf"
    return Ereignis("nahkampf", {"name": name, "gegner": list(gegner)},
                    regel="Hausregel › Überzahl (vollständiges Regelwerk, nicht im Regeltext)", text=text)


def _nahkampf_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    name = e.daten["name"]
    z.kaempfer_namens(name)
    paare = {p for p in z.nahkampf if name not in p}
    for g in e.daten["gegner"]:
        z.kaempfer_namens(g)
        paare.add(tuple(sorted((name, g))))
    return replace(z, nahkampf=frozenset(paare))


def ereignis_verzicht(zustand: Kampfzustand, name: str) -> Ereignis:
    """``name`` verzichtet darauf, den Schaden des letzten Angriffs wegzustecken (die Wunden bleiben)."""
    os_ = zustand.offener_schaden
    if os_ is None or os_.ziel != name:
        raise KampfFehler(f"{name} hat gerade nichts wegzustecken.")
    text = (f"{name} behält das Ergebnis des Wegsteckens ({os_.weg_text(os_.weggesteckt)})" if os_.versuche
            else f"{name} steckt den Schaden nicht weg")
    return Ereignis("verzicht", {"name": name}, regel=R + "Schaden wegstecken", text=text)


def _verzicht_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    os_ = z.offener_schaden
    if os_ is None or os_.ziel != e.daten["name"]:
        raise KampfFehler(f"{e.daten['name']} hat gerade nichts wegzustecken.")
    return replace(z, offener_schaden=None)
