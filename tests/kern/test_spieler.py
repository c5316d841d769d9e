"""Die Spieleransicht (gm_helfer.spieler, notebooks/spieleransicht.py, gm-helfer --spieler):
sie zeigt Reihenfolge, wer dran ist, die Helden und was man an Gegnern sieht – nie deren Werte,
nie verborgene Gegner –, folgt dem Spielleiter samt Rückgängig und schreibt nichts."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from gm_helfer import spieler, start
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spieler_hilfe import GEHEIM, kampf_anlegen, treffer  # noqa: E402


def _kampf(tmp_path: Path) -> Verlauf:
    return kampf_anlegen(tmp_path)


_treffer = treffer


def _seite(datei: Path) -> str:
    return spieler.html_text(spieler.Beobachter(datei).lage())


def test_gegner_zeigen_zustand_aber_keine_werte(tmp_path):
    v = _kampf(tmp_path)
    _treffer(v)
    assert "Robustheit 9" in v.ereignisse[-1].text  # im Protokoll des Spielleiters steht der Wert …
    seite = _seite(v.datei)
    for wort in GEHEIM:
        assert wort not in seite  # … in der Spieleransicht nicht
    lage = spieler.Beobachter(v.datei).lage()
    assert dict(lage.gegner)["Baron"] == "Angeschlagen"
    assert [h.name for h in lage.helden] == ["Brakka"] and "3 Bennies" in lage.helden[0].zustand
    assert lage.am_zug == ("Brakka",)
    assert [n for n, _ in lage.reihenfolge] == ["Brakka", "Attentäter", "Baron"]
    assert lage.letzte[0].startswith("Runde 1: Brakka würfelt Schaden – Baron: Angeschlagen")


def test_verborgene_gegner_erscheinen_nirgends(tmp_path):
    v = _kampf(tmp_path)
    spieler.verbergen(v.datei, ["Attentäter"])
    _treffer(v)
    v.ausfuehren(k.ereignis_fertig(v.zustand))
    v.ausfuehren(k.ereignis_am_zug(v.zustand))  # der Attentäter ist dran (König)
    seite = _seite(v.datei)
    assert "Attentäter" not in seite and "Baron" in seite
    assert spieler.verborgen(v.datei) == frozenset({"Attentäter"})
    spieler.verbergen(v.datei, [])
    assert "Attentäter" in _seite(v.datei)


def test_folgt_dem_spielleiter_samt_rueckgaengig_und_schreibt_nichts(tmp_path):
    v = _kampf(tmp_path)
    b = spieler.Beobachter(v.datei)
    vorher_dateien = sorted(p.name for p in tmp_path.iterdir())
    assert dict(b.lage().gegner)["Baron"] == "kampfbereit"
    _treffer(v)
    assert dict(b.lage().gegner)["Baron"] == "Angeschlagen"
    v.rueckgaengig()  # der Schaden wird zurückgenommen
    assert dict(b.lage().gegner)["Baron"] == "kampfbereit"
    inhalt = v.datei.read_bytes()
    b.lage()
    assert v.datei.read_bytes() == inhalt
    assert sorted(p.name for p in tmp_path.iterdir()) == vorher_dateien  # keine Sperre, keine Nebendatei


def test_kaempfe_aller_systeme_neueste_zuerst(tmp_path):
    alt = _kampf(tmp_path).datei
    (tmp_path / "halb.jsonl").write_bytes(b'{"format": "gm_helfer')  # abgerissener Kopf: kein Kampf
    time.sleep(0.01)
    neu = tmp_path / "w100_neu.jsonl"
    neu.write_text(json.dumps({"format": "gm_helfer-protokoll", "version": 1, "system": "w100", "kopf": {}}) + "\n",
                   encoding="utf-8")
    assert spieler.kaempfe(tmp_path) == [neu, alt]


def test_start_spieler_zeigt_nur_die_spieleransicht(monkeypatch, capsys):
    gestartet, geoeffnet = [], []

    class Prozess:
        def __init__(self, befehl, **kwargs):
            import io

            gestartet.append(befehl)
            self.stdin = io.BytesIO() if kwargs.get("stdin") else None
            if self.stdin is not None:
                self.stdin.close = lambda: None

        def poll(self):
            return 0

        def wait(self, timeout=None):
            return 0

    monkeypatch.setattr(start.subprocess, "Popen", Prozess)
    monkeypatch.setattr(start, "warten_auf_server", lambda url, prozess: True)
    monkeypatch.setattr(start.webbrowser, "open", geoeffnet.append)
    assert start.main(["--spieler", "--host", "0.0.0.0", "--port", "5570"]) == 0
    befehl = gestartet[-1]
    assert befehl[5] == str(start.notebook_ordner() / "spieleransicht.py")  # nur diese eine Datei
    assert "--token" in befehl  # im Netz mit Passwort
    ausgabe = capsys.readouterr().out
    assert "Spieleransicht läuft: http://127.0.0.1:5570/" in ausgabe and "Passwort: " in ausgabe
    assert geoeffnet[-1].startswith("http://127.0.0.1:5570/?anmeldecode=")  # Einmalcode, nie das Passwort


def test_tisch_bietet_bericht_und_verbergen_an(tmp_path):
    from gm_helfer import tisch

    v = _kampf(tmp_path)
    elemente = tisch.spieler_und_bericht(v)
    # Bericht (kurz) als Markdown und HTML, das ganze Protokoll, Titel, Notizen, Gegner verbergen
    assert len(elemente) == 6
    auswahl = elemente[-1]
    # deutsche Häkchen (tisch.mehrfachwahl) statt marimos „Select…“: je Gegner eines, nie Helden
    assert sorted(auswahl.value) == ["Attentäter", "Baron"]
    assert tisch.gewaehlt(auswahl) == []
    spieler.verbergen(v.datei, ["Baron"])
    assert tisch.gewaehlt(tisch.spieler_und_bericht(v)[-1]) == ["Baron"]
    assert tisch.spieler_und_bericht(None) == []


def test_gruppe_mit_gemeinsamer_karte_sind_am_zug(tmp_path):
    """„Banditen sind am Zug“ – eine Gruppe mit gemeinsamer Karte steht in der Mehrzahl, ein
    einzelner Kämpfer in der Einzahl (wie der Bericht: ``ist_oder_sind``)."""
    from dataclasses import replace

    from spieler_hilfe import kaempfer

    from gm_helfer.protokoll import Verlauf
    from gm_helfer.savage_worlds import kampf as k

    banditen = [replace(kaempfer(f"Bandit {i}", "Schurken"), wildcard=False, gruppe="Banditen") for i in (1, 2)]
    start_ = k.kampf_beginnen([kaempfer("Brakka", "Helden"), *banditen])
    v = Verlauf(start_, k.anwenden, datei=tmp_path / "savage_worlds_gruppe.jsonl", system="savage_worlds", kopf=k.kopf(start_))
    v.ausfuehren(k.ereignis_runde(v.zustand))
    v.ausfuehren(k.ereignis_karten(v.zustand, eingetippt={"Brakka": ["5♣"], "Banditen": ["K♥"]}))
    v.ausfuehren(k.ereignis_am_zug(v.zustand, "Banditen"))
    letzte = spieler.lage(v, "savage_worlds").letzte
    v.schliessen()
    assert any("Banditen sind am Zug" in t for t in letzte), letzte
    assert not any("Banditen ist" in t for t in letzte), letzte
