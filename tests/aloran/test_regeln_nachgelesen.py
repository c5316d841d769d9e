"""Issue 9, Aloran: Regelsätze, die das Paket anders entschied als der Text.

Jeder Test zitiert den Satz aus ``regeln/aloran.txt``, aus dem er stammt."""

import pytest

from gm_helfer import aloran, boegen
from gm_helfer.aloran import kampf as k
from gm_helfer.aloran import sitzung
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.aloran.werte import beispielwerte


@pytest.fixture
def werte():
    erg = boegen.laden("aloran")
    assert not erg.fehler
    return {b.name: aloran.aus_bogen(b) for b in erg.boegen}


def gestartet(werte_liste, ini, optionen=Optionen()):
    kampf = k.neuer_kampf(werte_liste, optionen)
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen=ini))
    return k.anwenden(kampf, k.runde_ereignis(kampf))


# --- 8. „Die Attacke von hinten erschwert die Parade des Gegners …“ -----------------------

@pytest.mark.parametrize("als_wuerfel", [False, True])
def test_von_hinten_erschwert_nur_die_parade(werte, als_wuerfel):
    """„WIRKUNG: Die Attacke von hinten erschwert die Parade des Gegners um die halbe Stufe des
    jeweiligen Wertes im Attribut GESCHICK des Angreifers.“ – nur die Parade gegen eine
    Attacke; Ausweichen, Willenskraft gegen einen Zauber und ein Paradezauber bleiben gleich."""
    o = Optionen(erschwernis_als_wuerfel=als_wuerfel)
    kampf = gestartet([werte["Ysra"], werte["Meridan"]], {"Ysra": "9", "Meridan": "1"}, o)
    for angriff, verteidigung, erschwert in (
        ("Degen", "Parade: Kampfstab", True),
        ("Degen", "Ausweichen", False),
        ("Degen", "Arkaner Schild (Paradezauber)", False),
    ):
        vorn, _ = k.austausch_lage(kampf, "Ysra", "Meridan", angriff, verteidigung)
        hinten, _ = k.austausch_lage(kampf, "Ysra", "Meridan", angriff, verteidigung, von_hinten=True)
        geaendert = (vorn.verteidigung_pool, vorn.verteidigung_schwierigkeit) != (
            hinten.verteidigung_pool, hinten.verteidigung_schwierigkeit)
        assert geaendert == erschwert, verteidigung
    # Willenskraft gegen einen geistigen Zauber von hinten: keine Attacke, keine Parade
    kampf2 = gestartet([werte["Meridan"], werte["Ysra"]], {"Meridan": "9", "Ysra": "1"}, o)
    vorn, _ = k.austausch_lage(kampf2, "Meridan", "Ysra", "Bannblick (Zauber)", "Willenskraft")
    hinten, _ = k.austausch_lage(kampf2, "Meridan", "Ysra", "Bannblick (Zauber)", "Willenskraft",
                                 von_hinten=True)
    assert hinten == vorn
    # Vorschau und Wurf benutzen dieselbe Lage
    vs = k.vorschau(kampf2, "Meridan", "Ysra", "Bannblick (Zauber)", "Willenskraft", von_hinten=True)
    assert vs.lage == vorn


# --- 9. Bonusaktion nur mit der Zweitwaffe in der Nebenhand --------------------------------

