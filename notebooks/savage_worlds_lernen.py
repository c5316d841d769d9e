import marimo

__generated_with = "0.25.2"
app = marimo.App(width="medium", app_title="Savage Worlds – Kampfregeln lernen")

with app.setup:
    import marimo as mo

    from gm_helfer import diagramme, lehre, pfade
    from gm_helfer import savage_worlds as sw
    from gm_helfer.savage_worlds import chancen as swc
    from gm_helfer.savage_worlds import lehre as swl
    from gm_helfer.savage_worlds import sitzung


@app.cell
def _():
    aufgaben, antworten = lehre.kurs_uebungen(swl)  # die Antwortfelder für Teil C
    lehre.kurs_kopf("Savage Worlds – die Kampfregeln Schritt für Schritt", """
    Alle Zahlen kommen aus `gm_helfer.savage_worlds` – dieselben Regeln, die auch das
    Live-Notebook am Spieltisch benutzt.
    """, "von den Aktionskarten bis zu den Wunden, du triffst die Entscheidungen.", teil_b=" (1–6)")
    return antworten, aufgaben


@app.cell
def _():
    wahl_wegstecken = mo.ui.radio(
        options={"Benny ausgeben und wegstecken": True, "Benny behalten": False},
        value="Benny ausgeben und wegstecken", label="Nach dem Treffer: Schaden wegstecken?",
    )
    wahl_erholung = mo.ui.radio(
        options={"Erholungsprobe würfeln": False, "Benny ausgeben": True},
        value="Erholungsprobe würfeln", label="Am Zug und Angeschlagen:",
    )
    lehre.schlagabtausch_teil("""
    Brakka (Heldin, Wildcard, Kämpfen W8, Stärke W10, Langschwert) trifft auf Baron Ulrich
    (Wildcard, Parade 6, Robustheit 8, zwei Bennies). Die Würfel sind eingetippt, wie am
    Tisch gefallen – was sie bewirken, rechnet die Bibliothek Schritt für Schritt aus. Du
    entscheidest für Baron Ulrich:
    """, wahl_wegstecken, wahl_erholung)
    return wahl_erholung, wahl_wegstecken


@app.cell
def _(wahl_erholung, wahl_wegstecken):
    lehre.schritte_ansicht(
        swl.schlagabtausch(wegstecken=wahl_wegstecken.value, benny_gegen_angeschlagen=wahl_erholung.value)[0],
        "sw-kurs-schlagabtausch",
    )
    return


@app.cell
def _():
    mo.md(
        """
        ## Teil B – die Regeln im Einzelnen

        ## 1. Die Eigenschaftsprobe

        Eigenschaften sind Würfel: W4 bis W12. Der Würfel **explodiert**: zeigt er die
        Höchstzahl, wird er noch einmal geworfen und addiert. Eine **Wildcard** (Helden,
        wichtige Schurken) wirft zusätzlich einen explodierenden **W6 als Wildcard-Würfel** und
        behält das höhere Ergebnis. Modifikatoren gelten für das behaltene Ergebnis.
        Erfolg ab dem Mindestwurf (meist 4), je volle 4 darüber eine **Steigerung**.
        Zeigen beide Würfel eine natürliche 1, ist das ein **kritischer Fehlschlag**.
        Fehlt eine Fertigkeit, wird mit W4−2 geworfen.
        """
    )
    return


@app.cell
def _():
    probe_wuerfel = mo.ui.dropdown(
        options=["untrainiert", "W4", "W6", "W8", "W10", "W12", "W12+1", "W12+2"], value="W8", label="Würfel"
    )
    probe_wildcard = mo.ui.checkbox(value=True, label="Wildcard")
    probe_mod = mo.ui.slider(start=-6, stop=4, step=1, value=0, label="Modifikator", show_value=True)
    probe_mw = mo.ui.slider(start=2, stop=12, step=1, value=4, label="Mindestwurf (Parade)", show_value=True)
    mo.hstack([probe_wuerfel, probe_wildcard, probe_mod, probe_mw], justify="start", wrap=True)
    return probe_mod, probe_mw, probe_wildcard, probe_wuerfel


