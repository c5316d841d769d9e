"""Der Kampf als Ereignisfolge: Initiative, Aktionen, Austausch, Rückgängig, Fortsetzen."""

import copy
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import aloran, boegen, pfade
from gm_helfer.aloran import kampf as k
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler


@pytest.fixture
def werte():
    erg = boegen.laden("aloran")
    assert not erg.fehler
    return {b.name: aloran.aus_bogen(b) for b in erg.boegen}


def kampf_mit(werte, *namen, optionen=Optionen(), ini=None):
    kampf = k.neuer_kampf([werte[n] for n in namen], optionen)
    ini = ini or {n: "5" for n in namen}
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen=ini))
    return k.anwenden(kampf, k.runde_ereignis(kampf))


def rest_der_runde(kampf):
    """Alle, die noch am Zug sind, beenden ihren Zug („Erst dann beginnt die nächste Kampfrunde.“)."""
    while jetzt := k.am_zug(kampf):
        kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, jetzt[0]))
    return kampf


def test_initiative_eingetippt_und_hinterhalt(werte):
    kampf = k.neuer_kampf([werte["Brann"], werte["Ork-Krieger"], werte["Wolf"]])
    e = k.initiative_ereignis(kampf, augen={"Brann": "0", "Wolf": "3"}, hinterhalt=["Ork-Krieger"])
    assert e.eingetippt and e.regel == "Aloran › SPIELABLAUF › INITIATIVE"
    kampf = k.anwenden(kampf, e)
    # Brann 3+3+2−1 = 7 (+10), Ork 3+2+2−1 = 6 ohne W10, Wolf 4+4+4 = 12 (+3)
    assert [(x.name, x.initiative) for x in kampf.kaempfer] == [("Brann", 17), ("Ork-Krieger", 6), ("Wolf", 15)]
    assert [[x.name for x in g] for g in k.reihenfolge(kampf)] == [["Brann"], ["Wolf"], ["Ork-Krieger"]]


def test_gleiche_initiative_handelt_gleichzeitig(werte):
    kampf = kampf_mit(werte, "Meridan", "Wegelagerer", ini={"Meridan": "4", "Wegelagerer": "4"})
    assert [[x.name for x in g] for g in k.reihenfolge(kampf)] == [["Meridan", "Wegelagerer"]]


def test_initiative_fehlende_augen(werte):
    kampf = k.neuer_kampf([werte["Brann"]])
    with pytest.raises(AloranFehler, match="Initiative Brann"):
        k.initiative_ereignis(kampf, augen={})


def test_aktionen_zu_rundenbeginn(werte):
    kampf = kampf_mit(werte, "Brann", "Ysra", "Echsenkrieger")
    assert kampf.kaempfer_namens("Brann").aktionen == k.Aktionen(verteidigung=2)       # Schild
    assert kampf.kaempfer_namens("Ysra").aktionen == k.Aktionen(zweitwaffe=1)         # zwei Waffen
    assert kampf.kaempfer_namens("Echsenkrieger").aktionen == k.Aktionen(verteidigung=2)


def test_austausch_beispiel_schwerer_treffer(werte):
    kampf = kampf_mit(werte, "Brann", "Ork-Krieger")
    e = k.angriff_ereignis(
        kampf, "Brann", "Ork-Krieger", "Langschwert", "Parade: Kriegsaxt",
        augen={"angriff": "0 9 8 6 6 3 2 5", "verteidigung": "7 8 1 2 3 4 5", "zone": "16", "schaden": "4"},
    )
    d = e.daten
    # Brann: Athletik 4 + Schwert 4 = 8 W10 gegen 6 (Meisterschaft); Ork: Athletik 4 + Axt 3 = 7 W10 gegen 7
    assert d["lage"] == {"angriff_pool": 8, "angriff_schwierigkeit": 6, "verteidigung_pool": 7,
                         "verteidigung_schwierigkeit": 7}
    assert (d["angriff_netto"], d["verteidigung_netto"], d["kategorie"]) == (6, 1, "schwerer_treffer")
    # (4 + 3 Waffe + 4 Stufenbonus) × 2 = 22, Torso-Rüstung 2 → 20 Wunden im Torso
    assert (d["zone"], d["schaden_wurf"], d["schaden"], d["wunden"]) == ("torso", 11, 22, 20)
    assert e.eingetippt and "schwerer Treffer" in e.text and "Torso" in e.text
    neu = k.anwenden(kampf, e)
    ork = neu.kaempfer_namens("Ork-Krieger")
    assert ork.wunden[1] == 20 and ork.kampfunfaehig                       # KO 4: 3. Schwelle 12
    assert ork.aktionen.verteidigung == 0 and neu.kaempfer_namens("Brann").aktionen.kampf == 0
    assert kampf.kaempfer_namens("Ork-Krieger").wunden == k.KEINE_WUNDEN  # Eingabe unverändert