def test_bonusangriff_nur_mit_der_zweitwaffe(werte):
    """„Klassen-Modifikatoren ermöglichen es Kriegern und Schurken, ihre Nebenhand mit einer
    Zweitwaffe auszurüsten und dadurch eine Bonusaktion (Angriff oder Verteidigung) zu
    erhalten.“ – Ysra führt Degen (Haupthand) und Parierdolch (Nebenhand): die Bonusaktion
    greift mit dem Parierdolch an, nicht ein zweites Mal mit dem Degen."""
    kampf = gestartet([werte["Ysra"], werte["Wegelagerer"]], {"Ysra": "9", "Wegelagerer": "1"})
    augen = {"angriff": "2 2 2 2 2 2 2"}
    with pytest.raises(AloranFehler, match="Zweitwaffe.*Parierdolch"):
        k.angriff_ereignis(kampf, "Ysra", "Wegelagerer", "Degen", None, zweitwaffe=True, augen=augen)
    e = k.angriff_ereignis(kampf, "Ysra", "Wegelagerer", "Parierdolch", None, zweitwaffe=True, augen=augen)
    assert k.anwenden(kampf, e).kaempfer_namens("Ysra").aktionen.zweitwaffe == 0
    # Auch ohne Häkchen zahlt die Bonusaktion keinen zweiten Degen-Angriff
    nach_degen = k.anwenden(kampf, k.angriff_ereignis(kampf, "Ysra", "Wegelagerer", "Degen", None, augen=augen))
    with pytest.raises(AloranFehler, match="keine Kampfaktion mehr"):
        k.angriff_ereignis(nach_degen, "Ysra", "Wegelagerer", "Degen", None, augen=augen)
    # Vorschau: dieselbe Prüfung
    with pytest.raises(AloranFehler, match="Zweitwaffe"):
        k.vorschau(kampf, "Ysra", "Wegelagerer", "Degen", None, zweitwaffe=True)


def test_ohne_zweite_waffe_keine_bonusaktion():
    """Ohne Zweitwaffe in der Nebenhand gibt es die Bonusaktion nicht („… mit einer
    Zweitwaffe auszurüsten und dadurch eine Bonusaktion … zu erhalten“)."""
    allein = beispielwerte(name="Einhand", zweitwaffe=True)
    gegner = beispielwerte(name="Gegner")
    kampf = gestartet([allein, gegner], {"Einhand": "9", "Gegner": "1"})
    assert kampf.kaempfer_namens("Einhand").aktionen.zweitwaffe == 0
    with pytest.raises(AloranFehler, match="keine Zweitwaffe"):
        k.angriff_ereignis(kampf, "Einhand", "Gegner", "Schwert", None, zweitwaffe=True,
                           augen={"angriff": "2 2 2 2 2"})


def test_bonusverteidigung_ist_parade_mit_der_zweitwaffe(werte):
    """„BESCHRÄNKUNGEN: Mit der Zweitwaffe kann … nur Standard-Attacken oder Parade
    durchgeführt werden.“ – ist die Verteidigungsaktion verbraucht, pariert die Bonusaktion
    mit der Zweitwaffe; Ausweichen oder der Degen zählen dann nicht."""
    kampf = gestartet([werte["Wegelagerer"], werte["Ysra"]], {"Wegelagerer": "9", "Ysra": "1"})
    aus = {"angriff": "2 2 2 2", "verteidigung": "2 2 2 2 2 2 2 2"}
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Wegelagerer", "Ysra", "Säbel", "Ausweichen", augen=aus))
    kampf = k.anwenden(kampf, k.bonusaktion_ereignis(kampf, "Wegelagerer", "kampf", "Test"))
    assert kampf.kaempfer_namens("Ysra").aktionen.verteidigung == 0
    with pytest.raises(AloranFehler, match="Parierdolch"):
        k.angriff_ereignis(kampf, "Wegelagerer", "Ysra", "Säbel", "Ausweichen", augen=aus)
    with pytest.raises(AloranFehler, match="Parierdolch"):  # die Vorschau sagt dasselbe
        k.vorschau(kampf, "Wegelagerer", "Ysra", "Säbel", "Ausweichen")
    assert k.vorschau(kampf, "Wegelagerer", "Ysra", "Säbel", "Parade: Parierdolch").verteidigt
    e = k.angriff_ereignis(kampf, "Wegelagerer", "Ysra", "Säbel", "Parade: Parierdolch",
                           augen={"angriff": "2 2 2 2", "verteidigung": "2 2 2 2 2"})
    assert k.anwenden(kampf, e).kaempfer_namens("Ysra").aktionen.zweitwaffe == 0


# --- 10. Reihenfolge: wer ist am Zug ---------------------------------------------------------

