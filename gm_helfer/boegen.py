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

Aufgeteilt nach Anliegen (Issue 20); alle Namen bleiben hier (``gm_helfer.boegen.X``):
:mod:`gm_helfer.boegen_kern` (Schema, Laden, Prüfen, atomar schreiben),
:mod:`gm_helfer.boegen_speichern` (Speichern mit tomlkit), :mod:`gm_helfer.boegen_tabellen`
(Tabellen für ``mo.ui.data_editor``; polars erst beim Aufruf).
"""

from __future__ import annotations

import os  # noqa: F401 – ``boegen.os``: Tests ersetzen ``os.replace`` für das atomare Speichern

from gm_helfer.boegen_kern import (  # noqa: F401 – alle Namen, auch private, unter gm_helfer.boegen
    _ALS_TYP,
    _POLARS_TYP,
    _SCHEMATA,
    _TEMP_ALT,
    _TEMP_ALTER,
    _TEMP_NEU,
    _TOML_MELDUNGEN,
    _TYP_TEXT,
    _ZU_TIEF,
    BEGEGNUNGEN_ORDNER,
    MAX_TIEFE,
    TYPEN,
    Bogen,
    BogenFehler,
    Feld,
    FesteZuordnung,
    Ladeergebnis,
    Schema,
    SchemaFehler,
    SpeicherFehler,
    Untertabelle,
    _als_auswahl,
    _als_bool,
    _als_float,
    _als_int,
    _als_str,
    _als_wuerfel,
    _anzeige_pfad,
    _aus_text,
    _bogen_pruefen,
    _doppelt_meldung,
    _eingabe_abgeleitet,
    _flach,
    _frieren,
    _name_fuer_meldung,
    _ohne_doppelte_namen,
    _prozess_lebt,
    _pruefe_felder,
    _pruefe_wert,
    _pruefe_zeile,
    _reste_entfernen,
    _roher_name,
    _tabellen_namen,
    _tiefe,
    _verschachtelt,
    _zahl_text,
    atomar_schreiben,
    laden,
    laden_datei,
    registrieren,
    schema,
    toml_meldung,
)
from gm_helfer.boegen_speichern import (  # noqa: F401 – alle Namen, auch private, unter gm_helfer.boegen
    _FEHLT,
    _dokument,
    _einarbeiten,
    _gleich,
    _holen,
    _klar,
    _namen_im_ordner,
    _namenskonflikt,
    _schema_oder_none,
    _system_ordner,
    _toml_text,
    _unveraendert,
    _wert_gleich,
    _zeile_loeschen,
    _zeilen_einarbeiten,
    speichern,
)
from gm_helfer.boegen_tabellen import (  # noqa: F401 – alle Namen, auch private, unter gm_helfer.boegen
    _DATEINAME,
    _datei_schluessel,
    _Eintrag,
    _neuer_dateiname,
    _ohne_doppelte_zeilen,
    _python_wert,
    _spalten_typ,
    _untertabellen_zuordnen,
    _zeilen_zuordnen,
    abgeleitete_werte,
    als_tabellen,
    aus_tabellen,
)

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
