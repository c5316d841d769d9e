"""Tests für gm_helfer.wuerfel: Notation, Würfe, eingetippte Augen."""

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import wuerfel
from gm_helfer.wuerfel import Ausdruck, Wuerfel, WuerfelFehler, parse, wuerfle, wurf


@pytest.mark.parametrize(
    ("text", "erwartet"),
    [
        ("W6", "W6"),
        ("2W6+1", "2W6+1"),
        ("W8+W6", "W8+W6"),
        ("3W4", "3W4"),
        ("W100", "W100"),
        ("1d10", "W10"),
        ("d8+2", "W8+2"),
        ("W12-1", "W12-1"),
        ("w6", "W6"),
        ("2d6 + 1", "2W6+1"),
        ("W6!", "W6!"),
        ("w8!+w6!", "W8!+W6!"),
        ("W8-W4", "W8-W4"),
        ("d%", "W100"),
        ("1+W6", "W6+1"),
    ],
)
def test_notation_deutsch_und_englisch(text, erwartet):
    assert str(parse(text)) == erwartet


def test_parse_struktur():
    a = parse("2W6!-W4+3-1")
    assert a.wuerfel == (Wuerfel(2, 6, True, 1), Wuerfel(1, 4, False, -1))
    assert a.konstante == 2
    assert a.anzahl_wuerfel == 3
    assert a.hat_explosion


@pytest.mark.parametrize(
    ("text", "teil"),
    [
        ("", "leer"),
        ("W7x", "kein gültiger"),
        ("W1", "mindestens 2 Seiten"),
        ("W0", "mindestens 2 Seiten"),
        ("0W6", "mindestens ein Würfel"),
        ("99999999999W6", "zu viele"),
        ("W99999999999", "zu groß"),
        ("5", "keinen Würfel"),
        ("W6 W8", "fehlt ein \\+ oder -"),
        ("2W6+", "kein gültiger"),
        ("Schwert", "kein gültiger"),
    ],
)
def test_fehlerhafte_notation_deutsche_meldung(text, teil):
    with pytest.raises(WuerfelFehler, match=teil):
        parse(text)


def test_wuerfelfehler_ist_valueerror():
    assert issubclass(WuerfelFehler, ValueError)


def test_parse_nimmt_keinen_nicht_text():
    with pytest.raises(WuerfelFehler):
        parse(6)  # type: ignore[arg-type]


_gruppe = st.builds(
    Wuerfel,
    anzahl=st.integers(1, 20),
    seiten=st.integers(2, 1000),
    explodierend=st.booleans(),
    vorzeichen=st.just(1),
)


@settings(max_examples=200)
@given(
    st.lists(_gruppe, min_size=1, max_size=4),
    st.lists(st.booleans(), min_size=4, max_size=4),
    st.integers(-50, 50),
)
def test_parse_und_drucken_sind_umkehrbar(gruppen, minus, konstante):
    # Die erste Gruppe positiv, die anderen mit beliebigem Vorzeichen.
    gruppen = [gruppen[0]] + [
        Wuerfel(g.anzahl, g.seiten, g.explodierend, -1 if m else 1)
        for g, m in zip(gruppen[1:], minus, strict=False)
    ]
    a = Ausdruck(tuple(gruppen), konstante)
    assert parse(str(a)) == a


@settings(max_examples=200)
@given(st.text(max_size=12))
def test_parse_wirft_nur_wuerfelfehler(text):
    try:
        a = parse(text)
    except WuerfelFehler:
        return
    assert a.anzahl_wuerfel >= 1


@pytest.mark.parametrize(
    ("text", "seiten", "wert"),
    [("0", 10, 10), ("00", 100, 100), ("0", 100, 100), ("7", 10, 7), (" 3 ", 6, 3), (6, 6, 6)],
)
def test_augenzahl(text, seiten, wert):
    assert wuerfel.augenzahl(text, seiten) == wert


@pytest.mark.parametrize(
    ("text", "seiten", "teil"),
    [("7", 6, "zeigt keine 7"), ("0", 6, "zeigt keine 0"), ("x", 6, "nur Ziffern"), ("-1", 6, "nur Ziffern"),
     (True, 6, "keine Augenzahl")],
)
def test_augenzahl_fehler(text, seiten, teil):
    with pytest.raises(WuerfelFehler, match=teil):
        wuerfel.augenzahl(text, seiten)


def test_wurf_eingetippt_mit_explosion():
    w = wurf("W6!+2", augen="6+6+3")
    assert w.gesamt == 17
    assert w.wuerfe[0].augen == (6, 6, 3)
    assert w.wuerfe[0].natuerlich == 6
    assert w.eingetippt


def test_wurf_eingetippt_mehrere_wuerfel_und_vorzeichen():
    w = wurf("2W6-W4+1", augen=[3, 5, 4])
    assert w.gesamt == 3 + 5 - 4 + 1
    w2 = wurf("W8!+W6!", augen="8+2, 4")
    assert w2.gesamt == 14
    assert str(w2) == "W8!+W6!: [8+2, 4] = 14"


@pytest.mark.parametrize(
    ("ausdruck", "augen", "teil"),
    [
        ("2W6", "3", "braucht 2 Würfel"),
        ("W6", "7", "zeigt keine 7"),
        ("W6!", "6", "explodiert bei 6"),
        ("W6!", "5+2", "nur nach einer 6"),
        ("W6", "6+2", "genau eine Augenzahl"),
        ("W6!", "6+", "fehlt eine Augenzahl"),
    ],
)
def test_eingetippte_augen_werden_geprueft(ausdruck, augen, teil):
    with pytest.raises(WuerfelFehler, match=teil):
        wurf(ausdruck, augen=augen)


