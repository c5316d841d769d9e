"""Vorschlag spielen und Lagebild in den Zellen-Objekten: der gemeinsame Teil in
:class:`gm_helfer.zellenkampf.Zellenkampf`, je System nur die Haken (issue 20)."""

from __future__ import annotations

import importlib
import random

import pytest

from gm_helfer.zellenkampf import KampfFehler

AUFSTELLUNG = {
    "aloran": ["brann", "ork_krieger"],
    "savage_worlds": ["brakka", "bandit"],
    "w100": ["john", "ork_krieger"],
    "zeitstrahl": ["herkulos", "soeldner"],
}


@pytest.mark.parametrize("system", sorted(AUFSTELLUNG))
def test_vorschlag_spielen_ist_ein_schritt_und_lagebild_rechnet(system, tmp_path, monkeypatch):
    monkeypatch.setenv("GM_HELFER_KAEMPFE", str(tmp_path))
    paket = importlib.import_module(f"gm_helfer.{system}")
    kampf = paket.kampf_starten(AUFSTELLUNG[system], rng=random.Random(4))
    for _ in range(6):  # bis jemand einen Vorschlag hat (Initiative, Runde, Karten …)
        n, vorher = len(kampf.ereignisse), kampf.zustand
        try:
            schritt = kampf.vorschlag_spielen()
            break
        except KampfFehler:
            kampf.weiter()
    else:
        pytest.fail("kein Vorschlag nach sechs Schritten des Ablaufs")
    assert len(kampf.ereignisse) > n and schritt.text and " ·  · " not in schritt.text
    assert not schritt.eingetippt and schritt.lage_html
    kampf.rueckgaengig()  # ein Schritt, ein Rückgängig
    assert kampf.zustand == vorher and len(kampf.ereignisse) == n
    bild = kampf.lagebild(50, mit_optionen=False)
    assert "Helden gewinnen" in bild.text()
    with pytest.raises(KampfFehler, match="mindestens einen Kampf"):
        kampf.lagebild(0)
