"""Tabellen aus der Aloran-Regel (``regeln/aloran.txt``) als Daten, in eigenen Worten.

Alle Tabellen sind unveränderlich (Tupel, frozen dataclasses). Die Überschriften der
Regel stehen jeweils im Kommentar, damit jede Zeile auf ihre Quelle zurückführbar ist.
"""

from __future__ import annotations

from dataclasses import dataclass

SYSTEM = "aloran"
"""Systemname für Bögen und Protokolle."""

REGEL = "Aloran"
"""Präfix für das ``regel``-Feld jedes Ereignisses."""

# --- SPIELABLAUF › ERFOLGE (E) › Grundschwierigkeit ---------------------------------
GRUNDSCHWIERIGKEIT = 7
"""„Die durchschnittliche Grundschwierigkeit (GS) liegt bei 7.“"""

MINDESTERFOLGE = 2
"""„Die Handlung ist dann erfolgreich durchgeführt, wenn der Wurf mindestens zwei Erfolge aufweist.“"""

MEISTERSCHAFT_SCHWIERIGKEIT = {4: 6, 5: 5}
"""„Bei einem Talentwert von 4 Punkten … sinkt die Grundschwierigkeit auf 6 und bei …
5 Punkten … auf 5.“ (nur Waffen- und Kampf-Spezialisierungen)"""

# --- SPIELABLAUF › ATTACKE UND PARADE › Kampfattribut / Waffen-Spezialisierung -------
SCHADENSARTEN = ("Hieb", "Wucht", "Stich", "Fern")

KAMPFATTRIBUT = {
    "Hieb": "athletik",
    "Wucht": "athletik",
    "Fern": "wahrnehmung",
    "Stich": "geschick",
}
"""„ATHLETIK = Hiebwaffen und Wuchtwaffen • WAHRNEHMUNG = Fernwaffen • GESCHICK = Stichwaffen“"""

WAFFEN_SPEZIALISIERUNGEN = {
    "faustwaffe": "Hieb",
    "schwert": "Hieb",
    "axt": "Hieb",
    "stab": "Hieb",
    "stangenwaffe": "Hieb",
    "saebel": "Hieb",
    "streitkolben": "Wucht",
    "hammer": "Wucht",
    "bogen": "Fern",
    "armbrust": "Fern",
    "wurfwaffe": "Fern",
    "dolch": "Stich",
    "degen": "Stich",
    "speer": "Stich",
}
"""„Schadensarten und Waffenspezialisierungen im Überblick“: Gattung → Schadensart."""

SPEZIALISIERUNG_ANZEIGE = {
    "faustwaffe": "Faustwaffe", "schwert": "Schwert", "axt": "Axt", "stab": "Stab",
    "stangenwaffe": "Stangenwaffe", "saebel": "Säbel", "streitkolben": "Streitkolben",
    "hammer": "Hammer", "bogen": "Bogen", "armbrust": "Armbrust", "wurfwaffe": "Wurfwaffe",
    "dolch": "Dolch", "degen": "Degen", "speer": "Speer", "faust": "Faust",
}

# --- SPIELABLAUF › Waffenloser Nahkampf ---------------------------------------------
WAFFENLOS = {"Ringen": "athletik", "Raufen": "geschick"}
"""„ATHLETIK Ringen … GESCHICK Raufen“; Ersatz für die Waffen-Spezialisierung ist „FAUST“."""

WAFFENLOS_SCHADEN = "1W6"
"""„… richten üblicherweise 1W6 Ausdauer-Verlust an.“"""

# --- SPIELABLAUF › ZAUBER-ATTACKE › Magieattribut ------------------------------------
MAGIEATTRIBUT = {"Zauberer": "mut", "Ritualist": "intuition", "Magier": "klugheit"}
"""„MUT = Zauberer-… • INTUITION = Ritualisten-… • KLUGHEIT = Magier-Spezialisierungen“"""

MAGIEKLASSEN = tuple(MAGIEATTRIBUT)

