"""Exakte Chancen gegen unabhängige Abzählung (Brute Force) und Eigenschaften."""

from __future__ import annotations

import math
import sys
from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))
import zeitstrahl_abzaehlung as abz  # noqa: E402

from gm_helfer import zeitstrahl as z
from gm_helfer.zeitstrahl.chancen import (
    angriff_chancen_exakt,
    angriff_schadens_chancen_exakt,
    schadens_chancen_exakt,
    treffer_schadens_chancen_exakt,
)

TABELLE = {  # Trefferzonen, unabhängig abgeschrieben (Zeile = erster W6)
    1: ["L Arm", "L Arm", "L Arm", "Torso", "Kopf", "Torso"],
    2: ["L Arm", "R Bein", "R Bein", "R Bein", "Torso", "Kopf"],
    3: ["L Arm", "R Bein", "Torso", "Torso", "R Arm", "Torso"],
    4: ["Torso", "R Bein", "Torso", "Torso", "R Arm", "L Bein"],
    5: ["Kopf", "Torso", "R Arm", "R Arm", "R Arm", "L Bein"],
    6: ["Torso", "Kopf", "Torso", "L Bein", "L Bein", "L Bein"],
}


def test_trefferzonen_geschlossene_form():
    c = z.trefferzonen_chancen()
    assert c["Kopf"] == pytest.approx(4 / 36, abs=1e-15)
    assert c["Torso"] == pytest.approx(12 / 36, abs=1e-15)
    for arm_bein in ("L Arm", "R Arm", "L Bein", "R Bein"):
        assert c[arm_bein] == pytest.approx(5 / 36, abs=1e-15)
    # Kopf (4) + Pasch (6), keiner der Pasche liegt auf dem Kopf
    assert c["empfindlich"] == pytest.approx(10 / 36, abs=1e-15)
    assert math.fsum(v for k, v in c.items() if k != "empfindlich") == pytest.approx(1, abs=1e-15)


@pytest.mark.parametrize(("ausdruck", "rs"), [("W12", 3), ("2W6", 3), ("3W4", 4), ("3W4", 1), ("2W6+1", 2), ("W4+W8", 2)])
def test_schaden_gegen_abzaehlung(ausdruck, rs):
    from gm_helfer.wuerfel import parse

    a = parse(ausdruck)
    seiten = [g.seiten for g in a.wuerfel for _ in range(g.anzahl)]
    n = Counter(max(0, sum(max(0, x - rs) for x in augen) + a.konstante)
                for augen in product(*(range(1, s + 1) for s in seiten)))
    gesamt = math.prod(seiten)
    exakt = schadens_chancen_exakt(ausdruck, rs)
    assert exakt == {k: Fraction(v, gesamt) for k, v in n.items()}


def test_herkulos_3w4_gegen_kettenhemd_nie_schaden():
    """„… rechnet er sich keine Chance gegen das Kettenhemd (Rüstungsschutz 4) des Gegners aus.“"""
    assert z.schadens_chancen("3W4", ruestungsschutz=4) == {0: 1.0}
    assert z.schadens_chancen("3W4", ruestungsschutz=0)[12] == pytest.approx(1 / 64)


def _angriff_abzaehlen(wert, vert_werte, aktiv, krit=20, patzer=1, krit_immer=False):
    """Unabhängig: alle W20 × alle gleich wahrscheinlichen Verteidigungswerte."""
    treffer = Fraction(0)
    for w in range(1, 21):
        for v in vert_werte:
            p = Fraction(1, 20 * len(vert_werte))
            if w <= patzer:
                continue
            if w >= krit and (not aktiv or krit_immer) or wert + w >= v:
                treffer += p
    return treffer


@pytest.mark.parametrize(("wert", "vert"), [(12, 15), (0, 25), (30, 10), (10, 10), (7, 21)])
def test_angriff_fest(wert, vert):
    c = z.angriff_chancen(angriffswert=wert, verteidigung=vert)
    assert c.treffer == pytest.approx(float(_angriff_abzaehlen(wert, [vert], False)), abs=1e-15)
    assert c.kritisch == pytest.approx(0.05) and c.patzer == pytest.approx(0.05)


