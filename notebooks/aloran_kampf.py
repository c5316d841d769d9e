import marimo

__generated_with = "0.25.2"
app = marimo.App(width="full", app_title="Aloran – Kampf")

with app.setup:
    import random

    import marimo as mo
    import polars as pl

    from gm_helfer import aloran, boegen, pfade
    from gm_helfer.aloran import diagramme as aloran_diagramme
    from gm_helfer.aloran import kampf as aloran_kampf
    from gm_helfer.aloran import sitzung


@app.function
def aufrufen(funktion, *argumente, **schluessel):
    """Ruft die Bibliothek auf: ``(ergebnis, "")`` oder ``(None, deutsche Fehlermeldung)``."""
    try:
        return funktion(*argumente, **schluessel), ""
    except ValueError as fehler:
        return None, str(fehler)


@app.function
def meldung(text, hook, art="danger"):
    """Hinweiskasten mit stabiler id (für Browsertests) – oder nichts."""
    if not text:
        return mo.md("")
    return mo.callout(mo.md(f"<span id='{hook}'>{text}</span>"), kind=art)


@app.cell
def _():
    mo.md("""
    # Aloran – Kampf am Spieltisch

    Jede Probe ist ein **Pool aus W10**: jede Augenzahl ab der Schwierigkeit ist ein Erfolg,
    die **0 zählt doppelt**, jede **1 hebt einen Erfolg auf**. Bei Attacke gegen Parade zählt
    die Differenz der Erfolge: Streiftreffer, Treffer, schwerer oder tödlicher Treffer. Der
    Treffer landet in einer **Körperzone** (W20), die Rüstung dieser Zone fängt Schaden ab,
    der Rest sind **Wunden**. Vor jedem Wurf zeigt das Notebook die exakten Chancen; würfeln
    lässt du das Programm, oder du tippst die Augen vom Tisch ein (eine 0 ist die 10).
    Jeder Schritt steht im Protokoll mit seiner Regel, lässt sich zurücknehmen und übersteht
    einen Absturz.
    """)
    return


@app.cell
def _():
    ladung = boegen.laden("aloran", pfade.charakter_ordner("aloran"))
    tabellen = sitzung.bogen_tabellen(ladung)
    return ladung, tabellen


@app.cell
def _(tabellen):
    editor_charaktere = mo.ui.data_editor(tabellen["charaktere"], label="Charaktere")
    editor_waffen = mo.ui.data_editor(tabellen["waffen"], label="Waffen")
    editor_zauber = mo.ui.data_editor(tabellen["zauber"], label="Zauber")
    editor_manoever = mo.ui.data_editor(tabellen["manoever"], label="Manöver (kostenpflichtige Kampf-Spezialisierungen)")
    return editor_charaktere, editor_manoever, editor_waffen, editor_zauber


@app.cell
def _(editor_charaktere, editor_manoever, editor_waffen, editor_zauber, ladung):
    knopf_speichern = mo.ui.run_button(label="Bögen speichern")
    mo.accordion({
        f"Charakterbögen ({len(ladung.boegen)}) – Werte direkt in der Tabelle ändern": mo.vstack([
            mo.ui.tabs({"Charaktere": editor_charaktere, "Waffen": editor_waffen, "Zauber": editor_zauber,
                        "Manöver": editor_manoever}),
            knopf_speichern,
        ])
    })
    return (knopf_speichern,)


@app.cell
def _(editor_charaktere, editor_manoever, editor_waffen, editor_zauber, ladung):
    stand = sitzung.bogenstand(
        {"charaktere": editor_charaktere.value, "waffen": editor_waffen.value, "zauber": editor_zauber.value,
         "manoever": editor_manoever.value},
        ladung,
    )
    meldung("<br>".join(stand.meldungen), "bogen-meldungen", "warn")
    return (stand,)


@app.cell
def _(knopf_speichern, stand):
    mo.stop(not knopf_speichern.value)
    mo.md("<span id='gespeichert'>" + "<br>".join(sitzung.speichern(stand)) + "</span>")
    return


