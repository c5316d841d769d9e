"""Regeln und Tabellen aus regeln/zeitstrahl.txt: Beispiele des Texts als Tabellentests."""

from __future__ import annotations

from pathlib import Path

import pytest

from gm_helfer import zeitstrahl as z
from gm_helfer.zeitstrahl.daten import KRIT_ANGRIFF, KRIT_VERTEIDIGUNG, PATZER
from gm_helfer.zeitstrahl.proben import wuerfeln

REGELTEXT = Path(__file__).resolve().parents[3] / "shared" / "regeln" / "zeitstrahl.txt"


def _abschnitt(titel: str, ende: str) -> list[str]:
    if not REGELTEXT.exists():
        pytest.skip("regeln/zeitstrahl.txt liegt nicht neben dem Projekt")
    zeilen = REGELTEXT.read_text(encoding="utf-8").splitlines()
    a = zeilen.index(titel)
    b = zeilen.index(ende, a + 1)
    return zeilen[a + 1 : b]


def _w6_tabelle(titel: str, ende: str) -> dict[int, str]:
    """Liest eine W6-Tabelle im Format „| n |“ / „Text |“ aus dem Regeltext."""
    zeilen = _abschnitt(titel, ende)
    tabelle = {}
    for i, zeile in enumerate(zeilen):
        s = zeile.strip()
        if s.startswith("|") and s.strip("| ").isdigit():
            tabelle[int(s.strip("| "))] = zeilen[i + 1].strip().rstrip("|").strip()
    return tabelle


# --- Schaden und Rüstungsschutz: die Beispiele des Texts -------------------------------

@pytest.mark.parametrize(
    ("augen", "schutz", "erwartet"),
    [
        ([12], 3, 9),  # „Ein Angriff mit 1 W12 würfelt eine 12 … Übrig bleiben 9 Schaden.“
        ([6, 6], 3, 6),  # „… 2 W6 und würfelt jeweils eine 6 … insgesamt nur 6 übrig“
        ([1, 6], 3, 3),  # „… eine 1 und eine 6 … würde er noch 3 Schaden machen.“
    ],
)
def test_ruestung_je_wuerfel_beispiele(augen, schutz, erwartet):
    assert z.schadenspunkte(augen, schutz) == erwartet


def test_ruestung_nie_unter_null_je_wuerfel():
    assert z.schadenspunkte([1, 2, 3], 5) == 0
    assert z.schadenspunkte([1, 6], 3, bonus=-10) == 0


def test_geschichtete_ruestung_beispiel():
    """„Plattenpanzer, darunter ein Kettenhemd und einen Gambeson“: Schutz der Platte +2,
    Behinderung +3; eine vierte Schicht brächte weitere 3 Behinderung."""
    platte = z.Schicht("Plattenpanzer", 5, 3)
    kette = z.Schicht("Kettenhemd", 4, 2)
    gambeson = z.Schicht("Gambeson", 1, 1)
    eigene = 3 + 2 + 1
    drei = z.ruestung([platte, kette, gambeson])
    assert drei.schutz == 5 + 2
    assert drei.behinderung == eigene + 3
    vier = z.ruestung([platte, kette, gambeson, z.Schicht("Wams", 1, 0)])
    assert vier.behinderung - drei.behinderung == 3 + 0  # +3 Zuschlag, Wams selbst 0
    assert z.ruestung([platte]).schutz == 5 and z.ruestung([platte]).behinderung == 3
    assert z.ruestung([]).schutz == 0


def test_zonenruestung_und_schicht_ignorieren():
    kette = z.Schicht("Kettenhemd", 4, 2, ("Torso", "L Arm", "R Arm"))
    helm = z.Schicht("Helm", 3, 0, ("Kopf",))
    gambeson = z.Schicht("Gambeson", 1, 1, ("Torso",))
    s = [kette, helm, gambeson]
    assert z.zonen_ruestung(s, "Torso").schutz == 5
    assert z.zonen_ruestung(s, "Kopf").schutz == 3
    assert z.zonen_ruestung(s, "L Bein").schutz == 0
    # kritischer Effekt „Ignoriert eine Rüstungsschicht“: die stärkste fällt weg
    assert z.zonen_ruestung(s, "Torso", ignorieren=1).schutz == 1
    assert z.bestgeschuetzte_zone(s) == "Torso"
    assert z.behinderung(s) == 3 + 1  # zwei Schichten am Torso: +1


