"""Alter Pfad von :mod:`gm_helfer.zeitstrahl.tisch.zug` (Zug-Schnittstelle: Aktionen, Entscheidungen; bleibt eine Version lang).

Der alte Name *ist* das neue Modul: private Namen und monkeypatch wirken wie vorher.
"""

import sys

from gm_helfer.zeitstrahl.tisch import zug as _neu

sys.modules[__name__] = _neu
