"""Charakterbögen speichern: Kommentare und Reihenfolge der Datei bleiben (tomlkit), atomar
geschrieben, Namenskonflikte gemeldet. Teil von :mod:`gm_helfer.boegen` (dort auch alle Namen).
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import tomlkit
import tomlkit.items

from gm_helfer import pfade

if TYPE_CHECKING:  # polars erst in den Tabellen-Helfern (die Regeln brauchen es nicht)
    pass

from gm_helfer.boegen_kern import (
    Bogen,
    Feld,
    Schema,
    SchemaFehler,
    SpeicherFehler,
    Untertabelle,
    _anzeige_pfad,
    _aus_text,
    _doppelt_meldung,
    _flach,
    _pruefe_zeile,
    _roher_name,
    _verschachtelt,
    atomar_schreiben,
    laden_datei,
    schema,
)

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
        text = pfade.lesen(bogen.datei, grenze=1_000_000).decode("utf-8").removeprefix("\ufeff")
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
    try:
        atomar_schreiben(bogen.datei, _toml_text(bogen).encode("utf-8"))
    except OSError as fehler:  # deutsch und ohne absoluten Pfad
        raise SpeicherFehler(
            f"{_anzeige_pfad(bogen.datei)}, {bogen.name}: nicht gespeichert – {pfade.grund(fehler)}."
        ) from None
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
        roh = pfade.lesen(bogen.datei, grenze=1_000_000).decode("utf-8")
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
