"""Der Zeitstrahl-Kurs: Antworten und Schlagabtausch aus der Bibliothek, geprüft durch Abzählen
der W20- und W10-Seiten und an den Beispielen des Regeltexts (Rüstung je Würfel, Schichten)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gm_helfer import protokoll
from gm_helfer.lehre import pruefen
from gm_helfer.zeitstrahl import kampf as zk
from gm_helfer.zeitstrahl import lehre


def _treffer(angriff: int, verteidigungen: dict[int, Fraction]) -> Fraction:
    """P(Treffer) durch Abzählen: W20, 1 Patzer (nie), 20 kritisch (trifft, hier reicht der Wert ohnehin)."""
    p = Fraction(0)
    for v, pv in verteidigungen.items():
        for n in range(1, 21):
            if n == 1:
                continue
            if n == 20 or angriff + n >= v:
                p += pv * Fraction(1, 20)
    return p


@pytest.fixture(scope="module")
def aufgaben():
    return {a.schluessel: a for a in lehre.aufgaben()}


def test_uebungen_haben_die_abgezaehlten_antworten(aufgaben):
    # Regeltext: „… 2 W6 und würfelt jeweils eine 6, dann würde von beiden 3 Schaden abgezogen werden und
    # insgesamt nur 6 übrig bleiben. Würde der Angreifer mit den 2 W6 eine 1 und eine 6 Würfeln, würde er noch
    # 3 Schaden machen.“
    assert aufgaben["zwei_w6"].antwort == 6
    assert aufgaben["eins_sechs"].antwort == 3
    assert aufgaben["treffer_12_15"].antwort == pytest.approx(float(_treffer(12, {15: Fraction(1)})))  # 18/20
    assert aufgaben["zone_5_1"].antwort == "Kopf"  # Tabelle „Trefferzonen“, Zeile 5, Spalte 1
    # „Für jede Rüstungsschicht über der ersten erhöht sich der Rüstungsschutz der stärksten … um 1“: 5 + 2
    assert aufgaben["schichten"].antwort == 7
    ausweichen = _treffer(12, {10 + d: Fraction(1, 10) for d in range(1, 11)})
    assert ausweichen == Fraction(169, 200)
    assert aufgaben["ausweichen"].antwort == pytest.approx(float(ausweichen))


def test_eine_richtige_und_eine_falsche_antwort(aufgaben):
    assert pruefen(aufgaben["zwei_w6"], "6").richtig is True
    assert pruefen(aufgaben["zwei_w6"], "9").richtig is False  # 12 − 3: Rüstung nur einmal abgezogen


@pytest.mark.parametrize("wahl", list(lehre.VERTEIDIGUNG_WAHL))
def test_schlagabtausch_folgt_der_wahl(wahl):
    schritte, verlauf = lehre.schlagabtausch(wahl)
    assert len(schritte) == 4 and all(s.zitat and s.text for s in schritte)
    angriff = verlauf.ereignisse[-1].daten
    art = lehre.VERTEIDIGUNG_WAHL[wahl]
    assert angriff["verteidigung"] == art
    herkulos = verlauf.zustand["Herkulos"]
    if angriff["treffer"]:
        assert herkulos.lebenspunkte == lehre.HERKULOS.lebenspunkte - angriff["schaden"]["schadenspunkte"]
    else:
        assert herkulos.lebenspunkte == lehre.HERKULOS.lebenspunkte
    # Herkulos startet bei Tick 2 (25 − 23); eine aktive Verteidigung schiebt ihn um ihre Ticks weiter
    # (passiv 0, Ausweichen 2, Parade und Blocken: Keule 4 − 1 = 3)
    assert herkulos.position == 2 + {"passiv": 0, "ausweichen": 2, "parade": 3, "blocken": 3}[art]
    assert angriff["ticks"]["verteidigung"] == herkulos.position - 2
    assert verlauf.zustand.am_zug  # jemand ist als Nächstes dran, und der Text nennt ihn
    assert all(n in schritte[-1].erklaerung for n in verlauf.zustand.am_zug)


def test_chancen_je_wahl_sind_die_abgezaehlten():
    schritte, _ = lehre.schlagabtausch("passiv bleiben")
    passiv = _treffer(11, {10: Fraction(1)})  # Söldner Nahkampf 11 gegen Kampferfahrung 10
    ausweichen = _treffer(11, {10 + d: Fraction(1, 10) for d in range(1, 11)})
    text = schritte[1].erklaerung
    for p in (passiv, ausweichen):
        assert f"{float(p) * 100:.1f}".replace(".", ",") in text


def test_schlagabtausch_laesst_sich_als_protokoll_abspielen(tmp_path):
    _, verlauf = lehre.schlagabtausch("aktiv ausweichen")
    datei = tmp_path / "kurs.jsonl"
    neu = protokoll.Verlauf(verlauf.start, zk.anwenden, datei=datei, system="zeitstrahl", kopf=verlauf.start.als_kopf())
    for e in verlauf.ereignisse:
        neu.ausfuehren(e)
    neu.schliessen()  # ein Schreiber je Kampf: erst die alte Sitzung schließen
    fortgesetzt, warnungen = protokoll.Verlauf.fortsetzen(datei, zk.kampf_aus_kopf, zk.anwenden)
    assert not warnungen and fortgesetzt.zustand == verlauf.zustand


def test_fallen_rechnen_richtig():
    f = {x.titel: x.beispiel for x in lehre.fallen()}
    # 1W12 gegen RS 3: Mittel von max(0, n − 3) über 12 Seiten = (0+0+0+1+…+9)/12 = 45/12 = 3,75
    assert "3,75" in f["Rüstung zählt bei jedem Würfel"]
    # 2W6 gegen RS 3: je Würfel (0+0+0+1+2+3)/6 = 1, zusammen 2
    assert "nur 2 –" in f["Rüstung zählt bei jedem Würfel"]
    assert "Rüstungsschutz 7, nicht 10" in f["Rüstungsschichten addieren sich nicht"]
    # Kopf 4 von 36 Feldern; empfindlich: Kopf oder Pasch = 10 von 36
    assert "11,1 %" in f["Pasch ist immer empfindlich"] and "27,8 %" in f["Pasch ist immer empfindlich"]


def test_kurzreferenz_hat_alle_abschnitte():
    seite = lehre.kurzreferenz()
    for kopf, _ in lehre.KURZREFERENZ:
        assert f"<h2>{kopf}</h2>" in seite
    assert seite.count("<dt>") == len(lehre.GLOSSAR)
