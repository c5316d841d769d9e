"""Reihen über einen Prozess-Pool (simulation.reihe_varianten): dasselbe Ergebnis mit einem oder
zwei Arbeitsprozessen, eigene Saat je Wert, Fehler auf Deutsch (Arbeitsprozesse kosten beim Start
Sekunden, daher nur ein Test mit Pool)."""

from __future__ import annotations

import pytest

from gm_helfer import begegnungen as bg
from gm_helfer import boegen, simulation
from gm_helfer.savage_worlds.simulation import Taktik


@pytest.fixture(scope="module")
def aufstellung():
    alle = boegen.laden("savage_worlds").boegen
    b = bg.Begegnung("Reihe", "savage_worlds", (bg.Eintrag("Helden", "Mira"), bg.Eintrag("Helden", "Brakka"),
                                                 bg.Eintrag("Schurken", "Bandit", 2)))
    return b, alle


def test_ein_oder_zwei_prozesse_gleiches_ergebnis(aufstellung):
    b, alle = aufstellung
    werte = [2, 6, 10]
    varianten = [bg.mit_wert(b, alle, "Bandit", "anzahl", w) for w in werte]
    gemeldet = []
    kw = dict(saat=7, taktik=Taktik(ziel="zufall"))
    allein = simulation.reihe_varianten("savage_worlds", varianten, werte, "Bandit: anzahl", 400, arbeiter=1,
                                        fortschritt=lambda f, n: gemeldet.append((f, n)), **kw)
    zwei = simulation.reihe_varianten("savage_worlds", varianten, werte, "Bandit: anzahl", 400, arbeiter=2, **kw)
    assert gemeldet == [(1, 3), (2, 3), (3, 3)]
    assert allein == zwei and allein.werte == (2, 6, 10)
    chancen = [p for _, p, _, _ in allein.siegchancen()]
    assert chancen[0] > chancen[2]  # mehr Banditen, seltener Heldensieg
    # ein Wert allein (eigene Saat je Punkt): wie in der Reihe an seiner Stelle
    einzeln = simulation.begegnung("savage_worlds", varianten[1], 400,
                                   rng=__import__("random").Random(simulation.punkt_saat(7, 1)),
                                   taktik=Taktik(ziel="zufall"))
    assert einzeln == allein.auswertungen[1]
    assert [e.anzahl for e in b.eintraege] == [1, 1, 2]  # die Begegnung bleibt unverändert


def test_fehler_aus_dem_arbeitsprozess(aufstellung):
    b, alle = aufstellung
    nur_helden = [[x for x in bg.boegen_fuer(b, alle) if x.werte["seite"] == "Helden"]] * 2
    with pytest.raises(ValueError, match="braucht es Kämpfer auf zwei Seiten"):
        simulation.reihe_varianten("savage_worlds", nur_helden, [1, 2], "x", 10, arbeiter=1)
    with pytest.raises(bg.BegegnungFehler, match="Anzahl muss eine ganze Zahl ab 1 sein"):
        bg.mit_wert(b, alle, "Bandit", "anzahl", 0)
    with pytest.raises(bg.BegegnungFehler, match="„Wolf“ steht nicht in der Begegnung"):
        bg.mit_wert(b, alle, "Wolf", "anzahl", 2)


def test_anderes_feld_aendert_den_bogen(aufstellung):
    b, alle = aufstellung
    bs = bg.mit_wert(b, alle, "Brakka", "schild", 2)
    assert next(x for x in bs if x.name == "Brakka").werte["schild"] == 2
    brakka_vorher = next(x for x in alle if x.name == "Brakka").werte
    assert "schild" not in brakka_vorher or brakka_vorher["schild"] != 2


def test_heldenseite():
    a = simulation.Auswertung(10, {"helden": 0.7, "gegner": 0.3}, {1: 1.0}, {}, {})
    assert simulation.heldenseite(a) == "helden"
    assert simulation.heldenseite(simulation.Auswertung(10, {"Helden": 1.0}, {1: 1.0}, {}, {})) == "Helden"
    gruppe = simulation.Auswertung(10, {"Feinde": 1.0}, {1: 1.0}, {}, {}, seiten={"X": "Gruppe"})
    assert simulation.heldenseite(gruppe) == "Gruppe"


class _Abbruch(Exception):
    pass


def test_pool_endet_mit_der_reihe_auch_abgebrochen(aufstellung):
    """Nichts rechnet weiter: nach der Reihe (fertig oder abgebrochen) lebt kein Arbeitsprozess."""
    import multiprocessing
    import time

    b, alle = aufstellung
    werte = [2, 3, 4, 5]
    varianten = [bg.mit_wert(b, alle, "Bandit", "anzahl", w) for w in werte]

    def abbrechen(fertig, gesamt):
        raise _Abbruch

    beginn = time.monotonic()
    with pytest.raises(_Abbruch):
        simulation.reihe_varianten("savage_worlds", varianten, werte, "Bandit: anzahl", 3000, arbeiter=2,
                                   fortschritt=abbrechen, saat=1)
    assert multiprocessing.active_children() == []
    simulation.reihe_varianten("savage_worlds", varianten[:2], werte[:2], "Bandit: anzahl", 20, arbeiter=2)
    assert multiprocessing.active_children() == []
    assert time.monotonic() - beginn < 60
