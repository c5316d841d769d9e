"""Den Kopf eines Kampfprotokolls lesen und gespeicherte Kämpfe auflisten (ohne abzuspielen).

Aus :mod:`gm_helfer.protokoll` herausgelöst; dort weiter als ``protokoll.kopf_lesen`` und
``protokoll.auflisten`` erreichbar.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gm_helfer import pfade
from gm_helfer.protokoll_fehler import FORMAT, VERSION

__all__ = ["auflisten", "kopf_lesen"]


def kopf_lesen(datei: Path | str) -> dict[str, Any] | None:
    """Die Kopfzeile eines Protokolls, wenn sie vollständig und gültig ist, sonst ``None``.

    Ein Protokoll ohne vollständigen Kopf (Absturz beim Anlegen) ist kein gespeicherter Kampf.
    """
    try:  # nur gewöhnliche Dateien (eine FIFO hielte die Liste der Kämpfe für immer an)
        anfang = pfade.lesen(datei, bis=1_000_000)
    except OSError:
        return None
    zeile, ende, _ = anfang.partition(b"\n")
    if not ende:
        return None
    try:
        kopf = json.loads(zeile.decode("utf-8"))
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if not isinstance(kopf, dict) or kopf.get("format") != FORMAT or kopf.get("version") != VERSION:
        return None
    return kopf


def auflisten(ordner: Path | str, system: str, muster: str = "*.jsonl") -> list[Path]:
    """Gespeicherte Kämpfe des Systems ``system`` im Ordner, neueste zuerst.

    Nur Dateien mit vollständigem Kopf dieses Systems (:func:`kopf_lesen`).
    """
    ordner = Path(ordner)
    if not ordner.is_dir():
        return []
    gefunden: list[tuple[float, Path]] = []
    for datei in ordner.glob(muster):
        kopf = kopf_lesen(datei)
        if kopf is None or kopf.get("system") != system:
            continue
        try:
            gefunden.append((datei.stat().st_mtime, datei))
        except OSError:
            continue
    return [d for _, d in sorted(gefunden, key=lambda t: t[0], reverse=True)]
