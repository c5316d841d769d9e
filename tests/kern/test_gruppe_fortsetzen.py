"""„Gruppe handelt“ setzt nach der Entscheidung eines Helden fort – nur dann (Issue 26, Punkte 2
und 3): in Aloran, Zeitstrahl und W100 hält die Gruppe vor dem Angriff eines Gegners auf einen
Helden an, der abwehren kann („It stops and asks when a decision comes up that the GM must take (a
hero's soak, a hero's defence choice)“); der Halt steht als Vermerk im Protokoll
(:func:`gm_helfer.zug.gruppe_halt_vermerken`). Der Schalter ``gruppe`` (zu Beginn an) spielt die
Gruppe nach dem Klick mit dieser Entscheidung im selben Schritt weiter – ein von Hand gespielter
Angriff eines Gegners setzt nichts fort, und nach dem Neuladen des Protokolls gilt dasselbe.

Gespielt wird wie im Panel: jeder Klick über :meth:`gm_helfer.tisch.Tisch.schritte` mit den
Schaltern „Gegner entscheiden ohne Rückfrage“ in ihrer Vorgabe (:meth:`~gm_helfer.tisch.Tisch.nsc_schalter`).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gm_helfer.protokoll import VERMERK, Verlauf
from gm_helfer.tisch import Tisch
from gm_helfer.zug import GRUPPE_HAELT

# --------------------------------------------------------------------------- je System: Anfang und Neuladen


def _aloran(datei: Path) -> Verlauf:
    """Ada (Held) gegen Ork und Goblin, die beiden Gegner bei gleicher Initiative vor ihr."""
    from ..aloran.test_vorschlag import _gleiche_initiative

    return _gleiche_initiative(datei)


def _aloran_laden(datei: Path) -> Verlauf:
    from gm_helfer.aloran import falten

    return falten.fortsetzen(datei)[0]


def _zeitstrahl(datei: Path) -> Verlauf:
    """Ada (Held) einen Tick nach Ork und Goblin: sie darf aktiv verteidigen."""
    from ..zeitstrahl.test_vorschlag import _gruppe

    return _gruppe("9", datei)


def _zeitstrahl_laden(datei: Path) -> Verlauf:
    from gm_helfer.zeitstrahl.tisch import sitzung

    return sitzung.verlauf_fortsetzen(datei)[0]


def _w100(datei: Path) -> Verlauf:
    """John (Held, mit Flee) gegen Wolf und Ork; der Wolf ist zuerst dran."""
    from gm_helfer.w100 import kampf as wk
    from gm_helfer.w100.tisch import sitzung

    from ..w100.conftest import _john, _ork, _wolf

    v = sitzung.neuer_verlauf(wk.neuer_kampf([_john(), _wolf(), _ork()]), datei.parent, name=datei.stem)
    v.ausfuehren(wk.initiative_ereignis(v.zustand, augen={"John": "5", "Wolf": "90", "Ork": "80"}))
    v.ausfuehren(wk.ergreifen_verzicht_ereignis(v.zustand))
    return v


def _w100_laden(datei: Path) -> Verlauf:
    from gm_helfer.w100.tisch import sitzung

    return sitzung.fortsetzen(datei)[0]


@dataclass(frozen=True)
class Fall:
    system: str
    anfang: Callable[[Path], Verlauf]
    laden: Callable[[Path], Verlauf]

    @property
    def zug(self) -> Any:
        return importlib.import_module(f"gm_helfer.{self.system}.tisch.zug")


FAELLE = [Fall("aloran", _aloran, _aloran_laden), Fall("zeitstrahl", _zeitstrahl, _zeitstrahl_laden),
          Fall("w100", _w100, _w100_laden)]


# --------------------------------------------------------------------------- die Klicks des Panels


def _tisch(fall: Fall, v: Verlauf, saat: int) -> Tisch:
    tisch = Tisch(lambda f: None, lambda m: None)
    schalter = tisch.nsc_schalter(fall.zug)
    assert all(schalter.value.values())  # die Vorgabe: alle Schalter an, auch „gruppe“
    tisch.verlauf = v
    tisch.rng = random.Random(saat)
    return tisch


def _gruppe_handelt(fall: Fall, tisch: Tisch) -> None:
    """Der Klick „Gruppe handelt“; er hält vor der Abwehr des Helden an (der Vermerk zuletzt)."""
    assert tisch.schritte(lambda v: [str(fall.zug.gruppe_handelt(v, rng=tisch.rng))])
    halt = tisch.verlauf.ereignisse[-1]
    assert halt.art == VERMERK and set(halt.daten[GRUPPE_HAELT]) == {"angreifer", "ziel"}


def _angriff(fall: Fall, tisch: Tisch, wer: str) -> bool:
    """Ein Klick, der den Angriff von ``wer`` samt der angesagten Abwehr des Helden spielt – der
    Vorschlag der Taktik, über dieselben Regelprüfungen wie von Hand."""
    return tisch.schritte(lambda v: [e.text for e in fall.zug.vorschlag_spielen(v, wer, rng=tisch.rng)])


def _bis_zum_angriff(fall: Fall, tisch: Tisch, halt: dict[str, str]) -> tuple[int, int]:
    """Von Hand: „Vorschlag spielen“ für den Gegner, Klick um Klick (W100: erst die Bewegung), bis
    ein Klick ihn den Helden angreifen lässt; gibt, wo dieser Klick im Protokoll beginnt, und die
    Zahl der Klicks."""
    v = tisch.verlauf
    for klicks in range(1, 7):
        n = len(v.ereignisse)
        assert _angriff(fall, tisch, halt["angreifer"])
        if any(e.daten.get("angreifer") == halt["angreifer"] and e.daten.get("ziel") == halt["ziel"]
               for e in v.ereignisse[n:]):
            return n, klicks
    raise AssertionError(f"{halt['angreifer']} greift {halt['ziel']} nie an")


def _ohne_automatik(fall: Fall, datei: Path, saat: int, wer: str, klicks: int) -> list[dict[str, Any]]:
    """Dieselben Klicks „Vorschlag spielen“ ohne jede Automatik: was der letzte allein schreibt."""
    v = fall.anfang(datei)
    tisch = _tisch(fall, v, saat)
    tisch.automatik = None
    for _ in range(klicks):
        n = len(v.ereignisse)
        assert _angriff(fall, tisch, wer)
    aus = [e.als_dict() for e in v.ereignisse[n:]]
    v.schliessen()
    return aus


def _angehalten_vor(v: Verlauf) -> dict[str, str]:
    return dict(v.ereignisse[-1].daten[GRUPPE_HAELT])


def _gespielt_von(v: Verlauf, ab: int) -> set[str]:
    """Wer in den Ereignissen ab ``ab`` angriff oder seinen Zug beendete (die Gegner der Gruppe)."""
    return {str(e.daten.get("angreifer") or e.daten.get("wer") or e.daten.get("name") or "")
            for e in v.ereignisse[ab:] if e.art != VERMERK} - {""}


# --------------------------------------------------------------------------- (a) Halt, Entscheidung, weiter


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f.system)
def test_gruppe_setzt_nach_der_entscheidung_im_selben_schritt_fort(fall: Fall, tmp_path: Path) -> None:
    weiter = 0
    for saat in range(6):
        v = fall.anfang(tmp_path / f"{fall.system}_{saat}.jsonl")
        tisch = _tisch(fall, v, saat)
        _gruppe_handelt(fall, tisch)
        halt = _angehalten_vor(v)
        stand, n = v.zustand, len(v.ereignisse)
        assert _angriff(fall, tisch, halt["angreifer"])
        neu = v.ereignisse[n:]
        assert len(set(v.schritte[n:])) == 1  # ein Schritt: die Entscheidung und die Fortsetzung
        angriff = next(i for i, e in enumerate(neu) if e.daten.get("angreifer") == halt["angreifer"])
        # weiter: die Gruppe spielte nach dem Angriff (Zugende, der nächste Gegner) – oder hielt
        # gleich vor der nächsten Abwehr eines Helden wieder an (ein neuer Vermerk); nur wenn der
        # Angriff selbst eine Entscheidung des Helden öffnet (Zeitstrahl: sein Konter), bleibt sie stehen
        konter = getattr(v.zustand, "konter", None)
        assert neu[angriff + 1:] or (konter and konter[0] == halt["ziel"]), [e.text for e in neu]
        weiter += any(e.art != VERMERK for e in neu[angriff + 1:])
        v.rueckgaengig()  # ein Rückgängig nimmt Entscheidung und Fortsetzung zurück
        assert v.zustand == stand and len(v.ereignisse) == n and v.ereignisse[-1].art == VERMERK
        v.schliessen()
    assert weiter >= (0 if fall.system == "zeitstrahl" else 4), weiter  # Zeitstrahl: der Ork greift gleich Ada an


# --------------------------------------------------------------------------- (b) von Hand: nichts fortsetzen


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f.system)
def test_von_hand_gespielter_angriff_setzt_keine_gruppe_fort(fall: Fall, tmp_path: Path) -> None:
    """Derselbe Angriff wie nach dem Halt, aber ohne „Gruppe handelt“ davor (der Spielleiter spielt
    den Gegner von Hand, der Spieler sagt die Abwehr an): der Klick schreibt genau, was er ohne jede
    Automatik schreibt – der Zug bleibt beim Spielleiter, kein Gegner spielt weiter."""
    for saat in range(6):
        probe = fall.anfang(tmp_path / f"probe_{saat}.jsonl")
        _gruppe_handelt(fall, _tisch(fall, probe, saat))
        halt = _angehalten_vor(probe)
        probe.schliessen()

        v = fall.anfang(tmp_path / f"hand_{saat}.jsonl")
        n, klicks = _bis_zum_angriff(fall, _tisch(fall, v, saat), halt)
        hand = [e.als_dict() for e in v.ereignisse[n:]]
        assert _gespielt_von(v, n) == {halt["angreifer"]} and not any(e["art"] == VERMERK for e in hand), hand
        assert hand == _ohne_automatik(fall, tmp_path / f"ohne_{saat}.jsonl", saat, halt["angreifer"], klicks)
        v.schliessen()


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f.system)
def test_ein_anderer_schritt_nach_dem_halt_setzt_nicht_fort(fall: Fall, tmp_path: Path) -> None:
    """Steht der Halt nicht mehr direkt vor dem Angriff (hier: „Gruppe handelt“ ist zurückgenommen),
    ist der Angriff einer von Hand – nichts wird fortgesetzt."""
    v = fall.anfang(tmp_path / "zwischen.jsonl")
    tisch = _tisch(fall, v, 0)
    _gruppe_handelt(fall, tisch)
    halt = _angehalten_vor(v)
    v.rueckgaengig()  # der Halt ist zurückgenommen
    assert not any(e.art == VERMERK for e in v.ereignisse)
    n, _ = _bis_zum_angriff(fall, tisch, halt)
    assert _gespielt_von(v, n) == {halt["angreifer"]}
    assert not any(e.art == VERMERK for e in v.ereignisse[n:])
    v.schliessen()


# --------------------------------------------------------------------------- (c) nach dem Neuladen dasselbe


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f.system)
def test_nach_dem_neuladen_setzt_die_gruppe_genauso_fort(fall: Fall, tmp_path: Path) -> None:
    """Der Halt steht im Protokoll: ein neuer Verlauf aus derselben Datei setzt nach demselben Klick
    (dieselben Würfel) genauso fort wie die Sitzung, die anhielt – und ein Rückgängig dort ebenso."""
    for saat in range(4):
        v = fall.anfang(tmp_path / f"{fall.system}_{saat}.jsonl")
        datei = v.datei
        tisch = _tisch(fall, v, saat)
        _gruppe_handelt(fall, tisch)
        halt = _angehalten_vor(v)
        n = len(v.ereignisse)
        tisch.rng = random.Random(100 + saat)
        assert _angriff(fall, tisch, halt["angreifer"])
        hier = [e.als_dict() for e in v.ereignisse[n:]]
        v.rueckgaengig()
        v.schliessen()

        neu = fall.laden(datei)
        assert len(neu.ereignisse) == n and neu.ereignisse[-1].art == VERMERK and neu.zustand == v.zustand
        tisch = _tisch(fall, neu, 100 + saat)
        assert _angriff(fall, tisch, halt["angreifer"])
        assert [e.als_dict() for e in neu.ereignisse[n:]] == hier
        assert len(set(neu.schritte[n:])) == 1
        neu.schliessen()
        # und nochmals geladen: der fortgesetzte Schritt steht, wie er gespielt wurde
        wieder = fall.laden(datei)
        assert [e.als_dict() for e in wieder.ereignisse[n:]] == hier and wieder.zustand == neu.zustand
        wieder.schliessen()


# --------------------------------------------------------------------------- die Taktik je Seite des Tisches


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f.system)
def test_fortsetzen_mit_der_taktik_je_seite_des_tisches(fall: Fall, tmp_path: Path) -> None:
    """Das Panel gibt der Automatik die Taktik je Seite (:meth:`gm_helfer.tisch.Tisch.taktik`: Seite →
    Taktik); hat der Spielleiter die Taktik der Gegner geändert, setzt die Gruppe damit genauso fort
    (Aloran und W100 nehmen daraus die Taktik der Gegnerseite, :func:`gm_helfer.zug.taktik_fuer`)."""
    v = fall.anfang(tmp_path / "taktik.jsonl")
    tisch = _tisch(fall, v, 0)
    tisch.taktik_werte = {seite: {"ziel": "staerkster"} for seite in ("Gegner", "gegner", "Feinde")}
    assert tisch.taktik()  # die Zuordnung Seite → Taktik
    _gruppe_handelt(fall, tisch)
    halt = _angehalten_vor(v)
    n = len(v.ereignisse)
    assert _angriff(fall, tisch, halt["angreifer"]), tisch  # ohne Fehler in der Automatik
    konter = getattr(v.zustand, "konter", None)
    assert len(v.ereignisse) > n + 1 or (konter and konter[0] == halt["ziel"])
    v.schliessen()


# --------------------------------------------------------------------------- Spieleransicht und Bericht


@pytest.mark.parametrize("fall", FAELLE, ids=lambda f: f.system)
def test_der_halt_ist_keine_handlung_am_tisch(fall: Fall, tmp_path: Path) -> None:
    """Der Vermerk des Halts ändert nichts am Kampf: die Spieleransicht zeigt für einen Schritt nur aus
    ihm keine Zeile („Der Spielleiter trägt etwas ein“), der Bericht führt ihn als Verwaltung."""
    from gm_helfer import bericht, spieler

    v = fall.anfang(tmp_path / f"{fall.system}.jsonl")
    vorher = spieler.lage(v, fall.system).letzte
    n = len(v.ereignisse)
    with v.schritt():  # ein Schritt nur aus dem Vermerk: die Gruppe hielt vor ihrem ersten Angriff an
        from gm_helfer.zug import gruppe_halt_vermerken

        gruppe_halt_vermerken(v, "Ork", "Ada", "Gruppe handelt hält an – Ada wählt die Abwehr.")
    assert len(v.ereignisse) == n + 1 and v.zustand == v.zustaende[n]
    assert spieler.lage(v, fall.system).letzte == vorher
    datei = v.datei
    v.schliessen()
    eintrag = next(e for e in bericht.lesen(datei).eintraege if "Gruppe handelt hält an" in e.text)
    assert eintrag.verwaltung
