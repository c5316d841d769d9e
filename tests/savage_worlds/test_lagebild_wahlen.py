"""Lagebild je Wahl für Savage Worlds (Issue 25, Punkt 2): Benny-Wiederholung oder behalten, Abwarten
oder jetzt handeln – und die Richtung nach einem entscheidenden Treffer.

Die Zustände sind von Hand gebaut, mit eingetippten Karten und Würfeln (kein Zufall bis zur Wahl):
Alrik (Wildcard, 3 Bennies) gegen den Baron (Wildcard) und einen Banditen. Je Wahl muss die
Siegchance aus :attr:`gm_helfer.lagebild.Lagebild.optionen` (gebündelt, 2000 Kämpfe) mit dem
Ereignispfad übereinstimmen, der vom Zustand *nach* der Wahl 2000 Kämpfe zu Ende spielt – auf 4
Standardfehler. Eine Wahl, die die Regeln im Zustand nicht erlauben (kein Benny, schon abwartend,
muss handeln), erscheint nicht.
"""

from __future__ import annotations

import math
import random
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from gm_helfer import lagebild
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import lagebild as lb
from gm_helfer.savage_worlds.kampf import anwenden, kampf_beginnen

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sw_kaempfer import aufrufen, bandit, baron, held, naechste_runde  # noqa: E402

N = 2000
KARTEN = {"Alrik": ["A♠"], "Banditen": ["K♠"], "Baron": ["3♣"]}


def _dran(**alrik) -> k.Kampfzustand:
    """Runde 1, Alrik ist als Erster an der Reihe (Ass), danach die Banditen und der Baron."""
    z = naechste_runde(kampf_beginnen([held(**alrik), bandit(1), baron()]))
    z = anwenden(z, k.ereignis_karten(z, eingetippt=KARTEN))
    return aufrufen(z, "Alrik")


def _verfehlt(**alrik) -> k.Kampfzustand:
    """Alrik verfehlt den Baron (2 und Wildcard-Würfel 1 gegen Parade 8, kein kritischer Fehlschlag)."""
    z = _dran(**alrik)
    return anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="2, 1"))


def _erholung_misslungen(**alrik) -> k.Kampfzustand:
    """Alrik kommt Angeschlagen (1 Wunde) an die Reihe; die Erholungsprobe misslingt (4 − 1 = 3)."""
    z = _dran(angeschlagen=True, wunden=1, **alrik)
    return anwenden(z, k.ereignis_erholung(z, "Alrik", augen="4, 2"))


def _texte(z: k.Kampfzustand) -> list[str]:
    return [t for t, _ in lb.wahlen(z)]


def _stimmt_mit_ereignispfad(z: k.Kampfzustand, texte: tuple[str, ...], saat: int) -> None:
    """Je Wahl: Lagebild (gebündelt, N) gegen N Kämpfe auf dem Ereignispfad vom Zustand nach der Wahl."""
    bild = lagebild.lagebild("savage_worlds", z, N, rng=np.random.default_rng(saat))
    je_wahl = {t: s.get("Helden", 0.0) for t, s in bild.optionen}
    treffen = dict(lb.wahlen(z))
    for i, text in enumerate(texte):
        assert text in je_wahl, (text, list(je_wahl))
        rng = np.random.default_rng(saat + 1 + i)
        pfad = [lb.weiterspielen(treffen[text](z, rng), rng=rng) for _ in range(N)]
        p_pfad = sum(a.sieger == "Helden" for a in pfad) / N
        p = (je_wahl[text] + p_pfad) / 2
        se = math.sqrt(max(p * (1 - p), 1e-9) * 2 / N)
        zwert = (je_wahl[text] - p_pfad) / se
        print(f"{text}: Lagebild {je_wahl[text]:.3f}, Ereignispfad {p_pfad:.3f}, z = {zwert:+.2f}")
        assert abs(zwert) < 4, f"{text}: Lagebild {je_wahl[text]:.3f}, Ereignispfad {p_pfad:.3f}, z = {zwert:.2f}"


# -- Benny-Wiederholung oder behalten -----------------------------------------------------------------

WIEDERHOLEN = "Alrik: Angriff mit Benny wiederholen"
BEHALTEN = "Alrik: Angriff behalten, kein Benny"
PROBE_WIEDERHOLEN = "Alrik: Erholungsprobe mit Benny wiederholen"
PROBE_BEHALTEN = "Alrik: Erholungsprobe behalten, kein Benny"


def test_verfehlter_angriff_wiederholen_oder_behalten_nur_mit_benny() -> None:
    z = _verfehlt()
    assert k.angriff_wiederholbar(z) is None
    assert {WIEDERHOLEN, BEHALTEN} <= set(_texte(z))
    # ohne Benny (Alrik ist ein Held: kein Benny des Spielleiters) keine Wiederholung, auch kein Behalten
    ohne = _verfehlt(bennies=0)
    assert not {WIEDERHOLEN, BEHALTEN} & set(_texte(ohne)), _texte(ohne)
    # nach dem Zugende ist die Wiederholung verfallen
    fertig = anwenden(z, k.ereignis_fertig(z))
    assert not {WIEDERHOLEN, BEHALTEN} & set(_texte(fertig))


