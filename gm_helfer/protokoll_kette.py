"""Die Prüfkette des Kampfprotokolls: jede Zeile trägt eine Prüfsumme über sich und ihre Vorgängerin.

Eine Zeile endet mit ``,"pruef":"<16 Hex>"}``; die Prüfsumme ist SHA-256 über die Prüfsumme der
vorigen Zeile und den Zeilentext ohne das Feld ``pruef`` (die Kopfzeile beginnt mit einer leeren
Vorgängerin). Ein verändertes Byte irgendwo in einer Zeile fällt beim Fortsetzen auf, und zwar
genau an dieser Zeile (die folgenden prüfen gegen die *gespeicherte* Summe ihrer Vorgängerin).

Die Kopfzeile eines Protokolls mit Kette trägt zusätzlich ``"kette": 1`` – so bleibt ein Protokoll
mit Kette eines, auch wenn ein einzelnes Byte die Prüfsumme des Kopfes zerstört. Ältere Protokolle
ohne Kette werden wie bisher gelesen (ohne Prüfung).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gm_helfer.protokoll_fehler import ProtokollFehler, _grund, _jetzt

__all__ = ["KETTE", "kette_pruefen", "mit_pruefsumme", "pruefsumme"]

KETTE = "kette"
"""Schlüssel in der Kopfzeile: das Protokoll trägt eine Prüfkette."""

_ENDE = re.compile(rb',"pruef":"([0-9a-f]{16})"\}$')


def pruefsumme(vorher: str, rumpf: bytes) -> str:
    """Die Prüfsumme einer Zeile (``rumpf``: ihr JSON ohne ``pruef``) nach der Summe ``vorher``."""
    return hashlib.sha256(vorher.encode("ascii", "replace") + b"\n" + rumpf).hexdigest()[:16]


def mit_pruefsumme(eintrag: Mapping[str, Any], vorher: str | None) -> tuple[bytes, str | None]:
    """Die Zeile (mit ``\\n``) und ihre Prüfsumme; ``vorher=None``: ein Protokoll ohne Kette."""
    rumpf = json.dumps(eintrag, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    if vorher is None:
        return rumpf + b"\n", None
    summe = pruefsumme(vorher, rumpf)
    return rumpf[:-1] + b',"pruef":"' + summe.encode("ascii") + b'"}\n', summe


def _mit_kette(kopfzeile: bytes, kopf: Mapping[str, Any]) -> bool:
    return bool(_ENDE.search(kopfzeile)) or kopf.get(KETTE) == 1 or b'"kette":' in kopfzeile


def kette_pruefen(zeilen: Sequence[bytes], kopf: Mapping[str, Any]) -> tuple[str | None, list[int]]:
    """Prüft die Kette über ``zeilen`` (rohe Zeilen ohne ``\\n``, die erste ist der Kopf).

    Returns:
        ``(letzte, veraendert)``: die Summe, an die die nächste Zeile anschließt (``None``: ohne
        Kette), und die Nummern (ab 1) der Zeilen, die nicht zu ihrer Summe passen.
    """
    if not zeilen or not _mit_kette(zeilen[0], kopf):
        return None, []
    vorher = ""
    veraendert: list[int] = []
    for nummer, roh in enumerate(zeilen, 1):
        treffer = _ENDE.search(roh)
        if treffer is None:
            veraendert.append(nummer)
            vorher = pruefsumme(vorher, roh)
            continue
        gespeichert = treffer.group(1).decode("ascii")
        if pruefsumme(vorher, roh[: treffer.start()] + b"}") != gespeichert:
            veraendert.append(nummer)
        vorher = gespeichert
    return vorher, veraendert


def naechste_pruefen(roh: bytes, vorher: str | None) -> tuple[str | None, bool]:
    """Eine nachgeladene Zeile prüfen: ``(ihre Summe, stimmt?)``; ohne Kette immer stimmig."""
    if vorher is None:
        return None, True
    treffer = _ENDE.search(roh)
    if treffer is None:
        return pruefsumme(vorher, roh), False
    gespeichert = treffer.group(1).decode("ascii")
    return gespeichert, pruefsumme(vorher, roh[: treffer.start()] + b"}") == gespeichert


def _zeilen_text(zeilen: list[int]) -> str:
    gezeigt = ", ".join(str(z) for z in zeilen[:5]) + (" …" if len(zeilen) > 5 else "")
    return f"Zeile {gezeigt}" if len(zeilen) == 1 else f"die Zeilen {gezeigt}"


def _veraendert_text(name: str, zeilen: list[int]) -> str:
    return (
        f"{name}, {_zeilen_text(zeilen)}: nach dem Schreiben verändert (die Prüfsumme passt nicht) – "
        "etwa ein geänderter Würfelwurf. Der Kampf wird so nicht fortgesetzt; „trotzdem laden“ öffnet "
        "ihn ausdrücklich (das wird vermerkt)."
    )


def _trotzdem_vermerken(datei: Path, zeilen: list[int]) -> None:
    """Vermerkt neben dem Protokoll (``<datei>.pruefung``), dass es trotz Änderung geladen wurde."""
    eintrag = {"zeit": _jetzt(), "trotzdem_geladen": True, "zeilen": zeilen[:100], "pid": os.getpid()}
    try:
        with open(datei.with_name(datei.name + ".pruefung"), "a", encoding="utf-8") as f:
            f.write(json.dumps(eintrag) + "\n")
            f.flush()
            os.fsync(f.fileno())
    except OSError as fehler:
        raise ProtokollFehler(
            f"{datei.name}: „trotzdem laden“ lässt sich nicht vermerken – {_grund(fehler)}."
        ) from fehler
