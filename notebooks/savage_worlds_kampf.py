import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Savage Worlds – Kampf am Spieltisch")

with app.setup:
    import random

    import marimo as mo

    from gm_helfer import boegen, diagramme, pfade, protokoll
    from gm_helfer import savage_worlds as sw
    from gm_helfer.savage_worlds import kampf as swk
    from gm_helfer.savage_worlds import sitzung, vorschau


@app.cell
def _():
    mo.md(
        """
        # Savage Worlds – Kampf am Spieltisch

        Aktionskarten mit Jokern, explodierende Würfel mit Wildcard-Würfel, Angeschlagen, Wunden,
        Wegstecken mit Bennies, Außer Gefecht und Ausbluten. **Vor jedem Wurf** zeigen die
        Diagramme die exakten Chancen. Gewürfelt wird vom Programm – oder du tippst die echten
        Würfel ein (eine explodierte Kette mit `+`, z. B. `8+3, 5` = W8 zeigt 8 und 3, Wildcard-Würfel 5).
        Jeder Schritt steht im Protokoll samt Regel, lässt sich zurücknehmen und wird sofort
        gespeichert: ein abgebrochener Kampf geht unten bei „Kampf fortsetzen“ weiter.
        """
    )
    return


@app.cell
def _():
    ladung = boegen.laden("savage_worlds", pfade.charakter_ordner("savage_worlds"))
    return (ladung,)


@app.cell
def _(ladung):
    tabellen = boegen.als_tabellen(ladung.boegen, sw.bogen.SCHEMA)
    return (tabellen,)


@app.cell
def _(tabellen):
    bogen_editor = mo.ui.data_editor(tabellen["charaktere"], label="Charaktere")
    waffen_editor = mo.ui.data_editor(tabellen["waffen"], label="Waffen")
    return bogen_editor, waffen_editor


@app.cell
def _(bogen_editor, ladung, waffen_editor):
    geprueft = boegen.aus_tabellen(
        {"charaktere": bogen_editor.value, "waffen": waffen_editor.value}, sw.bogen.SCHEMA, ladung.boegen
    )
    return (geprueft,)


@app.cell
def _(geprueft):
    # hängt von den geprüften Bögen ab: nach jeder Änderung ein frischer Knopf
    speichern_knopf = mo.ui.run_button(label="Bögen speichern", disabled=bool(geprueft.fehler))
    return (speichern_knopf,)


