"""Eine ganze Aloran-Runde durch das Zug-Panel, in headless Chromium – mit Klickzählung.

Neuer Kampf, Initiative mit eingetippten W10 und Runde 1 in einem Klick, Brann (höchste Initiative)
greift mit eingetippten Würfeln an (tödlicher Treffer am Kopf), ein zweiter Angriff ist nicht mehr
angeboten, Rückgängig; dann jeder Zug über das Panel (Angreifen samt Schaden, Zug beenden), die
nächste Runde mit einem Klick und eine zweite Sitzung (gesperrt → nur ansehen).
"""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "aloran_kampf.py"
# Brann 7 + 10 = 17 zuerst; Meridan 8 + 1 und Echsenkrieger 8 + 1 gleichzeitig; Ork-Krieger 6 + 1
INITIATIVE = {"Brann": "0", "Meridan": "1", "Echsenkrieger": "1", "Ork-Krieger": "1"}


@pytest.mark.browser
def test_eine_runde_durch_das_zug_panel(browser_seite, keine_zellfehler, zug_panel):
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "aloran")
    p.bereit()
    keine_zellfehler(seite)
    p.klick("Neuer Kampf")
    p.warte_auf("aloran-runde", "Runde 0")
    seite.get_by_text("Initiative: echte W10 eintippen").first.click()
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.anzahl = 0
    p.klick("Initiative würfeln und Runde 1 beginnen")
    assert p.anzahl == 1
    p.warte_auf("aloran-runde", "Runde 1")
    p.warte_auf("aloran-am-zug", "Brann")
    # Vorgaben: Brann (Langschwert, 8 W10 gegen 6) greift den Echsenkrieger an (Parade Speer, 6 W10 gegen 5)
    p.warte_auf("aloran-chancen", "Trefferchance")
    assert seite.get_by_text("Angriff 8 W10 gegen 6 – Verteidigung 6 W10 gegen 5").count() >= 1
    p.warte_auf("aloran-aufgaben", "Echsenkrieger kann vor dem Wurf abwehren")
    # Würfel vom Tisch: 6 Netto-Erfolge gegen 0 → tödlicher Treffer, Kopf, (3 + 3 + 4) × 3 − 2 = 28 Wunden
    p.eintippen("Angriff (W10-Pool)", "0 9 8 7 6 5 4 3")
    p.eintippen("Verteidigung (W10-Pool)", "2 2 2 2 2 2")
    p.eintippen("Trefferzone (W20)", "20")
    p.eintippen("Schaden", "3")
    n = p.schritte()
    p.klick("Angreifen")
    p.warte_auf("aloran-meldung", "tödlicher Treffer")
    p.warte_auf("aloran-meldung", "28 Wunden")
    assert p.schritte() == n + 1
    assert seite.get_by_text("kampfunfähig").count() >= 1
    # Brann hat seine Kampfaktion verbraucht: kein zweiter Angriff, der Grund steht da
    assert not p.da("Angreifen")
    p.warte_auf("aloran-verboten", "keine Kampfaktion mehr")
    p.klick("Rückgängig")
    p.warte_auf("aloran-protokoll-schritte", f"{n} Schritte")
    keine_zellfehler(seite)

    # Die Runde durch das Panel: wer angreifen kann, greift an (samt Schaden) und beendet den Zug
    zuege, angriffe = [], []
    for _ in range(8):
        if not seite.locator("#aloran-am-zug").count():
            break
        zuege.append(p.text("aloran-am-zug"))
        vorher = p.anzahl
        if p.da("Angreifen"):
            p.klick("Angreifen")
            p.klick("Zug beenden")
            angriffe.append(p.anzahl - vorher)
        else:
            p.klick("Zug beenden")
        keine_zellfehler(seite)
    print(f"Züge: {zuege}; Klicks je Standardangriff: {angriffe}; insgesamt {p.anzahl}")
    assert zuege[0] == "Brann" and angriffe and all(k == 2 for k in angriffe)
    vorher = p.anzahl
    p.klick("Runde 2 beginnen")
    assert p.anzahl - vorher == 1
    p.warte_auf("aloran-runde", "Runde 2")
    keine_zellfehler(seite)
    # Patzer, Meistertreffer und Zonen entstehen erst beim Aufklappen (lazy) – zwei Diagramme, kein Fehler
    p.warte_auf("aloran-chancen", "Trefferchance")
    diagramme = seite.locator(".vega-embed").count()
    seite.get_by_text("Patzer, Meistertreffer und Trefferzonen", exact=True).first.click()
    expect(seite.locator(".vega-embed")).to_have_count(diagramme + 2, timeout=30_000)
    assert not seite.get_by_text("failed with exception").count()

    # Zweite Sitzung: der Kampf ist gesperrt – nur ansehen
    n = p.schritte()
    neu = browser_seite(NOTEBOOK)
    q = zug_panel(neu, "aloran")
    q.bereit("Kampf fortsetzen")
    q.klick("Kampf fortsetzen")
    q.warte_auf("aloran-meldung", "🔒")
    q.klick("Nur ansehen")
    expect(neu.locator("#aloran-protokoll-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    q.warte_auf("aloran-runde", "Runde 2")
    keine_zellfehler(neu)


@pytest.mark.browser
def test_begegnung_laden_startet_ihren_kampf(browser_seite, keine_zellfehler, zug_panel, warte_fertig):
    """„Begegnung laden“ (Hinterhalt im Wald): Neuer Kampf legt genau ihre Kämpfer an – zwei
    nummerierte Wegelagerer, kein Bogen außerhalb der Begegnung."""
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "aloran")
    p.bereit()
    seite.get_by_role("combobox", name="Begegnung laden").first.select_option(label="Hinterhalt im Wald (hinterhalt_im_wald.toml)")
    warte_fertig(seite)
    vorher = p.gespeicherte()
    p.klick("Neuer Kampf")
    p.warte_auf("aloran-runde", "Runde 0")
    p.warte_auf_gespeicherte(vorher + 1)  # der neue Kampf steht gleich in der Liste
    assert "Brann, Tamra" in seite.get_by_role("combobox", name="Gespeicherter Kampf").first.inner_text()
    seite.get_by_text("Initiative: echte W10 eintippen").first.click()
    for name in ("Brann", "Tamra", "Wegelagerer 1", "Wegelagerer 2", "Wolf"):
        expect(seite.get_by_label(name, exact=True).first).to_be_visible(timeout=30_000)
    assert seite.get_by_label("Meridan", exact=True).count() == 0
    keine_zellfehler(seite)
