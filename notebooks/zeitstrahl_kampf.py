import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Zeitstrahl – Kampf am Spieltisch")

with app.setup:
    import random

    import marimo as mo

    from gm_helfer import boegen, diagramme, pfade, tisch, zeitstrahl
    from gm_helfer.zeitstrahl import diagramme as zs_diagramme
    from gm_helfer.zeitstrahl import sitzung
    from gm_helfer.zeitstrahl import zug as zs_zug


@app.cell
def _():
    mo.vstack(
        [
            tisch.stil(),
            mo.md(
                """
        # Zeitstrahl – Kampf am Spieltisch

        Der Kampf läuft auf einem **Zeitstrahl** (ein Tick ≈ eine halbe Sekunde): wer die
        niedrigste Position hat, handelt; jede Aktion schiebt ihn um ihre Ticks nach hinten, wer
        gleichauf steht, handelt gleichzeitig. Oben den Kampf anlegen oder fortsetzen, dann spielt
        sich alles im **Zug-Panel** ab: wer dran ist, was er darf, die exakten Chancen gegen jede
        Verteidigung, die das Ziel wählen darf, der Wurf (vom Programm oder eingetippt) und was
        offen bleibt (Konter, angesagte Reaktionen). Jeder Schritt steht im Protokoll samt Regel.
        """
            ),
        ]
    )
    return


@app.cell
def _():
    ladung = boegen.laden("zeitstrahl", pfade.charakter_ordner("zeitstrahl"))
    bogen_editor = tisch.bogen_editor(
        boegen.als_tabellen(ladung.boegen, zeitstrahl.SCHEMA),
        {"charaktere": "Charaktere", "waffen": "Waffen und Schilde", "ruestung": "Rüstungsschichten je Zone",
         "spezialisierungen": "Spezialisierungen"},
    )
    return bogen_editor, ladung


@app.cell
def _(bogen_editor, ladung):
    geprueft = boegen.aus_tabellen(dict(bogen_editor.value), zeitstrahl.SCHEMA, ladung.boegen)
    speichern_knopf = mo.ui.run_button(label="Bögen speichern", disabled=bool(geprueft.fehler))
    tisch.bogen_ansicht(bogen_editor, ladung.fehler + geprueft.fehler, speichern_knopf,
                        "Charakterbögen bearbeiten (Werte, Waffen, Rüstung, Spezialisierungen)")
    return geprueft, speichern_knopf


@app.cell
def _(geprueft, speichern_knopf):
    mo.stop(not speichern_knopf.value)
    _geschrieben = [b.name for b in geprueft.boegen if boegen.speichern(b)]
    mo.md(f"Gespeichert: {', '.join(_geschrieben) or 'nichts geändert'}.")
    return


@app.cell
def _():
    # Das Protokoll ist der einzige Zustand: ein Zähler, der nach jedem Schritt steigt.
    get_version, set_version = mo.state(0)
    get_meldung, set_meldung = mo.state("")
    get_start, set_start = mo.state(0)  # steigt nur bei „Neuer Kampf“/„Fortsetzen“
    kampftisch = tisch.Tisch(set_version, set_meldung)
    merker = {}  # Auswahl je Handelndem (Ziel, Waffe, Verteidigung, Modifikator); neuer Handelnder = Vorgaben
    wuerfel_rng = random.Random()
    return get_meldung, get_start, get_version, kampftisch, merker, set_start, wuerfel_rng


