"""Die gemeinsame Notebook-Schicht der Live-Notebooks – systemfrei, ohne Regeln.

Was alle vier Live-Notebooks gleich machen, steht einmal hier: Kampf anlegen und fortsetzen
(gespeicherte Kämpfe beschriftet mit Kämpfern, Runde und letztem Schritt; Fortsetzen stellt
die eigenen Kämpfer des Kampfes wieder her), Bogen-Editor, Protokollansicht (eine Reihenfolge
überall: **neueste zuerst**), Aufgabenliste, eingetippte Würfel, deutsche Zahlen und
Mehrzahl, Dateinamen und Pfade. Jedes Notebook verdrahtet nur noch sein System.

Die reinen Hilfen (Text, Dateien, Protokoll) brauchen kein marimo; die Bausteine für die
Oberfläche (``*_knopf``, ``*_wahl``, ``*_ansicht``) importieren marimo erst beim Aufruf.
Regeln stehen hier keine: was erlaubt ist, sagen die Zug-Module der Systeme
(``gm_helfer/<system>/zug.py``, siehe ``gm_helfer.zug``).
"""

from __future__ import annotations

import html
import json
import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any, NamedTuple

import polars as pl

from gm_helfer import pfade
from gm_helfer import diagramme
from gm_helfer.protokoll import Ereignis, GesperrtFehler, ProtokollFehler, Verlauf, auflisten
from gm_helfer.zug import Aktion, Entscheidung

__all__ = [
    "spieler_und_bericht",
    "NEUER_KAMPF",
    "FORTSETZEN",
    "ANSEHEN",
    "UEBERNEHMEN",
    "PROTOKOLL_REIHENFOLGE",
    "Fortsetzung",
    "GespeicherterKampf",
    "Tisch",
    "Auswahl",
    "Anlage",
    "anlegen",
    "BegegnungsStart",
    "begegnung_boegen",
    "begegnung_start",
    "begegnung_wahl",
    "anzahl",
    "augen",
    "boegen_speichern",
    "ausfuehren",
    "fortsetzen",
    "gespeicherte_kaempfe",
    "neuer_verlauf",
    "protokoll_datei",
    "protokoll_tabelle",
    "prozent",
    "frisch",
    "relativ",
    "rueckgaengig",
    "tabelle",
    "tabelle_deutsch",
    "tabelle_html",
    "text",
    "wurfquelle",
    "zahl",
]

NEUER_KAMPF = "Neuer Kampf"
"""Die eine Beschriftung für „Kampf anlegen“ in allen Notebooks."""
FORTSETZEN = "Kampf fortsetzen"
ANSEHEN = "Nur ansehen"
UEBERNEHMEN = "Kampf übernehmen"
KEIN_GESPEICHERTER = "noch kein Kampf gespeichert"
PROTOKOLL_REIHENFOLGE = "neueste zuerst"
"""Die Protokollansicht zeigt überall den neuesten Schritt oben."""

LEER = "–"
"""Steht statt ``None``/``null``/leerem Text in Tabellen und Texten."""


# --------------------------------------------------------------------------- Zahlen und Text


def prozent(p: float, stellen: int = 1) -> str:
    """:func:`gm_helfer.diagramme.prozent` für Text im Notebook: zwischen Zahl und „%“ steht ein
    geschütztes Leerzeichen, damit „91,7 %“ am Tablet (820 px) nicht über zwei Zeilen bricht.

    >>> prozent(0.917) == "91,7\u00a0%", prozent(1e-9) == "<\u00a00,1\u00a0%"
    (True, True)
    """
    return diagramme.prozent(p, stellen).replace(" ", "\u00a0")


def zahl(x: float, stellen: int = 1) -> str:
    """Deutsche Zahl: Dezimalkomma, echtes Minuszeichen, ganze Zahlen ohne Nachkommastellen.

    >>> zahl(0.19, 2), zahl(2.0), zahl(-1.25, 2), zahl(3)
    ('0,19', '2', '−1,25', '3')
    """
    if isinstance(x, bool):
        return "ja" if x else "nein"
    if isinstance(x, int) or float(x).is_integer():
        return str(int(x)).replace("-", "−")
    return f"{float(x):.{stellen}f}".replace(".", ",").replace("-", "−")


def anzahl(n: float, einzahl: str, mehrzahl: str, stellen: int = 1) -> str:
    """Zahl mit passendem Substantiv: genau 1 → Einzahl, sonst Mehrzahl (auch 0 und 0,19).

    >>> anzahl(1, "Wunde", "Wunden"), anzahl(2, "Wunde", "Wunden"), anzahl(0.19, "Wunde", "Wunden", 2)
    ('1 Wunde', '2 Wunden', '0,19 Wunden')
    >>> anzahl(0, "Schritt", "Schritte")
    '0 Schritte'
    """
    return f"{zahl(n, stellen)} {einzahl if n == 1 else mehrzahl}"


def text(wert: Any, stellen: int = 1) -> str:
    """Ein Wert für Anzeige und Tabellen: ``None``/NaN/leer → „–“, Zahlen deutsch, bool → ja/nein.

    >>> text(None), text(""), text(2.5), text(True), text("Brakka")
    ('–', '–', '2,5', 'ja', 'Brakka')
    """
    if wert is None or (isinstance(wert, float) and math.isnan(wert)) or wert == "":
        return LEER
    if isinstance(wert, (bool, int, float)):
        return zahl(wert, stellen)
    if isinstance(wert, (list, tuple, frozenset, set)):
        return ", ".join(text(w, stellen) for w in wert) or LEER
    return str(wert)


def tabelle_deutsch(df: pl.DataFrame, stellen: int = 1) -> pl.DataFrame:
    """Eine Tabelle zum Anzeigen: Kommazahlen deutsch, leere Zellen „–“, ja/nein statt true/false.

    Ganzzahl-Spalten ohne Lücken bleiben Zahlen (sortierbar); alles andere wird Text.
    """
    spalten = []
    for name in df.columns:
        s = df.get_column(name)
        if s.dtype.is_integer() and s.null_count() == 0:
            spalten.append(s)
        else:
            spalten.append(pl.Series(name, [text(w, stellen) for w in s.to_list()], dtype=pl.Utf8))
    return pl.DataFrame(spalten)


def relativ(pfad: Path | str, basis: Path | str) -> str:
    """Ein Pfad relativ zu ``basis`` (z. B. dem Bogenordner); liegt er außerhalb, nur der Dateiname.

    >>> relativ("/a/b/charaktere/sw/brakka.toml", "/a/b/charaktere/sw")
    'brakka.toml'
    """
    p, b = Path(pfad), Path(basis)
    try:
        return p.resolve().relative_to(b.resolve()).as_posix()
    except ValueError:
        return p.name


# --------------------------------------------------------------------------- Protokolldateien


