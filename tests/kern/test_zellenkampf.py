"""Kampf in Zellen (gm_helfer.zellenkampf und gm_helfer/<system>/zellen.py): Schritte, Fehler,
Anzeige, Rückgängig, Tracker – und Fortsetzen zwischen Zellen-API und marimo in beide Richtungen
(über die Fortsetzen-Funktionen, die die marimo-Notebooks aufrufen)."""

from __future__ import annotations

import random

import pytest

from gm_helfer import aloran, pfade, w100, zeitstrahl
from gm_helfer import savage_worlds as sw
from gm_helfer.aloran import kampf as aloran_kampf
from gm_helfer.aloran import sitzung as aloran_sitzung
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as swk
from gm_helfer.savage_worlds import sitzung as sw_sitzung
from gm_helfer.w100 import sitzung as w100_sitzung
from gm_helfer.widgets import KampfTracker
from gm_helfer.zeitstrahl import sitzung as zs_sitzung
from gm_helfer.zellenkampf import KampfFehler, augen_je_name, augen_je_schluessel

SYSTEME = {
    "savage_worlds": (sw, ["brakka", "bandit"]),
    "aloran": (aloran, ["brann", "ork_krieger"]),
    "zeitstrahl": (zeitstrahl, ["herkulos", "soeldner"]),
    "w100": (w100, ["john", "ork_krieger"]),
}


# -- Kern ---------------------------------------------------------------------------------


def test_augen_je_schluessel():
    assert augen_je_schluessel("7 3 0 1; verteidigung: 5 2; zone: 12", "angriff") == {
        "angriff": "7 3 0 1", "verteidigung": "5 2", "zone": "12"}
    assert augen_je_schluessel("89; schaden: 7, 5", "w100") == {"w100": "89", "schaden": "7, 5"}
    assert augen_je_schluessel("  ", "angriff") is None and augen_je_schluessel(None, "angriff") is None
    with pytest.raises(KampfFehler, match="zweimal"):
        augen_je_schluessel("zone: 1; zone: 2", "angriff")
    with pytest.raises(KampfFehler, match="fehlen die Augen"):
        augen_je_schluessel("zone:", "angriff")


def test_augen_je_name():
    assert augen_je_name("brann: 9; Ork-Krieger: 2", ["Brann", "Ork-Krieger"]) == {"Brann": "9", "Ork-Krieger": "2"}
    with pytest.raises(KampfFehler, match="„Wolf“ kämpft hier nicht mit – dabei sind: Brann"):
        augen_je_name("Wolf: 3", ["Brann"])
    with pytest.raises(KampfFehler, match="Name: Augen"):
        augen_je_name("9", ["Brann"])


def test_kampffehler_zeigt_in_ipython_nur_die_meldung():
    fehler = KampfFehler("„Bandit 9“ kämpft hier nicht mit.")
    assert fehler._render_traceback_() == ["⚠ KampfFehler: „Bandit 9“ kämpft hier nicht mit."]


def test_unbekannter_bogen_nennt_die_vorhandenen():
    with pytest.raises(KampfFehler, match="Keinen savage_worlds-Bogen „Drache“ gefunden – vorhanden: .*brakka"):
        sw.kampf_starten(["brakka", "Drache"])


def test_kaputter_bogen_nennt_datei_und_feld():
    ordner = pfade.charakter_ordner("savage_worlds")
    (ordner / "kaputt.toml").write_text('name = "Kaputt"\n[attribute]\nstaerke = "W7"\n', encoding="utf-8")
    with pytest.raises(KampfFehler, match=r"kaputt\.toml, Kaputt, Feld 'attribute\.staerke'"):
        sw.kampf_starten(["brakka", "kaputt"])


# -- jedes System ---------------------------------------------------------------------------


