"""Nur gewöhnliche Dateien, Grenzen für Begegnungen, deutsche OS-Fehler.

Vorher hielt eine FIFO (oder eine Datei, deren Lesen hängt) mit dem Namen eines Bogens, Protokolls
oder einer Begegnung das Notebook für immer an; ``anzahl = 1000000000`` lud ohne ein Wort, 20.000
verschachtelte Listen warfen ``RecursionError``; „No space left on device“ kam englisch beim SL an.
"""

from __future__ import annotations

import errno
import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from gm_helfer import begegnungen, boegen, pfade, protokoll, spieler

BEISPIEL = pfade.projekt_ordner() / "charaktere" / "savage_worlds" / "begegnungen" / "ueberfall_an_der_furt.toml"


def binnen(sekunden: float, aufruf, *args, **kwargs):
    """``aufruf`` in einem Thread; schlägt fehl, wenn es länger als ``sekunden`` dauert (statt zu hängen)."""
    ergebnis: list = []

    def laufen():
        try:
            ergebnis.append(("ok", aufruf(*args, **kwargs)))
        except BaseException as fehler:  # noqa: BLE001
            ergebnis.append(("fehler", fehler))

    faden = threading.Thread(target=laufen, daemon=True)
    faden.start()
    faden.join(sekunden)
    assert ergebnis, f"{getattr(aufruf, '__name__', aufruf)} hängt (länger als {sekunden} s)"
    art, wert = ergebnis[0]
    if art == "fehler":
        raise wert
    return wert


def _sonderdatei(pfad: Path, art: str) -> None:
    if art == "fifo":
        os.mkfifo(pfad)
    else:
        s = socket.socket(socket.AF_UNIX)
        s.bind(str(pfad))
        s.close()


@pytest.fixture
def bogenordner(tmp_path, monkeypatch):
    ziel = tmp_path / "charaktere"
    shutil.copytree(pfade.projekt_ordner() / "charaktere", ziel)
    monkeypatch.setenv(pfade.UMGEBUNG_CHARAKTERE, str(ziel))
    return ziel


# --------------------------------------------------------------------------- Punkt 5: nur gewöhnliche Dateien


@pytest.mark.parametrize("art", ["fifo", "socket"])
def test_pfade_lesen_nur_gewoehnliche_dateien(tmp_path, art):
    _sonderdatei(tmp_path / "x.toml", art)
    with pytest.raises(pfade.KeineDateiFehler, match="keine gewöhnliche Datei – übersprungen"):
        binnen(3, pfade.lesen, tmp_path / "x.toml")
    assert not pfade.ist_datei(tmp_path / "x.toml")
    with pytest.raises(OSError) as info:
        pfade.lesen(tmp_path / "ordner" if (tmp_path / "ordner").mkdir() is None else None)
    assert "Ordner" in pfade.grund(info.value)


def test_pfade_lesen_mit_frist(tmp_path, monkeypatch):
    (tmp_path / "a.jsonl").write_text("x")

    def haengt(*_args, **_kwargs):
        time.sleep(30)

    monkeypatch.setattr(pfade, "_lesen_jetzt", haengt)
    beginn = time.monotonic()
    with pytest.raises(pfade.KeineDateiFehler, match="antwortet nicht"):
        pfade.lesen(tmp_path / "a.jsonl", frist=0.3)
    assert time.monotonic() - beginn < 2


def test_pfade_lesen_grenzen(tmp_path):
    (tmp_path / "gross").write_bytes(b"x" * 2000)
    with pytest.raises(pfade.KeineDateiFehler, match="zu groß"):
        pfade.lesen(tmp_path / "gross", grenze=1000)
    assert pfade.lesen(tmp_path / "gross", bis=10) == b"x" * 10
    assert pfade.lesen(tmp_path / "gross", ab=1990) == b"x" * 10


@pytest.mark.parametrize("art", ["fifo", "socket"])
def test_bogen_als_sonderdatei(bogenordner, art):
    _sonderdatei(bogenordner / "savage_worlds" / "gast.toml", art)
    ladung = binnen(20, boegen.laden, "savage_worlds")
    assert any(b.name == "Brakka" for b in ladung.boegen)  # die anderen Bögen kommen trotzdem
    meldungen = " ".join(str(f) for f in ladung.fehler)
    assert "gast.toml" in meldungen and "keine gewöhnliche Datei" in meldungen


@pytest.mark.parametrize("art", ["fifo", "socket"])
def test_protokoll_als_sonderdatei(tmp_path, art):
    _sonderdatei(tmp_path / "savage_worlds_kampf.jsonl", art)
    assert binnen(5, protokoll.kopf_lesen, tmp_path / "savage_worlds_kampf.jsonl") is None
    assert binnen(5, protokoll.auflisten, tmp_path, "savage_worlds") == []
    assert binnen(5, spieler.kaempfe, tmp_path) == []
    with pytest.raises(protokoll.ProtokollFehler, match="keine gewöhnliche Datei"):
        binnen(5, protokoll.Verlauf.fortsetzen, tmp_path / "savage_worlds_kampf.jsonl", lambda k: None,
               lambda z, e: z, nur_lesen=True)


