"""Deutsch, wo der Spielleiter hinsieht (Savage Worlds): Protokolltexte mit echtem Minus, ganzen
Sätzen und den Folgen eines Treffers."""

from __future__ import annotations

import sys
from pathlib import Path

from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.kampf import anwenden
from gm_helfer.savage_worlds.proben import Eigenschaft as E
from gm_helfer.savage_worlds.proben import wuerfle_probe

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sw_kaempfer import aufrufen, bandit, baron, held  # noqa: E402


def _runde(*kaempfer, karten):
    z = k.kampf_beginnen(list(kaempfer))
    z = anwenden(z, k.ereignis_runde(z))
    return anwenden(z, k.ereignis_karten(z, eingetippt=karten))


def test_modifikator_mit_echtem_minus():
    """Issue 23: „Mod -3“ mit Bindestrich neben „−“ anderswo."""
    probe = wuerfle_probe(E(8), wildcard=True, modifikator=-3, augen="5, 2")
    assert ", Mod −3" in probe.beschreibung() and "Mod -3" not in probe.beschreibung()
    assert ", Mod +2" in wuerfle_probe(E(8), wildcard=True, modifikator=2, augen="5, 2").beschreibung()


def test_statist_mit_wunde_ist_ausser_gefecht_im_protokoll():
    """„Statisten sind bei der ersten Wunde aus dem Spiel“ – der Schadenstext sagt es
    („1 Wunde“ allein sagte es nie)."""
    z = _runde(held(), bandit(1), karten={"Alrik": ["A♠"], "Banditen": ["2♣"]})
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Bandit 1", "Langschwert", augen="9, 2"))
    e = k.ereignis_schaden(z, augen="8, 3, 1")  # 12 gegen Robustheit 5: Steigerung → 1 Wunde
    assert e.text.endswith("1 Wunde – außer Gefecht"), e.text
    assert not anwenden(z, e).kaempfer_namens("Bandit 1").kampffaehig


def test_wildcard_ueber_drei_wunden_heisst_ausser_gefecht_wenn_nicht_weggesteckt():
    z = _runde(held(), baron(), karten={"Baron": ["A♠"], "Alrik": ["2♣"]})
    z = aufrufen(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="10+6, 1"))
    e = k.ereignis_schaden(z, augen="10+10+3, 8+2, 6+5")
    assert "außer Gefecht, wenn nicht weggesteckt" in e.text, e.text


