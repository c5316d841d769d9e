"""Issue 15, Punkte 1 und 4 im echten Browser: zwei Sitzungen (Laptop und Tablet) auf einem Kampf.

``marimo run`` bedient zwei Browser-Kontexte als zwei Threads eines Prozesses. Die zweite
Sitzung bekommt die Meldung der Sperre, sieht den Kampf nur an und kann nichts eintragen;
ein kaputtes Protokoll zeigt beim Fortsetzen den Grund mit Datei und Zeile.
"""

from __future__ import annotations

import json
import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "savage_worlds_kampf.py"


def _klicken(seite, name, warte_fertig):
    seite.get_by_role("button", name=name).first.click()
    warte_fertig(seite)


def _text(seite, hook):
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _schritte(seite) -> int:
    return int(re.search(r"\d+", _text(seite, "sw-schritte")).group())


def _kampfordner(tmp_path_factory):
    """Der Kampfordner des marimo-Servers für dieses Notebook (conftest legt ihn in Temp an)."""
    ordner = sorted(tmp_path_factory.getbasetemp().glob("server_savage_worlds_kampf*/kaempfe"))
    assert ordner, "Kampfordner des Servers nicht gefunden"
    return ordner[-1]


def _fortsetzen(seite, name, warte_fertig):
    seite.get_by_role("combobox", name="Gespeicherter Kampf").select_option(label=name)
    warte_fertig(seite)
    _klicken(seite, "Kampf fortsetzen", warte_fertig)


@pytest.mark.browser
def test_zweite_sitzung_bekommt_meldung_und_kann_nicht_schreiben(
    browser_seite, warte_fertig, keine_zellfehler, tmp_path_factory, tmp_path
):
    laptop = browser_seite(NOTEBOOK)
    _klicken(laptop, "Neuen Kampf beginnen", warte_fertig)
    expect(laptop.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
    _klicken(laptop, "Neue Runde", warte_fertig)
    expect(laptop.locator("#sw-schritte").first).to_have_text("1 Schritte", timeout=30_000)
    ordner = _kampfordner(tmp_path_factory)
    (kampf,) = [d for d in ordner.glob("savage_worlds_*.jsonl")]
    # ein kaputtes Protokoll daneben (Zeile 2 zerstört)
    kaputt = ordner / "savage_worlds_kaputt.jsonl"
    kopf = json.loads(kampf.read_text(encoding="utf-8").splitlines()[0])
    kaputt.write_text(json.dumps(kopf) + "\nkaputt\n{}\n", encoding="utf-8")

    tablet = browser_seite(NOTEBOOK)
    # 4. Fortsetzen scheitert: der Grund mit Datei und Zeile steht da, nicht nur „Noch kein Kampf“
    _fortsetzen(tablet, kaputt.name, warte_fertig)
    expect(tablet.locator("#sw-meldung").first).to_contain_text("Zeile 2", timeout=30_000)
    assert kaputt.name in _text(tablet, "sw-meldung")
    # 1. derselbe Kampf im zweiten Tab: Meldung der Sperre, nur zum Ansehen
    _fortsetzen(tablet, kampf.name, warte_fertig)
    expect(tablet.locator("#sw-meldung").first).to_contain_text("anderen Sitzung", timeout=30_000)
    expect(tablet.locator("#sw-nur-lesen").first).to_be_visible(timeout=30_000)
    assert _schritte(tablet) == 1
    groesse = kampf.stat().st_size
    _klicken(tablet, "Neue Runde", warte_fertig)
    expect(tablet.locator("#sw-meldung").first).to_contain_text("nur ansehen", timeout=30_000)
    assert kampf.stat().st_size == groesse, "Die zweite Sitzung hat in das Protokoll geschrieben."
    # der Laptop schreibt weiter; das Tablet folgt beim nächsten Klick
    _klicken(laptop, "Karten austeilen", warte_fertig)
    expect(laptop.locator("#sw-schritte").first).to_have_text("2 Schritte", timeout=30_000)
    _klicken(tablet, "Neue Runde", warte_fertig)
    expect(tablet.locator("#sw-schritte").first).to_have_text("2 Schritte", timeout=30_000)
    assert "⚠" not in _text(laptop, "sw-meldung")
    # ausdrücklich übernehmen: das Tablet schreibt, der Laptop kann nichts mehr eintragen
    tablet.get_by_role("checkbox", name=re.compile("übernehmen")).first.check()
    warte_fertig(tablet)
    _fortsetzen(tablet, kampf.name, warte_fertig)
    expect(tablet.locator("#sw-meldung").first).to_contain_text("Fortgesetzt", timeout=30_000)
    expect(tablet.locator("#sw-nur-lesen")).to_have_count(0, timeout=30_000)
    _klicken(tablet, "Rückgängig", warte_fertig)
    expect(tablet.locator("#sw-schritte").first).to_have_text("1 Schritte", timeout=30_000)
    groesse = kampf.stat().st_size
    _klicken(laptop, "Karten austeilen", warte_fertig)
    expect(laptop.locator("#sw-meldung").first).to_contain_text("übernommen", timeout=30_000)
    assert kampf.stat().st_size == groesse, "Der verdrängte Laptop hat noch geschrieben."
    keine_zellfehler(laptop)
    keine_zellfehler(tablet)
    tablet.screenshot(path=str(tmp_path / "tablet.png"), full_page=True)
    eintraege = [json.loads(z) for z in kampf.read_text(encoding="utf-8").splitlines()[1:]]
    assert [e["nr"] for e in eintraege] == [1, 2, 3] and eintraege[2]["rueckgaengig"] == 2
