"""Der Ablauf einer Sitzung (Issue „The flow of a session“): Schritte, Reihenfolge, offene
Entscheidungen, Bericht – je Test der Regelsatz oder die Reproduktion aus dem Issue."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gm_helfer import bericht
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sw_kaempfer import bandit, baron, held  # noqa: E402


def _verlauf(kaempfer, karten, datei=None):
    z = k.kampf_beginnen(kaempfer)
    v = Verlauf(z, k.anwenden, datei=datei, system="savage_worlds", kopf=k.kopf(z))
    v.ausfuehren(k.ereignis_runde(v.zustand))
    v.ausfuehren(k.ereignis_karten(v.zustand, eingetippt=karten))
    v.ausfuehren(k.ereignis_am_zug(v.zustand))
    return v


def test_bericht_wegstecken_nimmt_fiel_aus_zurueck(tmp_path):
    """Issue: „The session report says ‚Brakka fiel aus (Runde 1)‘ although he soaked back to three
    wounds in round 1 and went down in round 3.“ – „a soak that brings a Wild Card back removes
    ‚fiel aus‘“."""
    datei = tmp_path / "k.jsonl"
    v = _verlauf([held(), baron()], {"Baron": ["A♠"], "Alrik": ["2♣"]}, datei)
    v.ausfuehren(k.ereignis_angriff(v.zustand, "Baron", "Alrik", "Langschwert", augen="10+6, 1"))
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="10+10+3, 8+2, 6+5"))
    assert not v.zustand.kaempfer_namens("Alrik").kampffaehig  # mehr als drei Wunden: die Probe steht aus
    v.ausfuehren(k.ereignis_wegstecken(v.zustand, "Alrik", augen="8+8+8+8+8+2, 3"))
    assert v.zustand.kaempfer_namens("Alrik").kampffaehig
    v.schliessen()
    b = bericht.lesen(datei)
    assert b.ausfaelle == ()
    assert "Niemand fiel aus" in bericht.markdown(b)


def _soeldner(i):
    from gm_helfer.savage_worlds.daten import WAFFEN
    from gm_helfer.savage_worlds.kampf import Kaempfer
    from gm_helfer.savage_worlds.proben import Eigenschaft as E

    return Kaempfer(f"Söldner {i}", "Helden", False, verbuendet_mit="Alrik", attribute=(("staerke", E(6)),),
                    fertigkeiten=(("kaempfen", E(6)),), parade=5, robustheit=5, waffen=(WAFFEN["Kurzschwert"],))


def test_verbuendete_statisten_handeln_auf_der_karte_auch_wenn_der_wildcard_angeschlagen_ist():
    """„Alle verbündeten Statisten unter der Kontrolle des jeweiligen Spielers handeln auf seiner
    Aktionskarte.“ – Issue: „Allied Extras who share a Wild Card's card (Brakka's Söldner) never act
    when he is Shaken and the GM presses ‚Zug beenden, nächste Karte‘: the whole card ends.“"""
    from gm_helfer.savage_worlds import zug

    v = _verlauf([held(angeschlagen=True), _soeldner(1), _soeldner(2), baron()], {"Alrik": ["A♠"], "Baron": ["2♣"]})
    assert v.zustand.am_zug == "Alrik" and zug.am_zug(v.zustand) == "Alrik"
    assert zug.noch_auf_der_karte(v.zustand) == ["Alrik", "Söldner 1", "Söldner 2"]
    v.ausfuehren(k.ereignis_erholung(v.zustand, "Alrik", augen="2, 1"))  # misslingt: bleibt Angeschlagen
    zug.zug_beenden(v)
    assert v.zustand.am_zug == "Alrik" and zug.am_zug(v.zustand) == "Söldner 1"
    assert zug.noch_auf_der_karte(v.zustand) == ["Söldner 1", "Söldner 2"]
    zug.angreifen(v, "Söldner 1", "Baron", "Kurzschwert", augen="1", schaden_augen="1, 1")  # daneben
    assert zug.am_zug(v.zustand) == "Söldner 2"
    zug.zug_beenden(v)  # der letzte auf der Karte: die Karte ist ausgespielt, der Baron ist dran
    assert v.zustand.am_zug == "Baron" and "Alrik" in v.zustand.gehandelt


def test_statistengruppe_zug_beenden_geht_zum_naechsten_mitglied():
    """„Jede Gruppe von gleichartigen Spielleiter-Charakteren … erhält eine Aktionskarte für die
    gesamte Gruppe“ – jedes Mitglied handelt auf ihr; „Zug beenden“ eines Mitglieds übergeht keins."""
    from gm_helfer.savage_worlds import zug

    v = _verlauf([held(), bandit(1), bandit(2)], {"Banditen": ["K♠"], "Alrik": ["2♣"]})
    assert zug.am_zug(v.zustand) == "Bandit 1"
    zug.zug_beenden(v)
    assert zug.am_zug(v.zustand) == "Bandit 2" and v.zustand.am_zug == "Banditen"
    v.rueckgaengig()
    assert zug.am_zug(v.zustand) == "Bandit 1"


def test_herunterzaehlen_vom_ass_zur_zwei():
    """„Sobald die Karten ausgeteilt sind, zählt der Spielleiter vom Ass zur Zwei herunter“ – Issue:
    „a 2♣ can be called before an A♠ that is not holding“."""
    z = k.kampf_beginnen([held(), baron()])
    z = k.anwenden(z, k.ereignis_runde(z))
    z = k.anwenden(z, k.ereignis_karten(z, eingetippt={"Baron": ["A♠"], "Alrik": ["2♣"]}))
    with pytest.raises(k.KampfFehler, match="Vom Ass zur Zwei: erst Baron"):
        k.anwenden(z, k.ereignis_am_zug(z, "Alrik"))
    # der Übergangene wartet ab (ein Klick, im Protokoll) – dann darf die Zwei
    gewartet = k.anwenden(z, k.ereignis_abwarten(z, "Baron"))
    assert k.anwenden(gewartet, k.ereignis_am_zug(gewartet, "Alrik")).am_zug == "Alrik"


def test_neue_runde_erst_wenn_jeder_gehandelt_hat_oder_verzichtet():
    """Issue: „‚Neue Runde‘ works while someone has not acted (he loses card and action)“ – refused,
    naming them, unless the GM marks them as passing (logged „verzichtet“)."""
    from gm_helfer.savage_worlds import zug

    v = _verlauf([held(), baron()], {"Baron": ["A♠"], "Alrik": ["2♣"]})
    zug.zug_beenden(v)  # Baron fertig, Alrik an der Reihe
    with pytest.raises(k.KampfFehler, match="Alrik hat in dieser Runde noch nicht gehandelt"):
        v.ausfuehren(k.ereignis_runde(v.zustand))
    assert not zug.naechste_runde_moeglich(v.zustand).erlaubt
    zeilen = zug.verzichten(v)
    assert "Alrik verzichtet" in zeilen[0]
    assert zug.naechste_runde_moeglich(v.zustand).erlaubt
    v.ausfuehren(k.ereignis_runde(v.zustand))


def test_treffer_ohne_schaden_verfaellt_nicht():
    """Issue: „a new round silently throws away a hit whose damage was not rolled“ – refused with a
    German reason naming who and what."""
    v = _verlauf([held(), baron()], {"Baron": ["A♠"], "Alrik": ["2♣"]})
    v.ausfuehren(k.ereignis_angriff(v.zustand, "Baron", "Alrik", "Langschwert", augen="9, 2"))
    for ereignis in (k.ereignis_fertig, k.ereignis_passen):
        with pytest.raises(k.KampfFehler, match="Erst den Schaden würfeln \\(Baron trifft Alrik\\)"):
            v.ausfuehren(ereignis(v.zustand))


@pytest.mark.parametrize("zuerst", ["wegstecken", "ausser_gefecht"])
def test_wegstecken_vor_der_ausser_gefecht_probe_in_beiden_reihenfolgen(zuerst):
    """„Soaking happens before incapacitation is checked“; Issue: „taking the Außer-Gefecht roll first
    makes the soak disappear, with nothing in the log“ – the AG roll waits until the soak is taken
    or declined; the next damage roll waits until the earlier hit is settled."""
    v = _verlauf([held(), baron()], {"Baron": ["A♠"], "Alrik": ["2♣"]})
    v.ausfuehren(k.ereignis_angriff(v.zustand, "Baron", "Alrik", "Langschwert", augen="10+6, 1"))
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="10+10+3, 8+2, 6+5"))
    assert v.zustand.kaempfer_namens("Alrik").ag_probe_offen and k.wegstecken_offen(v.zustand) == "Alrik"
    if zuerst == "ausser_gefecht":
        with pytest.raises(k.KampfFehler, match="Erst entscheidet Alrik, ob er den Schaden wegsteckt"):
            v.ausfuehren(k.ereignis_ausser_gefecht(v.zustand, "Alrik", augen="7, 2", verletzung_augen="6, 6, 1"))
        assert k.wegstecken_offen(v.zustand) == "Alrik"  # das Wegstecken ist nicht verschwunden
        v.ausfuehren(k.ereignis_verzicht(v.zustand, "Alrik"))  # abgelehnt – und das steht im Protokoll
        assert v.ereignisse[-1].art == "verzicht"
        v.ausfuehren(k.ereignis_ausser_gefecht(v.zustand, "Alrik", augen="7, 2", verletzung_augen="6, 6, 1"))
        assert not v.zustand.kaempfer_namens("Alrik").kampffaehig
    else:
        v.ausfuehren(k.ereignis_wegstecken(v.zustand, "Alrik", augen="8+8+8+8+8+2, 3"))
        a = v.zustand.kaempfer_namens("Alrik")
        assert a.kampffaehig and not a.ag_probe_offen  # alles weggesteckt: keine Probe mehr


def test_naechster_schaden_wartet_bis_das_wegstecken_entschieden_ist():
    """„Wickele jeden Schadenswurf (einschließlich Schaden wegstecken) separat ab, bevor du zum
    nächsten übergehst.“ – Issue: „Rolling the next hit's damage while an earlier hit's soak is open
    also drops that soak.“"""
    from gm_helfer.savage_worlds.daten import WAFFEN

    mp = WAFFEN["Maschinenpistole"]
    v = _verlauf([baron(), held(waffen=(mp,))], {"Alrik": ["A♠"], "Baron": ["2♣"]})
    v.ausfuehren(k.ereignis_angriff(v.zustand, "Alrik", "Baron", "Maschinenpistole", augen="6, 6, 6, 2"))
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="5, 5"))  # 10 gegen 9: Angeschlagen (keine Wunde)
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="5, 5"))  # Angeschlagen auf Angeschlagen: eine Wunde
    assert k.wegstecken_offen(v.zustand) == "Baron"
    with pytest.raises(k.KampfFehler, match="Erst Baron: Schaden wegstecken"):
        v.ausfuehren(k.ereignis_schaden(v.zustand, augen="5, 5"))
    v.ausfuehren(k.ereignis_verzicht(v.zustand, "Baron"))
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="5, 5"))