@app.cell
def _(probe_mod, probe_mw, probe_wildcard, probe_wuerfel):
    _c = sw.probe_chancen(probe_wuerfel.value, probe_wildcard.value, probe_mod.value, probe_mw.value)
    mo.vstack(
        [
            mo.md(
                f"**{probe_wuerfel.value}** gegen {probe_mw.value} (Mod {probe_mod.value:+d}): Erfolg "
                f"<span id='sw-lernen-erfolg'>{diagramme.prozent(_c.erfolg)}</span>, Steigerung "
                f"{diagramme.prozent(_c.steigerung)}, kritischer Fehlschlag {diagramme.prozent(_c.kritischer_fehlschlag)}"
            ),
            diagramme.ergebnis_balken(
                swc.probe_ergebnisse(probe_wuerfel.value, probe_wildcard.value, probe_mod.value, probe_mw.value),
                titel="Ausgänge der Probe",
                farben=sitzung.FARBEN,
            ),
        ]
    )
    return


@app.cell
def _(probe_mod, probe_mw):
    mo.vstack(
        [
            mo.md("Was der Wildcard-Würfel ausmacht – jeder Würfel als Wildcard und als Statist, gleicher Mindestwurf und Modifikator:"),
            diagramme.ergebnis_balken(swc.erfolg_je_wuerfel(probe_mw.value, probe_mod.value), titel="Erfolgschance je Würfel"),
        ]
    )
    return


@app.cell
def _():
    mo.md(
        """
        ## 2. Initiative: Aktionskarten

        Jede Wildcard bekommt eine Karte, jede Gruppe gleichartiger Statisten eine gemeinsame;
        verbündete Statisten handeln auf der Karte ihres Spielers. Der Spielleiter zählt vom Ass
        zur Zwei herunter, bei gleichem Wert gilt Pik vor Herz vor Karo vor Kreuz. Ein **Joker**
        handelt, wann er will, und gibt seinem Halter **in dieser Runde** +2 auf Proben und
        Schaden; nach einer Runde mit Joker wird gemischt. **Kühler Kopf** zieht eine Karte mehr
        (verbessert: zwei) und behält die beste, danach zieht **Schnell** jede Karte bis 5 neu.
        """
    )
    return


@app.cell
def _():
    austeilen_knopf = mo.ui.button(label="Neu austeilen", value=0, on_click=lambda n: n + 1)
    austeilen_knopf
    return (austeilen_knopf,)


@app.cell
def _(austeilen_knopf):
    beispiel = sitzung.beispiel_runde(pfade.charakter_ordner("savage_worlds"), seed=austeilen_knopf.value)
    return (beispiel,)


@app.cell
def _(beispiel):
    mo.vstack([mo.Html(sitzung.countdown_html(beispiel.zustand)), mo.md(f"_{beispiel.ereignisse[-1].text}_")])
    return


@app.cell
def _():
    mo.md(
        """
        ## 3. Angriff und Schaden

        Nahkampf trifft gegen die **Parade** des Ziels (2 + halbes Kämpfen), Fernkampf gegen 4
        (Reichweite mittel −2, lang −4; Deckung −1 bis −6; Licht −1 bis −4). Eine Steigerung
        beim Angriff gibt **+1W6 Schaden**. Nahkampfschaden ist Stärke plus Waffenwürfel – der
        Barbar mit Stärke W12 und Langschwert (W8) macht **W12+W8**; alle Schadenswürfel
        explodieren. Schaden gegen **Robustheit** (2 + halbe Konstitution + Rüstung): darunter
        nichts, 0–3 darüber **Angeschlagen** (schon Angeschlagen: eine Wunde), je volle 4
        darüber eine **Wunde**.
        """
    )
    return


@app.cell
def _():
    schaden_text = mo.ui.text(value="W12+W8", label="Schaden (der Barbar: W12+W8)")
    robustheit = mo.ui.slider(start=2, stop=14, step=1, value=8, label="Robustheit", show_value=True)
    bonus = mo.ui.checkbox(label="Steigerung beim Angriff (+W6)")
    joker = mo.ui.checkbox(label="Joker (+2)")
    schon_angeschlagen = mo.ui.checkbox(label="Ziel schon Angeschlagen")
    mo.hstack([schaden_text, robustheit, bonus, joker, schon_angeschlagen], justify="start", wrap=True)
    return bonus, joker, robustheit, schaden_text, schon_angeschlagen


