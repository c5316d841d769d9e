import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Spieleransicht – der Kampf für die Spieler")

with app.setup:
    import marimo as mo

    from gm_helfer import spieler
    from gm_helfer.protokoll import ProtokollFehler


@app.cell
def _():
    _kaempfe = spieler.kaempfe()
    kampf_wahl = mo.ui.dropdown(
        options={d.stem: str(d) for d in _kaempfe}, value=_kaempfe[0].stem if _kaempfe else None,
        label="Kampf", full_width=True,
    )
    takt = mo.ui.refresh(options=["1s", "2s", "5s"], default_interval="1s", label="aktualisieren")
    mo.hstack([kampf_wahl, takt], justify="start", align="center", wrap=True)
    return kampf_wahl, takt


@app.cell
def _(kampf_wahl):
    mo.stop(not kampf_wahl.value, mo.md("## Noch kein Kampf\n\nSobald der Spielleiter einen Kampf beginnt, erscheint er hier."))
    try:
        beobachter = spieler.Beobachter(kampf_wahl.value)
    except (ProtokollFehler, ValueError) as _fehler:
        beobachter = None
        mo.output.replace(mo.md(f"⚠ {_fehler}"))
    return (beobachter,)


@app.cell
def _(beobachter, takt):
    takt
    mo.stop(beobachter is None)
    try:
        _lage = beobachter.lage()
    except (ProtokollFehler, ValueError) as _fehler:
        mo.stop(True, mo.md(f"⚠ {_fehler}"))
    mo.Html(spieler.html_text(_lage))
    return


if __name__ == "__main__":
    app.run()
