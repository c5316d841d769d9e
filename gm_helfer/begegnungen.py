"""Begegnungen als Dateien: Seiten, Bögen mit Anzahl, Taktik und Optionen in einer TOML-Datei.

Eine Begegnung liegt neben den Bögen ihres Systems, in ``charaktere/<system>/begegnungen/``
(:func:`ordner`; ``boegen.laden`` liest diesen Unterordner nicht als Bögen). Sie kennt kein
Regelsystem: die Bögen kommen aus :func:`gm_helfer.boegen.laden`, die ``Taktik`` aus
``gm_helfer.<system>.simulation`` (falls das System eine hat, siehe
:data:`gm_helfer.simulation.ZIELWAHL`), die ``Optionen`` aus ``gm_helfer.<system>.optionen``.

Aufbau der Datei::

    name = "Überfall an der Furt"
    system = "savage_worlds"
    beschreibung = "…"            # frei

    [taktik]                      # für alle Seiten (Felder der Taktik des Systems)
    ziel = "schwaechster"

    [optionen]                    # Hausregeln (Felder der Optionen des Systems) und max_runden
    max_runden = 100

    [[seiten]]
    name = "Helden"               # Wert des Seitenfelds der Bögen („seite“ bzw. „partei“)
    kaempfer = [{ bogen = "Mira" }, { bogen = "Lena Falk" }]

    [[seiten]]
    name = "Schurken"
    taktik = { wegstecken = "ausser_gefecht" }   # nur für diese Seite
    kaempfer = [{ bogen = "Bandit", anzahl = 8 }]

Aus ``anzahl`` werden nummerierte Kämpfer („Bandit 1“ … „Bandit 8“) so, wie das System es für
Gruppen tut (``vervielfachen`` im Bogenmodul des Systems, sonst nummerierte Kopien des Bogens).

Fehler sind deutsch und nennen Datei und Feld; eine kaputte Begegnung hält die anderen nicht auf
(:func:`laden_alle`). Gespeichert wird atomar (:func:`gm_helfer.boegen.atomar_schreiben`).
"""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

import tomlkit

from gm_helfer import boegen as boegen_modul
from gm_helfer import pfade, regelsystem

__all__ = [
    "MAX_ANZAHL", "MAX_KAEMPFER", "MAX_RUNDEN", "ORDNER", "SEITENFELDER", "Begegnung", "BegegnungFehler", "Eintrag", "Ladung",
    "aus_boegen", "aus_dokument", "aus_zeilen", "boegen_fuer", "dateiname", "je_seite", "laden", "laden_alle", "max_runden",
    "mit_taktik", "mit_wert", "optionen_fuer", "ordner", "pruefen", "reihen_felder", "speichern", "taktik_fuer", "taktik_klasse",
    "taktik_werte", "vervielfachen", "zeilen",
]

ORDNER = boegen_modul.BEGEGNUNGEN_ORDNER
"""Name des Unterordners neben den Bögen eines Systems."""

SEITENFELDER = ("seite", "partei")
"""Das Feld eines Bogens, das seine Seite nennt (das erste, das das Schema des Systems kennt)."""

STANDARD_RUNDEN = 100
MAX_ANZAHL = 200
"""Höchstens so viele Kämpfer aus einer Zeile (``anzahl``)."""
MAX_KAEMPFER = 1000
"""Höchstens so viele Kämpfer in einer Begegnung (alle Zeilen zusammen)."""
MAX_RUNDEN = 100_000
"""Höchstens so viele Runden (``optionen.max_runden``)."""
GROESSTE_DATEI = 1_000_000
"""Höchstens so groß (Bytes) darf eine Begegnungsdatei sein."""


class BegegnungFehler(ValueError):
    """Eine Begegnung lässt sich nicht lesen oder passt nicht zu den Bögen (deutsche Meldung
    mit Datei und Feld)."""


@dataclass(frozen=True)
class Eintrag:
    """Eine Zeile der Begegnung: wie viele Kämpfer eines Bogens auf welcher Seite."""

    seite: str
    bogen: str
    """Name des Bogens (Feld ``name``)."""
    anzahl: int = 1


