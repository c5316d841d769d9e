"""Die gemeinsame Notebook-Schicht: Zahlen, Mehrzahl, Dateien, gespeicherte Kämpfe, Fortsetzen."""

from __future__ import annotations

import doctest
import re
from datetime import datetime

import polars as pl

from gm_helfer import tisch, tisch_kern
from gm_helfer.protokoll import Ereignis, Verlauf


def _anwenden(z, e):
    if e.art == "fehler":
        raise ValueError("geht nicht")
    return z + 1


def test_doctests():
    assert doctest.testmod(tisch).failed == 0


def test_mehrzahl_und_komma():
    assert tisch.anzahl(1, "Wunde", "Wunden") == "1 Wunde"
    assert tisch.anzahl(1.0, "Wunde", "Wunden") == "1 Wunde"
    assert tisch.anzahl(3, "Wunde", "Wunden") == "3 Wunden"
    assert tisch.anzahl(0.19, "Wunde", "Wunden", 2) == "0,19 Wunden"
    assert tisch.zahl(-0.5) == "−0,5"


def test_tabelle_ohne_null_und_punkt():
    df = pl.DataFrame({"Name": ["A", None], "Wert": [1.5, None], "Zahl": [1, 2], "Wildcard": [True, False]})
    aus = tisch.tabelle_deutsch(df)
    assert aus["Name"].to_list() == ["A", "–"]
    assert aus["Wert"].to_list() == ["1,5", "–"]
    assert aus["Zahl"].to_list() == [1, 2]
    assert aus["Wildcard"].to_list() == ["ja", "nein"]


def test_html_tabelle_deutsch_ohne_englische_bedienelemente():
    df = pl.DataFrame({"Name": ["<A>", None], "Wunden": [1.5, None], "Bennies": [3, 0], "Tick 0": [0.25, None]})
    aus = tisch.tabelle_html(df, titel="Kämpfer", formate={"Tick 0": tisch.prozent}, hoehe="10em")
    zellen = re.findall(r"<td(?: [^>]*)?>(.*?)</td>", aus)
    assert zellen == ["&lt;A&gt;", "1,5", "3", "25,0\u00a0%", "–", "–", "0", "–"]
    assert re.findall(r"<th(?: [^>]*)?>(.*?)</th>", aus) == ["Name", "Wunden", "Bennies", "Tick 0"]
    assert ">Kämpfer</caption>" in aus and "max-height: 10em" in aus
    for englisch in ("null", "None", "Search", "rows", "Page"):
        assert englisch not in aus


def test_protokolldatei_einheitlich(tmp_path):
    jetzt = datetime(2026, 11, 30, 21, 4, 5)
    erste = tisch.protokoll_datei("w100", tmp_path, jetzt)
    assert erste.name == "w100_2026-11-30_21-04-05.jsonl"
    erste.write_text("x")
    assert tisch.protokoll_datei("w100", tmp_path, jetzt).name == "w100_2026-11-30_21-04-05_2.jsonl"


def test_gespeicherte_kaempfe_beschriftet_und_fortsetzen(tmp_path):
    v = tisch.neuer_verlauf("test", 0, _anwenden, {"namen": ["Brakka", "Mira"]}, ordner=tmp_path)
    v.ausfuehren(Ereignis("runde", {}, text="Runde 1 beginnt"))
    v.ausfuehren(Ereignis("angriff", {}, text="Brakka greift an"))
    v.ausfuehren(Ereignis("runde", {}, text="Runde 2 beginnt"))
    v.rueckgaengig()
    liste = tisch.gespeicherte_kaempfe("test", lambda kopf: kopf["namen"], ordner=tmp_path)
    assert len(liste) == 1
    k = liste[0]
    assert k.teilnehmer == ("Brakka", "Mira")
    assert k.runde == 1
    assert k.letzter_schritt == "Brakka greift an"
    assert k.beschriftung.startswith("Brakka, Mira · Runde 1 · zuletzt: Brakka greift an")
    # eine zweite Sitzung bekommt die Sperre gemeldet, kann aber ansehen oder übernehmen
    gesperrt = tisch.fortsetzen(k.datei, lambda kopf: 0, _anwenden)
    assert gesperrt.verlauf is None and gesperrt.gesperrt and gesperrt.meldung.startswith("🔒")
    lesen = tisch.fortsetzen(k.datei, lambda kopf: 0, _anwenden, art="lesen")
    assert lesen.nur_lesen and lesen.verlauf.zustand == 2
    neu = tisch.fortsetzen(k.datei, lambda kopf: 0, _anwenden, art="uebernehmen")
    assert neu.verlauf.zustand == 2 and "2 Schritten" in neu.meldung
    assert tisch.ausfuehren(v, lambda z: Ereignis("x", {}, text="x")).startswith("⚠")
    neu.verlauf.schliessen()
    v.schliessen()


