"""Kleine, von Hand gebaute Savage-Worlds-Kämpfer für die Kampftests (Alrik, Banditen, Baron)."""

from __future__ import annotations

from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Kaempfer
from gm_helfer.savage_worlds.proben import Eigenschaft as E


def held(name="Alrik", **extra):
    werte = dict(
        attribute=(("staerke", E(12)), ("konstitution", E(8)), ("geschicklichkeit", E(8)), ("willenskraft", E(6))),
        fertigkeiten=(("kaempfen", E(10)), ("schiessen", E(8)), ("heilen", E(6))),
        parade=7, robustheit=6, waffen=(WAFFEN["Langschwert"], WAFFEN["Bogen"]), bennies=3,
    )
    werte.update(extra)
    return Kaempfer(name, "Helden", True, **werte)


def bandit(i, **extra):
    return Kaempfer(f"Bandit {i}", "Schurken", False, gruppe="Banditen",
                    attribute=(("staerke", E(6)), ("geschicklichkeit", E(6))), fertigkeiten=(("kaempfen", E(6)),),
                    parade=5, robustheit=5, waffen=(WAFFEN["Kurzschwert"],), **extra)


def baron(**extra):
    return Kaempfer("Baron", "Schurken", True, attribute=(("staerke", E(10)), ("konstitution", E(8)), ("willenskraft", E(8)), ("geschicklichkeit", E(8))),
                    fertigkeiten=(("kaempfen", E(10)),), parade=8, robustheit=9, waffen=(WAFFEN["Langschwert"],), bennies=2, **extra)
