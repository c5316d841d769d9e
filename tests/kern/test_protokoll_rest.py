"""Der Rest von Issue 22, Punkt 10: eindeutige Namen neuer Kämpfe, keine absoluten Pfade in
Meldungen, eine Schreibsperre, die sich nicht durch Löschen einer Datei umgehen lässt."""

from __future__ import annotations

import threading

import pytest

from gm_helfer import tisch
from gm_helfer.protokoll import Ereignis, GesperrtFehler, ProtokollFehler, Verlauf


def plus(z: int, e: Ereignis) -> int:
    return z + int(e.daten["n"])


def start(kopf) -> int:
    return 0


def test_sperrdateien_loeschen_umgeht_die_sperre_nicht(tmp_path):
    datei = tmp_path / "kampf.jsonl"
    erster = Verlauf(0, plus, datei=datei, system="probe")
    erster.ausfuehren(Ereignis("plus", {"n": 1}))
    for sperre in tmp_path.glob("kampf.jsonl.sperre*"):
        sperre.unlink()  # vorher: danach schrieb eine zweite Sitzung ohne Übernehmen
    with pytest.raises(GesperrtFehler):
        Verlauf.fortsetzen(datei, start, plus)
    erster.ausfuehren(Ereignis("plus", {"n": 2}))  # der erste schreibt weiter
    erster.schliessen()
    zweiter, _ = Verlauf.fortsetzen(datei, start, plus)  # frei: jetzt geht es
    assert zweiter.zustand == 3
    zweiter.schliessen()


def test_uebernehmen_geht_weiter_ausdruecklich(tmp_path):
    datei = tmp_path / "kampf.jsonl"
    erster = Verlauf(0, plus, datei=datei, system="probe")
    zweiter, _ = Verlauf.fortsetzen(datei, start, plus, uebernehmen=True)
    zweiter.ausfuehren(Ereignis("plus", {"n": 5}))
    with pytest.raises(ProtokollFehler):
        erster.ausfuehren(Ereignis("plus", {"n": 1}))
    zweiter.schliessen()
    erster.schliessen()


def test_zwanzig_neue_kaempfe_in_derselben_sekunde(tmp_path, monkeypatch):
    """Vorher: 11 von 20 abgelehnt („wird gerade in einer anderen Sitzung geführt“ / „gibt es schon“)."""
    from datetime import datetime

    fest = datetime(2026, 12, 1, 20, 0, 0)
    original = tisch.protokoll_datei
    monkeypatch.setattr(tisch, "protokoll_datei", lambda system, ordner=None, jetzt=None: original(system, ordner, fest))
    ergebnisse: list = []
    sperre = threading.Barrier(20)

    def anlegen():
        sperre.wait()
        try:
            ergebnisse.append(tisch.neuer_verlauf("probe", 0, plus, {}, tmp_path))
        except Exception as f:  # noqa: BLE001
            ergebnisse.append(f)

    faeden = [threading.Thread(target=anlegen) for _ in range(20)]
    for f in faeden:
        f.start()
    for f in faeden:
        f.join()
    fehler = [e for e in ergebnisse if isinstance(e, Exception)]
    assert fehler == []
    assert len({v.datei for v in ergebnisse}) == 20
    for v in ergebnisse:
        v.schliessen()


def test_meldungen_ohne_absoluten_pfad(tmp_path):
    datei = tmp_path / "kampf.jsonl"
    Verlauf(0, plus, datei=datei, system="probe").schliessen()
    with pytest.raises(ProtokollFehler) as info:
        Verlauf(0, plus, datei=datei, system="probe")
    assert str(tmp_path) not in str(info.value) and "kampf.jsonl gibt es schon" in str(info.value)
