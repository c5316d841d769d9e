"""Ein ganzer Austausch: Attacke, Parade, Vergleich, Trefferzone, Schaden, Patzer und Meistertreffer.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › ATTACKE UND PARADE (Vergleichswurf, Patzer,
Meistertreffer); Allgemeine Regeln › 3.–5. Phase und Patzertabellen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from gm_helfer import wuerfel as wuerfel_kern
from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import bauen, je_objekt
from gm_helfer.text import anzahl

from . import proben
from .angriff import Lage, ausdauerschaden, lage, trefferschaden, vergleich_auswerten
from .chancen import AngriffChancen, angriff_chancen, folgen_chancen
from .daten import (
    KATEGORIE_ANZEIGE,
    REGEL,
    WAFFENLOS_SCHADEN,
    ZONEN_SCHLUESSEL,
)
from .ereignisse import _aktion, _aktion_ausgeben, _eigene_aktion
from .optionen import Optionen
from .proben import AloranFehler
from .werte import (
    Angriffsart,
    Verteidigungsart,
    angriffsart,
    initiativewert,
    verteidigungen_gegen,
    verteidigungsart,
    wehrt_ab,
)
from .zugfolge import _kann_verteidigen, _zweitwaffe_pruefen, zweitwaffen_parade
from .zustand import Kaempfer, Kampf


@cache
def _kein_wurf(schwierigkeit: int) -> proben.Poolwurf:
    """Ein Pool ohne Würfel (unveränderlich, also je Schwierigkeit einmal gebaut und geteilt)."""
    return proben.Poolwurf((), schwierigkeit)


class _Quelle:
    """Würfel für einen Austausch: eingetippte Augen nach Schlüssel, sonst ``rng``."""

    def __init__(self, rng: Any, augen: Mapping[str, Any] | None):
        self.rng = rng
        self.augen = {k: v for k, v in augen.items() if v is not None and str(v).strip() != ""} if augen else {}
        self.eingetippt = False
        self.fehlend: list[str] = []

    def _roh(self, schluessel: str) -> Any:
        return self.augen.get(schluessel)

    def pool(self, schluessel: str, anzahl: int, schwierigkeit: int, was: str) -> proben.Poolwurf:
        roh = self.augen.get(schluessel)
        if roh is None and anzahl == 0:
            return _kein_wurf(schwierigkeit)
        if roh is None and self.rng is None:
            self.fehlend.append(f"{was} ({anzahl} W10)")
            return _kein_wurf(schwierigkeit)
        wurf = proben.wuerfle_pool(anzahl, schwierigkeit, rng=self.rng, augen=roh, was=was)
        self.eingetippt |= wurf.eingetippt
        return wurf

    def w(self, schluessel: str, seiten: int, was: str) -> int | None:
        roh = self._roh(schluessel)
        if roh is None and self.rng is None:
            self.fehlend.append(f"{was} (W{seiten})")
            return None
        wert, getippt = proben.wuerfle_w(seiten, rng=self.rng, augen=roh, was=was)
        self.eingetippt |= getippt
        return wert

    def ausdruck(self, schluessel: str, ausdruck: str | wuerfel_kern.Ausdruck, was: str) -> int | None:
        roh = self._roh(schluessel)
        if roh is None and self.rng is None:
            self.fehlend.append(f"{was} ({ausdruck})")
            return None
        if roh is None and isinstance(ausdruck, wuerfel_kern.Ausdruck):
            return wuerfel_kern.wurf(ausdruck, rng=self.rng).gesamt  # gewürfelt: nur die Summe zählt
        wurf = proben.wuerfle_ausdruck(ausdruck, rng=self.rng, augen=roh, was=was)
        self.eingetippt |= wurf.eingetippt
        return wurf.gesamt

    def pruefen(self) -> None:
        if self.fehlend:
            raise AloranFehler("Bitte noch eintippen: " + "; ".join(self.fehlend) + ".")


WUERFEL_SCHLUESSEL = {
    "angriff": "Angriff (W10-Pool)",
    "verteidigung": "Verteidigung (W10-Pool)",
    "zone": "Trefferzone (W20)",
    "schaden": "Schaden",
    "angriff_patzer": "Patzer Angreifer (W6; ältere Tabelle 3W6)",
    "angriff_patzer_schaden": "Patzerschaden Angreifer (W6 bzw. Waffe)",
    "angriff_patzer_zone": "Patzer-Trefferzone Angreifer (W20)",
    "angriff_meister": "Meistertreffer Angreifer (W6)",
    "angriff_meister_schaden": "Bonus-Schaden (W6)",
    "verteidigung_patzer": "Patzer Verteidiger (W6; ältere Tabelle 3W6)",
    "verteidigung_patzer_schaden": "Patzerschaden Verteidiger (W6 bzw. Waffe)",
    "verteidigung_patzer_zone": "Patzer-Trefferzone Verteidiger (W20)",
    "verteidigung_meister": "Meistertreffer Verteidiger (W6)",
    "verteidigung_meister_schaden": "Bonus-Schaden der Parade (W6)",
    "verteidigung_meister_zone": "Trefferzone des Parade-Schadens (W20)",
}
"""Schlüssel der eingetippten Würfel eines Austauschs (für ``augen=`` und die Notebook-Felder)."""


def austausch_lage(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    angriff: str,
    verteidigung: str | None,
    *,
    von_hinten: bool = False,
    angriff_modifikator: int = 0,
    verteidigung_modifikator: int = 0,
) -> tuple[Lage, Verteidigungsart | None]:
    """Pools und Schwierigkeiten eines geplanten Austauschs im aktuellen Zustand.

    Die Verteidigung zählt nur, wenn das Ziel sich verteidigen kann (:func:`kann_verteidigen`);
    sonst ist sie ``None`` und der Verteidigungspool 0.
    """
    if angreifer == ziel:
        raise AloranFehler("Angreifer und Ziel müssen verschieden sein.")
    a = kampf.kaempfer_namens(angreifer)
    v = kampf.kaempfer_namens(ziel)
    return _austausch_lage(kampf, a, v, angriffsart(a.werte, angriff), verteidigung, von_hinten=von_hinten,
                           angriff_modifikator=angriff_modifikator, verteidigung_modifikator=verteidigung_modifikator)


def _austausch_lage(
    kampf: Kampf,
    a: Kaempfer,
    v: Kaempfer,
    art: Angriffsart,
    verteidigung: str | None,
    *,
    von_hinten: bool,
    angriff_modifikator: int,
    verteidigung_modifikator: int,
) -> tuple[Lage, Verteidigungsart | None]:
    """:func:`austausch_lage` für die schon nachgeschlagenen Kämpfer ``a`` (greift mit ``art`` an)
    und ``v`` (verschieden)."""
    angriff, ziel = art.name, v.name
    v_art = None
    if verteidigung is not None:
        gewaehlt = verteidigungsart(v.werte, verteidigung)
        if not wehrt_ab(gewaehlt, art, kampf.optionen):
            erlaubt = ", ".join(x.name for x in verteidigungen_gegen(v.werte, art, kampf.optionen))
            raise AloranFehler(f"„{verteidigung}“ wehrt „{angriff}“ nicht ab (SPIELABLAUF › Verteidigungsaktion) "
                               f"– möglich: {erlaubt or 'nichts'}.")
        if _kann_verteidigen(v, kampf.optionen, verteidigung):
            v_art = gewaehlt
        elif v.handelt and not v.ist_wehrlos(kampf.optionen) and not v.unparierbar:
            # Vorschau und Wurf lehnen gleich ab: keine Verteidigungsaktion mehr für diese Wahl
            zp = zweitwaffen_parade(v.werte) if v.aktionen.zweitwaffe > 0 else None
            raise AloranFehler(f"{ziel} hat in dieser Runde keine Verteidigungsaktion mehr"
                               + (f" – die Bonusaktion der Zweitwaffe erlaubt nur „{zp}“." if zp else "."))
    la = lage(a.werte, art, a.wunden, v.werte, v_art, v.wunden, von_hinten=von_hinten,
              angriff_modifikator=angriff_modifikator, verteidigung_modifikator=verteidigung_modifikator,
              optionen=kampf.optionen)
    return la, v_art


@dataclass(frozen=True)
class Vorschau:
    """Alles, was vor dem Wurf zu sehen ist: Pools, Ausgang, Patzer/Meister, Folgen beim Ziel."""

    lage: Lage
    verteidigt: bool
    chancen: AngriffChancen
    folgen: Mapping[str, float]
    schaden: str

    def text(self) -> str:
        la = self.lage
        teil = (f"{la.verteidigung_pool} W10 gegen {la.verteidigung_schwierigkeit}" if self.verteidigt
                else "keine Verteidigung")
        return (f"Angriff {la.angriff_pool} W10 gegen {la.angriff_schwierigkeit} – Verteidigung {teil}; "
                f"Schaden {self.schaden}")


def vorschau(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    angriff: str,
    verteidigung: str | None,
    *,
    von_hinten: bool = False,
    zweitwaffe: bool = False,
    angriff_modifikator: int = 0,
    verteidigung_modifikator: int = 0,
) -> Vorschau:
    """Die exakten Chancen eines geplanten Austauschs – mit denselben Regeln wie :func:`angriff_ereignis`."""
    if zweitwaffe:
        _zweitwaffe_pruefen(kampf.kaempfer_namens(angreifer).werte, angriff)
    la, v_art = austausch_lage(kampf, angreifer, ziel, angriff, verteidigung, von_hinten=von_hinten,
                               angriff_modifikator=angriff_modifikator,
                               verteidigung_modifikator=verteidigung_modifikator)
    ac = angriff_chancen(la, kampf.optionen, verteidigt=v_art is not None)
    art = angriffsart(kampf.kaempfer_namens(angreifer).werte, angriff)
    v = kampf.kaempfer_namens(ziel)
    basis = initiativewert(v.werte) if kampf.optionen.wehrlos_ohne_w10 else v.initiative
    folgen = folgen_chancen(ac.exakt, art, v.werte, v.wunden, initiative=basis, ausdauer=v.ausdauer,
                            halbiert=zweitwaffe, optionen=kampf.optionen, sonder=ac.exakt_sonder)
    return Vorschau(la, v_art is not None, ac, folgen, art.schaden_text)


def angriff_ereignis(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    angriff: str,
    verteidigung: str | None,
    *,
    von_hinten: bool = False,
    zweitwaffe: bool = False,
    angriff_modifikator: int = 0,
    verteidigung_modifikator: int = 0,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    text: bool = True,
) -> Ereignis:
    """Ein ganzer Austausch: Attacke, Parade, Vergleich, Trefferzone, Schaden, Patzer/Meistertreffer.

    Würfel kommen aus ``augen`` (Schlüssel siehe :data:`WUERFEL_SCHLUESSEL`, eine 0 auf dem
    W10 ist die 10) oder aus ``rng``. Fehlt ein nötiger Wurf ohne ``rng``, nennt die
    Fehlermeldung alle fehlenden Würfel. ``verteidigung=None``: der Verteidiger verzichtet.
    ``text=False``: ohne die Zeile fürs Protokoll (die Simulation liest sie nie); Daten und
    Folgen bleiben gleich.
    """
    opt = kampf.optionen
    a = kampf.kaempfer_namens(angreifer)
    v = kampf.kaempfer_namens(ziel)
    if not a.handelt:
        raise AloranFehler(f"{angreifer} ist {a.zustand_text(opt)} und kann nicht angreifen.")
    art = angriffsart(a.werte, angriff)
    if zweitwaffe:
        _zweitwaffe_pruefen(a.werte, angriff)
    folgen: list[dict[str, Any]] = _eigene_aktion(kampf, a, "kampf", zweitwaffe_zuerst=zweitwaffe)
    hinweise: list[str] = []
    if angreifer == ziel:
        raise AloranFehler("Angreifer und Ziel müssen verschieden sein.")
    la, v_art = _austausch_lage(kampf, a, v, art, verteidigung, von_hinten=von_hinten,
                                angriff_modifikator=angriff_modifikator,
                                verteidigung_modifikator=verteidigung_modifikator)
    verzicht = _verteidigung_folgen(v, art, verteidigung, v_art, folgen, hinweise, opt)
    q = _Quelle(rng, augen)
    wa = q.pool("angriff", la.angriff_pool, la.angriff_schwierigkeit, f"Angriff {angreifer}")
    wv = q.pool("verteidigung", la.verteidigung_pool if v_art else 0, la.verteidigung_schwierigkeit,
                f"Verteidigung {ziel}")
    q.pruefen()
    erg = vergleich_auswerten(wa.netto, wa.einser, wv.netto, wv.einser, la, opt, verteidigt=v_art is not None)
    daten: dict[str, Any] = {
        "angreifer": angreifer, "ziel": ziel, "angriff": angriff, "verteidigung": verteidigung if v_art else None,
        "lage": {"angriff_pool": la.angriff_pool, "angriff_schwierigkeit": la.angriff_schwierigkeit,
                 "verteidigung_pool": la.verteidigung_pool if v_art else 0,
                 "verteidigung_schwierigkeit": la.verteidigung_schwierigkeit},
        "angriff_augen": list(wa.augen), "verteidigung_augen": list(wv.augen),
        "angriff_netto": wa.netto, "verteidigung_netto": wv.netto,
        "kategorie": erg.kategorie,
    }
    if verzicht:
        daten["verteidigung_verzicht"] = True
    zeilen = []
    if text:
        zeilen.append(f"{angreifer} greift {ziel} an ({angriff}): {wa}")
        if v_art:
            zeilen.append(f"Verteidigung ({verteidigung}): {wv}")
        zeilen.append(f"→ {KATEGORIE_ANZEIGE[erg.kategorie]}")

    # Patzer und Meistertreffer (W6-Tabellen); nur, wenn es einen gibt (meist keinen)
    bonus = _sonderfolgen(q, a, v, art, v_art, erg, folgen, zeilen, opt) if (
        erg.angriff_patzer or erg.angriff_meister or erg.verteidigung_patzer or erg.verteidigung_meister) else 0

    if art.text:
        zeilen.append(f"Manöver: {art.text}")
    if erg.kategorie != "verfehlt":
        _treffer(q, v, art, erg.kategorie, bonus, folgen, daten, zeilen, opt, zweitwaffe=zweitwaffe, text=text)
    q.pruefen()
    if hinweise:
        zeilen.append("; ".join(hinweise))
    daten["folgen"] = _gleichzeitig(kampf, angreifer, folgen, zeilen if text else None)
    return bauen(Ereignis, {"art": "angriff", "daten": daten, "regel": _mit_optionen(_REGEL_ANGRIFF, opt),
                            "eingetippt": q.eingetippt, "text": "; ".join(zeilen) if text else ""})


def _verteidigung_folgen(v: Kaempfer, art: Angriffsart, verteidigung: str | None, v_art: Verteidigungsart | None,
                         folgen: list, hinweise: list[str], opt: Optionen) -> bool:
    """Die Verteidigung des Ziels: bezahlt, unmöglich oder ausgeschlagen – die Entscheidung vor dem
    Wurf steht so oder so im Protokoll. Gibt zurück, ob das Ziel verzichtet hat."""
    verzicht = False
    if v_art is not None:
        folgen.append(_aktion_ausgeben(v, "verteidigung"))
    elif verteidigung is not None:
        hinweise.append(f"{v.name} ist {v.zustand_text(opt)} und kann sich nicht verteidigen")
    elif _kann_verteidigen(v, opt) and verteidigungen_gegen(v.werte, art, opt):
        hinweise.append(f"{v.name} verzichtet auf die Verteidigung")
        verzicht = True
    if v.unparierbar:
        folgen.append({"name": v.name, "unparierbar": -1})
    return verzicht


def _gleichzeitig(kampf: Kampf, angreifer: str, folgen: list[dict[str, Any]],
                  zeilen: list[str] | None) -> list[dict[str, Any]]:
    """Im gleichzeitigen Austausch (offen oder mit diesem Wurf eröffnet) werden die Folgen
    aufgeschoben (:func:`aufschieben`); sonst bleiben sie, wie sie sind."""
    if angreifer not in kampf.austausch and not any("austausch" in f for f in folgen):
        return folgen
    folgen = aufschieben(folgen)
    if zeilen is not None and any("aufschub" in f for f in folgen):
        zeilen.append("gleichzeitig: die Folgen gelten, wenn alle gleicher Initiative gehandelt haben")
    return folgen


def _sonderfolgen(q: _Quelle, a: Kaempfer, v: Kaempfer, art: Angriffsart, v_art: Verteidigungsart | None,
                  erg: Any, folgen: list, zeilen: list[str], opt: Optionen) -> int:
    """Patzer und Meistertreffer beider Seiten (W6-Tabellen): Folgen und Zeilen; gibt den
    Bonus-Schaden des Angreifers zurück."""
    bonus = 0
    for seite, wer, gegner, patzer, meister, probe in (
        ("angriff", a, v, erg.angriff_patzer, erg.angriff_meister, art),
        ("verteidigung", v, a, erg.verteidigung_patzer, erg.verteidigung_meister, v_art),
    ):
        if patzer:
            zeilen.append(_patzer(q, seite, wer, gegner, folgen, opt, _patzerprobe(wer, probe)))
        if meister:
            t, b = _meister(q, seite, wer, gegner, folgen,
                            erg.kategorie != "verfehlt" and art.wirkung != "geistig")
            bonus += b
            zeilen.append(t)
    return bonus


def _treffer(q: _Quelle, v: Kaempfer, art: Angriffsart, kategorie: str, bonus: int, folgen: list,
             daten: dict[str, Any], zeilen: list[str], opt: Optionen, *, zweitwaffe: bool, text: bool) -> None:
    """Ein Treffer: Zauberwirkung, Ausdauerverlust oder Trefferzone und Wunden (4./5. Phase)."""
    ziel, angriff = v.name, art.name
    if art.wirkung == "geistig":
        zeilen.append(f"der Zauber wirkt auf {ziel} ({KATEGORIE_ANZEIGE[kategorie]}) – Wirkung laut Zauberliste")
    elif art.schadensart == "Ausdauer":
        summe = q.ausdruck("schaden", art.schaden_ausdruck or art.schaden_text, f"Schaden {angriff}")
        q.pruefen()
        verlust = ausdauerschaden(summe + bonus, kategorie, opt)
        folgen.append({"name": ziel, "ausdauer": -verlust})
        daten.update(schaden_wurf=summe, ausdauer_verlust=verlust)
        zeilen.append(f"{ziel} verliert {verlust} Ausdauer")
    else:
        w20 = q.w("zone", 20, "Trefferzone")
        summe = q.ausdruck("schaden", art.schaden_ausdruck or art.schaden_text, f"Schaden {angriff}")
        q.pruefen()
        zone = proben.trefferzone(w20)
        ruestung = v.werte.ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)]
        wert, wunden = trefferschaden(summe, kategorie, ruestung, opt, halbiert=zweitwaffe, bonus=bonus)
        folgen.append({"name": ziel, "zone": zone.schluessel, "wunden": wunden, "schadensart": art.schadensart})
        daten.update(zone_w20=w20, zone=zone.schluessel, schaden_wurf=summe, schaden=wert, wunden=wunden)
        if text:
            rechnung = (f"({wert} Schaden − Rüstung {ruestung}) × {KATEGORIE_ANZEIGE[kategorie]}"
                        if opt.faktor_nach_ruestung else f"{wert} Schaden − Rüstung {ruestung}")
            zeilen.append(f"{zone.name} (W20 {w20}): {rechnung} = {anzahl(wunden, 'Wunde', 'Wunden')}")


def aufschieben(folgen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Die Folgen eines Wurfs im gleichzeitigen Austausch: Wunden, Ausdauerverlust,
    Beeinträchtigungen und unparierbare Attacken werden ``{"aufschub": folge}`` – sie gelten erst,
    wenn alle gleicher Initiative gehandelt haben („alle ihre Würfelwürfe werden simultan
    ausgeführt“). Ausgegebene Aktionen und Bonus-Kampfaktionen gelten sofort."""
    neu = []
    for f in folgen:
        if "zone" in f or f.get("ausdauer", 0) < 0 or "beeintraechtigt" in f or f.get("unparierbar", 0) > 0:
            neu.append({"aufschub": f})
        else:
            neu.append(f)
    return neu


