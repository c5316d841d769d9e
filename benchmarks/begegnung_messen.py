"""Misst, wie viele simulierte Kämpfe je Sekunde auf einem Kern gelingen (Issue 10).

Aufruf: ``python benchmarks/begegnung_messen.py [--schnell] [--vorher ORDNER]``; mit
``--vorher`` wird der Ereignispfad eines älteren Stands (``git archive <commit> | tar -x -C
ORDNER``) im selben Lauf mitgemessen – die Spalte „vorher“ der Tabelle aus Issue 10. Kein Test: Zeiten hängen von
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
import importlib
import importlib.util
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

from gm_helfer import boegen, simulation
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
    in einfachem Python: Listen je Kämpfer, Karten als Zahlen 0…53 in der Reihenfolge von
    ``blatt()`` (0 und 1 die Joker; kleinere Zahl = früher dran). Die festen Werte (Angriff,
    Schaden, Mindestwurf je Paar) kommen aus dem Startzustand wie in der gebündelten Maschine."""
    f = _feste_listen(start)
    n = len(f["namen"])
    seite, wc, rob = f["seite"], f["wildcard"], f["robustheit"]
    wunden = list(f["wunden"])
    bennies = list(f["bennies"])
    angeschlagen = [False] * n
    aus = [False] * n
    tot = [False] * n
    blutet = [False] * n
    ziehstapel = list(range(54))
    ablage: list[int] = []
    hand: list[int] = []
    joker_gezogen = False
    runde = 0
    stehend = [sum(1 for i in range(n) if seite[i] == s) for s in range(max(seite) + 1)]

    def entschieden() -> bool:
        return sum(1 for x in stehend if x) <= 1

    def ausschalten(i: int) -> None:
        if not aus[i] and not tot[i]:
            stehend[seite[i]] -= 1
        aus[i] = True

    def ziehe() -> int:
        nonlocal ziehstapel, ablage
        if not ziehstapel:
            ziehstapel, ablage = ablage, []
        return ziehstapel.pop(r.randrange(len(ziehstapel)))

    while not entschieden() and runde < max_runden:
        runde += 1
        ablage += hand
        hand = []
        if joker_gezogen:
            ziehstapel, ablage, joker_gezogen = list(range(54)), [], False
        for i in range(n):
            if blutet[i] and not tot[i]:
                ok, stg, _ = _probe(r, *f["konstitution"][i], True, -min(wunden[i], 3), 4)
                if not ok:
                    tot[i], blutet[i] = True, False
                elif stg:
                    blutet[i] = False
        karten: list[tuple[int, int, int]] = []
        for j, glieder in enumerate(f["mitglieder"]):
            if all(aus[i] or tot[i] for i in glieder):
                continue
            kk, schnell = f["talente"][j]
            gezogen = [ziehe() for _ in range(1 + kk)]
            beste = min(gezogen, key=lambda c: 0 if c < 2 else c)
            while schnell and beste >= 2 and 14 - (beste - 2) // 4 <= 5:
                gezogen.append(ziehe())
                beste = gezogen[-1]
            joker_gezogen = joker_gezogen or any(c < 2 for c in gezogen)
            ablage += [c for c in gezogen if c != beste]
            hand.append(beste)
            karten.append((0 if beste < 2 else beste, j, 2 if beste < 2 else 0))
        karten.sort()
        joker_von = [0] * n
        for _, j, joker in karten:
            for i in f["mitglieder"][j]:
                joker_von[i] = joker if f["joker_gilt"][i] else 0
        for _, j, _ in karten:
            if entschieden():
                break
            glieder = f["mitglieder"][j]
            nur_frei = set()
            for i in glieder:
                if angeschlagen[i] and not (aus[i] or tot[i]):
                    ok, stg, _ = _probe(r, *f["willenskraft"][i], wc[i], -min(wunden[i], 3) + joker_von[i], 4)
                    angeschlagen[i] = not ok
                    if not (ok and (stg or start.optionen.erholung_erfolg_handelt)):
                        nur_frei.add(i)
            for a in glieder:
                if aus[a] or tot[a] or angeschlagen[a] or a in nur_frei:
                    continue
                gegner = [i for i in range(n) if seite[i] != seite[a] and not (aus[i] or tot[i])]
                z = min(gegner, key=lambda i: (-wunden[i], not angeschlagen[i], i))
                seiten, bonus = f["angriff"][a]
                ok, stg, _ = _probe(r, seiten, bonus, wc[a], f["mod"][a][z] - min(wunden[a], 3) + joker_von[a], f["mw"][a][z])
                if not ok:
                    continue
                schaden = sum(_wuerfel(r, s) for s in f["schaden"][a]) + f["konstante"][a] + joker_von[a]
                if stg:
                    schaden += _wuerfel(r, 6)
                ueber = schaden - rob[z]
                if ueber < 0:
                    continue
                neue = ueber // 4 or (1 if angeschlagen[z] else 0)
                if not wc[z]:
                    angeschlagen[z] = True
                    if neue:
                        ausschalten(z)
                else:
                    weg = versuche = 0
                    while neue and weg < neue and versuche < 2 and bennies[z] > 0:
                        bennies[z] -= 1
                        versuche += 1
                        ok2, stg2, _ = _probe(r, *f["konstitution"][z], True, -min(wunden[z], 3) + joker_von[z], 4)
                        if ok2:
                            weg = max(weg, 1 + stg2)
                    bleiben = max(0, neue - weg)
                    if neue == 0 or bleiben:
                        angeschlagen[z] = True
                        if wunden[z] + bleiben > 3:
                            wunden[z] = 3
                            ausschalten(z)
                            ok3, _, gesamt = _probe(r, *f["konstitution"][z], True, -3 + joker_von[z], 4)
                            if gesamt <= 1:
                                tot[z], blutet[z] = True, False
                            elif not ok3:
                                blutet[z] = True
                        else:
                            wunden[z] += bleiben
                if entschieden():
                    break
    s = [x for x in range(len(stehend)) if stehend[x]]
    return simulation.Kampfausgang(
        sieger=f["seiten"][s[0]] if len(s) == 1 else None,
        runden=runde,
        ausgeschaltet=tuple(f["namen"][i] for i in range(n) if aus[i] or tot[i]),
        tot=tuple(f["namen"][i] for i in range(n) if tot[i]),
    )