@pytest.mark.parametrize("wert", [5, 12, 20, 30])
def test_angriff_gegen_ausweichen_und_parade(wert):
    # aktives Ausweichen: 10 + W10 (nie kritisch); ein kritischer Angriff zählt mit seinem
    # Ergebnis, beim Effekt 1 samt W6-Bonus
    v = z.verteidigungs_verteilung("ausweichen", 10)
    c = z.angriff_chancen(wert, v)
    assert c.treffer == pytest.approx(float(sum(abz.treffer_nach(wert, "ausweichen", 10).values())), abs=1e-15)
    # Parade: Waffe 11 + Bonus 2 + W20; eine natürliche 20 der Parade würfelt ihren Effekt
    # (1: +W6 auf die Verteidigung)
    v = z.verteidigungs_verteilung("parade", 11, verteidigungsbonus=2)
    c = z.angriff_chancen(wert, v)
    nach = abz.treffer_nach(wert, "parade", 13)
    assert c.treffer == pytest.approx(float(sum(nach.values())), abs=1e-15)
    assert c.kritischer_treffer == pytest.approx(float(sum(p for (ae, _), p in nach.items() if ae)), abs=1e-15)
    # Blocken verdoppelt den Bonus
    assert min(z.verteidigungs_verteilung("blocken", 11, verteidigungsbonus=2)) == 11 + 4 + 1
    # Option: kritisch trifft immer
    o = z.Optionen(kritisch_trifft_immer=True)
    c2 = z.angriff_chancen(wert, v, optionen=o)
    assert c2.treffer == pytest.approx(float(sum(abz.treffer_nach(wert, "parade", 13, krit_immer=True).values())), abs=1e-15)


@pytest.mark.parametrize(("angesagt", "wahl", "wahl_v"), [(None, 3, 2), (1, 3, 2), (None, 1, 1), (2, 5, 1)])
def test_krit_effekte_in_den_trefferchancen(angesagt, wahl, wahl_v):
    """Der W6-Bonus eines kritischen Angriffs (Effekt 1, auch über die 6 „Freie Wahl“) und
    einer kritischen Parade zählt in den Chancen – gegen unabhängige Abzählung."""
    v = z.verteidigungs_ausgaenge("parade", 20, krit_wahl=wahl_v)
    assert sum(v.values()) == 1
    t, k, p, kt = angriff_chancen_exakt(18, v, kritschwelle=17, angesagter_effekt=angesagt, krit_wahl=wahl)
    nach = abz.treffer_nach(18, "parade", 20, krit=17, angesagt=angesagt, wahl=wahl, wahl_v=wahl_v)
    assert t == sum(nach.values())
    assert kt == sum(p for (ae, _), p in nach.items() if ae)
    assert k == Fraction(4, 20) and p == Fraction(1, 20)
    # Effekt 1 angesagt: jeder kritische Wurf bekommt den Bonus – trifft öfter als ohne
    if angesagt == 1:
        ohne = angriff_chancen_exakt(18, v, kritschwelle=17, angesagter_effekt=3)[0]
        assert t > ohne


def test_halbe_verteidigung_mit_krit_bonus():
    """„Position verschlechtern (halbe Verteidigung …)“ halbiert den Wert samt Bonus."""
    v = z.verteidigungs_ausgaenge("blocken", 8, verteidigungsbonus=2, halbiert=True)
    nach = abz.treffer_nach(7, "blocken", 12, halb=True)
    assert angriff_chancen_exakt(7, v)[0] == sum(nach.values())


def test_angriff_mit_verschobenen_schwellen():
    c = z.angriff_chancen(12, 30, kritschwelle=14, patzerschwelle=9)
    assert c.patzer == pytest.approx(9 / 20) and c.kritisch == pytest.approx(7 / 20)
    assert c.treffer == pytest.approx(7 / 20)  # nur Krits treffen 30 (12+17 < 30 … 12+19=31!)
    c = z.angriff_chancen(12, 31, kritschwelle=14, patzerschwelle=9)
    assert c.treffer == pytest.approx(float(_angriff_abzaehlen(12, [31], False, 14, 9)), abs=1e-15)


def test_2w10_pruefwurf():
    o = z.Optionen(probe="2W10")
    v = z.pruefwurf_verteilung(o)
    assert v[11] == Fraction(10, 100) and v[2] == Fraction(1, 100) and sum(v.values()) == 1
    c = z.angriff_chancen(10, 25, optionen=o)
    treffer = sum(Fraction(1, 100) for a in range(1, 11) for b in range(1, 11)
                  if a + b > 2 and (a + b == 20 or 10 + a + b >= 25))
    assert c.treffer == pytest.approx(float(treffer), abs=1e-15)


