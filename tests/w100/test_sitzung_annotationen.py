"""Die Annotationen der W100-Sitzung lassen sich auflösen (ruff F821: ``Optionen`` war nur in der
Funktion importiert, ``typing.get_type_hints`` – Sphinx, IDEs, Prüfer – brach mit ``NameError`` ab)."""

from __future__ import annotations

import typing

from gm_helfer.w100.optionen import Optionen
from gm_helfer.w100.tisch import sitzung


def test_optionen_aus_hat_aufloesbare_annotationen():
    assert typing.get_type_hints(sitzung.optionen_aus)["return"] is Optionen
    assert sitzung.optionen_aus({"lucky_seven": False}) == Optionen(lucky_seven=False)