@app.cell
def _(stand):
    wahl_teilnehmer = mo.ui.multiselect(options=stand.namen, value=stand.vorauswahl(), label="Wer kämpft mit?")
    wahl_optionen = mo.ui.dictionary(
        {name: mo.ui.checkbox(label=text) for name, text in aloran.OPTION_TEXTE.items()}
    )
    _haken = mo.vstack(list(wahl_optionen.values()))
    knopf_neu = mo.ui.run_button(label="Neuen Kampf beginnen")
    mo.vstack([
        mo.md("## Kampf anlegen"),
        wahl_teilnehmer,
        mo.accordion({"Hausregeln und ältere Lesarten (siehe docs/aloran.md)": _haken}),
        knopf_neu,
    ])
    return knopf_neu, wahl_optionen, wahl_teilnehmer


@app.cell
def _():
    _dateien = sitzung.protokolldateien()
    wahl_protokoll = mo.ui.dropdown(options=_dateien, value=_dateien[0] if _dateien else None,
                                    label="Gespeicherter Kampf")
    knopf_fortsetzen = mo.ui.run_button(label="Kampf fortsetzen", disabled=not _dateien)
    mo.hstack([wahl_protokoll, knopf_fortsetzen], justify="start", align="end")
    return knopf_fortsetzen, wahl_protokoll


@app.cell
def _():
    zufall = random.Random()
    verlauf_holen, verlauf_setzen = mo.state(None)
    return verlauf_holen, verlauf_setzen, zufall


@app.cell
def _(knopf_neu, stand, verlauf_setzen, wahl_optionen, wahl_teilnehmer):
    mo.stop(not knopf_neu.value)
    _kampf, _fehler = aufrufen(
        aloran.neuer_kampf, stand.werte_namens(wahl_teilnehmer.value), sitzung.optionen_aus(wahl_optionen.value)
    )
    if _kampf is not None:
        verlauf_setzen((aloran.neuer_verlauf(_kampf, sitzung.neue_protokolldatei()), 0))
    meldung(_fehler, "fehler-neu")
    return


@app.cell
def _(knopf_fortsetzen, verlauf_holen, verlauf_setzen, wahl_protokoll):
    mo.stop(not knopf_fortsetzen.value or not wahl_protokoll.value)
    _bisher = verlauf_holen()
    if _bisher and _bisher[0].datei == sitzung.protokolldatei(wahl_protokoll.value):
        _bisher[0].schliessen()  # derselbe Kampf in dieser Sitzung: Sperre abgeben, neu lesen
    _erg, _fehler = aufrufen(aloran.fortsetzen, sitzung.protokolldatei(wahl_protokoll.value))
    if _erg is not None:
        verlauf_setzen((_erg[0], 0))
    mo.vstack([meldung(_fehler, "fehler-fortsetzen"), meldung("<br>".join(_erg[1]) if _erg else "", "warnung-fortsetzen", "warn")])
    return


@app.cell
def _(verlauf_holen):
    _paar = verlauf_holen()
    verlauf = _paar[0] if _paar else None
    version = _paar[1] if _paar else 0
    mo.stop(verlauf is None, mo.callout(
        mo.md("Wähle die Kämpfer und klicke **Neuen Kampf beginnen** – oder setze einen gespeicherten Kampf fort."),
        kind="info"))
    kampf = verlauf.zustand
    return kampf, verlauf, version


@app.function
def ausfuehren(verlauf, version, verlauf_setzen, baustein, *argumente, **schluessel):
    """Ereignis bauen (Bibliothek), ausführen, Zustand neu setzen; gibt die Fehlermeldung zurück."""
    ereignis, fehler = aufrufen(baustein, verlauf.zustand, *argumente, **schluessel)
    if ereignis is not None:
        # Speichern kann scheitern (Platte voll, Kampf in anderer Sitzung übernommen): Meldung
        _, fehler = aufrufen(verlauf.ausfuehren, ereignis)
        if not fehler:
            verlauf_setzen((verlauf, version + 1))
    return fehler


@app.cell
def _(kampf, verlauf):
    _datei = verlauf.datei.name if verlauf.datei else "ohne Datei"
    mo.vstack([
        mo.md(f"## <span id='aloran-runde'>Runde {kampf.runde}</span> "
              f"<small style='font-weight:normal'>· Protokoll: {_datei}</small>"),
        mo.md(f"<span id='aloran-am-zug'>**{sitzung.zug_hinweis(kampf)}**</span>"),
        mo.ui.table(pl.DataFrame(aloran.uebersicht(kampf)), selection=None, pagination=False,
                    wrapped_columns=["Verletzung"],
                    label="Handlungsreihenfolge (höchste Initiative zuerst; gleiche Zahl = gleichzeitig)"),
    ])
    return


