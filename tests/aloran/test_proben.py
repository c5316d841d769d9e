"""Regeln und Tabellen der Aloran-Proben, mit den Beispielen des Regeltexts als Tabellentests."""

from fractions import Fraction

import pytest

from gm_helfer.aloran import proben
from gm_helfer.aloran.daten import ZONEN
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler


@pytest.mark.parametrize(("auge", "schwierigkeit", "wert"), [
    (1, 7, -1), (2, 7, 0), (6, 7, 0), (7, 7, 1), (9, 7, 1), (10, 7, 2),
    (5, 5, 1), (4, 5, 0), (10, 10, 2), (9, 10, 0), (2, 2, 1), (1, 2, -1),
])
def test_wert_eines_wuerfels(auge, schwierigkeit, wert):
    # „Als Erfolg gilt jeder Würfel … größer oder gleich … Eine Eins negiert … eine 0 zählt doppelt.“
    assert proben.wert_eines_wuerfels(auge, schwierigkeit) == wert


@pytest.mark.parametrize(("augen", "netto"), [
    ((7, 3, 10, 1), 2), ((1, 1, 8), 0), ((10, 10), 4), ((1, 10), 1), ((), 0), ((6, 6, 6), 0), ((8, 9), 2),
])
def test_netto_erfolge(augen, netto):
    assert proben.netto_erfolge(augen, 7) == netto


def test_mindestens_zwei_erfolge():
    assert not proben.gelingt(1) and proben.gelingt(2)


@pytest.mark.parametrize(("stufe", "schwierigkeit"), [(0, 7), (1, 7), (2, 7), (3, 7), (4, 6), (5, 5)])
def test_meisterschaft_senkt_grundschwierigkeit(stufe, schwierigkeit):
    assert proben.schwierigkeit(stufe) == schwierigkeit
    assert proben.schwierigkeit(stufe, meisterschaft=False) == 7


def test_schwierigkeit_bleibt_im_bereich():
    assert proben.schwierigkeit(5, modifikator=-9) == 2
    assert proben.schwierigkeit(0, modifikator=9) == 10
    with pytest.raises(AloranFehler, match="Schwierigkeit 11"):
        proben.netto_erfolge((5,), 11)


@pytest.mark.parametrize(("differenz", "kat"), [
    (-3, "verfehlt"), (0, "verfehlt"), (1, "streiftreffer"), (2, "treffer"), (3, "treffer"),
    (4, "schwerer_treffer"), (5, "schwerer_treffer"), (6, "toedlicher_treffer"), (11, "toedlicher_treffer"),
])
def test_vergleichstabelle(differenz, kat):
    assert proben.kategorie(differenz) == kat


@pytest.mark.parametrize(("kat", "neu", "alt"), [
    ("verfehlt", 0, 0), ("streiftreffer", Fraction(1, 2), Fraction(1, 2)), ("treffer", 1, 1),
    ("schwerer_treffer", 2, 1), ("toedlicher_treffer", 3, 1),
])
def test_schadensfaktor_neue_und_alte_tabelle(kat, neu, alt):
    assert proben.schadensfaktor(kat) == neu
    assert proben.schadensfaktor(kat, Optionen(alte_schadenstabelle=True)) == alt


def test_option_angriff_braucht_zwei_erfolge():
    assert proben.vergleich(1, 0) == "streiftreffer"
    assert proben.vergleich(1, 0, Optionen(angriff_braucht_zwei_erfolge=True)) == "verfehlt"
    assert proben.vergleich(2, 0, Optionen(angriff_braucht_zwei_erfolge=True)) == "treffer"


def test_patzer_beispiel_des_regeltexts():
    # „Wenn also ein Charakter einem Nahkampfwert von ⚫️⚫️⚫️ exakt 3 oder mehr Einser würfelt, hat er gepatzt.“
    assert proben.ist_patzer((1, 1, 1, 5), 3)
    assert proben.ist_patzer((1, 1, 1, 1), 3)
    assert not proben.ist_patzer((1, 1, 9, 9), 3)
    assert proben.ist_patzer((1,), 0)  # Lesart: Stufe 0 patzt wie Stufe 1
    assert not proben.ist_patzer((5,), 0)


