"""Lagebild für W100: aus einem laufenden Kampf die Chancen bis zum Ende (Adapter für
:mod:`gm_helfer.lagebild`, registriert in :mod:`gm_helfer.w100.vertrag`).

Regelmodul, keine Oberfläche. Beide Seiten spielen ab dem Zustand die Taktik der Simulation
(:class:`gm_helfer.w100.simulation.Taktik`; Vorgabe: den Nächsten angreifen, mit allen Flee-Punkten
ausweichen, niemand ergreift die Initiative):

- :func:`weiterspielen` – ein Kampf auf dem Ereignispfad (:func:`gm_helfer.w100.simulation.fortsetzen`)
  von jedem Zustand an: vor der Initiative, mit offenem „Initiative Ergreifen“ (niemand ergreift
  sie), mitten im Zug (Bewegung schon gemacht, Waffen der Angriffshandlung schon benutzt), mit
  gebundener Parade, Effekten, eigenen Handlungen je Zug. ``runden`` zählt die Runden, in denen ab
  hier gespielt wird (die laufende mit, wenn sie nicht vorbei ist).
- :func:`gebuendelt` – je Kampf auf dem Ereignispfad bis zum Ende des laufenden Zuges (vor der
  Initiative: nur ihr Wurf; nach „Initiative ergreifen“: dieser erste Zug; würfelt dieser Rest nicht,
  einmal für alle Kämpfe vom selben Zustand; würfelt er, spielt ihn ab dem zweiten Kampf die Maschine
  selbst, :func:`_bis_zwischen_zuege`), dann die
  gebündelte Maschine (:meth:`gm_helfer.w100.gebuendelt._Maschine.laufen`) aus den Feldern dieser
  Zustände (:func:`start_felder`: Lebenspunkte, Flee, gebundene Parade, Positionen, Initiative).
  Mit Effekten (Brennen, Hast …) kann die Maschine nicht rechnen: :class:`~gm_helfer.lagebild.NichtGebuendelt`.
- :func:`wahlen` – die Wahlen des Augenblicks: „Initiative Ergreifen“ (wer oder niemand), die
  Ziele des Handelnden, die Abwehr des Ziels (ausweichen, parieren, keine) und der Vorschlag der Taktik.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np

from gm_helfer.lagebild import NichtGebuendelt
from gm_helfer.simulation import Kampfausgang
from gm_helfer.w100 import gebuendelt as _gebuendelt
from gm_helfer.w100 import simulation
from gm_helfer.w100.ablauf import angriff
from gm_helfer.w100.daten import AUSWEICHEN, KEINE_ABWEHR, PARADE
from gm_helfer.w100.kampf import (
    Kampf,
    anwenden,
    bewegung_ereignis,
    ergreifen_ereignis,
    ergreifen_offen,
    ergreifen_verzicht_ereignis,
    runde_vorbei,
    sieger,
)
from gm_helfer.w100.tisch import zug

__all__ = ["gebuendelt", "start_felder", "wahlen", "weiterspielen"]


def _taktik(taktik: Any) -> simulation.Taktik:
    if taktik is None:
        return simulation.Taktik()
    if isinstance(taktik, simulation.Taktik):
        return taktik
    # Seite → Taktik: W100 spielt eine Taktik für beide Seiten (taktik_je_seite=False)
    werte = list(dict(taktik).values())
    return werte[0] if werte else simulation.Taktik()


def _offen(zustand: Kampf) -> int:
    """1, wenn die laufende Runde noch gespielt wird (sie zählt zu den restlichen Runden)."""
    return 0 if zustand.runde == 0 or runde_vorbei(zustand) else 1


def _grenze(zustand: Kampf, max_runden: int) -> int:
    """Die Rundengrenze als ``Kampf.runde``: ``max_runden`` Runden ab hier."""
    return zustand.runde + max_runden - _offen(zustand)


def _rest(zustand: Kampf, ende_runde: Any) -> Any:
    return ende_runde - zustand.runde + _offen(zustand)


def weiterspielen(zustand: Kampf, *, rng: Any, taktik: Any = None, max_runden: int = 100) -> Kampfausgang:
    """Ein Kampf vom ``zustand`` an bis zum Ende auf dem Ereignispfad (Moduldoku)."""
    t = _taktik(taktik)
    kampf, _ = simulation.fortsetzen(zustand, rng=rng, max_runden=_grenze(zustand, max_runden), taktik=t)
    a = simulation._ausgang(kampf, sieger(kampf))
    return Kampfausgang(sieger=a.sieger, runden=_rest(zustand, kampf.runde), ausgeschaltet=a.ausgeschaltet,
                        tot=a.tot)


def _pruefen(zustaende: Sequence[Kampf], vor_initiative: bool, mitten_im_zug: bool = False) -> None:
    """Kann die Maschine von diesen Zuständen starten? Sonst :class:`NichtGebuendelt` mit Grund."""
    erster = zustaende[0]
    namen = [x.name for x in erster.kaempfer]
    for k in {id(k): k for k in zustaende}.values():  # je Zustand einmal
        if not vor_initiative and ((k.am_zug is not None and not mitten_im_zug) or k.vorrang is not None
                                   or k.runde == 0):
            raise NichtGebuendelt("der Zustand liegt nicht zwischen zwei Zügen.")
        if any(x.effekte for x in k.kaempfer):
            raise NichtGebuendelt("ein Effekt (Brennen, Hast …) wirkt – die gebündelte Maschine kennt keine Effekte.")
        # dieselben Optionen sind meist dasselbe Objekt (der Vergleich Feld für Feld kostet)
        if (k.optionen is not erster.optionen and k.optionen != erster.optionen) or [x.name for x in k.kaempfer] != namen:
            raise NichtGebuendelt("die Zustände haben nicht dieselben Kämpfer und Einstellungen.")


_SPALTEN = ("lp", "faehig", "flee", "parade", "x", "y", "ini", "ini_wert")
"""Die Werte eines Kämpfers in :func:`start_felder` (:func:`_werte`), in dieser Reihenfolge."""


def _werte(x: Any, o: Any) -> tuple:
    """Die Werte eines Kämpfers für die Felder der Maschine (:data:`_SPALTEN`)."""
    # die gespeicherte Reihenfolge für die nächste Runde (ohne Effekte: derselbe Wurf + Bonus)
    return (x.lp or 0, x.kampffaehig(o), x.flee or 0, x.parade_gebunden, *x.position, x.initiative or 0,
            x.initiative_naechste_runde or 0)


def start_felder(zustaende: Sequence[Kampf], *, vor_initiative: bool = False,
                 mitten_im_zug: bool = False) -> dict[str, np.ndarray]:
    """Die Start-Felder der gebündelten Maschine aus Zuständen zwischen zwei Zügen ohne Vorrang
    (je Zustand ein Kampf): Lebenspunkte, Kampffähigkeit, Flee, gebundene Parade, Positionen, verbleibende und
    gespeicherte Initiative, Runde.

    Raises:
        NichtGebuendelt: ein Kämpfer trägt einen Effekt (die Maschine kennt keine), jemand ist
            mitten im Zug, oder die Zustände haben nicht dieselben Kämpfer und Einstellungen.
    """
    _pruefen(zustaende, vor_initiative, mitten_im_zug)
    erster = zustaende[0]
    o = erster.optionen
    # je Kämpfer-Objekt einmal gelesen: die Zustände nach dem Ereignispfad (:func:`gebuendelt`) sind je Kampf
    # neue Objekte, teilen aber die Kämpfer, die der Rest des Zuges nicht berührt hat (Objekte leben, solange
    # ``zustaende`` lebt – ihre ``id`` bleibt eindeutig)
    stelle: dict[int, int] = {}
    werte: list[tuple] = []
    reihen: dict[int, list[int]] = {}  # je Zustand: die Stellen seiner Kämpfer in ``werte``
    for k in zustaende:
        if id(k) in reihen:
            continue
        reihe = []
        for x in k.kaempfer:
            i = stelle.get(id(x))
            if i is None:
                i = stelle[id(x)] = len(werte)
                werte.append(_werte(x, o))
            reihe.append(i)
        reihen[id(k)] = reihe
    # alles ganze Zahlen (genau in float64) und Positionen: eine Tafel, je Kampf und Kämpfer eine Zeile daraus
    tafel = np.array(werte, float)[np.array([reihen[id(k)] for k in zustaende], np.intp)]
    spalte = {name: tafel[:, :, i] for i, name in enumerate(_SPALTEN)}
    return {
        "lp": spalte["lp"].astype(np.int64),
        "faehig": spalte["faehig"].astype(bool),
        "flee": spalte["flee"].astype(np.int64),
        "flee_eingesetzt": np.zeros((len(zustaende), len(erster.kaempfer)), np.int64),
        "parade": spalte["parade"].astype(np.int64),
        "pos": np.ascontiguousarray(tafel[:, :, 4:6]),
        "ini": spalte["ini"].astype(np.int64),
        "ini_wert": spalte["ini_wert"].astype(np.int64),
        "runde": np.array([k.runde for k in zustaende], np.int64),
        "laeuft": np.ones(len(zustaende), bool),
    }


def _mitten_im_zug(zustand: Kampf) -> bool:
    """Kann die Maschine den Rest des laufenden Zuges selbst spielen (:meth:`_gebuendelt._Maschine.laufen`,
    ``mitten``)? Mitten im Zug, ohne offenes „Initiative Ergreifen“, ohne Patzerfolge „angriffshandlung“."""
    return (zustand.am_zug is not None and zustand.vorrang is None and zustand.runde > 0
            and zustand.optionen.patzer_folge != "angriffshandlung")


def _rest_felder(zustaende: Sequence[Kampf]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Je Zustand der angefangene Zug für die Maschine (``mitten`` von :meth:`_gebuendelt._Maschine.laufen`):
    Handelnder (−1: keiner), begonnene Angriffshandlungen, welche ausgerüsteten Waffen in der laufenden
    schon angegriffen haben, ob der Zug unberührt ist. ``None``, wenn niemand mitten im Zug ist."""
    breite = max(1, max(sum(w.ausgeruestet for w in x.waffen) for x in zustaende[0].kaempfer))
    je: dict[int, tuple[int, int, list[bool], bool]] = {}
    for k in zustaende:
        if id(k) not in je:
            if k.am_zug is None:
                je[id(k)] = (-1, 0, [False] * breite, False)
            else:
                a = k[k.am_zug]
                benutzt = [w.name in a.waffen_in_aktion for w in a.waffen if w.ausgeruestet]
                je[id(k)] = (k.platz(a.name), a.angriffshandlungen, benutzt + [False] * (breite - len(benutzt)),
                             not (a.angriffshandlungen or a.waffen_in_aktion or a.bewegungen))
    zeilen = [je[id(k)] for k in zustaende]
    if all(z[0] < 0 for z in zeilen):
        return None
    return (np.array([z[0] for z in zeilen], np.int64), np.array([z[1] for z in zeilen], np.int64),
            np.array([z[2] for z in zeilen], bool).reshape(len(zeilen), breite), np.array([z[3] for z in zeilen], bool))