def test_schurken_wiederholen_mit_benny_des_spielleiters() -> None:
    """Eine Wildcard der Schurken ohne eigenen Benny wiederholt mit einem des Spielleiters – ohne
    beide keine Wahl."""
    z = naechste_runde(kampf_beginnen([held(), bandit(1), replace(baron(), bennies=0)]))
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Baron": ["A♠"], "Alrik": ["K♠"], "Banditen": ["3♣"]}))
    z = aufrufen(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="2, 1"))
    text = "Baron: Angriff mit Benny wiederholen"
    mit = replace(z, spielleiter_bennies=1)
    assert text in _texte(mit)
    assert dict(lb.wahlen(mit))[text](mit, random.Random(1)).spielleiter_bennies == 0
    assert text not in _texte(replace(z, spielleiter_bennies=0))


def test_wiederholen_wahl_spielt_die_regel() -> None:
    """Die Wahl „wiederholen“ gibt einen Benny aus und würfelt neu (das bessere Ergebnis zählt);
    „behalten“ lässt den Zustand, wie er ist."""
    z = _verfehlt()
    treffen = dict(lb.wahlen(z))
    nach = treffen[WIEDERHOLEN](z, random.Random(3))
    assert nach.kaempfer_namens("Alrik").bennies == 2
    assert k.angriff_wiederholbar(nach) is None or nach.offene_treffer  # wieder verfehlt: nochmal möglich
    assert treffen[BEHALTEN](z, random.Random(3)) is z


def test_erholungsprobe_wiederholen_oder_behalten_nur_mit_benny() -> None:
    z = _erholung_misslungen()
    assert {PROBE_WIEDERHOLEN, PROBE_BEHALTEN} <= set(_texte(z)), _texte(z)
    ohne = _erholung_misslungen(bennies=0)
    assert not {PROBE_WIEDERHOLEN, PROBE_BEHALTEN} & set(_texte(ohne)), _texte(ohne)
    behalten = dict(lb.wahlen(z))[PROBE_BEHALTEN](z, None)
    assert k.offene_probe(behalten, "Alrik") is None and behalten.kaempfer_namens("Alrik").bennies == 3


@pytest.mark.parametrize("bau, text", [(_verfehlt, WIEDERHOLEN), (_erholung_misslungen, PROBE_WIEDERHOLEN)])
def test_wiederholen_verzweigt_exakt(bau, text) -> None:
    """Die Würfel der Wiederholung verzweigen exakt: die Äste tragen die Einzelwurf-Chancen der
    Vorschau (Summe 1), jede Ast-Ziehung liefert nur ihren Ausgang, und die gewöhnliche Ziehung trifft
    die Äste so oft, wie ihre Chancen sagen (2000 Würfe, je Ast 4 Standardfehler)."""
    from gm_helfer.savage_worlds import vorschau

    z = bau()
    wahl = dict(lb.wahlen(z))[text]
    chancen = wahl.chancen(z)
    assert math.isclose(math.fsum(chancen.values()), 1.0, abs_tol=1e-9)
    if text == PROBE_WIEDERHOLEN:
        assert sorted(chancen.values()) == pytest.approx(sorted(vorschau.probe_wiederholen_vorschau(z, "Alrik").values()))
    aeste = wahl.aeste(z)
    assert [p for p, _ in aeste] == [p for p in chancen.values() if p > 0]
    rng = random.Random(9)
    for ausgang, (_, ziehen) in zip([a for a, p in chancen.items() if p > 0], aeste, strict=True):
        assert wahl.klasse(ziehen(z, rng)) == ausgang
    n = 2000
    gezaehlt = [wahl.klasse(wahl(z, rng)) for _ in range(n)]
    for ausgang, p in chancen.items():
        anteil = gezaehlt.count(ausgang) / n
        assert abs(anteil - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-9) / n) + 1e-9, (ausgang, anteil, p)


@pytest.mark.slow  # je Wahl 2000 Kämpfe auf beiden Wegen: in CI, nicht im schnellen Lauf
def test_angriff_wiederholen_oder_behalten_wie_der_ereignispfad() -> None:
    _stimmt_mit_ereignispfad(_verfehlt(), (WIEDERHOLEN, BEHALTEN), saat=11)


@pytest.mark.slow
def test_erholung_wiederholen_oder_behalten_wie_der_ereignispfad() -> None:
    _stimmt_mit_ereignispfad(_erholung_misslungen(), (PROBE_WIEDERHOLEN, PROBE_BEHALTEN), saat=21)


# -- Abwarten oder jetzt handeln ------------------------------------------------------------------------

ABWARTEN = "Alrik: abwarten, später handeln"


