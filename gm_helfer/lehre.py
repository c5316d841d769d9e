"""Übungen für die Lern-Notebooks: Frage, die exakte Antwort der Bibliothek, Rückmeldung.

Kein Regelsystem steckt hier drin. Die Systempakete bauen ihre Aufgaben, indem sie ihre
eigenen Regel- und Chancenfunktionen aufrufen; dieses Modul liest die Eingabe des Lernenden
(deutsche Schreibweise: ``61,3``, ``61,3 %``, ``2``), vergleicht sie mit der Antwort und
erklärt das Ergebnis.

>>> a = Aufgabe("w4", "Chance auf mindestens 4 mit einem W4?", 0.25, "prozent", "Nur die 4 trifft.")
>>> pruefen(a, "25 %").richtig
True
>>> pruefen(a, "30").richtig
False
"""

from __future__ import annotations

import html
import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from gm_helfer.diagramme import prozent
from gm_helfer.text import zahl

__all__ = [
    "Aufgabe",
    "Falle",
    "Rueckmeldung",
    "Schritt",
    "antwort_text",
    "eingaben",
    "fallen_und_glossar",
    "kurs_anhang",
    "kurs_kopf",
    "kurs_uebungen",
    "kurzreferenz_html",
    "pruefen",
    "punktestand",
    "schlagabtausch_teil",
    "schritte_ansicht",
    "uebungen_ansicht",
]

Art = Literal["prozent", "zahl", "wahl"]


@dataclass(frozen=True)
class Aufgabe:
    """Eine Übungsfrage mit der Antwort, die die Bibliothek ausgerechnet hat."""

    schluessel: str
    """Kurzer, eindeutiger Name (für Tests und Element-IDs im Notebook)."""
    frage: str
    """Die Frage auf Deutsch (Markdown)."""
    antwort: float | int | str
    """Die richtige Antwort: eine Wahrscheinlichkeit 0…1 (``prozent``), eine Zahl oder eine der ``wahl``."""
    art: Art
    """``prozent`` (Eingabe in Prozent), ``zahl`` (ganze oder Kommazahl) oder ``wahl`` (eine von ``wahl``)."""
    erklaerung: str
    """Warum die Antwort stimmt – wird nach jeder Antwort gezeigt, richtig oder falsch."""
    wahl: tuple[str, ...] = ()
    """Die Auswahlmöglichkeiten bei ``art == "wahl"``."""
    toleranz: float = 0.5
    """Erlaubte Abweichung: Prozentpunkte bei ``prozent``, absolut bei ``zahl``."""

    def __post_init__(self) -> None:
        if self.art == "wahl" and self.antwort not in self.wahl:
            raise ValueError(f"Aufgabe {self.schluessel}: die Antwort {self.antwort!r} steht nicht in der Auswahl.")
        if self.art == "prozent" and not 0.0 <= float(self.antwort) <= 1.0:
            raise ValueError(f"Aufgabe {self.schluessel}: eine Wahrscheinlichkeit liegt zwischen 0 und 1.")


@dataclass(frozen=True)
class Schritt:
    """Ein Schritt eines geführten Schlagabtauschs: Regelsatz, was geschah, was es bedeutet."""

    titel: str
    zitat: str
    """Der Satz aus dem Regeltext, der hier angewandt wird."""
    text: str
    """Was geschah, wie es im Protokoll steht (aus dem Ereignis der Bibliothek)."""
    erklaerung: str = ""
    """Was das bedeutet – mit den exakten Chancen dieser Entscheidung und der anderen Wahl."""


@dataclass(frozen=True)
class Falle:
    """Eine Regel, die Spieler am Tisch oft falsch machen, mit einem lebenden Beispiel."""

    titel: str
    zitat: str
    beispiel: str


@dataclass(frozen=True)
class Rueckmeldung:
    """Das Ergebnis einer Antwort: ``richtig`` ist ``None``, solange nichts Lesbares eingegeben ist."""

    richtig: bool | None
    text: str


