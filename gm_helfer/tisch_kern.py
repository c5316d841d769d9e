"""Die systemfreien Hilfen der Notebook-Schicht ohne marimo: Beschriftungen, Zahlen und Text,
Protokolldateien (gespeicherte Kämpfe, fortsetzen) und Schritte (ausführen, rückgängig, Würfel-
eingaben, Protokolltabelle). Teil von :mod:`gm_helfer.tisch` (dort auch alle Namen).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from gm_helfer import pfade
from gm_helfer import text as _text
from gm_helfer.ansicht import ist_held
from gm_helfer.protokoll import Ereignis, GesperrtFehler, ProtokollFehler, Verlauf, auflisten
from gm_helfer.protokoll_fehler import VeraendertFehler
from gm_helfer.zug import Aktion, Entscheidung

NEUER_KAMPF = "Neuer Kampf"
"""Die eine Beschriftung für „Kampf anlegen“ in allen Notebooks."""
FORTSETZEN = "Kampf fortsetzen"
ANSEHEN = "Nur ansehen"
UEBERNEHMEN = "Kampf übernehmen"
TROTZDEM = "Trotzdem laden"
"""Knopf für ein Protokoll, dessen Prüfkette eine veränderte Zeile meldet (das Laden wird vermerkt)."""
KEIN_GESPEICHERTER = "noch kein Kampf gespeichert"
PROTOKOLL_REIHENFOLGE = "neueste zuerst"
"""Die Protokollansicht zeigt überall den neuesten Schritt oben."""

LEER = _text.LEER
"""Steht statt ``None``/``null``/leerem Text in Tabellen und Texten."""



# --------------------------------------------------------------------------- Zahlen und Text
# (die Zahlen selbst: gm_helfer.text – hier die Formen, die die Notebooks seit jeher benutzen)


def prozent(p: float, stellen: int = 1) -> str:
    """:func:`gm_helfer.text.prozent` für Text im Notebook: zwischen Zahl und „%“ steht ein
    geschütztes Leerzeichen, damit „91,7 %“ am Tablet (820 px) nicht über zwei Zeilen bricht.

    >>> prozent(0.917) == "91,7\u00a0%", prozent(1e-9) == "<\u00a00,1\u00a0%"
    (True, True)
    """
    return _text.prozent(p, stellen, leerzeichen="\u00a0")


zahl = _text.zahl
anzahl = _text.anzahl
text = _text.anzeige


def ziele_nach_chance(
    chancen: Mapping[str, float], reihenfolge: Sequence[str], rest: Sequence[str] = (), *, was: str = "außer Gefecht"
) -> tuple[dict[str, str], str | None]:
    """Die Zielauswahl nach der exakten Chance, das Ziel mit dieser Aktion auszuschalten:
    ``({„Bandit 2 – 31,4 % außer Gefecht“: "Bandit 2", …}, bestes)``. Die Gegner (``chancen``)
    stehen nach fallender Chance, Gleichstand in der ``reihenfolge`` der Taktik der Seite;
    ``rest`` (Verbündete, schon Gefallene) dahinter ohne Chance. ``bestes``: das vorgewählte
    Ziel (``None`` ohne Gegner).

    >>> ziele_nach_chance({"Baron": 0.1, "Wolf": 0.3, "Bandit": 0.3}, ["Bandit", "Wolf", "Baron"])[1]
    'Bandit'
    """
    rang = {n: i for i, n in enumerate(reihenfolge)}
    gegner = sorted(chancen, key=lambda n: (-round(chancen[n], 12), rang.get(n, len(rang))))
    optionen = {f"{n} – {prozent(chancen[n])} {was}": n for n in gegner}
    optionen.update({n: n for n in rest if n not in chancen})
    return optionen, (gegner[0] if gegner else None)


def nach_taktik(namen: Sequence[str], regel: str, verletzung: Callable[[str], float]) -> list[str]:
    """Die Gegner ``namen`` in der Reihenfolge, in der die Zielwahl ``regel`` der Taktik sie nimmt –
    der Gleichstandsbrecher von :func:`ziele_nach_chance`: „schwaechster“ die am schwersten
    Verletzten zuerst, „staerkster“ die am wenigsten Verletzten, jede andere Regel („erster“,
    „naechster“, „zufall“) die gegebene Reihenfolge. Gleich Verletzte bleiben in ihrer Reihenfolge.

    >>> nach_taktik(["Ork", "Wolf", "Bandit"], "schwaechster", {"Ork": 1, "Wolf": 3, "Bandit": 3}.get)
    ['Wolf', 'Bandit', 'Ork']
    """
    if regel == "schwaechster":
        return sorted(namen, key=lambda n: -verletzung(n))
    if regel == "staerkster":
        return sorted(namen, key=verletzung)
    return list(namen)


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
    seiten: tuple[str, ...] = ()
    """Die Seite je Teilnehmer (wie :attr:`teilnehmer`; leer, wo der Kopf keine nennt)."""

    @property
    def beschriftung(self) -> str:
        """„Brakka, Lena Falk, Mira gegen Schwarzer Baron, Bandit ×8 · Runde 3 · zuletzt: … · 30.11. 21:04“:
        die Helden zuerst, dann ihre Gegner, gleichnamige Kopien („Bandit 1“ … „Bandit 8“) zusammengefasst."""
        if self.seiten and len(self.seiten) == len(self.teilnehmer):
            helden = [n for n, s in zip(self.teilnehmer, self.seiten, strict=True) if ist_held(s)]
            gegner = [n for n, s in zip(self.teilnehmer, self.seiten, strict=True) if not ist_held(s)]
            namen = " gegen ".join(t for t in (_namen_kurz(helden), _namen_kurz(gegner)) if t)
        else:
            namen = _namen_kurz(self.teilnehmer)
        letzter = self.letzter_schritt if len(self.letzter_schritt) <= 60 else self.letzter_schritt[:59] + "…"
        return f"{namen or LEER} · Runde {self.runde} · zuletzt: {letzter} · {self.geaendert:%d.%m. %H:%M}"


def _namen_kurz(namen: Sequence[str], hoechstens: int = 5) -> str:
    """Namen mit Komma, Kopien eines Bogens als „Bandit ×8“, nach ``hoechstens`` Einträgen „und N weitere“.

    >>> _namen_kurz(["Baron", "Bandit 1", "Bandit 2", "Bandit 3"])
    'Baron, Bandit ×3'
    """
    gruppen: dict[str, int] = {}
    for name in namen:
        basis, _, nummer = name.rpartition(" ")
        schluessel = basis if basis and nummer.isdigit() else name
        gruppen[schluessel] = gruppen.get(schluessel, 0) + 1
    teile = [n if k == 1 else f"{n} ×{k}" for n, k in gruppen.items()]
    rest = len(teile) - hoechstens
    return ", ".join(teile[:hoechstens]) + (f" und {rest} weitere" if rest > 0 else "")


def _kampf_lesen(
    datei: Path, teilnehmer: Callable[[Mapping[str, Any]], Sequence[str]], runden_arten: frozenset[str]
) -> GespeicherterKampf | None:
    try:
        zeilen = pfade.lesen(datei).split(b"\n")
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
        eintraege = list(teilnehmer(kopf))
        namen = tuple(str(e[0]) if isinstance(e, tuple) else str(e) for e in eintraege)
        seiten = tuple(str(e[1]) for e in eintraege if isinstance(e, tuple))
    except (KeyError, TypeError, ValueError, IndexError):
        namen, seiten = (), ()
    runde = sum(1 for _, e in ereignisse if e.get("art") in runden_arten)
    letzter = str(ereignisse[-1][1].get("text") or ereignisse[-1][1].get("art")) if ereignisse else LEER
    return GespeicherterKampf(datei, namen, runde, letzter, geaendert, seiten if len(seiten) == len(namen) else ())


def gespeicherte_kaempfe(
    system: str,
    teilnehmer: Callable[[Mapping[str, Any]], Sequence[str]],
    *,
    runden_arten: Iterable[str] = ("runde",),
    ordner: Path | str | None = None,
) -> list[GespeicherterKampf]:
    """Gespeicherte Kämpfe des Systems, neueste zuerst, mit Kämpfern, Runde und letztem Schritt.

    Args:
        teilnehmer: liest die Kämpfer aus dem Protokollkopf des Systems – Namen oder Paare
            ``(name, seite)`` (dann stehen die Helden in der Beschriftung zuerst).
        runden_arten: Ereignisarten, die eine neue Runde beginnen (gezählt ohne Zurückgenommene).
    """
    ordner = Path(ordner or pfade.kampf_ordner())
    arten = frozenset(runden_arten)
    aus = []
    for datei in auflisten(ordner, system):
        try:  # eine feindliche Datei hält die Liste der anderen nie auf
            k = _kampf_lesen(datei, teilnehmer, arten)
        except (Exception, RecursionError):  # noqa: BLE001
            k = None
        if k is not None:
            aus.append(k)
    return aus


def neuer_verlauf(
    system: str, zustand: Any, anwenden: Callable, kopf: Mapping[str, Any], ordner: Path | str | None = None
) -> Verlauf:
    """Ein neuer Kampf mit Protokolldatei (einheitlicher Dateiname, siehe :func:`protokoll_datei`).

    Legen zwei Sitzungen in derselben Sekunde einen Kampf an, bekommt die zweite den nächsten
    freien Namen (``…_2.jsonl``) statt einer Ablehnung."""
    from gm_helfer.protokoll import GesperrtFehler, ProtokollFehler, SchonDaFehler

    for _ in range(100):
        try:
            return Verlauf(zustand, anwenden, datei=protokoll_datei(system, ordner), system=system, kopf=kopf)
        except (SchonDaFehler, GesperrtFehler):
            continue  # eben von einer anderen Sitzung genommen: der nächste Name
    raise ProtokollFehler("Für den neuen Kampf ist kein freier Dateiname zu finden; bitte erneut versuchen.")


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


NUR_LESEN_GRUND = "Nur ansehen – schreibt eine andere Sitzung"


def nur_lesen_grund() -> str:
    """Warum die Schritt-Knöpfe einer Nur-Lesen-Sitzung gesperrt sind."""
    return NUR_LESEN_GRUND


FORTSETZEN_ARTEN = {"schreiben": "Fortgesetzt", "lesen": "Nur zum Ansehen geöffnet", "uebernehmen": "Übernommen",
                    "trotzdem": "Trotz veränderter Zeile geladen"}
"""Art des Fortsetzens → Anfang der Meldung."""


def fortsetzen(
    datei: Path | str | None, start: Callable[[Mapping[str, Any]], Any], anwenden: Callable, *, art: str = "schreiben"
) -> Fortsetzung:
    """Setzt einen gespeicherten Kampf fort; Fehler werden zur Meldung, nie zur Ausnahme.

    ``art``: „schreiben“ (Standard; schlägt fehl, wenn eine andere Sitzung schreibt: dann
    ``gesperrt=True`` und die Meldung sagt, wer), „lesen“ (nur ansehen, der anderen Sitzung
    folgen), „uebernehmen“ (die andere Sitzung kann danach nichts mehr eintragen) oder „trotzdem“
    (ein Protokoll mit veränderter Zeile ausdrücklich laden; das wird neben dem Protokoll vermerkt).
    """
    if not datei:
        return Fortsetzung(None, "⚠ Erst einen gespeicherten Kampf wählen.")
    if art not in FORTSETZEN_ARTEN:
        raise ValueError(f"Unbekannte Art „{art}“ – möglich: {', '.join(FORTSETZEN_ARTEN)}.")
    name = Path(datei).name
    try:
        verlauf, warnungen = Verlauf.fortsetzen(Path(datei), start, anwenden, nur_lesen=art == "lesen",
                                                uebernehmen=art == "uebernehmen", trotzdem=art == "trotzdem")
    except GesperrtFehler as fehler:
        return Fortsetzung(None, f"🔒 {fehler}", gesperrt=True)
    except VeraendertFehler as fehler:
        return Fortsetzung(None, f"⚠ {fehler} Wer sicher ist, lädt es mit „{TROTZDEM}“ (wird vermerkt).")
    except (ProtokollFehler, ValueError, KeyError, TypeError) as fehler:
        return Fortsetzung(None, f"⚠ {fehler}")
    was = FORTSETZEN_ARTEN[art]
    if verlauf.vom_selben_geraet:
        was = "Fortgesetzt – vom anderen Tab dieses Browsers übernommen (dort lässt sich nichts mehr eintragen)"
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

