"""Tabellen des Kampfkapitels als Daten (in eigenen Worten).

Quelle der Modifikatoren: ``regeln/savage_worlds.txt``, Abschnitte „Angriffe“ (Beleuchtung,
Deckung), „Fernkampfangriffe“ (Reichweite), „Bewegung“ (Ducken, Kriechen, Springen),
„Mehrfachaktionen“. Die Verletzungstabelle (2W6 mit Untertabellen), gängige Waffen und
Rüstungen stehen im vollständigen Regelwerk; hier sind ihre Fakten in eigenen Worten
wiedergegeben (DESIGN.md, „Rule decisions already taken“).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

__all__ = [
    "JOKER_BONUS",
    "BELEUCHTUNG",
    "DECKUNG",
    "FREIE_AKTIONEN",
    "REICHWEITE",
    "RUESTUNGEN",
    "VERLETZUNGEN",
    "WAFFEN",
    "WUERFELSTUFEN",
    "Verletzung",
    "Waffe",
]

JOKER_BONUS = 2
"""Joker: „Außerdem erhält er in dieser Runde einen Bonus von +2 auf alle Eigenschaftsproben
und Schadenswürfe!“"""

WUERFELSTUFEN = (4, 6, 8, 10, 12)
"""Die Würfel, die eine Eigenschaft haben kann (W4 bis W12, darüber W12+1, W12+2, …)."""

REICHWEITE = MappingProxyType({"kurz": 0, "mittel": -2, "lang": -4})
"""Fernkampfangriffe › „Kurze Reichweite: -0, Mittlere Reichweite: -2, Lange Reichweite: -4“."""

BELEUCHTUNG = MappingProxyType({"hell": 0, "düster": -1, "dunkel": -2, "stockfinster": -4})
"""Angriffe › Beleuchtung: Düster −1, Dunkel −2 (Ziele über 10“ nicht auszumachen),
Stockfinster −4 (nur wenn der Angreifer grob weiß, wo das Ziel ist)."""

DECKUNG = MappingProxyType(
    {"keine": 0, "leicht": -1, "mittel": -2, "schwer": -4, "nahezu voll": -6}
)
"""Angriffe › Deckung: Leichte −1, Mittlere −2 („der übliche Abzug für auf dem Boden liegende
Ziele“), Schwere −4, Nahezu volle Deckung −6."""

FREIE_AKTIONEN = (
    "einen kurzen Satz oder zwei sprechen",
    "sich bis zur vollen Bewegungsweite bewegen",
    "sich auf den Boden werfen",
    "einer vergleichenden Probe widerstehen",
    "einen Gegenstand fallen lassen",
)
"""Mehrfachaktionen › Freie Aktionen: kosten keinen Mehrfachaktionsabzug."""


@dataclass(frozen=True)
class Verletzung:
    """Ein Eintrag der Verletzungstabelle (vollständiges Regelwerk, eigene Worte)."""

    name: str
    wirkung: str


_EINGEWEIDE = (
    Verletzung("Eingeweide – Gebrochen", "Geschicklichkeit sinkt um eine Würfelstufe (mindestens W4)."),
    Verletzung("Eingeweide – Gebrochen", "Geschicklichkeit sinkt um eine Würfelstufe (mindestens W4)."),
    Verletzung("Eingeweide – Lädiert", "Konstitution sinkt um eine Würfelstufe (mindestens W4)."),
    Verletzung("Eingeweide – Lädiert", "Konstitution sinkt um eine Würfelstufe (mindestens W4)."),
    Verletzung("Eingeweide – Zertrümmert", "Stärke sinkt um eine Würfelstufe (mindestens W4)."),
    Verletzung("Eingeweide – Zertrümmert", "Stärke sinkt um eine Würfelstufe (mindestens W4)."),
)
_KOPF = (
    Verletzung("Kopf – Entstellende Narbe", "Eine auffällige Narbe: Charisma −2."),
    Verletzung("Kopf – Entstellende Narbe", "Eine auffällige Narbe: Charisma −2."),
    Verletzung("Kopf – Entstellende Narbe", "Eine auffällige Narbe: Charisma −2."),
    Verletzung("Kopf – Geblendet",
               "Ein Auge ist verletzt (Handicap Einäugig); war es schon das letzte, ist der Charakter blind."),
    Verletzung("Kopf – Geblendet",
               "Ein Auge ist verletzt (Handicap Einäugig); war es schon das letzte, ist der Charakter blind."),
    Verletzung("Kopf – Hirnschaden", "Verstand sinkt um eine Würfelstufe (mindestens W4)."),
)

VERLETZUNGEN: MappingProxyType[int, Verletzung | tuple[Verletzung, ...]] = MappingProxyType(
    {
        2: Verletzung("Unaussprechliches", "Ein Treffer in den Unterleib: bleibt die Verletzung, kann der Charakter keine "
                      "Kinder zeugen oder bekommen; sonst vor allem Schmerz."),
        3: Verletzung("Arm", "Ein Arm (zufällig links oder rechts) ist nicht zu gebrauchen."),
        4: Verletzung("Arm", "Ein Arm (zufällig links oder rechts) ist nicht zu gebrauchen."),
        5: _EINGEWEIDE, 6: _EINGEWEIDE, 7: _EINGEWEIDE, 8: _EINGEWEIDE, 9: _EINGEWEIDE,
        10: Verletzung("Bein", "Der Charakter hinkt: Bewegungsweite −2 (mindestens 1), Sprintwürfel nur noch W4."),
        11: _KOPF,
        12: _KOPF,
    }
)
"""Verletzungstabelle: 2W6; bei Eingeweide (5–9) und Kopf (11–12) entscheidet ein weiterer W6
über die Untertabelle (Eintrag ``[w6 - 1]``)."""


@dataclass(frozen=True)
class Waffe:
    """Eine Waffe, wie sie auf einem Bogen steht."""

    name: str
    art: str
    """„Nahkampf“, „Fernkampf“ oder „Wurf“."""
    schaden: str
    """„St+W8“ (Stärke plus Waffenwürfel), „St“ (waffenlos) oder fester Schaden wie „2W6“."""
    kurz: int = 0
    mittel: int = 0
    lang: int = 0
    feuerrate: int = 1
    parade: int = 0
    """Paradebonus (z. B. Speer +1)."""
    unhandlich: bool = False
    """Ziehen verlangt eine Geschicklichkeitsprobe (Waffen bereitmachen)."""


WAFFEN: MappingProxyType[str, Waffe] = MappingProxyType(
    {
        w.name: w
        for w in (
            Waffe("Waffenlos", "Nahkampf", "St"),
            Waffe("Dolch", "Nahkampf", "St+W4"),
            Waffe("Keule", "Nahkampf", "St+W4"),
            Waffe("Kurzschwert", "Nahkampf", "St+W6"),
            Waffe("Axt", "Nahkampf", "St+W6"),
            Waffe("Langschwert", "Nahkampf", "St+W8"),
            Waffe("Streitaxt", "Nahkampf", "St+W10", unhandlich=True),
            Waffe("Speer", "Nahkampf", "St+W6", parade=1),
            Waffe("Wurfmesser", "Wurf", "St+W4", 3, 6, 12),
            Waffe("Wurfspeer", "Wurf", "St+W6", 3, 6, 12),
            Waffe("Bogen", "Fernkampf", "2W6", 12, 24, 48),
            Waffe("Armbrust", "Fernkampf", "2W6", 15, 30, 60, unhandlich=True),
            Waffe("Revolver", "Fernkampf", "2W6+1", 12, 24, 48),
            Waffe("Gewehr", "Fernkampf", "2W8", 24, 48, 96, unhandlich=True),
            Waffe("Maschinenpistole", "Fernkampf", "2W6", 12, 24, 48, feuerrate=3),
            Waffe("Biss", "Nahkampf", "St+W4"),
        )
    }
)
"""Gängige Waffen (Werte aus dem vollständigen Regelwerk)."""

RUESTUNGEN = MappingProxyType(
    {"keine": 0, "Lederrüstung": 1, "Kettenhemd": 2, "Plattenrüstung": 3, "Kevlarweste": 2}
)
"""Rüstungsbonus auf die Robustheit (vollständiges Regelwerk)."""