@dataclass(frozen=True)
class Begegnung:
    """Eine Begegnung: wer auf welcher Seite kämpft, mit welcher Taktik und welchen Hausregeln."""

    name: str
    system: str
    eintraege: tuple[Eintrag, ...]
    taktik: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Taktikfelder für alle Seiten (Feldname → Wert)."""
    taktik_seiten: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))
    """Seite → Taktikfelder, die für diese Seite abweichen."""
    optionen: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """Felder der ``Optionen`` des Systems, dazu ``max_runden``."""
    beschreibung: str = ""
    datei: Path | None = None

    @property
    def seiten(self) -> tuple[str, ...]:
        """Die Seiten in der Reihenfolge der Einträge."""
        return tuple(dict.fromkeys(e.seite for e in self.eintraege))


@dataclass(frozen=True)
class Ladung:
    """Alle lesbaren Begegnungen eines Ordners und die Meldungen zu den übrigen."""

    begegnungen: tuple[Begegnung, ...]
    meldungen: tuple[str, ...]


def ordner(system: str) -> Path:
    """``charaktere/<system>/begegnungen`` (bzw. unter ``GM_HELFER_CHARAKTERE``)."""
    return pfade.charakter_ordner(system) / ORDNER


def _ort(datei: Path | None) -> str:
    return boegen_modul._anzeige_pfad(datei) if datei is not None else "Begegnung"


def _fehler(datei: Path | None, feld: str, meldung: str) -> BegegnungFehler:
    wo = _ort(datei) + (f", Feld '{feld}'" if feld else "")
    return BegegnungFehler(f"{wo}: {meldung}")


# --------------------------------------------------------------------------- Lesen


def _kurz(wert: Any) -> str:
    """Ein Wert für eine Meldung, höchstens 40 Zeichen."""
    text = str(wert) if not isinstance(wert, (list, dict)) else type(wert).__name__.replace("list", "Liste").replace(
        "dict", "Tabelle")
    return text if len(text) <= 40 else text[:39] + "…"


def _tabelle(wert: Any, datei: Path | None, feld: str) -> Mapping[str, Any]:
    if wert is None:
        return {}
    if not isinstance(wert, Mapping):
        raise _fehler(datei, feld, "muss eine Tabelle sein (Feldname = Wert).")
    return dict(wert)


def _text(wert: Any, datei: Path | None, feld: str, *, pflicht: bool = True) -> str:
    if wert is None and not pflicht:
        return ""
    if not isinstance(wert, str) or (pflicht and not wert.strip()):
        raise _fehler(datei, feld, "fehlt oder ist kein Text." if wert is None else f"muss ein Text sein, nicht „{_kurz(wert)}“.")
    return wert.strip()


def aus_dokument(dok: Mapping[str, Any], datei: Path | None = None) -> Begegnung:
    """Eine :class:`Begegnung` aus dem gelesenen TOML (Form siehe Moduldoku).

    Geprüft wird hier die Form (Felder, Typen, Anzahl ≥ 1); ob die Bögen, Taktik- und
    Optionsfelder zum System passen, prüft :func:`pruefen`.

    Raises:
        BegegnungFehler: mit Datei und Feld.
    """
    name = _text(dok.get("name"), datei, "name")
    system = _text(dok.get("system"), datei, "system")
    seiten = dok.get("seiten")
    if not isinstance(seiten, list) or not seiten:
        raise _fehler(datei, "seiten", "fehlt: mindestens eine Seite mit Kämpfern ([[seiten]]).")
    eintraege: list[Eintrag] = []
    taktik_seiten: dict[str, Mapping[str, Any]] = {}
    for i, s in enumerate(seiten, 1):
        wo = f"seiten[{i}]"
        if not isinstance(s, Mapping):
            raise _fehler(datei, wo, "muss eine Tabelle sein.")
        seite = _text(s.get("name"), datei, f"{wo}.name")
        if seite in taktik_seiten or any(e.seite == seite for e in eintraege):
            raise _fehler(datei, f"{wo}.name", f"die Seite „{seite}“ steht doppelt.")
        t = _tabelle(s.get("taktik"), datei, f"{wo}.taktik")
        if t:
            taktik_seiten[seite] = MappingProxyType(t)
        kaempfer = s.get("kaempfer")
        if not isinstance(kaempfer, list) or not kaempfer:
            raise _fehler(datei, f"{wo}.kaempfer", f"die Seite „{seite}“ hat keine Kämpfer.")
        for j, k in enumerate(kaempfer, 1):
            wo_k = f"{wo}.kaempfer[{j}]"
            if not isinstance(k, Mapping):
                raise _fehler(datei, wo_k, "muss eine Tabelle sein ({ bogen = \"…\", anzahl = … }).")
            bogen = _text(k.get("bogen"), datei, f"{wo_k}.bogen")
            anzahl = k.get("anzahl", 1)
            if isinstance(anzahl, bool) or not isinstance(anzahl, int) or anzahl < 1:
                raise _fehler(datei, f"{wo_k}.anzahl", f"muss eine ganze Zahl ab 1 sein, nicht „{_kurz(anzahl)}“.")
            if anzahl > MAX_ANZAHL:
                raise _fehler(datei, f"{wo_k}.anzahl", f"höchstens {MAX_ANZAHL} Kämpfer je Zeile, nicht {anzahl}.")
            eintraege.append(Eintrag(seite, bogen, anzahl))
    gesamt = sum(e.anzahl for e in eintraege)
    if gesamt > MAX_KAEMPFER:
        raise _fehler(datei, "seiten", f"höchstens {MAX_KAEMPFER} Kämpfer in einer Begegnung, nicht {gesamt}.")
    return Begegnung(
        name=name,
        system=system,
        eintraege=tuple(eintraege),
        taktik=MappingProxyType(_tabelle(dok.get("taktik"), datei, "taktik")),
        taktik_seiten=MappingProxyType(taktik_seiten),
        optionen=MappingProxyType(_tabelle(dok.get("optionen"), datei, "optionen")),
        beschreibung=_text(dok.get("beschreibung"), datei, "beschreibung", pflicht=False),
        datei=datei,
    )


def laden(datei: Path | str) -> Begegnung:
    """Liest eine Begegnungsdatei.

    Raises:
        BegegnungFehler: Datei fehlt, ist kein gültiges TOML oder hat eine falsche Form (mit Datei
            und Feld).
    """
    datei = Path(datei)
    try:
        text = pfade.lesen(datei, grenze=GROESSTE_DATEI).decode("utf-8").removeprefix("\ufeff")
    except FileNotFoundError:
        raise _fehler(datei, "", "diese Datei gibt es nicht.") from None
    except UnicodeDecodeError as f:
        zeile = f.object[: f.start].count(b"\n") + 1
        raise _fehler(datei, "", f"Zeile {zeile}: kein UTF-8-Text.") from None
    except OSError as f:
        raise _fehler(datei, "", f"lässt sich nicht lesen – {pfade.grund(f)}.") from None
    try:
        dok = tomllib.loads(text)
    except tomllib.TOMLDecodeError as f:
        raise _fehler(datei, "", boegen_modul.toml_meldung(f)) from None
    except RecursionError:
        raise _fehler(datei, "", "zu tief verschachtelt (Listen oder Tabellen in Listen …).") from None
    try:
        return aus_dokument(dok, datei)
    except BegegnungFehler as fehler:
        raise _mit_zeile(fehler, text) from None


def _mit_zeile(fehler: BegegnungFehler, text: str) -> BegegnungFehler:
    """Die Meldung um die Zeile ergänzen, in der das genannte Feld steht (so weit sie sich finden lässt)."""
    import re

    treffer = re.search(r"Feld '([^']*)'", str(fehler))
    if treffer is None or re.search(r"Zeile \d", str(fehler)):
        return fehler
    feld = treffer.group(1).rsplit(".", 1)[-1].split("[", 1)[0]
    nummern = [int(n) for n in re.findall(r"\[(\d+)\]", treffer.group(1))]
    muster = re.compile(rf"(^|[\s{{,]){re.escape(feld)}\s*=")
    zeilen = [i for i, z in enumerate(text.splitlines(), 1) if muster.search(z)]
    if not zeilen:
        return fehler
    # bei kaempfer[j] in seiten[i]: der j-te Treffer nach dem Anfang der i-ten Seite
    if feld in ("anzahl", "bogen") and len(nummern) == 2:
        anfaenge = [i for i, z in enumerate(text.splitlines(), 1) if z.strip() == "[[seiten]]"]
        ab = anfaenge[nummern[0] - 1] if len(anfaenge) >= nummern[0] else 0
        danach = [z for z in zeilen if z > ab]
        zeile = danach[nummern[1] - 1] if len(danach) >= nummern[1] else danach[0] if danach else zeilen[0]
    else:
        zeile = zeilen[0]
    ort, _, rest = str(fehler).partition(", Feld ")
    return BegegnungFehler(f"{ort}, Zeile {zeile}, Feld {rest}")


def laden_alle(system: str, ordner_: Path | None = None) -> Ladung:
    """Alle Begegnungen eines Systems (``*.toml`` in :func:`ordner`, nach Dateiname); eine
    kaputte Datei wird zur Meldung und hält die anderen nicht auf. Begegnungen eines anderen
    Systems im Ordner werden gemeldet und übergangen. Kein Ordner: keine Begegnungen."""
    wo = Path(ordner_) if ordner_ is not None else ordner(system)
    gute: list[Begegnung] = []
    meldungen: list[str] = []
    for datei in sorted(wo.glob("*.toml")) if wo.is_dir() else []:
        if datei.name.startswith("."):
            continue
        try:
            b = laden(datei)
        except BegegnungFehler as f:
            meldungen.append(str(f))
            continue
        except Exception:  # noqa: BLE001 – eine Datei hält die anderen nie auf
            meldungen.append(f"{_ort(datei)}: lässt sich nicht lesen (ein Wert hat eine unerwartete Form).")
            continue
        if b.system != system:
            meldungen.append(f"{_ort(datei)}, Feld 'system': „{b.system}“ gehört nicht in den Ordner von „{system}“.")
            continue
        gute.append(b)
    return Ladung(tuple(gute), tuple(meldungen))


# --------------------------------------------------------------------------- Speichern


def _dokument(b: Begegnung) -> tomlkit.TOMLDocument:
    dok = tomlkit.document()
    dok["name"] = b.name
    dok["system"] = b.system
    if b.beschreibung:
        dok["beschreibung"] = b.beschreibung
    if b.taktik:
        dok["taktik"] = dict(b.taktik)
    if b.optionen:
        dok["optionen"] = dict(b.optionen)
    seiten = tomlkit.aot()
    for seite in b.seiten:
        t = tomlkit.table()
        t["name"] = seite
        if b.taktik_seiten.get(seite):
            inline = tomlkit.inline_table()
            inline.update(dict(b.taktik_seiten[seite]))
            t["taktik"] = inline
        liste = tomlkit.array()
        liste.multiline(True)
        for e in b.eintraege:
            if e.seite == seite:
                k = tomlkit.inline_table()
                k["bogen"] = e.bogen
                if e.anzahl != 1:
                    k["anzahl"] = e.anzahl
                liste.append(k)
        t["kaempfer"] = liste
        seiten.append(t)
    dok["seiten"] = seiten
    return dok


def dateiname(name: str) -> str:
    """Ein Dateiname aus dem Namen der Begegnung: „Überfall an der Furt“ → ``ueberfall_an_der_furt.toml``."""
    ersatz = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue"})
    stamm = "".join(c if c.isascii() and c.isalnum() else "_" for c in name.translate(ersatz).lower())
    return ("_".join(t for t in stamm.split("_") if t) or "begegnung") + ".toml"


def speichern(b: Begegnung, datei: Path | str | None = None) -> Path:
    """Schreibt die Begegnung atomar (Temp-Datei, fsync, Umbenennen) und gibt die Datei zurück.

    Ohne ``datei``: die Datei der Begegnung, sonst ``ordner(system)/dateiname(name)``.

    Raises:
        BegegnungFehler: die Begegnung ist nicht einmal der Form nach gültig (sie wird vorher so
            geprüft, wie :func:`laden` sie lesen wird), oder die Datei lässt sich nicht schreiben.
    """
    ziel = Path(datei) if datei is not None else (b.datei or ordner(b.system) / dateiname(b.name))
    text = tomlkit.dumps(_dokument(b))
    aus_dokument(tomllib.loads(text), ziel)  # was gespeichert wird, lässt sich auch wieder lesen
    try:
        boegen_modul.atomar_schreiben(ziel, text.encode("utf-8"))
    except OSError as f:
        raise _fehler(ziel, "", f"lässt sich nicht speichern – {pfade.grund(f)}.") from None
    return ziel


# --------------------------------------------------------------------------- Tabelle


def zeilen(b: Begegnung) -> list[dict[str, Any]]:
    """Die Einträge als Zeilen einer Tabelle (Seite, Bogen, Anzahl) – für den Tabellen-Editor."""
    return [{"Seite": e.seite, "Bogen": e.bogen, "Anzahl": e.anzahl} for e in b.eintraege]


def aus_zeilen(b: Begegnung, tabelle: Sequence[Mapping[str, Any]]) -> Begegnung:
    """Die Begegnung mit den Einträgen aus einer bearbeiteten Tabelle (Zeilen ohne Bogen fallen
    weg; leere Anzahl heißt 1).

    Raises:
        BegegnungFehler: Anzahl keine ganze Zahl ab 1 oder Zeile ohne Seite (mit Zeilennummer).
    """
    eintraege = []
    for i, z in enumerate(tabelle, 1):
        bogen = str(z.get("Bogen") or "").strip()
        if not bogen:
            continue
        seite = str(z.get("Seite") or "").strip()
        if not seite:
            raise _fehler(b.datei, f"Zeile {i}, Seite", f"für „{bogen}“ fehlt die Seite.")
        roh = z.get("Anzahl")
        try:
            anzahl = 1 if roh is None or roh == "" else int(roh)
            if anzahl != float(roh if roh not in (None, "") else 1) or anzahl < 1:
                raise ValueError
        except (TypeError, ValueError):
            raise _fehler(b.datei, f"Zeile {i}, Anzahl", f"muss eine ganze Zahl ab 1 sein, nicht „{roh}“.") from None
        eintraege.append(Eintrag(seite, bogen, anzahl))
    seiten = {e.seite for e in eintraege}
    return replace(b, eintraege=tuple(eintraege),
                   taktik_seiten=MappingProxyType({s: t for s, t in b.taktik_seiten.items() if s in seiten}))


# --------------------------------------------------------------------------- Zum System


def taktik_klasse(system: str) -> type | None:
    """Die ``Taktik`` des Systems (``Regelsystem.taktik``) oder ``None``, wo es (noch) keine gibt."""
    rs = regelsystem.finden(system)
    return rs.taktik if rs is not None else None


def je_seite(system: str) -> bool:
    """Ob die Simulation des Systems je Seite eine andere Taktik spielen kann (``Regelsystem.taktik_je_seite``)."""
    rs = regelsystem.finden(system)
    return rs is not None and rs.taktik_je_seite


def _taktik_bauen(klasse: type, werte: Mapping[str, Any], datei: Path | None, feld: str) -> Any:
    bekannt = {f.name for f in dataclasses.fields(klasse)}
    for name in werte:
        if name not in bekannt:
            raise _fehler(datei, f"{feld}.{name}", f"diese Taktik gibt es nicht (bekannt: {', '.join(sorted(bekannt))}).")
    try:
        return klasse(**werte)
    except (TypeError, ValueError) as f:
        raise _fehler(datei, feld, str(f)) from None


def taktik_fuer(b: Begegnung) -> Any:
    """Die Taktik, die ``begegnung(…, taktik=…)`` des Systems nimmt: ``None`` (Vorgabe, oder das
    System hat keine wählbare Taktik und die Datei verlangt keine), eine ``Taktik`` für alle oder
    – wo Seiten abweichen und das System es kann (``Regelsystem.taktik_je_seite``) – Seite → ``Taktik``.

    Raises:
        BegegnungFehler: unbekanntes Taktikfeld oder unerlaubter Wert; Taktik verlangt, die das
            System nicht kann (mit Datei und Feld).
    """
    klasse = taktik_klasse(b.system)
    if klasse is None:
        if b.taktik or b.taktik_seiten:
            raise _fehler(b.datei, "taktik", "dieses System kennt (noch) keine wählbare Taktik.")
        return None
    gemeinsam = _taktik_bauen(klasse, b.taktik, b.datei, "taktik")
    seiten = {s: _taktik_bauen(klasse, {**b.taktik, **b.taktik_seiten.get(s, {})}, b.datei, f"seiten.{s}.taktik")
              for s in b.seiten}
    if all(t == gemeinsam for t in seiten.values()):
        return None if gemeinsam == klasse() else gemeinsam
    if not je_seite(b.system):
        raise _fehler(b.datei, "seiten.taktik", "dieses System spielt nur eine Taktik für alle Seiten.")
    return seiten


def _optionen_klasse(system: str) -> type | None:
    rs = regelsystem.finden(system)
    return rs.optionen if rs is not None else None


def max_runden(b: Begegnung) -> int:
    """``optionen.max_runden`` (Vorgabe 100).

    Raises:
        BegegnungFehler: keine ganze Zahl ab 1.
    """
    wert = b.optionen.get("max_runden", STANDARD_RUNDEN)
    if isinstance(wert, bool) or not isinstance(wert, int) or not 1 <= wert <= MAX_RUNDEN:
        raise _fehler(b.datei, "optionen.max_runden", f"muss eine ganze Zahl von 1 bis {MAX_RUNDEN} sein, nicht „{_kurz(wert)}“.")
    return wert


def optionen_fuer(b: Begegnung) -> Any:
    """Die ``Optionen`` des Systems aus ``[optionen]`` (ohne ``max_runden``); ``None`` ohne Angaben.

    Raises:
        BegegnungFehler: unbekanntes Feld oder falscher Typ (mit Datei und Feld).
    """
    werte = {k: v for k, v in b.optionen.items() if k != "max_runden"}
    if not werte:
        return None
    klasse = _optionen_klasse(b.system)
    if klasse is None:
        raise _fehler(b.datei, "optionen", "dieses System kennt keine Optionen.")
    felder = {f.name: f for f in dataclasses.fields(klasse)}
    for name, wert in werte.items():
        if name not in felder:
            raise _fehler(b.datei, f"optionen.{name}", f"diese Option gibt es nicht (bekannt: {', '.join(felder)}, max_runden).")
        vorgabe = felder[name].default
        if vorgabe is not None and vorgabe is not dataclasses.MISSING and type(wert) is not type(vorgabe):
            raise _fehler(b.datei, f"optionen.{name}", f"muss vom Typ {type(vorgabe).__name__} sein, nicht „{wert}“.")
    try:
        return klasse(**werte)
    except (TypeError, ValueError) as f:
        raise _fehler(b.datei, "optionen", str(f)) from None


def vervielfachen(bogen: boegen_modul.Bogen, anzahl: int) -> list[boegen_modul.Bogen]:
    """``anzahl`` Kämpfer eines Bogens, wie das System Gruppen bildet: ``vervielfachen`` im
    Bogenmodul des Systems, sonst nummerierte Kopien („Ork 1“, „Ork 2“, …; bei 1 der Bogen selbst).

    >>> from pathlib import Path
    >>> b = boegen_modul.Bogen(Path("ork.toml"), {"name": "Ork"}, {}, "")
    >>> [x.name for x in vervielfachen(b, 3)]
    ['Ork 1', 'Ork 2', 'Ork 3']
    """
    rs = regelsystem.finden(bogen.system) if bogen.system else None
    if rs is not None and rs.vervielfachen is not None:
        return list(rs.vervielfachen(bogen, anzahl))
    if anzahl == 1:
        return [bogen]
    return [
        replace(bogen, werte=boegen_modul.FesteZuordnung({**bogen.werte, "name": f"{bogen.name} {i}"}))
        for i in range(1, anzahl + 1)
    ]


def _seitenfeld(system: str) -> boegen_modul.Feld | None:
    sch = boegen_modul.schema(system)
    namen = {f.name: f for f in sch.felder}
    return next((namen[n] for n in SEITENFELDER if n in namen), None)


def boegen_fuer(b: Begegnung, boegen: Sequence[boegen_modul.Bogen]) -> list[boegen_modul.Bogen]:
    """Die Bögen, mit denen das System die Begegnung spielt: je Eintrag der Bogen mit der Seite
    der Begegnung (im Seitenfeld des Systems) und ``anzahl``-mal (:func:`vervielfachen`), in der
    Reihenfolge der Einträge. ``boegen`` bleiben unverändert.

    Raises:
        BegegnungFehler: ein Bogen fehlt, steht doppelt, oder eine Seite passt nicht zum
            Seitenfeld des Systems (mit Datei und Feld).
    """
    nach_name = {x.name: x for x in boegen}
    feld = _seitenfeld(b.system)
    aus: list[boegen_modul.Bogen] = []
    gesehen: set[str] = set()
    for e in b.eintraege:
        wo = f"{e.seite}: {e.bogen}"
        if e.bogen not in nach_name:
            raise _fehler(b.datei, wo, f"einen Bogen „{e.bogen}“ gibt es nicht unter den Bögen von {b.system}.")
        if e.bogen in gesehen:
            raise _fehler(b.datei, wo, f"der Bogen „{e.bogen}“ steht zweimal in der Begegnung (einmal mit Anzahl genügt).")
        gesehen.add(e.bogen)
        bogen = nach_name[e.bogen]
        if feld is not None:
            if feld.auswahl and e.seite not in feld.auswahl:
                raise _fehler(b.datei, wo, f"Seite „{e.seite}“ gibt es in {b.system} nicht (möglich: {', '.join(feld.auswahl)}).")
            bogen = replace(bogen, werte=boegen_modul.FesteZuordnung({**bogen.werte, feld.name: e.seite}))
        aus.extend(vervielfachen(bogen, e.anzahl))
    return aus


def pruefen(b: Begegnung, boegen: Sequence[boegen_modul.Bogen]) -> list[str]:
    """Alle Probleme der Begegnung mit diesen Bögen, als deutsche Zeilen (leer: alles gut)."""
    meldungen = []
    if len(b.seiten) < 2:
        meldungen.append(f"{_ort(b.datei)}, Feld 'seiten': eine Begegnung braucht zwei Seiten, "
                         f"hier nur: {', '.join(b.seiten) or 'keine'}.")
    for pruefung in (lambda: boegen_fuer(b, boegen), lambda: taktik_fuer(b), lambda: optionen_fuer(b), lambda: max_runden(b)):
        try:
            pruefung()
        except BegegnungFehler as f:
            meldungen.append(str(f))
    return meldungen


def mit_wert(b: Begegnung, boegen: Sequence[boegen_modul.Bogen], bogen: str, feld: str, wert: Any) -> list[boegen_modul.Bogen]:
    """Die Bögen der Begegnung (:func:`boegen_fuer`) mit ``feld`` = ``wert`` beim Bogen ``bogen`` –
    ein Punkt einer Reihe: ``"anzahl"`` ändert die Anzahl des Eintrags (etwa 2 … 12 Banditen),
    jedes andere Feld den Bogen selbst (etwa ``"schild"`` des Schurken; ungeprüft übernommen).

    Raises:
        BegegnungFehler: ``bogen`` steht nicht in der Begegnung, oder ``anzahl`` unter 1.
    """
    if not any(e.bogen == bogen for e in b.eintraege):
        raise _fehler(b.datei, "Reihe", f"der Bogen „{bogen}“ steht nicht in der Begegnung.")
    if feld == "anzahl":
        if isinstance(wert, bool) or int(wert) != wert or wert < 1:
            raise _fehler(b.datei, "Reihe", f"Anzahl muss eine ganze Zahl ab 1 sein, nicht „{wert}“.")
        if wert > MAX_ANZAHL:
            raise _fehler(b.datei, "Reihe", f"höchstens {MAX_ANZAHL} Kämpfer je Zeile, nicht {wert}.")
        b = replace(b, eintraege=tuple(replace(e, anzahl=int(wert)) if e.bogen == bogen else e for e in b.eintraege))
    else:
        boegen = [replace(x, werte=boegen_modul.FesteZuordnung({**x.werte, feld: wert})) if x.name == bogen else x
                  for x in boegen]
    return boegen_fuer(b, boegen)


def reihen_felder(system: str) -> dict[str, str]:
    """Die Zahlenfelder, über die eine Reihe laufen kann (:func:`mit_wert`): Feldname → deutscher
    Text – zuerst die Anzahl des Eintrags, dann die ganzzahligen Felder des Bogenschemas.

    >>> list(reihen_felder("savage_worlds").items())[:2]
    [('anzahl', 'Anzahl (wie viele dieses Bogens mitkämpfen)'), ('bewegungsweite', 'Bewegungsweite in Zoll')]
    """
    felder = {"anzahl": "Anzahl (wie viele dieses Bogens mitkämpfen)"}
    for f in boegen_modul.schema(system).felder:
        if f.typ == "int" and f.name not in felder:
            felder[f.name] = f.beschreibung or f.name
    return felder


def aus_boegen(system: str, boegen: Sequence[boegen_modul.Bogen], name: str = "Alle Bögen") -> Begegnung:
    """Eine Begegnung aus Bögen, wie sie sind: Seite aus dem Seitenfeld des Bogens, Anzahl aus
    seinem Feld ``anzahl`` (sonst 1) – der Ausgangspunkt, wenn keine Datei gewählt ist."""
    feld = _seitenfeld(system)
    eintraege = []
    for x in boegen:
        seite = str(x.werte.get(feld.name) or (feld.standard or "")) if feld is not None else ""
        anzahl = x.werte.get("anzahl")
        eintraege.append(Eintrag(seite or "?", x.name, int(anzahl) if isinstance(anzahl, int) and anzahl >= 1 else 1))
    return Begegnung(name, system, tuple(eintraege))


def mit_taktik(b: Begegnung, je_seite: Mapping[str, Mapping[str, Any]]) -> Begegnung:
    """Die Begegnung mit den Taktikfeldern je Seite (etwa aus den Reglern des Notizbuchs); Felder,
    die für alle Seiten gleich sind, stehen danach unter ``taktik``, nur die abweichenden je Seite."""
    seiten = [dict(je_seite.get(s, {})) for s in b.seiten]
    gemeinsam = {k: v for k, v in (seiten[0].items() if seiten else ()) if all(t.get(k, v) == v and k in t for t in seiten)}
    abweichend = {s: {k: v for k, v in t.items() if k not in gemeinsam} for s, t in zip(b.seiten, seiten)}
    return replace(b, taktik=MappingProxyType(gemeinsam),
                   taktik_seiten=MappingProxyType({s: MappingProxyType(t) for s, t in abweichend.items() if t}))


def taktik_werte(b: Begegnung, seite: str) -> dict[str, Any]:
    """Die Taktikfelder, die für ``seite`` gelten (gemeinsame, darüber die der Seite)."""
    return {**b.taktik, **b.taktik_seiten.get(seite, {})}
