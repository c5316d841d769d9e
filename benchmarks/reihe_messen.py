"""Misst eine Reihe „2 bis 12 Banditen“ zu je 10 000 Kämpfen mit 1, 2, … Arbeitsprozessen (Issue 10, Punkt 7).

Aufruf: ``python benchmarks/reihe_messen.py [--je 10000] [--arbeiter 1 2]``. Kein Test: Zeiten
hängen von der Maschine ab. Gedruckt werden die Sekunden je Arbeiterzahl und das Verhältnis zum
Lauf mit einem Prozess **desselben Laufs**; dazu, ob alle Läufe dasselbe Ergebnis lieferten (sie
müssen: jeder Wert hat seine eigene Saat). Der erste Lauf mit einem Pool enthält den Start der
Arbeitsprozesse (je etwa ein bis zwei Sekunden); ein zweiter Lauf mit derselben Zahl zeigt die
Zeit mit schon stehendem Pool, wie bei der zweiten Reihe im Notizbuch.

Auf einer geteilten, ausgelasteten Maschine (Last über der Kernzahl) sagt die Wanduhr wenig; die
Rechenzeit des Laufs mit einem Prozess (``process_time``) ist die Zeit auf einem freien Kern, die
Zeit mit n freien Kernen etwa Rechenzeit / n plus der Start der Arbeitsprozesse.

Gespielt wird die Beispielbegegnung „Überfall an der Furt“ (drei Wildcards gegen den Schwarzen
Baron und Banditen, Savage Worlds, gebündelte Maschine), die Zahl der Banditen von 2 bis 12.
"""

from __future__ import annotations

import argparse
import os
import time

from gm_helfer import begegnungen, boegen, simulation


def messen(je: int, arbeiter: list[int]) -> None:
    b = begegnungen.laden(begegnungen.ordner("savage_worlds") / "ueberfall_an_der_furt.toml")
    alle = boegen.laden("savage_worlds").boegen
    werte = list(range(2, 13))
    varianten = [begegnungen.mit_wert(b, alle, "Bandit", "anzahl", w) for w in werte]
    taktik = begegnungen.taktik_fuer(b)
    print(f"Reihe Bandit 2…12, je {je} Kämpfe ({len(werte) * je} Kämpfe), Kerne laut System: {simulation.arbeiter_zahl()}, "
          f"Last: {os.getloadavg()[0]:.1f}")
    grund = None
    ergebnis = None
    for n in arbeiter + [a for a in arbeiter if a > 1]:  # Pools ein zweites Mal: schon gestartet
        uhr, cpu = time.perf_counter(), time.process_time()
        r = simulation.reihe_varianten("savage_worlds", varianten, werte, "Bandit: anzahl", je, saat=1, arbeiter=n, taktik=taktik)
        s, cpu = time.perf_counter() - uhr, time.process_time() - cpu
        grund = grund or s
        gleich = "gleich" if ergebnis is None or r == ergebnis else "VERSCHIEDEN"
        ergebnis = ergebnis or r
        eigen = f"; Rechenzeit dieses Prozesses {cpu:.1f} s" if n == 1 else ""
        print(f"  {n} Prozess(e): {s:6.1f} s  (× {grund / s:.2f} gegenüber 1 Prozess; Ergebnis {gleich}{eigen})")
    print("  Heldensieg je Wert: " + ", ".join(f"{w}: {p * 100:.0f} %" for w, p, _, _ in ergebnis.siegchancen()))


if __name__ == "__main__":
    teile = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    teile.add_argument("--je", type=int, default=10_000)
    teile.add_argument("--arbeiter", type=int, nargs="+", default=[1, 2])
    a = teile.parse_args()
    messen(a.je, a.arbeiter)
