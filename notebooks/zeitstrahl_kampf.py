import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Zeitstrahl – Kampf")

with app.setup:
    import random

    import marimo as mo

    from gm_helfer import boegen, diagramme, pfade, zeitstrahl
    from gm_helfer.zeitstrahl import diagramme as zs_diagramme
    from gm_helfer.zeitstrahl import sitzung


@app.function
def versuch(funktion, *argumente, **schluessel):
    """Ruft die Bibliothek auf; ``(ergebnis, "")`` oder ``(None, deutsche Meldung)``."""
    try:
        return funktion(*argumente, **schluessel), ""
    except ValueError as fehler:
        return None, str(fehler)


@app.function
def fehler_hinweis(meldung, hook="fehler"):
    """Ein roter Hinweis mit stabiler id für Tests – oder nichts."""
    if not meldung:
        return mo.md("")
    return mo.callout(mo.md(f"<span id='{hook}'>{meldung}</span>"), kind="danger")


@app.function
def anhaengen(verlauf, verlauf_setzen, version, ereignis, fehler, hook):
    """Hängt ein gelungenes Ereignis an den Verlauf (gespeichert, rückgängig machbar) und
    meldet sonst den Fehler."""
    if ereignis is not None:
        # Speichern kann scheitern (Platte voll, Kampf in anderer Sitzung übernommen): Meldung
        _, fehler = versuch(verlauf.ausfuehren, ereignis)
        if not fehler:
            verlauf_setzen((verlauf, version + 1))
    return fehler_hinweis(fehler, hook)


@app.cell
def _():
    mo.md("""
    # Zeitstrahl – Kampf am Spieltisch

    Der Kampf läuft auf einem **Zeitstrahl** (ein Tick ≈ eine halbe Sekunde): wer die
    niedrigste Position hat, handelt; jede Aktion schiebt den Handelnden um ihre Ticks
    nach hinten. Vor jedem Wurf zeigt das Notebook die **exakten Chancen** – gegen jede
    Verteidigung, die das Ziel wählen könnte. Würfeln lässt du das Programm oder du
    tippst ein, was am Tisch gefallen ist. Jeder Schritt landet im Protokoll (mit der
    Regel, auf der er beruht), lässt sich zurücknehmen und übersteht einen Absturz.
    """)
    return


@app.cell
def _():
    ladung = boegen.laden("zeitstrahl", pfade.charakter_ordner("zeitstrahl"))
    return (ladung,)


@app.cell
def _(ladung):
    tabellen = boegen.als_tabellen(ladung.boegen, zeitstrahl.SCHEMA)
    return (tabellen,)


@app.cell
def _(tabellen):
    editor_charaktere = mo.ui.data_editor(tabellen["charaktere"], label="Charaktere")
    editor_waffen = mo.ui.data_editor(tabellen["waffen"], label="Waffen und Schilde")
    editor_ruestung = mo.ui.data_editor(tabellen["ruestung"], label="Rüstungsschichten je Zone")
    editor_spezial = mo.ui.data_editor(tabellen["spezialisierungen"], label="Spezialisierungen")
    return editor_charaktere, editor_ruestung, editor_spezial, editor_waffen


@app.cell
def _(editor_charaktere, editor_ruestung, editor_spezial, editor_waffen, ladung):
    knopf_speichern = mo.ui.run_button(label="Bögen speichern")
    mo.accordion(
        {
            f"Charakterbögen ({len(ladung.boegen)})": mo.vstack([
                mo.ui.tabs({
                    "Charaktere": editor_charaktere,
                    "Waffen": editor_waffen,
                    "Rüstung": editor_ruestung,
                    "Spezialisierungen": editor_spezial,
                }),
                knopf_speichern,
            ])
        }
    )
    return (knopf_speichern,)


@app.cell
def _(editor_charaktere, editor_ruestung, editor_spezial, editor_waffen, ladung):
    bearbeitet = boegen.aus_tabellen(
        {
            "charaktere": editor_charaktere.value,
            "waffen": editor_waffen.value,
            "ruestung": editor_ruestung.value,
            "spezialisierungen": editor_spezial.value,
        },
        zeitstrahl.SCHEMA,
        ladung.boegen,
    )
    return (bearbeitet,)


