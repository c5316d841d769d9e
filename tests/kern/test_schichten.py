"""Die Schichten halten (issue 20): der Kern kennt kein System, Regelmodule keine Oberfläche,
und kein Modul importiert sich über Umwege selbst.

Gelesen wird der Quelltext (AST) jedes Moduls in ``gm_helfer`` – auch Importe in Funktionen,
die eine Schicht sonst verstecken. Nur ``if TYPE_CHECKING:`` zählt nicht (läuft nie). Die
Systeme kommen aus dem Verzeichnis :mod:`gm_helfer.regelsystem`, nicht aus einer Liste hier.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from gm_helfer import regelsystem

PAKET = Path(__file__).resolve().parents[2] / "gm_helfer"
SYSTEME = tuple(s.name for s in regelsystem.systeme())

UI_PAKETE = frozenset({"altair", "polars", "marimo", "anywidget", "ipywidgets", "traitlets", "IPython"})
"""Oberfläche: was ein Regelmodul nie importiert."""
NOTEBOOK_SCHICHT = frozenset({
    "gm_helfer.ansicht", "gm_helfer.bericht", "gm_helfer.browser", "gm_helfer.diagramme", "gm_helfer.lehre",
    "gm_helfer.server", "gm_helfer.spieler", "gm_helfer.start", "gm_helfer.tisch", "gm_helfer.tisch_bausteine",
    "gm_helfer.tisch_begegnung", "gm_helfer.tisch_kern", "gm_helfer.tisch_lage", "gm_helfer.widgets",
    "gm_helfer.zellenkampf", "gm_helfer.zug",
})
"""Die Notebook-Schicht des Kerns (Oberflächen, Anzeige, Server)."""


def _modulname(datei: Path) -> str:
    teile = list(datei.relative_to(PAKET.parent).with_suffix("").parts)
    if teile[-1] == "__init__":
        teile.pop()
    return ".".join(teile)


@cache
def _module() -> dict[str, Path]:
    return {_modulname(d): d for d in sorted(PAKET.rglob("*.py"))}


def _ist_weiche(name: str) -> bool:
    """Alter Pfad, der nur ``sys.modules`` auf das neue Modul setzt."""
    return "sys.modules[__name__] = _neu" in _module()[name].read_text(encoding="utf-8")


def _nur_typpruefung(knoten: ast.AST) -> bool:
    test = getattr(knoten, "test", None)
    return isinstance(knoten, ast.If) and (
        (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING")
        or (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"))


def _importknoten(baum: ast.AST, *, nur_oben: bool):
    """Alle Import-Anweisungen (ohne ``if TYPE_CHECKING:``); ``nur_oben``: nicht in Funktionen."""
    offen = [baum]
    while offen:
        k = offen.pop()
        for kind in ast.iter_child_nodes(k):
            if _nur_typpruefung(kind):
                offen.extend(kind.orelse)
                continue
            if nur_oben and isinstance(kind, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                continue
            if isinstance(kind, (ast.Import, ast.ImportFrom)):
                yield kind
            offen.append(kind)


@cache
def _importe(name: str, nur_oben: bool = False) -> frozenset[str]:
    """Volle Namen, die ``name`` importiert (``from a import b``: ``a.b``, wenn das ein Modul ist, sonst ``a``)."""
    datei = _module()[name]
    paket = name if datei.name == "__init__.py" else name.rpartition(".")[0]
    ziele: set[str] = set()
    for knoten in _importknoten(ast.parse(datei.read_text(encoding="utf-8")), nur_oben=nur_oben):
        if isinstance(knoten, ast.Import):
            ziele.update(a.name for a in knoten.names)
            continue
        basis = knoten.module or ""
        if knoten.level:
            teile = paket.split(".")
            anker = ".".join(teile[: len(teile) - knoten.level + 1])
            basis = f"{anker}.{basis}" if basis else anker
        for a in knoten.names:
            voll = f"{basis}.{a.name}"
            ziele.add(voll if voll in _module() else basis)
    return frozenset(ziele)


def _intern(ziele: frozenset[str]) -> set[str]:
    return {z for z in ziele if z in _module()}


def _system_von(name: str) -> str | None:
    teile = name.split(".")
    return teile[1] if len(teile) > 1 and teile[1] in SYSTEME else None


def _regelmodule() -> list[str]:
    return [n for n in _module() if _system_von(n) and n.count(".") == 2 and not n.endswith(".tisch")
            and not _ist_weiche(n)]


def test_systeme_sind_angemeldet():
    assert len(SYSTEME) >= 4, SYSTEME
    for s in SYSTEME:
        assert f"gm_helfer.{s}" in _module() and f"gm_helfer.{s}.tisch" in _module()


def test_kern_importiert_kein_system():
    kern = [n for n in _module() if _system_von(n) is None]
    verstoesse = {n: sorted(z for z in _importe(n) if _system_von(z)) for n in kern}
    assert {n: z for n, z in verstoesse.items() if z} == {}


def test_regelmodule_importieren_keine_oberflaeche():
    """Auch nicht in Funktionen: weder altair/polars/marimo/anywidget noch die Notebook-Schicht
    des Kerns noch ein ``tisch``-Unterpaket."""
    verstoesse = {}
    for n in _regelmodule():
        falsch = sorted(z for z in _importe(n) if z.split(".")[0] in UI_PAKETE or z in NOTEBOOK_SCHICHT
                        or ".tisch" in z[len("gm_helfer"):])
        if falsch:
            verstoesse[n] = falsch
    assert verstoesse == {}


def test_regelmodule_laden_ueber_umwege_keine_oberflaeche():
    """Was ein Regelmodul beim Import (oben im Modul) mitlädt, lädt keine Oberfläche."""
    for n in _regelmodule():
        gesehen, offen = set(), [n]
        while offen:
            m = offen.pop()
            if m in gesehen:
                continue
            gesehen.add(m)
            ziele = _importe(m, nur_oben=True)
            ui = sorted(z for z in ziele if z.split(".")[0] in UI_PAKETE)
            assert not ui, f"{n} lädt über {m}: {ui}"
            offen.extend(_intern(ziele))
        assert not (gesehen & NOTEBOOK_SCHICHT), (n, sorted(gesehen & NOTEBOOK_SCHICHT))


def test_keine_importkreise():
    """Tarjan über alle Importe (auch in Funktionen): jede starke Zusammenhangskomponente hat ein Modul."""
    graph = {n: sorted(_intern(_importe(n)) - {n}) for n in _module()}
    index: dict[str, int] = {}
    tief: dict[str, int] = {}
    stapel: list[str] = []
    auf_stapel: set[str] = set()
    kreise: list[list[str]] = []
    zaehler = [0]

    def besuchen(v: str) -> None:  # rekursiv: das Paket hat ein paar hundert Module
        index[v] = tief[v] = zaehler[0]
        zaehler[0] += 1
        stapel.append(v)
        auf_stapel.add(v)
        for w in graph[v]:
            if w not in index:
                besuchen(w)
                tief[v] = min(tief[v], tief[w])
            elif w in auf_stapel:
                tief[v] = min(tief[v], index[w])
        if tief[v] == index[v]:
            teil = []
            while True:
                w = stapel.pop()
                auf_stapel.discard(w)
                teil.append(w)
                if w == v:
                    break
            if len(teil) > 1:
                kreise.append(sorted(teil))

    for v in graph:
        if v not in index:
            besuchen(v)
    assert kreise == []


@pytest.mark.parametrize("system", SYSTEME)
def test_frischer_import_der_regeln_laedt_keine_oberflaeche(system):
    """``import gm_helfer.<system>.kampf`` (und jedes andere Regelmodul) in einem frischen
    Prozess: weder altair noch polars noch marimo sind danach geladen."""
    module = [n for n in _regelmodule() if _system_von(n) == system]
    code = ("import sys\n" + "".join(f"import {m}\n" for m in module)
            + "print(__import__('json').dumps(sorted(n for n in ('altair', 'polars', 'marimo', 'anywidget') "
              "if n in sys.modules)))")
    aus = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                         cwd=PAKET.parent, check=True)
    assert json.loads(aus.stdout.strip().splitlines()[-1]) == []
    assert f"gm_helfer.{system}.kampf" in module


def test_weichen_sind_das_neue_modul():
    """Die alten Pfade (``gm_helfer.<system>.zug`` …) sind dasselbe Objekt wie ``tisch.zug``."""
    import importlib

    for name in _module():
        if _system_von(name) and _ist_weiche(name):
            alt = importlib.import_module(name)
            neu = importlib.import_module(name.replace(f".{_system_von(name)}.", f".{_system_von(name)}.tisch.", 1))
            assert alt is neu, name
