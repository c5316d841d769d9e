"""Charakterbögen: TOML-Dateien laden, prüfen, als Tabellen zeigen, atomar speichern.

Ein Bogen ist eine TOML-Datei in ``charaktere/<system>/`` (Unterordner wie ``vorlagen/``
sind erlaubt; Dateien, deren Name mit ``.`` beginnt, werden übergangen). Jedes System
beschreibt seine Bögen mit einem :class:`Schema` und meldet es mit :func:`registrieren` an.

Felder mit Punkt im Namen stehen in TOML-Tabellen; Untertabellen sind Listen von
Tabellen::

    name = "Bandit"
    bennies = 0

    [attribute]
    staerke = "W8"          # Feld "attribute.staerke"

    [[waffen]]              # Untertabelle "waffen", eine Zeile je [[waffen]]
    name = "Kurzschwert"
    schaden = "W8"

Ein kaputter Bogen (fehlendes Feld, falscher Typ, Wert außerhalb der Grenzen, falsche
Würfelnotation, sogar ein TOML-Syntaxfehler) hält die anderen nie auf: :func:`laden`
liefert alle guten Bögen und je Fehler einen :class:`BogenFehler` mit deutscher Meldung,
die Datei, Charakter und Feld nennt.

Felder, die das Schema nicht kennt, bleiben erhalten (sie werden mitgespeichert), damit
beim Laden und Speichern nichts verloren geht, was der Spielleiter eingetragen hat.
"""

from __future__ import annotations

import difflib
import math
import os
import re
import secrets
import stat
import time
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import polars as pl
import tomlkit
import tomlkit.items

from gm_helfer import pfade

__all__ = [
    "Feld",
    "Untertabelle",
    "Schema",
    "SchemaFehler",
    "FesteZuordnung",
    "registrieren",
    "schema",
    "Bogen",
    "BogenFehler",
    "SpeicherFehler",
    "Ladeergebnis",
    "laden",
    "laden_datei",
    "speichern",
    "als_tabellen",
    "aus_tabellen",
    "abgeleitete_werte",
]

BEGEGNUNGEN_ORDNER = "begegnungen"
"""Unterordner neben den Bögen mit Begegnungen (:mod:`gm_helfer.begegnungen`), keine Bögen."""

TYPEN = ("int", "float", "str", "bool", "wuerfel", "auswahl")

_POLARS_TYP = {
    "int": pl.Int64,
    "float": pl.Float64,
    "str": pl.Utf8,
    "bool": pl.Boolean,
    "wuerfel": pl.Utf8,
    "auswahl": pl.Utf8,
}

_TYP_TEXT = {
    "int": "eine ganze Zahl",
    "float": "eine Zahl",
    "str": "ein Text",
    "bool": "wahr oder falsch (true/false)",
    "wuerfel": "eine Würfelangabe wie W8 oder 2W6+1",
    "auswahl": "einer der erlaubten Werte",
}


class FesteZuordnung(Mapping[str, Any]):
    """Unveränderliche Zuordnung (wie ``dict``, aber ohne Ändern); kopier- und picklebar."""

    __slots__ = ("_daten",)

    def __init__(self, daten: Mapping[str, Any] | Iterable[tuple[str, Any]] = ()):
        object.__setattr__(self, "_daten", dict(daten))

    def __getitem__(self, schluessel: str) -> Any:
        return self._daten[schluessel]

    def __iter__(self):
        return iter(self._daten)

    def __len__(self) -> int:
        return len(self._daten)

    def __repr__(self) -> str:
        return f"FesteZuordnung({self._daten!r})"

    def __hash__(self) -> int:
        return hash(tuple(self._daten.items()))

    def __setattr__(self, name: str, wert: Any) -> None:
        raise AttributeError("Eine FesteZuordnung ist unveränderlich.")

    def __reduce__(self):
        return (FesteZuordnung, (self._daten,))


class SchemaFehler(ValueError):
    """Ein Schema ist fehlerhaft oder für das System ist keines angemeldet."""


class SpeicherFehler(ValueError):
    """Ein Bogen darf so nicht gespeichert werden (z. B. sein Name steht schon in einem
    anderen Bogen); die Meldung ist deutsch und nennt die Dateien."""


MAX_TIEFE = 20
"""So tief dürfen Tabellen in einem Bogen höchstens verschachtelt sein."""


# --------------------------------------------------------------------------- Schema


@dataclass(frozen=True)
class Feld:
    """Ein Feld eines Bogens.

    Attributes:
        name: Feldname; ein Punkt trennt TOML-Tabelle und Schlüssel (``attribute.staerke``).
        typ: ``"int"``, ``"float"``, ``"str"``, ``"bool"``, ``"wuerfel"`` (Würfelnotation,
            geprüft mit :func:`gm_helfer.wuerfel.parse`) oder ``"auswahl"`` (einer aus
            :attr:`auswahl`).
        pflicht: Fehlt ein Pflichtfeld ohne Standardwert, ist der Bogen fehlerhaft.
        standard: Wert, wenn das Feld fehlt (``None``: kein Standard).
        minimum: kleinster erlaubter Wert (nur ``int``/``float``).
        maximum: größter erlaubter Wert (nur ``int``/``float``).
        auswahl: erlaubte Werte für ``typ="auswahl"``.
        beschreibung: kurzer deutscher Text für Tabellen und Hilfe.
        pruefung: zusätzliche Prüfung des Systems nach der Typprüfung (z. B. ob eine
            Schadensangabe wie ``St+W8`` stimmt); wirft ``ValueError`` mit deutscher
            Meldung, die dann Datei, Charakter und Feld bekommt.
    """

    name: str
    typ: str
    pflicht: bool = True
    standard: Any = None
    minimum: float | None = None
    maximum: float | None = None
    auswahl: tuple[str, ...] = ()
    beschreibung: str = ""
    pruefung: Callable[[Any], Any] | None = None


@dataclass(frozen=True)
class Untertabelle:
    """Eine Liste gleichartiger Zeilen im Bogen, z. B. ``waffen`` (``[[waffen]]`` in TOML)."""

    name: str
    felder: tuple[Feld, ...]


@dataclass(frozen=True)
class Schema:
    """Beschreibung der Bögen eines Systems.

    Attributes:
        system: Name des Systems und seines Ordners, z. B. ``"savage_worlds"``.
        felder: die Felder; eines muss ``name`` (Typ ``str``) heißen.
        untertabellen: Listen wie Waffen oder Rüstungen.
        abgeleitet: berechnete Werte, z. B. ``{"parade": lambda w: 2 + ...}``. Die Funktion
            bekommt die geprüften Werte des Bogens; zusätzlich stehen die Zeilen jeder
            Untertabelle unter ihrem Namen darin (``w["waffen"]`` ist ein Tupel von Zeilen).
    """

    system: str
    felder: tuple[Feld, ...]
    untertabellen: tuple[Untertabelle, ...] = ()
    abgeleitet: Mapping[str, Callable[[Mapping[str, Any]], Any]] = field(
        default_factory=FesteZuordnung
    )

    def feld(self, name: str) -> Feld:
        """Das Feld mit diesem Namen (``KeyError`` mit deutscher Meldung, wenn es fehlt)."""
        for f in self.felder:
            if f.name == name:
                return f
        raise KeyError(f"Das Schema '{self.system}' hat kein Feld '{name}'.")

    def untertabelle(self, name: str) -> Untertabelle:
        for u in self.untertabellen:
            if u.name == name:
                return u
        raise KeyError(f"Das Schema '{self.system}' hat keine Untertabelle '{name}'.")