def _zufallsstand(rng: Any) -> Any:
    """Der Stand des Generators (``None``, wenn er keinen zeigt): unverändert heißt, es wurde nicht gewürfelt."""
    erzeuger = getattr(rng, "bit_generator", None)
    return None if erzeuger is None else erzeuger.state


def _bis_zwischen_zuege(zustaende: Sequence[Kampf], rng: Any, grenze: int, taktik: simulation.Taktik) -> list[tuple[Kampf, bool]]:
    """Je Zustand der Ereignispfad bis zwischen zwei Züge (:func:`simulation.fortsetzen` mit ``halt="zug"``).

    Würfelt der Rest des Zuges nicht (etwa: kein Gegner in Reichweite, der Zug endet; oder der Zustand liegt
    schon zwischen zwei Zügen), ist er für diesen Zustand immer derselbe: dann gilt das Ergebnis des ersten
    für jeden weiteren Kampf vom selben Zustand (dieselben Würfe, dasselbe Ergebnis – nur ein Objekt statt
    vieler gleicher). Würfelt er und kann die Maschine ihn spielen (:func:`_mitten_im_zug`), bleibt jeder
    weitere Kampf vom selben Zustand mitten im Zug stehen (``(zustand, False)``) – die Maschine spielt den
    Rest. Geprüft wird je Zustand einmal, am Stand des Generators."""
    ohne_wurf: dict[int, tuple[Kampf, bool]] = {}
    geprueft: set[int] = set()
    weiter = []
    for k in zustaende:
        fertig = ohne_wurf.get(id(k))
        if fertig is None:
            vorher = _zufallsstand(rng) if id(k) not in geprueft else None
            fertig = simulation.fortsetzen(k, rng=rng, max_runden=grenze, taktik=taktik, halt="zug")
            if vorher is not None:
                geprueft.add(id(k))
                if _zufallsstand(rng) == vorher:
                    ohne_wurf[id(k)] = fertig
                elif _mitten_im_zug(k):
                    ohne_wurf[id(k)] = (k, False)
        weiter.append(fertig)
    return weiter


