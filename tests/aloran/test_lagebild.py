"""Aloran-Lagebild (Issue 25): die gebündelte Maschine vom Live-Zustand an stimmt mit dem
Ereignispfad überein – auch mitten in der Runde, im offenen gleichzeitigen Austausch, mit Abwarten,
einer laufenden Bonus-Kampfaktion und Beeinträchtigungen; die Zustände entstehen auf dem
Ereignispfad mit eingetippten Würfeln. Je Zustand 2000 Kämpfe auf jedem Weg; die Siegesanteile
liegen innerhalb von 4 Standardfehlern.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from gm_helfer.aloran import kampf as k
from gm_helfer.aloran import lagebild as al
from gm_helfer.aloran.tisch import zug
from gm_helfer.aloran.werte import Waffe, beispielwerte
from gm_helfer.lagebild import lagebild

ANZAHL = 2000


def _werte(n: int = 3, schaden: str = "2W6+4", gegner: str = "4W6+8"):
    """Zwei Helden gegen einen starken Gegner (ungefähr ausgeglichen, kurze Kämpfe)."""
    return [beispielwerte(name=f"K{i}", seite="Helden" if i % 2 == 0 else "Gegner",
                          waffen=(Waffe("Schwert", "schwert", "Hieb", schaden if i % 2 == 0 else gegner),))
            for i in range(n)]


def _augen(zufall: random.Random, kampf: k.Kampf, v: zug.Vorschlag) -> dict[str, str]:
    """Eingetippte Würfel für den vorgeschlagenen Angriff (Pools in der richtigen Größe)."""
    la, _ = k.austausch_lage(kampf, v.wer, v.ziel, v.angriff, v.verteidigung)
    w10 = lambda n: " ".join(str(zufall.randint(0, 9)) for _ in range(n))  # noqa: E731
    schaden = " ".join(str(zufall.randint(1, 6)) for _ in range(_schadenswuerfel(kampf, v)))
    augen = {"angriff": w10(la.angriff_pool), "verteidigung": w10(la.verteidigung_pool),
             "zone": str(zufall.randint(1, 20)), "schaden": schaden}
    for s in k.WUERFEL_SCHLUESSEL:
        augen.setdefault(s, str(zufall.randint(1, 20) if s.endswith("zone") else zufall.randint(1, 6)))
    return augen


def _schadenswuerfel(kampf: k.Kampf, v: zug.Vorschlag) -> int:
    from gm_helfer import wuerfel
    from gm_helfer.aloran.werte import angriffsart

    art = angriffsart(kampf.kaempfer_namens(v.wer).werte, v.angriff)
    return len(list(wuerfel.parse(art.schaden_text).einzelwuerfel()))


def _eingetippt(v: k.Verlauf, zufall: random.Random, schritte: int) -> None:
    """``schritte`` Vorschläge mit eingetippten Würfeln spielen (neue Runden dazwischen)."""
    for _ in range(schritte):
        wer = zug.am_zug(v.zustand)
        if wer is None:
            zug.neue_runde(v, rng=zufall)
            continue
        vs = zug.vorschlag(v.zustand, wer)
        zug.vorschlag_spielen(v, wer, augen=_augen(zufall, v.zustand, vs) if vs.schluessel == "angriff" else None,
                              rng=zufall)


def _start(augen: dict[str, str]) -> k.Verlauf:
    v = k.neuer_verlauf(k.neuer_kampf(_werte()), None)
    zug.neue_runde(v, augen=augen)
    return v


def _zustand(art: str) -> k.Kampf:
    zufall = random.Random(art)
    if art == "austausch":  # K1 und K2 gleich schnell: K1 hat angegriffen, K2 steht noch aus
        v = _start({"K0": "1", "K1": "7", "K2": "7"})
        vs = zug.vorschlag(v.zustand, "K1")
        zug.vorschlag_spielen(v, "K1", augen=_augen(zufall, v.zustand, vs))
        assert v.zustand.austausch
    elif art == "abwartend":  # K0 wartet ab, eine Runde mit Wunden liegt hinter allen
        v = _start({"K0": "9", "K1": "5", "K2": "3"})
        _eingetippt(v, zufall, 5)
        while zug.am_zug(v.zustand) != "K0":
            _eingetippt(v, zufall, 1)
        v.ausfuehren(k.abwarten_ereignis(v.zustand, "K0"))
    elif art == "bonus":  # K2 hat eine Bonus-Kampfaktion und ist mitten im Zug; K1 beeinträchtigt
        v = _start({"K0": "2", "K1": "5", "K2": "9"})
        v.ausfuehren(k.bonusaktion_ereignis(v.zustand, "K2", "kampf", "Test"))
        vs = zug.vorschlag(v.zustand, "K2")
        zug.vorschlag_spielen(v, "K2", augen=_augen(zufall, v.zustand, vs))
        assert v.zustand.kaempfer_namens("K2").zug == "handelt"
    else:  # zwischen zwei Zügen, nach eingetippten Austauschen mit Wunden, beide Seiten stehen
        for saat in range(50):
            zufall = random.Random(saat)
            v = _start({"K0": "4", "K1": "6", "K2": "8"})
            _eingetippt(v, zufall, 2)
            z = v.zustand
            if al.sauber(z) and zug.am_zug(z) and any(sum(x.wunden) for x in z.kaempfer) \
                    and len({x.werte.seite for x in z.kaempfer if x.handelt}) == 2:
                break
    return v.zustand


@pytest.mark.slow  # je Zustand 2000 Kämpfe auf beiden Wegen (Issue 25, Punkt 6): in CI, nicht im schnellen Lauf
@pytest.mark.parametrize("art", ["austausch", "abwartend", "bonus", "sauber"])
def test_gebuendelt_ab_dem_zustand_stimmt_mit_dem_ereignispfad(art):
    z = _zustand(art)
    assert len({x.werte.seite for x in z.kaempfer if x.handelt}) == 2
    e = al.gebuendelt([z] * ANZAHL, rng=np.random.default_rng(11))
    p_b = float((e.sieger == e.seiten.index("Helden")).mean())
    ev = [al.weiterspielen(z, rng=random.Random(10**6 + i)) for i in range(ANZAHL)]
    p_e = float(np.mean([a.sieger == "Helden" for a in ev]))
    se = math.sqrt((p_b * (1 - p_b) + p_e * (1 - p_e)) / ANZAHL)
    zwert = (p_b - p_e) / se if se else 0.0
    r_b, r_e = float(e.runden.mean()), float(np.mean([a.runden for a in ev]))
    r_se = math.sqrt((e.runden.var() + np.var([a.runden for a in ev])) / ANZAHL)
    print(f"Lagebild Aloran {art}: gebündelt {p_b:.3f}, Ereignispfad {p_e:.3f}, z = {zwert:+.2f}; "
          f"Runden {r_b:.2f} / {r_e:.2f} (z = {(r_b - r_e) / r_se if r_se else 0:+.2f})")
    assert abs(zwert) < 4
    assert r_se == 0 or abs(r_b - r_e) / r_se < 4


def test_eine_aktion_vor_dem_ende_gleich_den_exakten_chancen():
    """K0 greift als Letzter der Runde den wehrlosen K1 an; mit ``max_runden=1`` (nur der Rest der
    Runde) gewinnen die Helden genau, wenn K1 danach kampfunfähig ist – die exakte Chance aus
    :func:`~gm_helfer.aloran.kampf.vorschau` (bis auf den seltenen Fall eines Meistertreffers mit
    Bonus-Kampfaktion oder eines Patzers mit Schaden am Angreifer, beide als Schranke dazu)."""
    werte = _werte(2, "3W6+6")
    v = k.neuer_verlauf(k.neuer_kampf(werte), None)
    zug.neue_runde(v, augen={"K0": "1", "K1": "9"})
    zug.vorschlag_spielen(v, "K1", vorschlag_=zug.Vorschlag("zug_beenden", "K1"))
    z = v.zustand
    vs = zug.vorschlag(z, "K0")
    vor = k.vorschau(z, "K0", "K1", vs.angriff, vs.verteidigung)
    exakt = vor.folgen["kampfunfähig"]
    lb = lagebild("aloran", z, 20000, rng=random.Random(3), mit_optionen=False, max_runden=1)
    se = math.sqrt(exakt * (1 - exakt) / lb.anzahl)
    rest = vor.chancen.angriff_meister + vor.chancen.angriff_patzer / 6
    print(f"Eine Aktion vor dem Ende: Lagebild {lb.sieg['Helden']:.4f}, exakt {exakt:.4f} (± {4 * se:.4f}, "
          f"Schranke der Sonderfälle {rest:.4f}), {lb.weg}")
    assert exakt - 4 * se - rest <= lb.sieg["Helden"] <= exakt + 4 * se + rest
    assert lb.weg == "gebündelt"


def test_wahlen_des_augenblicks():
    z = _zustand("sauber")
    wahlen = al.wahlen(z)
    texte = [t for t, _ in wahlen]
    assert texte and texte[0].startswith("Vorschlag")
    lb = lagebild("aloran", z, 300, rng=random.Random(1))
    assert [t for t, _ in lb.optionen] == texte
    assert all(abs(sum(p.values()) - 1) < 1e-9 for _, p in lb.optionen)


def test_entschiedener_kampf_und_vor_der_initiative():
    z = k.neuer_kampf(_werte())
    lb = lagebild("aloran", z, 500, rng=random.Random(2), mit_optionen=False)
    assert lb.weg == "gebündelt" and 0 < lb.sieg["Helden"] < 1
    a = al.weiterspielen(z, rng=random.Random(1))
    assert a.runden >= 1
