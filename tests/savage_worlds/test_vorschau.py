"""Chancen aus dem laufenden Kampf: stimmen mit den öffentlichen Chancenfunktionen überein."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from gm_helfer import savage_worlds as sw
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import vorschau
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Angriffssituation, Kaempfer, Treffer
from gm_helfer.savage_worlds.proben import Eigenschaft as E


def _kampf(**ziel_extra):
    held = Kaempfer("Alrik", "Helden", True, attribute=(("staerke", E(12)), ("konstitution", E(8)), ("willenskraft", E(6)),
                                                        ("geschicklichkeit", E(8))),
                    fertigkeiten=(("kaempfen", E(10)), ("heilen", E(8))), parade=7, robustheit=6, waffen=(WAFFEN["Langschwert"],),
                    bennies=3)
    baron = Kaempfer("Baron", "Schurken", True, attribute=(("konstitution", E(8)), ("geschicklichkeit", E(6))), parade=8,
                     robustheit=9, **ziel_extra)
    bandit = Kaempfer("Bandit", "Schurken", False, parade=5, robustheit=5)
    z = k.kampf_beginnen([held, baron, bandit])
    z = k.anwenden(z, k.ereignis_runde(z))
    return k.anwenden(z, k.ereignis_karten(z, eingetippt={"Alrik": ["K♠"], "Baron": ["2♣"], "Bandit": ["3♣"]}))


def test_angriff_vorschau_setzt_sich_aus_probe_und_schaden_zusammen():
    z = _kampf()
    a = vorschau.angriff_vorschau(z, "Alrik", "Baron", "Langschwert")
    p = sw.probe_chancen("W10", True, 0, 8)
    ohne = sw.schadens_chancen("W12+W8", 9)
    mit = sw.schadens_chancen("W12+W8+W6", 9)
    assert a["verfehlt"] == pytest.approx(1 - p.erfolg, abs=1e-12)
    erwartet = (p.erfolg - p.steigerung) * ohne.angeschlagen + p.steigerung * mit.angeschlagen
    assert a["Angeschlagen"] == pytest.approx(erwartet, abs=1e-12)
    erwartet_ag = (p.erfolg - p.steigerung) * ohne.wunden[4] + p.steigerung * mit.wunden[4]
    assert a["Außer Gefecht"] == pytest.approx(erwartet_ag, abs=1e-12)
    assert math.fsum(a.values()) == pytest.approx(1, abs=1e-11)


def test_angriff_vorschau_zaehlt_wunden_die_schon_da_sind():
    z = _kampf(wunden=2)
    a = vorschau.angriff_vorschau(z, "Alrik", "Baron", "Langschwert")
    assert a["2 Wunden"] == 0 and a["3 Wunden"] == 0
    assert a["1 Wunde"] > 0


def test_statist_hat_nur_keine_wirkung_angeschlagen_oder_raus():
    z = _kampf()
    a = vorschau.angriff_vorschau(z, "Alrik", "Bandit", "Langschwert")
    assert set(a) == {"verfehlt", "keine Wirkung", "Angeschlagen", "Außer Gefecht"}
    assert math.fsum(a.values()) == pytest.approx(1, abs=1e-11)


def test_treffer_vorschau_mit_modifikatoren_und_feuerrate():
    z = _kampf()
    t = vorschau.treffer_vorschau(z, "Alrik", "Baron", "Langschwert", Angriffssituation(aktionen=2))
    assert t == pytest.approx(sw.probe_ergebnisse("W10", True, -2, 8))
    z2 = k._ersetze(z, replace(z.kaempfer_namens("Alrik"), waffen=(WAFFEN["Maschinenpistole"],),
                               fertigkeiten=(("schiessen", E(8)),)))
    t2 = vorschau.treffer_vorschau(z2, "Alrik", "Baron", "Maschinenpistole")
    m = sw.mehrfach_chancen("W8", 3, True, 0, 4)
    assert t2["Fehlschlag"] == pytest.approx(m[(0, 0)], abs=1e-12)


def test_weitere_vorschauen():
    z = _kampf(angeschlagen=True, wunden=1)
    z = k._ersetze(z, replace(z.kaempfer_namens("Baron"), blutet=True))  # blutet seit dieser Runde
    assert vorschau.erholung_vorschau(z, "Baron") == pytest.approx(sw.erholung_chancen("W4", -1))
    assert vorschau.ausser_gefecht_vorschau(z, "Baron") == sw.ausser_gefecht_chancen("W8", -1)
    ohne = vorschau.ausbluten_vorschau(z, "Baron")
    mit = vorschau.ausbluten_vorschau(z, "Baron", helfer="Alrik")
    assert mit.tod_insgesamt < ohne.tod_insgesamt
    u = vorschau.unterbrechen_vorschau(z, "Alrik", "Baron")
    assert u == pytest.approx(sw.unterbrechen_chancen("W8", "W6", gegner_modifikator=-1))
    s = vorschau.schaden_stufen(z, Treffer("Alrik", "Baron", "Langschwert", False, False))
    assert math.fsum(s.values()) == pytest.approx(1, abs=1e-11)
    assert vorschau.wegstecken_vorschau(z, "Baron") is None


def test_ziele_vorschau_feuerrate_auf_zwei_ziele():
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds.chancen import treffer_je_ziel
    from gm_helfer.savage_worlds.daten import WAFFEN as W
    from gm_helfer.savage_worlds.kampf import Kaempfer, anwenden, kampf_beginnen

    mira = Kaempfer("Mira", "Helden", True, fertigkeiten=(("schiessen", E(8)),), waffen=(W["Maschinenpistole"],))
    a = Kaempfer("A", "Schurken", False, gruppe="G", parade=5)
    b = Kaempfer("B", "Schurken", False, gruppe="G", parade=6)
    z = kampf_beginnen([mira, a, b])
    z = anwenden(z, k.ereignis_runde(z))
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Mira": ["A♠"], "G": ["2♣"]}))
    v = vorschau.ziele_vorschau(z, "Mira", ["B", "A"], "Maschinenpistole", k.Angriffssituation(deckung="leicht"))
    direkt = treffer_je_ziel("W8", ["B", "A", "A"], [4, 4, 4], True, -1)
    assert v["B: getroffen"] == pytest.approx(sum(p for (t, _), p in direkt["B"].items() if t), abs=1e-12)
    assert v["A: mit Steigerung"] == pytest.approx(sum(p for (_, s), p in direkt["A"].items() if s), abs=1e-12)
    # B bekommt das beste Ergebnis, A nur das zweit- und drittbeste: B wird öfter getroffen
    assert v["B: getroffen"] > v["A: getroffen"]


def test_mehrere_treffer_mit_einem_wuerfel_wie_ein_angriff():
    """Mit nur einem Würfel ist die Kette der Schadenswürfe genau der Einzelangriff."""
    z = _kampf(wunden=1)
    einzeln = vorschau.angriff_vorschau(z, "Alrik", "Baron", "Langschwert")
    p = sw.probe_ergebnisse("W10", True, 0, 8)
    kette = vorschau.mehrere_treffer_wirkung(
        z, "Alrik", "Baron", "Langschwert",
        {(0, 0): p["Kritischer Fehlschlag"] + p["Fehlschlag"], (1, 0): p["Erfolg"], (1, 1): p["Steigerung"]},
    )
    assert kette == pytest.approx(einzeln, abs=1e-12)


def test_zwei_treffer_auf_einen_statisten_zweites_angeschlagen_wirft_ihn_raus():
    """Zwei Treffer ohne Steigerung auf einen Statisten (unabhängig von Hand): er ist raus, wenn
    ein Wurf eine Wunde macht oder beide ihn Angeschlagen machen (Angeschlagen auf Angeschlagen)."""
    z = _kampf()
    frisch = sw.schadens_chancen("W12+W8", 5)
    schon = sw.schadens_chancen("W12+W8", 5, angeschlagen=True)
    w1 = frisch.mindestens_eine_wunde
    raus = w1 + frisch.angeschlagen * schon.mindestens_eine_wunde + frisch.keine_wirkung * w1
    nur_angeschlagen = frisch.angeschlagen * schon.keine_wirkung + frisch.keine_wirkung * frisch.angeschlagen
    r = vorschau.mehrere_treffer_wirkung(z, "Alrik", "Bandit", "Langschwert", {(2, 0): 1.0})
    assert r["Außer Gefecht"] == pytest.approx(raus, abs=1e-12)
    assert r["Angeschlagen"] == pytest.approx(nur_angeschlagen, abs=1e-12)
    assert r["keine Wirkung"] == pytest.approx(frisch.keine_wirkung ** 2, abs=1e-12)
    assert math.fsum(r.values()) == pytest.approx(1, abs=1e-12)


def test_angriff_vorschau_feuerrate_summiert_zu_eins_und_mehr_treffer_mehr_wirkung():
    z = _kampf()
    z = k._ersetze(z, replace(z.kaempfer_namens("Alrik"), waffen=(WAFFEN["Maschinenpistole"],),
                              fertigkeiten=(("schiessen", E(8)),)))
    a = vorschau.angriff_vorschau(z, "Alrik", "Baron", "Maschinenpistole")
    assert math.fsum(a.values()) == pytest.approx(1, abs=1e-11)
    m = sw.mehrfach_chancen("W8", 3, True, 0, 4)
    assert a["verfehlt"] == pytest.approx(m[(0, 0)], abs=1e-12)
    eins = vorschau.mehrere_treffer_wirkung(z, "Alrik", "Baron", "Maschinenpistole", {(1, 0): 1.0})
    drei = vorschau.mehrere_treffer_wirkung(z, "Alrik", "Baron", "Maschinenpistole", {(3, 0): 1.0})
    assert drei["keine Wirkung"] < eins["keine Wirkung"]


def test_ziele_wirkung_je_ziel_aus_seinen_treffern():
    from gm_helfer.savage_worlds.chancen import treffer_je_ziel

    z = _kampf()
    z = k._ersetze(z, replace(z.kaempfer_namens("Alrik"), waffen=(WAFFEN["Maschinenpistole"],),
                              fertigkeiten=(("schiessen", E(8)),)))
    w = vorschau.ziele_wirkung(z, "Alrik", ["Baron", "Bandit"], "Maschinenpistole")
    je = treffer_je_ziel("W8", ["Baron", "Bandit", "Bandit"], None, True, 0)
    assert w["Baron"] == pytest.approx(vorschau.mehrere_treffer_wirkung(z, "Alrik", "Baron", "Maschinenpistole", je["Baron"]),
                                       abs=1e-12)
    assert set(w["Bandit"]) == {"verfehlt", "keine Wirkung", "Angeschlagen", "Außer Gefecht"}
    for stufen in w.values():
        assert math.fsum(stufen.values()) == pytest.approx(1, abs=1e-11)
