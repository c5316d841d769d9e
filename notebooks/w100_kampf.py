import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="W100 – Kampf am Spieltisch")

with app.setup:
    import random
    from pathlib import Path

    import marimo as mo

    from gm_helfer import boegen, diagramme, pfade, protokoll, w100
    from gm_helfer.w100 import diagramme as w100_diagramme
    from gm_helfer.w100 import sitzung


@app.cell
def _():
    mo.md("""
    # W100 – Kampf am Spieltisch

    Initiativepunkte statt fester Reihenfolge: W100 + Initiativebonus, wer die meisten Punkte
    hat, handelt und verliert 100 – wer danach noch Punkte hat, ist in derselben Runde wieder
    dran. Vor jedem Wurf zeigt das Notebook die exakten Chancen, auch für jede Menge Flee oder
    Parade, die das Ziel einsetzen könnte. Würfeln lässt sich mit dem Programm oder mit echten
    Würfeln (eintippen, `00` = 100). Jeder Schritt steht im Protokoll und lässt sich
    zurücknehmen; ein abgebrochener Kampf wird aus der Protokolldatei fortgesetzt.
    """)
    return


@app.cell
def _():
    ladung = boegen.laden("w100", pfade.charakter_ordner("w100"))
    return (ladung,)


@app.cell
def _(ladung):
    tabellen = boegen.als_tabellen(ladung.boegen, w100.SCHEMA)
    return (tabellen,)


@app.cell
def _(tabellen):
    bogen_editor = mo.ui.data_editor(tabellen["charaktere"], label="Charaktere")
    waffen_editor = mo.ui.data_editor(tabellen["waffen"], label="Waffen und Katalysatoren")
    speichern_knopf = mo.ui.run_button(label="Bögen speichern")
    return bogen_editor, speichern_knopf, waffen_editor


@app.cell
def _(bogen_editor, ladung, waffen_editor):
    geprueft = boegen.aus_tabellen(
        {"charaktere": bogen_editor.value, "waffen": waffen_editor.value}, w100.SCHEMA, ladung.boegen
    )
    return (geprueft,)


@app.cell
def _(bogen_editor, geprueft, ladung, speichern_knopf, waffen_editor):
    _fehler = [str(f) for f in ladung.fehler + geprueft.fehler]
    mo.accordion(
        {
            "Bögen bearbeiten (Agilität, OB, DB, Flee, LP, Waffen, Panzerung)": mo.vstack(
                [
                    mo.md("\n".join(f"- ⚠ {f}" for f in _fehler)) if _fehler else mo.md(""),
                    bogen_editor,
                    waffen_editor,
                    speichern_knopf,
                ]
            )
        }
    )
    return


@app.cell
def _(geprueft, speichern_knopf):
    mo.stop(not speichern_knopf.value)
    _geschrieben = [b.name for b in geprueft.boegen if boegen.speichern(b)]
    mo.md(f"Gespeichert: {', '.join(_geschrieben) or 'nichts geändert'}.")
    return


@app.cell
def _(geprueft):
    _namen = [b.name for b in geprueft.boegen]
    teilnehmer = mo.ui.multiselect(options=_namen, value=_namen, label="Wer kämpft?")
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
            "krit_folge": mo.ui.dropdown(options={"Schaden × Faktor der Waffe": "faktor", "Höchstschaden": "hoechstschaden", "nur markiert (SL entscheidet)": "ohne"}, value="Schaden × Faktor der Waffe", label="Kritischer Treffer"),
            "patzer_folge": mo.ui.dropdown(options={"nur dieser Angriff scheitert": "angriff", "beendet die Angriffshandlung": "angriffshandlung"}, value="nur dieser Angriff scheitert", label="Patzer"),
            "gesundheit": mo.ui.dropdown(options={"Lebenspunkte (kampfunfähig bei 0)": "lebenspunkte", "ohne (SL entscheidet)": "ohne"}, value="Lebenspunkte (kampfunfähig bei 0)", label="Gesundheitsmodell"),
        }
    )
    return einstellungen, teilnehmer


