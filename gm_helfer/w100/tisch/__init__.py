"""W100 am Tisch: die Notebook-Schicht:
:mod:`ansicht`, :mod:`diagramme`, :mod:`lehre`, :mod:`sitzung`, :mod:`zellen`, :mod:`zug`.

Diese Module dürfen altair, polars, marimo und die Notebook-Helfer des Kerns benutzen; die
Regelmodule von :mod:`gm_helfer.w100` importieren nichts von hier (``tests/kern/test_schichten.py``).
Das Paket importiert beim Laden nichts: wer ``tisch.zug`` braucht, lädt keine Diagramme.
"""
