"""Exakte Aloran-Chancen gegen Brute-Force-Aufzählung jeder Augenfolge und geschlossene Formeln."""

import itertools
import math
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import aloran
from gm_helfer.aloran import chancen
from gm_helfer.aloran.angriff import Lage
from gm_helfer.aloran.kampf import angriff_ereignis, neuer_kampf
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.werte import Waffe, beispielwerte

F = Fraction


def netto_von_hand(augen, s):
    """Unabhängig von der Bibliothek: 1 → −1, ≥ s → +1, 10 → +2, nie unter 0."""
    summe = 0
    for a in augen:
        if a == 1:
            summe -= 1
        elif a == 10:
            summe += 2
        elif a >= s:
            summe += 1
    return max(0, summe)


def brute_force(n, s):
    """(netto, einser) → Wahrscheinlichkeit über alle 10**n Augenfolgen."""
    z = Counter((netto_von_hand(f, s), f.count(1)) for f in itertools.product(range(1, 11), repeat=n))
    return {k: F(v, 10 ** n) for k, v in z.items()}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4])
@pytest.mark.parametrize("s", [2, 5, 6, 7, 9, 10])
def test_verbund_gleich_brute_force(n, s):
    assert dict(chancen.verbund(n, s)) == brute_force(n, s)


@pytest.mark.parametrize(("n", "s"), [(1, 7), (3, 5), (4, 7), (4, 10)])
def test_pool_chancen_gleich_brute_force(n, s):
    bf = brute_force(n, s)
    netto = Counter()
    for (k, _), p in bf.items():
        netto[k] += p
    c = aloran.pool_chancen(wuerfel=n, schwierigkeit=s)
    assert c.verteilung == pytest.approx({k: float(p) for k, p in netto.items()}, abs=1e-15)
    assert c.gelingt == pytest.approx(float(sum(p for k, p in netto.items() if k >= 2)), abs=1e-15)
    assert c.mittelwert == pytest.approx(float(sum(k * p for k, p in netto.items())), abs=1e-15)


def test_ein_wuerfel_kann_nie_gelingen_ausser_mit_der_null():
    # 1 W10: nur die 0 (zählt doppelt) bringt 2 Erfolge → 10 %
    for s in range(2, 11):
        assert aloran.pool_chancen(wuerfel=1, schwierigkeit=s).gelingt == pytest.approx(0.1, abs=1e-15)


@pytest.mark.parametrize("n", [0, 1, 5, 10, 20])
@pytest.mark.parametrize("stufe", [0, 1, 2, 3, 5])
def test_patzer_chance_geschlossen(n, stufe):
    k0 = max(1, stufe)
    erwartet = 1 - sum(math.comb(n, k) * F(1, 10) ** k * F(9, 10) ** (n - k) for k in range(0, min(k0, n + 1)))
    assert aloran.patzer_chance(wuerfel=n, talentstufe=stufe) == pytest.approx(float(erwartet), abs=1e-15)


def test_patzer_chance_brute_force():
    bf = brute_force(4, 7)
    for stufe in (1, 2, 3, 4):
        erwartet = sum(p for (_, e), p in bf.items() if e >= stufe)
        assert aloran.patzer_chance(wuerfel=4, talentstufe=stufe) == pytest.approx(float(erwartet), abs=1e-15)


@pytest.mark.parametrize(("a", "v", "sa", "sv"), [(3, 2, 7, 7), (2, 3, 5, 7), (4, 1, 6, 10), (1, 0, 7, 7), (0, 2, 7, 7)])
def test_vergleich_chancen_brute_force(a, v, sa, sv):
    zaehler = Counter()
    for fa in itertools.product(range(1, 11), repeat=a):
        na = netto_von_hand(fa, sa)
        for fv in itertools.product(range(1, 11), repeat=v):
            d = na - netto_von_hand(fv, sv)
            kat = ("verfehlt" if d <= 0 else "streiftreffer" if d == 1 else "treffer" if d <= 3
                   else "schwerer_treffer" if d <= 5 else "toedlicher_treffer")
            zaehler[kat] += 1
    c = aloran.vergleich_chancen(angriff=a, verteidigung=v, schwierigkeit_angriff=sa, schwierigkeit_verteidigung=sv)
    for kat in aloran.KATEGORIEN:
        assert getattr(c, kat) == pytest.approx(zaehler[kat] / 10 ** (a + v), abs=1e-15), kat