_SCHEMATA: dict[str, Schema] = {}


def _pruefe_felder(felder: Sequence[Feld], wo: str) -> None:
    namen = [f.name for f in felder]
    doppelt = sorted({n for n in namen if namen.count(n) > 1})
    if doppelt:
        raise SchemaFehler(f"{wo}: Feld(er) doppelt: {', '.join(doppelt)}.")
    for f in felder:
        if not isinstance(f.name, str) or not f.name or any(not t for t in f.name.split(".")):
            raise SchemaFehler(f"{wo}: ungültiger Feldname {f.name!r}.")
        if f.typ not in TYPEN:
            raise SchemaFehler(
                f"{wo}, Feld '{f.name}': unbekannter Typ {f.typ!r} (erlaubt: {', '.join(TYPEN)})."
            )
        if f.typ == "auswahl" and not f.auswahl:
            raise SchemaFehler(f"{wo}, Feld '{f.name}': Typ 'auswahl' braucht erlaubte Werte.")
        if f.standard is not None:
            wert, meldung = _pruefe_wert(f, f.standard)
            if meldung:
                raise SchemaFehler(f"{wo}, Feld '{f.name}': Standardwert ungültig: {meldung}")
    # "a" und "a.b" vertragen sich in TOML nicht (a wäre Wert und Tabelle zugleich)
    for n in namen:
        for m in namen:
            if m.startswith(n + "."):
                raise SchemaFehler(f"{wo}: '{n}' ist Feld und Tabelle zugleich ('{m}').")


def registrieren(schema: Schema) -> None:
    """Meldet das Schema eines Systems an (ein erneutes Anmelden ersetzt das alte).

    Prüft das Schema selbst: Feldnamen eindeutig, Typen bekannt, Standardwerte gültig,
    ein Feld ``name`` vom Typ ``str``.
    """
    if not isinstance(schema, Schema):
        raise SchemaFehler("registrieren erwartet ein boegen.Schema.")
    wo = f"Schema '{schema.system}'"
    if not isinstance(schema.system, str) or not re.match(r"^[a-z][a-z0-9_]*$", schema.system):
        raise SchemaFehler(f"{wo}: Systemname nur aus Kleinbuchstaben, Ziffern und '_'.")
    namen = [f.name for f in schema.felder]
    if "name" not in namen or schema.feld("name").typ != "str":
        raise SchemaFehler(f"{wo}: es braucht ein Feld 'name' vom Typ 'str'.")
    _pruefe_felder(schema.felder, wo)
    unter_namen = [u.name for u in schema.untertabellen]
    if len(set(unter_namen)) != len(unter_namen):
        raise SchemaFehler(f"{wo}: Untertabellen doppelt.")
    for u in schema.untertabellen:
        if u.name in namen or any(n.startswith(u.name + ".") for n in namen):
            raise SchemaFehler(f"{wo}: Untertabelle '{u.name}' kollidiert mit einem Feld.")
        if u.name == "charakter" or any(f.name == "charakter" for f in u.felder):
            raise SchemaFehler(f"{wo}: 'charakter' ist als Spalte der Untertabellen reserviert.")
        _pruefe_felder(u.felder, f"{wo}, Untertabelle '{u.name}'")
    for name in schema.abgeleitet:
        if name in namen or name in ("datei",):
            raise SchemaFehler(f"{wo}: abgeleiteter Wert '{name}' kollidiert mit einem Feld.")
    if not isinstance(schema.abgeleitet, FesteZuordnung):
        schema = Schema(
            schema.system,
            tuple(schema.felder),
            tuple(schema.untertabellen),
            FesteZuordnung(schema.abgeleitet),
        )
    _SCHEMATA[schema.system] = schema


def schema(system: str) -> Schema:
    """Das angemeldete Schema eines Systems.

    Ist keines angemeldet, wird einmal das Systempaket ``gm_helfer.<system>`` importiert
    (Systempakete melden ihr Schema beim Import an).
    """
    if system not in _SCHEMATA and isinstance(system, str) and system.isidentifier():
        import importlib

        try:
            importlib.import_module(f"gm_helfer.{system}")
        except ModuleNotFoundError as fehler:
            if fehler.name not in (f"gm_helfer.{system}",):
                raise
    if system not in _SCHEMATA:
        bekannt = ", ".join(sorted(_SCHEMATA)) or "keines"
        raise SchemaFehler(
            f"Für das System {system!r} ist kein Bogen-Schema angemeldet (angemeldet: {bekannt})."
        )
    return _SCHEMATA[system]


# --------------------------------------------------------------------------- Bögen


@dataclass(frozen=True)
class Bogen:
    """Ein geprüfter Charakterbogen.

    Attributes:
        datei: die TOML-Datei.
        werte: alle Felder (Name mit Punkt → Wert), geprüft und mit Standardwerten;
            Felder, die das Schema nicht kennt, stehen ungeprüft dabei.
        untertabellen: je Untertabelle ein Tupel von Zeilen (Feldname → Wert).
        system: das System, dessen Schema den Bogen geprüft hat.
    """

    datei: Path
    werte: Mapping[str, Any]
    untertabellen: Mapping[str, tuple[Mapping[str, Any], ...]]
    system: str = ""

    @property
    def name(self) -> str:
        return self.werte["name"]

    def __hash__(self) -> int:  # Mappings sind nicht hashbar; Datei und Name genügen
        return hash((self.datei, self.werte.get("name")))


@dataclass(frozen=True)
class BogenFehler:
    """Ein Fehler in einem Bogen, mit Datei, Charakter und Feld für die Meldung."""

    datei: Path
    charakter: str
    feld: str
    meldung: str

    def __str__(self) -> str:
        teile = [_anzeige_pfad(self.datei)]
        if self.charakter:
            teile.append(self.charakter)
        if self.feld:
            teile.append(f"Feld '{self.feld}'")
        return ", ".join(teile) + ": " + self.meldung


@dataclass(frozen=True)
class Ladeergebnis:
    """Die gelesenen Bögen und alle Fehler; ein Fehler hält die anderen Bögen nicht auf."""

    boegen: tuple[Bogen, ...]
    fehler: tuple[BogenFehler, ...]

    @property
    def meldungen(self) -> tuple[str, ...]:
        """Alle Fehler als deutsche Zeilen."""
        return tuple(str(f) for f in self.fehler)


