"""``gm-helfer`` im Netz: ohne Passwort kein Notebook, keine Serverpfade (Issue 15, Punkt 5).

Vorher diente ``gm-helfer --host 0.0.0.0`` jedem Gerät im Netz alle Notebooks ohne
Anmeldung, und jede Seite nannte den absoluten Projektordner. Alle Anfragen hier gehen
nur an 127.0.0.1: der Passwortmodus wird dort mit ``--passwort`` erzwungen.
"""

from __future__ import annotations

import http.client
import os
import signal
import subprocess
import sys
import time
import urllib.parse

import pytest

from gm_helfer import pfade, server, start

PROJEKT = str(pfade.projekt_ordner())


# --------------------------------------------------------------------------- ohne Server


@pytest.mark.parametrize(
    "host, passwort",
    [
        ("127.0.0.1", False), ("127.0.0.2", False), ("localhost", False), ("::1", False), ("[::1]", False),
        ("0.0.0.0", True), ("", True), ("::", True), ("192.168.1.20", True), ("10.0.0.1", True),
        ("spieltisch.local", True), ("fe80::1", True),
    ],
)
def test_braucht_passwort(host, passwort):
    assert start.braucht_passwort(host) is passwort


def test_befehl_mit_und_ohne_passwort():
    ohne = start.befehl(port=1234)
    assert ohne[:6] == [sys.executable, "-m", "gm_helfer.server", "-y", "run", str(start.notebook_ordner())]
    assert "--no-token" in ohne and "--token" not in ohne
    mit = start.befehl(port=1234, host="0.0.0.0", passwort=True)
    assert mit[-3:] == ["--token", "--token-password-file", "-"]  # über stdin, nicht in der Prozessliste
    assert "--no-token" not in mit


class _FalscherProzess:
    def __init__(self, befehl, **kwargs):
        import io

        self.befehl = befehl
        self.kwargs = kwargs
        self.eingabe = io.BytesIO()
        self.eingabe.close = lambda: setattr(self, "geschlossen", True)
        self.stdin = self.eingabe if kwargs.get("stdin") == subprocess.PIPE else None
        _FalscherProzess.letzter = self

    def poll(self):
        return 0

    def wait(self, timeout=None):
        return 0


@pytest.fixture
def falscher_start(monkeypatch):
    geoeffnet: list[str] = []
    monkeypatch.setattr(start.subprocess, "Popen", _FalscherProzess)
    monkeypatch.setattr(start, "warten_auf_server", lambda url, prozess: True)
    monkeypatch.setattr(start.webbrowser, "open", geoeffnet.append)
    return geoeffnet


def test_netz_ohne_passwort_erzeugt_eines_und_zeigt_es(falscher_start, capsys):
    assert start.main(["--host", "0.0.0.0", "--port", "5560"]) == 0
    prozess = _FalscherProzess.letzter
    assert "--token" in prozess.befehl and "--no-token" not in prozess.befehl
    passwort, code = prozess.eingabe.getvalue().decode().splitlines()
    assert len(passwort) >= 16 and len(code) >= 24 and prozess.geschlossen
    ausgabe = capsys.readouterr().out
    assert f"Passwort: {passwort} (neu erzeugt" in ausgabe
    assert "Im Netz erreichbar" in ausgabe and code not in ausgabe
    assert passwort not in " ".join(prozess.befehl) and code not in " ".join(prozess.befehl)
    # der eigene Browser meldet sich mit dem Einmalcode an, nie mit dem Passwort
    assert falscher_start == [f"http://127.0.0.1:5560/?file=start.py&anmeldecode={code}"]
    start.main(["--host", "0.0.0.0", "--port", "5560"])
    assert _FalscherProzess.letzter.eingabe.getvalue().decode().splitlines()[0] != passwort  # jedes Mal neu


def test_netz_mit_passwort_und_passwortdatei(falscher_start, capsys, tmp_path):
    start.main(["--host", "192.168.1.20", "--port", "5561", "--passwort", "Drache & Zwerg", "--kein-browser"])
    assert _FalscherProzess.letzter.eingabe.getvalue() == b"Drache & Zwerg\n\n"
    ausgabe = capsys.readouterr().out
    assert "Drache" not in ausgabe and "Passwort: wie angegeben." in ausgabe and "Prozessliste" in ausgabe
    datei = tmp_path / "passwort.txt"
    datei.write_text("aus-der-datei\n", encoding="utf-8")
    start.main(["--host", "0.0.0.0", "--port", "5562", "--passwort-datei", str(datei)])
    passwort, code = _FalscherProzess.letzter.eingabe.getvalue().decode().splitlines()
    assert passwort == "aus-der-datei"
    assert falscher_start[-1].endswith(f"&anmeldecode={code}") and "aus-der-datei" not in falscher_start[-1]
    assert "aus-der-datei" not in capsys.readouterr().out
    start.main(["--port", "5563", "--passwort", "x y&z"])  # auch auf Loopback erzwingbar
    assert "--token" in _FalscherProzess.letzter.befehl
    assert "access_token" not in falscher_start[-1] and "x y" not in falscher_start[-1]


