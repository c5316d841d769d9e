"""Kampfprotokoll: Startzustand plus Ereignisse, Rückgängig, Fortsetzen nach Absturz.

Ein Kampf ist ein Startzustand und eine Folge von Ereignissen (Karte ausgeteilt, Angriff
mit diesen Augen gewürfelt, Schaden angewandt, Benny ausgegeben …). Der aktuelle Zustand
ist die Faltung der Ereignisse mit der ``anwenden``-Funktion des Regelsystems. Damit ist

* **Rückgängig** das Weglassen des letzten Ereignisses,
* **Speichern** das Schreiben des Protokolls (JSON Lines, nach jedem Ereignis ``fsync``), und
* **Fortsetzen** nach einem Absturz das erneute Abspielen der Datei.

Dateiformat (eine JSON-Zeile je Eintrag)::

    {"format": "gm_helfer-protokoll", "version": 1, "system": "savage_worlds", "kopf": {...}}
    {"nr": 1, "zeit": "...", "ereignis": {"art": "karte", "daten": {...}, "regel": "...", ...}}
    {"nr": 2, "zeit": "...", "rueckgaengig": 1}

Die Datei wird nur angehängt: ein Rückgängig steht als eigener Vermerk darin, so bleibt
ehrlich festgehalten, was am Tisch geschah. Die Schrittnummern ``nr`` laufen lückenlos ab 1;
eine fehlende, doppelte oder verschobene Zeile mitten in der Datei ist ein Fehler, der Datei
und Zeile nennt. Eine abgerissene letzte Zeile (Absturz beim Schreiben) wird gemeldet,
beiseitegelegt und übersprungen. Scheitert ein Schreiben (Platte voll, Datei zu groß), wird
die Datei auf die letzte vollständige Zeile zurückgeschnitten und der Schritt nicht
ausgeführt (:class:`SchreibFehler`).

**Ein Schreiber je Kampf.** Wer einen Kampf anlegt oder fortsetzt, hält die Schreibsperre
der Datei (``<datei>.sperre``), bis :meth:`Verlauf.schliessen` oder bis sein Prozess endet.
Die Sperre gilt zwischen Prozessen *und* zwischen Threads eines Prozesses (``marimo run``
bedient zwei Tabs als zwei Threads). Eine zweite Sitzung bekommt :class:`GesperrtFehler`;
sie kann den Kampf mit ``nur_lesen=True`` ansehen (:meth:`Verlauf.nachladen` liest neue
Zeilen) oder ihn ausdrücklich übernehmen (:meth:`Verlauf.uebernehmen`): dann scheitert jeder
weitere Schreibversuch der ersten Sitzung mit :class:`VerdraengtFehler` – vor jedem Anhängen
wird unter einer kurzen Sperre geprüft, wem die Datei gehört.
"""

from __future__ import annotations

import errno
import json
import os
import re
import secrets
import socket
import sys
import sysconfig
import threading
import time
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, BinaryIO, Generic, TypeVar

try:  # POSIX (Linux, macOS)
    import fcntl
except ImportError:  # pragma: no cover - Windows: siehe _Sperre
    fcntl = None  # type: ignore[assignment]

__all__ = [
    "FORMAT",
    "VERSION",
    "Ereignis",
    "GesperrtFehler",
    "NurLesenFehler",
    "ProtokollFehler",
    "SchreibFehler",
    "VerdraengtFehler",
    "Verlauf",
    "auflisten",
    "fortsetzen_sicher",
    "inhaber",
    "kopf_lesen",
    "nachladen_sicher",
]

FORMAT = "gm_helfer-protokoll"
VERSION = 1

Z = TypeVar("Z")


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


class SchreibFehler(ProtokollFehler):
    """Ein Schritt ließ sich nicht speichern (Platte voll, Datei zu groß …); er wurde nicht
    ausgeführt, die Datei endet wieder mit der letzten vollständigen Zeile."""


@dataclass(frozen=True)
class Ereignis:
    """Ein Schritt im Kampf. Alle Daten sind JSON-Werte, damit das Protokoll sie speichern kann."""

    art: str
    """Art des Ereignisses, vom Regelsystem vergeben: "karte", "angriff", "schaden", …"""
    daten: Mapping[str, Any] = field(default_factory=dict)
    """Was geschah – nur JSON-Werte (Zahlen, Texte, Listen, Dicts). Nicht verändern."""
    regel: str = ""
    """Welche Regel angewandt wurde: "Savage Worlds › Schaden › Schaden anwenden" oder eine Hausregel."""
    eingetippt: bool = False
    """Enthält vom Spielleiter eingetippte Würfel oder Karten."""
    text: str = ""
    """Eine Zeile Deutsch für die Protokollansicht."""

    def als_dict(self) -> dict[str, Any]:
        """JSON-taugliche Form."""
        return {
            "art": self.art,
            "daten": dict(self.daten),
            "regel": self.regel,
            "eingetippt": self.eingetippt,
            "text": self.text,
        }

    @classmethod
    def aus_dict(cls, daten: Mapping[str, Any]) -> Ereignis:
        """Gegenstück zu :meth:`als_dict`."""
        if not isinstance(daten, Mapping) or not isinstance(daten.get("art"), str):
            raise ProtokollFehler("Ein Ereignis braucht mindestens eine „art“.")
        inhalt = daten.get("daten", {})
        if not isinstance(inhalt, Mapping):
            raise ProtokollFehler("Die „daten“ eines Ereignisses müssen ein JSON-Objekt sein.")
        return cls(
            art=daten["art"],
            daten=dict(inhalt),
            regel=str(daten.get("regel", "")),
            eingetippt=bool(daten.get("eingetippt", False)),
            text=str(daten.get("text", "")),
        )


def _jetzt() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


