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
