"""Die Spieleransicht: was die Spieler vom laufenden Kampf sehen dürfen – nur lesend.

Sie folgt dem Protokoll eines Kampfes, ohne es zu sperren oder zu verändern
(:meth:`gm_helfer.protokoll.Verlauf.fortsetzen` mit ``nur_lesen=True`` und ``nachladen``), und
zeigt: die Reihenfolge des Handelns, wer dran ist, die Helden mit Zuständen, Wunden und
Ressourcen, die Gegner nur so, wie man sie am Tisch sieht (angeschlagen, verwundet,
kampfunfähig – keine Werte), und die letzten Schritte in einfachem Deutsch.

Verborgen bleiben: die Werte und Bögen der Gegner, Gegner, die der Spielleiter verbirgt
(:func:`verbergen`, eine kleine Datei neben dem Protokoll), die Texte des Protokolls selbst (sie
nennen Paraden, Robustheit und Würfel des Spielleiters) und alle Chancen.
"""

from __future__ import annotations

import html
import json
import os
import tempfile
import threading
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gm_helfer import ansicht, pfade
from gm_helfer.ansicht import KaempferSicht
from gm_helfer.protokoll import VERMERK, Ereignis, ProtokollFehler, Verlauf, auflisten, kopf_lesen

__all__ = [
    "TV_STIL", "Beobachter", "NeuesterKampf", "SpielerLage", "VerbergenFehler", "Verborgen", "html_gross", "html_text",
    "kaempfe", "lage", "taetigkeit", "verbergen", "verborgen", "verborgen_lesen", "warnung",
]

LETZTE = 6
"""So viele der letzten Schritte zeigt die Ansicht."""

_TAETIGKEIT = {
    "angriff": "greift an", "schaden": "würfelt Schaden", "wegstecken": "steckt Schaden weg",
    "erholung": "versucht sich zu erholen", "benny": "setzt einen Benny ein", "bewegung": "bewegt sich",
    "sprint": "sprintet", "abwarten": "wartet ab", "fertig": "beendet den Zug", "zug_ende": "beendet den Zug",
    "zug_beginn": "ist am Zug", "am_zug": "ist am Zug", "ausser_gefecht": "würfelt gegen Außer Gefecht",
    "ausbluten": "kämpft gegen das Ausbluten", "heilen": "versorgt eine Wunde", "unterbrechen": "unterbricht",
    "aktion": "handelt", "bereitmachen": "macht eine Waffe bereit", "springen": "springt",
}
"""Was ein Schritt für die Spieler heißt – ohne Zahlen (die Protokolltexte zeigen wir nicht)."""

_TAETIGKEIT_MEHRZAHL = {
    "greift an": "greifen an", "würfelt Schaden": "würfeln Schaden", "steckt Schaden weg": "stecken Schaden weg",
    "versucht sich zu erholen": "versuchen sich zu erholen", "setzt einen Benny ein": "setzen einen Benny ein",
    "bewegt sich": "bewegen sich", "sprintet": "sprinten", "wartet ab": "warten ab", "beendet den Zug": "beenden den Zug",
    "ist am Zug": "sind am Zug", "würfelt gegen Außer Gefecht": "würfeln gegen Außer Gefecht",
    "kämpft gegen das Ausbluten": "kämpfen gegen das Ausbluten", "versorgt eine Wunde": "versorgen eine Wunde",
    "unterbricht": "unterbrechen", "handelt": "handeln", "macht eine Waffe bereit": "machen eine Waffe bereit",
    "springt": "springen",
}
"""Dieselben Tätigkeiten für eine Gruppe mit gemeinsamer Karte („Banditen sind am Zug“)."""

_ALLGEMEIN = {
    "runde": "Eine neue Runde beginnt.", "karten": "Die Aktionskarten werden ausgeteilt.",
    "initiative": "Die Initiative wird bestimmt.", "start": "Der Kampf beginnt.",
    "neue_runde": "Eine neue Runde beginnt.",
}


@dataclass(frozen=True)
class SpielerLage:
    """Alles, was die Spieleransicht zeigt (nichts darüber hinaus)."""

    system: str
    zeitpunkt: str
    reihenfolge: tuple[tuple[str, str], ...]
    am_zug: tuple[str, ...]
    helden: tuple[KaempferSicht, ...]
    gegner: tuple[tuple[str, str], ...]
    """(Name, was man sieht)."""
    letzte: tuple[str, ...]
    """Die letzten Schritte, neueste zuerst, in einfachem Deutsch."""


