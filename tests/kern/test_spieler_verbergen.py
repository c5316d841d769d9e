"""Verborgen bleibt verborgen: eine unlesbare oder kaputte Datei der Verborgenen verbirgt jeden
Gegner (und warnt den Spielleiter auf Deutsch); scheitert das Speichern (Platte voll), bleibt der
Gegner verborgen – in diesem Prozess und für jede andere Spieleransicht.

Vorher zeigte jede kaputte Datei (abgeschnitten, leer, kein Objekt, kein UTF-8, ein Ordner) den
verborgenen Gegner (5 von 5), und auf voller Platte kam ein englischer ``OSError``."""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest

from gm_helfer import spieler

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spieler_hilfe import kampf_anlegen  # noqa: E402


def _gegner(datei: Path) -> tuple[str, ...]:
    lage = spieler.Beobachter(datei).lage()
    return tuple(n for n, _ in lage.gegner) + tuple(n for n, _ in lage.reihenfolge if n != "Brakka")


@pytest.mark.parametrize(
    "inhalt",
    [b'{"verborgen": ["Attent', b"", b'["Attent\xc3\xa4ter"]', b"\xff\xfe{}", b'{"verborgen": "Attent\xc3\xa4ter"}',
     b"null", "ordner"],
    ids=["abgeschnitten", "leer", "kein-objekt", "kein-utf8", "keine-liste", "null", "ordner"],
)
def test_kaputte_datei_verbirgt_alle_gegner(tmp_path, inhalt):
    v = kampf_anlegen(tmp_path)
    spieler.verbergen(v.datei, ["Attentäter"])
    zusatz = v.datei.with_name(v.datei.name + ".spieler.json")
    if inhalt == "ordner":
        zusatz.unlink()
        zusatz.mkdir()
    else:
        zusatz.write_bytes(inhalt)
    assert _gegner(v.datei) == ()
    seite = spieler.html_text(spieler.Beobachter(v.datei).lage())
    assert "Attentäter" not in seite and "Baron" not in seite and "Brakka" in seite
    hinweis = spieler.warnung(v.datei)
    assert "verbirgt darum alle Gegner" in hinweis and str(tmp_path) not in hinweis


def test_unlesbare_datei_verbirgt_alle_gegner(tmp_path):
    v = kampf_anlegen(tmp_path)
    spieler.verbergen(v.datei, ["Attentäter"])
    zusatz = v.datei.with_name(v.datei.name + ".spieler.json")
    zusatz.unlink()
    os.mkfifo(zusatz)  # eine FIFO: Lesen wartete vorher für immer
    assert _gegner(v.datei) == ()
    assert "FIFO" in spieler.warnung(v.datei)


def test_ohne_datei_niemand_verborgen(tmp_path):
    v = kampf_anlegen(tmp_path)
    assert "Attentäter" in _gegner(v.datei) and spieler.warnung(v.datei) == ""


def test_volle_platte_bleibt_verborgen(tmp_path, monkeypatch):
    v = kampf_anlegen(tmp_path)
    spieler.verbergen(v.datei, [])
    assert "Attentäter" in _gegner(v.datei)

    def voll(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(spieler.os, "fsync", voll)
    with pytest.raises(spieler.VerbergenFehler) as info:
        spieler.verbergen(v.datei, ["Attentäter"])
    text = str(info.value)
    assert "kein Platz mehr auf dem Datenträger" in text and "No space" not in text and str(tmp_path) not in text
    assert spieler.verborgen(v.datei) == frozenset({"Attentäter"})  # in diesem Prozess
    assert _gegner(v.datei) == ()  # und für jede Spieleransicht (die Datei ist geleert)
    assert "noch nicht gespeichert" in spieler.warnung(v.datei) or "verbirgt darum" in spieler.warnung(v.datei)
    monkeypatch.undo()
    spieler.verbergen(v.datei, ["Attentäter"])  # das nächste gelungene Speichern
    assert spieler.warnung(v.datei) == ""
    assert "Baron" in _gegner(v.datei) and "Attentäter" not in _gegner(v.datei)
