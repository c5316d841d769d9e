"""Wundschwellen, Wundtabellen nach Schadensart, Kampfunfähigkeit und Wehrlosigkeit."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.aloran import wunden
from gm_helfer.aloran.angriff import trefferschaden
from gm_helfer.aloran.daten import KATEGORIEN, WUNDSTUFEN, ZONEN_SCHLUESSEL
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler

KO = 3


def zonen(**w):
    return tuple(w.get(z, 0) for z in ZONEN_SCHLUESSEL)


# Tabelle „Stichwaffen: Tiefe Wunden“ (primäre Effekte gleich in allen drei Tabellen), KO = 3
@pytest.mark.parametrize(("gesamt", "zeile", "wuerfel", "ini"), [
    (0, 0, 0, 0), (1, 1, 0, 0), (3, 1, 0, 0), (4, 2, 1, 2), (6, 2, 1, 2), (7, 3, 2, 4), (9, 3, 2, 4),
    (10, 4, 2, 6), (12, 4, 2, 6), (13, 5, 3, 8), (15, 5, 3, 8), (16, 6, 3, 10), (40, 6, 3, 10),
])
def test_wundtabelle_zeilen(gesamt, zeile, wuerfel, ini):
    # Wunden verteilt auf Beine/Arme, damit keine Zone die 3. Schwelle überschreitet
    verteilt = [0] * 7
    for i in range(gesamt):
        verteilt[2 + i % 5] += 1
    w = tuple(verteilt)
    assert wunden.wundstufe_index(gesamt, KO) == zeile
    if all(x <= 3 * KO for x in w):
        assert wunden.verletzungsstufe(w, KO) == zeile
        assert wunden.wuerfelabzug(w, KO) == wuerfel
        assert wunden.initiativeabzug(w, KO) == ini


@pytest.mark.parametrize(("art", "gesamt", "text"), [
    ("Stich", 2, "Leichte Verletzung: harmlose Fleischwunde"),
    ("Fern", 5, "Leichte Verletzung: Fleischwunde"),
    ("Hieb", 8, "Schwere Verletzung: große Schnittwunde"),
    ("Hieb", 16, "Tödliche Verletzung: Amputation"),
    ("Wucht", 11, "Schwere Verletzung: schwerer Bruch"),
    ("Wucht", 14, "Tödliche Verletzung: offener Bruch / Organschäden"),
])
def test_verletzungstexte_nach_schadensart(art, gesamt, text):
    w = (0, 0) + tuple(gesamt // 5 + (1 if i < gesamt % 5 else 0) for i in range(5))
    assert sum(w) == gesamt
    assert wunden.verletzungstext(w, KO, art) == text


def test_dritte_schwelle_einer_zone_ist_schwere_verletzung():
    # KO 5: 16 Wunden im Arm: gesamt „bis KO x 4“ (Zeile 4); Zone über 3. Schwelle (15) → mindestens Zeile 3
    w = zonen(schwertarm=16)
    assert wunden.ueberschrittene_schwellen(16, 5) == 3
    assert wunden.verletzungsstufe(w, 5) >= wunden.SCHWERE_VERLETZUNG_INDEX
    assert wunden.ueberschrittene_schwellen(15, 5) == 2  # „überschreitet“ = mehr als


@pytest.mark.parametrize(("zone", "kampfunfaehig"), [
    ("kopf", True), ("torso", True), ("schwertarm", False), ("bein_links", False), ("lende", False),
])
def test_kampfunfaehig_nur_kopf_und_torso(zone, kampfunfaehig):
    assert wunden.kampfunfaehig(zonen(**{zone: 3 * KO + 1}), KO) is kampfunfaehig
    assert not wunden.kampfunfaehig(zonen(**{zone: 3 * KO}), KO)


def test_wehrlos_wenn_initiative_durch_wunden_auf_null():
    w = zonen(bein_links=8, bein_rechts=8)  # 16 Wunden → Ini −10
    assert wunden.wehrlos(10, w, KO)
    assert not wunden.wehrlos(11, w, KO)
    assert not wunden.wehrlos(0, zonen(), KO)  # ohne Verletzungen ist niemand wehrlos
    assert not wunden.wehrlos(None, w, KO)


def test_schwellen_und_fehler():
    assert wunden.wundschwellen(4) == (4, 8, 12)
    with pytest.raises(AloranFehler, match="Konstitution"):
        wunden.wundschwellen(0)
    with pytest.raises(AloranFehler, match="Trefferzone"):
        wunden.wunden_hinzu(zonen(), "fluegel", 1)


@pytest.mark.parametrize(("summe", "kat", "ruestung", "schaden", "wunden_"), [
    (7, "streiftreffer", 1, 3, 2),      # halber Schaden, abgerundet
    (7, "treffer", 2, 7, 5),
    (7, "schwerer_treffer", 2, 14, 12),
    (7, "toedlicher_treffer", 2, 21, 19),
    (3, "treffer", 5, 3, 0),            # Rüstung hält
])
def test_trefferschaden(summe, kat, ruestung, schaden, wunden_):
    assert trefferschaden(summe, kat, ruestung) == (schaden, wunden_)


def test_trefferschaden_optionen():
    assert trefferschaden(7, "streiftreffer", 0, Optionen(halbieren_aufrunden=True)) == (4, 4)
    assert trefferschaden(7, "toedlicher_treffer", 0, Optionen(alte_schadenstabelle=True)) == (7, 7)
    assert trefferschaden(7, "treffer", 0, halbiert=True) == (3, 3)
    assert trefferschaden(5, "schwerer_treffer", 0, bonus=2) == (14, 14)


@settings(max_examples=60, deadline=None)
@given(s=st.integers(0, 40), mehr=st.integers(0, 10), r=st.integers(0, 8), kat=st.sampled_from(KATEGORIEN))
def test_mehr_schaden_nie_weniger_wunden(s, mehr, r, kat):
    assert trefferschaden(s + mehr, kat, r)[1] >= trefferschaden(s, kat, r)[1]


@settings(max_examples=60, deadline=None)
@given(w=st.tuples(*[st.integers(0, 20)] * 7), zone=st.sampled_from(ZONEN_SCHLUESSEL),
       n=st.integers(0, 10), ko=st.integers(1, 5))
def test_mehr_wunden_nie_bessere_stufe(w, zone, n, ko):
    neu = wunden.wunden_hinzu(w, zone, n)
    assert wunden.verletzungsstufe(neu, ko) >= wunden.verletzungsstufe(w, ko)
    assert wunden.kampfunfaehig(neu, ko) >= wunden.kampfunfaehig(w, ko)
    assert sum(neu) == sum(w) + n


def test_wundstufen_monoton():
    assert [s.wuerfel_abzug for s in WUNDSTUFEN] == sorted(s.wuerfel_abzug for s in WUNDSTUFEN)
    assert [s.initiative_abzug for s in WUNDSTUFEN] == [0, 0, 2, 4, 6, 8, 10]
    assert wunden.schaden(5, Fraction(1, 2)) == 2


def test_gemerkte_wundfragen_gleich_ungemerkt_auch_fuer_listen():
    """verletzungsstufe/kampfunfaehig merken sich Antworten (schneller Ereignispfad): dieselben
    Antworten wie ungemerkt, Listen gehen ungemerkt durch, Fehler bleiben Fehler."""
    import pytest

    from gm_helfer.aloran import wunden as w

    for wl in [(0,) * 7, (3, 0, 0, 0, 0, 0, 0), (10, 0, 0, 0, 0, 0, 0), (0, 2, 2, 2, 2, 2, 2), (0, 10, 0, 0, 0, 0, 0)]:
        for ko in (1, 3, 4):
            assert w.verletzungsstufe(wl, ko) == w.verletzungsstufe.__wrapped__(wl, ko)
            assert w.verletzungsstufe(list(wl), ko) == w.verletzungsstufe(wl, ko)
            assert w.kampfunfaehig(list(wl), ko) == w.kampfunfaehig(wl, ko)
    with pytest.raises(w.AloranFehler):
        w.verletzungsstufe((0, -1, 0, 0, 0, 0, 0), 3)
    with pytest.raises(w.AloranFehler):
        w.verletzungsstufe((0, -1, 0, 0, 0, 0, 0), 3)


@pytest.mark.parametrize("aufrunden", [False, True])
def test_schaden_in_ganzen_zahlen_wie_mit_bruechen(aufrunden):
    """Der ganzzahlige Weg von ``schaden`` (Issue 10) gegen die Rechnung mit ``Fraction`` samt Runden."""
    opt = Optionen(halbieren_aufrunden=aufrunden)
    for summe in range(-3, 40):
        for faktor in (Fraction(0), Fraction(1, 2), Fraction(1), Fraction(2), Fraction(3), 1, 2):
            for halbiert in (False, True):
                wert = Fraction(max(0, summe)) * faktor * (Fraction(1, 2) if halbiert else 1)
                erwartet = -((-wert.numerator) // wert.denominator) if aufrunden else wert.numerator // wert.denominator
                assert wunden.schaden(summe, faktor, opt, halbiert=halbiert) == erwartet


def test_tafeln_fuer_einzelne_werte_wie_nach_regeltext():
    """Einzelne Werte kommen aus Tafeln (Issue 10); hier gegen die Regel selbst gerechnet:
    Schwellen KO×1, KO×2, KO×3 („überschreiten“ = mehr als), Wundtabelle „bis (KO x n)“, schwere
    Verletzung ab der dritten Schwelle einer Zone, kampfunfähig über der dritten Schwelle von Kopf
    oder Torso – für jede Konstitution 1–5 und darüber hinaus (ohne Tafel)."""
    import itertools

    kopf, torso = ZONEN_SCHLUESSEL.index("kopf"), ZONEN_SCHLUESSEL.index("torso")
    for ko in range(1, 8):
        for w in range(0, 45):
            assert wunden.ueberschrittene_schwellen(w, ko) == sum(w > ko * n for n in (1, 2, 3))
            erwartet = next(i for i, s in enumerate(WUNDSTUFEN) if s.bis_ko is None or w <= ko * s.bis_ko)
            assert wunden.wundstufe_index(w, ko) == erwartet
        for zonen_ in itertools.product((0, ko, ko * 3, ko * 3 + 1), repeat=3):
            for verteilung in ((0, 1, 2), (3, 4, 5), (kopf, torso, 0)):
                w = [0] * len(ZONEN_SCHLUESSEL)
                for i, anzahl in zip(verteilung, zonen_):
                    w[i] += anzahl
                w = tuple(w)
                stufe = next(i for i, s in enumerate(WUNDSTUFEN) if s.bis_ko is None or sum(w) <= ko * s.bis_ko)
                if any(x > 3 * ko for x in w):
                    stufe = max(stufe, wunden.SCHWERE_VERLETZUNG_INDEX)
                assert wunden.verletzungsstufe(w, ko) == stufe
                assert wunden.kampfunfaehig(w, ko) == (w[kopf] > 3 * ko or w[torso] > 3 * ko)
    with pytest.raises(AloranFehler):
        wunden.ueberschrittene_schwellen(3, 0)
    with pytest.raises(AloranFehler):
        wunden.wundstufe_index(-1, 3)