def test_reihenfolge_wird_geprueft(werte):
    """„Die Aktionsreihenfolge ergibt sich dann mit dem höchsten Wert, nachfolgend in
    absteigender Reihenfolge.“ und „Die Kampfrunde springt also den Initiative-Werten folgend
    durch die Phasen, bis alle Kombatanten ihre Aktionen hatten …“"""
    kampf = k.neuer_kampf([werte["Brann"], werte["Wolf"], werte["Ork-Krieger"]])
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={"Brann": "0", "Wolf": "3", "Ork-Krieger": "1"}))
    # Runde 0: noch niemand am Zug
    assert k.am_zug(kampf) == ()
    with pytest.raises(AloranFehler, match="Runde 1"):
        k.angriff_ereignis(kampf, "Wolf", "Brann", "Biss", None, augen={"angriff": "2 2 2 2 2 2"})
    kampf = k.anwenden(kampf, k.runde_ereignis(kampf))
    assert k.am_zug(kampf) == ("Brann",)  # 17 vor Wolf 15 und Ork-Krieger 7
    assert k.zug_sperre(kampf, "Brann") is None
    grund = k.zug_sperre(kampf, "Wolf")
    assert grund and "Brann" in grund
    with pytest.raises(AloranFehler, match="Brann ist am Zug"):
        k.angriff_ereignis(kampf, "Wolf", "Brann", "Biss", None, augen={"angriff": "2 2 2 2 2 2"})
    with pytest.raises(AloranFehler, match="Brann ist am Zug"):
        k.bewegung_ereignis(kampf, "Ork-Krieger")
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Brann"))
    assert k.am_zug(kampf) == ("Wolf",)
    assert "schon gehandelt" in k.zug_sperre(kampf, "Brann")
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Wolf", "Brann", "Biss", None,
                                                 augen={"angriff": "2 2 2 2 2 2"}))
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Wolf"))
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Ork-Krieger"))
    assert k.am_zug(kampf) == ()  # alle hatten ihre Aktionen → neue Runde
    assert [z["Name"] for z in k.uebersicht(kampf)] == ["Brann", "Wolf", "Ork-Krieger"]
    assert "alle hatten ihre Aktionen" in sitzung.zug_hinweis(kampf)


def test_abwarten_und_eingreifen(werte):
    """„Charaktere mit höherer Initiative können ihre Aktionen zurückhalten, um zu einem
    beliebigen Punkt der folgenden Kampfaktion einzugreifen.“"""
    kampf = k.neuer_kampf([werte["Brann"], werte["Wolf"], werte["Ork-Krieger"]])
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={"Brann": "0", "Wolf": "3", "Ork-Krieger": "1"}))
    kampf = k.anwenden(kampf, k.runde_ereignis(kampf))
    with pytest.raises(AloranFehler, match="nicht am Zug"):
        k.abwarten_ereignis(kampf, "Wolf")  # nur wer dran ist, kann zurückhalten
    kampf = k.anwenden(kampf, k.abwarten_ereignis(kampf, "Brann"))
    assert k.am_zug(kampf) == ("Wolf",)
    assert sitzung.zug_hinweis(kampf) == ("Am Zug: Wolf (Initiative 15). Danach: Ork-Krieger. "
                                          "Wartet ab (darf jederzeit eingreifen): Brann.")
    assert k.zug_sperre(kampf, "Brann") is None  # der Spielleiter hat das Abwarten vermerkt
    zeilen = {z["Name"]: z for z in k.uebersicht(kampf)}
    assert zeilen["Wolf"]["Zug"] == "am Zug" and zeilen["Brann"]["Zug"] == "wartet ab"
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Brann", "Wolf", "Langschwert", None,
                                                 augen={"angriff": "2 2 2 2 2 2 2 2"}))
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Brann"))
    assert "schon gehandelt" in k.zug_sperre(kampf, "Brann")
    assert k.am_zug(kampf) == ("Wolf",)
    # neue Runde: alles frisch
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Wolf"))
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Ork-Krieger"))
    kampf = k.anwenden(kampf, k.runde_ereignis(kampf))
    assert k.am_zug(kampf) == ("Brann",)