def _zusatz(datei: Path) -> Path:
    return datei.with_name(datei.name + ".spieler.json")


class VerbergenFehler(ProtokollFehler):
    """Das Verbergen ließ sich nicht speichern; verborgen bleibt trotzdem (siehe :func:`verbergen`)."""


@dataclass(frozen=True)
class Verborgen:
    """Was die Spieler nicht sehen: ``namen``, oder – ist die Datei unlesbar – ``alle`` Gegner."""

    namen: frozenset[str] = frozenset()
    alle: bool = False
    """Die Datei ist unlesbar oder kaputt: die Spieleransicht verbirgt jeden Gegner."""
    warnung: str = ""
    """Für den Spielleiter (deutsch); leer, wenn alles gespeichert ist."""


_NICHT_GESPEICHERT: dict[str, frozenset[str]] = {}
"""Verborgene Namen, die sich noch nicht speichern ließen (Platte voll): Schlüssel ist die Datei."""
_SCHLOSS = threading.Lock()


def _schluessel(datei: Path) -> str:
    return os.path.abspath(datei)


def verborgen_lesen(datei: Path | str) -> Verborgen:
    """Wer verborgen ist – und ob sich das sicher sagen lässt.

    Keine Datei: niemand. Eine unlesbare, kaputte (abgeschnitten, leer, kein Objekt, kein UTF-8)
    Datei oder ein Ordner dieses Namens: **alle** Gegner gelten als verborgen (lieber zu viel als
    zu wenig verbergen), mit einer deutschen Warnung für den Spielleiter. Was sich in diesem Prozess
    noch nicht speichern ließ, gilt zusätzlich als verborgen.
    """
    ziel = _zusatz(Path(datei))
    with _SCHLOSS:
        offen = _NICHT_GESPEICHERT.get(_schluessel(ziel))
    namen: frozenset[str] = frozenset()
    alle, warnung = False, ""
    try:
        daten = json.loads(pfade.lesen(ziel, grenze=1_000_000).decode("utf-8"))
        if not isinstance(daten, dict) or not isinstance(daten.get("verborgen", []), list):
            raise ValueError("kein gültiger Inhalt")
        namen = frozenset(n for n in daten.get("verborgen", []) if isinstance(n, str))
    except FileNotFoundError:
        pass
    except (OSError, ValueError, RecursionError) as fehler:
        alle = True
        wie = pfade.grund(fehler) if isinstance(fehler, OSError) else "der Inhalt ist beschädigt"
        warnung = (
            f"Die Datei {ziel.name} (wer vor den Spielern verborgen ist) lässt sich nicht lesen – {wie}. "
            "Die Spieleransicht verbirgt darum alle Gegner, bis „Vor der Spieleransicht verbergen“ "
            "wieder gespeichert ist."
        )
    if offen is not None:
        namen |= offen
        warnung = warnung or (
            f"Verborgen ist noch nicht gespeichert ({ziel.name}); die Spieleransicht verbirgt bis zum "
            "nächsten gelungenen Speichern alle Gegner."
        )
    return Verborgen(namen, alle, warnung)


def verborgen(datei: Path | str) -> frozenset[str]:
    """Die Namen, die der Spielleiter vor den Spielern verbirgt (leer, wenn nichts verborgen ist).

    Ob die Datei lesbar war, sagt :func:`verborgen_lesen` (dann gelten alle Gegner als verborgen)."""
    return verborgen_lesen(datei).namen


def warnung(datei: Path | str) -> str:
    """Eine deutsche Warnung für den Spielleiter, wenn das Verbergen nicht sicher gespeichert ist."""
    return verborgen_lesen(datei).warnung


