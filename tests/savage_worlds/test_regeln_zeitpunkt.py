"""Issue 9, Savage Worlds: Zeitpunkt, wer als Nächstes handelt, einmal je Runde.

Jeder Test zitiert den Satz des Regeltexts (``regeln/savage_worlds.txt``), aus dem er
geschrieben ist.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from gm_helfer.karten import Karte, KartenFehler, Stapel, blatt
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import sitzung, vorschau
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Angriffssituation, KampfFehler, anwenden, kampf_beginnen
from gm_helfer.savage_worlds.proben import Eigenschaft as E

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sw_kaempfer import aufrufen, bandit, baron, held, naechste_runde  # noqa: E402


def start(*kaempfer):
    return kampf_beginnen(kaempfer or [held(), bandit(1), bandit(2), baron()])


def runde(z, karten):
    z = naechste_runde(z)
    return anwenden(z, k.ereignis_karten(z, eingetippt=karten))


def dran(z, wer=None):
    return aufrufen(z, wer)


def fertig(z):
    return anwenden(z, k.ereignis_fertig(z))


def _blutet(z, name="Alrik"):
    return k._ersetze(z, replace(z.kaempfer_namens(name), wunden=3, ausser_gefecht=True, blutet=True, ag_ergebnis="fehlschlag"))


# -- 1. Ausbluten ------------------------------------------------------------------------------


def _blutend_in_runde_zwei(*, abwartend: bool = False):
    """Runde 1: Baron (und ggf. Berta) haben Karten, Alrik blutet; Runde 2 beginnt."""
    z = runde(start(held(), held("Berta"), baron()), {"Alrik": ["2♣"], "Berta": ["Q♥"], "Baron": ["K♠"]})
    z = _blutet(z)
    z = dran(z, "Baron")
    z = fertig(z)
    z = dran(z, "Berta")
    if abwartend:
        z = anwenden(z, k.ereignis_abwarten(z))
    else:
        z = fertig(z)
    return anwenden(z, k.ereignis_runde(z))


def test_ausbluten_genau_eine_probe_je_runde():
    """„Der verwundete Charakter muss am Anfang jeder weiteren Runde, noch bevor Aktionskarten
    ausgeteilt werden, eine Konstitutionsprobe ablegen.“ – eine Probe je Runde, nicht so oft, bis
    „stabil“ fällt."""
    z = _blutend_in_runde_zwei()
    z = anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="7, 2"))  # 7 − 3 = 4: Erfolg, blutet weiter
    assert z.kaempfer_namens("Alrik").blutet
    with pytest.raises(KampfFehler, match="Alrik.*schon"):
        k.ereignis_ausbluten(z, "Alrik", augen="8+4, 2")
    with pytest.raises(KampfFehler, match="Alrik.*schon"):
        anwenden(z, k.Ereignis("ausbluten", {"name": "Alrik", "probe": k.wuerfle_probe(E(8), wildcard=True, modifikator=-3,
                                                                                         augen="8+4, 2").als_dict()}))
    # in der nächsten Runde wieder genau eine
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Berta": ["5♥"], "Baron": ["6♠"]}))
    z = naechste_runde(z)
    assert k.ausbluten_faellig(z) == ("Alrik",)


def test_karten_austeilen_verweigert_solange_eine_ausbluten_probe_offen_ist():
    """„… noch bevor Aktionskarten ausgeteilt werden, eine Konstitutionsprobe ablegen.“ – Austeilen
    wird abgelehnt, mit dem Namen dessen, der noch würfeln muss."""
    z = _blutend_in_runde_zwei()
    assert k.ausbluten_faellig(z) == ("Alrik",)
    with pytest.raises(KampfFehler, match="Alrik") as fehler:
        k.ereignis_karten(z, eingetippt={"Berta": ["5♥"], "Baron": ["6♠"]})
    assert "Ausbluten" in str(fehler.value)
    with pytest.raises(KampfFehler, match="Alrik"):
        dran(z, "Berta")
    z = anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="7, 2"))
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Berta": ["5♥"], "Baron": ["6♠"]}))
    assert z.karte_von("Berta") == Karte.parse("5♥")


def test_wer_erst_in_dieser_runde_blutet_wuerfelt_am_anfang_der_naechsten():
    """„… am Anfang jeder weiteren Runde …“ – nicht in der Runde, in der er zu bluten beginnt."""
    z = runde(start(held(), baron()), {"Alrik": ["2♣"], "Baron": ["K♠"]})
    z = _blutet(z)
    with pytest.raises(KampfFehler, match="Alrik"):
        k.ereignis_ausbluten(z, "Alrik", augen="7, 2")


def test_ausbluten_erinnerung_auch_wenn_jemand_abwartet():
    """Die Erinnerung „Ausbluten-Probe vor den Karten“ steht da, auch wenn ein Abwartender seine
    Karte in die neue Runde mitnimmt – und verschwindet nach der Probe."""
    z = _blutend_in_runde_zwei(abwartend=True)
    assert z.karten  # Bertas Karte bleibt liegen
    assert any("Alrik" in a and "Ausbluten" in a for a in sitzung.offene_aufgaben(z))
    z = anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="7, 2"))
    assert not any("Ausbluten" in a for a in sitzung.offene_aufgaben(z))


def test_ausbluten_vorschau_probe_jetzt_faellig_helfer_erst_danach():
    """Heilen ist eine Aktion im Zug des Helfers, die Ausbluten-Probe kommt vor den Karten: ist
    sie jetzt fällig, kommt der erste Heilversuch erst nach ihr."""
    z = _blutend_in_runde_zwei()
    z = k._ersetze(z, replace(z.kaempfer_namens("Berta"), fertigkeiten=(("heilen", E(12)),)))
    mit = vorschau.ausbluten_vorschau(z, "Alrik", helfer="Berta", runden=3)
    ohne = vorschau.ausbluten_vorschau(z, "Alrik", runden=3)
    assert mit.tod_bis_runde[0] == pytest.approx(ohne.tod_bis_runde[0])
    assert mit.tod_bis_runde[2] < ohne.tod_bis_runde[2]


# -- 2. Unterbrechung verloren ----------------------------------------------------------------


def test_verlorene_unterbrechung_handelt_direkt_nach_dem_unterbrochenen():
    """„Falls der unterbrechende Charakter verliert, kann er sich nicht mehr entscheiden, weiter
    Abzuwarten, sondern muss zum nächstmöglichen Zeitpunkt handeln.“"""
    z = runde(start(), {"Alrik": ["A♥"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z = dran(z, "Alrik")
    z = anwenden(z, k.ereignis_abwarten(z))
    z = dran(z)
    assert z.am_zug == "Banditen"
    z = anwenden(z, k.ereignis_unterbrechen(z, "Alrik", "Bandit 1", augen="3, 2", gegen_augen="5"))
    assert z.am_zug == "Banditen"
    assert "Alrik" not in z.abwartend
    z = fertig(z)
    assert z.naechster() == "Alrik"
    z = dran(z)
    assert z.am_zug == "Alrik"
    with pytest.raises(KampfFehler, match="muss handeln"):
        anwenden(z, k.ereignis_abwarten(z))
    z = fertig(z)
    assert z.naechster() == "Baron"


def test_unterbrechen_nur_gegen_den_der_gerade_handelt():
    z = runde(start(), {"Alrik": ["A♥"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z = anwenden(z, k.ereignis_abwarten(dran(z, "Alrik")))
    z = dran(z)
    with pytest.raises(KampfFehler, match="Baron"):
        k.ereignis_unterbrechen(z, "Alrik", "Baron", augen="7, 2", gegen_augen="5, 2")


# -- 3. Joker ---------------------------------------------------------------------------------


def test_joker_unterbricht_ohne_probe():
    """„Ein Charakter, der einen Joker zieht, kann in dieser Runde handeln, wann immer er will,
    auch wenn er damit die Aktion eines anderen Charakters unterbricht.“"""
    z = runde(start(), {"Alrik": ["Joker rot"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z = anwenden(z, k.ereignis_abwarten(dran(z, "Alrik")))
    z = dran(z, "Banditen")
    e = k.ereignis_unterbrechen(z, "Alrik", "Bandit 1")
    assert "probe" not in e.daten and e.regel == "Savage Worlds › Initiative › Joker"
    z = anwenden(z, e)
    assert z.am_zug == "Alrik"
    z = fertig(z)
    # der Unterbrochene verliert seine Aktion nicht: er ist gleich danach wieder dran
    assert "Banditen" not in z.gehandelt and z.naechster() == "Banditen"


def test_joker_ist_dran_der_unterbrochene_verliert_seine_aktion_nicht():
    """Joker: „… auch wenn er damit die Aktion eines anderen Charakters unterbricht.“ – gezielt
    „ist dran“ für den Jokerhalter, während ein anderer handelt: der andere handelt danach."""
    z = runde(start(), {"Alrik": ["Joker rot"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z = anwenden(z, k.ereignis_abwarten(dran(z, "Alrik")))
    z = dran(z, "Banditen")
    z = dran(z, "Alrik")
    assert z.am_zug == "Alrik" and "Banditen" not in z.gehandelt
    z = fertig(z)
    assert z.naechster() == "Banditen"


def test_zwei_joker_in_der_quere_vergleichende_probe():
    """„Erhalten zwei Charaktere in derselben Runde einen Joker und kommen sich mit ihren Aktionen
    in die Quere, dann legen sie eine Geschicklichkeitsprobe ab, um zu bestimmen, wer zuerst
    handelt“."""
    z = runde(start(), {"Alrik": ["Joker rot"], "Banditen": ["K♠"], "Baron": ["Joker schwarz"]})
    z = anwenden(z, k.ereignis_abwarten(dran(z, "Alrik")))
    z = dran(z, "Baron")
    with pytest.raises(KampfFehler, match="Joker"):
        dran(z, "Alrik")
    verloren = anwenden(z, k.ereignis_unterbrechen(z, "Alrik", "Baron", augen="3, 2", gegen_augen="6, 2"))
    assert verloren.am_zug == "Baron"
    assert fertig(verloren).naechster() == "Alrik"
    gewonnen = anwenden(z, k.ereignis_unterbrechen(z, "Alrik", "Baron", augen="7, 2", gegen_augen="6, 2"))
    assert gewonnen.am_zug == "Alrik"


def test_unterbrechen_vorschau_joker_ohne_probe():
    z = runde(start(), {"Alrik": ["Joker rot"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z = dran(z, "Banditen")
    assert vorschau.unterbrechen_vorschau(z, "Alrik", "Bandit 1") == {"unterbricht": 1.0, "gleichzeitig": 0.0, "zu spät": 0.0}
    # ohne Joker, abwartend: die vergleichende Probe
    z2 = runde(start(), {"Alrik": ["A♥"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z2 = dran(z2, "Alrik")
    z2 = dran(anwenden(z2, k.ereignis_abwarten(z2)), "Banditen")
    assert 0 < vorschau.unterbrechen_vorschau(z2, "Alrik", "Bandit 1")["unterbricht"] < 1


# -- 4. Angeschlagen beim Abwarten -------------------------------------------------------------


def test_abwartender_statist_angeschlagen_muss_sich_sofort_erholen():
    """„Falls ein Abwartender Charakter nach der Aktion eines anderen Charakters Angeschlagen ist,
    muss er seine Aktion unmittelbar dafür einsetzen, eine Erholungsprobe abzulegen.“ – auch ein
    Statist."""
    z = runde(start(), {"Banditen": ["K♠"], "Alrik": ["Q♥"], "Baron": ["3♣"]})
    z = anwenden(z, k.ereignis_abwarten(dran(z, "Banditen")))
    z = dran(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Langschwert", augen="6, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="3, 2"))  # 5 gegen Robustheit 5: Angeschlagen
    assert z.kaempfer_namens("Bandit 1").angeschlagen
    z = fertig(z)
    assert z.naechster() == "Banditen"
    with pytest.raises(KampfFehler, match="Banditen"):
        dran(z, "Baron")
    z = dran(z)
    assert z.am_zug == "Banditen" and "Bandit 1" in z.erholung_offen
    with pytest.raises(KampfFehler):
        anwenden(z, k.ereignis_abwarten(z))


def test_angeschlagener_statist_kann_nicht_abwarten():
    """„Dementsprechend können Angeschlagene Charaktere auch nicht Abwarten, wenn sie an der Reihe
    sind.“"""
    z = runde(start(), {"Banditen": ["K♠"], "Alrik": ["Q♥"], "Baron": ["3♣"]})
    z = k._ersetze(z, replace(z.kaempfer_namens("Bandit 2"), angeschlagen=True))
    z = dran(z, "Banditen")
    with pytest.raises(KampfFehler, match="Angeschlagen"):
        anwenden(z, k.ereignis_abwarten(z))


def test_abwartender_steckt_weg_und_wartet_weiter():
    """„Falls ein Abwartender Charakter nach der Aktion eines anderen Charakters Angeschlagen
    ist …“ – wer die Wunden noch während der Aktion wegsteckt, ist danach nicht Angeschlagen und
    wartet weiter ab."""
    z = runde(start(), {"Alrik": ["K♠"], "Baron": ["Q♥"], "Banditen": ["3♣"]})
    z = anwenden(z, k.ereignis_abwarten(dran(z, "Alrik")))
    z = dran(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="8, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))  # 10 gegen 6: eine Wunde
    z = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="4, 2"))  # Erfolg: die Wunde ist weg
    assert not z.kaempfer_namens("Alrik").angeschlagen
    z = fertig(z)
    assert "Alrik" in z.abwartend and z.naechster() == "Banditen"


# -- 5. Eingetippte Karten --------------------------------------------------------------------


def test_eingetippte_karte_von_der_ablage_ist_ein_fehler():
    """„Mische den Kartenstoß nach jeder Runde, in der ein Joker ausgeteilt wurde“ – ohne Joker
    wird nicht gemischt: eine Karte von der Ablage wurde in diesem Stapel schon gespielt."""
    z = runde(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    for emp in ("Banditen", "Alrik", "Baron"):
        z = fertig(dran(z, emp))
    z = naechste_runde(z)
    assert Karte.parse("Q♥") in z.stapel.ablage
    with pytest.raises(KampfFehler, match="schon gespielt"):
        k.ereignis_karten(z, eingetippt={"Alrik": ["Q♥"], "Banditen": ["5♠"], "Baron": ["4♣"]})


def test_eingetippte_karte_nach_joker_runde_wieder_im_stapel():
    z = runde(start(), {"Alrik": ["Joker"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    for emp in ("Alrik", "Banditen", "Baron"):
        z = fertig(dran(z, emp))
    z = naechste_runde(z)
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Alrik": ["K♠"], "Banditen": ["Joker"], "Baron": ["3♣"]}))
    assert z.karte_von("Alrik") == Karte.parse("K♠")


def test_stapel_aufgebraucht_dann_kommt_die_ablage_zurueck():
    """DESIGN.md: „reshuffle the discards if the deck runs out“ – ist der Ziehstapel leer (oder
    wird er mit diesem Austeilen leer), darf eine Karte der Ablage kommen."""
    alle = blatt()
    stapel = Stapel(alle[:2], alle[2:10])  # nur noch zwei Karten im Ziehstapel; 44 sind ausgeteilt
    gezogen, neu = stapel.ziehen_eingetippt([alle[0], alle[1], alle[5]])
    assert gezogen == (alle[0], alle[1], alle[5]) and alle[5] not in neu.ablage + neu.ziehstapel
    with pytest.raises(KartenFehler, match="schon gespielt"):
        stapel.ziehen_eingetippt([alle[0], alle[5]])


# -- gleicher Art: Zeitpunkt und einmal je Treffer ---------------------------------------------


def test_heimlichkeit_gegen_blindes_feuer_nur_einmal_und_nur_bei_blindem_feuer():
    """Blindes Feuer: „Sollte er treffen, darf das Ziel eine einfache Heimlichkeitsprobe ablegen,
    um den Angriff zu ignorieren“ – eine Probe, nicht so oft, bis sie gelingt."""
    mp = WAFFEN["Maschinenpistole"]
    ziel = replace(bandit(1), fertigkeiten=(("heimlichkeit", E(8)),))
    z = runde(start(held(waffen=(mp,)), ziel), {"Alrik": ["Q♥"], "Banditen": ["K♠"]})
    z = dran(z, "Alrik")
    sehend = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", augen="6, 2, 3, 2"))
    with pytest.raises(KampfFehler, match="blind"):
        k.ereignis_heimlichkeit(sehend, augen="7")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", Angriffssituation(blind=True),
                                       augen="8+2, 8+1, 3, 2"))
    assert len(z.offene_treffer) == 2
    z = anwenden(z, k.ereignis_heimlichkeit(z, augen="5"))  # 5 − 2 = 3: der Treffer bleibt
    assert len(z.offene_treffer) == 2
    with pytest.raises(KampfFehler, match="schon"):
        k.ereignis_heimlichkeit(z, augen="7")


def test_heimlichkeit_ignoriert_den_ganzen_angriff():
    """„… um den Angriff zu ignorieren (er geht schlicht daneben)“ – alle Treffer dieses Angriffs
    auf dieses Ziel."""
    mp = WAFFEN["Maschinenpistole"]
    ziel = replace(bandit(1), fertigkeiten=(("heimlichkeit", E(8)),))
    z = runde(start(held(waffen=(mp,)), ziel), {"Alrik": ["Q♥"], "Banditen": ["K♠"]})
    z = dran(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", Angriffssituation(blind=True),
                                       augen="8+2, 8+1, 3, 2"))
    assert anwenden(z, k.ereignis_heimlichkeit(z, augen="7")).offene_treffer == ()


def test_ausser_gefecht_probe_vor_dem_naechsten_schadenswurf():
    """„Um die weiteren Folgen dieses Zustands zu bestimmen, legt der Charakter augenblicklich eine
    Konstitutionsprobe … ab“; „Wickele jeden Schadenswurf (einschließlich Schaden wegstecken)
    separat ab, bevor du zum nächsten übergehst.“ – „Wenn er Außer Gefecht ist und eine weitere
    Wunde erleidet, muss er eine erneute Konstitutionsprobe … ablegen“: zwei Treffer, zwei Proben."""
    mp = WAFFEN["Maschinenpistole"]
    z = runde(start(held(waffen=(mp,)), baron(wunden=3, angeschlagen=True)), {"Alrik": ["Q♥"], "Baron": ["K♠"]})
    z = dran(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Maschinenpistole", augen="6, 6, 6, 2"))
    assert len(z.offene_treffer) == 3
    z = anwenden(z, k.ereignis_schaden(z, augen="5, 4"))  # 9 gegen 9: Wunde → Außer Gefecht
    assert z.kaempfer_namens("Baron").ag_probe_offen
    with pytest.raises(KampfFehler, match="Baron.*Außer-Gefecht-Probe"):
        k.ereignis_schaden(z, augen="5, 4")
    with pytest.raises(KampfFehler, match="Baron.*wegsteckt"):  # erst das Wegstecken, dann die Probe
        anwenden(z, k.ereignis_ausser_gefecht(z, "Baron", augen="7, 2", verletzung_augen="6, 6, 1"))
    z = anwenden(z, k.ereignis_verzicht(z, "Baron"))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Baron", augen="7, 2", verletzung_augen="6, 6, 1"))
    z = anwenden(z, k.ereignis_schaden(z, augen="5, 4"))
    assert z.kaempfer_namens("Baron").ag_probe_offen


def test_wegstecken_nur_bevor_es_weitergeht():
    """Wunden › Timing: „Wickele jeden Schadenswurf (einschließlich Schaden wegstecken) separat ab,
    bevor du zum nächsten übergehst.“ – das Wegstecken verfällt nicht stillschweigend: erst
    wegstecken oder verzichten (im Protokoll), dann geht es weiter; danach ist es zu spät."""
    z = runde(start(), {"Baron": ["K♠"], "Alrik": ["Q♥"], "Banditen": ["3♣"]})
    z = dran(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="8, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))  # eine Wunde
    assert k.ereignis_wegstecken(z, "Alrik", augen="4, 2")  # jetzt geht es
    with pytest.raises(KampfFehler, match="Alrik: Schaden wegstecken"):
        fertig(z)
    z = anwenden(z, k.ereignis_verzicht(z, "Alrik"))
    z = dran(fertig(z), "Alrik")
    with pytest.raises(KampfFehler, match="wegstecken"):
        k.ereignis_wegstecken(z, "Alrik", augen="4, 2")


def test_ausser_gefecht_probe_bevor_der_naechste_dran_ist():
    """„… legt der Charakter augenblicklich eine Konstitutionsprobe (einschließlich Wundabzügen) ab“."""
    z = runde(start(held(wunden=3), bandit(1), bandit(2), baron()), {"Baron": ["K♠"], "Alrik": ["Q♥"], "Banditen": ["3♣"]})
    z = dran(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="8, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))
    assert z.kaempfer_namens("Alrik").ag_probe_offen
    z = anwenden(z, k.ereignis_verzicht(z, "Alrik"))
    z = fertig(z)
    with pytest.raises(KampfFehler, match="Alrik.*Außer-Gefecht-Probe"):
        dran(z)
    with pytest.raises(KampfFehler, match="Alrik.*Außer-Gefecht-Probe"):
        anwenden(z, k.ereignis_runde(z))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="7, 2", verletzung_augen="6, 6, 1"))
    assert dran(z).am_zug == "Banditen"


def test_heimlichkeit_je_treffer_als_option():
    """Option ``heimlichkeit_je_treffer``: eine Heimlichkeitsprobe je Treffer statt je Angriff."""
    from gm_helfer.savage_worlds.optionen import Optionen

    mp = WAFFEN["Maschinenpistole"]
    ziel = replace(bandit(1), fertigkeiten=(("heimlichkeit", E(8)),))
    z = runde(kampf_beginnen([held(waffen=(mp,)), ziel], optionen=Optionen(heimlichkeit_je_treffer=True)),
              {"Alrik": ["Q♥"], "Banditen": ["K♠"]})
    z = dran(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", Angriffssituation(blind=True),
                                       augen="8+2, 8+1, 3, 2"))
    z = anwenden(z, k.ereignis_heimlichkeit(z, augen="7"))  # gelingt: ein Treffer weg
    assert len(z.offene_treffer) == 1
    z = anwenden(z, k.ereignis_heimlichkeit(z, augen="5"))  # misslingt: der zweite bleibt
    assert len(z.offene_treffer) == 1
    with pytest.raises(KampfFehler, match="je Treffer"):
        k.ereignis_heimlichkeit(z, augen="7")


def test_staerkeprobe_beim_springen_mit_mehrfachaktionsabzug():
    """Mehrfachaktionen: „Jede zusätzliche Aktion, die ein Held in einer Runde durchführt, führt zu
    einem Abzug von −2 auf alle Proben.“ – auch auf die Stärkeprobe beim Springen im selben Zug."""
    z = runde(start(), {"Alrik": ["A♥"], "Banditen": ["K♠"], "Baron": ["Q♣"]})
    z = dran(z, "Alrik")
    assert k.ereignis_springen(z, "Alrik", anlauf=True, staerkeprobe=True, augen="5, 2").daten["probe"]["modifikator"] == 0
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", Angriffssituation(aktionen=2), augen="3, 2"))
    e = k.ereignis_springen(z, "Alrik", anlauf=True, staerkeprobe=True, augen="5, 2")
    assert e.daten["probe"]["modifikator"] == -2


def test_wegstecken_einmal_je_angriff_als_option():
    """„Ein Charakter kann nur einmal pro Angriff Schaden wegstecken.“ – Standard: je Schadenswurf;
    Option ``wegstecken_einmal_je_angriff``: einmal für alle Treffer einer Feuerrate."""
    from gm_helfer.savage_worlds.optionen import Optionen

    mp = WAFFEN["Maschinenpistole"]
    for option, zweites_mal in ((False, True), (True, False)):
        z = kampf_beginnen([held(waffen=(mp,)), held("Berta")], optionen=Optionen(wegstecken_einmal_je_angriff=option))
        z = dran(runde(z, {"Alrik": ["Q♥"], "Berta": ["K♠"]}), "Alrik")
        z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Berta", "Maschinenpistole", augen="6, 6, 3, 2"))
        z = anwenden(z, k.ereignis_schaden(z, augen="5, 5"))  # 10 gegen 6: eine Wunde
        z = anwenden(z, k.ereignis_wegstecken(z, "Berta", augen="2, 1"))  # misslingt
        assert k.kann_wegstecken(z, "Berta")  # wiederholen geht immer
        z = anwenden(z, k.ereignis_schaden(z, augen="5, 5"))  # zweiter Treffer derselben Feuerrate
        assert k.kann_wegstecken(z, "Berta") is zweites_mal
        assert (sitzung.wegstecken_ziel(z) == "Berta") is zweites_mal
        if not zweites_mal:
            with pytest.raises(KampfFehler, match="einmal pro Angriff"):
                k.ereignis_wegstecken(z, "Berta", augen="4, 2")


def test_simulation_mit_den_neuen_optionen():
    """Die Simulation spielt mit denselben Regeln: auch mit beiden neuen Hausregeln läuft ein Kampf
    bis zum Ende (Wegstecken nur, wo es erlaubt ist)."""
    import random

    from gm_helfer import boegen
    from gm_helfer.savage_worlds import simulation
    from gm_helfer.savage_worlds.optionen import Optionen

    ladung = boegen.laden("savage_worlds")
    optionen = Optionen(wegstecken_einmal_je_angriff=True, heimlichkeit_je_treffer=True)
    for seed in range(3):
        ausgang = simulation.einen_kampf(ladung.boegen, rng=random.Random(seed), optionen=optionen, max_runden=30)
        assert 1 <= ausgang.runden <= 30
