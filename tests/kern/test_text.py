"""Deutsche Mehrzahl und Dezimalkomma (gm_helfer/text.py) – und dass die Systempakete sie nutzen."""

from __future__ import annotations

import doctest

from gm_helfer import text, w100, zeitstrahl
from gm_helfer.w100 import sitzung as w100_sitzung
from gm_helfer.zeitstrahl import sitzung as zs_sitzung


def test_docstring_beispiele():
    ergebnis = doctest.testmod(text)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_anzahl_dezimal_leer():
    assert [text.anzahl(n, "Wunde", "Wunden") for n in (0, 1, 2, -1)] == \
        ["0 Wunden", "1 Wunde", "2 Wunden", "−1 Wunden"]
    assert [text.dezimal(x) for x in (1.5, 2.0, 19.5, -0.25)] == ["1,5", "2", "19,5", "−0,25"]
    assert text.leer(None) == "–" and text.leer(0) == "0"
    assert text.leer(-13) == "−13" and text.leer(1.5) == "1,5" and text.leer(True) == "ja"


def test_tabellen_vor_dem_start_ohne_none_und_null():
    k = zeitstrahl.neuer_kampf([zeitstrahl.Kaempfer("Ada"), zeitstrahl.Kaempfer("Ork", "Feinde")])
    tab = zs_sitzung.reihenfolge_tabelle(k)
    assert tab["Tick"].to_list() == ["–", "–"] and tab.null_count().sum_horizontal().item() == 0
    axt = w100.Waffe("Axt", "nahkampf", 40, "2W10", "schnitt", 1.5)
    kw = w100.neuer_kampf([w100.Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (axt,)),
                           w100.Kaempfer("Ork", "gegner", 10, 20, 0, 0, 10, 50, (axt,))])
    leiter = w100_sitzung.leiter_tabelle(kw)
    assert leiter["Initiative"].to_list() == ["–", "–"] and leiter.null_count().sum_horizontal().item() == 0


def test_w100_einstellungen_auf_deutsch():
    axt = w100.Waffe("Axt", "nahkampf", 40, "2W10", "schnitt", 1.5)
    k = w100.neuer_kampf([w100.Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (axt,))])
    e = w100.optionen_ereignis(k, w100.Optionen(lucky_seven=True, grenze_volltreffer=110))
    assert e.text == "Einstellungen geändert: lucky seven an, grenze volltreffer = 110."
    assert "True" not in e.text and "False" not in e.text


def test_zeitstrahl_block_grenze_mit_dezimalkomma():
    """„Bei zweihändig geführten Waffen … gilt die 1 ½-fache … Stärke“ – im Text als 1,5."""
    zweihaender = zeitstrahl.Waffe("Zweihänder", "nahkampf", 6, "2W8", 2, 20, zweihaendig=True)
    hammer = zeitstrahl.Waffe("Hammer", "nahkampf", 5, "2W10")
    b = zeitstrahl.Kaempfer("B", staerke=11, fertigkeiten=(("nahkampf", 12),), waffen=(zweihaender,))
    a = zeitstrahl.Kaempfer("A", "Feinde", fertigkeiten=(("nahkampf", 0),), waffen=(hammer,))
    k = zeitstrahl.neuer_kampf([a, b])
    k = zeitstrahl.anwenden(k, zeitstrahl.start_ereignis(k, {"A": 10, "B": 25}, augen={"A": "10", "B": "10"}))
    e = zeitstrahl.angriff_ereignis(k, "A", "B", 0, "blocken", verteidigungs_waffe=0,
                                    augen={"angriff": "5", "verteidigung": "10", "schaden": "9 9"})
    assert "Stärke×1,5 (16,5)" in e.text and "1.5" not in e.text


# --------------------------------------------------------------------------- ein Modul für Zahlen (Issue 20)

_TISCH_NAMEN = [
    'ANSEHEN', 'Anlage', 'Auswahl', 'BegegnungsStart', 'FORTSETZEN', 'Fortsetzung', 'GespeicherterKampf',
    'KEIN_GESPEICHERTER', 'LEER', 'NEUER_KAMPF', 'PROTOKOLL_REIHENFOLGE', 'SENKRECHT_AB', 'STIL', 'Tisch', 'UEBERNEHMEN',
    '_STIL_TABELLE', '_ZELLE', '_kampf_lesen', 'anlegen', 'anzahl', 'aufgaben_ansicht', 'aufgaben_zeilen', 'augen',
    'ausfuehren', 'begegnung_boegen', 'begegnung_start', 'begegnung_wahl', 'boegen_laden', 'boegen_speichern',
    'bogen_ansicht', 'bogen_editor', 'fortsetzen', 'fortsetzen_knoepfe', 'frisch', 'gespeicherte_kaempfe',
    'grund_ansicht', 'kampf_wahl', 'kein_kampf', 'kopf', 'lage_ansicht', 'meldung_ansicht', 'neu_knopf',
    'neuer_verlauf', 'nur_lesen_hinweis', 'protokoll_ansicht', 'protokoll_datei', 'protokoll_tabelle', 'prozent',
    'reihe', 'relativ', 'rueckgaengig', 'spieler_und_bericht', 'stil', 'tabelle', 'tabelle_deutsch', 'tabelle_html',
    'teilnehmer_wahl', 'text', 'verbotene_ansicht', 'verbotene_zeilen', 'wuerfel_feld', 'wurfquelle', 'zahl',
    'zug_rahmen',
]


