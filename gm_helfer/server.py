"""Der marimo-Server hinter ``gm-helfer``: wie ``python -m marimo``, ohne Serverpfade.

marimo schreibt in jede Notebook-Seite den absoluten Ordner des Notebooks (``cwd``) und
den Projektordner (``lspWorkspace``, für die Sprachhilfe im Bearbeitungsmodus). Beim
reinen Benutzen (``marimo run``) braucht die Seite beides nicht; im Netz verrät es
nur, wo und unter welchem Benutzer gm_helfer auf dem Rechner des Spielleiters liegt.
Dieses Modul startet marimos Kommandozeile mit leeren Angaben an diesen beiden Stellen
und mit einer deutschen Anmeldeseite (für das Passwort im Netz, siehe :mod:`gm_helfer.start`).

    python -m gm_helfer.server -y run notebooks/ --headless ...
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Sequence
from typing import Any

__all__ = ["ohne_serverpfade", "deutsche_anmeldung", "main"]

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


def main(argv: Sequence[str] | None = None) -> None:
    """Startet marimos Kommandozeile (``argv`` wie bei ``python -m marimo``)."""
    from marimo import _templates
    from marimo._cli.cli import main as marimo_main
    from marimo._server.api.endpoints import login

    if not getattr(_templates._get_mount_config, "gm_helfer_ohne_pfade", False):
        _templates._get_mount_config = ohne_serverpfade(_templates._get_mount_config)
    login.LOGIN_PAGE = deutsche_anmeldung(login.LOGIN_PAGE)
    marimo_main(args=list(sys.argv[1:] if argv is None else argv), prog_name="marimo")


if __name__ == "__main__":
    main()
