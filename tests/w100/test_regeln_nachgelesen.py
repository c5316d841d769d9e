"""Issue 9, W100: Lesarten, wo der Text schweigt – sichtbar und je Kampf umschaltbar.

Jeder Test zitiert den Satz aus ``regeln/w100.txt``, auf dem die Lesart beruht."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from itertools import product

import pytest

from gm_helfer import w100
from gm_helfer.w100 import KritRegel, Optionen, W100Fehler, Waffe, anwenden, neuer_kampf, sitzung
from gm_helfer.w100 import chancen as w100_chancen


def _bereit(kaempfer, optionen=Optionen()):
    kampf = neuer_kampf(kaempfer, optionen)
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"John": 90, "Ork": 10}))
    return anwenden(kampf, w100.zug_beginn_ereignis(kampf))


def _angriff(kampf, waffe, natuerlich, schaden_augen=None, ziel="Ork"):
    plan = w100.angriff_planen(kampf, "John", ziel, waffe)
    sw = w100.schadenswurf(plan.waffe.schaden, augen=schaden_augen) if schaden_augen else None
    e = w100.angriff_ereignis(kampf, plan, w100.w100(augen=natuerlich), sw)
    return e, anwenden(kampf, e)


# --- Kritische Treffer: Folge umschaltbar -------------------------------------------------

@pytest.mark.parametrize(("folge", "schaden"), [("faktor", 2 * 16 - 5), ("ohne", 16 - 5), ("hoechstschaden", 24 - 5)])
def test_krit_folge_je_kampf(john, ork, folge, schaden):
    """„5. Kritischen Treffer und Schaden bestimmen: Nur ein Volltreffer kann kritisch sein.
    Anschließend wird der Schaden berechnet und durch die passende Panzerung gemindert.“ – was
    ein kritischer Treffer bewirkt, sagt der Text nicht. Standard: Schaden × Faktor der Waffe;
    „ohne“: er ist nur markiert; „hoechstschaden“: die Schadenswürfel zählen ihr Maximum."""
    kampf = _bereit([john(), ork()], Optionen(krit_folge=folge))
    e, neu = _angriff(kampf, "Langschwert", 98, "7, 5")  # 98 + 50 − 20 = 128, natürlich ≥ 96
    assert e.daten["stufe"] == "volltreffer" and e.daten["kritisch"]
    assert e.daten["schaden"] == schaden  # Panzerung Schnitt 5; 2W10+4: 16, höchstens 24
    assert neu["Ork"].lp == 70 - schaden


@pytest.mark.parametrize("folge", ["faktor", "ohne", "hoechstschaden"])
def test_krit_folge_vorschau_wie_live(john, ork, folge):
    """Die Schadensverteilung vor dem Wurf ist die Häufigkeit über alle 100 × 6 Würfe des
    echten Angriffs (``angriff_ereignis`` + ``anwenden``)."""
    waffe = Waffe("Kurzschwert", "nahkampf", 50, "W6+1", "schnitt", 1.5, 5, KritRegel("wurf", 91, 3))
    kampf = _bereit([replace(john(), waffen=(waffe,)), ork()], Optionen(krit_folge=folge))
    zaehler: Counter[int] = Counter()
    for natuerlich, w6 in product(range(1, 101), range(1, 7)):
        e, _ = _angriff(kampf, "Kurzschwert", natuerlich, str(w6))
        zaehler[e.daten["schaden"]] += 1
    vorschau = w100_chancen.angriff_schaden_verteilung(
        50, 20, 5, schaden="W6+1", panzerung=5, krit=waffe.krit, optionen=kampf.optionen)
    assert set(vorschau) == set(zaehler)
    for s, n in zaehler.items():
        assert vorschau[s] == pytest.approx(n / 600, abs=1e-12)


def test_hoechstschaden_braucht_endliche_wuerfel():
    with pytest.raises(W100Fehler, match="explod"):
        w100_chancen.schaden_verteilung("W6!", panzerung=0, stufe="volltreffer", kritisch=True,
                                        optionen=Optionen(krit_folge="hoechstschaden"))


# --- Patzer: Folge umschaltbar --------------------------------------------------------------

def test_patzer_folge_je_kampf(john, ork):
    """„1. Würfeln und Fehlschlag prüfen: Ein W100-Wurf im Patzerbereich lässt den Angriff
    unabhängig von seinem Angriffsbonus scheitern.“ – Standard: nur dieser Angriff scheitert,
    die Angriffshandlung läuft weiter („Mehrere Angriffe mit ausgerüsteten Waffen können zu
    einer Angriffshandlung gehören.“). Option: der Patzer beendet die Angriffshandlung."""
    kampf = _bereit([john(), ork()])
    e, neu = _angriff(kampf, "Langschwert", 3)
    assert e.daten["stufe"] == "patzer"
    _angriff(neu, "Dolch", 50, "4")  # der Dolch darf noch
    streng = _bereit([john(), ork()], Optionen(patzer_folge="angriffshandlung"))
    e, neu = _angriff(streng, "Langschwert", 3)
    assert "beendet die Angriffshandlung" in e.text
    with pytest.raises(W100Fehler, match="keine Angriffshandlung mehr"):
        _angriff(neu, "Dolch", 50, "4")


# --- Gesundheitsmodell umschaltbar ----------------------------------------------------------

def test_gesundheit_ohne_automatische_kampfunfaehigkeit(john, ork):
    """„Solange noch kampffähige Beteiligte Initiative übrig haben …“ – wann jemand nicht mehr
    kampffähig ist, sagt der Text nicht. Standard: Lebenspunkte ≤ ``kampfunfaehig_ab``;
    ``gesundheit="ohne"``: das Programm zählt nur den Schaden, der Spielleiter entscheidet."""
    for gesundheit, faehig in (("lebenspunkte", False), ("ohne", True)):
        kampf = _bereit([john(), ork(lp=5)], Optionen(gesundheit=gesundheit))
        _, neu = _angriff(kampf, "Langschwert", 89, "7, 5")
        assert neu["Ork"].lp == 5 - 11
        assert neu["Ork"].kampffaehig(neu.optionen) is faehig
        assert (w100.sieger(neu) is None) is faehig
    kampf = _bereit([john(), ork(lp=5)], Optionen(gesundheit="ohne"))
    vs = sitzung.vorschau(kampf, "Ork", "Langschwert")
    assert vs.kampfunfaehig is None
    assert w100_chancen.chance_kampfunfaehig({20: 1.0}, 5, kampf.optionen) is None
    with pytest.raises(W100Fehler, match="Gesundheitsmodell"):
        Optionen(gesundheit="zaehigkeit")


def test_simulation_braucht_ein_gesundheitsmodell():
    import random

    from gm_helfer import boegen
    from gm_helfer.w100 import simulation
    erg = boegen.laden("w100")
    with pytest.raises(W100Fehler, match="Gesundheitsmodell"):
        simulation.einen_kampf(erg.boegen, rng=random.Random(1), optionen=Optionen(gesundheit="ohne"))


def test_ohne_gesundheitsmodell_entscheidet_der_spielleiter(john, ork):
    kampf = _bereit([john(), ork()], Optionen(gesundheit="ohne"))
    neu = anwenden(kampf, w100.ausfall_ereignis(kampf, "Ork", grund="gibt auf"))
    assert not neu["Ork"].kampffaehig(neu.optionen) and w100.sieger(neu) == "helden"
    zurueck = anwenden(neu, w100.ausfall_ereignis(neu, "Ork", False))
    assert zurueck["Ork"].kampffaehig(zurueck.optionen)
    with pytest.raises(W100Fehler, match="Gesundheitsmodell"):
        w100.ausfall_ereignis(_bereit([john(), ork()]), "Ork")