_ZAHL = re.compile(r"^\s*([+-]?\d+(?:[.,]\d+)?)\s*(%?)\s*$")


def _zahl_lesen(text: str) -> tuple[float, bool] | None:
    treffer = _ZAHL.match(text)
    if not treffer:
        return None
    return float(treffer.group(1).replace(",", ".")), bool(treffer.group(2))


def antwort_text(aufgabe: Aufgabe) -> str:
    """Die richtige Antwort in deutscher Schreibweise (``61,3 %``, ``2``, ``Ja``)."""
    if aufgabe.art == "prozent":
        return prozent(float(aufgabe.antwort))
    if aufgabe.art == "zahl":
        wert = float(aufgabe.antwort)
        return str(int(wert)) if wert.is_integer() else zahl(wert, 2)
    return str(aufgabe.antwort)


def pruefen(aufgabe: Aufgabe, eingabe: str | None) -> Rueckmeldung:
    """Vergleicht die Eingabe mit der Antwort der Bibliothek; nie eine Ausnahme.

    Prozent werden als Prozentzahl eingegeben (``61,3`` oder ``61,3 %``), Komma oder Punkt.
    """
    eingabe = (eingabe or "").strip()
    if not eingabe:
        return Rueckmeldung(None, "")
    loesung = f"Richtig ist **{antwort_text(aufgabe)}**. {aufgabe.erklaerung}"
    if aufgabe.art == "wahl":
        richtig = eingabe == aufgabe.antwort
    else:
        gelesen = _zahl_lesen(eingabe)
        if gelesen is None:
            beispiel = "z. B. 61,3" if aufgabe.art == "prozent" else "z. B. 2"
            return Rueckmeldung(None, f"⚠ „{eingabe}“ ist keine Zahl – bitte eine Zahl eingeben ({beispiel}).")
        wert, _ = gelesen
        soll = float(aufgabe.antwort) * (100.0 if aufgabe.art == "prozent" else 1.0)
        richtig = abs(wert - soll) <= aufgabe.toleranz + 1e-9
    return Rueckmeldung(richtig, ("✔ Richtig! " if richtig else "✘ Leider nicht. ") + loesung)


def punktestand(aufgaben: Sequence[Aufgabe], antworten: Mapping[str, str | None]) -> tuple[int, int, int]:
    """(richtig, beantwortet, gesamt) für die Antworten je ``Aufgabe.schluessel``."""
    richtig = beantwortet = 0
    for aufgabe in aufgaben:
        r = pruefen(aufgabe, antworten.get(aufgabe.schluessel)).richtig
        if r is not None:
            beantwortet += 1
            richtig += int(r)
    return richtig, beantwortet, len(aufgaben)


_SEITE = """<!DOCTYPE html>
<html lang="de"><head><meta charset="utf-8"><title>{titel}</title>
<style>
  @page {{ size: A4; margin: 10mm; }}
  body {{ font-family: "DejaVu Sans", Arial, sans-serif; font-size: 8.8pt; line-height: 1.28; margin: 0 auto; max-width: 190mm; }}
  h1 {{ font-size: 14pt; margin: 0 0 3pt; }}
  h2 {{ font-size: 10pt; margin: 5pt 0 2pt; border-bottom: 1px solid #888; }}
  ul {{ margin: 0; padding-left: 12pt; }}
  .spalten {{ column-count: 2; column-gap: 7mm; }}
  section {{ break-inside: avoid; }}
  dl {{ margin: 0; }} dt {{ font-weight: bold; display: inline; }} dt::after {{ content: ": "; }}
  dd {{ display: inline; margin: 0; }} dd::after {{ content: ""; display: block; margin-bottom: 1.5pt; }}
  @media print {{ html, body {{ height: auto; }} }}
</style></head>
<body><h1>{titel}</h1><div class="spalten">
{abschnitte}
<section><h2>Glossar</h2><dl>
{glossar}
</dl></section>
</div></body></html>
"""


