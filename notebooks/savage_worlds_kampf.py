import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Savage Worlds – Kampf am Spieltisch")

with app.setup:
    import marimo as mo

    from gm_helfer import diagramme, tisch
    from gm_helfer import savage_worlds as sw
    from gm_helfer.savage_worlds import kampf as swk
    from gm_helfer.savage_worlds import sitzung, vorschau
    from gm_helfer.savage_worlds import zug as swzug


@app.cell
def _():
    ladung, bogen_editor = tisch.boegen_laden("savage_worlds", sw.bogen.SCHEMA, {"charaktere": "Charaktere", "waffen": "Waffen"})
    # Das Protokoll ist der einzige Zustand (siehe tisch.anlegen)
    get_version, get_meldung, get_start, kampftisch = tisch.anlegen()
    wuerfel_rng = kampftisch.rng
    tisch.kopf(
        """
        # Savage Worlds – Kampf am Spieltisch

        Oben den Kampf anlegen oder fortsetzen, dann spielt sich alles im **Zug-Panel** ab: wer
        dran ist, was er darf, die Chancen vor dem Wurf, der Wurf (vom Programm oder mit den echten
        Würfeln, eine explodierte Kette mit `+`, z. B. `8+3, 5` = W8 zeigt 8 und 3, Wildcard-Würfel 5),
        das Ergebnis und jede Entscheidung, die es öffnet. Jeder Schritt steht im Protokoll samt
        Regel, lässt sich zurücknehmen und wird sofort gespeichert.
        """
    )
    return bogen_editor, get_meldung, get_start, get_version, kampftisch, ladung, wuerfel_rng


@app.cell
def _(bogen_editor, kampftisch, ladung):
    geprueft, speichern_knopf, _ansicht = kampftisch.boegen_pruefen(
        bogen_editor, ladung, sw.bogen.SCHEMA, "Charakterbögen bearbeiten (Attribute, Fertigkeiten, Talente, Bennies, Waffen)")
    _ansicht
    return geprueft, speichern_knopf


@app.cell
def _():
    begegnung = tisch.begegnung_wahl("savage_worlds")  # eine gespeicherte Begegnung (notebooks/begegnung.py)
    return (begegnung,)


@app.cell
def _(begegnung, geprueft, get_start, kampftisch):
    get_start()  # nach einem Fortsetzen: „Wer kämpft mit?“ zeigt die Bögen dieses Kampfes
    _namen = [b.name for b in geprueft.boegen]
    _aus_begegnung = tisch.begegnung_start(begegnung.value, geprueft.boegen).namen if begegnung.value else None

    def _kampf(namen):
        _boegen, _optionen = (tisch.begegnung_boegen(begegnung.value, geprueft.boegen, namen) if begegnung.value
                              else ([b for b in geprueft.boegen if b.name in namen], None))
        return sitzung.neuer_verlauf(sitzung.kampf_aus_boegen(
            _boegen, optionen=_optionen or sw.Optionen(**hausregeln.value),
            grosse_gruppen=grosse_gruppen.value, spielleiter_bennies=int(sl_bennies.value)))

    hausregeln = mo.ui.dictionary(
        {
            "joker_fuer_verbuendete": mo.ui.checkbox(label="Joker-Bonus auch für Verbündete auf der Heldenkarte"),
            "wegstecken_beendet_angeschlagen": mo.ui.checkbox(label="Alles weggesteckt beendet auch altes Angeschlagen"),
            "erholung_erfolg_handelt": mo.ui.checkbox(label="Erholung: Erfolg genügt zum Handeln (SWADE)"),
            "sprintwuerfel_explodiert": mo.ui.checkbox(label="Sprintwürfel explodiert"),
            "kritischer_fehlschlag_alle_wuerfel": mo.ui.checkbox(label="Feuerrate: kritisch erst, wenn alle Würfel 1 zeigen"),
            "heimlichkeit_je_treffer": mo.ui.checkbox(label="Blindes Feuer: Heimlichkeit je Treffer"),
            "wegstecken_einmal_je_angriff": mo.ui.checkbox(label="Wegstecken einmal je Angriff (auch bei Feuerrate)"),
            "aktion_anhaengen": mo.ui.checkbox(label="Aktionen anhängen: Zahl der Aktionen aus dem, was der Kämpfer tut"),
        }
    )
    grosse_gruppen = mo.ui.checkbox(label="Große Gruppen: eine Karte je Seite")
    sl_bennies = mo.ui.number(start=0, stop=30, step=1, value=4, label="Bennies des Spielleiters")

    # Knöpfe als globale Namen: marimo hält Bedienelemente nur so am Leben
    teilnehmer, neu_knopf, _, _, anlage_ansicht = kampftisch.anlage(
        tisch.bogen_beschriftung(geprueft.boegen),
        _kampf,
        vorauswahl=_aus_begegnung,
        zuletzt=sitzung.gespeicherte_kaempfe,
        sonst=tisch.erster_vorschlag("savage_worlds", geprueft.boegen),  # der erste Kampf: die Gruppe gegen die Beispielgegner
        fortgesetzt=lambda v: _aus_begegnung or sitzung.bogen_auswahl([k.name for k in v.start.kaempfer], _namen),
        einstellungen=[begegnung, tisch.reihe(grosse_gruppen, sl_bennies),
                       mo.accordion({"Hausregeln (siehe docs/savage_worlds.md)": mo.vstack(list(hausregeln.elements.values()))})],
    )
    return anlage_ansicht, grosse_gruppen, hausregeln, neu_knopf, sl_bennies, teilnehmer