def test_treffer_schaden_ueber_zonen_gegen_abzaehlung():
    s = [z.Schicht("Kettenhemd", 4, 2, ("Torso", "L Arm", "R Arm")), z.Schicht("Helm", 2, 0, ("Kopf",))]
    rs = {"Torso": 4, "L Arm": 4, "R Arm": 4, "Kopf": 2, "L Bein": 0, "R Bein": 0}
    zaehler: Counter[int] = Counter()
    for a, b in product(range(1, 7), repeat=2):
        zone = TABELLE[a][b - 1]
        faktor = 2 if zone == "Kopf" or a == b else 1
        for d in product(range(1, 5), repeat=3):
            zaehler[faktor * sum(max(0, x - rs[zone]) for x in d)] += 1
    gesamt = 36 * 64
    assert treffer_schadens_chancen_exakt("3W4", s) == {k: Fraction(v, gesamt) for k, v in zaehler.items()}


def test_herkulos_lohnt_das_wagnis():
    """Gegner ganz im Kettenhemd (RS 4), passive Verteidigung 12: ohne Verschiebung nur bei
    einer natürlichen 20 mit W6 = 2 („Ignoriert eine Rüstungsschicht“) Schaden; mit
    Kritschwelle 14 (Effekt angesagt) in jedem kritischen Treffer voller 3W4-Schaden
    (empfindlich doppelt)."""
    kette = [z.Schicht("Kettenhemd", 4, 2)]
    v = z.Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=2)
    vergleich = z.verschiebungs_vergleich(12, 12, "3W4", kette, v)
    mittel = Fraction(15, 2) * (1 + Fraction(10, 36))  # 3W4, ×2 bei 10/36
    assert vergleich["ohne"].treffer == pytest.approx(19 / 20)
    # unabhängig: P(20) · P(W6 = 2) = 1/120; die 6 wählt „Schaden doppelt“ – gegen RS 4 nutzlos
    assert vergleich["ohne"].schaden_moeglich == pytest.approx(1 / 120, abs=1e-15)
    assert vergleich["ohne"].schaden_erwartet == pytest.approx(float(mittel / 120), abs=1e-12)
    # mit dem Wagnis: P(krit) = 7/20 (14..20)
    assert vergleich["mit"].schaden_erwartet == pytest.approx(float(Fraction(7, 20) * mittel), abs=1e-12)
    assert vergleich["mit"].patzer == pytest.approx(9 / 20)
    assert vergleich["mit"].schaden_moeglich == pytest.approx(7 / 20)


def test_angriff_schaden_mit_allen_effekten_gegen_abzaehlung():
    """Ganzer Angriff gegen Parade: Angriffs- und Verteidigungseffekte (Schicht ignorieren,
    Schaden doppelt, halbiert, bestgeschützte Stelle) exakt wie die Abzählung."""
    s = [z.Schicht("Kettenhemd", 3, 2, ("Torso", "L Arm", "R Arm")), z.Schicht("Helm", 2, 0, ("Kopf",)),
         z.Schicht("Gambeson", 1, 1, ("Torso",))]

    def rs(zone, ignorieren):
        hier = sorted((x.schutz for x in s if zone in x.zonen), reverse=True)[ignorieren:]
        return hier[0] + len(hier) - 1 if hier else 0

    v = z.verteidigungs_ausgaenge("parade", 14)
    exakt = angriff_schadens_chancen_exakt(12, v, "2W4", s)
    erwartet = Counter({0: 1})
    for (ae, ve), p in abz.treffer_nach(12, "parade", 14).items():
        erwartet[0] -= p
        for k, q in abz.schaden_treffer([4, 4], rs, TABELLE, ae, ve).items():
            erwartet[k] += p * q
    assert exakt == {k: v for k, v in erwartet.items() if v}


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["W6", "2W6", "3W4", "W12", "2W8+1", "W10"]),
    st.integers(0, 8),
)
def test_schaden_summiert_zu_eins_und_mehr_ruestung_nie_mehr_schaden(ausdruck, rs):
    a = schadens_chancen_exakt(ausdruck, rs)
    b = schadens_chancen_exakt(ausdruck, rs + 1)
    assert sum(a.values()) == 1 and sum(b.values()) == 1
    assert all(k >= 0 for k in a)
    # stochastische Dominanz: P(Schaden ≥ x) fällt mit mehr Rüstung nie
    for x in range(0, max(a) + 1):
        assert sum(p for k, p in b.items() if k >= x) <= sum(p for k, p in a.items() if k >= x)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 30), st.integers(0, 45), st.integers(15, 20), st.integers(1, 10))
