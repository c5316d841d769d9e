"""Begegnung vorbereiten (notebooks/begegnung.py) in headless Chromium: je System einmal
durchspielen lassen und das Ergebnis sehen."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser

NOTEBOOK = "begegnung.py"


@pytest.fixture(scope="module")
def seite(browser_seite_modul):
    return browser_seite_modul(NOTEBOOK)


def test_vor_dem_klick_wird_nichts_gerechnet(seite, keine_zellfehler):
    keine_zellfehler(seite)
    assert "Noch nicht durchgespielt" in seite.locator("#begegnung-ergebnis").inner_text()


@pytest.mark.parametrize("system", ["Savage Worlds", "Aloran", "Zeitstrahl", "W100"])
def test_system_durchspielen(seite, keine_zellfehler, warte_fertig, system):
    seite.get_by_role("combobox").first.select_option(label=system)
    warte_fertig(seite)
    seite.get_by_role("button", name="Durchspielen").click()
    ergebnis = seite.locator("#begegnung-ergebnis", has_text="Kämpfe:")
    ergebnis.wait_for(timeout=90_000)
    warte_fertig(seite)
    text = ergebnis.inner_text()
    einheit = "Ticks" if system == "Zeitstrahl" else "Runden"
    assert re.match(rf"200 Kämpfe: .+ \d+,\d % \(± \d+,\d %\).*; im Schnitt \d+,\d {einheit}\.", text), text
    anteile = [float(p.replace(",", ".")) for p in re.findall(r"(\d+,\d) % \(±", text)]
    assert sum(anteile) == pytest.approx(100, abs=0.3)
    assert seite.locator(".vega-embed").count() >= 3  # wer gewinnt, wie lange, wer fällt aus
    keine_zellfehler(seite)