def _anzeige_pfad(datei: Path) -> str:
    """Der Pfad für Meldungen: relativ zum Projekt, zum Bogenordner oder zum Arbeitsordner.

    Meldungen erscheinen auch auf anderen Geräten (``gm-helfer --host``); absolute Pfade
    des Servers zeigen sie nur, wenn die Datei außerhalb all dieser Ordner liegt.
    """
    datei = Path(datei)
    bogen_basis = pfade.charakter_ordner("x").parent
    for basis in (pfade.projekt_ordner(), bogen_basis, Path.cwd()):
        try:
            return str(datei.resolve().relative_to(basis.resolve()))
        except (ValueError, OSError):
            continue
    return str(datei)


def _frieren(werte: Mapping[str, Any]) -> Mapping[str, Any]:
    return FesteZuordnung(werte)


def _zahl_text(x: float) -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    text = str(x).replace(".", ",")
    return text if len(text) <= 30 else text[:12] + f"… ({len(text)} Stellen)"


def _pruefe_wert(f: Feld, wert: Any) -> tuple[Any, str]:
    """(bereinigter Wert, "") oder (None, deutsche Meldung)."""
    typ = f.typ
    if isinstance(wert, Mapping):
        return None, f"muss {_TYP_TEXT[typ]} sein, nicht eine Tabelle."
    if isinstance(wert, list):
        return None, f"muss {_TYP_TEXT[typ]} sein, nicht eine Liste."
    if typ == "int":
        if isinstance(wert, bool) or not isinstance(wert, (int, float)):
            return None, f"muss {_TYP_TEXT[typ]} sein, nicht {wert!r}."
        if isinstance(wert, float):
            if not wert.is_integer():
                return None, f"muss {_TYP_TEXT[typ]} sein, nicht {_zahl_text(wert)}."
            wert = int(wert)
    elif typ == "float":
        if isinstance(wert, bool) or not isinstance(wert, (int, float)):
            return None, f"muss {_TYP_TEXT[typ]} sein, nicht {wert!r}."
        wert = float(wert)
        if math.isnan(wert):
            return None, "muss eine Zahl sein, nicht NaN."
    elif typ == "bool":
        if not isinstance(wert, bool):
            return None, f"muss {_TYP_TEXT[typ]} sein, nicht {wert!r}."
    elif typ == "str":
        if not isinstance(wert, str):
            return None, f"muss {_TYP_TEXT[typ]} sein, nicht {wert!r}."
    elif typ == "auswahl":
        if not isinstance(wert, str) or wert not in f.auswahl:
            return None, f"{wert!r} ist nicht erlaubt; erlaubt: {', '.join(f.auswahl)}."
    elif typ == "wuerfel":
        if not isinstance(wert, str) or not wert.strip():
            return None, f"muss {_TYP_TEXT[typ]} sein, nicht {wert!r}."
        from gm_helfer import wuerfel

        from gm_helfer import chancen

        try:
            ausdruck = wuerfel.ueblicher_ausdruck(wert)
        except ValueError as fehler:
            return None, f"Würfelangabe {wert!r} ungültig: {fehler}"
        if chancen.aufwand(ausdruck) > chancen.MAX_AUFWAND:
            return None, f"Würfelangabe {wert!r}: zu viele Würfel für exakte Chancen."
        wert = wert.strip()
    if typ in ("int", "float"):
        if f.minimum is not None and wert < f.minimum:
            return None, f"{_zahl_text(wert)} ist kleiner als das Minimum {_zahl_text(f.minimum)}."
        if f.maximum is not None and wert > f.maximum:
            return None, f"{_zahl_text(wert)} ist größer als das Maximum {_zahl_text(f.maximum)}."
    if f.pruefung is not None:
        try:
            f.pruefung(wert)
        except ValueError as fehler:
            return None, str(fehler)
    return wert, ""


def _pruefe_zeile(
    felder: Sequence[Feld], roh: Mapping[str, Any], wo: str
) -> tuple[dict[str, Any], list[tuple[str, str]]]:
    """Prüft eine Zeile (Feldname → Rohwert). Liefert Werte und (feld, meldung)-Fehler."""
    werte: dict[str, Any] = {}
    fehler: list[tuple[str, str]] = []
    bekannt = set()
    for f in felder:
        bekannt.add(f.name)
        if f.name not in roh or roh[f.name] is None:
            if f.standard is not None:
                werte[f.name] = f.standard
            elif f.pflicht:
                fehler.append((wo + f.name, f"fehlt ({f.beschreibung or _TYP_TEXT[f.typ]})."))
            else:
                werte[f.name] = None
            continue
        wert, meldung = _pruefe_wert(f, roh[f.name])
        if meldung:
            fehler.append((wo + f.name, meldung))
        else:
            werte[f.name] = wert
    for name, wert in roh.items():  # Unbekanntes bleibt erhalten
        if name not in bekannt and wert is not None:
            werte[name] = wert
    return werte, fehler


def _flach(
    tabelle: Mapping[str, Any],
    unter_namen: set[str],
    praefix: str = "",
    feld_namen: frozenset[str] = frozenset(),
):
    """TOML-Dokument → (Feldname mit Punkt → Wert, Untertabellenname → Rohliste).

    Steht unter dem Namen eines Felds eine Tabelle (``seite = {}``), bleibt sie als Wert
    stehen, damit die Prüfung sie meldet, statt still den Standardwert zu nehmen.
    """
    werte: dict[str, Any] = {}
    unter: dict[str, Any] = {}
    for schluessel, wert in tabelle.items():
        name = praefix + schluessel
        if name in unter_namen:
            unter[name] = wert
        elif isinstance(wert, Mapping) and name not in feld_namen:
            w, u = _flach(wert, unter_namen, name + ".", feld_namen)
            werte.update(w)
            unter.update(u)
        else:
            werte[name] = wert
    return werte, unter


def _tiefe(wert: Any) -> int:
    """Verschachtelungstiefe von Tabellen und Listen (ohne Rekursion)."""
    tiefste = 0
    offen = [(wert, 0)]
    while offen:
        w, t = offen.pop()
        tiefste = max(tiefste, t)
        if tiefste > MAX_TIEFE:
            return tiefste
        if isinstance(w, Mapping):
            offen.extend((v, t + 1) for v in w.values())
        elif isinstance(w, list):
            offen.extend((v, t + 1) for v in w)
    return tiefste


def _tabellen_namen(felder: Sequence[Feld]) -> set[str]:
    """Namen, die im Schema Tabellen sind (``attribute`` für ``attribute.staerke``)."""
    return {".".join(f.name.split(".")[:i]) for f in felder for i in range(1, f.name.count(".") + 1)}


def _verschachtelt(werte: Mapping[str, Any]) -> dict[str, Any]:
    """Feldname mit Punkt → Wert  →  verschachteltes TOML-Dokument (None entfällt)."""
    dok: dict[str, Any] = {}
    for name, wert in werte.items():
        if wert is None:
            continue
        teile = name.split(".")
        ziel = dok
        for teil in teile[:-1]:
            ziel = ziel.setdefault(teil, {})
            if not isinstance(ziel, dict):
                raise SchemaFehler(f"'{name}' ist Feld und Tabelle zugleich.")
        ziel[teile[-1]] = wert
    return dok


