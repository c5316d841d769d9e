import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Würfellabor")

with app.setup:
    import random

    import marimo as mo

    from gm_helfer import chancen, diagramme, widgets, wuerfel


@app.function
def versuch(funktion, *argumente, **schluessel):
    """Ruft die Bibliothek auf; eine deutsche Fehlermeldung statt einer Ausnahme.

    Liefert ``(ergebnis, "")`` oder ``(None, meldung)``.
    """
    try:
        return funktion(*argumente, **schluessel), ""
    except ValueError as fehler:
        return None, str(fehler)


@app.function
def verteilung_berechnen(ausdruck, rng):
    """Exakte Verteilung; ist sie zu aufwendig, eine Stichprobe samt deutschem Hinweis.

    Liefert ``(verteilung, hinweis)``; ``hinweis`` ist leer, wenn die Verteilung exakt ist.
    """
    if ausdruck is None:
        return None, ""
    try:
        return chancen.verteilung(ausdruck), ""
    except chancen.AufwandFehler as zu_teuer:
        return chancen.geschaetzte_verteilung(ausdruck, rng=rng), str(zu_teuer)


@app.function
def ausdruck_lesen(text, explodierend):
    """Würfelausdruck lesen; mit ``explodierend`` explodieren alle Würfel."""
    ausdruck = wuerfel.parse(text)
    return ausdruck.explodierend(True) if explodierend else ausdruck


@app.cell
def _():
    mo.md("""
    # Würfellabor

    Tippe einen Würfelausdruck – deutsch oder englisch: `W6`, `2W6+1`, `d8`, `1d10`,
    `W100`, `W8!+W6!` (das `!` lässt einen Würfel explodieren). Das Labor zeigt die
    **exakte** Verteilung und die Chance, die Zielzahl zu erreichen. Darunter kannst du
    den Computer würfeln lassen oder eintippen, was am Tisch gefallen ist.
    """)
    return


@app.cell
def _():
    eingabe_ausdruck = mo.ui.text(value="2W6", label="Würfelausdruck", placeholder="z. B. 2W6+1")
    eingabe_ziel = mo.ui.number(value=7, start=-1000, stop=10000, step=1, label="Zielzahl (mindestens)")
    eingabe_explodierend = mo.ui.switch(value=False, label="alle Würfel explodieren")
    mo.hstack([eingabe_ausdruck, eingabe_ziel, eingabe_explodierend], justify="start", gap=2, align="end")
    return eingabe_ausdruck, eingabe_explodierend, eingabe_ziel


@app.cell
def _(eingabe_ausdruck, eingabe_explodierend):
    ausdruck, ausdruck_fehler = versuch(ausdruck_lesen, eingabe_ausdruck.value, eingabe_explodierend.value)
    return ausdruck, ausdruck_fehler


@app.cell
def _(ausdruck):
    verteilung, geschaetzt_hinweis = verteilung_berechnen(ausdruck, random.Random())
    return geschaetzt_hinweis, verteilung


@app.cell
def _(ausdruck, ausdruck_fehler, eingabe_ziel, geschaetzt_hinweis, verteilung):
    mo.stop(
        verteilung is None,
        mo.callout(mo.md(f"<span id='fehler-ausdruck'>{ausdruck_fehler}</span>"), kind="danger"),
    )
    _chance = diagramme.prozent(chancen.mindestens(verteilung, eingabe_ziel.value))
    _mittel = diagramme.zahl(chancen.mittelwert(verteilung))
    _art = "geschätzte Chance" if geschaetzt_hinweis else "Chance"
    _zeile = mo.md(
        f"""
        <span id='chance'>**{ausdruck}**: {_art} auf mindestens {eingabe_ziel.value}: **{_chance}**</span>
        &nbsp;·&nbsp; <span id='mittelwert'>Mittelwert {_mittel}</span>
        &nbsp;·&nbsp; <span id='median'>Median {chancen.quantil(verteilung, 0.5)}</span>
        """
    )
    _hinweis = mo.callout(
        mo.md(f"<span id='hinweis-geschaetzt'>{geschaetzt_hinweis} Unten stehen geschätzte Werte.</span>"),
        kind="warn",
    )
    mo.vstack([_hinweis, _zeile]) if geschaetzt_hinweis else _zeile
    return


