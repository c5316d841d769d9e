"""Gebündelte Simulation: viele Aloran-Kämpfe auf einmal, als Felder (Kämpfe × Kämpfer).

Der zweite Treiber aus DESIGN.md („Simulation: one rule, two drivers“). Er spielt dieselbe
Taktik wie der Ereignispfad :func:`gm_helfer.aloran.simulation.einen_kampf` (Reihenfolge,
Ziel, Angriff, Verteidigung: dort beschrieben, wählbar über
:class:`~gm_helfer.aloran.simulation.Taktik`) – aber für alle Kämpfe gleichzeitig: der Zustand
liegt in numpy-Feldern (Wunden je Zone, Ausdauer, übrige Kampf-, Verteidigungs- und
Zweitwaffen-Aktionen, beeinträchtigte Kampfaktionen, wer in der Runde schon gehandelt hat – je
Kampf und Kämpfer), gewürfelt wird mit **einem** ``numpy.random.Generator``
(:func:`gm_helfer.felder.explodierend`, für W10, W6 und W20 ohne Explosion).

Keine Regel ist hier ein zweites Mal geschrieben; ausgewertet wird mit den Funktionen des
Live-Kampfs, die auch Felder nehmen:

- Pools: :func:`~gm_helfer.aloran.proben.netto_erfolge`, :func:`~gm_helfer.aloran.proben.einser`,
  Wundabzug :func:`~gm_helfer.aloran.wunden.wuerfelabzug` mit
  :func:`~gm_helfer.aloran.angriff.wuerfel_nach_wunden`,
- Vergleich samt Patzer und Meistertreffer: :func:`~gm_helfer.aloran.angriff.vergleich_auswerten`,
- Schaden: :func:`~gm_helfer.aloran.angriff.trefferschaden`,
  :func:`~gm_helfer.aloran.angriff.ausdauerschaden`,
  :func:`~gm_helfer.aloran.wunden.wunden_nach_ruestung`,
- Zustand: :func:`~gm_helfer.aloran.wunden.verletzungsstufe` (die Zeile der Wundtabelle, je
  Kampf und Kämpfer gemerkt und nach jeder Änderung der Wunden oder der Ausdauer neu bestimmt) mit
  :func:`~gm_helfer.aloran.wunden.wuerfelabzug_der_stufe` und
  :func:`~gm_helfer.aloran.wunden.initiativeabzug_der_stufe` (Reihenfolge nach der aktuellen
  Initiative), :func:`~gm_helfer.aloran.wunden.wehrlos_mit_abzug`,
  :func:`~gm_helfer.aloran.wunden.kampfunfaehig`.

Was je Kämpfer oder Paar fest ist, kommt einmal aus dem Startzustand des Live-Kampfs:
Standardangriff (:func:`~gm_helfer.aloran.simulation.standardangriff`), die Verteidigungen der
Taktik je Paar (:func:`~gm_helfer.aloran.simulation.verteidigungen`), Pools, Schwierigkeiten und
Talentstufen aus :func:`~gm_helfer.aloran.angriff.lage` (ohne Wunden; der Wundabzug kommt im
Kampf dazu), Aktionen zu Rundenbeginn aus :func:`~gm_helfer.aloran.kampf.aktionen_zu_rundenbeginn`.
Die W6-Tabellen (Patzer, Meistertreffer) und die Trefferzonen werden einmal für jede Augenzahl
mit :func:`~gm_helfer.aloran.proben.patzerfolge`, :func:`~gm_helfer.aloran.proben.meisterfolge`
und :func:`~gm_helfer.aloran.proben.trefferzone` nachgeschlagen.

Zu verzweigt für Felder ist die Reihenfolge innerhalb eines Kampfes (wer nach wem handelt,
wie viele Angriffe ein Zug hat): sie steckt in Schleifen, deren jeder Schritt für alle Kämpfe
gilt, in denen er gerade ansteht. Die Folgen eines Austauschs werden in derselben Reihenfolge
angewandt wie in :func:`~gm_helfer.aloran.kampf.angriff_ereignis` (Patzer und Meistertreffer
des Angreifers, dann des Verteidigers, dann der Treffer) – das zählt, wenn eine Bonus-Kampfaktion
und eine Beeinträchtigung denselben Kämpfer treffen.

Nicht gebündelt: die **ältere Patzertabelle** (Option ``alte_patzertabelle``: 3W6 mit
Modifikatoren, Selbstverletzung mit der eigenen Waffe, unparierbare Attacken, verlorene
Aktionen). Mit dieser Option spielt :func:`gm_helfer.aloran.simulation.begegnung` Kampf für
Kampf auf dem Ereignispfad; :func:`spielen` lehnt sie ab.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from gm_helfer import wuerfel
from gm_helfer.felder import explodierend, flache_sicht
from gm_helfer.simulation import Feldausgang, in_bloecken

from .angriff import Lage, ausdauerschaden, lage, trefferschaden, vergleich_auswerten, wuerfel_nach_wunden
from .daten import ZONEN
from .kampf import KEINE_WUNDEN, Kampf, aktionen_zu_rundenbeginn
from .proben import AloranFehler, einser, meisterfolge, netto_erfolge, patzerfolge, trefferzone
from .taktik import Taktik, standardangriff, verteidigungen
from .werte import initiativewert
from .wunden import (
    initiativeabzug_der_stufe,
    kampfunfaehig,
    verletzungsstufe,
    wehrlos_mit_abzug,
    wuerfelabzug_der_stufe,
    wunden_nach_ruestung,
)

__all__ = ["BLOCK", "Ergebnis", "Startfelder", "spielen", "spielen_ab"]

BLOCK = 20000
"""So viele Kämpfe rechnet die Maschine auf einmal (danach meldet sie den Fortschritt)."""

_ZONE = np.array([ZONEN.index(trefferzone(w)) for w in range(1, 21)])
"""Zone (Index in ``ZONEN``) je W20-Augenzahl 1…20."""
_PATZER = np.array([patzerfolge(w).wirkung for w in range(1, 7)])
_MEISTER = np.array([meisterfolge(w).wirkung for w in range(1, 7)])
"""Wirkung der W6-Tabellen je Augenzahl 1…6."""


@dataclass(frozen=True)
class _Feste:
    """Was sich im Kampf nicht ändert, je Kämpfer (N) oder Paar (Angreifer × Ziel)."""

    namen: tuple[str, ...]
    seiten: tuple[str, ...]
    seite: np.ndarray
    ko: np.ndarray
    initiativewert: np.ndarray
    ausdauer: np.ndarray
    ruestung: np.ndarray
    """(N, Zonen)."""
    kampf_start: np.ndarray
    vert_start: np.ndarray
    zweit_start: np.ndarray
    a_pool: np.ndarray
    a_schw: np.ndarray
    a_stufe: np.ndarray
    a_ausdauer: np.ndarray
    """Der Standardangriff macht Ausdauer-Schaden (waffenlos)."""
    a_schaden: np.ndarray
    """Der Standardangriff macht überhaupt Schaden (nicht geistig)."""
    schaden_seiten: np.ndarray
    """(N, D) Würfel des Schadensausdrucks (0 = keiner); dazu Vorzeichen und Explosion."""
    schaden_zeichen: np.ndarray
    schaden_knall: np.ndarray
    schaden_konstante: np.ndarray
    h_da: np.ndarray
    """(N, N): Ziel j verteidigt sich gegen Angreifer i mit der Verteidigungsaktion (Taktik)."""
    h_pool: np.ndarray
    h_schw: np.ndarray
    h_stufe: np.ndarray
    z_da: np.ndarray
    """(N, N): … mit der Bonusaktion der Zweitwaffe, wenn die Verteidigungsaktion verbraucht ist."""
    z_pool: np.ndarray
    z_schw: np.ndarray
    z_stufe: np.ndarray


def _feste(start: Kampf, taktik: Any) -> _Feste:
    kf = start.kaempfer
    opt = start.optionen
    seiten = tuple(dict.fromkeys(k.werte.seite for k in kf))
    angriffe = [standardangriff(k) for k in kf]
    a_pool, a_schw, a_stufe = [], [], []
    for i, a in enumerate(kf):
        ohne = lage(a.werte, angriffe[i], KEINE_WUNDEN, a.werte, None, KEINE_WUNDEN, optionen=opt)
        a_pool.append(ohne.angriff_pool)
        a_schw.append(ohne.angriff_schwierigkeit)
        a_stufe.append(ohne.angriff_talentstufe)
    h_da, z_da, paar = _verteidigungspaare(kf, angriffe, opt, taktik)
    spalte, konstante = _schadensspalten(angriffe)
    aktionen = [aktionen_zu_rundenbeginn(k.werte) for k in kf]
    return _Feste(
        namen=tuple(k.name for k in kf),
        seiten=seiten,
        seite=np.array([seiten.index(k.werte.seite) for k in kf]),
        ko=np.array([k.konstitution for k in kf]),
        initiativewert=np.array([initiativewert(k.werte) for k in kf]),
        ausdauer=np.array([k.werte.ausdauer for k in kf]),
        ruestung=np.array([k.werte.ruestung for k in kf]),
        kampf_start=np.array([x.kampf for x in aktionen]),
        vert_start=np.array([x.verteidigung for x in aktionen]),
        zweit_start=np.array([x.zweitwaffe for x in aktionen]),
        a_pool=np.array(a_pool), a_schw=np.array(a_schw), a_stufe=np.array(a_stufe),
        a_ausdauer=np.array([a.schadensart == "Ausdauer" for a in angriffe]),
        a_schaden=np.array([bool(a.schaden) and a.wirkung != "geistig" for a in angriffe]),
        schaden_seiten=spalte(0, 0), schaden_zeichen=spalte(1, 0), schaden_knall=spalte(2, False),
        schaden_konstante=np.array(konstante),
        h_da=h_da, z_da=z_da, **paar,
    )


def _verteidigungspaare(kf: Any, angriffe: list, opt: Any, taktik: Any) -> tuple[np.ndarray, np.ndarray, dict]:
    """(N, N) je Angreifer i und Ziel j: verteidigt sich j (Verteidigungsaktion ``h``, Zweitwaffe
    ``z``) und mit welchem Pool, welcher Schwierigkeit, welcher Talentstufe."""
    n = len(kf)
    paar = {name: np.zeros((n, n), np.int64) for name in ("h_pool", "h_schw", "h_stufe", "z_pool", "z_schw", "z_stufe")}
    h_da, z_da = np.zeros((n, n), bool), np.zeros((n, n), bool)
    for i, a in enumerate(kf):
        for j, v in enumerate(kf):
            if v.werte.seite == a.werte.seite:
                continue
            for kurz, da, art in zip("hz", (h_da, z_da), verteidigungen(v.werte, angriffe[i], opt, taktik)):
                if art is None:
                    continue
                la = lage(a.werte, angriffe[i], KEINE_WUNDEN, v.werte, art, KEINE_WUNDEN, optionen=opt)
                da[i, j] = True
                paar[f"{kurz}_pool"][i, j] = la.verteidigung_pool
                paar[f"{kurz}_schw"][i, j] = la.verteidigung_schwierigkeit
                paar[f"{kurz}_stufe"][i, j] = la.verteidigung_talentstufe
    return h_da, z_da, paar


def _schadensspalten(angriffe: list) -> tuple[Callable[[int, Any], np.ndarray], list[int]]:
    """Die Würfel der Schadensausdrücke als Spalten (N, D), aufgefüllt; dazu die Konstanten."""
    wuerfe = []
    konstante = []
    for art in angriffe:
        if not art.schaden:
            wuerfe.append([])
            konstante.append(0)
            continue
        ausdruck = wuerfel.parse(art.schaden_text)
        wuerfe.append([(g.seiten, g.vorzeichen, g.explodierend) for g, _ in ausdruck.einzelwuerfel()])
        konstante.append(ausdruck.konstante)
    d = max(1, max(len(w) for w in wuerfe))

    def spalte(nummer: int, leer: Any) -> np.ndarray:
        return np.array([[x[nummer] for x in w] + [leer] * (d - len(w)) for w in wuerfe])

    return spalte, konstante


@dataclass(frozen=True)
class Startfelder:
    """Der Stand vieler Kämpfe an einer Rundengrenze (alle haben gehandelt, nichts ist offen), je
    Kampf und Kämpfer – der Start der Maschine statt „vor der Initiative“ (für das Lagebild,
    :mod:`gm_helfer.aloran.lagebild`). Die nächste Runde beginnt in der Maschine; ``runde`` zählt
    von 0 (die *weiteren* Runden)."""

    initiative: np.ndarray
    """(K, N) Initiativewert + W10, wie gewürfelt (ohne Wundabzug)."""
    wunden: np.ndarray
    """(K, N, Zonen)."""
    ausdauer: np.ndarray
    """(K, N)."""
    beeintraechtigt: np.ndarray
    """(K, N) so viele der nächsten Kampfaktionen entfallen (je Runde eine)."""
    kampf: np.ndarray | None = None
    """Mitten in der Runde, zwischen zwei Zügen (niemandes Zug läuft, kein gleichzeitiger Austausch
    offen, niemand wartet ab): (K, N) übrige Kampfaktionen – ``None`` an der Rundengrenze."""
    verteidigung: np.ndarray | None = None
    zweitwaffe: np.ndarray | None = None
    fertig: np.ndarray | None = None
    """(K, N) hat in dieser Runde schon gehandelt."""


class Ergebnis(Feldausgang):
    """Ausgang aller Kämpfe eines Laufs (:class:`gm_helfer.simulation.Feldausgang`); ``tot`` bleibt
    leer (der Regeltext kennt keinen sicheren Tod, siehe :mod:`gm_helfer.aloran.simulation`)."""


_KLEINSTE = np.iinfo(np.int64).min
"""Kleiner als jede Initiative (wer nicht dran ist)."""


class _Flach:
    """Flache Sichten (K · N,) auf die Felder (K, N) der Maschine – dieselben Daten:
    ``flach.kampf[kampf * N + i]`` ist ``kampf[kampf, i]``; Wunden (K · N, Zonen). numpy liest
    (``take``) und schreibt über einen flachen Index deutlich schneller als über ein Paar (Kämpfe,
    Kämpfer); deshalb ändert die Maschine diese Felder nach dem Aufbau nur an Ort und Stelle."""

    __slots__ = ("ausdauer", "ausdauer_auf", "beein", "beein_auf", "faehig", "fertig", "kampf", "stufe", "vert",
                 "wunden", "wunden_auf", "zweit")
    ausdauer: np.ndarray
    ausdauer_auf: np.ndarray
    beein: np.ndarray
    beein_auf: np.ndarray
    faehig: np.ndarray
    fertig: np.ndarray
    kampf: np.ndarray
    stufe: np.ndarray
    vert: np.ndarray
    wunden: np.ndarray
    wunden_auf: np.ndarray
    zweit: np.ndarray

    def __init__(self, maschine: _Maschine) -> None:
        for name in self.__slots__:
            setattr(self, name, flache_sicht(getattr(maschine, name), name))


class _Maschine:
    def __init__(self, start: Kampf, taktik: Any, rng: np.random.Generator) -> None:
        if start.optionen.alte_patzertabelle:
            raise AloranFehler("Die ältere Patzertabelle spielt nur der Ereignispfad (einen_kampf), nicht die "
                               "gebündelte Maschine.")
        self.f = _feste(start, taktik)
        self.opt = start.optionen
        self.ziel = taktik.ziel
        self.rng = rng
        self.n = len(self.f.namen)
        self.gegner = self.f.seite[:, None] != self.f.seite[None, :]
        self.rang = (self.n - 1 - np.arange(self.n)).astype(float)
        """Bogenreihenfolge als Gleichstands-Regel: früher im Bogen = größer."""
        self.seiten_matrix = np.eye(len(self.f.seiten), dtype=np.int64)[self.f.seite]
        # die Verteidigung je Paar nach der Wahl (0 Verteidigungsaktion, 1 Zweitwaffe, 2 keine) als
        # flache Tafel (3 · N · N): ein take je Austausch statt zweier np.where; „keine“ hat 0 Würfel
        # und Schwierigkeit und Stufe der Verteidigungsaktion (wie np.where(zweit, z, h))
        f = self.f
        self.v_pool = np.stack((f.h_pool, f.z_pool, np.zeros_like(f.h_pool))).reshape(-1)
        self.v_schw = np.stack((f.h_schw, f.z_schw, f.h_schw)).reshape(-1)
        self.v_stufe = np.stack((f.h_stufe, f.z_stufe, f.h_stufe)).reshape(-1)

    # -- Würfel ------------------------------------------------------------------------
    def _w(self, seiten: int, form: Any) -> np.ndarray:
        return explodierend(self.rng, np.full(form, seiten), explodiert=False)

    def _pools(self, angriff: np.ndarray, verteidigung: np.ndarray) -> np.ndarray:
        """Die W10 beider Pools eines Austauschs als ein Feld (2, Kämpfe, Würfel): [0] je Eintrag
        ``angriff`` W10, [1] ``verteidigung`` W10, aufgefüllt mit 0 (kein Würfel) bis zum größten
        Pool. Dieselben Zahlen aus demselben Zufall wie zwei Würfe mit :func:`explodierend` (erst der
        Angriff, dann die Verteidigung, je bis zum größten Pool der Seite): ein Wurf für beide – ein
        Austausch braucht so weniger numpy-Aufrufe."""
        k = len(angriff)
        ba, bv = int(angriff.max(initial=0)), int(verteidigung.max(initial=0))
        augen = explodierend(self.rng, np.full(k * (ba + bv), 10), explodiert=False)
        breite = max(ba, bv)
        beide = np.zeros((2, k, breite), np.int64)
        beide[0, :, :ba] = augen[:k * ba].reshape(k, ba)
        beide[1, :, :bv] = augen[k * ba:].reshape(k, bv)
        beide *= np.arange(breite) < np.stack((angriff, verteidigung))[:, :, None]
        return beide

    def _schaden_wurf(self, a: np.ndarray) -> np.ndarray:
        f = self.f
        seiten, knall = f.schaden_seiten[a], f.schaden_knall[a]
        augen = explodierend(self.rng, np.where(knall, 0, seiten), explodiert=False)
        if np.count_nonzero(knall):
            augen = augen + explodierend(self.rng, np.where(knall, seiten, 0))
        return (augen * f.schaden_zeichen[a]).sum(1) + f.schaden_konstante[a]

    # -- Folgen ------------------------------------------------------------------------
    def _beeintraechtigen(self, ff: np.ndarray, wer: np.ndarray) -> None:
        """„Nächste Kampfaktion beeinträchtigt“ (wie die Folge in ``kampf.anwenden``): eine übrige
        Kampfaktion entfällt jetzt, sonst die nächste Runde; im gleichzeitigen Austausch erst, wenn
        er vorbei ist."""
        fl, fw = self.flach, ff * self.n + wer
        auf = self.auf.take(ff)
        if np.count_nonzero(auf):
            self.aufgeschoben[ff[auf]] = True
            fl.beein_auf[fw[auf]] += 1
            fw = fw[~auf]
        jetzt = fl.kampf.take(fw) > 0
        fl.kampf[fw[jetzt]] -= 1
        fl.beein[fw[~jetzt]] += 1

    def _wunden_dazu(self, ff: np.ndarray, wer: np.ndarray, zone: np.ndarray, wunden: np.ndarray) -> None:
        """Wunden in einer Zone – im gleichzeitigen Austausch aufgeschoben (``kampf.aufschieben``)."""
        fl, fw = self.flach, ff * self.n + wer
        auf = self.auf.take(ff)
        if np.count_nonzero(auf):
            self.aufgeschoben[ff[auf]] = True
            fl.wunden_auf[fw[auf], zone[auf]] += wunden[auf]
            fw, zone, wunden = fw[~auf], zone[~auf], wunden[~auf]
        fl.wunden[fw, zone] += wunden
        if fw.size:
            self._neu_bewerten(fw)

    def _ausdauer_weg(self, ff: np.ndarray, wer: np.ndarray, verlust: np.ndarray) -> None:
        """Ausdauerverlust (nie unter 0) – im gleichzeitigen Austausch aufgeschoben."""
        fl, fw = self.flach, ff * self.n + wer
        auf = self.auf.take(ff)
        if np.count_nonzero(auf):
            self.aufgeschoben[ff[auf]] = True
            fl.ausdauer_auf[fw[auf]] += verlust[auf]
            fw, wer, verlust = fw[~auf], wer[~auf], verlust[~auf]
        fl.ausdauer[fw] = np.minimum(self.f.ausdauer[wer], np.maximum(0, fl.ausdauer.take(fw) - verlust))
        if fw.size:
            self._neu_bewerten(fw)

    def _aufgeschobenes_anwenden(self, ff: np.ndarray) -> None:
        """Der gleichzeitige Austausch ist vorbei: Wunden, Ausdauerverlust und Beeinträchtigungen
        gelten jetzt zusammen (wie ``kampf._austausch_schliessen``); dann neu bewerten."""
        ff = ff[self.auf[ff]]
        self.auf[ff] = False
        # nur wo etwas aufgeschoben ist: sonst ändert sich nichts (Wundstufe und Handlungsfähigkeit
        # sind stets dieselbe Funktion der unveränderten Wunden und Ausdauer)
        ff = ff[self.aufgeschoben[ff]]
        if not ff.size:
            return
        self.aufgeschoben[ff] = False
        self.wunden[ff] += self.wunden_auf[ff]
        self.wunden_auf[ff] = 0
        self.ausdauer[ff] = np.maximum(0, self.ausdauer[ff] - self.ausdauer_auf[ff])
        self.ausdauer_auf[ff] = 0
        zaehler = self.beein_auf[ff]
        self.beein_auf[ff] = 0
        for schritt in range(1, int(zaehler.max(initial=0)) + 1):
            g, w = np.nonzero(zaehler >= schritt)
            self._beeintraechtigen(ff[g], w)
        self._zeilen_bewerten(ff)

    def _zonenschaden(self, ff: np.ndarray, wer: np.ndarray, schaden: np.ndarray) -> None:
        """Schaden in einer W20-Zone von ``wer``, abzüglich seiner Rüstung dort, als Wunden."""
        zone = _ZONE[self._w(20, len(ff)) - 1]
        self._wunden_dazu(ff, wer, zone, wunden_nach_ruestung(schaden, self.f.ruestung[wer, zone]))

    def _patzer(self, ff: np.ndarray, wer: np.ndarray, gegner: np.ndarray, maske: np.ndarray) -> None:
        """SPIELABLAUF › Patzer, W6-Tabelle."""
        if not np.count_nonzero(maske):
            return
        ff, wer, gegner = ff[maske], wer[maske], gegner[maske]
        wirkung = _PATZER[self._w(6, len(ff)) - 1]
        # je Wirkung nur, wo sie gewürfelt wurde (ohne Würfe dazwischen: die Zufallsfolge bleibt)
        s = wirkung == "schaden"
        if anzahl := np.count_nonzero(s):
            self._zonenschaden(ff[s], wer[s], self._w(6, anzahl))
        s = wirkung == "beeintraechtigt"
        if np.count_nonzero(s):
            self._beeintraechtigen(ff[s], wer[s])
        s = wirkung == "bonusaktion"
        if np.count_nonzero(s):
            self.flach.kampf[ff[s] * self.n + gegner[s]] += 1

    def _meister(self, ff: np.ndarray, wer: np.ndarray, gegner: np.ndarray, maske: np.ndarray,
                 angreifer: bool, trifft: np.ndarray, bonus: np.ndarray) -> None:
        """SPIELABLAUF › Meistertreffer, W6-Tabelle: Bonus-Schaden (Angreifer: auf den Treffer;
        Verteidiger: in einer Zone des Angreifers), Beeinträchtigung des Gegners, Bonus-Kampfaktion."""
        if not np.count_nonzero(maske):
            return
        idx = np.flatnonzero(maske)
        wirkung = _MEISTER[self._w(6, len(idx)) - 1]
        s = idx[wirkung == "schaden"]
        if angreifer:
            s = s[trifft[s]]
            if s.size:  # kein Würfel, kein Zufall: ohne Treffer bleibt die Zufallsfolge dieselbe
                bonus[s] = self._w(6, len(s))
        elif s.size:
            self._zonenschaden(ff[s], gegner[s], self._w(6, len(s)))
        s = idx[wirkung == "beeintraechtigt"]
        if s.size:
            self._beeintraechtigen(ff[s], gegner[s])
        s = idx[wirkung == "bonusaktion"]
        if s.size:
            self.flach.kampf[ff[s] * self.n + wer[s]] += 1

    def _neu_bewerten(self, fw: np.ndarray) -> None:
        """Wundstufe und Handlungsfähigkeit der Kämpfer ``fw`` (flacher Index Kampf · N + Kämpfer),
        deren Wunden oder Ausdauer sich gerade geändert haben.

        Beide sind stets diese Funktion von Wunden und Ausdauer (so baut sie :meth:`block` auf);
        deshalb genügt es, sie nach jeder Änderung für die Geänderten neu zu bestimmen – wer nicht
        getroffen wurde, behält sie. Innerhalb eines Austauschs liest sie niemand nach den Würfen."""
        fl = self.flach
        wunden, ko = fl.wunden[fw], self.f.ko.take(fw % self.n)
        fl.stufe[fw] = verletzungsstufe(wunden, ko)
        fl.faehig[fw] = ~kampfunfaehig(wunden, ko) & (fl.ausdauer.take(fw) > 0)

    def _zeilen_bewerten(self, ff: np.ndarray) -> None:
        """:meth:`_neu_bewerten` für alle Kämpfer der Kämpfe ``ff`` auf einmal."""
        wunden = self.wunden[ff]
        self.stufe[ff] = verletzungsstufe(wunden, self.f.ko)
        self.faehig[ff] = ~kampfunfaehig(wunden, self.f.ko) & (self.ausdauer[ff] > 0)

    # -- Austausch ---------------------------------------------------------------------
    def _austausch(self, ff: np.ndarray, a: np.ndarray, t: np.ndarray) -> None:
        """Je Kampf greift ``a`` das Ziel ``t`` an (wie :func:`~gm_helfer.aloran.kampf.angriff_ereignis`)."""
        f, opt, fl = self.f, self.opt, self.flach
        # flache Indizes: (Kampf, Angreifer) und (Kampf, Ziel) in die Felder der Maschine, (Angreifer,
        # Ziel) in die (N, N)-Felder der Paare (``take`` ohne Achse liest ein Feld flach)
        fa, ft, paar = ff * self.n + a, ff * self.n + t, a * self.n + t
        fl.kampf[fa] -= 1
        stufe_a, stufe_t = fl.stufe.take(fa), fl.stufe.take(ft)
        kann = fl.faehig.take(ft) & ~wehrlos_mit_abzug(self.wehrlos_ini.take(ft), initiativeabzug_der_stufe(stufe_t))
        vert_t = fl.vert.take(ft)
        haupt = kann & (vert_t > 0) & f.h_da.take(paar)
        zweit = kann & (vert_t <= 0) & (fl.zweit.take(ft) > 0) & f.z_da.take(paar)
        fl.vert[ft[haupt]] -= 1
        fl.zweit[ft[zweit]] -= 1
        wahl = (2 - 2 * haupt - zweit) * (self.n * self.n) + paar  # haupt und zweit schließen sich aus
        la = Lage(
            wuerfel_nach_wunden(f.a_pool.take(a), wuerfelabzug_der_stufe(stufe_a)), f.a_schw.take(a),
            f.a_stufe.take(a),
            wuerfel_nach_wunden(self.v_pool.take(wahl), wuerfelabzug_der_stufe(stufe_t)), self.v_schw.take(wahl),
            self.v_stufe.take(wahl),
        )
        # beide Pools in einem Feld: je eine Auswertung für Angriff und Verteidigung zusammen
        pool_v = cast(np.ndarray, la.verteidigung_pool)
        beide = self._pools(cast(np.ndarray, la.angriff_pool), pool_v)
        netto = netto_erfolge(beide, np.stack((la.angriff_schwierigkeit, la.verteidigung_schwierigkeit)))
        eins = einser(beide)
        erg = vergleich_auswerten(netto[0], eins[0], netto[1], eins[1], la, opt, verteidigt=haupt | zweit)
        trifft = (erg.kategorie != "verfehlt") & f.a_schaden.take(a)
        bonus = np.zeros(len(ff), np.int64)
        self._patzer(ff, a, t, erg.angriff_patzer)
        self._meister(ff, a, t, erg.angriff_meister, True, trifft, bonus)
        self._patzer(ff, t, a, erg.verteidigung_patzer)
        self._meister(ff, t, a, erg.verteidigung_meister, False, trifft, bonus)
        if np.count_nonzero(trifft):
            wo = np.flatnonzero(trifft)
            g, aa, tt, kat, b = ff.take(wo), a.take(wo), t.take(wo), cast(np.ndarray, erg.kategorie).take(wo), bonus.take(wo)
            summe = self._schaden_wurf(aa)
            aus = f.a_ausdauer.take(aa)
            if np.count_nonzero(aus):
                verlust = ausdauerschaden(summe[aus] + b[aus], kat[aus], opt)
                self._ausdauer_weg(g[aus], tt[aus], verlust)
                w = ~aus
                g, tt, summe, kat, b = g[w], tt[w], summe[w], kat[w], b[w]
            if g.size:
                zone = _ZONE[self._w(20, g.size) - 1]
                _, wunden = trefferschaden(summe, kat, f.ruestung[tt, zone], opt, bonus=b)
                self._wunden_dazu(g, tt, zone, wunden)

    # -- Züge und Runden ---------------------------------------------------------------
    def _ziel(self, ff: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Das Ziel der Taktik unter den handlungsfähigen Gegnern (Gleichstand: das erste im Bogen)."""
        kandidat = self.gegner.take(a, axis=0) & self.faehig.take(ff, axis=0)
        if self.ziel == "zufall":
            wert = self.rng.random(kandidat.shape)
        elif self.ziel == "erster":
            wert = np.broadcast_to(self.rang, kandidat.shape)
        else:
            wunden = self.wunden.take(ff, axis=0).sum(2) * float(self.n)
            wert = (wunden if self.ziel == "schwaechster" else -wunden) + self.rang
        return np.where(kandidat, wert, -np.inf).argmax(1), kandidat.any(1)

    def _zug(self, ff: np.ndarray, a: np.ndarray) -> None:
        """Ein Zug: alle Kampfaktionen (auch neu gewonnene Bonus-Kampfaktionen) gegen das Ziel der Taktik."""
        while ff.size:
            fa = ff * self.n + a
            weiter = (self.flach.kampf.take(fa) > 0) & self.flach.faehig.take(fa)
            ff, a = ff[weiter], a[weiter]
            if not ff.size:
                return
            t, da = self._ziel(ff, a)
            ff, a, t = ff[da], a[da], t[da]
            if ff.size:
                self._austausch(ff, a, t)

    def _entschieden(self, ff: np.ndarray) -> np.ndarray:
        return ((self.faehig[ff].astype(np.int64) @ self.seiten_matrix) > 0).sum(1) < 2

    def _runde(self, ff: np.ndarray) -> None:
        f = self.f
        self.runde[ff] += 1
        b = self.beein[ff]
        self.kampf[ff] = np.where(b > 0, 0, f.kampf_start)
        self.beein[ff] = np.maximum(0, b - 1)
        self.vert[ff] = f.vert_start
        self.zweit[ff] = f.zweit_start
        self.fertig[ff] = False
        self._durchgang(ff)

    def _durchgang(self, ff: np.ndarray) -> None:
        """Die Züge der Runde, bis alle gehandelt haben (oder der Kampf entschieden ist)."""
        n = self.n
        while ff.size:
            dran = self.faehig[ff] & ~self.fertig[ff]
            jemand = dran.any(1)
            ff, dran = ff[jemand], dran[jemand]
            if not ff.size:
                return
            jetzt = self.ini[ff] - initiativeabzug_der_stufe(self.stufe[ff])
            if self.opt.nacheinander_bei_gleicher_initiative:
                wer = np.where(dran, jetzt * n + self.rang, -np.inf).argmax(1)
                self._zug(ff, wer)
                self.flach.fertig[ff * n + wer] = True
            else:
                self._gleichzeitig(ff, dran, jetzt)
            ende = self._entschieden(ff)
            self.laeuft[ff[ende]] = False
            ff = ff[~ende]

    def _gleichzeitig(self, ff: np.ndarray, dran: np.ndarray, jetzt: np.ndarray) -> None:
        """Alle mit der höchsten aktuellen Initiative handeln – in der Reihenfolge der Bögen, aber
        gleichzeitig: „… geschehen ihre Aktionen in der Regel gleichzeitig, d.h. alle ihre
        Würfelwürfe werden simultan ausgeführt.“ Ihre Folgen gelten, wenn alle gehandelt haben."""
        oben = np.where(dran, jetzt, _KLEINSTE).max(1)
        gruppe = dran & (jetzt == oben[:, None])
        self.auf[ff] = gruppe.sum(1) > 1
        gg, gr = ff, gruppe
        while gg.size:
            wer = np.where(gr, self.rang, -np.inf).argmax(1)
            self._zug(gg, wer)
            self.flach.fertig[gg * self.n + wer] = True
            gr[np.arange(len(gg)), wer] = False
            weiter = gr.any(1)
            gg, gr = gg[weiter], gr[weiter]
        self._aufgeschobenes_anwenden(ff)

    def block(self, anzahl: int, max_runden: int, felder: Startfelder | None = None) -> Ergebnis:
        """``anzahl`` Kämpfe bis zum Ende oder ``max_runden`` Runden: vom Startzustand (Initiative
        wird gewürfelt) oder – mit ``felder`` – von einer Rundengrenze an."""
        f, n = self.f, self.n
        if felder is None:
            self.ini = f.initiativewert + self._w(10, (anzahl, n))
            self.wunden = np.zeros((anzahl, n, len(ZONEN)), np.int64)
            self.stufe = np.zeros((anzahl, n), np.int64)
            self.ausdauer = np.tile(f.ausdauer, (anzahl, 1))
            self.beein = np.zeros((anzahl, n), np.int64)
        else:
            self.ini = np.array(felder.initiative, np.int64)
            self.wunden = np.array(felder.wunden, np.int64)
            self.stufe = verletzungsstufe(self.wunden, f.ko[None, :])
            self.ausdauer = np.array(felder.ausdauer, np.int64)
            self.beein = np.array(felder.beeintraechtigt, np.int64)
        self.wehrlos_ini = (np.tile(f.initiativewert, anzahl) if self.opt.wehrlos_ohne_w10 else self.ini.reshape(-1))
        """(K · N,) flach (nur gelesen): die Initiative, an der „wehrlos“ gemessen wird."""
        self.kampf = np.zeros((anzahl, n), np.int64)
        self.vert = np.zeros((anzahl, n), np.int64)
        self.zweit = np.zeros((anzahl, n), np.int64)
        self.fertig = np.zeros((anzahl, n), bool)
        self.auf = np.zeros(anzahl, bool)
        """Je Kampf: ein gleichzeitiger Austausch läuft (seine Folgen werden aufgeschoben)."""
        self.aufgeschoben = np.zeros(anzahl, bool)
        """Je Kampf: im laufenden gleichzeitigen Austausch ist schon eine Folge aufgeschoben."""
        self.wunden_auf = np.zeros((anzahl, n, len(ZONEN)), np.int64)
        self.ausdauer_auf = np.zeros((anzahl, n), np.int64)
        self.beein_auf = np.zeros((anzahl, n), np.int64)
        self.faehig = self.ausdauer > 0
        if felder is not None:
            self.faehig &= ~kampfunfaehig(self.wunden, f.ko[None, :])
        self.runde = np.zeros(anzahl, np.int64)
        self.laeuft = np.ones(anzahl, bool)
        alle = np.arange(anzahl)
        if felder is not None and felder.kampf is not None:
            # mitten in der Runde: erst die übrigen Züge dieser Runde (sie zählt nicht mit)
            self.kampf = np.array(felder.kampf, np.int64)
            self.vert = np.array(felder.verteidigung, np.int64)
            self.zweit = np.array(felder.zweitwaffe, np.int64)
            self.fertig = np.array(felder.fertig, bool)
        self.flach = _Flach(self)  # erst hier: danach werden die Felder nur noch an Ort und Stelle geändert
        if felder is not None and felder.kampf is not None:
            # mitten in der Runde: die übrigen Züge
            self._durchgang(alle[~self._entschieden(alle)])
            self.laeuft &= ~self._entschieden(alle)
        while True:
            ff = alle[self.laeuft & (self.runde < max_runden)]
            if not ff.size:
                break
            self._runde(ff)
        stehend = (self.faehig.astype(np.int64) @ self.seiten_matrix) > 0
        sieger = np.where(stehend.sum(1) == 1, stehend.argmax(1), -1)
        return Ergebnis(f.namen, f.seiten, tuple(f.seiten[i] for i in f.seite), sieger, self.runde.copy(),
                        ~self.faehig, np.zeros_like(self.faehig))


