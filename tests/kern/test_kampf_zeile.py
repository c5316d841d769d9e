"""Issue 23, Punkt 1: läuft ein Kampf, ist die Anlage eine Zeile – Kämpfer (Helden zuerst, Kopien
zusammengefasst), Runde (Zeitstrahl: Tick), Datei."""

from pathlib import Path
from types import SimpleNamespace as NS

from gm_helfer.tisch import kampf_zeile


def _verlauf(zustand, datei="savage_worlds_2026-12-02_20-00-00.jsonl"):
    return NS(zustand=zustand, datei=Path("/tmp") / datei if datei else None, nur_lesen=False)


def test_helden_zuerst_gegner_gruppiert_mit_runde_und_datei():
    kaempfer = [NS(name=n, seite=s) for n, s in (("Bandit 1", "Gegner"), ("Mira", "Helden"), ("Bandit 2", "Gegner"),
                                                  ("Schwarzer Baron", "Gegner"), ("Brakka", "helden"))]
    zeile = kampf_zeile(_verlauf(NS(kaempfer=kaempfer, runde=3)))
    assert zeile == "Mira, Brakka gegen Bandit ×2, Schwarzer Baron · Runde 3 · savage_worlds_2026-12-02_20-00-00.jsonl"


def test_seite_an_den_werten_und_tick_ohne_runde():
    # Aloran: die Seite steht an den Werten; Zeitstrahl: Ticks statt Runden (vor dem Start „–“)
    kaempfer = [NS(name="Brann", werte=NS(seite="Helden")), NS(name="Wolf", werte=NS(seite="Gegner"))]
    assert kampf_zeile(_verlauf(NS(kaempfer=kaempfer, jetzt=7, gestartet=True), None)) == \
        "Brann gegen Wolf · Tick 7 · nicht gespeichert"
    assert "Tick –" in kampf_zeile(_verlauf(NS(kaempfer=kaempfer, jetzt=0, gestartet=False)))
