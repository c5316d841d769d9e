"""Eine ganze Aloran-Runde durch das Zug-Panel, in headless Chromium – mit Klickzählung.

Neuer Kampf, Initiative mit eingetippten W10 und Runde 1 in einem Klick, Brann (höchste Initiative)
greift mit eingetippten Würfeln an (tödlicher Treffer am Kopf), ein zweiter Angriff ist nicht mehr
angeboten, Rückgängig; dann jeder Zug über das Panel (Angreifen samt Schaden, Zug beenden), die
nächste Runde mit einem Klick und eine zweite Sitzung (gesperrt → nur ansehen).
"""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "aloran_kampf.py"
# Brann 7 + 10 = 17 zuerst; Meridan 8 + 1 und Echsenkrieger 8 + 1 gleichzeitig; Ork-Krieger 6 + 1
INITIATIVE = {"Brann": "0", "Meridan": "1", "Echsenkrieger": "1", "Ork-Krieger": "1"}


def _text(seite, hook) -> str:
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _schritte(seite) -> int:
    return int(re.search(r"\d+", _text(seite, "aloran-protokoll-schritte")).group())


def _knopf(seite, name):
    return seite.get_by_role("button", name=name, exact=True)


def _da(seite, name) -> bool:
    k = _knopf(seite, name)
    return bool(k.count()) and k.first.is_visible() and k.first.is_enabled()


def _warte_auf(seite, hook, text):
    expect(seite.locator(f"#{hook}").first).to_contain_text(text, timeout=30_000)


def _eintippen(seite, name, wert, warte_fertig):
    feld = seite.get_by_role("textbox", name=name, exact=True).first
    feld.fill(wert)
    feld.press("Tab")
    warte_fertig(seite)


class Klicks:
    def __init__(self, seite, warte_fertig):
        self.seite, self.warte, self.anzahl = seite, warte_fertig, 0

    def __call__(self, name):
        _knopf(self.seite, name).first.click()
        self.anzahl += 1
        self.warte(self.seite)


@pytest.mark.browser
def test_eine_runde_durch_das_zug_panel(browser_seite, warte_fertig, keine_zellfehler):
    seite = browser_seite(NOTEBOOK)
    expect(_knopf(seite, "Neuer Kampf").first).to_be_visible(timeout=90_000)
    keine_zellfehler(seite)
    klick = Klicks(seite, warte_fertig)
    klick("Neuer Kampf")
    _warte_auf(seite, "aloran-runde", "Runde 0")
    seite.get_by_text("Initiative: echte W10 eintippen").first.click()
    for name, wert in INITIATIVE.items():
        _eintippen(seite, name, wert, warte_fertig)
    klick.anzahl = 0
    klick("Initiative würfeln und Runde 1 beginnen")
    assert klick.anzahl == 1
    _warte_auf(seite, "aloran-runde", "Runde 1")
    _warte_auf(seite, "aloran-am-zug", "Brann")
    # Vorgaben: Brann (Langschwert, 8 W10 gegen 6) greift den Echsenkrieger an (Parade Speer, 6 W10 gegen 5)
    _warte_auf(seite, "aloran-chancen", "Trefferchance")
    assert seite.get_by_text("Angriff 8 W10 gegen 6 – Verteidigung 6 W10 gegen 5").count() >= 1
    _warte_auf(seite, "aloran-aufgaben", "Echsenkrieger kann vor dem Wurf abwehren")
    # Würfel vom Tisch: 6 Netto-Erfolge gegen 0 → tödlicher Treffer, Kopf, (3 + 3 + 4) × 3 − 2 = 28 Wunden
    _eintippen(seite, "Angriff (W10-Pool)", "0 9 8 7 6 5 4 3", warte_fertig)
    _eintippen(seite, "Verteidigung (W10-Pool)", "2 2 2 2 2 2", warte_fertig)
    _eintippen(seite, "Trefferzone (W20)", "20", warte_fertig)
    _eintippen(seite, "Schaden", "3", warte_fertig)
    n = _schritte(seite)
    klick("Angreifen")
    _warte_auf(seite, "aloran-meldung", "tödlicher Treffer")
    _warte_auf(seite, "aloran-meldung", "28 Wunden")
    assert _schritte(seite) == n + 1
    assert seite.get_by_text("kampfunfähig").count() >= 1
    # Brann hat seine Kampfaktion verbraucht: kein zweiter Angriff, der Grund steht da
    assert not _da(seite, "Angreifen")
    _warte_auf(seite, "aloran-verboten", "keine Kampfaktion mehr")
    klick("Rückgängig")
    _warte_auf(seite, "aloran-protokoll-schritte", f"{n} Schritte")
    keine_zellfehler(seite)

    # Die Runde durch das Panel: wer angreifen kann, greift an (samt Schaden) und beendet den Zug
    zuege, angriffe = [], []
    for _ in range(8):
        if not seite.locator("#aloran-am-zug").count():
            break
        zuege.append(_text(seite, "aloran-am-zug"))
        vorher = klick.anzahl
        if _da(seite, "Angreifen"):
            klick("Angreifen")
            klick("Zug beenden")
            angriffe.append(klick.anzahl - vorher)
        else:
            klick("Zug beenden")
        keine_zellfehler(seite)
    print(f"Züge: {zuege}; Klicks je Standardangriff: {angriffe}; insgesamt {klick.anzahl}")
    assert zuege[0] == "Brann" and angriffe and all(k == 2 for k in angriffe)
    vorher = klick.anzahl
    klick("Runde 2 beginnen")
    assert klick.anzahl - vorher == 1
    _warte_auf(seite, "aloran-runde", "Runde 2")
    keine_zellfehler(seite)

    # Zweite Sitzung: der Kampf ist gesperrt – nur ansehen
    n = _schritte(seite)
    neu = browser_seite(NOTEBOOK)
    expect(_knopf(neu, "Kampf fortsetzen").first).to_be_visible(timeout=90_000)
    _knopf(neu, "Kampf fortsetzen").first.click()
    warte_fertig(neu)
    expect(neu.locator("#aloran-meldung").first).to_contain_text("🔒", timeout=30_000)
    _knopf(neu, "Nur ansehen").first.click()
    warte_fertig(neu)
    expect(neu.locator("#aloran-protokoll-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    _warte_auf(neu, "aloran-runde", "Runde 2")
    keine_zellfehler(neu)