def protokoll_datei(system: str, ordner: Path | str | None = None, jetzt: datetime | None = None) -> Path:
    """Ein neuer, freier Dateiname ``<system>_JJJJ-MM-TT_HH-MM-SS.jsonl`` im Kampfordner
    (bei zwei Kämpfen in derselben Sekunde ``…_2.jsonl``). Legt nichts an."""
    ordner = Path(ordner or pfade.kampf_ordner())
    ordner.mkdir(parents=True, exist_ok=True)
    stempel = (jetzt or datetime.now()).strftime("%Y-%m-%d_%H-%M-%S")
    datei = ordner / f"{system}_{stempel}.jsonl"
    i = 2
    while datei.exists():
        datei = ordner / f"{system}_{stempel}_{i}.jsonl"
        i += 1
    return datei


@dataclass(frozen=True)
class GespeicherterKampf:
    """Ein gespeicherter Kampf, wie ihn die Auswahl „Gespeicherter Kampf“ zeigt."""

    datei: Path
    teilnehmer: tuple[str, ...]
    """Wer mitkämpft (aus dem Protokollkopf)."""
    runde: int
    """Zahl der begonnenen Runden (Ereignisse der Rundenart des Systems, ohne Zurückgenommene)."""
    letzter_schritt: str
    """Text des letzten gültigen Schritts („–“ ohne Schritte)."""
    geaendert: datetime

    @property
    def beschriftung(self) -> str:
        """„Brakka, Mira, Bandit 1 … · Runde 2 · zuletzt: … · 30.11. 21:04“."""
        namen = ", ".join(self.teilnehmer[:4]) + (f" und {len(self.teilnehmer) - 4} weitere" if len(self.teilnehmer) > 4 else "")
        letzter = self.letzter_schritt if len(self.letzter_schritt) <= 60 else self.letzter_schritt[:59] + "…"
        return f"{namen or LEER} · Runde {self.runde} · zuletzt: {letzter} · {self.geaendert:%d.%m. %H:%M}"


def _kampf_lesen(datei: Path, teilnehmer: Callable[[Mapping[str, Any]], Sequence[str]], runden_arten: frozenset[str]) -> GespeicherterKampf | None:
    try:
        zeilen = datei.read_bytes().split(b"\n")
        geaendert = datetime.fromtimestamp(datei.stat().st_mtime)
    except OSError:
        return None
    ereignisse: list[tuple[int, dict]] = []
    kopf: dict = {}
    for i, roh in enumerate(zeilen):
        if not roh.strip():
            continue
        try:
            eintrag = json.loads(roh.decode("utf-8"))
        except (ValueError, UnicodeDecodeError):
            continue  # abgerissene Zeile: das Fortsetzen meldet sie
        if i == 0:
            kopf = eintrag.get("kopf") or {}
        elif "rueckgaengig" in eintrag:
            if ereignisse:
                ereignisse.pop()
        elif isinstance(eintrag.get("ereignis"), dict):
            ereignisse.append((int(eintrag.get("nr", 0)), eintrag["ereignis"]))
    try:
        namen = tuple(str(n) for n in teilnehmer(kopf))
    except (KeyError, TypeError, ValueError):
        namen = ()
    runde = sum(1 for _, e in ereignisse if e.get("art") in runden_arten)
    letzter = str(ereignisse[-1][1].get("text") or ereignisse[-1][1].get("art")) if ereignisse else LEER
    return GespeicherterKampf(datei, namen, runde, letzter, geaendert)


def gespeicherte_kaempfe(
    system: str,
    teilnehmer: Callable[[Mapping[str, Any]], Sequence[str]],
    *,
    runden_arten: Iterable[str] = ("runde",),
    ordner: Path | str | None = None,
) -> list[GespeicherterKampf]:
    """Gespeicherte Kämpfe des Systems, neueste zuerst, mit Kämpfern, Runde und letztem Schritt.

    Args:
        teilnehmer: liest die Namen der Kämpfer aus dem Protokollkopf des Systems.
        runden_arten: Ereignisarten, die eine neue Runde beginnen (gezählt ohne Zurückgenommene).
    """
    ordner = Path(ordner or pfade.kampf_ordner())
    arten = frozenset(runden_arten)
    aus = []
    for datei in auflisten(ordner, system):
        k = _kampf_lesen(datei, teilnehmer, arten)
        if k is not None:
            aus.append(k)
    return aus


def neuer_verlauf(system: str, zustand: Any, anwenden: Callable, kopf: Mapping[str, Any], ordner: Path | str | None = None) -> Verlauf:
    """Ein neuer Kampf mit Protokolldatei (einheitlicher Dateiname, siehe :func:`protokoll_datei`)."""
    return Verlauf(zustand, anwenden, datei=protokoll_datei(system, ordner), system=system, kopf=kopf)


@dataclass(frozen=True)
class Fortsetzung:
    """Ergebnis von :func:`fortsetzen`: der Verlauf (oder ``None``) und eine deutsche Meldung."""

    verlauf: Verlauf | None
    meldung: str
    gesperrt: bool = False
    """Eine andere Sitzung schreibt den Kampf: hier nur ansehen oder ausdrücklich übernehmen."""

    @property
    def nur_lesen(self) -> bool:
        return self.verlauf is not None and self.verlauf.nur_lesen


def fortsetzen(datei: Path | str | None, start: Callable[[Mapping[str, Any]], Any], anwenden: Callable, *, art: str = "schreiben") -> Fortsetzung:
    """Setzt einen gespeicherten Kampf fort; Fehler werden zur Meldung, nie zur Ausnahme.

    ``art``: „schreiben“ (Standard; schlägt fehl, wenn eine andere Sitzung schreibt: dann
    ``gesperrt=True`` und die Meldung sagt, wer), „lesen“ (nur ansehen, der anderen Sitzung
    folgen) oder „uebernehmen“ (die andere Sitzung kann danach nichts mehr eintragen).
    """
    if not datei:
        return Fortsetzung(None, "⚠ Erst einen gespeicherten Kampf wählen.")
    if art not in ("schreiben", "lesen", "uebernehmen"):
        raise ValueError(f"Unbekannte Art „{art}“ – möglich: schreiben, lesen, uebernehmen.")
    name = Path(datei).name
    try:
        verlauf, warnungen = Verlauf.fortsetzen(Path(datei), start, anwenden, nur_lesen=art == "lesen", uebernehmen=art == "uebernehmen")
    except GesperrtFehler as fehler:
        return Fortsetzung(None, f"🔒 {fehler}", gesperrt=True)
    except (ProtokollFehler, ValueError, KeyError, TypeError) as fehler:
        return Fortsetzung(None, f"⚠ {fehler}")
    was = {"schreiben": "Fortgesetzt", "lesen": "Nur zum Ansehen geöffnet", "uebernehmen": "Übernommen"}[art]
    meldung = f"{was}: {name} mit {anzahl(len(verlauf.ereignisse), 'Schritt', 'Schritten')}."
    if warnungen:
        meldung += " " + " ".join(f"⚠ {w}" for w in warnungen)
    return Fortsetzung(verlauf, meldung)


