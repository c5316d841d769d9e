import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Aloran – Regeln lernen")

with app.setup:
    import marimo as mo

    from gm_helfer import aloran, diagramme
    from gm_helfer import lehre as kurs
    from gm_helfer.aloran import diagramme as aloran_diagramme
    from gm_helfer.aloran import lehre, sitzung


@app.cell
def _():
    aufgaben, antworten = kurs.kurs_uebungen(lehre)  # die Antwortfelder für Teil C
    kurs.kurs_kopf("Aloran – die Regeln Schritt für Schritt", """
    Dieses Notebook erklärt den Kampf von Aloran mit lebendigen Beispielen: Würfelpool,
    Erfolge, Attacke gegen Parade, Patzer und Meistertreffer, Trefferzonen und Wunden.
    Alle Zahlen sind **exakt** berechnet (keine Simulation). Grundlage ist der Regeltext
    `regeln/aloran.txt`; wo er unklar ist, steht die gewählte Lesart in `docs/aloran.md`.
    """, "von der Initiative bis zu den Wunden, du entscheidest die Verteidigung.")
    return antworten, aufgaben


@app.cell
def _():
    wahl_verteidigung = mo.ui.radio(options=list(lehre.VERTEIDIGUNG_WAHL), value="mit der Kriegsaxt parieren",
                                    label="Verteidigung des Orks")
    kurs.schlagabtausch_teil("""
    Brann (Schwert 4, Langschwert) greift einen Ork-Krieger an (Axt 3). Die W10 sind
    eingetippt; was sie bewirken, rechnet die Bibliothek aus. Du entscheidest, wie sich
    der Ork wehrt:
    """, wahl_verteidigung)
    return (wahl_verteidigung,)


@app.cell
def _(wahl_verteidigung):
    kurs.schritte_ansicht(lehre.schlagabtausch(wahl_verteidigung.value)[0], "al-kurs-schlagabtausch")
    return


@app.cell
def _():
    mo.md("""
    ## Teil B – die Regeln im Einzelnen

    ## 1. Der Würfelpool

    > „Als Erfolg (E) gilt jeder Würfel, dessen geworfene Augenzahl größer oder gleich der
    > für den Wurf geforderten Schwierigkeit ist. Die Handlung ist dann erfolgreich
    > durchgeführt, wenn der Wurf mindestens zwei Erfolge aufweist. Eine Eins negiert
    > jeweils einen Erfolg und eine 0 zählt doppelt.“ *(SPIELABLAUF › ERFOLGE)*

    Die **Grundschwierigkeit** ist 7; Meister einer Waffe (Stufe 4) würfeln gegen 6,
    Großmeister (Stufe 5) gegen 5. Tippe einen Wurf ein und sieh, wie er zählt:
    """)
    return


@app.cell
def _():
    regler_wuerfel = mo.ui.slider(1, 12, value=5, label="Würfel im Pool", show_value=True)
    regler_schwierigkeit = mo.ui.slider(2, 10, value=7, label="Schwierigkeit", show_value=True)
    eingabe_wurf = mo.ui.text(value="7 3 0 1 9", label="Ein Wurf (eine 0 ist die 10)")
    mo.hstack([regler_wuerfel, regler_schwierigkeit, eingabe_wurf], justify="start", wrap=True)
    return eingabe_wurf, regler_schwierigkeit, regler_wuerfel


@app.cell
def _(eingabe_wurf, regler_schwierigkeit):
    try:
        _wurf = aloran.wuerfle_pool(len(eingabe_wurf.value.split()), regler_schwierigkeit.value,
                                    augen=eingabe_wurf.value)
        _text = (f"<span id='lernen-wurf'>{_wurf}</span> – "
                 + ("**gelungen** (mindestens 2 Erfolge)" if _wurf.gelingt else "**misslungen** (weniger als 2 Erfolge)"))
    except ValueError as _fehler:
        _text = f"<span id='lernen-wurf'>{_fehler}</span>"
    mo.md(_text)
    return


@app.cell
def _(regler_schwierigkeit, regler_wuerfel):
    _c = aloran.pool_chancen(wuerfel=regler_wuerfel.value, schwierigkeit=regler_schwierigkeit.value)
    mo.vstack([
        mo.md(f"Mit **{regler_wuerfel.value} W10 gegen {regler_schwierigkeit.value}** gelingt die Probe mit "
              f"<span id='lernen-gelingt'>{diagramme.prozent(_c.gelingt)}</span>; "
              f"im Mittel {diagramme.zahl(_c.mittelwert)} Netto-Erfolge."),
        mo.ui.altair_chart(aloran_diagramme.netto_diagramm(regler_wuerfel.value, regler_schwierigkeit.value)),
    ])
    return