# --- Trefferzonen ----------------------------------------------------------------------

def test_trefferzonen_tabelle_wie_im_text():
    zeilen = _abschnitt("Trefferzonen", "Kritische Erfolge")
    tabelle = [z for z in zeilen if z.startswith("| ") and z[2].isdigit()]
    assert len(tabelle) == 6
    for reihe, zeile in enumerate(tabelle, start=1):
        zellen = [c.strip() for c in zeile.strip().strip("|").split("|")]
        assert int(zellen[0]) == reihe
        for spalte, zone in enumerate(zellen[1:], start=1):
            tz = z.trefferzone(reihe, spalte)
            assert tz.zone == zone, (reihe, spalte)
            assert tz.empfindlich == (zone == "Kopf" or reihe == spalte)


def test_trefferzone_beide_wuerfelfolgen_gleich():
    assert z.trefferzone(1, 5).zone == "Kopf"
    assert z.trefferzone(5, 1).zone == "Kopf"
    assert z.trefferzone(1, 4).zone == "Torso" and z.trefferzone(4, 1).zone == "Torso"
    assert z.trefferzone(2, 3).zone == "R Bein" and z.trefferzone(3, 2).zone == "R Bein"
    assert z.trefferzone(6, 4).zone == "L Bein" and z.trefferzone(4, 6).zone == "L Bein"
    assert z.trefferzone(3, 3).empfindlich and not z.trefferzone(3, 4).empfindlich
    with pytest.raises(ValueError, match="W6"):
        z.trefferzone(0, 3)


# --- W6-Tabellen -----------------------------------------------------------------------

@pytest.mark.parametrize(
    ("tabelle", "titel", "ende"),
    [
        (KRIT_ANGRIFF, "Kritische Erfolge beim Angriff", "Kritische Erfolge beim Verteidigen"),
        (KRIT_VERTEIDIGUNG, "Kritische Erfolge beim Verteidigen", "Patzer"),
        (PATZER, "Patzer", "Verschieben von Kampfwerten"),
    ],
)
def test_w6_tabellen_vollstaendig_und_passend(tabelle, titel, ende):
    text = _w6_tabelle(titel, ende)
    assert sorted(text) == sorted(tabelle) == [1, 2, 3, 4, 5, 6]
    # je Eintrag ein tragendes Stichwort des Regeltexts in unserer Beschreibung
    stichworte = {
        "Kritische Erfolge beim Angriff": ["1 W6", "Rüstungsschicht", "Verdoppelt", "Patzerschwelle", "weniger", "Freie Wahl"],
        "Kritische Erfolge beim Verteidigen": ["1 W6", "halbiert", "bestgeschützte", "mehr", "weniger", "Freie Wahl"],
        "Patzer": ["verloren", "Bruchtest", "Sturz", "geblendet", "Position", "Stolpern"],
    }[titel]
    for n, wort in enumerate(stichworte, start=1):
        assert wort in text[n]
        unser = tabelle[n][1].replace("1W6", "1 W6").replace("Geblendet", "geblendet")
        assert wort.lower().split()[0] in unser.lower(), (n, tabelle[n])


# --- Proben ----------------------------------------------------------------------------

def test_probe_krit_und_patzer():
    assert z.probe(12, augen="20").kritisch
    assert z.probe(12, augen="1").patzer
    p = z.probe(12, augen="14")
    assert p.gesamt == 26 and not p.kritisch and not p.patzer and p.eingetippt


def test_patzer_hat_vorrang_vor_krit():
    """„Sollte die Patzerschwelle höher als die Kritschwelle werden, dann hat der Patzer
    Vorrang.“"""
    p = z.bewerte_probe(10, 12, kritschwelle=10, patzerschwelle=13)
    assert p.patzer and not p.kritisch


def test_probe_2w10_option():
    o = z.Optionen(probe="2W10")
    p = z.probe(5, augen="10 10", optionen=o)
    assert p.natuerlich == 20 and p.kritisch
    assert z.probe(5, augen="1 1", optionen=o).patzer
    assert not z.probe(5, augen="1 2", optionen=o).patzer


def test_fehlende_wuerfel_deutsche_meldung():
    with pytest.raises(ValueError, match="fehlen Würfel"):
        wuerfeln("W6", wofuer="den Patzer")


