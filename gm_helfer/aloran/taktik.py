"""Die Taktik der Aloran-Simulation: Ziel, Verteidigung, Standardangriff – geteilt vom
Ereignispfad (:mod:`.simulation`), der gebündelten Maschine (:mod:`.gebuendelt`) und dem
Vorschlag am Tisch (:func:`gm_helfer.aloran.tisch.zug.vorschlag`).

:meth:`Gedaechtnis.zugwahl` ist *die* Entscheidung „was tut ``wer`` jetzt“: der Ereignispfad spielt
Schritt für Schritt genau sie, der Vorschlag im Zug-Panel zeigt sie – eine Funktion, keine Kopie.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from gm_helfer import simulation
from gm_helfer import wuerfel as wuerfel_kern

from .kampf import Kaempfer, Kampf, am_zug, kann_handeln, kann_verteidigen, offene_verzichte, zweitwaffen_parade
from .optionen import Optionen
from .proben import AloranFehler
from .werte import Angriffsart, Kampfwerte, Verteidigungsart, angriffsarten, verteidigungen_gegen

__all__ = ["VERTEIDIGUNGSWAHL", "Gedaechtnis", "Taktik", "Zugwahl", "faellig", "standardangriff",
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


@dataclass(frozen=True)
class Zugwahl:
    """Der nächste Schritt, den die Taktik ``wer`` tun lässt.

    ``schluessel`` ist ein Schlüssel der Zug-API (:func:`gm_helfer.aloran.tisch.zug.aktionen`):
    ``angriff`` (mit ``ziel``, ``angriff`` und der Verteidigung, die die Taktik des Ziels wählt),
    ``zug_beenden`` oder ``verzichten`` (eine offene sofortige Bonus-Kampfaktion ausschlagen, wenn
    die Reihenfolge durch ist).
    """

    schluessel: str
    wer: str
    ziel: str | None = None
    angriff: str | None = None
    verteidigung: str | None = None


def faellig(kampf: Kampf) -> str | None:
    """Wessen Schritt jetzt aussteht: der Erste der Gruppe am Zug (gleiche Initiative: alle des
    Austauschs nacheinander in der Reihenfolge der Bögen), ist die Reihenfolge durch, wer abwartet,
    zuletzt wer noch etwas offen hat (sofortige Bonus-Kampfaktion) – wie
    :func:`gm_helfer.aloran.tisch.zug.am_zug`; ``None``: die nächste Runde kann beginnen."""
    gruppe = am_zug(kampf)
    if gruppe:
        return gruppe[0]
    if kampf.runde < 1:
        return None
    for k in kampf.kaempfer:
        if k.zug == "abwartend" and k.handelt:
            return k.name
    offen = offene_verzichte(kampf)
    return offen[0][0] if offen else None


class Gedaechtnis:
    """Die Taktik im Kampf: :meth:`zugwahl` entscheidet den nächsten Schritt eines Kämpfers. Merkt
    sich, was sich zwischen den Kämpfen einer Begegnung nicht ändert: den Standardangriff je
    Kämpfer (die Werte bleiben gleich) und die zulässigen Verteidigungen je Ziel und Angriff (die
    Optionen bleiben gleich). Nur Zwischenspeicher – jede Antwort kommt aus den Funktionen oben."""

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

    def zugwahl(self, kampf: Kampf, wer: str, rng: Any = None) -> Zugwahl | None:
        """Was die Taktik ``wer`` jetzt tun lässt; ``None``, wenn er nichts zu tun hat (kann nicht
        handeln, ist nicht dran und hat nichts offen).

        Wer dran ist (am Zug, im gleichzeitigen Austausch oder aus dem Abwarten, wenn die Reihenfolge
        durch ist), setzt alle Kampfaktionen ein – auch eine Bonus-Kampfaktion, die er in seinem Zug
        erhält – gegen das Ziel der Taktik, mit dem Standardangriff; das Ziel wehrt mit der
        Verteidigung seiner Taktik ab. Hat er keine Kampfaktion mehr oder steht kein Gegner, beendet
        er den Zug. Eine sofortige Bonus-Kampfaktion außerhalb des eigenen Zugs schlägt die Taktik
        aus, wenn die Reihenfolge durch ist. ``rng`` braucht nur die Zielwahl „zufall“.
        """
        k = kampf.kaempfer_namens(wer)
        if not k.handelt:
            return None
        gruppe = am_zug(kampf)
        dran = wer in gruppe or (not gruppe and k.zug == "abwartend" and kampf.runde >= 1)
        if dran:
            if k.aktionen.kampf > 0:
                ziel = self.ziel(kampf, k.werte.seite, rng)
                if ziel is not None:
                    angriff = self.angriff(k)
                    return Zugwahl("angriff", wer, ziel, angriff.name, self.verteidigung(kampf, ziel, angriff))
            return Zugwahl("zug_beenden", wer)
        if not gruppe and any(n == wer for n, _, _ in offene_verzichte(kampf)):
            return Zugwahl("verzichten", wer)
        return None