# --------------------------------------------------------------------------- Schritte


def ausfuehren(verlauf: Verlauf | None, baue: Callable[[Any], Ereignis]) -> str:
    """Baut ein Ereignis aus dem aktuellen Zustand und führt es aus.

    Gibt die Protokollzeile (✎ = eingetippt) oder eine deutsche Meldung („⚠ …“) zurück – nie
    eine Ausnahme: ein abgelehnter Schritt ändert nichts, die Eingaben bleiben stehen.
    """
    if verlauf is None:
        return "⚠ Noch kein Kampf – oben anlegen oder fortsetzen."
    try:
        ereignis = baue(verlauf.zustand)
        verlauf.ausfuehren(ereignis)
    except (ValueError, KeyError, TypeError) as fehler:  # KampfFehler, WuerfelFehler, ProtokollFehler, …
        return f"⚠ {fehler}"
    return ("✎ " if ereignis.eingetippt else "") + ereignis.text


def rueckgaengig(verlauf: Verlauf | None) -> str:
    if verlauf is None or not verlauf.ereignisse:
        return "⚠ Nichts zum Zurücknehmen."
    letztes = verlauf.ereignisse[-1]
    try:
        verlauf.rueckgaengig()
    except (ProtokollFehler, ValueError) as fehler:
        return f"⚠ {fehler}"
    return f"Zurückgenommen: {letztes.text}"


def boegen_speichern(boegen: Iterable[Any]) -> str:
    """Speichert die geprüften Bögen (atomar, nur geänderte) und sagt auf Deutsch, welche."""
    from gm_helfer.boegen import speichern

    geschrieben, fehler = [], []
    for bogen in boegen:
        try:
            if speichern(bogen):
                geschrieben.append(bogen.name)
        except (OSError, ValueError) as f:
            fehler.append(f"⚠ {bogen.name}: {f}")
    return " ".join([f"Gespeichert: {', '.join(geschrieben) or 'nichts geändert'}."] + fehler)


def augen(eingabe: str | None) -> str | None:
    """Eingetippte Augen aus einem Textfeld; leer heißt: das Programm würfelt."""
    if eingabe is None or not str(eingabe).strip():
        return None
    return str(eingabe).strip()


def wurfquelle(eingabe: str | None, rng: Any) -> dict[str, Any]:
    """``{"augen": text}`` wenn der Spielleiter Würfel eingetippt hat, sonst ``{"rng": rng}``."""
    getippt = augen(eingabe)
    return {"augen": getippt} if getippt is not None else {"rng": rng}


def protokoll_tabelle(verlauf: Verlauf | None) -> pl.DataFrame:
    """Das Protokoll, **neueste zuerst** (überall gleich), mit Regel; ✎ = eingetippt."""
    zeilen = [
        {"Nr.": i, "Was geschah": ("✎ " if e.eingetippt else "") + (e.text or e.art), "Regel": e.regel or LEER}
        for i, e in enumerate(verlauf.ereignisse if verlauf else (), start=1)
    ]
    return pl.DataFrame(zeilen, schema={"Nr.": pl.Int64, "Was geschah": pl.Utf8, "Regel": pl.Utf8}).reverse()


def aufgaben_zeilen(entscheidungen: Iterable[Entscheidung | str]) -> list[str]:
    """Die Aufgabenliste als Textzeilen (eine Entscheidung: „Wer: Text“)."""
    aus = []
    for e in entscheidungen:
        if isinstance(e, Entscheidung):
            aus.append(e.text if e.text.startswith(e.wer) else f"{e.wer}: {e.text}")
        else:
            aus.append(str(e))
    return aus


def verbotene_zeilen(aktionen: Iterable[Aktion]) -> list[str]:
    """„Angriff – nicht möglich: Grund“ für jede verbotene Aktion (ohne Chancen)."""
    return [f"{a.text} – nicht möglich: {a.grund or 'die Regeln erlauben es gerade nicht'}" for a in aktionen if not a.erlaubt]


