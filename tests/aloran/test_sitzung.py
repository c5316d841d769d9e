"""Notebook-Helfer: Bögen aus Tabellen, Speichern, Protokolldateien, Anzeigetabellen."""

from datetime import datetime

import polars as pl

from gm_helfer import aloran, boegen, pfade
from gm_helfer.aloran import sitzung


def test_bogenstand_aus_bearbeiteter_tabelle_und_speichern():
    ladung = boegen.laden("aloran")
    tabellen = sitzung.bogen_tabellen(ladung)
    geaendert = tabellen["charaktere"].with_columns(
        pl.when(pl.col("name") == "Wolf").then(5).otherwise(pl.col("attribute.athletik")).alias("attribute.athletik"))
    stand = sitzung.bogenstand({**tabellen, "charaktere": geaendert}, ladung)
    assert stand.meldungen == ()
    wolf = stand.werte_namens(["Wolf"])[0]
    assert wolf.attribute["athletik"] == 5
    assert sitzung.speichern(stand) == ["Wolf gespeichert (wolf.toml)."]
    assert "athletik = 5" in (pfade.charakter_ordner("aloran") / "wolf.toml").read_text(encoding="utf-8")
    assert sitzung.speichern(sitzung.bogenstand(sitzung.bogen_tabellen(boegen.laden("aloran")), boegen.laden("aloran"))) \
        == ["Nichts geändert – alle Bögen waren schon gespeichert."]


def test_fehlerhafte_eingabe_wird_gemeldet_nicht_geworfen():
    ladung = boegen.laden("aloran")
    tabellen = sitzung.bogen_tabellen(ladung)
    kaputt = tabellen["charaktere"].with_columns(
        pl.when(pl.col("name") == "Brann").then(9).otherwise(pl.col("attribute.mut")).alias("attribute.mut"))
    stand = sitzung.bogenstand({**tabellen, "charaktere": kaputt}, ladung)
    assert any("Brann" in m and "attribute.mut" in m for m in stand.meldungen)
    assert "Brann" not in stand.namen and "Wolf" in stand.namen


def test_protokolldateien():
    a = sitzung.neue_protokolldatei(datetime(2026, 1, 2, 3, 4, 5))
    assert a.name == "aloran_20260102_030405.jsonl" and a.parent == pfade.kampf_ordner()
    a.write_text('{"format": "gm_helfer-protokoll", "version": 1, "system": "aloran", "kopf": {}}\n')
    b = sitzung.neue_protokolldatei(datetime(2026, 1, 2, 3, 4, 5))
    assert b.name == "aloran_20260102_030405_2.jsonl"
    assert sitzung.protokolldateien() == ["aloran_20260102_030405.jsonl"]


def test_wundtabelle_und_vorauswahl():
    t = sitzung.wundtabelle(3, "Fern")
    assert t["Wunden"].to_list() == ["0", "bis 3", "bis 6", "bis 9", "bis 12", "bis 15", "über 15"]
    assert t["Stichwaffen: Tiefe Wunden"].to_list()[-1] == "schwere innere Blutungen"
    ladung = boegen.laden("aloran")
    stand = sitzung.bogenstand(sitzung.bogen_tabellen(ladung), ladung)
    wahl = stand.vorauswahl()
    assert len(wahl) == 4 and {w.seite for w in stand.werte_namens(wahl)} == {"Helden", "Gegner"}
    kampf = aloran.neuer_kampf(stand.werte_namens(wahl))
    assert sitzung.gegner_von(kampf, wahl[0])[:2] == wahl[2:]


def test_zonen_auswahl_und_wer_noch_eingreifen_kann():
    assert sitzung.zonen_auswahl()["Linkes Bein"] == "bein_links" and len(sitzung.zonen_auswahl()) == 7
    ladung = boegen.laden("aloran")
    stand = sitzung.bogenstand(sitzung.bogen_tabellen(ladung), ladung)
    kampf = aloran.neuer_kampf(stand.werte_namens(["Brann", "Wolf"]))
    rest = sitzung.noch_nicht_dabei(stand, kampf)
    assert "Brann" not in rest and "Wolf" not in rest and len(rest) == len(stand.namen) - 2


def test_lern_tabellen():
    t = sitzung.patzer_tabelle(stufen=(1, 2), pools=(5,))
    assert t["Patzer mit 5 W10"].to_list() == ["41,0 %", "8,1 %"]  # 1 − 0,9⁵; 1 − 0,9⁵ − 5·0,1·0,9⁴
    assert sitzung.beispiel_wunden(1, 2, 3) == (1, 2, 3, 0, 0, 0, 0)
    assert sitzung.wunden_text(10, 0, 0, 3, "Hieb").endswith("**kampfunfähig**")
    assert sitzung.wunden_text(0, 0, 4, 3, "Wucht") == "Leichte Verletzung: Verstauchung – Abzug 1 W10, Initiative −2"
    v = sitzung.verteidigung_tabelle()
    zeilen = {z["Angriff"]: z for z in v.iter_rows(named=True)}
    assert zeilen["Zauber (geistige Beeinflussung)"]["Willenskraft"] == "ja"
    assert zeilen["Zauber (geistige Beeinflussung)"]["Ausweichen"] == "–"
    assert zeilen["Zauber (physisch, z. B. Feuerball)"]["Standard-Parade"] == "–"
    assert zeilen["Waffe / waffenlos / Manöver"]["Willenskraft"] == "–"