def _eine_wunde_offen():
    z = _runde(held(), baron(), karten={"Baron": ["A♠"], "Alrik": ["2♣"]})
    z = aufrufen(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    return anwenden(z, k.ereignis_schaden(z, augen="6, 4"))  # 10 gegen 6: 1 Wunde


def test_wegstecken_einer_wunde_ohne_1_von_1_wunden():
    """Issue 23: „1 von 1 Wunden“."""
    z = _eine_wunde_offen()
    assert z.offener_schaden.wunden == 1
    weg = k.ereignis_wegstecken(z, "Alrik", augen="5, 2")
    assert weg.text.endswith("die Wunde ist weg") and "von 1 Wunden" not in weg.text
    bleibt = k.ereignis_wegstecken(z, "Alrik", augen="2, 1")
    assert bleibt.text.endswith("die Wunde bleibt")


def test_nach_dem_wegstecken_heisst_der_verzicht_ergebnis_behalten():
    """Issue 23: nach einer Wegstecken-Probe loggte „Nicht wegstecken“ „steckt den Schaden nicht
    weg“, obwohl eine Wunde weggesteckt war – wie die anderen Wiederholungen: „Ergebnis behalten“."""
    z = _runde(held(), baron(), karten={"Baron": ["A♠"], "Alrik": ["2♣"]})
    z = aufrufen(z, "Baron")
    z = anwenden(z, k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    z = anwenden(z, k.ereignis_schaden(z, augen="10+6, 2"))  # 18 gegen 6: 3 Wunden
    assert z.offener_schaden.verzicht_knopf == "Nicht wegstecken"
    assert k.ereignis_verzicht(z, "Alrik").text == "Alrik steckt den Schaden nicht weg"
    z = anwenden(z, k.ereignis_wegstecken(z, "Alrik", augen="4, 2"))  # Erfolg: 1 Wunde weg
    assert z.offener_schaden.verzicht_knopf == "Ergebnis behalten"
    text = k.ereignis_verzicht(z, "Alrik").text
    assert text == "Alrik behält das Ergebnis des Wegsteckens (1 von 3 Wunden weg)", text


def test_vorgabeziel_ist_der_gegner_mit_der_besten_ausschaltchance():
    """Issue 23, Punkt 5: „The default target is the foe the actor is most likely to take out this
    action (from the exact odds), and the target list shows that chance beside each name; ties by
    the side's tactic.“ Ein schon verwundeter Baron gegen frische Banditen: die Statisten fallen bei
    der ersten Wunde, der Baron erst nach der vierten."""
    import time

    from gm_helfer.savage_worlds import vorschau
    from gm_helfer.savage_worlds.tisch import zug as swzug

    z = _runde(held(), baron(), bandit(1), bandit(2), karten={"Alrik": ["A♠"], "Baron": ["2♣"], "Banditen": ["3♣"]})
    z = aufrufen(z, "Alrik")
    vorschau.angriff_vorschau(z, "Alrik", "Bandit 1", "Langschwert")  # rechnet das Panel ohnehin (ein Ziel)
    t0 = time.perf_counter()
    chancen = swzug.ausschalt_chancen(z, "Alrik", "Langschwert")
    dauer = time.perf_counter() - t0
    for ziel, p in chancen.items():
        assert p == vorschau.angriff_vorschau(z, "Alrik", ziel, "Langschwert")["Außer Gefecht"]
    assert set(chancen) == {"Baron", "Bandit 1", "Bandit 2"}
    optionen, vorgabe = swzug.ziel_optionen(z, "Alrik", "Langschwert")
    assert vorgabe == "Bandit 1"  # Gleichstand der Banditen: Taktik „schwaechster“, dann Bogenreihenfolge
    assert chancen["Bandit 1"] == chancen["Bandit 2"] > chancen["Baron"]
    erste = next(iter(optionen))
    assert erste.startswith("Bandit 1 – ") and erste.endswith("% außer Gefecht") and optionen[erste] == "Bandit 1"
    assert swzug.ausschalt_chancen(z, "Alrik", "Langschwert") is chancen  # gemerkt: derselbe Zustand rechnet nicht neu
    assert dauer < 2.0, dauer  # gemessen ~0,1–0,2 s kalt für acht Gegner; hier nur eine grobe Schranke (belastete Maschine)


def test_gemerkte_schadenschancen_gleich_der_rechnung():
    """Der Merker von ``schadens_chancen`` ändert nichts am Ergebnis (schnell = schlicht)."""
    from gm_helfer.savage_worlds import chancen as swc

    for args in (("W12+W8", 9, False), ("W12+W8", 5, True), ("2W6+1", 6, False)):
        gemerkt = swc.schadens_chancen(*args, angeschlagen=True)
        frisch = swc._schadens_chancen.__wrapped__(args[0], args[1], args[2], 0, True, False)
        assert gemerkt == frisch and swc.schadens_chancen(*args, angeschlagen=True) is gemerkt


def test_wuerfelfelder_zeigen_ein_vollstaendiges_beispiel_fuer_diesen_wurf():
    """Issue 23: „placeholders show a correct, complete example for the roll at hand“ – ein
    Wildcard wirft zwei Würfel, ein Statist einen; das Beispiel lässt sich so eintippen."""
    from gm_helfer.savage_worlds.tisch import zug as swzug

    z = _runde(held(), bandit(1), karten={"Alrik": ["A♠"], "Banditen": ["2♣"]})
    angriff, schaden = swzug.wurf_beispiele(z, "Alrik", "Bandit 1", "Langschwert")
    assert angriff == "z. B. 7, 5 (1W10!+W6!)", angriff
    assert schaden.startswith("z. B. 7, 5 (") and "Steigerung" in schaden
    statist, _ = swzug.wurf_beispiele(z, "Bandit 1", "Alrik", "Kurzschwert")
    assert statist == "z. B. 2 (1W6!)", statist
    assert k.ereignis_angriff(z, "Alrik", "Bandit 1", "Langschwert", augen="7, 5").eingetippt
