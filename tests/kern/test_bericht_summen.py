"""Der Bericht fürs Kampftagebuch (Issue 24, Punkt 4): Schlagzeile, Summen je Kämpfer, Umfang,
Name der Begegnung und Notizen – geprüft an einem geskripteten Kampf je System mit eingetippten
Würfeln. Die erwarteten Zahlen sind aus den Würfeln von Hand gerechnet (Kommentare)."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from gm_helfer import bericht, notizen
from gm_helfer.protokoll import Verlauf


def _summen(b: bericht.Bericht) -> dict[str, dict[str, object]]:
    return {s.name: {"angriffe": s.angriffe, "treffer": s.treffer, "ausgeteilt": dict(s.ausgeteilt),
                     "erlitten": dict(s.erlitten), "ausgegeben": dict(s.ausgegeben), "aus": s.ausgefallen}
            for s in b.summen}


# --------------------------------------------------------------------------- Savage Worlds

def _sw_verlauf(datei: Path):
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds.daten import Waffe
    from gm_helfer.savage_worlds.proben import eigenschaft

    def kf(name, seite, wildcard=True):
        return k.Kaempfer(name, seite, wildcard, attribute=(("staerke", eigenschaft("W8")), ("konstitution", eigenschaft("W6"))),
                          fertigkeiten=(("kaempfen", eigenschaft("W8")),), waffen=(Waffe("Schwert", "Nahkampf", "St+W8"),),
                          bennies=2, parade=6, robustheit=5)
    start = k.kampf_beginnen([kf("Brakka", "Helden"), kf("Baron", "Schurken"), kf("Bandit", "Schurken", False)])
    v = Verlauf(start, k.anwenden, datei=datei, system="savage_worlds", kopf=k.kopf(start))
    rng = random.Random(3)  # Karten Runde 1: Brakka B♥, Bandit 6♥, Baron 5♠; Runde 2: Brakka K♦, Baron 9♣
    schritte = [
        k.ereignis_runde, lambda z: k.ereignis_karten(z, rng=rng), k.ereignis_am_zug,
        lambda z: k.ereignis_angriff(z, "Brakka", "Baron", "Schwert", augen="7, 2"),  # 7 gegen Parade 6: Treffer
        lambda z: k.ereignis_schaden(z, augen="6, 5"),  # 11 gegen Robustheit 5: 1 Wunde
        lambda z: k.ereignis_wegstecken(z, "Baron", augen="4, 2"),  # Benny des Barons, Erfolg: die Wunde ist weg
        k.ereignis_fertig, k.ereignis_am_zug,
        lambda z: k.ereignis_angriff(z, "Bandit", "Brakka", "Schwert", augen="3"),  # verfehlt
        k.ereignis_fertig, k.ereignis_am_zug,
        lambda z: k.ereignis_angriff(z, "Baron", "Brakka", "Schwert", augen="7, 1"),  # Treffer
        lambda z: k.ereignis_schaden(z, augen="4, 3"),  # 7 gegen 5: nur Angeschlagen, keine Wunde
        lambda z: k.ereignis_verzicht(z, "Brakka"), k.ereignis_fertig,
        k.ereignis_runde, lambda z: k.ereignis_karten(z, rng=rng), k.ereignis_am_zug,
        lambda z: k.ereignis_benny(z, "Brakka"),  # Benny gegen Angeschlagen
        lambda z: k.ereignis_angriff(z, "Brakka", "Bandit", "Schwert", augen="8+2, 3"),  # 10: Steigerung
        lambda z: k.ereignis_schaden(z, augen="6, 5, 4"),  # 15 gegen 5: der Statist fällt mit der ersten Wunde
        k.ereignis_fertig, k.ereignis_am_zug,
        lambda z: k.ereignis_angriff(z, "Baron", "Brakka", "Schwert", augen="2, 1"),  # verfehlt
        k.ereignis_fertig, k.ereignis_runde, lambda z: k.ereignis_karten(z, rng=rng), k.ereignis_am_zug,
        lambda z: k.ereignis_angriff(z, "Brakka", "Baron", "Schwert", augen="7, 5"),  # Treffer
        lambda z: k.ereignis_schaden(z, augen="8+8+3, 6"),  # 25 gegen 5: 5 Steigerungen, vermerkt werden 3 Wunden
    ]
    for baue in schritte:
        with v.schritt():
            v.ausfuehren(baue(v.zustand))
    return v, k


def test_savage_worlds_offenes_wegstecken_ist_kein_ende(tmp_path):
    """„Kampf noch offen“, solange der Baron den Schaden noch wegstecken darf – kein Endzustand."""
    v, _ = _sw_verlauf(tmp_path / "sw.jsonl")
    v.schliessen()
    b = bericht.lesen(tmp_path / "sw.jsonl")
    assert b.schlagzeile.startswith("Kampf noch offen: Baron kann ") and "wegstecken" in b.schlagzeile
    assert b.schlagzeile in bericht.markdown_kurz(b)
    assert f"## Ausgang\n\n**{b.schlagzeile}**" in bericht.markdown(b)  # auch die volle Form zeigt kein Ende


def test_savage_worlds_summen_und_sieg(tmp_path):
    datei = tmp_path / "sw.jsonl"
    v, k = _sw_verlauf(datei)
    for baue in (lambda z: k.ereignis_verzicht(z, "Baron"),
                 lambda z: k.ereignis_ausser_gefecht(z, "Baron", augen="5, 2", verletzung_augen="3, 4, 2"),
                 lambda z: k.ereignis_probe_behalten(z, "Baron")):
        with v.schritt():
            v.ausfuehren(baue(v.zustand))
    v.schliessen()
    b = bericht.lesen(datei)
    assert b.schlagzeile == "Sieg: Helden (Brakka steht)"
    assert _summen(b) == {
        # Wunden: Baron 1 − 1 weggesteckt + 3, Bandit 1; Bennies: Brakka gegen Angeschlagen, der Baron fürs Wegstecken
        "Brakka": {"angriffe": 3, "treffer": 3, "ausgeteilt": {"Wunden": 4}, "erlitten": {}, "ausgegeben": {"Bennies": 1},
                   "aus": ""},
        "Baron": {"angriffe": 2, "treffer": 1, "ausgeteilt": {}, "erlitten": {"Wunden": 3}, "ausgegeben": {"Bennies": 1},
                  "aus": "Runde 3, durch Brakka"},
        "Bandit": {"angriffe": 1, "treffer": 0, "ausgeteilt": {}, "erlitten": {"Wunden": 1}, "ausgegeben": {},
                   "aus": "Runde 2, durch Brakka"},
    }
    assert b.umfang.startswith("3 Runden (18 Sekunden Spielzeit) · am Tisch ")
    assert b.titel == "Brakka gegen Baron und Bandit"


# --------------------------------------------------------------------------- Aloran

def _aloran(datei: Path) -> None:
    from gm_helfer.aloran import kampf as ak
    from gm_helfer.aloran.werte import beispielwerte

    start = ak.neuer_kampf([beispielwerte(name="Brann", seite="Helden"), beispielwerte(name="Ork", seite="Gegner")])
    v = Verlauf(start, ak.anwenden, datei=datei, system="aloran", kopf=ak.kopf(start))
    for baue in (
        lambda z: ak.initiative_ereignis(z, augen={"Brann": 9, "Ork": 2}), ak.runde_ereignis,
        lambda z: ak.bewegung_ereignis(z, "Brann", "normal", spurt=True),  # ein Spurt kostet 6 Ausdauer
        lambda z: ak.zug_ende_ereignis(z, "Brann"),
        # Ringen: 3 Erfolge gegen keine Verteidigung → Treffer, Ausdauerschaden 5
        lambda z: ak.angriff_ereignis(z, "Ork", "Brann", "Ringen", None, augen={"angriff": "9 9 8", "schaden": "5"}),
        lambda z: ak.zug_ende_ereignis(z, "Ork"), ak.runde_ereignis,
        # 5 Erfolge (die 0 zählt doppelt) gegen 0: schwerer Treffer, Torso, (6 + 2 + 2) × 2 = 20 Wunden → kampfunfähig
        lambda z: ak.angriff_ereignis(z, "Brann", "Ork", "Schwert", "Parade: Schwert", augen={
            "angriff": "9 9 8 0 3", "verteidigung": "2 3 4 5 6", "zone": "15", "schaden": "6"}),
    ):
        v.ausfuehren(baue(v.zustand))
    v.schliessen()


def test_aloran_summen_und_sieg(tmp_path):
    _aloran(tmp_path / "al.jsonl")
    b = bericht.lesen(tmp_path / "al.jsonl")
    assert b.schlagzeile == "Sieg: Helden (Brann steht)"
    assert _summen(b) == {
        "Brann": {"angriffe": 1, "treffer": 1, "ausgeteilt": {"Wunden": 20}, "erlitten": {"Ausdauer": 5},
                  "ausgegeben": {"Ausdauer": 6}, "aus": ""},
        "Ork": {"angriffe": 1, "treffer": 1, "ausgeteilt": {"Ausdauer": 5}, "erlitten": {"Wunden": 20}, "ausgegeben": {},
                "aus": "Runde 2, durch Brann"},
    }
    assert b.umfang.startswith("2 Runden · am Tisch ")


# --------------------------------------------------------------------------- Zeitstrahl

def _zeitstrahl(datei: Path, *, ende: bool, gleichzeitig: bool = True) -> None:
    from gm_helfer.zeitstrahl import beispiele
    from gm_helfer.zeitstrahl import kampf as zk
    from gm_helfer.zeitstrahl.verschiebung import Verschiebung

    vorlage = beispiele.beispiel_verlauf()  # Söldner 2 Angriffe (7 Lebenspunkte), Herkulos 1 (20), bis Tick 9
    v = Verlauf(vorlage.start, zk.anwenden, datei=datei, system="zeitstrahl", kopf=vorlage.start.als_kopf())
    for e in vorlage.ereignisse:
        v.ausfuehren(e)
    if ende:  # Tick 9: kritisch (Rüstung weg), Torso: (4 + 4 + 4) × 2 = 24 → Söldner bei −20, kampfunfähig
        v.ausfuehren(zk.angriff_ereignis(
            v.zustand, "Herkulos", "Söldner", 0,
            verschiebung=Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=2),
            augen={"angriff": "16", "zone": "4 4", "schaden": "4 4 4"}))
        if gleichzeitig:  # „gleichzeitig … gegen den Stand vor dem Abtausch“: der Söldner schlägt noch zu,
            # 11 + 5 = 16 gegen Herkulos' Verteidigung 0 (Verschiebung −10), R Bein: 2 + 1 = 3
            v.ausfuehren(zk.angriff_ereignis(v.zustand, "Söldner", "Herkulos", 0,
                                             augen={"angriff": "5", "zone": "2 3", "schaden": "2 1"}))
    v.schliessen()


def test_zeitstrahl_summen_und_sieg(tmp_path):
    _zeitstrahl(tmp_path / "zs.jsonl", ende=True)
    b = bericht.lesen(tmp_path / "zs.jsonl")
    assert b.schlagzeile == "Sieg: Helden (Herkulos steht)"
    assert _summen(b) == {
        "Herkulos": {"angriffe": 2, "treffer": 2, "ausgeteilt": {"Lebenspunkte": 44}, "erlitten": {"Lebenspunkte": 10},
                     "ausgegeben": {}, "aus": ""},
        "Söldner": {"angriffe": 3, "treffer": 2, "ausgeteilt": {"Lebenspunkte": 10}, "erlitten": {"Lebenspunkte": 44},
                    "ausgegeben": {}, "aus": "Tick 9, durch Herkulos"},
    }
    assert b.umfang.startswith("bis Tick 9 (4,5 Sekunden Spielzeit)")


def test_zeitstrahl_gleichzeitiger_gegner_haelt_den_kampf_offen(tmp_path):
    """Kampfunfähig, aber bei Tick 9 handelt der Söldner noch gleichzeitig: noch kein Sieg."""
    _zeitstrahl(tmp_path / "zs.jsonl", ende=True, gleichzeitig=False)
    b = bericht.lesen(tmp_path / "zs.jsonl")
    assert b.schlagzeile.startswith("Kampf noch offen: Bei Tick 9 handeln gleichzeitig noch Söldner")


def test_zeitstrahl_offen_nennt_wer_am_zug_ist(tmp_path):
    _zeitstrahl(tmp_path / "zs.jsonl", ende=False)
    b = bericht.lesen(tmp_path / "zs.jsonl")
    assert b.schlagzeile == "Kampf noch offen: Herkulos und Söldner sind am Zug"


# --------------------------------------------------------------------------- W100

def _w100(datei: Path) -> None:
    from gm_helfer import w100
    from gm_helfer.w100 import kampf as wk

    schwert = w100.Waffe("Langschwert", "nahkampf", 50, "2W10+4", "schnitt", 1.5)
    dolch = w100.Waffe("Dolch", "nahkampf", 30, "W6", "stich", 1.5)
    start = wk.neuer_kampf([
        wk.Kaempfer(name="John", seite="helden", initiative_bonus=30, db_physisch=10, db_magisch=0, zaubermacht=0,
                    flee_max=10, lp_max=20, waffen=(schwert,)),
        wk.Kaempfer(name="Goblin", seite="gegner", initiative_bonus=10, db_physisch=5, db_magisch=0, zaubermacht=0,
                    flee_max=5, lp_max=12, waffen=(dolch,)),
    ])
    v = Verlauf(start, wk.anwenden, datei=datei, system="w100", kopf={"start": wk.kampf_als_dict(start)})

    def angriff(wer, ziel, waffe, natuerlich, augen, flee=0):
        def baue(z):
            plan = w100.angriff_planen(z, wer, ziel, waffe, flee=flee, reichweite_pruefen=False)
            return w100.angriff_ereignis(z, plan, w100.w100(augen=natuerlich), w100.schadenswurf(plan.waffe.schaden, augen=augen))
        return baue
    for baue in (
        lambda z: wk.initiative_ereignis(z, augen={"John": 50, "Goblin": 40}), wk.zug_beginn_ereignis,
        angriff("John", "Goblin", "Langschwert", 40, "3, 4", flee=3),  # 40 + 50 − 5 − 3 = 82: Streiftreffer, (3+4+4)/2 = 5
        wk.zug_ende_ereignis, wk.zug_beginn_ereignis,
        angriff("Goblin", "John", "Dolch", 90, "4"),  # 90 + 30 − 10 = 110: Volltreffer, 4
        wk.zug_ende_ereignis, wk.neue_runde_ereignis, wk.zug_beginn_ereignis,
        angriff("John", "Goblin", "Langschwert", 70, "5, 6"),  # 115: Volltreffer, 5 + 6 + 4 = 15 → Goblin bei −8
    ):
        v.ausfuehren(baue(v.zustand))
    v.schliessen()


def test_w100_summen_und_sieg(tmp_path):
    _w100(tmp_path / "w.jsonl")
    b = bericht.lesen(tmp_path / "w.jsonl")
    assert b.schlagzeile == "Sieg: Helden (John steht)"
    assert _summen(b) == {
        "John": {"angriffe": 2, "treffer": 2, "ausgeteilt": {"LP": 20}, "erlitten": {"LP": 4}, "ausgegeben": {}, "aus": ""},
        "Goblin": {"angriffe": 1, "treffer": 1, "ausgeteilt": {"LP": 4}, "erlitten": {"LP": 20}, "ausgegeben": {"Flee": 3},
                   "aus": "Runde 2, durch John"},
    }
    assert b.umfang.startswith("2 Runden (6 Sekunden Spielzeit)")


# --------------------------------------------------------------------------- kurze Form, Notizen

def test_kurze_form_ohne_zugwechsel_und_regelzeilen(tmp_path):
    datei = tmp_path / "sw.jsonl"
    v, _ = _sw_verlauf(datei)
    v.schliessen()
    b = bericht.lesen(datei)
    kurz, voll = bericht.markdown_kurz(b), bericht.markdown(b)
    assert "Regel" not in kurz and "ist an der Reihe" not in kurz and "ist fertig" not in kurz
    assert "Karten für Runde" not in kurz and "Runde 2 beginnt" not in kurz
    assert "Brakka greift Baron mit Schwert an" in kurz and "| Brakka | Helden | 3 | 3 |" in kurz
    assert kurz.startswith("# Brakka gegen Baron und Bandit\n\n**Kampf noch offen: ")
    # die volle Form bleibt: jeder Schritt mit seiner Regel
    assert voll.startswith("# Kampfbericht – Savage Worlds") and "ist an der Reihe" in voll
    assert voll.count("_Regel: ") == sum(1 for e in b.eintraege if e.regel)
    seite = bericht.html_kurz(b)
    assert seite.startswith("<!DOCTYPE html>") and "Regel" not in seite and "<script" not in seite


def test_titel_und_notizen_stehen_im_bericht(tmp_path):
    datei = tmp_path / "w.jsonl"
    _w100(datei)
    notizen.schreiben(datei, titel="Goblin-Hinterhalt")
    notizen.schreiben(datei, text="John schwor, den Häuptling zu finden.\n<b>nicht fett</b>")
    assert notizen.datei_zu(datei).read_text(encoding="utf-8").startswith("# Goblin-Hinterhalt\n\nJohn schwor")
    b = bericht.lesen(datei)
    assert b.titel == "Goblin-Hinterhalt"
    kurz = bericht.markdown_kurz(b)
    assert kurz.startswith("# Goblin-Hinterhalt\n") and "## Notizen\n\nJohn schwor, den Häuptling zu finden." in kurz
    assert "John schwor" in bericht.markdown(b)
    assert "&lt;b&gt;nicht fett&lt;/b&gt;" in bericht.html_kurz(b)
    assert datei.name not in kurz  # der Name der Begegnung, nicht der Dateiname


def test_notizen_werden_atomar_geschrieben(tmp_path, monkeypatch):
    datei = tmp_path / "w.jsonl"
    notizen.schreiben(datei, titel="Alt", text="alte Notiz")

    def kaputt(*_a, **_k):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", kaputt)
    with pytest.raises(OSError):
        notizen.schreiben(datei, text="neue Notiz")
    assert notizen.lesen(datei) == notizen.Notizen("Alt", "alte Notiz")
    assert [p.name for p in tmp_path.iterdir()] == [notizen.datei_zu(datei).name]  # keine Temp-Reste


def test_feindliche_notizen_halten_den_bericht_nicht_auf(tmp_path):
    datei = tmp_path / "w.jsonl"
    _w100(datei)
    os.mkfifo(notizen.datei_zu(datei))  # eine benannte Pipe blockiert kein Lesen
    assert bericht.lesen(datei).notizen == ""
    os.unlink(notizen.datei_zu(datei))
    notizen.datei_zu(datei).write_bytes(b"\xff\xfe kaputt" * 10)
    assert "kaputt" in bericht.lesen(datei).notizen
    notizen.datei_zu(datei).write_bytes(b"x" * (notizen.GROESSTE + 1))
    assert bericht.lesen(datei).notizen == ""


def test_befehl_kurz(tmp_path):
    datei = tmp_path / "al.jsonl"
    _aloran(datei)
    aus = subprocess.run([sys.executable, "-m", "gm_helfer.start", "bericht", str(datei), "--kurz"], capture_output=True,
                         text=True, timeout=60)
    assert aus.returncode == 0 and aus.stdout.startswith("# Brann gegen Ork\n\n**Sieg: Helden (Brann steht)**")
    assert "Regel" not in aus.stdout


# --------------------------------------------------------------------------- im Live-Notebook

def test_notebook_laedt_kurzen_bericht_und_zeigt_notizen(tmp_path):
    """Der Download im Notebook ist die kurze Form; Titel und Notizen stehen als Felder darunter,
    beim Ansehen (nur lesend) gesperrt."""
    from gm_helfer import tisch, tisch_bausteine
    from gm_helfer.aloran import kampf as ak

    datei = tmp_path / "al.jsonl"
    _aloran(datei)
    notizen.schreiben(datei, titel="Hinterhalt im Wald", text="Brann blutet.")
    inhalt = tisch_bausteine.bericht_inhalt(datei).decode("utf-8")
    assert inhalt.startswith("# Hinterhalt im Wald\n\n**Sieg: Helden") and "Regel" not in inhalt
    assert inhalt.rstrip().endswith("Brann blutet.")
    v, _ = Verlauf.fortsetzen(datei, ak.aus_kopf, ak.anwenden, nur_lesen=True)
    elemente = tisch.spieler_und_bericht(v)
    assert "Bericht herunterladen (Markdown)" in elemente[0].text and "al_bericht.md" in elemente[0].text
    assert "Ganzes Protokoll mit Regeln" in elemente[2].text
    titel, text = elemente[3], elemente[4]
    assert titel.value == "Hinterhalt im Wald" and text.value == "Brann blutet."
    assert "data-disabled='true'" in titel.text and "data-disabled='true'" in text.text  # nur lesend: gesperrt


def test_begegnung_wird_zum_titel(tmp_path):
    from gm_helfer import tisch

    class Wahl:  # wie die Auswahl aus tisch.begegnung_wahl
        gm_begegnungswahl = True
        value = str(Path(__file__).resolve().parents[2] / "charaktere" / "aloran" / "begegnungen" / "hinterhalt_im_wald.toml")
    assert tisch.begegnung_titel(["etwas anderes", Wahl()]) == "Hinterhalt im Wald"
    Wahl.value = ""
    assert tisch.begegnung_titel([Wahl()]) == ""
    Wahl.value = str(tmp_path / "fehlt.toml")
    assert tisch.begegnung_titel([Wahl()]) == ""


def test_schlagzeile_gruppe_ist_mehrzahl():
    """„Wölfe sind am Zug“ (eine Gruppe auf einer Karte), „Brakka ist am Zug“."""
    from gm_helfer.ansicht import KaempferSicht
    from gm_helfer.bericht_summen import schlagzeile

    ende = [KaempferSicht("Wolf 1", "Schurken", False, "", "", False), KaempferSicht("Brakka", "Helden", True, "", "", False)]
    assert schlagzeile(ende, (), ("Wölfe",), "Runde 2") == "Kampf noch offen: Wölfe sind am Zug"
    assert schlagzeile(ende, (), ("Brakka",), "Runde 2") == "Kampf noch offen: Brakka ist am Zug"
    assert schlagzeile(ende, (), (), "Runde 2") == "Kampf noch offen (Runde 2)"
    aus = [KaempferSicht("Wolf 1", "Schurken", False, "", "", True), ende[1]]
    assert schlagzeile(aus, (("Brakka", "Brakka ist Angeschlagen"),), (), "Runde 2") == "Sieg: Helden (Brakka steht)"
    assert schlagzeile(aus, (("Wolf 1", "Wolf 1 kann wegstecken"),), (), "") == "Kampf noch offen: Wolf 1 kann wegstecken"
    assert schlagzeile([aus[0]], (), (), "") == "Unentschieden: niemand steht mehr"
