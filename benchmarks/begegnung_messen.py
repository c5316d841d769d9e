"""Misst, wie viele simulierte Kämpfe je Sekunde auf einem Kern gelingen (Issue 10).

Aufruf: ``python benchmarks/begegnung_messen.py [--schnell]``. Kein Test: Zeiten hängen von
der Maschine ab und gehören nicht in Asserts; gedruckt werden Kämpfe je Sekunde und das
Verhältnis zur **Grundlinie desselben Laufs**, einer schlanken Python-Schleife desselben
Gefechts (:func:`schlichte_schleife`, nur für diese Messung geschrieben).

Gemessen werden:

- je System die Beispielbegegnung (alle Beispielbögen des Systems) – Ereignispfad und, wo es
  ihn gibt, die gebündelte Maschine (``begegnung``);
- das Savage-Worlds-Gefecht aus Issue 10: vier Wildcards (Brakka, Lena Falk, Mira, Theo vom
  Stein) gegen einen Wildcard-Schurken (Schwarzer Baron) und acht Statisten (Banditen) – auf
  dem Ereignispfad, gebündelt und in der schlichten Schleife.

Die schlichte Schleife spielt dieselbe Standardtaktik mit denselben Regeln wie
:mod:`gm_helfer.savage_worlds.simulation`, aber mit veränderlichen Listen statt
unveränderlicher Zustände, ohne Ereignisse und ohne Texte; ihr Siegesanteil steht zur
Kontrolle neben dem der anderen beiden.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from gm_helfer import boegen, simulation
from gm_helfer.savage_worlds import simulation as sw_sim
from gm_helfer.savage_worlds.sitzung import kampf_aus_boegen

HELDEN = ("Brakka", "Lena Falk", "Mira", "Theo vom Stein")
SCHURKE = "Schwarzer Baron"
STATISTEN = 8


def gefecht_boegen() -> list[boegen.Bogen]:
    """Das Gefecht aus Issue 10: vier Wildcards gegen den Baron und acht Banditen."""
    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    bandit = alle["Bandit"]
    return [alle[n] for n in (*HELDEN, SCHURKE)] + [replace(bandit, werte={**bandit.werte, "anzahl": STATISTEN})]


# ---------------------------------------------------------------------------------------
# Die schlichte Schleife (Grundlinie)
# ---------------------------------------------------------------------------------------


def _wuerfel(r: random.Random, seiten: int) -> int:
    summe = wurf = r.randint(1, seiten)
    while wurf == seiten:
        wurf = r.randint(1, seiten)
        summe += wurf
    return summe


def _probe(r: random.Random, seiten: int, bonus: int, wildcard: bool, mod: int, mw: int) -> tuple[bool, int, int]:
    """(Erfolg, Steigerungen, Gesamt) einer Probe mit einem Eigenschaftswürfel."""
    e = _wuerfel(r, seiten)
    kritisch = False
    if wildcard:
        w = _wuerfel(r, 6)
        kritisch = e == 1 and w == 1
        e = max(e, w)
    gesamt = e + bonus + mod
    if kritisch or gesamt < mw:
        return False, 0, gesamt
    return True, (gesamt - mw) // 4, gesamt


def schlichte_schleife(start: Any, r: random.Random, max_runden: int = 100) -> simulation.Kampfausgang:
    """Ein Kampf der Standardtaktik (Moduldoku von :mod:`gm_helfer.savage_worlds.simulation`)
    in einfachem Python: Listen je Kämpfer, Karten als Zahlen 0…53 (0 und 1 die Joker,
    kleinere Zahl = früher dran)."""
    kf = start.kaempfer
    n = len(kf)
    empf = [start.empfaenger(k) for k in kf]
    empfaenger = list(dict.fromkeys(empf))
    mitglieder = [[i for i in range(n) if empf[i] == e] for e in empfaenger]
    talente = [sw_sim.talentstufe_von(start, e) for e in empfaenger]
    seite = [k.seite for k in kf]
    wc = [k.wildcard for k in kf]
    angriff = []
    for k in kf:
        w = sw_sim.standard_waffe(k)
        fert = k.fertigkeit({"Nahkampf": "kaempfen", "Fernkampf": "schiessen", "Wurf": "werfen"}[w.art])
        wuerfel_, konstante = sw_sim.schadenswuerfel(k, w)
        angriff.append((fert.seiten, fert.bonus, w.art == "Nahkampf", wuerfel_, konstante))
    kon = [k.attribut("konstitution") for k in kf]
    wil = [k.attribut("willenskraft") for k in kf]
    wunden = [k.wunden for k in kf]
    bennies = [k.bennies for k in kf]
    angeschlagen = [False] * n
    aus = [False] * n
    tot = [False] * n
    blutet = [False] * n
    ziehstapel = list(range(54))
    ablage: list[int] = []
    joker_gezogen = False
    runde = 0

    def stehend() -> set[str]:
        return {seite[i] for i in range(n) if not aus[i]}

    while len(stehend()) > 1 and runde < max_runden:
        runde += 1
        if joker_gezogen:
            ziehstapel, ablage, joker_gezogen = list(range(54)), [], False
        for i in range(n):
            if blutet[i] and not tot[i]:
                ok, stg, _ = _probe(r, kon[i].seiten, kon[i].bonus, True, -min(wunden[i], 3), 4)
                if not ok:
                    tot[i], blutet[i] = True, False
                elif stg:
                    blutet[i] = False
        karten: list[tuple[int, int]] = []
        for j, glieder in enumerate(mitglieder):
            if not any(not aus[i] for i in glieder):
                continue
            kk, schnell = talente[j]
            gezogen = []
            while True:
                if not ziehstapel:
                    ziehstapel, ablage = ablage, []
                gezogen.append(ziehstapel.pop(r.randrange(len(ziehstapel))))
                if len(gezogen) < 1 + kk:
                    continue
                beste = min(gezogen[: 1 + kk])
                for weiter in gezogen[1 + kk :]:
                    beste = weiter
                if schnell and beste >= 2 and (beste - 2) // 4 >= 9:  # Wert 5 oder weniger
                    continue
                break
            joker_gezogen = joker_gezogen or any(c < 2 for c in gezogen)
            ablage += gezogen
            karten.append((beste, j))
        karten.sort()
        for karte, j in karten:
            if len(stehend()) <= 1:
                break
            joker = 2 if karte < 2 else 0
            glieder = mitglieder[j]
            nur_frei = set()
            for i in sorted((i for i in glieder if angeschlagen[i] and not aus[i]), key=lambda i: kf[i].name):
                ok, stg, _ = _probe(r, wil[i].seiten, wil[i].bonus, wc[i], -min(wunden[i], 3) + joker, 4)
                if ok:
                    angeschlagen[i] = False
                if not (ok and (stg or start.optionen.erholung_erfolg_handelt)):
                    nur_frei.add(i)
            for a in glieder:
                if aus[a] or angeschlagen[a] or a in nur_frei:
                    continue
                gegner = [i for i in range(n) if seite[i] != seite[a] and not aus[i]]
                if not gegner:
                    break
                z = min(gegner, key=lambda i: (-wunden[i], not angeschlagen[i], i))
                seiten, bonus, nah, schaden_w, konstante = angriff[a]
                mw = kf[z].parade if nah else 4
                ok, stg, _ = _probe(r, seiten, bonus, wc[a], -min(wunden[a], 3) + joker, mw)
                if not ok:
                    continue
                schaden = sum(_wuerfel(r, s) for s in schaden_w) + konstante + joker + (_wuerfel(r, 6) if stg else 0)
                ueber = schaden - kf[z].robustheit
                if ueber < 0:
                    continue
                neue = ueber // 4 or (1 if angeschlagen[z] else 0)
                if not wc[z]:
                    if neue:
                        aus[z] = True
                    angeschlagen[z] = True
                else:
                    weg = versuche = 0
                    while neue and weg < neue and versuche < 2 and bennies[z] > 0:
                        bennies[z] -= 1
                        versuche += 1
                        eigen = 2 if karte_von(karten, mitglieder, z) < 2 else 0
                        ok2, stg2, _ = _probe(r, kon[z].seiten, kon[z].bonus, True, -min(wunden[z], 3) + eigen, 4)
                        if ok2:
                            weg = max(weg, 1 + stg2)
                    bleiben = max(0, neue - weg) if neue else 0
                    if neue and not bleiben:
                        pass  # alles weggesteckt: der Angriff bleibt ohne Wirkung
                    else:
                        angeschlagen[z] = True
                        if wunden[z] + bleiben > 3:
                            wunden[z] = 3
                            aus[z] = True
                            eigen = 2 if karte_von(karten, mitglieder, z) < 2 else 0
                            ok3, stg3, gesamt = _probe(r, kon[z].seiten, kon[z].bonus, True, -3 + eigen, 4)
                            _wuerfel(r, 6), _wuerfel(r, 6), _wuerfel(r, 6)  # Verletzungstabelle
                            if gesamt <= 1:
                                tot[z] = True
                                blutet[z] = False
                            elif not ok3:
                                blutet[z] = True
                        else:
                            wunden[z] += bleiben
                if len(stehend()) <= 1:
                    break
    s = stehend()
    return simulation.Kampfausgang(
        sieger=next(iter(s)) if len(s) == 1 else None,
        runden=runde,
        ausgeschaltet=tuple(kf[i].name for i in range(n) if aus[i]),
        tot=tuple(kf[i].name for i in range(n) if tot[i]),
    )


def karte_von(karten: list[tuple[int, int]], mitglieder: list[list[int]], i: int) -> int:
    for karte, j in karten:
        if i in mitglieder[j]:
            return karte
    return 99


# ---------------------------------------------------------------------------------------
# Messen
# ---------------------------------------------------------------------------------------


def messen(f: Callable[[int], simulation.Auswertung], anzahl: int) -> tuple[float, simulation.Auswertung]:
    """Kämpfe je Sekunde (ein Aufruf mit ``anzahl`` Kämpfen)."""
    start = time.perf_counter()
    a = f(anzahl)
    return anzahl / (time.perf_counter() - start), a


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--schnell", action="store_true", help="weniger Kämpfe (grober, in Sekunden fertig)")
    args = p.parse_args(argv)
    teil = 5 if args.schnell else 1
    gefecht = gefecht_boegen()
    start = kampf_aus_boegen(gefecht)

    zeilen: list[tuple[str, str, float, simulation.Auswertung]] = []
    schleife = messen(
        lambda n: simulation.simulieren(lambda r: schlichte_schleife(start, r), n, rng=random.Random(1)), 2000 // teil
    )
    zeilen.append(("SW-Gefecht", "schlichte Schleife (Grundlinie)", *schleife))
    zeilen.append(("SW-Gefecht", "Ereignispfad", *messen(lambda n: sw_sim.ereignis_begegnung(gefecht, n, rng=random.Random(1)), 200 // teil)))
    if hasattr(sw_sim, "gebuendelt"):
        zeilen.append(("SW-Gefecht", "gebündelt", *messen(lambda n: sw_sim.begegnung(gefecht, n, rng=np.random.default_rng(1)), 20000 // teil)))
    for system, name in simulation.SYSTEME.items():
        bs = boegen.laden(system).boegen
        modul = __import__(f"gm_helfer.{system}.simulation", fromlist=["x"])
        ereignis = getattr(modul, "ereignis_begegnung", None)
        if ereignis is not None:
            zeilen.append((f"{name} (Beispiele)", "Ereignispfad", *messen(lambda n, m=ereignis, b=bs: m(b, n, rng=random.Random(1)), 200 // teil)))
            if hasattr(modul, "gebuendelt"):
                zeilen.append((f"{name} (Beispiele)", "gebündelt", *messen(lambda n, m=modul, b=bs: m.begegnung(b, n, rng=np.random.default_rng(1)), 20000 // teil)))
        else:
            zeilen.append((f"{name} (Beispiele)", "Ereignispfad", *messen(lambda n, m=modul, b=bs: m.begegnung(b, n, rng=random.Random(1)), 200 // teil)))

    basis = schleife[0]
    print(f"{'Begegnung':<26} {'Treiber':<32} {'Kämpfe/s':>10} {'× Schleife':>11} {'Helden gewinnen':>16} {'Runden':>7}")
    for begegnung, treiber, rate, a in zeilen:
        print(
            f"{begegnung:<26} {treiber:<32} {rate:>10.0f} {rate / basis:>11.2f} "
            f"{a.sieg.get('Helden', 0) * 100:>14.1f} % {a.mittlere_runden:>7.2f}"
        )
    print("(ein Kern; „× Schleife“: Verhältnis zur schlichten Schleife des SW-Gefechts in diesem Lauf)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
