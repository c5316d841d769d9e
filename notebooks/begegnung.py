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
    gewinnen, wie lange der Kampf dauert, wer wie oft ausgeschaltet wird oder stirbt – und
    mit einer **Reihe** (etwa 2 bis 12 Banditen), wie viele Gegner die Gruppe verkraftet.
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
    anzahl = mo.ui.number(
        start=10, stop=200_000, step=10, value=simulation.standard_anzahl(system_wahl.value), label="Anzahl Kämpfe"
    )
    saat = mo.ui.number(start=0, stop=10**9, step=1, value=1, label="Zufallssaat (gleiche Saat = gleiches Ergebnis)")
    max_runden = mo.ui.number(start=1, stop=1000, step=1, value=100, label="höchstens Runden je Kampf")
    los = mo.ui.run_button(label="Durchspielen")
    _fehler = "\n".join(f"- ⚠ {m}" for m in ladung.meldungen)
    mo.vstack(
        [
            mo.md(_fehler) if _fehler else mo.md(""),
            teilnehmer,
            mo.hstack([anzahl, saat, max_runden], justify="start", gap=2),
            mo.md(simulation.rechenhinweis(system_wahl.value)),
            los,
        ]
    )
    return anzahl, ladung, los, max_runden, saat, teilnehmer


@app.cell
def _():
    mo.md("""
    **Urteil** – wann heißt eine Begegnung leicht, fordernd, gefährlich? Eine Stufe gilt, wenn
    die Helden mindestens so oft gewinnen *und* im Mittel höchstens so viele Helden je Kampf
    sterben; sonst die nächste, zuletzt „tödlich“.
    """)
    schwellen_form = mo.ui.dictionary(
        {
            "leicht": mo.ui.number(start=0, stop=100, step=1, value=90, label="leicht ab % Sieg"),
            "fordernd": mo.ui.number(start=0, stop=100, step=1, value=70, label="fordernd ab % Sieg"),
            "gefaehrlich": mo.ui.number(start=0, stop=100, step=1, value=40, label="gefährlich ab % Sieg"),
            "tote_leicht": mo.ui.number(start=0, stop=10, step=0.05, value=0.05, label="leicht: höchstens Tote"),
            "tote_fordernd": mo.ui.number(start=0, stop=10, step=0.05, value=0.25, label="fordernd: höchstens Tote"),
            "tote_gefaehrlich": mo.ui.number(start=0, stop=10, step=0.05, value=0.75, label="gefährlich: höchstens Tote"),
        }
    )
    schwellen_form
    return (schwellen_form,)


@app.cell
def _(schwellen_form):
    _w = schwellen_form.value
    schwellen = simulation.Schwellen(
        leicht=(_w["leicht"] / 100, _w["tote_leicht"]),
        fordernd=(_w["fordernd"] / 100, _w["tote_fordernd"]),
        gefaehrlich=(_w["gefaehrlich"] / 100, _w["tote_gefaehrlich"]),
    )
    return (schwellen,)


@app.cell
def _(anzahl, ladung, los, max_runden, saat, system_wahl, teilnehmer):
    mo.stop(
        not los.value,
        mo.md("<span id='begegnung-ergebnis'>Noch nicht durchgespielt – oben auf „Durchspielen“ drücken.</span>"),
    )
    auswahl = [b for b in ladung.boegen if b.name in set(teilnehmer.value)]
    einheit = simulation.zeiteinheit(system_wahl.value)
    try:
        with mo.status.progress_bar(
            total=anzahl.value, title=f"{anzahl.value} Kämpfe werden durchgespielt …",
            subtitle="Abbrechen: das Stopp-Symbol der Zelle", remove_on_exit=True,
        ) as _balken:
            _stand = [0]

            def _weiter(fertig, gesamt):
                _balken.update(increment=fertig - _stand[0])
                _stand[0] = fertig

            auswertung = simulation.begegnung(
                system_wahl.value, auswahl, anzahl.value, rng=random.Random(saat.value),
                max_runden=max_runden.value, fortschritt=_weiter,
            )
        meldung = ""
    except ValueError as _fehler:
        auswertung, meldung = None, str(_fehler)
    return auswahl, auswertung, einheit, meldung


