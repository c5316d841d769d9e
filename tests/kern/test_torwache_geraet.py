"""Issue 23, Punkt 2: die Torwache gibt jedem Browser ein langlebiges, zufälliges Geräte-Cookie.

Daran erkennt die Schreibsperre den eigenen Browser des Spielleiters wieder (neu geladener oder
zweiter Tab): „Kampf fortsetzen“ bekommt den Kampf sofort zurück. Vorher setzte die Wache kein
solches Cookie – jeder neue Tab war eine fremde Sitzung.
"""

from __future__ import annotations

import re

from gm_helfer.torwache import GERAET_COOKIE, Torwache, geraet_aus_kopf
from tests.kern.test_torwache import _app_mit_protokoll, _rufen


def _geraete_cookies(gesendet) -> list[bytes]:
    return [v for k, v in gesendet[0]["headers"] if k == b"set-cookie" and v.startswith(GERAET_COOKIE.encode() + b"=")]


def test_erster_besuch_bekommt_geraete_cookie_streng_und_langlebig():
    app, _ = _app_mit_protokoll()
    _, gesendet = _rufen(Torwache(app, port=2718))
    (cookie,) = _geraete_cookies(gesendet)
    wert = cookie.split(b";")[0].split(b"=", 1)[1]
    assert re.fullmatch(rb"[A-Za-z0-9_-]{43}", wert), "zufällig, 32 Bytes"
    klein = cookie.lower()
    assert b"samesite=strict" in klein and b"httponly" in klein and b"path=/" in klein
    assert int(re.search(rb"max-age=(\d+)", klein).group(1)) >= 365 * 24 * 3600


def test_jeder_browser_ein_anderes_cookie():
    app, _ = _app_mit_protokoll()
    wache = Torwache(app, port=2718)
    werte = {_geraete_cookies(_rufen(wache)[1])[0] for _ in range(5)}
    assert len(werte) == 5


def test_vorhandenes_cookie_bleibt_und_kommt_bei_der_app_an():
    app, gesehen = _app_mit_protokoll()
    wert = "a" * 43
    _, gesendet = _rufen(Torwache(app, port=2718), kopf=[("cookie", f"x=1; {GERAET_COOKIE}={wert}")])
    assert _geraete_cookies(gesendet) == []
    assert geraet_aus_kopf({"cookie": f"x=1; {GERAET_COOKIE}={wert}"}) == wert
    kopf = dict(gesehen[0]["headers"])
    assert f"{GERAET_COOKIE}={wert}".encode() in kopf[b"cookie"]


def test_ungueltiges_cookie_wird_ersetzt():
    app, _ = _app_mit_protokoll()
    _, gesendet = _rufen(Torwache(app, port=2718), kopf=[("cookie", f"{GERAET_COOKIE}=kurz")])
    assert len(_geraete_cookies(gesendet)) == 1
    assert geraet_aus_kopf({"cookie": f"{GERAET_COOKIE}=kurz"}) is None


def test_auch_mit_passwort():
    app, _ = _app_mit_protokoll()
    _, gesendet = _rufen(Torwache(app, host="0.0.0.0", port=2718, passwort="geheim"), host="192.168.1.20:2718")
    assert len(_geraete_cookies(gesendet)) == 1
