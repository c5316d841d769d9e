"""Gebündelte Simulation: viele W100-Kämpfe auf einmal, als Felder (Kämpfe × Kämpfer).

Der zweite Treiber aus DESIGN.md („Simulation: one rule, two drivers“). Er spielt dieselbe
Taktik wie der Ereignispfad in :mod:`gm_helfer.w100.simulation` (dort beschrieben, auch die
wählbaren Felder von :class:`~gm_helfer.w100.simulation.Taktik`) – aber für alle Kämpfe
gleichzeitig: Lebenspunkte, Flee, gebundene Parade, Positionen und verbleibende Initiative
liegen in numpy-Feldern je Kampf und Kämpfer, gewürfelt wird mit **einem**
``numpy.random.Generator``.

Keine Regel ist hier ein zweites Mal geschrieben; ausgewertet wird mit den Funktionen des
Live-Kampfs, die auch Felder nehmen:

- Initiative: :func:`~gm_helfer.w100.kampf.initiative_wert` (W100 + Bonus, Lucky Seven über
  :func:`~gm_helfer.w100.wuerfe.w100_wert`),
- Angriff: :func:`~gm_helfer.w100.angriff.bewerte_angriff` (Patzerbereich, Ergebnis, Abwehr,
  Trefferstufe, kritisch) mit :class:`~gm_helfer.w100.angriff.Abwehr` aus Feldern,
- Schaden: :func:`~gm_helfer.w100.angriff.schaden_nach_treffer` (Panzerung, Streiftreffer,
  ``krit_folge``, ``krit_vor_panzerung``, ``streiftreffer_aufrunden``),
- Gesundheitsmodell: :func:`~gm_helfer.w100.angriff.kampffaehig_nach_lp`; Flee zur neuen
  Runde: :func:`~gm_helfer.w100.angriff.flee_nach_runde`,
- Bewegung: :func:`~gm_helfer.w100.ablauf.schritt_punkt` (dieselbe Rechnung wie
  :func:`~gm_helfer.w100.sitzung.schritt_richtung` des Live-Notebooks),
- Taktik: :meth:`Taktik.punkte <gm_helfer.w100.simulation.Taktik.punkte>` und
  :func:`~gm_helfer.w100.simulation.parade_erlaubt`.

Was je Kämpfer und Waffe fest ist, kommt einmal aus dem Startzustand des Live-Kampfs
(:func:`gm_helfer.w100.kampf_aus_boegen`): OB über :meth:`Kaempfer.angriffswert`, DB über
:meth:`Kaempfer.db_gegen`, Panzerung über :meth:`Kaempfer.panzerung_gegen`, Reichweite über
:func:`~gm_helfer.w100.kampf.erreicht` (gleiche Toleranz), der Höchstschaden über
:func:`~gm_helfer.w100.angriff.schadens_hoechstwert`.

Zu verzweigt für Felder ist die **Reihenfolge innerhalb eines Kampfes**: wer als Nächstes
handelt (:func:`~gm_helfer.w100.kampf.naechster`: höchste verfügbare Initiative, mindestens
1 Punkt; bei Gleichstand höherer Initiativebonus, dann die Aufstellung). Sie ist hier der
größte Schlüssel (Initiative, Bonus, Aufstellung) je Kampf; ``tests/w100/test_gebuendelt.py``
prüft an zufälligen Zuständen, dass er denselben wählt wie ``naechster``. Die Schleifen
laufen über Züge (je Schritt ein Zug in jedem noch laufenden Kampf) und über die Angriffe eines
Zuges (Angriffshandlung für Angriffshandlung, darin Waffe für Waffe) – jeder Schritt gilt für alle
Kämpfe zugleich, in denen er ansteht. Die Kämpfe sind voneinander getrennt: Ziel, Bewegung und
Angriffe rechnen für die Handelnden aller Kämpfe eines Schritts auf einmal, auch wenn es
verschiedene Kämpfer mit verschiedenen Waffen sind (Patzerbereich, Kritisch-Regel, Schadenswurf
je Zeile, :class:`_Waffentafel`); innerhalb eines Kampfes bleibt die Reihenfolge der Angriffe die
des Ereignispfads. Dasselbe gilt für Parade: der OB eines Nahkampfangriffs sinkt um die gebundenen Punkte, wie in
:meth:`Kaempfer.angriffswert` (nie unter 0).

Effekte (Brennen, Hast) gibt es in der Simulation nicht: Bögen tragen keine.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from gm_helfer import wuerfel
from gm_helfer.felder import explodierend
from gm_helfer.schnell import ersetzen_ohne_pruefung
from gm_helfer.simulation import Feldausgang, in_bloecken
from gm_helfer.w100.ablauf import schritt_punkt
from gm_helfer.w100.angriff import (
    Abwehr,
    KritRegel,
    bewerte_angriff,
    flee_nach_runde,
    kampffaehig_nach_lp,
    schaden_nach_treffer,
    schadens_hoechstwert,
)
from gm_helfer.w100.daten import AUSWEICHEN, INITIATIVE_KOSTEN, KEINE_ABWEHR, NAHKAMPF, PARADE, PATZER
from gm_helfer.w100.kampf import Kaempfer, Kampf, Waffe, initiative_wert
from gm_helfer.w100.optionen import Optionen
from gm_helfer.w100.taktik import Taktik, parade_erlaubt

__all__ = ["BLOCK", "Ergebnis", "spielen"]

BLOCK = 20000
"""So viele Kämpfe rechnet die Maschine auf einmal (danach meldet sie den Fortschritt)."""

_RAND = 0.1
"""Wie :data:`gm_helfer.w100.simulation._RAND`: so weit bleibt die Bewegung diesseits der Reichweite."""

_TOLERANZ = 1e-9
"""Wie in :func:`gm_helfer.w100.kampf.erreicht`."""

_OHNE_ABWEHR = Abwehr()
"""Vorlage der Abwehr je Angriff: die Maschine setzt Art und Punkte ohne die Prüfung von
:class:`Abwehr` ein (sie baut nur gültige – Art aus Parade, Ausweichen, keine; Punkte ≥ 0, ohne Art 0);
die Prüfung mit ``np.isin`` kostete je Angriff mehr als der Rest der Abwehr (Issue 25, Punkt 5)."""

_KRIT = KritRegel()
"""Ebenso die Vorlage der Kritisch-Regel je Angriff: Art und Wert je Zeile aus der :class:`_Waffentafel`
(aus den geprüften Regeln der Waffen)."""


@dataclass(frozen=True)
class _Angriffswaffe:
    """Eine ausgerüstete Waffe eines Kämpfers mit allem, was gegen jedes Ziel fest ist."""

    waffe: Waffe
    reicht_bis: float
    """Reichweite samt Toleranz (wie :func:`gm_helfer.w100.kampf.erreicht`): ein Ziel bis zu diesem Abstand ist erreicht."""
    ob: int
    """OB ohne gebundene Parade (:meth:`Kaempfer.angriffswert`)."""
    nahkampf: bool
    db: np.ndarray
    """(N,) passender DB jedes möglichen Ziels."""
    panzerung: np.ndarray
    """(N,) Panzerung jedes möglichen Ziels gegen die Schadensart."""
    wuerfel: tuple[tuple[int, int, bool], ...]
    """Würfel des Schadensausdrucks: je Würfel (Seitenzahl, Vorzeichen, ob er explodiert)."""
    seiten: np.ndarray
    """(W,) Seitenzahl je Würfel (für den Wurf aller Würfel auf einmal, wenn keiner explodiert)."""
    vorzeichen: np.ndarray
    """(W,) Vorzeichen je Würfel."""
    explodiert: bool
    """Ob einer der Würfel explodiert (dann Würfel für Würfel, :func:`_schadenswurf`)."""
    konstante: int
    hoechstwert: int | None
    ausweichen: bool
    """Ob die Einstellung Ausweichen gegen diese Waffe erlaubt."""
    parade: bool
    """Ob sie sich parieren lässt (:func:`gm_helfer.w100.simulation.parade_erlaubt`)."""


@dataclass(frozen=True)
class Ergebnis(Feldausgang):
    """Ausgang aller Kämpfe eines Laufs (:class:`gm_helfer.simulation.Feldausgang`; ``tot`` bleibt
    leer: der Text kennt keinen Tod) samt eingesetzter Flee-Punkte."""

    flee: np.ndarray
    """(F, N): zum Ausweichen eingesetzte Flee-Punkte."""

    def verbrauch(self) -> dict[str, float]:
        """Eingesetzte Flee-Punkte je Kämpfer, im Mittel je Kampf („Flee (Name)“)."""
        mittel = self.flee.mean(0) if len(self.flee) else np.zeros(len(self.namen))
        return {f"Flee ({n})": float(m) for n, m in zip(self.namen, mittel) if m > 0}


def _angriffswaffen(a: Kaempfer, kf: tuple[Kaempfer, ...], o: Optionen) -> list[_Angriffswaffe]:
    """Die ausgerüsteten Waffen von ``a`` als Felder: DB und Panzerung je Ziel, Schadenswürfel,
    Höchstschaden (Kritfolge), ob Ausweichen und Parade gegen sie erlaubt sind."""
    liste = []
    for w in a.waffen:
        if not w.ausgeruestet:
            continue
        ausdruck = wuerfel.parse(w.schaden)
        einzel = [g for g, _ in ausdruck.einzelwuerfel()]
        liste.append(_Angriffswaffe(
            waffe=w, reicht_bis=w.reichweite + _TOLERANZ, ob=replace(a, parade_gebunden=0).angriffswert(w),
            nahkampf=w.art == NAHKAMPF,
            db=np.array([z.db_gegen(w) for z in kf]),
            panzerung=np.array([z.panzerung_gegen(w.schadensart) for z in kf]),
            wuerfel=tuple((int(g.seiten), int(g.vorzeichen), bool(g.explodierend)) for g in einzel),
            seiten=np.array([int(g.seiten) for g in einzel], np.int64),
            vorzeichen=np.array([int(g.vorzeichen) for g in einzel], np.int64),
            explodiert=any(g.explodierend for g in einzel),
            konstante=ausdruck.konstante,
            hoechstwert=(schadens_hoechstwert(w.schaden)
                         if o.krit_folge == "hoechstschaden" and w.krit.art != "keine" else None),
            ausweichen=not w.magisch or o.ausweichen_gegen_zauber,
            parade=parade_erlaubt(w, o),
        ))
    return liste


_FLACH = ("lp", "flee", "flee_eingesetzt", "parade", "ini")
"""Die Felder (Kämpfe × Kämpfer), die :meth:`_Maschine._angriff` (und :meth:`_Maschine.laufen` die Initiative)
über flache Sichten liest und schreibt."""


class _Waffentafel:
    """Alle ausgerüsteten Waffen aller Kämpfer als Felder, je Waffe eine Zeile ``w`` (Kämpfer für
    Kämpfer, in der Reihenfolge seiner Waffen), und je Kämpfer seine Angriffe eines Zuges als Plätze:
    Platz ``k`` ist Angriffshandlung ``k // W`` mit seiner Waffe ``k % W`` (``W`` Waffen) – die
    Reihenfolge des Ereignispfads. So greifen die Handelnden aller Kämpfe eines Schritts Platz für
    Platz zugleich an, jede Zeile mit ihrer Waffe (:meth:`_Maschine._angriffe`)."""

    def __init__(self, waffen: list[list[_Angriffswaffe]], handlungen: tuple[int, ...], n: int) -> None:
        alle = [w for ws in waffen for w in ws]
        anfang = np.cumsum([0] + [len(ws) for ws in waffen])
        self.plaetze = np.array([h * len(ws) for ws, h in zip(waffen, handlungen)], np.int64)
        """(N,) Angriffe je Zug jedes Kämpfers (Angriffshandlungen × ausgerüstete Waffen)."""
        self.breite = breite = max(1, int(self.plaetze.max(initial=0)))
        waffe_am_platz = np.zeros((n, breite), np.int64)
        neue_handlung = np.zeros((n, breite), bool)
        for i, ws in enumerate(waffen):
            for k in range(int(self.plaetze[i])):
                waffe_am_platz[i, k] = anfang[i] + k % len(ws)
                neue_handlung[i, k] = k % len(ws) == 0
        self.waffe_am_platz = waffe_am_platz.reshape(-1)
        """(N · Breite,) flach: Zeile der Waffe in Platz ``k`` von Kämpfer ``i`` an ``i · Breite + k``."""
        reicht_am_platz = np.full((n, breite), -1.0)
        self.reicht_am_platz: np.ndarray
        """(N · Breite,) flach wie :attr:`waffe_am_platz`: die Reichweite samt Toleranz der Waffe des Platzes,
        −1 jenseits der eigenen Plätze (kein Abstand ist so klein: dort greift niemand an)."""
        self.neue_handlung = neue_handlung.reshape(-1)
        """(N · Breite,) flach: ob mit Platz ``k`` eine neue Angriffshandlung beginnt."""
        self.reicht_bis = np.array([w.reicht_bis for w in alle], float)
        for i in range(n):
            reicht_am_platz[i, :self.plaetze[i]] = self.reicht_bis.take(waffe_am_platz[i, :self.plaetze[i]])
        self.reicht_am_platz = reicht_am_platz.reshape(-1)
        self.ob = np.array([w.ob for w in alle], np.int64)
        self.nahkampf = np.array([w.nahkampf for w in alle], bool)
        self.db = np.array([w.db for w in alle], np.int64).reshape(-1)
        """(Waffen · N,) flach: DB von Ziel ``t`` gegen Waffe ``w`` an ``w · N + t``."""
        self.panzerung = np.array([w.panzerung for w in alle], np.int64).reshape(-1)
        """(Waffen · N,) flach wie :attr:`db`."""
        self.patzerbereich = np.array([w.waffe.patzerbereich for w in alle], np.int64)
        self.krit_art = np.array([w.waffe.krit.art for w in alle])
        self.krit_wert = np.array([w.waffe.krit.wert for w in alle], np.int64)
        self.krit_faktor = np.array([w.waffe.krit.faktor for w in alle], np.int64)
        hoechst = [w.hoechstwert for w in alle]
        # ohne Höchstwert (Kritfolge nicht „hoechstschaden“ oder Waffe nie kritisch) zählt die 0 nie
        self.hoechstwert = np.array([h or 0 for h in hoechst], np.int64) if any(h is not None for h in hoechst) else None
        self.ausweichen = np.array([w.ausweichen for w in alle], bool)
        self.parade = np.array([w.parade for w in alle], bool)
        wuerfel_je = max((len(w.wuerfel) for w in alle), default=0)
        self.seiten = np.zeros((len(alle), wuerfel_je), np.int64)
        """(Waffen, D): Seitenzahl je Würfel des Schadensausdrucks (0: kein Würfel, wirft nichts)."""
        self.vorzeichen = np.zeros((len(alle), wuerfel_je), np.int64)
        self.knall = np.zeros((len(alle), wuerfel_je), bool)
        """(Waffen, D): ob der Würfel explodiert."""
        for j, w in enumerate(alle):
            for d, (seiten, zeichen, knall) in enumerate(w.wuerfel):
                self.seiten[j, d], self.vorzeichen[j, d], self.knall[j, d] = seiten, zeichen, knall
        self.explodiert = bool(self.knall.any())
        self.nur_plus = bool((self.vorzeichen >= 0).all())
        self.nahkampf_irgendwo = bool(self.nahkampf.any())
        self.ausweichen_ueberall = bool(self.ausweichen.all())
        """Ob kein Würfel abgezogen wird (dann die Summe ohne Vorzeichen)."""
        self.konstante = np.array([w.konstante for w in alle], np.int64)
        self.werte = np.stack([self.ob, self.nahkampf, self.patzerbereich, self.krit_wert, self.krit_faktor,
                               self.hoechstwert if self.hoechstwert is not None else self.konstante,
                               self.ausweichen, self.parade, self.konstante], 1).astype(np.int64)
        """(Waffen, 9): OB, Nahkampf, Patzerbereich, Kritwert, Kritfaktor, Höchstwert, Ausweichen, Parade,
        Konstante des Schadens je Waffe – :meth:`_Maschine._angriff` liest die Zeilen seiner Waffen auf einmal."""

    def schadenswurf(self, rng: np.random.Generator, waffe: np.ndarray, konstante: np.ndarray) -> np.ndarray:
        """Würfelschicht: je Zeile der Schadensausdruck ihrer Waffe (explodierende Würfel ohne Grenze:
        wer die Höchstzahl wirft, würfelt eine neue explodierende Kette dazu – dieselbe Verteilung);
        ``konstante`` je Zeile die der Waffe."""
        seiten = self.seiten.take(waffe, 0)
        wurf = explodierend(rng, seiten, explodiert=False)
        if self.explodiert:
            weiter = self.knall.take(waffe, 0) & (wurf == seiten) & (seiten > 0)
            if weiter.any():
                wurf[weiter] += explodierend(rng, seiten[weiter])
        if self.nur_plus:
            return konstante + wurf.sum(1)
        return konstante + (wurf * self.vorzeichen.take(waffe, 0)).sum(1)


class _Maschine:
    def __init__(self, start: Kampf, rng: np.random.Generator, taktik: Taktik) -> None:
        kf = start.kaempfer
        o = start.optionen
        self.start, self.o, self.rng, self.taktik = start, o, rng, taktik
        self.n = n = len(kf)
        self.namen = tuple(k.name for k in kf)
        self.seiten = tuple(dict.fromkeys(k.seite for k in kf))
        self.seite = np.array([self.seiten.index(k.seite) for k in kf])
        self.seiten_matrix = np.eye(len(self.seiten), dtype=np.int64)[self.seite]
        self.gegner = self.seite[:, None] != self.seite[None, :]
        self.bonus = np.array([k.initiative_bonus_aktuell for k in kf])
        # Gleichstand: höherer Bonus, dann die Aufstellung (wie gm_helfer.w100.kampf.reihenfolge)
        rang = sorted(range(n), key=lambda i: (-self.bonus[i], i))
        self.gleichstand = np.empty(n, np.int64)
        self.gleichstand[rang] = np.arange(n - 1, -1, -1)
        self.lp_max = np.array([k.lp_max for k in kf])
        self.flee_max = np.array([k.flee_max for k in kf])
        self.flee_regeneration = np.array([k.flee_regeneration for k in kf])
        self.bewegung = np.array([k.bewegung for k in kf], dtype=float)
        self.nahkampf_ob = np.array([k.nahkampf_ob for k in kf])
        self.lp0 = np.array([k.lp for k in kf])
        self.flee0 = np.array([k.flee for k in kf])
        self.parade0 = np.array([k.parade_gebunden for k in kf])
        self.pos0 = np.array([k.position for k in kf], dtype=float)
        self.waffen: list[list[_Angriffswaffe]] = [_angriffswaffen(a, kf, o) for a in kf]
        # Handlungen je Zug je Kämpfer (sein Wert, sonst die Einstellung des Kampfes)
        self.angriffshandlungen = tuple(k.angriffshandlungen_erlaubt(o) for k in kf)
        self.bewegungen_je_zug = tuple(k.bewegungen_erlaubt(o) for k in kf)
        self.weite = np.array([max((x.waffe.reichweite for x in ws), default=0.0) for ws in self.waffen])
        self.bewaffnet = np.array([bool(ws) for ws in self.waffen])
        self.beweglich = np.array([b >= 1 for b in self.bewegungen_je_zug])
        self.weite_toleranz = self.weite + _TOLERANZ
        self.schritt_abstand = np.maximum(0.0, self.weite - _RAND)
        """Wie nah die Bewegung an das Ziel heranführt (:data:`_RAND` diesseits der größten Reichweite)."""
        self._zeilen_n = np.zeros(0, np.int64)
        self.tafel = _Waffentafel(self.waffen, self.angriffshandlungen, n)
        self._flach: dict[str, np.ndarray] = {}
        """Flache Sichten der Felder des laufenden :meth:`laufen` (:data:`_FLACH`)."""
        self._parade_gebunden = True
        """Ob im laufenden :meth:`laufen` Parade gebunden sein kann (sonst senkt sie keinen OB)."""

    # -- Hilfen ------------------------------------------------------------------------
    def _zeilen(self, anzahl: int) -> np.ndarray:
        """``arange(anzahl) · N``: der Anfang jeder Zeile in flachen (Zeilen · N)-Feldern (einmal gerechnet)."""
        if len(self._zeilen_n) < anzahl:
            self._zeilen_n = np.arange(max(anzahl, 2 * len(self._zeilen_n))) * self.n
        return self._zeilen_n[:anzahl]

    def _initiative(self, z: dict[str, np.ndarray], ff: np.ndarray) -> None:
        """Ein W100 + Bonus für jeden Kampffähigen der Kämpfe ``ff`` (Initiativewürfe)."""
        natuerlich = self.rng.integers(1, 101, (len(ff), self.n))
        wert = initiative_wert(natuerlich, self.bonus[None, :], lucky_seven=self.o.lucky_seven)
        faehig = z["faehig"][ff]
        z["ini"][ff] = np.where(faehig, wert, z["ini"][ff])
        z["ini_wert"][ff] = np.where(faehig, wert, z["ini_wert"][ff])

    def _entschieden(self, faehig: np.ndarray) -> np.ndarray:
        """Höchstens noch eine Seite mit Kampffähigen (:func:`gm_helfer.w100.kampf.sieger`)."""
        return ((faehig.astype(np.int64) @ self.seiten_matrix) > 0).sum(1) <= 1

    def _neue_runde(self, z: dict[str, np.ndarray], ff: np.ndarray) -> None:
        """„Sobald niemand mehr Initiative übrig hat, beginnt eine neue Kampfrunde.“"""
        z["runde"][ff] += 1
        z["flee"][ff] = flee_nach_runde(z["flee"][ff], self.flee_max, self.flee_regeneration, self.o)
        z["parade"][ff] = 0
        z["ini"][ff] = z["ini_wert"][ff]
        if self.o.initiative_neu_wuerfeln:
            self._initiative(z, ff)

    def am_zug(self, ini: np.ndarray, faehig: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Wer je Kampf als Nächstes handelt (:func:`gm_helfer.w100.kampf.naechster`): höchste
        verfügbare Initiative (mindestens 1 Punkt), dann höherer Bonus, dann die Aufstellung.
        Gibt (Index, ob überhaupt jemand) zurück; niemand heißt: die Runde ist vorbei."""
        verfuegbar = faehig & (ini >= 1)
        schluessel = np.where(verfuegbar, ini * self.n + self.gleichstand, np.iinfo(np.int64).min)
        return schluessel.argmax(1), verfuegbar.any(1)

    # -- ein Zug -----------------------------------------------------------------------
    def _ziel(self, z: dict[str, np.ndarray], g: np.ndarray, abstand: np.ndarray, offen: np.ndarray) -> np.ndarray:
        """Das Ziel des Zuges nach ``Taktik.ziel`` unter den kampffähigen Gegnern ``offen``."""
        art = self.taktik.ziel
        if art == "naechster":
            return np.where(offen, abstand, np.inf).argmin(1)
        if art == "erster":
            return offen.argmax(1)
        if art == "zufall":
            anzahl = offen.sum(1)
            k = (self.rng.random(len(g)) * anzahl).astype(np.int64)  # 0 … anzahl−1
            return (np.cumsum(offen, 1) > k[:, None]).argmax(1)
        lp = z["lp"][g].astype(float)
        lp = lp if art == "schwaechster" else -lp
        return np.where(offen, lp, np.inf).argmin(1)

    def _zuege(self, z: dict[str, np.ndarray], ff: np.ndarray, wer: np.ndarray,
               rest: tuple[np.ndarray, np.ndarray] | None = None) -> None:
        """Je Kampf ``ff`` ein Zug seines Handelnden ``wer`` (Taktik: Moduldoku der Simulation).

        Die Kämpfe sind voneinander getrennt: Parade lösen, Ziel, Bewegung und Angriffe rechnen für
        alle Handelnden auf einmal (:meth:`_angriffe`). ``rest``: nur der Rest eines angefangenen Zuges
        (:meth:`_rest_des_zuges`: je Kampf die noch offenen Plätze und ob er sich noch bewegen darf)."""
        if not self.o.parade_bis_rundenende:
            z["parade"][ff, wer] = 0  # Parade bindet nur bis zum Beginn des eigenen Zuges
        bewaffnet = self.bewaffnet.take(wer)
        if np.count_nonzero(bewaffnet) < len(bewaffnet):
            ff, wer = ff[bewaffnet], wer[bewaffnet]
            rest = None if rest is None else (rest[0][bewaffnet], rest[1][bewaffnet])
        if not ff.size:
            return
        self._angriffe(z, *self._anlauf(z, ff, wer, rest))

    def _rest_des_zuges(self, wer: np.ndarray, begonnen: np.ndarray, benutzt: np.ndarray,
                        unberuehrt: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Was vom angefangenen Zug der Handelnden ``wer`` noch ansteht, wie auf dem Ereignispfad
        (:func:`gm_helfer.w100.simulation.naechste_handlung`): in der laufenden Angriffshandlung die Waffen,
        die noch nicht angegriffen haben (``benutzt``: je Kampf und ausgerüsteter Waffe), dann die weiteren
        Angriffshandlungen (``begonnen``: schon begonnene); bewegt wird nur, wenn der Zug ``unberuehrt`` ist
        (keine Angriffshandlung, keine Waffe, keine Bewegung). Gibt (Plätze (R, Breite), darf bewegen (R,))."""
        breite = self.tafel.breite
        k = np.arange(breite)[None, :]
        je = np.maximum(1, np.array([len(ws) for ws in self.waffen]).take(wer))[:, None]  # Waffen je Handelndem
        handlung, waffe = k // je, k % je
        laufend = np.any(benutzt, axis=1, keepdims=True)
        noch_frei = ~np.take_along_axis(benutzt, np.minimum(waffe, benutzt.shape[1] - 1), 1)
        aktuell = begonnen[:, None] - 1
        offen = np.where(laufend, (handlung > aktuell) | ((handlung == aktuell) & noch_frei), handlung >= begonnen[:, None])
        eigene = k < self.tafel.plaetze.take(wer)[:, None]
        return offen & eigene, unberuehrt

    def _abstaende(self, pos: np.ndarray, wer: np.ndarray) -> np.ndarray:
        """(F, N): Abstand des Handelnden ``wer`` zu jedem Kämpfer, je Kampf (Positionen ``pos`` (F, N, 2)).

        Die Differenzen über die komplexe Sicht der Positionen (x + iy, dieselben Bytes, dieselben
        Differenzen in einem Schritt), der Abstand aus ``hypot`` wie bisher."""
        punkt = pos.view(np.complex128).reshape(len(wer), self.n)
        d = punkt - punkt.reshape(-1).take(self._zeilen(len(wer)) + wer)[:, None]
        return np.hypot(d.real, d.imag)

    def _anlauf(self, z: dict[str, np.ndarray], g: np.ndarray, wer: np.ndarray,
                rest: tuple[np.ndarray, np.ndarray] | None = None,
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray | None]:
        """Ziel und Bewegung der Handelnden ``wer`` in den Kämpfen ``g`` (ohne die, in denen kein
        kampffähiger Gegner mehr steht). Gibt (Kämpfe, Handelnde, Abstände danach, Ziele, kampffähige
        Gegner je Kampf, offene Plätze je Kampf oder ``None``: alle; ``rest`` wie in :meth:`_zuege`)."""
        offen = z["faehig"].take(g, 0) & self.gegner.take(wer, 0)
        hat = offen.any(1)
        if np.count_nonzero(hat) < len(hat):
            g, wer, offen = g[hat], wer[hat], offen[hat]
            rest = None if rest is None else (rest[0][hat], rest[1][hat])
        pos = z["pos"].take(g, 0)
        abstand = self._abstaende(pos, wer)
        if not len(g):
            return g, wer, abstand, np.zeros(0, np.int64), offen, None
        ziel = self._ziel(z, g, abstand, offen)
        am_ziel = abstand.reshape(-1).take(self._zeilen(len(g)) + ziel)
        weg = self.beweglich.take(wer) & (am_ziel > self.weite_toleranz.take(wer))
        if rest is not None:
            weg &= rest[1]
        if np.count_nonzero(weg):
            bewegt = np.flatnonzero(weg)
            h, wh, zh = g.take(bewegt), wer.take(bewegt), ziel.take(bewegt)
            hier = pos.take(bewegt, 0)
            zeilen = np.arange(len(bewegt))
            x, y = schritt_punkt(hier[zeilen, wh, 0], hier[zeilen, wh, 1], hier[zeilen, zh, 0], hier[zeilen, zh, 1],
                                 self.bewegung.take(wh), self.schritt_abstand.take(wh))
            z["pos"][h, wh, 0], z["pos"][h, wh, 1] = x, y
            hier[zeilen, wh, 0], hier[zeilen, wh, 1] = x, y
            abstand[bewegt] = self._abstaende(hier, wh)  # die anderen stehen, wo sie standen
        return g, wer, abstand, ziel, offen, None if rest is None else rest[0]

    def _angriffe(self, z: dict[str, np.ndarray], g: np.ndarray, wer: np.ndarray, abstand: np.ndarray,
                  ziel: np.ndarray, offen: np.ndarray, plaetze_offen: np.ndarray | None = None) -> None:
        """Die Angriffshandlungen der Handelnden ``wer`` in den Kämpfen ``g``: je Handlung jede
        ausgerüstete Waffe auf das Ziel, wenn sie es erreicht, sonst auf den nächsten erreichbaren
        Gegner. ``offen``: die kampffähigen Gegner je Kampf aus dem Anlauf (:meth:`_anlauf`).

        Platz für Platz (:class:`_Waffentafel`): im Platz ``k`` greift jeder Handelnde mit mehr als ``k``
        Plätzen mit seiner Waffe dieses Platzes an – in jedem Kampf dieselbe Folge wie auf dem
        Ereignispfad. Wer fällt, fällt aus ``offen``; ein entschiedener Kampf hat dort keinen Gegner mehr
        (der Handelnde steht), greift also nicht weiter an. ``plaetze_offen`` (R, Breite): nur diese Plätze
        (der Rest eines angefangenen Zuges, :meth:`_rest_des_zuges`)."""
        if not len(g):
            return
        tafel, n = self.tafel, self.n
        plaetze = tafel.plaetze.take(wer)
        # Patzerfolge „angriffshandlung“: ein Patzer beendet die Angriffshandlung (bis zum nächsten Platz,
        # mit dem eine neue beginnt)
        handlung = np.ones(len(g), bool) if self.o.patzer_folge == "angriffshandlung" else None
        am_ziel_stelle = self._zeilen(len(g)) + ziel  # (Zeile, Ziel) im flachen ``reicht``
        platz = wer * tafel.breite  # Platz 0 jedes Handelnden in den flachen Plätzen der Tafel
        zeilen: np.ndarray | None
        for k in range(int(plaetze.max())):
            hier = platz + k if k else platz
            if k and handlung is not None:
                handlung |= tafel.neue_handlung.take(hier)
            reicht = offen & (abstand <= tafel.reicht_am_platz.take(hier)[:, None])
            s = reicht.any(1)
            if handlung is not None:
                s &= handlung
            if plaetze_offen is not None:
                s &= plaetze_offen[:, k]
            anzahl = np.count_nonzero(s)
            if not anzahl:
                continue
            waffe = tafel.waffe_am_platz.take(hier)
            am_ziel = reicht.reshape(-1).take(am_ziel_stelle)
            if np.count_nonzero(am_ziel) == len(g):
                t = ziel
            else:
                t = np.where(am_ziel, ziel, np.where(reicht, abstand, np.inf).argmin(1))
            if anzahl == len(g):  # alle greifen an: ohne Auswahl (dieselben Felder)
                zeilen = None
                patzer, faellt = self._angriff(z, g, wer, t, waffe, handlung is not None)
            else:
                zeilen = np.flatnonzero(s)
                t = t.take(zeilen)
                patzer, faellt = self._angriff(z, g.take(zeilen), wer.take(zeilen), t, waffe.take(zeilen),
                                               handlung is not None)
            if faellt is not None:
                gefallen = np.flatnonzero(faellt)
                offen.reshape(-1)[(gefallen if zeilen is None else zeilen.take(gefallen)) * n + t.take(gefallen)] = False
            if handlung is not None and patzer is not None:
                handlung[patzer if zeilen is None else zeilen[patzer]] = False

    def _angriff(self, z: dict[str, np.ndarray], g: np.ndarray, a: np.ndarray, t: np.ndarray,
                 waffe: np.ndarray, patzer_zaehlt: bool) -> tuple[np.ndarray | None, np.ndarray | None]:
        """Ein Angriff je Kampf ``g``: von ``a`` mit der Waffe ``waffe`` (Zeile der :class:`_Waffentafel`)
        auf ``t``. Gibt (Patzer – nur, wenn sie zählen: ``patzer_zaehlt``, sonst ``None`` –, wer fällt –
        ``None``, wenn niemand) je Zeile zurück."""
        rng, o, taktik, flach, tafel = self.rng, self.o, self.taktik, self._flach, self.tafel
        anzahl = len(g)
        zeile_n = g * self.n
        stelle = zeile_n + t  # (Kampf g, Ziel t) in den flachen Sichten
        werte = tafel.werte.take(waffe, 0)  # Spalten wie _Waffentafel.werte
        # Abwehr nach der Taktik, vor dem Wurf angesagt
        flee = flach["flee"].take(stelle)
        pariert = None
        if taktik.abwehr == "parade":
            frei = np.maximum(0, self.nahkampf_ob.take(t) - flach["parade"].take(stelle))
            pariert = (werte[:, 7] > 0) & (frei > 0)
            weicht = ~pariert & (flee > 0) & (werte[:, 6] > 0)
            punkte = np.where(pariert, taktik.punkte(frei), np.where(weicht, taktik.punkte(flee), 0))
            art: Any = np.where(pariert, PARADE, np.where(weicht, AUSWEICHEN, KEINE_ABWEHR))
            ausweichen = np.where(weicht, punkte, 0)
        else:  # nur Ausweichen möglich: eine Art für alle (0 Punkte = nicht ausgewichen)
            weicht = flee > 0
            if not tafel.ausweichen_ueberall:
                weicht &= werte[:, 6] > 0
            punkte = ausweichen = np.where(weicht, taktik.punkte(flee), 0)
            art = AUSWEICHEN
        ob = werte[:, 0]
        if tafel.nahkampf_irgendwo and self._parade_gebunden:  # Nahkampf: der OB sinkt um die gebundene Parade (nie unter 0)
            ob = np.where(werte[:, 1] > 0, np.maximum(0, ob - flach["parade"].take(zeile_n + a)), ob)
        natuerlich = rng.integers(1, 101, anzahl)
        waffe_n = waffe * self.n + t  # (Waffe, Ziel) in DB und Panzerung der Tafel
        krit = ersetzen_ohne_pruefung(_KRIT, art=tafel.krit_art.take(waffe), wert=werte[:, 3])
        e = bewerte_angriff(natuerlich, ob=ob, db=tafel.db.take(waffe_n), patzerbereich=werte[:, 2],
                            abwehr=ersetzen_ohne_pruefung(_OHNE_ABWEHR, art=art, punkte=punkte), krit=krit, optionen=o)
        schaden = schaden_nach_treffer(tafel.schadenswurf(rng, waffe, werte[:, 8]), panzerung=tafel.panzerung.take(waffe_n),
                                       stufe=e.stufe, kritisch=e.kritisch, krit_faktor=werte[:, 4], optionen=o,
                                       hoechstwert=None if tafel.hoechstwert is None else werte[:, 5])
        if np.count_nonzero(weicht):  # ohne Ausweichen bleiben Flee und eingesetzte Punkte gleich
            flach["flee"][stelle] = flee - ausweichen  # flee ist schon gelesen (je Kampf ein Eintrag)
            flach["flee_eingesetzt"][stelle] += ausweichen
        if pariert is not None:
            flach["parade"][stelle] += np.where(pariert, punkte, 0)
        lp = np.minimum(self.lp_max.take(t), flach["lp"].take(stelle) - schaden)
        flach["lp"][stelle] = lp
        faellt = ~kampffaehig_nach_lp(lp, o)
        if np.count_nonzero(faellt):
            h = g[faellt]
            z["faehig"][h, t[faellt]] = False
            z["laeuft"][h] &= ~self._entschieden(z["faehig"][h])
        else:
            faellt = None
        return (e.stufe == PATZER if patzer_zaehlt else None), faellt

    # -- ganze Kämpfe ------------------------------------------------------------------
    def block(self, anzahl: int, max_runden: int) -> Ergebnis:
        """``anzahl`` Kämpfe vom Startzustand der Bögen an (vor der Initiative)."""
        n = self.n
        lp = np.tile(self.lp0, (anzahl, 1))
        z = {
            "lp": lp,
            "faehig": kampffaehig_nach_lp(lp, self.o),
            "flee": np.tile(self.flee0, (anzahl, 1)),
            "flee_eingesetzt": np.zeros((anzahl, n), np.int64),
            "parade": np.tile(self.parade0, (anzahl, 1)),
            "pos": np.tile(self.pos0, (anzahl, 1, 1)),
            "ini": np.zeros((anzahl, n), np.int64),
            "ini_wert": np.zeros((anzahl, n), np.int64),
            "runde": np.zeros(anzahl, np.int64),
            "laeuft": np.ones(anzahl, bool),
        }
        alle = np.arange(anzahl)
        z["laeuft"] &= ~self._entschieden(z["faehig"])
        start = alle[z["laeuft"]]
        self._initiative(z, start)
        z["runde"][start] = 1
        return self.laufen(z, max_runden)

    def laufen(self, z: dict[str, np.ndarray], max_runden: int,
               mitten: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None = None) -> Ergebnis:
        """Spielt die Kämpfe ``z`` zu Ende – Felder je Kampf (``lp``, ``faehig``, ``flee``,
        ``flee_eingesetzt``, ``parade``, ``pos``, ``ini``: verbleibende Initiative, ``ini_wert``:
        die gespeicherte für die nächste Runde, ``runde``, ``laeuft``), zwischen zwei Zügen. So
        startet auch das Lagebild (:mod:`gm_helfer.w100.tisch.lagebild`) von Zuständen des Live-Kampfs.

        ``mitten``: Kämpfe, die mitten in einem Zug stehen – je Kampf (Handelnder, −1: keiner; begonnene
        Angriffshandlungen; (F, W) welche seiner ausgerüsteten Waffen in der laufenden schon angegriffen
        haben; ob der Zug unberührt ist) –, spielen zuerst den Rest dieses Zuges (:meth:`_rest_des_zuges`,
        ohne Patzerfolge „angriffshandlung“)."""
        # flache Sichten (F·N) der Felder, die jeder Angriff liest und schreibt: ein Indexfeld g·N + t
        # ist schneller als zwei Indexfelder [g, t]; zusammenhängend, damit reshape eine Sicht gibt
        for name in _FLACH:
            z[name] = np.ascontiguousarray(z[name])
        self._flach = {name: z[name].reshape(-1) for name in _FLACH}
        # gebundene Parade gibt es nur, wenn sie im Zustand schon steht oder die Taktik pariert (sonst bleibt sie 0)
        self._parade_gebunden = self.taktik.abwehr == "parade" or bool(z["parade"].any())
        laeuft, ini, faehig, ini_flach = z["laeuft"], z["ini"], z["faehig"], self._flach["ini"]
        if mitten is not None:
            if self.o.patzer_folge == "angriffshandlung":
                raise ValueError("Der Rest eines Zuges mit der Patzerfolge „angriffshandlung“ läuft auf dem Ereignispfad.")
            wer_m, begonnen, benutzt, unberuehrt = mitten
            ff = np.flatnonzero((wer_m >= 0) & laeuft)
            if ff.size:
                wer = wer_m.take(ff)
                self._zuege(z, ff, wer, self._rest_des_zuges(wer, begonnen.take(ff), benutzt.take(ff, 0),
                                                             unberuehrt.take(ff)))
                ini_flach[ff * self.n + wer] -= INITIATIVE_KOSTEN
        while True:
            ff = np.flatnonzero(laeuft)
            if not ff.size:
                break
            wer, hat = self.am_zug(ini.take(ff, 0), faehig.take(ff, 0))
            if np.count_nonzero(hat) < len(hat):  # in manchen Kämpfen ist die Runde vorbei
                vorbei = ff[~hat]
                ende = z["runde"][vorbei] >= max_runden
                laeuft[vorbei[ende]] = False
                self._neue_runde(z, vorbei[~ende])
                ff, wer = ff[hat], wer[hat]
            self._zuege(z, ff, wer)
            ini_flach[ff * self.n + wer] -= INITIATIVE_KOSTEN
        stehend = (faehig.astype(np.int64) @ self.seiten_matrix) > 0
        sieger = np.where(stehend.sum(1) == 1, stehend.argmax(1), -1)
        return Ergebnis(self.namen, self.seiten, tuple(self.seiten[i] for i in self.seite), sieger,
                        z["runde"].copy(), ~faehig, np.zeros_like(faehig), z["flee_eingesetzt"])


def spielen(
    start: Kampf,
    anzahl: int,
    *,
    rng: np.random.Generator,
    max_runden: int = 100,
    taktik: Taktik | None = None,
    fortschritt: Callable[[int, int], None] | None = None,
) -> Ergebnis:
    """Spielt ``anzahl`` Kämpfe ab ``start`` mit der Taktik, in Blöcken zu :data:`BLOCK`.

    ``fortschritt(fertig, anzahl)`` wird nach jedem Block aufgerufen (Fortschrittsbalken).
    """
    maschine = _Maschine(start, rng, taktik or Taktik())
    return in_bloecken(lambda n: maschine.block(n, max_runden), anzahl, BLOCK, fortschritt)