def kurzreferenz_html(
    titel: str, abschnitte: Sequence[tuple[str, Sequence[str]]], glossar: Sequence[tuple[str, str]]
) -> str:
    """Eine Seite zum Ausdrucken (A4, zwei Spalten): Abschnitte mit Stichpunkten und ein Glossar.

    Alle Texte werden maskiert; das Ergebnis ist eine vollständige HTML-Seite ohne externe Dateien.
    """
    teile = [
        f"<section><h2>{html.escape(kopf)}</h2><ul>"
        + "".join(f"<li>{html.escape(punkt)}</li>" for punkt in punkte)
        + "</ul></section>"
        for kopf, punkte in abschnitte
    ]
    eintraege = [f"<dt>{html.escape(b)}</dt><dd>{html.escape(e)}</dd>" for b, e in glossar]
    return _SEITE.format(titel=html.escape(titel), abschnitte="\n".join(teile), glossar="\n".join(eintraege))


# --- Bausteine für die Lern-Notebooks (marimo wird erst beim Aufruf importiert) -----------
#
# Alle vier Kurse haben denselben Aufbau: Kopf mit Gliederung, Teil A (ein Schlagabtausch, bei
# dem der Lernende eine Entscheidung trifft), Teil B (die Regeln, je System eigen), Teil C
# (Übungen), Teil D und E (Fallen, Glossar, Kurzreferenz). Ein Kursmodul des Systems
# (``gm_helfer.<system>.lehre``) liefert ``aufgaben()``, ``fallen()``, ``GLOSSAR`` und
# ``kurzreferenz()``; die Notebooks verdrahten nur noch ihre eigenen Teile.

GLIEDERUNG = """Ein Kurs in etwa einer halben Stunde{umfang}:

- **Teil A – ein Schlagabtausch zum Mitmachen:** {teil_a}
- **Teil B – die Regeln im Einzelnen**{teil_b}, mit Reglern und exakten Chancen.
- **Teil C – Übungen** mit Rückmeldung und Punktestand.
- **Teil D – die Fallen**, in die Spieler am Tisch oft tappen.
- **Teil E – Glossar und eine Seite zum Ausdrucken.**"""


def kurs_kopf(titel: str, einleitung: str, teil_a: str, *, umfang: str = "", teil_b: str = ""):
    """Kopf eines Lern-Notebooks: Titel, Einleitung des Systems und die Gliederung A–E.

    ``teil_a`` beschreibt den Schlagabtausch („von der Initiative bis zu den Wunden, du …“),
    ``umfang`` ergänzt den Satz „Ein Kurs in etwa einer halben Stunde“, ``teil_b`` z. B. „ (1–6)“.
    """
    import marimo as mo

    return mo.md(f"# {titel}\n\n{textwrap.dedent(einleitung).strip()}\n\n"
                 + GLIEDERUNG.format(umfang=umfang, teil_a=teil_a, teil_b=teil_b))


def schlagabtausch_teil(text: str, *wahlen):
    """Teil A: Überschrift, die Lage des Beispiels und die Entscheidung(en) des Lernenden.

    Die Auswahl-Elemente (``mo.ui.radio``) müssen im Notebook an globale Namen gebunden sein.
    """
    import marimo as mo

    return mo.vstack([
        mo.md(f"## Teil A – ein Schlagabtausch zum Mitmachen\n\n{textwrap.dedent(text).strip()}"),
        mo.hstack(list(wahlen), justify="start", gap=2, wrap=True),
    ])


def kurs_uebungen(kursmodul) -> tuple[list[Aufgabe], object]:
    """Teil C vorbereiten: die Aufgaben des Kursmoduls und ein Eingabefeld je Aufgabe.

    Die Felder (``mo.ui.dictionary``) müssen an einen globalen Namen gebunden werden; die
    Ansicht baut :func:`uebungen_ansicht` in einer eigenen Zelle.
    """
    aufgaben = list(kursmodul.aufgaben())
    return aufgaben, eingaben(aufgaben)


