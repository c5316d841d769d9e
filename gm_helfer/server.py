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
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["ohne_serverpfade", "deutsche_anmeldung", "PfadeVerbergen", "main"]

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


def _mit_pfade_verbergen(create_app: Callable[..., Any], ordner: Sequence[str]) -> Callable[..., Any]:
    @functools.wraps(create_app)
    def huelle(*args: Any, **kwargs: Any) -> Any:
        app = create_app(*args, **kwargs)
        app.add_middleware(PfadeVerbergen, ordner=list(ordner))
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


def main(argv: Sequence[str] | None = None) -> None:
    """Startet marimos Kommandozeile (``argv`` wie bei ``python -m marimo``)."""
    from marimo import _templates
    from marimo._cli.cli import main as marimo_main
    from marimo._server import start as marimo_start
    from marimo._server.api.endpoints import login

    argumente = list(sys.argv[1:] if argv is None else argv)
    if not getattr(_templates._get_mount_config, "gm_helfer_ohne_pfade", False):
        _templates._get_mount_config = ohne_serverpfade(_templates._get_mount_config)
    if not getattr(marimo_start.create_starlette_app, "gm_helfer_ohne_pfade", False):
        marimo_start.create_starlette_app = _mit_pfade_verbergen(
            marimo_start.create_starlette_app, _verborgene_ordner(argumente)
        )
    login.LOGIN_PAGE = deutsche_anmeldung(login.LOGIN_PAGE)
    marimo_main(args=argumente, prog_name="marimo")


if __name__ == "__main__":
    main()