@app.cell
def _():
    mo.md("""
    ## 2. Erfolgswahrscheinlichkeiten W10

    Der ältere Teil der Regel hat unter „Erfolgswahrscheinlichkeiten W10“ nur Platzhalter
    („Für 1 W10 … Für 10 W10“). Hier sind sie – für die Grundschwierigkeit 7 und für
    Meister (6) und Großmeister (5). Ein einzelner Würfel gelingt nur mit der 0 (zählt
    doppelt): immer 10 %.
    """)
    return


@app.cell
def _():
    _daten = aloran_diagramme.lernkurve_daten()
    _tabelle = _daten.pivot(on="Schwierigkeit", index="Würfel", values="Text")
    mo.vstack([
        mo.ui.altair_chart(aloran_diagramme.lernkurve()),
        mo.ui.table(_tabelle, selection=None, pagination=False, label="Erfolgschance (mindestens 2 Erfolge)"),
    ])
    return


@app.cell
def _():
    mo.md("""
    ## 3. Attacke gegen Parade

    Angreifer und Verteidiger würfeln ihre Pools; es zählt die **Differenz der
    Netto-Erfolge** *(SPIELABLAUF › Vergleichswurf)*:

    | Differenz | Ergebnis | Schaden |
    |---|---|---|
    | 0 oder weniger | verfehlt | – |
    | 1 | Streiftreffer | halber Schaden |
    | 2–3 | Treffer | Schaden |
    | 4–5 | schwerer Treffer | doppelter Schaden |
    | 6+ | tödlicher Treffer | dreifacher Schaden |

    Der Pool einer **Standard-Attacke** ist Kampfattribut + Waffen-Spezialisierung
    (Athletik für Hieb- und Wuchtwaffen, Geschick für Stichwaffen, Wahrnehmung für
    Fernwaffen); die **Standard-Parade** ist Athletik + Waffen-Spezialisierung.
    """)
    return


@app.cell
def _():
    regler_angriff = mo.ui.slider(0, 12, value=6, label="Angriff: Würfel", show_value=True)
    regler_sa = mo.ui.slider(2, 10, value=7, label="Angriff: Schwierigkeit", show_value=True)
    regler_stufe_a = mo.ui.slider(0, 5, value=2, label="Angriff: Talentstufe", show_value=True)
    regler_verteidigung = mo.ui.slider(0, 12, value=4, label="Parade: Würfel", show_value=True)
    regler_sv = mo.ui.slider(2, 10, value=7, label="Parade: Schwierigkeit", show_value=True)
    regler_stufe_v = mo.ui.slider(0, 5, value=2, label="Parade: Talentstufe", show_value=True)
    mo.vstack([
        mo.hstack([regler_angriff, regler_sa, regler_stufe_a], justify="start", wrap=True),
        mo.hstack([regler_verteidigung, regler_sv, regler_stufe_v], justify="start", wrap=True),
    ])
    return regler_angriff, regler_sa, regler_stufe_a, regler_stufe_v, regler_sv, regler_verteidigung


@app.cell
def _(regler_angriff, regler_sa, regler_stufe_a, regler_stufe_v, regler_sv, regler_verteidigung):
    _lage = aloran.Lage(regler_angriff.value, regler_sa.value, regler_stufe_a.value,
                        regler_verteidigung.value, regler_sv.value, regler_stufe_v.value)
    _c = aloran.angriff_chancen(_lage)
    mo.vstack([
        mo.md(f"Trefferchance: <span id='lernen-treffer'>{diagramme.prozent(_c.kategorien.trifft)}</span>"),
        mo.hstack([
            mo.ui.altair_chart(aloran_diagramme.angriff_balken(_c)),
            mo.ui.altair_chart(aloran_diagramme.sonder_balken(_c, "Angreifer", "Verteidiger")),
        ], wrap=True),
    ])
    return


