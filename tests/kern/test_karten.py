"""Tests für gm_helfer.karten: Blatt, Rangfolge, Ziehen, Ablage, eingetippte Karten."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.karten import JOKER, Karte, KartenFehler, Stapel, blatt, karte_svg, karten_html


def test_blatt_hat_54_verschiedene_karten_mit_zwei_jokern():
    karten = blatt()
    assert len(karten) == 54 == len(set(karten))
    assert sum(k.ist_joker for k in karten) == 2


@pytest.mark.parametrize(
    ("hoeher", "niedriger"),
    [
        ("Joker", "A♠"),
        ("Joker rot", "A♠"),
        ("A♣", "K♠"),
        ("A♠", "A♥"),
        ("A♥", "A♦"),
        ("A♦", "A♣"),
        ("3♣", "2♠"),
        ("10♠", "9♠"),
        ("B♣", "10♠"),
    ],
)
def test_rangfolge_ass_hoch_farben_pik_herz_karo_kreuz(hoeher, niedriger):
    assert Karte.parse(hoeher) > Karte.parse(niedriger)


def test_beide_joker_gleich_hoch():
    assert Karte.parse("Joker rot").rang == Karte.parse("Joker schwarz").rang
    assert Karte.parse("Joker rot") != Karte.parse("Joker schwarz")


def test_sortierte_reihenfolge_ist_herunterzaehlen():
    karten = sorted(blatt(), reverse=True)
    assert karten[0].ist_joker and karten[1].ist_joker
    assert [str(k) for k in karten[2:6]] == ["A♠", "A♥", "A♦", "A♣"]
    assert str(karten[-1]) == "2♣"


@pytest.mark.parametrize(
    ("text", "karte"),
    [
        ("A♠", Karte(14, "Pik")),
        ("Pik Ass", Karte(14, "Pik")),
        ("10h", Karte(10, "Herz")),
        ("KH", Karte(13, "Herz")),
        ("Herz 7", Karte(7, "Herz")),
        ("Kreuz Bube", Karte(11, "Kreuz")),
        ("D♦", Karte(12, "Karo")),
        ("Joker", Karte(JOKER, "schwarz")),
        ("Joker (rot)", Karte(JOKER, "rot")),
    ],
)
def test_karte_lesen(text, karte):
    assert Karte.parse(text) == karte


@pytest.mark.parametrize("text", ["", "Z9", "Pik", "15 Pik", "Joker blau", "A♠♠"])
def test_karte_lesen_fehler(text):
    with pytest.raises(KartenFehler):
        Karte.parse(text)


def test_karte_druckt_und_liest_sich_wieder():
    for karte in blatt():
        assert Karte.parse(str(karte)) == karte


def test_ziehen_und_ablage_einmischen():
    rng = random.Random(5)
    stapel = Stapel.neu(rng=rng)
    gezogen, stapel = stapel.ziehen(50, rng=rng)
    stapel = stapel.ablegen(gezogen)
    gezogen2, stapel = stapel.ziehen(10, rng=rng)
    # 4 aus dem Rest, dann 6 aus der eingemischten Ablage; keine Karte doppelt im Umlauf
    assert len(set(gezogen2)) == 10
    assert stapel.ausgeteilt == frozenset(gezogen2)
    assert len(stapel.ziehstapel) + len(stapel.ablage) + 10 == 54


def test_alle_karten_ausgeteilt_ist_klarer_fehler():
    rng = random.Random(1)
    _, stapel = Stapel.neu(rng=rng).ziehen(54, rng=rng)
    with pytest.raises(KartenFehler, match="ausgeteilt"):
        stapel.ziehen(1, rng=rng)


def test_eingetippte_karten_keine_doppelt():
    stapel = Stapel.neu(rng=random.Random(2))
    karten, stapel = stapel.ziehen_eingetippt(["A♠", "Joker rot", "7h"])
    assert [str(k) for k in karten] == ["A♠", "Joker (rot)", "7♥"]
    with pytest.raises(KartenFehler, match="schon ausgeteilt"):
        stapel.ziehen_eingetippt(["A♠"])
    with pytest.raises(KartenFehler, match="zweimal"):
        stapel.ziehen_eingetippt(["2♣", "2c"])


def test_eingetippte_karte_aus_ablage_ist_schon_gespielt():
    """Issue 9: eine Karte von der Ablage, solange der Stapel nicht aufgebraucht ist, ist ein
    Fehler – kein stilles Einmischen der Ablage."""
    stapel = Stapel.neu(rng=random.Random(2))
    karten, stapel = stapel.ziehen_eingetippt(["A♠"])
    stapel = stapel.ablegen(karten)
    with pytest.raises(KartenFehler, match="schon gespielt"):
        stapel.ziehen_eingetippt(["A♠"])


def test_eingetippte_karte_aus_ablage_wenn_der_stapel_aufgebraucht_ist():
    stapel = Stapel.neu(rng=random.Random(2))
    karten, stapel = stapel.ziehen_eingetippt(["A♠"])
    stapel = stapel.ablegen(karten)
    rest = list(stapel.ziehstapel)
    karten, stapel = stapel.ziehen_eingetippt(rest + ["A♠"])
    assert stapel.ablage == () and stapel.ziehstapel == ()
    assert len(stapel.ausgeteilt) == 54


def test_ablegen_nur_ausgeteilte():
    stapel = Stapel.neu(rng=random.Random(2))
    with pytest.raises(KartenFehler):
        stapel.ablegen([stapel.ziehstapel[0]])


def test_mischen_behaelt_karte_des_abwartenden():
    rng = random.Random(3)
    gezogen, stapel = Stapel.neu(rng=rng).ziehen(5, rng=rng)
    stapel = stapel.mischen(rng=rng, behalten=gezogen[:1])
    assert stapel.ausgeteilt == {gezogen[0]}
    assert len(stapel.ziehstapel) == 53 and stapel.ablage == ()


def test_gleicher_seed_gleiche_reihenfolge():
    assert Stapel.neu(rng=random.Random(9)) == Stapel.neu(rng=random.Random(9))
    assert Stapel.neu(rng=random.Random(9)) != Stapel.neu(rng=random.Random(10))


_zug = st.one_of(
    st.tuples(st.just("ziehen"), st.integers(0, 12)),
    st.tuples(st.just("ablegen"), st.integers(0, 20)),
    st.tuples(st.just("mischen"), st.integers(0, 3)),
)


@settings(max_examples=150)
@given(st.integers(0, 2**32 - 1), st.lists(_zug, max_size=30))
def test_stapel_verliert_und_verdoppelt_keine_karte(seed, zuege):
    rng = random.Random(seed)
    stapel = Stapel.neu(rng=rng)
    hand: list[Karte] = []
    for art, n in zuege:
        if art == "ziehen":
            if len(hand) + n > 54:
                continue
            neu, stapel = stapel.ziehen(n, rng=rng)
            hand += neu
        elif art == "ablegen":
            weg, hand = hand[:n], hand[n:]
            stapel = stapel.ablegen(weg)
        else:
            behalten = hand[:n]
            stapel = stapel.mischen(rng=rng, behalten=behalten)
            hand = behalten
        alle = list(stapel.ziehstapel) + list(stapel.ablage) + hand
        assert len(alle) == 54 and set(alle) == set(blatt())
        assert stapel.ausgeteilt == frozenset(hand)


def test_karten_bilder():
    svg = karte_svg(Karte.parse("D♥"))
    assert svg.startswith("<svg") and "D♥" in svg and "#c62828" in svg
    assert "JOKER" in karte_svg(Karte.parse("Joker"))
    html = karten_html([Karte.parse("A♠"), Karte.parse("2♣")])
    assert html.count("<svg") == 2


def test_zieher_zieht_wie_ziehen_zufaellig_auch_ueber_das_einmischen_der_ablage():
    """``Stapel.zieher``: dieselben Zufallszahlen, dieselben Karten, derselbe Stapel danach wie
    Karte für Karte ``ziehen_zufaellig`` – auch wenn der Ziehstapel leer wird und die Ablage
    zum Ziehstapel wird; sind alle Karten ausgeteilt, dieselbe Meldung."""
    karten = blatt()
    start = Stapel(tuple(karten[:5]), tuple(karten[5:12]))
    a, b = random.Random(7), random.Random(7)
    stapel, zieher = start, start.zieher()
    for _ in range(12):
        karte, stapel = stapel.ziehen_zufaellig(rng=a)
        assert zieher.ziehen(rng=b) == karte
        assert zieher.stapel() == stapel
    with pytest.raises(KartenFehler, match="Alle 54 Karten") as erwartet:
        stapel.ziehen_zufaellig(rng=a)
    with pytest.raises(KartenFehler) as bekommen:
        zieher.ziehen(rng=b)
    assert str(bekommen.value) == str(erwartet.value)
