"""Begrenzte Arbeit für Würfelausdrücke (Issue 15, Punkt 9).

Jeder Test hier hat vor der Änderung versagt: ein 4.301-stelliger Wert warf einen
englischen ``ValueError``, viele Gruppen umgingen die Grenze von 100 Würfeln, der
Parse-Cache hatte keine Grenze in Bytes, ``100W1000`` rechnete minutenlang.
"""

from __future__ import annotations

import random
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import cache, chancen, wuerfel
from gm_helfer.wuerfel import WuerfelFehler

RIESENZAHL = "1" * 4301  # mehr Ziffern, als int() in Python 3.11 ohne Weiteres umwandelt


@pytest.mark.parametrize(
    "text",
    [RIESENZAHL, "W" + RIESENZAHL, RIESENZAHL + "W6", "W6+" + RIESENZAHL, "9" * 50 + "W6", "W" + "9" * 8],
)
def test_riesige_zahl_ist_deutscher_wuerfelfehler(text):
    with pytest.raises(WuerfelFehler) as info:
        wuerfel.parse(text)
    meldung = str(info.value)
    assert "zu groß" in meldung or "zu lang" in meldung or "zu viele" in meldung
    assert len(meldung) < 300  # die Meldung wiederholt den Riesentext nicht


def test_riesige_augenzahl_ist_deutscher_wuerfelfehler():
    with pytest.raises(WuerfelFehler, match="zeigt keine"):
        wuerfel.augenzahl(RIESENZAHL, 6)
    with pytest.raises(WuerfelFehler, match="zeigt keine"):
        wuerfel.wurf("W6", augen=RIESENZAHL)


def test_unicode_ziffern_sind_keine_augen_und_keine_wuerfel():
    with pytest.raises(WuerfelFehler):
        wuerfel.parse("W٦")  # arabisch-indische Sechs: int() nähme sie, der Tisch nicht
    with pytest.raises(WuerfelFehler, match="nur Ziffern"):
        wuerfel.augenzahl("٣", 6)


def test_viele_gruppen_umgehen_die_wuerfelgrenze_nicht():
    assert wuerfel.parse("+".join(["W6"] * 100)).anzahl_wuerfel == 100
    with pytest.raises(WuerfelFehler, match="mehr als 100 Würfel im ganzen Ausdruck"):
        wuerfel.parse("+".join(["W6"] * 101))
    with pytest.raises(WuerfelFehler, match="mehr als 100 Würfel im ganzen Ausdruck"):
        wuerfel.parse("60W6+50W8")


def test_ausdruck_hat_hoechstlaenge():
    with pytest.raises(WuerfelFehler, match="zu lang"):
        wuerfel.parse("W6" + "+1" * 1_000_000)
    with pytest.raises(WuerfelFehler, match="zu lang"):
        wuerfel.parse(" " * (wuerfel.MAX_LAENGE + 1) + "W6")


def test_parse_cache_ist_in_bytes_begrenzt():
    info = wuerfel._parse_text.cache_info()
    assert info.max_bytes <= 8_000_000
    # viele verschiedene, möglichst große gültige Ausdrücke
    for i in range(3000):
        wuerfel.parse("+".join(["W6"] * 99) + f"+{i}")
    info = wuerfel._parse_text.cache_info()
    assert 0 < info.bytes <= info.max_bytes


def test_groessenschaetzung_deckt_den_echten_speicher():
    """Die Schätzungen der Caches sind nicht kleiner als der gemessene Speicher."""
    text = "+".join(["W6!"] * 100)
    tracemalloc.start()
    ausdruck = wuerfel._parse_text.__wrapped__(text)
    parse_bytes, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert wuerfel._parse_groesse((text,), ausdruck) >= parse_bytes

    ausdruck = wuerfel.parse("20W100")
    chancen._als_die.__wrapped__(ausdruck)  # Teilwürfel liegen danach im Cache
    tracemalloc.start()
    die = chancen._als_die.__wrapped__(ausdruck)
    die_bytes, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert chancen._die_groesse((ausdruck,), die) >= die_bytes
    chancen._als_die(ausdruck)  # der Würfel liegt im eigenen Cache, gemessen wird die Verteilung
    tracemalloc.start()
    vert = chancen._verteilung.__wrapped__(ausdruck)
    vert_bytes, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert chancen._verteilung_groesse((ausdruck,), vert) >= vert_bytes


