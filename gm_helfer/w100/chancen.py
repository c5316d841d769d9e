"""Exakte Chancen für W100-Angriffe.

Die Chancen laufen über dieselbe Auswertung wie das Spiel (:func:`bewerte_angriff`), nur
über alle 100 Augen des W100 mit Gewicht 1/100 statt über einen einzelnen Wurf. Gerechnet
wird mit ``fractions.Fraction``; erst das Ergebnis wird zu ``float``. Der Schadenswurf
kommt exakt aus :mod:`gm_helfer.chancen` (icepool).

>>> c = angriff_chancen(ob=60, db=20, patzerbereich=5)
>>> round(c.patzer, 2), round(c.misserfolg, 2), round(c.streiftreffer, 2), round(c.volltreffer, 2)
(0.05, 0.29, 0.25, 0.41)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

from gm_helfer import chancen as kern_chancen
from gm_helfer.w100.angriff import (
    Abwehr,
    KritRegel,
    bewerte_angriff,
    schaden_nach_treffer,
    schadens_hoechstwert,
)
from gm_helfer.w100.daten import (
    AUSWEICHEN,
    KEINE_ABWEHR,
    MISSERFOLG,
    PATZER,
    STREIFTREFFER,
    STUFEN,
    VOLLTREFFER,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler

_EIN_HUNDERTSTEL = Fraction(1, 100)


@dataclass(frozen=True)
class AngriffsChancen:
    """Wahrscheinlichkeiten der Trefferstufen eines Angriffs (Summe 1).

    ``kritisch`` ist der Teil von ``volltreffer``, der kritisch ist.
    """

    patzer: float
    misserfolg: float
    streiftreffer: float
    volltreffer: float
    kritisch: float = 0.0

    @property
    def trifft(self) -> float:
        """Streiftreffer oder Volltreffer."""
        return self.streiftreffer + self.volltreffer

    def als_dict(self) -> dict[str, float]:
        """Stufe → Wahrscheinlichkeit (für Diagramme), in der Reihenfolge der Stufen."""
        return {s: getattr(self, s) for s in STUFEN}


def _optionen(optionen: Optionen | None, lucky_seven: bool | None) -> Optionen:
    optionen = optionen or Optionen()
    if lucky_seven is not None and lucky_seven != optionen.lucky_seven:
        optionen = replace(optionen, lucky_seven=lucky_seven)
    return optionen


@lru_cache(maxsize=4096)
def _exakt(
    ob: int, db: int, patzerbereich: int, modifikator: int, abwehr: Abwehr,
    krit: KritRegel, optionen: Optionen,
) -> tuple[dict[str, Fraction], Fraction]:
    stufen: dict[str, Fraction] = {s: Fraction(0) for s in STUFEN}
    kritisch = Fraction(0)
    for natuerlich in range(1, 101):
        e = bewerte_angriff(
            natuerlich, ob=ob, db=db, patzerbereich=patzerbereich, modifikator=modifikator,
            abwehr=abwehr, krit=krit, optionen=optionen,
        )
        stufen[e.stufe] += _EIN_HUNDERTSTEL
        if e.kritisch:
            kritisch += _EIN_HUNDERTSTEL
    return stufen, kritisch


def angriff_chancen_exakt(
    ob: int,
    db: int,
    patzerbereich: int = 5,
    lucky_seven: bool | None = None,
    *,
    modifikator: int = 0,
    abwehr: Abwehr | int = 0,
    krit: KritRegel = KritRegel(art="keine"),
    optionen: Optionen | None = None,
) -> dict[str, Fraction]:
    """Wie :func:`angriff_chancen`, aber als exakte Brüche (Schlüssel: Stufen und ``kritisch``)."""
    if isinstance(abwehr, int):
        abwehr = Abwehr(AUSWEICHEN, abwehr) if abwehr else Abwehr()
    stufen, kritisch = _exakt(
        ob, db, patzerbereich, modifikator, abwehr, krit, _optionen(optionen, lucky_seven)
    )
    return {**stufen, "kritisch": kritisch}


def angriff_chancen(
    ob: int,
    db: int,
    patzerbereich: int = 5,
    lucky_seven: bool | None = None,
    *,
    modifikator: int = 0,
    abwehr: Abwehr | int = 0,
    krit: KritRegel = KritRegel(art="keine"),
    optionen: Optionen | None = None,
) -> AngriffsChancen:
    """Exakte Chancen eines Angriffs: Patzer, Misserfolg, Streiftreffer, Volltreffer.

    ``patzer`` ist P(natürlicher Wurf ≤ patzerbereich); ``misserfolg`` P(kein Patzer und
    Ergebnis unter 75), ``streiftreffer`` 75–99, ``volltreffer`` ab 100 (Grenzen aus den
    Optionen). ``abwehr`` sind Abwehrpunkte (Flee oder Parade – sie wirken gleich: 1 Punkt
    senkt das Ergebnis um 1). ``lucky_seven=None`` übernimmt die Einstellung aus ``optionen``.
    Quelle: regeln/w100.txt › Angriff und Verteidigung.
    """
    exakt = angriff_chancen_exakt(
        ob, db, patzerbereich, lucky_seven, modifikator=modifikator, abwehr=abwehr,
        krit=krit, optionen=optionen,
    )
    return AngriffsChancen(
        patzer=float(exakt[PATZER]),
        misserfolg=float(exakt[MISSERFOLG]),
        streiftreffer=float(exakt[STREIFTREFFER]),
        volltreffer=float(exakt[VOLLTREFFER]),
        kritisch=float(exakt["kritisch"]),
    )


def abwehr_tabelle(
    ob: int,
    db: int,
    patzerbereich: int = 5,
    *,
    bis: int,
    art: str = AUSWEICHEN,
    modifikator: int = 0,
    krit: KritRegel = KritRegel(art="keine"),
    optionen: Optionen | None = None,
    schritt: int = 1,
) -> tuple[tuple[int, AngriffsChancen], ...]:
    """Chancen des Angriffs für jede Menge Abwehrpunkte 0, schritt, …, bis.

    So sieht der Verteidiger, was ein Punkt Flee (oder Parade) kauft
    (regeln/w100.txt › Angriff und Verteidigung, Schritt 3).
    """
    if bis < 0 or schritt < 1:
        raise W100Fehler("Die Abwehrtabelle braucht bis ≥ 0 und schritt ≥ 1.")
    zeilen = []
    for punkte in range(0, bis + 1, schritt):
        abwehr = Abwehr(art, punkte) if punkte and art != KEINE_ABWEHR else Abwehr()
        zeilen.append((punkte, angriff_chancen(
            ob, db, patzerbereich, modifikator=modifikator, abwehr=abwehr, krit=krit,
            optionen=optionen,
        )))
    return tuple(zeilen)


def schaden_verteilung(
    schaden: str,
    *,
    panzerung: int,
    stufe: str,
    kritisch: bool = False,
    krit_faktor: int = 2,
    optionen: Optionen | None = None,
) -> dict[int, float]:
    """Verteilung des Schadens nach Panzerung für eine feste Trefferstufe.

    Der Schadenswurf kommt exakt aus :func:`gm_helfer.chancen.verteilung`; jede Augensumme
    läuft durch :func:`schaden_nach_treffer`, dieselbe Funktion wie im Spiel.
    """
    optionen = optionen or Optionen()
    hoechst = (schadens_hoechstwert(schaden)
               if kritisch and optionen.krit_folge == "hoechstschaden" else None)
    ergebnis: dict[int, float] = defaultdict(float)
    for roh, p in kern_chancen.verteilung(schaden).items():
        ergebnis[schaden_nach_treffer(
            roh, panzerung=panzerung, stufe=stufe, kritisch=kritisch, krit_faktor=krit_faktor,
            optionen=optionen, hoechstwert=hoechst,
        )] += p
    return dict(sorted(ergebnis.items()))


def angriff_schaden_verteilung(
    ob: int,
    db: int,
    patzerbereich: int,
    *,
    schaden: str,
    panzerung: int,
    modifikator: int = 0,
    abwehr: Abwehr | int = 0,
    krit: KritRegel = KritRegel(art="keine"),
    optionen: Optionen | None = None,
) -> dict[int, float]:
    """Verteilung des Schadens, der beim Ziel ankommt, über den ganzen Angriff (0 = kein Schaden).

    Verbindet die Trefferchancen (inkl. Kritisch) mit dem Schadenswurf nach Panzerung.
    """
    optionen = optionen or Optionen()
    c = angriff_chancen_exakt(
        ob, db, patzerbereich, modifikator=modifikator, abwehr=abwehr, krit=krit,
        optionen=optionen,
    )
    teile: list[tuple[Fraction, Mapping[int, float]]] = [
        (c[PATZER] + c[MISSERFOLG], {0: 1.0}),
        (c[STREIFTREFFER], schaden_verteilung(
            schaden, panzerung=panzerung, stufe=STREIFTREFFER, optionen=optionen)),
        (c[VOLLTREFFER] - c["kritisch"], schaden_verteilung(
            schaden, panzerung=panzerung, stufe=VOLLTREFFER, optionen=optionen)),
        (c["kritisch"], schaden_verteilung(
            schaden, panzerung=panzerung, stufe=VOLLTREFFER, kritisch=True,
            krit_faktor=krit.faktor, optionen=optionen)),
    ]
    ergebnis: dict[int, float] = defaultdict(float)
    for gewicht, vert in teile:
        if gewicht:
            for wert, p in vert.items():
                ergebnis[wert] += float(gewicht) * p
    return dict(sorted(ergebnis.items()))


def chance_kampfunfaehig(
    schaden_vert: Mapping[int, float], lebenspunkte: int, optionen: Optionen | None = None
) -> float | None:
    """P(das Ziel fällt durch diesen Schaden auf ``kampfunfaehig_ab`` oder darunter);
    ``None`` ohne Gesundheitsmodell (``Optionen.gesundheit="ohne"``: der Spielleiter entscheidet)."""
    optionen = optionen or Optionen()
    if optionen.gesundheit == "ohne":
        return None
    return kern_chancen.mindestens(schaden_vert, lebenspunkte - optionen.kampfunfaehig_ab)


__all__ = [
    "AngriffsChancen",
    "abwehr_tabelle",
    "angriff_chancen",
    "angriff_chancen_exakt",
    "angriff_schaden_verteilung",
    "chance_kampfunfaehig",
    "schaden_verteilung",
]
