"""Der Aloran-Kurs: Antworten und Schlagabtausch aus der Bibliothek, geprüft durch Abzählen der
W10-Pools (SPIELABLAUF › ERFOLGE, Vergleichswurf, Patzer, Meistertreffer)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import comb

import pytest

from gm_helfer.aloran import kampf as ak
from gm_helfer.aloran import lehre
from gm_helfer.lehre import pruefen


def _netto(augen, schwierigkeit: int) -> int:
    """„Als Erfolg (E) gilt jeder Würfel, dessen geworfene Augenzahl größer oder gleich der … Schwierigkeit
    ist. … Eine Eins negiert jeweils einen Erfolg und eine 0 zählt doppelt.“ (0 ist die 10)"""
    e = sum(2 if a == 10 else 1 for a in augen if a >= schwierigkeit)
    return max(0, e - sum(1 for a in augen if a == 1))


@pytest.fixture(scope="module")
def aufgaben():
    return {a.schluessel: a for a in lehre.aufgaben()}


def test_uebungen_haben_die_abgezaehlten_antworten(aufgaben):
    assert aufgaben["netto"].antwort == _netto((10, 8, 7, 1, 3), 7) == 3
    gelingt = Fraction(sum(1 for w in product(range(1, 11), repeat=5) if _netto(w, 7) >= 2), 10**5)
    assert aufgaben["fuenf_w10"].antwort == pytest.approx(float(gelingt))
    assert aufgaben["vergleich"].antwort == "Treffer"  # Differenz 3: „2-3 Treffer“
    assert aufgaben["meister_3"].antwort == 8  # Erfolge > 10 − 3
    assert aufgaben["schwierigkeit_5"].antwort == 5
    assert aufgaben["patzer_2"].antwort == 2


def test_eine_richtige_und_eine_falsche_antwort(aufgaben):
    assert pruefen(aufgaben["netto"], "3").richtig is True
    assert pruefen(aufgaben["netto"], "4").richtig is False  # die Eins vergessen


@pytest.mark.parametrize("wahl", list(lehre.VERTEIDIGUNG_WAHL))
def test_schlagabtausch_zaehlt_wie_der_regeltext(wahl):
    schritte, verlauf = lehre.schlagabtausch(wahl)
    assert len(schritte) == 5 and all(s.zitat and s.text for s in schritte)
    daten = next(e for e in verlauf.ereignisse if e.art == "angriff").daten
    assert daten["angriff_netto"] == _netto([10 if a == 0 else a for a in daten["angriff_augen"]],
                                            daten["lage"]["angriff_schwierigkeit"])
    assert daten["verteidigung_netto"] == _netto([10 if a == 0 else a for a in daten["verteidigung_augen"]],
                                                 daten["lage"]["verteidigung_schwierigkeit"])
    assert (lehre.VERTEIDIGUNG_WAHL[wahl] is None) == (daten["lage"]["verteidigung_pool"] == 0)
    ork = verlauf.zustand.kaempfer_namens("Ork-Krieger")
    if daten["kategorie"] != "verfehlt":
        assert sum(ork.wunden) == daten["wunden"]
    assert ak.am_zug(verlauf.zustand) == ("Ork-Krieger",)  # Brann 14 hat gehandelt, der Ork 9 ist dran


def test_schlagabtausch_laesst_sich_als_protokoll_abspielen(tmp_path):
    _, verlauf = lehre.schlagabtausch("ausweichen")
    datei = tmp_path / "kurs.jsonl"
    neu = ak.neuer_verlauf(verlauf.start, datei)
    for e in verlauf.ereignisse:
        neu.ausfuehren(e)
    neu.schliessen()  # ein Schreiber je Kampf: erst die alte Sitzung schließen
    fortgesetzt, warnungen = ak.fortsetzen(datei)
    assert not warnungen and fortgesetzt.zustand == verlauf.zustand


def test_fallen_rechnen_richtig():
    f = {x.titel: x.beispiel for x in lehre.fallen()}
    assert "2 Erfolge" in f["Die 0 auf dem W10 zählt doppelt"]
    # 8 W10, Patzer bei mindestens einer Eins: 1 − 0,9⁸ = 57,0 %; mindestens drei Einser: 3,8 %
    assert f"{(1 - 0.9**8) * 100:.1f}".replace(".", ",") in f["Niedrige Talentstufen patzen oft"]
    drei = sum(comb(8, k) * 0.1**k * 0.9 ** (8 - k) for k in range(3, 9))
    assert f"{drei * 100:.1f}".replace(".", ",") in f["Niedrige Talentstufen patzen oft"]


def test_kurzreferenz_hat_alle_abschnitte():
    seite = lehre.kurzreferenz()
    for kopf, _ in lehre.KURZREFERENZ:
        assert f"<h2>{kopf}</h2>" in seite
    assert seite.count("<dt>") == len(lehre.GLOSSAR)
