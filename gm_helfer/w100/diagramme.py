"""W100-eigene Diagramme: Trefferstufen, was Flee/Parade kauft, Initiativepunkte-Leiter.

Baut auf :mod:`gm_helfer.diagramme` auf (deutsche Prozente, gleiche Breite und Palette).
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

import altair as alt
import polars as pl

from gm_helfer import diagramme
from gm_helfer.w100.chancen import AngriffsChancen
from gm_helfer.w100.daten import INITIATIVE_KOSTEN, STUFEN, STUFEN_TEXT

FARBEN = {
    "patzer": "#7b1e2b",
    "misserfolg": "#b0b0b0",
    "streiftreffer": "#c77c02",
    "volltreffer": "#2f7d32",
}


def trefferstufen_balken(chancen: AngriffsChancen, titel: str = "") -> alt.Chart:
    """Balken je Trefferstufe (Patzer, Misserfolg, Streiftreffer, Volltreffer)."""
    werte = {STUFEN_TEXT[s]: getattr(chancen, s) for s in STUFEN}
    if chancen.kritisch > 0:
        werte = dict(werte)
        werte["davon kritisch"] = chancen.kritisch
    farben = {STUFEN_TEXT[s]: FARBEN[s] for s in STUFEN} | {"davon kritisch": "#1b5e20"}
    return diagramme.ergebnis_balken(werte, titel=titel, farben=farben)


def abwehr_diagramm(
    tabelle: Sequence[tuple[int, AngriffsChancen]], art: str = "Flee", titel: str = "",
    markiert: int | None = None,
) -> alt.Chart:
    """Gestapelte Säulen: Trefferstufen des Angriffs je eingesetzten Abwehrpunkten.

    So sieht der Verteidiger, was ein Punkt Flee (oder Parade) kauft. ``markiert`` hebt die
    angesagte Menge hervor (die anderen Säulen werden blasser).
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
    return (
        alt.Chart(daten, title=titel or alt.Undefined)
        .mark_bar()
        .encode(
            x=alt.X("Punkte:O", title=f"eingesetzte {art}-Punkte", axis=alt.Axis(labelAngle=0)),
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
        .properties(width=max(diagramme.BREITE, min(900, 12 * len(tabelle))), height=220)
    )


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
                            legend=alt.Legend(orient="top", title=None)),
            tooltip=["Name:N", "Initiative:Q", "Züge:Q", "Status:N"],
        )
    )
    grenzen = alt.Chart(linien).mark_rule(strokeDash=[4, 3], color="#555").encode(x="Grenze:Q")
    bild = (balken + grenzen).properties(width=diagramme.BREITE, height=28 * len(zeilen) + 20)
    return bild.properties(title=titel) if titel else bild
