"""Werkzeuge des schnellen Ereignispfads (gm_helfer.schnell, Issue 10)."""

import doctest
from dataclasses import dataclass

from gm_helfer import schnell
from gm_helfer.schnell import je_objekt


def test_doctests():
    ergebnis = doctest.testmod(schnell)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_je_objekt_merkt_nach_identitaet_nicht_nach_gleichheit():
    @dataclass(frozen=True)
    class Zustand:
        werte: tuple[int, ...]

    aufrufe = []

    @je_objekt
    def groesster(z):
        aufrufe.append(z)
        return max(z.werte)

    a, b = Zustand((1, 5)), Zustand((1, 5))
    assert groesster(a) == groesster(a) == 5
    assert len(aufrufe) == 1
    assert groesster(b) == 5  # gleich, aber ein anderes Objekt: neu gerechnet
    assert len(aufrufe) == 2
    # viele Objekte: der Speicher bleibt begrenzt und die Antworten richtig
    zustaende = [Zustand((i,)) for i in range(500)]
    assert [groesster(z) for z in zustaende] == list(range(500))
    assert [groesster(z) for z in zustaende[-10:]] == list(range(490, 500))


def test_ersetzen_kopiert_keine_zwischengespeicherten_werte():
    from functools import cached_property

    from gm_helfer.schnell import ersetzen, ersetzen_ohne_pruefung

    @dataclass(frozen=True)
    class Gruppe:
        namen: tuple[str, ...]
        runde: int = 0

        @cached_property
        def anzahl(self) -> int:
            return len(self.namen)

    a = Gruppe(("Ada", "Bo"))
    assert a.anzahl == 2
    for kopieren in (ersetzen, ersetzen_ohne_pruefung):
        b = kopieren(a, namen=("Ada",))
        assert b.anzahl == 1 and b == Gruppe(("Ada",))
        c = kopieren(a, runde=1)
        assert c.anzahl == 2 and "anzahl" not in vars(kopieren(a, runde=2))


def test_ersetzen_ohne_pruefung_uebergeht_post_init_nur_dort():
    from gm_helfer.schnell import ersetzen, ersetzen_ohne_pruefung

    aufrufe = []

    @dataclass(frozen=True)
    class Konto:
        name: str
        stand: int = 0

        def __post_init__(self):
            aufrufe.append(self.name)

    k = Konto("Ada")
    assert ersetzen(k, stand=1) == Konto("Ada", 1)  # mit Prüfung (dataclasses.replace)
    erwartet = Konto("Ada", 2)
    n = len(aufrufe)
    neu = ersetzen_ohne_pruefung(k, stand=2)
    assert len(aufrufe) == n
    assert neu == erwartet


def test_simulieren_friert_nur_waehrend_der_kaempfe_ein():
    import gc
    import random

    import pytest

    from gm_helfer import simulation

    gesehen = []

    def kampf(rng):
        gesehen.append(gc.get_freeze_count() > 0)
        return simulation.Kampfausgang("Helden", 1)

    assert simulation.simulieren(kampf, 3, rng=random.Random(1)).sieg["Helden"] == 1.0
    assert gesehen == [True, True, True] and gc.get_freeze_count() == 0

    def kaputt(rng):
        raise RuntimeError("Absicht")

    with pytest.raises(RuntimeError):
        simulation.simulieren(kaputt, 2, rng=random.Random(1))
    assert gc.get_freeze_count() == 0


def test_bauen_gleich_dem_konstruktor_und_weist_post_init_ab():
    import pytest

    from gm_helfer.schnell import bauen

    @dataclass(frozen=True)
    class Lage:
        ziel: str
        abzug: int = 0
        merkmale: tuple[str, ...] = ()

    gebaut = bauen(Lage, {"ziel": "Ork", "abzug": -2, "merkmale": ("Deckung",)})
    echt = Lage("Ork", -2, ("Deckung",))
    assert gebaut == echt and hash(gebaut) == hash(echt) and repr(gebaut) == repr(echt)
    assert vars(gebaut) == vars(echt)
    with pytest.raises(TypeError, match="Felder"):
        bauen(Lage, {"ziel": "Ork"})

    @dataclass(frozen=True)
    class Geprueft:
        wert: int

        def __post_init__(self):
            if self.wert < 0:
                raise ValueError("negativ")

    with pytest.raises(TypeError, match="__post_init__"):
        bauen(Geprueft, {"wert": -1})

    @dataclass(frozen=True, slots=True)
    class Eng:
        wert: int

    with pytest.raises(TypeError, match="slots"):
        bauen(Eng, {"wert": 1})
    with pytest.raises(TypeError, match="keine Datenklasse"):
        bauen(dict, {})


def test_einfrieren_verschachtelt_und_aus_zwei_threads_stellt_die_schwelle_wieder_her():
    import gc
    import threading

    from gm_helfer.schnell import _SCHWELLE_IM_BLOCK, alte_objekte_einfrieren

    vorher = gc.get_threshold()
    drin_a, a_darf_gehen, b_fertig = threading.Event(), threading.Event(), threading.Event()
    gesehen = []

    def block_a():
        with alte_objekte_einfrieren():
            drin_a.set()
            a_darf_gehen.wait(10)
            gesehen.append(("a", gc.get_threshold()[0]))

    def block_b():
        drin_a.wait(10)
        with alte_objekte_einfrieren():  # beginnt, während a läuft …
            with alte_objekte_einfrieren():  # … und verschachtelt
                gesehen.append(("b", gc.get_threshold()[0]))
            a_darf_gehen.set()  # a endet, während b noch offen ist
            while len(gesehen) < 2:
                threading.Event().wait(0.01)
            gesehen.append(("b nach a", gc.get_threshold()[0], gc.get_freeze_count() > 0))
        b_fertig.set()

    ta, tb = threading.Thread(target=block_a), threading.Thread(target=block_b)
    ta.start()
    tb.start()
    ta.join(20)
    tb.join(20)
    assert b_fertig.is_set()
    schwelle = max(vorher[0], _SCHWELLE_IM_BLOCK)
    assert gesehen == [("b", schwelle), ("a", schwelle), ("b nach a", schwelle, True)]
    assert gc.get_threshold() == vorher  # der letzte Block stellt sie wieder her
