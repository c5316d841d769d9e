"""Aloran-Diagramme: Erfolgschancen je Poolgröße, Ausgang eines Angriffs, Trefferzonen,
Folgen beim Ziel und ein Körperschema der Wunden (SVG).

Die allgemeinen Balken kommen aus :mod:`gm_helfer.diagramme`; hier stehen nur die Aloran-
eigenen Darstellungen und die deutschen Namen/Farben der Ausgänge.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

import altair as alt
import polars as pl

from gm_helfer import diagramme
from gm_helfer.text import anzahl

from ..chancen import AngriffChancen, pool_chancen, zonen_chancen
from ..daten import KATEGORIE_ANZEIGE, KATEGORIEN, ZONEN
from ..wunden import ueberschrittene_schwellen

KATEGORIE_FARBEN = {
    "verfehlt": "#b0b0b0",
    "Streiftreffer": "#e0b341",
    "Treffer": "#c77c02",
    "schwerer Treffer": "#b23a48",
    "tödlicher Treffer": "#6b1020",
}

FOLGEN_FARBEN = {
    "kein Treffer": "#b0b0b0",
    "keine Wunde": "#8fb996",
    "Wunden": "#e0b341",
    "schlimmere Verletzung": "#c77c02",
    "wehrlos": "#b23a48",
    "kampfunfähig": "#6b1020",
    "Ausdauer verloren": "#e0b341",
    "bewusstlos": "#6b1020",
}


def lernkurve_daten(bis: int = 10, schwierigkeiten: Sequence[int] = (7, 6, 5)) -> pl.DataFrame:
    """Tabelle „Erfolgswahrscheinlichkeiten W10“: P(mindestens 2 Netto-Erfolge) für 1..``bis`` W10.

    Allgemeine Regeln › Würfel › Erfolgswahrscheinlichkeiten W10 (dort stehen nur Platzhalter
    „Für 1 W10 … Für 10 W10“).
    """
    zeilen = []
    for s in schwierigkeiten:
        for n in range(1, bis + 1):
            p = pool_chancen(n, s).gelingt
            zeilen.append({"Würfel": n, "Schwierigkeit": f"Schwierigkeit {s}", "Chance": p,
                           "Text": diagramme.prozent(p)})
    return pl.DataFrame(zeilen)


def lernkurve(bis: int = 10, schwierigkeiten: Sequence[int] = (7, 6, 5)) -> alt.Chart:
    """Gruppierte Balken: Erfolgschance (≥ 2 Erfolge) für 1..``bis`` W10 je Schwierigkeit."""
    daten = lernkurve_daten(bis, schwierigkeiten)
    return (
        alt.Chart(daten, title="Erfolgschance (mindestens 2 Erfolge) nach Zahl der W10")
        .mark_bar()
        .encode(
            x=alt.X("Würfel:O", title="Würfel im Pool", axis=alt.Axis(labelAngle=0)),
            xOffset=alt.XOffset("Schwierigkeit:N", sort=[f"Schwierigkeit {s}" for s in schwierigkeiten]),
            y=alt.Y("Chance:Q", scale=alt.Scale(domain=[0, 1]), axis=alt.Axis(format="%", title="Chance")),
            color=alt.Color("Schwierigkeit:N", sort=[f"Schwierigkeit {s}" for s in schwierigkeiten],
                            scale=alt.Scale(range=["#3a6ea5", "#2f7d32", "#c77c02"]),
                            legend=alt.Legend(title=None, orient="top")),
            tooltip=["Würfel:O", "Schwierigkeit:N", alt.Tooltip("Text:N", title="Chance")],
        )
        .properties(width=diagramme.BREITE + 120, height=260)
    )


def netto_diagramm(wuerfel: int, schwierigkeit: int) -> alt.Chart:
    """Verteilung der Netto-Erfolge eines Pools, das Ziel 2 hervorgehoben."""
    c = pool_chancen(wuerfel, schwierigkeit)
    return diagramme.verteilung_diagramm(
        c.verteilung, ziel=2, titel=f"{wuerfel} W10 gegen {schwierigkeit}: Netto-Erfolge",
        x_titel="Netto-Erfolge",
    )


def angriff_balken(chancen: AngriffChancen, titel: str = "Ausgang der Attacke", *, breite: int = diagramme.BREITE,
                   balken: int | None = None) -> alt.Chart:
    """Die fünf Ergebnisse des Vergleichswurfs als Balken (``breite``, ``balken``: wie
    :func:`gm_helfer.diagramme.ergebnis_balken`; im Zug-Panel die kleinen Maße)."""
    werte = {KATEGORIE_ANZEIGE[k]: getattr(chancen.kategorien, k) for k in KATEGORIEN}
    return diagramme.ergebnis_balken(werte, titel=titel, farben=KATEGORIE_FARBEN, breite=breite, balken=balken)


def sonder_balken(chancen: AngriffChancen, angreifer: str, verteidiger: str) -> alt.Chart:
    """Chancen für Patzer und Meistertreffer beider Seiten."""
    werte = {
        f"Patzer {angreifer}": chancen.angriff_patzer,
        f"Meistertreffer {angreifer}": chancen.angriff_meister,
        f"Patzer {verteidiger}": chancen.verteidigung_patzer,
        f"Meistertreffer {verteidiger}": chancen.verteidigung_meister,
    }
    return diagramme.ergebnis_balken(werte, titel="Patzer und Meistertreffer")


def zonen_balken(titel: str = "Wo der Treffer landet (W20)") -> alt.Chart:
    """Trefferzonen-Tabelle als Balken."""
    return diagramme.ergebnis_balken(zonen_chancen(), titel=titel)


def folgen_balken(folgen: Mapping[str, float], titel: str = "Was der Angriff dem Ziel antut", *,
                  breite: int = diagramme.BREITE, balken: int | None = None) -> alt.Chart:
    """Folgen beim Ziel (aus :func:`~.chancen.folgen_chancen`; ``breite``, ``balken`` wie bei
    :func:`angriff_balken`)."""
    return diagramme.ergebnis_balken(dict(folgen), titel=titel, farben=FOLGEN_FARBEN, breite=breite, balken=balken)


# --- Körperschema -----------------------------------------------------------------------

_FORMEN = {
    "kopf": '<circle cx="60" cy="22" r="16"/>',
    "torso": '<rect x="38" y="42" width="44" height="58" rx="8"/>',
    "schwertarm": '<rect x="14" y="44" width="20" height="62" rx="8"/>',
    "schildarm": '<rect x="86" y="44" width="20" height="62" rx="8"/>',
    "lende": '<rect x="38" y="104" width="44" height="22" rx="6"/>',
    "bein_rechts": '<rect x="38" y="130" width="20" height="72" rx="8"/>',
    "bein_links": '<rect x="62" y="130" width="20" height="72" rx="8"/>',
}
_MITTE = {
    "kopf": (60, 27), "torso": (60, 76), "schwertarm": (24, 80), "schildarm": (96, 80),
    "lende": (60, 120), "bein_rechts": (48, 170), "bein_links": (72, 170),
}
_SCHWELLEN_FARBEN = ("#e8f0e8", "#f3d27a", "#e08a3c", "#b23a48")


def koerper_svg(name: str, wunden: Sequence[int], konstitution: int, breite: int = 130) -> str:
    """Körperschema: jede Zone gefärbt nach überschrittenen Wundschwellen (0–3), mit Wundenzahl.

    Das Bild zeigt den Charakter von vorn (Schwertarm links im Bild). Titel-Tooltip je Zone.
    """
    teile = []
    for zone, w in zip(ZONEN, wunden):
        stufe = ueberschrittene_schwellen(w, konstitution)
        form = _FORMEN[zone.schluessel].replace(
            "/>", f' fill="{_SCHWELLEN_FARBEN[stufe]}" stroke="#444" stroke-width="1.5">'
                  f"<title>{escape(zone.name)}: {anzahl(w, 'Wunde', 'Wunden')} (Schwellen {konstitution}/"
                  f"{2 * konstitution}/{3 * konstitution})</title></{_FORMEN[zone.schluessel][1:].split()[0]}>"
        )
        x, y = _MITTE[zone.schluessel]
        teile.append(form)
        if w:
            teile.append(f'<text x="{x}" y="{y + 4}" text-anchor="middle" font-size="13" '
                         f'font-family="sans-serif" font-weight="bold" fill="#111">{w}</text>')
    hoehe = int(breite * 230 / 120)
    return (
        f'<figure style="display:inline-block;margin:4px 10px;text-align:center">'
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 230" width="{breite}" height="{hoehe}" '
        f'role="img" aria-label="Wunden von {escape(name)}">{"".join(teile)}'
        f'<text x="60" y="224" text-anchor="middle" font-size="12" font-family="sans-serif">'
        f'{escape(name)}</text></svg></figure>'
    )


def koerper_html(eintraege: Sequence[tuple[str, Sequence[int], int]]) -> str:
    """Mehrere Körperschemata nebeneinander, dazu eine Legende der Farben."""
    legende = " ".join(
        f'<span style="display:inline-block;width:12px;height:12px;background:{f};border:1px solid #444"></span> {t}'
        for f, t in zip(_SCHWELLEN_FARBEN, ("keine Schwelle", "1. Schwelle", "2. Schwelle", "3. Schwelle überschritten"))
    )
    return ('<div id="aloran-koerper">' + "".join(koerper_svg(n, w, ko) for n, w, ko in eintraege)
            + f'<div style="font-size:12px">{legende}</div></div>')
