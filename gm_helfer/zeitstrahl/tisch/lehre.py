"""Der Zeitstrahl-Kurs: ein geführter Schlagabtausch, Übungen, Fallen, Glossar, Kurzreferenz.

Herkulos gegen den Söldner aus :mod:`gm_helfer.zeitstrahl.beispiele`: jeder Schritt ist ein
Ereignis der Bibliothek (dieselben Bauer und dasselbe ``anwenden`` wie im Live-Notebook), nur
die Würfel sind eingetippt, damit alle Lernenden dieselbe Geschichte erleben. Die Regeln selbst
stehen hier nicht – nur, welche Lage erklärt wird.
"""

from __future__ import annotations

from typing import Any

from gm_helfer.diagramme import prozent
from gm_helfer.lehre import Aufgabe, Falle, Schritt, kurzreferenz_html
from gm_helfer.protokoll import Verlauf
from gm_helfer.text import aufzaehlung, zahl

from .. import chancen as zc
from ..beispiele import GEGNER, HERKULOS
from ..kampf import Kampf, angriff_ereignis, anwenden, neuer_kampf, reaktions_ticks, start_ereignis, verteidigungswert
from ..schaden import Schicht, ruestung, schadenspunkte, trefferzone

__all__ = ["GLOSSAR", "KURZREFERENZ", "VERTEIDIGUNG_WAHL", "aufgaben", "fallen", "kurzreferenz", "schlagabtausch"]

VERTEIDIGUNG_WAHL = {
    "passiv bleiben": "passiv",
    "aktiv ausweichen": "ausweichen",
    "mit der Keule parieren": "parade",
    "mit der Keule blocken": "blocken",
}
"""Was Herkulos gegen den ersten Schlag des Söldners tun kann – Anzeige → Verteidigung."""

# Eingetippte Würfel der Geschichte (W20-Prüfwürfe, W10 beim Ausweichen, 2W6 Zone, Schaden).
_START = {"Herkulos": "13", "Söldner": "15"}
_ANGRIFF = {"angriff": "9", "zone": "2 3", "schaden": "5 2"}
_VERTEIDIGUNG = {"passiv": None, "ausweichen": "6", "parade": "11", "blocken": "11"}


def _hit_chance(kampf: Kampf, art: str) -> float:
    """Trefferchance des Söldners gegen Herkulos, wenn dieser ``art`` wählt (exakt)."""
    angriffswert = GEGNER.fertigkeit("nahkampf")
    keule = HERKULOS.waffen[0]
    if art == "passiv":
        vert: Any = verteidigungswert(kampf, "Herkulos", "passiv")
    elif art == "ausweichen":
        vert = zc.verteidigungs_verteilung("ausweichen", verteidigungswert(kampf, "Herkulos", "ausweichen"),
                                           optionen=kampf.optionen)
    else:
        vert = zc.verteidigungs_verteilung(art, HERKULOS.fertigkeit(keule.fertigkeit),
                                           verteidigungsbonus=keule.verteidigungsbonus, optionen=kampf.optionen)
    return zc.angriff_chancen(angriffswert, vert, optionen=kampf.optionen).treffer


