import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Zeitstrahl – Regeln lernen")

with app.setup:
    import marimo as mo
    import polars as pl

    from gm_helfer import chancen, diagramme, zeitstrahl
    from gm_helfer import lehre as kurs
    from gm_helfer.zeitstrahl import beispiele, lehre
    from gm_helfer.zeitstrahl import diagramme as zs_diagramme


@app.cell
def _():
    aufgaben, antworten = kurs.kurs_uebungen(lehre)  # die Antwortfelder für Teil C
    kurs.kurs_kopf("Zeitstrahl – die Kampfregeln zum Ausprobieren", """
    Zeitstrahl kennt keine Kampfrunden. Jeder Kämpfer steht auf einem **Zeitstrahl**
    (ein Feld ≈ eine halbe Sekunde); wer die niedrigste Position hat, ist dran, und jede
    Aktion schiebt ihn um so viele Felder weiter, wie sie dauert. Schnelle Waffen
    bedeuten also: öfter zuschlagen.
    """, "von den Startpositionen bis zum Schaden, du entscheidest die Verteidigung.",
                   umfang=", mit exakt gerechneten Chancen", teil_b=" (1–6)")
    return antworten, aufgaben


@app.cell
def _():
    wahl_verteidigung = mo.ui.radio(options=list(lehre.VERTEIDIGUNG_WAHL), value="mit der Keule parieren",
                                    label="Verteidigung von Herkulos")
    kurs.schlagabtausch_teil("""
    Herkulos (Nahkampf 12, Stachelkeule 3W4) gegen einen Söldner im Kettenhemd (Nahkampf 11,
    Langschwert 2W6). Die Würfel sind eingetippt; was sie bewirken, rechnet die Bibliothek
    aus. Der Söldner schlägt bei Tick 0 zu – du entscheidest, wie Herkulos sich wehrt:
    """, wahl_verteidigung)
    return (wahl_verteidigung,)


@app.cell
def _(wahl_verteidigung):
    kurs.schritte_ansicht(lehre.schlagabtausch(wahl_verteidigung.value)[0], "zs-kurs-schlagabtausch")
    return


@app.cell
def _():
    mo.md("""
    ## Teil B – die Regeln im Einzelnen

    ## 1. Die Probe: Wert + W20

    Eine Probe ist der Probenwert plus ein W20. Eine natürliche **20** ist ein
    kritischer Erfolg (er trifft immer, wenn sich das Ziel nicht aktiv wehrt), eine
    natürliche **1** ein Patzer (verfehlt immer). Der Angriff trifft, wenn er die
    Verteidigung **erreicht** – Gleichstand reicht.
    """)
    return


@app.cell
def _():
    lern_angriff = mo.ui.slider(0, 25, value=12, label="Angriffswert", show_value=True)
    lern_verteidigung = mo.ui.slider(0, 45, value=15, label="Verteidigung des Ziels", show_value=True)
    mo.hstack([lern_angriff, lern_verteidigung], justify="start")
    return lern_angriff, lern_verteidigung


@app.cell
def _(lern_angriff, lern_verteidigung):
    _c = zeitstrahl.angriff_chancen(lern_angriff.value, lern_verteidigung.value)
    mo.vstack([
        mo.md(f"<span id='lern-treffer'>Trefferchance: **{diagramme.prozent(_c.treffer)}**</span>"),
        diagramme.ergebnis_balken(_c.als_ausgaenge(), titel=f"Angriff {lern_angriff.value} gegen Verteidigung {lern_verteidigung.value}",
                                  farben={"Patzer": "#b23a48", "verfehlt": "#b0b0b0", "Treffer": "#2f7d32", "kritischer Treffer": "#c77c02"}),
    ])
    return


@app.cell
def _():
    mo.md("""
    ## 2. Verteidigen: passiv, ausweichen, parieren, blocken

    - **Passives Ausweichen** kostet keine Zeit: Kampferfahrung + Größenmodifikation.
    - **Aktives Ausweichen** kostet 2 Ticks: derselbe Wert + 1W10.
    - **Parade** kostet Waffengeschwindigkeit − 1 Ticks: eine Waffenprobe (hier mit dem
      Verteidigungsbonus der Waffe).
    - **Blocken** kostet ebenso viel, verdoppelt den Verteidigungsbonus – aber ein harter
      Schlag kann die Waffe aus der Hand prellen oder brechen.

    Gegen aktive Verteidigung trifft auch ein kritischer Angriff nicht von selbst. Die
    Chancen rechnen die kritischen Effekte mit ein: würfelt der kritische W6 eine 1, kommt
    ein W6 auf den Angriff; eine kritische Parade kann ebenso einen W6 auf die Verteidigung
    bekommen.
    """)
    return