def test_w10_null_und_w100_nullnull():
    assert wurf("W10", augen="0").gesamt == 10
    assert wurf("W100", augen="00").gesamt == 100


def test_genau_eines_von_rng_und_augen():
    with pytest.raises(TypeError):
        wurf("W6")
    with pytest.raises(TypeError):
        wurf("W6", rng=random.Random(1), augen="3")


@pytest.mark.parametrize("rng", [random.Random(7), np.random.default_rng(7)])
def test_wurf_mit_rng_arten(rng):
    for _ in range(200):
        w = wurf("2W6!+1", rng=rng)
        for einzel in w.wuerfe:
            assert all(a == 6 for a in einzel.augen[:-1])
            assert 1 <= einzel.augen[-1] <= 5
        assert not w.eingetippt
        assert w.gesamt == sum(e.summe for e in w.wuerfe) + 1


def test_wurf_reproduzierbar_mit_gleichem_seed():
    a = [wurf("3W8!", rng=random.Random(42)).gesamt for _ in range(1)]
    b = [wurf("3W8!", rng=random.Random(42)).gesamt for _ in range(1)]
    assert a == b


def test_wurf_verteilung_passt_zu_wuerfel():
    rng = random.Random(3)
    zaehler = [0] * 7
    for _ in range(12000):
        zaehler[wuerfle(6, rng=rng).summe] += 1
    assert all(1700 < z < 2300 for z in zaehler[1:])


def test_explosion_kettenlaenge_ohne_grenze():
    class Immer6:
        def __init__(self, n):
            self.n = n

        def randint(self, a, b):
            self.n -= 1
            return b if self.n > 0 else 1

    w = wuerfle(6, rng=Immer6(40), explodierend=True)
    assert len(w.augen) == 40


def test_wurf_dict_rundreise():
    w = wurf("W8!+W6!+1", augen="8+3, 2")
    assert wuerfel.Wurf.aus_dict(w.als_dict()) == w
    z = wurf("W8!+W6!", rng=random.Random(1))
    assert wuerfel.Wurf.aus_dict(z.als_dict()) == z


def test_zufallszahl_ohne_rng_ist_fehler():
    with pytest.raises(TypeError):
        wuerfel.zufallszahl(None, 6)
    with pytest.raises(TypeError):
        wuerfel.zufallszahl(object(), 6)


@given(st.lists(st.integers(), max_size=30), st.integers(0, 2**32 - 1))
def test_mischen_ist_permutation(folge, seed):
    gemischt = wuerfel.mischen(folge, rng=random.Random(seed))
    assert sorted(gemischt) == sorted(folge)


@pytest.mark.parametrize("text", ["W7", "2W6+W7", "W5!", "3W11-1"])
def test_uebliche_wuerfel_lehnen_w7_ab(text):
    parse(text)  # das Würfellabor nimmt jeden Würfel ab zwei Seiten
    with pytest.raises(WuerfelFehler, match="gibt es am Spieltisch nicht"):
        wuerfel.ueblicher_ausdruck(text)


@pytest.mark.parametrize("text", ["W2", "W3", "2W6+1", "W8!+W6!", "W10", "W12-1", "W20", "W100", "d%"])
def test_uebliche_wuerfel(text):
    assert wuerfel.ueblicher_ausdruck(text) == parse(text)


def test_zufallszahl_gibt_dieselben_zahlen_wie_randint():
    """Der schnelle Weg für random.Random ändert die Zahlenfolge nicht: gespeicherte Simulationen
    und Tests mit festem Seed würfeln wie zuvor (randint ist die Grundlinie)."""
    import random

    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        for seiten in (1, 2, 4, 6, 10, 12, 20, 100, 1000, 2**40):
            assert wuerfel.zufallszahl(a, seiten) == b.randint(1, seiten)
    with pytest.raises(ValueError):
        wuerfel.zufallszahl(random.Random(1), 0)


def test_unter_zieht_ueber_getrandbits_dieselben_zahlen_wie_randrange():
    """``wuerfel._unter`` (und die ausgeschriebenen Schleifen in zufallszahl/wurf) benutzen nur die
    öffentliche ``getrandbits`` statt ``Random._randbelow`` – und ziehen dieselben Zahlen wie
    ``randrange(n)``; auch der Zustand danach ist derselbe (gleiche Saat → gleiche Kämpfe)."""
    import random

    for seed in range(30):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 5, 6, 7, 8, 9, 10, 12, 20, 63, 64, 65, 100, 1000, 2**31 - 1, 2**40, 3**50):
            for _ in range(5):
                assert wuerfel._unter(a, n) == b.randrange(n)
        assert a.getstate() == b.getstate()


@pytest.mark.parametrize("ausdruck", ["W8!+W6!", "3W6!+W6!", "2W6+W6", "W4!+W10!+W6+2", "W12-W4"])
def test_wurf_mit_random_wie_je_wuerfel(ausdruck):
    """Der kurze Weg von ``wurf`` für ``random.Random`` (Issue 10) zieht dieselben Zahlen und baut
    dieselben Würfe wie ``wuerfle`` je Würfel – samt Feldern (auch ``eingetippt=False``)."""
    import dataclasses

    a = parse(ausdruck)
    for saat in range(200):
        kurz = wuerfel.wurf(a, rng=random.Random(saat))
        r = random.Random(saat)
        lang = wuerfel.Wurf(a, tuple(wuerfel.wuerfle(g.seiten, rng=r, explodierend=g.explodierend) for g, _ in a.einzelwuerfel()))
        assert kurz == lang and kurz.gesamt == lang.gesamt and kurz.als_dict() == lang.als_dict()
        for w in kurz.wuerfe:
            assert set(vars(w)) == {f.name for f in dataclasses.fields(w)}