_REGEL_ANGRIFF = f"{REGEL} › SPIELABLAUF › ATTACKE UND PARADE › Vergleichswurf"


def _mit_optionen(regel: str, optionen: Optionen) -> str:
    """Die Regel eines Ereignisses samt den Hausregeln/älteren Lesarten, die in diesem Kampf gelten."""
    an = _optionen_an(optionen)
    return regel + (f" · Optionen: {an}" if an else "")


@je_objekt
def _optionen_an(optionen: Optionen) -> str:
    """Die eingeschalteten Optionen, durch Komma getrennt (einmal je Optionen-Objekt)."""
    return ", ".join(name for name, wert in optionen.als_dict().items() if wert)


def _beeintraechtigen(k: Kaempfer, folgen: list[dict[str, Any]]) -> None:
    """„Nächste Kampfaktion beeinträchtigt“: Lesart – sie entfällt (jetzt, sonst nächste Runde)."""
    folgen.append({"name": k.name, "beeintraechtigt": True})


@dataclass(frozen=True)
class _Patzerprobe:
    """Was die ältere Patzertabelle von der gepatzten Probe braucht."""

    talentstufe: int
    attribut_wert: int
    waffenschaden: str
    schadensart: str


def _patzerprobe(k: Kaempfer, probe: Any) -> _Patzerprobe | None:
    """Talent, Attribut und Waffe der Probe (Angriffsart oder Verteidigungsart)."""
    if probe is None:
        return None
    schaden, art = WAFFENLOS_SCHADEN, "Wucht"
    if isinstance(probe, Verteidigungsart):
        for w in k.werte.waffen:
            if probe.waffe == w.name:
                schaden, art = w.schaden, w.schadensart
    elif probe.art in ("waffe", "manoever") and probe.schadensart != "Ausdauer":
        schaden, art = probe.schaden, probe.schadensart
    return _Patzerprobe(probe.talentstufe, probe.attribut_wert, schaden, art)


