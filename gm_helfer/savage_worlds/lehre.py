"""Alter Pfad von :mod:`gm_helfer.savage_worlds.tisch.lehre` (Lern-Notebook; bleibt eine Version lang).

Der alte Name *ist* das neue Modul: private Namen und monkeypatch wirken wie vorher.
"""

import sys

from gm_helfer.savage_worlds.tisch import lehre as _neu

sys.modules[__name__] = _neu
