"""Die Torwache vor marimo: nur die eigene Adresse, nur die eigene Herkunft, gebremste Anmeldung.

Eine ASGI-Middleware ganz außen vor marimos Server (:mod:`gm_helfer.server` setzt sie ein). Sie
schützt den Server des Spielleiters vor anderen Webseiten im selben Browser:

* **Host**: nur Anfragen an eine eigene Adresse des Servers – ``127.0.0.1``, ``localhost``,
  ``[::1]``, die gebundene Adresse; im Netz auch jede IP-Adresse (ein Tablet öffnet
  ``http://192.168.…``) und der Name des Rechners. Ein fremder Name (die Form von DNS-Rebinding:
  ``http://angreifer.example`` zeigt plötzlich auf 127.0.0.1) bekommt 403.
* **Origin**: eine Anfrage, die eine fremde Herkunft nennt, bekommt 403; Websockets und
  verändernde Anfragen (POST, PUT, PATCH, DELETE) brauchen die eigene Herkunft (``Origin``,
  ersatzweise ``Referer``) – Browser schicken sie bei marimos eigenen Aufrufen immer mit.
* **Sitzungs-Cookie** ``SameSite=Strict; HttpOnly``: eine Seite auf einem anderen Port desselben
  Rechners bekommt es nicht mitgeschickt.
* **Anmeldung** (nur mit Passwort): nach :data:`FREIE_VERSUCHE` falschen Passwörtern von einer
  Adresse wächst die Wartezeit (1, 2, 4 … bis :data:`LAENGSTE_SPERRE` Sekunden); in der Zeit wird
  kein Passwort geprüft (429, deutsche Meldung). Der eigene Browser des Spielleiters meldet sich
  mit einem **Einmalcode** an (``?anmeldecode=…``): er wird beim ersten Gebrauch gegen das
  Sitzungs-Cookie getauscht und ist danach wertlos; das Passwort steht in keiner Adresse.
* **Geräte-Cookie** :data:`GERAET_COOKIE` (zufällig, langlebig, ``HttpOnly; SameSite=Strict``):
  es erkennt den eigenen Browser des Spielleiters wieder. Lädt er die Seite neu oder öffnet einen
  zweiten Tab, bekommt er seinen Kampf mit „Kampf fortsetzen“ sofort zurück
  (:func:`gm_helfer.protokoll_sperre.geraet`); ein anderes Gerät sieht nur zu oder übernimmt
  ausdrücklich. Es ist keine Anmeldung und öffnet nichts, was nicht schon offen ist.
"""

from __future__ import annotations

import hmac
import ipaddress
import re
import secrets
import socket
import time
from base64 import b64decode
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

__all__ = [
    "CODE_PARAMETER",
    "GERAET_COOKIE",
    "FREIE_VERSUCHE",
    "LAENGSTE_SPERRE",
    "Torwache",
    "eigene_namen",
]

CODE_PARAMETER = "anmeldecode"
#: Name des Geräte-Cookies (siehe Moduldoku)
GERAET_COOKIE = "gm_helfer_geraet"
#: so lange gilt das Geräte-Cookie (Sekunden; Browser kappen bei 400 Tagen)
GERAET_DAUER = 400 * 24 * 3600
_GERAET_WERT = re.compile(r"[A-Za-z0-9_-]{32,128}")
#: so viele falsche Passwörter je Adresse ohne Wartezeit
FREIE_VERSUCHE = 3
#: längste Wartezeit nach falschen Passwörtern (Sekunden)
LAENGSTE_SPERRE = 300.0
#: so lange nach dem Start gilt der Einmalcode (Sekunden)
CODE_FRIST = 600.0
#: nach so langer Ruhe (Sekunden) vergisst die Wache die Fehlversuche einer Adresse
VERGESSEN_NACH = 900.0

_VERAENDERND = {"POST", "PUT", "PATCH", "DELETE"}
_LOOPBACK_NAMEN = {"localhost", "ip6-localhost", "127.0.0.1", "::1"}


