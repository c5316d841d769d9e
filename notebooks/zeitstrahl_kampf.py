import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Zeitstrahl – Kampf am Spieltisch")

with app.setup:
    import marimo as mo

    from gm_helfer import diagramme, pfade, tisch, zeitstrahl
    from gm_helfer.zeitstrahl import diagramme as zs_diagramme
    from gm_helfer.zeitstrahl import sitzung
    from gm_helfer.zeitstrahl import zug as zs_zug


@app.cell
def _():
    ladung, bogen_editor = tisch.boegen_laden(
        "zeitstrahl", zeitstrahl.SCHEMA,
        {"charaktere": "Charaktere", "waffen": "Waffen und Schilde", "ruestung": "Rüstungsschichten je Zone",
         "spezialisierungen": "Spezialisierungen"},
    )
    # Das Protokoll ist der einzige Zustand (siehe tisch.anlegen)
    get_version, get_meldung, get_start, kampftisch = tisch.anlegen()
    tisch.kopf(
        """
        # Zeitstrahl – Kampf am Spieltisch

        Der Kampf läuft auf einem **Zeitstrahl** (ein Tick ≈ eine halbe Sekunde): wer die
        niedrigste Position hat, handelt; jede Aktion schiebt ihn um ihre Ticks nach hinten, wer
        gleichauf steht, handelt gleichzeitig. Oben den Kampf anlegen oder fortsetzen, dann spielt
        sich alles im **Zug-Panel** ab: wer dran ist, was er darf, die exakten Chancen gegen jede
        Verteidigung, die das Ziel wählen darf, der Wurf (vom Programm oder eingetippt) und was
        offen bleibt (Konter, angesagte Reaktionen). Jeder Schritt steht im Protokoll samt Regel.
        """
    )
    return bogen_editor, get_meldung, get_start, get_version, kampftisch, ladung


@app.cell
def _(bogen_editor, kampftisch, ladung):
    geprueft, speichern_knopf, _ansicht = kampftisch.boegen_pruefen(
        bogen_editor, ladung, zeitstrahl.SCHEMA, "Charakterbögen bearbeiten (Werte, Waffen, Rüstung, Spezialisierungen)")
    _ansicht
    return geprueft, speichern_knopf


@app.cell
def _():
    begegnung = tisch.begegnung_wahl("zeitstrahl")  # eine gespeicherte Begegnung (notebooks/begegnung.py)
    return (begegnung,)


