import marimo

__generated_with = "0.25.2"
app = marimo.App(
    width="medium",
    app_title="W100 – die Kampfregeln zum Ausprobieren",
)

with app.setup:
    import marimo as mo

    from gm_helfer import diagramme, w100
    from gm_helfer import lehre as kurs
    from gm_helfer.w100 import diagramme as w100_diagramme
    from gm_helfer.w100 import lehre


@app.cell
def _():
    aufgaben, antworten = kurs.kurs_uebungen(lehre)  # die Antwortfelder für Teil C
    kurs.kurs_kopf("W100 – die Kampfregeln zum Ausprobieren", """
    W100 würfelt mit einem einzigen W100 (1–100, `00` ist 100). Zum Wurf kommt der
    **Offensivbonus (OB)** des Angreifers, abgezogen wird der **Defensivbonus (DB)** des
    Ziels. Ab 75 streift der Angriff, ab 100 trifft er voll. Wer sich wehren will, sagt
    vorher an: **Ausweichen** mit Flee-Punkten *oder* **Parade** mit Punkten seines
    Nahkampf-OB – nie beides gegen denselben Angriff.

    Alle Zahlen unten sind exakt gerechnet, mit denselben Regelfunktionen wie im
    Kampf-Notebook.
    """, "von der Initiative bis zum Schaden, du entscheidest die Abwehr.", teil_b=" (1–6)")
    return antworten, aufgaben


@app.cell
def _():
    wahl_abwehr = mo.ui.radio(options=list(lehre.ABWEHR_WAHL), value="20 Flee-Punkte ausweichen", label="Abwehr des Orks")
    kurs.schlagabtausch_teil("""
    John (OB 50 mit dem Langschwert) greift einen Ork an (DB 20, Panzerung 4, 30 Flee,
    Nahkampf-OB 40). Die Würfel sind eingetippt – Johns 89 aus dem Beispiel des
    Regeltexts –, was sie bewirken, rechnet die Bibliothek aus. Du sagst für den Ork an:
    """, wahl_abwehr)
    return (wahl_abwehr,)


@app.cell
def _(wahl_abwehr):
    kurs.schritte_ansicht(lehre.schlagabtausch(wahl_abwehr.value)[0], "w100-kurs-schlagabtausch")
    return


@app.cell
def _():
    mo.md("""
    ## Teil B – die Regeln im Einzelnen

    ## 1. Das Beispiel aus dem Regeltext: John

    > John würfelt mit seiner Waffe 89. Sein OB beträgt 50, das Ziel besitzt 20 physischen DB.
    > Das Ergebnis ist 89 + 50 − 20 = 119: zunächst ein Volltreffer. Weicht das Ziel mit
    > 20 Flee-Punkten aus oder pariert es mit 20 Punkten Nahkampf-OB, sinkt das Ergebnis
    > auf 99. John erzielt dann noch einen Streiftreffer.

    Verändere die Werte und sieh, wie sich jeder Schritt ändert.
    """)
    return


@app.cell
def _():
    wurf = mo.ui.slider(1, 100, value=89, label="W100-Wurf", show_value=True)
    ob = mo.ui.slider(0, 150, value=50, label="OB des Angreifers", show_value=True)
    db = mo.ui.slider(0, 100, value=20, label="DB des Ziels", show_value=True)
    patzer = mo.ui.slider(0, 20, value=5, label="Patzerbereich der Waffe", show_value=True)
    abwehr = mo.ui.radio(
        options={"keine Abwehr": "keine", "Ausweichen (Flee)": "ausweichen", "Parade (Nahkampf-OB)": "parade"},
        value="Ausweichen (Flee)",
        label="Angesagte Abwehr",
        inline=True,
    )
    punkte = mo.ui.slider(0, 60, value=20, label="Abwehrpunkte", show_value=True)
    lucky = mo.ui.checkbox(label="Lucky Seven (eine 77 zählt 154)")
    mo.vstack([mo.hstack([wurf, ob, db], wrap=True), mo.hstack([patzer, abwehr, punkte, lucky], wrap=True)])
    return abwehr, db, lucky, ob, patzer, punkte, wurf


