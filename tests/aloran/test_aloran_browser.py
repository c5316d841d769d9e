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


def _offenes_ausschlagen(p) -> bool:
    """Ist „Zug beenden“ gesperrt, steht etwas offen (eine sofortige Bonus-Kampfaktion nach einem
    Meistertreffer der Programmwürfel, ein Abwarten): erst „Verzichten (…)“ – nichts Offenes verfällt.

    Gibt zurück, ob danach noch ein Zug zu beenden ist: war der Verzicht das Letzte der Runde
    (wer am Ende nur noch für seine Bonus-Kampfaktion dran war), steht „Runde 2 beginnen“ da."""
    import re
    import time

    if p.da("Zug beenden"):
        return True
    verzicht = p.seite.get_by_role("button", name=re.compile(r"^Verzichten"))
    if verzicht.count() and verzicht.first.is_enabled():
        verzicht.first.click()  # eine eigene Entscheidung, kein Klick des Standardangriffs
    ende = time.monotonic() + 30
    while time.monotonic() < ende:
        if p.da("Zug beenden"):
            return True
        if p.da("Runde 2 beginnen"):
            return False
        p.seite.wait_for_timeout(200)
    return True  # „Zug beenden“ meldet dann selbst, was hängt


def test_eine_runde_durch_das_zug_panel(browser_seite, keine_zellfehler, zug_panel, warte_fertig):
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "aloran")
    p.bereit()
    keine_zellfehler(seite)
    p.klick("Neuer Kampf")
    p.warte_auf("aloran-runde", "Runde 0")
    p.oeffne("Initiative: echte W10 eintippen", seite.get_by_role("textbox", name=next(iter(INITIATIVE)), exact=True).first)
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.anzahl = 0
    p.klick("Initiative würfeln und Runde 1 beginnen")
    assert p.anzahl == 1
    p.warte_auf("aloran-runde", "Runde 1")
    p.warte_auf("aloran-am-zug", "Brann")
    # Vorgewählt ist das Ziel, das Branns Langschwert am wahrscheinlichsten kampfunfähig macht: der
    # Ork-Krieger (6,73 % gegen 6,67 % beim Echsenkrieger, exakt); die Chance steht neben jedem Namen
    p.warte_auf("aloran-chancen", "Trefferchance")
    ziel = seite.get_by_role("combobox", name="Ziel", exact=True).first
    optionen = ziel.locator("option").all_inner_texts()
    assert optionen[0].startswith("Ork-Krieger – 6,7") and optionen[1].startswith("Echsenkrieger – 6,7"), optionen
    assert all(t.endswith("kampfunfähig") for t in optionen[:2]) and optionen[2] == "Meridan"
    assert ziel.evaluate("e => e.options[e.selectedIndex].text") == optionen[0]
    # Würfel vom Tisch, eingetippt *bevor* das Ziel feststeht (die Spieler würfeln, während der
    # Spielleiter noch wählt): 6 Netto-Erfolge gegen 0 → tödlicher Treffer, Kopf, (3 + 3 + 4) × 3 − 2 = 28 Wunden
    getippt = {"Angriff (W10-Pool)": "0 9 8 7 6 5 4 3", "Verteidigung (W10-Pool)": "2 2 2 2 2 2",
               "Trefferzone (W20)": "20", "Schaden": "3"}
    for name, wert in getippt.items():
        p.eintippen(name, wert)
    # Brann (Langschwert, 8 W10 gegen 6) greift den Echsenkrieger an (Parade Speer, 6 W10 gegen 5): von Hand gewählt
    ziel.select_option(label=optionen[1])
    p.warte_auf("aloran-aufgaben", "Echsenkrieger kann vor dem Wurf abwehren")
    p.warte_auf("aloran-chancen", "Trefferchance")
    assert seite.get_by_text("Angriff 8 W10 gegen 6 – Verteidigung 6 W10 gegen 5").count() >= 1
    p.warte_auf("aloran-aufgaben", "Echsenkrieger kann vor dem Wurf abwehren")
    warte_fertig(seite)
    # die eingetippten Würfel stehen nach dem Zielwechsel noch im Feld – und zählen (✎ im Protokoll, s. u.)
    for name, wert in getippt.items():
        assert seite.get_by_role("textbox", name=name, exact=True).first.input_value() == wert, name
    n = p.schritte()
    p.klick("Angreifen")
    p.warte_auf("aloran-meldung", "tödlicher Treffer")
    p.warte_auf("aloran-meldung", "28 Wunden")
    assert "✎" in p.text("aloran-meldung")
    assert p.schritte() == n + 1
    assert seite.get_by_text("kampfunfähig").count() >= 1
    # Brann hat seine Kampfaktion verbraucht: kein zweiter Angriff, der Grund steht da
    assert not p.da("Angreifen")
    p.warte_auf("aloran-verboten", "keine Kampfaktion mehr")
    p.klick("Rückgängig")
    p.warte_auf("aloran-protokoll-schritte", f"{n} Schritte")
    keine_zellfehler(seite)
    # Nach dem Rückgängig ist Brann wieder am Zug (fester Stand, keine Programmwürfel davor):
    # Patzer, Meistertreffer und Zonen entstehen erst beim Aufklappen (lazy) – zwei Diagramme, kein Fehler
    p.warte_auf("aloran-chancen", "Trefferchance")
    # das Lagebild aus: seine Verlaufslinie erscheint im Hintergrund und zählte sonst mit
    lage = seite.get_by_role("switch", name=re.compile(r"^Lagebild \(nur Spielleiter\)"))
    if lage.count() and lage.first.is_checked():
        lage.first.click()
        warte_fertig(seite)
    seite.wait_for_timeout(1000)
    diagramme = seite.locator(".vega-embed").count()
    p.oeffne("Patzer, Meistertreffer und Trefferzonen", seite.locator(".vega-embed").nth(diagramme + 1))
    expect(seite.locator(".vega-embed")).to_have_count(diagramme + 2, timeout=30_000)
    assert not seite.get_by_text("failed with exception").count()

    # Die Runde durch das Panel: wer angreifen kann, greift an (samt Schaden) und beendet den Zug
    zuege, angriffe = [], []
    for _ in range(8):
        if not seite.locator("#aloran-am-zug").count():
            break
        zuege.append(p.text("aloran-am-zug"))
        vorher = p.anzahl
        if p.da("Angreifen"):
            p.klick("Angreifen")
            if not _offenes_ausschlagen(p):
                break
            p.klick("Zug beenden")
            angriffe.append(p.anzahl - vorher)
        elif _offenes_ausschlagen(p):
            p.klick("Zug beenden")
        else:
            break
        keine_zellfehler(seite)
    print(f"Züge: {zuege}; Klicks je Standardangriff: {angriffe}; insgesamt {p.anzahl}")
    assert zuege[0] == "Brann" and angriffe and all(k == 2 for k in angriffe)
    vorher = p.anzahl
    p.klick("Runde 2 beginnen")
    assert p.anzahl - vorher == 1
    p.warte_auf("aloran-runde", "Runde 2")
    keine_zellfehler(seite)

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
    seite.get_by_role("combobox", name="Begegnung laden").first.select_option(
        label="Hinterhalt im Wald (hinterhalt_im_wald.toml)")
    warte_fertig(seite)
    vorher = p.gespeicherte()
    p.klick("Neuer Kampf")
    p.warte_auf("aloran-runde", "Runde 0")
    p.warte_auf_gespeicherte(vorher + 1)  # der neue Kampf steht gleich in der Liste
    assert "Brann, Tamra" in seite.get_by_role("combobox", name="Gespeicherter Kampf").first.inner_text()
    p.oeffne("Initiative: echte W10 eintippen", seite.get_by_label("Brann", exact=True).first)
    for name in ("Brann", "Tamra", "Wegelagerer 1", "Wegelagerer 2", "Wolf"):
        expect(seite.get_by_label(name, exact=True).first).to_be_visible(timeout=30_000)
    # kein Initiativefeld für Meridan (ein Häkchen „Meridan“ bei „Wer kämpft mit?“ gibt es, abgewählt)
    assert seite.get_by_role("textbox", name="Meridan", exact=True).count() == 0
    keine_zellfehler(seite)


