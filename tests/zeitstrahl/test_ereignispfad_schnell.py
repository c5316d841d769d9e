"""Der schnelle Ereignispfad (Issue 10) rechnet dasselbe wie der ausführliche: dieselben
Würfe aus derselben Saat, dieselben Ereignisdaten mit und ohne Protokolltext, dieselben
Trefferzonen für einen Wurf wie für ein Feld von Würfen."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gm_helfer import boegen as bogen_laden
from gm_helfer import zeitstrahl as z
from gm_helfer.wuerfel import wurf
from gm_helfer.zeitstrahl import simulation as sim
from gm_helfer.zeitstrahl.proben import augen_wuerfeln
from gm_helfer.zeitstrahl.schaden import _pruefe_schutz, schadenspunkte, zonen_nummer


@pytest.mark.parametrize("ausdruck", ["W20", "2W10", "3W4", "W6!+2", "2W6-W4+1", "W4!+W8!-3"])
@pytest.mark.parametrize("quelle", ["random", "numpy"])
def test_augen_wuerfeln_zieht_dieselben_zahlen_wie_wurf(ausdruck, quelle):
    """Dieselbe Saat → dieselben Summen je Würfel, dieselbe Gesamtsumme, und danach steht der
    Zufallsgenerator an derselben Stelle (explodierende Würfel eingeschlossen)."""
    def rng(saat):
        return random.Random(saat) if quelle == "random" else np.random.default_rng(saat)

    for saat in range(200):
        r1, r2 = rng(saat), rng(saat)
        w = wurf(ausdruck, rng=r1)
        a = augen_wuerfeln(ausdruck, rng=r2)
        assert a.summen == tuple(x.summe for x in w.wuerfe)
        assert (a.gesamt, a.konstante, a.eingetippt) == (w.gesamt, w.ausdruck.konstante, False)
        assert wurf("W1000", rng=r1).gesamt == wurf("W1000", rng=r2).gesamt


def test_augen_wuerfeln_eingetippt_und_leer_wie_wuerfeln():
    a = augen_wuerfeln("2W6+1", augen="3, 5")
    assert (a.summen, a.gesamt, a.eingetippt) == ((3, 5), 9, True)
    # ein leeres Eingabefeld heißt: würfeln lassen
    assert augen_wuerfeln("W6", rng=random.Random(4), augen=" ") == augen_wuerfeln("W6", rng=random.Random(4))
    with pytest.raises(ValueError, match="fehlen Würfel"):
        augen_wuerfeln("W6", wofuer="den Patzer")


def test_zonen_nummer_einzeln_wie_feld():
    erster, zweiter = np.meshgrid(np.arange(1, 7), np.arange(1, 7), indexing="ij")
    nummer, empfindlich = zonen_nummer(erster, zweiter)
    for i in range(6):
        for j in range(6):
            n, e = zonen_nummer(i + 1, j + 1)
            assert (type(n), type(e)) == (int, bool)
            assert (n, e) == (int(nummer[i, j]), bool(empfindlich[i, j]))


def test_schutz_nie_negativ_einzeln_wie_feld():
    with pytest.raises(ValueError, match="nie negativ"):
        _pruefe_schutz(-1)
    with pytest.raises(ValueError, match="nie negativ"):
        _pruefe_schutz(np.array([1, -1]))
    assert schadenspunkte([12], 3) == 9


@pytest.fixture(scope="module")
def bogen():
    """Die Beispielbögen (nur gelesen)."""
    return {b.name: b for b in bogen_laden.laden("zeitstrahl").boegen}


def test_ohne_text_dieselben_ereignisdaten(bogen, monkeypatch):
    """``text=False`` (Simulation) lässt nur die Protokollzeile weg: Art, Daten, Regel und
    „eingetippt“ sind dieselben wie im Live-Kampf (mit Text) – dieselbe Saat, Ereignis für
    Ereignis, alle Ereignisarten der Simulation."""
    boegen = [bogen[n] for n in ("Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger")]

    def ereignisse(mit_text: bool) -> list:
        folge = []
        original = sim.anwenden
        monkeypatch.setattr(sim, "anwenden", lambda k, e: folge.append(e) or original(k, e))
        for name in ("start_ereignis", "angriff_ereignis", "aktion_ereignis", "konter_verzicht_ereignis"):
            bauer = getattr(z, name)
            monkeypatch.setattr(sim, name, lambda *a, _b=bauer, **kw: _b(*a, **{**kw, "text": mit_text}))
        for saat in range(4):
            taktik = sim.Taktik(verteidigung="parade" if saat % 2 else "beste", kontern=saat < 2)
            sim.einen_kampf(boegen, rng=random.Random(saat), taktik=taktik)
        monkeypatch.undo()
        return folge

    ohne, mit = ereignisse(False), ereignisse(True)
    assert [(e.art, e.daten, e.regel, e.eingetippt) for e in ohne] == [
        (e.art, e.daten, e.regel, e.eingetippt) for e in mit]
    assert all(e.text == "" for e in ohne) and all(e.text for e in mit)
    assert {"start", "angriff", "konter_verzicht"} <= {e.art for e in ohne}


def test_verteidigungs_wahlen_nur_laesst_die_anderen_weg(bogen):
    """``nur=`` liefert genau die Wahlen, die es erlaubt – dieselben wie ohne ``nur`` (Titel,
    Ticks, Chancen, Grund), in derselben Reihenfolge."""
    from gm_helfer.zeitstrahl.vorschau import verteidigungs_wahlen

    start = sim._startzustand([bogen[n] for n in ("Herkulos", "Bruni", "Söldner")], None)
    k = z.anwenden(start, z.start_ereignis(start, rng=random.Random(3)))
    alle = verteidigungs_wahlen(k, "Herkulos", "Söldner", 0)
    nur_parade = verteidigungs_wahlen(k, "Herkulos", "Söldner", 0, nur=lambda art, w: art in ("passiv", "parade"))
    assert nur_parade == tuple(w for w in alle if w.art in ("passiv", "parade"))
    assert {w.art for w in alle} > {w.art for w in nur_parade}