def _zonenschaden(opfer: Kaempfer, w20: int, schaden: int, schadensart: str, folgen: list) -> tuple[Any, int]:
    """``schaden`` an der Trefferzone des ``w20`` von ``opfer``, abzüglich der Rüstung dort: in
    ``folgen`` eingetragen; gibt Zone und Wunden zurück (Patzer, Meistertreffer der Parade)."""
    zone = proben.trefferzone(w20)
    wunden = max(0, schaden - opfer.werte.ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)])
    folgen.append({"name": opfer.name, "zone": zone.schluessel, "wunden": wunden, "schadensart": schadensart})
    return zone, wunden


def _w6_zonenschaden(q: _Quelle, schluessel: str, opfer: Kaempfer, folgen: list, text_schaden: str,
                     text_zone: str) -> tuple[int, Any, int]:
    """W6 Wucht-Schaden (Wurf ``<schluessel>_schaden``) an einer W20-Zone (``<schluessel>_zone``)."""
    schaden = q.w(f"{schluessel}_schaden", 6, text_schaden)
    w20 = q.w(f"{schluessel}_zone", 20, text_zone)
    q.pruefen()
    return (schaden, *_zonenschaden(opfer, w20, schaden, "Wucht", folgen))


def _sofortige_bonusaktion(k: Kaempfer, folgen: list) -> None:
    folgen.append(_aktion(k.name, "kampf", +1))
    folgen.append({"name": k.name, "sofort": 1})