def test_fehlende_wuerfel_werden_genannt(werte):
    kampf = kampf_mit(werte, "Brann", "Ork-Krieger")
    with pytest.raises(AloranFehler, match=r"Trefferzone \(W20\).*Schaden Langschwert \(W6\+7\)"):
        k.angriff_ereignis(kampf, "Brann", "Ork-Krieger", "Langschwert", "Parade: Kriegsaxt",
                           augen={"angriff": "0 9 8 6 6 3 2 5", "verteidigung": "7 8 1 2 3 4 5"})
    with pytest.raises(AloranFehler, match=r"Angriff Brann \(8 W10\)"):
        k.angriff_ereignis(kampf, "Brann", "Ork-Krieger", "Langschwert", None)


def test_schild_und_angriff_von_hinten(werte):
    kampf = kampf_mit(werte, "Ysra", "Brann")
    ysra, brann = kampf.kaempfer
    degen = aloran.werte.angriffsart(ysra.werte, "Degen")
    parade = aloran.werte.verteidigungsart(brann.werte, "Parade: Langschwert")
    vorn = aloran.lage(ysra.werte, degen, ysra.wunden, brann.werte, parade, brann.wunden)
    hinten = aloran.lage(ysra.werte, degen, ysra.wunden, brann.werte, parade, brann.wunden, von_hinten=True)
    # Brann: Meisterschaft 6, mittlerer Schild −1 → 5; von hinten + Geschick 4 / 2 = +2 → 7
    assert (vorn.verteidigung_schwierigkeit, hinten.verteidigung_schwierigkeit) == (5, 7)
    als_wuerfel = aloran.lage(ysra.werte, degen, ysra.wunden, brann.werte, parade, brann.wunden, von_hinten=True,
                              optionen=Optionen(erschwernis_als_wuerfel=True))
    assert (als_wuerfel.verteidigung_pool, als_wuerfel.verteidigung_schwierigkeit) == (8 + 1 - 2, 6)


def test_zweitwaffe_halber_schaden_und_bonusaktion(werte):
    kampf = kampf_mit(werte, "Ysra", "Wegelagerer")
    augen = {"angriff": "0 0 9 9 9 9 9", "zone": "2", "schaden": "6", "angriff_meister": "5"}
    e = k.angriff_ereignis(kampf, "Ysra", "Wegelagerer", "Parierdolch", None, zweitwaffe=True, augen=augen)
    # 9 Netto, keine Parade → tödlich ×3; (6 + 3 Stufenbonus) × 3 / 2 = 13; Bein-Rüstung 0
    assert e.daten["kategorie"] == "toedlicher_treffer" and e.daten["schaden"] == 13
    # 9 Netto > 10 − Dolch 3 → Meistertreffer; W6 5 → sofortige Bonus-Kampfaktion
    assert "Meistertreffer von Ysra (W6 5)" in e.text
    neu = k.anwenden(kampf, e)
    ysra = neu.kaempfer_namens("Ysra")
    assert ysra.aktionen.zweitwaffe == 0 and ysra.aktionen.kampf == 2
    with pytest.raises(AloranFehler, match="keine Bonusaktion mit der Zweitwaffe"):
        k.angriff_ereignis(neu, "Ysra", "Wegelagerer", "Parierdolch", None, zweitwaffe=True, augen=augen)


def test_ohne_verteidigungsaktion_und_wehrlos(werte):
    kampf = kampf_mit(werte, "Tamra", "Wolf", ini={"Tamra": "9", "Wolf": "1"})
    aus = {"angriff": "2 2 2 2 2 2 2 2", "verteidigung": "2 2 2 2 2 2 2 2"}
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Tamra", "Wolf", "Langbogen", "Ausweichen", augen=aus))
    kampf = k.anwenden(kampf, k.bonusaktion_ereignis(kampf, "Tamra", "kampf", "Wolf verlässt die Reichweite"))
    with pytest.raises(AloranFehler, match="keine Verteidigungsaktion mehr"):
        k.angriff_ereignis(kampf, "Tamra", "Wolf", "Langbogen", "Ausweichen", augen=aus)
    assert not k.kann_verteidigen(kampf, "Wolf")


