import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="W100 – Kampf am Spieltisch")

with app.setup:
    import marimo as mo

    from gm_helfer import diagramme, tisch, w100
    from gm_helfer.w100 import diagramme as w100_diagramme
    from gm_helfer.w100 import sitzung
    from gm_helfer.w100 import zug as w100_zug


@app.cell
def _():
    ladung, bogen_editor = tisch.boegen_laden("w100", w100.SCHEMA, {"charaktere": "Charaktere", "waffen": "Waffen und Katalysatoren"})
    # Das Protokoll ist der einzige Zustand (siehe tisch.anlegen)
    get_version, get_meldung, get_start, kampftisch = tisch.anlegen()
    tisch.kopf(
        """
        # W100 – Kampf am Spieltisch

        Initiativepunkte statt fester Reihenfolge: W100 + Initiativebonus; wer die meisten Punkte
        hat, handelt und verliert 100 – wer danach noch Punkte hat, ist in derselben Runde wieder
        dran. Oben den Kampf anlegen oder fortsetzen, dann spielt sich alles im **Zug-Panel** ab:
        wer dran ist, was er darf, die Chancen vor dem Wurf (auch für jede Menge Flee oder Parade,
        die das Ziel ansagen kann), der Wurf – vom Programm oder mit echten Würfeln (`00` = 100) –
        und was offen bleibt. Jeder Schritt steht im Protokoll und lässt sich zurücknehmen.
        """
    )
    return bogen_editor, get_meldung, get_start, get_version, kampftisch, ladung


@app.cell
def _(bogen_editor, kampftisch, ladung):
    geprueft, speichern_knopf, _ansicht = kampftisch.boegen_pruefen(
        bogen_editor, ladung, w100.SCHEMA, "Charakterbögen bearbeiten (Agilität, OB, DB, Flee, LP, Waffen, Panzerung)")
    _ansicht
    return geprueft, speichern_knopf


@app.cell
def _():
    begegnung = tisch.begegnung_wahl("w100")  # eine gespeicherte Begegnung (notebooks/begegnung.py)
    return (begegnung,)


@app.cell
def _(begegnung, geprueft, get_start, kampftisch):
    get_start()
    _std = w100.Optionen()  # Standardwerte der Hausregeln (docs/w100.md)
    einstellungen = mo.ui.dictionary(
        {
            "lucky_seven": mo.ui.checkbox(value=_std.lucky_seven, label="Lucky Seven: eine 77 zählt 154"),
            "grenze_streiftreffer": mo.ui.number(start=0, stop=400, step=1, value=_std.grenze_streiftreffer, label="Streiftreffer ab"),
            "grenze_volltreffer": mo.ui.number(start=0, stop=400, step=1, value=_std.grenze_volltreffer, label="Volltreffer ab"),
            "initiative_neu_wuerfeln": mo.ui.checkbox(value=_std.initiative_neu_wuerfeln, label="Initiative jede Runde neu würfeln"),
            "flee_voll_auffuellen": mo.ui.checkbox(value=_std.flee_voll_auffuellen, label="Flee jede Runde ganz auffüllen"),
            "parade_bis_rundenende": mo.ui.checkbox(value=_std.parade_bis_rundenende, label="Parade bindet OB bis Rundenende"),
            "parade_gegen_fernkampf": mo.ui.checkbox(value=_std.parade_gegen_fernkampf, label="Fernkampf parierbar"),
            "parade_gegen_zauber": mo.ui.checkbox(value=_std.parade_gegen_zauber, label="Zauber parierbar"),
            "ausweichen_gegen_zauber": mo.ui.checkbox(value=_std.ausweichen_gegen_zauber, label="Zaubern ausweichen"),
            "streiftreffer_aufrunden": mo.ui.checkbox(value=_std.streiftreffer_aufrunden, label="Streiftreffer aufrunden"),
            "krit_vor_panzerung": mo.ui.checkbox(value=_std.krit_vor_panzerung, label="Kritisch vor der Panzerung"),
        }
    )
    _e = list(einstellungen.elements.values())
    # Knöpfe als globale Namen: marimo hält Bedienelemente nur so am Leben
    _aus_begegnung = tisch.begegnung_start(begegnung.value, geprueft.boegen).namen if begegnung.value else None

    def _kampf(namen):
        _boegen, _optionen = (tisch.begegnung_boegen(begegnung.value, geprueft.boegen, namen) if begegnung.value
                              else ([b for b in geprueft.boegen if b.name in namen], None))
        return sitzung.neuer_verlauf(w100.kampf_aus_boegen(_boegen, _optionen or sitzung.optionen_aus(einstellungen.value)))

    teilnehmer, neu_knopf, _, _, anlage_ansicht = kampftisch.anlage(
        tisch.bogen_beschriftung(geprueft.boegen),
        _kampf,
        vorauswahl=_aus_begegnung,
        zuletzt=sitzung.gespeicherte_kaempfe,
        sonst=tisch.erster_vorschlag("w100", geprueft.boegen),  # der erste Kampf: die Gruppe gegen die Beispielgegner
        fortgesetzt=lambda v: _aus_begegnung or [k.name for k in v.zustand.kaempfer],
        einstellungen=[begegnung, mo.accordion({"Einstellungen des Kampfes (siehe docs/w100.md)": mo.vstack(
            [tisch.reihe(*_e[:3]), tisch.reihe(*_e[3:7]), tisch.reihe(*_e[7:])])})],
    )
    return anlage_ansicht, einstellungen, neu_knopf, teilnehmer


