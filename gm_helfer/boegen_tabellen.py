"""Charakterbögen als Tabellen (polars) für ``mo.ui.data_editor`` und zurück. Teil von
:mod:`gm_helfer.boegen` (dort auch alle Namen); polars wird erst beim Aufruf geladen.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gm_helfer import pfade

if TYPE_CHECKING:  # polars erst in den Tabellen-Helfern (die Regeln brauchen es nicht)
    import polars as pl

from gm_helfer.boegen_kern import (
    _POLARS_TYP,
    Bogen,
    BogenFehler,
    Ladeergebnis,
    Schema,
    _bogen_pruefen,
    _doppelt_meldung,
    _eingabe_abgeleitet,
    _name_fuer_meldung,
)
from gm_helfer.boegen_speichern import _namen_im_ordner, _system_ordner

# --------------------------------------------------------------------------- Tabellen


def abgeleitete_werte(bogen: Bogen, schema: Schema) -> dict[str, Any]:
    """Berechnet die abgeleiteten Werte des Schemas (z. B. Parade) für einen Bogen."""
    eingabe = _eingabe_abgeleitet(bogen)
    return {name: funktion(eingabe) for name, funktion in schema.abgeleitet.items()}


def _spalten_typ(werte: Iterable[Any]) -> pl.DataType:
    import polars as pl

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
    import polars as pl

    boegen = list(boegen)
    spalten: dict[str, pl.Series] = {
        "datei": pl.Series("datei", [_datei_schluessel(b) for b in boegen], dtype=pl.Utf8)
    }
    for f in schema.felder:
        spalten[f.name] = pl.Series(
            f.name, [b.werte.get(f.name) for b in boegen], dtype=getattr(pl, _POLARS_TYP[f.typ])
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
            s.append(pl.Series(f.name, [z.get(f.name) for _, z in zeilen], dtype=getattr(pl, _POLARS_TYP[f.typ])))
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
    ordner = (
        Path(boegen[0].datei).parent if boegen else pfade.charakter_ordner(schema.system)
    )
    fehler: list[BogenFehler] = []
    eintraege = _zeilen_zuordnen(tabellen["charaktere"], schema, boegen, ordner, fehler)
    eintraege, ohne = _ohne_doppelte_zeilen(eintraege, schema, boegen, ordner, fehler)
    unter_roh = _untertabellen_zuordnen(tabellen, schema, eintraege, ohne, ordner, fehler)
    neue: list[Bogen] = []
    for (datei, _alt, roh), unter in zip(eintraege, unter_roh):
        bogen, f = _bogen_pruefen(datei, roh, unter, schema)
        fehler.extend(f)
        if bogen is not None:
            neue.append(bogen)
    return Ladeergebnis(tuple(neue), tuple(fehler))


_Eintrag = tuple[Path, "Bogen | None", dict[str, Any]]
"""(Datei, alter Bogen oder ``None``, rohe Werte) je Zeile der Tabelle ``"charaktere"``."""


def _zeilen_zuordnen(charaktere: pl.DataFrame, schema: Schema, boegen: Sequence[Bogen], ordner: Path,
                     fehler: list[BogenFehler]) -> list[_Eintrag]:
    """Die Zeilen der Tabelle ``"charaktere"`` den alten Bögen (über ``datei``) oder neuen Dateien zuordnen."""
    alt_nach_datei = {_datei_schluessel(b): b for b in boegen}
    feldnamen = [f.name for f in schema.felder]
    eintraege: list[_Eintrag] = []
    belegt: set[Path] = set()
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
    return eintraege


def _ohne_doppelte_zeilen(eintraege: list[_Eintrag], schema: Schema, boegen: Sequence[Bogen], ordner: Path,
                          fehler: list[BogenFehler]) -> tuple[list[_Eintrag], set[Any]]:
    """Zwei Zeilen mit demselben Namen: beide fallen heraus (Untertabellen gingen sonst an den
    falschen Charakter und der Kampf verwechselte sie); ebenso ein Name, den ein Bogen außerhalb
    der Tabelle trägt. Gibt die übrigen Einträge und die Namen ohne Bogen zurück."""
    namen_zaehler: dict[Any, list[Path]] = {}
    for datei, _, roh in eintraege:
        namen_zaehler.setdefault(roh.get("name"), []).append(datei)
    doppelt = {n for n, dateien in namen_zaehler.items() if isinstance(n, str) and len(dateien) > 1}
    for datei, _, roh in eintraege:
        if roh.get("name") in doppelt:
            andere = [d for d in namen_zaehler[roh["name"]] if d != datei]
            fehler.append(BogenFehler(datei, roh["name"], "name", _doppelt_meldung(roh["name"], andere)))
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
    return eintraege, ohne


def _untertabellen_zuordnen(tabellen: Mapping[str, pl.DataFrame], schema: Schema, eintraege: list[_Eintrag],
                            ohne: set[Any], ordner: Path, fehler: list[BogenFehler]) -> list[dict[str, list]]:
    """Je Eintrag die Zeilen jeder Untertabelle: über ``charakter`` (Name neu, sonst alt); fehlt
    eine Untertabelle, bleiben die alten Zeilen."""
    nach_name: dict[str, int] = {}
    for i, (_, alt, _roh) in enumerate(eintraege):
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
    return unter_roh