@app.cell
def _(begegnung, geprueft, get_start, kampftisch):
    get_start()
    _alle = {b.name: zeitstrahl.kaempfer_aus_bogen(b) for b in geprueft.boegen}
    hausregeln = mo.ui.dictionary(
        {
            "probe": mo.ui.dropdown(options=["W20", "2W10"], value="W20", label="Probenwürfel"),
            "kritisch_trifft_immer": mo.ui.switch(value=False, label="Kritisch trifft auch aktive Verteidigung"),
            "reaktion_nur_im_fenster": mo.ui.switch(value=True, label="Reaktion nur, wenn der Angriff nicht vor der eigenen Aktion endet"),
            "parade_mit_verteidigungsbonus": mo.ui.switch(value=True, label="Parade mit Verteidigungsbonus der Waffe"),
            "sturz_mit_patzertabelle": mo.ui.switch(value=False, label="Krit-Effekt 4: auch der erhöhte Bereich würfelt auf der Patzertabelle"),
            "konter_spezialisierung_beides": mo.ui.switch(value=False, label="Konter-Spezialisierung senkt Erschwernis und erlaubt Zeitdifferenz"),
            "waffenlose_parade_je_wuerfel": mo.ui.switch(value=True, label="Waffenlose Parade: jeden Trefferpunktewürfel vierteln (sonst die Summe)"),
            "gleichzeitig": mo.ui.switch(value=True, label="Gleichzeitig dran: gleichzeitig handeln (aus: nacheinander)"),
            "gesundheit": mo.ui.dropdown(options={"Lebenspunkte (kampfunfähig bei 0)": "lebenspunkte", "ohne (SL entscheidet)": "ohne"},
                                         value="Lebenspunkte (kampfunfähig bei 0)", label="Gesundheitsmodell"),
        }
    )
    # Knöpfe als globale Namen: marimo hält Bedienelemente nur so am Leben
    _aus_begegnung = tisch.begegnung_start(begegnung.value, geprueft.boegen).namen if begegnung.value else None

    def _kampf(namen):
        _kaempfer, _optionen = ([_alle[n] for n in namen], None)
        if begegnung.value:
            _boegen, _optionen = tisch.begegnung_boegen(begegnung.value, geprueft.boegen, namen)
            _kaempfer = [zeitstrahl.kaempfer_aus_bogen(b) for b in _boegen]
        return sitzung.neuer_verlauf(_kaempfer, _optionen or zeitstrahl.Optionen(**hausregeln.value), pfade.kampf_ordner())

    teilnehmer, neu_knopf, _, _, anlage_ansicht = kampftisch.anlage(
        list(_alle),
        _kampf,
        vorauswahl=_aus_begegnung,
        zuletzt=sitzung.gespeicherte_kaempfe,
        sonst=[n for n in ("Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger") if n in _alle],
        fortgesetzt=lambda v: _aus_begegnung or [t.name for t in v.zustand.teilnehmer],
        einstellungen=[begegnung, mo.accordion({"Hausregeln (Lesarten in docs/zeitstrahl.md)": mo.vstack(list(hausregeln.elements.values()))})],
    )
    return anlage_ansicht, hausregeln, neu_knopf, teilnehmer


@app.cell
def _(get_start, kampftisch):
    get_start()  # nach „Neuer Kampf“ steht er gleich in der Liste
    kampf_wahl, fortsetzen_knoepfe = kampftisch.fortsetzen_wahl(sitzung.gespeicherte_kaempfe(pfade.kampf_ordner()), zeitstrahl.kampf_aus_kopf, zeitstrahl.anwenden)
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
    verlauf, kampf, wer = kampftisch.stand(zs_zug.am_zug, get_version())
    tisch.lage_ansicht(verlauf, "zs-lage", lambda k: [
        mo.md(f"## <span id='zs-lage'>Tick {k.jetzt if k.gestartet else tisch.LEER}</span> · "
              f"dran: <span id='zs-dran'>{', '.join(k.am_zug) if k.gestartet else tisch.LEER}</span>"),
        zs_diagramme.zeitstrahl_jetzt(k) if k.gestartet else mo.md(""),
        mo.accordion({"Kämpfer (Tick, Lebenspunkte, Waffen, Zustände)": tisch.tabelle(sitzung.reihenfolge_tabelle(k))}),
    ])
    return kampf, verlauf, wer


@app.cell
def _(kampf):
    # Vor dem Kampf: die Schwierigkeit je Partei und die echten Startwürfe
    mo.stop(kampf is None or kampf.gestartet)
    schwierigkeit = mo.ui.dictionary(
        {p: mo.ui.number(value=kampf.optionen.start_schwierigkeit, start=0, stop=80, label=f"Start-Schwierigkeit {p}")
         for p in dict.fromkeys(t.partei for t in kampf.teilnehmer)}
    )
    start_augen = mo.ui.text(label="Echte W20 je Name", placeholder="leer = Programm würfelt; z. B. Herkulos=14, Söldner=7", full_width=True)
    return schwierigkeit, start_augen