ZAUBERWIRKUNGEN = ("physisch", "geistig", "Paradezauber")
"""Wie ein Zauber wirkt. SPIELABLAUF › Verteidigungsaktion: ausweichen kann man „einer Attacke
oder einer Zauberattacke, welche physischen Schaden verursacht (z.B. „Feuerball“)“; mit
„WILLENSKRAFT“ „eine Zauber-Attacke (geistige Beeinflussung) abwehren“; Zauber-Spezialisierungen
„als „Paradezauber“ gekennzeichnet“ dienen der Abwehr."""

WILLENSKRAFT_ATTRIBUT = "mut"
"""Lesart: der Willenskraft-Pool ist MUT + WILLENSKRAFT (der Text nennt nur das Talent; jeder
Pool der Regel ist Attribut + Talent, und MUT ist das Attribut des Willens)."""

# --- SPIELABLAUF › Verteidigungsaktion / Bonusaktion: kostenpflichtige Spezialisierungen --
MANOEVER_ARTEN = ("Attacke", "Parade")
"""„Mit kostenpflichtigen Kampf-Spezialisierungen ist es möglich, verschiedene Abwehrmanöver
durchzuführen. Diese sind als „Parade“ gekennzeichnet.“ – die übrigen greifen an."""

# --- SPIELABLAUF › Kampf mit Schild ------------------------------------------------
SCHILDGROESSEN = ("kein", "klein", "mittel", "groß")


@dataclass(frozen=True)
class Schild:
    """Eine Zeile der Tabelle „Schilde“."""

    groesse: str
    erleichterung: int
    """„erleichterte Verteidigung“: so viel sinkt die Schwierigkeit der Verteidigung."""
    bewegungsabzug: int
    bonus_verteidigung: bool
    """„Das Tragen eines Schildes gewährt eine Bonus-Verteidigungsaktion.“"""


SCHILDE = {
    "kein": Schild("kein", 0, 0, False),
    "klein": Schild("klein", 0, 0, True),
    "mittel": Schild("mittel", 1, 1, True),
    "groß": Schild("groß", 2, 2, True),
}

# --- SPIELABLAUF › Bewegungsaktion -------------------------------------------------
BEWEGUNGSARTEN = ("normal", "Schleichen", "Klettern", "Schwimmen", "Kriechen", "Reiten")
BEWEGUNG_GRUNDWERT = 2
"""„GEWANDHEIT + Modifikatoren - Rüstungsbehinderung + 2 = BEWEGUNG“"""
SPURT_AUSDAUER = 6
"""„Spurt = Die Kampfaktion kann genutzt werden, um 6 Ausdauerpunkte in 1 Bewegungspunkt umzuwandeln.“"""

# --- Allgemeine Regeln › 4. Phase - Trefferwurf › Trefferzonen-Tabelle --------------


@dataclass(frozen=True)
class Zone:
    """Eine Körperzone der Trefferzonen-Tabelle (W20)."""

    schluessel: str
    name: str
    von: int
    bis: int
    wundschwellen: int = 3

    @property
    def flaechen(self) -> int:
        """Anzahl der W20-Seiten, die diese Zone treffen."""
        return self.bis - self.von + 1

    @property
    def am(self) -> str:
        """Die Zone mit Präposition im Dativ für Texte: „am rechten Bein“, „an der Lendengegend“."""
        return _ORT.get(self.schluessel, f"am {self.name}")


_ORT = {"lende": "an der Lendengegend", "bein_rechts": "am rechten Bein", "bein_links": "am linken Bein"}
"""Zonen, deren Dativ nicht „am“ + Name ist (die übrigen: „am Kopf“, „am Torso“ …)."""


ZONEN: tuple[Zone, ...] = (
    Zone("kopf", "Kopf", 19, 20),
    Zone("torso", "Torso", 15, 18),
    Zone("schwertarm", "Schwertarm", 12, 14),
    Zone("schildarm", "Schildarm", 9, 11),
    Zone("lende", "Lendengegend", 7, 8),
    Zone("bein_rechts", "Rechtes Bein", 4, 6),
    Zone("bein_links", "Linkes Bein", 1, 3),
)
ZONEN_SCHLUESSEL = tuple(z.schluessel for z in ZONEN)
LEBENSWICHTIGE_ZONEN = ("kopf", "torso")
"""„Das Überschreiten der Todesschwelle in Brust- oder Kopfregion sorgt ebenso für
augenblickliche Kampfunfähigkeit.“"""

