"""gm_helfer.lauf: ein Simulationslauf in Stücken, den man anhält und beobachtet."""

from __future__ import annotations

import random
import threading
import time

import pytest

from gm_helfer import begegnungen, boegen, lauf, simulation
from gm_helfer.simulation import Auswertung, Kampfausgang, simulieren


def _muenze(anzahl, rng):
    return simulieren(lambda r: Kampfausgang("Helden" if r.random() < 0.75 else "Schurken", 1 + int(r.random() * 3),
                                             ("Bandit",) if r.random() < 0.5 else ()), anzahl, rng=rng)


def test_stuecke_fuenf_prozent_mit_grenzen():
    assert lauf.stuecke(10_000) == (2000,) * 5
    assert lauf.stuecke(200_000) == (5000,) * 40  # 5 % genau
    assert lauf.stuecke(100_000) == (5000,) * 20
    assert lauf.stuecke(2001) == (2000, 1)
    assert lauf.stuecke(1) == (1,)
    with pytest.raises(ValueError, match="mindestens ein Kampf"):
        lauf.stuecke(0)


def test_vereinen_zaehlt_wie_ein_lauf():
    """Die Stücke zusammen zählen genau so, wie alle Kämpfe hintereinander gezählt würden."""
    rng = random.Random(5)
    teile = [_muenze(n, rng) for n in (300, 700, 1)]
    rng = random.Random(5)
    alle = [_muenze(n, rng) for n in (300, 700, 1)]
    v = lauf.vereinen(teile)
    assert v.anzahl == 1001
    for feld in ("sieg", "runden", "ausgeschaltet", "tot"):
        summe = {}
        for a in alle:
            for k, p in getattr(a, feld).items():
                summe[k] = summe.get(k, 0) + round(p * a.anzahl)
        assert dict(getattr(v, feld)) == {k: n / 1001 for k, n in summe.items() if n}
    mit_verbrauch = [Auswertung(10, {"H": 1.0}, {1: 1.0}, {}, {}, verbrauch={"Bennies (Mira)": 1.0}),
                     Auswertung(30, {"H": 1.0}, {1: 1.0}, {}, {}, verbrauch={"Bennies (Mira)": 2.0})]
    assert lauf.vereinen(mit_verbrauch).verbrauch["Bennies (Mira)"] == pytest.approx(1.75)


def test_gleiche_saat_gleiches_ergebnis_und_meldungen():
    gemeldet = []
    a = lauf.Lauf({"A": _muenze}, 5000, saat=3).ausfuehren(gemeldet.append)
    b = lauf.Lauf({"A": _muenze}, 5000, saat=3).ausfuehren()
    assert a.zustand == "fertig" and a.auswertungen["A"] == b.auswertungen["A"]
    assert [s.fertig for s in gemeldet] == [2000, 4000, 5000]
    assert [s.zustand for s in gemeldet] == ["läuft", "läuft", "fertig"]
    assert lauf.Lauf({"A": _muenze}, 5000, saat=4).ausfuehren().auswertungen["A"] != a.auswertungen["A"]


def _langsam(anzahl, rng):
    time.sleep(0.2)
    return _muenze(anzahl, rng)


def test_stoppen_meldet_sofort_die_fertigen_stuecke():
    gemeldet = []
    lf = lauf.Lauf({"A": _langsam, "B": _langsam}, 200_000, saat=1)
    faden = lf.starten(melden=gemeldet.append)
    while not gemeldet:
        time.sleep(0.01)
    start = time.monotonic()
    lf.stoppen()
    dauer = time.monotonic() - start
    stand = gemeldet[-1]
    assert dauer < 0.1 and stand.zustand == "gestoppt" and "Stopp" in stand.meldung
    assert stand.fertig == stand.auswertungen["A"].anzahl == stand.auswertungen["B"].anzahl > 0
    faden.join(2)
    assert not faden.is_alive()
    assert gemeldet[-1] is stand  # das Stück, das beim Stopp rechnete, fällt weg
    assert "gestoppt" in stand.text() and "nur auf den fertigen Kämpfen" in stand.text()


def test_ohne_lebenszeichen_haelt_der_lauf_an():
    lf = lauf.Lauf({"A": _langsam}, 200_000, saat=1, puls=0.3)
    stand = lf.ausfuehren()
    assert stand.zustand == "gestoppt" and "Tab" in stand.meldung
    assert 0 < stand.fertig < 20_000


class _Faden(threading.Thread):
    """Wie marimo.Thread: ``should_exit`` wird wahr, wenn die Zelle neu läuft."""

    abgeloest = False

    @property
    def should_exit(self):
        return self.abgeloest


def test_neuer_lauf_loest_den_alten_ab():
    lf = lauf.Lauf({"A": _langsam}, 200_000, saat=1)
    faden = lf.starten(faden=_Faden)
    time.sleep(0.3)
    faden.abgeloest = True
    faden.join(2)
    assert not faden.is_alive() and lf.stand.zustand == "gestoppt" and "neuen Lauf" in lf.stand.meldung


def test_fehler_der_begegnung_wird_gemeldet():
    def kaputt(anzahl, rng):
        raise ValueError("Nur eine Seite.")

    stand = lauf.Lauf({"A": kaputt}, 100).ausfuehren()
    assert stand.zustand == "fehler" and stand.meldung == "Nur eine Seite."


def test_aufgabe_spielt_die_begegnung_mit_taktik():
    ladung = boegen.laden("savage_worlds")
    b = begegnungen.laden_alle("savage_worlds").begegnungen[0]
    a = lauf.aufgabe(b, ladung.boegen, max_runden=50)(200, random.Random(1))
    erwartet = simulation.begegnung("savage_worlds", begegnungen.boegen_fuer(b, ladung.boegen), 200, rng=random.Random(1),
                                    max_runden=50, taktik=begegnungen.taktik_fuer(b), optionen=begegnungen.optionen_fuer(b))
    assert a == erwartet