def test_begegnung_als_sonderdatei(tmp_path):
    ordner = tmp_path / "begegnungen"
    ordner.mkdir()
    shutil.copy(BEISPIEL, ordner / "furt.toml")
    _sonderdatei(ordner / "hinterhalt.toml", "fifo")
    ladung = binnen(5, begegnungen.laden_alle, "savage_worlds", ordner)
    assert [b.name for b in ladung.begegnungen] == ["Überfall an der Furt"]
    assert "hinterhalt.toml" in ladung.meldungen[0] and "keine gewöhnliche Datei" in ladung.meldungen[0]


# --------------------------------------------------------------------------- Punkt 6: Grenzen


def _begegnung(tmp_path: Path, text: str) -> Path:
    datei = tmp_path / "probe.toml"
    datei.write_text(text, encoding="utf-8")
    return datei


@pytest.mark.parametrize("anzahl", [1_000_000_000, 100_000, begegnungen.MAX_ANZAHL + 1])
def test_anzahl_begrenzt(tmp_path, anzahl):
    text = BEISPIEL.read_text(encoding="utf-8").replace("anzahl = 6", f"anzahl = {anzahl}")
    datei = _begegnung(tmp_path, text)
    zeile = next(i for i, z in enumerate(text.splitlines(), 1) if f"anzahl = {anzahl}" in z)
    with pytest.raises(begegnungen.BegegnungFehler) as info:
        binnen(5, begegnungen.laden, datei)
    meldung = str(info.value)
    assert "probe.toml" in meldung and f"Zeile {zeile}" in meldung and "anzahl" in meldung
    assert f"höchstens {begegnungen.MAX_ANZAHL}" in meldung and str(tmp_path) not in meldung


def test_anzahl_an_der_grenze_geht(tmp_path):
    text = BEISPIEL.read_text(encoding="utf-8").replace("anzahl = 6", f"anzahl = {begegnungen.MAX_ANZAHL}")
    assert begegnungen.laden(_begegnung(tmp_path, text)).eintraege[-1].anzahl == begegnungen.MAX_ANZAHL


def test_kaempfer_insgesamt_begrenzt(tmp_path):
    zeilen = ",\n".join(f'    {{ bogen = "Bandit", anzahl = {begegnungen.MAX_ANZAHL} }}' for _ in range(6))
    text = BEISPIEL.read_text(encoding="utf-8").replace('    { bogen = "Bandit", anzahl = 6 },', zeilen + ",")
    with pytest.raises(begegnungen.BegegnungFehler, match=f"höchstens {begegnungen.MAX_KAEMPFER} Kämpfer"):
        begegnungen.laden(_begegnung(tmp_path, text))


def test_reihe_anzahl_begrenzt():
    b = begegnungen.laden(BEISPIEL)
    alle = boegen.laden("savage_worlds").boegen
    with pytest.raises(begegnungen.BegegnungFehler, match="höchstens"):
        begegnungen.mit_wert(b, alle, "Bandit", "anzahl", 10**9)


@pytest.mark.parametrize("tiefe", [20_000, 3_000])
def test_tiefe_verschachtelung(tmp_path, tiefe):
    datei = _begegnung(tmp_path, 'name = "x"\nsystem = "savage_worlds"\nwert = ' + "[" * tiefe + "]" * tiefe + "\n")
    with pytest.raises(begegnungen.BegegnungFehler, match="verschachtelt|Feld|seiten"):
        binnen(10, begegnungen.laden, datei)


def test_zu_grosse_datei(tmp_path):
    datei = _begegnung(tmp_path, BEISPIEL.read_text(encoding="utf-8") + "# " + "x" * 1_100_000 + "\n")
    with pytest.raises(begegnungen.BegegnungFehler, match="zu groß"):
        begegnungen.laden(datei)


@pytest.mark.parametrize("wert", ["1000000000", "0", "-5", '"viele"'])
def test_max_runden_begrenzt(tmp_path, wert):
    text = BEISPIEL.read_text(encoding="utf-8").replace("max_runden = 100", f"max_runden = {wert}")
    b = begegnungen.laden(_begegnung(tmp_path, text))
    with pytest.raises(begegnungen.BegegnungFehler, match="max_runden"):
        begegnungen.max_runden(b)


# --------------------------------------------------------------------------- Punkt 10: OS-Fehler deutsch


def _voll(*_args, **_kwargs):
    raise OSError(errno.ENOSPC, "No space left on device", "/geheim/absolut/pfad")


def test_bogen_speichern_volle_platte_deutsch(bogenordner, monkeypatch):
    bogen = next(b for b in boegen.laden("savage_worlds").boegen if b.name == "Brakka")
    from dataclasses import replace

    geaendert = replace(bogen, werte=boegen.FesteZuordnung({**bogen.werte, "bennies": 1}))
    monkeypatch.setattr(os, "replace", _voll)  # das Umbenennen am Ende des atomaren Schreibens
    with pytest.raises(boegen.SpeicherFehler) as info:
        boegen.speichern(geaendert)
    text = str(info.value)
    assert "kein Platz mehr auf dem Datenträger" in text and "No space" not in text and "/geheim" not in text
    assert str(bogenordner) not in text


def test_begegnung_speichern_volle_platte_deutsch(tmp_path, monkeypatch):
    b = begegnungen.laden(BEISPIEL)
    monkeypatch.setattr(begegnungen.boegen_modul, "atomar_schreiben", _voll)
    with pytest.raises(begegnungen.BegegnungFehler) as info:
        begegnungen.speichern(b, tmp_path / "neu.toml")
    text = str(info.value)
    assert "kein Platz mehr auf dem Datenträger" in text and "No space" not in text and str(tmp_path) not in text
