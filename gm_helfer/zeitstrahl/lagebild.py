"""Lagebild-Adapter des Zeitstrahls (:mod:`gm_helfer.lagebild`, Issue 25): ein laufender Kampf
zu Ende gespielt – auf dem Ereignispfad oder gebündelt –, und die Wahlen des Augenblicks.

Zeitstrahl zählt Ticks, keine Runden. Die gebündelte Maschine
(:mod:`gm_helfer.zeitstrahl.gebuendelt`) startet an einem **sauberen Tick**: kein
gleichzeitiger Abtausch, kein Konter und keine angesagte Reaktion offen. Steht der Kampf nicht so,
spielt jeder Kampf erst auf dem Ereignispfad mit der Taktik bis zum nächsten sauberen Tick
(:func:`gm_helfer.zeitstrahl.simulation.zugwahl` – dieselbe Entscheidung wie der Vorschlag am
Tisch), dann übernimmt die Maschine aus den Feldern dieses Zustands (:func:`startfelder`:
Lebenspunkte, Positionen, „Position verschlechtert“, Sturzschwelle, Zustand und Stabilität
jeder Waffe).

Nicht gebündelt (der Ereignispfad spielt, :class:`~gm_helfer.lagebild.NichtGebuendelt`): eine
Verschiebung von Kampfwerten, die noch gilt (die Maschine kennt keine), und Kämpfe ohne
Gesundheitsmodell.

``runden`` zählt die *restlichen* Ticks ab dem Tick des Zustands (vor dem Start: ab Tick 0),
``max_runden`` begrenzt sie ebenso.

Nur Regelmodule; nichts aus ``tisch``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from gm_helfer.lagebild import NichtGebuendelt
from gm_helfer.simulation import Feldausgang, Kampfausgang

from . import gebuendelt, simulation
from .kampf import Kampf, angriff_ereignis, anwenden
from .verschiebung import KEINE_VERSCHIEBUNG
from .vorschau import verteidigungs_wahlen

__all__ = ["gebuendelt_ab", "sauber", "startfelder", "vorlage", "wahlen", "weiterspielen"]

_STATUS = {"bereit": 0, "verloren": 1, "gebrochen": 2}


def _python_rng(rng: Any) -> Any:
    """Der Ereignispfad würfelt mit ``random.Random`` am schnellsten (aus einem Generator gesät)."""
    if isinstance(rng, np.random.Generator):
        return random.Random(int(rng.integers(1 << 62)))
    return rng if rng is not None else random.Random()


def weiterspielen(zustand: Kampf, *, rng: Any, taktik: Any = None, max_runden: int = 100) -> Kampfausgang:
    """Ein Kampf vom ``zustand`` an zu Ende, auf dem Ereignispfad
    (:func:`gm_helfer.zeitstrahl.simulation.weiterspielen`)."""
    return simulation.weiterspielen(zustand, rng=_python_rng(rng), taktik=taktik, max_runden=max_runden)


def sauber(kampf: Kampf) -> bool:
    """Ein sauberer Tick: begonnen, kein Abtausch, kein Konter, keine angesagte Reaktion offen."""
    return (kampf.gestartet and kampf.abtausch is None and kampf.konter is None
            and not any(t.angesagt for t in kampf.teilnehmer))


def _vorbei(kampf: Kampf) -> bool:
    return kampf.gestartet and kampf.abtausch is None and len({t.partei for t in kampf.aktive}) < 2


def vorlage(kampf: Kampf) -> Kampf:
    """Die festen Werte für die Maschine: der Kampf ohne Zustände, Ansagen, Konter und Abtausch,
    alle Waffen bereit und heil (die Maschine liest daraus Werte, Verteidigungen, Reaktionsticks)."""
    ts = tuple(replace(t, zustaende=(), angesagt=False, verschiebung=KEINE_VERSCHIEBUNG,
                       waffen_status=tuple("bereit" for _ in t.kaempfer.waffen),
                       stabilitaet=tuple(w.stabilitaet for w in t.kaempfer.waffen), position=0, laufend="")
               for t in kampf.teilnehmer)
    return replace(kampf, teilnehmer=ts, konter=None, abtausch=None, balken=())


def _zeile(kampf: Kampf, w: int) -> tuple[np.ndarray, ...]:
    """Die Felder eines Kampfes (ein Kampf, N Kämpfer) an einem sauberen Tick."""
    from .kampf import STURZSCHWELLE

    ts = kampf.teilnehmer
    n = len(ts)
    status = np.full((n, w), 1, np.int8)
    stab = np.zeros((n, w), np.int64)
    for i, t in enumerate(ts):
        for j, s in enumerate(t.waffen_status):
            status[i, j] = _STATUS[s]
        for j, st in enumerate(t.stabilitaet):
            stab[i, j] = st
    return (np.array([t.lebenspunkte for t in ts], np.int64),
            np.array([t.position if t.position is not None else 0 for t in ts], np.int64),
            np.array(["Position verschlechtert" in t.zustaende for t in ts]),
            np.array([STURZSCHWELLE in t.zustaende for t in ts]),
            status, stab, np.int64(kampf.jetzt or 0))


def startfelder(kaempfe: Sequence[Kampf]) -> gebuendelt.Startfelder:
    """Die Startfelder der Maschine für je einen Kampf an einem sauberen Tick (gleiche Zustände
    werden einmal gelesen)."""
    w = max(1, max(len(t.kaempfer.waffen) for t in kaempfe[0].teilnehmer))
    nummer: dict[int, int] = {}  # id des Zustands → Stelle in ``gelesen``
    gelesen: list[tuple[np.ndarray, ...]] = []
    welche = []
    for k in kaempfe:
        i = nummer.get(id(k))
        if i is None:
            i = nummer[id(k)] = len(gelesen)
            gelesen.append(_zeile(k, w))
        welche.append(i)
    # je verschiedenem Zustand eine Zeile, dann je Kampf die seine (take kopiert: jede Zeile eigen)
    zeilen = np.array(welche)
    return gebuendelt.Startfelder(*(np.stack([z[i] for z in gelesen]).take(zeilen, 0) for i in range(7)))


def _pruefen(kampf: Kampf) -> None:
    if kampf.optionen.gesundheit == "ohne":
        raise NichtGebuendelt("ohne Gesundheitsmodell fällt niemand aus")
    fremd = [t.name for t in kampf.teilnehmer if t.verschiebung != KEINE_VERSCHIEBUNG]
    if fremd:
        raise NichtGebuendelt(f"die Verschiebung von Kampfwerten bei {', '.join(fremd)} kennt die "
                              "gebündelte Maschine nicht")


def _bis_sauber(kampf: Kampf, taktik: Any, rng: Any, merker: dict[Any, Any], grenze: int) -> Kampf:
    """Ereignispfad mit der Taktik bis zum nächsten sauberen Tick (oder zum Ende)."""
    while not sauber(kampf) and not _vorbei(kampf) and (kampf.jetzt or 0) <= grenze:
        kampf = simulation._schritt(kampf, rng, merker, taktik)
    return kampf


def _vorbereiten(zustaende: Sequence[Kampf], basis: np.ndarray, taktik: Any, rng: Any,
                 max_runden: int) -> list[Kampf]:
    """Je Zustand: begonnen und an einem sauberen Tick (Ereignispfad mit der Taktik bis dahin)."""
    merker: dict[Any, Any] = {}
    bereit = []
    for k, b in zip(zustaende, basis, strict=True):
        if not k.gestartet:
            k = anwenden(k, simulation.start_ereignis(k, rng=rng, text=False))
        bereit.append(k if sauber(k) else _bis_sauber(k, taktik, rng, merker, int(b) + max_runden))
    return bereit


def _ausgang(k: Kampf, seiten: Sequence[str], grenze: int) -> tuple[int, int, list[bool]]:
    parteien = {t.partei for t in k.aktive}
    sieger = seiten.index(next(iter(parteien))) if len(parteien) == 1 and _vorbei(k) else -1
    return sieger, min(k.jetzt or 0, grenze), [t.kampfunfaehig(k.optionen) for t in k.teilnehmer]


def gebuendelt_ab(zustaende: Sequence[Kampf], *, rng: Any, taktik: Any = None,
                  max_runden: int = 100) -> Feldausgang:
    """Je Zustand ein Kampf zu Ende: Ereignispfad bis zum sauberen Tick, dann die gebündelte
    Maschine aus den Feldern (Moduldoku). ``runden``: restliche Ticks je Kampf.

    Raises:
        NichtGebuendelt: ein Zustand, von dem die Maschine nicht starten kann (deutscher Grund).
    """
    erster = zustaende[0]
    for k in {id(k): k for k in zustaende}.values():
        _pruefen(k)
    je_partei = simulation.taktiken(taktik, simulation._partei_folge(erster))
    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(
        None if rng is None else rng.getrandbits(64))
    basis = np.array([k.jetzt or 0 for k in zustaende], np.int64)
    if not erster.gestartet and all(k is erster for k in zustaende):
        return gebuendelt.spielen(erster, len(zustaende), rng=gen, taktik=je_partei, max_runden=max_runden)
    bereit = _vorbereiten(zustaende, basis, je_partei, _python_rng(gen), max_runden)
    maschine_an = [i for i, k in enumerate(bereit) if sauber(k) and not _vorbei(k)]
    f = len(zustaende)
    namen = tuple(t.name for t in erster.teilnehmer)
    seiten = tuple(dict.fromkeys(t.partei for t in erster.teilnehmer))
    sieger = np.full(f, -1)
    runden = np.zeros(f, np.int64)
    aus = np.zeros((f, len(namen)), bool)
    bei_maschine = set(maschine_an)
    for i, k in enumerate(bereit):
        if i not in bei_maschine:  # schon auf dem Ereignispfad zu Ende (oder über der Grenze)
            sieger[i], runden[i], aus[i] = _ausgang(k, seiten, int(basis[i]) + max_runden)
    if maschine_an:
        start = startfelder([bereit[i] for i in maschine_an])
        grenze = basis[maschine_an] + max_runden
        # die Maschine kennt eine Grenze für alle: die früheste (gleich, wenn alle Zustände beim
        # selben Tick stehen – beim Lagebild eines Zustands immer)
        e = gebuendelt.spielen_ab(vorlage(erster), start, rng=gen, taktik=je_partei, max_runden=int(grenze.min()))
        idx = np.array(maschine_an)
        sieger[idx], runden[idx], aus[idx] = e.sieger, e.runden, e.ausgeschaltet
    return Feldausgang(namen, seiten, tuple(t.partei for t in erster.teilnehmer), sieger,
                       np.maximum(runden - basis, 0), aus, np.zeros_like(aus))


def _angriff(wer: str, ziel: str, waffe: int, art: str, vwaffe: int | None) -> Callable[[Kampf, Any], Kampf]:
    def treffen(k: Kampf, rng: Any) -> Kampf:
        return anwenden(k, angriff_ereignis(k, wer, ziel, waffe, art, verteidigungs_waffe=vwaffe,
                                            rng=_python_rng(rng), text=False))
    return treffen


def _ereignis(w: simulation.Zugwahl) -> Callable[[Kampf, Any], Kampf]:
    def treffen(k: Kampf, rng: Any) -> Kampf:
        return anwenden(k, simulation.zugwahl_ereignis(k, w, rng=_python_rng(rng), text=False))
    return treffen


def wahlen(zustand: Kampf, taktik: Any = None) -> list[tuple[str, Callable[[Kampf, Any], Kampf]]]:
    """Die Wahlen des Augenblicks für den, der jetzt handelt: der Vorschlag der Taktik; beim
    offenen Konter kontern oder verzichten; sonst jedes Ziel (Verteidigung nach der Taktik des
    Ziels) und – gegen das Ziel der Taktik – jede erlaubte Verteidigung des Ziels."""
    if not zustand.gestartet or _vorbei(zustand):
        return []
    je_partei = simulation.taktiken(taktik, simulation._partei_folge(zustand))
    merker: dict[Any, Any] = {}
    w = simulation.zugwahl(zustand, je_partei, merker, random.Random(0))
    aus: list[tuple[str, Callable[[Kampf, Any], Kampf]]] = [(f"Vorschlag: {_text(zustand, w)}", _ereignis(w))]
    if zustand.konter is not None:
        v, a = zustand.konter
        if w.aktion == "konter_verzichten":
            t = zustand[v]
            waffe = simulation._erste_bereite_waffe(t)
            if waffe is not None and not t.kampfunfaehig(zustand.optionen):
                art, vw = simulation._verteidigung(zustand, v, a, waffe, merker, je_partei[zustand[a].partei])
                k = simulation.Zugwahl("konter", v, a, waffe, art, vw)
                aus.append((_text(zustand, k), _ereignis(k)))
        else:
            k = simulation.Zugwahl("konter_verzichten", v, a)
            aus.append((_text(zustand, k), _ereignis(k)))
        return aus
    if w.aktion != "angriff" or w.waffe is None or w.ziel is None:
        return aus
    lage = zustand.abtausch.basis if zustand.abtausch is not None else zustand
    for g in lage.aktive:
        if g.partei == lage[w.wer].partei or g.name == w.ziel:
            continue
        art, vw = simulation._verteidigung(lage, w.wer, g.name, w.waffe, merker, je_partei[g.partei])
        aus.append((f"{w.wer} greift {g.name} an", _angriff(w.wer, g.name, w.waffe, art, vw)))
    for v in verteidigungs_wahlen(lage, w.wer, w.ziel, w.waffe):
        if v.chancen is None or v.grund or (v.art, v.waffe) == (w.verteidigung, w.verteidigungs_waffe):
            continue
        aus.append((f"{w.ziel} wählt {v.titel}", _angriff(w.wer, w.ziel, w.waffe, v.art, v.waffe)))
    return aus


def _text(k: Kampf, w: simulation.Zugwahl) -> str:
    if w.aktion == "konter_verzichten":
        return f"{w.wer} verzichtet auf den Konter gegen {w.ziel}"
    if w.aktion == "warten":
        return f"{w.wer} wartet ohne Waffe"
    if w.aktion == "ansage_verfallen":
        return f"die angesagte Reaktion von {w.wer} verfällt"
    waffe = k[w.wer].kaempfer.waffen[w.waffe].name if w.waffe is not None else "?"
    verb = "kontert gegen" if w.aktion == "konter" else "greift"
    return (f"{w.wer} {verb} {w.ziel} mit {waffe}" + (" an" if w.aktion == "angriff" else "")
            + f" ({w.ziel}: {w.verteidigung})")