def _name_fuer_meldung(werte: Mapping[str, Any], datei: Path) -> str:
    name = werte.get("name")
    return name if isinstance(name, str) and name.strip() else Path(datei).stem


def _bogen_pruefen(
    datei: Path,
    roh_werte: Mapping[str, Any],
    roh_unter: Mapping[str, Any],
    sch: Schema,
) -> tuple[Bogen | None, list[BogenFehler]]:
    charakter = _name_fuer_meldung(roh_werte, datei)
    werte, fehlerliste = _pruefe_zeile(sch.felder, roh_werte, "")
    for name in sorted(_tabellen_namen(sch.felder) & set(roh_werte)):
        fehlerliste.append(
            (name, f"muss eine Tabelle sein (in TOML: [{name}]), nicht {roh_werte[name]!r}.")
        )
    untertabellen: dict[str, tuple[Mapping[str, Any], ...]] = {}
    for u in sch.untertabellen:
        zeilen = roh_unter.get(u.name, [])
        if zeilen is None:
            zeilen = []
        if not isinstance(zeilen, (list, tuple)) or not all(isinstance(z, Mapping) for z in zeilen):
            fehlerliste.append(
                (u.name, f"muss eine Liste von Tabellen sein (in TOML: [[{u.name}]]).")
            )
            continue
        geprueft = []
        blatt_namen = frozenset(f.name for f in u.felder)
        for i, zeile in enumerate(zeilen, start=1):
            flach, _ = _flach(zeile, set(), "", blatt_namen)
            w, f = _pruefe_zeile(u.felder, flach, f"{u.name}[{i}].")
            for name in sorted(_tabellen_namen(u.felder) & set(flach)):
                f.append((f"{u.name}[{i}].{name}", f"muss eine Tabelle sein, nicht {flach[name]!r}."))
            fehlerliste.extend(f)
            geprueft.append(_frieren(w))
        untertabellen[u.name] = tuple(geprueft)
    fehler = [BogenFehler(Path(datei), charakter, feld, meldung) for feld, meldung in fehlerliste]
    if fehler:
        return None, fehler
    bogen = Bogen(Path(datei), _frieren(werte), FesteZuordnung(untertabellen), sch.system)
    for name, funktion in sch.abgeleitet.items():
        try:
            funktion(_eingabe_abgeleitet(bogen))
        except Exception as fehler:  # noqa: BLE001 – jede Ausnahme wird zur Meldung
            return None, [
                BogenFehler(
                    Path(datei),
                    charakter,
                    name,
                    f"abgeleiteter Wert lässt sich nicht berechnen: {fehler}",
                )
            ]
    return bogen, []


def _eingabe_abgeleitet(bogen: Bogen) -> Mapping[str, Any]:
    return FesteZuordnung({**bogen.werte, **bogen.untertabellen})


def laden_datei(datei: Path, sch: Schema | str) -> tuple[Bogen | None, list[BogenFehler]]:
    """Liest und prüft eine einzelne Bogendatei: ``(bogen, [])`` oder ``(None, fehler)``."""
    if isinstance(sch, str):
        sch = schema(sch)
    datei = Path(datei)
    try:
        text = datei.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        return None, [BogenFehler(datei, datei.stem, "", "ist nicht in UTF-8 gespeichert.")]
    except OSError as fehler:
        return None, [
            BogenFehler(datei, datei.stem, "", f"lässt sich nicht lesen: {fehler.strerror}.")
        ]
    return _aus_text(datei, text, sch)


def _aus_text(datei: Path, text: str, sch: Schema) -> tuple[Bogen | None, list[BogenFehler]]:
    """Prüft den Text einer Bogendatei (ein UTF-8-Byte-Order-Mark am Anfang ist erlaubt)."""
    text = text.removeprefix("\ufeff")
    try:
        dok = tomllib.loads(text)
    except tomllib.TOMLDecodeError as fehler:
        return None, [BogenFehler(datei, datei.stem, "", toml_meldung(fehler))]
    except ValueError:  # int() mit mehr als 4300 Ziffern
        return None, [
            BogenFehler(datei, datei.stem, "", "enthält eine Zahl mit mehr als 4.300 Ziffern.")
        ]
    except RecursionError:
        return None, [BogenFehler(datei, datei.stem, "", _ZU_TIEF)]
    if _tiefe(dok) > MAX_TIEFE:
        return None, [BogenFehler(datei, datei.stem, "", _ZU_TIEF)]
    roh_werte, roh_unter = _flach(
        dok, {u.name for u in sch.untertabellen}, "", frozenset(f.name for f in sch.felder)
    )
    return _bogen_pruefen(datei, roh_werte, roh_unter, sch)


_ZU_TIEF = f"ist zu tief verschachtelt (höchstens {MAX_TIEFE} Ebenen Tabellen und Listen)."

_TOML_MELDUNGEN: tuple[tuple[str, str], ...] = (
    (r"Cannot declare (.*) twice", "der Schlüssel {0} steht zweimal da"),
    (r"Cannot mutate immutable namespace (.*)", "die Tabelle {0} ist schon fest (Inline-Tabelle oder Liste) und lässt sich nicht erweitern"),
    (r"Cannot overwrite a value", "ein Wert wird ein zweites Mal gesetzt"),
    (r"Cannot redefine namespace (.*)", "die Tabelle {0} wird ein zweites Mal angelegt"),
    (r"Duplicate inline table key (.*)", "der Schlüssel {0} steht zweimal in der Inline-Tabelle"),
    (r"Escaped character is not a Unicode scalar value", "ein \\u-Zeichen ist kein gültiges Unicode-Zeichen"),
    (r"Expected '=' after a key in a key/value pair", "nach dem Schlüssel fehlt ein „=“"),
    (r"Expected ']' at the end of a table declaration", "der Tabellenkopf endet nicht mit „]“"),
    (r"Expected ']]' at the end of an array declaration", "der Kopf [[…]] endet nicht mit „]]“"),
    (r"Expected newline or end of document after a statement", "nach einem Eintrag muss die Zeile enden"),
    (r"Expected (.*)", "erwartet wurde {0}"),
    (r"Found invalid character (.*)", "ungültiges Zeichen {0}"),
    (r"Illegal character '\\n'", "der Text endet nicht vor dem Zeilenende (fehlt ein Anführungszeichen?)"),
    (r"Illegal character (.*)", "unerlaubtes Zeichen {0}"),
    (r"Invalid date or datetime", "ungültiges Datum oder ungültige Uhrzeit"),
    (r"Invalid hex value", "ungültiger Hex-Wert"),
    (r"Invalid initial character for a key part", "ein Schlüssel beginnt mit einem ungültigen Zeichen"),
    (r"Invalid statement", "diese Zeile ist kein gültiger Eintrag"),
    (r"Invalid value", "ungültiger Wert (Text gehört in Anführungszeichen, z. B. \"W8\")"),
    (r"Unclosed array", "eine Liste [ … ] wird nicht geschlossen"),
    (r"Unclosed inline table", "eine Inline-Tabelle {{ … }} wird nicht geschlossen"),
    (r"Unescaped '\\' in a string", "ein „\\“ im Text muss verdoppelt werden"),
    (r"Unterminated string", "ein Text endet nicht mit einem Anführungszeichen"),
)