def _alter_patzer(q: _Quelle, seite: str, wer: Kaempfer, folgen: list, probe: _Patzerprobe) -> str:
    """Allgemeine Regeln › Patzer › Patzertabellen: 3W6 + Modifikator der Fertigkeit + des Attributs.

    Die Folgen werden angewandt: Glücksfall +1 Kampfaktion; Selbstverletzt halber Waffenschaden
    ohne Bonus („ohne TP+“) in einer W20-Zone, bei Höchstschaden Waffe fallengelassen (die
    nächste Kampfaktion geht fürs Aufheben drauf); Stolpern/Sturz: unparierbare Attacken und
    verlorene Kampfaktionen. Gunst des Schicksals, Schwerer Patzer und Schicksalsschlag
    erzählt der Spielleiter.
    """
    summe = q.ausdruck(f"{seite}_patzer", "3W6", f"Patzer {wer.name} (3W6)")
    q.pruefen()
    wert = proben.alter_patzerwert(summe, min(probe.talentstufe, 5), probe.attribut_wert)
    zeile = proben.alter_patzer(wert)
    text = (f"Patzer von {wer.name} (ältere Tabelle, 3W6 {summe} {wert - summe:+d} = {wert}): "
            f"{zeile.name} – {zeile.text}")
    if zeile.wirkung == "bonusaktion":
        folgen.append(_aktion(wer.name, "kampf", +1))
    elif zeile.wirkung == "selbstverletzt":
        ohne_bonus = replace(wuerfel_kern.parse(probe.waffenschaden), konstante=0)
        roh = q.ausdruck(f"{seite}_patzer_schaden", str(ohne_bonus), f"Patzerschaden {wer.name} ({ohne_bonus})")
        w20 = q.w(f"{seite}_patzer_zone", 20, f"Patzer-Trefferzone {wer.name}")
        q.pruefen()
        schaden = roh // 2
        zone, wunden = _zonenschaden(wer, w20, schaden, probe.schadensart, folgen)
        text += f" – {roh} halbiert = {schaden} Schaden {zone.am}, {anzahl(wunden, 'Wunde', 'Wunden')}"
        if roh == _hoechstwert(ohne_bonus):
            folgen.append({"name": wer.name, "beeintraechtigt": True})
            text += "; Höchstschaden: Waffe fallengelassen (nächste Kampfaktion zum Aufheben)"
    elif zeile.wirkung in ("stolpern", "sturz"):
        folgen.append({"name": wer.name, "unparierbar": zeile.unparierbar})
        folgen.extend({"name": wer.name, "beeintraechtigt": True} for _ in range(zeile.aktionen_verloren))
    elif zeile.wirkung in ("gunst", "spielleiter"):
        text += " (der Spielleiter setzt das um)"
    return text