def _feste_listen(start: Any) -> dict[str, Any]:
    """Die festen Werte des Gefechts als Python-Listen (einmal je Startzustand)."""
    if id(start) not in _FESTE:
        from gm_helfer.savage_worlds import gebuendelt

        f = gebuendelt._feste(start)
        _FESTE[id(start)] = {
            "namen": f.namen, "seiten": f.seiten, "seite": f.seite.tolist(), "wildcard": f.wildcard.tolist(),
            "robustheit": f.robustheit.tolist(), "wunden": f.wunden.tolist(), "bennies": f.bennies.tolist(),
            "joker_gilt": f.joker_gilt.tolist(),
            "mitglieder": [[i for i in zeile if i >= 0] for zeile in f.mitglieder.tolist()],
            "talente": list(zip(f.kuehler_kopf, f.schnell)),
            "angriff": list(zip(f.angriff_seiten.tolist(), f.angriff_bonus.tolist())),
            "mod": f.angriff_mod.tolist(), "mw": f.mindestwurf.tolist(),
            "schaden": [[s for s in zeile if s] for zeile in f.schaden_seiten.tolist()],
            "konstante": f.schaden_konstante.tolist(),
            "konstitution": list(zip(f.konstitution[0].tolist(), f.konstitution[1].tolist())),
            "willenskraft": list(zip(f.willenskraft[0].tolist(), f.willenskraft[1].tolist())),
        }
    return _FESTE[id(start)]


_FESTE: dict[int, dict[str, Any]] = {}


# ---------------------------------------------------------------------------------------
# Messen
# ---------------------------------------------------------------------------------------


def messen(f: Callable[[int], simulation.Auswertung], anzahl: int) -> tuple[float, simulation.Auswertung]:
    """Kämpfe je Sekunde Rechenzeit dieses Prozesses (ein Kern), ein Aufruf mit ``anzahl`` Kämpfen."""
    start = time.process_time()
    a = f(anzahl)
    return anzahl / max(time.process_time() - start, 1e-9), a


def _hat_gebuendelt(system: str) -> bool:
    return importlib.util.find_spec(f"gm_helfer.{system}.gebuendelt") is not None