@app.cell
def _():
    mo.md("""
    ## 4. Patzer und Meistertreffer

    > „Ein Patzer … findet statt, wenn die Zahl der gewürfelten Einser den Wert der Stufe
    > des genutzten Talents erreicht oder übersteigt.“

    > „Ein Meistertreffer … findet statt, wenn die Anzahl der Erfolge den Wert von 10 minus
    > den Wert der Stufe des genutzten Talents überschreitet (Vor der Vergleichsrechnung!).“

    Beide werden mit einem W6 ausgewürfelt (1–2 Schaden, 3–4 nächste Kampfaktion
    beeinträchtigt, 5–6 sofortige Bonus-Kampfaktion). Wer wenig geübt ist, patzt oft:
    """)
    return


@app.cell
def _():
    mo.ui.table(sitzung.patzer_tabelle(), selection=None, pagination=False,
                label="Patzer- und Meistertrefferchance (Meisterschaft senkt die Schwierigkeit)")
    return


@app.cell
def _():
    mo.md("""
    ## 5. Wo der Treffer landet – und was er anrichtet

    Ein W20 bestimmt die **Körperzone**; die Rüstung dieser Zone wird vom Schaden
    abgezogen, der Rest sind **Wunden** in dieser Zone. Jede Zone hat drei
    **Wundschwellen** (Konstitution × 1, × 2, × 3). Die Gesamtzahl der Wunden entscheidet
    über Abzüge auf Angriff, Verteidigung und Initiative; wer über die dritte Schwelle an
    **Kopf oder Torso** kommt, ist kampfunfähig.
    """)
    return


@app.cell
def _():
    regler_ko = mo.ui.slider(1, 5, value=3, label="Konstitution", show_value=True)
    wahl_art = mo.ui.dropdown(options=list(aloran.daten.SCHADENSARTEN), value="Hieb", label="Schadensart")
    regler_kopf = mo.ui.slider(0, 20, value=2, label="Wunden am Kopf", show_value=True)
    regler_torso = mo.ui.slider(0, 20, value=5, label="Wunden am Torso", show_value=True)
    regler_arm = mo.ui.slider(0, 20, value=0, label="Wunden am Schwertarm", show_value=True)
    mo.vstack([
        mo.hstack([regler_ko, wahl_art], justify="start"),
        mo.hstack([regler_kopf, regler_torso, regler_arm], justify="start", wrap=True),
    ])
    return regler_arm, regler_ko, regler_kopf, regler_torso, wahl_art


@app.cell
def _(regler_arm, regler_ko, regler_kopf, regler_torso, wahl_art):
    _wunden = sitzung.beispiel_wunden(regler_kopf.value, regler_torso.value, regler_arm.value)
    _ko = regler_ko.value
    mo.vstack([
        mo.hstack([
            mo.Html(aloran_diagramme.koerper_html([("Beispiel", _wunden, _ko)])),
            mo.vstack([
                mo.md("<span id='lernen-verletzung'>" + sitzung.wunden_text(
                    regler_kopf.value, regler_torso.value, regler_arm.value, _ko, wahl_art.value) + "</span>"),
                mo.ui.table(sitzung.wundtabelle(_ko, wahl_art.value), selection=None, pagination=False),
            ]),
        ], justify="start", align="start"),
        mo.ui.altair_chart(aloran_diagramme.zonen_balken()),
    ])
    return


@app.cell
def _():
    mo.md("""
    ## 6. Welche Verteidigung gegen welchen Angriff?

    > „Mit der Waffen-Spezialisierung „STANDARD-PARADE“ ist es jedem möglich, eine Attacke
    > abzuwehren. … Mit dem Talent „GEWANDTHEIT“ ist es jedem möglich, einer Attacke oder einer
    > Zauberattacke, welche physischen Schaden verursacht (z.B. „Feuerball“), auszuweichen.
    > Mit dem Talent „WILLENSKRAFT“ ist es jedem möglich, eine Zauber-Attacke (geistige
    > Beeinflussung) abzuwehren.“ *(SPIELABLAUF › Verteidigungsaktion)*

    Ausweichen würfelt Körperbeherrschung + Gewandtheit, Willenskraft würfelt Mut +
    Willenskraft, ein Paradezauber sein Magieattribut + Stufe (Lesarten: `docs/aloran.md`).
    """)
    return


@app.cell
def _():
    mo.ui.table(sitzung.verteidigung_tabelle(), selection=None, pagination=False,
                label="Zulässige Verteidigungen (ja / –)")
    return


@app.cell
def _(antworten, aufgaben):
    kurs.uebungen_ansicht(aufgaben, antworten, "al-kurs")
    return


@app.cell
def _():
    kurs.kurs_anhang(lehre, "aloran_kurzreferenz.html")
    return


if __name__ == "__main__":
    app.run()
