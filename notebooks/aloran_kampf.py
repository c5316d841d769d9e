import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Aloran – Kampf am Spieltisch")

with app.setup:
    import random

    import marimo as mo
    import polars as pl

    from gm_helfer import aloran, boegen, pfade, tisch
    from gm_helfer.aloran import diagramme as aloran_diagramme
    from gm_helfer.aloran import kampf as aloran_kampf
    from gm_helfer.aloran import sitzung
    from gm_helfer.aloran import zug as aloran_zug


@app.cell
def _():
    mo.vstack(
        [
            tisch.stil(),
            mo.md(
                """
        # Aloran – Kampf am Spieltisch

        Jede Probe ist ein **Pool aus W10**: jede Augenzahl ab der Schwierigkeit ist ein Erfolg, die
        **0 zählt doppelt**, jede **1 hebt einen Erfolg auf**. Bei Attacke gegen Parade zählt die
        Differenz der Erfolge; der Treffer landet in einer **Körperzone** (W20), deren Rüstung
        Schaden abfängt, der Rest sind **Wunden**. Oben den Kampf anlegen oder fortsetzen, dann spielt
        sich alles im **Zug-Panel** ab: wer dran ist (höchste Initiative zuerst), was er darf, die
        exakten Chancen, der Wurf – vom Programm oder mit den Würfeln vom Tisch (eine 0 ist die 10) –
        und was offen bleibt. Jeder Schritt steht im Protokoll samt Regel.
        """
            ),
        ]
    )
    return


@app.cell
def _():
    ladung = boegen.laden("aloran", pfade.charakter_ordner("aloran"))
    bogen_editor = tisch.bogen_editor(
        sitzung.bogen_tabellen(ladung),
        {"charaktere": "Charaktere", "waffen": "Waffen", "zauber": "Zauber",
         "manoever": "Manöver (kostenpflichtige Kampf-Spezialisierungen)"},
    )
    return bogen_editor, ladung


@app.cell
def _(bogen_editor, ladung):
    stand = sitzung.bogenstand(dict(bogen_editor.value), ladung)
    speichern_knopf = mo.ui.run_button(label="Bögen speichern")
    tisch.bogen_ansicht(bogen_editor, stand.meldungen, speichern_knopf,
                        "Charakterbögen bearbeiten (Attribute, Talente, Waffen, Zauber, Manöver)")
    return speichern_knopf, stand


@app.cell
def _(speichern_knopf, stand):
    mo.stop(not speichern_knopf.value)
    mo.md("<span id='gespeichert'>" + "<br>".join(sitzung.speichern(stand)) + "</span>")
    return


@app.cell
def _():
    # Das Protokoll ist der einzige Zustand: ein Zähler, der nach jedem Schritt steigt.
    get_version, set_version = mo.state(0)
    get_meldung, set_meldung = mo.state("")
    get_start, set_start = mo.state(0)  # steigt nur bei „Neuer Kampf“/„Fortsetzen“
    kampftisch = tisch.Tisch(set_version, set_meldung)
    merker = {}  # Auswahl je Handelndem (Ziel, Angriff, Verteidigung, Modifikatoren); neuer Handelnder = Vorgaben
    wuerfel_rng = random.Random()
    return get_meldung, get_start, get_version, kampftisch, merker, set_start, wuerfel_rng


@app.cell
def _(get_start, kampftisch, set_start, stand):
    get_start()
    _gespeichert = sitzung.gespeicherte_kaempfe()
    _laufend = kampftisch.verlauf
    teilnehmer = tisch.teilnehmer_wahl(stand.namen, list(_laufend.zustand.namen) if _laufend else stand.vorauswahl())
    hausregeln = mo.ui.dictionary({name: mo.ui.checkbox(label=text) for name, text in aloran.OPTION_TEXTE.items()})
    kampf_wahl = tisch.kampf_wahl(_gespeichert)

    def _neu(_):
        _kampf = aloran.neuer_kampf(stand.werte_namens(teilnehmer.value), sitzung.optionen_aus(hausregeln.value))
        _v = aloran.neuer_verlauf(_kampf, tisch.protokoll_datei(aloran.SYSTEM))
        kampftisch.starten(_v, f"{tisch.NEUER_KAMPF}: {_v.datei.name}")
        set_start(lambda n: n + 1)

    _fortsetzen = kampftisch.fortsetzen_klick(kampf_wahl, aloran.aus_kopf, aloran.anwenden, lambda: set_start(lambda n: n + 1))

    # Knöpfe als globale Namen: marimo hält Bedienelemente nur so am Leben
    neu_knopf = tisch.neu_knopf(on_click=kampftisch.klick(lambda _v: _neu(None)))
    fortsetzen_knoepfe = tisch.fortsetzen_knoepfe(bool(_gespeichert), on_click=_fortsetzen)
    mo.vstack(
        [
            mo.md("## Kampf anlegen oder fortsetzen"),
            teilnehmer,
            mo.accordion({"Hausregeln und ältere Lesarten (siehe docs/aloran.md)": mo.vstack(list(hausregeln.elements.values()))}),
            neu_knopf,
            kampf_wahl,
            mo.hstack(list(fortsetzen_knoepfe.values()), justify="start", wrap=True),
        ]
    )
    return fortsetzen_knoepfe, hausregeln, kampf_wahl, neu_knopf, teilnehmer


