"""Eingetippte Würfel, gleich nach einem Klick getippt (``widgets.Augenwaechter``, Issue 23, Punkt 3).

Am Tisch: der Spielleiter klickt „Angreifen“, die Spieler haben für den nächsten Wurf schon
gewürfelt, er tippt sofort – während der Kernel den Schritt noch rechnet. marimo zeichnet die
Würfelfelder danach neu (neuer Schritt, neuer Fingerabdruck in der Beschriftung: ``tisch.frisch``)
und zeigte sie leer, obwohl der Kernel die Augen bekommen hatte: das Feld sagte „Programm würfelt“,
gerechnet wurde mit den getippten Augen (in etwa jedem zweiten Versuch, gemessen mit marimo 0.25).
Jetzt stehen sie wieder im Feld und zählen. Wer zuerst tippt und dann klickt (der gewöhnliche
Weg), bekommt nach dem Schritt weiter leere Felder.

Ein kleines Notebook mit denselben Bausteinen wie die Live-Notebooks (``tisch.kopf``,
``tisch.wuerfel_feld`` mit Schrittzahl, eine Zelle, die den Schritt 1 s lang rechnet).
"""

from __future__ import annotations

import pytest

NOTEBOOK = '''
import marimo

app = marimo.App()

with app.setup:
    import time

    import marimo as mo

    from gm_helfer import tisch

    GEMERKT = {"_schritt": 0}


@app.cell
def _():
    get_n, set_n = mo.state(0)
    tisch.kopf("# Würfel tippen")
    return get_n, set_n


@app.cell
def _(set_n):
    schritt = mo.ui.button(label="Schritt", on_click=lambda v: set_n(lambda n: n + 1))
    lesen = mo.ui.button(label="Lesen", value=0, on_click=lambda v: v + 1)
    mo.hstack([schritt, lesen])
    return (lesen,)


@app.cell
def _(get_n):
    n = get_n()
    time.sleep(1.0)  # der Schritt rechnet
    if GEMERKT["_schritt"] != n:
        GEMERKT.clear()
        GEMERKT["_schritt"] = n
    felder = mo.ui.dictionary({"a": tisch.wuerfel_feld("Angriffswurf", "z. B. 8", wert=GEMERKT.get("a", ""), schluessel=n)},
                              on_change=GEMERKT.update)
    felder
    return


@app.cell
def _(lesen):
    lesen.value
    mo.md(f"<span id='kern'>{GEMERKT.get('a', '')}|{GEMERKT['_schritt']}</span>")
    return
'''


@pytest.mark.browser
def test_gleich_nach_dem_klick_getippt_steht_im_feld_und_zaehlt(browser_seite, tmp_path):
    datei = tmp_path / "augen.py"
    datei.write_text(NOTEBOOK, encoding="utf-8")
    seite = browser_seite(str(datei))
    feld = seite.get_by_role("textbox", name="Angriffswurf", exact=True)
    feld.wait_for(timeout=60_000)
    seite.wait_for_timeout(2000)  # der Wächter (ein anywidget in tisch.kopf) ist geladen

    def kernel() -> tuple[str, str]:
        seite.get_by_role("button", name="Lesen", exact=True).click()
        seite.wait_for_timeout(800)
        augen, schritt = seite.locator("#kern").inner_text().split("|")
        return augen, schritt

    gesehen = []
    for i in range(4):  # ohne den Wächter stand das Feld in etwa jedem zweiten Versuch leer
        wert = str(10 + i)
        seite.get_by_role("button", name="Schritt", exact=True).click()
        feld.fill(wert)  # sofort: der Kernel rechnet den Schritt noch
        seite.keyboard.press("Tab")
        seite.wait_for_timeout(2500)
        gesehen.append((wert, feld.input_value(), *kernel()))
    for wert, im_feld, im_kernel, schritt in gesehen:
        assert (im_feld, im_kernel) == (wert, wert), (
            f"gleich nach dem Klick getippt ({wert}): Feld zeigt {im_feld!r}, der Kernel rechnet mit {im_kernel!r} "
            f"(Schritt {schritt}); alle Versuche: {gesehen}")

    # der gewöhnliche Weg: erst tippen (mit Tab, Enter oder direkt), dann klicken – nach dem Schritt leer
    for i, weg in enumerate(("Tab", "Enter", "")):
        vorher = kernel()[1]
        feld.fill(str(50 + i))
        if weg:
            seite.keyboard.press(weg)
        seite.get_by_role("button", name="Schritt", exact=True).click()
        seite.wait_for_timeout(3000)
        augen, schritt = kernel()
        assert int(schritt) == int(vorher) + 1
        assert (feld.input_value(), augen) == ("", ""), (weg, feld.input_value(), augen)