class Tisch:
    """Der laufende Kampf eines Notebooks: hält den Verlauf und meldet Schritte an marimo.

    ``set_version`` ist der Setter des einen ``mo.state`` für das Protokoll (ein Zähler): nach
    jedem ausgeführten Schritt steigt er, und nur Zellen, die ``get_version()`` lesen, laufen neu.
    ``set_meldung`` zeigt die Zeile des Schritts oder die deutsche Ablehnung; ein abgelehnter
    Schritt ändert den Zähler nicht – eingetippte Würfel bleiben so stehen.

    In Knöpfen: ``mo.ui.button(label=…, on_click=tisch.klick(lambda v: …))``.
    """

    def __init__(self, set_version: Callable[[Any], None], set_meldung: Callable[[str], None],
                 set_start: Callable[[Any], None] | None = None) -> None:
        self.verlauf: Verlauf | None = None
        self._set_version = set_version
        self._set_meldung = set_meldung
        self._set_start = set_start
        self.merker: dict[str, Any] = {}
        """Auswahl je Handelndem (Ziel, Waffe, Modifikatoren); siehe :meth:`auswahl`."""
        self.rng = random.Random()
        """Die Würfel des Programms (eingetippte Würfel gehen vor)."""

    def stand(self, am_zug: Callable[[Any], str | None], _version: Any = None) -> tuple[Verlauf | None, Any, str | None]:
        """``(verlauf, zustand, wer)`` für die Zelle, die ``get_version()`` liest (die Version
        darf als zweites Argument kommen: ``kampftisch.stand(zug.am_zug, get_version())``)."""
        zustand = self.zustand
        return self.verlauf, zustand, am_zug(zustand) if zustand is not None else None

    def auswahl(self, wer: str | None) -> Auswahl:
        """Die Eingaben des Zug-Panels für ``wer``: gemerkt je Handelndem, wechselt er, gelten
        wieder die Vorgaben (Standardziel, Standardwaffe, Modifikatoren 0)."""
        if self.merker.get("_wer") != wer:
            self.merker.clear()
            self.merker["_wer"] = wer
        return Auswahl(self.merker, wer)

    @property
    def zustand(self) -> Any:
        return self.verlauf.zustand if self.verlauf is not None else None

    def _weiter(self) -> None:
        self._set_version(lambda n: n + 1)

    def starten(self, verlauf: Verlauf | None, meldung: str) -> None:
        """Ein neuer oder fortgesetzter Kampf ersetzt den bisherigen (dessen Schreibsperre endet)."""
        if verlauf is not None:
            alt = self.verlauf
            if alt is not None and alt is not verlauf:
                try:
                    alt.schliessen()
                except (ProtokollFehler, OSError):
                    pass
            self.verlauf = verlauf
            self._weiter()
        self._set_meldung(meldung)

    def schritt(self, baue: Callable[[Any], Ereignis]) -> bool:
        """Ein Ereignis bauen und ausführen (siehe :func:`ausfuehren`); ``True`` wenn ausgeführt."""
        meldung = ausfuehren(self.verlauf, baue)
        self._set_meldung(meldung)
        if meldung.startswith("⚠"):
            return False
        self._weiter()
        return True

    def schritte(self, folge: Callable[[Verlauf], Sequence[str]]) -> bool:
        """Mehrere Schritte auf einmal (z. B. Angriff samt Schaden); ``folge(verlauf)`` gibt die
        Protokollzeilen zurück. Lehnt schon der erste Schritt ab, ändert sich nichts."""
        if self.verlauf is None:
            self._set_meldung("⚠ Noch kein Kampf – oben anlegen oder fortsetzen.")
            return False
        vorher = len(self.verlauf.ereignisse)
        try:
            zeilen = list(folge(self.verlauf))
            fehler = None
        except (ValueError, KeyError, TypeError) as f:
            zeilen, fehler = [], f"⚠ {f}"
        if len(self.verlauf.ereignisse) == vorher:
            self._set_meldung(fehler or (" · ".join(zeilen) if zeilen else "⚠ Nichts geschehen."))
            return False
        self._set_meldung(" · ".join(zeilen + ([fehler] if fehler else [])))
        self._weiter()
        return True

    def rueckgaengig(self) -> None:
        meldung = rueckgaengig(self.verlauf)
        self._set_meldung(meldung)
        if not meldung.startswith("⚠"):
            self._weiter()

    def nachladen(self) -> None:
        """Nur-Lesen: neue Schritte des Schreibers übernehmen."""
        if self.verlauf is None:
            return
        try:
            neu = self.verlauf.nachladen()
        except (ProtokollFehler, ValueError) as f:
            self._set_meldung(f"⚠ {f}")
            return
        self._set_meldung(f"{anzahl(neu, 'neuer Schritt', 'neue Schritte')} nachgeladen.")
        if neu:
            self._weiter()

    def fortsetzen_klick(
        self, wahl: Any, start: Callable[[Mapping[str, Any]], Any], anwenden: Callable, danach: Callable[[], None]
    ) -> Callable[[str], Callable[[Any], None]]:
        """``on_click`` für :func:`fortsetzen_knoepfe`: je Art („schreiben“, „lesen“, „uebernehmen“)
        den in ``wahl`` gewählten Kampf fortsetzen; ``danach`` läuft, wenn es geklappt hat."""

        def je_art(art: str) -> Callable[[Any], None]:
            def handler(_wert: Any) -> None:
                f = fortsetzen(wahl.value, start, anwenden, art=art)
                self.starten(f.verlauf, f.meldung)
                if f.verlauf is not None:
                    danach()

            return handler

        return je_art

    def klick(self, aktion: Callable[[Verlauf | None], Any]) -> Callable[[Any], None]:
        """Ein ``on_click`` für ``mo.ui.button``: ruft ``aktion(verlauf)`` (Ausnahmen → Meldung)."""

        def handler(_wert: Any) -> None:
            try:
                aktion(self.verlauf)
            except (ValueError, KeyError, TypeError) as f:
                self._set_meldung(f"⚠ {f}")

        return handler

    def knopf(self, label: str, baue: Callable[[Any], Ereignis] | None = None, *, folge: Callable[[Verlauf], Sequence[str]] | None = None,
              aktion: Aktion | None = None, kind: str = "neutral", disabled: bool = False):
        """Ein Knopf für einen Schritt: ``baue(zustand) -> Ereignis`` (:meth:`schritt`) oder
        ``folge(verlauf) -> Zeilen`` (:meth:`schritte`); mit ``aktion`` gesperrt, wenn sie nicht
        erlaubt ist."""
        import marimo as mo

        if folge is not None:
            tun = lambda _v: self.schritte(folge)  # noqa: E731
        else:
            tun = lambda _v: self.schritt(baue)  # noqa: E731
        gesperrt = disabled or (aktion is not None and not aktion.erlaubt)
        return mo.ui.button(label=label, kind=kind, disabled=gesperrt, on_click=self.klick(tun))

    def rueckgaengig_knopf(self):
        """„Rückgängig“ – nimmt den letzten Schritt zurück."""
        import marimo as mo

        return mo.ui.button(label="Rückgängig", kind="warn", on_click=self.klick(lambda _v: self.rueckgaengig()))

    def _neu_gestartet(self) -> None:
        if self._set_start is not None:
            self._set_start(lambda n: n + 1)

    def fortsetzen_wahl(self, gespeichert: Sequence[GespeicherterKampf], start: Callable[[Mapping[str, Any]], Any],
                        anwenden: Callable) -> tuple[Any, dict[str, Any]]:
        """„Gespeicherter Kampf“ und die drei Fortsetzen-Knöpfe (``(kampf_wahl, knoepfe)``)."""
        wahl = kampf_wahl(gespeichert)
        knoepfe = fortsetzen_knoepfe(bool(gespeichert), on_click=self.fortsetzen_klick(wahl, start, anwenden, self._neu_gestartet))
        return wahl, knoepfe

    def anlage(
        self,
        namen: Sequence[str],
        neu: Callable[[Sequence[str]], Verlauf],
        *,
        vorauswahl: Sequence[str] | None = None,
        fortgesetzt: Callable[[Verlauf], Sequence[str]] | None = None,
        einstellungen: Sequence[Any] = (),
        gespeichert: Sequence[GespeicherterKampf] | None = None,
        start: Callable[[Mapping[str, Any]], Any] | None = None,
        anwenden: Callable | None = None,
    ) -> Anlage:
        """„Kampf anlegen oder fortsetzen“ – für alle Live-Notebooks gleich.

        ``neu(teilnehmer)`` baut aus den gewählten Namen den neuen Verlauf (das System liest dazu
        seine eigenen Einstellungen); ``einstellungen`` (Hausregeln, Optionen) stehen zwischen
        „Wer kämpft mit?“ und dem Knopf. Nach einem Fortsetzen zeigt „Wer kämpft mit?“ die Kämpfer
        des Kampfes (``fortgesetzt(verlauf)``, sonst die Namen im Zustand). Ohne ``gespeichert``
        fehlt das Fortsetzen (dann :meth:`fortsetzen_wahl` in einer eigenen Zelle).
        Die Elemente an globale Namen binden: ``teilnehmer, neu_knopf, kampf_wahl,
        fortsetzen_knoepfe, _ansicht = kampftisch.anlage(...)``.
        """
        import marimo as mo

        laufend = self.verlauf
        if laufend is not None:
            namen_im_kampf = list(fortgesetzt(laufend)) if fortgesetzt is not None else list(laufend.zustand.namen)
            vorauswahl = namen_im_kampf
        teilnehmer = teilnehmer_wahl(namen, vorauswahl)

        def _neu(_v: Any) -> None:
            verlauf = neu(list(teilnehmer.value))
            self.starten(verlauf, f"{NEUER_KAMPF}: {verlauf.datei.name if verlauf.datei else LEER}")
            self._neu_gestartet()

        knopf = neu_knopf(on_click=self.klick(_neu))
        wahl, knoepfe = (None, {})
        if gespeichert is not None:
            wahl, knoepfe = self.fortsetzen_wahl(gespeichert, start, anwenden)
        teile = [mo.md("## Kampf anlegen oder fortsetzen"), teilnehmer, *einstellungen, knopf]
        if wahl is not None:
            teile += [wahl, reihe(*knoepfe.values())]
        return Anlage(teilnehmer, knopf, wahl, knoepfe, mo.vstack(teile))

    def boegen_pruefen(self, editor: Any, ladung: Any, schema: Any, titel: str):
        """Die bearbeiteten Bögen prüfen: ``(geprueft, speichern_knopf, ansicht)``. Speichern ist
        gesperrt, solange ein Fehler (Datei, Charakter, Feld) besteht; was gespeichert wurde,
        steht in der Meldung (:func:`boegen_speichern`)."""
        import marimo as mo

        from gm_helfer import boegen

        geprueft = boegen.aus_tabellen(dict(editor.value), schema, ladung.boegen)
        knopf = mo.ui.button(label="Bögen speichern", disabled=bool(geprueft.fehler),
                             on_click=lambda _v: self._set_meldung(boegen_speichern(geprueft.boegen)))
        return geprueft, knopf, bogen_ansicht(editor, list(ladung.fehler) + list(geprueft.fehler), knopf, titel)

    def protokoll_teil(self, hook: str) -> tuple[Any, list, Any]:
        """Unter dem Zug-Panel: „Nachladen“ (nur beim Ansehen), Protokoll, Bericht und
        Spieleransicht – ``(nachladen_knopf, spieler_elemente, ansicht)``."""
        import marimo as mo

        verlauf = self.verlauf
        nachladen = (mo.ui.button(label="Nachladen", on_click=self.klick(lambda _v: self.nachladen()))
                     if verlauf is not None and verlauf.nur_lesen else mo.md(""))
        spieler_elemente = spieler_und_bericht(verlauf)
        return nachladen, spieler_elemente, mo.vstack([nachladen, protokoll_ansicht(verlauf, hook), reihe(*spieler_elemente)])


