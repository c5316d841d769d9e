"""Jupyter (Issue 26, Punkt 5): „the fight object offers the same (``vorschlag(wer)``, and a call that
plays all NPCs due until a hero or a GM decision is up)“ – und die Taktik je Seite wie im Panel
(Punkt 4). Dünne Hüllen über die Zug-Schnittstelle der Systeme in
:class:`gm_helfer.zellenkampf.Zellenkampf`: :meth:`~gm_helfer.zellenkampf.Zellenkampf.nsc_handeln`,
:meth:`~gm_helfer.zellenkampf.Zellenkampf.taktik`, :meth:`~gm_helfer.zellenkampf.Zellenkampf.taktik_setzen`."""

from __future__ import annotations

import importlib
import random

import pytest

from gm_helfer import taktik_wahl
from gm_helfer.zellenkampf import KampfFehler

AUFSTELLUNG = {
    "aloran": ["brann", "ork_krieger"],
    "savage_worlds": ["brakka", "bandit"],
    "w100": ["john", "ork_krieger"],
    "zeitstrahl": ["herkulos", "soeldner"],
}
SYSTEME = sorted(AUFSTELLUNG)


def _kampf(system: str, saat: int = 4):
    return importlib.import_module(f"gm_helfer.{system}").kampf_starten(AUFSTELLUNG[system], rng=random.Random(saat))


@pytest.mark.parametrize("system", SYSTEME)
def test_jedes_kampfobjekt_bietet_vorschlag_nsc_handeln_und_taktik(system):
    kampf = _kampf(system)
    for name in ("vorschlag", "vorschlag_spielen", "gruppe_handelt", "nsc_handeln", "taktik", "taktik_setzen"):
        assert callable(getattr(kampf, name)), name
    assert kampf.ZUG is importlib.import_module(f"gm_helfer.{system}.tisch.zug")
    kampf.schliessen()


@pytest.mark.parametrize("system", SYSTEME)
def test_nsc_handeln_spielt_bis_ein_held_oder_der_spielleiter_entscheidet(system):
    """Ein Aufruf spielt alle Nichtspieler, die dran sind, samt ihrer Entscheidungen – ein Schritt,
    ein Rückgängig; danach ist für die Nichtspieler nichts mehr zu tun (ein zweiter Aufruf schreibt
    nichts), bis ein Held gehandelt oder der Spielleiter entschieden hat."""
    gespielt = 0
    for saat in range(3):
        kampf = _kampf(system, saat)
        for _ in range(20):
            n, vorher = len(kampf.ereignisse), kampf.zustand
            kampf.nsc_handeln()
            if len(kampf.ereignisse) > n:
                break
            try:
                kampf.vorschlag_spielen()  # ein Held ist dran (oder der Ablauf: Runde, Karten, Start)
            except KampfFehler:
                kampf.weiter()
        else:
            pytest.fail("die Nichtspieler kamen nie dran")
        gespielt += 1
        assert len(set(kampf.verlauf.schritte[n:])) == 1  # ein Schritt
        m = len(kampf.ereignisse)
        schritt = kampf.nsc_handeln()
        assert len(kampf.ereignisse) == m, schritt.text  # nichts mehr für die Nichtspieler zu tun
        kampf.rueckgaengig()  # nimmt den ganzen Aufruf zurück
        assert kampf.zustand == vorher and len(kampf.ereignisse) == n
        kampf.schliessen()
    assert gespielt == 3


SEITE = {  # die Seite eines Kämpfers im Zustand, wie das Panel sie der Taktik gibt
    "aloran": lambda z, n: z.kaempfer_namens(n).werte.seite,
    "savage_worlds": lambda z, n: z.kaempfer_namens(n).seite,
    "w100": lambda z, n: z[n].seite,
    "zeitstrahl": lambda z, n: z[n].partei,
}


@pytest.mark.parametrize("system", SYSTEME)
def test_taktik_je_seite_gespeichert_und_gespielt(system, monkeypatch):
    """Die Taktik einer Seite (dieselben Felder wie in ``begegnung.py``): geprüft, neben dem Protokoll
    gespeichert, beim Fortsetzen wieder da – und der Vorschlag für einen Gegner spielt sie."""
    kampf = _kampf(system)
    gegner = kampf.kaempfer_zeilen()[-1]["Name"]
    seite = SEITE[system](kampf.zustand, gegner)
    assert kampf.taktik() is None and kampf.taktik(seite) is None  # die Vorgabe
    with pytest.raises(KampfFehler, match=f"Taktik von {seite}"):
        kampf.taktik_setzen(seite, gibt_es_nicht=1)
    kampf.taktik_setzen(seite, ziel="staerkster")
    assert kampf.taktik(seite).ziel == "staerkster" and set(kampf.taktik()) == {seite}
    assert taktik_wahl.datei_zu(kampf.datei).exists()

    gesehen = []
    echt = kampf.ZUG.vorschlag

    def merken(*args, **kwargs):
        gesehen.append(kwargs.get("taktik"))
        return echt(*args, **kwargs)

    monkeypatch.setattr(kampf.ZUG, "vorschlag", merken)
    kampf.vorschlag(gegner)
    taktik = gesehen[-1]  # eine Taktik (Aloran, W100: die der Seite) oder Seite → Taktik
    assert (taktik.get(seite) if isinstance(taktik, dict) else taktik).ziel == "staerkster", taktik

    datei = kampf.datei
    kampf.schliessen()
    neu = importlib.import_module(f"gm_helfer.{system}").kampf_fortsetzen(datei)
    assert neu.taktik_werte == {seite: {"ziel": "staerkster"}} and neu.taktik(seite).ziel == "staerkster"
    neu.schliessen()
