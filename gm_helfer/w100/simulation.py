"""W100-Begegnungen simulieren: einen Kampf mit Zufall bis zum Ende spielen, viele auszählen.

Zwei Treiber, eine Regel (DESIGN.md): :func:`einen_kampf` und :func:`ereignis_begegnung`
spielen Kampf für Kampf über genau die Funktionen, die auch der Live-Kampf benutzt
(:func:`gm_helfer.w100.kampf_aus_boegen`, die Ereignis-Konstruktoren aus
:mod:`gm_helfer.w100.kampf` und :func:`gm_helfer.w100.anwenden`) – die Referenz; hier wird
keine Regel nachgebaut. Alle Würfe kommen aus dem übergebenen ``rng``. Das Protokoll
(``Verlauf``) wird ausgelassen: die Ereignisse werden direkt auf den Zustand angewendet.
:func:`begegnung` spielt viele Kämpfe auf einmal mit der gebündelten Maschine
:mod:`gm_helfer.w100.gebuendelt` – dieselbe Taktik, dieselben Auswerte-Funktionen auf
numpy-Feldern; ``tests/w100/test_gebuendelt.py`` prüft, dass beide übereinstimmen.

Ablauf (regeln/w100.txt › Initiative und Kampfrunde): Initiative für alle würfeln; wer
die höchste verfügbare Initiative hat, ist am Zug; nach dem Zug −100; hat niemand mehr
Initiative, beginnt eine neue Runde (gespeicherte oder neu gewürfelte Initiative, wie die
Einstellung ``Optionen.initiative_neu_wuerfeln`` sagt).

**Standardtaktik** (eine einfache Wahl – der Text trifft sie nicht; die Felder von
:class:`Taktik` ändern sie):

* *Ziel* (``Taktik.ziel``): der nächste kampffähige Gegner (Reihenfolge wie die Zielauswahl
  im Live-Notebook, :func:`gm_helfer.w100.sitzung.ziele`; bei gleichem Abstand die
  Reihenfolge der Aufstellung). Wählbar: der Schwächste (die wenigsten verbleibenden
  Lebenspunkte), der Stärkste (die meisten), ein zufälliger, der erste in der Reihenfolge der
  Bögen – bei Gleichstand jeweils der erste in der Reihenfolge der Bögen. Das Ziel wird zu
  Beginn des Zuges gewählt.
* *Bewegung*: Erreicht keine ausgerüstete Waffe das Ziel, macht der Kämpfer eine
  Bewegungshandlung auf das Ziel zu, bis knapp in die Reichweite seiner weitestreichenden
  Waffe (:func:`gm_helfer.w100.sitzung.schritt_richtung`) – „Deine Positionierung bestimmt
  unter anderem, welche Ziele du erreichen kannst.“ (regeln/w100.txt › Handlungen und
  Positionierung). Fernkämpfer bleiben also auf Abstand.
* *Angriff*: In jeder Angriffshandlung (``Optionen.angriffshandlungen_pro_zug``, Standard
  eine) greift jede ausgerüstete Waffe einmal an, in der Reihenfolge des Bogens – „Mehrere
  Angriffe mit ausgerüsteten Waffen können zu einer Angriffshandlung gehören.“ (ebenda).
  Ziel ist das gewählte Ziel; fällt es, der nächste kampffähige Gegner in Reichweite der
  Waffe. Waffen ohne Ziel in Reichweite setzen aus. Kein Angriffsmodifikator.
* *Abwehr* (``Taktik.abwehr``, ``Taktik.einsatz``): Der Verteidiger weicht jedem Angriff mit
  all seinen noch vorhandenen Flee-Punkten aus (sofern die Einstellung Ausweichen gegen diese
  Waffe erlaubt) – Flee regeneriert zu jeder neuen Runde. Wählbar: *parieren* – mit dem
  freien Nahkampf-OB (:attr:`~gm_helfer.w100.Kaempfer.parade_frei`), wo die Einstellung
  Parade gegen diese Waffe erlaubt und noch Punkte frei sind, sonst ausweichen; die
  Paradepunkte fehlen dem eigenen Nahkampfangriff, bis sie frei werden
  (``Optionen.parade_bis_rundenende``). *Zurückhalten* (``einsatz="haelfte"``): nur die
  Hälfte der verfügbaren Punkte (aufgerundet) einsetzen, den Rest für spätere Angriffe
  derselben Runde. Niemand ergreift die Initiative.
* *Patzer* mit ``Optionen.patzer_folge="angriffshandlung"``: die Angriffshandlung ist
  vorbei, die übrigen Waffen dieser Handlung greifen nicht mehr an.

**Ende**: Sobald nur noch eine Seite kampffähige Beteiligte hat
(:func:`gm_helfer.w100.sieger`), hat sie gewonnen – geprüft nach jedem Angriff. Ist die
Runde ``max_runden`` vorbei, ohne dass eine Seite gewonnen hat, endet der Kampf ohne Sieger.

:attr:`Kampfausgang.runden` zählt Kampfrunden (je 3 Sekunden): die Runde, in der der Kampf
endete. ``ausgeschaltet`` sind alle, die am Ende kampfunfähig sind (Lebenspunkte auf
``Optionen.kampfunfaehig_ab`` oder darunter). Einen Tod kennt der Regeltext nicht – ``tot``
bleibt leer. ``Auswertung.verbrauch`` zählt je Kämpfer die im Mittel eingesetzten
Flee-Punkte („Flee (Name)“).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from gm_helfer import boegen as _boegen
from gm_helfer import simulation, wuerfel
from gm_helfer.felder import generator
from gm_helfer.schnell import je_objekt
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.daten import AUSWEICHEN, FERNKAMPF, KEINE_ABWEHR, PARADE
from gm_helfer.w100.kampf import (
    Kampf,
    Waffe,
    angriff_planen,
    anwenden,
    bewegung_ereignis,
    erreicht,
    initiative_ereignis,
    neue_runde_ereignis,
    runde_vorbei,
    sieger,
    zug_beginn_ereignis,
    zug_ende_ereignis,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler
from gm_helfer.w100.sitzung import angriff, gegner_der_reihe_nach, schritt_richtung

__all__ = ["ABWEHR", "EINSATZ", "ZIELE", "Taktik", "begegnung", "einen_kampf", "ereignis_begegnung", "generator"]

ZIELE = {"naechster": "den Nächsten (kürzester Abstand)", **simulation.ZIELWAHL}
"""Zielwahl der W100-Simulation: die gemeinsamen Schlüssel (:data:`gm_helfer.simulation.ZIELWAHL`)
und „naechster“ – W100 spielt Positionen, darum ist der Nächste die Vorgabe."""

ABWEHR = {
    "ausweichen": "ausweichen (Flee)",
    "parade": "parieren (Nahkampf-OB), wo erlaubt – sonst ausweichen",
}
"""Abwehr gegen jeden Angriff: „Beide Abwehrarten werden nicht für denselben Angriff addiert.“"""

EINSATZ = {
    "alles": "alle verfügbaren Punkte",
    "haelfte": "die Hälfte (aufgerundet) – den Rest zurückhalten",
}
"""Wie viele der verfügbaren Flee- bzw. Paradepunkte gegen einen Angriff eingesetzt werden."""


@dataclass(frozen=True)
class Taktik:
    """Wählbare Taktik einer W100-Begegnung (beide Treiber spielen sie gleich; Moduldoku).

    Die Vorgaben sind die Standardtaktik: den Nächsten angreifen, mit allen Flee-Punkten
    ausweichen.
    """

    ziel: str = field(default="naechster", metadata={"text": "Wen angreifen", "wahl": ZIELE})
    abwehr: str = field(default="ausweichen", metadata={"text": "Abwehr", "wahl": ABWEHR})
    einsatz: str = field(default="alles", metadata={"text": "Punkte je Abwehr", "wahl": EINSATZ})

    def __post_init__(self) -> None:
        for name, wahl in (("ziel", ZIELE), ("abwehr", ABWEHR), ("einsatz", EINSATZ)):
            if getattr(self, name) not in wahl:
                raise W100Fehler(f"Taktik: unbekannte Wahl „{getattr(self, name)}“ für {name} "
                                 f"(möglich: {', '.join(wahl)}).")

    def punkte(self, verfuegbar: Any) -> Any:
        """Eingesetzte Punkte von ``verfuegbar`` (Zahl oder Feld): alle oder die Hälfte, aufgerundet."""
        return verfuegbar if self.einsatz == "alles" else (verfuegbar + 1) // 2

_RAND = 0.1
"""So viele Meter bleibt die Bewegung diesseits der Reichweite und der Bewegungsweite
(gegen die Rundung der Position auf Zentimeter)."""


@je_objekt
def _ausgeruestet(waffen: tuple[Waffe, ...]) -> tuple[Waffe, ...]:
    """Die ausgerüsteten ``waffen`` – einmal je Waffentupel (es geht unverändert von Zustand zu
    Zustand mit; :func:`je_objekt`)."""
    return tuple(w for w in waffen if w.ausgeruestet)


def _ziel_waehlen(kampf: Kampf, gegner: list[str], taktik: Taktik, rng: Any) -> str:
    """Das Ziel des Zuges nach ``taktik.ziel`` (``gegner``: die nächsten zuerst)."""
    if taktik.ziel == "naechster":
        return gegner[0]
    if taktik.ziel == "zufall":
        return gegner[wuerfel.zufallszahl(rng, len(gegner)) - 1]
    aufstellung = [k.name for k in kampf.kaempfer if k.name in set(gegner)]
    if taktik.ziel == "erster":
        return aufstellung[0]
    zeichen = 1 if taktik.ziel == "schwaechster" else -1
    return min(aufstellung, key=lambda n: zeichen * (kampf[n].lp or 0))


def _ziel_fuer(kampf: Kampf, ziel: str, waffe: Waffe, reihe: Sequence[str]) -> str | None:
    """Das gewählte Ziel, wenn es noch steht und die Waffe es erreicht; sonst der nächste
    kampffähige Gegner in Reichweite der Waffe; ``None``, wenn keiner erreichbar ist.

    ``reihe``: :func:`~gm_helfer.w100.sitzung.gegner_der_reihe_nach` nach der Bewegung dieses
    Zuges. Danach bewegt sich im Zug niemand mehr, und wer fällt, steht im Zug nicht wieder auf
    (Angriffe senken Lebenspunkte nur) – die Gegner der Reihe nach sind also diese Liste ohne
    die inzwischen Gefallenen; sie wird nicht je Waffe neu sortiert.
    """
    a = kampf[kampf.am_zug]  # type: ignore[index]
    stehend = kampf._stehend or kampf.kampffaehige()
    i = kampf.platz(ziel)
    if stehend[i] and erreicht(a, kampf.kaempfer[i], waffe):
        return ziel
    for g in reihe:
        j = kampf.platz(g)
        if stehend[j] and erreicht(a, kampf.kaempfer[j], waffe):
            return g
    return None


def parade_erlaubt(waffe: Waffe, optionen: Optionen) -> bool:
    """Ob sich ein Angriff mit ``waffe`` parieren lässt (dieselben Prüfungen wie
    :func:`gm_helfer.w100.kampf.angriff_planen`): Zauber nur mit ``parade_gegen_zauber``,
    Fernkampf nur mit ``parade_gegen_fernkampf``."""
    if waffe.magisch:
        return optionen.parade_gegen_zauber
    return waffe.art != FERNKAMPF or optionen.parade_gegen_fernkampf


def _abwehr(kampf: Kampf, ziel: str, waffe: Waffe, taktik: Taktik) -> tuple[str, int]:
    """Abwehr nach der Taktik: parieren (wo erlaubt und Punkte frei) oder ausweichen, sofern
    erlaubt; alle oder die Hälfte der verfügbaren Punkte. Gibt (Abwehrart, Punkte) zurück."""
    z = kampf[ziel]
    if taktik.abwehr == "parade":
        frei = z.parade_frei
        if frei and parade_erlaubt(waffe, kampf.optionen):
            return PARADE, taktik.punkte(frei)
    flee = z.flee or 0
    if flee and (not waffe.magisch or kampf.optionen.ausweichen_gegen_zauber):
        return AUSWEICHEN, taktik.punkte(flee)
    return KEINE_ABWEHR, 0


def _zug(kampf: Kampf, *, rng: Any, taktik: Taktik = Taktik(), verbrauch: dict[str, int] | None = None) -> Kampf:
    """Ein ganzer Zug des Handelnden nach der Taktik (ohne ``zug_beginn``/``zug_ende``);
    eingesetzte Flee-Punkte werden in ``verbrauch`` (Name → Punkte) gezählt."""
    name = kampf.am_zug
    assert name is not None
    ich = kampf[name]
    waffen = _ausgeruestet(ich.waffen)
    gegner = gegner_der_reihe_nach(kampf)
    if not waffen or not gegner:
        return kampf
    ziel = _ziel_waehlen(kampf, gegner, taktik, rng)
    z = kampf[ziel]
    if not any(erreicht(ich, z, w) for w in waffen):
        if ich.bewegungen < kampf.optionen.bewegungen_pro_zug:
            weite = max(w.reichweite for w in waffen)
            # _RAND Meter innerhalb der Reichweite halten: die Position wird auf Zentimeter gerundet.
            nach = schritt_richtung(kampf, ziel, abstand=max(0.0, weite - _RAND))
            if nach != ich.position:
                kampf = anwenden(kampf, bewegung_ereignis(kampf, name, nach, text=False))
                gegner = gegner_der_reihe_nach(kampf)  # neue Abstände
    for _ in range(kampf.optionen.angriffshandlungen_pro_zug):
        for waffe in waffen:
            if sieger(kampf) is not None:
                return kampf
            z = _ziel_fuer(kampf, ziel, waffe, gegner)
            if z is None:
                continue
            art, punkte = _abwehr(kampf, z, waffe, taktik)
            ereignis = angriff(kampf, z, waffe.name, abwehr=art, punkte=punkte, rng=rng, text=False)
            kampf = anwenden(kampf, ereignis)
            if verbrauch is not None and art == AUSWEICHEN:
                verbrauch[z] = verbrauch.get(z, 0) + punkte
            if ereignis.daten["handlung_endet"]:
                break  # Patzerfolge „angriffshandlung“: die übrigen Waffen dieser Handlung schweigen
    return kampf


def _ausgang(kampf: Kampf, gewinner: str | None) -> simulation.Kampfausgang:
    aus = tuple(k.name for k in kampf.kaempfer if not k.kampffaehig(kampf.optionen))
    return simulation.Kampfausgang(sieger=gewinner, runden=kampf.runde, ausgeschaltet=aus, tot=())


def _start(boegen: Sequence[_boegen.Bogen], optionen: Optionen | None, max_runden: int) -> Kampf:
    """Der Startzustand wie im Live-Kampf, mit den Prüfungen der Simulation."""
    if max_runden < 1:
        raise W100Fehler(f"Die Rundengrenze muss mindestens 1 sein, nicht {max_runden}.")
    kampf = kampf_aus_boegen(boegen, optionen or Optionen())
    if kampf.optionen.gesundheit == "ohne":
        raise W100Fehler("Ohne Gesundheitsmodell fällt niemand aus – die Simulation braucht "
                         "das Gesundheitsmodell „lebenspunkte“.")
    if len({k.seite for k in kampf.kaempfer}) < 2:
        raise W100Fehler("Für eine Begegnung braucht es Beteiligte auf beiden Seiten (Helden und Gegner).")
    return kampf


def _spielen(
    kampf: Kampf, *, rng: Any, max_runden: int, taktik: Taktik, verbrauch: dict[str, int] | None = None,
) -> simulation.Kampfausgang:
    """Ein Kampf ab dem Startzustand ``kampf`` auf dem Ereignispfad (Moduldoku)."""
    gewinner = sieger(kampf)
    if gewinner is not None:
        return _ausgang(kampf, gewinner)
    neu_wuerfeln = kampf.optionen.initiative_neu_wuerfeln
    kampf = anwenden(kampf, initiative_ereignis(kampf, rng=rng, text=False))
    while True:
        if runde_vorbei(kampf):
            if kampf.runde >= max_runden:
                return _ausgang(kampf, None)
            kampf = anwenden(kampf, neue_runde_ereignis(kampf, rng=rng if neu_wuerfeln else None, text=False))
            continue
        kampf = anwenden(kampf, zug_beginn_ereignis(kampf, text=False))
        kampf = _zug(kampf, rng=rng, taktik=taktik, verbrauch=verbrauch)
        gewinner = sieger(kampf)
        if gewinner is not None:
            return _ausgang(kampf, gewinner)
        kampf = anwenden(kampf, zug_ende_ereignis(kampf, text=False))


def einen_kampf(
    boegen: Sequence[_boegen.Bogen],
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | None = None,
) -> simulation.Kampfausgang:
    """Spielt einen W100-Kampf der Bögen nach der Taktik (Moduldoku) bis zum Ende – auf dem
    Ereignispfad, der Referenz der gebündelten Maschine.

    Seiten und Aufstellung kommen aus den Bögen, gebaut wie im Live-Kampf
    (:func:`gm_helfer.w100.kampf_aus_boegen`). ``runden`` sind Kampfrunden (3 Sekunden).

    Raises:
        W100Fehler: keine zwei Seiten, oder ``max_runden`` kleiner als 1 (deutsche Meldung).
    """
    return _spielen(_start(boegen, optionen, max_runden), rng=rng, max_runden=max_runden,
                    taktik=taktik or Taktik())


def _seiten(kampf: Kampf) -> dict[str, str]:
    return {k.name: k.seite for k in kampf.kaempfer}


def ereignis_begegnung(
    boegen: Sequence[_boegen.Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | None = None,
) -> simulation.Auswertung:
    """Wie :func:`begegnung`, aber Kampf für Kampf auf dem Ereignispfad (:func:`einen_kampf`,
    :func:`gm_helfer.simulation.simulieren`) – die Referenz, gegen die die gebündelte Maschine
    geprüft wird; viel langsamer. Zählt auch die eingesetzten Flee-Punkte.
    """
    start = _start(boegen, optionen, max_runden)
    taktik = taktik or Taktik()
    flee: dict[str, int] = {}
    a = simulation.simulieren(
        lambda r: _spielen(start, rng=r, max_runden=max_runden, taktik=taktik, verbrauch=flee), anzahl, rng=rng)
    verbrauch = {f"Flee ({k.name})": flee[k.name] / anzahl for k in start.kaempfer if flee.get(k.name)}
    return replace(a, seiten=MappingProxyType(_seiten(start)), verbrauch=MappingProxyType(verbrauch))


def begegnung(
    boegen: Sequence[_boegen.Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | None = None,
    fortschritt: Callable[[int, int], None] | None = None,
) -> simulation.Auswertung:
    """Spielt die Begegnung ``anzahl``-mal mit der gebündelten Maschine
    (:mod:`gm_helfer.w100.gebuendelt`: alle Kämpfe auf einmal als numpy-Felder, dieselbe Taktik
    und dieselben Auswerte-Funktionen wie :func:`einen_kampf`) und zählt aus: Siegchancen je
    Seite, Dauer in Runden, wie oft wer ausgeschaltet ist, eingesetzte Flee-Punkte je Kämpfer
    (``verbrauch``, „Flee (Name)“).

    Args:
        rng: numpy ``Generator`` (die einzige Zufallsquelle) oder ``random.Random`` (daraus wird
            ein Generator geseedet; gleiche Saat, gleiches Ergebnis).
        taktik: :class:`Taktik` (``None``: Standardtaktik).
        fortschritt: ``fortschritt(fertig, anzahl)`` nach jedem Block von Kämpfen.

    Raises:
        W100Fehler: keine zwei Seiten, Rundengrenze unter 1, kein Gesundheitsmodell.
        ValueError: ``anzahl`` unter 1 (deutsche Meldung).

    >>> import random
    >>> from gm_helfer import boegen, pfade
    >>> b = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen
    >>> a = begegnung(b, 20, rng=random.Random(1))
    >>> round(sum(a.sieg.values()), 9)
    1.0
    """
    from gm_helfer.w100 import gebuendelt

    start = _start(boegen, optionen, max_runden)
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    uhr = time.perf_counter()
    ergebnis = gebuendelt.spielen(start, anzahl, rng=generator(rng), max_runden=max_runden,
                                  taktik=taktik or Taktik(), fortschritt=fortschritt)
    return simulation.auszaehlen(anzahl, *ergebnis.zaehler(), sekunden=time.perf_counter() - uhr,
                                 seiten=_seiten(start), verbrauch=ergebnis.verbrauch())
