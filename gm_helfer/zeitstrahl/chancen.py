"""Exakte Chancen für Zeitstrahl: Treffer, Schaden nach Rüstung je Würfel, Trefferzonen,
Wirkung einer Verschiebung von Kampfwerten.

Alle Rechnungen laufen mit ``fractions.Fraction`` bzw. icepool exakt und benutzen dieselben
Bewertungsfunktionen wie der Kampfverlauf (:func:`~gm_helfer.zeitstrahl.proben.bewerte_probe`,
:func:`~gm_helfer.zeitstrahl.schaden.schadenspunkte`, :func:`~gm_helfer.zeitstrahl.schaden.trefferzone`);
erst die öffentlichen Ergebnisse werden zu ``float``.
"""

from __future__ import annotations

from bisect import bisect_right
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import lcm
from types import MappingProxyType
from typing import Any

from gm_helfer.wuerfel import Ausdruck, parse

from .daten import KRIT_ANGRIFF, KRIT_VERTEIDIGUNG, ZONEN
from .optionen import STANDARD, Optionen
from .proben import bewerte_probe
from .schaden import (
    WAFFENLOSE_PARADE_TEILER,
    Schicht,
    bestgeschuetzte_zone,
    trefferzone,
    zonen_ruestung,
)

__all__ = [
    "AngriffsChancen",
    "angriff_chancen",
    "pruefwurf_verteilung",
    "verteidigungs_verteilung",
    "verteidigungs_ausgaenge",
    "effekt_verteilung",
    "schadens_chancen",
    "trefferzonen_chancen",
    "treffer_schadens_chancen",
    "angriff_schadens_chancen",
    "als_float",
    "halbiert",
    "geteilt",
    "waffenlose_parade_chancen_exakt",
    "startpositions_chancen",
]

Verteilung = dict[int, Fraction]
Ausgaenge = dict[tuple[int, "str | None"], Fraction]
"""Verteidigung als gemeinsame Verteilung: (Wert, kritischer Verteidigungseffekt oder None) → P."""


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


def effekt_verteilung(
    tabelle: Mapping[int, tuple[str, str]], angesagt: int | None = None, wahl: int = 3
) -> dict[str, Fraction]:
    """Welcher kritische Effekt wirkt (Schlüssel → P): der angesagte („Beim Erhöhen der
    Kritschwelle muss außerdem der Effekt … mit angegeben werden“) oder der W6 der Tabelle;
    eine 6 („Freie Wahl unter den Effekten“) wird zu ``wahl`` – wie im Kampf
    (:func:`gm_helfer.zeitstrahl.kampf.angriff_ereignis`, ``krit_wahl``)."""
    if wahl not in range(1, 6):
        raise ValueError("Bei einer 6 bitte einen Effekt 1–5 wählen.")
    if angesagt is not None and angesagt not in tabelle:
        raise ValueError(f"Unbekannter kritischer Effekt {angesagt} (erlaubt: 1–6).")
    wuerfe = [(angesagt, Fraction(1))] if angesagt is not None else [
        (n, Fraction(1, 6)) for n in range(1, 7)]
    ergebnis: dict[str, Fraction] = {}
    for n, p in wuerfe:
        schluessel = tabelle[wahl if n == 6 else n][0]
        ergebnis[schluessel] = ergebnis.get(schluessel, Fraction(0)) + p
    return ergebnis


_W6 = tuple((n, Fraction(1, 6)) for n in range(1, 7))