def toml_meldung(fehler: Exception) -> str:
    """Ein Syntaxfehler von ``tomllib`` als deutsche Meldung mit Zeile und Spalte.

    >>> try:
    ...     tomllib.loads("name = Bandit")
    ... except tomllib.TOMLDecodeError as f:
    ...     print(toml_meldung(f))
    TOML-Syntaxfehler in Zeile 1, Spalte 8: ungültiger Wert (Text gehört in Anführungszeichen, z. B. "W8").
    """
    text = str(fehler)
    ort = ""
    treffer = re.search(r"\(at line (\d+), column (\d+)\)$", text)
    if treffer:
        ort = f" in Zeile {treffer[1]}, Spalte {treffer[2]}"
        text = text[: treffer.start()].strip()
    elif text.endswith("(at end of document)"):
        ort = " am Ende der Datei"
        text = text.removesuffix("(at end of document)").strip()
    for muster, deutsch in _TOML_MELDUNGEN:
        passend = re.fullmatch(muster, text)
        if passend:
            return f"TOML-Syntaxfehler{ort}: {deutsch.format(*passend.groups())}."
    return f"TOML-Syntaxfehler{ort}."


def laden(system: str, ordner: Path | None = None) -> Ladeergebnis:
    """Lädt alle Bögen eines Systems (``*.toml`` im Ordner und seinen Unterordnern, außer
    :data:`BEGEGNUNGEN_ORDNER` direkt im Ordner).

    Args:
        system: Name des Systems, dessen Schema angemeldet ist.
        ordner: Standard ``pfade.charakter_ordner(system)``.

    Returns:
        Die guten Bögen (nach Dateipfad sortiert) und alle Fehler. Ein fehlender Ordner
        ist ein Fehler im Ergebnis, keine Ausnahme.
    """
    sch = schema(system)
    ordner = Path(ordner) if ordner is not None else pfade.charakter_ordner(system)
    if not ordner.is_dir():
        return Ladeergebnis(
            (), (BogenFehler(ordner, "", "", "Diesen Ordner gibt es nicht; keine Bögen geladen."),)
        )
    dateien = sorted(
        d
        for d in ordner.rglob("*.toml")
        if d.is_file() and not any(t.startswith(".") for t in d.relative_to(ordner).parts)
        and d.relative_to(ordner).parts[0] != BEGEGNUNGEN_ORDNER
    )
    for unterordner in {d.parent for d in dateien} | {ordner}:
        _reste_entfernen(unterordner)
    boegen: list[Bogen] = []
    fehler: list[BogenFehler] = []
    for datei in dateien:
        try:
            bogen, f = laden_datei(datei, sch)
        except Exception as unerwartet:  # noqa: BLE001 – ein Bogen hält die anderen nie auf
            bogen, f = None, [
                BogenFehler(
                    datei,
                    datei.stem,
                    "",
                    f"lässt sich nicht lesen (unerwarteter Fehler {type(unerwartet).__name__}).",
                )
            ]
        if bogen is not None:
            boegen.append(bogen)
        fehler.extend(f)
    fehlerhafte = {f.datei for f in fehler} - {b.datei for b in boegen}
    boegen, doppelt = _ohne_doppelte_namen(boegen, {d: _roher_name(d) for d in sorted(fehlerhafte)})
    return Ladeergebnis(tuple(boegen), tuple(fehler) + tuple(doppelt))


def _roher_name(datei: Path) -> str | None:
    """Der Name in einer Bogendatei, die die Prüfung nicht bestanden hat (oder None)."""
    try:
        text = Path(datei).read_bytes().decode("utf-8").removeprefix("\ufeff")
        name = tomllib.loads(text).get("name")
    except (OSError, ValueError, RecursionError):
        return None
    return name if isinstance(name, str) else None


def _doppelt_meldung(name: str, andere: Sequence[Path]) -> str:
    dateien = ", ".join(_anzeige_pfad(d) for d in andere)
    return (
        f"Der Name „{name}“ steht auch in {dateien}. Jeder Charakter braucht einen eigenen "
        "Namen – bitte eine der Dateien umbenennen; bis dahin bleiben beide außen vor "
        "(kein Kampf, kein Speichern)."
    )


def _ohne_doppelte_namen(
    boegen: Sequence[Bogen], fehlerhafte: Mapping[Path, str | None] = FesteZuordnung()
) -> tuple[list[Bogen], list[BogenFehler]]:
    """Bögen mit einem Namen, den ein anderer Bogen auch trägt, fallen heraus (mit Fehler).

    ``fehlerhafte``: Datei → Name der Bögen, die schon aus anderem Grund gemeldet sind;
    trägt ein guter Bogen denselben Namen, fällt er ebenfalls heraus (sonst verweigerte
    erst das Speichern).
    """
    nach_name: dict[str, list[Path]] = {}
    for b in boegen:
        nach_name.setdefault(b.name, []).append(b.datei)
    for datei, name in fehlerhafte.items():
        if name in nach_name:
            nach_name[name].append(datei)
    fehler = []
    for b in boegen:
        andere = [d for d in nach_name[b.name] if d != b.datei]
        if andere:
            fehler.append(BogenFehler(b.datei, b.name, "name", _doppelt_meldung(b.name, andere)))
    return [b for b in boegen if len(nach_name[b.name]) == 1], fehler


# --------------------------------------------------------------------------- Speichern


def _dokument(bogen: Bogen) -> dict[str, Any]:
    dok = _verschachtelt(bogen.werte)
    for name, zeilen in bogen.untertabellen.items():
        if zeilen:
            dok[name] = [_verschachtelt(z) for z in zeilen]
    return dok


def _schema_oder_none(bogen: Bogen) -> Schema | None:
    if not bogen.system:
        return None
    try:
        return schema(bogen.system)
    except SchemaFehler:
        return None


def _unveraendert(bogen: Bogen) -> bool:
    """Stimmt die Datei schon mit dem Bogen überein (gleiche Daten nach dem Prüfen)?"""
    if not bogen.datei.is_file():
        return False
    sch = _schema_oder_none(bogen)
    if sch is not None:
        alt, _ = laden_datei(bogen.datei, sch)
        return alt is not None and _gleich(alt, bogen)
    try:
        text = bogen.datei.read_text("utf-8").removeprefix("\ufeff")
        return tomllib.loads(text) == _dokument(bogen)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError):
        return False


def _gleich(a: Bogen, b: Bogen) -> bool:
    return dict(a.werte) == dict(b.werte) and {
        k: [dict(z) for z in v] for k, v in a.untertabellen.items()
    } == {k: [dict(z) for z in v] for k, v in b.untertabellen.items()}