@app.cell
def _():
    lern_ke = mo.ui.slider(0, 20, value=10, label="Kampferfahrung + Größe", show_value=True)
    lern_waffe = mo.ui.slider(0, 20, value=11, label="Waffenwert des Verteidigers", show_value=True)
    lern_bonus = mo.ui.slider(0, 6, value=2, label="Verteidigungsbonus", show_value=True)
    lern_angreifer = mo.ui.slider(0, 25, value=12, label="Angriffswert", show_value=True)
    mo.hstack([lern_angreifer, lern_ke, lern_waffe, lern_bonus], justify="start", wrap=True)
    return lern_angreifer, lern_bonus, lern_ke, lern_waffe


@app.cell
def _(lern_angreifer, lern_bonus, lern_ke, lern_waffe):
    _verteidigungen = {
        "passiv (0 Ticks)": lern_ke.value,
        "ausweichen (2 Ticks)": zeitstrahl.verteidigungs_verteilung("ausweichen", lern_ke.value),
        "Parade": zeitstrahl.verteidigungs_verteilung("parade", lern_waffe.value, verteidigungsbonus=lern_bonus.value),
        "Blocken": zeitstrahl.verteidigungs_verteilung("blocken", lern_waffe.value, verteidigungsbonus=lern_bonus.value),
    }
    _chancen = {_name: zeitstrahl.angriff_chancen(lern_angreifer.value, _v).treffer for _name, _v in _verteidigungen.items()}
    diagramme.ergebnis_balken(_chancen, titel=f"Trefferchance des Angreifers ({lern_angreifer.value}) je Verteidigung")
    return


@app.cell
def _():
    mo.md("""
    ## 3. Rüstung zählt bei **jedem** Würfel

    Trefferpunkte sind der Schaden vor der Rüstung, Schadenspunkte danach. Der
    Rüstungsschutz wird von *jedem* Trefferpunktewürfel abgezogen, kein Würfel fällt
    unter 0. Viele kleine Würfel prallen an guter Rüstung ab – ein großer Würfel nicht.
    Beispiel aus dem Regeltext, Rüstungsschutz 3: 1W12 zeigt 12 → 9; 2W6 zeigen 6 und 6
    → nur 6; 1 und 6 → 3.
    """)
    return


@app.cell
def _():
    lern_wuerfel = mo.ui.dropdown(options=["W12", "2W6", "3W4", "W20", "2W10", "4W4"], value="2W6", label="Trefferpunktewürfel")
    lern_rs = mo.ui.slider(0, 8, value=3, label="Rüstungsschutz", show_value=True)
    mo.hstack([lern_wuerfel, lern_rs], justify="start")
    return lern_rs, lern_wuerfel


@app.cell
def _(lern_rs, lern_wuerfel):
    _vert = zeitstrahl.schadens_chancen(lern_wuerfel.value, ruestungsschutz=lern_rs.value)
    _mittel = f"{chancen.mittelwert(_vert):.2f}".replace(".", ",")
    mo.vstack([
        mo.md(f"<span id='lern-schaden'>{lern_wuerfel.value} gegen Rüstungsschutz {lern_rs.value}: "
              f"im Mittel **{_mittel}** Schadenspunkte, kein Schaden in {diagramme.prozent(_vert.get(0, 0.0))}</span>"),
        diagramme.verteilung_diagramm(_vert, titel="Schadenspunkte nach Rüstung", x_titel="Schadenspunkte"),
    ])
    return


@app.cell
def _():
    mo.md("""
    ### Rüstungen übereinander

    Jede Schicht über der ersten erhöht den Schutz der **stärksten** Schicht um 1; die
    Behinderung steigt kumulativ (+1 für die zweite, +2 für die dritte Schicht …).
    Beispiel aus dem Text: Plattenpanzer über Kettenhemd über Gambeson → Schutz der Platte
    +2, Behinderung +3.
    """)
    return


@app.cell
def _():
    lern_schichten = mo.ui.multiselect(options=list(beispiele.RUESTUNGEN), value=["Plattenpanzer", "Kettenhemd", "Gambeson"], label="Getragene Schichten")
    lern_schichten
    return (lern_schichten,)


@app.cell
def _(lern_schichten):
    _w = zeitstrahl.ruestung([beispiele.RUESTUNGEN[_n] for _n in lern_schichten.value])
    mo.md(f"<span id='lern-schichten'>{_w.schichten} Schichten: Rüstungsschutz **{_w.schutz}**, Behinderung **{_w.behinderung}**</span>")
    return


@app.cell
def _():
    mo.md("""
    ## 4. Trefferzonen: 2W6, der erste Würfel ist die Zeile

    Nur die Rüstung der getroffenen Zone zählt. **Kopftreffer** und jeder **Pasch** sind
    empfindlich: der Schaden verdoppelt sich.
    """)
    return


@app.cell
def _():
    _tabelle = pl.DataFrame(
        [{"1. W6": _i + 1, **{f"{_j + 1}": _zone for _j, _zone in enumerate(_zeile)}} for _i, _zeile in enumerate(zeitstrahl.TREFFERZONEN)]
    )
    mo.hstack([
        mo.ui.table(_tabelle, selection=None, show_column_summaries=False),
        diagramme.ergebnis_balken(zeitstrahl.trefferzonen_chancen(), titel="Chance je Zone"),
    ], justify="start")
    return