class Anlage(NamedTuple):
    """Was :meth:`Tisch.anlage` baut (alle Elemente an globale Namen binden)."""

    teilnehmer: Any
    neu_knopf: Any
    kampf_wahl: Any
    fortsetzen_knoepfe: dict[str, Any]
    ansicht: Any


class Auswahl:
    """Eingabefelder des Zug-Panels, die sich ihren Wert je Handelndem merken.

    Jedes Feld trägt eine frische Beschriftung je Handelndem (:func:`frisch`), startet mit dem
    gemerkten Wert oder der Vorgabe und merkt sich jede Änderung. Bei Auswahlen mit
    Wörterbuch-Optionen (Text → Wert) wird der Wert gemerkt, nicht der Text.
    """

    def __init__(self, merker: dict[str, Any], wer: str | None) -> None:
        self.merker = merker
        self.wer = wer

    def merken(self, schluessel: str) -> Callable[[Any], None]:
        def f(wert: Any) -> None:
            self.merker[schluessel] = wert

        return f

    def gemerkt(self, schluessel: str, vorgabe: Any = None) -> Any:
        return self.merker.get(schluessel, vorgabe)

    def _start(self, schluessel: str, optionen: Sequence[Any] | Mapping[str, Any], vorgabe: Any) -> Any:
        gemerkt = self.merker.get(schluessel)
        if isinstance(optionen, Mapping):
            text_zu = {w: t for t, w in optionen.items()}
            return text_zu.get(gemerkt, text_zu.get(vorgabe))
        return gemerkt if gemerkt in optionen else vorgabe

    def dropdown(self, schluessel: str, optionen: Sequence[Any] | Mapping[str, Any], vorgabe: Any, label: str, **kw: Any):
        import marimo as mo

        return mo.ui.dropdown(options=optionen, value=self._start(schluessel, optionen, vorgabe), label=frisch(label, self.wer),
                              on_change=self.merken(schluessel), **kw)

    def radio(self, schluessel: str, optionen: Mapping[str, Any], vorgabe: Any, label: str, **kw: Any):
        import marimo as mo

        return mo.ui.radio(options=optionen, value=self._start(schluessel, optionen, vorgabe), label=frisch(label, self.wer),
                           on_change=self.merken(schluessel), **kw)

    def zahl(self, schluessel: str, label: str, start: float, stop: float, vorgabe: float = 0, **kw: Any):
        import marimo as mo

        return mo.ui.number(start=start, stop=stop, value=self.merker.get(schluessel, vorgabe), label=frisch(label, self.wer),
                            on_change=self.merken(schluessel), **kw)

    def haken(self, schluessel: str, label: str, vorgabe: bool = False):
        import marimo as mo

        return mo.ui.checkbox(value=self.merker.get(schluessel, vorgabe), label=frisch(label, self.wer), on_change=self.merken(schluessel))


def anlegen() -> tuple[Callable[[], int], Callable[[], str], Callable[[], int], Tisch]:
    """Der Zustand eines Live-Notebooks in einer Zelle: ``get_version, get_meldung, get_start,
    kampftisch = tisch.anlegen()``.

    Das Protokoll ist der einzige Zustand: ``get_version`` steigt nach jedem Schritt,
    ``get_meldung`` ist die Zeile des letzten Schritts, ``get_start`` steigt nur bei „Neuer
    Kampf“/„Fortsetzen“ (Liste der gespeicherten Kämpfe, „Wer kämpft mit?“). Die Getter müssen
    globale Namen sein: nur Zellen, die sie lesen, laufen neu.
    """
    import marimo as mo

    get_version, set_version = mo.state(0)
    get_meldung, set_meldung = mo.state("")
    get_start, set_start = mo.state(0)
    return get_version, get_meldung, get_start, Tisch(set_version, set_meldung, set_start)


# --------------------------------------------------------------------------- marimo-Bausteine

STIL = """
<style>
.tisch-panel button, .tisch-panel .marimo-button { white-space: normal; }
.tisch-aufgaben ul { list-style: none; padding-left: 0.4em; margin: 0.2em 0; }
.tisch-aufgaben li { margin: 0.1em 0; }
.tisch-verboten { color: #6d4c41; font-size: 0.9em; }
.tisch-meldung { font-weight: 600; }
@media (max-width: 900px) {
  .vega-embed { max-width: 100%; }
  .vega-embed canvas, .vega-embed svg.marks { max-width: 100%; height: auto; }
}
</style>
"""
"""Gemeinsames CSS (Knöpfe brechen um, schmale Bildschirme ab 820 px)."""