@app.cell
def _(get_start, kampftisch):
    get_start()  # nach „Neuer Kampf“ steht er gleich in der Liste
    kampf_wahl, fortsetzen_knoepfe = kampftisch.fortsetzen_wahl(sitzung.gespeicherte_kaempfe(), swk.start_aus_kopf, swk.anwenden)
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
    verlauf, kampf, wer = kampftisch.stand(swzug.am_zug, get_version())
    tisch.lage_ansicht(verlauf, "sw-lage", lambda k: [
        mo.md(f"## <span id='sw-lage'>{sitzung.lage(k)}</span> · "
              f"<span id='sw-schritte'>{tisch.anzahl(len(verlauf.ereignisse), 'Schritt', 'Schritte')}</span>"),
        mo.Html(sitzung.countdown_html(k)),
    ], "sw-nur-lesen")
    return kampf, verlauf, wer


@app.cell
def _(kampf, kampftisch, verlauf, wer):
    # Eingaben des Zug-Panels: nach jedem Schritt neu gebaut; Auswahl gilt je Handelndem
    mo.stop(kampf is None or wer is None)
    _auswahl = kampftisch.auswahl(wer)
    _gruppe = [m.name for m in kampf.mitglieder(kampf.am_zug) if m.kampffaehig]
    wer_wahl = mo.ui.dropdown(options=_gruppe, value=wer, label=tisch.frisch("Wer handelt", wer))
    _ziele = sitzung.ziele(kampf, wer)
    _waffen = sitzung.waffen(kampf, wer)
    _ziel_optionen, _ziel_vorgabe = swzug.ziel_optionen(kampf, wer, _auswahl.gemerkt("waffe"))
    ziel_wahl = _auswahl.dropdown("ziel", _ziel_optionen, _ziel_vorgabe, "Ziel")
    waffe_wahl = _auswahl.dropdown("waffe", _waffen, swzug.standard_waffe(kampf, wer), "Waffe")
    _lage = sitzung.lage_auswahl(_auswahl.gemerkt("lage"))
    # Mehrfachaktionen: angesagt wird nur mit der ersten Aktion der Runde, danach folgt die Zahl daraus
    _angesagt = swk.angesagte_aktionen(kampf, wer)
    _aktionen_feld = {} if _angesagt is not None else {"aktionen": mo.ui.number(
        start=1, stop=4, step=1, value=_lage.get("aktionen") or swk.aktionen_zahl(kampf, wer),
        label=tisch.frisch("Aktionen ansagen (erste Aktion der Runde)", wer))}
    _zahl = swk.aktionen_zahl(kampf, wer)
    _aktionen_text = mo.md(
        f"<span id='sw-aktionen'>Aktionen diese Runde: {_zahl} · "
        + (f"Mehrfachaktionen −{2 * _zahl - 2}" if _zahl > 1 else "kein Mehrfachaktionsabzug") + "</span>"
        if _angesagt is not None else "")
    lage_wahl = mo.ui.dictionary(
        {
            "sonstiges": mo.ui.number(start=-10, stop=10, step=1, value=_lage["sonstiges"], label=tisch.frisch("Sonstiger Modifikator", wer)),
            **_aktionen_feld,
            "reichweite": mo.ui.dropdown(options=["kurz", "mittel", "lang"], value=_lage["reichweite"], label=tisch.frisch("Reichweite", wer)),
            "beleuchtung": mo.ui.dropdown(options=["hell", "düster", "dunkel", "stockfinster"], value=_lage["beleuchtung"], label=tisch.frisch("Licht", wer)),
            "deckung": mo.ui.dropdown(options=["keine", "leicht", "mittel", "schwer", "nahezu voll"], value=_lage["deckung"], label=tisch.frisch("Deckung", wer)),
            "ziel_geduckt": mo.ui.checkbox(value=_lage["ziel_geduckt"], label=tisch.frisch("Ziel geduckt", wer)),
            "ziel_liegt": mo.ui.checkbox(value=_lage["ziel_liegt"], label=tisch.frisch("Ziel liegt", wer)),
            "blind": mo.ui.checkbox(value=_lage["blind"], label=tisch.frisch("Blindes Feuer", wer)),
            "blitzhieb": mo.ui.checkbox(value=_lage["blitzhieb"], label=tisch.frisch("Blitzhieb", wer)),
        },
        on_change=_auswahl.merken("lage"),
    )
    weitere_ziele = tisch.mehrfachwahl(
        _ziele, [n for n in _auswahl.gemerkt("weitere", []) if n in _ziele],
        label=tisch.frisch("Weitere Ziele (Feuerrate/Blitzhieb: je Würfel eins)", wer), on_change=_auswahl.merken("weitere"),
    )
    _beispiel = swzug.wurf_beispiele(kampf, wer, _auswahl.gemerkt("ziel") or _ziel_vorgabe,
                                     _auswahl.gemerkt("waffe") or swzug.standard_waffe(kampf, wer))
    # breit im Raster (tisch.wuerfel_reihe; der Schaden mit Steigerungswürfel bekommt drei Fünftel): das
    # Beispiel samt Ausdruck passt, auch bei 820 px
    angriff_augen = tisch.wuerfel_feld("Angriff: echte Würfel", _beispiel[0], schluessel=len(verlauf.ereignisse), breit=True)
    schaden_augen = tisch.wuerfel_feld("Schaden: echte Würfel", _beispiel[1], schluessel=len(verlauf.ereignisse), breit=True)
    _e = lage_wahl.elements
    mo.vstack(
        [
            mo.md(f"### <span id='sw-am-zug'>{wer}</span> ist am Zug"
                  + (f" · auf dieser Karte noch: <span id='sw-karte-noch'>{', '.join(swzug.noch_auf_der_karte(kampf)[1:])}</span>"
                     if len(swzug.noch_auf_der_karte(kampf)) > 1 else "")),
            mo.hstack([wer_wahl, ziel_wahl, waffe_wahl, _e["sonstiges"], _e.get("aktionen", _aktionen_text)], justify="start", wrap=True),
            mo.accordion(
                {
                    "Lage: Reichweite, Licht, Deckung, mehrere Ziele": mo.vstack(
                        [
                            mo.hstack([_e["reichweite"], _e["beleuchtung"], _e["deckung"]], justify="start", wrap=True),
                            mo.hstack([_e["ziel_geduckt"], _e["ziel_liegt"], _e["blind"], _e["blitzhieb"]], justify="start", wrap=True),
                            tisch.wahl_ansicht(weitere_ziele),
                        ]
                    )
                }
            ),
        ]
    )
    return angriff_augen, lage_wahl, schaden_augen, waffe_wahl, weitere_ziele, wer_wahl, ziel_wahl


