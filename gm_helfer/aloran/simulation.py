"""Aloran-Begegnungen simulieren: ganze Kämpfe mit Zufall, mit denselben Regeln wie der Live-Kampf.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, AKTIONEN, ATTACKE UND PARADE;
Allgemeine Regeln › 6. Phase - Kampfende / Kampfunfähigkeit.

Zwei Treiber, eine Regel (DESIGN.md): :func:`einen_kampf` und :func:`ereignis_begegnung` spielen
Kampf für Kampf auf dem Ereignispfad (die Referenz, Treiber :func:`gm_helfer.simulation.simulieren`);
:func:`begegnung` spielt viele Kämpfe auf einmal mit der gebündelten Maschine
:mod:`gm_helfer.aloran.gebuendelt` – dieselbe Taktik, dieselben Auswerte-Funktionen, auf
numpy-Feldern. Die Tests prüfen, dass beide übereinstimmen (``tests/aloran/test_gebuendelt.py``).

Ein Kampf läuft auf dem Ereignispfad genau wie im Live-Tracker: Startzustand aus :func:`~.kampf.neuer_kampf`
(je Bogen ein Kämpfer, die Seite aus dem Bogenfeld ``seite``), einmal
:func:`~.kampf.initiative_ereignis` („für gewöhnlich nur neu erwürfelt …, wenn eine völlig
neue Kampfsituation beginnt“), dann je Runde :func:`~.kampf.runde_ereignis` und die
Austausche aus :func:`~.kampf.angriff_ereignis`, alle gefaltet mit :func:`~.kampf.anwenden`.
Alle Würfel kommen aus ``rng``. Das Protokoll (``Verlauf``) wird ausgelassen – es ändert
nichts am Ausgang und kostet nur Zeit.

**Standardtaktik** (Entscheidungen, die die Bibliothek dem Spielleiter überlässt; wählbar über
:class:`Taktik`, deren Vorgaben genau diese Standardtaktik sind):

- *Reihenfolge*: wie im Live-Kampf handelt, wer :func:`~.kampf.am_zug` ist (die aktuelle
  Initiative zählt, Wunden können die Reihenfolge in der Runde ändern), danach
  :func:`~.kampf.zug_ende_ereignis`; wer gleichzeitig handelt (gleiche Initiative), würfelt in
  der Reihenfolge der Bögen, aber gegen den Stand vor dem Austausch – die Folgen gelten, wenn
  alle gehandelt haben (Option ``nacheinander_bei_gleicher_initiative``: nacheinander, jeder
  gegen den Stand nach dem vorigen). Niemand wartet ab.
- *Angriff*: Jeder, der handeln kann (nicht kampfunfähig, nicht bewusstlos), setzt in seinem
  Zug alle Kampfaktionen ein, die er hat – auch eine Bonus-Kampfaktion aus Patzer oder
  Meistertreffer, sofern er sie in seinem Zug erhält. Alle stehen in Reichweite
  (Bewegung wird nicht gespielt).
- *Ziel*: der Gegner (andere Seite), der noch handeln kann und die meisten Wunden hat;
  bei Gleichstand der erste in der Reihenfolge der Bögen (``Taktik.ziel``: auch der mit den
  wenigsten Wunden, ein zufälliger oder der erste).
- *Waffe*: der Angriff mit dem größten Pool unter Waffen und Schadenszaubern (physisch);
  bei Gleichstand der erste. Wer keinen hat, ringt/rauft waffenlos (der erste waffenlose
  Angriff). Manöver werden nicht genutzt (ihre Wirkung steht nur als Text in der Liste).
- *Verteidigung*: das Ziel wehrt mit der zulässigen Verteidigung (:func:`~.werte.wehrt_ab`)
  mit dem größten Pool ab, solange es eine Verteidigungsaktion hat und nicht wehrlos,
  kampfunfähig oder bewusstlos ist (:func:`~.kampf.kann_verteidigen`); die Bonusaktion
  „Kampf mit zwei Waffen“ dient nur als zusätzliche Verteidigung (eine Parade mit der
  Zweitwaffe, sobald die Verteidigungsaktion verbraucht ist). ``Taktik.verteidigung``: auch
  nur parieren (Waffe oder Parade-Manöver), nur ausweichen oder gar nicht; ``Taktik.zweitwaffe_pariert``
  schaltet die Parade mit der Zweitwaffe ab (:func:`verteidigungen`).
- *Ressourcen*: Ausdauer wird nicht für Spurts ausgegeben (``Auswertung.verbrauch`` bleibt
  leer), Interaktionen bleiben ungenutzt, niemand hält Aktionen zurück (Abwarten).

**Kampfende**: sobald höchstens eine Seite noch jemanden hat, der handeln kann
(kampfunfähig = Kopf oder Torso über der dritten Schwelle; bewusstlos = Ausdauer 0).
Nach ``max_runden`` Runden ohne Entscheidung gibt es keinen Sieger. Wehrlose kämpfen weiter
(sie können sich nur nicht mehr verteidigen).

``Kampfausgang.runden`` zählt Kampfrunden. ``ausgeschaltet`` nennt alle, die am Ende
kampfunfähig oder bewusstlos sind. ``tot`` bleibt leer: der Regeltext kennt keinen sicheren
Tod („Der Charakter wird nun, sollte ihm niemand eiligst helfen, sehr wahrscheinlich
sterben.“ – ob ihm geholfen wird, entscheidet der Spielleiter nach dem Kampf).

>>> import random
>>> from gm_helfer import boegen
>>> ladung = boegen.laden("aloran")
>>> auswahl = [b for b in ladung.boegen if b.werte["name"] in ("Brann", "Ork-Krieger")]
>>> a = begegnung(auswahl, 200, rng=random.Random(3))
>>> round(sum(a.sieg.values()), 9)
1.0
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from gm_helfer import boegen as boegen_kern
from gm_helfer import simulation
from gm_helfer.felder import generator

from . import gebuendelt
from .bogen import aus_bogen
from .kampf import (
    Kampf,
    angriff_ereignis,
    anwenden,
    initiative_ereignis,
    kann_handeln,
    neuer_kampf,
    runde_ereignis,
    verzicht_ereignis,
    zug_ende_ereignis,
)
from .optionen import Optionen
from .proben import AloranFehler

__all__ = ["VERTEIDIGUNGSWAHL", "Taktik", "begegnung", "einen_kampf", "ereignis_begegnung", "standardangriff",
           "standardverteidigung", "standardziel", "verteidigungen", "weiterspielen"]

from .taktik import (  # noqa: F401 (hier weiter angeboten)
    _VERTEIDIGUNGSARTEN,
    _WUNDEN,
    VERTEIDIGUNGSWAHL,
    Gedaechtnis,
    Taktik,
    Zugwahl,
    _ziel_waehlen,
    faellig,
    standardangriff,
    standardverteidigung,
    standardziel,
    verteidigungen,
)

_Gedaechtnis = Gedaechtnis  # alter Name (Tests, Werkzeuge)


def _schritt(kampf: Kampf, w: Zugwahl, rng: Any) -> Kampf:
    """Spielt die :class:`~.taktik.Zugwahl` als Ereignis (ohne Text – das Protokoll fehlt hier)."""
    if w.schluessel == "angriff":
        return anwenden(kampf, angriff_ereignis(kampf, w.wer, w.ziel, w.angriff, w.verteidigung, rng=rng, text=False))
    if w.schluessel == "zug_beenden":
        # wer als Letzter eines gleichzeitigen Austauschs den Zug beendet, lässt dessen Folgen gelten
        return anwenden(kampf, zug_ende_ereignis(kampf, w.wer))
    # die Standardtaktik nutzt eine sofortige Bonus-Kampfaktion nur im eigenen Zug – danach schlägt
    # sie sie aus (im Protokoll, statt sie mit der Runde still verfallen zu lassen)
    return anwenden(kampf, verzicht_ereignis(kampf, w.wer))


def _runde_zu_ende(kampf: Kampf, rng: Any, g: Gedaechtnis) -> tuple[Kampf, set[str] | None]:
    """Spielt die laufende Runde mit der Taktik zu Ende (:meth:`~.taktik.Gedaechtnis.zugwahl` für
    den, der :func:`~.taktik.faellig` ist – mitten in der Runde, im gleichzeitigen Austausch, aus dem
    Abwarten); gibt den Zustand und – wenn der Kampf entschieden ist – die stehenden Seiten.

    Wer sich im eigenen Zug selbst ausschaltet (Patzer, Parade-Meistertreffer), ist nicht mehr am
    Zug und wird übersprungen – sein Zug endet ohne Ereignis."""
    while (wer := faellig(kampf)) is not None:
        w = g.zugwahl(kampf, wer, rng)
        if w is None:  # pragma: no cover - faellig nennt nur, wer etwas zu tun hat
            raise AloranFehler(f"Die Taktik weiß für {wer} keinen Schritt.")
        kampf = _schritt(kampf, w, rng)
        if w.schluessel != "verzichten" and not kampf.kaempfer_namens(wer).handelt \
                or w.schluessel == "zug_beenden":
            stehend = g.stehende_seiten(kampf)
            if len(stehend) < 2:
                return kampf, stehend
    return kampf, None


def _ausgang(kampf: Kampf, sieger: str | None) -> simulation.Kampfausgang:
    aus = tuple(k.name for k in kampf.kaempfer if not kann_handeln(kampf, k.name))
    return simulation.Kampfausgang(sieger=sieger, runden=kampf.runde, ausgeschaltet=aus, tot=())


def einen_kampf(
    boegen: Sequence[boegen_kern.Bogen],
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | None = None,
) -> simulation.Kampfausgang:
    """Spielt einen Aloran-Kampf der Bögen mit der ``taktik`` (``None``: Standardtaktik, Modul-Doku)
    bis zum Ende – auf dem Ereignispfad.

    Raises:
        AloranFehler: weniger als zwei Seiten, ``max_runden`` kleiner als 1 oder ungültige Bögen.
    """
    return _spielen(_start(boegen, optionen, max_runden), rng, max_runden, _Gedaechtnis(taktik or Taktik()))


def _spielen(kampf: Kampf, rng: Any, max_runden: int, g: _Gedaechtnis) -> simulation.Kampfausgang:
    """Ein Kampf ab dem Startzustand ``kampf`` (unveränderlich: jeder Kampf einer Begegnung
    beginnt beim selben)."""
    kampf = anwenden(kampf, initiative_ereignis(kampf, rng=rng))
    return _zu_ende(kampf, rng, max_runden, g)


def _zu_ende(kampf: Kampf, rng: Any, max_runden: int, g: Gedaechtnis) -> simulation.Kampfausgang:
    """Von einem beliebigen Zustand an (auch mitten in der Runde) bis zum Ende oder bis Runde
    ``max_runden`` vorbei ist: erst die laufende Runde, dann Runde für Runde."""
    while True:
        kampf, stehend = _runde_zu_ende(kampf, rng, g)
        if stehend is not None:
            return _ausgang(kampf, next(iter(stehend), None))
        if kampf.runde >= max_runden:
            return _ausgang(kampf, None)
        kampf = anwenden(kampf, runde_ereignis(kampf))


def weiterspielen(kampf: Kampf, *, rng: Any, taktik: Taktik | None = None, max_runden: int = 100
                  ) -> simulation.Kampfausgang:
    """Spielt einen laufenden Kampf (jeder Zustand des Live-Kampfs: mitten in der Runde, im
    gleichzeitigen Austausch, mit Abwarten und offenen Bonus-Kampfaktionen) mit der ``taktik`` auf
    dem Ereignispfad zu Ende – höchstens ``max_runden`` Runden von hier an; eine angefangene Runde
    zählt als die erste (mit ``max_runden=1`` nur ihr Rest). ``runden`` im Ausgang zählt ebenso die
    restlichen. Vor der Initiative wird sie gewürfelt. Ist der Kampf schon entschieden, ist der
    Ausgang sofort da (0 Runden)."""
    if max_runden < 1:
        raise AloranFehler(f"Ein Kampf braucht mindestens eine Runde, nicht {max_runden}.")
    g = Gedaechtnis(taktik or Taktik())
    if any(k.initiative is None for k in kampf.kaempfer) and kampf.runde == 0:
        kampf = anwenden(kampf, initiative_ereignis(kampf, rng=rng))
    angefangen = int(faellig(kampf) is not None)
    start = kampf.runde - angefangen
    stehend = g.stehende_seiten(kampf)
    if len(stehend) < 2:
        return replace(_ausgang(kampf, next(iter(stehend), None)), runden=0)
    a = _zu_ende(kampf, rng, start + max_runden, g)
    return replace(a, runden=a.runden - start)


def _start(boegen: Sequence[boegen_kern.Bogen], optionen: Optionen | None, max_runden: int) -> Kampf:
    if max_runden < 1:
        raise AloranFehler(f"Ein Kampf braucht mindestens eine Runde, nicht {max_runden}.")
    kampf = neuer_kampf([aus_bogen(b) for b in boegen], optionen or Optionen())
    if len({k.werte.seite for k in kampf.kaempfer}) < 2:
        raise AloranFehler("Für eine Begegnung braucht es Kämpfer auf beiden Seiten (Helden und Gegner).")
    return kampf


def begegnung(
    boegen: Sequence[boegen_kern.Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | None = None,
    fortschritt: Callable[[int, int], None] | None = None,
) -> simulation.Auswertung:
    """Spielt die Begegnung ``anzahl``-mal mit der gebündelten Maschine
    (:mod:`gm_helfer.aloran.gebuendelt`: alle Kämpfe auf einmal als numpy-Felder, dieselbe Taktik
    und dieselben Auswerte-Funktionen wie :func:`einen_kampf`) und zählt aus: Siegchancen je
    Seite, Dauer in Runden, wie oft wer ausgeschaltet wird.

    Mit der Option ``alte_patzertabelle`` (zu verzweigt für Felder) spielt sie Kampf für Kampf auf
    dem Ereignispfad (:func:`ereignis_begegnung`); ``fortschritt`` meldet dann nur das Ende.

    Args:
        rng: numpy ``Generator`` (die einzige Zufallsquelle) oder ``random.Random`` (daraus wird
            ein Generator geseedet; gleiche Saat, gleiches Ergebnis).
        taktik: :class:`Taktik` (``None``: Standardtaktik).
        fortschritt: ``fortschritt(fertig, anzahl)`` nach jedem Block von Kämpfen.

    Raises:
        ValueError: ``anzahl`` unter 1; :class:`AloranFehler` (ein ``ValueError``): nur eine
            Seite, Rundengrenze unter 1 oder ein fehlerhafter Bogen (deutsche Meldung).
    """
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    start = _start(boegen, optionen, max_runden)
    if start.optionen.alte_patzertabelle:
        a = ereignis_begegnung(boegen, anzahl, rng=rng, optionen=optionen, max_runden=max_runden, taktik=taktik)
        if fortschritt is not None:
            fortschritt(anzahl, anzahl)
        return a
    uhr = time.perf_counter()
    e = gebuendelt.spielen(start, anzahl, rng=generator(rng), taktik=taktik, max_runden=max_runden,
                           fortschritt=fortschritt)
    return simulation.auszaehlen(anzahl, *e.zaehler(), sekunden=time.perf_counter() - uhr,
                                 seiten=dict(zip(e.namen, e.seite_von)))


def ereignis_begegnung(
    boegen: Sequence[boegen_kern.Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | None = None,
) -> simulation.Auswertung:
    """Wie :func:`begegnung`, aber Kampf für Kampf auf dem Ereignispfad (:func:`einen_kampf`,
    :func:`gm_helfer.simulation.simulieren`) – die Referenz, gegen die die gebündelte Maschine
    geprüft wird; viele hundertmal langsamer."""
    start = _start(boegen, optionen, max_runden)
    g = _Gedaechtnis(taktik or Taktik())
    return simulation.simulieren(lambda r: _spielen(start, r, max_runden, g), anzahl, rng=rng)
