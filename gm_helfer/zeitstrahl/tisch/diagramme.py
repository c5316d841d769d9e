"""Zeitstrahl-eigene Diagramme (altair), aufgebaut auf ``gm_helfer.diagramme``."""

from __future__ import annotations

from collections.abc import Mapping

import altair as alt
import polars as pl

from gm_helfer import diagramme

from ..kampf import Kampf
from ..vorschau import Vergleich, VerteidigungsWahl, zeitstrahl_eintraege

__all__ = ["zeitstrahl_jetzt", "verteidigungs_diagramm", "vergleich_diagramm"]


ZEITSTRAHL_BREITE = 760
"""Der Zeitstrahl ist breiter als die übrigen Diagramme: die Ticks sollen lesbar bleiben."""

_FARBEN = {
    "Angriff": "#3a6ea5",
    "Konter": "#6a4c93",
    "aktives Ausweichen": "#1b998b",
    "Parade": "#2f7d32",
    "Blocken": "#8d6e63",
    "Aktion": "#5c6b73",
    "Vorbereitung": "#c77c02",
    "fortlaufend": "#e0a458",
    "Ansage verfallen": "#b0b0b0",
    "handelt jetzt": "#ff7f0e",
    "nächste Aktion": "#f2b5bd",
    "kampfunfähig": "#444444",
    "wartet auf den Start": "#dddddd",
}


def zeitstrahl_jetzt(kampf: Kampf, titel: str = "Zeitstrahl") -> alt.LayerChart:
    """Der Zeitstrahl des Kampfes (``diagramme.zeitstrahl_diagramm``) mit festen Farben je
    Art (gleich in jedem Diagramm) und einer roten Linie beim aktuellen Tick."""
    eintraege = zeitstrahl_eintraege(kampf)
    arten = list(dict.fromkeys(e["art"] for e in eintraege))
    domain = [a for a in _FARBEN if a in arten] + [a for a in arten if a not in _FARBEN]
    basis = diagramme.zeitstrahl_diagramm(eintraege, titel=titel).encode(
        color=alt.Color("Art:N", scale=alt.Scale(domain=domain,
                                                 range=[_FARBEN.get(a, "#999999") for a in domain]),
                        legend=alt.Legend(title="Aktion", orient="top")))
    basis = basis.properties(width=ZEITSTRAHL_BREITE)
    jetzt = kampf.jetzt
    if jetzt is None:
        return alt.layer(basis)
    linie = (
        alt.Chart(pl.DataFrame({"Tick": [jetzt], "Text": [f"jetzt: Tick {jetzt}"]}))
        .mark_rule(color="#b23a48", strokeWidth=2)
        .encode(x="Tick:Q", tooltip=[alt.Tooltip("Text:N", title="")])
    )
    return alt.layer(basis, linie)


def verteidigungs_diagramm(wahlen: tuple[VerteidigungsWahl, ...], titel: str = "", breite: int = diagramme.BREITE,
                           balken: int | None = None) -> alt.Chart:
    """Trefferchance des Angreifers je möglicher Verteidigung des Ziels (Balken)."""
    chancen = {f"{w.titel} · {w.ticks} Ticks" if w.ticks else w.titel: w.chancen.treffer
               for w in wahlen if w.chancen is not None and not w.grund}
    return diagramme.ergebnis_balken(chancen, titel=titel or "Trefferchance je Verteidigung", breite=breite,
                                     balken=balken)


def vergleich_diagramm(vergleich: Mapping[str, Vergleich], titel: str = "") -> alt.Chart:
    """Gruppierte Balken: Treffer, kritisch, Patzer, Schaden möglich – ohne und mit
    Verschiebung."""
    zeilen = []
    for fall, v in vergleich.items():
        for groesse, p in (("Treffer", v.treffer), ("kritisch", v.kritisch),
                           ("Patzer", v.patzer), ("mind. 1 Schaden", v.schaden_moeglich)):
            zeilen.append({"Fall": f"{fall} Verschiebung", "Größe": groesse, "Chance": p,
                           "Prozent": diagramme.prozent(p)})
    daten = pl.DataFrame(zeilen)
    return (
        alt.Chart(daten, title=titel or "Lohnt sich die Verschiebung?")
        .mark_bar()
        .encode(
            x=alt.X("Chance:Q", scale=alt.Scale(domain=[0, 1]),
                    axis=alt.Axis(format="%", title="Chance")),
            y=alt.Y("Fall:N", title=None),
            color=alt.Color("Fall:N", legend=None),
            row=alt.Row("Größe:N", title=None, sort=["Treffer", "kritisch", "Patzer",
                                                      "mind. 1 Schaden"]),
            tooltip=["Fall:N", "Größe:N", "Prozent:N"],
        )
        .properties(width=360, height=40)
    )
