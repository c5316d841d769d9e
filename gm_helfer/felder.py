"""Regeln für einen Wert und für ein ganzes Feld von Werten – mit demselben Code.

DESIGN.md, „Simulation: one rule, two drivers“: die Auswerte-Schicht nimmt einzelne Zahlen
(Live-Kampf, Protokoll) oder numpy-Felder (gebündelte Simulation, viele Kämpfe auf einmal).
Die Hilfen hier verhalten sich wie ``np.where``, ``np.minimum`` und die logischen
Operatoren: Skalare hinein → gewöhnliche Python-Skalare heraus (schnell, JSON-tauglich),
Felder hinein → Felder derselben Form heraus.

>>> import numpy as np
>>> wo(3 > 2, "ja", "nein")
'ja'
>>> wo(np.array([1, 5]) > 2, 10, 0).tolist()
[0, 10]
>>> und(True, False), und(np.array([True, True]), np.array([True, False])).tolist()
(False, [True, False])

Dazu die einzige Zufallsquelle für Felder, :func:`explodierend` (Würfeln-Schicht: ein
``numpy.random.Generator`` wird übergeben, nie globaler Zufall), und :func:`generator`, der aus
einem ``random.Random`` einen solchen macht.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["explodierend", "flache_sicht", "generator", "ist_feld", "maximum", "minimum", "nicht", "oder", "und", "wo"]


_FELD = np.ndarray


def ist_feld(*werte: Any) -> bool:
    """Ob einer der Werte ein numpy-Feld ist."""
    return any(isinstance(w, _FELD) for w in werte)


# Die Prüfungen stehen ausgeschrieben statt über ist_feld: der Live-Kampf ruft diese Hilfen
# für jede Probe auf, dort zählt jeder Funktionsaufruf.


def wo(bedingung: Any, ja: Any, nein: Any) -> Any:
    """``ja if bedingung else nein`` – elementweise, wenn etwas davon ein Feld ist."""
    if isinstance(bedingung, _FELD) or isinstance(ja, _FELD) or isinstance(nein, _FELD):
        return np.where(bedingung, ja, nein)
    return ja if bedingung else nein


def und(a: Any, b: Any) -> Any:
    """Logisches Und (elementweise für Felder)."""
    if isinstance(a, _FELD) or isinstance(b, _FELD):
        return np.logical_and(a, b)
    return bool(a and b)


def oder(a: Any, b: Any) -> Any:
    """Logisches Oder (elementweise für Felder)."""
    if isinstance(a, _FELD) or isinstance(b, _FELD):
        return np.logical_or(a, b)
    return bool(a or b)


def nicht(a: Any) -> Any:
    """Logisches Nicht (elementweise für Felder)."""
    if isinstance(a, _FELD):
        return np.logical_not(a)
    return not a


def minimum(a: Any, b: Any) -> Any:
    """Das Kleinere (elementweise für Felder)."""
    if isinstance(a, _FELD) or isinstance(b, _FELD):
        return np.minimum(a, b)
    return min(a, b)


def maximum(a: Any, b: Any) -> Any:
    """Das Größere (elementweise für Felder)."""
    if isinstance(a, _FELD) or isinstance(b, _FELD):
        return np.maximum(a, b)
    return max(a, b)


def explodierend(rng: np.random.Generator, seiten: Any, *, explodiert: bool = True) -> np.ndarray:
    """Würfelt je Eintrag von ``seiten`` einen (explodierenden) Würfel und gibt die Summen
    der Ketten zurück – ohne Grenze für die Explosionen. Einträge mit 0 Seiten werfen
    nichts und ergeben 0.

    >>> rng = np.random.default_rng(1)
    >>> w = explodierend(rng, np.full(20000, 6))
    >>> bool(abs(w.mean() - 4.2) < 0.05)   # Erwartungswert eines W6!: 3,5 · 6/5 = 4,2
    True
    """
    seiten = np.asarray(seiten, dtype=np.int64)
    flach_seiten = seiten if seiten.ndim == 1 else seiten.reshape(-1)
    if flach_seiten.size <= _KLEIN:
        return _explodierend_klein(rng, flach_seiten, explodiert).reshape(seiten.shape)
    # gleichverteilt 1 … seiten: ⌊u · seiten⌋ + 1 mit u aus [0, 1) – schneller als
    # ``rng.integers`` mit einem Feld als Obergrenze
    flach = (rng.random(flach_seiten.size) * flach_seiten).astype(np.int64)
    flach += 1
    wuerfelt = flach_seiten > 0
    flach *= wuerfelt
    if explodiert:
        wuerfelt &= flach == flach_seiten
        offen = wuerfelt.nonzero()[0]
        while offen.size:
            s = flach_seiten[offen]
            wurf = (rng.random(offen.size) * s).astype(np.int64)
            wurf += 1
            flach[offen] += wurf
            offen = offen[wurf == s]
    return flach if seiten.ndim == 1 else flach.reshape(seiten.shape)


_KLEIN = 24
"""Bis zu so vielen Würfeln würfelt :func:`explodierend` mit Python-Zahlen statt numpy-Rechnungen
(:func:`_explodierend_klein`): die gebündelten Maschinen würfeln am Ende eines Laufs, wenn nur noch
wenige Kämpfe laufen, oft für eine Handvoll Einträge – dort kostet jede numpy-Rechnung mehr als
die Arbeit selbst (gemessen: bis etwa 30 Würfel ist das schneller)."""


def _explodierend_klein(rng: np.random.Generator, seiten: np.ndarray, explodiert: bool) -> np.ndarray:
    """:func:`explodierend` für ein flaches Feld weniger Würfel – dieselben Zahlen aus demselben
    Zufall: dieselben Ziehungen in derselben Reihenfolge (erst ein Wert je Würfel, dann je
    Explosionsrunde einer je noch explodierendem Würfel, nach Stelle geordnet) und dasselbe
    ⌊u · seiten⌋ + 1 in Gleitkomma."""
    s_liste = seiten.tolist()
    augen = [int(u * s) + 1 if s > 0 else 0 for u, s in zip(rng.random(len(s_liste)).tolist(), s_liste)]
    if explodiert:
        offen = [j for j, s in enumerate(s_liste) if s > 0 and augen[j] == s]
        while offen:
            weiter = []
            for j, u in zip(offen, rng.random(len(offen)).tolist()):
                s = s_liste[j]
                wurf = int(u * s) + 1
                augen[j] += wurf
                if wurf == s:
                    weiter.append(j)
            offen = weiter
    return np.array(augen, dtype=np.int64)


def flache_sicht(feld: np.ndarray, name: str = "", *, ganz: bool = False) -> np.ndarray:
    """Die flache Sicht (K · N, …) auf ein Feld (K, N, …) der gebündelten Maschinen – dieselben
    Daten, keine Kopie: ``sicht[kampf * N + i]`` ist ``feld[kampf, i]``; mit ``ganz`` jede Achse in
    einer (K · N · …,). numpy liest (``take``) und schreibt über einen flachen Index deutlich
    schneller als über ein Paar (Kämpfe, Kämpfer); wer sie nutzt, ändert das Feld danach nur an Ort
    und Stelle, nie durch ein neues.

    >>> f = np.zeros((2, 3), int)
    >>> flache_sicht(f)[1 * 3 + 2] = 7
    >>> int(f[1, 2])
    7
    """
    sicht = feld.reshape(-1) if ganz else feld.reshape(-1, *feld.shape[2:])
    if not np.shares_memory(sicht, feld):  # eine Kopie: Schreiben über die Sicht ginge verloren
        raise ValueError(f"Feld „{name}“ liegt nicht zusammenhängend im Speicher.")
    return sicht


def generator(rng: Any) -> np.random.Generator:
    """Ein numpy ``Generator`` aus ``rng``: derselbe, oder aus einem ``random.Random`` geseedet."""
    if isinstance(rng, np.random.Generator):
        return rng
    if hasattr(rng, "getrandbits"):
        return np.random.default_rng(rng.getrandbits(128))
    raise TypeError(f"rng muss random.Random oder ein numpy Generator sein, nicht {type(rng).__name__}.")
