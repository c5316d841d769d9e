"""Issue 9 im Live-Notebook (headless Chromium): Ausbluten vor den Karten, verlorene Unterbrechung.

Der Kampf wird mit der Bibliothek bis kurz vor die Stelle gespielt und als Protokolldatei in den
Kampfordner des marimo-Servers gelegt; das Notebook setzt ihn fort („Kampf fortsetzen“), danach
klickt der Test wie ein Spielleiter. Elemente werden über Beschriftungen und ids gefunden.
"""

from __future__ import annotations

import re

import pytest

from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import sitzung
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Kaempfer, anwenden, kampf_beginnen
from gm_helfer.savage_worlds.proben import Eigenschaft as E

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "savage_worlds_kampf.py"


def held(name, **extra):
    return Kaempfer(name, "Helden", True,
                    attribute=(("staerke", E(12)), ("konstitution", E(8)), ("geschicklichkeit", E(8)), ("willenskraft", E(6))),
                    fertigkeiten=(("kaempfen", E(10)), ("heilen", E(6))), parade=7, robustheit=6,
                    waffen=(WAFFEN["Langschwert"],), bennies=3, **extra)


def bandit(i):
    return Kaempfer(f"Bandit {i}", "Schurken", False, gruppe="Banditen",
                    attribute=(("staerke", E(6)), ("geschicklichkeit", E(6))), fertigkeiten=(("kaempfen", E(6)),),
                    parade=5, robustheit=5, waffen=(WAFFEN["Kurzschwert"],))


def baron():
    return Kaempfer("Baron", "Schurken", True,
                    attribute=(("staerke", E(10)), ("konstitution", E(8)), ("geschicklichkeit", E(8)), ("willenskraft", E(8))),
                    fertigkeiten=(("kaempfen", E(10)),), parade=8, robustheit=9, waffen=(WAFFEN["Langschwert"],))


@pytest.fixture
def kampf_im_server(marimo_server, tmp_path_factory):
    """``kampf_im_server(start, schritte) -> Dateiname``: spielt ``schritte`` (Funktionen
    Zustand → Ereignis) und legt das Protokoll in den Kampfordner des laufenden Servers."""

    def schreiben(start, schritte) -> str:
        marimo_server(NOTEBOOK)  # startet den Server (einmal je Sitzung) samt Kampfordner
        ordner = max(tmp_path_factory.getbasetemp().glob("server_savage_worlds_kampf*/kaempfe"),
                     key=lambda p: p.stat().st_mtime)
        verlauf = sitzung.neuer_verlauf(start, ordner)
        for schritt in schritte:
            verlauf.ausfuehren(schritt(verlauf.zustand))
        schliessen = getattr(verlauf, "schliessen", None)  # ein Schreiber je Kampf (sobald es Sperren gibt)
        if schliessen is not None:
            schliessen()
        return verlauf.datei.name

    return schreiben


def _schritte(seite) -> int:
    return int(re.search(r"\d+", seite.locator("#sw-schritte").first.inner_text(timeout=20_000)).group())


def _fortsetzen(seite, datei, anzahl, warte_fertig):
    seite.get_by_role("combobox", name="Gespeicherter Kampf").select_option(label=datei)
    warte_fertig(seite)
    seite.get_by_role("button", name="Kampf fortsetzen").first.click()
    warte_fertig(seite)
    expect(seite.locator("#sw-meldung").first).to_contain_text("Fortgesetzt", timeout=30_000)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{anzahl} Schritte", timeout=30_000)


def _klicken(seite, name, warte_fertig):
    seite.get_by_role("button", name=name, exact=True).first.click()
    warte_fertig(seite)


