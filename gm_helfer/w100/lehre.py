"""Bausteine für das Lern-Notebook: Schritt-für-Schritt-Erklärungen mit den echten Regeln.

Jede Erklärung ruft die Regelfunktionen auf (:func:`bewerte_angriff`, :func:`anwenden`, …)
und beschreibt deren Ergebnis in Worten – die Regel selbst steht nur an einer Stelle.
"""

from __future__ import annotations

from typing import Any, Mapping

import altair as alt
import polars as pl

from gm_helfer import diagramme
from gm_helfer.w100.angriff import Abwehr, Angriffsergebnis, KritRegel, bewerte_angriff
from gm_helfer.w100.chancen import angriff_chancen
from gm_helfer.w100.daten import AUSWEICHEN, PARADE, STUFEN, STUFEN_TEXT
from gm_helfer.w100.diagramme import FARBEN
from gm_helfer.w100.kampf import (
    Kaempfer,
    anwenden,
    initiative_ereignis,
    neuer_kampf,
    runde_vorbei,
    zug_beginn_ereignis,
    zug_ende_ereignis,
)
from gm_helfer.w100.optionen import Optionen


def angriff_schritte(
    natuerlich: int, *, ob: int, db: int, patzerbereich: int, modifikator: int = 0,
    abwehr: Abwehr = Abwehr(), krit: KritRegel = KritRegel(), optionen: Optionen = Optionen(),
) -> tuple[Angriffsergebnis, list[str]]:
    """Wertet den Angriff aus und erklärt die fünf Schritte aus regeln/w100.txt › Angriff und Verteidigung."""
    e = bewerte_angriff(natuerlich, ob=ob, db=db, patzerbereich=patzerbereich, modifikator=modifikator,
                        abwehr=abwehr, krit=krit, optionen=optionen)
    schritte = []
    lucky = " (Lucky Seven: die 77 zählt doppelt)" if e.wurfwert != natuerlich else ""
    if e.stufe == "patzer":
        schritte.append(f"1. Gewürfelt: **{natuerlich}** – im Patzerbereich 1–{patzerbereich}: "
                        "**Fehlschlag**, egal wie hoch der Angriffsbonus ist. Hier endet die Prüfung.")
        return e, schritte
    schritte.append(f"1. Gewürfelt: **{natuerlich}**{lucky} – nicht im Patzerbereich "
                    f"(1–{patzerbereich})." if patzerbereich else f"1. Gewürfelt: **{natuerlich}**{lucky} – kein Patzerbereich.")
    mod = f" {modifikator:+d} (Modifikatoren)" if modifikator else ""
    schritte.append(f"2. Angriffsergebnis: {e.wurfwert} + {ob} (OB) − {db} (DB){mod} = **{e.basis}**.")
    if abwehr.art == AUSWEICHEN:
        schritte.append(f"3. Das Ziel weicht mit {abwehr.punkte} Flee-Punkten aus: {e.basis} − {abwehr.punkte} = **{e.ergebnis}**.")
    elif abwehr.art == PARADE:
        schritte.append(f"3. Das Ziel pariert mit {abwehr.punkte} Punkten Nahkampf-OB: "
                        f"{e.basis} − {abwehr.punkte} = **{e.ergebnis}** (diese OB-Punkte fehlen ihm beim eigenen Angriff).")
    else:
        schritte.append("3. Keine angesagte Abwehr – das Ergebnis bleibt.")
    schritte.append(f"4. Trefferstufe: unter {optionen.grenze_streiftreffer} Misserfolg, "
                    f"{optionen.grenze_streiftreffer}–{optionen.grenze_volltreffer - 1} Streiftreffer, "
                    f"ab {optionen.grenze_volltreffer} Volltreffer → **{STUFEN_TEXT[e.stufe]}**.")
    if e.stufe == "volltreffer":
        krit_text = "**kritisch**" if e.kritisch else "nicht kritisch"
        schritte.append(f"5. Nur ein Volltreffer kann kritisch sein – entschieden nach der Abwehr: {krit_text}.")
    elif e.stufe == "streiftreffer":
        schritte.append("5. Ein Streiftreffer ist nie kritisch und macht nur die Hälfte des Schadens nach Panzerung.")
    else:
        schritte.append("5. Kein Treffer, kein Schaden.")
    return e, schritte


