"""Die Installation der README reicht: jedes Paket, das die Notebooks (marimo und Jupyter) und
die Bibliothek importieren, kommt mit ``pip install -e .`` (marimo) bzw.
``pip install -e ".[jupyter]"`` (Jupyter) – nicht erst mit den Testabhängigkeiten.

Geprüft wird gegen die Abhängigkeiten in pyproject.toml und deren eigene Abhängigkeiten
(aus den Metadaten der installierten Pakete), nicht gegen das, was zufällig installiert ist.
"""

from __future__ import annotations

import ast
import importlib.metadata as md
import json
import re
import sys
import tomllib
from pathlib import Path

import pytest

PROJEKT = Path(__file__).resolve().parents[2]


def _name(anforderung: str) -> str:
    """„vl-convert-python>=1.6 ; …“ → „vl-convert-python“ (normalisiert nach PEP 503)."""
    roh = re.split(r"[\s<>=!~;\[(]", anforderung.strip(), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", roh).lower()


def _extras(anforderung: str) -> set[str]:
    m = re.match(r"\s*[A-Za-z0-9_.-]+\s*\[([^\]]*)\]", anforderung)
    return {e.strip() for e in m.group(1).split(",")} if m else set()


def _pyproject() -> dict:
    return tomllib.loads((PROJEKT / "pyproject.toml").read_text(encoding="utf-8"))


def _huelle(anforderungen: list[str]) -> set[str]:
    """Alle Distributionen, die ``pip install`` für diese Anforderungen mitbringt (rekursiv
    über die Metadaten; Marker werden für diese Plattform ohne Extras ausgewertet)."""
    from packaging.requirements import Requirement

    offen = [(_name(a), _extras(a)) for a in anforderungen]
    gesehen: set[str] = set()
    while offen:
        name, extras = offen.pop()
        schluessel = name + "[" + ",".join(sorted(extras)) + "]"
        if schluessel in gesehen:
            continue
        gesehen.add(schluessel)
        try:
            requires = md.requires(name) or []
        except md.PackageNotFoundError:
            continue  # nicht installiert: der Test unten meldet dann das fehlende Paket
        for zeile in requires:
            req = Requirement(zeile)
            umgebungen = [{"extra": e} for e in extras] or [{"extra": ""}]
            if req.marker is None or any(req.marker.evaluate(u) for u in umgebungen):
                offen.append((_name(req.name), set(req.extras)))
    return {s.split("[", 1)[0] for s in gesehen}


def _importe(quelltext: str) -> set[str]:
    """Oberste Modulnamen aller ``import``-Anweisungen (auch in Funktionen und ``with``-Blöcken)."""
    # Jupyter-Zeilen wie „%matplotlib“ oder „!pip“ sind kein Python
    quelltext = "\n".join("" if z.lstrip().startswith(("%", "!")) else z for z in quelltext.splitlines())
    namen = set()
    for knoten in ast.walk(ast.parse(quelltext)):
        if isinstance(knoten, ast.Import):
            namen.update(a.name.split(".")[0] for a in knoten.names)
        elif isinstance(knoten, ast.ImportFrom) and knoten.level == 0 and knoten.module:
            namen.add(knoten.module.split(".")[0])
    return namen


def _ipynb_quelltext(datei: Path) -> str:
    nb = json.loads(datei.read_text(encoding="utf-8"))
    return "\n".join("".join(z["source"]) for z in nb["cells"] if z["cell_type"] == "code")


def _fremde_module(namen: set[str]) -> set[str]:
    return {n for n in namen if n not in sys.stdlib_module_names and n not in ("gm_helfer", "__future__")}


def _distributionen(modul: str) -> set[str]:
    return {_name(d) for d in md.packages_distributions().get(modul, [])}


def _bibliothek() -> list[Path]:
    return sorted((PROJEKT / "gm_helfer").rglob("*.py"))


def _marimo_notebooks() -> list[Path]:
    return sorted((PROJEKT / "notebooks").glob("*.py"))


def _jupyter_notebooks() -> list[Path]:
    return sorted((PROJEKT / "notebooks" / "jupyter").glob("*.ipynb"))


def _pruefe(dateien: list[tuple[Path, str]], huelle: set[str], befehl: str) -> None:
    fehlt = []
    for datei, quelltext in dateien:
        for modul in sorted(_fremde_module(_importe(quelltext))):
            dists = _distributionen(modul)
            if not dists:
                fehlt.append(f"{datei.relative_to(PROJEKT)}: „{modul}“ ist gar nicht installiert")
            elif not dists & huelle:
                fehlt.append(f"{datei.relative_to(PROJEKT)}: „{modul}“ ({', '.join(sorted(dists))}) "
                             f"kommt nicht mit {befehl}")
    assert not fehlt, "\n".join(fehlt)


def test_hilfsfunktionen():
    assert _name("vl-convert-python>=1.6") == "vl-convert-python"
    assert _name("Typing_Extensions ; python_version < '3.12'") == "typing-extensions"
    assert _extras("gm_helfer[jupyter, test]") == {"jupyter", "test"}
    assert _importe("import a.b\nfrom c.d import e\nfrom . import f\n%time x\ndef g():\n    import h\n") == {"a", "c", "h"}
    assert _fremde_module({"json", "altair", "gm_helfer"}) == {"altair"}
    # Die Hülle folgt den Abhängigkeiten: altair bringt jsonschema mit, das Test-Extra nicht
    assert "jsonschema" in _huelle(["altair"])
    assert "pytest" not in _huelle(_pyproject()["project"]["dependencies"])


def test_bibliothek_und_marimo_notebooks_kommen_mit_der_grundinstallation():
    """``pip install -e .`` (der erste Schnellstart-Befehl) bringt alles für gm_helfer und marimo."""
    huelle = _huelle(_pyproject()["project"]["dependencies"])
    dateien = [(d, d.read_text(encoding="utf-8")) for d in [*_bibliothek(), *_marimo_notebooks()]]
    assert len(dateien) > 20
    _pruefe(dateien, huelle, "pip install -e .")


def test_jupyter_notebooks_kommen_mit_dem_jupyter_befehl_der_readme():
    projekt = _pyproject()["project"]
    readme = (PROJEKT / "README.md").read_text(encoding="utf-8")
    assert 'install -e ".[jupyter]"' in readme  # der Jupyter-Befehl der README
    huelle = _huelle([*projekt["dependencies"], *projekt["optional-dependencies"]["jupyter"]])
    assert {"jupyterlab", "ipykernel", "ipywidgets", "anywidget"} <= huelle
    notebooks = _jupyter_notebooks()
    assert len(notebooks) >= 2
    _pruefe([(d, _ipynb_quelltext(d)) for d in notebooks], huelle, 'pip install -e ".[jupyter]"')


@pytest.mark.parametrize("datei", _jupyter_notebooks(), ids=lambda d: d.name)
def test_diagramme_in_jupyter_offline(datei):
    """Jedes Jupyter-Notebook zeichnet Altair offline (SVG über vl-convert, das mit der
    Grundinstallation kommt) – der Standard-Renderer lüde seine Skripte aus dem Internet."""
    quelltext = _ipynb_quelltext(datei)
    assert "vl-convert-python" in _huelle(_pyproject()["project"]["dependencies"])
    assert re.search(r"renderers\.enable\(\s*[\"'](svg|png)[\"']", quelltext), (
        f"{datei.name}: Altair-Renderer nicht offline (svg/png) eingestellt")