@app.cell
def _(get_version, kampftisch):
    get_version()
    verlauf = kampftisch.verlauf
    kampf = verlauf.zustand if verlauf is not None else None
    wer = aloran_zug.am_zug(kampf) if kampf is not None else None
    return kampf, verlauf, wer


@app.cell
def _(get_meldung):
    tisch.meldung_ansicht(get_meldung(), "aloran-meldung")
    return


@app.cell
def _(kampf, verlauf):
    mo.stop(kampf is None, mo.md("<span id='aloran-runde'>Noch kein Kampf – oben anlegen oder fortsetzen.</span>"))
    _nur_lesen = (
        mo.callout(mo.md("🔒 Nur ansehen: eine andere Sitzung führt diesen Kampf."), kind="warn") if verlauf.nur_lesen else mo.md("")
    )
    mo.vstack(
        [
            mo.md(f"## <span id='aloran-runde'>Runde {kampf.runde}</span>"),
            _nur_lesen,
            mo.ui.table(tisch.tabelle_deutsch(pl.DataFrame(aloran.uebersicht(kampf))), selection=None, pagination=False,
                        wrapped_columns=["Verletzung", "Zustand"], show_download=False,
                        label="Handlungsreihenfolge (höchste Initiative zuerst; gleiche Zahl = gleichzeitig)"),
            mo.accordion({"Wunden je Körperzone": mo.vstack([
                mo.Html(aloran_diagramme.koerper_html(sitzung.koerper_eintraege(kampf))),
                mo.ui.table(tisch.tabelle_deutsch(pl.DataFrame(aloran.wunden_zeilen(kampf))), selection=None, pagination=False,
                            show_download=False),
            ])}, lazy=True),
        ]
    )
    return


@app.cell
def _(kampf):
    # Zwischen den Runden: Eingaben für die Initiative (nur vor dem Kampf)
    mo.stop(kampf is None or aloran_zug.am_zug(kampf) is not None)
    _vor_dem_kampf = any(k.initiative is None for k in kampf.kaempfer)
    initiative_augen = mo.ui.dictionary(
        {k.name: mo.ui.text(placeholder="W10", max_length=2, label=k.name) for k in kampf.kaempfer} if _vor_dem_kampf else {}
    )
    hinterhalt = mo.ui.multiselect(options=list(kampf.namen), label="Im Hinterhalt überrascht (kein W10)")
    return hinterhalt, initiative_augen


@app.cell
def _(hinterhalt, initiative_augen, kampf, kampftisch, wuerfel_rng):
    # Neue Runde – vor dem Kampf samt Initiative (Initiativewert + 1W10, gilt den ganzen Kampf): ein Klick
    (_runde,) = aloran_zug.aktionen(kampf, None)
    runde_knopf = mo.ui.button(
        label=_runde.text, kind="success", disabled=not _runde.erlaubt,
        on_click=kampftisch.klick(lambda v: kampftisch.schritte(lambda vv: aloran_zug.neue_runde(
            vv, rng=wuerfel_rng, augen={n: t for n, t in initiative_augen.value.items() if t.strip()},
            hinterhalt=hinterhalt.value))),
    )
    mo.vstack(
        [
            runde_knopf,
            mo.accordion({"Initiative: echte W10 eintippen, Hinterhalt (leer = das Programm würfelt)": mo.vstack([
                mo.hstack(list(initiative_augen.elements.values()), justify="start", wrap=True), hinterhalt])})
            if initiative_augen.elements else mo.md(""),
            mo.md(f"<span class='tisch-verboten'>✗ {_runde.grund}</span>") if not _runde.erlaubt else mo.md(""),
        ]
    ).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})
    return (runde_knopf,)