def verbergen(datei: Path | str, namen: Iterable[str]) -> None:
    """Legt fest, welche Kämpfer die Spieler nicht sehen (atomar geschrieben, neben dem Protokoll).

    Lässt sich die Datei nicht schreiben (Platte voll …), bleiben die Namen in diesem Prozess
    verborgen und die Datei wird geleert – eine leere Datei gilt der Spieleransicht als kaputt, sie
    verbirgt dann alle Gegner; das nächste gelungene Speichern hebt das auf.

    Raises:
        VerbergenFehler: deutsche Meldung (ohne Pfad), wenn das Speichern scheiterte.
    """
    ziel = _zusatz(Path(datei))
    gewollt = frozenset(str(n) for n in namen)
    with _SCHLOSS:
        _NICHT_GESPEICHERT[_schluessel(ziel)] = gewollt
    inhalt = json.dumps({"verborgen": sorted(gewollt)}, ensure_ascii=False).encode("utf-8")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=ziel.parent, prefix=f".{ziel.name}.", suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            f.write(inhalt)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, ziel)
    except OSError as fehler:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        try:  # Kürzen braucht keinen Platz: so verbirgt auch ein anderer Server alle Gegner
            if not ziel.is_dir():
                with open(ziel, "wb"):
                    pass
        except OSError:
            pass
        raise VerbergenFehler(
            f"Verbergen ließ sich nicht speichern ({ziel.name}: {pfade.grund(fehler)}). Verborgen bleibt "
            "es trotzdem: die Spieleransicht zeigt bis zum nächsten gelungenen Speichern keinen Gegner."
        ) from None
    with _SCHLOSS:
        _NICHT_GESPEICHERT.pop(_schluessel(ziel), None)


def kaempfe(ordner: Path | str | None = None) -> list[Path]:
    """Alle gespeicherten Kämpfe aller Systeme, neueste zuerst."""
    ordner = Path(ordner or pfade.kampf_ordner())
    alle = [d for s in ansicht.SYSTEME for d in auflisten(ordner, s)]

    def zeit(d: Path) -> float:
        try:
            return d.stat().st_mtime
        except OSError:  # eben gelöscht: ans Ende
            return 0.0

    return sorted(alle, key=zeit, reverse=True)


def _handelnder(e: Ereignis, namen: set[str]) -> str | None:
    for schluessel in ("angreifer", "name", "empfaenger", "wer"):
        wert = e.daten.get(schluessel)
        if isinstance(wert, str) and wert in namen:
            return wert
    return None


def _sicht(k: KaempferSicht) -> str:
    return k.zustand if k.held else k.sichtbar


def _schritt_text(modul: Any, e: Ereignis, vorher: Any, nachher: Any, versteckt: frozenset[str]) -> str:
    vor = {k.name: k for k in modul.kaempfer(vorher)}
    nach = [k for k in modul.kaempfer(nachher) if k.name not in versteckt]
    sichtbar = {k.name for k in nach} | {n for n, _ in modul.reihenfolge(nachher) if n not in versteckt}
    wer = _handelnder(e, sichtbar)
    if wer and e.art in _TAETIGKEIT:
        text = f"{wer} {taetigkeit(e.art, gruppe=wer not in {k.name for k in nach})}"
    elif e.art in _ALLGEMEIN:
        text = _ALLGEMEIN[e.art].rstrip(".")
    else:
        text = wer or ""
    aenderungen = [f"{k.name}: {_sicht(k)}" for k in nach if k.name in vor and _sicht(vor[k.name]) != _sicht(k)]
    teile = [t for t in (text, "; ".join(aenderungen)) if t]
    zeit = modul.zeitpunkt(vorher, nachher)
    return (f"{zeit}: " if zeit else "") + (" – ".join(teile) if teile else "Der Spielleiter trägt etwas ein") + "."


def lage(
    verlauf: Verlauf, system: str, versteckt: Iterable[str] = (), *, alle_gegner: bool = False
) -> SpielerLage:
    """Die Spielerlage eines (nur lesend geöffneten) Verlaufs; ``versteckt``: verborgene Namen;
    ``alle_gegner``: jeden Gegner verbergen (die Datei der Verborgenen ist unlesbar)."""
    modul = ansicht.system(system)
    versteckt = frozenset(versteckt)
    z = verlauf.zustand
    if alle_gegner:
        versteckt |= {k.name for k in modul.kaempfer(z) if not k.held}
        versteckt |= {k.name for zustand in verlauf.zustaende for k in modul.kaempfer(zustand) if not k.held}
    leute = [k for k in modul.kaempfer(z) if k.name not in versteckt]
    zustaende, ereignisse = verlauf.zustaende, verlauf.ereignisse
    # je Schritt (ein Klick, etwa Angriff samt Schaden) eine Zeile: sein erstes Ereignis sagt, was
    # geschah, die Zustände davor und danach, was sich änderte; ein Schritt nur aus Vermerken (etwa der
    # Halt von „Gruppe handelt“) ist keine Handlung am Tisch
    schritte = [(erstes, ende) for erstes, ende in verlauf.schritt_grenzen()
                if any(e.art != VERMERK for e in ereignisse[erstes:ende])]
    letzte = tuple(
        _schritt_text(modul, ereignisse[erstes], zustaende[erstes], zustaende[ende], versteckt)
        for erstes, ende in reversed(schritte[-LETZTE:])
    )
    return SpielerLage(
        system=system,
        zeitpunkt=modul.zeitpunkt(z, z),
        reihenfolge=tuple((n, a) for n, a in modul.reihenfolge(z) if n not in versteckt),
        am_zug=tuple(n for n in modul.am_zug(z) if n not in versteckt),
        helden=tuple(k for k in leute if k.held),
        gegner=tuple((k.name, k.sichtbar) for k in leute if not k.held),
        letzte=letzte,
    )