def frisch(label: str, schluessel: Any) -> str:
    """Eine Beschriftung, die marimo zwingt, ein neu gebautes Eingabefeld auch im Browser neu zu
    zeichnen, sobald sich ``schluessel`` ändert (der Schlüssel steht unsichtbar dahinter).

    Ohne das behält der Browser bei gleichbleibender Beschriftung den alten angezeigten Wert, obwohl
    der Kernel schon den neuen Startwert hat (gemessen mit marimo 0.25 an ``mo.ui.number`` und
    ``mo.ui.text``): das Panel zeigte dann „+2“, gerechnet wurde mit 0. Schlüssel: der Handelnde
    (Modifikatoren gelten je Handelndem) oder die Schrittzahl (eingetippte Würfel leeren sich nach
    einem ausgeführten Schritt).
    """
    return f"{label}<span style='display:none'>{html.escape(str(schluessel))}</span>"


def stil():
    """Das gemeinsame CSS als marimo-Ausgabe (einmal je Notebook oben ausgeben)."""
    import marimo as mo

    return mo.Html(STIL)


def kopf(text: str):
    """Die Kopfzelle eines Live-Notebooks: das gemeinsame CSS und die Einleitung (Markdown)."""
    import marimo as mo

    return mo.vstack([stil(), mo.md(text)])


_ZELLE = "padding: 0.2em 0.3em; border-bottom: 1px solid #e0e0e0; vertical-align: top; overflow-wrap: break-word"
_STIL_TABELLE = {
    "table": "border-collapse: collapse; width: 100%; font-size: 0.88em",
    "caption": "text-align: left; font-weight: 600; padding: 0.2em 0",
    "th": _ZELLE + "; text-align: left; vertical-align: bottom; border-bottom: 2px solid #bdbdbd; "
                   "background: #fafafa; position: sticky; top: 0",
    "td": _ZELLE + "; text-align: left",
    "zahl": "; text-align: right; font-variant-numeric: tabular-nums",
    "senkrecht": "writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap",
}
SENKRECHT_AB = 7
"""Ab so vielen Spalten stehen die Köpfe der Zahlenspalten senkrecht (schmale Spalten auf 820 px)."""
"""Die Stile stehen in jedem Element: in einem ``mo.accordion`` (Shadow-DOM) wirkt das CSS von
:func:`stil` nicht."""


def tabelle_html(df: pl.DataFrame, *, titel: str = "", formate: Mapping[str, Callable[[Any], str]] | None = None,
                 hoehe: str | None = None, stellen: int = 1) -> str:
    """Eine Tabelle als schlichtes HTML: Werte wie :func:`text` (Komma, „–“ statt leer, ja/nein),
    Zahlenspalten rechtsbündig, Zellen brechen um; hat die Tabelle viele Spalten (``SENKRECHT_AB``),
    stehen die Köpfe der Zahlenspalten senkrecht – so bleiben auf 820 px alle Spalten sichtbar.

    ``formate`` je Spalte (z. B. ``{"Tick 0": prozent}``); ``hoehe`` (CSS, z. B. ``"30em"``): höher
    wird die Tabelle nicht, sie scrollt dann in sich, die Kopfzeile bleibt stehen.

    >>> ">2,5</td>" in tabelle_html(pl.DataFrame({"Wunden": [2.5]}))
    True
    """
    formate = dict(formate or {})
    zahlen = {n for n, typ in df.schema.items() if typ.is_numeric()}
    s = _STIL_TABELLE
    stil_th = {n: s["th"] + (s["zahl"] if n in zahlen else "") for n in df.columns}
    stil_td = {n: s["td"] + (s["zahl"] if n in zahlen else "") for n in df.columns}
    senkrecht = len(df.columns) >= SENKRECHT_AB
    kopf = "".join(
        f"<th style='{stil_th[n]}'>"
        + (f"<span style='{s['senkrecht']}'>{html.escape(n)}</span>" if senkrecht and n in zahlen else html.escape(n))
        + "</th>"
        for n in df.columns
    )
    zeilen = []
    for zeile in df.iter_rows():
        zellen = []
        for name, wert in zip(df.columns, zeile):
            inhalt = formate[name](wert) if name in formate and wert is not None else text(wert, stellen)
            zellen.append(f"<td style='{stil_td[name]}'>{html.escape(inhalt)}</td>")
        zeilen.append("<tr>" + "".join(zellen) + "</tr>")
    ueberschrift = f"<caption style='{s['caption']}'>{html.escape(titel)}</caption>" if titel else ""
    rahmen = "overflow-x: auto" + (f"; max-height: {hoehe}; overflow-y: auto" if hoehe else "")
    return (f"<div class='tisch-tabelle' style='{rahmen}'><table style='{s['table']}'>{ueberschrift}<thead><tr>{kopf}</tr></thead>"
            f"<tbody>{''.join(zeilen)}</tbody></table></div>")


def tabelle(df: pl.DataFrame, **kw: Any):
    """:func:`tabelle_html` als marimo-Ausgabe – statt ``mo.ui.table``, dessen Bedienelemente
    (Suche, „Columns“, „Explore“, Seiten, „3 rows“, Datentypen) englisch und nicht übersetzbar sind
    und das auf 820 px Spalten hinter einen Rollbalken schiebt."""
    import marimo as mo

    return mo.Html(tabelle_html(df, **kw))


def reihe(*elemente: Any):
    """Elemente nebeneinander, linksbündig, umbrechend (schmale Bildschirme)."""
    import marimo as mo

    return mo.hstack(list(elemente), justify="start", wrap=True)


def zug_rahmen(*teile: Any):
    """Der grüne Rand des Zug-Panels um Teile untereinander."""
    import marimo as mo

    return mo.vstack(list(teile)).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})


def grund_ansicht(aktion: Aktion, hook: str | None = None):
    """Der Grund einer verbotenen Aktion („✗ …“), leer wenn sie erlaubt ist."""
    import marimo as mo

    if aktion.erlaubt:
        return mo.md("")
    kennung = f" id='{hook}'" if hook else ""
    return mo.md(f"<span{kennung} class='tisch-verboten'>✗ {html.escape(aktion.grund or LEER)}</span>")


def lage_ansicht(verlauf: Verlauf | None, hook: str, baue: Callable[[Any], Sequence[Any]], nur_lesen_hook: str = "tisch-nur-lesen"):
    """Die Lage über dem Zug-Panel: ohne Kampf „Noch kein Kampf“ (mit ID ``hook``), sonst die
    Teile aus ``baue(zustand)`` – nach dem ersten (der Überschrift) der Nur-Lesen-Hinweis."""
    import marimo as mo

    if verlauf is None:
        return kein_kampf(hook)
    teile = list(baue(verlauf.zustand))
    return mo.vstack([*teile[:1], nur_lesen_hinweis(verlauf, nur_lesen_hook), *teile[1:]])