def schlagabtausch(verteidigung: str) -> tuple[list[Schritt], Verlauf[Kampf]]:
    """Startpositionen, der erste Schlag des Söldners, Herkulos' Verteidigung (ein Schlüssel
    von :data:`VERTEIDIGUNG_WAHL`), Trefferzone und Rüstung je Würfel, wer als Nächstes dran ist."""
    art = VERTEIDIGUNG_WAHL[verteidigung]
    v: Verlauf[Kampf] = Verlauf(neuer_kampf([HERKULOS, GEGNER]), anwenden, system="zeitstrahl")
    schritte: list[Schritt] = []
    v.ausfuehren(start_ereignis(v.zustand, 25, augen=_START))
    schritte.append(Schritt(
        "1. Startpositionen",
        "Jeder Teilnehmer würfelt eine normale Probe auf Kampferfahrung und die negative Differenz zum gewünschten "
        "Ergebnis ist die Startposition.",
        v.ereignisse[-1].text,
        f"Schwierigkeit 25. Wer die niedrigste Position hat, ist zuerst dran: Tick {v.zustand.jetzt}, "
        f"{' und '.join(v.zustand.am_zug)}.",
    ))
    kampf = v.zustand
    je_art = {name: _hit_chance(kampf, a) for name, a in VERTEIDIGUNG_WAHL.items()}
    ticks = {name: reaktions_ticks(kampf, "Herkulos", a, 0 if a in ("parade", "blocken") else None)
             for name, a in VERTEIDIGUNG_WAHL.items()}
    augen = dict(_ANGRIFF)
    if _VERTEIDIGUNG[art] is not None:
        augen["verteidigung"] = _VERTEIDIGUNG[art]
    v.ausfuehren(angriff_ereignis(v.zustand, "Söldner", "Herkulos", 0, art,
                                  verteidigungs_waffe=0 if art in ("parade", "blocken") else None, augen=augen))
    vergleich = "; ".join(f"{name}: {prozent(p)} Treffer, {ticks[name]} Ticks" for name, p in je_art.items())
    schritte.append(Schritt(
        "2. Deine Wahl: wie verteidigt sich Herkulos?",
        "Passives Ausweichen (benötigt keine Zeiteinheit, passiert automatisch) […] Aktives Ausweichen (benötigt 2 "
        "Zeiteinheiten) […] Parade (benötigt Zeiteinheiten entsprechend der Waffe -1) […] Blocken (benötigt "
        "Zeiteinheiten entsprechend der Waffe -1)",
        v.ereignisse[-1].text,
        f"Der Söldner greift mit Nahkampf {GEGNER.fertigkeit('nahkampf')} an; ein Treffer braucht Attacke ≥ "
        f"Verteidigung. Chancen je Wahl: {vergleich}. Jede aktive Verteidigung kostet Ticks – Herkulos kommt "
        "später wieder an die Reihe.",
    ))
    daten = v.ereignisse[-1].daten
    herkulos = v.zustand["Herkulos"]
    schritte.append(Schritt(
        "3. Trefferzone und Rüstung",
        "Zu beachten ist des Weiteren, dass der Rüstungsschutz von jedem Trefferpunktewürfel abgezogen wird. […] "
        "Bei einem erfolgreichen Treffer wird mit 2 W6 gewürfelt, um zu ermitteln, wo genau man getroffen hat.",
        f"Herkulos hat noch {herkulos.lebenspunkte} von {HERKULOS.lebenspunkte} Lebenspunkten.",
        _schaden_text(daten),
    ))
    reihenfolge = ", ".join(f"{t.name} bei Tick {t.position}" for t in v.zustand.reihenfolge())
    schritte.append(Schritt(
        "4. Wer ist als Nächstes dran?",
        "Der mit der niedrigsten Position auf dem Zeitstrahl ist als erstes an der Reihe. Wenn mehrere Parteien "
        "gleichzeitig dran sind, finden deren Aktionen auch gleichzeitig statt. Dabei erhöht jede Aktion die Position "
        "auf dem Zeitstrahl.",
        f"Zeitstrahl: {reihenfolge}.",
        f"Als Nächstes: {' und '.join(v.zustand.am_zug)} (Tick {v.zustand.jetzt}).",
    ))
    return schritte, v


def _schaden_text(daten: Any) -> str:
    schaden = daten.get("schaden")
    if not daten.get("treffer") or not schaden:
        return "Kein Treffer – kein Schaden, und die Trefferzone wird gar nicht erst gewürfelt."
    erster, zweiter = schaden["zonenwurf"]
    wuerfel = " + ".join(f"({t} − {schaden['ruestungsschutz']})" for t in schaden["trefferpunkte"])
    empfindlich = ", empfindlich: doppelter Schaden" if schaden["empfindlich"] else ""
    return (f"Zone: Zeile {erster}, Spalte {zweiter} → {schaden['zone']}. Trefferpunkte {aufzaehlung(schaden['trefferpunkte'])}, "
            f"Rüstungsschutz {schaden['ruestungsschutz']} je Würfel: {wuerfel} = {schaden['schadenspunkte']} "
            f"Schadenspunkte{empfindlich}.")


