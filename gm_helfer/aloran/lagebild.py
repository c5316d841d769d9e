"""Das Lagebild für Aloran: ein laufender Kampf, mit den Taktiken zu Ende gespielt (Adapter für
:func:`gm_helfer.lagebild.lagebild`, Regelmodul ohne Oberfläche).

- :func:`weiterspielen` – ein Kampf vom Live-Zustand an auf dem Ereignispfad
  (:func:`gm_helfer.aloran.simulation.weiterspielen`): erst die laufende Runde mit
  :meth:`~gm_helfer.aloran.taktik.Gedaechtnis.zugwahl` – dieselbe Entscheidung, die das Zug-Panel
  vorschlägt (:func:`gm_helfer.aloran.tisch.zug.vorschlag`): wer am Zug ist oder im gleichzeitigen
  Austausch noch handelt, greift an und beendet den Zug; wer abwartet, greift ein, wenn die
  Reihenfolge durch ist; eine offene sofortige Bonus-Kampfaktion außer der Reihe wird dann
  ausgeschlagen –, dann Runde für Runde.
- :func:`gebuendelt` – viele Kämpfe: je Kampf auf dem Ereignispfad, bis die Maschine übernehmen
  kann (:func:`sauber`: zwischen zwei Zügen – niemandes Zug läuft, kein gleichzeitiger Austausch
  offen, niemand wartet ab – oder an der Rundengrenze; steht der Zustand schon dort, ohne einen
  Wurf), dann die gebündelte Maschine von Feldern an
  (:class:`~gm_helfer.aloran.gebuendelt.Startfelder`: Initiative, Wunden je Zone, Ausdauer,
  Beeinträchtigungen, mitten in der Runde auch die übrigen Aktionen und wer schon gehandelt hat –
  :func:`startfelder`). Nicht gebündelt: die ältere
  Patzertabelle und Kämpfer ohne Initiative mitten im Kampf (:class:`~gm_helfer.lagebild.NichtGebuendelt`).
- :func:`wahlen` – die Wahlen des Augenblicks: für den, der dran ist, jedes Ziel (mit der
  Verteidigung, die die Taktik des Ziels wählt), für das Ziel des vorgeschlagenen Angriffs jede
  Verteidigung (Parade, Ausweichen … oder keine), dazu der Vorschlag der Taktik; die Würfel der
  Wahl werden gezogen.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from gm_helfer.lagebild import NichtGebuendelt
from gm_helfer.simulation import Feldausgang, Kampfausgang

from . import gebuendelt as _g
from . import simulation as _sim
from .kampf import Kampf, angriff_ereignis, anwenden, kann_verteidigen
from .taktik import Gedaechtnis, Taktik, faellig
from .werte import angriffsart, verteidigungen_gegen

__all__ = ["gebuendelt", "sauber", "startfelder", "wahlen", "weiterspielen"]


def _taktik(taktik: Any) -> Taktik:
    return taktik if isinstance(taktik, Taktik) else Taktik()


def weiterspielen(zustand: Kampf, *, rng: Any, taktik: Any = None, max_runden: int = 100) -> Kampfausgang:
    """Ein Kampf vom ``zustand`` an bis zum Ende (Ereignispfad); ``runden``: die restlichen."""
    return _sim.weiterspielen(zustand, rng=rng, taktik=_taktik(taktik), max_runden=max_runden)


def _pruefen(zustand: Kampf) -> None:
    if zustand.optionen.alte_patzertabelle:
        raise NichtGebuendelt("die ältere Patzertabelle spielt nur der Ereignispfad.")
    if any(k.initiative is None for k in zustand.kaempfer) and not all(k.initiative is None for k in zustand.kaempfer):
        raise NichtGebuendelt("ein Kämpfer hat noch keine Initiative.")
    if any(k.unparierbar for k in zustand.kaempfer):
        raise NichtGebuendelt("unparierbare Attacken stehen aus.")


def sauber(zustand: Kampf) -> bool:
    """Kann die Maschine hier übernehmen? An der Rundengrenze (:func:`~.taktik.faellig` ist
    ``None``) oder zwischen zwei Zügen: niemandes Zug läuft, kein gleichzeitiger Austausch ist offen,
    niemand wartet ab."""
    if faellig(zustand) is None:
        return True
    return not zustand.austausch and all(k.zug not in ("handelt", "abwartend") or not k.handelt
                                         for k in zustand.kaempfer)


def startfelder(zustaende: Sequence[Kampf]) -> _g.Startfelder:
    """Die Felder der Maschine aus sauberen Zuständen (:func:`sauber`, je Zustand eine Zeile);
    mitten in der Runde samt übrigen Aktionen und wer schon gehandelt hat. Jeder verschiedene
    Zustand wird einmal gelesen (im Lagebild teilen sich meist alle Zeilen denselben)."""
    verschiedene = list({id(z): z for z in zustaende}.values())
    zeile = {id(z): i for i, z in enumerate(verschiedene)}
    welche = np.array([zeile[id(z)] for z in zustaende])

    def feld(wert: Callable[[Any], Any], art: Any = np.int64) -> np.ndarray:
        return np.array([[wert(k) for k in z.kaempfer] for z in verschiedene], art)[welche]

    mitten = faellig(zustaende[0]) is not None
    return _g.Startfelder(
        initiative=feld(lambda k: k.initiative),
        wunden=feld(lambda k: k.wunden),
        ausdauer=feld(lambda k: k.ausdauer),
        beeintraechtigt=feld(lambda k: k.beeintraechtigt),
        kampf=feld(lambda k: k.aktionen.kampf) if mitten else None,
        verteidigung=feld(lambda k: k.aktionen.verteidigung) if mitten else None,
        zweitwaffe=feld(lambda k: k.aktionen.zweitwaffe) if mitten else None,
        fertig=feld(lambda k: k.zug == "fertig", bool) if mitten else None,
    )


def _bis_sauber(zustand: Kampf, rng: random.Random, g: Gedaechtnis) -> tuple[Kampf, Kampfausgang | None]:
    """Ereignispfad (die Taktik Schritt für Schritt, wie :func:`~.simulation._runde_zu_ende`), bis
    die Maschine übernehmen kann; ist der Kampf dabei entschieden, dessen Ausgang."""
    kampf = zustand
    while not sauber(kampf):
        wer = faellig(kampf)
        w = g.zugwahl(kampf, wer, rng) if wer is not None else None
        if w is None:  # pragma: no cover - faellig nennt nur, wer etwas zu tun hat
            break
        kampf = _sim._schritt(kampf, w, rng)
        stehend = g.stehende_seiten(kampf)
        if len(stehend) < 2:
            return kampf, _sim._ausgang(kampf, next(iter(stehend), None))
    return kampf, None


def _vorspielen(zustaende: Sequence[Kampf], py: random.Random, g: Gedaechtnis, max_runden: int
                ) -> tuple[dict[int, tuple[Kampfausgang, int]], list[Kampf], list[int], dict[int, int]]:
    """Je Kampf auf dem Ereignispfad, bis die Maschine übernehmen kann: (schon entschiedene Kämpfe
    mit ihrer Anfangsrunde, die sauberen Zustände für die Maschine, deren Kampfnummern, je Zustand
    die Runde vor der angefangenen – sie zählt als erste der restlichen)."""
    grenze: list[Kampf] = []
    index: list[int] = []
    fertig: dict[int, tuple[Kampfausgang, int]] = {}
    anfang = {id(z): z.runde - int(faellig(z) is not None) for z in zustaende}
    for i, z in enumerate(zustaende):
        schon = g.stehende_seiten(z)
        if len(schon) < 2:
            fertig[i] = (_sim._ausgang(z, next(iter(schon), None)), z.runde)
            continue
        # sauber: die Maschine übernimmt sofort – kein Wurf, alle Kämpfe teilen den Zustand
        kampf, aus = (z, None) if sauber(z) else _bis_sauber(z, py, g)
        if aus is not None:
            fertig[i] = (aus, anfang[id(z)])
        elif faellig(kampf) is None and kampf.runde - anfang[id(z)] >= max_runden:
            fertig[i] = (_sim._ausgang(kampf, None), anfang[id(z)])
        else:
            grenze.append(kampf)
            index.append(i)
    return fertig, grenze, index, anfang


def gebuendelt(zustaende: Sequence[Kampf], *, rng: Any, taktik: Any = None, max_runden: int = 100) -> Feldausgang:
    """Viele Kämpfe, je einer von jedem Zustand (siehe Moduldoku); ``runden``: die restlichen."""
    if not zustaende:
        raise ValueError("Das Lagebild braucht mindestens einen Kampf.")
    np_rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    t = _taktik(taktik)
    for z in {id(z): z for z in zustaende}.values():
        _pruefen(z)
    erster = zustaende[0]
    if all(k.initiative is None for k in erster.kaempfer):
        if any(z is not erster for z in zustaende) or erster.runde:
            raise NichtGebuendelt("vor der Initiative startet die Maschine nur von einem Zustand.")
        return _g.spielen(erster, len(zustaende), rng=np_rng, taktik=t, max_runden=max_runden)
    fertig, grenze, index, anfang = _vorspielen(zustaende, random.Random(int(np_rng.integers(2**63))),
                                                Gedaechtnis(t), max_runden)
    namen = tuple(k.name for k in erster.kaempfer)
    seiten = tuple(dict.fromkeys(k.werte.seite for k in erster.kaempfer))
    n = len(zustaende)
    sieger = np.full(n, -1, np.int64)
    runden = np.zeros(n, np.int64)
    aus = np.zeros((n, len(namen)), bool)
    for i, (a, start) in fertig.items():
        sieger[i] = seiten.index(a.sieger) if a.sieger is not None else -1
        runden[i] = a.runden - start
        aus[i] = [name in a.ausgeschaltet for name in namen]
    if grenze:
        # an der Grenze zählt die Maschine neue Runden; mitten in der Runde ist die laufende schon
        # gezählt; je Kampf so viele weitere Runden, wie die Grenze noch lässt (meist alle gleich)
        mitten = np.array([faellig(k) is not None for k in grenze])
        vorher = np.array([k.runde - anfang[id(zustaende[i])] for k, i in zip(grenze, index)]) - mitten
        rest = max_runden - vorher - mitten
        for r, m in sorted({(int(a), bool(b)) for a, b in zip(rest, mitten)}):
            wahl = np.flatnonzero((rest == r) & (mitten == m))
            e = _g.spielen_ab(grenze[wahl[0]], startfelder([grenze[j] for j in wahl]), rng=np_rng, taktik=t,
                              max_runden=int(r))
            ziel = np.array(index)[wahl]
            sieger[ziel] = e.sieger
            runden[ziel] = e.runden + vorher[wahl] + mitten[wahl]
            aus[ziel] = e.ausgeschaltet
    return Feldausgang(namen, seiten, tuple(k.werte.seite for k in erster.kaempfer), sieger, runden, aus,
                       np.zeros_like(aus))


def _wahl_angriff(wer: str, ziel: str, angriff: str, verteidigung: str | None) -> Callable[[Kampf, Any], Kampf]:
    def treffen(zustand: Kampf, rng: Any) -> Kampf:
        return anwenden(zustand, angriff_ereignis(zustand, wer, ziel, angriff, verteidigung, rng=rng, text=False))

    return treffen


def wahlen(zustand: Kampf, taktik: Any = None) -> list[tuple[str, Callable[[Kampf, Any], Kampf]]]:
    """Die Wahlen des Augenblicks (siehe Moduldoku): Text und eine Funktion, die die Wahl samt
    ihrer Würfel trifft. Leer, wenn niemand angreifen kann."""
    g = Gedaechtnis(_taktik(taktik))
    wer = faellig(zustand)
    if wer is None:
        return []
    w = g.zugwahl(zustand, wer)
    if w is None or w.schluessel != "angriff" or w.angriff is None or w.ziel is None:
        return []
    ergebnis = [(f"Vorschlag: {wer} greift {w.ziel} an"
                 + (f" ({w.ziel}: {w.verteidigung})" if w.verteidigung else ""),
                 _wahl_angriff(wer, w.ziel, w.angriff, w.verteidigung))]
    seite = zustand.kaempfer_namens(wer).werte.seite
    for k in zustand.kaempfer:
        if k.werte.seite == seite or not k.handelt or k.name == w.ziel:
            continue
        art = angriffsart(zustand.kaempfer_namens(wer).werte, w.angriff)
        ergebnis.append((f"{wer} greift {k.name} an", _wahl_angriff(wer, k.name, w.angriff,
                                                                    g.verteidigung(zustand, k.name, art))))
    art = angriffsart(zustand.kaempfer_namens(wer).werte, w.angriff)
    ziel = zustand.kaempfer_namens(w.ziel)
    moeglich = [v.name for v in verteidigungen_gegen(ziel.werte, art, zustand.optionen)
                if kann_verteidigen(zustand, w.ziel, v.name)]
    for v in moeglich:
        if v != w.verteidigung:
            ergebnis.append((f"{w.ziel} wehrt mit {v} ab", _wahl_angriff(wer, w.ziel, w.angriff, v)))
    if w.verteidigung is not None:
        ergebnis.append((f"{w.ziel} wehrt nicht ab", _wahl_angriff(wer, w.ziel, w.angriff, None)))
    return ergebnis
