"""Lagebild messen (Issue 25, Punkt 5): je System die gebündelte Maschine ab einem laufenden
Zustand – fester Aufwand je Aufruf (200 gegen 10 000 Kämpfe), Kämpfe je Sekunde – und die
Latenz des Lagebilds aus 10 zufälligen Zuständen mitten im Kampf (Median, Maximum).

Aufruf: ``python benchmarks/lagebild_messen.py [system …] [--wahlen] [--cpu]`` (ohne: alle
eingetragenen; ``--wahlen`` misst auch das Lagebild mit den Wahlen des Augenblicks, ``--cpu`` misst
Latenz und Grundlinie in Rechenzeit statt Wanduhr). Kein Test. Am Ende eine
Tabelle je System (:func:`tabelle`): fester Aufwand je Aufruf, Kämpfe/s ab einem Zustand,
Verhältnis zur Grundlinie, Lagebild-Latenz (Median/Maximum). Verhältnisse gegen eine Grundlinie
aus demselben Lauf (die Maschine ab den Bögen, dieselbe Zahl von Kämpfen, und der Ereignispfad;
Savage Worlds: die schlichte Schleife), damit eine laute Maschine die Zahlen nicht verfälscht.

Jedes System trägt seinen Teil in :data:`SYSTEME` ein (eine Funktion, die Zeilen druckt).
Savage Worlds misst dazu die Klicks je Runde am Tisch vorher und nachher (Issue 26, Punkt 7:
:func:`sw_klicks`).
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

_UHR = time.process_time if "--cpu" in sys.argv else time.perf_counter
"""Die Uhr der Latenz- und Grundlinienmessung: Wanduhr, mit ``--cpu`` die Rechenzeit des Prozesses
(auf einer geteilten, lauten Maschine das verlässlichere Maß)."""


def _zeit(f: Callable[[], object]) -> float:
    t = _UHR()
    f()
    return _UHR() - t


def _maschine_drucken(zeiten: dict, t_pfad: float) -> None:
    """Die gebündelte Maschine ab einem Zustand gegen die Grundlinie aus demselben Lauf: ``zeiten``
    hat je ``n`` (200, 10 000) die Zeit ab dem Zustand und unter ``("bögen", n)`` die ab den Bögen;
    ``t_pfad``: 200 Kämpfe auf dem Ereignispfad."""
    je_kampf = (zeiten[10_000] - zeiten[200]) / 9_800
    fest = zeiten[200] - 200 * je_kampf
    je_kampf_b = (zeiten[("bögen", 10_000)] - zeiten[("bögen", 200)]) / 9_800
    fest_b = zeiten[("bögen", 200)] - 200 * je_kampf_b
    print(f"  fester Aufwand je Aufruf   {fest * 1000:7.0f} ms   (ab den Bögen {fest_b * 1000:.0f} ms, "
          f"Verhältnis {fest / fest_b:.2f})")
    print(f"  200 Kämpfe                 {zeiten[200]:7.2f} s    10 000 Kämpfe {zeiten[10_000]:.2f} s "
          f"(200 laufen mit {200 / zeiten[200] / (10_000 / zeiten[10_000]):.2f} der Geschwindigkeit von 10 000)")
    print(f"  Kämpfe/s (10 000)          {10_000 / zeiten[10_000]:7.0f}      ab den Bögen "
          f"{10_000 / zeiten[('bögen', 10_000)]:.0f} (Verhältnis "
          f"{zeiten[('bögen', 10_000)] / zeiten[10_000]:.2f}); Ereignispfad {200 / t_pfad:.0f} "
          f"(gebündelt {t_pfad / 200 / (zeiten[10_000] / 10_000):.1f}× schneller)")


def _latenz_drucken(system: str, zustaende: list) -> list[float]:
    """Lagebild-Latenz aus den Zuständen (:func:`_LATENZ_FAELLE`); gibt die Zeiten für 2000 Kämpfe
    ohne Wahlen zurück (für die Schlusstabelle)."""
    from gm_helfer.lagebild import lagebild

    lat2000: list[float] = []
    for anzahl, optionen in _LATENZ_FAELLE():
        lat = [_zeit(lambda k=k, anzahl=anzahl, optionen=optionen: lagebild(system, k, anzahl, rng=np.random.default_rng(3),
                                                                            mit_optionen=optionen)) for k in zustaende]
        lat2000 = lat if (anzahl, optionen) == (2000, False) else lat2000
        print(f"  Lagebild {anzahl:5d} Kämpfe{' + Wahlen' if optionen else '         '}  Median "
              f"{statistics.median(lat):5.2f} s   Maximum {max(lat):5.2f} s   (10 Zustände)")
    return lat2000


def _fest(lauf: Callable[[int], object], wiederholen: int = 3) -> tuple[float, float, float, float]:
    """Fester Aufwand je Aufruf und Kämpfe/s aus 200 und 10 000 Kämpfen: (fest s, Kämpfe/s) in
    Wanduhrzeit und in Rechenzeit des Prozesses (``time.process_time`` – auf einer geteilten Maschine
    das verlässlichere Maß). fest = t(200) − 200 · (t(10 000) − t(200)) / 9 800; t(200) und
    t(10 000) je das Minimum aus ``wiederholen`` Läufen, abwechselnd (ein einzelner zu langsamer
    Lauf mit 10 000 Kämpfen macht die Steigung steiler und den festen Aufwand zu klein, ein zu
    schneller zu groß – gesehen: ±15 ms zwischen zwei Läufen)."""
    def beide(n: int) -> tuple[float, float]:
        w, c = time.perf_counter(), time.process_time()
        lauf(n)
        return time.perf_counter() - w, time.process_time() - c

    kurz, lang = [], []
    for _ in range(wiederholen):
        kurz.append(beide(200))
        lang.append(beide(10_000))
        kurz.append(beide(200))
    w200, c200 = min(x[0] for x in kurz), min(x[1] for x in kurz)
    w10k, c10k = min(x[0] for x in lang), min(x[1] for x in lang)
    return (w200 - 200 * (w10k - w200) / 9_800, 10_000 / w10k,
            c200 - 200 * (c10k - c200) / 9_800, 10_000 / c10k)


def _zeile(system: str, lauf: Callable[[int], object], grundlinie: tuple[str, float], latenzen: list[float],
           anfang: Callable[[int], object] | None = None) -> dict:
    """Eine Zeile der Schlusstabelle (:func:`tabelle`). ``anfang``: dieselbe Maschine ab Kampfbeginn
    (ab den Bögen) – ihr fester Aufwand ist größer, weil der längste von 200 Kämpfen den ganzen Kampf
    dauert (Savage Worlds: bis zu 35 Runden), und den zählt jeder Schritt mit."""
    fest, rate, fest_cpu, rate_cpu = _fest(lauf)
    fest_anfang = _fest(anfang)[2] if anfang is not None else None
    return {"system": system, "fest": fest, "rate": rate, "fest_cpu": fest_cpu, "rate_cpu": rate_cpu,
            "fest_anfang": fest_anfang, "grundlinie": grundlinie, "median": statistics.median(latenzen),
            "max": max(latenzen)}


def tabelle(zeilen: list[dict]) -> None:
    """Die Tabelle aus Issue 25, Punkt 5: je System fester Aufwand je Aufruf, Kämpfe/s ab einem
    Zustand (Wanduhr und Rechenzeit), das Verhältnis zur Grundlinie desselben Laufs (mit derselben
    Uhr gemessen, :data:`_UHR`) und die Latenz des Lagebilds (2000 Kämpfe ohne Wahlen, 10 Zustände
    mitten im Kampf)."""
    print()
    print("| System | fest je Aufruf (Wand / CPU) | fest ab Kampfbeginn (CPU) | Kämpfe/s ab Zustand (Wand / CPU) | "
          "Grundlinie | Lagebild 2000 Median / Max |")
    print("|---|---|---|---|---|---|")
    for z in zeilen:
        name, grund = z["grundlinie"]
        rate = z["rate_cpu"] if _UHR is time.process_time else z["rate"]  # dieselbe Uhr wie die Grundlinie
        anfang = f"{z['fest_anfang'] * 1000:.0f} ms" if z.get("fest_anfang") is not None else "–"
        print(f"| {z['system']} | {z['fest'] * 1000:.0f} / {z['fest_cpu'] * 1000:.0f} ms | {anfang} | "
              f"{z['rate']:,.0f} / {z['rate_cpu']:,.0f} | {rate / grund:.1f}× {name} ({grund:,.0f}/s) | "
              f"{z['median']:.2f} / {z['max']:.2f} s |")


def _LATENZ_FAELLE() -> tuple[tuple[int, bool], ...]:
    """(Kämpfe, mit Wahlen) der Latenzmessung; die Wahlen nur mit ``--wahlen`` (sie dauern)."""
    return ((500, False), (2000, False)) + (((2000, True),) if "--wahlen" in sys.argv else ())


def _zeitstrahl() -> dict:
    from gm_helfer import begegnungen, boegen
    from gm_helfer.lagebild import lagebild
    from gm_helfer.zeitstrahl import gebuendelt, simulation
    from gm_helfer.zeitstrahl import lagebild as zl
    from gm_helfer.zeitstrahl.bogen import kaempfer_aus_bogen
    from gm_helfer.zeitstrahl.kampf import anwenden, neuer_kampf, start_ereignis

    b = begegnungen.laden_alle("zeitstrahl").begegnungen[0]
    gew = begegnungen.boegen_fuer(b, boegen.laden("zeitstrahl").boegen)
    k0 = neuer_kampf([kaempfer_aus_bogen(x) for x in gew])
    taktik = simulation.taktiken(None, simulation._partei_folge(k0))
    # zehn Zustände mitten im Kampf: Ereignispfad mit der Taktik, nach zufällig vielen Schritten
    zustaende = []
    r = random.Random(2026)
    while len(zustaende) < 10:
        k = anwenden(k0, start_ereignis(k0, rng=r, text=False))
        for _ in range(r.randint(2, 20)):
            if zl._vorbei(k):
                break
            k = simulation._schritt(k, r, {}, taktik)
        if not zl._vorbei(k):
            zustaende.append(k)
    sauber = next(k for k in zustaende if zl.sauber(k))
    lagebild("zeitstrahl", sauber, 50, rng=np.random.default_rng(0), mit_optionen=False)  # warm
    zeiten = {}
    for n in (200, 10_000):
        zeiten[n] = _zeit(lambda n=n: zl.gebuendelt_ab([sauber] * n, rng=np.random.default_rng(1)))
        zeiten[("bögen", n)] = _zeit(lambda n=n: gebuendelt.spielen(k0, n, rng=np.random.default_rng(1),
                                                                    taktik=taktik, max_runden=400))
    t_pfad = _zeit(lambda: [zl.weiterspielen(sauber, rng=random.Random(s)) for s in range(200)])
    print("Zeitstrahl (Schlägerei am Hafen, ab einem sauberen Tick mitten im Kampf)")
    _maschine_drucken(zeiten, t_pfad)
    lat2000 = _latenz_drucken("zeitstrahl", zustaende)
    return _zeile("Zeitstrahl", lambda n: zl.gebuendelt_ab([sauber] * n, rng=np.random.default_rng(1)),
                  ("Maschine ab Bögen", 10_000 / zeiten[("bögen", 10_000)]), lat2000,
                  anfang=lambda n: gebuendelt.spielen(k0, n, rng=np.random.default_rng(1), taktik=taktik, max_runden=400))


def _aloran() -> dict:
    from gm_helfer import begegnungen, boegen
    from gm_helfer.aloran import gebuendelt, simulation
    from gm_helfer.aloran import lagebild as al
    from gm_helfer.aloran.bogen import aus_bogen
    from gm_helfer.aloran.kampf import anwenden, initiative_ereignis, neuer_kampf, runde_ereignis
    from gm_helfer.aloran.taktik import Gedaechtnis, Taktik, faellig
    from gm_helfer.lagebild import lagebild

    b = begegnungen.laden_alle("aloran").begegnungen[0]
    gew = begegnungen.boegen_fuer(b, boegen.laden("aloran").boegen)
    k0 = neuer_kampf([aus_bogen(x) for x in gew])
    g = Gedaechtnis(Taktik())
    # zehn Zustände mitten im Kampf: Ereignispfad mit der Taktik, nach zufällig vielen Schritten
    zustaende = []
    r = random.Random(2026)
    while len(zustaende) < 10:
        k = anwenden(k0, initiative_ereignis(k0, rng=r))
        k = anwenden(k, runde_ereignis(k))
        for _ in range(r.randint(1, 12)):
            wer = faellig(k)
            if wer is None:
                k = anwenden(k, runde_ereignis(k))
                continue
            k = simulation._schritt(k, g.zugwahl(k, wer, r), r)
            if len(g.stehende_seiten(k)) < 2:
                break
        if len(g.stehende_seiten(k)) == 2:
            zustaende.append(k)
    sauber = next(k for k in zustaende if al.sauber(k))
    lagebild("aloran", sauber, 50, rng=np.random.default_rng(0), mit_optionen=False)  # warm
    zeiten = {}
    for n in (200, 10_000):
        zeiten[n] = _zeit(lambda n=n: al.gebuendelt([sauber] * n, rng=np.random.default_rng(1)))
        zeiten[("bögen", n)] = _zeit(lambda n=n: gebuendelt.spielen(k0, n, rng=np.random.default_rng(1)))
    t_pfad = _zeit(lambda: [al.weiterspielen(sauber, rng=random.Random(s)) for s in range(200)])
    print(f"Aloran ({b.name}, ab einem Zustand zwischen zwei Zügen mitten im Kampf)")
    _maschine_drucken(zeiten, t_pfad)
    print(f"  sauber (Maschine sofort) in {sum(al.sauber(k) for k in zustaende)} von 10 Zuständen")
    lat2000 = _latenz_drucken("aloran", zustaende)
    return _zeile("Aloran", lambda n: al.gebuendelt([sauber] * n, rng=np.random.default_rng(1)),
                  ("Maschine ab Bögen", 10_000 / zeiten[("bögen", 10_000)]), lat2000,
                  anfang=lambda n: gebuendelt.spielen(k0, n, rng=np.random.default_rng(1)))


def _sw_zustaende(start, anzahl: int, saat: int = 0) -> list:
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds.vorschlag import ereignis, naechster_schritt, taktik_je_seite

    tk = taktik_je_seite(start)
    r = random.Random(saat)
    aus = []
    while len(aus) < anzahl:
        z = start
        ziel = r.randrange(20, 120)
        for _ in range(ziel):
            v = naechster_schritt(z, tk, r)
            if v is None:
                break
            z = k.anwenden(z, ereignis(z, v, rng=r, text=False))
        if naechster_schritt(z, tk, r) is not None:
            aus.append(z)
    return aus


_ENTSCHEIDUNGEN = ("wegstecken", "verzicht", "ausser_gefecht", "erholung", "benny_erholen", "ausbluten")


def _klick_vorher(aktion: str, angriff_auf_karte: bool) -> int:
    """Klicks eines Schritts vorher: Angreifen (samt Schaden) und Zug beenden je Angriff, Zugende ohne
    Angriff, jede Entscheidung und die neue Runde je einer; Schaden, Karten, nächste Karte von selbst."""
    if aktion == "angriff":
        return 2
    if aktion == "fertig":
        return 0 if angriff_auf_karte else 1
    return 1 if aktion in _ENTSCHEIDUNGEN or aktion == "runde" else 0


def sw_klicks(start, kaempfe: int = 40) -> tuple[float, float]:
    """Klicks je Runde (vorher, nachher) über ``kaempfe`` Kämpfe der Taktik am Tisch."""
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds.vorschlag import ereignis, naechster_schritt, taktik_je_seite

    tk = taktik_je_seite(start)
    vorher = nachher = runden = 0
    for saat in range(kaempfe):
        r = random.Random(saat)
        z = start
        npc_lauf = angriff_auf_karte = False
        while (v := naechster_schritt(z, tk, r)) is not None:
            karte = z.am_zug
            npc_karte = bool(karte) and all(m.seite != "Helden" for m in z.mitglieder(karte))
            wer_npc = bool(v.wer) and z.kaempfer_namens(v.wer).seite != "Helden" if v.wer in {
                kf.name for kf in z.kaempfer} else False
            klick = _klick_vorher(v.aktion, angriff_auf_karte)
            angriff_auf_karte = (angriff_auf_karte or v.aktion == "angriff") and v.aktion != "fertig"
            runden += v.aktion == "runde"
            vorher += klick
            if v.aktion in ("angriff", "erholung", "benny_erholen") and not npc_karte:
                nachher += 1  # „Vorschlag spielen“ bis zum Zugende (Zug beenden im selben Klick)
            elif v.aktion == "fertig" and not npc_karte:
                pass  # im Klick des Vorschlags enthalten
            elif npc_karte and (wer_npc or v.aktion == "fertig") and v.aktion not in ("runde", "karten", "am_zug"):
                nachher += not npc_lauf  # „Gruppe handelt“
                npc_lauf = True
            else:
                npc_lauf = npc_lauf and v.aktion in ("schaden", "am_zug", "karten")
                nachher += klick
            npc_lauf = npc_lauf and v.aktion != "fertig"
            z = k.anwenden(z, ereignis(z, v, rng=r, text=False))
    return vorher / runden, nachher / runden


def _savage_worlds() -> dict:
    """Savage Worlds, das Gefecht aus Issue 10 (vier Wildcards gegen den Schwarzen Baron und acht
    Banditen): feste Kosten ab Bögen, Grundlinie schlichte Schleife, Lagebild-Latenz aus 10 Zuständen,
    Klicks je Runde vorher/nachher (:func:`sw_klicks`)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from begegnung_messen import gefecht_boegen, schlichte_schleife

    from gm_helfer import lagebild
    from gm_helfer.savage_worlds import gebuendelt as gb
    from gm_helfer.savage_worlds import lagebild as lb
    from gm_helfer.savage_worlds import simulation as sim

    start = sim._start(gefecht_boegen(), None)
    tk = sim.taktiken(None, sim._seiten(start))
    print("Savage Worlds – Gefecht aus Issue 10 (4 Wildcards gegen Baron und 8 Banditen)")
    # Grundlinie: schlichte Schleife
    n_schlicht = 300
    t_schlicht = _zeit(lambda: [schlichte_schleife(start, random.Random(i)) for i in range(n_schlicht)])
    schlicht = n_schlicht / t_schlicht
    print(f"  Grundlinie schlichte Schleife: {schlicht:,.0f} Kämpfe/s")
    # feste Kosten ab Zustand (Rundenbeginn) und ab Bögen
    rng = np.random.default_rng(1)
    gb.spielen(start, 50, rng=rng, taktik=tk)  # Aufwärmen (Zwischenspeicher der festen Werte)
    t200 = min(_zeit(lambda: gb.spielen(start, 200, rng=rng, taktik=tk)) for _ in range(3))
    t10k = _zeit(lambda: gb.spielen(start, 10_000, rng=rng, taktik=tk))
    fest = t200 - 200 * (t10k - t200) / 9800
    rate = 10_000 / t10k
    print(f"  gebündelt: 200 Kämpfe {t200 * 1000:.0f} ms, 10.000 Kämpfe {t10k:.2f} s, "
          f"fest je Aufruf ≈ {fest * 1000:.0f} ms, {rate:,.0f} Kämpfe/s = {rate / schlicht:.1f}× schlicht")
    t_feste = _zeit(lambda: gb._feste_rechnen(start))
    t_gemerkt = _zeit(lambda: gb._feste(start))
    print(f"  feste Werte: gerechnet {t_feste * 1000:.1f} ms, gemerkt {t_gemerkt * 1000:.2f} ms")
    # Lagebild-Latenz
    zustaende = _sw_zustaende(start, 10)
    ohne = [_zeit(lambda z=z: lagebild.lagebild("savage_worlds", z, 2000, rng=rng, mit_optionen=False)) for z in zustaende]
    print(f"  Lagebild 2000 Kämpfe aus 10 Zuständen: Median {statistics.median(ohne):.2f} s, Max {max(ohne):.2f} s")
    if "--wahlen" in sys.argv:
        mit = [_zeit(lambda z=z: lagebild.lagebild("savage_worlds", z, 2000, rng=rng)) for z in zustaende[:3]]
        print(f"  mit Wahlen (3 Zustände): Median {statistics.median(mit):.2f} s")
    t_ep = _zeit(lambda: [lb.weiterspielen(zustaende[0], rng=rng) for _ in range(100)])
    print(f"  Ereignispfad ab Zustand: {100 / t_ep:,.0f} Kämpfe/s")
    vorher, nachher = sw_klicks(start)
    print(f"  Klicks je Runde: vorher {vorher:.1f}, nachher {nachher:.1f} (Ziel ≤ 8)")
    from gm_helfer.savage_worlds.vorschlag import naechster_schritt, taktik_je_seite

    tks = taktik_je_seite(start)
    sauber = next((z for z in zustaende if lb._sauber(z, naechster_schritt(z, tks, None))), start)  # die Maschine setzt sofort an
    return _zeile("Savage Worlds", lambda n: lb.gebuendelt([sauber] * n, rng=np.random.default_rng(1)),
                  ("schlichte Schleife", schlicht), ohne,
                  anfang=lambda n: gb.spielen(start, n, rng=np.random.default_rng(1), taktik=tk))


def _w100() -> dict:
    """W100: siehe ``benchmarks/lagebild_w100.py``."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from lagebild_w100 import w100

    return w100(_zeile)


SYSTEME: dict[str, Callable[[], dict]] = {"savage_worlds": _savage_worlds, "aloran": _aloran, "zeitstrahl": _zeitstrahl,
                                          "w100": _w100}
"""System → Messung (druckt ihre Zeilen, gibt die Zeile der Schlusstabelle zurück)."""


if __name__ == "__main__":
    tabelle([SYSTEME[name]() for name in [a for a in sys.argv[1:] if not a.startswith("--")] or list(SYSTEME)])