def gebuendelt(zustaende: Sequence[Kampf], *, rng: Any, taktik: Any = None, max_runden: int = 100) -> Any:
    """Viele Kämpfe auf einmal, je Zustand einer (Moduldoku): Ereignispfad bis zwischen zwei Züge,
    dann die gebündelte Maschine. Gibt ein :class:`~gm_helfer.simulation.Feldausgang`."""
    if not zustaende:
        raise NichtGebuendelt("keine Zustände.")
    t = _taktik(taktik)
    rng = np.random.default_rng(rng.getrandbits(64)) if hasattr(rng, "getrandbits") else rng
    grenzen = {_grenze(k, max_runden) for k in {id(k): k for k in zustaende}.values()}  # je Zustand einmal
    if len(grenzen) > 1:
        raise NichtGebuendelt("die Zustände stehen in verschiedenen Runden.")
    grenze = grenzen.pop()
    if all(k is zustaende[0] for k in zustaende) and zustaende[0].runde == 0 and sieger(zustaende[0]) is None:
        # derselbe Zustand vor der Initiative: die Maschine würfelt sie selbst (wie aus den Bögen)
        try:
            start_felder([zustaende[0]], vor_initiative=True)
        except NichtGebuendelt:
            pass
        else:
            e = _gebuendelt._Maschine(zustaende[0], rng, t).block(len(zustaende), grenze)
            return replace(e, runden=_rest(zustaende[0], e.runden))
    weiter = _bis_zwischen_zuege(zustaende, rng, grenze, t)
    laufend = [k for k, ende in weiter if not ende]
    namen = tuple(k.name for k in zustaende[0].kaempfer)
    seiten = tuple(dict.fromkeys(k.seite for k in zustaende[0].kaempfer))
    n, f = len(namen), len(zustaende)
    sieger_ = np.full(f, -1, np.int64)
    runden = np.zeros(f, np.int64)
    aus = np.zeros((f, n), bool)
    # die Runde als ``Kampf.runde`` → gespielte Runden ab dem Zustand (:func:`_rest`), je Zustand einmal gerechnet
    versatz: dict[int, int] = {}
    for k in zustaende:
        if id(k) not in versatz:
            versatz[id(k)] = _rest(k, 0)
    ab_hier = np.array([versatz[id(k)] for k in zustaende], np.int64)
    ende = np.array([e for _, e in weiter], bool)
    if laufend:
        maschine = _gebuendelt._Maschine(laufend[0], rng, t)
        e = maschine.laufen(start_felder(laufend, mitten_im_zug=True), grenze, _rest_felder(laufend))
        sieger_[~ende], runden[~ende], aus[~ende] = e.sieger, e.runden, e.ausgeschaltet
    for i in np.flatnonzero(ende).tolist():
        k = weiter[i][0]
        s = sieger(k)
        sieger_[i] = seiten.index(s) if s is not None else -1
        runden[i] = k.runde
        aus[i] = [not x.kampffaehig(k.optionen) for x in k.kaempfer]
    runden += ab_hier
    return _gebuendelt.Ergebnis(namen, seiten, tuple(k.seite for k in zustaende[0].kaempfer), sieger_,
                                runden, aus, np.zeros_like(aus), np.zeros((f, n), np.int64))