def test_tisch_aufgeteilt_alle_alten_namen_bleiben():
    """Jeder Name, den ``gm_helfer/tisch.py`` vor der Aufteilung hatte, ist dort weiter zu haben."""
    from gm_helfer import tisch, tisch_bausteine, tisch_begegnung, tisch_kern

    fehlen = [n for n in _TISCH_NAMEN if not hasattr(tisch, n)]
    assert fehlen == []
    assert tisch.kampf_wahl is tisch_bausteine.kampf_wahl and tisch.fortsetzen is tisch_kern.fortsetzen
    assert tisch.begegnung_start is tisch_begegnung.begegnung_start
    for modul in (tisch_kern, tisch_bausteine, tisch_begegnung):
        ergebnis = doctest.testmod(modul)
        assert ergebnis.failed == 0


def test_die_alten_zahlhelfer_rufen_das_eine_modul():
    from gm_helfer import diagramme, tisch

    for p in (0, 1e-9, 0.125, 1 / 3, 1 - 1e-9, 1):
        for stellen in (0, 1, 2):
            assert diagramme.prozent(p, stellen) == text.prozent(p, stellen)
            assert tisch.prozent(p, stellen) == text.prozent(p, stellen).replace(" ", "\u00a0")
    for x in (0, 3, -2, 2.0, 0.19, -1.25, 10.44, True, False):
        assert tisch.zahl(x, 2) == text.zahl(x, 2)
        assert tisch.anzahl(x, "Wunde", "Wunden") == text.anzahl(x, "Wunde", "Wunden")
    assert [diagramme.zahl(x) for x in (9.336, -1.5)] == ["9,34", "−1,5"] and diagramme.zahl(7, 0) == "7"
    # festgehaltene Formen (so zeigen es die Notebooks seit jeher)
    assert tisch.prozent(0.917) == "91,7\u00a0%" and tisch.prozent(1e-9) == "<\u00a00,1\u00a0%"
    assert [tisch.text(w) for w in (None, "", 2.5, True, "Brakka", float("nan"), (1, 2))] == \
        ["–", "–", "2,5", "ja", "Brakka", "–", "1, 2"]
    # text.anzahl und tisch.anzahl sind jetzt dieselbe Funktion; für ganze Zahlen gleich wie vorher
    assert [text.anzahl(n, "Tick", "Ticks") for n in (0, 1, 2, -3)] == ["0 Ticks", "1 Tick", "2 Ticks", "−3 Ticks"]
    assert text.anzahl(2.5, "Tick", "Ticks") == "2,5 Ticks"  # früher in text.anzahl: „2.5 Ticks“


def test_boegen_aufgeteilt_alte_wege_bleiben_und_polars_erst_bei_tabellen():
    import subprocess
    import sys

    from gm_helfer import boegen, boegen_kern, boegen_speichern, boegen_tabellen

    for name in ("laden", "Bogen", "registrieren", "_SCHEMATA", "atomar_schreiben", "_reste_entfernen", "_pruefe_wert"):
        assert getattr(boegen, name) is getattr(boegen_kern, name)
    for name in ("speichern", "_gleich", "_toml_text"):
        assert getattr(boegen, name) is getattr(boegen_speichern, name)
    for name in ("als_tabellen", "aus_tabellen", "abgeleitete_werte", "_neuer_dateiname"):
        assert getattr(boegen, name) is getattr(boegen_tabellen, name)
    from gm_helfer.boegen import als_tabellen, speichern  # noqa: F401 – der alte Importweg

    lauf = subprocess.run([sys.executable, "-c", "import sys, gm_helfer.boegen as b; b.speichern; "
                           "print('polars' in sys.modules)"], capture_output=True, text=True, check=True)
    assert lauf.stdout.strip() == "False"


def test_eine_regel_fuer_zahlen_zeichen_und_prozent():
    """Issue 23: drei ``zahl`` und zwei Prozentformen, die sich verschieden verhielten („0,0 %“
    an einer Stelle, „< 0,1 %“ an der anderen) – jetzt eine Regel aus gm_helfer.text."""
    from gm_helfer import diagramme, simulation
    from gm_helfer.w100 import zustand as w100_zustand

    for x in (10.44, 6.0, -0.01, 0.04, 10.96, -2.5, 3):
        assert w100_zustand.zahl(x) == text.zahl(x, 1)
        assert diagramme.zahl(x) == text.zahl(x, 2)
    assert text.zahl(10.96) == "11" and text.zahl(-0.01) == "0" and text.zahl(1.5, 2) == "1,5"
    assert [text.vorzeichen(n) for n in (3, -3, 0)] == ["+3", "−3", "+0"]
    assert simulation._prozent(1e-6) == text.prozent(1e-6) == "< 0,1 %"
    assert simulation._prozent(0.0) == "0,0 %"