def spielen(
    start: Kampf,
    anzahl: int,
    *,
    rng: np.random.Generator,
    taktik: Any = None,
    max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
) -> Ergebnis:
    """Spielt ``anzahl`` Kämpfe ab ``start`` (vor der Initiative) mit der ``taktik``
    (``None``: Standardtaktik), in Blöcken zu :data:`BLOCK`.

    ``fortschritt(fertig, anzahl)`` wird nach jedem Block aufgerufen (Fortschrittsbalken).

    Raises:
        AloranFehler: Option ``alte_patzertabelle`` (nur auf dem Ereignispfad).
    """
    maschine = _Maschine(start, taktik or Taktik(), rng)
    return in_bloecken(lambda n: maschine.block(n, max_runden), anzahl, BLOCK, fortschritt)


def spielen_ab(start: Kampf, felder: Startfelder, *, rng: np.random.Generator, taktik: Any = None,
               max_runden: int = 100) -> Ergebnis:
    """Spielt je Zeile der ``felder`` einen Kampf von dieser Rundengrenze an (Werte und Optionen aus
    ``start``, einem der Zustände) höchstens ``max_runden`` weitere Runden – dieselbe Maschine wie
    :func:`spielen`, nur ohne Initiativewurf und mit Wunden, Ausdauer und Beeinträchtigungen aus
    dem Live-Kampf."""
    maschine = _Maschine(start, taktik or Taktik(), rng)
    return maschine.block(len(felder.initiative), max_runden, felder)
