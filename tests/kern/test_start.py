"""Tests für ``gm-helfer`` (gm_helfer.start) und die Startseite notebooks/start.py."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from gm_helfer import pfade, start


def test_befehl():
    b = start.befehl(port=4321, host="0.0.0.0")
    assert b[:5] == [sys.executable, "-m", "gm_helfer.server", "-y", "run"]  # marimo ohne Serverpfade
    assert b[5] == str(pfade.projekt_ordner() / "notebooks")
    assert b[b.index("--port") : b.index("--port") + 2] == ["--port", "4321"]
    assert b[b.index("--host") : b.index("--host") + 2] == ["--host", "0.0.0.0"]
    assert "--headless" in b  # den Browser öffnet gm-helfer selbst, auf der Startseite


def test_notebooks_reihenfolge_und_titel(tmp_path):
    (tmp_path / "zzz_eigenes.py").write_text('import marimo\napp = marimo.App(app_title="Mein Notebook")\n')
    (tmp_path / "w100_kampf.py").write_text("import marimo\napp = marimo.App()\n")
    (tmp_path / "wuerfel.py").write_text('import marimo\napp = marimo.App(width="medium", app_title="Würfellabor")\n')
    (tmp_path / "kaputt.py").write_text("das ist kein Python (\n")
    (tmp_path / "start.py").write_text("import marimo\n")
    liste = start.notebooks(tmp_path)
    assert [n.datei for n in liste] == ["wuerfel.py", "w100_kampf.py", "kaputt.py", "zzz_eigenes.py"]
    assert [n.titel for n in liste] == ["Würfellabor", "W100 Kampf", "Kaputt", "Mein Notebook"]
    assert liste[0].beschreibung and not liste[3].beschreibung
    assert liste[0].adresse == "?file=wuerfel.py"
    md = start.uebersicht_markdown(tmp_path)
    assert "<a href='?file=wuerfel.py' id='link-wuerfel'>**Würfellabor**</a> – " in md
    assert md.count("<a href=") == 4


def test_uebersicht_leer(tmp_path):
    assert "noch kein Notebook" in start.uebersicht_markdown(tmp_path)


def test_echte_notebooks_enthalten_wuerfellabor():
    assert "wuerfel.py" in [n.datei for n in start.notebooks()]
    assert "start.py" not in [n.datei for n in start.notebooks()]


def test_ungueltiger_port():
    with pytest.raises(SystemExit, match="Ungültiger Port"):
        start.main(["--port", "70000", "--kein-browser"])


def test_freier_port_ueberspringt_belegten():
    with socket.socket() as belegt:
        belegt.bind(("127.0.0.1", 0))
        belegt.listen()
        port = belegt.getsockname()[1]
        assert start._port_frei("127.0.0.1", port) is False
        assert start._freier_port("127.0.0.1", port) != port


def test_belegter_port_deutsch_mit_hinweis_und_ohne_laeuft_zeile(monkeypatch, capsys):
    """Issue 23: „a port in use gives a German message with the --port hint, and no ‚läuft‘ line“ –
    marimo wird gar nicht erst gestartet (sonst kämen seine englischen Zeilen)."""
    gestartet = []
    monkeypatch.setattr(start.subprocess, "Popen", lambda *a, **k: gestartet.append(a))
    with socket.socket() as belegt:
        belegt.bind(("127.0.0.1", 0))
        belegt.listen()
        port = belegt.getsockname()[1]
        with pytest.raises(SystemExit, match=rf"Port {port} ist schon belegt.*--port {port + 1}"):
            start.main(["--port", str(port), "--kein-browser"])
    assert gestartet == []
    assert "läuft" not in capsys.readouterr().out


class _FalscherProzess:
    def __init__(self, befehl, **kwargs):
        self.befehl = befehl
        self.kwargs = kwargs
        _FalscherProzess.letzter = self

    def poll(self):
        return 0

    def wait(self, timeout=None):
        return 0


def test_main_oeffnet_browser_auf_der_startseite(monkeypatch, capsys):
    geoeffnet = []
    monkeypatch.setattr(start.subprocess, "Popen", _FalscherProzess)
    monkeypatch.setattr(start, "warten_auf_server", lambda url, prozess: True)
    monkeypatch.setattr(start.webbrowser, "open", geoeffnet.append)
    assert start.main(["--port", "5555"]) == 0
    assert geoeffnet == ["http://127.0.0.1:5555/?file=start.py"]
    assert _FalscherProzess.letzter.befehl == start.befehl(port=5555)
    assert "gm_helfer läuft: http://127.0.0.1:5555/?file=start.py" in capsys.readouterr().out
    geoeffnet.clear()
    assert start.main(["--port", "5556", "--kein-browser"]) == 0
    assert geoeffnet == []


def test_main_meldet_fehlstart(monkeypatch):
    monkeypatch.setattr(start.subprocess, "Popen", _FalscherProzess)
    monkeypatch.setattr(start, "warten_auf_server", lambda url, prozess: False)
    with pytest.raises(SystemExit, match="Port 5557 belegt"):
        start.main(["--port", "5557", "--kein-browser"])


def test_gm_helfer_startet_wirklich(tmp_path, kind_umgebung):
    """Der echte Befehl: Server antwortet, Startseite und Würfellabor sind erreichbar."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    skript = shutil.which("gm-helfer")
    befehl = [skript] if skript else [sys.executable, "-m", "gm_helfer.start"]
    prozess = subprocess.Popen(
        [*befehl, "--kein-browser", "--port", str(port)],
        cwd=tmp_path,
        env=kind_umgebung("gm_helfer_start"),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        erwartet = f"gm_helfer läuft: http://127.0.0.1:{port}/?file=start.py"
        gelesen = []
        frist = time.monotonic() + 60
        while time.monotonic() < frist and prozess.poll() is None:
            gelesen.append(prozess.stdout.readline().decode())  # marimo schreibt mit
            if erwartet in gelesen[-1]:
                break
        assert erwartet in gelesen[-1], "".join(gelesen)
        for seite in ("/?file=start.py", "/?file=wuerfel.py"):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{seite}", timeout=10) as antwort:
                assert antwort.status == 200
        # „/“ (die Adresse fürs Tablet) öffnet die deutsche Startseite, nicht marimos Galerie
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as antwort:
            assert antwort.status == 200 and antwort.url.endswith("/?file=start.py"), antwort.url
    finally:
        os.killpg(prozess.pid, signal.SIGINT)
        try:
            code = prozess.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(prozess.pid, signal.SIGKILL)
            raise
    assert code == 0


def test_readme_schnellstart_und_ci_passen_zusammen():
    """README: genau zwei Befehlsblöcke im Schnellstart; .ci/run führt den zweiten genau aus."""
    import re

    projekt = pfade.projekt_ordner()
    readme = (projekt / "README.md").read_text(encoding="utf-8")
    schnellstart = readme.split("## Schnellstart", 1)[1].split("\n## ", 1)[0]
    bloecke = re.findall(r"```bash\n(.*?)\n```", schnellstart, flags=re.S)
    # Jeder Befehl legt die Projekt-venv selbst an oder benutzt sie wieder (PEP 668: kein
    # globales pip install) – eine Zeile zum Kopieren.
    venv = "(test -x .venv/bin/pip || python3 -m venv .venv) && "
    assert bloecke == [
        venv + ".venv/bin/pip install -e . && .venv/bin/gm-helfer",
        venv + '.venv/bin/pip install -e ".[test]" && .venv/bin/pytest',
    ]
    jupyter = readme.split("## Jupyter", 1)[1].split("\n## ", 1)[0]
    assert re.findall(r"```bash\n(.*?)\n```", jupyter, flags=re.S) == [
        venv + '.venv/bin/pip install -e ".[jupyter]" && .venv/bin/jupyter lab notebooks/jupyter'
    ]
    ci = (projekt / ".ci" / "run").read_text(encoding="utf-8")
    assert ci.startswith("#!/usr/bin/env bash") and "set -euo pipefail" in ci
    assert ci.rstrip().splitlines()[-1] == bloecke[1]
    assert os.access(projekt / ".ci" / "run", os.X_OK)
    for notebook in ("wuerfel.py", "savage_worlds_kampf.py", "w100_lernen.py"):
        assert f"notebooks/{notebook}" in readme
