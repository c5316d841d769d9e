"""Hausregel-Optionen für Zeitstrahl (eingefroren, je Kampf wählbar).

Jede Option nennt den Satz aus ``regeln/zeitstrahl.txt``, auf dem die Standardlesart
beruht; die Lesarten selbst stehen in ``docs/zeitstrahl.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

__all__ = ["GESUNDHEITSMODELLE", "Optionen", "STANDARD"]

GESUNDHEITSMODELLE = ("lebenspunkte", "ohne")
"""Wählbare Gesundheitsmodelle (``Optionen.gesundheit``)."""


@dataclass(frozen=True)
class Optionen:
    """Alle Hausregeln eines Zeitstrahl-Kampfes."""

    probe: str = "W20"
    """Prüfwurf einer Probe: ``"W20"`` (Standard) oder ``"2W10"`` (Summe).

    Regeltext, „Kritische Erfolge beim Verteidigen“: „Da nur Parade und Blocken überhaupt
    2 W10 benötigen …“ – der Text nennt sonst keinen Probenwürfel; DESIGN.md legt W20 fest,
    2W10 ist die Alternative."""

    kritschwelle: int = 20
    """Natürlicher Wurf ≥ Kritschwelle ist ein kritischer Erfolg („… oder die Kritschwelle
    verringern“, „Verschieben von Kampfwerten“)."""

    patzerschwelle: int | None = None
    """Natürlicher Wurf ≤ Patzerschwelle ist ein Patzer („erhöht seine Patzerschwelle von 1
    auf 9“, Herkulos-Beispiel). ``None`` = kleinster möglicher Wurf (1 beim W20, 2 bei 2W10)."""

    parade_mit_verteidigungsbonus: bool = True
    """Parade = Waffenprobe + Verteidigungsbonus, Blocken = Waffenprobe + doppelter Bonus
    („Beim Blocken wird der Verteidigungsbonus des Verteidigungsmittels verdoppelt.“).
    ``False``: die Parade ist die reine Waffenprobe („Die Schwierigkeit des Angreifers gegen
    eine Parade ist dabei das Ergebnis einer Waffenprobe des Verteidigers.“)."""

    kritisch_trifft_immer: bool = False
    """``False`` (Standard): ein kritischer Angriff trifft nur passive Verteidigung sicher
    („Ein Ausweichen, Parieren, Blocken oder andere Mittel der aktiven Verteidigung sind
    nach wie vor möglich.“). ``True``: er trifft auch gegen aktive Verteidigung."""

    reaktion_nur_im_fenster: bool = True
    """Reagieren nur, wenn die gegnerische Aktion nicht vor der eigenen nächsten Aktion
    endet („Des Weiteren kann man nur dann reagieren, wenn die gegnerische Aktion nicht vor
    Beginn der nächsten eigenen Aktion endet.“). ``False``: jeder darf reagieren."""

    konter_vorsprung: int = 3
    """Kontern, wenn die aktive Verteidigung so viel besser als nötig ist („Bei einer gut
    gelungenen aktiven Verteidigung (3 besser als nötig) …“)."""

    konter_erschwernis: int = 3
    """Erschwernis des Gegenangriffs („Dieser ist um 3 erschwert …“)."""

    konter_spezialisierung_beides: bool = False
    """„Spezialisierungen verringern eine Erschwernis oder erhöhen die erlaubte
    Zeitdifferenz.“ ``False`` (Standard): eine Spezialisierung tut eins von beiden – Art
    ``konter`` senkt die Erschwernis, Art ``konter_zeit`` erhöht die Zeitdifferenz. ``True``:
    eine ``konter``-Spezialisierung tut beides."""

    mindest_ticks: int = 1
    """Keine Aktion oder Reaktion dauert weniger Zeiteinheiten (der Text nennt keine
    Untergrenze für „Waffe −1“ und „eine weitere Zeiteinheit“ weniger)."""

    empfindlich_vor_ruestung: bool = False
    """``False``: bei empfindlichen Treffern werden die Schadenspunkte (nach Rüstung)
    verdoppelt („… der Schaden an dieser Position wird verdoppelt.“). ``True``: die
    Trefferpunkte werden vor dem Rüstungsabzug verdoppelt."""

    waffenlose_parade_je_wuerfel: bool = True
    """„waffenlose Paraden reduzieren die Trefferpunkte lediglich auf ¼“ – zuerst vierteln,
    dann die Rüstung („Trefferpunkte sind der Schaden vor Abzug von Schadensreduktionen“).
    ``True`` (Standard): jeder Trefferpunktewürfel wird geviertelt und die Rüstung von jedem
    Würfel abgezogen („… der Rüstungsschutz von jedem Trefferpunktewürfel abgezogen wird“).
    ``False``: die Summe der Trefferpunkte wird geviertelt, die Rüstung einmal abgezogen."""

    sturz_mit_patzertabelle: bool = False
    """Kritischer Effekt 4 „Erhöht bei dem Ziel die Patzerschwelle für einen Sturz um 5“: die
    nächste Probe des Ziels ist bis zur um 5 erhöhten Patzerschwelle ein Patzer. ``False``
    (Standard): ein Wurf nur im erhöhten Bereich ist ein Patzer mit der festen Folge „Sturz“
    (Tabelle „Patzer“, 3); ``True``: er würfelt wie jeder Patzer auf der Patzertabelle."""

    start_schwierigkeit: int = 25
    """Schwierigkeit der Kampferfahrungsprobe für die Startposition. Der Text nennt keine
    Zahl („… die negative Differenz zum gewünschten Ergebnis ist die Startposition“); 25 ist
    eine Annahme, je Partei verschiebbar („Umstände wie besonders furchterregende Gegner oder
    ein Überraschungsangriff können die Schwierigkeit … verschieben.“)."""

    kampfunfaehig_bei: int = 0
    """Gesundheitsmodell (der Text hat keines): bei Lebenspunkten ≤ diesem Wert ist man
    kampfunfähig."""

    gesundheit: str = "lebenspunkte"
    """Gesundheitsmodell. Der Text kennt nur Trefferpunkte und Schadenspunkte („Quasi brutto und
    netto Schaden“), keine Lebenspunkte und keine Kampfunfähigkeit. ``"lebenspunkte"``
    (Standard, Annahme): Schadenspunkte senken die Lebenspunkte, bei ≤ ``kampfunfaehig_bei`` ist
    man kampfunfähig. ``"ohne"``: das Programm zählt nur die Lebenspunkte; kampfunfähig wird
    niemand von selbst – der Spielleiter entscheidet (keine Simulation)."""

    gleichzeitig: bool = True
    """„Wenn mehrere Parteien gleichzeitig dran sind, finden deren Aktionen auch gleichzeitig
    statt.“ ``True`` (Standard): wer bei demselben Tick dran ist, handelt in einem Abtausch –
    jeder würfelt gegen den Stand vor dem Abtausch, die Ergebnisse kommen zusammen, und wer von
    einem gleichzeitigen Treffer kampfunfähig wird, führt seine Aktion trotzdem aus.
    ``False``: nacheinander (frühere Lesart) – wer zuerst handelt, dessen Ergebnis gilt schon
    für den Nächsten; wer vorher fällt, handelt nicht mehr."""

    def __post_init__(self) -> None:
        if self.gesundheit not in GESUNDHEITSMODELLE:
            raise ValueError(f"Unbekanntes Gesundheitsmodell „{self.gesundheit}“ "
                             f"(möglich: {', '.join(GESUNDHEITSMODELLE)}).")

    def mit(self, **aenderungen: object) -> Optionen:
        """Eine Kopie mit geänderten Feldern."""
        return replace(self, **aenderungen)  # type: ignore[arg-type]

    @property
    def probenwurf(self) -> str:
        """Würfelausdruck des Prüfwurfs."""
        if self.probe not in ("W20", "2W10"):
            raise ValueError(f"Unbekannter Probenwürfel „{self.probe}“ (erlaubt: W20, 2W10).")
        return self.probe

    @property
    def basis_patzerschwelle(self) -> int:
        """Patzerschwelle ohne Verschiebung."""
        if self.patzerschwelle is not None:
            return self.patzerschwelle
        return 2 if self.probenwurf == "2W10" else 1


STANDARD = Optionen()
