"""Unabhängige Gegenprüfung der öffentlichen Chancen-Schnittstellen aller vier Systeme.

Die Werte hier entstehen ohne die Bibliothek: aus geschlossenen Formeln (explodierende
Würfel), aus vollständiger Aufzählung aller Würfelergebnisse oder aus den Tabellen des
Regeltexts selbst. So fällt auf, wenn eine Bibliotheksfunktion eine Regel anders liest
als die Aufgabe sie beschreibt.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

F = Fraction


# -- gemeinsame, unabhängige Hilfen ---------------------------------------------------------
def p_explodierend_mindestens(n: int, t: int) -> Fraction:
    """P(explodierender Wn ≥ t), geschlossen: erst k Höchstwürfe, dann mindestens r."""
    if t <= 1:
        return F(1)
    k = (t - 1) // n
    r = t - k * n  # 1 ≤ r ≤ n
    return F(1, n) ** k * F(n - r + 1, n)


def explodierend_verteilung(n: int, bis: int) -> dict[int, Fraction]:
    """P(explodierender Wn = k·n + r) = (1/n)^(k+1) für 1 ≤ r < n (bis zur Summe ``bis``)."""
    vert: dict[int, Fraction] = {}
    k = 0
    while k * n < bis:
        for r in range(1, n):
            vert[k * n + r] = F(1, n) ** (k + 1)
        k += 1
    return vert


def falten(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    aus: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            aus[x + y] = aus.get(x + y, 0) + p * q
    return aus


# -- Savage Worlds ---------------------------------------------------------------------------
def sw_probe_unabhaengig(n: int, wildcard: bool, mod: int, tn: int) -> tuple[Fraction, Fraction, Fraction]:
    """(Erfolg, Steigerung, kritischer Fehlschlag) geschlossen, ohne Aufzählung."""

    def mindestens(t: int) -> Fraction:
        p = p_explodierend_mindestens(n, t - mod)
        if wildcard:
            q = p_explodierend_mindestens(6, t - mod)
            p = 1 - (1 - p) * (1 - q)
        return p

    krit = F(1, n * 6) if wildcard else F(0)
    # Beide natürlichen Einsen: Gesamt 1 + mod; zählt es als Erfolg, muss es wieder weg.
    krit_waere_erfolg = krit if 1 + mod >= tn else 0
    krit_waere_steigerung = krit if 1 + mod >= tn + 4 else 0
    return mindestens(tn) - krit_waere_erfolg, mindestens(tn + 4) - krit_waere_steigerung, krit


@pytest.mark.parametrize(
    ("wuerfel", "wildcard", "mod", "tn"),
    [
        ("W4", True, 0, 4),
        ("W6", True, 0, 4),
        ("W8", True, -2, 4),
        ("W8", False, -2, 4),
        ("W10", True, 2, 6),
        ("W12", True, -4, 4),
        ("W12", False, 1, 8),
        ("W6", True, 3, 4),  # zwei Einsen wären 4: trotzdem kein Erfolg
        ("W4", True, 7, 4),  # zwei Einsen wären 8 (Steigerung): trotzdem Fehlschlag
    ],
)
def test_sw_probe_chancen_geschlossene_form(wuerfel, wildcard, mod, tn):
    from gm_helfer import savage_worlds as sw

    n = int(wuerfel[1:])
    erfolg, steigerung, krit = sw_probe_unabhaengig(n, wildcard, mod, tn)
    c = sw.probe_chancen(wuerfel=wuerfel, wildcard=wildcard, modifikator=mod, mindestwurf=tn)
    assert c.erfolg == pytest.approx(float(erfolg), abs=1e-11)
    assert c.steigerung == pytest.approx(float(steigerung), abs=1e-11)
    assert c.kritischer_fehlschlag == pytest.approx(float(krit), abs=1e-15)


def sw_schaden_unabhaengig(ausdruck_seiten: list[int], konstante: int, robustheit: int):
    vert = {konstante: F(1)}
    for n in ausdruck_seiten:
        vert = falten(vert, explodierend_verteilung(n, 200))
    keine = sum((p for s, p in vert.items() if s < robustheit), F(0))
    angeschlagen = sum((p for s, p in vert.items() if robustheit <= s < robustheit + 4), F(0))
    wunden = {k: F(0) for k in (1, 2, 3, 4)}
    for s, p in vert.items():
        if s >= robustheit + 4:
            wunden[min(4, (s - robustheit) // 4)] += p
    return keine, angeschlagen, wunden


@pytest.mark.parametrize(
    ("ausdruck", "seiten", "konstante", "robustheit", "bonus_w6"),
    [
        ("2W6+1", [6, 6], 1, 7, False),
        ("2W6+1", [6, 6, 6], 1, 7, True),
        ("W8+W6", [8, 6], 0, 5, False),
        ("2W8", [8, 8, 6], 0, 9, True),
        ("W4", [4], 0, 4, False),
        ("W12+W10+2", [12, 10], 2, 11, False),
    ],
)
def test_sw_schadens_chancen_faltung(ausdruck, seiten, konstante, robustheit, bonus_w6):
    from gm_helfer import savage_worlds as sw

    keine, angeschlagen, wunden = sw_schaden_unabhaengig(seiten, konstante, robustheit)
    c = sw.schadens_chancen(ausdruck, robustheit=robustheit, bonus_w6=bonus_w6)
    # Die geschlossene Form ist bis Summe 200 abgeschnitten: der Rest liegt weit unter 1e-12.
    assert c.keine_wirkung == pytest.approx(float(keine), abs=1e-11)
    assert c.angeschlagen == pytest.approx(float(angeschlagen), abs=1e-11)
    for k in (1, 2, 3, 4):
        assert c.wunden[k] == pytest.approx(float(wunden[k]), abs=1e-11), k
    assert c.keine_wirkung + c.angeschlagen + sum(c.wunden[k] for k in (1, 2, 3, 4)) == pytest.approx(1, abs=1e-11)


def sw_vigor_kategorien(n: int, mod: int):
    """(Tod, Fehlschlag, Erfolg ohne Steigerung, Steigerung) einer Wildcard-Konstitutionsprobe.

    Aufgezählt über alle (Eigenschaft, Wild) bis Summe 200 je Würfel.
    """
    eig = explodierend_verteilung(n, 200)
    wild = explodierend_verteilung(6, 200)
    tod = fehl = erfolg = steig = F(0)
    for (a, pa), (b, pb) in itertools.product(eig.items(), wild.items()):
        p = pa * pb
        gesamt = max(a, b) + mod
        krit = a == 1 and b == 1
        if gesamt <= 1:
            tod += p
        elif krit or gesamt < 4:
            fehl += p
        elif gesamt < 8:
            erfolg += p
        else:
            steig += p
    return tod, fehl, erfolg, steig


@pytest.mark.parametrize(("wuerfel", "mod"), [("W6", -3), ("W8", 0), ("W4", -1), ("W10", -2)])
def test_sw_ausser_gefecht_chancen(wuerfel, mod):
    from gm_helfer import savage_worlds as sw

    tod, fehl, erfolg, steig = sw_vigor_kategorien(int(wuerfel[1:]), mod)
    c = sw.ausser_gefecht_chancen(konstitution=wuerfel, modifikator=mod)
    assert c.tod == pytest.approx(float(tod), abs=1e-11)
    assert c.fehlschlag == pytest.approx(float(fehl), abs=1e-11)
    # Die vier Ausgänge haben verschiedene Folgen und teilen die Wahrscheinlichkeit auf:
    # .erfolg ist Erfolg ohne Steigerung.
    assert c.erfolg == pytest.approx(float(erfolg), abs=1e-11)
    assert c.steigerung == pytest.approx(float(steig), abs=1e-11)


@pytest.mark.parametrize(("wuerfel", "mod", "runden"), [("W6", -1, 5), ("W8", -3, 3), ("W12", 0, 10)])
def test_sw_ausbluten_chancen_geometrische_reihe(wuerfel, mod, runden):
    from gm_helfer import savage_worlds as sw

    tod, fehl, erfolg, steig = sw_vigor_kategorien(int(wuerfel[1:]), mod)
    f = tod + fehl  # Fehlschlag beim Ausbluten: tot
    s = erfolg  # Erfolg: nächste Runde erneut
    c = sw.ausbluten_chancen(konstitution=wuerfel, modifikator=mod, runden=runden)
    erwartet = [sum((s ** (i - 1) * f for i in range(1, r + 1)), F(0)) for r in range(1, runden + 1)]
    assert len(c.tod_bis_runde) == runden
    for ist, soll in zip(c.tod_bis_runde, erwartet, strict=True):
        assert ist == pytest.approx(float(soll), abs=1e-11)
    assert c.tod_insgesamt == pytest.approx(float(f / (1 - s)), abs=1e-11)
    assert c.stabil_insgesamt == pytest.approx(float(steig / (1 - s)), abs=1e-11)
