"""Gebündelte W100-Simulation (gm_helfer.w100.gebuendelt) gegen den Ereignispfad.

1. Die Auswerte-Funktionen nehmen Felder: Skalar hinein → Skalar heraus, Feld hinein → Feld
   heraus, elementweise gleich dem skalaren Ergebnis (W100-Wert, Trefferstufe, kritisch,
   Angriff, Schaden unter allen Einstellungen, Gesundheitsmodell, Flee, Bewegung); die
   Zugfolge der Maschine wählt denselben wie :func:`gm_helfer.w100.kampf.naechster`.
2. Übereinstimmung mit dem Ereignispfad (gleiche Taktik, gleiche Regeln): Siegesanteil,
   Ausgeschaltet-Rate je Kämpfer, mittlere Dauer, eingesetzte Flee-Punkte.

   Ehrliche Toleranz: Der Ereignispfad spielt hier nur einige hundert Kämpfe (etwa 150–300
   Kämpfe je Sekunde), die gebündelte Maschine 5000. Verglichen wird mit vier
   Standardfehlern der Differenz (Siegesanteil bei 300 Kämpfen um 6–10 Prozentpunkte, Dauer je
   nach Streuung 0,5–1,5 Runden). Der Vergleich mit je 20 000 Kämpfen und den Schranken aus
   Issue 10 (1 / 2 Prozentpunkte, 0,3 Runden) steht in
   ``benchmarks/begegnung_uebereinstimmung.py``.
3. Exakte Chance, wo ein Kampf auf einen Angriff schrumpft (20 000 Kämpfe, ±4 σ) – mit Flee
   und mit Parade, die Vergleichszahl aus :mod:`gm_helfer.w100.chancen` (dort gegen
   Aufzählung aller Würfe geprüft).
"""

from __future__ import annotations

import itertools
import math
import random
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from gm_helfer import boegen, simulation, wuerfel
from gm_helfer.w100 import KritRegel, Optionen, W100Fehler, gebuendelt
from gm_helfer.w100 import chancen as w100_chancen
from gm_helfer.w100.angriff import (
    Abwehr,
    bewerte_angriff,
    flee_nach_runde,
    ist_kritisch,
    kampffaehig_nach_lp,
    schaden_nach_treffer,
    trefferstufe,
)
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.kampf import Kampf, naechster
from gm_helfer.w100.optionen import KRIT_FOLGEN
from gm_helfer.w100.simulation import Taktik, begegnung, einen_kampf, ereignis_begegnung
from gm_helfer.w100.sitzung import schritt_punkt, schritt_richtung
from gm_helfer.w100.wuerfe import w100_wert

BEISPIELE = Path(__file__).resolve().parents[2] / "charaktere" / "w100"


@pytest.fixture(scope="module")
def alle(tmp_path_factory) -> dict[str, boegen.Bogen]:
    ziel = tmp_path_factory.mktemp("w100_gebuendelt")
    for datei in BEISPIELE.glob("*.toml"):
        shutil.copy(datei, ziel / datei.name)
    ergebnis = boegen.laden("w100", ziel)
    assert not ergebnis.fehler, ergebnis.meldungen
    return {b.name: b for b in ergebnis.boegen}


def abwandeln(bogen: boegen.Bogen, waffen: dict[str, dict] | None = None, **werte) -> boegen.Bogen:
    """Bogen mit geänderten Werten (Punkt-Namen mit ``__`` statt ``.``) und Waffenzeilen."""
    neu = dict(bogen.werte)
    neu.update({k.replace("__", "."): v for k, v in werte.items()})
    zeilen = tuple(boegen.FesteZuordnung({**z, **(waffen or {}).get(z["name"], {})})
                   for z in bogen.untertabellen.get("waffen", ()))
    return replace(bogen, werte=boegen.FesteZuordnung(neu), untertabellen=boegen.FesteZuordnung({"waffen": zeilen}))


# ---------------------------------------------------------------------------------------
# 1. Skalar gegen Feld
# ---------------------------------------------------------------------------------------


