"""Der marimo-Server hinter ``gm-helfer``: wie ``python -m marimo``, ohne Serverpfade.

marimo schreibt in jede Notebook-Seite den absoluten Ordner des Notebooks (``cwd``) und
den Projektordner (``lspWorkspace``, für die Sprachhilfe im Bearbeitungsmodus). Beim
reinen Benutzen (``marimo run``) braucht die Seite beides nicht; im Netz verrät es
nur, wo und unter welchem Benutzer gm_helfer auf dem Rechner des Spielleiters liegt.
Dieses Modul startet marimos Kommandozeile mit leeren Angaben an diesen beiden Stellen,
ohne absolute Pfade in der Notebook-Liste der Übersicht (:class:`PfadeVerbergen`) und mit
einer deutschen Anmeldeseite (für das Passwort im Netz, siehe :mod:`gm_helfer.start`).

    python -m gm_helfer.server -y run notebooks/ --headless ...
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["ohne_dateipfad", "ohne_serverpfade", "deutsche_anmeldung", "PfadeVerbergen", "Startseite", "main"]

_ANMELDEFEHLER = {
    "Password is required": "Bitte das Passwort eingeben.",
    "Invalid password": "Das Passwort stimmt nicht.",
}


class _DeutscheAnmeldeseite(str):
    """marimos Anmeldeseite auf Deutsch; übersetzt auch die Fehlermeldung beim ``format``."""

    def format(self, *args: Any, **kwargs: Any) -> str:  # noqa: A003 – wie str.format
        if "error" in kwargs:
            kwargs["error"] = _ANMELDEFEHLER.get(kwargs["error"], kwargs["error"])
        return str.format(self, *args, **kwargs)


def deutsche_anmeldung(seite: str) -> str:
    """marimos Anmeldeseite (``LOGIN_PAGE``) mit deutschen Texten."""
    for englisch, deutsch in (
        ('lang="en"', 'lang="de"'),
        ("<title>marimo</title>", "<title>gm_helfer – Anmeldung</title>"),
        ("Access Token / Password", "Passwort für gm_helfer"),
        (">Login</button>", ">Anmelden</button>"),
        # an die eigene Adresse senden: so bleibt ?next=… erhalten und nach der Anmeldung
        # öffnet sich das Notebook, das das Gerät wollte (marimo schickte sonst zur Übersicht)
        ('action="{base_url}auth/login"', 'action=""'),
    ):
        seite = seite.replace(englisch, deutsch)
    return _DeutscheAnmeldeseite(seite)


def ohne_serverpfade(mount_config: Callable[..., str]) -> Callable[..., str]:
    """Hülle um marimos ``_get_mount_config``: ``cwd`` und ``lsp_workspace`` bleiben leer."""

    @functools.wraps(mount_config)
    def huelle(*args: Any, **kwargs: Any) -> str:
        for schluessel in ("cwd", "lsp_workspace"):
            if schluessel in kwargs:
                kwargs[schluessel] = None
        return mount_config(*args, **kwargs)

    huelle.gm_helfer_ohne_pfade = True  # type: ignore[attr-defined]
    return huelle


def ohne_dateipfad(seite: Callable[..., str]) -> Callable[..., str]:
    """Hülle um marimos ``notebook_page_template``: als angezeigten Dateinamen (``<marimo-filename>``
    und ``"filename"`` der Seite) nur den Namen des Notebooks, nie seinen absoluten Pfad.

    Dient ``marimo run`` eine einzelne Datei (``gm-helfer --spieler``), stünde dort sonst der Pfad
    auf dem Rechner des Spielleiters (mit Benutzername). Zum Lesen der Datei behält marimo den
    vollen Pfad (``filepath``), er erreicht die Seite nicht.
    """

    @functools.wraps(seite)
    def huelle(*args: Any, **kwargs: Any) -> str:
        import os

        name = kwargs.get("filename")
        if isinstance(name, str) and os.path.isabs(name):
            if kwargs.get("filepath") is None:
                kwargs["filepath"] = name
            kwargs["filename"] = os.path.basename(name)
        return seite(*args, **kwargs)

    huelle.gm_helfer_ohne_pfade = True  # type: ignore[attr-defined]
    return huelle


class PfadeVerbergen:
    """ASGI-Middleware: Antworten unter ``/api/home/`` ohne absolute Pfade des Servers.

    marimos Übersicht (``/``) holt die Liste der Notebooks von ``/api/home/workspace_files``
    mit absoluten Pfaden (``root``, ``id``, ``path``). Hier wird ``<ordner>/`` daraus
    entfernt und ``<ordner>`` selbst durch ``""`` ersetzt; die Adressen ``?file=wuerfel.py``
    funktionieren relativ genauso.
    """

    def __init__(self, app: Any, ordner: Sequence[str]):
        self.app = app
        # längere zuerst: der Notebook-Ordner vor dem Projektordner
        self.ersatz = [
            (o.encode() + ende, b"")
            for o in sorted(ordner, key=len, reverse=True)
            for ende in (b"/", b"")
        ]

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or "/api/home/" not in scope.get("path", ""):
            await self.app(scope, receive, send)
            return
        kopf: dict[str, Any] = {}
        teile: list[bytes] = []

        async def senden(nachricht: Any) -> None:
            if nachricht["type"] == "http.response.start":
                kopf.update(nachricht)
                return
            if nachricht["type"] == "http.response.body":
                teile.append(nachricht.get("body", b""))
                if nachricht.get("more_body", False):
                    return
                koerper = b"".join(teile)
                for alt, neu in self.ersatz:
                    koerper = koerper.replace(alt, neu)
                kopfzeilen = [
                    (k, v) for k, v in kopf.get("headers", []) if k.lower() != b"content-length"
                ]
                kopfzeilen.append((b"content-length", str(len(koerper)).encode()))
                await send({**kopf, "headers": kopfzeilen})
                await send({"type": "http.response.body", "body": koerper})
                return
            await send(nachricht)

        await self.app(scope, receive, senden)


class Startseite:
    """``/`` öffnet die deutsche Startseite statt marimos englischer Notebook-Liste.

    ``marimo run notebooks/`` zeigt unter ``/`` (ohne ``?file=``) seine Galerie; die Adresse,
    die das README fürs Tablet nennt, ist aber ``http://<Rechner>:<Port>/``. Ein ``GET /`` ohne
    ``file=`` wird auf ``/?file=start.py`` umgeleitet (weitere Parameter, etwa der Einmalcode,
    bleiben). Die Spieleransicht läuft als einzelne Datei: dort ist ``/`` schon das Notebook.
    """

    def __init__(self, app: Any, datei: str):
        self.app = app
        self.datei = datei.encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        anfrage = scope.get("query_string", b"") or b""
        if (scope.get("type") != "http" or scope.get("path") != "/" or scope.get("method") not in ("GET", "HEAD")
                or any(teil.startswith(b"file=") for teil in anfrage.split(b"&"))):
            await self.app(scope, receive, send)
            return
        ziel = (scope.get("root_path", "") or "").encode() + b"/?file=" + self.datei + (b"&" + anfrage if anfrage else b"")
        await send({"type": "http.response.start", "status": 307,
                    "headers": [(b"location", ziel), (b"content-length", b"0"), (b"cache-control", b"no-store")]})
        await send({"type": "http.response.body", "body": b""})


def _startseite(argv: Sequence[str]) -> str | None:
    """``start.py``, wenn ``marimo run`` einen Ordner mit Startseite bekommt, sonst ``None``."""
    from pathlib import Path

    from gm_helfer.start import STARTSEITE

    if "run" not in argv:
        return None
    i = list(argv).index("run")
    if i + 1 >= len(argv) or argv[i + 1].startswith("-"):
        return None
    ordner = Path(argv[i + 1])
    return STARTSEITE if ordner.is_dir() and (ordner / STARTSEITE).is_file() else None


def _mit_pfade_verbergen(
    create_app: Callable[..., Any], ordner: Sequence[str], wache: Mapping[str, Any] | None = None,
    startseite: str | None = None,
) -> Callable[..., Any]:
    @functools.wraps(create_app)
    def huelle(*args: Any, **kwargs: Any) -> Any:
        app = create_app(*args, **kwargs)
        app.add_middleware(PfadeVerbergen, ordner=list(ordner))
        if startseite is not None:
            app.add_middleware(Startseite, datei=startseite)
        if wache is not None:  # ganz außen: zuerst Adresse und Herkunft prüfen
            from gm_helfer.torwache import Torwache

            app.add_middleware(Torwache, **wache)
        return app

    huelle.gm_helfer_ohne_pfade = True  # type: ignore[attr-defined]
    return huelle


def _verborgene_ordner(argv: Sequence[str]) -> list[str]:
    """Projektordner und der Ordner, den ``marimo run`` bekommt (absolut, aufgelöst)."""
    import os

    from gm_helfer import pfade

    ordner = {str(pfade.projekt_ordner())}
    if "run" in argv:
        i = list(argv).index("run")
        if i + 1 < len(argv) and not argv[i + 1].startswith("-"):
            ordner.add(os.path.realpath(argv[i + 1]))
            ordner.add(os.path.abspath(argv[i + 1]))
    return sorted(o for o in ordner if o not in ("", "/"))


def _option(argv: Sequence[str], name: str, standard: str) -> str:
    """Der Wert einer Option (``--host 0.0.0.0`` oder ``--host=0.0.0.0``) in ``argv``."""
    for i, wert in enumerate(argv):
        if wert == name and i + 1 < len(argv):
            return argv[i + 1]
        if wert.startswith(name + "="):
            return wert[len(name) + 1:]
    return standard


def _anmeldung_von_stdin(argv: Sequence[str]) -> tuple[str | None, str | None]:
    """Mit ``--token-password-file -``: (Passwort, Einmalcode) aus der Standardeingabe.

    :mod:`gm_helfer.start` schreibt das Passwort in die erste Zeile, den Einmalcode für den
    eigenen Browser in die zweite. marimo bekommt danach nur das Passwort als Standardeingabe.
    """
    if _option(argv, "--token-password-file", "") != "-" or sys.stdin is None or sys.stdin.isatty():
        return None, None
    import io

    zeilen = sys.stdin.read().splitlines()
    passwort = zeilen[0].strip() if zeilen else ""
    code = zeilen[1].strip() if len(zeilen) > 1 else ""
    sys.stdin = io.StringIO(passwort)
    return passwort or None, code or None


def _still(argv: Sequence[str]) -> list[str]:
    """marimo ohne englisches Startbanner (es nennt Adressen mit Token) und ohne Warnungen."""
    vorne = []
    if "-q" not in argv and "--quiet" not in argv:
        vorne.append("-q")
    if not any(a in ("-l", "--log-level") or a.startswith("--log-level=") for a in argv):
        vorne += ["--log-level", "ERROR"]
    return [*vorne, *argv]


def main(argv: Sequence[str] | None = None) -> None:
    """Startet marimos Kommandozeile (``argv`` wie bei ``python -m marimo``).

    Vor marimo steht die :class:`~gm_helfer.torwache.Torwache` (nur die eigene Adresse und
    Herkunft, gebremste Anmeldung, Einmalcode); marimo druckt kein eigenes Banner."""
    from marimo import _templates
    from marimo._cli.cli import main as marimo_main
    from marimo._server import start as marimo_start
    from marimo._server.api.endpoints import assets, login

    argumente = list(sys.argv[1:] if argv is None else argv)
    passwort, code = _anmeldung_von_stdin(argumente)
    port = _option(argumente, "--port", "")
    wache = {
        "host": _option(argumente, "--host", "127.0.0.1"),
        "port": int(port) if port.isdigit() else None,
        "passwort": passwort,
        "einmalcode": code,
    }
    if not getattr(_templates._get_mount_config, "gm_helfer_ohne_pfade", False):
        _templates._get_mount_config = ohne_serverpfade(_templates._get_mount_config)
    if not getattr(assets.notebook_page_template, "gm_helfer_ohne_pfade", False):
        assets.notebook_page_template = ohne_dateipfad(assets.notebook_page_template)
    if not getattr(marimo_start.create_starlette_app, "gm_helfer_ohne_pfade", False):
        marimo_start.create_starlette_app = _mit_pfade_verbergen(
            marimo_start.create_starlette_app, _verborgene_ordner(argumente), wache, _startseite(argumente)
        )
    login.LOGIN_PAGE = deutsche_anmeldung(login.LOGIN_PAGE)
    from gm_helfer import flicken

    flicken.marimo_einmal_beenden()  # mit -q (_still) fuhr Strg+C den Server zweimal herunter
    marimo_main(args=_still(argumente), prog_name="marimo")


if __name__ == "__main__":
    main()
