"""Die Flicken an fremden Bibliotheken (gm_helfer.flicken, Issue 20) greifen noch.

Jeder Test hier schlägt fehl, wenn eine neue Version von altair, jsonschema oder marimo die Stelle
ändert, an der ein Flicken ansetzt – dann den Flicken anpassen oder entfernen (und die obere
Versionsgrenze in pyproject.toml mit)."""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
import threading

import pytest

from gm_helfer import flicken


def _diagramm():
    from gm_helfer import diagramme

    return diagramme.ergebnis_balken({"Treffer": 0.4, "Daneben": 0.6})


def test_altair_flicken_sind_gesetzt_und_gleich_dem_original():
    _diagramm()
    assert flicken.aktiv()["altair_umwandler"] and flicken.aktiv()["altair_mimebundle"]
    assert flicken.altair_flicken() == {"altair_umwandler": True, "altair_mimebundle": True}
    from altair.utils import schemapi

    neu = schemapi.SchemaBase.__dict__["from_dict"].__func__
    original = neu._original.__func__
    import altair as alt

    spec = _diagramm().to_dict()
    assert neu(alt.Chart, spec).to_dict() == original(alt.Chart, spec).to_dict() == spec


def test_umwandler_wird_wiederverwendet(monkeypatch):
    from altair.utils import schemapi

    gebaut = []

    class Zaehlend(schemapi._FromDict):
        def __init__(self, *args, **kwargs):
            gebaut.append(1)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(schemapi, "_FromDict", Zaehlend)
    for _ in range(5):
        _diagramm().to_dict()
    assert len(gebaut) <= 1  # ohne den Flicken: ein neuer Umwandler je Kurzschreibweise, hier > 5


def test_mimebundle_im_marimo_kernel_leer_sonst_wie_immer(monkeypatch):
    import altair as alt
    import marimo

    chart = _diagramm()
    monkeypatch.setattr(marimo, "running_in_notebook", lambda: True)
    with alt.renderers.enable("default"):
        assert chart._repr_mimebundle_() == {}
    monkeypatch.setattr(marimo, "running_in_notebook", lambda: False)
    with alt.renderers.enable("default"):
        assert "text/html" in chart._repr_mimebundle_()


def test_marimo_wirft_das_html_des_standard_renderers_weg():
    """Die Annahme des mimebundle-Flickens: marimos Formatierer fragt ``_repr_mimebundle_`` und
    sendet sonst ``chart_to_json(…, validate=False)`` (marimo 0.25 ``altair_formatters.py``)."""
    from marimo._output.formatters import altair_formatters

    quelle = inspect.getsource(altair_formatters)
    assert "chart._repr_mimebundle_()" in quelle
    assert "chart_to_json(chart=chart, validate=False)" in quelle


def test_die_stellen_des_import_finders_gibt_es_noch():
    """jsonschema lädt rfc3987_syntax in ``_format`` unter ``suppress(ImportError)``; altair.jupyter
    fragt ``find_spec("anywidget")`` (jsonschema 4.26, altair 6.3)."""
    import importlib.util

    def quelle(modul: str) -> str:
        spec = importlib.util.find_spec(modul)
        with open(spec.origin, encoding="utf-8") as f:
            return f.read()

    assert "from rfc3987_syntax import" in quelle("jsonschema._format")
    assert "suppress(ImportError)" in quelle("jsonschema._format")
    assert 'find_spec("anywidget")' in quelle("altair.jupyter")


def _im_kind(code: str) -> dict:
    lauf = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=True)
    return json.loads(lauf.stdout.strip().splitlines()[-1])


def test_finder_ueberspringt_rfc3987_syntax_und_diagramme_pruefen_gleich():
    import importlib.util

    if importlib.util.find_spec("rfc3987_syntax") is None:
        pytest.skip("rfc3987_syntax ist nicht installiert – dann gibt es nichts zu überspringen")
    ergebnis = _im_kind(
        "import json, sys, gm_helfer, altair\n"
        "from gm_helfer import flicken\n"
        "import rfc3987_syntax\n"  # wer es selbst importiert, bekommt es
        "print(json.dumps({'uebersprungen': sorted(flicken._FINDER.uebersprungen),"
        " 'finder_weg': flicken._FINDER not in sys.meta_path}))"
    )
    assert ergebnis["uebersprungen"] == ["rfc3987_syntax"]


def test_finder_laesst_anywidget_nur_im_marimo_kernel_aus():
    ergebnis = _im_kind(
        "import json, sys, marimo\n"
        "marimo.running_in_notebook = lambda: True\n"
        "import gm_helfer, altair\n"
        "from gm_helfer import flicken\n"
        "vorher = 'anywidget' in sys.modules\n"
        "import anywidget\n"
        "print(json.dumps({'vorher': vorher, 'uebersprungen': sorted(flicken._FINDER.uebersprungen),"
        " 'finder_weg': flicken._FINDER not in sys.meta_path}))"
    )
    assert ergebnis["vorher"] is False and "altair.jupyter" in ergebnis["uebersprungen"]
    assert ergebnis["finder_weg"]


@pytest.mark.parametrize("ja", [True, False], ids=["-y", "ohne Terminal"])
def test_marimo_strg_c_faehrt_mit_quiet_nur_einmal_herunter(monkeypatch, ja):
    """marimo 0.25 mit ``-q`` (so startet gm_helfer.server): ohne den Flicken zwei Aufrufe."""
    import asyncio
    import io

    from marimo._config.settings import GLOBAL_SETTINGS
    from marimo._server.api import interrupt

    assert flicken.marimo_einmal_beenden()
    assert flicken.marimo_einmal_beenden()  # ein zweites Mal ändert nichts
    monkeypatch.setattr(GLOBAL_SETTINGS, "YES", ja)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))  # kein Terminal
    aufrufe = []

    async def druecken(klasse_init) -> None:
        handler = interrupt.InterruptHandler.__new__(interrupt.InterruptHandler)
        klasse_init(handler, True, lambda: aufrufe.append(1))
        handler._interrupt_handler()  # Strg+C (der Handler nimmt sich vorher aus der Schleife)

    def in_eigenem_faden(klasse_init) -> None:
        # eigener Faden mit eigener Schleife: im selben Prozess kann schon eine laufen (Playwright)
        fehler: list[BaseException] = []
        faden = threading.Thread(target=lambda: _fangen(fehler, lambda: asyncio.run(druecken(klasse_init))))
        faden.start()
        faden.join(30)
        assert not faden.is_alive() and not fehler, fehler

    aufrufe.clear()
    in_eigenem_faden(interrupt.InterruptHandler.__init__._original)
    assert len(aufrufe) == 2  # marimo selbst: die Stelle, an der der Flicken ansetzt, gibt es noch
    aufrufe.clear()
    in_eigenem_faden(interrupt.InterruptHandler.__init__)
    assert len(aufrufe) == 1


def _fangen(fehler: list, f) -> None:
    try:
        f()
    except BaseException as e:  # noqa: BLE001 – an den Test weitergereicht
        fehler.append(e)