def test_w100_wert_trefferstufe_kritisch_skalar_gleich_feld():
    augen = np.arange(1, 101)
    for lucky in (False, True):
        feld = w100_wert(augen, lucky_seven=lucky)
        assert feld.tolist() == [w100_wert(int(x), lucky_seven=lucky) for x in augen]
        assert type(w100_wert(77, lucky_seven=lucky)) is int
    ergebnisse = np.arange(-20, 200)
    for o in (Optionen(), Optionen(grenze_streiftreffer=60, grenze_volltreffer=120)):
        assert trefferstufe(ergebnisse, o).tolist() == [trefferstufe(int(e), o) for e in ergebnisse]
    stufen = np.array(["patzer", "misserfolg", "streiftreffer", "volltreffer"])
    kombis = list(itertools.product(range(1, 101, 7), range(60, 160, 9), stufen))
    nat, erg, st = (np.array(x) for x in zip(*kombis))
    for krit in (KritRegel("wurf", 96), KritRegel("ergebnis", 140), KritRegel("keine")):
        feld = ist_kritisch(nat, erg, st, krit)
        assert feld.tolist() == [ist_kritisch(int(n), int(e), str(s), krit) for n, e, s in kombis]
    with pytest.raises(Exception, match="keine 0"):
        w100_wert(np.array([5, 0]))


@pytest.mark.parametrize("lucky", [False, True])
def test_bewerte_angriff_skalar_gleich_feld(lucky):
    rng = np.random.default_rng(5)
    n = 3000
    nat = rng.integers(1, 101, n)
    ob, db = rng.integers(0, 90, n), rng.integers(0, 60, n)
    punkte = rng.integers(0, 40, n)
    art = np.where(punkte == 0, "keine", np.where(rng.random(n) < 0.5, "ausweichen", "parade"))
    o = Optionen(lucky_seven=lucky)
    for krit in (KritRegel("wurf", 96), KritRegel("ergebnis", 130)):
        feld = bewerte_angriff(nat, ob=ob, db=db, patzerbereich=6, modifikator=3, abwehr=Abwehr(art, punkte),
                               krit=krit, optionen=o)
        for i in range(0, n, 3):
            e = bewerte_angriff(int(nat[i]), ob=int(ob[i]), db=int(db[i]), patzerbereich=6, modifikator=3,
                                abwehr=Abwehr(str(art[i]), int(punkte[i])), krit=krit, optionen=o)
            assert (e.wurfwert, e.basis, e.ergebnis, e.stufe, e.kritisch, e.trifft) == (
                int(feld.wurfwert[i]), int(feld.basis[i]), int(feld.ergebnis[i]), str(feld.stufe[i]),
                bool(feld.kritisch[i]), bool(feld.trifft[i]))
    einzeln = bewerte_angriff(89, ob=50, db=20, patzerbereich=5)
    assert type(einzeln.ergebnis) is int and type(einzeln.stufe) is str and type(einzeln.kritisch) is bool


