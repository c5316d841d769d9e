"""Die Spieleransicht: was die Spieler vom laufenden Kampf sehen dürfen – nur lesend.

Sie folgt dem Protokoll eines Kampfes, ohne es zu sperren oder zu verändern
(:meth:`gm_helfer.protokoll.Verlauf.fortsetzen` mit ``nur_lesen=True`` und ``nachladen``), und
zeigt: die Reihenfolge des Handelns, wer dran ist, die Helden mit Zuständen, Wunden und
Ressourcen, die Gegner nur so, wie man sie am Tisch sieht (angeschlagen, verwundet,
kampfunfähig – keine Werte), und die letzten Schritte in einfachem Deutsch.

Verborgen bleiben: die Werte und Bögen der Gegner, Gegner, die der Spielleiter verbirgt
(:func:`verbergen`, eine kleine Datei neben dem Protokoll), die Texte des Protokolls selbst (sie
nennen Paraden, Robustheit und Würfel des Spielleiters) und alle Chancen.
"""

from __future__ import annotations

import html
import json
import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gm_helfer import ansicht, pfade
from gm_helfer.ansicht import KaempferSicht
from gm_helfer.protokoll import Ereignis, ProtokollFehler, Verlauf, auflisten, kopf_lesen

__all__ = ["Beobachter", "SpielerLage", "html_text", "kaempfe", "lage", "verbergen", "verborgen"]

LETZTE = 6
"""So viele der letzten Schritte zeigt die Ansicht."""

_TAETIGKEIT = {
    "angriff": "greift an", "schaden": "würfelt Schaden", "wegstecken": "steckt Schaden weg",
    "erholung": "versucht sich zu erholen", "benny": "setzt einen Benny ein", "bewegung": "bewegt sich",
    "sprint": "sprintet", "abwarten": "wartet ab", "fertig": "beendet den Zug", "zug_ende": "beendet den Zug",
    "zug_beginn": "ist am Zug", "am_zug": "ist am Zug", "ausser_gefecht": "würfelt gegen Außer Gefecht",
    "ausbluten": "kämpft gegen das Ausbluten", "heilen": "versorgt eine Wunde", "unterbrechen": "unterbricht",
    "aktion": "handelt", "bereitmachen": "macht eine Waffe bereit", "springen": "springt",
}
"""Was ein Schritt für die Spieler heißt – ohne Zahlen (die Protokolltexte zeigen wir nicht)."""

_ALLGEMEIN = {
    "runde": "Eine neue Runde beginnt.", "karten": "Die Aktionskarten werden ausgeteilt.",
    "initiative": "Die Initiative wird bestimmt.", "start": "Der Kampf beginnt.",
    "neue_runde": "Eine neue Runde beginnt.",
}


@dataclass(frozen=True)
class SpielerLage:
    """Alles, was die Spieleransicht zeigt (nichts darüber hinaus)."""

    system: str
    zeitpunkt: str
    reihenfolge: tuple[tuple[str, str], ...]
    am_zug: tuple[str, ...]
    helden: tuple[KaempferSicht, ...]
    gegner: tuple[tuple[str, str], ...]
    """(Name, was man sieht)."""
    letzte: tuple[str, ...]
    """Die letzten Schritte, neueste zuerst, in einfachem Deutsch."""


def _zusatz(datei: Path) -> Path:
    return datei.with_name(datei.name + ".spieler.json")