@app.cell
def _(lucky):
    optionen = w100.Optionen(lucky_seven=lucky.value)
    return (optionen,)


@app.cell
def _(abwehr, punkte):
    angesagt = lehre.abwehr(abwehr.value, punkte.value)
    return (angesagt,)


@app.cell
def _(angesagt, db, ob, optionen, patzer, wurf):
    john, schritte = lehre.angriff_schritte(
        wurf.value, ob=ob.value, db=db.value, patzerbereich=patzer.value, abwehr=angesagt, optionen=optionen
    )
    mo.md("\n".join(schritte) + f"\n\n<span id='lernen-john'>Ergebnis {john.ergebnis}: {w100.STUFEN_TEXT[john.stufe]}</span>")
    return


@app.cell
def _():
    mo.md("""
    ## 2. Wie groß sind die Chancen – und was kauft ein Punkt Flee?

    Links die Trefferstufen mit der angesagten Abwehr, rechts für jede Menge Abwehrpunkte.
    Jeder Punkt senkt das Ergebnis um 1 und schiebt damit genau eine Augenzahl des W100
    eine Stufe tiefer – solange der Angriff nicht schon sicher trifft oder sicher verfehlt.
    """)
    return


@app.cell
def _(angesagt, db, ob, optionen, patzer):
    chancen = w100.angriff_chancen(ob.value, db.value, patzer.value, abwehr=angesagt, optionen=optionen)
    tabelle = w100.abwehr_tabelle(ob.value, db.value, patzer.value, bis=60, optionen=optionen)
    return chancen, tabelle


@app.cell
def _(chancen, tabelle):
    mo.vstack(
        [
            mo.md(
                f"Treffer: <span id='lernen-treffer'>{diagramme.prozent(chancen.trifft)}</span> · "
                f"Volltreffer {diagramme.prozent(chancen.volltreffer)} · Patzer {diagramme.prozent(chancen.patzer)}"
            ),
            mo.hstack(
                [
                    w100_diagramme.trefferstufen_balken(chancen, titel="Mit der angesagten Abwehr"),
                    w100_diagramme.abwehr_diagramm(tabelle, art="Flee/Parade", titel="Was jeder Abwehrpunkt kauft"),
                ],
                wrap=True,
            ),
        ]
    )
    return


@app.cell
def _():
    mo.md("""
    ## 3. Auf die Differenz kommt es an

    Für die Trefferstufe zählt nur OB − DB + Modifikatoren − Abwehr. Bei einer Differenz von
    +25 trifft jeder Wurf ab 50 zumindest streifend; ab +100 trifft alles außer dem Patzer voll.
    Die schwarze Linie ist Johns Angriff von oben.
    """)
    return


@app.cell
def _(optionen, patzer):
    differenzen = lehre.chancen_ueber_differenz(patzer.value, optionen=optionen)
    return (differenzen,)


@app.cell
def _(angesagt, db, differenzen, ob):
    lehre.differenz_diagramm(differenzen, markierung=lehre.differenz(ob.value, db.value, angesagt))
    return


@app.cell
def _():
    mo.md("""
    ## 4. Schaden: Panzerung zuerst, dann halbiert der Streiftreffer

    Johns Langschwert macht 2W10+4 Schaden. Die Panzerung des Ziels gegen die Schadensart
    wird abgezogen; ein Streiftreffer verursacht die Hälfte dessen, was übrig bleibt
    (abgerundet), ein kritischer Volltreffer verdoppelt den gewürfelten Schaden.
    """)
    return