@pytest.mark.parametrize("system", SYSTEME)
def test_kampf_bis_zum_ende_mit_protokoll(system):
    modul, namen = SYSTEME[system]
    kampf = modul.kampf_starten(namen, rng=random.Random(5))
    assert kampf.datei is not None and kampf.datei.parent == pfade.kampf_ordner()
    assert kampf.verlauf.system == system
    html = kampf._repr_html_()
    assert f"data-system='{system}'" in html and "<table class='gm-kaempfer'" in html
    ergebnis = kampf.ausspielen()
    assert kampf.sieger() is not None, ergebnis.text
    assert "entschieden" in ergebnis.text
    # ein Kampf, ein Schreiber: solange dieses Objekt ihn führt, nur ansehen
    with pytest.raises(KampfFehler, match="wird gerade in einer anderen Sitzung geführt.*uebernehmen=True"):
        modul.kampf_fortsetzen(kampf.datei)
    zuschauer = modul.kampf_fortsetzen(kampf.datei, nur_lesen=True)
    assert zuschauer.zustand == kampf.zustand and "(nur ansehen)" in zuschauer.meldung
    kampf.schliessen()
    # jede Zeile steht in der Datei: frisch gelesen ist es derselbe Kampf
    wieder = modul.kampf_fortsetzen(kampf.datei)
    assert wieder.zustand == kampf.zustand
    assert len(wieder.ereignisse) == len(kampf.ereignisse) > 3
    assert wieder.sieger() == kampf.sieger()
    assert f"Entschieden:</b> nur {kampf.sieger()}" in wieder.html()
    wieder.schliessen()
    kampf.fortsetzen(kampf.datei)  # dasselbe Objekt nimmt ihn wieder auf
    assert kampf.zustand == wieder.zustand and kampf.meldung.startswith("Fortgesetzt:")
    kampf.rueckgaengig()
    kampf.schliessen()


@pytest.mark.parametrize("system", SYSTEME)
def test_rueckgaengig_und_fehler(system):
    modul, namen = SYSTEME[system]
    kampf = modul.kampf_starten(namen, rng=random.Random(1))
    with pytest.raises(KampfFehler, match="Nichts zum Zurücknehmen"):
        kampf.rueckgaengig()
    vorher = kampf.zustand
    schritt = kampf.weiter()
    assert schritt.text and schritt.text in schritt._repr_html_()
    assert kampf.zustand != vorher
    zurueck = kampf.rueckgaengig()
    assert zurueck.text.startswith("Zurückgenommen: ")
    assert kampf.zustand == vorher
    # ein Ziel, das es nicht gibt: deutsche Meldung, kein Fehler aus dem Inneren
    kampf.weiter()
    while kampf.am_zug() is None:
        kampf.weiter()
    with pytest.raises(KampfFehler) as info:
        kampf.angriff(ziel="Niemand")
    assert "Niemand" in str(info.value)
    assert info.value.__cause__ is None and (info.value.__context__ is None or info.value.__suppress_context__)


def test_sw_benny_wiederholung_als_entscheidung():
    """Ein verfehlter Angriff einer Wildcard lässt sich mit einem Benny wiederholen; ``ausspielen``
    und der Standard behalten den Benny (die Wiederholung ist freiwillig)."""
    kampf = sw.kampf_starten(["brakka", "bandit"], rng=random.Random(1))
    kampf.runde()
    kampf.weiter()
    bennies = kampf.zustand.kaempfer_namens("Brakka").bennies
    kampf.angriff("Brakka", "Bandit 1", augen="2, 3")  # verfehlt (MW 5)
    assert "wiederholen:Brakka" in [o.schluessel for o in kampf.offene_entscheidungen()]
    kampf.entscheiden("wiederholen:Brakka")
    assert kampf.zustand.kaempfer_namens("Brakka").bennies == bennies - 1
    assert kampf.ereignisse[-1].art == "angriff_wiederholen"


def test_sw_eingetippte_wuerfel_und_chancen():
    kampf = sw.kampf_starten(["brakka", "bandit"], rng=random.Random(1))
    kampf.runde()
    kampf.weiter()
    assert kampf.am_zug() == "Brakka"
    diagramm = kampf.chancen("Brakka", ziel="Bandit 1").to_dict()
    assert "Brakka greift Bandit 1 an" in str(diagramm["hconcat"][0]["title"])
    schritt = kampf.angriff("Brakka", "Bandit 1", augen="10+3, 5")
    assert schritt.eingetippt and str(schritt).startswith("✎ ")
    assert "W10 [10+3], Wildcard-Würfel [5] → 13 gegen MW 5: Steigerung" in schritt.text
    assert [o.schluessel for o in kampf.offene_entscheidungen()] == ["schaden:0"]
    assert "Robustheit 6" in str(kampf.chancen().to_dict()["title"])  # Chancen der offenen Entscheidung
    kampf.schaden(augen="7, 3, 2")
    bandit = kampf.zustand.kaempfer_namens("Bandit 1")
    assert bandit.ausser_gefecht and kampf.ereignisse[-1].eingetippt
    kampf.rueckgaengig()
    with pytest.raises(KampfFehler, match="braucht 3 Würfel, eingetippt wurden 2"):
        kampf.schaden(augen="7, 3")
    assert kampf.zustand.offene_treffer  # der Fehler hat nichts verändert