@app.cell
def _():
    get_sitzung, set_sitzung = mo.state(None)
    get_meldung, set_meldung = mo.state("")
    ablage = (get_sitzung, set_sitzung, set_meldung)
    wuerfel_rng = random.Random()
    return (
        ablage,
        get_meldung,
        get_sitzung,
        set_meldung,
        set_sitzung,
        wuerfel_rng,
    )


@app.cell
def _(get_sitzung):
    get_sitzung()  # nach jedem Schritt neu: auch der eben begonnene Kampf steht in der Liste
    _protokolle = sitzung.protokolle()
    protokoll_wahl = mo.ui.dropdown(
        options={p.name: str(p) for p in _protokolle}, label="Gespeicherter Kampf"
    )
    neu_knopf = mo.ui.run_button(label="Neuen Kampf beginnen", kind="success")
    fortsetzen_knopf = mo.ui.run_button(label="Kampf fortsetzen")
    uebernehmen_wahl = mo.ui.checkbox(label="übernehmen, auch wenn ihn eine andere Sitzung führt (die kann dann nichts mehr eintragen)")
    return fortsetzen_knopf, neu_knopf, protokoll_wahl, uebernehmen_wahl


@app.cell
def _(einstellungen, fortsetzen_knopf, neu_knopf, protokoll_wahl, teilnehmer, uebernehmen_wahl):
    mo.vstack(
        [
            mo.md("## Kampf vorbereiten"),
            teilnehmer,
            mo.md("**Einstellungen des Kampfes**"),
            mo.hstack(list(einstellungen.elements.values())[:3], justify="start"),
            mo.hstack(list(einstellungen.elements.values())[3:7], justify="start", wrap=True),
            mo.hstack(list(einstellungen.elements.values())[7:], justify="start", wrap=True),
            mo.hstack([neu_knopf, protokoll_wahl, fortsetzen_knopf, uebernehmen_wahl], justify="start", wrap=True),
        ]
    )
    return


@app.cell
def _(
    einstellungen,
    geprueft,
    neu_knopf,
    set_meldung,
    set_sitzung,
    teilnehmer,
):
    mo.stop(not neu_knopf.value)
    _kampf = w100.kampf_aus_boegen(
        [b for b in geprueft.boegen if b.name in teilnehmer.value], sitzung.optionen_aus(einstellungen.value)
    )
    _verlauf = sitzung.neuer_verlauf(_kampf)
    set_sitzung((_verlauf, 0))
    set_meldung(f"Neuer Kampf: {_verlauf.datei.name}")
    return


@app.cell
def _(fortsetzen_knopf, get_sitzung, protokoll_wahl, set_meldung, set_sitzung, uebernehmen_wahl):
    mo.stop(not fortsetzen_knopf.value)
    # derselbe Kampf wird neu gelesen, ein anderer gibt den bisherigen frei; schreibt eine
    # andere Sitzung (Tab, Gerät) den Kampf, kommt er nur zum Ansehen (Meldung sagt es)
    _vorher = get_sitzung()[0] if get_sitzung() is not None else None
    _verlauf, _text = sitzung.fortsetzen_sicher(
        protokoll_wahl.value, vorher=_vorher, uebernehmen=uebernehmen_wahl.value
    )
    if _verlauf is not None:
        set_sitzung((_verlauf, 0))
    set_meldung(_text)
    return


@app.cell
def _(get_sitzung):
    verlauf = get_sitzung()[0] if get_sitzung() is not None else None
    nachgeladen = protokoll.nachladen_sicher(verlauf)  # nur zum Ansehen: neue Schritte der anderen Sitzung
    kampf = verlauf.zustand if verlauf is not None else None
    return kampf, nachgeladen, verlauf


@app.function
def handeln(verlauf, baue, ablage):
    """Ereignis bauen und ausführen (oder rückgängig machen), dann neu anzeigen und melden."""
    get_sitzung, set_sitzung, set_meldung = ablage
    _text = sitzung.rueckgaengig(verlauf) if baue is None else sitzung.ausfuehren(verlauf, baue)
    set_sitzung((verlauf, get_sitzung()[1] + 1))
    set_meldung(_text)


