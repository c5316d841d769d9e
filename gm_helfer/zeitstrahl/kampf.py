"""Kampf auf dem Zeitstrahl: Zustand, Ereignisse, reines ``anwenden``.

Regeltext ``regeln/zeitstrahl.txt``, „Der Kampf“, „Aktionen“, „Angriff“, „Verteidigung“,
„Reaktionen“, „Trefferzonen“, „Kritische Erfolge“, „Patzer“, „Verschieben von Kampfwerten“
und „Kontern“.

Aufbau (DESIGN.md): Die Ereignis-Bauer (``start_ereignis``, ``aktion_ereignis``,
``angriff_ereignis``, …) würfeln (``rng``) oder nehmen eingetippte Augen, bewerten alles
rein und legen das Ergebnis samt aller Änderungen in ein
:class:`~gm_helfer.protokoll.Ereignis`. :func:`anwenden` liest nur diese Änderungen und baut
einen neuen Zustand – so spielt ein gespeichertes Protokoll genau dasselbe nach.

Zeitstrahl (Lesart, ``docs/zeitstrahl.md``): Die Position eines Teilnehmers ist der Tick
seiner nächsten Aktion. „Der mit der niedrigsten Position auf dem Zeitstrahl ist als erstes
an der Reihe. Wenn mehrere Parteien gleichzeitig dran sind, finden deren Aktionen auch
gleichzeitig statt. Dabei erhöht jede Aktion die Position auf dem Zeitstrahl.“
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import einmal_je_objekt, ersetzen, je_objekt
from gm_helfer.text import aufzaehlung, dezimal
from gm_helfer.wuerfel import parse

from .auswerten import (
    abwehr_mit_folgen,
    angriff_ticks_auswerten,
    bruchtest_auswerten,
    effekt_auswerten,
    halbiert,
    konter_vorsprung_erreicht,
    konter_zeit_erlaubt,
    nach_dem_fenster,
    nur_sturz,
    reaktions_position,
    reaktions_ticks_auswerten,
    selbst_dran,
    startposition,
    treffer_auswerten,
    treffer_schadenspunkte,
)
from .daten import KRIT_ANGRIFF, KRIT_VERTEIDIGUNG, PATZER, ZONEN
from .optionen import STANDARD, Optionen
from .proben import Probe, augen_wuerfeln, bewerte_probe, probe
from .schaden import (
    Schicht,
    bestgeschuetzte_zone,
    ruestung,
    WAFFENLOSE_PARADE_TEILER,
    schadenspunkte,
    trefferzone,
    waffenlose_parade_schadenspunkte,
    zonen_ruestung,
)
from .verschiebung import KEINE_VERSCHIEBUNG, Verschiebung, pruefe_verschiebung

__all__ = [
    "Waffe",
    "Kaempfer",
    "Teilnehmer",
    "Balken",
    "Kampf",
    "KampfFehler",
    "VERTEIDIGUNGEN",
    "neuer_kampf",
    "kampf_aus_kopf",
    "anwenden",
    "start_ereignis",
    "start_schwierigkeit",
    "aktion_ereignis",
    "ansage_ereignis",
    "ansage_verfallen_ereignis",
    "konter_verzicht_ereignis",
    "angriff_ereignis",
    "lebenspunkte_ereignis",
    "zustand_ereignis",
    "ausfall_ereignis",
    "KAMPFUNFAEHIG",
    "reaktions_ticks",
    "kann_reagieren",
    "verteidigungswert",
    "sturz_plus",
    "STURZSCHWELLE",
    "verschiebung_pruefen",
    "konter_erschwernis",
    "BlockFolgen",
    "block_folgen",
    "abwehr_arm",
    "WAFFENLOSE_PARADE_TEILER",
]

SYSTEM = "Zeitstrahl"
VERTEIDIGUNGEN = ("passiv", "ausweichen", "parade", "blocken")
_NAMEN_VERTEIDIGUNG = {
    "passiv": "passives Ausweichen",
    "ausweichen": "aktives Ausweichen",
    "parade": "Parade",
    "blocken": "Blocken",
}
STURZSCHWELLE = "Sturzschwelle +5"
"""Zustand nach dem kritischen Effekt 4 „Erhöht bei dem Ziel die Patzerschwelle für einen
Sturz um 5“: gilt für die nächste Probe (Angriff, Parade, Blocken) des Ziels."""
STURZ_PLUS = 5
_BALKEN_ART = {"sofort": "Aktion", "vorbereitet": "Vorbereitung", "kontinuierlich": "fortlaufend"}
_ART_TEXT = {"sofort": "sofortige", "vorbereitet": "vorbereitete",
             "kontinuierlich": "kontinuierliche"}


class KampfFehler(ValueError):
    """Ein Schritt, den die Regeln nicht erlauben; die Meldung ist deutsch."""


# --- Werte der Kämpfer ------------------------------------------------------------


@dataclass(frozen=True)
class Waffe:
    """Eine Waffe oder ein Verteidigungsmittel (Schild) vom Charakterbogen."""

    name: str
    fertigkeit: str = "nahkampf"
    """Welche Waffenfertigkeit die Probe nutzt („Probe entsprechend der Waffengattung“)."""
    geschwindigkeit: int = 4
    """Zeiteinheiten (Ticks) für einen Angriff."""
    schaden: str = "W6"
    """Trefferpunktewürfel, z. B. ``3W4``."""
    verteidigungsbonus: int = 0
    stabilitaet: int = 10
    zweihaendig: bool = False
    kettenwaffe: bool = False
    """„mit Kettenwaffen ist kein Blocken möglich“."""
    kurze_stichwaffe: bool = False
    schild: bool = False

    @property
    def waffenlos(self) -> bool:
        return self.fertigkeit == "waffenlos"


@dataclass(frozen=True)
class Kaempfer:
    """Die festen Kampfwerte eines Charakters (aus dem Bogen)."""

    name: str
    partei: str = "Helden"
    kampferfahrung: int = 10
    staerke: int = 10
    groesse: int = 0
    """Größenmodifikation (zählt zum passiven Ausweichen)."""
    lebenspunkte: int = 20
    fertigkeiten: tuple[tuple[str, int], ...] = ()
    waffen: tuple[Waffe, ...] = ()
    ruestung: tuple[Schicht, ...] = ()
    spezialisierungen: tuple[tuple[str, int], ...] = ()
    """(Art, Stufe): ``"verschiebung"`` (Verhältnis), ``"konter"`` (Erschwernis des Konters),
    ``"konter_zeit"`` (erlaubte Zeitdifferenz beim Kontern)."""

    def fertigkeit(self, name: str) -> int:
        for n, w in self.fertigkeiten:
            if n == name:
                return w
        raise KampfFehler(f"{self.name} hat keine Fertigkeit „{name}“.")

    def spezialisierung(self, art: str) -> int:
        return max((s for a, s in self.spezialisierungen if a == art), default=0)

    @property
    def passive_verteidigung(self) -> int:
        """Kampferfahrung + Größenmodifikation (Abschnitt „Verteidigung“)."""
        return self.kampferfahrung + self.groesse

    def waffe(self, wahl: int | str) -> tuple[int, Waffe]:
        if isinstance(wahl, int):
            if not 0 <= wahl < len(self.waffen):
                raise KampfFehler(f"{self.name} hat keine Waffe Nr. {wahl + 1}.")
            return wahl, self.waffen[wahl]
        for i, w in enumerate(self.waffen):
            if w.name == wahl:
                return i, w
        raise KampfFehler(f"{self.name} führt keine Waffe „{wahl}“.")

    def als_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["ruestung"] = [dict(asdict(s), zonen=list(s.zonen)) for s in self.ruestung]
        return d

    @classmethod
    def aus_dict(cls, d: Mapping[str, Any]) -> "Kaempfer":
        return cls(
            name=d["name"], partei=d.get("partei", "Helden"),
            kampferfahrung=int(d["kampferfahrung"]), staerke=int(d["staerke"]),
            groesse=int(d.get("groesse", 0)), lebenspunkte=int(d["lebenspunkte"]),
            fertigkeiten=tuple((str(n), int(w)) for n, w in d.get("fertigkeiten", ())),
            waffen=tuple(Waffe(**w) for w in d.get("waffen", ())),
            ruestung=tuple(Schicht(s["name"], int(s["schutz"]), int(s.get("behinderung", 0)),
                                   tuple(s.get("zonen", ZONEN)))
                           for s in d.get("ruestung", ())),
            spezialisierungen=tuple((str(a), int(s)) for a, s in d.get("spezialisierungen", ())),
        )


# --- Zustand ------------------------------------------------------------------------


@dataclass(frozen=True)
class Teilnehmer:
    """Ein Kämpfer im laufenden Kampf."""

    kaempfer: Kaempfer
    lebenspunkte: int
    position: int | None = None
    """Tick der nächsten eigenen Aktion (``None`` vor dem Start)."""
    stabilitaet: tuple[int, ...] = ()
    """Aktuelle Stabilität je Waffe."""
    waffen_status: tuple[str, ...] = ()
    """Je Waffe ``"bereit"``, ``"verloren"`` oder ``"gebrochen"``."""
    angesagt: bool = False
    """Hat zur eigenen Aktion eine Reaktion angesagt („Reaktionen“)."""
    verschiebung: Verschiebung = KEINE_VERSCHIEBUNG
    """Gilt bis zur nächsten eigenen Aktion."""
    zustaende: tuple[str, ...] = ()
    laufend: str = ""
    """Vorbereitete oder kontinuierliche Aktion, die gerade läuft."""

    @property
    def name(self) -> str:
        return self.kaempfer.name

    @property
    def partei(self) -> str:
        return self.kaempfer.partei

    def kampfunfaehig(self, optionen: Optionen = STANDARD) -> bool:
        """Gesundheitsmodell (Annahme, der Text hat keines): Lebenspunkte ≤ Grenze;
        mit ``Optionen.gesundheit="ohne"`` entscheidet der Spielleiter (nie von selbst)."""
        if optionen.gesundheit == "ohne":
            return KAMPFUNFAEHIG in self.zustaende
        return self.lebenspunkte <= optionen.kampfunfaehig_bei


@dataclass(frozen=True)
class Balken:
    """Ein Abschnitt auf dem Zeitstrahl-Diagramm."""

    name: str
    start: int
    ende: int
    art: str
    text: str = ""


@dataclass(frozen=True)
class Kampf:
    """Der ganze Kampfzustand (unveränderlich)."""

    teilnehmer: tuple[Teilnehmer, ...]
    optionen: Optionen = STANDARD
    balken: tuple[Balken, ...] = ()
    konter: tuple[str, str] | None = None
    """(Verteidiger, Angreifer), wenn ein Gegenangriff erlaubt ist („Kontern“)."""
    gestartet: bool = False

    def __getitem__(self, name: str) -> Teilnehmer:
        i = self._index.get(name)
        if i is None:
            raise KampfFehler(f"„{name}“ kämpft hier nicht mit.")
        return self.teilnehmer[i]

    @einmal_je_objekt
    def _index(self) -> dict[str, int]:
        """Name → Stelle in ``teilnehmer`` (bei gleichen Namen zählt die erste); ``anwenden``
        reicht es an den neuen Zustand weiter, denn Namen und Reihenfolge bleiben."""
        index: dict[str, int] = {}
        for i, t in enumerate(self.teilnehmer):
            index.setdefault(t.name, i)
        return index

    @einmal_je_objekt
    def aktive(self) -> tuple[Teilnehmer, ...]:
        o = self.optionen
        return tuple([t for t in self.teilnehmer if not t.kampfunfaehig(o)])

    @einmal_je_objekt
    def jetzt(self) -> int | None:
        """Der aktuelle Tick: die niedrigste Position der Kampffähigen."""
        pos = [t.position for t in self.aktive if t.position is not None]
        return min(pos) if pos else None

    @einmal_je_objekt
    def am_zug(self) -> tuple[str, ...]:
        """Alle, die jetzt (gleichzeitig) handeln."""
        j = self.jetzt
        if j is None:
            return ()
        return tuple([t.name for t in self.aktive if t.position == j])

    def reihenfolge(self) -> tuple[Teilnehmer, ...]:
        """Kampffähige nach Position (Gleichstand: gleichzeitig, dann nach Name)."""
        return tuple(sorted(self.aktive, key=lambda t: (t.position or 0, t.name)))

    def als_kopf(self) -> dict[str, Any]:
        """Alles, was :func:`kampf_aus_kopf` zum Fortsetzen braucht (JSON)."""
        return {
            "kaempfer": [t.kaempfer.als_dict() for t in self.teilnehmer],
            "optionen": asdict(self.optionen),
        }


def neuer_kampf(kaempfer: Sequence[Kaempfer], optionen: Optionen = STANDARD) -> Kampf:
    """Startzustand: alle mit vollen Lebenspunkten, noch ohne Position."""
    namen = [k.name for k in kaempfer]
    doppelt = {n for n in namen if namen.count(n) > 1}
    if doppelt:
        raise KampfFehler(f"Namen doppelt: {', '.join(sorted(doppelt))}.")
    return Kampf(
        teilnehmer=tuple(
            Teilnehmer(k, k.lebenspunkte, None, tuple(w.stabilitaet for w in k.waffen),
                       tuple("bereit" for _ in k.waffen))
            for k in kaempfer
        ),
        optionen=optionen,
    )


def kampf_aus_kopf(kopf: Mapping[str, Any]) -> Kampf:
    """Gegenstück zu :meth:`Kampf.als_kopf` (für ``Verlauf.fortsetzen``)."""
    return neuer_kampf(
        [Kaempfer.aus_dict(d) for d in kopf["kaempfer"]],
        Optionen(**kopf.get("optionen", {})),
    )


# --- anwenden -------------------------------------------------------------------------


def _balken(name: str, start: int, ende: int, art: str, text: str = "") -> dict[str, Any]:
    """Die Ereignisdaten eines :class:`Balken` (``asdict`` ohne den Umweg über das Objekt und
    tiefe Kopien; alle Felder sind Zahlen und Texte)."""
    return {"name": name, "start": start, "ende": ende, "art": art, "text": text}


def _aendern(t: Teilnehmer, a: Mapping[str, Any]) -> Teilnehmer:
    neu: dict[str, Any] = {}
    if "position" in a:
        neu["position"] = a["position"]
    if "lebenspunkte_minus" in a:
        neu["lebenspunkte"] = t.lebenspunkte - int(a["lebenspunkte_minus"])
    if "lebenspunkte" in a:
        neu["lebenspunkte"] = int(a["lebenspunkte"])
    if "angesagt" in a:
        neu["angesagt"] = bool(a["angesagt"])
    if "verschiebung" in a:
        neu["verschiebung"] = Verschiebung.aus_dict(a["verschiebung"])
    if "laufend" in a:
        neu["laufend"] = a["laufend"]
    weg, dazu = a.get("zustand_weg", ()), a.get("zustand_neu", ())
    if dazu or (weg and t.zustaende):
        zustaende = [z for z in t.zustaende if z not in weg]
        zustaende += [z for z in dazu if z not in zustaende]
        neu["zustaende"] = tuple(zustaende)
    if "waffen" in a:
        stab, status = list(t.stabilitaet), list(t.waffen_status)
        for w in a["waffen"]:
            i = int(w["index"])
            if "stabilitaet" in w:
                stab[i] = int(w["stabilitaet"])
            if "status" in w:
                status[i] = w["status"]
        neu["stabilitaet"], neu["waffen_status"] = tuple(stab), tuple(status)
    return ersetzen(t, **neu) if neu else t


def anwenden(kampf: Kampf, ereignis: Ereignis) -> Kampf:
    """Reines Anwenden eines Ereignisses: liest ``daten["aenderungen"]`` (je Name die neuen
    Werte), ``daten["balken"]`` und ``daten["konter"]``; ändert ``kampf`` nie."""
    d = ereignis.daten
    aenderungen: Mapping[str, Mapping[str, Any]] = d.get("aenderungen", {})
    index = kampf._index
    for name in aenderungen:
        if name not in index:
            kampf[name]  # deutsche Meldung
    teilnehmer = kampf.teilnehmer
    if aenderungen:
        if len(index) == len(teilnehmer):
            liste = list(teilnehmer)
            for name, a in aenderungen.items():
                if a:
                    i = index[name]
                    liste[i] = _aendern(liste[i], a)
            teilnehmer = tuple(liste)
        else:  # gleiche Namen (nur von Hand gebaut): jeder dieses Namens ändert sich
            teilnehmer = tuple(_aendern(t, aenderungen[t.name]) if t.name in aenderungen else t
                               for t in teilnehmer)
    neue_balken = d.get("balken")
    balken = kampf.balken + tuple(Balken(**b) for b in neue_balken) if neue_balken else kampf.balken
    # Ein offener Konter bleibt, bis er genommen, ausgeschlagen oder vom nächsten Schritt auf
    # dem Zeitstrahl verdrängt ist; Eingriffe des Spielleiters lassen ihn stehen.
    konter = d["konter"] if "konter" in d else (
        kampf.konter if ereignis.art in _SPIELLEITER_EREIGNISSE else None)
    neu = Kampf(
        teilnehmer=teilnehmer,
        optionen=kampf.optionen,
        balken=balken,
        konter=tuple(konter) if konter else None,
        gestartet=kampf.gestartet or ereignis.art == "start",
    )
    neu.__dict__["_index"] = index  # Namen und Reihenfolge bleiben
    return _abgelaufen(neu)


_SPIELLEITER_EREIGNISSE = ("lebenspunkte", "zustand")
"""Ereignisse, die nichts auf dem Zeitstrahl bewegen (Spielleiter-Eingriffe)."""

_BIS = " bis Tick "
_BIS_TICK = re.compile(_BIS + r"(\d+)$")


def _abgelaufen(kampf: Kampf) -> Kampf:
    """Zustände „… bis Tick n“ (Blendung) enden, sobald der Zeitstrahl Tick n erreicht."""
    if not any(_BIS in z for t in kampf.teilnehmer if t.zustaende for z in t.zustaende):
        return kampf  # nichts kann ablaufen (fast immer): kein neuer Zustand
    jetzt = kampf.jetzt
    if jetzt is None:
        return kampf

    def aktuell(z: str) -> bool:
        m = _BIS_TICK.search(z)
        return m is None or int(m.group(1)) > jetzt

    neu = ersetzen(kampf, teilnehmer=tuple(
        ersetzen(t, zustaende=tuple(z for z in t.zustaende if aktuell(z)))
        if not all(aktuell(z) for z in t.zustaende) else t
        for t in kampf.teilnehmer))
    neu.__dict__["_index"] = kampf._index
    return neu


# --- Hilfen ------------------------------------------------------------------------------


def _regel(*teile: str) -> str:
    return " › ".join((SYSTEM,) + teile)


def _am_zug_pruefen(kampf: Kampf, name: str) -> Teilnehmer:
    if not kampf.gestartet:
        raise KampfFehler("Der Kampf hat noch nicht begonnen: erst die Startpositionen würfeln.")
    t = kampf[name]
    if t.kampfunfaehig(kampf.optionen):
        raise KampfFehler(f"{name} ist kampfunfähig.")
    if name not in kampf.am_zug:
        raise KampfFehler(
            f"{name} ist erst bei Tick {t.position} dran; jetzt ist Tick {kampf.jetzt} "
            f"({', '.join(kampf.am_zug)})."
        )
    return t


def _ticks(n: int, optionen: Optionen) -> int:
    return max(optionen.mindest_ticks, n)


def _eigene_aktion(t: Teilnehmer) -> dict[str, Any]:
    """Was bei jeder eigenen Aktion endet: Verschiebung, „Position verschlechtert“ („halbe
    Verteidigung bis zur nächsten Aktion“), Ansage, eine laufende Aktion."""
    return {"zustand_weg": ["Position verschlechtert"], "verschiebung": {}, "angesagt": False,
            "laufend": ""}


def _wuerfel_aus(augen: Mapping[str, Any] | None, schluessel: str) -> Any:
    """Die eingetippten Augen für ``schluessel`` (``None``: würfeln lassen)."""
    if not augen:
        return None
    wert = augen.get(schluessel)
    if isinstance(wert, str) and not wert.strip():
        return None
    return wert


# --- Start ----------------------------------------------------------------------------


def start_schwierigkeit(
    kampf: Kampf, name: str, schwierigkeit: int | Mapping[str, int] | None = None
) -> int:
    """Die Start-Schwierigkeit für ``name``: eine Zahl für alle, oder je Name bzw. Partei (Name
    vor Partei); fehlt sie, ``optionen.start_schwierigkeit``."""
    o = kampf.optionen
    t = kampf[name]
    if isinstance(schwierigkeit, Mapping):
        return int(schwierigkeit.get(t.name, schwierigkeit.get(t.partei, o.start_schwierigkeit)))
    return int(o.start_schwierigkeit if schwierigkeit is None else schwierigkeit)


def start_ereignis(
    kampf: Kampf,
    schwierigkeit: int | Mapping[str, int] | None = None,
    *,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    text: bool = True,
) -> Ereignis:
    """Startpositionen („Der Kampf“): jeder würfelt eine Probe auf Kampferfahrung; die
    Startposition ist max(0, Schwierigkeit − Ergebnis).

    ``schwierigkeit``: eine Zahl für alle, oder je Partei bzw. Name (Name vor Partei), z. B.
    höher für Überraschte oder gegen furchterregende Gegner. Fehlt sie, gilt
    ``optionen.start_schwierigkeit``. ``augen``: eingetippte Prüfwürfe je Name. ``text=False``
    (Simulation): ohne Protokollzeile.
    """
    o = kampf.optionen
    aenderungen: dict[str, Any] = {}
    proben: dict[str, Any] = {}
    eingetippt = False
    zeilen = []
    for t in kampf.teilnehmer:
        s = start_schwierigkeit(kampf, t.name, schwierigkeit)
        a = _wuerfel_aus(augen, t.name)
        pr = probe(t.kaempfer.kampferfahrung, rng=None if a is not None else rng, augen=a,
                   optionen=o)
        pos = startposition(int(s), pr.gesamt)
        eingetippt |= pr.eingetippt
        proben[t.name] = {"wert": pr.wert, "wurf": pr.natuerlich, "gesamt": pr.gesamt,
                          "schwierigkeit": int(s), "eingetippt": pr.eingetippt}
        aenderungen[t.name] = {"position": pos, "angesagt": False}
        if text:
            zeilen.append(f"{t.name} {pr.gesamt}→{pos}")
    return Ereignis(
        "start",
        {"proben": proben, "aenderungen": aenderungen},
        regel=_regel("Der Kampf", "Startposition"),
        eingetippt=eingetippt,
        text="Startpositionen: " + ", ".join(zeilen) if text else "",
    )


# --- Aktionen und Ansagen ----------------------------------------------------------------


def aktion_ereignis(
    kampf: Kampf, name: str, ticks: int, art: str = "sofort", beschreibung: str = "", *,
    text: bool = True,
) -> Ereignis:
    """Eine Aktion ohne Angriff („Aktionen“): sofortig, vorbereitet oder kontinuierlich.

    Sie kostet ``ticks`` Zeiteinheiten. Eine vorbereitete Aktion wirkt erst am Ende, eine
    kontinuierliche läuft, bis eine andere Aktion sie ablöst. ``text=False`` (Simulation): ohne
    Protokollzeile.
    """
    if art not in _ART_TEXT:
        raise KampfFehler(f"Unbekannte Aktionsart „{art}“ (sofort, vorbereitet, kontinuierlich).")
    if int(ticks) < 1:
        raise KampfFehler("Eine Aktion braucht mindestens eine Zeiteinheit.")
    t = _am_zug_pruefen(kampf, name)
    assert t.position is not None
    ende = t.position + int(ticks)
    beschreibung = beschreibung or "Aktion"
    a = _eigene_aktion(t)
    a["position"] = ende
    a["laufend"] = beschreibung if art != "sofort" else ""
    wirkung = {"sofort": "wirkt sofort", "vorbereitet": f"wirkt bei Tick {ende}",
               "kontinuierlich": "läuft weiter"}[art]
    return Ereignis(
        "aktion",
        {"name": name, "ticks": int(ticks), "art": art, "beschreibung": beschreibung,
         "aenderungen": {name: a},
         "balken": [_balken(name, t.position, ende, _BALKEN_ART[art], beschreibung)]},
        regel=_regel("Aktionen"),
        text=f"{name}: {beschreibung} ({_ART_TEXT[art]} Aktion, {ticks} Ticks, {wirkung}) "
             f"→ Tick {ende}" if text else "",
    )


def ansage_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """Reaktion ansagen („Reaktionen“): „Sollte man allerdings einen Angriff erwarten, zur
    selben Zeit in der man seine eigene Aktion hat, so kann man eine Reaktion ansagen.“"""
    _am_zug_pruefen(kampf, name)
    return Ereignis(
        "ansage",
        {"name": name, "aenderungen": {name: {"angesagt": True}}},
        regel=_regel("Reaktionen"),
        text=f"{name} sagt eine Reaktion an und wartet auf den Angriff.",
    )


def ansage_verfallen_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """Angesagte Reaktion ohne Angriff: „Falls der Angriff allerdings ausbleibt, so verbraucht
    man auf diese Weise eine Zeiteinheit und die Aktion ist vorbei.“"""
    t = kampf[name]
    if not t.angesagt or t.position is None:
        raise KampfFehler(f"{name} hat keine Reaktion angesagt.")
    ende = t.position + 1
    return Ereignis(
        "ansage_verfallen",
        {"name": name, "aenderungen": {name: {"angesagt": False, "position": ende}},
         "balken": [_balken(name, t.position, ende, "Ansage verfallen")]},
        regel=_regel("Reaktionen"),
        text=f"{name}: kein Angriff kam – die angesagte Reaktion kostet 1 Tick → Tick {ende}.",
    )


def konter_verzicht_ereignis(kampf: Kampf, *, text: bool = True) -> Ereignis:
    """Der Verteidiger verzichtet auf den Konter („Kontern“: „… ist ein sofortiger
    Gegenangriff möglich“ – möglich, nicht Pflicht). ``text=False`` (Simulation): ohne
    Protokollzeile."""
    if kampf.konter is None:
        raise KampfFehler("Niemand darf gerade kontern.")
    verteidiger, angreifer = kampf.konter
    return Ereignis(
        "konter_verzicht",
        {"name": verteidiger, "konter": None},
        regel=_regel("Kontern"),
        text=f"{verteidiger} verzichtet auf den Konter gegen {angreifer}." if text else "",
    )


def lebenspunkte_ereignis(kampf: Kampf, name: str, lebenspunkte: int, grund: str = "") -> Ereignis:
    """Der Spielleiter setzt Lebenspunkte von Hand (Heilung, Gift …; Hausregel-Gesundheit)."""
    t = kampf[name]
    return Ereignis(
        "lebenspunkte",
        {"name": name, "aenderungen": {name: {"lebenspunkte": int(lebenspunkte)}}},
        regel=_regel("Hausregel", "Lebenspunkte"),
        text=f"{name}: Lebenspunkte {t.lebenspunkte} → {lebenspunkte}"
             + (f" ({grund})" if grund else ""),
    )


KAMPFUNFAEHIG = "kampfunfähig"
"""Zustand, den der Spielleiter ohne Gesundheitsmodell setzt (``Optionen.gesundheit="ohne"``)."""


def ausfall_ereignis(kampf: Kampf, name: str, grund: str = "") -> Ereignis:
    """Ohne Gesundheitsmodell (``Optionen.gesundheit="ohne"``) erklärt der Spielleiter, wer
    kampfunfähig ist (Zustand „kampfunfähig“; zurück mit :func:`zustand_ereignis`)."""
    t = kampf[name]
    if kampf.optionen.gesundheit != "ohne":
        raise KampfFehler("Kampfunfähig macht hier das Gesundheitsmodell (Lebenspunkte) – von Hand "
                          "nur mit dem Gesundheitsmodell „ohne“.")
    if KAMPFUNFAEHIG in t.zustaende:
        raise KampfFehler(f"{name} ist schon kampfunfähig.")
    return Ereignis(
        "zustand",
        {"name": name, "aenderungen": {name: {"zustand_neu": [KAMPFUNFAEHIG]}}},
        regel=_regel("Hausregel", "Gesundheitsmodell „ohne“"),
        text=f"{name} ist kampfunfähig" + (f" ({grund})." if grund else "."),
    )


def zustand_ereignis(kampf: Kampf, name: str, zustand: str) -> Ereignis:
    """Der Spielleiter nimmt einen Zustand weg (aufgestanden, Sturzschwelle verbraucht …);
    der Text sagt nicht, wie lange Sturz und Ähnliches dauern."""
    t = kampf[name]
    if zustand not in t.zustaende:
        raise KampfFehler(f"{name} hat keinen Zustand „{zustand}“.")
    return Ereignis(
        "zustand",
        {"name": name, "aenderungen": {name: {"zustand_weg": [zustand]}}},
        regel=_regel("Hausregel", "Zustände"),
        text=f"{name}: „{zustand}“ endet.",
    )


# --- Verteidigung ------------------------------------------------------------------------


def reaktions_ticks(
    kampf: Kampf, name: str, art: str, waffe: int | str | None = None, zweite_hand: bool = False
) -> int:
    """Zeiteinheiten einer Verteidigung: passiv 0, Ausweichen 2, Parade/Blocken Waffe − 1,
    mit der zweiten Hand eine weitere weniger (Abschnitt „Verteidigung“)."""
    o = kampf.optionen
    if art == "passiv":
        return 0
    if art == "ausweichen":
        return 2
    if art in ("parade", "blocken"):
        if waffe is None:
            raise KampfFehler(f"Für {_NAMEN_VERTEIDIGUNG[art]} fehlt die Waffe.")
        _, w = kampf[name].kaempfer.waffe(waffe)
        return _ticks(w.geschwindigkeit - 1 - (1 if zweite_hand else 0), o)
    raise KampfFehler(f"Unbekannte Verteidigung „{art}“.")


def kann_reagieren(kampf: Kampf, name: str, angriff_ende: int) -> str:
    """Leer, wenn ``name`` auf einen Angriff reagieren darf, der bei Tick ``angriff_ende``
    endet; sonst der Grund (deutsch). Abschnitt „Reaktionen“."""
    t = kampf[name]
    j = kampf.jetzt
    if t.kampfunfaehig(kampf.optionen):
        return f"{name} ist kampfunfähig."
    if selbst_dran(t.position, j, t.angesagt):
        return (f"{name} ist selbst bei Tick {j} dran und hat keine Reaktion angesagt – "
                "man kann nicht zur selben Zeit agieren und reagieren.")
    if t.position is not None and nach_dem_fenster(t.position, angriff_ende,
                                                   kampf.optionen.reaktion_nur_im_fenster):
        return (f"Der Angriff endet bei Tick {angriff_ende}, vor der nächsten Aktion von {name} "
                f"(Tick {t.position}) – keine Reaktion möglich.")
    return ""


def verteidigungswert(kampf: Kampf, name: str, art: str, waffe: int | str | None = None) -> int:
    """Fester Teil der Verteidigung (ohne Wurf): passiv/ausweichen Kampferfahrung + Größe,
    Parade Waffenwert (+ Bonus), Blocken Waffenwert + doppelter Bonus (waffenlos: +2);
    jeweils mit der eigenen Verschiebung."""
    t = kampf[name]
    k = t.kaempfer
    shift = t.verschiebung.verteidigung
    if art in ("passiv", "ausweichen"):
        return k.passive_verteidigung + shift
    if waffe is None:
        raise KampfFehler(f"Für {_NAMEN_VERTEIDIGUNG.get(art, art)} fehlt die Waffe.")
    i, w = k.waffe(waffe)
    _abwehrwaffe_pruefen(t, i, blocken=art == "blocken")
    basis = k.fertigkeit(w.fertigkeit) + shift
    if art == "parade":
        return basis + (w.verteidigungsbonus if kampf.optionen.parade_mit_verteidigungsbonus else 0)
    if art == "blocken":
        return basis + (2 if w.waffenlos else 2 * w.verteidigungsbonus)
    raise KampfFehler(f"Unbekannte Verteidigung „{art}“.")


def sturz_plus(t: Teilnehmer) -> int:
    """Zuschlag auf die Patzerschwelle der nächsten Probe von ``t`` (kritischer Effekt 4 eines
    Gegners, „Erhöht bei dem Ziel die Patzerschwelle für einen Sturz um 5“), sonst 0."""
    return STURZ_PLUS if STURZSCHWELLE in t.zustaende else 0


def konter_erschwernis(kampf: Kampf, name: str) -> int:
    """Erschwernis eines Konters von ``name`` („Dieser ist um 3 erschwert …“), gesenkt um die
    Stufe der Spezialisierung ``konter``, nie unter 0."""
    o = kampf.optionen
    return max(0, o.konter_erschwernis - kampf[name].kaempfer.spezialisierung("konter"))


def verschiebung_pruefen(
    kampf: Kampf, angreifer: str, waffe: int | str, verschiebung: Verschiebung
) -> list[str]:
    """Regelverstöße einer Verschiebung für diesen Angriff (leer = erlaubt), Abschnitt
    „Verschieben von Kampfwerten“: Punkte nach dem Verhältnis der Spezialisierung
    ``verschiebung``; Attacke, Verteidigung (Kampferfahrung + Größe) und Schaden (größter
    Trefferpunktewurf der Waffe) nie unter 0 („Werte können dabei nicht ins Negative
    verschoben werden …“)."""
    k = kampf[angreifer].kaempfer
    _, w = k.waffe(waffe)
    a = parse(w.schaden)
    schaden_max = sum(g.anzahl * g.seiten * g.vorzeichen for g in a.wuerfel) + a.konstante
    return pruefe_verschiebung(
        verschiebung, angriffswert=k.fertigkeit(w.fertigkeit), verteidigung=k.passive_verteidigung,
        schaden_max=schaden_max, kritschwelle=kampf.optionen.kritschwelle,
        spezialisierung=k.spezialisierung("verschiebung"))


def _abwehrwaffe_pruefen(t: Teilnehmer, i: int, *, blocken: bool) -> None:
    """Die Waffe ist bereit (nicht verloren oder gebrochen) und kann, wenn nötig, blocken
    („mit Kettenwaffen ist kein Blocken möglich“)."""
    w = t.kaempfer.waffen[i]
    if t.waffen_status[i] != "bereit":
        raise KampfFehler(f"{w.name} von {t.name} ist {t.waffen_status[i]}.")
    if blocken and w.kettenwaffe:
        raise KampfFehler(f"Mit der Kettenwaffe {w.name} ist kein Blocken möglich.")


def _zweite_waffe_pruefen(
    t: Teilnehmer, art: str, haupt: int | str | None, zweite: int | str
) -> None:
    """„Blocken mit zwei Waffen“: nur beim Blocken, eine andere, bereite Waffe, die blocken
    kann (keine Kettenwaffe)."""
    if art != "blocken":
        raise KampfFehler("Eine zweite Waffe zählt nur beim Blocken mit zwei Waffen.")
    k = t.kaempfer
    i, w = k.waffe(zweite)
    if haupt is not None and k.waffe(haupt)[0] == i:
        raise KampfFehler(f"{w.name} ist schon die Hauptwaffe – bitte eine andere Nebenwaffe wählen.")
    _abwehrwaffe_pruefen(t, i, blocken=True)


@dataclass(frozen=True)
class BlockFolgen:
    """Was ein gelungener Block mit den Waffen macht (Abschnitt „Verteidigung“, Blocken)."""

    grenze: float
    """Stärke × Faktor: darüber wird die Hauptwaffe aus der Hand geschlagen."""
    faktor: float
    """1 (eine Waffe), 1,5 (zweihändig oder zwei Waffen) oder 2 (Schild)."""
    entwaffnet: bool
    teile: tuple[tuple[int, int, str], ...]
    """Je Waffe (Index, Trefferpunkte auf ihr, ``"gebrochen"``/``"beschaedigt"``/``"haelt"``);
    leer, wenn entwaffnet."""


def block_folgen(
    trefferpunkte: int,
    staerke: int,
    haupt: tuple[int, Waffe, int],
    zweit: tuple[int, Waffe, int] | None = None,
) -> BlockFolgen:
    """Folgen eines gelungenen Blocks (rein). ``haupt``/``zweit``: (Index, Waffe, aktuelle
    Stabilität).

    „Sind diese höher als die Stärke des Verteidigers, wird diesem die Waffe aus der Hand
    geschlagen. Bei zweihändig geführten Waffen oder Blocken mit zwei Waffen (wovon eine keine
    kurze Stichwaffe sein darf) gilt die 1 ½-fache, bei Schilden sogar die doppelte Stärke des
    Verteidigers. Sollte dies nicht der Fall sein, wird geprüft, ob der Schaden höher ist als
    die Stabilität der Waffe. Falls ja, bricht sie. Ist der Schaden höher als die halbe
    Stabilität, so sinkt die Stabilität um 1. … Beim Blocken mit 2 Waffen erhält die
    Hauptwaffe vollen Schaden, die Nebenwaffe halben Schaden.“
    """
    hi, hw, _ = haupt
    if hw.schild:
        faktor = 2.0
    elif hw.zweihaendig or (zweit is not None and not (
            zweit[1].kurze_stichwaffe and hw.kurze_stichwaffe)):
        faktor = 1.5
    else:
        faktor = 1.0
    grenze = staerke * faktor
    if trefferpunkte > grenze:
        return BlockFolgen(grenze, faktor, True, ())
    teile = []
    for (idx, _, stab), last in ((haupt, trefferpunkte),) + (
            ((zweit, trefferpunkte // 2),) if zweit is not None else ()):
        folge = "gebrochen" if last > stab else "beschaedigt" if last > stab / 2 else "haelt"
        teile.append((idx, last, folge))
    return BlockFolgen(grenze, faktor, False, tuple(teile))


def abwehr_arm(zweite_hand: bool = False) -> str:
    """Der Arm, der waffenlos pariert oder blockt („Der Schaden geht auf die entsprechenden
    Gliedmaßen.“): rechts, mit der zweiten Hand links (Lesart, docs/zeitstrahl.md)."""
    return "L Arm" if zweite_hand else "R Arm"


@je_objekt
def _schutz_je_zone(schichten: tuple[Schicht, ...]) -> dict[tuple[str, int], int]:
    """Rüstungsschutz je (Zone, ignorierte Schichten 0/1) einer Rüstung, einmal je Rüstung
    (``zonen_ruestung`` sortiert sonst bei jedem Treffer die Schichten neu)."""
    return {(z, ig): zonen_ruestung(schichten, z, ignorieren=ig).schutz for z in ZONEN for ig in (0, 1)}


def _halb(t: Teilnehmer, wert: int) -> int:
    """„Position verschlechtern (halbe Verteidigung bis zur nächsten Aktion)“."""
    return halbiert(wert, "Position verschlechtert" in t.zustaende)


# --- Angriff -------------------------------------------------------------------------------


def _krit_effekt(
    tabelle: Mapping[int, tuple[str, str]],
    augen: Mapping[str, Any] | None,
    rng: Any,
    wahl: int,
    schluessel_wurf: str,
    wofuer: str,
    angesagt: int | None = None,
) -> tuple[dict[str, Any], int, bool]:
    """Effekt einer Krit-Tabelle: angesagt oder per W6 (6 = freie Wahl ``wahl``), beim
    Effekt „Bonus von 1W6“ samt Bonuswurf (Schlüssel ``<schluessel_wurf>_bonus``).

    Gibt (Daten fürs Protokoll, Bonus, eingetippt) zurück."""
    getippt = False
    if angesagt is not None:
        n = angesagt
    else:
        w = augen_wuerfeln("W6", rng=rng, augen=_wuerfel_aus(augen, schluessel_wurf), wofuer=wofuer)
        n, getippt = w.gesamt, w.eingetippt
    if n == 6 and wahl not in range(1, 6):
        raise KampfFehler("Bei einer 6 bitte einen Effekt 1–5 wählen.")
    gewaehlt = effekt_auswerten(n, wahl)
    schluessel, text = tabelle[gewaehlt]
    daten: dict[str, Any] = {"wurf": n, "effekt": gewaehlt, "schluessel": schluessel, "text": text}
    bonus = 0
    if schluessel == "bonus_w6":
        b = augen_wuerfeln("W6", rng=rng, augen=_wuerfel_aus(augen, schluessel_wurf + "_bonus"),
                           wofuer="den W6-Bonus")
        getippt |= b.eingetippt
        bonus = daten["bonus"] = b.gesamt
    return daten, bonus, getippt


def angriff_ereignis(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: int | str = 0,
    verteidigung: str = "passiv",
    *,
    verteidigungs_waffe: int | str | None = None,
    zweite_hand: bool = False,
    zweite_waffe: int | str | None = None,
    verschiebung: Verschiebung = Verschiebung(),
    modifikator: int = 0,
    krit_wahl: int = 3,
    verteidigung_krit_wahl: int = 2,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    text: bool = True,
) -> Ereignis:
    """Ein ganzer Angriff samt Verteidigung, Trefferzone, Schaden, Blocken-Folgen,
    kritischen Effekten und Patzern – gewürfelt (``rng``) oder mit eingetippten ``augen``.

    ``augen`` (alle optional; was fehlt, würfelt ``rng``): ``"angriff"`` (Prüfwurf),
    ``"verteidigung"`` (W10 beim Ausweichen, Prüfwurf bei Parade/Blocken), ``"zone"`` (2W6,
    geordnet), ``"schaden"`` (Trefferpunktewürfel), ``"krit"``/``"krit_bonus"``,
    ``"verteidigung_krit"``/``"verteidigung_krit_bonus"``, ``"patzer"``/``"patzer_wurf"``,
    ``"verteidigung_patzer"``/``"verteidigung_patzer_wurf"``.

    Regeln: „Angriff“ (Treffer bei Attacke ≥ Verteidigung), „Verteidigung“, „Reaktionen“,
    „Trefferzonen“, „Schaden und Rüstungsschutz“, „Kritische Erfolge“, „Patzer“,
    „Verschieben von Kampfwerten“, „Kontern“.

    ``text=False`` (Simulation): dieselben Daten, ohne die Protokollzeile.
    """
    o = kampf.optionen
    ist_konter = kampf.konter is not None and kampf.konter == (angreifer, ziel)
    if ist_konter:
        a_t = kampf[angreifer]
        if a_t.kampfunfaehig(o):
            raise KampfFehler(f"{angreifer} ist kampfunfähig.")
    else:
        a_t = _am_zug_pruefen(kampf, angreifer)
    z_t = kampf[ziel]
    if angreifer == ziel:
        raise KampfFehler("Angreifer und Ziel sind dieselbe Person.")
    if z_t.kampfunfaehig(o) and verteidigung != "passiv":
        raise KampfFehler(f"{ziel} ist kampfunfähig und kann sich nicht aktiv verteidigen.")
    if verteidigung not in VERTEIDIGUNGEN:
        raise KampfFehler(f"Unbekannte Verteidigung „{verteidigung}“.")
    ak = a_t.kaempfer
    wi, w = ak.waffe(waffe)
    if a_t.waffen_status[wi] != "bereit":
        raise KampfFehler(f"{w.name} von {angreifer} ist {a_t.waffen_status[wi]}.")
    jetzt = a_t.position if a_t.position is not None else 0
    eingetippt = False
    zeilen: list[str] = []
    regeln = ["Angriff"]

    # Verschiebung prüfen (nur zur eigenen Aktion)
    grund_angriff = ak.fertigkeit(w.fertigkeit)
    verschoben = not verschiebung.leer
    if verschoben:
        if ist_konter:
            raise KampfFehler("Verschieben geht nur zur eigenen Aktion, nicht beim Kontern.")
        fehler = verschiebung_pruefen(kampf, angreifer, wi, verschiebung)
        if fehler:
            raise KampfFehler(" ".join(fehler))
        regeln.append("Verschieben von Kampfwerten")
    konter_malus = konter_erschwernis(kampf, angreifer) if ist_konter else 0
    angriffswert = grund_angriff + verschiebung.angriff + modifikator - konter_malus
    kritschwelle = o.kritschwelle - verschiebung.kritschwelle
    basis_patzerschwelle = o.basis_patzerschwelle
    patzerschwelle = basis_patzerschwelle + verschiebung.patzerschwelle
    # „Erhöht bei dem Ziel die Patzerschwelle für einen Sturz um 5“: ein Wurf bis zu 5 über
    # der eigenen Patzerschwelle ist ein Patzer mit der Folge „Sturz“ (docs/zeitstrahl.md)
    a_sturz = sturz_plus(a_t)
    if a_sturz:
        regeln.append("Kritische Erfolge beim Angriff")

    # Angriffsprobe
    a_augen = _wuerfel_aus(augen, "angriff")
    ap = probe(angriffswert, rng=None if a_augen is not None else rng, augen=a_augen,
               kritschwelle=kritschwelle, patzerschwelle=patzerschwelle + a_sturz, optionen=o)
    eingetippt |= ap.eingetippt
    angriff_gesamt = ap.gesamt
    a_patzer, a_kritisch = ap.patzer, ap.kritisch
    if text:
        zeilen.append(f"{angreifer} greift {ziel} mit {w.name} an: {angriffswert}+{ap.natuerlich}"
                      f"={ap.gesamt}" + (" (kritisch)" if a_kritisch else "")
                      + (" (Patzer)" if a_patzer else ""))
    krit: dict[str, Any] | None = None
    if a_kritisch:
        regeln.append("Kritische Erfolge beim Angriff")
        angesagt = verschiebung.krit_effekt if verschiebung.kritschwelle > 0 else None
        krit, bonus, getippt = _krit_effekt(KRIT_ANGRIFF, augen, rng, krit_wahl, "krit",
                                            "den kritischen Effekt", angesagt)
        eingetippt |= getippt
        angriff_gesamt += bonus
        if text:
            zeilen.append(f"Kritischer Effekt: {krit['text']}")

    # Verteidigung
    reakt_ticks = reaktions_ticks(kampf, ziel, verteidigung, verteidigungs_waffe, zweite_hand)
    angriff_ticks = w.geschwindigkeit
    grund = ""
    if verteidigung != "passiv":
        grund = kann_reagieren(kampf, ziel, jetzt + angriff_ticks)
        if grund:
            raise KampfFehler(grund)
        regeln += ["Verteidigung", "Reaktionen"]
    vwert = verteidigungswert(kampf, ziel, verteidigung, verteidigungs_waffe)
    if zweite_waffe is not None:
        _zweite_waffe_pruefen(z_t, verteidigung, verteidigungs_waffe, zweite_waffe)
    v_probe: Probe | None = None
    v_patzer = v_kritisch = False
    v_krit: dict[str, Any] | None = None
    v_augen = _wuerfel_aus(augen, "verteidigung")
    if verteidigung == "passiv":
        vgesamt = vwert
    elif verteidigung == "ausweichen":
        wurf10 = augen_wuerfeln("W10", rng=None if v_augen is not None else rng, augen=v_augen,
                                wofuer="das Ausweichen (W10)")
        eingetippt |= wurf10.eingetippt
        vgesamt = vwert + wurf10.gesamt
    else:
        v_probe = probe(vwert, rng=None if v_augen is not None else rng, augen=v_augen,
                        patzerschwelle=basis_patzerschwelle + sturz_plus(z_t), optionen=o)
        eingetippt |= v_probe.eingetippt
        vgesamt = v_probe.gesamt
        v_patzer, v_kritisch = v_probe.patzer, v_probe.kritisch
        if v_kritisch:
            regeln.append("Kritische Erfolge beim Verteidigen")
            v_krit, bonus, getippt = _krit_effekt(
                KRIT_VERTEIDIGUNG, augen, rng, verteidigung_krit_wahl, "verteidigung_krit",
                "den kritischen Verteidigungseffekt")
            eingetippt |= getippt
            vgesamt += bonus
    vgesamt = _halb(z_t, vgesamt)
    if text:
        zeilen.append(f"{ziel}: {_NAMEN_VERTEIDIGUNG[verteidigung]} {vgesamt}")
        if v_krit:
            zeilen.append(f"Kritische Verteidigung: {v_krit['text']}")

    # Treffer?
    treffer = treffer_auswerten(a_patzer, a_kritisch, verteidigung == "passiv", angriff_gesamt,
                                vgesamt, kritisch_trifft_immer=o.kritisch_trifft_immer)

    # Zeit
    effekt, v_effekt = (krit["effekt"] if krit else 0), (v_krit["effekt"] if v_krit else 0)
    a_ticks = angriff_ticks_auswerten(angriff_ticks, effekt, v_effekt, o.mindest_ticks)
    reakt_ticks = reaktions_ticks_auswerten(reakt_ticks, v_effekt, verteidigung == "passiv",
                                            o.mindest_ticks)

    aend: dict[str, dict[str, Any]] = {angreifer: _eigene_aktion(a_t) if not ist_konter
                                        else {"angesagt": False}}
    aend.setdefault(ziel, {})
    a_pos = (a_t.position or 0) + a_ticks
    aend[angreifer]["position"] = a_pos
    if verschoben:
        aend[angreifer]["verschiebung"] = verschiebung.als_dict()
    balken = [_balken(angreifer, a_t.position or 0, a_pos, "Konter" if ist_konter else "Angriff",
                      f"{w.name} auf {ziel}")]
    z_pos = z_t.position
    if verteidigung != "passiv" and z_t.position is not None:
        z_start = max(z_t.position, jetzt)
        z_pos = reaktions_position(z_t.position, jetzt, reakt_ticks)
        aend[ziel]["position"] = z_pos
        aend[ziel]["angesagt"] = False
        if z_t.laufend:
            # „Alle anderen Arten der Verteidigung unterbrechen gegebenenfalls die aktuelle Aktion.“
            aend[ziel]["laufend"] = ""
            if text:
                zeilen.append(f"{ziel} unterbricht „{z_t.laufend}“.")
        # Der Balken zeigt die Zeit, die die Reaktion kostet: sie schiebt die nächste eigene
        # Aktion nach hinten (z_start … z_pos), auch wenn der Angriff früher kam.
        balken.append(_balken(ziel, z_start, z_pos, _NAMEN_VERTEIDIGUNG[verteidigung],
                              f"gegen {angreifer} (Angriff bei Tick {jetzt})"))

    # Schaden
    daten_schaden: dict[str, Any] = {}
    zk = z_t.kaempfer
    v_waffe = (zk.waffe(verteidigungs_waffe)
               if verteidigung in ("parade", "blocken") and verteidigungs_waffe is not None
               else None)
    abgewehrt_mit_folgen = abwehr_mit_folgen(treffer, a_patzer, v_waffe is not None,
                                             verteidigung == "blocken",
                                             v_waffe is not None and v_waffe[1].waffenlos)
    if treffer or abgewehrt_mit_folgen:
        dw = augen_wuerfeln(w.schaden, rng=rng, augen=_wuerfel_aus(augen, "schaden"),
                            wofuer=f"den Schaden ({w.schaden})")
        eingetippt |= dw.eingetippt
        tp = list(dw.summen)
        daten_schaden["trefferpunkte"] = tp
        daten_schaden["trefferpunkte_summe"] = dw.gesamt
    lp_minus = 0
    if treffer:
        regeln += ["Trefferzonen", "Schaden und Rüstungsschutz"]
        z_augen = _wuerfel_aus(augen, "zone")
        zw = augen_wuerfeln("2W6", rng=None if z_augen is not None else rng, augen=z_augen,
                            wofuer="die Trefferzone (2W6)")
        tz = trefferzone(zw.summen[0], zw.summen[1])
        # „Die bestgeschützte Stelle wird getroffen“ – empfindlich bleibt, was der Wurf sagt
        zone = (bestgeschuetzte_zone(zk.ruestung)
                if v_krit and v_krit["schluessel"] == "bestgeschuetzt" else tz.zone)
        empf = tz.empfindlich
        eingetippt |= zw.eingetippt
        ignorieren = 1 if krit and krit["schluessel"] == "schicht_ignorieren" else 0
        rs = _schutz_je_zone(zk.ruestung)[zone, ignorieren]
        sp = treffer_schadenspunkte(daten_schaden["trefferpunkte"], rs,
                                    konstante=dw.konstante, bonus=verschiebung.schaden,
                                    empfindlich=empf, effekt=effekt, verteidigung_effekt=v_effekt,
                                    vor_ruestung=o.empfindlich_vor_ruestung)
        lp_minus = sp
        daten_schaden.update({"zone": zone, "zonenwurf": [tz.erster, tz.zweiter],
                              "empfindlich": empf, "ruestungsschutz": rs,
                              "schadenspunkte": sp})
        if text:
            zeilen.append(f"Treffer {zone}{' (empfindlich)' if empf else ''}: "
                          f"Trefferpunkte {aufzaehlung(tp)} − RS {rs} je Würfel → {sp} Schadenspunkte")
    elif abgewehrt_mit_folgen and v_waffe is not None:
        vi, vw = v_waffe
        tp_summe = daten_schaden["trefferpunkte_summe"]
        if vw.waffenlos:
            # waffenlose Parade: ¼ der Trefferpunkte; waffenloser Block: voll – auf den Arm
            arm = abwehr_arm(zweite_hand)
            rs = zonen_ruestung(zk.ruestung, arm).schutz
            if verteidigung == "parade":
                # „reduzieren die Trefferpunkte lediglich auf ¼“: erst vierteln, dann Rüstung
                sp = waffenlose_parade_schadenspunkte(
                    daten_schaden["trefferpunkte"], rs, konstante=dw.konstante,
                    je_wuerfel=o.waffenlose_parade_je_wuerfel)
            else:
                sp = schadenspunkte(daten_schaden["trefferpunkte"], rs,
                                    konstante=dw.konstante)
            lp_minus = sp
            daten_schaden.update({"zone": arm, "ruestungsschutz": rs, "schadenspunkte": sp})
            zeilen.append(f"Waffenlos {'pariert' if verteidigung == 'parade' else 'geblockt'}: "
                          f"{sp} Schadenspunkte am {arm}")
        elif verteidigung == "blocken":
            regeln.append("Blocken")
            zweit = zk.waffe(zweite_waffe) if zweite_waffe is not None else None
            bf = block_folgen(
                tp_summe, zk.staerke, (vi, vw, z_t.stabilitaet[vi]),
                (zweit[0], zweit[1], z_t.stabilitaet[zweit[0]]) if zweit is not None else None)
            grenze = bf.grenze
            waffen_aend: list[dict[str, Any]] = []
            if bf.entwaffnet:
                waffen_aend.append({"index": vi, "status": "verloren"})
                zeilen.append(f"Geblockt, aber {tp_summe} > Stärke×{dezimal(bf.faktor)} "
                              f"({dezimal(grenze)}): {vw.name} fliegt aus der Hand!")
            for idx, last, folge in bf.teile:
                ww, stab = zk.waffen[idx], z_t.stabilitaet[idx]
                if folge == "gebrochen":
                    waffen_aend.append({"index": idx, "status": "gebrochen"})
                    zeilen.append(f"Geblockt: {last} > Stabilität {stab} – {ww.name} bricht!")
                elif folge == "beschaedigt":
                    waffen_aend.append({"index": idx, "stabilitaet": stab - 1})
                    zeilen.append(f"Geblockt: {last} > halbe Stabilität – {ww.name} "
                                  f"Stabilität {stab}→{stab - 1}")
                else:
                    zeilen.append(f"Geblockt: {ww.name} hält ({last} Trefferpunkte).")
            if waffen_aend:
                aend[ziel]["waffen"] = waffen_aend
            daten_schaden["staerke_grenze"] = grenze
    if lp_minus:
        aend[ziel]["lebenspunkte_minus"] = lp_minus
        if text and o.gesundheit != "ohne" and z_t.lebenspunkte - lp_minus <= o.kampfunfaehig_bei:
            zeilen.append(f"{ziel} ist kampfunfähig (Lebenspunkte {z_t.lebenspunkte - lp_minus}).")
    if a_sturz:
        aend[angreifer]["zustand_weg"] = list(aend[angreifer].get("zustand_weg", [])) + [STURZSCHWELLE]
    if v_probe is not None and sturz_plus(z_t):
        aend[ziel]["zustand_weg"] = list(aend[ziel].get("zustand_weg", [])) + [STURZSCHWELLE]
    if krit and krit["schluessel"] == "sturz_schwelle" and treffer:
        aend[ziel]["zustand_neu"] = [STURZSCHWELLE]
        aend[ziel]["zustand_weg"] = [z for z in aend[ziel].get("zustand_weg", [])
                                     if z != STURZSCHWELLE]
    if text and not treffer:
        zeilen.append("Daneben." if verteidigung != "blocken" or a_patzer else "Abgewehrt.")

    # Patzer (Angriff und Verteidigung)
    patzer_daten: list[dict[str, Any]] = []
    for wer, pr, gepatzt, t, widx, schl, normal in (
        (angreifer, ap, a_patzer, a_t, wi, "patzer", patzerschwelle),
        (ziel, v_probe, v_patzer, z_t, v_waffe[0] if v_waffe else None, "verteidigung_patzer",
         basis_patzerschwelle),
    ):
        if not gepatzt:
            continue
        regeln.append("Patzer")
        if nur_sturz(pr.natuerlich, normal, o.sturz_mit_patzertabelle):
            # nur durch die erhöhte Sturz-Patzerschwelle ein Patzer: die Folge ist der Sturz
            schluessel, folge = "sturz", f"Sturz (Wurf {pr.natuerlich} ≤ Sturzschwelle {pr.patzerschwelle})"
            eintrag: dict[str, Any] = {"wer": wer, "wurf": None, "schluessel": schluessel,
                                       "text": folge}
        else:
            pw = augen_wuerfeln("W6", rng=rng, augen=_wuerfel_aus(augen, schl),
                                wofuer="den Patzer (W6)")
            eingetippt |= pw.eingetippt
            schluessel, folge = PATZER[pw.gesamt]
            eintrag = {"wer": wer, "wurf": pw.gesamt, "schluessel": schluessel, "text": folge}
        ziel_aend = aend.setdefault(wer, {})
        neu = list(ziel_aend.get("zustand_neu", []))
        if schluessel == "waffe_verloren" and widx is not None:
            ziel_aend.setdefault("waffen", []).append({"index": widx, "status": "verloren"})
        elif schluessel == "bruchtest" and widx is not None:
            eigene = t.kaempfer.waffen[widx]
            bw = augen_wuerfeln(eigene.schaden, rng=rng, augen=_wuerfel_aus(augen, schl + "_wurf"),
                                wofuer="den Bruchtest")
            eingetippt |= bw.eingetippt
            stab, gebrochen = bruchtest_auswerten(bw.gesamt, t.stabilitaet[widx])
            status = "gebrochen" if gebrochen else "bereit"
            ziel_aend.setdefault("waffen", []).append(
                {"index": widx, "stabilitaet": stab, "status": status})
            eintrag["bruchtest"] = bw.gesamt
            folge += f" ({bw.gesamt} gegen {stab}: {'gebrochen' if status == 'gebrochen' else 'hält'})"
        elif schluessel == "sturz":
            neu.append("Gestürzt")
        elif schluessel == "geblendet":
            gw = augen_wuerfeln("2W6", rng=rng, augen=_wuerfel_aus(augen, schl + "_wurf"),
                                wofuer="die Blendung (2W6)")
            eingetippt |= gw.eingetippt
            neu.append(f"Geblendet bis Tick {jetzt + gw.gesamt}")
            eintrag["ticks"] = gw.gesamt
        elif schluessel == "position_schlecht":
            neu.append("Position verschlechtert")
        elif schluessel == "stolpern":
            sw = augen_wuerfeln("W6", rng=rng, augen=_wuerfel_aus(augen, schl + "_wurf"),
                                wofuer="das Stolpern (W6)")
            eingetippt |= sw.eingetippt
            basis = ziel_aend.get("position", t.position or 0)
            ziel_aend["position"] = basis + sw.gesamt
            eintrag["ticks"] = sw.gesamt
        if neu:
            ziel_aend["zustand_neu"] = neu
            if "Position verschlechtert" in neu:
                ziel_aend["zustand_weg"] = [z for z in ziel_aend.get("zustand_weg", [])
                                            if z != "Position verschlechtert"]
        patzer_daten.append(eintrag)
        if text:
            zeilen.append(f"Patzer von {wer}: {folge}")

    # Kontern
    konter = None
    if not ist_konter and konter_vorsprung_erreicht(verteidigung == "passiv", treffer, a_patzer,
                                                    vgesamt, angriff_gesamt,
                                                    vorsprung=o.konter_vorsprung):
        # „Spezialisierungen verringern eine Erschwernis oder erhöhen die erlaubte
        # Zeitdifferenz.“ – je Spezialisierung eins von beiden (Option: „konter“ beides)
        erlaubt = zk.spezialisierung("konter_zeit") + (
            zk.spezialisierung("konter") if o.konter_spezialisierung_beides else 0)
        a_neu = aend[angreifer].get("position", a_pos)
        z_neu = aend[ziel].get("position", z_pos)
        if z_neu is not None and konter_zeit_erlaubt(z_neu, a_neu, erlaubt):
            konter = [ziel, angreifer]
            zeilen.append(f"{ziel} darf sofort kontern (um {o.konter_erschwernis} erschwert).")
        else:
            zeilen.append(f"{ziel} wehrt glänzend ab, aber die Zeitdifferenz ({z_neu} gegen "
                          f"{a_neu}) verhindert einen Konter.")
        regeln.append("Kontern")

    return Ereignis(
        "angriff",
        {
            "angreifer": angreifer, "ziel": ziel, "waffe": w.name,
            "verteidigung": verteidigung,
            "verteidigungs_waffe": v_waffe[1].name if v_waffe else None,
            "konter_angriff": ist_konter,
            "angriff": {"wert": angriffswert, "wurf": ap.natuerlich, "gesamt": angriff_gesamt,
                        "kritisch": a_kritisch, "patzer": a_patzer,
                        "kritschwelle": kritschwelle, "patzerschwelle": patzerschwelle},
            "abwehr": {"wert": vwert, "gesamt": vgesamt,
                       "wurf": v_probe.natuerlich if v_probe else None,
                       "kritisch": bool(v_kritisch), "patzer": bool(v_patzer)},
            "treffer": treffer,
            "ticks": {"angriff": a_ticks, "verteidigung": reakt_ticks},
            "krit": krit, "verteidigung_krit": v_krit, "patzer": patzer_daten,
            "schaden": daten_schaden,
            "verschiebung": verschiebung.als_dict(),
            "aenderungen": aend, "balken": balken, "konter": konter,
        },
        regel=_regel(*dict.fromkeys(regeln)),
        eingetippt=eingetippt,
        text=" · ".join(zeilen) if text else "",
    )