@pytest.mark.parametrize(("stufe", "schwelle"), [(1, 9), (2, 8), (3, 7), (4, 6), (5, 5)])
def test_meistertreffer_tabelle(stufe, schwelle):
    # Tabelle „Beispiele“: TALENTSTUFE (10 -) n → ERFOLGSSCHWELLE
    assert proben.meisterschwelle(stufe) == schwelle
    assert not proben.ist_meistertreffer(schwelle, stufe)
    assert proben.ist_meistertreffer(schwelle + 1, stufe)
    assert proben.ist_meistertreffer(schwelle, stufe, Optionen(meistertreffer_ab_schwelle=True))
    assert not proben.ist_meistertreffer(schwelle - 1, stufe, Optionen(meistertreffer_ab_schwelle=True))


@pytest.mark.parametrize(("w20", "zone"), [
    (20, "Kopf"), (19, "Kopf"), (18, "Torso"), (15, "Torso"), (14, "Schwertarm"), (12, "Schwertarm"),
    (11, "Schildarm"), (9, "Schildarm"), (8, "Lendengegend"), (7, "Lendengegend"),
    (6, "Rechtes Bein"), (4, "Rechtes Bein"), (3, "Linkes Bein"), (1, "Linkes Bein"),
])
def test_trefferzonen_tabelle(w20, zone):
    assert proben.trefferzone(w20).name == zone


def test_trefferzonen_decken_w20_genau_einmal():
    seiten = sorted(s for z in ZONEN for s in range(z.von, z.bis + 1))
    assert seiten == list(range(1, 21))
    assert all(z.wundschwellen == 3 for z in ZONEN)


@pytest.mark.parametrize(("w6", "patzer", "meister"), [
    (1, "schaden", "schaden"), (2, "schaden", "schaden"), (3, "beeintraechtigt", "beeintraechtigt"),
    (4, "beeintraechtigt", "beeintraechtigt"), (5, "bonusaktion", "bonusaktion"), (6, "bonusaktion", "bonusaktion"),
])
def test_w6_tabellen(w6, patzer, meister):
    assert proben.patzerfolge(w6).wirkung == patzer
    assert proben.meisterfolge(w6).wirkung == meister
    with pytest.raises(AloranFehler):
        proben.patzerfolge(7)


@pytest.mark.parametrize(("summe", "fertigkeit", "attribut", "wert", "name"), [
    (3, 5, 5, -2, "Gunst des Schicksals"),   # 3 − 3 − 2
    (5, 2, 3, 5, "Abgewandt"),               # 5 + 0 + 0
    (10, 3, 3, 9, "Selbstverletzt"),         # 10 − 1 + 0
    (12, 0, 1, 17, "Schwerer Patzer"),       # 12 + 3 + 2
    (18, 0, 1, 23, "Schicksalsschlag"),      # 18 + 3 + 2
    (4, 1, 2, 6, "Abgewandt"),               # 4 + 1 + 1
    (11, 1, 2, 13, "Stolpern"),
    (14, 2, 3, 14, "Sturz"),
])
def test_alte_patzertabelle(summe, fertigkeit, attribut, wert, name):
    assert proben.alter_patzerwert(summe, fertigkeit, attribut) == wert
    assert proben.alter_patzer(wert).name == name


def test_eingetippte_augen_null_ist_zehn():
    wurf = proben.wuerfle_pool(3, 7, augen="0 7 1")
    assert wurf.augen == (10, 7, 1) and wurf.eingetippt and wurf.netto == 2
    assert proben.wuerfle_pool(2, 7, augen=[0, "9"]).augen == (10, 9)
    assert "[0 7 1]" in str(wurf)