@app.cell
def _(kampf, merker, wer):
    # Eingaben des Zug-Panels: nach jedem Schritt neu gebaut; die Auswahl gilt je Handelndem
    mo.stop(kampf is None or wer is None)
    if merker.get("_wer") != wer:
        merker.clear()
        merker["_wer"] = wer
    _gemerkt = merker

    def _merken(schluessel):
        def _f(wert):
            _gemerkt[schluessel] = wert

        return _f

    _ziele = [k.name for k in kampf.kaempfer if k.name != wer]
    _angriffe = sitzung.angriff_namen(kampf, wer)
    ziel_wahl = mo.ui.dropdown(
        options=_ziele, value=_gemerkt.get("ziel") if _gemerkt.get("ziel") in _ziele else aloran_zug.standard_ziel(kampf, wer),
        label=tisch.frisch("Ziel", wer), on_change=_merken("ziel"),
    )
    angriff_wahl = mo.ui.dropdown(
        options=_angriffe, value=_gemerkt.get("angriff") if _gemerkt.get("angriff") in _angriffe else aloran_zug.standard_waffe(kampf, wer),
        label=tisch.frisch("Angriff", wer), on_change=_merken("angriff"),
    )
    von_hinten = mo.ui.checkbox(value=_gemerkt.get("hinten", False), label=tisch.frisch("Attacke von hinten", wer), on_change=_merken("hinten"))
    mod_angriff = mo.ui.number(start=-10, stop=10, value=_gemerkt.get("mod_a", 0), label=tisch.frisch("± Würfel Angriff", wer),
                               on_change=_merken("mod_a"))
    mod_verteidigung = mo.ui.number(start=-10, stop=10, value=_gemerkt.get("mod_v", 0), label=tisch.frisch("± Würfel Verteidigung", wer),
                                    on_change=_merken("mod_v"))
    mo.vstack(
        [
            mo.md(f"### <span id='aloran-am-zug'>{wer}</span> ist am Zug"),
            mo.hstack([ziel_wahl, angriff_wahl], justify="start", wrap=True),
            mo.hstack([von_hinten, mod_angriff, mod_verteidigung], justify="start", wrap=True),
        ]
    )
    return angriff_wahl, mod_angriff, mod_verteidigung, von_hinten, ziel_wahl


@app.cell
def _(angriff_wahl, kampf, verlauf, wer, ziel_wahl):
    # Die Verteidigung des Ziels (seine Entscheidung vor dem Wurf): nur, was es gegen diesen Angriff noch bezahlen kann
    mo.stop(not ziel_wahl.value or not angriff_wahl.value)
    _moeglich = [v for v in sitzung.verteidigung_namen(kampf, ziel_wahl.value, wer, angriff_wahl.value)
                 if aloran_kampf.kann_verteidigen(kampf, ziel_wahl.value, v)]
    verteidigung_wahl = mo.ui.dropdown(
        options=_moeglich + ["keine Verteidigung"], value=(_moeglich or ["keine Verteidigung"])[0],
        label=tisch.frisch(f"Verteidigung von {ziel_wahl.value}", (wer, ziel_wahl.value, len(verlauf.ereignisse))),
    )
    _haupt = ("angriff", "verteidigung", "zone", "schaden")
    augen = mo.ui.dictionary(
        {s: tisch.wuerfel_feld(aloran_kampf.WUERFEL_SCHLUESSEL[s], "z. B. 7 3 0 1" if s in _haupt[:2] else "z. B. 14",
                               schluessel=len(verlauf.ereignisse))
         for s in aloran_kampf.WUERFEL_SCHLUESSEL}
    )
    verteidigung_wahl
    return augen, verteidigung_wahl


@app.cell
def _(angriff_wahl, mod_angriff, mod_verteidigung, verteidigung_wahl, von_hinten, wer, ziel_wahl):
    auswahl = dict(
        angreifer=wer, ziel=ziel_wahl.value, angriff=angriff_wahl.value,
        verteidigung=None if verteidigung_wahl.value == "keine Verteidigung" else verteidigung_wahl.value,
        von_hinten=von_hinten.value, angriff_modifikator=int(mod_angriff.value or 0),
        verteidigung_modifikator=int(mod_verteidigung.value or 0),
    )
    return (auswahl,)


