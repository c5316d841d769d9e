import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="gm_helfer – Start")

with app.setup:
    import marimo as mo

    from gm_helfer import start


@app.cell
def _():
    mo.md("""
    # gm_helfer – Begleiter für Spielleiter

    Exakte Chancen, Kämpfe Runde für Runde mit Protokoll und Rückgängig, Charakterbögen
    als Tabellen – für **Savage Worlds**, **Aloran**, **Zeitstrahl** und **W100**.

    - **Begegnung vorbereiten:** Bögen prüfen, Chancen vergleichen, Kämpfe durchspielen.
    - **Am Spieltisch:** wer ist dran, was darf er noch, die Chancen vor jedem Wurf; das
      Programm würfelt oder du tippst die echten Würfel ein. Jeder Schritt wird gespeichert.
    - **Regeln lernen:** die Lern-Notebooks erklären jedes System mit lebenden Beispielen.
    """)
    return


@app.cell
def _():
    mo.vstack([mo.Html(start.OHNE_ZURUECK), mo.md("## Notebooks\n\n" + start.uebersicht_markdown())])
    return


if __name__ == "__main__":
    app.run()
