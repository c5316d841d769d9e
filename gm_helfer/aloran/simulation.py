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
  :func:`~.kampf.zug_ende_ereignis`; wer gleichzeitig handelt (gleiche Initiative), handelt
  hier nacheinander in der Reihenfolge der Bögen (Vereinfachung). Niemand wartet ab.
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
from operator import attrgetter
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Callable, Sequence

from gm_helfer import boegen as boegen_kern
from gm_helfer import simulation
from gm_helfer import wuerfel as wuerfel_kern
from gm_helfer.felder import generator

from . import gebuendelt
from .bogen import aus_bogen
from .kampf import (
    Kaempfer,
    Kampf,
    am_zug,
    angriff_ereignis,
    anwenden,
    initiative_ereignis,
    kann_handeln,
    kann_verteidigen,
    neuer_kampf,
    runde_ereignis,
    zug_ende_ereignis,
    zweitwaffen_parade,
)
from .optionen import Optionen
from .proben import AloranFehler
from .werte import Angriffsart, Kampfwerte, Verteidigungsart, angriffsarten, verteidigungen_gegen

__all__ = ["VERTEIDIGUNGSWAHL", "Taktik", "begegnung", "einen_kampf", "ereignis_begegnung", "standardangriff",
           "standardverteidigung", "standardziel", "verteidigungen"]

VERTEIDIGUNGSWAHL = MappingProxyType({
    "beste": "mit der zulässigen Verteidigung mit dem größten Pool",
    "parade": "nur parieren (Waffe oder Parade-Manöver)",
    "ausweichen": "nur ausweichen",
    "keine": "gar nicht (jeder Angriff trifft auf 0 Würfel)",
})
"""Wie sich ein Angegriffener verteidigt (Feld ``verteidigung`` der :class:`Taktik`)."""

_VERTEIDIGUNGSARTEN: dict[str, tuple[str, ...] | None] = {
    "beste": None, "parade": ("parade", "manoever"), "ausweichen": ("ausweichen",), "keine": (),
}


@dataclass(frozen=True)
class Taktik:
    """Die Entscheidungen der Simulation, die am Tisch Spieler und Spielleiter treffen; gilt für
    alle Kämpfer. Die Vorgaben sind die Standardtaktik (Modul-Doku). Beide Treiber spielen sie gleich.

    >>> Taktik(ziel="zufall", verteidigung="ausweichen").verteidigung
    'ausweichen'
    """

    ziel: str = field(default="schwaechster", metadata={"text": "Wen angreifen", "wahl": simulation.ZIELWAHL})
    """Ein Schlüssel von :data:`gm_helfer.simulation.ZIELWAHL`; „verletzt“ heißt: Zahl der Wunden."""
    verteidigung: str = field(default="beste", metadata={"text": "Wie verteidigen", "wahl": VERTEIDIGUNGSWAHL})
    """Ein Schlüssel von :data:`VERTEIDIGUNGSWAHL`."""
    zweitwaffe_pariert: bool = field(default=True, metadata={
        "text": "Mit der Zweitwaffe parieren, wenn die Verteidigungsaktion verbraucht ist"})

    def __post_init__(self) -> None:
        if self.ziel not in simulation.ZIELWAHL:
            raise AloranFehler(f"Zielwahl „{self.ziel}“ gibt es nicht ({', '.join(simulation.ZIELWAHL)}).")
        if self.verteidigung not in VERTEIDIGUNGSWAHL:
            raise AloranFehler(f"Verteidigung „{self.verteidigung}“ gibt es nicht ({', '.join(VERTEIDIGUNGSWAHL)}).")


