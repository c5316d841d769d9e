"""Auswertungsschicht des Angriffs (rein, ohne Zufall).

Quelle: ``regeln/w100.txt`` › Angriff und Verteidigung. Die Trefferprüfung läuft in dieser
Reihenfolge:

1. Patzerbereich: ein natürlicher Wurf ≤ Patzerbereich scheitert, egal wie hoch die Boni.
2. Ergebnis = Wurf (Lucky Seven: 77 zählt 154) + OB bzw. Zaubermacht − DB + Modifikatoren.
3. Angesagtes Ausweichen (Flee) *oder* angesagte Parade (Nahkampf-OB) senkt das Ergebnis;
   „Beide Abwehrarten werden nicht für denselben Angriff addiert.“
4. Trefferstufe: unter 75 Misserfolg, 75–99 Streiftreffer, ab 100 Volltreffer (anpassbar).
5. Nur ein Volltreffer kann kritisch sein; Schaden minus Panzerung, Streiftreffer halbiert
   den Rest.

Beispiel aus dem Text (John):

>>> e = bewerte_angriff(89, ob=50, db=20, patzerbereich=5)
>>> e.ergebnis, e.stufe
(119, 'volltreffer')
>>> bewerte_angriff(89, ob=50, db=20, patzerbereich=5, abwehr=Abwehr("ausweichen", 20)).stufe
'streiftreffer'

Jede Auswertung nimmt einzelne Zahlen (Live-Kampf, Chancen) oder numpy-Felder (gebündelte
Simulation :mod:`gm_helfer.w100.gebuendelt`, viele Kämpfe auf einmal) – derselbe Code, über
die Hilfen aus :mod:`gm_helfer.felder` (DESIGN.md, „one rule, two drivers“). Trefferstufen
sind dann Felder der Stufennamen:

>>> import numpy as np
>>> bewerte_angriff(np.array([3, 40, 89]), ob=50, db=20, patzerbereich=5).stufe.tolist()
['patzer', 'misserfolg', 'volltreffer']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from gm_helfer import wuerfel
from gm_helfer.felder import maximum, minimum, oder, und, wo
from gm_helfer.schnell import bauen
from gm_helfer.w100.daten import (
    ABWEHRARTEN,
    AUSWEICHEN,
    KEINE_ABWEHR,
    KRIT_ARTEN,
    MISSERFOLG,
    PATZER,
    STREIFTREFFER,
    VOLLTREFFER,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler
from gm_helfer.w100.wuerfe import w100_wert


@dataclass(frozen=True)
class Abwehr:
    """Eine angesagte Abwehr gegen genau einen Angriff.

    ``art`` ist ``"keine"``, ``"ausweichen"`` (Flee-Punkte) oder ``"parade"``
    (beiseitegelegte Nahkampf-OB-Punkte); ``punkte`` senken das Ergebnis 1:1
    (John-Beispiel: 20 Flee-Punkte oder 20 Punkte Nahkampf-OB senken 119 auf 99).
    """

    art: Any = KEINE_ABWEHR
    """Die Abwehrart (in der gebündelten Simulation auch ein Feld von Abwehrarten)."""
    punkte: Any = 0
    """Abwehrpunkte (in der gebündelten Simulation ein Feld, je Kampf ein Wert)."""

    def __post_init__(self) -> None:
        if isinstance(self.art, np.ndarray) or isinstance(self.punkte, np.ndarray):
            art, punkte = self.art, np.asarray(self.punkte)
            bekannt = np.isin(art, ABWEHRARTEN).all() if isinstance(art, np.ndarray) else art in ABWEHRARTEN
            if not bekannt:
                raise W100Fehler(f"Unbekannte Abwehr (möglich: {', '.join(ABWEHRARTEN)}).")
            if (punkte < 0).any():
                raise W100Fehler("Abwehrpunkte dürfen nicht negativ sein.")
            if np.any((art == KEINE_ABWEHR) & (punkte != 0)):
                raise W100Fehler("Ohne Abwehrart können keine Abwehrpunkte eingesetzt werden.")
            return
        if self.art not in ABWEHRARTEN:
            raise W100Fehler(
                f"Unbekannte Abwehr „{self.art}“ (möglich: {', '.join(ABWEHRARTEN)})."
            )
        if self.punkte < 0:
            raise W100Fehler(f"Abwehrpunkte dürfen nicht negativ sein ({self.punkte}).")
        if self.art == KEINE_ABWEHR and self.punkte:
            raise W100Fehler("Ohne Abwehrart können keine Abwehrpunkte eingesetzt werden.")


def abwehr_aus(flee: int = 0, parade: int = 0) -> Abwehr:
    """Baut die Abwehr aus Flee- und Paradepunkten; beides zugleich ist verboten.

    „Danach können angesagtes Ausweichen und, falls Flee den Angriff nicht abgeschwächt hat,
    eine angesagte Parade das Ergebnis weiter senken. Beide Abwehrarten werden nicht für
    denselben Angriff addiert.“ (regeln/w100.txt › Angriff und Verteidigung)
    """
    if flee < 0 or parade < 0:
        raise W100Fehler("Flee- und Paradepunkte dürfen nicht negativ sein.")
    if flee and parade:
        raise W100Fehler(
            "Ausweichen und Parade zählen nicht zusammen: gegen einen Angriff entweder "
            "Flee-Punkte oder Nahkampf-OB zur Parade einsetzen."
        )
    if flee:
        return Abwehr(AUSWEICHEN, flee)
    if parade:
        return Abwehr("parade", parade)
    return Abwehr()


@dataclass(frozen=True)
class KritRegel:
    """Wie ein Volltreffer dieser Waffe kritisch wird (der Text lässt es offen, s. docs/w100.md).

    ``art="wurf"``: natürlicher Wurf ≥ ``wert``; ``art="ergebnis"``: Ergebnis nach der Abwehr
    ≥ ``wert``; ``art="keine"``: nie. ``faktor`` vervielfacht den Schaden.

    In der gebündelten Simulation darf jedes Feld ein numpy-Feld sein, je Angriff eine Regel (die
    Waffen verschiedener Handelnder in einem Zug, :func:`ist_kritisch`).
    """

    art: Any = "wurf"
    wert: Any = 96
    faktor: Any = 2

    def __post_init__(self) -> None:
        if isinstance(self.art, np.ndarray) or isinstance(self.wert, np.ndarray) or isinstance(self.faktor, np.ndarray):
            art = self.art
            bekannt = np.isin(art, KRIT_ARTEN).all() if isinstance(art, np.ndarray) else art in KRIT_ARTEN
            if not bekannt:
                raise W100Fehler(f"Unbekannte Kritisch-Regel (möglich: {', '.join(KRIT_ARTEN)}).")
            if np.any(np.asarray(self.faktor) < 1):
                raise W100Fehler("Der kritische Faktor muss mindestens 1 sein.")
            return
        if self.art not in KRIT_ARTEN:
            raise W100Fehler(
                f"Unbekannte Kritisch-Regel „{self.art}“ (möglich: {', '.join(KRIT_ARTEN)})."
            )
        if self.faktor < 1:
            raise W100Fehler(f"Der kritische Faktor muss mindestens 1 sein ({self.faktor}).")


@dataclass(frozen=True)
class Angriffsergebnis:
    """Ausgewertete Trefferprüfung eines Angriffs."""

    natuerlich: Any
    """Die gewürfelte Augenzahl (1–100)."""
    wurfwert: Any
    """Wert des Wurfes vor Boni (Lucky Seven: 154 statt 77)."""
    basis: Any
    """Wurfwert + OB/Zaubermacht − DB + Modifikatoren, vor der Abwehr."""
    abwehr: Abwehr
    ergebnis: Any
    """Basis minus Abwehrpunkte: dieses Ergebnis bestimmt die Trefferstufe."""
    stufe: Any
    """``patzer``, ``misserfolg``, ``streiftreffer`` oder ``volltreffer``."""
    kritisch: Any

    @property
    def trifft(self) -> Any:
        """Streif- oder Volltreffer (elementweise bei Feldern)."""
        stufe = self.stufe
        if type(stufe) is str:  # eine Stufe (Live-Kampf, Ereignispfad): ohne die Feld-Hilfe
            return stufe in (STREIFTREFFER, VOLLTREFFER)
        return oder(self.stufe == STREIFTREFFER, self.stufe == VOLLTREFFER)


_STUFEN = np.array([MISSERFOLG, STREIFTREFFER, VOLLTREFFER])
"""Trefferstufe nach der Zahl der erreichten Grenzen (0, 1 oder beide) – für Felder in :func:`trefferstufe`."""


def trefferstufe(ergebnis: Any, optionen: Optionen = Optionen()) -> Any:
    """Trefferstufe eines Ergebnisses nach der Abwehr (ohne Patzer).

    „unter 75 Misserfolg, 75 bis 99 Streiftreffer, ab 100 Volltreffer“ – die Grenzen kommen
    aus den Optionen (regeln/w100.txt › Angriff und Verteidigung, Schritt 4).
    """
    if type(ergebnis) is int:  # eine Zahl (Live-Kampf, Ereignispfad): dasselbe ohne die Feld-Hilfen
        return (VOLLTREFFER if ergebnis >= optionen.grenze_volltreffer else
                STREIFTREFFER if ergebnis >= optionen.grenze_streiftreffer else MISSERFOLG)
    if isinstance(ergebnis, np.ndarray) and ergebnis.ndim:
        # ein Feld (gebündelte Simulation, je Angriff): die Zahl der erreichten Grenzen zeigt in die Tafel –
        # dieselben Stufen wie die zwei np.where unten, in einem Schritt (Optionen: Streif- ≤ Volltreffergrenze)
        erreicht = (ergebnis >= optionen.grenze_streiftreffer).astype(np.intp)
        erreicht += ergebnis >= optionen.grenze_volltreffer
        return _STUFEN.take(erreicht)
    return wo(ergebnis >= optionen.grenze_volltreffer, VOLLTREFFER,
              wo(ergebnis >= optionen.grenze_streiftreffer, STREIFTREFFER, MISSERFOLG))


def ist_kritisch(natuerlich: Any, ergebnis: Any, stufe: Any, krit: KritRegel) -> Any:
    """„Nur ein Volltreffer kann kritisch sein.“ – entschieden erst nach der Abwehr.

    Ist ``krit.art`` ein Feld (je Angriff eine Regel, :class:`KritRegel`), gilt je Eintrag dessen Regel:

    >>> import numpy as np
    >>> krit = KritRegel(np.array(["wurf", "ergebnis", "keine"]), np.array([96, 140, 100]))
    >>> ist_kritisch(np.array([97, 50, 99]), np.array([150, 150, 150]), "volltreffer", krit).tolist()
    [True, True, False]
    """
    voll = stufe == VOLLTREFFER
    if voll is False:  # eine Stufe, kein Volltreffer: nie kritisch (wie und(False, …))
        return False
    art = krit.art
    if isinstance(art, np.ndarray):  # je Eintrag eine Regel: „wurf“, „ergebnis“ oder „keine“ (nie)
        return und(voll, wo(art == "wurf", natuerlich >= krit.wert, und(art == "ergebnis", ergebnis >= krit.wert)))
    if art == "keine":
        return und(voll, False)
    if krit.art == "wurf":
        return und(voll, natuerlich >= krit.wert)
    return und(voll, ergebnis >= krit.wert)


def bewerte_angriff(
    natuerlich: Any,
    *,
    ob: Any,
    db: Any,
    patzerbereich: Any,
    modifikator: Any = 0,
    abwehr: Abwehr = Abwehr(),
    krit: KritRegel = KritRegel(),
    optionen: Optionen = Optionen(),
) -> Angriffsergebnis:
    """Wertet einen Angriffswurf aus (Schritte 1–5 von regeln/w100.txt › Angriff und Verteidigung).

    ``ob`` ist der passende Offensivbonus bzw. die Zaubermacht, ``db`` der passende
    Defensivbonus des Ziels (physisch oder magisch). Wurf, Boni und Abwehrpunkte dürfen
    numpy-Felder sein (je Kampf ein Wert); Patzerbereich und Kritisch-Regel gehören zur Waffe –
    greifen in einem Feld verschiedene Waffen an, auch sie je Eintrag (``patzerbereich`` ein Feld,
    ``krit`` eine :class:`KritRegel` aus Feldern).

    >>> import numpy as np
    >>> bewerte_angriff(np.array([5, 5]), ob=50, db=20, patzerbereich=np.array([5, 3])).stufe.tolist()
    ['patzer', 'misserfolg']
    """
    if isinstance(patzerbereich, np.ndarray):
        if patzerbereich.size and (patzerbereich.min() < 0 or patzerbereich.max() > 100):
            raise W100Fehler("Der Patzerbereich muss zwischen 0 und 100 liegen.")
    elif not 0 <= patzerbereich <= 100:
        raise W100Fehler(f"Der Patzerbereich muss zwischen 0 und 100 liegen ({patzerbereich}).")
    wert = w100_wert(natuerlich, lucky_seven=optionen.lucky_seven)
    basis = wert + ob - db + modifikator
    ergebnis = basis - abwehr.punkte
    patzer = natuerlich <= patzerbereich
    # eine Zahl (Live-Kampf, Ereignispfad): dasselbe ohne die Feld-Hilfe
    stufe = (PATZER if patzer else trefferstufe(ergebnis, optionen)) if patzer is True or patzer is False \
        else wo(patzer, PATZER, trefferstufe(ergebnis, optionen))
    return bauen(Angriffsergebnis, {
        "natuerlich": natuerlich, "wurfwert": wert, "basis": basis, "abwehr": abwehr,
        "ergebnis": ergebnis, "stufe": stufe, "kritisch": ist_kritisch(natuerlich, ergebnis, stufe, krit),
    })


def schadens_hoechstwert(schaden: str) -> int:
    """Der höchste mögliche Schadenswurf (für ``Optionen.krit_folge="hoechstschaden"``).

    >>> schadens_hoechstwert("2W10+4")
    24
    """
    ausdruck = wuerfel.parse(schaden)
    if any(g.explodierend for g in ausdruck.wuerfel):
        raise W100Fehler(f"„{schaden}“ hat explodierende Würfel – einen Höchstschaden gibt es nicht.")
    return sum(g.anzahl * (g.seiten if g.vorzeichen > 0 else -1) for g in ausdruck.wuerfel) + ausdruck.konstante


def schaden_nach_treffer(
    roh: Any,
    *,
    panzerung: Any,
    stufe: Any,
    kritisch: Any = False,
    krit_faktor: Any = 2,
    optionen: Optionen = Optionen(),
    hoechstwert: Any = None,
) -> Any:
    """Schaden, der beim Ziel ankommt.

    „Anschließend wird der Schaden berechnet und durch die passende Panzerung gemindert. Ein
    Streiftreffer verursacht nur die Hälfte des nach Panzerung berechneten Schadens.“
    (regeln/w100.txt › Angriff und Verteidigung, Schritt 5). Nie unter 0. Was ein kritischer
    Volltreffer bewirkt, sagt der Text nicht (``Optionen.krit_folge``): Standard vervielfacht
    er den Schaden (vor oder nach der Panzerung, ``krit_vor_panzerung``); „hoechstschaden“
    nimmt statt des Wurfs ``hoechstwert`` (:func:`schadens_hoechstwert`); „ohne“ ändert nichts.

    >>> schaden_nach_treffer(15, panzerung=4, stufe="streiftreffer")
    5

    Alle Werte außer den Optionen dürfen numpy-Felder sein (elementweise).
    """
    # eine Zahl direkt vergleichen: np.min auf einer einzelnen Zahl kostet mehr als der ganze Rest
    kleinste = panzerung if isinstance(panzerung, int) else \
        panzerung.min() if isinstance(panzerung, np.ndarray) else np.min(panzerung)
    if kleinste < 0:
        raise W100Fehler(f"Panzerung darf nicht negativ sein ({int(kleinste)}).")
    streif = stufe == STREIFTREFFER
    voll = stufe == VOLLTREFFER
    krit = und(kritisch, voll)
    faktor = wo(krit, krit_faktor, 1) if optionen.krit_folge == "faktor" else 1
    if optionen.krit_folge == "hoechstschaden":
        if hoechstwert is None:
            if np.any(krit):
                raise W100Fehler("Höchstschaden: der höchste mögliche Schadenswurf fehlt.")
        else:
            roh = wo(krit, hoechstwert, roh)
    if optionen.krit_vor_panzerung:
        rest = maximum(0, roh * faktor - panzerung)
    else:
        rest = maximum(0, roh - panzerung) * faktor
    halb = (rest + 1) // 2 if optionen.streiftreffer_aufrunden else rest // 2
    return wo(oder(streif, voll), wo(streif, halb, rest), 0)


# --------------------------------------------------------------------------- Gesundheit, Flee


def kampffaehig_nach_lp(lp: Any, optionen: Optionen = Optionen()) -> Any:
    """Gesundheitsmodell „lebenspunkte“ (Annahme, docs/w100.md): kampffähig, solange die LP
    über ``Optionen.kampfunfaehig_ab`` liegen – „Solange noch kampffähige Beteiligte …“
    (regeln/w100.txt › Initiative und Kampfrunde) nennt kein Maß. Elementweise bei Feldern.

    >>> kampffaehig_nach_lp(1), kampffaehig_nach_lp(0)
    (True, False)
    """
    return lp > optionen.kampfunfaehig_ab


def flee_nach_runde(flee: Any, flee_max: Any, regeneration: Any, optionen: Optionen = Optionen()) -> Any:
    """Flee zu Beginn einer neuen Runde: „dabei werden zeitabhängige Effekte verarbeitet und
    Flee regeneriert“ (regeln/w100.txt › Initiative und Kampfrunde). Wie viel, sagt der Text
    nicht: ganz auf das Maximum (``flee_voll_auffuellen``) oder um ``regeneration``, höchstens
    bis zum Maximum. Elementweise bei Feldern.

    >>> flee_nach_runde(5, 30, 10), flee_nach_runde(5, 30, 10, Optionen(flee_voll_auffuellen=False))
    (30, 15)
    """
    if optionen.flee_voll_auffuellen:
        return flee_max + 0 * flee
    return minimum(flee_max, flee + regeneration)


__all__ = [
    "Abwehr",
    "Angriffsergebnis",
    "KritRegel",
    "abwehr_aus",
    "bewerte_angriff",
    "flee_nach_runde",
    "ist_kritisch",
    "kampffaehig_nach_lp",
    "schadens_hoechstwert",
    "schaden_nach_treffer",
    "trefferstufe",
    "PATZER",
]
