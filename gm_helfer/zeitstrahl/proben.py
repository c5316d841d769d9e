"""Proben: Wert + Prüfwurf, kritische Erfolge und Patzer (Wurf- und Bewertungsschicht).

Regeltext ``regeln/zeitstrahl.txt``: „Der Kampf“ („eine normale Probe auf Kampferfahrung“),
„Angriff“, „Kritische Erfolge“, „Patzer“ und „Verschieben von Kampfwerten“. Lesart
(DESIGN.md): eine Probe ist Wert + 1W20; ein natürlicher Wurf ≥ Kritschwelle ist kritisch,
≤ Patzerschwelle ein Patzer; liegt die Patzerschwelle über der Kritschwelle, hat der Patzer
Vorrang („Sollte die Patzerschwelle höher als die Kritschwelle werden, dann hat der Patzer
Vorrang.“).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

from gm_helfer.felder import ist_feld, nicht, und
from gm_helfer.wuerfel import Wurf, parse, wurf, zufallszahl

from .optionen import STANDARD, Optionen

__all__ = ["Augen", "Probe", "augen_wuerfeln", "bewerte_probe", "probe", "wuerfeln"]


@dataclass(frozen=True)
class Probe:
    """Eine bewertete Probe – ein Wurf (ganze Zahlen) oder viele (numpy-Felder, gebündelte
    Simulation); ``gesamt``, ``patzer`` und ``kritisch`` gelten dann elementweise."""

    wert: Any
    """Probenwert (Fertigkeit, Kampferfahrung, …) samt Modifikatoren."""
    natuerlich: Any
    """Der natürliche Wurf (W20 oder Summe 2W10)."""
    kritschwelle: Any
    patzerschwelle: Any
    eingetippt: bool = False

    @property
    def gesamt(self) -> Any:
        """Probenergebnis = Wert + natürlicher Wurf."""
        return self.wert + self.natuerlich

    @property
    def patzer(self) -> Any:
        """Natürlicher Wurf ≤ Patzerschwelle (hat Vorrang vor kritisch)."""
        p = self.natuerlich <= self.patzerschwelle
        if type(p) is bool:  # zwei ganze Zahlen (Live-Kampf): schon fertig
            return p
        return p if ist_feld(p) else bool(p)

    @property
    def kritisch(self) -> Any:
        """Natürlicher Wurf ≥ Kritschwelle und kein Patzer."""
        return und(nicht(self.patzer), self.natuerlich >= self.kritschwelle)


def bewerte_probe(
    wert: int,
    natuerlich: int,
    *,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    optionen: Optionen = STANDARD,
    eingetippt: bool = False,
) -> Probe:
    """Bewertet einen schon geworfenen Prüfwurf (rein, ohne Zufall). Werte und Würfe dürfen
    numpy-Felder sein (viele Proben auf einmal)."""
    if type(wert) is int and type(natuerlich) is int and type(kritschwelle) is int \
            and type(patzerschwelle) is int:  # der häufigste Fall im Live-Kampf, ohne Umwandlung
        return Probe(wert, natuerlich, kritschwelle, patzerschwelle, eingetippt)
    ganz = (lambda x: x) if ist_feld(wert, natuerlich, kritschwelle, patzerschwelle) else int
    return Probe(
        wert=ganz(wert),
        natuerlich=ganz(natuerlich),
        kritschwelle=optionen.kritschwelle if kritschwelle is None else ganz(kritschwelle),
        patzerschwelle=(
            optionen.basis_patzerschwelle if patzerschwelle is None else ganz(patzerschwelle)
        ),
        eingetippt=eingetippt,
    )


def wuerfeln(ausdruck: str, *, rng: Any = None, augen: Any = None, wofuer: str = "") -> Wurf:
    """Wirft ``ausdruck`` mit ``rng`` oder eingetippten ``augen``; deutsche Meldung, wenn
    beides fehlt."""
    if rng is None and augen is None:
        raise ValueError(
            f"Für {wofuer or ausdruck} fehlen Würfel: bitte würfeln lassen oder Augen eintippen."
        )
    if augen is not None and not (isinstance(augen, str) and not augen.strip()):
        return wurf(ausdruck, augen=augen)
    if rng is None:
        raise ValueError(f"Für {wofuer or ausdruck} wurden keine Augen eingetippt.")
    return wurf(ausdruck, rng=rng)


class Augen(NamedTuple):
    """Die Zahlen eines Wurfs (:func:`augen_wuerfeln`): alles, was Proben und Angriffe lesen."""

    summen: tuple[int, ...]
    """Je einzelnem Würfel die Summe seiner Kette (Explosionen eingeschlossen), in der
    Reihenfolge des Ausdrucks – wie ``[w.summe for w in Wurf.wuerfe]``."""
    gesamt: int
    """Wie ``Wurf.gesamt``: Summe samt Vorzeichen der Gruppen und Konstante."""
    konstante: int
    """Die Zahl des Ausdrucks (``2W6+1`` → 1)."""
    eingetippt: bool


@lru_cache(maxsize=256)
def _bauplan(ausdruck: str) -> tuple[int, tuple[tuple[int, bool, int], ...]]:
    """(Konstante, je Würfel (Seiten, explodierend, Vorzeichen)) eines Ausdrucks, gemerkt."""
    a = parse(ausdruck)
    return a.konstante, tuple((g.seiten, g.explodierend, g.vorzeichen) for g, _ in a.einzelwuerfel())


def augen_wuerfeln(ausdruck: str, *, rng: Any = None, augen: Any = None, wofuer: str = "") -> Augen:
    """:func:`wuerfeln`, aber nur die Zahlen (:class:`Augen`) statt eines ``Wurf``.

    Mit ``rng`` zieht es **dieselben** Zahlen in derselben Reihenfolge wie
    ``wuerfel.wurf(ausdruck, rng=rng)`` (je Würfel ``zufallszahl``, bei einer Höchstzahl eines
    explodierenden Würfels noch einmal), ohne für jeden Würfel ein Objekt zu bauen – der
    Ereignispfad würfelt so in jedem simulierten Angriff (Issue 10). Eingetippte Augen gehen
    über :func:`wuerfeln` (samt Prüfung und deutscher Meldung).

    >>> augen_wuerfeln("2W6+1", augen="3, 5")
    Augen(summen=(3, 5), gesamt=9, konstante=1, eingetippt=True)
    """
    if rng is not None and (augen is None or (isinstance(augen, str) and not augen.strip())):
        konstante, wuerfel = _bauplan(ausdruck)
        summen = []
        gesamt = konstante
        for seiten, explodierend, vorzeichen in wuerfel:
            summe = x = zufallszahl(rng, seiten)
            while explodierend and x == seiten:
                x = zufallszahl(rng, seiten)
                summe += x
            summen.append(summe)
            gesamt += vorzeichen * summe
        return Augen(tuple(summen), gesamt, konstante, False)
    w = wuerfeln(ausdruck, rng=rng, augen=augen, wofuer=wofuer)
    return Augen(tuple(x.summe for x in w.wuerfe), w.gesamt, w.ausdruck.konstante, w.eingetippt)


def probe(
    wert: int,
    *,
    rng: Any = None,
    augen: Any = None,
    kritschwelle: int | None = None,
    patzerschwelle: int | None = None,
    optionen: Optionen = STANDARD,
) -> Probe:
    """Wirft eine Probe (Wert + Prüfwurf) und bewertet sie.

    >>> probe(12, augen="14").gesamt
    26
    """
    w = augen_wuerfeln(optionen.probenwurf, rng=rng, augen=augen, wofuer="die Probe")
    return bewerte_probe(
        wert,
        w.gesamt,
        kritschwelle=kritschwelle,
        patzerschwelle=patzerschwelle,
        optionen=optionen,
        eingetippt=w.eingetippt,
    )
