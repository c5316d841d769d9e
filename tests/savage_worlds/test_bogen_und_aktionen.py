"""Charakterbögen (Beispielgruppe, abgeleitete Werte, Fehlermeldungen) und Bewegung/Aktionen."""

from __future__ import annotations

import polars as pl
import pytest

from gm_helfer import boegen
from gm_helfer.karten import Karte, KartenFehler
from gm_helfer.savage_worlds import bogen as sw_bogen
from gm_helfer.savage_worlds.aktionen import (
    AUFSTEHEN_KOSTEN,
    KRIECHEN,
    bewegungsweite,
    gelaende_kosten,
    mehrfachaktion_abzug,
    sprungweite,
    waffe_bereitmachen,
)
from gm_helfer.savage_worlds.initiative import karte_waehlen, karten_bedarf


def _alle():
    r = boegen.laden("savage_worlds")
    assert r.fehler == ()
    return r.boegen, [k for b in r.boegen for k in sw_bogen.kaempfer_aus_bogen(b)]


def test_beispielbogen_vier_helden_und_drei_gegnerarten():
    boegen_, kaempfer = _alle()
    helden = [k for k in kaempfer if k.seite == "Helden" and k.wildcard]
    assert len(helden) == 4
    schurken_arten = {b.name for b in boegen_ if b.werte["seite"] == "Schurken"}
    assert len(schurken_arten) >= 3
    assert any(k.wildcard and k.seite == "Schurken" for k in kaempfer)  # Wildcard-Schurke
    gruppen = {k.gruppe for k in kaempfer if not k.wildcard and k.seite == "Schurken"}
    assert {"Banditen", "Wölfe"} <= gruppen
    assert all(k.bennies >= 1 for k in helden)
    alle_talente = set().union(*(k.talente for k in kaempfer))
    assert {"kuehler_kopf", "verbesserter_kuehler_kopf", "schnell", "blitzhieb"} <= alle_talente


def test_parade_und_robustheit_abgeleitet():
    _, kaempfer = _alle()
    n = {k.name: k for k in kaempfer}
    # Brakka: Kämpfen W10 → 2+5 = 7; Konstitution W10 + Lederrüstung 1 → 2+5+1 = 8
    assert (n["Brakka"].parade, n["Brakka"].robustheit) == (7, 8)
    # Schwarzer Baron: Kämpfen W10 + Schild 1 → 8; Konstitution W8 + Platte 3 → 9
    assert (n["Schwarzer Baron"].parade, n["Schwarzer Baron"].robustheit) == (8, 9)
    # Söldner mit Speer (Parade +1)
    assert n["Söldner 1"].parade == 2 + 3 + 1
    assert sw_bogen.parade({"fertigkeiten.kaempfen": "untrainiert"}) == 2


def test_falscher_wuerfel_im_bogen_deutsche_meldung(tmp_path):
    (tmp_path / "kaputt.toml").write_text(
        'name = "Kaputt"\nart = "Statist"\n[attribute]\ngeschicklichkeit = "W7"\nverstand = "W4"\n'
        'willenskraft = "W6"\nstaerke = "W6"\n', encoding="utf-8"
    )
    r = boegen.laden("savage_worlds", tmp_path)
    meldungen = " ".join(str(f) for f in r.fehler)
    assert "attribute.geschicklichkeit" in meldungen and "W7" in meldungen
    assert "attribute.konstitution" in meldungen and "fehlt" in meldungen


def test_kaputte_waffe_meldet_charakter_und_waffe():
    werte = {"name": "X", "art": "Wildcard", "seite": "Helden", **{f"attribute.{a}": "W6" for a in sw_bogen.ATTRIBUTE}}
    with pytest.raises(ValueError, match="X, Waffe „Keule“"):
        sw_bogen.kaempfer_aus_werten(werte, [{"name": "Keule", "art": "Nahkampf", "schaden": "St+W7"}])


def test_mehrfachaktionen_und_bewegung():
    assert [mehrfachaktion_abzug(n) for n in (1, 2, 3)] == [0, -2, -4]
    assert bewegungsweite(6) == 6
    assert bewegungsweite(6, wunden=2) == 4  # „−2 auf seine Bewegungsweite“
    assert bewegungsweite(2, wunden=3) == 1  # Minimum 1
    assert bewegungsweite(6, wunden=3, sprint=4) == 7  # der Sprintwürfel ohne Abzug
    assert bewegungsweite(6, sprint=4, geduckt=True) == 5
    assert KRIECHEN == 2 and AUFSTEHEN_KOSTEN == 2
    assert gelaende_kosten(3, schwierig=True) == 6 and gelaende_kosten(3, schwierig=False) == 3
    assert (sprungweite(anlauf=False), sprungweite(anlauf=True), sprungweite(anlauf=True, staerke_erfolg=True)) == (1, 2, 3)


def test_waffe_bereitmachen():
    assert waffe_bereitmachen(schnell=False).ganze_runde
    s = waffe_bereitmachen(schnell=True)
    assert (s.abzug, s.geschicklichkeitsprobe) == (-2, False)
    assert waffe_bereitmachen(schnell=True, unhandlich=True).geschicklichkeitsprobe
    assert waffe_bereitmachen(schnell=True, zwei_waffen=True).geschicklichkeitsprobe


def test_karte_waehlen_und_bedarf():
    k = [Karte.parse(t) for t in ("4♠", "Joker")]
    assert karte_waehlen(k, kuehler_kopf=1, schnell=True) == (Karte.parse("Joker"), 2)
    assert karte_waehlen([Karte.parse("5♥"), Karte.parse("6♣")], schnell=True) == (Karte.parse("6♣"), 2)
    assert karten_bedarf([Karte.parse("5♥")], schnell=True) == 1
    assert karten_bedarf([Karte.parse("5♥")], kuehler_kopf=2) == 2
    with pytest.raises(KartenFehler, match="Schnell"):
        karte_waehlen([Karte.parse("5♥")], schnell=True)


def test_tabellen_rundreise_fuer_den_data_editor():
    r = boegen.laden("savage_worlds")
    tabellen = boegen.als_tabellen(r.boegen, sw_bogen.SCHEMA)
    assert {"parade", "robustheit"} <= set(tabellen["charaktere"].columns)
    zurueck = boegen.aus_tabellen(tabellen, sw_bogen.SCHEMA, r.boegen)
    assert zurueck.fehler == ()
    vorher = {k.name: k for b in r.boegen for k in sw_bogen.kaempfer_aus_bogen(b)}
    nachher = {k.name: k for b in zurueck.boegen for k in sw_bogen.kaempfer_aus_bogen(b)}
    assert vorher == nachher
    # eine Änderung im Editor: Brakkas Konstitution W12 → Robustheit 2 + 6 + 1
    geaendert = tabellen["charaktere"].with_columns(
        pl.when(pl.col("name") == "Brakka").then(pl.lit("W12")).otherwise(pl.col("attribute.konstitution"))
        .alias("attribute.konstitution")
    )
    neu = boegen.aus_tabellen({**tabellen, "charaktere": geaendert}, sw_bogen.SCHEMA, r.boegen)
    brakka = next(b for b in neu.boegen if b.name == "Brakka")
    assert sw_bogen.kaempfer_aus_bogen(brakka)[0].robustheit == 9
