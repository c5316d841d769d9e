"""Zustand eines Zeitstrahl-Kampfes und das reine ``anwenden`` (aus ``kampf.py`` gelöst).

Regeltext ``regeln/zeitstrahl.txt``, „Der Kampf“: die Position eines Teilnehmers ist der Tick
seiner nächsten Aktion. „Der mit der niedrigsten Position auf dem Zeitstrahl ist als erstes
an der Reihe. Wenn mehrere Parteien gleichzeitig dran sind, finden deren Aktionen auch
gleichzeitig statt. Dabei erhöht jede Aktion die Position auf dem Zeitstrahl.“

:func:`anwenden` liest nur die Änderungen eines :class:`~gm_helfer.protokoll.Ereignis` und
baut einen neuen Zustand – so spielt ein gespeichertes Protokoll genau dasselbe nach. Die
alten Namen stehen weiter in :mod:`gm_helfer.zeitstrahl.kampf`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from gm_helfer.fehler import RegelFehler
from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import einmal_je_objekt, ersetzen

from .daten import ZONEN
from .optionen import STANDARD, Optionen
from .schaden import Schicht
from .verschiebung import KEINE_VERSCHIEBUNG, Verschiebung

__all__ = [
    "SYSTEM",
    "VERTEIDIGUNGEN",
    "STURZSCHWELLE",
    "STURZ_PLUS",
    "KAMPFUNFAEHIG",
    "KampfFehler",
    "Waffe",
    "Kaempfer",
    "Teilnehmer",
    "Balken",
    "Kampf",
    "neuer_kampf",
    "kampf_aus_kopf",
    "anwenden",
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
KAMPFUNFAEHIG = "kampfunfähig"
"""Zustand, den der Spielleiter ohne Gesundheitsmodell setzt (``Optionen.gesundheit="ohne"``)."""



class KampfFehler(RegelFehler):
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
    def aus_dict(cls, d: Mapping[str, Any]) -> Kaempfer:
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
class Abtausch:
    """Ein gleichzeitiger Abtausch bei einem Tick („Wenn mehrere Parteien gleichzeitig dran
    sind, finden deren Aktionen auch gleichzeitig statt.“, Lesart ``Optionen.gleichzeitig``).

    Er beginnt, sobald der Erste von mehreren, die bei ``tick`` dran sind, handelt, und endet,
    wenn alle gehandelt haben. Jeder würfelt gegen ``basis``, den Stand vor dem Abtausch; die
    Ergebnisse kommen zusammen (Schaden addiert sich, Zeit auch) – wer von einem gleichzeitigen
    Treffer kampfunfähig wird, führt seine Aktion trotzdem aus."""

    tick: int
    basis: Kampf = field(repr=False)
    """Der Stand vor dem Abtausch (samt Ansagen, die in ihm gemacht wurden)."""
    offen: tuple[str, ...] = ()
    """Wer bei ``tick`` noch handeln muss (Reihenfolge der Aufstellung)."""
    neu: tuple[tuple[str, str], ...] = ()
    """(Name, Zustand), die im Abtausch neu entstanden sind – eine eigene Probe gegen den alten
    Stand verbraucht sie nicht."""


@dataclass(frozen=True)
class Kampf:
    """Der ganze Kampfzustand (unveränderlich)."""

    teilnehmer: tuple[Teilnehmer, ...]
    optionen: Optionen = STANDARD
    balken: tuple[Balken, ...] = ()
    konter: tuple[str, str] | None = None
    """(Verteidiger, Angreifer), wenn ein Gegenangriff erlaubt ist („Kontern“)."""
    gestartet: bool = False
    abtausch: Abtausch | None = None
    """Der laufende gleichzeitige Abtausch (``None``: keiner)."""

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
        """Der aktuelle Tick: die niedrigste Position der Kampffähigen (im Abtausch: dessen Tick)."""
        if self.abtausch is not None:
            return self.abtausch.tick
        pos = [t.position for t in self.aktive if t.position is not None]
        return min(pos) if pos else None

    @einmal_je_objekt
    def am_zug(self) -> tuple[str, ...]:
        """Alle, die jetzt (gleichzeitig) handeln; im Abtausch, wer darin noch handeln muss –
        auch wer inzwischen von einem gleichzeitigen Treffer kampfunfähig ist."""
        if self.abtausch is not None:
            return self.abtausch.offen
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
    """Gegenstück zu :meth:`Kampf.als_kopf` (für ``Verlauf.fortsetzen``). Eine Datei aus der
    Zeit vor ``Optionen.gleichzeitig`` spielt nacheinander weiter, wie sie geschrieben wurde."""
    optionen = dict(kopf.get("optionen", {}))
    optionen.setdefault("gleichzeitig", False)
    return neuer_kampf([Kaempfer.aus_dict(d) for d in kopf["kaempfer"]], Optionen(**optionen))


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
    Werte), ``daten["balken"]`` und ``daten["konter"]``; ändert ``kampf`` nie. Führt den
    gleichzeitigen Abtausch (:class:`Abtausch`) nach: wer darin gehandelt hat, ist nicht mehr
    offen."""
    neu = _anwenden_roh(kampf, ereignis)
    if not kampf.optionen.gleichzeitig:
        return neu
    abtausch = _abtausch_danach(kampf, ereignis, neu)
    if abtausch is None:
        return neu
    neu = ersetzen(neu, abtausch=abtausch)
    neu.__dict__["_index"] = kampf._index
    return neu


