"""Issue 24, Punkt 4 im echten Browser: ein Kampf aus einer gespeicherten Begegnung trägt ihren
Namen als Titel, die Notizen des Spielleiters landen neben dem Protokoll, und der Bericht zum
Herunterladen ist die kurze Form mit Titel, Schlagzeile und Notizen."""

from __future__ import annotations

from pathlib import Path

import pytest

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

NOTEBOOK = "aloran_kampf.py"


@pytest.mark.browser
def test_begegnung_titel_notizen_und_kurzer_bericht(browser_seite, warte_fertig, keine_zellfehler, marimo_server):
    seite = browser_seite(NOTEBOOK)
    wahl = seite.get_by_role("combobox", name="Begegnung laden").first
    texte = wahl.evaluate("s => Array.from(s.options).map(o => o.text)")
    wahl.select_option(index=next(i for i, t in enumerate(texte) if t.startswith("Hinterhalt im Wald")))
    warte_fertig(seite)
    seite.get_by_role("button", name="Neuer Kampf").first.click()
    warte_fertig(seite)
    titel = seite.get_by_role("textbox", name="Titel des Kampfes").first
    expect(titel).to_have_value("Hinterhalt im Wald", timeout=30_000)
    notiz = seite.get_by_role("textbox", name="Notizen des Spielleiters").first
    notiz.fill("Die Wegelagerer kannten Branns Namen.")
    notiz.blur()
    warte_fertig(seite)
    ordner = marimo_server.ordner[NOTEBOOK] / "kaempfe"
    datei = max(ordner.glob("aloran_*.jsonl.notizen.md"), key=lambda d: d.stat().st_mtime)
    expect(notiz).to_have_value("Die Wegelagerer kannten Branns Namen.")
    assert datei.read_text(encoding="utf-8") == "# Hinterhalt im Wald\n\nDie Wegelagerer kannten Branns Namen.\n"
    with seite.expect_download(timeout=30_000) as laden:
        seite.get_by_text("Bericht herunterladen (Markdown)").first.click()
    inhalt = Path(laden.value.path()).read_text(encoding="utf-8")
    assert inhalt.startswith("# Hinterhalt im Wald\n\n**Kampf noch offen")
    assert "Die Wegelagerer kannten Branns Namen." in inhalt and "Regel" not in inhalt
    keine_zellfehler(seite)
