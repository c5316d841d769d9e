"""Issue 9, Zeitstrahl: Regelsätze, die das Paket anders entschied als der Text.

Jeder Test zitiert den Satz aus ``regeln/zeitstrahl.txt``, aus dem er stammt."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest

from gm_helfer import zeitstrahl as z
from gm_helfer.wuerfel import parse

DOCS = Path(__file__).resolve().parents[2] / "docs" / "zeitstrahl.md"
REGELN = Path("/work/shared/regeln/zeitstrahl.txt")

FAUST = z.Waffe("Faust", "waffenlos", 3, "W4")
ARMSCHIENEN = z.Schicht("Armschienen", 2, 0, ("R Arm", "L Arm"))


def _kampf(schaden: str, optionen: z.Optionen = z.STANDARD, wl: int = 10) -> z.Kampf:
    a = z.Kaempfer("A", "Feinde", 10, 12, 0, 30, (("nahkampf", 0),),
                   (z.Waffe("Hammer", "nahkampf", 5, schaden),))
    b = z.Kaempfer("B", "Helden", 10, 12, 0, 30, (("waffenlos", wl),), (FAUST,), (ARMSCHIENEN,))
    k = z.neuer_kampf([a, b], optionen)
    return z.anwenden(k, z.start_ereignis(k, {"A": 20, "B": 22}, augen={"A": "10", "B": "10"}))


# --- 6. waffenlose Parade: erst ¼ der Trefferpunkte, dann die Rüstung ---------------------

def test_waffenlose_parade_viertelt_trefferpunkte_vor_der_ruestung():
    """„Trefferpunkte sind der Schaden vor Abzug von Schadensreduktionen“ und „waffenlose
    Paraden reduzieren die Trefferpunkte lediglich auf ¼“: 12 Trefferpunkte gegen
    Armrüstung 2 → 12/4 = 3, 3 − 2 = 1 Schadenspunkt (nicht (12 − 2)/4 = 2)."""
    k = _kampf("W12")
    e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                           augen={"angriff": "5", "verteidigung": "15", "schaden": "12"})
    assert not e.daten["treffer"]
    assert e.daten["schaden"]["zone"] == "R Arm"
    assert e.daten["schaden"]["schadenspunkte"] == 1
    assert z.anwenden(k, e)["B"].lebenspunkte == 29


def test_waffenlose_parade_funktion_beispiel():
    assert z.waffenlose_parade_schadenspunkte([12], 2) == 1
    # je Würfel (Standard): ⌊6/4⌋ − 2 → 0, zweimal
    assert z.waffenlose_parade_schadenspunkte([6, 6], 1) == 0
    # Option: die Summe der Trefferpunkte wird geviertelt, die Rüstung zählt einmal
    assert z.waffenlose_parade_schadenspunkte([6, 6], 1, je_wuerfel=False) == 2


@pytest.mark.parametrize("je_wuerfel", [True, False])
@pytest.mark.parametrize("schaden", ["W12", "2W6", "2W6+3"])
def test_waffenlose_parade_vorschau_wie_der_kampf(schaden, je_wuerfel):
    """Die Schadensvorschau rechnet den abgewehrten Angriff wie der Kampf: jede Augenfolge des
    Schadenswurfs einzeln durch ``angriff_ereignis`` geschickt (Angriff 5 gegen Parade 25,
    sicher abgewehrt) ergibt dieselbe Verteilung wie ``waffenlose_parade_chancen``."""
    o = z.Optionen(waffenlose_parade_je_wuerfel=je_wuerfel)
    k = _kampf(schaden, o)
    ausdruck = parse(schaden)
    seiten = [g.seiten for g in ausdruck.wuerfel for _ in range(g.anzahl)]
    zaehler: Counter[int] = Counter()
    faelle = list(product(*(range(1, s + 1) for s in seiten)))
    for augen in faelle:
        e = z.angriff_ereignis(k, "A", "B", 0, "parade", verteidigungs_waffe=0,
                               augen={"angriff": "5", "verteidigung": "15",
                                      "schaden": " ".join(map(str, augen))})
        zaehler[e.daten["schaden"]["schadenspunkte"]] += 1
    erwartet = {s: Fraction(n, len(faelle)) for s, n in zaehler.items()}
    assert z.waffenlose_parade_chancen_exakt(schaden, 2, je_wuerfel=je_wuerfel) == erwartet


def test_waffenlose_parade_in_der_schadensvorschau_nach_dem_vierteln():
    """Die Schadensvorschau vor dem Wurf: Angriff 0 + W20 (höchstens 20 + W6 aus dem
    kritischen Effekt 1) gegen waffenlose Parade 30 + W20 trifft nie; außer bei einem Patzer
    (1/20) ist er abgewehrt, und am Arm (Rüstung 2) bleibt nur bei 12 Trefferpunkten
    ⌊12/4⌋ − 2 = 1 Schadenspunkt (vorher: (x − 2)/4 ≥ 1 schon ab x = 6)."""
    k = _kampf("W12", wl=30)
    v = z.schadens_vorschau(k, "A", "B", 0, verteidigung="parade", verteidigungs_waffe=0)
    abgewehrt = Fraction(19, 20)
    assert v == pytest.approx({0: float(1 - abgewehrt / 12), 1: float(abgewehrt / 12)}, abs=1e-12)


# --- 7. Die Trefferzonen-Tabelle ist symmetrisch ------------------------------------------

def test_trefferzonen_tabelle_des_textes_ist_symmetrisch():
    """„Bei einem erfolgreichen Treffer wird mit 2 W6 gewürfelt …“ – die Tabelle im Text ist
    symmetrisch (Zeile a, Spalte b = Zeile b, Spalte a); die Doku darf nichts anderes sagen."""
    zeilen = [z for z in REGELN.read_text(encoding="utf-8").splitlines()
              if z.startswith("| ") and z[2:3].isdigit() and z.count("|") == 8]
    tabelle = [[c.strip() for c in z.strip().strip("|").split("|")][1:] for z in zeilen]
    assert len(tabelle) == 6
    for a, b in product(range(6), repeat=2):
        assert tabelle[a][b] == tabelle[b][a]
        assert z.trefferzone(a + 1, b + 1).zone == z.trefferzone(b + 1, a + 1).zone == tabelle[a][b]
    doku = DOCS.read_text(encoding="utf-8")
    assert "nicht symmetrisch" not in doku
    assert "symmetrisch" in doku


# --- 12. Gesundheitsmodell: der Text hat keines – umschaltbar --------------------------------

def test_gesundheitsmodell_umschaltbar():
    """Der Text kennt nur „Schadenspunkte“ („Quasi brutto und netto Schaden“), keine
    Lebenspunkte und keine Kampfunfähigkeit. Standard (Annahme): Lebenspunkte, kampfunfähig
    bei ≤ 0; ``gesundheit="ohne"``: das Programm zählt nur, der Spielleiter entscheidet."""
    for gesundheit, unfaehig in (("lebenspunkte", True), ("ohne", False)):
        a = z.Kaempfer("A", "Feinde", 10, 12, 0, 30, (("nahkampf", 30),),
                       (z.Waffe("Hammer", "nahkampf", 5, "W12"),))
        b = z.Kaempfer("B", "Helden", 10, 12, 0, 5, (("nahkampf", 0),), (FAUST,))
        k = z.neuer_kampf([a, b], z.Optionen(gesundheit=gesundheit))
        k = z.anwenden(k, z.start_ereignis(k, {"A": 20, "B": 30}, augen={"A": "10", "B": "10"}))
        e = z.angriff_ereignis(k, "A", "B", 0, augen={"angriff": "10", "zone": "1 4", "schaden": "9"})
        k2 = z.anwenden(k, e)
        assert k2["B"].lebenspunkte == 5 - 9
        assert k2["B"].kampfunfaehig(k2.optionen) is unfaehig
        assert ("kampfunfähig" in e.text) is unfaehig
    with pytest.raises(ValueError, match="Gesundheitsmodell"):
        z.Optionen(gesundheit="wunden")


def test_simulation_braucht_ein_gesundheitsmodell():
    from gm_helfer import boegen
    from gm_helfer.zeitstrahl import simulation
    erg = boegen.laden("zeitstrahl")
    with pytest.raises(ValueError, match="Gesundheitsmodell"):
        simulation.einen_kampf(erg.boegen, rng=__import__("random").Random(1),
                               optionen=z.Optionen(gesundheit="ohne"))


def test_ohne_gesundheitsmodell_entscheidet_der_spielleiter():
    a = z.Kaempfer("A", "Feinde", 10, 12, 0, 30, (("nahkampf", 30),), (z.Waffe("Hammer", "nahkampf", 5, "W12"),))
    b = z.Kaempfer("B", "Helden", 10, 12, 0, 5, (("nahkampf", 0),), (FAUST,))
    k = z.neuer_kampf([a, b], z.Optionen(gesundheit="ohne"))
    k = z.anwenden(k, z.start_ereignis(k, {"A": 20, "B": 30}, augen={"A": "10", "B": "10"}))
    k2 = z.anwenden(k, z.ausfall_ereignis(k, "B", "bewusstlos geschlagen"))
    assert k2["B"].kampfunfaehig(k2.optionen)
    k3 = z.anwenden(k2, z.zustand_ereignis(k2, "B", "kampfunfähig"))
    assert not k3["B"].kampfunfaehig(k3.optionen)
    mit_lp = z.neuer_kampf([a, b])
    with pytest.raises(z.KampfFehler, match="Gesundheitsmodell"):
        z.ausfall_ereignis(mit_lp, "B")
