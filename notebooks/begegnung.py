import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Begegnung vorbereiten")

with app.setup:
    from dataclasses import replace

    import marimo as mo
    import polars as pl

    from gm_helfer import begegnungen, boegen, diagramme, simulation
    from gm_helfer import lauf as lauf_modul

    SPALTEN = {"Seite": pl.Utf8, "Bogen": pl.Utf8, "Anzahl": pl.Int64}
    STUFE_ART = {"leicht": "success", "fordernd": "info", "gefährlich": "warn", "tödlich": "danger"}
    ALLE_SEITEN = "alle Seiten"
    PULS = 20  # Sekunden ohne Lebenszeichen des Tabs, nach denen ein Lauf von selbst anhält


@app.function
def taktik_regler(klasse, werte):
    """Regler für die Taktik einer Seite, aus den Feldern der ``Taktik`` des Systems
    (``simulation.taktik_felder``): Auswahl für Felder mit Wahl, Haken für Ja/Nein – dieselben
    wie im Live-Notebook (:func:`gm_helfer.tisch_taktik.taktik_regler`)."""
    from gm_helfer.tisch_taktik import taktik_regler as _regler

    return _regler(klasse, werte)


@app.function
def ergebnis_ansicht(auswertung, einheit, schwellen, kennung="", grenze=None, system=""):
    """Urteil (mit dem, was die Simulation nicht spielt), Siegchance mit Intervall, Verluste je
    Kämpfer (alle, ohne Seiten) und verbrauchte Mittel einer Variante."""
    _seite = simulation.heldenseite(auswertung)
    _urteil = simulation.urteil(auswertung, schwellen, _seite)
    return mo.vstack(
        [
            mo.callout(mo.md(f"<span id='begegnung-urteil{kennung}'>**{_urteil.text}**</span>"), kind=STUFE_ART[_urteil.stufe]),
            mo.md(f"<small id='begegnung-grenzen{kennung}'>{simulation.nicht_gespielt_text(system)}</small>"),
            mo.md(
                f"**<span id='begegnung-ergebnis{kennung}'>{simulation.zusammenfassung(auswertung, einheit, grenze)}</span>** "
                f"(gerechnet in {diagramme.zahl(auswertung.sekunden, 1)} s)"
            ),
            mo.ui.table(simulation.kaempfer_tabelle(auswertung), selection=None, pagination=False,
                        show_column_summaries=False, label="Jeder Kämpfer (95-%-Intervall)"),
            mo.md(f"<span id='begegnung-verbrauch{kennung}'>{simulation.verbrauch_text(auswertung)}</span>"),
        ]
    )


@app.function
def diagramme_ansicht(auswertung, einheit):
    """Wer gewinnt, wie lange es dauert – die Diagramme einer Variante (eine eigene Zelle: das
    Urteil erscheint, ohne auf sie zu warten)."""
    return mo.vstack([
        diagramme.ergebnis_balken(dict(auswertung.sieg), titel="Wer gewinnt?"),
        diagramme.verteilung_diagramm(dict(auswertung.runden), titel="Wie lange dauert der Kampf?", x_titel=einheit, rest=0),
    ])


@app.function
def varianten_nebeneinander(spalten, breite="22rem"):
    """Spalten nebeneinander, wo Platz ist, sonst untereinander (CSS-Grid: jede Spalte mindestens
    ``breite``) – nichts läuft in die Nachbarspalte."""
    if len(spalten) == 1:
        return spalten[0]
    _zellen = "".join(f"<div class='gm-spalte' style='min-width:0;overflow-x:auto'>{mo.as_html(s).text}</div>" for s in spalten)
    return mo.Html(f"<div class='gm-varianten' style='display:grid;grid-template-columns:repeat(auto-fit,minmax(min({breite},100%),1fr));"
                   f"gap:1.5rem;align-items:start'>{_zellen}</div>")