# --- Allgemeine Regeln › 5. Phase - Schadenswurf › Verletzungstabelle ---------------


@dataclass(frozen=True)
class Wundstufe:
    """Eine Zeile der Wundtabellen: gilt bis ``KO × bis_ko`` Wunden (``None`` = darüber)."""

    bis_ko: int | None
    wuerfel_abzug: int
    """„NK / VT -n W10“: so viele Würfel weniger in Angriff und Verteidigung."""
    initiative_abzug: int
    schwere: str


WUNDSTUFEN: tuple[Wundstufe, ...] = (
    Wundstufe(0, 0, 0, "keine"),
    Wundstufe(1, 0, 0, "Leichte Verletzung"),
    Wundstufe(2, 1, 2, "Leichte Verletzung"),
    Wundstufe(3, 2, 4, "Schwere Verletzung"),
    Wundstufe(4, 2, 6, "Schwere Verletzung"),
    Wundstufe(5, 3, 8, "Tödliche Verletzung"),
    Wundstufe(None, 3, 10, "Tödliche Verletzung"),
)
"""Die primären Effekte sind in allen drei Wundtabellen gleich; nur der Text unterscheidet sich."""

WUNDTABELLE_ART = {"Stich": "Stich", "Fern": "Stich", "Hieb": "Hieb", "Wucht": "Wucht"}
"""Welche Wundtabelle eine Schadensart nutzt (Fernwaffen: Pfeile und Bolzen stechen – Lesart, s. docs/aloran.md)."""

WUNDTABELLEN_TITEL = {
    "Stich": "Stichwaffen: Tiefe Wunden",
    "Hieb": "Hiebwaffen: Offene Wunden",
    "Wucht": "Wuchtwaffen: Brüche / Quetschungen",
}

WUNDTEXTE = {
    "Stich": ("keiner", "harmlose Fleischwunde", "Fleischwunde", "leichter Nerven-/Muskelschaden",
              "Nerven-/Muskelschaden", "innere Blutungen", "schwere innere Blutungen"),
    "Hieb": ("keiner", "kleine Schnittwunde", "Schnittwunde", "große Schnittwunde",
             "bedrohlich große Schnittwunde", "mögliche Amputation", "Amputation"),
    "Wucht": ("keiner", "schmerzhafte Prellung", "Verstauchung", "Bruch", "schwerer Bruch",
              "offener Bruch / Organschäden", "komplexer Bruch / Organschäden"),
}

# --- SPIELABLAUF › Patzer / Meistertreffer (W6-Tabellen) -----------------------------


@dataclass(frozen=True)
class W6Eintrag:
    """Ein Ergebnis einer W6-Tabelle (Patzer oder Meistertreffer)."""

    von: int
    bis: int
    wirkung: str
    """Maschinenlesbar: "schaden", "beeintraechtigt", "bonusaktion"."""
    text: str


PATZER_W6: tuple[W6Eintrag, ...] = (
    W6Eintrag(1, 2, "schaden", "W6 Schaden erhalten (gestoßen, umgeknickt, gezerrt …)"),
    W6Eintrag(3, 4, "beeintraechtigt", "nächste Kampfaktion beeinträchtigt (gestürzt, entwaffnet …)"),
    W6Eintrag(5, 6, "bonusaktion", "der Gegner erhält eine sofortige Bonus-Kampfaktion"),
)

MEISTER_W6: tuple[W6Eintrag, ...] = (
    W6Eintrag(1, 2, "schaden", "W6 Bonus-Schaden beim Gegner (Schwachstelle getroffen …)"),
    W6Eintrag(3, 4, "beeintraechtigt", "nächste Kampfaktion des Gegners beeinträchtigt"),
    W6Eintrag(5, 6, "bonusaktion", "man erhält eine sofortige Bonus-Kampfaktion"),
)

