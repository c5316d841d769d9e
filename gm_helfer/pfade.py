"""Wo gm_helfer seine Dateien findet: Projektordner, Charakterbögen, Kampfprotokolle.

Die Notebooks fragen immer hier nach, nie mit eigenen Pfaden. Zwei Umgebungsvariablen
überschreiben die Standardorte, damit Tests (und Spielleiter mit eigener Sammlung) die
Dateien im Projekt nie anfassen:

- ``GM_HELFER_CHARAKTERE``: Ordner mit einem Unterordner je System
  (Standard: ``<projekt>/charaktere``).
- ``GM_HELFER_KAEMPFE``: Ordner für Kampfprotokolle (Standard: ``<projekt>/kaempfe``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

__all__ = ["projekt_ordner", "charakter_ordner", "kampf_ordner"]

UMGEBUNG_CHARAKTERE = "GM_HELFER_CHARAKTERE"
UMGEBUNG_KAEMPFE = "GM_HELFER_KAEMPFE"

_SYSTEMNAME = re.compile(r"^[a-z][a-z0-9_]*$")


def projekt_ordner() -> Path:
    """Der Ordner des Projekts (der mit ``pyproject.toml``, ``charaktere/``, ``notebooks/``)."""
    return Path(__file__).resolve().parent.parent


def _aus_umgebung(variable: str) -> Path | None:
    wert = os.environ.get(variable, "").strip()
    if not wert:
        return None
    return Path(wert).expanduser()


def charakter_ordner(system: str) -> Path:
    """Der Ordner mit den Charakterbögen eines Systems, z. B. ``charaktere/savage_worlds``.

    ``GM_HELFER_CHARAKTERE`` ersetzt ``charaktere/``; der Unterordner des Systems bleibt.
    Der Ordner wird nicht angelegt (ein fehlender Ordner meldet ``boegen.laden``).

    >>> charakter_ordner("aloran").name
    'aloran'
    """
    if not isinstance(system, str) or not _SYSTEMNAME.match(system):
        raise ValueError(
            f"Ungültiger Systemname {system!r}: erlaubt sind Kleinbuchstaben, Ziffern und '_', "
            "z. B. 'savage_worlds'."
        )
    basis = _aus_umgebung(UMGEBUNG_CHARAKTERE) or projekt_ordner() / "charaktere"
    return basis / system


def kampf_ordner() -> Path:
    """Der Ordner für Kampfprotokolle (JSON Lines); wird bei Bedarf angelegt.

    ``GM_HELFER_KAEMPFE`` überschreibt den Standard ``<projekt>/kaempfe``.
    """
    ordner = _aus_umgebung(UMGEBUNG_KAEMPFE) or projekt_ordner() / "kaempfe"
    ordner.mkdir(parents=True, exist_ok=True)
    return ordner
