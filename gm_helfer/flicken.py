"""Alle Eingriffe in fremde Bibliotheken an einer Stelle (Issue 20).

Jeder Flicken nennt, was er ändert, warum (gemessen), seine Quelle bei der Bibliothek, die
getestete Version und die obere Versionsgrenze in ``pyproject.toml``; ``tests/kern/test_flicken.py``
schlägt fehl, wenn einer still nicht mehr greift (andere innere Struktur der Bibliothek). Die
Messungen stehen in ``docs/kern_api.md`` (Abschnitt „Flicken“).

1. :func:`ersten_import_beschleunigen` – beim Import von ``gm_helfer`` (ohne altair zu laden):
   ein Import-Finder, der beim ersten Import von altair ``rfc3987_syntax`` (aus jsonschema) und,
   nur im marimo-Kernel, anywidget für ``altair.jupyter`` überspringt.
   Quellen: jsonschema 4.26 ``jsonschema/_format.py`` (``with suppress(ImportError): from
   rfc3987_syntax import …``), altair 6.3 ``altair/jupyter/__init__.py`` (``find_spec("anywidget")``).
   Grenzen: ``jsonschema<5``, ``altair<7``.
2. :func:`altair_flicken` – beim Import von :mod:`gm_helfer.diagramme`:
   a) ``SchemaBase.from_dict`` merkt sich den ``_FromDict``-Umwandler je Menge der Schema-Klassen.
      Quelle: altair 6.3 ``altair/utils/schemapi.py`` (``SchemaBase.from_dict`` baut
      ``_FromDict(cls._default_wrapper_classes())`` bei jedem Aufruf). Grenze: ``altair<7``.
   b) ``TopLevelMixin._repr_mimebundle_`` liefert im marimo-Kernel beim Standard-Renderer ein
      leeres Bündel, weil marimos Formatierer das HTML daraus ohnehin wegwirft und danach
      ``chart_to_json(validate=False)`` sendet. Quelle: marimo 0.25 ``marimo/_output/formatters/
      altair_formatters.py`` (``_show_chart``). Grenzen: ``altair<7``, ``marimo<0.26``.
   ``altair.utils.schemapi`` und ``altair.TopLevelMixin`` sind altairs innere Klassen; fehlt die
   erwartete Struktur, bleibt altair unverändert (und der Test meldet es).

3. :func:`marimo_einmal_beenden` – in :mod:`gm_helfer.server` (dem marimo hinter ``gm-helfer``):
   marimos Strg+C-Handler ruft mit ``-q`` das Herunterfahren zweimal auf (der Zweig für ``quiet``
   endet ohne ``return``, danach kommt der für ``-y`` oder eine Eingabe ohne Terminal); das zweite
   bricht die Lifespan von uvicorn ab, und beim Beenden stand ein ``CancelledError``-Traceback im
   Terminal. Der Flicken lässt das Herunterfahren je Handler nur einmal laufen.
   Quelle: marimo 0.25 ``marimo/_server/api/interrupt.py`` (``InterruptHandler._interrupt_handler``).
   Grenze: ``marimo<0.26``.

:func:`aktiv` sagt, welche Flicken gerade greifen.
"""

from __future__ import annotations

import inspect
import sys as _sys
from typing import Any

__all__ = ["aktiv", "altair_flicken", "ersten_import_beschleunigen"]


# --------------------------------------------------------------------------- 1. erster Import


