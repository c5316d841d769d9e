"""Issue 9 im Live-Notebook (headless Chromium): Ausbluten vor den Karten, verlorene Unterbrechung.

Der Kampf wird mit der Bibliothek bis kurz vor die Stelle gespielt und als Protokolldatei in den
Kampfordner des marimo-Servers gelegt; das Notebook setzt ihn fort („Kampf fortsetzen“), danach
klickt der Test wie ein Spielleiter. Elemente werden über Beschriftungen und ids gefunden.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import sitzung
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Kaempfer, kampf_beginnen
from gm_helfer.savage_worlds.proben import Eigenschaft as E

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "savage_worlds_kampf.py"

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_browser import _zahlenfeld  # noqa: E402


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
        verlauf.schliessen()  # ein Schreiber je Kampf: das Notebook übernimmt
        return verlauf.datei.name

    return schreiben


def _schritte(seite) -> int:
    return int(re.search(r"\d+", seite.locator("#sw-schritte").first.inner_text(timeout=20_000)).group())


def _fortsetzen(seite, datei, anzahl, warte_fertig):
    # der eben geschriebene Kampf ist der neueste und steht vorn (beschriftet mit Kämpfern, Runde, letztem Schritt)
    del datei
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
        lambda z: k.ereignis_verzicht(z, "Alrik"),  # erst das Wegstecken (hier: verzichtet), dann die Probe
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
    erinnerung = "Alrik blutet aus: Ausbluten-Probe vor den Karten"
    expect(seite.get_by_text(erinnerung).first).to_be_visible(timeout=30_000)
    expect(seite.locator("#sw-lage").first).to_contain_text("wartet ab: Berta")

    _klicken(seite, "Neue Runde: Karten austeilen", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("⚠", timeout=30_000)
    assert "Alrik" in seite.locator("#sw-meldung").first.inner_text()
    assert _schritte(seite) == len(schritte)

    seite.get_by_role("textbox", name="Echte Würfel").first.fill("7, 2")  # 7 − 3 = 4: blutet weiter
    warte_fertig(seite)
    _klicken(seite, "Ausbluten-Probe", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 1} Schritte", timeout=30_000)
    expect(seite.locator("#sw-meldung").first).to_contain_text("blutet weiter", timeout=30_000)
    expect(seite.get_by_text(erinnerung)).to_have_count(0, timeout=30_000)
    expect(seite.get_by_role("button", name="Ausbluten-Probe", exact=True)).to_have_count(0)  # nur eine Probe je Runde

    _klicken(seite, "Neue Runde: Karten austeilen", warte_fertig)  # Karten und die erste Karte aufgerufen
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 3} Schritte", timeout=30_000)
    assert "⚠" not in seite.locator("#sw-meldung").first.inner_text()
    keine_zellfehler(seite)


@pytest.mark.browser
def test_verlorene_unterbrechung_ist_direkt_danach_dran(browser_seite, warte_fertig, keine_zellfehler, kampf_im_server,
                                                       aufklappen):
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

    aufklappen(seite, "Aktionen unterbrechen", seite.get_by_role("combobox", name="Wer unterbricht", exact=True).first)
    seite.get_by_role("combobox", name="Wer unterbricht", exact=True).first.select_option(label="Alrik")
    warte_fertig(seite)
    seite.get_by_role("combobox", name="wen", exact=True).first.select_option(label="Bandit 1")
    warte_fertig(seite)
    seite.get_by_role("textbox", name="Echte Würfel: eigene | gegnerische").first.fill("3, 2 | 5")  # 3 gegen 5: verloren
    warte_fertig(seite)
    _klicken(seite, "Unterbrechen", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 1} Schritte", timeout=30_000)
    expect(seite.locator("#sw-meldung").first).to_contain_text("Bandit 1 handelt zuerst", timeout=30_000)

    # jeder Bandit handelt auf der Karte der Banditen; nach dem letzten ist Alrik sofort dran (nicht der Baron)
    _klicken(seite, "Zug beenden, nächste Karte", warte_fertig)  # Bandit 1 fertig, Bandit 2 ist dran
    expect(seite.locator("#sw-am-zug").first).to_have_text("Bandit 2", timeout=30_000)
    _klicken(seite, "Zug beenden, nächste Karte", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 4} Schritte", timeout=30_000)
    expect(seite.locator("#sw-lage").first).to_contain_text("an der Reihe: Alrik", timeout=30_000)
    # er kann nicht weiter abwarten: der Knopf ist aus, der Grund steht da
    expect(seite.get_by_role("button", name="Abwarten", exact=True).first).to_be_disabled()
    expect(seite.get_by_text("muss handeln").first).to_be_visible(timeout=30_000)
    keine_zellfehler(seite)


@pytest.mark.browser
def test_benny_wiederholt_erholung_und_zweiter_angriff_traegt_den_abzug(browser_seite, warte_fertig, keine_zellfehler,
                                                                        kampf_im_server):
    """Issue 14, Punkt 3: eine misslungene Erholungsprobe mit einem Benny wiederholen (mit den
    Chancen der Wiederholung), dann zwei angesagte Aktionen – die zweite zeigt den
    Mehrfachaktionsabzug von −2, ohne dass jemand eine Zahl neu eingibt. Klicks werden gezählt."""
    schritte = [
        k.ereignis_runde,
        lambda z: k.ereignis_karten(z, eingetippt={"Alrik": ["Q♠"], "Baron": ["K♠"]}),
        lambda z: k.ereignis_am_zug(z, "Baron"),
        lambda z: k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="9, 2"),
        lambda z: k.ereignis_schaden(z, augen="4, 3"),  # 7 gegen Robustheit 6: Angeschlagen
        k.ereignis_fertig,
        lambda z: k.ereignis_am_zug(z, "Alrik"),
    ]
    alrik = Kaempfer("Alrik", "Helden", True,
                     attribute=(("staerke", E(12)), ("konstitution", E(8)), ("geschicklichkeit", E(8)), ("willenskraft", E(6))),
                     fertigkeiten=(("kaempfen", E(10)), ("schiessen", E(8))), parade=7, robustheit=6,
                     waffen=(WAFFEN["Langschwert"], WAFFEN["Bogen"]), bennies=3)
    datei = kampf_im_server(kampf_beginnen([alrik, baron()]), schritte)
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _fortsetzen(seite, datei, len(schritte), warte_fertig)
    klicks = 0

    def klick(name):
        nonlocal klicks
        try:
            _klicken(seite, name, warte_fertig)
        except Exception:
            seite.screenshot(path="/tmp/sw_benny_fehler.png", full_page=True)
            keine_zellfehler(seite)
            raise
        klicks += 1

    seite.get_by_role("textbox", name="Angriff: echte Würfel").first.fill("3, 2")  # Willenskraft 3: Fehlschlag
    warte_fertig(seite)
    klick("Erholungsprobe")
    expect(seite.locator("#sw-meldung").first).to_contain_text("bleibt Angeschlagen", timeout=30_000)
    # die Entscheidung steht im Panel und in der Aufgabenliste, mit den Chancen der Wiederholung
    expect(seite.locator("#sw-besser-erholung").first).to_contain_text("%", timeout=30_000)
    assert "Erholungsprobe mit einem Benny wiederholen" in seite.locator("#sw-aufgaben").first.inner_text()
    seite.locator("#sw-besser-erholung").first.scroll_into_view_if_needed()
    seite.screenshot(path="/tmp/sw_benny_erholung.png")
    feld = seite.get_by_role("textbox", name="Echte Würfel")
    feld.last.fill("6+3, 2")  # 9: Steigerung
    warte_fertig(seite)
    klick("Benny: Erholungsprobe wiederholen")
    expect(seite.locator("#sw-meldung").first).to_contain_text("das zählt", timeout=30_000)
    assert _schritte(seite) == len(schritte) + 2
    assert klicks == 2  # Probe und Wiederholung
    expect(seite.get_by_role("button", name="Benny: Erholungsprobe wiederholen", exact=True)).to_have_count(0)

    # zwei Aktionen ansagen (die einzige Zahl, und nur vor der ersten Aktion), angreifen
    f = _zahlenfeld(seite, "Aktionen ansagen (erste Aktion der Runde)")
    f.fill("2")
    f.press("Enter")
    warte_fertig(seite)
    expect(seite.get_by_text("Mehrfachaktionen −2").first).to_be_visible(timeout=30_000)
    seite.get_by_role("textbox", name="Angriff: echte Würfel").first.fill("2, 1")
    warte_fertig(seite)
    klicks = 0
    klick("Angreifen")
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{len(schritte) + 3} Schritte", timeout=30_000)
    # die zweite Aktion: andere Waffe wählen – der Abzug steht da, ohne neue Eingabe
    seite.get_by_role("combobox", name="Waffe", exact=True).first.select_option("Bogen")
    warte_fertig(seite)
    expect(seite.locator("#sw-aktionen").first).to_contain_text("Mehrfachaktionen −2", timeout=30_000)
    expect(seite.locator("#sw-treffer").first).to_contain_text("%", timeout=30_000)
    assert "Mehrfachaktionen −2" in seite.locator("#sw-treffer").first.locator("xpath=..").inner_text()
    with pytest.raises(AssertionError, match="kein Zahlenfeld"):  # nach der ersten Aktion keine Eingabe mehr
        _zahlenfeld(seite, "Aktionen ansagen (erste Aktion der Runde)")
    klick("Angreifen")
    expect(seite.locator("#sw-schritte").first).not_to_have_text(f"{len(schritte) + 3} Schritte", timeout=30_000)
    assert "mit Bogen an (Mehrfachaktionen −2" in seite.locator("#sw-meldung").first.inner_text()
    assert klicks == 2  # zwei Angriffe, keine Zahl neu eingegeben
    keine_zellfehler(seite)


def _soeldner(i):
    return Kaempfer(f"Söldner {i}", "Helden", False, verbuendet_mit="Alrik",
                    attribute=(("staerke", E(8)),), fertigkeiten=(("kaempfen", E(6)),),
                    parade=6, robustheit=7, waffen=(WAFFEN["Speer"],))


@pytest.mark.browser
def test_wegstecken_vor_der_ausser_gefecht_probe_und_soeldner_auf_der_karte(
        browser_seite, warte_fertig, keine_zellfehler, kampf_im_server):
    """Issue „The flow of a session“: „taking the Außer-Gefecht roll first makes the soak disappear“ –
    beide Reihenfolgen im Live-Notebook: erst die Probe wird abgelehnt (das Wegstecken bleibt), dann
    verzichtet und gewürfelt; zurückgenommen und diesmal weggesteckt. Danach handeln Alriks
    Söldner auf seiner Karte, obwohl er Angeschlagen bleibt („Alle verbündeten Statisten unter der
    Kontrolle des jeweiligen Spielers handeln auf seiner Aktionskarte.“)."""
    schritte = [
        k.ereignis_runde,
        lambda z: k.ereignis_karten(z, eingetippt={"Baron": ["K♠"], "Alrik": ["Q♥"]}),
        k.ereignis_am_zug,
        lambda z: k.ereignis_manoever(z, "Alrik", grund="Trick"),  # Alrik ist Angeschlagen
        lambda z: k.ereignis_angriff(z, "Baron", "Alrik", "Langschwert", augen="10+6, 1"),
        lambda z: k.ereignis_schaden(z, augen="10+10+3, 8+2, 6+5"),  # 44 gegen 6: weit über drei Wunden
    ]
    start = kampf_beginnen([held("Alrik"), _soeldner(1), _soeldner(2), baron()])
    datei = kampf_im_server(start, schritte)
    seite = browser_seite(NOTEBOOK)
    keine_zellfehler(seite)
    _fortsetzen(seite, datei, len(schritte), warte_fertig)
    n = len(schritte)
    # von Hand, wie am Tisch ohne Automatik: der Schalter „Gegnergruppe spielt … weiter“ beendete
    # sonst nach Alriks Entscheidung die Karte des Barons im selben Schritt (Issue 26, Punkt 3)
    gruppe = seite.get_by_role("switch", name=re.compile("Gegnergruppe spielt"))
    expect(gruppe.first).to_be_checked(timeout=30_000)
    gruppe.first.click()
    warte_fertig(seite)
    expect(gruppe.first).not_to_be_checked(timeout=30_000)
    # Reihenfolge 1: erst die Außer-Gefecht-Probe – abgelehnt, das Wegstecken bleibt offen
    _klicken(seite, "Außer-Gefecht-Probe", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("Erst entscheidet Alrik", timeout=30_000)
    assert _schritte(seite) == n
    expect(seite.get_by_role("button", name="Wegstecken (Benny)", exact=True).first).to_be_visible()
    _klicken(seite, "Nicht wegstecken", warte_fertig)  # ausgeschlagen – im Protokoll
    _klicken(seite, "Außer-Gefecht-Probe", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{n + 2} Schritte", timeout=30_000)
    # Reihenfolge 2: beides zurück, diesmal wegstecken (eingetippt: alle Wunden weg)
    _klicken(seite, "Rückgängig", warte_fertig)
    _klicken(seite, "Rückgängig", warte_fertig)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{n} Schritte", timeout=30_000)
    # das Panel baut sich nach zwei Rückgängig mitunter noch einmal auf: eintippen, bis das Feld den Wert hält,
    # und ein Klick, der auf einem alten Knopf landete (kein Schritt, die Meldung noch „Zurückgenommen“), zählt nicht
    wegstecken = seite.get_by_role("button", name="Wegstecken (Benny)", exact=True)
    for _ in range(3):
        if _schritte(seite) > n or not (wegstecken.count() and wegstecken.first.is_visible()):
            break
        feld = seite.get_by_role("textbox", name="Echte Würfel", exact=True).first  # das Feld des Wegsteckens
        feld.fill("8+8+8+8+8+2, 3")
        warte_fertig(seite)
        if feld.input_value() == "8+8+8+8+8+2, 3":
            _klicken(seite, "Wegstecken (Benny)", warte_fertig)
        seite.wait_for_timeout(1000)
    expect(seite.locator("#sw-meldung").first).to_contain_text("9 von 9 Wunden weg", timeout=30_000)
    expect(seite.locator("#sw-schritte").first).to_have_text(f"{n + 1} Schritte", timeout=30_000)
    expect(seite.get_by_role("button", name="Außer-Gefecht-Probe", exact=True)).to_have_count(0, timeout=30_000)
    # Alriks Karte: er bleibt Angeschlagen (misslungene Erholung), seine Söldner handeln trotzdem
    _klicken(seite, "Zug beenden, nächste Karte", warte_fertig)
    expect(seite.locator("#sw-am-zug").first).to_have_text("Alrik", timeout=30_000)
    expect(seite.locator("#sw-karte-noch").first).to_have_text("Söldner 1, Söldner 2", timeout=30_000)
    seite.get_by_role("textbox", name="Angriff: echte Würfel").first.fill("2, 1")
    warte_fertig(seite)
    _klicken(seite, "Erholungsprobe", warte_fertig)
    expect(seite.locator("#sw-meldung").first).to_contain_text("Alrik", timeout=30_000)
    _klicken(seite, "Zug beenden, nächste Karte", warte_fertig)
    expect(seite.locator("#sw-am-zug").first).to_have_text("Söldner 1", timeout=30_000)
    expect(seite.locator("#sw-karte-noch").first).to_have_text("Söldner 2", timeout=30_000)
    _klicken(seite, "Zug beenden, nächste Karte", warte_fertig)
    expect(seite.locator("#sw-am-zug").first).to_have_text("Söldner 2", timeout=30_000)
    keine_zellfehler(seite)