# --------------------------------------------------------------------------- Wahlen des Augenblicks


Wahl = tuple[str, Callable[[Kampf, Any], Kampf]]


def _angriff_wahl(text: str, ziel: str, waffe: str, abwehr: str | None) -> Wahl:
    """Der Angriff auf ``ziel`` mit ``waffe``; Abwehr des Ziels ``abwehr`` (alle verfügbaren
    Punkte) – ``None``: nach der Taktik."""
    def treffen(kampf: Kampf, rng: Any) -> Kampf:
        wer = zug.am_zug(kampf)
        k = zug.im_zug(kampf, wer)  # type: ignore[arg-type]
        z = k[ziel]
        if abwehr is None:
            art, punkte = simulation._abwehr(k, ziel, k[wer].waffe(waffe), simulation.Taktik())  # type: ignore[index]
        else:
            art, punkte = abwehr, (z.flee or 0) if abwehr == AUSWEICHEN else z.parade_frei if abwehr == PARADE else 0
        return anwenden(k, angriff(k, ziel, waffe, abwehr=art if punkte else KEINE_ABWEHR, punkte=punkte,
                                   rng=rng, text=False))
    return text, treffen


def _vorschlag_wahl(v: zug.Vorschlag) -> Wahl:
    def treffen(kampf: Kampf, rng: Any) -> Kampf:
        k = zug.im_zug(kampf, v.wer)
        if v.schluessel == "bewegung":
            return anwenden(k, bewegung_ereignis(k, v.wer, v.nach, text=False))  # type: ignore[arg-type]
        if v.schluessel == "angriff":
            return anwenden(k, angriff(k, v.ziel, v.waffe, abwehr=v.abwehr, punkte=v.punkte,  # type: ignore[arg-type]
                                       rng=rng, text=False))
        return k  # Zug beenden: das Weiterspielen beendet ihn genauso
    return f"Vorschlag: {v.text}", treffen


