"""Die Torwache am echten Server: rohe Anfragen an 127.0.0.1 (fremder Host, fremde oder fehlende
Herkunft), der Einmalcode des eigenen Browsers, kein Passwort in Prozessliste und Ausgabe, die
gebremste Anmeldung – und eine fremde Seite auf einem anderen Port in Chromium.

Alle Anfragen gehen nur an 127.0.0.1.
"""

from __future__ import annotations

import http.server
import re
import sys
import threading
import time
import urllib.parse
from pathlib import Path

import pytest

from gm_helfer.torwache import GERAET_COOKIE

sys.path.insert(0, str(Path(__file__).parent))
from server_hilfe import aufraeumen, get, gm_helfer_starten, post, prozessbaum, status, ws_upgrade  # noqa: E402

PASSWORT = "Zwerg & Drache 9"


# --------------------------------------------------------------------------- Loopback, ohne Passwort


@pytest.fixture(scope="module")
def offener_server(tmp_path_factory):
    prozess, port, _ = gm_helfer_starten(tmp_path_factory.mktemp("offen"), "--kein-browser")
    yield "gm", port
    aufraeumen(prozess)


@pytest.fixture(scope="module", params=["gm", "spieler"])
def beide_server(request, offener_server, tmp_path_factory):
    if request.param == "gm":
        yield offener_server
        return
    prozess, port, _ = gm_helfer_starten(tmp_path_factory.mktemp("spieler"), "--kein-browser", "--spieler")
    yield "spieler", port
    aufraeumen(prozess)


def test_fremder_host_abgelehnt(beide_server):
    art, port = beide_server
    seite = "/" if art == "spieler" else "/?file=wuerfel.py"
    assert status(get(port, seite)) == 200
    assert status(get(port, seite, host=f"localhost:{port}")) == 200
    for fremd in (f"angreifer.example:{port}", "angreifer.example", f"192.168.1.77:{port}"):
        assert status(get(port, seite, host=fremd)) == 403, fremd
        assert ws_upgrade(port, host=fremd, origin=f"http://{fremd}") != 101


def test_websocket_nur_von_der_eigenen_seite(offener_server):
    _, port = offener_server
    assert ws_upgrade(port, origin=f"http://127.0.0.1:{port}") == 101
    assert ws_upgrade(port, origin="http://angreifer.example") != 101
    assert ws_upgrade(port, origin=f"http://127.0.0.1:{port + 1}") != 101  # eine Seite auf einem anderen Port
    assert ws_upgrade(port) != 101  # kein Browser schickt ein Upgrade ohne Herkunft


def test_api_nur_von_der_eigenen_seite(beide_server):
    _, port = beide_server
    pfad = "/api/kernel/set_ui_element_value"
    assert status(post(port, pfad, origin="http://angreifer.example")) == 403
    assert status(post(port, pfad)) == 403  # ohne Origin
    assert status(post(port, pfad, origin=f"http://127.0.0.1:{port + 1}")) == 403
    # von der eigenen Seite kommt die Anfrage bei marimo an (das ohne Sitzung ablehnt – nicht 403 der Wache)
    eigene = post(port, pfad, origin=f"http://127.0.0.1:{port}")
    assert "eigenen Adresse" not in eigene and "fremden Webseite" not in eigene