@app.cell
def _(bonus, joker, robustheit, schaden_text, schon_angeschlagen):
    try:
        schaden_c = sw.schadens_chancen(
            schaden_text.value, robustheit.value, bonus.value, joker=joker.value, angeschlagen=schon_angeschlagen.value
        )
        schaden_fehler = ""
    except ValueError as _f:
        schaden_c, schaden_fehler = None, str(_f)
    return schaden_c, schaden_fehler


@app.cell
def _(robustheit, schaden_c, schaden_fehler):
    mo.stop(schaden_c is None, mo.md(f"⚠ {schaden_fehler}"))
    mo.vstack(
        [
            mo.md(f"Mindestens eine Wunde: <span id='sw-lernen-wunde'>{diagramme.prozent(schaden_c.mindestens_eine_wunde)}</span>"),
            mo.hstack(
                [
                    diagramme.ergebnis_balken(schaden_c.stufen(), titel="Wirkung", farben=sitzung.FARBEN),
                    diagramme.verteilung_diagramm(schaden_c.verteilung, ziel=robustheit.value, titel="Schadenswurf", x_titel="Schaden"),
                ],
                wrap=True,
            ),
        ]
    )
    return


@app.cell
def _():
    mo.md(
        """
        ## 4. Wunden, Wegstecken, Außer Gefecht, Ausbluten

        **Statisten** sind bei der ersten Wunde aus dem Spiel. **Wildcards** halten drei Wunden
        aus (je −1 auf Proben und Bewegungsweite); jede weitere setzt sie **Außer Gefecht**.
        Mit einem **Benny** kann eine Wildcard **Schaden wegstecken**: Konstitutionsprobe (nur mit
        den Abzügen früherer Wunden), je Erfolg und Steigerung eine Wunde dieses Angriffs weniger;
        die Probe darf mit einem weiteren Benny wiederholt werden. Außer Gefecht: sofort eine
        Konstitutionsprobe mit Wundabzügen – Gesamt 1 oder weniger: tot; Fehlschlag: bleibende
        Verletzung und **Ausbluten** (jede Runde vor den Karten eine Konstitutionsprobe, bis
        eine Steigerung oder eine Heilenprobe die Blutung stoppt).
        """
    )
    return


@app.cell
def _():
    konst = mo.ui.dropdown(options=["W4", "W6", "W8", "W10", "W12"], value="W6", label="Konstitution")
    wunden_vorher = mo.ui.slider(start=0, stop=3, step=1, value=0, label="frühere Wunden", show_value=True)
    wunden_angriff = mo.ui.slider(start=1, stop=4, step=1, value=2, label="Wunden dieses Angriffs", show_value=True)
    helfer = mo.ui.dropdown(options=["kein Helfer", "W4", "W6", "W8", "W10", "W12"], value="W8", label="Heilen des Helfers")
    mo.hstack([konst, wunden_vorher, wunden_angriff, helfer], justify="start", wrap=True)
    return helfer, konst, wunden_angriff, wunden_vorher


@app.cell
def _(konst, wunden_angriff, wunden_vorher):
    _einmal = sw.wegstecken_chancen(konst.value, wunden_angriff.value, sw.wundabzug(wunden_vorher.value))
    _zweimal = sw.wegstecken_chancen(konst.value, wunden_angriff.value, sw.wundabzug(wunden_vorher.value), wiederholen=True)
    mo.vstack(
        [
            mo.md(
                f"**Wegstecken:** alles weg mit einem Benny {diagramme.prozent(_einmal.alle_weg)}, mit Wiederholen "
                f"{diagramme.prozent(_zweimal.alle_weg)}; erwartet bleiben {_einmal.erwartete_wunden:.2f} bzw. "
                f"{_zweimal.erwartete_wunden:.2f} Wunden."
            ),
            diagramme.ergebnis_balken({f"{n} Wunden bleiben": p for n, p in _einmal.verbleibende_wunden.items()}, titel="Ein Benny"),
        ]
    )
    return