@app.cell
def _(get_start, kampftisch):
    get_start()  # nach „Neuer Kampf“ steht er gleich in der Liste
    kampf_wahl, fortsetzen_knoepfe = kampftisch.fortsetzen_wahl(sitzung.gespeicherte_kaempfe(), sitzung.start_aus_kopf, w100.anwenden)
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
    verlauf, kampf, wer = kampftisch.stand(w100_zug.am_zug, get_version())
    tisch.lage_ansicht(verlauf, "w100-lage", lambda k: [
        mo.md(f"## <span id='w100-lage'>{sitzung.lage(k)}</span>"),
        # lazy mit Funktion: gebaut erst beim Aufklappen, nicht bei jedem Schritt
        mo.accordion({"Kämpfer (Initiative, LP, Flee, freie Parade, Position)": lambda: mo.vstack([
            w100_diagramme.initiative_diagramm(w100.initiative_leiter(k), titel="Initiativepunkte (jede 100 ist ein Zug)"),
            tisch.tabelle(sitzung.leiter_tabelle(k)),
        ])}, lazy=True),
    ])
    return kampf, verlauf, wer


@app.cell
def _(kampf, kampftisch):
    # Zwischen den Zügen: Initiative zu Kampfbeginn bzw. die nächste Runde – ein Klick
    mo.stop(kampf is None or w100_zug.am_zug(kampf) is not None)
    (_runde,) = w100_zug.aktionen(kampf, None)
    _eingabe = sitzung.initiative_eingabe(kampf)
    runde_augen = mo.ui.dictionary(
        {n: mo.ui.text(placeholder="W100 (00 = 100)", label=n) for n in (_eingabe.namen if _eingabe else ())}
    )
    runde_knopf = kampftisch.knopf(_runde.text, folge=lambda v: w100_zug.neue_runde(
        v, rng=kampftisch.rng, augen=sitzung.augen_aus_text(runde_augen.value)), aktion=_runde, kind="success")
    _gewonnen = w100.sieger(kampf)
    tisch.zug_rahmen(
            mo.md(f"<span id='w100-sieger'>Nur noch {'die Helden' if _gewonnen == 'helden' else 'die Gegner'} stehen – "
                  "der Kampf ist entschieden (weiterspielen geht).</span>") if _gewonnen and kampf.runde else mo.md(""),
            runde_knopf,
            mo.accordion({"Echte W100 eintippen (leer = das Programm würfelt)": tisch.reihe(*runde_augen.elements.values())})
            if _eingabe else mo.md(""),
            tisch.grund_ansicht(_runde),
    )
    return runde_augen, runde_knopf