def test_vergleich_option_zwei_erfolge_brute_force():
    opt = Optionen(angriff_braucht_zwei_erfolge=True)
    zaehler = Counter()
    for fa in itertools.product(range(1, 11), repeat=3):
        na = netto_von_hand(fa, 7)
        for fv in itertools.product(range(1, 11), repeat=1):
            d = na - netto_von_hand(fv, 7)
            zaehler["verfehlt" if na < 2 or d <= 0 else "rest"] += 1
    c = aloran.vergleich_chancen(3, 1, optionen=opt)
    assert c.verfehlt == pytest.approx(zaehler["verfehlt"] / 10 ** 4, abs=1e-15)


@pytest.mark.parametrize(("ta", "tv", "optionen"), [
    (1, 1, Optionen()), (2, 1, Optionen(meistertreffer_ab_schwelle=True)),
    (1, 2, Optionen(patzer_ist_misserfolg=True)),
])
def test_angriff_chancen_brute_force_mit_patzer_und_meister(ta, tv, optionen):
    la = Lage(3, 7, ta, 2, 6, tv)
    schwelle_a, schwelle_v = 10 - ta, 10 - tv
    z = Counter()
    for fa in itertools.product(range(1, 11), repeat=3):
        for fv in itertools.product(range(1, 11), repeat=2):
            na, nv = netto_von_hand(fa, 7), netto_von_hand(fv, 6)
            pa, pv = fa.count(1) >= max(1, ta), fv.count(1) >= max(1, tv)
            ma = na >= schwelle_a if optionen.meistertreffer_ab_schwelle else na > schwelle_a
            mv = nv >= schwelle_v if optionen.meistertreffer_ab_schwelle else nv > schwelle_v
            if optionen.patzer_ist_misserfolg:
                if pa:
                    na, ma = 0, False
                if pv:
                    nv, mv = 0, False
            z["treffer_irgendwie"] += na - nv > 0
            z["pa"] += pa
            z["pv"] += pv
            z["ma"] += ma
            z["mv"] += mv
    c = chancen.angriff_chancen(la, optionen)
    gesamt = 10 ** 5
    assert c.kategorien.trifft == pytest.approx(z["treffer_irgendwie"] / gesamt, abs=1e-14)
    assert c.angriff_patzer == pytest.approx(z["pa"] / gesamt, abs=1e-15)
    assert c.verteidigung_patzer == pytest.approx(z["pv"] / gesamt, abs=1e-15)
    assert c.angriff_meister == pytest.approx(z["ma"] / gesamt, abs=1e-15)
    assert c.verteidigung_meister == pytest.approx(z["mv"] / gesamt, abs=1e-15)


def test_zonen_chancen():
    z = aloran.zonen_chancen()
    assert z == {"Kopf": 0.1, "Torso": 0.2, "Schwertarm": 0.15, "Schildarm": 0.15, "Lendengegend": 0.1,
                 "Rechtes Bein": 0.15, "Linkes Bein": 0.15}


def _kleiner_kampf(schaden="1W3", ko=1, ruestung=(0, 1, 0, 2, 0, 0, 0)):
    from gm_helfer.aloran.werte import ATTRIBUTE

    attr = {a: 1 for a in ATTRIBUTE} | {"konstitution": ko}
    a = beispielwerte(name="A", attribute=attr | {"athletik": 1}, spezialisierungen={"schwert": 1},
                      waffen=(Waffe("Klinge", "schwert", "Hieb", schaden),))
    v = beispielwerte(name="V", attribute=attr, spezialisierungen={"schwert": 0}, ruestung=ruestung,
                      waffen=(Waffe("Klinge", "schwert", "Hieb", schaden),))
    return neuer_kampf([a, v])