def test_wehrlos_kann_nicht_verteidigen(werte):
    kampf = kampf_mit(werte, "Wolf", "Brann", ini={"Wolf": "5", "Brann": "5"})  # Brann: 7 + 5 = 12
    brann = kampf.kaempfer_namens("Brann")
    verletzt = k.replace(brann, wunden=(0, 0, 0, 0, 0, 11, 11))  # KO 4: 22 Wunden > KO×5 → Ini −10
    assert verletzt.aktuelle_initiative == 2 and not verletzt.ist_wehrlos()
    assert verletzt.ist_wehrlos(Optionen(wehrlos_ohne_w10=True))  # 7 − 10 ≤ 0
    wehrlos = k.replace(verletzt, initiative=10)
    assert wehrlos.ist_wehrlos() and wehrlos.zustand_text().startswith("wehrlos, Tödliche Verletzung")
    kampf = k.replace(kampf, kaempfer=(kampf.kaempfer[0], wehrlos))
    assert not k.kann_verteidigen(kampf, "Brann")
    e = k.angriff_ereignis(kampf, "Wolf", "Brann", "Biss", "Parade: Langschwert",
                           augen={"angriff": "2 2 2 2 2 2", "zone": "1", "schaden": "1"})
    assert e.daten["verteidigung"] is None and e.daten["lage"]["verteidigung_pool"] == 0
    assert "kann sich nicht verteidigen" in e.text
    assert k.anwenden(kampf, e).kaempfer_namens("Brann").aktionen.verteidigung == 2


def test_waffenlos_ausdauer_und_bewusstlos(werte):
    kampf = kampf_mit(werte, "Ork-Krieger", "Meridan", ini={"Ork-Krieger": "9", "Meridan": "1"})
    augen = {"angriff": "0 0 9 9 9 5", "verteidigung": "2 2 2 2", "schaden": "6"}
    e = k.angriff_ereignis(kampf, "Ork-Krieger", "Meridan", "Ringen", "Parade: Kampfstab", augen=augen)
    assert e.daten["kategorie"] == "toedlicher_treffer" and e.daten["ausdauer_verlust"] == 18
    neu = k.anwenden(kampf, e)
    meridan = neu.kaempfer_namens("Meridan")
    assert meridan.ausdauer == 0 and meridan.bewusstlos and sum(meridan.wunden) == 0
    neu = k.anwenden(rest_der_runde(neu), k.runde_ereignis(rest_der_runde(neu)))
    with pytest.raises(AloranFehler, match="bewusstlos"):
        k.angriff_ereignis(neu, "Meridan", "Ork-Krieger", "Kampfstab", None, rng=random.Random(1))


def test_patzer_gibt_gegner_bonusaktion(werte):
    kampf = kampf_mit(werte, "Wegelagerer", "Echsenkrieger")
    # Wegelagerer Säbel: Athletik 2 + Säbel 2 = 4 W10, zwei Einser = Patzer (Stufe 2)
    e = k.angriff_ereignis(kampf, "Wegelagerer", "Echsenkrieger", "Säbel", "Parade: Speer",
                           augen={"angriff": "1 1 5 5", "verteidigung": "2 2 2 2 2 2", "angriff_patzer": "6"})
    assert "Patzer von Wegelagerer (W6 6)" in e.text and e.daten["kategorie"] == "verfehlt"
    neu = k.anwenden(kampf, e)
    assert neu.kaempfer_namens("Echsenkrieger").aktionen.kampf == 2


def test_meistertreffer_beeintraechtigt_die_naechste_kampfaktion_sofort(werte):
    kampf = kampf_mit(werte, "Wegelagerer", "Echsenkrieger", ini={"Wegelagerer": "1", "Echsenkrieger": "9"})
    # Echsenkrieger Speer 3: mehr als 7 Netto ist ein Meistertreffer; W6 3 → Gegner beeinträchtigt
    e = k.angriff_ereignis(kampf, "Echsenkrieger", "Wegelagerer", "Speer", None,
                           augen={"angriff": "0 0 0 0 9 9", "angriff_meister": "3", "zone": "5", "schaden": "1"})
    assert e.daten["angriff_netto"] == 10
    weg = k.anwenden(kampf, e).kaempfer_namens("Wegelagerer")
    assert weg.aktionen.kampf == 0 and not weg.beeintraechtigt  # die noch offene Kampfaktion entfällt


