"""Ein Kampfabschnitt auf dem Zeitstrahl durch das Zug-Panel, in headless Chromium – mit Klickzählung.

Neuer Kampf, Startpositionen (ein Klick), jeder Angriff ein Klick (Probe, Verteidigung, Zone und
Schaden in einem; der Zeitstrahl rückt von selbst weiter), ein Konter wird genommen oder
ausgeschlagen, ein eingetippter Patzer, Rückgängig, dann eine zweite Sitzung (gesperrt → ansehen).
"""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "zeitstrahl_kampf.py"


@pytest.mark.browser
def test_ein_kampfabschnitt_durch_das_zug_panel(browser_seite, warte_fertig, keine_zellfehler, zug_panel):
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "zs")
    p.bereit()
    keine_zellfehler(seite)
    vorher = p.gespeicherte()
    p.klick("Neuer Kampf")
    p.warte_auf_gespeicherte(vorher + 1)  # der neue Kampf steht gleich in der Liste
    p.warte_auf("zs-protokoll-schritte", "0 Schritte")
    p.anzahl = 0
    p.klick("Startpositionen würfeln")
    assert p.anzahl == 1
    p.warte_auf("zs-protokoll-schritte", "1 Schritt")
    # Chancen stehen vor dem Wurf da
    assert "%" in p.text("zs-chance-passiv")

    # Jeder Angriff ist ein Klick; wer dran ist, rückt der Zeitstrahl von selbst weiter
    angriffe, konter = 0, 0
    for _ in range(8):
        n = p.schritte()
        vorher = p.anzahl
        if p.da("Kontern"):
            p.klick("Kontern" if konter % 2 == 0 else "Auf den Konter verzichten")
            konter += 1
        else:
            am_zug = p.text("zs-am-zug")
            p.klick("Angreifen")
            assert p.anzahl - vorher == 1
            angriffe += 1
            p.warte_auf("zs-meldung", f"{am_zug} greift")
        p.warte_auf("zs-protokoll-schritte", f"{n + 1} Schritte")
        keine_zellfehler(seite)
    print(f"Angriffe: {angriffe} (je ein Klick), Konter entschieden: {konter}")
    assert angriffe >= 4

    # Eingetippte Würfel: eine natürliche 1 ist ein Patzer (der W6 der Patzertabelle auch eingetippt)
    if p.da("Auf den Konter verzichten"):
        p.klick("Auf den Konter verzichten")
    n = p.schritte()
    seite.get_by_role("textbox", name="Angriff: echter Wurf", exact=True).first.fill("1")
    seite.get_by_text("Weitere Würfel (kritische Effekte, Patzer)").first.click()
    seite.get_by_role("textbox", name="Weitere W6 (krit, patzer, …)", exact=True).first.fill("patzer=3")
    seite.keyboard.press("Tab")
    warte_fertig(seite)
    p.klick("Angreifen")
    p.warte_auf("zs-meldung", "Patzer")
    assert "✎" in p.text("zs-meldung")
    p.klick("Rückgängig")
    p.warte_auf("zs-protokoll-schritte", f"{n} Schritte")
    keine_zellfehler(seite)

    # Zweite Sitzung: der Kampf ist gesperrt – nur ansehen
    neu = browser_seite(NOTEBOOK)
    q = zug_panel(neu, "zs")
    q.bereit("Kampf fortsetzen")
    q.klick("Kampf fortsetzen")
    q.warte_auf("zs-meldung", "🔒")
    q.klick("Nur ansehen")
    expect(neu.locator("#zs-protokoll-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    keine_zellfehler(neu)
