"""Chancen vor jeder Entscheidung im laufenden Kampf – aus dem :class:`Kampfzustand`.

Jede Funktion holt die Werte aus dem Zustand (Wundabzüge, Joker, Robustheit, Angeschlagen)
und ruft die exakten Chancen aus :mod:`chancen`; die Notebooks zeigen die Ergebnisse als
Diagramme, bevor der Spielleiter würfelt.
"""

from __future__ import annotations

import math

from gm_helfer.savage_worlds.chancen import (
    ausbluten_chancen,
    ausbluten_probe_chancen,
    ausser_gefecht_chancen,
    erholung_chancen,
    getroffen_je_ziel,
    mehrfach_chancen,
    probe_ergebnisse,
    schadens_chancen,
    treffer_je_ziel,
    unterbrechen_chancen,
    wegstecken_chancen,
    wiederholen_chancen,
)
from gm_helfer.savage_worlds.kampf import (
    PROBEN_STUFEN,
    Angriffssituation,
    Kampfzustand,
    Treffer,
    _ziele_je_wuerfel,
    angriffs_werte,
    ausbluten_faellig,
    offene_probe,
    probe_ausgang,
    probe_werte,
    schadens_werte,
    unterbrechen_ohne_probe,
)
from gm_helfer.savage_worlds.proben import Probe
from gm_helfer.savage_worlds.schaden import MAX_WUNDEN

__all__ = [
    "ANGRIFF_STUFEN",
    "angriff_vorschau",
    "ausbluten_vorschau",
    "ausser_gefecht_vorschau",
    "erholung_vorschau",
    "mehrere_treffer_wirkung",
    "schaden_vorschau",
    "treffer_vorschau",
    "ziele_vorschau",
    "ziele_wirkung",
    "probe_wiederholen_vorschau",
    "wiederholen_besser",
    "unterbrechen_vorschau",
    "wegstecken_vorschau",
]

ANGRIFF_STUFEN = ("verfehlt", "keine Wirkung", "Angeschlagen", "1 Wunde", "2 Wunden", "3 Wunden", "Außer Gefecht")


def _wirkung_verteilen(zustand: Kampfzustand, ziel: str, sc, gewicht: float, aus: dict[str, list[float]]) -> None:
    """Ordnet eine Schadenschance den Stufen zu: Statisten sind bei der ersten Wunde aus dem
    Spiel, Wildcards bei mehr als drei Wunden insgesamt."""
    k = zustand.kaempfer_namens(ziel)
    aus["keine Wirkung"].append(gewicht * sc.keine_wirkung)
    aus["Angeschlagen"].append(gewicht * sc.angeschlagen)
    for n, p in sc.wunden.items():
        if not k.wildcard or k.ausser_gefecht or k.wunden + n > MAX_WUNDEN:
            aus["Außer Gefecht"].append(gewicht * p)
        else:
            aus[f"{n} Wunde{'n' if n > 1 else ''}"].append(gewicht * p)


def treffer_vorschau(
    zustand: Kampfzustand, angreifer: str, ziel: str, waffe: str, situation: Angriffssituation = Angriffssituation()
) -> dict[str, float]:
    """Chancen der Angriffsprobe: „Kritischer Fehlschlag“, „Fehlschlag“, „Erfolg“, „Steigerung“
    (bei mehreren Würfeln: für den besten Würfel)."""
    w = angriffs_werte(zustand, angreifer, ziel, waffe, situation)
    if w["anzahl"] == 1:
        return probe_ergebnisse(w["eigenschaft"], w["wildcard"], w["modifikator"], w["mindestwurf"])
    verteilung = mehrfach_chancen(w["eigenschaft"], w["anzahl"], w["wildcard"], w["modifikator"], w["mindestwurf"],
                                  kritisch_alle=zustand.optionen.kritischer_fehlschlag_alle_wuerfel)
    return {
        "Fehlschlag": math.fsum(p for (t, _), p in verteilung.items() if t == 0),
        "Erfolg": math.fsum(p for (t, s), p in verteilung.items() if t > 0 and s == 0),
        "Steigerung": math.fsum(p for (t, s), p in verteilung.items() if s > 0),
    }


def ziele_vorschau(
    zustand: Kampfzustand, angreifer: str, ziele: list[str], waffe: str, situation: Angriffssituation = Angriffssituation()
) -> dict[str, float]:
    """Feuerrate/Blitzhieb auf mehrere Ziele: je Ziel die Chance, getroffen zu werden, und die,
    mit Steigerung getroffen zu werden (ein Würfel je Ziel in dieser Reihenfolge, bestes Ergebnis
    aufs erste Ziel; Nahkampf gegen die Parade jedes Ziels)."""
    return getroffen_je_ziel(_je_ziel(zustand, angreifer, ziele, waffe, situation))


