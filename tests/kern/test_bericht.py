"""Der Sitzungsbericht (gm_helfer.bericht, ``gm-helfer bericht``): ein geskripteter Kampf je
System wird zu einem deutschen Bericht, der jede Runde (jeden Tick) und jeden Kämpfer nennt."""

from __future__ import annotations

import random
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

from gm_helfer import bericht
from gm_helfer.protokoll import Verlauf


def _datei(tmp_path: Path, system: str, start, anwenden, kopf, schritte) -> Path:
    datei = tmp_path / f"{system}.jsonl"
    v = Verlauf(start, anwenden, datei=datei, system=system, kopf=kopf)
    for baue in schritte:
        v.ausfuehren(baue(v.zustand))
    v.schliessen()
    return datei


def _savage_worlds(tmp_path):
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds.daten import Waffe
    from gm_helfer.savage_worlds.proben import eigenschaft

    def kf(name, seite):
        return k.Kaempfer(name, seite, True, attribute=(("staerke", eigenschaft("W8")),),
                          fertigkeiten=(("kaempfen", eigenschaft("W8")),), waffen=(Waffe("Schwert", "Nahkampf", "St+W8"),),
                          bennies=2)
    start = k.kampf_beginnen([kf("Brakka", "Helden"), kf("Baron", "Schurken")])
    rng = random.Random(3)
    runde = [k.ereignis_runde, lambda z: k.ereignis_karten(z, rng=rng),
             k.ereignis_am_zug, k.ereignis_fertig, k.ereignis_am_zug, k.ereignis_fertig]
    return (_datei(tmp_path, "savage_worlds", start, k.anwenden, k.kopf(start), runde + runde), ["Runde 1", "Runde 2"],
            ["Brakka", "Baron"])


def _aloran(tmp_path):
    from gm_helfer.aloran import kampf as ak
    from gm_helfer.aloran.werte import beispielwerte

    start = ak.neuer_kampf([beispielwerte(name="Brann", seite="Helden"), beispielwerte(name="Ork", seite="Gegner")])
    rng = random.Random(1)

    def zug(z):
        return ak.zug_ende_ereignis(z, ak.am_zug(z)[0])
    schritte = [lambda z: ak.initiative_ereignis(z, rng=rng), ak.runde_ereignis, zug, zug, ak.runde_ereignis, zug]
    return _datei(tmp_path, "aloran", start, ak.anwenden, ak.kopf(start), schritte), ["Runde 1", "Runde 2"], ["Brann", "Ork"]


def _zeitstrahl(tmp_path):
    from gm_helfer.zeitstrahl import beispiele
    from gm_helfer.zeitstrahl import kampf as zk

    vorlage = beispiele.beispiel_verlauf()
    start = vorlage.start
    schritte = [lambda z, e=e: e for e in vorlage.ereignisse]
    return (_datei(tmp_path, "zeitstrahl", start, zk.anwenden, start.als_kopf(), schritte),
            ["Tick 0", "Tick 4", "Tick 5"], ["Herkulos", "Söldner"])


def _w100(tmp_path):
    from gm_helfer.w100 import kampf as wk

    start = wk.neuer_kampf([
        wk.Kaempfer(name="John", seite="helden", initiative_bonus=30, db_physisch=10, db_magisch=0, zaubermacht=0,
                    flee_max=10, lp_max=20),
        wk.Kaempfer(name="Goblin", seite="gegner", initiative_bonus=10, db_physisch=5, db_magisch=0, zaubermacht=0,
                    flee_max=5, lp_max=8),
    ])
    schritte = [lambda z: wk.initiative_ereignis(z, augen={"John": 50, "Goblin": 40}),
                wk.zug_beginn_ereignis, lambda z: wk.lp_ereignis(z, "Goblin", -8, "Pfeil aus dem Hinterhalt"),
                wk.zug_ende_ereignis, wk.neue_runde_ereignis, wk.zug_beginn_ereignis, wk.zug_ende_ereignis]
    return (_datei(tmp_path, "w100", start, wk.anwenden, {"start": wk.kampf_als_dict(start)}, schritte),
            ["Runde 1", "Runde 2"], ["John", "Goblin"])


