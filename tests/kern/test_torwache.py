"""Die Torwache vor marimo (ohne Server): Host, Herkunft, Cookie, gebremste Anmeldung, Einmalcode.

Vorher las und bediente jede fremde Webseite im Browser des Spielleiters dessen Server: kein
Prüfen von ``Origin`` auf ``/ws``, ein fremder ``Host`` (DNS-Rebinding) bekam 200/101, das
Cookie war ``SameSite=lax``, 300 falsche Passwörter in 2 s wurden alle geprüft.
"""

from __future__ import annotations

import asyncio
import base64
import threading

import pytest

from gm_helfer import torwache
from gm_helfer.torwache import Torwache


class _Uhr:
    def __init__(self) -> None:
        self.jetzt = 1000.0

    def __call__(self) -> float:
        return self.jetzt


def _app_mit_protokoll():
    gesehen: list[dict] = []

    async def app(scope, receive, send):
        gesehen.append(scope)
        if scope["type"] == "websocket":
            await receive()
            await send({"type": "websocket.accept"})
            return
        koerper = b""
        while True:
            nachricht = await receive()
            koerper += nachricht.get("body", b"")
            if not nachricht.get("more_body"):
                break
        scope["koerper"] = koerper
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"set-cookie", b"session_2718=abc; path=/; Max-Age=1209600; httponly; samesite=lax"),
        ]})
        await send({"type": "http.response.body", "body": b"ok"})

    return app, gesehen


def _ausfuehren(koroutine) -> None:
    """In einem eigenen Thread (Playwrights Ereignisschleife im Hauptthread stört ``asyncio.run`` nicht)."""
    fehler: list[BaseException] = []

    def laufen():
        try:
            asyncio.run(koroutine)
        except BaseException as f:  # noqa: BLE001 – im Test wieder werfen
            fehler.append(f)

    faden = threading.Thread(target=laufen)
    faden.start()
    faden.join()
    if fehler:
        raise fehler[0]


def _rufen(wache, *, art="http", methode="GET", pfad="/", host="127.0.0.1:2718", origin=None,
           referer=None, abfrage=b"", koerper=b"", kopf=(), client="127.0.0.1"):
    kopfzeilen = [(b"host", host.encode())] if host is not None else []
    if origin is not None:
        kopfzeilen.append((b"origin", origin.encode()))
    if referer is not None:
        kopfzeilen.append((b"referer", referer.encode()))
    kopfzeilen += [(k.encode(), v.encode()) for k, v in kopf]
    scope = {"type": art, "path": pfad, "query_string": abfrage, "headers": kopfzeilen,
             "client": (client, 5555)}
    if art == "http":
        scope["method"] = methode
    eingang = [{"type": "websocket.connect"}] if art == "websocket" else [
        {"type": "http.request", "body": koerper, "more_body": False}]
    gesendet: list[dict] = []

    async def receive():
        return eingang.pop(0) if eingang else {"type": "http.disconnect"}

    async def send(nachricht):
        gesendet.append(nachricht)

    _ausfuehren(wache(scope, receive, send))
    if art == "websocket":
        return 101 if gesendet and gesendet[0]["type"] == "websocket.accept" else 403, gesendet
    return gesendet[0]["status"], gesendet


@pytest.mark.parametrize(
    "gebunden, host, erlaubt",
    [
        ("127.0.0.1", "127.0.0.1:2718", True), ("127.0.0.1", "localhost:2718", True),
        ("127.0.0.1", "[::1]:2718", True), ("127.0.0.1", "LOCALHOST.:2718", True),
        ("127.0.0.1", "angreifer.example:2718", False), ("127.0.0.1", "angreifer.example", False),
        ("127.0.0.1", "192.168.1.20:2718", False), ("127.0.0.1", "127.0.0.1:9999", False),
        ("127.0.0.1", "", False), ("127.0.0.1", None, False),
        ("0.0.0.0", "192.168.1.20:2718", True), ("0.0.0.0", "[fe80::1]:2718", True),
        ("0.0.0.0", "127.0.0.1:2718", True), ("0.0.0.0", "angreifer.example:2718", False),
        ("192.168.1.20", "192.168.1.20:2718", True),
    ],
)
def test_nur_eigene_adressen(gebunden, host, erlaubt):
    app, gesehen = _app_mit_protokoll()
    status, _ = _rufen(Torwache(app, host=gebunden, port=2718), host=host)
    assert (status == 200) is erlaubt
    assert bool(gesehen) is erlaubt  # abgelehnt: marimo sieht die Anfrage gar nicht


def test_rechnername_im_netz_erlaubt():
    import socket

    name = socket.gethostname().split(".")[0]
    app, _ = _app_mit_protokoll()
    assert _rufen(Torwache(app, host="0.0.0.0", port=2718), host=f"{name}:2718")[0] == 200
    assert _rufen(Torwache(app, host="127.0.0.1", port=2718), host=f"{name}.example:2718")[0] == 403


def test_ablehnung_deutsch():
    app, _ = _app_mit_protokoll()
    status, gesendet = _rufen(Torwache(app, port=2718), host="angreifer.example:2718")
    assert status == 403
    assert "eigenen Adresse" in gesendet[1]["body"].decode()


