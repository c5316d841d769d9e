"""Der Kampf als unveränderlicher Zustand plus Ereignisse (für ``gm_helfer.protokoll.Verlauf``).

Drei Schichten (DESIGN.md): die ``ereignis_*``-Funktionen würfeln (``rng``) oder nehmen
eingetippte Augen/Karten und bauen ein :class:`~gm_helfer.protokoll.Ereignis`, das alle
Würfel enthält; :func:`anwenden` wertet diese Würfel mit den reinen Regeln aus
(:mod:`proben`, :mod:`schaden`, :mod:`initiative`) und gibt einen neuen
:class:`Kampfzustand` zurück. Nichts wird verändert; Rückgängig heißt das letzte Ereignis
weglassen.

Jedes Ereignis nennt seine Regel (``"Savage Worlds › <Überschrift>"``).

>>> import random
>>> held = Kaempfer("Alrik", "Helden", True, attribute=(("geschicklichkeit", Eigenschaft(8)),))
>>> z = kampf_beginnen([held])
>>> z = anwenden(z, ereignis_runde(z))
>>> z = anwenden(z, ereignis_karten(z, rng=random.Random(1)))
>>> z.runde, len(z.karten)
(1, 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.schnell import bauen, gemerkt, merken
from gm_helfer.schnell import ersetzen as replace
from gm_helfer.schnell import je_objekt
from gm_helfer.karten import Karte, KartenFehler, Stapel, blatt
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.aktionen import (
    AUFSTEHEN_KOSTEN,
    KRIECHEN,
    bewegungsweite,
    mehrfachaktion_abzug,
    sprungweite,
    waffe_bereitmachen,
)
from gm_helfer.savage_worlds.daten import BELEUCHTUNG, DECKUNG, JOKER_BONUS, REICHWEITE, Waffe
from gm_helfer.savage_worlds.initiative import karte_waehlen
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.proben import (
    UNTRAINIERT,
    Eigenschaft,
    Probe,
    bewerten,
    eigenschaft,
    vergleichen,
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
    wundabzug,
    wunden_auswerten,
)

__all__ = [
    "BEWEGUNGSARTEN",
    "Angriffssituation",
    "KampfFehler",
    "Kaempfer",
    "Kampfzustand",
    "Treffer",
    "anwenden",
    "aktionen_zahl",
    "angesagte_aktionen",
    "angriffs_modifikatoren",
    "ausbluten_faellig",
    "bewegung_uebrig",
    "ereignis_bereitmachen",
    "ist_oder_sind",
    "ereignis_bewegung",
    "ereignis_manoever",
    "ereignis_patt",
    "ereignis_probe_behalten",
    "ereignis_probe_wiederholen",
    "offene_probe",
    "probe_ausgang",
    "probe_werte",
    "probe_wiederholbar",
    "OffeneProbe",
    "PROBEN_STUFEN",
    "gruppen_sprint",
    "ereignis_springen",
    "erholung_sofort",
    "joker_halter",
    "kampf_beginnen",
    "kann_wegstecken",
    "start_aus_kopf",
    "unterbrechen_ohne_probe",
]

SYSTEM = "savage_worlds"
R = "Savage Worlds › "


class KampfFehler(ValueError):
    """Ein Schritt, den die Regeln gerade nicht erlauben; deutsche Meldung."""


# ---------------------------------------------------------------------------------------
# Zustand
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kaempfer:
    """Ein Kampfteilnehmer: Werte vom Bogen und sein Zustand im Kampf."""

    name: str
    seite: str
    """„Helden“ oder „Schurken“."""
    wildcard: bool
    gruppe: str = ""
    """Gruppe gleichartiger Statisten, die eine gemeinsame Karte erhält (leer: eigene Karte)."""
    verbuendet_mit: str = ""
    """Verbündeter Statist: handelt auf der Karte dieses Spielercharakters."""
    attribute: tuple[tuple[str, Eigenschaft], ...] = ()
    fertigkeiten: tuple[tuple[str, Eigenschaft], ...] = ()
    parade: int = 2
    robustheit: int = 4
    bewegungsweite: int = 6
    talente: frozenset[str] = frozenset()
    """„kuehler_kopf“, „verbesserter_kuehler_kopf“, „schnell“, „blitzhieb“."""
    waffen: tuple[Waffe, ...] = ()
    bennies: int = 0
    wunden: int = 0
    angeschlagen: bool = False
    ausser_gefecht: bool = False
    ag_probe_offen: bool = False
    """Eine Außer-Gefecht-Probe steht aus (Wildcard)."""
    ag_ergebnis: str = ""
    """Schlimmstes bisheriges Ergebnis der Außer-Gefecht-Proben (siehe ``AG_STUFEN``)."""
    blutet: bool = False
    tot: bool = False
    verletzungen: tuple[str, ...] = ()

    def attribut(self, name: str) -> Eigenschaft:
        for n, e in self.attribute:
            if n == name:
                return e
        return Eigenschaft(4)

    def fertigkeit(self, name: str) -> Eigenschaft:
        """Ein Fertigkeitswürfel; fehlt die Fertigkeit, W4−2 (untrainiert)."""
        for n, e in self.fertigkeiten:
            if n == name:
                return e
        return UNTRAINIERT

    def waffe(self, name: str) -> Waffe:
        for w in self.waffen:
            if w.name == name:
                return w
        if name == "Waffenlos":
            return Waffe("Waffenlos", "Nahkampf", "St")
        raise KampfFehler(f"{self.name} hat keine Waffe „{name}“.")

    @property
    def kampffaehig(self) -> bool:
        return not (self.ausser_gefecht or self.tot)

    @property
    def wundabzug(self) -> int:
        """Wundabzüge: −1 je Wunde (höchstens −3)."""
        w = self.wunden
        return -w if type(w) is int and 0 <= w <= MAX_WUNDEN else wundabzug(w)

    @property
    def zustand_text(self) -> str:
        if self.tot:
            return "tot"
        teile = []
        if self.ausser_gefecht:
            teile.append("Außer Gefecht" + (" (blutet)" if self.blutet else ""))
        if self.angeschlagen:
            teile.append("Angeschlagen")
        if self.wunden:
            teile.append(f"{self.wunden} Wunde{'n' if self.wunden > 1 else ''}")
        return ", ".join(teile) or "kampfbereit"

    def als_dict(self) -> dict[str, Any]:
        """JSON-Form der Bogenwerte (für den Kopf des Protokolls)."""
        return {
            "name": self.name,
            "seite": self.seite,
            "wildcard": self.wildcard,
            "gruppe": self.gruppe,
            "verbuendet_mit": self.verbuendet_mit,
            "attribute": {n: str(e) for n, e in self.attribute},
            "fertigkeiten": {n: str(e) for n, e in self.fertigkeiten},
            "parade": self.parade,
            "robustheit": self.robustheit,
            "bewegungsweite": self.bewegungsweite,
            "talente": sorted(self.talente),
            "waffen": [w.__dict__ for w in self.waffen],
            "bennies": self.bennies,
            "wunden": self.wunden,
        }

    @classmethod
    def aus_dict(cls, d: Mapping[str, Any]) -> Kaempfer:
        return cls(
            name=d["name"],
            seite=d["seite"],
            wildcard=bool(d["wildcard"]),
            gruppe=d.get("gruppe", ""),
            verbuendet_mit=d.get("verbuendet_mit", ""),
            attribute=tuple((n, eigenschaft(e)) for n, e in d.get("attribute", {}).items()),
            fertigkeiten=tuple((n, eigenschaft(e)) for n, e in d.get("fertigkeiten", {}).items()),
            parade=int(d.get("parade", 2)),
            robustheit=int(d.get("robustheit", 4)),
            bewegungsweite=int(d.get("bewegungsweite", 6)),
            talente=frozenset(d.get("talente", ())),
            waffen=tuple(Waffe(**w) for w in d.get("waffen", ())),
            bennies=int(d.get("bennies", 0)),
            wunden=int(d.get("wunden", 0)),
        )


@dataclass(frozen=True)
class Treffer:
    """Ein gelungener Angriff, dessen Schaden noch aussteht."""

    angreifer: str
    ziel: str
    waffe: str
    steigerung: bool
    joker: bool
    blind: bool = False
    """Blindes Feuer: das Ziel darf einmal je Angriff eine Heimlichkeitsprobe ablegen."""
    angriff: int = 0
    """Nummer des Angriffs im Kampf (alle Treffer einer Feuerrate teilen sie)."""
    heimlichkeit: bool = False
    """Die Heimlichkeitsprobe gegen diesen Treffer ist gewürfelt (und misslungen)."""


@dataclass(frozen=True)
class OffenerSchaden:
    """Der letzte Schadenswurf – bis zum nächsten darf das Ziel ihn wegstecken."""

    ziel: str
    wunden: int
    """Wunden dieses Angriffs vor dem Wegstecken."""
    vorher: Kaempfer
    weggesteckt: int = 0
    """Bestes Ergebnis der Wegstecken-Proben (Wiederholen: das bessere zählt)."""
    versuche: int = 0
    angriff: int = 0
    """Nummer des Angriffs, aus dem der Schaden stammt (``Treffer.angriff``)."""


@dataclass(frozen=True)
class OffeneProbe:
    """Eine Eigenschaftsprobe (Erholung, Außer Gefecht, Ausbluten), die ein Benny wiederholen darf.

    Gültig, solange derselbe Moment des Kampfes andauert (Runde, wer an der Reihe ist, wer
    gehandelt hat, ausgeteilte Karten) und sich am Kämpfer außer seinen Bennies nichts geändert
    hat – das Zugende, die nächste Karte oder das Austeilen schlagen die Wiederholung aus.
    """

    art: str
    """„erholung“, „ausser_gefecht“ oder „ausbluten“ (wie die Ereignisart der Probe)."""
    name: str
    daten: Mapping[str, Any]
    """Die Daten des Ereignisses mit der Probe, die gerade zählt (bei Wiederholungen die bessere)."""
    vorher: Kaempfer
    """Der Kämpfer vor der ersten Probe (von hier aus wird das bessere Ergebnis angewandt)."""
    nachher: Kaempfer
    moment: tuple[Any, ...]


@dataclass(frozen=True)
class Kampfzustand:
    """Der ganze Kampf zu einem Zeitpunkt."""

    kaempfer: tuple[Kaempfer, ...]
    optionen: Optionen = Optionen()
    stapel: Stapel = field(default_factory=lambda: Stapel(blatt()))
    runde: int = 0
    karten: tuple[tuple[str, Karte, int], ...] = ()
    """(Kartenempfänger, Karte, Runde, in der sie ausgeteilt wurde)."""
    abwartend: frozenset[str] = frozenset()
    gehandelt: frozenset[str] = frozenset()
    am_zug: str = ""
    joker_in_runde: bool = False
    grosse_gruppen: bool = False
    spielleiter_bennies: int = 0
    ueberrascht: frozenset[str] = frozenset()
    """Kartenempfänger ohne Karte in Runde 1 (Wahrnehmung misslungen)."""
    muss_handeln: frozenset[str] = frozenset()
    """Verlorene Unterbrechung: darf nicht weiter abwarten."""
    nur_freie_aktionen: frozenset[str] = frozenset()
    erholung_offen: frozenset[str] = frozenset()
    """Angeschlagene, die zu Beginn ihres Zugs die Erholungsprobe (oder einen Benny) noch schulden."""
    aktionen_runde: tuple[tuple[str, str], ...] = ()
    """(Kämpfer, Aktion) dieser Runde – „dieselbe Aktion nicht zweimal pro Runde“."""
    angesagt: tuple[tuple[str, int], ...] = ()
    """(Kämpfer, Zahl der Aktionen), festgelegt mit der ersten Aktion der Runde."""
    bewegung: tuple[tuple[str, Fraction], ...] = ()
    """(Kämpfer, verbrauchter Anteil der Bewegung dieser Runde; 1 = alles)."""
    sprint: tuple[tuple[str, int], ...] = ()
    """(Kämpfer, Zoll des Sprintwürfels dieser Runde)."""
    patt_folge: tuple[str, ...] = ()
    """Pattsituation: Kartenempfänger in der Reihenfolge ihrer Geschicklichkeitsproben."""
    offene_treffer: tuple[Treffer, ...] = ()
    offener_schaden: OffenerSchaden | None = None
    ausbluten_offen: frozenset[str] = frozenset()
    """Blutende, die am Anfang dieser Runde die Ausbluten-Probe noch schulden („am Anfang jeder
    weiteren Runde, noch bevor Aktionskarten ausgeteilt werden“)."""
    ausbluten_gewuerfelt: frozenset[str] = frozenset()
    """Wer die Ausbluten-Probe dieser Runde schon abgelegt hat (eine je Runde)."""
    vorrang: tuple[str, ...] = ()
    """Kartenempfänger, die vor dem weiteren Herunterzählen an der Reihe sind, vorne zuerst: wer
    unterbrochen wurde, setzt danach fort; wer eine Unterbrechung verlor, handelt direkt nach dem,
    den er unterbrechen wollte."""
    angriffe: int = 0
    """Zahl der Angriffe im Kampf (nummeriert die Treffer eines Angriffs)."""
    weggesteckt_gegen: frozenset[tuple[int, str]] = frozenset()
    """(Angriff, Ziel): gegen diesen Angriff wurde schon Schaden weggesteckt (für
    ``Optionen.wegstecken_einmal_je_angriff``)."""
    letzter_angriff: tuple[tuple[str, Any], ...] = ()
    """Der letzte Angriff (Daten des Ereignisses und Zahl seiner Treffer), solange er sich mit einem
    Benny wiederholen lässt – bis sein Schaden gewürfelt ist oder der Nächste an der Reihe ist."""
    nahkampf: frozenset[tuple[str, str]] = frozenset()
    """Wer mit wem im Nahkampf steht (Namenspaare, alphabetisch) – vom Spielleiter markiert; zählt
    für die Überzahl (``ueberzahl``)."""
    offene_proben: tuple[OffeneProbe, ...] = ()
    """Erholungs-, Außer-Gefecht- und Ausbluten-Proben, die sich noch mit einem Benny wiederholen
    lassen (:func:`probe_wiederholbar`) – je Kämpfer und Art die letzte."""

    # -- Nachschlagen ----------------------------------------------------------------
    def kaempfer_namens(self, name: str) -> Kaempfer:
        letztes = _LETZTES_VERZEICHNIS[0]
        if letztes[0] is self.kaempfer and letztes[1] == self.grosse_gruppen:
            k = letztes[2][0].get(name)
        else:
            k = _verzeichnis(self)[0].get(name)
        if k is None:
            raise KampfFehler(f"„{name}“ kämpft hier nicht mit.")
        return k

    def empfaenger(self, k: Kaempfer) -> str:
        """Wer die Karte für diesen Kämpfer erhält (Initiative: Karten austeilen)."""
        if self.grosse_gruppen:
            return k.seite
        if k.wildcard:
            return k.name
        if k.verbuendet_mit:
            return k.verbuendet_mit
        return k.gruppe or k.name

    def mitglieder(self, empfaenger: str) -> tuple[Kaempfer, ...]:
        letztes = _LETZTES_VERZEICHNIS[0]
        if letztes[0] is self.kaempfer and letztes[1] == self.grosse_gruppen:
            return letztes[2][1].get(empfaenger, ())
        return _verzeichnis(self)[1].get(empfaenger, ())

    def alle_empfaenger(self) -> tuple[str, ...]:
        """Alle Kartenempfänger in der Reihenfolge der Kämpfer (wer zuerst vorkommt)."""
        return tuple(_verzeichnis(self)[1])

    def karte_von(self, empfaenger: str) -> Karte | None:
        for e, karte, _ in self.karten:
            if e == empfaenger:
                return karte
        return None

    def karte_runde(self, empfaenger: str) -> int:
        for e, _, r in self.karten:
            if e == empfaenger:
                return r
        return 0

    def joker_bonus(self, name: str) -> int:
        """Joker: +2 auf Eigenschaftsproben und Schaden – nur für den Halter der Karte und nur
        in der Runde, in der er sie gezogen hat (nicht für eine in die nächste Runde
        mitgenommene Karte eines Abwartenden)."""
        return _joker_bonus_von(self, self.kaempfer_namens(name))

    def reihenfolge(self) -> tuple[tuple[str, Karte], ...]:
        """Das Herunterzählen: Karten vom Joker über Ass bis zur Zwei, Pik vor Herz vor Karo vor Kreuz."""
        return _reihenfolge(self.karten)

    def naechster(self) -> str | None:
        """Wer als Nächstes an der Reihe ist (ohne Abwartende und wer schon gehandelt hat).

        Vor dem Herunterzählen: zuerst ein Abwartender, der Angeschlagen ist (er muss seine
        Aktion „unmittelbar“ für die Erholungsprobe einsetzen), dann ``vorrang`` (ein
        Unterbrochener setzt fort, wer eine Unterbrechung verlor, handelt direkt danach), dann die
        Reihenfolge einer Pattsituation."""
        for e in erholung_sofort(self):
            if e != self.am_zug:
                return e
        for e in self.vorrang:
            if e not in self.gehandelt and e != self.am_zug and any(m.kampffaehig for m in self.mitglieder(e)):
                return e
        for e in self.patt_folge:
            if e not in self.gehandelt and e != self.am_zug and any(m.kampffaehig for m in self.mitglieder(e)):
                return e
        gruppen = _verzeichnis(self)[1]
        for e, _ in self.reihenfolge():
            # (ob e noch ein kampffähiges Mitglied hat, nur für die Kandidaten gefragt – meist einer)
            if e not in self.gehandelt and e not in self.abwartend and e != self.am_zug \
                    and any(m.kampffaehig for m in gruppen.get(e, ())):
                return e
        return None

    def bennies_von(self, name: str) -> int:
        return self.kaempfer_namens(name).bennies


def _joker_bonus_von(z: Kampfzustand, k: Kaempfer) -> int:
    """:meth:`Kampfzustand.joker_bonus` für den schon nachgeschlagenen Kämpfer ``k``."""
    halter = _joker_halter(z.karten, z.runde)
    if not halter or z.empfaenger(k) not in halter:
        return 0
    if k.verbuendet_mit and not k.wildcard and not z.grosse_gruppen and not z.optionen.joker_fuer_verbuendete:
        return 0
    return JOKER_BONUS


_JOKER_HALTER: list[Any] = [(None, None, frozenset())]
"""[(Karten-Tupel, Runde, Joker-Halter)] der letzten Frage an :func:`_joker_halter` – ein Tupel, das als
Ganzes gelesen und ersetzt wird (auch wenn zwei Threads gleichzeitig fragen)."""


def _joker_halter(karten: tuple[tuple[str, Karte, int], ...], runde: int) -> frozenset[str]:
    """Die Empfänger, deren Karte (die erste für sie eingetragene) ein in Runde ``runde`` gezogener
    Joker ist – gemerkt für das letzte Karten-Tupel (jede Probe fragt nach dem Joker-Bonus)."""
    letztes = _JOKER_HALTER[0]
    if letztes[0] is karten and letztes[1] == runde:
        return letztes[2]
    erste: dict[str, bool] = {}
    for e, karte, r in karten:
        if e not in erste:
            erste[e] = karte.ist_joker and r == runde
    halter = frozenset(e for e, joker in erste.items() if joker)
    _JOKER_HALTER[0] = (karten, runde, halter)
    return halter


@je_objekt
def _stehende_empfaenger(gruppen: dict[str, tuple[Kaempfer, ...]]) -> frozenset[str]:
    """Die Empfänger eines Verzeichnisses (Empfänger → Mitglieder) mit einem kampffähigen Mitglied."""
    return frozenset(e for e, ms in gruppen.items() if any(m.kampffaehig for m in ms))


@je_objekt
def _reihenfolge(karten: tuple[tuple[str, Karte, int], ...]) -> tuple[tuple[str, Karte], ...]:
    """:meth:`Kampfzustand.reihenfolge` für ein Karten-Tupel, gemerkt (es bleibt die ganze Runde gleich)."""
    return tuple((e, karte) for e, karte, _ in sorted(karten, key=lambda t: t[1].rang, reverse=True))


@je_objekt
def _verzeichnisse(kaempfer: tuple[Kaempfer, ...]) -> dict[bool, Any]:
    """Die Verzeichnisse eines Kämpfer-Tupels, je Wert von ``grosse_gruppen`` (gefüllt von
    :func:`_verzeichnis`; die zuletzt gefragten Tupel bleiben gemerkt, auch wenn die Simulation
    zwischen Zuständen wechselt)."""
    return {}


_LETZTES_VERZEICHNIS: list[Any] = [(None, None, None)]
"""[(Kämpfer-Tupel, ``grosse_gruppen``, Verzeichnis)] der letzten Frage an :func:`_verzeichnis`: die
meisten Fragen hintereinander gelten demselben Tupel, dann ist dies der kürzeste Weg. Ein Tupel, das
als Ganzes gelesen und ersetzt wird (auch wenn zwei Threads gleichzeitig fragen)."""


def _verzeichnis(z: Kampfzustand) -> tuple[dict[str, Kaempfer], dict[str, tuple[Kaempfer, ...]]]:
    """Name → Kämpfer und Empfänger → Mitglieder für ``z.kaempfer``; einmal je Kämpfer-Tupel
    gebaut (Nachschlagen ohne Suche durch alle Kämpfer, Issue 10)."""
    letztes = _LETZTES_VERZEICHNIS[0]
    if letztes[0] is z.kaempfer and letztes[1] == z.grosse_gruppen:
        return letztes[2]
    je_gruppen = _verzeichnisse(z.kaempfer)
    eintrag = je_gruppen.get(z.grosse_gruppen)
    if eintrag is None:
        namen: dict[str, Kaempfer] = {}
        gruppen: dict[str, list[Kaempfer]] = {}
        for k in z.kaempfer:
            namen.setdefault(k.name, k)
            gruppen.setdefault(z.empfaenger(k), []).append(k)
        eintrag = je_gruppen[z.grosse_gruppen] = (namen, {e: tuple(m) for e, m in gruppen.items()})
    _LETZTES_VERZEICHNIS[0] = (z.kaempfer, z.grosse_gruppen, eintrag)
    return eintrag


def kampf_beginnen(
    kaempfer: Iterable[Kaempfer],
    *,
    optionen: Optionen = Optionen(),
    grosse_gruppen: bool = False,
    spielleiter_bennies: int = 0,
) -> Kampfzustand:
    """Startzustand: Runde 0, volles Blatt, niemand hat eine Karte."""
    liste = tuple(kaempfer)
    namen = [k.name for k in liste]
    doppelt = {n for n in namen if namen.count(n) > 1}
    if doppelt:
        raise KampfFehler(f"Zwei Kämpfer heißen gleich: {', '.join(sorted(doppelt))}.")
    if not liste:
        raise KampfFehler("Ein Kampf braucht mindestens einen Kämpfer.")
    return Kampfzustand(liste, optionen, grosse_gruppen=grosse_gruppen, spielleiter_bennies=spielleiter_bennies)


def kopf(zustand: Kampfzustand) -> dict[str, Any]:
    """Der Protokollkopf, aus dem :func:`start_aus_kopf` den Startzustand wieder baut."""
    return {
        "kaempfer": [k.als_dict() for k in zustand.kaempfer],
        "optionen": zustand.optionen.als_dict(),
        "grosse_gruppen": zustand.grosse_gruppen,
        "spielleiter_bennies": zustand.spielleiter_bennies,
    }


def start_aus_kopf(daten: Mapping[str, Any]) -> Kampfzustand:
    """Startzustand aus dem Protokollkopf (für ``Verlauf.fortsetzen``)."""
    return kampf_beginnen(
        [Kaempfer.aus_dict(d) for d in daten["kaempfer"]],
        optionen=Optionen.aus_dict(daten.get("optionen")),
        grosse_gruppen=bool(daten.get("grosse_gruppen", False)),
        spielleiter_bennies=int(daten.get("spielleiter_bennies", 0)),
    )


# ---------------------------------------------------------------------------------------
# Hilfen
# ---------------------------------------------------------------------------------------


def _ersetze(zustand: Kampfzustand, neu: Kaempfer, **aenderungen: Any) -> Kampfzustand:
    """Der Zustand mit ``neu`` an der Stelle des gleichnamigen Kämpfers (und ``aenderungen``) – ein
    neuer Zustand statt einer Kette von Ersetzungen."""
    name = neu.name
    kaempfer = tuple(neu if k.name == name else k for k in zustand.kaempfer)
    _verzeichnis_nachfuehren(zustand, kaempfer, neu)
    return replace(zustand, kaempfer=kaempfer, **aenderungen)


def _verzeichnis_nachfuehren(z: Kampfzustand, kaempfer: tuple[Kaempfer, ...], neu: Kaempfer) -> None:
    """Das Verzeichnis von ``kaempfer`` (``z.kaempfer`` mit ``neu`` statt des gleichnamigen Kämpfers)
    aus dem von ``z`` ableiten statt neu bauen – meist ändert ein Ereignis genau einen Kämpfer."""
    letztes = _LETZTES_VERZEICHNIS[0]
    if not (letztes[0] is z.kaempfer and letztes[1] == z.grosse_gruppen):
        return
    namen, gruppen = letztes[2]
    alt = namen.get(neu.name)
    if alt is None or len(namen) != len(kaempfer) or z.empfaenger(alt) != z.empfaenger(neu):
        return  # unbekannt, doppelte Namen oder anderer Empfänger: beim nächsten Fragen neu bauen
    e = z.empfaenger(neu)
    namen = dict(namen)
    namen[neu.name] = neu
    gruppen = dict(gruppen)
    gruppen[e] = tuple(neu if m.name == neu.name else m for m in gruppen[e])
    _LETZTES_VERZEICHNIS[0] = (kaempfer, z.grosse_gruppen, (namen, gruppen))


def _talentstufe(mitglieder: Sequence[Kaempfer]) -> tuple[int, bool]:
    """Kühler Kopf (0/1/2) und Schnell einer Kartengruppe – „mehrere gleichartige Talente sind
    allerdings nicht kumulativ“."""
    if type(mitglieder) is tuple:
        return _talentstufe_gemerkt(mitglieder)
    return _talentstufe_rechnen(mitglieder)


def _talentstufe_rechnen(mitglieder: Sequence[Kaempfer]) -> tuple[int, bool]:
    talente = frozenset().union(*(m.talente for m in mitglieder)) if mitglieder else frozenset()
    kk = 2 if "verbesserter_kuehler_kopf" in talente else 1 if "kuehler_kopf" in talente else 0
    return kk, "schnell" in talente


_talentstufe_gemerkt = je_objekt(_talentstufe_rechnen)
"""Je Mitglieder-Tupel (aus dem Verzeichnis, bleibt über viele Zustände dasselbe) einmal gerechnet."""

_KARTEN_TEXT = {id(k): str(k) for k in blatt()}
"""Die Texte der Karten des Blatts (nach Identität; gezogen wird immer aus diesem Blatt)."""


def _karten_text(k: Karte) -> str:
    return _KARTEN_TEXT.get(id(k)) or str(k)


def _ohne_text(art: str, daten: dict[str, Any], regel: str, eingetippt: bool = False) -> Ereignis:
    """``Ereignis(art, daten, regel=regel, eingetippt=eingetippt)`` ohne Protokolltext (``text=False``,
    Simulation) – mit :func:`gm_helfer.schnell.bauen`, ohne das eingefrorene ``__init__`` (Hunderte
    Ereignisse je simuliertem Kampf; ``test_ereignispfad_vertraut`` prüft: gleich dem Konstruktor)."""
    return bauen(Ereignis, {"art": art, "daten": daten, "regel": regel, "eingetippt": eingetippt, "text": ""})


def _augen_oder_rng(rng: Any, augen: Any) -> None:
    if (rng is None) == (augen is None):
        raise TypeError("Genau eines von rng und augen angeben.")


def _probe_text(p: Probe) -> str:
    return p.beschreibung()


def _wurf_daten(wurf: wuerfel.Wurf) -> dict[str, Any]:
    """``wurf.als_dict()``, gemerkt für :func:`_wurf_aus` (kein erneutes Prüfen beim Anwenden)."""
    return merken(wurf.als_dict(), wurf)


def _wurf_aus(daten: Mapping[str, Any]) -> wuerfel.Wurf:
    return gemerkt(daten) or wuerfel.Wurf.aus_dict(dict(daten))


def _erholung_faellig(z: Kampfzustand, empfaenger: str) -> frozenset[str]:
    """Angeschlagen: „Wenn ein Angeschlagener Charakter an der Reihe ist, muss er eine
    Erholungsprobe ablegen.“ – wer beim Aufruf seiner Karte Angeschlagen ist."""
    return frozenset(m.name for m in z.mitglieder(empfaenger) if m.angeschlagen and m.kampffaehig)


def ausbluten_faellig(z: Kampfzustand) -> tuple[str, ...]:
    """Wer am Anfang dieser Runde die Ausbluten-Probe noch ablegen muss.

    Ausbluten: „Der verwundete Charakter muss am Anfang jeder weiteren Runde, noch bevor
    Aktionskarten ausgeteilt werden, eine Konstitutionsprobe ablegen.“ – genau eine je Runde;
    solange sie aussteht, gibt es keine Karten und niemand ist an der Reihe."""
    if not z.ausbluten_offen:
        return ()
    return tuple(k.name for k in z.kaempfer if k.name in z.ausbluten_offen and k.blutet and not k.tot)


def _ausbluten_zuerst(z: Kampfzustand, was: str) -> None:
    faellig = ausbluten_faellig(z)
    if faellig:
        raise KampfFehler(
            f"{was} geht erst nach der Ausbluten-Probe von {', '.join(faellig)} – „am Anfang jeder weiteren Runde, noch "
            "bevor Aktionskarten ausgeteilt werden“."
        )


def erholung_sofort(z: Kampfzustand) -> tuple[str, ...]:
    """Abwartende Kartenempfänger mit einem Angeschlagenen: sie sind als Nächstes an der Reihe.

    Abwarten: „Falls ein Abwartender Charakter nach der Aktion eines anderen Charakters
    Angeschlagen ist, muss er seine Aktion unmittelbar dafür einsetzen, eine Erholungsprobe
    abzulegen.“ – für jeden Charakter, Wildcard wie Statist (bei einer Gruppe mit gemeinsamer
    Karte endet das Abwarten der ganzen Gruppe). Geprüft wird nach der Aktion: wer den Schaden
    noch wegsteckt oder einen Benny ausgibt, wartet weiter ab."""
    if not z.abwartend:
        return ()
    return tuple(
        e for e in z.alle_empfaenger()
        if e in z.abwartend and e != z.am_zug and any(m.angeschlagen and m.kampffaehig for m in z.mitglieder(e))
    )


def joker_halter(z: Kampfzustand, empfaenger: str) -> bool:
    """Ob ``empfaenger`` in dieser Runde einen Joker gezogen hat (nicht: aus der letzten Runde
    abwartend mitgenommen)."""
    karte = z.karte_von(empfaenger)
    return karte is not None and karte.ist_joker and z.karte_runde(empfaenger) == z.runde


def unterbrechen_ohne_probe(z: Kampfzustand, wer: str, gegen: str) -> bool:
    """Joker: „Ein Charakter, der einen Joker zieht, kann in dieser Runde handeln, wann immer er
    will, auch wenn er damit die Aktion eines anderen Charakters unterbricht.“ – ohne Probe, außer
    beide halten einen Joker („… dann legen sie eine Geschicklichkeitsprobe ab …“)."""
    a = z.empfaenger(z.kaempfer_namens(wer))
    b = z.empfaenger(z.kaempfer_namens(gegen))
    return joker_halter(z, a) and not joker_halter(z, b)


def _darf_handeln(z: Kampfzustand, name: str, k: Kaempfer | None = None) -> Kaempfer:
    """Prüft, ob ``name`` (``k``: schon nachgeschlagen) jetzt eine (nicht freie) Aktion ausführen
    darf; deutsche Meldung sonst."""
    if k is None:
        k = z.kaempfer_namens(name)
    if not k.kampffaehig:
        raise KampfFehler(f"{name} ist außer Gefecht und kann nicht handeln.")
    if z.empfaenger(k) != z.am_zug:
        raise KampfFehler(f"{name} ist nicht an der Reihe (gerade: {z.am_zug or 'niemand'}).")
    if k.angeschlagen:
        raise KampfFehler(f"{name} ist Angeschlagen und kann nur freie Aktionen ausführen (erst die Erholungsprobe oder ein Benny).")
    if name in z.nur_freie_aktionen:
        raise KampfFehler(f"{name} hat sich eben erholt und kann in dieser Runde nur freie Aktionen ausführen.")
    return k


def angesagte_aktionen(z: Kampfzustand, name: str) -> int | None:
    """Die Zahl der Aktionen, die ``name`` mit seiner ersten Aktion dieser Runde festgelegt hat."""
    wert = None
    for n, a in z.angesagt:  # wie dict(z.angesagt).get(name): der letzte Eintrag zählt
        if n == name:
            wert = a
    return wert


def aktionen_zahl(z: Kampfzustand, name: str, aktionen: int | None = None) -> int:
    """Die Zahl der Aktionen dieser Runde, mit der die nächste Probe von ``name`` zählt.

    Mehrfachaktionen: „Jede zusätzliche Aktion, die ein Held in einer Runde durchführt, führt zu
    einem Abzug von −2 auf alle Proben.“ und „Daher muss ein Spieler bereits zu Beginn seiner
    Handlung festlegen, wie viele Aktionen er in dieser Runde ausführen möchte“ – nach der ersten
    Aktion gilt die Ansage (jede weitere Probe trägt denselben Abzug, ohne dass sie jemand neu
    eingibt); vor der ersten Aktion ist ``aktionen`` die Ansage, ohne Ansage so viele Aktionen, wie
    er schon ausgeführt hat, und diese (also eine). Mit ``Optionen.aktion_anhaengen`` (Hausregel)
    zählt jede angehängte Aktion mit: so viele, wie er schon ausgeführt hat, und diese.
    """
    angesagt = angesagte_aktionen(z, name)
    bisher = sum(1 for n, _ in z.aktionen_runde if n == name)
    if angesagt is not None:
        return max(angesagt, bisher + 1) if z.optionen.aktion_anhaengen else angesagt
    if aktionen is not None:
        return aktionen
    return 1 + bisher


def _aktion_eintragen(z: Kampfzustand, name: str, schluessel: str, aktionen: int | None, was: str) -> Kampfzustand:
    """Mehrfachaktionen: trägt eine Aktion ein und setzt die Regeln durch.

    - „Im Endeffekt darf der Charakter dieselbe Aktion nicht zweimal pro Runde ausführen“ (auch:
      „Ein Charakter kann seine Waffe in einer Runde nicht häufiger abfeuern als ihre Feuerrate
      beträgt“ – alle Schüsse einer Feuerrate fallen in einem Angriff; „nur einen Nahkampfangriff
      mit derselben Waffe“).
    - „Daher muss ein Spieler bereits zu Beginn seiner Handlung festlegen, wie viele Aktionen er in
      dieser Runde ausführen möchte – es ist nicht möglich, noch eine Aktion „hinten dranzuhängen“.“
    """
    return replace(z, **_aktion_aenderungen(z, name, schluessel, aktionen, was))


def _aktion_aenderungen(
    z: Kampfzustand, name: str, schluessel: str, aktionen: int | None, was: str, k: Kaempfer | None = None
) -> dict[str, Any]:
    """:func:`_aktion_eintragen` als Änderungen des Zustands (``angesagt``, ``aktionen_runde``), damit
    ein Ereignis seinen neuen Zustand auf einmal baut (``k``: der Kämpfer ``name``, schon nachgeschlagen)."""
    _darf_handeln(z, name, k)
    aenderungen: dict[str, Any] = {}
    bisher = [a for n, a in z.aktionen_runde if n == name]
    if schluessel in bisher:
        raise KampfFehler(f"{name}: {was} gab es in dieser Runde schon – dieselbe Aktion nicht zweimal pro Runde.")
    if aktionen is not None and aktionen < 1:
        raise KampfFehler("Mindestens eine Aktion.")
    angesagt = angesagte_aktionen(z, name)
    if angesagt is None:
        angesagt = aktionen or 1
        aenderungen["angesagt"] = z.angesagt + ((name, angesagt),)
    elif z.optionen.aktion_anhaengen:  # Hausregel: angehängt; ab jetzt gilt die größere Zahl
        soll = max(angesagt, len(bisher) + 1)
        if aktionen is not None and aktionen != soll:
            raise KampfFehler(f"{name} kommt mit dieser Aktion auf {soll} Aktion(en) in dieser Runde, nicht {aktionen}.")
        if soll != angesagt:
            angesagt = soll
            aenderungen["angesagt"] = tuple((n, soll if n == name else a) for n, a in z.angesagt)
    elif aktionen is not None and aktionen != angesagt:
        raise KampfFehler(f"{name} hat zu Beginn {angesagt} Aktion(en) für diese Runde festgelegt, nicht {aktionen}.")
    if len(bisher) >= angesagt:
        raise KampfFehler(
            f"{name} hat {angesagt} Aktion(en) angesagt und schon ausgeführt – eine weitere Aktion lässt sich nicht "
            "„hinten dranhängen“."
        )
    aenderungen["aktionen_runde"] = z.aktionen_runde + ((name, schluessel),)
    return aenderungen


def _ziele_je_wuerfel(
    z: Kampfzustand, angreifer: str, ziele: Sequence[str], anzahl: int, bekannt: str | None = None
) -> list[str]:
    """Feuerrate: „Diese Angriffe müssen alle gleichzeitig erfolgen, können aber auf
    unterschiedliche Ziele erfolgen.“ – ein Ziel je Würfel, in der Reihenfolge des Angreifers
    (das beste Ergebnis trifft das erste Ziel); fehlen Ziele, gelten die übrigen Würfel dem letzten.
    ``bekannt``: ein Name, der schon nachgeschlagen ist (kämpft mit)."""
    if not ziele:
        raise KampfFehler("Ein Angriff braucht ein Ziel.")
    if len(ziele) > anzahl:
        raise KampfFehler(f"{len(ziele)} Ziele, aber nur {anzahl} Würfel – je Würfel höchstens ein Ziel.")
    for n in ziele:
        if n != bekannt:
            z.kaempfer_namens(n)
        if n == angreifer:
            raise KampfFehler(f"{angreifer} kann sich nicht selbst angreifen.")
    return list(ziele) + [ziele[-1]] * (anzahl - len(ziele))


# ---------------------------------------------------------------------------------------
# Runde und Karten
# ---------------------------------------------------------------------------------------


def ereignis_runde(zustand: Kampfzustand, *, text: bool = True) -> Ereignis:
    """Eine neue Runde beginnt (vor dem Ausbluten und dem Austeilen). ``text=False``: ohne
    Protokolltext (Simulation)."""
    if not text:
        return _ohne_text("runde", {"runde": zustand.runde + 1}, R + "Initiative › Mischen")
    text_ = f"Runde {zustand.runde + 1} beginnt"
    if zustand.joker_in_runde:
        text_ += " – nach dem Joker wird der Stapel gemischt"
    return Ereignis("runde", {"runde": zustand.runde + 1}, regel=R + "Initiative › Mischen", text=text_)


def _runde_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausbluten_zuerst(z, "Eine neue Runde")
    _ausser_gefecht_zuerst(z, "eine neue Runde")
    sofort = erholung_sofort(z)
    if sofort:
        raise KampfFehler(
            f"Erst muss {', '.join(sofort)} die Aktion für die Erholungsprobe einsetzen („Falls ein Abwartender Charakter "
            "nach der Aktion eines anderen Charakters Angeschlagen ist, muss er seine Aktion unmittelbar dafür einsetzen“)."
        )
    behalten = [(emp, k, r) for emp, k, r in z.karten if emp in z.abwartend]
    weg = [k for emp, k, _ in z.karten if emp not in z.abwartend]
    stapel = _ablegen(z.stapel, weg) if weg else z.stapel
    if z.joker_in_runde:
        stapel = _gemischt(z.runde, tuple(k for _, k, _ in behalten))
    return replace(
        z,
        runde=z.runde + 1,
        stapel=stapel,
        karten=tuple(behalten),
        abwartend=frozenset(emp for emp, _, _ in behalten),
        gehandelt=frozenset(),
        am_zug="",
        joker_in_runde=False,
        nur_freie_aktionen=frozenset(),
        erholung_offen=frozenset(),
        aktionen_runde=(),
        angesagt=(),
        bewegung=(),
        sprint=(),
        patt_folge=(),
        muss_handeln=frozenset(),
        offene_treffer=(),
        offener_schaden=None,
        ueberrascht=z.ueberrascht if z.runde == 0 else frozenset(),
        ausbluten_offen=frozenset(k.name for k in z.kaempfer if k.blutet and not k.tot),
        ausbluten_gewuerfelt=frozenset(),
        vorrang=(),
        weggesteckt_gegen=frozenset(),
    )


_BLATT_IDS = frozenset(id(k) for k in blatt())


def _ablegen(stapel: Stapel, karten: list[Karte]) -> Stapel:
    """``stapel.ablegen(karten)`` – für Karten des Blatts mit der Prüfung nach Identität (die Karten
    des Blatts sind verschieden), statt jede Karte Python-seitig zu hashen und zu vergleichen."""
    im_stapel = set(map(id, stapel.ziehstapel))
    im_stapel.update(map(id, stapel.ablage))
    weg = set(map(id, karten))
    if not (im_stapel <= _BLATT_IDS and weg <= _BLATT_IDS) or len(weg) != len(karten) or not weg.isdisjoint(im_stapel):
        return stapel.ablegen(karten)  # fremde Karten oder ein Fehler: die Meldung von ablegen
    return Stapel(stapel.ziehstapel, stapel.ablage + tuple(karten))


@lru_cache(maxsize=256)
def _gemischt(runde: int, behalten: tuple[Karte, ...]) -> Stapel:
    """Nach einer Runde mit Joker: alle Karten außer den ``behalten``en neu gemischt, mit dem Zufall
    der Rundennummer (``random.Random(runde)``, damit Rückgängig und Fortsetzen denselben Stapel
    bekommen). Das hängt nur von Runde und behaltenen Karten ab – gemerkt, denn die Simulation
    mischt in jedem Kampf wieder in denselben Runden."""
    return Stapel(()).mischen(rng=random.Random(runde), behalten=behalten)


def braucht_karte(zustand: Kampfzustand) -> tuple[str, ...]:
    """Wer in dieser Runde eine Karte bekommt: jeder Empfänger mit einem kampffähigen
    Mitglied, außer Abwartenden (sie behalten ihre Karte) und in Runde 1 den Überraschten."""
    aus = []
    gruppen = _verzeichnis(zustand)[1]
    stehend = _stehende_empfaenger(gruppen)
    mit_karte = {e for e, _, _ in zustand.karten}
    for e in gruppen:
        if e in zustand.abwartend or e in mit_karte:
            continue
        if zustand.runde == 1 and e in zustand.ueberrascht:
            continue
        if e in stehend:
            aus.append(e)
    return tuple(aus)


def ereignis_karten(
    zustand: Kampfzustand, *, rng: Any = None, eingetippt: Mapping[str, Sequence[str | Karte]] | None = None,
    text: bool = True,
) -> Ereignis:
    """Teilt die Aktionskarten aus – mit ``rng`` oder wie am Tisch gezogen (``eingetippt``:
    Empfänger → Karten in der Reihenfolge des Ziehens, samt Kühler-Kopf- und Schnell-Karten).
    ``text=False``: ohne Protokolltext (Simulation)."""
    _augen_oder_rng(rng, eingetippt)
    if zustand.runde < 1:
        raise KampfFehler("Erst eine Runde beginnen, dann Karten austeilen.")
    _ausbluten_zuerst(zustand, "Karten austeilen")
    gezogen: dict[str, list[str]] = {}
    beste: dict[str, Karte | None] = {}
    if eingetippt is not None:
        unbekannt = set(eingetippt) - set(braucht_karte(zustand))
        if unbekannt:
            raise KampfFehler(f"Keine Karte bekommen gerade: {', '.join(sorted(unbekannt))}.")
        for emp in braucht_karte(zustand):
            if emp not in eingetippt:
                raise KampfFehler(f"Für {emp} fehlt die Karte.")
            gezogen[emp] = [str(k if isinstance(k, Karte) else Karte.parse(k)) for k in eingetippt[emp]]
    else:
        # Jede Karte von einer zufälligen Stelle des Ziehstapels (gleich verteilt wie „mischen und
        # oben ziehen“, ohne den ganzen Stapel vor jeder Karte zu mischen).
        stapel = zustand.stapel
        gewaehlt: dict[str, tuple[list[Karte], Karte]] = {}
        zieher = stapel.zieher()  # alle Karten dieses Austeilens ohne Zwischenstapel
        for emp in braucht_karte(zustand):
            kk, schnell = _talentstufe(zustand.mitglieder(emp))
            karten: list[Karte] = []
            while True:
                karte = zieher.ziehen(rng=rng)
                karten.append(karte)
                if not kk and not schnell:  # ohne Talente gilt die eine Karte (karte_waehlen wählte sie ebenso)
                    beste[emp] = karte
                    break
                if len(karten) >= 1 + kk:
                    try:
                        beste[emp], _ = karte_waehlen(karten, kuehler_kopf=kk, schnell=schnell)
                        break
                    except KartenFehler:
                        continue
            gezogen[emp] = [_karten_text(k) for k in karten]
            gewaehlt[emp] = (karten, beste[emp])
        stapel = zieher.stapel()
        # genau diese Daten hat die Bibliothek eben gezogen: beim Anwenden auf denselben Stapel
        # gelten der Stapel danach und die gewählten Karten, ohne die Karten erneut zu lesen und zu
        # prüfen (schneller Ereignispfad)
        merken(gezogen, (zustand.stapel, stapel, gewaehlt))
    if not text and eingetippt is None:
        return _ohne_text("karten", {"gezogen": gezogen}, R + "Initiative")
    ereignis = Ereignis("karten", {"gezogen": gezogen}, regel=R + "Initiative", eingetippt=eingetippt is not None)
    if eingetippt is not None:
        neu = anwenden(zustand, ereignis)  # prüft eingetippte Karten schon beim Bauen (deutsche Meldung)
        beste = {emp: neu.karte_von(emp) for emp in gezogen}
    if not text:
        return ereignis
    teile = [
        f"{emp}: {beste[emp]}" + (f" (gezogen: {', '.join(ks)})" if len(ks) > 1 else "")
        for emp, ks in gezogen.items()
    ]
    return replace(ereignis, text=f"Karten für Runde {zustand.runde}: " + "; ".join(teile))


def _karten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausbluten_zuerst(z, "Karten austeilen")
    gezogen_von = gemerkt(e.daten["gezogen"])
    vertraut = gezogen_von is not None and gezogen_von[0] is z.stapel
    if vertraut:
        stapel, gewaehlt = gezogen_von[1], gezogen_von[2]  # eben von ereignis_karten aus diesem Stapel gezogen
    else:
        gezogen = {emp: [Karte.parse(k) for k in ks] for emp, ks in e.daten["gezogen"].items()}
        _, stapel = z.stapel.ziehen_eingetippt([k for ks in gezogen.values() for k in ks])
        gewaehlt = {}
    karten = list(z.karten)
    joker = z.joker_in_runde
    for emp in e.daten["gezogen"]:
        if z.karte_von(emp) is not None:
            raise KampfFehler(f"{emp} hat schon eine Karte.")
        if vertraut:
            ks, beste = gewaehlt[emp]
        else:
            ks = gezogen[emp]
            kk, schnell = _talentstufe(z.mitglieder(emp))
            beste, genutzt = karte_waehlen(ks, kuehler_kopf=kk, schnell=schnell)
            if genutzt != len(ks):
                raise KampfFehler(
                    f"{emp}: {len(ks)} Karten eingetippt, nach Kühler Kopf/Schnell zählen nur {genutzt}."
                )
        ablegen = [k for k in ks if k != beste]
        if ablegen:
            # gezogene Karten sind ausgeteilt: ablegen prüft das nur bei fremden Daten
            stapel = Stapel(stapel.ziehstapel, stapel.ablage + tuple(ablegen)) if vertraut else stapel.ablegen(ablegen)
        karten.append((emp, beste, z.runde))
        joker = joker or any(k.ist_joker for k in ks)
    return replace(z, stapel=stapel, karten=tuple(karten), joker_in_runde=joker)


def ereignis_am_zug(zustand: Kampfzustand, empfaenger: str | None = None, *, text: bool = True) -> Ereignis:
    """Das Herunterzählen: ``empfaenger`` (Standard: der Nächste) ist an der Reihe. ``text=False``:
    ohne Protokolltext (Simulation)."""
    emp = empfaenger or zustand.naechster()
    if emp is None:
        raise KampfFehler("In dieser Runde ist niemand mehr an der Reihe.")
    if not text:
        unterbricht = _joker_unterbricht(zustand, emp)
        return _ohne_text("am_zug", {"empfaenger": emp},
                          R + ("Initiative › Joker" if unterbricht else "Initiative › Das Herunterzählen"))
    karte = zustand.karte_von(emp)
    e = Ereignis(
        "am_zug", {"empfaenger": emp}, regel=R + "Initiative › Das Herunterzählen",
        text=f"{emp} {ist_oder_sind(zustand, emp)} an der Reihe ({karte or 'abwartend'})",
    )
    if _joker_unterbricht(zustand, emp):
        return replace(e, regel=R + "Initiative › Joker",
                       text=f"{emp} hält einen Joker und unterbricht {zustand.am_zug}, der danach weiterhandelt")
    return e


def _joker_unterbricht(z: Kampfzustand, emp: str) -> bool:
    """Ein Jokerhalter kommt an die Reihe, während ein anderer handelt: das ist eine Unterbrechung,
    kein Ende des Zugs des anderen."""
    return bool(z.am_zug) and z.am_zug != emp and joker_halter(z, emp)


def _am_zug_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    _ausbluten_zuerst(z, "Das Herunterzählen")
    _ausser_gefecht_zuerst(z, "der nächste ist an der Reihe")
    if z.karte_von(emp) is None and emp not in z.abwartend and emp not in z.patt_folge and emp not in z.vorrang:
        raise KampfFehler(f"{emp} hat keine Aktionskarte.")
    if emp in z.gehandelt:
        raise KampfFehler(f"{emp} hat in dieser Runde schon gehandelt.")
    sofort = [s for s in erholung_sofort(z) if s != emp]
    if sofort:
        raise KampfFehler(
            f"{', '.join(sofort)} wartet ab und ist Angeschlagen: erst muss er seine Aktion für die Erholungsprobe "
            "einsetzen („muss er seine Aktion unmittelbar dafür einsetzen, eine Erholungsprobe abzulegen“)."
        )
    vorrang = tuple(v for v in z.vorrang if v != emp) if z.vorrang else ()
    if _joker_unterbricht(z, emp):
        if joker_halter(z, z.am_zug):
            raise KampfFehler(
                f"{emp} und {z.am_zug} halten beide einen Joker: wer zuerst handelt, entscheidet eine "
                "Geschicklichkeitsprobe (Unterbrechen) – oder erst „Zug beenden“."
            )
        # Joker: „… auch wenn er damit die Aktion eines anderen Charakters unterbricht“ – der
        # Unterbrochene verliert seine Aktion nicht, er handelt danach weiter.
        gehandelt = z.gehandelt
        vorrang = (z.am_zug,) + tuple(v for v in vorrang if v != z.am_zug)
    else:
        gehandelt = z.gehandelt | {z.am_zug} if z.am_zug else z.gehandelt
    faellig = _erholung_faellig(z, emp)
    # „Dementsprechend können Angeschlagene Charaktere auch nicht Abwarten, wenn sie an der Reihe sind“ –
    # auch nicht nach einer Steigerung bei der Erholungsprobe („nicht jedoch erneut Abwarten“).
    muss = z.muss_handeln | {emp} if faellig else z.muss_handeln
    # Wunden › Timing: „Wickele jeden Schadenswurf (einschließlich Schaden wegstecken) separat ab,
    # bevor du zum nächsten übergehst“ – wer an die Reihe kommt, beendet das Wegstecken des letzten Schadens.
    return replace(z, am_zug=emp, abwartend=z.abwartend - {emp}, gehandelt=gehandelt, muss_handeln=muss, letzter_angriff=(),
                   erholung_offen=faellig, vorrang=vorrang, offener_schaden=None)


def ereignis_abwarten(zustand: Kampfzustand, empfaenger: str | None = None) -> Ereignis:
    """Abwarten: die Karte bleibt, auch über das Rundenende hinaus."""
    emp = empfaenger or zustand.am_zug
    if not emp:
        raise KampfFehler("Niemand ist an der Reihe, der abwarten könnte.")
    return Ereignis("abwarten", {"empfaenger": emp}, regel=R + "Initiative › Abwarten", text=f"{emp} wartet ab")


def _abwarten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    if z.karte_von(emp) is None and not (z.runde == 1 and emp in z.abwartend):
        raise KampfFehler(f"{emp} hat keine Aktionskarte und kann nicht abwarten.")
    if emp in z.muss_handeln:
        raise KampfFehler(
            f"{emp} muss handeln und kann nicht (erneut) abwarten – nach einer verlorenen Unterbrechung oder wenn er "
            "Angeschlagen an die Reihe kam („nicht jedoch erneut Abwarten“)."
        )
    if any(m.angeschlagen and m.kampffaehig for m in z.mitglieder(emp)):
        raise KampfFehler(f"{emp} ist Angeschlagen und kann nicht abwarten („Angeschlagene Charaktere können auch nicht Abwarten“).")
    return replace(z, abwartend=z.abwartend | {emp}, am_zug="" if z.am_zug == emp else z.am_zug)


def ereignis_fertig(zustand: Kampfzustand, *, text: bool = True) -> Ereignis:
    """Wer an der Reihe war, ist fertig; seine Karte gilt als ausgespielt. ``text=False``: ohne
    Protokolltext (Simulation)."""
    if not zustand.am_zug:
        raise KampfFehler("Niemand ist gerade an der Reihe.")
    if not text:
        return _ohne_text("fertig", {"empfaenger": zustand.am_zug}, R + "Initiative › Das Herunterzählen")
    return Ereignis("fertig", {"empfaenger": zustand.am_zug}, regel=R + "Initiative › Das Herunterzählen",
                    text=f"{zustand.am_zug} {ist_oder_sind(zustand, zustand.am_zug)} fertig")


def ist_oder_sind(zustand: Kampfzustand, empfaenger: str) -> str:
    """„ist“ für einen Kämpfer, „sind“ für eine Gruppe oder Seite mit einer gemeinsamen Karte
    („Banditen sind an der Reihe“); ein Wildcard mit Verbündeten heißt wie er selbst: „ist“."""
    return "ist" if empfaenger in _verzeichnis(zustand)[0] else "sind"


def _fertig_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    schuldig = z.erholung_offen and sorted(
        n for n in z.erholung_offen if z.kaempfer_namens(n).angeschlagen and z.kaempfer_namens(n).kampffaehig)
    if schuldig and emp == z.am_zug:
        raise KampfFehler(
            f"{', '.join(schuldig)}: erst die Erholungsprobe (oder einen Benny) – „Wenn ein Angeschlagener Charakter "
            "an der Reihe ist, muss er eine Erholungsprobe ablegen.“"
        )
    return replace(z, gehandelt=z.gehandelt | {emp}, am_zug="" if z.am_zug == emp else z.am_zug, letzter_angriff=())


def ereignis_ueberraschung(
    zustand: Kampfzustand,
    hinterhalt: Sequence[str],
    opfer: Sequence[str],
    *,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
) -> Ereignis:
    """Überraschung: die Angreifer beginnen abwartend; jedes Opfer (Kartenempfänger) legt eine
    Wahrnehmungsprobe ab, misslingt sie, bekommt es in Runde 1 keine Karte."""
    _augen_oder_rng(rng, augen)
    if zustand.runde > 1 or zustand.karten:
        raise KampfFehler("Überraschung gibt es nur zu Beginn des Kampfes, vor dem ersten Austeilen.")
    proben = {}
    for emp in opfer:
        vertreter = zustand.mitglieder(emp)[0]
        probe = wuerfle_probe(
            vertreter.fertigkeit("wahrnehmung"), wildcard=vertreter.wildcard,
            modifikator=vertreter.wundabzug, rng=rng, augen=None if augen is None else augen[emp],
        )
        proben[emp] = probe
    text = "Überraschung: " + ", ".join(hinterhalt) + " lauern"
    if proben:
        text += "; " + "; ".join(f"{emp} Wahrnehmung {p.ergebnis.ergebnis}" for emp, p in proben.items())
    return Ereignis(
        "ueberraschung",
        {"hinterhalt": list(hinterhalt), "proben": {emp: p.als_dict() for emp, p in proben.items()}},
        regel=R + "Initiative › Überraschung", eingetippt=augen is not None, text=text,
    )


def _ueberraschung_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    bekannt = set(z.alle_empfaenger())
    for emp in list(e.daten["hinterhalt"]) + list(e.daten["proben"]):
        if emp not in bekannt:
            raise KampfFehler(f"„{emp}“ erhält in diesem Kampf keine Karte.")
    ueberrascht = {emp for emp, p in e.daten["proben"].items() if not Probe.aus_dict(p).ergebnis.erfolg}
    return replace(z, abwartend=z.abwartend | set(e.daten["hinterhalt"]), ueberrascht=frozenset(ueberrascht))


def ereignis_unterbrechen(
    zustand: Kampfzustand, wer: str, gegen: str, *, rng: Any = None, augen: Any = None, gegen_augen: Any = None
) -> Ereignis:
    """Aktionen unterbrechen: vergleichende Geschicklichkeitsprobe des Abwartenden gegen den, der
    gerade handelt (``wer``/``gegen`` sind Kämpfernamen).

    Ein Jokerhalter unterbricht ohne Probe (:func:`unterbrechen_ohne_probe`; dann braucht es weder
    ``rng`` noch ``augen``); zwei Jokerhalter und Abwartende würfeln."""
    a, b = zustand.kaempfer_namens(wer), zustand.kaempfer_namens(gegen)
    if unterbrechen_ohne_probe(zustand, wer, gegen):
        e = Ereignis("unterbrechen", {"wer": wer, "gegen": gegen, "ohne_probe": True}, regel=R + "Initiative › Joker",
                     text=f"{wer} hält einen Joker und unterbricht {gegen} ohne Probe („kann in dieser Runde handeln, wann "
                          f"immer er will“); {gegen} handelt danach weiter")
        anwenden(zustand, e)
        return e
    if augen is not None and gegen_augen is None:
        raise TypeError("Für den Unterbrochenen fehlen die eingetippten Augen.")
    pa = wuerfle_probe(a.attribut("geschicklichkeit"), wildcard=a.wildcard, modifikator=a.wundabzug + zustand.joker_bonus(wer), rng=rng, augen=augen)
    pb = wuerfle_probe(b.attribut("geschicklichkeit"), wildcard=b.wildcard, modifikator=b.wundabzug + zustand.joker_bonus(gegen), rng=rng, augen=gegen_augen)
    ausgang = vergleichen(pa.ergebnis.gesamt, pb.ergebnis.gesamt)
    worte = {"zuerst": f"{wer} handelt zuerst", "gleich": "beide handeln gleichzeitig",
             "danach": f"{gegen} handelt zuerst; {wer} muss direkt danach handeln"}
    e = Ereignis(
        "unterbrechen", {"wer": wer, "gegen": gegen, "probe": pa.als_dict(), "gegenprobe": pb.als_dict()},
        regel=R + "Abwarten › Aktionen unterbrechen", eingetippt=augen is not None,
        text=f"{wer} will {gegen} unterbrechen: {pa.ergebnis.gesamt} gegen {pb.ergebnis.gesamt} – {worte[ausgang]}",
    )
    anwenden(zustand, e)  # prüft schon beim Bauen (deutsche Meldung)
    return e


def _unterbrechen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    wer = z.kaempfer_namens(e.daten["wer"])
    gegen = z.kaempfer_namens(e.daten["gegen"])
    emp, gegen_emp = z.empfaenger(wer), z.empfaenger(gegen)
    if emp not in z.abwartend and not joker_halter(z, emp):
        raise KampfFehler(f"{wer.name} wartet nicht ab und hält keinen Joker – unterbrechen geht nicht.")
    if gegen_emp != z.am_zug or gegen_emp == emp:
        raise KampfFehler(
            f"{gegen.name} ist nicht an der Reihe – unterbrechen lässt sich nur, wer gerade handelt (gerade: {z.am_zug or 'niemand'})."
        )
    if emp in z.gehandelt:
        raise KampfFehler(f"{emp} hat in dieser Runde schon gehandelt.")
    if any(m.angeschlagen and m.kampffaehig for m in z.mitglieder(emp)):
        raise KampfFehler(
            f"{wer.name} ist Angeschlagen und kann nicht unterbrechen – seine Aktion gehört der Erholungsprobe."
        )
    if unterbrechen_ohne_probe(z, wer.name, gegen.name):
        ausgang = "zuerst"
    elif "probe" not in e.daten:
        raise KampfFehler(f"{wer.name} hält keinen Joker (oder {gegen.name} auch): unterbrechen braucht die vergleichende Probe.")
    else:
        pa, pb = Probe.aus_dict(e.daten["probe"]), Probe.aus_dict(e.daten["gegenprobe"])
        ausgang = vergleichen(pa.ergebnis.gesamt, pb.ergebnis.gesamt)
    vorrang = tuple(v for v in z.vorrang if v not in (emp, gegen_emp))
    if ausgang == "danach":
        # „Falls der unterbrechende Charakter verliert, kann er sich nicht mehr entscheiden, weiter
        # Abzuwarten, sondern muss zum nächstmöglichen Zeitpunkt handeln.“ – direkt nach dem, den er
        # unterbrechen wollte.
        return replace(z, abwartend=z.abwartend - {emp}, muss_handeln=z.muss_handeln | {emp},
                       vorrang=(emp,) + tuple(v for v in z.vorrang if v != emp))
    # Der Unterbrochene ist nicht fertig: er handelt weiter, sobald der Unterbrechende fertig ist.
    return replace(z, am_zug=emp, abwartend=z.abwartend - {emp}, muss_handeln=z.muss_handeln - {emp},
                   erholung_offen=_erholung_faellig(z, emp), vorrang=(gegen_emp,) + vorrang)


def ereignis_patt(
    zustand: Kampfzustand, empfaenger: Sequence[str], *, rng: Any = None, augen: Mapping[str, Any] | None = None
) -> Ereignis:
    """Pattsituation: „In Situationen, in denen Abwartende Charaktere plötzlich alle auf einmal
    handeln wollen, lass sie einfach Geschicklichkeitsproben würfeln und in Reihenfolge der
    Ergebnisse (vom höchsten zum niedrigsten) handeln (bei Gleichstand handeln die Charaktere
    gleichzeitig).“ ``augen``: Empfänger → eingetippte Würfel."""
    _augen_oder_rng(rng, augen)
    if len(empfaenger) < 2:
        raise KampfFehler("Eine Pattsituation braucht mindestens zwei Abwartende.")
    proben = {}
    for emp in empfaenger:
        if emp not in zustand.abwartend:
            raise KampfFehler(f"{emp} wartet nicht ab.")
        v = next((m for m in zustand.mitglieder(emp) if m.kampffaehig), None)
        if v is None:
            raise KampfFehler(f"{emp}: niemand ist mehr kampffähig.")
        proben[emp] = wuerfle_probe(v.attribut("geschicklichkeit"), wildcard=v.wildcard,
                                    modifikator=v.wundabzug + zustand.joker_bonus(v.name), rng=rng,
                                    augen=None if augen is None else augen[emp])
    folge = sorted(proben, key=lambda e: -proben[e].ergebnis.gesamt)
    teile = []
    for emp in folge:
        gleich = [e for e in folge if e != emp and proben[e].ergebnis.gesamt == proben[emp].ergebnis.gesamt]
        teile.append(f"{emp} {proben[emp].ergebnis.gesamt}" + (" (gleichzeitig mit " + ", ".join(gleich) + ")" if gleich else ""))
    return Ereignis("patt", {"proben": {e: p.als_dict() for e, p in proben.items()}},
                    regel=R + "Abwarten › Pattsituation", eingetippt=augen is not None,
                    text="Pattsituation, Geschicklichkeit: " + "; ".join(teile))


def _patt_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausbluten_zuerst(z, "Eine Pattsituation")
    proben = {emp: Probe.aus_dict(p) for emp, p in e.daten["proben"].items()}
    for emp in proben:
        if emp not in z.abwartend:
            raise KampfFehler(f"{emp} wartet nicht ab.")
    folge = tuple(sorted(proben, key=lambda x: -proben[x].ergebnis.gesamt))
    # Sie handeln jetzt (keine Abwartenden mehr); in der nächsten Runde gibt es wieder Karten.
    gehandelt = z.gehandelt | {z.am_zug} if z.am_zug else z.gehandelt
    return replace(z, patt_folge=folge, abwartend=z.abwartend - set(folge), am_zug="", gehandelt=gehandelt)


# ---------------------------------------------------------------------------------------
# Angriffe und Schaden
# ---------------------------------------------------------------------------------------


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
    mods = ", ".join(f"{n} {v:+d}" for n, v in modifikatoren) or "keine Modifikatoren"
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
        text=f"{angreifer} greift {' und '.join(dict.fromkeys(verteilung))} mit {waffe} an ({mods}): {probe.beschreibung()} – {ausgang}",
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
                    eingetippt=augen is not None, text=f"{ziel} Heimlichkeit gegen blindes Feuer: {probe.beschreibung()} – {ausgang}")


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
        text=f"Schaden {t.angreifer} → {t.ziel}: {wurf} gegen Robustheit {werte['robustheit']} – {wirkung.stufe}",
    )


def _ausser_gefecht_zuerst(z: Kampfzustand, was: str = "der nächste Schadenswurf") -> None:
    """„… legt der Charakter augenblicklich eine Konstitutionsprobe (einschließlich Wundabzügen)
    ab“; „Wickele jeden Schadenswurf (einschließlich Schaden wegstecken) separat ab, bevor du zum
    nächsten übergehst.“ – kein weiterer Schadenswurf, solange eine Außer-Gefecht-Probe aussteht
    (sonst fiele bei „Mehrfach Außer Gefecht“ eine Probe weg)."""
    offen = _ag_probe_offen(z.kaempfer)
    if offen:
        raise KampfFehler(
            f"{', '.join(offen)}: erst die Außer-Gefecht-Probe (vorher ggf. wegstecken), dann {was} – „legt der Charakter "
            "augenblicklich eine Konstitutionsprobe … ab“; „Wickele jeden Schadenswurf … separat ab, bevor du zum nächsten "
            "übergehst.“"
        )


@je_objekt
def _ag_probe_offen(kaempfer: tuple[Kaempfer, ...]) -> tuple[str, ...]:
    """Wer eine Außer-Gefecht-Probe schuldet – einmal je Kämpfer-Tupel (viele Ereignisse fragen)."""
    return tuple(k.name for k in kaempfer if k.ag_probe_offen)


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
                    text=f"{name} {art} (Benny): {probe.beschreibung()} – {weg} von {os_.wunden} Wunden weg")


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
    probe = wuerfle_probe(k.attribut("konstitution"), wildcard=True, modifikator=k.wundabzug + zustand.joker_bonus(name), rng=rng, augen=augen)
    vw = wuerfel.wurf("2W6+W6", rng=rng, augen=verletzung_augen)
    if not text:
        return _ohne_text("ausser_gefecht", {"name": name, "probe": probe.als_dict(), "verletzung": _wurf_daten(vw)},
                          R + "Schadenswirkung › Außer Gefecht", augen is not None)
    ausgang = ausser_gefecht_auswerten(probe.ergebnis)
    v = verletzung(vw.wuerfe[0].summe + vw.wuerfe[1].summe, vw.wuerfe[2].summe)
    worte = {"tod": "stirbt", "fehlschlag": f"{v.name}, bleibend – blutet aus", "erfolg": f"{v.name}, bis die Wunden heilen", "steigerung": f"{v.name}, für 24 Stunden"}
    return Ereignis("ausser_gefecht", {"name": name, "probe": probe.als_dict(), "verletzung": _wurf_daten(vw)},
                    regel=R + "Schadenswirkung › Außer Gefecht", eingetippt=augen is not None,
                    text=f"{name} ist Außer Gefecht: {probe.beschreibung()} – {worte[ausgang]}")


def _ausser_gefecht_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    k = z.kaempfer_namens(e.daten["name"])
    if not k.ag_probe_offen:
        raise KampfFehler(f"Für {k.name} steht keine Außer-Gefecht-Probe an.")
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
                    eingetippt=augen is not None, text=f"{name} blutet aus: {probe.beschreibung()} – {worte[ausbluten_auswerten(probe.ergebnis)]}")


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
    return Ereignis("heilen", {"helfer": helfer, "ziel": ziel, "probe": probe.als_dict(), "aktionen": aktionen, "als_aktion": als_aktion}, regel=R + "Außer Gefecht › Ausbluten",
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
    probe = wuerfle_probe(k.attribut("willenskraft"), wildcard=k.wildcard, modifikator=k.wundabzug + zustand.joker_bonus(name), rng=rng, augen=augen)
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
                    text=f"{name} gibt einen Benny aus ({'Spielleiter' if quelle == 'spielleiter' else 'eigener'}) und ist nicht mehr Angeschlagen")


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
                    text=f"{name} sprintet: {weite:g}“ + {wurf.gesamt}“ = {gesamt:g}“ (Mehrfachaktionsabzug −2 auf andere Aktionen)")


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


# ---------------------------------------------------------------------------------------
# Bewegung, Springen, Waffen bereitmachen
# ---------------------------------------------------------------------------------------

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
    daten = {"name": name, "zoll": str(Fraction(zoll).limit_denominator(100)), "art": art, "schwierig": schwierig, "aufstehen": aufstehen}
    e = Ereignis("bewegung", daten, regel=R + "Bewegung", text="")
    neu = anwenden(zustand, e)
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
    anwenden(zustand, e)  # prüft die Bewegung schon beim Bauen
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
    anwenden(zustand, e)
    return e


def _bereitmachen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    d = e.daten
    name = d["name"]
    if not d["schnell"]:
        if any(n == name for n, _ in z.aktionen_runde) or (angesagte_aktionen(z, name) or 1) != 1 or (d.get("aktionen") or 1) != 1:
            raise KampfFehler(f"{name}: In Ruhe eine Waffe zu ziehen braucht die ganze Runde – keine anderen Aktionen.")
    return _aktion_eintragen(z, name, f"bereitmachen:{d['waffe']}", d.get("aktionen"), f"{d['waffe']} bereitmachen")


# ---------------------------------------------------------------------------------------
# Überzahl (aus dem vollständigen Regelwerk, nicht im Regeltext) und Verzicht auf Entscheidungen
# ---------------------------------------------------------------------------------------

UEBERZAHL_MAX = 4


def im_nahkampf(z: Kampfzustand, name: str) -> tuple[str, ...]:
    """Mit wem ``name`` laut Markierung des Spielleiters im Nahkampf steht."""
    return tuple(sorted({b if a == name else a for a, b in z.nahkampf if name in (a, b)}))


def ueberzahl(z: Kampfzustand, angreifer: str, ziel: str) -> int:
    """Überzahl (Gang Up, *vollständiges Regelwerk*, steht **nicht** im Regeltext): +1 auf den
    Nahkampfangriff je weiteren kampffähigen Gegner des Ziels, der mit dem Ziel im Nahkampf steht,
    höchstens +4; jeder kampffähige Verbündete des Ziels, der mit dem Angreifer im Nahkampf steht,
    hebt einen Punkt auf. Wer mit wem im Nahkampf steht, markiert der Spielleiter (``ereignis_nahkampf``).
    """
    ziel_seite = z.kaempfer_namens(ziel).seite
    if not z.nahkampf:  # niemand ist als im Nahkampf markiert (etwa in der Simulation)
        return 0
    an_ziel = [n for n in im_nahkampf(z, ziel) if n != angreifer]
    helfer = sum(1 for n in an_ziel if z.kaempfer_namens(n).seite != ziel_seite and z.kaempfer_namens(n).kampffaehig)
    an_angreifer = [n for n in im_nahkampf(z, angreifer) if n != ziel]
    gegen = sum(1 for n in an_angreifer if z.kaempfer_namens(n).seite == ziel_seite and z.kaempfer_namens(n).kampffaehig)
    return max(0, min(UEBERZAHL_MAX, helfer - gegen))


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
    return Ereignis("verzicht", {"name": name}, regel=R + "Schaden wegstecken",
                    text=f"{name} steckt den Schaden nicht weg")


def _verzicht_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    os_ = z.offener_schaden
    if os_ is None or os_.ziel != e.daten["name"]:
        raise KampfFehler(f"{e.daten['name']} hat gerade nichts wegzustecken.")
    return replace(z, offener_schaden=None)


# ---------------------------------------------------------------------------------------
# Benny: den Angriff wiederholen
# ---------------------------------------------------------------------------------------


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
                   letzter_angriff=(("daten", {**d, "probe": e.daten["probe"]}), ("nummer", la["nummer"]), ("treffer", len(neue))))


# ---------------------------------------------------------------------------------------
# Benny: Erholungs-, Außer-Gefecht- und Ausbluten-Probe wiederholen
# ---------------------------------------------------------------------------------------

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


_PROBEN_NAMEN = {"erholung": "die Erholungsprobe", "ausser_gefecht": "die Außer-Gefecht-Probe", "ausbluten": "die Ausbluten-Probe"}
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


_ANWENDEN = {
    "probe_wiederholen": _probe_wiederholen_anwenden,
    "probe_behalten": _probe_behalten_anwenden,
    "angriff_wiederholen": _angriff_wiederholen_anwenden,
    "nahkampf": _nahkampf_anwenden,
    "verzicht": _verzicht_anwenden,
    "runde": _runde_anwenden,
    "karten": _karten_anwenden,
    "am_zug": _am_zug_anwenden,
    "abwarten": _abwarten_anwenden,
    "fertig": _fertig_anwenden,
    "ueberraschung": _ueberraschung_anwenden,
    "unterbrechen": _unterbrechen_anwenden,
    "angriff": _angriff_anwenden,
    "heimlichkeit": _heimlichkeit_anwenden,
    "schaden": _schaden_anwenden,
    "wegstecken": _wegstecken_anwenden,
    "ausser_gefecht": _probe_merken("ausser_gefecht", _ausser_gefecht_anwenden),
    "ausbluten": _probe_merken("ausbluten", _ausbluten_anwenden),
    "heilen": _heilen_anwenden,
    "erholung": _probe_merken("erholung", _erholung_anwenden),
    "benny": _benny_anwenden,
    "benny_erhalten": _benny_erhalten_anwenden,
    "sprint": _sprint_anwenden,
    "manoever": _manoever_anwenden,
    "patt": _patt_anwenden,
    "bewegung": _bewegung_anwenden,
    "springen": _springen_anwenden,
    "bereitmachen": _bereitmachen_anwenden,
}


def anwenden(zustand: Kampfzustand, ereignis: Ereignis) -> Kampfzustand:
    """Wendet ein Ereignis an und gibt den neuen Zustand zurück (rein; ``zustand`` bleibt gleich).

    Raises:
        KampfFehler: das Ereignis ist gerade nicht erlaubt (deutsche Meldung).
    """
    f = _ANWENDEN.get(ereignis.art)
    if f is None:
        raise KampfFehler(f"Unbekanntes Ereignis „{ereignis.art}“.")
    try:
        return f(zustand, ereignis)
    except KartenFehler as fehler:
        raise KampfFehler(str(fehler)) from fehler
