"""Gebündelte Aloran-Simulation (gm_helfer.aloran.gebuendelt) gegen den Ereignispfad.

1. Die Auswerte-Funktionen nehmen Felder: Skalar hinein → Skalar heraus, Feld hinein → Feld
   heraus, elementweise gleich dem skalaren Ergebnis.
2. Übereinstimmung mit dem Ereignispfad (gleiche Taktik, gleiche Regeln): Siegesanteil,
   Ausgeschaltet-Rate je Kämpfer, mittlere Dauer.

   Ehrliche Toleranz: Der Ereignispfad spielt hier nur einige hundert Kämpfe (ein Zweikampf
   etwa 100 Kämpfe je Sekunde); die gebündelte Maschine 20 000. Verglichen wird daher mit
   vier Standardfehlern der Differenz (Siegesanteil und Raten um etwa 4–9 Prozentpunkte, Dauer
   um 0,5–1 Runde). Das Kriterium aus Issue 10 (je 20 000 Kämpfe; 1 / 2 Prozentpunkte,
   0,3 Runden) prüft ``benchmarks/begegnung_uebereinstimmung.py``.
3. Exakte Chance, wo ein Kampf auf einen Austausch schrumpft (20 000 Kämpfe, ±4 σ) – gegen
   icepool und gegen die exakten Chancen der Bibliothek.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace
from fractions import Fraction

import icepool
import numpy as np
import pytest

from gm_helfer import boegen as boegen_modul
from gm_helfer import simulation
from gm_helfer.aloran import aus_bogen, gebuendelt
from gm_helfer.aloran import kampf as k
from gm_helfer.aloran.angriff import (
    Lage,
    ausdauerschaden,
    trefferschaden,
    vergleich_auswerten,
    wuerfel_nach_wunden,
)
from gm_helfer.aloran.daten import KATEGORIEN, ZONEN
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import (
    AloranFehler,
    einser,
    ist_meistertreffer,
    kategorie,
    netto_erfolge,
    patzerstufe,
    schadensfaktor,
    vergleich,
)
from gm_helfer.aloran.simulation import (
    Taktik,
    begegnung,
    ereignis_begegnung,
    standardangriff,
    standardverteidigung,
    standardziel,
    verteidigungen,
)
from gm_helfer.aloran.werte import ATTRIBUTE, SPEZIALISIERUNGEN
from gm_helfer.aloran.wunden import (
    initiativeabzug,
    kampfunfaehig,
    ueberschrittene_schwellen,
    verletzungsstufe,
    wehrlos,
    wuerfelabzug,
    wundstufe_index,
)

# ---------------------------------------------------------------------------------------
# 1. Skalar gegen Feld
# ---------------------------------------------------------------------------------------


def test_pool_auswertung_skalar_gleich_feld():
    rng = np.random.default_rng(1)
    n, breite = 4000, 8
    pool = rng.integers(0, breite + 1, n)
    augen = np.where(np.arange(breite) < pool[:, None], rng.integers(1, 11, (n, breite)), 0)
    schw = rng.integers(2, 11, n)
    netto, eins = netto_erfolge(augen, schw), einser(augen)
    assert netto.shape == eins.shape == (n,)
    for i in range(n):
        wurf = tuple(int(a) for a in augen[i, : pool[i]])
        assert netto_erfolge(wurf, int(schw[i])) == netto[i]
        assert einser(wurf) == eins[i]
    assert type(netto_erfolge((7, 10), 7)) is int


@pytest.mark.parametrize("zwei", [False, True])
def test_kategorie_und_vergleich_skalar_gleich_feld(zwei):
    opt = Optionen(angriff_braucht_zwei_erfolge=zwei)
    a, v = (np.array(x) for x in zip(*itertools.product(range(0, 12), range(0, 12))))
    feld = vergleich(a, v, opt)
    assert [vergleich(int(x), int(y), opt) for x, y in zip(a, v)] == feld.tolist()
    assert kategorie(a - v).tolist() == [kategorie(int(d)) for d in a - v]
    assert patzerstufe(np.arange(6)).tolist() == [patzerstufe(s) for s in range(6)]
    for ab_schwelle in (False, True):
        o = Optionen(meistertreffer_ab_schwelle=ab_schwelle)
        assert ist_meistertreffer(a, v % 6, o).tolist() == [ist_meistertreffer(int(x), int(y) % 6, o) for x, y in zip(a, v)]


@pytest.mark.parametrize("optionen", [
    Optionen(), Optionen(patzer_ist_misserfolg=True), Optionen(angriff_braucht_zwei_erfolge=True),
    Optionen(meistertreffer_ab_schwelle=True, patzer_ist_misserfolg=True),
], ids=["standard", "patzer_misserfolg", "zwei_erfolge", "schwelle_und_patzer"])
def test_vergleich_auswerten_skalar_gleich_feld(optionen):
    rng = np.random.default_rng(2)
    n = 3000
    werte = {name: rng.integers(0, hoch, n) for name, hoch in (
        ("a_netto", 12), ("a_eins", 5), ("v_netto", 12), ("v_eins", 5), ("a_pool", 9), ("v_pool", 9),
        ("a_stufe", 6), ("v_stufe", 6))}
    verteidigt = rng.random(n) < 0.7
    la = Lage(werte["a_pool"], 7, werte["a_stufe"], werte["v_pool"], 6, werte["v_stufe"])
    feld = vergleich_auswerten(werte["a_netto"], werte["a_eins"], werte["v_netto"], werte["v_eins"], la, optionen,
                               verteidigt=verteidigt)
    for i in range(n):
        w = {name: int(x[i]) for name, x in werte.items()}
        s = vergleich_auswerten(w["a_netto"], w["a_eins"], w["v_netto"], w["v_eins"],
                                Lage(w["a_pool"], 7, w["a_stufe"], w["v_pool"], 6, w["v_stufe"]), optionen,
                                verteidigt=bool(verteidigt[i]))
        assert (s.kategorie, s.angriff_netto, s.verteidigung_netto, s.angriff_patzer, s.angriff_meister,
                s.verteidigung_patzer, s.verteidigung_meister) == (
            str(feld.kategorie[i]), int(np.asarray(feld.angriff_netto)[i]), int(np.asarray(feld.verteidigung_netto)[i]),
            bool(feld.angriff_patzer[i]), bool(feld.angriff_meister[i]), bool(feld.verteidigung_patzer[i]),
            bool(feld.verteidigung_meister[i]))


@pytest.mark.parametrize("optionen", [
    Optionen(), Optionen(alte_schadenstabelle=True), Optionen(halbieren_aufrunden=True),
    Optionen(faktor_nach_ruestung=True, halbieren_aufrunden=True),
], ids=["standard", "alte_tabelle", "aufrunden", "faktor_nach_ruestung"])
def test_schaden_skalar_gleich_feld(optionen):
    kombis = list(itertools.product(range(-1, 15), KATEGORIEN, range(0, 5), (0, 3), (False, True)))
    summe, kat, ruestung, bonus, halb = (np.array(x) for x in zip(*kombis))
    f_wert, f_wunden = trefferschaden(summe, kat, ruestung, optionen, halbiert=halb, bonus=bonus)
    f_aus = ausdauerschaden(summe, kat, optionen)
    f_faktor = schadensfaktor(kat, optionen)
    for i, (s, kt, r, b, h) in enumerate(kombis):
        assert trefferschaden(s, kt, r, optionen, halbiert=h, bonus=b) == (f_wert[i], f_wunden[i])
        assert ausdauerschaden(s, kt, optionen) == f_aus[i]
        assert schadensfaktor(kt, optionen) == f_faktor[i]
    with pytest.raises(AloranFehler, match="Trefferergebnis"):
        schadensfaktor(np.array(["daneben"]))


def test_wunden_skalar_gleich_feld():
    rng = np.random.default_rng(3)
    n = 3000
    wunden = rng.integers(0, 7, (n, len(ZONEN))) * (rng.random((n, len(ZONEN))) < 0.5)
    ko = rng.integers(1, 6, n)
    ini = rng.integers(-2, 20, n)
    felder = {
        "stufe": verletzungsstufe(wunden, ko), "wuerfel": wuerfelabzug(wunden, ko), "ini": initiativeabzug(wunden, ko),
        "unfaehig": kampfunfaehig(wunden, ko), "wehrlos": wehrlos(ini, wunden, ko),
        "index": wundstufe_index(wunden.sum(1), ko), "schwellen": ueberschrittene_schwellen(wunden, ko[:, None]),
    }
    for i in range(n):
        w, o = tuple(int(x) for x in wunden[i]), int(ko[i])
        skalar = {
            "stufe": verletzungsstufe(w, o), "wuerfel": wuerfelabzug(w, o), "ini": initiativeabzug(w, o),
            "unfaehig": kampfunfaehig(w, o), "wehrlos": wehrlos(int(ini[i]), w, o), "index": wundstufe_index(sum(w), o),
            "schwellen": [ueberschrittene_schwellen(x, o) for x in w],
        }
        assert skalar == {name: np.asarray(f[i]).tolist() for name, f in felder.items()}, i
    assert wuerfel_nach_wunden(np.array([5, 1, 0]), np.array([2, 3, 0])).tolist() == [
        wuerfel_nach_wunden(5, 2), wuerfel_nach_wunden(1, 3), wuerfel_nach_wunden(0, 0)]
    # Kämpfer in der letzten Achse: (Kämpfe, Kämpfer, Zonen) mit KO je Kämpfer
    drei = wunden[:30].reshape(10, 3, len(ZONEN))
    assert verletzungsstufe(drei, ko[:3]).tolist() == [
        [verletzungsstufe(tuple(int(x) for x in drei[f, j]), int(ko[j])) for j in range(3)] for f in range(10)]


# ---------------------------------------------------------------------------------------
# 2. Übereinstimmung mit dem Ereignispfad
# ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def al():
    return {b.name: b for b in boegen_modul.laden("aloran").boegen}


@pytest.mark.parametrize(
    ("namen", "taktik", "n_ereignis"),
    [
        (("Brann", "Ork-Krieger"), None, 300),
        (("Meridan", "Ysra", "Wolf"), Taktik(ziel="zufall", verteidigung="ausweichen", zweitwaffe_pariert=False), 200),
        (("Ysra", "Tamra", "Wegelagerer"), Taktik(ziel="staerkster", verteidigung="parade"), 200),
    ],
    ids=["Zweikampf Standardtaktik", "zwei gegen einen, zufällig und ausweichen", "Stärkster, nur parieren"],
)
def test_gebuendelt_stimmt_mit_ereignispfad_ueberein(al, namen, taktik, n_ereignis, stimmt_ueberein):
    bs = [al[n] for n in namen]
    e = ereignis_begegnung(bs, n_ereignis, rng=random.Random(11), taktik=taktik)
    b = begegnung(bs, 20_000, rng=np.random.default_rng(11), taktik=taktik)
    stimmt_ueberein(e, b)
    assert e.tot == b.tot == {}
    assert b.seiten == {n: al[n].werte["seite"] for n in namen}
    assert b.verbrauch == {}  # die Taktik gibt keine Ausdauer aus


@pytest.mark.parametrize("nacheinander", [False, True], ids=["gleichzeitig", "nacheinander (Option)"])
def test_gleiche_initiative_gebuendelt_wie_ereignispfad(al, nacheinander, stimmt_ueberein):
    """Zwei gleiche Wegelagerer mit 1W6+40 Schaden (ein Treffer an Kopf oder Torso schaltet aus):
    gleiche Initiative ist häufig. „… geschehen ihre Aktionen in der Regel gleichzeitig, d.h. alle
    ihre Würfelwürfe werden simultan ausgeführt“ – wer gleichzeitig getroffen wird, greift noch an,
    also fallen manchmal beide (kein Sieger). Nacheinander (Option) fällt nur einer: wer zuerst
    trifft. Beide Treiber stimmen in beiden Lesarten überein."""
    w = al["Wegelagerer"]
    waffen = [dict(x, schaden="1W6+40") for x in w.untertabellen["waffen"]]
    bs = [_geaendert(w, {"waffen": waffen}, name="Held", seite="Helden"), _geaendert(w, {"waffen": waffen}, name="Bandit")]
    opt = Optionen(nacheinander_bei_gleicher_initiative=nacheinander)
    e = ereignis_begegnung(bs, 400, rng=random.Random(7), optionen=opt)
    b = begegnung(bs, 20_000, rng=np.random.default_rng(7), optionen=opt)
    stimmt_ueberein(e, b)
    if nacheinander:
        assert "unentschieden" not in b.sieg and "unentschieden" not in e.sieg
    else:
        assert b.sieg["unentschieden"] > 0.002  # 0,5 %: gleiche Initiative und beide treffen Kopf/Torso


def test_gleiche_saat_gleiches_ergebnis_und_random_als_quelle(al):
    bs = [al["Brann"], al["Wolf"]]
    assert begegnung(bs, 500, rng=np.random.default_rng(4)) == begegnung(bs, 500, rng=np.random.default_rng(4))
    assert begegnung(bs, 500, rng=random.Random(4)) == begegnung(bs, 500, rng=random.Random(4))


def test_bloecke_und_fortschritt(al, monkeypatch):
    monkeypatch.setattr(gebuendelt, "BLOCK", 300)
    gemeldet = []
    a = begegnung([al["Brann"], al["Wolf"]], 1000, rng=np.random.default_rng(1), fortschritt=lambda f, n: gemeldet.append((f, n)))
    assert gemeldet == [(300, 1000), (600, 1000), (900, 1000), (1000, 1000)]
    assert a.anzahl == 1000 and math.isclose(sum(a.sieg.values()), 1)


def test_aeltere_patzertabelle_laeuft_auf_dem_ereignispfad(al):
    bs = [al["Tamra"], al["Wegelagerer"]]
    opt = Optionen(alte_patzertabelle=True)
    gemeldet = []
    a = begegnung(bs, 30, rng=random.Random(2), optionen=opt, fortschritt=lambda f, n: gemeldet.append((f, n)))
    assert a == ereignis_begegnung(bs, 30, rng=random.Random(2), optionen=opt)
    assert gemeldet == [(30, 30)]
    with pytest.raises(AloranFehler, match="Ereignispfad"):
        gebuendelt.spielen(k.neuer_kampf([aus_bogen(b) for b in bs], opt), 10, rng=np.random.default_rng(1))


def test_kern_meldet_gebuendelt_und_reicht_taktik_durch(al):
    assert simulation.gebuendelt("aloran") and simulation.standard_anzahl("aloran") == 10_000
    bs = [al["Brann"], al["Wolf"]]
    ohne = simulation.begegnung("aloran", bs, 3000, rng=np.random.default_rng(5))
    keine = simulation.begegnung("aloran", bs, 3000, rng=np.random.default_rng(5), taktik=Taktik(verteidigung="keine"))
    assert keine.mittlere_runden < ohne.mittlere_runden  # ohne Verteidigung fallen alle schneller
    felder = [name for name, *_ in simulation.taktik_felder(Taktik)]
    assert felder == ["ziel", "verteidigung", "zweitwaffe_pariert"]
    with pytest.raises(AloranFehler, match="Zielwahl"):
        Taktik(ziel="naechster")
    with pytest.raises(AloranFehler, match="Verteidigung"):
        Taktik(verteidigung="blocken")


def test_taktik_im_ereignispfad(al):
    """Ziel und Verteidigung der Taktik, wie beide Treiber sie wählen."""
    kampf = k.neuer_kampf([aus_bogen(al[n]) for n in ("Ysra", "Ork-Krieger", "Wolf")])
    kampf = k.anwenden(kampf, k.eingriff_ereignis(kampf, "Wolf", zone="schildarm", wunden=2))
    assert standardziel(kampf, "Ysra") == "Wolf"
    assert standardziel(kampf, "Ysra", Taktik(ziel="staerkster")) == "Ork-Krieger"
    assert standardziel(kampf, "Ysra", Taktik(ziel="erster")) == "Ork-Krieger"
    gezogen = {standardziel(kampf, "Ysra", Taktik(ziel="zufall"), rng=random.Random(s)) for s in range(30)}
    assert gezogen == {"Ork-Krieger", "Wolf"}
    ysra = kampf.kaempfer_namens("Ysra").werte
    ork = standardangriff(kampf.kaempfer_namens("Ork-Krieger"))
    haupt, zweit = verteidigungen(ysra, ork, kampf.optionen)
    assert zweit is not None and zweit.name == k.zweitwaffen_parade(ysra)
    assert verteidigungen(ysra, ork, kampf.optionen, Taktik(verteidigung="ausweichen"))[0].art == "ausweichen"
    assert verteidigungen(ysra, ork, kampf.optionen, Taktik(verteidigung="parade"))[0].art in ("parade", "manoever")
    assert verteidigungen(ysra, ork, kampf.optionen, Taktik(verteidigung="keine")) == (None, None)
    assert verteidigungen(ysra, ork, kampf.optionen, Taktik(zweitwaffe_pariert=False))[1] is None
    assert standardverteidigung(kampf, "Ysra", ork) == haupt.name


# ---------------------------------------------------------------------------------------
# 3. Exakte Chance eines einzigen Austauschs
# ---------------------------------------------------------------------------------------


def _geaendert(bogen, untertabellen, **felder):
    return replace(bogen, werte={**bogen.werte, **felder}, untertabellen={**bogen.untertabellen, **untertabellen})


def _aloran_pool(wuerfel: int, schwierigkeit: int) -> icepool.Die:
    """Netto-Erfolge eines Pools, unabhängig von der Bibliothek mit icepool gerechnet: je W10
    −1 (Eins), 0, 1 oder 2 (Zehn), summiert, nie unter 0."""
    w10 = icepool.d10.map(lambda x: -1 if x == 1 else (2 if x == 10 else (1 if x >= schwierigkeit else 0)))
    return (wuerfel @ w10).map(lambda s: max(0, s))


def test_ein_austausch_mit_exakter_chance_gebuendelt(al):
    """Wie test_simulation.test_eine_entscheidende_attacke…, aber gebündelt mit 20 000 Kämpfen:
    der Angreifer handelt zuerst (Initiative +20), jeder Treffer an Kopf oder Torso macht
    kampfunfähig (1W6+40 gegen KO 5), alles andere nicht; eine Runde. Siegchance = P(Treffer) ×
    6/20 – P(Treffer) = P(Angriffs- minus Parade-Erfolge ≥ 1), mit icepool gerechnet, und
    gleich der exakten Chance der Bibliothek (``vorschau``). Zweite Attacken über Patzer der
    Parade (5 Einser aus 6 W10 und W6 5–6) liegen unter 2·10⁻⁵."""
    nullen = {f"attribute.{a}": 1 for a in ATTRIBUTE} | {f"spezialisierungen.{s}": 0 for s in SPEZIALISIERUNGEN} \
        | {f"ruestung.{z.schluessel}": 0 for z in ZONEN} | {"attribute.konstitution": 5, "schild": "kein",
                                                           "zweitwaffe": False, "ruestungsbehinderung": 0}
    basis = al["Wegelagerer"]
    angreifer = _geaendert(basis, {"waffen": ({"name": "Riesenaxt", "spezialisierung": "axt", "schadensart": "Hieb",
                                              "schaden": "1W6+40"},), "manoever": (), "zauber": ()},
                           **(nullen | {"attribute.athletik": 5}), name="Angreifer", seite="Helden",
                           initiative_modifikator=20)
    verteidiger = _geaendert(basis, {"waffen": ({"name": "Schwert", "spezialisierung": "schwert", "schadensart": "Hieb",
                                                "schaden": "1W6"},), "manoever": (), "zauber": ()},
                             **(nullen | {"spezialisierungen.schwert": 5}), name="Verteidiger", seite="Gegner",
                             initiative_modifikator=-5)
    start = k.neuer_kampf([aus_bogen(angreifer), aus_bogen(verteidiger)])
    la, _ = k.austausch_lage(start, "Angreifer", "Verteidiger", "Riesenaxt", "Parade: Schwert")
    assert (la.angriff_pool, la.angriff_schwierigkeit, la.verteidigung_pool, la.verteidigung_schwierigkeit) == (5, 7, 6, 5)
    treffer = (_aloran_pool(5, 7) - _aloran_pool(6, 5) >= 1).probability(True)
    exakt = Fraction(treffer) * Fraction(6, 20)
    bibliothek = k.vorschau(start, "Angreifer", "Verteidiger", "Riesenaxt", "Parade: Schwert").folgen["kampfunfähig"]
    assert bibliothek == pytest.approx(float(exakt), abs=1e-12)
    n = 20_000
    a = begegnung([angreifer, verteidiger], n, rng=np.random.default_rng(2026), max_runden=1)
    p = float(exakt)
    assert abs(a.sieg.get("Helden", 0.0) - p) < 4 * math.sqrt(p * (1 - p) / n)
    assert a.ausgeschaltet.get("Verteidiger", 0.0) == pytest.approx(a.sieg.get("Helden", 0.0))
    assert a.runden == {1: 1.0}