@app.cell
def _(ausdruck, eingabe_ziel, geschaetzt_hinweis, verteilung):
    mo.stop(verteilung is None)
    diagramm = mo.ui.altair_chart(
        diagramme.verteilung_diagramm(
            verteilung,
            ziel=eingabe_ziel.value,
            titel=f"{'Geschätzte ' if geschaetzt_hinweis else ''}Verteilung von {ausdruck}",
        ),
        chart_selection=False,
        legend_selection=False,
    )
    diagramm
    return


@app.cell
def _():
    mo.md("""
    ## Würfeln

    Lass den Computer würfeln oder tippe ein, was am Tisch gefallen ist: Würfel durch
    Komma oder Leerzeichen getrennt, eine Explosionskette mit `+` (`6+6+2, 3`).
    Auf dem W10 darf die `0` für 10 stehen, auf dem W100 die `00` für 100.
    """)
    return


@app.cell
def _():
    zufall = random.Random()
    verlauf, verlauf_setzen = mo.state(())
    return verlauf, verlauf_setzen, zufall


@app.cell
def _():
    knopf_wuerfeln = mo.ui.run_button(label="Würfeln", kind="success")
    eingabe_augen = mo.ui.text(label="Gewürfelte Augen", placeholder="z. B. 6+6+2, 3")
    knopf_eintragen = mo.ui.run_button(label="Eintragen")
    mo.hstack([knopf_wuerfeln, mo.md("oder"), eingabe_augen, knopf_eintragen], justify="start", gap=1, align="end")
    return eingabe_augen, knopf_eintragen, knopf_wuerfeln


@app.cell
def _(ausdruck, knopf_wuerfeln, verlauf_setzen, zufall):
    mo.stop(not knopf_wuerfeln.value or ausdruck is None)
    programmwurf = wuerfel.wurf(ausdruck, rng=zufall)
    verlauf_setzen(lambda alt: alt + (programmwurf,))
    return


@app.cell
def _(ausdruck, eingabe_augen, knopf_eintragen, verlauf_setzen):
    mo.stop(not knopf_eintragen.value or ausdruck is None)
    eingetippt, augen_fehler = versuch(wuerfel.wurf, ausdruck, augen=eingabe_augen.value)
    mo.stop(
        eingetippt is None,
        mo.callout(mo.md(f"<span id='fehler-augen'>{augen_fehler}</span>"), kind="danger"),
    )
    verlauf_setzen(lambda alt: alt + (eingetippt,))
    return


@app.cell
def _(eingabe_ziel, verlauf):
    mo.stop(not verlauf(), mo.md("_Noch nichts gewürfelt._"))
    _letzter = verlauf()[-1]
    _erreicht = "erreicht ✔" if _letzter.gesamt >= eingabe_ziel.value else "verfehlt ✘"
    _quelle = "eingetippt" if _letzter.eingetippt else "vom Programm gewürfelt"
    mo.vstack(
        [
            mo.ui.anywidget(widgets.WuerfelAnzeige.aus_wurf(_letzter)),
            mo.md(
                f"<span id='wurf'>**{_letzter.gesamt}** – {_letzter} ({_quelle}); "
                f"Zielzahl {eingabe_ziel.value} {_erreicht}</span>"
            ),
        ]
    )
    return


@app.cell
def _(verlauf):
    mo.stop(not verlauf())
    mo.ui.table(
        [
            {
                "Nr.": _nr,
                "Wurf": str(_w),
                "Ergebnis": _w.gesamt,
                "Quelle": "eingetippt" if _w.eingetippt else "Programm",
            }
            for _nr, _w in reversed(list(enumerate(verlauf(), start=1)))
        ],
        selection=None,
        label="Bisherige Würfe",
        page_size=10,
    )
    return


if __name__ == "__main__":
    app.run()