@app.cell
def _(kampf, kampftisch, schwierigkeit, start_augen):
    # Startpositionen – ein Klick
    (_start,) = zs_zug.aktionen(kampf, None)

    def _starten(v):
        _augen = sitzung.namen_augen(start_augen.value) or None
        kampftisch.schritt(lambda z: zeitstrahl.start_ereignis(z, dict(schwierigkeit.value),
                                                               rng=None if _augen else kampftisch.rng, augen=_augen))

    start_knopf = mo.ui.button(label=_start.text, kind="success", on_click=kampftisch.klick(_starten))
    mo.vstack(
        [
            mo.md("### Startpositionen: Probe auf Kampferfahrung gegen die Schwierigkeit"),
            mo.md("<small>Furchterregende Gegner oder ein Überraschungsangriff erhöhen die Schwierigkeit einer Partei. "
                  "Vor dem Wurf: Chance auf Tick 0, mittlere und späteste Startposition (exakt).</small>"),
            mo.hstack(list(schwierigkeit.elements.values()), justify="start", wrap=True),
            tisch.tabelle(sitzung.start_tabelle(kampf, dict(schwierigkeit.value)),
                          formate={"Tick 0": tisch.prozent, "Mittel": tisch.zahl}),
            start_augen,
            start_knopf,
        ]
    ).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})
    return (start_knopf,)


@app.cell
def _(kampf, kampftisch, wer):
    # Eingaben des Zug-Panels: nach jedem Schritt neu gebaut; die Auswahl gilt je Handelndem
    mo.stop(kampf is None or wer is None)
    _auswahl = kampftisch.auswahl(wer)
    _ziele = [t.name for t in kampf.teilnehmer if t.name != wer]
    _a = kampf[wer].kaempfer
    _waffen = {f"{w.name} ({w.schaden}, {tisch.anzahl(w.geschwindigkeit, 'Tick', 'Ticks')})": w.name for w in _a.waffen}
    ziel_wahl = _auswahl.dropdown("ziel", _ziele, zs_zug.standard_ziel(kampf, wer), "Ziel")
    waffe_wahl = _auswahl.dropdown("waffe", _waffen, zs_zug.standard_waffe(kampf, wer), "Waffe")
    modifikator = _auswahl.zahl("modifikator", "Modifikator Angriff", -20, 20)
    mo.vstack(
        [
            mo.md(f"### <span id='zs-am-zug'>{wer}</span> ist am Zug"
                  + (" (kontert)" if kampf.konter is not None else "")),
            mo.md(f"<span id='zs-gleichzeitig'>{zs_zug.abtausch_hinweis(kampf, wer)}</span>"),
            tisch.reihe(ziel_wahl, waffe_wahl, modifikator),
        ]
    )
    return modifikator, waffe_wahl, ziel_wahl


@app.cell
def _(kampf, kampftisch, nsc_automatik, verlauf, wer, ziel_wahl):
    # Die Verteidigung des Ziels (seine Entscheidung vor dem Wurf) und die Würfel vom Tisch
    _z = kampf[ziel_wahl.value].kaempfer if ziel_wahl.value else None
    _vwaffen = {w.name: i for i, w in enumerate(_z.waffen)} if _z else {}
    # Ein NSC als Ziel: seine Taktik wählt die Verteidigung vor (änderbar); ein Held entscheidet selbst
    _nsc = zs_zug.nsc_verteidigung(kampf, wer, ziel_wahl.value, taktik=kampftisch.taktik()) if wer and nsc_automatik.value.get("verteidigung") else None
    _beste = zs_zug.verteidigung_vorgabe(kampf, wer, ziel_wahl.value)
    _arten = {"passiv": "passives Ausweichen", "ausweichen": "aktives Ausweichen (2 Ticks)", "parade": "Parade", "blocken": "Blocken"}
    verteidigung_wahl = mo.ui.dropdown(
        options={t: a for a, t in _arten.items()},
        value=_arten[_nsc[0] if _nsc else (_beste.art if _beste else "passiv")],
        label=tisch.frisch(f"Verteidigung von {ziel_wahl.value or tisch.LEER}" + (
            " (Vorschlag der Taktik)" if _nsc else f" (beste Wahl nach den Chancen: {tisch.prozent(_beste.treffer)} Treffer)" if _beste else ""),
                           (wer, len(verlauf.ereignisse))))
    vwaffe_wahl = mo.ui.dropdown(options=_vwaffen, value=(_nsc[1] if _nsc and _nsc[1] else _beste.waffe if _beste and _beste.waffe in _vwaffen else next(iter(_vwaffen), None)), label="mit")
    zweite_hand = mo.ui.switch(value=False, label="zweite Hand (−1 Tick)")
    zweite_waffe = mo.ui.dropdown(options=_vwaffen, value=None, allow_select_none=True, label="zweite Blockwaffe")
    mo.vstack(
        [
            mo.hstack([verteidigung_wahl, vwaffe_wahl, zweite_hand, zweite_waffe], justify="start", wrap=True),
            mo.md(zs_zug.gesperrte_verteidigungen(_beste)),
        ]
    )
    return verteidigung_wahl, vwaffe_wahl, zweite_hand, zweite_waffe