_GRUENDE = {
    errno.ENOSPC: "kein Platz mehr auf dem Datenträger",
    errno.EFBIG: "die Datei ist zu groß (Grenze des Systems erreicht)",
    errno.EDQUOT: "das Speicherkontingent ist erschöpft",
    errno.EACCES: "keine Berechtigung",
    errno.EPERM: "keine Berechtigung",
    errno.EROFS: "der Datenträger ist schreibgeschützt",
    errno.EIO: "Ein-/Ausgabefehler des Datenträgers",
    errno.ENOENT: "die Datei gibt es nicht (mehr)",
    errno.EISDIR: "das ist ein Ordner",
    errno.ENOTDIR: "ein Teil des Pfads ist kein Ordner",
}


def _grund(fehler: OSError) -> str:
    """Deutsche Beschreibung eines Betriebssystemfehlers (statt ``strerror`` auf Englisch)."""
    if fehler.errno in _GRUENDE:
        return _GRUENDE[fehler.errno]
    return f"Fehler des Betriebssystems ({errno.errorcode.get(fehler.errno or 0, fehler.errno)})"


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


def _alles_schreiben(fd: int, daten: bytes) -> None:
    """``os.write``, bis alles geschrieben ist (ein Teilschreiben vor „Platte voll“ zählt nicht)."""
    geschrieben = 0
    while geschrieben < len(daten):
        n = os.write(fd, daten[geschrieben:])
        if n <= 0:  # pragma: no cover - POSIX meldet das als Fehler
            raise OSError(errno.ENOSPC, "kein Fortschritt")
        geschrieben += n


# -- Sperre ---------------------------------------------------------------------------------

_TOKEN = re.compile(r"[0-9a-f]{16}")
_OHNE_FCNTL = threading.Lock()  # nur ohne fcntl (Windows): Riegel innerhalb eines Prozesses


