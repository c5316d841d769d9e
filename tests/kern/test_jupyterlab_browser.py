"""JupyterLab im echten Browser: ein Kampf-Notebook läuft ganz durch, der Tracker erscheint und
reagiert auf einen Knopf – und der Knopf schreibt ins Protokoll des Kampfes.

JupyterLab läuft auf 127.0.0.1 mit Token, Chromium headless (Fixture ``chromium_browser``).
Das Notebook ist eine Kopie in einem Temp-Ordner (JupyterLab speichert Ausgaben), Protokolle,
HOME und Einstellungen liegen ebenfalls in Temp-Ordnern.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from gm_helfer.browser import beenden as _beenden
from gm_helfer.browser import freier_port as _freier_port

PROJEKT = Path(__file__).resolve().parents[2]
NOTEBOOK = "savage_worlds_kampf.ipynb"


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory, kind_umgebung):
    basis = tmp_path_factory.mktemp("jupyterlab")
    umgebung = kind_umgebung("jupyterlab")
    arbeit = basis / "notebooks"
    arbeit.mkdir()
    shutil.copy(PROJEKT / "notebooks" / "jupyter" / NOTEBOOK, arbeit / NOTEBOOK)
    # Alle Zellen gerendert lassen (JupyterLab 4 zeichnet sonst nur, was sichtbar ist)
    einstellungen = basis / "lab-einstellungen" / "@jupyterlab" / "notebook-extension"
    einstellungen.mkdir(parents=True)
    (einstellungen / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    umgebung["JUPYTERLAB_SETTINGS_DIR"] = str(basis / "lab-einstellungen")
    umgebung["JUPYTER_RUNTIME_DIR"] = str(basis / "runtime")
    # Die Lab-Erweiterungen (Widget-Manager, anywidget) liegen unter <prefix>/share/jupyter des
    # Pythons, das sie installiert hat – bei einer venv mit Systempaketen ist das nicht die venv.
    daten = [str(Path(p) / "share" / "jupyter") for p in dict.fromkeys((sys.prefix, sys.base_prefix))
             if (Path(p) / "share" / "jupyter" / "labextensions").is_dir()]
    umgebung["JUPYTER_PATH"] = os.pathsep.join(daten + [umgebung.get("JUPYTER_PATH", "")]).strip(os.pathsep)
    token = secrets.token_hex(16)
    port = _freier_port()
    with open(basis / "jupyterlab.log", "wb") as log:  # der Kindprozess hat seine eigene Kopie des Deskriptors
        prozess = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root", f"--port={port}",
             "--ServerApp.ip=127.0.0.1", f"--ServerApp.token={token}", f"--ServerApp.root_dir={arbeit}",
             "--ServerApp.open_browser=False", "--LabApp.news_url=",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            cwd=arbeit, env=umgebung, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    frist = time.monotonic() + 90
    while time.monotonic() < frist:
        if prozess.poll() is not None:
            pytest.fail("JupyterLab startet nicht:\n" + (basis / "jupyterlab.log").read_text(errors="replace")[-3000:])
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as antwort:
                if antwort.status == 200:
                    break
        except OSError:
            time.sleep(0.5)
    else:
        _beenden(prozess)
        pytest.fail("JupyterLab antwortet nicht binnen 90 s.")
    # ohne Token kommt niemand an die API
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(f"{url}/api/contents", timeout=5)
    yield {"url": url, "token": token, "kaempfe": Path(umgebung["GM_HELFER_KAEMPFE"]), "log": basis / "jupyterlab.log"}
    _beenden(prozess)


def test_kampf_notebook_in_jupyterlab(jupyterlab, chromium_browser, tmp_path):
    kontext = chromium_browser.new_context(viewport={"width": 1400, "height": 1000}, locale="de-DE")
    seite = kontext.new_page()
    try:
        seite.goto(f"{jupyterlab['url']}/lab/tree/{NOTEBOOK}?token={jupyterlab['token']}")
        seite.wait_for_selector(".jp-Notebook .jp-Cell", timeout=90_000)
        # JupyterLab fragt je nach Version nach dem Kernel: den vorgeschlagenen (Python 3) nehmen
        waehlen = seite.locator(".jp-Dialog button.jp-mod-accept", has_text="Select")
        try:
            waehlen.wait_for(timeout=15_000)
            waehlen.click()
        except Exception:  # kein Dialog: der Kernel startet von selbst
            pass
        seite.wait_for_selector("#jp-main-statusbar :text('| Idle')", timeout=90_000)
        # Menü „Run“ › „Run All Cells“
        seite.locator(".lm-MenuBar-item", has_text="Run").first.click()
        seite.locator(".lm-Menu-item", has_text="Run All Cells").first.click()
        # die letzte Zelle setzt den Kampf aus seiner Datei fort
        seite.wait_for_selector(".jp-OutputArea-output :text('Fortgesetzt:')", timeout=240_000)
        assert seite.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count() == 0
        assert seite.locator(".jp-RenderedText:has-text('Traceback')").count() == 0
        # Diagramme als SVG (offline), Tabelle des Kampfes
        assert seite.locator(".jp-RenderedSVG svg, .jp-OutputArea-output[data-mime-type='image/svg+xml']").count() >= 3
        assert seite.locator("table.gm-kaempfer").count() >= 1

        tracker = seite.locator(".gm-tracker").first
        tracker.wait_for(timeout=30_000)
        assert "Entschieden: nur" in tracker.locator(".gm-tracker-sieger").inner_text()
        assert tracker.locator(".gm-tracker-platz svg").count() >= 1  # Aktionskarten
        fuss = tracker.locator(".gm-tracker-fuss").inner_text()
        datei = fuss.split("Protokoll: ", 1)[1].split(" · ")[0]
        schritte = int(fuss.rsplit(" · ", 1)[1].split()[0])
        protokoll = jupyterlab["kaempfe"] / datei
        zeilen_vorher = len(protokoll.read_text(encoding="utf-8").splitlines())

        # ein Knopf im Tracker: Rückgängig – der Kampf im Kernel und seine Datei ändern sich
        tracker.locator("button.gm-tracker-rueckgaengig").click()
        seite.wait_for_function(
            "n => { const f = document.querySelector('.gm-tracker .gm-tracker-fuss');"
            " return f && f.textContent.includes(' · ' + n + ' Schritte'); }", arg=schritte - 1, timeout=30_000)
        assert tracker.locator(".gm-tracker-meldung").inner_text().startswith("Zurückgenommen: ")
        zeilen = protokoll.read_text(encoding="utf-8").splitlines()
        assert len(zeilen) == zeilen_vorher + 1 and '"rueckgaengig"' in zeilen[-1]

        # und weiter: erst eine offene Entscheidung (nichts Offenes verfällt – „weiter“ würde dann
        # mit Grund abgelehnt), sonst der nächste Schritt im Ablauf
        entscheidung = tracker.locator("button.gm-tracker-entscheidung")
        weiter = entscheidung.first if entscheidung.count() else tracker.locator("button.gm-tracker-weiter")
        if weiter.count():
            weiter.click()
            seite.wait_for_function(
                "n => document.querySelector('.gm-tracker .gm-tracker-fuss').textContent.includes(' · ' + n + ' Schritte')",
                arg=schritte, timeout=30_000)
    except Exception:
        bild = Path(os.environ.get("GM_HELFER_BILDER", tmp_path)) / "jupyterlab.png"
        seite.screenshot(path=str(bild), full_page=True)
        print("Bildschirmfoto:", bild)
        print((jupyterlab["log"]).read_text(errors="replace")[-3000:])
        zelle = seite.locator(".jp-CodeCell", has_text="kampf.tracker()").first
        print("Tracker-Zelle:", zelle.inner_html()[-3000:] if zelle.count() else "fehlt")
        raise
    finally:
        kontext.close()
