"""Nichts bleibt laufen: SIGTERM, SIGHUP und SIGINT an ``gm-helfer`` beenden seinen marimo-Server
und alles darunter binnen Sekunden; der Port ist danach frei.

Vorher beendeten SIGTERM und SIGHUP nur den Wrapper, marimo lief weiter und bediente den Port.
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm_helfer import start

sys.path.insert(0, str(Path(__file__).parent))
from server_hilfe import aufraeumen, gm_helfer_starten, prozessbaum  # noqa: E402


def _lebt(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _port_offen(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.parametrize(
    "nummer, argumente",
    [(signal.SIGTERM, []), (signal.SIGHUP, []), (signal.SIGINT, []), (signal.SIGTERM, ["--spieler"])],
    ids=["SIGTERM", "SIGHUP", "SIGINT", "SIGTERM-spieler"],
)
def test_signal_beendet_den_ganzen_baum(tmp_path, nummer, argumente):
    prozess, port, _ = gm_helfer_starten(tmp_path, "--kein-browser", *argumente)
    try:
        baum = prozessbaum(prozess.pid)
        assert len(baum) >= 2 and _port_offen(port)  # Wrapper und marimo
        beginn = time.monotonic()
        os.kill(prozess.pid, nummer)
        prozess.wait(timeout=15)
        while time.monotonic() - beginn < 10 and (any(_lebt(p) for p in baum) or _port_offen(port)):
            time.sleep(0.1)
        assert not [p for p in baum if _lebt(p)], "Prozesse leben noch"
        assert not _port_offen(port)
        assert time.monotonic() - beginn < 10
    finally:
        aufraeumen(prozess)


def test_sigterm_mit_ignoriertem_sigint_endet_sauber_und_ohne_traceback(tmp_path):
    """SIGTERM an ``gm-helfer`` (hier als Hintergrundjob einer Shell ohne Terminal gestartet, SIGINT
    ignoriert): marimo endet über sein SIGINT vor der Frist und ohne Traceback. Vorher stand beim
    Beenden immer ein ``CancelledError``-Traceback von uvicorn im Terminal – marimos Strg+C-Handler
    fuhr mit ``-q`` den Server zweimal herunter (``flicken.marimo_einmal_beenden``)."""
    prozess, port, log = gm_helfer_starten(tmp_path, "--kein-browser", sigint_ignoriert=True)
    try:
        baum = prozessbaum(prozess.pid)
        beginn = time.monotonic()
        os.kill(prozess.pid, signal.SIGTERM)
        prozess.wait(timeout=15)
        dauer = time.monotonic() - beginn
        text = log.read_text(errors="replace")
        assert not [p for p in baum if _lebt(p)] and not _port_offen(port)
        assert dauer < start_frist_sigint(), f"erst nach {dauer:.1f} s beendet (SIGINT kam nicht an):\n{text[-2000:]}"
        assert "Traceback" not in text and "CancelledError" not in text, text[-3000:]
    finally:
        aufraeumen(prozess)


def start_frist_sigint() -> float:
    """Die Frist, nach der ``gm-helfer`` marimo mit SIGTERM statt SIGINT beendet (``_gruppe_beenden``)."""
    import inspect

    return inspect.signature(start._gruppe_beenden).parameters["frist"].default


def test_gruppe_beenden_auch_verwaiste_rechenprozesse():
    """Ein Kind, das SIGINT überhört, und sein Enkel (wie ein Rechenprozess) enden trotzdem."""
    kind = subprocess.Popen(
        [sys.executable, "-c",
         "import signal, subprocess, sys, time; signal.signal(signal.SIGINT, signal.SIG_IGN);"
         "e = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)']);"
         "print(e.pid, flush=True); time.sleep(300)"],
        stdout=subprocess.PIPE, start_new_session=True, text=True,
    )
    enkel = int(kind.stdout.readline())
    beginn = time.monotonic()
    start._gruppe_beenden(kind, frist=0.5)
    while _lebt(enkel) and time.monotonic() - beginn < 5:
        time.sleep(0.05)
    assert not _lebt(enkel) and kind.poll() is not None
    assert time.monotonic() - beginn < 5