class _Fadenwache:
    """Gibt Sperren frei, deren Thread geendet hat – der Fall „Sitzung endet“.

    ``marimo run`` führt jede Sitzung (jeden Tab) in einem eigenen Kernel-Thread aus und beendet
    ihn, wenn die Sitzung geschlossen wird; die Objekte der Sitzung werden dabei nicht sicher
    freigegeben. Ein Wach-Thread (Daemon) prüft darum jede Sekunde, ob die Threads, die eine
    Sperre genommen haben, noch leben; er endet, sobald keine Sperre mehr zu bewachen ist.
    Sperren des Hauptthreads braucht er nicht: endet der, endet der Prozess.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._eintraege: list[tuple[weakref.ref[_Sperre], threading.Thread]] = []
        self._faden: threading.Thread | None = None

    def bewachen(self, sperre: _Sperre) -> None:
        faden = threading.current_thread()
        if faden is threading.main_thread():
            return
        with self._lock:
            self._eintraege.append((weakref.ref(sperre), faden))
            if self._faden is None or not self._faden.is_alive():
                self._faden = threading.Thread(target=self._wachen, name="gm_helfer-sperrwache", daemon=True)
                self._faden.start()

    def _wachen(self) -> None:
        while True:
            time.sleep(1.0)
            freigeben: list[_Sperre] = []
            with self._lock:
                bleiben = []
                for ref, faden in self._eintraege:
                    sperre = ref()
                    if sperre is None or not sperre.gehalten:
                        continue
                    if faden.is_alive():
                        bleiben.append((ref, faden))
                    else:
                        freigeben.append(sperre)
                self._eintraege = bleiben
                if not bleiben and not freigeben:
                    self._faden = None
                    return
            for sperre in freigeben:
                sperre.freigeben()


_WACHE = _Fadenwache()


class _Sperre:
    """Das Schreibrecht an einer Protokolldatei – zwischen Prozessen und Threads.

    Zwei Dateien neben dem Protokoll:

    * ``<datei>.sperre`` – der *Riegel*: ``flock`` darauf wird nur kurz gehalten (Prüfen und
      Anhängen, Erwerben, Freigeben). Sein Inhalt nennt den Inhaber (``token``, ``pid``,
      ``rechner``, ``seit``). Die Datei bleibt liegen (wer sie löscht, während ein anderer
      auf den Riegel wartet, hätte zwei Riegel).
    * ``<datei>.sperre-<token>`` – das *Lebenszeichen* eines Schreibers: er hält darauf
      ``flock`` (exklusiv), solange er lebt. ``flock`` gehört zur geöffneten Datei (nicht zum
      Prozess wie ``fcntl``-Satzsperren); jeder Schreiber öffnet seine eigene, darum trennt die
      Sperre auch Threads eines Prozesses. Stirbt der Prozess oder wird der Verlauf
      freigegeben, löst das Betriebssystem die Sperre.

    Der Inhaber im Riegel entscheidet; das Lebenszeichen sagt nur, ob er noch lebt. Übernehmen
    schreibt einen neuen Inhaber – der alte prüft vor jedem Anhängen unter dem Riegel und
    scheitert. Alles, was Lebenszeichen anlegt oder löscht, geschieht unter dem Riegel.

    Ohne ``fcntl`` (Windows) gibt es keine Sperre des Betriebssystems: dort gilt ein
    Lebenszeichen, solange seine Datei existiert (nach einem Absturz muss man ausdrücklich
    übernehmen), und der Riegel wirkt nur innerhalb eines Prozesses.
    """

    def __init__(self, datei: Path) -> None:
        self.datei = datei
        self.riegel_pfad = datei.with_name(datei.name + ".sperre")
        self.token = secrets.token_hex(8)
        self._lebenszeichen: BinaryIO | None = None

    def _lebenszeichen_pfad(self, token: str) -> Path:
        return self.datei.with_name(f"{self.datei.name}.sperre-{token}")

    @property
    def gehalten(self) -> bool:
        return self._lebenszeichen is not None

    @contextmanager
    def riegel(self) -> Iterator[int]:
        """Der kurze Riegel; gibt den Dateideskriptor von ``<datei>.sperre``."""
        try:
            fd = os.open(self.riegel_pfad, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as fehler:
            raise SchreibFehler(
                f"{self.datei.name}: die Sperrdatei lässt sich nicht anlegen – {_grund(fehler)}."
            ) from fehler
        try:
            if fcntl is not None:
                fcntl.flock(fd, fcntl.LOCK_EX)
                try:
                    yield fd
                finally:
                    fcntl.flock(fd, fcntl.LOCK_UN)
            else:  # pragma: no cover - Windows
                with _OHNE_FCNTL:
                    yield fd
        finally:
            os.close(fd)

    @staticmethod
    def inhaber_lesen(fd: int) -> dict[str, Any]:
        try:
            os.lseek(fd, 0, os.SEEK_SET)
            roh = os.read(fd, 4096)
            daten = json.loads(roh.decode("utf-8")) if roh.strip() else {}
        except (OSError, ValueError):
            return {}
        return daten if isinstance(daten, dict) else {}

    def lebt(self, token: Any) -> bool:
        """Ob der Schreiber ``token`` noch lebt (unter dem Riegel aufrufen)."""
        if not isinstance(token, str) or not _TOKEN.fullmatch(token):
            return False
        if token == self.token:
            return self.gehalten
        pfad = self._lebenszeichen_pfad(token)
        if fcntl is None:  # pragma: no cover - Windows
            return pfad.exists()
        try:
            fd = os.open(pfad, os.O_RDONLY)
        except OSError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True
        finally:
            os.close(fd)  # gibt eine eben gesetzte Probesperre gleich wieder frei
        return False

    def _aufraeumen(self) -> None:
        """Lebenszeichen toter Schreiber löschen (unter dem Riegel)."""
        vorsilbe = f"{self.datei.name}.sperre-"
        try:
            namen = [n for n in os.listdir(self.datei.parent) if n.startswith(vorsilbe)]
        except OSError:
            return
        for name in namen:
            token = name[len(vorsilbe):]
            if token != self.token and not self.lebt(token):
                try:
                    os.unlink(self.datei.parent / name)
                except OSError:
                    pass

    def erwerben(self, *, uebernehmen: bool) -> None:
        """Schreibrecht nehmen; lebt ein anderer Inhaber: :class:`GesperrtFehler`, außer
        ``uebernehmen`` – dann ist der andere ab sofort verdrängt."""
        with self.riegel() as fd:
            bisher = self.inhaber_lesen(fd)
            if self.lebt(bisher.get("token")) and bisher.get("token") != self.token and not uebernehmen:
                raise GesperrtFehler(_gesperrt_text(self.datei, bisher), datei=self.datei, inhaber=bisher)
            self._aufraeumen()
            pfad = self._lebenszeichen_pfad(self.token)
            try:
                datei = open(pfad, "wb")  # noqa: SIM115 - lebt so lange wie der Schreiber
            except OSError as fehler:
                raise SchreibFehler(
                    f"{self.datei.name}: die Sperrdatei lässt sich nicht anlegen – {_grund(fehler)}."
                ) from fehler
            try:
                if fcntl is not None:
                    fcntl.flock(datei.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                eintrag = {"token": self.token, "pid": os.getpid(), "rechner": socket.gethostname(),
                           "thread": threading.current_thread().name, "seit": _jetzt()}
                roh = json.dumps(eintrag, ensure_ascii=False).encode("utf-8") + b"\n"
                os.ftruncate(fd, 0)
                os.lseek(fd, 0, os.SEEK_SET)
                _alles_schreiben(fd, roh)
                os.fsync(fd)
            except OSError as fehler:
                datei.close()
                pfad.unlink(missing_ok=True)
                raise SchreibFehler(
                    f"{self.datei.name}: die Schreibsperre lässt sich nicht setzen – {_grund(fehler)}."
                ) from fehler
            self._lebenszeichen = datei
        _WACHE.bewachen(self)

    def ist_inhaber(self, fd: int) -> bool:
        """Unter dem Riegel: gehört die Datei noch diesem Schreiber?"""
        return self.gehalten and self.inhaber_lesen(fd).get("token") == self.token

    def loslassen(self) -> None:
        """Lebenszeichen schließen und löschen (unter dem Riegel aufrufen)."""
        datei, self._lebenszeichen = self._lebenszeichen, None
        if datei is not None:
            self._lebenszeichen_pfad(self.token).unlink(missing_ok=True)
            datei.close()

    def freigeben(self) -> None:
        """Schreibrecht abgeben (der Inhaber im Riegel wird gelöscht, wenn er noch dieser ist)."""
        if not self.gehalten:
            return
        try:
            with self.riegel() as fd:
                if self.ist_inhaber(fd):
                    os.ftruncate(fd, 0)
                self.loslassen()
        except (OSError, ProtokollFehler):
            # der Riegel ist nicht zu haben (Datenträger weg?): wenigstens die Sperre lösen
            datei, self._lebenszeichen = self._lebenszeichen, None
            if datei is not None:
                datei.close()


def _gesperrt_text(datei: Path, inhaber: Mapping[str, Any]) -> str:
    wer = []
    if inhaber.get("pid"):
        wer.append(f"Prozess {inhaber['pid']}")
    if inhaber.get("rechner"):
        wer.append(f"auf {inhaber['rechner']}")
    seit = str(inhaber.get("seit", ""))
    if seit:
        wer.append(f"seit {seit.replace('T', ' ')[:19]} UTC")
    zusatz = f" ({' '.join(wer)})" if wer else ""
    return (
        f"{datei.name} wird gerade in einer anderen Sitzung geführt{zusatz} – ein anderer Tab, "
        "ein anderes Gerät oder ein anderer Server. Hier lässt sich der Kampf nur ansehen; "
        "übernehmen geht nur ausdrücklich, dann kann die andere Sitzung nichts mehr eintragen."
    )


def inhaber(datei: Path | str) -> dict[str, Any] | None:
    """Wer den Kampf ``datei`` gerade schreibt (``pid``, ``rechner``, ``seit``) – oder ``None``.

    Legt nichts an: ohne Sperrdatei ist niemand Inhaber.
    """
    datei = Path(datei)
    sperre = _Sperre(datei)
    if not sperre.riegel_pfad.exists():
        return None
    try:
        with sperre.riegel() as fd:
            bisher = sperre.inhaber_lesen(fd)
            return bisher if sperre.lebt(bisher.get("token")) else None
    except ProtokollFehler:
        return None


def kopf_lesen(datei: Path | str) -> dict[str, Any] | None:
    """Die Kopfzeile eines Protokolls, wenn sie vollständig und gültig ist, sonst ``None``.

    Ein Protokoll ohne vollständigen Kopf (Absturz beim Anlegen) ist kein gespeicherter Kampf.
    """
    try:
        with open(datei, "rb") as f:
            zeile = f.readline(1_000_000)
    except OSError:
        return None
    if not zeile.endswith(b"\n"):
        return None
    try:
        kopf = json.loads(zeile.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
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


def _eintrag_lesen(roh: bytes, name: str, zeilennr: int) -> dict[str, Any]:
    """Eine Zeile als JSON-Objekt; sonst :class:`ProtokollFehler` auf Deutsch."""
    try:
        text = roh.decode("utf-8")
    except UnicodeDecodeError as fehler:
        raise ProtokollFehler(
            f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (keine UTF-8-Zeichen)."
        ) from fehler
    try:
        eintrag = json.loads(text)
    except ValueError as fehler:
        stelle = getattr(fehler, "pos", None)
        wo = f" ab Zeichen {stelle + 1}" if isinstance(stelle, int) else ""
        raise ProtokollFehler(
            f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (kein lesbares JSON{wo})."
        ) from fehler
    if not isinstance(eintrag, dict):
        raise ProtokollFehler(f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (kein JSON-Objekt).")
    return eintrag


def _zeile(eintrag: Mapping[str, Any]) -> bytes:
    return (json.dumps(eintrag, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


class Verlauf(Generic[Z]):
    """Startzustand plus Ereignisse; der Zustand ist die Faltung der Ereignisse.

    Der Verlauf hält alle Zwischenzustände, damit Rückgängig sofort geht. Die Zustände
    selbst sind unveränderlich; ``anwenden`` muss eine reine Funktion sein.

    Mit ``datei`` schreibt der Verlauf jedes Ereignis sofort (``fsync``) und hält die
    Schreibsperre des Kampfes, bis :meth:`schliessen` (oder ``with``-Block, oder sein Prozess
    endet, oder der Verlauf freigegeben wird).

    >>> v = Verlauf(0, lambda z, e: z + e.daten["n"])
    >>> v.ausfuehren(Ereignis("plus", {"n": 2}))
    2
    >>> v.ausfuehren(Ereignis("plus", {"n": 5}))
    7
    >>> v.rueckgaengig()
    2
    """

    def __init__(
        self,
        start: Z,
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        datei: Path | str | None = None,
        system: str = "",
        kopf: Mapping[str, Any] | None = None,
    ) -> None:
        self._anwenden = anwenden
        self._zustaende: list[Z] = [start]
        self._ereignisse: list[Ereignis] = []
        self._nummern: list[int] = []
        self._zurueckgenommen: list[Ereignis] = []
        self._naechste_nr = 1
        self._sperre: _Sperre | None = None
        self._rolle = "frei"  # frei (ohne Datei) | schreiben | lesen | verdraengt | geschlossen
        self._gelesen = 0  # Bytes der Datei, die im Zustand stecken (vollständige Zeilen)
        self._zeilen = 0  # … und so viele Zeilen
        self._start_aus_kopf: Callable[[Mapping[str, Any]], Z] | None = None
        self._schloss = threading.RLock()
        self.system = system
        self.kopf: dict[str, Any] = dict(kopf or {})
        self.datei: Path | None = Path(datei) if datei is not None else None
        if self.datei is not None:
            self._anlegen(self.datei)

    def _anlegen(self, datei: Path) -> None:
        if datei.exists() and datei.stat().st_size > 0:
            raise ProtokollFehler(f"{datei} gibt es schon – zum Weiterspielen „fortsetzen“ benutzen.")
        datei.parent.mkdir(parents=True, exist_ok=True)
        sperre = _Sperre(datei)
        sperre.erwerben(uebernehmen=False)
        try:
            if datei.exists() and datei.stat().st_size > 0:  # zugleich angelegt
                raise ProtokollFehler(f"{datei} gibt es schon – zum Weiterspielen „fortsetzen“ benutzen.")
            kopfzeile = _zeile(
                {"format": FORMAT, "version": VERSION, "system": self.system, "erstellt": _jetzt(),
                 "kopf": self.kopf}
            )
            with sperre.riegel():
                fd = os.open(datei, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                try:
                    _alles_schreiben(fd, kopfzeile)
                    os.fsync(fd)
                except OSError as fehler:
                    os.close(fd)
                    datei.unlink(missing_ok=True)
                    raise SchreibFehler(
                        f"{datei.name}: der Kampf lässt sich nicht anlegen – {_grund(fehler)}. "
                        "Es wurde nichts gespeichert; bitte Platz schaffen und erneut beginnen."
                    ) from fehler
                os.close(fd)
            _ordner_fsync(datei.parent)
        except BaseException:
            sperre.freigeben()
            raise
        self._sperre = sperre
        self._rolle = "schreiben"
        self._gelesen = len(kopfzeile)
        self._zeilen = 1

    # -- Ansicht ---------------------------------------------------------------------
    @property
    def zustand(self) -> Z:
        """Der aktuelle Zustand."""
        return self._zustaende[-1]

    @property
    def start(self) -> Z:
        """Der Startzustand."""
        return self._zustaende[0]

    @property
    def ereignisse(self) -> tuple[Ereignis, ...]:
        """Die wirksamen Ereignisse (ohne zurückgenommene)."""
        return tuple(self._ereignisse)

    @property
    def zustaende(self) -> tuple[Z, ...]:
        """Start und der Zustand nach jedem wirksamen Ereignis."""
        return tuple(self._zustaende)

    @property
    def kann_rueckgaengig(self) -> bool:
        """Ob es einen Schritt zum Zurücknehmen gibt."""
        return bool(self._ereignisse)

    @property
    def kann_wiederholen(self) -> bool:
        """Ob ein zurückgenommener Schritt wiederholt werden kann."""
        return bool(self._zurueckgenommen)

    @property
    def nur_lesen(self) -> bool:
        """Ob hier nichts eingetragen werden kann: nur zum Ansehen geöffnet, von einer anderen
        Sitzung übernommen (verdrängt) oder geschlossen. Ein Verlauf ohne Datei schreibt immer."""
        return self._rolle in ("lesen", "verdraengt", "geschlossen")

    @property
    def rolle(self) -> str:
        """``"frei"`` (ohne Datei), ``"schreiben"``, ``"lesen"``, ``"verdraengt"`` oder ``"geschlossen"``."""
        return self._rolle

    def __len__(self) -> int:
        return len(self._ereignisse)

    def zeilen(self) -> list[dict[str, Any]]:
        """Die wirksamen Ereignisse als Tabellenzeilen für die Protokollansicht."""
        return [
            {
                "Nr": i,
                "Ereignis": e.text or e.art,
                "Regel": e.regel,
                "Würfel": "eingetippt" if e.eingetippt else "",
            }
            for i, e in enumerate(self._ereignisse, start=1)
        ]

    # -- Schreibrecht ----------------------------------------------------------------
    def _name(self) -> str:
        return self.datei.name if self.datei is not None else "Der Kampf"

    def _schreibrecht_pruefen(self) -> None:
        if self._rolle in ("frei", "schreiben"):
            return
        if self._rolle == "verdraengt":
            raise VerdraengtFehler(self._verdraengt_text())
        if self._rolle == "geschlossen":
            raise NurLesenFehler(
                f"{self._name()} ist hier geschlossen – nichts mehr einzutragen (zum Weiterspielen fortsetzen)."
            )
        raise NurLesenFehler(
            f"{self._name()} lässt sich hier nur ansehen – eine andere Sitzung führt den Kampf. "
            "Eintragen geht erst nach ausdrücklichem Übernehmen."
        )

    def _verdraengt_text(self) -> str:
        return (
            f"{self._name()} wurde in einer anderen Sitzung übernommen – hier lässt sich nichts mehr "
            "eintragen; der Schritt wurde nicht ausgeführt. Die Ansicht folgt dem Kampf weiter."
        )

    def hat_schreibrecht(self) -> bool:
        """Ob dieser Verlauf jetzt eintragen darf. Prüft bei einer Datei unter der kurzen Sperre,
        ob die Datei noch ihm gehört (sonst wird er zum Zuschauer: ``rolle == "verdraengt"``)."""
        with self._schloss:
            if self._rolle != "schreiben" or self._sperre is None:
                return self._rolle == "frei"
            with self._sperre.riegel() as fd:
                if self._sperre.ist_inhaber(fd):
                    return True
                self._sperre.loslassen()
            self._rolle = "verdraengt"
            return False

    def _zeile_anhaengen(self, eintrag: Mapping[str, Any]) -> None:
        """Schreibt eine Zeile sicher ans Ende – nur als Inhaber; sonst ändert sich nichts."""
        assert self.datei is not None and self._sperre is not None
        try:
            zeile = _zeile(eintrag)
        except (TypeError, ValueError) as fehler:
            raise ProtokollFehler(
                f"Ein Ereignis enthält Daten, die nicht gespeichert werden können ({_deutsch(fehler)})."
            ) from fehler
        name = self.datei.name
        with self._sperre.riegel() as riegel:
            if not self._sperre.ist_inhaber(riegel):
                self._sperre.loslassen()
                self._rolle = "verdraengt"
                raise VerdraengtFehler(self._verdraengt_text())
            try:
                fd = os.open(self.datei, os.O_WRONLY | os.O_APPEND)
            except OSError as fehler:
                raise SchreibFehler(
                    f"{name}: der Schritt lässt sich nicht speichern – {_grund(fehler)}. "
                    "Er wurde nicht ausgeführt."
                ) from fehler
            try:
                groesse = os.fstat(fd).st_size
                if groesse != self._gelesen:
                    raise ProtokollFehler(
                        f"{name}: die Datei wurde außerhalb dieser Sitzung verändert ({groesse} statt "
                        f"{self._gelesen} Bytes); der Schritt wurde nicht ausgeführt. Bitte den Kampf "
                        "neu fortsetzen."
                    )
                try:
                    _alles_schreiben(fd, zeile)
                    os.fsync(fd)
                except OSError as fehler:
                    self._zurueckschneiden(fd, groesse, fehler)
            finally:
                os.close(fd)
        self._gelesen += len(zeile)
        self._zeilen += 1

    def _zurueckschneiden(self, fd: int, groesse: int, fehler: OSError) -> None:
        assert self.datei is not None
        name = self.datei.name
        try:
            os.ftruncate(fd, groesse)
            os.fsync(fd)
        except OSError as zweiter:
            raise SchreibFehler(
                f"{name}: der Schritt lässt sich nicht speichern – {_grund(fehler)} – und der halb "
                f"geschriebene Rest lässt sich nicht entfernen ({_grund(zweiter)}). Der Schritt wurde "
                "nicht ausgeführt; beim nächsten Fortsetzen wird der Rest beiseitegelegt."
            ) from fehler
        raise SchreibFehler(
            f"{name}: der Schritt lässt sich nicht speichern – {_grund(fehler)}. Er wurde nicht "
            "ausgeführt, die Datei ist unverändert; nach dem Freimachen von Platz erneut versuchen."
        ) from fehler

    # -- Ändern ----------------------------------------------------------------------
    def ausfuehren(self, ereignis: Ereignis) -> Z:
        """Wendet ``ereignis`` an, hängt es an und schreibt es sicher (fsync) in die Datei.

        Scheitert ``anwenden`` (ungültiger Zug) oder das Schreiben, bleibt alles, wie es war.

        Raises:
            SchreibFehler: Platte voll, Datei zu groß … (Datei unverändert, erneut versuchen).
            VerdraengtFehler: eine andere Sitzung hat den Kampf übernommen.
            NurLesenFehler: nur zum Ansehen geöffnet oder geschlossen.
        """
        with self._schloss:
            self._schreibrecht_pruefen()
            neu = self._anwenden(self.zustand, ereignis)
            self._anhaengen(ereignis, neu)
            self._zurueckgenommen.clear()
            return neu

    def _anhaengen(self, ereignis: Ereignis, neu: Z) -> None:
        nr = self._naechste_nr
        if self.datei is not None:
            try:
                eintrag = {"nr": nr, "zeit": _jetzt(), "ereignis": ereignis.als_dict()}
                json.dumps(eintrag)
            except (TypeError, ValueError) as fehler:
                raise ProtokollFehler(
                    f"Das Ereignis „{ereignis.art}“ enthält Daten, die nicht gespeichert werden können: "
                    f"{_deutsch(fehler)}."
                ) from fehler
            self._zeile_anhaengen(eintrag)
        self._naechste_nr += 1
        self._nummern.append(nr)
        self._ereignisse.append(ereignis)
        self._zustaende.append(neu)

    def rueckgaengig(self) -> Z:
        """Nimmt den letzten wirksamen Schritt zurück; die Datei vermerkt das."""
        with self._schloss:
            self._schreibrecht_pruefen()
            if not self._ereignisse:
                raise ProtokollFehler("Es gibt keinen Schritt, der rückgängig gemacht werden kann.")
            nr = self._nummern[-1]
            if self.datei is not None:
                self._zeile_anhaengen({"nr": self._naechste_nr, "zeit": _jetzt(), "rueckgaengig": nr})
            self._naechste_nr += 1
            self._nummern.pop()
            self._zurueckgenommen.append(self._ereignisse.pop())
            self._zustaende.pop()
            return self.zustand

    def wiederholen(self) -> Z:
        """Führt den zuletzt zurückgenommenen Schritt erneut aus (als neues Ereignis)."""
        with self._schloss:
            self._schreibrecht_pruefen()
            if not self._zurueckgenommen:
                raise ProtokollFehler("Es gibt keinen zurückgenommenen Schritt zum Wiederholen.")
            ereignis = self._zurueckgenommen[-1]
            neu = self._anwenden(self.zustand, ereignis)
            self._anhaengen(ereignis, neu)
            self._zurueckgenommen.pop()
            return neu

    def schliessen(self) -> None:
        """Gibt die Schreibsperre frei; danach lässt sich hier nichts mehr eintragen.

        Mehrfaches Schließen schadet nicht. Ein Verlauf ohne Datei bleibt unverändert.
        """
        with self._schloss:
            if self._sperre is not None:
                self._sperre.freigeben()
                self._sperre = None
            if self.datei is not None:
                self._rolle = "geschlossen"

    def __enter__(self) -> Verlauf[Z]:
        return self

    def __exit__(self, *_: object) -> None:
        self.schliessen()

    # -- Einspielen ------------------------------------------------------------------
    def _einspielen(self, eintrag: Mapping[str, Any], name: str, zeilennr: int) -> None:
        """Einen gelesenen Eintrag anwenden (ohne zu schreiben); prüft die Schrittnummer."""
        nr = eintrag.get("nr")
        wo = f"{name}, Zeile {zeilennr}"
        if not isinstance(nr, int) or isinstance(nr, bool):
            raise ProtokollFehler(f"{wo}: die Schrittnummer „nr“ fehlt oder ist keine ganze Zahl.")
        erwartet = self._naechste_nr
        if nr < erwartet:
            raise ProtokollFehler(
                f"{wo}: Schritt {nr} steht doppelt oder an falscher Stelle (erwartet: Schritt {erwartet}) – "
                "eine Zeile wurde verdoppelt oder verschoben."
            )
        if nr > erwartet:
            raise ProtokollFehler(
                f"{wo}: Schritt {erwartet} fehlt (gefunden: Schritt {nr}) – eine Zeile wurde gelöscht "
                "oder verschoben."
            )
        if "rueckgaengig" in eintrag:
            ziel = eintrag["rueckgaengig"]
            if not self._nummern or self._nummern[-1] != ziel:
                zuletzt = f"Schritt {self._nummern[-1]}" if self._nummern else "kein Schritt"
                raise ProtokollFehler(
                    f"{wo}: der Rückgängig-Vermerk nennt Schritt {ziel}, wirksam ist zuletzt {zuletzt}."
                )
            self._nummern.pop()
            self._ereignisse.pop()
            self._zustaende.pop()
        else:
            roh = eintrag.get("ereignis")
            if not isinstance(roh, Mapping):
                raise ProtokollFehler(f"{wo}: der Eintrag enthält weder ein Ereignis noch einen Rückgängig-Vermerk.")
            try:
                ereignis = Ereignis.aus_dict(roh)
            except ProtokollFehler as fehler:
                raise ProtokollFehler(f"{wo}: {fehler}") from fehler
            try:
                neu = self._anwenden(self.zustand, ereignis)
            except Exception as fehler:
                raise ProtokollFehler(f"{wo}: lässt sich nicht abspielen: {_deutsch(fehler)}") from fehler
            self._nummern.append(nr)
            self._ereignisse.append(ereignis)
            self._zustaende.append(neu)
        self._naechste_nr = nr + 1

    def nachladen(self) -> int:
        """Liest neue vollständige Zeilen, die eine andere Sitzung angehängt hat, und spielt sie ein.

        Für einen Verlauf, der nur zum Ansehen geöffnet (oder verdrängt) ist; ein Schreiber hat
        nie etwas nachzuladen. Eine halb geschriebene letzte Zeile bleibt für später liegen.

        Returns:
            Wie viele Einträge (Ereignisse und Rückgängig-Vermerke) neu eingespielt wurden.

        Raises:
            ProtokollFehler: die Datei ist kürzer geworden oder eine neue Zeile ist kaputt
                (Meldung mit Datei und Zeile).
        """
        with self._schloss:
            if self.datei is None or self._rolle in ("frei", "schreiben"):
                return 0
            name = self.datei.name
            try:
                with open(self.datei, "rb") as f:
                    groesse = os.fstat(f.fileno()).st_size
                    f.seek(self._gelesen)
                    neu = f.read()
            except OSError as fehler:
                raise ProtokollFehler(f"{name} lässt sich nicht lesen: {_grund(fehler)}.") from fehler
            if groesse < self._gelesen:
                raise ProtokollFehler(
                    f"{name} ist kürzer geworden als das, was hier schon steht – die Datei wurde "
                    "verändert; bitte neu fortsetzen."
                )
            ende = neu.rfind(b"\n")
            if ende < 0:
                return 0
            anzahl = 0
            for roh in neu[:ende].split(b"\n"):
                zeilennr = self._zeilen + 1
                self._einspielen(_eintrag_lesen(roh, name, zeilennr), name, zeilennr)
                self._zurueckgenommen.clear()
                self._gelesen += len(roh) + 1
                self._zeilen = zeilennr
                anzahl += 1
            return anzahl

    def uebernehmen(self) -> list[str]:
        """Übernimmt das Schreiben ausdrücklich von einer anderen Sitzung.

        Die andere Sitzung kann ab sofort nichts mehr eintragen (:class:`VerdraengtFehler`).
        Der Verlauf liest die Datei danach neu (unter der Sperre) und ist dann Schreiber.

        Returns:
            Deutsche Warnungen wie bei :meth:`fortsetzen` (etwa eine abgerissene letzte Zeile).
        """
        with self._schloss:
            if self.datei is None:
                raise ProtokollFehler("Ein Kampf ohne Protokolldatei lässt sich nicht übernehmen.")
            if self._rolle == "schreiben" and self.hat_schreibrecht():
                return []
            sperre = _Sperre(self.datei)
            sperre.erwerben(uebernehmen=True)
            try:
                start = self._start_aus_kopf or (lambda _kopf, s=self.start: s)
                neu, warnungen = type(self)._einlesen(self.datei, start, self._anwenden, reparieren=True)
            except BaseException:
                sperre.freigeben()
                raise
            for name in ("_zustaende", "_ereignisse", "_nummern", "_naechste_nr", "_gelesen", "_zeilen",
                         "system", "kopf"):
                setattr(self, name, getattr(neu, name))
            self._zurueckgenommen = []
            self._sperre = sperre
            self._rolle = "schreiben"
            return warnungen

    # -- Fortsetzen ------------------------------------------------------------------
    @classmethod
    def fortsetzen(
        cls,
        datei: Path | str,
        start: Callable[[Mapping[str, Any]], Z],
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        nur_lesen: bool = False,
        uebernehmen: bool = False,
    ) -> tuple[Verlauf[Z], list[str]]:
        """Liest ein Protokoll und spielt es ab; gibt den Verlauf und deutsche Warnungen zurück.

        ``start`` baut aus dem Kopf der Datei den Startzustand. Ohne ``nur_lesen`` nimmt der
        Verlauf die Schreibsperre des Kampfes (bis :meth:`schliessen`); eine abgerissene letzte
        Zeile wird dann in ``<datei>.abgerissen`` beiseitegelegt, aus der Datei entfernt und
        gemeldet. Mit ``nur_lesen=True`` wird nichts gesperrt und nichts verändert (eine halb
        geschriebene letzte Zeile bleibt liegen); :meth:`nachladen` folgt dem Schreiber.
        ``uebernehmen=True`` nimmt die Sperre auch einer lebenden anderen Sitzung weg.

        Raises:
            GesperrtFehler: eine andere Sitzung schreibt den Kampf (nicht bei ``nur_lesen``
                oder ``uebernehmen``).
            ProtokollFehler: Datei fehlt, falscher oder unvollständiger Kopf, kaputte, fehlende
                oder doppelte Zeile mitten in der Datei, oder ein Ereignis lässt sich nicht
                anwenden. Die Meldung nennt Datei und Zeile.
        """
        datei = Path(datei)
        if nur_lesen and uebernehmen:
            raise ProtokollFehler("Nur ansehen und übernehmen zugleich geht nicht.")
        if nur_lesen:
            verlauf, warnungen = cls._einlesen(datei, start, anwenden, reparieren=False)
            verlauf._rolle = "lesen"
            return verlauf, warnungen
        if not datei.is_file():
            cls._einlesen(datei, start, anwenden, reparieren=False)  # meldet, warum nicht
        sperre = _Sperre(datei)
        sperre.erwerben(uebernehmen=uebernehmen)
        try:
            verlauf, warnungen = cls._einlesen(datei, start, anwenden, reparieren=True)
        except BaseException:
            sperre.freigeben()
            raise
        verlauf._sperre = sperre
        verlauf._rolle = "schreiben"
        return verlauf, warnungen

    @classmethod
    def _einlesen(
        cls,
        datei: Path,
        start: Callable[[Mapping[str, Any]], Z],
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        reparieren: bool,
    ) -> tuple[Verlauf[Z], list[str]]:
        name = datei.name
        try:
            rohdaten = datei.read_bytes()
        except OSError as fehler:
            raise ProtokollFehler(f"{name} lässt sich nicht lesen: {_grund(fehler)}.") from fehler
        warnungen: list[str] = []
        zeilen = rohdaten.split(b"\n")
        rest = zeilen.pop()  # nach dem letzten Zeilenende: leer, oder eine abgerissene Zeile
        if not zeilen and not rest:
            raise ProtokollFehler(f"{name} ist leer – kein Kampfprotokoll.")
        if not zeilen:
            raise ProtokollFehler(
                f"{name}, Zeile 1: der Kopf ist unvollständig (Absturz beim Anlegen?) – das ist kein "
                "fortsetzbarer Kampf."
            )
        eintraege: list[dict[str, Any]] = []
        gut = 0  # Bytes bis zum Ende der letzten guten Zeile
        for index, roh in enumerate(zeilen):
            zeilennr = index + 1
            try:
                eintrag = _eintrag_lesen(roh, name, zeilennr)
            except ProtokollFehler:
                if index == len(zeilen) - 1 and index > 0 and not rest:
                    rest = roh + b"\n"  # kaputte letzte Zeile: wie abgerissen behandeln
                    break
                raise
            eintraege.append(eintrag)
            gut += len(roh) + 1
        if rest:
            zeilennr = len(eintraege) + 1
            if reparieren:
                cls._abgerissene_zeile_beiseite(datei, gut, rest)
                warnungen.append(
                    f"{name}, Zeile {zeilennr}: unvollständig geschrieben (Absturz?) und "
                    f"übersprungen; der Rest wurde nach {name}.abgerissen gelegt."
                )
            else:
                warnungen.append(
                    f"{name}, Zeile {zeilennr}: noch unvollständig (wird gerade geschrieben oder "
                    "Absturz) – noch nicht gezeigt."
                )
        kopfzeile = eintraege[0]
        if kopfzeile.get("format") != FORMAT:
            raise ProtokollFehler(f"{name}, Zeile 1: das ist kein gm_helfer-Kampfprotokoll.")
        if kopfzeile.get("version") != VERSION:
            raise ProtokollFehler(
                f"{name}, Zeile 1: Protokollversion {kopfzeile.get('version')} wird nicht "
                f"unterstützt (erwartet {VERSION})."
            )
        kopf = kopfzeile.get("kopf") or {}
        if not isinstance(kopf, Mapping):
            raise ProtokollFehler(f"{name}, Zeile 1: der Kopf ist kein JSON-Objekt.")
        try:
            startzustand = start(kopf)
        except Exception as fehler:
            raise ProtokollFehler(
                f"{name}, Zeile 1: aus dem Kopf lässt sich kein Startzustand bauen: {_deutsch(fehler)}"
            ) from fehler
        verlauf = cls(startzustand, anwenden, system=str(kopfzeile.get("system", "")), kopf=kopf)
        for zeilennr, eintrag in enumerate(eintraege[1:], start=2):
            verlauf._einspielen(eintrag, name, zeilennr)
        verlauf.datei = datei
        verlauf._start_aus_kopf = start
        verlauf._gelesen = gut
        verlauf._zeilen = len(eintraege)
        verlauf._rolle = "lesen"
        return verlauf, warnungen

    @staticmethod
    def _abgerissene_zeile_beiseite(datei: Path, gut: int, rest: bytes) -> None:
        """Legt den abgerissenen Rest nach ``<datei>.abgerissen`` und schneidet die Datei auf
        ``gut`` Bytes zurück (nur als Inhaber der Sperre)."""
        beiseite = Path(str(datei) + ".abgerissen")
        try:
            with open(beiseite, "ab") as f:
                f.write(rest if rest.endswith(b"\n") else rest + b"\n")
                f.flush()
                os.fsync(f.fileno())
            fd = os.open(datei, os.O_WRONLY)
            try:
                os.ftruncate(fd, gut)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as fehler:
            raise ProtokollFehler(
                f"{datei.name}: die unvollständige letzte Zeile lässt sich nicht beiseitelegen – "
                f"{_grund(fehler)}."
            ) from fehler


def fortsetzen_sicher(
    datei: Path | str,
    start: Callable[[Mapping[str, Any]], Z],
    anwenden: Callable[[Z, Ereignis], Z],
    *,
    vorher: Verlauf[Any] | None = None,
    uebernehmen: bool = False,
) -> tuple[Verlauf[Z] | None, str]:
    """„Kampf fortsetzen“ für Notebooks: nie eine Ausnahme, immer eine deutsche Meldung.

    * ``vorher`` ist der Verlauf, den die Sitzung bisher zeigt: derselbe Kampf wird erst
      geschlossen und dann neu gelesen; nach dem Wechsel zu einem anderen Kampf wird er
      geschlossen (seine Sperre frei).
    * Schreibt eine andere Sitzung den Kampf, kommt er **nur zum Ansehen** (``nur_lesen``)
      zurück, mit der Meldung der Sperre (beginnt mit „⚠“); :func:`nachladen_sicher` folgt ihm.
      ``uebernehmen=True`` verdrängt die andere Sitzung ausdrücklich.
    * Jeder andere Fehler: ``(None, "⚠ <Grund mit Datei und Zeile>")``.

    Returns:
        ``(verlauf, meldung)``; ``verlauf`` ist ``None``, wenn nichts zu öffnen war.
    """
    datei = Path(datei)
    if vorher is not None and vorher.datei is not None and _gleiche_datei(vorher.datei, datei):
        vorher.schliessen()
    try:
        verlauf, warnungen = Verlauf.fortsetzen(datei, start, anwenden, uebernehmen=uebernehmen)
        text = f"Fortgesetzt: {datei.name} mit {len(verlauf.ereignisse)} Schritten."
    except GesperrtFehler as gesperrt:
        try:
            verlauf, warnungen = Verlauf.fortsetzen(datei, start, anwenden, nur_lesen=True)
        except ProtokollFehler as fehler:
            return None, f"⚠ {fehler}"
        text = f"⚠ {gesperrt}"
    except ProtokollFehler as fehler:
        return None, f"⚠ {fehler}"
    if vorher is not None and vorher is not verlauf:
        vorher.schliessen()
    if warnungen:
        text += " " + " ".join(f"⚠ {w}" for w in warnungen)
    return verlauf, text


def _gleiche_datei(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:  # pragma: no cover
        return a == b


def nachladen_sicher(verlauf: Verlauf[Any] | None) -> str:
    """Für die Ansicht eines Kampfes, den eine andere Sitzung schreibt: neue Schritte einlesen.

    Returns:
        ``""`` (nichts zu melden), ``"3 neue Schritte aus der anderen Sitzung."`` oder
        ``"⚠ <Grund>"``; nie eine Ausnahme. Für einen Schreiber (oder ``None``) nichts.
    """
    if verlauf is None or not verlauf.nur_lesen or verlauf.rolle == "geschlossen":
        return ""
    try:
        neu = verlauf.nachladen()
    except ProtokollFehler as fehler:
        return f"⚠ {fehler}"
    return f"{neu} neue Schritte aus der anderen Sitzung." if neu else ""
