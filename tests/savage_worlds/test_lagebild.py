"""Lagebild für Savage Worlds (Issue 25, Punkte 1, 2, 6): gebündelt ab Zustand = Ereignispfad ab Zustand.

Zustände mitten im Kampf entstehen auf dem Ereignispfad (Schrittmaschine der Taktik mit fester
Saat): mit offener Wegstecken-Entscheidung, mit offener Erholungsprobe, mitten in der Karte der
Banditen. Von jedem aus spielen beide Wege je 2000 Kämpfe; die Siegchance der Helden muss auf
4 Standardfehler übereinstimmen, ebenso die erwarteten weiteren Runden.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path

import numpy as np
import pytest

from gm_helfer import boegen, lagebild
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import lagebild as lb
from gm_helfer.savage_worlds import simulation as sim
from gm_helfer.savage_worlds.vorschlag import ereignis, naechster_schritt, taktik_je_seite

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

N = 2000


def _start() -> k.Kampfzustand:
    from dataclasses import replace

    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    bandit = alle["Bandit"]
    gewaehlt = [alle["Brakka"], alle["Mira"], alle["Schwarzer Baron"], replace(bandit, werte={**bandit.werte, "anzahl": 3})]
    return sim._start(gewaehlt, None)


def _zustand(bis, saat_bereich=range(200)) -> k.Kampfzustand:
    """Der erste Zustand (über Saaten), in dem ``bis(zustand, vorschlag)`` gilt."""
    start = _start()
    tk = taktik_je_seite(start)
    for saat in saat_bereich:
        r = random.Random(saat)
        z = start
        for _ in range(400):
            v = naechster_schritt(z, tk, r)
            if v is None:
                break
            if z.runde >= 1 and bis(z, v):
                return z
            z = k.anwenden(z, ereignis(z, v, rng=r, text=False))
    pytest.fail("Kein passender Zustand gefunden.")


ZUSTAENDE = {
    "wegstecken_offen": lambda z, v: v.aktion in ("wegstecken", "verzicht"),
    "erholung_offen": lambda z, v: v.aktion == "erholung" and z.runde >= 2,
    "mitten_in_der_gruppe": lambda z, v: v.aktion == "angriff" and z.am_zug == "Banditen"
    and any(n.startswith("Bandit") for n, _ in z.aktionen_runde),
    "rundengrenze": lambda z, v: v.aktion == "runde" and z.runde >= 2,
}


def _anteil(sieger) -> float:
    return float(np.mean(sieger))


@pytest.mark.slow  # je Zustand 2000 Kämpfe auf beiden Wegen (Issue 25, Punkt 6): in CI, nicht im schnellen Lauf
@pytest.mark.parametrize("name", list(ZUSTAENDE))
def test_gebuendelt_ab_zustand_gleich_ereignispfad(name: str) -> None:
    z = _zustand(ZUSTAENDE[name])
    feld = lb.gebuendelt([z] * N, rng=np.random.default_rng(7))
    helden = feld.seiten.index("Helden")
    p_feld = _anteil(feld.sieger == helden)
    r_feld = float(np.mean(feld.runden))
    rng = np.random.default_rng(8)
    ausgaenge = [lb.weiterspielen(z, rng=rng) for _ in range(N)]
    p_ereignis = float(np.mean([a.sieger == "Helden" for a in ausgaenge]))
    r_ereignis = float(np.mean([a.runden for a in ausgaenge]))
    p = (p_feld + p_ereignis) / 2
    se = math.sqrt(max(p * (1 - p), 1e-9) * 2 / N)
    zwert = (p_feld - p_ereignis) / se
    assert abs(zwert) < 4, f"{name}: gebündelt {p_feld:.3f}, Ereignispfad {p_ereignis:.3f}, z = {zwert:.2f}"
    sd = float(np.std([a.runden for a in ausgaenge])) or 1.0
    zr = (r_feld - r_ereignis) / (sd * math.sqrt(2 / N))
    assert abs(zr) < 4, f"{name}: Runden gebündelt {r_feld:.2f}, Ereignispfad {r_ereignis:.2f}, z = {zr:.2f}"
    print(f"{name}: p gebündelt {p_feld:.3f}, Ereignispfad {p_ereignis:.3f}, z = {zwert:.2f}; Runden z = {zr:.2f}")


def test_lagebild_kern_mit_wahlen() -> None:
    """Der Kern findet den Adapter (vertrag.py), die Wahlen kommen mit dem Vorschlag zuerst."""
    z = _zustand(ZUSTAENDE["wegstecken_offen"])
    bild = lagebild.lagebild("savage_worlds", z, 300, rng=np.random.default_rng(1))
    assert bild.weg == "gebündelt" and bild.anzahl == 300
    assert set(bild.sieg) >= {"Helden", "Schurken"}
    texte = [t for t, _ in bild.optionen]
    assert texte[0].startswith("Vorschlag:") and len(texte) == 2, texte


def test_entschiedener_zustand() -> None:
    """Ist der Kampf entschieden, gewinnt die stehende Seite sicher, ohne weitere Runde."""
    z = _start()
    z = z.__class__(**{**z.__dict__, "kaempfer": tuple(
        kf if kf.seite == "Helden" else kf.__class__(**{**kf.__dict__, "ausser_gefecht": True}) for kf in z.kaempfer)})
    feld = lb.gebuendelt([z] * 50, rng=np.random.default_rng(1))
    assert (feld.sieger == feld.seiten.index("Helden")).all() and (feld.runden == 0).all()
    assert lb.weiterspielen(z, rng=random.Random(1)).sieger == "Helden"


def test_ein_abtausch_vor_dem_ende_gleich_den_exakten_chancen() -> None:
    """Mira (ohne Bennies) greift als Letzte der Runde den einzigen Banditen (Statist, hat schon
    gehandelt) an; mit ``max_runden=0`` (nur der Rest der Runde) gewinnen die Helden genau, wenn
    der Angriff ihn außer Gefecht setzt – „Außer Gefecht“ aus der exakten
    :func:`~gm_helfer.savage_worlds.vorschau.angriff_vorschau`. Gebündelt (20.000 Kämpfe) und auf
    dem Ereignispfad (2000) innerhalb von 4 Standardfehlern."""
    from dataclasses import replace

    from gm_helfer.savage_worlds import vorschau

    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    bandit = alle["Bandit"]
    start = sim._start([alle["Mira"], replace(bandit, werte={**bandit.werte, "anzahl": 1})], None)
    start = replace(start, kaempfer=tuple(replace(kf, bennies=0) for kf in start.kaempfer))
    tk = taktik_je_seite(start)
    r, z = random.Random(0), start
    for _ in range(60):
        v = naechster_schritt(z, tk, r)
        if (z.runde >= 1 and v.aktion == "angriff" and v.wer == "Mira" and z.naechster() is None
                and any(n == "Bandit" for n, _ in z.aktionen_runde)
                and all(kf.kampffaehig and not kf.angeschlagen for kf in z.kaempfer)):
            break
        z = k.anwenden(z, ereignis(z, v, rng=r, text=False))
    else:
        pytest.fail("Kein Zustand „Mira als Letzte der Runde“ gefunden.")
    exakt = vorschau.angriff_vorschau(z, v.wer, v.ziel, v.waffe)["Außer Gefecht"]
    bild = lagebild.lagebild("savage_worlds", z, 20000, rng=np.random.default_rng(3), max_runden=0, mit_optionen=False)
    se = math.sqrt(exakt * (1 - exakt) / bild.anzahl)
    pfad = [lb.weiterspielen(z, rng=random.Random(i), max_runden=0) for i in range(N)]
    p_pfad = sum(a.sieger == "Helden" for a in pfad) / N
    print(f"Ein Abtausch vor dem Ende: exakt {exakt:.4f}, gebündelt {bild.sieg['Helden']:.4f} "
          f"(z = {(bild.sieg['Helden'] - exakt) / se:+.2f}), Ereignispfad {p_pfad:.4f}")
    assert bild.weg == "gebündelt"
    assert abs(bild.sieg["Helden"] - exakt) <= 4 * se
    assert abs(p_pfad - exakt) <= 4 * math.sqrt(exakt * (1 - exakt) / N)