def _system_ordner(datei: Path, system: str) -> Path:
    """Der Bogenordner des Systems, wenn ``datei`` darin liegt, sonst ihr eigener Ordner."""
    if system:
        basis = pfade.charakter_ordner(system)
        try:
            Path(datei).resolve().relative_to(basis.resolve())
            return basis
        except (ValueError, OSError):
            pass
    return Path(datei).parent


def _namen_im_ordner(ordner: Path) -> dict[str, list[Path]]:
    """Name → Bogendateien (aufgelöst) im Ordner und seinen Unterordnern; Unlesbares fehlt."""
    namen: dict[str, list[Path]] = {}
    for datei in sorted(ordner.rglob("*.toml")) if ordner.is_dir() else ():
        if any(t.startswith(".") for t in datei.relative_to(ordner).parts):
            continue
        name = _roher_name(datei)
        if name is not None:
            namen.setdefault(name, []).append(datei.resolve())
    return namen


def _namenskonflikt(bogen: Bogen) -> list[Path]:
    """Andere Bogendateien des Systemordners, die denselben Namen tragen."""
    eigene = Path(bogen.datei).resolve()
    namen = _namen_im_ordner(_system_ordner(bogen.datei, bogen.system))
    return [d for d in namen.get(bogen.name, []) if d != eigene]


def speichern(bogen: Bogen) -> bool:
    """Schreibt den Bogen atomar in ``bogen.datei`` und lässt die Datei des Spielleiters stehen.

    Nur geänderte Werte werden in der Datei ersetzt (mit tomlkit): Kommentare, Reihenfolge
    und Layout bleiben, Standardwerte, die nicht in der Datei standen, kommen nicht hinzu.
    Zeilen einer Untertabelle (``[[waffen]]``) werden wie in einem Diff eingefügt, ersetzt
    oder gelöscht; unveränderte Zeilen bleiben samt Kommentaren. Die Rechte der Datei
    bleiben. Geschrieben wird erst in eine Temp-Datei im selben Ordner, dann ``fsync`` und
    ``os.replace``: ein Absturz hinterlässt die alte oder die neue Datei, nie eine halbe;
    Temp-Dateien eines abgebrochenen Speicherns räumt das nächste Speichern oder Laden weg.

    Returns:
        ``True``, wenn die Datei geschrieben wurde; ``False``, wenn sie schon stimmte.

    Raises:
        SpeicherFehler: ein anderer Bogen des Systems trägt denselben Namen (dann würde
            ein Kampf die beiden verwechseln); nichts wird geschrieben.
    """
    andere = _namenskonflikt(bogen)
    if andere:
        raise SpeicherFehler(
            f"{_anzeige_pfad(bogen.datei)}, {bogen.name}: nicht gespeichert. "
            + _doppelt_meldung(bogen.name, andere)
        )
    if _unveraendert(bogen):
        return False
    atomar_schreiben(bogen.datei, _toml_text(bogen).encode("utf-8"))
    return True


_FEHLT = object()


def _klar(wert: Any) -> Any:
    """Ein tomlkit-Wert als gewöhnlicher Python-Wert."""
    return wert.unwrap() if hasattr(wert, "unwrap") else wert


def _wert_gleich(a: Any, b: Any) -> bool:
    """Gleicher Wert im Sinn des Bogens (``2.0`` und ``2`` ja, ``True`` und ``1`` nein)."""
    a, b = _klar(a), _klar(b)
    return isinstance(a, bool) == isinstance(b, bool) and a == b


def _holen(container: Any, teile: Sequence[str]) -> Any:
    for teil in teile:
        if not isinstance(container, Mapping) or teil not in container:
            return _FEHLT
        container = container[teil]
    return container


def _einarbeiten(container: Any, werte: Mapping[str, Any], felder: Mapping[str, Feld], neu: Callable[[], Any]) -> None:
    """Schreibt geänderte Werte in einen tomlkit-Container; Unverändertes bleibt unberührt."""
    for name, wert in werte.items():
        teile = name.split(".")
        alt = _holen(container, teile)
        if wert is None:
            if alt is not _FEHLT:
                del _holen(container, teile[:-1])[teile[-1]]
            continue
        if alt is not _FEHLT and _wert_gleich(alt, wert):
            continue
        feld = felder.get(name)
        if alt is _FEHLT and feld is not None and feld.standard is not None and _wert_gleich(feld.standard, wert):
            continue  # Standardwerte kommen nicht in die Datei
        ziel = container
        for teil in teile[:-1]:
            if teil not in ziel:
                ziel[teil] = neu()
            ziel = ziel[teil]
            if not isinstance(ziel, Mapping):
                raise SchemaFehler(f"'{name}' ist Feld und Tabelle zugleich.")
        ziel[teile[-1]] = wert


def _zeilen_einarbeiten(dok: Any, u: Untertabelle, zeilen: Sequence[Mapping[str, Any]]) -> None:
    """Gleicht die Zeilen einer Untertabelle ab wie ein Diff (gleiche Zeilen bleiben)."""
    felder = {f.name: f for f in u.felder}
    blatt_namen = frozenset(felder)
    alt = dok.get(u.name, _FEHLT)
    if alt is _FEHLT or not isinstance(alt, list):
        if zeilen:
            aot = tomlkit.aot()
            for z in zeilen:
                tabelle = tomlkit.table()
                _einarbeiten(tabelle, z, felder, tomlkit.table)
                aot.append(tabelle)
            dok[u.name] = aot
        return
    if not zeilen:
        del dok[u.name]
        return
    inline = not isinstance(alt, tomlkit.items.AoT)
    neue_tabelle = tomlkit.inline_table if inline else tomlkit.table

    def schluessel(werte: Mapping[str, Any]) -> str:
        return repr(sorted((k, repr(_klar(v))) for k, v in werte.items() if v is not None))

    alt_geprueft = [
        _pruefe_zeile(u.felder, _flach(_klar(z), set(), "", blatt_namen)[0], "")[0] for z in alt
    ]
    vergleich = difflib.SequenceMatcher(
        a=[schluessel(z) for z in alt_geprueft], b=[schluessel(z) for z in zeilen], autojunk=False
    )
    for art, i1, i2, j1, j2 in reversed(vergleich.get_opcodes()):
        if art == "equal":
            continue
        gemeinsam = min(i2 - i1, j2 - j1) if art == "replace" else 0
        for k in range(gemeinsam):  # ersetzte Zeilen an Ort und Stelle ändern
            _einarbeiten(alt[i1 + k], zeilen[j1 + k], felder, neue_tabelle)
        for k in reversed(range(i1 + gemeinsam, i2)):
            _zeile_loeschen(alt, k)
        for k in range(j1 + gemeinsam, j2):
            tabelle = neue_tabelle()
            _einarbeiten(tabelle, zeilen[k], felder, neue_tabelle)
            if not inline:
                tabelle.trivia.indent = "\n"  # Leerzeile vor [[…]] wie üblich
            alt.insert(i1 + k - j1, tabelle)


