"""Zeitstrahl-eigene Diagramme (altair), aufgebaut auf ``gm_helfer.diagramme``."""

from __future__ import annotations

from collections.abc import Mapping

import altair as alt
import polars as pl

from gm_helfer import diagramme

from .kampf import Kampf
from .vorschau import Vergleich, VerteidigungsWahl, zeitstrahl_eintraege

__all__ = ["zeitstrahl_jetzt", "verteidigungs_diagramm", "vergleich_diagramm"]


def zeitstrahl_jetzt(kampf: Kampf, titel: str = "Zeitstrahl") -> alt.LayerChart:
    """Der Zeitstrahl des Kampfes (``diagramme.zeitstrahl_diagramm``) mit einer roten Linie
    beim aktuellen Tick."""
    eintraege = zeitstrahl_eintraege(kampf)
    basis = diagramme.zeitstrahl_diagramm(eintraege, titel=titel)
    jetzt = kampf.jetzt
    if jetzt is None:
        return alt.layer(basis)
    linie = (
        alt.Chart(pl.DataFrame({"Tick": [jetzt], "Text": [f"jetzt: Tick {jetzt}"]}))
        .mark_rule(color="#b23a48", strokeWidth=2)
        .encode(x="Tick:Q", tooltip=[alt.Tooltip("Text:N", title="")])
    )
    return alt.layer(basis, linie)


def verteidigungs_diagramm(wahlen: tuple[VerteidigungsWahl, ...], titel: str = "") -> alt.Chart:
    """Trefferchance des Angreifers je möglicher Verteidigung des Ziels (Balken)."""
    chancen = {f"{w.titel} · {w.ticks} Ticks" if w.ticks else w.titel: w.chancen.treffer
               for w in wahlen if w.chancen is not None and not w.grund}
    return diagramme.ergebnis_balken(chancen, titel=titel or "Trefferchance je Verteidigung")


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
