"""Die Beispiele in den Docstrings des Aloran-Pakets laufen als Tests."""

import doctest
import importlib

import pytest

MODULE = ["__init__", "proben", "wunden", "werte", "chancen", "kampf"]


@pytest.mark.parametrize("name", MODULE)
def test_docstring_beispiele(name):
    modul = importlib.import_module("gm_helfer.aloran" + ("" if name == "__init__" else f".{name}"))
    ergebnis = doctest.testmod(modul, optionflags=doctest.ELLIPSIS)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0
