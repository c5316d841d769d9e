import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Aloran – Kampf am Spieltisch")

with app.setup:
    import marimo as mo
    import polars as pl

    from gm_helfer import aloran, boegen, diagramme, pfade, tisch
    from gm_helfer.aloran import diagramme as aloran_diagramme
    from gm_helfer.aloran import kampf as aloran_kampf
    from gm_helfer.aloran import sitzung
    from gm_helfer.aloran import zug as aloran_zug


@app.cell
def _():
    ladung = boegen.laden("aloran", pfade.charakter_ordner("aloran"))
    bogen_editor = tisch.bogen_editor(
        sitzung.bogen_tabellen(ladung),
        {"charaktere": "Charaktere", "waffen": "Waffen", "zauber": "Zauber",
         "manoever": "Manöver (kostenpflichtige Kampf-Spezialisierungen)"},
    )
    # Das Protokoll ist der einzige Zustand (siehe tisch.anlegen)
    get_version, get_meldung, get_start, kampftisch = tisch.anlegen()
    tisch.kopf(
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
    )
    return bogen_editor, get_meldung, get_start, get_version, kampftisch, ladung


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
    begegnung = tisch.begegnung_wahl("aloran")  # eine gespeicherte Begegnung (notebooks/begegnung.py)
    return (begegnung,)


@app.cell
def _(begegnung, get_start, kampftisch, stand):
    get_start()
    hausregeln = mo.ui.dictionary({name: mo.ui.checkbox(label=text) for name, text in aloran.OPTION_TEXTE.items()})
    _aus_begegnung = tisch.begegnung_start(begegnung.value, stand.boegen).namen if begegnung.value else None

    def _kampf(namen):
        if begegnung.value:
            _boegen, _optionen = tisch.begegnung_boegen(begegnung.value, stand.boegen, namen)
            _werte = [aloran.aus_bogen(b) for b in _boegen]
        else:
            _werte, _optionen = stand.werte_namens(namen), None
        return aloran.neuer_verlauf(aloran.neuer_kampf(_werte, _optionen or sitzung.optionen_aus(hausregeln.value)),
                                    tisch.protokoll_datei(aloran.SYSTEM))

    # Knöpfe als globale Namen: marimo hält Bedienelemente nur so am Leben
    teilnehmer, neu_knopf, _, _, anlage_ansicht = kampftisch.anlage(
        stand.namen,
        _kampf,
        vorauswahl=_aus_begegnung,
        zuletzt=sitzung.gespeicherte_kaempfe,
        sonst=stand.vorauswahl(),
        fortgesetzt=lambda v: _aus_begegnung or list(v.zustand.namen),
        einstellungen=[begegnung, mo.accordion({"Hausregeln und ältere Lesarten (siehe docs/aloran.md)": mo.vstack(list(hausregeln.elements.values()))})],
    )
    return anlage_ansicht, hausregeln, neu_knopf, teilnehmer


@app.cell
def _(get_start, kampftisch):
    get_start()  # nach „Neuer Kampf“ steht er gleich in der Liste
    kampf_wahl, fortsetzen_knoepfe = kampftisch.fortsetzen_wahl(sitzung.gespeicherte_kaempfe(), aloran.aus_kopf, aloran.anwenden)
    fortsetzen_ansicht = mo.vstack([kampf_wahl, tisch.reihe(*fortsetzen_knoepfe.values())])
    return fortsetzen_ansicht, fortsetzen_knoepfe, kampf_wahl


@app.cell
def _(anlage_ansicht, fortsetzen_ansicht, verlauf):
    # Läuft ein Kampf, ist „Kampf anlegen oder fortsetzen“ eine Zeile (Kämpfer, Runde, Datei) – „ändern“ klappt sie auf
    tisch.anlage_eingeklappt(verlauf, anlage_ansicht, fortsetzen_ansicht)
    return