def aufgaben() -> list[Aufgabe]:
    """Übungen, deren Antworten die Bibliothek ausrechnet."""
    zwei_w6 = schadenspunkte([6, 6], 3)
    eins_sechs = schadenspunkte([1, 6], 3)
    treffer = zc.angriff_chancen(12, 15).treffer
    zone = trefferzone(5, 1)
    schichten = ruestung([Schicht("Plattenpanzer", 5, 3), Schicht("Kettenhemd", 4, 2), Schicht("Gambeson", 1, 1)])
    ausweichen = zc.angriff_chancen(12, zc.verteidigungs_verteilung("ausweichen", 10)).treffer
    return [
        Aufgabe("zwei_w6", "Ein Angriff mit **2W6** würfelt **6 und 6** gegen **Rüstungsschutz 3**. Wie viele Schadenspunkte?",
                zwei_w6, "zahl", "Der Rüstungsschutz geht von jedem Würfel ab: (6 − 3) + (6 − 3) = 6 – das Beispiel "
                "des Regeltexts.", toleranz=0),
        Aufgabe("eins_sechs", "Dieselben 2W6 zeigen **1 und 6** gegen **Rüstungsschutz 3**. Wie viele Schadenspunkte?",
                eins_sechs, "zahl", "„Dabei kann kein Würfel unter 0 Schaden machen“: 0 + 3 = 3.", toleranz=0),
        Aufgabe("treffer_12_15", "Attacke **12** (Wert + W20) gegen passive Verteidigung **15**: wie hoch ist die Trefferchance? "
                "(in Prozent)", treffer, "prozent",
                "Ein Treffer braucht 12 + W20 ≥ 15, also eine 3 bis 19 (17 Seiten); die 20 ist kritisch und trifft die "
                "passive Verteidigung immer, die 1 ist ein Patzer: 18 von 20."),
        Aufgabe("zone_5_1", "Die Trefferzone: erster W6 **5**, zweiter W6 **1**. Welche Zone?",
                zone.zone, "wahl", "Der erste Würfel ist die Zeile der Tabelle, der zweite die Spalte: Zeile 5, Spalte 1.",
                wahl=("Kopf", "Torso", "L Arm", "R Arm", "L Bein", "R Bein")),
        Aufgabe("schichten", "Plattenpanzer (5), darunter Kettenhemd (4) und Gambeson (1): welcher **Rüstungsschutz**?",
                schichten.schutz, "zahl", "Die stärkste Schicht zählt, +1 für jede weitere: 5 + 2 = 7.", toleranz=0),
        Aufgabe("ausweichen", "Attacke **12** gegen aktives Ausweichen mit Kampferfahrung **10** (10 + W10): Trefferchance? "
                "(in Prozent)", ausweichen, "prozent",
                "Die Verteidigung ist 11 bis 20, jede mit 1/10; gegen jede zählt die Attacke 12 + W20 (ein kritischer "
                "Wurf zählt samt Bonus gegen aktive Verteidigung)."),
    ]


def fallen() -> list[Falle]:
    """Die typischen Fallen, jede mit Zahlen der Bibliothek."""
    w12 = zc.schadens_chancen("W12", 3)
    zwei_w6 = zc.schadens_chancen("2W6", 3)
    mittel = {n: sum(k * p for k, p in v.items()) for n, v in (("1W12", w12), ("2W6", zwei_w6))}
    zonen = zc.trefferzonen_chancen()
    schichten = ruestung([Schicht("Plattenpanzer", 5, 3), Schicht("Kettenhemd", 4, 2), Schicht("Gambeson", 1, 1)])
    return [
        Falle("Rüstung zählt bei jedem Würfel",
              "Bei einem Trefferpunktewurf von 2 W6 gegen Rüstungsschutz 2 werden die 2 Rüstungsschutz von jedem "
              "Würfel einzeln abgezogen.",
              f"Gegen Rüstungsschutz 3 macht 1W12 im Mittel {zahl(mittel['1W12'], 2)} Schaden, 2W6 nur "
              f"{zahl(mittel['2W6'], 2)} – obwohl 2W6 im Mittel mehr würfelt (7 gegen 6,5)."),
        Falle("Rüstungsschichten addieren sich nicht",
              "Für jede Rüstungsschicht über der ersten erhöht sich der Rüstungsschutz der stärksten Rüstungsschicht um 1.",
              f"Plattenpanzer (5) über Kettenhemd (4) und Gambeson (1): Rüstungsschutz {schichten.schutz}, nicht 10 – "
              f"aber Behinderung {schichten.behinderung}."),
        Falle("Pasch ist immer empfindlich",
              "Des Weiteren sind Kopftreffer immer empfindliche Treffer, das heißt, der Schaden an dieser Position wird "
              "verdoppelt. Dasselbe gilt, wenn man einen Pasch gewürfelt hat.",
              f"Kopftreffer kommen mit {prozent(zonen['Kopf'])}; zusammen mit jedem Pasch ist ein Treffer mit "
              f"{prozent(zonen['empfindlich'])} empfindlich – mehr als jeder vierte verdoppelt den Schaden."),
        Falle("Aktive Verteidigung kostet Zeit",
              "Alle anderen Arten der Verteidigung unterbrechen gegebenenfalls die aktuelle Aktion.",
              "Parade und Blocken kosten die Ticks der Waffe − 1, Ausweichen 2 – wer sich aktiv wehrt, handelt selbst "
              "später. Passiv bleiben kostet nichts."),
    ]


