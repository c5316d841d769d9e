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
    """Der Kampfordner des marimo-Servers für dieses Notebook (conftest legt ihn in Temp an): der mit
    dem neuesten Kampf – laufen im selben Prozess mehrere Server dieses Notebooks, sortiert „…kampf10“
    vor „…kampf2“, der letzte Ordner nach Namen war dann nicht der des Laptops."""
    ordner = list(tmp_path_factory.getbasetemp().glob("server_savage_worlds_kampf*/kaempfe"))
    assert ordner, "Kampfordner des Servers nicht gefunden"
    return max(ordner, key=lambda o: max((d.stat().st_mtime for d in o.glob("savage_worlds_*.jsonl")), default=0.0))


def _fortsetzen(seite, runde, warte_fertig, knopf="Kampf fortsetzen"):
    """Gespeicherte Kämpfe sind mit Kämpfern, Runde und letztem Schritt beschriftet: gewählt wird
    der neueste mit „Runde <runde>“."""
    auswahl = seite.get_by_role("combobox", name="Gespeicherter Kampf").first
    texte = auswahl.evaluate("s => Array.from(s.options).map(o => o.text)")
    auswahl.select_option(index=next(i for i, t in enumerate(texte) if f"· Runde {runde} ·" in t))
    warte_fertig(seite)
    _klicken(seite, knopf, warte_fertig)


@pytest.mark.browser
def test_zweite_sitzung_bekommt_meldung_und_kann_nicht_schreiben(
    browser_seite, warte_fertig, keine_zellfehler, tmp_path_factory, tmp_path
):
    laptop = browser_seite(NOTEBOOK)
    _klicken(laptop, "Neuer Kampf", warte_fertig)
    expect(laptop.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
    _klicken(laptop, "Neue Runde: Karten austeilen", warte_fertig)  # Runde, Karten, erste Karte
    expect(laptop.locator("#sw-schritte").first).to_have_text("3 Schritte", timeout=30_000)
    ordner = _kampfordner(tmp_path_factory)
    kampf = max(ordner.glob("savage_worlds_*.jsonl"), key=lambda d: d.stat().st_mtime)
    # ein kaputtes Protokoll daneben (Zeile 2 zerstört): Runde 0
    kaputt = ordner / "savage_worlds_kaputt.jsonl"
    kopf = json.loads(kampf.read_text(encoding="utf-8").splitlines()[0])
    kaputt.write_text(json.dumps(kopf) + "\nkaputt\n{}\n", encoding="utf-8")

    tablet = browser_seite(NOTEBOOK)
    # 4. Fortsetzen scheitert: der Grund mit Datei und Zeile steht da, nicht nur „Noch kein Kampf“
    _fortsetzen(tablet, 0, warte_fertig)
    expect(tablet.locator("#sw-meldung").first).to_contain_text("Zeile 2", timeout=30_000)
    assert kaputt.name in _text(tablet, "sw-meldung")
    # 1. derselbe Kampf im zweiten Tab: Meldung der Sperre; ansehen geht, schreiben nicht
    _fortsetzen(tablet, 1, warte_fertig)
    expect(tablet.locator("#sw-meldung").first).to_contain_text("anderen Sitzung", timeout=30_000)
    _fortsetzen(tablet, 1, warte_fertig, "Nur ansehen")
    expect(tablet.locator("#sw-nur-lesen").first).to_be_visible(timeout=30_000)
    assert _schritte(tablet) == 3
    groesse = kampf.stat().st_size
    # Issue 23: die Schritt-Knöpfe sind schon vor dem Klick gesperrt (grau, nicht anklickbar)
    knopf = tablet.get_by_role("button", name="Zug beenden, nächste Karte").first
    assert knopf.evaluate("b => b.disabled || getComputedStyle(b).pointerEvents === 'none'")
    knopf.click(force=True)
    warte_fertig(tablet)
    assert kampf.stat().st_size == groesse, "Die zweite Sitzung hat in das Protokoll geschrieben."
    # der Laptop schreibt weiter; das Tablet folgt (von selbst, und mit „Nachladen“)
    _klicken(laptop, "Zug beenden, nächste Karte", warte_fertig)
    # ein Klick: fertig samt nächster Karte (5 Schritte) – oder, handeln auf der Karte noch andere
    # (Brakkas Söldner, eine Gruppe), das nächste Mitglied (4)
    expect(laptop.locator("#sw-schritte").first).not_to_have_text("3 Schritte", timeout=30_000)
    n = _schritte(laptop)
    assert n in (4, 5)
    _klicken(tablet, "Nachladen", warte_fertig)
    expect(tablet.locator("#sw-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    assert "⚠" not in _text(laptop, "sw-meldung")
    # ausdrücklich übernehmen: das Tablet schreibt, der Laptop kann nichts mehr eintragen
    _fortsetzen(tablet, 1, warte_fertig, "Kampf übernehmen")
    expect(tablet.locator("#sw-meldung").first).to_contain_text("Übernommen", timeout=30_000)
    expect(tablet.locator("#sw-nur-lesen")).to_have_count(0, timeout=30_000)
    _klicken(tablet, "Rückgängig", warte_fertig)  # ein Klick „Zug beenden“ (fertig + nächste Karte): ein Rückgängig
    expect(tablet.locator("#sw-schritte").first).to_have_text("3 Schritte", timeout=30_000)
    groesse = kampf.stat().st_size
    _klicken(laptop, "Rückgängig", warte_fertig)
    expect(laptop.locator("#sw-meldung").first).to_contain_text("übernommen", timeout=30_000)
    assert kampf.stat().st_size == groesse, "Der verdrängte Laptop hat noch geschrieben."
    keine_zellfehler(laptop)
    keine_zellfehler(tablet)
    tablet.screenshot(path=str(tmp_path / "tablet.png"), full_page=True)
    eintraege = [json.loads(z) for z in kampf.read_text(encoding="utf-8").splitlines()[1:]]
    # je zurückgenommenem Ereignis des Klicks ein Vermerk, das letzte zuerst
    assert [e["nr"] for e in eintraege] == list(range(1, 2 * n - 2))
    assert [e["rueckgaengig"] for e in eintraege[n:]] == list(range(n, 3, -1))
