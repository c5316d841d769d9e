"""Lagebild messen, Teil W100 (Issue 25, Punkt 5) – aufgerufen von ``benchmarks/lagebild_messen.py``.

Begegnung: alle Beispielbögen (``charaktere/w100``: drei Helden gegen vier Gegner).

- feste Kosten je Aufruf der gebündelten Maschine ab Zustand (:func:`gm_helfer.w100.tisch.lagebild.gebuendelt`):
  Zeit für 200 und 10.000 Kämpfe, fest = t(200) − 200 · (t(10.000) − t(200)) / 9.800; Kämpfe je Sekunde;
- Grundlinie im selben Lauf: dieselbe Maschine von den Bögen an (:func:`gm_helfer.w100.simulation.begegnung`),
  Kämpfe je Sekunde, und der Ereignispfad (``weiterspielen``);
- Lagebild-Latenz (2000 Kämpfe, ohne und mit Wahlen) aus 10 zufälligen Zuständen mitten im Kampf:
  Median und Maximum;
- Klicks je Runde am Tisch: vorher (jede Handlung ein Klick, jeder NSC „Zug beenden“) und nachher
  („Gruppe handelt“ je Folge von NSC-Zügen, plus je Halt vor der Abwehr eines Helden ein Klick).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np


def _zeit(f: Callable[[], object]) -> float:
    uhr = time.process_time if "--cpu" in sys.argv else time.perf_counter  # wie lagebild_messen._UHR
    t = uhr()
    f()
    return uhr() - t


def _boegen() -> list:
    from gm_helfer import boegen, pfade

    return boegen.laden("w100", pfade.charakter_ordner("w100")).boegen


def _neuer_kampf(b: list, r: random.Random):
    """Die Bögen ``b`` in einem neuen Verlauf, die erste Runde begonnen (Initiative mit ``r``)."""
    from gm_helfer.protokoll import Verlauf
    from gm_helfer.w100 import anwenden
    from gm_helfer.w100.bogen import kampf_aus_boegen
    from gm_helfer.w100.optionen import Optionen
    from gm_helfer.w100.tisch import zug

    v = Verlauf(kampf_aus_boegen(b, Optionen()), anwenden)
    zug.neue_runde(v, rng=r)
    return v


def _zustaende(anzahl: int, saat: int = 0) -> list:
    from gm_helfer.w100 import kampf as wk
    from gm_helfer.w100.tisch import zug

    b = _boegen()
    r = random.Random(saat)
    aus = []
    while len(aus) < anzahl:
        v = _neuer_kampf(b, r)
        for _ in range(r.randrange(1, 40)):
            k = v.zustand
            if wk.sieger(k) is not None:
                break
            if wk.ergreifen_offen(k):
                zug.ergreifen_verzichten(v)
            elif wk.runde_vorbei(k):
                zug.neue_runde(v, rng=r)
            else:
                zug.vorschlag_spielen(v, zug.am_zug(k), rng=r)
        if wk.sieger(v.zustand) is None:
            aus.append(v.zustand)
    return aus


def _klicks(runden: int = 30, saat: int = 1, helden_abwehr: bool = False) -> tuple[float, float]:
    """Klicks je Runde vorher/nachher (Spielleiter führt die NSC, Helden spielen ihre Vorschläge)."""
    from gm_helfer.w100 import kampf as wk
    from gm_helfer.w100.tisch import zug

    b = _boegen()
    r = random.Random(saat)
    vorher = nachher = gespielt = 0
    while gespielt < runden:
        v = _neuer_kampf(b, r)
        while wk.sieger(v.zustand) is None and v.zustand.runde < 20:
            k = v.zustand
            if wk.ergreifen_offen(k):
                zug.ergreifen_verzichten(v)
                vorher += 1
                nachher += 1
            elif wk.runde_vorbei(k):
                zug.neue_runde(v, rng=r)
                vorher += 1
                nachher += 1
                gespielt += 1
            elif k[zug.am_zug(k)].seite == zug.NSC_SEITE:
                n0 = len(v)
                g = zug.gruppe_handelt(v, rng=r, helden_abwehr=helden_abwehr)
                nachher += 1
                # vorher: jede Handlung ein Klick (Zugbeginn kommt mit der ersten Handlung)
                vorher += sum(1 for e in v.ereignisse[n0:] if e.art in ("angriff", "bewegung", "zug_ende"))
                if g.offen is not None:
                    zug.vorschlag_spielen(v, g.offen.wer, rng=r)
                    vorher += 1
                    nachher += 1
            else:
                zug.vorschlag_spielen(v, zug.am_zug(k), rng=r)
                vorher += 1
                nachher += 1
    return vorher / gespielt, nachher / gespielt


def w100(zeile: Callable[..., dict] | None = None) -> dict | None:
    """Druckt die Messung; mit ``zeile`` (:func:`lagebild_messen._zeile`) auch die Zeile der Schlusstabelle."""
    from gm_helfer import lagebild
    from gm_helfer.w100 import simulation
    from gm_helfer.w100.tisch import lagebild as wl

    b = _boegen()
    zustaende = _zustaende(10)
    z0 = zustaende[0]
    rng = np.random.default_rng(1)
    wl.gebuendelt([z0] * 50, rng=rng)  # aufwärmen
    lagebild.lagebild("w100", z0, 50, rng=rng, mit_optionen=False)  # ebenso: der erste Aufruf lädt die Regelsysteme
    t200 = min(_zeit(lambda: wl.gebuendelt([z0] * 200, rng=rng)) for _ in range(3))
    t10k = _zeit(lambda: wl.gebuendelt([z0] * 10_000, rng=rng))
    fest = t200 - 200 * (t10k - t200) / 9_800
    ab_zustand = 10_000 / t10k
    grund = 10_000 / _zeit(lambda: simulation.begegnung(b, 10_000, rng=random.Random(2)))
    ev = 200 / _zeit(lambda: [wl.weiterspielen(z0, rng=rng) for _ in range(200)])
    print("W100 (alle Beispielbögen, 3 Helden gegen 4 Gegner)")
    print(f"  gebündelt ab Zustand: 200 Kämpfe {t200 * 1000:.0f} ms, 10000 Kämpfe {t10k:.2f} s, "
          f"feste Kosten je Aufruf {fest * 1000:.0f} ms, {ab_zustand:.0f} Kämpfe/s")
    print(f"  Grundlinie: Maschine von den Bögen {grund:.0f} Kämpfe/s (Verhältnis ab Zustand / Bögen "
          f"{ab_zustand / grund:.2f}); Ereignispfad {ev:.0f} Kämpfe/s (gebündelt / Ereignispfad "
          f"{ab_zustand / ev:.1f})")
    ohne: list[float] = []
    for mit in (False, True) if "--wahlen" in sys.argv else (False,):
        zeiten = [_zeit(lambda z=z, mit=mit: lagebild.lagebild("w100", z, 2000, rng=rng, mit_optionen=mit)) for z in zustaende]
        print(f"  Lagebild 2000 Kämpfe {'mit' if mit else 'ohne'} Wahlen, 10 Zustände: Median "
              f"{statistics.median(zeiten):.2f} s, Maximum {max(zeiten):.2f} s "
              f"(Median ÷ Grundlinie 2000 Kämpfe {statistics.median(zeiten) / (2000 / grund):.2f})")
        ohne = zeiten if not mit else ohne
    vorher, nachher = _klicks()
    _, taktik = _klicks(helden_abwehr=True)
    print(f"  Klicks je Runde (Spielleiter): vorher {vorher:.1f}, nachher {nachher:.1f} (Halt vor jeder "
          f"Abwehr eines Helden), {taktik:.1f} (auch die Helden wehren sich nach der Taktik)")
    if zeile is None:
        return None
    return zeile("W100", lambda n: wl.gebuendelt([z0] * n, rng=np.random.default_rng(1)),
                 ("Maschine ab Bögen", grund), ohne, anfang=lambda n: simulation.begegnung(b, n, rng=random.Random(2)))
