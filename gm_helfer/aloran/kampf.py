"""Der Aloran-Kampf als Ereignisfolge: Zustand, Ereignisse, reines ``anwenden``.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, AKTIONEN (Bewegungs-,
Kampf-, Verteidigungsaktion, Interaktion, Bonusaktion), ATTACKE UND PARADE; Allgemeine
Regeln › Der Kampf (1.–6. Phase).

Jeder Ereignis-Baustein (``*_ereignis``) würfelt (``rng``) oder liest eingetippte Augen,
wertet mit den reinen Regelfunktionen aus und legt die Folgen als JSON-Liste ``folgen``
in das :class:`~gm_helfer.protokoll.Ereignis`. :func:`anwenden` faltet nur diese Folgen
in einen neuen Zustand – so spielt ein Protokoll beim Fortsetzen genau gleich ab.

>>> from gm_helfer.aloran.werte import beispielwerte
>>> k = neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
>>> k = anwenden(k, initiative_ereignis(k, augen={"Ada": "7", "Ork": "0"}))
>>> [(x.name, x.initiative) for x in k.kaempfer]
[('Ada', 16), ('Ork', 19)]
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from gm_helfer import wuerfel as wuerfel_kern
from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.schnell import bauen, einmal_je_objekt, ersetzen, je_objekt
from gm_helfer.text import anzahl, leer

from . import proben
from .angriff import Lage, ausdauerschaden, lage, trefferschaden, vergleich_auswerten
from .chancen import AngriffChancen, angriff_chancen, folgen_chancen
from .daten import (
    AKTION_NAME,
    AKTIONSARTEN,
    KATEGORIE_ANZEIGE,
    REGEL,
    SCHILDE,
    SPURT_AUSDAUER,
    SYSTEM,
    WAFFENLOS_SCHADEN,
    WUNDSTUFEN,
    WUNDTABELLE_ART,
    ZONEN,
    ZONEN_SCHLUESSEL,
)
from .optionen import Optionen
from .proben import AloranFehler
from .werte import (
    Angriffsart,
    Kampfwerte,
    Verteidigungsart,
    angriffsart,
    bewegung,
    initiativewert,
    verteidigungen_gegen,
    verteidigungsart,
    wehrt_ab,
    zweitwaffe,
)
from .wunden import (
    initiativeabzug_der_stufe,
    kampfunfaehig,
    verletzungsstufe,
    verletzungstext,
    wehrlos,
    wehrlos_mit_abzug,
    wunden_hinzu,
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
    """Schadensart der letzten Wunde – sie bestimmt den Text der Wundtabelle."""
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
    """Der ganze Kampf: Kämpfer, Runde, Optionen."""

    kaempfer: tuple[Kaempfer, ...]
    runde: int = 0
    optionen: Optionen = Optionen()

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


def neuer_verlauf(kampf: Kampf, datei: Path | str | None = None) -> Verlauf:
    """Ein :class:`Verlauf` für diesen Kampf (mit Datei: jedes Ereignis wird sicher geschrieben)."""
    return Verlauf(kampf, anwenden, datei=datei, system=SYSTEM, kopf=kopf(kampf))


def fortsetzen(datei: Path | str, *, nur_lesen: bool = False, uebernehmen: bool = False) -> tuple[Verlauf, list[str]]:
    """Einen Kampf aus seinem Protokoll wieder aufnehmen (Warnungen auf Deutsch); ``nur_lesen`` und
    ``uebernehmen`` wie bei :meth:`gm_helfer.protokoll.Verlauf.fortsetzen`."""
    return Verlauf.fortsetzen(datei, aus_kopf, anwenden, nur_lesen=nur_lesen, uebernehmen=uebernehmen)


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


def uebersicht(kampf: Kampf) -> list[dict[str, Any]]:
    """Eine Zeile je Kämpfer in Handlungsreihenfolge (für die Tabelle im Notebook); die Spalte
    „Zug“ sagt, wer am Zug ist, wer abwartet und wer in dieser Runde schon gehandelt hat."""
    zeilen = []
    jetzt = am_zug(kampf)
    for platz, gruppe in enumerate(reihenfolge(kampf), start=1):
        for k in gruppe:
            abzug = proben_abzug(k)
            verletzung = k.verletzung + (f" (−{abzug} W10)" if abzug else "")
            zeilen.append({
                "Platz": platz,
                "Name": k.name,
                "Initiative": leer(k.aktuelle_initiative),
                "Zug": _zug_text(kampf, k, jetzt),
                "Zustand": k.zustand_text(kampf.optionen),
                "Aktionen übrig": k.aktionen.text(),
                "Wunden": sum(k.wunden),
                "Verletzung": verletzung,
                "Ausdauer": k.ausdauer,
                "Seite": k.werte.seite,
            })
    return zeilen


def proben_abzug(k: Kaempfer) -> int:
    from .wunden import wuerfelabzug

    return wuerfelabzug(k.wunden, k.konstitution)


def wunden_zeilen(kampf: Kampf) -> list[dict[str, Any]]:
    """Wunden je Zone und Kämpfer, mit den Schwellen (z. B. „4 / 3·6·9“)."""
    zeilen = []
    for k in kampf.kaempfer:
        ko = k.konstitution
        zeile: dict[str, Any] = {"Name": k.name, "Schwellen": f"{ko}·{2 * ko}·{3 * ko}"}
        for zone, w in zip(ZONEN, k.wunden):
            zeile[zone.name] = w
        zeilen.append(zeile)
    return zeilen


def kann_handeln(kampf: Kampf, name: str) -> bool:
    return kampf.kaempfer_namens(name).handelt


def kann_verteidigen(kampf: Kampf, name: str, verteidigung: str | None = None) -> bool:
    """Hat eine Verteidigungsaktion übrig und ist nicht wehrlos/kampfunfähig/bewusstlos.

    Ist die Verteidigungsaktion verbraucht, bleibt die Bonusaktion der Zweitwaffe – sie ist
    eine Standard-Parade mit der Zweitwaffe („Mit der Zweitwaffe kann … nur Standard-Attacken
    oder Parade durchgeführt werden.“). Mit ``verteidigung`` wird geprüft, ob genau diese
    Verteidigung noch bezahlt werden kann."""
    return _kann_verteidigen(kampf.kaempfer_namens(name), kampf.optionen, verteidigung)


def _kann_verteidigen(k: Kaempfer, optionen: Optionen, verteidigung: str | None = None) -> bool:
    """:func:`kann_verteidigen` für den schon nachgeschlagenen Kämpfer ``k``."""
    if not k.handelt or k.ist_wehrlos(optionen) or k.unparierbar > 0:
        return False
    if k.aktionen.verteidigung > 0:
        return True
    if k.aktionen.zweitwaffe <= 0:
        return False
    return verteidigung is None or verteidigung == zweitwaffen_parade(k.werte)


def zweitwaffen_parade(w: Kampfwerte) -> str | None:
    """Name der Standard-Parade mit der Zweitwaffe (``None`` ohne Zweitwaffe)."""
    zw = zweitwaffe(w)
    return f"Parade: {zw.name}" if zw is not None else None


def _zweitwaffe_pruefen(w: Kampfwerte, art_name: str) -> None:
    """Die Bonusaktion „Kampf mit zwei Waffen“ greift mit der Zweitwaffe an.

    „… ihre Nebenhand mit einer Zweitwaffe auszurüsten und dadurch eine Bonusaktion (Angriff
    oder Verteidigung) zu erhalten.“ – „Mit der Zweitwaffe kann … keine kostenpflichtigen
    Spezialisierungen, sondern nur Standard-Attacken oder Parade durchgeführt werden.“"""
    art = angriffsart(w, art_name)
    if art.art != "waffe":
        raise AloranFehler("Nur mit einer Waffe kann man als Zweitwaffe angreifen – „mit der Zweitwaffe kann … "
                           "keine kostenpflichtigen Spezialisierungen, sondern nur Standard-Attacken“.")
    zw = zweitwaffe(w)
    if zw is None:
        raise AloranFehler(f"{w.name} hat keine Zweitwaffe in der Nebenhand (Bogen: „Kampf mit zwei Waffen“ "
                           f"und eine zweite Waffe) – also keine Bonusaktion mit ihr.")
    if art.name != zw.name:
        raise AloranFehler(f"Die Bonusaktion greift mit der Zweitwaffe ({zw.name}) an, nicht ein zweites Mal "
                           f"mit „{art.name}“ (SPIELABLAUF › Kampf mit zwei Waffen).")


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


KAMPFUNFAEHIG_ERLAUBT = ("bewegung", "interaktion")
"""Was Kampfunfähige (nicht Bewusstlose) noch dürfen: Kriechen und verbale Äußerungen
(Allgemeine Regeln › 6. Phase); „nicht zaubern oder körperliche Talente anwenden“."""


def zug_sperre(kampf: Kampf, name: str, art: str = "kampf") -> str | None:
    """Darf ``name`` jetzt eine eigene Aktion (``art``: bewegung, kampf, interaktion) nutzen?

    ``None``: ja – er ist am Zug, er hat in seinem Zug „Abwarten“ angesagt und greift jetzt ein
    („Charaktere mit höherer Initiative können ihre Aktionen zurückhalten, um zu einem
    beliebigen Punkt der folgenden Kampfaktion einzugreifen.“), oder er hat eine sofortige
    Bonus-Kampfaktion. Sonst der deutsche Grund. Verteidigungsaktionen (Reaktionen) prüft das
    nicht – sie gehören zum Zug des Angreifers. Rein.
    """
    return _zug_sperre(kampf, kampf.kaempfer_namens(name), art)


def _zug_sperre(kampf: Kampf, k: Kaempfer, art: str = "kampf") -> str | None:
    """:func:`zug_sperre` für den schon nachgeschlagenen Kämpfer ``k``."""
    name = k.name
    if kampf.runde < 1:
        return "Der Kampf hat noch nicht begonnen: erst Initiative würfeln, dann Runde 1 beginnen."
    if not k.handelt:
        if k.kampfunfaehig and not k.bewusstlos and art in KAMPFUNFAEHIG_ERLAUBT:
            # „Kampfunfähige Charaktere können … noch agieren. Das kann von Kriechen über verbale
            # Äußerungen alles sein, was der Spielleiter zulässt.“ – außerhalb der Reihenfolge,
            # die sie überspringt („bis alle Kombatanten ihre Aktionen hatten oder kampfunfähig sind“)
            return None
        return f"{name} ist {k.zustand_text(kampf.optionen)} und kann nicht handeln."
    if k.zug == "abwartend":
        return None
    if art == "kampf" and k.sofort > 0:
        return None
    if _zug_laeuft(k):
        return None
    jetzt = am_zug(kampf)
    if name in jetzt:
        return None
    if k.zug == "fertig":
        return f"{name} hat in Runde {kampf.runde} schon gehandelt."
    wer = " und ".join(jetzt)
    ini = kampf.kaempfer_namens(jetzt[0]).aktuelle_initiative
    if ini == k.aktuelle_initiative:
        return (f"{wer} {'ist' if len(jetzt) == 1 else 'sind'} am Zug; {name} hat dieselbe Initiative "
                f"({ini}) und ist dran, sobald {wer} den Zug beendet.")
    return (f"{wer} {'ist' if len(jetzt) == 1 else 'sind'} am Zug (Initiative {ini}); {name} "
            f"(Initiative {k.aktuelle_initiative}) ist später dran. Außer der Reihe handelt nur, wer "
            f"in seinem Zug „Abwarten“ angesagt hat.")


def _reihenfolge_pruefen(kampf: Kampf, k: Kaempfer, art: str) -> None:
    grund = _zug_sperre(kampf, k, art)
    if grund is not None:
        raise AloranFehler(grund)


def _zug_text(kampf: Kampf, k: Kaempfer, jetzt: tuple[str, ...]) -> str:
    if k.name in jetzt:
        return "am Zug"
    return {"abwartend": "wartet ab", "fertig": "hat gehandelt"}.get(k.zug, "")


def abwarten_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """Wer am Zug ist, hält seine Aktionen zurück und greift später in der Runde ein.

    Allgemeine Regeln › 2. Phase: „Charaktere mit höherer Initiative können ihre Aktionen
    zurückhalten, um zu einem beliebigen Punkt der folgenden Kampfaktion einzugreifen. Eine
    solche Reaktion wird dann direkt nach der abgewarteten Reaktion ausgeführt.“"""
    kampf.kaempfer_namens(name)
    jetzt = am_zug(kampf)
    if name not in jetzt:
        raise AloranFehler(f"{name} ist nicht am Zug – zurückhalten kann nur, wer an der Reihe ist"
                           + (f" (jetzt: {', '.join(jetzt)})." if jetzt else "."))
    return Ereignis("abwarten", {"folgen": [{"name": name, "zug": "abwartend"}]},
                    f"{REGEL} › Allgemeine Regeln › 2. Phase - Aktionen deklarieren", False,
                    f"{name} wartet ab und greift später in Runde {kampf.runde} ein")


def zug_ende_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """``name`` beendet seinen Zug; der Nächste in der Reihenfolge ist dran.

    Allgemeine Regeln › 3. Phase: „Die Kampfrunde springt also den Initiative-Werten folgend
    durch die Phasen, bis alle Kombatanten ihre Aktionen hatten …“"""
    k = kampf.kaempfer_namens(name)
    if not _zug_laeuft(k) and k.zug != "abwartend" and name not in am_zug(kampf):
        grund = zug_sperre(kampf, name) or f"{name} ist nicht am Zug."
        raise AloranFehler(f"{name} kann seinen Zug nicht beenden: {grund}")
    return bauen(Ereignis, {"art": "zug_ende", "daten": {"folgen": [{"name": name, "zug": "fertig"}]},
                            "regel": _REGEL_ZUG_ENDE, "eingetippt": False, "text": f"{name} beendet seinen Zug"})


_REGEL_ZUG_ENDE = f"{REGEL} › Allgemeine Regeln › 3. Phase - Vergleichswurf"


# ---------------------------------------------------------------------------------------
# Ereignisse
# ---------------------------------------------------------------------------------------


def _aktion(name: str, art: str, delta: int = -1) -> dict[str, Any]:
    return {"name": name, "aktion": art, "delta": delta}


def _aktion_ausgeben(k: Kaempfer, art: str, *, zweitwaffe_zuerst: bool = False) -> dict[str, Any]:
    """Welcher Zähler eine Aktion bezahlt: die Aktion selbst, sonst (nur bei der Verteidigung)
    die Zweitwaffen-Bonusaktion. Ein Angriff bezahlt mit ihr nur ausdrücklich
    (``zweitwaffe_zuerst``, geprüft in :func:`_zweitwaffe_pruefen`) – sonst griffe die
    Hauptwaffe zweimal an."""
    kann_zweitwaffe = art in ("kampf", "verteidigung") and k.aktionen.zweitwaffe > 0
    if zweitwaffe_zuerst:
        if not kann_zweitwaffe:
            raise AloranFehler(f"{k.name} hat keine Bonusaktion mit der Zweitwaffe mehr.")
        return _aktion(k.name, "zweitwaffe")
    if getattr(k.aktionen, art) > 0:
        return _aktion(k.name, art)
    if kann_zweitwaffe and art == "verteidigung":
        return _aktion(k.name, "zweitwaffe")
    raise AloranFehler(f"{k.name} hat in dieser Runde keine {AKTION_NAME[art]} mehr.")


def _eigene_aktion(kampf: Kampf, k: Kaempfer, art: str, **kw: Any) -> list[dict[str, Any]]:
    """Prüft die Reihenfolge und bezahlt eine eigene Aktion; außer der Reihe verbraucht eine
    Kampfaktion die sofortige Bonus-Kampfaktion."""
    _reihenfolge_pruefen(kampf, k, art)
    folgen = [_aktion_ausgeben(k, art, **kw)]
    dran = k.name in am_zug(kampf)
    if dran and not k.zug:
        folgen.append({"name": k.name, "zug": "handelt"})
    if art == "kampf" and k.sofort > 0 and k.zug != "abwartend" and not dran:
        folgen.append({"name": k.name, "sofort": -1})
    return folgen


def initiative_ereignis(
    kampf: Kampf,
    *,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    hinterhalt: Sequence[str] = (),
    namen: Sequence[str] | None = None,
) -> Ereignis:
    """Initiative für alle (oder ``namen``): Initiativewert + 1W10.

    ``hinterhalt``: Überraschte würfeln keinen W10 („Hinterhalt: W10 Wurf entfällt“) – außer mit
    „Kampfgespür: ignoriert negative situative Modifikatoren“.
    ``augen``: eingetippte W10 je Name (eine 0 ist die 10); sonst ``rng``.
    """
    augen = dict(augen or {})
    folgen, teile, eingetippt = [], [], False
    for k in kampf.kaempfer:
        if namen is not None and k.name not in namen:
            continue
        wert = initiativewert(k.werte)
        if k.name in hinterhalt and not k.werte.kampfgespuer:
            w10 = None
        else:
            roh = augen.get(k.name)
            w10, getippt = proben.wuerfle_w(10, rng=rng, augen=roh, was=f"Initiative {k.name}")
            eingetippt |= getippt
        gesamt = wert + (w10 or 0)
        folgen.append({"name": k.name, "initiative": gesamt, "w10": w10})
        teile.append(f"{k.name} {gesamt}" + (" (Hinterhalt, ohne W10)" if w10 is None else f" ({wert}+{w10})")
                     + (" – Kampfgespür: der Hinterhalt zählt nicht" if k.name in hinterhalt and w10 else ""))
    return Ereignis("initiative", {"folgen": folgen}, f"{REGEL} › SPIELABLAUF › INITIATIVE", eingetippt,
                    "Initiative: " + ", ".join(teile))


def runde_ereignis(kampf: Kampf) -> Ereignis:
    """Neue Kampfrunde: alle Aktionen frisch; eine beeinträchtigte Kampfaktion entfällt.

    Allgemeine Regeln › 3. Phase: „… bis alle Kombatanten ihre Aktionen hatten oder kampfunfähig
    sind. Erst dann beginnt die nächste Kampfrunde.“ – solange jemand am Zug ist oder noch
    aussteht, wird die neue Runde abgelehnt (wer abwartet, verliert seine zurückgehaltenen
    Aktionen mit der Runde)."""
    if am_zug(kampf):
        offen = [k.name for g in reihenfolge(kampf) for k in g
                 if k.zug in ("", "handelt") and kann_handeln(kampf, k.name)]
        raise AloranFehler(f"Runde {kampf.runde} ist noch nicht vorbei: {', '.join(offen)} "
                           f"{'hat' if len(offen) == 1 else 'haben'} noch nicht gehandelt – erst den Zug "
                           f"beenden („Erst dann beginnt die nächste Kampfrunde.“).")
    n = kampf.runde + 1
    return bauen(Ereignis, {"art": "runde", "daten": {"folgen": [{"runde": n}]}, "regel": _REGEL_AKTIONEN,
                            "eingetippt": False, "text": f"Runde {n} beginnt"})


_REGEL_AKTIONEN = f"{REGEL} › SPIELABLAUF › AKTIONEN"


def bewegung_ereignis(
    kampf: Kampf, name: str, art: str = "normal", *, spurt: bool = False, gelaende: int = 0,
    reittier_stufe: int = 0,
) -> Ereignis:
    """Bewegungsaktion; ``spurt`` nutzt zusätzlich die Kampfaktion: 6 Ausdauer → 1 Bewegungspunkt."""
    k = kampf.kaempfer_namens(name)
    if not kann_handeln(kampf, name) and (k.bewusstlos or art != "Kriechen" or spurt):
        nur = " – kampfunfähig bleibt nur Kriechen" if not k.bewusstlos else ""
        raise AloranFehler(f"{name} ist {k.zustand_text(kampf.optionen)} und kann sich nicht so bewegen{nur}.")
    punkte = bewegung(k.werte, art, gelaende=gelaende, reittier_stufe=reittier_stufe)
    folgen = _eigene_aktion(kampf, k, "bewegung")
    text = f"{name} bewegt sich ({art}): {anzahl(punkte, 'Feld', 'Felder')}"
    if spurt:
        if k.ausdauer < SPURT_AUSDAUER:
            raise AloranFehler(f"{name} hat nur {k.ausdauer} Ausdauer – ein Spurt kostet {SPURT_AUSDAUER}.")
        folgen.extend(_eigene_aktion(kampf, k, "kampf"))
        folgen.append({"name": name, "ausdauer": -SPURT_AUSDAUER})
        text = f"{name} spurtet ({art}): {anzahl(punkte + 1, 'Feld', 'Felder')}, −{SPURT_AUSDAUER} Ausdauer"
    return Ereignis("bewegung", {"folgen": folgen, "felder": punkte + (1 if spurt else 0)},
                    f"{REGEL} › SPIELABLAUF › Bewegungsaktion", False, text)


def aktion_ereignis(kampf: Kampf, name: str, art: str, was: str = "") -> Ereignis:
    """Eine sonstige Aktion ausgeben (Interaktion, Gegenstand nutzen, Waffe ziehen …)."""
    if art not in AKTIONSARTEN:
        raise AloranFehler(f"Aktionsart „{art}“ gibt es nicht ({', '.join(AKTIONSARTEN)}).")
    k = kampf.kaempfer_namens(name)
    text = f"{name}: {AKTION_NAME[art]}" + (f" – {was}" if was else "")
    folgen = [_aktion_ausgeben(k, art)] if art == "verteidigung" else _eigene_aktion(kampf, k, art)
    return Ereignis("aktion", {"folgen": folgen}, f"{REGEL} › SPIELABLAUF › AKTIONEN",
                    False, text)


def bonusaktion_ereignis(kampf: Kampf, name: str, art: str = "kampf", grund: str = "",
                         *, sofort: bool = True) -> Ereignis:
    """Eine Bonusaktion gewähren, z. B. weil ein Gegner die Kampfreichweite verlässt.

    SPIELABLAUF › Bonusaktion: „Beim Verlassen der Kampfreichweite … eines Gegners gewährt man
    diesem dadurch eine Bonus-Kampfaktion.“ Eine Bonus-Kampfaktion ist mit ``sofort`` (Standard)
    auch außerhalb der Reihenfolge nutzbar – der Gegner schlägt zu, wenn man ihn verlässt.
    """
    if art not in AKTIONSARTEN:
        raise AloranFehler(f"Aktionsart „{art}“ gibt es nicht ({', '.join(AKTIONSARTEN)}).")
    kampf.kaempfer_namens(name)
    folgen = [_aktion(name, art, +1)]
    if sofort and art == "kampf":
        folgen.append({"name": name, "sofort": 1})
    return Ereignis("bonusaktion", {"folgen": folgen},
                    f"{REGEL} › SPIELABLAUF › Bonusaktion", False,
                    f"{name} erhält eine Bonusaktion ({AKTION_NAME[art]})" + (f": {grund}" if grund else ""))


EINGRIFF = f"{REGEL} › Spielleiter-Eingriff (Heilung und Ausdauer-Erholung regelt der Text nicht)"


def eingriff_ereignis(
    kampf: Kampf, name: str, *, zone: str | None = None, wunden: int = 0, ausdauer: int = 0,
    schadensart: str = "Hieb", grund: str = "",
) -> Ereignis:
    """Spielleiter-Eingriff: Wunden in einer Zone eintragen (positiv) oder heilen (negativ),
    Ausdauer abziehen oder zurückgeben (höchstens bis zum Bogenwert).

    Der Regeltext kennt weder Heilung noch Ausdauer-Erholung; Folgen, die er dem Spielleiter
    überlässt (Umgebung, ältere Patzertabelle „Schwerer Patzer“ …), trägt man so ein.
    """
    k = kampf.kaempfer_namens(name)
    if isinstance(wunden, bool) or not isinstance(wunden, int) or isinstance(ausdauer, bool) \
            or not isinstance(ausdauer, int):
        raise AloranFehler("Wunden und Ausdauer müssen ganze Zahlen sein.")
    if not wunden and not ausdauer:
        raise AloranFehler("Nichts zu ändern: bitte Wunden oder Ausdauer angeben.")
    folgen: list[dict[str, Any]] = []
    teile = []
    if wunden:
        if zone not in ZONEN_SCHLUESSEL:
            raise AloranFehler(f"Für Wunden bitte eine Trefferzone wählen ({', '.join(ZONEN_SCHLUESSEL)}).")
        if schadensart not in WUNDTABELLE_ART:
            raise AloranFehler(f"Unbekannte Schadensart „{schadensart}“ (Hieb, Wucht, Stich, Fern).")
        i = ZONEN_SCHLUESSEL.index(zone)
        echt = max(wunden, -k.wunden[i])
        folgen.append({"name": name, "zone": zone, "wunden": echt, "schadensart": schadensart})
        teile.append(f"{anzahl(abs(echt), 'Wunde', 'Wunden')} am {ZONEN[i].name} " + ("eingetragen" if echt > 0 else "geheilt"))
    if ausdauer:
        echt = min(ausdauer, k.werte.ausdauer - k.ausdauer) if ausdauer > 0 else max(ausdauer, -k.ausdauer)
        folgen.append({"name": name, "ausdauer": echt})
        teile.append(f"Ausdauer {echt:+d} (jetzt {k.ausdauer + echt} von {k.werte.ausdauer})")
    return Ereignis("eingriff", {"folgen": folgen}, EINGRIFF, False,
                    f"{name}: " + ", ".join(teile) + (f" – {grund}" if grund else ""))


def beitreten_ereignis(kampf: Kampf, werte: Kampfwerte, *, rng: Any = None, augen: Any = None,
                       hinterhalt: bool = False) -> Ereignis:
    """Ein Kämpfer greift in den laufenden Kampf ein und würfelt Initiative.

    Allgemeine Regeln › 1. Phase: „Greift jemand in einen bereits stattfindenden Kampf ein, kann
    er normal auf Initiative würfeln und sich entsprechend einreihen.“ Die Werte stehen im
    Ereignis, damit das Protokoll ohne Bogen fortgesetzt werden kann.
    """
    if werte.name in kampf.namen:
        raise AloranFehler(f"„{werte.name}“ kämpft schon mit.")
    wert = initiativewert(werte)
    w10, getippt = (None, False) if hinterhalt and not werte.kampfgespuer else proben.wuerfle_w(10, rng=rng, augen=augen,
                                                                     was=f"Initiative {werte.name}")
    folgen = [{"beitreten": werte.als_dict()},
              {"name": werte.name, "initiative": wert + (w10 or 0), "w10": w10}]
    return Ereignis("beitreten", {"folgen": folgen}, f"{REGEL} › Allgemeine Regeln › 1. Phase - Initiative",
                    getippt, f"{werte.name} greift ein: Initiative {wert + (w10 or 0)}"
                    + (" (ohne W10)" if w10 is None else f" ({wert}+{w10})"))


@lru_cache(maxsize=None)
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
    if v_art is not None:
        folgen.append(_aktion_ausgeben(v, "verteidigung"))
    elif verteidigung is not None:
        hinweise.append(f"{ziel} ist {v.zustand_text(opt)} und kann sich nicht verteidigen")
    if v.unparierbar:
        folgen.append({"name": ziel, "unparierbar": -1})
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
    zeilen = []
    if text:
        zeilen.append(f"{angreifer} greift {ziel} an ({angriff}): {wa}")
        if v_art:
            zeilen.append(f"Verteidigung ({verteidigung}): {wv}")
        zeilen.append(f"→ {KATEGORIE_ANZEIGE[erg.kategorie]}")

    # Patzer und Meistertreffer (W6-Tabellen); die Schleife nur, wenn es einen gibt (meist keinen)
    bonus = 0
    sonder = erg.angriff_patzer or erg.angriff_meister or erg.verteidigung_patzer or erg.verteidigung_meister
    for seite, wer, gegner, patzer, meister, probe in (
        ("angriff", a, v, erg.angriff_patzer, erg.angriff_meister, art),
        ("verteidigung", v, a, erg.verteidigung_patzer, erg.verteidigung_meister, v_art),
    ) if sonder else ():
        if patzer:
            zeilen.append(_patzer(q, seite, wer, gegner, folgen, opt, _patzerprobe(wer, probe)))
        if meister:
            t, b = _meister(q, seite, wer, gegner, folgen,
                            erg.kategorie != "verfehlt" and art.wirkung != "geistig")
            bonus += b
            zeilen.append(t)

    if art.text:
        zeilen.append(f"Manöver: {art.text}")
    # Treffer: Zone und Schaden
    if erg.kategorie != "verfehlt":
        if art.wirkung == "geistig":
            zeilen.append(f"der Zauber wirkt auf {ziel} ({KATEGORIE_ANZEIGE[erg.kategorie]}) – Wirkung laut Zauberliste")
        elif art.schadensart == "Ausdauer":
            summe = q.ausdruck("schaden", art.schaden_ausdruck or art.schaden_text, f"Schaden {angriff}")
            q.pruefen()
            verlust = ausdauerschaden(summe + bonus, erg.kategorie, opt)
            folgen.append({"name": ziel, "ausdauer": -verlust})
            daten.update(schaden_wurf=summe, ausdauer_verlust=verlust)
            zeilen.append(f"{ziel} verliert {verlust} Ausdauer")
        else:
            w20 = q.w("zone", 20, "Trefferzone")
            summe = q.ausdruck("schaden", art.schaden_ausdruck or art.schaden_text, f"Schaden {angriff}")
            q.pruefen()
            zone = proben.trefferzone(w20)
            ruestung = v.werte.ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)]
            wert, wunden = trefferschaden(summe, erg.kategorie, ruestung, opt, halbiert=zweitwaffe, bonus=bonus)
            folgen.append({"name": ziel, "zone": zone.schluessel, "wunden": wunden, "schadensart": art.schadensart})
            daten.update(zone_w20=w20, zone=zone.schluessel, schaden_wurf=summe, schaden=wert, wunden=wunden)
            if text:
                rechnung = (f"({wert} Schaden − Rüstung {ruestung}) × {KATEGORIE_ANZEIGE[erg.kategorie]}"
                            if opt.faktor_nach_ruestung else f"{wert} Schaden − Rüstung {ruestung}")
                zeilen.append(f"{zone.name} (W20 {w20}): {rechnung} = {anzahl(wunden, 'Wunde', 'Wunden')}")
    q.pruefen()
    if hinweise:
        zeilen.append("; ".join(hinweise))
    daten["folgen"] = folgen
    return bauen(Ereignis, {"art": "angriff", "daten": daten, "regel": _mit_optionen(_REGEL_ANGRIFF, opt),
                            "eingetippt": q.eingetippt, "text": "; ".join(zeilen) if text else ""})


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
        zone = proben.trefferzone(w20)
        schaden = roh // 2
        wunden = max(0, schaden - wer.werte.ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)])
        folgen.append({"name": wer.name, "zone": zone.schluessel, "wunden": wunden, "schadensart": probe.schadensart})
        text += f" – {roh} halbiert = {schaden} Schaden am {zone.name}, {anzahl(wunden, 'Wunde', 'Wunden')}"
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
        schaden = q.w(f"{seite}_patzer_schaden", 6, f"Patzerschaden {wer.name}")
        w20 = q.w(f"{seite}_patzer_zone", 20, f"Patzer-Trefferzone {wer.name}")
        q.pruefen()
        zone = proben.trefferzone(w20)
        wunden = max(0, schaden - wer.werte.ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)])
        folgen.append({"name": wer.name, "zone": zone.schluessel, "wunden": wunden, "schadensart": "Wucht"})
        text += f" – {schaden} Schaden am {zone.name}, {anzahl(wunden, 'Wunde', 'Wunden')}"
    elif eintrag.wirkung == "beeintraechtigt":
        _beeintraechtigen(wer, folgen)
    else:
        # „Der Gegner erhält eine sofortige Bonus-Kampfaktion“
        folgen.append(_aktion(gegner.name, "kampf", +1))
        folgen.append({"name": gegner.name, "sofort": 1})
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
            schaden = q.w("verteidigung_meister_schaden", 6, "Bonus-Schaden der Parade")
            w20 = q.w("verteidigung_meister_zone", 20, "Trefferzone des Parade-Schadens")
            q.pruefen()
            zone = proben.trefferzone(w20)
            wunden = max(0, schaden - gegner.werte.ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)])
            folgen.append({"name": gegner.name, "zone": zone.schluessel, "wunden": wunden, "schadensart": "Wucht"})
            text += f" – {schaden} Schaden am {zone.name} von {gegner.name}, {anzahl(wunden, 'Wunde', 'Wunden')}"
    elif eintrag.wirkung == "beeintraechtigt":
        _beeintraechtigen(gegner, folgen)
    else:
        # „man erhält eine sofortige Bonus-Kampfaktion“
        folgen.append(_aktion(wer.name, "kampf", +1))
        folgen.append({"name": wer.name, "sofort": 1})
    return text, bonus


# ---------------------------------------------------------------------------------------
# anwenden
# ---------------------------------------------------------------------------------------


def _kampf_folge(kampf: Kampf, f: Mapping[str, Any]) -> Kampf:
    """Eine Folge, die den ganzen Kampf ändert: neue Runde oder ein Kämpfer tritt bei."""
    if "runde" in f:
        neu = []
        for k in kampf.kaempfer:
            akt = aktionen_zu_rundenbeginn(k.werte)
            if k.beeintraechtigt:
                akt = _aktionen_mit(akt, "kampf", 0)
            elif k.aktionen is akt and not k.zug and not k.sofort:
                neu.append(k)  # schon so, wie die Runde beginnt (etwa wer ausgeschaltet ist)
                continue
            neu.append(_kaempfer_ersetzen(k, aktionen=akt, beeintraechtigt=max(0, k.beeintraechtigt - 1),
                                          zug="", sofort=0))
        return _mit_kaempfern(kampf, neu, runde=int(f["runde"]))
    w = Kampfwerte.aus_dict(f["beitreten"])
    neu_k = Kaempfer(w, ausdauer=w.ausdauer, aktionen=aktionen_zu_rundenbeginn(w))
    return ersetzen(kampf, kaempfer=kampf.kaempfer + (neu_k,))


_KAEMPFER_FELDER = frozenset(f.name for f in fields(Kaempfer))
_ABGELEITET_AUS = frozenset({"werte", "initiative", "wunden", "ausdauer"})
"""Die Felder, aus denen :class:`Kaempfer` seine gemerkten Eigenschaften (``einmal_je_objekt``)
rechnet; Aktionen, Zug, Beeinträchtigung, Sofort- und Unparierbar-Zähler gehen in keine ein."""


def _kaempfer_ersetzen(k: Kaempfer, **aenderungen: Any) -> Kaempfer:
    """Wie :func:`~gm_helfer.schnell.ersetzen`; ändert sich keines der Felder in
    :data:`_ABGELEITET_AUS`, behält die Kopie die gemerkten Eigenschaften des alten Kämpfers (sie
    sind dieselben) – die meisten Folgen ändern nur Aktionen oder den Zug, und Reihenfolge und
    Zielwahl fragen danach wieder, wer handeln kann (Issue 10). ``tests/aloran/test_kampf.py``
    prüft die behaltenen Werte gegen frisch gerechnete."""
    if not _KAEMPFER_FELDER.issuperset(aenderungen):
        raise TypeError(f"Kaempfer hat kein Feld {sorted(set(aenderungen) - _KAEMPFER_FELDER)}.")
    return _kopie(k, **aenderungen)


def _kopie(k: Kaempfer, **aenderungen: Any) -> Kaempfer:
    """:func:`_kaempfer_ersetzen` ohne die Prüfung der Feldnamen – für :func:`_kaempfer_folge`, die
    nur Felder nennt (je Folge gebraucht)."""
    neu = object.__new__(Kaempfer)
    d = neu.__dict__
    d.update(k.__dict__)
    if not _ABGELEITET_AUS.isdisjoint(aenderungen):
        for name in _KAEMPFER_GEMERKT if "werte" in aenderungen else _AUS_DEM_ZUSTAND:
            d.pop(name, None)
    d.update(aenderungen)
    return neu


_KAEMPFER_GEMERKT = tuple(name for name, wert in vars(Kaempfer).items() if isinstance(wert, einmal_je_objekt))
"""Die gemerkten Eigenschaften eines Kämpfers (alle ``einmal_je_objekt``)."""
_AUS_DEM_ZUSTAND = tuple(name for name in _KAEMPFER_GEMERKT if name not in ("name", "konstitution"))
"""Die davon, die nicht nur von den Werten abhängen."""


_AKTIONEN_FELDER = frozenset(f.name for f in fields(Aktionen))


def _aktionen_mit(akt: Aktionen, art: str, wert: int) -> Aktionen:
    """``ersetzen(akt, **{art: wert})`` ohne dessen allgemeine Prüfungen (``Aktionen`` hat nur
    Felder und nichts Gemerktes; je Angriff zwei Mal gebraucht)."""
    if art not in _AKTIONEN_FELDER:
        return ersetzen(akt, **{art: wert})
    neu = object.__new__(Aktionen)
    neu.__dict__.update(akt.__dict__)
    neu.__dict__[art] = wert
    return neu


def _kaempfer_folge(k: Kaempfer, f: Mapping[str, Any]) -> Kaempfer:
    """Eine Folge, die nur den Kämpfer ``f["name"]`` ändert."""
    if "initiative" in f:
        k = _kopie(k, initiative=int(f["initiative"]), initiative_w10=f.get("w10"))
    elif "aktion" in f:
        art = f["aktion"]
        k = _kopie(k, aktionen=_aktionen_mit(k.aktionen, art, max(0, getattr(k.aktionen, art) + int(f["delta"]))))
    elif "zone" in f:
        if int(f["wunden"]) > 0:
            k = _kopie(k, wunden=wunden_hinzu(k.wunden, f["zone"], int(f["wunden"])), schadensart=f["schadensart"])
        elif int(f["wunden"]) < 0:
            k = _kopie(k, wunden=wunden_hinzu(k.wunden, f["zone"], int(f["wunden"])))
    elif "ausdauer" in f:
        k = _kopie(k, ausdauer=min(k.werte.ausdauer, max(0, k.ausdauer + int(f["ausdauer"]))))
    elif "beeintraechtigt" in f:
        if k.aktionen.kampf > 0:
            k = _kopie(k, aktionen=_aktionen_mit(k.aktionen, "kampf", k.aktionen.kampf - 1))
        else:
            k = _kopie(k, beeintraechtigt=k.beeintraechtigt + 1)
    elif "zug" in f:
        k = _kopie(k, zug=str(f["zug"]))
    elif "sofort" in f:
        k = _kopie(k, sofort=max(0, k.sofort + int(f["sofort"])))
    elif "unparierbar" in f:
        k = _kopie(k, unparierbar=max(0, k.unparierbar + int(f["unparierbar"])))
    else:
        raise AloranFehler(f"Unbekannte Folge im Protokoll: {dict(f)}")
    return k


def anwenden(kampf: Kampf, ereignis: Ereignis) -> Kampf:
    """Rein: wendet die ``folgen`` eines Ereignisses an und gibt den neuen Zustand zurück.

    Folgen, die nur einzelne Kämpfer ändern, werden nacheinander auf eine Liste der Kämpfer
    angewandt und erst danach zu einem neuen Zustand zusammengesetzt – dasselbe Ergebnis wie
    Folge für Folge, nur ohne einen Zwischenzustand je Folge (Issue 10)."""
    folgen = ereignis.daten.get("folgen")
    if folgen is None:
        raise AloranFehler(f"Das Ereignis „{ereignis.art}“ hat keine Folgen – es stammt nicht aus Aloran.")
    liste: list[Kaempfer] | None = None
    plaetze = kampf._plaetze
    for f in folgen:
        if "runde" in f or "beitreten" in f:
            if liste is not None:
                kampf, liste = _mit_kaempfern(kampf, liste), None
            kampf = _kampf_folge(kampf, f)
            plaetze = kampf._plaetze
            continue
        if liste is None:
            liste = list(kampf.kaempfer)
        name = f["name"]
        if name not in plaetze:
            raise AloranFehler(f"„{name}“ kämpft hier nicht mit.")
        stellen = plaetze[name]
        neu = _kaempfer_folge(liste[stellen[0]], f)
        for i in stellen:
            liste[i] = neu
    if liste is not None:
        kampf = _mit_kaempfern(kampf, liste)
    return kampf


_KAMPF_FELDER = tuple(f.name for f in fields(Kampf))


def _mit_kaempfern(kampf: Kampf, liste: Sequence[Kaempfer], **aenderungen: Any) -> Kampf:
    """Der Zustand mit geänderten Kämpfern an denselben Plätzen (gleiche Namen): das Verzeichnis
    Name → Plätze gilt weiter und wird mitgegeben statt neu gebaut; alles andere Gemerkte (etwa
    :func:`am_zug`) rechnet der neue Zustand neu. Wie ``ersetzen``, nur ohne dessen allgemeine
    Prüfungen – einmal je Ereignis gebraucht."""
    alt = kampf.__dict__
    neu = object.__new__(Kampf)
    d = neu.__dict__
    for name in _KAMPF_FELDER:
        d[name] = alt[name]
    d["kaempfer"] = tuple(liste)
    if aenderungen:
        if not set(aenderungen) <= set(_KAMPF_FELDER):
            raise TypeError(f"Kampf hat kein Feld {sorted(set(aenderungen) - set(_KAMPF_FELDER))}.")
        d.update(aenderungen)
    d["_plaetze"] = kampf._plaetze
    return neu
