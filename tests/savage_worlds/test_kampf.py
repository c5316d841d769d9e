"""Der Kampf als Ereignisse: die Stellen, an denen andere Werkzeuge ihre Nutzer im Stich lassen."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.karten import Karte
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Angriffssituation, Kaempfer, KampfFehler, anwenden, kampf_beginnen
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.proben import Eigenschaft as E

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sw_kaempfer import aufrufen, aufrufen_verlauf, bandit, baron, held, naechste_runde  # noqa: E402


def runde_mit_karten(z, karten):
    z = naechste_runde(z)
    return anwenden(z, k.ereignis_karten(z, eingetippt=karten))


def start(*kaempfer, **opt):
    return kampf_beginnen(kaempfer or [held(), bandit(1), bandit(2), baron()], **opt)


# -- Initiative --------------------------------------------------------------------------------


def test_eine_karte_je_gruppe_gleichartiger_statisten_und_verbuendete_auf_spielerkarte():
    soeldner = Kaempfer("Söldner 1", "Helden", False, verbuendet_mit="Alrik")
    z = start(held(), soeldner, bandit(1), bandit(2), baron())
    z = naechste_runde(z)
    assert set(k.braucht_karte(z)) == {"Alrik", "Banditen", "Baron"}
    z = anwenden(z, k.ereignis_karten(z, rng=random.Random(2)))
    assert len(z.karten) == 3


def test_grosse_gruppen_eine_karte_je_seite():
    z = start(held(), held("Berta"), bandit(1), baron(), grosse_gruppen=True)
    z = naechste_runde(z)
    assert set(k.braucht_karte(z)) == {"Helden", "Schurken"}


def test_gleicher_wert_pik_vor_herz_vor_karo_vor_kreuz():
    z = start(held("A"), held("B"), held("C"), held("D"))
    z = runde_mit_karten(z, {"A": ["7♣"], "B": ["7♥"], "C": ["7♠"], "D": ["7♦"]})
    assert [e for e, _ in z.reihenfolge()] == ["C", "B", "D", "A"]


def test_joker_plus_zwei_nur_fuer_halter_und_nur_in_dieser_runde():
    z = start()
    z = runde_mit_karten(z, {"Alrik": ["Joker rot"], "Banditen": ["K♠"], "Baron": ["A♠"]})
    assert z.joker_bonus("Alrik") == 2
    assert z.joker_bonus("Baron") == 0 and z.joker_bonus("Bandit 1") == 0
    mods = dict(k.angriffs_modifikatoren(z, "Alrik", "Baron", "Langschwert"))
    assert mods["Joker"] == 2
    # Alrik wartet mit dem Joker ab und nimmt ihn in die nächste Runde mit: dort kein +2
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_abwarten(z))
    z = naechste_runde(z)
    assert z.karte_von("Alrik") == Karte.parse("Joker rot")
    assert "Alrik" in z.abwartend
    assert z.joker_bonus("Alrik") == 0


def test_joker_gruppe_erhaelt_bonus_verbuendete_nur_mit_option():
    soeldner = Kaempfer("Söldner 1", "Helden", False, verbuendet_mit="Alrik")
    z = start(held(), soeldner, bandit(1), bandit(2))
    z = runde_mit_karten(z, {"Alrik": ["Joker"], "Banditen": ["Joker rot"]})
    assert z.joker_bonus("Bandit 1") == z.joker_bonus("Bandit 2") == 2
    assert z.joker_bonus("Söldner 1") == 0
    z2 = replace(z, optionen=Optionen(joker_fuer_verbuendete=True))
    assert z2.joker_bonus("Söldner 1") == 2


def test_mischen_nur_nach_runde_mit_joker_und_danach_hat_jeder_eine_karte():
    z = start()
    z = runde_mit_karten(z, {"Alrik": ["5♠"], "Banditen": ["K♠"], "Baron": ["A♠"]})
    assert not z.joker_in_runde
    z = naechste_runde(z)
    assert len(z.stapel.ablage) == 3  # nicht gemischt: die Karten liegen auf der Ablage
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Alrik": ["Joker"], "Banditen": ["2♣"], "Baron": ["3♣"]}))
    assert z.joker_in_runde
    z = naechste_runde(z)
    assert z.stapel.ablage == () and len(z.stapel.ziehstapel) == 54
    z = anwenden(z, k.ereignis_karten(z, rng=random.Random(5)))
    assert {e for e, _, _ in z.karten} == {"Alrik", "Banditen", "Baron"}


def test_gemischt_wird_ohne_die_karte_des_abwartenden():
    z = start()
    z = runde_mit_karten(z, {"Alrik": ["Q♥"], "Banditen": ["Joker"], "Baron": ["3♣"]})
    z = anwenden(z, k.ereignis_fertig(aufrufen(z, "Banditen")))
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_abwarten(z))
    z = naechste_runde(z)
    assert len(z.stapel.ziehstapel) == 53
    assert Karte.parse("Q♥") not in z.stapel.ziehstapel
    assert k.braucht_karte(z) == ("Banditen", "Baron")


def test_kuehler_kopf_vor_schnell_beim_austeilen():
    a = held("A", talente=frozenset({"kuehler_kopf", "schnell"}))
    z = start(a)
    z = naechste_runde(z)
    # Kühler Kopf: 3♠ und 4♥, beste 4♥ ≤ 5 → Schnell zieht neu: 9♣
    z2 = anwenden(z, k.ereignis_karten(z, eingetippt={"A": ["3♠", "4♥", "9♣"]}))
    assert z2.karte_von("A") == Karte.parse("9♣")
    # Kühler Kopf zuerst: 3♠ und 10♥ → 10♥, Schnell wird nicht gebraucht
    z3 = anwenden(z, k.ereignis_karten(z, eingetippt={"A": ["3♠", "10♥"]}))
    assert z3.karte_von("A") == Karte.parse("10♥")
    with pytest.raises(KampfFehler, match="zählen nur 2"):
        anwenden(z, k.ereignis_karten(z, eingetippt={"A": ["3♠", "10♥", "2♦"]}))


def test_verbesserter_kuehler_kopf_drei_karten_mit_rng():
    a = held("A", talente=frozenset({"verbesserter_kuehler_kopf"}))
    z = start(a)
    z = naechste_runde(z)
    e = k.ereignis_karten(z, rng=random.Random(11))
    assert len(e.daten["gezogen"]["A"]) == 3
    z = anwenden(z, e)
    assert z.karte_von("A") == max(Karte.parse(t) for t in e.daten["gezogen"]["A"])
    assert len(z.stapel.ablage) == 2  # die Zusatzkarten liegen auf der Ablage


def test_abwarten_angeschlagen_geht_nicht():
    z = start()
    z = runde_mit_karten(z, {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = k._ersetze(z, replace(z.kaempfer_namens("Alrik"), angeschlagen=True))
    z = aufrufen(z, "Alrik")
    with pytest.raises(KampfFehler, match="Angeschlagen"):
        anwenden(z, k.ereignis_abwarten(z))


def test_ueberraschung_hinterhalt_wartet_und_opfer_ohne_karte_in_runde_eins():
    z = start()
    z = naechste_runde(z)
    z = anwenden(z, k.ereignis_ueberraschung(z, ["Banditen", "Baron"], ["Alrik"], augen={"Alrik": "1, 2"}))
    assert z.abwartend == {"Banditen", "Baron"}
    assert k.braucht_karte(z) == ()
    z = naechste_runde(z)
    assert set(k.braucht_karte(z)) == {"Alrik", "Banditen", "Baron"}


def test_ueberraschung_gelungene_wahrnehmung_bekommt_karte():
    z = start()
    z = naechste_runde(z)
    z = anwenden(z, k.ereignis_ueberraschung(z, ["Banditen"], ["Alrik"], augen={"Alrik": "4+2, 2"}))
    assert "Alrik" in k.braucht_karte(z)


def test_gruppe_sind_an_der_reihe_einzelner_ist_an_der_reihe():
    """Deutsch im Protokoll: eine Statistengruppe mit einer Karte ist Mehrzahl (Issue 14, Punkt 5)."""
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    e = k.ereignis_am_zug(z, "Banditen")
    assert e.text == "Banditen sind an der Reihe (K♠)"
    z = anwenden(z, e)
    assert k.ereignis_fertig(z).text == "Banditen sind fertig"
    z = anwenden(z, k.ereignis_fertig(z))
    e = k.ereignis_am_zug(z, "Alrik")
    assert e.text == "Alrik ist an der Reihe (D♥)"
    assert k.ereignis_fertig(anwenden(z, e)).text == "Alrik ist fertig"


def test_unterbrechen_vergleichende_geschicklichkeit():
    z = start()
    z = runde_mit_karten(z, {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_abwarten(z))
    z = aufrufen(z, "Banditen")
    gewonnen = anwenden(z, k.ereignis_unterbrechen(z, "Alrik", "Bandit 1", augen="7, 2", gegen_augen="5"))
    assert gewonnen.am_zug == "Alrik" and "Alrik" not in gewonnen.abwartend
    verloren = anwenden(z, k.ereignis_unterbrechen(z, "Alrik", "Bandit 1", augen="3, 2", gegen_augen="5"))
    assert verloren.am_zug == "Banditen" and "Alrik" in verloren.muss_handeln
    with pytest.raises(KampfFehler, match="muss handeln"):
        anwenden(verloren, k.ereignis_abwarten(verloren, "Alrik"))


# -- Angriffe ---------------------------------------------------------------------------------


def test_nahkampf_gegen_parade_fernkampf_gegen_4_mit_modifikatoren():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    w = k.angriffs_werte(z, "Alrik", "Baron", "Langschwert")
    assert w["mindestwurf"] == 8 and w["modifikator"] == 0
    s = Angriffssituation(reichweite="mittel", beleuchtung="düster", deckung="leicht", ziel_geduckt=True, aktionen=2)
    w = k.angriffs_werte(z, "Alrik", "Baron", "Bogen", s)
    assert w["mindestwurf"] == 4
    assert (k.Angriffssituation.aus_werten({"aktionen": 2.0, "reichweite": "mittel"})
            == Angriffssituation(reichweite="mittel", aktionen=2))
    assert dict(w["modifikatoren"]) == {"Reichweite": -2, "Beleuchtung": -1, "Deckung": -1, "Ziel geduckt": -1,
                                        "Mehrfachaktionen": -2}
    liegt = k.angriffs_werte(z, "Alrik", "Baron", "Bogen", Angriffssituation(ziel_liegt=True))
    assert liegt["modifikator"] == -2
    blind = k.angriffs_werte(z, "Alrik", "Baron", "Bogen", Angriffssituation(blind=True))
    assert blind["modifikator"] == -4


def test_untrainiert_w4_minus_2_und_wunden_auf_angriff():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = k._ersetze(z, replace(z.kaempfer_namens("Baron"), wunden=2, waffen=(WAFFEN["Wurfmesser"],)))
    w = k.angriffs_werte(z, "Baron", "Alrik", "Wurfmesser")
    assert str(w["eigenschaft"]) == "W4-2" and w["modifikator"] == -2


def test_angriff_nur_wer_an_der_reihe_ist():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = anwenden(z, k.ereignis_am_zug(z))
    assert z.am_zug == "Banditen"
    with pytest.raises(KampfFehler, match="nicht an der Reihe"):
        anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="5, 3"))


def _am_zug(z, wer):
    return aufrufen(z, wer)


def test_steigerung_gibt_w6_bonusschaden_und_joker_plus_zwei():
    z = runde_mit_karten(start(), {"Alrik": ["Joker"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = _am_zug(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="10+4, 3"))  # 14+2 = 16 ≥ 8+4
    (t,) = z.offene_treffer
    assert t.steigerung and t.joker
    assert k.schadens_werte(z, t)["ausdruck"] == "W12!+W8!+W6!+2"


def test_feuerrate_mehrere_treffer_ein_wildcard_wuerfel():
    mp = replace(WAFFEN["Maschinenpistole"])
    z = runde_mit_karten(start(held(waffen=(mp,)), bandit(1), bandit(2)), {"Alrik": ["Q♥"], "Banditen": ["K♠"]})
    z = _am_zug(z, "Alrik")
    e = k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", augen="5, 2, 3, 5")
    z = anwenden(z, e)
    assert len(z.offene_treffer) == 2  # 5 und 5 (Wildcard ersetzt die 2) treffen, die 3 nicht
    with pytest.raises(ValueError, match="braucht 4 Würfel"):  # WuerfelFehler
        k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", augen="5, 2, 3")


# -- Schaden ----------------------------------------------------------------------------------


def _treffer(z, angreifer, ziel, waffe, augen):
    z = _am_zug(z, angreifer) if z.am_zug != z.empfaenger(z.kaempfer_namens(angreifer)) else z
    return anwenden(z, k.ereignis_angriff(z, angreifer, ziel, waffe, augen=augen))


def test_statist_bei_der_ersten_wunde_aus_dem_spiel():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = _treffer(z, "Alrik", "Bandit 1", "Langschwert", "6, 3")
    z = anwenden(z, k.ereignis_schaden(z, augen="5, 4"))  # 9 gegen 5: eine Steigerung
    b = z.kaempfer_namens("Bandit 1")
    assert b.ausser_gefecht and not b.ag_probe_offen


def test_angeschlagen_auf_angeschlagen_macht_eine_wunde():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = _treffer(z, "Alrik", "Baron", "Langschwert", "9, 3")
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))  # 10 gegen 9: Angeschlagen
    assert z.kaempfer_namens("Baron").angeschlagen and z.kaempfer_namens("Baron").wunden == 0
    z = anwenden(z, k.ereignis_fertig(z))
    z = naechste_runde(z)
    # die übergangenen Banditen warten ab und behalten ihre Karte
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Alrik": ["Q♣"], "Baron": ["3♦"]}))
    z = _treffer(z, "Alrik", "Baron", "Langschwert", "9, 3")
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 3"))  # 9 gegen 9: Erfolg → Wunde
    b = z.kaempfer_namens("Baron")
    assert b.wunden == 1 and b.angeschlagen


def test_angeschlagene_wildcard_mit_drei_wunden_und_weiterem_angeschlagen_ist_ausser_gefecht():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = k._ersetze(z, replace(z.kaempfer_namens("Baron"), wunden=3, angeschlagen=True))
    z = _treffer(z, "Alrik", "Baron", "Langschwert", "9, 3")
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))  # 10 gegen 9: nur „Angeschlagen“
    b = z.kaempfer_namens("Baron")
    assert b.ausser_gefecht and b.wunden == 3 and b.ag_probe_offen


def test_wegstecken_nur_wunden_dieses_angriffs_angeschlagen_bleibt_wenn_wunde_bleibt():
    z = runde_mit_karten(start(held(wunden=1)), {"Alrik": ["Q♥"]})
    z = replace(z, kaempfer=z.kaempfer + (baron(),))
    # Der Baron trifft Alrik mit drei Wunden (Schaden 18 gegen 6)
    z = replace(z, am_zug="Baron", karten=z.karten + (("Baron", Karte.parse("K♠"), z.runde),))
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="10+6, 2"))  # 18 gegen 6: 3 Wunden
    a = z.kaempfer_namens("Alrik")
    assert a.ausser_gefecht and a.wunden == 3
    # Wegstecken mit den Abzügen der früheren Wunde (−1): 8+1−1 = 8 → Steigerung → 2 weg
    e = k.ereignis_wegstecken(z, "Alrik", augen="8+1, 2")
    assert e.daten["probe"]["modifikator"] == -1
    z = anwenden(z, e)
    a = z.kaempfer_namens("Alrik")
    assert (a.wunden, a.angeschlagen, a.ausser_gefecht, a.bennies) == (2, True, False, 2)
    # Wiederholen mit einem zweiten Benny: das bessere Ergebnis zählt; 3 weg → alles weg
    z2 = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="8+5, 2"))
    a2 = z2.kaempfer_namens("Alrik")
    assert (a2.wunden, a2.angeschlagen, a2.bennies) == (1, False, 1)
    # ein schlechterer zweiter Versuch nimmt nichts zurück
    z3 = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="2, 1"))
    assert z3.kaempfer_namens("Alrik").wunden == 2


def test_wegstecken_alles_weg_wer_vorher_angeschlagen_war_bleibt_es():
    z = runde_mit_karten(start(held(angeschlagen=True), baron()), {"Alrik": ["Q♥"], "Baron": ["K♠"]})
    z = _am_zug(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))  # 10 gegen 6: 1 Wunde
    z = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="5, 2"))
    a = z.kaempfer_namens("Alrik")
    assert a.wunden == 0 and a.angeschlagen
    z_opt = replace(z, optionen=Optionen(wegstecken_beendet_angeschlagen=True))
    assert z_opt.kaempfer_namens("Alrik").angeschlagen  # Option wirkt nur beim Anwenden


def test_wegstecken_ohne_benny_oder_ohne_offene_wunden():
    z = runde_mit_karten(start(held(bennies=0), baron()), {"Alrik": ["Q♥"], "Baron": ["K♠"]})
    with pytest.raises(KampfFehler, match="keine Wunden"):
        k.ereignis_wegstecken(z, "Alrik", augen="5, 2")
    z = _am_zug(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))
    with pytest.raises(KampfFehler, match="keine Bennies"):
        anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="5, 2"))
    # Spielleiter-Bennies sind nicht für Helden
    with pytest.raises(KampfFehler, match="Spielleiter"):
        anwenden(z, k.ereignis_wegstecken(z, "Alrik", quelle="spielleiter", augen="5, 2"))


def _ausser_gefecht(z, name="Alrik"):
    return k._ersetze(z, replace(z.kaempfer_namens(name), wunden=3, angeschlagen=True, ausser_gefecht=True, ag_probe_offen=True))


@pytest.mark.parametrize(
    "augen, tot, blutet, verletzt",
    [("1, 1", True, False, False), ("5, 2", False, True, True), ("7, 2", False, False, True), ("8+4, 2", False, False, True)],
)
def test_ausser_gefecht_probe_mit_wundabzuegen(augen, tot, blutet, verletzt):
    z = _ausser_gefecht(runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]}))
    e = k.ereignis_ausser_gefecht(z, "Alrik", augen=augen, verletzung_augen="3, 4, 2")
    assert e.daten["probe"]["modifikator"] == -3
    a = anwenden(z, e).kaempfer_namens("Alrik")
    assert (a.tot, a.blutet, bool(a.verletzungen)) == (tot, blutet, verletzt)
    assert not a.ag_probe_offen


def test_mehrfach_ausser_gefecht_zustand_wird_nie_besser():
    z = _ausser_gefecht(runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]}))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="5, 2", verletzung_augen="3, 4, 2"))  # 5−3=2: Fehlschlag
    assert z.kaempfer_namens("Alrik").blutet
    # noch eine Wunde: erneute Probe, diesmal mit Steigerung – er blutet trotzdem weiter
    z = replace(z, am_zug="Baron", karten=z.karten)
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="6, 4"))
    assert z.kaempfer_namens("Alrik").ag_probe_offen
    z = anwenden(z, k.ereignis_verzicht(z, "Alrik"))  # erst das Wegstecken (hier: verzichtet), dann die Probe
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="8+8+1, 2", verletzung_augen="5, 5, 1"))
    a = z.kaempfer_namens("Alrik")
    assert a.blutet and a.ag_ergebnis == "fehlschlag" and len(a.verletzungen) == 2


def test_ausbluten_vor_den_karten_und_heilen_stoppt():
    z = start()
    z = _ausser_gefecht(anwenden(z, k.ereignis_runde(z)))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="5, 2", verletzung_augen="3, 4, 2"))
    z = naechste_runde(z)
    weiter = anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="7, 2"))  # 7−3 = 4: Erfolg
    assert weiter.kaempfer_namens("Alrik").blutet
    assert anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="6, 3")).kaempfer_namens("Alrik").tot
    assert not anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="8+3, 3")).kaempfer_namens("Alrik").blutet
    # keine Karten, solange die Probe aussteht (Issue 9); danach keine zweite Probe in dieser Runde
    with pytest.raises(KampfFehler, match="Alrik"):
        k.ereignis_karten(z, eingetippt={"Banditen": ["K♠"], "Baron": ["3♣"]})
    z2 = anwenden(weiter, k.ereignis_karten(weiter, eingetippt={"Banditen": ["K♠"], "Baron": ["3♣"]}))
    with pytest.raises(KampfFehler, match="schon"):
        anwenden(z2, k.ereignis_ausbluten(z2, "Alrik", augen="7, 2"))
    # Heilen durch einen anderen: einfache Probe ohne die Wundabzüge des Opfers, als Aktion im eigenen Zug
    zwei = replace(weiter, kaempfer=weiter.kaempfer + (held("Theo"),))
    with pytest.raises(KampfFehler, match="nicht an der Reihe"):
        k.ereignis_heilen(zwei, "Theo", "Alrik", augen="4, 1")
    zwei = anwenden(zwei, k.ereignis_karten(zwei, eingetippt={"Banditen": ["K♠"], "Baron": ["3♣"], "Theo": ["A♥"]}))
    zwei = aufrufen(zwei, "Theo")
    e = k.ereignis_heilen(zwei, "Theo", "Alrik", augen="4, 1")
    assert e.daten["probe"]["modifikator"] == 0
    geheilt = anwenden(zwei, e)
    assert not geheilt.kaempfer_namens("Alrik").blutet
    assert ("Theo", "heilen") in geheilt.aktionen_runde
    # misslingt es, darf Theo es in dieser Runde nicht noch einmal versuchen (dieselbe Aktion)
    fehl = anwenden(zwei, k.ereignis_heilen(zwei, "Theo", "Alrik", augen="2, 1", aktionen=2))
    assert fehl.kaempfer_namens("Alrik").blutet
    with pytest.raises(KampfFehler, match="nicht zweimal"):
        anwenden(fehl, k.ereignis_heilen(fehl, "Theo", "Alrik", augen="5, 1"))
    # zweite angesagte Aktion: −2 (Mehrfachaktionsabzug) auf die Heilenprobe
    assert k.ereignis_heilen(fehl, "Theo", "Alrik", augen="5, 1").daten["probe"]["modifikator"] == -2
    with pytest.raises(KampfFehler, match="andere"):
        k.ereignis_heilen(zwei, "Alrik", "Alrik", augen="4, 1")
    # nach dem Kampf (niemand ist an der Reihe): ohne Zug
    nach = anwenden(z, k.ereignis_heilen(replace(z, kaempfer=z.kaempfer + (held("Theo"),)), "Theo", "Alrik", augen="4, 1",
                                         als_aktion=False))
    assert not nach.kaempfer_namens("Alrik").blutet


def test_erholung_und_benny():
    z = runde_mit_karten(start(held(angeschlagen=True, wunden=1), baron()), {"Alrik": ["Q♥"], "Baron": ["2♣"]})
    with pytest.raises(KampfFehler, match="wenn er an der Reihe ist"):
        anwenden(z, k.ereignis_erholung(z, "Alrik", augen="6+3, 2"))
    z = aufrufen(z, "Alrik")
    assert z.erholung_offen == {"Alrik"}
    # Zu Beginn des Zugs ist die Erholungsprobe Pflicht: ohne sie kein Zugende, keine Aktion
    with pytest.raises(KampfFehler, match="erst die Erholungsprobe"):
        anwenden(z, k.ereignis_fertig(z))
    with pytest.raises(KampfFehler, match="Angeschlagen"):
        anwenden(z, k.ereignis_sprint(z, "Alrik", augen="3"))
    fehl = anwenden(z, k.ereignis_erholung(z, "Alrik", augen="4, 2"))  # 4−1 = 3
    assert fehl.kaempfer_namens("Alrik").angeschlagen and "Alrik" in fehl.nur_freie_aktionen
    erf = anwenden(z, k.ereignis_erholung(z, "Alrik", augen="5, 2"))
    assert not erf.kaempfer_namens("Alrik").angeschlagen and "Alrik" in erf.nur_freie_aktionen
    steig = anwenden(z, k.ereignis_erholung(z, "Alrik", augen="6+3, 2"))
    assert not steig.kaempfer_namens("Alrik").angeschlagen and "Alrik" not in steig.nur_freie_aktionen
    swade = anwenden(replace(z, optionen=Optionen(erholung_erfolg_handelt=True)), k.ereignis_erholung(z, "Alrik", augen="5, 2"))
    assert "Alrik" not in swade.nur_freie_aktionen
    # nach der Probe darf der Zug enden, aber keine zweite Probe im selben Zug
    assert anwenden(fehl, k.ereignis_fertig(fehl)).gehandelt == {"Alrik"}
    with pytest.raises(KampfFehler, match="schon eine Erholungsprobe"):
        anwenden(fehl, k.ereignis_erholung(fehl, "Alrik", augen="6+3, 2"))
    # Erfolg: nur freie Aktionen – kein Angriff in dieser Runde
    with pytest.raises(KampfFehler, match="nur freie Aktionen"):
        anwenden(erf, k.ereignis_angriff(erf, "Alrik", "Baron", "Langschwert", augen="9, 2"))
    # Benny nach fehlgeschlagener Erholungsprobe
    b = anwenden(fehl, k.ereignis_benny(fehl, "Alrik"))
    a = b.kaempfer_namens("Alrik")
    assert not a.angeschlagen and a.bennies == 2 and "Alrik" not in b.nur_freie_aktionen
    # Benny statt Probe zu Beginn des Zugs: handelt sofort normal
    bz = anwenden(z, k.ereignis_benny(z, "Alrik"))
    assert not bz.erholung_offen
    assert anwenden(bz, k.ereignis_angriff(bz, "Alrik", "Baron", "Langschwert", augen="9, 2")).offene_treffer


def test_spielleiter_bennies_fuer_schurken_wildcards():
    z = start(held(), baron(angeschlagen=True), spielleiter_bennies=1)
    z = anwenden(z, k.ereignis_benny(z, "Baron", quelle="spielleiter"))
    assert z.spielleiter_bennies == 0 and z.kaempfer_namens("Baron").bennies == 2
    z = anwenden(z, k.ereignis_benny_erhalten(z, "", 2))
    assert z.spielleiter_bennies == 2


# -- Protokoll: Rückgängig, Fortsetzen, Reinheit ----------------------------------------------------


def spiele_eine_runde(verlauf, rng):
    z = verlauf.zustand
    verlauf.ausfuehren(k.ereignis_runde(z))
    verlauf.ausfuehren(k.ereignis_karten(verlauf.zustand, rng=rng))
    while (n := verlauf.zustand.naechster()) is not None:
        aufrufen_verlauf(verlauf, n)
        z = verlauf.zustand
        for m in z.mitglieder(n):
            if m.angeschlagen and m.kampffaehig:
                verlauf.ausfuehren(k.ereignis_erholung(verlauf.zustand, m.name, rng=rng))
                continue
            z = verlauf.zustand
            if not m.kampffaehig or m.name in z.nur_freie_aktionen:
                continue
            ziele = [x for x in z.kaempfer if x.seite != m.seite and x.kampffaehig]
            if not ziele:
                break
            verlauf.ausfuehren(k.ereignis_angriff(z, m.name, ziele[0].name, m.waffen[0].name, rng=rng))
            while verlauf.zustand.offene_treffer:
                verlauf.ausfuehren(k.ereignis_schaden(verlauf.zustand, rng=rng))
                wer = k.wegstecken_offen(verlauf.zustand)
                if wer is not None:
                    verlauf.ausfuehren(k.ereignis_verzicht(verlauf.zustand, wer))
                for x in verlauf.zustand.kaempfer:
                    if x.ag_probe_offen:
                        verlauf.ausfuehren(k.ereignis_ausser_gefecht(verlauf.zustand, x.name, rng=rng))
        verlauf.ausfuehren(k.ereignis_fertig(verlauf.zustand))


def test_rueckgaengig_stellt_genau_den_vorigen_zustand_her():
    v = Verlauf(start(), anwenden)
    rng = random.Random(4)
    spiele_eine_runde(v, rng)
    zustaende = v.zustaende
    for i in range(len(v.ereignisse)):
        vorher = zustaende[-2 - i]
        assert v.rueckgaengig() == vorher
    assert v.zustand == start()


def test_fortsetzen_aus_dem_protokoll(tmp_path):
    anfang = start()
    datei = tmp_path / "kampf.jsonl"
    v = Verlauf(anfang, anwenden, datei=datei, system="savage_worlds", kopf=k.kopf(anfang))
    rng = random.Random(9)
    for _ in range(3):
        spiele_eine_runde(v, rng)
    v.rueckgaengig()
    v.schliessen()  # ein Schreiber je Kampf: erst die alte Sitzung schließen
    weiter, warnungen = Verlauf.fortsetzen(datei, k.start_aus_kopf, anwenden)
    assert warnungen == []
    assert weiter.zustand == v.zustand
    assert [e.art for e in weiter.ereignisse] == [e.art for e in v.ereignisse]


def test_festes_protokoll_mit_seed_ist_reproduzierbar():
    a, b = Verlauf(start(), anwenden), Verlauf(start(), anwenden)
    spiele_eine_runde(a, random.Random(123))
    spiele_eine_runde(b, random.Random(123))
    assert [e.text for e in a.ereignisse] == [e.text for e in b.ereignisse]
    assert all(e.regel.startswith("Savage Worlds › ") and e.text for e in a.ereignisse)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000))
def test_anwenden_veraendert_die_eingabe_nie(seed):
    v = Verlauf(start(), anwenden)
    spiele_eine_runde(v, random.Random(seed))
    for vorher, ereignis, nachher in zip(v.zustaende, v.ereignisse, v.zustaende[1:]):
        kopie = replace(vorher)
        assert anwenden(vorher, ereignis) == nachher
        assert vorher == kopie


def test_unbekanntes_ereignis():
    from gm_helfer.protokoll import Ereignis

    with pytest.raises(KampfFehler, match="Unbekannt"):
        anwenden(start(), Ereignis("zaubern", {}))


def test_blindes_feuer_heimlichkeit_ignoriert_den_treffer():
    mp = WAFFEN["Maschinenpistole"]
    ziel = replace(bandit(1), fertigkeiten=(("heimlichkeit", E(8)),))
    z = runde_mit_karten(start(held(waffen=(mp,)), ziel), {"Alrik": ["Q♥"], "Banditen": ["K♠"]})
    z = _am_zug(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Maschinenpistole", Angriffssituation(blind=True),
                                       augen="8+2, 2, 3, 2"))
    assert len(z.offene_treffer) == 1  # 10 − 4 = 6 trifft, 3 − 4 und 2 − 4 nicht
    e = k.ereignis_heimlichkeit(z, "Bandit 1", feuerrate=3, augen="5")
    assert e.daten["probe"]["modifikator"] == -2  # Feuerrate 3: −2
    bleibt = anwenden(z, e).offene_treffer  # 5 − 2 = 3: Treffer bleibt (und die Probe ist verbraucht)
    assert len(bleibt) == 1 and bleibt[0].heimlichkeit
    weg = anwenden(z, k.ereignis_heimlichkeit(z, augen="6"))  # Ziel und Feuerrate aus dem offenen Treffer
    assert weg.offene_treffer == ()
    assert len(anwenden(z, k.ereignis_heimlichkeit(z, augen="5")).offene_treffer) == 1


def test_sprint_ohne_wundabzug_auf_den_wuerfel():
    z = runde_mit_karten(start(held(wunden=2)), {"Alrik": ["Q♥"]})
    z = aufrufen(z, "Alrik")
    e = k.ereignis_sprint(z, "Alrik", augen="5")
    assert "4“ + 5“ = 9“" in e.text
    neu = anwenden(z, e)
    assert neu.sprint == (("Alrik", 5),) and ("Alrik", "sprint") in neu.aktionen_runde
    assert k.bewegung_uebrig(neu, "Alrik")["gehen"] == 9


# -- Beispiele aus dem Regeltext -------------------------------------------------------------------


def test_regeltext_wegstecken_zwei_von_drei_kein_zweites_wegstecken_nur_wiederholen():
    # „Falls er mit der Konstitutionsprobe zum Beispiel zwei von drei Wunden abbaut, kann er keinen
    # weiteren Bennie ausgeben, um eine weitere Konstitutionsprobe gegen die verbleibende Wunde
    # abzulegen. (Er kann jedoch einen Bennie ausgeben, um die erste Konstitutionsprobe zu wiederholen.)“
    z = runde_mit_karten(start(held(), baron()), {"Alrik": ["Q♥"], "Baron": ["K♠"]})
    z = _am_zug(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="10+5, 3"))  # 18 gegen 6: drei Wunden
    assert z.offener_schaden.wunden == 3
    z = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="8+1, 2"))  # 9: Steigerung, zwei weg
    assert z.kaempfer_namens("Alrik").wunden == 1
    # ein zweiter Benny ist eine Wiederholung: ein einfacher Erfolg nimmt nicht noch eine Wunde
    z2 = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="5, 2"))
    assert z2.kaempfer_namens("Alrik").wunden == 1 and z2.kaempfer_namens("Alrik").bennies == 1


def test_regeltext_dreissig_zombies_in_fuenf_sechsergruppen():
    zombies = [Kaempfer(f"Zombie {i}", "Schurken", False, gruppe=f"Zombies {i // 6 + 1}") for i in range(30)]
    z = start(held(), *zombies)
    z = naechste_runde(z)
    assert len(k.braucht_karte(z)) == 6  # Alrik und fünf Zombiegruppen


def test_regeltext_blitzhieb_zwei_kaempfenwuerfel_ein_wildcard_wuerfel():
    z = runde_mit_karten(start(held(talente=frozenset({"blitzhieb"})), baron()), {"Alrik": ["Q♥"], "Baron": ["K♠"]})
    w = k.angriffs_werte(z, "Alrik", "Baron", "Langschwert", Angriffssituation(blitzhieb=True))
    assert w["anzahl"] == 2 and w["wildcard"]
    z = _am_zug(z, "Alrik")
    e = k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", Angriffssituation(blitzhieb=True), augen="9, 3, 6+4")
    assert len(e.daten["probe"]["wurf"]["augen"]) == 3  # zwei Kämpfenwürfel und ein Wildcard-Würfel
    z = anwenden(z, e)
    # der Wildcard-Würfel (10) ersetzt die 3: 10−2 = 8 trifft Parade 8, 9−2 = 7 nicht
    assert len(z.offene_treffer) == 1


def test_verlorene_unterbrechung_und_angeschlagen_nie_wieder_abwarten_in_dieser_runde():
    """„Falls der unterbrechende Charakter verliert, kann er sich nicht mehr entscheiden, weiter
    Abzuwarten“; „Falls er bei der Erholungsprobe eine Steigerung erzielt, kann er wie gewohnt
    sofort normal handeln, nicht jedoch erneut Abwarten.“"""
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_abwarten(z))
    z = aufrufen(z, "Banditen")
    verloren = anwenden(z, k.ereignis_unterbrechen(z, "Alrik", "Bandit 1", augen="3, 2", gegen_augen="5"))
    verloren = anwenden(verloren, k.ereignis_fertig(verloren))
    dran = aufrufen(verloren, "Alrik")  # auch wenn er später an die Reihe kommt
    with pytest.raises(KampfFehler, match="muss handeln"):
        anwenden(dran, k.ereignis_abwarten(dran))
    # Angeschlagen an der Reihe, Erholung mit Steigerung: handelt normal, wartet aber nicht ab
    a = runde_mit_karten(start(held(angeschlagen=True), bandit(1), bandit(2), baron()),
                         {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    a = aufrufen(a, "Alrik")
    a = anwenden(a, k.ereignis_erholung(a, "Alrik", augen="6+3, 2"))
    assert "Alrik" not in a.nur_freie_aktionen
    with pytest.raises(KampfFehler, match="muss handeln"):
        anwenden(a, k.ereignis_abwarten(a))
    # in der nächsten Runde darf er wieder abwarten
    a = anwenden(a, k.ereignis_fertig(a))
    a = runde_mit_karten(a, {"Alrik": ["A♥"], "Baron": ["5♣"]})  # die Banditen warten noch ab
    a = aufrufen(a, "Alrik")
    assert "Alrik" in anwenden(a, k.ereignis_abwarten(a)).abwartend


def test_manoever_macht_angeschlagen_aber_nie_eine_wunde():
    """„Allerdings können nur physische Angriffe auf diese Weise Wunden verursachen, nicht jedoch
    Geistige Duelle oder andere Manöver.“"""
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_abwarten(z))
    e = k.ereignis_manoever(z, "Alrik", grund="Geistiges Duell")
    assert e.regel == "Savage Worlds › Schaden › Schaden anwenden"
    einmal = anwenden(z, e)
    a = einmal.kaempfer_namens("Alrik")
    assert a.angeschlagen and a.wunden == 0
    # ein Abwartender, der Angeschlagen ist, muss als Nächster die Erholungsprobe ablegen (Issue 9)
    assert einmal.naechster() == "Alrik" and k.erholung_sofort(einmal) == ("Alrik",)
    zweimal = anwenden(einmal, k.ereignis_manoever(einmal, "Alrik"))
    assert zweimal.kaempfer_namens("Alrik").wunden == 0 and "keine Wunde" in k.ereignis_manoever(einmal, "Alrik").text
    zweimal = anwenden(zweimal, k.ereignis_am_zug(zweimal))
    assert zweimal.am_zug == "Alrik" and "Alrik" in zweimal.muss_handeln
    zweimal = anwenden(zweimal, k.ereignis_erholung(zweimal, "Alrik", augen="2, 1"))  # bleibt Angeschlagen
    zweimal = anwenden(zweimal, k.ereignis_fertig(zweimal))
    # ein physischer Treffer auf den Angeschlagenen macht dagegen eine Wunde
    z2 = aufrufen(zweimal, "Banditen")
    z2 = anwenden(z2, k.ereignis_angriff(z2, "Bandit 1", "Alrik", "Kurzschwert", augen="6+1"))
    z2 = anwenden(z2, k.ereignis_schaden(z2, augen="5, 2"))  # 7 gegen Robustheit 6: Erfolg → Wunde
    assert z2.kaempfer_namens("Alrik").wunden == 1


def test_pattsituation_geschicklichkeit_bestimmt_die_reihenfolge_naechste_runde_wieder_karten():
    z = runde_mit_karten(start(), {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]})
    for emp in ("Banditen", "Alrik", "Baron"):
        z = aufrufen(z, emp)
        z = anwenden(z, k.ereignis_abwarten(z))
    assert z.abwartend == {"Alrik", "Banditen", "Baron"}
    with pytest.raises(KampfFehler, match="mindestens zwei"):
        k.ereignis_patt(z, ["Alrik"], augen={"Alrik": "3, 2"})
    e = k.ereignis_patt(z, ["Alrik", "Banditen", "Baron"], augen={"Alrik": "5, 2", "Banditen": "6+1", "Baron": "5, 1"})
    assert e.regel == "Savage Worlds › Abwarten › Pattsituation" and "gleichzeitig" in e.text
    z = anwenden(z, e)
    assert z.patt_folge[0] == "Banditen" and set(z.patt_folge[1:]) == {"Alrik", "Baron"}
    assert not z.abwartend
    reihe = []
    while (n := z.naechster()) is not None:
        z = aufrufen(z, n)
        reihe.append(n)
        z = anwenden(z, k.ereignis_fertig(z))
    assert reihe == list(z.patt_folge)
    z = naechste_runde(z)
    assert set(k.braucht_karte(z)) == {"Alrik", "Banditen", "Baron"} and z.patt_folge == ()


def test_pattsituation_nach_hinterhalt_ohne_karten():
    z = start()
    z = naechste_runde(z)
    z = anwenden(z, k.ereignis_ueberraschung(z, ["Banditen", "Baron"], ["Alrik"], augen={"Alrik": "1, 2"}))
    z = anwenden(z, k.ereignis_patt(z, ["Banditen", "Baron"], augen={"Banditen": "2", "Baron": "7, 3"}))
    z = anwenden(z, k.ereignis_am_zug(z))
    assert z.am_zug == "Baron"