def test_sofortige_bonus_kampfaktion_ausser_der_reihe(werte):
    """Patzer „5-6 Der Gegner erhält eine sofortige Bonus-Kampfaktion“ – sofort, also auch
    außerhalb der Reihenfolge (hier patzt Ysra in ihrem Zug, der Wegelagerer schlägt zurück)."""
    kampf = gestartet([werte["Ysra"], werte["Wegelagerer"]], {"Ysra": "9", "Wegelagerer": "1"})
    e = k.angriff_ereignis(kampf, "Ysra", "Wegelagerer", "Degen", "Parade: Säbel",
                           augen={"angriff": "1 1 1 2 2 2 2", "verteidigung": "2 2 2 2",
                                  "angriff_patzer": "5"})
    kampf = k.anwenden(kampf, e)
    assert k.am_zug(kampf) == ("Ysra",)
    assert k.zug_sperre(kampf, "Wegelagerer") is None
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Wegelagerer", "Ysra", "Säbel", None,
                                                 augen={"angriff": "2 2 2 2"}))
    assert k.zug_sperre(kampf, "Wegelagerer") is not None  # die sofortige Aktion ist verbraucht


def test_gleiche_initiative_sind_gemeinsam_am_zug(werte):
    """„Sollten mehrere Kombattanten über denselben Initiativewert verfügen, geschehen ihre
    Aktionen in der Regel gleichzeitig“."""
    kampf = gestartet([werte["Meridan"], werte["Wegelagerer"]], {"Meridan": "4", "Wegelagerer": "4"})
    assert set(k.am_zug(kampf)) == {"Meridan", "Wegelagerer"}
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Meridan"))
    assert k.am_zug(kampf) == ("Wegelagerer",)


# --- 11. Tödliche Verletzung ist nicht „kampfbereit“ --------------------------------------

def test_toedliche_verletzung_nicht_kampfbereit(werte):
    """Wundtabelle: „bis (KO x 5) NK / VT -3 W10, Ini -8 Tödliche Verletzung: innere
    Blutungen“ – wer so verletzt ist, ist nicht „kampfbereit“; der Zustand nennt die Folge."""
    kampf = gestartet([werte["Ysra"], werte["Wegelagerer"]], {"Ysra": "9", "Wegelagerer": "1"})
    # Ysra KO 3: 13 Wunden (> KO × 4 = 12) an Armen und Beinen – nicht kampfunfähig
    for zone, n in (("schwertarm", 4), ("schildarm", 4), ("bein_rechts", 5)):
        kampf = k.anwenden(kampf, k.eingriff_ereignis(kampf, "Ysra", zone=zone, wunden=n, schadensart="Stich"))
    ysra = kampf.kaempfer_namens("Ysra")
    assert not ysra.kampfunfaehig
    text = ysra.zustand_text(kampf.optionen)
    assert "kampfbereit" not in text
    assert "Tödliche Verletzung: innere Blutungen" in text and "−3 W10" in text and "Ini −8" in text
    zeile = {z["Name"]: z for z in k.uebersicht(kampf)}["Ysra"]
    assert "Tödliche Verletzung" in zeile["Zustand"]


def test_laufender_zug_bleibt_trotz_wunde(werte):
    """„… jede Angriffaktion komplett abgerechnet wird, bevor die nächste Aktion beginnt“ – wer
    schon handelt, bleibt am Zug, auch wenn eine Wunde („Ini -n“) seine Initiative senkt."""
    kampf = k.neuer_kampf([werte["Brann"], werte["Wolf"]])
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={"Brann": "0", "Wolf": "3"}))
    kampf = k.anwenden(kampf, k.runde_ereignis(kampf))
    kampf = k.anwenden(kampf, k.bewegung_ereignis(kampf, "Brann"))
    kampf = k.anwenden(kampf, k.eingriff_ereignis(kampf, "Brann", zone="bein_links", wunden=9))
    assert kampf.kaempfer_namens("Brann").aktuelle_initiative < kampf.kaempfer_namens("Wolf").aktuelle_initiative
    assert k.am_zug(kampf) == ("Brann",)
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Brann"))
    assert k.am_zug(kampf) == ("Wolf",)


# --- Nachlese: wer handeln darf ---------------------------------------------------------------

