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

    teilnehmer, neu_knopf, _, _, _ansicht = kampftisch.anlage(
        list(_alle),
        _kampf,
        vorauswahl=_aus_begegnung or [n for n in ("Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger") if n in _alle],
        fortgesetzt=lambda v: _aus_begegnung or [t.name for t in v.zustand.teilnehmer],
        einstellungen=[begegnung, mo.accordion({"Hausregeln (Lesarten in docs/zeitstrahl.md)": mo.vstack(list(hausregeln.elements.values()))})],
    )
    _ansicht
    return hausregeln, neu_knopf, teilnehmer


@app.cell
def _(get_start, kampftisch):
    get_start()  # nach „Neuer Kampf“ steht er gleich in der Liste
    kampf_wahl, fortsetzen_knoepfe = kampftisch.fortsetzen_wahl(sitzung.gespeicherte_kaempfe(pfade.kampf_ordner()), zeitstrahl.kampf_aus_kopf, zeitstrahl.anwenden)
    mo.vstack([kampf_wahl, tisch.reihe(*fortsetzen_knoepfe.values())])
    return fortsetzen_knoepfe, kampf_wahl


@app.cell
def _(get_meldung):
    tisch.meldung_ansicht(get_meldung(), "zs-meldung")
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
            tisch.reihe(ziel_wahl, waffe_wahl, modifikator),
        ]
    )
    return modifikator, waffe_wahl, ziel_wahl


@app.cell
def _(kampf, verlauf, wer, ziel_wahl):
    # Die Verteidigung des Ziels (seine Entscheidung vor dem Wurf) und die Würfel vom Tisch
    _z = kampf[ziel_wahl.value].kaempfer if ziel_wahl.value else None
    _vwaffen = {w.name: i for i, w in enumerate(_z.waffen)} if _z else {}
    verteidigung_wahl = mo.ui.dropdown(
        options={"passives Ausweichen": "passiv", "aktives Ausweichen (2 Ticks)": "ausweichen", "Parade": "parade", "Blocken": "blocken"},
        value="passives Ausweichen", label=tisch.frisch(f"Verteidigung von {ziel_wahl.value or tisch.LEER}", (wer, len(verlauf.ereignisse))))
    vwaffe_wahl = mo.ui.dropdown(options=_vwaffen, value=next(iter(_vwaffen), None), label="mit")
    zweite_hand = mo.ui.switch(value=False, label="mit der zweiten Hand (−1 Tick)")
    zweite_waffe = mo.ui.dropdown(options=_vwaffen, value=None, allow_select_none=True, label="Blocken mit zwei Waffen: Nebenwaffe")
    krit_wahl = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_ANGRIFF.items() if n < 6},
                               value=f"3: {zeitstrahl.KRIT_ANGRIFF[3][1]}", label="Krit-W6 zeigt 6 (freie Wahl) → Angreifer wählt")
    vkrit_wahl = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_VERTEIDIGUNG.items() if n < 6},
                                value=f"2: {zeitstrahl.KRIT_VERTEIDIGUNG[2][1]}", label="… Verteidiger wählt")
    augen = mo.ui.dictionary(
        {
            "angriff": tisch.wuerfel_feld("Angriff: echter Wurf", "z. B. 14", schluessel=len(verlauf.ereignisse)),
            "verteidigung": tisch.wuerfel_feld("Verteidigung (W10/W20)", "leer bei passiv", schluessel=len(verlauf.ereignisse)),
            "zone": tisch.wuerfel_feld("Trefferzone 2W6 (Reihe Spalte)", "z. B. 3 5", schluessel=len(verlauf.ereignisse)),
            "schaden": tisch.wuerfel_feld("Trefferpunkte", "z. B. 4 2 3", schluessel=len(verlauf.ereignisse)),
            "weitere": tisch.wuerfel_feld("Weitere W6 (krit, patzer, …)", "krit=2, patzer=6", schluessel=len(verlauf.ereignisse)),
        }
    )
    mo.vstack(
        [
            mo.hstack([verteidigung_wahl, vwaffe_wahl, zweite_hand, zweite_waffe], justify="start", wrap=True),
            mo.accordion({"Kritische Effekte bei freier Wahl": mo.hstack([krit_wahl, vkrit_wahl], justify="start", wrap=True)}),
        ]
    )
    return augen, krit_wahl, verteidigung_wahl, vkrit_wahl, vwaffe_wahl, zweite_hand, zweite_waffe