@pytest.mark.parametrize("skript", [_savage_worlds, _aloran, _zeitstrahl, _w100], ids=lambda f: f.__name__.strip("_"))
def test_bericht_nennt_jede_runde_und_jeden_kaempfer(skript, tmp_path):
    datei, zeitpunkte, namen = skript(tmp_path)
    b = bericht.lesen(datei)
    md = bericht.markdown(b)
    for z in zeitpunkte:
        assert f"## {z}" in md
    for n in namen:
        assert n in md
    assert b.eintraege and all(e.text in md for e in b.eintraege)
    assert md.count("_Regel: ") == sum(1 for e in b.eintraege if e.regel) > 0
    seite = bericht.html_text(b)
    for z in zeitpunkte:
        assert f"<h2>{z}</h2>" in seite


def test_ausfall_steht_im_ausgang(tmp_path):
    datei, _, _ = _w100(tmp_path)
    b = bericht.lesen(datei)
    assert b.ausfaelle == (("Goblin", "Runde 1"),)
    assert "Goblin fiel aus (Runde 1)." in bericht.markdown(b)


def test_eingetippte_wuerfel_sind_markiert(tmp_path):
    datei, _, _ = _w100(tmp_path)  # die Initiative ist eingetippt
    md = bericht.markdown(bericht.lesen(datei))
    assert "1. ✎ Initiative" in md


def test_bericht_veraendert_das_protokoll_nicht(tmp_path):
    datei, _, _ = _savage_worlds(tmp_path)
    vorher = datei.read_bytes()
    with open(datei, "ab") as f:
        f.write(b'{"nr": 99, "zeit"')  # halb geschriebene Zeile eines laufenden Schreibers
    roh = datei.read_bytes()
    bericht.lesen(datei)
    assert datei.read_bytes() == roh and roh.startswith(vorher)
    assert not Path(str(datei) + ".abgerissen").exists()


class _Html(HTMLParser):
    def __init__(self):
        super().__init__()
        self.offen: list[str] = []
        self.fehler: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag not in ("meta", "br", "li"):
            self.offen.append(tag)

    def handle_endtag(self, tag):
        if tag == "li":
            return
        if not self.offen or self.offen[-1] != tag:
            self.fehler.append(tag)
        else:
            self.offen.pop()


def test_html_ist_wohlgeformt_und_maskiert(tmp_path):
    datei, _, _ = _aloran(tmp_path)
    seite = bericht.html_text(bericht.lesen(datei))
    leser = _Html()
    leser.feed(seite)
    assert not leser.fehler and not leser.offen
    assert "<script" not in seite and "http" not in seite


@pytest.mark.parametrize("inhalt, erwartet", [
    (None, "nicht gefunden"),
    (b"", "Kopf"),
    (b'{"format": "etwas anderes"}\n', "Kopf"),
    (b'{"format": "gm_helfer-protokoll", "version": 1, "system": "schach", "kopf": {}}\n', "Unbekanntes Regelsystem"),
])
def test_unlesbares_protokoll_gibt_deutsche_meldung(tmp_path, inhalt, erwartet):
    datei = tmp_path / "kaputt.jsonl"
    if inhalt is not None:
        datei.write_bytes(inhalt)
    with pytest.raises(bericht.BerichtFehler, match=erwartet):
        bericht.lesen(datei)


def test_befehl_gibt_markdown_html_und_meldung(tmp_path):
    datei, _, _ = _zeitstrahl(tmp_path)
    md = subprocess.run([sys.executable, "-m", "gm_helfer.start", "bericht", str(datei)], capture_output=True,
                        text=True, timeout=60)
    assert md.returncode == 0 and md.stdout.startswith("# Kampfbericht – Zeitstrahl")
    h = subprocess.run([sys.executable, "-m", "gm_helfer.start", "bericht", str(datei), "--html"], capture_output=True,
                       text=True, timeout=60)
    assert h.returncode == 0 and h.stdout.startswith("<!DOCTYPE html>")
    fehlt = subprocess.run([sys.executable, "-m", "gm_helfer.start", "bericht", str(tmp_path / "gibtsnicht.jsonl")],
                           capture_output=True, text=True, timeout=60)
    assert fehlt.returncode == 1 and "nicht gefunden" in fehlt.stderr and "Traceback" not in fehlt.stderr