def _ergreifen_wahlen(zustand: Kampf) -> list[Wahl]:
    wahlen: list[Wahl] = [("Niemand ergreift die Initiative",
                           lambda k, rng: anwenden(k, ergreifen_verzicht_ereignis(k)))]
    for x in zustand.kaempfer:
        if x.kampffaehig(zustand.optionen):
            wahlen.append((f"{x.name} ergreift die Initiative",
                           lambda k, rng, n=x.name: anwenden(k, ergreifen_ereignis(k, n))))
    return wahlen


def wahlen(zustand: Kampf, taktik: Any = None) -> list[Wahl]:
    """Die Wahlen des Augenblicks (Moduldoku): vor dem ersten Zug, wer die Initiative ergreift;
    im Zug die Ziele des Handelnden (mit der Abwehr der Taktik), für den vorgeschlagenen Angriff
    die Abwehr des Ziels (ausweichen, parieren, keine – nur, was erlaubt ist), und der Vorschlag.
    Leer, wenn niemand handeln kann (vor der Initiative, Runde vorbei, Kampf entschieden)."""
    if sieger(zustand) is not None or zustand.runde == 0:
        return []
    if ergreifen_offen(zustand):
        return _ergreifen_wahlen(zustand)
    wer = zug.am_zug(zustand)
    if wer is None:
        return []
    t = _taktik(taktik)
    v = zug.vorschlag(zustand, wer, taktik=t)
    if v is None:
        return []
    ergebnis: list[Wahl] = [_vorschlag_wahl(v)]
    k = zug.im_zug(zustand, wer)
    reihe = zug._gegner(k, wer)
    for waffe in zug._ausgeruestet(k, wer):
        for g in reihe:
            moeglich = zug.abwehr_moeglichkeiten(zustand, wer, g, waffe.name)
            try:
                zug.angriff_planen(k, wer, g, waffe.name)
            except zug.W100Fehler:
                continue
            if (g, waffe.name) != (v.ziel, v.waffe):
                ergebnis.append(_angriff_wahl(f"{wer} greift {g} mit {waffe.name} an", g, waffe.name, None))
            else:
                for a in moeglich:
                    if a.erlaubt:
                        ergebnis.append(_angriff_wahl(f"{wer} greift {g} mit {waffe.name} an – {g}: {a.text}",
                                                      g, waffe.name, a.schluessel))
    return ergebnis
