"""Das Jupyter-Notebook notebooks/jupyter/chancen.ipynb läuft headless (nbclient) und zeigt
die exakten Chancen aller vier Systeme."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from gm_helfer import diagramme, w100
from gm_helfer import savage_worlds as sw

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "jupyter" / "chancen.ipynb"


@pytest.fixture(scope="module")
def ausgefuehrt(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("jupyter")
    umgebung = {
        name: str(tmp / name) for name in ("HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME")
    }
    for pfad in umgebung.values():
        Path(pfad).mkdir()
    mp = pytest.MonkeyPatch()
    for name, pfad in umgebung.items():
        mp.setenv(name, pfad)
    mp.setenv("JUPYTER_RUNTIME_DIR", str(tmp / "runtime"))
    try:
        nb = nbformat.read(NOTEBOOK, as_version=4)
        NotebookClient(nb, timeout=180, kernel_name="python3", resources={"metadata": {"path": str(tmp)}}).execute()
    finally:
        mp.undo()
    return nb


def _ausgaben(nb):
    return [o for zelle in nb.cells if zelle.cell_type == "code" for o in zelle.get("outputs", [])]


def test_gespeichert_ohne_ausgaben():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    assert all(not z.get("outputs") for z in nb.cells if z.cell_type == "code")


def test_alle_systeme_mit_zahlen_und_diagrammen(ausgefuehrt):
    texte = "".join(o.get("text", "") for o in _ausgaben(ausgefuehrt) if o.output_type == "stream")
    probe = sw.probe_chancen(wuerfel="W8", wildcard=True, modifikator=-2, mindestwurf=6)
    assert f"Treffer {diagramme.prozent(probe.erfolg)}" in texte
    flee20 = w100.angriff_chancen(ob=60, db=20, patzerbereich=5, lucky_seven=False, abwehr=20)
    assert f"Flee 20: Patzer {diagramme.prozent(flee20.patzer)}, Misserfolg {diagramme.prozent(flee20.misserfolg)}" in texte
    assert "Empfindlicher Treffer (Kopf oder Pasch): 27,8 %" in texte
    svgs = [o["data"]["image/svg+xml"] for o in _ausgaben(ausgefuehrt) if "image/svg+xml" in o.get("data", {})]
    assert len(svgs) == 6
    assert any("Ausbluten" in s for s in svgs) and any("Attacke 6 W10" in s for s in svgs)


def test_aloran_poolkurve_hat_wuerfel_als_x_achse(ausgefuehrt):
    """Die Erfolgschance nach Zahl der W10 hat „Würfel im Pool“ als x-Achse, nicht „Runde“."""
    svgs = [o["data"]["image/svg+xml"] for o in _ausgaben(ausgefuehrt) if "image/svg+xml" in o.get("data", {})]
    pool = [s for s in svgs if "Gelingt (mindestens 2 Erfolge)" in s]
    assert len(pool) == 1
    assert "Würfel im Pool" in pool[0] and ">Runde<" not in pool[0]