@app.cell
def _(kampf):
    mo.accordion({
        "Wunden je Körperzone": mo.vstack([
            mo.Html(aloran_diagramme.koerper_html(sitzung.koerper_eintraege(kampf))),
            mo.ui.table(pl.DataFrame(aloran.wunden_zeilen(kampf)), selection=None, pagination=False),
        ])
    }, lazy=False)
    return


@app.cell
def _(kampf):
    eingabe_initiative = mo.ui.dictionary(
        {k.name: mo.ui.text(placeholder="W10", max_length=2, label=k.name) for k in kampf.kaempfer}
    )
    wahl_hinterhalt = mo.ui.multiselect(options=list(kampf.namen), label="Im Hinterhalt überrascht (kein W10)")
    knopf_initiative = mo.ui.run_button(label="Initiative bestimmen")
    knopf_runde = mo.ui.run_button(label="Neue Runde")
    knopf_zurueck = mo.ui.run_button(label="Rückgängig")
    _dran = list(aloran.am_zug(kampf)) + [k.name for k in kampf.kaempfer if k.zug == "abwartend"]
    wahl_zug = mo.ui.dropdown(options=_dran, value=_dran[0] if _dran else None, label="Zug von")
    knopf_zug_ende = mo.ui.run_button(label="Zug beenden")
    knopf_abwarten = mo.ui.run_button(label="Abwarten (Aktionen zurückhalten)")
    mo.vstack([
        mo.md("### Initiative und Runden"),
        mo.md("<small>Initiativewert + 1W10 gilt den ganzen Kampf. Leere Felder würfelt das Programm.</small>"),
        mo.hstack(list(eingabe_initiative.values()), justify="start", wrap=True),
        wahl_hinterhalt,
        mo.hstack([knopf_initiative, knopf_runde, knopf_zurueck], justify="start"),
        mo.hstack([wahl_zug, knopf_zug_ende, knopf_abwarten], justify="start", align="end"),
    ])
    return (
        eingabe_initiative,
        knopf_abwarten,
        knopf_initiative,
        knopf_runde,
        knopf_zug_ende,
        knopf_zurueck,
        wahl_hinterhalt,
        wahl_zug,
    )


@app.cell
def _(knopf_abwarten, knopf_zug_ende, verlauf, verlauf_setzen, version, wahl_zug):
    mo.stop(not (knopf_zug_ende.value or knopf_abwarten.value))
    _baustein = aloran.zug_ende_ereignis if knopf_zug_ende.value else aloran.abwarten_ereignis
    meldung(ausfuehren(verlauf, version, verlauf_setzen, _baustein, wahl_zug.value), "fehler-zug")
    return


@app.cell
def _(eingabe_initiative, knopf_initiative, verlauf, verlauf_setzen, version, wahl_hinterhalt, zufall):
    mo.stop(not knopf_initiative.value)
    meldung(ausfuehren(verlauf, version, verlauf_setzen, aloran.initiative_ereignis, rng=zufall,
                       augen=eingabe_initiative.value, hinterhalt=wahl_hinterhalt.value), "fehler-initiative")
    return


@app.cell
def _(knopf_runde, verlauf, verlauf_setzen, version):
    mo.stop(not knopf_runde.value)
    meldung(ausfuehren(verlauf, version, verlauf_setzen, aloran.runde_ereignis), "fehler-runde")
    return


@app.cell
def _(knopf_zurueck, verlauf, verlauf_setzen, version):
    mo.stop(not knopf_zurueck.value)
    _hinweis = "" if verlauf.kann_rueckgaengig else "Nichts mehr zurückzunehmen."
    if not _hinweis:
        _, _hinweis = aufrufen(verlauf.rueckgaengig)
        verlauf_setzen((verlauf, version + 1))
    meldung(_hinweis, "hinweis-zurueck", "warn")
    return


@app.cell
def _(kampf):
    wahl_angreifer = mo.ui.dropdown(options=list(kampf.namen), value=(aloran.am_zug(kampf) or kampf.namen)[0],
                                    label="Angreifer")
    return (wahl_angreifer,)