@app.cell
def _(wer):
    # Kampfwerte verschieben (nur zur eigenen Aktion)
    v_angriff = mo.ui.number(value=0, start=-30, stop=30, label="Attacke")
    v_schaden = mo.ui.number(value=0, start=-30, stop=30, label="Schaden")
    v_verteidigung = mo.ui.number(value=0, start=-40, stop=30, label="Verteidigung")
    v_krit = mo.ui.number(value=0, start=0, stop=19, label="Kritschwelle senken um")
    v_patzer = mo.ui.number(value=0, start=0, stop=19, label="Patzerschwelle erhöhen um")
    v_effekt = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_ANGRIFF.items()},
                              value=None, allow_select_none=True, label="angesagter kritischer Effekt")
    mo.accordion({
        f"Kampfwerte verschieben ({wer}, 3:1 – mit Spezialisierung besser)": mo.vstack([
            mo.md("Verbesserungen positiv, Verschlechterungen negativ; die Patzerschwelle zu erhöhen bringt Punkte, "
                  "die Kritschwelle zu senken kostet welche."),
            mo.hstack([v_angriff, v_schaden, v_verteidigung], justify="start", wrap=True),
            mo.hstack([v_krit, v_patzer, v_effekt], justify="start", wrap=True),
        ])
    })
    return v_angriff, v_effekt, v_krit, v_patzer, v_schaden, v_verteidigung


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
    try:
        _wahlen = zeitstrahl.verteidigungs_wahlen(kampf, _wer, ziel_wahl.value, waffe_wahl.value, **_kw)
        _schaden = zeitstrahl.schadens_vorschau(kampf, _wer, ziel_wahl.value, waffe_wahl.value, verteidigung=verteidigung_wahl.value,
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
        mo.hstack([
            zs_diagramme.verteidigungs_diagramm(_wahlen, titel=f"Trefferchance von {_wer} je Verteidigung von {ziel_wahl.value}"),
            diagramme.verteilung_diagramm(_schaden, titel=f"Schadenspunkte an {ziel_wahl.value} (0 = kein Schaden)", x_titel="Schadenspunkte",
                                        hoechste_breite=diagramme.BREITE),
        ], wrap=True),
    ]
    if verteidigung_wahl.value == "blocken" and vwaffe_wahl.value is not None:
        try:
            _r = zeitstrahl.block_risiko(kampf, _wer, ziel_wahl.value, waffe_wahl.value, vwaffe_wahl.value, zweite_waffe=zweite_waffe.value, **_kw)
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
        tisch.reihe(_e["angriff"], _e["verteidigung"], _e["zone"], _e["schaden"]),
        mo.accordion({"Weitere Würfel (kritische Effekte, Patzer)": _e["weitere"]}),
        tisch.reihe(*zug_knoepfe[: -4]),
        mo.accordion({f"Andere Aktion von {_wer} (sofortig, vorbereitet, kontinuierlich)": tisch.reihe(_ticks, _art, _was, _andere)}),
        tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel not in ("angriff", "konter")]),
    )
    return (zug_knoepfe,)


@app.cell
def _(kampf, waffe_wahl, wer, ziel_wahl):
    # Offene Entscheidungen: Konter, angesagte Reaktionen, die Verteidigung des Ziels – bis genommen oder ausgeschlagen
    tisch.aufgaben_ansicht(zs_zug.offene_entscheidungen(kampf, angreifer=wer, ziel=ziel_wahl.value, waffe=waffe_wahl.value),
                           "zs-aufgaben")
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