@app.cell
def _(kampf, lage_wahl, waffe_wahl, weitere_ziele, wer_wahl, ziel_wahl):
    # Chancen vor dem Wurf – nur für eine erlaubte Aktion (eine verbotene zeigt ihren Grund)
    _wer = wer_wahl.value
    _angriff = next(a for a in swzug.aktionen(kampf, _wer, waffe=waffe_wahl.value) if a.schluessel == "angriff")
    try:
        situation = swk.Angriffssituation.aus_werten(lage_wahl.value)
    except (sw.KampfFehler, ValueError, TypeError):
        situation = swk.Angriffssituation()
    _ausgabe = mo.md(f"<span id='sw-verboten'>✗ Angreifen – nicht möglich: {_angriff.grund}</span>")
    if _angriff.erlaubt:
        try:
            _werte = swk.angriffs_werte(kampf, _wer, ziel_wahl.value, waffe_wahl.value, situation)
            _treffer = vorschau.treffer_vorschau(kampf, _wer, ziel_wahl.value, waffe_wahl.value, situation)
            _wirkung = vorschau.angriff_vorschau(kampf, _wer, ziel_wahl.value, waffe_wahl.value, situation)
            _mods = ", ".join(f"{n} {v:+d}".replace("-", "−") for n, v in _werte["modifikatoren"]) or "keine"
            _mehr = ""
            if tisch.gewaehlt(weitere_ziele):
                _je = vorschau.ziele_vorschau(kampf, _wer, [ziel_wahl.value, *tisch.gewaehlt(weitere_ziele)], waffe_wahl.value, situation)
                _mehr = " · je Ziel: " + ", ".join(f"{n} {tisch.prozent(p)}" for n, p in _je.items())
            _ausgabe = mo.vstack(
                [
                    mo.md(
                        f"**Chancen vor dem Wurf:** {_werte['eigenschaft']} × {_werte['anzahl']} gegen Mindestwurf "
                        f"{_werte['mindestwurf']} · Modifikatoren: {_mods} · Treffer "
                        f"<span id='sw-treffer'>{tisch.prozent(_treffer['Erfolg'] + _treffer['Steigerung'])}</span>{_mehr}"
                    ),
                    mo.hstack(
                        [
                            diagramme.ergebnis_balken(_treffer, titel="Angriffsprobe", farben=sitzung.FARBEN),
                            diagramme.ergebnis_balken(_wirkung, titel="Was der Angriff mit dem Ziel macht", farben=sitzung.FARBEN),
                        ],
                        wrap=True,
                    ),
                ]
            )
        except (sw.KampfFehler, ValueError) as _f:
            _ausgabe = mo.md(f"<span id='sw-verboten'>✗ {_f}</span>")
    _ausgabe
    return (situation,)