@app.cell
def _(get_meldung, kampf, nachgeladen, verlauf):
    mo.stop(
        kampf is None,
        mo.md(
            f"<span id='w100-lage'>Noch kein Kampf – oben beginnen oder fortsetzen.</span>"
            f"<br><span id='w100-meldung'>{get_meldung()}</span>"
        ),
    )
    mo.vstack(
        [
            mo.md(f"## <span id='w100-lage'>{sitzung.lage(kampf)}</span>"),
            mo.md(f"<span id='w100-meldung'>{get_meldung()}</span> {nachgeladen}"),
            mo.md(
                f"Protokolldatei: `{verlauf.datei.name if verlauf.datei else '–'}` · "
                f"<span id='w100-schritte'>{len(verlauf.ereignisse)} Schritte</span>"
                + (f" · <span id='w100-nur-lesen'>nur zum Ansehen</span>" if verlauf.nur_lesen else "")
            ),
        ]
    )
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    mo.vstack(
        [
            w100_diagramme.initiative_diagramm(w100.initiative_leiter(kampf), titel="Initiativepunkte (jede 100 ist ein Zug)"),
            mo.ui.table(sitzung.leiter_tabelle(kampf), selection=None, label="Wer handelt jetzt, wer noch einmal"),
        ]
    )
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    ini_eingabe = sitzung.initiative_eingabe(kampf)
    ini_augen = mo.ui.dictionary(
        {n: mo.ui.text(placeholder="W100 (00 = 100)", label=n, full_width=False) for n in (ini_eingabe.namen if ini_eingabe else ())}
    )
    ini_knopf = mo.ui.run_button(label=ini_eingabe.knopf_wuerfeln if ini_eingabe else "Initiative würfeln", kind="success")
    ini_eingetippt_knopf = mo.ui.run_button(label=ini_eingabe.knopf_eingetippt if ini_eingabe else "Eingetippte Initiative übernehmen")
    ergreifen_wahl = mo.ui.dropdown(options=[k.name for k in kampf.kaempfer], label="Initiative ergreifen:")
    ergreifen_knopf = mo.ui.run_button(label="Ersten Zug geben")
    zug_knopf = mo.ui.run_button(label="Zug beginnen", kind="success")
    ende_knopf = mo.ui.run_button(label="Zug beenden")
    runde_knopf = mo.ui.run_button(label="Neue Runde")
    rueck_knopf = mo.ui.run_button(label="Rückgängig", kind="warn")
    return (
        ende_knopf,
        ergreifen_knopf,
        ergreifen_wahl,
        ini_augen,
        ini_eingabe,
        ini_eingetippt_knopf,
        ini_knopf,
        rueck_knopf,
        runde_knopf,
        zug_knopf,
    )


@app.cell
def _(
    ende_knopf,
    ergreifen_knopf,
    ergreifen_wahl,
    ini_augen,
    ini_eingabe,
    ini_eingetippt_knopf,
    ini_knopf,
    rueck_knopf,
    runde_knopf,
    zug_knopf,
):
    _initiative = (
        mo.callout(
            mo.vstack(
                [
                    mo.md(f"**<span id='w100-initiative-titel'>{ini_eingabe.titel}</span>**"),
                    mo.hstack([ini_knopf], justify="start"),
                    mo.md("… oder die echten W100 eintippen (`00` = 100; leere Felder würfelt das Programm):"),
                    mo.hstack(list(ini_augen.elements.values()), justify="start", wrap=True),
                    mo.hstack([ini_eingetippt_knopf], justify="start"),
                ]
            ),
            kind="info",
        )
        if ini_eingabe
        else mo.md("")
    )
    mo.vstack(
        [
            mo.md("### Initiative und Züge"),
            _initiative,
            mo.hstack([zug_knopf, ende_knopf, runde_knopf, rueck_knopf], justify="start"),
            mo.hstack([ergreifen_wahl, ergreifen_knopf], justify="start"),
        ]
    )
    return