@app.cell
def _(geprueft, get_start, kampftisch, set_start):
    get_start()
    _alle = {b.name: zeitstrahl.kaempfer_aus_bogen(b) for b in geprueft.boegen}
    _gespeichert = sitzung.gespeicherte_kaempfe(pfade.kampf_ordner())
    _laufend = kampftisch.verlauf
    _vorauswahl = ([t.name for t in _laufend.zustand.teilnehmer] if _laufend else
                   [n for n in ("Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger") if n in _alle])
    teilnehmer = tisch.teilnehmer_wahl(list(_alle), _vorauswahl)
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
    kampf_wahl = tisch.kampf_wahl(_gespeichert)

    def _neu(_):
        _v = sitzung.neuer_verlauf([_alle[n] for n in teilnehmer.value], zeitstrahl.Optionen(**hausregeln.value),
                                   pfade.kampf_ordner())
        kampftisch.starten(_v, f"{tisch.NEUER_KAMPF}: {_v.datei.name}")
        set_start(lambda n: n + 1)

    _fortsetzen = kampftisch.fortsetzen_klick(kampf_wahl, zeitstrahl.kampf_aus_kopf, zeitstrahl.anwenden, lambda: set_start(lambda n: n + 1))

    # Knöpfe als globale Namen: marimo hält Bedienelemente nur so am Leben
    neu_knopf = tisch.neu_knopf(on_click=kampftisch.klick(lambda _v: _neu(None)))
    fortsetzen_knoepfe = tisch.fortsetzen_knoepfe(bool(_gespeichert), on_click=_fortsetzen)
    mo.vstack(
        [
            mo.md("## Kampf anlegen oder fortsetzen"),
            teilnehmer,
            mo.accordion({"Hausregeln (Lesarten in docs/zeitstrahl.md)": mo.vstack(list(hausregeln.elements.values()))}),
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
    wer = zs_zug.am_zug(kampf) if kampf is not None else None
    return kampf, verlauf, wer


@app.cell
def _(get_meldung):
    tisch.meldung_ansicht(get_meldung(), "zs-meldung")
    return


@app.cell
def _(kampf, verlauf):
    mo.stop(kampf is None, mo.md("<span id='zs-lage'>Noch kein Kampf – oben anlegen oder fortsetzen.</span>"))
    _nur_lesen = (
        mo.callout(mo.md("🔒 Nur ansehen: eine andere Sitzung führt diesen Kampf."), kind="warn") if verlauf.nur_lesen else mo.md("")
    )
    _dran = ", ".join(kampf.am_zug) if kampf.gestartet else tisch.LEER
    mo.vstack(
        [
            mo.md(f"## <span id='zs-lage'>Tick {kampf.jetzt if kampf.gestartet else tisch.LEER}</span> · "
                  f"dran: <span id='zs-dran'>{_dran}</span>"),
            _nur_lesen,
            zs_diagramme.zeitstrahl_jetzt(kampf) if kampf.gestartet else mo.md(""),
            mo.accordion({"Kämpfer (Tick, Lebenspunkte, Waffen, Zustände)": mo.ui.table(
                tisch.tabelle_deutsch(sitzung.reihenfolge_tabelle(kampf)), selection=None, show_download=False)}),
        ]
    )
    return


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
def _(kampf, kampftisch, schwierigkeit, start_augen, wuerfel_rng):
    # Startpositionen – ein Klick
    (_start,) = zs_zug.aktionen(kampf, None)

    def _starten(v):
        _augen = sitzung.namen_augen(start_augen.value) or None
        kampftisch.schritt(lambda z: zeitstrahl.start_ereignis(z, dict(schwierigkeit.value),
                                                               rng=None if _augen else wuerfel_rng, augen=_augen))

    start_knopf = mo.ui.button(label=_start.text, kind="success", on_click=kampftisch.klick(_starten))
    mo.vstack(
        [
            mo.md("### Startpositionen: Probe auf Kampferfahrung gegen die Schwierigkeit"),
            mo.md("<small>Furchterregende Gegner oder ein Überraschungsangriff erhöhen die Schwierigkeit einer Partei. "
                  "Vor dem Wurf: Chance auf Tick 0, mittlere und späteste Startposition (exakt).</small>"),
            mo.hstack(list(schwierigkeit.elements.values()), justify="start", wrap=True),
            mo.ui.table(sitzung.start_tabelle(kampf, dict(schwierigkeit.value)), selection=None, show_column_summaries=False,
                        format_mapping={"Tick 0": tisch.prozent, "Mittel": tisch.zahl}, show_download=False),
            start_augen,
            start_knopf,
        ]
    ).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})
    return (start_knopf,)


