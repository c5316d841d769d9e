"""Würfelschicht und Auswertung der Aloran-Proben: W10-Pool, Erfolge, Patzer, Meistertreffer.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › ERFOLGE (E), ATTACKE UND PARADE,
Patzer, Meistertreffer; Allgemeine Regeln › 4. Phase - Trefferwurf.

Die Würfelschicht (:func:`wuerfle_pool`, :func:`wuerfle_w`) ist der einzige Ort, an dem
Zufall eintritt: mit ``rng`` oder mit eingetippten Augen. Alles andere ist rein.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from gm_helfer import wuerfel as wuerfel_kern
from gm_helfer.fehler import RegelFehler
from gm_helfer.felder import maximum, wo
from gm_helfer.schnell import bauen, einmal_je_objekt
from gm_helfer.text import anzahl

from .daten import (
    ALTE_PATZER,
    ALTE_PATZER_ATTRIBUT,
    ALTE_PATZER_FERTIGKEIT,
    GRUNDSCHWIERIGKEIT,
    KATEGORIEN,
    MEISTER_W6,
    MEISTERSCHAFT_SCHWIERIGKEIT,
    MINDESTERFOLGE,
    PATZER_W6,
    ZONEN,
    AlterPatzer,
    W6Eintrag,
    Zone,
)
from .optionen import Optionen

MIN_SCHWIERIGKEIT = 2
MAX_SCHWIERIGKEIT = 10


class AloranFehler(RegelFehler):
    """Fehler mit deutscher Meldung (falsche Eingabe, unmöglicher Wert)."""


def pruefe_schwierigkeit(schwierigkeit: int) -> int:
    """Prüft eine Schwierigkeit (2 bis 10)."""
    if isinstance(schwierigkeit, bool) or not isinstance(schwierigkeit, int):
        raise AloranFehler(f"Die Schwierigkeit muss eine ganze Zahl sein, nicht „{schwierigkeit}“.")
    if not MIN_SCHWIERIGKEIT <= schwierigkeit <= MAX_SCHWIERIGKEIT:
        raise AloranFehler(
            f"Schwierigkeit {schwierigkeit} ist unmöglich: ein W10 braucht eine Schwierigkeit von 2 bis 10."
        )
    return schwierigkeit


def pruefe_anzahl(anzahl: int, was: str = "Würfelpool") -> int:
    """Prüft eine Würfelzahl (0 bis 40)."""
    if isinstance(anzahl, bool) or not isinstance(anzahl, int):
        raise AloranFehler(f"{was}: die Zahl der Würfel muss eine ganze Zahl sein, nicht „{anzahl}“.")
    if anzahl < 0:
        raise AloranFehler(f"{was}: {anzahl} Würfel gibt es nicht (mindestens 0).")
    if anzahl > 40:
        raise AloranFehler(f"{was}: {anzahl} Würfel sind zu viele (höchstens 40).")
    return anzahl


def schwierigkeit(stufe: int = 0, *, modifikator: int = 0, meisterschaft: bool = True) -> int:
    """Schwierigkeit einer Probe: Grundschwierigkeit 7, durch Meisterschaft gesenkt.

    SPIELABLAUF › Grundschwierigkeit: „Bei einem Talentwert von 4 Punkten in einer Waffen-
    oder Kampf-Spezialisierungen sinkt die Grundschwierigkeit auf 6 und bei einem
    Talentwert von 5 Punkten sinkt die Grundschwierigkeit auf 5.“ ``meisterschaft=False``
    für Proben ohne Waffen-/Kampf-Spezialisierung (z. B. Zauber). ``modifikator`` erschwert
    (positiv) oder erleichtert (negativ); das Ergebnis bleibt zwischen 2 und 10.

    >>> schwierigkeit(3), schwierigkeit(4), schwierigkeit(5), schwierigkeit(5, modifikator=-1)
    (7, 6, 5, 4)
    """
    grund = MEISTERSCHAFT_SCHWIERIGKEIT.get(stufe, GRUNDSCHWIERIGKEIT) if meisterschaft else GRUNDSCHWIERIGKEIT
    return max(MIN_SCHWIERIGKEIT, min(MAX_SCHWIERIGKEIT, grund + modifikator))


def wert_eines_wuerfels(auge: Any, schwierigkeit: Any) -> Any:
    """Was ein einzelner W10 zum Erfolg beiträgt: −1, 0, 1 oder 2 (elementweise für Felder).

    SPIELABLAUF › ERFOLGE: „Als Erfolg (E) gilt jeder Würfel, dessen geworfene Augenzahl
    größer oder gleich der … Schwierigkeit ist. … Eine Eins negiert jeweils einen Erfolg
    und eine 0 zählt doppelt.“ Ein Auge 0 (Auffüllung eines Feldes, „kein Würfel“) trägt 0 bei.
    Felder schlagen in der Tafel nach, die diese Funktion für jedes Auge und jede
    Schwierigkeit einmal berechnet hat (:data:`_WUERFELWERT`).
    """
    if isinstance(auge, np.ndarray) or isinstance(schwierigkeit, np.ndarray):
        return _WUERFELWERT[schwierigkeit, auge]
    if auge == 1:
        return -1
    if auge == 0 or auge < schwierigkeit:  # 0: kein Würfel (Auffüllung), auch bei Schwierigkeit 0
        return 0
    return 2 if auge == 10 else 1


_WUERFELWERT = np.array([[wert_eines_wuerfels(a, s) for a in range(11)] for s in range(MAX_SCHWIERIGKEIT + 1)])
"""``[schwierigkeit, auge]`` → :func:`wert_eines_wuerfels` (Auge 0 = kein Würfel)."""
_WUERFELWERT_ZEILEN = tuple(tuple(int(x) for x in zeile) for zeile in _WUERFELWERT)
"""Dieselbe Tafel als Tupel ganzer Zahlen (für einzelne Pools)."""


def netto_erfolge(augen: Any, schwierigkeit: Any) -> Any:
    """Netto-Erfolge eines Pools: Erfolge (10 doppelt) minus Einser, nie unter 0.

    Felder: ``augen`` hat die Würfel in der letzten Achse (kleinere Pools mit 0 aufgefüllt),
    ``schwierigkeit`` je Pool; heraus kommt ein Feld ohne die Würfelachse.

    >>> netto_erfolge((7, 3, 10, 1), 7)   # 7 = 1, 0 (=10) = 2, die 1 hebt einen auf
    2
    >>> netto_erfolge((1, 1, 8), 7)
    0
    >>> netto_erfolge(np.array([[7, 3, 10, 1], [1, 1, 8, 0]]), np.array([7, 7])).tolist()
    [2, 0]
    """
    if isinstance(augen, np.ndarray):
        return np.maximum(0, wert_eines_wuerfels(augen, np.asarray(schwierigkeit)[..., None]).sum(-1))
    pruefe_schwierigkeit(schwierigkeit)
    if augen and min(augen) >= 0 and max(augen) <= 10:
        # Augen eines W10: aus der Tafel von wert_eines_wuerfels (im Ereignispfad je Pool, Issue 10)
        return max(0, sum(map(_WUERFELWERT_ZEILEN[schwierigkeit].__getitem__, augen)))
    return max(0, sum(wert_eines_wuerfels(a, schwierigkeit) for a in augen))


def einser(augen: Any) -> Any:
    """Zahl der gewürfelten Einser (Felder: je Pool, Würfel in der letzten Achse)."""
    if isinstance(augen, np.ndarray):
        return (augen == 1).sum(-1)
    if type(augen) is tuple:
        return augen.count(1)
    return sum(1 for a in augen if a == 1)


def gelingt(netto: Any) -> Any:
    """„… erfolgreich …, wenn der Wurf mindestens zwei Erfolge aufweist.“"""
    return netto >= MINDESTERFOLGE


def patzerstufe(talentstufe: Any) -> Any:
    """Ab wie vielen Einsern gepatzt wird: die Talentstufe, mindestens 1 (elementweise für Felder).

    SPIELABLAUF › Patzer: „… wenn die Zahl der gewürfelten Einser den Wert der Stufe des
    genutzten Talents erreicht oder übersteigt.“ Lesart: Stufe 0 (ungeübt) patzt wie Stufe 1
    schon mit einer Eins – sonst patzte jeder Wurf ohne Einser.
    """
    if type(talentstufe) is int and talentstufe >= 0:
        return max(1, talentstufe)  # eine einzelne Stufe (je Probe im Ereignispfad, Issue 10)
    if not isinstance(talentstufe, np.ndarray) and (
            isinstance(talentstufe, bool) or not isinstance(talentstufe, int) or talentstufe < 0):
        raise AloranFehler(f"Talentstufe „{talentstufe}“ ist unmöglich (0 bis 5).")
    return maximum(1, talentstufe)


def ist_patzer(augen: Sequence[int], talentstufe: int) -> bool:
    """Patzer: Zahl der Einser ≥ Stufe des genutzten Talents.

    >>> ist_patzer((1, 1, 9), 2), ist_patzer((1, 9, 9), 2)
    (True, False)
    """
    return einser(augen) >= patzerstufe(talentstufe)


def meisterschwelle(talentstufe: Any) -> Any:
    """Erfolgsschwelle des Meistertreffers: 10 − Talentstufe (Tabelle „Beispiele“)."""
    return 10 - talentstufe


def ist_meistertreffer(netto: Any, talentstufe: Any, optionen: Optionen = Optionen()) -> Any:
    """Meistertreffer: Netto-Erfolge (vor dem Vergleich) über 10 − Talentstufe.

    SPIELABLAUF › Meistertreffer: „… wenn die Anzahl der Erfolge den Wert von 10 minus den
    Wert der Stufe des genutzten Talents überschreitet (Vor der Vergleichsrechnung!).“
    Option ``meistertreffer_ab_schwelle``: schon bei Gleichstand.

    >>> ist_meistertreffer(6, 4), ist_meistertreffer(7, 4)
    (False, True)
    """
    schwelle = meisterschwelle(talentstufe)
    return netto >= schwelle if optionen.meistertreffer_ab_schwelle else netto > schwelle


def kategorie(differenz: Any) -> Any:
    """Ergebnis des Vergleichswurfs aus „Angriffs-Erfolge − Verteidigungs-Erfolge“.

    SPIELABLAUF › Vergleichswurf: 0 verfehlt, 1 Streiftreffer, 2–3 Treffer, 4–5 schwerer
    Treffer, 6+ tödlicher Treffer (eine negative Differenz verfehlt ebenso). Felder: ein Feld
    der Namen (numpy-Text) aus der Tafel, die diese Funktion für 0…6 berechnet hat.

    >>> [kategorie(d) for d in (-2, 0, 1, 3, 4, 6)]
    ['verfehlt', 'verfehlt', 'streiftreffer', 'treffer', 'schwerer_treffer', 'toedlicher_treffer']
    >>> kategorie(np.array([0, 2, 5])).tolist()
    ['verfehlt', 'treffer', 'schwerer_treffer']
    """
    if isinstance(differenz, np.ndarray):
        # np.minimum/np.maximum statt np.clip: dasselbe, ohne dessen Prüfungen je Aufruf
        return _KATEGORIE_TAFEL[np.minimum(np.maximum(differenz, 0), 6)]
    if differenz <= 0:
        return "verfehlt"
    if differenz == 1:
        return "streiftreffer"
    if differenz <= 3:
        return "treffer"
    if differenz <= 5:
        return "schwerer_treffer"
    return "toedlicher_treffer"


_KATEGORIE_TAFEL = np.array([kategorie(d) for d in range(7)])
"""Differenz 0…6 (weniger wie 0, mehr wie 6) → :func:`kategorie`."""


def vergleich(angriff_netto: Any, verteidigung_netto: Any, optionen: Optionen = Optionen()) -> Any:
    """Vergleichswurf zweier Netto-Erfolge; mit Option ``angriff_braucht_zwei_erfolge``
    verfehlt ein Angriff unter 2 Erfolgen (elementweise für Felder)."""
    kat = kategorie(angriff_netto - verteidigung_netto)
    if optionen.angriff_braucht_zwei_erfolge:
        return wo(gelingt(angriff_netto), kat, "verfehlt")
    return kat


SCHADENSFAKTOR = {
    "verfehlt": Fraction(0),
    "streiftreffer": Fraction(1, 2),
    "treffer": Fraction(1),
    "schwerer_treffer": Fraction(2),
    "toedlicher_treffer": Fraction(3),
}
"""SPIELABLAUF › Vergleichswurf, Spalte „Schadenswirkung“."""


def schadensfaktor(kat: Any, optionen: Optionen = Optionen()) -> Any:
    """Faktor auf den Schaden; Option ``alte_schadenstabelle``: schwer/tödlich = 1.

    Felder (Namen aus :func:`kategorie`): die Faktoren als ``float`` (0, ½, 1, 2, 3 sind in
    ``float`` exakt)."""
    if isinstance(kat, np.ndarray):
        # je Eintrag die Stelle des Namens unter den sortierten Namen, dann der Faktor aus der Tafel
        # (statt eines Vergleichs je Kategorie über das ganze Feld; die gebündelte Simulation fragt
        # je Austausch)
        namen = kat if kat.dtype.kind == "U" else kat.astype(str)
        stelle = np.minimum(np.searchsorted(_KATEGORIEN_SORTIERT, namen), len(KATEGORIEN) - 1)
        unbekannt = _KATEGORIEN_SORTIERT[stelle] != kat
        if np.count_nonzero(unbekannt):
            raise AloranFehler(f"Unbekanntes Trefferergebnis „{kat[unbekannt][0]}“.")
        return _faktortafel(optionen)[stelle]
    if kat not in SCHADENSFAKTOR:
        raise AloranFehler(f"Unbekanntes Trefferergebnis „{kat}“.")
    if optionen.alte_schadenstabelle and kat in ("schwerer_treffer", "toedlicher_treffer"):
        return Fraction(1)
    return SCHADENSFAKTOR[kat]


_KATEGORIEN_SORTIERT = np.array(sorted(KATEGORIEN))
"""Die Namen der :data:`KATEGORIEN`, sortiert (für ``searchsorted``)."""


@lru_cache(maxsize=64)
def _faktortafel(optionen: Optionen) -> np.ndarray:
    """:func:`schadensfaktor` als ``float`` je Name in :data:`_KATEGORIEN_SORTIERT`."""
    tafel = np.array([float(schadensfaktor(str(k), optionen)) for k in _KATEGORIEN_SORTIERT])
    tafel.flags.writeable = False  # gemerkt: für alle Aufrufe dieselbe
    return tafel


def runden(wert: Any, optionen: Optionen = Optionen()) -> Any:
    """Halben Schaden runden: ab (Standard) oder auf (Option ``halbieren_aufrunden``).

    Felder: ``float``-Werte (Vielfache von ¼, also exakt) → ganze Zahlen."""
    if isinstance(wert, np.ndarray):
        return (np.ceil(wert) if optionen.halbieren_aufrunden else np.floor(wert)).astype(np.int64)
    return runden_bruch(wert.numerator, wert.denominator, optionen)


def runden_bruch(zaehler: int, nenner: int, optionen: Optionen = Optionen()) -> int:
    """:func:`runden` für den Bruch ``zaehler / nenner`` (ganze Zahlen, ``nenner`` > 0), ohne ``Fraction``.

    >>> runden_bruch(7, 2), runden_bruch(7, 2, Optionen(halbieren_aufrunden=True))
    (3, 4)
    """
    if optionen.halbieren_aufrunden:
        return -((-zaehler) // nenner)
    return zaehler // nenner


def trefferzone(w20: int) -> Zone:
    """Körperzone zum W20 (Allgemeine Regeln › 4. Phase › Trefferzonen-Tabelle).

    >>> trefferzone(20).name, trefferzone(15).name, trefferzone(1).name
    ('Kopf', 'Torso', 'Linkes Bein')
    """
    for zone in ZONEN:
        if zone.von <= w20 <= zone.bis:
            return zone
    raise AloranFehler(f"Ein W20 zeigt keine {w20} (möglich: 1 bis 20).")


def w6_eintrag(tabelle: Sequence[W6Eintrag], w6: int) -> W6Eintrag:
    """Zeile einer W6-Tabelle (Patzer oder Meistertreffer)."""
    for eintrag in tabelle:
        if eintrag.von <= w6 <= eintrag.bis:
            return eintrag
    raise AloranFehler(f"Ein W6 zeigt keine {w6} (möglich: 1 bis 6).")


def patzerfolge(w6: int) -> W6Eintrag:
    """SPIELABLAUF › Patzer: „In diesem Fall wird mit einem W6 die Schwere des Patzers bestimmt“."""
    return w6_eintrag(PATZER_W6, w6)


def meisterfolge(w6: int) -> W6Eintrag:
    """SPIELABLAUF › Meistertreffer: W6-Tabelle."""
    return w6_eintrag(MEISTER_W6, w6)


def alter_patzerwert(summe_3w6: int, fertigkeit: int, attribut: int) -> int:
    """Ältere Patzertabelle: 3W6 + Modifikator der Fertigkeit + Modifikator des Attributs.

    Allgemeine Regeln › Patzer: „… ihre hohen Werte den Patzerwurf modifizieren. Die Werte aus
    der unten stehenden Tabelle werden addiert“. Lesart: der Patzerwurf sind 3W6 (die Regel
    empfiehlt „3 sechsseitige Würfel“ und nennt W6 für „die Patzertabelle“).
    """
    if fertigkeit not in ALTE_PATZER_FERTIGKEIT or attribut not in ALTE_PATZER_ATTRIBUT:
        raise AloranFehler(f"Fertigkeit {fertigkeit} / Attribut {attribut} stehen nicht in der Patzertabelle.")
    return summe_3w6 + ALTE_PATZER_FERTIGKEIT[fertigkeit] + ALTE_PATZER_ATTRIBUT[attribut]


def alter_patzer(wert: int) -> AlterPatzer:
    """Zeile der älteren Patzertabelle zum modifizierten Wert."""
    for zeile in ALTE_PATZER:
        if zeile.bis is None or wert <= zeile.bis:
            return zeile
    raise AssertionError("unerreichbar")


# ---------------------------------------------------------------------------------------
# Würfelschicht
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Poolwurf:
    """Ein geworfener W10-Pool samt Auswertung (Augen 1–10; eine getippte 0 ist die 10)."""

    augen: tuple[int, ...]
    schwierigkeit: int
    eingetippt: bool = False

    @einmal_je_objekt
    def netto(self) -> int:
        return netto_erfolge(self.augen, self.schwierigkeit)

    @einmal_je_objekt
    def einser(self) -> int:
        return einser(self.augen)

    @property
    def gelingt(self) -> bool:
        return gelingt(self.netto)

    def __str__(self) -> str:
        gezeigt = " ".join("0" if a == 10 else str(a) for a in self.augen) or "–"
        return f"[{gezeigt}] gegen {self.schwierigkeit}: {anzahl(self.netto, 'Erfolg', 'Erfolge')}"


def augen_lesen(augen: Any, seiten: int, anzahl: int | None = None, was: str = "Wurf") -> tuple[int, ...]:
    """Eingetippte Augen lesen: Text (``"7 3 0"``, ``"7,3,0"``) oder Folge; prüft die Anzahl."""
    if isinstance(augen, str):
        teile = [t for t in re.split(r"[\s,;]+", augen.strip()) if t]
    elif isinstance(augen, int):
        teile = [augen]
    else:
        teile = list(augen)
    try:
        werte = tuple(wuerfel_kern.augenzahl(t, seiten) for t in teile)
    except wuerfel_kern.WuerfelFehler as fehler:
        raise AloranFehler(f"{was}: {fehler}") from None
    if anzahl is not None and len(werte) != anzahl:
        raise AloranFehler(
            f"{was}: {len(werte)} Augen eingetippt, aber {anzahl} W{seiten} geworfen – bitte jeden Würfel eintippen."
        )
    return werte


def wuerfle_pool(anzahl: int, schwierigkeit: int, *, rng: Any = None, augen: Any = None,
                 was: str = "Würfelpool") -> Poolwurf:
    """Wirft ``anzahl`` W10 gegen ``schwierigkeit`` – mit ``rng`` oder eingetippten ``augen``.

    >>> wuerfle_pool(3, 7, augen="7 0 1").netto
    2
    """
    pruefe_anzahl(anzahl, was)
    pruefe_schwierigkeit(schwierigkeit)
    if augen is not None and not (isinstance(augen, str) and not augen.strip() and anzahl > 0):
        return Poolwurf(augen_lesen(augen, 10, anzahl, was), schwierigkeit, eingetippt=True)
    if rng is None:
        raise AloranFehler(f"{was}: bitte die Augen eintippen oder würfeln lassen.")
    if type(rng) is random.Random:
        # der Ereignispfad wirft viele Pools (Issue 10; Test in test_proben.py): Netto-Erfolge und
        # Einser gleich dazu, wie Poolwurf.netto/.einser sie rechneten
        augen_ = tuple([wuerfel_kern.zufallszahl(rng, 10) for _ in range(anzahl)])
        return bauen(Poolwurf, {"augen": augen_, "schwierigkeit": schwierigkeit, "eingetippt": False,
                                "netto": max(0, sum(map(_WUERFELWERT_ZEILEN[schwierigkeit].__getitem__, augen_))),
                                "einser": augen_.count(1)})
    return Poolwurf(tuple(wuerfel_kern.zufallszahl(rng, 10) for _ in range(anzahl)), schwierigkeit)


def wuerfle_w(seiten: int, *, rng: Any = None, augen: Any = None, was: str = "Wurf") -> tuple[int, bool]:
    """Ein einzelner Würfel (W6, W20 …): ``(augen, eingetippt)``."""
    if augen is not None and not (isinstance(augen, str) and not augen.strip()):
        return augen_lesen(augen, seiten, 1, was)[0], True
    if rng is None:
        raise AloranFehler(f"{was}: bitte die Augen des W{seiten} eintippen oder würfeln lassen.")
    return wuerfel_kern.zufallszahl(rng, seiten), False


def wuerfle_ausdruck(ausdruck: str | wuerfel_kern.Ausdruck, *, rng: Any = None, augen: Any = None, was: str = "Schaden"):
    """Ein Würfelausdruck wie ``1W6+3`` über den Kern (:func:`gm_helfer.wuerfel.wurf`)."""
    if augen is not None and isinstance(augen, str) and not augen.strip():
        augen = None
    if augen is None and rng is None:
        raise AloranFehler(f"{was}: bitte die Augen ({ausdruck}) eintippen oder würfeln lassen.")
    try:
        return wuerfel_kern.wurf(ausdruck, rng=None if augen is not None else rng, augen=augen)
    except wuerfel_kern.WuerfelFehler as fehler:
        raise AloranFehler(f"{was}: {fehler}") from None
