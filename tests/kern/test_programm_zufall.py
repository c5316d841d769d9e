"""GM_HELFER_SAAT: die Würfel des Programms wiederholbar (gm_helfer.wuerfel.programm_zufall)."""

from __future__ import annotations

import pytest

from gm_helfer.tisch import Tisch
from gm_helfer.wuerfel import UMGEBUNG_SAAT, WuerfelFehler, programm_zufall


def test_mit_saat_wuerfelt_jede_sitzung_dieselbe_folge(monkeypatch):
    monkeypatch.setenv(UMGEBUNG_SAAT, "42")
    erste = [Tisch(lambda v: None, lambda m: None).rng.randint(1, 10**6) for _ in range(3)]
    assert len(set(erste)) == 1  # drei Sitzungen am Tisch, dieselbe erste Zahl
    assert erste[0] == programm_zufall().randint(1, 10**6)


def test_ohne_saat_zufaellig(monkeypatch):
    monkeypatch.delenv(UMGEBUNG_SAAT, raising=False)
    assert len({programm_zufall().getrandbits(64) for _ in range(5)}) == 5


def test_keine_ganze_zahl_gibt_deutsche_meldung(monkeypatch):
    monkeypatch.setenv(UMGEBUNG_SAAT, "drei")
    with pytest.raises(WuerfelFehler, match="GM_HELFER_SAAT muss eine ganze Zahl sein"):
        programm_zufall()
