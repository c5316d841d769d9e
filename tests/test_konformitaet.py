"""Ein Konformitätstest für jedes angemeldete Regelsystem (Vorbild: OpenSpiel ``random_sim_test``).

Für jedes :class:`~gm_helfer.regelsystem.Regelsystem` aus dem Verzeichnis spielen gesäte,
zufällige Sitzungen über die Zellen-Schnittstelle des Vertrags (``Regelsystem.zellen()``):
zufällige Bögen, zufällig der nächste Standardschritt, ein Ablaufschritt, eine offene
Entscheidung oder Rückgängig. Nach jedem Schritt gilt:

- Wiederabspielen des Protokolls (``start`` + ``anwenden`` über die Ereignisse, auch nach
  JSON und aus der Datei mit ``start_aus_kopf``) ergibt den Live-Zustand;
- Rückgängig stellt den Zustand vor dem Schritt wieder her, Wiederholen den danach;
- jede Aktion der Zug-Schnittstelle ist genau dann ``erlaubt``, wenn sie keinen ``grund`` hat;
- jedes Ereignis nennt seine Regel.

Dazu: die Taktik jedes Systems hat vollständige Metadaten (:func:`gm_helfer.simulation.taktik_felder`).
Kein System steht hier beim Namen.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from gm_helfer import boegen, regelsystem, simulation
from gm_helfer.protokoll import Ereignis, Verlauf

SYSTEME = regelsystem.systeme()
SAATEN = (1, 2, 3)
SCHRITTE = 40


def _ids(rs: regelsystem.Regelsystem) -> str:
    return rs.name


def _namen(rs: regelsystem.Regelsystem, rng: random.Random) -> list[str]:
    """Zwei oder drei zufällige Beispielbögen mit mindestens zwei Seiten (über die Spieler-Ansicht)."""
    alle = list(boegen.laden(rs.name).boegen)
    ansicht = rs.ansicht()
    for _ in range(50):
        gewaehlt = rng.sample(alle, k=min(len(alle), rng.choice((2, 3))))
        seiten = {k.seite for k in ansicht.kaempfer(rs.start(gewaehlt))}
        if len(seiten) >= 2:
            return [b.name for b in gewaehlt]
    pytest.fail(f"{rs.name}: keine zwei Seiten unter den Beispielbögen")


def _abspielen(rs: regelsystem.Regelsystem, start, ereignisse) -> object:
    zustand = start
    for e in ereignisse:
        zustand = rs.anwenden(zustand, e)
    return zustand


def _pruefe_zustand(rs: regelsystem.Regelsystem, kampf, zug) -> None:
    v: Verlauf = kampf.verlauf
    # Wiederabspielen = live (auch über JSON)
    assert _abspielen(rs, v.start, v.ereignisse) == v.zustand
    json_ereignisse = [Ereignis.aus_dict(e.als_dict()) for e in v.ereignisse]
    assert _abspielen(rs, v.start, json_ereignisse) == v.zustand
    # jedes Ereignis nennt seine Regel
    ohne = [e.art for e in v.ereignisse if not (isinstance(e.regel, str) and e.regel.strip())]
    assert ohne == [], f"{rs.name}: Ereignisse ohne Regel: {ohne}"
    # erlaubt genau dann, wenn kein Grund
    namen = [None, *(k.name for k in rs.ansicht().kaempfer(v.zustand))]
    for wer in namen:
        for a in zug.aktionen(v.zustand, wer):
            assert a.erlaubt == (a.grund is None), (rs.name, wer, a)
            assert a.grund is None or a.grund.strip(), (rs.name, wer, a)


def _ein_schritt(kampf, rng: random.Random) -> str:
    """Ein zufälliger legaler Schritt über die Zellen-Schnittstelle; gibt zurück, was geschah."""
    fehler = kampf.KAMPF_FEHLER
    wahl = rng.random()
    offen = kampf.offene_entscheidungen()
    try:
        if offen and wahl < 0.25:
            kampf.entscheiden(rng.choice(offen).schluessel)
            return "entscheiden"
        if 0.25 <= wahl < 0.33 and kampf.verlauf.ereignisse:
            kampf.rueckgaengig()
            return "rueckgaengig"
        if wahl < 0.48:
            kampf.weiter()
            return "weiter"
        kampf.ausspielen(max_schritte=1)
        return "standard"
    except fehler:
        return "abgelehnt"


@pytest.mark.parametrize("saat", SAATEN)
@pytest.mark.parametrize("rs", SYSTEME, ids=_ids)
def test_zufaellige_sitzung(rs: regelsystem.Regelsystem, saat: int):
    rng = random.Random(saat)
    zug = rs.zug()
    kampf = rs.zellen().kampf_starten(_namen(rs, rng), rng=random.Random(saat))
    try:
        v = kampf.verlauf
        zustaende = [v.zustand]  # Zustand nach jedem Schritt der Zellen (für Rückgängig)
        _pruefe_zustand(rs, kampf, zug)
        arten = set()
        for _ in range(SCHRITTE):
            vorher, n, schritte = v.zustand, len(v.ereignisse), len(v.schritt_grenzen())
            art = _ein_schritt(kampf, rng)
            arten.add(art)
            if art == "rueckgaengig":
                zustaende.pop()
                assert v.zustand == zustaende[-1], f"{rs.name}: Rückgängig stellt den Zustand davor nicht her"
            elif len(v.ereignisse) > n:
                # ein Aufruf der Zellen ist ein Schritt (mehrere Ereignisse: Verlauf.schritt) – je Schritt
                # ein Rückgängig (``ausspielen`` kann mehrere Schritte machen)
                nachher, neu = v.zustand, len(v.schritt_grenzen()) - schritte
                for _ in range(neu):
                    v.rueckgaengig()
                assert v.zustand == vorher, f"{rs.name}: Rückgängig nach „{art}“"
                for _ in range(neu):
                    v.wiederholen()
                assert v.zustand == nachher, f"{rs.name}: Wiederholen nach „{art}“"
                zustaende.append(nachher)
            else:
                assert v.zustand == vorher
            _pruefe_zustand(rs, kampf, zug)
        assert len(v.ereignisse) > 0 and arten - {"abgelehnt", "rueckgaengig"}
        # aus der Datei fortgesetzt (mit start_aus_kopf) = live
        if kampf.datei is not None:
            gelesen, _ = Verlauf.fortsetzen(kampf.datei, rs.start_aus_kopf, rs.anwenden, nur_lesen=True)
            assert gelesen.zustand == v.zustand
            assert [e.als_dict() for e in gelesen.ereignisse] == [e.als_dict() for e in v.ereignisse]
    finally:
        kampf.schliessen()


@pytest.mark.parametrize("rs", SYSTEME, ids=_ids)
def test_taktik_metadaten_vollstaendig(rs: regelsystem.Regelsystem):
    """Jedes Feld der Taktik: deutscher Text; außer bei Ja/Nein eine Wahl mit deutschen Texten,
    die die Vorgabe enthält; die Vorgabe-Taktik baut sich ohne Argumente."""
    assert dataclasses.is_dataclass(rs.taktik) and rs.taktik.__dataclass_params__.frozen
    felder = simulation.taktik_felder(rs.taktik())
    assert felder
    namen = {f.name: f for f in dataclasses.fields(rs.taktik)}
    for name, text, wert, wahl in felder:
        assert "text" in namen[name].metadata and text.strip(), (rs.name, name)
        if isinstance(wert, bool):
            continue
        assert wahl, (rs.name, name)
        assert wert in wahl, (rs.name, name, wert)
        assert all(isinstance(t, str) and t.strip() for t in wahl.values()), (rs.name, name)


@pytest.mark.parametrize("rs", SYSTEME, ids=_ids)
def test_vertrag_vollstaendig(rs: regelsystem.Regelsystem):
    """Name, Anzeigename, Schema, Optionen, Zeiteinheit; die Simulationstreiber nehmen die eine
    Unterschrift des Vertrags (eine kleine Begegnung über den Kern-Treiber, beide Pfade)."""
    assert regelsystem.system(rs.name) is rs
    assert rs.anzeigename.strip() and rs.zeiteinheit in ("Runden", "Ticks")
    assert rs.schema.system == rs.name
    assert dataclasses.is_dataclass(rs.optionen)
    b = boegen.laden(rs.name).boegen
    namen = _namen(rs, random.Random(0))
    gewaehlt = [x for x in b if x.name in namen]
    gemeldet = []
    for ereignispfad in (False, True):
        a = simulation.begegnung(rs.name, gewaehlt, 4, rng=random.Random(5), taktik=rs.taktik(),
                                 optionen=rs.optionen(), ereignispfad=ereignispfad,
                                 fortschritt=lambda fertig, anzahl: gemeldet.append((fertig, anzahl)))
        assert a.anzahl == 4 and abs(sum(a.sieg.values()) - 1) < 1e-9
    assert gemeldet and gemeldet[-1] == (4, 4)