@app.cell
def _(auswertung, einheit, meldung, schwellen):
    mo.stop(auswertung is None, mo.callout(mo.md(f"<span id='begegnung-fehler'>{meldung}</span>"), kind="danger"))
    _urteil = simulation.urteil(auswertung, schwellen)
    mo.vstack(
        [
            mo.callout(mo.md(f"<span id='begegnung-urteil'>**{_urteil.text}**</span>"),
                       kind={"leicht": "success", "fordernd": "info", "gefährlich": "warn", "tödlich": "danger"}[_urteil.stufe]),
            mo.md(
                f"**<span id='begegnung-ergebnis'>{simulation.zusammenfassung(auswertung, einheit)}</span>** "
                f"(gerechnet in {diagramme.zahl(auswertung.sekunden, 1)} s)"
            ),
            mo.ui.table(simulation.kaempfer_tabelle(auswertung), selection=None, label="Jeder Kämpfer (95-%-Intervall)"),
            mo.md(simulation.verbrauch_text(auswertung)),
            mo.hstack(
                [
                    diagramme.ergebnis_balken(dict(auswertung.sieg), titel="Wer gewinnt?"),
                    diagramme.verteilung_diagramm(
                        dict(auswertung.runden), titel="Wie lange dauert der Kampf?", x_titel=einheit, rest=0
                    ),
                ],
                widths="equal",
            ),
        ]
    )
    return


@app.cell
def _(auswahl, system_wahl):
    mo.stop(not auswahl)
    _namen = [b.name for b in auswahl]
    _vorschlag = next((b.name for b in auswahl if int(b.werte.get("anzahl") or 1) > 1), _namen[-1])
    reihe_form = mo.ui.dictionary(
        {
            "bogen": mo.ui.dropdown(options=_namen, value=_vorschlag, label="Bogen"),
            "feld": mo.ui.text(value="anzahl", label="Feld (z. B. anzahl, schild)"),
            "von": mo.ui.number(start=0, stop=100, step=1, value=2, label="von"),
            "bis": mo.ui.number(start=0, stop=100, step=1, value=12, label="bis"),
            "je": mo.ui.number(start=10, stop=100_000, step=10, value=simulation.standard_anzahl(system_wahl.value) // 5,
                               label="Kämpfe je Wert"),
            "ziel": mo.ui.number(start=1, stop=99, step=1, value=75, label="Ziel: % Heldensieg"),
        }
    )
    reihe_los = mo.ui.run_button(label="Reihe durchspielen")
    mo.vstack([mo.md("## Reihe: wie viele Gegner verkraftet die Gruppe?"), reihe_form, reihe_los])
    return reihe_form, reihe_los


@app.cell
def _(auswahl, max_runden, reihe_form, reihe_los, saat, schwellen, system_wahl):
    mo.stop(not reihe_los.value, mo.md("<span id='reihe-ergebnis'>Noch keine Reihe gerechnet.</span>"))
    _f = reihe_form.value
    _werte = list(range(int(_f["von"]), int(_f["bis"]) + 1))
    _meldung = ""
    try:
        with mo.status.progress_bar(total=len(_werte), title="Reihe wird durchgespielt …", remove_on_exit=True) as _balken:
            _reihe = simulation.reihe(
                system_wahl.value, auswahl, _f["bogen"], _f["feld"], _werte, int(_f["je"]),
                rng=random.Random(saat.value), max_runden=max_runden.value,
                fortschritt=lambda fertig, gesamt: _balken.update(),
            )
    except ValueError as _fehler:
        _reihe = None
        _meldung = str(_fehler)
    mo.stop(_reihe is None, mo.callout(mo.md(f"<span id='reihe-fehler'>{_meldung}</span>"), kind="danger"))
    _antwort = simulation.reihe_text(_reihe, _f["ziel"] / 100, schwellen)
    mo.vstack(
        [
            mo.md(f"<span id='reihe-ergebnis'>{_antwort}</span>"),
            diagramme.reihen_kurve(_reihe.siegchancen(), titel="Siegchance der Helden (mit 95-%-Band)",
                                   x_titel=f"{_f['bogen']}: {_f['feld']}", ziel=_f["ziel"] / 100),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
