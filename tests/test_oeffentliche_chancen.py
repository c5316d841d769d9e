"""Unabhängige Gegenprüfung der öffentlichen Chancen-Schnittstellen aller vier Systeme.

Die Werte hier entstehen ohne die Bibliothek: aus geschlossenen Formeln (explodierende
Würfel), aus vollständiger Aufzählung aller Würfelergebnisse oder aus den Tabellen des
Regeltexts selbst. So fällt auf, wenn eine Bibliotheksfunktion eine Regel anders liest
als die Aufgabe sie beschreibt.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

F = Fraction


# -- gemeinsame, unabhängige Hilfen ---------------------------------------------------------
def p_explodierend_mindestens(n: int, t: int) -> Fraction:
    """P(explodierender Wn ≥ t), geschlossen: erst k Höchstwürfe, dann mindestens r."""
    if t <= 1:
        return F(1)
    k = (t - 1) // n
    r = t - k * n  # 1 ≤ r ≤ n
    return F(1, n) ** k * F(n - r + 1, n)


def explodierend_verteilung(n: int, bis: int) -> dict[int, Fraction]:
    """P(explodierender Wn = k·n + r) = (1/n)^(k+1) für 1 ≤ r < n (bis zur Summe ``bis``)."""
    vert: dict[int, Fraction] = {}
    k = 0
    while k * n < bis:
        for r in range(1, n):
            vert[k * n + r] = F(1, n) ** (k + 1)
        k += 1
    return vert


def falten(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    aus: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            aus[x + y] = aus.get(x + y, 0) + p * q
    return aus


# -- Savage Worlds ---------------------------------------------------------------------------
def sw_probe_unabhaengig(n: int, wildcard: bool, mod: int, tn: int) -> tuple[Fraction, Fraction, Fraction]:
    """(Erfolg, Steigerung, kritischer Fehlschlag) geschlossen, ohne Aufzählung."""

    def mindestens(t: int) -> Fraction:
        p = p_explodierend_mindestens(n, t - mod)
        if wildcard:
            q = p_explodierend_mindestens(6, t - mod)
            p = 1 - (1 - p) * (1 - q)
        return p

    krit = F(1, n * 6) if wildcard else F(0)
    # Beide natürlichen Einsen: Gesamt 1 + mod; zählt es als Erfolg, muss es wieder weg.
    krit_waere_erfolg = krit if 1 + mod >= tn else 0
    krit_waere_steigerung = krit if 1 + mod >= tn + 4 else 0
    return mindestens(tn) - krit_waere_erfolg, mindestens(tn + 4) - krit_waere_steigerung, krit


@pytest.mark.parametrize(
    ("wuerfel", "wildcard", "mod", "tn"),
    [
        ("W4", True, 0, 4),
        ("W6", True, 0, 4),
        ("W8", True, -2, 4),
        ("W8", False, -2, 4),
        ("W10", True, 2, 6),
        ("W12", True, -4, 4),
        ("W12", False, 1, 8),
        ("W6", True, 3, 4),  # zwei Einsen wären 4: trotzdem kein Erfolg
        ("W4", True, 7, 4),  # zwei Einsen wären 8 (Steigerung): trotzdem Fehlschlag
    ],
)
def test_sw_probe_chancen_geschlossene_form(wuerfel, wildcard, mod, tn):
    from gm_helfer import savage_worlds as sw

    n = int(wuerfel[1:])
    erfolg, steigerung, krit = sw_probe_unabhaengig(n, wildcard, mod, tn)
    c = sw.probe_chancen(wuerfel=wuerfel, wildcard=wildcard, modifikator=mod, mindestwurf=tn)
    assert c.erfolg == pytest.approx(float(erfolg), abs=1e-11)
    assert c.steigerung == pytest.approx(float(steigerung), abs=1e-11)
    assert c.kritischer_fehlschlag == pytest.approx(float(krit), abs=1e-15)


def sw_schaden_unabhaengig(ausdruck_seiten: list[int], konstante: int, robustheit: int):
    vert = {konstante: F(1)}
    for n in ausdruck_seiten:
        vert = falten(vert, explodierend_verteilung(n, 200))
    keine = sum((p for s, p in vert.items() if s < robustheit), F(0))
    angeschlagen = sum((p for s, p in vert.items() if robustheit <= s < robustheit + 4), F(0))
    wunden = {k: F(0) for k in (1, 2, 3, 4)}
    for s, p in vert.items():
        if s >= robustheit + 4:
            wunden[min(4, (s - robustheit) // 4)] += p
    return keine, angeschlagen, wunden


@pytest.mark.parametrize(
    ("ausdruck", "seiten", "konstante", "robustheit", "bonus_w6"),
    [
        ("2W6+1", [6, 6], 1, 7, False),
        ("2W6+1", [6, 6, 6], 1, 7, True),
        ("W8+W6", [8, 6], 0, 5, False),
        ("2W8", [8, 8, 6], 0, 9, True),
        ("W4", [4], 0, 4, False),
        ("W12+W10+2", [12, 10], 2, 11, False),
    ],
)
def test_sw_schadens_chancen_faltung(ausdruck, seiten, konstante, robustheit, bonus_w6):
    from gm_helfer import savage_worlds as sw

    keine, angeschlagen, wunden = sw_schaden_unabhaengig(seiten, konstante, robustheit)
    c = sw.schadens_chancen(ausdruck, robustheit=robustheit, bonus_w6=bonus_w6)
    # Die geschlossene Form ist bis Summe 200 abgeschnitten: der Rest liegt weit unter 1e-12.
    assert c.keine_wirkung == pytest.approx(float(keine), abs=1e-11)
    assert c.angeschlagen == pytest.approx(float(angeschlagen), abs=1e-11)
    for k in (1, 2, 3, 4):
        assert c.wunden[k] == pytest.approx(float(wunden[k]), abs=1e-11), k
    assert c.keine_wirkung + c.angeschlagen + sum(c.wunden[k] for k in (1, 2, 3, 4)) == pytest.approx(1, abs=1e-11)


def sw_vigor_kategorien(n: int, mod: int):
    """(Tod, Fehlschlag, Erfolg ohne Steigerung, Steigerung) einer Wildcard-Konstitutionsprobe.

    Aufgezählt über alle (Eigenschaft, Wild) bis Summe 200 je Würfel.
    """
    eig = explodierend_verteilung(n, 200)
    wild = explodierend_verteilung(6, 200)
    tod = fehl = erfolg = steig = F(0)
    for (a, pa), (b, pb) in itertools.product(eig.items(), wild.items()):
        p = pa * pb
        gesamt = max(a, b) + mod
        krit = a == 1 and b == 1
        if gesamt <= 1:
            tod += p
        elif krit or gesamt < 4:
            fehl += p
        elif gesamt < 8:
            erfolg += p
        else:
            steig += p
    return tod, fehl, erfolg, steig


@pytest.mark.parametrize(("wuerfel", "mod"), [("W6", -3), ("W8", 0), ("W4", -1), ("W10", -2)])
def test_sw_ausser_gefecht_chancen(wuerfel, mod):
    from gm_helfer import savage_worlds as sw

    tod, fehl, erfolg, steig = sw_vigor_kategorien(int(wuerfel[1:]), mod)
    c = sw.ausser_gefecht_chancen(konstitution=wuerfel, modifikator=mod)
    assert c.tod == pytest.approx(float(tod), abs=1e-11)
    assert c.fehlschlag == pytest.approx(float(fehl), abs=1e-11)
    # Die vier Ausgänge haben verschiedene Folgen und teilen die Wahrscheinlichkeit auf:
    # .erfolg ist Erfolg ohne Steigerung.
    assert c.erfolg == pytest.approx(float(erfolg), abs=1e-11)
    assert c.steigerung == pytest.approx(float(steig), abs=1e-11)


@pytest.mark.parametrize(("wuerfel", "mod", "runden"), [("W6", -1, 5), ("W8", -3, 3), ("W12", 0, 10)])
def test_sw_ausbluten_chancen_geometrische_reihe(wuerfel, mod, runden):
    from gm_helfer import savage_worlds as sw

    tod, fehl, erfolg, steig = sw_vigor_kategorien(int(wuerfel[1:]), mod)
    f = tod + fehl  # Fehlschlag beim Ausbluten: tot
    s = erfolg  # Erfolg: nächste Runde erneut
    c = sw.ausbluten_chancen(konstitution=wuerfel, modifikator=mod, runden=runden)
    erwartet = [sum((s ** (i - 1) * f for i in range(1, r + 1)), F(0)) for r in range(1, runden + 1)]
    assert len(c.tod_bis_runde) == runden
    for ist, soll in zip(c.tod_bis_runde, erwartet, strict=True):
        assert ist == pytest.approx(float(soll), abs=1e-11)
    assert c.tod_insgesamt == pytest.approx(float(f / (1 - s)), abs=1e-11)
    assert c.stabil_insgesamt == pytest.approx(float(steig / (1 - s)), abs=1e-11)


# -- Aloran ----------------------------------------------------------------------------------
def aloran_netto(wuerfel: int, schwierigkeit: int) -> dict[int, Fraction]:
    """Netto-Erfolge über alle Zusammensetzungen (Einsen, Nieten, Erfolge, Zehnen), multinomial."""
    p1 = F(1, 10)
    p_niete = F(schwierigkeit - 2, 10)
    p_erfolg = F(10 - schwierigkeit, 10)
    p10 = F(1, 10)
    vert: dict[int, Fraction] = {}
    for e1 in range(wuerfel + 1):
        for en in range(wuerfel - e1 + 1):
            for ee in range(wuerfel - e1 - en + 1):
                e10 = wuerfel - e1 - en - ee
                anzahl = math.factorial(wuerfel) // (
                    math.factorial(e1) * math.factorial(en) * math.factorial(ee) * math.factorial(e10)
                )
                p = anzahl * p1**e1 * p_niete**en * p_erfolg**ee * p10**e10
                netto = max(0, ee + 2 * e10 - e1)
                vert[netto] = vert.get(netto, 0) + p
    return vert


def aloran_brute_force(wuerfel: int, schwierigkeit: int) -> dict[int, Fraction]:
    """Jede Augenfolge einzeln (nur für kleine Pools)."""
    zaehler: Counter[int] = Counter()
    for augen in itertools.product(range(1, 11), repeat=wuerfel):
        erfolge = sum(2 if a == 10 else 1 for a in augen if a >= schwierigkeit)
        zaehler[max(0, erfolge - augen.count(1))] += 1
    return {k: F(n, 10**wuerfel) for k, n in zaehler.items()}


@pytest.mark.parametrize("wuerfel", [1, 2, 3, 4])
@pytest.mark.parametrize("schwierigkeit", [7, 6, 5])
def test_aloran_pool_brute_force(wuerfel, schwierigkeit):
    from gm_helfer import aloran

    exakt = aloran_brute_force(wuerfel, schwierigkeit)
    assert exakt == aloran_netto(wuerfel, schwierigkeit)
    c = aloran.pool_chancen(wuerfel=wuerfel, schwierigkeit=schwierigkeit)
    assert set(c.verteilung) == set(exakt)
    for k, p in exakt.items():
        assert c.verteilung[k] == pytest.approx(float(p), abs=1e-14)
    assert c.gelingt == pytest.approx(float(sum((p for k, p in exakt.items() if k >= 2), F(0))), abs=1e-14)


@pytest.mark.parametrize(("wuerfel", "schwierigkeit"), [(5, 7), (8, 6), (10, 5), (10, 7)])
def test_aloran_pool_multinomial(wuerfel, schwierigkeit):
    from gm_helfer import aloran

    exakt = aloran_netto(wuerfel, schwierigkeit)
    c = aloran.pool_chancen(wuerfel=wuerfel, schwierigkeit=schwierigkeit)
    for k, p in exakt.items():
        assert c.verteilung[k] == pytest.approx(float(p), abs=1e-14)
    assert math.fsum(c.verteilung.values()) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize(("wuerfel", "stufe"), [(5, 2), (5, 1), (3, 3), (10, 4), (2, 5)])
def test_aloran_patzer_binomial(wuerfel, stufe):
    from gm_helfer import aloran

    erwartet = sum(
        (math.comb(wuerfel, k) * F(1, 10) ** k * F(9, 10) ** (wuerfel - k) for k in range(stufe, wuerfel + 1)),
        F(0),
    )
    assert aloran.patzer_chance(wuerfel=wuerfel, talentstufe=stufe) == pytest.approx(float(erwartet), abs=1e-15)


@pytest.mark.parametrize(("angriff", "verteidigung"), [(6, 4), (3, 3), (1, 5), (10, 2)])
def test_aloran_vergleich_differenz_der_netto_erfolge(angriff, verteidigung):
    from gm_helfer import aloran

    a, v = aloran_netto(angriff, 7), aloran_netto(verteidigung, 7)
    stufen = {"verfehlt": F(0), "streiftreffer": F(0), "treffer": F(0), "schwerer_treffer": F(0), "toedlicher_treffer": F(0)}
    for (na, pa), (nv, pv) in itertools.product(a.items(), v.items()):
        d = na - nv
        name = (
            "verfehlt" if d <= 0 else "streiftreffer" if d == 1 else "treffer" if d <= 3
            else "schwerer_treffer" if d <= 5 else "toedlicher_treffer"
        )
        stufen[name] += pa * pv
    c = aloran.vergleich_chancen(angriff=angriff, verteidigung=verteidigung)
    for name, p in stufen.items():
        assert getattr(c, name) == pytest.approx(float(p), abs=1e-14), name


# -- Zeitstrahl ------------------------------------------------------------------------------
def zeitstrahl_zonentabelle() -> dict[tuple[int, int], str]:
    """Die Trefferzonentabelle, direkt aus dem Regeltext gelesen (erster Würfel = Zeile)."""
    from gm_helfer.pfade import projekt_ordner

    kandidaten = [
        projekt_ordner().parent / "shared" / "regeln" / "zeitstrahl.txt",
        projekt_ordner() / ".." / "shared" / "regeln" / "zeitstrahl.txt",
    ]
    text = next((k for k in kandidaten if k.exists()), None)
    if text is None:
        pytest.skip("Regeltext regeln/zeitstrahl.txt liegt nicht neben dem Projekt")
    zeilen = text.read_text(encoding="utf-8").splitlines()
    start = zeilen.index("Trefferzonen")
    tabelle = {}
    for zeile in zeilen[start + 3 : start + 9]:
        zellen = [z.strip() for z in zeile.strip().strip("|").split("|")]
        reihe = int(zellen[0])
        for spalte, zone in enumerate(zellen[1:], start=1):
            tabelle[(reihe, spalte)] = zone
    assert len(tabelle) == 36
    return tabelle


def test_zeitstrahl_trefferzonen_aus_dem_regeltext():
    from gm_helfer import zeitstrahl

    tabelle = zeitstrahl_zonentabelle()
    zaehler = Counter(tabelle.values())
    empfindlich = sum(1 for (a, b), zone in tabelle.items() if zone == "Kopf" or a == b)
    c = zeitstrahl.trefferzonen_chancen()
    for zone, n in zaehler.items():
        assert c[zone] == pytest.approx(n / 36, abs=1e-15), zone
    assert c["empfindlich"] == pytest.approx(empfindlich / 36, abs=1e-15)
    assert math.fsum(c[z] for z in zaehler) == pytest.approx(1, abs=1e-15)


@pytest.mark.parametrize(("ausdruck", "schutz"), [("2W6", 3), ("3W4", 1), ("W10", 0), ("2W6+2", 2), ("3W4", 5)])
def test_zeitstrahl_schaden_ruestung_je_wuerfel(ausdruck, schutz):
    from gm_helfer import zeitstrahl
    from gm_helfer.wuerfel import parse

    a = parse(ausdruck)
    seiten = [g.seiten for g in a.wuerfel for _ in range(g.anzahl)]
    zaehler: Counter[int] = Counter()
    for augen in itertools.product(*(range(1, s + 1) for s in seiten)):
        zaehler[sum(max(0, x - schutz) for x in augen) + a.konstante] += 1
    gesamt = math.prod(seiten)
    c = zeitstrahl.schadens_chancen(ausdruck, ruestungsschutz=schutz)
    for k, n in zaehler.items():
        assert c[k] == pytest.approx(n / gesamt, abs=1e-15), k
    assert math.fsum(c.values()) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize(("wert", "verteidigung"), [(12, 15), (5, 30), (20, 10), (0, 20), (10, 11)])
def test_zeitstrahl_angriff_w20(wert, verteidigung):
    from gm_helfer import zeitstrahl

    treffer = sum(1 for w in range(1, 21) if w == 20 or (w != 1 and wert + w >= verteidigung))
    c = zeitstrahl.angriff_chancen(angriffswert=wert, verteidigung=verteidigung)
    assert c.treffer == pytest.approx(treffer / 20, abs=1e-15)
    assert c.kritisch == pytest.approx(1 / 20, abs=1e-15)
    assert c.patzer == pytest.approx(1 / 20, abs=1e-15)


# -- W100 ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("ob", "db", "patzer", "lucky"),
    [(60, 20, 5, False), (60, 20, 5, True), (0, 0, 1, False), (120, 10, 8, False), (30, 50, 3, True), (40, 0, 0, False)],
)
def test_w100_angriff_abzaehlen(ob, db, patzer, lucky):
    from gm_helfer import w100

    zaehler = Counter()
    for wurf in range(1, 101):
        if wurf <= patzer:
            zaehler["patzer"] += 1
            continue
        wert = 154 if lucky and wurf == 77 else wurf
        ergebnis = wert + ob - db
        zaehler["misserfolg" if ergebnis < 75 else "streiftreffer" if ergebnis < 100 else "volltreffer"] += 1
    c = w100.angriff_chancen(ob=ob, db=db, patzerbereich=patzer, lucky_seven=lucky)
    for name in ("patzer", "misserfolg", "streiftreffer", "volltreffer"):
        assert getattr(c, name) == pytest.approx(zaehler[name] / 100, abs=1e-15), name