def test_beeintraechtigt_wirkt_in_der_naechsten_runde(werte):
    kampf = kampf_mit(werte, "Wegelagerer", "Echsenkrieger", ini={"Wegelagerer": "9", "Echsenkrieger": "1"})
    e = k.angriff_ereignis(kampf, "Wegelagerer", "Echsenkrieger", "Säbel", "Parade: Speer",
                           augen={"angriff": "1 1 5 5", "verteidigung": "2 2 2 2 2 2", "angriff_patzer": "3"})
    neu = k.anwenden(kampf, e)
    weg = neu.kaempfer_namens("Wegelagerer")
    assert weg.beeintraechtigt and weg.aktionen.kampf == 0
    neu = k.anwenden(rest_der_runde(neu), k.runde_ereignis(rest_der_runde(neu)))
    weg = neu.kaempfer_namens("Wegelagerer")
    assert not weg.beeintraechtigt and weg.aktionen.kampf == 0 and weg.aktionen.bewegung == 1


def test_bewegung_und_spurt(werte):
    kampf = kampf_mit(werte, "Tamra", "Wolf", ini={"Tamra": "9", "Wolf": "1"})
    e = k.bewegung_ereignis(kampf, "Tamra", "normal", spurt=True)
    assert e.daten["felder"] == 6 and "−6 Ausdauer" in e.text  # Gewandtheit 3 + 2 = 5, Spurt +1
    neu = k.anwenden(kampf, e)
    t = neu.kaempfer_namens("Tamra")
    assert t.ausdauer == 6 and t.aktionen.bewegung == 0 and t.aktionen.kampf == 0
    with pytest.raises(AloranFehler, match="keine Bewegungsaktion mehr"):
        k.bewegung_ereignis(neu, "Tamra")
    assert k.bewegung_ereignis(kampf, "Tamra", "Kriechen").daten["felder"] == 1


@pytest.mark.parametrize(("art", "felder"), [("normal", 5), ("Schleichen", 2), ("Klettern", 2),
                                              ("Schwimmen", 1), ("Kriechen", 1), ("Reiten", 10)])
def test_bewegungsarten(werte, art, felder):
    assert aloran.bewegung(werte["Tamra"], art) == felder
    assert aloran.bewegung(werte["Brann"]) == 3  # 3 − Behinderung 1 + 2 − Schildabzug 1


def test_rueckgaengig_und_fortsetzen(werte, tmp_path):
    kampf = k.neuer_kampf([werte["Brann"], werte["Ork-Krieger"]], Optionen(halbieren_aufrunden=True))
    datei = pfade.kampf_ordner() / "aloran_test.jsonl"
    verlauf = k.neuer_verlauf(kampf, datei)
    rng = random.Random(7)
    verlauf.ausfuehren(k.initiative_ereignis(verlauf.zustand, augen={"Brann": "9", "Ork-Krieger": "1"}))
    verlauf.ausfuehren(k.runde_ereignis(verlauf.zustand))
    verlauf.ausfuehren(k.angriff_ereignis(verlauf.zustand, "Brann", "Ork-Krieger", "Langschwert",
                                          "Parade: Kriegsaxt", rng=rng))
    verlauf.ausfuehren(k.zug_ende_ereignis(verlauf.zustand, "Brann"))
    vor_letztem = verlauf.zustand
    verlauf.ausfuehren(k.angriff_ereignis(verlauf.zustand, "Ork-Krieger", "Brann", "Kriegsaxt",
                                          "Parade: Langschwert", rng=rng))
    assert verlauf.rueckgaengig() == vor_letztem
    verlauf.schliessen()  # ein Schreiber je Kampf
    wieder, warnungen = k.fortsetzen(datei)
    assert warnungen == [] and wieder.zustand == vor_letztem
    assert wieder.zustand.optionen.halbieren_aufrunden


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), schritte=st.integers(1, 12))
def test_zufaelliger_kampf_anwenden_veraendert_nichts_und_wunden_wachsen(seed, schritte):
    erg = boegen.laden("aloran")
    werte = {b.name: aloran.aus_bogen(b) for b in erg.boegen}
    rng = random.Random(seed)
    kampf = kampf_mit(werte, "Brann", "Ysra", "Ork-Krieger", "Wolf")
    for _ in range(schritte):
        faehig = [x for x in kampf.kaempfer if k.zug_sperre(kampf, x.name) is None and x.aktionen.kampf]
        if not faehig:
            jetzt = k.am_zug(kampf)
            kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, jetzt[0]) if jetzt else k.runde_ereignis(kampf))
            continue
        a = rng.choice(faehig)
        z = rng.choice([x for x in kampf.kaempfer if x.name != a.name])
        art = rng.choice(aloran.angriffsarten(a.werte))
        erste = aloran.verteidigungsarten(z.werte)[0].name
        vert = erste if k.kann_verteidigen(kampf, z.name, erste) else None
        e = k.angriff_ereignis(kampf, a.name, z.name, art.name, vert, rng=rng)
        kopie = copy.deepcopy(kampf)
        neu = k.anwenden(kampf, e)
        assert kampf == kopie
        for alt_, neu_ in zip(kampf.kaempfer, neu.kaempfer):
            assert all(n >= o for n, o in zip(neu_.wunden, alt_.wunden))
            assert neu_.ausdauer <= alt_.ausdauer
            assert min(vars(neu_.aktionen).values()) >= 0
        kampf = neu


