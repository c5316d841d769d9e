"""``gm-helfer``: startet die Notebooks im Browser.

Startet ``marimo run notebooks/`` (alle Notebooks des Ordners in einem Server, nur zum
Benutzen, nicht zum Bearbeiten) und öffnet die Startseite ``notebooks/start.py``, die alle
Notebooks mit einer Zeile Beschreibung verlinkt.

    gm-helfer                      # Browser öffnet sich auf http://127.0.0.1:2718/?file=start.py
    gm-helfer --port 8080          # anderer Port
    gm-helfer --host 0.0.0.0       # im Netz erreichbar (z. B. Tablet am Spieltisch), mit Passwort
    gm-helfer --host 0.0.0.0 --passwort-datei ~/.gm_passwort   # festes Passwort aus einer Datei
    gm-helfer --kein-browser       # nur den Server starten
    gm-helfer --spieler --host 0.0.0.0 --port 2719   # nur die Spieleransicht, eigenes Passwort

Im Netz (jede Adresse außer 127.0.0.1, ::1 und localhost) ist ein Passwort Pflicht:
``--passwort`` oder ``--passwort-datei``, sonst erzeugt ``gm-helfer`` eines und zeigt es
an. marimo fragt es auf einer Anmeldeseite ab (sein Token-Passwort); ohne Anmeldung
bekommt kein Gerät ein Notebook zu sehen. Das Passwort geht über die Standardeingabe an
marimo, nicht über die Kommandozeile (die andere Benutzer des Rechners lesen könnten).
Die Seiten nennen keine absoluten Pfade des Servers (:mod:`gm_helfer.server`).

``--spieler`` startet einen eigenen Server, der nur ``notebooks/spieleransicht.py`` zeigt (die
Notebooks des Spielleiters sind darüber nicht erreichbar), mit eigenem Passwort: neben dem
Server des Spielleiters gestartet, hat er ein anderes (erzeugtes oder angegebenes).
"""

from __future__ import annotations

import argparse
import ast
import ipaddress
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import webbrowser
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gm_helfer import pfade
from gm_helfer.torwache import CODE_PARAMETER

__all__ = [
    "Notebook",
    "notebook_ordner",
    "notebooks",
    "uebersicht_markdown",
    "befehl",
    "braucht_passwort",
    "warten_auf_server",
    "main",
]

STANDARD_PORT = 2718
STARTSEITE = "start.py"
SPIELERANSICHT = "spieleransicht.py"

#: Reihenfolge und eine Zeile Beschreibung der bekannten Notebooks (unbekannte kommen danach).
BESCHREIBUNGEN: dict[str, str] = {
    "wuerfel.py": "Beliebige Würfelausdrücke: exakte Verteilung, Chance auf eine Zielzahl, "
    "würfeln oder eintippen.",
    "begegnung.py": "Begegnung vorbereiten: den Kampf tausendfach durchspielen – wer gewinnt, wie lange, "
    "wer fällt aus.",
    "savage_worlds_kampf.py": "Kampf am Spieltisch mit Aktionskarten, Bennies, Angeschlagen und Wunden.",
    "savage_worlds_lernen.py": "Die Regeln von Savage Worlds Schritt für Schritt mit Beispielen.",
    "aloran_kampf.py": "Kampf mit W10-Pools: Angriff gegen Parade, Trefferzonen und Wunden.",
    "aloran_lernen.py": "Aloran erklärt: Erfolgschancen von 1 bis 10 Würfeln und mehr.",
    "zeitstrahl_kampf.py": "Kampf auf dem Zeitstrahl in Ticks, mit Parade, Block und Rüstung je Würfel.",
    "zeitstrahl_lernen.py": "Zeitstrahl erklärt: Ticks, Verteidigung und Schaden nach Rüstung.",
    "w100_kampf.py": "Kampf mit W100: Initiativepunkte, Fluchtpunkte, Streifer und volle Treffer.",
    "w100_lernen.py": "W100 erklärt: Angriffsergebnis, Schwellen, Patzer und Lucky Seven.",
    "spieleransicht.py": "Für die Spieler: Reihenfolge, wer dran ist, Zustände der Helden – ohne die Werte "
    "der Gegner (eigener Server: gm-helfer --spieler).",
}