@app.cell
def _(kampf, kampftisch, verlauf, waffe_wahl, wer):
    # Die Würfel vom Tisch: ein Raster unter den Knöpfen (tisch.wuerfel_reihe; Spalten ab 12em, bei 820 px
    # drei je Zeile, damit jedes Beispiel ganz zu sehen ist), kurze Beschriftungen, das
    # Beispiel im Feld (die Trefferpunkte so viele Augen, wie die Waffe Würfel wirft). Eine eigene Zelle,
    # die nicht mit Ziel oder Verteidigung neu läuft; läuft sie mit der Waffe neu, bleiben die Augen (der
    # Tisch merkt sie sich bis zum nächsten Schritt).
    mo.stop(verlauf is None)
    augen = kampftisch.wuerfel_felder({
        "angriff": ("Angriffswurf", "z. B. 14"),
        "verteidigung": ("Verteidigung (passiv: leer)", "z. B. 7"),
        "zone": ("Trefferzone 2W6", "z. B. 3 5"),
        "schaden": ("Trefferpunkte", zs_zug.schaden_beispiel(kampf, wer, waffe_wahl.value)),
        "weitere": ("Weitere W6", "krit=2 patzer=6"),
    }, schritt=len(verlauf.ereignisse), breit=True)
    return (augen,)


@app.cell
def _(wer):
    # Kampfwerte verschieben (nur zur eigenen Aktion) und die freie Wahl bei kritischen Effekten
    v_angriff = mo.ui.number(value=0, start=-30, stop=30, label="Attacke")
    v_schaden = mo.ui.number(value=0, start=-30, stop=30, label="Schaden")
    v_verteidigung = mo.ui.number(value=0, start=-40, stop=30, label="Verteidigung")
    v_krit = mo.ui.number(value=0, start=0, stop=19, label="Kritschwelle senken um")
    v_patzer = mo.ui.number(value=0, start=0, stop=19, label="Patzerschwelle erhöhen um")
    v_effekt = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_ANGRIFF.items()},
                              value=None, allow_select_none=True, label="angesagter kritischer Effekt")
    # Krit-W6 zeigt 6 (freie Wahl): wer wählt was – selten gebraucht, daher im selben Aufklapper
    krit_wahl = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_ANGRIFF.items() if n < 6},
                               value=f"3: {zeitstrahl.KRIT_ANGRIFF[3][1]}", label="Krit-W6 zeigt 6 (freie Wahl) → Angreifer wählt")
    vkrit_wahl = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_VERTEIDIGUNG.items() if n < 6},
                                value=f"2: {zeitstrahl.KRIT_VERTEIDIGUNG[2][1]}", label="… Verteidiger wählt")
    # ohne jemanden am Zug (zwischen zwei Ticks) gibt es nichts zu verschieben: kein Abschnitt („None“)
    mo.md("") if not wer else mo.accordion({
        f"Kampfwerte verschieben ({wer}, 3:1) · kritische Effekte bei freier Wahl": mo.vstack([
            mo.md("3:1 – mit Spezialisierung besser. Verbesserungen positiv, Verschlechterungen negativ; die Patzerschwelle "
                  "zu erhöhen bringt Punkte, die Kritschwelle zu senken kostet welche."),
            mo.hstack([v_angriff, v_schaden, v_verteidigung], justify="start", wrap=True),
            mo.hstack([v_krit, v_patzer, v_effekt], justify="start", wrap=True),
            mo.md("**Kritische Effekte bei freier Wahl**"),
            mo.hstack([krit_wahl, vkrit_wahl], justify="start", wrap=True),
        ])
    })
    return krit_wahl, v_angriff, v_effekt, v_krit, v_patzer, v_schaden, v_verteidigung, vkrit_wahl


