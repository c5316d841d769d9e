"""Die Seite „Begegnung vorbereiten“ bei 1280 und 820 px (headless Chromium): Varianten
nebeneinander ohne Überlappen (schmal untereinander), jede Ergebniszeile sichtbar, deutsche
Formulare statt roher Wörterbücher, Ticks bei Zeitstrahl, „ohne Sieger“ mit Grenze, große
Satzanfänge, und was die Simulation nicht spielt."""

from __future__ import annotations

import re

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def seite(browser_seite_modul):
    return browser_seite_modul("begegnung.py")


def _ueberlappen(a, b) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def _spalten(seite):
    return [s.bounding_box() for s in seite.locator(".gm-varianten > .gm-spalte").all()]


def test_varianten_formulare_und_tabellen(seite, keine_zellfehler, warte_fertig):
    seite.get_by_role("combobox").first.select_option(label="Savage Worlds")
    warte_fertig(seite)
    seite.get_by_role("combobox").nth(1).select_option(label="Überfall an der Furt (ueberfall_an_der_furt.toml)")
    warte_fertig(seite)
    seite.get_by_text("Variante B daneben durchspielen").click()
    warte_fertig(seite)
    # deutsche Formulare: keine Wörterbuchansicht, keine inneren Schlüssel
    for roh in ("dictionary", "tote_leicht", '"je"', "arbeiter"):
        assert seite.get_by_text(roh, exact=False).count() == 0, roh
    assert seite.get_by_text("tote Helden je Kampf höchstens").count() >= 1
    feld = seite.locator("select", has=seite.locator("option", has_text="Anzahl (wie viele dieses Bogens mitkämpfen)"))
    optionen = feld.locator("option").all_inner_texts()
    assert "Paradebonus des Schilds" in optionen and "anzahl" not in optionen
    seite.get_by_role("button", name="Durchspielen", exact=True).click()
    seite.locator("#begegnung-urteil-b").wait_for(timeout=180_000)
    warte_fertig(seite)
    for breite in (1280, 820):
        seite.set_viewport_size({"width": breite, "height": 900})
        seite.wait_for_timeout(500)
        seite.screenshot(path=f"/tmp/begegnung_{breite}.png", full_page=True)
        gruppen = seite.locator(".gm-varianten").all()
        assert len(gruppen) >= 2  # Eingaben und Ergebnisse
        for gruppe in gruppen:
            boxen = [s.bounding_box() for s in gruppe.locator(":scope > .gm-spalte").all()]
            for i, a in enumerate(boxen):
                for b in boxen[i + 1:]:
                    assert not _ueberlappen(a, b), (breite, a, b)
                assert a["x"] + a["width"] <= breite  # nichts ragt aus dem Fenster
        ergebnis = seite.locator(".gm-varianten").last.locator(":scope > .gm-spalte").all()
        a, b = ergebnis[0].bounding_box(), ergebnis[1].bounding_box()
        if breite == 1280:
            assert abs(a["y"] - b["y"]) < 2 and b["x"] >= a["x"] + a["width"]  # nebeneinander
        else:
            assert b["y"] >= a["y"] + a["height"] - 1  # untereinander
    # jede Zeile der Ergebnistabelle (3 Helden, Baron, 6 Banditen), kein Blättern
    for kaempfer in ("Brakka", "Mira", "Schwarzer Baron", "Bandit 6"):
        assert seite.get_by_role("cell", name=kaempfer, exact=True).count() == 2, kaempfer
    assert seite.get_by_text(re.compile(r"^Page \d|Seite \d von")).count() == 0
    grenzen = seite.locator("#begegnung-grenzen").inner_text()
    assert "nicht spielt" in grenzen and "heilt" in grenzen and "zurück" in grenzen and "obere Grenze" in grenzen
    keine_zellfehler(seite)


@pytest.mark.parametrize(("system", "einheit"), [("Zeitstrahl", "Ticks"), ("W100", "Runden")])
def test_einheit_grenze_und_grosse_satzanfaenge(seite, keine_zellfehler, warte_fertig, system, einheit):
    seite.set_viewport_size({"width": 1280, "height": 900})
    seite.get_by_role("combobox").first.select_option(label=system)
    warte_fertig(seite)
    assert seite.get_by_text(f"höchstens {einheit} je Kampf").count() == 1
    grenze = seite.get_by_role("textbox", name=f"höchstens {einheit} je Kampf")
    grenze.fill("3")
    grenze.press("Enter")
    warte_fertig(seite)
    seite.get_by_role("button", name="Durchspielen", exact=True).click()
    ergebnis = seite.locator("#begegnung-ergebnis", has_text="Kämpfe:")
    ergebnis.wait_for(timeout=120_000)
    warte_fertig(seite)
    text = ergebnis.inner_text()
    assert f"ohne Sieger (Grenze von 3 {einheit} erreicht" in text, text
    for satz in re.split(r"[:,;] ", text)[1:]:
        assert not re.match(r"[a-zäöü]+ gewinnen", satz), text  # „Helden gewinnen …“, nicht „helden …“
    keine_zellfehler(seite)