@app.cell
def _(angriff_augen, kampf, kampftisch, lage_wahl, schaden_augen, waffe_wahl, weitere_ziele, wer_wahl, wuerfel_rng, ziel_wahl):
    # Die Knöpfe des Zugs: Angreifen (samt Schaden), Zug beenden, Erholung, Abwarten, Rückgängig
    _wer = wer_wahl.value
    _aktionen = {a.schluessel: a for a in swzug.aktionen(kampf, _wer, waffe=waffe_wahl.value)}

    def _angreifen(verlauf):
        _ziele = [ziel_wahl.value, *tisch.gewaehlt(weitere_ziele)] if tisch.gewaehlt(weitere_ziele) else None
        situation = swk.Angriffssituation.aus_werten(lage_wahl.value)

        def _folge(v):
            if _ziele:
                return [tisch.ausfuehren(v, lambda z: swk.ereignis_angriff(
                    z, _wer, ziel_wahl.value, waffe_wahl.value, situation, ziele=_ziele,
                    **tisch.wurfquelle(angriff_augen.value, wuerfel_rng)))]
            return swzug.angreifen(
                v, _wer, ziel_wahl.value, waffe_wahl.value, situation,
                **tisch.wurfquelle(angriff_augen.value, wuerfel_rng), schaden_augen=tisch.augen(schaden_augen.value),
            )

        kampftisch.schritte(_folge)

    _knoepfe = [
        mo.ui.button(label="Angreifen", kind="success", disabled=not _aktionen["angriff"].erlaubt, on_click=kampftisch.klick(_angreifen)),
        mo.ui.button(label="Zug beenden, nächste Karte", disabled=not _aktionen["fertig"].erlaubt,
                     on_click=kampftisch.klick(lambda v: kampftisch.schritte(swzug.zug_beenden))),
    ]
    if "erholung" in _aktionen:
        _knoepfe.append(mo.ui.button(
            label="Erholungsprobe", disabled=not _aktionen["erholung"].erlaubt,
            on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: swk.ereignis_erholung(z, _wer, **tisch.wurfquelle(angriff_augen.value, wuerfel_rng)))),
        ))
        _quelle = "eigen" if kampf.kaempfer_namens(_wer).bennies else "spielleiter"
        _knoepfe.append(mo.ui.button(
            label="Benny: nicht mehr Angeschlagen", disabled=not _aktionen["benny_erholen"].erlaubt,
            on_click=kampftisch.klick(lambda v: kampftisch.schritt(lambda z: swk.ereignis_benny(z, _wer, quelle=_quelle))),
        ))
    _knoepfe.append(mo.ui.button(label="Abwarten", disabled=not _aktionen["abwarten"].erlaubt,
                                 on_click=kampftisch.klick(lambda v: kampftisch.schritt(swk.ereignis_abwarten))))
    _knoepfe.append(mo.ui.button(label="Verzichten (Aktion auslassen)", disabled=not _aktionen["passen"].erlaubt,
                                 on_click=kampftisch.klick(lambda v: kampftisch.schritte(swzug.verzichten))))
    _hilfe = None
    if "erholung" in _aktionen and _aktionen["erholung"].erlaubt:
        _hilfe = diagramme.ergebnis_balken(vorschau.erholung_vorschau(kampf, _wer), titel="Erholungsprobe (Willenskraft gegen 4)")
    zug_knoepfe = _knoepfe  # global gebunden: sonst wirken Klicks nicht
    mo.vstack(
        [
            tisch.wuerfel_reihe(angriff_augen, schaden_augen, spalten="minmax(0, 2fr) minmax(0, 3fr)"),
            mo.hstack(_knoepfe, justify="start", wrap=True),
            tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel != "angriff"]),
            _hilfe if _hilfe is not None else mo.md(""),
        ]
    ).style({"border-left": "4px solid #2e7d32", "padding-left": "0.6em"})
    return (zug_knoepfe,)


