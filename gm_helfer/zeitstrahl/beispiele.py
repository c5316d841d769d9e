"""Vorgerechnete Beispiele für das Lern-Notebook – mit festen, eingetippten Würfeln.

Alle Schritte laufen durch dieselben Ereignis-Bauer und dasselbe ``anwenden`` wie im
Live-Spiel; nur die Augen stehen fest, damit der Text zum Beispiel passt.
"""

from __future__ import annotations

from gm_helfer.protokoll import Verlauf

from .kampf import (
    Kaempfer,
    Kampf,
    Waffe,
    angriff_ereignis,
    ansage_ereignis,
    ansage_verfallen_ereignis,
    anwenden,
    neuer_kampf,
    start_ereignis,
)
from .schaden import Schicht
from .verschiebung import Verschiebung

__all__ = ["HERKULOS", "GEGNER", "RUESTUNGEN", "beispiel_verlauf"]

HERKULOS = Kaempfer(
    "Herkulos", "Helden", kampferfahrung=10, staerke=12, groesse=0, lebenspunkte=30,
    fertigkeiten=(("nahkampf", 12), ("fernkampf", 5), ("waffenlos", 8)),
    waffen=(Waffe("Stachelkeule", "nahkampf", 4, "3W4", 1, 12),),
)
"""Herkulos aus dem Regeltext: Nahkampf 12, Verteidigung 10, Waffe mit 3W4."""

GEGNER = Kaempfer(
    "Söldner", "Feinde", kampferfahrung=10, staerke=12, groesse=0, lebenspunkte=24,
    fertigkeiten=(("nahkampf", 11), ("fernkampf", 7), ("waffenlos", 6)),
    waffen=(Waffe("Langschwert", "nahkampf", 4, "2W6", 2, 12),),
    ruestung=(Schicht("Kettenhemd", 4, 2),),
)
"""Der Gegner im Kettenhemd (Rüstungsschutz 4) aus dem Herkulos-Beispiel."""

RUESTUNGEN = {
    "Plattenpanzer": Schicht("Plattenpanzer", 5, 3),
    "Kettenhemd": Schicht("Kettenhemd", 4, 2),
    "Lederwams": Schicht("Lederwams", 2, 1),
    "Gambeson": Schicht("Gambeson", 1, 1),
}
"""Rüstungsschichten zum Ausprobieren (Werte sind Beispiele, nicht aus dem Regeltext)."""


def beispiel_verlauf() -> Verlauf[Kampf]:
    """Herkulos gegen den Söldner, Schritt für Schritt (ohne Datei)."""
    v: Verlauf[Kampf] = Verlauf(neuer_kampf([HERKULOS, GEGNER]), anwenden, system="zeitstrahl")
    # Start: Schwierigkeit 25; Herkulos 10 + 13 = 23 → Tick 2, Söldner 10 + 15 = 25 → Tick 0
    v.ausfuehren(start_ereignis(v.zustand, 25, augen={"Herkulos": "13", "Söldner": "15"}))
    # Tick 0: der Söldner schlägt zu, Herkulos (Tick 2 ≤ 0 + 4) pariert mit der Keule
    v.ausfuehren(angriff_ereignis(v.zustand, "Söldner", "Herkulos", 0, "parade",
                                  verteidigungs_waffe=0, augen={"angriff": "9", "verteidigung": "11"}))
    # Herkulos ist nach der Parade (Keule 4 − 1 = 3 Ticks) bei 5, der Söldner bei 4.
    # Tick 4: der Söldner greift erneut an, Herkulos bleibt passiv (Verteidigung 10)
    v.ausfuehren(angriff_ereignis(v.zustand, "Söldner", "Herkulos", 0,
                                  augen={"angriff": "6", "zone": "2 3", "schaden": "5 2"}))
    # Tick 5: Herkulos wagt alles – Verteidigung 0, Patzerschwelle 9, Kritschwelle 14
    v.ausfuehren(angriff_ereignis(
        v.zustand, "Herkulos", "Söldner", 0,
        verschiebung=Verschiebung(verteidigung=-10, patzerschwelle=8, kritschwelle=6, krit_effekt=2),
        augen={"angriff": "16", "zone": "4 4", "schaden": "4 3 3"}))
    # Tick 8: der Söldner sagt eine Reaktion an – doch bei Tick 8 greift niemand an
    v.ausfuehren(ansage_ereignis(v.zustand, "Söldner"))
    v.ausfuehren(ansage_verfallen_ereignis(v.zustand, "Söldner"))
    return v
