"""Jedes Notebook in ``notebooks/`` läuft durch: alle Zellen ohne Fehler.

Jedes ``notebooks/*.py`` wird mit ``marimo -y export html`` ausgeführt (das rechnet alle
Zellen und endet mit Code 1, wenn eine Zelle scheitert) – in einem eigenen Prozess mit
HOME, XDG-Ordnern, Bögen und Protokollen in Temp-Ordnern. Neue Notebooks werden über
das Glob-Muster automatisch mitgeprüft. Die Prozesse laufen zu zweit parallel.

Ein kaputter Bogen legt kein Kampf-Notebook lahm: neben den Beispielbögen jedes Systems liegen im
selben Lauf ein Bogen mit TOML-Syntaxfehler und einer ohne jedes Feld. Das Kampf-Notebook muss
trotzdem vollständig durchlaufen und beide Dateien nennen (früher ein eigener zweiter Export je
System; die Kampf-Notebooks mit nur den Beispielbögen und ohne Zellfehler prüfen die Browsertests).
"""

from __future__ import annotations

import subprocess
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

PROJEKT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((PROJEKT / "notebooks").glob("*.py"))
ZEITLIMIT = 600
SYSTEME = ("savage_worlds", "aloran", "zeitstrahl", "w100")


def notebook_ausfuehren(notebook: Path, env: dict[str, str], ziel: Path) -> subprocess.CompletedProcess:
    """Führt alle Zellen eines marimo-Notebooks aus (``marimo -y export html``)."""
    return subprocess.run(
        [sys.executable, "-m", "marimo", "-y", "export", "html", str(notebook), "-o", str(ziel)],
        cwd=PROJEKT,
        env=env,
        capture_output=True,
        text=True,
        timeout=ZEITLIMIT,
    )


def _pruefen(ergebnis: subprocess.CompletedProcess, notebook: Path) -> None:
    if ergebnis.returncode != 0:
        ausgabe = (ergebnis.stdout + "\n" + ergebnis.stderr).strip()
        pytest.fail(
            f"Notebook {notebook.name} hat fehlerhafte Zellen (Code {ergebnis.returncode}):\n"
            + ausgabe[-4000:]
        )


@pytest.fixture(scope="session")
def notebook_laeufe(kind_umgebung, tmp_path_factory):
    """Startet alle Notebooks gleich zu Beginn, je zwei parallel; liefert Future je Datei."""
    ausgabe = tmp_path_factory.mktemp("notebook_html")
    with ThreadPoolExecutor(max_workers=2) as pool:
        laeufe: dict[Path, Future] = {}
        for nb in NOTEBOOKS:
            env = kind_umgebung(f"nb_{nb.stem}")
            if nb.stem.endswith("_kampf"):
                kaputte_boegen_ablegen(Path(env["GM_HELFER_CHARAKTERE"]) / nb.stem.removesuffix("_kampf"))
            laeufe[nb] = pool.submit(notebook_ausfuehren, nb, env, ausgabe / f"{nb.stem}.html")
        yield laeufe
        for f in laeufe.values():
            f.cancel()


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[nb.name for nb in NOTEBOOKS])
def test_notebook_laeuft_ohne_fehler(notebook, notebook_laeufe):
    _pruefen(notebook_laeufe[notebook].result(timeout=ZEITLIMIT), notebook)


KAPUTTE_BOEGEN = {"zz_syntaxfehler.toml": 'name = "Kaputtnik"\nseite = [unfertig\n',
                  "zz_ohne_name.toml": "# ein Bogen ohne jedes Feld\n"}


def kaputte_boegen_ablegen(ordner: Path) -> None:
    """Legt neben die Beispielbögen eines Systems einen Bogen mit Syntaxfehler und einen ohne Feld."""
    for name, text in KAPUTTE_BOEGEN.items():
        (ordner / name).write_text(text, encoding="utf-8")