def test_uebersicht_und_wundtabelle(werte):
    kampf = kampf_mit(werte, "Brann", "Wolf")
    zeilen = k.uebersicht(kampf)
    assert [z["Name"] for z in zeilen] == ["Wolf", "Brann"]
    assert zeilen[1]["Aktionen übrig"] == "Bew 1 · Kampf 1 · Vert 2 · Int 1"
    assert k.wunden_zeilen(kampf)[0]["Schwellen"] == "4·8·12"


def test_doppelte_namen_und_kopf(werte):
    with pytest.raises(AloranFehler, match="Wolf doppelt"):
        k.neuer_kampf([werte["Wolf"], werte["Wolf"]])
    kampf = k.neuer_kampf([werte["Meridan"]])
    assert k.aus_kopf(k.kopf(kampf)) == kampf


def test_vorschau_nutzt_dieselbe_lage_wie_der_wurf(werte):
    kampf = kampf_mit(werte, "Ysra", "Brann")
    vs = k.vorschau(kampf, "Ysra", "Brann", "Degen", "Parade: Langschwert", von_hinten=True, angriff_modifikator=1)
    e = k.angriff_ereignis(kampf, "Ysra", "Brann", "Degen", "Parade: Langschwert", von_hinten=True,
                           angriff_modifikator=1, rng=random.Random(2))
    assert e.daten["lage"] == {"angriff_pool": vs.lage.angriff_pool,
                               "angriff_schwierigkeit": vs.lage.angriff_schwierigkeit,
                               "verteidigung_pool": vs.lage.verteidigung_pool,
                               "verteidigung_schwierigkeit": vs.lage.verteidigung_schwierigkeit}
    assert vs.lage.angriff_pool == 4 + 3 + 1 and vs.verteidigt
    assert abs(sum(vs.folgen.values()) - 1) < 1e-12
    assert "Angriff 8 W10 gegen 7" in vs.text()


ALT = Optionen(alte_patzertabelle=True)
PATZER_WEG = {"angriff": "1 1 5 5", "verteidigung": "2 2 2 2 2 2"}  # Säbel 2: zwei Einser patzen


def _alter_patzer(werte, drei_w6, **mehr):
    kampf = kampf_mit(werte, "Wegelagerer", "Echsenkrieger", optionen=ALT, ini={"Wegelagerer": "9", "Echsenkrieger": "1"})
    e = k.angriff_ereignis(kampf, "Wegelagerer", "Echsenkrieger", "Säbel", "Parade: Speer",
                           augen=PATZER_WEG | {"angriff_patzer": drei_w6} | mehr)
    return kampf, e, k.anwenden(kampf, e)


def test_alte_patzertabelle_rechnet_die_modifikatoren_ein(werte):
    # Säbel Stufe 2 → 0 („Kenner“), Athletik 2 → +1: 3W6 4+4+4 = 12 + 1 = 13 → Stolpern
    _, e, neu = _alter_patzer(werte, "4 4 4")
    assert "3W6 12 +1 = 13" in e.text and "Stolpern" in e.text
    w = neu.kaempfer_namens("Wegelagerer")
    assert w.unparierbar == 1 and w.beeintraechtigt == 1  # Kampfaktion schon verbraucht → nächste Runde
    # 3W6 11 + 1 = 12 wäre ebenfalls Stolpern, 3W6 10 + 1 = 11 auch; 3W6 9 + 1 = 10 ist Selbstverletzt
    _, e, _ = _alter_patzer(werte, "3 3 3", angriff_patzer_schaden="2", angriff_patzer_zone="1")
    assert "Selbstverletzt" in e.text