class Beobachter:
    """Folgt einem Kampfprotokoll nur lesend; :meth:`lage` liest neue Schritte nach.

    Ein Rückgängig des Spielleiters steht als eigene Zeile im Protokoll und wird wie jeder
    Schritt nachgelesen. Lässt sich das Protokoll nicht weiterlesen (etwa nach einer
    Übernahme, die die Datei kürzt), wird es einmal neu geöffnet.
    """

    def __init__(self, datei: Path | str) -> None:
        self.datei = Path(datei)
        kopf = kopf_lesen(self.datei)
        if kopf is None:
            raise ProtokollFehler(f"{self.datei.name}: kein vollständiges Kampfprotokoll.")
        self.system = str(kopf.get("system", ""))
        try:
            self._modul = ansicht.system(self.system)
        except ValueError as fehler:
            raise ProtokollFehler(f"{self.datei.name}, Zeile 1: {fehler}") from None
        self._verlauf: Verlauf | None = None

    def _oeffnen(self) -> Verlauf:
        verlauf, _ = Verlauf.fortsetzen(self.datei, self._modul.start, self._modul.anwenden, nur_lesen=True)
        return verlauf

    def lage(self) -> SpielerLage:
        """Die aktuelle Lage; wirft :class:`ProtokollFehler` mit deutscher Meldung, wenn das Protokoll
        unlesbar ist – was immer eine feindliche Datei auslöst, nie einen Traceback auf dem Bildschirm
        der Spieler."""
        try:
            lage_jetzt = self._lage()
            html_text(lage_jetzt)  # was sich nicht zeigen lässt, fällt hier auf
            return lage_jetzt
        except ProtokollFehler:
            raise
        except (Exception, RecursionError):  # noqa: BLE001
            self._verlauf = None
            raise ProtokollFehler(
                f"{self.datei.name}: lässt sich gerade nicht zeigen (ein Wert hat eine unerwartete Form)."
            ) from None

    def _lage(self) -> SpielerLage:
        if self._verlauf is None:
            self._verlauf = self._oeffnen()
        else:
            try:
                self._verlauf.nachladen()
            except ProtokollFehler:
                self._verlauf = self._oeffnen()
        wer = verborgen_lesen(self.datei)
        return lage(self._verlauf, self.system, wer.namen, alle_gegner=wer.alle or bool(wer.warnung))


def html_text(sl: SpielerLage) -> str:
    """Große, gut lesbare Ansicht für einen geteilten Bildschirm oder ein Tablet (auch 820 px)."""
    x = html.escape
    dran = set(sl.am_zug)
    reihe = "".join(
        f"<li class='{'dran' if n in dran else ''}'>{x(n)} <small>{x(a)}</small></li>" for n, a in sl.reihenfolge
    ) or "<li>Noch keine Reihenfolge.</li>"
    helden = "".join(f"<tr class='{'raus' if k.ausgefallen else ''}'><td>{x(k.name)}</td><td>{x(k.zustand)}</td></tr>"
                     for k in sl.helden)
    gegner = "".join(f"<tr><td>{x(n)}</td><td>{x(s)}</td></tr>" for n, s in sl.gegner)
    letzte = "".join(f"<li>{x(t)}</li>" for t in sl.letzte) or "<li>Noch ist nichts geschehen.</li>"
    am_zug = " und ".join(sl.am_zug) or "niemand – gleich geht es weiter"
    return f"""<div class="spieler" id="spieler-ansicht">
<style>
.spieler {{ font-size: 1.25rem; line-height: 1.4; }}
.spieler h2 {{ font-size: 1.6rem; margin: .6em 0 .3em; }}
.spieler .dran {{ font-weight: bold; background: #fff3c4; }}
.spieler table {{ border-collapse: collapse; width: 100%; }}
.spieler td {{ border-bottom: 1px solid #ccc; padding: .3em .4em; vertical-align: top; }}
.spieler .raus {{ color: #888; }}
.spieler .kopf {{ font-size: 2rem; font-weight: bold; }}
.spieler ol {{ padding-left: 1.4em; }}
.spieler .spalten {{ display: flex; flex-wrap: wrap; gap: 1.5em; }}
.spieler .spalten > div {{ flex: 1 1 22rem; min-width: 0; }}
</style>
<div class="kopf" id="spieler-am-zug">{x(sl.zeitpunkt + ' · ' if sl.zeitpunkt else '')}am Zug: {x(am_zug)}</div>
<div class="spalten">
<div><h2>Reihenfolge</h2><ol id="spieler-reihenfolge">{reihe}</ol></div>
<div><h2>Helden</h2><table id="spieler-helden">{helden}</table>
<h2>Gegner</h2><table id="spieler-gegner">{gegner or '<tr><td>–</td></tr>'}</table></div>
</div>
<h2>Zuletzt</h2><ol id="spieler-letzte" reversed>{letzte}</ol>
</div>"""


