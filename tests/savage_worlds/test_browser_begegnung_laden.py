"""Live-Notebook Savage Worlds in headless Chromium: eine gespeicherte Begegnung laden und den
Kampf anlegen, den sie beschreibt (Seiten, sechs Banditen als Gruppe)."""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None


@pytest.mark.browser
def test_begegnung_laden_startet_ihren_kampf(browser_seite, warte_fertig, keine_zellfehler):
    seite = browser_seite("savage_worlds_kampf.py")
    keine_zellfehler(seite)
    seite.get_by_role("combobox", name="Begegnung laden").first.select_option(
        label="Überfall an der Furt (ueberfall_an_der_furt.toml)")
    warte_fertig(seite)
    seite.get_by_role("button", name="Neuer Kampf", exact=True).first.click()
    warte_fertig(seite)
    expect(seite.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
    # der neue Kampf steht oben in „Gespeicherter Kampf“: die Helden zuerst, dann der Baron und sechs Banditen
    # läuft der Kampf, ist die Anlage eine Zeile (Kämpfer, Runde, Datei – ändern): aufklappen
    expect(seite.locator("#tisch-kampfzeile").first).to_contain_text("Mira, Lena Falk, Brakka gegen", timeout=30_000)
    seite.locator("#tisch-kampfzeile").first.click()
    gespeichert = seite.get_by_role("combobox", name="Gespeicherter Kampf").first
    expect(gespeichert).to_contain_text("Mira, Lena Falk, Brakka gegen Schwarzer Baron, Bandit ×6 · Runde 0", timeout=30_000)
    keine_zellfehler(seite)
