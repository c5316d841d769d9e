"""Hausregeln für Savage Worlds – ein unveränderliches Optionsobjekt je Kampf.

Jede Option nennt den Satz der Regeltext-Datei ``regeln/savage_worlds.txt``, auf dem sie
beruht; der Standard ist die Lesart aus ``DESIGN.md`` (siehe ``docs/savage_worlds.md``).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

__all__ = ["Optionen"]


@dataclass(frozen=True)
class Optionen:
    """Hausregeln eines Kampfes. ``Optionen()`` ist das Regelwerk, wie es gelesen wird."""

    joker_fuer_verbuendete: bool = False
    """Joker: „Ein Charakter, der einen Joker zieht, … erhält … +2 auf alle Eigenschaftsproben
    und Schadenswürfe!“ – Standard: nur der Halter der Karte (bei einer Gruppe gleichartiger
    NSCs die ganze Gruppe). ``True``: auch die verbündeten Statisten, die auf der Karte ihres
    Spielers handeln, erhalten die +2."""

    wegstecken_beendet_angeschlagen: bool = False
    """Schaden wegstecken: „Falls auch nur eine einzige Wunde übrig bleibt, ist der Charakter
    dennoch Angeschlagen.“ – Standard: werden alle Wunden weggesteckt, hat der Angriff keine
    Wirkung; wer schon vorher Angeschlagen war, bleibt es. ``True``: wer alle Wunden
    wegsteckt, ist danach in jedem Fall nicht Angeschlagen."""

    erholung_erfolg_handelt: bool = False
    """Angeschlagen: „Erfolg: Der Charakter ist nicht länger Angeschlagen, kann aber in dieser
    Runde dennoch nur freie Aktionen ausführen.“ – Standard so. ``True``: wie in SWADE handelt
    er schon bei einem einfachen Erfolg normal."""

    sprintwuerfel_explodiert: bool = False
    """Sprinten: „Ein Charakter kann als Aktion zusätzliche 1W6“ sprinten“ – der Text sagt nicht,
    dass der Sprintwürfel explodiert; Standard: er explodiert nicht (er ist kein Schadenswurf
    und keine Eigenschaftsprobe). ``True``: er explodiert."""

    kritischer_fehlschlag_alle_wuerfel: bool = False
    """Kritischer Fehlschlag mit mehreren Eigenschaftswürfeln (Feuerrate, Blitzhieb). Der
    Regeltext regelt nur: „Nur ein Wildcard-Würfel pro Aktion … Der Wildcard-Würfel ersetzt
    entweder einen der normalen Fertigkeitswürfel oder er fällt weg“; DESIGN.md nennt den
    Einzelwurf („trait die and wild die both show a natural 1“). Standard: Wildcard-Würfel 1 und
    mindestens die Hälfte der Eigenschaftswürfel 1 (Lesart des vollständigen Regelwerks).
    ``True``: erst wenn alle Eigenschaftswürfel und der Wildcard-Würfel 1 zeigen (der Einzelwurf
    wörtlich auf jeden Würfel übertragen)."""

    heimlichkeit_je_treffer: bool = False
    """Blindes Feuer: „Sollte er treffen, darf das Ziel eine einfache Heimlichkeitsprobe ablegen,
    um den Angriff zu ignorieren (er geht schlicht daneben).“ – der Text sagt nicht, was bei
    mehreren Treffern einer Feuerrate gilt. Standard: eine Probe je Angriff und Ziel; gelingt sie,
    gehen alle Treffer dieses Angriffs auf dieses Ziel daneben. ``True``: eine Probe je Treffer."""

    wegstecken_einmal_je_angriff: bool = False
    """Schaden wegstecken › Timing: „Ein Charakter kann nur einmal pro Angriff Schaden
    wegstecken.“ – der Text sagt nicht, ob die Treffer einer Feuerrate (oder eines Blitzhiebs) ein
    Angriff sind. Standard: einmal je Schadenswurf („Wickele jeden Schadenswurf (einschließlich
    Schaden wegstecken) separat ab“). ``True``: einmal je Angriff – wer gegen einen Treffer einer
    Feuerrate Schaden weggesteckt hat, kann es gegen die übrigen Treffer desselben Angriffs nicht
    mehr (das Wiederholen der ersten Probe bleibt)."""

    aktion_anhaengen: bool = False
    """Mehrfachaktionen: „Daher muss ein Spieler bereits zu Beginn seiner Handlung festlegen, wie
    viele Aktionen er in dieser Runde ausführen möchte – es ist nicht möglich, noch eine Aktion
    „hinten dranzuhängen“.“ – Standard: so, die erste Aktion legt die Zahl fest. ``True``
    (Hausregel für schnelles Spiel): eine weitere Aktion darf angehängt werden; die Zahl der
    Aktionen folgt aus dem, was der Kämpfer in der Runde schon getan hat, und ab da trägt jede
    Probe −2 je zusätzlicher Aktion – schon gewürfelte Proben bleiben, wie sie fielen."""

    def als_dict(self) -> dict[str, Any]:
        """JSON-taugliche Form (für den Kopf des Kampfprotokolls)."""
        return asdict(self)

    @classmethod
    def aus_dict(cls, daten: dict[str, Any] | None) -> Optionen:
        """Gegenstück zu :meth:`als_dict`; unbekannte Schlüssel sind ein Fehler."""
        daten = dict(daten or {})
        bekannt = {f.name for f in fields(cls)}
        fremd = set(daten) - bekannt
        if fremd:
            raise ValueError(f"Unbekannte Savage-Worlds-Option(en): {', '.join(sorted(fremd))}.")
        return cls(**daten)
