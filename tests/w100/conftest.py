"""Fixtures der W100-Tests: kleine, von Hand gebaute Kämpfer und Waffen.

Jede Kämpfer-Fixture ist eine Fabrik (``john(lp=0)`` ändert Zustandsfelder); sie sind
sitzungsweit, weil die Kämpfer eingefroren sind und hypothesis-Tests sie mitbenutzen.
"""

from __future__ import annotations

import pytest

from gm_helfer.w100 import Kaempfer, KritRegel, Waffe, neuer_kampf

SCHWERT = Waffe("Langschwert", "nahkampf", 50, "2W10+4", "schnitt", 1.5, 5, KritRegel("wurf", 96, 2))
DOLCH = Waffe("Dolch", "nahkampf", 35, "W10+2", "stich", 1.5, 3, KritRegel("keine", 100, 1))
KURZBOGEN = Waffe("Kurzbogen", "fernkampf", 40, "W10+2", "stich", 30.0, 8)
AXT = Waffe("Streitaxt", "nahkampf", 45, "2W10+6", "schnitt", 1.5, 6)
BISS = Waffe("Biss", "nahkampf", 40, "2W6+3", "stich", 1.5, 3)
STAB = Waffe("Flammenstab", "katalysator", 0, "2W10+2", "feuer", 20.0, 8, KritRegel("ergebnis", 140, 2))


def _john(**kw):
    return Kaempfer(name="John", seite="helden", initiative_bonus=45, db_physisch=25, db_magisch=10,
                    zaubermacht=0, flee_max=30, lp_max=60, waffen=(SCHWERT, DOLCH),
                    panzerung=(("schnitt", 4), ("stich", 3)), position=(0.0, 0.0), **kw)


def _ork(**kw):
    return Kaempfer(name="Ork", seite="gegner", initiative_bonus=25, db_physisch=20, db_magisch=5,
                    zaubermacht=0, flee_max=20, lp_max=70, waffen=(AXT,),
                    panzerung=(("schnitt", 5), ("stich", 4)), position=(1.0, 0.0), **kw)


def _wolf(**kw):
    return Kaempfer(name="Wolf", seite="gegner", initiative_bonus=130, db_physisch=30, db_magisch=10,
                    zaubermacht=0, flee_max=35, lp_max=45, waffen=(BISS,), position=(10.0, 0.0),
                    bewegung=12.0, **kw)


def _mira(**kw):
    return Kaempfer(name="Mira", seite="helden", initiative_bonus=40, db_physisch=10, db_magisch=35,
                    zaubermacht=55, flee_max=40, lp_max=40, waffen=(STAB,), position=(0.0, 5.0),
                    panzerung=(("feuer", 5),), **kw)


@pytest.fixture(scope="session")
def john():
    """John aus dem Regeltext: Langschwert OB 50 (Nahkampf), Dolch OB 35, Initiativebonus 45."""
    return _john


@pytest.fixture(scope="session")
def ork():
    """Ein Ork mit Streitaxt, 1 m neben John, physischer DB 20 (Johns Ziel im Beispiel)."""
    return _ork


@pytest.fixture(scope="session")
def wolf():
    """Ein schneller Wolf (Initiativebonus 130 – handelt oft zweimal je Runde), 10 m entfernt."""
    return _wolf


@pytest.fixture(scope="session")
def mira():
    """Mira, Zauberin mit Flammenstab (Katalysator, Zaubermacht 55)."""
    return _mira


@pytest.fixture(scope="session")
def vier():
    """Fabrik: John, Ork, Wolf und Mira, noch ohne Initiative."""
    return lambda: neuer_kampf([_john(), _ork(), _wolf(), _mira()])


@pytest.fixture(scope="session")
def kurzbogen():
    """Fernkampfwaffe (Kurzbogen, 30 m, Patzerbereich 8)."""
    return KURZBOGEN