@app.cell
def _(kampf, kampftisch, verlauf, wer):
    # Eingaben des Zug-Panels: nach jedem Schritt neu gebaut; die Auswahl gilt je Handelndem
    mo.stop(kampf is None or wer is None)
    _auswahl = kampftisch.auswahl(wer)
    _waffen = [x.name for x in kampf[wer].waffen if x.ausgeruestet]
    # vorgewählt das Ziel, das dieser Angriff am wahrscheinlichsten kampfunfähig macht (Chance neben jedem Namen)
    _ziel_optionen, _ziel_vorgabe = w100_zug.ziel_optionen(
        kampf, wer, _auswahl.gemerkt("waffe") if _auswahl.gemerkt("waffe") in _waffen else None,
        taktik=kampftisch.taktik(kampf[wer].seite))
    ziel_wahl = _auswahl.dropdown("ziel", _ziel_optionen, _ziel_vorgabe, "Ziel")
    waffe_wahl = _auswahl.dropdown("waffe", _waffen, w100_zug.standard_waffe(kampf, wer), "Waffe / Katalysator")
    modifikator = _auswahl.zahl("modifikator", "Modifikator", -200, 200, step=1)
    w100_augen = tisch.wuerfel_feld("W100: echter Wurf", "z. B. 89 oder 00", schluessel=len(verlauf.ereignisse), breit=True)
    mo.vstack(
        [
            mo.md(f"### <span id='w100-am-zug'>{wer}</span> ist am Zug"),
            tisch.reihe(ziel_wahl, waffe_wahl, modifikator),
        ]
    )
    return modifikator, w100_augen, waffe_wahl, ziel_wahl


@app.cell
def _(kampf, kampftisch, nsc_automatik, waffe_wahl, wer, ziel_wahl):
    # Die angesagte Abwehr des Ziels: zur Wahl steht nur, was gegen diese Waffe geht; was nicht geht, mit Grund
    _moeglich = w100_zug.abwehr_moeglichkeiten(kampf, wer, ziel_wahl.value, waffe_wahl.value)
    _auswahl = kampftisch.auswahl(wer)
    # ein NSC als Ziel: seine Taktik sagt die Abwehr an (vorausgewählt je Ziel, änderbar)
    _nsc = w100_zug.nsc_abwehr(kampf, wer, ziel_wahl.value, waffe_wahl.value,
                               taktik=kampftisch.taktik(w100_zug.NSC_SEITE)) if nsc_automatik.value.get("abwehr") else None
    _schluessel = f"abwehr:{ziel_wahl.value}" if _nsc else "abwehr"
    abwehr_wahl = _auswahl.radio(_schluessel, {a.text: a.schluessel for a in _moeglich if a.erlaubt},
                                 _nsc[0] if _nsc else "keine",
                                 "Angesagte Abwehr des Ziels" + (" (Vorschlag der Taktik)" if _nsc else ""), inline=True)
    abwehr_punkte = _auswahl.zahl(f"punkte:{ziel_wahl.value}" if _nsc else "punkte", "Abwehrpunkte", 0, 400,
                                  vorgabe=_nsc[1] if _nsc else 0, step=1)
    mo.vstack([tisch.reihe(abwehr_wahl, abwehr_punkte), tisch.verbotene_ansicht(_moeglich)])
    return abwehr_punkte, abwehr_wahl