def test_ausfuehren_abgelehnt_aendert_nichts():
    v = Verlauf(0, _anwenden)
    assert tisch.ausfuehren(v, lambda z: Ereignis("fehler", {})) == "⚠ geht nicht"
    assert v.zustand == 0
    assert tisch.ausfuehren(v, lambda z: Ereignis("plus", {}, eingetippt=True, text="eins")) == "✎ eins"
    assert tisch.rueckgaengig(v) == "Zurückgenommen: eins"
    assert tisch.rueckgaengig(v).startswith("⚠")


def test_protokoll_neueste_zuerst():
    v = Verlauf(0, _anwenden)
    for t in ("a", "b"):
        v.ausfuehren(Ereignis("x", {}, text=t))
    assert tisch.protokoll_tabelle(v)["Was geschah"].to_list() == ["b", "a"]
    assert tisch.protokoll_tabelle(None).height == 0


def test_relativ(tmp_path):
    (tmp_path / "sw").mkdir()
    assert tisch.relativ(tmp_path / "sw" / "a.toml", tmp_path) == "sw/a.toml"
    assert tisch.relativ("/anderswo/b.toml", tmp_path) == "b.toml"


def test_ohne_gespeicherten_kampf_steht_ein_deutscher_text_statt_leer():
    wahl = tisch.kampf_wahl([])
    assert wahl.value == "" and tisch.KEIN_GESPEICHERTER in wahl.text
    assert tisch.fortsetzen(wahl.value, dict, lambda z, e: z).verlauf is None  # Fortsetzen meldet nur


def test_ein_klick_mit_mehreren_ereignissen_ist_ein_rueckgaengig():
    """DESIGN „The flow of a session“: „A step the GM clicks is one undo unit“ – in jedem System,
    darum im gemeinsamen Tisch: ``Tisch.schritte`` fasst die Ereignisse eines Klicks zusammen."""
    meldungen: list[str] = []
    t = tisch.Tisch(lambda f: None, meldungen.append)
    v = Verlauf(0, _anwenden)
    t.starten(v, "")

    def angriff_samt_schaden(verlauf):
        verlauf.ausfuehren(Ereignis("plus", {}, text="Angriff"))
        verlauf.ausfuehren(Ereignis("plus", {}, text="Schaden"))
        return ["Angriff", "Schaden"]

    assert t.schritte(angriff_samt_schaden)
    assert t.schritte(angriff_samt_schaden)
    assert v.zustand == 4 and len(v.ereignisse) == 4
    t.rueckgaengig()
    assert v.zustand == 2 and len(v.ereignisse) == 2
    t.rueckgaengig()
    assert v.zustand == 0


def test_gespeicherte_kaempfe_helden_zuerst_gegner_zusammengefasst(tmp_path):
    """Issue 23: „heroes first, then foes grouped (‚Brakka, Lena Falk, Mira gegen Schwarzer Baron und 8
    Banditen‘)“ – Kopien eines Bogens („Bandit 1“ … „Bandit 8“) als „Bandit ×8“."""
    kopf = {"kaempfer": [["Bandit 1", "Schurken"], ["Brakka", "Helden"], ["Schwarzer Baron", "Schurken"],
                         *[[f"Bandit {i}", "Schurken"] for i in range(2, 9)], ["Lena Falk", "Helden"], ["Mira", "helden"]]}
    v = tisch.neuer_verlauf("test", 0, _anwenden, kopf, ordner=tmp_path)
    v.ausfuehren(Ereignis("runde", {}, text="Runde 1 beginnt"))
    v.schliessen()
    (k,) = tisch.gespeicherte_kaempfe("test", lambda kopf: [tuple(e) for e in kopf["kaempfer"]], ordner=tmp_path)
    assert k.beschriftung.startswith("Brakka, Lena Falk, Mira gegen Bandit ×8, Schwarzer Baron · Runde 1 · zuletzt: Runde 1")
    assert tisch_kern._namen_kurz([f"N{i}" for i in range(7)]) == "N0, N1, N2, N3, N4 und 2 weitere"