@app.cell
def _(ablage, ini_knopf, verlauf, wuerfel_rng):
    mo.stop(not ini_knopf.value)
    handeln(verlauf, lambda k: sitzung.initiative_wuerfeln(k, rng=wuerfel_rng), ablage)
    return


@app.cell
def _(ablage, ini_augen, ini_eingetippt_knopf, verlauf, wuerfel_rng):
    mo.stop(not ini_eingetippt_knopf.value)
    _augen = sitzung.augen_aus_text(ini_augen.value)
    handeln(verlauf, lambda k: sitzung.initiative_wuerfeln(k, rng=wuerfel_rng, augen=_augen), ablage)
    return


@app.cell
def _(ablage, ergreifen_knopf, ergreifen_wahl, verlauf):
    mo.stop(not ergreifen_knopf.value)
    handeln(verlauf, lambda k: w100.ergreifen_ereignis(k, ergreifen_wahl.value), ablage)
    return


@app.cell
def _(ablage, verlauf, zug_knopf):
    mo.stop(not zug_knopf.value)
    handeln(verlauf, w100.zug_beginn_ereignis, ablage)
    return


@app.cell
def _(ablage, ende_knopf, verlauf):
    mo.stop(not ende_knopf.value)
    handeln(verlauf, w100.zug_ende_ereignis, ablage)
    return


@app.cell
def _(ablage, runde_knopf, verlauf, wuerfel_rng):
    mo.stop(not runde_knopf.value)
    handeln(verlauf, lambda k: sitzung.neue_runde(k, rng=wuerfel_rng), ablage)
    return


@app.cell
def _(ablage, rueck_knopf, verlauf):
    mo.stop(not rueck_knopf.value)
    handeln(verlauf, None, ablage)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or kampf.am_zug is None)
    _ziele = sitzung.ziele(kampf)
    _waffen = sitzung.waffen(kampf)
    ziel_wahl = mo.ui.dropdown(options=_ziele, value=_ziele[0] if _ziele else None, label="Ziel")
    waffe_wahl = mo.ui.dropdown(options=_waffen, value=_waffen[0] if _waffen else None, label="Waffe / Katalysator")
    modifikator = mo.ui.number(start=-200, stop=200, step=1, value=0, label="Modifikator")
    abwehr_wahl = mo.ui.radio(
        options={"keine Abwehr": "keine", "Ausweichen (Flee)": "ausweichen", "Parade (Nahkampf-OB)": "parade"},
        value="keine Abwehr",
        label="Angesagte Abwehr des Ziels",
        inline=True,
    )
    abwehr_punkte = mo.ui.number(start=0, stop=400, step=1, value=0, label="Abwehrpunkte")
    _a = kampf[kampf.am_zug]
    pos_x = mo.ui.number(start=-1000, stop=1000, step=0.5, value=_a.position[0], label="x (m)")
    pos_y = mo.ui.number(start=-1000, stop=1000, step=0.5, value=_a.position[1], label="y (m)")
    bewegen_knopf = mo.ui.run_button(label="Bewegen nach x, y")
    hingehen_knopf = mo.ui.run_button(label="Auf das Ziel zugehen")
    return (
        abwehr_punkte,
        abwehr_wahl,
        bewegen_knopf,
        hingehen_knopf,
        modifikator,
        pos_x,
        pos_y,
        waffe_wahl,
        ziel_wahl,
    )


@app.cell
def _(
    abwehr_punkte,
    abwehr_wahl,
    bewegen_knopf,
    hingehen_knopf,
    kampf,
    modifikator,
    pos_x,
    pos_y,
    waffe_wahl,
    ziel_wahl,
):
    mo.vstack(
        [
            mo.md(f"### Zug von {kampf.am_zug}"),
            mo.hstack([hingehen_knopf, pos_x, pos_y, bewegen_knopf], justify="start"),
            mo.hstack([ziel_wahl, waffe_wahl, modifikator], justify="start"),
            mo.hstack([abwehr_wahl, abwehr_punkte], justify="start"),
            w100_diagramme.karte(kampf, waffe_wahl.value, titel="Lageplan in Metern: Bewegung und Reichweite"),
        ]
    )
    return