GLOSSAR: tuple[tuple[str, str], ...] = (
    ("Zeitstrahl", "Die Zeitachse des Kampfes; ein Feld (Tick) ist etwa eine halbe Sekunde."),
    ("Tick, Zeiteinheit", "Jede Aktion schiebt die eigene Position um ihre Ticks weiter."),
    ("Startposition", "Schwierigkeit minus Kampferfahrungsprobe, nie unter 0."),
    ("Probe", "Wert + W20; die 20 ist kritisch (Kritschwelle), die 1 ein Patzer (Patzerschwelle)."),
    ("Passives Ausweichen", "Kampferfahrung + Größe: die Verteidigung ohne Zeitaufwand."),
    ("Aktives Ausweichen", "Kampferfahrung + Größe + W10, kostet 2 Ticks."),
    ("Parade", "Waffenprobe des Verteidigers, kostet die Ticks der Waffe − 1."),
    ("Blocken", "Waffenprobe mit doppeltem Verteidigungsbonus; die Waffe kann fallen oder brechen."),
    ("Trefferpunkte", "Der Schaden vor der Rüstung (brutto)."),
    ("Schadenspunkte", "Der Schaden nach der Rüstung (netto)."),
    ("Rüstungsschutz", "Wird von jedem Trefferpunktewürfel abgezogen, kein Würfel unter 0."),
    ("Empfindlicher Treffer", "Kopftreffer oder Pasch bei der Zone: doppelter Schaden."),
    ("Kontern", "Nach einer aktiven Verteidigung, 3 besser als nötig: sofortiger Gegenangriff, um 3 erschwert."),
    ("Verschieben", "Kampfwerte 3:1 tauschen, z. B. Verteidigung gegen eine niedrigere Kritschwelle."),
)

KURZREFERENZ: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Zeitstrahl", (
        "Startposition = Schwierigkeit − (Kampferfahrung + W20), mindestens 0.",
        "Die niedrigste Position handelt; gleiche Positionen handeln gleichzeitig.",
        "Jede Aktion schiebt die Position um ihre Ticks (Angriff: Geschwindigkeit der Waffe).",
    )),
    ("Angriff", (
        "Waffenfertigkeit + W20 gegen die Verteidigung; gleich oder höher trifft.",
        "20 kritisch: trifft passive Verteidigung immer, W6-Effekt. 1 Patzer: W6 auf die Patzertabelle.",
    )),
    ("Verteidigung", (
        "Passiv: Kampferfahrung + Größe, 0 Ticks.",
        "Ausweichen: dazu + W10, 2 Ticks. Parade: Waffenprobe, Waffe − 1 Ticks.",
        "Blocken: Waffenprobe + doppelter Verteidigungsbonus, Waffe − 1 Ticks; Waffe kann fallen oder brechen.",
        "Zweite Hand: eine Zeiteinheit weniger. Waffenlose Parade: Trefferpunkte auf ¼, dann Rüstung.",
    )),
    ("Schaden", (
        "Trefferzone mit 2W6: erster Würfel Zeile, zweiter Spalte.",
        "Rüstung der Zone von jedem Trefferpunktewürfel abziehen, keiner unter 0.",
        "Kopf oder Pasch: empfindlich, doppelter Schaden.",
        "Mehrere Rüstungsschichten: stärkste + 1 je weitere Schicht.",
    )),
)


def kurzreferenz() -> str:
    """Die Zeitstrahl-Kampfregeln auf einer Seite zum Ausdrucken (HTML)."""
    return kurzreferenz_html("Zeitstrahl – Kampf auf einer Seite", KURZREFERENZ, GLOSSAR)