def test_alte_patzertabelle_unparierbar_wird_bei_der_naechsten_attacke_verbraucht(werte):
    _, _, neu = _alter_patzer(werte, "4 4 4")
    assert not k.kann_verteidigen(neu, "Wegelagerer")
    neu = k.anwenden(neu, k.zug_ende_ereignis(neu, "Wegelagerer"))  # dann ist der Echsenkrieger dran
    e = k.angriff_ereignis(neu, "Echsenkrieger", "Wegelagerer", "Speer", "Parade: Säbel",
                           augen={"angriff": "9 9 9 9 2 2", "zone": "1", "schaden": "1"})
    assert e.daten["verteidigung"] is None and "kann sich nicht verteidigen" in e.text
    danach = k.anwenden(neu, e).kaempfer_namens("Wegelagerer")
    assert danach.unparierbar == 0 and danach.aktionen.verteidigung == 1  # die Aktion bleibt ihm


def test_alte_patzertabelle_sturz_kostet_zwei_kampfaktionen(werte):
    kampf, _, neu = _alter_patzer(werte, "5 5 5")  # 15 + 1 = 16 → Sturz
    w = neu.kaempfer_namens("Wegelagerer")
    assert w.unparierbar == 2 and w.beeintraechtigt == 2
    for _ in range(2):
        neu = k.anwenden(rest_der_runde(neu), k.runde_ereignis(rest_der_runde(neu)))
        assert neu.kaempfer_namens("Wegelagerer").aktionen.kampf == 0
    neu = k.anwenden(rest_der_runde(neu), k.runde_ereignis(rest_der_runde(neu)))
    assert neu.kaempfer_namens("Wegelagerer").aktionen.kampf == 1


def test_alte_patzertabelle_selbstverletzt_halber_waffenschaden_ohne_bonus(werte):
    # 3W6 8 + 1 = 9 → Selbstverletzt: Säbel 1W6+2 → nur der W6, halbiert; Torso (W20 16) Rüstung 2
    _, e, neu = _alter_patzer(werte, "2 3 3", angriff_patzer_schaden="6", angriff_patzer_zone="16")
    assert "6 halbiert = 3 Schaden am Torso, 1 Wunde" in e.text and "Waffe fallengelassen" in e.text
    w = neu.kaempfer_namens("Wegelagerer")
    assert w.wunden[1] == 1 and w.schadensart == "Hieb" and w.beeintraechtigt == 1
    _, e, neu = _alter_patzer(werte, "2 3 3", angriff_patzer_schaden="5", angriff_patzer_zone="16")
    assert "Höchstschaden:" not in e.text and neu.kaempfer_namens("Wegelagerer").beeintraechtigt == 0
    assert neu.kaempfer_namens("Wegelagerer").wunden[1] == 0  # 5 // 2 = 2, Rüstung 2


def test_alte_patzertabelle_gluecksfall_gibt_eine_kampfaktion(werte):
    kampf, e, neu = _alter_patzer(werte, "1 1 1")  # 3 + 1 = 4 → Glücksfall
    assert "Glücksfall" in e.text
    assert neu.kaempfer_namens("Wegelagerer").aktionen.kampf == 1  # verbraucht, dann +1
    _, e, neu = _alter_patzer(werte, "6 6 6")  # 19 → Schwerer Patzer: nur Protokoll
    assert "Schwerer Patzer" in e.text and "Spielleiter" in e.text
    w = neu.kaempfer_namens("Wegelagerer")
    assert (w.unparierbar, w.beeintraechtigt, sum(w.wunden)) == (0, 0, 0)


def test_spielleiter_eingriff_wunden_heilen_und_ausdauer(werte):
    kampf = kampf_mit(werte, "Brann", "Wolf")
    e = k.eingriff_ereignis(kampf, "Brann", zone="torso", wunden=5, ausdauer=-4, schadensart="Wucht", grund="Sturz")
    assert e.regel.startswith("Aloran › Spielleiter-Eingriff") and "Sturz" in e.text
    verletzt = k.anwenden(kampf, e)
    b = verletzt.kaempfer_namens("Brann")
    assert b.wunden[1] == 5 and b.schadensart == "Wucht" and b.ausdauer == werte["Brann"].ausdauer - 4
    # Heilen nie unter 0, Ausdauer nie über den Bogenwert
    e = k.eingriff_ereignis(verletzt, "Brann", zone="torso", wunden=-9, ausdauer=20)
    assert "5 Wunden am Torso geheilt" in e.text
    geheilt = k.anwenden(verletzt, e).kaempfer_namens("Brann")
    assert geheilt.wunden == k.KEINE_WUNDEN and geheilt.ausdauer == werte["Brann"].ausdauer
    assert kampf.kaempfer_namens("Brann").wunden == k.KEINE_WUNDEN  # Eingabe unverändert
    with pytest.raises(AloranFehler, match="Trefferzone"):
        k.eingriff_ereignis(kampf, "Brann", wunden=2)
    with pytest.raises(AloranFehler, match="Nichts zu ändern"):
        k.eingriff_ereignis(kampf, "Brann")


