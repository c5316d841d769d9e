"""Die Taktik der Zeitstrahl-Simulation und die Rangfolge der Verteidigungen – geteilt vom
Ereignispfad (:mod:`.simulation`) und der gebündelten Maschine (:mod:`.gebuendelt`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gm_helfer import simulation

from .kampf import STURZSCHWELLE, Kampf, Teilnehmer
from .vorschau import verteidigungs_wahlen

__all__ = ["STANDARD_TAKTIK", "VERTEIDIGUNGSWAHL", "WARTE_TICKS", "Taktik", "Taktiken"]


WARTE_TICKS = 2
"""Ticks, die ein Kämpfer ohne bereite Waffe mit Warten verbringt (Taktik, keine Regel)."""

VERTEIDIGUNGSWAHL = MappingProxyType({
    "beste": "die mit der kleinsten Trefferchance des Angreifers (Blocken nur mit Schild)",
    "ausweichen": "aktives Ausweichen, sonst passiv",
    "parade": "Parade mit der besten Waffe, sonst passiv",
    "passiv": "nur passives Ausweichen (nie reagieren)",
})
"""Wie sich das Ziel eines Angriffs verteidigt (Feld ``verteidigung`` der :class:`Taktik`).
Jede Wahl nimmt unter den erlaubten Verteidigungen ihrer Art **und** dem passiven Ausweichen
die mit der kleinsten exakten Trefferchance des Angreifers – aktiv nur, wenn das Ziel
reagieren darf."""

_ARTEN = {"beste": ("passiv", "ausweichen", "parade", "blocken"), "ausweichen": ("passiv", "ausweichen"),
          "parade": ("passiv", "parade"), "passiv": ("passiv",)}


@dataclass(frozen=True)
class Taktik:
    """Die wählbare Taktik der Zeitstrahl-Simulation (Vorgaben: die Standardtaktik der
    Moduldoku). Beide Treiber – gebündelt und Ereignispfad – spielen sie gleich."""

    ziel: str = field(default="schwaechster", metadata={"text": "Wen angreifen", "wahl": simulation.ZIELWAHL})
    """Schlüssel von :data:`gm_helfer.simulation.ZIELWAHL`; „verletzt“ heißt hier: wenige
    Lebenspunkte (Gleichstand: Reihenfolge der Bögen)."""
    verteidigung: str = field(default="beste", metadata={"text": "Verteidigung", "wahl": VERTEIDIGUNGSWAHL})
    """Schlüssel von :data:`VERTEIDIGUNGSWAHL`."""
    kontern: bool = field(default=True, metadata={"text": "Kontern, wenn erlaubt"})
    """„… ist ein sofortiger Gegenangriff möglich“ – möglich, nicht Pflicht."""

    def __post_init__(self) -> None:
        if self.ziel not in simulation.ZIELWAHL:
            raise ValueError(f"Unbekannte Zielwahl „{self.ziel}“ (möglich: {', '.join(simulation.ZIELWAHL)}).")
        if self.verteidigung not in VERTEIDIGUNGSWAHL:
            raise ValueError(f"Unbekannte Verteidigungswahl „{self.verteidigung}“ "
                             f"(möglich: {', '.join(VERTEIDIGUNGSWAHL)}).")


STANDARD_TAKTIK = Taktik()

Taktiken = Mapping[str, Taktik]
"""Partei → :class:`Taktik`; ``begegnung(…, taktik=…)`` nimmt auch so eine Zuordnung (etwa
die Helden parieren, die Feinde weichen nur passiv aus); fehlende Parteien spielen die
Vorgabe. Es zählt die Taktik der Partei dessen, der entscheidet: beim Ziel die des
Angreifers, bei der Verteidigung die des Ziels, beim Konter die des Konternden."""


_ZAEHLENDE_ZUSTAENDE = frozenset({"Position verschlechtert", STURZSCHWELLE})
"""Zustände, die in die Trefferchancen eingehen: „Position verschlechtert“ halbiert die
Verteidigung, die Sturzschwelle erhöht die Patzerschwelle des Angreifers."""


_KEINE: frozenset[str] = frozenset()


def _zaehlend(t: Teilnehmer) -> frozenset[str]:
    return frozenset(_ZAEHLENDE_ZUSTAENDE.intersection(t.zustaende))


def _erlaubt(t: Teilnehmer, art: str, waffe: int | None, taktik: Taktik) -> bool:
    """Taktik: nur Arten der Verteidigungswahl; geblockt wird nur mit einem Schild – mit einer
    Waffe droht der Bruch („Falls ja, bricht sie.“) oder das Entwaffnen, und Aufheben kennt
    die Bibliothek nicht."""
    if art not in _ARTEN[taktik.verteidigung]:
        return False
    return art != "blocken" or (waffe is not None and t.kaempfer.waffen[waffe].schild)


def _rangfolge(
    kampf: Kampf, angreifer: str, ziel: str, waffe: int, merker: dict[Any, Any],
    taktik: Taktik = STANDARD_TAKTIK,
) -> tuple[tuple[str, int | None], ...]:
    """Alle Verteidigungen des Ziels, die seine Waffen erlauben, nach der exakten
    Trefferchance des Angreifers (``vorschau.verteidigungs_wahlen``), dann nach Ticks.

    Die Chancen hängen nicht von Positionen oder Lebenspunkten ab, nur von den Werten,
    Verschiebungen und Waffen beider, den Optionen und den zwei Zuständen, die die Chancen
    lesen (:data:`_ZAEHLENDE_ZUSTAENDE`; Sturz und Blendung verrechnet der Text nicht).
    ``merker`` hält die Rangfolge darüber fest, damit viele Kämpfe nicht dieselben exakten
    Chancen neu rechnen."""
    a, z = kampf[angreifer], kampf[ziel]
    schluessel = (a.kaempfer, _zaehlend(a), a.verschiebung, waffe,
                  z.kaempfer, _zaehlend(z), z.verschiebung, z.waffen_status, kampf.optionen,
                  taktik.verteidigung)
    if schluessel not in merker:
        wahlen = [w for w in verteidigungs_wahlen(
                      kampf, angreifer, ziel, waffe, nur=lambda art, w: _erlaubt(z, art, w, taktik))
                  if w.chancen is not None]
        wahlen.sort(key=lambda w: (w.chancen.treffer, w.ticks))  # type: ignore[union-attr]
        merker[schluessel] = tuple((w.art, w.waffe) for w in wahlen)
    return merker[schluessel]