@dataclass(frozen=True)
class Notebook:
    """Ein Notebook im Ordner ``notebooks/``."""

    datei: str
    titel: str
    beschreibung: str = ""

    @property
    def adresse(self) -> str:
        """Relative Adresse im marimo-Server (``?file=wuerfel.py``)."""
        return f"?file={self.datei}"


OHNE_ZURUECK = "<style>a[aria-label='Back to gallery'] { display: none; }</style>"
"""Die Startseite ist selbst die Übersicht: marimos englischer Link „Back“ (zurück zu „/“) entfällt."""


def notebook_ordner() -> Path:
    """Der Ordner mit den marimo-Notebooks."""
    return pfade.projekt_ordner() / "notebooks"


def _titel(datei: Path) -> str:
    """``app_title`` aus ``marimo.App(...)``, sonst aus dem Dateinamen."""
    try:
        baum = ast.parse(datei.read_text(encoding="utf-8"))
    except (OSError, SyntaxError, UnicodeDecodeError):
        baum = None
    for knoten in ast.walk(baum) if baum else ():
        if isinstance(knoten, ast.Call) and getattr(knoten.func, "attr", "") == "App":
            for k in knoten.keywords:
                if k.arg == "app_title" and isinstance(k.value, ast.Constant):
                    return str(k.value.value)
    return datei.stem.replace("_", " ").title()


def notebooks(ordner: Path | None = None) -> list[Notebook]:
    """Alle Notebooks außer der Startseite: erst die bekannten in fester Reihenfolge."""
    ordner = ordner or notebook_ordner()
    dateien = {d.name: d for d in ordner.glob("*.py") if d.name != STARTSEITE}
    reihenfolge = [n for n in BESCHREIBUNGEN if n in dateien] + sorted(
        n for n in dateien if n not in BESCHREIBUNGEN
    )
    return [Notebook(n, _titel(dateien[n]), BESCHREIBUNGEN.get(n, "")) for n in reihenfolge]


def uebersicht_markdown(ordner: Path | None = None) -> str:
    """Markdown-Liste der Notebooks mit Links für die Startseite."""
    liste = notebooks(ordner)
    if not liste:
        return "_Im Ordner `notebooks/` liegt noch kein Notebook._"
    zeilen = []
    for nb in liste:
        zeile = f"- <a href='{nb.adresse}' id='link-{Path(nb.datei).stem}'>**{nb.titel}**</a>"
        if nb.beschreibung:
            zeile += f" – {nb.beschreibung}"
        zeilen.append(zeile)
    return "\n".join(zeilen)


def befehl(
    *, port: int, host: str = "127.0.0.1", ordner: Path | None = None, passwort: bool = False
) -> list[str]:
    """Die Kommandozeile für ``marimo run`` (ohne eigenen Browser: den öffnet ``main``).

    Läuft über :mod:`gm_helfer.server` (keine Serverpfade in den Seiten). Mit
    ``passwort=True`` liest marimo sein Token-Passwort aus der Standardeingabe; ohne gibt
    es keine Anmeldung (nur für Loopback-Adressen).
    """
    anmeldung = ["--token", "--token-password-file", "-"] if passwort else ["--no-token"]
    return [
        sys.executable, "-m", "gm_helfer.server", "-y", "run", str(ordner or notebook_ordner()),
        "--headless", "--host", host, "--port", str(port), "--no-sandbox", *anmeldung,
    ]


