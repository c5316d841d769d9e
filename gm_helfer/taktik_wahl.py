"""Die Taktik je Seite im Live-Kampf: gewählt im Panel (dieselben Felder wie im Notebook
``begegnung.py``), aus einer geladenen Begegnung übernommen, gespeichert mit dem Kampf.

Wo sie steht:

- im **Kopf des Protokolls** (Feld ``taktik``: Seite → Taktikfelder), geschrieben beim Anlegen
  (:func:`gm_helfer.protokoll_zusatz.im_kopf`) – die Taktik, mit der der Kampf begann (aus der
  Begegnung oder der Wahl im Panel);
- eine Änderung mitten im Kampf in der Nebendatei ``<protokoll>.taktik.json`` (atomar geschrieben
  wie die Notizen, :mod:`gm_helfer.notizen`) – das Protokoll selbst wird nur angehängt und ist
  verkettet, sein Kopf bleibt, wie er war.

Beim Fortsetzen gilt die Nebendatei, sonst der Kopf, sonst (alte Protokolle, Begegnungen ohne
Taktik) die Standardtaktik. Rein: kein UI, kein System – die ``Taktik``-Klasse kommt über den
Vertrag (``Regelsystem.taktik``, :func:`gm_helfer.begegnungen.taktik_klasse`).

>>> werte = {"Schurken": {"ziel": "staerkster"}, "Helden": {}}
>>> type(taktik("savage_worlds", werte["Schurken"])).__name__, taktik("savage_worlds", werte["Schurken"]).ziel
('Taktik', 'staerkster')
>>> sorted(taktiken("savage_worlds", werte))
['Schurken']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["ENDUNG", "KOPF_FELD", "aus_begegnung", "datei_zu", "fuer_verlauf", "je_seite", "pruefen", "schreiben",
           "taktik", "taktiken"]

KOPF_FELD = "taktik"
ENDUNG = ".taktik.json"
GROESSTE = 64 * 1024


def taktik(system: str, werte: Mapping[str, Any] | None) -> Any:
    """Die ``Taktik`` des Systems mit diesen Feldern (``None``: das System hat keine wählbare Taktik).

    Raises:
        ValueError: unbekanntes Feld oder unerlaubter Wert (deutsch, mit dem Feld).
    """
    from gm_helfer import begegnungen

    klasse = begegnungen.taktik_klasse(system)
    if klasse is None:
        return None
    try:
        return begegnungen._taktik_bauen(klasse, dict(werte or {}), None, "taktik")
    except begegnungen.BegegnungFehler as fehler:
        raise ValueError(str(fehler)) from None


def taktiken(system: str, je_seite: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """Seite → ``Taktik`` für die Seiten, deren Felder von der Vorgabe abweichen (die anderen
    spielen die Standardtaktik) – die Form, die ``vorschlag``/``gruppe_handelt`` der Systeme nehmen,
    die je Seite spielen; je Seite :func:`taktik` für die anderen."""
    return {s: taktik(system, w) for s, w in je_seite.items() if w}


def je_seite(system: str, werte_je_seite: Mapping[str, Mapping[str, Any]], seite: str | None = None) -> Any:
    """Die Taktik eines Kampfes aus seinen Feldern je Seite: mit ``seite`` die ``Taktik`` dieser Seite
    (für Systeme, deren Vorschlag eine Taktik nimmt), ohne Seite die Zuordnung Seite → ``Taktik`` der
    Seiten, die von der Vorgabe abweichen (für Systeme, die je Seite spielen); ``None``: die
    Standardtaktik."""
    if seite is not None:
        return taktik(system, werte_je_seite.get(seite)) if werte_je_seite.get(seite) else None
    return taktiken(system, werte_je_seite) or None


def pruefen(system: str, je_seite: Any) -> dict[str, dict[str, Any]]:
    """Die Taktikfelder je Seite aus einem gelesenen Wert (Kopf, Nebendatei, Begegnung): was sich
    nicht als Taktik des Systems bauen lässt, fällt weg (eine kaputte Angabe lässt den Kampf spielen
    – mit der Standardtaktik für diese Seite)."""
    aus: dict[str, dict[str, Any]] = {}
    if not isinstance(je_seite, Mapping):
        return aus
    for seite, werte in je_seite.items():
        if not isinstance(seite, str) or not isinstance(werte, Mapping):
            continue
        try:
            taktik(system, werte)
        except (ValueError, TypeError):
            continue
        aus[seite] = dict(werte)
    return aus


def aus_begegnung(b: Any) -> dict[str, dict[str, Any]]:
    """Die Taktikfelder je Seite einer Begegnung (:class:`gm_helfer.begegnungen.Begegnung`): die
    gemeinsamen, darüber die der Seite; Seiten ohne Angabe fehlen."""
    from gm_helfer import begegnungen

    return {s: w for s in b.seiten if (w := begegnungen.taktik_werte(b, s))}


def datei_zu(protokoll: Path | str) -> Path:
    """``kaempfe/sw_….jsonl`` → ``kaempfe/sw_….jsonl.taktik.json``."""
    protokoll = Path(protokoll)
    return protokoll.with_name(protokoll.name + ENDUNG)


def schreiben(protokoll: Path | str, je_seite: Mapping[str, Mapping[str, Any]]) -> None:
    """Die Taktik je Seite neben dem Protokoll speichern (atomar).

    Raises:
        OSError: die Datei lässt sich nicht schreiben (die alte bleibt, wie sie war).
    """
    from gm_helfer.boegen_kern import atomar_schreiben

    daten = json.dumps({s: dict(w) for s, w in je_seite.items()}, ensure_ascii=False, sort_keys=True, indent=1)
    atomar_schreiben(datei_zu(protokoll), (daten + "\n").encode("utf-8"))


def fuer_verlauf(system: str, datei: Path | str | None, kopf: Mapping[str, Any] | None) -> dict[str, dict[str, Any]]:
    """Die Taktik eines gespeicherten Kampfes: die Nebendatei, sonst der Kopf des Protokolls, sonst
    keine (Standardtaktik) – geprüft mit :func:`pruefen`."""
    from gm_helfer import pfade

    if datei is not None and datei_zu(datei).exists():
        try:
            return pruefen(system, json.loads(pfade.lesen(datei_zu(datei), grenze=GROESSTE).decode("utf-8")))
        except (OSError, ValueError):
            pass
    return pruefen(system, (kopf or {}).get(KOPF_FELD))
