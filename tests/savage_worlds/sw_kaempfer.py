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
    return Kaempfer("Baron", "Schurken", True, attribute=(("staerke", E(10)), ("konstitution", E(8)), ("willenskraft", E(8)),
                                                          ("geschicklichkeit", E(8))),
                    fertigkeiten=(("kaempfen", E(10)),), parade=8, robustheit=9, waffen=(WAFFEN["Langschwert"],), bennies=2,
                    **extra)


def aufrufen(z, wer):
    """``wer`` ist an der Reihe; wer vor ihm dran wäre, wartet ab – „vom Ass zur Zwei“ lässt
    niemanden stillschweigend aus (der Spielleiter vermerkt das Abwarten, ein Klick je Kämpfer)."""
    from gm_helfer.savage_worlds import kampf as k

    while True:
        try:
            return k.anwenden(z, k.ereignis_am_zug(z, wer))
        except k.KampfFehler as fehler:
            vorher = z.naechster()
            if "Vom Ass zur Zwei" not in str(fehler) or vorher is None or vorher == wer:
                raise
            try:
                z = k.anwenden(z, k.ereignis_abwarten(z, vorher))
            except k.KampfFehler:  # ein Angeschlagener kann nicht abwarten: er verzichtet
                z = k.anwenden(z, k.ereignis_passen(z, vorher))


def aufrufen_verlauf(v, wer):
    """:func:`aufrufen` in einem Verlauf (jedes Abwarten ein eigener Schritt im Protokoll)."""
    from gm_helfer.savage_worlds import kampf as k

    while True:
        try:
            return v.ausfuehren(k.ereignis_am_zug(v.zustand, wer))
        except k.KampfFehler as fehler:
            vorher = v.zustand.naechster()
            if "Vom Ass zur Zwei" not in str(fehler) or vorher is None or vorher == wer:
                raise
            v.ausfuehren(k.ereignis_abwarten(v.zustand, vorher))


def naechste_runde(z):
    """Eine neue Runde; wer in dieser noch nicht gehandelt hat, verzichtet vorher (im Protokoll)."""
    from gm_helfer.savage_worlds import kampf as k

    for emp in k.noch_nicht_gehandelt(z):
        z = k.anwenden(z, k.ereignis_passen(z, emp))
    return k.anwenden(z, k.ereignis_runde(z))
