"""Attacke gegen Parade: Pools der Lage, Vergleich, Treffer und Schaden (rein).

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › ATTACKE UND PARADE (Vergleichswurf,
Kampf mit zwei Waffen, Kampf mit Schild, Gegnerausrichtung, Waffenloser Nahkampf,
Patzer, Meistertreffer); Allgemeine Regeln › 4./5. Phase.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from gm_helfer.felder import maximum, nicht, und, wo
from gm_helfer.schnell import bauen

from .daten import SCHILDE
from .optionen import Optionen
from .proben import (
    gelingt,
    ist_meistertreffer,
    patzerstufe,
    schadensfaktor,
    schwierigkeit,
    vergleich,
)
from .werte import Angriffsart, Kampfwerte, Verteidigungsart
from .wunden import schaden, wuerfelabzug, wunden_nach_ruestung

SCHILD_HILFT = ("parade", "manoever", "ausweichen")
"""Lesart: der Schild erleichtert nur körperliche Abwehr, nicht Willenskraft und Paradezauber."""


@dataclass(frozen=True)
class Lage:
    """Die Würfelpools und Schwierigkeiten eines Austauschs, so wie gewürfelt wird.

    In der gebündelten Simulation sind die Felder numpy-Felder (ein Eintrag je Kampf)."""

    angriff_pool: int
    angriff_schwierigkeit: int
    angriff_talentstufe: int
    verteidigung_pool: int = 0
    verteidigung_schwierigkeit: int = 7
    verteidigung_talentstufe: int = 0


_OHNE_VERTEIDIGUNG = {f.name: f.default for f in fields(Lage) if f.name.startswith("verteidigung_")}
"""Die Vorgaben der :class:`Lage` ohne Verteidigung."""


def wuerfel_nach_wunden(grundpool: Any, abzug: Any) -> Any:
    """Ein Pool nach dem Wundabzug („NK / VT -n W10“), nie unter 0 (elementweise für Felder).

    >>> wuerfel_nach_wunden(5, 2), wuerfel_nach_wunden(1, 3)
    (3, 0)
    """
    return maximum(0, grundpool - abzug)


def angriff_wuerfel(w: Kampfwerte, a: Angriffsart, wunden: tuple[int, ...], modifikator: int = 0) -> int:
    """Angriffspool: Grundpool − Wundabzug („NK / VT -n W10“) + Modifikator, nie unter 0."""
    return wuerfel_nach_wunden(a.pool + modifikator, wuerfelabzug(wunden, w.konstitution))


VON_HINTEN_ERSCHWERT = ("parade", "manoever")
"""Verteidigungen, die eine Attacke von hinten erschwert: „… erschwert die Parade des Gegners“ –
die Standard-Parade und kostenpflichtige Paraden („Diese sind als „Parade“ gekennzeichnet.“)."""


def lage(
    angreifer: Kampfwerte,
    angriff: Angriffsart,
    angreifer_wunden: tuple[int, ...],
    verteidiger: Kampfwerte,
    verteidigung: Verteidigungsart | None,
    verteidiger_wunden: tuple[int, ...],
    *,
    von_hinten: bool = False,
    angriff_modifikator: int = 0,
    verteidigung_modifikator: int = 0,
    optionen: Optionen = Optionen(),
) -> Lage:
    """Baut die :class:`Lage` aus Bögen, Wunden und Umständen.

    - Meisterschaft senkt die Schwierigkeit (Stufe 4 → 6, 5 → 5), nicht bei Zaubern und Ausweichen.
    - Schild: „erleichterte Verteidigung“ mittel −1, groß −2 senkt die Schwierigkeit der
      Verteidigung (Option ``erschwernis_als_wuerfel``: so viele Würfel mehr) – nur bei Parade,
      Manöver-Parade und Ausweichen, nicht bei Willenskraft und Paradezauber.
    - Gegnerausrichtung: „Die Attacke von hinten erschwert die Parade des Gegners um die halbe
      Stufe des jeweiligen Wertes im Attribut GESCHICK des Angreifers.“ Lesart: Schwierigkeit
      + Geschick/2 (abgerundet); Option: so viele Würfel weniger. Nur eine **Attacke** (keine
      Zauberattacke) gegen eine **Parade** (Standard- oder Manöver-Parade): Ausweichen,
      Willenskraft und Paradezauber bleiben unverändert (:data:`VON_HINTEN_ERSCHWERT`).
    - ``verteidigung=None``: keine Verteidigungsaktion (oder wehrlos) → 0 Würfel.
    """
    a_pool = angriff_wuerfel(angreifer, angriff, angreifer_wunden, angriff_modifikator)
    a_schw = schwierigkeit(angriff.talentstufe, meisterschaft=angriff.meisterschaft)
    if verteidigung is None:
        return bauen(Lage, {"angriff_pool": a_pool, "angriff_schwierigkeit": a_schw,
                            "angriff_talentstufe": angriff.talentstufe, **_OHNE_VERTEIDIGUNG})
    erleichterung = SCHILDE[verteidiger.schild].erleichterung if verteidigung.art in SCHILD_HILFT else 0
    von_hinten_gilt = (von_hinten and angriff.art != "zauber"
                       and verteidigung.art in VON_HINTEN_ERSCHWERT)
    erschwernis = angreifer.attribute["geschick"] // 2 if von_hinten_gilt else 0
    v_grund = verteidigung.pool + verteidigung_modifikator
    if optionen.erschwernis_als_wuerfel:
        v_grund += erleichterung - erschwernis
        v_mod = 0
    else:
        v_mod = erschwernis - erleichterung
    v_pool = wuerfel_nach_wunden(v_grund, wuerfelabzug(verteidiger_wunden, verteidiger.konstitution))
    v_schw = schwierigkeit(verteidigung.talentstufe, modifikator=v_mod, meisterschaft=verteidigung.meisterschaft)
    return bauen(Lage, {"angriff_pool": a_pool, "angriff_schwierigkeit": a_schw,
                        "angriff_talentstufe": angriff.talentstufe, "verteidigung_pool": v_pool,
                        "verteidigung_schwierigkeit": v_schw, "verteidigung_talentstufe": verteidigung.talentstufe})


@dataclass(frozen=True)
class Vergleichsergebnis:
    """Auswertung eines Vergleichswurfs samt Patzern und Meistertreffern beider Seiten."""

    kategorie: str
    angriff_netto: int
    verteidigung_netto: int
    angriff_patzer: bool = False
    angriff_meister: bool = False
    verteidigung_patzer: bool = False
    verteidigung_meister: bool = False

    @property
    def differenz(self) -> int:
        return self.angriff_netto - self.verteidigung_netto


def vergleich_auswerten(
    angriff_netto: Any,
    angriff_einser: Any,
    verteidigung_netto: Any,
    verteidigung_einser: Any,
    lage_: Lage,
    optionen: Optionen = Optionen(),
    *,
    verteidigt: Any = True,
) -> Vergleichsergebnis:
    """Der Vergleichswurf: Kategorie nach der Differenz, dazu Patzer/Meistertreffer.

    Patzer: „Zahl der gewürfelten Einser … erreicht oder übersteigt“ die Talentstufe.
    Meistertreffer: Netto-Erfolge „vor der Vergleichsrechnung“ über 10 − Stufe. Ohne
    Verteidigung (``verteidigt=False``) gibt es auf ihrer Seite weder Patzer noch Meistertreffer.
    Option ``patzer_ist_misserfolg``: ein Patzer macht die eigenen Erfolge zunichte.
    Felder (ein Eintrag je Kampf, auch in ``lage_`` und ``verteidigt``): elementweise.
    """
    a_patzer = und(angriff_einser >= patzerstufe(lage_.angriff_talentstufe), lage_.angriff_pool > 0)
    v_patzer = und(verteidigt, und(lage_.verteidigung_pool > 0,
                                   verteidigung_einser >= patzerstufe(lage_.verteidigung_talentstufe)))
    a_meister = ist_meistertreffer(angriff_netto, lage_.angriff_talentstufe, optionen)
    v_meister = und(verteidigt, ist_meistertreffer(verteidigung_netto, lage_.verteidigung_talentstufe, optionen))
    a_wirksam, v_wirksam = angriff_netto, verteidigung_netto
    if optionen.patzer_ist_misserfolg:
        a_wirksam, a_meister = wo(a_patzer, 0, a_wirksam), und(a_meister, nicht(a_patzer))
        v_wirksam, v_meister = wo(v_patzer, 0, v_wirksam), und(v_meister, nicht(v_patzer))
    kat = vergleich(a_wirksam, v_wirksam, optionen)
    return bauen(Vergleichsergebnis, {"kategorie": kat, "angriff_netto": a_wirksam, "verteidigung_netto": v_wirksam,
                                      "angriff_patzer": a_patzer, "angriff_meister": a_meister,
                                      "verteidigung_patzer": v_patzer, "verteidigung_meister": v_meister})


def trefferschaden(
    summe: Any,
    kat: Any,
    ruestung: Any,
    optionen: Optionen = Optionen(),
    *,
    halbiert: Any = False,
    bonus: Any = 0,
) -> tuple[Any, Any]:
    """``(schaden, wunden)`` eines Treffers: (Wurf + ``bonus``) × Faktor, dann minus Rüstung.

    „Treffer verursachen Schaden entsprechend dem Waffenschaden … Bei jedem Schaden wird
    zunächst der Rüstungswert des getroffenen Körperteils abgezogen“. ``bonus`` ist der
    W6-Bonus-Schaden eines Meistertreffers; er wird vor dem Faktor addiert (Lesart).
    Option ``faktor_nach_ruestung``: (Wurf + ``bonus`` − Rüstung) × Faktor; ``schaden`` ist
    dann der Wurf samt Bonus vor der Rüstung.
    """
    faktor = schadensfaktor(kat, optionen)
    if optionen.faktor_nach_ruestung:
        roh = summe + bonus
        return roh, schaden(wunden_nach_ruestung(roh, ruestung), faktor, optionen, halbiert=halbiert)
    wert = schaden(summe + bonus, faktor, optionen, halbiert=halbiert)
    return wert, wunden_nach_ruestung(wert, ruestung)


def ausdauerschaden(summe: Any, kat: Any, optionen: Optionen = Optionen()) -> Any:
    """Waffenloser Treffer: „1W6 Ausdauer-Verlust“, mit dem Faktor der Vergleichstabelle,
    ohne Rüstung (Lesart: Ausdauer hat keine Trefferzone)."""
    return schaden(summe, schadensfaktor(kat, optionen), optionen)


def erfolgreich(netto: int) -> bool:
    """Für einfache Proben außerhalb des Vergleichs: mindestens 2 Netto-Erfolge."""
    return gelingt(netto)
