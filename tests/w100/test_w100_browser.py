"""Eine ganze Runde W100 durch das Zug-Panel im echten Browser (headless Chromium) – mit Klickzählung.

Eingetippte Initiative (ein Klick), der Wolf läuft zu John, John weicht mit 20 Flee aus (Chancen vor
dem Wurf), ein eingetippter W100 ohne Schadenswurf wird abgelehnt und bleibt stehen, Rückgängig;
dann jeder Zug über das Panel (Angreifen samt Schaden, Zug beenden), die neu gewürfelte Runde 2
mit eingetippten Würfeln (ein Klick) und Fortsetzen in einer zweiten Sitzung (gesperrt → ansehen).
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


def _zahlenfeld(seite, name):
    for feld in seite.locator("input[inputmode=numeric]").all():
        if ">" + name + "<" in (feld.get_attribute("aria-label") or ""):
            return feld
    raise AssertionError(f"kein Zahlenfeld {name}")


@pytest.mark.browser
def test_eine_runde_durch_das_zug_panel(browser_seite, warte_fertig, keine_zellfehler, zug_panel, tmp_path):
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "w100")
    p.bereit()
    keine_zellfehler(seite)
    # Einstellung des Kampfes: jede Runde neu würfeln (die eingetippte Runde 2 unten)
    seite.get_by_text("Einstellungen des Kampfes").first.click()
    seite.get_by_text("Initiative jede Runde neu würfeln").first.click()
    warte_fertig(seite)
    vorher = p.gespeicherte()
    p.klick("Neuer Kampf")
    p.warte_auf_gespeicherte(vorher + 1)  # der neue Kampf steht gleich in der Liste
    p.warte_auf("w100-lage", "Initiative bestimmen")

    # Initiative mit echten Würfeln: eintippen, dann ein Klick
    seite.get_by_text("Echte W100 eintippen").first.click()
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.anzahl = 0
    p.klick("Initiative würfeln")
    assert p.anzahl == 1
    p.warte_auf("w100-meldung", "Schattenwolf 220")
    # Vor dem ersten Zug: „Initiative Ergreifen“ steht als offene Entscheidung da
    p.warte_auf("w100-aufgaben", "Ergreift jemand die Initiative?")
    p.warte_auf("w100-am-zug", "Schattenwolf")

    # Der Wolf läuft zu John (Standardziel: der nächste Gegner); John weicht mit 20 Flee aus
    p.klick("Auf das Ziel zugehen")
    p.warte_auf("w100-meldung", "Schattenwolf bewegt sich")
    p.warte_auf("w100-abwehr", "John kann vor dem Wurf mit bis zu 30 Flee-Punkten ausweichen")
    assert "Ergreift jemand" not in p.text("w100-aufgaben")  # ausgeschlagen: der erste Zug lief
    seite.get_by_text("Ausweichen (Flee)").first.click()
    warte_fertig(seite)
    _zahlenfeld(seite, "Abwehrpunkte").fill("20")
    _zahlenfeld(seite, "Abwehrpunkte").press("Tab")
    warte_fertig(seite)
    # Chancen vor dem Wurf: 40 − 25 − 20 = −5 → Treffer ab natürlicher 80 (21 Augen)
    p.warte_auf("w100-treffer", "21,0 %")
    # Ein eingetippter Treffer ohne Schadenswurf wird abgelehnt – der W100 bleibt stehen
    p.eintippen("W100: echter Wurf", "89")
    n = p.schritte()
    p.klick("Angreifen")
    p.warte_auf("w100-meldung", "es fehlt der Schadenswurf")
    assert seite.get_by_role("textbox", name="W100: echter Wurf", exact=True).first.input_value() == "89"
    assert p.schritte() == n
    p.eintippen("Schaden: echte Würfel (nur bei Treffer)", "5, 4")
    p.klick("Angreifen")
    # 89 + 40 − 25 − 20 = 84: Streiftreffer; (5 + 4 + 3 − 3 Panzerung) / 2 = 4
    p.warte_auf("w100-meldung", "89 + 40 − 25 − 20 Flee = 84 → Streiftreffer, 4 Schaden")
    p.klick("Rückgängig")
    p.warte_auf("w100-meldung", "Zurückgenommen")
    # Auswahl und Abwehr gelten je Handelndem und bleiben beim selben Handelnden stehen
    p.warte_auf("w100-treffer", "21,0 %")
    p.klick("Zug beenden")

    # Der Rest der Runde durch das Panel: wer angreifen kann, greift an (samt Schaden) und beendet
    zuege = ["Schattenwolf"]
    angriffe = []
    for _ in range(20):
        if "ist vorbei" in p.text("w100-lage") or not seite.locator("#w100-am-zug").count():
            break
        zuege.append(p.text("w100-am-zug"))
        vorher = p.anzahl
        if p.da("Angreifen"):
            p.klick("Angreifen")
            p.klick("Zug beenden")
            angriffe.append(p.anzahl - vorher)
        else:
            if p.da("Auf das Ziel zugehen"):
                p.klick("Auf das Ziel zugehen")
            if p.da("Angreifen"):
                p.klick("Angreifen")
            p.klick("Zug beenden")
        keine_zellfehler(seite)
    print(f"Züge: {zuege}; Klicks je Standardangriff: {angriffe}; insgesamt {p.anzahl}")
    assert zuege[:2] == ["Schattenwolf", "John"]
    assert angriffe and all(k == 2 for k in angriffe)
    p.warte_auf("w100-lage", "Runde 1 ist vorbei")
    seite.screenshot(path=str(tmp_path / "w100_1280.png"), full_page=True)

    # Runde 2, neu gewürfelt mit echten Würfeln: ein Klick
    seite.get_by_text("Echte W100 eintippen").first.click()
    for name in INITIATIVE:
        if seite.get_by_role("textbox", name=name, exact=True).count():
            p.eintippen(name, "00" if name == "John" else "1")
    vorher = p.anzahl
    p.klick("Runde 2 beginnen")
    assert p.anzahl - vorher == 1
    p.warte_auf("w100-meldung", "Runde 2 beginnt (neu gewürfelt)")
    keine_zellfehler(seite)
    # Der Lageplan entsteht erst beim Aufklappen (lazy) – mit Diagramm und Bewegen-Knopf, ohne Fehler
    seite.get_by_text("Lageplan und Bewegung", exact=True).first.click()
    expect(seite.get_by_role("button", name="Bewegen nach x, y").first).to_be_visible(timeout=30_000)
    assert not seite.get_by_text("failed with exception").count()
    seite.set_viewport_size({"width": 820, "height": 1100})
    seite.wait_for_timeout(800)
    seite.screenshot(path=str(tmp_path / "w100_820.png"), full_page=True)

    # Zweite Sitzung: der Kampf ist gesperrt – nur ansehen; die Liste nennt Kämpfer und Runde
    n = p.schritte()
    neu = browser_seite(NOTEBOOK)
    q = zug_panel(neu, "w100")
    q.bereit("Kampf fortsetzen")
    gewaehlt = neu.get_by_role("combobox", name="Gespeicherter Kampf", exact=True).first.evaluate(
        "s => s.options[s.selectedIndex].text")
    assert "Runde 2" in gewaehlt and "John" in gewaehlt
    q.klick("Kampf fortsetzen")
    q.warte_auf("w100-meldung", "🔒")
    q.klick("Nur ansehen")
    expect(neu.locator("#w100-protokoll-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    keine_zellfehler(neu)