@app.cell
def _(get_version, kampftisch):
    # Nach jedem Schritt: der Stand (wer ist dran) und die Lage darüber
    verlauf, kampf, wer = kampftisch.stand(aloran_zug.am_zug, get_version())
    tisch.lage_ansicht(verlauf, "aloran-runde", lambda k: [
        mo.md(f"## <span id='aloran-runde'>Runde {k.runde}</span>"),
        tisch.tabelle(pl.DataFrame(aloran.uebersicht(k)),
                      titel="Handlungsreihenfolge (höchste Initiative zuerst; gleiche Zahl = gleichzeitig)"),
        # lazy mit Funktion: gebaut erst beim Aufklappen, nicht bei jedem Schritt
        mo.accordion({"Wunden je Körperzone": lambda: mo.vstack([
            mo.Html(aloran_diagramme.koerper_html(sitzung.koerper_eintraege(k))),
            tisch.tabelle(pl.DataFrame(aloran.wunden_zeilen(k))),
        ])}, lazy=True),
    ])
    return kampf, verlauf, wer


@app.cell
def _(kampf, wer):
    # Wer handelt: wer am Zug ist – oder außer der Reihe, wer eine sofortige Bonus-Kampfaktion hat oder abwartet
    mo.stop(kampf is None or wer is None)
    _namen = aloran_zug.handelnde(kampf)
    handelnd_wahl = mo.ui.dropdown(options=_namen, value=wer if wer in _namen else _namen[0],
                                   label="Wer handelt (außer der Reihe: sofortige Bonus-Kampfaktion, Abwartende)")
    handelnd_wahl if len(_namen) > 1 else mo.md("")
    return (handelnd_wahl,)


@app.cell
def _(handelnd_wahl):
    akteur = handelnd_wahl.value
    return (akteur,)


@app.cell
def _(kampf):
    # Zwischen den Runden: Eingaben für die Initiative (nur vor dem Kampf)
    mo.stop(kampf is None or aloran_zug.am_zug(kampf) is not None)
    _vor_dem_kampf = any(k.initiative is None for k in kampf.kaempfer)
    initiative_augen = mo.ui.dictionary(
        {k.name: mo.ui.text(placeholder="W10", max_length=2, label=k.name) for k in kampf.kaempfer} if _vor_dem_kampf else {}
    )
    hinterhalt = tisch.mehrfachwahl(list(kampf.namen), label="Im Hinterhalt überrascht (kein W10)")
    return hinterhalt, initiative_augen


@app.cell
def _(hinterhalt, initiative_augen, kampf, kampftisch):
    # Neue Runde – vor dem Kampf samt Initiative (Initiativewert + 1W10, gilt den ganzen Kampf): ein Klick
    (_runde,) = aloran_zug.aktionen(kampf, None)
    runde_knopf = kampftisch.knopf(_runde.text, folge=lambda v: aloran_zug.neue_runde(
        v, rng=kampftisch.rng, augen={n: t for n, t in initiative_augen.value.items() if t.strip()}, hinterhalt=tisch.gewaehlt(hinterhalt)),
        aktion=_runde, kind="success")
    tisch.zug_rahmen(
        runde_knopf,
        mo.accordion({"Initiative: echte W10 eintippen, Hinterhalt (leer = das Programm würfelt)": mo.vstack([
            tisch.reihe(*initiative_augen.elements.values()), tisch.wahl_ansicht(hinterhalt)])})
        if initiative_augen.elements else mo.md(""),
        tisch.grund_ansicht(_runde),
    )
    return (runde_knopf,)


@app.cell
def _(akteur, kampf, kampftisch):
    # Eingaben des Zug-Panels: nach jedem Schritt neu gebaut; die Auswahl gilt je Handelndem
    wer_handelt = akteur
    mo.stop(kampf is None or wer_handelt is None)
    _auswahl = kampftisch.auswahl(wer_handelt)
    # vorgewählt das Ziel, das dieser Angriff am wahrscheinlichsten ausschaltet (Chance neben jedem Namen)
    _ziel_optionen, _ziel_vorgabe = aloran_zug.ziel_optionen(
        kampf, wer_handelt, _auswahl.gemerkt("angriff"),
        taktik=kampftisch.taktik(kampf.kaempfer_namens(wer_handelt).werte.seite))
    ziel_wahl = _auswahl.dropdown("ziel", _ziel_optionen, _ziel_vorgabe, "Ziel")
    angriff_wahl = _auswahl.dropdown("angriff", sitzung.angriff_namen(kampf, wer_handelt),
                                     aloran_zug.standard_waffe(kampf, wer_handelt), "Angriff")
    von_hinten = _auswahl.haken("hinten", "Attacke von hinten")
    mod_angriff = _auswahl.zahl("mod_a", "± Würfel Angriff", -10, 10)
    mod_verteidigung = _auswahl.zahl("mod_v", "± Würfel Verteidigung", -10, 10)
    mo.vstack(
        [
            mo.md(f"### <span id='aloran-am-zug'>{wer_handelt}</span> {aloran_zug.handelt_text(kampf, wer_handelt)}"),
            tisch.reihe(ziel_wahl, angriff_wahl),
            tisch.reihe(von_hinten, mod_angriff, mod_verteidigung),
        ]
    )
    return angriff_wahl, mod_angriff, mod_verteidigung, von_hinten, wer_handelt, ziel_wahl


