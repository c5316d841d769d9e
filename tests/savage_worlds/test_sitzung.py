"""Sitzungsbausteine des Live-Notebooks: Eingaben lesen, sicher ausführen, Protokolldatei."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gm_helfer import boegen
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import sitzung
from gm_helfer.savage_worlds.kampf import KampfFehler


def _kampf():
    return sitzung.kampf_aus_boegen(boegen.laden("savage_worlds").boegen, spielleiter_bennies=3)


def test_karten_und_augen_eingabe():
    assert sitzung.karten_eingabe("Brakka: A♠; Banditen: 7♥ 3♣; Mira: Joker rot 5h") == {
        "Brakka": ["A♠"], "Banditen": ["7♥", "3♣"], "Mira": ["Joker rot", "5h"]}
    assert sitzung.karten_eingabe("X: Pik Ass, 3h") == {"X": ["Pik Ass", "3h"]}
    assert sitzung.augen_je_name("Brakka: 4, 2; Mira: 6+1, 3") == {"Brakka": "4, 2", "Mira": "6+1, 3"}
    with pytest.raises(KampfFehler, match="Name"):
        sitzung.karten_eingabe("A♠")
    rng = random.Random(1)
    assert sitzung.wurfquelle("  ", rng) == {"rng": rng}
    assert sitzung.wurfquelle("5, 3", rng) == {"augen": "5, 3"}
    assert sitzung.wurfquelle_paar("7, 2 | 5", rng) == {"augen": "7, 2", "gegen_augen": "5"}
    with pytest.raises(KampfFehler, match="|"):
        sitzung.wurfquelle_paar("7, 2", rng)


def test_ausfuehren_meldet_fehler_statt_ausnahme_und_schreibt_protokoll(tmp_path):
    v = sitzung.neuer_verlauf(_kampf(), tmp_path)
    assert "⚠" in sitzung.ausfuehren(v, k.ereignis_fertig)
    assert "⚠" in sitzung.ausfuehren(v, lambda z: k.ereignis_karten(z, rng=random.Random(1)))
    assert sitzung.ausfuehren(v, k.ereignis_runde).startswith("Runde 1")
    text = sitzung.ausfuehren(v, lambda z: k.ereignis_karten(z, eingetippt=sitzung.karten_eingabe("Brakka: W7")))
    assert text.startswith("⚠")
    text = sitzung.ausfuehren(v, lambda z: k.ereignis_karten(z, **sitzung.kartenquelle("", random.Random(3))))
    assert text.startswith("Karten für Runde 1")
    assert len(v.ereignisse) == 2
    assert sitzung.protokolle(tmp_path) == [v.datei]
    v.schliessen()  # ein Schreiber je Kampf
    weiter, meldung = sitzung.fortsetzen_sicher(v.datei)
    assert weiter.zustand == v.zustand and "2 Schritte" in meldung
    assert sitzung.rueckgaengig(weiter).startswith("Zurückgenommen")
    tabelle = sitzung.protokoll_tabelle(v)
    assert tabelle.height == 2 and tabelle["Regel"][0].startswith("Savage Worlds ›")


def test_fortsetzen_kaputte_datei(tmp_path):
    datei = tmp_path / "savage_worlds_kaputt.jsonl"
    datei.write_text("kein json\n", encoding="utf-8")
    verlauf, meldung = sitzung.fortsetzen_sicher(datei)
    assert verlauf is None and meldung.startswith("⚠")
    assert sitzung.fortsetzen_sicher(None)[1].startswith("⚠")


def test_anzeigen():
    z = _kampf()
    assert "Kampf bereit" in sitzung.lage(z)
    z = k.anwenden(z, k.ereignis_runde(z))
    z = k.anwenden(z, k.ereignis_karten(z, rng=random.Random(2)))
    html = sitzung.countdown_html(z)
    assert html.count("<svg") == len(z.karten) == 7
    tabelle = sitzung.kaempfer_tabelle(z)
    assert tabelle.height == len(z.kaempfer)
    assert "Runde 1" in sitzung.lage(z)
    z = k.anwenden(z, k.ereignis_am_zug(z))
    assert sitzung.angreifer(z)
    wer = sitzung.angreifer(z)[0]
    ziele = sitzung.ziele(z, wer)
    assert z.kaempfer_namens(ziele[0]).seite != z.kaempfer_namens(wer).seite
    assert sitzung.waffen(z, wer)[-1] == "Waffenlos"


def test_beispiel_runde():
    v = sitzung.beispiel_runde(seed=4)
    assert v.zustand.runde == 1 and len(v.zustand.karten) == 7


def test_auswahl_bleibt_nach_einem_schritt():
    """Die Auswahllisten werden nach jedem Schritt neu gebaut; ihr Wert ist die gemerkte Wahl,
    solange sie noch angeboten wird."""
    assert sitzung.behalten(["Brakka", "Mira"], "Mira") == "Mira"
    assert sitzung.behalten(["Brakka", "Mira"], "Wolf 1") == "Brakka"
    assert sitzung.behalten(["Brakka", "Mira"], None) == "Brakka"
    assert sitzung.behalten([], "Mira") is None
    lage = sitzung.lage_auswahl({"deckung": "schwer", "aktionen": 2, "unbekannt": 5})
    assert lage["deckung"] == "schwer" and lage["aktionen"] == 2 and "unbekannt" not in lage
    assert lage["beleuchtung"] == "hell"
    # die Lage ergibt wieder eine gültige Angriffssituation
    assert k.Angriffssituation.aus_werten(lage).deckung == "schwer"
    assert sitzung.lage_auswahl(None) == k.Angriffssituation().als_dict()


def test_angeschlagene_wer_dran_ist_zuerst():
    z = _kampf()
    z = k.anwenden(z, k.ereignis_runde(z))
    z = k.anwenden(z, k.ereignis_karten(z, rng=random.Random(3)))
    namen = [kf.name for kf in z.kaempfer if kf.wildcard]
    erster, letzter = namen[0], namen[-1]
    for n in (erster, letzter):
        z = k._ersetze(z, replace(z.kaempfer_namens(n), angeschlagen=True))
    assert sitzung.namen(z, "angeschlagen")[0] == erster
    z = k.anwenden(z, k.ereignis_am_zug(z, z.empfaenger(z.kaempfer_namens(letzter))))
    assert sitzung.namen(z, "angeschlagen")[0] == letzter
    assert any("Erholungsprobe" in a for a in sitzung.offene_aufgaben(z))
