"""Die W100-Notebooks als Programme: Lehrbausteine und Notebook-Läufe mit Überschreibungen."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from gm_helfer import w100
from gm_helfer.w100 import lehre, sitzung

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def test_john_schritt_fuer_schritt():
    e, schritte = lehre.angriff_schritte(89, ob=50, db=20, patzerbereich=5)
    assert e.ergebnis == 119 and e.stufe == "volltreffer"
    assert "89 + 50 (OB) − 20 (DB) = **119**" in schritte[1]
    e, schritte = lehre.angriff_schritte(89, ob=50, db=20, patzerbereich=5, abwehr=lehre.abwehr("parade", 20))
    assert e.ergebnis == 99 and e.stufe == "streiftreffer"
    assert "119 − 20 = **99**" in schritte[2] and "Streiftreffer" in schritte[3]
    e, schritte = lehre.angriff_schritte(4, ob=500, db=0, patzerbereich=5)
    assert e.stufe == "patzer" and len(schritte) == 1 and "Fehlschlag" in schritte[0]


def test_zugfolge_lehrbeispiel():
    folge = lehre.zugfolge({"Wolf": (90, 130), "John": (80, 45), "Ork": (50, 25)}, runden=2)
    runde1 = folge.filter(folge["Runde"] == 1)
    assert runde1["Name"].to_list() == ["Wolf", "John", "Wolf", "Ork", "John", "Wolf"]
    assert folge.filter(folge["Runde"] == 2)["Name"].to_list() == runde1["Name"].to_list()


def test_differenz_tabelle_summe_eins():
    t = lehre.chancen_ueber_differenz(5, von=-10, bis=10)
    import polars as pl
    summen = t.group_by("Differenz").agg(pl.col("Wahrscheinlichkeit").sum())
    assert all(abs(x - 1) < 1e-12 for x in summen["Wahrscheinlichkeit"].to_list())
    assert lehre.differenz(50, 20, lehre.abwehr("ausweichen", 20)) == 10
    assert isinstance(lehre.schaden_vergleich("2X6", 3), str)


def _app(name):
    sys.path.insert(0, str(NOTEBOOKS))
    try:
        modul = __import__(name)
    finally:
        sys.path.remove(str(NOTEBOOKS))
    return modul.app


def test_lernen_notebook_laeuft():
    app = _app("w100_lernen")
    _, defs = app.run()
    assert defs["john"].ergebnis == 99 and defs["john"].stufe == "streiftreffer"
    assert defs["chancen"] == w100.angriff_chancen(50, 20, 5, abwehr=20)


def test_kampf_notebook_laeuft_ohne_kampf():
    app = _app("w100_kampf")
    _, defs = app.run()
    assert defs["kampf"] is None
    assert defs["geprueft"].fehler == ()
    # Die Einstellungen des Kampfes starten bei den Standardwerten der Optionen
    assert sitzung.optionen_aus(defs["einstellungen"].value) == w100.Optionen()


def test_sitzung_ablauf_mit_datei(tmp_path):
    from gm_helfer import boegen
    kampf = w100.kampf_aus_boegen(boegen.laden("w100").boegen)
    v = sitzung.neuer_verlauf(kampf, tmp_path)
    augen = {k.name: "50" for k in kampf.kaempfer}
    assert sitzung.ausfuehren(v, lambda k: sitzung.initiative_wuerfeln(k, augen=augen)).startswith("Initiative")
    assert sitzung.ausfuehren(v, lambda k: sitzung.initiative_wuerfeln(k, augen=augen)).startswith("⚠")
    assert sitzung.ausfuehren(v, w100.zug_beginn_ereignis).startswith("Runde 1: Schattenwolf")
    vs = sitzung.vorschau(v.zustand, "John", "Biss", abwehr="ausweichen", punkte=10)
    assert "außer Reichweite" in vs.meldung and vs.abwehr_max == 30
    assert vs.chancen == w100.angriff_chancen(40, 25, 3, abwehr=10, krit=w100.KritRegel("wurf", 95, 2))
    assert [p for p, _ in vs.tabelle] == list(range(31))
    ziel = sitzung.schritt_richtung(v.zustand, "John")
    sitzung.ausfuehren(v, lambda k: w100.bewegung_ereignis(k, k.am_zug, ziel))
    text = sitzung.ausfuehren(v, lambda k: sitzung.angriff(k, "John", "Biss", w100_augen="00", schaden_augen="6, 6"))
    # 100 + 40 − 25 = 115: Volltreffer, kritisch (natürlich ≥ 95): 15 · 2 − 3 = 27
    assert text.endswith("→ Volltreffer (kritisch), 27 Schaden.")
    assert v.zustand["John"].lp == 33
    assert sitzung.protokolle(tmp_path) == [v.datei]
    v.schliessen()  # ein Schreiber je Kampf: erst schließen, dann fortsetzen
    v2, meldung = sitzung.fortsetzen_sicher(v.datei)
    assert v2.zustand == v.zustand and meldung.startswith("Fortgesetzt")
    assert sitzung.rueckgaengig(v2).startswith("Rückgängig")
    assert v2.zustand["John"].lp == 60
    assert sitzung.fortsetzen_sicher(tmp_path / "gibtsnicht.jsonl")[1].startswith("⚠")
    assert sitzung.protokoll_tabelle(v2).height == len(v2.ereignisse)
    v2.schliessen()


def test_diagramme():
    from gm_helfer.w100 import diagramme as d
    tabelle = w100.abwehr_tabelle(50, 20, 5, bis=20)
    spec = d.abwehr_diagramm(tabelle, markiert=10).to_dict()
    werte = spec["datasets"][next(iter(spec["datasets"]))]
    assert len(werte) == 21 * 4
    zeile = next(z for z in werte if z["Punkte"] == 20 and z["Stufe"] == "Volltreffer")
    assert zeile["Chance"] == "11,0 %"   # r + 30 − 20 ≥ 100 → r ≥ 90
    assert "datum.Punkte == 10" in str(spec)
    c = w100.angriff_chancen(50, 20, 5, krit=w100.KritRegel())
    balken = d.trefferstufen_balken(c).to_dict()
    assert "davon kritisch" in str(balken)
    leiter = d.initiative_diagramm([{"name": "A", "initiative": -20, "seite": "helden", "status": "fertig",
                                     "zuege_uebrig": 0}]).to_dict()
    assert "Balken" in str(leiter)
    # Legende deutsch groß geschrieben („Helden“), die Daten behalten ihre Schlüssel
    import vl_convert

    svg = vl_convert.vegalite_to_svg(d.initiative_diagramm(
        [{"name": "A", "initiative": 50, "seite": "helden", "status": "", "zuege_uebrig": 0},
         {"name": "B", "initiative": 20, "seite": "gegner", "status": "", "zuege_uebrig": 0}]).to_dict())
    assert ">Helden<" in svg and ">Gegner<" in svg and ">helden<" not in svg


def test_initiative_eingabe_zu_kampfbeginn_und_bei_neu_gewuerfelter_runde(john, ork):
    """Die eingetippte Initiative einer neu gewürfelten Runde hat einen eigenen, klaren Knopf."""
    kampf = w100.neuer_kampf([john(), ork(lp=0), replace(ork(), name="Ork 2")],
                             w100.Optionen(initiative_neu_wuerfeln=True))
    e = sitzung.initiative_eingabe(kampf)
    assert e.knopf_eingetippt == "Eingetippte Initiative übernehmen"
    assert e.namen == ("John", "Ork 2")  # Kampfunfähige würfeln nicht
    kampf = w100.anwenden(kampf, sitzung.initiative_wuerfeln(kampf, augen={"John": 10, "Ork 2": 10}))
    assert sitzung.initiative_eingabe(kampf) is None  # mitten in der Runde: nichts einzutippen
    while not w100.runde_vorbei(kampf):
        kampf = w100.anwenden(kampf, w100.zug_beginn_ereignis(kampf))
        kampf = w100.anwenden(kampf, w100.zug_ende_ereignis(kampf))
    e = sitzung.initiative_eingabe(kampf)
    assert e.knopf_eingetippt == "Runde 2 mit eingetippter Initiative beginnen"
    assert "neu gewürfelt" in e.titel
    ereignis = sitzung.initiative_wuerfeln(kampf, augen={"John": "00", "Ork 2": "7"})
    assert ereignis.art == "neue_runde" and ereignis.eingetippt
    neu = w100.anwenden(kampf, ereignis)
    assert (neu.runde, neu["John"].initiative, neu["Ork 2"].initiative) == (2, 145, 32)
    # „Neue Runde“ mit eingetippten Augen geht denselben Weg
    assert sitzung.neue_runde(kampf, augen={"John": "00", "Ork 2": "7"}).daten == ereignis.daten
    # Gespeicherte Reihenfolge: nach der Runde gibt es nichts einzutippen
    gespeichert = w100.anwenden(kampf, w100.optionen_ereignis(kampf, w100.Optionen()))
    assert sitzung.initiative_eingabe(gespeichert) is None


def test_in_reichweite_und_karte(vier):
    kampf = w100.anwenden(vier(), w100.initiative_ereignis(
        vier(), augen={"John": 90, "Ork": 10, "Wolf": 1, "Mira": 2}))
    kampf = w100.anwenden(kampf, w100.zug_beginn_ereignis(kampf))
    assert kampf.am_zug == "John"  # John (0|0): Ork 1 m, Mira 5 m, Wolf 10 m entfernt
    assert w100.in_reichweite(kampf, "Langschwert") == ["Ork"]
    # Ziele: Gegner zuerst, je Seite nach Abstand (Ork 1 m, Wolf 10 m, dann Mira 5 m)
    assert sitzung.ziele(kampf) == ["Ork", "Wolf", "Mira"]
    john, mira = kampf["John"], kampf["Mira"]
    assert not w100.erreicht(john, mira, john.waffe("Langschwert"))
    assert w100.erreicht(john, mira, replace(john.waffe("Langschwert"), reichweite=5.0))
    from gm_helfer.w100 import diagramme as d
    spec = d.karte(kampf, "Langschwert").to_dict()
    daten = [z for werte in spec["datasets"].values() for z in werte]
    status = {z["Name"]: z["Status"] for z in daten if "Name" in z}
    assert status == {"John": "am Zug", "Ork": "in Reichweite von Langschwert", "Wolf": "", "Mira": ""}
    # Seitenfarben der Punkte und Farben der Kreise sind getrennte Skalen
    assert spec["resolve"]["scale"]["color"] == "independent"
    kreise = {z["Kreis"] for z in daten if "Kreis" in z}
    assert kreise == {"Bewegung (6 m)", "Reichweite Langschwert (1,5 m)"}
    # Kreis um John mit 1,5 m Radius
    punkte = [z for z in daten if z.get("Kreis", "").startswith("Reichweite")]
    assert all(abs((z["x"] ** 2 + z["y"] ** 2) ** 0.5 - 1.5) < 1e-9 for z in punkte)
    # ohne Zug: nur Punkte, keine Kreise
    ohne = d.karte(vier()).to_dict()
    assert not any("Kreis" in z for werte in ohne["datasets"].values() for z in werte)


def test_waffen_vergleich_vor_der_wahl(vier):
    kampf = w100.anwenden(vier(), w100.initiative_ereignis(
        vier(), augen={"John": 1, "Ork": 1, "Wolf": 1, "Mira": 100}))
    kampf = w100.anwenden(kampf, w100.zug_beginn_ereignis(kampf))
    assert kampf.am_zug == "Mira"
    t = sitzung.waffen_vergleich(kampf, "Ork")
    z = t.row(0, named=True)
    # Flammenstab: Zaubermacht 55 gegen magischen DB 5, Patzer 1–8: r + 50 ≥ 75 ⇔ r ≥ 25 (76 Augen),
    # Volltreffer r ≥ 50 (51 Augen), kritisch: Ergebnis ≥ 140 ⇔ r ≥ 90 (11 Augen)
    assert (z["Waffe"], z["OB"], z["DB"], z["in Reichweite"]) == ("Flammenstab", 55, 5, "ja")
    assert (z["Patzer"], z["Treffer"], z["Volltreffer"], z["kritisch"]) == ("8,0 %", "76,0 %", "51,0 %", "11,0 %")
    # Modifikator −50: r ≥ 75 streift (26 Augen), r ≥ 100 voll (1 Auge)
    z = sitzung.waffen_vergleich(kampf, "Ork", modifikator=-50).row(0, named=True)
    assert (z["Treffer"], z["Volltreffer"]) == ("26,0 %", "1,0 %")
    assert sitzung.waffen_vergleich(kampf, None).height == 0


def test_krit_vergleich_im_lern_notebook():
    # John: r + 30, Flee 20: Volltreffer ohne Abwehr r ≥ 70 (31 Augen), mit 20 Flee r ≥ 90 (11 Augen)
    t = lehre.krit_vergleich(50, 20, 5, lehre.abwehr("ausweichen", 20))
    zeilen = {z["Kritisch bei"]: z for z in t.iter_rows(named=True)}
    assert zeilen["natürlicher Wurf ab 96"]["kritisch ohne Abwehr"] == "5,0 %"   # 96..100
    assert zeilen["natürlicher Wurf ab 91"]["kritisch mit 20 Abwehr"] == "10,0 %"  # 91..100, alle ≥ 90
    assert zeilen["Ergebnis ab 120"]["kritisch ohne Abwehr"] == "11,0 %"          # r ≥ 90
    assert zeilen["Ergebnis ab 120"]["kritisch mit 20 Abwehr"] == "0,0 %"         # r + 10 ≥ 120 unmöglich
    assert zeilen["nie kritisch"]["kritisch ohne Abwehr"] == "0,0 %"
    assert all(z["Volltreffer"] == "31,0 %" and z["Patzer"] == "5,0 %" for z in zeilen.values())


def test_schritt_richtung_ueberschreitet_nie_die_bewegung():
    """Auf Zentimeter gerundet darf der Schritt die Bewegung nicht um Bruchteile überschreiten."""
    import math
    import random
    from dataclasses import replace

    from gm_helfer import boegen

    kampf = w100.kampf_aus_boegen(boegen.laden("w100").boegen)
    rng = random.Random(4)
    zaehler = 0
    for _ in range(400):
        handelnder, ziel = rng.sample([k.name for k in kampf.kaempfer], 2)
        k = kampf.mit(replace(kampf[handelnder], position=(rng.uniform(-20, 20), rng.uniform(-20, 20)),
                              bewegung=rng.choice([1.0, 3.7, 6.0, 9.25])))
        k = k.mit(replace(k[ziel], position=(rng.uniform(-30, 30), rng.uniform(-30, 30))))
        k = replace(k, am_zug=handelnder)
        start = k[handelnder].position
        punkt = sitzung.schritt_richtung(k, ziel)
        weg = math.hypot(punkt[0] - start[0], punkt[1] - start[1])
        assert weg <= k[handelnder].bewegung + 1e-12
        zaehler += weg > k[handelnder].bewegung - 0.05
    assert zaehler > 50  # viele Schritte gehen bis an die Grenze der Bewegung
