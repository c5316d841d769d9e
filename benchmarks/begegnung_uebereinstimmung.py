"""Gebündelte Maschine gegen Ereignispfad, je 20 000 Kämpfe: das Kriterium aus Issue 10, Punkt 3.

Aufruf: ``python benchmarks/begegnung_uebereinstimmung.py [--system NAME …] [--anzahl N]``.
Zu langsam für die Testsuite (der Ereignispfad schafft je nach Begegnung einige dutzend bis
einige hundert Kämpfe je Sekunde), daher hier. Je Begegnung: Siegesanteil, Ausgeschaltet- und
Todesrate je Kämpfer und mittlere Dauer beider Treiber, die Differenzen und ob sie innerhalb
der Schranken aus Issue 10 liegen (1 Prozentpunkt Sieg, 2 Punkte je Kämpfer, 0,3 Runden); am
Ende ``PASS`` oder ``FAIL``. Die Schranken sind etwa 2,5 bis 3 Standardfehler der Differenz bei
20 000 Kämpfen je Treiber – ein einzelner Ausreißer ist also möglich, ein systematischer
Unterschied nicht.

Jedes System liefert seine Begegnungen in **einer eigenen Funktion** (Abschnitte unten, in
:data:`SYSTEME` eingetragen): Name → (Ereignispfad, gebündelt), je eine Funktion
``(anzahl) -> Auswertung``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from gm_helfer import boegen, simulation

SCHRANKE_SIEG = 0.01
SCHRANKE_KAEMPFER = 0.02
SCHRANKE_RUNDEN = 0.3

Treiber = Callable[[int], simulation.Auswertung]


def vergleichen(name: str, e: simulation.Auswertung, b: simulation.Auswertung) -> bool:
    """Druckt die Gegenüberstellung einer Begegnung; ``True``, wenn alles in den Schranken liegt."""
    print(f"\n{name} – Ereignispfad {e.anzahl}, gebündelt {b.anzahl} Kämpfe")
    zeilen = [(f"Sieg {s}", e.sieg.get(s, 0.0), b.sieg.get(s, 0.0), SCHRANKE_SIEG)
              for s in sorted(set(e.sieg) | set(b.sieg))]
    for art in ("ausgeschaltet", "tot"):
        for kaempfer in sorted(set(getattr(e, art)) | set(getattr(b, art))):
            zeilen.append((f"{art} {kaempfer}", getattr(e, art).get(kaempfer, 0.0), getattr(b, art).get(kaempfer, 0.0),
                           SCHRANKE_KAEMPFER))
    ok = True
    for was, pe, pb, grenze in zeilen:
        gut = abs(pe - pb) <= grenze
        ok &= gut
        print(f"  {was:<34} Ereignispfad {pe * 100:6.2f} %  gebündelt {pb * 100:6.2f} %  "
              f"Differenz {abs(pe - pb) * 100:5.2f}  {'ok' if gut else 'ÜBER DER SCHRANKE'}")
    d = abs(e.mittlere_runden - b.mittlere_runden)
    gut = d <= SCHRANKE_RUNDEN
    ok &= gut
    print(f"  {'mittlere Dauer':<34} Ereignispfad {e.mittlere_runden:6.3f}    gebündelt {b.mittlere_runden:6.3f}    "
          f"Differenz {d:5.3f}  {'ok' if gut else 'ÜBER DER SCHRANKE'}")
    return ok


# ---------------------------------------------------------------------------------------
# Aloran
# ---------------------------------------------------------------------------------------


def aloran() -> dict[str, tuple[Treiber, Treiber]]:
    """Zweikampf mit Schild und Meisterschaft, Zauber gegen großen Schild und Ausweichen, zwei gegen
    einen (Zauber, Zweitwaffe, Biss) – mit der Standardtaktik. (Größere Begegnungen spielt der
    Ereignispfad zu langsam für je 20 000 Kämpfe.)"""
    from gm_helfer.aloran.simulation import begegnung, ereignis_begegnung

    alle = {b.name: b for b in boegen.laden("aloran").boegen}
    faelle = {
        "Aloran: Brann gegen Ork-Krieger": ["Brann", "Ork-Krieger"],
        "Aloran: Meridan gegen Echsenkrieger": ["Meridan", "Echsenkrieger"],
        "Aloran: Meridan und Ysra gegen Wolf": ["Meridan", "Ysra", "Wolf"],
    }
    aus: dict[str, tuple[Treiber, Treiber]] = {}
    for name, namen in faelle.items():
        bs = [alle[n] for n in namen]
        aus[name] = (lambda n, bs=bs: ereignis_begegnung(bs, n, rng=random.Random(2026)),
                     lambda n, bs=bs: begegnung(bs, n, rng=np.random.default_rng(2026)))
    return aus


# ---------------------------------------------------------------------------------------

SYSTEME: dict[str, Callable[[], dict[str, tuple[Treiber, Treiber]]]] = {
    "aloran": aloran,
}
"""System → Funktion, die seine Begegnungen liefert."""


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    p.add_argument("--system", action="append", choices=sorted(SYSTEME), help="nur dieses System (mehrfach möglich)")
    p.add_argument("--anzahl", type=int, default=20_000)
    p.add_argument("--nur", metavar="TEXT", help="nur Begegnungen, deren Name TEXT enthält (für parallele Läufe)")
    args = p.parse_args(argv)
    ok = True
    for system in args.system or list(SYSTEME):
        for name, (ereignis, gebuendelt) in SYSTEME[system]().items():
            if args.nur and args.nur not in name:
                continue
            uhr = time.perf_counter()
            e = ereignis(args.anzahl)
            b = gebuendelt(args.anzahl)
            ok &= vergleichen(name, e, b)
            print(f"  ({time.perf_counter() - uhr:.0f} s)")
    print("\nPASS" if ok else "\nFAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
