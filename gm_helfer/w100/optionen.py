"""Kampfeinstellungen und Hausregeln für W100 als eingefrorenes Optionsobjekt.

Jede Option nennt den Satz aus ``regeln/w100.txt``, auf dem sie beruht. Die
Standardwerte sind die Lesarten aus ``DESIGN.md`` bzw. die in ``docs/w100.md``
begründeten Annahmen; die Alternativen sind die jeweils andere Lesart.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from gm_helfer.fehler import RegelFehler


class W100Fehler(RegelFehler):
    """Ungültige Eingabe im W100-Regelwerk (deutsche Meldung)."""


GESUNDHEITSMODELLE = ("lebenspunkte", "ohne")
KRIT_FOLGEN = ("faktor", "hoechstschaden", "ohne")
PATZER_FOLGEN = ("angriff", "angriffshandlung")


@dataclass(frozen=True)
class Optionen:
    """Einstellungen eines W100-Kampfes (pro Kampf umschaltbar)."""

    lucky_seven: bool = False
    """„Wird die optionale Regel ‚Lucky Seven‘ aus Würfel verwendet, zählt eine gewürfelte 77
    doppelt; erst danach kommt der Initiativebonus hinzu.“ (Initiative und Kampfrunde).
    Gilt für Initiative- und Angriffswürfe: eine natürliche 77 zählt 154."""

    grenze_streiftreffer: int = 75
    """„Die Grenzen können angepasst werden; üblicherweise gilt: unter 75 Misserfolg,
    75 bis 99 Streiftreffer, ab 100 Volltreffer.“ – untere Grenze des Streiftreffers."""

    grenze_volltreffer: int = 100
    """Untere Grenze des Volltreffers (gleicher Satz wie ``grenze_streiftreffer``)."""

    initiative_neu_wuerfeln: bool = False
    """„Ob eine gespeicherte Initiative-Reihenfolge automatisch erneut verwendet wird, hängt
    von der Einstellung des Kampfes ab.“ Standard: die zu Kampfbeginn gewürfelten Werte
    gelten in jeder Runde wieder; ``True``: jede Runde wird neu gewürfelt."""

    flee_voll_auffuellen: bool = True
    """„dabei werden zeitabhängige Effekte verarbeitet und Flee regeneriert“ – wie viel, sagt
    der Text nicht. Standard: Flee wird zu Rundenbeginn ganz aufgefüllt; ``False``: um den
    Bogenwert ``flee_regeneration`` (höchstens bis zum Maximum)."""

    parade_bis_rundenende: bool = True
    """„pariert es mit 20 Punkten Nahkampf-OB“ – zur Parade beiseitegelegte OB-Punkte stehen
    nicht zum Angreifen zur Verfügung. Wie lange, sagt der Text nicht. Standard: bis zum Ende
    der Kampfrunde; ``False``: nur bis zum Beginn des eigenen nächsten Zuges."""

    parade_gegen_fernkampf: bool = False
    """„eine angesagte Parade“ mit „Punkten Nahkampf-OB“ – Standard: nur Nahkampfangriffe
    lassen sich parieren; ``True``: auch Fernkampfangriffe."""

    parade_gegen_zauber: bool = False
    """„Bei Kampfzaubern gelten dieselben üblichen Treffergrenzen, aber teils andere Regeln für
    Verteidigung und Ausweichen“. Standard: Zauber lassen sich nicht parieren."""

    ausweichen_gegen_zauber: bool = True
    """Gleicher Satz wie ``parade_gegen_zauber``. Standard: Zaubern kann man mit Flee
    ausweichen; ``False``: auch Ausweichen hilft gegen Zauber nicht."""

    streiftreffer_aufrunden: bool = False
    """„Ein Streiftreffer verursacht nur die Hälfte des nach Panzerung berechneten Schadens.“
    Die Rundung nennt der Text nicht. Standard: abrunden; ``True``: aufrunden."""

    krit_vor_panzerung: bool = True
    """„Nur ein Volltreffer kann kritisch sein. Anschließend wird der Schaden berechnet und
    durch die passende Panzerung gemindert.“ Standard: der kritische Faktor der Waffe
    vervielfacht den gewürfelten Schaden vor der Panzerung; ``False``: erst nach ihr."""

    bewegungen_pro_zug: int = 1
    """„Welche und wie viele Handlungen du ausführen kannst, hängt von deinen Werten, Effekten
    und den Regeln der jeweiligen Handlung ab.“ Standard: eine Bewegungshandlung je Zug."""

    angriffshandlungen_pro_zug: int = 1
    """Gleicher Satz. Standard: eine Angriffshandlung je Zug; „Mehrere Angriffe mit
    ausgerüsteten Waffen können zu einer Angriffshandlung gehören“ – je Waffe ein Angriff."""

    kampfunfaehig_ab: int = 0
    """Das Gesundheitsmodell fehlt im Text („Solange noch kampffähige Beteiligte …“).
    Annahme: Lebenspunkte; wer auf diesen Wert oder darunter fällt, ist kampfunfähig."""

    gesundheit: str = "lebenspunkte"
    """Gesundheitsmodell (der Text hat keines; „Solange noch kampffähige Beteiligte …“).
    ``"lebenspunkte"`` (Standard): Schaden senkt die LP, bei ``kampfunfaehig_ab`` oder darunter
    ist man kampfunfähig. ``"ohne"``: das Programm zählt nur die LP; kampfunfähig wird niemand
    von selbst – der Spielleiter entscheidet (kein automatisches Kampfende, keine Simulation)."""

    krit_folge: str = "faktor"
    """„Nur ein Volltreffer kann kritisch sein. Anschließend wird der Schaden berechnet und durch
    die passende Panzerung gemindert.“ – was ein kritischer Treffer bewirkt, sagt der Text nicht.
    ``"faktor"`` (Standard): Schaden × ``krit_faktor`` der Waffe (vor oder nach der Panzerung,
    ``krit_vor_panzerung``); ``"hoechstschaden"``: die Schadenswürfel zählen ihr Maximum, dann
    die Panzerung; ``"ohne"``: der Treffer ist nur als kritisch markiert (Folgen setzt der
    Spielleiter als Effekt)."""

    patzer_folge: str = "angriff"
    """„Ein W100-Wurf im Patzerbereich lässt den Angriff unabhängig von seinem Angriffsbonus
    scheitern.“ – weitere Folgen nennt der Text nicht. ``"angriff"`` (Standard): nur dieser
    Angriff scheitert, weitere ausgerüstete Waffen dürfen in derselben Angriffshandlung noch
    angreifen; ``"angriffshandlung"``: der Patzer beendet die ganze Angriffshandlung."""

    def __post_init__(self) -> None:
        if self.grenze_streiftreffer > self.grenze_volltreffer:
            raise W100Fehler(
                f"Die Streiftreffer-Grenze ({self.grenze_streiftreffer}) darf nicht über der "
                f"Volltreffer-Grenze ({self.grenze_volltreffer}) liegen."
            )
        if self.bewegungen_pro_zug < 0 or self.angriffshandlungen_pro_zug < 0:
            raise W100Fehler("Die Zahl der Handlungen je Zug darf nicht negativ sein.")
        if self.gesundheit not in GESUNDHEITSMODELLE:
            raise W100Fehler(f"Unbekanntes Gesundheitsmodell „{self.gesundheit}“ "
                             f"(möglich: {', '.join(GESUNDHEITSMODELLE)}).")
        if self.krit_folge not in KRIT_FOLGEN:
            raise W100Fehler(f"Unbekannte Folge kritischer Treffer „{self.krit_folge}“ "
                             f"(möglich: {', '.join(KRIT_FOLGEN)}).")
        if self.patzer_folge not in PATZER_FOLGEN:
            raise W100Fehler(f"Unbekannte Patzerfolge „{self.patzer_folge}“ "
                             f"(möglich: {', '.join(PATZER_FOLGEN)}).")

    def als_dict(self) -> dict[str, Any]:
        """JSON-taugliche Darstellung (für den Protokollkopf)."""
        return asdict(self)

    @classmethod
    def aus_dict(cls, daten: Mapping[str, Any] | None) -> Optionen:
        """Umkehrung von :meth:`als_dict`; unbekannte Schlüssel sind ein Fehler."""
        daten = dict(daten or {})
        bekannt = {f.name for f in fields(cls)}
        fremd = sorted(set(daten) - bekannt)
        if fremd:
            raise W100Fehler(f"Unbekannte W100-Option(en): {', '.join(fremd)}")
        return cls(**daten)


__all__ = ["GESUNDHEITSMODELLE", "KRIT_FOLGEN", "Optionen", "PATZER_FOLGEN", "W100Fehler"]
