"""Eigenschaftstest des Ablaufs (Issue „The flow of a session“, Punkt 9): zufällige Sitzungen durch
die Zug-Schnittstelle, Invarianten nach jedem Schritt (siehe ``fluss_sitzungen``). In CI
``SW_FLUSS_SITZUNGEN`` Sitzungen (Standard 200, mit fester Saat); mehr mit
``benchmarks/sw_fluss.py``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from fluss_sitzungen import sitzung  # noqa: E402

SITZUNGEN = int(os.environ.get("SW_FLUSS_SITZUNGEN", "200"))


@pytest.mark.slow  # 200 zufällige Sitzungen: in CI (``pytest``), nicht im schnellen Lauf
def test_zufaellige_sitzungen_halten_die_invarianten():
    funde = {saat: f for saat in range(SITZUNGEN) if (f := sitzung(saat))}
    assert not funde, "\n".join(f"Saat {s}: {'; '.join(f)}" for s, f in list(funde.items())[:10])


@pytest.mark.slow  # Sitzungen mit Datei und Fortsetzen: in CI (``pytest``), nicht im schnellen Lauf
def test_sitzungen_mit_datei_fortsetzen_und_bericht(tmp_path):
    funde = {}
    for saat in range(max(10, SITZUNGEN // 20)):
        if f := sitzung(10_000 + saat, datei=tmp_path / f"k{saat}.jsonl", schritte=40):
            funde[saat] = f
    assert not funde, "\n".join(f"Saat {s}: {'; '.join(f)}" for s, f in list(funde.items())[:10])