def test_eingreifen_in_laufenden_kampf_und_fortsetzen(werte, tmp_path):
    kampf = k.neuer_kampf([werte["Brann"], werte["Wolf"]])
    verlauf = k.neuer_verlauf(kampf, tmp_path / "kampf.jsonl")
    verlauf.ausfuehren(k.initiative_ereignis(kampf, augen={"Brann": "4", "Wolf": "2"}))
    verlauf.ausfuehren(k.runde_ereignis(verlauf.zustand))
    verlauf.ausfuehren(k.beitreten_ereignis(verlauf.zustand, werte["Ork-Krieger"], augen="0"))
    ork = verlauf.zustand.kaempfer_namens("Ork-Krieger")
    assert ork.initiative == k.initiativewert(werte["Ork-Krieger"]) + 10
    with pytest.raises(AloranFehler, match="kämpft schon mit"):
        k.beitreten_ereignis(verlauf.zustand, werte["Wolf"], augen="3")
    verlauf.schliessen()
    weiter, warnungen = k.fortsetzen(tmp_path / "kampf.jsonl")
    assert warnungen == [] and weiter.zustand == verlauf.zustand
    assert k.beitreten_ereignis(kampf, werte["Wegelagerer"], hinterhalt=True).daten["folgen"][1]["w10"] is None


def test_kampfgespuer_ignoriert_den_hinterhalt(werte):
    assert werte["Tamra"].kampfgespuer and not werte["Brann"].kampfgespuer
    kampf = k.neuer_kampf([werte["Tamra"], werte["Brann"]])
    e = k.initiative_ereignis(kampf, augen={"Tamra": "4", "Brann": "4"}, hinterhalt=["Tamra", "Brann"])
    neu = k.anwenden(kampf, e)
    assert neu.kaempfer_namens("Tamra").initiative == k.initiativewert(werte["Tamra"]) + 4
    assert neu.kaempfer_namens("Brann").initiative == k.initiativewert(werte["Brann"])
    assert "Kampfgespür" in e.text
    spaet = k.beitreten_ereignis(kampf, werte["Wolf"], hinterhalt=True)
    assert spaet.daten["folgen"][1]["w10"] is None


def test_ereignis_nennt_die_geltenden_optionen(werte):
    _, e, _ = _alter_patzer(werte, "4 4 4")
    assert e.regel == "Aloran › SPIELABLAUF › ATTACKE UND PARADE › Vergleichswurf · Optionen: alte_patzertabelle"
    kampf = kampf_mit(werte, "Wegelagerer", "Echsenkrieger")
    e = k.angriff_ereignis(kampf, "Wegelagerer", "Echsenkrieger", "Säbel", "Parade: Speer",
                           augen=PATZER_WEG | {"angriff_patzer": "5"})
    assert e.regel == "Aloran › SPIELABLAUF › ATTACKE UND PARADE › Vergleichswurf"


def test_gemerktes_bleibt_gleich_frisch_gerechnetem(monkeypatch):
    """``anwenden`` reicht gemerkte Eigenschaften (wer handeln kann, Initiative, Wehrlosigkeit …) und
    das Verzeichnis Name → Platz an den Folgezustand weiter, wo sich ihre Grundlage nicht ändert
    (Issue 10): nach jedem Ereignis ganzer simulierter Kämpfe stimmt jeder gemerkte Wert mit dem
    überein, den ein frisch gebautes Objekt rechnet."""
    from dataclasses import fields, replace

    from gm_helfer.aloran import simulation as sim

    erg = boegen.laden("aloran")
    echt, geprueft = k.anwenden, []

    def anwenden_und_pruefen(kampf, ereignis):
        neu = echt(kampf, ereignis)
        frisch = k.Kampf(neu.kaempfer, neu.runde, neu.optionen)
        if "_plaetze" in vars(neu):
            assert vars(neu)["_plaetze"] == frisch._plaetze
        for kf in neu.kaempfer:
            felder = {f.name for f in fields(kf)}
            neu_gerechnet = replace(kf)
            for name, wert in vars(kf).items():
                if name not in felder:
                    assert wert == getattr(neu_gerechnet, name), (ereignis.art, kf.name, name)
                    geprueft.append(name)
        for wehrlos_ohne_w10 in (False, True):
            opt = Optionen(wehrlos_ohne_w10=wehrlos_ohne_w10)
            assert [x.ist_wehrlos(opt) for x in neu.kaempfer] == [replace(x).ist_wehrlos(opt) for x in neu.kaempfer]
        return neu

    monkeypatch.setattr(sim, "anwenden", anwenden_und_pruefen)
    for saat in range(4):
        sim.einen_kampf(erg.boegen, rng=random.Random(saat), taktik=sim.Taktik(ziel="zufall") if saat % 2 else None)
    assert {"handelt", "aktuelle_initiative", "kampfunfaehig", "name"} <= set(geprueft)


