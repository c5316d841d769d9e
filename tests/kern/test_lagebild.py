"""Der systemfreie Kern des Lagebilds (gm_helfer.lagebild) mit einem Spielzeug-System.

Das Spielzeug: ein „Kampf“ ist ein Zähler von Treffern, die jede Seite noch braucht; jede Runde
trifft genau eine Seite (die Helden mit Chance p). Die Siegchance von einem Zustand (h, s) an hat
eine geschlossene Form (negative Binomialverteilung), gegen die das Lagebild geprüft wird.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from types import SimpleNamespace

import numpy as np
import pytest

from gm_helfer import lagebild as lb
from gm_helfer import regelsystem
from gm_helfer.simulation import Feldausgang, Kampfausgang

P = 0.6


@dataclass(frozen=True)
class Lage:
    helden_brauchen: int
    schurken_brauchen: int


@cache
def exakt(h: int, s: int) -> Fraction:
    """Chance, dass die Helden h Treffer landen, bevor die Schurken s landen (Rekursion)."""
    if h == 0:
        return Fraction(1)
    if s == 0:
        return Fraction(0)
    p = Fraction(3, 5)
    return p * exakt(h - 1, s) + (1 - p) * exakt(h, s - 1)


def _weiter(z: Lage, *, rng, taktik, max_runden) -> Kampfausgang:
    h, s, r = z.helden_brauchen, z.schurken_brauchen, 0
    while h and s and r < max_runden:
        if rng.random() < P:
            h -= 1
        else:
            s -= 1
        r += 1
    sieger = "Helden" if h == 0 else "Schurken" if s == 0 else None
    return Kampfausgang(sieger, r, ("Bandit",) if h == 0 else ("Lena",) if s == 0 else ())


def _gebuendelt(zustaende, *, rng, taktik, max_runden) -> Feldausgang:
    if any(z.helden_brauchen > 50 for z in zustaende):
        raise lb.NichtGebuendelt("mehr als 50 Treffer offen")
    h = np.array([z.helden_brauchen for z in zustaende])
    s = np.array([z.schurken_brauchen for z in zustaende])
    r = np.zeros_like(h)
    while ((h > 0) & (s > 0)).any():
        laeuft = (h > 0) & (s > 0)
        treffer = rng.random(len(h)) < P
        h = h - (laeuft & treffer)
        s = s - (laeuft & ~treffer)
        r = r + laeuft
    sieger = np.where(h == 0, 0, 1)
    aus = np.stack([s == 0, h == 0], axis=1)
    return Feldausgang(("Lena", "Bandit"), ("Helden", "Schurken"), ("Helden", "Schurken"),
                       sieger, r, aus, np.zeros_like(aus))


def _wahlen(z: Lage, taktik):
    return [
        ("Abwarten", lambda zustand, rng: zustand),
        ("Alles auf eine Karte", lambda zustand, rng: Lage(max(0, zustand.helden_brauchen - 1), zustand.schurken_brauchen)
         if rng.random() < 0.5 else Lage(zustand.helden_brauchen, max(0, zustand.schurken_brauchen - 1))),
    ]


def _spielzeug(name: str, adapter) -> regelsystem.Regelsystem:
    return regelsystem.Regelsystem(
        name=name, anzeigename="Spielzeug", schema=None, start=lambda b, o=None: None,
        anwenden=lambda z, e: z, start_aus_kopf=lambda k: None, optionen=object, taktik=object,
        taktik_je_seite=False, begegnung=lambda *a, **k: None, ereignis_begegnung=lambda *a, **k: None,
        tisch=lambda: None, lage=lambda: adapter)


@pytest.fixture
def spielzeug():
    mit = regelsystem.registrieren(_spielzeug("spielzeug", SimpleNamespace(
        weiterspielen=_weiter, gebuendelt=_gebuendelt, wahlen=_wahlen)), ersetzen=True)
    ohne = regelsystem.registrieren(_spielzeug("spielzeug_ereignis", SimpleNamespace(weiterspielen=_weiter)), ersetzen=True)
    yield mit.name, ohne.name
    regelsystem.abmelden(mit.name)
    regelsystem.abmelden(ohne.name)


@pytest.mark.parametrize("h, s", [(1, 1), (2, 3), (3, 1), (4, 4)])
def test_siegchance_gebuendelt_innerhalb_von_4_standardfehlern(spielzeug, h, s):
    bild = lb.lagebild(spielzeug[0], Lage(h, s), anzahl=4000, rng=np.random.default_rng(h * 10 + s))
    p = float(exakt(h, s))
    se = math.sqrt(p * (1 - p) / 4000)
    assert abs(bild.sieg["Helden"] - p) <= 4 * se + 1e-12
    lo, hi = bild.intervall["Helden"]
    assert lo <= bild.sieg["Helden"] <= hi
    assert bild.weg == "gebündelt" and bild.hinweis == ""
    assert bild.anzahl == 4000
    assert bild.ausfall["Bandit"] == pytest.approx(bild.sieg["Helden"])


def test_ereignispfad_wenn_das_system_keine_maschine_hat(spielzeug):
    bild = lb.lagebild(spielzeug[1], Lage(2, 2), anzahl=3000, rng=random.Random(5))
    assert bild.weg == "Ereignispfad"
    assert "keine gebündelte Maschine" in bild.hinweis
    p = float(exakt(2, 2))
    assert abs(bild.sieg["Helden"] - p) <= 4 * math.sqrt(p * (1 - p) / 3000)


def test_ereignispfad_wenn_die_maschine_nicht_starten_kann(spielzeug):
    bild = lb.lagebild(spielzeug[0], Lage(60, 1), anzahl=50, rng=np.random.default_rng(1))
    assert bild.weg == "Ereignispfad"
    assert bild.hinweis == "Ereignispfad: mehr als 50 Treffer offen"


def test_erwartete_restliche_runden(spielzeug):
    # vom Stand (1, 1) aus endet der Kampf immer nach genau einer Runde
    assert lb.lagebild(spielzeug[0], Lage(1, 1), anzahl=200, rng=np.random.default_rng(2)).runden == 1
    assert lb.lagebild(spielzeug[0], Lage(0, 3), anzahl=20, rng=np.random.default_rng(2)).runden == 0


def test_wahlen_des_augenblicks(spielzeug):
    bild = lb.lagebild(spielzeug[0], Lage(3, 2), anzahl=4000, rng=np.random.default_rng(3))
    texte = [t for t, _ in bild.optionen]
    assert texte == ["Abwarten", "Alles auf eine Karte"]
    abwarten, karte = (dict(c) for _, c in bild.optionen)
    p_abwarten = float(exakt(3, 2))
    p_karte = float(Fraction(1, 2) * exakt(2, 2) + Fraction(1, 2) * exakt(3, 1))
    for gemessen, p in ((abwarten["Helden"], p_abwarten), (karte["Helden"], p_karte)):
        assert abs(gemessen - p) <= 4 * math.sqrt(p * (1 - p) / 4000)
    assert lb.lagebild(spielzeug[0], Lage(3, 2), anzahl=10, mit_optionen=False).optionen == ()


class _Karte:
    """„Alles auf eine Karte“ mit exakten Ästen (``aeste``): je Hälfte ein fester Zustand."""

    def __call__(self, zustand, rng):
        return _wahlen(zustand, None)[1][1](zustand, rng)

    def aeste(self, zustand):
        return [(0.5, lambda z, rng: Lage(max(0, z.helden_brauchen - 1), z.schurken_brauchen)),
                (0.5, lambda z, rng: Lage(z.helden_brauchen, max(0, z.schurken_brauchen - 1)))]


def test_wahl_mit_exakten_aesten(spielzeug, monkeypatch):
    """Eine Wahl mit ``aeste``: je Ast die Hälfte der Kämpfe, die Siegchance die gewichtete Summe –
    gegen die geschlossene Form; der Zufallsfehler ist nur der des Weiterspielens je Ast."""
    adapter = regelsystem.system(spielzeug[0]).lage()
    monkeypatch.setattr(adapter, "wahlen", lambda z, taktik: [("Alles auf eine Karte", _Karte())])
    bild = lb.lagebild(spielzeug[0], Lage(3, 2), anzahl=4000, rng=np.random.default_rng(4))
    (text, chancen), = bild.optionen
    p = float(Fraction(1, 2) * exakt(2, 2) + Fraction(1, 2) * exakt(3, 1))
    se = math.sqrt(0.25 * (float(exakt(2, 2)) * (1 - float(exakt(2, 2))) + float(exakt(3, 1)) * (1 - float(exakt(3, 1))))
                   / 2000)
    assert text == "Alles auf eine Karte" and abs(chancen["Helden"] - p) <= 4 * se
    assert math.isclose(chancen["Helden"] + chancen["Schurken"], 1.0)


def test_verfeinern_zaehlt_alle_stufen_zusammen(spielzeug):
    bilder = list(lb.verfeinern(spielzeug[0], Lage(2, 2), stufen=(100, 400, 1000), rng=np.random.default_rng(4)))
    assert [b.anzahl for b in bilder] == [100, 400, 1000]
    assert [len(b.optionen) for b in bilder] == [0, 0, 2]
    breite = [b.intervall["Helden"][1] - b.intervall["Helden"][0] for b in bilder]
    assert breite[0] > breite[1] > breite[2]


def test_verfeinern_bricht_ab(spielzeug):
    gefragt = []

    def abbrechen():
        gefragt.append(1)
        return len(gefragt) > 1

    assert [b.anzahl for b in lb.verfeinern(spielzeug[0], Lage(2, 2), stufen=(10, 20), abbrechen=abbrechen)] == [10]


def test_falsche_anzahl_und_system_ohne_lagebild(spielzeug):
    with pytest.raises(ValueError, match="mindestens einen Kampf"):
        lb.lagebild(spielzeug[0], Lage(1, 1), anzahl=0)
    ohne = regelsystem.registrieren(
        regelsystem.Regelsystem(**{**_spielzeug("spielzeug_leer", None).__dict__, "lage": None}), ersetzen=True)
    try:
        with pytest.raises(regelsystem.RegelsystemFehler, match="noch kein Lagebild"):
            lb.lagebild(ohne.name, Lage(1, 1))
    finally:
        regelsystem.abmelden(ohne.name)
