"""Wo gm_helfer seine Dateien findet: Projektordner, Charakterbögen, Kampfprotokolle.

Die Notebooks fragen immer hier nach, nie mit eigenen Pfaden. Zwei Umgebungsvariablen
überschreiben die Standardorte, damit Tests (und Spielleiter mit eigener Sammlung) die
Dateien im Projekt nie anfassen:

- ``GM_HELFER_CHARAKTERE``: Ordner mit einem Unterordner je System
  (Standard: ``<projekt>/charaktere``).
- ``GM_HELFER_KAEMPFE``: Ordner für Kampfprotokolle (Standard: ``<projekt>/kaempfe``).
"""

from __future__ import annotations

import errno
import os
import re
import stat
import threading
from pathlib import Path
from typing import Any

__all__ = [
    "KeineDateiFehler",
    "charakter_ordner",
    "grund",
    "ist_datei",
    "kampf_ordner",
    "lesen",
    "lesen_mit_groesse",
    "projekt_ordner",
]

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


# --------------------------------------------------------------------------- sicher lesen

#: So groß darf eine Datei höchstens sein, die gm_helfer liest (Bögen, Begegnungen, Protokolle).
GROESSTE_DATEI = 64 * 1024 * 1024
#: So lange (Sekunden) darf Lesen dauern, bevor es als hängend gilt (Netzlaufwerk, Cloud-Platzhalter).
LESEFRIST = 10.0

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
    errno.EEXIST: "die Datei gibt es schon",
    errno.ENOTEMPTY: "der Ordner ist nicht leer",
    errno.ENAMETOOLONG: "der Name ist zu lang",
    errno.ELOOP: "zu viele symbolische Verweise",
    errno.EMFILE: "zu viele offene Dateien",
    errno.ENFILE: "zu viele offene Dateien",
    errno.ETIMEDOUT: "der Datenträger antwortet nicht",
    errno.EAGAIN: "die Datei ist gerade nicht lesbar",
    errno.EBUSY: "die Datei ist belegt",
    errno.ETXTBSY: "die Datei ist belegt",
    errno.EXDEV: "Verschieben über Datenträger hinweg geht nicht",
}


class KeineDateiFehler(OSError):
    """Kein Lesen: keine gewöhnliche Datei (FIFO, Socket, Gerät), zu groß, oder das Lesen hängt.

    Ein ``OSError`` (wer OS-Fehler abfängt, fängt auch diesen); ``str()`` ist deutsch."""

    def __init__(self, text: str) -> None:
        super().__init__(errno.EINVAL, text)
        self.text = text

    def __str__(self) -> str:
        return self.text


def grund(fehler: BaseException) -> str:
    """Deutsche Beschreibung eines Betriebssystemfehlers (statt ``strerror`` auf Englisch).

    >>> grund(OSError(28, "No space left on device"))
    'kein Platz mehr auf dem Datenträger'
    """
    if isinstance(fehler, KeineDateiFehler):
        return fehler.text
    nummer = getattr(fehler, "errno", None)
    if nummer in _GRUENDE:
        return _GRUENDE[nummer]
    if isinstance(fehler, TimeoutError):
        return "der Datenträger antwortet nicht"
    if nummer is None:
        return "ein Fehler des Betriebssystems"
    return f"Fehler des Betriebssystems ({errno.errorcode.get(nummer, nummer)})"


def ist_datei(pfad: Path | str) -> bool:
    """Ob ``pfad`` eine gewöhnliche Datei ist (folgt Verweisen; FIFO, Socket, Gerät, Ordner: nein)."""
    try:
        return stat.S_ISREG(os.stat(pfad).st_mode)
    except (OSError, ValueError):
        return False


def _art(modus: int) -> str:
    if stat.S_ISFIFO(modus):
        return "eine benannte Pipe (FIFO)"
    if stat.S_ISSOCK(modus):
        return "ein Socket"
    if stat.S_ISCHR(modus) or stat.S_ISBLK(modus):
        return "ein Gerät"
    if stat.S_ISDIR(modus):
        return "ein Ordner"
    return "keine gewöhnliche Datei"