def test_fremde_seite_im_browser_liest_nichts(offener_server, chromium_browser):
    """Eine zweite lokale Seite (anderer Port) im Browser des Spielleiters versucht den Kampf zu lesen."""
    _, port = offener_server
    boese = f"""<!doctype html><html><body><script>
      const ws = new WebSocket("ws://127.0.0.1:{port}/ws?session_id=boese&file=savage_worlds_kampf.py");
      ws.onmessage = (e) => {{ document.title = "gelesen " + e.data.length; }};
      ws.onclose = () => {{ if (!document.title.startsWith("gelesen")) document.title = "abgelehnt"; }};
      fetch("http://127.0.0.1:{port}/api/kernel/set_ui_element_value", {{method: "POST", mode: "no-cors",
            body: "{{}}", headers: {{"Content-Type": "text/plain"}}}}).catch(() => null);
    </script></body></html>""".encode()

    class Seite(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 – http.server
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(boese)

        def log_message(self, *args):
            pass

    fremder = http.server.HTTPServer(("127.0.0.1", 0), Seite)
    threading.Thread(target=fremder.serve_forever, daemon=True).start()
    kontext = chromium_browser.new_context()
    try:
        seite = kontext.new_page()
        seite.goto(f"http://127.0.0.1:{fremder.server_port}/")
        seite.wait_for_function("document.title !== ''", timeout=30000)
        assert seite.title() == "abgelehnt"
        # die eigene Seite im selben Browser geht weiter
        seite.goto(f"http://127.0.0.1:{port}/?file=wuerfel.py")
        seite.locator("#chance", has_text="2W6").wait_for(timeout=90000)
    finally:
        kontext.close()
        fremder.shutdown()


# --------------------------------------------------------------------------- Passwort, eigener Browser


@pytest.fixture(scope="module")
def passwort_server(tmp_path_factory):
    """``gm-helfer --passwort-datei …`` mit „Browser“ (ein Skript, das seine Adresse aufschreibt)."""
    basis = tmp_path_factory.mktemp("passwort")
    datei = basis / "passwort.txt"
    datei.write_text(PASSWORT + "\n", encoding="utf-8")
    adressen = basis / "browser.txt"
    skript = basis / "browser.sh"
    skript.write_text(f'#!/bin/sh\nprintf "%s\\n" "$1" >> "{adressen}"\n', encoding="utf-8")
    skript.chmod(0o755)
    prozess, port, log = gm_helfer_starten(basis, "--passwort-datei", str(datei), env={"BROWSER": str(skript)})
    frist = time.monotonic() + 30
    while not adressen.exists() and time.monotonic() < frist:
        time.sleep(0.1)
    yield prozess, port, log, adressen
    aufraeumen(prozess)


def test_passwort_nicht_in_prozessliste_adresse_oder_ausgabe(passwort_server):
    prozess, port, log, adressen = passwort_server
    for pid in prozessbaum(prozess.pid):
        try:
            befehl = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        assert PASSWORT not in befehl and "access_token" not in befehl, befehl
    adresse = adressen.read_text().strip()
    assert adresse.startswith(f"http://127.0.0.1:{port}/?file=start.py&anmeldecode=")
    assert PASSWORT not in adresse and urllib.parse.quote(PASSWORT) not in adresse
    ausgabe = log.read_text(encoding="utf-8")
    assert PASSWORT not in ausgabe and urllib.parse.quote(PASSWORT, safe="") not in ausgabe
    assert "access_token" not in ausgabe and "anmeldecode" not in ausgabe
    for englisch in ("URL", "Running", "marimo", "Network", "Thanks"):
        assert englisch not in ausgabe, ausgabe
    assert "gm_helfer läuft" in ausgabe and "Einmalcode" in ausgabe


def test_einmalcode_gilt_einmal_und_cookie_streng(passwort_server):
    _, port, _, adressen = passwort_server
    pfad = adressen.read_text().strip().split(f":{port}", 1)[1]
    erste = get(port, pfad)
    assert status(erste) in (302, 303, 307)
    cookies = re.findall(r"(?im)^set-cookie: (.*)$", erste)
    assert cookies, erste
    assert all("samesite=strict" in c.lower() and "httponly" in c.lower() for c in cookies)
    assert "access_token" not in erste and "anmeldecode" not in erste.split("\r\n\r\n")[0].split("location:")[-1].lower()
    cookie = "; ".join(c.split(";")[0] for c in cookies)
    assert status(get(port, "/?file=wuerfel.py", cookie=cookie)) == 200
    zweite = get(port, pfad)  # derselbe Code noch einmal: wertlos
    # derselbe Code noch einmal: keine Sitzung (höchstens das Gerätekennzeichen, torwache.GERAET_COOKIE)
    assert not [c for c in re.findall(r"(?im)^set-cookie: (.*)$", zweite) if not c.startswith(f"{GERAET_COOKIE}=")]
    assert status(get(port, "/?file=wuerfel.py", cookie="")) in (302, 303, 307, 401)


def test_anmeldung_gebremst_am_server(passwort_server):
    """Zuletzt in diesem Modul (sperrt 127.0.0.1 eine Weile): schnelle falsche Passwörter."""
    _, port, _, _ = passwort_server
    geprueft = gebremst = 0
    beginn = time.monotonic()
    while time.monotonic() - beginn < 4.0:
        antwort = post(port, "/auth/login", origin=f"http://127.0.0.1:{port}", koerper="password=falsch",
                       art="application/x-www-form-urlencoded")
        if status(antwort) == 429:
            gebremst += 1
        else:
            geprueft += 1
    assert geprueft <= 6, geprueft  # vorher: alle (300 in 2 s)
    assert gebremst >= 10