@app.cell
def _(kampf, merker, wer):
    # Eingaben des Zug-Panels (Beschriftungen je Handelndem frisch: der Browser zeigt dann die Vorgaben): nach jedem Schritt neu gebaut; die Auswahl gilt je Handelndem
    mo.stop(kampf is None or wer is None)
    if merker.get("_wer") != wer:
        merker.clear()
        merker["_wer"] = wer
    _gemerkt = merker

    def _merken(schluessel):
        def _f(wert):
            _gemerkt[schluessel] = wert

        return _f

    _ziele = [t.name for t in kampf.teilnehmer if t.name != wer]
    _a = kampf[wer].kaempfer
    _waffen = {f"{w.name} ({w.schaden}, {tisch.anzahl(w.geschwindigkeit, 'Tick', 'Ticks')})": w.name for w in _a.waffen}
    _std_waffe = zs_zug.standard_waffe(kampf, wer)
    ziel_wahl = mo.ui.dropdown(
        options=_ziele, value=_gemerkt.get("ziel") if _gemerkt.get("ziel") in _ziele else zs_zug.standard_ziel(kampf, wer),
        label=tisch.frisch("Ziel", wer), on_change=_merken("ziel"),
    )
    _w_std = next((t for t, n in _waffen.items() if n == _std_waffe), None)
    waffe_wahl = mo.ui.dropdown(options=_waffen, value=_gemerkt.get("waffe") if _gemerkt.get("waffe") in _waffen else _w_std,
                                label=tisch.frisch("Waffe", wer), on_change=lambda w: _gemerkt.update(waffe=next(t for t, n in _waffen.items() if n == w)))
    modifikator = mo.ui.number(value=_gemerkt.get("modifikator", 0), start=-20, stop=20, label=tisch.frisch("Modifikator Angriff", wer),
                               on_change=_merken("modifikator"))
    mo.vstack(
        [
            mo.md(f"### <span id='zs-am-zug'>{wer}</span> ist am Zug"
                  + (" (kontert)" if kampf.konter is not None else "")),
            mo.hstack([ziel_wahl, waffe_wahl, modifikator], justify="start", wrap=True),
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
            diagramme.verteilung_diagramm(_schaden, titel=f"Schadenspunkte an {ziel_wahl.value} (0 = kein Schaden)", x_titel="Schadenspunkte"),
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
def _(augen, kampf, kampftisch, krit_wahl, modifikator, verschiebung, verteidigung_wahl, vkrit_wahl, vwaffe_wahl, waffe_wahl, wer, wuerfel_rng, ziel_wahl, zweite_hand, zweite_waffe):
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
            rng=wuerfel_rng, augen=_getippt or None))

    _ticks = mo.ui.number(value=2, start=1, stop=30, label="Ticks")
    _art = mo.ui.dropdown(options={"sofortig": "sofort", "vorbereitet": "vorbereitet", "kontinuierlich": "kontinuierlich"}, value="sofortig", label="Art")
    _was = mo.ui.text(value="", label="Was", placeholder="z. B. Zauber vorbereiten, Tür zuhalten")
    _haupt = _aktionen.get("konter") or _aktionen["angriff"]
    zug_knoepfe = [
        mo.ui.button(label="Kontern" if "konter" in _aktionen else "Angreifen", kind="success", disabled=not _haupt.erlaubt,
                     on_click=kampftisch.klick(_angreifen)),
    ]
    if "konter_verzichten" in _aktionen:
        zug_knoepfe.append(mo.ui.button(label="Auf den Konter verzichten", on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(zeitstrahl.konter_verzicht_ereignis))))
    zug_knoepfe += [
        mo.ui.button(label="Reaktion ansagen", disabled=not _aktionen["ansage"].erlaubt, on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(lambda z: zeitstrahl.ansage_ereignis(z, _wer)))),
        mo.ui.button(label="Reaktion verfallen lassen (1 Tick)", disabled=not _aktionen["ansage_verfallen"].erlaubt,
                     on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: zeitstrahl.ansage_verfallen_ereignis(z, _wer)))),
        mo.ui.button(label="Rückgängig", kind="warn", on_click=kampftisch.klick(lambda v: kampftisch.rueckgaengig())),
    ]
    _andere = mo.ui.button(label="Andere Aktion ausführen", disabled=not _aktionen["aktion"].erlaubt, on_click=kampftisch.klick(
        lambda v: kampftisch.schritt(lambda z: zeitstrahl.aktion_ereignis(z, _wer, int(_ticks.value), _art.value, _was.value))))
    zug_knoepfe += [_andere, _ticks, _art, _was]
    _e = augen.elements
    mo.vstack(
        [
            mo.hstack([_e["angriff"], _e["verteidigung"], _e["zone"], _e["schaden"]], justify="start", wrap=True),
            mo.accordion({"Weitere Würfel (kritische Effekte, Patzer)": _e["weitere"]}),
            mo.hstack(zug_knoepfe[: -4], justify="start", wrap=True),
            mo.accordion({f"Andere Aktion von {_wer} (sofortig, vorbereitet, kontinuierlich)": mo.hstack([_ticks, _art, _was, _andere], justify="start", wrap=True)}),
            tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel not in ("angriff", "konter")]),
        ]
    ).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})
    return (zug_knoepfe,)


@app.cell
def _(kampf, waffe_wahl, wer, ziel_wahl):
    # Offene Entscheidungen: Konter, angesagte Reaktionen, die Verteidigung des Ziels – bis genommen oder ausgeschlagen
    tisch.aufgaben_ansicht(zs_zug.offene_entscheidungen(kampf, angreifer=wer, ziel=ziel_wahl.value, waffe=waffe_wahl.value),
                           "zs-aufgaben")
    return


@app.cell
def _(kampf, kampftisch):
    # Spielleiter: Lebenspunkte und Zustände
    mo.stop(kampf is None or not kampf.gestartet)
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
    mo.accordion({"Spielleiter: Heilung, Lebenspunkte, Zustände": mo.vstack([
        mo.hstack([_wer, _lp, _grund, sl_knoepfe[0]], justify="start", wrap=True),
        mo.hstack([_zustand, sl_knoepfe[1], sl_knoepfe[2]], justify="start", wrap=True),
    ])})
    return (sl_knoepfe,)


@app.cell
def _(kampf, kampftisch, verlauf):
    mo.stop(kampf is None)
    nachladen_knopf = (
        mo.ui.button(label="Nachladen", on_click=kampftisch.klick(lambda v: kampftisch.nachladen())) if verlauf.nur_lesen else mo.md("")
    )
    spieler_elemente = tisch.spieler_und_bericht(verlauf)
    mo.vstack([nachladen_knopf, tisch.protokoll_ansicht(verlauf, "zs-protokoll"), mo.hstack(spieler_elemente, justify="start", wrap=True)])
    return (nachladen_knopf, spieler_elemente)


if __name__ == "__main__":
    app.run()
