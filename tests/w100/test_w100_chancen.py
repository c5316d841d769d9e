"""Exakte Chancen gegen unabhängige geschlossene Formeln und Brute Force."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import w100
from gm_helfer.w100 import KritRegel, Optionen


def _geschlossen(ob, db, pb, lucky=False, mod=0, abwehr=0, g_s=75, g_v=100):
    """Unabhängige Formel: Intervalle zählen statt Würfe auswerten.

    Ohne Lucky Seven ist das Ergebnis r + s mit s = ob − db + mod − abwehr. Nicht gepatzt
    sind die r in (pb, 100]. Misserfolg: r ≤ g_s − 1 − s, Volltreffer: r ≥ g_v − s.
    """
    pb = min(pb, 100)
    s = ob - db + mod - abwehr

    def anzahl(lo, hi):  # ganze r mit lo ≤ r ≤ hi und pb < r ≤ 100
        lo, hi = max(lo, pb + 1), min(hi, 100)
        return max(0, hi - lo + 1)

    miss = anzahl(1, g_s - 1 - s)
    voll = anzahl(g_v - s, 100)
    streif = anzahl(g_s - s, g_v - 1 - s)
    if lucky and pb < 77:
        # die 77 wandert aus ihrer Stufe in die Stufe von 154 + s
        def stufe(x):
            return "m" if x < g_s else ("s" if x < g_v else "v")
        alt, neu = stufe(77 + s), stufe(154 + s)
        zahlen = {"m": miss, "s": streif, "v": voll}
        zahlen[alt] -= 1
        zahlen[neu] += 1
        miss, streif, voll = zahlen["m"], zahlen["s"], zahlen["v"]
    return {"patzer": Fraction(pb, 100), "misserfolg": Fraction(miss, 100),
            "streiftreffer": Fraction(streif, 100), "volltreffer": Fraction(voll, 100)}


def test_oeffentliche_api_beispiel():
    c = w100.angriff_chancen(ob=60, db=20, patzerbereich=5, lucky_seven=False)
    # r + 40: Patzer r ≤ 5; Misserfolg 6..34; Streiftreffer 35..59; Volltreffer 60..100
    assert (c.patzer, c.misserfolg, c.streiftreffer, c.volltreffer) == (0.05, 0.29, 0.25, 0.41)


def test_john_chancen():
    """Johns Angriff (OB 50 gegen DB 20): r + 30."""
    c = w100.angriff_chancen(ob=50, db=20, patzerbereich=5)
    assert c.volltreffer == pytest.approx(31 / 100, abs=0)   # r ≥ 70
    assert c.streiftreffer == pytest.approx(25 / 100, abs=0)  # 45..69
    assert c.misserfolg == pytest.approx(39 / 100, abs=0)     # 6..44


@settings(max_examples=120, deadline=None)
@given(ob=st.integers(0, 200), db=st.integers(0, 120), pb=st.integers(0, 100),
       lucky=st.booleans(), mod=st.integers(-40, 40), abwehr=st.integers(0, 80),
       g_s=st.integers(40, 100), extra=st.integers(0, 60))
def test_gegen_geschlossene_formel(ob, db, pb, lucky, mod, abwehr, g_s, extra):
    g_v = g_s + extra
    o = Optionen(grenze_streiftreffer=g_s, grenze_volltreffer=g_v)
    exakt = w100.angriff_chancen_exakt(ob, db, pb, lucky, modifikator=mod, abwehr=abwehr, optionen=o)
    erwartet = _geschlossen(ob, db, pb, lucky, mod, abwehr, g_s, g_v)
    for stufe, p in erwartet.items():
        assert exakt[stufe] == p, stufe
    assert sum(exakt[s] for s in w100.STUFEN) == 1
    c = w100.angriff_chancen(ob, db, pb, lucky, modifikator=mod, abwehr=abwehr, optionen=o)
    assert c.patzer + c.misserfolg + c.streiftreffer + c.volltreffer == pytest.approx(1, abs=1e-12)


def test_lucky_seven_verschiebt_nur_die_77():
    ohne = w100.angriff_chancen(ob=0, db=0, patzerbereich=5, lucky_seven=False)
    mit = w100.angriff_chancen(ob=0, db=0, patzerbereich=5, lucky_seven=True)
    assert mit.streiftreffer == pytest.approx(ohne.streiftreffer - 0.01)
    assert mit.volltreffer == pytest.approx(ohne.volltreffer + 0.01)
    # Optionen-Einstellung wird übernommen, wenn lucky_seven nicht angegeben ist
    assert w100.angriff_chancen(0, 0, 5, optionen=Optionen(lucky_seven=True)) == mit


def test_kritisch_gegen_abzaehlung():
    krit = KritRegel("wurf", 96, 2)
    c = w100.angriff_chancen(ob=30, db=0, patzerbereich=5, krit=krit)
    # Volltreffer r ≥ 70; kritisch r ≥ 96 → 5 Augen
    assert c.kritisch == pytest.approx(0.05, abs=0)
    c2 = w100.angriff_chancen(ob=30, db=0, patzerbereich=5, krit=KritRegel("ergebnis", 120, 2))
    assert c2.kritisch == pytest.approx(0.11, abs=0)  # r + 30 ≥ 120 → r ≥ 90


def test_abwehr_tabelle_zeigt_was_ein_punkt_flee_kauft():
    tabelle = w100.abwehr_tabelle(50, 20, 5, bis=30)
    assert [p for p, _ in tabelle] == list(range(31))
    for (p, c), (_, naechste) in zip(tabelle, tabelle[1:]):
        # ein Punkt mehr verschiebt genau eine Augenzahl eine Stufe tiefer (solange im Bereich)
        assert naechste.volltreffer <= c.volltreffer
        assert naechste.trifft <= c.trifft
        assert c == w100.angriff_chancen(50, 20, 5, abwehr=p)
    assert tabelle[0][1].volltreffer - tabelle[1][1].volltreffer == pytest.approx(0.01)
    # Parade wirkt Punkt für Punkt gleich wie Ausweichen
    parade = w100.abwehr_tabelle(50, 20, 5, bis=30, art="parade")
    assert [c for _, c in parade] == [c for _, c in tabelle]


def _brute_schaden(ausdruck_augen, konstante, panzerung, stufe, kritisch, faktor, o):
    zaehler = Counter()
    kombis = list(itertools.product(*[range(1, s + 1) for s in ausdruck_augen]))
    for augen in kombis:
        roh = sum(augen) + konstante
        zaehler[w100.schaden_nach_treffer(roh, panzerung=panzerung, stufe=stufe, kritisch=kritisch,
                                          krit_faktor=faktor, optionen=o)] += 1
    return {k: v / len(kombis) for k, v in zaehler.items()}


@pytest.mark.parametrize("stufe, kritisch", [("volltreffer", False), ("streiftreffer", False),
                                             ("volltreffer", True)])
def test_schaden_verteilung_gegen_brute_force(stufe, kritisch):
    o = Optionen()
    vert = w100.schaden_verteilung("2W10+4", panzerung=7, stufe=stufe, kritisch=kritisch, optionen=o)
    erwartet = _brute_schaden((10, 10), 4, 7, stufe, kritisch, 2, o)
    assert set(vert) == set(erwartet)
    for k in erwartet:
        assert vert[k] == pytest.approx(erwartet[k], abs=1e-12)


def test_angriff_schaden_verteilung_gegen_brute_force():
    """Alle 100 × 10 × 10 Kombinationen von Angriffs- und Schadenswurf auszählen."""
    krit = KritRegel("wurf", 95, 2)
    o = Optionen()
    vert = w100.angriff_schaden_verteilung(50, 20, 5, schaden="2W10+4", panzerung=5, abwehr=10,
                                           krit=krit, optionen=o)
    zaehler = Counter()
    for r in range(1, 101):
        e = w100.bewerte_angriff(r, ob=50, db=20, patzerbereich=5, abwehr=w100.Abwehr("ausweichen", 10),
                                 krit=krit, optionen=o)
        for a, b in itertools.product(range(1, 11), repeat=2):
            zaehler[w100.schaden_nach_treffer(a + b + 4, panzerung=5, stufe=e.stufe,
                                              kritisch=e.kritisch, krit_faktor=2, optionen=o)] += 1
    assert set(vert) == set(zaehler)
    for k, n in zaehler.items():
        assert vert[k] == pytest.approx(n / 10000, abs=1e-12)
    assert w100.chance_kampfunfaehig(vert, 20) == pytest.approx(
        sum(n for k, n in zaehler.items() if k >= 20) / 10000, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(ob=st.integers(0, 150), db=st.integers(0, 100), pb=st.integers(0, 20),
       flee=st.integers(0, 60), mehr=st.integers(1, 30))
def test_mehr_flee_nie_mehr_treffer(ob, db, pb, flee, mehr):
    a = w100.angriff_chancen(ob, db, pb, abwehr=flee)
    b = w100.angriff_chancen(ob, db, pb, abwehr=flee + mehr)
    assert b.trifft <= a.trifft + 1e-15
    assert b.volltreffer <= a.volltreffer + 1e-15
    assert b.patzer == a.patzer
