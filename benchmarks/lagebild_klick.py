"""Hält das Lagebild im Hintergrund einen Klick auf? (Issue 25, Punkt 3)

Gemessen wird, was ein Klick am Tisch im Kernel tut – ein Schritt der Taktik auf dem Protokoll
(Ereignis bauen, anwenden) und die exakten Chancen des nächsten Wurfs – einmal ohne Lagebild und
einmal, während ein :class:`gm_helfer.lage_lauf.LageLauf` im Hintergrund rechnet (Stufen bis
10.000 Kämpfe, Wahlen an). Ausgabe: Median und Maximum je Klick, Verhältnis mit/ohne im selben Lauf.

Aufruf: ``python benchmarks/lagebild_klick.py`` (etwa eine Minute). Die Browser-Sicht (Klick bis
zur Anzeige) misst ``tests/kern/test_lagebild_browser.py`` nebenbei (Klickdauer je Schritt).
"""

from __future__ import annotations

import random
import statistics
import time
from dataclasses import replace

from gm_helfer import boegen
from gm_helfer.lage_lauf import LageLauf


def _sw():
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds import simulation as sim
    from gm_helfer.savage_worlds import vorschau
    from gm_helfer.savage_worlds.vorschlag import ereignis, naechster_schritt, taktik_je_seite

    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    bandit = alle["Bandit"]
    start = sim._start([alle["Brakka"], alle["Mira"], replace(bandit, werte={**bandit.werte, "anzahl": 3})], None)
    tk = taktik_je_seite(start)
    r, z = random.Random(1), start
    while True:  # ein Zustand, in dem jemand angreift
        v = naechster_schritt(z, tk, r)
        if z.runde >= 1 and v.aktion == "angriff":
            break
        z = k.anwenden(z, ereignis(z, v, rng=r, text=False))

    def klick(rng: random.Random) -> None:
        nach = k.anwenden(z, ereignis(z, v, rng=rng, text=True))
        vorschau.angriff_vorschau(z, v.wer, v.ziel, v.waffe)
        naechster_schritt(nach, tk, rng)

    return "savage_worlds", "Helden", z, klick


def _w100():
    from gm_helfer import pfade
    from gm_helfer.protokoll import Verlauf
    from gm_helfer.w100 import anwenden
    from gm_helfer.w100.bogen import kampf_aus_boegen
    from gm_helfer.w100.optionen import Optionen
    from gm_helfer.w100.tisch import sitzung, zug

    alle = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen
    gewaehlt = [b for b in alle if b.name in ("Mira", "Ork-Krieger", "Goblin-Schütze")]
    v = Verlauf(kampf_aus_boegen(gewaehlt, Optionen()), anwenden)
    zug.neue_runde(v, augen={b.name: str(10 * i + 5) for i, b in enumerate(gewaehlt)})
    zug.ergreifen_verzichten(v)
    z = v.zustand

    def klick(rng: random.Random) -> None:
        vv = Verlauf(z, anwenden)  # ein frisches Protokoll ab dem Zustand (ohne Datei)
        wer = zug.am_zug(vv.zustand)
        vs = zug.vorschlag(vv.zustand, wer)
        zug.vorschlag_spielen(vv, wer, rng=rng)
        if vs.ziel:
            sitzung.vorschau(zug.im_zug(z, wer), vs.ziel, vs.waffe, abwehr=vs.abwehr, punkte=vs.punkte)

    return "w100", "helden", z, klick


def _messen(klick, n: int = 25) -> list[float]:
    r = random.Random(5)
    zeiten = []
    for _ in range(n):
        t = time.perf_counter()
        klick(r)
        zeiten.append(time.perf_counter() - t)
    return zeiten


def main() -> None:
    print("System         | Klick ohne Lagebild (Median/Max) | mit Lagebild im Hintergrund | Verhältnis")
    for bau in (_sw, _w100):
        system, seite, z, klick = bau()
        _messen(klick, 3)  # aufwärmen
        ohne = _messen(klick)
        lauf = LageLauf(system, seite=seite, stufen=(1100, 4000, 10000, 40000))
        lauf.anstossen(1, z, mit_optionen=True)
        time.sleep(0.3)
        mit = _messen(klick)
        lief = lauf.laeuft()
        lauf.stoppen(warten=60)
        mo, mm = statistics.median(ohne), statistics.median(mit)
        print(f"{system:14} | {mo * 1000:7.1f} / {max(ohne) * 1000:7.1f} ms       | {mm * 1000:7.1f} / "
              f"{max(mit) * 1000:7.1f} ms{'' if lief else ' (Lauf schon fertig!)'} | {mm / mo:4.2f}×")


if __name__ == "__main__":
    main()
