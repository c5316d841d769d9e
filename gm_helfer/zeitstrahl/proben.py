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
from typing import Any

from gm_helfer.felder import ist_feld, nicht, und
from gm_helfer.wuerfel import Wurf, wurf

from .optionen import STANDARD, Optionen

__all__ = ["Probe", "bewerte_probe", "probe", "wuerfeln"]


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
    w = wuerfeln(optionen.probenwurf, rng=rng, augen=augen, wofuer="die Probe")
    return bewerte_probe(
        wert,
        w.gesamt,
        kritschwelle=kritschwelle,
        patzerschwelle=patzerschwelle,
        optionen=optionen,
        eingetippt=w.eingetippt,
    )