@app.cell
def _(kampf, wahl_angreifer):
    _ziele = sitzung.gegner_von(kampf, wahl_angreifer.value)
    _angriffe = sitzung.angriff_namen(kampf, wahl_angreifer.value)
    wahl_ziel = mo.ui.dropdown(options=_ziele, value=_ziele[0] if _ziele else None, label="Ziel")
    wahl_angriff = mo.ui.dropdown(options=_angriffe, value=_angriffe[0], label="Angriff")
    return wahl_angriff, wahl_ziel


@app.cell
def _(kampf, wahl_angreifer, wahl_angriff, wahl_ziel):
    mo.stop(wahl_ziel.value is None, mo.md("Kein Ziel."))
    _vert = sitzung.verteidigung_namen(kampf, wahl_ziel.value, wahl_angreifer.value, wahl_angriff.value) + [
        "keine Verteidigung"]
    wahl_verteidigung = mo.ui.dropdown(options=_vert, value=_vert[0], label="Verteidigung")
    wahl_hinten = mo.ui.checkbox(label="Attacke von hinten")
    wahl_zweitwaffe = mo.ui.checkbox(label="mit der Zweitwaffe (Bonusaktion)")
    wahl_mod_angriff = mo.ui.number(start=-10, stop=10, value=0, label="± Würfel Angriff")
    wahl_mod_verteidigung = mo.ui.number(start=-10, stop=10, value=0, label="± Würfel Verteidigung")
    return (
        wahl_hinten,
        wahl_mod_angriff,
        wahl_mod_verteidigung,
        wahl_verteidigung,
        wahl_zweitwaffe,
    )


@app.cell
def _(
    wahl_angreifer,
    wahl_angriff,
    wahl_hinten,
    wahl_mod_angriff,
    wahl_mod_verteidigung,
    wahl_verteidigung,
    wahl_ziel,
    wahl_zweitwaffe,
):
    auswahl = dict(
        angreifer=wahl_angreifer.value, ziel=wahl_ziel.value, angriff=wahl_angriff.value,
        verteidigung=None if wahl_verteidigung.value == "keine Verteidigung" else wahl_verteidigung.value,
        von_hinten=wahl_hinten.value, zweitwaffe=wahl_zweitwaffe.value,
        angriff_modifikator=int(wahl_mod_angriff.value or 0),
        verteidigung_modifikator=int(wahl_mod_verteidigung.value or 0),
    )
    mo.vstack([
        mo.md("## Attacke gegen Parade"),
        mo.hstack([wahl_angreifer, wahl_ziel, wahl_angriff, wahl_verteidigung], justify="start", wrap=True),
        mo.hstack([wahl_hinten, wahl_zweitwaffe, wahl_mod_angriff, wahl_mod_verteidigung], justify="start", wrap=True),
    ])
    return (auswahl,)


@app.cell
def _(auswahl, kampf):
    vorschau, _fehler = aufrufen(aloran_kampf.vorschau, kampf, **auswahl)
    mo.stop(vorschau is None, meldung(_fehler, "fehler-vorschau"))
    mo.vstack([
        mo.md(f"**{vorschau.text()}**  \n<span id='aloran-chancen'>{sitzung.chancen_zeile(vorschau)}</span>"),
        mo.hstack([
            mo.ui.altair_chart(aloran_diagramme.angriff_balken(vorschau.chancen)),
            mo.ui.altair_chart(aloran_diagramme.folgen_balken(vorschau.folgen, f"Was es {auswahl['ziel']} antut")),
        ], wrap=True),
        mo.accordion({
            "Patzer, Meistertreffer und Trefferzonen": mo.hstack([
                mo.ui.altair_chart(aloran_diagramme.sonder_balken(vorschau.chancen, auswahl["angreifer"], auswahl["ziel"])),
                mo.ui.altair_chart(aloran_diagramme.zonen_balken()),
            ], wrap=True)
        }),
    ])
    return