@pytest.mark.parametrize(
    "art, methode, origin, referer, erlaubt",
    [
        ("websocket", None, "http://127.0.0.1:2718", None, True),
        ("websocket", None, "http://angreifer.example", None, False),
        ("websocket", None, "http://127.0.0.1:8000", None, False),  # andere Seite auf demselben Rechner
        ("websocket", None, "null", None, False),
        ("websocket", None, None, None, False),
        ("http", "POST", "http://127.0.0.1:2718", None, True),
        ("http", "POST", "http://angreifer.example", None, False),
        ("http", "POST", None, None, False),  # verändernd ohne Herkunft
        ("http", "POST", None, "http://127.0.0.1:2718/?file=start.py", True),
        ("http", "POST", None, "http://127.0.0.1:8000/", False),
        ("http", "DELETE", None, None, False),
        ("http", "GET", None, None, True),  # eine Seite öffnen (Adresszeile, Link)
        ("http", "GET", "http://127.0.0.1:2718", None, True),
        ("http", "GET", "http://127.0.0.1:8000", None, False),  # fremde Seite liest die API
    ],
)
def test_herkunft(art, methode, origin, referer, erlaubt):
    app, gesehen = _app_mit_protokoll()
    status, _ = _rufen(Torwache(app, port=2718), art=art, methode=methode or "GET", pfad="/api/kernel/run",
                       origin=origin, referer=referer)
    assert (status in (101, 200)) is erlaubt


def test_cookie_streng_und_httponly():
    app, _ = _app_mit_protokoll()
    _, gesendet = _rufen(Torwache(app, port=2718))
    cookies = [v.lower() for k, v in gesendet[0]["headers"] if k == b"set-cookie"]
    assert cookies and any(c.startswith(b"session_2718=") for c in cookies)
    for cookie in cookies:  # marimos Sitzungs-Cookie und das Geräte-Cookie der Wache
        assert b"samesite=strict" in cookie and b"samesite=lax" not in cookie and b"httponly" in cookie
    assert torwache._cookie_streng(b"a=b") == b"a=b; samesite=strict; httponly"


def _login(wache, passwort, client="10.0.0.5"):
    status, gesendet = _rufen(wache, methode="POST", pfad="/auth/login", origin="http://127.0.0.1:2718",
                              koerper=f"password={passwort}".encode(), client=client)
    return status, gesendet


def test_anmeldung_gebremst_versuche_je_minute():
    """Ein Angreifer, der eine Minute lang so schnell er kann rät: höchstens ein paar Versuche werden
    geprüft (vorher: 300 in 2 s), die übrigen bekommen 429 ohne Prüfung; der Körper kommt bei
    marimo unverändert an."""
    uhr = _Uhr()
    app, gesehen = _app_mit_protokoll()
    wache = Torwache(app, port=2718, passwort="geheim", uhr=uhr)
    geprueft = abgewiesen = 0
    while uhr.jetzt < 1060.0:
        status, gesendet = _login(wache, "falsch")
        if status == 429:
            abgewiesen += 1
            text = gesendet[1]["body"].decode()
            assert "Zu viele falsche Passwörter" in text and "Sekunde" in text
            assert int(dict(gesendet[0]["headers"])[b"retry-after"]) >= 1
        else:
            geprueft += 1
        uhr.jetzt += 0.05
    assert geprueft <= torwache.FREIE_VERSUCHE + 7  # 1, 2, 4, 8, 16, 32 s Wartezeit: ~9 je Minute
    assert abgewiesen > 1000
    assert all(s.get("koerper") == b"password=falsch" for s in gesehen)
    # auch das richtige Passwort wird während der Sperre nicht geprüft …
    assert _login(wache, "geheim")[0] == 429
    # … andere Geräte sind nicht betroffen, und nach der Wartezeit geht es
    assert _login(wache, "geheim", client="10.0.0.6")[0] == 200
    uhr.jetzt += wache.wartezeit("10.0.0.5") + 0.1
    assert _login(wache, "geheim")[0] == 200
    assert wache.fehlversuche.get("10.0.0.5") is None


def test_anmeldung_gebremst_auch_fuer_token_und_kopf():
    uhr = _Uhr()
    app, _ = _app_mit_protokoll()
    wache = Torwache(app, port=2718, passwort="geheim", uhr=uhr)
    basic = base64.b64encode(b"x:falsch").decode()
    for _ in range(torwache.FREIE_VERSUCHE):
        _rufen(wache, abfrage=b"access_token=falsch")
    assert _rufen(wache, abfrage=b"access_token=geheim")[0] == 429
    assert _rufen(wache, kopf=[("authorization", f"Basic {basic}")])[0] == 429
    assert _rufen(wache, kopf=[("authorization", "Bearer falsch")])[0] == 429
    assert _rufen(wache, art="websocket", origin="http://127.0.0.1:2718", abfrage=b"access_token=x")[0] == 403
    assert _rufen(wache)[0] == 200  # ohne Anmeldeversuch: die Seite (marimo leitet zur Anmeldung)


def test_einmalcode_nur_einmal():
    app, gesehen = _app_mit_protokoll()
    wache = Torwache(app, port=2718, passwort="geheim", einmalcode="c0de")
    assert _rufen(wache, abfrage=b"file=start.py&anmeldecode=c0de")[0] == 200
    assert gesehen[-1]["query_string"] == b"file=start.py&access_token=geheim"  # nur intern für marimo
    _rufen(wache, abfrage=b"file=start.py&anmeldecode=c0de")
    assert gesehen[-1]["query_string"] == b"file=start.py"  # verbraucht: marimo zeigt die Anmeldung
    assert wache.fehlversuche  # ein falscher Code zählt wie ein falsches Passwort


def test_einmalcode_verfaellt():
    uhr = _Uhr()
    app, gesehen = _app_mit_protokoll()
    wache = Torwache(app, port=2718, passwort="geheim", einmalcode="c0de", uhr=uhr)
    uhr.jetzt += torwache.CODE_FRIST + 1
    _rufen(wache, abfrage=b"anmeldecode=c0de")
    assert gesehen[-1]["query_string"] == b""
