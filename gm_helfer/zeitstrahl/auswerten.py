"""Bewertungsschicht des Angriffs für einen Wert und für ganze Felder (rein, ohne Zufall).

DESIGN.md, „Simulation: one rule, two drivers“: :func:`~gm_helfer.zeitstrahl.kampf.angriff_ereignis`
(Live-Kampf, Ereignispfad) und die gebündelte Maschine :mod:`gm_helfer.zeitstrahl.gebuendelt`
werten mit **diesen** Funktionen aus. Skalare hinein → Python-Skalare heraus, numpy-Felder
hinein → Felder derselben Form (über :mod:`gm_helfer.felder`).

Kritische Effekte stehen hier als ihre Nummer in den Tabellen „Kritische Erfolge beim Angriff“
bzw. „… beim Verteidigen“ (:data:`~gm_helfer.zeitstrahl.daten.KRIT_ANGRIFF`,
:data:`~gm_helfer.zeitstrahl.daten.KRIT_VERTEIDIGUNG`), 0 = kein Effekt.

>>> treffer_auswerten(False, False, True, 14, 14, kritisch_trifft_immer=False)
True
>>> import numpy as np
>>> treffer_auswerten(np.array([False, True]), False, True, 14, 10, kritisch_trifft_immer=False).tolist()
[True, False]
"""

from __future__ import annotations

from typing import Any

from gm_helfer.felder import maximum, nicht, oder, und, wo

from .daten import KRIT_ANGRIFF, KRIT_VERTEIDIGUNG
from .schaden import schadenspunkte

__all__ = [
    "ANGRIFF_EFFEKT",
    "VERTEIDIGUNG_EFFEKT",
    "abwehr_mit_folgen",
    "angriff_ticks_auswerten",
    "bruchtest_auswerten",
    "effekt_auswerten",
    "halbiert",
    "konter_vorsprung_erreicht",
    "konter_zeit_erlaubt",
    "nach_dem_fenster",
    "nur_sturz",
    "reaktions_position",
    "reaktions_ticks_auswerten",
    "selbst_dran",
    "startposition",
    "treffer_auswerten",
    "treffer_schadenspunkte",
]

ANGRIFF_EFFEKT = {schluessel: n for n, (schluessel, _) in KRIT_ANGRIFF.items()}
"""Schlüssel → Nummer der kritischen Angriffseffekte (``"tick_weniger"`` → 5 …)."""
VERTEIDIGUNG_EFFEKT = {schluessel: n for n, (schluessel, _) in KRIT_VERTEIDIGUNG.items()}
"""Schlüssel → Nummer der kritischen Verteidigungseffekte."""


def _gleich(a: Any, b: Any) -> Any:
    return a == b


def effekt_auswerten(wurf: Any, wahl: int) -> Any:
    """Der Effekt eines Krit-W6: „6 | Freie Wahl unter den Effekten“ → ``wahl``, sonst der Wurf."""
    return wo(_gleich(wurf, 6), wahl, wurf)


def startposition(schwierigkeit: Any, gesamt: Any) -> Any:
    """„… die negative Differenz zum gewünschten Ergebnis ist die Startposition“ (nie unter 0)."""
    return maximum(0, schwierigkeit - gesamt)


def selbst_dran(position: Any, jetzt: Any, angesagt: Any = False) -> Any:
    """„Man kann nicht zur selben Zeit agieren und reagieren“ – wer jetzt selbst dran ist und
    keine Reaktion angesagt hat, darf nicht reagieren."""
    return und(_gleich(position, jetzt), nicht(angesagt))


def nach_dem_fenster(position: Any, angriff_ende: Any, nur_im_fenster: bool) -> Any:
    """„… nur dann reagieren, wenn die gegnerische Aktion nicht vor Beginn der nächsten eigenen
    Aktion endet“: wahr, wenn der Angriff vor der nächsten eigenen Aktion endet."""
    return und(nur_im_fenster, position > angriff_ende)


