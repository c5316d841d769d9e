"""Initiative und Kampfrunde (regeln/w100.txt › Initiative und Kampfrunde)."""

from __future__ import annotations

import random

import pytest

from gm_helfer import w100
from gm_helfer.w100 import Optionen, W100Fehler, anwenden, neuer_kampf


def _schritt(kampf, ereignis):
    return anwenden(kampf, ereignis)


def _zug(kampf):
    """Ein leerer Zug: beginnen, beenden. Gibt (Name, neuer Kampf) zurück."""
    b = w100.zug_beginn_ereignis(kampf)
    kampf = anwenden(kampf, b)
    name = kampf.am_zug
    return name, anwenden(kampf, w100.zug_ende_ereignis(kampf))


def _runde(kampf):
    folge = []
    while not w100.runde_vorbei(kampf):
        name, kampf = _zug(kampf)
        folge.append((name, kampf[name].initiative))
    return folge, kampf


def test_initiative_w100_plus_bonus():
    assert w100.initiative_wert(80, 45) == 125
    assert w100.initiative_wert(77, 45) == 122
    # „zählt eine gewürfelte 77 doppelt; erst danach kommt der Initiativebonus hinzu“
    assert w100.initiative_wert(77, 45, lucky_seven=True) == 154 + 45
    assert w100.initiative_wert(100, 0) == 100


def test_reihenfolge_ueber_mehrere_runden(john, ork, wolf):
    """Wolf 90+130 = 220, John 80+45 = 125, Ork 50+25 = 75.

    Die höchste verbleibende Initiative handelt und verliert 100; wer danach noch mindestens
    1 Punkt hat, kommt in derselben Runde wieder dran. Die Runde endet, wenn alle unter 1 sind.
    """
    kampf = neuer_kampf([john(), ork(), wolf()])
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"Wolf": 90, "John": 80, "Ork": 50}))
    assert kampf.runde == 1
    assert [k.initiative for k in kampf.kaempfer] == [125, 75, 220]
    folge, kampf = _runde(kampf)
    assert folge == [("Wolf", 120), ("John", 25), ("Wolf", 20), ("Ork", -25),
                     ("John", -75), ("Wolf", -80)]
    assert all(k.initiative < 1 for k in kampf.kaempfer)
    assert w100.runde_vorbei(kampf)
    with pytest.raises(W100Fehler, match="neue Runde"):
        w100.zug_beginn_ereignis(kampf)
    # Runde 2 mit der gespeicherten Reihenfolge (Standard): dieselben Werte, dieselbe Folge
    kampf = anwenden(kampf, w100.neue_runde_ereignis(kampf))
    assert kampf.runde == 2 and kampf.sekunden == 3
    assert [k.initiative for k in kampf.kaempfer] == [125, 75, 220]
    folge2, kampf = _runde(kampf)
    assert folge2 == folge
    # Runde 3: neu würfeln als Einstellung des Kampfes
    kampf = anwenden(kampf, w100.optionen_ereignis(kampf, Optionen(initiative_neu_wuerfeln=True)))
    with pytest.raises(TypeError):
        w100.neue_runde_ereignis(kampf)  # ohne Würfe geht es nicht
    kampf = anwenden(kampf, w100.neue_runde_ereignis(kampf, augen={"Wolf": 5, "John": "00", "Ork": 60}))
    assert kampf.runde == 3
    assert [k.initiative for k in kampf.kaempfer] == [145, 85, 135]
    folge3, _ = _runde(kampf)
    assert [n for n, _ in folge3] == ["John", "Wolf", "Ork", "John", "Wolf"]


def test_runde_nicht_vorbei_solange_jemand_initiative_hat(john, ork):
    kampf = neuer_kampf([john(), ork()])
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"John": 10, "Ork": 10}))
    with pytest.raises(W100Fehler, match="nicht vorbei"):
        w100.neue_runde_ereignis(kampf)
    _, kampf = _zug(kampf)   # John 55 → -45
    assert w100.naechster(kampf) == "Ork"
    with pytest.raises(W100Fehler, match="Ork hat noch Initiative"):
        w100.neue_runde_ereignis(kampf)


def test_gleichstand_hoeherer_bonus_zuerst(john, ork):
    kampf = neuer_kampf([ork(), john()])
    # Ork 45 + 25 = 70, John 25 + 45 = 70 → John (Bonus 45) zuerst
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"Ork": 45, "John": 25}))
    assert w100.naechster(kampf) == "John"