class _SchnellerErsterImport:
    """Spart beim ersten Import von altair im Prozess 2–4 s (gemessen mit ``python -X importtime``
    auf der 2-Kern-Maschine: altair allein 4–7 s, davon diese beiden Teile mehr als die Hälfte).

    1. altair importiert jsonschema; dessen Format-Prüfungen laden, wenn das Paket da ist,
       ``rfc3987_syntax`` – das baut beim Import eine Lark-Grammatik für die Formate „iri“ und
       „iri-reference“ (mit jupyterlab über jupyter-events installiert). Das Vega-Lite-Schema
       benutzt diese Formate nicht (nur uri, uri-reference, color-hex): die Diagramme werden
       genau gleich geprüft. Nur der Import *aus jsonschema._format heraus* scheitert (jsonschema
       fängt den ImportError ab); wer ``rfc3987_syntax`` selbst importiert, bekommt es.
    2. Nur im marimo-Kernel: ``altair.jupyter`` lädt für ``alt.JupyterChart`` anywidget samt
       ipywidgets und IPython. marimo zeigt altair-Diagramme ohne JupyterChart, das Projekt
       benutzt es nicht; während ``altair.jupyter`` lädt, gilt anywidget darum als nicht da
       (altair setzt dann einen Platzhalter ein). Danach ist anywidget wie immer importierbar
       (``gm_helfer.widgets`` braucht es). In Jupyter und Skripten bleibt alles, wie es ist.

    Der Finder entfernt sich, sobald beides erledigt ist.
    """

    def __init__(self) -> None:
        self.offen = {"rfc3987_syntax", "altair.jupyter"}
        self.uebersprungen: set[str] = set()

    def _erledigt(self, name: str) -> None:
        self.offen.discard(name)
        if not self.offen and self in _sys.meta_path:
            _sys.meta_path.remove(self)

    def find_spec(self, name, path=None, target=None):
        if name not in self.offen:
            return None
        self._erledigt(name)
        if name == "rfc3987_syntax":
            format_modul = _sys.modules.get("jsonschema._format")
            if format_modul is not None and getattr(format_modul.__spec__, "_initializing", False):
                self.uebersprungen.add(name)
                raise ModuleNotFoundError("rfc3987_syntax übersprungen (siehe gm_helfer.flicken)", name=name)
            return None
        if "anywidget" in _sys.modules or not _im_marimo_kernel():
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _OhneAnywidget(spec.loader)
            self.uebersprungen.add(name)
        return spec


class _OhneAnywidget:
    """Lader für ``altair.jupyter``: anywidget gilt nur während dessen Ausführung als nicht da."""

    def __init__(self, lader) -> None:
        self._lader = lader

    def __getattr__(self, name):
        return getattr(self._lader, name)

    def create_module(self, spec):
        return self._lader.create_module(spec)

    def exec_module(self, modul) -> None:
        gesetzt = "anywidget" not in _sys.modules
        if gesetzt:
            _sys.modules["anywidget"] = None  # type: ignore[assignment]  # importlib.util.find_spec → None
        try:
            self._lader.exec_module(modul)
        finally:
            if gesetzt and "anywidget" in _sys.modules and _sys.modules["anywidget"] is None:
                del _sys.modules["anywidget"]


def _im_marimo_kernel() -> bool:
    marimo = _sys.modules.get("marimo")
    try:
        return bool(marimo is not None and marimo.running_in_notebook())
    except Exception:  # ältere/andere marimo-Version: nichts ändern
        return False


_FINDER: _SchnellerErsterImport | None = None


def ersten_import_beschleunigen() -> None:
    """Hängt den Finder (siehe :class:`_SchnellerErsterImport`) vorn in ``sys.meta_path`` ein,
    solange altair noch nicht geladen ist; ein zweiter Aufruf ändert nichts."""
    global _FINDER
    if _FINDER is None and "altair" not in _sys.modules:
        _FINDER = _SchnellerErsterImport()
        _sys.meta_path.insert(0, _FINDER)


# --------------------------------------------------------------------------- 2. altair


def _umwandler_merken() -> bool:
    """Ein Diagramm in 1–2 statt 30–130 ms bauen: altair baut für jede Kurzschreibweise in
    ``encode`` (``"Name:N"``, Tooltip-Listen, ``alt.value``/``alt.condition``) über
    ``SchemaBase.from_dict`` einen neuen ``_FromDict``-Umwandler, der dafür alle rund 600
    Schema-Klassen per ``json.dumps`` hasht (gemessen mit cProfile: 60–70 % der Zeit einer
    Chancen-Zelle). Der Umwandler hängt nur von der Menge der Schema-Klassen ab; er wird hier
    je Menge einmal gebaut und wiederverwendet – sonst macht ``from_dict`` genau dasselbe
    (Prüfung, Umwandlung). Fehlt die erwartete innere Struktur (andere altair-Version), bleibt
    altair unverändert. Gibt zurück, ob der Flicken greift.
    """
    from altair.utils import schemapi

    original = schemapi.SchemaBase.__dict__.get("from_dict")
    if not isinstance(original, classmethod) or not hasattr(schemapi, "_FromDict"):
        return False
    if getattr(original.__func__, "_gm_helfer", False):
        return True
    umwandler: dict[tuple[type, ...], Any] = {}

    def from_dict(cls, dct, validate=True):
        if validate:
            cls.validate(dct)
        klassen = tuple(cls._default_wrapper_classes())
        u = umwandler.get(klassen)
        if u is None:
            umwandler.clear()
            u = umwandler[klassen] = schemapi._FromDict(klassen)
        return u.from_dict(dct, cls)

    from_dict._gm_helfer = True  # type: ignore[attr-defined]
    from_dict._original = original  # type: ignore[attr-defined]
    from_dict.__doc__ = original.__func__.__doc__
    schemapi.SchemaBase.from_dict = classmethod(from_dict)  # type: ignore[method-assign,assignment]
    return True