def test_abwarten_oder_handeln_nur_wenn_erlaubt() -> None:
    z = _dran()
    texte = _texte(z)
    assert texte[0].startswith("Vorschlag: Alrik greift") and ABWARTEN in texte, texte
    nach = dict(lb.wahlen(z))[ABWARTEN](z, None)
    assert "Alrik" in nach.abwartend and not nach.am_zug
    # schon abwartend: keine Wahl für Alrik, während die Banditen dran sind (sie dürfen abwarten)
    banditen = aufrufen(nach, "Banditen")
    assert not any(t.startswith("Alrik: abwarten") for t in _texte(banditen))
    assert "Banditen: abwarten, später handeln" in _texte(banditen)
    # nach einer verlorenen Unterbrechung („muss zum nächstmöglichen Zeitpunkt handeln“): kein Abwarten
    assert ABWARTEN not in _texte(replace(z, muss_handeln=z.muss_handeln | {"Alrik"}))
    # Angeschlagen an der Reihe: die Erholungsprobe, kein Abwarten
    assert ABWARTEN not in _texte(_dran(angeschlagen=True))
    # wer schon angegriffen hat, wartet nicht mehr ab
    assert ABWARTEN not in _texte(_verfehlt())


def test_abwarten_nicht_als_letzter_der_runde() -> None:
    """Kommt nach Alrik niemand mehr, handelt er nach der Taktik sofort aus dem Abwarten – keine
    eigene Wahl."""
    z = naechste_runde(kampf_beginnen([held(), bandit(1), baron()]))
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Alrik": ["2♣"], "Banditen": ["K♠"], "Baron": ["3♣"]}))
    for emp in ("Banditen", "Baron"):
        z = aufrufen(z, emp)
        z = anwenden(z, k.ereignis_passen(z, emp))
    z = aufrufen(z, "Alrik")
    assert z.naechster() is None
    assert ABWARTEN not in _texte(z)


@pytest.mark.slow
def test_abwarten_oder_handeln_wie_der_ereignispfad() -> None:
    z = _dran()
    vorschlag = next(t for t in _texte(z) if t.startswith("Vorschlag:"))
    _stimmt_mit_ereignispfad(z, (vorschlag, ABWARTEN), saat=31)


# -- Richtung nach einem entscheidenden Treffer ------------------------------------------------------------


def test_entscheidender_treffer_senkt_die_siegchance_der_getroffenen_seite() -> None:
    """Der Baron trifft Alrik mit Steigerung; der Schaden (eingetippt: 18 gegen Robustheit 6, drei
    Steigerungen) gibt ihm 3 Wunden, er steckt nicht weg. Die Siegchance der Helden sinkt – weit
    über 4 Standardfehler (je 2000 Kämpfe) – gegenüber dem Zustand vor dem Schadenswurf, in dem
    der Schaden noch gewürfelt wird."""
    z = naechste_runde(kampf_beginnen([held(), bandit(1), baron()]))
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Baron": ["A♠"], "Alrik": ["K♠"], "Banditen": ["3♣"]}))
    z = aufrufen(z, "Baron")
    vorher = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="10+2, 3"))  # 12 gegen 7
    assert vorher.offene_treffer
    nach = anwenden(vorher, k.ereignis_schaden(vorher, augen="10+4, 3, 1"))
    nach = anwenden(nach, k.ereignis_verzicht(nach, "Alrik"))
    assert nach.kaempfer_namens("Alrik").wunden == 3
    p_vorher = lagebild.lagebild("savage_worlds", vorher, N, rng=np.random.default_rng(41), mit_optionen=False).sieg["Helden"]
    p_nach = lagebild.lagebild("savage_worlds", nach, N, rng=np.random.default_rng(42), mit_optionen=False).sieg["Helden"]
    p = (p_vorher + p_nach) / 2
    se = math.sqrt(max(p * (1 - p), 1e-9) * 2 / N)
    print(f"Helden vor dem Schaden {p_vorher:.3f}, nach 3 Wunden {p_nach:.3f}")
    assert p_vorher - p_nach > 4 * se


# -- im Panel: „Lagebild je Wahl“ -----------------------------------------------------------------------


@pytest.mark.parametrize("bau, texte", [(_verfehlt, (WIEDERHOLEN, BEHALTEN)), (_dran, (ABWARTEN,))])
def test_panel_zeigt_die_neuen_wahlen(bau, texte) -> None:
    """Der Lauf des Panels (:class:`gm_helfer.lage_lauf.LageLauf`, „Lagebild je Wahl“) rechnet die
    neuen Wahlen mit, und die Ansicht (:func:`gm_helfer.tisch_lage.lage_ansicht`) zeigt sie geordnet
    mit ihrer Siegchance und als Balken – ohne Änderung an ``tisch_lage``."""
    import time

    from gm_helfer import tisch_lage
    from gm_helfer.lage_lauf import LageLauf

    z = bau()
    lauf = LageLauf("savage_worlds", stufen=(100,), je_wahl=100, rng=np.random.default_rng(5))
    lauf.anstossen(1, z, mit_optionen=True)
    ende = time.monotonic() + 120
    while lauf.laeuft() and time.monotonic() < ende:
        time.sleep(0.05)
    st = lauf.stand()
    assert st.fertig and [t for t, _ in st.optionen] == _texte(z)
    html = tisch_lage.lage_ansicht(st, je_wahl=True).text
    for text in texte:
        assert f"{text}: " in html, text
    assert "Siegchance der Helden nach jeder Wahl" in html
