"""Die Schalter „Gegner entscheiden ohne Rückfrage“ im Panel (:meth:`gm_helfer.tisch.Tisch.nsc_schalter`):
je Art einer, zu Beginn alle an – auch ``gruppe`` in Aloran, Zeitstrahl und W100: sie setzt nur eine
Gruppe fort, deren Halt im Protokoll steht, nie einen von Hand gespielten Angriff (Issue 26, Punkt 3:
„per decision kind, a switch in the panel“)."""

from __future__ import annotations

import pytest

from gm_helfer.tisch import Tisch


@pytest.mark.parametrize("system", ["savage_worlds", "aloran", "zeitstrahl", "w100"])
def test_schalter_je_art_alle_zu_beginn_an(system):
    import importlib

    zug = importlib.import_module(f"gm_helfer.{system}.tisch.zug")
    tisch = Tisch(lambda f: None, lambda m: None)
    schalter = tisch.nsc_schalter(zug)
    werte = schalter.value
    assert set(werte) == set(zug.NSC_AUTOMATIK)
    assert "gruppe" in werte and all(werte.values()), werte
    assert tisch.automatik is not None  # die übrigen Arten entscheiden nach jedem Klick


@pytest.mark.parametrize("system", ["savage_worlds", "aloran", "zeitstrahl", "w100"])
def test_schalter_ansicht_ohne_rohes_woerterbuch(system):
    """Im Spielabend bei 1280 und 820 px gesehen: das ``mo.ui.dictionary`` der Schalter stand als
    Baum im Panel – Schlüssel in Anführungszeichen („"wegstecken":“), geschweifte Klammern, „3 Items“
    (englisch). Die Ansicht zeigt den Titel und die Schalter mit ihren deutschen Beschriftungen."""
    import importlib
    import re

    zug = importlib.import_module(f"gm_helfer.{system}.tisch.zug")
    tisch = Tisch(lambda f: None, lambda m: None)
    html = tisch.schalter_ansicht(tisch.nsc_schalter(zug)).text
    assert "marimo-dict" not in html
    assert "Gegner entscheiden ohne Rückfrage" in html
    assert html.count("<marimo-switch") == len(zug.NSC_AUTOMATIK)
    schluessel = "|".join(zug.NSC_AUTOMATIK)
    assert not re.search(rf"&quot;({schluessel})&quot;:", html)
