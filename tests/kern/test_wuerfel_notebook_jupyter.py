"""Das Jupyter-Notebook notebooks/jupyter/wuerfel.ipynb läuft headless (nbclient) durch."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "jupyter" / "wuerfel.ipynb"


@pytest.fixture(scope="module")
def ausgefuehrt(tmp_path_factory):
    """Das ausgeführte Notebook – einmal je Modul (die Tests lesen es nur)."""
    tmp_path = tmp_path_factory.mktemp("wuerfel_jupyter")
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
            (tmp_path / name).mkdir()
            monkeypatch.setenv(name, str(tmp_path / name))
        monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
        nb = nbformat.read(NOTEBOOK, as_version=4)
        NotebookClient(
            nb, timeout=120, kernel_name="python3", store_widget_state=True, resources={"metadata": {"path": str(tmp_path)}}
        ).execute()  # eine fehlerhafte Zelle wirft CellExecutionError
    return nb


def _ausgaben(nb):
    return [o for zelle in nb.cells if zelle.cell_type == "code" for o in zelle.get("outputs", [])]


def _texte(nb) -> str:
    return "".join(o.get("text", "") for o in _ausgaben(nb) if o.output_type == "stream")


def test_gespeichert_ohne_ausgaben():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert all(not z.get("outputs") for z in nb.cells if z.cell_type == "code")


def test_jupyter_notebook_laeuft(ausgefuehrt):
    texte = _texte(ausgefuehrt)
    assert "W8!+W6!: Chance auf mindestens 8: " in texte and " %" in texte
    assert "W8!+W6!: [8+3, 4] = 15" in texte
    assert "Fehler: " in texte and "explodiert" in texte
    arten = {art for o in _ausgaben(ausgefuehrt) for art in o.get("data", {})}
    assert "image/svg+xml" in arten  # Altair-Diagramme, offline als SVG gezeichnet
    svgs = [o["data"]["image/svg+xml"] for o in _ausgaben(ausgefuehrt) if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 2 and "Verteilung von W8!+W6!" in svgs[0] and "50 %" in svgs[1]
    assert "application/vnd.jupyter.widget-view+json" in arten  # Würfelanzeige


def test_widget_zustand_gespeichert(ausgefuehrt):
    zustand = ausgefuehrt.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    werte = [m["state"] for m in zustand.values() if m["state"].get("_model_name") == "AnyModel"]
    eingetippt = [w for w in werte if w.get("eingetippt")]
    assert len(eingetippt) == 1 and eingetippt[0]["gesamt"] == 15
    assert eingetippt[0]["wuerfe"][0]["augen"] == [8, 3]
