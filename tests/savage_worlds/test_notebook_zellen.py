"""Die Zellen des Live-Notebooks mit einem vorbereiteten Kampf: jeder Abschnitt rechnet ohne Fehler.

Wegstecken, Außer Gefecht, Ausbluten und Erholung erscheinen nur, wenn der Kampf sie braucht;
``app.run(defs=...)`` setzt den Kampf direkt ein, so dass auch diese Zellen laufen.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from pathlib import Path

from gm_helfer import boegen
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import sitzung

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _kampf_mit_allem(tmp_path):
    v = sitzung.neuer_verlauf(sitzung.kampf_aus_boegen(boegen.laden("savage_worlds").boegen, spielleiter_bennies=3), tmp_path)
    v.ausfuehren(k.ereignis_runde(v.zustand))
    v.ausfuehren(k.ereignis_karten(v.zustand, eingetippt={
        "Banditen": ["2♣"], "Brakka": ["3♣"], "Lena Falk": ["4♣", "D♣"], "Mira": ["5♣", "6♣", "7♣"],
        "Schwarzer Baron": ["K♠", "8♣"], "Theo vom Stein": ["9♣", "10♣"], "Wölfe": ["B♣"]}))
    v.ausfuehren(k.ereignis_am_zug(v.zustand, "Schwarzer Baron"))
    v.ausfuehren(k.ereignis_angriff(v.zustand, "Schwarzer Baron", "Brakka", "Langschwert", augen="10+3, 2"))
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="10+10+2, 8+1, 6+2"))
    z = v.zustand
    z = k._ersetze(z, replace(z.kaempfer_namens("Theo vom Stein"), blutet=True, ausser_gefecht=True, wunden=3))
    z = k._ersetze(z, replace(z.kaempfer_namens("Mira"), angeschlagen=True))
    return v, z


def test_alle_abschnitte_des_live_notebooks_laufen(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(NOTEBOOKS))
    nb = importlib.import_module("savage_worlds_kampf")
    v, z = _kampf_mit_allem(tmp_path)
    assert z.kaempfer_namens("Brakka").ag_probe_offen and sitzung.wegstecken_ziel(z) == "Brakka"
    _, defs = nb.app.run(defs={"verlauf": v, "kampf": z, "nachgeladen": ""})
    for knopf in ("wegstecken_knopf", "ag_knopf", "ausbluten_knopf", "heilen_knopf", "erholung_knopf",
                  "benny_knopf", "angriff_knopf", "unterbrechen_knopf", "bewegung_knopf", "sprung_knopf", "bereit_knopf",
                  "weitere_ziele", "heilen_nach_kampf", "manoever_knopf", "patt_knopf"):
        assert knopf in defs, knopf
    assert defs["angriff_chancen"] is not None
    # vor dem Schaden: die Schadenszelle mit ihren Chancen
    vorher = v.zustaende[-2]
    assert vorher.offene_treffer
    _, defs = nb.app.run(defs={"verlauf": v, "kampf": vorher, "nachgeladen": ""})
    assert "schaden_knopf" in defs and "blind_knopf" in defs


def test_lern_notebook_laeuft(monkeypatch):
    monkeypatch.syspath_prepend(str(NOTEBOOKS))
    nb = importlib.import_module("savage_worlds_lernen")
    _, defs = nb.app.run()
    assert defs["beispiel"].zustand.runde == 1
    assert defs["schaden_c"] is not None
