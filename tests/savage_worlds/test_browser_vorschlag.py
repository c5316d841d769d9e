"""Browser: ein Nichtspieler handelt per Vorschlag („Gruppe handelt“/„Vorschlag spielen“), das Lagebild erscheint."""

from __future__ import annotations

import re

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "savage_worlds_kampf.py"
HELDEN = {"Brakka", "Lena Falk", "Mira", "Theo vom Stein", "Söldner 1", "Söldner 2"}


def _knopf(seite, name):
    return seite.get_by_role("button", name=name, exact=True)


def _da(seite, name) -> bool:
    k = _knopf(seite, name)
    return bool(k.count()) and k.first.is_visible() and k.first.is_enabled()


def _schritte(seite) -> int:
    return int(re.search(r"\d+", seite.locator("#sw-schritte").first.inner_text(timeout=20_000)).group())


@pytest.mark.browser
def test_npc_handelt_per_vorschlag_und_lagebild(browser_seite, warte_fertig, keine_zellfehler, tmp_path):
    seite = browser_seite(NOTEBOOK, kaempfe=tmp_path / "kaempfe")  # eigener Server: erbt keinen Kampf
    keine_zellfehler(seite)

    def klick(name):
        _knopf(seite, name).first.click(timeout=60_000)
        warte_fertig(seite)

    klick("Neuer Kampf")
    expect(seite.locator("#sw-lage").first).to_contain_text("Kampf bereit", timeout=30_000)
    klick("Neue Runde: Karten austeilen")
    gehandelt = False
    for _ in range(30):
        wer = seite.locator("#sw-am-zug").first.inner_text(timeout=20_000)
        n = _schritte(seite)
        if wer not in HELDEN and _da(seite, "Gruppe handelt"):
            klick("Gruppe handelt")
            assert _schritte(seite) > n
            gehandelt = True
            break
        if wer not in HELDEN and _da(seite, "Vorschlag spielen"):
            klick("Vorschlag spielen")
            assert _schritte(seite) > n
            gehandelt = True
            break
        for name in ("Nicht wegstecken", "Außer-Gefecht-Probe", "Schaden würfeln", "Erholungsprobe", "Angreifen",
                     "Zug beenden, nächste Karte", "Neue Runde: Karten austeilen"):
            if _da(seite, name):
                klick(name)
                break
    assert gehandelt, "Kein Nichtspieler kam an die Reihe."
    # das Lagebild ist vorgegeben an und rechnet im Hintergrund (tisch_lage)
    expect(seite.locator("#lagebild").first).to_contain_text("Helden gewinnen", timeout=120_000)
