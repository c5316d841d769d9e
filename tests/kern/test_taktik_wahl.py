"""Die Taktik je Seite im Live-Kampf (Issue 26, Punkt 4): gespeichert im Kopf des Protokolls beim
Anlegen (etwa aus der geladenen Begegnung), eine Änderung in der Nebendatei; beim Fortsetzen
wieder da; alte Protokolle ohne Taktik spielen die Standardtaktik – in allen vier Systemen."""

from __future__ import annotations

import pytest

from gm_helfer import boegen, regelsystem, taktik_wahl
from gm_helfer.protokoll import Verlauf
from gm_helfer.protokoll_zusatz import im_kopf
from gm_helfer.simulation import taktik_felder
from gm_helfer.tisch import Tisch

SYSTEME = ("savage_worlds", "aloran", "zeitstrahl", "w100")


def _anlegen(system: str, tmp_path):
    rs = regelsystem.finden(system)
    start = rs.start(list(boegen.laden(system).boegen)[:3])
    tisch_modul = rs.tisch()
    if system == "aloran":
        from gm_helfer.aloran.falten import neuer_verlauf

        return rs, neuer_verlauf(start, tmp_path / "aloran.jsonl")
    if system == "zeitstrahl":
        return rs, tisch_modul.sitzung.neuer_verlauf([t.kaempfer for t in start.teilnehmer], start.optionen, tmp_path)
    return rs, tisch_modul.sitzung.neuer_verlauf(start, tmp_path)


def _abweichend(rs) -> dict:
    """Ein Taktikfeld mit einem anderen Wert als der Vorgabe."""
    for name, _, vorgabe, wahl in taktik_felder(rs.taktik):
        if wahl:
            return {name: next(k for k in wahl if k != vorgabe)}
    pytest.fail(f"{rs.name}: kein Taktikfeld mit Wahl (jedes System hat eines, etwa die Zielwahl)")


@pytest.mark.parametrize("system", SYSTEME)
def test_kopf_nebendatei_fortsetzen(system, tmp_path):
    rs = regelsystem.finden(system)
    werte = _abweichend(rs)
    with im_kopf(taktik={"Gegner": werte}):
        rs, v = _anlegen(system, tmp_path)
    assert v.kopf["taktik"] == {"Gegner": werte}
    datei = v.datei
    v.schliessen()
    # fortsetzen: das System liest seinen Kopf trotz des zusätzlichen Feldes
    v2, _ = Verlauf.fortsetzen(datei, rs.start_aus_kopf, rs.anwenden)
    meldungen: list[str] = []
    t = Tisch(lambda f: None, meldungen.append)
    t.starten(v2, "fortgesetzt")
    assert t.taktik_werte == {"Gegner": werte}
    assert getattr(t.taktik("Gegner"), next(iter(werte))) == next(iter(werte.values()))
    assert t.taktik("Helden") is None
    # eine Änderung mitten im Kampf: in der Nebendatei, beim Fortsetzen wieder da
    t.taktik_setzen("Helden", werte)
    assert taktik_wahl.datei_zu(datei).exists()
    v2.schliessen()
    v3, _ = Verlauf.fortsetzen(datei, rs.start_aus_kopf, rs.anwenden)
    t2 = Tisch(lambda f: None, meldungen.append)
    t2.starten(v3, "fortgesetzt")
    assert t2.taktik_werte == {"Gegner": werte, "Helden": werte}
    v3.schliessen()
    # ein unerlaubter Wert wird abgelehnt (Meldung), die alte Taktik bleibt
    t2.taktik_setzen("Helden", {"gibt_es_nicht": 1})
    assert meldungen[-1].startswith("⚠ Taktik von Helden")
    assert t2.taktik_werte["Helden"] == werte


@pytest.mark.parametrize("system", SYSTEME)
def test_altes_protokoll_ohne_taktik(system, tmp_path):
    rs, v = _anlegen(system, tmp_path)
    assert "taktik" not in v.kopf
    t = Tisch(lambda f: None, lambda m: None)
    t.starten(v, "neu")
    assert t.taktik_werte == {} and t.taktik() is None and t.taktik("Gegner") is None
    v.schliessen()


def test_kaputte_angaben_fallen_weg():
    assert taktik_wahl.pruefen("savage_worlds", {"A": {"ziel": "gibts_nicht"}, "B": {"ziel": "staerkster"}, 3: {}}) \
        == {"B": {"ziel": "staerkster"}}
    assert taktik_wahl.pruefen("savage_worlds", "Unsinn") == {}


def test_begegnung_gibt_ihre_taktik_dem_neuen_kampf(tmp_path):
    from gm_helfer import begegnungen
    from gm_helfer.tisch_begegnung import begegnung_taktik

    b = begegnungen.Begegnung("Probe", "savage_worlds",
                              (begegnungen.Eintrag("Helden", "A"), begegnungen.Eintrag("Schurken", "B")))
    b = begegnungen.mit_taktik(b, {"Helden": {}, "Schurken": {"ziel": "staerkster"}})
    datei = tmp_path / "probe.toml"
    begegnungen.speichern(b, datei)

    class Wahl:
        gm_begegnungswahl = True
        value = str(datei)

    assert begegnung_taktik([Wahl()]) == {"Schurken": {"ziel": "staerkster"}}
    assert begegnung_taktik([]) == {}