@app.cell
def _(kampf, kampftisch, verlauf, wuerfel_rng):
    # Neue Runde (ein Klick: Runde, Karten, erste Karte) und jede offene Entscheidung mit ihren Chancen
    mo.stop(kampf is None)
    _schritte = len(verlauf.ereignisse)
    _offen = swzug.offene_entscheidungen(kampf)
    _runde = swzug.naechste_runde_moeglich(kampf)
    entscheidung_elemente = []  # global gebunden: sonst wirken Klicks und Eingaben nicht

    def _m(element):
        entscheidung_elemente.append(element)
        return element

    def _k(**knopf):
        return _m(mo.ui.button(**knopf))

    _karten_text = _m(mo.ui.text(placeholder="z. B. Brakka: A♠; Banditen: 7♥; Mira: 3♣ 4♥ K♦", label=tisch.frisch("Echte Karten", _schritte), full_width=True))
    _teile = []
    _unten = [_k(label="Rückgängig", kind="warn", on_click=kampftisch.klick(lambda v: kampftisch.rueckgaengig()))]
    if kampf.runde and not kampf.am_zug and kampf.naechster():
        _unten.insert(0, _k(label="Nächste Karte aufrufen", kind="success",
                            on_click=kampftisch.klick(lambda v: kampftisch.schritt(swk.ereignis_am_zug))))
    if _runde.erlaubt or kampf.runde == 0 or not (kampf.am_zug or kampf.naechster()):
        _teile.append(mo.hstack(
            [
                _k(
                    label=_runde.text, kind="success", disabled=not _runde.erlaubt,
                    on_click=kampftisch.klick(lambda v: kampftisch.schritte(lambda vv: swzug.neue_runde(
                        vv, rng=wuerfel_rng,
                        karten=sitzung.karten_eingabe(_karten_text.value) if tisch.augen(_karten_text.value) else None))),
                ),
                mo.accordion({"Karten vom Tisch eintippen": _karten_text}),
            ],
            justify="start", wrap=True,
        ))
        if not _runde.erlaubt:
            _teile.append(mo.md(f"<span class='tisch-verboten'>✗ {_runde.grund}</span>"))
    for _e in _offen:
        _augen = _m(tisch.wuerfel_feld("Echte Würfel", "z. B. 6, 3", schluessel=(_e.schluessel, _schritte)))
        if _e.schluessel == "wegstecken":
            _c = vorschau.wegstecken_vorschau(kampf, _e.wer)
            _eigen = kampf.kaempfer_namens(_e.wer).bennies > 0
            _teile.append(mo.vstack([
                mo.md(f"**{_e.text}** – erwartet bleiben {tisch.anzahl(_c.erwartete_wunden, 'Wunde', 'Wunden', 2)}, alles weg: {tisch.prozent(_c.alle_weg)}"),
                diagramme.ergebnis_balken({tisch.anzahl(n, "Wunde bleibt", "Wunden bleiben"): p for n, p in _c.verbleibende_wunden.items()}, titel="Ein Benny: verbleibende Wunden"),
                mo.hstack([
                    _augen,
                    _k(label="Wegstecken (Benny)", kind="success", on_click=kampftisch.klick(
                        lambda v, w=_e.wer, a=_augen, q="eigen" if _eigen else "spielleiter": kampftisch.schritt(
                            lambda z: swk.ereignis_wegstecken(z, w, quelle=q, **tisch.wurfquelle(a.value, wuerfel_rng))))),
                    _k(label=kampf.offener_schaden.verzicht_knopf, on_click=kampftisch.klick(
                        lambda v, w=_e.wer: kampftisch.schritt(lambda z: swk.ereignis_verzicht(z, w)))),
                ], justify="start", wrap=True),
            ]))
        elif _e.schluessel.startswith("schaden:"):
            _nr = int(_e.schluessel.split(":")[1])
            _t = kampf.offene_treffer[_nr]
            _w = swk.schadens_werte(kampf, _t)
            _teile.append(mo.vstack([
                mo.md(f"**{_e.text}:** {_w['ausdruck']} gegen Robustheit {_w['robustheit']}"),
                diagramme.ergebnis_balken(vorschau.schaden_stufen(kampf, _t), titel="Wirkung dieses Schadenswurfs", farben=sitzung.FARBEN),
                mo.hstack([_augen, _k(label="Schaden würfeln", kind="success", on_click=kampftisch.klick(
                    lambda v, n=_nr, a=_augen: kampftisch.schritt(lambda z: swk.ereignis_schaden(z, nummer=n, **tisch.wurfquelle(a.value, wuerfel_rng)))))],
                    justify="start", wrap=True),
            ]))
        elif _e.schluessel == "wiederholen":
            _d = dict(kampf.letzter_angriff)["daten"]
            _c = vorschau.treffer_vorschau(kampf, _d["angreifer"], _d["ziel"], _d["waffe"], swk.Angriffssituation(**_d.get("situation", {})))
            _teile.append(mo.vstack([
                mo.md(f"**{_e.text}** – Treffer beim Wiederholen: {tisch.prozent(_c['Erfolg'] + _c['Steigerung'])} (oder Zug beenden)"),
                diagramme.ergebnis_balken(_c, titel="Wiederholte Angriffsprobe", farben=sitzung.FARBEN),
                mo.hstack([_augen, _k(label="Benny: Angriff wiederholen", kind="success", on_click=kampftisch.klick(
                    lambda v, a=_augen, q="eigen" if kampf.kaempfer_namens(_e.wer).bennies else "spielleiter": kampftisch.schritt(
                        lambda z: swk.ereignis_angriff_wiederholen(z, quelle=q, **tisch.wurfquelle(a.value, wuerfel_rng)))))],
                    justify="start", wrap=True),
            ]))
        elif _e.schluessel in ("erholung_wiederholen", "ausser_gefecht_wiederholen", "ausbluten_wiederholen"):
            _art = _e.schluessel.removesuffix("_wiederholen")
            _c = vorschau.probe_wiederholen_vorschau(kampf, _e.wer, _art)
            _probe_name = {"erholung": "Erholungsprobe", "ausser_gefecht": "Außer-Gefecht-Probe", "ausbluten": "Ausbluten-Probe"}[_art]
            _teile.append(mo.vstack([
                mo.md(f"**{_e.text}** – besser wird es mit <span id='sw-besser-{_art}'>{tisch.prozent(vorschau.wiederholen_besser(kampf, _e.wer, _art))}</span>"),
                diagramme.ergebnis_balken(_c, titel=f"{_probe_name} nach einem Benny (das bessere zählt)"),
                mo.hstack([
                    _augen,
                    _k(label=f"Benny: {_probe_name} wiederholen", kind="success", on_click=kampftisch.klick(
                        lambda v, w=_e.wer, r=_art, a=_augen, q="eigen" if kampf.kaempfer_namens(_e.wer).bennies else "spielleiter": kampftisch.schritt(
                            lambda z: swk.ereignis_probe_wiederholen(z, w, r, quelle=q, **tisch.wurfquelle(a.value, wuerfel_rng))))),
                    _k(label="Ergebnis behalten", on_click=kampftisch.klick(
                        lambda v, w=_e.wer, r=_art: kampftisch.schritt(lambda z: swk.ereignis_probe_behalten(z, w, r)))),
                ], justify="start", wrap=True),
            ]))
        elif _e.schluessel == "ausser_gefecht":
            _c = vorschau.ausser_gefecht_vorschau(kampf, _e.wer)
            _verletzung = _m(mo.ui.text(placeholder="2W6 und W6: z. B. 3, 4, 2", label=tisch.frisch("Verletzungstabelle", _schritte)))
            _teile.append(mo.vstack([
                mo.md(f"**{_e.text}** (Konstitution mit Wundabzügen)"),
                diagramme.ergebnis_balken(
                    {"stirbt": _c.tod, "blutet aus (bleibend verletzt)": _c.fehlschlag, "verletzt bis Heilung": _c.erfolg, "verletzt für 24 h": _c.steigerung},
                    titel="Außer-Gefecht-Probe",
                    farben={"stirbt": "#000000", "blutet aus (bleibend verletzt)": "#8e0000", "verletzt bis Heilung": "#fb8c00", "verletzt für 24 h": "#66bb6a"},
                ),
                mo.hstack([_augen, _verletzung, _k(label="Außer-Gefecht-Probe", kind="danger", on_click=kampftisch.klick(
                    lambda v, w=_e.wer, a=_augen, vz=_verletzung: kampftisch.schritt(lambda z: swk.ereignis_ausser_gefecht(
                        z, w, **tisch.wurfquelle(a.value, wuerfel_rng), verletzung_augen=tisch.augen(vz.value)))))],
                    justify="start", wrap=True),
            ]))
        elif _e.schluessel == "ausbluten":
            _c = vorschau.ausbluten_vorschau(kampf, _e.wer)
            _teile.append(mo.vstack([
                mo.md(f"**{_e.text}** – stirbt irgendwann ohne Hilfe: {tisch.prozent(_c.tod_insgesamt)}"),
                diagramme.kurve_ueber_runden({"ohne Hilfe": _c.tod_bis_runde}, titel="Tot innerhalb von n Runden", y_titel="Chance, tot zu sein"),
                mo.hstack([_augen, _k(label="Ausbluten-Probe", kind="danger", on_click=kampftisch.klick(
                    lambda v, w=_e.wer, a=_augen: kampftisch.schritt(lambda z: swk.ereignis_ausbluten(z, w, **tisch.wurfquelle(a.value, wuerfel_rng)))))],
                    justify="start", wrap=True),
            ]))
    mo.vstack([tisch.aufgaben_ansicht(_offen, "sw-aufgaben"), *_teile, mo.hstack(_unten, justify="start", wrap=True)])
    return (entscheidung_elemente,)


