"""Der W100-Kurs: Antworten und Schlagabtausch aus der Bibliothek, geprüft durch Abzählen der
100 Seiten des W100 und am Beispiel des Regeltexts (John: 89 + 50 − 20 = 119)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gm_helfer import protokoll
from gm_helfer.lehre import pruefen
from gm_helfer.w100 import kampf as wk
from gm_helfer.w100 import lehre


def _abzaehlen(ob: int, db: int, patzer: int, abwehr: int = 0) -> dict[str, Fraction]:
    """Trefferstufen durch Abzählen aller 100 Würfe (regeln/w100.txt › Angriff und Verteidigung)."""
    z = {"patzer": 0, "misserfolg": 0, "streif": 0, "voll": 0}
    for n in range(1, 101):
        e = n + ob - db - abwehr
        z["patzer" if n <= patzer else "misserfolg" if e < 75 else "streif" if e < 100 else "voll"] += 1
    return {k: Fraction(v, 100) for k, v in z.items()}


@pytest.fixture(scope="module")
def aufgaben():
    return {a.schluessel: a for a in lehre.aufgaben()}


def test_uebungen_haben_die_abgezaehlten_antworten(aufgaben):
    # Beispiel des Regeltexts: „Das Ergebnis ist 89 + 50 − 20 = 119“, nach 20 Flee „noch einen Streiftreffer“
    assert aufgaben["john_ergebnis"].antwort == 119
    assert aufgaben["john_ausweichen"].antwort == "Streiftreffer"
    z = _abzaehlen(50, 20, 5)
    assert aufgaben["treffer_50_20"].antwort == pytest.approx(float(z["streif"] + z["voll"]))
    z = _abzaehlen(120, 10, 8)
    assert aufgaben["patzer_8"].antwort == pytest.approx(float(z["patzer"] + z["misserfolg"]))
    assert aufgaben["streif_schaden"].antwort == (17 - 5) // 2
    assert aufgaben["zuege_230"].antwort == 3  # 230 → 130 → 30 → −70


def test_eine_richtige_und_eine_falsche_antwort(aufgaben):
    assert pruefen(aufgaben["treffer_50_20"], "56").richtig is True
    assert pruefen(aufgaben["john_ausweichen"], "Volltreffer").richtig is False


@pytest.mark.parametrize("wahl, ergebnis, schaden", [
    ("keine Abwehr", 119, 19 - 4),
    ("20 Flee-Punkte ausweichen", 99, (19 - 4) // 2),
    ("mit 20 Punkten Nahkampf-OB parieren", 99, (19 - 4) // 2),
])
def test_schlagabtausch_wie_im_regeltext(wahl, ergebnis, schaden):
    schritte, verlauf = lehre.schlagabtausch(wahl)
    assert len(schritte) == 5 and all(s.zitat and s.text for s in schritte)
    angriff = next(e for e in verlauf.ereignisse if e.art == "angriff")
    assert angriff.daten["ergebnis"] == ergebnis and angriff.daten["schaden"] == schaden
    ork = verlauf.zustand["Ork"]
    assert ork.lp == lehre.ORK.lp_max - schaden
    assert ork.flee == lehre.ORK.flee_max - (20 if "Flee" in wahl else 0)
    assert wk.naechster(verlauf.zustand) == "Ork"  # John 92 − 100 < 1, der Ork hat noch 65
    # die Chancen im Text sind die abgezählten
    z = _abzaehlen(50, 20, 5)
    assert f"{float(z['streif'] + z['voll']) * 100:.1f}".replace(".", ",") in schritte[1].erklaerung
    z20 = _abzaehlen(50, 20, 5, 20)
    assert f"{float(z20['voll']) * 100:.1f}".replace(".", ",") in schritte[2].erklaerung


def test_schlagabtausch_laesst_sich_als_protokoll_abspielen(tmp_path):
    _, verlauf = lehre.schlagabtausch("20 Flee-Punkte ausweichen")
    datei = tmp_path / "kurs.jsonl"
    start = verlauf.start
    neu = protokoll.Verlauf(start, wk.anwenden, datei=datei, system="w100", kopf={"kampf": wk.kampf_als_dict(start)})
    for e in verlauf.ereignisse:
        neu.ausfuehren(e)
    fortgesetzt, warnungen = protokoll.Verlauf.fortsetzen(
        datei, lambda kopf: wk.kampf_aus_dict(kopf["kampf"]), wk.anwenden)
    assert not warnungen and fortgesetzt.zustand == verlauf.zustand


def test_fallen_rechnen_richtig():
    f = {x.titel: x.beispiel for x in lehre.fallen()}
    assert "8,0 %" in f["Der Patzerbereich schlägt jeden OB"]
    assert "5, nicht 3" in f["Erst Panzerung, dann halbieren"]  # (15 − 4) // 2 = 5 gegen 15 // 2 − 4 = 3
    z = _abzaehlen(50, 20, 5)
    krit = sum(1 for n in range(6, 101) if n + 30 >= 110) / 100
    assert f"{krit * 100:.1f}".replace(".", ",") in f["Kritisch wird nach der Abwehr entschieden"]
    assert z["voll"] >= Fraction(krit).limit_denominator(100)


def test_kurzreferenz_hat_alle_abschnitte():
    seite = lehre.kurzreferenz()
    for kopf, _ in lehre.KURZREFERENZ:
        assert f"<h2>{kopf}</h2>" in seite
    assert seite.count("<dt>") == len(lehre.GLOSSAR)