def test_eingetippte_augen_fehler_auf_deutsch():
    with pytest.raises(AloranFehler, match="2 Augen eingetippt, aber 3 W10"):
        proben.wuerfle_pool(3, 7, augen="5 5")
    with pytest.raises(AloranFehler, match="W10 zeigt keine 11"):
        proben.wuerfle_pool(1, 7, augen="11")
    with pytest.raises(AloranFehler, match="keine Augenzahl"):
        proben.wuerfle_pool(1, 7, augen="x")
    with pytest.raises(AloranFehler, match="eintippen oder würfeln"):
        proben.wuerfle_pool(1, 7)
    with pytest.raises(AloranFehler, match="-1 Würfel"):
        proben.wuerfle_pool(-1, 7, augen="")


def test_wuerfeln_mit_rng_ist_reproduzierbar():
    import random

    import numpy as np

    a = proben.wuerfle_pool(8, 7, rng=random.Random(3))
    b = proben.wuerfle_pool(8, 7, rng=random.Random(3))
    assert a == b and not a.eingetippt and all(1 <= x <= 10 for x in a.augen)
    c = proben.wuerfle_pool(8, 7, rng=np.random.default_rng(1))
    assert len(c.augen) == 8


def test_netto_erfolge_aus_der_tafel_wie_wuerfel_fuer_wuerfel():
    """Die Tafel für einzelne Pools (Issue 10) gibt dasselbe wie die Summe über ``wert_eines_wuerfels``."""
    import itertools

    for schwierigkeit in range(2, 11):
        for augen in itertools.product(range(1, 11), repeat=3):
            erwartet = max(0, sum(proben.wert_eines_wuerfels(a, schwierigkeit) for a in augen))
            assert proben.netto_erfolge(augen, schwierigkeit) == erwartet
    assert proben.netto_erfolge((), 7) == 0 and proben.netto_erfolge((11, 12), 7) == 2  # außerhalb der Tafel


def test_pool_aus_random_wie_zufallszahl_je_wuerfel():
    """Der schnelle Weg für ``random.Random`` zieht dieselben Zahlen wie ``wuerfel.zufallszahl`` je Würfel."""
    import random

    from gm_helfer import wuerfel

    for saat in range(20):
        a, b = random.Random(saat), random.Random(saat)
        for anzahl in (0, 1, 5, 12):
            schwierigkeit = 2 + (saat + anzahl) % 9
            w = proben.wuerfle_pool(anzahl, schwierigkeit, rng=a)
            assert w.augen == tuple(wuerfel.zufallszahl(b, 10) for _ in range(anzahl))
            # gleich mitgerechnet: wie aus den Augen
            assert (w.netto, w.einser) == (proben.netto_erfolge(w.augen, schwierigkeit), proben.einser(w.augen))
        assert a.random() == b.random()


def test_auffuellung_zaehlt_bei_jeder_schwierigkeit_nichts():
    """„Ein Auge 0 (Auffüllung eines Feldes, ‚kein Würfel‘) trägt 0 bei“ – auch bei Schwierigkeit 0,
    die die gebündelte Maschine für ein Ziel ohne Verteidigung gegen diesen Angreifer einsetzt. Vorher
    zählte dort jede Auffüllung als Erfolg: wehrte sich in einem anderen Kampf desselben Aufrufs jemand
    mit einem Pool, bekam das wehrlose Ziel so viele Erfolge, wie jener Pool breit war."""
    import numpy as np

    for s in range(proben.MAX_SCHWIERIGKEIT + 1):
        assert proben.wert_eines_wuerfels(0, s) == 0
        assert proben.wert_eines_wuerfels(np.array([0, 0]), np.array([s, s])).tolist() == [0, 0]
    assert proben.netto_erfolge(np.zeros((2, 6), np.int64), np.array([0, 7])).tolist() == [0, 0]