@app.cell
def _(auswahl, version):
    _haupt = ("angriff", "verteidigung", "zone", "schaden")
    eingabe_augen = mo.ui.dictionary(
        {s: mo.ui.text(label=aloran_kampf.WUERFEL_SCHLUESSEL[s], placeholder="z. B. 7 3 0 1" if s in _haupt[:2] else "")
         for s in aloran_kampf.WUERFEL_SCHLUESSEL}
    )
    knopf_wuerfeln = mo.ui.run_button(label="Würfeln und anwenden")
    knopf_eingetippt = mo.ui.run_button(label="Eingetippte Würfel anwenden")
    _felder = dict(eingabe_augen.items())
    mo.vstack([
        mo.md(f"<small>Schritt {version + 1}: Würfel vom Tisch eintippen (eine 0 ist die 10) – fehlt ein nötiger Wurf, "
              f"sagt das Notebook welcher. Angriff von {auswahl['angreifer']}.</small>"),
        mo.hstack([_felder[s] for s in _haupt], justify="start", wrap=True),
        mo.accordion({"Weitere Würfel (Patzer- und Meistertreffer-Tabellen)": mo.hstack(
            [f for s, f in _felder.items() if s not in _haupt], wrap=True)}),
        mo.hstack([knopf_wuerfeln, knopf_eingetippt], justify="start"),
    ])
    return eingabe_augen, knopf_eingetippt, knopf_wuerfeln


@app.cell
def _(auswahl, eingabe_augen, knopf_eingetippt, knopf_wuerfeln, verlauf, verlauf_setzen, version, zufall):
    mo.stop(not (knopf_wuerfeln.value or knopf_eingetippt.value))
    if knopf_wuerfeln.value:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.angriff_ereignis, rng=zufall, **auswahl)
    else:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.angriff_ereignis,
                             augen=eingabe_augen.value, **auswahl)
    meldung(_fehler, "fehler-angriff")
    return


@app.cell
def _(kampf):
    wahl_wer = mo.ui.dropdown(options=list(kampf.namen), value=kampf.namen[0], label="Wer")
    wahl_bewegung = mo.ui.dropdown(options=list(aloran.werte.BEWEGUNGSFAKTOR), value="normal", label="Bewegungsart")
    wahl_spurt = mo.ui.checkbox(label="Spurt (Kampfaktion, 6 Ausdauer → +1 Feld)")
    wahl_gelaende = mo.ui.number(start=-10, stop=10, value=0, label="Gelände ±")
    wahl_reittier = mo.ui.number(start=0, stop=5, value=0, label="Reittier-Stufe")
    knopf_bewegen = mo.ui.run_button(label="Bewegen")
    wahl_aktion = mo.ui.dropdown(options={"Interaktion": "interaktion", "Kampfaktion (sonstiges)": "kampf",
                                          "Verteidigung (sonstiges)": "verteidigung", "Bewegung (sonstiges)": "bewegung"},
                                 value="Interaktion", label="Aktion")
    knopf_aktion = mo.ui.run_button(label="Aktion ausgeben")
    knopf_bonus = mo.ui.run_button(label="Bonus-Kampfaktion gewähren (Gegner verlässt Reichweite)")
    mo.accordion({"Bewegung, Interaktion, Bonusaktionen": mo.vstack([
        mo.hstack([wahl_wer, wahl_bewegung, wahl_gelaende, wahl_reittier, wahl_spurt, knopf_bewegen],
                  justify="start", align="end", wrap=True),
        mo.hstack([wahl_aktion, knopf_aktion, knopf_bonus], justify="start", align="end", wrap=True),
    ])})
    return (
        knopf_aktion,
        knopf_bewegen,
        knopf_bonus,
        wahl_aktion,
        wahl_bewegung,
        wahl_gelaende,
        wahl_reittier,
        wahl_spurt,
        wahl_wer,
    )


@app.cell
def _(
    knopf_aktion,
    knopf_bewegen,
    knopf_bonus,
    verlauf,
    verlauf_setzen,
    version,
    wahl_aktion,
    wahl_bewegung,
    wahl_gelaende,
    wahl_reittier,
    wahl_spurt,
    wahl_wer,
):
    mo.stop(not (knopf_bewegen.value or knopf_aktion.value or knopf_bonus.value))
    if knopf_bewegen.value:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.bewegung_ereignis, wahl_wer.value,
                             wahl_bewegung.value, spurt=wahl_spurt.value, gelaende=int(wahl_gelaende.value or 0),
                             reittier_stufe=int(wahl_reittier.value or 0))
    elif knopf_aktion.value:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.aktion_ereignis, wahl_wer.value, wahl_aktion.value)
    else:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.bonusaktion_ereignis, wahl_wer.value, "kampf",
                             "ein Gegner verlässt die Kampfreichweite")
    meldung(_fehler, "fehler-aktion")
    return