@app.cell
def _():
    mo.md("""
    ## 5. Kampfwerte verschieben – das Wagnis des Herkulos

    Für jeden Punkt Verbesserung gibt man 3 Stufen ab (Spezialisierungen: 2:1, 3:2, 4:3).
    Herkulos (Nahkampf 12, Verteidigung 10, Waffe 3W4) kommt gegen ein Kettenhemd
    (Rüstungsschutz 4) fast nie durch: 3W4 − 4 je Würfel ist immer 0 – nur eine natürliche
    20, deren kritischer W6 „Ignoriert eine Rüstungsschicht“ zeigt, schadet (1 von 120). Er senkt seine
    Verteidigung auf 0 (10 Punkte) und hebt die Patzerschwelle von 1 auf 9 (8 Punkte):
    18 Punkte senken seine Kritschwelle um 6 auf 14, angesagter Effekt „Ignoriert eine
    Rüstungsschicht“. Lohnt sich das? Verschiebe selbst:
    """)
    return


@app.cell
def _():
    lern_v_vert = mo.ui.slider(-10, 0, value=-10, label="Verteidigung", show_value=True)
    lern_v_patzer = mo.ui.slider(0, 12, value=8, label="Patzerschwelle erhöhen", show_value=True)
    lern_v_krit = mo.ui.slider(0, 12, value=6, label="Kritschwelle senken", show_value=True)
    lern_v_gegner = mo.ui.slider(0, 25, value=10, label="Verteidigung des Gegners", show_value=True)
    mo.hstack([lern_v_vert, lern_v_patzer, lern_v_krit, lern_v_gegner], justify="start", wrap=True)
    return lern_v_gegner, lern_v_krit, lern_v_patzer, lern_v_vert


@app.cell
def _(lern_v_krit, lern_v_patzer, lern_v_vert):
    lern_verschiebung = zeitstrahl.Verschiebung(verteidigung=lern_v_vert.value, patzerschwelle=lern_v_patzer.value,
                                                kritschwelle=lern_v_krit.value, krit_effekt=2)
    return (lern_verschiebung,)


@app.cell
def _(lern_v_gegner, lern_verschiebung):
    _herkulos = beispiele.HERKULOS
    _fehler = zeitstrahl.pruefe_verschiebung(lern_verschiebung, angriffswert=_herkulos.fertigkeit("nahkampf"),
                                             verteidigung=_herkulos.passive_verteidigung)
    _vergleich = zeitstrahl.verschiebungs_vergleich(_herkulos.fertigkeit("nahkampf"), lern_v_gegner.value,
                                                    _herkulos.waffen[0].schaden, beispiele.GEGNER.ruestung, lern_verschiebung)
    _ohne, _mit = (f"{_vergleich[_f].schaden_erwartet:.2f}".replace(".", ",") for _f in ("ohne", "mit"))
    mo.vstack([
        mo.callout(mo.md(" ".join(_fehler)), kind="danger") if _fehler else mo.md("Die Verschiebung ist erlaubt."),
        mo.md(f"<span id='lern-wagnis'>Erwarteter Schaden je Angriff: ohne **{_ohne}**, "
              f"mit **{_mit}**</span> (bei einem Patzer droht aber die Patzertabelle)."),
        zs_diagramme.vergleich_diagramm(_vergleich),
    ])
    return


@app.cell
def _():
    mo.md("""
    ## 6. Ein kurzer Kampf, Schritt für Schritt

    Herkulos gegen einen Söldner im Kettenhemd – mit festen Würfeln. Ziehe den Regler und
    sieh zu, wie sich der Zeitstrahl füllt: Startpositionen, eine Parade, ein Treffer ins
    Bein, Herkulos' Wagnis und eine angesagte Reaktion, die verfällt.
    """)
    return


@app.cell
def _():
    lern_verlauf = beispiele.beispiel_verlauf()
    return (lern_verlauf,)


@app.cell
def _(lern_verlauf):
    lern_schritt = mo.ui.slider(1, len(lern_verlauf.ereignisse), value=1, label="Schritt", show_value=True)
    lern_schritt
    return (lern_schritt,)


@app.cell
def _(lern_schritt, lern_verlauf):
    _ereignis = lern_verlauf.ereignisse[lern_schritt.value - 1]
    mo.vstack([
        mo.callout(mo.md(f"<span id='lern-ereignis'>{_ereignis.text}</span><br><small>Regel: {_ereignis.regel}</small>"), kind="info"),
        zs_diagramme.zeitstrahl_jetzt(lern_verlauf.zustaende[lern_schritt.value], titel=f"Zeitstrahl nach Schritt {lern_schritt.value}"),
    ])
    return


@app.cell
def _(antworten, aufgaben):
    kurs.uebungen_ansicht(aufgaben, antworten, "zs-kurs")
    return


@app.cell
def _():
    kurs.kurs_anhang(lehre, "zeitstrahl_kurzreferenz.html")
    return


if __name__ == "__main__":
    app.run()