@app.cell
def _(get_meldung):
    tisch.meldung_ansicht(get_meldung(), "sw-meldung")
    return


@app.cell
def _(kampf, kampftisch, wuerfel_rng):
    # Vorschlag der Taktik (Issue 26): was die Nichtspieler jetzt tun, ein Klick spielt ihn
    from gm_helfer.savage_worlds import vorschlag as swvorschlag

    mo.stop(kampf is None)  # noch kein Kampf: kein Vorschlag
    _taktik = kampftisch.taktik()
    _v = swvorschlag.naechster_schritt(kampf, swvorschlag.taktik_je_seite(kampf, _taktik), wuerfel_rng)
    _npc = bool(_v and _v.wer) and any(kf.name == _v.wer and kf.seite != "Helden" for kf in kampf.kaempfer)
    _gruppe = bool(kampf.am_zug) and any(m.seite != "Helden" for m in kampf.mitglieder(kampf.am_zug))
    _chance = ""
    if _v is not None and _v.aktion == "angriff":
        from gm_helfer.text import prozent as _prozent

        _c = vorschau.angriff_vorschau(kampf, _v.wer, _v.ziel, _v.waffe)  # exakt
        _chance = " – " + ", ".join(f"{_s} {_prozent(_p)}" for _s, _p in _c.items() if _p > 0)
    vorschlag_knoepfe = [
        mo.ui.button(label="Vorschlag spielen", kind="success", disabled=not (_v and _v.wer and _v.aktion != "runde"),
                     on_click=kampftisch.klick(lambda v, wer_=_v.wer if _v else None, taktik_=_taktik: kampftisch.schritte(
                         lambda verlauf: [e.text for e in swzug.vorschlag_spielen(verlauf, wer_, rng=wuerfel_rng, taktik=taktik_, bis_zugende=True)]))),
        mo.ui.button(label="Gruppe handelt", disabled=not _gruppe,
                     on_click=kampftisch.klick(lambda v, taktik_=_taktik: kampftisch.schritte(
                         lambda verlauf: [t for _, zeilen in swzug.gruppe_handelt(verlauf, rng=wuerfel_rng, taktik=taktik_) for t in zeilen]))),
    ]
    mo.vstack([
        mo.md(f"**Vorschlag{'' if _npc else ' (Held)'}:** {_v.text}{_chance}" if _v and _v.wer else "**Vorschlag:** –"),
        mo.hstack(vorschlag_knoepfe, justify="start"),
    ]).style({"border-left": "4px solid #6a1b9a", "padding-left": "0.6em"})
    return (vorschlag_knoepfe,)