@app.cell
def _(kampf, stand):
    wahl_eingriff_wer = mo.ui.dropdown(options=list(kampf.namen), value=kampf.namen[0], label="Wer")
    wahl_eingriff_zone = mo.ui.dropdown(options=sitzung.zonen_auswahl(), value="Torso", label="Zone")
    wahl_eingriff_wunden = mo.ui.number(start=-60, stop=60, value=0, label="Wunden ± (negativ = heilen)")
    wahl_eingriff_art = mo.ui.dropdown(options=list(aloran.daten.SCHADENSARTEN), value="Hieb", label="Schadensart")
    wahl_eingriff_ausdauer = mo.ui.number(start=-200, stop=200, value=0, label="Ausdauer ±")
    wahl_eingriff_grund = mo.ui.text(placeholder="Grund, z. B. Heiltrank", label="Grund")
    knopf_eingriff = mo.ui.run_button(label="Eingriff eintragen")
    _neu = sitzung.noch_nicht_dabei(stand, kampf)
    wahl_beitreten = mo.ui.dropdown(options=_neu, value=_neu[0] if _neu else None, label="Greift ein")
    eingabe_beitreten = mo.ui.text(placeholder="W10", max_length=2, label="Initiative-W10")
    knopf_beitreten = mo.ui.run_button(label="In den Kampf holen", disabled=not _neu)
    mo.accordion({"Spielleiter: Wunden, Heilung, Ausdauer, Eingreifen": mo.vstack([
        mo.md("<small>Heilung und Ausdauer-Erholung regelt der Text nicht – hier trägt der Spielleiter "
              "sie ein (steht im Protokoll, lässt sich zurücknehmen).</small>"),
        mo.hstack([wahl_eingriff_wer, wahl_eingriff_zone, wahl_eingriff_wunden, wahl_eingriff_art,
                   wahl_eingriff_ausdauer, wahl_eingriff_grund, knopf_eingriff], justify="start", align="end", wrap=True),
        mo.hstack([wahl_beitreten, eingabe_beitreten, knopf_beitreten], justify="start", align="end", wrap=True),
    ])})
    return (
        eingabe_beitreten,
        knopf_beitreten,
        knopf_eingriff,
        wahl_beitreten,
        wahl_eingriff_art,
        wahl_eingriff_ausdauer,
        wahl_eingriff_grund,
        wahl_eingriff_wer,
        wahl_eingriff_wunden,
        wahl_eingriff_zone,
    )


@app.cell
def _(
    eingabe_beitreten,
    knopf_beitreten,
    knopf_eingriff,
    stand,
    verlauf,
    verlauf_setzen,
    version,
    wahl_beitreten,
    wahl_eingriff_art,
    wahl_eingriff_ausdauer,
    wahl_eingriff_grund,
    wahl_eingriff_wer,
    wahl_eingriff_wunden,
    wahl_eingriff_zone,
    zufall,
):
    mo.stop(not (knopf_eingriff.value or knopf_beitreten.value))
    if knopf_eingriff.value:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.eingriff_ereignis, wahl_eingriff_wer.value,
                             zone=wahl_eingriff_zone.value, wunden=int(wahl_eingriff_wunden.value or 0),
                             ausdauer=int(wahl_eingriff_ausdauer.value or 0), schadensart=wahl_eingriff_art.value,
                             grund=wahl_eingriff_grund.value)
    else:
        _fehler = ausfuehren(verlauf, version, verlauf_setzen, aloran.beitreten_ereignis,
                             stand.werte_namens([wahl_beitreten.value])[0], rng=zufall,
                             augen=eingabe_beitreten.value or None)
    meldung(_fehler, "fehler-eingriff")
    return


@app.cell
def _(verlauf, version):
    mo.stop(version < 0)
    _zeilen = verlauf.zeilen()
    _letzte = _zeilen[-1]["Ereignis"] if _zeilen else "noch nichts"
    mo.vstack([
        mo.md(f"## Protokoll (<span id='aloran-schritte'>{len(_zeilen)} Schritte</span>)"),
        mo.md(f"Zuletzt: <span id='aloran-letztes'>{_letzte}</span>"),
        mo.ui.table(pl.DataFrame(list(reversed(_zeilen))) if _zeilen else pl.DataFrame({"Ereignis": []}),
                    selection=None, pagination=True, page_size=8,
                    wrapped_columns=["Ereignis", "Regel"] if _zeilen else None,
                    column_widths={"Ereignis": 620} if _zeilen else None),
    ])
    return


if __name__ == "__main__":
    app.run()