def ereignispfade(teil: int) -> list[tuple[str, float, float, float]]:
    """(Begegnung, Kämpfe/s, Heldensieg, mittlere Runden) je Ereignispfad – mit dem Code, der
    gerade importiert ist (auch ein älterer Stand, siehe ``--vorher``)."""
    gefecht = gefecht_boegen()
    modul = importlib.import_module("gm_helfer.savage_worlds.simulation")
    ereignis = getattr(modul, "ereignis_begegnung", None) or modul.begegnung  # alter Stand: begegnung war der Ereignispfad
    faelle = [("SW-Gefecht", lambda n: ereignis(gefecht, n, rng=random.Random(1)))]
    for system, name in simulation.SYSTEME.items():
        bs = boegen.laden(system).boegen
        m = importlib.import_module(f"gm_helfer.{system}.simulation")
        f = getattr(m, "ereignis_begegnung", None) or m.begegnung
        faelle.append((f"{name} (Beispiele)", lambda n, f=f, bs=bs: f(bs, n, rng=random.Random(1))))
    aus = []
    for name, f in faelle:
        rate, a = messen(f, max(20, 200 // teil))
        aus.append((name, rate, _helden(a), a.mittlere_runden))
    return aus


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--schnell", action="store_true", help="weniger Kämpfe (grober, in Sekunden fertig)")
    p.add_argument("--vorher", metavar="ORDNER", help="ein älterer Stand des Pakets (z. B. aus git archive): "
                   "dessen Ereignispfad wird im selben Lauf mitgemessen")
    p.add_argument("--nur-ereignispfade", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    teil = 5 if args.schnell else 1
    if args.nur_ereignispfade:
        print(json.dumps(ereignispfade(teil)))
        return

    gefecht = gefecht_boegen()
    start = kampf_aus_boegen(gefecht)
    zeilen: list[tuple[str, str, float, float, float]] = []
    from gm_helfer.savage_worlds import simulation as sw_sim

    rate, a = messen(lambda n: simulation.simulieren(lambda r: schlichte_schleife(start, r), n, rng=random.Random(1)),
                     2000 // teil)
    basis = rate
    zeilen.append(("SW-Gefecht", "schlichte Schleife (Grundlinie)", rate, _helden(a), a.mittlere_runden))
    if args.vorher:
        umgebung = {**os.environ, "PYTHONPATH": str(Path(args.vorher).resolve())}
        aus = subprocess.run([sys.executable, __file__, "--nur-ereignispfade"] + (["--schnell"] if args.schnell else []),
                             env=umgebung, capture_output=True, text=True, check=True, cwd=Path(args.vorher))
        for name, rate, sieg, runden in json.loads(aus.stdout):
            zeilen.append((name, "Ereignispfad vorher", rate, sieg, runden))
    for name, rate, sieg, runden in ereignispfade(teil):
        zeilen.append((name, "Ereignispfad", rate, sieg, runden))
    zeilen.append(("SW-Gefecht", "gebündelt",
                   *_zeile(messen(lambda n: sw_sim.begegnung(gefecht, n, rng=np.random.default_rng(1)), 20000 // teil))))
    for system, name in simulation.SYSTEME.items():
        if _hat_gebuendelt(system):
            m = importlib.import_module(f"gm_helfer.{system}.simulation")
            bs = boegen.laden(system).boegen
            zeilen.append((f"{name} (Beispiele)", "gebündelt",
                           *_zeile(messen(lambda n, m=m, bs=bs: m.begegnung(bs, n, rng=np.random.default_rng(1)),
                                          20000 // teil))))
    zeilen.sort(key=lambda z: (z[0] != "SW-Gefecht", z[0]))
    print(f"{'Begegnung':<26} {'Treiber':<32} {'Kämpfe/s':>10} {'× Schleife':>11} {'Helden gewinnen':>16} {'Runden':>7}")
    for begegnung, treiber, rate, sieg, runden in zeilen:
        print(f"{begegnung:<26} {treiber:<32} {rate:>10.0f} {rate / basis:>11.2f} {sieg * 100:>14.1f} % {runden:>7.2f}")
    print("(Rechenzeit eines Kerns; „× Schleife“: Verhältnis zur schlichten Schleife des SW-Gefechts in diesem Lauf)")


def _helden(a: simulation.Auswertung) -> float:
    """Siegesanteil der Helden (W100 nennt die Seite „helden“)."""
    return a.sieg.get("Helden", a.sieg.get("helden", 0.0))


def _zeile(gemessen: tuple[float, simulation.Auswertung]) -> tuple[float, float, float]:
    rate, a = gemessen
    return rate, _helden(a), a.mittlere_runden


if __name__ == "__main__":
    main()