def halbiert(wert: Any, verschlechtert: Any) -> Any:
    """„Position verschlechtern (halbe Verteidigung bis zur nächsten Aktion)“ (abgerundet)."""
    return wo(verschlechtert, wert // 2, wert)


def treffer_auswerten(
    patzer: Any, kritisch: Any, passiv: Any, angriff: Any, verteidigung: Any, *,
    kritisch_trifft_immer: bool,
) -> Any:
    """„Ist die Attacke gleich oder höher als die Verteidigung, hat der Angreifer getroffen“;
    ein Patzer trifft nie, ein kritischer Erfolg trifft passive Verteidigung immer („… immer
    treffen würde, falls dieser nichts dagegen unternimmt“), aktive nur mit der Option."""
    sicher = und(kritisch, oder(passiv, kritisch_trifft_immer))
    return und(nicht(patzer), oder(sicher, angriff >= verteidigung))


def angriff_ticks_auswerten(ticks: Any, effekt: Any, verteidigung_effekt: Any, mindest: int) -> Any:
    """Ticks des Angriffs: Effekt 5 „eine Zeiteinheit weniger für den Angriff“, kritische
    Verteidigung 4 „Der Angreifer benötigt eine Zeiteinheit mehr“; nie unter ``mindest``."""
    t = (ticks - _gleich(effekt, ANGRIFF_EFFEKT["tick_weniger"])
         + _gleich(verteidigung_effekt, VERTEIDIGUNG_EFFEKT["angreifer_tick_mehr"]))
    return maximum(mindest, t)


def reaktions_ticks_auswerten(ticks: Any, verteidigung_effekt: Any, passiv: Any, mindest: int) -> Any:
    """Ticks der Reaktion: kritische Verteidigung 5 „eine Zeiteinheit weniger für die
    Verteidigung“; aktive Verteidigung nie unter ``mindest``, passive kostet 0."""
    t = ticks - _gleich(verteidigung_effekt, VERTEIDIGUNG_EFFEKT["tick_weniger"])
    return wo(passiv, t, maximum(mindest, t))


def reaktions_position(position: Any, jetzt: Any, ticks: Any) -> Any:
    """Eine Reaktion schiebt die nächste eigene Aktion nach hinten: max(Position, jetzt) + Ticks."""
    return maximum(position, jetzt) + ticks


def abwehr_mit_folgen(treffer: Any, patzer: Any, mit_waffe: Any, blocken: Any, waffenlos: Any) -> Any:
    """Ob ein abgewehrter Angriff trotzdem Trefferpunkte würfelt: nach einem Block (Folgen
    für die Waffe) oder einer waffenlosen Abwehr („Der Schaden geht auf die entsprechenden
    Gliedmaßen.“) – nie nach einem Patzer des Angreifers."""
    return und(und(nicht(treffer), nicht(patzer)), und(mit_waffe, oder(blocken, waffenlos)))


def treffer_schadenspunkte(
    trefferpunkte: Any, ruestungsschutz: Any, *, konstante: Any = 0, bonus: Any = 0,
    empfindlich: Any = False, effekt: Any = 0, verteidigung_effekt: Any = 0,
    vor_ruestung: bool = False,
) -> Any:
    """Schadenspunkte eines Treffers: empfindlich ×2, kritischer Effekt 3 „Verdoppelt den
    Schaden“ ×2 (beide zusammen ×4), kritische Verteidigung 2 „Der Schaden wird halbiert“
    (abgerundet, nach der Rüstung); sonst :func:`~gm_helfer.zeitstrahl.schaden.schadenspunkte`."""
    faktor = (wo(empfindlich, 2, 1)
              * wo(_gleich(effekt, ANGRIFF_EFFEKT["schaden_doppelt"]), 2, 1))
    sp = schadenspunkte(trefferpunkte, ruestungsschutz, konstante=konstante, bonus=bonus,
                        faktor=faktor, vor_ruestung=vor_ruestung)
    return wo(_gleich(verteidigung_effekt, VERTEIDIGUNG_EFFEKT["schaden_halb"]), sp // 2, sp)


def nur_sturz(natuerlich: Any, patzerschwelle: Any, sturz_mit_patzertabelle: bool) -> Any:
    """Ein Patzer nur durch die erhöhte Sturz-Patzerschwelle (Wurf über der eigenen
    Patzerschwelle) hat die feste Folge „Sturz“ – außer mit ``sturz_mit_patzertabelle``."""
    return und(natuerlich > patzerschwelle, not sturz_mit_patzertabelle)


def bruchtest_auswerten(wurf: Any, stabilitaet: Any) -> tuple[Any, Any]:
    """Patzer 2: „Verringerung der Waffenstabilität um 1 und Bruchtest gegen den eigenen
    Trefferwurf“ → (neue Stabilität, gebrochen: Wurf > neue Stabilität)."""
    neu = stabilitaet - 1
    return neu, wurf > neu


def konter_vorsprung_erreicht(
    passiv: Any, treffer: Any, patzer: Any, verteidigung: Any, angriff: Any, *, vorsprung: int,
) -> Any:
    """„Bei einer gut gelungenen aktiven Verteidigung (3 besser als nötig)“: aktiv, nicht
    getroffen, kein Patzer des Angreifers, Verteidigung ≥ Angriff + 1 + ``vorsprung``."""
    return und(und(nicht(passiv), nicht(treffer)),
               und(nicht(patzer), verteidigung >= angriff + 1 + vorsprung))


def konter_zeit_erlaubt(position_verteidiger: Any, position_angreifer: Any, erlaubt: Any) -> Any:
    """„… sofern man keine Zeitdifferenz zum Angreifer aufweist“ (Spezialisierung: bis
    ``erlaubt`` Ticks)."""
    d = position_verteidiger - position_angreifer
    return maximum(d, -d) <= erlaubt