@app.cell
def _(angriff_wahl, kampf, kampftisch, nsc_automatik, verlauf, wer_handelt, ziel_wahl):
    # Die Verteidigung des Ziels (seine Entscheidung vor dem Wurf): nur, was es gegen diesen Angriff noch bezahlen kann
    mo.stop(not ziel_wahl.value or not angriff_wahl.value)
    _moeglich = [v for v in sitzung.verteidigung_namen(kampf, ziel_wahl.value, wer_handelt, angriff_wahl.value)
                 if aloran_kampf.kann_verteidigen(kampf, ziel_wahl.value, v)]
    # ein Gegner wehrt nach seiner Taktik ab (vorausgewählt, änderbar): dieselbe Wahl wie in der Simulation
    _taktik_wahl = aloran_zug.nsc_verteidigung(kampf, wer_handelt, ziel_wahl.value, angriff_wahl.value,
                                               taktik=kampftisch.taktik(kampf.kaempfer_namens(ziel_wahl.value).werte.seite)) \
        if nsc_automatik.value.get("verteidigung") else None
    verteidigung_wahl = mo.ui.dropdown(
        options=_moeglich + ["keine Verteidigung"],
        value=_taktik_wahl if _taktik_wahl in _moeglich else (_moeglich or ["keine Verteidigung"])[0],
        label=tisch.frisch(f"Verteidigung von {ziel_wahl.value}", (wer_handelt, ziel_wahl.value, len(verlauf.ereignisse))),
    )
    verteidigung_wahl
    return (verteidigung_wahl,)


@app.cell
def _(auswahl, kampf, kampftisch, verlauf):
    # Die Würfel vom Tisch – je Feld ein Beispiel für diesen Wurf (so viele W10, wie der Pool hat). Wer erst
    # würfelt und dann Ziel, Angriff oder Verteidigung wechselt, behält seine Augen: die Zelle läuft neu, der
    # Tisch merkt sie sich bis zum nächsten Schritt (Tisch.wuerfel_felder). Breit im Raster
    # (tisch.wuerfel_reihe, Spalten ab 15em: bei 820 px zwei je Zeile): das ganze Beispiel steht im Feld
    mo.stop(verlauf is None)
    _beispiel = aloran_zug.wurf_beispiele(kampf, **auswahl)
    augen = kampftisch.wuerfel_felder(
        {s: (t, _beispiel[s]) for s, t in aloran_kampf.WUERFEL_SCHLUESSEL.items()}, schritt=len(verlauf.ereignisse),
        breit=True)
    return (augen,)


@app.cell
def _(angriff_wahl, mod_angriff, mod_verteidigung, verteidigung_wahl, von_hinten, wer_handelt, ziel_wahl):
    auswahl = dict(
        angreifer=wer_handelt, ziel=ziel_wahl.value, angriff=angriff_wahl.value,
        verteidigung=None if verteidigung_wahl.value == "keine Verteidigung" else verteidigung_wahl.value,
        von_hinten=von_hinten.value, angriff_modifikator=int(mod_angriff.value or 0),
        verteidigung_modifikator=int(mod_verteidigung.value or 0),
    )
    return (auswahl,)