def _ist_loopback(host: str) -> bool:
    name = host.strip().strip("[]").lower().rstrip(".")
    if name in _LOOPBACK_NAMEN:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def eigene_namen(host: str) -> frozenset[str]:
    """Die Rechnernamen, unter denen der Server (gebunden an ``host``) erreichbar sein darf."""
    namen = set(_LOOPBACK_NAMEN)
    gebunden = host.strip().strip("[]").lower().rstrip(".")
    if gebunden and gebunden not in ("0.0.0.0", "::"):
        namen.add(gebunden)
    if not _ist_loopback(host):
        try:
            rechner = socket.gethostname().lower().rstrip(".")
        except OSError:  # pragma: no cover - ohne Namen nur die IP-Adressen
            rechner = ""
        if rechner:
            kurz = rechner.split(".")[0]
            namen.update({rechner, kurz, f"{kurz}.local", f"{kurz}.fritz.box", f"{kurz}.lan"})
    return frozenset(namen)


def _host_teilen(wert: str) -> tuple[str, str]:
    """``"[::1]:2718"`` → ``("::1", "2718")``; ``"Localhost."`` → ``("localhost", "")``."""
    wert = wert.strip().lower()
    if wert.startswith("["):
        name, _, rest = wert[1:].partition("]")
        return name, rest[1:] if rest.startswith(":") else ""
    name, trenner, port = wert.rpartition(":")
    if trenner and port.isdigit() and ":" not in name:
        return name.rstrip("."), port
    return wert.rstrip("."), ""


