import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Spieleransicht – der Kampf für die Spieler")

with app.setup:
    import marimo as mo

    from gm_helfer import spieler
    from gm_helfer.protokoll import ProtokollFehler

    FOLGEN = "neuester Kampf – folgt dem Tisch"


@app.cell
def _():
    _kaempfe = spieler.kaempfe()
    kampf_wahl = mo.ui.dropdown(
        options={FOLGEN: "", **{d.stem: str(d) for d in _kaempfe}}, value=FOLGEN, label="Kampf", full_width=True,
    )
    takt = mo.ui.refresh(options=["0.5s", "1s", "2s", "5s"], default_interval="0.5s", label="aktualisieren")
    gross = mo.ui.checkbox(value=mo.query_params().get("ansicht") == "tv", label="Großansicht (Fernseher, Beamer)")
    mo.hstack([kampf_wahl, gross, takt], justify="start", align="center", wrap=True)
    return gross, kampf_wahl, takt


@app.cell
def _(kampf_wahl):
    beobachter = spieler.NeuesterKampf() if not kampf_wahl.value else None
    fehler = ""
    if kampf_wahl.value:
        try:
            beobachter = spieler.Beobachter(kampf_wahl.value)
        except (ProtokollFehler, ValueError) as _fehler:
            fehler = f"⚠ {_fehler}"
    return beobachter, fehler


@app.cell
def _(beobachter, fehler, gross, takt):
    takt
    mo.stop(bool(fehler), mo.md(fehler))
    try:
        _lage = beobachter.lage()
    except (ProtokollFehler, ValueError) as _fehler:
        mo.stop(True, mo.md(f"⚠ {_fehler}"))
    mo.stop(_lage is None, mo.md("<div id='spieler-kein-kampf'>\n\n## Noch kein Kampf\n\nSobald der Spielleiter einen "
                                 "Kampf beginnt, erscheint er hier.</div>"))
    mo.Html(spieler.html_gross(_lage, tv=gross.value))
    return


if __name__ == "__main__":
    app.run()
