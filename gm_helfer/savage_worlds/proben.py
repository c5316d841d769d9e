"""Eigenschaftsproben: Würfeln (mit ``rng`` oder eingetippten Augen) und Auswerten.

Regeltext ``regeln/savage_worlds.txt`` und DESIGN.md: Der Eigenschaftswürfel explodiert; eine
Wildcard wirft zusätzlich einen explodierenden W6 (Wildcard-Würfel) und behält das höhere
Ergebnis; Modifikatoren gelten für das behaltene Ergebnis. Erfolg ab Mindestwurf (MW, meist
4), je volle 4 darüber eine Steigerung. Zeigen Eigenschafts- und Wildcard-Würfel beide eine
natürliche 1, ist das ein kritischer Fehlschlag, der immer misslingt.

„Nur ein Wildcard-Würfel pro Aktion“ (Abschnitt Mehrfachaktionen): wer mehrere Würfel für eine
Aktion wirft (Feuerrate, Blitzhieb), wirft trotzdem nur einen Wildcard-Würfel, der einen der
Eigenschaftswürfel ersetzen kann.

>>> probe_auswerten([6], 2, mindestwurf=4)[0].ergebnis
'Erfolg'
>>> probe_auswerten([1], 1)[0].kritischer_fehlschlag
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from gm_helfer import wuerfel
from gm_helfer.felder import ist_feld, maximum, nicht, und, wo
from gm_helfer.savage_worlds.daten import WUERFELSTUFEN
from gm_helfer.schnell import bauen, gemerkt, merken
from gm_helfer.text import vorzeichen, zahl

__all__ = [
    "UNTRAINIERT",
    "Eigenschaft",
    "Probe",
    "Probenergebnis",
    "bewerten",
    "eigenschaft",
    "probe_auswerten",
    "vergleichen",
    "wuerfle_probe",
]

WILDCARD_WUERFEL = 6
"""Der Wildcard-Würfel ist ein W6."""


@dataclass(frozen=True)
class Eigenschaft:
    """Ein Attribut oder eine Fertigkeit als Würfel: W4 … W12, darüber W12+1, W12+2, …"""

    seiten: int
    bonus: int = 0

    def __str__(self) -> str:
        text = _EIGENSCHAFT_TEXT.get((self.seiten, self.bonus))
        if text is None:
            text = f"W{self.seiten}" if self.bonus == 0 else f"W{self.seiten}{self.bonus:+d}"
            if len(_EIGENSCHAFT_TEXT) < 256:
                _EIGENSCHAFT_TEXT[(self.seiten, self.bonus)] = text
        return text

    @property
    def haelfte(self) -> int:
        """Halber Würfel samt halbem Bonus (für Parade und Robustheit): W8 → 4, W12+2 → 7."""
        return self.seiten // 2 + self.bonus // 2

    def gesenkt(self) -> Eigenschaft:
        """Eine Würfelstufe niedriger (mindestens W4), z. B. für Verletzungen."""
        if self.bonus > 0:
            return Eigenschaft(self.seiten, self.bonus - 1)
        i = WUERFELSTUFEN.index(self.seiten) if self.seiten in WUERFELSTUFEN else 0
        return Eigenschaft(WUERFELSTUFEN[max(0, i - 1)], self.bonus)


_EIGENSCHAFT_TEXT: dict[tuple[int, int], str] = {}
"""(Seiten, Bonus) → „W8“, „W12+2“ (jede Probe im Protokoll schreibt ihre Eigenschaft)."""

UNTRAINIERT = Eigenschaft(4, -2)
"""Eine Fertigkeit, die der Charakter nicht hat, wird mit W4−2 geworfen."""

_OHNE = {"", "-", "—", "untrainiert", "keine", "kein", "none"}


def eigenschaft(text: str | Eigenschaft | None) -> Eigenschaft:
    """Liest einen Eigenschaftswürfel: ``"W8"``, ``"d10"``, ``"W12+2"``, ``"untrainiert"``.

    Raises:
        wuerfel.WuerfelFehler: deutsche Meldung, z. B. für ``"W7"`` oder ``"2W6"``.
    """
    if isinstance(text, Eigenschaft):
        return text
    if text is None or str(text).strip().lower() in _OHNE:
        return UNTRAINIERT
    ausdruck = wuerfel.parse(str(text))
    if len(ausdruck.wuerfel) != 1 or ausdruck.wuerfel[0].anzahl != 1 or ausdruck.wuerfel[0].vorzeichen != 1:
        raise wuerfel.WuerfelFehler(
            f"„{text}“ ist kein Eigenschaftswürfel – erlaubt sind W4, W6, W8, W10, W12 und W12+1 usw."
        )
    seiten = ausdruck.wuerfel[0].seiten
    if seiten not in WUERFELSTUFEN:
        raise wuerfel.WuerfelFehler(
            f"„{text}“: Eigenschaften haben W4, W6, W8, W10 oder W12, keinen W{seiten}."
        )
    return Eigenschaft(seiten, ausdruck.konstante)


@dataclass(frozen=True)
class Probenergebnis:
    """Das Ergebnis eines (behaltenen) Würfels einer Probe."""

    gesamt: int
    """Behaltenes Würfelergebnis plus Bonus und Modifikatoren."""
    mindestwurf: int
    erfolg: bool
    steigerungen: int
    """Zahl der Steigerungen (volle 4 über dem MW); 0 bei Fehlschlag."""
    kritischer_fehlschlag: bool = False
    # Aus der gebündelten Simulation kommen hier numpy-Felder (ein Eintrag je Kampf);
    # :attr:`ergebnis` gibt es nur für einzelne Werte.

    @property
    def ergebnis(self) -> str:
        """„Kritischer Fehlschlag“, „Fehlschlag“, „Erfolg“ oder „Steigerung“."""
        if self.kritischer_fehlschlag:
            return "Kritischer Fehlschlag"
        if not self.erfolg:
            return "Fehlschlag"
        return "Steigerung" if self.steigerungen else "Erfolg"


def bewerten(gesamt: Any, mindestwurf: Any = 4, *, kritisch: Any = False) -> Probenergebnis:
    """Ein Gesamtergebnis gegen den Mindestwurf: Erfolg ab MW, je volle 4 darüber eine Steigerung.

    Nimmt auch numpy-Felder (dann sind die Felder des Ergebnisses Felder derselben Form).
    """
    if type(gesamt) is int and type(mindestwurf) is int and type(kritisch) is bool:
        # eine Zahl (Live-Kampf, Ereignispfad): dasselbe ohne die Feld-Hilfen, jede Probe kommt hier durch
        erfolg = not kritisch and gesamt >= mindestwurf
        steigerungen = (gesamt - mindestwurf) // 4 if erfolg else 0
    else:
        erfolg = und(nicht(kritisch), gesamt >= mindestwurf)
        steigerungen = wo(erfolg, (gesamt - mindestwurf) // 4, 0)
    # wie Probenergebnis(gesamt, mindestwurf, erfolg, steigerungen, kritisch), ohne das eingefrorene
    # __init__ (jede Probe wird hier bewertet)
    return bauen(Probenergebnis, {"gesamt": gesamt, "mindestwurf": mindestwurf, "erfolg": erfolg,
                                  "steigerungen": steigerungen, "kritischer_fehlschlag": kritisch})


def _absteigend(summen: list[Any]) -> list[Any]:
    if len(summen) == 1:
        return summen
    if ist_feld(*summen):
        return list(np.sort(np.stack(np.broadcast_arrays(*summen)), axis=0)[::-1])
    return sorted(summen, reverse=True)


def probe_auswerten(
    eigenschaftswuerfel: Sequence[Any],
    wildwuerfel: Any = None,
    *,
    bonus: Any = 0,
    modifikator: Any = 0,
    mindestwurf: Any = 4,
    kritisch_alle: bool = False,
) -> tuple[Probenergebnis, ...]:
    """Wertet eine Probe aus den Würfelsummen (samt Explosionen) aus.

    Args:
        eigenschaftswuerfel: Summe je Eigenschaftswürfel (einer, oder mehrere bei Feuerrate
            oder Blitzhieb). Eine Summe von 1 ist immer eine natürliche 1.
        wildwuerfel: Summe des Wildcard-Würfels, ``None`` für Statisten (in Feldern: 0).
        bonus: Bonus des Würfels (W12+2 → 2; untrainiert −2).
        modifikator: alle Modifikatoren der Situation.

    Returns:
        Ein Ergebnis je Eigenschaftswürfel, bestes zuerst. Der Wildcard-Würfel ersetzt den
        schlechtesten Eigenschaftswürfel, wenn er höher ist. Kritischer Fehlschlag: der
        Wildcard-Würfel zeigt 1 und mindestens die Hälfte der Eigenschaftswürfel zeigt 1
        (bei einem Würfel: beide zeigen 1) – dann misslingt jeder Würfel. Mit
        ``kritisch_alle`` (Option ``Optionen.kritischer_fehlschlag_alle_wuerfel``) müssen alle
        Eigenschaftswürfel eine 1 zeigen.

    Felder: jede Summe, der Wildcard-Würfel und die Zahlen dürfen numpy-Felder gleicher Form
    sein (ein Eintrag je Kampf); ein Wildcard-Würfel 0 heißt „keiner“ (Statist). Ergebnis:
    dieselben Probenergebnisse mit Feldern statt Zahlen.

    >>> import numpy as np
    >>> e = probe_auswerten([np.array([1, 6, 3])], np.array([1, 2, 0]), mindestwurf=4)[0]
    >>> e.erfolg.tolist(), e.kritischer_fehlschlag.tolist()
    ([False, True, False], [True, False, False])
    """
    summen = list(eigenschaftswuerfel)
    kritisch: Any = False
    if len(summen) == 1:
        # der häufigste Fall, ein Eigenschaftswürfel: kritisch heißt dann „beide zeigen 1“ (die
        # Regel unten für einen Würfel, ohne Zählen und Sortieren – jede Probe kommt hier durch)
        s = summen[0]
        if type(wildwuerfel) is int and type(s) is int:  # Zahlen: ohne die Feld-Hilfen (wie und/maximum)
            kritisch = wildwuerfel == 1 and s == 1
            if wildwuerfel > s:
                s = wildwuerfel
        elif wildwuerfel is not None:
            kritisch = und(wildwuerfel == 1, s == 1)
            s = maximum(s, wildwuerfel)
        return (bewerten(s + bonus + modifikator, mindestwurf, kritisch=kritisch),)
    summen = _absteigend(summen)
    if not summen:
        raise ValueError("Eine Probe braucht mindestens einen Eigenschaftswürfel.")
    if wildwuerfel is not None:
        einsen = sum(s == 1 for s in summen)
        noetig = len(summen) if kritisch_alle else (len(summen) + 1) // 2
        kritisch = und(wildwuerfel == 1, einsen >= noetig)
        summen[-1] = maximum(summen[-1], wildwuerfel)
        summen = _absteigend(summen)
    return tuple(
        bewerten(s + bonus + modifikator, mindestwurf, kritisch=kritisch) for s in summen
    )


def vergleichen(gesamt: int, gegner_gesamt: int) -> str:
    """Vergleichende Probe (Aktionen unterbrechen): „Wer das höhere Ergebnis erzielt, handelt
    zuerst. Im seltenen Fall eines Gleichstands handeln beide gleichzeitig.“

    Returns: ``"zuerst"``, ``"gleich"`` oder ``"danach"`` aus Sicht des ersten.
    """
    if gesamt > gegner_gesamt:
        return "zuerst"
    return "gleich" if gesamt == gegner_gesamt else "danach"


@dataclass(frozen=True)
class Probe:
    """Eine geworfene Probe: alle Würfel samt Explosionen, und wie sie bewertet wurde."""

    eigenschaft: Eigenschaft
    wurf: wuerfel.Wurf
    """Erst die Eigenschaftswürfel, dann (bei Wildcards) der Wildcard-Würfel."""
    wildcard: bool
    modifikator: int
    mindestwurf: int
    kritisch_alle: bool = False
    """Kritischer Fehlschlag mit mehreren Würfeln erst, wenn alle Eigenschaftswürfel 1 zeigen."""

    @property
    def anzahl(self) -> int:
        """Zahl der Eigenschaftswürfel."""
        return len(self.wurf.wuerfe) - (1 if self.wildcard else 0)

    @property
    def ergebnisse(self) -> tuple[Probenergebnis, ...]:
        """Bewertung je Eigenschaftswürfel, bestes zuerst (gemerkt im Objekt wie mit
        ``cached_property``, ohne dessen Sperre – jede Probe fragt danach)."""
        ergebnisse = self.__dict__.get("ergebnisse")
        if ergebnisse is None:
            ergebnisse = self._auswerten()
            self.__dict__["ergebnisse"] = ergebnisse
        return ergebnisse

    def _auswerten(self) -> tuple[Probenergebnis, ...]:
        wuerfe = self.wurf.wuerfe
        if self.wildcard:
            summen = [w.summe for w in wuerfe[:-1]]
            wild = wuerfe[-1].summe
        else:
            summen = [w.summe for w in wuerfe]
            wild = None
        return probe_auswerten(
            summen,
            wild,
            bonus=self.eigenschaft.bonus,
            modifikator=self.modifikator,
            mindestwurf=self.mindestwurf,
            kritisch_alle=self.kritisch_alle,
        )

    @property
    def ergebnis(self) -> Probenergebnis:
        """Das beste Ergebnis (bei einem Würfel: das einzige)."""
        return self.ergebnisse[0]

    @property
    def eingetippt(self) -> bool:
        return self.wurf.eingetippt

    def beschreibung(self) -> str:
        """Eine Zeile Deutsch: Würfel, Modifikator, Gesamt, Ergebnis."""
        teile = [str(w) for w in self.wurf.wuerfe[: self.anzahl]]
        text = f"{self.eigenschaft} [{', '.join(teile)}]"
        if self.wildcard:
            text += f", Wildcard-Würfel [{self.wurf.wuerfe[-1]}]"
        if self.modifikator:
            text += f", Mod {vorzeichen(self.modifikator)}"
        gesamt = ", ".join(zahl(e.gesamt) for e in self.ergebnisse)
        namen = ", ".join(e.ergebnis for e in self.ergebnisse)
        return f"{text} → {gesamt} gegen MW {self.mindestwurf}: {namen}"

    def als_dict(self) -> dict[str, Any]:
        """JSON-taugliche Form für das Kampfprotokoll."""
        daten = {
            "eigenschaft": str(self.eigenschaft),
            "wurf": self.wurf.als_dict(),
            "wildcard": self.wildcard,
            "modifikator": self.modifikator,
            "mindestwurf": self.mindestwurf,
        }
        if self.kritisch_alle:
            daten["kritisch_alle"] = True
        return merken(daten, self)

    @classmethod
    def aus_dict(cls, daten: dict[str, Any]) -> Probe:
        """Gegenstück zu :meth:`als_dict`; prüft die Würfel erneut – außer für genau das
        Datenobjekt, das :meth:`als_dict` eben gebaut hat (:func:`gm_helfer.schnell.merken`)."""
        return gemerkt(daten) or cls._aus_dict(daten)

    @classmethod
    def _aus_dict(cls, daten: dict[str, Any]) -> Probe:
        return cls(
            eigenschaft(daten["eigenschaft"]),
            wuerfel.Wurf.aus_dict(daten["wurf"]),
            bool(daten["wildcard"]),
            int(daten["modifikator"]),
            int(daten["mindestwurf"]),
            bool(daten.get("kritisch_alle", False)),
        )


def probenausdruck(eigenschaft_: Eigenschaft, *, wildcard: bool, anzahl: int = 1) -> str:
    """Der Würfelausdruck einer Probe, z. B. ``"W8!+W6!"`` oder ``"3W6!+W6!"``."""
    text = f"{anzahl}W{eigenschaft_.seiten}!"
    if wildcard:
        text += f"+W{WILDCARD_WUERFEL}!"
    return text


@lru_cache(maxsize=256)
def _probenausdruck_gelesen(seiten: int, wildcard: bool, anzahl: int) -> wuerfel.Ausdruck:
    """:func:`probenausdruck` gelesen (:func:`gm_helfer.wuerfel.parse`), gemerkt: jede Probe braucht ihn."""
    return wuerfel.parse(probenausdruck(Eigenschaft(seiten), wildcard=wildcard, anzahl=anzahl))


def wuerfle_probe(
    eigenschaft_: str | Eigenschaft | None,
    *,
    wildcard: bool,
    modifikator: int = 0,
    mindestwurf: int = 4,
    anzahl: int = 1,
    rng: Any = None,
    augen: Any = None,
    kritisch_alle: bool = False,
) -> Probe:
    """Wirft eine Probe – mit ``rng`` oder den eingetippten ``augen``.

    ``augen``: erst die Eigenschaftswürfel, dann der Wildcard-Würfel, eine Explosionskette mit
    ``+``: ``"8+3, 5"`` ist ein explodierter W8 (8, dann 3) und ein Wildcard-Würfel 5.

    >>> wuerfle_probe("W8", wildcard=True, augen="8+3, 5").ergebnis.gesamt
    11
    """
    eig = eigenschaft(eigenschaft_)
    if anzahl < 1:
        raise ValueError("Eine Probe braucht mindestens einen Eigenschaftswürfel.")
    wurf = wuerfel.wurf(_probenausdruck_gelesen(eig.seiten, wildcard, anzahl), rng=rng, augen=augen)
    # wie Probe(eig, wurf, …), ohne das eingefrorene __init__ (jede Probe)
    return bauen(Probe, {"eigenschaft": eig, "wurf": wurf, "wildcard": wildcard, "modifikator": modifikator,
                         "mindestwurf": mindestwurf, "kritisch_alle": kritisch_alle})