@app.cell
def _(helfer, konst):
    _ag = sw.ausser_gefecht_chancen(konst.value, sw.wundabzug(3))
    _ohne = sw.ausbluten_chancen(konst.value, sw.wundabzug(3), 8)
    _kurven = {"ohne Hilfe": _ohne.tod_bis_runde}
    if helfer.value != "kein Helfer":
        _kurven[f"Helfer mit Heilen {helfer.value}"] = sw.ausbluten_chancen(konst.value, sw.wundabzug(3), 8, heilen=helfer.value).tod_bis_runde
    mo.vstack(
        [
            mo.md("Außer Gefecht mit drei Wunden (−3):"),
            diagramme.ergebnis_balken(
                {"stirbt": _ag.tod, "blutet aus": _ag.fehlschlag, "verletzt bis Heilung": _ag.erfolg, "verletzt für 24 h": _ag.steigerung},
                titel="Außer-Gefecht-Probe",
            ),
            diagramme.kurve_ueber_runden(_kurven, titel="Ausbluten: tot innerhalb von n Runden", y_titel="Chance, tot zu sein"),
        ]
    )
    return


@app.cell
def _():
    mo.md(
        """
        ## 5. Angeschlagen und Erholung

        Wer Angeschlagen ist, legt zu Beginn seines Zugs eine **Willenskraftprobe** gegen 4 ab:
        Fehlschlag – bleibt Angeschlagen, nur freie Aktionen; Erfolg – erholt, aber nur freie
        Aktionen; Steigerung – erholt und handelt normal. Ein **Benny** beendet Angeschlagen
        jederzeit.
        """
    )
    return


@app.cell
def _():
    wille = mo.ui.dropdown(options=["W4", "W6", "W8", "W10", "W12"], value="W6", label="Willenskraft")
    wille_wunden = mo.ui.slider(start=0, stop=3, step=1, value=0, label="Wunden", show_value=True)
    mo.hstack([wille, wille_wunden], justify="start")
    return wille, wille_wunden


@app.cell
def _(wille, wille_wunden):
    diagramme.ergebnis_balken(sw.erholung_chancen(wille.value, sw.wundabzug(wille_wunden.value)), titel="Erholungsprobe")
    return


@app.cell
def _():
    mo.md(
        """
        ## 6. Mehrere Aktionen und Feuerrate

        Bewegen ist frei; **jede zusätzliche Aktion** (ein zweiter Angriff mit einer anderen Waffe,
        Sprinten, Waffe ziehen, Heilen) kostet **−2 auf alle Proben** dieser Runde – und die Zahl
        der Aktionen steht mit der ersten fest. **Dieselbe Aktion** gibt es nur einmal pro Runde,
        eine Waffe feuert einmal: ihre **Feuerrate** ist die Zahl der Schießenwürfel, alle zugleich,
        **ein Wildcard-Würfel** für alle – aber die Würfel dürfen auf **verschiedene Ziele** gehen.
        Das beste Ergebnis gilt hier dem ersten Ziel.
        """
    )
    return


@app.cell
def _():
    fr_wuerfel = mo.ui.dropdown(options=["W4", "W6", "W8", "W10", "W12"], value="W8", label="Schießen")
    fr_aktionen = mo.ui.slider(start=1, stop=3, step=1, value=1, label="Aktionen diese Runde", show_value=True)
    fr_verteilung = mo.ui.dropdown(
        options={"alle 3 Würfel auf A": ("A", "A", "A"), "2 auf A, 1 auf B": ("A", "A", "B"), "je einer auf A, B, C": ("A", "B", "C")},
        value="2 auf A, 1 auf B", label="Maschinenpistole (Feuerrate 3)",
    )
    mo.hstack([fr_wuerfel, fr_aktionen, fr_verteilung], justify="start")
    return fr_aktionen, fr_verteilung, fr_wuerfel


@app.cell
def _(fr_aktionen, fr_verteilung, fr_wuerfel):
    _je_ziel = sw.treffer_je_ziel(fr_wuerfel.value, fr_verteilung.value, None, True, sw.mehrfachaktion_abzug(fr_aktionen.value))
    diagramme.ergebnis_balken(sw.getroffen_je_ziel(_je_ziel), titel="Feuerrate 3 auf mehrere Ziele (MW 4)")
    return


@app.cell
def _(antworten, aufgaben):
    lehre.uebungen_ansicht(aufgaben, antworten, "sw-kurs")
    return


@app.cell
def _():
    lehre.kurs_anhang(swl, "savage_worlds_kurzreferenz.html")
    return


if __name__ == "__main__":
    app.run()