def verborgen(datei: Path | str) -> frozenset[str]:
    """Die Namen, die der Spielleiter vor den Spielern verbirgt (leer, wenn nichts verborgen ist)."""
    try:
        daten = json.loads(_zusatz(Path(datei)).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return frozenset()
    namen = daten.get("verborgen", []) if isinstance(daten, dict) else []
    return frozenset(str(n) for n in namen if isinstance(n, str))


def verbergen(datei: Path | str, namen: Iterable[str]) -> None:
    """Legt fest, welche Kämpfer die Spieler nicht sehen (atomar geschrieben, neben dem Protokoll)."""
    ziel = _zusatz(Path(datei))
    inhalt = json.dumps({"verborgen": sorted(set(namen))}, ensure_ascii=False).encode("utf-8")
    fd, tmp = tempfile.mkstemp(dir=ziel.parent, prefix=f".{ziel.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(inhalt)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, ziel)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def kaempfe(ordner: Path | str | None = None) -> list[Path]:
    """Alle gespeicherten Kämpfe aller Systeme, neueste zuerst."""
    ordner = Path(ordner or pfade.kampf_ordner())
    alle = [d for s in ansicht.SYSTEME for d in auflisten(ordner, s)]
    return sorted(alle, key=lambda d: d.stat().st_mtime, reverse=True)


def _handelnder(e: Ereignis, namen: set[str]) -> str | None:
    for schluessel in ("angreifer", "name", "empfaenger", "wer"):
        wert = e.daten.get(schluessel)
        if isinstance(wert, str) and wert in namen:
            return wert
    return None


def _sicht(k: KaempferSicht) -> str:
    return k.zustand if k.held else k.sichtbar


def _schritt_text(modul: Any, e: Ereignis, vorher: Any, nachher: Any, versteckt: frozenset[str]) -> str:
    vor = {k.name: k for k in modul.kaempfer(vorher)}
    nach = [k for k in modul.kaempfer(nachher) if k.name not in versteckt]
    sichtbar = {k.name for k in nach} | {n for n, _ in modul.reihenfolge(nachher) if n not in versteckt}
    wer = _handelnder(e, sichtbar)
    if wer and e.art in _TAETIGKEIT:
        text = f"{wer} {_TAETIGKEIT[e.art]}"
    elif e.art in _ALLGEMEIN:
        text = _ALLGEMEIN[e.art].rstrip(".")
    else:
        text = wer or ""
    aenderungen = [f"{k.name}: {_sicht(k)}" for k in nach if k.name in vor and _sicht(vor[k.name]) != _sicht(k)]
    teile = [t for t in (text, "; ".join(aenderungen)) if t]
    zeit = modul.zeitpunkt(vorher, nachher)
    return (f"{zeit}: " if zeit else "") + (" – ".join(teile) if teile else "Der Spielleiter trägt etwas ein") + "."


def lage(verlauf: Verlauf, system: str, versteckt: Iterable[str] = ()) -> SpielerLage:
    """Die Spielerlage eines (nur lesend geöffneten) Verlaufs; ``versteckt``: verborgene Namen."""
    modul = ansicht.system(system)
    versteckt = frozenset(versteckt)
    z = verlauf.zustand
    leute = [k for k in modul.kaempfer(z) if k.name not in versteckt]
    zustaende, ereignisse = verlauf.zustaende, verlauf.ereignisse
    letzte = tuple(
        _schritt_text(modul, ereignisse[i], zustaende[i], zustaende[i + 1], versteckt)
        for i in range(len(ereignisse) - 1, max(-1, len(ereignisse) - 1 - LETZTE), -1)
    )
    return SpielerLage(
        system=system,
        zeitpunkt=modul.zeitpunkt(z, z),
        reihenfolge=tuple((n, a) for n, a in modul.reihenfolge(z) if n not in versteckt),
        am_zug=tuple(n for n in modul.am_zug(z) if n not in versteckt),
        helden=tuple(k for k in leute if k.held),
        gegner=tuple((k.name, k.sichtbar) for k in leute if not k.held),
        letzte=letzte,
    )


class Beobachter:
    """Folgt einem Kampfprotokoll nur lesend; :meth:`lage` liest neue Schritte nach.

    Ein Rückgängig des Spielleiters steht als eigene Zeile im Protokoll und wird wie jeder
    Schritt nachgelesen. Lässt sich das Protokoll nicht weiterlesen (etwa nach einer
    Übernahme, die die Datei kürzt), wird es einmal neu geöffnet.
    """

    def __init__(self, datei: Path | str) -> None:
        self.datei = Path(datei)
        kopf = kopf_lesen(self.datei)
        if kopf is None:
            raise ProtokollFehler(f"{self.datei.name}: kein vollständiges Kampfprotokoll.")
        self.system = str(kopf.get("system", ""))
        self._modul = ansicht.system(self.system)
        self._verlauf: Verlauf | None = None

    def _oeffnen(self) -> Verlauf:
        verlauf, _ = Verlauf.fortsetzen(self.datei, self._modul.start, self._modul.anwenden, nur_lesen=True)
        return verlauf

    def lage(self) -> SpielerLage:
        """Die aktuelle Lage; wirft :class:`ProtokollFehler` mit deutscher Meldung, wenn das Protokoll unlesbar ist."""
        if self._verlauf is None:
            self._verlauf = self._oeffnen()
        else:
            try:
                self._verlauf.nachladen()
            except ProtokollFehler:
                self._verlauf = self._oeffnen()
        return lage(self._verlauf, self.system, verborgen(self.datei))


def html_text(l: SpielerLage) -> str:
    """Große, gut lesbare Ansicht für einen geteilten Bildschirm oder ein Tablet (auch 820 px)."""
    x = html.escape
    dran = set(l.am_zug)
    reihe = "".join(
        f"<li class='{'dran' if n in dran else ''}'>{x(n)} <small>{x(a)}</small></li>" for n, a in l.reihenfolge
    ) or "<li>Noch keine Reihenfolge.</li>"
    helden = "".join(f"<tr class='{'raus' if k.ausgefallen else ''}'><td>{x(k.name)}</td><td>{x(k.zustand)}</td></tr>"
                     for k in l.helden)
    gegner = "".join(f"<tr><td>{x(n)}</td><td>{x(s)}</td></tr>" for n, s in l.gegner)
    letzte = "".join(f"<li>{x(t)}</li>" for t in l.letzte) or "<li>Noch ist nichts geschehen.</li>"
    am_zug = " und ".join(l.am_zug) or "niemand – gleich geht es weiter"
    return f"""<div class="spieler" id="spieler-ansicht">
<style>
.spieler {{ font-size: 1.25rem; line-height: 1.4; }}
.spieler h2 {{ font-size: 1.6rem; margin: .6em 0 .3em; }}
.spieler .dran {{ font-weight: bold; background: #fff3c4; }}
.spieler table {{ border-collapse: collapse; width: 100%; }}
.spieler td {{ border-bottom: 1px solid #ccc; padding: .3em .4em; vertical-align: top; }}
.spieler .raus {{ color: #888; }}
.spieler .kopf {{ font-size: 2rem; font-weight: bold; }}
.spieler ol {{ padding-left: 1.4em; }}
.spieler .spalten {{ display: flex; flex-wrap: wrap; gap: 1.5em; }}
.spieler .spalten > div {{ flex: 1 1 22rem; min-width: 0; }}
</style>
<div class="kopf" id="spieler-am-zug">{x(l.zeitpunkt + ' · ' if l.zeitpunkt else '')}am Zug: {x(am_zug)}</div>
<div class="spalten">
<div><h2>Reihenfolge</h2><ol id="spieler-reihenfolge">{reihe}</ol></div>
<div><h2>Helden</h2><table id="spieler-helden">{helden}</table>
<h2>Gegner</h2><table id="spieler-gegner">{gegner or '<tr><td>–</td></tr>'}</table></div>
</div>
<h2>Zuletzt</h2><ol id="spieler-letzte" reversed>{letzte}</ol>
</div>"""
