"""Alter Pfad von :mod:`gm_helfer.zeitstrahl.tisch.diagramme` (Diagramme; bleibt eine Version lang).

Der alte Name *ist* das neue Modul: private Namen und monkeypatch wirken wie vorher.
"""

import sys

from gm_helfer.zeitstrahl.tisch import diagramme as _neu

sys.modules[__name__] = _neu