# --- Verschieben von Kampfwerten -------------------------------------------------------

def test_herkulos_beispiel():
    """„Er senkt seine Verteidigung auf 0 (10 Punkte) und erhöht seine Patzerschwelle von 1
    auf 9 (8 Punkte) und erhält somit insgesamt 18 Punkte. Mit diesen verringert er seine
    Kritschwelle um 6 (18/3) von 20 auf 14.“"""
    v = z.Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=2)
    assert v.verschlechterung == 18
    assert z.kaufkraft(v.verschlechterung) == 6
    assert z.pruefe_verschiebung(v, angriffswert=12, verteidigung=10) == []
    # Kritschwelle 20 → 14, Patzerschwelle 1 → 9
    p = z.bewerte_probe(12, 14, kritschwelle=20 - 6, patzerschwelle=1 + 8)
    assert p.kritisch
    assert z.bewerte_probe(12, 9, kritschwelle=14, patzerschwelle=9).patzer
    # der Effekt: eine Rüstungsschicht ignorieren
    assert KRIT_ANGRIFF[v.krit_effekt][0] == "schicht_ignorieren"
    # ein Punkt mehr wäre zu viel
    zu_viel = z.Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=7, krit_effekt=2)
    assert any("Zu wenig Punkte" in f for f in z.pruefe_verschiebung(zu_viel, angriffswert=12, verteidigung=10))


@pytest.mark.parametrize(("stufe", "verhaeltnis"), [(0, (3, 1)), (1, (2, 1)), (2, (3, 2)), (3, (4, 3))])
def test_verhaeltnis_spezialisierungen(stufe, verhaeltnis):
    """„Spezialisierungen verbessern das Verhältnis von 3:1 auf 2:1, 3:2, 4:3 etc.“"""
    assert z.verhaeltnis(stufe) == verhaeltnis


def test_verschiebung_grenzen():
    # nicht ins Negative
    f = z.pruefe_verschiebung(z.Verschiebung(verteidigung=-11, angriff=3), angriffswert=12, verteidigung=10)
    assert any("Verteidigung kann nicht unter 0" in x for x in f)
    # Kritschwelle höchstens um den Attacke-Wert
    f = z.pruefe_verschiebung(
        z.Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=3),
        angriffswert=5, verteidigung=10)
    assert any("höchstens um den Attacke-Wert" in x for x in f)
    # Effekt muss angesagt werden
    f = z.pruefe_verschiebung(z.Verschiebung(verteidigung=-3, kritschwelle=1), angriffswert=12, verteidigung=10)
    assert any("angesagt" in x for x in f)
    # 2:1 mit Spezialisierung Stufe 1
    v = z.Verschiebung(verteidigung=-4, angriff=2)
    assert z.pruefe_verschiebung(v, angriffswert=10, verteidigung=10, spezialisierung=1) == []
    assert z.pruefe_verschiebung(v, angriffswert=10, verteidigung=10) != []


# --- Eigenschaften ---------------------------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(1, 12), min_size=1, max_size=5), st.integers(0, 10), st.integers(0, 4),
       st.integers(0, 4))
def test_mehr_trefferpunkte_nie_weniger_schaden_mehr_ruestung_nie_mehr(augen, rs, welcher, plus):
    basis = z.schadenspunkte(augen, rs)
    mehr = list(augen)
    mehr[welcher % len(augen)] += plus
    assert z.schadenspunkte(mehr, rs) >= basis
    assert z.schadenspunkte(augen, rs + 1) <= basis
    assert 0 <= basis <= sum(augen)
    assert z.schadenspunkte(augen, rs, faktor=2) == 2 * basis


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 4)), min_size=0, max_size=5))
def test_schichten_schutz_und_behinderung(schichten):
    s = [z.Schicht(f"S{i}", schutz, beh) for i, (schutz, beh) in enumerate(schichten)]
    w = z.ruestung(s)
    if not s:
        assert (w.schutz, w.behinderung) == (0, 0)
        return
    assert w.schutz == max(x.schutz for x in s) + len(s) - 1
    assert w.behinderung == sum(x.behinderung for x in s) + sum(range(len(s)))
    # jede zusätzliche Schicht erhöht Schutz und Behinderung
    mehr = z.ruestung(s + [z.Schicht("Extra", 0, 0)])
    assert mehr.schutz == w.schutz + 1 and mehr.behinderung == w.behinderung + len(s)
