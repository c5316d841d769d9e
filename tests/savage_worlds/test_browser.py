"""Eine ganze Runde Savage Worlds durch das Zug-Panel, in headless Chromium – mit Klickzählung."""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "savage_worlds_kampf.py"
HELDEN = {"Brakka", "Lena Falk", "Mira", "Theo vom Stein", "Söldner 1", "Söldner 2"}


def _text(seite, hook) -> str:
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _schritte(seite) -> int:
    return int(re.search(r"\d+", _text(seite, "sw-schritte")).group())


def _knopf(seite, name):
    return seite.get_by_role("button", name=name, exact=True)


def _da(seite, name) -> bool:
    k = _knopf(seite, name)
    return bool(k.count()) and k.first.is_visible() and k.first.is_enabled()


def _gewaehlt(seite, name) -> str:
    return seite.get_by_role("combobox", name=name, exact=True).first.evaluate("s => s.options[s.selectedIndex].text")


def _zahlenfeld(seite, name):
    # der Name steht im aria-label (tisch.kopf: Beschrifter); solange der es noch nicht ersetzt hat, als HTML
    feld = seite.locator(f'input[inputmode=numeric][aria-label="{name}"], '
                         f'input[inputmode=numeric][aria-label*=">{name}<"]').first
    if not feld.count():
        raise AssertionError(f"kein Zahlenfeld {name}")
    return feld


class Klicks:
    def __init__(self, seite, warte_fertig):
        self.seite, self.warte, self.anzahl = seite, warte_fertig, 0

    def __call__(self, name):
        try:
            _knopf(self.seite, name).first.click(timeout=60_000)
        except Exception:
            self.seite.screenshot(path="/tmp/sw_fehler.png", full_page=True)
            raise
        self.anzahl += 1
        self.warte(self.seite)