@pytest.mark.parametrize("lucky", [False, True])
def test_bewerte_angriff_je_zeile_eigene_waffe_gleich_einzeln(lucky):
    """Patzerbereich und Kritisch-Regel je Zeile (Angriffe verschiedener Waffen in einem Feld, wie
    die gebündelte Maschine sie für alle Handelnden eines Schritts würfelt): jede Zeile wie einzeln
    mit ihren Werten – alle Würfe 1–100 mit jedem Patzerbereich und jeder Regel."""
    regeln = [KritRegel("wurf", 96), KritRegel("wurf", 91, 3), KritRegel("ergebnis", 130), KritRegel("keine", 100, 1)]
    kombis = list(itertools.product(range(1, 101), (0, 1, 5, 8, 100), range(len(regeln))))
    nat, patzer, regel = (np.array(x) for x in zip(*kombis))
    rng = np.random.default_rng(6)
    ob, db, punkte = rng.integers(0, 90, len(nat)), rng.integers(0, 60, len(nat)), rng.integers(0, 30, len(nat))
    art = np.where(punkte == 0, "keine", "ausweichen")
    krit = KritRegel(np.array([r.art for r in regeln])[regel], np.array([r.wert for r in regeln])[regel],
                     np.array([r.faktor for r in regeln])[regel])
    o = Optionen(lucky_seven=lucky)
    feld = bewerte_angriff(nat, ob=ob, db=db, patzerbereich=patzer, abwehr=Abwehr(art, punkte), krit=krit, optionen=o)
    for i, (n, p, r) in enumerate(kombis):
        e = bewerte_angriff(n, ob=int(ob[i]), db=int(db[i]), patzerbereich=p, abwehr=Abwehr(str(art[i]), int(punkte[i])),
                            krit=regeln[r], optionen=o)
        assert (e.ergebnis, e.stufe, e.kritisch) == (int(feld.ergebnis[i]), str(feld.stufe[i]), bool(feld.kritisch[i]))
        assert ist_kritisch(n, e.ergebnis, e.stufe, regeln[r]) == bool(
            ist_kritisch(nat, feld.ergebnis, feld.stufe, krit)[i])
    # eine Regel für alle Zeilen, als Feld geschrieben: wie die eine Regel
    for r in regeln:
        gleich = KritRegel(np.full(len(nat), r.art), np.full(len(nat), r.wert))
        assert (ist_kritisch(nat, feld.ergebnis, feld.stufe, gleich) == ist_kritisch(nat, feld.ergebnis, feld.stufe, r)).all()


def test_felder_je_zeile_pruefen_wie_einzeln():
    with pytest.raises(W100Fehler, match="Patzerbereich"):
        bewerte_angriff(np.array([5, 5]), ob=50, db=20, patzerbereich=np.array([5, 101]))
    with pytest.raises(W100Fehler, match="Patzerbereich"):
        bewerte_angriff(np.array([5, 5]), ob=50, db=20, patzerbereich=np.array([-1, 5]))
    with pytest.raises(W100Fehler, match="Unbekannte Kritisch-Regel"):
        KritRegel(np.array(["wurf", "immer"]), np.array([96, 96]))
    with pytest.raises(W100Fehler, match="Faktor"):
        KritRegel(np.array(["wurf", "wurf"]), 96, np.array([2, 0]))


def test_abwehr_aus_feldern_prueft_wie_einzeln():
    with pytest.raises(W100Fehler, match="negativ"):
        Abwehr(np.array(["ausweichen", "ausweichen"]), np.array([3, -1]))
    with pytest.raises(W100Fehler, match="Ohne Abwehrart"):
        Abwehr(np.array(["keine", "parade"]), np.array([2, 2]))
    with pytest.raises(W100Fehler, match="Unbekannte Abwehr"):
        Abwehr(np.array(["ducken"]), np.array([0]))


@pytest.mark.parametrize(("krit_folge", "vor", "auf"), list(itertools.product(KRIT_FOLGEN, (True, False), (False, True))))
def test_schaden_nach_treffer_skalar_gleich_feld(krit_folge, vor, auf):
    o = Optionen(krit_folge=krit_folge, krit_vor_panzerung=vor, streiftreffer_aufrunden=auf)
    kombis = list(itertools.product(range(0, 30, 3), range(0, 12, 2), ("patzer", "misserfolg", "streiftreffer", "volltreffer"),
                                    (False, True), (1, 2, 3)))
    roh, panz, stufe, krit, faktor = (np.array(x) for x in zip(*kombis))
    for f_faktor in (faktor, 2):  # Faktor je Eintrag oder je Waffe
        feld = schaden_nach_treffer(roh, panzerung=panz, stufe=stufe, kritisch=krit, krit_faktor=f_faktor, optionen=o,
                                    hoechstwert=24)
        for i, (r, p, s, k, f) in enumerate(kombis):
            f = f if f_faktor is faktor else 2
            assert schaden_nach_treffer(r, panzerung=p, stufe=s, kritisch=k, krit_faktor=f, optionen=o,
                                        hoechstwert=24) == int(feld[i])
    assert type(schaden_nach_treffer(15, panzerung=4, stufe="streiftreffer", optionen=o)) is int
    with pytest.raises(W100Fehler, match="Panzerung"):
        schaden_nach_treffer(np.array([5]), panzerung=np.array([-1]), stufe=np.array(["volltreffer"]))


