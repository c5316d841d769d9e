"""Issue 23, Punkt 2: ein Neuladen kostet nichts – die Sperre geht an denselben Browser über.

Vorher: lud der Spielleiter die Seite neu, hielt die alte marimo-Sitzung (ein Thread im selben
Prozess) die Sperre noch; „Kampf fortsetzen“ wurde mit „Prozess N auf vm“ abgewiesen, bis die
Sitzung nach etwa zwei Minuten endete. Jetzt: dasselbe Gerät (dasselbe Geräte-Cookie) bekommt die
Sperre sofort übergeben – der alte Tab kann danach nichts mehr eintragen (wie beim Übernehmen);
ein anderes Gerät und ein Schreiber ohne Gerät bleiben abgewiesen. Ein Schreiber, nie zwei.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest

from gm_helfer.protokoll import GesperrtFehler, VerdraengtFehler, geraet
from gm_helfer.tisch_kern import fortsetzen as tisch_fortsetzen
from tests.kern.test_protokoll_haerte import fortsetzen, neu, p, plus, start

LAPTOP = "L" * 43
TABLET = "T" * 43


def _im_faden(f):
    """``f()`` in einem eigenen Thread (wie eine zweite marimo-Sitzung): Ergebnis oder Fehler."""
    aus: dict = {}

    def laufen():
        try:
            aus["wert"] = f()
        except Exception as fehler:  # noqa: BLE001 – der Test prüft die Art
            aus["fehler"] = fehler

    t = threading.Thread(target=laufen)
    t.start()
    t.join()
    return aus


def _alter_tab(datei: Path):
    with geraet(LAPTOP):
        a = neu(datei)
    a.ausfuehren(p(1))
    return a


def test_neu_geladener_tab_desselben_geraets_setzt_sofort_fort(tmp_path):
    datei = tmp_path / "k.jsonl"
    alt = _alter_tab(datei)

    def neuer_tab():
        with geraet(LAPTOP):
            return fortsetzen(datei)

    aus = _im_faden(neuer_tab)
    assert "fehler" not in aus, aus.get("fehler")
    b = aus["wert"]
    assert b.vom_selben_geraet and not b.nur_lesen and b.zustand == 1
    # übergeben, nicht geteilt: der alte Tab schreibt nichts mehr
    groesse = datei.stat().st_size
    with pytest.raises(VerdraengtFehler):
        alt.ausfuehren(p(100))
    assert datei.stat().st_size == groesse
    b.ausfuehren(p(2))
    assert b.zustand == 3
    riegel = json.loads(datei.with_name(datei.name + ".sperre").read_text(encoding="utf-8"))
    assert riegel["token"] == b._sperre.token and LAPTOP not in json.dumps(riegel), "nur ein Hash des Cookies"


@pytest.mark.parametrize("anderes", [TABLET, None, "kurz"])
def test_anderes_geraet_oder_ohne_geraet_bleibt_abgewiesen(tmp_path, anderes):
    datei = tmp_path / "k.jsonl"
    alt = _alter_tab(datei)

    def anderes_geraet():
        with geraet(anderes):
            return fortsetzen(datei)

    aus = _im_faden(anderes_geraet)
    assert isinstance(aus.get("fehler"), GesperrtFehler)
    alt.ausfuehren(p(2))
    assert alt.zustand == 3


def test_ohne_geraet_beim_anlegen_kein_uebergeben(tmp_path):
    """Jupyter (kein Cookie): wie bisher – auch derselbe Browser muss ausdrücklich übernehmen."""
    datei = tmp_path / "k.jsonl"
    a = neu(datei)
    a.ausfuehren(p(1))

    def spaeter():
        with geraet(LAPTOP):
            return fortsetzen(datei)

    assert isinstance(_im_faden(spaeter).get("fehler"), GesperrtFehler)


def test_meldung_sagt_dass_der_andere_tab_abgegeben_hat(tmp_path):
    datei = tmp_path / "k.jsonl"
    alt = _alter_tab(datei)

    def neuer_tab():
        with geraet(LAPTOP):
            return tisch_fortsetzen(datei, start, plus)

    f = _im_faden(neuer_tab)["wert"]
    assert f.verlauf is not None and not f.gesperrt
    assert f.meldung.startswith("Fortgesetzt") and "anderen Tab dieses Browsers" in f.meldung
    with pytest.raises(VerdraengtFehler):
        alt.ausfuehren(p(1))