@app.cell
def _(v_angriff, v_effekt, v_krit, v_patzer, v_schaden, v_verteidigung):
    verschiebung = zeitstrahl.Verschiebung(
        angriff=v_angriff.value, schaden=v_schaden.value, verteidigung=v_verteidigung.value,
        kritschwelle=v_krit.value, patzerschwelle=v_patzer.value, krit_effekt=v_effekt.value,
    )
    return (verschiebung,)


@app.cell
def _(kampf, krit_wahl, modifikator, verschiebung, verteidigung_wahl, vkrit_wahl, vwaffe_wahl, waffe_wahl, wer, ziel_wahl, zweite_hand, zweite_waffe):
    # Chancen vor dem Wurf – nur für einen erlaubten Angriff
    _wer = wer
    _aktionen = {a.schluessel: a for a in zs_zug.aktionen(kampf, _wer)}
    _angriff = _aktionen.get("konter") or _aktionen["angriff"]
    mo.stop(not _angriff.erlaubt, mo.md(f"<span id='zs-verboten'>✗ Angreifen – nicht möglich: {_angriff.grund}</span>"))
    mo.stop(not ziel_wahl.value or not waffe_wahl.value, mo.md("Ziel und Waffe wählen."))
    _kw = dict(verschiebung=verschiebung, modifikator=int(modifikator.value or 0), krit_wahl=krit_wahl.value,
               verteidigung_krit_wahl=vkrit_wahl.value)
    _stand = zs_zug.wurf_stand(kampf, _wer)  # im gleichzeitigen Abtausch: der Stand vor ihm
    try:
        _wahlen = zeitstrahl.verteidigungs_wahlen(_stand, _wer, ziel_wahl.value, waffe_wahl.value, **_kw)
        _schaden = zeitstrahl.schadens_vorschau(_stand, _wer, ziel_wahl.value, waffe_wahl.value, verteidigung=verteidigung_wahl.value,
                                                verteidigungs_waffe=vwaffe_wahl.value, zweite_hand=zweite_hand.value, **_kw)
        _fehler = ""
    except ValueError as _f:
        _wahlen, _fehler = None, str(_f)
    mo.stop(_wahlen is None, mo.md(f"<span id='zs-verboten'>✗ {_fehler}</span>"))
    _gewaehlt = next((w for w in _wahlen if w.art == verteidigung_wahl.value and (w.art in ("passiv", "ausweichen") or w.waffe == vwaffe_wahl.value)), None)
    _passiv = next(w for w in _wahlen if w.art == "passiv")
    _teile = [
        mo.md(f"**Chancen vor dem Wurf:** gegen passives Ausweichen <span id='zs-chance-passiv'>{tisch.prozent(_passiv.chancen.treffer)}</span>"
              + (f" · gegen die gewählte Verteidigung <span id='zs-chance'>{tisch.prozent(_gewaehlt.chancen.treffer)}</span>"
                 if _gewaehlt is not None and _gewaehlt.chancen is not None and not _gewaehlt.grund else
                 f" · gewählte Verteidigung nicht möglich: {_gewaehlt.grund}" if _gewaehlt is not None and _gewaehlt.grund else "")
              + f" · kritisch {tisch.prozent(_passiv.chancen.kritisch)} · Patzer {tisch.prozent(_passiv.chancen.patzer)}"),
        # nebeneinander und niedrig: das Panel samt Ergebnis passt in ein Fenster (1280×800, 820×1180)
        mo.hstack([
            zs_diagramme.verteidigungs_diagramm(_wahlen, titel=f"Trefferchance je Verteidigung von {ziel_wahl.value}",
                                                breite=diagramme.BREITE_KLEIN, balken=diagramme.BALKEN_KLEIN),
            diagramme.verteilung_diagramm(_schaden, titel=f"Schadenspunkte an {ziel_wahl.value} (0 = kein Schaden)", x_titel="Schadenspunkte",
                                        hoechste_breite=diagramme.BREITE_KLEIN, hoehe=diagramme.HOEHE_KLEIN),
        ], justify="start", gap=1, wrap=True),
    ]
    if verteidigung_wahl.value == "blocken" and vwaffe_wahl.value is not None:
        try:
            _r = zeitstrahl.block_risiko(_stand, _wer, ziel_wahl.value, waffe_wahl.value, vwaffe_wahl.value, zweite_waffe=zweite_waffe.value, **_kw)
            _teile.append(mo.md(f"**Blockrisiko für {ziel_wahl.value}:** <span id='zs-block-risiko'>Waffe aus der Hand "
                                f"{tisch.prozent(_r.entwaffnet)} · bricht {tisch.prozent(_r.gebrochen)} · Stabilität −1 "
                                f"{tisch.prozent(_r.beschaedigt)}</span>"))
        except ValueError as _f:
            _teile.append(mo.md(f"<span class='tisch-verboten'>✗ {_f}</span>"))
    mo.vstack(_teile)
    return