def verteidigungs_ausgaenge(
    art: str,
    wert: int,
    *,
    verteidigungsbonus: int = 0,
    krit_wahl: int = 2,
    halbiert: bool = False,
    optionen: Optionen = STANDARD,
) -> Ausgaenge:
    """Gemeinsame Verteilung von Verteidigung und kritischem Verteidigungseffekt, Abschnitte
    „Verteidigung“ und „Kritische Erfolge beim Verteidigen“.

    - ``"passiv"``: ``wert`` (Kampferfahrung + Größe), fest.
    - ``"ausweichen"``: ``wert`` + 1W10 (kann weder kritisch noch ein Patzer sein: „Da nur
      Parade und Blocken überhaupt 2 W10 benötigen, ist auch nur damit ein kritischer Wurf
      möglich.“).
    - ``"parade"``: Waffenprobe ``wert`` + Prüfwurf (+ Verteidigungsbonus, Option).
    - ``"blocken"``: Waffenprobe + doppelter Verteidigungsbonus.
    Ein kritischer Prüfwurf würfelt W6 auf die Tabelle (6 = ``krit_wahl``); Effekt 1 „Gibt
    einen Bonus von 1 W6 auf die Verteidigung“ ist im Wert enthalten, die anderen Effekte
    stehen als Schlüssel daneben (z. B. ``"schaden_halb"``). ``halbiert``: „Position
    verschlechtern (halbe Verteidigung bis zur nächsten Aktion)“, abgerundet, nach dem Bonus.
    ``verteidigungsbonus`` ist bei ``"blocken"`` der einfache Bonus (wird hier verdoppelt).

    Gemerkt je Eingabe; der Aufrufer erhält eine eigene Kopie.
    """
    return dict(_verteidigungs_ausgaenge_gemerkt(art, wert, verteidigungsbonus, krit_wahl, halbiert, optionen))


