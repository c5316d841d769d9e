"""Hausregeln und die ältere Lesart der Aloran-Regel als unveränderliches Optionsobjekt.

Der Abschnitt ``SPIELABLAUF`` gilt; wo er schweigt, ergänzt der ältere Abschnitt
``Allgemeine Regeln``; wo beide sich widersprechen, ist die ältere Lesart eine Option
(siehe ``docs/aloran.md``).
"""

from __future__ import annotations

from dataclasses import dataclass, fields


@dataclass(frozen=True)
class Optionen:
    """Optionen für einen Aloran-Kampf. Die Standardwerte sind die festgelegte Lesart."""

    alte_schadenstabelle: bool = False
    """Ältere Vergleichstabelle: schwerer und tödlicher Treffer machen nur normalen Schaden.

    Allgemeine Regeln › 3. Phase: „4-5 schwerer Treffer Schaden* / 6+ tödlicher Treffer
    Schaden*“ statt SPIELABLAUF „doppelter Schaden / dreifacher Schaden“."""

    angriff_braucht_zwei_erfolge: bool = False
    """Der Angriff trifft nur, wenn er selbst mindestens 2 Netto-Erfolge hat.

    SPIELABLAUF › ERFOLGE: „Die Handlung ist dann erfolgreich durchgeführt, wenn der Wurf
    mindestens zwei Erfolge aufweist.“ Standard: allein die Vergleichstabelle entscheidet."""

    meistertreffer_ab_schwelle: bool = False
    """Meistertreffer schon bei Erfolgen = 10 − Stufe (statt darüber).

    SPIELABLAUF › Meistertreffer: „… wenn die Anzahl der Erfolge den Wert von 10 minus den
    Wert der Stufe … überschreitet“, die Beispieltabelle nennt aber „ERFOLGSSCHWELLE 9“ für Stufe 1."""

    alte_patzertabelle: bool = False
    """Patzerfolgen nach der älteren Tabelle (3W6 + Modifikatoren) statt der W6-Tabelle.

    Allgemeine Regeln › Patzer: „Die Werte aus der unten stehenden Tabelle werden addiert“."""

    patzer_ist_misserfolg: bool = False
    """Ein Patzer lässt die Handlung scheitern (Angriff verfehlt, Parade zählt 0 Erfolge).

    SPIELABLAUF › Patzer: „Ein „Patzer“ ist ein besonderer Misserfolg …“. Standard: die
    Einser heben Erfolge auf, der Patzer bringt zusätzlich seine W6-Folge."""

    halbieren_aufrunden: bool = False
    """Halber Schaden (Streiftreffer, Zweitwaffe) wird aufgerundet statt abgerundet.

    SPIELABLAUF › Vergleichswurf: „1 Streiftreffer halber Schaden“ – die Regel sagt nicht, wie gerundet wird."""

    erschwernis_als_wuerfel: bool = False
    """Schild-Erleichterung und Angriff von hinten ändern die Würfelzahl statt der Schwierigkeit.

    SPIELABLAUF › Kampf mit Schild: „erleichterte Verteidigung -1“ und Gegnerausrichtung:
    „erschwert die Parade des Gegners um die halbe Stufe … GESCHICK des Angreifers“."""

    wehrlos_ohne_w10: bool = False
    """Wehrlosigkeit am Initiativewert ohne den W10 messen.

    Allgemeine Regeln › 6. Phase: „… dass seine Verletzungen seine Initiative auf 0 senken,
    ist er wehrlos.“ Standard: die gewürfelte Initiative, die den ganzen Kampf gilt."""

    freie_verteidigungswahl: bool = False
    """Jede Verteidigung gegen jeden Angriff (Standard: nach Art des Angriffs).

    SPIELABLAUF › Verteidigungsaktion: „STANDARD-PARADE … eine Attacke abzuwehren“, „GEWANDTHEIT
    … einer Attacke oder einer Zauberattacke, welche physischen Schaden verursacht …, auszuweichen“,
    „WILLENSKRAFT … eine Zauber-Attacke (geistige Beeinflussung) abzuwehren“. Standard: Zauber
    pariert man nicht mit der Waffe, geistige Zauber weicht man nicht aus."""

    faktor_nach_ruestung: bool = False
    """Erst die Rüstung abziehen, dann den Faktor der Vergleichstabelle anwenden.

    Allgemeine Regeln › 5. Phase: „Bei jedem Schaden wird zunächst der Rüstungswert des
    getroffenen Körperteils abgezogen“ und SPIELABLAUF › Vergleichswurf „halber / doppelter /
    dreifacher Schaden“ – die Reihenfolge nennt der Text nicht. Standard: (Wurf + Boni) × Faktor,
    dann minus Rüstung."""

    nacheinander_bei_gleicher_initiative: bool = False
    """Wer dieselbe Initiative hat, handelt nacheinander (jeder Wurf gegen den Stand nach dem vorigen).

    Allgemeine Regeln › 2. Phase: „Sollten mehrere Kombattanten über denselben Initiativewert
    verfügen, geschehen ihre Aktionen in der Regel gleichzeitig, d.h. alle ihre Würfelwürfe werden
    simultan ausgeführt.“ Standard: gleichzeitig – alle würfeln gegen den Stand vor dem Austausch,
    Wunden, Ausdauerverlust und Beeinträchtigungen gelten zusammen, wenn alle gehandelt haben."""

    def als_dict(self) -> dict[str, bool]:
        """Für den Kopf des Kampfprotokolls."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def aus_dict(cls, daten: dict | None) -> Optionen:
        """Liest ``als_dict`` zurück; unbekannte Schlüssel sind ein Fehler."""
        daten = dict(daten or {})
        bekannt = {f.name for f in fields(cls)}
        fremd = set(daten) - bekannt
        if fremd:
            raise ValueError(f"Unbekannte Aloran-Option(en): {', '.join(sorted(fremd))}.")
        return cls(**{k: bool(v) for k, v in daten.items()})


OPTION_TEXTE = {
    "alte_schadenstabelle": "Ältere Vergleichstabelle (schwer/tödlich = normaler Schaden)",
    "angriff_braucht_zwei_erfolge": "Angriff braucht selbst mindestens 2 Erfolge",
    "meistertreffer_ab_schwelle": "Meistertreffer schon bei Erfolgen = 10 − Stufe",
    "alte_patzertabelle": "Ältere Patzertabelle (3W6 + Modifikatoren)",
    "patzer_ist_misserfolg": "Patzer lässt die Handlung scheitern",
    "halbieren_aufrunden": "Halben Schaden aufrunden",
    "erschwernis_als_wuerfel": "Schild und Angriff von hinten als Würfel statt Schwierigkeit",
    "wehrlos_ohne_w10": "Wehrlos am Initiativewert ohne W10 messen",
    "freie_verteidigungswahl": "Jede Verteidigung gegen jeden Angriff (auch Parade gegen Zauber)",
    "faktor_nach_ruestung": "Faktor (halb/doppelt/dreifach) erst nach der Rüstung",
    "nacheinander_bei_gleicher_initiative": "Gleiche Initiative handelt nacheinander statt gleichzeitig",
}
"""Deutsche Beschriftung der Optionen für Notebooks."""
