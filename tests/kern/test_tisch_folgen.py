"""Issue 23, Punkt 3 (erste Hälfte), ohne Browser: eine Nur-Lesen-Sitzung folgt dem Schreiber von
selbst, und ihre Schritt-Knöpfe sind gesperrt, bevor jemand klickt – mit dem Grund.

Vorher: nur „Nachladen“ holte neue Schritte; Angriff, Zug beenden und Rückgängig sahen beim
Ansehen anklickbar aus, bis ein Klick abgelehnt wurde.
"""

from __future__ import annotations

from gm_helfer import tisch
from gm_helfer.tisch_bausteine import FREIE_KNOEPFE, nur_lesen_hinweis, nur_lesen_stil
from tests.kern.test_protokoll_haerte import fortsetzen, neu, p


def _tisch():
    versionen, meldungen = [], []
    t = tisch.Tisch(lambda f: versionen.append(f), meldungen.append)
    return t, versionen, meldungen


def test_nur_lesen_folgt_dem_schreiber_still(tmp_path):
    datei = tmp_path / "k.jsonl"
    schreiber = neu(datei)
    schreiber.ausfuehren(p(1))
    t, versionen, meldungen = _tisch()
    t.starten(fortsetzen(datei, nur_lesen=True), "angesehen")
    versionen.clear()
    meldungen.clear()
    t.folgen()  # nichts Neues: keine neue Version, keine Meldung (der Takt läuft jede Sekunde)
    assert versionen == [] and meldungen == []
    schreiber.ausfuehren(p(2))
    schreiber.ausfuehren(p(3))
    t.folgen()
    assert t.zustand == 6 and len(versionen) == 1
    assert meldungen == ["2 neue Schritte der anderen Sitzung übernommen."]


def test_schreiber_folgt_nicht_und_hat_keinen_takt(tmp_path):
    t, versionen, _ = _tisch()
    t.starten(neu(tmp_path / "k.jsonl"), "neu")
    versionen.clear()
    t.folgen()
    assert versionen == []
    assert "marimo-refresh" not in t.folger().text


def test_nur_lesen_hat_unsichtbaren_takt(tmp_path):
    datei = tmp_path / "k.jsonl"
    neu(datei).ausfuehren(p(1))
    t, _, _ = _tisch()
    t.starten(fortsetzen(datei, nur_lesen=True), "angesehen")
    html = t.folger().text
    assert "marimo-refresh" in html and "display:none" in html


def test_schritt_knoepfe_beim_ansehen_gesperrt_mit_grund(tmp_path):
    datei = tmp_path / "k.jsonl"
    neu(datei).ausfuehren(p(1))
    t, _, _ = _tisch()
    t.starten(fortsetzen(datei, nur_lesen=True), "angesehen")
    for knopf in (t.knopf("Zug beenden", lambda z: p(1)), t.rueckgaengig_knopf()):
        assert "data-disabled='true'" in knopf.text
        assert "Nur ansehen – schreibt eine andere Sitzung" in knopf.text
    hinweis = nur_lesen_hinweis(t.verlauf).text
    assert nur_lesen_stil() in hinweis and "Nur ansehen – schreibt eine andere Sitzung" in hinweis
    for frei in FREIE_KNOEPFE:
        assert f'u003e{frei}\\\\u003c' in nur_lesen_stil()


def test_schreiber_knoepfe_frei(tmp_path):
    t, _, _ = _tisch()
    t.starten(neu(tmp_path / "k.jsonl"), "neu")
    assert "data-disabled='false'" in t.knopf("Zug beenden", lambda z: p(1)).text
    assert "<style>" not in nur_lesen_hinweis(t.verlauf).text