# ---------------------------------------------------------------------------------------
# Deutsch für Gruppen, dem Tisch folgen, Großansicht
# ---------------------------------------------------------------------------------------


def taetigkeit(art: str, *, gruppe: bool = False) -> str:
    """Was ein Schritt heißt, für einen Kämpfer oder – ``gruppe`` – eine Gruppe mit gemeinsamer
    Karte (Savage Worlds: „Banditen sind am Zug“, nicht „ist“).

    >>> taetigkeit("am_zug"), taetigkeit("am_zug", gruppe=True), taetigkeit("angriff", gruppe=True)
    ('ist am Zug', 'sind am Zug', 'greifen an')
    """
    text = _TAETIGKEIT[art]
    return _TAETIGKEIT_MEHRZAHL.get(text, text) if gruppe else text


class NeuesterKampf:
    """Folgt dem Tisch: immer dem zuletzt geschriebenen Kampf im Kampfordner (:func:`kaempfe`).

    Beginnt der Spielleiter einen neuen Kampf, zeigt :meth:`lage` beim nächsten Aufruf ihn; ein
    beendeter Kampf bleibt stehen, bis ein neuer beginnt (er ist bis dahin der neueste).
    """

    def __init__(self, ordner: Path | str | None = None, *, vorladen: bool = True) -> None:
        self.ordner = ordner
        self._beobachter: Beobachter | None = None
        if vorladen:  # die Ansichten aller Systeme jetzt laden (einige Sekunden), nicht erst beim ersten Kampf
            for system in ansicht.SYSTEME:
                ansicht.system(system)

    @property
    def datei(self) -> Path | None:
        """Der Kampf, dem gerade gefolgt wird (``None`` vor dem ersten)."""
        return self._beobachter.datei if self._beobachter is not None else None

    def lage(self) -> SpielerLage | None:
        """Die Lage des neuesten Kampfs (``None``, solange es keinen gibt); wirft
        :class:`ProtokollFehler` wie :meth:`Beobachter.lage`."""
        alle = kaempfe(self.ordner)
        if not alle:
            self._beobachter = None
            return None
        if self._beobachter is None or self._beobachter.datei != alle[0]:
            self._beobachter = Beobachter(alle[0])
        return self._beobachter.lage()


TV_STIL = """
.spieler.tv { font-size: 2.6rem; line-height: 1.3; }
.spieler.tv h2 { font-size: 3rem; margin: .4em 0 .2em; }
.spieler.tv .kopf { font-size: 4rem; }
.spieler.tv small { font-size: .8em; }
.spieler.tv .spalten > div { flex: 1 1 40rem; }
.spieler.tv #spieler-letzte li:nth-child(n+4) { display: none; }
"""
"""Die Großansicht für Fernseher und Beamer (``?ansicht=tv``): bei 1920 × 1080 etwa 42 px
Grundschrift und 64 px für „am Zug“ – aus drei Metern lesbar; nur die letzten drei Schritte."""


def html_gross(sl: SpielerLage, *, tv: bool = False) -> str:
    """:func:`html_text`, mit ``tv`` als Großansicht (:data:`TV_STIL`)."""
    text = html_text(sl)
    if not tv:
        return text
    return text.replace('<div class="spieler" id="spieler-ansicht">',
                        f'<div class="spieler tv" id="spieler-ansicht"><style>{TV_STIL}</style>', 1)
