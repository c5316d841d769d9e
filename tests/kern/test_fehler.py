"""Eine Basis für die Regelfehler (gm_helfer.fehler.RegelFehler, Issue 20)."""

import doctest

import pytest

from gm_helfer import fehler
from gm_helfer.fehler import RegelFehler


def test_doctests():
    ergebnis = doctest.testmod(fehler)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def _regelfehler():
    from gm_helfer.aloran.proben import AloranFehler
    from gm_helfer.chancen import AufwandFehler
    from gm_helfer.karten import KartenFehler
    from gm_helfer.savage_worlds.kampf import KampfFehler as SwKampfFehler
    from gm_helfer.w100.optionen import W100Fehler
    from gm_helfer.wuerfel import WuerfelFehler
    from gm_helfer.zeitstrahl.kampf import KampfFehler as ZsKampfFehler
    from gm_helfer.zellenkampf import KampfFehler as ZellenKampfFehler

    return [AloranFehler, AufwandFehler, KartenFehler, SwKampfFehler, W100Fehler, WuerfelFehler,
            ZsKampfFehler, ZellenKampfFehler]


@pytest.mark.parametrize("klasse", _regelfehler(), ids=lambda k: f"{k.__module__}.{k.__name__}")
def test_jeder_regelfehler_ist_regelfehler_und_bleibt_valueerror(klasse):
    assert issubclass(klasse, RegelFehler) and issubclass(klasse, ValueError)


def test_echte_regelfehler_der_systeme_fangen_sich_als_regelfehler_und_als_valueerror():
    from gm_helfer import wuerfel
    from gm_helfer.w100.optionen import Optionen

    for ausloesen in (lambda: wuerfel.parse("3W"), lambda: wuerfel.wuerfle(6, augen=7),
                      lambda: Optionen(grenze_streiftreffer=500)):
        with pytest.raises(RegelFehler):
            ausloesen()
        with pytest.raises(ValueError):  # jedes bestehende except ValueError greift weiter
            ausloesen()
