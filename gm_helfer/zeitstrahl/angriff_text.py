"""Die Protokollzeilen eines Angriffs (rein: Werte hinein, deutscher Text heraus).

:func:`~gm_helfer.zeitstrahl.angriff.angriff_ereignis` würfelt, wertet mit
:mod:`gm_helfer.zeitstrahl.auswerten` aus und ruft diese Bausteine nur, wenn eine
Protokollzeile gewünscht ist (die Simulation spielt ohne Text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm_helfer.text import anzahl, aufzaehlung, dezimal, zahl

from .zustand import _NAMEN_VERTEIDIGUNG

__all__ = [
    "angriffs_zeile",
    "krit_zeile",
    "verteidigungs_zeilen",
    "unterbrechungs_zeile",
    "treffer_zeile",
    "waffenlos_zeile",
    "block_zeilen",
    "kampfunfaehig_zeile",
    "daneben_zeile",
    "patzer_zeile",
    "konter_zeile",
]


def angriffs_zeile(angreifer: str, ziel: str, waffe: str, wert: int, natuerlich: int,
                   gesamt: int, kritisch: bool, patzer: bool) -> str:
    """„Angreifer greift Ziel mit Waffe an: Wert+Wurf=Summe“ samt Krit/Patzer-Vermerk."""
    return (f"{angreifer} greift {ziel} mit {waffe} an: {wert}+{natuerlich}={gesamt}"
            + (" (kritisch)" if kritisch else "") + (" (Patzer)" if patzer else ""))


def krit_zeile(effekt_text: str) -> str:
    return f"Kritischer Effekt: {effekt_text}"


def verteidigungs_zeilen(ziel: str, art: str, gesamt: int,
                         v_krit: dict[str, Any] | None) -> list[str]:
    zeilen = [f"{ziel}: {_NAMEN_VERTEIDIGUNG[art]} {gesamt}"]
    if v_krit:
        zeilen.append(f"Kritische Verteidigung: {v_krit['text']}")
    return zeilen


def unterbrechungs_zeile(ziel: str, laufend: str) -> str:
    """„Alle anderen Arten der Verteidigung unterbrechen gegebenenfalls die aktuelle Aktion.“"""
    return f"{ziel} unterbricht „{laufend}“."


def treffer_zeile(zone: str, empfindlich: bool, trefferpunkte: Sequence[int], schutz: int,
                  schadenspunkte: int) -> str:
    return (f"Treffer {zone}{' (empfindlich)' if empfindlich else ''}: "
            f"Trefferpunkte {aufzaehlung(trefferpunkte)} − RS {schutz} je Würfel → "
            f"{anzahl(schadenspunkte, 'Schadenspunkt', 'Schadenspunkte')}")


def waffenlos_zeile(art: str, schadenspunkte: int, arm: str) -> str:
    return (f"Waffenlos {'pariert' if art == 'parade' else 'geblockt'}: "
            f"{anzahl(schadenspunkte, 'Schadenspunkt', 'Schadenspunkte')} am {arm}")


def block_zeilen(folgen: Any, trefferpunkte: int, haupt_name: str,
                 waffen: Sequence[Any], stabilitaet: Sequence[int]) -> list[str]:
    """Die Zeilen eines gelungenen Blocks (:class:`~gm_helfer.zeitstrahl.abwehr.BlockFolgen`)."""
    zeilen = []
    if folgen.entwaffnet:
        zeilen.append(f"Geblockt, aber {trefferpunkte} > Stärke×{dezimal(folgen.faktor)} "
                      f"({dezimal(folgen.grenze)}): {haupt_name} fliegt aus der Hand!")
    for idx, last, folge in folgen.teile:
        name, stab = waffen[idx].name, stabilitaet[idx]
        if folge == "gebrochen":
            zeilen.append(f"Geblockt: {last} > Stabilität {stab} – {name} bricht!")
        elif folge == "beschaedigt":
            zeilen.append(f"Geblockt: {last} > halbe Stabilität – {name} "
                          f"Stabilität {stab}→{stab - 1}")
        else:
            zeilen.append(f"Geblockt: {name} hält ({last} Trefferpunkte).")
    return zeilen


def kampfunfaehig_zeile(ziel: str, lebenspunkte: int) -> str:
    return f"{ziel} ist kampfunfähig (Lebenspunkte {zahl(lebenspunkte)})."


def daneben_zeile(art: str, angriff_gepatzt: bool) -> str:
    return "Daneben." if art != "blocken" or angriff_gepatzt else "Abgewehrt."


def patzer_zeile(wer: str, folge: str) -> str:
    return f"Patzer von {wer}: {folge}"


def konter_zeile(ziel: str, erlaubt: bool, erschwernis: int, position_ziel: int | None,
                 position_angreifer: int) -> str:
    if erlaubt:
        return f"{ziel} darf sofort kontern (um {erschwernis} erschwert)."
    return (f"{ziel} wehrt glänzend ab, aber die Zeitdifferenz ({position_ziel} gegen "
            f"{position_angreifer}) verhindert einen Konter.")
