"""Exakte Chancen für jede Entscheidung im Kampf.

Jede Funktion läuft die Auswertungsfunktionen aus :mod:`proben` und :mod:`schaden` über die
exakten Verteilungen von :mod:`gm_helfer.chancen` (explodierende Würfel, abgeschnitten erst
unter 1e-12) – dieselbe Regel dient dem Live-Kampf und den Chancen.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from types import MappingProxyType

from gm_helfer import chancen as kern
from gm_helfer.savage_worlds.daten import JOKER_BONUS
from gm_helfer.savage_worlds.proben import (
    WILDCARD_WUERFEL,
    Eigenschaft,
    Probenergebnis,
    bewerten,
    eigenschaft,
    probe_auswerten,
    vergleichen,
)
from gm_helfer.savage_worlds.schaden import (
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    schaden_auswerten,
    schadensausdruck,
    wegstecken_auswerten,
)

__all__ = [
    "Ausblutenchancen",
    "AusserGefechtChancen",
    "Probenchancen",
    "Schadenschancen",
    "Wegsteckchancen",
    "ausbluten_chancen",
    "ausbluten_probe_chancen",
    "ausser_gefecht_chancen",
    "erfolg_je_wuerfel",
    "erholung_chancen",
    "getroffen_je_ziel",
    "mehrfach_chancen",
    "probe_chancen",
    "probe_ergebnisse",
    "schadens_chancen",
    "treffer_je_ziel",
    "unterbrechen_chancen",
    "wegstecken_chancen",
    "wiederholen_chancen",
]


def _exp(seiten: int) -> dict[int, float]:
    return kern.aus_die(kern.explodierender_wuerfel(seiten))


def _auswerten_ueber(
    eig: Eigenschaft, wildcard: bool, modifikator: int, mindestwurf: int, schluessel
) -> dict:
    """Läuft die Auswertung einer Probe über alle Würfelpaare (Eigenschaft, Wildcard-Würfel)
    und summiert die Wahrscheinlichkeit je ``schluessel(Probenergebnis)``."""
    aus: dict = defaultdict(list)
    wild = _exp(WILDCARD_WUERFEL) if wildcard else {None: 1.0}
    for (t, pt), (w, pw) in product(_exp(eig.seiten).items(), wild.items()):
        e = probe_auswerten([t], w, bonus=eig.bonus, modifikator=modifikator, mindestwurf=mindestwurf)[0]
        aus[schluessel(e)].append(pt * pw)
    return {k: math.fsum(v) for k, v in aus.items()}


_AUSWERTUNGEN = {
    "ausser_gefecht": ausser_gefecht_auswerten,
    "ausbluten": ausbluten_auswerten,
    "gesamt": lambda e: e.gesamt,
}


@lru_cache(maxsize=4096)
def _ausgaenge(seiten: int, bonus: int, wildcard: bool, modifikator: int, art: str) -> Mapping:
    """Zwischengespeichert: Verteilung der Ausgänge einer Probe gegen MW 4 nach ``art``
    (Außer-Gefecht-Probe, Ausbluten-Probe oder Gesamtergebnis) – der teure, wiederholte Teil."""
    return MappingProxyType(_auswerten_ueber(Eigenschaft(seiten, bonus), wildcard, modifikator, 4, _AUSWERTUNGEN[art]))


@lru_cache(maxsize=4096)
def _probe_verteilung(
    seiten: int, bonus: int, wildcard: bool, modifikator: int, mindestwurf: int
) -> Mapping[tuple[str, int], float]:
    """Verteilung von (Ergebnisname, Steigerungen) einer Probe mit einem Eigenschaftswürfel."""
    return MappingProxyType(
        _auswerten_ueber(Eigenschaft(seiten, bonus), wildcard, modifikator, mindestwurf, lambda e: (e.ergebnis, e.steigerungen))
    )


def probe_ergebnisse(
    wuerfel: str | Eigenschaft, wildcard: bool = True, modifikator: int = 0, mindestwurf: int = 4
) -> dict[str, float]:
    """Wahrscheinlichkeit von „Kritischer Fehlschlag“, „Fehlschlag“, „Erfolg“, „Steigerung“."""
    eig = eigenschaft(wuerfel)
    vert = _probe_verteilung(eig.seiten, eig.bonus, wildcard, modifikator, mindestwurf)
    aus = {"Kritischer Fehlschlag": 0.0, "Fehlschlag": 0.0, "Erfolg": 0.0, "Steigerung": 0.0}
    for (name, _), p in vert.items():
        aus[name] += p
    return aus


@dataclass(frozen=True)
class Probenchancen:
    """Chancen einer Eigenschaftsprobe."""

    erfolg: float
    """P(Gesamt ≥ MW); ein kritischer Fehlschlag zählt nie als Erfolg."""
    steigerung: float
    """P(Gesamt ≥ MW + 4)."""
    kritischer_fehlschlag: float
    """P(Eigenschafts- und Wildcard-Würfel zeigen beide eine natürliche 1); 0 für Statisten."""
    steigerungen: Mapping[int, float]
    """P(genau k Steigerungen) für k ≥ 1."""


def probe_chancen(
    wuerfel: str | Eigenschaft = "W6",
    wildcard: bool = True,
    modifikator: int = 0,
    mindestwurf: int = 4,
) -> Probenchancen:
    """Exakte Chancen einer Eigenschaftsprobe (Regeltext: Eigenschaftsproben, DESIGN.md).

    >>> round(probe_chancen("W4", wildcard=False).erfolg, 6)
    0.25
    """
    eig = eigenschaft(wuerfel)
    vert = _probe_verteilung(eig.seiten, eig.bonus, wildcard, modifikator, mindestwurf)
    erfolg = math.fsum(p for (name, _), p in vert.items() if name in ("Erfolg", "Steigerung"))
    steig = math.fsum(p for (name, _), p in vert.items() if name == "Steigerung")
    krit = math.fsum(p for (name, _), p in vert.items() if name == "Kritischer Fehlschlag")
    stufen: dict[int, float] = defaultdict(float)
    for (_name, k), p in vert.items():
        if k:
            stufen[k] += p
    return Probenchancen(erfolg, steig, krit, MappingProxyType(dict(sorted(stufen.items()))))


def erfolg_je_wuerfel(mindestwurf: int = 4, modifikator: int = 0) -> dict[str, float]:
    """Erfolgschance je Würfel W4 … W12, als Wildcard und als Statist (für den Vergleich)."""
    aus = {}
    for seiten in (4, 6, 8, 10, 12):
        for wildcard in (True, False):
            name = f"W{seiten} {'Wildcard' if wildcard else 'Statist'}"
            aus[name] = probe_chancen(f"W{seiten}", wildcard, modifikator, mindestwurf).erfolg
    return aus


def _mehrfach_ausgaenge(
    eig: Eigenschaft, anzahl: int, wildcard: bool, modifikator: int, mindestwuerfe: tuple[int, ...], kritisch_alle: bool
):
    """Alle Ausgänge einer Probe mit ``anzahl`` Eigenschaftswürfeln und höchstens einem
    Wildcard-Würfel: je Ausgang die Ergebnisse (bestes zuerst; Würfel i gegen ``mindestwuerfe[i]``)
    und seine Wahrscheinlichkeit.

    Jeder Würfel fällt in eine Klasse (natürliche 1, oder Erfolg/Steigerung gegen jeden der
    Mindestwürfe); die Auswertung hängt nur von der Reihenfolge der Summen und diesen Klassen ab,
    also genügt je Klasse ein Vertreter.
    """
    if not 1 <= anzahl <= 6:
        raise ValueError(f"Feuerrate {anzahl}: erlaubt sind 1 bis 6 Würfel.")
    mws = sorted(set(mindestwuerfe))

    def klassen(seiten: int) -> list[tuple[int, float]]:
        gruppen: dict[object, tuple[int, list[float]]] = {}
        for summe, p in _exp(seiten).items():
            if summe == 1:
                schluessel: object = "eins"
            else:
                schluessel = tuple(
                    (e.erfolg, e.steigerungen > 0)
                    for mw in mws
                    for e in probe_auswerten([summe], None, bonus=eig.bonus, modifikator=modifikator, mindestwurf=mw)
                )
            vertreter, ps = gruppen.setdefault(schluessel, (summe, []))
            ps.append(p)
        return [(v, math.fsum(ps)) for v, ps in gruppen.values()]

    eig_klassen = klassen(eig.seiten)
    wild_klassen: list[tuple[int | None, float]] = list(klassen(WILDCARD_WUERFEL)) if wildcard else [(None, 1.0)]
    for kombi in product(eig_klassen, repeat=anzahl):
        p_eig = math.prod(p for _, p in kombi)
        for w, pw in wild_klassen:
            ergebnisse = probe_auswerten(
                [summe for summe, _ in kombi], w, bonus=eig.bonus, modifikator=modifikator, mindestwurf=4,
                kritisch_alle=kritisch_alle,
            )
            yield (tuple(bewerten(e.gesamt, mw, kritisch=e.kritischer_fehlschlag) for e, mw in zip(ergebnisse, mindestwuerfe)),
                   p_eig * pw)


def mehrfach_chancen(
    wuerfel: str | Eigenschaft,
    anzahl: int,
    wildcard: bool = True,
    modifikator: int = 0,
    mindestwurf: int = 4,
    *,
    kritisch_alle: bool = False,
) -> dict[tuple[int, int], float]:
    """Feuerrate oder Blitzhieb: ``anzahl`` Eigenschaftswürfel und höchstens ein Wildcard-Würfel.

    Returns:
        ``{(treffer, davon_mit_steigerung): p}``.
    """
    eig = eigenschaft(wuerfel)
    aus: dict[tuple[int, int], list[float]] = defaultdict(list)
    for ergebnisse, p in _mehrfach_ausgaenge(eig, anzahl, wildcard, modifikator, (mindestwurf,) * anzahl, kritisch_alle):
        treffer = sum(1 for e in ergebnisse if e.erfolg)
        steig = sum(1 for e in ergebnisse if e.steigerungen)
        aus[(treffer, steig)].append(p)
    return {k: math.fsum(v) for k, v in sorted(aus.items())}


def treffer_je_ziel(
    wuerfel: str | Eigenschaft,
    ziele: list[str] | tuple[str, ...],
    mindestwuerfe: list[int] | tuple[int, ...] | None = None,
    wildcard: bool = True,
    modifikator: int = 0,
    *,
    kritisch_alle: bool = False,
) -> dict[str, dict[tuple[int, int], float]]:
    """Feuerrate (oder Blitzhieb) auf mehrere Ziele: je Würfel ein Ziel (``ziele[i]``, bestes
    Ergebnis zuerst) mit seinem Mindestwurf; je Ziel ``{(treffer, davon_mit_steigerung): p}``.

    Regeltext, Fernkampfangriffe › Feuerrate: „Diese Angriffe müssen alle gleichzeitig erfolgen,
    können aber auf unterschiedliche Ziele erfolgen.“ Ohne ``mindestwuerfe``: MW 4 für jedes
    Ziel (Fernkampf).
    """
    if mindestwuerfe is None:
        mindestwuerfe = (4,) * len(ziele)
    if len(ziele) != len(mindestwuerfe):
        raise ValueError("Je Würfel ein Ziel und ein Mindestwurf.")
    eig = eigenschaft(wuerfel)
    aus: dict[str, dict[tuple[int, int], list[float]]] = {n: defaultdict(list) for n in ziele}
    for ergebnisse, p in _mehrfach_ausgaenge(eig, len(ziele), wildcard, modifikator, tuple(mindestwuerfe), kritisch_alle):
        zaehler = {n: [0, 0] for n in aus}
        for e, n in zip(ergebnisse, ziele):
            zaehler[n][0] += e.erfolg
            zaehler[n][1] += e.steigerungen > 0
        for n, (t, st) in zaehler.items():
            aus[n][(t, st)].append(p)
    return {n: {k: math.fsum(v) for k, v in sorted(d.items())} for n, d in aus.items()}


def getroffen_je_ziel(je_ziel: Mapping[str, Mapping[tuple[int, int], float]]) -> dict[str, float]:
    """Für Diagramme: aus :func:`treffer_je_ziel` je Ziel „getroffen“ (mindestens ein Treffer)
    und „mit Steigerung“ (mindestens ein Treffer mit Steigerung)."""
    aus: dict[str, float] = {}
    for n, d in je_ziel.items():
        aus[f"{n}: getroffen"] = math.fsum(p for (t, _), p in d.items() if t)
        aus[f"{n}: mit Steigerung"] = math.fsum(p for (_, st), p in d.items() if st)
    return aus


@dataclass(frozen=True)
class Schadenschancen:
    """Wirkung eines Schadenswurfs gegen ein Ziel."""

    keine_wirkung: float
    angeschlagen: float
    """Angeschlagen ohne Wunde."""
    wunden: Mapping[int, float]
    """P(genau k Wunden) für k = 1, 2, 3; 4 heißt 4 oder mehr."""
    verteilung: Mapping[int, float]
    """Verteilung des Schadenswurfs selbst."""

    @property
    def mindestens_eine_wunde(self) -> float:
        return math.fsum(self.wunden.values())

    def stufen(self) -> dict[str, float]:
        """Für Diagramme: „keine Wirkung“, „Angeschlagen“, „1 Wunde“, …, „4+ Wunden“."""
        aus = {"keine Wirkung": self.keine_wirkung, "Angeschlagen": self.angeschlagen}
        for k, p in self.wunden.items():
            aus["4+ Wunden" if k == 4 else f"{k} Wunde{'n' if k > 1 else ''}"] = p
        return aus


def schadens_chancen(
    schaden: str,
    robustheit: int,
    bonus_w6: bool = False,
    *,
    modifikator: int = 0,
    angeschlagen: bool = False,
    joker: bool = False,
) -> Schadenschancen:
    """Exakte Wirkung eines Schadenswurfs (alle Würfel explodieren) gegen ``robustheit``.

    Args:
        schaden: fertiger Ausdruck wie ``"2W6+1"`` oder ``"W12+W8"`` (siehe
            :func:`schaden.schadensausdruck` für „St+W8“).
        bonus_w6: +1W6 für eine Steigerung beim Angriff.
        modifikator: z. B. +2 für den Joker.
        angeschlagen: ob das Ziel schon Angeschlagen ist (dann macht ein Erfolg eine Wunde).
        joker: der Angreifer hält in dieser Runde einen Joker (+2 auf den Schaden, ``JOKER_BONUS``).

    Gemerkt je Eingabe (das Panel fragt je Gegner nach, und gleiche Gegner teilen die Rechnung).
    """
    return _schadens_chancen(str(schaden), int(robustheit), bool(bonus_w6), int(modifikator), bool(angeschlagen),
                             bool(joker))


@lru_cache(maxsize=1024)
def _schadens_chancen(schaden: str, robustheit: int, bonus_w6: bool, modifikator: int, angeschlagen: bool,
                      joker: bool) -> Schadenschancen:
    modifikator += JOKER_BONUS if joker else 0
    vert = kern.verteilung(schadensausdruck(schaden, bonus_w6=bonus_w6, modifikator=modifikator), explodierend=True)
    keine: list[float] = []
    nur_ang: list[float] = []
    wunden: dict[int, list[float]] = {k: [] for k in (1, 2, 3, 4)}
    for summe, p in vert.items():
        wirkung = schaden_auswerten(summe, robustheit, angeschlagen=angeschlagen)
        if wirkung.wunden:
            wunden[min(wirkung.wunden, 4)].append(p)
        elif wirkung.angeschlagen and not angeschlagen:
            nur_ang.append(p)
        else:
            keine.append(p)
    return Schadenschancen(
        math.fsum(keine),
        math.fsum(nur_ang),
        MappingProxyType({k: math.fsum(v) for k, v in wunden.items()}),
        MappingProxyType(dict(vert)),
    )


@dataclass(frozen=True)
class Wegsteckchancen:
    """Was ein Benny zum Wegstecken bewirkt."""

    verbleibende_wunden: Mapping[int, float]
    """P(genau k Wunden dieses Angriffs bleiben)."""
    erwartete_wunden: float
    alle_weg: float


def wegstecken_chancen(
    konstitution: str | Eigenschaft,
    wunden: int,
    modifikator: int = 0,
    wildcard: bool = True,
    wiederholen: bool = False,
) -> Wegsteckchancen:
    """Schaden wegstecken: Konstitutionsprobe, je Erfolg und Steigerung eine Wunde weniger.

    ``modifikator`` enthält die Wundabzüge nur der früheren Wunden. ``wiederholen``: mit einem
    zweiten Benny die Probe wiederholen, wenn nicht alles weg ist (bessere Probe zählt).
    """
    if wunden < 0:
        raise ValueError("Wunden können nicht negativ sein.")
    eig = eigenschaft(konstitution)
    vert = _probe_verteilung(eig.seiten, eig.bonus, wildcard, modifikator, 4)
    weg: dict[int, float] = defaultdict(float)
    for (name, k), p in vert.items():
        erfolg = name in ("Erfolg", "Steigerung")
        weg[wegstecken_auswerten(Probenergebnis(0, 4, erfolg, k))] += p
    if wiederholen:
        doppelt: dict[int, float] = defaultdict(float)
        for a, pa in weg.items():
            if a >= wunden:
                doppelt[a] += pa
            else:
                for b, pb in weg.items():
                    doppelt[max(a, b)] += pa * pb
        weg = doppelt
    bleiben: dict[int, float] = defaultdict(float)
    for w, p in weg.items():
        bleiben[max(0, wunden - w)] += p
    bleiben_sortiert = dict(sorted(bleiben.items()))
    return Wegsteckchancen(
        MappingProxyType(bleiben_sortiert),
        math.fsum(k * p for k, p in bleiben_sortiert.items()),
        bleiben_sortiert.get(0, 0.0),
    )


@dataclass(frozen=True)
class AusserGefechtChancen:
    tod: float
    """P(Gesamt ≤ 1)."""
    fehlschlag: float
    """Verletzung bleibend, blutet aus."""
    erfolg: float
    steigerung: float


def ausser_gefecht_chancen(
    konstitution: str | Eigenschaft = "W6", modifikator: int = 0, wildcard: bool = True
) -> AusserGefechtChancen:
    """Außer-Gefecht-Probe: Konstitution (mit Wundabzügen in ``modifikator``)."""
    eig = eigenschaft(konstitution)
    aus = _ausgaenge(eig.seiten, eig.bonus, wildcard, modifikator, "ausser_gefecht")
    return AusserGefechtChancen(*(aus.get(k, 0.0) for k in ("tod", "fehlschlag", "erfolg", "steigerung")))


@dataclass(frozen=True)
class Ausblutenchancen:
    tod_bis_runde: tuple[float, ...]
    """P(tot innerhalb von 1, 2, …, runden Runden)."""
    tod_insgesamt: float
    """P(stirbt irgendwann am Blutverlust) – ohne Rundenbegrenzung."""
    stabil_insgesamt: float
    """P(wird irgendwann stabil: Steigerung oder gestillte Blutung) = 1 − tod_insgesamt."""


def ausbluten_chancen(
    konstitution: str | Eigenschaft = "W6",
    modifikator: int = 0,
    runden: int = 5,
    *,
    wildcard: bool = True,
    heilen: str | Eigenschaft | None = None,
    heilen_modifikator: int = 0,
    heilen_wildcard: bool = True,
    heilen_zuerst: bool = True,
) -> Ausblutenchancen:
    """Ausbluten: am Anfang jeder Runde eine Konstitutionsprobe (mit Wundabzügen).

    Fehlschlag: tot; Erfolg: nächste Runde wieder; Steigerung: stabil. Mit ``heilen`` (der
    Heilen-Würfel eines Helfers) versucht der Helfer einmal je Runde (Heilen ist eine Aktion in
    seinem Zug, also zwischen zwei Ausbluten-Proben), die Blutung mit einer einfachen Heilenprobe
    zu stoppen („Bei einem Erfolg muss der Charakter keine weiteren Konstitutionsproben
    ablegen“). ``heilen_zuerst``: der erste Versuch kommt vor der ersten Probe (die Runde läuft
    noch); ``False``: die erste Probe ist jetzt fällig, vor den Karten – der Helfer kommt erst
    danach dran.
    """
    if runden < 1:
        raise ValueError("Es braucht mindestens eine Runde.")
    eig = eigenschaft(konstitution)
    aus = _ausgaenge(eig.seiten, eig.bonus, wildcard, modifikator, "ausbluten")
    p_tod, p_weiter = aus.get("tod", 0.0), aus.get("weiter", 0.0)
    p_hilfe = probe_chancen(heilen, heilen_wildcard, heilen_modifikator).erfolg if heilen else 0.0
    tod_bis: list[float] = []
    lebt_blutend = 1.0
    tot = 0.0
    for runde in range(runden):
        if runde or heilen_zuerst:
            lebt_blutend *= 1.0 - p_hilfe
        tot += lebt_blutend * p_tod
        lebt_blutend *= p_weiter
        tod_bis.append(tot)
    # irgendwann: geometrische Reihe über alle Runden
    weiter_je_runde = (1.0 - p_hilfe) * p_weiter
    tod_insgesamt = (1.0 - p_hilfe) * p_tod / (1.0 - weiter_je_runde) if weiter_je_runde < 1 else 0.0
    if not heilen_zuerst:  # erste Probe ohne vorherigen Heilversuch, danach wie oben
        tod_insgesamt = p_tod + p_weiter * tod_insgesamt
    return Ausblutenchancen(tuple(tod_bis), tod_insgesamt, 1.0 - tod_insgesamt)


def erholung_chancen(
    willenskraft: str | Eigenschaft = "W6", modifikator: int = 0, wildcard: bool = True
) -> dict[str, float]:
    """Erholungsprobe (Willenskraft gegen MW 4): bleibt Angeschlagen / erholt, nur freie
    Aktionen / erholt und handelt normal."""
    r = probe_ergebnisse(willenskraft, wildcard, modifikator, 4)
    return {
        "bleibt Angeschlagen": r["Kritischer Fehlschlag"] + r["Fehlschlag"],
        "erholt, nur freie Aktionen": r["Erfolg"],
        "erholt, handelt normal": r["Steigerung"],
    }


def ausbluten_probe_chancen(
    konstitution: str | Eigenschaft = "W6", modifikator: int = 0, wildcard: bool = True
) -> dict[str, float]:
    """Eine Ausbluten-Probe: „tod“ (Fehlschlag), „weiter“ (Erfolg), „stabil“ (Steigerung)."""
    eig = eigenschaft(konstitution)
    aus = _ausgaenge(eig.seiten, eig.bonus, wildcard, modifikator, "ausbluten")
    return {k: aus.get(k, 0.0) for k in ("tod", "weiter", "stabil")}


def wiederholen_chancen(verteilung: Mapping[str, float], stufen: Sequence[str], jetzt: str) -> dict[str, float]:
    """Ein Benny wiederholt eine Probe, das bessere Ergebnis zählt: die Verteilung des Ausgangs danach.

    ``verteilung``: die Ausgänge eines neuen Wurfs; ``stufen``: alle Ausgänge vom schlechtesten
    zum besten; ``jetzt``: der Ausgang des ersten Wurfs. Besser als ``jetzt`` wird es mit der
    Chance des neuen Wurfs auf jeden besseren Ausgang; sonst bleibt ``jetzt``.

    >>> wiederholen_chancen({"tod": 0.5, "weiter": 0.3, "stabil": 0.2}, ("tod", "weiter", "stabil"), "weiter")
    {'tod': 0.0, 'weiter': 0.8, 'stabil': 0.2}
    """
    i = list(stufen).index(jetzt)
    aus = {s: 0.0 for s in stufen}
    aus[jetzt] = math.fsum(verteilung.get(s, 0.0) for s in stufen[: i + 1])
    for s in stufen[i + 1 :]:
        aus[s] = verteilung.get(s, 0.0)
    return aus


def _gesamt_verteilung(eig: Eigenschaft, wildcard: bool, modifikator: int) -> dict[int, float]:
    return _ausgaenge(eig.seiten, eig.bonus, wildcard, modifikator, "gesamt")


def unterbrechen_chancen(
    geschicklichkeit: str | Eigenschaft,
    gegner_geschicklichkeit: str | Eigenschaft,
    *,
    wildcard: bool = True,
    gegner_wildcard: bool = True,
    modifikator: int = 0,
    gegner_modifikator: int = 0,
) -> dict[str, float]:
    """Aktionen unterbrechen: vergleichende Geschicklichkeitsprobe – „Wer das höhere Ergebnis
    erzielt, handelt zuerst. Im seltenen Fall eines Gleichstands handeln beide gleichzeitig.“"""
    a = _gesamt_verteilung(eigenschaft(geschicklichkeit), wildcard, modifikator)
    b = _gesamt_verteilung(eigenschaft(gegner_geschicklichkeit), gegner_wildcard, gegner_modifikator)
    zuerst, gleich, danach = [], [], []
    for x, px in a.items():
        for y, py in b.items():
            {"zuerst": zuerst, "gleich": gleich, "danach": danach}[vergleichen(x, y)].append(px * py)
    return {
        "unterbricht": math.fsum(zuerst),
        "gleichzeitig": math.fsum(gleich),
        "zu spät": math.fsum(danach),
    }