class Torwache:
    """ASGI-Middleware vor marimo (siehe Moduldoku).

    ``host``/``port``: wie marimo gebunden ist. ``passwort``: marimos Token-Passwort (``None`` =
    ohne Anmeldung, nur auf Loopback). ``einmalcode``: der Code für den eigenen Browser.
    ``uhr``: für Tests austauschbar (Sekunden, monoton).
    """

    def __init__(
        self,
        app: Any,
        *,
        host: str = "127.0.0.1",
        port: int | None = None,
        passwort: str | None = None,
        einmalcode: str | None = None,
        uhr: Callable[[], float] = time.monotonic,
    ) -> None:
        self.app = app
        self.im_netz = not _ist_loopback(host)
        self.namen = eigene_namen(host)
        self.port = str(port) if port else ""
        self.passwort = passwort or None
        self.uhr = uhr
        self._code = einmalcode or None
        self._code_bis = uhr() + CODE_FRIST
        self.fehlversuche: dict[str, int] = {}
        self.gesperrt_bis: dict[str, float] = {}
        self._zuletzt: dict[str, float] = {}

    # -- Adresse und Herkunft -------------------------------------------------------------

    def host_erlaubt(self, wert: str | None) -> bool:
        """Ob der ``Host``-Kopf eine eigene Adresse des Servers nennt."""
        if not wert:
            return False
        name, port = _host_teilen(wert)
        if port and self.port and port != self.port:
            return False
        if name in self.namen:
            return True
        try:
            adresse = ipaddress.ip_address(name)
        except ValueError:
            return False  # ein fremder Name: so sieht DNS-Rebinding aus
        return adresse.is_loopback or self.im_netz

    @staticmethod
    def herkunft_eigen(herkunft: str, host: str) -> bool:
        """Ob ``herkunft`` (``Origin`` oder ``Referer``) die Seite dieses Servers ist."""
        try:
            teile = urlsplit(herkunft.strip())
        except ValueError:
            return False
        return teile.scheme in ("http", "https") and teile.netloc.lower() == host.strip().lower()

    def _grund_der_ablehnung(self, scope: dict[str, Any], kopf: dict[str, str]) -> str | None:
        host = kopf.get("host")
        if not self.host_erlaubt(host):
            return (
                "Abgelehnt: gm_helfer antwortet nur unter seiner eigenen Adresse "
                "(127.0.0.1, localhost oder der Adresse dieses Rechners)."
            )
        herkunft = kopf.get("origin")
        if herkunft is not None and not self.herkunft_eigen(herkunft, host or ""):
            return "Abgelehnt: die Anfrage kommt von einer fremden Webseite."
        veraendernd = scope["type"] == "websocket" or scope.get("method", "GET").upper() in _VERAENDERND
        if herkunft is None and veraendernd:
            verweis = kopf.get("referer")
            if verweis is None or not self.herkunft_eigen(
                f"{urlsplit(verweis).scheme}://{urlsplit(verweis).netloc}", host or ""
            ):
                return "Abgelehnt: eine verändernde Anfrage ohne Herkunft (Origin) wird nicht angenommen."
        return None

    # -- Anmeldung ------------------------------------------------------------------------

    def wartezeit(self, adresse: str) -> float:
        """Sekunden, die ``adresse`` noch warten muss, bevor wieder ein Passwort geprüft wird."""
        return max(0.0, self.gesperrt_bis.get(adresse, 0.0) - self.uhr())

    def _fehlversuch(self, adresse: str) -> None:
        jetzt = self.uhr()
        if jetzt - self._zuletzt.get(adresse, jetzt) > VERGESSEN_NACH:
            self.fehlversuche.pop(adresse, None)
        self._zuletzt[adresse] = jetzt
        anzahl = self.fehlversuche.get(adresse, 0) + 1
        self.fehlversuche[adresse] = anzahl
        if anzahl >= FREIE_VERSUCHE:
            self.gesperrt_bis[adresse] = jetzt + min(2.0 ** (anzahl - FREIE_VERSUCHE), LAENGSTE_SPERRE)
        if len(self.fehlversuche) > 10_000:  # pragma: no cover - Schutz des Speichers
            self.fehlversuche.clear()
            self._zuletzt.clear()

    def _richtig(self, adresse: str) -> None:
        self.fehlversuche.pop(adresse, None)
        self.gesperrt_bis.pop(adresse, None)

    def _pruefen(self, adresse: str, versuche: Iterable[str]) -> None:
        for versuch in versuche:
            if self.passwort is not None and hmac.compare_digest(
                versuch.strip().encode("utf-8", "surrogatepass"), self.passwort.encode("utf-8")
            ):
                self._richtig(adresse)
            else:
                self._fehlversuch(adresse)

    def code_einloesen(self, code: str) -> bool:
        """Den Einmalcode prüfen und verbrauchen (danach ist er wertlos)."""
        gueltig = (
            self._code is not None
            and self.uhr() <= self._code_bis
            and hmac.compare_digest(code.encode("utf-8", "surrogatepass"), self._code.encode("utf-8"))
        )
        if gueltig:
            self._code = None
        return gueltig

    @staticmethod
    def _passwoerter(kopf: dict[str, str], abfrage: list[tuple[str, str]]) -> list[str]:
        versuche = [wert for name, wert in abfrage if name == "access_token"]
        auth = kopf.get("authorization")
        if auth:
            art, _, wert = auth.partition(" ")
            if art.lower() == "bearer":
                versuche.append(wert)
            elif art.lower() == "basic":
                try:
                    versuche.append(b64decode(wert).decode("utf-8").partition(":")[2])
                except (ValueError, UnicodeDecodeError):
                    versuche.append("")
        return versuche

    async def _anmeldung(self, scope: dict[str, Any], receive: Any, send: Any, kopf: dict[str, str]) -> Any:
        """Passwörter und Einmalcode der Anfrage prüfen; gibt ``receive`` zurück (oder ``None``,
        wenn die Anfrage schon beantwortet ist)."""
        adresse = (scope.get("client") or ("?", 0))[0]
        abfrage = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        codes = [wert for name, wert in abfrage if name == CODE_PARAMETER]
        versuche = self._passwoerter(kopf, abfrage)
        formular = (
            scope["type"] == "http"
            and scope.get("method") == "POST"
            and scope.get("path", "").rstrip("/").endswith("/auth/login")
        )
        if not (codes or versuche or formular):
            return receive
        warten = self.wartezeit(adresse)
        if warten > 0:
            await self._ablehnen(scope, receive, send, 429, _zu_viele_text(warten), warten=warten)
            return None
        if formular:
            koerper, receive = await _koerper_lesen(receive)
            versuche += [w for n, w in parse_qsl(koerper.decode("utf-8", "replace")) if n == "password"]
        if versuche:
            self._pruefen(adresse, versuche)
        if codes:
            rest = [(n, w) for n, w in abfrage if n not in (CODE_PARAMETER, "access_token")]
            if self.passwort is not None and any(self.code_einloesen(c) for c in codes):
                rest.append(("access_token", self.passwort))  # nur intern: marimo setzt das Cookie
            else:
                self._fehlversuch(adresse)
            scope["query_string"] = urlencode(rest).encode("latin-1", "replace")
        return receive

    # -- ASGI -----------------------------------------------------------------------------

    async def _ablehnen(
        self, scope: dict[str, Any], receive: Any, send: Any, status: int, text: str, *, warten: float = 0.0
    ) -> None:
        if scope["type"] == "websocket":
            await receive()  # websocket.connect
            await send({"type": "websocket.close", "code": 1008, "reason": ""})
            return
        koerper = (
            "<!doctype html><html lang='de'><head><meta charset='utf-8'><title>gm_helfer</title></head>"
            f"<body><p id='abgelehnt'>{text}</p></body></html>"
        ).encode()
        kopfzeilen = [
            (b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(koerper)).encode()),
        ]
        if warten:
            kopfzeilen.append((b"retry-after", str(int(warten) + 1).encode()))
        await send({"type": "http.response.start", "status": status, "headers": kopfzeilen})
        await send({"type": "http.response.body", "body": koerper})

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope.get("type") not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        kopf = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
        grund = self._grund_der_ablehnung(scope, kopf)
        if grund is not None:
            await self._ablehnen(scope, receive, send, 403, grund)
            return
        if self.passwort is not None:
            scope = dict(scope)
            receive = await self._anmeldung(scope, receive, send, kopf)
            if receive is None:
                return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        neues_geraet = None if geraet_aus_kopf(kopf) else _geraet_cookie()

        async def senden(nachricht: dict[str, Any]) -> None:
            if nachricht.get("type") == "http.response.start":
                kopfzeilen = [
                    (k, _cookie_streng(v) if k.lower() == b"set-cookie" else v)
                    for k, v in nachricht.get("headers", [])
                ]
                if neues_geraet is not None:
                    kopfzeilen.append((b"set-cookie", neues_geraet))
                nachricht = {**nachricht, "headers": kopfzeilen}
            await send(nachricht)

        await self.app(scope, receive, senden)