@pytest.mark.browser
def test_eine_runde_durch_das_zug_panel(browser_seite, warte_fertig, keine_zellfehler, tmp_path):
    seite = browser_seite(NOTEBOOK, kaempfe=tmp_path / "kaempfe")  # eigener Server: erbt keinen Kampf
    keine_zellfehler(seite)
    klick = Klicks(seite, warte_fertig)
    klick("Neuer Kampf")
    expect(seite.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
    # neue Runde mit Karten: ein Klick, und der Erste ist schon dran
    klick.anzahl = 0
    klick("Neue Runde: Karten austeilen")
    assert klick.anzahl == 1
    # sechs Empfänger: der erste Kampf überhaupt wählt alle Bögen außer dem Wolf vor (tisch.erster_vorschlag)
    expect(seite.locator("#sw-karten svg.karte")).to_have_count(6, timeout=30_000)
    expect(seite.locator("#sw-am-zug").first).to_be_visible(timeout=30_000)
    assert _schritte(seite) == 3  # Runde, Karten, erste Karte aufgerufen
    # Bildschirmfotos des Zug-Panels am Desktop und am Tablet (820 px) zum Ansehen
    for breite, hoehe in ((1280, 1000), (820, 1180)):
        seite.set_viewport_size({"width": breite, "height": hoehe})
        seite.wait_for_timeout(600)
        seite.locator("#sw-am-zug").first.scroll_into_view_if_needed()
        seite.screenshot(path=str(tmp_path / f"sw_panel_{breite}.png"))
        seite.screenshot(path=f"/tmp/sw_panel_{breite}.png")
    seite.set_viewport_size({"width": 1280, "height": 900})

    # eingetippte Würfel bleiben stehen, wenn der Schritt abgelehnt wird
    feld = seite.get_by_role("textbox", name="Angriff: echte Würfel").first
    if _da(seite, "Angreifen"):
        feld.fill("99")
        warte_fertig(seite)
        klick("Angreifen")
        expect(seite.locator("#sw-meldung").first).to_contain_text("⚠", timeout=20_000)
        assert seite.get_by_role("textbox", name="Angriff: echte Würfel").first.input_value() == "99"
        assert _schritte(seite) == 3
        seite.get_by_role("textbox", name="Angriff: echte Würfel").first.fill("")
        warte_fertig(seite)

    angriffe = []  # Klicks je Standardangriff (Angriff + Zug beenden, ohne Entscheidungen)
    entscheidungen = 0
    modifikator_geprueft = False
    for _ in range(20):
        if "alle haben gehandelt" in _text(seite, "sw-lage"):
            break
        wer = _text(seite, "sw-am-zug")
        # Standardziel: ein Gegner, nie ein Verbündeter
        ziel_text = _gewaehlt(seite, "Ziel")
        ziel = ziel_text.split(" – ")[0]  # „Bandit 2 – 31,4 % außer Gefecht“: die Chance steht beim Namen
        assert (wer in HELDEN) != (ziel in HELDEN), f"{wer} zielt auf {ziel}"
        assert "außer Gefecht" in ziel_text, ziel_text
        if not modifikator_geprueft:
            f = _zahlenfeld(seite, "Sonstiger Modifikator")
            f.fill("2")
            f.press("Enter")
            warte_fertig(seite)
            assert "Sonstiges +2" in seite.content()
        vorher_klicks = klick.anzahl
        offen_vorher = entscheidungen
        if _da(seite, "Angreifen"):
            assert "%" in _text(seite, "sw-treffer")  # Chancen vor dem Wurf
            n = _schritte(seite)
            klick("Angreifen")
            expect(seite.locator("#sw-schritte").first).not_to_have_text(f"{n} Schritte", timeout=30_000)
        else:
            assert seite.locator("#sw-verboten").count() and not seite.locator("#sw-treffer").count()
        for _ in range(6):  # Entscheidungen, die das Ergebnis öffnet
            if _da(seite, "Nicht wegstecken"):
                klick("Nicht wegstecken")
            elif _da(seite, "Außer-Gefecht-Probe"):
                klick("Außer-Gefecht-Probe")
            elif _da(seite, "Schaden würfeln"):
                klick("Schaden würfeln")
            elif _da(seite, "Erholungsprobe"):
                klick("Erholungsprobe")
            else:
                break
            entscheidungen += 1
        if _da(seite, "Angreifen") and _text(seite, "sw-am-zug") != wer:
            continue  # nächstes Mitglied derselben Karte (Statistengruppe)
        alt = wer
        klick("Zug beenden, nächste Karte")
        if entscheidungen == offen_vorher:
            angriffe.append(klick.anzahl - vorher_klicks)
        # neuer Handelnder: Modifikatoren wieder auf 0
        if (not modifikator_geprueft and "alle haben gehandelt" not in _text(seite, "sw-lage")
                and _text(seite, "sw-am-zug") != alt):
            assert _zahlenfeld(seite, "Sonstiger Modifikator").input_value() == "0"
            modifikator_geprueft = True
    expect(seite.locator("#sw-lage").first).to_contain_text("alle haben gehandelt", timeout=30_000)
    assert modifikator_geprueft
    assert angriffe and max(angriffe) <= 2, f"Klicks je Standardangriff: {angriffe}"
    print(f"Klicks je Standardangriff: {angriffe}; Entscheidungen: {entscheidungen}; insgesamt {klick.anzahl}")
    assert "Savage Worlds ›" in seite.get_by_role("table").last.inner_text()
    keine_zellfehler(seite)
    seite.screenshot(path=str(tmp_path / "sw_1280.png"), full_page=True)
    seite.screenshot(path="/tmp/sw_1280.png", full_page=True)
    seite.set_viewport_size({"width": 820, "height": 1100})
    seite.wait_for_timeout(800)
    seite.screenshot(path="/tmp/sw_820.png", full_page=True)
    # zweite Sitzung: der Kampf ist gesperrt – nur ansehen
    n = _schritte(seite)
    neu = browser_seite(NOTEBOOK, kaempfe=tmp_path / "kaempfe")  # derselbe Server, ein zweites Gerät
    assert "Runde 1" in _gewaehlt(neu, "Gespeicherter Kampf")
    _knopf(neu, "Kampf fortsetzen").first.click()
    warte_fertig(neu)
    expect(neu.locator("#sw-meldung").first).to_contain_text("🔒", timeout=30_000)
    _knopf(neu, "Nur ansehen").first.click()
    warte_fertig(neu)
    expect(neu.locator("#sw-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    # nach dem Fortsetzen: „Wer kämpft mit?“ zeigt die Bögen dieses Kampfes
    keine_zellfehler(neu)