def test_schadenswurf_der_waffentafel_je_zeile_wie_der_ausdruck(alle):
    """Die Maschine würfelt den Schaden aller Handelnden eines Schritts in einem Zug, je Zeile mit dem
    Ausdruck ihrer Waffe (:class:`gebuendelt._Waffentafel`) – auch explodierende und abgezogene Würfel:
    je Waffe dasselbe Mittel wie ihr Ausdruck (ohne Explosion exakt durch Aufzählen aller Würfe, mit
    Explosion W(s)! im Mittel (s + 1) / 2 · s / (s − 1); ±4 Standardfehler), nie außerhalb der möglichen Werte."""
    ausdruecke = {"2W6+1": None, "1W6!+2": 3.5 * 6 / 5 + 2, "1W10-1W4": None, "1W4+1W20": None,
                  "1W8!+1W4!-1": 4.5 * 8 / 7 + 2.5 * 4 / 3 - 1}
    john = kampf_aus_boegen([alle["John"]], Optionen()).kaempfer[0]
    vorlage = next(w for w in john.waffen if w.ausgeruestet)
    john = replace(john, waffen=tuple(replace(vorlage, name=a, schaden=a) for a in ausdruecke))
    tafel = gebuendelt._Waffentafel([gebuendelt._angriffswaffen(john, (john,), Optionen())], (1,), 1)
    n = 40_000
    zeilen = np.random.default_rng(3).integers(0, len(ausdruecke), n)
    wurf = tafel.schadenswurf(np.random.default_rng(4), zeilen, tafel.konstante.take(zeilen))
    for j, (a, mittel) in enumerate(ausdruecke.items()):
        w = wurf[zeilen == j]
        ausdruck = wuerfel.parse(a)
        einzel = [g for g, _ in ausdruck.einzelwuerfel()]
        if mittel is None:  # alle Würfe aufzählen
            moeglich = [ausdruck.konstante + sum(g.vorzeichen * x for g, x in zip(einzel, augen))
                        for augen in itertools.product(*(range(1, g.seiten + 1) for g in einzel))]
            assert set(np.unique(w).tolist()) <= set(moeglich), a
            mittel = float(np.mean(moeglich))
        else:
            tiefst = ausdruck.konstante + sum(1 if g.vorzeichen > 0 else -g.seiten for g in einzel)
            assert w.min() >= tiefst, a
        assert abs(w.mean() - mittel) <= 4 * w.std() / math.sqrt(len(w)) + 1e-9, a


def test_gesundheit_flee_und_bewegung_skalar_gleich_feld():
    lp = np.arange(-10, 10)
    for o in (Optionen(), Optionen(kampfunfaehig_ab=5)):
        assert kampffaehig_nach_lp(lp, o).tolist() == [kampffaehig_nach_lp(int(x), o) for x in lp]
    flee, regen = np.arange(0, 40, 3), np.arange(0, 40, 3) % 7
    for o in (Optionen(), Optionen(flee_voll_auffuellen=False)):
        feld = flee_nach_runde(flee, 30, regen, o)
        assert feld.tolist() == [flee_nach_runde(int(f), 30, int(r), o) for f, r in zip(flee, regen)]
    rng = np.random.default_rng(8)
    n = 2000
    ax, ay, zx, zy = (np.round(rng.uniform(-20, 20, n), 2) for _ in range(4))
    bewegung, abstand = rng.uniform(1, 12, n), rng.uniform(0, 5, n)
    fx, fy = schritt_punkt(ax, ay, zx, zy, bewegung, abstand)
    for i in range(n):
        assert schritt_punkt(ax[i], ay[i], zx[i], zy[i], bewegung[i], abstand[i]) == (fx[i], fy[i])
        assert math.hypot(fx[i] - ax[i], fy[i] - ay[i]) <= bewegung[i] + 1e-9