def _zeile_loeschen(zeilen: Any, k: int) -> None:
    """Löscht Zeile ``k`` einer Liste von Tabellen; Kommentare am Ende der Zeile bleiben.

    tomlkit hängt einen Kommentar über ``[[waffen]]`` an die Tabelle davor: er gehört
    zur nächsten Zeile und wandert deshalb zur vorigen Tabelle, statt mitgelöscht zu werden.
    """
    zeile = zeilen[k]
    rest: list[tuple[Any, Any]] = []
    if isinstance(zeile, tomlkit.items.Table) and len(zeilen) > 1:
        koerper = zeile.value.body
        while koerper and koerper[-1][0] is None and isinstance(
            koerper[-1][1], (tomlkit.items.Comment, tomlkit.items.Whitespace)
        ):
            rest.insert(0, koerper.pop())
    del zeilen[k]
    if not rest:
        return
    if k < len(zeilen):  # vor den Kopf der nächsten Zeile
        naechste = zeilen[k]
        naechste.trivia.indent = "".join(i.as_string() for _, i in rest) + naechste.trivia.indent
    else:
        zeilen[k - 1].value.body.extend(rest)


def _toml_text(bogen: Bogen) -> str:
    """Der neue Dateitext: die alte Datei mit den geänderten Werten (oder eine neue)."""
    sch = _schema_oder_none(bogen)
    bom = ""
    dok = None
    try:
        roh = bogen.datei.read_bytes().decode("utf-8")
        bom = "\ufeff" if roh.startswith("\ufeff") else ""
        dok = tomlkit.parse(roh.removeprefix("\ufeff"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, tomlkit.exceptions.TOMLKitError):
        dok = None  # fehlt oder unlesbar: neu schreiben
    if dok is None:
        dok = tomlkit.document()
    felder = {f.name: f for f in sch.felder} if sch else {}
    _einarbeiten(dok, bogen.werte, felder, tomlkit.table)
    if sch is not None:
        for u in sch.untertabellen:
            _zeilen_einarbeiten(dok, u, bogen.untertabellen.get(u.name, ()))
    else:
        for name, zeilen in bogen.untertabellen.items():
            dok[name] = [_verschachtelt(z) for z in zeilen]
    text = bom + tomlkit.dumps(dok)
    if sch is not None:  # Sicherheitsnetz: die Datei muss genau den Bogen ergeben
        zurueck, _ = _aus_text(bogen.datei, text, sch)
        if zurueck is None or not _gleich(zurueck, bogen):
            neu = tomlkit.document()
            _einarbeiten(neu, bogen.werte, felder, tomlkit.table)
            for u in sch.untertabellen:
                _zeilen_einarbeiten(neu, u, bogen.untertabellen.get(u.name, ()))
            text = bom + tomlkit.dumps(neu)
    return text


_TEMP_NEU = re.compile(r"^\.(?P<ziel>.+)\.(?P<pid>\d+)-[0-9a-f]+\.tmp$")
_TEMP_ALT = re.compile(r"^\.(?P<ziel>.+\.toml)\.[a-z0-9_]{8}\.tmp$")  # tempfile.mkstemp (früher)
_TEMP_ALTER = 600.0
"""Sekunden, nach denen eine Temp-Datei ohne lesbare Prozessnummer als Rest gilt."""


def _prozess_lebt(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True
    return True


def _reste_entfernen(ordner: Path) -> list[Path]:
    """Entfernt Temp-Dateien abgebrochener Speichervorgänge (Prozess tot oder sehr alt)."""
    entfernt = []
    try:
        eintraege = list(Path(ordner).iterdir())
    except OSError:
        return entfernt
    jetzt = time.time()
    for datei in eintraege:
        neu, alt = _TEMP_NEU.match(datei.name), _TEMP_ALT.match(datei.name)
        if not (neu or alt):
            continue
        try:
            alter = jetzt - datei.lstat().st_mtime
            if (neu and not _prozess_lebt(int(neu["pid"]))) or alter > _TEMP_ALTER:
                datei.unlink()
                entfernt.append(datei)
        except OSError:
            continue
    return entfernt


def atomar_schreiben(datei: Path, daten: bytes) -> None:
    """Schreibt Bytes atomar: Temp-Datei im selben Ordner, fsync, ``os.replace``.

    Die Rechte einer vorhandenen Datei bleiben; eine neue Datei bekommt die üblichen
    Rechte (0666 ohne umask). Reste abgebrochener Speichervorgänge werden vorher entfernt.
    """
    datei = Path(datei)
    datei.parent.mkdir(parents=True, exist_ok=True)
    _reste_entfernen(datei.parent)
    try:
        modus = stat.S_IMODE(datei.stat().st_mode)
    except FileNotFoundError:
        modus = None
    temp = datei.parent / f".{datei.name}.{os.getpid()}-{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(fd, "wb") as f:
            if modus is not None:
                os.fchmod(f.fileno(), modus)
            f.write(daten)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, datei)
    except BaseException:
        try:
            os.unlink(temp)
        except FileNotFoundError:
            pass
        raise
    try:  # den Ordnereintrag ebenfalls sichern (nicht überall möglich)
        dir_fd = os.open(datei.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


# --------------------------------------------------------------------------- Tabellen


def abgeleitete_werte(bogen: Bogen, schema: Schema) -> dict[str, Any]:
    """Berechnet die abgeleiteten Werte des Schemas (z. B. Parade) für einen Bogen."""
    eingabe = _eingabe_abgeleitet(bogen)
    return {name: funktion(eingabe) for name, funktion in schema.abgeleitet.items()}


def _spalten_typ(werte: Iterable[Any]) -> pl.DataType:
    werte = [w for w in werte if w is not None]
    if werte and all(isinstance(w, bool) for w in werte):
        return pl.Boolean
    if werte and all(isinstance(w, int) and not isinstance(w, bool) for w in werte):
        return pl.Int64
    if werte and all(isinstance(w, (int, float)) and not isinstance(w, bool) for w in werte):
        return pl.Float64
    return pl.Utf8


def _datei_schluessel(bogen: Bogen) -> str:
    return str(bogen.datei)


def als_tabellen(boegen: Sequence[Bogen], schema: Schema) -> dict[str, pl.DataFrame]:
    """Bögen als polars-Tabellen für ``mo.ui.data_editor``.

    ``"charaktere"``: eine Zeile je Bogen; Spalte ``datei`` (zum Zurückordnen), die Felder
    des Schemas in ihrer Reihenfolge, dann die abgeleiteten Werte. Je Untertabelle eine
    Tabelle mit der Spalte ``charakter`` (Name des Charakters) und ihren Feldern.
    """
    boegen = list(boegen)
    spalten: dict[str, pl.Series] = {
        "datei": pl.Series("datei", [_datei_schluessel(b) for b in boegen], dtype=pl.Utf8)
    }
    for f in schema.felder:
        spalten[f.name] = pl.Series(
            f.name, [b.werte.get(f.name) for b in boegen], dtype=_POLARS_TYP[f.typ]
        )
    abgeleitet = [abgeleitete_werte(b, schema) for b in boegen]
    for name in schema.abgeleitet:
        werte = [a[name] for a in abgeleitet]
        spalten[name] = pl.Series(name, werte, dtype=_spalten_typ(werte), strict=False)
    tabellen = {"charaktere": pl.DataFrame(list(spalten.values()))}
    for u in schema.untertabellen:
        zeilen = [(b.name, z) for b in boegen for z in b.untertabellen.get(u.name, ())]
        s = [pl.Series("charakter", [n for n, _ in zeilen], dtype=pl.Utf8)]
        for f in u.felder:
            s.append(pl.Series(f.name, [z.get(f.name) for _, z in zeilen], dtype=_POLARS_TYP[f.typ]))
        tabellen[u.name] = pl.DataFrame(s)
    return tabellen


def _python_wert(wert: Any) -> Any:
    if isinstance(wert, float) and math.isnan(wert):
        return None
    return wert


_DATEINAME = re.compile(r"[^a-z0-9]+")


def _neuer_dateiname(name: str, ordner: Path, belegt: set[Path]) -> Path:
    ersatz = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})
    stamm = _DATEINAME.sub("_", str(name).lower().translate(ersatz)).strip("_") or "charakter"
    datei = ordner / f"{stamm}.toml"
    i = 2
    while datei in belegt or datei.exists():
        datei = ordner / f"{stamm}_{i}.toml"
        i += 1
    return datei


