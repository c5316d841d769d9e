"""Savage-Worlds-Kampf: der Zustand (Kämpfer, Treffer, offene Proben, :class:`Kampfzustand`) und die Hilfen, die
alle Schritte teilen.

Teil von :mod:`gm_helfer.savage_worlds.kampf` (dort alle Namen); Regeln: ``regeln/savage_worlds.txt``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.fehler import RegelFehler
from gm_helfer.karten import Karte, KartenFehler, Stapel, blatt
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.daten import (
    JOKER_BONUS,
    Waffe,
)
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.proben import (
    UNTRAINIERT,
    Eigenschaft,
    Probe,
    eigenschaft,
)
from gm_helfer.savage_worlds.schaden import (
    MAX_WUNDEN,
    wundabzug,
)
from gm_helfer.schnell import bauen, gemerkt, je_objekt, merken
from gm_helfer.schnell import ersetzen as replace

SYSTEM = "savage_worlds"
R = "Savage Worlds › "



class KampfFehler(RegelFehler):
    """Ein Schritt, den die Regeln gerade nicht erlauben; deutsche Meldung."""


def _anwenden_mit(f: Any, zustand: Kampfzustand, ereignis: Ereignis) -> Kampfzustand:
    """Wendet ``ereignis`` mit dem Anwender ``f`` an; ein Kartenfehler wird ein :class:`KampfFehler`."""
    try:
        return f(zustand, ereignis)
    except KartenFehler as fehler:
        raise KampfFehler(str(fehler)) from fehler


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

    def weg_text(self, weg: int) -> str:
        """„1 von 2 Wunden weg“; bei einer Wunde „die Wunde ist weg“ / „die Wunde bleibt“."""
        weg = min(weg, self.wunden)
        if self.wunden == 1:
            return "die Wunde ist weg" if weg else "die Wunde bleibt"
        return f"{weg} von {self.wunden} Wunden weg"

    @property
    def verzicht_knopf(self) -> str:
        """Der Knopf gegen das (weitere) Wegstecken: „Nicht wegstecken“, nach einer Probe wie bei
        den anderen Wiederholungen „Ergebnis behalten“."""
        return "Ergebnis behalten" if self.versuche else "Nicht wegstecken"


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
    mitglieder_fertig: frozenset[str] = frozenset()
    """Mitglieder der aufgerufenen Karte, deren Zug schon beendet ist (die übrigen handeln noch auf
    ihr): „Alle verbündeten Statisten unter der Kontrolle des jeweiligen Spielers handeln auf seiner
    Aktionskarte.“ Mit jeder aufgerufenen Karte wieder leer."""
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
        raise KampfFehler(f"{name} ist Angeschlagen und kann nur freie Aktionen ausführen "
                          "(erst die Erholungsprobe oder ein Benny).")
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


def wegstecken_offen(z: Kampfzustand) -> str | None:
    """Wer gerade entscheiden muss, ob er den letzten Schaden wegsteckt (``None``: niemand).

    Offen ist die erste Entscheidung: Wunden aus dem letzten Schadenswurf bei einer Wildcard, noch
    kein Versuch, ein Benny da (eigener oder, für die Gegenseite, des Spielleiters). Sie endet mit
    dem Wegstecken (:func:`ereignis_wegstecken`) oder dem Verzicht (``ereignis_verzicht``) – nie
    stillschweigend: „Wickele jeden Schadenswurf (einschließlich Schaden wegstecken) separat ab,
    bevor du zum nächsten übergehst.“ (Wunden › Timing)"""
    os_ = z.offener_schaden
    if os_ is None or os_.wunden == 0 or os_.versuche or not os_.vorher.wildcard:
        return None
    kf = z.kaempfer_namens(os_.ziel)
    if kf.tot or kf.bennies + (z.spielleiter_bennies if kf.seite != "Helden" else 0) <= 0:
        return None
    if z.optionen.wegstecken_einmal_je_angriff and (os_.angriff, os_.ziel) in z.weggesteckt_gegen:
        return None
    return os_.ziel


def _nichts_offen(z: Kampfzustand, was: str, *, treffer: bool = True) -> None:
    """Nichts Offenes fällt stillschweigend weg: solange ein Treffer ohne Schadenswurf (``treffer``)
    oder ein Wegstecken offen ist, ist ``was`` nicht erlaubt (deutsche Meldung: wer und was)."""
    wer = wegstecken_offen(z)
    if wer is not None:
        raise KampfFehler(
            f"Erst {wer}: Schaden wegstecken (Benny) oder verzichten, dann {was} – „Wickele jeden Schadenswurf "
            "(einschließlich Schaden wegstecken) separat ab, bevor du zum nächsten übergehst.“"
        )
    if treffer and z.offene_treffer:
        offen = "; ".join(f"{t.angreifer} trifft {t.ziel}" for t in z.offene_treffer)
        raise KampfFehler(f"Erst den Schaden würfeln ({offen}), dann {was} – ein Treffer verfällt nicht.")


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