@pytest.mark.browser
def test_ausbluten_erinnerung_und_keine_karten_vor_der_probe(browser_seite, warte_fertig, keine_zellfehler, kampf_im_server):
    """„Der verwundete Charakter muss am Anfang jeder weiteren Runde, noch bevor Aktionskarten
    ausgeteilt werden, eine Konstitutionsprobe ablegen.“ – im Live-Notebook: die Erinnerung steht da,
    obwohl Berta abwartend ihre Karte behält; Austeilen wird abgelehnt (mit Alriks Namen); genau eine
    Probe; danach gibt es Karten."""
    schritte = [
        k.ereignis_runde,
        lambda z: k.ereignis_karten(z, eingetippt={"Alrik": ["2♣"], "Berta": ["Q♥"], "Baron": ["K♠"]}),
        lambda z: k.ereignis_am_zug(z, "Baron"),
        lambda z: k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"),
        lambda z: k.ereignis_schaden(z, augen="6, 4"),  # eine Wunde zu den drei: Außer Gefecht
        lambda z: k.ereignis_ausser_gefecht(z, "Alrik", augen="5, 2", verletzung_augen="5, 5, 1"),  # 5 − 3: blutet
        k.ereignis_fertig,
        lambda z: k.ereignis_am_zug(z, "Berta"),
        k.ereignis_abwarten,
        k.ereignis_runde,
    ]
    datei = kampf_im_server(kampf_beginnen([held("Alrik", wunden=3), held("Berta"), baron()]), schritte)
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _fortsetzen(seite, datei, len(schritte), warte_fertig)
    erinnerung = "Alrik blutet: Ausbluten-Probe vor den Karten"
    expect(seite.get_by_text(erinnerung).first).to_be_visible(timeout=30_000)
    expect(seite.locator("#sw-lage").first).to_contain_text("wartet ab: Berta")

    _klicken(seite, "Karten austeilen", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("⚠", timeout=30_000)
    assert "Alrik" in seite.locator("#sw-meldung").first.inner_text()
    assert _schritte(seite) == len(schritte)

    seite.get_by_role("textbox", name="Echte Würfel (Ausbluten/Heilen)").first.fill("7, 2")  # 7 − 3 = 4: blutet weiter
    warte_fertig(seite)
    _klicken(seite, "Ausbluten-Probe (Rundenbeginn, vor den Karten)", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 1} Schritte", timeout=30_000)
    expect(seite.locator("#sw-meldung").first).to_contain_text("blutet weiter", timeout=30_000)
    expect(seite.get_by_text(erinnerung)).to_have_count(0, timeout=30_000)

    _klicken(seite, "Ausbluten-Probe (Rundenbeginn, vor den Karten)", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("schon", timeout=30_000)
    assert _schritte(seite) == len(schritte) + 1

    _klicken(seite, "Karten austeilen", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 2} Schritte", timeout=30_000)
    assert "⚠" not in seite.locator("#sw-meldung").first.inner_text()
    keine_zellfehler(seite)


@pytest.mark.browser
def test_verlorene_unterbrechung_ist_direkt_danach_dran(browser_seite, warte_fertig, keine_zellfehler, kampf_im_server):
    """„Falls der unterbrechende Charakter verliert, kann er sich nicht mehr entscheiden, weiter
    Abzuwarten, sondern muss zum nächstmöglichen Zeitpunkt handeln.“ – im Live-Notebook: nach dem
    Zug der Banditen ist Alrik dran, nicht der Baron."""
    schritte = [
        k.ereignis_runde,
        lambda z: k.ereignis_karten(z, eingetippt={"Alrik": ["K♠"], "Banditen": ["Q♥"], "Baron": ["3♣"]}),
        lambda z: k.ereignis_am_zug(z, "Alrik"),
        k.ereignis_abwarten,
        k.ereignis_am_zug,
    ]
    start = kampf_beginnen([held("Alrik"), bandit(1), bandit(2), baron()])
    datei = kampf_im_server(start, schritte)
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _fortsetzen(seite, datei, len(schritte), warte_fertig)
    expect(seite.locator("#sw-lage").first).to_contain_text("an der Reihe: Banditen", timeout=30_000)

    seite.get_by_text("Aktionen unterbrechen", exact=True).first.click()
    warte_fertig(seite)
    seite.get_by_role("combobox", name="Wer unterbricht (wartet ab / Joker)", exact=True).first.select_option(label="Alrik")
    warte_fertig(seite)
    seite.get_by_role("combobox", name="wen", exact=True).first.select_option(label="Bandit 1")
    warte_fertig(seite)
    seite.get_by_role("textbox", name="Echte Würfel: eigene | gegnerische").first.fill("3, 2 | 5")  # 3 gegen 5: verloren
    warte_fertig(seite)
    _klicken(seite, "Unterbrechen (Joker ohne Probe, sonst vergleichende Geschicklichkeit)", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 1} Schritte", timeout=30_000)
    expect(seite.locator("#sw-meldung").first).to_contain_text("Bandit 1 handelt zuerst", timeout=30_000)

    _klicken(seite, "Zug beenden", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 2} Schritte", timeout=30_000)
    expect(seite.locator("#sw-lage").first).to_contain_text("als Nächstes: Alrik", timeout=30_000)
    _klicken(seite, "Nächster ist dran", warte_fertig)
    expect(seite.locator("#sw-lage").first).to_contain_text("an der Reihe: Alrik", timeout=30_000)
    # er kann nicht weiter abwarten
    _klicken(seite, "Abwarten", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("muss handeln", timeout=30_000)
    keine_zellfehler(seite)
