"""Exakte Chancen für Zeitstrahl: Treffer, Schaden nach Rüstung je Würfel, Trefferzonen,
Wirkung einer Verschiebung von Kampfwerten.

Alle Rechnungen laufen mit ``fractions.Fraction`` bzw. icepool exakt und benutzen dieselben
Bewertungsfunktionen wie der Kampfverlauf (:func:`~gm_helfer.zeitstrahl.proben.bewerte_probe`,
:func:`~gm_helfer.zeitstrahl.schaden.schadenspunkte`, :func:`~gm_helfer.zeitstrahl.schaden.trefferzone`);
erst die öffentlichen Ergebnisse werden zu ``float``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product

import icepool

from gm_helfer.wuerfel import Ausdruck, parse

from .daten import ZONEN
from .optionen import STANDARD, Optionen
from .proben import bewerte_probe
from .schaden import Schicht, bestgeschuetzte_zone, trefferzone, zonen_ruestung

__all__ = [
    "AngriffsChancen",
    "angriff_chancen",
    "pruefwurf_verteilung",
    "verteidigungs_verteilung",
    "schadens_chancen",
    "trefferzonen_chancen",
    "treffer_schadens_chancen",
    "angriff_schadens_chancen",
    "als_float",
    "halbiert",
]

Verteilung = dict[int, Fraction]


def als_float(vert: Mapping[int, Fraction]) -> dict[int, float]:
    """Exakte Verteilung → ``{Wert: float}``, aufsteigend sortiert."""
    return {k: float(vert[k]) for k in sorted(vert)}


@lru_cache(maxsize=8)
def _pruefwurf(probe: str) -> tuple[tuple[int, Fraction], ...]:
    if probe == "W20":
        return tuple((n, Fraction(1, 20)) for n in range(1, 21))
    zaehler: dict[int, int] = defaultdict(int)
    for a, b in product(range(1, 11), repeat=2):
        zaehler[a + b] += 1
    return tuple((n, Fraction(c, 100)) for n, c in sorted(zaehler.items()))


def pruefwurf_verteilung(optionen: Optionen = STANDARD) -> Verteilung:
    """Verteilung des natürlichen Prüfwurfs (W20 oder Summe 2W10)."""
    return dict(_pruefwurf(optionen.probenwurf))


def verteidigungs_verteilung(
    art: str,
    wert: int,
    *,
    verteidigungsbonus: int = 0,
    optionen: Optionen = STANDARD,
) -> Verteilung:
    """Verteilung der Verteidigung (Schwierigkeit des Angreifers), Abschnitt „Verteidigung“.

    - ``"passiv"``: ``wert`` (Kampferfahrung + Größe), fest.
    - ``"ausweichen"``: ``wert`` + 1W10.
    - ``"parade"``: Waffenprobe ``wert`` + Prüfwurf (+ Verteidigungsbonus, Option).
    - ``"blocken"``: Waffenprobe + doppelter Verteidigungsbonus.
    ``verteidigungsbonus`` ist bei ``"blocken"`` der einfache Bonus (wird hier verdoppelt).
    """
    if art == "passiv":
        return {wert: Fraction(1)}
    if art == "ausweichen":
        return {wert + n: Fraction(1, 10) for n in range(1, 11)}
    if art in ("parade", "blocken"):
        bonus = 0
        if art == "blocken":
            bonus = 2 * verteidigungsbonus
        elif optionen.parade_mit_verteidigungsbonus:
            bonus = verteidigungsbonus
        return {wert + bonus + n: p for n, p in _pruefwurf(optionen.probenwurf)}
    raise ValueError(
        f"Unbekannte Verteidigung „{art}“ (passiv, ausweichen, parade, blocken)."
    )


@dataclass(frozen=True)
class AngriffsChancen:
    """Chancen eines Angriffs (exakt, als float)."""

    treffer: float
    """P(Treffer): ein kritischer Angriff trifft passive Verteidigung immer, ein Patzer nie."""
    kritisch: float
    """P(kritischer Wurf) – unabhängig davon, ob er trifft."""
    patzer: float
    """P(Patzer)."""
    kritischer_treffer: float
    """P(kritisch und Treffer) – dann greift der kritische Effekt."""

    @property
    def daneben(self) -> float:
        return 1.0 - self.treffer

    def als_ausgaenge(self) -> dict[str, float]:
        """Die vier Ausgänge für ein Balkendiagramm (summieren zu 1)."""
        return {
            "Patzer": self.patzer,
            "verfehlt": max(0.0, 1.0 - self.treffer - self.patzer),
            "Treffer": self.treffer - self.kritischer_treffer,
            "kritischer Treffer": self.kritischer_treffer,
        }


def _angriff_exakt(
    angriffswert: int,
    verteidigung: Mapping[int, Fraction],
    aktiv: bool,
    kritschwelle: int | None,
    patzerschwelle: int | None,
    optionen: Optionen,
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    treffer = kritisch = patzer = krit_treffer = Fraction(0)
    for nat, p in _pruefwurf(optionen.probenwurf):
        pr = bewerte_probe(angriffswert, nat, kritschwelle=kritschwelle,
                           patzerschwelle=patzerschwelle, optionen=optionen)
        if pr.patzer:
            patzer += p
            continue
        if pr.kritisch:
            kritisch += p
            if not aktiv or optionen.kritisch_trifft_immer:
                treffer += p
                krit_treffer += p
                continue
        q = sum((pv for v, pv in verteidigung.items() if pr.gesamt >= v), Fraction(0))
        treffer += p * q
        if pr.kritisch:
            krit_treffer += p * q
    return treffer, kritisch, patzer, krit_treffer


def angriff_chancen(
    angriffswert: int,
    verteidigung: int | Mapping[int, Fraction | float],
    *,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    optionen: Optionen = STANDARD,
) -> AngriffsChancen:
    """Exakte Trefferchancen eines Angriffs (Abschnitte „Angriff“, „Kritische Erfolge beim
    Angriff“, „Patzer“).

    ``verteidigung`` ist ein fester Wert (passives Ausweichen) oder eine Verteidigungs-
    Verteilung (aktive Verteidigung, siehe :func:`verteidigungs_verteilung`).
    Treffer bei Angriff ≥ Verteidigung; ein kritischer Angriff trifft eine feste Verteidigung
    immer, gegen aktive Verteidigung zählt sein Ergebnis (Option ``kritisch_trifft_immer``);
    ein Patzer trifft nie.

    >>> c = angriff_chancen(angriffswert=12, verteidigung=15)
    >>> round(c.treffer, 4), c.kritisch, c.patzer
    (0.9, 0.05, 0.05)
    """
    if isinstance(verteidigung, Mapping):
        vert = {int(k): Fraction(v) for k, v in verteidigung.items()}
        aktiv = True
    else:
        vert = {int(verteidigung): Fraction(1)}
        aktiv = False
    t, k, p, kt = _angriff_exakt(angriffswert, vert, aktiv, kritschwelle, patzerschwelle,
                                 optionen)
    return AngriffsChancen(float(t), float(k), float(p), float(kt))


def angriff_chancen_exakt(
    angriffswert: int,
    verteidigung: Mapping[int, Fraction],
    *,
    aktiv: bool,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    optionen: Optionen = STANDARD,
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Wie :func:`angriff_chancen`, aber als Brüche (treffer, kritisch, patzer, krit. Treffer)."""
    return _angriff_exakt(angriffswert, verteidigung, aktiv, kritschwelle, patzerschwelle,
                          optionen)