@app.cell
def _(abwehr_punkte, abwehr_wahl, kampf, modifikator, waffe_wahl, wer, ziel_wahl):
    # Chancen vor dem Wurf – nur für einen erlaubten Angriff
    _angriff = next(a for a in w100_zug.aktionen(kampf, wer) if a.schluessel == "angriff")
    mo.stop(not _angriff.erlaubt, mo.md(f"<span id='w100-verboten'>✗ Angreifen – nicht möglich: {_angriff.grund}</span>"))
    _vorschau = sitzung.vorschau(
        w100_zug.im_zug(kampf, wer), ziel_wahl.value, waffe_wahl.value,
        modifikator=modifikator.value, abwehr=abwehr_wahl.value, punkte=abwehr_punkte.value,
    )
    mo.stop(isinstance(_vorschau, str), mo.md(f"<span id='w100-verboten'>✗ {str(_vorschau).removeprefix('⚠ ')}</span>"))
    mo.vstack(
        [
            mo.md(
                f"**Chancen vor dem Wurf:** <span id='w100-vorschau'>{_vorschau.text()}</span> · Treffer "
                f"<span id='w100-treffer'>{tisch.prozent(_vorschau.chancen.trifft)}</span> · Volltreffer "
                f"{tisch.prozent(_vorschau.chancen.volltreffer)} · kritisch {tisch.prozent(_vorschau.chancen.kritisch)} · "
                f"Ziel kampfunfähig {tisch.prozent(_vorschau.kampfunfaehig)}"
            ),
            mo.md(f"<span id='w100-reichweite'>{_vorschau.meldung}</span>") if _vorschau.meldung else mo.md(""),
            # nebeneinander und niedrig: das Panel samt Ergebnis passt in ein Fenster (1280×800, 820×1180)
            mo.hstack(
                [
                    w100_diagramme.trefferstufen_balken(_vorschau.chancen, titel="Mit der angesagten Abwehr",
                                                        breite=diagramme.BREITE_KLEIN, balken=diagramme.BALKEN_KLEIN),
                    w100_diagramme.abwehr_diagramm(
                        _vorschau.tabelle, art="Flee" if _vorschau.abwehr_art == "ausweichen" else "Parade",
                        titel="Was jeder Abwehrpunkt kauft", markiert=_vorschau.plan.abwehr.punkte,
                        breite=max(diagramme.BREITE_KLEIN, min(2 * diagramme.BREITE_KLEIN, 9 * len(_vorschau.tabelle))),
                        hoehe=diagramme.HOEHE_KLEIN,
                    ),
                ],
                justify="start", gap=1, wrap=True,
            ),
        ]
    )
    return


@app.cell
def _(kampf, verlauf, waffe_wahl, wer):
    # Das Schadensfeld: sein Beispiel passt zur gewählten Waffe (so viele Augen wie Schadenswürfel)
    schaden_augen = tisch.wuerfel_feld("Schaden: echte Würfel (nur bei Treffer)",
                                       w100_zug.schaden_beispiel(kampf, wer, waffe_wahl.value), schluessel=len(verlauf.ereignisse),
                                       breit=True)
    return (schaden_augen,)


@app.cell
def _(
    abwehr_punkte,
    abwehr_wahl,
    kampf,
    kampftisch,
    modifikator,
    schaden_augen,
    w100_augen,
    waffe_wahl,
    wer,
    ziel_wahl,
):
    # Die Knöpfe des Zugs: Angreifen (samt Schaden), auf das Ziel zugehen, Zug beenden, Rückgängig
    # für dieses Ziel und diese Waffe: außer Reichweite ist „Angreifen“ gesperrt (der Grund steht bei den Chancen)
    _aktionen = {a.schluessel: a for a in w100_zug.aktionen(kampf, wer, ziel=ziel_wahl.value, waffe=waffe_wahl.value)}

    def _angreifen(v):
        kampftisch.schritte(lambda vv: w100_zug.angreifen(
            vv, wer, ziel_wahl.value, waffe_wahl.value, modifikator=int(modifikator.value or 0),
            abwehr=abwehr_wahl.value, punkte=int(abwehr_punkte.value or 0), rng=kampftisch.rng,
            augen=tisch.augen(w100_augen.value), schaden_augen=tisch.augen(schaden_augen.value),
        ))

    zug_knoepfe = [
        mo.ui.button(label="Angreifen", kind="success", disabled=not _aktionen["angriff"].erlaubt, on_click=kampftisch.klick(_angreifen)),
        kampftisch.knopf("Auf das Ziel zugehen", folge=lambda v: w100_zug.bewegen(v, wer, auf=ziel_wahl.value),
                         aktion=_aktionen["bewegung"], disabled=not ziel_wahl.value),
        kampftisch.knopf("Zug beenden", folge=w100_zug.zug_beenden, aktion=_aktionen["zug_beenden"]),
        kampftisch.rueckgaengig_knopf(),
    ]
    tisch.zug_rahmen(
        tisch.wuerfel_reihe(w100_augen, schaden_augen),
        tisch.reihe(*zug_knoepfe),
        tisch.verbotene_ansicht([a for a in _aktionen.values() if a.schluessel != "angriff"]),
    )
    return (zug_knoepfe,)


