"""Der Blick nach einem Schritt (``widgets.Blickfang``, Issue 23, Punkt 1) zieht den Spielleiter nie
zurück: scrollt er selbst weiter (etwa zum Lageplan unten), bleibt die Seite, wo er sie hinscrollt.

Vorher wiederholte der Blick 6 s lang alle 150 ms „Panel ins Fenster“ – wer in dieser Zeit nach
unten scrollte, wurde zurückgeholt, und ein Abschnitt mit ``lazy=True`` (der W100-Lageplan) lud nie,
weil er nie im Fenster stand (so in CI gesehen).
"""

from __future__ import annotations

import pytest

NOTEBOOK = "w100_kampf.py"


@pytest.mark.browser
def test_eigenes_scrollen_nach_einem_schritt_bleibt(browser_seite, zug_panel, tmp_path):
    seite = browser_seite(NOTEBOOK, kaempfe=tmp_path / "kaempfe")
    # ein niedriges Fenster: unter der Meldung steht mehr als ein Fenster voll, so steht sie nach dem
    # Scrollen sicher darüber (bei 800 px reichte die Seite vor dem ersten Zug nur knapp – seit die
    # Schalter der Gegner als Liste statt als JSON-Baum dastehen, nicht mehr)
    seite.set_viewport_size({"width": 1280, "height": 560})
    p = zug_panel(seite, "w100")
    p.bereit()
    p.mitkaempfen("Kultist", "Ork-Krieger", "Schattenwolf")  # alle Bögen: die Seite ist lang genug
    p.klick("Neuer Kampf")
    p.klick("Initiative würfeln")
    p.warte_auf("w100-meldung", "Initiative")
    # gleich nach dem Schritt (der Blick läuft noch): selbst ganz nach unten scrollen
    meldung = seite.locator("#w100-meldung").first

    def hoehe() -> float:  # wo die Meldung steht (marimo scrollt einen inneren Kasten, nicht das Fenster)
        return meldung.bounding_box()["y"]

    vorher = hoehe()
    seite.mouse.move(640, 400)
    seite.mouse.wheel(0, 20_000)
    seite.wait_for_timeout(400)
    gescrollt = hoehe()
    seite.wait_for_timeout(1500)  # zehn Takte des Blicks
    jetzt = hoehe()
    assert gescrollt < vorher - 300 and gescrollt < 0, (vorher, gescrollt)  # selbst nach unten gescrollt
    assert jetzt <= gescrollt + 5, (
        f"der Blick hat die Seite zurück zum Panel gezogen (Meldung bei y = {vorher:.0f} px, nach dem Scrollen "
        f"{gescrollt:.0f} px, 1,5 s später {jetzt:.0f} px)")