def test_schritt_richtung_geht_ueber_schritt_punkt(alle):
    kampf = kampf_aus_boegen([alle["John"], alle["Schattenwolf"]])
    kampf = replace(kampf, am_zug="John", runde=1)
    x, y = schritt_richtung(kampf, "Schattenwolf", abstand=1.4)
    john, wolf = kampf["John"], kampf["Schattenwolf"]
    assert (x, y) == schritt_punkt(*john.position, *wolf.position, john.bewegung, 1.4)


def test_zugfolge_wie_naechster(alle):
    """An zufälligen Zuständen (Initiative, Kampfunfähige, gleiche Werte) wählt die Maschine
    denselben Handelnden wie ``naechster`` – oder wie er niemanden (Runde vorbei)."""
    bs = [alle[n] for n in ("John", "Kael", "Mira", "Ork-Krieger", "Schattenwolf", "Kultist", "Goblin-Schütze")]
    start = kampf_aus_boegen(bs)
    maschine = gebuendelt._Maschine(start, np.random.default_rng(0), Taktik())
    rng = np.random.default_rng(12)
    n = 400
    ini = rng.choice(np.array([-50, 0, 1, 30, 80, 80, 150, 150]), (n, len(bs)))
    lp = rng.choice(np.array([-3, 0, 10]), (n, len(bs)))
    wer, hat = maschine.am_zug(ini, kampffaehig_nach_lp(lp))
    for f in range(n):
        kampf = Kampf(tuple(replace(k, initiative=int(i), lp=int(p)) for k, i, p in zip(start.kaempfer, ini[f], lp[f])),
                      start.optionen, runde=1)
        erwartet = naechster(kampf)
        assert (start.kaempfer[wer[f]].name if hat[f] else None) == erwartet


# ---------------------------------------------------------------------------------------
# 2. Übereinstimmung mit dem Ereignispfad
# ---------------------------------------------------------------------------------------


def _vergleichen(e: simulation.Auswertung, b: simulation.Auswertung, flee_sd: dict[str, float], stimmt_ueberein) -> None:
    stimmt_ueberein(e, b)
    assert set(e.verbrauch) <= set(b.verbrauch)
    for name, mittel in b.verbrauch.items():
        sd = flee_sd[name]
        assert abs(e.verbrauch.get(name, 0.0) - mittel) < 4 * sd * math.sqrt(1 / e.anzahl + 1 / b.anzahl) + 1e-9, name
    assert e.seiten == b.seiten


FAELLE = {
    "John gegen Ork (Nahkampf)": (("John", "Ork-Krieger"), None, None, 300, 100),
    "Kael gegen Schattenwolf (Fernkampf, Bewegung)": (("Kael", "Schattenwolf"), None, None, 250, 100),
    "zwei gegen zwei, Parade, Zurückhalten, Schwächster": (
        ("John", "Kael", "Ork-Krieger", "Schattenwolf"),
        Taktik(ziel="schwaechster", abwehr="parade", einsatz="haelfte"),
        Optionen(patzer_folge="angriffshandlung", krit_folge="hoechstschaden", parade_bis_rundenende=False,
                 flee_voll_auffuellen=False),
        150, 15),
    "Mira gegen Kultist und Goblin, zufällig, Lucky Seven": (
        ("Mira", "Kultist", "Goblin-Schütze"),
        Taktik(ziel="zufall"),
        Optionen(lucky_seven=True, initiative_neu_wuerfeln=True, krit_vor_panzerung=False, streiftreffer_aufrunden=True),
        150, 100),
}