@app.cell
def _(bearbeitet, ladung):
    _meldungen = list(ladung.meldungen) + list(bearbeitet.meldungen)
    mo.callout(mo.md("<br>".join(_meldungen)), kind="warn") if _meldungen else mo.md("")
    return


@app.cell
def _(bearbeitet, knopf_speichern):
    mo.stop(not knopf_speichern.value)
    for _bogen in bearbeitet.boegen:
        boegen.speichern(_bogen)
    mo.md(f"<span id='gespeichert'>{len(bearbeitet.boegen)} Bögen gespeichert.</span>")
    return


@app.cell
def _(bearbeitet):
    kaempfer_alle = {_b.name: zeitstrahl.kaempfer_aus_bogen(_b) for _b in bearbeitet.boegen}
    return (kaempfer_alle,)


@app.cell
def _(kaempfer_alle):
    _vorauswahl = [n for n in ("Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger") if n in kaempfer_alle]
    wahl_teilnehmer = mo.ui.multiselect(options=list(kaempfer_alle), value=_vorauswahl, label="Wer kämpft mit?")
    wahl_probe = mo.ui.dropdown(options=["W20", "2W10"], value="W20", label="Probenwürfel")
    wahl_krit_immer = mo.ui.switch(value=False, label="Kritisch trifft auch aktive Verteidigung")
    wahl_fenster = mo.ui.switch(value=True, label="Reaktion nur, wenn der Angriff nicht vor der eigenen Aktion endet")
    wahl_schwierigkeit_helden = mo.ui.number(value=zeitstrahl.STANDARD.start_schwierigkeit, start=0, stop=80, label="Start-Schwierigkeit Helden")
    wahl_schwierigkeit_feinde = mo.ui.number(value=zeitstrahl.STANDARD.start_schwierigkeit, start=0, stop=80, label="Start-Schwierigkeit Feinde")
    wahl_parade_bonus = mo.ui.switch(value=True, label="Parade mit Verteidigungsbonus der Waffe")
    wahl_sturz_tabelle = mo.ui.switch(value=False, label="Krit-Effekt 4: auch der erhöhte Bereich würfelt auf der Patzertabelle")
    wahl_konter_beides = mo.ui.switch(value=False, label="Konter-Spezialisierung senkt Erschwernis und erlaubt Zeitdifferenz")
    wahl_viertel_je_wuerfel = mo.ui.switch(value=True, label="Waffenlose Parade: jeden Trefferpunktewürfel vierteln (sonst die Summe)")
    wahl_gesundheit = mo.ui.dropdown(options={"Lebenspunkte (kampfunfähig bei 0)": "lebenspunkte", "ohne (SL entscheidet)": "ohne"},
                                     value="Lebenspunkte (kampfunfähig bei 0)", label="Gesundheitsmodell")
    knopf_neu = mo.ui.run_button(label="Neuer Kampf")
    mo.vstack([
        mo.md("## Kampf anlegen"),
        wahl_teilnehmer,
        mo.hstack([wahl_schwierigkeit_helden, wahl_schwierigkeit_feinde], justify="start"),
        mo.md("<small>Furchterregende Gegner oder ein Überraschungsangriff erhöhen die Schwierigkeit einer Partei.</small>"),
        mo.accordion({"Hausregeln (Lesarten in docs/zeitstrahl.md)": mo.vstack([
            wahl_probe, wahl_krit_immer, wahl_fenster, wahl_parade_bonus, wahl_sturz_tabelle, wahl_konter_beides,
            wahl_viertel_je_wuerfel, wahl_gesundheit])}),
        knopf_neu,
    ])
    return (
        knopf_neu,
        wahl_fenster,
        wahl_gesundheit,
        wahl_konter_beides,
        wahl_krit_immer,
        wahl_parade_bonus,
        wahl_probe,
        wahl_schwierigkeit_feinde,
        wahl_schwierigkeit_helden,
        wahl_sturz_tabelle,
        wahl_teilnehmer,
        wahl_viertel_je_wuerfel,
    )