@app.cell
def _(auswahl, kampf, wer_handelt):
    # Chancen vor dem Wurf – nur für einen erlaubten Angriff
    _angriff = next(a for a in aloran_zug.aktionen(kampf, wer_handelt) if a.schluessel == "angriff")
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
            # klein, damit beide nebeneinander stehen (1280 px) und das Panel samt Ergebnis ins Fenster passt
            mo.ui.altair_chart(aloran_diagramme.angriff_balken(_vorschau.chancen, breite=diagramme.BREITE_KLEIN,
                                                               balken=diagramme.BALKEN_KLEIN)),
            mo.ui.altair_chart(aloran_diagramme.folgen_balken(_vorschau.folgen, f"Was es {auswahl['ziel']} antut",
                                                              breite=diagramme.BREITE_KLEIN, balken=diagramme.BALKEN_KLEIN)),
        ], wrap=True),
        mo.accordion({
            # lazy mit Funktion (Werte als Vorgabe gebunden: im letzten
            # Ausdruck hält marimo _-Namen nach dem Zelllauf nicht fest)
            "Patzer, Meistertreffer und Trefferzonen": lambda chancen=_vorschau.chancen, wahl=dict(auswahl): mo.hstack([
                mo.ui.altair_chart(aloran_diagramme.sonder_balken(chancen, wahl["angreifer"], wahl["ziel"])),
                mo.ui.altair_chart(aloran_diagramme.zonen_balken()),
            ], wrap=True)
        }, lazy=True),
    ])
    return


@app.cell
def _(augen, auswahl, kampf, kampftisch, wer_handelt):
    # Die Knöpfe des Zugs: Angreifen (Attacke, Parade, Zone und Schaden in einem), Zweitwaffe, Abwarten, Zug beenden, Verzichten, Rückgängig
    _wer = wer_handelt
    _aktionen = {a.schluessel: a for a in aloran_zug.aktionen(kampf, _wer)}

    def _angreifen(zweitwaffe):
        def _f(v):
            _getippt = {s: t for s, t in augen.value.items() if t and t.strip()}
            _w = dict(auswahl)
            if zweitwaffe:
                _w["angriff"] = aloran.werte.zweitwaffe(kampf.kaempfer_namens(_wer).werte).name
            kampftisch.schritt(lambda z: aloran.angriff_ereignis(z, **_w, zweitwaffe=zweitwaffe, rng=kampftisch.rng,
                                                                 augen=_getippt or None))

        return _f

    zug_knoepfe = [mo.ui.button(label=_aktionen["angriff"].text, kind="success", disabled=not _aktionen["angriff"].erlaubt,
                                on_click=kampftisch.klick(_angreifen(False)))]
    if "zweitwaffe" in _aktionen:
        zug_knoepfe.append(mo.ui.button(label=_aktionen["zweitwaffe"].text, disabled=not _aktionen["zweitwaffe"].erlaubt,
                                        on_click=kampftisch.klick(_angreifen(True))))
    zug_knoepfe += [
        kampftisch.knopf("Abwarten", lambda z: aloran_kampf.abwarten_ereignis(z, _wer), aktion=_aktionen["abwarten"]),
        kampftisch.knopf("Zug beenden", lambda z: aloran_kampf.zug_ende_ereignis(z, _wer), aktion=_aktionen["zug_beenden"]),
    ]
    if _aktionen["verzichten"].erlaubt:
        zug_knoepfe.append(kampftisch.knopf(_aktionen["verzichten"].text, lambda z: aloran_kampf.verzicht_ereignis(z, _wer),
                                            aktion=_aktionen["verzichten"]))
    zug_knoepfe.append(kampftisch.rueckgaengig_knopf())
    _haupt = ("angriff", "verteidigung", "zone", "schaden")
    _e = augen.elements
    tisch.zug_rahmen(
        tisch.wuerfel_reihe(*(_e[s] for s in _haupt), spalten="repeat(auto-fit, minmax(15em, 1fr))"),
        mo.accordion({"Weitere Würfel (Patzer- und Meistertreffer-Tabellen)":
                      tisch.wuerfel_reihe(*(f for s, f in _e.items() if s not in _haupt))}),
        tisch.reihe(*zug_knoepfe),
        tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel not in ("angriff", "verzichten")]),
    )
    return (zug_knoepfe,)