def _marimo_ohne_doppelte_pruefung() -> bool:
    """In marimo ein Diagramm nur einmal umwandeln statt zweimal (30–70 ms je Diagramm).

    marimos Formatierer für altair fragt zuerst ``chart._repr_mimebundle_()`` – das prüft die
    ganze Vega-Lite-Spezifikation mit jsonschema und baut HTML – und wirft das Ergebnis beim
    Standard-Renderer („default“/„html“: nur ``text/html``) weg, um dann
    ``chart.to_json(validate=False)`` zu senden. Genau in diesem Fall (im marimo-Kernel,
    Standard-Renderer) liefert ``_repr_mimebundle_`` hier gleich ein leeres Bündel; marimo geht
    denselben Weg weiter, das Diagramm im Browser ist dasselbe. Jupyter, andere Renderer (png,
    svg, …) und Skripte bleiben unverändert; geprüft werden die Diagramme in den Tests
    (``to_dict()``). Gibt zurück, ob der Flicken greift.
    """
    import altair as alt

    original = alt.TopLevelMixin.__dict__.get("_repr_mimebundle_")
    if original is None:
        return False
    if getattr(original, "_gm_helfer", False):
        return True

    def _repr_mimebundle_(self, *args, **kwargs):
        if alt.renderers.active in ("default", "html"):
            try:
                import marimo as mo

                if mo.running_in_notebook():
                    return {}
            except ImportError:
                pass
        return original(self, *args, **kwargs)

    _repr_mimebundle_._gm_helfer = True  # type: ignore[attr-defined]
    _repr_mimebundle_._original = original  # type: ignore[attr-defined]
    _repr_mimebundle_.__doc__ = original.__doc__
    alt.TopLevelMixin._repr_mimebundle_ = _repr_mimebundle_  # type: ignore[method-assign]
    return True


def altair_flicken() -> dict[str, bool]:
    """Setzt die beiden altair-Flicken (einmal; weitere Aufrufe ändern nichts) und sagt, welche greifen."""
    return {"altair_umwandler": _umwandler_merken(), "altair_mimebundle": _marimo_ohne_doppelte_pruefung()}


# --------------------------------------------------------------------------- 3. marimo


def marimo_einmal_beenden() -> bool:
    """marimos Strg+C-Handler (``InterruptHandler``) fährt den Server je Handler nur einmal herunter
    (siehe 3. oben; gemessen: mit ``-q -y`` oder ohne Terminal zwei Aufrufe und ein Traceback, mit
    dem Flicken einer und keiner). Gibt zurück, ob der Flicken greift."""
    from marimo._server.api import interrupt

    klasse = getattr(interrupt, "InterruptHandler", None)
    original = getattr(klasse, "__init__", None)
    if klasse is None or original is None or list(inspect.signature(original).parameters) != ["self", "quiet", "shutdown"]:
        return False
    if getattr(original, "_gm_helfer", False):
        return True

    def __init__(self, quiet, shutdown):
        erledigt: list[bool] = []

        def einmal() -> None:
            if not erledigt:
                erledigt.append(True)
                shutdown()

        original(self, quiet, einmal)

    __init__._gm_helfer = True  # type: ignore[attr-defined]
    __init__._original = original  # type: ignore[attr-defined]
    klasse.__init__ = __init__
    return True


def aktiv() -> dict[str, bool]:
    """Welche Flicken greifen: der Finder (eingehängt oder schon erledigt) und die altair-Flicken
    (nur, wenn altair schon geladen ist – sonst ``False``)."""
    ergebnis = {"erster_import": _FINDER is not None}
    altair = _sys.modules.get("altair")
    if altair is None:
        return {**ergebnis, "altair_umwandler": False, "altair_mimebundle": False}
    from altair.utils import schemapi

    from_dict = schemapi.SchemaBase.__dict__.get("from_dict")
    umwandler = isinstance(from_dict, classmethod) and getattr(from_dict.__func__, "_gm_helfer", False)
    mimebundle = getattr(altair.TopLevelMixin.__dict__.get("_repr_mimebundle_"), "_gm_helfer", False)
    return {**ergebnis, "altair_umwandler": bool(umwandler), "altair_mimebundle": bool(mimebundle)}
