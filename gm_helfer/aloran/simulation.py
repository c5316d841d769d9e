"""Aloran-Begegnungen simulieren: ganze Kämpfe mit Zufall, mit denselben Regeln wie der Live-Kampf.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, AKTIONEN, ATTACKE UND PARADE;
Allgemeine Regeln › 6. Phase - Kampfende / Kampfunfähigkeit. Der Treiber ist
:func:`gm_helfer.simulation.simulieren`.

Ein Kampf läuft genau wie im Live-Tracker: Startzustand aus :func:`~.kampf.neuer_kampf`
(je Bogen ein Kämpfer, die Seite aus dem Bogenfeld ``seite``), einmal
:func:`~.kampf.initiative_ereignis` („für gewöhnlich nur neu erwürfelt …, wenn eine völlig
neue Kampfsituation beginnt“), dann je Runde :func:`~.kampf.runde_ereignis` und die
Austausche aus :func:`~.kampf.angriff_ereignis`, alle gefaltet mit :func:`~.kampf.anwenden`.
Alle Würfel kommen aus ``rng``. Das Protokoll (``Verlauf``) wird ausgelassen – es ändert
nichts am Ausgang und kostet nur Zeit.

**Standardtaktik** (Entscheidungen, die die Bibliothek dem Spielleiter überlässt):

- *Reihenfolge*: wie im Live-Kampf handelt, wer :func:`~.kampf.am_zug` ist (die aktuelle
  Initiative zählt, Wunden können die Reihenfolge in der Runde ändern), danach
  :func:`~.kampf.zug_ende_ereignis`; wer gleichzeitig handelt (gleiche Initiative), handelt
  hier nacheinander in der Reihenfolge der Bögen (Vereinfachung). Niemand wartet ab.
- *Angriff*: Jeder, der handeln kann (nicht kampfunfähig, nicht bewusstlos), setzt in seinem
  Zug alle Kampfaktionen ein, die er hat – auch eine Bonus-Kampfaktion aus Patzer oder
  Meistertreffer, sofern er sie in seinem Zug erhält. Alle stehen in Reichweite
  (Bewegung wird nicht gespielt).
- *Ziel*: der Gegner (andere Seite), der noch handeln kann und die meisten Wunden hat;
  bei Gleichstand der erste in der Reihenfolge der Bögen.
- *Waffe*: der Angriff mit dem größten Pool unter Waffen und Schadenszaubern (physisch);
  bei Gleichstand der erste. Wer keinen hat, ringt/rauft waffenlos (der erste waffenlose
  Angriff). Manöver werden nicht genutzt (ihre Wirkung steht nur als Text in der Liste).
- *Verteidigung*: das Ziel wehrt mit der zulässigen Verteidigung (:func:`~.werte.wehrt_ab`)
  mit dem größten Pool ab, solange es eine Verteidigungsaktion hat und nicht wehrlos,
  kampfunfähig oder bewusstlos ist (:func:`~.kampf.kann_verteidigen`); die Bonusaktion
  „Kampf mit zwei Waffen“ dient nur als zusätzliche Verteidigung (eine Parade mit der
  Zweitwaffe, sobald die Verteidigungsaktion verbraucht ist).
- *Ressourcen*: Ausdauer wird nicht für Spurts ausgegeben, Interaktionen bleiben ungenutzt.

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

from typing import Any, Sequence

from gm_helfer import boegen as boegen_kern
from gm_helfer import simulation

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
from .werte import Angriffsart, angriffsarten, verteidigungen_gegen

__all__ = ["begegnung", "einen_kampf", "standardangriff", "standardverteidigung", "standardziel"]


def standardangriff(k: Kaempfer) -> Angriffsart:
    """Der Angriff der Standardtaktik: größter Pool unter Waffen und physischen Schadenszaubern
    (Gleichstand: der erste), sonst der erste waffenlose Angriff."""
    arten = angriffsarten(k.werte)
    schaden = [a for a in arten if a.art in ("waffe", "zauber") and a.wirkung == "physisch" and a.schaden]
    if schaden:
        return max(schaden, key=lambda a: a.pool)
    return next(a for a in arten if a.art == "waffenlos")


def standardziel(kampf: Kampf, name: str) -> str | None:
    """Das Ziel der Standardtaktik: der handlungsfähige Gegner mit den meisten Wunden
    (Gleichstand: der erste in der Reihenfolge der Bögen); ``None``, wenn keiner mehr steht."""
    seite = kampf.kaempfer_namens(name).werte.seite
    ziele = [k for k in kampf.kaempfer if k.werte.seite != seite and kann_handeln(kampf, k.name)]
    if not ziele:
        return None
    return max(ziele, key=lambda k: sum(k.wunden)).name


def standardverteidigung(kampf: Kampf, ziel: str, angriff: Angriffsart) -> str | None:
    """Die Verteidigung der Standardtaktik: die zulässige mit dem größten Pool (Gleichstand: die
    erste) – ``None``, wenn das Ziel sich nicht verteidigen kann."""
    if not kann_verteidigen(kampf, ziel):
        return None
    k = kampf.kaempfer_namens(ziel)
    moeglich = verteidigungen_gegen(k.werte, angriff, kampf.optionen)
    if k.aktionen.verteidigung <= 0:
        # nur noch die Bonusaktion der Zweitwaffe: eine Parade mit ihr
        zp = zweitwaffen_parade(k.werte)
        moeglich = tuple(v for v in moeglich if v.name == zp)
    if not moeglich:
        return None
    return max(moeglich, key=lambda v: v.pool).name


class _Gedaechtnis:
    """Merkt sich innerhalb eines Kampfes, was sich nicht ändert: den Standardangriff je Kämpfer
    (die Werte bleiben im Kampf gleich), die zulässigen Verteidigungen je Ziel und Angriff und
    ob ein (unveränderliches) Kämpfer-Objekt handeln und sich verteidigen kann (die Optionen
    bleiben im Kampf gleich). Nur Zwischenspeicher – jede Antwort kommt aus den Funktionen der
    Bibliothek; das spart etwa ein Viertel der Rechenzeit."""

    def __init__(self) -> None:
        self.angriffe: dict[str, Angriffsart] = {}
        self.verteidigungen: dict[tuple[str, str], str | None] = {}
        self.handelt: dict[int, tuple[Kaempfer, bool]] = {}
        self.verteidigt: dict[int, tuple[Kaempfer, bool]] = {}

    @staticmethod
    def _je_kaempfer(speicher: dict[int, tuple[Kaempfer, bool]], kampf: Kampf, k: Kaempfer,
                     frage: Any) -> bool:
        """``frage(kampf, name)`` für genau dieses Kämpfer-Objekt (unveränderlich) nur einmal stellen."""
        gemerkt = speicher.get(id(k))
        if gemerkt is None or gemerkt[0] is not k:
            gemerkt = (k, frage(kampf, k.name))
            speicher[id(k)] = gemerkt
        return gemerkt[1]

    def kann_handeln(self, kampf: Kampf, k: Kaempfer) -> bool:
        return self._je_kaempfer(self.handelt, kampf, k, kann_handeln)

    def angriff(self, k: Kaempfer) -> Angriffsart:
        if k.name not in self.angriffe:
            self.angriffe[k.name] = standardangriff(k)
        return self.angriffe[k.name]

    def ziel(self, kampf: Kampf, name: str) -> str | None:
        seite = kampf.kaempfer_namens(name).werte.seite
        ziele = [k for k in kampf.kaempfer if k.werte.seite != seite and self.kann_handeln(kampf, k)]
        return max(ziele, key=lambda k: sum(k.wunden)).name if ziele else None

    def verteidigung(self, kampf: Kampf, ziel: str, angriff: Angriffsart) -> str | None:
        k = kampf.kaempfer_namens(ziel)
        if not self._je_kaempfer(self.verteidigt, kampf, k, kann_verteidigen):
            return None
        if k.aktionen.verteidigung <= 0:
            return standardverteidigung(kampf, ziel, angriff)
        schluessel = (ziel, angriff.name)
        if schluessel not in self.verteidigungen:
            self.verteidigungen[schluessel] = standardverteidigung(kampf, ziel, angriff)
        return self.verteidigungen[schluessel]

    def stehende_seiten(self, kampf: Kampf) -> set[str]:
        return {k.werte.seite for k in kampf.kaempfer if self.kann_handeln(kampf, k)}


def _zug(kampf: Kampf, name: str, rng: Any, g: _Gedaechtnis) -> Kampf:
    """Ein Zug der Standardtaktik: alle Kampfaktionen gegen das jeweilige Standardziel."""
    while True:
        k = kampf.kaempfer_namens(name)
        if k.aktionen.kampf <= 0 or not g.kann_handeln(kampf, k):
            return kampf
        ziel = g.ziel(kampf, name)
        if ziel is None:
            return kampf
        angriff = g.angriff(k)
        verteidigung = g.verteidigung(kampf, ziel, angriff)
        kampf = anwenden(kampf, angriff_ereignis(kampf, name, ziel, angriff.name, verteidigung, rng=rng))


def _ausgang(kampf: Kampf, sieger: str | None) -> simulation.Kampfausgang:
    aus = tuple(k.name for k in kampf.kaempfer if not kann_handeln(kampf, k.name))
    return simulation.Kampfausgang(sieger=sieger, runden=kampf.runde, ausgeschaltet=aus, tot=())


def einen_kampf(
    boegen: Sequence[boegen_kern.Bogen],
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
) -> simulation.Kampfausgang:
    """Spielt einen Aloran-Kampf der Bögen mit der Standardtaktik (Modul-Doku) bis zum Ende.

    Raises:
        AloranFehler: weniger als zwei Seiten, ``max_runden`` kleiner als 1 oder ungültige Bögen.
    """
    if max_runden < 1:
        raise AloranFehler(f"Ein Kampf braucht mindestens eine Runde, nicht {max_runden}.")
    kampf = neuer_kampf([aus_bogen(b) for b in boegen], optionen or Optionen())
    if len({k.werte.seite for k in kampf.kaempfer}) < 2:
        raise AloranFehler("Für eine Begegnung braucht es Kämpfer auf beiden Seiten (Helden und Gegner).")
    kampf = anwenden(kampf, initiative_ereignis(kampf, rng=rng))
    g = _Gedaechtnis()
    while kampf.runde < max_runden:
        kampf = anwenden(kampf, runde_ereignis(kampf))
        while jetzt := am_zug(kampf):
            name = jetzt[0]
            kampf = _zug(kampf, name, rng, g)
            stehend = g.stehende_seiten(kampf)
            if len(stehend) < 2:
                return _ausgang(kampf, next(iter(stehend), None))
            kampf = anwenden(kampf, zug_ende_ereignis(kampf, name))
    return _ausgang(kampf, None)


def begegnung(
    boegen: Sequence[boegen_kern.Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
) -> simulation.Auswertung:
    """Spielt die Begegnung ``anzahl``-mal (:func:`einen_kampf`) und zählt aus
    (:func:`gm_helfer.simulation.simulieren`)."""
    return simulation.simulieren(
        lambda r: einen_kampf(boegen, rng=r, optionen=optionen, max_runden=max_runden), anzahl, rng=rng)