@pytest.mark.parametrize("system", SYSTEME)
def test_kampf_notebook_laeuft_mit_kaputten_boegen(system, notebook_laeufe):
    notebook = PROJEKT / "notebooks" / f"{system}_kampf.py"
    ergebnis = notebook_laeufe[notebook].result(timeout=ZEITLIMIT)
    assert ergebnis.returncode == 0, (ergebnis.stdout + ergebnis.stderr)[-4000:]
    html = Path(ergebnis.args[-1]).read_text(encoding="utf-8")
    assert all(name in html for name in KAPUTTE_BOEGEN), system


KAPUTT = '''\
import marimo

app = marimo.App()

with app.setup:
    import marimo as mo


@app.cell
def _():
    mo.md("vorher geht es")
    return


@app.cell
def _():
    {}["gibt es nicht"]
    return


if __name__ == "__main__":
    app.run()
'''


def test_kaputtes_notebook_faellt_auf(tmp_path, kind_umgebung):
    notebook = tmp_path / "kaputt.py"
    notebook.write_text(KAPUTT, encoding="utf-8")
    ergebnis = notebook_ausfuehren(notebook, kind_umgebung("kaputt"), tmp_path / "kaputt.html")
    with pytest.raises(pytest.fail.Exception, match="kaputt.py hat fehlerhafte Zellen"):
        _pruefen(ergebnis, notebook)
    assert "gibt es nicht" in ergebnis.stdout + ergebnis.stderr
    # derselbe Aufbau ohne die kaputte Zelle besteht die Prüfung
    heil = tmp_path / "heil.py"
    heil.write_text(KAPUTT.replace('{}["gibt es nicht"]', "pass"), encoding="utf-8")
    _pruefen(notebook_ausfuehren(heil, kind_umgebung("heil"), tmp_path / "heil.html"), heil)


def test_notebooks_werden_gefunden():
    # ohne Notebooks wäre der Lauf oben leer und bestünde trotzdem
    assert "wuerfel.py" in {nb.name for nb in NOTEBOOKS}


@pytest.mark.parametrize("ci", [False, True], ids=["lokal", "CI"])
def test_browsertest_ohne_chromium(ci, kind_umgebung):
    """Ohne Chromium: lokal übersprungen (deutscher Grund), mit CI=true ein Fehler."""
    env = kind_umgebung(f"ohne_chromium_{ci}")
    env["GM_HELFER_CHROMIUM"] = "/gibt/es/nicht/chromium"
    env.pop("CI", None)
    if ci:
        env["CI"] = "true"
    ergebnis = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rsE", "-q", "-n", "0",  # ein Test: ohne xdist-Arbeiter
         "tests/kern/test_browser_wuerfel.py::test_start_zeigt_2w6"],
        cwd=PROJEKT, env=env, capture_output=True, text=True, timeout=300,
    )
    ausgabe = ergebnis.stdout + ergebnis.stderr
    if ci:
        assert ergebnis.returncode != 0, ausgabe
        assert "1 error" in ausgabe and "Browsertest in CI nicht möglich: Chromium fehlt" in ausgabe
    else:
        assert ergebnis.returncode == 0, ausgabe
        assert "1 skipped" in ausgabe and "Browsertest übersprungen: Chromium fehlt" in ausgabe


def test_keine_zellfehler_erkennt_fehler_im_browser(tmp_path, browser_seite, keine_zellfehler):
    """Der Browser-Helfer schlägt an, wenn eine Zelle scheitert (sonst wäre er wertlos)."""
    notebook = tmp_path / "kaputt_browser.py"
    notebook.write_text(KAPUTT.replace('"vorher geht es"', "\"<span id='vorher'>vorher geht es</span>\""), encoding="utf-8")
    seite = browser_seite(str(notebook))
    assert seite.locator("#vorher").inner_text() == "vorher geht es"
    with pytest.raises(AssertionError, match=r"\d+ Zellfehler") as fehler:
        keine_zellfehler(seite)
    assert "KeyError" in str(fehler.value)
