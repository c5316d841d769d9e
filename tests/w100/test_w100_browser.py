"""Eine ganze Runde W100 durch das Zug-Panel im echten Browser (headless Chromium) – mit Klickzählung.

Eingetippte Initiative (ein Klick), „Niemand ergreift die Initiative“ (bis dahin wartet der erste Zug
mit Grund), der Wolf läuft zu John, John weicht mit 20 Flee aus (Chancen vor dem Wurf), ein
eingetippter W100 mit leerem Schadensfeld – das Programm würfelt den Schaden –, Rückgängig, dann mit
eingetipptem Schaden (das Beispiel im Feld passt zum Biss); Parade gegen den Bogen des Goblins steht
vor dem Klick gesperrt mit Grund;
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
DAZU = ("Kultist", "Ork-Krieger", "Schattenwolf")
"""Zur Vorauswahl des ersten Kampfes (John, Kael, Mira gegen die Goblin-Schützen) die übrigen Bögen."""

# Eingetippte Initiative: Wolf 90 + 130 = 220, John 80 + 45 = 125, die anderen würfeln 1:
# Kael 71, Goblin-Schütze 56, Mira 41, Kultist 31, Ork-Krieger 26.
INITIATIVE = {"Schattenwolf": "90", "John": "80", "Kael": "1", "Goblin-Schütze": "1",
              "Mira": "1", "Kultist": "1", "Ork-Krieger": "1"}


def _zahlenfeld(seite, name):
    # der Name steht im aria-label (tisch.kopf: Beschrifter); solange der es noch nicht ersetzt hat, als HTML
    return seite.locator(f'input[inputmode=numeric][aria-label="{name}"], '
                         f'input[inputmode=numeric][aria-label*=">{name}<"]').first


@pytest.mark.browser
def test_eine_runde_durch_das_zug_panel(browser_seite, warte_fertig, keine_zellfehler, zug_panel, aufklappen, tmp_path):
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "w100")
    p.bereit()
    keine_zellfehler(seite)
    p.mitkaempfen(*DAZU)
    # Einstellung des Kampfes: jede Runde neu würfeln (die eingetippte Runde 2 unten)
    seite.get_by_text("Einstellungen des Kampfes").first.click()
    seite.get_by_text("Initiative jede Runde neu würfeln").first.click()
    warte_fertig(seite)
    vorher = p.gespeicherte()
    p.klick("Neuer Kampf")
    p.warte_auf_gespeicherte(vorher + 1)  # der neue Kampf steht gleich in der Liste
    p.warte_auf("w100-lage", "Initiative bestimmen")

    # Initiative mit echten Würfeln: eintippen, dann ein Klick
    p.oeffne("Echte W100 eintippen", seite.get_by_role("textbox", name=next(iter(INITIATIVE)), exact=True).first)
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.anzahl = 0
    p.klick("Initiative würfeln")
    assert p.anzahl == 1
    p.warte_auf("w100-meldung", "Schattenwolf 220")
    # Vor dem ersten Zug: „Initiative Ergreifen“ steht als offene Entscheidung da – bis sie
    # entschieden ist, wartet der erste Zug (gesperrt, mit Grund)
    p.warte_auf("w100-aufgaben", "Ergreift jemand die Initiative?")
    p.warte_auf("w100-am-zug", "Schattenwolf")
    assert not p.da("Auf das Ziel zugehen")
    expect(seite.get_by_text("Offen (Spielleiter): Ergreift jemand die Initiative?").first).to_be_visible(timeout=30_000)
    p.klick("Niemand ergreift die Initiative")
    p.warte_auf("w100-meldung", "Niemand ergreift die Initiative – den ersten Zug hat Schattenwolf.")
    assert "Ergreift jemand" not in p.text("w100-aufgaben")  # ausgeschlagen – und im Protokoll

    # Der Wolf läuft zu John: kein Biss kann jemanden mit vollen LP umwerfen (überall 0,0 %), bei
    # Gleichstand zählt die Zielwahl der Taktik („naechster“); John weicht mit 20 Flee aus
    ziel = seite.get_by_role("combobox", name="Ziel", exact=True).first
    assert ziel.evaluate("e => e.options[e.selectedIndex].text").startswith("John – 0,0")
    p.klick("Auf das Ziel zugehen")
    p.warte_auf("w100-meldung", "Schattenwolf bewegt sich")
    p.warte_auf("w100-abwehr", "John kann vor dem Wurf mit bis zu 30 Flee-Punkten ausweichen")
    seite.get_by_role("radio", name="Ausweichen (Flee)").first.click()  # die Wahl, nicht der Text im Vorschlag
    warte_fertig(seite)
    # Zahlenfelder heißen für Screenreader wie ihre Beschriftung – kein HTML, kein „Number input“
    seite.get_by_role("textbox", name="Abwehrpunkte", exact=True).first.fill("20")
    _zahlenfeld(seite, "Abwehrpunkte").press("Tab")
    warte_fertig(seite)
    namen = [f.get_attribute("aria-label") for f in seite.locator("input[inputmode=numeric]").all()]
    assert namen and not [n for n in namen if "<" in n or n == "Number input"], namen
    # Chancen vor dem Wurf: 40 − 25 − 20 = −5 → Treffer ab natürlicher 80 (21 Augen)
    p.warte_auf("w100-treffer", "21,0 %")
    # Das Beispiel im Schadensfeld passt zum Biss (2W6+3: zwei Würfel)
    schaden_feld = seite.get_by_role("textbox", name="Schaden: echte Würfel (nur bei Treffer)", exact=True).first
    assert "(2W6+3)" in (schaden_feld.get_attribute("placeholder") or "")
    # Ein eingetippter Treffer mit leerem Schadensfeld: „leer = Programm würfelt“ – auch den Schaden
    p.eintippen("W100: echter Wurf", "89")
    n = p.schritte()
    p.klick("Angreifen")
    p.warte_auf("w100-meldung", "89 + 40 − 25 − 20 Flee = 84 → Streiftreffer")
    assert p.schritte() == n + 1
    p.klick("Rückgängig")
    p.warte_auf("w100-meldung", "Zurückgenommen")
    p.eintippen("W100: echter Wurf", "89")
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
    parade_gesehen = False
    for _ in range(20):
        if "ist vorbei" in p.text("w100-lage") or not seite.locator("#w100-am-zug").count():
            break
        zuege.append(p.text("w100-am-zug"))
        if zuege[-1] == "Goblin-Schütze":
            # Parade gegen den Bogen: vor dem Klick gesperrt, mit dem Grund
            seite.get_by_role("combobox", name="Waffe / Katalysator").first.select_option(label="Kurzbogen")
            warte_fertig(seite)
            expect(seite.get_by_text("Fernkampfangriffe lassen sich nicht parieren").first).to_be_visible(timeout=30_000)
            assert not seite.get_by_text("Parade (Nahkampf-OB)", exact=True).count()
            parade_gesehen = True
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
    assert zuege[:2] == ["Schattenwolf", "John"] and parade_gesehen
    assert angriffe and all(k == 2 for k in angriffe)
    p.warte_auf("w100-lage", "Runde 1 ist vorbei")
    seite.screenshot(path=str(tmp_path / "w100_1280.png"), full_page=True)

    # Runde 2, neu gewürfelt mit echten Würfeln: ein Klick
    p.oeffne("Echte W100 eintippen", seite.get_by_role("textbox", name="John", exact=True).first)
    for name in INITIATIVE:
        if seite.get_by_role("textbox", name=name, exact=True).count():
            p.eintippen(name, "00" if name == "John" else "1")
    vorher = p.anzahl
    p.klick("Runde 2 beginnen")
    assert p.anzahl - vorher == 1
    p.warte_auf("w100-meldung", "Runde 2 beginnt (neu gewürfelt)")
    keine_zellfehler(seite)
    # Der Lageplan entsteht erst beim Aufklappen (lazy) – mit Diagramm und Bewegen-Knopf, ohne Fehler
    aufklappen(seite, "Lageplan und Bewegung", seite.get_by_role("button", name="Bewegen nach x, y").first)
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



@pytest.mark.browser
def test_gegner_handeln_nach_vorschlag(browser_seite, warte_fertig, keine_zellfehler, zug_panel):
    """Eine Runde, in der die Gegner nach Vorschlag handeln (Issue 26): ist ein NSC am Zug, spielt
    „Gruppe handelt“ seine Züge (ein Klick, mindestens ein Schritt im Protokoll); hält sie vor der
    Abwehr eines Helden an, spielt „Vorschlag spielen“ den Angriff mit der Abwehr der Taktik. Die
    Helden spielen ihren Vorschlag ebenso."""
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "w100")
    p.bereit()
    keine_zellfehler(seite)
    p.mitkaempfen(*DAZU)
    p.klick("Neuer Kampf")
    p.warte_auf("w100-lage", "Initiative bestimmen")
    p.oeffne("Echte W100 eintippen", seite.get_by_role("textbox", name=next(iter(INITIATIVE)), exact=True).first)
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.klick("Initiative würfeln")
    p.klick("Niemand ergreift die Initiative")
    p.warte_auf("w100-am-zug", "Schattenwolf")
    p.warte_auf("w100-vorschlag", "Schattenwolf")
    p.anzahl = 0
    gegner_klicks, gespielt, zuege = 0, [], []
    for _ in range(24):
        if "ist vorbei" in p.text("w100-lage") or not seite.locator("#w100-am-zug").count():
            break
        wer = p.text("w100-am-zug")
        zuege.append(wer)
        n = p.schritte()
        angehalten = "sagt die Abwehr an" in p.text("w100-meldung")  # die Gruppe hielt vor der Abwehr eines Helden
        if p.da("Gruppe handelt") and not angehalten:
            p.klick("Gruppe handelt")
            gegner_klicks += 1
        else:
            assert p.da("Vorschlag spielen"), f"{wer}: kein Vorschlag"
            p.klick("Vorschlag spielen")
        if p.schritte() == n and "sagt die Abwehr an" in p.text("w100-meldung"):
            # die Gruppe hielt sofort wieder vor der Abwehr eines Helden: der Spielleiter spielt den Angriff
            p.klick("Vorschlag spielen")
        gespielt.append(p.text("w100-meldung"))
        assert p.schritte() > n, f"{wer}: der Klick schrieb keinen Schritt – {gespielt[-1]}"
        keine_zellfehler(seite)
    print(f"Züge: {zuege}; Klicks für Gegner: {gegner_klicks}, insgesamt {p.anzahl}; {gespielt}")
    assert gegner_klicks >= 2 and "Schattenwolf" in zuege and "John" in zuege
    p.warte_auf("w100-lage", "Runde 1 ist vorbei")