@app.cell
def _(kampf, kampftisch):
    # Die Taktik je Seite (Issue 26, Punkt 4): wie in begegnung.py, aus der Begegnung oder dem gespeicherten Kampf
    mo.stop(kampf is None)
    taktik_je_seite, _ansicht = kampftisch.taktik_ansicht(sorted({kf.seite for kf in kampf.kaempfer}))
    _ansicht
    return (taktik_je_seite,)


@app.cell
def _(kampftisch):
    # Entscheidungen der Gegner ohne Rückfrage (Issue 26, Punkt 3): je Art ein Schalter, nach der Taktik
    nsc_automatik = kampftisch.nsc_schalter(swzug)
    kampftisch.schalter_ansicht(nsc_automatik)
    return (nsc_automatik,)


@app.cell
def _():
    # Lagebild (nur Spielleiter, Issue 25): ein Lauf je Sitzung; er rechnet im Hintergrund (eigener Prozess) –
    # kein Klick und keine Einzelwurf-Chance wartet darauf. „Lagebild je Wahl“ spielt die Wahlen des
    # Augenblicks dazu (wenige Kämpfe je Wahl, ebenfalls im Hintergrund).
    from gm_helfer import tisch_lage as _tl

    lage_lauf = _tl.lage_lauf('savage_worlds', seite='Helden')
    lagebild_an, lagebild_je_wahl = _tl.lage_schalter()
    mo.hstack([lagebild_an, lagebild_je_wahl], justify="start")
    return lage_lauf, lagebild_an, lagebild_je_wahl


@app.cell
def _(kampf, lage_lauf, lagebild_an, lagebild_je_wahl, verlauf):
    # Nach jedem Schritt: die Rechnung anstoßen; der Faden schreibt jede Stufe in diese Zelle
    from gm_helfer import tisch_lage as _tl

    _tl.lage_zelle(lage_lauf, len(verlauf.ereignisse) if verlauf else 0, kampf, an=lagebild_an.value,
                   je_wahl=lagebild_je_wahl.value, runde=kampf.runde if kampf else 0, aktiv=kampf is not None and kampf.runde >= 1 and len({_k.seite for _k in kampf.kaempfer if _k.kampffaehig}) > 1, hook='lagebild')
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    mo.accordion({"Kämpfer (Zustand, Wunden, Bennies, Parade, Robustheit)": tisch.tabelle(sitzung.kaempfer_tabelle(kampf))})
    return


