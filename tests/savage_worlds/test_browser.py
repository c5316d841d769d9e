"""Eine ganze Runde Savage Worlds im Live-Notebook, gespielt in headless Chromium."""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "savage_worlds_kampf.py"


def _klicken(seite, name, warte_fertig):
    seite.get_by_role("button", name=name).first.click()
    warte_fertig(seite)


def _text(seite, hook):
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _schritte(seite) -> int:
    return int(re.search(r"\d+", _text(seite, "sw-schritte")).group())


def _warte_auf_schritte(seite, mindestens: int) -> int:
    expect(seite.locator("#sw-schritte").first).to_have_text(re.compile(r"\d+ Schritte"), timeout=30_000)
    for _ in range(120):
        n = _schritte(seite)
        if n >= mindestens:
            return n
        seite.wait_for_timeout(250)
    raise AssertionError(f"Nach dem Klick stehen nur {_schritte(seite)} Schritte im Protokoll, erwartet {mindestens}.")


def _gewaehlt(seite, name) -> str:
    """Text der gewählten Option einer Auswahlliste."""
    return seite.get_by_role("combobox", name=name, exact=True).first.evaluate("s => s.options[s.selectedIndex].text")


def _falls_da_klicken(seite, name, warte_fertig) -> bool:
    knopf = seite.get_by_role("button", name=name)
    if knopf.count() and knopf.first.is_visible():
        knopf.first.click()
        warte_fertig(seite)
        return True
    return False


@pytest.mark.browser
def test_eine_ganze_runde_live(browser_seite, warte_fertig, keine_zellfehler, tmp_path):
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _klicken(seite, "Neuen Kampf beginnen", warte_fertig)
    expect(seite.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
    _klicken(seite, "Neue Runde", warte_fertig)
    _warte_auf_schritte(seite, 1)
    _klicken(seite, "Karten austeilen", warte_fertig)
    _warte_auf_schritte(seite, 2)
    # eine Karte je Wildcard und je Statistengruppe (Söldner handeln auf Brakkas Karte)
    expect(seite.locator("#sw-karten svg.karte")).to_have_count(7, timeout=30_000)
    assert "Runde 1" in _text(seite, "sw-lage")
    geprueft = False
    for _ in range(10):
        if "alle haben gehandelt" in _text(seite, "sw-lage"):
            break
        vorher = _schritte(seite)
        _klicken(seite, "Nächster ist dran", warte_fertig)
        _warte_auf_schritte(seite, vorher + 1)
        # Chancen stehen vor dem Wurf da
        if seite.locator("#sw-treffer").count():
            assert "%" in _text(seite, "sw-treffer")
        # Angeschlagen zu Beginn des Zugs: erst die Erholungsprobe (Pflicht)
        if "erst Erholungsprobe oder Benny" in seite.content():
            _falls_da_klicken(seite, "Erholungsprobe", warte_fertig)
        vorher = _schritte(seite)
        ziel = seite.get_by_role("combobox", name="Ziel", exact=True)
        gewaehlt = None
        if not geprueft and ziel.count() and ziel.first.locator("option").count() >= 2:
            # Auswahl wechseln (nicht der Standard), dann würfeln: die Wahl muss den Schritt überleben
            jetzt = _gewaehlt(seite, "Ziel")
            gewaehlt = [t for t in ziel.first.locator("option").all_inner_texts() if t not in (jetzt, "--")][-1]
            ziel.first.select_option(label=gewaehlt)
            warte_fertig(seite)
            deckung = seite.get_by_role("combobox", name="Deckung", exact=True).first
            deckung.select_option(label="leicht")
            warte_fertig(seite)
        if _falls_da_klicken(seite, "Angriff würfeln", warte_fertig) and "⚠" not in _text(seite, "sw-meldung"):
            _warte_auf_schritte(seite, vorher + 1)
            if gewaehlt is not None:
                geprueft = True
                seite.wait_for_timeout(1500)
                assert _schritte(seite) == vorher + 1, "Ein Klick darf genau einen Schritt auslösen."
                expect(seite.get_by_role("combobox", name="Ziel", exact=True).first).to_have_value(
                    re.compile(".+"), timeout=10_000)
                assert _gewaehlt(seite, "Ziel") == gewaehlt, (
                    "Das Ziel ist nach dem Schritt zurückgesprungen: "
                    + str(seite.get_by_role("combobox", name="Ziel", exact=True).first.evaluate("s => [...s.options].map(o => o.text + '=' + o.value + (o.selected ? '*' : ''))"))
                    + _text(seite, "sw-meldung"))
                assert _gewaehlt(seite, "Deckung") == "leicht", "Die Lage ist nach dem Schritt zurückgesprungen."
                # eine andere Wahl nach dem Klick löst den alten Klick nicht noch einmal aus
                seite.get_by_role("combobox", name="Deckung", exact=True).first.select_option(label="keine")
                warte_fertig(seite)
                seite.wait_for_timeout(1500)
                assert _schritte(seite) == vorher + 1, "Eine neue Wahl hat den letzten Angriff erneut ausgelöst."
                # Bewegung: 1 Zoll gehen, die Reststrecke sinkt (ein Schritt im Protokoll)
                rest = _text(seite, "sw-bewegung")
                seite.get_by_text("Bewegung, Springen, Waffe ziehen").first.click()
                warte_fertig(seite)
                _klicken(seite, "Bewegen", warte_fertig)
                _warte_auf_schritte(seite, vorher + 2)
                expect(seite.locator("#sw-bewegung").first).not_to_have_text(rest, timeout=20_000)
                assert "bewegt sich" in _text(seite, "sw-meldung")
        for _ in range(4):  # Feuerrate: mehrere Treffer
            if not _falls_da_klicken(seite, "Schaden würfeln", warte_fertig):
                break
        _falls_da_klicken(seite, "Außer-Gefecht-Probe", warte_fertig)
        _klicken(seite, "Zug beenden", warte_fertig)
    expect(seite.locator("#sw-lage").first).to_contain_text("alle haben gehandelt", timeout=30_000)
    assert geprueft, "Kein Angriff mit geänderter Auswahl gespielt – die Auswahl-Prüfung lief nicht."
    protokoll = seite.get_by_role("table").last.inner_text()
    assert "Savage Worlds ›" in protokoll
    assert "greift" in seite.content()
    n = _schritte(seite)
    _klicken(seite, "Rückgängig", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{n - 1} Schritte", timeout=30_000)
    assert "Zurückgenommen" in _text(seite, "sw-meldung")
    # Fortsetzen aus der Protokolldatei (wie nach einem Absturz): derselbe Stand
    seite.get_by_role("combobox", name="Gespeicherter Kampf").select_option(index=1)
    warte_fertig(seite)
    _klicken(seite, "Kampf fortsetzen", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("Fortgesetzt", timeout=30_000)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{n - 1} Schritte", timeout=30_000)
    keine_zellfehler(seite)
    seite.screenshot(path=str(tmp_path / "savage_worlds_kampf.png"), full_page=True)
    seite.screenshot(path="/tmp/savage_worlds_kampf.png", full_page=True)
