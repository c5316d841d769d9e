"""Jedes Jupyter-Notebook (notebooks/jupyter/*.ipynb) läuft headless mit nbclient fehlerfrei durch;
die Kampf-Notebooks spielen einen Kampf bis zum Ende, zeigen Chancen als SVG, einen Schritt mit
eingetippten Würfeln und den Tracker, und hinterlassen ein Protokoll, das marimo fortsetzt."""

from __future__ import annotations

import json
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ORDNER = Path(__file__).resolve().parents[2] / "notebooks" / "jupyter"
NOTEBOOKS = sorted(ORDNER.glob("*.ipynb"))
KAMPF = {"savage_worlds": "savage_worlds_kampf.py", "aloran": "aloran_kampf.py",
         "zeitstrahl": "zeitstrahl_kampf.py", "w100": "w100_kampf.py"}


def _ausfuehren(datei: Path, basis: Path) -> tuple[nbformat.NotebookNode, Path]:
    kaempfe = basis / "kaempfe"
    kaempfe.mkdir()
    umgebung = {n: str(basis / n) for n in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME",
                                             "XDG_STATE_HOME")}
    for pfad in umgebung.values():
        Path(pfad).mkdir()
    umgebung["JUPYTER_RUNTIME_DIR"] = str(basis / "runtime")
    umgebung["GM_HELFER_KAEMPFE"] = str(kaempfe)
    mp = pytest.MonkeyPatch()
    for name, wert in umgebung.items():
        mp.setenv(name, wert)
    try:
        nb = nbformat.read(datei, as_version=4)
        # eine fehlerhafte Zelle wirft CellExecutionError – der Test schlägt fehl
        NotebookClient(nb, timeout=300, kernel_name="python3", store_widget_state=True,
                       resources={"metadata": {"path": str(basis)}}).execute()
    finally:
        mp.undo()
    return nb, kaempfe


@pytest.fixture(scope="module")
def ausgefuehrt(tmp_path_factory):
    cache: dict[str, tuple[nbformat.NotebookNode, Path]] = {}

    def holen(datei: Path):
        if datei.name not in cache:
            cache[datei.name] = _ausfuehren(datei, tmp_path_factory.mktemp(datei.stem))
        return cache[datei.name]

    return holen


def _ausgaben(nb):
    return [o for z in nb.cells if z.cell_type == "code" for o in z.get("outputs", [])]


def test_es_gibt_alle_kampf_notebooks():
    assert {f"{s}_kampf.ipynb" for s in KAMPF} <= {d.name for d in NOTEBOOKS}


@pytest.mark.parametrize("datei", NOTEBOOKS, ids=lambda d: d.name)
def test_gespeichert_ohne_ausgaben(datei):
    nb = nbformat.read(datei, as_version=4)
    nbformat.validate(nb)
    assert all(not z.get("outputs") and z.get("execution_count") is None for z in nb.cells if z.cell_type == "code")


@pytest.mark.parametrize("datei", NOTEBOOKS, ids=lambda d: d.name)
def test_laeuft_ohne_fehler(datei, ausgefuehrt):
    nb, _ = ausgefuehrt(datei)
    fehler = [o for o in _ausgaben(nb) if o.output_type == "error"]
    assert not fehler
    assert all(z.get("execution_count") for z in nb.cells if z.cell_type == "code")


@pytest.mark.parametrize("system", KAMPF)
def test_kampf_bis_zum_ende(system, ausgefuehrt):
    from gm_helfer.zellenkampf import Zellenkampf

    nb, kaempfe = ausgefuehrt(ORDNER / f"{system}_kampf.ipynb")
    ausgaben = _ausgaben(nb)
    html = [o["data"]["text/html"] for o in ausgaben if "text/html" in o.get("data", {})]
    svgs = [o["data"]["image/svg+xml"] for o in ausgaben if "image/svg+xml" in o.get("data", {})]
    # Chancen vor den Entscheidungen, offline als SVG gezeichnet
    assert len(svgs) >= 2
    # ein Schritt mit eingetippten Würfeln, einer zurückgenommen, das Ende erreicht
    assert any("<span title='eingetippte Würfel'>✎ </span>" in h for h in html)
    assert any("Zurückgenommen: " in h for h in html)
    assert any("Schritte gespielt – entschieden: nur " in h for h in html)
    assert any("<table class='gm-kaempfer'" in h for h in html)
    # der Tracker ist ein Widget mit gespeichertem Zustand
    arten = {art for o in ausgaben for art in o.get("data", {})}
    assert "application/vnd.jupyter.widget-view+json" in arten
    zustand = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    tracker = [m["state"] for m in zustand.values() if "befehl" in m["state"] and "daten" in m["state"]]
    assert len(tracker) == 1 and tracker[0]["daten"]["sieger"]
    # das Protokoll liegt im Kampfordner – so, wie das marimo-Notebook es fortsetzt
    dateien = sorted(kaempfe.glob("*.jsonl"))
    assert len(dateien) == 1
    kopf = json.loads(dateien[0].read_text(encoding="utf-8").splitlines()[0])
    assert kopf["system"] == system
    from importlib import import_module

    klasse = next(c for c in vars(import_module(f"gm_helfer.{system}.zellen")).values()
                  if isinstance(c, type) and issubclass(c, Zellenkampf) and c is not Zellenkampf)
    wieder = klasse.aus_datei(dateien[0])
    assert wieder.sieger() == tracker[0]["daten"]["sieger"]
    assert os.path.basename(tracker[0]["daten"]["datei"]) == dateien[0].name
