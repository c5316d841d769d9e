"""Trefferprüfung nach regeln/w100.txt › Angriff und Verteidigung."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import w100
from gm_helfer.w100 import Abwehr, KritRegel, Optionen, W100Fehler, bewerte_angriff


# Das John-Beispiel: „John würfelt mit seiner Waffe 89. Sein OB beträgt 50, das Ziel besitzt
# 20 physischen DB. Das Ergebnis ist 89 + 50 − 20 = 119: zunächst ein Volltreffer. Weicht das
# Ziel mit 20 Flee-Punkten aus oder pariert es mit 20 Punkten Nahkampf-OB, sinkt das Ergebnis
# auf 99. John erzielt dann noch einen Streiftreffer.“
@pytest.mark.parametrize(
    "abwehr, ergebnis, stufe",
    [
        (Abwehr(), 119, "volltreffer"),
        (Abwehr("ausweichen", 20), 99, "streiftreffer"),
        (Abwehr("parade", 20), 99, "streiftreffer"),
    ],
)
def test_john_beispiel(abwehr, ergebnis, stufe):
    e = bewerte_angriff(89, ob=50, db=20, patzerbereich=5, abwehr=abwehr)
    assert e.basis == 119
    assert e.ergebnis == ergebnis
    assert e.stufe == stufe


def test_john_kritisch_erst_nach_der_abwehr():
    """„Ob der Angriff kritisch sein könnte, wird erst nach dieser Abwehr entschieden.“"""
    krit = KritRegel("ergebnis", 110, 2)
    ohne = bewerte_angriff(89, ob=50, db=20, patzerbereich=5, krit=krit)
    mit = bewerte_angriff(89, ob=50, db=20, patzerbereich=5, krit=krit, abwehr=Abwehr("ausweichen", 20))
    assert ohne.kritisch is True
    assert mit.kritisch is False and mit.stufe == "streiftreffer"


@pytest.mark.parametrize(
    "ergebnis, stufe",
    [(74, "misserfolg"), (75, "streiftreffer"), (99, "streiftreffer"), (100, "volltreffer"),
     (-40, "misserfolg"), (250, "volltreffer")],
)
def test_trefferstufen_grenzen(ergebnis, stufe):
    assert w100.trefferstufe(ergebnis) == stufe


def test_grenzen_anpassbar():
    o = Optionen(grenze_streiftreffer=60, grenze_volltreffer=90)
    assert w100.trefferstufe(59, o) == "misserfolg"
    assert w100.trefferstufe(60, o) == "streiftreffer"
    assert w100.trefferstufe(90, o) == "volltreffer"
    with pytest.raises(W100Fehler, match="Streiftreffer-Grenze"):
        Optionen(grenze_streiftreffer=120, grenze_volltreffer=100)


@settings(max_examples=60, deadline=None)
@given(
    natuerlich=st.integers(1, 100), patzerbereich=st.integers(0, 100),
    ob=st.integers(0, 1000), db=st.integers(0, 50), mod=st.integers(-50, 500),
)
def test_patzer_schlaegt_jeden_bonus(natuerlich, patzerbereich, ob, db, mod):
    """„Ein W100-Wurf im Patzerbereich lässt den Angriff unabhängig von seinem Angriffsbonus scheitern.“"""
    e = bewerte_angriff(natuerlich, ob=ob, db=db, patzerbereich=patzerbereich, modifikator=mod,
                        krit=KritRegel("wurf", 1, 2))
    if natuerlich <= patzerbereich:
        assert e.stufe == "patzer" and not e.kritisch and not e.trifft
    else:
        assert e.stufe != "patzer"


def test_patzer_mit_riesigem_bonus():
    e = bewerte_angriff(3, ob=500, db=0, patzerbereich=5)
    assert e.ergebnis == 503 and e.stufe == "patzer"
    assert bewerte_angriff(6, ob=500, db=0, patzerbereich=5).stufe == "volltreffer"


def test_ausweichen_und_parade_zaehlen_nicht_zusammen():
    with pytest.raises(W100Fehler, match="nicht zusammen"):
        w100.abwehr_aus(flee=10, parade=10)
    assert w100.abwehr_aus(flee=10) == Abwehr("ausweichen", 10)
    assert w100.abwehr_aus(parade=7) == Abwehr("parade", 7)
    assert w100.abwehr_aus() == Abwehr()
    # Eine Abwehr trägt genau eine Art: die Summe beider Arten lässt sich gar nicht bauen.
    with pytest.raises(W100Fehler):
        Abwehr("beides", 20)


def test_lucky_seven_angriff():
    ohne = bewerte_angriff(77, ob=0, db=0, patzerbereich=5)
    mit = bewerte_angriff(77, ob=0, db=0, patzerbereich=5, optionen=Optionen(lucky_seven=True))
    assert (ohne.ergebnis, ohne.stufe) == (77, "streiftreffer")
    assert (mit.wurfwert, mit.ergebnis, mit.stufe) == (154, 154, "volltreffer")
    # 78 zählt nie doppelt
    assert bewerte_angriff(78, ob=0, db=0, patzerbereich=5,
                           optionen=Optionen(lucky_seven=True)).ergebnis == 78


@pytest.mark.parametrize(
    "natuerlich, krit, stufe_erwartet, kritisch",
    [
        (96, KritRegel("wurf", 96), "volltreffer", True),
        (95, KritRegel("wurf", 96), "volltreffer", False),
        (96, KritRegel("keine", 96), "volltreffer", False),
        (60, KritRegel("ergebnis", 150), "volltreffer", True),   # 60 + 90 = 150
        (59, KritRegel("ergebnis", 150), "volltreffer", False),
    ],
)
def test_kritisch(natuerlich, krit, stufe_erwartet, kritisch):
    e = bewerte_angriff(natuerlich, ob=90, db=0, patzerbereich=5, krit=krit)
    assert e.stufe == stufe_erwartet and e.kritisch is kritisch


def test_kritisch_nur_bei_volltreffer():
    """Natürliche 99 mit Kritisch-ab-96, aber das Ergebnis reicht nur zum Streiftreffer."""
    e = bewerte_angriff(99, ob=0, db=10, patzerbereich=5, krit=KritRegel("wurf", 96))
    assert e.stufe == "streiftreffer" and e.kritisch is False


@pytest.mark.parametrize(
    "roh, panzerung, stufe, kritisch, optionen, erwartet",
    [
        (20, 5, "volltreffer", False, Optionen(), 15),
        (20, 5, "streiftreffer", False, Optionen(), 7),          # (20 − 5) / 2 abgerundet
        (20, 5, "streiftreffer", False, Optionen(streiftreffer_aufrunden=True), 8),
        (20, 5, "volltreffer", True, Optionen(), 35),             # 20·2 − 5
        (20, 5, "volltreffer", True, Optionen(krit_vor_panzerung=False), 30),  # (20 − 5)·2
        (3, 5, "volltreffer", False, Optionen(), 0),              # nie unter 0
        (3, 5, "streiftreffer", False, Optionen(), 0),
        (30, 0, "misserfolg", False, Optionen(), 0),
        (30, 0, "patzer", False, Optionen(), 0),
        (20, 5, "streiftreffer", True, Optionen(), 7),           # Streiftreffer ist nie kritisch
    ],
)
def test_schaden_nach_treffer(roh, panzerung, stufe, kritisch, optionen, erwartet):
    assert w100.schaden_nach_treffer(roh, panzerung=panzerung, stufe=stufe, kritisch=kritisch,
                                     krit_faktor=2, optionen=optionen) == erwartet


@settings(max_examples=80, deadline=None)
@given(roh=st.integers(-5, 200), mehr=st.integers(0, 50), panzerung=st.integers(0, 40),
       stufe=st.sampled_from(w100.STUFEN), kritisch=st.booleans(),
       aufrunden=st.booleans(), vor=st.booleans())
def test_mehr_schaden_nie_weniger(roh, mehr, panzerung, stufe, kritisch, aufrunden, vor):
    o = Optionen(streiftreffer_aufrunden=aufrunden, krit_vor_panzerung=vor)
    a = w100.schaden_nach_treffer(roh, panzerung=panzerung, stufe=stufe, kritisch=kritisch, optionen=o)
    b = w100.schaden_nach_treffer(roh + mehr, panzerung=panzerung, stufe=stufe, kritisch=kritisch, optionen=o)
    c = w100.schaden_nach_treffer(roh, panzerung=panzerung + mehr, stufe=stufe, kritisch=kritisch, optionen=o)
    assert 0 <= a <= b
    assert c <= a


@settings(max_examples=60, deadline=None)
@given(natuerlich=st.integers(1, 100), ob=st.integers(0, 150), db=st.integers(0, 80),
       punkte=st.integers(0, 60), mehr=st.integers(1, 30))
def test_mehr_abwehr_nie_bessere_stufe(natuerlich, ob, db, punkte, mehr):
    rang = {s: i for i, s in enumerate(w100.STUFEN)}
    a = bewerte_angriff(natuerlich, ob=ob, db=db, patzerbereich=5, abwehr=Abwehr("ausweichen", punkte) if punkte else Abwehr())
    b = bewerte_angriff(natuerlich, ob=ob, db=db, patzerbereich=5, abwehr=Abwehr("ausweichen", punkte + mehr))
    assert rang[b.stufe] <= rang[a.stufe]


@pytest.mark.parametrize("kwargs, meldung", [
    ({"patzerbereich": 101}, "Patzerbereich"),
    ({"patzerbereich": -1}, "Patzerbereich"),
])
def test_fehlermeldungen(kwargs, meldung):
    with pytest.raises(W100Fehler, match=meldung):
        bewerte_angriff(50, ob=0, db=0, **kwargs)


def test_w100_wuerfel_00_ist_100():
    assert w100.w100(augen="00").natuerlich == 100
    assert w100.w100(augen="00").eingetippt is True
    assert w100.w100(augen=7).natuerlich == 7
    with pytest.raises(ValueError):
        w100.w100(augen="101")
