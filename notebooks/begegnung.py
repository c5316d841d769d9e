import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Begegnung vorbereiten")

with app.setup:
    import random

    import marimo as mo

    from gm_helfer import boegen, diagramme, simulation


@app.cell
def _():
    mo.md("""
    # Begegnung vorbereiten – Kämpfe durchspielen

    Stelle Helden und Gegner aus den Charakterbögen zusammen und lass das Programm den
    Kampf viele Male durchspielen – mit denselben Regeln wie am Spieltisch und einer
    einfachen Standardtaktik (sie steht in den Regelnotizen des Systems unter
    „Begegnungen simulieren“). So siehst du vor dem Spielabend, wie oft die Helden
    gewinnen, wie lange der Kampf dauert und wer wie oft ausgeschaltet wird – und kannst
    die Begegnung anpassen.
    """)
    return


@app.cell
def _():
    system_wahl = mo.ui.dropdown(
        options={name: system for system, name in simulation.SYSTEME.items()},
        value="Savage Worlds",
        label="Regelsystem",
    )
    system_wahl
    return (system_wahl,)


@app.cell
def _(system_wahl):
    ladung = boegen.laden(system_wahl.value)
    _namen = [b.name for b in ladung.boegen]
    teilnehmer = mo.ui.multiselect(options=_namen, value=_namen, label="Wer kämpft mit?")
    anzahl = mo.ui.number(start=10, stop=10000, step=10, value=200, label="Anzahl Kämpfe")
    saat = mo.ui.number(start=0, stop=10**9, step=1, value=1, label="Zufallssaat (gleiche Saat = gleiches Ergebnis)")
    max_runden = mo.ui.number(start=1, stop=1000, step=1, value=100, label="höchstens Runden je Kampf")
    los = mo.ui.run_button(label="Durchspielen")
    _fehler = "\n".join(f"- ⚠ {m}" for m in ladung.meldungen)
    mo.vstack(
        [
            mo.md(_fehler) if _fehler else mo.md(""),
            teilnehmer,
            mo.hstack([anzahl, saat, max_runden], justify="start", gap=2),
            mo.md(
                "Je mehr Kämpfe, desto genauer (der Fehlerbalken ± schrumpft mit der Wurzel der Anzahl) – "
                "und desto länger die Rechnung: eine große Begegnung braucht einige Sekunden je hundert Kämpfe."
            ),
            los,
        ]
    )
    return anzahl, ladung, los, max_runden, saat, teilnehmer


@app.cell
def _(anzahl, ladung, los, max_runden, saat, system_wahl, teilnehmer):
    mo.stop(
        not los.value,
        mo.md("<span id='begegnung-ergebnis'>Noch nicht durchgespielt – oben auf „Durchspielen“ drücken.</span>"),
    )
    _auswahl = [b for b in ladung.boegen if b.name in set(teilnehmer.value)]
    einheit = simulation.zeiteinheit(system_wahl.value)
    try:
        with mo.status.spinner(title=f"{anzahl.value} Kämpfe werden durchgespielt …"):
            auswertung = simulation.begegnung(
                system_wahl.value, _auswahl, anzahl.value, rng=random.Random(saat.value), max_runden=max_runden.value
            )
        meldung = ""
    except ValueError as _fehler:
        auswertung, meldung = None, str(_fehler)
    return auswertung, einheit, meldung


@app.cell
def _(auswertung, einheit, meldung):
    mo.stop(auswertung is None, mo.callout(mo.md(f"<span id='begegnung-fehler'>{meldung}</span>"), kind="danger"))
    mo.vstack(
        [
            mo.md(
                f"**<span id='begegnung-ergebnis'>{simulation.zusammenfassung(auswertung, einheit)}</span>** "
                f"(gerechnet in {diagramme.zahl(auswertung.sekunden, 1)} s)"
            ),
            mo.hstack(
                [
                    diagramme.ergebnis_balken(dict(auswertung.sieg), titel="Wer gewinnt?"),
                    diagramme.verteilung_diagramm(
                        dict(auswertung.runden), titel="Wie lange dauert der Kampf?", x_titel=einheit, rest=0
                    ),
                ],
                widths="equal",
            ),
            diagramme.ergebnis_balken(
                dict(sorted(auswertung.ausgeschaltet.items(), key=lambda x: -x[1])),
                titel="Wie oft ist wer am Ende ausgeschaltet?",
            )
            if auswertung.ausgeschaltet
            else mo.md("Niemand wurde ausgeschaltet."),
            diagramme.ergebnis_balken(
                dict(sorted(auswertung.tot.items(), key=lambda x: -x[1])), titel="Wie oft stirbt wer?"
            )
            if auswertung.tot
            else mo.md(""),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
