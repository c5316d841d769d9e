"""Der Savage-Worlds-Kurs: die Antworten sind die der Bibliothek, geprüft gegen Abzählen.

Die geschlossenen Formen unten sind von Hand hergeleitet (Regeltext: Eigenschaftsproben,
Schaden anwenden, Schaden wegstecken) und unabhängig von der Bibliothek.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from gm_helfer import protokoll
from gm_helfer.lehre import pruefen
from gm_helfer.savage_worlds import chancen as swc
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import lehre


def _p_mindestens(seiten: int, ziel: int) -> Fraction:
    """P(explodierender W<seiten> ≥ ziel), durch Zerlegen in volle Explosionen."""
    p, rest = Fraction(1), ziel
    while rest > seiten:
        p *= Fraction(1, seiten)
        rest -= seiten
    return p * Fraction(max(0, seiten - rest + 1), seiten)


def _wildcard(seiten: int, ziel: int) -> Fraction:
    return 1 - (1 - _p_mindestens(seiten, ziel)) * (1 - _p_mindestens(6, ziel))


@pytest.fixture(scope="module")
def aufgaben():
    return {a.schluessel: a for a in lehre.aufgaben()}


def test_uebungen_haben_die_abgezaehlten_antworten(aufgaben):
    assert aufgaben["w8_wildcard"].antwort == pytest.approx(float(_wildcard(8, 6)))  # 23/48
    assert _wildcard(8, 6) == Fraction(23, 48)
    assert aufgaben["statist_w6"].antwort == pytest.approx(1 / 3)
    assert aufgaben["w4_steigerung"].antwort == pytest.approx(float(_wildcard(4, 8)))  # 111/576
    # „Für jede Steigerung über seiner Robustheit erleidet er eine Wunde.“ 15 − 7 = 8: zwei Steigerungen
    assert aufgaben["wunden_15_7"].antwort == 2
    # „Falls er bereits Angeschlagen war, erleidet er stattdessen eine Wunde“
    assert aufgaben["angeschlagen_auf_angeschlagen"].antwort == 1
    # „Pro Erfolg und Steigerung sinkt die Zahl der Wunden um eins.“ 9 gegen 4: Erfolg + Steigerung
    assert aufgaben["wegstecken_9"].antwort == 2
    assert aufgaben["ausbluten_wann"].antwort.startswith("Am Anfang jeder Runde")


def test_eine_richtige_und_eine_falsche_antwort(aufgaben):
    assert pruefen(aufgaben["w8_wildcard"], "47,9").richtig is True
    falsch = pruefen(aufgaben["w8_wildcard"], "37,5")
    assert falsch.richtig is False and "23/48" in falsch.text


@pytest.mark.parametrize("wegstecken", [True, False])
@pytest.mark.parametrize("benny", [True, False])
def test_schlagabtausch_rechnet_mit_der_bibliothek(wegstecken, benny):
    schritte, verlauf = lehre.schlagabtausch(wegstecken=wegstecken, benny_gegen_angeschlagen=benny)
    ende = verlauf.zustand
    assert len(schritte) == 6 and all(s.zitat and s.text for s in schritte)
    # die Chance vor dem Angriff ist die der Bibliothek (W8 Wildcard gegen Parade 6), auch abgezählt
    c = swc.probe_chancen("W8", True, 0, lehre.SCHURKE.parade)
    assert float(_wildcard(8, 6)) == pytest.approx(c.erfolg)
    assert schritte[1].erklaerung.count("%") >= 2 and f"{c.erfolg * 100:.1f}".replace(".", ",") in schritte[1].erklaerung
    baron = ende.kaempfer_namens("Baron Ulrich")
    # 18 Schaden gegen Robustheit 8: zwei Steigerungen, zwei Wunden; Wegstecken mit 6 (Erfolg) nimmt eine
    assert baron.wunden == (1 if wegstecken else 2)
    assert baron.bennies == lehre.SCHURKE.bennies - int(wegstecken) - int(benny)
    if benny:
        assert not baron.angeschlagen
    assert ende.runde == 1 and ende.naechster() is None


def test_schlagabtausch_zeigt_die_andere_wahl():
    mit, _ = lehre.schlagabtausch(wegstecken=True, benny_gegen_angeschlagen=False)
    ohne, _ = lehre.schlagabtausch(wegstecken=False, benny_gegen_angeschlagen=True)
    w = swc.wegstecken_chancen("W8", 2, 0)
    alle_weg = f"{w.alle_weg * 100:.1f}".replace(".", ",")
    assert alle_weg in mit[3].erklaerung and alle_weg in ohne[3].erklaerung
    assert "Benny" in ohne[4].erklaerung and "%" in ohne[4].erklaerung


def test_schlagabtausch_laesst_sich_als_protokoll_abspielen(tmp_path):
    """Die Ereignisse des Kurses sind Protokollereignisse wie im Live-Notebook: in eine Datei
    geschrieben und fortgesetzt, ergeben sie denselben Zustand."""
    _, verlauf = lehre.schlagabtausch(wegstecken=True, benny_gegen_angeschlagen=False)
    start = verlauf.start
    datei = tmp_path / "kurs.jsonl"
    neu = protokoll.Verlauf(start, k.anwenden, datei=datei, system="savage_worlds", kopf=k.kopf(start))
    for ereignis in verlauf.ereignisse:
        neu.ausfuehren(ereignis)
    fortgesetzt, warnungen = protokoll.Verlauf.fortsetzen(datei, k.start_aus_kopf, k.anwenden)
    assert not warnungen
    assert fortgesetzt.zustand == verlauf.zustand
    assert any(e.eingetippt for e in fortgesetzt.ereignisse)  # die Würfel des Kurses sind eingetippt


def test_fallen_rechnen_richtig():
    f = {x.titel.split(":")[0]: x for x in lehre.fallen()}
    w4 = float(_p_mindestens(4, 6))  # 4, dann mindestens 2: 1/4 · 3/4 = 3/16
    assert w4 == pytest.approx(3 / 16)
    text = f["Explodierende Würfel"].beispiel
    assert f"{w4 * 100:.1f}".replace(".", ",") in text and "16,7 %" in text
    assert "1 Wunde" in f["Angeschlagen auf Angeschlagen macht eine Wunde"].beispiel


def test_kurzreferenz_hat_alle_abschnitte():
    seite = lehre.kurzreferenz()
    for kopf, _ in lehre.KURZREFERENZ:
        assert f"<h2>{kopf}</h2>" in seite
    assert seite.count("<dt>") == len(lehre.GLOSSAR)
