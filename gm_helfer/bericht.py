"""Der Sitzungsbericht: ein Kampfprotokoll als lesbarer deutscher Text (Markdown oder HTML).

Runde für Runde (beim Zeitstrahl Tick für Tick): wer was tat, die Würfel (eingetippte mit ✎
markiert), die Ergebnisse, wer ausfiel, und die Regel jedes Schritts. Das Protokoll wird nur
gelesen – ohne Schreibsperre, ohne etwas zu verändern –, der laufende Kampf stört also nicht.

Über den Schritten steht, was ins Kampftagebuch gehört: die Schlagzeile (wer gewann, oder
„Kampf noch offen“ mit der offenen Entscheidung), der Name der Begegnung, Runden oder Ticks und
Dauer, je Kämpfer die Summen (Angriffe, Treffer, Schaden ausgeteilt und erlitten, ausgegebene
Bennies/Flee/Ausdauer, wann und durch wen er ausfiel) und die Notizen des Spielleiters
(:mod:`gm_helfer.notizen`). Die Summen kommen aus den Ereignissen und Zuständen über den Adapter
jedes Systems (``bilanz``, siehe :class:`Posten`), nie aus dem Protokolltext.

Befehl: ``gm-helfer bericht LOG`` (Markdown), ``--html``, ``--kurz`` (ohne Zugwechsel und Regelzeilen).
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from gm_helfer import ansicht, notizen
from gm_helfer.ansicht import KaempferSicht
from gm_helfer.bericht_summen import Posten, Summe, schlagzeile, summen, titel_aus_seiten, umfang_dauer
from gm_helfer.protokoll import VERMERK, ProtokollFehler, Verlauf, kopf_lesen

__all__ = ["Bericht", "BerichtFehler", "Eintrag", "Posten", "Summe", "html_kurz", "html_text", "lesen", "main", "markdown",
           "markdown_kurz", "summen_zeilen"]


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
    schritt: int = 0
    """Der Schritt (Klick), zu dem der Eintrag gehört (:attr:`gm_helfer.protokoll.Verlauf.schritte`)."""
    verwaltung: bool = False
    """Nur ein Zugwechsel (an der Reihe, fertig, Karten, neue Runde) – fehlt in der kurzen Form."""


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
    """(Name, Zeitpunkt), in der Reihenfolge, in der sie ausfielen – nach dem Zustand am Ende jedes
    Schritts: wer danach wieder steht (etwa weggesteckt), verliert sein „fiel aus“."""
    warnungen: tuple[str, ...] = ()
    schlagzeile: str = ""
    """Wer gewann – oder „Kampf noch offen: …“ mit der offenen Entscheidung."""
    titel: str = ""
    """Der Name der Begegnung (aus den Notizen), sonst „Brakka gegen Baron“."""
    umfang: str = ""
    """Runden oder Ticks (mit Spielzeit) und die Dauer am Tisch."""
    summen: tuple[Summe, ...] = ()
    notizen: str = ""

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
    try:
        b = _lesen(datei)
        markdown(b)  # was sich nicht darstellen lässt, soll hier auffallen, nicht beim Anzeigen
        return b
    except BerichtFehler:
        raise
    except (Exception, RecursionError) as fehler:  # noqa: BLE001 – jede feindliche Datei: deutsch
        from gm_helfer.protokoll import _deutsch

        raise BerichtFehler(f"{datei.name}: lässt sich nicht als Bericht abspielen – {_deutsch(fehler)}.") from None


def _lesen(datei: Path) -> Bericht:
    if not datei.is_file():
        raise BerichtFehler(f"{datei.name}: Datei nicht gefunden.")
    kopf = kopf_lesen(datei)
    if kopf is None:
        raise BerichtFehler(f"{datei.name}, Zeile 1: kein vollständiger Kopf eines gm_helfer-Kampfprotokolls.")
    system = str(kopf.get("system", ""))
    try:
        modul = ansicht.system(system)
        verlauf, warnungen = Verlauf.fortsetzen(datei, modul.start, modul.anwenden, nur_lesen=True)
    except (ProtokollFehler, ValueError) as fehler:
        raise BerichtFehler(str(fehler)) from fehler
    zustaende, schritte = verlauf.zustaende, verlauf.schritte
    eintraege = []
    for i, e in enumerate(verlauf.ereignisse, start=1):
        zeit = modul.zeitpunkt(zustaende[i - 1], zustaende[i])
        eintraege.append(Eintrag(i, zeit, e.text or e.art, e.regel, e.eingetippt, schritte[i - 1],
                                 verwaltung=e.art in modul.VERWALTUNG or e.art == VERMERK or not e.text))
    b = Bericht(datei, system, _datum(str(kopf.get("erstellt", ""))), tuple(eintraege),
                tuple(modul.kaempfer(verlauf.zustand)), ausfaelle(modul, verlauf), tuple(warnungen))
    return _mit_summen(b, modul, verlauf, str(kopf.get("erstellt", "")))


def _mit_summen(b: Bericht, modul: Any, verlauf: Verlauf[Any], erstellt: str) -> Bericht:
    """Schlagzeile, Titel, Umfang, Summen je Kämpfer und Notizen (siehe :mod:`gm_helfer.bericht_summen`)."""
    z = verlauf.zustand
    eigene = notizen.lesen(b.datei)
    return replace(
        b,
        schlagzeile=schlagzeile(b.ende, modul.offen(z), modul.am_zug(z), modul.zeitpunkt(z, z)),
        titel=eigene.titel or titel_aus_seiten(b.ende),
        umfang=umfang_dauer(modul, verlauf.zustaende, b.datei, erstellt),
        summen=summen(modul, verlauf.zustaende, verlauf.ereignisse, b.ausfaelle, verlauf.schritt_grenzen()),
        notizen=eigene.text,
    )


def ausfaelle(modul: Any, verlauf: Verlauf[Any]) -> tuple[tuple[str, str], ...]:
    """Wer ausfiel und wann, nach dem Zustand am Ende jedes Schritts (ein Klick): fällt jemand in
    einem Schritt aus, zählt der Zeitpunkt dieses Schritts; steht er nach einem späteren Schritt
    wieder (etwa weil er den Schaden weggesteckt hat), fällt sein Eintrag weg."""
    zustaende = verlauf.zustaende
    liegen = {k.name for k in modul.kaempfer(zustaende[0]) if k.ausgefallen}  # schon vor dem Kampf: kein Eintrag
    fielen: dict[str, str] = {}
    for erstes, ende in verlauf.schritt_grenzen():
        zeit = modul.zeitpunkt(zustaende[erstes], zustaende[ende])
        for k in modul.kaempfer(zustaende[ende]):
            if k.ausgefallen and k.name not in liegen:
                liegen.add(k.name)
                fielen[k.name] = zeit
            elif not k.ausgefallen and k.name in liegen:
                liegen.discard(k.name)
                fielen.pop(k.name, None)
    return tuple(fielen.items())


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
    z += ["## Ausgang", ""] + ([f"**{b.schlagzeile}**", ""] if b.schlagzeile else [])
    z += [f"- {name} fiel aus ({zeit or 'vor dem Kampf'})." for name, zeit in b.ausfaelle] or ["- Niemand fiel aus."]
    z += ["", "| Kämpfer | Seite | Zustand am Ende |", "|---|---|---|"]
    z += [f"| {k.name} | {k.seite} | {k.zustand} |" for k in b.ende]
    z += _summen_markdown(b)
    return "\n".join(z) + "\n"


# --------------------------------------------------------------------------- kurze Form

SUMMEN_SPALTEN = ("Kämpfer", "Seite", "Angriffe", "Treffer", "ausgeteilt", "erlitten", "ausgegeben", "ausgefallen")


def summen_zeilen(b: Bericht) -> list[tuple[str, ...]]:
    """Eine Zeile je Kämpfer (Spalten :data:`SUMMEN_SPALTEN`)."""
    return [(s.name, s.seite[:1].upper() + s.seite[1:], str(s.angriffe), str(s.treffer), Summe.mengen(s.ausgeteilt),
             Summe.mengen(s.erlitten),
             Summe.mengen(s.ausgegeben), s.ausgefallen or "–") for s in b.summen]


def _zelle(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _summen_markdown(b: Bericht) -> list[str]:
    z = ["", "## Summen je Kämpfer", "", "| " + " | ".join(SUMMEN_SPALTEN) + " |",
         "|" + "---|" * len(SUMMEN_SPALTEN)]
    z += ["| " + " | ".join(_zelle(t) for t in zeile) + " |" for zeile in summen_zeilen(b)]
    if b.notizen.strip():
        z += ["", "## Notizen", "", b.notizen.strip()]
    return z


def _kopfzeile(b: Bericht) -> str:
    return " · ".join(t for t in (b.systemname, f"begonnen {b.begonnen}", b.umfang) if t)


def _kurze_abschnitte(b: Bericht) -> list[tuple[str, list[Eintrag]]]:
    teile = [(titel, [e for e in eintraege if not e.verwaltung]) for titel, eintraege in _abschnitte(b)]
    return [(titel, eintraege) for titel, eintraege in teile if eintraege]


def markdown_kurz(b: Bericht) -> str:
    """Die kurze Form fürs Kampftagebuch: Schlagzeile, Begegnung, Umfang, Summen, die Schritte ohne
    Zugwechsel und Regelzeilen, Notizen."""
    z = [f"# {b.titel or 'Kampf'}", "", f"**{b.schlagzeile}**", "", _kopfzeile(b), ""]
    z += [f"> ⚠ {w}" for w in b.warnungen] + ([""] if b.warnungen else [])
    for titel, eintraege in _kurze_abschnitte(b):
        z += [f"**{titel}**", ""] + [f"- {e.text}" for e in eintraege] + [""]
    z += _summen_markdown(b)[1:]
    return "\n".join(z) + "\n"


_STIL = ("body{font-family:'DejaVu Sans',Arial,sans-serif;max-width:50em;margin:2em auto;line-height:1.4}"
         "small{color:#555}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .5em}"
         ".warnung{color:#a40}.notizen{white-space:pre-wrap}")


def _seite(titel: str, teile: list[str]) -> str:
    return (f"<!DOCTYPE html><html lang='de'><head><meta charset='utf-8'><title>{html.escape(titel)}"
            f"</title><style>{_STIL}</style></head><body>{''.join(teile)}</body></html>\n")


def _summen_html(b: Bericht) -> list[str]:
    x = html.escape
    teile = ["<h2>Summen je Kämpfer</h2><table><tr>" + "".join(f"<th>{x(s)}</th>" for s in SUMMEN_SPALTEN) + "</tr>"]
    teile += ["<tr>" + "".join(f"<td>{x(t)}</td>" for t in zeile) + "</tr>" for zeile in summen_zeilen(b)]
    teile.append("</table>")
    if b.notizen.strip():
        teile.append(f"<h2>Notizen</h2><p class='notizen'>{x(b.notizen.strip())}</p>")
    return teile


def html_kurz(b: Bericht) -> str:
    """Die kurze Form als eigenständige HTML-Seite."""
    x = html.escape
    teile = [f"<h1>{x(b.titel or 'Kampf')}</h1>", f"<p><b>{x(b.schlagzeile)}</b></p>", f"<p>{x(_kopfzeile(b))}</p>"]
    teile += [f"<p class='warnung'>⚠ {x(w)}</p>" for w in b.warnungen]
    for titel, eintraege in _kurze_abschnitte(b):
        teile.append(f"<h3>{x(titel)}</h3><ul>" + "".join(f"<li>{x(e.text)}</li>" for e in eintraege) + "</ul>")
    return _seite(b.titel or "Kampf", teile + _summen_html(b))


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
    teile.append("<h2>Ausgang</h2>" + (f"<p><b>{x(b.schlagzeile)}</b></p>" if b.schlagzeile else "") + "<ul>")
    teile += [f"<li>{x(n)} fiel aus ({x(z or 'vor dem Kampf')}).</li>" for n, z in b.ausfaelle] or ["<li>Niemand fiel aus.</li>"]
    teile.append("</ul><table><tr><th>Kämpfer</th><th>Seite</th><th>Zustand am Ende</th></tr>")
    teile += [f"<tr><td>{x(k.name)}</td><td>{x(k.seite)}</td><td>{x(k.zustand)}</td></tr>" for k in b.ende]
    teile.append("</table>")
    return _seite(f"Kampfbericht – {b.systemname}", teile + _summen_html(b))


def main(argv: Sequence[str] | None = None) -> int:
    """``gm-helfer bericht LOG [--html] [--kurz]``: den Bericht auf die Standardausgabe schreiben."""
    parser = argparse.ArgumentParser(prog="gm-helfer bericht", description="Ein Kampfprotokoll als lesbarer Bericht.")
    parser.add_argument("protokoll", help="die Protokolldatei (.jsonl) im Kampfordner")
    parser.add_argument("--html", action="store_true", help="HTML statt Markdown ausgeben")
    parser.add_argument("--kurz", action="store_true",
                        help="kurze Form fürs Kampftagebuch: Schlagzeile, Summen, Notizen, ohne Zugwechsel und Regelzeilen")
    args = parser.parse_args(argv)
    try:
        b = lesen(args.protokoll)
    except BerichtFehler as fehler:
        print(f"⚠ {fehler}", file=sys.stderr)
        return 1
    if args.kurz:
        sys.stdout.write(html_kurz(b) if args.html else markdown_kurz(b))
    else:
        sys.stdout.write(html_text(b) if args.html else markdown(b))
    return 0
