"""Hilfen für Browsertests und Messungen der marimo-Notebooks (headless Chromium, Playwright).

Gemeinsam genutzt von ``tests/conftest.py`` (Browsertests) und ``benchmarks/tisch_messen.py``
(Zeiten am Spieltisch): Chromium-Argumente, ein freier Port, eine isolierte Umgebung für den
Server (HOME/XDG und ``GM_HELFER_*`` in Temp-Ordnern), ``marimo run`` starten und beenden und
:class:`Verkehr`, der Beobachter des Websockets zwischen Seite und marimo-Kernel.

Kein Teil der Spieltisch-API; Playwright wird hier nicht importiert (die Seite kommt von außen).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

PROJEKT = Path(__file__).resolve().parent.parent

CHROMIUM = Path(os.environ.get("GM_HELFER_CHROMIUM", "/usr/bin/chromium"))
CHROMIUM_ARGUMENTE = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
"""Ohne die Netz-Schalter überschwemmt Chromium das geschlossene Netz mit Verbindungsversuchen."""

KERNEL_API = "/api/kernel/"


def freier_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def kopie_charaktere(ziel: Path) -> Path:
    """Kopiert ``charaktere/`` des Projekts nach ``ziel`` (leerer Ordner, wenn es keine gibt).

    Nur die Inhalte (``shutil.copyfile``), ohne Zeitstempel und Rechte: jeder Test bekommt so eine
    Kopie (``tests/conftest.py``), und ``copystat`` je Datei kostete ein Drittel davon (gemessen
    29 gegen 19 ms je Kopie)."""
    quelle = PROJEKT / "charaktere"
    if quelle.is_dir():
        shutil.copytree(quelle, ziel, dirs_exist_ok=True, copy_function=shutil.copyfile)
    else:
        ziel.mkdir(parents=True, exist_ok=True)
    return ziel


def isolierte_umgebung(basis: Path) -> dict[str, str]:
    """Umgebung für Kindprozesse: HOME/XDG und GM_HELFER_* in Temp-Ordnern unter ``basis``.

    ``GM_HELFER_CHARAKTERE`` zeigt auf eine frische Kopie von ``charaktere/``; ``GM_HELFER_SAAT``
    ist 1, wenn nicht schon gesetzt (:func:`gm_helfer.wuerfel.programm_zufall`).
    """
    env = dict(os.environ)
    for name in ("home", "config", "cache", "data", "state", "kaempfe"):
        (basis / name).mkdir(parents=True, exist_ok=True)
    env.update(
        HOME=str(basis / "home"),
        XDG_CONFIG_HOME=str(basis / "config"),
        XDG_CACHE_HOME=str(basis / "cache"),
        XDG_DATA_HOME=str(basis / "data"),
        XDG_STATE_HOME=str(basis / "state"),
        GM_HELFER_CHARAKTERE=str(kopie_charaktere(basis / "charaktere")),
        GM_HELFER_KAEMPFE=str(basis / "kaempfe"),
        PYTHONDONTWRITEBYTECODE="1",
    )
    env.setdefault("GM_HELFER_SAAT", "1")  # die Programmwürfel wiederholbar: ein Fehler lässt sich nachspielen
    return env


def marimo_starten(notebook: Path, basis: Path, *, env: dict[str, str] | None = None,
                   argumente: tuple[str, ...] = ()) -> tuple[str, subprocess.Popen, bool]:
    """``marimo run`` (headless, ohne Token, mit Tracebacks) in eigener Prozessgruppe.

    Das Log steht in ``basis/marimo.log``. Gibt ``(url, prozess, bereit)`` zurück; ``bereit``
    ist falsch, wenn ``/health`` nach 60 s nicht antwortet (der Prozess läuft dann evtl. noch).
    """
    from gm_helfer.start import warten_auf_server

    port = freier_port()
    with open(basis / "marimo.log", "ab") as log:
        prozess = subprocess.Popen(
            [sys.executable, "-m", "marimo", "-y", "run", str(notebook), "--headless", "--host", "127.0.0.1",
             "--port", str(port), "--no-token", "--show-tracebacks", *argumente],
            cwd=PROJEKT, env=env if env is not None else isolierte_umgebung(basis),
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    return url, prozess, warten_auf_server(url, prozess, frist=60)


def beenden(prozess: subprocess.Popen) -> None:
    """Beendet einen mit :func:`marimo_starten` gestarteten Server samt Prozessgruppe."""
    if prozess.poll() is not None:
        return
    try:
        os.killpg(prozess.pid, signal.SIGTERM)
        prozess.wait(timeout=10)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        try:
            os.killpg(prozess.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        prozess.wait(timeout=10)


class Verkehr:
    """Beobachtet, was zwischen Seite und marimo-Kernel unterwegs ist.

    Nach einem Klick schickt die Seite ``POST /api/kernel/...``; die Zellen laufen erst,
    wenn der Kernel dazu kommt – auf einem ausgelasteten Rechner Sekunden später. Wer nur
    auf die Ladeanzeige schaut, ist dann zu früh fertig. Darum zählen hier offene Anfragen,
    die Zustände der Zellen aus den ``cell-op``-Nachrichten (``queued`` → ``running`` →
    ``idle``) und die Zeit der letzten Nachricht über den Websocket.

    Args:
        antwort_frist: so lange (s) gilt eine Eingabe, auf die der Kernel noch nicht mit einer
            Nachricht geantwortet hat, als „läuft noch“.
        stille: so lange (s) nach der letzten Nachricht gilt die Seite noch als beschäftigt.

    ``laeufe`` sammelt jeden Zelllauf als ``(zelle, start, dauer)`` mit den Zeitstempeln des
    Servers (``running`` → ``idle``); :meth:`laeufe_seit` liefert die seit einem Zeitpunkt.
    """

    def __init__(self, seite, *, antwort_frist: float = 8.0, stille: float = 0.0) -> None:
        self.antwort_frist = antwort_frist
        self.stille = stille
        self.offen = 0
        self.letzte_anfrage = 0.0
        self.letzte_nachricht = 0.0
        self.zellen: dict[str, str] = {}
        self.laeufe: list[tuple[str, float, float]] = []
        self._laeuft_seit: dict[str, float] = {}
        seite.on("request", self._anfrage)
        seite.on("requestfinished", self._erledigt)
        seite.on("requestfailed", self._erledigt)
        seite.on("websocket", lambda ws: ws.on("framereceived", self._nachricht))

    def _anfrage(self, anfrage) -> None:
        if KERNEL_API in anfrage.url:
            self.offen += 1
            self.letzte_anfrage = time.monotonic()

    def _erledigt(self, anfrage) -> None:
        if KERNEL_API in anfrage.url:
            self.offen = max(0, self.offen - 1)

    def _nachricht(self, inhalt) -> None:
        self.letzte_nachricht = time.monotonic()
        try:
            nachricht = json.loads(inhalt)
        except (TypeError, ValueError):
            return
        daten = nachricht.get("data") if isinstance(nachricht, dict) else None
        if not (isinstance(daten, dict) and daten.get("op") == "cell-op" and daten.get("status")):
            return
        zelle, status = daten.get("cell_id", ""), daten["status"]
        self.zellen[zelle] = status
        zeit = daten.get("timestamp")
        if isinstance(zeit, (int, float)):
            if status == "running":
                self._laeuft_seit[zelle] = zeit
            elif status == "idle" and zelle in self._laeuft_seit:
                start = self._laeuft_seit.pop(zelle)
                self.laeufe.append((zelle, start, zeit - start))

    def beschaeftigt(self) -> bool:
        jetzt = time.monotonic()
        unbeantwortet = self.letzte_anfrage > self.letzte_nachricht and jetzt - self.letzte_anfrage < self.antwort_frist
        laufend = any(z in ("queued", "running") for z in self.zellen.values())
        return self.offen > 0 or unbeantwortet or laufend or jetzt - self.letzte_nachricht < self.stille

    def laeufe_seit(self, server_zeit: float) -> list[tuple[str, float, float]]:
        """Zellläufe, die nach ``server_zeit`` (``time.time()``) begonnen haben."""
        return [lauf for lauf in self.laeufe if lauf[1] >= server_zeit]