def test_aloran_initiative_eingetippt_und_austausch():
    kampf = aloran.kampf_starten(["brann", "ork_krieger"], rng=random.Random(2))
    kampf.initiative(augen="Brann: 9; Ork-Krieger: 2")
    kampf.weiter()
    assert kampf.am_zug() == "Brann"
    titel = kampf.chancen("Brann", ziel="Ork-Krieger").to_dict()["hconcat"][0]["title"]
    assert "Angriff 8 W10 gegen 6 – Verteidigung 7 W10 gegen 7" in str(titel)
    with pytest.raises(KampfFehler, match="Augen eingetippt, aber 8 W10 geworfen"):
        kampf.angriff("Brann", "Ork-Krieger", augen="9 8 7")
    schritt = kampf.angriff("Brann", "Ork-Krieger",
                            augen="9 8 7 0 3 2 6 1; verteidigung: 7 2 1 4 3 5 6; zone: 12; schaden: 4")
    assert schritt.eingetippt and "[9 8 7 0 3 2 6 1] gegen 6" in schritt.text
    assert kampf.zustand.kaempfer_namens("Brann").aktionen.kampf == 0
    assert kampf.am_zug() == "Brann" and kampf.naechster_schritt()[0] == "Brann beendet den Zug"
    kampf.weiter()
    assert kampf.am_zug() == "Ork-Krieger"


def test_zeitstrahl_start_eingetippt_und_angriff():
    kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"], rng=random.Random(3))
    kampf.start(augen="Herkulos: 18; Söldner: 3")
    assert kampf.am_zug() == "Herkulos"
    assert "Trefferchance von Herkulos je Verteidigung von Söldner" in str(kampf.chancen().to_dict())
    schritt = kampf.angriff("Herkulos", "Söldner", augen="15; zone: 3 5; schaden: 4 2 1")
    assert schritt.eingetippt and "12+15=27" in schritt.text


def test_w100_nur_wer_am_zug_ist_greift_an():
    kampf = w100.kampf_starten(["john", "ork_krieger"], rng=random.Random(4))
    kampf.initiative(augen="John: 10; Ork-Krieger: 90")
    kampf.weiter()
    with pytest.raises(KampfFehler, match="John ist nicht am Zug – am Zug ist Ork-Krieger"):
        kampf.angriff("John")
    with pytest.raises(KampfFehler, match="außer Reichweite"):
        kampf.angriff(augen="50")
    kampf.bewegen()
    assert kampf.zustand["Ork-Krieger"].position == (2.0, 0.0)


# -- Tracker --------------------------------------------------------------------------------


def test_tracker_folgt_den_zellen_und_treibt_den_kampf():
    kampf = sw.kampf_starten(["brakka", "bandit"], rng=random.Random(1))
    tracker = kampf.tracker()
    assert isinstance(tracker, KampfTracker)
    assert tracker.daten["naechster"] == "Runde 1: Karten austeilen"
    assert not tracker.daten["kann_rueckgaengig"]
    tracker.befehl = {"was": "weiter", "nr": 1}  # wie ein Klick im Browser
    assert kampf.zustand.runde == 1 and len(tracker.daten["reihenfolge"]) == 2
    assert tracker.daten["reihenfolge"][0]["svg"].startswith("<svg")
    kampf.weiter()  # aus einer Zelle: der Tracker folgt
    assert tracker.daten["am_zug"] == "Brakka" and tracker.daten["naechster"] == "Brakka ist fertig"
    kampf.angriff(augen="10+3, 5")
    assert [e["schluessel"] for e in tracker.daten["entscheidungen"]] == ["schaden:0"]
    tracker.befehl = {"was": "entscheiden", "schluessel": "schaden:0", "nr": 2}
    assert kampf.ereignisse[-1].art == "schaden" and not kampf.zustand.offene_treffer
    tracker.befehl = {"was": "rueckgaengig", "nr": 3}
    assert kampf.zustand.offene_treffer and tracker.daten["meldung"].startswith("Zurückgenommen: Schaden")
    tracker.befehl = {"was": "entscheiden", "schluessel": "erholung:Niemand", "nr": 4}
    assert tracker.daten["meldung"].startswith("⚠ ")


# -- Fortsetzen zwischen Zellen und marimo ----------------------------------------------


def _stand(kampf):
    return kampf.zustand, len(kampf.ereignisse)