@app.cell
def _(augen, kampf, kampftisch, krit_wahl, modifikator, verschiebung, verteidigung_wahl, vkrit_wahl, vwaffe_wahl, waffe_wahl, wer, ziel_wahl, zweite_hand, zweite_waffe):
    # Die Knöpfe des Zugs: Angreifen (Probe, Verteidigung, Zone und Schaden in einem), Konter, Ansage, andere Aktion, Rückgängig
    _wer = wer
    _aktionen = {a.schluessel: a for a in zs_zug.aktionen(kampf, _wer)}

    def _angreifen(v):
        _weitere = sitzung.namen_augen(augen.value["weitere"])
        _getippt = sitzung.augen_sammeln(angriff=augen.value["angriff"], verteidigung=augen.value["verteidigung"],
                                         zone=augen.value["zone"], schaden=augen.value["schaden"]) | _weitere
        kampftisch.schritt(lambda z: zeitstrahl.angriff_ereignis(
            z, _wer, ziel_wahl.value, waffe_wahl.value, verteidigung_wahl.value, verteidigungs_waffe=vwaffe_wahl.value,
            zweite_hand=zweite_hand.value, zweite_waffe=zweite_waffe.value,
            verschiebung=verschiebung if "konter" not in _aktionen else zeitstrahl.Verschiebung(),
            modifikator=int(modifikator.value or 0), krit_wahl=krit_wahl.value, verteidigung_krit_wahl=vkrit_wahl.value,
            rng=kampftisch.rng, augen=_getippt or None))

    _ticks = mo.ui.number(value=2, start=1, stop=30, label="Ticks")
    _art = mo.ui.dropdown(options={"sofortig": "sofort", "vorbereitet": "vorbereitet", "kontinuierlich": "kontinuierlich"}, value="sofortig", label="Art")
    _was = mo.ui.text(value="", label="Was", placeholder="z. B. Zauber vorbereiten, Tür zuhalten")
    _haupt = _aktionen.get("konter") or _aktionen["angriff"]
    zug_knoepfe = [
        mo.ui.button(label="Kontern" if "konter" in _aktionen else "Angreifen", kind="success", disabled=not _haupt.erlaubt,
                     on_click=kampftisch.klick(_angreifen)),
    ]
    if "konter_verzichten" in _aktionen:
        zug_knoepfe.append(kampftisch.knopf("Auf den Konter verzichten", zeitstrahl.konter_verzicht_ereignis))
    zug_knoepfe += [
        kampftisch.knopf("Reaktion ansagen", lambda z: zeitstrahl.ansage_ereignis(z, _wer), aktion=_aktionen["ansage"]),
        kampftisch.knopf("Reaktion verfallen lassen (1 Tick)", lambda z: zeitstrahl.ansage_verfallen_ereignis(z, _wer),
                         aktion=_aktionen["ansage_verfallen"]),
        kampftisch.rueckgaengig_knopf(),
    ]
    _andere = kampftisch.knopf("Andere Aktion ausführen", lambda z: zeitstrahl.aktion_ereignis(z, _wer, int(_ticks.value), _art.value, _was.value),
                               aktion=_aktionen["aktion"])
    zug_knoepfe += [_andere, _ticks, _art, _was]
    _e = augen.elements
    tisch.zug_rahmen(
        tisch.wuerfel_reihe(_e["angriff"], _e["verteidigung"], _e["zone"], _e["schaden"], _e["weitere"],
                            spalten="repeat(auto-fit, minmax(12em, 1fr))"),
        tisch.reihe(*zug_knoepfe[: -4]),
        mo.accordion({f"Andere Aktion von {_wer} (sofortig, vorbereitet, kontinuierlich)": tisch.reihe(_ticks, _art, _was, _andere)}),
        tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel not in ("angriff", "konter")]),
    )
    return (zug_knoepfe,)