def _wuerfel_ohne_explosion(ausdruck: Ausdruck) -> None:
    for g in ausdruck.wuerfel:
        if g.explodierend:
            raise ValueError(f"Zeitstrahl-Schadenswürfel explodieren nicht: {ausdruck}.")
        if g.vorzeichen < 0:
            raise ValueError(f"Abgezogene Würfel sind als Schaden nicht vorgesehen: {ausdruck}.")


@lru_cache(maxsize=4096)
def _schaden_exakt(
    text: str, ruestungsschutz: int, bonus: int, faktor: int, vor_ruestung: bool
) -> tuple[tuple[int, Fraction], ...]:
    ausdruck = parse(text)
    _wuerfel_ohne_explosion(ausdruck)
    rs = ruestungsschutz
    summe = icepool.Die([0])
    for g in ausdruck.wuerfel:
        if vor_ruestung:
            einzel = icepool.d(g.seiten).map(lambda x: max(0, x * faktor - rs))
        else:
            einzel = icepool.d(g.seiten).map(lambda x: max(0, x - rs))
        for _ in range(g.anzahl):
            summe = summe + einzel
    rest = ausdruck.konstante + bonus
    if vor_ruestung:
        ende = summe.map(lambda s: max(0, s + rest))
    else:
        ende = summe.map(lambda s: max(0, s + rest) * faktor)
    nenner = ende.denominator()
    return tuple(
        (int(o), Fraction(q, nenner)) for o, q in zip(ende.outcomes(), ende.quantities()) if q
    )