def abwehr(art: str, punkte: int) -> Abwehr:
    """Auswahl „keine“/„ausweichen“/„parade“ plus Punkte → :class:`Abwehr` (0 Punkte: keine)."""
    from gm_helfer.w100.angriff import abwehr_aus

    punkte = int(punkte or 0)
    return abwehr_aus(flee=punkte if art == AUSWEICHEN else 0, parade=punkte if art == PARADE else 0)


def differenz(ob: int, db: int, abwehr_: Abwehr = Abwehr(), modifikator: int = 0) -> int:
    """OB − DB + Modifikatoren − Abwehrpunkte: die Zahl, die zum Wurf kommt."""
    return int(ob) - int(db) + int(modifikator) - abwehr_.punkte


def schaden_vergleich(
    ausdruck: str, panzerung: int, optionen: Optionen = Optionen()
) -> tuple[dict[int, float], dict[int, float]] | str:
    """(Volltreffer, Streiftreffer)-Verteilungen des Schadens nach Panzerung – oder eine
    deutsche Meldung, wenn der Schadenswurf keine gültige Würfelangabe ist."""
    from gm_helfer import wuerfel
    from gm_helfer.w100.chancen import schaden_verteilung

    try:
        return tuple(schaden_verteilung(ausdruck, panzerung=int(panzerung), stufe=s, optionen=optionen)
                     for s in ("volltreffer", "streiftreffer"))  # type: ignore[return-value]
    except (wuerfel.WuerfelFehler, ValueError) as fehler:
        return f"⚠ {fehler}"


def chancen_ueber_differenz(
    patzerbereich: int = 5, von: int = -60, bis: int = 120, optionen: Optionen = Optionen()
) -> pl.DataFrame:
    """Trefferstufen-Chancen für jede Differenz OB − DB + Modifikatoren (exakt)."""
    zeilen = []
    for d in range(von, bis + 1):
        c = angriff_chancen(d, 0, patzerbereich, optionen=optionen)
        for s in STUFEN:
            zeilen.append({"Differenz": d, "Stufe": STUFEN_TEXT[s], "Reihenfolge": STUFEN.index(s),
                           "Wahrscheinlichkeit": getattr(c, s), "Chance": diagramme.prozent(getattr(c, s))})
    return pl.DataFrame(zeilen)


def differenz_diagramm(tabelle: pl.DataFrame, markierung: int | None = None) -> alt.Chart:
    """Gestapelte Flächen: wie die Trefferstufen von OB − DB abhängen."""
    domain = [STUFEN_TEXT[s] for s in STUFEN]
    flaeche = (
        alt.Chart(tabelle)
        .mark_area()
        .encode(
            x=alt.X("Differenz:Q", title="OB − DB + Modifikatoren − Abwehr"),
            y=alt.Y("Wahrscheinlichkeit:Q", stack="zero",
                    axis=alt.Axis(title="Chance", labelExpr=diagramme._PROZENT_ACHSE)),
            color=alt.Color("Stufe:N", scale=alt.Scale(domain=domain, range=[FARBEN[s] for s in STUFEN]),
                            legend=alt.Legend(orient="top", title=None)),
            order=alt.Order("Reihenfolge:Q"),
            tooltip=["Differenz:Q", "Stufe:N", "Chance:N"],
        )
    )
    if markierung is None:
        return flaeche.properties(width=diagramme.BREITE, height=240)
    linie = alt.Chart(pl.DataFrame({"Differenz": [markierung]})).mark_rule(color="black", strokeWidth=2).encode(x="Differenz:Q")
    return (flaeche + linie).properties(width=diagramme.BREITE, height=240)


