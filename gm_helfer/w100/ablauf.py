"""Bausteine eines W100-Zugs ohne Oberfläche: Angriff würfeln (oder eingetippte Augen) und das
Ereignis bauen, Gegner nach Abstand, ein Schritt auf ein Ziel zu.

Regelschicht: die Notebook-Sitzung (:mod:`gm_helfer.w100.tisch.sitzung`, die diese Namen weiter
anbietet) und die Simulationen (:mod:`gm_helfer.w100.simulation`, :mod:`gm_helfer.w100.gebuendelt`)
benutzen dieselben Funktionen.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import je_objekt
from gm_helfer.w100.daten import AUSWEICHEN, KEINE_ABWEHR, PARADE
from gm_helfer.w100.kampf import Kampf, angriff_ereignis, angriff_planen, kampf_aus_dict
from gm_helfer.w100.optionen import W100Fehler
from gm_helfer.w100.wuerfe import schadenswurf, w100

__all__ = ["angriff", "gegner_der_reihe_nach", "schritt_punkt", "schritt_richtung", "start_aus_kopf"]


def start_aus_kopf(kopf: Mapping[str, Any]) -> Kampf:
    """Der Startzustand aus dem Protokollkopf (zum Fortsetzen)."""
    return kampf_aus_dict(kopf["start"])


def gegner_der_reihe_nach(kampf: Kampf) -> list[str]:
    """Die kampffähigen Gegner des Handelnden, die nächsten zuerst – der Anfang von :func:`ziele`."""
    if kampf.am_zug is None:
        return []
    return list(_gegner_reihe(kampf))


@je_objekt
def _gegner_reihe(kampf: Kampf) -> tuple[str, ...]:
    """:func:`gegner_der_reihe_nach` einmal je Zustand (Ziel des Zuges und Reihe fragen denselben; im Lagebild
    beginnen viele Kämpfe mit demselben Zustand, :func:`~gm_helfer.schnell.je_objekt`)."""
    return tuple(_nach_abstand(kampf, gegner=True))


def _nach_abstand(kampf: Kampf, *, gegner: bool) -> list[str]:
    """Die anderen Kampffähigen der Gegenseite (``gegner``) oder der eigenen Seite, die nächsten
    zuerst; bei gleichem Abstand in der Reihenfolge der Aufstellung."""
    a = kampf[kampf.am_zug]  # type: ignore[index]
    seite, position = a.seite, a.position
    andere = [k for k, steht in zip(kampf.kaempfer, kampf._stehend or kampf.kampffaehige())
              if steht and (k.seite != seite) is gegner and k is not a]
    if len(andere) > 1:
        andere.sort(key=lambda k: math.dist(position, k.position))  # abstand(a, k)
    return [k.name for k in andere]


def angriff(kampf: Kampf, ziel: str, waffe: str, *, modifikator: int = 0, abwehr: str = KEINE_ABWEHR,
            punkte: int = 0, rng: Any = None, w100_augen: str | None = None,
            schaden_augen: str | None = None, text: bool = True) -> Ereignis:
    """Würfeln (``rng``) oder eingetippte Augen übernehmen und das Angriffsereignis bauen.

    Eingetippt: ``w100_augen`` wie „89“ oder „00“ (= 100); ``schaden_augen`` die Augen der
    Schadenswürfel (bei 2W10 „7, 5“) – nur nötig, wenn der Angriff trifft; leer mit ``rng``
    würfelt das Programm den Schaden. Ohne ``w100_augen`` würfelt ``rng`` alles. ``text=False``:
    ohne Protokolltext (Simulation).
    """
    if kampf.am_zug is None:
        raise W100Fehler("Niemand ist am Zug.")
    if not ziel or not waffe:
        raise W100Fehler("Ziel und Waffe wählen.")
    modifikator, punkte = int(modifikator or 0), int(punkte or 0)
    # wie **abwehr_punkte(abwehr, punkte), ohne das Zwischen-dict (jeder simulierte Angriff kommt hier durch)
    plan = angriff_planen(kampf, kampf.am_zug, ziel, waffe, modifikator=modifikator,
                          flee=punkte if abwehr == AUSWEICHEN else 0, parade=punkte if abwehr == PARADE else 0)
    if rng is not None and not (w100_augen or "").strip():
        return angriff_ereignis(kampf, plan, w100(rng=rng), schadenswurf(plan.waffe.ausdruck, rng=rng), text=text)
    if not (w100_augen or "").strip():
        raise W100Fehler("Bitte den W100-Wurf eintippen (00 = 100).")
    wurf = w100(augen=w100_augen.strip())
    sw = None
    if (schaden_augen or "").strip():
        sw = schadenswurf(plan.waffe.schaden, augen=schaden_augen.strip())
    elif rng is not None:  # leer = das Programm würfelt den Schaden
        sw = schadenswurf(plan.waffe.ausdruck, rng=rng)
    return angriff_ereignis(kampf, plan, wurf, sw, text=text)


def schritt_richtung(kampf: Kampf, ziel: str, *, abstand: float = 1.0) -> tuple[float, float]:
    """Punkt, den der Handelnde mit einer Bewegung auf ``ziel`` zu erreicht (höchstens bis
    ``abstand`` Meter heran, höchstens so weit wie seine Bewegung; :func:`schritt_punkt`)."""
    if kampf.am_zug is None:
        raise W100Fehler("Niemand ist am Zug.")
    a, z = kampf[kampf.am_zug], kampf[ziel]
    # gemerkt nach den genauen Bits der Eingaben (auch −0,0 ≠ 0,0): schritt_punkt rechnet mit numpy,
    # für eine einzelne Bewegung teuer – und simulierte Kämpfe gehen immer wieder dieselben Schritte
    schluessel = struct.pack("6d", a.position[0], a.position[1], z.position[0], z.position[1], a.bewegung, abstand)
    punkt = _SCHRITTE.get(schluessel)
    if punkt is None:
        x, y = schritt_punkt(a.position[0], a.position[1], z.position[0], z.position[1], a.bewegung, abstand)
        punkt = (float(x), float(y))
        if len(_SCHRITTE) >= 4096:
            _SCHRITTE.clear()
        _SCHRITTE[schluessel] = punkt
    return punkt


_SCHRITTE: dict[bytes, tuple[float, float]] = {}
"""Zwischenspeicher von :func:`schritt_richtung` (Eingaben → Punkt; rein, darum ohne Ablauf)."""


def schritt_punkt(ax: Any, ay: Any, zx: Any, zy: Any, bewegung: Any, abstand: Any = 1.0) -> tuple[Any, Any]:
    """Wohin ein Schritt von (``ax``, ``ay``) auf (``zx``, ``zy``) zu führt: höchstens bis
    ``abstand`` Meter heran und höchstens ``bewegung`` Meter weit, auf Zentimeter gerundet.

    Zahlen oder numpy-Felder (elementweise; die gebündelte Simulation bewegt viele Kämpfe auf
    einmal). Wer schon nah genug steht, bleibt stehen.

    >>> schritt_punkt(0.0, 0.0, 10.0, 0.0, 6.0)
    (6.0, 0.0)
    """
    import numpy as np

    ax, ay, zx, zy = (np.asarray(v, dtype=float) for v in (ax, ay, zx, zy))
    dx, dy = zx - ax, zy - ay
    entfernung = np.hypot(dx, dy)
    bleibt = entfernung <= abstand
    teiler = np.where(bleibt, 1.0, entfernung)
    weg = np.minimum(bewegung, entfernung - abstand)
    anteil = np.floor(weg / teiler * 1e6) / 1e6

    def punkt(teil: Any) -> tuple[Any, Any]:
        return np.round(ax + dx * teil, 2), np.round(ay + dy * teil, 2)

    # Auf Zentimeter gerundet kann der Punkt die Bewegung um Bruchteile eines Zentimeters
    # überschreiten; dann ein Stück kürzer gehen, bis er wieder innerhalb liegt.
    x, y = punkt(anteil)
    zu_weit = ~bleibt & (anteil > 0) & (np.hypot(x - ax, y - ay) > bewegung)
    while zu_weit.any():
        anteil = np.where(zu_weit, np.maximum(0.0, anteil - 0.005 / teiler), anteil)
        nx, ny = punkt(anteil)
        x, y = np.where(zu_weit, nx, x), np.where(zu_weit, ny, y)
        zu_weit = zu_weit & (anteil > 0) & (np.hypot(x - ax, y - ay) > bewegung)
    x, y = np.where(bleibt, ax, x), np.where(bleibt, ay, y)
    if x.ndim == 0:
        return float(x), float(y)
    return x, y