def _lesen_jetzt(pfad: Path, ab: int, grenze: int, bis: int | None = None) -> tuple[bytes, int]:
    vorher = os.stat(pfad).st_mode  # ein Socket ließe sich gar nicht öffnen
    if not stat.S_ISREG(vorher):
        raise KeineDateiFehler(f"{pfad.name} ist {_art(vorher)}, keine gewöhnliche Datei – übersprungen")
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(pfad, flags)  # O_NONBLOCK: das Öffnen einer FIFO wartet nicht auf einen Schreiber
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise KeineDateiFehler(f"{pfad.name} ist {_art(info.st_mode)}, keine gewöhnliche Datei – übersprungen")
        if bis is None and info.st_size - ab > grenze:
            raise KeineDateiFehler(
                f"{pfad.name} ist zu groß ({info.st_size // (1024 * 1024)} MB; höchstens "
                f"{grenze // (1024 * 1024)} MB) – nicht gelesen"
            )
        if ab:
            os.lseek(fd, ab, os.SEEK_SET)
        teile = []
        gelesen = 0
        while True:
            stueck = os.read(fd, min(1 << 20, bis - gelesen) if bis is not None else 1 << 20)
            if not stueck:
                break
            gelesen += len(stueck)
            if bis is not None and gelesen >= bis:
                teile.append(stueck)
                break
            if gelesen > grenze:
                raise KeineDateiFehler(f"{pfad.name} ist zu groß (höchstens {grenze // (1024 * 1024)} MB) – nicht gelesen")
            teile.append(stueck)
        return b"".join(teile), info.st_size
    finally:
        os.close(fd)


def lesen(
    pfad: Path | str, *, ab: int = 0, grenze: int = GROESSTE_DATEI, frist: float | None = LESEFRIST,
    bis: int | None = None,
) -> bytes:
    """Den Inhalt einer **gewöhnlichen** Datei lesen (ab Byte ``ab``) – der eine Weg, auf dem
    gm_helfer Bögen, Begegnungen, Protokolle und Nebendateien liest.

    FIFOs, Sockets und Geräte werden nicht gelesen (ihr Lesen kann ewig warten), ebenso Dateien
    über ``grenze`` Bytes; hängt das Lesen länger als ``frist`` Sekunden (Netzlaufwerk, Platzhalter
    eines Cloud-Speichers), gibt es auf. Jedes Mal :class:`KeineDateiFehler` mit deutschem Text;
    andere Fehler des Betriebssystems kommen als ``OSError`` (:func:`grund` übersetzt sie).
    ``bis``: höchstens so viele Bytes lesen (etwa nur den Kopf), ohne Fehler bei größeren Dateien.
    """
    return lesen_mit_groesse(pfad, ab=ab, grenze=grenze, frist=frist, bis=bis)[0]


def lesen_mit_groesse(
    pfad: Path | str, *, ab: int = 0, grenze: int = GROESSTE_DATEI, frist: float | None = LESEFRIST,
    bis: int | None = None,
) -> tuple[bytes, int]:
    """Wie :func:`lesen`; dazu die Größe der Datei beim Lesen (Bytes)."""
    pfad = Path(pfad)
    if frist is None:
        return _lesen_jetzt(pfad, ab, grenze, bis)
    ergebnis: list[Any] = []

    def lesen_im_faden() -> None:
        try:
            ergebnis.append(_lesen_jetzt(pfad, ab, grenze, bis))
        except BaseException as fehler:  # noqa: BLE001 – im aufrufenden Thread wieder geworfen
            ergebnis.append(fehler)

    faden = threading.Thread(target=lesen_im_faden, name="gm_helfer-lesen", daemon=True)
    faden.start()
    faden.join(frist)
    if not ergebnis:
        raise KeineDateiFehler(
            f"{pfad.name} antwortet nicht (seit {frist:g} Sekunden; ein hängendes Netzlaufwerk?) – übersprungen"
        )
    if isinstance(ergebnis[0], BaseException):
        raise ergebnis[0]
    return ergebnis[0]