def test_kampfunfaehige_kriechen_und_sprechen(werte):
    """6. Phase: „Kampfunfähige Charaktere können im Rahmen der Vernunft und ihrer Verletzungen
    noch agieren. Das kann von Kriechen über verbale Äußerungen alles sein, was der Spielleiter
    zulässt. Kampfunfähige Charaktere können nicht zaubern oder körperliche Talente anwenden.“"""
    kampf = gestartet([werte["Brann"], werte["Ork-Krieger"]], {"Brann": "9", "Ork-Krieger": "1"})
    kampf = k.anwenden(kampf, k.eingriff_ereignis(kampf, "Ork-Krieger", zone="torso", wunden=13))
    assert kampf.kaempfer_namens("Ork-Krieger").kampfunfaehig
    e = k.bewegung_ereignis(kampf, "Ork-Krieger", "Kriechen")
    assert e.daten["felder"] == aloran.bewegung(werte["Ork-Krieger"], "Kriechen")
    k.aktion_ereignis(kampf, "Ork-Krieger", "interaktion", "ruft um Hilfe")
    with pytest.raises(AloranFehler, match="Kriechen"):
        k.bewegung_ereignis(kampf, "Ork-Krieger", "normal")
    with pytest.raises(AloranFehler, match="kampfunfähig"):
        k.angriff_ereignis(kampf, "Ork-Krieger", "Brann", "Kriegsaxt", None, augen={"angriff": "2 2 2 2 2 2 2"})
    with pytest.raises(AloranFehler, match="kampfunfähig"):
        k.aktion_ereignis(kampf, "Ork-Krieger", "kampf", "Trank trinken")
    # Bewusstlose handeln gar nicht
    kampf = k.anwenden(kampf, k.eingriff_ereignis(kampf, "Ork-Krieger", ausdauer=-99))
    with pytest.raises(AloranFehler, match="bewusstlos"):
        k.bewegung_ereignis(kampf, "Ork-Krieger", "Kriechen")


def test_neue_runde_erst_wenn_alle_gehandelt_haben(werte):
    """3. Phase: „Die Kampfrunde springt also den Initiative-Werten folgend durch die Phasen,
    bis alle Kombatanten ihre Aktionen hatten oder kampfunfähig sind. Erst dann beginnt die
    nächste Kampfrunde.“"""
    kampf = gestartet([werte["Brann"], werte["Wolf"]], {"Brann": "0", "Wolf": "3"})
    with pytest.raises(AloranFehler, match="Brann, Wolf"):
        k.runde_ereignis(kampf)
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Brann"))
    with pytest.raises(AloranFehler, match="Wolf"):
        k.runde_ereignis(kampf)
    kampf = k.anwenden(kampf, k.abwarten_ereignis(kampf, "Wolf"))
    # Zurückgehaltenes verfällt nicht still: erst eingreifen oder ausdrücklich verzichten
    with pytest.raises(AloranFehler, match="Wolf wartet ab"):
        k.runde_ereignis(kampf)
    e = k.verzicht_ereignis(kampf, "Wolf")
    assert e.art == "verzicht" and "Wolf verzichtet auf das Eingreifen" in e.text
    kampf = k.anwenden(kampf, e)
    assert k.anwenden(kampf, k.runde_ereignis(kampf)).runde == 2


# --- 12. Lesart umschaltbar: Faktor vor oder nach der Rüstung ------------------------------

@pytest.mark.parametrize(("nach", "wunden"), [(False, 20), (True, 18)])
def test_faktor_vor_oder_nach_der_ruestung(werte, nach, wunden):
    """„Bei jedem Schaden wird zunächst der Rüstungswert des getroffenen Körperteils abgezogen“
    und „4-5 schwerer Treffer doppelter Schaden“ – in welcher Reihenfolge, sagt der Text nicht.
    Standard: (4 + 3 + 4) × 2 = 22 − Torso 2 = 20 Wunden; Option: (11 − 2) × 2 = 18."""
    o = Optionen(faktor_nach_ruestung=nach)
    kampf = gestartet([werte["Brann"], werte["Ork-Krieger"]], {"Brann": "5", "Ork-Krieger": "5"}, o)
    e = k.angriff_ereignis(
        kampf, "Brann", "Ork-Krieger", "Langschwert", "Parade: Kriegsaxt",
        augen={"angriff": "0 9 8 6 6 3 2 5", "verteidigung": "7 8 1 2 3 4 5", "zone": "16", "schaden": "4"})
    assert e.daten["kategorie"] == "schwerer_treffer" and e.daten["wunden"] == wunden
    assert f"{wunden} Wunden" in e.text
    assert k.anwenden(kampf, e).kaempfer_namens("Ork-Krieger").wunden[1] == wunden
