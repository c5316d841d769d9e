"""Die Spieleransicht in headless Chromium: sie folgt dem Kampf, während der Spielleiter
schreibt (hier: der Test als Schreiber, wie das Live-Notebook), übersteht sein Rückgängig und
schickt weder Werte der Gegner noch verborgene Gegner an den Browser."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from gm_helfer import spieler

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spieler_hilfe import GEHEIM, kampf_anlegen, treffer  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK = "spieleransicht.py"


def test_spieleransicht_folgt_dem_spielleiter(chromium_browser, marimo_server, warte_fertig, keine_zellfehler, tmp_path):
    url = marimo_server(NOTEBOOK)
    ordner = marimo_server.ordner[NOTEBOOK] / "kaempfe"
    verlauf = kampf_anlegen(ordner)
    spieler.verbergen(verlauf.datei, ["Attentäter"])
    kontext = chromium_browser.new_context(viewport={"width": 820, "height": 1100}, locale="de-DE")
    nachrichten: list[str] = []
    seite = kontext.new_page()
    seite.on("websocket", lambda ws: ws.on("framereceived", lambda inhalt: nachrichten.append(str(inhalt))))
    try:
        seite.goto(url + "/")
        seite.locator("#spieler-am-zug").filter(has_text="Brakka").wait_for(timeout=60000)
        warte_fertig(seite)
        keine_zellfehler(seite)
        baron = seite.locator("#spieler-gegner tr", has_text="Baron")
        assert "kampfbereit" in baron.inner_text()

        beginn = time.monotonic()
        treffer(verlauf)  # der Spielleiter würfelt: Angeschlagen
        seite.locator("#spieler-gegner tr", has_text="Angeschlagen").wait_for(timeout=10000)
        dauer = time.monotonic() - beginn
        print(f"Spieleransicht folgte nach {dauer:.2f} s")

        verlauf.rueckgaengig()  # … und nimmt es zurück
        seite.locator("#spieler-gegner tr", has_text="kampfbereit").filter(has_text="Baron").wait_for(timeout=10000)
        seite.screenshot(path=str(tmp_path / "spieleransicht_820.png"), full_page=True)
        keine_zellfehler(seite)

        gesehen = seite.content() + "".join(nachrichten)
        for wort in (*GEHEIM, "Attentäter"):
            assert wort not in gesehen
    finally:
        verlauf.schliessen()
        kontext.close()


def test_spielleiter_klickt_im_live_notebook_spieler_sehen_es(chromium_browser, marimo_server, warte_fertig,
                                                               keine_zellfehler, tmp_path):
    """Zwei Seiten wie am Tisch: der Spielleiter im Savage-Worlds-Live-Notebook, die Spieler in der
    Spieleransicht (eigener Server, derselbe Kampfordner)."""
    gm_url = marimo_server("savage_worlds_kampf.py")
    ordner = marimo_server.ordner["savage_worlds_kampf.py"] / "kaempfe"
    kontext = chromium_browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    try:
        gm = kontext.new_page()
        gm.goto(gm_url + "/")
        warte_fertig(gm)
        gm.get_by_role("button", name="Neuer Kampf").first.click()
        warte_fertig(gm)
        assert list(ordner.glob("savage_worlds_*.jsonl"))
        sp = kontext.new_page()
        sp.goto(marimo_server(NOTEBOOK, kaempfe=ordner) + "/")
        sp.locator("#spieler-ansicht").wait_for(timeout=60000)
        warte_fertig(sp)
        assert "Noch keine Reihenfolge" in sp.locator("#spieler-reihenfolge").inner_text()
        beginn = time.monotonic()
        gm.get_by_role("button", name="Neue Runde: Karten austeilen").first.click()
        sp.locator("#spieler-am-zug", has_text="Runde 1").wait_for(timeout=10000)
        print(f"Spieleransicht zeigte die neue Runde nach {time.monotonic() - beginn:.2f} s")
        assert "Noch keine Reihenfolge" not in sp.locator("#spieler-reihenfolge").inner_text()
        keine_zellfehler(gm)
        keine_zellfehler(sp)
    finally:
        kontext.close()
