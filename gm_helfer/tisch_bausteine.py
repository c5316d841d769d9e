"""Die marimo-Bausteine der Notebook-Schicht (Stil, Tabellen, Knöpfe, Wahlen, Ansichten). Teil von
:mod:`gm_helfer.tisch` (dort auch alle Namen); marimo wird erst beim Aufruf importiert.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import polars as pl

from gm_helfer import pfade
from gm_helfer.protokoll import Verlauf
from gm_helfer.tisch_kern import (
    ANSEHEN,
    FORTSETZEN,
    KEIN_GESPEICHERTER,
    LEER,
    NEUER_KAMPF,
    NUR_LESEN_GRUND,
    PROTOKOLL_REIHENFOLGE,
    TROTZDEM,
    UEBERNEHMEN,
    GespeicherterKampf,
    anzahl,
    aufgaben_zeilen,
    protokoll_tabelle,
    text,
    verbotene_zeilen,
)
from gm_helfer.zug import Aktion, Entscheidung

# --------------------------------------------------------------------------- marimo-Bausteine

STIL = """
<style>
.tisch-panel button, .tisch-panel .marimo-button { white-space: normal; }
.tisch-aufgaben ul { list-style: none; padding-left: 0.4em; margin: 0.2em 0; }
.tisch-aufgaben li { margin: 0.1em 0; }
.tisch-verboten { color: #6d4c41; font-size: 0.9em; }
.tisch-meldung { font-weight: 600; }
/* marimos Link zurück zur Übersicht heißt „Back“ (nicht übersetzbar): hier „Startseite“ */
a[aria-label="Back to gallery"] > span { display: none; }
a[aria-label="Back to gallery"]::after { content: "Startseite"; }
/* eingetippte Würfel: ein Raster, so viele Felder je Zeile, wie die Breite trägt (wuerfel_reihe) */
.tisch-wuerfel { display: grid; grid-template-columns: repeat(auto-fit, minmax(6.2em, 1fr)); gap: 0.3em 0.6em; align-items: end; }
/* die Zellen des Panels enger untereinander (marimo: 0,9 em über und unter jeder Ausgabe) – so
   passt das Panel vom Handelnden bis zum Ergebnis in ein Fenster */
.marimo-cell > .output-area > .output.block { margin-top: 0.3em; margin-bottom: 0.3em; }
.tisch-wuerfel > * { min-width: 0; }
@media (max-width: 900px) {
  .vega-embed { max-width: 100%; }
  .vega-embed canvas, .vega-embed svg.marks { max-width: 100%; height: auto; }
}
</style>
"""
"""Gemeinsames CSS (Knöpfe brechen um, schmale Bildschirme ab 820 px)."""


def frisch(label: str, schluessel: Any) -> str:
    """Eine Beschriftung, die marimo zwingt, ein neu gebautes Eingabefeld auch im Browser neu zu
    zeichnen, sobald sich ``schluessel`` ändert (der Schlüssel steht unsichtbar dahinter).

    Ohne das behält der Browser bei gleichbleibender Beschriftung den alten angezeigten Wert, obwohl
    der Kernel schon den neuen Startwert hat (gemessen mit marimo 0.25 an ``mo.ui.number`` und
    ``mo.ui.text``): das Panel zeigte dann „+2“, gerechnet wurde mit 0. Schlüssel: der Handelnde
    (Modifikatoren gelten je Handelndem) oder die Schrittzahl (eingetippte Würfel leeren sich nach
    einem ausgeführten Schritt). Im Browser steht nur ein Fingerabdruck des Schlüssels – er kann
    Dateipfade des Spielleiter-Rechners enthalten (die Begegnungswahl), die nicht an die Seite gehen.
    """
    import hashlib

    abdruck = hashlib.sha256(repr(schluessel).encode("utf-8", "replace")).hexdigest()[:16]
    return f"{label}<span style='display:none'>{abdruck}</span>"


def stil():
    """Das gemeinsame CSS als marimo-Ausgabe (einmal je Notebook oben ausgeben)."""
    import marimo as mo

    return mo.Html(STIL)


def kopf(text: str):
    """Die Kopfzelle eines Live-Notebooks: das gemeinsame CSS, die deutschen Namen der Zahlenfelder
    (:class:`gm_helfer.widgets.Beschrifter`), der Wächter über eingetippte Würfel
    (:class:`gm_helfer.widgets.Augenwaechter`) und die Einleitung (Markdown)."""
    import marimo as mo

    from gm_helfer.widgets import Augenwaechter, Beschrifter

    return mo.vstack([stil(), mo.ui.anywidget(Beschrifter()), mo.ui.anywidget(Augenwaechter()), mo.md(text)], gap=0)


_ZELLE = "padding: 0.2em 0.3em; border-bottom: 1px solid #e0e0e0; vertical-align: top; overflow-wrap: break-word"
_STIL_TABELLE = {
    "table": "border-collapse: collapse; width: 100%; font-size: 0.88em",
    "caption": "text-align: left; font-weight: 600; padding: 0.2em 0",
    "th": _ZELLE + "; text-align: left; vertical-align: bottom; border-bottom: 2px solid #bdbdbd; "
                   "background: #fafafa; position: sticky; top: 0",
    "td": _ZELLE + "; text-align: left",
    "zahl": "; text-align: right; font-variant-numeric: tabular-nums",
    "senkrecht": "writing-mode: vertical-rl; transform: rotate(180deg); white-space: nowrap",
}
SENKRECHT_AB = 7
"""Ab so vielen Spalten stehen die Köpfe der Zahlenspalten senkrecht (schmale Spalten auf 820 px)."""
"""Die Stile stehen in jedem Element: in einem ``mo.accordion`` (Shadow-DOM) wirkt das CSS von
:func:`stil` nicht."""


def tabelle_html(df: pl.DataFrame, *, titel: str = "", formate: Mapping[str, Callable[[Any], str]] | None = None,
                 hoehe: str | None = None, stellen: int = 1) -> str:
    """Eine Tabelle als schlichtes HTML: Werte wie :func:`text` (Komma, „–“ statt leer, ja/nein),
    Zahlenspalten rechtsbündig, Zellen brechen um; hat die Tabelle viele Spalten (``SENKRECHT_AB``),
    stehen die Köpfe der Zahlenspalten senkrecht – so bleiben auf 820 px alle Spalten sichtbar.

    ``formate`` je Spalte (z. B. ``{"Tick 0": prozent}``); ``hoehe`` (CSS, z. B. ``"30em"``): höher
    wird die Tabelle nicht, sie scrollt dann in sich, die Kopfzeile bleibt stehen.

    >>> ">2,5</td>" in tabelle_html(pl.DataFrame({"Wunden": [2.5]}))
    True
    """
    formate = dict(formate or {})
    zahlen = {n for n, typ in df.schema.items() if typ.is_numeric()}
    s = _STIL_TABELLE
    stil_th = {n: s["th"] + (s["zahl"] if n in zahlen else "") for n in df.columns}
    stil_td = {n: s["td"] + (s["zahl"] if n in zahlen else "") for n in df.columns}
    senkrecht = len(df.columns) >= SENKRECHT_AB
    kopf = "".join(
        f"<th style='{stil_th[n]}'>"
        + (f"<span style='{s['senkrecht']}'>{html.escape(n)}</span>" if senkrecht and n in zahlen else html.escape(n))
        + "</th>"
        for n in df.columns
    )
    zeilen = []
    for zeile in df.iter_rows():
        zellen = []
        for name, wert in zip(df.columns, zeile):
            inhalt = formate[name](wert) if name in formate and wert is not None else text(wert, stellen)
            zellen.append(f"<td style='{stil_td[name]}'>{html.escape(inhalt)}</td>")
        zeilen.append("<tr>" + "".join(zellen) + "</tr>")
    ueberschrift = f"<caption style='{s['caption']}'>{html.escape(titel)}</caption>" if titel else ""
    rahmen = "overflow-x: auto" + (f"; max-height: {hoehe}; overflow-y: auto" if hoehe else "")
    return (f"<div class='tisch-tabelle' style='{rahmen}'><table style='{s['table']}'>{ueberschrift}"
            f"<thead><tr>{kopf}</tr></thead>"
            f"<tbody>{''.join(zeilen)}</tbody></table></div>")


def tabelle(df: pl.DataFrame, **kw: Any):
    """:func:`tabelle_html` als marimo-Ausgabe – statt ``mo.ui.table``, dessen Bedienelemente
    (Suche, „Columns“, „Explore“, Seiten, „3 rows“, Datentypen) englisch und nicht übersetzbar sind
    und das auf 820 px Spalten hinter einen Rollbalken schiebt."""
    import marimo as mo

    return mo.Html(tabelle_html(df, **kw))


def reihe(*elemente: Any):
    """Elemente nebeneinander, linksbündig, umbrechend (schmale Bildschirme)."""
    import marimo as mo

    return mo.hstack(list(elemente), justify="start", wrap=True)


def zug_rahmen(*teile: Any):
    """Der grüne Rand des Zug-Panels um Teile untereinander."""
    import marimo as mo

    return mo.vstack(list(teile)).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})


def grund_ansicht(aktion: Aktion, hook: str | None = None):
    """Der Grund einer verbotenen Aktion („✗ …“), leer wenn sie erlaubt ist."""
    import marimo as mo

    if aktion.erlaubt:
        return mo.md("")
    kennung = f" id='{hook}'" if hook else ""
    return mo.md(f"<span{kennung} class='tisch-verboten'>✗ {html.escape(aktion.grund or LEER)}</span>")


def lage_ansicht(verlauf: Verlauf | None, hook: str, baue: Callable[[Any], Sequence[Any]],
                 nur_lesen_hook: str = "tisch-nur-lesen"):
    """Die Lage über dem Zug-Panel: ohne Kampf „Noch kein Kampf“ (mit ID ``hook``), sonst die
    Teile aus ``baue(zustand)`` – nach dem ersten (der Überschrift) der Nur-Lesen-Hinweis."""
    import marimo as mo

    if verlauf is None:
        return kein_kampf(hook)
    teile = list(baue(verlauf.zustand))
    return mo.vstack([*teile[:1], nur_lesen_hinweis(verlauf, nur_lesen_hook), *teile[1:]])


def kein_kampf(hook: str):
    """„Noch kein Kampf“ (für ``mo.stop``), mit fester ID."""
    import marimo as mo

    return mo.md(f"<span id='{hook}'>Noch kein Kampf – oben anlegen oder fortsetzen.</span>")


#: Knöpfe, die auch beim Nur-Ansehen gelten (Kampf wählen, übernehmen, nachladen, Bögen)
FREIE_KNOEPFE = (NEUER_KAMPF, FORTSETZEN, ANSEHEN, UEBERNEHMEN, TROTZDEM, "Nachladen", "Bögen speichern")


def nur_lesen_stil() -> str:
    """CSS, das beim Nur-Ansehen alle Schritt-Knöpfe der Seite sperrt (grau, nicht anklickbar).

    Die Knöpfe der Zug-Panels bauen die Notebooks selbst; dieser eine Stil (er steht im
    Nur-Lesen-Hinweis über dem Panel) sperrt sie alle, bevor jemand klickt. Frei bleiben die
    :data:`FREIE_KNOEPFE` – erkannt an ihrer Beschriftung, wie marimo sie in ``data-label``
    schreibt (``…u003eKampf übernehmen\\u003c…``)."""
    frei = "".join(f':not([data-label*="u003e{k}\\\\u003c"])' for k in FREIE_KNOEPFE)
    return (f"<style>marimo-button{frei}{{pointer-events:none;opacity:0.45;filter:grayscale(1);cursor:not-allowed}}"
            "</style>")


def nur_lesen_hinweis(verlauf: Verlauf | None, hook: str = "tisch-nur-lesen"):
    """Der Hinweis, dass eine andere Sitzung den Kampf führt (leer, wenn diese schreibt); er
    sperrt zugleich die Schritt-Knöpfe der Seite (:func:`nur_lesen_stil`)."""
    import marimo as mo

    if verlauf is None or not verlauf.nur_lesen:
        return mo.md("")
    hinweis = mo.callout(mo.md(f"<span id='{hook}'>🔒 {NUR_LESEN_GRUND}. Dieser Tab folgt ihr von selbst; die "
                               f"Knöpfe für Schritte sind gesperrt. Selbst eintragen: „{UEBERNEHMEN}“.</span>"), kind="warn")
    return mo.Html(nur_lesen_stil() + hinweis.text)  # der Stil außerhalb des Hinweises: der hat ein Shadow-DOM


def boegen_laden(system: str, schema: Any, beschriftungen: Mapping[str, str]):
    """Die Bögen eines Systems laden und als Editor bauen: ``(ladung, bogen_editor)``."""
    from gm_helfer import boegen

    ladung = boegen.laden(system, pfade.charakter_ordner(system))
    return ladung, bogen_editor(boegen.als_tabellen(ladung.boegen, schema), beschriftungen)




def mehrfachwahl(optionen: Sequence[str] | Mapping[str, str], value: Sequence[str] = (), *, label: str = "",
                 on_change: Callable[[list[str]], Any] | None = None, schluessel: Any = None):
    """Eine Mehrfachauswahl auf Deutsch: je Option ein Häkchen (statt marimos ``multiselect`` mit
    „Select…“, „Search…“, „Select all“, die sich nicht übersetzen lassen). ``optionen``: Namen
    oder ``{Name: Beschriftung}`` („Bandit“ → „Bandit ×4“). Die gewählten Namen: :func:`gewaehlt`.

    Ausgeben mit :func:`wahl_ansicht` (Titel ``label`` und die Häkchen), nie das Element selbst:
    marimo zeigt ein ``mo.ui.dictionary`` als Baum mit den Schlüsseln in Anführungszeichen und
    „8 Items“. ``schluessel``: ändert er sich, zeichnet auch der Browser die Häkchen neu
    (:func:`frisch`), etwa wenn die Vorauswahl wechselt.
    """
    import marimo as mo

    beschriftung = dict(optionen) if isinstance(optionen, Mapping) else {n: n for n in optionen}
    an = set(value)
    aenderung = None if on_change is None else (lambda werte: on_change([n for n, ja in werte.items() if ja]))
    haken = {n: mo.ui.checkbox(value=n in an, label=text if schluessel is None else frisch(text, schluessel))
             for n, text in beschriftung.items()}
    wahl = mo.ui.dictionary(haken, on_change=aenderung)
    wahl.titel = label  # für wahl_ansicht (das dictionary selbst zeigt keinen Titel mehr)
    return wahl


def wahl_ansicht(wahl: Any):
    """Eine :func:`mehrfachwahl` zum Ausgeben: ihr Titel und darunter die Häkchen nebeneinander
    (``mo.ui.dictionary.hstack``; ein Klick auf ein Häkchen ändert die Auswahl wie sonst). Jedes
    andere Element kommt unverändert zurück (für Listen, in denen auch eine Mehrfachwahl steht)."""
    import marimo as mo

    if not (isinstance(wahl, mo.ui.dictionary) and hasattr(wahl, "titel")):
        return wahl
    haken = wahl.hstack(justify="start", wrap=True, gap=0.4)
    titel = getattr(wahl, "titel", "")
    return mo.vstack([mo.md(titel), haken], gap=0.2) if titel else haken


def gewaehlt(wahl: Any) -> list[str]:
    """Die gewählten Namen einer :func:`mehrfachwahl` (in der Reihenfolge der Optionen); eine
    Liste (etwa marimos ``multiselect``) bleibt, wie sie ist."""
    wert = wahl.value if hasattr(wahl, "value") else wahl
    if isinstance(wert, Mapping):
        return [n for n, ja in wert.items() if ja]
    return list(wert or ())


def bogen_beschriftung(boegen_: Sequence[Any]) -> dict[str, str]:
    """``{Bogenname: Beschriftung}`` für „Wer kämpft mit?“: ein Bogen mit mehreren Kämpfern sagt es
    („Bandit ×4“ – Feld ``anzahl`` der Bogenwerte), die übrigen heißen wie der Bogen."""
    aus: dict[str, str] = {}
    for b in boegen_:
        werte = getattr(b, "werte", {}) or {}
        try:
            n = int(werte.get("anzahl") or 1)
        except (TypeError, ValueError, AttributeError):
            n = 1
        aus[b.name] = f"{b.name} ×{n}" if n > 1 else b.name
    return aus


def boegen_der_kaempfer(kaempfer: Sequence[str], bogen_namen: Sequence[str]) -> list[str]:
    """Welche Bögen die Kämpfer eines Kampfes gestellt haben: „Bandit“ für „Bandit 1“ … „Bandit 4“.

    >>> boegen_der_kaempfer(["Brakka", "Bandit 1", "Bandit 2"], ["Bandit", "Brakka", "Mira"])
    ['Bandit', 'Brakka']
    """
    aus = []
    for b in bogen_namen:
        for n in kaempfer:
            rest = n[len(b):]
            if n == b or (n.startswith(b + " ") and rest.strip().isdigit()):
                aus.append(b)
                break
    return aus


def teilnehmer_wahl(namen: Sequence[str] | Mapping[str, str], vorauswahl: Sequence[str] | None = None, *,
                    label: str = "Wer kämpft mit?"):
    """„Wer kämpft mit?“ – Häkchen je Bogen (``namen``: Bögen oder ``{Bogen: Beschriftung}`` wie
    „Bandit ×4“); vorgewählt ``vorauswahl`` (der letzte oder fortgesetzte Kampf, die geladene
    Begegnung), ohne sie keiner – nicht jeder Bogen im Ordner."""
    wahl = [n for n in (vorauswahl or ()) if n in namen]
    return mehrfachwahl(namen, wahl, label=label, schluessel=tuple(wahl))


def neu_knopf(on_click: Callable[[Any], Any] | None = None):
    import marimo as mo

    if on_click is not None:
        return mo.ui.button(label=NEUER_KAMPF, kind="success", on_click=on_click)
    return mo.ui.run_button(label=NEUER_KAMPF, kind="success")


def kampf_wahl(gespeicherte: Sequence[GespeicherterKampf]):
    """Auswahl „Gespeicherter Kampf“: Beschriftung mit Kämpfern, Runde, letztem Schritt; Wert =
    Pfad als Text; voreingestellt der neueste."""
    import marimo as mo

    optionen: dict[str, str] = {}
    for k in gespeicherte:
        beschriftung = k.beschriftung
        while beschriftung in optionen:
            beschriftung += " "
        optionen[beschriftung] = str(k.datei)
    if not optionen:  # statt marimos leerem „--“
        optionen = {KEIN_GESPEICHERTER: ""}
    erste = next(iter(optionen))
    return mo.ui.dropdown(options=optionen, value=erste, label=frisch("Gespeicherter Kampf", tuple(optionen.values())),
                          full_width=True)


def fortsetzen_knoepfe(vorhanden: bool, on_click: Callable[[str], Callable[[Any], Any]] | None = None) -> dict[str, Any]:
    """Die Knöpfe „Kampf fortsetzen“, „Nur ansehen“, „Kampf übernehmen“, „Trotzdem laden“ (Art → Knopf).

    ``on_click(art)`` liefert den Handler je Art (schreiben, lesen, uebernehmen); ohne ihn
    sind es ``run_button``.
    """
    import marimo as mo

    aus = {}
    for art, label in (("schreiben", FORTSETZEN), ("lesen", ANSEHEN), ("uebernehmen", UEBERNEHMEN), ("trotzdem", TROTZDEM)):
        if on_click is not None:
            aus[art] = mo.ui.button(label=label, disabled=not vorhanden, on_click=on_click(art),
                                    kind="neutral" if art in ("schreiben", "lesen") else "warn")
        else:
            aus[art] = mo.ui.run_button(label=label, disabled=not vorhanden)
    return aus


def bogen_editor(tabellen: Mapping[str, pl.DataFrame], beschriftungen: Mapping[str, str] | None = None):
    """Die Bögen als bearbeitbare Tabellen (ein ``mo.ui.dictionary``: Tabellenname → Editor).

    ``editor.value`` passt direkt in ``boegen.aus_tabellen``.
    """
    import marimo as mo

    namen = beschriftungen or {}
    return mo.ui.dictionary({n: mo.ui.data_editor(df, label=namen.get(n, n.capitalize())) for n, df in tabellen.items()})


def bogen_ansicht(editor, fehler: Iterable[Any], speichern, titel: str = "Charakterbögen bearbeiten"):
    """Bogen-Editor im Akkordeon: Fehlerliste (Datei, Charakter, Feld), Tabellen, Speichern-Knopf."""
    import marimo as mo

    zeilen = [f"- ⚠ {html.escape(str(f))}" for f in fehler]
    return mo.accordion(
        {titel: mo.vstack([mo.md("\n".join(zeilen)) if zeilen else mo.md(""), *editor.elements.values(), speichern])}
    )


def meldung_ansicht(meldung: str, hook: str = "tisch-meldung"):
    """Die Meldung des letzten Schritts (⚠ = abgelehnt, 🔒 = gesperrt) mit fester ID."""
    import marimo as mo

    art = "danger" if meldung.startswith(("⚠", "🔒")) else "neutral"
    inhalt = mo.md(f"<span id='{hook}' class='tisch-meldung'>{html.escape(meldung)}</span>")
    if not meldung:
        return inhalt
    from gm_helfer.widgets import Blickfang  # bringt die Meldung nach dem Schritt ins Fenster

    return mo.vstack([mo.callout(inhalt, kind=art), mo.ui.anywidget(Blickfang())], gap=0)


def aufgaben_ansicht(entscheidungen: Iterable[Entscheidung | str], hook: str = "tisch-aufgaben"):
    """Die Aufgabenliste: alles, was offen ist, bis es genommen oder ausgeschlagen ist."""
    import marimo as mo

    zeilen = aufgaben_zeilen(entscheidungen)
    if not zeilen:
        return mo.md(f"<div id='{hook}' class='tisch-aufgaben'>Keine offenen Aufgaben.</div>")
    punkte = "".join(f"<li>▸ {html.escape(z)}</li>" for z in zeilen)
    return mo.md(f"<div id='{hook}' class='tisch-aufgaben'><strong>Offen:</strong><ul>{punkte}</ul></div>")


def verbotene_ansicht(aktionen: Iterable[Aktion]):
    """Verbotene Aktionen mit Grund, klein und ohne Chancen."""
    import marimo as mo

    zeilen = verbotene_zeilen(aktionen)
    if not zeilen:
        return mo.md("")
    return mo.md("<div class='tisch-verboten'>" + "<br>".join(f"✗ {html.escape(z)}" for z in zeilen) + "</div>")


def wuerfel_feld(label: str = "Echte Würfel", beispiel: str = "z. B. 8+3, 5", *, on_change: Callable[[str], Any] | None = None,
                 wert: str = "", schluessel: Any = None, breit: bool = False):
    """Textfeld für eingetippte Würfel (leer = das Programm würfelt). Der Platzhalter beginnt mit
    einem vollständigen Beispiel für diesen Wurf (etwa aus :func:`gm_helfer.wuerfel.beispiel`).

    ``schluessel`` (z. B. die Schrittzahl): ändert er sich, zeigt auch der Browser das Feld leer
    (siehe :func:`frisch`). ``breit``: das Feld füllt seinen Platz (in :func:`wuerfel_reihe`)."""
    import marimo as mo

    beschriftung = frisch(label, schluessel) if schluessel is not None else label
    # das Beispiel vorn: schneidet ein schmales Feld ab, fehlt nur der Hinweis, nie das Beispiel
    return mo.ui.text(value=wert, placeholder=f"{beispiel} · leer: Programm würfelt", label=beschriftung,
                      on_change=on_change, full_width=breit)


def wuerfel_reihe(*felder: Any, spalten: str | None = None):
    """Die Würfelfelder eines Zugs als Raster (CSS ``.tisch-wuerfel``): gleich breite Spalten, so
    viele je Zeile, wie das Fenster trägt (fünf auch bei 820 px; die Beschriftung steht über dem Feld).
    Die Felder mit ``breit=True`` bauen (:func:`wuerfel_feld`), sonst bleiben sie schmal.

    ``spalten`` (CSS ``grid-template-columns``) für lange Beispiele, z. B. ``"repeat(auto-fit, minmax(15em,
    1fr))"`` (ein Pool aus zehn W10: weniger Felder je Zeile, jedes Beispiel ganz) oder ``"2fr 3fr"``
    (das zweite Feld braucht mehr Platz)."""
    import marimo as mo

    stil = f" style='grid-template-columns: {spalten}'" if spalten else ""
    return mo.Html(f"<div class='tisch-wuerfel'{stil}>" + "".join(f"<div>{mo.as_html(f).text}</div>" for f in felder)
                   + "</div>")


def protokoll_ansicht(verlauf: Verlauf | None, hook: str = "tisch-protokoll", hoehe: str = "30em"):
    """Protokoll (neueste zuerst) mit Schrittzahl, Datei (nur Name) und Nur-Lesen-Hinweis; alle
    Schritte in einer Tabelle, die ab ``hoehe`` in sich scrollt (keine englischen Seitenknöpfe)."""
    import marimo as mo

    n = len(verlauf.ereignisse) if verlauf else 0
    datei = verlauf.datei.name if verlauf is not None and verlauf.datei else LEER
    rolle = " · 🔒 nur ansehen" if verlauf is not None and verlauf.nur_lesen else ""
    return mo.vstack(
        [
            mo.md(
                f"### <span id='{hook}'>Protokoll</span> ({PROTOKOLL_REIHENFOLGE}, ✎ = eingetippt) · "
                f"<span id='{hook}-schritte' style='white-space: nowrap'>{anzahl(n, 'Schritt', 'Schritte')}</span>"
                f" · Datei `{datei}`{rolle}"
            ),
            tabelle(protokoll_tabelle(verlauf), hoehe=hoehe),
        ]
    )


def bericht_inhalt(datei: Any, form: Callable[[Any], str] | None = None) -> bytes:
    """Der Bericht zum Herunterladen (Standard: die kurze Form fürs Kampftagebuch) – eine
    deutsche Zeile statt eines Fehlers, wenn sich das Protokoll nicht lesen lässt."""
    from gm_helfer import bericht

    try:
        b = bericht.lesen(datei)
    except bericht.BerichtFehler as fehler:
        return f"Kein Bericht: {fehler}\n".encode()
    return (form or bericht.markdown_kurz)(b).encode("utf-8")


def spieler_und_bericht(verlauf: Verlauf | None, *, melden: Callable[[str], None] | None = None) -> list:
    """Unter dem Protokoll: den Sitzungsbericht herunterladen (Markdown/HTML in der kurzen Form fürs
    Kampftagebuch, dazu das ganze Protokoll mit Regeln; erst beim Klick gebaut), Titel und
    Notizen des Spielleiters (:func:`notizen_felder`) und Gegner vor der Spieleransicht verbergen
    (:mod:`gm_helfer.spieler`).

    Die Elemente müssen an einen globalen Namen gebunden werden (siehe oben), etwa
    ``spieler_elemente = tisch.spieler_und_bericht(verlauf)``; leer ohne Protokolldatei.
    """
    import marimo as mo

    from gm_helfer import ansicht, bericht, spieler

    if verlauf is None or verlauf.datei is None:
        return []
    datei = verlauf.datei

    def baue(form: Callable[[Any], str]) -> Callable[[], bytes]:
        return lambda: bericht_inhalt(datei, form)

    name = datei.stem
    elemente: list = [
        mo.download(data=baue(bericht.markdown_kurz), filename=f"{name}_bericht.md", mimetype="text/markdown",
                    label="Bericht herunterladen (Markdown)"),
        mo.download(data=baue(bericht.html_kurz), filename=f"{name}_bericht.html", mimetype="text/html",
                    label="Bericht herunterladen (HTML)"),
        mo.download(data=baue(bericht.markdown), filename=f"{name}_protokoll.md", mimetype="text/markdown",
                    label="Ganzes Protokoll mit Regeln (Markdown)"),
        *notizen_felder(verlauf, melden=melden),
    ]
    try:
        gegner = [k.name for k in ansicht.system(verlauf.system).kaempfer(verlauf.zustand) if not k.held]
    except ValueError:
        gegner = []
    if gegner:
        elemente.append(mehrfachwahl(
            gegner, sorted(spieler.verborgen(datei) & set(gegner)),
            label="Vor der Spieleransicht verbergen", on_change=lambda namen: spieler.verbergen(datei, namen)))
        if spieler.warnung(datei):  # unlesbar oder nicht gespeichert: die Spieler sehen keinen Gegner
            elemente.append(mo.callout(mo.md(spieler.warnung(datei)), kind="warn"))
    return elemente




def notizen_felder(verlauf: Verlauf | None, *, melden: Callable[[str], None] | None = None) -> list:
    """Titel und Notizen des Spielleiters zum Kampf (neben dem Protokoll in ``<log>.notizen.md``,
    atomar geschrieben, im Bericht gedruckt). Beim Ansehen (nur lesend) gesperrt. An einen
    globalen Namen binden (wie :func:`spieler_und_bericht`, das sie schon enthält). Scheitert das
    Speichern, geht eine deutsche Zeile an ``melden`` (die Meldung des Notebooks)."""
    import marimo as mo

    from gm_helfer import notizen

    if verlauf is None or verlauf.datei is None:
        return []
    datei = verlauf.datei
    jetzt = notizen.lesen(datei)
    gesperrt = verlauf.nur_lesen

    def speichern(**was: str) -> None:
        try:
            notizen.schreiben(datei, **was)
        except OSError as fehler:
            from gm_helfer.protokoll import _deutsch

            meldung = f"⚠ Notizen nicht gespeichert: {_deutsch(fehler)}"
            if melden is None:
                raise ValueError(meldung) from None
            melden(meldung)

    titel = mo.ui.text(value=jetzt.titel, placeholder="z. B. Überfall an der Furt", label="Titel des Kampfes (für den Bericht)",
                       disabled=gesperrt, full_width=True, on_change=lambda t: speichern(titel=t))
    text = mo.ui.text_area(value=jetzt.text, placeholder="Was am Tisch geschah, was die Spieler beschlossen …",
                           label="Notizen des Spielleiters (stehen im Bericht)", disabled=gesperrt, rows=4, full_width=True,
                           on_change=lambda t: speichern(text=t))
    return [titel, text]


def _kaempfer_seiten(zustand: Any) -> list[tuple[str, str]]:
    """``(name, seite)`` je Kämpfer eines Zustands (die Seite steht am Kämpfer oder an seinen Werten)."""
    aus = []
    for k in getattr(zustand, "kaempfer", ()) or ():
        werte = getattr(k, "werte", None)
        name = getattr(k, "name", None) or getattr(werte, "name", "")
        seite = getattr(k, "seite", None) or getattr(werte, "seite", "") or ""
        aus.append((str(name), str(seite)))
    return aus


def kampf_zeile(verlauf: Verlauf) -> str:
    """Die eine Zeile über einem laufenden Kampf: „Brakka, Mira gegen Bandit ×4 · Runde 3 · Datei“
    (Zeitstrahl: „Tick 12“ statt der Runde)."""
    from gm_helfer.ansicht import ist_held
    from gm_helfer.tisch_kern import _namen_kurz

    zustand = verlauf.zustand
    paare = _kaempfer_seiten(zustand)
    helden = [n for n, s in paare if ist_held(s)]
    gegner = [n for n, s in paare if not ist_held(s)]
    namen = " gegen ".join(t for t in (_namen_kurz(helden), _namen_kurz(gegner)) if t) or LEER
    if hasattr(zustand, "runde"):
        zeit = f"Runde {zustand.runde}"
    elif hasattr(zustand, "jetzt"):
        zeit = f"Tick {zustand.jetzt if getattr(zustand, 'gestartet', True) else LEER}"
    else:
        zeit = ""
    datei = verlauf.datei.name if verlauf.datei is not None else "nicht gespeichert"
    return " · ".join(t for t in (namen, zeit, datei) if t)


def anlage_eingeklappt(verlauf: Verlauf | None, *ansichten: Any):
    """„Kampf anlegen oder fortsetzen“ (``ansichten``: Anlage, gespeicherte Kämpfe): ohne Kampf offen,
    führt diese Sitzung einen, eine Zeile (Kämpfer, Runde, Datei) mit „ändern“ – aufgeklappt dieselben
    Teile. Beim Nur-Ansehen bleibt sie offen: „Kampf übernehmen“ steht gleich da."""
    import marimo as mo

    if verlauf is None or verlauf.nur_lesen:
        return mo.vstack(list(ansichten))
    zeile = f"<span id='tisch-kampfzeile'>{html.escape(kampf_zeile(verlauf))}</span> – ändern"
    return mo.accordion({zeile: mo.vstack(list(ansichten))})
