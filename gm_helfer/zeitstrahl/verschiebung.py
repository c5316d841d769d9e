"""Verschieben von Kampfwerten (Regeltext ``regeln/zeitstrahl.txt``, „Verschieben von
Kampfwerten“).

„Attacke, Schaden oder Verteidigung lassen sich temporär erhöhen oder die Kritschwelle
verringern. Dazu muss für jeden Punkt Änderung die Attacke, der Schaden oder die
Verteidigung um insgesamt 3 Stufen verringert oder die Patzerschwelle um 3 Stufen erhöht
werden.“ – „Spezialisierungen verbessern das Verhältnis von 3:1 auf 2:1, 3:2, 4:3 etc.“
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_helfer.text import vorzeichen

__all__ = ["KEINE_VERSCHIEBUNG", "Verschiebung", "verhaeltnis", "pruefe_verschiebung", "kaufkraft"]


@dataclass(frozen=True)
class Verschiebung:
    """Eine Verschiebung; positive Zahlen sind Verbesserungen, negative Verschlechterungen.

    ``kritschwelle`` > 0 senkt die Kritschwelle (besser), ``patzerschwelle`` > 0 hebt die
    Patzerschwelle (schlechter, bringt Punkte)."""

    angriff: int = 0
    schaden: int = 0
    verteidigung: int = 0
    kritschwelle: int = 0
    patzerschwelle: int = 0
    krit_effekt: int | None = None
    """Bei gesenkter Kritschwelle der angesagte Effekt (1–6, Tabelle „Kritische Erfolge beim
    Angriff“): „Beim Erhöhen der Kritschwelle muss außerdem der Effekt … mit angegeben
    werden“."""

    @property
    def leer(self) -> bool:
        return not (self.angriff or self.schaden or self.verteidigung or self.kritschwelle
                    or self.patzerschwelle)

    @property
    def verbesserung(self) -> int:
        """Summe der gekauften Punkte."""
        return (max(self.angriff, 0) + max(self.schaden, 0) + max(self.verteidigung, 0)
                + max(self.kritschwelle, 0))

    @property
    def verschlechterung(self) -> int:
        """Summe der abgegebenen Stufen."""
        return (max(-self.angriff, 0) + max(-self.schaden, 0) + max(-self.verteidigung, 0)
                + max(self.patzerschwelle, 0))

    def als_dict(self) -> dict[str, int | None]:
        return {
            "angriff": self.angriff, "schaden": self.schaden, "verteidigung": self.verteidigung,
            "kritschwelle": self.kritschwelle, "patzerschwelle": self.patzerschwelle,
            "krit_effekt": self.krit_effekt,
        }

    @classmethod
    def aus_dict(cls, daten: dict | None) -> Verschiebung:
        if not daten and cls is Verschiebung:
            return KEINE_VERSCHIEBUNG  # jede eigene Aktion setzt die Verschiebung zurück: kein neues Objekt
        return cls(**(daten or {}))


KEINE_VERSCHIEBUNG = Verschiebung()
"""Die leere Verschiebung (Vorgabe jedes Teilnehmers; ``aus_dict({})`` gibt genau sie zurück)."""


def verhaeltnis(spezialisierung: int = 0) -> tuple[int, int]:
    """Kosten : Gewinn. Stufe 0 → 3:1, 1 → 2:1, 2 → 3:2, 3 → 4:3, n → (n+1):n."""
    if spezialisierung < 0:
        raise ValueError("Die Spezialisierungsstufe kann nicht negativ sein.")
    if spezialisierung == 0:
        return (3, 1)
    return (spezialisierung + 1, spezialisierung)


def kaufkraft(verschlechterung: int, spezialisierung: int = 0) -> int:
    """Wie viele Punkte ``verschlechterung`` Stufen kaufen (abgerundet)."""
    kosten, gewinn = verhaeltnis(spezialisierung)
    return verschlechterung * gewinn // kosten


def pruefe_verschiebung(
    v: Verschiebung,
    *,
    angriffswert: int,
    verteidigung: int,
    schaden_max: int | None = None,
    kritschwelle: int = 20,
    spezialisierung: int = 0,
) -> list[str]:
    """Alle Regelverstöße einer Verschiebung als deutsche Sätze (leer = erlaubt).

    Grenzen: Punkte reichen nach dem Verhältnis; „Werte können dabei nicht ins Negative
    verschoben werden und die Verschiebung der Kritschwelle kann nie größer sein als der
    Attacke-Wert.“ (Lesart: der Attacke-Wert vor der Verschiebung.) ``schaden_max`` ist der
    größte mögliche Trefferpunktewurf; der Schaden kann höchstens um ihn gesenkt werden.
    """
    fehler: list[str] = []
    if v.kritschwelle < 0:
        fehler.append("Die Kritschwelle lässt sich nur senken (Kritschwelle ≥ 0).")
    if v.patzerschwelle < 0:
        fehler.append("Die Patzerschwelle lässt sich nur erhöhen (Patzerschwelle ≥ 0).")
    kosten, gewinn = verhaeltnis(spezialisierung)
    if v.verbesserung * kosten > v.verschlechterung * gewinn:
        fehler.append(
            f"Zu wenig Punkte: {v.verbesserung} Punkte Verbesserung kosten "
            f"{-(-v.verbesserung * kosten // gewinn)} Stufen ({kosten}:{gewinn}), abgegeben "
            f"sind {v.verschlechterung}."
        )
    if angriffswert + v.angriff < 0:
        fehler.append(f"Die Attacke kann nicht unter 0 sinken ({angriffswert} {vorzeichen(v.angriff)}).")
    if verteidigung + v.verteidigung < 0:
        fehler.append(
            f"Die Verteidigung kann nicht unter 0 sinken ({verteidigung} {vorzeichen(v.verteidigung)})."
        )
    if schaden_max is not None and schaden_max + v.schaden < 0:
        fehler.append("Der Schaden kann nicht ins Negative verschoben werden.")
    if v.kritschwelle > angriffswert:
        fehler.append(
            f"Die Kritschwelle darf höchstens um den Attacke-Wert ({angriffswert}) sinken."
        )
    if kritschwelle - v.kritschwelle < 1:
        fehler.append("Die Kritschwelle kann nicht unter 1 sinken.")
    if v.kritschwelle > 0 and v.krit_effekt not in (1, 2, 3, 4, 5, 6):
        fehler.append(
            "Beim Senken der Kritschwelle muss der gewünschte kritische Effekt (1–6) "
            "angesagt werden."
        )
    return fehler