@pytest.mark.browser
def test_bonusaktionen_und_angriff_ausser_der_reihe(browser_seite, keine_zellfehler, zug_panel):
    """„Eine „Bonusaktion“ stellt eine zusätzliche Aktion (Bewegung, Kampf, Verteidigung oder
    Interaktion) in der gleichen Kampfrunde dar“ – jede Art lässt sich im Notebook gewähren; eine
    Bonus-Kampfaktion („Beim Verlassen der Kampfreichweite … gewährt man diesem dadurch eine
    Bonus-Kampfaktion.“) nutzt der Ork-Krieger jetzt außer der Reihe: „Wer handelt“ wählen,
    „Jetzt außer der Reihe angreifen“ – danach ist wieder Brann am Zug. Dann der gleichzeitige
    Austausch von Meridan und Echsenkrieger (gleiche Initiative): die Folgen gelten erst danach."""
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "aloran")
    p.bereit()
    p.klick("Neuer Kampf")
    p.warte_auf("aloran-runde", "Runde 0")
    p.oeffne("Initiative: echte W10 eintippen", seite.get_by_role("textbox", name=next(iter(INITIATIVE)), exact=True).first)
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.klick("Initiative würfeln und Runde 1 beginnen")
    p.warte_auf("aloran-am-zug", "Brann")
    keine_zellfehler(seite)

    p.oeffne("Bewegung, Interaktion, Bonusaktionen", seite.get_by_role("combobox", name="Bonusaktion", exact=True).first)
    seite.get_by_role("combobox", name="Wer", exact=True).first.select_option(label="Brann")
    seite.get_by_role("combobox", name="Bonusaktion", exact=True).first.select_option(label="Interaktion")
    p.klick("Bonusaktion gewähren")
    p.warte_auf("aloran-meldung", "Brann erhält eine Bonusaktion (Interaktion)")
    seite.get_by_role("combobox", name="Wer", exact=True).first.select_option(label="Ork-Krieger")
    seite.get_by_role("combobox", name="Bonusaktion", exact=True).first.select_option(label="Kampfaktion")
    p.klick("Bonusaktion gewähren")
    p.warte_auf("aloran-meldung", "Ork-Krieger erhält eine Bonusaktion (Kampfaktion)")
    p.warte_auf("aloran-aufgaben", "jetzt außer der Reihe angreifen")

    vorher = p.anzahl
    seite.get_by_role("combobox", name="Wer handelt (außer der Reihe: sofortige Bonus-Kampfaktion, Abwartende)",
                      exact=True).first.select_option(label="Ork-Krieger")
    p.anzahl += 1
    p.warte_auf("aloran-am-zug", "Ork-Krieger")
    # eingetippt: kein Erfolg, keine 1 – ein Fehlschlag ohne Patzer; ein Treffer der Programmwürfel
    # senkte sonst mit der Verletzung die Initiative des Getroffenen (Meridan nach dem Echsenkrieger)
    p.eintippen("Angriff (W10-Pool)", "2 2 2 2 2 2 2")
    p.klick("Jetzt außer der Reihe angreifen (Bonus-Kampfaktion)")
    p.warte_auf("aloran-meldung", "Ork-Krieger greift")
    assert p.anzahl - vorher == 2
    p.warte_auf("aloran-am-zug", "Brann")
    keine_zellfehler(seite)

    p.klick("Zug beenden")  # Brann; dann Meridan und Echsenkrieger gleichzeitig (in Bogenreihenfolge)
    expect(seite.locator("#aloran-am-zug").first).to_have_text(re.compile("^(Meridan|Echsenkrieger)$"), timeout=30_000)
    erster = p.text("aloran-am-zug")
    zweiter = ({"Meridan", "Echsenkrieger"} - {erster}).pop()
    p.klick("Angreifen")
    p.warte_auf("aloran-aufgaben", "Gleichzeitig")
    p.klick("Zug beenden")
    p.warte_auf("aloran-am-zug", zweiter)
    p.klick("Zug beenden")
    p.warte_auf("aloran-meldung", "gleichzeitiger Austausch")
    keine_zellfehler(seite)