def _je_ziel(zustand, angreifer, ziele, waffe, situation):
    w = angriffs_werte(zustand, angreifer, ziele[0], waffe, situation)
    verteilung = _ziele_je_wuerfel(zustand, angreifer, ziele, w["anzahl"])
    nahkampf = w["fertigkeit"] == "kaempfen"
    mws = [zustand.kaempfer_namens(n).parade if nahkampf else w["mindestwurf"] for n in verteilung]
    return treffer_je_ziel(w["eigenschaft"], verteilung, mws, w["wildcard"], w["modifikator"],
                           kritisch_alle=zustand.optionen.kritischer_fehlschlag_alle_wuerfel)


def ziele_wirkung(
    zustand: Kampfzustand, angreifer: str, ziele: list[str], waffe: str, situation: Angriffssituation = Angriffssituation()
) -> dict[str, dict[str, float]]:
    """Feuerrate/Blitzhieb auf mehrere Ziele: je Ziel, was seine Treffer mit ihm machen (verfehlt,
    keine Wirkung, Angeschlagen, Wunden, Außer Gefecht) – exakt aus :func:`treffer_je_ziel`."""
    return {
        n: _ohne_unmoegliche(zustand, n, mehrere_treffer_wirkung(zustand, angreifer, n, waffe, d))
        for n, d in _je_ziel(zustand, angreifer, ziele, waffe, situation).items()
    }


def angriff_vorschau(
    zustand: Kampfzustand, angreifer: str, ziel: str, waffe: str, situation: Angriffssituation = Angriffssituation()
) -> dict[str, float]:
    """Was ein Angriff mit dem Ziel macht, alles zusammen: verfehlt, keine Wirkung, Angeschlagen,
    1–3 Wunden, Außer Gefecht. Bei Feuerrate/Blitzhieb alle Treffer auf dieses Ziel zusammen
    (:func:`mehrere_treffer_wirkung`)."""
    w = angriffs_werte(zustand, angreifer, ziel, waffe, situation)
    if w["anzahl"] > 1:
        verteilung = mehrfach_chancen(w["eigenschaft"], w["anzahl"], w["wildcard"], w["modifikator"], w["mindestwurf"],
                                      kritisch_alle=zustand.optionen.kritischer_fehlschlag_alle_wuerfel)
        return _ohne_unmoegliche(zustand, ziel, mehrere_treffer_wirkung(zustand, angreifer, ziel, waffe, verteilung))
    probe = probe_ergebnisse(w["eigenschaft"], w["wildcard"], w["modifikator"], w["mindestwurf"])
    aus: dict[str, list[float]] = {s: [] for s in ANGRIFF_STUFEN}
    aus["verfehlt"].append(probe["Kritischer Fehlschlag"] + probe["Fehlschlag"])
    joker = zustand.joker_bonus(angreifer) > 0
    for steigerung, p in ((False, probe["Erfolg"]), (True, probe["Steigerung"])):
        t = Treffer(angreifer, ziel, waffe, steigerung, joker)
        sc = schaden_vorschau(zustand, t)
        _wirkung_verteilen(zustand, ziel, sc, p, aus)
    return _ohne_unmoegliche(zustand, ziel, {s: math.fsum(v) for s, v in aus.items()})


