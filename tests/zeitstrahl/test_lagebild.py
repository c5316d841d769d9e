"""Lagebild des Zeitstrahls (Issue 25, Punkte 1, 2, 6): gebündelt ab einem laufenden Zustand gegen
den Ereignispfad ab demselben Zustand, und ein Schritt vor dem Ende gegen die exakten Chancen.

Die Zustände kommen aus zufälligen Sitzungen des Eigenschaftstests (eingetippte und
Programm-Würfel, Abtausch, Konter, Ansagen, Spielleiter-Eingriffe): je einer mit offenem Konter,
mitten im gleichzeitigen Abtausch, mit angesagter Reaktion und mit einem zählenden Zustand oder
einer verlorenen Waffe. 2000 Kämpfe je Weg und Zustand; die Siegesanteile liegen innerhalb von
4 Standardfehlern.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from gm_helfer import regelsystem
from gm_helfer import zeitstrahl as z
from gm_helfer.lagebild import lagebild
from gm_helfer.zeitstrahl import lagebild as zl
from gm_helfer.zeitstrahl import vorschau
from gm_helfer.zeitstrahl.simulation import Taktik

from .test_vorschlag import _live_zustaende

ANZAHL = 2000


def _laeuft(k: z.Kampf) -> bool:
    return k.gestartet and (len({t.partei for t in k.aktive}) > 1 or k.abtausch is not None)


def _art(k: z.Kampf) -> str | None:
    if not _laeuft(k) or any(t.verschiebung != z.Verschiebung() for t in k.teilnehmer):
        return None
    if k.konter is not None:
        return "konter"
    if k.abtausch is not None:
        return "abtausch"
    if any(t.angesagt for t in k.teilnehmer):
        return "ansage"
    if any(t.zustaende or "bereit" not in t.waffen_status[:1] for t in k.aktive):
        return "zustand"
    return None


def _zustaende(tmp_path) -> dict[str, z.Kampf]:
    gefunden: dict[str, z.Kampf] = {}
    for k in _live_zustaende(200, tmp_path):
        art = _art(k)
        if art and art not in gefunden and _offen(k):
            gefunden[art] = k
            if len(gefunden) == 4:
                break
    return gefunden


def _offen(k: z.Kampf) -> bool:
    """Der Ausgang ist noch offen (grob, 200 gebündelte Kämpfe): sonst prüft der Vergleich wenig."""
    f = zl.gebuendelt_ab([k] * 200, rng=np.random.default_rng(1))
    p = float((f.sieger == 0).mean())
    return 0.15 < p < 0.85


def _anteil(ausgaenge, seite: str) -> float:
    return sum(a == seite for a in ausgaenge) / len(ausgaenge)


def test_lagebild_ist_registriert():
    assert regelsystem.system("zeitstrahl").lage is not None


@pytest.mark.slow  # je Zustand 2000 Kämpfe auf beiden Wegen (Issue 25, Punkt 6): in CI, nicht im schnellen Lauf
def test_gebuendelt_ab_zustand_wie_ereignispfad(tmp_path):
    zustaende = _zustaende(tmp_path)
    assert set(zustaende) == {"konter", "abtausch", "ansage", "zustand"}, set(zustaende)
    zahlen = {}
    for art, k in zustaende.items():
        seite = k.teilnehmer[0].partei
        f = zl.gebuendelt_ab([k] * ANZAHL, rng=np.random.default_rng(11))
        buendel = [f.seiten[s] if s >= 0 else None for s in f.sieger.tolist()]
        r = random.Random(12)
        pfad = [zl.weiterspielen(k, rng=r).sieger for _ in range(ANZAHL)]
        p, q = _anteil(buendel, seite), _anteil(pfad, seite)
        se = math.sqrt(max(p * (1 - p) + q * (1 - q), 1e-9) / ANZAHL)
        zahlen[art] = (p, q, (p - q) / se)
        assert abs(p - q) <= 4 * se, (art, p, q, zahlen)
    print(zahlen)


def _ein_schritt(ork: str = "2", lp: int = 7) -> z.Kampf:
    schwert = z.Waffe("Schwert", "nahkampf", 4, "2W6")
    k = z.neuer_kampf([
        z.Kaempfer("Ada", "Helden", lebenspunkte=40, fertigkeiten=(("nahkampf", 12),), waffen=(schwert,)),
        z.Kaempfer("Ork", "Feinde", lebenspunkte=lp, fertigkeiten=(("nahkampf", 10),), waffen=(schwert,)),
    ])
    return z.anwenden(k, z.start_ereignis(k, 20, augen={"Ada": "10", "Ork": ork}))


@pytest.mark.slow  # 20 000 gebündelte und 2000 Kämpfe auf dem Ereignispfad gegen die exakte Chance: in CI
def test_ein_schritt_vor_dem_ende_gleich_den_exakten_chancen():
    """Mit ``max_runden=0`` bleibt genau Adas Angriff; der Ork verteidigt nur passiv (kein Konter).
    Die Helden gewinnen genau dann, wenn der Angriff mindestens 7 Schadenspunkte macht
    (kampfunfähig bei Lebenspunkten ≤ 0) – die exakte Verteilung aus ``schadens_vorschau``."""
    k = _ein_schritt()
    assert k.am_zug == ("Ada",)
    taktik = {"Helden": Taktik(), "Feinde": Taktik(verteidigung="passiv")}
    exakt = sum(p for sp, p in vorschau.schadens_vorschau(k, "Ada", "Ork", 0).items() if sp >= 7)
    n = 20000
    lb = lagebild("zeitstrahl", k, n, rng=np.random.default_rng(3), taktik=taktik, max_runden=0,
                  mit_optionen=False)
    se = math.sqrt(exakt * (1 - exakt) / n)
    assert lb.weg == "gebündelt"
    assert abs(lb.sieg["Helden"] - exakt) <= 4 * se, (lb.sieg, exakt)
    r = random.Random(4)  # der Ereignispfad: ANZAHL Kämpfe (Issue 25: ≥ 2000 je Zustand), dieselbe 4-σ-Probe
    pfad = [zl.weiterspielen(k, rng=r, taktik=taktik, max_runden=0).sieger for _ in range(ANZAHL)]
    assert abs(_anteil(pfad, "Helden") - exakt) <= 4 * math.sqrt(exakt * (1 - exakt) / ANZAHL)


def test_wahlen_und_verschiebung_auf_dem_ereignispfad():
    k = _ein_schritt("9")  # der Ork ist einen Tick nach Ada dran: er darf aktiv verteidigen
    texte = [t for t, _ in zl.wahlen(k)]
    assert texte[0].startswith("Vorschlag: Ada greift Ork")
    assert any("Ork wählt" in t for t in texte), texte
    lb = lagebild("zeitstrahl", k, 200, rng=np.random.default_rng(5))
    assert len(lb.optionen) == len(texte) and lb.runden >= 0
    k = _ein_schritt("9", lp=60)
    schief = z.anwenden(k, z.angriff_ereignis(k, "Ada", "Ork", 0, "passiv", augen={"angriff": "2"},
                                              rng=random.Random(1), verschiebung=z.Verschiebung(angriff=-3, schaden=1)))
    assert schief["Ada"].verschiebung != z.Verschiebung() and _laeuft(schief)
    lb = lagebild("zeitstrahl", schief, 100, rng=np.random.default_rng(6), mit_optionen=False)
    assert lb.weg == "Ereignispfad" and "Verschiebung" in lb.hinweis