def _hoechstwert(ausdruck: Any) -> int:
    return sum(w.anzahl * w.seiten * w.vorzeichen for w in ausdruck.wuerfel) + ausdruck.konstante


def _patzer(q: _Quelle, seite: str, wer: Kaempfer, gegner: Kaempfer, folgen: list, opt: Optionen,
            probe: _Patzerprobe | None = None) -> str:
    if opt.alte_patzertabelle and probe is not None:
        return _alter_patzer(q, seite, wer, folgen, probe)
    w6 = q.w(f"{seite}_patzer", 6, f"Patzer {wer.name}")
    q.pruefen()
    eintrag = proben.patzerfolge(w6)
    text = f"Patzer von {wer.name} (W6 {w6}): {eintrag.text}"
    if eintrag.wirkung == "schaden":
        schaden, zone, wunden = _w6_zonenschaden(q, f"{seite}_patzer", wer, folgen, f"Patzerschaden {wer.name}",
                                                 f"Patzer-Trefferzone {wer.name}")
        text += f" – {schaden} Schaden {zone.am}, {anzahl(wunden, 'Wunde', 'Wunden')}"
    elif eintrag.wirkung == "beeintraechtigt":
        _beeintraechtigen(wer, folgen)
    else:
        _sofortige_bonusaktion(gegner, folgen)  # „Der Gegner erhält eine sofortige Bonus-Kampfaktion“
    return text


