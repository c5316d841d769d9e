"""Vergleicht gebündelte Maschine und Ereignispfad mit je 20 000 Kämpfen (Issue 10, Punkt 3).

Aufruf: ``python benchmarks/begegnung_vergleich.py [--anzahl N]``. Zu langsam für die
Testsuite (der Ereignispfad schafft einige hundert Kämpfe je Sekunde), daher hier: je
Begegnung Siegesanteil, Ausgeschaltet- und Todesrate je Kämpfer und mittlere Dauer beider
Treiber, die Differenzen und ob sie innerhalb der Schranken aus Issue 10 liegen (1 Prozentpunkt
Sieg, 2 Punkte je Kämpfer, 0,3 Runden). Die Schranken sind etwa 2,5 bis 3 Standardfehler der
Differenz bei 20 000 Kämpfen je Treiber – ein einzelner Ausreißer ist also möglich, ein
systematischer Unterschied nicht.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import replace

import numpy as np

from gm_helfer import boegen
from gm_helfer.savage_worlds.simulation import begegnung, ereignis_begegnung


def begegnungen() -> dict[str, list[boegen.Bogen]]:
    alle = {b.name: b for b in boegen.laden("savage_worlds").boegen}
    bandit = alle["Bandit"]
    return {
        "Zweikampf Brakka – Schwarzer Baron": [alle["Brakka"], alle["Schwarzer Baron"]],
        "Mira und Lena Falk gegen drei Banditen": [
            alle["Mira"], alle["Lena Falk"], replace(bandit, werte={**bandit.werte, "anzahl": 3}),
        ],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--anzahl", type=int, default=20_000)
    n = p.parse_args().anzahl
    for name, bs in begegnungen().items():
        e = ereignis_begegnung(bs, n, rng=random.Random(2026))
        b = begegnung(bs, n, rng=np.random.default_rng(2026))
        print(f"\n{name} – je {n} Kämpfe")
        zeilen = [("Sieg Helden", e.sieg.get("Helden", 0), b.sieg.get("Helden", 0), 0.01)]
        for art in ("ausgeschaltet", "tot"):
            for kaempfer in sorted(set(getattr(e, art)) | set(getattr(b, art))):
                zeilen.append((f"{art} {kaempfer}", getattr(e, art).get(kaempfer, 0), getattr(b, art).get(kaempfer, 0), 0.02))
        for was, pe, pb, grenze in zeilen:
            print(f"  {was:<32} Ereignispfad {pe * 100:6.2f} %  gebündelt {pb * 100:6.2f} %  "
                  f"Differenz {abs(pe - pb) * 100:5.2f}  {'ok' if abs(pe - pb) <= grenze else 'ÜBER DER SCHRANKE'}")
        d = abs(e.mittlere_runden - b.mittlere_runden)
        print(f"  {'mittlere Dauer (Runden)':<32} Ereignispfad {e.mittlere_runden:6.3f}    gebündelt {b.mittlere_runden:6.3f}    "
              f"Differenz {d:5.3f}  {'ok' if d <= 0.3 else 'ÜBER DER SCHRANKE'}")


if __name__ == "__main__":
    main()