@app.cell
def _(get_meldung):
    tisch.meldung_ansicht(get_meldung(), "aloran-meldung")
    return


@app.cell
def _(angriff_wahl, kampf, wer, ziel_wahl):
    # Offene Entscheidungen: sofortige Bonus-Kampfaktionen, Abwartende, die Verteidigung des Ziels
    mo.stop(kampf is None)
    tisch.aufgaben_ansicht(aloran_zug.offene_entscheidungen(kampf, angreifer=wer, ziel=ziel_wahl.value if wer else None,
                                                            waffe=angriff_wahl.value if wer else None), "aloran-aufgaben")
    return


@app.cell
def _(augen, kampf, kampftisch, wer_handelt):
    # Der Vorschlag der Taktik für einen Gegner (NSC) – mit den exakten Chancen; ein Klick spielt ihn
    # (eingetippte Würfel oben gelten), „Gruppe handelt“ spielt alle NSC dieser Initiative
    mo.stop(kampf is None or wer_handelt is None or not aloran_zug.ist_nsc(kampf, wer_handelt))
    _taktik = kampftisch.taktik(kampf.kaempfer_namens(wer_handelt).werte.seite)
    _vs = aloran_zug.vorschlag(kampf, wer_handelt, taktik=_taktik)
    _gruppe = aloran_zug.gruppe_faellig(kampf)
    helden_taktik = mo.ui.checkbox(label="Helden wehren nach der Taktik ab (sonst hält die Gruppe an)")
    _zeile = _vs.text if _vs else f"{wer_handelt} hat gerade nichts zu tun."
    if _vs is not None and _vs.schluessel == "angriff":
        _zeile += " – " + sitzung.chancen_zeile(aloran_kampf.vorschau(kampf, _vs.wer, _vs.ziel, _vs.angriff, _vs.verteidigung))

    def _spielen(v, taktik_=_taktik):  # Vorgabe bindet den Wert: marimo räumt die _-Namen der Zelle ab
        _getippt = {s: t for s, t in augen.value.items() if t and t.strip()}
        kampftisch.schritte(lambda verlauf: [e.text for e in aloran_zug.vorschlag_spielen(
            verlauf, wer_handelt, augen=_getippt or None, rng=kampftisch.rng, taktik=taktik_)])

    vorschlag_knoepfe = [mo.ui.button(label="Vorschlag spielen", kind="success", disabled=_vs is None,
                             on_click=kampftisch.klick(_spielen))]
    if _gruppe:
        vorschlag_knoepfe.append(mo.ui.button(
            label=f"Gruppe handelt ({', '.join(_gruppe)})",
            on_click=kampftisch.klick(lambda v, taktik_=_taktik: kampftisch.schritte(lambda verlauf: [aloran_zug.gruppe_handelt(
                verlauf, rng=kampftisch.rng, taktik=taktik_, helden_fragen=not helden_taktik.value).text]))))
    mo.vstack([mo.md(f"**Vorschlag (Taktik):** <span id='aloran-vorschlag'>{_zeile}</span>"),
               tisch.reihe(*vorschlag_knoepfe, helden_taktik)])
    return helden_taktik, vorschlag_knoepfe


@app.cell
def _(kampf, kampftisch):
    # Die Taktik je Seite (Issue 26, Punkt 4): wie in begegnung.py, aus der Begegnung oder dem gespeicherten Kampf
    mo.stop(kampf is None)
    taktik_je_seite, _ansicht = kampftisch.taktik_ansicht(sorted({x.werte.seite for x in kampf.kaempfer}))
    _ansicht
    return (taktik_je_seite,)


@app.cell
def _(kampftisch):
    # Entscheidungen der Gegner ohne Rückfrage (Issue 26, Punkt 3): je Art ein Schalter, nach der Taktik
    nsc_automatik = kampftisch.nsc_schalter(aloran_zug)
    kampftisch.schalter_ansicht(nsc_automatik)
    return (nsc_automatik,)


