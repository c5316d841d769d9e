"""Eine gespeicherte Begegnung (:mod:`gm_helfer.begegnungen`) im Live-Notebook laden. Teil von
:mod:`gm_helfer.tisch` (dort auch alle Namen).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gm_helfer.tisch_bausteine import frisch

# --------------------------------------------------------------------------- Begegnung laden


@dataclass(frozen=True)
class BegegnungsStart:
    """Was eine gespeicherte Begegnung (:mod:`gm_helfer.begegnungen`) für einen neuen Kampf liefert."""

    boegen: tuple[Any, ...]
    """Die Bögen, aus denen das System den Kampf anlegt (Seite der Begegnung, Anzahl vervielfacht)."""
    namen: tuple[str, ...]
    """Die Bögen der Begegnung (für die Vorauswahl von „Wer kämpft mit?“)."""
    optionen: Any = None
    """Die ``Optionen`` des Systems aus der Begegnung (``None``: keine Angaben)."""
    meldung: str = ""
    """Leer, wenn alles passt; sonst eine deutsche Zeile mit Datei und Feld."""


def begegnung_wahl(system: str, ordner: Path | str | None = None, *, label: str = "Begegnung laden"):
    """Auswahl „Begegnung laden“: die gespeicherten Begegnungen des Systems (Wert: Pfad als Text,
    leer: keine – dann gilt „Wer kämpft mit?“ allein)."""
    import marimo as mo

    from gm_helfer import begegnungen

    ladung = begegnungen.laden_alle(system, Path(ordner) if ordner is not None else None)
    optionen = {"– keine –": ""}
    for b in ladung.begegnungen:
        optionen[f"{b.name} ({b.datei.name})"] = str(b.datei)
    wahl = mo.ui.dropdown(options=optionen, value="– keine –", label=frisch(label, tuple(optionen.values())))
    wahl.gm_begegnungswahl = True  # type: ignore[attr-defined]  # Tisch.anlage findet sie unter den Einstellungen
    return wahl


def begegnung_titel(einstellungen: Iterable[Any]) -> str:
    """Der Name der Begegnung, die unter den ``einstellungen`` von :meth:`Tisch.anlage` gewählt ist
    (die Auswahl aus :func:`begegnung_wahl`) – leer ohne Begegnung oder wenn sie sich nicht lesen lässt."""
    from gm_helfer import begegnungen

    for element in einstellungen:
        if getattr(element, "gm_begegnungswahl", False) and element.value:
            try:
                return begegnungen.laden(element.value).name
            except (begegnungen.BegegnungFehler, OSError, ValueError):
                return ""
    return ""


def begegnung_taktik(einstellungen: Iterable[Any]) -> dict[str, dict[str, Any]]:
    """Die Taktik je Seite der Begegnung, die unter den ``einstellungen`` von :meth:`Tisch.anlage`
    gewählt ist (:func:`gm_helfer.taktik_wahl.aus_begegnung`) – leer ohne Begegnung, ohne Taktik in
    der Datei oder wenn sie sich nicht lesen lässt: dann spielt die Standardtaktik."""
    from gm_helfer import begegnungen, taktik_wahl

    for element in einstellungen:
        if getattr(element, "gm_begegnungswahl", False) and element.value:
            try:
                return taktik_wahl.aus_begegnung(begegnungen.laden(element.value))
            except (begegnungen.BegegnungFehler, OSError, ValueError):
                return {}
    return {}


def begegnung_start(datei: Path | str | None, boegen: Sequence[Any], gewaehlt: Iterable[str] | None = None) -> BegegnungsStart:
    """Die Kämpfer eines neuen Kampfes: mit ``datei`` die der Begegnung (nur die Bögen, die auch in
    ``gewaehlt`` stehen, wenn angegeben – so wählt der Spielleiter einzelne ab), ohne ``datei``
    die Bögen aus ``gewaehlt``. Fehler der Datei werden zur Meldung (die Bögen dann leer)."""
    from gm_helfer import begegnungen

    auswahl = set(gewaehlt) if gewaehlt is not None else None
    if not datei:
        gefiltert = tuple(b for b in boegen if auswahl is None or b.name in auswahl)
        return BegegnungsStart(gefiltert, tuple(b.name for b in gefiltert))
    try:
        b = begegnungen.laden(datei)
        namen = tuple(dict.fromkeys(e.bogen for e in b.eintraege))
        if auswahl is not None:
            b = replace(b, eintraege=tuple(e for e in b.eintraege if e.bogen in auswahl))
        return BegegnungsStart(tuple(begegnungen.boegen_fuer(b, boegen)), namen, begegnungen.optionen_fuer(b))
    except begegnungen.BegegnungFehler as fehler:
        return BegegnungsStart((), (), None, f"⚠ {fehler}")


def erster_vorschlag(system: str, boegen: Sequence[Any], ordner: Path | str | None = None) -> list[str]:
    """„Wer kämpft mit?“ beim ersten Kampf überhaupt (kein gespeicherter Kampf, keine geladene
    Begegnung): die Bögen der ersten Begegnung des Systems (nach Dateiname, :func:`begegnung_wahl`)
    und dazu jeder Bogen auf der Seite ihrer Helden – die ganze Gruppe gegen die vorbereiteten
    Gegner, nicht jeder Bogen im Ordner (Issue 23, Punkt 5). Die Seite der Helden: das Feld
    ``seite`` der Bögen, die auf der ersten Seite der Begegnung stehen. Ohne lesbare Begegnung,
    oder wenn keiner ihrer Bögen da ist: alle Bögen."""
    from gm_helfer import begegnungen

    alle = [b.name for b in boegen]
    ladung = begegnungen.laden_alle(system, Path(ordner) if ordner is not None else None)
    if not ladung.begegnungen:
        return alle
    b = ladung.begegnungen[0]
    in_begegnung = {e.bogen for e in b.eintraege}
    erste_seite = b.eintraege[0].seite if b.eintraege else None
    helden_boegen = {e.bogen for e in b.eintraege if e.seite == erste_seite}

    def seite(bogen: Any) -> str:
        return str((getattr(bogen, "werte", {}) or {}).get("seite", "")).casefold()

    helden_seiten = {seite(x) for x in boegen if x.name in helden_boegen} - {""}
    wahl = [x.name for x in boegen if x.name in in_begegnung or seite(x) in helden_seiten]
    return wahl if any(n in in_begegnung for n in wahl) else alle


def begegnung_boegen(datei: Path | str, boegen: Sequence[Any], namen: Iterable[str]) -> tuple[list[Any], Any]:
    """Für „Neuer Kampf“ mit gewählter Begegnung: ``(bögen, optionen)`` – die Kämpfer der Begegnung,
    soweit ihr Bogen unter „Wer kämpft mit?“ (``namen``) steht, und ihre Optionen (``None``: die
    Einstellungen des Notebooks gelten).

    Raises:
        ValueError: die Datei passt nicht (Meldung mit Datei und Feld) oder niemand ist gewählt.
    """
    start = begegnung_start(datei, boegen, namen)
    if start.meldung:
        raise ValueError(start.meldung.removeprefix("⚠ "))
    if not start.boegen:
        raise ValueError("Niemand aus der Begegnung ist unter „Wer kämpft mit?“ gewählt.")
    return list(start.boegen), start.optionen
