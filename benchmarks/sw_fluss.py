"""Mehr zufällige Savage-Worlds-Sitzungen durch die Zug-Schnittstelle als in CI (Issue „The flow of a
session“, Punkt 9): ``python benchmarks/sw_fluss.py [ANZAHL] [ERSTE_SAAT]`` (Standard 2000 ab 0).

Dieselben Sitzungen und Invarianten wie ``tests/savage_worlds/test_fluss_eigenschaft.py``
(``tests/savage_worlds/fluss_sitzungen.py``); jede zehnte Sitzung schreibt eine Protokolldatei,
wird zwischendurch daraus fortgesetzt und am Ende als Bericht gelesen. Gedruckt werden die
Funde je Saat; Rückgabewert 1, wenn es welche gibt.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "savage_worlds"))
from fluss_sitzungen import sitzung  # noqa: E402


def main(argv: list[str]) -> int:
    anzahl = int(argv[0]) if argv else 2000
    erste = int(argv[1]) if len(argv) > 1 else 0
    beginn, funde = time.perf_counter(), 0
    with tempfile.TemporaryDirectory() as ordner:
        for saat in range(erste, erste + anzahl):
            datei = Path(ordner) / f"k{saat}.jsonl" if saat % 10 == 0 else None
            f = sitzung(saat, datei=datei)
            if f:
                funde += 1
                print(f"Saat {saat}: " + "; ".join(f))
    print(f"{anzahl} Sitzungen, {funde} mit Funden, {time.perf_counter() - beginn:.1f} s")
    return 1 if funde else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