@pytest.mark.parametrize("optionen", [Optionen(), Optionen(faktor_nach_ruestung=True)])
def test_ohne_text_gleiche_daten_und_wuerfel(werte, optionen):
    """``angriff_ereignis(text=False)`` (Simulation) lässt nur die Protokollzeile weg: gleiche Daten,
    Folgen und Regel, gleich viele Würfe aus ``rng``."""
    kampf = kampf_mit(werte, "Brann", "Ork-Krieger", optionen=optionen, ini={"Brann": "1", "Ork-Krieger": "9"})
    for saat in range(40):
        mit, ohne = random.Random(saat), random.Random(saat)
        e = k.angriff_ereignis(kampf, "Ork-Krieger", "Brann", "Kriegsaxt", "Parade: Langschwert", rng=mit)
        e0 = k.angriff_ereignis(kampf, "Ork-Krieger", "Brann", "Kriegsaxt", "Parade: Langschwert", rng=ohne,
                                text=False)
        assert (e0.art, e0.daten, e0.regel, e0.eingetippt) == (e.art, e.daten, e.regel, e.eingetippt)
        assert e.text and e0.text == "" and mit.random() == ohne.random()


def _wie_konstruiert(obj):
    """``obj`` gleicht dem Objekt, das der Konstruktor aus seinen Feldern baut; außer den Feldern steht
    im ``__dict__`` nur Gemerktes (``einmal_je_objekt``) mit denselben Werten."""
    from dataclasses import fields

    from gm_helfer.schnell import einmal_je_objekt

    felder = {f.name: getattr(obj, f.name) for f in fields(obj)}
    neu = type(obj)(**felder)
    assert obj == neu and repr(obj) == repr(neu)
    if not any(isinstance(w, (dict, list)) for w in felder.values()):
        assert hash(obj) == hash(neu)
    gemerkt = {n for n, w in vars(type(obj)).items() if isinstance(w, einmal_je_objekt)}
    assert set(felder) <= set(vars(obj)) <= set(felder) | gemerkt
    for name in set(vars(obj)) - set(felder):
        assert vars(obj)[name] == getattr(neu, name), name


def test_ohne_init_gebaut_gleich_dem_konstruktor(monkeypatch):
    """``schnell.bauen`` (ohne das eingefrorene ``__init__``, Issue 10) baut Ereignisse, Lage, Vergleich
    und Würfe ganzer simulierter Kämpfe genau so, wie der Konstruktor sie baute."""
    from gm_helfer.aloran import angriff, proben
    from gm_helfer.aloran import simulation as sim

    erg = boegen.laden("aloran")
    echt, arten = k.anwenden, set()

    def anwenden_und_pruefen(kampf, ereignis):
        _wie_konstruiert(ereignis)
        arten.add(ereignis.art)
        d = ereignis.daten
        if ereignis.art == "angriff":
            la, v_art = k.austausch_lage(kampf, d["angreifer"], d["ziel"], d["angriff"], d["verteidigung"])
            _wie_konstruiert(la)
            wa = proben.wuerfle_pool(la.angriff_pool, la.angriff_schwierigkeit, rng=random.Random(len(arten)))
            _wie_konstruiert(wa)
            _wie_konstruiert(angriff.vergleich_auswerten(wa.netto, wa.einser, d["verteidigung_netto"], 1, la,
                                                         kampf.optionen, verteidigt=v_art is not None))
        return echt(kampf, ereignis)

    monkeypatch.setattr(sim, "anwenden", anwenden_und_pruefen)
    for saat in range(3):
        sim.einen_kampf(erg.boegen, rng=random.Random(saat))
    assert {"angriff", "runde", "zug_ende", "initiative"} <= arten
