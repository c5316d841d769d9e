"""Jeder Leser übersteht jede Datei: feindliche Protokolle durch alle Leser (Bericht, Spieleransicht
samt Liste, Fortsetzen, Liste der gespeicherten Kämpfe) – 0 Tracebacks, 0 Hänger, begrenzte Zeit.

Je System ``GM_HELFER_FUZZ`` (Standard 1000) Protokolle: kleine echte Kämpfe, billig verstümmelt
(Byte geändert, abgeschnitten, Zeilen gelöscht/verdoppelt/vertauscht, Werte durch feindliche ersetzt:
falsche Typen, Riesenzahlen, tiefe Verschachtelung, lange Texte; ``"kopf": "x"``), zur Hälfte mit
neu berechneter Prüfkette, damit auch das Abspielen feindliche Werte sieht. Vorher: 25 Tracebacks im
Bericht, 33 Zellfehler in der Spieleransicht, 4 beim Fortsetzen, 5 in der Kampfliste (1751 Dateien).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time
from pathlib import Path

import pytest

from gm_helfer import ansicht, bericht, protokoll, spieler, tisch
from gm_helfer.protokoll_kette import mit_pruefsumme

sys.path.insert(0, str(Path(__file__).resolve().parent))
import test_bericht as vorlagen  # noqa: E402

ANZAHL = int(os.environ.get("GM_HELFER_FUZZ", "1000"))
FRIST_JE_DATEI = 2.0

FEINDLICH = ["x", "", -1, 0, 10**30, -(10**30), 1e308, -1e308, None, True, False, [], {}, [1, "a", None],
             {"a": {"b": []}}, "A" * 20_000, "\u0000\ufffd😀", 3.5, "W6", "2W6+", "❤", {"name": 1}]


def _tief(n: int) -> object:
    wert: object = []
    for _ in range(n):
        wert = [wert]
    return wert


def _pfade(wert, pfad=()):
    yield pfad
    if isinstance(wert, dict):
        for k, v in wert.items():
            yield from _pfade(v, (*pfad, k))
    elif isinstance(wert, list):
        for i, v in enumerate(wert):
            yield from _pfade(v, (*pfad, i))


def _ersetzen(wert, pfad, neu):
    if not pfad:
        return neu
    kopie = dict(wert) if isinstance(wert, dict) else list(wert)
    kopie[pfad[0]] = _ersetzen(wert[pfad[0]], pfad[1:], neu)
    return kopie


def _ohne_pruef(zeile: bytes) -> dict | None:
    try:
        eintrag = json.loads(zeile)
    except (ValueError, RecursionError):
        return None
    if isinstance(eintrag, dict):
        eintrag.pop("pruef", None)
    return eintrag


def _verketten(eintraege: list) -> bytes:
    vorher: str | None = ""
    teile = []
    for e in eintraege:
        zeile, vorher = mit_pruefsumme(e, vorher)
        teile.append(zeile)
    return b"".join(teile)


def verstuemmeln(roh: bytes, rng: random.Random) -> bytes:
    """Eine billige feindliche Abwandlung eines Protokolls."""
    zeilen = roh.split(b"\n")[:-1]
    art = rng.randrange(8)
    if art == 0:  # ein Byte
        b = bytearray(roh)
        b[rng.randrange(len(b))] = rng.randrange(256)
        return bytes(b)
    if art == 1:  # abgeschnitten
        return roh[: rng.randrange(len(roh))]
    if art == 2:  # Zeilen löschen, verdoppeln, vertauschen
        i, j = rng.randrange(len(zeilen)), rng.randrange(len(zeilen))
        wahl = rng.randrange(3)
        if wahl == 0:
            del zeilen[i]
        elif wahl == 1:
            zeilen.insert(i, zeilen[j])
        else:
            zeilen[i], zeilen[j] = zeilen[j], zeilen[i]
        return b"\n".join(zeilen) + b"\n"
    if art == 3:  # sehr tief verschachtelt (roh, JSON-Parser am Anschlag)
        i = rng.randrange(len(zeilen))
        zeilen[i] = b'{"nr":' + str(i).encode() + b',"ereignis":' + b"[" * 5_000 + b"]" * 5_000 + b"}"
        return b"\n".join(zeilen) + b"\n"
    # art 4–7: einen Wert ersetzen, zur Hälfte mit neu berechneter Kette
    eintraege = [_ohne_pruef(z) for z in zeilen]
    if any(e is None for e in eintraege):
        return roh
    i = 0 if art == 4 else rng.randrange(len(eintraege))
    pfade = list(_pfade(eintraege[i]))
    pfad = rng.choice(pfade[1:] if len(pfade) > 1 else pfade)
    neu = rng.choice(FEINDLICH) if rng.random() < 0.9 else _tief(rng.choice([100, 900, 3000]))
    if art == 4 and rng.random() < 0.3:
        pfad, neu = ("kopf",), rng.choice(["x", 1, [], None])
    eintraege[i] = _ersetzen(eintraege[i], pfad, neu)
    try:
        if art in (4, 5):
            return _verketten(eintraege)
        return b"".join(mit_pruefsumme(e, None)[0] for e in eintraege)  # wie ein altes Protokoll
    except (ValueError, TypeError, RecursionError):
        return roh


def _teilnehmer(kopf):
    return [str(k.get("name")) for k in kopf.get("kaempfer", [])]


def _alle_leser(datei: Path, system: str) -> None:
    """Alle Leser einmal; erlaubt sind nur ihre deutschen Fehler."""
    try:
        b = bericht.lesen(datei)
        bericht.markdown(b)
        bericht.html_text(b)
    except bericht.BerichtFehler:
        pass
    try:
        spieler.html_text(spieler.Beobachter(datei).lage())
    except protokoll.ProtokollFehler:
        pass
    modul = ansicht.system(system)
    verlauf, meldung = protokoll.fortsetzen_sicher(datei, modul.start, modul.anwenden)
    assert isinstance(meldung, str)
    if verlauf is not None:
        verlauf.schliessen()
    tisch.gespeicherte_kaempfe(system, _teilnehmer, ordner=datei.parent)
    spieler.kaempfe(datei.parent)


@pytest.mark.slow  # je System Tausende feindliche Protokollzeilen durch alle Leser: in CI, nicht im schnellen Lauf
@pytest.mark.parametrize("vorlage", [vorlagen._savage_worlds, vorlagen._aloran, vorlagen._zeitstrahl, vorlagen._w100],
                         ids=lambda f: f.__name__.strip("_"))
def test_feindliche_protokolle_alle_leser(vorlage, tmp_path):
    original, _, _ = vorlage(tmp_path / "vorlage")
    system = json.loads(original.read_bytes().split(b"\n")[0])["system"]
    roh = original.read_bytes()
    _alle_leser(original, system)  # das Original geht ohne Fehler
    rng = random.Random(f"fuzz-{system}")
    ordner = tmp_path / "kaempfe"
    ordner.mkdir()
    datei = ordner / f"{system}_fuzz.jsonl"
    langsam, fehler = [], []
    beginn = time.monotonic()
    for nummer in range(ANZAHL):
        datei.write_bytes(verstuemmeln(roh, rng))
        for rest in ordner.iterdir():
            if rest != datei:
                rest.unlink()
        t = time.monotonic()
        try:
            _alle_leser(datei, system)
        except Exception as f:  # noqa: BLE001 – gezählt und gezeigt
            fehler.append((nummer, repr(f)[:300]))
        if time.monotonic() - t > FRIST_JE_DATEI:
            langsam.append(nummer)
    assert fehler == [], f"{len(fehler)} Tracebacks, etwa {fehler[:3]}"
    assert langsam == [], f"{len(langsam)} Dateien über {FRIST_JE_DATEI} s"
    print(f"{system}: {ANZAHL} feindliche Protokolle in {time.monotonic() - beginn:.1f} s")


def test_feindliche_begegnungen_liste(tmp_path):
    """Die Liste der Begegnungen: 1000 verstümmelte TOML-Dateien, jede einzeln und alle zusammen;
    nur deutsche Meldungen, die guten Dateien bleiben in der Liste."""
    from gm_helfer import begegnungen, pfade

    vorlage = (pfade.projekt_ordner() / "charaktere" / "savage_worlds" / "begegnungen"
               / "ueberfall_an_der_furt.toml").read_text(encoding="utf-8")
    rng = random.Random("fuzz-begegnungen")
    ordner = tmp_path / "begegnungen"
    ordner.mkdir()
    (ordner / "aaa_gut.toml").write_text(vorlage, encoding="utf-8")
    ersatz = ["1000000000", '"x"', "[]", "{}", "-1", "1e400", "[" * 3000 + "]" * 3000, '"' + "A" * 5000 + '"', "true"]
    fehler = []
    for nummer in range(ANZAHL):
        zeilen = vorlage.splitlines()
        art = rng.randrange(4)
        i = rng.randrange(len(zeilen))
        if art == 0 and "=" in zeilen[i]:
            zeilen[i] = zeilen[i].split("=", 1)[0] + "= " + rng.choice(ersatz)
        elif art == 1:
            del zeilen[i]
        elif art == 2:
            zeilen.insert(i, rng.choice(zeilen))
        text = "\n".join(zeilen).encode("utf-8")
        if art == 3:
            b = bytearray(text)
            b[rng.randrange(len(b))] = rng.randrange(256)
            text = bytes(b)
        (ordner / "zzz_probe.toml").write_bytes(text)
        t = time.monotonic()
        try:
            ladung = begegnungen.laden_alle("savage_worlds", ordner)
            assert ladung.begegnungen and ladung.begegnungen[0].name == "Überfall an der Furt"
            for m in ladung.meldungen:
                assert str(tmp_path) not in m and "Traceback" not in m
        except Exception as f:  # noqa: BLE001
            fehler.append((nummer, repr(f)[:200]))
        assert time.monotonic() - t < FRIST_JE_DATEI
    assert fehler == [], f"{len(fehler)} Fehler, etwa {fehler[:3]}"