@app.cell
def _(bogen_editor, geprueft, ladung, speichern_knopf, waffen_editor):
    _fehler = [str(f) for f in ladung.fehler + geprueft.fehler]
    mo.accordion(
        {
            "Charakterbögen bearbeiten (Attribute, Fertigkeiten, Talente, Bennies, Waffen)": mo.vstack(
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
    teilnehmer = mo.ui.multiselect(options=_namen, value=_namen, label="Wer kämpft mit? (Seite und Anzahl stehen im Bogen)")
    hausregeln = mo.ui.dictionary(
        {
            "joker_fuer_verbuendete": mo.ui.checkbox(label="Joker-Bonus auch für Verbündete auf der Heldenkarte"),
            "wegstecken_beendet_angeschlagen": mo.ui.checkbox(label="Alles weggesteckt beendet auch altes Angeschlagen"),
            "erholung_erfolg_handelt": mo.ui.checkbox(label="Erholung: Erfolg genügt zum Handeln (SWADE)"),
            "sprintwuerfel_explodiert": mo.ui.checkbox(label="Sprintwürfel explodiert"),
            "kritischer_fehlschlag_alle_wuerfel": mo.ui.checkbox(label="Feuerrate: kritisch erst, wenn alle Würfel 1 zeigen"),
            "heimlichkeit_je_treffer": mo.ui.checkbox(label="Blindes Feuer: Heimlichkeit je Treffer"),
        }
    )
    grosse_gruppen = mo.ui.checkbox(label="Große Gruppen: eine Karte je Seite")
    sl_bennies = mo.ui.number(start=0, stop=30, step=1, value=4, label="Bennies des Spielleiters")
    return grosse_gruppen, hausregeln, sl_bennies, teilnehmer


@app.cell
def _():
    get_sitzung, set_sitzung = mo.state(None)
    get_meldung, set_meldung = mo.state("")
    # Auswahl (wer handelt, Ziel, Waffe, Lage) überlebt jeden Schritt: die Listen werden nach
    # jedem Schritt neu gebaut (frische Knöpfe), ihr Wert kommt aus diesem Zustand.
    get_auswahl, set_auswahl = mo.state({})
    wuerfel_rng = random.Random()
    return get_auswahl, get_meldung, get_sitzung, set_auswahl, set_meldung, set_sitzung, wuerfel_rng


@app.cell
def _(get_sitzung):
    get_sitzung()  # nach jedem Schritt neu: die Liste kennt auch den gerade laufenden Kampf
    _protokolle = sitzung.protokolle()
    protokoll_wahl = mo.ui.dropdown(options={p.name: str(p) for p in _protokolle}, label="Gespeicherter Kampf")
    neu_knopf = mo.ui.run_button(label="Neuen Kampf beginnen", kind="success")
    fortsetzen_knopf = mo.ui.run_button(label="Kampf fortsetzen")
    uebernehmen_wahl = mo.ui.checkbox(label="übernehmen, auch wenn ihn eine andere Sitzung führt (die kann dann nichts mehr eintragen)")
    return fortsetzen_knopf, neu_knopf, protokoll_wahl, uebernehmen_wahl


@app.cell
def _(fortsetzen_knopf, grosse_gruppen, hausregeln, neu_knopf, protokoll_wahl, sl_bennies, teilnehmer, uebernehmen_wahl):
    mo.vstack(
        [
            mo.md("## Kampf vorbereiten"),
            teilnehmer,
            mo.hstack([grosse_gruppen, sl_bennies], justify="start"),
            mo.md("**Hausregeln** (siehe `docs/savage_worlds.md`)"),
            mo.hstack(list(hausregeln.elements.values()), justify="start", wrap=True),
            mo.hstack([neu_knopf, protokoll_wahl, fortsetzen_knopf, uebernehmen_wahl], justify="start", wrap=True),
        ]
    )
    return


@app.cell
def _(geprueft, grosse_gruppen, hausregeln, neu_knopf, set_meldung, set_sitzung, sl_bennies, teilnehmer):
    mo.stop(not neu_knopf.value)
    _verlauf = sitzung.neuer_verlauf(
        sitzung.kampf_aus_boegen(
            [b for b in geprueft.boegen if b.name in teilnehmer.value],
            optionen=sw.Optionen(**hausregeln.value),
            grosse_gruppen=grosse_gruppen.value,
            spielleiter_bennies=int(sl_bennies.value),
        )
    )
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
def merken(set_auswahl, schluessel):
    """on_change für eine Auswahlliste: ihr Wert bleibt über den nächsten Schritt erhalten."""
    return lambda wert: set_auswahl(lambda alt: {**alt, schluessel: wert})


@app.function
def weiter(verlauf, meldung, get_sitzung, set_sitzung, set_meldung):
    """Nach einer Aktion: Zustand neu anzeigen und Meldung setzen."""
    set_sitzung((verlauf, get_sitzung()[1] + 1))
    set_meldung(meldung)


@app.cell
def _(get_meldung, kampf, nachgeladen, verlauf):
    mo.stop(
        kampf is None,
        mo.md(
            f"<span id='sw-lage'>Noch kein Kampf – oben beginnen oder fortsetzen.</span>"
            f"<br><span id='sw-meldung'>{get_meldung()}</span>"
        ),
    )
    _aufgaben = sitzung.offene_aufgaben(kampf)
    mo.vstack(
        [
            mo.md(f"## <span id='sw-lage'>{sitzung.lage(kampf)}</span>"),
            mo.md(f"<span id='sw-meldung'>{get_meldung()}</span> {nachgeladen}"),
            mo.md("\n".join(f"- ▸ {a}" for a in _aufgaben)) if _aufgaben else mo.md(""),
            mo.md(
                f"Protokolldatei: `{verlauf.datei.name if verlauf.datei else '–'}` · "
                f"<span id='sw-schritte'>{len(verlauf.ereignisse)} Schritte</span>"
                + (f" · <span id='sw-nur-lesen'>nur zum Ansehen</span>" if verlauf.nur_lesen else "")
            ),
        ]
    )
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    mo.vstack(
        [
            mo.md("### Aktionskarten (Herunterzählen von links nach rechts)"),
            mo.Html(sitzung.countdown_html(kampf)),
            mo.ui.table(sitzung.kaempfer_tabelle(kampf), selection=None, page_size=30, label="Kämpfer"),
        ]
    )
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    runde_knopf = mo.ui.run_button(label="Neue Runde")
    karten_knopf = mo.ui.run_button(label="Karten austeilen", kind="success")
    karten_text = mo.ui.text(placeholder="z. B. Brakka: A♠; Banditen: 7♥; Mira: 3♣ 4♥ K♦", label="Echte Karten", full_width=True)
    naechster_knopf = mo.ui.run_button(label="Nächster ist dran", kind="success")
    dran_wahl = mo.ui.dropdown(options=sitzung.empfaenger_liste(kampf, "alle"), label="oder gezielt:")
    dran_knopf = mo.ui.run_button(label="Ist dran (Joker/Abwarten)")
    abwarten_knopf = mo.ui.run_button(label="Abwarten")
    fertig_knopf = mo.ui.run_button(label="Zug beenden")
    rueck_knopf = mo.ui.run_button(label="Rückgängig", kind="warn")
    return (
        abwarten_knopf,
        dran_knopf,
        dran_wahl,
        fertig_knopf,
        karten_knopf,
        karten_text,
        naechster_knopf,
        rueck_knopf,
        runde_knopf,
    )


@app.cell
def _(abwarten_knopf, dran_knopf, dran_wahl, fertig_knopf, karten_knopf, karten_text, naechster_knopf, rueck_knopf, runde_knopf):
    mo.vstack(
        [
            mo.md("### Runde und Herunterzählen"),
            mo.hstack([runde_knopf, karten_knopf, naechster_knopf, abwarten_knopf, fertig_knopf, rueck_knopf], justify="start", wrap=True),
            mo.hstack([dran_wahl, dran_knopf], justify="start"),
            mo.accordion({"Karten vom Tisch eintippen (Kühler Kopf/Schnell: alle gezogenen Karten der Reihe nach)": karten_text}),
        ]
    )
    return


@app.cell
def _(get_sitzung, runde_knopf, set_meldung, set_sitzung, verlauf):
    mo.stop(not runde_knopf.value)
    weiter(verlauf, sitzung.ausfuehren(verlauf, swk.ereignis_runde), get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(get_sitzung, karten_knopf, karten_text, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not karten_knopf.value)
    _text = sitzung.ausfuehren(verlauf, lambda z: swk.ereignis_karten(z, **sitzung.kartenquelle(karten_text.value, wuerfel_rng)))
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(get_sitzung, naechster_knopf, set_meldung, set_sitzung, verlauf):
    mo.stop(not naechster_knopf.value)
    weiter(verlauf, sitzung.ausfuehren(verlauf, swk.ereignis_am_zug), get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(dran_knopf, dran_wahl, get_sitzung, set_meldung, set_sitzung, verlauf):
    mo.stop(not dran_knopf.value)
    _text = sitzung.ausfuehren(verlauf, lambda z: swk.ereignis_am_zug(z, dran_wahl.value))
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(abwarten_knopf, get_sitzung, set_meldung, set_sitzung, verlauf):
    mo.stop(not abwarten_knopf.value)
    weiter(verlauf, sitzung.ausfuehren(verlauf, swk.ereignis_abwarten), get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(fertig_knopf, get_sitzung, set_meldung, set_sitzung, verlauf):
    mo.stop(not fertig_knopf.value)
    weiter(verlauf, sitzung.ausfuehren(verlauf, swk.ereignis_fertig), get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(get_sitzung, rueck_knopf, set_meldung, set_sitzung, verlauf):
    mo.stop(not rueck_knopf.value)
    weiter(verlauf, sitzung.rueckgaengig(verlauf), get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    _empf = sitzung.empfaenger_liste(kampf, "alle")
    hinterhalt_wahl = mo.ui.multiselect(options=_empf, label="Lauern im Hinterhalt (beginnen abwartend)")
    opfer_wahl = mo.ui.multiselect(options=_empf, label="Werden überrascht (Wahrnehmungsprobe)")
    ueberraschung_augen = mo.ui.text(placeholder="z. B. Brakka: 4, 2; Mira: 6+1, 3", label="Echte Würfel")
    ueberraschung_knopf = mo.ui.run_button(label="Überraschung auswerten")
    mo.accordion(
        {
            "Überraschung (nur vor den ersten Karten)": mo.vstack(
                [mo.hstack([hinterhalt_wahl, opfer_wahl], justify="start"), mo.hstack([ueberraschung_augen, ueberraschung_knopf], justify="start")]
            )
        }
    )
    return hinterhalt_wahl, opfer_wahl, ueberraschung_augen, ueberraschung_knopf


@app.cell
def _(get_sitzung, hinterhalt_wahl, opfer_wahl, set_meldung, set_sitzung, ueberraschung_augen, ueberraschung_knopf, verlauf, wuerfel_rng):
    mo.stop(not ueberraschung_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_ueberraschung(
            z, hinterhalt_wahl.value, opfer_wahl.value, **sitzung.wurfquelle_je_name(ueberraschung_augen.value, wuerfel_rng)
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(get_auswahl, kampf, set_auswahl):
    mo.stop(kampf is None or not sitzung.angreifer(kampf))
    _wer = sitzung.angreifer(kampf)
    angreifer_wahl = mo.ui.dropdown(
        options=_wer, value=sitzung.behalten(_wer, get_auswahl().get("angreifer")), label="Wer handelt",
        on_change=merken(set_auswahl, "angreifer"),
    )
    return (angreifer_wahl,)


@app.cell
def _(angreifer_wahl, get_auswahl, kampf, set_auswahl):
    _gemerkt = get_auswahl()
    _ziele = sitzung.ziele(kampf, angreifer_wahl.value)
    _waffen = sitzung.waffen(kampf, angreifer_wahl.value)
    ziel_wahl = mo.ui.dropdown(
        options=_ziele, value=sitzung.behalten(_ziele, _gemerkt.get("ziel")), label="Ziel", on_change=merken(set_auswahl, "ziel")
    )
    waffe_wahl = mo.ui.dropdown(
        options=_waffen, value=sitzung.behalten(_waffen, _gemerkt.get("waffe")), label="Waffe", on_change=merken(set_auswahl, "waffe")
    )
    weitere_ziele = mo.ui.multiselect(
        options=_ziele, value=[n for n in _gemerkt.get("weitere", []) if n in _ziele],
        label="Weitere Ziele (Feuerrate/Blitzhieb: je Würfel eins, bestes Ergebnis aufs erste Ziel)",
        on_change=merken(set_auswahl, "weitere"),
    )
    _lage = sitzung.lage_auswahl(_gemerkt.get("lage"))
    lage_wahl = mo.ui.dictionary(
        {
            "reichweite": mo.ui.dropdown(options=["kurz", "mittel", "lang"], value=_lage["reichweite"], label="Reichweite"),
            "beleuchtung": mo.ui.dropdown(options=["hell", "düster", "dunkel", "stockfinster"], value=_lage["beleuchtung"], label="Licht"),
            "deckung": mo.ui.dropdown(options=["keine", "leicht", "mittel", "schwer", "nahezu voll"], value=_lage["deckung"], label="Deckung"),
            "ziel_geduckt": mo.ui.checkbox(value=_lage["ziel_geduckt"], label="Ziel geduckt"),
            "ziel_liegt": mo.ui.checkbox(value=_lage["ziel_liegt"], label="Ziel liegt"),
            "blind": mo.ui.checkbox(value=_lage["blind"], label="Blindes Feuer"),
            "blitzhieb": mo.ui.checkbox(value=_lage["blitzhieb"], label="Blitzhieb"),
            "aktionen": mo.ui.number(start=1, stop=4, step=1, value=_lage["aktionen"], label="Aktionen diese Runde"),
            "sonstiges": mo.ui.number(start=-10, stop=10, step=1, value=_lage["sonstiges"], label="Sonstiger Modifikator"),
        },
        on_change=merken(set_auswahl, "lage"),
    )
    return lage_wahl, waffe_wahl, weitere_ziele, ziel_wahl


@app.cell
def _(angreifer_wahl, lage_wahl, waffe_wahl, weitere_ziele, ziel_wahl):
    mo.vstack(
        [
            mo.md(f"### Aktion von {angreifer_wahl.value}"),
            mo.hstack([angreifer_wahl, ziel_wahl, waffe_wahl, weitere_ziele], justify="start", wrap=True),
            mo.hstack(list(lage_wahl.elements.values())[:3] + list(lage_wahl.elements.values())[7:], justify="start", wrap=True),
            mo.hstack(list(lage_wahl.elements.values())[3:7], justify="start", wrap=True),
        ]
    )
    return


@app.cell
def _(lage_wahl):
    situation = swk.Angriffssituation.aus_werten(lage_wahl.value)
    return (situation,)


@app.cell
def _(angreifer_wahl, kampf, situation, waffe_wahl, ziel_wahl):
    try:
        angriff_chancen = vorschau.angriff_vorschau(kampf, angreifer_wahl.value, ziel_wahl.value, waffe_wahl.value, situation)
        treffer_chancen = vorschau.treffer_vorschau(kampf, angreifer_wahl.value, ziel_wahl.value, waffe_wahl.value, situation)
        angriff_werte = swk.angriffs_werte(kampf, angreifer_wahl.value, ziel_wahl.value, waffe_wahl.value, situation)
        angriff_fehler = ""
    except (sw.KampfFehler, ValueError) as _f:
        angriff_chancen, treffer_chancen, angriff_werte, angriff_fehler = None, None, None, str(_f)
    return angriff_chancen, angriff_fehler, angriff_werte, treffer_chancen


@app.cell
def _(angreifer_wahl, kampf, situation, waffe_wahl, weitere_ziele, ziel_wahl):
    mo.stop(not weitere_ziele.value)
    try:
        _ziele = [ziel_wahl.value, *weitere_ziele.value]
        _je_ziel = vorschau.ziele_vorschau(kampf, angreifer_wahl.value, _ziele, waffe_wahl.value, situation)
        _wirkung = vorschau.ziele_wirkung(kampf, angreifer_wahl.value, _ziele, waffe_wahl.value, situation)
        _anzeige = mo.vstack(
            [
                mo.md("**Mehrere Ziele** – die Diagramme oben gelten, wenn alle Würfel auf das erste Ziel gehen."),
                mo.hstack(
                    [diagramme.ergebnis_balken(_je_ziel, titel="Getroffen / mit Steigerung je Ziel")]
                    + [diagramme.ergebnis_balken(_st, titel=f"Was der Angriff mit {_n} macht", farben=sitzung.FARBEN) for _n, _st in _wirkung.items()],
                    wrap=True,
                ),
            ]
        )
    except (sw.KampfFehler, ValueError) as _f:
        _anzeige = mo.md(f"⚠ {_f}")
    _anzeige
    return


@app.cell
def _(angriff_chancen, angriff_fehler, angriff_werte, treffer_chancen):
    mo.stop(angriff_chancen is None, mo.md(f"⚠ {angriff_fehler}"))
    _mods = ", ".join(f"{n} {v:+d}" for n, v in angriff_werte["modifikatoren"]) or "keine"
    mo.vstack(
        [
            mo.md(
                f"**Chancen vor dem Wurf:** {angriff_werte['eigenschaft']} × {angriff_werte['anzahl']} gegen MW "
                f"{angriff_werte['mindestwurf']} · Modifikatoren: {_mods} · Treffer "
                f"<span id='sw-treffer'>{diagramme.prozent(treffer_chancen['Erfolg'] + treffer_chancen['Steigerung'])}</span>"
            ),
            mo.hstack(
                [
                    diagramme.ergebnis_balken(treffer_chancen, titel="Angriffsprobe", farben=sitzung.FARBEN),
                    diagramme.ergebnis_balken(angriff_chancen, titel="Was der Angriff mit dem Ziel macht", farben=sitzung.FARBEN),
                ],
                wrap=True,
            ),
        ]
    )
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    # Knöpfe hängen vom Kampf ab: nach jedem Schritt neu, damit kein alter Klick nachwirkt
    angriff_augen = mo.ui.text(placeholder="leer = Programm würfelt; z. B. 8+3, 5", label="Echte Würfel")
    angriff_knopf = mo.ui.run_button(label="Angriff würfeln", kind="success")
    sprint_knopf = mo.ui.run_button(label="Sprinten")
    manoever_knopf = mo.ui.run_button(label="Ziel Angeschlagen durch Trick/Geistiges Duell (keine Wunde)")
    mo.hstack([angriff_augen, angriff_knopf, sprint_knopf, manoever_knopf], justify="start", wrap=True)
    return angriff_augen, angriff_knopf, manoever_knopf, sprint_knopf


@app.cell
def _(angreifer_wahl, angriff_augen, angriff_knopf, get_sitzung, set_meldung, set_sitzung, situation, verlauf, waffe_wahl, weitere_ziele, wuerfel_rng, ziel_wahl):
    mo.stop(not angriff_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_angriff(
            z, angreifer_wahl.value, ziel_wahl.value, waffe_wahl.value, situation,
            ziele=[ziel_wahl.value, *weitere_ziele.value] if weitere_ziele.value else None,
            **sitzung.wurfquelle(angriff_augen.value, wuerfel_rng),
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(get_sitzung, manoever_knopf, set_meldung, set_sitzung, verlauf, ziel_wahl):
    mo.stop(not manoever_knopf.value)
    weiter(verlauf, sitzung.ausfuehren(verlauf, lambda z: swk.ereignis_manoever(z, ziel_wahl.value)), get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(angreifer_wahl, angriff_augen, get_sitzung, set_meldung, set_sitzung, situation, sprint_knopf, verlauf, wuerfel_rng):
    mo.stop(not sprint_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_sprint(
            z, angreifer_wahl.value, aktionen=situation.aktionen, **sitzung.wurfquelle(angriff_augen.value, wuerfel_rng)
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(angreifer_wahl, kampf):
    # Knöpfe hängen vom Kampf ab: nach jedem Schritt neu, damit kein alter Klick nachwirkt
    _uebrig = swk.bewegung_uebrig(kampf, angreifer_wahl.value)
    bewegung_zoll = mo.ui.number(start=0, stop=40, step=0.5, value=1, label="Zoll")
    bewegung_art = mo.ui.dropdown(options=list(swk.BEWEGUNGSARTEN), value="gehen", label="Art")
    bewegung_schwierig = mo.ui.checkbox(label="schwieriges Terrain")
    bewegung_aufstehen = mo.ui.checkbox(label="vorher aufstehen (2“)")
    bewegung_knopf = mo.ui.run_button(label="Bewegen")
    sprung_anlauf = mo.ui.checkbox(value=True, label="mit Anlauf")
    sprung_probe = mo.ui.checkbox(label="mit Stärkeprobe (+1“)")
    sprung_knopf = mo.ui.run_button(label="Springen")
    bereit_schnell = mo.ui.checkbox(value=True, label="schnell (eine Aktion statt der ganzen Runde)")
    bereit_zwei = mo.ui.checkbox(label="zwei Waffen auf einmal")
    bereit_knopf = mo.ui.run_button(label="Waffe bereitmachen")
    mo.accordion(
        {
            f"Bewegung, Springen, Waffe ziehen – {angreifer_wahl.value} hat noch "
            f"<span id='sw-bewegung'>{swk.zoll_text(_uebrig['gehen'])}</span> (geduckt {swk.zoll_text(_uebrig['geduckt'])}, kriechen {swk.zoll_text(_uebrig['kriechen'])})": mo.vstack(
                [
                    mo.hstack([bewegung_zoll, bewegung_art, bewegung_schwierig, bewegung_aufstehen, bewegung_knopf], justify="start", wrap=True),
                    mo.hstack([sprung_anlauf, sprung_probe, sprung_knopf], justify="start"),
                    mo.hstack([bereit_schnell, bereit_zwei, bereit_knopf], justify="start"),
                    mo.md("Echte Würfel (Stärke- oder Geschicklichkeitsprobe) ins Feld „Echte Würfel“ beim Angriff tippen."),
                ]
            )
        }
    )
    return (
        bereit_knopf,
        bereit_schnell,
        bereit_zwei,
        bewegung_art,
        bewegung_aufstehen,
        bewegung_knopf,
        bewegung_schwierig,
        bewegung_zoll,
        sprung_anlauf,
        sprung_knopf,
        sprung_probe,
    )


@app.cell
def _(angreifer_wahl, bewegung_art, bewegung_aufstehen, bewegung_knopf, bewegung_schwierig, bewegung_zoll, get_sitzung, set_meldung, set_sitzung, verlauf):
    mo.stop(not bewegung_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_bewegung(
            z, angreifer_wahl.value, bewegung_zoll.value, art=bewegung_art.value,
            schwierig=bewegung_schwierig.value, aufstehen=bewegung_aufstehen.value,
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(angreifer_wahl, angriff_augen, get_sitzung, set_meldung, set_sitzung, sprung_anlauf, sprung_knopf, sprung_probe, verlauf, wuerfel_rng):
    mo.stop(not sprung_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_springen(
            z, angreifer_wahl.value, anlauf=sprung_anlauf.value, staerkeprobe=sprung_probe.value,
            **sitzung.wurfquelle(angriff_augen.value, wuerfel_rng),
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(angreifer_wahl, angriff_augen, bereit_knopf, bereit_schnell, bereit_zwei, get_sitzung, set_meldung, set_sitzung, situation, verlauf, waffe_wahl, wuerfel_rng):
    mo.stop(not bereit_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_bereitmachen(
            z, angreifer_wahl.value, waffe_wahl.value, schnell=bereit_schnell.value, zwei_waffen=bereit_zwei.value,
            aktionen=situation.aktionen, **sitzung.wurfquelle(angriff_augen.value, wuerfel_rng),
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or not kampf.offene_treffer)
    _liste = sitzung.treffer_liste(kampf)
    treffer_wahl = mo.ui.dropdown(options=_liste, value=next(iter(_liste)), label="Schaden würfeln für (Reihenfolge wählt der Angreifer)")
    return (treffer_wahl,)


@app.cell
def _(kampf, treffer_wahl):
    _t = kampf.offene_treffer[treffer_wahl.value]
    _werte = swk.schadens_werte(kampf, _t)
    schaden_augen = mo.ui.text(placeholder="leer = Programm würfelt; z. B. 12+4, 6", label="Echte Würfel")
    schaden_knopf = mo.ui.run_button(label="Schaden würfeln", kind="success")
    blind_knopf = mo.ui.run_button(label="Blindes Feuer: Ziel würfelt Heimlichkeit")
    mo.vstack(
        [
            mo.md(f"### Schaden: {_t.angreifer} → {_t.ziel}: {_werte['ausdruck']} gegen Robustheit {_werte['robustheit']}"),
            diagramme.ergebnis_balken(vorschau.schaden_stufen(kampf, _t), titel="Wirkung dieses Schadenswurfs", farben=sitzung.FARBEN),
            treffer_wahl,
            mo.hstack([schaden_augen, schaden_knopf, blind_knopf], justify="start"),
        ]
    )
    return blind_knopf, schaden_augen, schaden_knopf


@app.cell
def _(get_sitzung, schaden_augen, schaden_knopf, set_meldung, set_sitzung, treffer_wahl, verlauf, wuerfel_rng):
    mo.stop(not schaden_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf, lambda z: swk.ereignis_schaden(z, nummer=treffer_wahl.value, **sitzung.wurfquelle(schaden_augen.value, wuerfel_rng))
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(blind_knopf, get_sitzung, schaden_augen, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not blind_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_heimlichkeit(z, **sitzung.wurfquelle(schaden_augen.value, wuerfel_rng)),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or sitzung.wegstecken_ziel(kampf) is None)
    _wer = sitzung.wegstecken_ziel(kampf)
    _einmal = vorschau.wegstecken_vorschau(kampf, _wer)
    _zweimal = vorschau.wegstecken_vorschau(kampf, _wer, wiederholen=True)
    wegstecken_augen = mo.ui.text(placeholder="leer = Programm würfelt", label="Echte Würfel (Konstitution, Wildcard)")
    wegstecken_quelle = mo.ui.radio(options={"eigener Benny": "eigen", "Benny des Spielleiters": "spielleiter"}, value="eigener Benny", inline=True)
    wegstecken_knopf = mo.ui.run_button(label="Wegstecken (Benny)", kind="success")
    mo.vstack(
        [
            mo.md(
                f"### {_wer} kann Schaden wegstecken – erwartet bleiben {_einmal.erwartete_wunden:.2f} Wunden, "
                f"alles weg: {diagramme.prozent(_einmal.alle_weg)} (mit Wiederholen: {diagramme.prozent(_zweimal.alle_weg)})"
            ),
            diagramme.ergebnis_balken(
                {f"{n} Wunden bleiben": p for n, p in _einmal.verbleibende_wunden.items()}, titel="Ein Benny: verbleibende Wunden"
            ),
            mo.hstack([wegstecken_augen, wegstecken_quelle, wegstecken_knopf], justify="start"),
        ]
    )
    return wegstecken_augen, wegstecken_knopf, wegstecken_quelle


@app.cell
def _(get_sitzung, set_meldung, set_sitzung, verlauf, wegstecken_augen, wegstecken_knopf, wegstecken_quelle, wuerfel_rng):
    mo.stop(not wegstecken_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_wegstecken(
            z, sitzung.wegstecken_ziel(z), quelle=wegstecken_quelle.value, **sitzung.wurfquelle(wegstecken_augen.value, wuerfel_rng)
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or not sitzung.namen(kampf, "ag_offen"))
    _wer = sitzung.namen(kampf, "ag_offen")[0]
    _c = vorschau.ausser_gefecht_vorschau(kampf, _wer)
    ag_augen = mo.ui.text(placeholder="Konstitution, Wildcard: z. B. 4, 2", label="Echte Würfel")
    ag_verletzung = mo.ui.text(placeholder="Verletzung 2W6 und W6: z. B. 3, 4, 2", label="Verletzungstabelle")
    ag_knopf = mo.ui.run_button(label=f"Außer-Gefecht-Probe für {_wer}", kind="danger")
    mo.vstack(
        [
            mo.md(f"### {_wer} ist Außer Gefecht – Konstitutionsprobe mit Wundabzügen"),
            diagramme.ergebnis_balken(
                {"stirbt": _c.tod, "blutet aus (bleibend verletzt)": _c.fehlschlag, "verletzt bis Heilung": _c.erfolg, "verletzt für 24 h": _c.steigerung},
                titel="Außer-Gefecht-Probe",
                farben={"stirbt": "#000000", "blutet aus (bleibend verletzt)": "#8e0000", "verletzt bis Heilung": "#fb8c00", "verletzt für 24 h": "#66bb6a"},
            ),
            mo.hstack([ag_augen, ag_verletzung, ag_knopf], justify="start"),
        ]
    )
    return ag_augen, ag_knopf, ag_verletzung


@app.cell
def _(ag_augen, ag_knopf, ag_verletzung, get_sitzung, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not ag_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_ausser_gefecht(
            z, sitzung.namen(z, "ag_offen")[0], **sitzung.wurfquelle(ag_augen.value, wuerfel_rng),
            verletzung_augen=sitzung.augen(ag_verletzung.value),
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or not sitzung.namen(kampf, "angeschlagen"))
    _namen = sitzung.namen(kampf, "angeschlagen")
    erholung_wahl = mo.ui.dropdown(options=_namen, value=_namen[0], label="Angeschlagen")
    return (erholung_wahl,)


@app.cell
def _(erholung_wahl, kampf):
    erholung_augen = mo.ui.text(placeholder="leer = Programm würfelt", label="Echte Würfel (Willenskraft)")
    erholung_knopf = mo.ui.run_button(label="Erholungsprobe")
    benny_quelle = mo.ui.radio(options={"eigener Benny": "eigen", "Benny des Spielleiters": "spielleiter"}, value="eigener Benny", inline=True)
    benny_knopf = mo.ui.run_button(label="Benny ausgeben: nicht mehr Angeschlagen")
    mo.vstack(
        [
            mo.md(f"### {erholung_wahl.value} ist Angeschlagen"),
            diagramme.ergebnis_balken(vorschau.erholung_vorschau(kampf, erholung_wahl.value), titel="Erholungsprobe (Willenskraft gegen 4)"),
            mo.hstack([erholung_wahl, erholung_augen, erholung_knopf], justify="start"),
            mo.hstack([benny_quelle, benny_knopf], justify="start"),
        ]
    )
    return benny_knopf, benny_quelle, erholung_augen, erholung_knopf


@app.cell
def _(erholung_augen, erholung_knopf, erholung_wahl, get_sitzung, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not erholung_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf, lambda z: swk.ereignis_erholung(z, erholung_wahl.value, **sitzung.wurfquelle(erholung_augen.value, wuerfel_rng))
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(benny_knopf, benny_quelle, erholung_wahl, get_sitzung, set_meldung, set_sitzung, verlauf):
    mo.stop(not benny_knopf.value)
    _text = sitzung.ausfuehren(verlauf, lambda z: swk.ereignis_benny(z, erholung_wahl.value, quelle=benny_quelle.value))
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None or not sitzung.namen(kampf, "blutet"))
    _namen = sitzung.namen(kampf, "blutet")
    _helfer = [n for n in sitzung.namen(kampf, "kampffaehig")]
    blutet_wahl = mo.ui.dropdown(options=_namen, value=_namen[0], label="Blutet aus")
    helfer_wahl = mo.ui.dropdown(options=_helfer, value=_helfer[0] if _helfer else None, label="Helfer (Heilen)")
    return blutet_wahl, helfer_wahl


@app.cell
def _(blutet_wahl, helfer_wahl, kampf):
    _ohne = vorschau.ausbluten_vorschau(kampf, blutet_wahl.value)
    _mit = vorschau.ausbluten_vorschau(kampf, blutet_wahl.value, helfer=helfer_wahl.value) if helfer_wahl.value else None
    _kurven = {"ohne Hilfe": _ohne.tod_bis_runde}
    if _mit is not None:
        _kurven[f"mit {helfer_wahl.value} (Heilen)"] = _mit.tod_bis_runde
    ausbluten_augen = mo.ui.text(placeholder="leer = Programm würfelt", label="Echte Würfel (Ausbluten/Heilen)")
    ausbluten_knopf = mo.ui.run_button(label="Ausbluten-Probe (Rundenbeginn, vor den Karten)", kind="danger")
    heilen_knopf = mo.ui.run_button(label="Blutung stoppen (Heilen)", kind="success")
    heilen_nach_kampf = mo.ui.checkbox(label="nach dem Kampf (ohne Zug)")
    heilen_aktionen = mo.ui.number(start=1, stop=4, step=1, value=1, label="Aktionen des Helfers diese Runde")
    mo.vstack(
        [
            mo.md(f"### {blutet_wahl.value} blutet aus – stirbt irgendwann: {diagramme.prozent(_ohne.tod_insgesamt)} ohne Hilfe"),
            diagramme.kurve_ueber_runden(_kurven, titel="Tot innerhalb von n Runden", y_titel="Chance, tot zu sein"),
            mo.hstack([blutet_wahl, helfer_wahl, ausbluten_augen], justify="start"),
            mo.hstack([ausbluten_knopf, heilen_knopf, heilen_aktionen, heilen_nach_kampf], justify="start", wrap=True),
        ]
    )
    return ausbluten_augen, ausbluten_knopf, heilen_aktionen, heilen_knopf, heilen_nach_kampf


@app.cell
def _(ausbluten_augen, ausbluten_knopf, blutet_wahl, get_sitzung, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not ausbluten_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf, lambda z: swk.ereignis_ausbluten(z, blutet_wahl.value, **sitzung.wurfquelle(ausbluten_augen.value, wuerfel_rng))
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(ausbluten_augen, blutet_wahl, get_sitzung, heilen_aktionen, heilen_knopf, heilen_nach_kampf, helfer_wahl, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not heilen_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_heilen(
            z, helfer_wahl.value, blutet_wahl.value, aktionen=int(heilen_aktionen.value), als_aktion=not heilen_nach_kampf.value,
            **sitzung.wurfquelle(ausbluten_augen.value, wuerfel_rng),
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(kampf):
    mo.stop(kampf is None)
    _alle = sitzung.namen(kampf, "kampffaehig")
    unterbrecher_wahl = mo.ui.dropdown(options=_alle, value=_alle[0] if _alle else None, label="Wer unterbricht (wartet ab / Joker)")
    _dran = sitzung.angreifer(kampf)  # unterbrechen lässt sich nur, wer gerade handelt
    unterbrochen_wahl = mo.ui.dropdown(options=_alle, value=(_dran or _alle[-1:] or [None])[0], label="wen")
    _wildcards = sitzung.namen(kampf, "wildcard")
    benny_wahl = mo.ui.dropdown(options=["Spielleiter"] + _wildcards, value="Spielleiter", label="Benny geben an")
    return benny_wahl, unterbrecher_wahl, unterbrochen_wahl


@app.cell
def _(benny_wahl, kampf, unterbrecher_wahl, unterbrochen_wahl):
    _c = vorschau.unterbrechen_vorschau(kampf, unterbrecher_wahl.value, unterbrochen_wahl.value) if unterbrecher_wahl.value else None
    unterbrechen_augen = mo.ui.text(placeholder="z. B. 7, 2 | 5", label="Echte Würfel: eigene | gegnerische")
    unterbrechen_knopf = mo.ui.run_button(label="Unterbrechen (Joker ohne Probe, sonst vergleichende Geschicklichkeit)")
    benny_geben_knopf = mo.ui.run_button(label="Benny geben")
    _wartende = sitzung.empfaenger_liste(kampf, "abwartend")
    patt_wahl = mo.ui.multiselect(options=_wartende, value=_wartende, label="Abwartende, die zugleich handeln wollen")
    patt_augen = mo.ui.text(placeholder="z. B. Brakka: 6+2, 3; Banditen: 4", label="Echte Würfel")
    patt_knopf = mo.ui.run_button(label="Pattsituation auswerten (Geschicklichkeit)")
    mo.accordion(
        {
            "Aktionen unterbrechen": mo.vstack(
                [
                    mo.hstack([unterbrecher_wahl, unterbrochen_wahl], justify="start"),
                    diagramme.ergebnis_balken(_c, titel="Vergleichende Geschicklichkeitsprobe") if _c else mo.md(""),
                    mo.hstack([unterbrechen_augen, unterbrechen_knopf], justify="start"),
                ]
            ),
            "Pattsituation (alle Abwartenden wollen auf einmal handeln)": mo.hstack([patt_wahl, patt_augen, patt_knopf], justify="start", wrap=True),
            "Bennies verteilen": mo.hstack([benny_wahl, benny_geben_knopf], justify="start"),
        }
    )
    return benny_geben_knopf, patt_augen, patt_knopf, patt_wahl, unterbrechen_augen, unterbrechen_knopf


@app.cell
def _(get_sitzung, patt_augen, patt_knopf, patt_wahl, set_meldung, set_sitzung, verlauf, wuerfel_rng):
    mo.stop(not patt_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf, lambda z: swk.ereignis_patt(z, patt_wahl.value, **sitzung.wurfquelle_je_name(patt_augen.value, wuerfel_rng))
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(get_sitzung, set_meldung, set_sitzung, unterbrechen_augen, unterbrechen_knopf, unterbrecher_wahl, unterbrochen_wahl, verlauf, wuerfel_rng):
    mo.stop(not unterbrechen_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf,
        lambda z: swk.ereignis_unterbrechen(
            z, unterbrecher_wahl.value, unterbrochen_wahl.value, **sitzung.wurfquelle_paar(unterbrechen_augen.value, wuerfel_rng)
        ),
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(benny_geben_knopf, benny_wahl, get_sitzung, set_meldung, set_sitzung, verlauf):
    mo.stop(not benny_geben_knopf.value)
    _text = sitzung.ausfuehren(
        verlauf, lambda z: swk.ereignis_benny_erhalten(z, "" if benny_wahl.value == "Spielleiter" else benny_wahl.value)
    )
    weiter(verlauf, _text, get_sitzung, set_sitzung, set_meldung)
    return


@app.cell
def _(verlauf):
    mo.stop(verlauf is None)
    mo.vstack(
        [
            mo.md("### <span id='sw-protokoll'>Protokoll</span> (neuestes zuerst, ✎ = eingetippte Würfel oder Karten)"),
            mo.ui.table(sitzung.protokoll_tabelle(verlauf), selection=None, page_size=25),
        ]
    )
    return


if __name__ == "__main__":
    app.run()
