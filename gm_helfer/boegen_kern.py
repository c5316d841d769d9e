"""Charakterbögen: Schema, Laden und Prüfen, atomares Schreiben – der Kern von :mod:`gm_helfer.boegen`
(dort auch alle Namen; Speichern: :mod:`gm_helfer.boegen_speichern`, Tabellen: :mod:`gm_helfer.boegen_tabellen`).
"""

from __future__ import annotations

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

from gm_helfer import pfade, regelsystem

__all__ = [
    "Bogen", "BogenFehler", "Feld", "FesteZuordnung", "Ladeergebnis", "Schema", "SchemaFehler", "SpeicherFehler",
    "Untertabelle", "atomar_schreiben", "laden", "laden_datei", "registrieren", "schema",
]

BEGEGNUNGEN_ORDNER = "begegnungen"
"""Unterordner neben den Bögen mit Begegnungen (:mod:`gm_helfer.begegnungen`), keine Bögen."""

TYPEN = ("int", "float", "str", "bool", "wuerfel", "auswahl")

_POLARS_TYP = {
    "int": "Int64",
    "float": "Float64",
    "str": "Utf8",
    "bool": "Boolean",
    "wuerfel": "Utf8",
    "auswahl": "Utf8",
}
"""Spaltentyp je Feldtyp (Name in polars; aufgelöst erst in :func:`als_tabellen`)."""

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

    Ist keines angemeldet, wird das System im Verzeichnis :mod:`gm_helfer.regelsystem` gesucht
    (das lädt das Systempaket; Systempakete melden ihr Schema beim Import an).
    """
    if system not in _SCHEMATA:
        rs = regelsystem.finden(system)  # lädt das Systempaket, das meldet sein Schema an
        if rs is not None and system not in _SCHEMATA:
            registrieren(rs.schema)
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

    Meldungen erscheinen auch auf anderen Geräten (``gm-helfer --host``): absolute Pfade
    des Servers zeigen sie nie (außerhalb all dieser Ordner nur den Dateinamen).
    """
    datei = Path(datei)
    bogen_basis = pfade.charakter_ordner("x").parent
    for basis in (pfade.projekt_ordner(), bogen_basis, Path.cwd()):
        try:
            return str(datei.resolve().relative_to(basis.resolve()))
        except (ValueError, OSError):
            continue
    return datei.name  # außerhalb der bekannten Ordner: nur der Name, nie ein absoluter Pfad


def _frieren(werte: Mapping[str, Any]) -> Mapping[str, Any]:
    return FesteZuordnung(werte)


def _zahl_text(x: float) -> str:
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    text = str(x).replace(".", ",")
    return text if len(text) <= 30 else text[:12] + f"… ({len(text)} Stellen)"


def _als_int(f: Feld, wert: Any) -> tuple[Any, str]:
    if isinstance(wert, bool) or not isinstance(wert, (int, float)):
        return None, f"muss {_TYP_TEXT['int']} sein, nicht {wert!r}."
    if isinstance(wert, float):
        if not wert.is_integer():
            return None, f"muss {_TYP_TEXT['int']} sein, nicht {_zahl_text(wert)}."
        wert = int(wert)
    return wert, ""


def _als_float(f: Feld, wert: Any) -> tuple[Any, str]:
    if isinstance(wert, bool) or not isinstance(wert, (int, float)):
        return None, f"muss {_TYP_TEXT['float']} sein, nicht {wert!r}."
    wert = float(wert)
    if math.isnan(wert):
        return None, "muss eine Zahl sein, nicht NaN."
    return wert, ""


def _als_bool(f: Feld, wert: Any) -> tuple[Any, str]:
    if not isinstance(wert, bool):
        return None, f"muss {_TYP_TEXT['bool']} sein, nicht {wert!r}."
    return wert, ""


def _als_str(f: Feld, wert: Any) -> tuple[Any, str]:
    if not isinstance(wert, str):
        return None, f"muss {_TYP_TEXT['str']} sein, nicht {wert!r}."
    return wert, ""


def _als_auswahl(f: Feld, wert: Any) -> tuple[Any, str]:
    if not isinstance(wert, str) or wert not in f.auswahl:
        return None, f"{wert!r} ist nicht erlaubt; erlaubt: {', '.join(f.auswahl)}."
    return wert, ""


def _als_wuerfel(f: Feld, wert: Any) -> tuple[Any, str]:
    if not isinstance(wert, str) or not wert.strip():
        return None, f"muss {_TYP_TEXT['wuerfel']} sein, nicht {wert!r}."
    from gm_helfer import chancen, wuerfel

    try:
        ausdruck = wuerfel.ueblicher_ausdruck(wert)
    except ValueError as fehler:
        return None, f"Würfelangabe {wert!r} ungültig: {fehler}"
    if chancen.aufwand(ausdruck) > chancen.MAX_AUFWAND:
        return None, f"Würfelangabe {wert!r}: zu viele Würfel für exakte Chancen."
    return wert.strip(), ""


_ALS_TYP: dict[str, Callable[[Feld, Any], tuple[Any, str]]] = {
    "int": _als_int, "float": _als_float, "bool": _als_bool, "str": _als_str, "auswahl": _als_auswahl,
    "wuerfel": _als_wuerfel,
}
"""Je Feldtyp: (bereinigter Wert, "") oder (None, deutsche Meldung) – ohne Grenzen und eigene Prüfung."""


def _pruefe_wert(f: Feld, wert: Any) -> tuple[Any, str]:
    """(bereinigter Wert, "") oder (None, deutsche Meldung)."""
    typ = f.typ
    if isinstance(wert, Mapping):
        return None, f"muss {_TYP_TEXT[typ]} sein, nicht eine Tabelle."
    if isinstance(wert, list):
        return None, f"muss {_TYP_TEXT[typ]} sein, nicht eine Liste."
    umwandeln = _ALS_TYP.get(typ)
    if umwandeln is not None:
        wert, meldung = umwandeln(f, wert)
        if meldung:
            return None, meldung
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
        text = pfade.lesen(datei, grenze=1_000_000).decode("utf-8")
    except UnicodeDecodeError:
        return None, [BogenFehler(datei, datei.stem, "", "ist nicht in UTF-8 gespeichert.")]
    except OSError as fehler:  # auch FIFO, Socket, Gerät, zu groß, hängendes Laufwerk (pfade.lesen)
        return None, [
            BogenFehler(datei, datei.stem, "", f"lässt sich nicht lesen: {pfade.grund(fehler)}.")
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
    (r"Cannot mutate immutable namespace (.*)",
     "die Tabelle {0} ist schon fest (Inline-Tabelle oder Liste) und lässt sich nicht erweitern"),
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
        if not d.is_dir() and not any(t.startswith(".") for t in d.relative_to(ordner).parts)  # FIFO & Co.: Meldung
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
        text = pfade.lesen(datei, grenze=1_000_000).decode("utf-8").removeprefix("\ufeff")
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


# --------------------------------------------------------------------------- atomar schreiben


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