# --- Allgemeine Regeln › 3. Phase › Patzer › Patzertabellen (ältere Tabelle, Option) --
ALTE_PATZER_FERTIGKEIT = {0: 3, 1: 1, 2: 0, 3: -1, 4: -2, 5: -3}
"""Modifikator nach Fertigkeitswert: improvisiert +3, Anfänger +1 … Großmeister -3."""
ALTE_PATZER_ATTRIBUT = {1: 2, 2: 1, 3: 0, 4: -1, 5: -2}
"""Modifikator nach Attributswert: ⚫️ +2 … ⚫️⚫️⚫️⚫️⚫️ -2."""


@dataclass(frozen=True)
class AlterPatzer:
    """Eine Zeile der älteren Patzertabelle (Wert = 3W6 + Modifikatoren)."""

    bis: int | None
    name: str
    text: str
    wirkung: str = "spielleiter"
    """Maschinenlesbar: "gunst", "bonusaktion", "keine", "selbstverletzt", "spielleiter"
    (nur ins Protokoll, der Spielleiter entscheidet) – dazu die Zahlen unten."""
    unparierbar: int = 0
    """So viele der nächsten Attacken gegen den Patzenden kann er nicht parieren („unparierbare“)."""
    aktionen_verloren: int = 0
    """So viele seiner nächsten Kampfaktionen gehen verloren („Aktion zur Kampfhaltung“, „zum Aufstehen“)."""


ALTE_PATZER: tuple[AlterPatzer, ...] = (
    AlterPatzer(1, "Gunst des Schicksals", "aus dem Patzer wird ein kritischer Erfolg", "gunst"),
    AlterPatzer(4, "Glücksfall", "Patzer abgewandt, man stolpert in eine Folgeaktion (1 Aktion mehr)",
                "bonusaktion"),
    AlterPatzer(7, "Abgewandt", "kein Patzer, die Aktion ist normal gescheitert", "keine"),
    AlterPatzer(10, "Selbstverletzt",
                "halber Waffenschaden ohne Bonus als Schaden; bei Höchstschaden Waffe fallengelassen",
                "selbstverletzt"),
    AlterPatzer(13, "Stolpern", "1 unparierbare Attacke, 1 Aktion für die Kampfhaltung", "stolpern", 1, 1),
    AlterPatzer(16, "Sturz", "2 unparierbare Attacken, 2 Aktionen zum Aufstehen", "sturz", 2, 2),
    AlterPatzer(19, "Schwerer Patzer", "höchste negative Folgen im Rahmen der Spielsituation"),
    AlterPatzer(None, "Schicksalsschlag", "katastrophale Folgen, womöglich für Begleiter; Todesgefahr"),
)
"""Allgemeine Regeln › Patzer › Patzertabellen: „Wert – Name – Auswirkung“."""

# --- Ergebnisse des Vergleichswurfs ---------------------------------------------------
KATEGORIEN = ("verfehlt", "streiftreffer", "treffer", "schwerer_treffer", "toedlicher_treffer")
KATEGORIE_ANZEIGE = {
    "verfehlt": "verfehlt",
    "streiftreffer": "Streiftreffer",
    "treffer": "Treffer",
    "schwerer_treffer": "schwerer Treffer",
    "toedlicher_treffer": "tödlicher Treffer",
}

AKTIONSARTEN = ("bewegung", "kampf", "verteidigung", "interaktion")
AKTION_ANZEIGE = {
    "bewegung": "Bewegung", "kampf": "Kampf", "verteidigung": "Verteidigung",
    "interaktion": "Interaktion", "zweitwaffe": "Zweitwaffe",
}
AKTION_NAME = {
    "bewegung": "Bewegungsaktion", "kampf": "Kampfaktion", "verteidigung": "Verteidigungsaktion",
    "interaktion": "Interaktion", "zweitwaffe": "Bonusaktion mit der Zweitwaffe",
}
"""Die Aktionen, wie die Regel sie nennt (SPIELABLAUF › AKTIONEN)."""
