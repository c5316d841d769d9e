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


def _texte(elemente):
    return " ".join(e.text for e in elemente)


def test_alle_abschnitte_des_live_notebooks_laufen(tmp_path, monkeypatch):
    from gm_helfer.savage_worlds import zug

    monkeypatch.syspath_prepend(str(NOTEBOOKS))
    nb = importlib.import_module("savage_worlds_kampf")
    v, z = _kampf_mit_allem(tmp_path)
    assert z.kaempfer_namens("Brakka").ag_probe_offen and sitzung.wegstecken_ziel(z) == "Brakka"
    _, defs = nb.app.run(defs={"verlauf": v, "kampf": z, "wer": zug.am_zug(z)})
    # Zug-Panel, Entscheidungen (Wegstecken oder verzichten, Außer Gefecht) und die seltenen Werkzeuge
    for name in ("zug_knoepfe", "entscheidung_elemente", "werkzeug_elemente", "situation", "ziel_wahl", "waffe_wahl"):
        assert name in defs, name
    entscheidungen = _texte(defs["entscheidung_elemente"])
    for knopf in ("Wegstecken (Benny)", "Nicht wegstecken", "Außer-Gefecht-Probe", "Rückgängig"):
        assert knopf in entscheidungen, knopf
    assert "Angreifen" in _texte(defs["zug_knoepfe"])
    # Standardziel des Barons (Issue 23, Punkt 5): der stehende Held, den er mit der besten exakten
    # Chance außer Gefecht setzt (Brakka ist schon außer Gefecht)
    chancen = zug.ausschalt_chancen(z, "Schwarzer Baron")
    assert "Brakka" not in chancen and defs["ziel_wahl"].value in chancen
    assert chancen[defs["ziel_wahl"].value] == max(chancen.values())
    # vor dem Schaden (eingetippter Angriff ohne Schaden): „Schaden würfeln“ mit seinen Chancen
    vorher = v.zustaende[-2]
    assert vorher.offene_treffer
    _, defs = nb.app.run(defs={"verlauf": v, "kampf": vorher, "wer": zug.am_zug(vorher)})
    assert "Schaden würfeln" in _texte(defs["entscheidung_elemente"])


def test_lern_notebook_laeuft(monkeypatch):
    monkeypatch.syspath_prepend(str(NOTEBOOKS))
    nb = importlib.import_module("savage_worlds_lernen")
    _, defs = nb.app.run()
    assert defs["beispiel"].zustand.runde == 1
    assert defs["schaden_c"] is not None