def zugfolge(werte: Mapping[str, tuple[int, int]], runden: int = 1,
             optionen: Optionen = Optionen()) -> pl.DataFrame:
    """Die Zugfolge für eingetippte Initiative: Name → (W100-Wurf, Initiativebonus).

    Läuft mit den echten Ereignissen (:func:`anwenden`) durch ``runden`` Runden mit der
    gespeicherten Reihenfolge.
    """
    werte = {n: (int(w), int(b)) for n, (w, b) in werte.items()}
    kampf = neuer_kampf(
        [Kaempfer(name=n, seite="helden", initiative_bonus=b, db_physisch=0, db_magisch=0,
                  zaubermacht=0, flee_max=0, lp_max=1) for n, (_, b) in werte.items()],
        optionen,
    )
    kampf = anwenden(kampf, initiative_ereignis(kampf, augen={n: w for n, (w, _) in werte.items()}))
    zeilen: list[dict[str, Any]] = []
    from gm_helfer.w100.kampf import neue_runde_ereignis
    for runde in range(1, runden + 1):
        nr = 0
        while not runde_vorbei(kampf):
            kampf = anwenden(kampf, zug_beginn_ereignis(kampf))
            name = kampf.am_zug
            vorher = kampf[name].initiative
            kampf = anwenden(kampf, zug_ende_ereignis(kampf))
            nr += 1
            zeilen.append({"Runde": runde, "Zug": nr, "Name": name, "Initiative vorher": vorher,
                           "danach": kampf[name].initiative,
                           "noch einmal dran?": "ja" if kampf[name].initiative >= 1 else "nein"})
        if runde < runden:
            kampf = anwenden(kampf, neue_runde_ereignis(kampf))
    return pl.DataFrame(zeilen)


#: Kritisch-Regeln zum Vergleichen im Lern-Notebook (die Beispielbögen nutzen diese Werte).
KRIT_BEISPIELE = (
    ("natürlicher Wurf ab 96", KritRegel("wurf", 96, 2)),
    ("natürlicher Wurf ab 91", KritRegel("wurf", 91, 2)),
    ("Ergebnis ab 120", KritRegel("ergebnis", 120, 2)),
    ("Ergebnis ab 140", KritRegel("ergebnis", 140, 2)),
    ("nie kritisch", KritRegel("keine", 100, 1)),
)


def krit_vergleich(
    ob: int, db: int, patzerbereich: int, abwehr_: Abwehr = Abwehr(), optionen: Optionen = Optionen()
) -> pl.DataFrame:
    """Wie oft ein Angriff kritisch trifft – je Kritisch-Regel, ohne und mit der angesagten Abwehr.

    „Nur ein Volltreffer kann kritisch sein.“ / „Ob der Angriff kritisch sein könnte, wird erst
    nach dieser Abwehr entschieden.“ (regeln/w100.txt › Angriff und Verteidigung). Die Regel je
    Waffe ist eine Annahme (docs/w100.md); die Zahlen kommen exakt aus :func:`angriff_chancen`.
    """
    zeilen = []
    for name, krit in KRIT_BEISPIELE:
        ohne = angriff_chancen(ob, db, patzerbereich, krit=krit, optionen=optionen)
        mit = angriff_chancen(ob, db, patzerbereich, abwehr=abwehr_, krit=krit, optionen=optionen)
        zeilen.append({
            "Kritisch bei": name,
            "Patzer": diagramme.prozent(ohne.patzer),
            "Volltreffer": diagramme.prozent(ohne.volltreffer),
            "kritisch ohne Abwehr": diagramme.prozent(ohne.kritisch),
            f"kritisch mit {abwehr_.punkte} Abwehr": diagramme.prozent(mit.kritisch),
        })
    return pl.DataFrame(zeilen)