@pytest.mark.parametrize("optionen", [Optionen(), Optionen(faktor_nach_ruestung=True)])
def test_folgen_chancen_gleich_aufzaehlung_des_live_austauschs(optionen):
    """Die Chancen vor dem Wurf stimmen mit der Häufigkeit über alle eingetippten Würfel des
    echten Austauschs (Ereignis + anwenden) überein: Angriff 2 W10, Parade 1 W10, W20, 1W3."""
    kampf = replace(_kleiner_kampf(), optionen=optionen)
    a, v = kampf.kaempfer
    kampf = aloran.anwenden(kampf, aloran.initiative_ereignis(kampf, augen={"A": "5", "V": "1"}))
    kampf = aloran.anwenden(kampf, aloran.runde_ereignis(kampf))  # ab Runde 1 ist jemand am Zug
    v = kampf.kaempfer_namens("V")
    art = aloran.angriffsarten(a.werte)[0]
    la = aloran.lage(a.werte, art, a.wunden, v.werte, aloran.verteidigungsarten(v.werte)[0], v.wunden)
    assert (la.angriff_pool, la.verteidigung_pool) == (2, 1)
    ac = chancen.angriff_chancen(la)
    vorher = chancen.folgen_chancen(ac.exakt, art, v.werte, v.wunden, initiative=v.initiative,
                                    optionen=optionen)
    zaehler = Counter()
    folgen_je_kategorie: dict[str, Counter] = {}
    w6 = {k: "3" for k in ("angriff_patzer", "angriff_meister", "verteidigung_patzer", "verteidigung_meister")}
    for fa in itertools.product(range(1, 11), repeat=2):
        for fv in range(1, 11):
            basis = {"angriff": list(fa), "verteidigung": [fv], **w6}
            probe = angriff_ereignis(kampf, "A", "V", "Klinge", "Parade: Klinge",
                                     augen=basis | {"zone": "1", "schaden": "1"})
            kat = probe.daten["kategorie"]
            if kat == "verfehlt":
                zaehler["kein Treffer"] += 20 * 3
                continue
            if kat in folgen_je_kategorie:  # Zone × Schaden hängen nur noch von der Kategorie ab
                zaehler.update(folgen_je_kategorie[kat])
                continue
            vor = Counter(zaehler)
            for w20 in range(1, 21):
                for s in (1, 2, 3):
                    e = angriff_ereignis(kampf, "A", "V", "Klinge", "Parade: Klinge",
                                         augen=basis | {"zone": str(w20), "schaden": str(s)})
                    nachher = aloran.anwenden(kampf, e).kaempfer_namens("V")
                    if nachher.wunden == v.wunden:
                        zaehler["keine Wunde"] += 1
                    elif nachher.kampfunfaehig:
                        zaehler["kampfunfähig"] += 1
                    elif nachher.ist_wehrlos():
                        zaehler["wehrlos"] += 1
                    elif nachher.wundstufe > v.wundstufe:
                        zaehler["schlimmere Verletzung"] += 1
                    else:
                        zaehler["Wunden"] += 1
            folgen_je_kategorie[kat] = zaehler - vor
    gesamt = 1000 * 20 * 3
    for k, p in vorher.items():
        assert p == pytest.approx(zaehler[k] / gesamt, abs=1e-12), k
    assert math.fsum(vorher.values()) == pytest.approx(1, abs=1e-12)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(0, 14), s=st.integers(2, 10))
def test_pool_summiert_zu_eins_und_nie_negativ(n, s):
    c = aloran.pool_chancen(wuerfel=n, schwierigkeit=s)
    assert math.fsum(c.verteilung.values()) == pytest.approx(1, abs=1e-12)
    assert min(c.verteilung) >= 0
    assert 0 <= c.gelingt <= 1


@settings(max_examples=30, deadline=None)
@given(a=st.integers(0, 10), v=st.integers(0, 10), sa=st.integers(4, 8), sv=st.integers(4, 8))
def test_vergleich_summiert_zu_eins(a, v, sa, sv):
    c = aloran.vergleich_chancen(a, v, sa, sv)
    assert math.fsum(c.als_dict().values()) == pytest.approx(1, abs=1e-12)


@settings(max_examples=25, deadline=None)
@given(a=st.integers(0, 9), v=st.integers(0, 9))
def test_ohne_verteidigung_trifft_jeder_netto_erfolg(a, v):
    # Gegen 0 Verteidigungswürfel ist die Trefferchance die Chance auf ≥ 1 Netto-Erfolg;
    # gegen v Würfel nie größer als das.
    c = aloran.vergleich_chancen(a, 0)
    assert aloran.vergleich_chancen(a, v).trifft <= c.trifft + 1e-15
    p = aloran.pool_chancen(a, 7).verteilung
    assert c.trifft == pytest.approx(math.fsum(q for k, q in p.items() if k >= 1), abs=1e-12)