@app.cell
def _(ablage, bewegen_knopf, pos_x, pos_y, verlauf):
    mo.stop(not bewegen_knopf.value)
    handeln(verlauf, lambda k: w100.bewegung_ereignis(k, k.am_zug, (pos_x.value, pos_y.value)), ablage)
    return


@app.cell
def _(ablage, hingehen_knopf, verlauf, ziel_wahl):
    mo.stop(not hingehen_knopf.value)
    handeln(verlauf, lambda k: w100.bewegung_ereignis(k, k.am_zug, sitzung.schritt_richtung(k, ziel_wahl.value)), ablage)
    return


@app.cell
def _(kampf, modifikator, ziel_wahl):
    mo.vstack(
        [
            mo.md("**Welche Waffe?** Exakte Chancen jeder ausgerüsteten Waffe gegen dieses Ziel (ohne Abwehr)"),
            mo.ui.table(
                sitzung.waffen_vergleich(kampf, ziel_wahl.value, modifikator=modifikator.value),
                selection=None,
                show_download=False,
            ),
        ]
    )
    return


@app.cell
def _(abwehr_punkte, abwehr_wahl, kampf, modifikator, waffe_wahl, ziel_wahl):
    vorschau = sitzung.vorschau(
        kampf,
        ziel_wahl.value,
        waffe_wahl.value,
        modifikator=modifikator.value,
        abwehr=abwehr_wahl.value,
        punkte=abwehr_punkte.value,
    )
    return (vorschau,)


@app.cell
def _(vorschau):
    mo.stop(isinstance(vorschau, str), mo.md(f"<span id='w100-vorschau'>{vorschau}</span>"))
    mo.vstack(
        [
            mo.md(f"**Chancen vor dem Wurf** – <span id='w100-vorschau'>{vorschau.text()}</span>"),
            mo.md(f"<span id='w100-reichweite'>{vorschau.meldung}</span>") if vorschau.meldung else mo.md(""),
            mo.md(
                f"Treffer: <span id='w100-treffer'>{diagramme.prozent(vorschau.chancen.trifft)}</span> · "
                f"Volltreffer {diagramme.prozent(vorschau.chancen.volltreffer)} · "
                f"kritisch {diagramme.prozent(vorschau.chancen.kritisch)} · "
                f"Ziel kampfunfähig {vorschau.kampfunfaehig_text}"
            ),
            mo.hstack(
                [
                    w100_diagramme.trefferstufen_balken(vorschau.chancen, titel="Mit der angesagten Abwehr"),
                    w100_diagramme.abwehr_diagramm(
                        vorschau.tabelle,
                        art="Flee" if vorschau.abwehr_art == "ausweichen" else "Parade",
                        titel="Was jeder Abwehrpunkt kauft",
                        markiert=vorschau.plan.abwehr.punkte,
                    ),
                ],
                wrap=True,
            ),
            diagramme.verteilung_diagramm(
                vorschau.schaden,
                ziel=max(1, vorschau.ziel_lp),
                titel="Schaden nach Panzerung (grün: Ziel kampfunfähig)",
                x_titel="Schaden",
            ),
        ]
    )
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or kampf.am_zug is None)
    angriff_knopf = mo.ui.run_button(label="Angriff würfeln", kind="success")
    w100_text = mo.ui.text(placeholder="z. B. 89 oder 00", label="W100")
    schaden_text = mo.ui.text(placeholder="z. B. 7, 5", label="Schaden (nur bei Treffer)")
    eingetippt_knopf = mo.ui.run_button(label="Eingetippten Angriff übernehmen")
    mo.vstack(
        [
            mo.md("### Würfeln"),
            mo.hstack([angriff_knopf], justify="start"),
            mo.md("… oder die echten Würfel eintippen:"),
            mo.hstack([w100_text, schaden_text, eingetippt_knopf], justify="start"),
        ]
    )
    return angriff_knopf, eingetippt_knopf, schaden_text, w100_text