def mehrere_treffer_wirkung(
    zustand: Kampfzustand, angreifer: str, ziel: str, waffe: str, treffer: dict[tuple[int, int], float]
) -> dict[str, float]:
    """Was mehrere Treffer eines Angriffs (Feuerrate, Blitzhieb) zusammen mit dem Ziel machen.

    ``treffer``: ``{(treffer, davon_mit_steigerung): p}`` (:func:`mehrfach_chancen`). Jeder
    Schadenswurf wird einzeln abgewickelt („Wickele jeden Schadenswurf … separat ab“), die mit
    Steigerung zuerst; der Zustand des Ziels (Angeschlagen, Wunden) wandert von Wurf zu Wurf mit –
    so macht ein zweites Angeschlagen eine Wunde. Ohne Wegstecken.
    """
    k = zustand.kaempfer_namens(ziel)
    joker = zustand.joker_bonus(angreifer) > 0
    ausdruck = {st: schadens_werte(zustand, Treffer(angreifer, ziel, waffe, st, joker))["ausdruck"] for st in (False, True)}
    robust = k.robustheit
    cache: dict[tuple[bool, bool], object] = {}

    def chancen(steigerung: bool, angeschlagen: bool):
        if (steigerung, angeschlagen) not in cache:
            cache[(steigerung, angeschlagen)] = schadens_chancen(ausdruck[steigerung], robust, angeschlagen=angeschlagen)
        return cache[(steigerung, angeschlagen)]

    aus: dict[str, list[float]] = {st: [] for st in ANGRIFF_STUFEN}
    for (t, st), p in treffer.items():
        if t == 0:
            aus["verfehlt"].append(p)
            continue
        # Zustand: (angeschlagen, neue Wunden, außer Gefecht) -> Wahrscheinlichkeit
        zustaende: dict[tuple[bool, int, bool], float] = {(k.angeschlagen, 0, False): 1.0}
        for steigerung in [True] * st + [False] * (t - st):
            neu: dict[tuple[bool, int, bool], list[float]] = {}
            for (ang, wunden, raus), q in zustaende.items():
                if raus:
                    neu.setdefault((ang, wunden, raus), []).append(q)
                    continue
                sc = chancen(steigerung, ang)
                neu.setdefault((ang, wunden, False), []).append(q * sc.keine_wirkung)
                neu.setdefault((True, wunden, False), []).append(q * sc.angeschlagen)
                for n, pn in sc.wunden.items():
                    gesamt = wunden + n
                    raus_neu = not k.wildcard or k.ausser_gefecht or k.wunden + gesamt > MAX_WUNDEN
                    neu.setdefault((True, gesamt, raus_neu), []).append(q * pn)
            zustaende = {z_: math.fsum(v) for z_, v in neu.items()}
        for (ang, wunden, raus), q in zustaende.items():
            if raus:
                aus["Außer Gefecht"].append(p * q)
            elif wunden:
                aus[f"{wunden} Wunde{'n' if wunden > 1 else ''}"].append(p * q)
            elif ang and not k.angeschlagen:
                aus["Angeschlagen"].append(p * q)
            else:
                aus["keine Wirkung"].append(p * q)
    return {st: math.fsum(v) for st, v in aus.items()}


def _ohne_unmoegliche(zustand: Kampfzustand, ziel: str, stufen: dict[str, float]) -> dict[str, float]:
    """Statisten kennen keine Wunden (sie sind bei der ersten aus dem Spiel): diese Stufen weg."""
    if zustand.kaempfer_namens(ziel).wildcard:
        return stufen
    return {s: p for s, p in stufen.items() if not s[0].isdigit()}


def schaden_vorschau(zustand: Kampfzustand, treffer: Treffer):
    """Schadenschancen eines offenen Treffers gegen das Ziel in seinem jetzigen Zustand."""
    werte = schadens_werte(zustand, treffer)
    return schadens_chancen(werte["ausdruck"], werte["robustheit"], angeschlagen=werte["angeschlagen"])


def schaden_stufen(zustand: Kampfzustand, treffer: Treffer) -> dict[str, float]:
    """Wie :func:`angriff_vorschau`, aber für einen schon gelandeten Treffer."""
    aus: dict[str, list[float]] = {s: [] for s in ANGRIFF_STUFEN[1:]}
    _wirkung_verteilen(zustand, treffer.ziel, schaden_vorschau(zustand, treffer), 1.0, aus)
    return _ohne_unmoegliche(zustand, treffer.ziel, {s: math.fsum(v) for s, v in aus.items()})


def wegstecken_vorschau(zustand: Kampfzustand, name: str, *, wiederholen: bool = False):
    """Was ein Benny zum Wegstecken der Wunden des letzten Angriffs bewirkt."""
    os_ = zustand.offener_schaden
    if os_ is None or os_.ziel != name:
        return None
    v = os_.vorher
    return wegstecken_chancen(
        v.attribut("konstitution"), os_.wunden, v.wundabzug + zustand.joker_bonus(name), True, wiederholen
    )


def erholung_vorschau(zustand: Kampfzustand, name: str) -> dict[str, float]:
    """Erholungsprobe (Willenskraft gegen 4, mit Wundabzügen und Joker)."""
    k = zustand.kaempfer_namens(name)
    return erholung_chancen(k.attribut("willenskraft"), k.wundabzug + zustand.joker_bonus(name), k.wildcard)


def ausser_gefecht_vorschau(zustand: Kampfzustand, name: str):
    k = zustand.kaempfer_namens(name)
    return ausser_gefecht_chancen(k.attribut("konstitution"), k.wundabzug + zustand.joker_bonus(name), True)


