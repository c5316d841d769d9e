"""Die Fehler des Kampfprotokolls und kleine Hilfen, die Protokoll und Schreibsperre teilen.

Alle Namen sind auch unter :mod:`gm_helfer.protokoll` erreichbar (dort gehören sie hin).
"""

from __future__ import annotations

import errno
import os
import sysconfig
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from gm_helfer import pfade

FORMAT = "gm_helfer-protokoll"
VERSION = 1

__all__ = ["GesperrtFehler", "NurLesenFehler", "ProtokollFehler", "SchonDaFehler", "SchreibFehler", "VeraendertFehler",
           "VerdraengtFehler"]


class ProtokollFehler(ValueError):
    """Ein Protokoll, das sich nicht lesen oder fortschreiben lässt; deutsche Meldung."""


class GesperrtFehler(ProtokollFehler):
    """Eine andere Sitzung (Tab, Gerät, Prozess) schreibt gerade diesen Kampf.

    ``inhaber`` sagt, wer: ``{"pid": …, "rechner": …, "seit": …}`` (so weit bekannt).
    """

    def __init__(self, text: str, *, datei: Path, inhaber: Mapping[str, Any]) -> None:
        super().__init__(text)
        self.datei = datei
        self.inhaber = dict(inhaber)


class VerdraengtFehler(ProtokollFehler):
    """Diese Sitzung schrieb den Kampf, aber eine andere hat ihn übernommen."""


class NurLesenFehler(ProtokollFehler):
    """Der Verlauf ist nur zum Ansehen geöffnet (oder geschlossen): nichts wird eingetragen."""


class VeraendertFehler(ProtokollFehler):
    """Eine Zeile passt nicht zu ihrer Prüfsumme: sie wurde nach dem Schreiben verändert.

    ``zeilen`` nennt die Nummern (ab 1). Laden geht dann nur ausdrücklich („trotzdem laden“,
    ``Verlauf.fortsetzen(..., trotzdem=True)``); das wird neben dem Protokoll vermerkt."""

    def __init__(self, text: str, *, zeilen: tuple[int, ...] = ()) -> None:
        super().__init__(text)
        self.zeilen = zeilen


class SchreibFehler(ProtokollFehler):
    """Ein Schritt ließ sich nicht speichern (Platte voll, Datei zu groß …); er wurde nicht
    ausgeführt, die Datei endet wieder mit der letzten vollständigen Zeile."""


class SchonDaFehler(ProtokollFehler):
    """Ein neuer Kampf sollte in eine Datei, die es schon gibt (etwa zwei „Neuer Kampf“ in
    derselben Sekunde): einen anderen Namen wählen."""


def _jetzt() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


_grund = pfade.grund  # deutsche Beschreibung eines Betriebssystemfehlers


_grund = pfade.grund  # deutsche Beschreibung eines Betriebssystemfehlers


def _alles_schreiben(fd: int, daten: bytes) -> None:
    """``os.write``, bis alles geschrieben ist (ein Teilschreiben vor „Platte voll“ zählt nicht)."""
    geschrieben = 0
    while geschrieben < len(daten):
        n = os.write(fd, daten[geschrieben:])
        if n <= 0:  # pragma: no cover - POSIX meldet das als Fehler
            raise OSError(errno.ENOSPC, "kein Fortschritt")
        geschrieben += n


_FREMDER_CODE = tuple(
    str(Path(p)) for p in {sysconfig.get_paths()["stdlib"], sysconfig.get_paths()["purelib"],
                           sysconfig.get_paths()["platlib"]}
)


def _deutsch(fehler: BaseException) -> str:
    """Text einer Ausnahme aus Regelcode – oder eine deutsche Umschreibung, wenn der Text von
    Python oder einer Bibliothek stammt (englisch, etwa ``'n'`` oder ``Expecting value``)."""
    if isinstance(fehler, KeyError):
        schluessel = fehler.args[0] if fehler.args else "?"
        return f"der Wert „{schluessel}“ fehlt"
    if isinstance(fehler, (TypeError, AttributeError, IndexError)):
        return "ein Wert hat nicht die erwartete Art"
    tb = fehler.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    datei = str(Path(tb.tb_frame.f_code.co_filename)) if tb is not None else ""
    if datei and not datei.startswith(_FREMDER_CODE) and str(fehler):
        return str(fehler)
    return "ein Wert ist ungültig"


def _ordner_fsync(ordner: Path) -> None:
    try:
        fd = os.open(ordner, os.O_RDONLY)
    except OSError:  # pragma: no cover - etwa Windows
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