def test_alle_caches_der_chancen_in_bytes_begrenzt():
    for funktion in (chancen._verteilung, chancen._als_die, chancen.explodierender_wuerfel, chancen.wuerfel_die):
        assert funktion.cache_info().max_bytes <= 64_000_000


def test_bounded_cache_verdraengt_die_aeltesten():
    aufrufe = []

    @cache.bounded_cache(max_bytes=250, size=lambda schluessel, wert: 100)
    def doppelt(x):
        aufrufe.append(x)
        return 2 * x

    assert [doppelt(1), doppelt(2), doppelt(1), doppelt(3)] == [2, 4, 2, 6]
    assert doppelt.cache_info() == cache.CacheInfo(2, 200, 250)
    doppelt(2)  # 2 wurde verdrängt (1 war zuletzt benutzt), also neu gerechnet
    assert aufrufe == [1, 2, 3, 2]
    doppelt.cache_clear()
    assert doppelt.cache_info().entries == 0


def test_bounded_cache_speichert_zu_grosses_nicht():
    @cache.bounded_cache(max_bytes=10, size=lambda schluessel, wert: 11)
    def eins(x):
        return x

    assert eins(5) == 5 and eins.cache_info().entries == 0


@pytest.mark.parametrize("text", ["100W1000", "100W100!", "100W6!", "10W1000", "60W100+40W100"])
def test_zu_teure_verteilung_wird_vorher_abgelehnt(text, monkeypatch):
    """Die Schätzung kommt vor der Rechnung: icepool wird gar nicht erst gefragt."""
    def nie(*args, **kwargs):
        raise AssertionError("die exakte Rechnung hätte nicht beginnen dürfen")

    monkeypatch.setattr(chancen, "_als_die", nie)
    monkeypatch.setattr(chancen, "_verteilung", nie)
    with pytest.raises(chancen.AufwandFehler) as info:
        chancen.verteilung(text)
    meldung = str(info.value)
    assert "zu aufwendig" in meldung and "Rechenschritte" in meldung
    assert "Stichprobe" in meldung  # bietet die geschätzten Chancen an
    assert info.value.aufwand > chancen.MAX_AUFWAND
    assert isinstance(info.value, WuerfelFehler) and isinstance(info.value, ValueError)
    with pytest.raises(chancen.AufwandFehler):
        chancen.als_die(text)


def test_meldung_nennt_die_teuerste_gruppe():
    with pytest.raises(chancen.AufwandFehler, match="99 explodierende W100"):
        chancen.verteilung("W6+99W100!")
    with pytest.raises(chancen.AufwandFehler, match="Am teuersten sind 50 W1000"):
        chancen.verteilung("50W1000", explodierend=False)


def _gezaehlte_schritte(ausdruck: wuerfel.Ausdruck) -> int:
    """Unabhängige Zählung: Würfel für Würfel falten, jedes Ergebnispaar ist ein Schritt."""
    explodierende = sum(g.anzahl for g in ausdruck.wuerfel if g.explodierend)
    schritte = 0
    summe = {ausdruck.konstante}
    for gruppe in ausdruck.wuerfel:
        einzel = set(
            (chancen.explodierender_wuerfel(gruppe.seiten, explodierende) if gruppe.explodierend
             else chancen.wuerfel_die(gruppe.seiten)).outcomes()
        )
        teil = set(einzel)
        for _ in range(gruppe.anzahl - 1):
            schritte += (max(teil) - min(teil) + 1) * len(einzel)
            teil = {a + b for a in teil for b in einzel}
        schritte += (max(summe) - min(summe) + 1) * (max(teil) - min(teil) + 1)
        summe = {a + gruppe.vorzeichen * b for a in summe for b in teil}
    return schritte


@pytest.mark.parametrize("text", ["2W6", "3W6+2", "W8!+W6!", "4W10-W4", "2W6!+W4", "W100", "3W8!"])
def test_aufwand_gleich_gezaehlten_schritten(text):
    assert chancen.aufwand(text) == _gezaehlte_schritte(wuerfel.parse(text))


