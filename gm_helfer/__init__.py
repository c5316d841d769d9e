"""gm_helfer – Begleiter für Spielleiter deutscher Pen-and-Paper-Rollenspiele."""

import sys as _sys


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
                raise ModuleNotFoundError("rfc3987_syntax übersprungen (siehe gm_helfer._SchnellerErsterImport)", name=name)
            return None
        if "anywidget" in _sys.modules or not _im_marimo_kernel():
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path)
        if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _OhneAnywidget(spec.loader)
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
            _sys.modules["anywidget"] = None  # importlib.util.find_spec → None
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


if "altair" not in _sys.modules:
    _sys.meta_path.insert(0, _SchnellerErsterImport())
