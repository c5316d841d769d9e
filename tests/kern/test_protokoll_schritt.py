"""Ein Klick ist eine Rückgängig-Einheit: Schritt-Nummern im Protokoll (DESIGN.md › The flow of a
session: „A step the GM clicks is one undo unit (its events share a step id).“)."""

from __future__ import annotations

import json

import pytest

from gm_helfer.protokoll import Ereignis, ProtokollFehler, Verlauf, schritt_grenzen


def _plus(z: int, e: Ereignis) -> int:
    if e.daten.get("fehler"):
        raise ValueError("abgelehnt")
    return z + e.daten["n"]


def _start(_kopf) -> int:
    return 0


def test_ein_klick_ein_rueckgaengig():
    v = Verlauf(0, _plus)
    v.ausfuehren(Ereignis("plus", {"n": 1}))
    with v.schritt():
        v.ausfuehren(Ereignis("plus", {"n": 2}))
        v.ausfuehren(Ereignis("plus", {"n": 4}))
    assert v.zustand == 7
    assert v.schritte == (1, 2, 2)
    assert v.schritt_grenzen() == ((0, 1), (1, 3))
    assert v.rueckgaengig() == 1  # Angriff und Schaden zusammen zurück
    assert v.rueckgaengig() == 0
    assert not v.kann_rueckgaengig


def test_verschachtelt_gehoert_zum_aeusseren_schritt():
    v = Verlauf(0, _plus)
    with v.schritt():
        v.ausfuehren(Ereignis("plus", {"n": 1}))
        with v.schritt():
            v.ausfuehren(Ereignis("plus", {"n": 2}))
    with v.schritt():
        v.ausfuehren(Ereignis("plus", {"n": 3}))
    assert v.schritte == (1, 1, 3)


def test_abgelehntes_ereignis_im_schritt_laesst_den_rest_stehen():
    v = Verlauf(0, _plus)
    with v.schritt():
        v.ausfuehren(Ereignis("plus", {"n": 1}))
        with pytest.raises(ValueError):
            v.ausfuehren(Ereignis("plus", {"n": 9, "fehler": True}))
    assert v.zustand == 1 and v.schritte == (1,)


def test_wiederholen_bringt_den_ganzen_schritt_zurueck():
    v = Verlauf(0, _plus)
    with v.schritt():
        v.ausfuehren(Ereignis("plus", {"n": 2}))
        v.ausfuehren(Ereignis("plus", {"n": 5}))
    v.rueckgaengig()
    assert v.wiederholen() == 7
    assert len(set(v.schritte)) == 1 and len(v.schritte) == 2
    assert v.rueckgaengig() == 0


def test_datei_fortsetzen_kennt_die_schritte(tmp_path):
    datei = tmp_path / "k.jsonl"
    with Verlauf(0, _plus, datei=datei) as v:
        v.ausfuehren(Ereignis("plus", {"n": 1}))
        with v.schritt():
            v.ausfuehren(Ereignis("plus", {"n": 2}))
            v.ausfuehren(Ereignis("plus", {"n": 4}))
        live = (v.zustaende, v.ereignisse, v.schritte)
    w, warnungen = Verlauf.fortsetzen(datei, _start, _plus)
    assert not warnungen
    assert (w.zustaende, w.ereignisse, w.schritte) == live
    assert w.rueckgaengig() == 1
    w.schliessen()
    # jedes zurückgenommene Ereignis hat seinen Vermerk (alte Leser verstehen die Datei weiter)
    zeilen = [json.loads(z) for z in datei.read_text().splitlines()[1:]]
    assert [z.get("rueckgaengig") for z in zeilen[3:]] == [3, 2]
    u, _ = Verlauf.fortsetzen(datei, _start, _plus, nur_lesen=True)
    assert u.zustand == 1 and u.schritte == (1,)


def test_altes_protokoll_ohne_schritt_jedes_ereignis_ein_schritt(tmp_path):
    datei = tmp_path / "alt.jsonl"
    zeilen = [{"format": "gm_helfer-protokoll", "version": 1, "system": "", "kopf": {}}]
    zeilen += [{"nr": i, "zeit": "", "ereignis": {"art": "plus", "daten": {"n": i}}} for i in (1, 2, 3)]
    datei.write_text("".join(json.dumps(z) + "\n" for z in zeilen))
    v, _ = Verlauf.fortsetzen(datei, _start, _plus)
    assert v.schritte == (1, 2, 3)
    assert v.rueckgaengig() == 3
    v.schliessen()


def test_datei_schreibt_schritt_nur_wo_er_von_nr_abweicht(tmp_path):
    datei = tmp_path / "k.jsonl"
    with Verlauf(0, _plus, datei=datei) as v:
        v.ausfuehren(Ereignis("plus", {"n": 1}))
        with v.schritt():
            v.ausfuehren(Ereignis("plus", {"n": 2}))
            v.ausfuehren(Ereignis("plus", {"n": 4}))
    zeilen = [json.loads(z) for z in datei.read_text().splitlines()[1:]]
    assert [z.get("schritt") for z in zeilen] == [None, None, 2]
    assert all("schritt" not in z["ereignis"] for z in zeilen)  # das Ereignis selbst bleibt, wie es war


def test_kaputte_schritt_nummer_nennt_datei_und_zeile(tmp_path):
    datei = tmp_path / "k.jsonl"
    zeilen = [{"format": "gm_helfer-protokoll", "version": 1, "system": "", "kopf": {}},
              {"nr": 1, "zeit": "", "ereignis": {"art": "plus", "daten": {"n": 1}}},
              {"nr": 2, "zeit": "", "schritt": "x", "ereignis": {"art": "plus", "daten": {"n": 1}}}]
    datei.write_text("".join(json.dumps(z) + "\n" for z in zeilen))
    with pytest.raises(ProtokollFehler, match="k.jsonl, Zeile 3.*Schritt-Nummer"):
        Verlauf.fortsetzen(datei, _start, _plus)


def test_schritt_grenzen():
    assert schritt_grenzen([]) == ()
    assert schritt_grenzen([5, 5, 5]) == ((0, 3),)