@app.cell
def _(
    wahl_fenster,
    wahl_gesundheit,
    wahl_konter_beides,
    wahl_krit_immer,
    wahl_parade_bonus,
    wahl_probe,
    wahl_sturz_tabelle,
    wahl_viertel_je_wuerfel,
):
    optionen = zeitstrahl.Optionen(
        probe=wahl_probe.value,
        kritisch_trifft_immer=wahl_krit_immer.value,
        reaktion_nur_im_fenster=wahl_fenster.value,
        parade_mit_verteidigungsbonus=wahl_parade_bonus.value,
        sturz_mit_patzertabelle=wahl_sturz_tabelle.value,
        konter_spezialisierung_beides=wahl_konter_beides.value,
        waffenlose_parade_je_wuerfel=wahl_viertel_je_wuerfel.value,
        gesundheit=wahl_gesundheit.value,
    )
    return (optionen,)


@app.cell
def _():
    protokoll_dateien = sitzung.protokolle(pfade.kampf_ordner())
    wahl_protokoll = mo.ui.dropdown(
        options={d.name: str(d) for d in protokoll_dateien},
        value=protokoll_dateien[0].name if protokoll_dateien else None,
        label="Gespeicherter Kampf",
    )
    knopf_fortsetzen = mo.ui.run_button(label="Kampf fortsetzen", disabled=not protokoll_dateien)
    mo.hstack([wahl_protokoll, knopf_fortsetzen], justify="start", align="end")
    return knopf_fortsetzen, wahl_protokoll


@app.cell
def _():
    zufall = random.Random()
    verlauf_holen, verlauf_setzen = mo.state(None)
    return verlauf_holen, verlauf_setzen, zufall


@app.cell
def _(kaempfer_alle, knopf_neu, optionen, verlauf_setzen, wahl_teilnehmer):
    mo.stop(not knopf_neu.value)
    _neu, _fehler = versuch(
        sitzung.neuer_verlauf,
        [kaempfer_alle[n] for n in wahl_teilnehmer.value],
        optionen,
        pfade.kampf_ordner(),
    )
    if _neu is not None:
        verlauf_setzen((_neu, 0))
    fehler_hinweis(_fehler, "fehler-neu")
    return


@app.cell
def _(knopf_fortsetzen, verlauf_holen, verlauf_setzen, wahl_protokoll):
    mo.stop(not knopf_fortsetzen.value or not wahl_protokoll.value)
    _bisher = verlauf_holen()
    if _bisher and str(_bisher[0].datei) == str(wahl_protokoll.value):
        _bisher[0].schliessen()  # derselbe Kampf in dieser Sitzung: Sperre abgeben, neu lesen
    _ergebnis, _fehler = versuch(sitzung.verlauf_fortsetzen, wahl_protokoll.value)
    if _ergebnis is not None:
        verlauf_setzen((_ergebnis[0], 0))
    mo.vstack([fehler_hinweis(_fehler, "fehler-fortsetzen")]
              + ([mo.callout(mo.md("<br>".join(_ergebnis[1])), kind="warn")] if _ergebnis and _ergebnis[1] else []))
    return


@app.cell
def _(verlauf_holen):
    _paar = verlauf_holen()
    verlauf = _paar[0] if _paar else None
    version = _paar[1] if _paar else 0
    mo.stop(verlauf is None, mo.callout(mo.md("Wähle die Kämpfer und klicke **Neuer Kampf** (oder setze einen gespeicherten Kampf fort)."), kind="info"))
    kampf = verlauf.zustand
    return kampf, verlauf, version


@app.cell
def _(kampf, wahl_schwierigkeit_feinde, wahl_schwierigkeit_helden):
    knopf_start = mo.ui.run_button(label="Startpositionen würfeln", disabled=kampf.gestartet)
    eingabe_start = mo.ui.text(label="… oder eingetippte W20 je Name", placeholder="Herkulos=14, Söldner=7", full_width=True)
    knopf_start_eintragen = mo.ui.run_button(label="Startwürfe eintragen", disabled=kampf.gestartet)
    mo.stop(kampf.gestartet)
    _tabelle = sitzung.start_tabelle(
        kampf, {"Helden": wahl_schwierigkeit_helden.value, "Feinde": wahl_schwierigkeit_feinde.value})
    mo.vstack([
        mo.md("### Startpositionen: Probe auf Kampferfahrung gegen die Schwierigkeit"),
        mo.md("<small>Vor dem Wurf: Chance auf Tick 0, mittlere und späteste Startposition (exakt).</small>"),
        mo.ui.table(_tabelle, selection=None, show_column_summaries=False,
                    format_mapping={"Tick 0": diagramme.prozent, "Mittel": diagramme.zahl}),
        mo.hstack([knopf_start, eingabe_start, knopf_start_eintragen], justify="start", align="end"),
    ])
    return eingabe_start, knopf_start, knopf_start_eintragen