def schadens_chancen_exakt(
    ausdruck: str | Ausdruck,
    ruestungsschutz: int = 0,
    *,
    bonus: int = 0,
    faktor: int = 1,
    vor_ruestung: bool = False,
) -> Verteilung:
    """Exakte Verteilung der Schadenspunkte (siehe :func:`schadens_chancen`)."""
    if ruestungsschutz < 0:
        raise ValueError("Rüstungsschutz ist nie negativ.")
    return dict(_schaden_exakt(str(parse(ausdruck)), int(ruestungsschutz), int(bonus),
                               int(faktor), bool(vor_ruestung)))


def schadens_chancen(
    ausdruck: str | Ausdruck,
    ruestungsschutz: int = 0,
    *,
    bonus: int = 0,
    faktor: int = 1,
    vor_ruestung: bool = False,
) -> dict[int, float]:
    """Verteilung der Schadenspunkte: Rüstungsschutz von jedem Würfel abgezogen (nie unter
    0), Würfel explodieren nicht (Abschnitt „Schaden und Rüstungsschutz“).

    >>> schadens_chancen("2W6", ruestungsschutz=3)[0]
    0.25
    """
    return als_float(schadens_chancen_exakt(ausdruck, ruestungsschutz, bonus=bonus,
                                            faktor=faktor, vor_ruestung=vor_ruestung))


@lru_cache(maxsize=1)
def _zonen_exakt() -> tuple[tuple[str, Fraction], ...]:
    zaehler: dict[str, int] = {z: 0 for z in ZONEN}
    empf = 0
    for a, b in product(range(1, 7), repeat=2):
        tz = trefferzone(a, b)
        zaehler[tz.zone] += 1
        empf += tz.empfindlich
    return tuple((z, Fraction(c, 36)) for z, c in zaehler.items()) + (
        ("empfindlich", Fraction(empf, 36)),
    )


def trefferzonen_chancen() -> dict[str, float]:
    """P je Trefferzone beim geordneten 2W6, dazu ``"empfindlich"`` (Kopf oder Pasch).

    >>> round(trefferzonen_chancen()["empfindlich"], 4)
    0.2778
    """
    return {z: float(p) for z, p in _zonen_exakt()}


