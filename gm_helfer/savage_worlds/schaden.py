"""Schaden und Schadenswirkung – reine Auswertung (keine Würfe, kein Zustand).

Regeltext ``regeln/savage_worlds.txt``: „Schaden“, „Schaden anwenden“, „Schadenswirkung“
(Angeschlagen, Wunden, Außer Gefecht, Ausbluten) und „Schaden wegstecken“.

>>> schadensausdruck("St+W8", "W12")      # der Barbar mit Langschwert
'W12!+W8!'
>>> schaden_auswerten(12, 7, angeschlagen=False)
Schadenswirkung(wunden=1, angeschlagen=True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.felder import ist_feld, minimum, nicht, oder, und, wo
from gm_helfer.savage_worlds.daten import VERLETZUNGEN, Verletzung
from gm_helfer.savage_worlds.proben import Eigenschaft, Probenergebnis, eigenschaft

__all__ = [
    "AG_STUFEN",
    "MAX_WUNDEN",
    "Schadenswirkung",
    "ausbluten_auswerten",
    "ausser_gefecht_auswerten",
    "erholung_auswerten",
    "schaden_auswerten",
    "schadensausdruck",
    "verletzung",
    "wegstecken_auswerten",
    "wundabzug",
    "wunden_auswerten",
]

MAX_WUNDEN = 3
"""Wunden: „Wildcards können drei Wunden kassieren und noch handlungsfähig bleiben.“"""

AG_STUFEN = ("steigerung", "erfolg", "fehlschlag", "tod")
"""Ergebnisse der Außer-Gefecht-Probe, vom mildesten zum schwersten (Mehrfach Außer Gefecht:
„Sein Zustand wird sich dadurch aber niemals verbessern“)."""


def wundabzug(wunden: Any) -> Any:
    """Wundabzüge: −1 je Wunde, höchstens −3 (auf Eigenschaftsproben und Bewegungsweite).
    Nimmt auch ein numpy-Feld."""
    if (wunden.min(initial=0) < 0) if ist_feld(wunden) else wunden < 0:
        raise ValueError(f"Wunden können nicht negativ sein ({wunden}).")
    return -minimum(wunden, MAX_WUNDEN)


def schadensausdruck(
    schaden: str,
    staerke: str | Eigenschaft | None = None,
    *,
    bonus_w6: bool = False,
    modifikator: int = 0,
) -> str:
    """Der Würfelausdruck eines Schadenswurfs; alle Würfel explodieren.

    Schaden: „Nahkampfwaffen verursachen Schaden in Höhe des Stärkewürfels des Angreifers plus
    den Schadenswürfel der Waffe“, „Ein waffenloser Kämpfer verursacht nur seinen Stärkewürfel“,
    Fernkampfwaffen festen Schaden. „Erzielt dein Charakter beim Angriff mindestens eine
    Steigerung, erhält er +1W6 Bonusschaden“ (``bonus_w6``). ``modifikator`` z. B. +2 für
    den Joker.

    Args:
        schaden: ``"St+W8"``, ``"St"``, ``"2W6+1"``.
        staerke: Stärkewürfel, nötig wenn ``schaden`` mit „St“ beginnt.
    """
    try:
        return _schadensausdruck(schaden, staerke, bonus_w6, modifikator)
    except TypeError:  # nicht hashbare Angaben: ungemerkt
        return _schadensausdruck.__wrapped__(schaden, staerke, bonus_w6, modifikator)


@lru_cache(maxsize=1024)
def _schadensausdruck(schaden: str, staerke: str | Eigenschaft | None, bonus_w6: bool, modifikator: int) -> str:
    """:func:`schadensausdruck`, gemerkt – jeder Schadenswurf fragt danach, beim Würfeln und beim Anwenden."""
    text = str(schaden).strip().replace(" ", "")
    konstante = modifikator
    if text[:2].lower() == "st":
        if staerke is None:
            raise wuerfel.WuerfelFehler(f"„{schaden}“ braucht den Stärkewürfel des Angreifers.")
        st = eigenschaft(staerke)
        rest = text[2:]
        text = f"W{st.seiten}" + rest
        konstante += st.bonus
    ausdruck = wuerfel.parse(text).explodierend(True)
    if bonus_w6:
        ausdruck = wuerfel.Ausdruck(
            ausdruck.wuerfel + (wuerfel.Wuerfel(1, 6, True),), ausdruck.konstante
        )
    return str(ausdruck.plus(konstante))


@dataclass(frozen=True)
class Schadenswirkung:
    """Was ein Schadenswurf gegen die Robustheit bewirkt (vor dem Wegstecken)."""

    wunden: int
    """Wunden dieses Angriffs (ungekappt; die Kappung auf 3 macht der Kampfzustand)."""
    angeschlagen: bool
    """Ob das Ziel danach Angeschlagen ist."""

    @property
    def stufe(self) -> str:
        if self.wunden:
            return f"{self.wunden} Wunde{'n' if self.wunden > 1 else ''}"
        return "Angeschlagen" if self.angeschlagen else "keine Wirkung"


def schaden_auswerten(schaden: Any, robustheit: Any, *, angeschlagen: Any) -> Schadenswirkung:
    """Schaden anwenden: Schaden gegen Robustheit.

    „Bleibt der Schadenswurf unter der Robustheit …, hat es keine spielrelevanten
    Auswirkungen.“ Erfolg (0–3 darüber): Angeschlagen; „Falls er bereits Angeschlagen war,
    erleidet er stattdessen eine Wunde und bleibt Angeschlagen.“ Steigerung: „eine Wunde für
    jede erzielte Steigerung“ und Angeschlagen, „keine zusätzliche Wunde, falls er bereits
    Angeschlagen war“.

    Nimmt auch numpy-Felder (ein Eintrag je Kampf) und gibt dann Felder zurück.

    >>> import numpy as np
    >>> w = schaden_auswerten(np.array([3, 8, 8, 13]), 8, angeschlagen=np.array([True, False, True, True]))
    >>> w.wunden.tolist(), w.angeschlagen.tolist()
    ([0, 0, 1, 1], [True, True, True, True])
    """
    ueber = schaden - robustheit
    steigerungen = ueber // 4
    erreicht = ueber >= 0
    wunden = wo(erreicht, wo(steigerungen == 0, wo(angeschlagen, 1, 0), steigerungen), 0)
    return Schadenswirkung(wunden, oder(erreicht, angeschlagen))


def wunden_auswerten(wunden: Any, neue: Any, *, wildcard: Any, ausser_gefecht: Any = False) -> tuple[Any, Any]:
    """Neue Wunden auf einen Kämpfer anrechnen (Wunden, Außer Gefecht): ``(wunden, außer Gefecht)``.

    „Statisten sind bei der ersten Wunde aus dem Spiel“; „Wildcards können drei Wunden
    kassieren und noch handlungsfähig bleiben“ – jede weitere setzt sie Außer Gefecht (mehr
    Wunden werden nicht notiert), ebenso jede Wunde, wenn sie schon Außer Gefecht sind.
    Nimmt auch numpy-Felder.

    >>> wunden_auswerten(2, 2, wildcard=True), wunden_auswerten(0, 1, wildcard=False)
    ((3, True), (0, True))
    """
    gesamt = wunden + neue
    getroffen = neue > 0
    aus_wc = oder(gesamt > MAX_WUNDEN, ausser_gefecht)
    neu_aus = und(getroffen, oder(nicht(wildcard), aus_wc))
    neu_wunden = wo(und(wildcard, getroffen), wo(aus_wc, MAX_WUNDEN, gesamt), wunden)
    return neu_wunden, oder(ausser_gefecht, neu_aus)


def wegstecken_auswerten(probe: Probenergebnis) -> Any:
    """Schaden wegstecken: „Pro Erfolg und Steigerung sinkt die Zahl der Wunden um eins.“
    (Auch für Felder.)"""
    return wo(probe.erfolg, 1 + probe.steigerungen, 0)


def erholung_auswerten(probe: Probenergebnis, *, erfolg_handelt: bool = False) -> tuple[Any, Any]:
    """Erholungsprobe (Schadenswirkung › Angeschlagen): ``(noch angeschlagen, handelt normal)``.

    „Erfolg: Der Charakter ist nicht länger Angeschlagen, kann aber in dieser Runde dennoch
    nur freie Aktionen ausführen. Steigerung: … kann sofort ganz normal handeln.“ Mit
    ``erfolg_handelt`` (Option ``Optionen.erholung_erfolg_handelt``) handelt er schon nach
    einem Erfolg. Auch für Felder.
    """
    return nicht(probe.erfolg), und(probe.erfolg, oder(probe.steigerungen > 0, erfolg_handelt))


def ausser_gefecht_auswerten(probe: Probenergebnis) -> Any:
    """Außer Gefecht: Konstitutionsprobe (einschließlich Wundabzügen).

    „Gesamtergebnis von 1 oder weniger: Der Charakter stirbt.“ Sonst Fehlschlag (Verletzung
    permanent, blutet aus), Erfolg (Verletzung bis die Wunden heilen) oder Steigerung
    (Verletzung für 24 Stunden). Ein kritischer Fehlschlag ist ein Fehlschlag.

    Returns: ``"tod"``, ``"fehlschlag"``, ``"erfolg"`` oder ``"steigerung"`` (für Felder ein
    Feld dieser Texte).
    """
    return wo(probe.gesamt <= 1, "tod", wo(nicht(probe.erfolg), "fehlschlag", wo(probe.steigerungen > 0, "steigerung", "erfolg")))


def ausbluten_auswerten(probe: Probenergebnis) -> Any:
    """Ausbluten: „Fehlschlag: Der Charakter stirbt durch den Blutverlust. Erfolg: … muss in
    der nächsten Runde noch einmal würfeln … Steigerung: Der Charakter stabilisiert sich.“

    Returns: ``"tod"``, ``"weiter"`` oder ``"stabil"`` (für Felder ein Feld dieser Texte).
    """
    return wo(nicht(probe.erfolg), "tod", wo(probe.steigerungen > 0, "stabil", "weiter"))


def verletzung(summe_2w6: int, w6: int | None = None) -> Verletzung:
    """Die Verletzung zur Summe von 2W6; bei Eingeweide und Kopf entscheidet ``w6``.

    Raises:
        ValueError: Summe außerhalb 2–12 oder fehlender W6 für eine Untertabelle.
    """
    if summe_2w6 not in VERLETZUNGEN:
        raise ValueError(f"Die Verletzungstabelle geht von 2 bis 12, nicht {summe_2w6}.")
    eintrag = VERLETZUNGEN[summe_2w6]
    if isinstance(eintrag, Verletzung):
        return eintrag
    if w6 is None or not 1 <= w6 <= 6:
        raise ValueError(f"Für {summe_2w6} auf der Verletzungstabelle braucht es noch einen W6 (1–6).")
    return eintrag[w6 - 1]


def verletzung_wuerfeln(*, rng: Any = None, augen: Any = None) -> tuple[wuerfel.Wurf, Verletzung]:
    """Würfelt auf der Verletzungstabelle: 2W6 und (immer) einen W6 für die Untertabelle.

    ``augen``: drei Würfel, z. B. ``"3, 4, 5"`` (2W6 = 3 + 4, dann W6 = 5).
    """
    wurf = wuerfel.wurf("2W6+W6", rng=rng, augen=augen)
    summe = wurf.wuerfe[0].summe + wurf.wuerfe[1].summe
    return wurf, verletzung(summe, wurf.wuerfe[2].summe)
