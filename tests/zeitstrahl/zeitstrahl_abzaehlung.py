"""Unabhängige Abzählung für die Chancen-Tests: die Regeln noch einmal schlicht in Schleifen
über alle Würfel (Regeltext „Angriff“, „Verteidigung“, „Kritische Erfolge“, „Patzer“),
ohne Code aus ``gm_helfer.zeitstrahl``."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

W6 = range(1, 7)


def _effekt(n, wahl):
    return wahl if n == 6 else n


def angriffe(wert, krit=20, patzer=1, angesagt=None, wahl=3):
    """(Gesamt, kritisch, Effekt-Nr. oder None, P); Patzer fallen weg (treffen nie)."""
    for w in range(1, 21):
        p = Fraction(1, 20)
        if w <= patzer:
            continue
        if w < krit:
            yield wert + w, False, None, p
            continue
        wuerfe = [(angesagt, Fraction(1))] if angesagt else [(n, Fraction(1, 6)) for n in W6]
        for n, q in wuerfe:
            e = _effekt(n, wahl)
            if e == 1:
                for b in W6:
                    yield wert + w + b, True, 1, p * q / 6
            else:
                yield wert + w, True, e, p * q


def verteidigungen(art, wert, wahl=2, halb=False):
    """(Verteidigung, Effekt-Nr. oder None, P) – ``wert`` enthält schon Bonus/Verdopplung."""
    aus = []
    if art == "passiv":
        aus = [(wert, None, Fraction(1))]
    elif art == "ausweichen":
        aus = [(wert + n, None, Fraction(1, 10)) for n in range(1, 11)]
    else:
        for w in range(1, 21):
            p = Fraction(1, 20)
            if w < 20 or w == 1:
                aus.append((wert + w, None, p))
                continue
            for n in W6:
                e = _effekt(n, wahl)
                if e == 1:
                    aus += [(wert + w + b, 1, p / 36) for b in W6]
                else:
                    aus.append((wert + w, e, p / 6))
    return [((v // 2) if halb else v, e, p) for v, e, p in aus]


def treffer_nach(wert, art, vwert, *, krit_immer=False, halb=False, **kw):
    """P(Treffer) je (Angriffseffekt, Verteidigungseffekt)."""
    wahl_v = kw.pop("wahl_v", 2)
    ergebnis = Counter()
    for a, kritisch, ae, p in angriffe(wert, **kw):
        for v, ve, q in verteidigungen(art, vwert, wahl_v, halb):
            if kritisch and (art == "passiv" or krit_immer) or a >= v:
                ergebnis[(ae, ve)] += p * q
    return ergebnis


def schaden_treffer(seiten, rs_je_zone, zonentabelle, ae=None, ve=None):
    """Schadenspunkte eines Treffers über alle 36 Zonenwürfe und alle Schadenswürfel.
    ``seiten``: Liste der Würfelgrößen; ``rs_je_zone(zone, ignorieren)`` → Rüstungsschutz."""
    reihe = ("Torso", "L Arm", "R Arm", "L Bein", "R Bein", "Kopf")  # Gleichstand: Torso zuerst
    beste = max(reihe, key=lambda z: (rs_je_zone(z, 0), -reihe.index(z)))
    gesamt = Counter()
    n = 1
    for s in seiten:
        n *= s
    for a, b in product(W6, W6):
        zone = zonentabelle[a][b - 1]
        empf = zone == "Kopf" or a == b
        rs = rs_je_zone(beste if ve == 3 else zone, 1 if ae == 2 else 0)
        faktor = (2 if empf else 1) * (2 if ae == 3 else 1)
        for augen in product(*(range(1, s + 1) for s in seiten)):
            sp = sum(max(0, x - rs) for x in augen) * faktor
            if ve == 2:
                sp //= 2
            gesamt[sp] += Fraction(1, 36 * n)
    return gesamt