def braucht_passwort(host: str) -> bool:
    """Ob ``host`` von anderen Geräten erreichbar ist (alles außer Loopback braucht ein Passwort).

    >>> braucht_passwort("127.0.0.1"), braucht_passwort("localhost"), braucht_passwort("0.0.0.0")
    (False, False, True)
    """
    name = host.strip().strip("[]").lower()
    if name in ("localhost", "localhost.", "ip6-localhost"):
        return False
    try:
        return not ipaddress.ip_address(name).is_loopback
    except ValueError:
        return True  # ein Rechnername (oder leer = alle Adressen): im Netz


def _passwort(args: argparse.Namespace) -> tuple[str | None, bool]:
    """(Passwort oder None, selbst erzeugt?) nach den Optionen und der Adresse."""
    if args.passwort is not None and args.passwort_datei is not None:
        raise SystemExit("Bitte nur eines angeben: --passwort oder --passwort-datei.")
    if args.passwort_datei is not None:
        try:
            text = Path(args.passwort_datei).expanduser().read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as fehler:
            raise SystemExit(
                f"Die Passwortdatei {args.passwort_datei} lässt sich nicht lesen: "
                f"{pfade.grund(fehler) if isinstance(fehler, OSError) else 'kein UTF-8-Text'}."
            ) from None
        passwort = text.strip()
    elif args.passwort is not None:
        passwort = args.passwort.strip()  # marimo nimmt es ohne Leerraum an den Rändern
    elif braucht_passwort(args.host):
        return secrets.token_urlsafe(12), True
    else:
        return None, False
    if not passwort:
        raise SystemExit("Das Passwort ist leer; bitte eines angeben (oder die Option weglassen).")
    if "\n" in passwort or "\r" in passwort:
        raise SystemExit("Das Passwort darf nur eine Zeile haben.")
    return passwort, False


