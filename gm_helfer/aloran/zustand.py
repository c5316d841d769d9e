"""Der Zustand eines Aloran-Kampfs: Kämpfer, Aktionen, Runde – und wer in der Reihenfolge dran ist.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, AKTIONEN; Allgemeine Regeln › 1.–3. Phase.
Reine, unveränderliche Werte; :func:`am_zug` wird einmal je Zustand gerechnet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gm_helfer.schnell import einmal_je_objekt, je_objekt
from gm_helfer.text import anzahl

from .daten import (
    AKTIONSARTEN,
    SCHILDE,
    WUNDSTUFEN,
    ZONEN,
)
from .optionen import Optionen
from .proben import AloranFehler
from .werte import (
    Kampfwerte,
    initiativewert,
    zweitwaffe,
)
from .wunden import (
    initiativeabzug_der_stufe,
    kampfunfaehig,
    verletzungsstufe,
    verletzungstext,
    wehrlos,
    wehrlos_mit_abzug,
)

KEINE_WUNDEN: tuple[int, ...] = (0,) * len(ZONEN)
AKTION_KURZ = {"bewegung": "Bew", "kampf": "Kampf", "verteidigung": "Vert", "interaktion": "Int", "zweitwaffe": "Zweitw"}


@dataclass(frozen=True)
class Aktionen:
    """Aktionen, die ein Kämpfer in dieser Runde noch hat.

    SPIELABLAUF › AKTIONEN: „1 BEWEGUNGSAKTION + 1 KAMPFAKTION + 1 VERTEIDIGUNGSAKTION +
    1 INTERAKTION (+ BONUSAKTION)“. ``zweitwaffe`` ist die Bonusaktion „Angriff oder
    Verteidigung“ aus „Kampf mit zwei Waffen“.
    """

    bewegung: int = 1
    kampf: int = 1
    verteidigung: int = 1
    interaktion: int = 1
    zweitwaffe: int = 0

    def text(self) -> str:
        """Kurz für Tabellen: „Bew 1 · Kampf 1 · Vert 2 · Int 1“ (+ „Zweitw 1“)."""
        teile = [f"{AKTION_KURZ[a]} {getattr(self, a)}" for a in AKTIONSARTEN + ("zweitwaffe",)
                 if getattr(self, a) or a != "zweitwaffe"]
        return " · ".join(teile)


@je_objekt
def aktionen_zu_rundenbeginn(w: Kampfwerte) -> Aktionen:
    """Grundaktionen plus passive Bonusaktionen: Schild → +1 Verteidigung („Das Tragen eines
    Schildes gewährt eine Bonus-Verteidigungsaktion.“), zwei Waffen → +1 Angriff oder Verteidigung
    (nur mit einer Zweitwaffe in der Nebenhand, :func:`~.werte.zweitwaffe`)."""
    return Aktionen(
        verteidigung=1 + (1 if SCHILDE[w.schild].bonus_verteidigung else 0),
        zweitwaffe=1 if zweitwaffe(w) is not None else 0,
    )


@dataclass(frozen=True)
class Kaempfer:
    """Ein Kämpfer im Kampf: Werte vom Bogen und sein veränderlicher Zustand (unveränderlich gehalten)."""

    werte: Kampfwerte
    initiative: int | None = None
    """Initiativewert + 1W10, „für gewöhnlich nur neu erwürfelt …, wenn eine völlig neue Kampfsituation beginnt“."""
    initiative_w10: int | None = None
    wunden: tuple[int, ...] = KEINE_WUNDEN
    schadensart: str = ""
    """Schadensart der verletzungsverursachenden Wunde (die zuletzt eine neue Zeile der Wundtabelle
    erreichte) – sie bestimmt den Text der Wundtabelle."""
    ausdauer: int = 0
    aktionen: Aktionen = field(default_factory=Aktionen)
    beeintraechtigt: int = 0
    """So viele der nächsten Kampfaktionen sind beeinträchtigt (Patzer/Meistertreffer 3–4,
    ältere Patzertabelle „Stolpern“/„Sturz“) und entfallen – je Runde eine."""
    unparierbar: int = 0
    """So viele der nächsten Attacken gegen ihn kann er nicht abwehren (ältere Patzertabelle:
    „1 unparierbare“, „2 unparierbare“)."""
    zug: str = ""
    """Sein Zug in dieser Runde: ``""`` (steht noch aus), ``"handelt"`` (sein Zug läuft),
    ``"abwartend"`` (hält seine Aktionen zurück und greift später ein) oder ``"fertig"``."""
    sofort: int = 0
    """Sofortige Bonus-Kampfaktionen (Patzer/Meistertreffer 5–6, Verlassen der Kampfreichweite):
    so viele Kampfaktionen darf er außerhalb der Reihenfolge nutzen (bis zur nächsten Runde)."""

    # Abgeleitetes wird einmal je (unveränderlichem) Kämpfer-Objekt gerechnet: Reihenfolge,
    # Zielwahl und Prüfungen fragen denselben Zustand oft (Issue 10, schneller Ereignispfad).

    @einmal_je_objekt
    def name(self) -> str:
        return self.werte.name

    @einmal_je_objekt
    def konstitution(self) -> int:
        return self.werte.konstitution

    @einmal_je_objekt
    def wundstufe(self) -> int:
        return verletzungsstufe(self.wunden, self.konstitution)

    @property
    def verletzung(self) -> str:
        return verletzungstext(self.wunden, self.konstitution, self.schadensart or "Hieb")

    @einmal_je_objekt
    def wunden_gesamt(self) -> int:
        """Alle Wunden zusammen („verletzt“ für die Zielwahl)."""
        return sum(self.wunden)

    @einmal_je_objekt
    def aktuelle_initiative(self) -> int | None:
        """Initiative abzüglich „Ini -n“ der Wundtabelle."""
        if self.initiative is None:
            return None
        return self.initiative - initiativeabzug_der_stufe(self.wundstufe)

    @einmal_je_objekt
    def kampfunfaehig(self) -> bool:
        return kampfunfaehig(self.wunden, self.konstitution)

    @einmal_je_objekt
    def bewusstlos(self) -> bool:
        """„Bei aufgebrauchter Ausdauer ist der Gegner bewusstlos.“"""
        return self.ausdauer <= 0

    @einmal_je_objekt
    def handelt(self) -> bool:
        """Kann handeln: weder kampfunfähig noch bewusstlos (:func:`kann_handeln`)."""
        return not (self.kampfunfaehig or self.ausdauer <= 0)

    def ist_wehrlos(self, optionen: Optionen = Optionen()) -> bool:
        """Initiative durch Verletzungen auf 0 (Option ``wehrlos_ohne_w10``: Wert ohne W10)."""
        return self._wehrlos_ohne_w10 if optionen.wehrlos_ohne_w10 else self._wehrlos_mit_w10

    @einmal_je_objekt
    def _wehrlos_mit_w10(self) -> bool:
        # wie wehrlos(initiative, wunden, konstitution), mit der gemerkten Wundstufe
        return self.initiative is not None and wehrlos_mit_abzug(self.initiative,
                                                                 initiativeabzug_der_stufe(self.wundstufe))

    @einmal_je_objekt
    def _wehrlos_ohne_w10(self) -> bool:
        return wehrlos(initiativewert(self.werte), self.wunden, self.konstitution)

    def zustand_text(self, optionen: Optionen = Optionen()) -> str:
        teile = []
        if self.kampfunfaehig:
            teile.append("kampfunfähig")
        if self.bewusstlos:
            teile.append("bewusstlos")
        if self.ist_wehrlos(optionen):
            teile.append("wehrlos")
        if self.beeintraechtigt:
            teile.append("beeinträchtigt" + (f" ×{self.beeintraechtigt}" if self.beeintraechtigt > 1 else ""))
        if self.unparierbar:
            teile.append(f"{anzahl(self.unparierbar, 'Attacke', 'Attacken')} unparierbar")
        stufe = WUNDSTUFEN[self.wundstufe]
        if stufe.wuerfel_abzug or stufe.initiative_abzug:
            # Wundtabelle, primärer Effekt: „NK / VT -n W10, Ini -n“ – die Verletzung und ihre Folge
            teile.append(f"{self.verletzung} (NK/VT −{stufe.wuerfel_abzug} W10, "
                         f"Ini −{stufe.initiative_abzug})")
        return ", ".join(teile) or "kampfbereit"


@dataclass(frozen=True)
class Kampf:
    """Der ganze Kampf: Kämpfer, Runde, Optionen – und ein offener gleichzeitiger Austausch."""

    kaempfer: tuple[Kaempfer, ...]
    runde: int = 0
    optionen: Optionen = Optionen()
    austausch: tuple[str, ...] = ()
    """Die Kämpfer gleicher Initiative, deren Aktionen gerade gleichzeitig geschehen („alle ihre
    Würfelwürfe werden simultan ausgeführt“); leer, wenn kein solcher Austausch offen ist."""
    aufgeschoben: tuple[tuple[tuple[str, Any], ...], ...] = ()
    """Die Folgen ihrer Würfe (Wunden, Ausdauerverlust, Beeinträchtigungen), die erst gelten, wenn
    alle des Austauschs gehandelt haben – als Paare (Schlüssel, Wert), in der Reihenfolge der Würfe."""

    def kaempfer_namens(self, name: str) -> Kaempfer:
        plaetze = self._plaetze.get(name)
        if plaetze is None:
            raise AloranFehler(f"„{name}“ kämpft hier nicht mit.")
        return self.kaempfer[plaetze[0]]

    @property
    def namen(self) -> tuple[str, ...]:
        return tuple(k.name for k in self.kaempfer)

    @einmal_je_objekt
    def _am_zug(self) -> tuple[str, ...]:
        """:func:`am_zug` – einmal je Zustand gerechnet (Treiber, Zugprüfung und Ereignisse fragen es)."""
        return _am_zug_rechnen(self)

    @einmal_je_objekt
    def _plaetze(self) -> dict[str, tuple[int, ...]]:
        """Name → Plätze in ``kaempfer`` (bei gleichen Namen zählt für :meth:`kaempfer_namens` der
        erste). :func:`anwenden` reicht das Verzeichnis an den Folgezustand weiter, solange Namen
        und Reihenfolge bleiben – es wird nie verändert."""
        plaetze: dict[str, tuple[int, ...]] = {}
        for i, k in enumerate(self.kaempfer):
            plaetze[k.name] = plaetze.get(k.name, ()) + (i,)
        return plaetze


def neuer_kampf(werte: Sequence[Kampfwerte], optionen: Optionen = Optionen()) -> Kampf:
    """Startzustand: alle Kämpfer unverletzt, volle Ausdauer, Runde 0 (vor der Initiative)."""
    namen = [w.name for w in werte]
    doppelt = sorted({n for n in namen if namen.count(n) > 1})
    if doppelt:
        raise AloranFehler(f"Jeder Kämpfer braucht einen eigenen Namen: {', '.join(doppelt)} doppelt.")
    if not werte:
        raise AloranFehler("Ein Kampf braucht mindestens einen Kämpfer.")
    return Kampf(tuple(Kaempfer(w, ausdauer=w.ausdauer, aktionen=aktionen_zu_rundenbeginn(w)) for w in werte),
                 0, optionen)


def kopf(kampf: Kampf) -> dict[str, Any]:
    """Kopf des Protokolls: alles, um den Startzustand wieder aufzubauen."""
    return {"kaempfer": [k.werte.als_dict() for k in kampf.kaempfer], "optionen": kampf.optionen.als_dict()}


def aus_kopf(kopf_: Mapping[str, Any]) -> Kampf:
    """Gegenstück zu :func:`kopf` (für :meth:`Verlauf.fortsetzen`)."""
    return neuer_kampf([Kampfwerte.aus_dict(d) for d in kopf_["kaempfer"]],
                       Optionen.aus_dict(kopf_.get("optionen")))


# ---------------------------------------------------------------------------------------
# Reihenfolge und Ansichten
# ---------------------------------------------------------------------------------------


@je_objekt
def reihenfolge(kampf: Kampf) -> tuple[tuple[Kaempfer, ...], ...]:
    """Handlungsreihenfolge: höchste (aktuelle) Initiative zuerst; Gleichstand handelt gleichzeitig.

    Allgemeine Regeln › 1./2. Phase: „Die Aktionsreihenfolge ergibt sich dann mit dem höchsten
    Wert, nachfolgend in absteigender Reihenfolge.“ „Sollten mehrere Kombattanten über denselben
    Initiativewert verfügen, geschehen ihre Aktionen in der Regel gleichzeitig“. Ohne Initiative
    stehen Kämpfer am Ende.
    """
    mit = sorted(((k.aktuelle_initiative, k) for k in kampf.kaempfer if k.initiative is not None),
                 key=lambda paar: -paar[0])
    gruppen: list[list[Kaempfer]] = []
    vorige = None
    for ini, k in mit:
        if gruppen and vorige == ini:
            gruppen[-1].append(k)
        else:
            gruppen.append([k])
        vorige = ini
    ohne = [k for k in kampf.kaempfer if k.initiative is None]
    if ohne:
        gruppen.append(ohne)
    return tuple(tuple(g) for g in gruppen)


def proben_abzug(k: Kaempfer) -> int:
    from .wunden import wuerfelabzug

    return wuerfelabzug(k.wunden, k.konstitution)


def kann_handeln(kampf: Kampf, name: str) -> bool:
    return kampf.kaempfer_namens(name).handelt


# ---------------------------------------------------------------------------------------
# Wer ist am Zug (Reihenfolge innerhalb der Runde)
# ---------------------------------------------------------------------------------------


def am_zug(kampf: Kampf) -> tuple[str, ...]:
    """Wer jetzt an der Reihe ist: die Gruppe mit der höchsten (aktuellen) Initiative, deren
    Zug noch aussteht; gleiche Initiative handelt gleichzeitig (dann mehrere Namen).

    Allgemeine Regeln › 2./3. Phase: „Die Aktionsreihenfolge ergibt sich dann mit dem höchsten
    Wert, nachfolgend in absteigender Reihenfolge.“ – „Die Kampfrunde springt also den
    Initiative-Werten folgend durch die Phasen, bis alle Kombatanten ihre Aktionen hatten oder
    kampfunfähig sind. Erst dann beginnt die nächste Kampfrunde.“ Wer abwartet, gibt seinen
    Platz weiter; wer kampfunfähig oder bewusstlos ist, wird übersprungen. Wessen Zug läuft
    (er hat schon eine Aktion genutzt), bleibt am Zug, bis er ihn beendet – auch wenn eine
    Wunde seine Initiative senkt. Gleiche Initiative: alle sind am Zug, bis einer zu handeln
    beginnt; dann handeln sie nacheinander in der Folge, die der Spielleiter wählt.

    Rein; ``()`` vor Runde 1 und wenn die Runde vorbei ist (nächste Runde beginnen). Einmal je
    Zustand gerechnet (:attr:`Kampf._am_zug`).
    """
    return kampf._am_zug


def _zug_laeuft(k: Kaempfer) -> bool:
    """Sein Zug läuft (er hat schon eine Aktion genutzt) und er kann handeln – dann ist er
    :func:`am_zug` (dessen erste Regel), ohne dass es gerechnet werden muss."""
    return k.zug == "handelt" and k.handelt


def _am_zug_rechnen(kampf: Kampf) -> tuple[str, ...]:
    """:func:`am_zug`, gerechnet."""
    if kampf.runde < 1:
        return ()
    if kampf.austausch:
        # gleichzeitiger Austausch: alle, die darin noch nicht fertig sind, bleiben am Zug
        offen = _offen_im_austausch(kampf)
        if offen:
            return offen
    # in einem Durchgang: wessen Zug läuft; sonst die erste Gruppe der :func:`reihenfolge` mit
    # jemandem, dessen Zug aussteht – ohne alle zu sortieren: die höchste aktuelle Initiative unter
    # ihnen, in der Reihenfolge der Kämpfer; zuletzt, wer keine Initiative hat
    laufend: list[str] = []
    hoechste, gruppe, ohne = None, [], []
    for k in kampf.kaempfer:
        if k.zug:
            if k.zug == "handelt" and k.handelt:
                laufend.append(k.name)
            continue
        if laufend or not k.handelt:
            continue
        if k.initiative is None:
            ohne.append(k.name)
            continue
        ini = k.aktuelle_initiative
        if hoechste is None or ini > hoechste:
            hoechste, gruppe = ini, [k.name]
        elif ini == hoechste:
            gruppe.append(k.name)
    return tuple(laufend or gruppe or ohne)




def _offen_im_austausch(kampf: Kampf) -> tuple[str, ...]:
    """Wer im offenen gleichzeitigen Austausch noch handeln kann und seinen Zug nicht beendet hat."""
    offen = []
    for name in kampf.austausch:
        k = kampf.kaempfer_namens(name)
        if k.zug in ("", "handelt") and k.handelt:
            offen.append(name)
    return tuple(offen)
