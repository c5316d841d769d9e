"""Bausteine für das Lern-Notebook: Schritt-für-Schritt-Erklärungen mit den echten Regeln.

Jede Erklärung ruft die Regelfunktionen auf (:func:`bewerte_angriff`, :func:`anwenden`, …)
und beschreibt deren Ergebnis in Worten – die Regel selbst steht nur an einer Stelle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import altair as alt
import polars as pl

from gm_helfer import diagramme
from gm_helfer.lehre import Aufgabe, Falle, Schritt, kurzreferenz_html
from gm_helfer.text import vorzeichen
from gm_helfer.w100.angriff import Abwehr, Angriffsergebnis, KritRegel, bewerte_angriff
from gm_helfer.w100.chancen import angriff_chancen
from gm_helfer.w100.daten import AUSWEICHEN, PARADE, STUFEN, STUFEN_TEXT
from gm_helfer.w100.kampf import (
    Kaempfer,
    Waffe,
    angriff_auswerten,
    angriff_ereignis,
    anwenden,
    initiative_ereignis,
    naechster,
    neuer_kampf,
    runde_vorbei,
    zug_beginn_ereignis,
    zug_ende_ereignis,
)
from gm_helfer.w100.optionen import Optionen
from gm_helfer.w100.tisch.diagramme import FARBEN


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
    mod = f" {vorzeichen(modifikator)} (Modifikatoren)" if modifikator else ""
    schritte.append(f"2. Angriffsergebnis: {e.wurfwert} + {ob} (OB) − {db} (DB){mod} = **{e.basis}**.")
    if abwehr.art == AUSWEICHEN:
        schritte.append(f"3. Das Ziel weicht mit {abwehr.punkte} Flee-Punkten aus: {e.basis} − {abwehr.punkte} "
                        f"= **{e.ergebnis}**.")
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


# --- Der Kurs: ein geführter Schlagabtausch, Übungen, Fallen, Glossar -----------------------

#: John aus dem Beispiel des Regeltexts und sein Gegner mit 20 physischem DB.
JOHN = Kaempfer(
    name="John", seite="helden", initiative_bonus=30, db_physisch=15, db_magisch=10, zaubermacht=0,
    flee_max=20, lp_max=40,
    waffen=(Waffe("Langschwert", "nahkampf", 50, "2W10+4", "schnitt", 1.5, patzerbereich=5),),
)
ORK = Kaempfer(
    name="Ork", seite="gegner", initiative_bonus=20, db_physisch=20, db_magisch=5, zaubermacht=0,
    flee_max=30, lp_max=35, panzerung=(("schnitt", 4),),
    waffen=(Waffe("Axt", "nahkampf", 40, "2W8+3", "schnitt", 1.5, patzerbereich=6),),
)
_INITIATIVE = {"John": 62, "Ork": 45}
_ANGRIFF = 89       # Johns Wurf aus dem Beispiel des Regeltexts
_SCHADEN = "9, 6"   # 2W10 des Langschwerts (+4)

ABWEHR_WAHL = {"keine Abwehr": ("keine", 0), "20 Flee-Punkte ausweichen": (AUSWEICHEN, 20),
               "mit 20 Punkten Nahkampf-OB parieren": (PARADE, 20)}


def schlagabtausch(abwehr_wahl: str) -> tuple[list[Schritt], Any]:
    """Johns Angriff aus dem Regeltext als ganzer Schlagabtausch: Initiative, Zug, Angriff,
    die Abwehr des Orks (``abwehr_wahl``, ein Schlüssel von :data:`ABWEHR_WAHL`), Schaden nach
    Panzerung, wer als Nächstes handelt. Jeder Schritt ist ein Ereignis der Bibliothek."""
    from gm_helfer import protokoll, wuerfel
    from gm_helfer.w100.wuerfe import w100

    art, punkte = ABWEHR_WAHL[abwehr_wahl]
    verlauf = protokoll.Verlauf(neuer_kampf([JOHN, ORK]), anwenden)
    schritte: list[Schritt] = []
    verlauf.ausfuehren(initiative_ereignis(verlauf.zustand, augen=_INITIATIVE))
    schritte.append(Schritt(
        "1. Initiative",
        "Dafür wird ein W100 gewürfelt und der jeweilige Initiativebonus addiert. […] Die Figur mit der höchsten "
        "verfügbaren Initiative ist zuerst am Zug.",
        verlauf.ereignisse[-1].text,
    ))
    verlauf.ausfuehren(zug_beginn_ereignis(verlauf.zustand))
    kampf = verlauf.zustand
    plan_ohne = _plan(kampf, "keine", 0)
    plan = _plan(kampf, art, punkte)
    ohne = angriff_chancen(plan_ohne.ob, plan_ohne.db, plan_ohne.waffe.patzerbereich, optionen=kampf.optionen)
    mit = {name: angriff_chancen(plan_ohne.ob, plan_ohne.db, plan_ohne.waffe.patzerbereich,
                                 abwehr=p, optionen=kampf.optionen)
           for name, (a, p) in ABWEHR_WAHL.items()}
    schritte.append(Schritt(
        "2. John ist am Zug",
        "Wenn du am Zug bist, wählst du deine Handlungen. Dazu gehören vor allem Bewegungshandlungen und "
        "Angriffshandlungen.",
        verlauf.ereignisse[-1].text,
        f"John greift mit dem Langschwert an: OB {plan.ob} gegen DB {plan.db}. Ohne Abwehr trifft er mit "
        f"{diagramme.prozent(ohne.trifft)} (Volltreffer {diagramme.prozent(ohne.volltreffer)}, Patzer "
        f"{diagramme.prozent(ohne.patzer)}).",
    ))
    wurf = w100(augen=_ANGRIFF)
    ergebnis = angriff_auswerten(plan, wurf.natuerlich, kampf.optionen)
    schaden = wuerfel.wurf(plan.waffe.schaden, augen=_SCHADEN) if ergebnis.trifft else None
    verlauf.ausfuehren(angriff_ereignis(kampf, plan, wurf, schaden))
    anders = "; ".join(f"{name}: Treffer {diagramme.prozent(c.trifft)}, Volltreffer {diagramme.prozent(c.volltreffer)}"
                       for name, c in mit.items())
    schritte.append(Schritt(
        "3. Deine Wahl: wie wehrt sich der Ork?",
        "Danach können angesagtes Ausweichen und, falls Flee den Angriff nicht abgeschwächt hat, eine angesagte "
        "Parade das Ergebnis weiter senken. Beide Abwehrarten werden nicht für denselben Angriff addiert.",
        verlauf.ereignisse[-1].text,
        f"Die Abwehr wird vor dem Wurf angesagt. Chancen je Wahl: {anders}. Flee und Parade senken das Ergebnis "
        "gleich stark – die Parade kostet den Ork aber Nahkampf-OB für den eigenen Angriff, das Ausweichen "
        "Flee-Punkte.",
    ))
    daten = verlauf.ereignisse[-1].daten
    if daten["stufe"] in ("streiftreffer", "volltreffer"):
        erklaerung = (f"Schaden {daten['schaden_roh']} ({plan.waffe.schaden}) − Panzerung {daten['panzerung']} = "
                      f"{max(0, daten['schaden_roh'] - daten['panzerung'])}"
                      + (f", beim Streiftreffer die Hälfte: {daten['schaden']}." if daten["stufe"] == "streiftreffer"
                         else f": {daten['schaden']} Schaden."))
    else:
        erklaerung = "Kein Treffer – kein Schaden."
    ork = verlauf.zustand["Ork"]
    schritte.append(Schritt(
        "4. Trefferstufe und Schaden",
        "Das Ergebnis ist ein Misserfolg, ein Streiftreffer oder ein Volltreffer. […] Anschließend wird der Schaden "
        "berechnet und durch die passende Panzerung gemindert. Ein Streiftreffer verursacht nur die Hälfte des nach "
        "Panzerung berechneten Schadens.",
        f"Ergebnis {daten['ergebnis']}: {STUFEN_TEXT[daten['stufe']]}. Der Ork hat noch {ork.lp} von {ork.lp_max} LP"
        f" und {ork.flee} Flee.",
        erklaerung,
    ))
    verlauf.ausfuehren(zug_ende_ereignis(verlauf.zustand))
    naechster_name = naechster(verlauf.zustand)
    schritte.append(Schritt(
        "5. Wer ist als Nächstes dran?",
        "Nach ihrem Zug sinkt ihre Initiative um 100 Punkte. Solange noch kampffähige Beteiligte Initiative übrig "
        "haben, setzt sich die Reihenfolge nach den verbleibenden Werten fort.",
        verlauf.ereignisse[-1].text,
        f"Als Nächstes ist {naechster_name} am Zug." if naechster_name else "Niemand hat mehr Initiative: neue Runde.",
    ))
    return schritte, verlauf


def _plan(kampf: Any, art: str, punkte: int) -> Any:
    from gm_helfer.w100.kampf import angriff_planen

    return angriff_planen(kampf, "John", "Ork", "Langschwert",
                          flee=punkte if art == AUSWEICHEN else 0, parade=punkte if art == PARADE else 0)


def aufgaben() -> list[Any]:
    """Übungen, deren Antworten die Bibliothek ausrechnet."""
    from gm_helfer.w100.angriff import schaden_nach_treffer

    john = bewerte_angriff(89, ob=50, db=20, patzerbereich=5)
    ausgewichen = bewerte_angriff(89, ob=50, db=20, patzerbereich=5, abwehr=Abwehr(AUSWEICHEN, 20))
    treffer = angriff_chancen(50, 20, 5)
    patzer = angriff_chancen(120, 10, 8)
    zuege = zugfolge({"A": (100, 130)})
    return [
        Aufgabe("john_ergebnis", "John würfelt **89**, sein OB ist **50**, das Ziel hat **20** DB. Wie hoch ist das Ergebnis?",
                john.ergebnis, "zahl", "Wurf + OB − DB: 89 + 50 − 20 = 119.", toleranz=0),
        Aufgabe("john_ausweichen", "Das Ziel weicht mit **20 Flee** aus. Welche Trefferstufe erzielt John jetzt?",
                STUFEN_TEXT[ausgewichen.stufe], "wahl", "119 − 20 = 99: von 75 bis 99 ist es ein Streiftreffer.",
                wahl=tuple(STUFEN_TEXT[s] for s in ("misserfolg", "streiftreffer", "volltreffer"))),
        Aufgabe("treffer_50_20", "OB **50** gegen DB **20**, Patzerbereich 1–5: wie hoch ist die Chance auf mindestens einen "
                "**Streiftreffer**? (in Prozent)", treffer.trifft, "prozent",
                "Ein Treffer braucht Wurf + 30 ≥ 75, also einen Wurf ab 45: 56 der 100 Zahlen (keine davon im Patzerbereich)."),
        Aufgabe("patzer_8",
                "OB **120** gegen DB **10**, Patzerbereich **1–8**: wie oft **scheitert** der Angriff trotzdem? (in Prozent)",
                patzer.patzer + patzer.misserfolg, "prozent",
                "Ein Wurf im Patzerbereich scheitert „unabhängig von seinem Angriffsbonus“: 8 von 100. Sonst reicht "
                "schon eine 9: 9 + 110 ≥ 75."),
        Aufgabe("streif_schaden", "Ein **Streiftreffer** mit **17** Schaden trifft **5** Panzerung. Wie viel Schaden kommt an?",
                schaden_nach_treffer(17, panzerung=5, stufe="streiftreffer"), "zahl",
                "Erst die Panzerung, dann halbieren: (17 − 5) / 2 = 6.", toleranz=0),
        Aufgabe("zuege_230",
                "Eine Figur würfelt bei der Initiative **100** und hat **+130** Initiativebonus. "
                "Wie viele **Züge** hat sie in dieser Runde?",
                zuege.height, "zahl", "Jeder Zug kostet 100: 230 → 130 → 30 → −70. Drei Züge.", toleranz=0),
    ]


GLOSSAR: tuple[tuple[str, str], ...] = (
    ("OB (Offensivbonus)", "Wird zum Angriffswurf addiert; je Waffe verschieden."),
    ("DB (Defensivbonus)", "Wird vom Angriffsergebnis abgezogen; physisch gegen Waffen, magisch gegen Zauber."),
    ("Zaubermacht", "Übernimmt bei Kampfzaubern die Rolle des OB."),
    ("Patzerbereich", "Niedrige Würfe (z. B. 1–5), bei denen der Angriff immer scheitert – der Fehlschlag."),
    ("Misserfolg", "Ergebnis unter 75: kein Treffer, aber kein Patzer."),
    ("Streiftreffer", "Ergebnis 75–99: die Hälfte des Schadens nach Panzerung."),
    ("Volltreffer", "Ergebnis ab 100: voller Schaden nach Panzerung; nur er kann kritisch sein."),
    ("Flee", "Punkte zum Ausweichen; jeder Punkt senkt das Angriffsergebnis um 1; regeneriert jede Runde."),
    ("Parade", "Nahkampf-OB, der beiseitegelegt das Angriffsergebnis senkt und beim eigenen Angriff fehlt."),
    ("Initiative", "W100 + Initiativebonus; die höchste handelt, jeder Zug kostet 100 Punkte."),
    ("Kampfrunde", "3 Sekunden; beginnt neu, wenn niemand mehr Initiative hat."),
    ("Lucky Seven", "Optionale Regel: eine gewürfelte 77 zählt doppelt, vor dem Bonus."),
)

KURZREFERENZ: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Initiative", (
        "W100 + Initiativebonus; die höchste verfügbare Initiative handelt.",
        "Nach jedem Zug −100; wer noch Punkte hat, kommt wieder an die Reihe.",
        "Niemand hat mehr Initiative: neue Runde (3 s), Effekte ticken, Flee regeneriert.",
    )),
    ("Angriff in fünf Schritten", (
        "1. W100 würfeln: im Patzerbereich scheitert der Angriff, egal wie hoch der OB ist.",
        "2. Ergebnis = Wurf + OB (oder Zaubermacht) − DB + Modifikatoren.",
        "3. Angesagtes Ausweichen (Flee) oder Parade (Nahkampf-OB) senkt das Ergebnis – nie beides.",
        "4. Unter 75 Misserfolg, 75–99 Streiftreffer, ab 100 Volltreffer.",
        "5. Nur ein Volltreffer kann kritisch sein – entschieden nach der Abwehr.",
    )),
    ("Schaden", (
        "Schadenswurf minus passende Panzerung (nie unter 0).",
        "Streiftreffer: die Hälfte davon.",
    )),
)


def kurzreferenz() -> str:
    """Die W100-Kampfregeln auf einer Seite zum Ausdrucken (HTML)."""
    return kurzreferenz_html("W100 – Kampf auf einer Seite", KURZREFERENZ, GLOSSAR)


def fallen() -> list[Falle]:
    """Die typischen Fallen, jede mit Zahlen der Bibliothek."""
    from gm_helfer.w100.angriff import schaden_nach_treffer

    stark = angriff_chancen(150, 0, 8)
    doppelt = bewerte_angriff(89, ob=50, db=20, patzerbereich=5, abwehr=Abwehr(AUSWEICHEN, 20))
    richtig = schaden_nach_treffer(15, panzerung=4, stufe="streiftreffer")
    falsch = max(0, 15 // 2 - 4)
    krit = angriff_chancen(50, 20, 5, krit=KritRegel("ergebnis", 110, 2))
    krit_abwehr = angriff_chancen(50, 20, 5, abwehr=20, krit=KritRegel("ergebnis", 110, 2))
    return [
        Falle("Der Patzerbereich schlägt jeden OB",
              "Ein W100-Wurf im Patzerbereich lässt den Angriff unabhängig von seinem Angriffsbonus scheitern.",
              f"OB 150 gegen DB 0 mit Patzerbereich 1–8: trotzdem {diagramme.prozent(stark.patzer)} Fehlschlag."),
        Falle("Ausweichen und Parade addieren sich nicht",
              "Beide Abwehrarten werden nicht für denselben Angriff addiert.",
              f"John mit 119 gegen 20 Flee: {doppelt.ergebnis} – ein Streiftreffer. 20 Parade dazu senken nicht weiter."),
        Falle("Erst Panzerung, dann halbieren",
              "Ein Streiftreffer verursacht nur die Hälfte des nach Panzerung berechneten Schadens.",
              f"15 Schaden gegen 4 Panzerung als Streiftreffer: {richtig}, nicht {falsch} (erst halbiert, dann Panzerung)."),
        Falle("Kritisch wird nach der Abwehr entschieden",
              "Ob der Angriff kritisch sein könnte, wird erst nach dieser Abwehr entschieden.",
              f"OB 50 gegen DB 20, kritisch ab Ergebnis 110: ohne Abwehr {diagramme.prozent(krit.kritisch)} kritisch, "
              f"mit 20 Flee nur {diagramme.prozent(krit_abwehr.kritisch)}."),
    ]
