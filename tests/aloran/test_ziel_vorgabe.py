"""Die Zielvorgabe des Panels (Issue 23, Punkt 5): „The default target is the foe the actor is most
likely to take out this action (from the exact odds), and the target list shows that chance beside
each name; ties by the side's tactic.“ In Aloran heißt „ausgeschaltet“ kampfunfähig oder bewusstlos
(wer nicht mehr handeln kann)."""

from __future__ import annotations

from gm_helfer.aloran import anwenden, neuer_kampf
from gm_helfer.aloran import kampf as ak
from gm_helfer.aloran.taktik import Taktik
from gm_helfer.aloran.tisch import zug
from gm_helfer.aloran.werte import ATTRIBUTE, beispielwerte
from gm_helfer.schnell import ersetzen
from gm_helfer.tisch_kern import prozent


def _kampf(*werte, augen):
    k = neuer_kampf(list(werte))
    for e in zug.runde_beginnen(k, augen=augen):
        k = anwenden(k, e)
    return k


def _werte(name, seite="Gegner", konstitution=3):
    attribute = {a: 3 for a in ATTRIBUTE} | {"konstitution": konstitution}
    return beispielwerte(name=name, seite=seite, attribute=attribute)


def _aus(kampf, wer, ziel, angriff):
    """Unabhängig nachgerechnet: die Folgen der Vorschau (die das Diagramm des Panels zeigt) mit der
    Abwehr der Taktik des Ziels."""
    abwehr = zug.verteidigung_vorschlag(kampf, wer, ziel, angriff)
    f = ak.vorschau(kampf, wer, ziel, angriff, abwehr).folgen
    return f.get("kampfunfähig", 0.0) + f.get("bewusstlos", 0.0)


def test_vorgabe_ist_der_gegner_mit_der_hoechsten_ausschaltchance():
    # der Goblin (Konstitution 1: niedrigere Wundschwellen) steht hinter dem Ork auf dem Bogen
    k = _kampf(_werte("Ada", "Helden"), _werte("Ork"), _werte("Goblin", konstitution=1),
               augen={"Ada": "9", "Ork": "1", "Goblin": "1"})
    assert zug.standard_ziel(k, "Ada") == "Ork"  # die alte Vorgabe: erster auf dem Bogen
    chancen = zug.ausschalt_chancen(k, "Ada")
    erwartet = {n: _aus(k, "Ada", n, "Schwert") for n in ("Ork", "Goblin")}
    assert chancen == erwartet and erwartet["Goblin"] > erwartet["Ork"]
    optionen, vorgabe = zug.ziel_optionen(k, "Ada")
    assert vorgabe == "Goblin"
    # die Auswahl zeigt die Chance neben jedem Gegner, in fallender Folge; Verbündete ohne Chance dahinter
    assert list(optionen) == [f"Goblin – {prozent(erwartet['Goblin'])} kampfunfähig",
                              f"Ork – {prozent(erwartet['Ork'])} kampfunfähig"]
    assert list(optionen.values()) == ["Goblin", "Ork"]
    assert zug.ausschalt_chancen(k, "Ada") is chancen  # gemerkt: derselbe Zustand rechnet nicht neu


def _mit_wunde(kampf, name):
    """Der Kampf, in dem ``name`` eine Wunde am Torso hat (sonst gleich)."""
    neu = tuple(ersetzen(x, wunden=(0, 1) + x.wunden[2:]) if x.name == name else x for x in kampf.kaempfer)
    return ersetzen(kampf, kaempfer=neu)


def test_gleichstand_nach_der_taktik_der_seite(monkeypatch):
    k = _kampf(_werte("Ada", "Helden"), _werte("Ork"), _werte("Goblin"), augen={"Ada": "9", "Ork": "1", "Goblin": "1"})
    chancen = zug.ausschalt_chancen(k, "Ada")
    assert chancen["Ork"] == chancen["Goblin"]  # gleiche Bögen: gleiche Chance
    assert zug.ziel_optionen(k, "Ada", taktik=Taktik(ziel="erster"))[1] == "Ork"
    # Gleichstand bei verschiedenen Wunden: die Zielwahl der Taktik entscheidet
    w = _mit_wunde(k, "Goblin")
    monkeypatch.setattr(zug, "ausschalt_chancen", lambda *a, **kw: {"Ork": 0.25, "Goblin": 0.25})
    assert zug.ziel_optionen(w, "Ada", taktik=Taktik(ziel="schwaechster"))[1] == "Goblin"
    assert zug.ziel_optionen(w, "Ada")[1] == "Goblin"  # Standardtaktik: „schwaechster“
    assert zug.ziel_optionen(w, "Ada", taktik=Taktik(ziel="staerkster"))[1] == "Ork"
    assert zug.ziel_optionen(w, "Ada", taktik=Taktik(ziel="erster"))[1] == "Ork"
    monkeypatch.setattr(zug, "ausschalt_chancen", lambda *a, **kw: {"Ork": 0.3, "Goblin": 0.25})
    assert zug.ziel_optionen(w, "Ada", taktik=Taktik(ziel="schwaechster"))[1] == "Ork"  # die Chance geht vor


def test_nie_ein_verbuendeter():
    k = _kampf(_werte("Ada", "Helden"), _werte("Bo", "Helden"), _werte("Ork"), _werte("Goblin"),
               augen={"Ada": "9", "Bo": "1", "Ork": "1", "Goblin": "1"})
    for wer, verbuendet in (("Ada", {"Bo"}), ("Bo", {"Ada"}), ("Ork", {"Goblin"}), ("Goblin", {"Ork"})):
        assert not verbuendet & set(zug.ausschalt_chancen(k, wer))
        optionen, vorgabe = zug.ziel_optionen(k, wer)
        assert vorgabe not in verbuendet and wer not in optionen.values()
        # Verbündete bleiben wählbar (ohne Chance, hinten)
        assert [n for n in optionen.values() if n in verbuendet] == list(optionen.values())[-1:]
        assert all("kampfunfähig" not in t for t, n in optionen.items() if n in verbuendet)