def kurs_anhang(kursmodul, dateiname: str):
    """Teil D und E aus dem Kursmodul: Fallen, Glossar und die Kurzreferenz ``dateiname``."""
    return fallen_und_glossar(kursmodul.fallen(), kursmodul.GLOSSAR, kursmodul.kurzreferenz(), dateiname)


def eingaben(aufgaben: Sequence[Aufgabe]):
    """Ein Eingabefeld je Aufgabe (Auswahl bei ``wahl``), gebündelt in ``mo.ui.dictionary``."""
    import marimo as mo

    return mo.ui.dictionary({
        a.schluessel: mo.ui.radio(options=list(a.wahl)) if a.art == "wahl" else mo.ui.text(placeholder="deine Antwort")
        for a in aufgaben
    })


def uebungen_ansicht(aufgaben: Sequence[Aufgabe], felder, praefix: str):
    """Teil C eines Kurses: Frage, Eingabefeld und Rückmeldung je Aufgabe, darunter der Punktestand.

    Element-IDs: ``<praefix>-<schluessel>`` je Rückmeldung, ``<praefix>-punkte``.
    """
    import marimo as mo

    werte = felder.value
    teile = [mo.md("## Teil C – Übungen\n\nGib deine Antwort ein und drücke Enter. Prozent als Zahl (z. B. `61,3`), "
                   "Komma oder Punkt. Nach jeder Antwort steht die Lösung der Bibliothek mit der Erklärung.")]
    for nr, a in enumerate(aufgaben, start=1):
        r = pruefen(a, werte.get(a.schluessel))
        teile.append(mo.vstack([
            mo.md(f"**{nr}.** {a.frage}"),
            felder[a.schluessel],
            mo.Html(f"<div class='kurs-rueckmeldung' id='{praefix}-{a.schluessel}'>{mo.md(r.text).text}</div>"),
        ]))
    richtig, beantwortet, gesamt = punktestand(aufgaben, werte)
    teile.append(mo.Html(f"<p id='{praefix}-punkte'><b>Punktestand: {richtig} von {gesamt} richtig</b> "
                         f"({beantwortet} beantwortet)</p>"))
    return mo.vstack(teile, gap=1)


def schritte_ansicht(schritte: Sequence[Schritt], hook: str):
    """Die Schritte eines Schlagabtauschs: Titel, Regelsatz als Zitat, Ereignis, Erklärung."""
    import marimo as mo

    inhalt = mo.md("\n\n".join(
        f"### {s.titel}\n\n> „{s.zitat}“\n\n**{s.text}**" + (f"\n\n{s.erklaerung}" if s.erklaerung else "")
        for s in schritte
    ))
    return mo.Html(f"<div id='{hook}'>{inhalt.text}</div>")


def fallen_und_glossar(fallen: Sequence[Falle], glossar: Sequence[tuple[str, str]], seite: str, dateiname: str):
    """Teil D und E eines Kurses: die Fallen (Regelsatz, lebendes Beispiel), das Glossar und die
    druckbare Kurzreferenz zum Herunterladen und als Vorschau."""
    import marimo as mo

    return mo.vstack([
        mo.md("## Teil D – die Fallen\n\n"
              + "\n\n".join(f"### {f.titel}\n\n> „{f.zitat}“\n\n{f.beispiel}" for f in fallen)),
        mo.md("## Teil E – Glossar und eine Seite zum Ausdrucken"),
        mo.md("\n".join(f"- **{b}** – {e}" for b, e in glossar)),
        mo.download(data=seite.encode("utf-8"), filename=dateiname, mimetype="text/html",
                    label="Kurzreferenz herunterladen (zum Ausdrucken)"),
        mo.iframe(seite, height="500px"),
    ])