def _port_frei(host: str, port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind((host if host not in ("0.0.0.0", "") else "127.0.0.1", port))
        except OSError:
            return False
        return True


def _port_belegt(host: str, port: int) -> bool:
    """Ob ein anderes Programm den Port schon hält (nur „address already in use“; eine Adresse, die
    dieser Rechner nicht hat, meldet marimo selbst)."""
    import errno

    with socket.socket() as s:
        try:
            s.bind((host if host not in ("0.0.0.0", "") else "127.0.0.1", port))
        except OSError as f:
            return f.errno == errno.EADDRINUSE
        return False


def _freier_port(host: str, ab: int = STANDARD_PORT) -> int:
    for port in range(ab, ab + 100):
        if _port_frei(host, port):
            return port
    raise SystemExit(f"Kein freier Port zwischen {ab} und {ab + 99} gefunden; bitte --port angeben.")


def _argumente(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="gm-helfer",
        description="Startet die gm_helfer-Notebooks (marimo) im Browser.",
    )
    parser.add_argument("--port", type=int, default=None,
                        help=f"Port des Servers (Standard: der erste freie ab {STANDARD_PORT})")
    parser.add_argument("--host", default="127.0.0.1",
                        help="Adresse, an die der Server bindet (Standard: 127.0.0.1; 0.0.0.0 = im Netz)")
    parser.add_argument("--kein-browser", action="store_true",
                        help="keinen Browser öffnen, nur den Server starten")
    parser.add_argument("--passwort", default=None,
                        help="Passwort für die Anmeldung (im Netz Pflicht; fehlt es, wird eines erzeugt)")
    parser.add_argument("--passwort-datei", default=None, metavar="DATEI",
                        help="Passwort aus der ersten Zeile dieser Datei lesen")
    parser.add_argument("--spieler", action="store_true",
                        help="nur die Spieleransicht zeigen (eigener Server mit eigenem Passwort)")
    return parser.parse_args(argv)


def warten_auf_server(url: str, prozess: subprocess.Popen, frist: float = 60.0) -> bool:
    """Wartet, bis ``url + "/health"`` mit 200 antwortet (``False``: Prozess tot oder Frist um)."""
    ende = time.monotonic() + frist
    while time.monotonic() < ende and prozess.poll() is None:
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as antwort:
                if antwort.status == 200:
                    return True
        except OSError:
            time.sleep(0.2)
    return False


class _Beenden(Exception):
    """Ein Signal (SIGTERM, SIGHUP) an ``gm-helfer``: aufräumen und enden."""


def _signal_beenden(nummer: int, _rahmen: object) -> None:
    raise _Beenden(nummer)


def _mit_dem_elternprozess_enden() -> None:  # pragma: no cover - läuft im Kindprozess
    """Im Kind vor ``exec``: stirbt ``gm-helfer`` (auch durch SIGKILL), bekommt marimo SIGTERM."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG (Linux)
    except (OSError, AttributeError):
        pass


def _gruppe_beenden(prozess: subprocess.Popen, frist: float = 5.0) -> None:
    """marimo und alles, was es gestartet hat (Kernel, Rechenprozesse), beenden.

    marimo läuft in einer eigenen Prozessgruppe: erst SIGINT an marimo (es schließt seine
    Sitzungen, die Kampfsperren werden frei), nach ``frist`` Sekunden SIGTERM und dann SIGKILL an
    die ganze Gruppe – auch an Rechenprozesse, deren Eltern schon fort sind.
    """
    if os.name == "nt":  # pragma: no cover
        if prozess.poll() is None:
            prozess.terminate()
        prozess.wait()
        return
    if prozess.poll() is None:
        try:
            prozess.send_signal(signal.SIGINT)
            prozess.wait(timeout=frist)
        except subprocess.TimeoutExpired:
            pass
    if not isinstance(getattr(prozess, "pid", None), int):
        return
    for art in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(prozess.pid, art)
        except (ProcessLookupError, PermissionError):
            break
        if _gruppe_weg(prozess, 2.0):
            break
    try:
        prozess.wait(timeout=5)
    except subprocess.TimeoutExpired:  # pragma: no cover
        prozess.kill()
        prozess.wait()


def _gruppe_weg(prozess: subprocess.Popen, frist: float) -> bool:
    """Wartet bis ``frist``, bis kein Prozess der Gruppe von ``prozess`` mehr lebt."""
    ende = time.monotonic() + frist
    while time.monotonic() < ende:
        prozess.poll()  # marimo selbst abholen, sonst bleibt es als Zombie in der Gruppe
        try:
            os.killpg(prozess.pid, 0)
        except (ProcessLookupError, PermissionError):
            return True
        time.sleep(0.05)
    return False


def _marimo_starten(args: argparse.Namespace, port: int, passwort: str | None, code: str | None) -> subprocess.Popen:
    """marimo im Hintergrund starten; Passwort und Einmalcode über die Standardeingabe."""
    ordner = notebook_ordner() / SPIELERANSICHT if args.spieler else None
    posix = os.name != "nt"
    prozess = subprocess.Popen(
        befehl(port=port, host=args.host, ordner=ordner, passwort=passwort is not None),
        cwd=pfade.projekt_ordner(),
        stdin=subprocess.PIPE if passwort is not None else None,
        **({"start_new_session": True, "preexec_fn": _mit_dem_elternprozess_enden} if posix else {}),
    )
    if passwort is not None:
        prozess.stdin.write((passwort + "\n" + (code or "") + "\n").encode("utf-8"))
        prozess.stdin.close()
    return prozess


def _startzeilen(args: argparse.Namespace, start: str, port: int, passwort: str | None, erzeugt: bool) -> str:
    zeilen = [f"{'Spieleransicht' if args.spieler else 'gm_helfer'} läuft: {start}"]
    if passwort is not None:
        if braucht_passwort(args.host):
            zeilen.append(
                f"Im Netz erreichbar (Adresse {args.host}, Port {port}): andere Geräte öffnen "
                f"http://<Adresse dieses Rechners>:{port}/ und melden sich mit dem Passwort an."
            )
        if erzeugt:
            zeilen.append(f"Passwort: {passwort} (neu erzeugt; ein festes mit --passwort-datei)")
        else:
            zeilen.append("Passwort: wie angegeben.")
        if args.passwort is not None:
            zeilen.append(
                "Hinweis: ein Passwort auf der Kommandozeile (--passwort) sehen andere Benutzer dieses "
                "Rechners in der Prozessliste; sicherer ist --passwort-datei."
            )
        if not args.kein_browser:
            zeilen.append("Dieser Browser meldet sich mit einem Einmalcode an (danach ist er wertlos).")
    zeilen.append("Beenden mit Strg+C.")
    return "\n".join(zeilen)


def main(argv: Sequence[str] | None = None) -> int:
    """Einstieg für ``gm-helfer``; läuft, bis Strg+C gedrückt wird (oder SIGTERM/SIGHUP kommt).

    ``gm-helfer bericht LOG [--html] [--kurz]`` druckt stattdessen den Bericht eines Kampfprotokolls
    (:mod:`gm_helfer.bericht`)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bericht"]:
        from gm_helfer import bericht

        return bericht.main(argv[1:])
    args = _argumente(argv)
    if args.port is not None and not 0 < args.port < 65536:
        raise SystemExit(f"Ungültiger Port {args.port}: erlaubt sind 1 bis 65535.")
    if args.port is not None and _port_belegt(args.host, args.port):
        raise SystemExit(
            f"Port {args.port} ist schon belegt (läuft gm_helfer schon, oder ein anderes Programm?). "
            f"Einen anderen wählen, etwa: gm-helfer --port {args.port + 1}"
        )
    port = args.port if args.port is not None else _freier_port(args.host)
    if not notebook_ordner().is_dir():
        raise SystemExit("Der Ordner notebooks/ fehlt – ist gm_helfer vollständig installiert?")
    passwort, erzeugt = _passwort(args)
    code = secrets.token_urlsafe(24) if passwort is not None and not args.kein_browser else None
    vorher = {}
    if threading_hauptfaden():
        for nummer in (signal.SIGTERM, *((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ())):
            vorher[nummer] = signal.signal(nummer, _signal_beenden)
    prozess = None
    try:
        prozess = _marimo_starten(args, port, passwort, code)
        anzeige_host = "127.0.0.1" if args.host in ("0.0.0.0", "", "::") else args.host
        if ":" in anzeige_host:
            anzeige_host = f"[{anzeige_host}]"
        basis = f"http://{anzeige_host}:{port}"
        if not warten_auf_server(basis, prozess):
            code_ende = prozess.poll()
            raise SystemExit(
                f"marimo ist nicht gestartet (Code {code_ende}). Ist der Port {port} belegt? "
                "Versuche es mit --port."
            )
        start = f"{basis}/" if args.spieler else f"{basis}/?file={STARTSEITE}"
        print(_startzeilen(args, start, port, passwort, erzeugt), flush=True)
        if not args.kein_browser:
            # der eigene Browser meldet sich mit dem Einmalcode an, nie mit dem Passwort
            trenner = "?" if args.spieler else "&"
            webbrowser.open(start if code is None else f"{start}{trenner}{CODE_PARAMETER}={code}")
        return prozess.wait()
    except (KeyboardInterrupt, _Beenden):
        return 0
    finally:
        for nummer, alt in vorher.items():
            signal.signal(nummer, alt)
        if prozess is not None:
            _gruppe_beenden(prozess)


def threading_hauptfaden() -> bool:
    """Ob ``main`` im Hauptthread läuft (nur dort lassen sich Signale abfangen)."""
    import threading

    return threading.current_thread() is threading.main_thread()


if __name__ == "__main__":
    raise SystemExit(main())