@app.cell
def _(kampf, kampftisch, wer, wuerfel_rng):
    # Seltener gebraucht: Nahkampf markieren (Überzahl), gezielt aufrufen, Überraschung, Unterbrechen, Bennies, Bewegung
    mo.stop(kampf is None)
    _alle = sitzung.namen(kampf, "kampffaehig")
    _empf = sitzung.empfaenger_liste(kampf, "alle")
    _akteur = wer or (_alle[0] if _alle else None)
    _seite = kampf.kaempfer_namens(_akteur).seite if _akteur else None
    _nah = tisch.mehrfachwahl(
        [n for n in _alle if kampf.kaempfer_namens(n).seite != _seite], list(swk.im_nahkampf(kampf, _akteur)) if _akteur else [],
        label=f"{_akteur or '–'} steht im Nahkampf mit",
    )
    _nah_knopf = mo.ui.button(label="Nahkampf eintragen", on_click=kampftisch.klick(
        lambda v: kampftisch.schritt(lambda z: swk.ereignis_nahkampf(z, _akteur, tisch.gewaehlt(_nah)))))
    _dran = mo.ui.dropdown(options=_empf, label="Karte aufrufen")
    _dran_knopf = mo.ui.button(label="Ist dran (Joker/Abwarten)", on_click=kampftisch.klick(
        lambda v: kampftisch.schritt(lambda z: swk.ereignis_am_zug(z, _dran.value))))
    _hinterhalt = tisch.mehrfachwahl(_empf, label="Lauern im Hinterhalt")
    _opfer = tisch.mehrfachwahl(_empf, label="Werden überrascht")
    _ue_augen = mo.ui.text(placeholder="z. B. Brakka: 4, 2; Mira: 6+1, 3", label="Echte Würfel")
    _ue_knopf = mo.ui.button(label="Überraschung auswerten", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
        lambda z: swk.ereignis_ueberraschung(z, tisch.gewaehlt(_hinterhalt), tisch.gewaehlt(_opfer), **sitzung.wurfquelle_je_name(_ue_augen.value, wuerfel_rng)))))
    _unterbrecher = mo.ui.dropdown(options=_alle, value=_alle[0] if _alle else None, label="Wer unterbricht")
    _unterbrochen = mo.ui.dropdown(options=_alle, value=_alle[-1] if _alle else None, label="wen")
    _ub_augen = mo.ui.text(placeholder="z. B. 7, 2 | 5", label="Echte Würfel: eigene | gegnerische")
    _ub_knopf = mo.ui.button(label="Unterbrechen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
        lambda z: swk.ereignis_unterbrechen(z, _unterbrecher.value, _unterbrochen.value, **sitzung.wurfquelle_paar(_ub_augen.value, wuerfel_rng)))))
    _benny_an = mo.ui.dropdown(options=["Spielleiter"] + sitzung.namen(kampf, "wildcard"), value="Spielleiter", label="Benny geben an")
    _benny_knopf = mo.ui.button(label="Benny geben", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
        lambda z: swk.ereignis_benny_erhalten(z, "" if _benny_an.value == "Spielleiter" else _benny_an.value))))
    _zoll = mo.ui.number(start=0, stop=40, step=0.5, value=1, label="Zoll")
    _art = mo.ui.dropdown(options=list(swk.BEWEGUNGSARTEN), value="gehen", label="Art")
    _bewegen = mo.ui.button(label="Bewegen", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
        lambda z: swk.ereignis_bewegung(z, _akteur, _zoll.value, art=_art.value))))
    _sprint = mo.ui.button(label="Sprinten", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
        lambda z: swk.ereignis_sprint(z, _akteur, rng=wuerfel_rng))))
    werkzeug_elemente = [_nah, _nah_knopf, _dran, _dran_knopf, _hinterhalt, _opfer, _ue_augen, _ue_knopf, _unterbrecher,
                         _unterbrochen, _ub_augen, _ub_knopf, _benny_an, _benny_knopf, _zoll, _art, _bewegen, _sprint]
    nachladen_knopf, spieler_elemente, _protokoll = kampftisch.protokoll_teil("sw-protokoll")
    mo.vstack([
        mo.accordion(
            {
                "Nahkampf markieren (Überzahl: +1 je weiteren Gegner am Ziel, höchstens +4 – aus dem Regelwerk)": mo.hstack([tisch.wahl_ansicht(_nah), _nah_knopf], justify="start", wrap=True),
                "Bewegen und Sprinten": mo.hstack([_zoll, _art, _bewegen, _sprint], justify="start", wrap=True),
                "Karte gezielt aufrufen (Joker, Abwartende)": mo.hstack([_dran, _dran_knopf], justify="start", wrap=True),
                "Überraschung (nur vor den ersten Karten)": mo.hstack([tisch.wahl_ansicht(_hinterhalt), tisch.wahl_ansicht(_opfer), _ue_augen, _ue_knopf], justify="start", wrap=True),
                "Aktionen unterbrechen": mo.hstack([_unterbrecher, _unterbrochen, _ub_augen, _ub_knopf], justify="start", wrap=True),
                "Bennies verteilen": mo.hstack([_benny_an, _benny_knopf], justify="start", wrap=True),
            }
        ),
        _protokoll,
    ])
    return nachladen_knopf, spieler_elemente, werkzeug_elemente


if __name__ == "__main__":
    app.run()
