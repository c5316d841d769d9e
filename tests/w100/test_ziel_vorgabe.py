"""Die Zielvorgabe des Panels (Issue 23, Punkt 5): „The default target is the foe the actor is most
likely to take out this action (from the exact odds), and the target list shows that chance beside
each name; ties by the side's tactic.“ In W100 heißt „ausgeschaltet“ kampfunfähig."""

from __future__ import annotations

from gm_helfer.tisch_kern import prozent
from gm_helfer.w100 import Kaempfer, Waffe, anwenden, ergreifen_verzicht_ereignis, initiative_ereignis, neuer_kampf
from gm_helfer.w100.simulation import Taktik
from gm_helfer.w100.tisch import zug

AXT = Waffe("Axt", "nahkampf", 40, "2W10", "schnitt", 1.5)


def _kampf(*kaempfer):
    k = neuer_kampf(list(kaempfer))
    k = anwenden(k, initiative_ereignis(k, augen={x.name: ("99" if x.name == "Ada" else "01") for x in kaempfer}))
    return anwenden(k, ergreifen_verzicht_ereignis(k))


def _gegner(name, db=20, lp=30, x=1.0):
    return Kaempfer(name, "gegner", 0, db, 0, 0, 10, 50, (AXT,), lp=lp, position=(x, 0.0))


def test_vorgabe_ist_der_gegner_mit_der_hoechsten_ausschaltchance():
    # der Ork steht näher (alte Vorgabe), der verletzte Goblin (8 LP) fällt leichter
    k = _kampf(Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (AXT,)), _gegner("Ork", x=1.0),
               _gegner("Goblin", lp=8, x=1.4))
    assert zug.am_zug(k) == "Ada" and zug.standard_ziel(k, "Ada") == "Ork"
    chancen = zug.ausschalt_chancen(k, "Ada")
    assert chancen["Goblin"] > chancen["Ork"]
    optionen, vorgabe = zug.ziel_optionen(k, "Ada")
    assert vorgabe == "Goblin"
    assert list(optionen) == [f"Goblin – {prozent(chancen['Goblin'])} kampfunfähig",
                              f"Ork – {prozent(chancen['Ork'])} kampfunfähig"]
    assert zug.ausschalt_chancen(k, "Ada") is chancen  # gemerkt: derselbe Zustand rechnet nicht neu


def test_ausschaltchance_stimmt_mit_der_vorschau_des_panels():
    """Dieselbe Zahl wie „Ziel kampfunfähig“ der Vorschau (Abwehr „keine“) – deren Verteilungen prüfen
    die Tests von :mod:`gm_helfer.w100.chancen` gegen Abzählen."""
    from gm_helfer.w100.tisch import sitzung

    k = _kampf(Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (AXT,)), _gegner("Ork"), _gegner("Goblin", lp=8, x=1.4))
    for ziel, p in zug.ausschalt_chancen(k, "Ada").items():
        v = sitzung.vorschau(zug.im_zug(k, "Ada"), ziel, "Axt")
        assert abs(v.kampfunfaehig - p) < 1e-12


def test_gleichstand_nach_der_taktik_der_seite(monkeypatch):
    k = _kampf(Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (AXT,)), _gegner("Ork", lp=30, x=1.4),
               _gegner("Goblin", lp=20, x=1.0))
    monkeypatch.setattr(zug, "ausschalt_chancen", lambda *a, **kw: {"Ork": 0.25, "Goblin": 0.25})
    assert zug.ziel_optionen(k, "Ada")[1] == "Goblin"  # Standard „naechster“
    assert zug.ziel_optionen(k, "Ada", taktik=Taktik(ziel="erster"))[1] == "Ork"
    assert zug.ziel_optionen(k, "Ada", taktik=Taktik(ziel="staerkster"))[1] == "Ork"
    assert zug.ziel_optionen(k, "Ada", taktik=Taktik(ziel="schwaechster"))[1] == "Goblin"
    monkeypatch.setattr(zug, "ausschalt_chancen", lambda *a, **kw: {"Ork": 0.3, "Goblin": 0.25})
    assert zug.ziel_optionen(k, "Ada", taktik=Taktik(ziel="schwaechster"))[1] == "Ork"  # die Chance geht vor


def test_nie_ein_verbuendeter():
    bo = Kaempfer("Bo", "helden", 0, 20, 0, 0, 20, 50, (AXT,), position=(0.5, 0.0))
    k = _kampf(Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (AXT,)), bo, _gegner("Ork"), _gegner("Goblin", x=1.4))
    assert set(zug.ausschalt_chancen(k, "Ada")) == {"Ork", "Goblin"}
    optionen, vorgabe = zug.ziel_optionen(k, "Ada")
    assert vorgabe in ("Ork", "Goblin") and "Ada" not in optionen.values()
    assert list(optionen.values())[-1] == "Bo" and "Bo" in optionen  # wählbar, ohne Chance, hinten