def verteidigungen(werte: Kampfwerte, angriff: Angriffsart, optionen: Optionen, taktik: Taktik = Taktik()
                   ) -> tuple[Verteidigungsart | None, Verteidigungsart | None]:
    """Womit sich ``werte`` nach der Taktik gegen ``angriff`` verteidigt: (mit der
    Verteidigungsaktion, mit der Bonusaktion der Zweitwaffe) – je ``None``, wenn nicht.

    Mit der Verteidigungsaktion: unter den zulässigen (:func:`~.werte.verteidigungen_gegen`), die
    die Taktik erlaubt, die mit dem größten Pool (Gleichstand: die erste). Mit der Zweitwaffe: ihre
    Standard-Parade, wenn sie zulässig ist und die Taktik parieren lässt. Beide Treiber nutzen diese
    Funktion.
    """
    erlaubt = verteidigungen_gegen(werte, angriff, optionen)
    arten = _VERTEIDIGUNGSARTEN[taktik.verteidigung]
    kandidaten = [v for v in erlaubt if arten is None or v.art in arten]
    haupt = max(kandidaten, key=lambda v: v.pool) if kandidaten else None
    zp = zweitwaffen_parade(werte)
    zweit = None
    if zp is not None and taktik.zweitwaffe_pariert and taktik.verteidigung != "keine":
        zweit = next((v for v in erlaubt if v.name == zp), None)
    return haupt, zweit


def standardangriff(k: Kaempfer) -> Angriffsart:
    """Der Angriff der Standardtaktik: größter Pool unter Waffen und physischen Schadenszaubern
    (Gleichstand: der erste), sonst der erste waffenlose Angriff."""
    arten = angriffsarten(k.werte)
    schaden = [a for a in arten if a.art in ("waffe", "zauber") and a.wirkung == "physisch" and a.schaden]
    if schaden:
        return max(schaden, key=lambda a: a.pool)
    return next(a for a in arten if a.art == "waffenlos")


_WUNDEN = attrgetter("wunden_gesamt")


def _ziel_waehlen(ziele: list[Kaempfer], taktik: Taktik, rng: Any) -> Kaempfer | None:
    """Das Ziel der Taktik unter den handlungsfähigen Gegnern ``ziele`` (in Bogenreihenfolge)."""
    if not ziele:
        return None
    if taktik.ziel == "schwaechster":
        return max(ziele, key=_WUNDEN)
    if taktik.ziel == "staerkster":
        return min(ziele, key=_WUNDEN)
    if taktik.ziel == "zufall":
        return ziele[wuerfel_kern.zufallszahl(rng, len(ziele)) - 1]
    return ziele[0]


def standardziel(kampf: Kampf, name: str, taktik: Taktik = Taktik(), *, rng: Any = None) -> str | None:
    """Das Ziel der Taktik (Standard: der handlungsfähige Gegner mit den meisten Wunden,
    Gleichstand: der erste in der Reihenfolge der Bögen); ``None``, wenn keiner mehr steht.
    ``rng`` braucht nur die Zielwahl „zufall“."""
    seite = kampf.kaempfer_namens(name).werte.seite
    ziele = [k for k in kampf.kaempfer if k.werte.seite != seite and kann_handeln(kampf, k.name)]
    gewaehlt = _ziel_waehlen(ziele, taktik, rng)
    return gewaehlt.name if gewaehlt is not None else None


def standardverteidigung(kampf: Kampf, ziel: str, angriff: Angriffsart, taktik: Taktik = Taktik()) -> str | None:
    """Die Verteidigung der Taktik (:func:`verteidigungen`; Standard: die zulässige mit dem größten
    Pool) – ``None``, wenn das Ziel sich nicht verteidigen kann oder will. Ist die
    Verteidigungsaktion verbraucht, bleibt nur die Parade mit der Zweitwaffe."""
    if not kann_verteidigen(kampf, ziel):
        return None
    k = kampf.kaempfer_namens(ziel)
    haupt, zweit = verteidigungen(k.werte, angriff, kampf.optionen, taktik)
    gewaehlt = haupt if k.aktionen.verteidigung > 0 else zweit
    return gewaehlt.name if gewaehlt is not None else None