@app.cell
def _(get_meldung, kampf, kampftisch):
    # Die Meldung des letzten Schritts und die offenen Entscheidungen (bleiben, bis genommen oder ausgeschlagen)
    _meldung = tisch.meldung_ansicht(get_meldung(), "w100-meldung")
    mo.stop(kampf is None, _meldung)
    _offen = w100_zug.offene_entscheidungen(kampf)
    _teile = [_meldung, tisch.aufgaben_ansicht(_offen, "w100-aufgaben")]
    ergreifen_elemente = []
    if any(e.schluessel == "initiative_ergreifen" for e in _offen):
        _namen = [k.name for k in kampf.kaempfer if k.kampffaehig(kampf.optionen)]
        _wahl = mo.ui.dropdown(options=_namen, value=_namen[0] if _namen else None, label="Wer ergreift die Initiative?")
        ergreifen_elemente = [_wahl, mo.ui.button(label="Initiative ergreifen", on_click=kampftisch.klick(
            lambda v: kampftisch.schritte(lambda vv: w100_zug.ergreifen(vv, _wahl.value)))),
            kampftisch.knopf("Niemand ergreift die Initiative", folge=w100_zug.ergreifen_verzichten)]
        _teile.append(mo.hstack(ergreifen_elemente, justify="start", wrap=True))
    mo.vstack(_teile)
    return (ergreifen_elemente,)


@app.cell
def _(abwehr_punkte, abwehr_wahl, kampf, waffe_wahl, wer, ziel_wahl):
    # Die Abwehr des Ziels ist eine Entscheidung vor dem Wurf – sie steht in der Aufgabenliste, bis gewürfelt ist
    _e = w100_zug.abwehr_entscheidung(kampf, wer, ziel_wahl.value, waffe_wahl.value) if ziel_wahl.value and waffe_wahl.value else None
    _angesagt = ""
    if _e is not None and abwehr_wahl.value != "keine" and abwehr_punkte.value:
        _angesagt = f" Angesagt: {tisch.anzahl(int(abwehr_punkte.value), 'Punkt', 'Punkte')} {'Flee' if abwehr_wahl.value == 'ausweichen' else 'Parade'}."
    tisch.aufgaben_ansicht([_e.text + _angesagt], "w100-abwehr") if _e is not None else mo.md("")
    return