_HANDLUNGEN = ("aktion", "ansage")
"""Eigene Aktionen, die einen Abtausch öffnen oder darin zählen; das Verfallen einer Ansage
beendet nur die schon angesagte Aktion."""


def _handelnder(ereignis: Ereignis) -> str | None:
    """Wer mit diesem Ereignis seine eigene Aktion auf dem Zeitstrahl tut (ein Konter ist
    keine eigene Aktion, sondern gehört zur Verteidigung)."""
    d = ereignis.daten
    if ereignis.art == "angriff":
        return None if d.get("konter_angriff") else d.get("angreifer")
    if ereignis.art in _HANDLUNGEN or ereignis.art == "ansage_verfallen":
        return d.get("name")
    return None


def _abtausch_danach(vorher: Kampf, ereignis: Ereignis, neu: Kampf) -> Abtausch | None:
    """Der Abtausch nach ``ereignis``: er beginnt, wenn der Erste von mehreren bei einem Tick
    handelt, und endet, wenn keiner mehr offen ist. Eine Ansage gilt auch im Stand vor dem
    Abtausch (sie ist eine Erklärung, kein Ergebnis)."""
    ab = vorher.abtausch
    wer = _handelnder(ereignis)
    aenderungen: Mapping[str, Mapping[str, Any]] = ereignis.daten.get("aenderungen", {})
    dazu = tuple((n, z) for n, a in aenderungen.items() for z in a.get("zustand_neu", ()))
    if ab is None:
        dran = vorher.am_zug
        if (wer is None or ereignis.art not in _HANDLUNGEN + ("angriff",) or wer not in dran
                or len(dran) < 2 or vorher.jetzt is None):
            return None
        # wer schon eine Reaktion angesagt hat, hat bei diesem Tick gehandelt
        offen = tuple(n for n in dran if n != wer and not vorher[n].angesagt)
        if not offen:
            return None
        basis = _anwenden_roh(vorher, ereignis) if ereignis.art == "ansage" else vorher
        return Abtausch(vorher.jetzt, basis, offen, dazu)
    if wer not in ab.offen:
        return replace(ab, neu=ab.neu + dazu)
    offen = tuple(n for n in ab.offen if n != wer)
    if not offen:
        return None
    basis = _anwenden_roh(ab.basis, ereignis) if ereignis.art == "ansage" else ab.basis
    return Abtausch(ab.tick, basis, offen, ab.neu + dazu)


def _anwenden_roh(kampf: Kampf, ereignis: Ereignis) -> Kampf:
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
    # Ein offener Konter bleibt, bis er genommen oder ausgeschlagen ist (die Ereignis-Bauer
    # verweigern jeden anderen Schritt vorher); Eingriffe des Spielleiters lassen ihn stehen.
    konter = d.get("konter", kampf.konter if ereignis.art in _SPIELLEITER_EREIGNISSE else None)
    neu = Kampf(
        teilnehmer=teilnehmer,
        optionen=kampf.optionen,
        balken=balken,
        konter=tuple(konter) if konter else None,
        gestartet=kampf.gestartet or ereignis.art == "start",
        abtausch=kampf.abtausch if ereignis.art in _SPIELLEITER_EREIGNISSE else None,
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
    im_abtausch = kampf.abtausch is not None and name in kampf.abtausch.offen
    if t.kampfunfaehig(kampf.optionen) and not im_abtausch:
        raise KampfFehler(f"{name} ist kampfunfähig.")
    if kampf.konter is not None:
        verteidiger, angreifer = kampf.konter
        raise KampfFehler(f"{verteidiger} darf gegen {angreifer} kontern – erst kontern oder "
                          "auf den Konter verzichten.")
    if t.angesagt:
        raise KampfFehler(f"{name} hat eine Reaktion angesagt – seine Aktion ist die Reaktion. Kommt "
                          "kein Angriff, verfällt sie (1 Tick).")
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