@lru_cache(maxsize=4096)
def _verteidigungs_ausgaenge_gemerkt(
    art: str, wert: int, verteidigungsbonus: int, krit_wahl: int, halbiert: bool, optionen: Optionen,
) -> Ausgaenge:
    ergebnis: Ausgaenge = {}

    def dazu(v: int, schluessel: str | None, p: Fraction) -> None:
        k = (v // 2 if halbiert else v, schluessel)
        ergebnis[k] = ergebnis.get(k, Fraction(0)) + p

    if art == "passiv":
        dazu(wert, None, Fraction(1))
    elif art == "ausweichen":
        for n in range(1, 11):
            dazu(wert + n, None, Fraction(1, 10))
    elif art in ("parade", "blocken"):
        bonus = 0
        if art == "blocken":
            bonus = 2 * verteidigungsbonus
        elif optionen.parade_mit_verteidigungsbonus:
            bonus = verteidigungsbonus
        effekte = effekt_verteilung(KRIT_VERTEIDIGUNG, None, krit_wahl)
        for nat, p in _pruefwurf(optionen.probenwurf):
            basis = wert + bonus + nat
            if not bewerte_probe(0, nat, optionen=optionen).kritisch:
                dazu(basis, None, p)
                continue
            for schluessel, q in effekte.items():
                if schluessel == "bonus_w6":
                    for b, pb in _W6:
                        dazu(basis + b, schluessel, p * q * pb)
                else:
                    dazu(basis, schluessel, p * q)
    else:
        raise ValueError(
            f"Unbekannte Verteidigung „{art}“ (passiv, ausweichen, parade, blocken)."
        )
    return ergebnis


def verteidigungs_verteilung(
    art: str,
    wert: int,
    *,
    verteidigungsbonus: int = 0,
    krit_wahl: int = 2,
    halbiert: bool = False,
    optionen: Optionen = STANDARD,
) -> Verteilung:
    """Verteilung der Verteidigung (Schwierigkeit des Angreifers), Abschnitt „Verteidigung“ –
    die Randverteilung von :func:`verteidigungs_ausgaenge` (samt W6-Bonus eines kritischen
    Verteidigungswurfs)."""
    vert: Verteilung = {}
    for (v, _), p in verteidigungs_ausgaenge(
            art, wert, verteidigungsbonus=verteidigungsbonus, krit_wahl=krit_wahl,
            halbiert=halbiert, optionen=optionen).items():
        vert[v] = vert.get(v, Fraction(0)) + p
    return vert


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


def _als_ausgaenge(
    verteidigung: int | Mapping[int, Fraction | float] | Mapping[tuple[int, str | None], Fraction],
) -> tuple[Ausgaenge, bool]:
    """Fester Wert (passiv) oder Verteilung (aktiv) → (Ausgänge, aktiv)."""
    if not isinstance(verteidigung, Mapping):
        return {(int(verteidigung), None): Fraction(1)}, False
    ausgaenge: Ausgaenge = {}
    for k, p in verteidigung.items():
        schluessel = (int(k[0]), k[1]) if isinstance(k, tuple) else (int(k), None)
        ausgaenge[schluessel] = ausgaenge.get(schluessel, Fraction(0)) + Fraction(p)
    return ausgaenge, True


TrefferNach = dict[tuple["str | None", "str | None"], Fraction]


def _angriff_exakt(
    angriffswert: int,
    ausgaenge: Mapping[tuple[int, str | None], Fraction],
    aktiv: bool,
    kritschwelle: int | None,
    patzerschwelle: int | None,
    optionen: Optionen,
    angesagter_effekt: int | None = None,
    krit_wahl: int = 3,
) -> tuple[TrefferNach, Fraction, Fraction]:
    """(P(Treffer) je (Angriffseffekt, Verteidigungseffekt), P(kritisch), P(Patzer)) – wie
    :func:`gm_helfer.zeitstrahl.kampf.angriff_ereignis` entscheidet: Patzer nie, kritisch
    gegen passiv immer, sonst Angriff (+ W6 bei Effekt 1) ≥ Verteidigung.

    Gemerkt je Eingabe (dieselben Werte kehren in einer Simulation tausendfach wieder, Issue 10);
    der Aufrufer erhält eine eigene Kopie der Treffer-Tabelle."""
    nach, kritisch, patzer = _angriff_exakt_gemerkt(
        angriffswert, tuple(ausgaenge.items()), aktiv, kritschwelle, patzerschwelle, optionen,
        angesagter_effekt, krit_wahl)
    return dict(nach), kritisch, patzer


@lru_cache(maxsize=4096)
def _angriff_exakt_gemerkt(
    angriffswert: int,
    ausgaenge: tuple[tuple[tuple[int, str | None], Fraction], ...],
    aktiv: bool,
    kritschwelle: int | None,
    patzerschwelle: int | None,
    optionen: Optionen,
    angesagter_effekt: int | None,
    krit_wahl: int,
) -> tuple[TrefferNach, Fraction, Fraction]:
    effekte = effekt_verteilung(KRIT_ANGRIFF, angesagter_effekt, krit_wahl)
    wurf = _pruefwurf(optionen.probenwurf)
    kritisch = patzer = Fraction(0)
    # Schnell und doch exakt (die erste Simulation einer Aufstellung rechnete sonst vor allem
    # hier; Issue 10): ganze Zahlen über dem gemeinsamen Nenner aller Wahrscheinlichkeiten statt
    # Brüchen, die jeden Schritt kürzen, und je kritischem Verteidigungseffekt die
    # Verteidigungswerte aufsteigend mit aufsummierten Zählern – P(Verteidigung ≤ Angriff) wird
    # ein Nachschlagen statt einer Schleife über alle Ausgänge. Am Ende dieselben Brüche.
    n_wurf = lcm(*(p.denominator for _, p in wurf))
    n_effekt = lcm(*(q.denominator for q in effekte.values()))
    n_w6 = lcm(*(p.denominator for _, p in _W6))
    n_vert = lcm(*(pv.denominator for _, pv in ausgaenge))
    gruppen: dict[str | None, tuple[list[int], list[int]]] = {vk: ([], []) for (_, vk), _ in ausgaenge}
    for (v, vk), pv in sorted(ausgaenge, key=lambda a: a[0][0]):
        werte, summen = gruppen[vk]
        werte.append(v)
        summen.append((summen[-1] if summen else 0) + pv.numerator * (n_vert // pv.denominator))
    zaehler: dict[tuple[str | None, str | None], int] = {}

    def dazu(ak: str | None, gesamt: int | None, gewicht: int) -> None:
        """``gewicht``: Zähler über n_wurf · n_effekt · n_w6."""
        for vk, (werte, summen) in gruppen.items():
            bis = len(werte) if gesamt is None else bisect_right(werte, gesamt)
            if bis:
                zaehler[(ak, vk)] = zaehler.get((ak, vk), 0) + gewicht * summen[bis - 1]

    effekt_zaehler = {ak: q.numerator * (n_effekt // q.denominator) for ak, q in effekte.items()}
    for nat, p in wurf:
        pr = bewerte_probe(angriffswert, nat, kritschwelle=kritschwelle,
                           patzerschwelle=patzerschwelle, optionen=optionen)
        pz = p.numerator * (n_wurf // p.denominator)
        if pr.patzer:
            patzer += p
        elif not pr.kritisch:
            dazu(None, pr.gesamt, pz * n_effekt * n_w6)
        else:
            kritisch += p
            for ak, qz in effekt_zaehler.items():
                if not aktiv or optionen.kritisch_trifft_immer:
                    dazu(ak, None, pz * qz * n_w6)
                elif ak == "bonus_w6":
                    for b, pb in _W6:
                        dazu(ak, pr.gesamt + b, pz * qz * pb.numerator * (n_w6 // pb.denominator))
                else:
                    dazu(ak, pr.gesamt, pz * qz * n_w6)
    nenner = n_wurf * n_effekt * n_w6 * n_vert
    return {k: Fraction(z, nenner) for k, z in zaehler.items() if z}, kritisch, patzer


def angriff_chancen(
    angriffswert: int,
    verteidigung: int | Mapping[int, Fraction | float] | Mapping[tuple[int, str | None], Fraction],
    *,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    angesagter_effekt: int | None = None,
    krit_wahl: int = 3,
    optionen: Optionen = STANDARD,
) -> AngriffsChancen:
    """Exakte Trefferchancen eines Angriffs (Abschnitte „Angriff“, „Kritische Erfolge beim
    Angriff“, „Patzer“).

    ``verteidigung`` ist ein fester Wert (passives Ausweichen) oder eine Verteidigungs-
    Verteilung (aktive Verteidigung, :func:`verteidigungs_verteilung` oder
    :func:`verteidigungs_ausgaenge`). Treffer bei Angriff ≥ Verteidigung; ein kritischer
    Angriff trifft eine feste Verteidigung immer, gegen aktive Verteidigung zählt sein
    Ergebnis samt dem W6 des Effekts 1 „Gibt einen Bonus von 1 W6 auf den Angriff“ (Option
    ``kritisch_trifft_immer``); ein Patzer trifft nie. Der Effekt ist der angesagte
    (``angesagter_effekt``, bei gesenkter Kritschwelle) oder der W6 der Tabelle (6 →
    ``krit_wahl``).

    >>> c = angriff_chancen(angriffswert=12, verteidigung=15)
    >>> round(c.treffer, 4), c.kritisch, c.patzer
    (0.9, 0.05, 0.05)
    """
    t, k, p, kt = angriff_chancen_exakt(
        angriffswert, verteidigung, kritschwelle=kritschwelle, patzerschwelle=patzerschwelle,
        angesagter_effekt=angesagter_effekt, krit_wahl=krit_wahl, optionen=optionen)
    return AngriffsChancen(float(t), float(k), float(p), float(kt))


def angriff_chancen_exakt(
    angriffswert: int,
    verteidigung: int | Mapping[int, Fraction | float] | Mapping[tuple[int, str | None], Fraction],
    *,
    aktiv: bool | None = None,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    angesagter_effekt: int | None = None,
    krit_wahl: int = 3,
    optionen: Optionen = STANDARD,
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    """Wie :func:`angriff_chancen`, aber als Brüche (treffer, kritisch, patzer, krit. Treffer).
    ``aktiv`` überschreibt, ob die Verteidigung aktiv ist (sonst: Verteilung = aktiv).

    Gemerkt je Eingabe (eine Simulation fragt dieselben Chancen tausendfach, Issue 10)."""
    v = tuple(verteidigung.items()) if isinstance(verteidigung, Mapping) else verteidigung
    try:
        return _angriff_chancen_gemerkt(angriffswert, v, aktiv, kritschwelle, patzerschwelle,
                                        angesagter_effekt, krit_wahl, optionen)
    except TypeError:  # nicht hashbar (etwa eine Liste als Schlüssel): ungemerkt
        return _angriff_chancen_rechnen(angriffswert, verteidigung, aktiv, kritschwelle, patzerschwelle,
                                        angesagter_effekt, krit_wahl, optionen)


@lru_cache(maxsize=4096)
def _angriff_chancen_gemerkt(
    angriffswert: int, verteidigung: Any, aktiv: bool | None, kritschwelle: int | None,
    patzerschwelle: int | None, angesagter_effekt: int | None, krit_wahl: int, optionen: Optionen,
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    return _angriff_chancen_rechnen(angriffswert, dict(verteidigung) if isinstance(verteidigung, tuple) else verteidigung,
                                    aktiv, kritschwelle, patzerschwelle, angesagter_effekt, krit_wahl, optionen)


def _angriff_chancen_rechnen(
    angriffswert: int, verteidigung: Any, aktiv: bool | None, kritschwelle: int | None,
    patzerschwelle: int | None, angesagter_effekt: int | None, krit_wahl: int, optionen: Optionen,
) -> tuple[Fraction, Fraction, Fraction, Fraction]:
    ausgaenge, ist_aktiv = _als_ausgaenge(verteidigung)
    nach, k, p = _angriff_exakt(angriffswert, ausgaenge, ist_aktiv if aktiv is None else aktiv,
                                kritschwelle, patzerschwelle, optionen, angesagter_effekt,
                                krit_wahl)
    t = sum(nach.values(), Fraction(0))
    kt = sum((v for (ak, _), v in nach.items() if ak is not None), Fraction(0))
    return t, k, p, kt


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
    import icepool  # erst hier: die Regelmodule laden ohne icepool (Importzeit)

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


@lru_cache(maxsize=1024)
def _waffenlose_parade_exakt(
    text: str, ruestungsschutz: int, je_wuerfel: bool
) -> tuple[tuple[int, Fraction], ...]:
    import icepool  # erst hier: die Regelmodule laden ohne icepool (Importzeit)

    ausdruck = parse(text)
    _wuerfel_ohne_explosion(ausdruck)
    t, rs = WAFFENLOSE_PARADE_TEILER, ruestungsschutz
    summe = icepool.Die([0])
    for g in ausdruck.wuerfel:
        if je_wuerfel:
            einzel = icepool.d(g.seiten).map(lambda x: max(0, x // t - rs))
        else:
            einzel = icepool.d(g.seiten)
        for _ in range(g.anzahl):
            summe = summe + einzel
    c = ausdruck.konstante
    if je_wuerfel:
        ende = summe.map(lambda s: max(0, s + c // t))
    else:
        ende = summe.map(lambda s: max(0, (s + c) // t - rs))
    nenner = ende.denominator()
    return tuple(
        (int(o), Fraction(q, nenner)) for o, q in zip(ende.outcomes(), ende.quantities()) if q
    )


def waffenlose_parade_chancen_exakt(
    ausdruck: str | Ausdruck, ruestungsschutz: int = 0, *, je_wuerfel: bool = True
) -> Verteilung:
    """Exakte Verteilung der Schadenspunkte am Arm nach einer gelungenen waffenlosen Parade
    (wie :func:`~gm_helfer.zeitstrahl.schaden.waffenlose_parade_schadenspunkte`: erst ¼ der
    Trefferpunkte, dann die Rüstung).

    >>> waffenlose_parade_chancen_exakt("W12", 2)[1]
    Fraction(1, 12)
    """
    if ruestungsschutz < 0:
        raise ValueError("Rüstungsschutz ist nie negativ.")
    return dict(_waffenlose_parade_exakt(str(parse(ausdruck)), int(ruestungsschutz),
                                         bool(je_wuerfel)))


def trefferzonen_chancen() -> dict[str, float]:
    """P je Trefferzone beim geordneten 2W6, dazu ``"empfindlich"`` (Kopf oder Pasch).

    >>> round(trefferzonen_chancen()["empfindlich"], 4)
    0.2778
    """
    return {z: float(p) for z, p in _zonen_exakt()}


def geteilt(vert: Mapping[int, Fraction], teiler: int) -> Verteilung:
    """Verteilung von ⌊X / teiler⌋ (z. B. „waffenlose Paraden reduzieren die Trefferpunkte
    lediglich auf ¼“)."""
    ergebnis: dict[int, Fraction] = {}
    for k, p in vert.items():
        ergebnis[k // teiler] = ergebnis.get(k // teiler, Fraction(0)) + p
    return ergebnis


def halbiert(vert: Mapping[int, Fraction]) -> Verteilung:
    """Verteilung von ⌊X / 2⌋ („Schaden halbiert“, „halbe Verteidigung“)."""
    return geteilt(vert, 2)


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
    ``verteidigung_effekt``: ``"schaden_halb"`` oder ``"bestgeschuetzt"``.

    Hängt nicht von den Chancen des Angriffs ab: zwischengespeichert, damit ein geänderter
    Modifikator nur den Angriff neu rechnet (ungespeichert, wenn ein Argument nicht hashbar ist).
    """
    try:
        return dict(_treffer_schaden_gespeichert(ausdruck, tuple(schichten), bonus, krit_effekt,
                                                 verteidigung_effekt, optionen))
    except TypeError:  # nicht hashbar
        return _treffer_schaden(ausdruck, schichten, bonus, krit_effekt, verteidigung_effekt, optionen)


def _treffer_schaden(ausdruck, schichten, bonus, krit_effekt, verteidigung_effekt, optionen) -> Verteilung:
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


@lru_cache(maxsize=1024)
def _treffer_schaden_gespeichert(ausdruck, schichten, bonus, krit_effekt, verteidigung_effekt, optionen):
    return MappingProxyType(_treffer_schaden(ausdruck, schichten, bonus, krit_effekt, verteidigung_effekt, optionen))


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
    verteidigung: int | Mapping[int, Fraction] | Mapping[tuple[int, str | None], Fraction],
    ausdruck: str | Ausdruck,
    schichten: Sequence[Schicht],
    *,
    bonus: int = 0,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    krit_effekt: str | int | None = None,
    krit_wahl: int = 3,
    optionen: Optionen = STANDARD,
) -> Verteilung:
    """Schadenspunkte eines ganzen Angriffs (0 bei Fehlschlag), exakt über alle Würfe.

    Kritische Treffer wirken mit dem angesagten ``krit_effekt`` (Schlüssel wie
    ``"schicht_ignorieren"`` oder Nummer 1–6) oder – ohne Ansage – mit dem W6 der Tabelle
    (6 → ``krit_wahl``). Kritische Verteidigungseffekte („Schaden halbiert“, „bestgeschützte
    Stelle“) kommen aus einer Verteidigung von :func:`verteidigungs_ausgaenge`.
    """
    ausgaenge, aktiv = _als_ausgaenge(verteidigung)
    if isinstance(krit_effekt, str):
        nummern = [n for n, (k, _) in KRIT_ANGRIFF.items() if k == krit_effekt]
        if not nummern:
            raise ValueError(f"Unbekannter kritischer Effekt „{krit_effekt}“.")
        krit_effekt = nummern[0]
    nach, _, _ = _angriff_exakt(angriffswert, ausgaenge, aktiv, kritschwelle, patzerschwelle,
                                optionen, krit_effekt, krit_wahl)
    ergebnis: dict[int, Fraction] = {0: 1 - sum(nach.values(), Fraction(0))}
    for (ak, vk), gewicht in nach.items():
        vert = treffer_schadens_chancen_exakt(ausdruck, schichten, bonus=bonus, krit_effekt=ak,
                                              verteidigung_effekt=vk, optionen=optionen)
        _mischen(ergebnis, vert, gewicht)
    return {k: v for k, v in ergebnis.items() if v}


def angriff_schadens_chancen(*args, **kwargs) -> dict[int, float]:  # type: ignore[no-untyped-def]
    """Wie :func:`angriff_schadens_chancen_exakt`, als float."""
    return als_float(angriff_schadens_chancen_exakt(*args, **kwargs))


def startpositions_chancen(
    kampferfahrung: int, schwierigkeit: int, *, optionen: Optionen = STANDARD
) -> dict[int, float]:
    """Verteilung der Startposition (Abschnitt „Der Kampf“): „Jeder Teilnehmer würfelt eine
    normale Probe auf Kampferfahrung und die negative Differenz zum gewünschten Ergebnis ist
    die Startposition.“ – max(0, Schwierigkeit − (Kampferfahrung + Prüfwurf)).

    >>> startpositions_chancen(10, 25)[0]
    0.3
    """
    vert: dict[int, Fraction] = {}
    for nat, p in _pruefwurf(optionen.probenwurf):
        pos = max(0, schwierigkeit - bewerte_probe(kampferfahrung, nat, optionen=optionen).gesamt)
        vert[pos] = vert.get(pos, Fraction(0)) + p
    return als_float(vert)