def kein_kampf(hook: str):
    """„Noch kein Kampf“ (für ``mo.stop``), mit fester ID."""
    import marimo as mo

    return mo.md(f"<span id='{hook}'>Noch kein Kampf – oben anlegen oder fortsetzen.</span>")


def nur_lesen_hinweis(verlauf: Verlauf | None, hook: str = "tisch-nur-lesen"):
    """Der Hinweis, dass eine andere Sitzung den Kampf führt (leer, wenn diese schreibt)."""
    import marimo as mo

    if verlauf is None or not verlauf.nur_lesen:
        return mo.md("")
    return mo.callout(mo.md(f"<span id='{hook}'>🔒 Nur ansehen: eine andere Sitzung führt diesen Kampf "
                            "(„Nachladen“ zeigt ihre neuen Schritte).</span>"), kind="warn")


def boegen_laden(system: str, schema: Any, beschriftungen: Mapping[str, str]):
    """Die Bögen eines Systems laden und als Editor bauen: ``(ladung, bogen_editor)``."""
    from gm_helfer import boegen

    ladung = boegen.laden(system, pfade.charakter_ordner(system))
    return ladung, bogen_editor(boegen.als_tabellen(ladung.boegen, schema), beschriftungen)




def teilnehmer_wahl(namen: Sequence[str], vorauswahl: Sequence[str] | None = None, *, label: str = "Wer kämpft mit?"):
    """„Wer kämpft mit?“ – nach einem Fortsetzen mit den Kämpfern des fortgesetzten Kampfes."""
    import marimo as mo

    wahl = [n for n in (vorauswahl if vorauswahl is not None else namen) if n in namen]
    return mo.ui.multiselect(options=list(namen), value=wahl, label=frisch(label, tuple(wahl)))


def neu_knopf(on_click: Callable[[Any], Any] | None = None):
    import marimo as mo

    if on_click is not None:
        return mo.ui.button(label=NEUER_KAMPF, kind="success", on_click=on_click)
    return mo.ui.run_button(label=NEUER_KAMPF, kind="success")


def kampf_wahl(gespeicherte: Sequence[GespeicherterKampf]):
    """Auswahl „Gespeicherter Kampf“: Beschriftung mit Kämpfern, Runde, letztem Schritt; Wert =
    Pfad als Text; voreingestellt der neueste."""
    import marimo as mo

    optionen: dict[str, str] = {}
    for k in gespeicherte:
        beschriftung = k.beschriftung
        while beschriftung in optionen:
            beschriftung += " "
        optionen[beschriftung] = str(k.datei)
    if not optionen:  # statt marimos leerem „--“
        optionen = {KEIN_GESPEICHERTER: ""}
    erste = next(iter(optionen))
    return mo.ui.dropdown(options=optionen, value=erste, label=frisch("Gespeicherter Kampf", tuple(optionen.values())), full_width=True)


def fortsetzen_knoepfe(vorhanden: bool, on_click: Callable[[str], Callable[[Any], Any]] | None = None) -> dict[str, Any]:
    """Die Knöpfe „Kampf fortsetzen“, „Nur ansehen“, „Kampf übernehmen“ (Art → Knopf).

    ``on_click(art)`` liefert den Handler je Art (schreiben, lesen, uebernehmen); ohne ihn
    sind es ``run_button``.
    """
    import marimo as mo

    aus = {}
    for art, label in (("schreiben", FORTSETZEN), ("lesen", ANSEHEN), ("uebernehmen", UEBERNEHMEN)):
        if on_click is not None:
            aus[art] = mo.ui.button(label=label, disabled=not vorhanden, on_click=on_click(art), kind="warn" if art == "uebernehmen" else "neutral")
        else:
            aus[art] = mo.ui.run_button(label=label, disabled=not vorhanden)
    return aus


def bogen_editor(tabellen: Mapping[str, pl.DataFrame], beschriftungen: Mapping[str, str] | None = None):
    """Die Bögen als bearbeitbare Tabellen (ein ``mo.ui.dictionary``: Tabellenname → Editor).

    ``editor.value`` passt direkt in ``boegen.aus_tabellen``.
    """
    import marimo as mo

    namen = beschriftungen or {}
    return mo.ui.dictionary({n: mo.ui.data_editor(df, label=namen.get(n, n.capitalize())) for n, df in tabellen.items()})


def bogen_ansicht(editor, fehler: Iterable[Any], speichern, titel: str = "Charakterbögen bearbeiten"):
    """Bogen-Editor im Akkordeon: Fehlerliste (Datei, Charakter, Feld), Tabellen, Speichern-Knopf."""
    import marimo as mo

    zeilen = [f"- ⚠ {html.escape(str(f))}" for f in fehler]
    return mo.accordion({titel: mo.vstack([mo.md("\n".join(zeilen)) if zeilen else mo.md(""), *editor.elements.values(), speichern])})


def meldung_ansicht(meldung: str, hook: str = "tisch-meldung"):
    """Die Meldung des letzten Schritts (⚠ = abgelehnt, 🔒 = gesperrt) mit fester ID."""
    import marimo as mo

    art = "danger" if meldung.startswith(("⚠", "🔒")) else "neutral"
    inhalt = mo.md(f"<span id='{hook}' class='tisch-meldung'>{html.escape(meldung)}</span>")
    return mo.callout(inhalt, kind=art) if meldung else inhalt


def aufgaben_ansicht(entscheidungen: Iterable[Entscheidung | str], hook: str = "tisch-aufgaben"):
    """Die Aufgabenliste: alles, was offen ist, bis es genommen oder ausgeschlagen ist."""
    import marimo as mo

    zeilen = aufgaben_zeilen(entscheidungen)
    if not zeilen:
        return mo.md(f"<div id='{hook}' class='tisch-aufgaben'>Keine offenen Aufgaben.</div>")
    punkte = "".join(f"<li>▸ {html.escape(z)}</li>" for z in zeilen)
    return mo.md(f"<div id='{hook}' class='tisch-aufgaben'><strong>Offen:</strong><ul>{punkte}</ul></div>")


def verbotene_ansicht(aktionen: Iterable[Aktion]):
    """Verbotene Aktionen mit Grund, klein und ohne Chancen."""
    import marimo as mo

    zeilen = verbotene_zeilen(aktionen)
    if not zeilen:
        return mo.md("")
    return mo.md("<div class='tisch-verboten'>" + "<br>".join(f"✗ {html.escape(z)}" for z in zeilen) + "</div>")


def wuerfel_feld(label: str = "Echte Würfel", beispiel: str = "z. B. 8+3, 5", *, on_change: Callable[[str], Any] | None = None,
                 wert: str = "", schluessel: Any = None):
    """Textfeld für eingetippte Würfel (leer = das Programm würfelt).

    ``schluessel`` (z. B. die Schrittzahl): ändert er sich, zeigt auch der Browser das Feld leer
    (siehe :func:`frisch`)."""
    import marimo as mo

    beschriftung = frisch(label, schluessel) if schluessel is not None else label
    return mo.ui.text(value=wert, placeholder=f"leer = Programm würfelt; {beispiel}", label=beschriftung, on_change=on_change)