@app.cell
def _(
    eingabe_start,
    kampf,
    knopf_start,
    knopf_start_eintragen,
    verlauf,
    verlauf_setzen,
    version,
    wahl_schwierigkeit_feinde,
    wahl_schwierigkeit_helden,
    zufall,
):
    mo.stop(not (knopf_start.value or knopf_start_eintragen.value))
    _schwierigkeit = {"Helden": wahl_schwierigkeit_helden.value, "Feinde": wahl_schwierigkeit_feinde.value}
    _augen, _fehler = versuch(sitzung.namen_augen, eingabe_start.value) if knopf_start_eintragen.value else (None, "")
    _ereignis, _fehler2 = (None, _fehler) if _fehler else versuch(
        zeitstrahl.start_ereignis, kampf, _schwierigkeit,
        rng=None if knopf_start_eintragen.value else zufall, augen=_augen,
    )
    anhaengen(verlauf, verlauf_setzen, version, _ereignis, _fehler2, "fehler-start")
    return


@app.cell
def _(kampf):
    _jetzt = kampf.jetzt
    _am_zug = ", ".join(kampf.am_zug) if kampf.gestartet else "–"
    _konter = (f"<br><b>Konter:</b> <span id='konter'>{sitzung.konter_hinweis(kampf)}</span>" if kampf.konter else "")
    mo.vstack([
        mo.md(f"## Zeitstrahl · <span id='jetzt'>Tick {_jetzt if kampf.gestartet else '–'}</span> · "
              f"am Zug: <span id='am-zug'>{_am_zug}</span>{_konter}"),
        zs_diagramme.zeitstrahl_jetzt(kampf),
        mo.ui.table(sitzung.reihenfolge_tabelle(kampf), selection=None, show_column_summaries=False),
    ])
    return


@app.cell
def _(kampf):
    mo.stop(not kampf.gestartet)
    _wer, _ziel = sitzung.vorschlag(kampf)
    _namen = [t.name for t in kampf.teilnehmer]
    wahl_angreifer = mo.ui.dropdown(options=_namen, value=_wer, label="Wer handelt")
    wahl_ziel = mo.ui.dropdown(options=_namen, value=_ziel, label="Ziel")
    return wahl_angreifer, wahl_ziel


@app.cell
def _(kampf, wahl_angreifer, wahl_ziel):
    mo.stop(wahl_angreifer.value is None or wahl_ziel.value is None)
    _a = kampf[wahl_angreifer.value].kaempfer
    _z = kampf[wahl_ziel.value].kaempfer
    wahl_waffe = mo.ui.dropdown(options={f"{w.name} ({w.schaden}, {w.geschwindigkeit} Ticks)": i for i, w in enumerate(_a.waffen)},
                                value=next(iter(f"{w.name} ({w.schaden}, {w.geschwindigkeit} Ticks)" for w in _a.waffen), None),
                                label="Waffe")
    wahl_verteidigung = mo.ui.dropdown(
        options={"passives Ausweichen": "passiv", "aktives Ausweichen (2 Ticks)": "ausweichen",
                 "Parade": "parade", "Blocken": "blocken"},
        value="passives Ausweichen", label="Verteidigung des Ziels")
    wahl_vwaffe = mo.ui.dropdown(options={w.name: i for i, w in enumerate(_z.waffen)},
                                 value=_z.waffen[0].name if _z.waffen else None, label="mit")
    wahl_zweite_hand = mo.ui.switch(value=False, label="mit der zweiten Hand (−1 Tick)")
    wahl_zweite_waffe = mo.ui.dropdown(options={w.name: i for i, w in enumerate(_z.waffen)}, value=None,
                                       allow_select_none=True, label="Blocken mit zwei Waffen: Nebenwaffe")
    wahl_mod = mo.ui.number(value=0, start=-20, stop=20, label="Modifikator Angriff")
    wahl_krit = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_ANGRIFF.items() if n < 6},
                               value=f"3: {zeitstrahl.KRIT_ANGRIFF[3][1]}", label="Krit-W6 zeigt 6 (freie Wahl) → Angreifer wählt")
    wahl_vkrit = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_VERTEIDIGUNG.items() if n < 6},
                                value=f"2: {zeitstrahl.KRIT_VERTEIDIGUNG[2][1]}", label="… Verteidiger wählt")
    mo.vstack([
        mo.md("## Angriff"),
        mo.hstack([wahl_angreifer, wahl_ziel, wahl_waffe, wahl_mod], justify="start", wrap=True),
        mo.hstack([wahl_verteidigung, wahl_vwaffe, wahl_zweite_hand, wahl_zweite_waffe], justify="start", wrap=True),
        mo.hstack([wahl_krit, wahl_vkrit], justify="start", wrap=True),
    ])
    return (
        wahl_krit,
        wahl_mod,
        wahl_vkrit,
        wahl_verteidigung,
        wahl_vwaffe,
        wahl_waffe,
        wahl_zweite_hand,
        wahl_zweite_waffe,
    )