def _meister(q: _Quelle, seite: str, wer: Kaempfer, gegner: Kaempfer, folgen: list, trifft: bool) -> tuple[str, int]:
    w6 = q.w(f"{seite}_meister", 6, f"Meistertreffer {wer.name}")
    q.pruefen()
    eintrag = proben.meisterfolge(w6)
    text = f"Meistertreffer von {wer.name} (W6 {w6}): {eintrag.text}"
    bonus = 0
    if eintrag.wirkung == "schaden":
        if seite == "angriff":
            if trifft:
                bonus = q.w("angriff_meister_schaden", 6, "Bonus-Schaden") or 0
                text += f" – +{bonus} Schaden"
            else:
                text += " – die Attacke trifft nicht, kein Bonus-Schaden"
        else:
            schaden, zone, wunden = _w6_zonenschaden(q, "verteidigung_meister", gegner, folgen, "Bonus-Schaden der Parade",
                                                     "Trefferzone des Parade-Schadens")
            text += f" – {schaden} Schaden {zone.am} von {gegner.name}, {anzahl(wunden, 'Wunde', 'Wunden')}"
    elif eintrag.wirkung == "beeintraechtigt":
        _beeintraechtigen(gegner, folgen)
    else:
        _sofortige_bonusaktion(wer, folgen)  # „man erhält eine sofortige Bonus-Kampfaktion“
    return text, bonus