@pytest.mark.parametrize("fall", list(FAELLE), ids=list(FAELLE))
def test_gebuendelt_stimmt_mit_ereignispfad_ueberein(alle, fall, stimmt_ueberein):
    namen, taktik, optionen, n_ereignis, runden = FAELLE[fall]
    bs = [alle[n] for n in namen]
    e = ereignis_begegnung(bs, n_ereignis, rng=random.Random(11), taktik=taktik, optionen=optionen, max_runden=runden)
    b = begegnung(bs, 5000, rng=np.random.default_rng(11), taktik=taktik, optionen=optionen, max_runden=runden)
    # Streuung der Flee-Punkte je Kampf (für die Schranke des Verbrauchs), aus einem kleineren Lauf
    roh = gebuendelt.spielen(kampf_aus_boegen(bs, optionen or Optionen()), 2000, rng=np.random.default_rng(12),
                             taktik=taktik, max_runden=runden)
    flee_sd = {f"Flee ({n})": float(s) for n, s in zip(roh.namen, roh.flee.std(0))}
    _vergleichen(e, b, flee_sd, stimmt_ueberein)


def test_gleiche_saat_gleiches_ergebnis_und_random_als_quelle(alle):
    bs = [alle["John"], alle["Ork-Krieger"], alle["Goblin-Schütze"]]
    assert begegnung(bs, 500, rng=np.random.default_rng(4)) == begegnung(bs, 500, rng=np.random.default_rng(4))
    assert begegnung(bs, 500, rng=random.Random(4)) == begegnung(bs, 500, rng=random.Random(4))


def test_bloecke_und_fortschritt(alle, monkeypatch):
    monkeypatch.setattr(gebuendelt, "BLOCK", 300)
    gemeldet = []
    a = begegnung([alle["John"], alle["Ork-Krieger"]], 1000, rng=np.random.default_rng(1),
                  fortschritt=lambda f, n: gemeldet.append((f, n)))
    assert gemeldet == [(300, 1000), (600, 1000), (900, 1000), (1000, 1000)]
    assert a.anzahl == 1000 and math.isclose(sum(a.sieg.values()), 1)


def test_durchreichen_ueber_den_kern(alle):
    """``gm_helfer.simulation.begegnung("w100", …)`` reicht Taktik, Optionen und Fortschritt
    durch; W100 gilt als gebündelt (10 000 Kämpfe voreingestellt)."""
    bs = [alle["John"], alle["Ork-Krieger"]]
    taktik, o = Taktik(abwehr="parade"), Optionen(lucky_seven=True)
    gemeldet = []
    a = simulation.begegnung("w100", bs, 300, rng=np.random.default_rng(2), taktik=taktik, optionen=o,
                             fortschritt=lambda f, n: gemeldet.append(f))
    assert a == begegnung(bs, 300, rng=np.random.default_rng(2), taktik=taktik, optionen=o)
    assert gemeldet == [300]
    assert simulation.gebuendelt("w100") and simulation.standard_anzahl("w100") == 10_000
    assert set(a.verbrauch) == {"Flee (John)", "Flee (Ork-Krieger)"}


def test_taktik_felder_nach_vertrag():
    felder = simulation.taktik_felder(Taktik)
    assert [f[0] for f in felder] == ["ziel", "abwehr", "einsatz"]
    assert [f[2] for f in felder] == ["naechster", "ausweichen", "alles"]
    ziele = felder[0][3]
    assert set(simulation.ZIELWAHL) <= set(ziele) and "naechster" in ziele
    with pytest.raises(W100Fehler, match="unbekannte Wahl"):
        Taktik(abwehr="beten")


def test_taktik_aendert_den_ausgang(alle):
    """Parieren statt Ausweichen ist nicht dasselbe: wer mit dem ganzen freien Nahkampf-OB
    pariert, greift danach in derselben Runde mit OB 0 an – John und der Ork parieren sich in
    viele Unentschieden (Rundengrenze), mit Ausweichen gibt es kaum welche."""
    bs = [alle["John"], alle["Ork-Krieger"]]
    flee = begegnung(bs, 2000, rng=np.random.default_rng(3), max_runden=30)
    parade = begegnung(bs, 2000, rng=np.random.default_rng(3), max_runden=30, taktik=Taktik(abwehr="parade"))
    assert flee.sieg.get(simulation.UNENTSCHIEDEN, 0) < 0.02
    assert parade.sieg.get(simulation.UNENTSCHIEDEN, 0) > 0.2
    assert parade.mittlere_runden > flee.mittlere_runden + 5


