"""Hilfen für Tests am echten ``gm-helfer``: starten, aufräumen, Prozessbaum, rohe Anfragen an 127.0.0.1."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm_helfer.browser import freier_port, isolierte_umgebung


def _sigint_ignorieren() -> None:  # im Kindprozess vor exec
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def gm_helfer_starten(basis: Path, *argumente: str, env: dict[str, str] | None = None, sigint_ignoriert: bool = False):
    """``gm-helfer`` in eigener Sitzung starten; wartet auf „läuft“. Gibt (Prozess, Port, Log).

    ``sigint_ignoriert``: wie als Hintergrundjob einer nicht interaktiven Shell gestartet (SIGINT
    ist dort ignoriert, und ein Python-Prozess erbt das)."""
    port = freier_port()
    log = basis / "gm_helfer.log"
    with open(log, "wb") as ausgabe:  # der Kindprozess hat seine eigene Kopie des Dateideskriptors
        prozess = subprocess.Popen(
            [sys.executable, "-m", "gm_helfer.start", "--port", str(port), *argumente],
            cwd=basis, env={**isolierte_umgebung(basis), **(env or {})},
            stdout=ausgabe, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
            preexec_fn=_sigint_ignorieren if sigint_ignoriert else None,
        )
    frist = time.monotonic() + 90
    while "läuft" not in log.read_text(errors="replace"):
        if prozess.poll() is not None or time.monotonic() > frist:
            aufraeumen(prozess)
            pytest.fail(log.read_text(errors="replace"))
        time.sleep(0.2)
    return prozess, port, log


def aufraeumen(prozess: subprocess.Popen) -> None:
    for gruppe in {prozess.pid, *_gruppen_im_baum(prozess.pid)}:
        try:
            os.killpg(gruppe, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
    try:
        prozess.wait(timeout=10)
    except subprocess.TimeoutExpired:
        pass


def prozessbaum(wurzel: int) -> set[int]:
    """``wurzel`` und alle Nachkommen (nach ``ps -eo pid=,ppid=``)."""
    zeilen = subprocess.run(["ps", "-eo", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    kinder: dict[int, list[int]] = {}
    for zeile in zeilen.splitlines():
        pid, ppid = (int(x) for x in zeile.split())
        kinder.setdefault(ppid, []).append(pid)
    baum, offen = set(), [wurzel]
    while offen:
        pid = offen.pop()
        if pid not in baum:
            baum.add(pid)
            offen += kinder.get(pid, [])
    return baum


def _gruppen_im_baum(wurzel: int) -> set[int]:
    gruppen = set()
    for pid in prozessbaum(wurzel):
        try:
            gruppen.add(os.getpgid(pid))
        except ProcessLookupError:
            pass
    return gruppen - {os.getpgid(0)}


def roh(port: int, anfrage: str) -> str:
    """Eine rohe HTTP-Anfrage an 127.0.0.1; gibt die Statuszeile und die Kopfzeilen."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as s:
        s.sendall(anfrage.replace("\n", "\r\n").encode("latin-1"))
        daten = b""
        while b"\r\n\r\n" not in daten:
            stueck = s.recv(65536)
            if not stueck:
                break
            daten += stueck
    return daten.decode("latin-1")


def status(antwort: str) -> int:
    return int(antwort.split(" ", 2)[1]) if antwort.startswith("HTTP/") else 0


def ws_upgrade(port: int, *, host: str | None = None, origin: str | None = None, abfrage: str = "") -> int:
    zeilen = [
        f"GET /ws?session_id=roh{time.monotonic_ns()}&file=wuerfel.py{abfrage} HTTP/1.1",
        f"Host: {host or f'127.0.0.1:{port}'}",
        "Upgrade: websocket", "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==", "Sec-WebSocket-Version: 13",
    ]
    if origin is not None:
        zeilen.append(f"Origin: {origin}")
    return status(roh(port, "\n".join(zeilen) + "\n\n"))


def post(port: int, pfad: str, *, host: str | None = None, origin: str | None = None, koerper: str = "{}",
         art: str = "application/json", cookie: str = "") -> str:
    zeilen = [f"POST {pfad} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", f"Content-Type: {art}",
              f"Content-Length: {len(koerper.encode())}", "Connection: close"]
    if origin is not None:
        zeilen.append(f"Origin: {origin}")
    if cookie:
        zeilen.append(f"Cookie: {cookie}")
    return roh(port, "\n".join(zeilen) + "\n\n" + koerper)


def get(port: int, pfad: str, *, host: str | None = None, cookie: str = "") -> str:
    zeilen = [f"GET {pfad} HTTP/1.1", f"Host: {host or f'127.0.0.1:{port}'}", "Connection: close"]
    if cookie:
        zeilen.append(f"Cookie: {cookie}")
    return roh(port, "\n".join(zeilen) + "\n\n")