@app.cell
def _(kampf, kampftisch):
    # Vorschlag der Taktik (wie die Simulation) für den, der am Zug ist – mit den exakten Chancen –
    # und „Gruppe handelt“: die NSC, die jetzt dran sind, nacheinander (ein Rückgängig nimmt alle zurück)
    mo.stop(kampf is None or kampf.runde == 0)
    _wer = w100_zug.am_zug(kampf)
    _taktik = kampftisch.taktik(kampf[_wer].seite) if _wer else None
    _v = w100_zug.vorschlag(kampf, _wer, taktik=_taktik) if _wer else None
    vorschlag_elemente = []
    _ausgabe = mo.md("")
    if _v is not None:
        _text = _v.text
        if _v.schluessel == "angriff":
            _vs = sitzung.vorschau(w100_zug.im_zug(kampf, _wer), _v.ziel, _v.waffe, abwehr=_v.abwehr, punkte=_v.punkte)
            if not isinstance(_vs, str):
                from gm_helfer.text import prozent as _prozent

                _text += (f" Treffer {_prozent(_vs.chancen.trifft)}, {_v.ziel} danach kampfunfähig "
                          f"{_vs.kampfunfaehig_text}.")
        # Werte als Vorgaben binden: marimo löscht die _-Namen der Zelle, bevor jemand klickt
        vorschlag_elemente.append(mo.ui.button(label="Vorschlag spielen", on_click=kampftisch.klick(
            lambda v, wer_=_wer, taktik_=_taktik: kampftisch.schritte(
                lambda vv: [e.text for e in w100_zug.vorschlag_spielen(vv, wer_, rng=kampftisch.rng, taktik=taktik_)]))))
        if kampf[_wer].seite == w100_zug.NSC_SEITE:
            vorschlag_elemente.append(mo.ui.button(label="Gruppe handelt", kind="warn", on_click=kampftisch.klick(
                lambda v, taktik_=_taktik: kampftisch.schritte(lambda vv: (lambda g: [t for _, ts in g.zuege for t in ts] + [g.halt])(
                    w100_zug.gruppe_handelt(vv, rng=kampftisch.rng, taktik=taktik_))))))
        _ausgabe = mo.vstack([mo.md(f"**Vorschlag der Taktik:** <span id='w100-vorschlag'>{_text}</span>"), mo.hstack(vorschlag_elemente, justify="start")])
    _ausgabe
    return (vorschlag_elemente,)


@app.cell
def _(kampf, kampftisch):
    # Die Taktik je Seite (Issue 26, Punkt 4): wie in begegnung.py, aus der Begegnung oder dem gespeicherten Kampf
    mo.stop(kampf is None)
    taktik_je_seite, _ansicht = kampftisch.taktik_ansicht(sorted({x.seite for x in kampf.kaempfer}))
    _ansicht
    return (taktik_je_seite,)


@app.cell
def _(kampftisch):
    # Entscheidungen der NSC ohne Rückfrage (Issue 26, Punkt 3): je Art ein Schalter, nach der Taktik
    nsc_automatik = kampftisch.nsc_schalter(w100_zug)
    kampftisch.schalter_ansicht(nsc_automatik)
    return (nsc_automatik,)


@app.cell
def _():
    # Lagebild (nur Spielleiter, Issue 25): ein Lauf je Sitzung; er rechnet im Hintergrund (eigener Prozess) –
    # kein Klick und keine Einzelwurf-Chance wartet darauf. „Lagebild je Wahl“ spielt die Wahlen des
    # Augenblicks dazu (wenige Kämpfe je Wahl, ebenfalls im Hintergrund).
    from gm_helfer import tisch_lage as _tl

    lage_lauf = _tl.lage_lauf('w100', seite='helden')
    lagebild_an, lagebild_je_wahl = _tl.lage_schalter()
    mo.hstack([lagebild_an, lagebild_je_wahl], justify="start")
    return lage_lauf, lagebild_an, lagebild_je_wahl


@app.cell
def _(kampf, lage_lauf, lagebild_an, lagebild_je_wahl, verlauf):
    # Nach jedem Schritt: die Rechnung anstoßen; der Faden schreibt jede Stufe in diese Zelle
    from gm_helfer import tisch_lage as _tl

    _tl.lage_zelle(lage_lauf, len(verlauf.ereignisse) if verlauf else 0, kampf, an=lagebild_an.value,
                   je_wahl=lagebild_je_wahl.value, runde=kampf.runde if kampf else 0, aktiv=kampf is not None and kampf.runde >= 1 and w100.sieger(kampf) is None, hook='w100-lagebild')
    return


