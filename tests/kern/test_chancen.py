"""Tests für gm_helfer.chancen: exakte Verteilungen gegen Brute Force und geschlossene Formeln."""

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import chancen
from gm_helfer.wuerfel import parse, wurf


def brute_force(text: str) -> dict[int, Fraction]:
    """Alle Augenkombinationen aufzählen (nur nicht explodierende Ausdrücke)."""
    a = parse(text)
    seiten = [(g.seiten, g.vorzeichen) for g in a.wuerfel for _ in range(g.anzahl)]
    zaehler: Counter[int] = Counter()
    for augen in itertools.product(*(range(1, s + 1) for s, _ in seiten)):
        zaehler[a.konstante + sum(v * x for (_, v), x in zip(seiten, augen))] += 1
    gesamt = math.prod(s for s, _ in seiten)
    return {k: Fraction(n, gesamt) for k, n in zaehler.items()}


def explodierend_geschlossen(seiten: int, bis: int) -> dict[int, Fraction]:
    """Geschlossene Form eines explodierenden Würfels: P(k·n + r) = (1/n)^(k+1), 1 ≤ r < n."""
    vert = {}
    k = 0
    while k * seiten < bis:
        for r in range(1, seiten):
            vert[k * seiten + r] = Fraction(1, seiten) ** (k + 1)
        k += 1
    return vert


def falten(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    ergebnis: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            ergebnis[x + y] = ergebnis.get(x + y, 0) + p * q
    return ergebnis


@pytest.mark.parametrize("text", ["W6", "2W6+1", "W8+W6", "3W4", "W12-1", "d8+2", "W8-W4", "W20", "W100"])
def test_verteilung_gleich_brute_force(text):
    exakt = brute_force(text)
    v = chancen.verteilung(text)
    assert set(v) == set(exakt)
    for k, p in exakt.items():
        assert v[k] == pytest.approx(float(p), abs=1e-15)
    assert math.fsum(v.values()) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("seiten", [4, 6, 8, 10, 12])
def test_explodierender_wuerfel_gleich_geschlossener_form(seiten):
    v = chancen.verteilung(f"W{seiten}!")
    formel = explodierend_geschlossen(seiten, 400)
    for k in range(1, 200):
        assert v.get(k, 0.0) == pytest.approx(float(formel.get(k, 0)), abs=chancen.EPSILON), k
    # nie bei kleiner Tiefe gekappt: auch sehr seltene Ergebnisse sind noch da
    assert v[seiten * 8 + 1] == pytest.approx(float(Fraction(1, seiten) ** 9), rel=1e-12)


def test_explodierend_flag_wie_ausrufezeichen():
    assert chancen.verteilung("2W6+1", explodierend=True) == chancen.verteilung("2W6!+1")


def test_zwei_explodierende_wuerfel_gleich_faltung():
    v = chancen.verteilung("W8!+W6!")
    formel = falten(explodierend_geschlossen(8, 300), explodierend_geschlossen(6, 300))
    for k in range(2, 120):
        assert v.get(k, 0.0) == pytest.approx(float(formel.get(k, 0)), abs=chancen.EPSILON), k


@pytest.mark.parametrize("text", ["W4!", "3W4!", "W6!+W6!+W6!+2", "W100!"])
def test_abgeschnittene_masse_unter_epsilon(text):
    v = chancen.verteilung(text)
    assert math.fsum(v.values()) == pytest.approx(1, abs=1e-12)
    a = parse(text)
    n = sum(g.anzahl for g in a.wuerfel)
    for g in a.wuerfel:
        tiefe = chancen.explosionstiefe(g.seiten, n)
        assert n * Fraction(1, g.seiten) ** (tiefe + 1) < Fraction(chancen.EPSILON)
        # eine Stufe weniger wäre zu grob: die Tiefe ist die kleinste ausreichende
        if tiefe:
            assert n * Fraction(1, g.seiten) ** tiefe >= Fraction(chancen.EPSILON)


def test_mindestens_hoechstens_mittelwert_quantil():
    v = chancen.verteilung("2W6")
    assert chancen.mindestens(v, 7) == pytest.approx(21 / 36, abs=1e-15)
    assert chancen.hoechstens(v, 4) == pytest.approx(6 / 36, abs=1e-15)
    assert chancen.mittelwert(v) == pytest.approx(7, abs=1e-12)
    assert chancen.quantil(v, 0.5) == 7
    assert chancen.quantil(v, 1.0) == 12
    assert chancen.quantil(v, 1 / 36) == 2
    with pytest.raises(ValueError):
        chancen.quantil(v, 0)


def test_mittelwert_explodierend_geschlossene_form():
    # E[explodierender Wn] = (n+1)/2 · n/(n-1)
    for n in (4, 6, 8, 10, 12):
        assert chancen.mittelwert(chancen.verteilung(f"W{n}!")) == pytest.approx((n + 1) / 2 * n / (n - 1), abs=1e-9)


def test_cache_liefert_dasselbe_objekt():
    a = chancen.verteilung("W10!+W8!+3")
    b = chancen.verteilung(parse("W10!+W8!+3"))
    assert a is b
    with pytest.raises(TypeError):
        a[5] = 0.5  # unveränderlich


def test_verteilung_passt_zum_wurf():
    """Die Würfelschicht (wurf) und die Chancenschicht (verteilung) beschreiben dasselbe."""
    rng = random.Random(11)
    n = 20000
    zaehler = Counter(wurf("W6!+W4", rng=rng).gesamt for _ in range(n))
    v = chancen.verteilung("W6!+W4")
    for k in range(2, 12):
        erwartet = v.get(k, 0) * n
        assert abs(zaehler[k] - erwartet) < 5 * math.sqrt(erwartet + 1), k


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 3), st.sampled_from([4, 6, 8, 10, 12, 20]), st.integers(-5, 5), st.booleans())
def test_verteilung_summiert_zu_eins_und_erwartung(anzahl, seiten, konstante, explodierend):
    text = f"{anzahl}W{seiten}{'!' if explodierend else ''}{konstante:+d}"
    v = chancen.verteilung(text)
    assert math.fsum(v.values()) == pytest.approx(1, abs=1e-12)
    assert all(p > 0 for p in v.values())
    einzel = (seiten + 1) / 2 * (seiten / (seiten - 1) if explodierend else 1)
    assert chancen.mittelwert(v) == pytest.approx(anzahl * einzel + konstante, abs=1e-8)
