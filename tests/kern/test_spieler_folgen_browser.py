"""Die Spieleransicht folgt dem Tisch (headless Chromium): ein neuer Kampf erscheint ohne Neuladen
binnen 2 s, ein beendeter bleibt stehen, bis der nächste beginnt; die Großansicht (``?ansicht=tv``)
ist bei 1920 × 1080 aus drei Metern lesbar; und keiner der beiden Server (``gm-helfer`` und
``gm-helfer --spieler``) schickt einen absoluten Pfad des Spielleiter-Rechners an den Browser."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from gm_helfer import start
from gm_helfer.browser import beenden, freier_port, isolierte_umgebung
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k

sys.path.insert(0, str(Path(__file__).resolve().parent))
from spieler_hilfe import kaempfer, kampf_anlegen  # noqa: E402

pytestmark = pytest.mark.browser

NOTEBOOK = "spieleransicht.py"
PROJEKT = Path(__file__).resolve().parents[2]


def _zweiter_kampf(ordner: Path, name: str = "savage_worlds_wolf.jsonl") -> Verlauf:
    """Mira gegen zwei Wölfe, in einer eigenen Datei – der nächste Kampf des Abends."""
    startzustand = k.kampf_beginnen([kaempfer("Mira", "Helden"), kaempfer("Wolf", "Schurken")])
    v = Verlauf(startzustand, k.anwenden, datei=ordner / name, system="savage_worlds",
                kopf=k.kopf(startzustand))
    v.ausfuehren(k.ereignis_runde(v.zustand))
    v.ausfuehren(k.ereignis_karten(v.zustand, eingetippt={"Mira": ["D♠"], "Wolf": ["3♣"]}))
    v.ausfuehren(k.ereignis_am_zug(v.zustand, "Mira"))
    return v


def test_neuer_kampf_erscheint_ohne_neuladen(chromium_browser, marimo_server, warte_fertig, keine_zellfehler, tmp_path):
    # ein eigener Server mit eigenem, leerem Kampfordner (ein leerer Abend; frühere Tests am
    # gemeinsamen Server hinterlassen Kämpfe und eine gewählte Ansicht)
    ordner = tmp_path / "kaempfe"
    ordner.mkdir()
    url = marimo_server(NOTEBOOK, kaempfe=ordner)
    kontext = chromium_browser.new_context(viewport={"width": 820, "height": 1100}, locale="de-DE")
    seite = kontext.new_page()
    erster = zweiter = None
    try:
        seite.goto(url + "/")
        # die Seite steht („Noch kein Kampf“ – oder, nach anderen Tests am selben Server, die Ansicht)
        seite.locator("#spieler-kein-kampf, #spieler-ansicht").first.wait_for(timeout=60_000)
        warte_fertig(seite)
        erster = kampf_anlegen(ordner)  # der Spielleiter beginnt einen Kampf
        beginn = time.monotonic()  # ab jetzt steht er auf der Platte
        seite.locator("#spieler-am-zug", has_text="Brakka").wait_for(timeout=5_000)
        assert time.monotonic() - beginn < 2.0, f"{time.monotonic() - beginn:.2f} s"
        erster.schliessen()  # … der Kampf ist aus: er bleibt stehen
        seite.wait_for_timeout(2500)
        assert "Brakka" in seite.locator("#spieler-am-zug").inner_text()
        time.sleep(0.05)  # eine neuere Datei
        zweiter = _zweiter_kampf(ordner)
        beginn = time.monotonic()
        seite.locator("#spieler-am-zug", has_text="Mira").wait_for(timeout=5_000)
        assert time.monotonic() - beginn < 2.0, f"{time.monotonic() - beginn:.2f} s"
        assert "Wolf" in seite.locator("#spieler-gegner").inner_text()
        seite.screenshot(path=str(tmp_path / "spieler_folgen_820.png"), full_page=True)
        keine_zellfehler(seite)
    finally:
        for v in (erster, zweiter):
            if v is not None:
                v.schliessen()
        kontext.close()


def test_grossansicht_fuer_fernseher(chromium_browser, marimo_server, warte_fertig, keine_zellfehler):
    url = marimo_server(NOTEBOOK)
    ordner = marimo_server.ordner[NOTEBOOK] / "kaempfe"
    v = _zweiter_kampf(ordner, "savage_worlds_tv.jsonl")
    kontext = chromium_browser.new_context(viewport={"width": 1920, "height": 1080}, locale="de-DE")
    seite = kontext.new_page()
    try:
        seite.goto(url + "/?ansicht=tv")
        seite.locator("#spieler-ansicht.tv").wait_for(timeout=60_000)
        warte_fertig(seite)
        groesse = lambda sel: float(seite.locator(sel).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))  # noqa: E731
        # aus 3 m lesbar: Grundschrift ≥ 40 px (etwa 2,5 cm auf einem 55-Zoll-Fernseher), „am Zug“ noch größer
        assert groesse("#spieler-helden td") >= 40
        assert groesse("#spieler-am-zug") >= 60
        box = seite.locator("#spieler-am-zug").bounding_box()
        assert box["y"] + box["height"] <= 1080  # ohne Blättern zu sehen
        seite.screenshot(path="/tmp/spieler_tv_1920.png")
        keine_zellfehler(seite)
    finally:
        v.schliessen()
        kontext.close()


def _server(ordner: Path, basis: Path) -> tuple[str, subprocess.Popen]:
    port = freier_port()
    prozess = subprocess.Popen(start.befehl(port=port, ordner=ordner), cwd=PROJEKT, env=isolierte_umgebung(basis),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    assert start.warten_auf_server(url, prozess), "gm-helfer ist nicht gestartet"
    return url, prozess


def test_kein_absoluter_pfad_in_seiten_und_websockets(chromium_browser, tmp_path):
    """Beide Server so gestartet wie von ``gm-helfer`` (``gm_helfer.server``): der Ordner der
    Notebooks und allein die Spieleransicht. Weder im Seitenquelltext noch in einem
    Websocket-Rahmen (gesendet oder empfangen) steht der Projektordner oder das Home-Verzeichnis."""
    basis = tmp_path / "gm"
    isolierte_umgebung(basis)  # legt die Ordner an
    kampf_anlegen(basis / "kaempfe").schliessen()
    verboten = {str(PROJEKT), str(basis / "home"), str(basis), os.path.expanduser("~")}
    verboten.discard("/")
    gesehen: list[str] = []
    server = [_server(start.notebook_ordner(), basis), _server(start.notebook_ordner() / start.SPIELERANSICHT, basis)]
    kontext = chromium_browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    try:
        for url, pfad in ((server[0][0], "/?file=savage_worlds_kampf.py"), (server[0][0], "/"), (server[1][0], "/")):
            seite = kontext.new_page()
            seite.on("websocket", lambda ws: (ws.on("framereceived", lambda f: gesehen.append(str(f))),
                                              ws.on("framesent", lambda f: gesehen.append(str(f)))))
            seite.goto(url + pfad)
            if "savage_worlds_kampf" in pfad:  # der Spielleiter beginnt einen Kampf
                seite.get_by_role("button", name="Neuer Kampf").first.click(timeout=90_000)
            elif url == server[1][0]:
                seite.locator("#spieler-ansicht").wait_for(timeout=90_000)
            seite.wait_for_timeout(5000)
            with urllib.request.urlopen(url + pfad, timeout=30) as antwort:  # der Quelltext, wie er ankommt
                quelle = antwort.read().decode("utf-8")
            assert "<marimo-filename hidden>" in quelle
            gesehen.append(quelle)
            gesehen.append(seite.content())
            gesehen.append(seite.evaluate("document.documentElement.outerHTML"))
            seite.close()
        assert len(gesehen) > 20  # es kamen Rahmen an
        text = "\n".join(gesehen)
        for pfad in sorted(verboten):
            i = text.find(pfad)
            assert i < 0, f"{pfad} erreicht den Browser: …{text[max(0, i - 300):i + 200]}…"
        assert "<marimo-filename hidden>spieleransicht.py</marimo-filename>" in text  # nur der Name
    finally:
        kontext.close()
        for _, prozess in server:
            beenden(prozess)