class _Gedaechtnis:
    """Merkt sich, was sich zwischen den Kämpfen einer Begegnung nicht ändert: den Standardangriff
    je Kämpfer (die Werte bleiben gleich) und die zulässigen Verteidigungen je Ziel und Angriff
    (die Optionen bleiben gleich). Nur Zwischenspeicher – jede Antwort kommt aus den Funktionen
    der Bibliothek."""

    def __init__(self, taktik: Taktik) -> None:
        self.taktik = taktik
        self.angriffe: dict[str, Angriffsart] = {}
        self.verteidigungen: dict[tuple[str, str], tuple[Verteidigungsart | None, Verteidigungsart | None]] = {}

    def angriff(self, k: Kaempfer) -> Angriffsart:
        if k.name not in self.angriffe:
            self.angriffe[k.name] = standardangriff(k)
        return self.angriffe[k.name]

    def ziel(self, kampf: Kampf, seite: str, rng: Any) -> str | None:
        ziele = [k for k in kampf.kaempfer if k.handelt and k.werte.seite != seite]
        gewaehlt = _ziel_waehlen(ziele, self.taktik, rng)
        return gewaehlt.name if gewaehlt is not None else None

    def verteidigung(self, kampf: Kampf, ziel: str, angriff: Angriffsart) -> str | None:
        """Wie :func:`standardverteidigung` (gemerkt je Ziel und Angriff)."""
        if not kann_verteidigen(kampf, ziel):
            return None
        k = kampf.kaempfer_namens(ziel)
        schluessel = (ziel, angriff.name)
        if schluessel not in self.verteidigungen:
            self.verteidigungen[schluessel] = verteidigungen(k.werte, angriff, kampf.optionen, self.taktik)
        haupt, zweit = self.verteidigungen[schluessel]
        gewaehlt = haupt if k.aktionen.verteidigung > 0 else zweit
        return gewaehlt.name if gewaehlt is not None else None

    @staticmethod
    def stehende_seiten(kampf: Kampf) -> set[str]:
        """Die Seiten, auf denen noch jemand handeln kann – nur bis zur zweiten gesucht (mehr
        braucht die Frage „entschieden?“ nicht)."""
        erste = None
        for k in kampf.kaempfer:
            if k.handelt:
                seite = k.werte.seite
                if erste is None:
                    erste = seite
                elif seite != erste:
                    return {erste, seite}
        return set() if erste is None else {erste}


def _zug(kampf: Kampf, name: str, rng: Any, g: _Gedaechtnis) -> Kampf:
    """Ein Zug der Standardtaktik: alle Kampfaktionen gegen das jeweilige Standardziel."""
    while True:
        k = kampf.kaempfer_namens(name)
        if k.aktionen.kampf <= 0 or not k.handelt:
            return kampf
        ziel = g.ziel(kampf, k.werte.seite, rng)
        if ziel is None:
            return kampf
        angriff = g.angriff(k)
        verteidigung = g.verteidigung(kampf, ziel, angriff)
        kampf = anwenden(kampf, angriff_ereignis(kampf, name, ziel, angriff.name, verteidigung, rng=rng, text=False))


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
    while kampf.runde < max_runden:
        kampf = anwenden(kampf, runde_ereignis(kampf))
        while jetzt := am_zug(kampf):
            name = jetzt[0]
            kampf = _zug(kampf, name, rng, g)
            stehend = g.stehende_seiten(kampf)
            if len(stehend) < 2:
                return _ausgang(kampf, next(iter(stehend), None))
            if kampf.kaempfer_namens(name).handelt:
                # wer sich im eigenen Zug selbst ausschaltet (Patzer, Parade-Meistertreffer), ist nicht
                # mehr am Zug und wird ohnehin übersprungen – sein Zug endet ohne Ereignis
                kampf = anwenden(kampf, zug_ende_ereignis(kampf, name))
    return _ausgang(kampf, None)


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