@app.cell
def _():
    # Lagebild (nur Spielleiter, Issue 25): ein Lauf je Sitzung; er rechnet im Hintergrund (eigener Prozess) –
    # kein Klick und keine Einzelwurf-Chance wartet darauf. „Lagebild je Wahl“ spielt die Wahlen des
    # Augenblicks dazu (wenige Kämpfe je Wahl, ebenfalls im Hintergrund).
    from gm_helfer import tisch_lage as _tl

    lage_lauf = _tl.lage_lauf('aloran', seite='Helden')
    lagebild_an, lagebild_je_wahl = _tl.lage_schalter()
    mo.hstack([lagebild_an, lagebild_je_wahl], justify="start")
    return lage_lauf, lagebild_an, lagebild_je_wahl


@app.cell
def _(kampf, lage_lauf, lagebild_an, lagebild_je_wahl, verlauf):
    # Nach jedem Schritt: die Rechnung anstoßen; der Faden schreibt jede Stufe in diese Zelle
    from gm_helfer import tisch_lage as _tl

    _tl.lage_zelle(lage_lauf, len(verlauf.ereignisse) if verlauf else 0, kampf, an=lagebild_an.value,
                   je_wahl=lagebild_je_wahl.value, runde=kampf.runde if kampf else 0, aktiv=kampf is not None and len({_k.werte.seite for _k in kampf.kaempfer if _k.handelt}) > 1, hook='aloran-lagebild')
    return


@app.cell
def _(kampf, kampftisch, stand, wer):
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
    _bonus_art = mo.ui.dropdown(options=list(aloran_zug.BONUSAKTIONEN), value="Kampfaktion", label="Bonusaktion")
    _bonus_grund = mo.ui.text(value="ein Gegner verlässt die Kampfreichweite", label="Grund")
    mehr_knoepfe = [
        mo.ui.button(label="Bewegen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: aloran.bewegung_ereignis(
            z, _wer.value, _art.value, spurt=_spurt.value, gelaende=int(_gelaende.value or 0), reittier_stufe=int(_reittier.value or 0))))),
        mo.ui.button(label="Interaktion", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: aloran.aktion_ereignis(z, _wer.value, "interaktion")))),
        mo.ui.button(label="Bonusaktion gewähren", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: aloran.bonusaktion_ereignis(z, _wer.value, aloran_zug.BONUSAKTIONEN[_bonus_art.value], _bonus_grund.value)))),
        mo.ui.button(label="Eingriff eintragen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: aloran.eingriff_ereignis(
            z, _wer.value, zone=_zone.value, wunden=int(_wunden.value or 0), ausdauer=int(_ausdauer.value or 0),
            schadensart=_schadensart.value, grund=_grund.value)))),
        mo.ui.button(label="In den Kampf holen", disabled=not _neu, on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: aloran.beitreten_ereignis(z, stand.werte_namens([_beitreten.value])[0], rng=kampftisch.rng,
                                                augen=_beitreten_w10.value or None)))),
    ]
    nachladen_knopf, spieler_elemente, _protokoll = kampftisch.protokoll_teil("aloran-protokoll")
    mo.vstack([
        mo.accordion({
            "Bewegung, Interaktion, Bonusaktionen": mo.vstack([
                _wer,
                mo.hstack([_art, _gelaende, _reittier, _spurt, mehr_knoepfe[0]], justify="start", align="end", wrap=True),
                mo.hstack([mehr_knoepfe[1], _bonus_art, _bonus_grund, mehr_knoepfe[2]], justify="start", align="end", wrap=True),
            ]),
            "Spielleiter: Wunden, Heilung, Ausdauer, Eingreifen": mo.vstack([
                mo.md("<small>Heilung und Ausdauer-Erholung regelt der Text nicht – hier trägt der Spielleiter sie ein "
                      "(steht im Protokoll, lässt sich zurücknehmen).</small>"),
                mo.hstack([_zone, _wunden, _schadensart, _ausdauer, _grund, mehr_knoepfe[3]], justify="start", align="end", wrap=True),
                mo.hstack([_beitreten, _beitreten_w10, mehr_knoepfe[4]], justify="start", align="end", wrap=True),
            ]),
        }),
        _protokoll,
    ])
    return mehr_knoepfe, nachladen_knopf, spieler_elemente


if __name__ == "__main__":
    app.run()