@app.cell
def _(
    ablage,
    abwehr_punkte,
    abwehr_wahl,
    angriff_knopf,
    modifikator,
    verlauf,
    waffe_wahl,
    wuerfel_rng,
    ziel_wahl,
):
    mo.stop(not angriff_knopf.value)
    handeln(verlauf, lambda k: sitzung.angriff(
            k, ziel_wahl.value, waffe_wahl.value, modifikator=modifikator.value,
            abwehr=abwehr_wahl.value, punkte=abwehr_punkte.value, rng=wuerfel_rng,
        ), ablage)
    return


@app.cell
def _(
    ablage,
    abwehr_punkte,
    abwehr_wahl,
    eingetippt_knopf,
    modifikator,
    schaden_text,
    verlauf,
    w100_text,
    waffe_wahl,
    ziel_wahl,
):
    mo.stop(not eingetippt_knopf.value)
    handeln(verlauf, lambda k: sitzung.angriff(
            k, ziel_wahl.value, waffe_wahl.value, modifikator=modifikator.value,
            abwehr=abwehr_wahl.value, punkte=abwehr_punkte.value,
            w100_augen=w100_text.value, schaden_augen=schaden_text.value,
        ), ablage)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    lp_wahl = mo.ui.dropdown(options=[k.name for k in kampf.kaempfer], label="Wer?")
    lp_aenderung = mo.ui.number(start=-500, stop=500, step=1, value=0, label="LP ±")
    lp_knopf = mo.ui.run_button(label="LP ändern")
    ausfall_knopf = mo.ui.run_button(label="kampfunfähig / wieder kampffähig (nur ohne Gesundheitsmodell)")
    effekt_name = mo.ui.text(placeholder="z. B. Brennen", label="Effekt")
    effekt_runden = mo.ui.number(start=1, stop=100, step=1, value=3, label="Runden")
    effekt_lp = mo.ui.number(start=-100, stop=100, step=1, value=0, label="LP je Runde")
    effekt_ini = mo.ui.number(start=-200, stop=200, step=1, value=0, label="Initiativebonus ±")
    effekt_knopf = mo.ui.run_button(label="Effekt setzen")
    mo.accordion(
        {
            "Lebenspunkte und zeitabhängige Effekte": mo.vstack(
                [
                    mo.hstack([lp_wahl, lp_aenderung, lp_knopf, ausfall_knopf], justify="start", wrap=True),
                    mo.hstack([effekt_name, effekt_runden, effekt_lp, effekt_ini, effekt_knopf], justify="start", wrap=True),
                ]
            )
        }
    )
    return (
        ausfall_knopf,
        effekt_ini,
        effekt_knopf,
        effekt_lp,
        effekt_name,
        effekt_runden,
        lp_aenderung,
        lp_knopf,
        lp_wahl,
    )


@app.cell
def _(ablage, lp_aenderung, lp_knopf, lp_wahl, verlauf):
    mo.stop(not lp_knopf.value)
    handeln(verlauf, lambda k: w100.lp_ereignis(k, lp_wahl.value, int(lp_aenderung.value)), ablage)
    return


@app.cell
def _(ablage, ausfall_knopf, lp_wahl, verlauf):
    mo.stop(not ausfall_knopf.value)
    handeln(verlauf, lambda k: w100.ausfall_ereignis(k, lp_wahl.value, not k[lp_wahl.value].ausgefallen), ablage)
    return


@app.cell
def _(
    ablage,
    effekt_ini,
    effekt_knopf,
    effekt_lp,
    effekt_name,
    effekt_runden,
    lp_wahl,
    verlauf,
):
    mo.stop(not effekt_knopf.value)
    handeln(verlauf, lambda k: w100.effekt_ereignis(
            k, lp_wahl.value, w100.Effekt(effekt_name.value or "Effekt", int(effekt_runden.value), int(effekt_lp.value), int(effekt_ini.value))
        ), ablage)
    return


@app.cell
def _(verlauf):
    mo.stop(verlauf is None)
    mo.vstack(
        [
            mo.md("### Protokoll (✎ = eingetippte Würfel)"),
            mo.ui.table(sitzung.protokoll_tabelle(verlauf), selection=None, page_size=25),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