@settings(max_examples=20, deadline=None)
@given(ko=st.integers(1, 5), n=st.integers(0, 8))
def test_folgen_summieren_zu_eins(ko, n):
    kampf = _kleiner_kampf("1W6+2", ko=ko)
    a, v = kampf.kaempfer
    art = aloran.angriffsarten(a.werte)[0]
    ac = chancen.angriff_chancen(Lage(n, 7, 1, 2, 7, 0))
    f = chancen.folgen_chancen(ac.exakt, art, v.werte, v.wunden, initiative=5)
    assert math.fsum(f.values()) == pytest.approx(1, abs=1e-12)
    assert f["kein Treffer"] == pytest.approx(ac.kategorien.verfehlt, abs=1e-15)


def test_folgen_chancen_mit_meister_bonus_gleich_aufzaehlung_des_live_austauschs():
    """Meistertreffer-Bonus (W6 1–2 → +W6 Schaden) in den Chancen vor dem Wurf: gegen alle
    eingetippten Würfel des echten Austauschs – Angriff 4 W10 (Stufe 5: Schwierigkeit 5,
    Meistertreffer über 5 Erfolgen), keine Verteidigung, W20, 1W3, Meister-W6, Bonus-W6."""
    from gm_helfer.aloran.werte import ATTRIBUTE

    attr = {a: 1 for a in ATTRIBUTE} | {"konstitution": 2}
    a = beispielwerte(name="A", attribute=attr, spezialisierungen={"schwert": 5},
                      waffen=(Waffe("Klinge", "schwert", "Hieb", "1W3"),))
    # KO 5 und viel Rüstung: sonst ist jeder tödliche Treffer (W3+5)×3 ohnehin kampfunfähig
    v = beispielwerte(name="V", attribute=attr | {"konstitution": 5}, ruestung=(4, 5, 0, 2, 0, 0, 3),
                      waffen=(Waffe("Klinge", "schwert", "Hieb", "1W3"),))
    kampf = neuer_kampf([a, v])
    kampf = aloran.anwenden(kampf, aloran.initiative_ereignis(kampf, augen={"A": "5", "V": "1"}))
    kampf = aloran.anwenden(kampf, aloran.runde_ereignis(kampf))  # ab Runde 1 ist jemand am Zug
    mod = -2  # 1 + 5 − 2 = 4 Würfel
    vs = aloran.kampf.vorschau(kampf, "A", "V", "Klinge", None, angriff_modifikator=mod)
    assert (vs.lage.angriff_pool, vs.lage.angriff_schwierigkeit, vs.verteidigt) == (4, 5, False)
    v0 = kampf.kaempfer_namens("V")

    def folge(e):
        nachher = aloran.anwenden(kampf, e).kaempfer_namens("V")
        if nachher.wunden == v0.wunden:
            return "keine Wunde"
        if nachher.kampfunfaehig:
            return "kampfunfähig"
        if nachher.ist_wehrlos():
            return "wehrlos"
        return "schlimmere Verletzung" if nachher.wundstufe > v0.wundstufe else "Wunden"

    gruppen = Counter()
    beispiel = {}
    for fa in itertools.product(range(1, 11), repeat=4):
        augen = {"angriff": list(fa), "angriff_meister": "3", "zone": "1", "schaden": "1"}
        e = angriff_ereignis(kampf, "A", "V", "Klinge", None, angriff_modifikator=mod, augen=augen)
        schluessel = (e.daten["kategorie"], "Meistertreffer" in e.text)
        gruppen[schluessel] += 1
        beispiel.setdefault(schluessel, list(fa))
    assert any(m for (_, m) in gruppen), "kein Meistertreffer möglich – der Test prüft nichts"
    zaehler = Counter()
    je_fall = 20 * 3 * 6 * 6
    for (kat, meister), anzahl in gruppen.items():
        if kat == "verfehlt":
            zaehler["kein Treffer"] += anzahl * je_fall
            continue
        for w20, s, w6, bonus in itertools.product(range(1, 21), (1, 2, 3), range(1, 7), range(1, 7)):
            augen = {"angriff": beispiel[(kat, meister)], "zone": str(w20), "schaden": str(s),
                     "angriff_meister": str(w6), "angriff_meister_schaden": str(bonus)}
            e = angriff_ereignis(kampf, "A", "V", "Klinge", None, angriff_modifikator=mod, augen=augen)
            zaehler[folge(e)] += anzahl
    gesamt = 10 ** 4 * je_fall
    for k, p in vs.folgen.items():
        assert p == pytest.approx(zaehler[k] / gesamt, abs=1e-12), k
    # ohne den Bonus wären die Chancen anders (sonst prüfte der Test den Bonus nicht)
    ohne = chancen.folgen_chancen(vs.chancen.exakt, aloran.angriffsarten(a)[0], v, v0.wunden,
                                  initiative=v0.initiative)
    assert any(abs(ohne[k] - vs.folgen[k]) > 1e-9 for k in ohne)