def test_angriff_eigenschaften(wert, vert, krit, patzer):
    c = z.angriff_chancen(wert, vert, kritschwelle=krit, patzerschwelle=patzer)
    assert 0 <= c.treffer <= 1 - c.patzer + 1e-15
    assert c.kritischer_treffer <= c.treffer + 1e-15
    # höherer Angriffswert trifft nie seltener
    assert z.angriff_chancen(wert + 1, vert, kritschwelle=krit, patzerschwelle=patzer).treffer >= c.treffer - 1e-15


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 20), st.integers(0, 20))
def test_angriff_schaden_summiert_zu_eins(wert, vert):
    s = [z.Schicht("Leder", 2, 1)]
    d = angriff_schadens_chancen_exakt(wert, vert, "2W6", s, krit_effekt="schaden_doppelt")
    assert sum(d.values()) == 1


@pytest.mark.parametrize(("art", "zweite_hand"), [("parade", False), ("blocken", True)])
def test_waffenlose_abwehr_in_der_schadensvorschau(art, zweite_hand):
    """„waffenlose Paraden reduzieren die Trefferpunkte lediglich auf ¼“, „waffenloses
    Blocken gibt einen Bonus von 2 und reduziert die Trefferpunkte gar nicht. Der Schaden
    geht auf die entsprechenden Gliedmaßen.“ – auch ein abgewehrter Angriff schadet dem Arm."""
    faust = z.Waffe("Faust", "waffenlos", 3, "W4")
    schienen = z.Schicht("Armschienen", 1, 0, ("L Arm", "R Arm"))
    a = z.Kaempfer("A", "Feinde", 10, 12, 0, 30, (("nahkampf", 10),), (z.Waffe("Keule", "nahkampf", 4, "2W6"),))
    b = z.Kaempfer("B", "Helden", 10, 12, 0, 30, (("waffenlos", 9),), (faust,), (schienen,))
    k = z.neuer_kampf([a, b])
    k = z.anwenden(k, z.start_ereignis(k, {"A": 20, "B": 22}, augen={"A": "10", "B": "10"}))
    vorschau = z.schadens_vorschau(k, "A", "B", 0, verteidigung=art, verteidigungs_waffe=0, zweite_hand=zweite_hand)

    def rs(zone, ignorieren):
        return 1 if zone in ("L Arm", "R Arm") and not ignorieren else 0

    vwert = 9 + (2 if art == "blocken" else 0)
    erwartet = Counter()
    nach = abz.treffer_nach(10, art, vwert)
    for (ae, ve), p in nach.items():
        for s, q in abz.schaden_treffer([6, 6], rs, TABELLE, ae, ve).items():
            erwartet[s] += p * q
    abgewehrt = 1 - sum(nach.values()) - Fraction(1, 20)
    for x, y in product(range(1, 7), repeat=2):
        if art == "parade":  # erst ¼ der Trefferpunkte (je Würfel), dann die Armrüstung
            arm = max(0, x // 4 - 1) + max(0, y // 4 - 1)
        else:
            arm = max(0, x - 1) + max(0, y - 1)
        erwartet[arm] += abgewehrt / 36
    erwartet[0] += Fraction(1, 20)  # Patzer
    assert set(vorschau) == {s for s, p in erwartet.items() if p}
    for s, p in erwartet.items():
        if p:
            assert vorschau[s] == pytest.approx(float(p), abs=1e-12)


@pytest.mark.parametrize(("ke", "s", "probe"),
                         [(10, 25, "W20"), (0, 25, "W20"), (14, 12, "W20"), (8, 30, "2W10"), (3, 10, "2W10")])
def test_startpositions_chancen_gegen_abzaehlung(ke, s, probe):
    """„… die negative Differenz zum gewünschten Ergebnis ist die Startposition“."""
    o = z.Optionen(probe=probe)
    wuerfe = ([(w,) for w in range(1, 21)] if probe == "W20"
              else list(product(range(1, 11), repeat=2)))
    zaehler = Counter(max(0, s - (ke + sum(w))) for w in wuerfe)
    erwartet = {k: v / len(wuerfe) for k, v in zaehler.items()}
    c = z.startpositions_chancen(ke, s, optionen=o)
    assert c.keys() == erwartet.keys()
    for k in c:
        assert c[k] == pytest.approx(erwartet[k], abs=1e-15)
    # geschlossene Form beim W20: Tick 0, wenn der Wurf ≥ Schwierigkeit − Kampferfahrung
    if probe == "W20":
        assert c.get(0, 0) == pytest.approx(min(20, max(0, 21 - (s - ke))) / 20)
