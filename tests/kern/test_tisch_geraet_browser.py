"""Issue 23, Punkte 2 und 3 im echten Browser, am echten ``gm-helfer`` (mit Torwache).

Zwei Browser-Kontexte sind zwei Geräte (Laptop, Tablet); ein Neuladen oder ein zweiter Tab im
selben Kontext ist derselbe Browser. Vorher: nach dem Neuladen wies „Kampf fortsetzen“ den
Spielleiter etwa zwei Minuten lang ab („Prozess N auf …“); ein zuschauendes Gerät änderte sich
nur mit „Nachladen“, und seine Schritt-Knöpfe sahen anklickbar aus, bis ein Klick abgelehnt wurde.
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from server_hilfe import aufraeumen, gm_helfer_starten  # noqa: E402

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

from gm_helfer.browser import Verkehr  # noqa: E402
from gm_helfer.torwache import GERAET_COOKIE  # noqa: E402
from tests.conftest import _VERKEHR, ANTWORT_FRIST, STILLE, warte_bis_fertig  # noqa: E402

NOTEBOOK = "savage_worlds_kampf.py"
SCHRITT = "Zug beenden, nächste Karte"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    prozess, port, _ = gm_helfer_starten(tmp_path_factory.mktemp("geraet"), "--kein-browser")
    yield f"http://127.0.0.1:{port}/?file={NOTEBOOK}"
    aufraeumen(prozess)


def _oeffnen(kontext, url):
    seite = kontext.new_page()
    _VERKEHR[seite] = Verkehr(seite, antwort_frist=ANTWORT_FRIST, stille=STILLE)
    seite.goto(url)
    warte_bis_fertig(seite)
    return seite


def _klicken(seite, name):
    seite.get_by_role("button", name=name).first.click()
    warte_bis_fertig(seite)


def _text(seite, hook):
    return seite.locator(f"#{hook}").first.inner_text(timeout=20_000)


def _schritte(seite) -> int:
    return int(re.search(r"\d+", _text(seite, "sw-schritte")).group())


def _fortsetzen(seite, knopf="Kampf fortsetzen"):
    auswahl = seite.get_by_role("combobox", name="Gespeicherter Kampf").first
    texte = auswahl.evaluate("s => Array.from(s.options).map(o => o.text)")
    auswahl.select_option(index=next(i for i, t in enumerate(texte) if "· Runde 1 ·" in t))
    warte_bis_fertig(seite)
    _klicken(seite, knopf)


def _gesperrt(seite, name) -> bool:
    """Ob der Knopf gesperrt ist (``disabled`` oder durch den Nur-Lesen-Stil nicht anklickbar)."""
    return seite.get_by_role("button", name=name).first.evaluate(
        "b => b.disabled || getComputedStyle(b).pointerEvents === 'none'")


@pytest.mark.browser
def test_neuladen_und_zweiter_tab_setzen_sofort_fort_anderes_geraet_folgt_von_selbst(
    server, chromium_browser, keine_zellfehler, tmp_path
):
    laptop_kontext = chromium_browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    tablet_kontext = chromium_browser.new_context(viewport={"width": 820, "height": 1180}, locale="de-DE")
    try:
        laptop = _oeffnen(laptop_kontext, server)
        (keks,) = [k for k in laptop_kontext.cookies() if k["name"] == GERAET_COOKIE]
        assert keks["httpOnly"] and keks["sameSite"] == "Strict"
        _klicken(laptop, "Neuer Kampf")
        expect(laptop.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
        _klicken(laptop, "Neue Runde: Karten austeilen")
        expect(laptop.locator("#sw-schritte").first).to_have_text("3 Schritte", timeout=30_000)

        # 2. Neuladen: ein Klick, ohne Warten – der Kampf gehört wieder diesem Tab
        laptop.reload()
        warte_bis_fertig(laptop)
        vorher = time.monotonic()
        _fortsetzen(laptop)
        expect(laptop.locator("#sw-meldung").first).to_contain_text("Fortgesetzt", timeout=30_000)
        print(f"Fortsetzen nach dem Neuladen: {time.monotonic() - vorher:.1f} s")
        assert "🔒" not in _text(laptop, "sw-meldung")
        expect(laptop.locator("#sw-nur-lesen")).to_have_count(0)
        assert _schritte(laptop) == 3
        assert not _gesperrt(laptop, SCHRITT)

        # ein zweiter Tab desselben Browsers übernimmt ebenso; der erste kann nichts mehr eintragen
        zweiter = _oeffnen(laptop_kontext, server)
        _fortsetzen(zweiter)
        expect(zweiter.locator("#sw-meldung").first).to_contain_text("anderen Tab dieses Browsers", timeout=30_000)
        _klicken(laptop, "Rückgängig")
        expect(laptop.locator("#sw-meldung").first).to_contain_text("übernommen", timeout=30_000)
        laptop.close()
        _VERKEHR.pop(laptop, None)
        laptop = zweiter

        # ein anderes Gerät: abgewiesen, nur ansehen – Schritt-Knöpfe gesperrt, bevor jemand klickt
        tablet = _oeffnen(tablet_kontext, server)
        _fortsetzen(tablet)
        expect(tablet.locator("#sw-meldung").first).to_contain_text("anderen Sitzung", timeout=30_000)
        _fortsetzen(tablet, "Nur ansehen")
        expect(tablet.locator("#sw-nur-lesen").first).to_contain_text("Nur ansehen – schreibt eine andere Sitzung",
                                                                        timeout=30_000)
        for knopf in (SCHRITT, "Rückgängig"):
            assert _gesperrt(tablet, knopf), f"„{knopf}“ sieht beim Nur-Ansehen anklickbar aus"
        for knopf in ("Kampf übernehmen", "Nachladen"):
            assert not _gesperrt(tablet, knopf), f"„{knopf}“ muss beim Nur-Ansehen gehen"
        assert _schritte(tablet) == 3

        # 3. der Laptop schreibt; das Tablet folgt binnen 2 s, ohne Klick
        for _ in range(2):
            n = _schritte(laptop)
            klick = time.monotonic()
            _klicken(laptop, SCHRITT)
            expect(laptop.locator("#sw-schritte").first).not_to_have_text(f"{n} Schritte", timeout=30_000)
            neu = _schritte(laptop)
            geschrieben = time.monotonic()  # spätestens jetzt steht der Schritt in der Datei
            expect(tablet.locator("#sw-schritte").first).to_have_text(f"{neu} Schritte", timeout=2_000)
            print(f"Laptop fertig nach {geschrieben - klick:.2f} s, Tablet folgt "
                  f"{time.monotonic() - geschrieben:.2f} s danach")
        assert _gesperrt(tablet, SCHRITT)
        keine_zellfehler(laptop)
        keine_zellfehler(tablet)
        tablet.screenshot(path=str(tmp_path / "tablet.png"), full_page=True)
    finally:
        for kontext in (laptop_kontext, tablet_kontext):
            for seite in kontext.pages:
                _VERKEHR.pop(seite, None)
            kontext.close()
