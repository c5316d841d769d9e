"""W100-eigene Diagramme: Trefferstufen, was Flee/Parade kauft, Initiativepunkte-Leiter, Lageplan.

Baut auf :mod:`gm_helfer.diagramme` auf (deutsche Prozente, gleiche Breite und Palette).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import altair as alt
import polars as pl

from gm_helfer import diagramme
from gm_helfer.w100.chancen import AngriffsChancen
from gm_helfer.w100.daten import INITIATIVE_KOSTEN, STUFEN, STUFEN_TEXT
from gm_helfer.w100.kampf import Kampf, in_reichweite, meter, zahl

FARBEN = {
    "patzer": "#7b1e2b",
    "misserfolg": "#b0b0b0",
    "streiftreffer": "#c77c02",
    "volltreffer": "#2f7d32",
}


def trefferstufen_balken(chancen: AngriffsChancen, titel: str = "", breite: int = diagramme.BREITE,
                         balken: int | None = None) -> alt.Chart:
    """Balken je Trefferstufe (Patzer, Misserfolg, Streiftreffer, Volltreffer)."""
    werte = {STUFEN_TEXT[s]: getattr(chancen, s) for s in STUFEN}
    if chancen.kritisch > 0:
        werte = dict(werte)
        werte["davon kritisch"] = chancen.kritisch
    farben = {STUFEN_TEXT[s]: FARBEN[s] for s in STUFEN} | {"davon kritisch": "#1b5e20"}
    return diagramme.ergebnis_balken(werte, titel=titel, farben=farben, breite=breite, balken=balken)


def abwehr_diagramm(
    tabelle: Sequence[tuple[int, AngriffsChancen]], art: str = "Flee", titel: str = "",
    markiert: int | None = None, *, breite: int | None = None, hoehe: int = 220,
) -> alt.Chart:
    """Gestapelte Säulen: Trefferstufen des Angriffs je eingesetzten Abwehrpunkten.

    So sieht der Verteidiger, was ein Punkt Flee (oder Parade) kauft. ``markiert`` hebt die
    angesagte Menge hervor (die anderen Säulen werden blasser). ``breite``/``hoehe`` in Pixeln
    (ohne ``breite``: 12 px je Säule, mindestens ``diagramme.BREITE``, höchstens 900).
    """
    if not tabelle:
        raise ValueError("Die Abwehrtabelle ist leer.")
    zeilen: list[dict[str, Any]] = []
    for punkte, c in tabelle:
        for i, s in enumerate(STUFEN):
            p = getattr(c, s)
            zeilen.append({
                "Punkte": punkte, "Stufe": STUFEN_TEXT[s], "Reihenfolge": i,
                "Wahrscheinlichkeit": p, "Chance": diagramme.prozent(p),
                "Treffer gesamt": diagramme.prozent(c.trifft),
            })
    daten = pl.DataFrame(zeilen)
    domain = [STUFEN_TEXT[s] for s in STUFEN]
    breite = breite or max(diagramme.BREITE, min(900, 12 * len(tabelle)))
    # schmale Säulen: nur jede k-te Punktzahl an der Achse, damit die Zahlen nicht ineinanderlaufen
    jede = math.ceil(12 * len(tabelle) / breite)  # 12 px je Säule tragen eine Zahl (Standardbreite: jede)
    achse = alt.Axis(labelAngle=0) if jede <= 1 else alt.Axis(
        labelAngle=0, values=[punkte for punkte, _ in tabelle if punkte % jede == 0])
    return (
        alt.Chart(daten, title=titel or alt.Undefined)
        .mark_bar()
        .encode(
            x=alt.X("Punkte:O", title=f"eingesetzte {art}-Punkte", axis=achse),
            y=alt.Y("Wahrscheinlichkeit:Q", stack="zero",
                    axis=alt.Axis(title="Chance", labelExpr=diagramme._PROZENT_ACHSE)),
            color=alt.Color("Stufe:N", scale=alt.Scale(domain=domain, range=[FARBEN[s] for s in STUFEN]),
                            legend=alt.Legend(orient="top", title=None)),
            order=alt.Order("Reihenfolge:Q"),
            opacity=(alt.value(1.0) if markiert is None else
                     alt.condition(f"datum.Punkte == {int(markiert)}", alt.value(1.0), alt.value(0.45))),
            tooltip=[alt.Tooltip("Punkte:O", title=f"{art}-Punkte"), "Stufe:N", "Chance:N",
                     "Treffer gesamt:N"],
        )
        .properties(width=breite, height=hoehe)
    )


SEITE_GROSS = "upper(slice(datum.label, 0, 1)) + slice(datum.label, 1)"
"""Legende: „Helden“, „Gegner“ statt der Schlüssel „helden“, „gegner“ der Daten."""


def initiative_diagramm(leiter: Sequence[Mapping[str, Any]], titel: str = "") -> alt.LayerChart:
    """Die Initiativepunkte-Leiter als Balken; jede volle 100 ist ein weiterer Zug."""
    zeilen = [
        {"Name": z["name"], "Initiative": int(z["initiative"] or 0),
         "Balken": max(0, int(z["initiative"] or 0)), "Seite": z["seite"],
         "Status": z["status"], "Züge": z["zuege_uebrig"]}
        for z in leiter
    ]
    if not zeilen:
        raise ValueError("Niemand in der Initiative-Leiter.")
    daten = pl.DataFrame(zeilen)
    reihenfolge = [z["Name"] for z in zeilen]
    oben = max(100, max(z["Balken"] for z in zeilen))
    linien = pl.DataFrame({"Grenze": list(range(INITIATIVE_KOSTEN, oben + 1, INITIATIVE_KOSTEN)) or [100]})
    balken = (
        alt.Chart(daten)
        .mark_bar()
        .encode(
            x=alt.X("Balken:Q", title="verbleibende Initiative (unter 1: fertig für diese Runde)",
                    scale=alt.Scale(domain=[0, oben])),
            y=alt.Y("Name:N", sort=reihenfolge, title=None),
            color=alt.Color("Seite:N", scale=alt.Scale(domain=["helden", "gegner"], range=["#3a6ea5", "#b23a48"]),
                            legend=alt.Legend(orient="top", title=None, labelExpr=SEITE_GROSS)),
            tooltip=["Name:N", "Initiative:Q", "Züge:Q", "Status:N"],
        )
    )
    grenzen = alt.Chart(linien).mark_rule(strokeDash=[4, 3], color="#555").encode(x="Grenze:Q")
    bild = (balken + grenzen).properties(width=diagramme.BREITE, height=28 * len(zeilen) + 20)
    return bild.properties(title=titel) if titel else bild


def _kreis(mitte: Sequence[float], radius: float, name: str, n: int = 72) -> list[dict[str, Any]]:
    """Punkte eines Kreises (für Bewegung und Reichweite auf der Karte)."""
    return [
        {"x": mitte[0] + radius * math.cos(2 * math.pi * i / n),
         "y": mitte[1] + radius * math.sin(2 * math.pi * i / n), "i": i, "Kreis": name}
        for i in range(n + 1)
    ]


def karte(kampf: Kampf, waffe: str | None = None, titel: str = "") -> alt.LayerChart:
    """Lageplan in Metern: wer wo steht, wer am Zug ist, wie weit er gehen und treffen kann.

    „Deine Positionierung bestimmt unter anderem, welche Ziele du erreichen kannst. Bewegung
    und Reichweite werden vor der Ausführung einer geplanten Handlung geprüft.“
    (regeln/w100.txt › Handlungen und Positionierung). Der gestrichelte Kreis zeigt die
    Bewegung des Handelnden, der durchgezogene die Reichweite der gewählten Waffe; der Tooltip
    sagt je Ziel, ob es in Reichweite ist (dieselbe Prüfung wie :func:`angriff_planen`).
    """
    if not kampf.kaempfer:
        raise ValueError("Niemand auf der Karte.")
    erreichbar = set(in_reichweite(kampf, waffe)) if (kampf.am_zug and waffe) else set()
    zeilen = []
    for k in kampf.kaempfer:
        if not k.kampffaehig(kampf.optionen):
            status = "kampfunfähig"
        elif k.name == kampf.am_zug:
            status = "am Zug"
        elif k.name in erreichbar:
            status = f"in Reichweite von {waffe}"
        else:
            status = ""
        zeilen.append({"Name": k.name, "x": k.position[0], "y": k.position[1],
                       "Seite": "kampfunfähig" if status == "kampfunfähig" else k.seite,
                       "Status": status, "LP": f"{k.lp}/{k.lp_max}",
                       "Position": f"({zahl(k.position[0])} | {zahl(k.position[1])})",
                       "Groesse": 260 if status == "am Zug" else 120})
    kreise: list[dict[str, Any]] = []
    if kampf.am_zug:
        a = kampf[kampf.am_zug]
        kreise += _kreis(a.position, a.bewegung, f"Bewegung ({meter(a.bewegung)})")
        if waffe:
            w = a.waffe(waffe)
            kreise += _kreis(a.position, w.reichweite, f"Reichweite {w.name} ({meter(w.reichweite)})")
    xs = [z["x"] for z in zeilen] + [p["x"] for p in kreise]
    ys = [z["y"] for z in zeilen] + [p["y"] for p in kreise]
    rand = 2.0
    x_bereich = [math.floor(min(xs) - rand), math.ceil(max(xs) + rand)]
    y_bereich = [math.floor(min(ys) - rand), math.ceil(max(ys) + rand)]
    farben = alt.Scale(domain=["helden", "gegner", "kampfunfähig"], range=["#3a6ea5", "#b23a48", "#9e9e9e"])
    x = alt.X("x:Q", title="x (m)", scale=alt.Scale(domain=x_bereich, nice=False))
    y = alt.Y("y:Q", title="y (m)", scale=alt.Scale(domain=y_bereich, nice=False))
    daten = pl.DataFrame(zeilen)
    punkte = alt.Chart(daten).mark_circle(opacity=0.9, stroke="#222").encode(
        x=x, y=y, color=alt.Color("Seite:N", scale=farben, legend=alt.Legend(orient="top", title=None, labelExpr=SEITE_GROSS)),
        size=alt.Size("Groesse:Q", legend=None, scale=None),
        strokeWidth=alt.condition("datum.Status == 'am Zug'", alt.value(3), alt.value(0)),
        tooltip=["Name:N", "Position:N", "LP:N", "Status:N"],
    )
    # Namen der Helden über, der anderen unter dem Punkt: Nahkämpfer Seite an Seite bleiben lesbar
    namen_oben = alt.Chart(daten).transform_filter("datum.Seite == 'helden'").mark_text(
        dy=-13, fontSize=11).encode(x=x, y=y, text="Name:N")
    namen_unten = alt.Chart(daten).transform_filter("datum.Seite != 'helden'").mark_text(
        dy=15, fontSize=11).encode(x=x, y=y, text="Name:N")
    ebenen: list[Any] = [punkte, namen_oben, namen_unten]
    if kreise:
        namen_kreise = list(dict.fromkeys(p["Kreis"] for p in kreise))
        ebenen.insert(0, alt.Chart(pl.DataFrame(kreise)).mark_line(opacity=0.8).encode(
            x=x, y=y, order="i:Q", detail="Kreis:N",
            # Bewegung gestrichelt grau, Reichweite durchgezogen orange
            strokeDash=alt.StrokeDash("Kreis:N", scale=alt.Scale(
                domain=namen_kreise, range=[[5, 4], [1, 0]][: len(namen_kreise)]),
                legend=alt.Legend(orient="bottom", title=None)),
            color=alt.value("#666") if len(namen_kreise) == 1 else alt.Color(
                "Kreis:N", scale=alt.Scale(domain=namen_kreise, range=["#666", "#c77c02"]), legend=None),
            strokeWidth=alt.value(2),
        ))
    # gleiche Meter auf beiden Achsen: Höhe aus dem Seitenverhältnis der Bereiche
    breite = diagramme.BREITE
    hoehe = int(max(160, min(520, breite * (y_bereich[1] - y_bereich[0]) / max(1, x_bereich[1] - x_bereich[0]))))
    bild = alt.layer(*ebenen).resolve_scale(color="independent").properties(width=breite, height=hoehe)
    return bild.properties(title=titel) if titel else bild