def test_patzer_beendet_angriffshandlung_im_ereignispfad(alle):
    """„Ein W100-Wurf im Patzerbereich lässt den Angriff … scheitern“ – mit der Patzerfolge
    „angriffshandlung“ endet die Angriffshandlung; John (zwei Waffen) greift dann nicht mit dem
    Dolch weiter an. Vorher brach der Ereignispfad mit „keine Angriffshandlung mehr“ ab."""
    bs = [abwandeln(alle["John"], waffen={"Langschwert": {"patzerbereich": 100}}), alle["Ork-Krieger"]]
    aus = einen_kampf(bs, rng=random.Random(1), optionen=Optionen(patzer_folge="angriffshandlung"), max_runden=3)
    assert aus.runden == 3 and aus.sieger is None and aus.ausgeschaltet == ()


# ---------------------------------------------------------------------------------------
# 3. Exakte Chance eines einzigen Angriffs
# ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("taktik", "abwehr"), [
    (Taktik(), 20),
    (Taktik(einsatz="haelfte"), 10),
    (Taktik(abwehr="parade"), 25),
    (Taktik(abwehr="parade", einsatz="haelfte"), 13),
])
def test_ein_angriff_mit_exakter_chance_gebuendelt(alle, taktik, abwehr):
    """John (Initiativebonus 0 → genau ein Zug, nur das Langschwert) greift einen Ork an, der
    nie handelt (Initiativebonus −100: höchstens 0 Punkte) und sich nach der Taktik wehrt:
    20 Flee oder 25 Punkte Nahkampf-OB (Streitaxt mit OB 25), ganz oder halb. Nach Runde 1 ist Schluss.
    Siegchance = exakte Chance, dass dieser eine Angriff den Ork (8 LP, Panzerung 5) fällt."""
    john = abwandeln(alle["John"], agilitaet=0, waffen={"Dolch": {"ausgeruestet": False}})
    ork = abwandeln(alle["Ork-Krieger"], lebenspunkte=8, flee__punkte=20, position__x=1.0, agilitaet=0,
                    initiative_mod=-100, waffen={"Streitaxt": {"ob": 25}})
    n = 20_000
    a = begegnung([john, ork], n, rng=np.random.default_rng(2026), max_runden=1, taktik=taktik)
    assert a.runden == {1: 1.0}
    vert = w100_chancen.angriff_schaden_verteilung(
        50, 20, 5, schaden="2W10+4", panzerung=5, abwehr=abwehr, krit=KritRegel("wurf", 96, 2))
    p = w100_chancen.chance_kampfunfaehig(vert, 8)
    assert 0.05 < p < 0.95
    assert abs(a.sieg.get("helden", 0.0) - p) <= 4 * math.sqrt(p * (1 - p) / n)
    assert a.ausgeschaltet.get("John", 0.0) == 0


def test_abwehr_eine_art_fuer_ein_feld_von_punkten():
    a = Abwehr("ausweichen", np.array([0, 5]))
    e = bewerte_angriff(np.array([50, 50]), ob=50, db=20, patzerbereich=5, abwehr=a)
    assert e.ergebnis.tolist() == [80, 75]
    with pytest.raises(W100Fehler, match="Ohne Abwehrart"):
        Abwehr("keine", np.array([0, 5]))


def test_schon_entschieden_vor_der_ersten_runde_gebuendelt(alle):
    """Wie der Ereignispfad (test_simulation): ein schon kampfunfähiger Gegner – Runde 0."""
    bs = [abwandeln(alle["John"], lebenspunkte=200), alle["Ork-Krieger"]]
    a = begegnung(bs, 50, rng=np.random.default_rng(1), optionen=Optionen(kampfunfaehig_ab=100))
    assert (dict(a.sieg), dict(a.runden), dict(a.ausgeschaltet)) == ({"helden": 1.0}, {0: 1.0}, {"Ork-Krieger": 1.0})
    assert a.verbrauch == {}
