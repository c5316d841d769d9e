"""Issue 15, Punkte 1–3: ein Schreiber je Kampf, gescheiterte Schreibvorgänge, Lücken, deutsche Meldungen.

Jeder Test hier hat das jeweilige Loch vor der Änderung gezeigt (zwei Schreiber hängen beide
an, ein halber Satz bleibt nach „Platte voll“ in der Datei, eine gelöschte Zeile in der Mitte
wird still übergangen, JSON-Parser-Englisch in den Meldungen).
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from gm_helfer import protokoll
from gm_helfer.protokoll import (
    Ereignis,
    GesperrtFehler,
    NurLesenFehler,
    ProtokollFehler,
    SchreibFehler,
    VerdraengtFehler,
    Verlauf,
)

ENGLISCH = ("Expecting", "column", "char ", "line 1", "Unterminated", "Extra data", "Invalid", "KeyError",
            "codec", "decode", "object has no attribute", "not subscriptable", "unsupported")


def plus(z: int, e: Ereignis) -> int:
    if e.art != "plus":
        raise ProtokollFehler(f"Unbekannte Art {e.art}.")
    return z + e.daten["n"]


def start(kopf) -> int:
    return kopf["stand"]


def p(n: int) -> Ereignis:
    return Ereignis("plus", {"n": n}, text=f"+{n}")


def neu(datei: Path, stand: int = 0) -> Verlauf[int]:
    return Verlauf(stand, plus, datei=datei, system="test", kopf={"stand": stand})


def fortsetzen(datei: Path, **kw) -> Verlauf[int]:
    verlauf, _ = Verlauf.fortsetzen(datei, start, plus, **kw)
    return verlauf


def ohne_englisch(text: str) -> None:
    for wort in ENGLISCH:
        assert wort not in text, f"englischer Text „{wort}“ in: {text}"


# --------------------------------------------------------------------------- 1. ein Schreiber

def test_zweiter_schreiber_in_anderem_thread_wird_abgewiesen(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))
    ergebnis: dict = {}

    def zweite_sitzung():
        try:
            fortsetzen(datei)
        except Exception as fehler:  # noqa: BLE001 – der Test prüft die Art
            ergebnis["fehler"] = fehler

    t = threading.Thread(target=zweite_sitzung)
    t.start()
    t.join()
    fehler = ergebnis.get("fehler")
    assert isinstance(fehler, GesperrtFehler) and isinstance(fehler, ProtokollFehler)
    assert "k.jsonl" in str(fehler) and "anderen Sitzung" in str(fehler)
    assert fehler.inhaber.get("pid") == os.getpid()
    # der erste schreibt ungestört weiter
    a.ausfuehren(p(2))
    a.schliessen()
    assert fortsetzen(datei).zustand == 3


def test_zweiter_schreiber_im_selben_thread_wird_abgewiesen(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    with pytest.raises(GesperrtFehler):
        fortsetzen(datei)
    with pytest.raises(GesperrtFehler):
        Verlauf.fortsetzen(datei, start, plus)
    a.ausfuehren(p(4))
    assert a.zustand == 4


def test_schliessen_gibt_frei_und_sperrt_den_alten(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))
    a.schliessen()
    a.schliessen()  # zweimal schadet nicht
    with pytest.raises(NurLesenFehler, match="geschlossen"):
        a.ausfuehren(p(1))
    with fortsetzen(datei) as b:
        b.ausfuehren(p(2))
    c = fortsetzen(datei)
    assert c.zustand == 3


def test_verlauf_wird_freigegeben_wenn_er_verschwindet(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))
    del a  # eine marimo-Sitzung endet: ihre Objekte werden freigegeben
    import gc

    gc.collect()
    assert fortsetzen(datei).zustand == 1


def test_sitzung_endet_thread_endet_sperre_frei(tmp_path):
    """marimo run: jede Sitzung ist ein Kernel-Thread; endet er, wird der Kampf frei – auch
    wenn der Verlauf selbst noch irgendwo liegt (marimo gibt die Objekte nicht sofort frei)."""
    import time

    datei = tmp_path / "k.jsonl"
    liegt_noch = []

    def sitzung():
        v = neu(datei)
        v.ausfuehren(p(2))
        liegt_noch.append(v)

    t = threading.Thread(target=sitzung)
    t.start()
    t.join()
    assert protokoll.inhaber(datei) is not None or not liegt_noch[0].hat_schreibrecht()
    for _ in range(100):  # die Wache schaut jede Sekunde
        if protokoll.inhaber(datei) is None:
            break
        time.sleep(0.1)
    b = fortsetzen(datei)
    assert b.zustand == 2
    with pytest.raises(VerdraengtFehler):
        liegt_noch[0].ausfuehren(p(1))


def test_nur_lesen_folgt_dem_schreiber_und_schreibt_nie(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))
    b = fortsetzen(datei, nur_lesen=True)
    assert b.nur_lesen and not a.nur_lesen and b.zustand == 1
    a.ausfuehren(p(5))
    a.rueckgaengig()
    a.ausfuehren(p(7))
    assert b.nachladen() == 3
    assert b.zustand == a.zustand == 8 and b.ereignisse == a.ereignisse
    assert b.nachladen() == 0
    groesse = datei.stat().st_size
    for versuch in (lambda: b.ausfuehren(p(1)), b.rueckgaengig, b.wiederholen):
        with pytest.raises(NurLesenFehler, match="ansehen"):
            versuch()
    assert datei.stat().st_size == groesse and b.zustand == 8
    # eine halb geschriebene Zeile (der Schreiber ist gerade dabei) wird noch nicht gelesen
    with open(datei, "ab") as f:
        f.write(b'{"nr":5,"zeit":"x","ereignis":{"art":"plus","da')
    assert b.nachladen() == 0 and b.zustand == 8


def test_uebernehmen_verdraengt_den_alten_schreiber(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))
    b = fortsetzen(datei, nur_lesen=True)
    warnungen = b.uebernehmen()
    assert warnungen == [] and not b.nur_lesen
    groesse = datei.stat().st_size
    for versuch in (lambda: a.ausfuehren(p(100)), a.rueckgaengig):
        with pytest.raises(VerdraengtFehler) as info:
            versuch()
        assert "übernommen" in str(info.value) and "k.jsonl" in str(info.value)
    assert datei.stat().st_size == groesse and a.zustand == 1
    # der Verdrängte wird zum Zuschauer und folgt dem neuen Schreiber
    assert a.nur_lesen
    b.ausfuehren(p(2))
    assert a.nachladen() == 1 and a.zustand == 3
    # ein dritter wird abgewiesen, obwohl der alte Verlauf noch lebt
    with pytest.raises(GesperrtFehler):
        fortsetzen(datei)
    b.schliessen()
    c = fortsetzen(datei)
    assert c.zustand == 3 and len(c) == 2


def test_fortsetzen_mit_uebernehmen(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))
    b = fortsetzen(datei, uebernehmen=True)
    with pytest.raises(VerdraengtFehler):
        a.ausfuehren(p(1))
    b.ausfuehren(p(1))
    b.schliessen()
    assert fortsetzen(datei).zustand == 2


SKRIPT = textwrap.dedent(
    """
    import sys
    from gm_helfer.protokoll import Ereignis, Verlauf, ProtokollFehler
    plus = lambda z, e: z + e.daten["n"]
    datei = sys.argv[1]
    if sys.argv[2] == "neu":
        v = Verlauf(0, plus, datei=datei, system="test", kopf={"stand": 0})
    else:
        v, _ = Verlauf.fortsetzen(datei, lambda k: k["stand"], plus)
    print("bereit", flush=True)
    for zeile in sys.stdin:
        try:
            v.ausfuehren(Ereignis("plus", {"n": int(zeile)}))
            print("ok", v.zustand, flush=True)
        except ProtokollFehler as f:
            print(type(f).__name__, f, flush=True)
    """
)


def _halter(datei: Path, wie: str) -> subprocess.Popen:
    proz = subprocess.Popen(
        [sys.executable, "-c", SKRIPT, str(datei), wie],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    zeile = proz.stdout.readline()
    assert zeile.strip() == "bereit", proz.stderr.read()
    return proz


def _befehl(proz: subprocess.Popen, n: int) -> str:
    proz.stdin.write(f"{n}\n")
    proz.stdin.flush()
    return proz.stdout.readline().strip()


def test_zwei_prozesse_ein_schreiber(tmp_path):
    datei = tmp_path / "k.jsonl"
    proz = _halter(datei, "neu")
    try:
        assert _befehl(proz, 3) == "ok 3"
        with pytest.raises(GesperrtFehler, match="anderen Sitzung") as info:
            fortsetzen(datei)
        assert info.value.inhaber.get("pid") == proz.pid
        # nur ansehen geht, und folgt
        b = fortsetzen(datei, nur_lesen=True)
        assert _befehl(proz, 4) == "ok 7"
        assert b.nachladen() == 1 and b.zustand == 7
        # übernehmen: der andere Prozess kann nichts mehr anhängen
        b.uebernehmen()
        antwort = _befehl(proz, 100)
        assert antwort.startswith("VerdraengtFehler") and "übernommen" in antwort
        b.ausfuehren(p(1))
    finally:
        proz.stdin.close()
        proz.wait(timeout=30)
    b.schliessen()
    c = fortsetzen(datei)
    assert c.zustand == 8 and len(c) == 3


def test_getoeteter_halter_gibt_frei(tmp_path):
    datei = tmp_path / "k.jsonl"
    neu(datei).schliessen()
    proz = _halter(datei, "fortsetzen")
    assert _befehl(proz, 2) == "ok 2"
    with pytest.raises(GesperrtFehler):
        fortsetzen(datei)
    proz.send_signal(signal.SIGKILL)
    proz.wait(timeout=30)
    v = fortsetzen(datei)
    assert v.zustand == 2
    v.ausfuehren(p(1))
    v.schliessen()
    # keine Reste von Sperren toter Schreiber
    assert [d.name for d in tmp_path.iterdir() if ".sperre-" in d.name] == []


def test_halter_in_anderem_prozess_sieht_sperre(tmp_path):
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    proz = subprocess.run(
        [sys.executable, "-c", SKRIPT, str(datei), "fortsetzen"], input="", capture_output=True, text=True,
        timeout=60,
    )
    assert proz.returncode != 0 and "GesperrtFehler" in proz.stderr and "anderen Sitzung" in proz.stderr
    a.ausfuehren(p(1))


# --------------------------------------------------------------------------- 2. Schreibfehler

def _voll_nach(bytes_: int):
    """Ein os.write, das nach ``bytes_`` weiteren Bytes mit „kein Platz“ scheitert."""
    echt = os.write
    rest = [bytes_]

    def schreiben(fd, daten):
        if rest[0] <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        teil = bytes(daten[: rest[0]])
        rest[0] -= len(teil)
        return echt(fd, teil)

    return schreiben


@pytest.mark.parametrize("nach", [0, 7])
def test_platte_voll_schneidet_zurueck_und_wendet_nicht_an(tmp_path, monkeypatch, nach):
    datei = tmp_path / "k.jsonl"
    v = neu(datei)
    v.ausfuehren(p(1))
    vorher = datei.read_bytes()
    monkeypatch.setattr(protokoll.os, "write", _voll_nach(nach))
    with pytest.raises(SchreibFehler) as info:
        v.ausfuehren(p(5))
    text = str(info.value)
    assert "k.jsonl" in text and "kein Platz" in text and "nicht" in text
    ohne_englisch(text)
    assert datei.read_bytes() == vorher
    assert v.zustand == 1 and len(v) == 1
    with pytest.raises(SchreibFehler):
        v.rueckgaengig()
    assert v.zustand == 1 and datei.read_bytes() == vorher
    monkeypatch.undo()
    # der Spielleiter hat Platz geschafft und versucht es erneut
    assert v.ausfuehren(p(5)) == 6
    v.schliessen()
    w, warnungen = Verlauf.fortsetzen(datei, start, plus)
    assert warnungen == [] and w.zustand == 6 and len(w) == 2


def test_platte_voll_beim_kopf_hinterlaesst_keinen_kampf(tmp_path, monkeypatch):
    datei = tmp_path / "k.jsonl"
    monkeypatch.setattr(protokoll.os, "write", _voll_nach(10))
    with pytest.raises(SchreibFehler) as info:
        neu(datei)
    ohne_englisch(str(info.value))
    assert not datei.exists() or datei.stat().st_size == 0
    monkeypatch.undo()
    neu(datei).ausfuehren(p(1))


RLIMIT_SKRIPT = textwrap.dedent(
    """
    import resource, sys
    from gm_helfer.protokoll import Ereignis, Verlauf, ProtokollFehler
    plus = lambda z, e: z + e.daten["n"]
    datei = sys.argv[1]
    v, _ = Verlauf.fortsetzen(datei, lambda k: k["stand"], plus)
    groesse = __import__("os").path.getsize(datei)
    resource.setrlimit(resource.RLIMIT_FSIZE, (groesse + 60, groesse + 60))
    try:
        v.ausfuehren(Ereignis("plus", {"n": 5}, text="x" * 200))
        print("angenommen", v.zustand)
    except ProtokollFehler as f:
        print(type(f).__name__, v.zustand, len(v), f)
    """
)


def test_datei_zu_gross_im_kindprozess(tmp_path):
    datei = tmp_path / "k.jsonl"
    v = neu(datei)
    v.ausfuehren(p(1))
    v.schliessen()
    vorher = datei.read_bytes()
    proz = subprocess.run([sys.executable, "-c", RLIMIT_SKRIPT, str(datei)], capture_output=True, text=True,
                          timeout=60)
    assert proz.returncode == 0, proz.stderr
    assert proz.stdout.startswith("SchreibFehler 1 1 "), proz.stdout
    ohne_englisch(proz.stdout)
    assert "zu groß" in proz.stdout
    assert datei.read_bytes() == vorher
    w, warnungen = Verlauf.fortsetzen(datei, start, plus)
    assert warnungen == [] and w.zustand == 1
    w.ausfuehren(p(5))
    assert fortsetzen_ohne_sperre(datei).zustand == 6


def fortsetzen_ohne_sperre(datei: Path) -> Verlauf[int]:
    return fortsetzen(datei, nur_lesen=True)


# --------------------------------------------------------------------------- 3. Lücken, Meldungen

def _protokoll_mit_schritten(datei: Path) -> list[str]:
    v = neu(datei)
    for n in (1, 2, 3, 4):
        v.ausfuehren(p(n))
    v.schliessen()
    return datei.read_text().splitlines()


def test_geloeschte_zeile_in_der_mitte_wird_erkannt(tmp_path):
    datei = tmp_path / "k.jsonl"
    zeilen = _protokoll_mit_schritten(datei)
    del zeilen[2]
    datei.write_text("\n".join(zeilen) + "\n")
    with pytest.raises(ProtokollFehler) as info:
        fortsetzen(datei)
    text = str(info.value)
    assert "k.jsonl" in text and "Zeile 3" in text and "fehlt" in text
    ohne_englisch(text)


def test_doppelte_zeile_in_der_mitte_wird_erkannt(tmp_path):
    datei = tmp_path / "k.jsonl"
    zeilen = _protokoll_mit_schritten(datei)
    zeilen.insert(3, zeilen[2])
    datei.write_text("\n".join(zeilen) + "\n")
    with pytest.raises(ProtokollFehler) as info:
        fortsetzen(datei)
    text = str(info.value)
    assert "k.jsonl" in text and "Zeile 4" in text and "doppelt" in text


def test_vertauschte_zeilen_werden_erkannt(tmp_path):
    datei = tmp_path / "k.jsonl"
    zeilen = _protokoll_mit_schritten(datei)
    zeilen[2], zeilen[3] = zeilen[3], zeilen[2]
    datei.write_text("\n".join(zeilen) + "\n")
    with pytest.raises(ProtokollFehler, match="Zeile 3"):
        fortsetzen(datei)


@pytest.mark.parametrize(
    ("inhalt", "teil"),
    [
        ('{"format": "gm_helfer-protokoll", "vers', "Zeile 1"),
        ('{"format": "gm_helfer-protokoll", "vers\n', "Zeile 1"),
        ("\xff\xfe\n", "Zeile 1"),
        ("[1, 2]\n", "Zeile 1"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\n{"nr": 1, "zeit": "x"}\n', "Zeile 2"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\n{"nr": 1, "ereignis": 5}\n', "Zeile 2"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\n'
         '{"nr": "a", "ereignis": {"art": "plus"}}\n', "Zeile 2"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\n'
         '{"ereignis": {"art": "plus", "daten": {"n": 1}}}\n', "Zeile 2"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\n'
         '{"nr": 1, "ereignis": {"art": "plus", "daten": {}}}\n', "Zeile 2"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\n{"nr": 1, "rueckgaengig": 7}\n', "Zeile 2"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {}}\n', "Zeile 1"),
        ('{"format": "gm_helfer-protokoll", "version": 1, "kopf": {"stand": 0}}\nkaputt\n{"nr": 2}\n', "Zeile 2"),
    ],
)
def test_meldungen_ueber_kaputte_protokolle_sind_deutsch(tmp_path, inhalt, teil):
    datei = tmp_path / "k.jsonl"
    datei.write_bytes(inhalt.encode("latin-1") if "\xff" in inhalt else inhalt.encode())
    with pytest.raises(ProtokollFehler) as info:
        fortsetzen(datei)
    text = str(info.value)
    assert "k.jsonl" in text and teil in text
    ohne_englisch(text)


def test_kopf_lesen_nur_bei_vollstaendigem_kopf(tmp_path):
    gut = tmp_path / "gut.jsonl"
    neu(gut).schliessen()
    assert protokoll.kopf_lesen(gut)["system"] == "test"
    halb = tmp_path / "halb.jsonl"
    halb.write_bytes(gut.read_bytes()[:-5])
    leer = tmp_path / "leer.jsonl"
    leer.write_bytes(b"")
    fremd = tmp_path / "fremd.jsonl"
    fremd.write_text('{"a": 1}\n')
    for datei in (halb, leer, fremd, tmp_path / "fehlt.jsonl"):
        assert protokoll.kopf_lesen(datei) is None
    assert protokoll.auflisten(tmp_path, "test") == [gut]
    assert protokoll.auflisten(tmp_path, "anderes") == []
    assert protokoll.auflisten(tmp_path / "gibtsnicht", "test") == []


# --------------------------------------------------------------------------- Sitzungen der vier Systeme

def _listen():
    """Die Auflistung „Gespeicherter Kampf“ jedes Systems (Namen im Kampfordner)."""
    from gm_helfer import pfade
    from gm_helfer.aloran import sitzung as aloran
    from gm_helfer.savage_worlds import sitzung as sw
    from gm_helfer.w100 import sitzung as w100
    from gm_helfer.zeitstrahl import sitzung as zs

    ordner = pfade.kampf_ordner()
    return {
        "savage_worlds": [d.name for d in sw.protokolle()],
        "w100": [d.name for d in w100.protokolle()],
        "aloran": aloran.protokolldateien(),
        "zeitstrahl": [d.name for d in zs.protokolle(ordner)],
    }


@pytest.mark.parametrize("system", ["savage_worlds", "w100", "aloran", "zeitstrahl"])
def test_protokoll_ohne_vollstaendigen_kopf_wird_nicht_angeboten(system):
    from gm_helfer import pfade

    ordner = pfade.kampf_ordner()
    kopf = json.dumps({"format": protokoll.FORMAT, "version": 1, "system": system, "kopf": {}}) + "\n"
    (ordner / f"{system}_gut.jsonl").write_text(kopf)
    (ordner / f"{system}_halb.jsonl").write_text(kopf[:-12])  # beim Anlegen abgestürzt
    (ordner / f"{system}_leer.jsonl").write_text("")
    assert _listen()[system] == [f"{system}_gut.jsonl"]


def _sw_verlauf():
    from gm_helfer.boegen import laden
    from gm_helfer.savage_worlds import sitzung as sw

    return sw, sw.neuer_verlauf(sw.kampf_aus_boegen(laden("savage_worlds").boegen))


def test_sitzung_fortsetzen_gesperrt_gibt_ansicht_mit_meldung():
    sw, a = _sw_verlauf()
    from gm_helfer.savage_worlds import kampf as swk

    a.ausfuehren(swk.ereignis_runde(a.zustand))
    b, text = sw.fortsetzen_sicher(a.datei)
    assert text.startswith("⚠") and "anderen Sitzung" in text and a.datei.name in text
    assert b is not None and b.nur_lesen and b.zustand == a.zustand
    # wer nur ansieht, kann nicht eintragen – die Meldung sagt es auf Deutsch
    meldung = sw.ausfuehren(b, swk.ereignis_runde)
    assert meldung.startswith("⚠") and "nur ansehen" in meldung
    assert sw.rueckgaengig(b).startswith("⚠")
    # der Schreiber macht weiter, die Ansicht folgt
    a.ausfuehren(swk.ereignis_runde(a.zustand))
    assert protokoll.nachladen_sicher(b) == "1 neue Schritte aus der anderen Sitzung."
    assert b.zustand == a.zustand


def test_sitzung_fortsetzen_desselben_kampfes_in_derselben_sitzung():
    sw, a = _sw_verlauf()
    b, text = sw.fortsetzen_sicher(a.datei, vorher=a)
    assert text.startswith("Fortgesetzt") and not b.nur_lesen and a.nur_lesen
    # ein anderer Kampf danach: der bisherige wird freigegeben
    _, c = _sw_verlauf()
    c.schliessen()
    d, text = sw.fortsetzen_sicher(c.datei, vorher=b)
    assert text.startswith("Fortgesetzt") and b.rolle == "geschlossen"
    assert fortsetzen_frei(b.datei)


def fortsetzen_frei(datei: Path) -> bool:
    return protokoll.inhaber(datei) is None


@pytest.mark.parametrize("modul", ["savage_worlds", "w100"])
def test_sitzung_fortsetzen_fehler_nennt_datei_und_zeile(modul, tmp_path):
    import importlib

    sitzung = importlib.import_module(f"gm_helfer.{modul}.sitzung")
    datei = tmp_path / f"{modul}_kaputt.jsonl"
    datei.write_text(json.dumps({"format": protokoll.FORMAT, "version": 1, "system": modul, "kopf": {}}) + "\nkaputt\n{}\n")
    verlauf, text = sitzung.fortsetzen_sicher(datei)
    assert verlauf is None and text.startswith("⚠") and datei.name in text and "Zeile 2" in text
    ohne_englisch(text)
