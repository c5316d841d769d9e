"""Klicks je Runde am Spieltisch (Issue 26, Punkt 7): der Spielleiter spielt ganze Kämpfe über die
Zug-Schnittstelle der Systeme – die Helden spielen ihren Vorschlag („Vorschlag spielen“, ein Klick),
die Gegner „Gruppe handelt“ (ein Klick je Karte / Initiative / Tick); hält die Gruppe vor einer
Entscheidung eines Helden an (Abwehr, Wegstecken), ist das ein Klick des Helden.

Gezählt wird jeder Knopfdruck, den das Panel dafür braucht (neue Runde, Vorschlag, Gruppe,
Entscheidungen); jeder Klick samt der Automatik („Gegner entscheiden ohne Rückfrage“, ``nsc_entscheiden``)
ist ein Schritt, wie im Panel (:attr:`gm_helfer.tisch.Tisch.automatik`). ``vorher`` = alle Schalter außer
``gruppe`` (bis zum Zweig gruppe_stopp die Vorgabe in Aloran, Zeitstrahl und W100); ``nachher``: alle
(jetzt die Vorgabe) – nach dem Klick mit der Abwehr eines Helden spielt die angehaltene Gruppe weiter
(der Halt steht als Vermerk im Protokoll, :func:`gm_helfer.zug.gruppe_setzt_fort`), und hält sie
wieder an, folgt gleich die nächste Abwehr ohne erneutes „Gruppe handelt“.
Aufruf über ``python benchmarks/tisch_messen.py --klicks``
(oder dieses Skript allein). Kein Test: ein Modell des Panels über dieselben Bibliotheksfunktionen,
die seine Knöpfe rufen – keine Browserzeiten.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


@dataclass
class Zaehlung:
    klicks: int = 0
    gegner: int = 0
    """Klicks für die Gegner (Gruppe handelt, ihre Entscheidungen)."""
    plaetze: int = 0
    """Karten / Initiativplätze / Ticks, auf denen die Gegner handelten oder entschieden."""
    runden: int = 0

    def zeile(self, einheit: str) -> str:
        return (f"{self.klicks / max(self.runden, 1):5.1f} Klicks je {einheit}, Gegner "
                f"{self.gegner / max(self.plaetze, 1):.2f} je Platz ({self.gegner} Klicks auf {self.plaetze} Plätzen)")


def _arten(zug: object, automatik: bool) -> list[str]:
    """Die eingeschalteten Schalter „Gegner entscheiden ohne Rückfrage“: ``nachher`` alle (die
    Vorgabe), ``vorher`` alle außer ``gruppe`` (die frühere Vorgabe in Aloran, Zeitstrahl und W100)."""
    return [a for a in zug.NSC_AUTOMATIK if automatik or a != "gruppe"]  # type: ignore[attr-defined]


def savage_worlds(automatik: bool, kaempfe: int = 20) -> Zaehlung:
    """Das Gefecht aus Issue 10: vier Wildcards gegen den Schwarzen Baron und acht Banditen."""
    from begegnung_messen import gefecht_boegen

    from gm_helfer.protokoll import Verlauf
    from gm_helfer.savage_worlds import kampf as k
    from gm_helfer.savage_worlds import simulation as sim
    from gm_helfer.savage_worlds.tisch import zug
    from gm_helfer.savage_worlds.vorschlag import naechster_schritt, taktik_je_seite

    z_ = Zaehlung()
    start = sim._start(gefecht_boegen(), None)
    tk = taktik_je_seite(start)
    for saat in range(kaempfe):
        r = random.Random(saat)
        v = Verlauf(start, k.anwenden)
        karten_gezaehlt: set[tuple[int, str]] = set()
        for _ in range(3000):
            z = v.zustand
            vs = naechster_schritt(z, tk, r)
            if vs is None or z.runde > 30:
                break
            npc = bool(vs.wer) and vs.wer in {kf.name for kf in z.kaempfer} and z.kaempfer_namens(vs.wer).seite != "Helden"
            karte = z.am_zug
            if vs.aktion in ("runde", "karten"):
                zug.neue_runde(v, rng=r)
                z_.runden += vs.aktion == "runde" or z.runde == 0
            elif vs.aktion == "am_zug":
                v.ausfuehren(k.ereignis_am_zug(z))
            elif karte and npc and any(m.seite != "Helden" for m in z.mitglieder(karte)) and vs.aktion != "ausbluten":
                zug.gruppe_handelt(v, rng=r)
                z_.gegner += 1
                karten_gezaehlt.add((z.runde, karte))
            elif npc:  # eine Entscheidung des Gegners auf der Karte eines Helden (oder sein Ausbluten)
                zug.vorschlag_spielen(v, vs.wer, rng=r)
                z_.gegner += 1
                karten_gezaehlt.add((z.runde, karte or "Rundenbeginn"))
            else:
                zug.vorschlag_spielen(v, vs.wer, rng=r, bis_zugende=True)
                if zug.nsc_entscheiden(v, list(zug.NSC_AUTOMATIK), rng=r):  # der Schalter „gruppe“ gab es schon
                    karten_gezaehlt.add((z.runde, karte or "Rundenbeginn"))
            z_.klicks += 1
        z_.plaetze += len(karten_gezaehlt)
    return z_


def _klick(v, zug, r, automatik: bool, wer: str) -> list[str]:
    """Ein Klick „Vorschlag spielen“ (oder der Angriff samt der Abwehr, die der Spieler ansagt) –
    samt der Automatik im selben Schritt, wie im Panel; gibt deren Protokollzeilen."""
    with v.schritt():
        zug.vorschlag_spielen(v, wer, rng=r)
        return zug.nsc_entscheiden(v, _arten(zug, automatik), rng=r)


def _halt(v) -> str | None:
    """Wen „Gruppe handelt“ zuletzt vor der Abwehr eines Helden anhielt (der Vermerk steht zuletzt im
    Protokoll – auch wenn die Fortsetzung erneut anhielt): der Angreifer, sonst ``None``."""
    from gm_helfer.protokoll import VERMERK
    from gm_helfer.zug import GRUPPE_HAELT

    letztes = v.ereignisse[-1] if v.ereignisse else None
    if letztes is None or letztes.art != VERMERK or GRUPPE_HAELT not in letztes.daten:
        return None
    return letztes.daten[GRUPPE_HAELT]["angreifer"]


def _gegner_klicks(v, zug, r, automatik: bool, z_: Zaehlung) -> None:
    """Die Gegner sind dran: ein Klick „Gruppe handelt“ – es sei denn, die Fortsetzung hielt eben
    schon vor der Abwehr eines Helden an (dann gleich deren Klick). Hält die Gruppe an, ist die
    Abwehr des Helden ein Klick (der Angriff mit dem Abwehrfeld, der Spieler sagt an)."""
    if _halt(v) is None:
        zug.gruppe_handelt(v, rng=r)
        z_.gegner += 1
        z_.klicks += 1
    wer = _halt(v)
    if wer is not None:
        _klick(v, zug, r, automatik, wer)
        z_.klicks += 1


def aloran(automatik: bool, kaempfe: int = 20) -> Zaehlung:
    """Die Beispielbegegnung „Hinterhalt im Wald“; die Abwehr eines Gegners ist Teil des Angriffs
    (vorausgewählt nach seiner Taktik)."""
    from gm_helfer import begegnungen, boegen, pfade, regelsystem
    from gm_helfer.aloran.falten import neuer_verlauf
    from gm_helfer.aloran.taktik import faellig
    from gm_helfer.aloran.tisch import zug

    rs = regelsystem.finden("aloran")
    b = begegnungen.laden(pfade.charakter_ordner("aloran") / "begegnungen" / "hinterhalt_im_wald.toml")
    start = rs.start(begegnungen.boegen_fuer(b, boegen.laden("aloran").boegen))
    z_ = Zaehlung()
    for saat in range(kaempfe):
        r = random.Random(saat)
        v = neuer_verlauf(start)
        plaetze: set[tuple[int, tuple[str, ...]]] = set()
        for _ in range(2000):
            kampf = v.zustand
            if len({x.werte.seite for x in kampf.kaempfer if x.handelt}) < 2 or kampf.runde > 30:
                break
            jetzt = faellig(kampf)
            if jetzt is None:
                zug.neue_runde(v, rng=r)
                z_.runden += 1
                z_.klicks += 1
            elif zug.gruppe_faellig(kampf):
                plaetze.add((kampf.runde, tuple(zug.gruppe_faellig(kampf))))
                _gegner_klicks(v, zug, r, automatik, z_)
            else:
                _klick(v, zug, r, automatik, jetzt)
                z_.klicks += 1
        z_.plaetze += len(plaetze)
    return z_


def zeitstrahl(automatik: bool, kaempfe: int = 20) -> Zaehlung:
    """Die Beispielbegegnung „Schlägerei am Hafen“; ``runden`` zählt hier die Ticks, an denen jemand handelt."""
    from gm_helfer import begegnungen, boegen, pfade, regelsystem
    from gm_helfer import zeitstrahl as zs
    from gm_helfer.protokoll import Verlauf
    from gm_helfer.zeitstrahl.tisch import zug

    rs = regelsystem.finden("zeitstrahl")
    b = begegnungen.laden(pfade.charakter_ordner("zeitstrahl") / "begegnungen" / "schlaegerei_am_hafen.toml")
    start = rs.start(begegnungen.boegen_fuer(b, boegen.laden("zeitstrahl").boegen))
    z_ = Zaehlung()
    for saat in range(kaempfe):
        r = random.Random(saat)
        v = Verlauf(start, zs.anwenden)
        v.ausfuehren(zs.start_ereignis(v.zustand, rng=r))
        z_.klicks += 1
        ticks: set[int] = set()
        gegner_ticks: set[int] = set()
        for _ in range(2000):
            kampf = v.zustand
            if kampf.abtausch is None and kampf.konter is None and len({t.partei for t in kampf.aktive}) < 2:
                break
            if kampf.jetzt > 400:
                break
            wer = kampf.konter[0] if kampf.konter is not None else zug.am_zug(kampf)
            if wer is None:
                break
            ticks.add(kampf.jetzt)
            if zug.ist_nsc(kampf, wer):
                gegner_ticks.add(kampf.jetzt)
                _gegner_klicks(v, zug, r, automatik, z_)
            else:
                if _klick(v, zug, r, automatik, wer):
                    gegner_ticks.add(kampf.jetzt)
                z_.klicks += 1
        z_.runden += len(ticks)
        z_.plaetze += len(gegner_ticks)
    return z_


def w100(automatik: bool, kaempfe: int = 20) -> Zaehlung:
    """Alle Beispielbögen (die Begegnung „Goblin-Hinterhalt“ nutzt dieselben); die Abwehr eines NSC ist
    Teil des Angriffs (vorausgewählt nach seiner Taktik)."""
    from gm_helfer import boegen, pfade
    from gm_helfer.protokoll import Verlauf
    from gm_helfer.w100 import anwenden
    from gm_helfer.w100 import kampf as wk
    from gm_helfer.w100.bogen import kampf_aus_boegen
    from gm_helfer.w100.tisch import zug

    b = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen
    z_ = Zaehlung()
    for saat in range(kaempfe):
        r = random.Random(saat)
        v = Verlauf(kampf_aus_boegen(b), anwenden)
        zug.neue_runde(v, rng=r)
        z_.klicks += 1
        for _ in range(2000):
            k = v.zustand
            if wk.sieger(k) is not None or k.runde > 20:
                break
            if wk.ergreifen_offen(k):
                zug.ergreifen_verzichten(v)
                z_.klicks += 1
            elif wk.runde_vorbei(k):
                zug.neue_runde(v, rng=r)
                z_.runden += 1
                z_.klicks += 1
            elif k[zug.am_zug(k)].seite == zug.NSC_SEITE:
                _gegner_klicks(v, zug, r, automatik, z_)
            else:
                _klick(v, zug, r, automatik, zug.am_zug(k))
                z_.klicks += 1
        z_.runden += 1
        # Plätze: die Züge der NSC (je Runde und Name einmal, auch wenn ein Zug auf zwei Klicks fiel)
        z_.plaetze += len({(s.runde, n) for s in v.zustaende if s.runde and not wk.runde_vorbei(s)
                           and (n := zug.am_zug(s)) is not None and s[n].seite == zug.NSC_SEITE})
    return z_


SYSTEME = {"savage_worlds": (savage_worlds, "Runde"), "aloran": (aloran, "Runde"),
           "zeitstrahl": (zeitstrahl, "Tick mit Handlung"), "w100": (w100, "Runde")}


def bericht(nur: list[str] | None = None) -> None:
    print("Klicks am Spieltisch (Helden: Vorschlag spielen; Gegner: Gruppe handelt)")
    for name, (f, einheit) in SYSTEME.items():
        if nur and name not in nur:
            continue
        for automatik in (False, True):
            print(f"  {name:14s} {'nachher' if automatik else 'vorher '}: {f(automatik).zeile(einheit)}")


if __name__ == "__main__":
    bericht(sys.argv[1].split(",") if len(sys.argv) > 1 else None)
