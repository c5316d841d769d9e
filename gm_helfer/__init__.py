"""gm_helfer – Begleiter für Spielleiter deutscher Pen-and-Paper-Rollenspiele."""

import sys as _sys


class _OhneIriGrammatik:
    """Spart beim ersten Import von altair 1,5–4 s (gemessen mit ``python -X importtime``).

    altair importiert jsonschema; dessen Format-Prüfungen laden, wenn das Paket da ist,
    ``rfc3987_syntax`` – das baut beim Import eine Lark-Grammatik für die Formate „iri“ und
    „iri-reference“ (mit jupyterlab über jupyter-events installiert). Das Vega-Lite-Schema
    benutzt diese Formate nicht (nur uri, uri-reference, color-hex), die Diagramme werden also
    genau gleich geprüft. Dieser Finder lässt nur den Import *aus jsonschema._format heraus*
    scheitern (jsonschema fängt den ImportError ab) und entfernt sich danach; wer
    ``rfc3987_syntax`` selbst importiert, bekommt es wie immer.
    """

    def find_spec(self, name, path=None, target=None):
        if name != "rfc3987_syntax":
            return None
        if self in _sys.meta_path:
            _sys.meta_path.remove(self)
        format_modul = _sys.modules.get("jsonschema._format")
        if format_modul is not None and getattr(format_modul.__spec__, "_initializing", False):
            raise ModuleNotFoundError("rfc3987_syntax übersprungen (siehe gm_helfer._OhneIriGrammatik)", name=name)
        return None


if "jsonschema._format" not in _sys.modules:
    _sys.meta_path.insert(0, _OhneIriGrammatik())