def halbiert(vert: Mapping[int, Fraction]) -> Verteilung:
    """Verteilung von ⌊X / 2⌋ („Schaden halbiert“, „halbe Verteidigung“)."""
    halb: dict[int, Fraction] = {}
    for k, p in vert.items():
        halb[k // 2] = halb.get(k // 2, Fraction(0)) + p
    return halb


def _mischen(ziel: dict[int, Fraction], vert: Mapping[int, Fraction], gewicht: Fraction) -> None:
    for k, p in vert.items():
        ziel[k] = ziel.get(k, Fraction(0)) + p * gewicht


def treffer_schadens_chancen_exakt(
    ausdruck: str | Ausdruck,
    schichten: Sequence[Schicht],
    *,
    bonus: int = 0,
    krit_effekt: str | None = None,
    verteidigung_effekt: str | None = None,
    optionen: Optionen = STANDARD,
) -> Verteilung:
    """Schadenspunkte eines Treffers über alle 36 Trefferzonenwürfe, mit der Rüstung jeder
    Zone (exakt). ``krit_effekt``: ``"schicht_ignorieren"`` oder ``"schaden_doppelt"``;
    ``verteidigung_effekt``: ``"schaden_halb"`` oder ``"bestgeschuetzt"``."""
    ergebnis: dict[int, Fraction] = {}
    beste = bestgeschuetzte_zone(schichten)
    ignorieren = 1 if krit_effekt == "schicht_ignorieren" else 0
    for a, b in product(range(1, 7), repeat=2):
        tz = trefferzone(a, b)
        zone = beste if verteidigung_effekt == "bestgeschuetzt" else tz.zone
        faktor = (2 if tz.empfindlich else 1) * (2 if krit_effekt == "schaden_doppelt" else 1)
        rs = zonen_ruestung(schichten, zone, ignorieren=ignorieren).schutz
        vert = schadens_chancen_exakt(ausdruck, rs, bonus=bonus, faktor=faktor,
                                      vor_ruestung=optionen.empfindlich_vor_ruestung)
        if verteidigung_effekt == "schaden_halb":
            vert = halbiert(vert)
        _mischen(ergebnis, vert, Fraction(1, 36))
    return ergebnis


def treffer_schadens_chancen(
    ausdruck: str | Ausdruck,
    schichten: Sequence[Schicht],
    *,
    bonus: int = 0,
    krit_effekt: str | None = None,
    verteidigung_effekt: str | None = None,
    optionen: Optionen = STANDARD,
) -> dict[int, float]:
    """Wie :func:`treffer_schadens_chancen_exakt`, als float."""
    return als_float(treffer_schadens_chancen_exakt(
        ausdruck, schichten, bonus=bonus, krit_effekt=krit_effekt,
        verteidigung_effekt=verteidigung_effekt, optionen=optionen))


def angriff_schadens_chancen_exakt(
    angriffswert: int,
    verteidigung: int | Mapping[int, Fraction],
    ausdruck: str | Ausdruck,
    schichten: Sequence[Schicht],
    *,
    bonus: int = 0,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    krit_effekt: str | None = None,
    optionen: Optionen = STANDARD,
) -> Verteilung:
    """Schadenspunkte eines ganzen Angriffs (0 bei Fehlschlag): normale Treffer mit normalem
    Schaden, kritische Treffer mit dem angesagten ``krit_effekt``."""
    if isinstance(verteidigung, Mapping):
        vert, aktiv = {int(k): Fraction(v) for k, v in verteidigung.items()}, True
    else:
        vert, aktiv = {int(verteidigung): Fraction(1)}, False
    treffer, _, _, krit = _angriff_exakt(angriffswert, vert, aktiv, kritschwelle,
                                         patzerschwelle, optionen)
    ergebnis: dict[int, Fraction] = {0: 1 - treffer}
    normal = treffer_schadens_chancen_exakt(ausdruck, schichten, bonus=bonus, optionen=optionen)
    _mischen(ergebnis, normal, treffer - krit)
    kritisch = treffer_schadens_chancen_exakt(ausdruck, schichten, bonus=bonus,
                                              krit_effekt=krit_effekt, optionen=optionen)
    _mischen(ergebnis, kritisch, krit)
    return {k: v for k, v in ergebnis.items() if v}


def angriff_schadens_chancen(*args, **kwargs) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """Wie :func:`angriff_schadens_chancen_exakt`, als float."""
    return als_float(angriff_schadens_chancen_exakt(*args, **kwargs))