def ausbluten_vorschau(zustand: Kampfzustand, name: str, *, helfer: str | None = None, runden: int = 5):
    """Chance, innerhalb von ``runden`` Runden am Blutverlust zu sterben – ohne Hilfe und, mit
    ``helfer``, wenn dieser einmal je Runde in seinem Zug eine Heilenprobe versucht (mit seinem
    Wundabzug). Wie im Live-Kampf: ist die Ausbluten-Probe jetzt fällig (Rundenbeginn, vor den
    Karten) oder hat der Helfer in dieser Runde schon gehandelt oder geheilt, kommt sein erster
    Versuch erst nach der nächsten Probe."""
    k = zustand.kaempfer_namens(name)
    if helfer is None:
        return ausbluten_chancen(k.attribut("konstitution"), k.wundabzug, runden)
    h = zustand.kaempfer_namens(helfer)
    kann_noch = (
        name not in ausbluten_faellig(zustand)
        and zustand.empfaenger(h) not in zustand.gehandelt
        and (helfer, "heilen") not in zustand.aktionen_runde
    )
    return ausbluten_chancen(k.attribut("konstitution"), k.wundabzug, runden,
                             heilen=h.fertigkeit("heilen"), heilen_modifikator=h.wundabzug, heilen_wildcard=h.wildcard,
                             heilen_zuerst=kann_noch)


def unterbrechen_vorschau(zustand: Kampfzustand, wer: str, gegen: str) -> dict[str, float]:
    """Aktionen unterbrechen: die vergleichende Geschicklichkeitsprobe – oder, hält ``wer`` einen
    Joker (und ``gegen`` nicht), sicher: er unterbricht ohne Probe (wie im Live-Kampf)."""
    if unterbrechen_ohne_probe(zustand, wer, gegen):
        return {"unterbricht": 1.0, "gleichzeitig": 0.0, "zu spät": 0.0}
    a, b = zustand.kaempfer_namens(wer), zustand.kaempfer_namens(gegen)
    return unterbrechen_chancen(
        a.attribut("geschicklichkeit"), b.attribut("geschicklichkeit"),
        wildcard=a.wildcard, gegner_wildcard=b.wildcard,
        modifikator=a.wundabzug + zustand.joker_bonus(wer), gegner_modifikator=b.wundabzug + zustand.joker_bonus(gegen),
    )


WIEDERHOLEN_TEXTE: dict[str, dict[str, str]] = {
    "erholung": {s: s for s in PROBEN_STUFEN["erholung"]},
    "ausser_gefecht": {"tod": "stirbt", "fehlschlag": "blutet aus (bleibend verletzt)", "erfolg": "verletzt bis Heilung",
                       "steigerung": "verletzt für 24 h"},
    "ausbluten": {"tod": "stirbt", "weiter": "blutet weiter", "stabil": "stabil"},
}
"""Anzeigetexte der Ausgänge je Probe (vom schlechtesten zum besten)."""


def probe_wiederholen_vorschau(zustand: Kampfzustand, name: str, art: str | None = None) -> dict[str, float] | None:
    """Was ein Benny bringt, der die letzte Erholungs-, Außer-Gefecht- oder Ausbluten-Probe von
    ``name`` wiederholt (das bessere Ergebnis zählt): die Chancen jedes Ausgangs danach, als
    Anzeigetext vom schlechtesten zum besten. ``None``: keine Wiederholung möglich."""
    p = offene_probe(zustand, name, art)
    if p is None:
        return None
    eig, wildcard, mod = probe_werte(zustand, p)
    if p.art == "erholung":
        neu = erholung_chancen(eig, mod, wildcard)
        if zustand.optionen.erholung_erfolg_handelt:
            stufen = PROBEN_STUFEN["erholung"]
            neu = {stufen[0]: neu[stufen[0]], stufen[1]: 0.0, stufen[2]: neu[stufen[1]] + neu[stufen[2]]}
    elif p.art == "ausser_gefecht":
        c = ausser_gefecht_chancen(eig, mod, wildcard)
        neu = {"tod": c.tod, "fehlschlag": c.fehlschlag, "erfolg": c.erfolg, "steigerung": c.steigerung}
    else:
        neu = ausbluten_probe_chancen(eig, mod, wildcard)
    jetzt = probe_ausgang(p.art, Probe.aus_dict(p.daten["probe"]), zustand.optionen)
    danach = wiederholen_chancen(neu, PROBEN_STUFEN[p.art], jetzt)
    return {WIEDERHOLEN_TEXTE[p.art][s]: q for s, q in danach.items()}


def wiederholen_besser(zustand: Kampfzustand, name: str, art: str | None = None) -> float:
    """Die Chance, dass ein Benny die letzte Probe von ``name`` verbessert (0, wenn keine
    Wiederholung möglich ist)."""
    p = offene_probe(zustand, name, art)
    danach = probe_wiederholen_vorschau(zustand, name, art)
    if p is None or danach is None:
        return 0.0
    jetzt = probe_ausgang(p.art, Probe.aus_dict(p.daten["probe"]), zustand.optionen)
    return 1.0 - danach[WIEDERHOLEN_TEXTE[p.art][jetzt]]
