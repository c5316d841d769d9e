"""Ein kaputter Bogen legt kein Kampf-Notebook lahm.

Für jedes System liegen neben den Beispielbögen ein Bogen mit TOML-Syntaxfehler und einer
mit fehlendem Pflichtfeld. Das Kampf-Notebook muss trotzdem vollständig durchlaufen und
die Fehler auf Deutsch mit Datei und Feld zeigen; die guten Bögen bleiben nutzbar.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

PROJEKT = Path(__file__).resolve().parent.parent
SYSTEME = ("savage_worlds", "aloran", "zeitstrahl", "w100")


@pytest.mark.parametrize("system", SYSTEME)
def test_kampf_notebook_laeuft_mit_kaputten_boegen(system, tmp_path, kind_umgebung):
    env = kind_umgebung(f"kaputt_{system}")
    ordner = Path(env["GM_HELFER_CHARAKTERE"]) / system
    (ordner / "zz_syntaxfehler.toml").write_text('name = "Kaputtnik"\nseite = [unfertig\n', encoding="utf-8")
    (ordner / "zz_ohne_name.toml").write_text("# ein Bogen ohne jedes Feld\n", encoding="utf-8")
    ziel = tmp_path / f"{system}.html"
    ergebnis = subprocess.run(
        [sys.executable, "-m", "marimo", "-y", "export", "html", str(PROJEKT / "notebooks" / f"{system}_kampf.py"), "-o", str(ziel)],
        cwd=PROJEKT, env=env, capture_output=True, text=True, timeout=600,
    )
    assert ergebnis.returncode == 0, (ergebnis.stdout + ergebnis.stderr)[-4000:]
    html = ziel.read_text(encoding="utf-8")
    assert "zz_syntaxfehler.toml" in html and "zz_ohne_name.toml" in html