@app.cell
def _(auswahl, kampf, wer):
    # Chancen vor dem Wurf – nur für einen erlaubten Angriff
    _angriff = next(a for a in aloran_zug.aktionen(kampf, wer) if a.schluessel == "angriff")
    mo.stop(not _angriff.erlaubt, mo.md(f"<span id='aloran-verboten'>✗ Angreifen – nicht möglich: {_angriff.grund}</span>"))
    try:
        _vorschau = aloran_kampf.vorschau(kampf, **auswahl)
        _fehler = ""
    except ValueError as _f:
        _vorschau, _fehler = None, str(_f)
    mo.stop(_vorschau is None, mo.md(f"<span id='aloran-verboten'>✗ {_fehler}</span>"))
    mo.vstack([
        mo.md(f"**Chancen vor dem Wurf:** {_vorschau.text()}  \n<span id='aloran-chancen'>{sitzung.chancen_zeile(_vorschau)}</span>"),
        mo.hstack([
            mo.ui.altair_chart(aloran_diagramme.angriff_balken(_vorschau.chancen)),
            mo.ui.altair_chart(aloran_diagramme.folgen_balken(_vorschau.folgen, f"Was es {auswahl['ziel']} antut")),
        ], wrap=True),
        mo.accordion({
            "Patzer, Meistertreffer und Trefferzonen": mo.hstack([
                mo.ui.altair_chart(aloran_diagramme.sonder_balken(_vorschau.chancen, auswahl["angreifer"], auswahl["ziel"])),
                mo.ui.altair_chart(aloran_diagramme.zonen_balken()),
            ], wrap=True)
        }, lazy=True),
    ])
    return


@app.cell
def _(augen, auswahl, kampf, kampftisch, wer, wuerfel_rng):
    # Die Knöpfe des Zugs: Angreifen (Attacke, Parade, Zone und Schaden in einem), Zweitwaffe, Abwarten, Zug beenden, Rückgängig
    _aktionen = {a.schluessel: a for a in aloran_zug.aktionen(kampf, wer)}

    def _angreifen(zweitwaffe):
        def _f(v):
            _getippt = {s: t for s, t in augen.value.items() if t and t.strip()}
            _w = dict(auswahl)
            if zweitwaffe:
                _w["angriff"] = aloran.werte.zweitwaffe(kampf.kaempfer_namens(wer).werte).name
            kampftisch.schritt(lambda z: aloran.angriff_ereignis(z, **_w, zweitwaffe=zweitwaffe, rng=wuerfel_rng,
                                                                 augen=_getippt or None))

        return _f

    zug_knoepfe = [mo.ui.button(label="Angreifen", kind="success", disabled=not _aktionen["angriff"].erlaubt,
                                on_click=kampftisch.klick(_angreifen(False)))]
    if "zweitwaffe" in _aktionen:
        zug_knoepfe.append(mo.ui.button(label=_aktionen["zweitwaffe"].text, disabled=not _aktionen["zweitwaffe"].erlaubt,
                                        on_click=kampftisch.klick(_angreifen(True))))
    zug_knoepfe += [
        mo.ui.button(label="Abwarten", disabled=not _aktionen["abwarten"].erlaubt, on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(lambda z: aloran_kampf.abwarten_ereignis(z, wer)))),
        mo.ui.button(label="Zug beenden", disabled=not _aktionen["zug_beenden"].erlaubt, on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(lambda z: aloran_kampf.zug_ende_ereignis(z, wer)))),
        mo.ui.button(label="Rückgängig", kind="warn", on_click=kampftisch.klick(lambda v: kampftisch.rueckgaengig())),
    ]
    _haupt = ("angriff", "verteidigung", "zone", "schaden")
    _e = augen.elements
    mo.vstack(
        [
            mo.hstack([_e[s] for s in _haupt], justify="start", wrap=True),
            mo.accordion({"Weitere Würfel (Patzer- und Meistertreffer-Tabellen)": mo.hstack(
                [f for s, f in _e.items() if s not in _haupt], justify="start", wrap=True)}),
            mo.hstack(zug_knoepfe, justify="start", wrap=True),
            tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel != "angriff"]),
        ]
    ).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})
    return (zug_knoepfe,)


@app.cell
def _(angriff_wahl, kampf, wer, ziel_wahl):
    # Offene Entscheidungen: sofortige Bonus-Kampfaktionen, Abwartende, die Verteidigung des Ziels
    mo.stop(kampf is None)
    tisch.aufgaben_ansicht(aloran_zug.offene_entscheidungen(kampf, angreifer=wer, ziel=ziel_wahl.value if wer else None,
                                                            waffe=angriff_wahl.value if wer else None), "aloran-aufgaben")
    return