@app.cell
def _(kampf, kampftisch, wer):
    # Lageplan und freie Bewegung
    mo.stop(kampf is None or wer is None)
    _k = w100_zug.im_zug(kampf, wer)
    _a = _k[wer]
    _x = mo.ui.number(start=-1000, stop=1000, step=0.5, value=_a.position[0], label="x (m)")
    _y = mo.ui.number(start=-1000, stop=1000, step=0.5, value=_a.position[1], label="y (m)")
    bewegen_elemente = [_x, _y, mo.ui.button(label="Bewegen nach x, y", on_click=kampftisch.klick(
        lambda v: kampftisch.schritte(lambda vv: w100_zug.bewegen(vv, wer, nach=(_x.value, _y.value)))))]
    mo.accordion(
        {
            # lazy mit Funktion: der Lageplan wird erst beim Aufklappen gezeichnet (Werte als Vorgabe
            # gebunden: im letzten Ausdruck hält marimo _-Namen nach dem Zelllauf nicht fest)
            "Lageplan und Bewegung": lambda lage=_k, waffe=w100_zug.standard_waffe(kampf, wer): mo.vstack(
                [
                    mo.hstack(bewegen_elemente, justify="start", wrap=True),
                    w100_diagramme.karte(lage, waffe, titel="Lageplan in Metern: Bewegung und Reichweite"),
                ]
            )
        },
        lazy=True,
    )
    return (bewegen_elemente,)


@app.cell
def _(kampf, kampftisch):
    # Spielleiter: Lebenspunkte und zeitabhängige Effekte
    mo.stop(kampf is None)
    _wer = mo.ui.dropdown(options=[k.name for k in kampf.kaempfer], value=kampf.kaempfer[0].name, label="Wer?")
    _lp = mo.ui.number(start=-500, stop=500, step=1, value=0, label="LP ±")
    _name = mo.ui.text(placeholder="z. B. Brennen", label="Effekt")
    _runden = mo.ui.number(start=1, stop=100, step=1, value=3, label="Runden")
    _lp_runde = mo.ui.number(start=-100, stop=100, step=1, value=0, label="LP je Runde")
    _ini = mo.ui.number(start=-200, stop=200, step=1, value=0, label="Initiativebonus ±")
    _angriffe = mo.ui.text(placeholder="leer = wie im Kampf eingestellt", label="Angriffshandlungen je Zug")
    _wege = mo.ui.text(placeholder="leer = wie im Kampf eingestellt", label="Bewegungen je Zug")
    sl_knoepfe = [
        mo.ui.button(label="LP ändern", on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(lambda z: w100.lp_ereignis(z, _wer.value, int(_lp.value or 0))))),
        mo.ui.button(label="Effekt setzen", on_click=kampftisch.klick(
            lambda v: kampftisch.schritt(lambda z: w100.effekt_ereignis(z, _wer.value, w100.Effekt(
                _name.value or "Effekt", int(_runden.value), int(_lp_runde.value), int(_ini.value)))))),
        mo.ui.button(label="kampfunfähig / wieder kampffähig (nur ohne Gesundheitsmodell)",
                     disabled=kampf.optionen.gesundheit != "ohne", on_click=kampftisch.klick(lambda v: kampftisch.schritt(
                         lambda z: w100.ausfall_ereignis(z, _wer.value, not z[_wer.value].ausgefallen)))),
        _wer, _lp, _name, _runden, _lp_runde, _ini,
        mo.ui.button(label="Handlungen je Zug setzen", on_click=kampftisch.klick(lambda v: kampftisch.schritte(
            lambda vv: w100_zug.handlungen_setzen(vv, _wer.value, angriffshandlungen=_angriffe.value, bewegungen=_wege.value)))),
        _angriffe, _wege,
    ]
    nachladen_knopf, spieler_elemente, _protokoll = kampftisch.protokoll_teil("w100-protokoll")
    mo.vstack([
        mo.accordion(
            {
                "Spielleiter: Lebenspunkte, zeitabhängige Effekte, Handlungen je Zug": mo.vstack(
                    [
                        mo.hstack([_wer, _lp, sl_knoepfe[0], sl_knoepfe[2]], justify="start", wrap=True),
                        mo.hstack([_name, _runden, _lp_runde, _ini, sl_knoepfe[1]], justify="start", wrap=True),
                        mo.hstack([_angriffe, _wege, sl_knoepfe[9]], justify="start", wrap=True),
                    ]
                )
            }
        ),
        _protokoll,
    ])
    return nachladen_knopf, sl_knoepfe, spieler_elemente


if __name__ == "__main__":
    app.run()
