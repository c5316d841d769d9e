"""Das Verzeichnis der Regelsysteme: anmelden, finden, der eine Simulationstreiber des Kerns –
an einem Spielzeug-System, das der Kern nirgends beim Namen kennt."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import pytest

from gm_helfer import ansicht, regelsystem, simulation


@dataclass(frozen=True)
class _Taktik:
    ziel: str = field(default="zufall", metadata={"text": "Wen angreifen", "wahl": simulation.ZIELWAHL})


@dataclass(frozen=True)
class _Optionen:
    muenzen: int = 1


def _muenzkampf(boegen, anzahl=1000, *, rng, optionen=None, max_runden=100, taktik=None, fortschritt=None):
    def ein_kampf(r):
        return simulation.Kampfausgang("Kopf" if r.random() < 0.5 else "Zahl", 1, (), ())

    a = simulation.simulieren(ein_kampf, anzahl, rng=rng)
    if fortschritt is not None:
        fortschritt(anzahl, anzahl)
    return a


def _ereignis(boegen, anzahl=1000, *, rng, optionen=None, max_runden=100, taktik=None):
    return _muenzkampf(boegen, anzahl, rng=rng, optionen=optionen, max_runden=max_runden, taktik=taktik)


class _Tisch:
    class ansicht:  # noqa: N801 – steht für ein Modul
        @staticmethod
        def kaempfer(zustand):
            return []


SPIELZEUG = regelsystem.Regelsystem(
    name="muenzwurf", anzeigename="Münzwurf", schema=None, start=lambda boegen, optionen=None: 0,
    anwenden=lambda z, e: z + 1, start_aus_kopf=lambda kopf: 0, optionen=_Optionen, taktik=_Taktik,
    taktik_je_seite=False, begegnung=_muenzkampf, ereignis_begegnung=_ereignis, tisch=lambda: _Tisch,
    gebuendelt=False, zeiteinheit="Würfe", rang=999,
)


@pytest.fixture
def spielzeug():
    regelsystem.registrieren(SPIELZEUG)
    yield SPIELZEUG
    regelsystem.abmelden(SPIELZEUG.name)


def test_die_vier_systeme_kommen_aus_den_einstiegspunkten():
    namen = [s.name for s in regelsystem.systeme()]
    assert namen[:4] == ["savage_worlds", "aloran", "zeitstrahl", "w100"]
    assert simulation.SYSTEME == ansicht.SYSTEME == regelsystem.anzeigenamen()
    assert simulation.ZEITEINHEIT == {"zeitstrahl": "Ticks"}


def test_anmelden_finden_abmelden(spielzeug):
    assert regelsystem.system("muenzwurf") is spielzeug
    assert regelsystem.systeme()[-1] is spielzeug
    assert simulation.SYSTEME["muenzwurf"] == "Münzwurf"
    assert simulation.zeiteinheit("muenzwurf") == "Würfe" and not simulation.gebuendelt("muenzwurf")
    assert ansicht.system("muenzwurf") is _Tisch.ansicht
    with pytest.raises(regelsystem.RegelsystemFehler, match="schon angemeldet"):
        regelsystem.registrieren(regelsystem.Regelsystem(**{**SPIELZEUG.__dict__, "anzeigename": "anders"}))
    regelsystem.abmelden("muenzwurf")
    assert regelsystem.finden("muenzwurf") is None


def test_unbekanntes_system_deutsch():
    with pytest.raises(ValueError, match="Unbekanntes Regelsystem „quidditch“.*savage_worlds"):
        regelsystem.system("quidditch")
    with pytest.raises(ValueError, match="keine Simulation"):
        simulation.begegnung("quidditch", [], 1, rng=random.Random(1))
    assert regelsystem.finden(None) is None


def test_ein_treiber_fuer_jedes_angemeldete_system(spielzeug):
    """Der Kern-Treiber ruft die Treiber des Vertrags mit ihrer einen Unterschrift; der
    Ereignispfad meldet den Fortschritt am Ende."""
    for ereignispfad in (False, True):
        gemeldet: list[tuple[int, int]] = []
        a = simulation.begegnung("muenzwurf", [], 50, rng=random.Random(3), taktik=_Taktik(),
                                 ereignispfad=ereignispfad, fortschritt=lambda f, n, g=gemeldet: g.append((f, n)))
        b = simulation.begegnung("muenzwurf", [], 50, rng=random.Random(3), ereignispfad=ereignispfad)
        assert (a.sieg, a.runden) == (b.sieg, b.runden)  # gleiche Saat, gleicher Ausgang
        assert set(a.sieg) <= {"Kopf", "Zahl"} and gemeldet == [(50, 50)]
