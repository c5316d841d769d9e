"""Misst, wie schnell die Chancen für eine Entscheidung erscheinen (kalt und aus dem Cache).

Aufruf: ``python benchmarks/chancen_messen.py``. Kein Test: Zeiten hängen von der Maschine
ab und gehören nicht in Asserts. Ziel: jede Entscheidung unter etwa 0,1 s (kalt), der
wiederholte Aufruf praktisch sofort. Dazu: wie lange ein simulierter Kampf je System dauert.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from gm_helfer import aloran, chancen, w100, zeitstrahl
from gm_helfer import savage_worlds as sw

FAELLE: list[tuple[str, Callable[[], object]]] = [
    ("Würfellabor 2W6+1 explodierend", lambda: chancen.verteilung("2W6+1", explodierend=True)),
    ("Würfellabor W12!+W10!+W8!", lambda: chancen.verteilung("W12!+W10!+W8!")),
    ("SW Probe W8 Wildcard −2", lambda: sw.probe_chancen(wuerfel="W8", wildcard=True, modifikator=-2)),
    ("SW Probe W12+2 Wildcard +1", lambda: sw.probe_chancen(wuerfel="W12+2", wildcard=True, modifikator=1)),
    ("SW Schaden 2W8+W6 gegen 9", lambda: sw.schadens_chancen("2W8", robustheit=9, bonus_w6=True)),
    ("SW Außer Gefecht W6 −3", lambda: sw.ausser_gefecht_chancen(konstitution="W6", modifikator=-3)),
    ("SW Ausbluten W6 −1, 10 Runden", lambda: sw.ausbluten_chancen(konstitution="W6", modifikator=-1, runden=10)),
    ("Aloran Pool 10 W10", lambda: aloran.pool_chancen(wuerfel=10, schwierigkeit=7)),
    ("Aloran Vergleich 10 gegen 10", lambda: aloran.vergleich_chancen(angriff=10, verteidigung=10)),
    ("Zeitstrahl Schaden 3W4 RS 1", lambda: zeitstrahl.schadens_chancen("3W4", ruestungsschutz=1)),
    ("Zeitstrahl Angriff 12 gegen 15", lambda: zeitstrahl.angriff_chancen(angriffswert=12, verteidigung=15)),
    ("W100 Angriff OB 60 DB 20", lambda: w100.angriff_chancen(ob=60, db=20, patzerbereich=5, lucky_seven=False)),
]


def messen(funktion: Callable[[], object], wiederholungen: int = 20) -> tuple[float, float]:
    start = time.perf_counter()
    funktion()
    kalt = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(wiederholungen):
        funktion()
    warm = (time.perf_counter() - start) / wiederholungen
    return kalt, warm


def begegnungen_messen(anzahl: int = 100) -> None:
    """Simulierte Begegnungen mit allen Beispielbögen je System: Millisekunden je Kampf."""
    import random

    from gm_helfer import boegen, simulation

    print(f"\n{'Begegnung (alle Beispielbögen)':<36} {'je Kampf':>10}")
    for system, name in simulation.SYSTEME.items():
        boegen_ = boegen.laden(system).boegen
        start = time.perf_counter()
        simulation.begegnung(system, boegen_, anzahl, rng=random.Random(1))
        print(f"{name:<36} {(time.perf_counter() - start) / anzahl * 1000:>7.1f} ms")


def main() -> None:
    print(f"{'Entscheidung':<36} {'kalt':>10} {'wiederholt':>12}")
    for name, funktion in FAELLE:
        kalt, warm = messen(funktion)
        print(f"{name:<36} {kalt * 1000:>8.1f} ms {warm * 1000:>9.3f} ms")
    begegnungen_messen()


if __name__ == "__main__":
    main()