def protokoll_ansicht(verlauf: Verlauf | None, hook: str = "tisch-protokoll", hoehe: str = "30em"):
    """Protokoll (neueste zuerst) mit Schrittzahl, Datei (nur Name) und Nur-Lesen-Hinweis; alle
    Schritte in einer Tabelle, die ab ``hoehe`` in sich scrollt (keine englischen Seitenknöpfe)."""
    import marimo as mo

    n = len(verlauf.ereignisse) if verlauf else 0
    datei = verlauf.datei.name if verlauf is not None and verlauf.datei else LEER
    rolle = " · 🔒 nur ansehen" if verlauf is not None and verlauf.nur_lesen else ""
    return mo.vstack(
        [
            mo.md(
                f"### <span id='{hook}'>Protokoll</span> ({PROTOKOLL_REIHENFOLGE}, ✎ = eingetippt) · "
                f"<span id='{hook}-schritte' style='white-space: nowrap'>{anzahl(n, 'Schritt', 'Schritte')}</span> · Datei `{datei}`{rolle}"
            ),
            tabelle(protokoll_tabelle(verlauf), hoehe=hoehe),
        ]
    )


def spieler_und_bericht(verlauf: Verlauf | None) -> list:
    """Unter dem Protokoll: den Sitzungsbericht herunterladen (Markdown/HTML, erst beim Klick
    gebaut) und Gegner vor der Spieleransicht verbergen (:mod:`gm_helfer.spieler`).

    Die Elemente müssen an einen globalen Namen gebunden werden (siehe oben), etwa
    ``spieler_elemente = tisch.spieler_und_bericht(verlauf)``; leer ohne Protokolldatei.
    """
    import marimo as mo

    from gm_helfer import ansicht, bericht, spieler

    if verlauf is None or verlauf.datei is None:
        return []
    datei = verlauf.datei

    def baue(html: bool) -> Callable[[], bytes]:
        def inhalt() -> bytes:
            try:
                b = bericht.lesen(datei)
            except bericht.BerichtFehler as fehler:
                return f"Kein Bericht: {fehler}\n".encode("utf-8")
            return (bericht.html_text(b) if html else bericht.markdown(b)).encode("utf-8")
        return inhalt

    name = datei.stem
    elemente: list = [
        mo.download(data=baue(False), filename=f"{name}_bericht.md", mimetype="text/markdown",
                    label="Bericht herunterladen (Markdown)"),
        mo.download(data=baue(True), filename=f"{name}_bericht.html", mimetype="text/html",
                    label="Bericht herunterladen (HTML)"),
    ]
    try:
        gegner = [k.name for k in ansicht.system(verlauf.system).kaempfer(verlauf.zustand) if not k.held]
    except ValueError:
        gegner = []
    if gegner:
        elemente.append(mo.ui.multiselect(
            options=gegner, value=sorted(spieler.verborgen(datei) & set(gegner)),
            label="Vor der Spieleransicht verbergen", on_change=lambda namen: spieler.verbergen(datei, namen)))
    return elemente


# --------------------------------------------------------------------------- Begegnung laden


@dataclass(frozen=True)
class BegegnungsStart:
    """Was eine gespeicherte Begegnung (:mod:`gm_helfer.begegnungen`) für einen neuen Kampf liefert."""

    boegen: tuple[Any, ...]
    """Die Bögen, aus denen das System den Kampf anlegt (Seite der Begegnung, Anzahl vervielfacht)."""
    namen: tuple[str, ...]
    """Die Bögen der Begegnung (für die Vorauswahl von „Wer kämpft mit?“)."""
    optionen: Any = None
    """Die ``Optionen`` des Systems aus der Begegnung (``None``: keine Angaben)."""
    meldung: str = ""
    """Leer, wenn alles passt; sonst eine deutsche Zeile mit Datei und Feld."""


def begegnung_wahl(system: str, ordner: Path | str | None = None, *, label: str = "Begegnung laden"):
    """Auswahl „Begegnung laden“: die gespeicherten Begegnungen des Systems (Wert: Pfad als Text,
    leer: keine – dann gilt „Wer kämpft mit?“ allein)."""
    import marimo as mo

    from gm_helfer import begegnungen

    ladung = begegnungen.laden_alle(system, Path(ordner) if ordner is not None else None)
    optionen = {"– keine –": ""}
    for b in ladung.begegnungen:
        optionen[f"{b.name} ({b.datei.name})"] = str(b.datei)
    return mo.ui.dropdown(options=optionen, value="– keine –", label=frisch(label, tuple(optionen.values())))


def begegnung_start(datei: Path | str | None, boegen: Sequence[Any], gewaehlt: Iterable[str] | None = None) -> BegegnungsStart:
    """Die Kämpfer eines neuen Kampfes: mit ``datei`` die der Begegnung (nur die Bögen, die auch in
    ``gewaehlt`` stehen, wenn angegeben – so wählt der Spielleiter einzelne ab), ohne ``datei``
    die Bögen aus ``gewaehlt``. Fehler der Datei werden zur Meldung (die Bögen dann leer)."""
    from gm_helfer import begegnungen

    auswahl = set(gewaehlt) if gewaehlt is not None else None
    if not datei:
        gefiltert = tuple(b for b in boegen if auswahl is None or b.name in auswahl)
        return BegegnungsStart(gefiltert, tuple(b.name for b in gefiltert))
    try:
        b = begegnungen.laden(datei)
        namen = tuple(dict.fromkeys(e.bogen for e in b.eintraege))
        if auswahl is not None:
            b = replace(b, eintraege=tuple(e for e in b.eintraege if e.bogen in auswahl))
        return BegegnungsStart(tuple(begegnungen.boegen_fuer(b, boegen)), namen, begegnungen.optionen_fuer(b))
    except begegnungen.BegegnungFehler as fehler:
        return BegegnungsStart((), (), None, f"⚠ {fehler}")


def begegnung_boegen(datei: Path | str, boegen: Sequence[Any], namen: Iterable[str]) -> tuple[list[Any], Any]:
    """Für „Neuer Kampf“ mit gewählter Begegnung: ``(bögen, optionen)`` – die Kämpfer der Begegnung,
    soweit ihr Bogen unter „Wer kämpft mit?“ (``namen``) steht, und ihre Optionen (``None``: die
    Einstellungen des Notebooks gelten).

    Raises:
        ValueError: die Datei passt nicht (Meldung mit Datei und Feld) oder niemand ist gewählt.
    """
    start = begegnung_start(datei, boegen, namen)
    if start.meldung:
        raise ValueError(start.meldung.removeprefix("⚠ "))
    if not start.boegen:
        raise ValueError("Niemand aus der Begegnung ist unter „Wer kämpft mit?“ gewählt.")
    return list(start.boegen), start.optionen
