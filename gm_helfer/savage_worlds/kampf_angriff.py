"""Savage-Worlds-Kampf: Angriffe und Schaden (Angriff, Schaden, Wegstecken, Außer Gefecht, Ausbluten, Heilen,
Erholung, Bennies, Sprinten).

Teil von :mod:`gm_helfer.savage_worlds.kampf`; Regeln: ``regeln/savage_worlds.txt`` › Angriffe, Schaden,
Schadenswirkung, Schaden wegstecken.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.aktionen import (
    bewegungsweite,
    mehrfachaktion_abzug,
)
from gm_helfer.savage_worlds.daten import (
    BELEUCHTUNG,
    DECKUNG,
    JOKER_BONUS,
    REICHWEITE,
    Waffe,
)
from gm_helfer.savage_worlds.kampf_zustand import (
    Kaempfer,
    KampfFehler,
    Kampfzustand,
    OffenerSchaden,
    R,
    Treffer,
    _aktion_aenderungen,
    _aktion_eintragen,
    _ausser_gefecht_zuerst,
    _darf_handeln,
    _ersetze,
    _joker_bonus_von,
    _nichts_offen,
    _ohne_text,
    _wurf_aus,
    _wurf_daten,
    _ziele_je_wuerfel,
    aktionen_zahl,
    angesagte_aktionen,
    ueberzahl,
    wegstecken_offen,
)
from gm_helfer.savage_worlds.proben import (
    Probe,
    bewerten,
    wuerfle_probe,
)
from gm_helfer.savage_worlds.schaden import (
    AG_STUFEN,
    MAX_WUNDEN,
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    erholung_auswerten,
    schaden_auswerten,
    schadensausdruck,
    verletzung,
    wegstecken_auswerten,
    wunden_auswerten,
)
from gm_helfer.schnell import ersetzen as replace
from gm_helfer.schnell import gemerkt, je_objekt, merken
from gm_helfer.text import vorzeichen


@dataclass(frozen=True)
class Angriffssituation:
    """Was die Lage am Tisch zum Angriff beiträgt (Abschnitte Angriffe, Fernkampfangriffe,
    Bewegung, Mehrfachaktionen)."""

    reichweite: str = "kurz"
    beleuchtung: str = "hell"
    deckung: str = "keine"
    ziel_geduckt: bool = False
    ziel_liegt: bool = False
    blind: bool = False
    """Blindes Feuer: −4; trifft der Angriff, darf das Ziel eine Heimlichkeitsprobe ablegen."""
    aktionen: int | None = None
    """Zahl der Aktionen dieser Runde (Mehrfachaktionsabzug −2 je zusätzlicher). ``None``: aus dem,
    was der Angreifer in dieser Runde tut (:func:`aktionen_zahl`) – nur die erste Aktion einer Runde
    braucht eine Ansage, wenn mehr als eine folgen soll."""
    blitzhieb: bool = False
    sonstiges: int = 0

    def als_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)

    @classmethod
    def aus_werten(cls, werte: Mapping[str, Any]) -> Angriffssituation:
        """Aus den Werten der Bedienelemente (Zahlen dürfen als float kommen)."""
        return cls(**{n: int(v) if isinstance(v, float) else v for n, v in werte.items()})


def angriffs_modifikatoren(
    zustand: Kampfzustand, angreifer: str, ziel: str, waffe: str, situation: Angriffssituation = Angriffssituation()
) -> tuple[tuple[str, int], ...]:
    """Alle Modifikatoren eines Angriffs, je mit Namen (für die Anzeige), ohne Nullen."""
    a = zustand.kaempfer_namens(angreifer)
    return _modifikatoren(zustand, a, a.waffe(waffe), angreifer, ziel, situation)


def _modifikatoren(
    zustand: Kampfzustand, a: Kaempfer, w: Waffe, angreifer: str, ziel: str, situation: Angriffssituation,
    ziel_geprueft: bool = False,
) -> tuple[tuple[str, int], ...]:
    """:func:`angriffs_modifikatoren` mit Angreifer ``a`` und Waffe ``w`` schon nachgeschlagen
    (``ziel_geprueft``: ``ziel`` kämpft mit – ohne Nahkampf-Markierungen dann keine Überzahl ohne Nachschlagen)."""
    fern = w.art != "Nahkampf"
    lage = _lage_modifikatoren(situation)
    wunden, joker = a.wundabzug, _joker_bonus_von(zustand, a)
    aktionen = aktionen_zahl(zustand, angreifer, situation.aktionen)
    if aktionen < 1:
        raise KampfFehler("Mindestens eine Aktion.")
    ueber = 0 if fern or (ziel_geprueft and not zustand.nahkampf) else ueberzahl(zustand, angreifer, ziel)
    if situation.blitzhieb:
        if "blitzhieb" not in a.talente:
            raise KampfFehler(f"{angreifer} hat das Talent Blitzhieb nicht.")
        if fern:
            raise KampfFehler("Blitzhieb gilt nur für Nahkampfangriffe.")
    # Das Ergebnis hängt nur von diesen Zahlen und der Lage ab: je Lage gemerkt (jeder Angriff fragt)
    je_werte = lage["je_werte"]
    schluessel = (wunden, joker, aktionen, fern, ueber)
    mods = je_werte.get(schluessel)
    if mods is None:
        mods = _modifikatoren_bauen(lage, situation, wunden, joker, aktionen, fern, ueber)
        if len(je_werte) >= 256:
            je_werte.clear()
        je_werte[schluessel] = mods
    return mods


def _modifikatoren_bauen(
    lage: dict[str, Any], situation: Angriffssituation, wunden: int, joker: int, aktionen: int, fern: bool, ueber: int
) -> tuple[tuple[str, int], ...]:
    mods: list[tuple[str, int]] = [("Wunden", wunden), ("Joker", joker), ("Mehrfachaktionen", mehrfachaktion_abzug(aktionen))]
    mods.append(lage["beleuchtung"])
    if fern:
        mods.extend(lage["fern"])
    else:
        mods.append(lage["nah"])
        mods.append(("Überzahl", ueber))
    if situation.blitzhieb:
        mods.append(("Blitzhieb", -2))
    mods.append(("Sonstiges", situation.sonstiges))
    return tuple([m for m in mods if m[1]])


@je_objekt
def _lage_modifikatoren(situation: Angriffssituation) -> dict[str, Any]:
    """Was die Lage allein beiträgt (Beleuchtung; Fernkampf: Reichweite, Deckung, geduckt, blindes
    Feuer; Nahkampf: Deckung), geprüft und einmal je Lage gerechnet (die Simulation greift immer in
    derselben Lage an)."""
    for feld, tabelle in (("reichweite", REICHWEITE), ("beleuchtung", BELEUCHTUNG), ("deckung", DECKUNG)):
        if getattr(situation, feld) not in tabelle:
            raise KampfFehler(f"Unbekannte {feld.capitalize()} „{getattr(situation, feld)}“ – möglich: {', '.join(tabelle)}.")
    deckung = DECKUNG[situation.deckung]
    if situation.ziel_liegt:
        deckung = min(deckung, DECKUNG["mittel"])
    return {
        "beleuchtung": ("Beleuchtung", BELEUCHTUNG[situation.beleuchtung]),
        "fern": (
            ("Reichweite", REICHWEITE[situation.reichweite]),
            ("Deckung" + (" (liegt)" if situation.ziel_liegt else ""), deckung),
            ("Ziel geduckt", -1 if situation.ziel_geduckt else 0),
            ("Blindes Feuer", -4 if situation.blind else 0),
        ),
        "nah": ("Deckung", DECKUNG[situation.deckung]),
        "je_werte": {},  # (Wunden, Joker, Aktionen, fern, Überzahl) → Modifikatoren (_modifikatoren)
    }


_ANGRIFFSFERTIGKEIT = {"Nahkampf": "kaempfen", "Fernkampf": "schiessen", "Wurf": "werfen"}


def angriffs_werte(
    zustand: Kampfzustand, angreifer: str, ziel: str, waffe: str, situation: Angriffssituation = Angriffssituation()
) -> dict[str, Any]:
    """Fertigkeit, Zahl der Würfel, Modifikator und Mindestwurf eines Angriffs.

    Nahkampf gegen die Parade des Ziels, Fern- und Wurfangriffe gegen MW 4.
    """
    a = zustand.kaempfer_namens(angreifer)
    fertigkeit, anzahl, mods, mindestwurf = _angriffs_werte(zustand, a, angreifer, ziel, waffe, situation)
    return {
        "fertigkeit": fertigkeit,
        "eigenschaft": a.fertigkeit(fertigkeit),
        "anzahl": anzahl,
        "modifikator": sum([v for _, v in mods]),
        "modifikatoren": mods,
        "mindestwurf": mindestwurf,
        "wildcard": a.wildcard,
    }


def _angriffs_werte(
    zustand: Kampfzustand, a: Kaempfer, angreifer: str, ziel: str, waffe: str, situation: Angriffssituation
) -> tuple[str, int, tuple[tuple[str, int], ...], int]:
    """:func:`angriffs_werte` mit dem schon nachgeschlagenen Angreifer ``a``, als Tupel (Fertigkeit,
    Zahl der Würfel, Modifikatoren, Mindestwurf) statt eines dict – jeder Angriff rechnet sie."""
    z = zustand.kaempfer_namens(ziel)
    w = a.waffe(waffe)
    art = w.art
    anzahl = 2 if situation.blitzhieb else (w.feuerrate if art == "Fernkampf" else 1)
    mods = _modifikatoren(zustand, a, w, angreifer, ziel, situation, ziel_geprueft=True)
    return _ANGRIFFSFERTIGKEIT[art], anzahl, mods, z.parade if art == "Nahkampf" else 4


def _ergebnisse_je_ziel(
    z: Kampfzustand, angreifer: str, waffe: str, probe: Probe, ziele: Sequence[str]
) -> list[tuple[Any, str]]:
    """(Ergebnis, Ziel) je Würfel, bestes Ergebnis zuerst. Im Nahkampf (Blitzhieb auf zwei Gegner)
    wird jeder Würfel gegen die Parade seines Ziels bewertet (gleiche Modifikatoren)."""
    return _ergebnisse_mit(z, z.kaempfer_namens(angreifer), waffe, probe, ziele)


def _ergebnisse_mit(z: Kampfzustand, a: Kaempfer, waffe: str, probe: Probe, ziele: Sequence[str]) -> list[tuple[Any, str]]:
    """:func:`_ergebnisse_je_ziel` mit dem schon nachgeschlagenen Angreifer ``a``."""
    verteilt = a.waffe(waffe).art == "Nahkampf" and len(ziele) > 1 and len(set(ziele)) > 1
    aus = []
    for e_, n in zip(probe.ergebnisse, ziele):
        if verteilt:
            e_ = bewerten(e_.gesamt, z.kaempfer_namens(n).parade, kritisch=e_.kritischer_fehlschlag)
        aus.append((e_, n))
    return aus


_REGEL_NAH = R + "Angriffe › Nahkampfangriffe"


_REGEL_FERN = R + "Angriffe › Fernkampfangriffe"


def ereignis_angriff(
    zustand: Kampfzustand, angreifer: str, ziel: str, waffe: str,
    situation: Angriffssituation = Angriffssituation(), *, rng: Any = None, augen: Any = None,
    ziele: Sequence[str] | None = None, text: bool = True,
) -> Ereignis:
    """Ein Angriff: Kämpfen gegen Parade oder Schießen/Werfen gegen 4, mit allen Modifikatoren.
    Feuerrate und Blitzhieb werfen mehrere Würfel mit nur einem Wildcard-Würfel.

    ``ziele``: Feuerrate (oder Blitzhieb) auf mehrere Ziele – ein Name je Würfel in der
    Reihenfolge des Angreifers; das beste Ergebnis gilt dem ersten. Ohne ``ziele`` gehen alle
    Würfel auf ``ziel``. Die Modifikatoren der Lage gelten für alle Würfel. ``text=False``: ohne
    Protokolltext (Simulation)."""
    a = zustand.kaempfer_namens(angreifer)
    fertigkeit, anzahl, modifikatoren, mindestwurf = _angriffs_werte(zustand, a, angreifer, ziel, waffe, situation)
    verteilung = _ziele_je_wuerfel(zustand, angreifer, list(ziele) if ziele else [ziel], anzahl, bekannt=ziel)
    probe = wuerfle_probe(a.fertigkeit(fertigkeit), wildcard=a.wildcard, modifikator=sum([v for _, v in modifikatoren]),
                          mindestwurf=mindestwurf, anzahl=anzahl, rng=rng, augen=augen,
                          kritisch_alle=zustand.optionen.kritischer_fehlschlag_alle_wuerfel)
    daten = {"angreifer": angreifer, "ziel": verteilung[0], "waffe": waffe, "situation": situation.als_dict(),
             "probe": probe.als_dict()}
    if len(verteilung) > 1 and len(set(verteilung)) > 1:
        daten["ziele"] = verteilung
    # beim Anwenden auf denselben Zustand gelten Verteilung, Lage und Probe, ohne sie erneut zu lesen und zu prüfen
    merken(daten, (zustand, tuple(verteilung), situation, probe))
    regel = _REGEL_NAH if fertigkeit == "kaempfen" else _REGEL_FERN
    if not text:
        return _ohne_text("angriff", daten, regel, augen is not None)
    treffer = [e for e in probe.ergebnisse if e.erfolg]
    mods = ", ".join(f"{n} {vorzeichen(v)}" for n, v in modifikatoren) or "keine Modifikatoren"
    if len(set(verteilung)) > 1:
        ausgang = "; ".join(f"{n}: {e.ergebnis}" for e, n in _ergebnisse_je_ziel(zustand, angreifer, waffe, probe, verteilung))
    elif treffer:
        ausgang = f"{len(treffer)} Treffer" if len(treffer) > 1 else "Treffer"
        if any(e.steigerungen for e in treffer):
            ausgang += " mit Steigerung (+W6 Schaden)"
    else:
        ausgang = "kein Treffer"
    return Ereignis(
        "angriff", daten, regel=regel, eingetippt=augen is not None,
        text=f"{angreifer} greift {' und '.join(dict.fromkeys(verteilung))} mit {waffe} an ({mods}): "
             f"{probe.beschreibung()} – {ausgang}",
    )


def _angriff_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    d = e.daten
    a = z.kaempfer_namens(d["angreifer"])
    waffe = d["waffe"]
    vertraut = gemerkt(d)
    if vertraut is not None and vertraut[0] is z:  # eben von ereignis_angriff aus diesem Zustand gebaut
        _, ziele, situation, probe = vertraut
    else:
        z.kaempfer_namens(d["ziel"])
        probe = Probe.aus_dict(d["probe"])
        ziele = _ziele_je_wuerfel(z, d["angreifer"], d.get("ziele") or [d["ziel"]], probe.anzahl)
        situation = Angriffssituation(**d.get("situation", {}))
    for n in ziele if len(ziele) == 1 else dict.fromkeys(ziele):
        k = z.kaempfer_namens(n)
        if not k.kampffaehig and not k.wildcard:
            raise KampfFehler(f"{n} ist schon aus dem Spiel.")
    _nichts_offen(z, "der nächste Angriff", treffer=False)
    aenderungen = _aktion_aenderungen(z, a.name, f"angriff:{waffe}", situation.aktionen, f"Angriff mit {waffe}", a)
    nummer = z.angriffe + 1
    neue = [
        Treffer(a.name, n, waffe, e_.steigerungen > 0, _joker_bonus_von(z, a) > 0, blind=situation.blind, angriff=nummer)
        for e_, n in _ergebnisse_mit(z, a, waffe, probe, ziele)
        if e_.erfolg
    ]
    letzter = (("daten", dict(d)), ("nummer", nummer), ("treffer", len(neue)))
    return replace(z, offene_treffer=z.offene_treffer + tuple(neue), offener_schaden=None, angriffe=nummer,
                   letzter_angriff=letzter, **aenderungen)


def ereignis_heimlichkeit(
    zustand: Kampfzustand, ziel: str | None = None, *, feuerrate: int | None = None, rng: Any = None, augen: Any = None
) -> Ereignis:
    """Blindes Feuer: „Sollte er treffen, darf das Ziel eine einfache Heimlichkeitsprobe ablegen, um
    den Angriff zu ignorieren (er geht schlicht daneben).“ – einmal je Angriff und Ziel; gelingt
    sie, fallen alle Treffer dieses Angriffs auf dieses Ziel weg (−2 bei Feuerrate 3 oder mehr).
    Mit ``Optionen.heimlichkeit_je_treffer``: eine Probe je Treffer.
    Ohne ``ziel``/``feuerrate``: Ziel und Waffe des nächsten offenen Treffers."""
    offen = _heimlichkeit_treffer(zustand, ziel)
    ziel = offen[0].ziel
    if feuerrate is None:
        feuerrate = zustand.kaempfer_namens(offen[0].angreifer).waffe(offen[0].waffe).feuerrate
    k = zustand.kaempfer_namens(ziel)
    mod = k.wundabzug + zustand.joker_bonus(ziel) + (-2 if feuerrate >= 3 else 0)
    probe = wuerfle_probe(k.fertigkeit("heimlichkeit"), wildcard=k.wildcard, modifikator=mod, rng=rng, augen=augen)
    ausgang = "der Schuss geht daneben" if probe.ergebnis.erfolg else "der Treffer bleibt"
    return Ereignis("heimlichkeit", {"ziel": ziel, "angriff": offen[0].angriff, "probe": probe.als_dict()},
                    regel=R + "Fernkampfangriffe › Blindes Feuer",
                    eingetippt=augen is not None,
                    text=f"{ziel} Heimlichkeit gegen blindes Feuer: {probe.beschreibung()} – {ausgang}")


def _heimlichkeit_treffer(z: Kampfzustand, ziel: str | None, angriff: int | None = None) -> list[Treffer]:
    """Die offenen Treffer eines blinden Angriffs auf ``ziel``, gegen die noch keine
    Heimlichkeitsprobe gewürfelt ist (deutsche Meldung sonst)."""
    offen = [t for t in z.offene_treffer if (ziel is None or t.ziel == ziel) and (angriff is None or t.angriff == angriff)]
    if not offen:
        raise KampfFehler("Es ist kein Treffer offen, dem das Ziel ausweichen könnte.")
    blind = [t for t in offen if t.blind]
    if not blind:
        raise KampfFehler(f"Der Treffer auf {offen[0].ziel} kam nicht aus blindem Feuer – keine Heimlichkeitsprobe.")
    frei = [t for t in blind if not t.heimlichkeit]
    if not frei:
        je = "Treffer" if z.optionen.heimlichkeit_je_treffer else "Angriff"
        raise KampfFehler(f"{blind[0].ziel} hat gegen diesen {je} schon eine Heimlichkeitsprobe abgelegt – eine je {je}.")
    return frei


def _heimlichkeit_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    t = _heimlichkeit_treffer(z, e.daten["ziel"], e.daten.get("angriff"))[0]
    # „… um den Angriff zu ignorieren (er geht schlicht daneben)“: alle Treffer dieses Angriffs auf
    # dieses Ziel – mit der Option nur dieser eine Treffer.
    if z.optionen.heimlichkeit_je_treffer:
        betroffen = [z.offene_treffer.index(t)]
    else:
        betroffen = [i for i, x in enumerate(z.offene_treffer) if x.angriff == t.angriff and x.ziel == t.ziel and x.blind]
    erfolg = Probe.aus_dict(e.daten["probe"]).ergebnis.erfolg
    neu = [
        None if i in betroffen and erfolg else replace(x, heimlichkeit=True) if i in betroffen else x
        for i, x in enumerate(z.offene_treffer)
    ]
    return replace(z, offene_treffer=tuple(x for x in neu if x is not None))


def schadens_werte(zustand: Kampfzustand, treffer: Treffer) -> dict[str, Any]:
    """Der Schadensausdruck eines offenen Treffers (Stärke + Waffe oder fester Schaden, +W6
    bei Steigerung, +2 mit Joker) und die Robustheit des Ziels."""
    a = zustand.kaempfer_namens(treffer.angreifer)
    w = a.waffe(treffer.waffe)
    ausdruck = schadensausdruck(w.schaden, a.attribut("staerke"), bonus_w6=treffer.steigerung,
                                modifikator=JOKER_BONUS if treffer.joker else 0)
    ziel = zustand.kaempfer_namens(treffer.ziel)
    return {"ausdruck": ausdruck, "robustheit": ziel.robustheit, "angeschlagen": ziel.angeschlagen}


def ereignis_schaden(
    zustand: Kampfzustand, ziel: str | None = None, *, nummer: int | None = None, rng: Any = None, augen: Any = None,
    text: bool = True,
) -> Ereignis:
    """Würfelt den Schaden des nächsten offenen Treffers (auf ``ziel``), oder des Treffers
    ``nummer`` (0 = erster in ``zustand.offene_treffer``): „Der Angreifer kann sich entscheiden, in
    welcher Reihenfolge er den Schaden seiner Angriffe auswürfeln möchte“ (Wunden › Timing)."""
    _ausser_gefecht_zuerst(zustand)
    if nummer is not None:
        if not 0 <= nummer < len(zustand.offene_treffer):
            raise KampfFehler(f"Es gibt keinen offenen Treffer Nr. {nummer + 1}.")
        offen = [zustand.offene_treffer[nummer]]
    else:
        offen = [t for t in zustand.offene_treffer if ziel is None or t.ziel == ziel]
    if not offen:
        raise KampfFehler("Es ist kein Treffer offen – erst angreifen.")
    t = offen[0]
    werte = schadens_werte(zustand, t)
    wurf = wuerfel.wurf(werte["ausdruck"], rng=rng, augen=augen)
    daten = {"angreifer": t.angreifer, "ziel": t.ziel, "waffe": t.waffe, "steigerung": t.steigerung, "wurf": _wurf_daten(wurf)}
    merken(daten, (zustand, t))  # beim Anwenden auf denselben Zustand: dieser Treffer, ohne ihn erneut zu suchen
    if not text:
        return _ohne_text("schaden", daten, R + "Schaden › Schaden anwenden", augen is not None)
    wirkung = schaden_auswerten(wurf.gesamt, werte["robustheit"], angeschlagen=werte["angeschlagen"])
    return Ereignis(
        "schaden", daten, regel=R + "Schaden › Schaden anwenden", eingetippt=augen is not None,
        text=f"Schaden {t.angreifer} → {t.ziel}: {wurf} gegen Robustheit {werte['robustheit']} – "
             + _wirkung_text(zustand.kaempfer_namens(t.ziel), wirkung),
    )


def _wirkung_text(ziel: Kaempfer, wirkung: Any) -> str:
    """„1 Wunde – außer Gefecht“ für Statisten („Statisten sind bei der ersten Wunde aus dem
    Spiel“); bei Wildcards über drei Wunden „außer Gefecht, wenn nicht weggesteckt“."""
    if not wirkung.wunden:
        return wirkung.stufe
    if not ziel.wildcard:
        return f"{wirkung.stufe} – außer Gefecht"
    if ziel.ausser_gefecht or ziel.wunden + wirkung.wunden > MAX_WUNDEN:
        return f"{wirkung.stufe} – außer Gefecht, wenn nicht weggesteckt"
    return wirkung.stufe


def wunden_nehmen(k: Kaempfer, wunden: int, angeschlagen: bool) -> Kaempfer:
    """Wunden und Angeschlagen auf einen Kämpfer anwenden (Wunden, Außer Gefecht).

    Statisten sind bei der ersten Wunde aus dem Spiel. Wildcards haben höchstens drei Wunden;
    jede weitere setzt sie Außer Gefecht (und verlangt eine Außer-Gefecht-Probe, auch erneut,
    wenn sie schon Außer Gefecht sind).
    """
    if wunden <= 0:
        return replace(k, angeschlagen=angeschlagen or k.angeschlagen) if angeschlagen else k
    neu_wunden, aus = wunden_auswerten(k.wunden, wunden, wildcard=k.wildcard, ausser_gefecht=k.ausser_gefecht)
    probe = (not k.tot) if aus and k.wildcard else k.ag_probe_offen
    return replace(k, wunden=neu_wunden, angeschlagen=True, ausser_gefecht=aus, ag_probe_offen=probe)


def _schaden_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausser_gefecht_zuerst(z)
    _nichts_offen(z, "der nächste Schadenswurf", treffer=False)
    d = e.daten
    wurf = _wurf_aus(d["wurf"])
    vertraut = gemerkt(d)
    if vertraut is not None and vertraut[0] is z:  # eben von ereignis_schaden aus diesem Zustand gebaut
        t = vertraut[1]
    else:
        offen = [t for t in z.offene_treffer if t.ziel == d["ziel"] and t.angreifer == d["angreifer"] and t.waffe == d["waffe"]
                 and d.get("steigerung", t.steigerung) == t.steigerung]
        if not offen:
            raise KampfFehler(f"Kein offener Treffer von {d['angreifer']} auf {d['ziel']}.")
        t = offen[0]
        werte = schadens_werte(z, t)
        if str(wurf.ausdruck) != str(wuerfel.parse(werte["ausdruck"])):
            raise KampfFehler(f"Der Schadenswurf {wurf.ausdruck} passt nicht zu {werte['ausdruck']}.")
    ziel = z.kaempfer_namens(t.ziel)
    wirkung = schaden_auswerten(wurf.gesamt, ziel.robustheit, angeschlagen=ziel.angeschlagen)
    neu = wunden_nehmen(ziel, wirkung.wunden, wirkung.angeschlagen)
    rest = list(z.offene_treffer)
    rest.remove(t)
    # Ein Abwartender, der jetzt Angeschlagen ist, ist nach dieser Aktion sofort dran (erholung_sofort).
    return _ersetze(z, neu, offene_treffer=tuple(rest),
                    offener_schaden=OffenerSchaden(ziel.name, wirkung.wunden, ziel, angriff=t.angriff))


def ereignis_manoever(zustand: Kampfzustand, ziel: str, *, grund: str = "Trick") -> Ereignis:
    """Angeschlagen durch ein Manöver (Trick, Geistiges Duell): „Allerdings können nur physische
    Angriffe auf diese Weise Wunden verursachen, nicht jedoch Geistige Duelle oder andere
    Manöver.“ – wer schon Angeschlagen ist, erleidet dadurch keine Wunde."""
    k = zustand.kaempfer_namens(ziel)
    if not k.kampffaehig:
        raise KampfFehler(f"{ziel} ist schon außer Gefecht.")
    folge = "bleibt Angeschlagen (ein Manöver verursacht keine Wunde)" if k.angeschlagen else "ist Angeschlagen"
    return Ereignis("manoever", {"ziel": ziel, "grund": grund}, regel=R + "Schaden › Schaden anwenden",
                    text=f"{grund}: {ziel} {folge}")


def _manoever_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = z.kaempfer_namens(e.daten["ziel"])
    if not k.kampffaehig:
        raise KampfFehler(f"{k.name} ist schon außer Gefecht.")
    return _ersetze(z, replace(k, angeschlagen=True))


def _benny_ausgeben(z: Kampfzustand, name: str, quelle: str) -> Kampfzustand:
    k, aenderungen = _benny_abziehen(z, name, quelle)
    return replace(z, **aenderungen) if k is None else _ersetze(z, k, **aenderungen)


def _benny_abziehen(z: Kampfzustand, name: str, quelle: str) -> tuple[Kaempfer | None, dict[str, Any]]:
    """Ein Benny von ``name`` (``quelle`` „eigen“) oder vom Spielleiter: der Kämpfer danach (``None``,
    wenn der Spielleiter zahlt) und die übrigen Änderungen des Zustands – deutsche Meldung, wenn es
    nicht geht."""
    k = z.kaempfer_namens(name)
    if quelle == "spielleiter":
        if k.seite == "Helden":
            raise KampfFehler("Bennies des Spielleiters sind für seine Wildcards, nicht für die Helden.")
        if z.spielleiter_bennies < 1:
            raise KampfFehler("Der Spielleiter hat keine Bennies mehr.")
        return None, {"spielleiter_bennies": z.spielleiter_bennies - 1}
    if quelle != "eigen":
        raise KampfFehler(f"Unbekannte Benny-Quelle „{quelle}“ (eigen oder spielleiter).")
    if k.bennies < 1:
        raise KampfFehler(f"{name} hat keine Bennies mehr.")
    return replace(k, bennies=k.bennies - 1), {}


def ereignis_wegstecken(
    zustand: Kampfzustand, name: str, *, quelle: str = "eigen", rng: Any = None, augen: Any = None, text: bool = True,
) -> Ereignis:
    """Schaden wegstecken: ein Benny, eine Konstitutionsprobe mit den Wundabzügen nur der
    früheren Wunden; ein zweiter Aufruf für denselben Angriff wiederholt die Probe. ``text=False``:
    ohne Protokolltext (Simulation)."""
    os_ = _wegstecken_pruefen(zustand, name)
    vorher = os_.vorher
    probe = wuerfle_probe(vorher.attribut("konstitution"), wildcard=True,
                          modifikator=vorher.wundabzug + zustand.joker_bonus(name), rng=rng, augen=augen)
    if not text:
        return _ohne_text("wegstecken", {"name": name, "quelle": quelle, "probe": probe.als_dict()},
                          R + "Schaden wegstecken", augen is not None)
    weg = wegstecken_auswerten(probe.ergebnis)
    art = "wiederholt das Wegstecken" if os_.versuche else "steckt Schaden weg"
    return Ereignis("wegstecken", {"name": name, "quelle": quelle, "probe": probe.als_dict()},
                    regel=R + "Schaden wegstecken", eingetippt=augen is not None,
                    text=f"{name} {art} (Benny): {probe.beschreibung()} – {os_.weg_text(weg)}")



def _wegstecken_pruefen(z: Kampfzustand, name: str) -> OffenerSchaden:
    """Schaden wegstecken: nur die Wunden des letzten Schadenswurfs, nur Wildcards. „Ein Charakter
    kann nur einmal pro Angriff Schaden wegstecken“ – Standard: einmal je Schadenswurf (das
    Wiederholen derselben Probe geht); mit ``Optionen.wegstecken_einmal_je_angriff`` einmal je
    Angriff, auch wenn eine Feuerrate oder ein Blitzhieb mehrere Treffer landet."""
    os_ = z.offener_schaden
    if os_ is None or os_.ziel != name or os_.wunden == 0:
        raise KampfFehler(f"{name} hat gerade keine Wunden aus dem letzten Angriff, die sich wegstecken ließen.")
    if not os_.vorher.wildcard:
        raise KampfFehler("Nur Wildcards haben Bennies zum Wegstecken.")
    if z.optionen.wegstecken_einmal_je_angriff and not os_.versuche and (os_.angriff, name) in z.weggesteckt_gegen:
        raise KampfFehler(
            f"{name} hat gegen diesen Angriff schon Schaden weggesteckt – „Ein Charakter kann nur einmal pro Angriff "
            "Schaden wegstecken“ (Hausregel: einmal je Angriff, auch bei Feuerrate)."
        )
    return os_


def kann_wegstecken(z: Kampfzustand, name: str) -> bool:
    """Ob ``name`` die Wunden des letzten Schadenswurfs jetzt wegstecken dürfte (ohne auf Bennies
    zu schauen)."""
    try:
        _wegstecken_pruefen(z, name)
    except KampfFehler:
        return False
    return True


def _wegstecken_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    name = e.daten["name"]
    os_ = _wegstecken_pruefen(z, name)
    bezahlt, aenderungen = _benny_abziehen(z, name, e.daten["quelle"])
    weg = max(os_.weggesteckt, wegstecken_auswerten(Probe.aus_dict(e.daten["probe"]).ergebnis))
    bleiben = max(0, os_.wunden - weg)
    vorher = replace(os_.vorher, bennies=(bezahlt or z.kaempfer_namens(name)).bennies)
    if bleiben:
        neu = wunden_nehmen(vorher, bleiben, True)
    elif z.optionen.wegstecken_beendet_angeschlagen:
        neu = replace(vorher, angeschlagen=False)
    else:
        neu = vorher
    # ein neuer Zustand: Wegstecken gegen diesen Angriff vermerkt, Benny bezahlt, Wunden danach
    return _ersetze(z, neu, weggesteckt_gegen=z.weggesteckt_gegen | {(os_.angriff, name)},
                    offener_schaden=replace(os_, weggesteckt=weg, versuche=os_.versuche + 1), **aenderungen)


def ereignis_ausser_gefecht(
    zustand: Kampfzustand, name: str, *, rng: Any = None, augen: Any = None, verletzung_augen: Any = None,
    text: bool = True,
) -> Ereignis:
    """Außer-Gefecht-Probe (Konstitution mit Wundabzügen) und Wurf auf der Verletzungstabelle.
    ``text=False``: ohne Protokolltext (Simulation)."""
    k = zustand.kaempfer_namens(name)
    if not k.ag_probe_offen:
        raise KampfFehler(f"Für {name} steht keine Außer-Gefecht-Probe an.")
    if augen is not None and verletzung_augen is None:
        raise TypeError("Für die Verletzungstabelle fehlen die eingetippten Augen (2W6 und W6).")
    probe = wuerfle_probe(k.attribut("konstitution"), wildcard=True, modifikator=k.wundabzug + zustand.joker_bonus(name),
                          rng=rng, augen=augen)
    vw = wuerfel.wurf("2W6+W6", rng=rng, augen=verletzung_augen)
    if not text:
        return _ohne_text("ausser_gefecht", {"name": name, "probe": probe.als_dict(), "verletzung": _wurf_daten(vw)},
                          R + "Schadenswirkung › Außer Gefecht", augen is not None)
    ausgang = ausser_gefecht_auswerten(probe.ergebnis)
    v = verletzung(vw.wuerfe[0].summe + vw.wuerfe[1].summe, vw.wuerfe[2].summe)
    worte = {"tod": "stirbt", "fehlschlag": f"{v.name}, bleibend – blutet aus", "erfolg": f"{v.name}, bis die Wunden heilen",
             "steigerung": f"{v.name}, für 24 Stunden"}
    return Ereignis("ausser_gefecht", {"name": name, "probe": probe.als_dict(), "verletzung": _wurf_daten(vw)},
                    regel=R + "Schadenswirkung › Außer Gefecht", eingetippt=augen is not None,
                    text=f"{name} ist Außer Gefecht: {probe.beschreibung()} – {worte[ausgang]}")


def _ausser_gefecht_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = z.kaempfer_namens(e.daten["name"])
    if not k.ag_probe_offen:
        raise KampfFehler(f"Für {k.name} steht keine Außer-Gefecht-Probe an.")
    if wegstecken_offen(z) == k.name:
        raise KampfFehler(
            f"Erst entscheidet {k.name}, ob er den Schaden wegsteckt (Benny) oder verzichtet, dann die "
            "Außer-Gefecht-Probe – das Wegstecken kommt vor den Folgen des Schadens."
        )
    ausgang = ausser_gefecht_auswerten(Probe.aus_dict(e.daten["probe"]).ergebnis)
    schlimmer = max(AG_STUFEN.index(ausgang), AG_STUFEN.index(k.ag_ergebnis) if k.ag_ergebnis else 0)
    neu_ergebnis = AG_STUFEN[schlimmer]
    vw = _wurf_aus(e.daten["verletzung"])
    v = verletzung(vw.wuerfe[0].summe + vw.wuerfe[1].summe, vw.wuerfe[2].summe)
    dauer = {"tod": "", "fehlschlag": "bleibend", "erfolg": "bis die Wunden heilen", "steigerung": "24 Stunden"}[ausgang]
    verletzungen = k.verletzungen if ausgang == "tod" else k.verletzungen + (f"{v.name} ({dauer})",)
    neu = replace(
        k, ag_probe_offen=False, ag_ergebnis=neu_ergebnis, tot=k.tot or ausgang == "tod",
        blutet=(k.blutet or ausgang == "fehlschlag") and ausgang != "tod", verletzungen=verletzungen,
    )
    return _ersetze(z, neu, offener_schaden=None)


def ereignis_ausbluten(zustand: Kampfzustand, name: str, *, rng: Any = None, augen: Any = None, text: bool = True) -> Ereignis:
    """Ausbluten: zu Beginn der Runde, vor den Karten, eine Konstitutionsprobe (mit Wundabzügen).
    ``text=False``: ohne Protokolltext (Simulation)."""
    k = _ausbluten_pruefen(zustand, name)
    probe = wuerfle_probe(k.attribut("konstitution"), wildcard=True, modifikator=k.wundabzug, rng=rng, augen=augen)
    if not text:
        return _ohne_text("ausbluten", {"name": name, "probe": probe.als_dict()}, R + "Außer Gefecht › Ausbluten",
                          augen is not None)
    worte = {"tod": "stirbt am Blutverlust", "weiter": "blutet weiter (nächste Runde erneut)", "stabil": "ist stabil"}
    return Ereignis("ausbluten", {"name": name, "probe": probe.als_dict()}, regel=R + "Außer Gefecht › Ausbluten",
                    eingetippt=augen is not None,
                    text=f"{name} blutet aus: {probe.beschreibung()} – {worte[ausbluten_auswerten(probe.ergebnis)]}")


def _ausbluten_pruefen(z: Kampfzustand, name: str) -> Kaempfer:
    """Ausbluten: „am Anfang jeder weiteren Runde, noch bevor Aktionskarten ausgeteilt werden“ –
    genau eine Probe je Runde, erst in der Runde nach der, in der die Blutung begann."""
    k = z.kaempfer_namens(name)
    if not k.blutet or k.tot:
        raise KampfFehler(f"{name} blutet nicht.")
    if name in z.ausbluten_gewuerfelt:
        raise KampfFehler(f"{name} hat die Ausbluten-Probe dieser Runde schon abgelegt – eine Probe am Anfang jeder Runde.")
    if name not in z.ausbluten_offen:
        raise KampfFehler(
            f"{name} muss in dieser Runde keine Ausbluten-Probe ablegen – sie kommt „am Anfang jeder weiteren Runde, noch "
            "bevor Aktionskarten ausgeteilt werden“ (also zu Beginn der nächsten Runde)."
        )
    return k


def _ausbluten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = _ausbluten_pruefen(z, e.daten["name"])
    zeitpunkt = {"ausbluten_offen": z.ausbluten_offen - {k.name}, "ausbluten_gewuerfelt": z.ausbluten_gewuerfelt | {k.name}}
    ausgang = ausbluten_auswerten(Probe.aus_dict(e.daten["probe"]).ergebnis)
    if ausgang == "tod":
        return _ersetze(z, replace(k, tot=True, blutet=False), **zeitpunkt)
    if ausgang == "stabil":
        return _ersetze(z, replace(k, blutet=False), **zeitpunkt)
    return replace(z, **zeitpunkt)


def ereignis_heilen(
    zustand: Kampfzustand, helfer: str, ziel: str, *, aktionen: int | None = None, als_aktion: bool = True,
    rng: Any = None, augen: Any = None,
) -> Ereignis:
    """Blutung stoppen: „Andere Charaktere können als Aktion die Blutung mit einer einfachen
    Heilenprobe … stoppen“ – eine Aktion des Helfers in seinem Zug (mit seinem Wund- und
    Mehrfachaktionsabzug), ohne die Wundabzüge des Opfers. ``als_aktion=False``: außerhalb der
    Kampfrunden (niemand ist an der Reihe, z. B. nach dem Kampf) – dann ohne Zug und ohne Abzug."""
    h = zustand.kaempfer_namens(helfer)
    if helfer == ziel:
        raise KampfFehler("Die Blutung stoppen können nur andere Charaktere.")
    if als_aktion:
        _darf_handeln(zustand, helfer)
    elif zustand.am_zug:
        raise KampfFehler(f"Im Kampf ist Heilen eine Aktion im eigenen Zug (gerade ist {zustand.am_zug} an der Reihe).")
    if not h.kampffaehig:
        raise KampfFehler(f"{helfer} ist außer Gefecht und kann niemanden versorgen.")
    n = (angesagte_aktionen(zustand, helfer) or aktionen or 1) if als_aktion else 1
    mod = h.wundabzug + zustand.joker_bonus(helfer) + mehrfachaktion_abzug(n)
    probe = wuerfle_probe(h.fertigkeit("heilen"), wildcard=h.wildcard, modifikator=mod, rng=rng, augen=augen)
    ausgang = "die Blutung ist gestoppt" if probe.ergebnis.erfolg else "die Blutung geht weiter"
    return Ereignis("heilen", {"helfer": helfer, "ziel": ziel, "probe": probe.als_dict(), "aktionen": aktionen,
                               "als_aktion": als_aktion}, regel=R + "Außer Gefecht › Ausbluten",
                    eingetippt=augen is not None, text=f"{helfer} versorgt {ziel}: {probe.beschreibung()} – {ausgang}")


def _heilen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = z.kaempfer_namens(e.daten["ziel"])
    if not k.blutet:
        raise KampfFehler(f"{k.name} blutet nicht.")
    if e.daten.get("als_aktion", True):
        z = _aktion_eintragen(z, e.daten["helfer"], "heilen", e.daten.get("aktionen"), "Heilen")
    elif z.am_zug:
        raise KampfFehler(f"Im Kampf ist Heilen eine Aktion im eigenen Zug (gerade ist {z.am_zug} an der Reihe).")
    if Probe.aus_dict(e.daten["probe"]).ergebnis.erfolg:
        return _ersetze(z, replace(k, blutet=False))
    return z


def ereignis_erholung(zustand: Kampfzustand, name: str, *, rng: Any = None, augen: Any = None, text: bool = True) -> Ereignis:
    """Erholungsprobe: Willenskraft gegen MW 4 (mit Wundabzügen), wenn ein Angeschlagener an der
    Reihe ist. ``text=False``: ohne Protokolltext (Simulation)."""
    k = zustand.kaempfer_namens(name)
    if not k.angeschlagen:
        raise KampfFehler(f"{name} ist nicht Angeschlagen.")
    probe = wuerfle_probe(k.attribut("willenskraft"), wildcard=k.wildcard, modifikator=k.wundabzug + zustand.joker_bonus(name),
                          rng=rng, augen=augen)
    if not text:
        return _ohne_text("erholung", {"name": name, "probe": probe.als_dict()}, R + "Schadenswirkung › Angeschlagen",
                          augen is not None)
    e = probe.ergebnis
    ausgang = ("erholt sich und handelt normal" if e.steigerungen or (e.erfolg and zustand.optionen.erholung_erfolg_handelt)
               else "erholt sich, nur freie Aktionen" if e.erfolg else "bleibt Angeschlagen, nur freie Aktionen")
    return Ereignis("erholung", {"name": name, "probe": probe.als_dict()}, regel=R + "Schadenswirkung › Angeschlagen",
                    eingetippt=augen is not None, text=f"{name} Erholungsprobe: {probe.beschreibung()} – {ausgang}")


def _erholung_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = z.kaempfer_namens(e.daten["name"])
    if not k.angeschlagen:
        raise KampfFehler(f"{k.name} ist nicht Angeschlagen.")
    if z.empfaenger(k) != z.am_zug:
        raise KampfFehler(
            f"{k.name} legt die Erholungsprobe ab, wenn er an der Reihe ist („Wenn ein Angeschlagener Charakter an der "
            "Reihe ist, muss er eine Erholungsprobe ablegen“); jederzeit geht nur ein Benny."
        )
    if k.name in z.nur_freie_aktionen:
        raise KampfFehler(f"{k.name} hat in diesem Zug schon eine Erholungsprobe abgelegt.")
    noch_angeschlagen, handelt = erholung_auswerten(
        Probe.aus_dict(e.daten["probe"]).ergebnis, erfolg_handelt=z.optionen.erholung_erfolg_handelt
    )
    aenderungen = {
        "erholung_offen": z.erholung_offen - {k.name},
        "nur_freie_aktionen": z.nur_freie_aktionen - {k.name} if handelt else z.nur_freie_aktionen | {k.name},
    }
    if not noch_angeschlagen:
        return _ersetze(z, replace(k, angeschlagen=False), **aenderungen)
    return replace(z, **aenderungen)


def ereignis_benny(zustand: Kampfzustand, name: str, *, quelle: str = "eigen", text: bool = True) -> Ereignis:
    """Bennies ausgeben: „Ein Charakter kann jederzeit einen Bennie ausgeben, um nicht mehr
    Angeschlagen zu sein“ – ist er an der Reihe, handelt er wie nach einer Steigerung.
    ``text=False``: ohne Protokolltext (Simulation)."""
    k = zustand.kaempfer_namens(name)
    if not k.angeschlagen:
        raise KampfFehler(f"{name} ist nicht Angeschlagen.")
    if not text:
        return _ohne_text("benny", {"name": name, "quelle": quelle}, R + "Angeschlagen › Bennies ausgeben")
    return Ereignis("benny", {"name": name, "quelle": quelle}, regel=R + "Angeschlagen › Bennies ausgeben",
                    text=f"{name} gibt einen Benny aus ({'Spielleiter' if quelle == 'spielleiter' else 'eigener'}) "
                         "und ist nicht mehr Angeschlagen")


def _benny_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = z.kaempfer_namens(e.daten["name"])
    if not k.angeschlagen:
        raise KampfFehler(f"{k.name} ist nicht Angeschlagen.")
    bezahlt, aenderungen = _benny_abziehen(z, k.name, e.daten["quelle"])
    return _ersetze(z, replace(bezahlt or k, angeschlagen=False), nur_freie_aktionen=z.nur_freie_aktionen - {k.name},
                    erholung_offen=z.erholung_offen - {k.name}, **aenderungen)


def ereignis_benny_erhalten(zustand: Kampfzustand, name: str = "", anzahl: int = 1) -> Ereignis:
    """Der Spielleiter gibt einem Charakter (oder, ohne Namen, sich selbst) Bennies."""
    if name:
        zustand.kaempfer_namens(name)
    wer = name or "Spielleiter"
    return Ereignis("benny_erhalten", {"name": name, "anzahl": anzahl}, regel=R + "Bennies",
                    text=f"{wer} erhält {anzahl} Benny{'s' if anzahl != 1 else ''}")


def _benny_erhalten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    n = int(e.daten["anzahl"])
    if not e.daten["name"]:
        return replace(z, spielleiter_bennies=max(0, z.spielleiter_bennies + n))
    k = z.kaempfer_namens(e.daten["name"])
    return _ersetze(z, replace(k, bennies=max(0, k.bennies + n)))


def gruppen_sprint(z: Kampfzustand, name: str) -> int | None:
    """Sprintende Gruppen: „Für eine Gruppe von NSCs, Schurken oder Monstern wirft der
    kontrollierende Spieler nur einen einzelnen Sprintenwürfel.“ – der Sprintwurf, den ein
    anderer Statist derselben Karte in dieser Runde schon geworfen hat (sonst ``None``)."""
    k = z.kaempfer_namens(name)
    if k.wildcard:
        return None
    gruppe = {m.name for m in z.mitglieder(z.empfaenger(k)) if not m.wildcard} - {name}
    for n, zoll in z.sprint:
        if n in gruppe:
            return zoll
    return None


def ereignis_sprint(
    zustand: Kampfzustand, name: str, *, aktionen: int | None = None, rng: Any = None, augen: Any = None
) -> Ereignis:
    """Sprinten: zusätzliche 1W6 Zoll, ohne Abzüge (kostet eine Aktion: −2 auf andere Aktionen).
    Die Weite zählt zur Bewegung dieser Runde (:func:`ereignis_bewegung`). Statisten einer
    Gruppe nutzen den einen Sprintwurf ihrer Gruppe (:func:`gruppen_sprint`)."""
    k = _darf_handeln(zustand, name)
    weite = bewegungsweite(k.bewegungsweite, wunden=k.wunden)
    vorhanden = gruppen_sprint(zustand, name)
    if vorhanden is not None:
        gesamt = bewegungsweite(k.bewegungsweite, wunden=k.wunden, sprint=vorhanden)
        return Ereignis("sprint", {"name": name, "gruppenwurf": vorhanden, "aktionen": aktionen}, regel=R + "Bewegung › Sprinten",
                        text=f"{name} sprintet mit dem Sprintwurf seiner Gruppe: {weite:g}“ + {vorhanden}“ = {gesamt:g}“")
    ausdruck = "W6!" if zustand.optionen.sprintwuerfel_explodiert else "W6"
    wurf = wuerfel.wurf(ausdruck, rng=rng, augen=augen)
    gesamt = bewegungsweite(k.bewegungsweite, wunden=k.wunden, sprint=wurf.gesamt)
    return Ereignis("sprint", {"name": name, "wurf": wurf.als_dict(), "aktionen": aktionen}, regel=R + "Bewegung › Sprinten",
                    eingetippt=augen is not None,
                    text=f"{name} sprintet: {weite:g}“ + {wurf.gesamt}“ = {gesamt:g}“ "
                         "(Mehrfachaktionsabzug −2 auf andere Aktionen)")


def _sprint_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    name = e.daten["name"]
    vorhanden = gruppen_sprint(z, name)
    if "gruppenwurf" in e.daten:
        if vorhanden != e.daten["gruppenwurf"]:
            raise KampfFehler(f"Für {name}s Gruppe liegt kein Sprintwurf von {e.daten['gruppenwurf']}“ vor.")
        zoll = int(e.daten["gruppenwurf"])
    else:
        if vorhanden is not None:
            raise KampfFehler(f"{name}s Gruppe hat schon einen Sprintwurf ({vorhanden}“) – nur ein Sprintwürfel je Gruppe.")
        zoll = _wurf_aus(e.daten["wurf"]).gesamt
    z = _aktion_eintragen(z, name, "sprint", e.daten.get("aktionen"), "Sprinten")
    return replace(z, sprint=z.sprint + ((name, zoll),))