def test_sw_zellen_nach_marimo_und_zurueck():
    kampf = sw.kampf_starten(["brakka", "bandit"], rng=random.Random(1))
    kampf.runde()
    kampf.weiter()
    kampf.angriff(augen="10+3, 5")
    kampf.schliessen()  # Jupyter gibt den Kampf frei
    # marimo: Auswahlliste „Gespeicherter Kampf“ und „Kampf fortsetzen“
    assert kampf.datei in sw_sitzung.protokolle()
    verlauf, text = sw_sitzung.fortsetzen_sicher(kampf.datei)
    assert verlauf is not None and text.startswith("Fortgesetzt:")
    assert verlauf.zustand == kampf.zustand
    # marimo macht weiter (wie der Knopf „Schaden würfeln“), dann wieder die Zellen
    assert not sw_sitzung.ausfuehren(verlauf, lambda z: swk.ereignis_schaden(z, nummer=0, augen="7, 3, 2")).startswith("⚠")
    verlauf.schliessen()
    weiter = sw.kampf_fortsetzen(kampf.datei.name)
    assert weiter.zustand == verlauf.zustand and weiter.zustand.kaempfer_namens("Bandit 1").ausser_gefecht
    weiter.weiter()
    assert weiter.ereignisse[-1].art == "fertig"


def test_sw_marimo_nach_zellen():
    from gm_helfer import boegen

    gewaehlt = [b for b in boegen.laden("savage_worlds").boegen if b.name in ("Brakka", "Bandit")]
    verlauf = sw_sitzung.neuer_verlauf(sw_sitzung.kampf_aus_boegen(gewaehlt))
    sw_sitzung.ausfuehren(verlauf, swk.ereignis_runde)
    sw_sitzung.ausfuehren(verlauf, lambda z: swk.ereignis_karten(z, rng=random.Random(1)))
    verlauf.schliessen()
    kampf = sw.kampf_fortsetzen(verlauf.datei)
    assert kampf.zustand == verlauf.zustand and "Fortgesetzt" in kampf.meldung
    kampf.weiter()
    assert kampf.zustand.am_zug == kampf.zustand.reihenfolge()[0][0]  # die höchste Karte
    assert kampf.ereignisse[-1].art == "am_zug"


def test_aloran_zellen_und_marimo():
    kampf = aloran.kampf_starten(["brann", "ork_krieger"], rng=random.Random(2))
    kampf.initiative(augen="Brann: 9; Ork-Krieger: 2")
    kampf.weiter()
    kampf.angriff(augen="9 8 7 0 3 2 6 1; verteidigung: 7 2 1 4 3 5 6; zone: 12; schaden: 4")
    kampf.schliessen()
    # marimo: Dateiname aus sitzung.protokolldateien(), fortsetzen mit aloran.fortsetzen
    assert kampf.datei.name in aloran_sitzung.protokolldateien()
    verlauf, warnungen = aloran.fortsetzen(aloran_sitzung.protokolldatei(kampf.datei.name))
    assert not warnungen and verlauf.zustand == kampf.zustand
    verlauf.ausfuehren(aloran_kampf.zug_ende_ereignis(verlauf.zustand, "Brann"))  # marimo: „Zug beenden“
    verlauf.schliessen()
    zurueck = aloran.kampf_fortsetzen(kampf.datei.name)
    assert zurueck.zustand == verlauf.zustand and zurueck.am_zug() == "Ork-Krieger"


def test_zeitstrahl_zellen_und_marimo():
    kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"], rng=random.Random(3))
    kampf.start(augen="Herkulos: 18; Söldner: 3")
    kampf.angriff(augen="15; zone: 3 5; schaden: 4 2 1")
    kampf.schliessen()
    assert kampf.datei in zs_sitzung.protokolle(pfade.kampf_ordner())
    verlauf, warnungen = zs_sitzung.verlauf_fortsetzen(kampf.datei)
    assert not warnungen and verlauf.zustand == kampf.zustand
    wer = verlauf.zustand.am_zug[0]
    verlauf.ausfuehren(zeitstrahl.aktion_ereignis(verlauf.zustand, wer, 2, "sofort", "Tür zuhalten"))
    verlauf.schliessen()
    zurueck = zeitstrahl.kampf_fortsetzen(kampf.datei)
    assert zurueck.zustand == verlauf.zustand


