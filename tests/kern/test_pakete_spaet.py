"""Die Systempakete laden ihre Regelnamen erst beim ersten Zugriff (issue 20, Importzeit).

``import gm_helfer.<system>.<modul>`` führt ``gm_helfer/<system>/__init__.py`` aus; das lädt
nichts mehr (die Namen stehen im ``if TYPE_CHECKING:``-Block, :func:`gm_helfer.regelsystem.spaet_geladen`
liest ihn). Hier: der Block nennt dieselben Objekte wie die Module, alles aus ``__all__`` ist
erreichbar, Bögen finden ihr Schema ohne den Paketimport, und ein Regelmodul lädt weder Bögen
(tomlkit) noch Kampf und Protokoll mit.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gm_helfer import regelsystem

WURZEL = Path(__file__).resolve().parents[2]
SYSTEME = tuple(s.name for s in regelsystem.systeme())


@pytest.mark.parametrize("system", SYSTEME)
def test_alle_namen_aus_all_sind_die_der_module(system):
    paket = importlib.import_module(f"gm_helfer.{system}")
    namen = regelsystem._namen_unter_typpruefung(paket.__file__, paket.__name__)
    assert len(namen) > 20
    for name, (modul, attr) in namen.items():
        quelle = importlib.import_module(modul)
        erwartet = quelle if attr is None else getattr(quelle, attr)
        assert getattr(paket, name) is erwartet, name
    for name in paket.__all__:
        assert getattr(paket, name) is not None, name
    assert set(paket.__all__) <= set(dir(paket))
    with pytest.raises(AttributeError):
        paket.gibt_es_nicht  # noqa: B018


def test_regelmodul_laedt_keine_boegen_und_kein_protokoll():
    """In einem frischen Prozess je System: ein Regelmodul (``daten``, ``optionen``) lädt nur, was
    es selbst braucht; danach findet ``boegen.schema`` das Schema über das Verzeichnis."""
    code = f"""
import importlib, json, sys
aus = {{}}
for s in {list(SYSTEME)!r}:
    vorher = set(sys.modules)
    importlib.import_module(f"gm_helfer.{{s}}.optionen")
    neu = set(sys.modules) - vorher
    aus[s] = sorted(m for m in neu if m in ("tomlkit", "gm_helfer.boegen", "gm_helfer.protokoll")
                    or m in (f"gm_helfer.{{s}}.bogen", f"gm_helfer.{{s}}.kampf"))
from gm_helfer import boegen
aus["schemata"] = [boegen.schema(s).system for s in {list(SYSTEME)!r}]
print(json.dumps(aus))
"""
    ergebnis = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                              cwd=WURZEL, check=True)
    aus = json.loads(ergebnis.stdout.strip().splitlines()[-1])
    assert aus.pop("schemata") == list(SYSTEME)
    assert aus == {s: [] for s in SYSTEME}