def test_lucky_seven_initiative(john, ork):
    kampf = neuer_kampf([john(), ork()], Optionen(lucky_seven=True))
    e = w100.initiative_ereignis(kampf, augen={"John": 77, "Ork": 99})
    kampf = anwenden(kampf, e)
    assert kampf["John"].initiative == 199 and kampf["Ork"].initiative == 124
    assert e.eingetippt is True
    folge, _ = _runde(kampf)
    assert [n for n, _ in folge] == ["John", "Ork", "John", "Ork"]


def test_kampfunfaehige_handeln_nicht(john, ork):
    kampf = neuer_kampf([john(), ork(lp=0)])
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"John": 10}))
    folge, _ = _runde(kampf)
    assert [n for n, _ in folge] == ["John"]
    with pytest.raises(W100Fehler, match="fehlt der Initiativewurf"):
        w100.initiative_ereignis(neuer_kampf([john(), ork()]), augen={"John": 10})


def test_initiative_ergreifen_gibt_den_ersten_zug(john, ork, wolf):
    kampf = neuer_kampf([john(), ork(), wolf()])
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"Wolf": 90, "John": 80, "Ork": 50}))
    kampf = anwenden(kampf, w100.ergreifen_ereignis(kampf, "Ork"))
    folge, kampf = _runde(kampf)
    assert [n for n, _ in folge] == ["Ork", "Wolf", "John", "Wolf", "John", "Wolf"]
    assert kampf.vorrang is None
    with pytest.raises(W100Fehler, match="vor dem ersten Zug|bevor der erste Zug"):
        w100.ergreifen_ereignis(kampf, "John")


def test_gewuerfelte_initiative_mit_rng_ist_reproduzierbar(john, ork, wolf):
    kampf = neuer_kampf([john(), ork(), wolf()])
    a = w100.initiative_ereignis(kampf, rng=random.Random(7))
    b = w100.initiative_ereignis(kampf, rng=random.Random(7))
    assert a == b and a.eingetippt is False
    for name, w in a.daten["werte"].items():
        assert 1 <= w["natuerlich"] <= 100
        assert w["wert"] == w["natuerlich"] + kampf[name].initiative_bonus
    import numpy as np
    c = w100.initiative_ereignis(kampf, rng=np.random.default_rng(3))
    assert set(c.daten["werte"]) == {"John", "Ork", "Wolf"}


def test_initiative_leiter(john, ork, wolf):
    kampf = neuer_kampf([john(), ork(), wolf()])
    kampf = anwenden(kampf, w100.initiative_ereignis(kampf, augen={"Wolf": 90, "John": 80, "Ork": 50}))
    leiter = w100.initiative_leiter(kampf)
    assert [(z["name"], z["zuege_uebrig"], z["status"]) for z in leiter] == [
        ("Wolf", 3, "als Nächstes"), ("John", 2, "noch 2 Züge"), ("Ork", 1, "noch ein Zug")]
    kampf = anwenden(kampf, w100.zug_beginn_ereignis(kampf))
    assert w100.initiative_leiter(kampf)[0]["status"] == "am Zug"


def test_gemischt_eingetippt_und_vom_programm(john, ork, wolf):
    """Spieler tippen ihre echten Würfel ein, für die anderen würfelt das Programm."""
    kampf = neuer_kampf([john(), ork(), wolf()])
    rng = random.Random(3)
    erwartet = random.Random(3)
    e = w100.initiative_ereignis(kampf, rng=rng, augen={"John": "00"})
    werte = e.daten["werte"]
    assert werte["John"] == {"natuerlich": 100, "bonus": 45, "wert": 145, "eingetippt": True}
    # Ork und Wolf würfeln in der Reihenfolge der Aufstellung mit demselben rng
    ork_wurf = w100.w100(rng=erwartet).natuerlich
    wolf_wurf = w100.w100(rng=erwartet).natuerlich
    assert (werte["Ork"]["natuerlich"], werte["Wolf"]["natuerlich"]) == (ork_wurf, wolf_wurf)
    assert not werte["Ork"]["eingetippt"] and not werte["Wolf"]["eingetippt"]
    assert e.eingetippt and "vom Programm gewürfelt: Ork, Wolf" in e.text
    with pytest.raises(W100Fehler, match="Gandalf"):
        w100.initiative_ereignis(kampf, rng=rng, augen={"Gandalf": 50})
    with pytest.raises(W100Fehler, match="fehlt"):
        w100.initiative_ereignis(kampf, augen={"John": 50})
    # alle eingetippt: kein Hinweis
    alle = w100.initiative_ereignis(kampf, rng=rng, augen={"John": 1, "Ork": 2, "Wolf": 3})
    assert "Programm" not in alle.text