def test_zeitstrahl_marimo_nach_zellen():
    from gm_helfer import boegen

    ladung = boegen.laden("zeitstrahl")
    kaempfer = [zeitstrahl.kaempfer_aus_bogen(b) for b in ladung.boegen if b.name in ("Herkulos", "Söldner")]
    verlauf = zs_sitzung.neuer_verlauf(kaempfer, zeitstrahl.STANDARD, pfade.kampf_ordner())
    verlauf.ausfuehren(zeitstrahl.start_ereignis(verlauf.zustand, rng=random.Random(0)))
    verlauf.schliessen()
    kampf = zeitstrahl.kampf_fortsetzen(verlauf.datei.name)
    assert kampf.zustand == verlauf.zustand
    kampf.angriff()
    assert kampf.ereignisse[-1].art == "angriff"


def test_w100_zellen_und_marimo():
    kampf = w100.kampf_starten(["john", "ork_krieger"], rng=random.Random(4))
    kampf.initiative(augen="John: 10; Ork-Krieger: 90")
    kampf.weiter()
    kampf.bewegen()
    kampf.schliessen()
    assert kampf.datei in w100_sitzung.protokolle()
    verlauf, text = w100_sitzung.fortsetzen_sicher(kampf.datei)
    assert verlauf is not None and verlauf.zustand == kampf.zustand, text
    assert not w100_sitzung.ausfuehren(verlauf, w100.zug_ende_ereignis).startswith("⚠")  # marimo: „Zug beenden“
    verlauf.schliessen()
    zurueck = w100.kampf_fortsetzen(kampf.datei)
    assert zurueck.zustand == verlauf.zustand and zurueck.zustand.am_zug is None


def test_w100_marimo_nach_zellen():
    from gm_helfer import boegen

    ladung = boegen.laden("w100")
    start = w100.kampf_aus_boegen([b for b in ladung.boegen if b.name in ("John", "Ork-Krieger")])
    verlauf = w100_sitzung.neuer_verlauf(start)
    w100_sitzung.ausfuehren(verlauf, lambda k: w100_sitzung.initiative_wuerfeln(k, rng=random.Random(0)))
    verlauf.schliessen()
    kampf = w100.kampf_fortsetzen(verlauf.datei)
    assert kampf.zustand == verlauf.zustand
    kampf.weiter()
    assert kampf.am_zug() is not None


def test_falsches_system_wird_gemeldet():
    kampf = sw.kampf_starten(["brakka", "bandit"])
    kampf.runde()
    kampf.schliessen()
    with pytest.raises(KampfFehler, match="savage_worlds"):
        w100.kampf_fortsetzen(kampf.datei)


def test_fortsetzen_ohne_datei():
    with pytest.raises(KampfFehler, match="gibt es nicht"):
        aloran.kampf_fortsetzen("gibt_es_nicht.jsonl")


def test_verlauf_bleibt_ein_verlauf():
    kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"])
    assert isinstance(kampf.verlauf, Verlauf) and kampf.protokoll().height == 0


def test_tracker_und_kampf_laufen_in_marimo(tmp_path, kind_umgebung):
    """Dasselbe Kampfobjekt samt Tracker in einem marimo-Notebook: alle Zellen laufen ohne Fehler
    (``marimo export html`` bricht bei einer fehlerhaften Zelle mit Code 1 ab)."""
    import subprocess
    import sys

    notebook = tmp_path / "zellen_in_marimo.py"
    notebook.write_text('''import marimo

app = marimo.App()

with app.setup:
    import random

    import marimo as mo

    from gm_helfer import savage_worlds as sw


@app.cell
def _():
    kampf = sw.kampf_starten(["brakka", "bandit"], rng=random.Random(1))
    kampf.runde()
    kampf.weiter()
    return (kampf,)


@app.cell
def _(kampf):
    tracker = mo.ui.anywidget(kampf.tracker())
    tracker
    return


@app.cell
def _(kampf):
    kampf.chancen()
    return


@app.cell
def _(kampf):
    schritt = kampf.angriff(augen="10+3, 5")
    assert schritt.eingetippt
    mo.Html(kampf._repr_html_())
    return
''', encoding="utf-8")
    ergebnis = subprocess.run(
        [sys.executable, "-m", "marimo", "-y", "export", "html", str(notebook), "-o", str(tmp_path / "aus.html")],
        env=kind_umgebung("zellen_marimo"), capture_output=True, text=True, timeout=300,
    )
    assert ergebnis.returncode == 0, ergebnis.stdout + ergebnis.stderr
    seite = (tmp_path / "aus.html").read_text(encoding="utf-8")
    assert "Brakka greift Bandit 1 mit Langschwert an" in seite  # der Schritt mit eingetippten Würfeln
    assert "gm-kaempfer" in seite  # die Tabelle des Kampfes
    assert ".gm-tracker-reihe" in seite  # das Tracker-Widget (sein CSS steckt in der Ausgabe)