@app.cell
def _(wahl_angreifer):
    v_angriff = mo.ui.number(value=0, start=-30, stop=30, label="Attacke")
    v_schaden = mo.ui.number(value=0, start=-30, stop=30, label="Schaden")
    v_verteidigung = mo.ui.number(value=0, start=-40, stop=30, label="Verteidigung")
    v_krit = mo.ui.number(value=0, start=0, stop=19, label="Kritschwelle senken um")
    v_patzer = mo.ui.number(value=0, start=0, stop=19, label="Patzerschwelle erhöhen um")
    v_effekt = mo.ui.dropdown(options={f"{n}: {t}": n for n, (_, t) in zeitstrahl.KRIT_ANGRIFF.items()},
                              value=None, allow_select_none=True, label="angesagter kritischer Effekt")
    mo.accordion({
        f"Kampfwerte verschieben ({wahl_angreifer.value}, 3:1 – mit Spezialisierung besser)": mo.vstack([
            mo.md("Verbesserungen positiv, Verschlechterungen negativ; die Patzerschwelle zu erhöhen bringt Punkte, "
                  "die Kritschwelle zu senken kostet welche."),
            mo.hstack([v_angriff, v_schaden, v_verteidigung], justify="start"),
            mo.hstack([v_krit, v_patzer, v_effekt], justify="start"),
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
def _(kampf, verschiebung, wahl_angreifer, wahl_krit, wahl_mod, wahl_vkrit, wahl_waffe, wahl_ziel):
    mo.stop(wahl_waffe.value is None)
    wahlen, _fehler = versuch(
        zeitstrahl.verteidigungs_wahlen, kampf, wahl_angreifer.value, wahl_ziel.value, wahl_waffe.value,
        verschiebung=verschiebung, modifikator=wahl_mod.value,
        krit_wahl=wahl_krit.value, verteidigung_krit_wahl=wahl_vkrit.value,
    )
    mo.stop(wahlen is None, fehler_hinweis(_fehler, "fehler-chancen"))
    _gesperrt = [f"<li>{w.titel}: {w.grund}</li>" for w in wahlen if w.grund]
    _passiv = next(w for w in wahlen if w.art == "passiv")
    mo.vstack([
        mo.md(f"### Chancen vor dem Wurf · <span id='chance-passiv'>gegen passives Ausweichen: "
              f"{diagramme.prozent(_passiv.chancen.treffer)}</span> · kritisch {diagramme.prozent(_passiv.chancen.kritisch)}"
              f" · Patzer {diagramme.prozent(_passiv.chancen.patzer)}"),
        zs_diagramme.verteidigungs_diagramm(wahlen, titel=f"Trefferchance von {wahl_angreifer.value} je Verteidigung von {wahl_ziel.value}"),
        mo.md("<small>Nicht möglich:</small><ul>" + "".join(_gesperrt) + "</ul>") if _gesperrt else mo.md(""),
    ])
    return (wahlen,)


@app.cell
def _(
    kampf,
    verschiebung,
    wahl_angreifer,
    wahl_krit,
    wahl_mod,
    wahl_verteidigung,
    wahl_vkrit,
    wahl_vwaffe,
    wahl_waffe,
    wahl_ziel,
    wahl_zweite_hand,
):
    mo.stop(wahl_waffe.value is None)
    _vert, _fehler = versuch(
        zeitstrahl.schadens_vorschau, kampf, wahl_angreifer.value, wahl_ziel.value, wahl_waffe.value,
        verteidigung=wahl_verteidigung.value, verteidigungs_waffe=wahl_vwaffe.value,
        verschiebung=verschiebung, modifikator=wahl_mod.value,
        krit_wahl=wahl_krit.value, verteidigung_krit_wahl=wahl_vkrit.value, zweite_hand=wahl_zweite_hand.value,
    )
    mo.stop(_vert is None, fehler_hinweis(_fehler, "fehler-schaden"))
    mo.hstack([
        diagramme.verteilung_diagramm(_vert, titel=f"Schadenspunkte an {wahl_ziel.value} (0 = kein Schaden)", x_titel="Schadenspunkte"),
        diagramme.ergebnis_balken(zeitstrahl.trefferzonen_chancen(), titel="Trefferzonen (2W6 geordnet)"),
    ], justify="start")
    return


@app.cell
def _(
    kampf,
    verschiebung,
    wahl_angreifer,
    wahl_krit,
    wahl_mod,
    wahl_verteidigung,
    wahl_vkrit,
    wahl_vwaffe,
    wahl_waffe,
    wahl_ziel,
    wahl_zweite_waffe,
):
    mo.stop(wahl_verteidigung.value != "blocken" or wahl_vwaffe.value is None)
    _risiko, _fehler = versuch(
        zeitstrahl.block_risiko, kampf, wahl_angreifer.value, wahl_ziel.value, wahl_waffe.value, wahl_vwaffe.value,
        zweite_waffe=wahl_zweite_waffe.value, verschiebung=verschiebung, modifikator=wahl_mod.value,
        krit_wahl=wahl_krit.value, verteidigung_krit_wahl=wahl_vkrit.value,
    )
    mo.stop(_risiko is None, fehler_hinweis(_fehler, "fehler-block"))
    mo.vstack([
        mo.md(f"**Blockrisiko für {wahl_ziel.value}:** <span id='block-risiko'>Waffe aus der Hand "
              f"{diagramme.prozent(_risiko.entwaffnet)} · bricht {diagramme.prozent(_risiko.gebrochen)} · "
              f"Stabilität −1 {diagramme.prozent(_risiko.beschaedigt)}</span>"
              + (f" · Nebenwaffe bricht {diagramme.prozent(_risiko.nebenwaffe_gebrochen)}" if wahl_zweite_waffe.value is not None else "")),
        diagramme.ergebnis_balken(_risiko.als_ausgaenge(), titel="Was der Block kosten kann"),
    ])
    return


@app.cell
def _(kampf, verschiebung, wahl_angreifer, wahl_waffe, wahl_ziel):
    mo.stop(verschiebung.leer or wahl_waffe.value is None)
    _fehler, _vergleich = zeitstrahl.verschiebung_im_kampf(
        kampf, wahl_angreifer.value, wahl_ziel.value, wahl_waffe.value, verschiebung)
    _ohne, _mit = (f"{_vergleich[_f].schaden_erwartet:.2f}".replace(".", ",") for _f in ("ohne", "mit"))
    _text = (f"Erwarteter Schaden gegen passives Ausweichen: ohne {_ohne} · "
             f"mit <span id='verschiebung-schaden'>{_mit}</span>")
    mo.vstack([
        fehler_hinweis(" ".join(_fehler), "fehler-verschiebung"),
        mo.md(_text),
        zs_diagramme.vergleich_diagramm(_vergleich),
    ])
    return


@app.cell
def _(kampf):
    mo.stop(not kampf.gestartet)
    augen_angriff = mo.ui.text(label="Angriff W20", placeholder="z. B. 14")
    augen_verteidigung = mo.ui.text(label="Verteidigung (W10/W20)", placeholder="leer bei passiv")
    augen_zone = mo.ui.text(label="Trefferzone 2W6 (Reihe Spalte)", placeholder="z. B. 3 5")
    augen_schaden = mo.ui.text(label="Trefferpunkte", placeholder="z. B. 4 2 3")
    augen_effekte = mo.ui.text(label="Weitere W6 (krit, patzer, …)", placeholder="krit=2, patzer=6, patzer_wurf=3")
    knopf_wuerfeln = mo.ui.run_button(label="Würfeln und anwenden")
    knopf_eintragen = mo.ui.run_button(label="Eingetippte Würfel anwenden")
    mo.vstack([
        mo.md("### Würfeln – oder eintippen, was am Tisch gefallen ist"),
        mo.hstack([knopf_wuerfeln], justify="start"),
        mo.hstack([augen_angriff, augen_verteidigung, augen_zone, augen_schaden], justify="start", wrap=True),
        mo.hstack([augen_effekte, knopf_eintragen], justify="start", align="end"),
    ])
    return (
        augen_angriff,
        augen_effekte,
        augen_schaden,
        augen_verteidigung,
        augen_zone,
        knopf_eintragen,
        knopf_wuerfeln,
    )


@app.cell
def _(
    augen_angriff,
    augen_effekte,
    augen_schaden,
    augen_verteidigung,
    augen_zone,
    kampf,
    knopf_eintragen,
    knopf_wuerfeln,
    verlauf,
    verlauf_setzen,
    version,
    verschiebung,
    wahl_angreifer,
    wahl_krit,
    wahl_mod,
    wahl_verteidigung,
    wahl_vkrit,
    wahl_vwaffe,
    wahl_waffe,
    wahl_ziel,
    wahl_zweite_hand,
    wahl_zweite_waffe,
    zufall,
):
    mo.stop(not (knopf_wuerfeln.value or knopf_eintragen.value))
    _weitere, _fehler = versuch(sitzung.namen_augen, augen_effekte.value)
    _augen = (sitzung.augen_sammeln(angriff=augen_angriff.value, verteidigung=augen_verteidigung.value,
                                    zone=augen_zone.value, schaden=augen_schaden.value) | (_weitere or {})
              if knopf_eintragen.value else None)
    _ereignis, _fehler2 = (None, _fehler) if _fehler else versuch(
        zeitstrahl.angriff_ereignis, kampf, wahl_angreifer.value, wahl_ziel.value, wahl_waffe.value,
        wahl_verteidigung.value, verteidigungs_waffe=wahl_vwaffe.value, zweite_hand=wahl_zweite_hand.value,
        zweite_waffe=wahl_zweite_waffe.value, verschiebung=verschiebung, modifikator=wahl_mod.value,
        krit_wahl=wahl_krit.value, verteidigung_krit_wahl=wahl_vkrit.value,
        rng=zufall if knopf_wuerfeln.value else None, augen=_augen,
    )
    anhaengen(verlauf, verlauf_setzen, version, _ereignis, _fehler2, "fehler-angriff")
    return


@app.cell
def _(kampf, wahl_angreifer):
    mo.stop(not kampf.gestartet)
    aktion_ticks = mo.ui.number(value=2, start=1, stop=30, label="Ticks")
    aktion_art = mo.ui.dropdown(options={"sofortig": "sofort", "vorbereitet": "vorbereitet", "kontinuierlich": "kontinuierlich"},
                                value="sofortig", label="Art")
    aktion_text = mo.ui.text(value="", label="Was", placeholder="z. B. Zauber vorbereiten, Tür zuhalten")
    knopf_aktion = mo.ui.run_button(label="Andere Aktion ausführen")
    knopf_ansage = mo.ui.run_button(label="Reaktion ansagen")
    knopf_verfallen = mo.ui.run_button(label="Angesagte Reaktion verfällt (1 Tick)")
    mo.vstack([
        mo.md(f"## Andere Aktionen von {wahl_angreifer.value}"),
        mo.hstack([aktion_ticks, aktion_art, aktion_text, knopf_aktion], justify="start", align="end", wrap=True),
        mo.hstack([knopf_ansage, knopf_verfallen], justify="start"),
    ])
    return aktion_art, aktion_text, aktion_ticks, knopf_aktion, knopf_ansage, knopf_verfallen


@app.cell
def _(
    aktion_art,
    aktion_text,
    aktion_ticks,
    kampf,
    knopf_aktion,
    knopf_ansage,
    knopf_verfallen,
    verlauf,
    verlauf_setzen,
    version,
    wahl_angreifer,
):
    mo.stop(not (knopf_aktion.value or knopf_ansage.value or knopf_verfallen.value))
    if knopf_aktion.value:
        _ereignis, _fehler = versuch(zeitstrahl.aktion_ereignis, kampf, wahl_angreifer.value, aktion_ticks.value,
                                     aktion_art.value, aktion_text.value)
    elif knopf_ansage.value:
        _ereignis, _fehler = versuch(zeitstrahl.ansage_ereignis, kampf, wahl_angreifer.value)
    else:
        _ereignis, _fehler = versuch(zeitstrahl.ansage_verfallen_ereignis, kampf, wahl_angreifer.value)
    anhaengen(verlauf, verlauf_setzen, version, _ereignis, _fehler, "fehler-aktion")
    return


@app.cell
def _(kampf):
    mo.stop(not kampf.gestartet)
    sl_name = mo.ui.dropdown(options=[t.name for t in kampf.teilnehmer], value=kampf.teilnehmer[0].name, label="Wer")
    return (sl_name,)


@app.cell
def _(kampf, sl_name):
    _t = kampf[sl_name.value]
    sl_lp = mo.ui.number(value=_t.lebenspunkte, start=-500, stop=1000, label="Lebenspunkte")
    sl_grund = mo.ui.text(label="Grund", placeholder="z. B. Heiltrank")
    sl_zustand = mo.ui.dropdown(options=list(_t.zustaende), value=None, label="Zustand")
    knopf_lp = mo.ui.run_button(label="Lebenspunkte setzen")
    knopf_zustand = mo.ui.run_button(label="Zustand beenden", disabled=not _t.zustaende)
    knopf_ausfall = mo.ui.run_button(label="Kampfunfähig erklären (nur ohne Gesundheitsmodell)",
                                     disabled=kampf.optionen.gesundheit != "ohne")
    mo.accordion({
        "Spielleiter-Eingriffe (Heilung, Zustände)": mo.vstack([
            sl_name,
            mo.hstack([sl_lp, sl_grund, knopf_lp], justify="start", align="end"),
            mo.hstack([sl_zustand, knopf_zustand, knopf_ausfall], justify="start", align="end"),
        ])
    })
    return knopf_ausfall, knopf_lp, knopf_zustand, sl_grund, sl_lp, sl_zustand


@app.cell
def _(
    kampf,
    knopf_ausfall,
    knopf_lp,
    knopf_zustand,
    sl_grund,
    sl_lp,
    sl_name,
    sl_zustand,
    verlauf,
    verlauf_setzen,
    version,
):
    mo.stop(not (knopf_lp.value or knopf_zustand.value or knopf_ausfall.value))
    if knopf_lp.value:
        _ereignis, _fehler = versuch(zeitstrahl.lebenspunkte_ereignis, kampf, sl_name.value, sl_lp.value, sl_grund.value)
    elif knopf_ausfall.value:
        _ereignis, _fehler = versuch(zeitstrahl.ausfall_ereignis, kampf, sl_name.value, sl_grund.value)
    else:
        _ereignis, _fehler = versuch(zeitstrahl.zustand_ereignis, kampf, sl_name.value, sl_zustand.value)
    anhaengen(verlauf, verlauf_setzen, version, _ereignis, _fehler, "fehler-eingriff")
    return


@app.cell
def _(verlauf):
    knopf_zurueck = mo.ui.run_button(label="Rückgängig", disabled=not verlauf.kann_rueckgaengig)
    return (knopf_zurueck,)


@app.cell
def _(knopf_zurueck, verlauf, verlauf_setzen, version):
    mo.stop(not knopf_zurueck.value)
    _, _fehler = versuch(verlauf.rueckgaengig)
    verlauf_setzen((verlauf, version + 1))
    fehler_hinweis(_fehler, "fehler-zurueck")
    return


@app.cell
def _(knopf_zurueck, verlauf):
    _letztes = verlauf.ereignisse[-1] if verlauf.ereignisse else None
    mo.vstack([
        mo.md(f"## Protokoll · <span id='protokoll-anzahl'>{len(verlauf.ereignisse)} Schritte</span>"
              + (f" · Datei `{verlauf.datei.name}`" if verlauf.datei else "")),
        mo.callout(mo.md(f"<span id='letztes-ereignis'>{_letztes.text}</span><br><small>Regel: {_letztes.regel}</small>"),
                   kind="success") if _letztes else mo.md(""),
        knopf_zurueck,
        mo.ui.table(sitzung.protokoll_tabelle(verlauf), selection=None, page_size=15, show_column_summaries=False),
    ])
    return


if __name__ == "__main__":
    app.run()
