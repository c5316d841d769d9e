"""Vorgaben am Spieltisch: „Wer kämpft mit?“ wählt den letzten Kampf oder die Begegnung vor (nicht
jeden Bogen), nennt Bögen mit mehreren Kämpfern („Bandit ×4“) und fragt auf Deutsch (Häkchen
statt marimos „Select…“)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from types import SimpleNamespace

from gm_helfer import tisch


def _bogen(name, **werte):
    return SimpleNamespace(name=name, werte=werte)


def test_bogen_mit_mehreren_kaempfern_sagt_es():
    boegen = [_bogen("Brakka"), _bogen("Bandit", anzahl=4), _bogen("Wolf", anzahl=1)]
    assert tisch.bogen_beschriftung(boegen) == {"Brakka": "Brakka", "Bandit": "Bandit ×4", "Wolf": "Wolf"}


def test_mehrfachwahl_deutsch_mit_haken_und_gewaehlten_namen():
    wahl = tisch.mehrfachwahl({"Brakka": "Brakka", "Bandit": "Bandit ×4"}, ["Bandit"], label="Wer kämpft mit?")
    assert tisch.gewaehlt(wahl) == ["Bandit"]
    html = wahl.text
    assert "Bandit ×4" in html and "Select" not in html and "multiselect" not in html
    assert tisch.gewaehlt(["a", "b"]) == ["a", "b"]  # eine Liste bleibt, wie sie ist


def test_mehrfachwahl_ansicht_ohne_json_baum():
    """Im Spielabend (1280 und 820 px) gesehen: die erste Zeile der Seite war
    ``"Wer kämpft mit?<span style='display:none'>a693…</span>": { 8 Items`` und je Bogen ein Schlüssel in
    Anführungszeichen – marimo zeigt ein ``mo.ui.dictionary`` als JSON-Baum, samt dem unsichtbaren
    Schlüssel von ``frisch`` im Text. :func:`tisch.wahl_ansicht` zeigt den Titel und die Häkchen."""
    import marimo as mo

    wahl = tisch.teilnehmer_wahl({"Brakka": "Brakka", "Bandit": "Bandit ×4"}, ["Bandit"])
    html = tisch.wahl_ansicht(wahl).text
    assert "marimo-dict" not in html and "Items" not in html
    assert "Wer kämpft mit?" in html and html.count("<marimo-checkbox") == 2
    assert tisch.gewaehlt(wahl) == ["Bandit"]
    # in der Anlage: die Ansicht, nicht das dictionary
    t = tisch.Tisch(lambda *a: None, lambda *a: None)
    anlage = t.anlage({"Brakka": "Brakka", "Bandit": "Bandit ×4"}, lambda namen: None, zuletzt=list)
    assert "marimo-dict" not in anlage.ansicht.text
    # andere Elemente bleiben, wie sie sind
    knopf = mo.ui.button(label="x")
    assert tisch.wahl_ansicht(knopf) is knopf


def _gespeichert(*namen):
    return tisch.GespeicherterKampf(Path("k.jsonl"), tuple(namen), 3, "–", datetime(2026, 1, 1))


def test_neuer_kampf_waehlt_den_letzten_kampf_vor_nicht_jeden_bogen():
    """Issue 23: „a new Savage Worlds fight preselects every sheet (14 fighters)“."""
    boegen = {"Brakka": "Brakka", "Mira": "Mira", "Bandit": "Bandit ×4", "Baron": "Baron", "Wolf": "Wolf ×3"}
    t = tisch.Tisch(lambda *a: None, lambda *a: None)
    neu = t.anlage(boegen, lambda namen: None, zuletzt=lambda: [_gespeichert("Brakka", "Bandit 1", "Bandit 2")])
    assert tisch.gewaehlt(neu.teilnehmer) == ["Brakka", "Bandit"]
    # die geladene Begegnung geht vor
    mit = t.anlage(boegen, lambda namen: None, vorauswahl=["Mira", "Wolf"], zuletzt=lambda: [_gespeichert("Brakka")])
    assert tisch.gewaehlt(mit.teilnehmer) == ["Mira", "Wolf"]
    # ohne gespeicherten Kampf: der Vorschlag des Systems, sonst niemand
    assert tisch.gewaehlt(t.anlage(boegen, lambda namen: None, zuletzt=list, sonst=["Baron"]).teilnehmer) == ["Baron"]
    assert tisch.gewaehlt(t.anlage(boegen, lambda namen: None, zuletzt=list).teilnehmer) == []


def _begegnung_datei(ordner: Path, name: str, seiten: str) -> None:
    ordner.mkdir(parents=True, exist_ok=True)
    (ordner / name).write_text(f'name = "{name}"\nsystem = "savage_worlds"\n{seiten}', encoding="utf-8")


def test_erster_kampf_ueberhaupt_die_gruppe_gegen_die_beispielgegner(tmp_path):
    """Issue 23, Punkt 5: „A new fight preselects the last fight's fighters or the loaded encounter,
    not every sheet“ – ohne beides (der erste Kampf überhaupt) die Bögen der ersten Begegnung und
    jeder Bogen auf der Seite ihrer Helden; der Wolf, den keine Begegnung nennt, bleibt draußen."""
    boegen = [_bogen("Bandit", seite="Schurken", anzahl=4), _bogen("Brakka", seite="Helden"),
              _bogen("Mira", seite="Helden"), _bogen("Söldner", seite="Helden", anzahl=2),
              _bogen("Baron", seite="Schurken"), _bogen("Wolf", seite="Schurken")]
    seiten = ('[[seiten]]\nname = "Helden"\nkaempfer = [{ bogen = "Mira" }, { bogen = "Brakka" }]\n'
              '[[seiten]]\nname = "Schurken"\nkaempfer = [{ bogen = "Baron" }, { bogen = "Bandit", anzahl = 6 }]\n')
    _begegnung_datei(tmp_path / "b", "a_furt.toml", seiten)
    _begegnung_datei(tmp_path / "b", "b_wald.toml", seiten.replace('"Baron"', '"Wolf"'))  # die zweite zählt nicht
    assert tisch.erster_vorschlag("savage_worlds", boegen, tmp_path / "b") == ["Bandit", "Brakka", "Mira", "Söldner", "Baron"]
    # ohne Begegnung, oder wenn keiner ihrer Bögen da ist: alle Bögen
    assert tisch.erster_vorschlag("savage_worlds", boegen, tmp_path / "leer") == [b.name for b in boegen]
    assert tisch.erster_vorschlag("savage_worlds", [_bogen("Theo", seite="Helden")], tmp_path / "b") == ["Theo"]
    # in der Anlage: ohne letzten Kampf und ohne Begegnung gilt der Vorschlag
    t = tisch.Tisch(lambda *a: None, lambda *a: None)
    neu = t.anlage(tisch.bogen_beschriftung(boegen), lambda namen: None, zuletzt=list,
                   sonst=tisch.erster_vorschlag("savage_worlds", boegen, tmp_path / "b"))
    assert tisch.gewaehlt(neu.teilnehmer) == ["Bandit", "Brakka", "Mira", "Söldner", "Baron"]


def test_erster_vorschlag_der_mitgelieferten_boegen():
    """Die Beispielbögen von Savage Worlds und W100 (die beiden Notebooks, die vorher jeden Bogen
    vorwählten) – Savage Worlds: alle außer dem Wolf (Überfall an der Furt: Mira, Lena Falk,
    Brakka gegen den Schwarzen Baron und die Banditen; dazu Theo vom Stein und die Söldner der Helden)."""
    from gm_helfer import boegen

    b = boegen.laden("savage_worlds").boegen
    assert set(tisch.erster_vorschlag("savage_worlds", b)) == {x.name for x in b} - {"Wolf"}
    # W100 (Goblin-Hinterhalt: John und Kael gegen drei Goblin-Schützen; Mira steht auch bei den Helden)
    b = boegen.laden("w100").boegen
    assert tisch.erster_vorschlag("w100", b) == ["Goblin-Schütze", "John", "Kael", "Mira"]
