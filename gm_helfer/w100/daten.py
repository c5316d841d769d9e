"""Feste Begriffe und Tabellen des W100-Systems als Daten.

Quelle: ``regeln/w100.txt`` (Abschnitte „Initiative und Kampfrunde“ und
„Angriff und Verteidigung“). Was der Text offen lässt (Schadensarten, Waffenarten,
Patzer- und Kritisch-Standardwerte), ist hier als begründete Annahme festgelegt und in
``docs/w100.md`` beschrieben.
"""

from __future__ import annotations

SYSTEM = "w100"

#: Abzug an Initiative nach jedem Zug („Nach ihrem Zug sinkt ihre Initiative um 100 Punkte.“)
INITIATIVE_KOSTEN = 100

#: Länge einer Kampfrunde in Sekunden („Eine Runde entspricht 3 Sekunden Kampfzeit“).
RUNDE_SEKUNDEN = 3

#: Lucky Seven: diese natürliche Augenzahl zählt doppelt.
LUCKY_SEVEN = 77

#: Trefferstufen, von schlecht nach gut.
PATZER = "patzer"
MISSERFOLG = "misserfolg"
STREIFTREFFER = "streiftreffer"
VOLLTREFFER = "volltreffer"
STUFEN = (PATZER, MISSERFOLG, STREIFTREFFER, VOLLTREFFER)

#: Anzeige-Namen der Trefferstufen (deutsch, wie am Spieltisch).
STUFEN_TEXT = {
    PATZER: "Fehlschlag (Patzer)",
    MISSERFOLG: "Misserfolg",
    STREIFTREFFER: "Streiftreffer",
    VOLLTREFFER: "Volltreffer",
}

#: Waffenarten. Ein Katalysator wirkt Zauber mit der Zaubermacht gegen den magischen DB.
NAHKAMPF = "nahkampf"
FERNKAMPF = "fernkampf"
KATALYSATOR = "katalysator"
WAFFENARTEN = (NAHKAMPF, FERNKAMPF, KATALYSATOR)

#: Schadensarten; je Art trägt ein Bogen einen Panzerungswert (Annahme, s. docs/w100.md).
SCHADENSARTEN = ("schnitt", "stich", "wucht", "feuer", "frost", "blitz", "arkan")

#: Wie ein Volltreffer kritisch wird (Annahme, s. docs/w100.md):
#: "wurf" – natürlicher Wurf ≥ krit_wert; "ergebnis" – Ergebnis nach Abwehr ≥ krit_wert;
#: "keine" – diese Waffe trifft nie kritisch.
KRIT_ARTEN = ("wurf", "ergebnis", "keine")

#: Abwehrarten gegen einen Angriff („Beide Abwehrarten werden nicht für denselben Angriff addiert.“)
KEINE_ABWEHR = "keine"
AUSWEICHEN = "ausweichen"
PARADE = "parade"
ABWEHRARTEN = (KEINE_ABWEHR, AUSWEICHEN, PARADE)

SEITEN = ("helden", "gegner")

#: Regelverweise für Ereignisse und Docstrings.
REGEL_INITIATIVE = "W100 › Initiative und Kampfrunde"
REGEL_HANDLUNGEN = "W100 › Handlungen und Positionierung"
REGEL_ANGRIFF = "W100 › Angriff und Verteidigung"
REGEL_KAMPF = "W100 › Kampf"
