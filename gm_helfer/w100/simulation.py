"""W100-Begegnungen simulieren: einen Kampf mit Zufall bis zum Ende spielen, viele auszählen.

Der Kampf läuft über genau die Funktionen, die auch der Live-Kampf benutzt
(:func:`gm_helfer.w100.kampf_aus_boegen`, die Ereignis-Konstruktoren aus
:mod:`gm_helfer.w100.kampf` und :func:`gm_helfer.w100.anwenden`); hier wird keine Regel
nachgebaut. Alle Würfe kommen aus dem übergebenen ``rng``. Das Protokoll (``Verlauf``)
wird ausgelassen: die Ereignisse werden direkt auf den Zustand angewendet.

Ablauf (regeln/w100.txt › Initiative und Kampfrunde): Initiative für alle würfeln; wer
die höchste verfügbare Initiative hat, ist am Zug; nach dem Zug −100; hat niemand mehr
Initiative, beginnt eine neue Runde (gespeicherte oder neu gewürfelte Initiative, wie die
Einstellung ``Optionen.initiative_neu_wuerfeln`` sagt).

**Standardtaktik** (eine feste, einfache Wahl – der Text trifft sie nicht):

* *Ziel*: der nächste kampffähige Gegner (Reihenfolge wie die Zielauswahl im
  Live-Notebook, :func:`gm_helfer.w100.sitzung.ziele`; bei gleichem Abstand die Reihenfolge
  der Aufstellung).
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
* *Abwehr*: Der Verteidiger weicht jedem Angriff mit all seinen noch vorhandenen
  Flee-Punkten aus (sofern die Einstellung Ausweichen gegen diese Waffe erlaubt) – Flee
  regeneriert zu jeder neuen Runde. Parade wird nie angesagt (sie bindet den eigenen
  Nahkampf-OB). Niemand ergreift die Initiative.

**Ende**: Sobald nur noch eine Seite kampffähige Beteiligte hat
(:func:`gm_helfer.w100.sieger`), hat sie gewonnen – geprüft nach jedem Angriff. Ist die
Runde ``max_runden`` vorbei, ohne dass eine Seite gewonnen hat, endet der Kampf ohne Sieger.

:attr:`Kampfausgang.runden` zählt Kampfrunden (je 3 Sekunden): die Runde, in der der Kampf
endete. ``ausgeschaltet`` sind alle, die am Ende kampfunfähig sind (Lebenspunkte auf
``Optionen.kampfunfaehig_ab`` oder darunter). Einen Tod kennt der Regeltext nicht – ``tot``
bleibt leer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gm_helfer import boegen as _boegen
from gm_helfer import simulation
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.daten import AUSWEICHEN
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
from gm_helfer.w100.sitzung import angriff, schritt_richtung, ziele

__all__ = ["begegnung", "einen_kampf"]

_RAND = 0.1
"""So viele Meter bleibt die Bewegung diesseits der Reichweite und der Bewegungsweite
(gegen die Rundung der Position auf Zentimeter)."""


def _waffen(kampf: Kampf, name: str) -> tuple[Waffe, ...]:
    return tuple(w for w in kampf[name].waffen if w.ausgeruestet)


def _gegner_der_reihe_nach(kampf: Kampf) -> list[str]:
    """Kampffähige Gegner des Handelnden, die nächsten zuerst (Zielauswahl des Live-Notebooks)."""
    seite = kampf[kampf.am_zug].seite
    return [n for n in ziele(kampf) if kampf[n].seite != seite]


def _ziel_fuer(kampf: Kampf, ziel: str, waffe: Waffe) -> str | None:
    """Das gewählte Ziel, wenn es noch steht und die Waffe es erreicht; sonst der nächste
    kampffähige Gegner in Reichweite der Waffe; ``None``, wenn keiner erreichbar ist."""
    a = kampf[kampf.am_zug]
    z = kampf[ziel]
    if z.kampffaehig(kampf.optionen) and erreicht(a, z, waffe):
        return ziel
    return next((g for g in _gegner_der_reihe_nach(kampf) if erreicht(a, kampf[g], waffe)), None)


def _abwehr(kampf: Kampf, ziel: str, waffe: Waffe) -> dict[str, Any]:
    """Standardtaktik der Abwehr: alle verbleibenden Flee-Punkte, sofern erlaubt; nie Parade."""
    flee = kampf[ziel].flee or 0
    if flee and (not waffe.magisch or kampf.optionen.ausweichen_gegen_zauber):
        return {"abwehr": AUSWEICHEN, "punkte": flee}
    return {}


def _zug(kampf: Kampf, *, rng: Any) -> Kampf:
    """Ein ganzer Zug des Handelnden nach der Standardtaktik (ohne ``zug_beginn``/``zug_ende``)."""
    name = kampf.am_zug
    assert name is not None
    waffen = _waffen(kampf, name)
    gegner = _gegner_der_reihe_nach(kampf)
    if not waffen or not gegner:
        return kampf
    ziel = gegner[0]
    if not any(erreicht(kampf[name], kampf[ziel], w) for w in waffen):
        if kampf[name].bewegungen < kampf.optionen.bewegungen_pro_zug:
            weite = max(w.reichweite for w in waffen)
            # _RAND Meter innerhalb der Reichweite halten: die Position wird auf Zentimeter gerundet.
            nach = schritt_richtung(kampf, ziel, abstand=max(0.0, weite - _RAND))
            if nach != kampf[name].position:
                kampf = anwenden(kampf, bewegung_ereignis(kampf, name, nach))
    for _ in range(kampf.optionen.angriffshandlungen_pro_zug):
        for waffe in waffen:
            if sieger(kampf) is not None:
                return kampf
            z = _ziel_fuer(kampf, ziel, waffe)
            if z is None:
                continue
            ereignis = angriff(kampf, z, waffe.name, rng=rng, **_abwehr(kampf, z, waffe))
            kampf = anwenden(kampf, ereignis)
    return kampf


def _ausgang(kampf: Kampf, gewinner: str | None) -> simulation.Kampfausgang:
    aus = tuple(k.name for k in kampf.kaempfer if not k.kampffaehig(kampf.optionen))
    return simulation.Kampfausgang(sieger=gewinner, runden=kampf.runde, ausgeschaltet=aus, tot=())


def einen_kampf(
    boegen: Sequence[_boegen.Bogen],
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
) -> simulation.Kampfausgang:
    """Spielt einen W100-Kampf der Bögen nach der Standardtaktik (Moduldoku) bis zum Ende.

    Seiten und Aufstellung kommen aus den Bögen, gebaut wie im Live-Kampf
    (:func:`gm_helfer.w100.kampf_aus_boegen`). ``runden`` sind Kampfrunden (3 Sekunden).

    Raises:
        W100Fehler: keine zwei Seiten, oder ``max_runden`` kleiner als 1 (deutsche Meldung).
    """
    if max_runden < 1:
        raise W100Fehler(f"Die Rundengrenze muss mindestens 1 sein, nicht {max_runden}.")
    kampf = kampf_aus_boegen(boegen, optionen or Optionen())
    if kampf.optionen.gesundheit == "ohne":
        raise W100Fehler("Ohne Gesundheitsmodell fällt niemand aus – die Simulation braucht "
                         "das Gesundheitsmodell „lebenspunkte“.")
    if len({k.seite for k in kampf.kaempfer}) < 2:
        raise W100Fehler("Für eine Begegnung braucht es Beteiligte auf beiden Seiten (Helden und Gegner).")
    gewinner = sieger(kampf)
    if gewinner is not None:
        return _ausgang(kampf, gewinner)
    neu_wuerfeln = kampf.optionen.initiative_neu_wuerfeln
    kampf = anwenden(kampf, initiative_ereignis(kampf, rng=rng))
    while True:
        if runde_vorbei(kampf):
            if kampf.runde >= max_runden:
                return _ausgang(kampf, None)
            kampf = anwenden(kampf, neue_runde_ereignis(kampf, rng=rng if neu_wuerfeln else None))
            continue
        kampf = anwenden(kampf, zug_beginn_ereignis(kampf))
        kampf = _zug(kampf, rng=rng)
        gewinner = sieger(kampf)
        if gewinner is not None:
            return _ausgang(kampf, gewinner)
        kampf = anwenden(kampf, zug_ende_ereignis(kampf))


def begegnung(
    boegen: Sequence[_boegen.Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
) -> simulation.Auswertung:
    """Spielt die Begegnung ``anzahl``-mal (:func:`einen_kampf`) und zählt aus.

    >>> import random
    >>> from gm_helfer import boegen, pfade
    >>> b = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen
    >>> a = begegnung(b, 20, rng=random.Random(1))
    >>> round(sum(a.sieg.values()), 9)
    1.0
    """
    boegen = tuple(boegen)
    return simulation.simulieren(
        lambda r: einen_kampf(boegen, rng=r, optionen=optionen, max_runden=max_runden),
        anzahl,
        rng=rng,
    )
