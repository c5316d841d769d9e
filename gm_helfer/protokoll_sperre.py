"""Die Schreibsperre eines Kampfprotokolls: ein Schreiber je Kampf, zwischen Prozessen und Threads.

Aus :mod:`gm_helfer.protokoll` herausgelöst; :func:`inhaber` ist dort weiter erreichbar.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import secrets
import socket
import threading
import time
import weakref
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, BinaryIO

from gm_helfer.protokoll_fehler import GesperrtFehler, ProtokollFehler, SchreibFehler, _alles_schreiben, _grund, _jetzt

try:  # POSIX (Linux, macOS)
    import fcntl
except ImportError:  # pragma: no cover - Windows: siehe _Sperre
    fcntl = None  # type: ignore[assignment]

__all__ = ["geraet", "inhaber"]


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

_GERAET: ContextVar[str | None] = ContextVar("gm_helfer_geraet", default=None)


@contextmanager
def geraet(kennung: str | None) -> Iterator[None]:
    """Schreiber, die in diesem Block die Sperre nehmen, gehören zum Gerät ``kennung``.

    ``kennung`` ist das lange, zufällige Geräte-Cookie des Browsers (die Torwache setzt es); in
    die Sperrdatei kommt nur ein Hash davon. Hält ein lebender Schreiber *desselben* Geräts die
    Sperre (der Tab vor dem Neuladen, ein zweiter Tab desselben Browsers), geht sie beim
    Fortsetzen sofort an den neuen über – wie beim ausdrücklichen Übernehmen: der alte kann
    danach nichts mehr eintragen. Ein anderes Gerät (oder ``None``: Jupyter, ohne Cookie) bleibt
    abgewiesen. Die Sperre wird übergeben, nie geteilt.
    """
    marke = _GERAET.set(_geraet_hash(kennung))
    try:
        yield
    finally:
        _GERAET.reset(marke)


def _geraet_hash(kennung: str | None) -> str | None:
    if not kennung or len(kennung) < 16:  # zu kurz für ein zufälliges Cookie: kein Gerät
        return None
    return hashlib.sha256(b"gm_helfer-geraet:" + kennung.encode("utf-8", "surrogatepass")).hexdigest()[:32]


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
        self.geraet = _GERAET.get()
        """Hash des Geräte-Cookies dieses Schreibers (``None``: kein Gerät bekannt)."""
        self.vom_selben_geraet = False
        """``True``, wenn :meth:`erwerben` die Sperre einem lebenden Schreiber desselben Geräts abgenommen hat."""
        self._lebenszeichen: BinaryIO | None = None
        self._dateisperre: BinaryIO | None = None  # flock auf der Protokolldatei (schließt auch beim Aufräumen)

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
        ``uebernehmen`` oder ist er vom selben Gerät (:func:`geraet`) – dann ist der andere ab
        sofort verdrängt."""
        with self.riegel() as fd:
            bisher = self.inhaber_lesen(fd)
            if self.lebt(bisher.get("token")) and bisher.get("token") != self.token and not uebernehmen:
                if not (self.geraet and bisher.get("geraet") == self.geraet):
                    raise GesperrtFehler(_gesperrt_text(self.datei, bisher), datei=self.datei, inhaber=bisher)
                uebernehmen = self.vom_selben_geraet = True
            self._datei_sperren(uebernehmen=uebernehmen, bisher=bisher)
            self._aufraeumen()
            pfad = self._lebenszeichen_pfad(self.token)
            try:
                datei = open(pfad, "wb")  # noqa: SIM115 - lebt so lange wie der Schreiber
            except OSError as fehler:
                self._datei_loslassen()
                raise SchreibFehler(
                    f"{self.datei.name}: die Sperrdatei lässt sich nicht anlegen – {_grund(fehler)}."
                ) from fehler
            try:
                if fcntl is not None:
                    fcntl.flock(datei.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                self._inhaber_schreiben(fd)
            except OSError as fehler:
                datei.close()
                pfad.unlink(missing_ok=True)
                self._datei_loslassen()
                raise SchreibFehler(
                    f"{self.datei.name}: die Schreibsperre lässt sich nicht setzen – {_grund(fehler)}."
                ) from fehler
            self._lebenszeichen = datei
        _WACHE.bewachen(self)

    def _inhaber_schreiben(self, fd: int) -> None:
        """Diesen Schreiber als Inhaber in den Riegel schreiben (unter dem Riegel)."""
        eintrag = {"token": self.token, "pid": os.getpid(), "rechner": socket.gethostname(),
                   "thread": threading.current_thread().name, "seit": _jetzt()}
        if self.geraet:
            eintrag["geraet"] = self.geraet
        roh = json.dumps(eintrag, ensure_ascii=False).encode("utf-8") + b"\n"
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        _alles_schreiben(fd, roh)
        os.fsync(fd)

    def _datei_sperren(self, *, uebernehmen: bool, bisher: Mapping[str, Any]) -> None:
        """``flock`` auf der Protokolldatei selbst, solange dieser Schreiber lebt: wer die
        Sperrdateien löscht, kommt trotzdem nicht an einem lebenden Schreiber vorbei. Beim
        ausdrücklichen Übernehmen darf sie fehlen (der Verdrängte hält sie, bis er es merkt)."""
        if fcntl is None or self._dateisperre is not None:  # pragma: no cover - Windows
            return
        try:
            fd = os.open(self.datei, os.O_RDONLY | os.O_CREAT | getattr(os, "O_NONBLOCK", 0), 0o644)
        except OSError as fehler:
            raise SchreibFehler(
                f"{self.datei.name}: die Schreibsperre lässt sich nicht setzen – {_grund(fehler)}."
            ) from fehler
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            if uebernehmen:
                return
            raise GesperrtFehler(_gesperrt_text(self.datei, bisher), datei=self.datei, inhaber=bisher) from None
        self._dateisperre = os.fdopen(fd, "rb", buffering=0)

    def _datei_loslassen(self) -> None:
        datei, self._dateisperre = self._dateisperre, None
        if datei is not None:
            datei.close()  # löst das flock

    def ist_inhaber(self, fd: int) -> bool:
        """Unter dem Riegel: gehört die Datei noch diesem Schreiber?

        Ist der Inhaber verschwunden (jemand hat ``<datei>.sperre`` gelöscht), hält dieser
        Schreiber aber noch das ``flock`` der Protokolldatei, trägt er sich wieder ein."""
        if not self.gehalten:
            return False
        bisher = self.inhaber_lesen(fd)
        if bisher.get("token") == self.token:
            return True
        if not bisher and self._dateisperre is not None:
            self._inhaber_schreiben(fd)
            return True
        return False

    def loslassen(self) -> None:
        """Lebenszeichen schließen und löschen (unter dem Riegel aufrufen)."""
        datei, self._lebenszeichen = self._lebenszeichen, None
        self._datei_loslassen()
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
            self._datei_loslassen()
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
