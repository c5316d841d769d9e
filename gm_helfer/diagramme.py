"""Altair-Diagramme mit deutscher Beschriftung: Chancen, Verteilungen, Verläufe, Zeitstrahl.

Alle Funktionen nehmen einfache Daten (Mappings, Folgen) und geben ein einzelnes
``alt.Chart`` zurück (kein Layer), damit Notebooks es mit ``mo.ui.altair_chart`` zeigen
und Systempakete es weiter kombinieren können. Tooltips zeigen Prozent mit Dezimalkomma
(``"12,5 %"``); Achsen mit Wahrscheinlichkeiten sind in Prozent beschriftet.

>>> prozent(0.125)
'12,5 %'
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import altair as alt
import polars as pl

from gm_helfer import flicken
from gm_helfer.text import prozent
from gm_helfer.text import zahl as _text_zahl

# Zwei Flicken an altair (ein Diagramm in 1–2 statt 30–130 ms; in marimo nur einmal umwandeln),
# Einzelheiten und Messungen in gm_helfer.flicken
flicken.altair_flicken()

__all__ = [
    "prozent",
    "zahl",
    "ergebnis_balken",
    "verteilung_diagramm",
    "kurve_ueber_runden",
    "zeitstrahl_diagramm",
    "reihen_kurve",
]

BREITE = 420
BREITE_KLEIN = 280
"""Breite im Zug-Panel, wo zwei Diagramme nebeneinander stehen (1280 px) und das Panel samt
Ergebnis in ein Fenster passen soll."""
HOEHE_KLEIN = 80
"""Höhe der Säulen im Zug-Panel (statt 220)."""
BALKEN_KLEIN = 16
"""Höhe je Balken im Zug-Panel (statt 20)."""
FARBE_ERREICHT = "#2f7d32"
FARBE_VERFEHLT = "#b0b0b0"
FARBE_NEUTRAL = "#3a6ea5"
_PALETTE = ["#3a6ea5", "#2f7d32", "#c77c02", "#b23a48", "#6a4c93", "#1b998b", "#8d6e63", "#5c6b73"]

#: Achsenbeschriftung 0..1 als "0 %", "25 %", … (Vega-Ausdruck, ohne Locale-Konfiguration)
_PROZENT_ACHSE = "replace(format(datum.value * 100, '.3~f'), '.', ',') + ' %'"


def zahl(x: float, stellen: int = 2) -> str:
    """Eine Zahl mit deutschem Dezimalkomma: ``9.336 → "9,34"``, ``-1.5 → "−1,5"``
    (:func:`gm_helfer.text.zahl` mit zwei Stellen als Vorgabe – dieselbe Regel wie überall).

    >>> zahl(9.336), zahl(-1.5), zahl(7, 0)
    ('9,34', '−1,5', '7')
    """
    return _text_zahl(x, stellen)


def _pruefe_wahrscheinlichkeit(name: str, p: Any) -> float:
    if isinstance(p, bool) or not isinstance(p, (int, float)) or math.isnan(p):
        raise ValueError(f"Die Wahrscheinlichkeit von {name!r} ist keine Zahl: {p!r}.")
    if not -1e-9 <= p <= 1 + 1e-9:
        raise ValueError(f"Die Wahrscheinlichkeit von {name!r} liegt nicht zwischen 0 und 1: {p}.")
    return min(1.0, max(0.0, float(p)))


def _prozent_achse(titel: str) -> alt.Axis:
    return alt.Axis(title=titel, labelExpr=_PROZENT_ACHSE)


def ergebnis_balken(
    chancen: Mapping[str, float],
    titel: str = "",
    farben: Mapping[str, str] | None = None,
    breite: int = BREITE,
    balken: int | None = None,
) -> alt.Chart:
    """Waagrechte Balken, einer je Ausgang, in der gegebenen Reihenfolge.

    Args:
        chancen: Ausgang → Wahrscheinlichkeit, z. B. ``{"Verfehlt": 0.4, "Treffer": 0.6}``.
        titel: Diagrammtitel.
        farben: Ausgang → Farbe (CSS); fehlende Ausgänge bekommen Farben der Palette.
        breite: Breite der Balkenfläche in Pixeln (ohne Beschriftung; im Zug-Panel :data:`BREITE_KLEIN`).
        balken: Höhe je Balken in Pixeln (ohne: Vega-Lites 20; im Zug-Panel :data:`BALKEN_KLEIN`).

    Die Beschriftung jedes Balkens nennt den Ausgang und seine Chance ("Treffer  60,0 %").
    """
    if not chancen:
        raise ValueError("Keine Ausgänge für das Balkendiagramm.")
    ausgaenge = list(chancen)
    werte = [_pruefe_wahrscheinlichkeit(a, chancen[a]) for a in ausgaenge]
    beschriftung = [f"{a}  {prozent(p)}" for a, p in zip(ausgaenge, werte)]
    daten = pl.DataFrame(
        {
            "Ausgang": ausgaenge,
            "Beschriftung": beschriftung,
            "Wahrscheinlichkeit": werte,
            "Chance": [prozent(p) for p in werte],
        }
    )
    if farben:
        palette = alt.Scale(
            domain=ausgaenge,
            range=[farben.get(a, _PALETTE[i % len(_PALETTE)]) for i, a in enumerate(ausgaenge)],
        )
    else:
        palette = alt.Scale(domain=ausgaenge, range=[_PALETTE[i % len(_PALETTE)] for i in range(len(ausgaenge))])
    return (
        alt.Chart(daten, title=titel or alt.Undefined)
        .mark_bar()
        .encode(
            x=alt.X("Wahrscheinlichkeit:Q", scale=alt.Scale(domain=[0, 1]), axis=_prozent_achse("Chance")),
            y=alt.Y("Beschriftung:N", sort=beschriftung, title=None, axis=alt.Axis(labelLimit=260)),
            color=alt.Color("Ausgang:N", scale=palette, legend=None),
            tooltip=[alt.Tooltip("Ausgang:N"), alt.Tooltip("Chance:N")],
        )
        .properties(width=breite, **({"height": alt.Step(balken)} if balken else {}))
    )



def _sichtbarer_bereich(xs: list[int], ps: list[float], rest: float) -> tuple[int, int]:
    """Kleinster Bereich, außerhalb dessen links und rechts je höchstens rest/2 liegt."""
    links, summe = 0, 0.0
    while links < len(xs) - 1 and summe + ps[links] <= rest / 2:
        summe += ps[links]
        links += 1
    rechts, summe = len(xs) - 1, 0.0
    while rechts > links and summe + ps[rechts] <= rest / 2:
        summe += ps[rechts]
        rechts -= 1
    return xs[links], xs[rechts]


def verteilung_diagramm(
    vert: Mapping[int, float],
    ziel: int | None = None,
    titel: str = "",
    x_titel: str = "Ergebnis",
    *,
    rest: float = 1e-3,
    hoechste_breite: int = 900,
    hoehe: int = 220,
) -> alt.Chart:
    """Säulen der Verteilung P(Ergebnis = x); mit ``ziel`` grün ab dem Ziel.

    Der Tooltip zeigt je Ergebnis "genau" und "mindestens" (P(≥ x)) in Prozent.
    Explodierende Würfel haben lange, dünne Ausläufer: Ergebnisse in den äußeren
    Ausläufern mit zusammen höchstens ``rest`` (Standard 0,1 %) werden nicht gezeichnet,
    das Ziel aber immer. Die "mindestens"-Werte rechnen mit der ganzen Verteilung.

    Args:
        vert: Ergebnis → Wahrscheinlichkeit (z. B. aus ``chancen.verteilung``).
        ziel: Zielzahl; Säulen ab dem Ziel gelten als "erreicht".
        titel: Diagrammtitel.
        x_titel: Beschriftung der x-Achse.
        hoechste_breite: breiter wird das Diagramm nicht (viele Säulen werden schmaler), z. B.
            damit es neben einem zweiten Diagramm auf ein Tablet (820 px) passt.
        hoehe: Höhe der Säulen in Pixeln (im Zug-Panel :data:`HOEHE_KLEIN`).
    """
    if not vert:
        raise ValueError("Die Verteilung ist leer.")
    xs = sorted(vert)
    if any(isinstance(x, bool) or not isinstance(x, int) for x in xs):
        raise ValueError("Die Ergebnisse einer Verteilung müssen ganze Zahlen sein.")
    ps = [_pruefe_wahrscheinlichkeit(str(x), vert[x]) for x in xs]
    gesamt = sum(ps)
    if abs(gesamt - 1) > 1e-6:
        raise ValueError(f"Die Wahrscheinlichkeiten ergeben zusammen {prozent(gesamt, 4)}, nicht 100 %.")
    mindestens = []
    laufend = 0.0
    for p in reversed(ps):
        laufend += p
        mindestens.append(min(1.0, laufend))
    mindestens.reverse()
    von, bis = _sichtbarer_bereich(xs, ps, rest)
    if ziel is not None:
        von, bis = min(von, ziel), max(bis, ziel)
    # auch unmögliche Ergebnisse im Bereich zeigen (W6!: die 6 gibt es nie) – als leere Säule
    nach_x = {x: (p, m) for x, p, m in zip(xs, ps, mindestens)}
    zeilen = []
    naechstes_m = 0.0
    for x in range(bis, von - 1, -1):
        p, m = nach_x.get(x, (0.0, naechstes_m))
        naechstes_m = m
        zeilen.append((x, p, m))
    zeilen.reverse()
    daten = pl.DataFrame(
        {
            x_titel: [x for x, _, _ in zeilen],
            "Wahrscheinlichkeit": [p for _, p, _ in zeilen],
            "genau": [prozent(p) for _, p, _ in zeilen],
            "mindestens": [prozent(m) for _, _, m in zeilen],
            "Wahrscheinlichkeit_mindestens": [m for _, _, m in zeilen],
        },
        schema={
            x_titel: pl.Int64,
            "Wahrscheinlichkeit": pl.Float64,
            "genau": pl.Utf8,
            "mindestens": pl.Utf8,
            "Wahrscheinlichkeit_mindestens": pl.Float64,
        },
    )
    tooltip = [
        alt.Tooltip(f"{_feld(x_titel)}:O", title=x_titel),
        alt.Tooltip("genau:N", title="genau"),
        alt.Tooltip("mindestens:N", title="mindestens"),
    ]
    if ziel is not None:
        daten = daten.with_columns(
            pl.when(pl.col(x_titel) >= ziel)
            .then(pl.lit(f"≥ {ziel} (erreicht)"))
            .otherwise(pl.lit(f"< {ziel} (verfehlt)"))
            .alias("Ziel")
        )
        farbe = alt.Color(
            "Ziel:N",
            scale=alt.Scale(
                domain=[f"≥ {ziel} (erreicht)", f"< {ziel} (verfehlt)"],
                range=[FARBE_ERREICHT, FARBE_VERFEHLT],
            ),
            legend=alt.Legend(title=f"Ziel {ziel}", orient="top"),
        )
    else:
        farbe = alt.value(FARBE_NEUTRAL)
    breite = max(min(BREITE, hoechste_breite), min(hoechste_breite, 14 * daten.height))
    # schmale Säulen: nur jede k-te Zahl an der Achse, damit zweistellige Zahlen nicht ineinanderlaufen
    jede = math.ceil(20 * daten.height / breite)
    achse = alt.Axis(labelAngle=0) if jede <= 1 else alt.Axis(
        labelAngle=0, values=[x for x, _, _ in zeilen if x % jede == 0])
    return (
        alt.Chart(daten, title=titel or alt.Undefined)
        .mark_bar()
        .encode(
            x=alt.X(f"{_feld(x_titel)}:O", title=x_titel, axis=achse),
            y=alt.Y("Wahrscheinlichkeit:Q", axis=_prozent_achse("Wahrscheinlichkeit")),
            color=farbe,
            tooltip=tooltip,
        )
        .properties(width=breite, height=hoehe)
    )


def _feld(name: str) -> str:
    """Feldnamen für Vega-Lite schützen (Punkte und Klammern sind dort Pfade)."""
    for zeichen in ".[]:":
        name = name.replace(zeichen, "\\" + zeichen)
    return name


def kurve_ueber_runden(
    kurven: Mapping[str, Sequence[float]],
    titel: str = "",
    y_titel: str = "Wahrscheinlichkeit",
    x_titel: str = "Runde",
) -> alt.Chart:
    """Linien über Runden, z. B. "Held steht noch" und "Gegner steht noch".

    Args:
        kurven: Name → Wahrscheinlichkeiten für Runde 1, 2, 3, … (oder für 1, 2, 3, …
            einer anderen Größe, etwa Würfel im Pool – dann ``x_titel`` setzen).
        titel: Diagrammtitel.
        y_titel: Beschriftung der y-Achse.
        x_titel: Beschriftung der x-Achse (Standard „Runde“).
    """
    if not kurven:
        raise ValueError("Keine Kurven für das Diagramm.")
    namen, runden, werte = [], [], []
    for name, folge in kurven.items():
        for runde, p in enumerate(folge, start=1):
            namen.append(name)
            runden.append(runde)
            werte.append(_pruefe_wahrscheinlichkeit(f"{name}, Runde {runde}", p))
    daten = pl.DataFrame(
        {"Kurve": namen, "Runde": runden, "Wahrscheinlichkeit": werte, "Chance": [prozent(p) for p in werte]},
        schema={"Kurve": pl.Utf8, "Runde": pl.Int64, "Wahrscheinlichkeit": pl.Float64, "Chance": pl.Utf8},
    )
    return (
        alt.Chart(daten, title=titel or alt.Undefined)
        .mark_line(point=True)
        .encode(
            x=alt.X("Runde:Q", axis=alt.Axis(title=x_titel, tickMinStep=1, format="d")),
            y=alt.Y("Wahrscheinlichkeit:Q", scale=alt.Scale(domain=[0, 1]), axis=_prozent_achse(y_titel)),
            color=alt.Color("Kurve:N", sort=list(kurven), legend=alt.Legend(title=None, orient="top")),
            tooltip=[alt.Tooltip("Kurve:N"), alt.Tooltip("Runde:Q", title=x_titel), alt.Tooltip("Chance:N")],
        )
        .properties(width=BREITE, height=240)
    )


def reihen_kurve(
    punkte: Sequence[tuple[Any, float, float, float]],
    titel: str = "",
    x_titel: str = "Wert",
    ziel: float | None = 0.75,
) -> alt.LayerChart:
    """Siegchance über einem veränderten Wert (etwa der Zahl der Gegner) als Kurve mit ihrem
    95-%-Band und einer Linie beim Ziel (Standard 75 %). Ausnahme von „ein einzelnes Chart“:
    Band, Kurve und Ziellinie sind übereinandergelegt.

    Args:
        punkte: (Wert, Siegchance, untere, obere Grenze), z. B. aus
            :meth:`gm_helfer.simulation.Reihe.siegchancen`.
    """
    if not punkte:
        raise ValueError("Keine Punkte für die Kurve.")
    daten = pl.DataFrame(
        {
            "Wert": [float(w) for w, *_ in punkte],
            "Sieg": [_pruefe_wahrscheinlichkeit(f"Wert {w}", p) for w, p, _, _ in punkte],
            "unten": [u for _, _, u, _ in punkte],
            "oben": [o for _, _, _, o in punkte],
            "Chance": [f"{prozent(p)} (95 %: {prozent(u)} bis {prozent(o)})" for _, p, u, o in punkte],
        }
    )
    basis = alt.Chart(daten)
    x = alt.X("Wert:Q", axis=alt.Axis(title=x_titel, tickMinStep=1))
    band = basis.mark_area(opacity=0.25, color=FARBE_NEUTRAL).encode(x=x, y=alt.Y("unten:Q"), y2="oben:Q")
    linie = basis.mark_line(point=True, color=FARBE_NEUTRAL).encode(
        x=x,
        y=alt.Y("Sieg:Q", scale=alt.Scale(domain=[0, 1]), axis=_prozent_achse("Siegchance der Helden")),
        tooltip=[alt.Tooltip("Wert:Q", title=x_titel), alt.Tooltip("Chance:N", title="Siegchance")],
    )
    schichten = [band, linie]
    if ziel is not None:
        schichten.append(
            alt.Chart(pl.DataFrame({"Ziel": [ziel]})).mark_rule(strokeDash=[4, 4], color=FARBE_VERFEHLT).encode(y="Ziel:Q")
        )
    kurve = alt.layer(*schichten).properties(width=BREITE, height=240)
    return kurve.properties(title=titel) if titel else kurve


def zeitstrahl_diagramm(eintraege: Sequence[Mapping[str, Any]], titel: str = "") -> alt.Chart:
    """Zeitstrahl (Ticks): ein Balken je Eintrag von ``start`` bis ``ende``, eine Zeile je Name.

    Args:
        eintraege: ``{"name": str, "start": int, "ende": int, "art": str}`` je Aktion.
        titel: Diagrammtitel.
    """
    if not eintraege:
        raise ValueError("Keine Einträge für den Zeitstrahl.")
    zeilen = []
    for i, e in enumerate(eintraege, start=1):
        fehlend = [k for k in ("name", "start", "ende", "art") if k not in e]
        if fehlend:
            raise ValueError(f"Zeitstrahl-Eintrag {i}: es fehlt {', '.join(fehlend)}.")
        if e["ende"] < e["start"]:
            raise ValueError(f"Zeitstrahl-Eintrag {i} ({e['name']}): Ende {e['ende']} liegt vor Start {e['start']}.")
        zeilen.append({"Name": str(e["name"]), "Start": int(e["start"]), "Ende": int(e["ende"]), "Art": str(e["art"])})
    daten = pl.DataFrame(zeilen, schema={"Name": pl.Utf8, "Start": pl.Int64, "Ende": pl.Int64, "Art": pl.Utf8})
    namen = list(dict.fromkeys(daten["Name"].to_list()))
    return (
        alt.Chart(daten, title=titel or alt.Undefined)
        .mark_bar(cornerRadius=3)
        .encode(
            x=alt.X("Start:Q", axis=alt.Axis(title="Tick", tickMinStep=1, format="d")),
            x2="Ende:Q",
            y=alt.Y("Name:N", sort=namen, title=None),
            color=alt.Color("Art:N", legend=alt.Legend(title="Aktion", orient="top")),
            tooltip=[
                alt.Tooltip("Name:N"),
                alt.Tooltip("Art:N", title="Aktion"),
                alt.Tooltip("Start:Q", title="von Tick"),
                alt.Tooltip("Ende:Q", title="bis Tick"),
            ],
        )
        .properties(width=BREITE, height=max(80, 28 * len(namen)))
    )