@pytest.mark.parametrize("text", ["2W6", "W8!+W6!", "3W10!", "20W6!", "100W6", "W100!+W100!", "20W100"])
def test_uebliche_ausdruecke_bleiben_exakt(text):
    assert chancen.aufwand(text) <= chancen.MAX_AUFWAND
    assert abs(sum(chancen.verteilung(text).values()) - 1) < 1e-12


@settings(max_examples=60, deadline=None)
@given(
    anzahl=st.integers(1, 100), seiten=st.integers(2, 1000), explodierend=st.booleans()
)
def test_aufwand_waechst_mit_wuerfeln_und_seiten(anzahl, seiten, explodierend):
    text = f"{anzahl}W{seiten}{'!' if explodierend else ''}"
    basis = chancen.aufwand(text)
    if anzahl < 100:
        assert chancen.aufwand(f"{anzahl + 1}W{seiten}{'!' if explodierend else ''}") > basis
    if seiten < 1000 and not explodierend:  # explodierend: größere Würfel brauchen weniger Tiefe
        assert chancen.aufwand(f"{anzahl}W{seiten + 1}{'!' if explodierend else ''}") > basis


@pytest.mark.parametrize("text", ["2W6+1", "W6!", "W4!-W4", "3W8!+2"])
def test_stichprobe_passt_zur_exakten_verteilung(text):
    exakt = chancen.verteilung(text)
    geschaetzt = chancen.geschaetzte_verteilung(text, 200_000, rng=random.Random(15))
    assert abs(sum(geschaetzt.values()) - 1) < 1e-9
    # 200.000 Würfe: Standardfehler ≤ 0,0011; 5 Standardfehler Abstand
    for wert in set(exakt) | set(geschaetzt):
        assert abs(exakt.get(wert, 0.0) - geschaetzt.get(wert, 0.0)) < 0.0056, wert


def test_stichprobe_grosser_ausdruck_mittelwert_geschlossen():
    """100W100!: Mittelwert eines explodierenden W100 ist 50,5 · 100/99."""
    import numpy as np

    vert = chancen.geschaetzte_verteilung("100W100!", rng=np.random.default_rng(15))
    erwartet = 100 * 50.5 * 100 / 99
    assert abs(chancen.mittelwert(vert) - erwartet) < 0.02 * erwartet
    assert chancen.geschaetzte_verteilung("W6", 10, rng=random.Random(1)) == chancen.geschaetzte_verteilung(
        "W6", 10, rng=random.Random(1)
    )


def test_stichprobe_prueft_anzahl():
    with pytest.raises(WuerfelFehler, match="Stichprobe"):
        chancen.geschaetzte_verteilung("W6", 0, rng=random.Random(1))


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789Ww!+- %dD٣", max_size=60))
def test_parse_und_chancen_werfen_nur_deutsche_wuerfelfehler(text):
    try:
        ausdruck = wuerfel.parse(text)
    except WuerfelFehler:
        return
    try:
        chancen.aufwand(ausdruck)
        if chancen.aufwand(ausdruck) < 200_000:
            chancen.verteilung(ausdruck)
    except chancen.AufwandFehler:
        pass



def test_wuerfellabor_rechnet_zu_teures_als_stichprobe():
    """Die Hilfsfunktion des Würfellabors (notebooks/wuerfel.py): Hinweis plus Stichprobe."""
    import importlib.util

    from gm_helfer import pfade

    spec = importlib.util.spec_from_file_location(
        "wuerfellabor", pfade.projekt_ordner() / "notebooks" / "wuerfel.py"
    )
    labor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(labor)
    vert, hinweis = labor.verteilung_berechnen(wuerfel.parse("100W1000"), random.Random(3))
    assert "100W1000 ist zu aufwendig" in hinweis and "Stichprobe" in hinweis
    assert abs(chancen.mittelwert(vert) - 100 * 500.5) < 0.02 * 100 * 500.5
    vert, hinweis = labor.verteilung_berechnen(wuerfel.parse("2W6"), random.Random(3))
    assert hinweis == "" and vert is chancen.verteilung("2W6")