def test_loopback_ohne_passwort_wie_bisher(falscher_start):
    start.main(["--port", "5564"])
    assert "--no-token" in _FalscherProzess.letzter.befehl and _FalscherProzess.letzter.stdin is None


@pytest.mark.parametrize(
    "argumente, stueck",
    [
        (["--passwort", "   "], "leer"),
        (["--passwort", "a\nb"], "eine Zeile"),
        (["--passwort", "a", "--passwort-datei", "x"], "nur eines"),
        (["--passwort-datei", "/gibt/es/nicht"], "lässt sich nicht lesen"),
    ],
)
def test_passwort_fehler_deutsch(falscher_start, argumente, stueck):
    with pytest.raises(SystemExit, match=stueck):
        start.main(["--host", "0.0.0.0", "--port", "5565", *argumente])


def test_server_huelle_leert_pfade():
    gesehen = {}

    def mount_config(**kwargs):
        gesehen.update(kwargs)
        return "ok"

    huelle = server.ohne_serverpfade(mount_config)
    assert huelle(filename="x.py", cwd="/home/sl/gm", lsp_workspace={"rootUri": "file:///home/sl"}, mode="read") == "ok"
    assert gesehen == {"filename": "x.py", "cwd": None, "lsp_workspace": None, "mode": "read"}


def test_pfade_verbergen_in_der_notebook_liste():
    import asyncio
    import json
    from concurrent.futures import ThreadPoolExecutor

    antwort = json.dumps(
        {"root": "/home/sl/gm/notebooks", "files": [{"id": "/home/sl/gm/notebooks/wuerfel.py",
                                                    "path": "/home/sl/gm/notebooks/wuerfel.py"}]}
    ).encode()

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(antwort)).encode())]})
        await send({"type": "http.response.body", "body": antwort[:20], "more_body": True})
        await send({"type": "http.response.body", "body": antwort[20:]})

    def abfragen(pfad):
        gesendet = []

        async def senden(nachricht):
            gesendet.append(nachricht)

        # in einem eigenen Thread: läuft in diesem Prozess schon Playwright (Browsertests), hat der
        # Hauptthread eine laufende Ereignisschleife, und asyncio.run ginge hier nicht
        with ThreadPoolExecutor(max_workers=1) as ausfuehrer:
            ausfuehrer.submit(asyncio.run, server.PfadeVerbergen(app, ["/home/sl/gm", "/home/sl/gm/notebooks"])(
                {"type": "http", "path": pfad}, None, senden)).result()
        return gesendet

    start_, koerper = abfragen("/api/home/workspace_files")
    daten = json.loads(koerper["body"])
    assert daten == {"root": "", "files": [{"id": "wuerfel.py", "path": "wuerfel.py"}]}
    assert dict(start_["headers"])[b"content-length"] == str(len(koerper["body"])).encode()
    unberuehrt = abfragen("/api/kernel/run")  # andere Antworten bleiben, wie sie sind
    assert b"".join(n.get("body", b"") for n in unberuehrt[1:]) == antwort
    assert PROJEKT in server._verborgene_ordner(["-y", "run", "notebooks", "--port", "1"])


