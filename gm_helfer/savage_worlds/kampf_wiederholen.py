"""Savage-Worlds-Kampf: mit einem Benny den Angriff oder die Erholungs-, Außer-Gefecht- und Ausbluten-Probe wiederholen.

Teil von :mod:`gm_helfer.savage_worlds.kampf`; Regeln: ``regeln/savage_worlds.txt`` › Schaden wegstecken, Schadenswirkung.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.kampf_angriff import (
    Angriffssituation,
    _ausbluten_anwenden,
    _ausser_gefecht_anwenden,
    _benny_ausgeben,
    _ergebnisse_je_ziel,
    _erholung_anwenden,
    angriffs_werte,
)
from gm_helfer.savage_worlds.kampf_zustand import (
    KampfFehler,
    Kampfzustand,
    OffeneProbe,
    R,
    Treffer,
    _augen_oder_rng,
    _ersetze,
    _ziele_je_wuerfel,
)
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.proben import (
    Eigenschaft,
    Probe,
    wuerfle_probe,
)
from gm_helfer.savage_worlds.schaden import (
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    erholung_auswerten,
)
from gm_helfer.schnell import ersetzen as replace


def angriff_wiederholbar(z: Kampfzustand) -> str | None:
    """Grund, warum der letzte Angriff sich gerade nicht mit einem Benny wiederholen lässt (``None``: er lässt sich).

    Bennies: Ein Benny erlaubt, eine Eigenschaftsprobe zu wiederholen; das bessere Ergebnis zählt
    (vollständiges Regelwerk; der Regeltext nennt das Wiederholen beim Wegstecken). Nur solange
    kein Schaden dieses Angriffs gewürfelt ist."""
    la = dict(z.letzter_angriff)
    if not la:
        return "Kein Angriff, der sich wiederholen ließe."
    a = z.kaempfer_namens(la["daten"]["angreifer"])
    if not a.wildcard:
        return f"{a.name} ist ein Statist und hat keine Bennies."
    noch = sum(1 for t in z.offene_treffer if t.angriff == la["nummer"])
    if noch != la["treffer"]:
        return "Der Schaden dieses Angriffs ist schon gewürfelt."
    if a.bennies < 1 and not (a.seite != "Helden" and z.spielleiter_bennies > 0):
        return f"{a.name} hat keinen Benny."
    return None


def _wertung(probe: Probe) -> tuple[int, int, int]:
    erfolge = [e for e in probe.ergebnisse if e.erfolg]
    return (len(erfolge), sum(e.steigerungen for e in erfolge), max(e.gesamt for e in probe.ergebnisse))


def ereignis_angriff_wiederholen(zustand: Kampfzustand, *, quelle: str = "eigen", rng: Any = None, augen: Any = None) -> Ereignis:
    """Der Angreifer gibt einen Benny aus und wiederholt die Angriffsprobe; das bessere Ergebnis zählt."""
    grund = angriff_wiederholbar(zustand)
    if grund:
        raise KampfFehler(grund)
    la = dict(zustand.letzter_angriff)
    d = la["daten"]
    situation = Angriffssituation(**d.get("situation", {}))
    werte = angriffs_werte(zustand, d["angreifer"], d["ziel"], d["waffe"], situation)
    probe = wuerfle_probe(werte["eigenschaft"], wildcard=werte["wildcard"], modifikator=werte["modifikator"],
                          mindestwurf=werte["mindestwurf"], anzahl=werte["anzahl"], rng=rng, augen=augen,
                          kritisch_alle=zustand.optionen.kritischer_fehlschlag_alle_wuerfel)
    besser = _wertung(probe) > _wertung(Probe.aus_dict(d["probe"]))
    return Ereignis("angriff_wiederholen", {"quelle": quelle, "probe": probe.als_dict()},
                    regel=R + "Bennies › Wiederholen", eingetippt=augen is not None,
                    text=f"{d['angreifer']} wiederholt den Angriff (Benny): {probe.beschreibung()} – "
                         + ("das zählt" if besser else "das erste Ergebnis bleibt"))


def _angriff_wiederholen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    grund = angriff_wiederholbar(z)
    if grund:
        raise KampfFehler(grund)
    la = dict(z.letzter_angriff)
    d = la["daten"]
    z = _benny_ausgeben(z, d["angreifer"], e.daten["quelle"])
    neu, alt = Probe.aus_dict(e.daten["probe"]), Probe.aus_dict(d["probe"])
    if _wertung(neu) <= _wertung(alt):
        return replace(z, letzter_angriff=(("daten", d), ("nummer", la["nummer"]), ("treffer", la["treffer"])))
    ziele = _ziele_je_wuerfel(z, d["angreifer"], d.get("ziele") or [d["ziel"]], neu.anzahl)
    situation = Angriffssituation(**d.get("situation", {}))
    alte = [t for t in z.offene_treffer if t.angriff == la["nummer"]]
    joker = z.joker_bonus(d["angreifer"]) > 0
    neue = [
        Treffer(d["angreifer"], n, d["waffe"], e_.steigerungen > 0, joker, blind=situation.blind, angriff=la["nummer"])
        for e_, n in _ergebnisse_je_ziel(z, d["angreifer"], d["waffe"], neu, ziele)
        if e_.erfolg
    ]
    offen = tuple(t for t in z.offene_treffer if t not in alte) + tuple(neue)
    return replace(z, offene_treffer=offen,
                   letzter_angriff=(("daten", {**d, "probe": e.daten["probe"]}), ("nummer", la["nummer"]),
                                    ("treffer", len(neue))))


PROBEN_WIEDERHOLBAR = ("erholung", "ausser_gefecht", "ausbluten")


"""Ereignisarten, deren Probe sich mit einem Benny wiederholen lässt (dazu der Angriff:
:func:`ereignis_angriff_wiederholen`, und das Wegstecken: ein zweites :func:`ereignis_wegstecken`)."""


PROBEN_STUFEN: dict[str, tuple[str, ...]] = {
    "erholung": ("bleibt Angeschlagen", "erholt, nur freie Aktionen", "erholt, handelt normal"),
    "ausser_gefecht": ("tod", "fehlschlag", "erfolg", "steigerung"),
    "ausbluten": ("tod", "weiter", "stabil"),
}


"""Die Ausgänge je Probe vom schlechtesten zum besten – „das bessere Ergebnis zählt“."""


def probe_ausgang(art: str, probe: Probe, optionen: Optionen = Optionen()) -> str:
    """Der Ausgang einer Erholungs-, Außer-Gefecht- oder Ausbluten-Probe (ein Wert aus ``PROBEN_STUFEN[art]``)."""
    if art == "erholung":
        noch, handelt = erholung_auswerten(probe.ergebnis, erfolg_handelt=optionen.erholung_erfolg_handelt)
        return PROBEN_STUFEN[art][int(not noch) + int(bool(handelt))]
    if art == "ausser_gefecht":
        return ausser_gefecht_auswerten(probe.ergebnis)
    return ausbluten_auswerten(probe.ergebnis)


def _moment(z: Kampfzustand) -> tuple[Any, ...]:
    return (z.runde, z.am_zug, z.gehandelt, len(z.karten))


def _gueltig(z: Kampfzustand, p: OffeneProbe) -> bool:
    if p.moment != _moment(z):
        return False
    aktuell = z.kaempfer_namens(p.name)
    return replace(aktuell, bennies=p.nachher.bennies) == p.nachher


def _probe_merken(art: str, f: Any) -> Any:
    """Wendet die Probe mit ``f`` an und merkt sie für eine Benny-Wiederholung."""

    def anwenden_und_merken(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
        name = e.daten["name"]
        vorher = z.kaempfer_namens(name)
        neu = f(z, e)
        if not vorher.wildcard:  # Statisten haben keine Bennies
            return neu
        moment = _moment(neu)
        eintrag = OffeneProbe(art, name, e.daten, vorher, neu.kaempfer_namens(name), moment)
        bleiben = tuple(p for p in neu.offene_proben if p.moment == moment and (p.art, p.name) != (art, name))
        return replace(neu, offene_proben=bleiben + (eintrag,))

    return anwenden_und_merken


def _offene_probe(z: Kampfzustand, name: str, art: str | None) -> OffeneProbe | None:
    for p in reversed(z.offene_proben):
        if p.name == name and (art is None or p.art == art) and _gueltig(z, p):
            return p
    return None


def probe_wiederholbar(z: Kampfzustand, name: str, art: str | None = None) -> str | None:
    """Grund, warum ``name`` seine letzte Erholungs-, Außer-Gefecht- oder Ausbluten-Probe gerade
    nicht mit einem Benny wiederholen kann (``None``: er kann).

    Bennies: Ein Benny erlaubt, eine Eigenschaftsprobe zu wiederholen; das bessere Ergebnis zählt
    (vollständiges Regelwerk; der Regeltext nennt das Wiederholen beim Wegstecken: „Er kann jedoch
    einen Bennie ausgeben, um die erste Konstitutionsprobe zu wiederholen.“). Erholung, Außer
    Gefecht und Ausbluten sind Eigenschaftsproben (Willenskraft, Konstitution). Nur für Wildcards
    (Statisten haben keine Bennies), solange der Moment der Probe andauert (bis zum Zugende, zur
    nächsten Karte oder zum Austeilen) und solange das Ergebnis noch besser werden kann."""
    k = z.kaempfer_namens(name)
    if not k.wildcard:
        return f"{name} ist ein Statist und hat keine Bennies."
    p = _offene_probe(z, name, art)
    if p is None:
        return f"{name} hat gerade keine Probe, die sich wiederholen ließe."
    stufen = PROBEN_STUFEN[p.art]
    if probe_ausgang(p.art, Probe.aus_dict(p.daten["probe"]), z.optionen) == stufen[-1]:
        return f"{name} hat schon das beste Ergebnis."
    if k.bennies < 1 and not (k.seite != "Helden" and z.spielleiter_bennies > 0):
        return f"{name} hat keinen Benny."
    return None


def offene_probe(z: Kampfzustand, name: str, art: str | None = None) -> OffeneProbe | None:
    """Die Probe, die ``name`` jetzt mit einem Benny wiederholen könnte (sonst ``None``)."""
    return _offene_probe(z, name, art) if probe_wiederholbar(z, name, art) is None else None


def probe_werte(z: Kampfzustand, p: OffeneProbe) -> tuple[Eigenschaft, bool, int]:
    """(Eigenschaft, Wildcard, Modifikator) der Wiederholung: dieselbe Probe mit den Werten von vor
    der ersten (Wundabzüge; Joker außer beim Ausbluten, das vor den Karten fällt)."""
    k = p.vorher
    if p.art == "erholung":
        return k.attribut("willenskraft"), k.wildcard, k.wundabzug + z.joker_bonus(k.name)
    joker = z.joker_bonus(k.name) if p.art == "ausser_gefecht" else 0
    return k.attribut("konstitution"), True, k.wundabzug + joker


def _probe_wuerfeln(z: Kampfzustand, p: OffeneProbe, rng: Any, augen: Any) -> Probe:
    eig, wildcard, mod = probe_werte(z, p)
    return wuerfle_probe(eig, wildcard=wildcard, modifikator=mod, rng=rng, augen=augen)


_PROBEN_NAMEN = {"erholung": "die Erholungsprobe", "ausser_gefecht": "die Außer-Gefecht-Probe",
                 "ausbluten": "die Ausbluten-Probe"}


_PROBEN_REGEL = {"erholung": "Schadenswirkung › Angeschlagen", "ausser_gefecht": "Schadenswirkung › Außer Gefecht",
                 "ausbluten": "Außer Gefecht › Ausbluten"}


_AUSGANG_TEXT = {"tod": "stirbt", "fehlschlag": "blutet aus, Verletzung bleibend", "erfolg": "Verletzung bis die Wunden heilen",
                 "steigerung": "Verletzung für 24 Stunden", "weiter": "blutet weiter", "stabil": "ist stabil"}


def ereignis_probe_wiederholen(
    zustand: Kampfzustand, name: str, art: str | None = None, *, quelle: str = "eigen", rng: Any = None, augen: Any = None,
) -> Ereignis:
    """``name`` gibt einen Benny aus und wiederholt seine letzte Erholungs-, Außer-Gefecht- oder
    Ausbluten-Probe (``art``; ohne: die letzte davon); das bessere Ergebnis zählt
    (:func:`probe_wiederholbar`). Die Würfel der Verletzungstabelle bleiben."""
    _augen_oder_rng(rng, augen)
    grund = probe_wiederholbar(zustand, name, art)
    if grund:
        raise KampfFehler(grund)
    p = _offene_probe(zustand, name, art)
    assert p is not None
    probe = _probe_wuerfeln(zustand, p, rng, augen)
    alt_ = probe_ausgang(p.art, Probe.aus_dict(p.daten["probe"]), zustand.optionen)
    neu = probe_ausgang(p.art, probe, zustand.optionen)
    stufen = PROBEN_STUFEN[p.art]
    besser = stufen.index(neu) > stufen.index(alt_)
    ergebnis = _AUSGANG_TEXT.get(neu, neu)
    return Ereignis(
        "probe_wiederholen", {"name": name, "art": p.art, "quelle": quelle, "probe": probe.als_dict()},
        regel=R + _PROBEN_REGEL[p.art] + " › Bennies", eingetippt=augen is not None,
        text=f"{name} wiederholt {_PROBEN_NAMEN[p.art]} (Benny): {probe.beschreibung()} – {ergebnis}"
             + ("; das zählt" if besser else "; das erste Ergebnis bleibt"),
    )


def _probe_neu_anwenden(z: Kampfzustand, p: OffeneProbe, daten: Mapping[str, Any]) -> Kampfzustand:
    """Wendet die Probe mit ``daten`` an, als wäre sie die erste gewesen: der Kämpfer wie vor der
    ersten Probe (mit seinen jetzigen Bennies), die übrige Lage wie jetzt."""
    aktuell = z.kaempfer_namens(p.name)
    z = _ersetze(z, replace(p.vorher, bennies=aktuell.bennies))
    e = Ereignis(p.art, dict(daten))
    if p.art == "erholung":
        return _erholung_anwenden(replace(z, nur_freie_aktionen=z.nur_freie_aktionen - {p.name}), e)
    if p.art == "ausser_gefecht":
        return replace(_ausser_gefecht_anwenden(z, e), offener_schaden=z.offener_schaden)
    z = replace(z, ausbluten_offen=z.ausbluten_offen | {p.name}, ausbluten_gewuerfelt=z.ausbluten_gewuerfelt - {p.name})
    return _ausbluten_anwenden(z, e)


def _probe_wiederholen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    name, art = e.daten["name"], e.daten["art"]
    grund = probe_wiederholbar(z, name, art)
    if grund:
        raise KampfFehler(grund)
    p = _offene_probe(z, name, art)
    assert p is not None
    z = _benny_ausgeben(z, name, e.daten["quelle"])
    neu_probe = Probe.aus_dict(e.daten["probe"])
    stufen = PROBEN_STUFEN[art]
    besser = stufen.index(probe_ausgang(art, neu_probe, z.optionen)) > stufen.index(
        probe_ausgang(art, Probe.aus_dict(p.daten["probe"]), z.optionen))
    daten = {**p.daten, "probe": e.daten["probe"]} if besser else p.daten
    if besser:
        z = _probe_neu_anwenden(z, p, daten)
    eintrag = replace(p, daten=daten, nachher=z.kaempfer_namens(name), moment=_moment(z))
    return replace(z, offene_proben=tuple(q for q in z.offene_proben if q is not p) + (eintrag,))


def ereignis_probe_behalten(zustand: Kampfzustand, name: str, art: str | None = None) -> Ereignis:
    """``name`` behält das Ergebnis seiner letzten Probe (schlägt die Benny-Wiederholung aus)."""
    p = _offene_probe(zustand, name, art)
    if p is None:
        raise KampfFehler(f"{name} hat gerade keine Probe, die sich wiederholen ließe.")
    return Ereignis("probe_behalten", {"name": name, "art": p.art}, regel=R + _PROBEN_REGEL[p.art] + " › Bennies",
                    text=f"{name} behält das Ergebnis ({_PROBEN_NAMEN[p.art]}), kein Benny")


def _probe_behalten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    p = _offene_probe(z, e.daten["name"], e.daten["art"])
    if p is None:
        raise KampfFehler(f"{e.daten['name']} hat gerade keine Probe, die sich wiederholen ließe.")
    return replace(z, offene_proben=tuple(q for q in z.offene_proben if q is not p))