@app.cell
def _(get_meldung):
    tisch.meldung_ansicht(get_meldung(), "zs-meldung")
    return


@app.cell
def _(kampf, waffe_wahl, wer, ziel_wahl):
    # Offene Entscheidungen: Konter, angesagte Reaktionen, die Verteidigung des Ziels – bis genommen oder ausgeschlagen
    tisch.aufgaben_ansicht(zs_zug.offene_entscheidungen(kampf, angreifer=wer, ziel=ziel_wahl.value, waffe=waffe_wahl.value),
                           "zs-aufgaben")
    return


@app.cell
def _(kampf, kampftisch, wer):
    # Die NSCs spielen sich selbst: Vorschlag der Taktik (dieselbe wie in der Simulation) mit exakten Chancen
    mo.stop(kampf is None or wer is None or not zs_zug.ist_nsc(kampf, wer))
    _taktik = kampftisch.taktik()
    _v = zs_zug.vorschlag(kampf, wer, taktik=_taktik)
    mo.stop(_v is None)
    _wer = wer

    def _vorschlag(vl, wer_=_wer, taktik_=_taktik):  # Vorgaben binden die Werte der Zelle
        return [e.text for e in zs_zug.vorschlag_spielen(vl, wer_, rng=kampftisch.rng, taktik=taktik_)]

    def _gruppe(vl, taktik_=_taktik):
        _g = zs_zug.gruppe_handelt(vl, rng=kampftisch.rng, taktik=taktik_)
        return [t for _, t in _g.zuege] + ([f"Halt: {_g.halt}"] if _g.halt else [])

    vorschlag_knopf = mo.ui.button(label="Vorschlag spielen", kind="success", on_click=kampftisch.klick(
        lambda v: kampftisch.schritte(_vorschlag)))
    gruppe_knopf = mo.ui.button(label="Gruppe handelt (alle NSCs dieses Ticks)", on_click=kampftisch.klick(
        lambda v: kampftisch.schritte(_gruppe)))
    mo.vstack([
        mo.md(f"**Vorschlag:** <span id='zs-vorschlag'>{_v.text}</span> "
              f"<small>{sitzung.vorschlag_chancen(kampf, _v)}</small>"),
        tisch.reihe(vorschlag_knopf, gruppe_knopf),
    ]).style({"border-left": "4px solid #6a1b9a", "padding-left": "0.6em"})
    return gruppe_knopf, vorschlag_knopf


@app.cell
def _(kampf, kampftisch):
    # Die Taktik je Seite (Issue 26, Punkt 4): wie in begegnung.py, aus der Begegnung oder dem gespeicherten Kampf
    mo.stop(kampf is None)
    taktik_je_seite, _ansicht = kampftisch.taktik_ansicht(sorted({t.partei for t in kampf.teilnehmer}))
    _ansicht
    return (taktik_je_seite,)


