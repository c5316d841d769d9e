"""Texte der Seite „Begegnung vorbereiten“: große Satzanfänge, „ohne Sieger“ mit Grenze, was die
Simulation nicht spielt, die Felder einer Reihe mit deutschen Namen."""

from __future__ import annotations

from gm_helfer import begegnungen, simulation
from gm_helfer.simulation import UNENTSCHIEDEN, Auswertung


def test_seitenname_gross_am_satzanfang():
    a = Auswertung(100, {"helden": 0.75, "schurken": 0.25}, {3: 1.0}, {}, {})
    text = simulation.zusammenfassung(a)
    assert "Helden gewinnen 75,0 %" in text and "Schurken gewinnen 25,0 %" in text and "helden" not in text


def test_ohne_sieger_heisst_grenze_erreicht():
    an_der_grenze = Auswertung(100, {"Helden": 0.9, UNENTSCHIEDEN: 0.1}, {5: 0.9, 40: 0.1}, {}, {})
    assert "ohne Sieger (Grenze von 40 Ticks erreicht) 10,0 %" in simulation.zusammenfassung(an_der_grenze, "Ticks", 40)
    alle_gefallen = Auswertung(100, {"Helden": 0.9, UNENTSCHIEDEN: 0.1}, {5: 1.0}, {}, {})
    assert "Grenze von 40 Runden erreicht oder alle gefallen" in simulation.zusammenfassung(alle_gefallen, "Runden", 40)


def test_was_die_simulation_nicht_spielt():
    for system in simulation.SYSTEME:
        text = simulation.nicht_gespielt_text(system)
        assert "heilt" in text and "zurück" in text and "obere Grenze" in text and "untere" in text
    assert "stabilisiert" in simulation.nicht_gespielt_text("savage_worlds")


def test_reihen_felder_deutsch_aus_dem_schema():
    felder = begegnungen.reihen_felder("savage_worlds")
    assert next(iter(felder)) == "anzahl"
    assert felder["schild"] == "Paradebonus des Schilds" and felder["bennies"] == "Bennies zu Beginn"
    assert "name" not in felder and "kaempfen" not in felder  # nur ganze Zahlen
    assert felder.keys() - {"anzahl"} <= {"bewegungsweite", "bennies", "ruestung", "schild"}
    assert "lebenspunkte" in begegnungen.reihen_felder("zeitstrahl")
