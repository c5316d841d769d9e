"""Savage Worlds: Zug-Schnittstelle (wer handelt, erlaubte Aktionen mit Grund, Vorgaben,
offene Entscheidungen), Ein-Klick-Schritte, Überzahl und Verzicht aufs Wegstecken."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gm_helfer import boegen
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import sitzung, zug
from gm_helfer.zug import Aktion, Entscheidung


@pytest.fixture
def verlauf():
    ladung = boegen.laden("savage_worlds")
    return Verlauf(sitzung.kampf_aus_boegen(ladung.boegen), k.anwenden)


def _dran(verlauf, empfaenger):
    """Runde 1, Karten ausgeteilt, ``empfaenger`` aufgerufen: wer vor ihm dran wäre, wartet ab
    („vom Ass zur Zwei“ übergeht niemanden stillschweigend)."""
    verlauf.ausfuehren(k.ereignis_runde(verlauf.zustand))
    verlauf.ausfuehren(k.ereignis_karten(verlauf.zustand, rng=random.Random(5)))
    while (vorher := verlauf.zustand.naechster()) not in (None, empfaenger) and empfaenger not in verlauf.zustand.abwartend:
        verlauf.ausfuehren(k.ereignis_abwarten(verlauf.zustand, vorher))
    verlauf.ausfuehren(k.ereignis_am_zug(verlauf.zustand, empfaenger))


def test_vor_der_runde_niemand_dran(verlauf):
    z = verlauf.zustand
    assert zug.am_zug(z) is None
    assert zug.reihenfolge(z) == []
    assert all(not a.erlaubt and a.grund for a in zug.aktionen(z, None))


def test_standardziel_ist_gegner_nie_verbuendeter(verlauf):
    z = verlauf.zustand
    for kf in z.kaempfer:
        ziel = zug.standard_ziel(z, kf.name)
        assert ziel is not None and z.kaempfer_namens(ziel).seite != kf.seite
    # der Baron greift nie seinen eigenen Banditen an, auch wenn alle Helden bis auf einen fallen
    ohne = replace(z, kaempfer=tuple(replace(kf, ausser_gefecht=True) if kf.seite == "Helden" and kf.name != "Mira" else kf
                                     for kf in z.kaempfer))
    assert zug.standard_ziel(ohne, "Schwarzer Baron") == "Mira"
    alle_weg = replace(z, kaempfer=tuple(replace(kf, ausser_gefecht=True) if kf.seite == "Helden" else kf for kf in z.kaempfer))
    assert zug.standard_ziel(alle_weg, "Schwarzer Baron") is None


def test_standardwaffe_eigene(verlauf):
    z = verlauf.zustand
    assert zug.standard_waffe(z, "Lena Falk") == "Bogen"
    assert zug.standard_waffe(z, "Wolf 2") == "Biss"


def test_reihenfolge_und_gruppe_handelt_nacheinander(verlauf):
    _dran(verlauf, "Banditen")
    z = verlauf.zustand
    assert "Banditen" in zug.reihenfolge(z)
    assert zug.am_zug(z) == "Bandit 1"
    zug.angreifen(verlauf, "Bandit 1", zug.standard_ziel(z, "Bandit 1"), "Kurzschwert", rng=random.Random(1))
    assert zug.am_zug(verlauf.zustand) == "Bandit 2"


def test_angeschlagen_darf_nicht_angreifen_mit_grund(verlauf):
    z = verlauf.zustand
    verlauf = Verlauf(replace(z, kaempfer=tuple(replace(kf, angeschlagen=True) if kf.name == "Brakka" else kf
                                                for kf in z.kaempfer)), k.anwenden)
    _dran(verlauf, "Brakka")
    akt = {a.schluessel: a for a in zug.aktionen(verlauf.zustand, "Brakka")}
    assert not akt["angriff"].erlaubt and "Angeschlagen" in akt["angriff"].grund
    assert akt["erholung"].erlaubt and akt["benny_erholen"].erlaubt
    assert not akt["fertig"].erlaubt and "Erholungsprobe" in akt["fertig"].grund
    assert (Entscheidung("erholung", "Brakka", "Brakka ist Angeschlagen: Erholungsprobe oder Benny")
            in zug.offene_entscheidungen(verlauf.zustand))
    # und die Regel lehnt den Angriff wirklich ab
    with pytest.raises(k.KampfFehler):
        zug.angreifen(verlauf, "Brakka", "Bandit 1", "Langschwert", rng=random.Random(0))


def test_angriff_ein_klick_wuerfelt_schaden_bei_treffer(verlauf):
    _dran(verlauf, "Brakka")
    # eingetippt: Kämpfen W10 zeigt 10+5, Wildcard 2 → Treffer mit Steigerung gegen Parade 5; Schaden
    zeilen = zug.angreifen(verlauf, "Brakka", "Bandit 1", "Langschwert", augen="10+5, 2", schaden_augen="8, 6, 3")
    assert len(zeilen) == 2 and "Steigerung" in zeilen[0]
    assert [e.art for e in verlauf.ereignisse[-2:]] == ["angriff", "schaden"]
    assert not verlauf.zustand.offene_treffer
    # ohne eingetippten Schaden bleibt der Treffer als Entscheidung offen; ein Klick, ein Rückgängig
    verlauf.rueckgaengig()
    zug.angreifen(verlauf, "Brakka", "Bandit 1", "Langschwert", augen="10+5, 2")
    assert [e.schluessel for e in zug.offene_entscheidungen(verlauf.zustand)] == ["schaden:0"]
    # falsch eingetippter Schaden: der Angriff gilt, der Treffer bleibt offen, die Meldung sagt warum
    verlauf.rueckgaengig()
    zeilen = zug.angreifen(verlauf, "Brakka", "Bandit 1", "Langschwert", augen="10+5, 2", schaden_augen="8, 6, 3, 4")
    assert zeilen[-1].startswith("⚠ Schaden:") and "3 Würfel" in zeilen[-1]
    assert [e.schluessel for e in zug.offene_entscheidungen(verlauf.zustand)] == ["schaden:0"]
    # derselbe Angriff mit derselben Waffe ist verboten, mit Grund
    akt = {a.schluessel: a for a in zug.aktionen(verlauf.zustand, "Brakka")}
    assert not akt["angriff"].erlaubt and "schon angegriffen" in akt["angriff"].grund


def test_wegstecken_bleibt_bis_genommen_oder_verzichtet(verlauf):
    _dran(verlauf, "Schwarzer Baron")
    # Baron trifft Mira mit Steigerung, Schaden hoch: Mira (Wildcard, 3 Bennies) kann wegstecken
    zug.angreifen(verlauf, "Schwarzer Baron", "Mira", "Langschwert", augen="10+6, 1", schaden_augen="10+10+3, 8+2, 6+5")
    offen = zug.offene_entscheidungen(verlauf.zustand)
    assert offen and offen[0].schluessel == "wegstecken" and offen[0].wer == "Mira"
    akt = {a.schluessel: a for a in zug.aktionen(verlauf.zustand, "Schwarzer Baron")}
    assert not akt["angriff"].erlaubt and "wegstecken" in akt["angriff"].grund
    assert not akt["fertig"].erlaubt
    assert not zug.naechste_runde_moeglich(verlauf.zustand).erlaubt
    verlauf.ausfuehren(k.ereignis_verzicht(verlauf.zustand, "Mira"))
    assert not [e for e in zug.offene_entscheidungen(verlauf.zustand) if e.schluessel == "wegstecken"]
    assert verlauf.zustand.kaempfer_namens("Mira").wunden >= 1
    with pytest.raises(k.KampfFehler):
        k.ereignis_verzicht(verlauf.zustand, "Mira")


def test_zug_beenden_ruft_naechste_karte_auf(verlauf):
    _dran(verlauf, "Brakka")
    # Brakkas verbündete Statisten handeln auf seiner Karte: je „Zug beenden“ das nächste Mitglied
    mitglieder = zug.noch_auf_der_karte(verlauf.zustand)
    assert mitglieder[0] == "Brakka"
    for _ in mitglieder:
        zug.zug_beenden(verlauf)
    z = verlauf.zustand
    assert "Brakka" in z.gehandelt and z.am_zug and z.am_zug != "Brakka"


def test_neue_runde_ein_klick(verlauf):
    zeilen = zug.neue_runde(verlauf, rng=random.Random(3))
    z = verlauf.zustand
    assert [e.art for e in verlauf.ereignisse] == ["runde", "karten", "am_zug"] and len(zeilen) == 3
    assert z.runde == 1 and zug.am_zug(z) is not None
    assert not zug.naechste_runde_moeglich(z).erlaubt


def test_neue_runde_haelt_beim_ausbluten(verlauf):
    z = verlauf.zustand
    blutend = replace(z, kaempfer=tuple(replace(kf, ausser_gefecht=True, blutet=True) if kf.name == "Mira" else kf
                                        for kf in z.kaempfer))
    v = Verlauf(blutend, k.anwenden)
    zug.neue_runde(v, rng=random.Random(0))
    assert [e.art for e in v.ereignisse] == ["runde"]
    assert [e.schluessel for e in zug.offene_entscheidungen(v.zustand)] == ["ausbluten"]
    v.ausfuehren(k.ereignis_ausbluten(v.zustand, "Mira", augen="6+2, 3"))  # Steigerung: stabil
    assert not zug.offene_entscheidungen(v.zustand)
    zug.neue_runde(v, rng=random.Random(0))
    assert [e.art for e in v.ereignisse] == ["runde", "ausbluten", "karten", "am_zug"]


def test_ueberzahl_aus_dem_regelwerk(verlauf):
    z = verlauf.zustand
    # Regelwerk: +1 je weiteren Gegner am Ziel, höchstens +4; Verbündete des Ziels am Angreifer heben auf
    for n in ("Brakka", "Mira", "Theo vom Stein"):
        z = k.anwenden(z, k.ereignis_nahkampf(z, n, ["Bandit 1"]))
    assert k.ueberzahl(z, "Brakka", "Bandit 1") == 2
    assert ("Überzahl", 2) in k.angriffs_modifikatoren(z, "Brakka", "Bandit 1", "Langschwert")
    assert ("Überzahl", 2) not in k.angriffs_modifikatoren(z, "Brakka", "Bandit 1", "Wurfspeer")  # nur Nahkampf
    z = k.anwenden(z, k.ereignis_nahkampf(z, "Bandit 2", ["Brakka"]))
    assert k.ueberzahl(z, "Brakka", "Bandit 1") == 1
    for n in ("Lena Falk", "Söldner 1", "Söldner 2"):
        z = k.anwenden(z, k.ereignis_nahkampf(z, n, ["Bandit 1"]))
    z = k.anwenden(z, k.ereignis_nahkampf(z, "Bandit 2", []))
    assert k.ueberzahl(z, "Brakka", "Bandit 1") == 4  # fünf weitere, höchstens +4
    assert zug.standard_ziel(z, "Brakka") == "Bandit 1"
    with pytest.raises(k.KampfFehler):
        k.ereignis_nahkampf(z, "Brakka", ["Mira"])


def test_werte_sind_die_gemeinsamen_dataclasses(verlauf):
    assert all(isinstance(a, Aktion) for a in zug.aktionen(verlauf.zustand, "Brakka"))


def test_benny_wiederholt_verfehlten_angriff_besseres_zaehlt(verlauf):
    _dran(verlauf, "Brakka")
    zug.angreifen(verlauf, "Brakka", "Bandit 1", "Langschwert", augen="2, 3", schaden_augen="8, 6")  # verfehlt (Parade 5)
    assert [e.schluessel for e in zug.offene_entscheidungen(verlauf.zustand)] == ["wiederholen"]
    bennies = verlauf.zustand.kaempfer_namens("Brakka").bennies
    # schlechter: das erste Ergebnis bleibt, der Benny ist weg
    verlauf.ausfuehren(k.ereignis_angriff_wiederholen(verlauf.zustand, augen="1, 2"))
    assert "erste Ergebnis bleibt" in verlauf.ereignisse[-1].text
    assert verlauf.zustand.kaempfer_namens("Brakka").bennies == bennies - 1 and not verlauf.zustand.offene_treffer
    # besser: Treffer mit Steigerung (11 gegen Parade 5), der Schaden steht als Entscheidung an
    verlauf.ausfuehren(k.ereignis_angriff_wiederholen(verlauf.zustand, augen="10+1, 3"))
    assert [t.steigerung for t in verlauf.zustand.offene_treffer] == [True]
    assert [e.schluessel for e in zug.offene_entscheidungen(verlauf.zustand)] == ["schaden:0"]
    # nach dem Schaden lässt sich nichts mehr wiederholen
    verlauf.ausfuehren(k.ereignis_schaden(verlauf.zustand, augen="8, 6, 3"))
    assert "schon gewürfelt" in k.angriff_wiederholbar(verlauf.zustand)
    with pytest.raises(k.KampfFehler):
        k.ereignis_angriff_wiederholen(verlauf.zustand, augen="10+1, 3")


def test_statist_kann_nicht_wiederholen(verlauf):
    _dran(verlauf, "Banditen")
    zug.angreifen(verlauf, "Bandit 1", "Mira", "Kurzschwert", augen="1", schaden_augen="4, 2")
    assert "Statist" in k.angriff_wiederholbar(verlauf.zustand)
    assert not [e for e in zug.offene_entscheidungen(verlauf.zustand) if e.schluessel == "wiederholen"]


def test_ein_rueckgaengig_nimmt_den_ganzen_klick_angreifen_zurueck(verlauf):
    """Issue: „One ‚Angreifen‘ click writes attack and damage; one ‚Rückgängig‘ takes back only the
    damage and leaves the hit open, after which ‚Zug beenden‘ is allowed.“"""
    _dran(verlauf, "Brakka")
    vorher = verlauf.zustand
    zug.angreifen(verlauf, "Brakka", "Bandit 1", "Langschwert", augen="10+5, 2", schaden_augen="8, 6, 3")
    assert [e.art for e in verlauf.ereignisse[-2:]] == ["angriff", "schaden"]
    assert verlauf.schritte[-1] == verlauf.schritte[-2]
    verlauf.rueckgaengig()
    assert verlauf.zustand == vorher
    assert not verlauf.zustand.offene_treffer


def test_zug_beenden_und_neue_runde_sind_je_ein_schritt(verlauf):
    zug.neue_runde(verlauf, rng=random.Random(3))
    assert len(set(verlauf.schritte)) == 1
    verlauf.rueckgaengig()
    assert verlauf.zustand.runde == 0 and not verlauf.ereignisse
