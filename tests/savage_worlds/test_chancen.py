"""Exakte Chancen gegen eine unabhängige Aufzählung (eigene Explosionsverteilung mit Brüchen)."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import savage_worlds as sw
from gm_helfer.savage_worlds.chancen import mehrfach_chancen, probe_ergebnisse, unterbrechen_chancen, wegstecken_chancen

TIEFE_MASSE = Fraction(1, 10**14)


def explodierend(seiten: int) -> dict[int, Fraction]:
    """Unabhängige Verteilung eines explodierenden Würfels: k Höchstwürfe, dann r < seiten.
    Abgeschnitten, wenn der Rest unter 1e-14 liegt (der Rest zählt als letzter Wert)."""
    vert: dict[int, Fraction] = {}
    k = 0
    while Fraction(1, seiten) ** k >= TIEFE_MASSE:
        for r in range(1, seiten):
            vert[k * seiten + r] = Fraction(1, seiten) ** (k + 1)
        k += 1
    vert[k * seiten + 1] = Fraction(1, seiten) ** k
    return vert


def einzelprobe(seiten, bonus, wildcard, mod, mw):
    """(erfolg, steigerung, krit) durch Aufzählung, ohne die Bibliothek."""
    erfolg = steig = krit = Fraction(0)
    wild = explodierend(6) if wildcard else {None: Fraction(1)}
    for t, pt in explodierend(seiten).items():
        for w, pw in wild.items():
            p = pt * pw
            if w is not None and t == 1 and w == 1:
                krit += p
                continue
            gesamt = max(t, w or 0) + bonus + mod
            if gesamt >= mw:
                erfolg += p
            if gesamt >= mw + 4:
                steig += p
    return erfolg, steig, krit


@pytest.mark.parametrize(
    "wuerfel, seiten, bonus, wildcard, mod, mw",
    [("W4", 4, 0, True, 0, 4), ("W8", 8, 0, True, -2, 4), ("W6", 6, 0, False, 0, 4), ("W12+2", 12, 2, True, -3, 6),
     ("untrainiert", 4, -2, True, 0, 4), ("W10", 10, 0, True, 2, 7), ("W6", 6, 0, True, -6, 4)],
)
def test_probe_chancen_gegen_aufzaehlung(wuerfel, seiten, bonus, wildcard, mod, mw):
    c = sw.probe_chancen(wuerfel=wuerfel, wildcard=wildcard, modifikator=mod, mindestwurf=mw)
    erfolg, steig, krit = einzelprobe(seiten, bonus, wildcard, mod, mw)
    assert c.erfolg == pytest.approx(float(erfolg), abs=1e-11)
    assert c.steigerung == pytest.approx(float(steig), abs=1e-11)
    assert c.kritischer_fehlschlag == pytest.approx(float(krit), abs=1e-11)


def test_probe_chancen_geschlossen_w4_statist():
    # P(explodierender W4 ≥ 4) = 1/4; P(≥ 8) = 1/4 · 1/4
    c = sw.probe_chancen("W4", wildcard=False)
    assert c.erfolg == pytest.approx(0.25, abs=1e-12)
    assert c.steigerung == pytest.approx(1 / 16, abs=1e-12)
    assert c.kritischer_fehlschlag == 0


def test_kritischer_fehlschlag_ist_ein_36tel_bei_w6():
    assert sw.probe_chancen("W6").kritischer_fehlschlag == pytest.approx(1 / 36, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["W4", "W6", "W8", "W10", "W12", "W12+1", "untrainiert"]), st.booleans(), st.integers(-6, 4),
       st.integers(2, 9))
def test_probe_ergebnisse_summieren_zu_eins(wuerfel, wildcard, mod, mw):
    r = probe_ergebnisse(wuerfel, wildcard, mod, mw)
    assert math.fsum(r.values()) == pytest.approx(1, abs=1e-11)
    c = sw.probe_chancen(wuerfel, wildcard, mod, mw)
    assert 0 <= c.steigerung <= c.erfolg <= 1


def schaden_aufzaehlung(wuerfel: list[int], konstante: int, robustheit: int):
    vert = {konstante: Fraction(1)}
    for s in wuerfel:
        neu: dict[int, Fraction] = {}
        for a, pa in vert.items():
            for b, pb in explodierend(s).items():
                neu[a + b] = neu.get(a + b, 0) + pa * pb
        vert = neu
    keine = ang = Fraction(0)
    wunden = {1: Fraction(0), 2: Fraction(0), 3: Fraction(0), 4: Fraction(0)}
    for summe, p in vert.items():
        ueber = summe - robustheit
        if ueber < 0:
            keine += p
        elif ueber < 4:
            ang += p
        else:
            wunden[min(4, ueber // 4)] += p
    return keine, ang, wunden


@pytest.mark.parametrize(
    "ausdruck, wuerfel, konstante, robustheit, bonus",
    [("2W6+1", [6, 6], 1, 7, False), ("W12+W8", [12, 8], 0, 8, False), ("2W6", [6, 6, 6], 0, 6, True), ("W4", [4], 0, 5, False)],
)
def test_schadens_chancen_gegen_aufzaehlung(ausdruck, wuerfel, konstante, robustheit, bonus):
    c = sw.schadens_chancen(ausdruck, robustheit=robustheit, bonus_w6=bonus)
    keine, ang, wunden = schaden_aufzaehlung(wuerfel, konstante, robustheit)
    assert c.keine_wirkung == pytest.approx(float(keine), abs=1e-11)
    assert c.angeschlagen == pytest.approx(float(ang), abs=1e-11)
    for k in (1, 2, 3, 4):
        assert c.wunden[k] == pytest.approx(float(wunden[k]), abs=1e-11)


def test_schadens_chancen_schon_angeschlagen_erfolg_wird_wunde():
    frisch = sw.schadens_chancen("2W6", 6)
    ang = sw.schadens_chancen("2W6", 6, angeschlagen=True)
    assert ang.angeschlagen == 0
    assert ang.wunden[1] == pytest.approx(frisch.wunden[1] + frisch.angeschlagen, abs=1e-12)
    assert ang.keine_wirkung == pytest.approx(frisch.keine_wirkung, abs=1e-12)


def test_mehrfach_chancen_gegen_aufzaehlung_zwei_w6_und_wildcard():
    # Unabhängig: alle Tripel, der Wildcard-Würfel ersetzt den niedrigeren Eigenschaftswürfel.
    erwartet: dict[tuple[int, int], Fraction] = {}
    e6 = {k: v for k, v in explodierend(6).items() if k <= 40}
    rest = 1 - sum(e6.values())
    e6[41] = rest
    for (a, pa), (b, pb), (w, pw) in itertools.product(e6.items(), e6.items(), e6.items()):
        wuerfel = sorted([a, b], reverse=True)
        krit = w == 1 and wuerfel.count(1) >= 1
        if w > wuerfel[-1]:
            wuerfel[-1] = w
        treffer = 0 if krit else sum(1 for x in wuerfel if x - 1 >= 4)
        steig = 0 if krit else sum(1 for x in wuerfel if x - 1 >= 8)
        erwartet[(treffer, steig)] = erwartet.get((treffer, steig), 0) + pa * pb * pw
    c = mehrfach_chancen("W6", 2, True, -1, 4)
    for k, p in erwartet.items():
        assert c.get(k, 0.0) == pytest.approx(float(p), abs=1e-9), k
    assert math.fsum(c.values()) == pytest.approx(1, abs=1e-11)


def test_mehrfach_mit_einem_wuerfel_gleich_probe_chancen():
    m = mehrfach_chancen("W8", 1, True, -2, 4)
    c = sw.probe_chancen("W8", True, -2, 4)
    assert math.fsum(p for (t, _), p in m.items() if t) == pytest.approx(c.erfolg, abs=1e-12)
    assert math.fsum(p for (_, s), p in m.items() if s) == pytest.approx(c.steigerung, abs=1e-12)


def test_ausser_gefecht_chancen_gegen_aufzaehlung():
    c = sw.ausser_gefecht_chancen(konstitution="W6", modifikator=-3)
    tod = fehl = erf = steig = Fraction(0)
    for t, pt in explodierend(6).items():
        for w, pw in explodierend(6).items():
            g = max(t, w) - 3
            krit = t == 1 and w == 1
            p = pt * pw
            if g <= 1:
                tod += p
            elif krit or g < 4:
                fehl += p
            elif g < 8:
                erf += p
            else:
                steig += p
    assert (c.tod, c.fehlschlag, c.erfolg, c.steigerung) == pytest.approx(
        tuple(float(x) for x in (tod, fehl, erf, steig)), abs=1e-11
    )


@pytest.mark.parametrize("wuerfel, mod, runden", [("W6", -1, 5), ("W8", -3, 3), ("W12", 0, 1)])
def test_ausbluten_chancen_markov_kette(wuerfel, mod, runden):
    e = probe_ergebnisse(wuerfel, True, mod, 4)
    f = e["Kritischer Fehlschlag"] + e["Fehlschlag"]
    s = e["Erfolg"]
    c = sw.ausbluten_chancen(konstitution=wuerfel, modifikator=mod, runden=runden)
    # Runde für Runde von Hand: lebt-und-blutet-Wahrscheinlichkeit
    lebt, tot, erwartet = 1.0, 0.0, []
    for _ in range(runden):
        tot += lebt * f
        lebt *= s
        erwartet.append(tot)
    assert c.tod_bis_runde == pytest.approx(tuple(erwartet), abs=1e-12)
    assert c.tod_insgesamt == pytest.approx(f / (1 - s), abs=1e-12)
    assert c.tod_insgesamt + c.stabil_insgesamt == pytest.approx(1, abs=1e-12)
    assert list(c.tod_bis_runde) == sorted(c.tod_bis_runde)


def test_ausbluten_mit_hilfe_weniger_tod():
    ohne = sw.ausbluten_chancen("W6", -3, 5)
    mit = sw.ausbluten_chancen("W6", -3, 5, heilen="W8")
    h = sw.probe_chancen("W8").erfolg
    assert mit.tod_bis_runde[0] == pytest.approx((1 - h) * ohne.tod_bis_runde[0], abs=1e-12)
    assert all(a < b for a, b in zip(mit.tod_bis_runde, ohne.tod_bis_runde))


def test_wegstecken_chancen_gegen_aufzaehlung_und_wiederholen():
    e = probe_ergebnisse("W8", True, -1, 4)
    c = wegstecken_chancen("W8", 2, -1)
    # alle weg: Steigerung (2+ Wunden weg); eine bleibt: einfacher Erfolg
    assert c.alle_weg == pytest.approx(e["Steigerung"], abs=1e-12)
    assert c.verbleibende_wunden[1] == pytest.approx(e["Erfolg"], abs=1e-12)
    assert c.verbleibende_wunden[2] == pytest.approx(e["Fehlschlag"] + e["Kritischer Fehlschlag"], abs=1e-12)
    w = wegstecken_chancen("W8", 2, -1, wiederholen=True)
    assert w.alle_weg == pytest.approx(1 - (1 - e["Steigerung"]) ** 2, abs=1e-12)
    assert w.erwartete_wunden < c.erwartete_wunden


def test_unterbrechen_symmetrisch_und_summe_eins():
    r = unterbrechen_chancen("W8", "W8")
    assert r["unterbricht"] == pytest.approx(r["zu spät"], abs=1e-12)
    assert math.fsum(r.values()) == pytest.approx(1, abs=1e-11)
    assert unterbrechen_chancen("W12", "W4")["unterbricht"] > 0.5


def test_erholung_chancen():
    r = sw.erholung_chancen("W6", -1)
    e = probe_ergebnisse("W6", True, -1, 4)
    assert r["erholt, handelt normal"] == pytest.approx(e["Steigerung"], abs=1e-12)
    assert math.fsum(r.values()) == pytest.approx(1, abs=1e-12)


def test_stufen_und_erfolg_je_wuerfel():
    c = sw.schadens_chancen("W12+W8", 8)
    stufen = c.stufen()
    assert list(stufen) == ["keine Wirkung", "Angeschlagen", "1 Wunde", "2 Wunden", "3 Wunden", "4+ Wunden"]
    assert math.fsum(stufen.values()) == pytest.approx(1, abs=1e-11)
    from gm_helfer.savage_worlds.chancen import erfolg_je_wuerfel

    e = erfolg_je_wuerfel(6)
    assert e["W8 Wildcard"] == pytest.approx(sw.probe_chancen("W8", True, 0, 6).erfolg)
    assert all(e[f"W{s} Wildcard"] > e[f"W{s} Statist"] for s in (4, 6, 8, 10, 12))


def test_ausser_gefecht_und_ausbluten_aus_dem_zwischenspeicher():
    """Der wiederholte Aufruf rechnet nicht neu (Cache-Treffer) und liefert dasselbe."""
    from gm_helfer.savage_worlds.chancen import _ausgaenge

    erst_ag = sw.ausser_gefecht_chancen(konstitution="W10", modifikator=-2)
    erst_ab = sw.ausbluten_chancen(konstitution="W10", modifikator=-2, runden=3)
    treffer = _ausgaenge.cache_info().hits
    assert sw.ausser_gefecht_chancen(konstitution="W10", modifikator=-2) == erst_ag
    assert sw.ausbluten_chancen(konstitution="W10", modifikator=-2, runden=7).tod_bis_runde[:3] == pytest.approx(
        erst_ab.tod_bis_runde, abs=1e-15)
    assert _ausgaenge.cache_info().hits == treffer + 2


def _gesamt_aufgezaehlt(seiten, wildcard, mod):
    """Gesamtergebnis einer Probe, unabhängig aufgezählt (Wildcard behält das Höhere)."""
    aus: dict[int, Fraction] = {}
    wild = explodierend(6) if wildcard else {0: Fraction(1)}
    for t, pt in explodierend(seiten).items():
        for w, pw in wild.items():
            g = max(t, w) + mod
            aus[g] = aus.get(g, 0) + pt * pw
    return aus


def test_unterbrechen_gegen_aufzaehlung_ungleich():
    a = _gesamt_aufgezaehlt(8, True, -1)
    b = _gesamt_aufgezaehlt(6, False, 0)
    zuerst = sum(pa * pb for x, pa in a.items() for y, pb in b.items() if x > y)
    gleich = sum(pa * pb for x, pa in a.items() for y, pb in b.items() if x == y)
    r = unterbrechen_chancen("W8", "W6", gegner_wildcard=False, modifikator=-1)
    assert r["unterbricht"] == pytest.approx(float(zuerst), abs=1e-10)
    assert r["gleichzeitig"] == pytest.approx(float(gleich), abs=1e-10)


@pytest.mark.parametrize("alle", [False, True])
def test_mehrfach_chancen_kritisch_gegen_aufzaehlung_drei_w4(alle):
    """Feuerrate 3 mit W4 (viele Einsen): beide Lesarten des kritischen Fehlschlags gegen eine
    unabhängige Aufzählung aller Würfel."""
    e4 = {k: v for k, v in explodierend(4).items() if k <= 30}
    e4[31] = 1 - sum(e4.values())
    e6 = {k: v for k, v in explodierend(6).items() if k <= 30}
    e6[31] = 1 - sum(e6.values())
    krit_p = Fraction(0)
    treffer0 = Fraction(0)
    for (a, pa), (b, pb), (c, pc), (w, pw) in itertools.product(e4.items(), e4.items(), e4.items(), e6.items()):
        einsen = [a, b, c].count(1)
        krit = w == 1 and (einsen == 3 if alle else einsen >= 2)
        wuerfel = sorted([a, b, c], reverse=True)
        if w > wuerfel[-1]:
            wuerfel[-1] = w
        p = pa * pb * pc * pw
        if krit:
            krit_p += p
        if krit or not any(x >= 4 for x in wuerfel):
            treffer0 += p
    m = mehrfach_chancen("W4", 3, True, 0, 4, kritisch_alle=alle)
    assert m.get((0, 0), 0.0) == pytest.approx(float(treffer0), abs=1e-9)
    assert math.fsum(m.values()) == pytest.approx(1, abs=1e-11)
    if alle:
        assert float(krit_p) == pytest.approx(Fraction(1, 4**3 * 6), abs=1e-12)


def test_schadens_chancen_joker_ist_plus_zwei():
    mit = sw.schadens_chancen("2W6", 8, joker=True)
    plus = sw.schadens_chancen("2W6", 8, modifikator=2)
    assert mit == plus
    assert mit.keine_wirkung < sw.schadens_chancen("2W6", 8).keine_wirkung


def test_treffer_je_ziel_gegen_aufzaehlung_blitzhieb_zwei_paraden():
    """Blitzhieb auf zwei Gegner (Parade 7 und 5), W8 mit Wildcard-Würfel, −2: bestes Ergebnis
    auf das erste Ziel – unabhängig aufgezählt."""
    from gm_helfer.savage_worlds.chancen import treffer_je_ziel

    e8 = {k: v for k, v in explodierend(8).items() if k <= 40}
    e8[41] = 1 - sum(e8.values())
    e6 = {k: v for k, v in explodierend(6).items() if k <= 40}
    e6[41] = 1 - sum(e6.values())
    erwartet = {"A": {}, "B": {}}
    for (a, pa), (b, pb), (w, pw) in itertools.product(e8.items(), e8.items(), e6.items()):
        einsen = [a, b].count(1)
        krit = w == 1 and einsen >= 1
        wuerfel = sorted([a, b], reverse=True)
        if w > wuerfel[-1]:
            wuerfel[-1] = w
            wuerfel.sort(reverse=True)
        for (ziel, mw), x in zip((("A", 7), ("B", 5)), wuerfel):
            g = x - 2
            t = 0 if krit else int(g >= mw)
            s_ = 0 if krit else int(g >= mw + 4)
            erwartet[ziel][(t, s_)] = erwartet[ziel].get((t, s_), 0) + pa * pb * pw
    r = treffer_je_ziel("W8", ["A", "B"], [7, 5], True, -2)
    for ziel in ("A", "B"):
        for k_, p in erwartet[ziel].items():
            assert r[ziel].get(k_, 0.0) == pytest.approx(float(p), abs=1e-9), (ziel, k_)
        assert math.fsum(r[ziel].values()) == pytest.approx(1, abs=1e-11)


def test_treffer_je_ziel_summiert_zur_feuerrate():
    from gm_helfer.savage_worlds.chancen import treffer_je_ziel

    r = treffer_je_ziel("W8", ["A", "B", "B"], [4, 4, 4], True, -1)
    m = mehrfach_chancen("W8", 3, True, -1, 4)
    erwartete_treffer = math.fsum(t * p for (t, _), p in m.items())
    aufgeteilt = math.fsum(t * p for d in r.values() for (t, _), p in d.items())
    assert aufgeteilt == pytest.approx(erwartete_treffer, abs=1e-11)
    # das erste Ziel bekommt das beste Ergebnis: mindestens so oft getroffen wie ein einzelner Würfel
    einzeln = sw.probe_chancen("W8", True, -1).erfolg
    assert math.fsum(p for (t, _), p in r["A"].items() if t) >= einzeln - 1e-12


@pytest.mark.parametrize("wuerfel, mod, heilen, runden", [("W6", -3, "W8", 6), ("W10", -1, "W4", 4)])
def test_ausbluten_mit_hilfe_markov_kette_alle_runden(wuerfel, mod, heilen, runden):
    """Mit Helfer: vor jeder Ausbluten-Probe ein Heilen-Versuch (Erfolg stoppt die Blutung) –
    Runde für Runde von Hand, aus unabhängig aufgezählten Einzelchancen."""
    seiten = int(wuerfel[1:])
    erfolg, steig, krit = einzelprobe(seiten, 0, True, mod, 4)
    p_tod = float(1 - erfolg)  # Fehlschlag inkl. kritischem Fehlschlag
    p_weiter = float(erfolg - steig)
    h_erfolg, _, _ = einzelprobe(int(heilen[1:]), 0, True, 0, 4)
    h = float(h_erfolg)
    lebt, tot, erwartet = 1.0, 0.0, []
    for _ in range(runden):
        lebt *= 1 - h
        tot += lebt * p_tod
        lebt *= p_weiter
        erwartet.append(tot)
    c = sw.ausbluten_chancen(wuerfel, mod, runden, heilen=heilen)
    assert c.tod_bis_runde == pytest.approx(tuple(erwartet), abs=1e-10)
    assert c.tod_insgesamt == pytest.approx((1 - h) * p_tod / (1 - (1 - h) * p_weiter), abs=1e-10)
    # Probe jetzt fällig (vor den Karten): der erste Heilversuch kommt erst nach ihr
    lebt, tot, erwartet = 1.0, 0.0, []
    for runde in range(runden):
        if runde:
            lebt *= 1 - h
        tot += lebt * p_tod
        lebt *= p_weiter
        erwartet.append(tot)
    spaet = sw.ausbluten_chancen(wuerfel, mod, runden, heilen=heilen, heilen_zuerst=False)
    assert spaet.tod_bis_runde == pytest.approx(tuple(erwartet), abs=1e-10)
    # unendliche Reihe: erste Probe ohne Hilfe, danach je Runde Heilversuch und Probe
    reihe = p_tod + p_weiter * math.fsum(((1 - h) * p_weiter) ** n * (1 - h) * p_tod for n in range(2000))
    assert spaet.tod_insgesamt == pytest.approx(reihe, abs=1e-10)


def test_getroffen_je_ziel_und_standard_mindestwurf():
    from gm_helfer.savage_worlds.chancen import getroffen_je_ziel, treffer_je_ziel

    je = treffer_je_ziel("W6", ("A", "B"), None, True, -2)
    assert je == treffer_je_ziel("W6", ("A", "B"), (4, 4), True, -2)
    g = getroffen_je_ziel(je)
    assert g["A: getroffen"] == pytest.approx(math.fsum(p for (t, _), p in je["A"].items() if t), abs=1e-15)
    assert g["B: mit Steigerung"] <= g["B: getroffen"] <= g["A: getroffen"]
