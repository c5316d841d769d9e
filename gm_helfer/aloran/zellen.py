"""Alter Pfad von :mod:`gm_helfer.aloran.tisch.zellen` (Kampf in Notebook-Zellen; bleibt eine Version lang).

Der alte Name *ist* das neue Modul: private Namen und monkeypatch wirken wie vorher.
"""

import sys

from gm_helfer.aloran.tisch import zellen as _neu

sys.modules[__name__] = _neu
