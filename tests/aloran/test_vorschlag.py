"""Vorschläge für Nichtspielercharaktere (Issue 26): der Vorschlag ist, was die Simulation spielt.

Zufällige Live-Zustände entstehen durch zufällige, erlaubte Klicks (gleiche Initiative häufig, also
gleichzeitige Austausche; Abwarten, Bonusaktionen, Verzichten). In jedem Zustand gilt:

- der Vorschlag für den, der dran ist, ist genau der Schritt, den der Ereignispfad der Simulation
  (``simulation._runde_zu_ende``) als Nächstes spielt – und mit demselben Zufall derselbe Zustand;
- jeder Vorschlag ist erlaubt (er geht durch dieselben Prüfungen wie ein Klick von Hand);
- „Gruppe handelt“ spielt den ganzen Austausch als einen Schritt (ein Rückgängig) und hält an der
  Abwehr eines Helden an.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from gm_helfer.aloran import kampf as k
from gm_helfer.aloran import simulation
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.aloran.taktik import Gedaechtnis, Taktik, faellig
from gm_helfer.aloran.tisch import zug
from gm_helfer.aloran.werte import beispielwerte
from gm_helfer.protokoll import VERMERK
from gm_helfer.zug import GRUPPE_HAELT

TAKTIKEN = (Taktik(), Taktik(ziel="staerkster", verteidigung="parade"), Taktik(ziel="erster", verteidigung="keine"))


def _verlauf(zufall: random.Random) -> k.Verlauf:
    n = zufall.randint(2, 4)
    werte = [beispielwerte(name=f"K{i}", seite="Helden" if i % 2 == 0 else "Gegner") for i in range(n)]
    v = k.neuer_verlauf(k.neuer_kampf(werte), None)
    zug.neue_runde(v, rng=zufall, augen={w.name: str(zufall.choice([3, 3, 7])) for w in werte})
    return v


def _zufallsklick(zufall: random.Random, v: k.Verlauf) -> None:
    """Ein zufälliger erlaubter Klick (wie am Tisch, nicht nach der Taktik)."""
    kampf = v.zustand
    if zug.am_zug(kampf) is None:
        zug.neue_runde(v, rng=zufall)
        return
    wer = zufall.choice(zug.handelnde(kampf))
    erlaubt = [a.schluessel for a in zug.aktionen(kampf, wer) if a.erlaubt]
    if zufall.random() < 0.05:
        v.ausfuehren(k.bonusaktion_ereignis(kampf, wer, "kampf", "Test", sofort=zufall.random() < 0.5))
        return
    if "angriff" in erlaubt and zufall.random() < 0.7:
        ziel = zufall.choice(zug._gegner(kampf, wer))
        angriff = zug.standard_waffe(kampf, wer)
        from gm_helfer.aloran.tisch import sitzung

        moeglich = [n for n in sitzung.verteidigung_namen(kampf, ziel, wer, angriff) if k.kann_verteidigen(kampf, ziel, n)]
        verteidigung = zufall.choice(moeglich + [None]) if moeglich else None
        v.ausfuehren(k.angriff_ereignis(kampf, wer, ziel, angriff, verteidigung, rng=zufall))
        return
    for art, bau in (("abwarten", k.abwarten_ereignis), ("verzichten", k.verzicht_ereignis),
                     ("zug_beenden", k.zug_ende_ereignis)):
        if art in erlaubt and (art == "zug_beenden" or zufall.random() < 0.3):
            v.ausfuehren(bau(kampf, wer))
            return
    jetzt = zug.am_zug(kampf)
    erlaubt = [a.schluessel for a in zug.aktionen(kampf, jetzt) if a.erlaubt]
    v.ausfuehren(k.zug_ende_ereignis(kampf, jetzt) if "zug_beenden" in erlaubt else k.verzicht_ereignis(kampf, jetzt))


def _zustaende(saaten: range, schritte: int = 25):
    for saat in saaten:
        zufall = random.Random(saat)
        v = _verlauf(zufall)
        for _ in range(schritte):
            if len({x.werte.seite for x in v.zustand.kaempfer if x.handelt}) < 2:
                break
            yield saat, v.zustand
            _zufallsklick(zufall, v)


def _erster_schritt_der_simulation(kampf: k.Kampf, taktik: Taktik, saat: int, monkeypatch):
    """Was der Ereignispfad der Simulation von ``kampf`` an als Erstes spielt (und der Zustand danach)."""
    gesehen = []
    original = simulation._schritt

    class Halt(Exception):
        pass

    def mitschreiben(z, w, rng):
        gesehen.append((w, original(z, w, rng)))
        raise Halt

    monkeypatch.setattr(simulation, "_schritt", mitschreiben)
    try:
        simulation._runde_zu_ende(kampf, random.Random(saat), Gedaechtnis(taktik))
    except Halt:
        pass
    finally:
        monkeypatch.setattr(simulation, "_schritt", original)
    return gesehen[0] if gesehen else (None, None)


def test_vorschlag_ist_der_schritt_der_simulation(monkeypatch):
    geprueft = {"angriff": 0, "zug_beenden": 0, "verzichten": 0, "gleichzeitig": 0}
    for saat, kampf in _zustaende(range(60)):
        taktik = TAKTIKEN[saat % len(TAKTIKEN)]
        wer = faellig(kampf)
        if wer is None:
            continue
        v = zug.vorschlag(kampf, wer, taktik=taktik)
        w, nachher = _erster_schritt_der_simulation(kampf, taktik, saat, monkeypatch)
        assert v is not None and w is not None
        assert (v.schluessel, v.wer, v.ziel, v.angriff, v.verteidigung) == \
            (w.schluessel, w.wer, w.ziel, w.angriff, w.verteidigung)
        # mit demselben Zufall schreibt der Vorschlag denselben Zustand wie die Simulation
        verlauf = k.neuer_verlauf(kampf, None)
        zug.vorschlag_spielen(verlauf, wer, rng=random.Random(saat), taktik=taktik)
        assert verlauf.zustand == nachher
        geprueft[v.schluessel] += 1
        geprueft["gleichzeitig"] += bool(kampf.austausch)
    print("Vorschlag = Simulation:", geprueft)
    assert all(n > 0 for n in geprueft.values()), geprueft


def test_vorschlaege_sind_immer_erlaubt():
    gespielt = 0
    for saat, kampf in _zustaende(range(40)):
        for wer in kampf.namen:
            v = zug.vorschlag(kampf, wer, taktik=TAKTIKEN[saat % 3])
            if v is None:
                continue
            erlaubt = {a.schluessel for a in zug.aktionen(kampf, wer) if a.erlaubt}
            assert v.schluessel in erlaubt, (v, erlaubt)
            verlauf = k.neuer_verlauf(kampf, None)
            (e,) = zug.vorschlag_spielen(verlauf, wer, rng=random.Random(saat), vorschlag_=v)
            assert verlauf.zustand == k.anwenden(kampf, e)
            gespielt += 1
    assert gespielt > 100


def test_geaenderter_vorschlag_geht_durch_die_regelpruefung():
    v = _verlauf(random.Random(1))
    wer = zug.am_zug(v.zustand)
    vs = zug.vorschlag(v.zustand, wer)
    assert vs.schluessel == "angriff"
    with pytest.raises(AloranFehler):
        zug.vorschlag_spielen(v, wer, vorschlag_=replace(vs, schluessel="abwarten"))
    anderer = next(n for n in v.zustand.namen if n != wer)
    with pytest.raises(AloranFehler):  # nicht dran: kein Zug zu beenden
        zug.vorschlag_spielen(v, anderer, vorschlag_=zug.Vorschlag("zug_beenden", anderer))
    assert not v.ereignisse[2:]


def _gleiche_initiative(datei=None) -> k.Verlauf:
    werte = [beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork"), beispielwerte(name="Goblin")]
    v = k.neuer_verlauf(k.neuer_kampf(werte), datei)
    zug.neue_runde(v, augen={"Ada": "1", "Ork": "7", "Goblin": "7"})
    return v


def test_gruppe_handelt_haelt_an_der_abwehr_des_helden():
    v = _gleiche_initiative()
    vorher = len(v.ereignisse)
    g = zug.gruppe_handelt(v, rng=random.Random(2))
    assert g.offen is not None and g.offen.schluessel == "verteidigung" and g.offen.wer == "Ada"
    assert "Angehalten" in g.text
    # gespielt ist nichts; der Halt steht als Vermerk im Protokoll (der Zustand bleibt)
    stand = v.zustaende[vorher]
    assert len(v.ereignisse) == vorher + 1 and v.ereignisse[-1].art == VERMERK and v.zustand == stand
    assert v.ereignisse[-1].daten[GRUPPE_HAELT] == {"angreifer": "Ork", "ziel": "Ada"}
    zug.gruppe_handelt(v, rng=random.Random(2))  # ein zweiter Klick vermerkt nichts doppelt
    assert len(v.ereignisse) == vorher + 1


def test_gruppe_handelt_ein_schritt_ein_rueckgaengig():
    v = _gleiche_initiative()
    stand, vorher = v.zustand, len(v.ereignisse)
    assert zug.gruppe_faellig(v.zustand) == ["Ork", "Goblin"]
    g = zug.gruppe_handelt(v, rng=random.Random(2), helden_fragen=False)
    assert [wer for wer, _ in g.ergebnisse] == ["Ork", "Goblin"]
    assert all(zeilen and "beendet" in zeilen[-1] for _, zeilen in g.ergebnisse)
    assert len(v.ereignisse) - vorher >= 4 and len(set(v.schritte[vorher:])) == 1
    assert not v.zustand.austausch and zug.am_zug(v.zustand) == "Ada"  # der Austausch ist geschlossen
    v.rueckgaengig()
    assert v.zustand == stand


def test_gruppe_handelt_ohne_nsc_tut_nichts():
    v = _gleiche_initiative()
    zug.gruppe_handelt(v, rng=random.Random(2), helden_fragen=False)
    n = len(v.ereignisse)
    g = zug.gruppe_handelt(v, rng=random.Random(2))
    assert g.ergebnisse == () and len(v.ereignisse) == n


def test_jupyter_vorschlag_gruppe_und_lagebild(tmp_path, monkeypatch):
    monkeypatch.setenv("GM_HELFER_KAEMPFE", str(tmp_path))
    from gm_helfer import aloran

    kampf = aloran.kampf_starten(["brann", "ork_krieger"], rng=random.Random(4))
    kampf.initiative("Brann: 0; Ork-Krieger: 1")
    kampf.runde()
    assert kampf.vorschlag().schluessel == "angriff" and kampf.vorschlag("Ork-Krieger") is None
    n = len(kampf._verlauf.ereignisse)
    kampf.vorschlag_spielen()
    kampf.vorschlag_spielen()  # Brann beendet den Zug
    schritt = kampf.gruppe_handelt(helden_fragen=False)
    assert "Ork-Krieger" in schritt.text
    vorher = len(kampf._verlauf.ereignisse)
    kampf.rueckgaengig()  # die ganze Gruppe zurück
    assert n + 2 == len(kampf._verlauf.ereignisse) < vorher
    lb = kampf.lagebild(200, mit_optionen=False)
    assert "Helden gewinnen" in lb.text()