@app.cell
def _(kampftisch):
    # Entscheidungen der NSC ohne Rückfrage (Issue 26, Punkt 3): je Art ein Schalter, nach der Taktik
    nsc_automatik = kampftisch.nsc_schalter(zs_zug)
    kampftisch.schalter_ansicht(nsc_automatik)
    return (nsc_automatik,)


@app.cell
def _():
    # Lagebild (nur Spielleiter, Issue 25): ein Lauf je Sitzung; er rechnet im Hintergrund (eigener Prozess) –
    # kein Klick und keine Einzelwurf-Chance wartet darauf. „Lagebild je Wahl“ spielt die Wahlen des
    # Augenblicks dazu (wenige Kämpfe je Wahl, ebenfalls im Hintergrund).
    from gm_helfer import tisch_lage as _tl

    lage_lauf = _tl.lage_lauf('zeitstrahl', seite='Helden')
    lagebild_an, lagebild_je_wahl = _tl.lage_schalter()
    mo.hstack([lagebild_an, lagebild_je_wahl], justify="start")
    return lage_lauf, lagebild_an, lagebild_je_wahl


@app.cell
def _(kampf, lage_lauf, lagebild_an, lagebild_je_wahl, verlauf):
    # Nach jedem Schritt: die Rechnung anstoßen; der Faden schreibt jede Stufe in diese Zelle
    from gm_helfer import tisch_lage as _tl

    _tl.lage_zelle(lage_lauf, len(verlauf.ereignisse) if verlauf else 0, kampf, an=lagebild_an.value,
                   je_wahl=lagebild_je_wahl.value, runde=kampf.jetzt if kampf and kampf.gestartet else 0, aktiv=kampf is not None and kampf.gestartet and len({_t.partei for _t in kampf.aktive}) > 1, hook='zs-lagebild')
    return


@app.cell
def _(kampf, kampftisch):
    # Spielleiter: Lebenspunkte und Zustände; darunter das Protokoll
    mo.stop(kampf is None)
    _namen = [t.name for t in kampf.teilnehmer]
    _wer = mo.ui.dropdown(options=_namen, value=_namen[0], label="Wer")
    _lp = mo.ui.number(value=0, start=-500, stop=1000, label="Lebenspunkte (neu)")
    _grund = mo.ui.text(label="Grund", placeholder="z. B. Heiltrank")
    _zustaende = sorted({z for t in kampf.teilnehmer for z in t.zustaende})
    _zustand = mo.ui.dropdown(options=_zustaende, value=None, label="Zustand")
    sl_knoepfe = [
        mo.ui.button(label="Lebenspunkte setzen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: zeitstrahl.lebenspunkte_ereignis(z, _wer.value, int(_lp.value), _grund.value)))),
        mo.ui.button(label="Zustand beenden", disabled=not _zustaende, on_click=kampftisch.klick(lambda v: kampftisch.schritt(
            lambda z: zeitstrahl.zustand_ereignis(z, _wer.value, _zustand.value)))),
        mo.ui.button(label="Kampfunfähig erklären (nur ohne Gesundheitsmodell)", disabled=kampf.optionen.gesundheit != "ohne",
                     on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: zeitstrahl.ausfall_ereignis(z, _wer.value)))),
    ]
    nachladen_knopf, spieler_elemente, _protokoll = kampftisch.protokoll_teil("zs-protokoll")
    mo.vstack([
        mo.accordion({"Spielleiter: Heilung, Lebenspunkte, Zustände": mo.vstack([
            mo.hstack([_wer, _lp, _grund, sl_knoepfe[0]], justify="start", wrap=True),
            mo.hstack([_zustand, sl_knoepfe[1], sl_knoepfe[2]], justify="start", wrap=True),
        ])}),
        _protokoll,
    ])
    return nachladen_knopf, sl_knoepfe, spieler_elemente


if __name__ == "__main__":
    app.run()