def test_folgen_chancen_mit_patzer_des_ziels_gleich_aufzaehlung_des_live_austauschs():
    """Patzt das Ziel bei der Parade (W6 1–2: W6 Schaden in einer W20-Zone), verletzt es sich
    selbst – auch wenn die Attacke verfehlt. Vorschau gegen alle eingetippten Würfel: Angriff
    2 W10, Parade 2 W10 (Stufe 1: jede Eins patzt), Zone, 1W3, Patzer-W6, -Schaden, -Zone.
    Gleichwertige W20-Seiten (dieselbe Zone) werden mit ihrer Zahl gewichtet."""
    from gm_helfer.aloran.daten import ZONEN
    from gm_helfer.aloran.werte import ATTRIBUTE

    attr = {a: 1 for a in ATTRIBUTE} | {"konstitution": 1}
    a = beispielwerte(name="A", attribute=attr, spezialisierungen={"schwert": 1},
                      waffen=(Waffe("Klinge", "schwert", "Hieb", "1W3"),))
    v = beispielwerte(name="V", attribute=attr, spezialisierungen={"schwert": 1}, ruestung=(0, 1, 0, 2, 0, 0, 3),
                      waffen=(Waffe("Klinge", "schwert", "Hieb", "1W3"),))
    kampf = neuer_kampf([a, v])
    kampf = aloran.anwenden(kampf, aloran.initiative_ereignis(kampf, augen={"A": "5", "V": "1"}))
    kampf = aloran.anwenden(kampf, aloran.runde_ereignis(kampf))  # ab Runde 1 ist jemand am Zug
    vs = aloran.kampf.vorschau(kampf, "A", "V", "Klinge", "Parade: Klinge")
    assert (vs.lage.angriff_pool, vs.lage.verteidigung_pool, vs.lage.verteidigung_talentstufe) == (2, 2, 1)
    v0 = kampf.kaempfer_namens("V")
    seiten = [(str(z.von), z.flaechen) for z in ZONEN]  # ein W20-Wert je Zone, gewichtet

    def folge(e, getroffen):
        nachher = aloran.anwenden(kampf, e).kaempfer_namens("V")
        if nachher.wunden == v0.wunden:
            return "keine Wunde" if getroffen else "kein Treffer"
        if nachher.kampfunfaehig:
            return "kampfunfähig"
        if nachher.ist_wehrlos():
            return "wehrlos"
        return "schlimmere Verletzung" if nachher.wundstufe > v0.wundstufe else "Wunden"

    gruppen, beispiel = Counter(), {}
    neutral = {"angriff_patzer": "3", "verteidigung_patzer": "3", "angriff_meister": "3",
               "verteidigung_meister": "3", "zone": "1", "schaden": "1"}
    for fa in itertools.product(range(1, 11), repeat=2):
        for fv in itertools.product(range(1, 11), repeat=2):
            e = angriff_ereignis(kampf, "A", "V", "Klinge", "Parade: Klinge",
                                 augen=neutral | {"angriff": list(fa), "verteidigung": list(fv)})
            schluessel = (e.daten["kategorie"], "Patzer von V" in e.text)
            gruppen[schluessel] += 1
            beispiel.setdefault(schluessel, (list(fa), list(fv)))
    assert any(p for (_, p) in gruppen) and any(k != "verfehlt" for (k, _) in gruppen)
    zaehler = Counter()
    treffer_faelle = [(z, g, s) for z, g in seiten for s in (1, 2, 3)]  # Gewicht g: W20-Seiten der Zone
    for (kat, patzer), anzahl in gruppen.items():
        fa, fv = beispiel[(kat, patzer)]
        tr = treffer_faelle if kat != "verfehlt" else [("1", 20, 1)]  # ohne Treffer: Zone/Schaden egal
        tr_gesamt = 60 if kat != "verfehlt" else 20
        # W6 1–2: Schaden × Zone; W6 3–6 brauchen keinen weiteren Würfel (Gewicht 6 × 20)
        pz = ([(w6, d, z, g) for w6 in (1, 2) for d in range(1, 7) for z, g in seiten]
              + [(w6, 1, "1", 6 * 20) for w6 in range(3, 7)]) if patzer else []
        for zone, g_zone, s in tr:
            gewicht = anzahl * g_zone * (60 // tr_gesamt if kat != "verfehlt" else 3)
            if not patzer:
                augen = neutral | {"angriff": fa, "verteidigung": fv, "zone": zone, "schaden": str(s)}
                e = angriff_ereignis(kampf, "A", "V", "Klinge", "Parade: Klinge", augen=augen)
                zaehler[folge(e, kat != "verfehlt")] += gewicht * 6 * 6 * 20
                continue
            for w6, d, pzone, g_p in pz:
                augen = neutral | {"angriff": fa, "verteidigung": fv, "zone": zone, "schaden": str(s),
                                   "verteidigung_patzer": str(w6), "verteidigung_patzer_schaden": str(d),
                                   "verteidigung_patzer_zone": pzone}
                e = angriff_ereignis(kampf, "A", "V", "Klinge", "Parade: Klinge", augen=augen)
                zaehler[folge(e, kat != "verfehlt")] += gewicht * g_p
    gesamt = 10 ** 4 * 60 * 6 * 6 * 20
    assert sum(zaehler.values()) == gesamt
    for k, p in vs.folgen.items():
        assert p == pytest.approx(zaehler[k] / gesamt, abs=1e-12), k
    assert vs.folgen["kein Treffer"] < vs.chancen.kategorien.verfehlt  # Selbstverletzung trotz Fehlschlag


@settings(max_examples=15, deadline=None)
@given(ko=st.integers(1, 4), n=st.integers(0, 7), v=st.integers(0, 5), tv=st.integers(0, 3))
def test_folgen_mit_sonderfaellen_summieren_zu_eins(ko, n, v, tv):
    kampf = _kleiner_kampf("1W6+2", ko=ko)
    a, z = kampf.kaempfer
    art = aloran.angriffsarten(a.werte)[0]
    ac = chancen.angriff_chancen(Lage(n, 7, 5, v, 7, tv))
    assert math.fsum(float(p) for p in ac.exakt_sonder.values()) == pytest.approx(1, abs=1e-12)
    f = chancen.folgen_chancen(ac.exakt, art, z.werte, z.wunden, initiative=5, sonder=ac.exakt_sonder)
    assert math.fsum(f.values()) == pytest.approx(1, abs=1e-12)
    # ein Patzer des Ziels kann einen Fehlschlag zur Wunde machen, nie umgekehrt
    assert f["kein Treffer"] <= ac.kategorien.verfehlt + 1e-12


def test_waffenlos_vorschau_rechnet_meister_bonus_ein():
    from gm_helfer.aloran.werte import ATTRIBUTE

    attr = {x: 1 for x in ATTRIBUTE} | {"athletik": 5}
    a = beispielwerte(name="A", attribute=attr, spezialisierungen={"faust": 5})
    z = beispielwerte(name="Z", attribute={x: 1 for x in ATTRIBUTE}, ausdauer=8)
    kampf = neuer_kampf([a, z])
    vs = aloran.kampf.vorschau(kampf, "A", "Z", "Ringen", None)
    ohne = chancen.folgen_chancen(vs.chancen.exakt, aloran.werte.angriffsart(a, "Ringen"), z,
                                  aloran.kampf.KEINE_WUNDEN)
    assert vs.chancen.angriff_meister > 0.05
    assert vs.folgen["bewusstlos"] > ohne["bewusstlos"] + 1e-6  # der W6-Bonus macht Bewusstlosigkeit wahrscheinlicher