@app.cell
def _():
    schaden = mo.ui.text(value="2W10+4", label="Schadenswurf")
    panzerung = mo.ui.slider(0, 20, value=5, label="Panzerung", show_value=True)
    mo.hstack([schaden, panzerung], justify="start")
    return panzerung, schaden


@app.cell
def _(optionen, panzerung, schaden):
    schaden_vert = lehre.schaden_vergleich(schaden.value, panzerung.value, optionen)
    return (schaden_vert,)


@app.cell
def _(schaden_vert):
    mo.stop(isinstance(schaden_vert, str), mo.md(str(schaden_vert)))
    mo.hstack(
        [
            diagramme.verteilung_diagramm(schaden_vert[0], titel="Volltreffer", x_titel="Schaden"),
            diagramme.verteilung_diagramm(schaden_vert[1], titel="Streiftreffer", x_titel="Schaden"),
        ],
        wrap=True,
    )
    return


@app.cell
def _():
    mo.md("""
    ## 5. Patzer und kritische Treffer

    Ein Wurf im **Patzerbereich** der Waffe scheitert immer – egal wie hoch der OB ist
    (stell oben einen OB von 150 und einen Wurf von 3 ein). **Kritisch** kann nur ein
    Volltreffer sein, und das wird erst *nach* der Abwehr entschieden. Wie ein Volltreffer
    kritisch wird, legt der Regeltext nicht fest; hier trägt jede Waffe ihre Regel
    (natürlicher Wurf ab …, Ergebnis ab … oder nie), ein kritischer Treffer verdoppelt den
    gewürfelten Schaden. Die Tabelle nutzt OB, DB, Patzerbereich und Abwehr von oben.
    """)
    return


@app.cell
def _(angesagt, db, ob, optionen, patzer):
    mo.ui.table(
        lehre.krit_vergleich(ob.value, db.value, patzer.value, angesagt, optionen),
        selection=None,
        show_download=False,
        label="Wie oft trifft der Angriff kritisch?",
    )
    return


@app.cell
def _():
    mo.md("""
    ## 6. Initiativepunkte: wer handelt wann – und wer zweimal?

    Jeder würfelt W100 und addiert seinen Initiativebonus. Die höchste verbleibende
    Initiative handelt und verliert danach 100 Punkte. Wer dann noch mindestens 1 Punkt hat,
    kommt in derselben Runde wieder dran. Haben alle weniger als 1 Punkt, beginnt die
    nächste Runde (3 Sekunden): Flee regeneriert, zeitabhängige Effekte ticken.

    Ein Schattenwolf mit Bonus 130 handelt so oft zwei- oder dreimal, während der Ork mit
    Bonus 25 meist nur einmal dran ist.
    """)
    return


@app.cell
def _():
    ini = mo.ui.dictionary(
        {
            "Schattenwolf": mo.ui.array([mo.ui.number(1, 100, value=90, label="Wurf"), mo.ui.number(0, 300, value=130, label="Bonus")]),
            "John": mo.ui.array([mo.ui.number(1, 100, value=80, label="Wurf"), mo.ui.number(0, 300, value=45, label="Bonus")]),
            "Ork-Krieger": mo.ui.array([mo.ui.number(1, 100, value=50, label="Wurf"), mo.ui.number(0, 300, value=25, label="Bonus")]),
        }
    )
    mo.vstack(
        [mo.hstack([mo.md(f"**{_name}**"), *_paar.elements], justify="start") for _name, _paar in ini.elements.items()]
    )
    return (ini,)


@app.cell
def _(ini, optionen):
    folge = lehre.zugfolge(ini.value, runden=1, optionen=optionen)
    mo.ui.table(folge, selection=None, label="Zugfolge der ersten Runde")
    return


@app.cell
def _(antworten, aufgaben):
    kurs.uebungen_ansicht(aufgaben, antworten, "w100-kurs")
    return


@app.cell
def _():
    kurs.kurs_anhang(lehre, "w100_kurzreferenz.html")
    return


if __name__ == "__main__":
    app.run()
