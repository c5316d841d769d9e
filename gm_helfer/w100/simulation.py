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
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from gm_helfer import boegen as _boegen
from gm_helfer import simulation, wuerfel
from gm_helfer.felder import generator
from gm_helfer.schnell import je_objekt
from gm_helfer.w100 import gebuendelt
from gm_helfer.w100.ablauf import angriff, gegner_der_reihe_nach, schritt_richtung
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.daten import AUSWEICHEN, KEINE_ABWEHR, PARADE
from gm_helfer.w100.kampf import (
    Kampf,
    Waffe,
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

__all__ = [
    "ABWEHR", "EINSATZ", "ZIELE", "Handlung", "Taktik", "begegnung", "einen_kampf", "ereignis_begegnung",
    "fortsetzen", "generator", "naechste_handlung", "zugziel",
]

from gm_helfer.w100.taktik import ABWEHR, EINSATZ, ZIELE, Taktik, parade_erlaubt  # noqa: F401 (hier weiter angeboten)

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

    ``reihe``: :func:`~gm_helfer.w100.ablauf.gegner_der_reihe_nach` nach der Bewegung dieses
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


@dataclass(frozen=True)
class Handlung:
    """Die nächste Handlung, die die Taktik im Zug des Handelnden wählt (Moduldoku).

    ``art``: ``"bewegung"`` (nach ``nach``), ``"angriff"`` (auf ``ziel`` mit ``waffe``; die Abwehr
    des Ziels nach derselben Taktik: ``abwehr`` mit ``punkte``) oder ``"zug_beenden"``.
    """

    art: str
    wer: str
    ziel: str | None = None
    waffe: str | None = None
    nach: tuple[float, float] | None = None
    abwehr: str = KEINE_ABWEHR
    punkte: int = 0


def zugziel(kampf: Kampf, taktik: Taktik = Taktik(), rng: Any = None) -> str | None:
    """Das Ziel des Zuges für den Handelnden nach ``taktik.ziel`` – ``None`` ohne ausgerüstete
    Waffe oder ohne kampffähigen Gegner (dann endet der Zug). ``rng`` nur für ``"zufall"``."""
    name = kampf.am_zug
    assert name is not None
    gegner = gegner_der_reihe_nach(kampf)
    if not _ausgeruestet(kampf[name].waffen) or not gegner:
        return None
    return _ziel_waehlen(kampf, gegner, taktik, rng)


def naechste_handlung(kampf: Kampf, taktik: Taktik, ziel: str | None,
                      reihe: Sequence[str] | None = None) -> Handlung:
    """Was der Handelnde nach der Taktik als Nächstes tut – die eine Entscheidungsfunktion, die
    der Ereignispfad (:func:`_zug`) und der Vorschlag am Tisch
    (:func:`gm_helfer.w100.tisch.zug.vorschlag`) beide fragen.

    ``ziel``: das Ziel des Zuges (:func:`zugziel`, zu Beginn des Zuges gewählt); ``reihe``: die
    Gegner der Reihe nach (:func:`~gm_helfer.w100.ablauf.gegner_der_reihe_nach`, ``None``: aus
    dem Zustand). Der Zustand sagt, wie weit der Zug ist: ohne Angriff und Bewegung in diesem
    Zug wird bewegt, wenn keine Waffe das Ziel erreicht; dann greift jede ausgerüstete Waffe,
    die in der laufenden Angriffshandlung noch nicht angegriffen hat, in der Reihenfolge des
    Bogens an, dann beginnt die nächste Angriffshandlung; sonst endet der Zug.
    """
    name = kampf.am_zug
    assert name is not None
    if ziel is None or sieger(kampf) is not None:
        return Handlung("zug_beenden", name)
    ich = kampf[name]
    waffen = _ausgeruestet(ich.waffen)
    o = kampf.optionen
    if not ich.angriffshandlungen and not ich.waffen_in_aktion and not ich.bewegungen:
        z = kampf[ziel]
        if not any(erreicht(ich, z, w) for w in waffen) and ich.bewegungen_erlaubt(o) > 0:
            weite = max(w.reichweite for w in waffen)
            # _RAND Meter innerhalb der Reichweite halten: die Position wird auf Zentimeter gerundet.
            nach = schritt_richtung(kampf, ziel, abstand=max(0.0, weite - _RAND))
            if nach != ich.position:
                return Handlung("bewegung", name, nach=nach)
    if reihe is None:
        reihe = gegner_der_reihe_nach(kampf)
    laufend = ich.waffen_in_aktion
    if laufend:  # die laufende Angriffshandlung: die Waffen, die noch nicht angegriffen haben
        for waffe in waffen:
            if waffe.name not in laufend:
                t = _ziel_fuer(kampf, ziel, waffe, reihe)
                if t is not None:
                    return _angriffshandlung(kampf, name, t, waffe, taktik)
    if ich.angriffshandlungen < ich.angriffshandlungen_erlaubt(o):
        for waffe in waffen:
            t = _ziel_fuer(kampf, ziel, waffe, reihe)
            if t is not None:
                return _angriffshandlung(kampf, name, t, waffe, taktik)
    return Handlung("zug_beenden", name)


def _angriffshandlung(kampf: Kampf, name: str, ziel: str, waffe: Waffe, taktik: Taktik) -> Handlung:
    art, punkte = _abwehr(kampf, ziel, waffe, taktik)
    return Handlung("angriff", name, ziel=ziel, waffe=waffe.name, abwehr=art, punkte=punkte)


def _zug(kampf: Kampf, *, rng: Any, taktik: Taktik = Taktik(), verbrauch: dict[str, int] | None = None,
         ziel: str | None | bool = True) -> Kampf:
    """Der Zug des Handelnden nach der Taktik bis zu seinem Ende (ohne ``zug_beginn``/``zug_ende``),
    Handlung für Handlung über :func:`naechste_handlung`; eingesetzte Flee-Punkte werden in
    ``verbrauch`` (Name → Punkte) gezählt. ``ziel``: das Ziel des Zuges (``True``: jetzt wählen)."""
    name = kampf.am_zug
    assert name is not None
    if ziel is True:
        ziel = zugziel(kampf, taktik, rng)
    reihe = gegner_der_reihe_nach(kampf)
    while True:
        h = naechste_handlung(kampf, taktik, ziel, reihe)  # type: ignore[arg-type]
        if h.art == "zug_beenden":
            return kampf
        if h.art == "bewegung":
            kampf = anwenden(kampf, bewegung_ereignis(kampf, name, h.nach, text=False))  # type: ignore[arg-type]
            reihe = gegner_der_reihe_nach(kampf)  # neue Abstände
            continue
        ereignis = angriff(kampf, h.ziel, h.waffe, abwehr=h.abwehr, punkte=h.punkte, rng=rng, text=False)
        kampf = anwenden(kampf, ereignis)
        if verbrauch is not None and h.abwehr == AUSWEICHEN:
            verbrauch[h.ziel] = verbrauch.get(h.ziel, 0) + h.punkte  # type: ignore[index]


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


def fortsetzen(
    kampf: Kampf, *, rng: Any, max_runden: int, taktik: Taktik, verbrauch: dict[str, int] | None = None,
    halt: str = "",
) -> tuple[Kampf, bool]:
    """Spielt ab ``kampf`` – einem beliebigen Zustand des Live-Kampfs: vor der Initiative, mit
    offenem „Initiative Ergreifen“ (niemand ergreift sie), mitten im Zug (das Ziel des Zuges wählt
    die Taktik dann im Zustand neu), zwischen den Zügen – auf dem Ereignispfad weiter.

    Gibt ``(zustand, ende)``: ``ende`` ist wahr, wenn eine Seite gewonnen hat oder die Runde
    ``max_runden`` (gezählt wie ``Kampf.runde``) vorbei ist. ``halt="zug"``: schon halten, sobald
    niemand mitten im Zug ist und kein Vorrang („Initiative Ergreifen“) aussteht – zwischen zwei
    Zügen, der Übergabepunkt an die gebündelte Maschine (:mod:`gm_helfer.w100.tisch.lagebild`).
    """
    if sieger(kampf) is not None:
        return kampf, True
    neu_wuerfeln = kampf.optionen.initiative_neu_wuerfeln
    if kampf.runde == 0:
        kampf = anwenden(kampf, initiative_ereignis(kampf, rng=rng, text=False))
    mitten = kampf.am_zug is not None
    while True:
        if halt == "zug" and not mitten and kampf.vorrang is None:
            return kampf, False
        if mitten:
            mitten = False
        elif runde_vorbei(kampf):
            if kampf.runde >= max_runden:
                return kampf, True
            kampf = anwenden(kampf, neue_runde_ereignis(kampf, rng=rng if neu_wuerfeln else None, text=False))
            continue
        else:
            kampf = anwenden(kampf, zug_beginn_ereignis(kampf, text=False))
        kampf = _zug(kampf, rng=rng, taktik=taktik, verbrauch=verbrauch)
        if sieger(kampf) is not None:
            return kampf, True
        kampf = anwenden(kampf, zug_ende_ereignis(kampf, text=False))


def _spielen(
    kampf: Kampf, *, rng: Any, max_runden: int, taktik: Taktik, verbrauch: dict[str, int] | None = None,
) -> simulation.Kampfausgang:
    """Ein Kampf ab dem Startzustand ``kampf`` auf dem Ereignispfad (Moduldoku)."""
    kampf, _ = fortsetzen(kampf, rng=rng, max_runden=max_runden, taktik=taktik, verbrauch=verbrauch)
    return _ausgang(kampf, sieger(kampf))


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
    start = _start(boegen, optionen, max_runden)
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    uhr = time.perf_counter()
    ergebnis = gebuendelt.spielen(start, anzahl, rng=generator(rng), max_runden=max_runden,
                                  taktik=taktik or Taktik(), fortschritt=fortschritt)
    return simulation.auszaehlen(anzahl, *ergebnis.zaehler(), sekunden=time.perf_counter() - uhr,
                                 seiten=_seiten(start), verbrauch=ergebnis.verbrauch())