@app.cell
def _():
    mo.md("""
    # Begegnung vorbereiten – Kämpfe durchspielen

    Stelle Helden und Gegner aus den Charakterbögen zusammen – oder lade eine gespeicherte
    **Begegnung** (`charaktere/<system>/begegnungen/`) – und lass das Programm den Kampf viele
    Male durchspielen, mit denselben Regeln wie am Spieltisch und der **Taktik**, die du unten je
    Seite einstellst (die Vorgabe steht in den Regelnotizen des Systems unter „Begegnungen
    simulieren“). So siehst du vor dem Spielabend, wie oft die Helden gewinnen, wie lange der
    Kampf dauert, wer wie oft ausgeschaltet wird oder stirbt – **zwei Varianten nebeneinander**
    (etwa mit mehr Gegnern oder anderer Taktik) und mit einer **Reihe** (etwa 2 bis 12
    Banditen), wie viele Gegner die Gruppe verkraftet.
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
    _gespeichert = begegnungen.laden_alle(system_wahl.value)
    _optionen = {"– alle Bögen, wie sie sind –": ""}
    _optionen.update({f"{b.name} ({b.datei.name})": str(b.datei) for b in _gespeichert.begegnungen})
    begegnung_datei = mo.ui.dropdown(options=_optionen, value=next(iter(_optionen)), label="Begegnung laden")
    _fehler = "\n".join(f"- ⚠ {m}" for m in (*ladung.meldungen, *_gespeichert.meldungen))
    mo.vstack([mo.md(_fehler) if _fehler else mo.md(""), begegnung_datei])
    return begegnung_datei, ladung


@app.cell
def _(begegnung_datei, ladung, system_wahl):
    grund_meldung = ""
    if begegnung_datei.value:
        try:
            grund = begegnungen.laden(begegnung_datei.value)
        except begegnungen.BegegnungFehler as _f:
            grund, grund_meldung = begegnungen.aus_boegen(system_wahl.value, ladung.boegen), f"⚠ {_f}"
    else:
        grund = begegnungen.aus_boegen(system_wahl.value, ladung.boegen)
    _tabelle = pl.DataFrame(begegnungen.zeilen(grund), schema=SPALTEN)
    tabelle_a = mo.ui.data_editor(_tabelle, label="Variante A: wer kämpft mit (Seite, Bogen, Anzahl)")
    tabelle_b = mo.ui.data_editor(_tabelle, label="Variante B")
    vergleichen = mo.ui.checkbox(label="Variante B daneben durchspielen")
    _klasse = begegnungen.taktik_klasse(system_wahl.value)
    if _klasse is None:
        taktik_a = taktik_b = None
        _taktik_text = mo.md("*Dieses System hat (noch) keine wählbare Taktik – es spielt die Standardtaktik.*")
    else:
        # je Seite, wo das System es kann; sonst eine Taktik für alle Seiten
        _gruppen = grund.seiten if begegnungen.je_seite(system_wahl.value) else (ALLE_SEITEN,)
        _werte = {g: begegnungen.taktik_werte(grund, grund.seiten[0] if g == ALLE_SEITEN and grund.seiten else g) for g in _gruppen}
        taktik_a = mo.ui.dictionary({g: taktik_regler(_klasse, _werte[g]) for g in _gruppen})
        taktik_b = mo.ui.dictionary({g: taktik_regler(_klasse, _werte[g]) for g in _gruppen})
        _taktik_text = mo.md("**Taktik je Seite** (Vorgabe: die Standardtaktik)" if len(_gruppen) > 1 or _gruppen[0] != ALLE_SEITEN
                             else "**Taktik** (für alle Seiten; Vorgabe: die Standardtaktik)")

    def _spalte(titel, tabelle, taktik):
        _teile = [mo.md(f"### {titel}"), tabelle]
        if taktik is not None:
            _teile += [_taktik_text, varianten_nebeneinander(
                [mo.vstack([mo.md(f"*{s}*"), *t.elements.values()]) for s, t in taktik.elements.items()], breite="20rem")]
        else:
            _teile.append(_taktik_text)
        return mo.vstack(_teile)

    mo.vstack(
        [
            mo.md(f"<span id='begegnung-grund'>{grund_meldung or grund.beschreibung}</span>"),
            mo.md("Bögen: " + ", ".join(b.name for b in ladung.boegen)),
            varianten_nebeneinander([_spalte("Variante A", tabelle_a, taktik_a), _spalte("Variante B", tabelle_b, taktik_b)]),
            vergleichen,
        ]
    )
    return grund, tabelle_a, tabelle_b, taktik_a, taktik_b, vergleichen


@app.cell
def _(grund, ladung, tabelle_a, tabelle_b, taktik_a, taktik_b):
    def _variante(tabelle, taktik):
        try:
            b = begegnungen.aus_zeilen(grund, tabelle.value.to_dicts())
        except begegnungen.BegegnungFehler as f:
            return None, [str(f)]
        if taktik is not None:
            _werte = taktik.value
            if ALLE_SEITEN in _werte:
                _werte = {s: _werte[ALLE_SEITEN] for s in b.seiten}
            b = begegnungen.mit_taktik(b, _werte)
        return b, begegnungen.pruefen(b, ladung.boegen)

    variante_a, fehler_a = _variante(tabelle_a, taktik_a)
    variante_b, fehler_b = _variante(tabelle_b, taktik_b)
    return fehler_a, fehler_b, variante_a, variante_b


@app.cell
def _(grund):
    get_gespeichert, set_gespeichert = mo.state("")
    speichern_name = mo.ui.text(value=grund.name if grund.datei else "", label="Name der Begegnung", placeholder="z. B. Überfall an der Furt")
    return get_gespeichert, set_gespeichert, speichern_name


@app.cell
def _(fehler_a, get_gespeichert, set_gespeichert, speichern_name, variante_a):
    def _speichern(_v):
        try:
            _datei = begegnungen.speichern(replace(variante_a, name=speichern_name.value.strip(), datei=None))
            set_gespeichert(f"Gespeichert: {_datei.parent.name}/{_datei.name}")
        except (begegnungen.BegegnungFehler, OSError) as _f:
            set_gespeichert(f"⚠ {_f}")

    speichern_knopf = mo.ui.button(label="Variante A als Begegnung speichern", on_click=_speichern,
                                   disabled=bool(fehler_a) or not speichern_name.value.strip())
    mo.vstack([mo.hstack([speichern_name, speichern_knopf], justify="start"),
               mo.md(f"<span id='begegnung-gespeichert'>{get_gespeichert()}</span>")])
    return (speichern_knopf,)


@app.cell
def _(grund, system_wahl):
    anzahl = mo.ui.number(
        start=10, stop=200_000, step=10, value=simulation.standard_anzahl(system_wahl.value), label="Anzahl Kämpfe"
    )
    saat = mo.ui.number(start=0, stop=10**9, step=1, value=1, label="Zufallssaat (gleiche Saat = gleiches Ergebnis)")
    _runden = grund.optionen.get("max_runden", 100)
    max_runden = mo.ui.number(start=1, stop=1000, step=1, value=_runden if isinstance(_runden, int) and 1 <= _runden <= 1000 else 100,
                              label=f"höchstens {simulation.zeiteinheit(system_wahl.value)} je Kampf")
    los = mo.ui.run_button(label="Durchspielen")
    mo.vstack(
        [
            mo.hstack([anzahl, saat, max_runden], justify="start", gap=2),
            mo.md(simulation.rechenhinweis(system_wahl.value)),
            los,
        ]
    )
    return anzahl, los, max_runden, saat


@app.cell
def _():
    mo.md("""
    **Urteil** – wann heißt eine Begegnung leicht, fordernd, gefährlich? Eine Stufe gilt, wenn
    die Helden mindestens so oft gewinnen *und* im Mittel höchstens so viele Helden je Kampf
    sterben; sonst die nächste, zuletzt „tödlich“.
    """)
    schwellen_form = mo.md(
        """
    | Urteil | Helden gewinnen mindestens (%) | tote Helden je Kampf höchstens |
    |---|---|---|
    | leicht | {leicht} | {tote_leicht} |
    | fordernd | {fordernd} | {tote_fordernd} |
    | gefährlich | {gefaehrlich} | {tote_gefaehrlich} |
    | tödlich | sonst | sonst |
    """
    ).batch(
        leicht=mo.ui.number(start=0, stop=100, step=1, value=90),
        fordernd=mo.ui.number(start=0, stop=100, step=1, value=70),
        gefaehrlich=mo.ui.number(start=0, stop=100, step=1, value=40),
        tote_leicht=mo.ui.number(start=0, stop=10, step=0.05, value=0.05),
        tote_fordernd=mo.ui.number(start=0, stop=10, step=0.05, value=0.25),
        tote_gefaehrlich=mo.ui.number(start=0, stop=10, step=0.05, value=0.75),
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
def _():
    get_stand, set_stand = mo.state(None)
    return get_stand, set_stand


@app.cell
def _(anzahl, fehler_a, fehler_b, ladung, los, max_runden, saat, set_stand, system_wahl, variante_a, variante_b,
      vergleichen):
    mo.stop(
        not los.value,
        mo.md("<span id='begegnung-ergebnis'>Noch nicht durchgespielt – oben auf „Durchspielen“ drücken.</span>"),
    )
    einheit = simulation.zeiteinheit(system_wahl.value)
    _varianten = {"A": (variante_a, fehler_a)}
    if vergleichen.value:
        _varianten["B"] = (variante_b, fehler_b)
    _fehler = [f"Variante {_n}: " + " ".join(_f) for _n, (_b, _f) in _varianten.items() if _f]
    lauf = lauf_modul.Lauf(
        {_n: lauf_modul.aufgabe(_b, ladung.boegen, max_runden=max_runden.value) for _n, (_b, _f) in _varianten.items()
         if not _fehler},
        anzahl.value, saat=saat.value, puls=PULS,
    )
    stopp_knopf = mo.ui.button(label="Stopp", kind="danger", on_click=lambda _: lauf.stoppen(),
                               tooltip="Hält die Rechnung an; das Ergebnis der fertigen Kämpfe bleibt stehen.")
    takt = mo.ui.refresh(default_interval=1)  # der Puls des Tabs: schweigt er, hält der Lauf an

    if _fehler:
        lauf.stoppen(" ".join(_fehler))
        set_stand(lauf_modul.Stand("fehler", 0, anzahl.value, meldung=" ".join(_fehler), lauf=lauf))
    else:
        lauf.starten(melden=set_stand, faden=mo.Thread, am_ende=mo.output.clear)  # am Ende: kein Puls mehr
    grenze, system = max_runden.value, system_wahl.value  # so gerechnet, auch wenn die Regler sich danach ändern
    mo.Html(f"<div style='display:none'>{takt}</div>")
    return einheit, grenze, lauf, stopp_knopf, system, takt


@app.cell
def _(lauf, takt):
    takt.value  # jede Sekunde: der Tab lebt noch, die Uhr läuft weiter
    lauf.lebenszeichen()
    _jetzt = lauf.jetzt()
    mo.md(f"<span id='begegnung-uhr'>Die Rechnung läuft seit {diagramme.zahl(_jetzt.sekunden, 1)} s …</span>"
          if _jetzt.laeuft else "")
    return


@app.cell
def _(einheit, get_stand, grenze, lauf, schwellen, stopp_knopf, system):
    _stand = get_stand()
    if _stand is None or _stand.lauf is not lauf:
        _stand = lauf.stand
    mo.stop(_stand.zustand == "fehler", mo.callout(mo.md(f"<span id='begegnung-fehler'>{_stand.meldung}</span>"), kind="danger"))
    _zeile = mo.md(f"<span id='begegnung-stand'>{_stand.text()}</span>")
    if _stand.laeuft:
        _teile = [
            mo.Html(f"<progress id='begegnung-fortschritt' value='{_stand.fertig}' max='{_stand.gesamt}' "
                    "style='width:100%;height:1.2em'></progress>"),
            mo.hstack([_zeile, stopp_knopf], justify="space-between", align="center"),
        ]
        _teile += [mo.md(f"Bisher, Variante {_n}: {simulation.zusammenfassung(_a, einheit, grenze)}") for _n, _a in _stand.auswertungen.items()]
        _ausgabe = mo.vstack(_teile)
    elif not _stand.auswertungen:
        _ausgabe = mo.vstack([_zeile, mo.md("<span id='begegnung-ergebnis'>Gestoppt, bevor der erste Teil fertig war.</span>")])
    else:
        _spalten = [
            mo.vstack([mo.md(f"### Variante {_name}"), ergebnis_ansicht(_a, einheit, schwellen, "" if _name == "A" else "-b", grenze, system)])
            for _name, _a in _stand.auswertungen.items()
        ]
        _ausgabe = mo.vstack([_zeile, varianten_nebeneinander(_spalten)])
    _ausgabe
    return


@app.cell
def _(einheit, get_stand, lauf):
    _stand = get_stand()
    mo.stop(_stand is None or _stand.lauf is not lauf or _stand.laeuft or not _stand.auswertungen)
    varianten_nebeneinander([diagramme_ansicht(_a, einheit) for _a in _stand.auswertungen.values()])
    return


@app.cell
def _(system_wahl, variante_a):
    mo.stop(variante_a is None or not variante_a.eintraege)
    _namen = list(dict.fromkeys(e.bogen for e in variante_a.eintraege))
    _vorschlag = next((e.bogen for e in variante_a.eintraege if e.anzahl > 1), _namen[-1])
    reihe_felder = begegnungen.reihen_felder(system_wahl.value)
    reihe_form = mo.md(
        """
    | | |
    |:--|:--|
    | Welcher Bogen? | {bogen} |
    | Welcher Wert ändert sich? | {feld} |
    | von … bis … | {von} {bis} |
    | Kämpfe je Wert | {je} |
    | Ziel: Helden gewinnen mindestens (%) | {ziel} |
    | Prozesse (Kerne) | {arbeiter} |
    """
    ).batch(
        bogen=mo.ui.dropdown(options=_namen, value=_vorschlag),
        feld=mo.ui.dropdown(options={_t: _n for _n, _t in reihe_felder.items()}, value=reihe_felder["anzahl"]),
        von=mo.ui.number(start=0, stop=100, step=1, value=2),
        bis=mo.ui.number(start=0, stop=100, step=1, value=12),
        je=mo.ui.number(start=10, stop=100_000, step=10, value=simulation.standard_anzahl(system_wahl.value) // 5),
        ziel=mo.ui.number(start=1, stop=99, step=1, value=75),
        arbeiter=mo.ui.number(start=1, stop=256, step=1, value=simulation.arbeiter_zahl()),
    )
    reihe_los = mo.ui.run_button(label="Reihe durchspielen")
    mo.vstack([
        mo.md("## Reihe: wie viele Gegner verkraftet die Gruppe?"),
        mo.md("Die Reihe spielt Variante A mit ihrer Taktik; jeder Wert hat seine eigene Saat, das "
              "Ergebnis hängt also nicht von der Zahl der Prozesse ab. Mehr Prozesse nutzen mehr Kerne."),
        reihe_form, reihe_los,
    ])
    return reihe_felder, reihe_form, reihe_los


@app.cell
def _(ladung, max_runden, reihe_felder, reihe_form, reihe_los, saat, schwellen, system_wahl, variante_a):
    mo.stop(not reihe_los.value, mo.md("<span id='reihe-ergebnis'>Noch keine Reihe gerechnet.</span>"))
    _f = reihe_form.value
    _werte = list(range(int(_f["von"]), int(_f["bis"]) + 1))
    _feld_text = reihe_felder[_f["feld"]].split(" (")[0]  # „Anzahl“ statt „anzahl“
    _meldung = ""
    try:
        _varianten = [begegnungen.mit_wert(variante_a, ladung.boegen, _f["bogen"], _f["feld"], _w) for _w in _werte]
        with mo.status.progress_bar(total=len(_werte), title="Reihe wird durchgespielt …",
                                    subtitle=f"{len(_werte)} Werte je {int(_f['je'])} Kämpfe", remove_on_exit=True) as _balken:
            _reihe = simulation.reihe_varianten(
                system_wahl.value, _varianten, _werte, f"{_f['bogen']}: {_feld_text}", int(_f["je"]),
                saat=int(saat.value), max_runden=max_runden.value, arbeiter=int(_f["arbeiter"]),
                taktik=begegnungen.taktik_fuer(variante_a), optionen=begegnungen.optionen_fuer(variante_a),
                fortschritt=lambda fertig, gesamt: _balken.update(),
            )
    except ValueError as _fehler:
        _reihe = None
        _meldung = str(_fehler)
    mo.stop(_reihe is None, mo.callout(mo.md(f"<span id='reihe-fehler'>{_meldung}</span>"), kind="danger"))
    _seite = simulation.heldenseite(_reihe.auswertungen[0])
    _antwort = simulation.reihe_text(_reihe, _f["ziel"] / 100, schwellen, _seite)
    mo.vstack(
        [
            mo.md(f"<span id='reihe-ergebnis'>{_antwort}</span>"),
            diagramme.reihen_kurve(_reihe.siegchancen(_seite), titel="Siegchance der Helden (mit 95-%-Band)",
                                   x_titel=_reihe.feld, ziel=_f["ziel"] / 100),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