@app.cell
def _(kampf, kampftisch, stand, wer, wuerfel_rng):
    # Seltener gebraucht: Bewegung, Interaktion, Bonusaktion; Spielleiter-Eingriff, Eingreifen
    mo.stop(kampf is None)
    _namen = list(kampf.namen)
    _wer = mo.ui.dropdown(options=_namen, value=wer or _namen[0], label="Wer")
    _art = mo.ui.dropdown(options=list(aloran.werte.BEWEGUNGSFAKTOR), value="normal", label="Bewegungsart")
    _spurt = mo.ui.checkbox(label="Spurt (Kampfaktion, 6 Ausdauer → +1 Feld)")
    _gelaende = mo.ui.number(start=-10, stop=10, value=0, label="Gelände ±")
    _reittier = mo.ui.number(start=0, stop=5, value=0, label="Reittier-Stufe")
    _zone = mo.ui.dropdown(options=sitzung.zonen_auswahl(), value="Torso", label="Zone")
    _wunden = mo.ui.number(start=-60, stop=60, value=0, label="Wunden ± (negativ = heilen)")
    _schadensart = mo.ui.dropdown(options=list(aloran.daten.SCHADENSARTEN), value="Hieb", label="Schadensart")
    _ausdauer = mo.ui.number(start=-200, stop=200, value=0, label="Ausdauer ±")
    _grund = mo.ui.text(placeholder="Grund, z. B. Heiltrank", label="Grund")
    _neu = sitzung.noch_nicht_dabei(stand, kampf)
    _beitreten = mo.ui.dropdown(options=_neu, value=_neu[0] if _neu else None, label="Greift ein")
    _beitreten_w10 = mo.ui.text(placeholder="W10", max_length=2, label="Initiative-W10")
    mehr_knoepfe = [
        mo.ui.button(label="Bewegen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: aloran.bewegung_ereignis(
            z, _wer.value, _art.value, spurt=_spurt.value, gelaende=int(_gelaende.value or 0), reittier_stufe=int(_reittier.value or 0))))),
        mo.ui.button(label="Interaktion", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: aloran.aktion_ereignis(z, _wer.value, "interaktion")))),
        mo.ui.button(label="Bonus-Kampfaktion gewähren (Gegner verlässt Reichweite)", on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(lambda z: aloran.bonusaktion_ereignis(z, _wer.value, "kampf", "ein Gegner verlässt die Kampfreichweite")))),
        mo.ui.button(label="Eingriff eintragen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: aloran.eingriff_ereignis(
            z, _wer.value, zone=_zone.value, wunden=int(_wunden.value or 0), ausdauer=int(_ausdauer.value or 0),
            schadensart=_schadensart.value, grund=_grund.value)))),
        mo.ui.button(label="In den Kampf holen", disabled=not _neu, on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: aloran.beitreten_ereignis(z, stand.werte_namens([_beitreten.value])[0], rng=wuerfel_rng,
                                                augen=_beitreten_w10.value or None)))),
    ]
    mo.accordion({
        "Bewegung, Interaktion, Bonusaktionen": mo.vstack([
            _wer,
            mo.hstack([_art, _gelaende, _reittier, _spurt, mehr_knoepfe[0]], justify="start", align="end", wrap=True),
            mo.hstack(mehr_knoepfe[1:3], justify="start", wrap=True),
        ]),
        "Spielleiter: Wunden, Heilung, Ausdauer, Eingreifen": mo.vstack([
            mo.md("<small>Heilung und Ausdauer-Erholung regelt der Text nicht – hier trägt der Spielleiter sie ein "
                  "(steht im Protokoll, lässt sich zurücknehmen).</small>"),
            mo.hstack([_zone, _wunden, _schadensart, _ausdauer, _grund, mehr_knoepfe[3]], justify="start", align="end", wrap=True),
            mo.hstack([_beitreten, _beitreten_w10, mehr_knoepfe[4]], justify="start", align="end", wrap=True),
        ]),
    })
    return (mehr_knoepfe,)


@app.cell
def _(kampf, kampftisch, verlauf):
    mo.stop(kampf is None)
    nachladen_knopf = (
        mo.ui.button(label="Nachladen", on_click=kampftisch.klick(lambda v: kampftisch.nachladen())) if verlauf.nur_lesen else mo.md("")
    )
    spieler_elemente = tisch.spieler_und_bericht(verlauf)
    mo.vstack([nachladen_knopf, tisch.protokoll_ansicht(verlauf, "aloran-protokoll"), mo.hstack(spieler_elemente, justify="start", wrap=True)])
    return (nachladen_knopf, spieler_elemente)


if __name__ == "__main__":
    app.run()
