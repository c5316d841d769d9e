"""Eine Runde Live-Spiel im echten Browser (headless Chromium): w100_kampf.py.

Eingetippte Initiative, der Wolf zweimal/dreimal am Zug, Bewegung, Ausweichen mit Flee und
Chancen vor dem Wurf, eingetippter Angriff, Rückgängig, Rundenende, eine neu gewürfelte Runde
mit eingetippten Würfeln (eigener Knopf) und Fortsetzen aus der Protokolldatei nach Neuladen.
"""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "w100_kampf.py"

# Eingetippte Initiative: Wolf 90 + 130 = 220, John 80 + 45 = 125, die anderen würfeln 1:
# Kael 71, Goblin-Schütze 56, Mira 41, Kultist 31, Ork-Krieger 26.
INITIATIVE = {"Schattenwolf": "90", "John": "80", "Kael": "1", "Goblin-Schütze": "1",
              "Mira": "1", "Kultist": "1", "Ork-Krieger": "1"}
# Höchste verbleibende Initiative zuerst, jeder Zug kostet 100, bis alle unter 1 sind.
ERWARTETE_ZUEGE = ["Schattenwolf", "John", "Schattenwolf", "Kael", "Goblin-Schütze", "Mira",
                   "Kultist", "Ork-Krieger", "John", "Schattenwolf"]


def _klicken(seite, name, warte_fertig):
    seite.get_by_role("button", name=name, exact=True).first.click()
    warte_fertig(seite)


def _text(seite, hook):
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _warte_auf(seite, hook, text):
    try:
        expect(seite.locator(f"#{hook}").first).to_contain_text(text, timeout=30_000)
    except AssertionError as fehler:
        meldung = seite.locator("#w100-meldung").first.inner_text(timeout=5_000)
        raise AssertionError(f"{fehler}\nLetzte Meldung im Notebook: {meldung}") from None


def _eintippen(seite, name, wert, warte_fertig, exact=True):
    # Zahlenfelder tragen ihr Label als Markdown-HTML im Namen: dort nicht exakt suchen.
    feld = seite.get_by_role("textbox", name=name, exact=exact).first
    feld.fill(wert)
    feld.press("Tab")
    warte_fertig(seite)


def _initiative_eintippen(seite, werte, warte_fertig):
    """Alle Initiativefelder füllen – je Feld warten: die Anzeigezelle läuft bei jedem Wert neu."""
    for name, wert in werte.items():
        _eintippen(seite, name, wert, warte_fertig)


@pytest.mark.browser
def test_eine_runde_live_spiel(browser_seite, warte_fertig, keine_zellfehler):
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    # Einstellung des Kampfes: jede Runde neu würfeln (die eingetippte Runde 2 unten)
    seite.get_by_text("Initiative jede Runde neu würfeln").first.click()
    warte_fertig(seite)
    _klicken(seite, "Neuen Kampf beginnen", warte_fertig)
    _warte_auf(seite, "w100-lage", "Initiative bestimmen")
    _warte_auf(seite, "w100-initiative-titel", "Kampfbeginn")

    # Initiative mit echten Würfeln eintippen
    _initiative_eintippen(seite, INITIATIVE, warte_fertig)
    _klicken(seite, "Eingetippte Initiative übernehmen", warte_fertig)
    _warte_auf(seite, "w100-schritte", "1 Schritte")
    assert "Schattenwolf 220" in _text(seite, "w100-meldung")

    zuege = []
    for _ in range(len(ERWARTETE_ZUEGE)):
        _klicken(seite, "Zug beginnen", warte_fertig)
        _warte_auf(seite, "w100-lage", "ist am Zug")
        name = _text(seite, "w100-lage").split(": ", 1)[1].removesuffix(" ist am Zug.")
        zuege.append(name)
        if len(zuege) == 1:
            # Der Wolf läuft zu John und beißt; John weicht mit 20 Flee aus.
            _klicken(seite, "Auf das Ziel zugehen", warte_fertig)
            _warte_auf(seite, "w100-meldung", "Schattenwolf bewegt sich")
            seite.get_by_text("Ausweichen (Flee)").first.click()
            warte_fertig(seite)
            _eintippen(seite, "Abwehrpunkte", "20", warte_fertig, exact=False)
            # Chancen vor dem Wurf: 40 − 25 − 20 = −5 → Treffer ab natürlicher 80 (21 Augen)
            _warte_auf(seite, "w100-treffer", "21,0 %")
            _eintippen(seite, "W100", "89", warte_fertig)
            # Ohne Schadenswurf lehnt das Notebook ab – der eingetippte W100 bleibt stehen
            _klicken(seite, "Eingetippten Angriff übernehmen", warte_fertig)
            _warte_auf(seite, "w100-meldung", "es fehlt der Schadenswurf")
            assert seite.get_by_role("textbox", name="W100", exact=True).first.input_value() == "89"
            _eintippen(seite, "Schaden (nur bei Treffer)", "5, 4", warte_fertig)
            _klicken(seite, "Eingetippten Angriff übernehmen", warte_fertig)
            # 89 + 40 − 25 − 20 = 84: Streiftreffer; (5 + 4 + 3 − 3 Panzerung) / 2 = 4
            _warte_auf(seite, "w100-meldung", "89 + 40 − 25 − 20 Flee = 84 → Streiftreffer, 4 Schaden")
            expect(seite.get_by_text("56/60").first).to_be_visible(timeout=20_000)
            _klicken(seite, "Rückgängig", warte_fertig)
            _warte_auf(seite, "w100-meldung", "Rückgängig")
            expect(seite.get_by_text("60/60").first).to_be_visible(timeout=20_000)
        _klicken(seite, "Zug beenden", warte_fertig)
    assert zuege == ERWARTETE_ZUEGE
    _warte_auf(seite, "w100-lage", "Runde 1 ist vorbei")
    # Neue Runde, neu gewürfelt mit echten Würfeln: eigener, beschrifteter Knopf
    _warte_auf(seite, "w100-initiative-titel", "Runde 2")
    _initiative_eintippen(seite, {**{n: "1" for n in INITIATIVE}, "John": "00"}, warte_fertig)
    _klicken(seite, "Runde 2 mit eingetippter Initiative beginnen", warte_fertig)
    # John 100 + 45 = 145 überholt den Wolf (1 + 130 = 131)
    _warte_auf(seite, "w100-lage", "Runde 2: als Nächstes ist John dran")
    assert "Runde 2 beginnt (neu gewürfelt)" in _text(seite, "w100-meldung")
    keine_zellfehler(seite)

    # Neu laden und aus der Protokolldatei fortsetzen
    seite.reload()
    warte_fertig(seite)
    auswahl = seite.get_by_role("combobox", name="Gespeicherter Kampf").first
    auswahl.select_option(index=1)
    warte_fertig(seite)
    _klicken(seite, "Kampf fortsetzen", warte_fertig)
    _warte_auf(seite, "w100-lage", "Runde 2: als Nächstes ist John dran")
    assert "Fortgesetzt" in _text(seite, "w100-meldung")
    keine_zellfehler(seite)