def aus_tabellen(
    tabellen: Mapping[str, pl.DataFrame], schema: Schema, boegen: Sequence[Bogen]
) -> Ladeergebnis:
    """Prüft bearbeitete Tabellen (aus :func:`als_tabellen`) und macht wieder Bögen daraus.

    Die Zeilen der Tabelle ``"charaktere"`` werden über die Spalte ``datei`` den alten
    Bögen zugeordnet; Felder außerhalb des Schemas werden aus dem alten Bogen übernommen.
    Eine neue Zeile (``datei`` leer oder unbekannt) wird ein neuer Bogen im Ordner der
    anderen, mit einem Dateinamen aus dem Namen. Zeilen der
    Untertabellen gehören über ``charakter`` zu einem Charakter (alter oder neuer Name).
    Abgeleitete Spalten werden ignoriert und neu berechnet. Nichts wird gespeichert.
    """
    alt_nach_datei = {_datei_schluessel(b): b for b in boegen}
    ordner = (
        Path(boegen[0].datei).parent if boegen else pfade.charakter_ordner(schema.system)
    )
    charaktere = tabellen["charaktere"]
    feldnamen = [f.name for f in schema.felder]
    eintraege: list[tuple[Path, Bogen | None, dict[str, Any]]] = []
    belegt: set[Path] = set()
    fehler: list[BogenFehler] = []
    for zeile in charaktere.iter_rows(named=True):
        schluessel = zeile.get("datei")
        alt = alt_nach_datei.get(schluessel) if schluessel else None
        roh = {n: _python_wert(zeile[n]) for n in feldnamen if n in zeile}
        if alt is not None:
            basis = {k: v for k, v in alt.werte.items() if k not in feldnamen}
            basis.update({n: alt.werte.get(n) for n in feldnamen if n not in zeile})
            roh = {**basis, **roh}
            datei = alt.datei
        else:  # neue Zeile (oder verändertes "datei"): nie einen fremden Pfad übernehmen
            datei = _neuer_dateiname(roh.get("name") or "", ordner, belegt)
        if datei in belegt:
            fehler.append(BogenFehler(datei, _name_fuer_meldung(roh, datei), "datei", "kommt doppelt vor."))
            continue
        belegt.add(datei)
        eintraege.append((datei, alt, roh))

    # Zwei Zeilen mit demselben Namen: beide fallen heraus (Untertabellen gingen sonst
    # an den falschen Charakter und der Kampf verwechselte sie)
    namen_zaehler: dict[Any, list[Path]] = {}
    for datei, _, roh in eintraege:
        namen_zaehler.setdefault(roh.get("name"), []).append(datei)
    doppelt = {n for n, dateien in namen_zaehler.items() if isinstance(n, str) and len(dateien) > 1}
    for datei, _, roh in eintraege:
        if roh.get("name") in doppelt:
            andere = [d for d in namen_zaehler[roh["name"]] if d != datei]
            fehler.append(BogenFehler(datei, roh["name"], "name", _doppelt_meldung(roh["name"], andere)))
    # ebenso ein Name, den ein Bogen außerhalb der Tabelle trägt (doppelt oder fehlerhaft)
    im_ordner = _namen_im_ordner(_system_ordner(ordner / "x.toml", schema.system))
    eigene = {Path(d).resolve() for d, _, _ in eintraege} | {Path(b.datei).resolve() for b in boegen}
    for datei, _, roh in eintraege:
        name = roh.get("name")
        andere = [d for d in im_ordner.get(name, []) if d not in eigene] if isinstance(name, str) else []
        if andere and name not in doppelt:
            doppelt.add(name)
            fehler.append(BogenFehler(datei, name, "name", _doppelt_meldung(name, andere)))
    ohne = {alt.name for _, alt, roh in eintraege if alt is not None and roh.get("name") in doppelt}
    eintraege = [e for e in eintraege if e[2].get("name") not in doppelt]
    ohne = (ohne | doppelt) - {roh.get("name") for _, _, roh in eintraege}

    # Untertabellen: Name (neu, sonst alt) → Eintrag
    nach_name: dict[str, int] = {}
    for i, (_, alt, roh) in enumerate(eintraege):
        if alt is not None:
            nach_name.setdefault(alt.name, i)
    for i, (_, _, roh) in enumerate(eintraege):
        if isinstance(roh.get("name"), str):
            nach_name[roh["name"]] = i
    unter_roh: list[dict[str, list]] = [
        {u.name: [] for u in schema.untertabellen} for _ in eintraege
    ]
    for u in schema.untertabellen:
        if u.name not in tabellen:  # Tabelle nicht mitgegeben: alte Zeilen behalten
            for i, (_, alt, _) in enumerate(eintraege):
                if alt is not None:
                    unter_roh[i][u.name] = [dict(z) for z in alt.untertabellen.get(u.name, ())]
            continue
        namen = [f.name for f in u.felder]
        for nr, zeile in enumerate(tabellen[u.name].iter_rows(named=True), start=1):
            wem = zeile.get("charakter")
            if wem in ohne:
                continue  # der Charakter ist schon als doppelter Name gemeldet
            if wem not in nach_name:
                fehler.append(
                    BogenFehler(
                        ordner,
                        str(wem or ""),
                        f"{u.name}, Zeile {nr}",
                        f"gehört zu keinem Charakter der Tabelle (Spalte 'charakter': {wem!r}).",
                    )
                )
                continue
            unter_roh[nach_name[wem]][u.name].append(
                {n: _python_wert(zeile[n]) for n in namen if n in zeile}
            )

    neue: list[Bogen] = []
    for (datei, alt, roh), unter in zip(eintraege, unter_roh):
        bogen, f = _bogen_pruefen(datei, roh, unter, schema)
        fehler.extend(f)
        if bogen is not None:
            neue.append(bogen)
    return Ladeergebnis(tuple(neue), tuple(fehler))
