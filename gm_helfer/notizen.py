"""Titel und Notizen des Spielleiters zu einem Kampf – neben dem Protokoll in ``<log>.notizen.md``.

Die Datei ist ein kleines Markdown-Dokument in den Worten des Spielleiters: die erste Zeile
``# Titel`` (der Name der Begegnung, änderbar), darunter die Notizen. Sie wird atomar
geschrieben (Temp-Datei, fsync, ``os.replace``) und vom Bericht gedruckt. Das Protokoll selbst
bleibt unberührt (es wird nur angehängt und ist verkettet); fehlt die Datei oder ist sie
unlesbar, gibt es eben keine Notizen.

>>> text = als_text(Notizen("Überfall an der Furt", "Brakka schwor Rache."))
>>> text
'# Überfall an der Furt\\n\\nBrakka schwor Rache.\\n'
>>> aus_text(text)
Notizen(titel='Überfall an der Furt', text='Brakka schwor Rache.')
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

__all__ = ["GROESSTE", "Notizen", "als_text", "aus_text", "datei_zu", "lesen", "schreiben"]

GROESSTE = 256 * 1024
"""Längere Notizen werden nicht gelesen (Bytes)."""

ENDUNG = ".notizen.md"


@dataclass(frozen=True)
class Notizen:
    titel: str = ""
    """Der Name der Begegnung (oder was der Spielleiter daraus macht)."""
    text: str = ""


def datei_zu(protokoll: Path | str) -> Path:
    """``kaempfe/sw_….jsonl`` → ``kaempfe/sw_….jsonl.notizen.md``."""
    protokoll = Path(protokoll)
    return protokoll.with_name(protokoll.name + ENDUNG)


def als_text(n: Notizen) -> str:
    titel = " ".join(n.titel.split())
    teile = [f"# {titel}"] if titel else []
    if n.text.strip():
        teile.append(n.text.strip("\n"))
    return "\n\n".join(teile) + "\n" if teile else ""


def aus_text(text: str) -> Notizen:
    zeilen = text.replace("\r\n", "\n").split("\n")
    if zeilen and zeilen[0].startswith("# "):
        return Notizen(" ".join(zeilen[0][2:].split()), "\n".join(zeilen[1:]).strip("\n"))
    return Notizen("", text.strip("\n"))


def lesen(protokoll: Path | str) -> Notizen:
    """Titel und Notizen zum Protokoll – leer, wenn es keine (lesbare, gewöhnliche) Datei gibt
    oder sie größer als :data:`GROESSTE` ist (gelesen über :func:`gm_helfer.pfade.lesen`)."""
    from gm_helfer import pfade

    datei = datei_zu(protokoll)
    if not datei.exists():
        return Notizen()
    try:
        roh = pfade.lesen(datei, grenze=GROESSTE)
    except (OSError, ValueError):
        return Notizen()
    return aus_text(roh.decode("utf-8", errors="replace"))


def schreiben(protokoll: Path | str, *, titel: str | None = None, text: str | None = None) -> Notizen:
    """Ändert Titel und/oder Notizen (``None``: bleibt) und schreibt die Datei atomar.

    Raises:
        OSError: die Datei lässt sich nicht schreiben (die alte bleibt dann, wie sie war).
    """
    from gm_helfer.boegen_kern import atomar_schreiben

    alt = lesen(protokoll)
    neu = Notizen(alt.titel if titel is None else " ".join(titel.split()), alt.text if text is None else text)
    if len(als_text(neu).encode("utf-8")) > GROESSTE:
        raise OSError(f"Die Notizen sind zu lang (höchstens {GROESSTE // 1024} KB).")
    if neu != alt:
        atomar_schreiben(datei_zu(protokoll), als_text(neu).encode("utf-8"))
    return neu
