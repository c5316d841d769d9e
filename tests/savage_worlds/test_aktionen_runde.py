"""Aktionen einer Runde: Mehrfachaktionen, Feuerrate auf mehrere Ziele, Bewegung, Springen,
Waffen bereitmachen – Regeltext „Aktionen“, „Mehrfachaktionen“, „Bewegung“, „Fernkampfangriffe“."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Angriffssituation, Kaempfer, KampfFehler, anwenden, kampf_beginnen
from gm_helfer.savage_worlds.proben import Eigenschaft as E


def schuetzin(**extra):
    werte = dict(
        attribute=(("staerke", E(6)), ("geschicklichkeit", E(8)), ("konstitution", E(6)), ("willenskraft", E(6))),
        fertigkeiten=(("kaempfen", E(6)), ("schiessen", E(10))),
        parade=5, robustheit=5,
        waffen=(WAFFEN["Maschinenpistole"], WAFFEN["Dolch"], WAFFEN["Kurzschwert"], WAFFEN["Gewehr"]),
        talente=frozenset({"blitzhieb"}), bennies=2,
    )
    werte.update(extra)
    return Kaempfer("Mira", "Helden", True, **werte)


def bandit(i, parade=5):
    return Kaempfer(f"Bandit {i}", "Schurken", False, gruppe="Banditen",
                    attribute=(("staerke", E(6)),), fertigkeiten=(("kaempfen", E(6)),),
                    parade=parade, robustheit=5, waffen=(WAFFEN["Kurzschwert"],))


def am_zug(*extra_kaempfer, wunden=0):
    z = kampf_beginnen([schuetzin(wunden=wunden), bandit(1), bandit(2, parade=7), *extra_kaempfer])
    z = anwenden(z, k.ereignis_runde(z))
    z = anwenden(z, k.ereignis_karten(z, eingetippt={"Mira": ["A♠"], "Banditen": ["2♣"]}))
    return anwenden(z, k.ereignis_am_zug(z, "Mira"))


# -- Feuerrate auf mehrere Ziele ----------------------------------------------------------------


def test_feuerrate_auf_mehrere_ziele_bestes_ergebnis_aufs_erste_ziel():
    """„Diese Angriffe müssen alle gleichzeitig erfolgen, können aber auf unterschiedliche Ziele
    erfolgen.“ Feuerrate 3, ein Wildcard-Würfel; das beste Ergebnis trifft das erste Ziel."""
    z = am_zug()
    e = k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", ziele=["Bandit 2", "Bandit 1"], augen="2, 9, 5, 1")
    # Würfel 2, 9, 5; Wildcard 1 fällt weg → 9 (Steigerung) auf Bandit 2, 5 (Erfolg) und 2 (Fehlschlag) auf Bandit 1
    assert e.daten["ziele"] == ["Bandit 2", "Bandit 1", "Bandit 1"]
    assert "Bandit 2 und Bandit 1" in e.text
    neu = anwenden(z, e)
    assert [(t.ziel, t.steigerung) for t in neu.offene_treffer] == [("Bandit 2", True), ("Bandit 1", False)]
    # Schaden je Treffer, in der Reihenfolge der Treffer
    neu = anwenden(neu, k.ereignis_schaden(neu, augen="6+1, 6+2, 3"))
    assert not neu.kaempfer_namens("Bandit 2").kampffaehig


def test_feuerrate_mehr_ziele_als_wuerfel_und_sich_selbst():
    z = am_zug()
    with pytest.raises(KampfFehler, match="3 Würfel"):
        k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", ziele=["Bandit 1", "Bandit 2", "Bandit 1", "Bandit 2"],
                           augen="2, 9, 5, 1")
    with pytest.raises(KampfFehler, match="selbst"):
        k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", ziele=["Mira"], augen="2, 9, 5, 1")
    with pytest.raises(KampfFehler, match="kämpft hier nicht"):
        k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", ziele=["Niemand"], augen="2, 9, 5, 1")


def test_blitzhieb_auf_zwei_gegner_je_gegen_dessen_parade():
    z = am_zug()
    lage = Angriffssituation(blitzhieb=True)
    # Kämpfen W6: zwei Würfel 7 (6+1) und 8 (6+2), Wildcard-Würfel 1 fällt weg; Blitzhieb −2 → 6 und 5
    e = k.ereignis_angriff(z, "Mira", "Bandit 2", "Kurzschwert", lage, ziele=["Bandit 2", "Bandit 1"], augen="6+1, 6+2, 1")
    neu = anwenden(z, e)
    # bestes Ergebnis (8−2 = 6) gegen Bandit 2 (Parade 7): verfehlt; 7−2 = 5 gegen Bandit 1 (Parade 5): trifft
    assert [t.ziel for t in neu.offene_treffer] == ["Bandit 1"]
    assert "Bandit 2: Fehlschlag; Bandit 1: Erfolg" in e.text


# -- Mehrfachaktionen --------------------------------------------------------------------------


def test_dieselbe_waffe_nur_einmal_pro_runde_feuerrate_ist_obergrenze():
    z = am_zug()
    z1 = anwenden(z, k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", Angriffssituation(aktionen=2),
                                        augen="2, 3, 2, 2"))
    with pytest.raises(KampfFehler, match="nicht zweimal"):
        anwenden(z1, k.ereignis_angriff(z1, "Mira", "Bandit 1", "Maschinenpistole", Angriffssituation(aktionen=2),
                                        augen="2, 3, 2, 2"))
    # eine andere Waffe ist eine andere Aktion (zwei angesagt)
    z2 = anwenden(z1, k.ereignis_angriff(z1, "Mira", "Bandit 1", "Dolch", Angriffssituation(aktionen=2), augen="2, 2"))
    # eine dritte Aktion lässt sich nicht hinten dranhängen
    with pytest.raises(KampfFehler, match="hinten dranhängen"):
        anwenden(z2, k.ereignis_angriff(z2, "Mira", "Bandit 1", "Kurzschwert", Angriffssituation(aktionen=2), augen="2, 2"))
    # die Zahl der Aktionen steht mit der ersten Aktion fest
    with pytest.raises(KampfFehler, match="festgelegt"):
        anwenden(z1, k.ereignis_angriff(z1, "Mira", "Bandit 1", "Dolch", Angriffssituation(aktionen=3), augen="2, 2"))


def test_eine_aktion_angesagt_dann_ist_schluss_und_neue_runde_setzt_zurueck():
    z = am_zug()
    z1 = anwenden(z, k.ereignis_angriff(z, "Mira", "Bandit 1", "Dolch", augen="2, 2"))
    with pytest.raises(KampfFehler, match="hinten dranhängen"):
        anwenden(z1, k.ereignis_sprint(z1, "Mira", augen="3"))
    z1 = anwenden(z1, k.ereignis_fertig(z1))
    z1 = anwenden(z1, k.ereignis_am_zug(z1, "Banditen"))
    z1 = anwenden(z1, k.ereignis_fertig(z1))
    r2 = anwenden(z1, k.ereignis_runde(z1))
    assert r2.aktionen_runde == () and r2.angesagt == () and r2.bewegung == () and r2.sprint == ()


def test_sprint_ist_eine_aktion_und_nur_einmal():
    z = am_zug()
    z1 = anwenden(z, k.ereignis_sprint(z, "Mira", aktionen=2, augen="4"))
    with pytest.raises(KampfFehler, match="nicht zweimal"):
        anwenden(z1, k.ereignis_sprint(z1, "Mira", aktionen=2, augen="4"))
    # Angriff mit −2 Mehrfachaktionsabzug bleibt erlaubt
    w = k.angriffs_werte(z1, "Mira", "Bandit 1", "Dolch", Angriffssituation(aktionen=2))
    assert ("Mehrfachaktionen", -2) in w["modifikatoren"]
    assert anwenden(z1, k.ereignis_angriff(z1, "Mira", "Bandit 1", "Dolch", Angriffssituation(aktionen=2), augen="2, 2"))


# -- Bewegung ---------------------------------------------------------------------------------


def test_bewegung_mit_wunden_gelaende_ducken_kriechen_aufstehen():
    z = am_zug(wunden=2)  # Bewegungsweite 6 − 2 = 4
    assert k.bewegung_uebrig(z, "Mira") == {"gehen": 4, "geduckt": 2, "kriechen": 2}
    z1 = anwenden(z, k.ereignis_bewegung(z, "Mira", 1, schwierig=True))  # zählt 2“
    assert k.bewegung_uebrig(z1, "Mira")["gehen"] == 2
    with pytest.raises(KampfFehler, match="zu weit"):
        anwenden(z1, k.ereignis_bewegung(z1, "Mira", 2, art="geduckt"))  # geduckt kostet doppelt: 4“ von 2“
    z2 = anwenden(z1, k.ereignis_bewegung(z1, "Mira", 1, art="geduckt"))
    assert k.bewegung_uebrig(z2, "Mira")["gehen"] == 0
    # Aufstehen kostet 2“
    z3 = anwenden(z, k.ereignis_bewegung(z, "Mira", 1, aufstehen=True))
    assert k.bewegung_uebrig(z3, "Mira")["gehen"] == 1
    # Kriechen: 2“ pro Runde
    z4 = anwenden(z, k.ereignis_bewegung(z, "Mira", 2, art="kriechen"))
    assert k.bewegung_uebrig(z4, "Mira")["kriechen"] == 0
    e = k.ereignis_bewegung(z, "Mira", 3)
    assert e.regel == "Savage Worlds › Bewegung" and "übrig 1“" in e.text
    with pytest.raises(KampfFehler, match="Bewegungsart"):
        k.ereignis_bewegung(z, "Mira", 1, art="fliegen")


def test_sprint_verlaengert_die_bewegung_und_nur_wer_dran_ist():
    z = am_zug()
    z1 = anwenden(z, k.ereignis_sprint(z, "Mira", augen="5"))
    assert k.bewegung_uebrig(z1, "Mira")["gehen"] == 11
    assert k.bewegung_uebrig(z1, "Mira")["geduckt"] == 5.5  # halbiert nach dem Sprintwürfel
    with pytest.raises(KampfFehler, match="nicht an der Reihe"):
        anwenden(z1, k.ereignis_bewegung(z1, "Bandit 1", 1))


def test_springen_mit_und_ohne_staerkeprobe_zaehlt_zur_bewegung():
    z = am_zug()
    e = k.ereignis_springen(z, "Mira", anlauf=True, staerkeprobe=True, augen="5, 2")
    assert "3“ weit" in e.text and e.regel == "Savage Worlds › Bewegung › Springen" and e.eingetippt
    z1 = anwenden(z, e)
    assert k.bewegung_uebrig(z1, "Mira")["gehen"] == 3
    assert "1“ weit" in k.ereignis_springen(z, "Mira", anlauf=False).text
    assert "1“ weit" in k.ereignis_springen(z, "Mira", anlauf=False, staerkeprobe=True, augen="3, 2").text
    voll = anwenden(z, k.ereignis_bewegung(z, "Mira", 5))
    with pytest.raises(KampfFehler, match="zu weit"):
        k.ereignis_springen(voll, "Mira", anlauf=True)


# -- Waffen bereitmachen -------------------------------------------------------------------------


def test_waffe_bereitmachen_schnell_unhandlich_mit_probe_und_in_ruhe_ganze_runde():
    z = am_zug()
    e = k.ereignis_bereitmachen(z, "Mira", "Gewehr", aktionen=2, augen="5, 2")
    # unhandlich: Geschicklichkeitsprobe mit −2 (es folgt noch ein Angriff)
    assert e.daten["probe"]["modifikator"] == -2 and "nicht bereit" in e.text
    assert e.regel == "Savage Worlds › Aktionen › Waffen bereitmachen"
    z1 = anwenden(z, e)
    assert ("Mira", "bereitmachen:Gewehr") in z1.aktionen_runde
    # Dolch schnell ziehen: keine Probe
    assert k.ereignis_bereitmachen(z, "Mira", "Dolch").daten["probe"] is None
    # in Ruhe: die ganze Runde, keine weitere Aktion
    ruhig = anwenden(z, k.ereignis_bereitmachen(z, "Mira", "Dolch", schnell=False))
    with pytest.raises(KampfFehler, match="hinten dranhängen"):
        anwenden(ruhig, k.ereignis_angriff(ruhig, "Mira", "Bandit 1", "Dolch", augen="6+3, 2"))
    with pytest.raises(KampfFehler, match="ganze Runde"):
        k.ereignis_bereitmachen(z1, "Mira", "Dolch", schnell=False)


# -- Eigenschaften -----------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_rueckgaengig_und_fortsetzen_mit_neuen_ereignissen(seed):
    """Bewegung, Sprint, Bereitmachen und geteilte Feuerrate lassen sich genau zurücknehmen und
    aus dem Protokoll wieder aufbauen; ``anwenden`` verändert seine Eingabe nie."""
    rng = random.Random(seed)
    v = Verlauf(am_zug(), anwenden)
    vorher = v.zustand
    schritte = [
        lambda z: k.ereignis_sprint(z, "Mira", aktionen=3, rng=rng),
        lambda z: k.ereignis_bewegung(z, "Mira", 2),
        lambda z: k.ereignis_bereitmachen(z, "Mira", "Gewehr", aktionen=3, rng=rng),
        lambda z: k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", Angriffssituation(aktionen=3),
                                     ziele=["Bandit 1", "Bandit 2"], rng=rng),
    ]
    zustaende = [v.zustand]
    for s in schritte:
        v.ausfuehren(s(v.zustand))
        zustaende.append(v.zustand)
    assert vorher == zustaende[0]
    nachgespielt = zustaende[0]
    for e in v.ereignisse:
        nachgespielt = anwenden(nachgespielt, e)
    assert nachgespielt == v.zustand
    for erwartet in reversed(zustaende[:-1]):
        v.rueckgaengig()
        assert v.zustand == erwartet


def test_sprintende_gruppe_wirft_nur_einen_sprintwuerfel():
    """„Für eine Gruppe von NSCs … wirft der kontrollierende Spieler nur einen einzelnen
    Sprintenwürfel. Nicht jeder NSC in der Gruppe muss tatsächlich sprinten“."""
    z = am_zug()
    z = anwenden(z, k.ereignis_fertig(z))
    z = anwenden(z, k.ereignis_am_zug(z, "Banditen"))
    assert k.gruppen_sprint(z, "Bandit 1") is None
    z = anwenden(z, k.ereignis_sprint(z, "Bandit 1", augen="4"))
    assert k.gruppen_sprint(z, "Bandit 2") == 4
    e = k.ereignis_sprint(z, "Bandit 2", rng=random.Random(1))
    assert "gruppenwurf" in e.daten and "Sprintwurf seiner Gruppe" in e.text
    z2 = anwenden(z, e)
    assert dict(z2.sprint) == {"Bandit 1": 4, "Bandit 2": 4}
    assert k.bewegung_uebrig(z2, "Bandit 2")["gehen"] == 10
    # ein eigener Wurf für das zweite Gruppenmitglied wird abgelehnt
    from gm_helfer.protokoll import Ereignis
    eigener = Ereignis("sprint", {"name": "Bandit 2", "wurf": k.wuerfel.wurf("W6", augen="6").als_dict()}, regel="x", text="x")
    with pytest.raises(KampfFehler, match="nur ein Sprintwürfel"):
        anwenden(z, eigener)
    # Wildcards würfeln immer selbst
    assert k.gruppen_sprint(z, "Mira") is None


def test_angreifer_waehlt_die_reihenfolge_der_schadenswuerfe():
    """Wunden › Timing: „Der Angreifer kann sich entscheiden, in welcher Reihenfolge er den Schaden
    seiner Angriffe auswürfeln möchte“."""
    from gm_helfer.savage_worlds import sitzung

    z = am_zug()
    z = anwenden(z, k.ereignis_angriff(z, "Mira", "Bandit 1", "Maschinenpistole", augen="9, 5, 2, 1"))
    assert [t.steigerung for t in z.offene_treffer] == [True, False]
    assert list(sitzung.treffer_liste(z).values()) == [0, 1]
    e = k.ereignis_schaden(z, nummer=1, augen="2, 1")  # erst der Treffer ohne Steigerung
    assert e.daten["steigerung"] is False
    neu = anwenden(z, e)
    assert [t.steigerung for t in neu.offene_treffer] == [True]
    with pytest.raises(KampfFehler, match="Nr. 3"):
        k.ereignis_schaden(z, nummer=2, augen="2, 1")


def test_reststrecke_gerundet_fuer_die_anzeige():
    z = am_zug()
    z = anwenden(z, k.ereignis_bewegung(z, "Mira", 1))
    assert k.bewegung_uebrig(z, "Mira") == {"gehen": 5, "geduckt": 2.5, "kriechen": 1.67}
