import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Grundlinie: Regler, icepool, Altair")

with app.setup:
    import altair as alt
    import icepool
    import marimo as mo
    import polars as pl


@app.cell
def _():
    regler = mo.ui.slider(start=-6, stop=6, step=1, value=0, label="Modifikator")
    regler  # noqa: B018 – marimo zeigt den letzten Ausdruck der Zelle
    return (regler,)


@app.cell
def _(regler):
    _wurf = icepool.d8.explode(depth=20) + regler.value
    _p = float(_wurf.probability(">=", 4))
    _daten = pl.DataFrame({"Ergebnis": ["mindestens 4", "darunter"], "Chance": [_p, 1 - _p]})
    mo.vstack(
        [
            mo.md(f"<span id='grundlinie-chance'>{_p:.4f}</span>"),
            mo.ui.altair_chart(alt.Chart(_daten).mark_bar().encode(x="Chance:Q", y="Ergebnis:N")),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
