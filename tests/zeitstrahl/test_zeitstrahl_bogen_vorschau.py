"""Bögen (Beispiele, kaputte Bögen), Entscheidungs-Chancen im Kampf, Sitzungshilfen."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from gm_helfer import boegen, pfade
from gm_helfer import zeitstrahl as z
from gm_helfer.zeitstrahl import beispiele, sitzung
from gm_helfer.zeitstrahl.chancen import angriff_chancen_exakt

sys.path.insert(0, str(Path(__file__).resolve().parent))
import zeitstrahl_abzaehlung as abz  # noqa: E402


def test_beispielboegen_laden_ohne_fehler():
    ladung = boegen.laden("zeitstrahl", pfade.charakter_ordner("zeitstrahl"))
    assert ladung.fehler == ()
    namen = {b.name for b in ladung.boegen}
    assert {"Herkulos", "Lyra", "Bruni", "Söldner", "Ork-Schläger", "Wolf", "Stadtwache"} <= namen
    k = {b.name: z.kaempfer_aus_bogen(b) for b in ladung.boegen}
    herkulos = k["Herkulos"]
    # „Herkulos hat einen Nahkampf-Wert von 12 und eine Verteidigung von 10. Mit seiner Waffe, die 3W4 Schaden macht“
    assert herkulos.fertigkeit("nahkampf") == 12 and herkulos.passive_verteidigung == 10
    assert herkulos.waffen[0].schaden == "3W4"
    assert any(w.kettenwaffe for w in k["Ork-Schläger"].waffen)
    assert any(w.schild for w in k["Bruni"].waffen)
    # Bruni trägt Platte über Kette über Gambeson: Torso 5 + 2
    assert z.zonen_ruestung(k["Bruni"].ruestung, "Torso").schutz == 7
    # Tabellen hin und zurück ohne Verlust
    tabellen = boegen.als_tabellen(ladung.boegen, z.SCHEMA)
    zurueck = boegen.aus_tabellen(tabellen, z.SCHEMA, ladung.boegen)
    assert zurueck.fehler == () and {b.name: z.kaempfer_aus_bogen(b) for b in zurueck.boegen} == k


def test_kaputter_bogen_deutsche_meldung(tmp_path):
    ordner = tmp_path / "zeitstrahl"
    ordner.mkdir()
    (ordner / "gut.toml").write_text('name = "Gut"\nkampferfahrung = 10\nstaerke = 10\nlebenspunkte = 20\n', encoding="utf-8")
    (ordner / "kaputt.toml").write_text(
        'name = "Kaputt"\nkampferfahrung = -3\nstaerke = 10\nlebenspunkte = 20\n'
        '[[waffen]]\nname = "Keule"\nschaden = "W7"\n', encoding="utf-8")
    ladung = boegen.laden("zeitstrahl", ordner)
    assert [b.name for b in ladung.boegen] == ["Gut"]
    text = " ".join(ladung.meldungen)
    assert "kaputt.toml" in text and "Kaputt" in text and "kampferfahrung" in text


def _kampf():
    k = z.neuer_kampf([beispiele.HERKULOS, beispiele.GEGNER])
    return z.anwenden(k, z.start_ereignis(k, {"Herkulos": 20, "Söldner": 23}, augen={"Herkulos": "10", "Söldner": "10"}))


def test_verteidigungswahlen_mit_gruenden_und_exakten_chancen():
    k = _kampf()  # Herkulos bei 0, Söldner bei 3
    wahlen = {w.titel: w for w in z.verteidigungs_wahlen(k, "Herkulos", "Söldner", 0)}
    passiv = wahlen["passives Ausweichen"]
    assert passiv.grund == "" and passiv.ticks == 0
    assert passiv.chancen.treffer == pytest.approx(float(angriff_chancen_exakt(12, {10: Fraction(1)}, aktiv=False)[0]))
    parade = wahlen["Parade (Langschwert)"]
    assert parade.grund == "" and parade.ticks == 3
    # Langschwert 11 + Bonus 2 + W20, samt W6-Boni kritischer Würfe (Angriff und Parade)
    erwartet = sum(abz.treffer_nach(12, "parade", 13).values())
    assert parade.chancen.treffer == pytest.approx(float(erwartet), abs=1e-15)
    # Söldner weiter weg als das Angriffsende: keine Reaktion möglich
    k_weit = z.anwenden(_kampf(), z.start_ereignis(_kampf(), {"Herkulos": 20, "Söldner": 30},
                                                   augen={"Herkulos": "10", "Söldner": "10"}))
    gesperrt = {w.art: w.grund for w in z.verteidigungs_wahlen(k_weit, "Herkulos", "Söldner", 0)}
    assert gesperrt["passiv"] == "" and "keine Reaktion" in gesperrt["ausweichen"]
    # Vorschau und Blockrisiko einer unmöglichen Reaktion: deutsche Meldung statt falscher Zahlen
    with pytest.raises(z.KampfFehler, match="keine Reaktion"):
        z.schadens_vorschau(k_weit, "Herkulos", "Söldner", 0, verteidigung="parade", verteidigungs_waffe=0)
    with pytest.raises(z.KampfFehler, match="keine Reaktion"):
        z.block_risiko(k_weit, "Herkulos", "Söldner", 0, 0)


def test_schadens_vorschau_summe_eins_und_herkulos():
    k = _kampf()
    ohne = z.schadens_vorschau(k, "Herkulos", "Söldner", 0)
    # 3W4 gegen Kettenhemd 4 überall: nur die natürliche 20 mit W6 = 2 („Ignoriert eine
    # Rüstungsschicht“) macht Schaden
    assert ohne[0] == pytest.approx(1 - 1 / 120) and min(k for k in ohne if k) == 3
    v = z.Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=2)
    mit = z.schadens_vorschau(k, "Herkulos", "Söldner", 0, verschiebung=v)
    assert sum(mit.values()) == pytest.approx(1) and mit[0] == pytest.approx(1 - 7 / 20)
    fehler, vergleich = z.verschiebung_im_kampf(k, "Herkulos", "Söldner", 0, v)
    assert fehler == [] and vergleich["mit"].schaden_erwartet > 20 * vergleich["ohne"].schaden_erwartet > 0


def test_zeitstrahl_eintraege_und_diagramm():
    from gm_helfer.zeitstrahl import diagramme as zd

    v = beispiele.beispiel_verlauf()
    e = z.zeitstrahl_eintraege(v.zustand)
    arten = {x["art"] for x in e}
    assert {"Angriff", "Parade", "Ansage verfallen"} <= arten
    assert any(x["art"] == "handelt jetzt" for x in e)
    spec = zd.zeitstrahl_jetzt(v.zustand).to_dict()
    assert len(spec["layer"]) == 2 and spec["layer"][1]["mark"]["type"] == "rule"
    wahlen = z.verteidigungs_wahlen(_kampf(), "Herkulos", "Söldner", 0)
    balken = zd.verteidigungs_diagramm(wahlen).to_dict()
    assert balken["mark"]["type"] == "bar"


def test_sitzung_protokoll_und_fortsetzen(tmp_path):
    v = sitzung.neuer_verlauf([beispiele.HERKULOS, beispiele.GEGNER], z.Optionen(probe="2W10"), tmp_path)
    v.ausfuehren(z.start_ereignis(v.zustand, augen={"Herkulos": "5 5", "Söldner": "3 4"}))
    assert sitzung.protokolle(tmp_path) == [v.datei]
    assert v.datei.name.startswith("zeitstrahl_")  # einheitlicher Dateiname (tisch.protokoll_datei)
    v.schliessen()  # ein Schreiber je Kampf: erst schließen, dann fortsetzen
    v2, warnungen = sitzung.verlauf_fortsetzen(v.datei)
    assert warnungen == [] and v2.zustand == v.zustand and v2.zustand.optionen.probe == "2W10"
    t = sitzung.protokoll_tabelle(v2)
    assert t["Würfel"].to_list() == ["eingetippt"] and "Startposition" in t["Regel"][0]
    r = sitzung.reihenfolge_tabelle(v2.zustand)
    assert r["Name"].to_list()[0] in v2.zustand.am_zug
    assert sitzung.namen_augen("Herkulos=14; Söldner: 7") == {"Herkulos": "14", "Söldner": "7"}
    with pytest.raises(ValueError, match="Name=Augen"):
        sitzung.namen_augen("Herkulos 14")
    # Herkulos 10 + (5+5) = 20 → Tick 5, Söldner 10 + 7 = 17 → Tick 8
    assert sitzung.vorschlag(v2.zustand) == ("Herkulos", "Söldner")


def test_halbe_verteidigung_in_der_vorschau():
    k = _kampf()  # Herkulos bei 0, Söldner bei 3
    k = z.anwenden(k, z.angriff_ereignis(k, "Herkulos", "Söldner", 0, augen={"angriff": "1", "patzer": "5"}))
    assert "Position verschlechtert" in k["Herkulos"].zustaende
    wahlen = {w.art: w for w in z.verteidigungs_wahlen(k, "Söldner", "Herkulos", 0) if w.waffe in (None, 0)}
    assert wahlen["passiv"].titel.endswith("(halbiert)")
    # passiv: 10 // 2 = 5 – Söldner 11 + W20 trifft außer bei der 1 immer
    assert wahlen["passiv"].chancen.treffer == pytest.approx(19 / 20)
    # Ausweichen: ⌊(10 + W10) / 2⌋ – unabhängig abgezählt
    erwartet = sum(Fraction(1, 200) for a in range(2, 21) for w in range(1, 11)
                   if a == 20 or 11 + a >= (10 + w) // 2)
    assert wahlen["ausweichen"].chancen.treffer == pytest.approx(float(erwartet), abs=1e-15)


def test_vorschau_halbiert_auch_den_schaden_und_passt_zu_den_wahlen():
    """Die Schadensvorschau rechnet mit derselben (halbierten) Verteidigung wie die
    Trefferchancen: P(kein Schaden) = 1 − P(Treffer), wenn jeder Treffer Schaden macht."""
    k = _kampf()
    k = z.anwenden(k, z.angriff_ereignis(k, "Herkulos", "Söldner", 0, augen={"angriff": "1", "patzer": "5"}))
    for art, waffe in (("passiv", None), ("ausweichen", None), ("parade", 0), ("blocken", 0)):
        wahl = next(w for w in z.verteidigungs_wahlen(k, "Söldner", "Herkulos", 0) if w.art == art and w.waffe in (None, 0))
        vorschau = z.schadens_vorschau(k, "Söldner", "Herkulos", 0, verteidigung=art, verteidigungs_waffe=waffe)
        # Langschwert 2W6 gegen den ungerüsteten Herkulos: jeder Treffer macht Schaden
        assert vorschau[0] == pytest.approx(1 - wahl.chancen.treffer, abs=1e-12)


def test_block_risiko_gegen_abzaehlung():
    """„… die Gefahr …, dass einem die Waffe aus der Hand geschlagen wird oder bricht“ –
    exakt wie die Abzählung aller Würfel."""
    from itertools import product

    k = _kampf()
    r = z.block_risiko(k, "Herkulos", "Söldner", 0, 0)
    # Söldner blockt mit dem Langschwert: 11 + 2 × 2 + W20; Herkulos 12 + W20
    treffer = sum(abz.treffer_nach(12, "blocken", 15).values())
    patzer = Fraction(1, 20)
    geblockt = 1 - treffer - patzer
    summen = [sum(w) for w in product(range(1, 5), repeat=3)]  # 3W4 Trefferpunkte
    # Stärke 12: nie > 12 → nie entwaffnet; Stabilität 12: nie > 12 → nie gebrochen; > 6 → −1
    beschaedigt = Fraction(sum(1 for s in summen if s > 6), 64)
    assert r.treffer == pytest.approx(float(treffer), abs=1e-15)
    assert r.entwaffnet == 0 and r.gebrochen == 0
    assert r.beschaedigt == pytest.approx(float(geblockt * beschaedigt), abs=1e-15)
    assert r.haelt == pytest.approx(float(geblockt * (1 - beschaedigt)), abs=1e-15)
    assert sum(r.als_ausgaenge().values()) == pytest.approx(1, abs=1e-12)


def test_block_risiko_zwei_waffen_und_schwacher_verteidiger():
    dolch = z.Waffe("Dolch", "nahkampf", 2, "W4", 1, 4, kurze_stichwaffe=True)
    schwert = z.Waffe("Kurzschwert", "nahkampf", 3, "W6", 1, 8)
    hammer = z.Waffe("Hammer", "nahkampf", 5, "2W10")
    a = z.Kaempfer("A", "Feinde", 10, 14, 0, 30, (("nahkampf", 10),), (hammer,))
    b = z.Kaempfer("B", "Helden", 10, 8, 0, 30, (("nahkampf", 10),), (schwert, dolch))
    k = z.neuer_kampf([a, b])
    k = z.anwenden(k, z.start_ereignis(k, {"A": 20, "B": 22}, augen={"A": "10", "B": "10"}))
    r = z.block_risiko(k, "A", "B", 0, 0, zweite_waffe=1)
    geblockt = 1 - Fraction(r.treffer).limit_denominator(10**9) - Fraction(1, 20)
    from itertools import product
    n = {"weg": 0, "bricht": 0, "stab": 0, "haelt": 0, "dolch": 0}
    for x, y in product(range(1, 11), repeat=2):
        tp = x + y
        if tp > 8 * 1.5:  # zwei Waffen, eine keine kurze Stichwaffe: 1,5 × Stärke 8
            n["weg"] += 1
            continue
        n["bricht" if tp > 8 else "stab" if tp > 4 else "haelt"] += 1
        n["dolch"] += tp // 2 > 4
    assert r.entwaffnet == pytest.approx(float(geblockt * Fraction(n["weg"], 100)), abs=1e-9)
    assert r.gebrochen == pytest.approx(float(geblockt * Fraction(n["bricht"], 100)), abs=1e-9)
    assert r.beschaedigt == pytest.approx(float(geblockt * Fraction(n["stab"], 100)), abs=1e-9)
    assert r.nebenwaffe_gebrochen == pytest.approx(float(geblockt * Fraction(n["dolch"], 100)), abs=1e-9)


def test_start_tabelle_vor_dem_wurf():
    k = z.neuer_kampf([beispiele.HERKULOS, beispiele.GEGNER])
    t = sitzung.start_tabelle(k, {"Helden": 25, "Söldner": 35})
    zeilen = {r["Name"]: r for r in t.iter_rows(named=True)}
    assert zeilen["Herkulos"]["Schwierigkeit"] == 25 and zeilen["Söldner"]["Schwierigkeit"] == 35
    # Herkulos KE 10 gegen 25: Tick 0 bei W20 ≥ 15 → 6/20; spätestens Tick 14
    assert zeilen["Herkulos"]["Tick 0"] == pytest.approx(6 / 20) and zeilen["Herkulos"]["spätestens"] == 14
    # Söldner KE 10 gegen 35: nie Tick 0, Mittel 35 − 10 − 10,5
    assert zeilen["Söldner"]["Tick 0"] == 0 and zeilen["Söldner"]["Mittel"] == pytest.approx(14.5)