def geraet_aus_kopf(kopf: dict[str, str]) -> str | None:
    """Das Geräte-Cookie aus dem ``Cookie``-Kopf einer Anfrage (``None``, wenn keins oder ein
    ungültiges da ist)."""
    for teil in kopf.get("cookie", "").split(";"):
        name, _, wert = teil.strip().partition("=")
        if name == GERAET_COOKIE and _GERAET_WERT.fullmatch(wert):
            return wert
    return None


def _geraet_cookie() -> bytes:
    wert = secrets.token_urlsafe(32)
    return f"{GERAET_COOKIE}={wert}; Path=/; Max-Age={GERAET_DAUER}; SameSite=Strict; HttpOnly".encode("ascii")


def _zu_viele_text(warten: float) -> str:
    sekunden = int(warten) + 1
    return (
        "Zu viele falsche Passwörter von diesem Gerät. Bitte in "
        f"{sekunden} {'Sekunde' if sekunden == 1 else 'Sekunden'} noch einmal versuchen."
    )


_SAMESITE = re.compile(rb"samesite=[a-z]+", re.IGNORECASE)


def _cookie_streng(wert: bytes) -> bytes:
    """Ein ``Set-Cookie`` mit ``SameSite=Strict`` und ``HttpOnly``."""
    if _SAMESITE.search(wert):
        wert = _SAMESITE.sub(b"samesite=strict", wert)
    else:
        wert += b"; samesite=strict"
    if b"httponly" not in wert.lower():
        wert += b"; httponly"
    return wert


async def _koerper_lesen(receive: Any, grenze: int = 65_536) -> tuple[bytes, Any]:
    """Den Körper einer Anfrage lesen (höchstens ``grenze`` Bytes prüfen) und ihn für die App
    noch einmal abspielen."""
    nachrichten = []
    teile = []
    groesse = 0
    while True:
        nachricht = await receive()
        nachrichten.append(nachricht)
        if nachricht.get("type") != "http.request":
            break
        if groesse < grenze:
            teile.append(nachricht.get("body", b""))
        groesse += len(nachricht.get("body", b""))
        if not nachricht.get("more_body", False):
            break

    async def abspielen() -> Any:
        if nachrichten:
            return nachrichten.pop(0)
        return await receive()

    return b"".join(teile)[:grenze], abspielen
