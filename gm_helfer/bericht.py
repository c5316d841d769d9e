"""Der Sitzungsbericht: ein Kampfprotokoll als lesbarer deutscher Text (Markdown oder HTML).

Runde für Runde (beim Zeitstrahl Tick für Tick): wer was tat, die Würfel (eingetippte mit ✎
markiert), die Ergebnisse, wer ausfiel, und die Regel jedes Schritts. Das Protokoll wird nur
gelesen – ohne Schreibsperre, ohne etwas zu verändern –, der laufende Kampf stört also nicht.

Befehl: ``gm-helfer bericht LOG`` (Markdown), ``gm-helfer bericht LOG --html``.
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from gm_helfer import ansicht
from gm_helfer.ansicht import KaempferSicht
from gm_helfer.protokoll import ProtokollFehler, Verlauf, kopf_lesen

__all__ = ["Bericht", "BerichtFehler", "Eintrag", "html_text", "lesen", "main", "markdown"]


class BerichtFehler(ValueError):
    """Ein Protokoll, aus dem sich kein Bericht machen lässt – mit deutscher Meldung."""


@dataclass(frozen=True)
class Eintrag:
    """Ein Schritt des Kampfes im Bericht."""

    nr: int
    zeitpunkt: str
    text: str
    regel: str
    eingetippt: bool


@dataclass(frozen=True)
class Bericht:
    """Alles, was der Bericht zeigt (aus dem Protokoll abgespielt)."""

    datei: Path
    system: str
    begonnen: str
    eintraege: tuple[Eintrag, ...]
    ende: tuple[KaempferSicht, ...]
    """Die Kämpfer nach dem letzten Schritt."""
    ausfaelle: tuple[tuple[str, str], ...]
    """(Name, Zeitpunkt), in der Reihenfolge, in der sie ausfielen."""
    warnungen: tuple[str, ...] = ()

    @property
    def systemname(self) -> str:
        return ansicht.SYSTEME.get(self.system, self.system)


def _datum(iso: str) -> str:
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%d.%m.%Y %H:%M")
    except (TypeError, ValueError):
        return "unbekannt"


def lesen(datei: Path | str) -> Bericht:
    """Liest ein Kampfprotokoll (nur lesend) und spielt es ab.

    Raises:
        BerichtFehler: Datei fehlt, ist kein gm_helfer-Protokoll, ein unbekanntes System oder
            lässt sich nicht abspielen – die Meldung nennt Datei und Zeile.
    """
    datei = Path(datei)
    if not datei.is_file():
        raise BerichtFehler(f"{datei}: Datei nicht gefunden.")
    kopf = kopf_lesen(datei)
    if kopf is None:
        raise BerichtFehler(f"{datei}, Zeile 1: kein vollständiger Kopf eines gm_helfer-Kampfprotokolls.")
    system = str(kopf.get("system", ""))
    try:
        modul = ansicht.system(system)
        verlauf, warnungen = Verlauf.fortsetzen(datei, modul.start, modul.anwenden, nur_lesen=True)
    except (ProtokollFehler, ValueError) as fehler:
        raise BerichtFehler(str(fehler)) from fehler
    zustaende = verlauf.zustaende
    eintraege, ausfaelle, draussen = [], [], {k.name for k in modul.kaempfer(zustaende[0]) if k.ausgefallen}
    for i, e in enumerate(verlauf.ereignisse, start=1):
        zeit = modul.zeitpunkt(zustaende[i - 1], zustaende[i])
        eintraege.append(Eintrag(i, zeit, e.text or e.art, e.regel, e.eingetippt))
        for k in modul.kaempfer(zustaende[i]):
            if k.ausgefallen and k.name not in draussen:
                draussen.add(k.name)
                ausfaelle.append((k.name, zeit))
    return Bericht(datei, system, _datum(str(kopf.get("erstellt", ""))), tuple(eintraege),
                   tuple(modul.kaempfer(verlauf.zustand)), tuple(ausfaelle), tuple(warnungen))


def _abschnitte(b: Bericht) -> list[tuple[str, list[Eintrag]]]:
    teile: list[tuple[str, list[Eintrag]]] = []
    for e in b.eintraege:
        titel = e.zeitpunkt or "Vor dem Kampf"
        if not teile or teile[-1][0] != titel:
            teile.append((titel, []))
        teile[-1][1].append(e)
    return teile


def _seiten(b: Bericht) -> list[tuple[str, list[str]]]:
    helden = [k.name for k in b.ende if k.held]
    andere = [k.name for k in b.ende if not k.held]
    return [("Helden", helden), ("Gegenseite", andere)]


def _schritte_zahl(n: int) -> str:
    return f"{n} {'Schritt' if n == 1 else 'Schritte'}"


def markdown(b: Bericht) -> str:
    """Der Bericht als Markdown."""
    z = [f"# Kampfbericht – {b.systemname}", "",
         f"Protokoll `{b.datei.name}` · begonnen {b.begonnen} · {_schritte_zahl(len(b.eintraege))}", ""]
    for seite, namen in _seiten(b):
        if namen:
            z.append(f"- **{seite}:** {', '.join(namen)}")
    z += ["", "✎ = am Tisch gewürfelt und eingetippt.", ""]
    for w in b.warnungen:
        z += [f"> ⚠ {w}", ""]
    for titel, eintraege in _abschnitte(b):
        z += [f"## {titel}", ""]
        for e in eintraege:
            z.append(f"{e.nr}. {'✎ ' if e.eingetippt else ''}{e.text}" + (f"  \n   _Regel: {e.regel}_" if e.regel else ""))
        z.append("")
    z += ["## Ausgang", ""]
    z += [f"- {name} fiel aus ({zeit or 'vor dem Kampf'})." for name, zeit in b.ausfaelle] or ["- Niemand fiel aus."]
    z += ["", "| Kämpfer | Seite | Zustand am Ende |", "|---|---|---|"]
    z += [f"| {k.name} | {k.seite} | {k.zustand} |" for k in b.ende]
    return "\n".join(z) + "\n"


def html_text(b: Bericht) -> str:
    """Der Bericht als eigenständige HTML-Seite (ohne externe Dateien)."""
    x = html.escape
    teile = [f"<h1>Kampfbericht – {x(b.systemname)}</h1>",
             f"<p>Protokoll <code>{x(b.datei.name)}</code> · begonnen {x(b.begonnen)} · "
             f"{_schritte_zahl(len(b.eintraege))}</p><ul>"]
    teile += [f"<li><b>{seite}:</b> {x(', '.join(namen))}</li>" for seite, namen in _seiten(b) if namen]
    teile.append("</ul><p>✎ = am Tisch gewürfelt und eingetippt.</p>")
    teile += [f"<p class='warnung'>⚠ {x(w)}</p>" for w in b.warnungen]
    for titel, eintraege in _abschnitte(b):
        teile.append(f"<h2>{x(titel)}</h2><ol>")
        teile += [f"<li value='{e.nr}'>{'✎ ' if e.eingetippt else ''}{x(e.text)}"
                  + (f"<br><small>Regel: {x(e.regel)}</small>" if e.regel else "") + "</li>" for e in eintraege]
        teile.append("</ol>")
    teile.append("<h2>Ausgang</h2><ul>")
    teile += [f"<li>{x(n)} fiel aus ({x(z or 'vor dem Kampf')}).</li>" for n, z in b.ausfaelle] or ["<li>Niemand fiel aus.</li>"]
    teile.append("</ul><table><tr><th>Kämpfer</th><th>Seite</th><th>Zustand am Ende</th></tr>")
    teile += [f"<tr><td>{x(k.name)}</td><td>{x(k.seite)}</td><td>{x(k.zustand)}</td></tr>" for k in b.ende]
    teile.append("</table>")
    stil = ("body{font-family:'DejaVu Sans',Arial,sans-serif;max-width:50em;margin:2em auto;line-height:1.4}"
            "small{color:#555}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em}"
            ".warnung{color:#a40}")
    return (f"<!DOCTYPE html><html lang='de'><head><meta charset='utf-8'><title>Kampfbericht – {x(b.systemname)}"
            f"</title><style>{stil}</style></head><body>{''.join(teile)}</body></html>\n")


def main(argv: Sequence[str] | None = None) -> int:
    """``gm-helfer bericht LOG [--html]``: den Bericht auf die Standardausgabe schreiben."""
    parser = argparse.ArgumentParser(prog="gm-helfer bericht", description="Ein Kampfprotokoll als lesbarer Bericht.")
    parser.add_argument("protokoll", help="die Protokolldatei (.jsonl) im Kampfordner")
    parser.add_argument("--html", action="store_true", help="HTML statt Markdown ausgeben")
    args = parser.parse_args(argv)
    try:
        b = lesen(args.protokoll)
    except BerichtFehler as fehler:
        print(f"⚠ {fehler}", file=sys.stderr)
        return 1
    sys.stdout.write(html_text(b) if args.html else markdown(b))
    return 0
