"""Begegnung vorbereiten (notebooks/begegnung.py) in headless Chromium: je System einmal
durchspielen lassen und das Ergebnis sehen; für Savage Worlds auch Urteil, Reihe, eine geladene
Begegnung mit Taktikreglern und zwei Varianten nebeneinander."""

from __future__ import annotations

import re

import pytest

from gm_helfer import begegnungen, simulation

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

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
    seite.get_by_role("button", name="Durchspielen", exact=True).click()
    ergebnis = seite.locator("#begegnung-ergebnis", has_text="Kämpfe:")
    ergebnis.wait_for(timeout=90_000)
    warte_fertig(seite)
    text = ergebnis.inner_text()
    einheit = "Ticks" if system == "Zeitstrahl" else "Runden"
    n = simulation.standard_anzahl({v: k for k, v in simulation.SYSTEME.items()}[system])
    assert re.match(rf"{n} Kämpfe: .+ \d+,\d % \(± \d+,\d %\).*; im Schnitt \d+,\d {einheit}\.", text), text
    anteile = [float(p.replace(",", ".")) for p in re.findall(r"(\d+,\d) % \(±", text)]
    assert sum(anteile) == pytest.approx(100, abs=0.3)
    # wer gewinnt, wie lange: marimo lädt den Code der Diagramme nach, unter Last auch nach dem Zelllauf
    expect(seite.locator(".vega-embed").nth(1)).to_be_attached(timeout=20_000)
    urteil = seite.locator("#begegnung-urteil").inner_text()
    assert re.match(r"(Leicht|Fordernd|Gefährlich|Tödlich): die Helden gewinnen \d+,\d %", urteil), urteil
    schluessel = {v: k for k, v in simulation.SYSTEME.items()}[system]
    if begegnungen.taktik_klasse(schluessel) is None:
        assert seite.get_by_text("keine wählbare Taktik").count() == 2  # Variante A und B
    else:
        ueberschrift = "Taktik je Seite" if begegnungen.je_seite(schluessel) else "Taktik (für alle Seiten"
        assert seite.get_by_text(ueberschrift).count() == 2  # Variante A und B
    keine_zellfehler(seite)


def test_reihe_zeigt_kurve_und_urteil(seite, keine_zellfehler, warte_fertig):
    """Savage Worlds: durchspielen, dann die voreingestellte Reihe (2 bis 12 Banditen) – die Kurve
    mit ihrem Band erscheint, dazu die Antwort „Höchstens … für 75 % Heldensieg“ und das Urteil
    je Wert."""
    seite.get_by_role("combobox").first.select_option(label="Savage Worlds")
    warte_fertig(seite)
    seite.get_by_role("button", name="Durchspielen", exact=True).click()
    seite.locator("#begegnung-urteil").wait_for(timeout=90_000)
    warte_fertig(seite)
    vorher = seite.locator(".vega-embed").count()
    seite.get_by_role("button", name="Reihe durchspielen", exact=True).click()
    antwort = seite.locator("#reihe-ergebnis", has_text="Urteil je Wert")
    try:
        antwort.wait_for(timeout=120_000)
    except Exception:
        seite.screenshot(path="/tmp/begegnung_reihe.png", full_page=True)
        raise
    warte_fertig(seite)
    text = antwort.inner_text()
    assert re.search(r"(Höchstens \d+ \(Bandit: Anzahl\)|Bei keinem Wert)", text), text
    assert re.search(r"2: (leicht|fordernd|gefährlich|tödlich), 3: ", text), text
    assert seite.locator(".vega-embed").count() == vorher + 1  # die Kurve
    keine_zellfehler(seite)


def test_begegnung_laden_und_zwei_varianten(seite, keine_zellfehler, warte_fertig):
    """Savage Worlds: die Beispiel-Begegnung laden (Taktikregler je Seite erscheinen, die
    Schurken stecken nur gegen Außer Gefecht weg), Variante B daneben durchspielen – beide
    Urteile, Ergebnisse und die verbrauchten Bennies stehen nebeneinander."""
    seite.get_by_role("combobox").first.select_option(label="Savage Worlds")
    warte_fertig(seite)
    seite.get_by_role("combobox").nth(1).select_option(label="Überfall an der Furt (ueberfall_an_der_furt.toml)")
    warte_fertig(seite)
    assert "Hinterhalt des Schwarzen Barons" in seite.locator("#begegnung-grund").inner_text()
    gewaehlt = seite.locator("select").evaluate_all("els => els.map(e => e.options[e.selectedIndex]?.text)")
    assert gewaehlt.count("nur, wenn die Wunden ihn Außer Gefecht setzen würden") == 2  # Schurken in A und B
    assert gewaehlt.count("immer, solange Bennies und Wunden übrig sind") == 2  # Helden in A und B
    assert seite.get_by_text("Wen angreifen?").count() == 4  # je Seite und Variante
    seite.get_by_text("Variante B daneben durchspielen").click()
    warte_fertig(seite)
    seite.get_by_role("button", name="Durchspielen", exact=True).click()
    seite.locator("#begegnung-urteil-b").wait_for(timeout=120_000)
    warte_fertig(seite)
    for kennung in ("", "-b"):
        text = seite.locator(f"#begegnung-ergebnis{kennung}").inner_text()
        assert re.match(r"10000 Kämpfe: .+; im Schnitt \d+,\d Runden\.", text), text
        urteil = seite.locator(f"#begegnung-urteil{kennung}").inner_text()
        assert re.match(r"(Leicht|Fordernd|Gefährlich|Tödlich): die Helden gewinnen", urteil)
        assert "Bennies (Mira)" in seite.locator(f"#begegnung-verbrauch{kennung}").inner_text()
    assert seite.get_by_text("Variante B", exact=True).count() >= 1
    keine_zellfehler(seite)
