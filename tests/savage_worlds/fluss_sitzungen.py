"""Zufällige Sitzungen durch die Zug-Schnittstelle von Savage Worlds, mit Invarianten nach jedem Schritt.

Ein Klick ist ein Schritt (:meth:`gm_helfer.protokoll.Verlauf.schritt`). Je Sitzung: zufällige
erlaubte Klicks des Panels (Angreifen mit Programm- oder eingetippten Würfeln, Zug beenden,
Verzichten, Abwarten, Erholung, jede offene Entscheidung genommen oder ausgeschlagen, Neue Runde),
dazwischen Rückgängig und – bei Sitzungen mit Datei – Fortsetzen aus der Datei. Geprüft wird:

- ein abgelehnter Klick ändert nichts;
- Rückgängig eines Schritts stellt den Zustand davor her;
- keine offene Entscheidung verschwindet ohne ein Ereignis, das sie nimmt oder ausschlägt;
- jede Karte handelt höchstens einmal je Runde, und eine neue Runde beginnt erst, wenn jeder
  gehandelt hat, abwartet oder verzichtet hat;
- die Ausfälle des Berichts stimmen mit den Zuständen nach jedem Schritt überein;
- das Abspielen des Protokolls (aus dem Speicher, bei Dateisitzungen aus der Datei) ergibt den
  Zustand der Sitzung.

Genutzt von ``test_fluss_eigenschaft.py`` (CI) und ``benchmarks/sw_fluss.py`` (mehr Sitzungen).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from gm_helfer import bericht
from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import ansicht, zug
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Kaempfer, KampfFehler
from gm_helfer.savage_worlds.proben import Eigenschaft as E
from gm_helfer.wuerfel import WuerfelFehler

# Welche Ereignisse eine offene Entscheidung nehmen oder ausschlagen.
ERLEDIGT_DURCH: dict[str, frozenset[str]] = {
    "wegstecken": frozenset({"wegstecken", "verzicht"}),
    "ausser_gefecht": frozenset({"ausser_gefecht", "wegstecken"}),  # weggesteckt unter vier Wunden: keine Probe mehr
    "schaden": frozenset({"schaden", "heimlichkeit"}),
    "ausbluten": frozenset({"ausbluten", "heilen"}),
    "erholung": frozenset({"erholung", "benny"}),
    # Angebote, eine Probe oder den Angriff mit einem Benny zu wiederholen: ausgeschlagen, indem es
    # weitergeht (steht als eigener Schritt im Protokoll) – laut offene_entscheidungen
    "wiederholen": frozenset({"angriff_wiederholen", "fertig", "mitglied_fertig", "passen", "am_zug", "angriff",
                              "abwarten", "erholung", "benny"}),
}
_PROBE_WIEDERHOLEN = frozenset({"probe_wiederholen", "probe_behalten", "fertig", "mitglied_fertig", "passen", "am_zug",
                                "karten", "runde", "angriff", "abwarten", "erholung", "benny", "ausser_gefecht",
                                "ausbluten", "schaden", "wegstecken", "verzicht"})


def _kaempfer(r: random.Random) -> list[Kaempfer]:
    def held(name: str, **extra: Any) -> Kaempfer:
        return Kaempfer(name, "Helden", True, attribute=(("staerke", E(r.choice((6, 8, 10)))),
                                                          ("konstitution", E(r.choice((6, 8)))),
                                                          ("geschicklichkeit", E(8)), ("willenskraft", E(6))),
                        fertigkeiten=(("kaempfen", E(r.choice((6, 8, 10)))),), parade=6, robustheit=r.choice((5, 6, 7)),
                        waffen=(WAFFEN["Langschwert"],), bennies=r.randint(0, 3), **extra)

    aus = [held("Alrik")]
    if r.random() < 0.5:
        aus.append(held("Berta"))
    for i in range(r.randint(0, 2)):
        aus.append(Kaempfer(f"Söldner {i + 1}", "Helden", False, verbuendet_mit="Alrik", attribute=(("staerke", E(6)),),
                            fertigkeiten=(("kaempfen", E(6)),), parade=5, robustheit=5, waffen=(WAFFEN["Kurzschwert"],)))
    for i in range(r.randint(1, 3)):
        aus.append(Kaempfer(f"Bandit {i + 1}", "Schurken", False, gruppe="Banditen", attribute=(("staerke", E(6)),),
                            fertigkeiten=(("kaempfen", E(6)),), parade=5, robustheit=5, waffen=(WAFFEN["Kurzschwert"],)))
    if r.random() < 0.7:
        aus.append(Kaempfer("Baron", "Schurken", True, attribute=(("staerke", E(10)), ("konstitution", E(8)),
                                                                   ("willenskraft", E(8)), ("geschicklichkeit", E(8))),
                            fertigkeiten=(("kaempfen", E(r.choice((8, 10)))),), parade=7, robustheit=8,
                            waffen=(WAFFEN["Langschwert"],), bennies=r.randint(0, 2)))
    return aus


def _typed_angriff(z: k.Kampfzustand, wer: str, ziel: str, waffe: str, r: random.Random) -> str:
    """Eingetippte Angriffswürfel ohne Explosion (jeder Eigenschaftswürfel, dann der Wildcard-Würfel)."""
    werte = k.angriffs_werte(z, wer, ziel, waffe)
    seiten = werte["eigenschaft"].seiten
    augen = [str(r.randint(1, seiten - 1)) for _ in range(werte["anzahl"])]
    if z.kaempfer_namens(wer).wildcard:
        augen.append(str(r.randint(1, 5)))
    return ", ".join(augen)


def _klicks(v: Verlauf, r: random.Random, rng: random.Random) -> list[tuple[str, Callable[[], Any]]]:
    """Was das Panel jetzt anbietet (auch abgelehnte Klicks – die dürfen nichts ändern)."""
    z = v.zustand
    aus: list[tuple[str, Callable[[], Any]]] = []

    def ereignis(name: str, baue: Callable[[k.Kampfzustand], Any]) -> None:
        aus.append((name, lambda: v.ausfuehren(baue(v.zustand))))

    for e in zug.offene_entscheidungen(z):
        art, wer = e.schluessel.split(":")[0], e.wer
        if art == "wegstecken":
            quelle = "eigen" if z.kaempfer_namens(wer).bennies else "spielleiter"
            ereignis("wegstecken", lambda s, w=wer, q=quelle: k.ereignis_wegstecken(s, w, quelle=q, rng=rng))
            ereignis("verzicht", lambda s, w=wer: k.ereignis_verzicht(s, w))
        elif art == "ausser_gefecht":
            ereignis("ausser_gefecht", lambda s, w=wer: k.ereignis_ausser_gefecht(s, w, rng=rng))
        elif art == "schaden":
            nr = int(e.schluessel.split(":")[1])
            ereignis("schaden", lambda s, n=nr: k.ereignis_schaden(s, nummer=n, rng=rng))
        elif art == "ausbluten":
            ereignis("ausbluten", lambda s, w=wer: k.ereignis_ausbluten(s, w, rng=rng))
        elif art == "erholung":
            ereignis("erholung", lambda s, w=wer: k.ereignis_erholung(s, w, rng=rng))
        elif art == "wiederholen":
            ereignis("angriff_wiederholen", lambda s: k.ereignis_angriff_wiederholen(s, rng=rng))
        elif art.endswith("_wiederholen"):
            probe = art[: -len("_wiederholen")]
            ereignis("probe_behalten", lambda s, w=wer, p=probe: k.ereignis_probe_behalten(s, w, p))
            ereignis("probe_wiederholen", lambda s, w=wer, p=probe: k.ereignis_probe_wiederholen(s, w, p, rng=rng))
    wer = zug.am_zug(z)
    if wer is not None:
        akt = {a.schluessel: a for a in zug.aktionen(z, wer)}
        ziel, waffe = zug.standard_ziel(z, wer), zug.standard_waffe(z, wer)
        if akt["angriff"].erlaubt and ziel and waffe:
            aus.append(("angreifen", lambda: zug.angreifen(v, wer, ziel, waffe, rng=rng)))
            augen = _typed_angriff(z, wer, ziel, waffe, r)
            aus.append(("angreifen_eingetippt", lambda: zug.angreifen(v, wer, ziel, waffe, augen=augen)))
        aus.append(("zug_beenden", lambda: zug.zug_beenden(v)))
        if r.random() < 0.3:
            aus.append(("verzichten", lambda: zug.verzichten(v)))
            ereignis("abwarten", k.ereignis_abwarten)
        if "benny_erholen" in akt and akt["benny_erholen"].erlaubt:
            quelle = "eigen" if z.kaempfer_namens(wer).bennies else "spielleiter"
            ereignis("benny", lambda s, w=wer, q=quelle: k.ereignis_benny(s, w, quelle=q))
    elif z.runde and z.naechster():
        ereignis("naechste_karte", k.ereignis_am_zug)
    if z.runde == 0 or zug.naechste_runde_moeglich(z).erlaubt or r.random() < 0.1:
        aus.append(("neue_runde", lambda: zug.neue_runde(v, rng=rng)))
    return aus


def _schluessel(z: k.Kampfzustand) -> Counter[tuple[str, str]]:
    aus: Counter[tuple[str, str]] = Counter()
    for e in zug.offene_entscheidungen(z):
        art = e.schluessel.split(":")[0]
        aus[(art, e.wer)] += 1
    return aus


def _pruefe_entscheidungen(vorher: k.Kampfzustand, nachher: k.Kampfzustand, arten: list[str], fund: list[str]) -> None:
    weg = _schluessel(vorher) - _schluessel(nachher)
    for (art, wer), _ in weg.items():
        erlaubt = ERLEDIGT_DURCH.get(art, _PROBE_WIEDERHOLEN if art.endswith("_wiederholen") else frozenset())
        if art == "wegstecken" and vorher.offener_schaden is not None and vorher.offener_schaden.versuche:
            erlaubt = erlaubt | {"ausser_gefecht", "am_zug", "fertig", "mitglied_fertig", "angriff"}  # schon weggesteckt
        if not erlaubt & set(arten):
            fund.append(f"Entscheidung {art} ({wer}) verschwand ohne Ereignis, das sie nimmt oder ausschlägt: {arten}")


def _ausfaelle_aus_zustaenden(v: Verlauf) -> tuple[tuple[str, str], ...]:
    """Unabhängig vom Bericht: wer nach dem Ende eines Schritts ausgefallen ist und es am Ende noch ist, mit der
    Runde des Schritts, in dem er (zuletzt) ausfiel."""
    zustaende = v.zustaende
    zuletzt: dict[str, tuple[int, str]] = {}
    stand = {kf.name: kf.kampffaehig for kf in zustaende[0].kaempfer}
    for i, (_erstes, ende) in enumerate(v.schritt_grenzen()):
        for kf in zustaende[ende].kaempfer:
            if stand[kf.name] and not kf.kampffaehig:
                zuletzt[kf.name] = (i, f"Runde {zustaende[ende].runde}" if zustaende[ende].runde else "")
            stand[kf.name] = kf.kampffaehig
    return tuple((n, zeit) for n, (_, zeit) in sorted(zuletzt.items(), key=lambda x: x[1][0])
                 if not stand[n])


def sitzung(saat: int, *, datei: Path | None = None, schritte: int = 60) -> list[str]:
    """Eine zufällige Sitzung; gibt gefundene Verstöße zurück (leer: alles hielt)."""
    r = random.Random(saat)
    rng = random.Random(saat + 1)
    start = k.kampf_beginnen(_kaempfer(r))
    v = Verlauf(start, k.anwenden, datei=datei, system="savage_worlds", kopf=k.kopf(start))
    fund: list[str] = []
    for _ in range(schritte):
        if not any(kf.kampffaehig for kf in v.zustand.kaempfer if kf.seite == "Helden") or \
                not any(kf.kampffaehig for kf in v.zustand.kaempfer if kf.seite == "Schurken"):
            break
        klicks = _klicks(v, r, rng)
        if not klicks:
            fund.append(f"Runde {v.zustand.runde}: nichts anzuklicken, der Kampf steckt fest")
            break
        name, klick = r.choice(klicks)
        vorher, laenge = v.zustand, len(v.ereignisse)
        try:
            with v.schritt():
                klick()
        except (KampfFehler, WuerfelFehler) as fehler:
            if len(v.ereignisse) == laenge:  # abgelehnt: nichts geändert?
                if v.zustand != vorher:
                    fund.append(f"abgelehnter Klick {name} änderte den Zustand: {fehler}")
                continue
            # sonst galt der erste Teil des Klicks (Angriff gilt, Schaden abgelehnt): ein Schritt wie jeder
        if len(v.ereignisse) == laenge:
            continue
        arten = [e.art for e in v.ereignisse[laenge:]]
        if len(set(v.schritte[laenge:])) != 1:
            fund.append(f"Klick {name} schrieb mehr als einen Schritt: {v.schritte[laenge:]}")
        if v.schritte[laenge - 1:laenge] == v.schritte[laenge:laenge + 1]:
            fund.append(f"Klick {name} hängte an den vorigen Schritt an")
        _pruefe_entscheidungen(vorher, v.zustand, arten, fund)
        if "runde" in arten and vorher.runde and k.noch_nicht_gehandelt(vorher) and "passen" not in arten:
            fund.append(f"neue Runde, obwohl {k.noch_nicht_gehandelt(vorher)} nicht gehandelt hatten")
        if r.random() < 0.15:
            nachher = v.zustand
            v.rueckgaengig()
            if v.zustand != vorher:
                fund.append(f"Rückgängig nach {name} stellte den Zustand davor nicht her")
            v.wiederholen()
            if v.zustand != nachher:
                fund.append(f"Wiederholen nach {name} ergab einen anderen Zustand")
        if datei is not None and r.random() < 0.1:
            live = (v.zustand, v.schritte)
            v.schliessen()
            v, warnungen = Verlauf.fortsetzen(datei, k.start_aus_kopf, k.anwenden)
            if warnungen or (v.zustand, v.schritte) != live:
                fund.append(f"Fortsetzen aus der Datei nach {name} ergab einen anderen Stand {warnungen}")
    # je Runde handelt jede Karte höchstens einmal (fertig oder verzichtet)
    runde, je_runde = 0, Counter()
    for e in v.ereignisse:
        if e.art == "runde":
            runde = e.daten["runde"]
        elif e.art in ("fertig", "passen"):
            je_runde[(runde, e.daten["empfaenger"])] += 1
    fund += [f"{emp} beendete Runde {rd} {n}-mal" for (rd, emp), n in je_runde.items() if n > 1]
    # das Abspielen ergibt den Zustand; der Bericht stimmt mit den Zuständen
    gespielt = start
    for e in v.ereignisse:
        gespielt = k.anwenden(gespielt, e)
    if gespielt != v.zustand:
        fund.append("das Abspielen der Ereignisse ergibt nicht den Zustand der Sitzung")
    if bericht.ausfaelle(ansicht, v) != _ausfaelle_aus_zustaenden(v):
        fund.append(f"Bericht {bericht.ausfaelle(ansicht, v)} ≠ Zustände {_ausfaelle_aus_zustaenden(v)}")
    if datei is not None:
        v.schliessen()
        w, _ = Verlauf.fortsetzen(datei, k.start_aus_kopf, k.anwenden, nur_lesen=True)
        if (w.zustand, w.schritte) != (v.zustand, v.schritte):
            fund.append("das Protokoll aus der Datei ergibt einen anderen Stand")
        b = bericht.lesen(datei)
        if b.ausfaelle != _ausfaelle_aus_zustaenden(w):
            fund.append(f"Bericht aus der Datei {b.ausfaelle} ≠ Zustände")
    return fund