def test_wurzel_leitet_auf_die_deutsche_startseite():
    """Issue 23: „/“ öffnete marimos englische Galerie statt der deutschen Startseite."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"galerie"})

    def abfragen(pfad, anfrage=b""):
        gesendet = []

        async def senden(nachricht):
            gesendet.append(nachricht)

        with ThreadPoolExecutor(max_workers=1) as ausfuehrer:
            ausfuehrer.submit(asyncio.run, server.Startseite(app, "start.py")(
                {"type": "http", "method": "GET", "path": pfad, "query_string": anfrage}, None, senden)).result()
        return gesendet

    umleitung = abfragen("/")[0]
    assert umleitung["status"] == 307 and dict(umleitung["headers"])[b"location"] == b"/?file=start.py"
    mit_code = abfragen("/", b"code=abc")[0]
    assert dict(mit_code["headers"])[b"location"] == b"/?file=start.py&code=abc"
    for pfad, anfrage in (("/", b"file=wuerfel.py"), ("/api/kernel/run", b""), ("/health", b"")):
        assert abfragen(pfad, anfrage)[0]["status"] == 200
    assert server._startseite(["-y", "run", "notebooks", "--port", "1"]) == "start.py"
    assert server._startseite(["-y", "run", "notebooks/spieleransicht.py"]) is None  # dort ist „/“ das Notebook


def test_deutsche_anmeldeseite():
    from marimo._server.api.endpoints import login

    seite = server.deutsche_anmeldung(login.LOGIN_PAGE)
    html = seite.format(error="Invalid password", base_url="/")
    assert "Passwort für gm_helfer" in html and ">Anmelden</button>" in html and 'lang="de"' in html
    assert "Das Passwort stimmt nicht." in html and "Invalid" not in html and "Login<" not in html
    assert 'action=""' in html  # das Formular behält ?next=…


# --------------------------------------------------------------------------- echter Server


@pytest.fixture(scope="module")
def passwort_server(tmp_path_factory):
    """``gm-helfer --passwort …`` auf 127.0.0.1 (Passwortmodus erzwungen, nur Loopback)."""
    from gm_helfer.browser import freier_port as _freier_port
    from gm_helfer.browser import isolierte_umgebung

    basis = tmp_path_factory.mktemp("passwort_server")
    port = _freier_port()
    passwort = "Drache & Zwerg 7"
    with open(basis / "gm_helfer.log", "wb") as log:  # der Kindprozess hat seine eigene Kopie des Deskriptors
        prozess = subprocess.Popen(
            [sys.executable, "-m", "gm_helfer.start", "--kein-browser", "--port", str(port), "--passwort", passwort],
            cwd=basis,
            env=isolierte_umgebung(basis),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        frist = time.monotonic() + 90
        while time.monotonic() < frist and "gm_helfer läuft" not in (basis / "gm_helfer.log").read_text(errors="replace"):
            assert prozess.poll() is None, (basis / "gm_helfer.log").read_text(errors="replace")
            time.sleep(0.2)
        yield port, passwort
    finally:
        os.killpg(prozess.pid, signal.SIGINT)
        try:
            prozess.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(prozess.pid, signal.SIGKILL)
            prozess.wait()


def _anfrage(port, methode, pfad, *, cookie="", koerper=None, kopf=None):
    """Eine Anfrage an 127.0.0.1 ohne Weiterleitungen zu folgen: (Status, Kopfzeilen, Text)."""
    verbindung = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    kopfzeilen = dict(kopf or {})
    if methode != "GET":  # wie ein Browser: verändernde Anfragen nennen ihre Herkunft
        kopfzeilen.setdefault("Origin", f"http://127.0.0.1:{port}")
    if cookie:
        kopfzeilen["Cookie"] = cookie
    verbindung.request(methode, pfad, body=koerper, headers=kopfzeilen)
    antwort = verbindung.getresponse()
    text = antwort.read().decode("utf-8", errors="replace")
    verbindung.close()
    return antwort.status, antwort, text


def _anmelden(port, passwort) -> str:
    status, antwort, _ = _anfrage(
        port, "POST", "/auth/login?next=%2F%3Ffile%3Dwuerfel.py",
        koerper=urllib.parse.urlencode({"password": passwort}),
        kopf={"Content-Type": "application/x-www-form-urlencoded"},
    )
    assert status == 302, status
    assert antwort.getheader("Location").endswith("/?file=wuerfel.py")
    cookies = [c.split(";")[0] for c in antwort.msg.get_all("Set-Cookie") or []]
    assert cookies
    return "; ".join(cookies)


@pytest.mark.parametrize("pfad", ["/?file=wuerfel.py", "/?file=savage_worlds_kampf.py", "/?file=start.py", "/"])
def test_ohne_anmeldung_kein_notebook(passwort_server, pfad):
    port, _ = passwort_server
    status, antwort, text = _anfrage(port, "GET", pfad)
    if pfad == "/":  # „/“ führt erst zur Startseite (ohne Inhalt), die dann die Anmeldung verlangt
        assert status == 307 and antwort.getheader("Location") == "/?file=start.py" and not text
        status, antwort, text = _anfrage(port, "GET", antwort.getheader("Location"))
    assert status in (302, 303, 401)
    assert "/auth/login" in (antwort.getheader("Location") or "/auth/login")
    assert "__MARIMO_MOUNT_CONFIG__" not in text and "Würfellabor" not in text


def test_ohne_anmeldung_keine_api_und_kein_websocket(passwort_server):
    port, _ = passwort_server
    status, _, _ = _anfrage(port, "POST", "/api/kernel/instantiate", koerper="{}", kopf={"Content-Type": "application/json"})
    assert status in (401, 403)
    status, _, _ = _anfrage(port, "POST", "/api/home/workspace_files", koerper="{}", kopf={"Content-Type": "application/json"})
    assert status in (401, 403)
    import websockets.sync.client as ws_client

    with (
        pytest.raises(Exception) as info,  # noqa: PT011 – jede Ablehnung zählt
        ws_client.connect(f"ws://127.0.0.1:{port}/ws?session_id=s1&file=wuerfel.py", open_timeout=20) as ws,
    ):
        ws.recv(timeout=5)
    assert "403" in str(info.value) or "401" in str(info.value) or "closed" in str(info.value).lower()


def test_falsches_passwort_deutsch_abgelehnt(passwort_server):
    port, _ = passwort_server
    status, antwort, text = _anfrage(
        port, "POST", "/auth/login", koerper="password=falsch",
        kopf={"Content-Type": "application/x-www-form-urlencoded"},
    )
    # kein Sitzungs-Cookie; das Geräte-Cookie der Torwache (Issue 23) meldet niemanden an
    cookies = [c for c in antwort.msg.get_all("Set-Cookie") or [] if not c.startswith("gm_helfer_geraet=")]
    assert status == 200 and "Das Passwort stimmt nicht." in text and not cookies
    status, _, text = _anfrage(port, "GET", "/auth/login")
    assert "Passwort für gm_helfer" in text and "Anmelden" in text


def test_mit_anmeldung_notebook_ohne_serverpfade(passwort_server):
    port, passwort = passwort_server
    cookie = _anmelden(port, passwort)
    status, antwort, _ = _anfrage(port, "GET", "/", cookie=cookie)
    assert status == 307 and antwort.getheader("Location") == "/?file=start.py"  # „/“: die Startseite
    for pfad in ("/?file=wuerfel.py", "/?file=start.py"):
        status, _, text = _anfrage(port, "GET", pfad, cookie=cookie)
        assert status == 200, pfad
        assert "__MARIMO_MOUNT_CONFIG__" in text
        assert PROJEKT not in text and PROJEKT.replace("/", "\\/") not in text, pfad
    status, antwort, _ = _anfrage(port, "GET", "/?file=wuerfel.py&access_token=" + urllib.parse.quote(passwort, safe=""))
    assert status in (302, 303) and antwort.msg.get_all("Set-Cookie")  # so meldet sich der Browser des SL an


def test_browser_anmeldung_dann_wuerfellabor_ohne_serverpfade(passwort_server, chromium_browser):
    """Ein zweites Gerät (eigener Browserkontext): erst die Anmeldeseite, dann das Notebook.

    Alles, was der Server schickt (HTTP-Antworten und Websocket-Nachrichten), nennt den
    Projektordner nicht.
    """
    port, passwort = passwort_server
    kontext = chromium_browser.new_context(locale="de-DE")
    gesehen: list[str] = []

    def antwort(a):
        try:
            gesehen.append(a.text())
        except Exception:  # noqa: BLE001 – Weiterleitungen und Binärdaten haben keinen Text
            pass

    try:
        seite = kontext.new_page()
        seite.on("response", antwort)
        seite.on("websocket", lambda ws: ws.on("framereceived", lambda f: gesehen.append(str(f))))
        seite.goto(f"http://127.0.0.1:{port}/?file=wuerfel.py")
        seite.wait_for_url("**/auth/login**", timeout=30000)
        assert seite.locator("#chance").count() == 0
        seite.get_by_label("Passwort für gm_helfer").fill("falsch")
        seite.get_by_role("button", name="Anmelden").click()
        seite.get_by_text("Das Passwort stimmt nicht.").wait_for(timeout=30000)
        seite.get_by_label("Passwort für gm_helfer").fill(passwort)
        seite.get_by_role("button", name="Anmelden").click()
        seite.locator("#chance", has_text="2W6").wait_for(timeout=60000)  # gleich das gewollte Notebook
        # „/“ führt auf die deutsche Startseite (nicht marimos englische Übersicht); ihre Liste nennt
        # keine absoluten Pfade, und der Link öffnet das Notebook
        seite.goto(f"http://127.0.0.1:{port}/")
        seite.locator("#link-wuerfel").first.wait_for(timeout=60000)
        assert "file=start.py" in seite.url
        seite.locator("#link-wuerfel").first.click()
        seite.locator("#chance", has_text="2W6").wait_for(timeout=90000)
        assert seite.url.endswith("?file=wuerfel.py")
        seite.wait_for_timeout(1000)
        assert any("wuerfel.py" in t for t in gesehen)
        assert gesehen and not [t for t in gesehen if PROJEKT in t or PROJEKT.replace("/", "\\/") in t]
    finally:
        kontext.close()