@pytest.mark.browser
def test_gegner_handeln_nach_vorschlag_und_das_lagebild_erscheint(browser_seite, keine_zellfehler, zug_panel,
                                                                  warte_fertig):
    """Eine Runde, in der die Gegner nach Vorschlag handeln: Brann greift von Hand an, die Gegner
    spielen ihren Vorschlag („Gruppe handelt“, die Helden wehren nach der Taktik ab) – ein Klick je
    Initiative; das Lagebild steht nach jedem Schritt da."""
    seite = browser_seite(NOTEBOOK)
    p = zug_panel(seite, "aloran")
    p.bereit()
    p.klick("Neuer Kampf")
    p.oeffne("Initiative: echte W10 eintippen", seite.get_by_role("textbox", name=next(iter(INITIATIVE)), exact=True).first)
    for name, wert in INITIATIVE.items():
        p.eintippen(name, wert)
    p.klick("Initiative würfeln und Runde 1 beginnen")
    p.warte_auf("aloran-am-zug", "Brann")
    p.warte_auf("aloran-lagebild", "Helden gewinnen")
    keine_zellfehler(seite)
    p.klick("Angreifen")
    p.klick("Zug beenden")
    p.anzahl = 0
    gegner_klicks, vorgeschlagen, meldungen = 0, [], []
    for _ in range(8):
        if not seite.locator("#aloran-am-zug").count():
            break
        wer = p.text("aloran-am-zug")
        if wer in ("Echsenkrieger", "Ork-Krieger") or seite.locator("#aloran-vorschlag").count():
            vorgeschlagen.append(p.text("aloran-vorschlag"))
            haken = seite.get_by_role("checkbox", name="Helden wehren nach der Taktik ab").first
            if not haken.is_checked():
                haken.check()
                warte_fertig(seite)
            seite.get_by_role("button", name="Gruppe handelt").first.click()
            p.anzahl += 1
            warte_fertig(seite)
            gegner_klicks += 1
            meldungen.append(p.text("aloran-meldung"))
        elif p.da("Angreifen"):
            p.klick("Angreifen")
            if not _offenes_ausschlagen(p):
                break
            p.klick("Zug beenden")
        elif _offenes_ausschlagen(p):
            p.klick("Zug beenden")
        else:
            break
        keine_zellfehler(seite)
    print(f"Vorschläge: {vorgeschlagen}; Meldungen: {meldungen}; Klicks für Gegner: {gegner_klicks}, "
          f"insgesamt {p.anzahl}")
    assert gegner_klicks >= 1 and any("greift" in v for v in vorgeschlagen)
    # zuletzt endet ein Zug – oder wer nur noch eine sofortige Bonus-Kampfaktion hatte, verzichtet
    expect(seite.locator("#aloran-meldung").first).to_contain_text(re.compile("beendet seinen Zug|verzichtet"),
                                                                   timeout=30_000)
    p.warte_auf("aloran-lagebild", "Helden gewinnen")
    keine_zellfehler(seite)
