"""Zeitstrahl: die Verteidigung im Panel ist vorgewählt, wie sie nach den exakten Chancen am besten
ist, und nur mit erlaubten Wahlen (Issue 23: „Blocken“ mit einer Kettenwaffe, die nicht blocken
kann; „Zeitstrahl preselects passive defence, so every attack shows 95 %“)."""

from __future__ import annotations

from gm_helfer import zeitstrahl as z
from gm_helfer.zeitstrahl import zug
from gm_helfer.zeitstrahl.vorschau import verteidigungs_wahlen

from .test_zeitstrahl_kampf import FLEGEL, SCHWERT, gestartet, kaempfer


def test_beste_verteidigung_nach_den_chancen_und_nie_blocken_mit_der_kette():
    """„mit Kettenwaffen ist kein Blocken möglich“ – die Vorgabe-Waffe kann parieren und blocken."""
    ada = kaempfer("Ada", waffen=(SCHWERT,))
    ork = kaempfer("Ork", "Feinde", waffen=(FLEGEL, SCHWERT))
    k = gestartet(ada, ork, positionen={"Ada": 0, "Ork": 3})
    v = zug.verteidigung_vorgabe(k, "Ada", "Ork")
    assert v is not None
    wahlen = [w for w in verteidigungs_wahlen(k, "Ada", "Ork", "Schwert") if not w.grund and w.chancen is not None]
    assert v.treffer == min(w.chancen.treffer for w in wahlen)  # die beste erlaubte Wahl
    assert v.treffer < next(w.chancen.treffer for w in wahlen if w.art == "passiv") or v.art == "passiv"
    assert ("blocken", "Flegel") in v.grund and "Kettenwaffe" in v.grund[("blocken", "Flegel")]
    assert v.art != "blocken" or v.waffe != "Flegel"
    if v.waffe is not None and v.art in ("passiv", "ausweichen"):
        assert v.waffe == "Schwert"  # Parade und Blocken gehen beide
    assert zug.verteidigung_vorgabe(k, "Ada", "Ada") is None
    assert zug.verteidigung_vorgabe(z.neuer_kampf([ada, ork]), "Ada", "Ork") is None


def test_gesperrte_verteidigungen_stehen_vor_dem_klick_mit_grund():
    ada = kaempfer("Ada", waffen=(SCHWERT,))
    ork = kaempfer("Ork", "Feinde", waffen=(FLEGEL, SCHWERT))
    k = gestartet(ada, ork, positionen={"Ada": 0, "Ork": 3})
    text = zug.gesperrte_verteidigungen(zug.verteidigung_vorgabe(k, "Ada", "Ork"))
    assert "✗ Blocken mit Flegel: Mit der Kettenwaffe Flegel ist kein Blocken möglich." in text
    assert zug.gesperrte_verteidigungen(None) == ""
