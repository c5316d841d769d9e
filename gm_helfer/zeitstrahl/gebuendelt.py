"""Gebündelte Simulation: viele Zeitstrahl-Kämpfe auf einmal, als Felder (Kämpfe × Kämpfer).

Der zweite Treiber aus DESIGN.md („Simulation: one rule, two drivers“). Er spielt dieselbe
Taktik wie der Ereignispfad in :mod:`gm_helfer.zeitstrahl.simulation` (dort beschrieben,
:class:`~gm_helfer.zeitstrahl.simulation.Taktik`) – aber für alle Kämpfe gleichzeitig: der
Zustand liegt in numpy-Feldern (Lebenspunkte, Position auf dem Zeitstrahl, „Position
verschlechtert“, Sturzschwelle je Kampf und Kämpfer; Zustand und Stabilität je Waffe; der
offene Konter je Kampf), gewürfelt wird mit **einem** ``numpy.random.Generator``.

**Zeit in Ticks.** Jeder Durchgang der Hauptschleife macht in jedem laufenden Kampf genau
einen Schritt: wer kontern darf, kontert; sonst handelt der Kampffähige mit der niedrigsten
Position (Gleichstand: Reihenfolge der Bögen) – je Kampf mit einem ``argmin`` über die
Kämpfer, also in jedem Kampf auf seinem eigenen Tick.

Keine Regel ist hier ein zweites Mal geschrieben; ausgewertet wird mit den Funktionen des
Live-Kampfs, die auch Felder nehmen:

- Proben: :func:`~gm_helfer.zeitstrahl.proben.bewerte_probe` (kritisch, Patzer, Vorrang des
  Patzers), Startposition :func:`~gm_helfer.zeitstrahl.auswerten.startposition`;
- Angriff: aus :mod:`gm_helfer.zeitstrahl.auswerten` ``effekt_auswerten`` (Krit-W6, 6 = Wahl),
  ``selbst_dran``/``nach_dem_fenster`` (wer reagieren darf), ``halbiert`` („Position
  verschlechtert“), ``treffer_auswerten``, ``angriff_ticks_auswerten``,
  ``reaktions_ticks_auswerten``, ``reaktions_position``, ``abwehr_mit_folgen``,
  ``treffer_schadenspunkte``, ``nur_sturz``, ``bruchtest_auswerten``,
  ``konter_vorsprung_erreicht``, ``konter_zeit_erlaubt``;
- Schaden: :func:`~gm_helfer.zeitstrahl.schaden.zonen_nummer` (Trefferzone, empfindlich),
  :func:`~gm_helfer.zeitstrahl.schaden.schadenspunkte`,
  :func:`~gm_helfer.zeitstrahl.schaden.waffenlose_parade_schadenspunkte`.

Was je Kämpfer fest ist, kommt einmal aus dem Startzustand mit den Funktionen des Kampfs:
Angriffs- und Verteidigungswerte (``Kaempfer.fertigkeit``, ``verteidigungswert``), Ticks der
Reaktionen (``reaktions_ticks``), Konter-Erschwernis (``konter_erschwernis``), Rüstung je Zone
mit und ohne die stärkste Schicht (``zonen_ruestung``), die bestgeschützte Zone
(``bestgeschuetzte_zone``).

**Zu verzweigt für Felder** und darum über die gemeinsame Funktion geführt:

- die **Verteidigungswahl** der Taktik (exakte Trefferchancen aller erlaubten
  Verteidigungen, ``simulation._rangfolge`` mit ``vorschau.verteidigungs_wahlen``): sie hängt
  nur von Angreifer, Waffe, Ziel, den zwei zählenden Zuständen beider und den bereiten Waffen
  des Ziels ab und wird je solcher Lage **einmal** für einen nachgebauten Kampfzustand
  gerechnet und in einer Tabelle nachgeschlagen;
- die **Folgen eines Blocks** (:func:`~gm_helfer.zeitstrahl.kampf.block_folgen`: aus der
  Hand geschlagen, gebrochen, beschädigt, hält): eine Tabelle über alle Trefferpunkte und
  Stabilitäten, jeder Eintrag von ``block_folgen`` selbst.

Nicht gewürfelt wird, was am Ausgang nichts ändert: die Dauer einer Blendung (Patzer 4; der
Text verrechnet Blendung nicht) – der Ereignispfad würfelt sie fürs Protokoll. Sturz und
Blendung wirken wie dort nicht. Würfel mit Explosion im Schaden kennt die Maschine nicht
(auch die exakten Chancen der Verteidigungswahl nicht).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from gm_helfer.simulation import Feldausgang, in_bloecken
from gm_helfer.wuerfel import parse

from .auswerten import (
    ANGRIFF_EFFEKT,
    VERTEIDIGUNG_EFFEKT,
    abwehr_mit_folgen,
    angriff_ticks_auswerten,
    bruchtest_auswerten,
    effekt_auswerten,
    halbiert,
    konter_vorsprung_erreicht,
    konter_zeit_erlaubt,
    nach_dem_fenster,
    nur_sturz,
    reaktions_position,
    reaktions_ticks_auswerten,
    selbst_dran,
    startposition,
    treffer_auswerten,
    treffer_schadenspunkte,
)
from .daten import PATZER, ZONEN
from .kampf import (
    STURZSCHWELLE,
    Kampf,
    KampfFehler,
    abwehr_arm,
    block_folgen,
    konter_erschwernis,
    reaktions_ticks,
    verteidigungswert,
)
from .proben import bewerte_probe
from .schaden import (
    bestgeschuetzte_zone,
    schadenspunkte,
    waffenlose_parade_schadenspunkte,
    zonen_nummer,
    zonen_ruestung,
)
from .taktik import WARTE_TICKS, _rangfolge

__all__ = ["BLOCK", "Ergebnis", "Startfelder", "spielen", "spielen_ab"]

BLOCK = 20000
"""So viele Kämpfe rechnet die Maschine auf einmal (danach meldet sie den Fortschritt)."""

ARTEN = ("passiv", "ausweichen", "parade", "blocken")
"""Verteidigungsarten als Zahl 0…3 (Index)."""
_PASSIV, _AUSWEICHEN, _PARADE, _BLOCKEN = range(4)
_BEREIT, _VERLOREN, _GEBROCHEN = 0, 1, 2
_HAELT, _BESCHAEDIGT, _BRICHT, _ENTWAFFNET = 0, 1, 2, 3
_FOLGE = {"haelt": _HAELT, "beschaedigt": _BESCHAEDIGT, "gebrochen": _BRICHT}
_PATZER = {schluessel: n for n, (schluessel, _) in PATZER.items()}
_GROSS = np.int64(1) << 40

_MERKER: dict[Any, Any] = {}
"""Rangfolgen der Verteidigungswahl über alle Läufe hinweg (``simulation._rangfolge``; der
Schlüssel enthält Kämpfer, Zustände, Waffen, Optionen und Taktik) – eine Reihe oder ein
zweiter Lauf derselben Begegnung rechnet die exakten Chancen nicht neu."""
_MERKER_GRENZE = 50_000


@dataclass(frozen=True)
class Ergebnis(Feldausgang):
    """Ausgang aller Kämpfe eines Laufs (:class:`gm_helfer.simulation.Feldausgang`): ``runden`` ist
    der Tick der entscheidenden Aktion (ohne Sieger ``max_runden``); ``tot`` bleibt leer (der
    Text kennt keinen Tod)."""


def _wuerfel(rng: np.random.Generator, seiten: Any, n: int | None = None) -> np.ndarray:
    """Je Eintrag ein Würfel mit ``seiten`` Seiten (0 Seiten → 0)."""
    s = np.asarray(seiten, dtype=np.int64)
    if n is not None:
        s = np.broadcast_to(s, (n,))
    return (rng.random(s.shape) * s).astype(np.int64) + (s > 0)


class _Feste:
    """Was sich im Kampf nicht ändert, je Kämpfer (N), Waffe (N × W) und Würfel (N × W × D)."""

    def __init__(self, kampf: Kampf) -> None:
        o = kampf.optionen
        ts = kampf.teilnehmer
        self.n = n = len(ts)
        self.w = w = max(1, max(len(t.kaempfer.waffen) for t in ts))
        self.namen = tuple(t.name for t in ts)
        self.seiten = tuple(dict.fromkeys(t.partei for t in ts))
        self.seite = np.array([self.seiten.index(t.partei) for t in ts])
        self.lebenspunkte = np.array([t.lebenspunkte for t in ts], dtype=np.int64)
        self.kampferfahrung = np.array([t.kaempfer.kampferfahrung for t in ts], dtype=np.int64)
        self.staerke = [t.kaempfer.staerke for t in ts]
        self.hat_waffe = np.zeros((n, w), bool)
        self.geschwindigkeit = np.ones((n, w), np.int64)
        self.angriff = np.zeros((n, w), np.int64)
        self.waffenlos = np.zeros((n, w), bool)
        self.stabilitaet = np.zeros((n, w), np.int64)
        self.verteidigung = np.zeros((n, 4, w), np.int64)
        """Fester Teil der Verteidigung je Art (passiv, ausweichen, parade, blocken) und Waffe."""
        self.reaktion = np.zeros((n, 4, w), np.int64)
        """Ticks der Reaktion je Art und Waffe."""
        ausdruecke = self._waffen_lesen(kampf)
        self._wuerfel_lesen(ausdruecke)
        self.konter_erschwernis = np.array([konter_erschwernis(kampf, x) for x in self.namen])
        zeit = [t.kaempfer.spezialisierung("konter_zeit") + (
            t.kaempfer.spezialisierung("konter") if o.konter_spezialisierung_beides else 0) for t in ts]
        self.konter_zeit = np.array(zeit)
        # Rüstung je Zone, ohne und mit „Ignoriert eine Rüstungsschicht“
        self.ruestung = np.array([[[zonen_ruestung(t.kaempfer.ruestung, z, ignorieren=ig).schutz
                                    for ig in (0, 1)] for z in ZONEN] for t in ts])
        self.bestgeschuetzt = np.array([ZONEN.index(bestgeschuetzte_zone(t.kaempfer.ruestung)) for t in ts])
        self.arm = ZONEN.index(abwehr_arm(False))
        self._block_tabelle(ts)

    def _waffen_lesen(self, kampf: Kampf) -> list[tuple[int, int, Any]]:
        """Waffenwerte, feste Verteidigung und Reaktionsticks je Kämpfer, Art und Waffe; gibt
        die Schadensausdrücke (Kämpfer, Waffe, Ausdruck) zurück."""
        ausdruecke = []
        for i, t in enumerate(kampf.teilnehmer):
            k = t.kaempfer
            for j, wf in enumerate(k.waffen):
                self.hat_waffe[i, j] = True
                self.geschwindigkeit[i, j] = wf.geschwindigkeit
                self.waffenlos[i, j] = wf.waffenlos
                self.stabilitaet[i, j] = wf.stabilitaet
                try:
                    self.angriff[i, j] = k.fertigkeit(wf.fertigkeit)
                except KampfFehler as fehler:
                    raise ValueError(str(fehler)) from fehler
                a = parse(wf.schaden)
                if any(g.explodierend for g in a.wuerfel):
                    raise ValueError(f"{t.name}: Schaden „{wf.schaden}“ mit explodierenden Würfeln "
                                     "kann die Simulation nicht spielen.")
                ausdruecke.append((i, j, a))
                self._abwehr_mit_waffe(kampf, i, j)
            for art in (_PASSIV, _AUSWEICHEN):
                self.verteidigung[i, art, :] = verteidigungswert(kampf, t.name, ARTEN[art])
                self.reaktion[i, art, :] = reaktions_ticks(kampf, t.name, ARTEN[art])
        return ausdruecke

    def _abwehr_mit_waffe(self, kampf: Kampf, i: int, j: int) -> None:
        name = kampf.teilnehmer[i].name
        for art in (_PARADE, _BLOCKEN):
            try:
                self.verteidigung[i, art, j] = verteidigungswert(kampf, name, ARTEN[art], j)
                self.reaktion[i, art, j] = reaktions_ticks(kampf, name, ARTEN[art], j)
            except KampfFehler:
                pass  # nicht erlaubt (Kettenwaffe): die Verteidigungswahl nimmt sie nie

    def _wuerfel_lesen(self, ausdruecke: list[tuple[int, int, Any]]) -> None:
        """Die Schadenswürfel je Kämpfer und Waffe einzeln (Seiten, Vorzeichen), die Konstante
        und die höchsten möglichen Trefferpunkte."""
        n, w = self.n, self.w
        d = max([sum(g.anzahl for g in a.wuerfel) for _, _, a in ausdruecke] + [1])
        self.wuerfel_seiten = np.zeros((n, w, d), np.int64)
        self.wuerfel_zeichen = np.zeros((n, w, d), np.int64)
        self.konstante = np.zeros((n, w), np.int64)
        tp_max = 0
        for i, j, a in ausdruecke:
            einzeln = [(g.seiten, g.vorzeichen) for g in a.wuerfel for _ in range(g.anzahl)]
            for m, (s, v) in enumerate(einzeln):
                self.wuerfel_seiten[i, j, m], self.wuerfel_zeichen[i, j, m] = s, v
            self.konstante[i, j] = a.konstante
            tp_max = max(tp_max, sum(s for s, v in einzeln if v > 0) + max(a.konstante, 0))
        self.tp_max = tp_max

    def _block_tabelle(self, ts: Any) -> None:
        """Folgen eines gelungenen Blocks je Trefferpunkte und Stabilität, aus block_folgen."""
        stab_max = int(self.stabilitaet.max(initial=0))
        tp_max = self.tp_max
        self.block = np.zeros((self.n, self.w, tp_max + 1, stab_max + 1), np.int8)
        for i, t in enumerate(ts):
            for j, wf in enumerate(t.kaempfer.waffen):
                for stab in range(wf.stabilitaet + 1):
                    for tp in range(tp_max + 1):
                        bf = block_folgen(tp, t.kaempfer.staerke, (j, wf, stab))
                        self.block[i, j, tp, stab] = _ENTWAFFNET if bf.entwaffnet else _FOLGE[bf.teile[0][2]]


@dataclass
class Startfelder:
    """Der Startzustand eines Blocks von F Kämpfen als Felder (Kämpfe × Kämpfer [× Waffen]) –
    nach dem Startwurf (:meth:`_Maschine._neu`) oder aus einem laufenden Kampf an einem sauberen
    Tick (kein Abtausch, kein Konter offen; :mod:`gm_helfer.zeitstrahl.lagebild`). Die Felder
    gehören danach der Maschine (sie schreibt hinein)."""

    lp: np.ndarray
    """(F, N) Lebenspunkte."""
    pos: np.ndarray
    """(F, N) Position auf dem Zeitstrahl."""
    verschlechtert: np.ndarray
    """(F, N) „Position verschlechtert“."""
    sturz: np.ndarray
    """(F, N) „Sturzschwelle +5“."""
    status: np.ndarray
    """(F, N, W) int8: bereit 0, verloren 1 (auch: keine Waffe), gebrochen 2."""
    stab: np.ndarray
    """(F, N, W) Stabilität je Waffe."""
    tick: np.ndarray
    """(F) der Tick, bei dem der Kampf steht."""

    def teil(self, von: int, bis: int) -> Startfelder:
        return Startfelder(*(getattr(self, n)[von:bis].copy() for n in (
            "lp", "pos", "verschlechtert", "sturz", "status", "stab", "tick")))


@dataclass
class _Zustand(Startfelder):
    """Der veränderliche Zustand eines Blocks von F Kämpfen (nur innerhalb dieses Moduls): die
    :class:`Startfelder` (Lebenspunkte, Positionen, „Position verschlechtert“ – halbe
    Verteidigung bis zur nächsten eigenen Aktion –, Sturzschwelle, Waffen, Tick) und dazu:"""

    konter_v: np.ndarray
    """Wer kontern darf (−1: niemand) …"""
    konter_a: np.ndarray
    """… gegen wen."""
    laeuft: np.ndarray
    stehend: np.ndarray
    """(F, Parteien): Zahl der Kampffähigen je Partei."""
    ab: np.ndarray
    """(F): ein gleichzeitiger Abtausch läuft (``Optionen.gleichzeitig``, wie
    :class:`~gm_helfer.zeitstrahl.zustand.Abtausch`)."""
    ab_tick: np.ndarray
    ab_offen: np.ndarray
    """(F, N): wer im Abtausch noch handeln muss."""
    b_lp: np.ndarray
    """Stand vor dem Abtausch: Lebenspunkte, Positionen, Zustände, Waffen (``b_…``)."""
    b_pos: np.ndarray
    b_vers: np.ndarray
    b_sturz: np.ndarray
    b_status: np.ndarray
    b_stab: np.ndarray
    neu_sturz: np.ndarray
    """(F, N): „Sturzschwelle +5“ im Abtausch neu entstanden (eine Probe gegen den alten Stand
    verbraucht sie nicht)."""


class _Maschine:
    def __init__(self, kampf: Kampf, rng: np.random.Generator, taktik: Any) -> None:
        self.kampf = kampf
        self.o = kampf.optionen
        self.f = _Feste(kampf)
        self.rng = rng
        self.taktik = [taktik[t.partei] for t in kampf.teilnehmer]
        """Taktik je Kämpfer (die seiner Partei)."""
        self.kontern = np.array([t.kontern for t in self.taktik])
        self.zielwahl = np.array([t.ziel for t in self.taktik])
        n, w = self.f.n, self.f.w
        self.idx = np.arange(n)
        self.gegner = self.f.seite[:, None] != self.f.seite[None, :]
        self.seiten_matrix = np.eye(len(self.f.seiten), dtype=np.int64)[self.f.seite]
        # Verteidigungswahl je Lage: Schlüssel (a, Waffe, z, Zustände a, Zustände z, bereite Waffen z)
        self.lagen = n * w * n * 4 * 4 * (1 << w)
        self.wahl_art = np.full(self.lagen, -1, np.int64)
        self.wahl_waffe = np.zeros(self.lagen, np.int64)
        if len(_MERKER) > _MERKER_GRENZE:
            _MERKER.clear()
        self.merker = _MERKER
        self.grenze = self.o.kampfunfaehig_bei
        self.patzerschwelle = self.o.basis_patzerschwelle

    # -- Würfel --------------------------------------------------------------------------
    def _pruefwurf(self, m: int) -> np.ndarray:
        if self.o.probenwurf == "W20":
            return _wuerfel(self.rng, 20, m)
        return _wuerfel(self.rng, 10, m) + _wuerfel(self.rng, 10, m)

    def _w6(self, m: int) -> np.ndarray:
        return _wuerfel(self.rng, 6, m)

    # -- Verteidigungswahl (über die gemeinsame Funktion der Taktik) ---------------------
    def _wahl(self, schluessel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        neu = np.unique(schluessel[self.wahl_art[schluessel] < 0])
        for s in neu.tolist():
            self._wahl_rechnen(s)
        return self.wahl_art[schluessel], self.wahl_waffe[schluessel]

    def _wahl_rechnen(self, s: int) -> None:
        n, w = self.f.n, self.f.w
        rest, bereit = divmod(s, 1 << w)
        rest, zz = divmod(rest, 4)
        rest, za = divmod(rest, 4)
        rest, z = divmod(rest, n)
        a, wi = divmod(rest, w)

        def zustaende(code: int) -> tuple[str, ...]:
            return (("Position verschlechtert",) if code & 1 else ()) + ((STURZSCHWELLE,) if code & 2 else ())

        ts = list(self.kampf.teilnehmer)
        ts[a] = replace(ts[a], zustaende=zustaende(za))
        ts[z] = replace(ts[z], zustaende=zustaende(zz), waffen_status=tuple(
            "bereit" if bereit >> j & 1 else "verloren" for j in range(len(ts[z].waffen_status))))
        lage = replace(self.kampf, teilnehmer=tuple(ts))
        art, vwaffe = _rangfolge(lage, ts[a].name, ts[z].name, wi, self.merker, self.taktik[z])[0]
        self.wahl_art[s] = ARTEN.index(art)
        self.wahl_waffe[s] = vwaffe or 0

    # -- Ein Block von Kämpfen -----------------------------------------------------------
    def _neu(self, anzahl: int) -> _Zustand:
        f = self.f
        nat = self._pruefwurf(anzahl * f.n).reshape(anzahl, f.n)
        pr = bewerte_probe(np.broadcast_to(f.kampferfahrung, (anzahl, f.n)), nat, optionen=self.o)
        pos = startposition(self.o.start_schwierigkeit, pr.gesamt).astype(np.int64)
        return self._zustand(Startfelder(
            lp=np.tile(f.lebenspunkte, (anzahl, 1)),
            pos=pos,
            verschlechtert=np.zeros((anzahl, f.n), bool),
            sturz=np.zeros((anzahl, f.n), bool),
            status=np.where(f.hat_waffe, _BEREIT, _VERLOREN).astype(np.int8)[None].repeat(anzahl, 0),
            stab=np.tile(f.stabilitaet, (anzahl, 1, 1)),
            tick=np.zeros(anzahl, np.int64),
        ))

    def _zustand(self, s: Startfelder) -> _Zustand:
        """Der Zustand eines Blocks aus seinen Startfeldern (nach dem Startwurf oder aus einem
        laufenden Kampf, :func:`spielen_ab`); Abtausch und Konter sind offen nicht."""
        f = self.f
        anzahl = len(s.tick)
        aktiv = s.lp > self.grenze
        return _Zustand(
            lp=s.lp,
            pos=s.pos,
            verschlechtert=s.verschlechtert,
            sturz=s.sturz,
            status=s.status,
            stab=s.stab,
            konter_v=np.full(anzahl, -1),
            konter_a=np.full(anzahl, -1),
            tick=s.tick,
            laeuft=np.ones(anzahl, bool),
            stehend=aktiv.astype(np.int64) @ self.seiten_matrix,
            ab=np.zeros(anzahl, bool),
            ab_tick=np.zeros(anzahl, np.int64),
            ab_offen=np.zeros((anzahl, f.n), bool),
            b_lp=np.zeros((anzahl, f.n), np.int64),
            b_pos=np.zeros((anzahl, f.n), np.int64),
            b_vers=np.zeros((anzahl, f.n), bool),
            b_sturz=np.zeros((anzahl, f.n), bool),
            b_status=np.zeros((anzahl, f.n, f.w), np.int8),
            b_stab=np.zeros((anzahl, f.n, f.w), np.int64),
            neu_sturz=np.zeros((anzahl, f.n), bool),
        )

    def block(self, anzahl: int, max_runden: int, start: Startfelder | None = None) -> Ergebnis:
        z = self._neu(anzahl) if start is None else self._zustand(start)
        alle = np.arange(len(z.tick))
        z.laeuft &= (z.stehend > 0).sum(1) > 1
        while True:
            ff = alle[z.laeuft]
            if not ff.size:
                break
            self._schritt(z, ff, max_runden)
        aktiv = z.lp > self.grenze
        stehend = (aktiv.astype(np.int64) @ self.seiten_matrix) > 0
        sieger = np.where(stehend.sum(1) == 1, stehend.argmax(1), -1)
        return Ergebnis(self.f.namen, self.f.seiten, tuple(self.f.seiten[i] for i in self.f.seite),
                        sieger, z.tick.copy(), ~aktiv, np.zeros_like(aktiv))

    def _schritt(self, z: _Zustand, ff: np.ndarray, max_runden: int) -> None:
        """Ein Schritt in jedem Kampf ``ff``: Konter, Angriff des Nächsten oder Warten; im
        gleichzeitigen Abtausch handelt der nächste Offene gegen den Stand vor dem Abtausch."""
        f = self.f
        m = ff.size
        zeilen = np.arange(m)
        lp = z.lp[ff]
        aktiv = lp > self.grenze
        pos = z.pos[ff]
        kv, ka = z.konter_v[ff], z.konter_a[ff]
        kv0 = np.maximum(kv, 0)
        konter = (kv >= 0) & self.kontern[kv0]
        if konter.any():
            konter &= aktiv[zeilen, kv0] & (z.status[ff, kv0] == _BEREIT).any(1)
        im_ab = z.ab[ff]
        jetzt = np.where(im_ab, z.ab_tick[ff], np.where(aktiv, pos, _GROSS).min(1))
        # Zeitgrenze (nur ohne Konter): ohne Sieger enden
        vorbei = ~konter & (jetzt > max_runden)
        if vorbei.any():
            z.tick[ff[vorbei]] = max_runden
            z.laeuft[ff[vorbei]] = False
        z.tick[ff[~konter & ~vorbei]] = jetzt[~konter & ~vorbei]
        z.konter_v[ff] = -1
        weiter = ~vorbei
        if not weiter.all():
            ff, lp, aktiv, pos, konter, jetzt, kv0, ka, im_ab = (
                x[weiter] for x in (ff, lp, aktiv, pos, konter, jetzt, kv0, ka, im_ab))
        if not ff.size:
            return
        dran_maske = aktiv & (pos == jetzt[:, None])
        if self.o.gleichzeitig:
            im_ab = self._abtausch_beginnen(z, ff, im_ab, konter, dran_maske, jetzt)
        dran = np.where(dran_maske, self.idx, f.n).min(1)
        if im_ab.any():
            dran = np.where(im_ab, np.where(z.ab_offen[ff], self.idx, f.n).min(1), dran)
        wer = np.where(konter, kv0, dran)
        vorher = im_ab & ~konter  # würfelt gegen den Stand vor dem Abtausch
        status_wer = np.where(vorher[:, None], z.b_status[ff, wer], z.status[ff, wer])
        bereit_wer = status_wer == _BEREIT
        hat = bereit_wer.any(1)
        waffe = bereit_wer.argmax(1)
        # ohne bereite Waffe: warten (eine eigene Aktion: „Position verschlechtert“ endet)
        warten = ~hat
        if warten.any():
            g, a = ff[warten], wer[warten]
            z.pos[g, a] += WARTE_TICKS
            z.verschlechtert[g, a] = False
        los = hat
        if los.any():
            ff_los, wer_los, waffe_los, konter_los, jetzt_los, ka_los, vorher_los = (
                x[los] for x in (ff, wer, waffe, konter, jetzt, ka, vorher))
            lp_r = np.where(vorher_los[:, None], z.b_lp[ff_los], z.lp[ff_los])
            ziel = np.where(konter_los, ka_los,
                            self._ziel(ff_los.size, wer_los, lp_r > self.grenze, lp_r))
            self._angriff(z, ff_los, wer_los, waffe_los, ziel, konter_los, jetzt_los, vorher_los)
        if vorher.any():
            self._abtausch_weiter(z, ff[vorher], wer[vorher])

    def _abtausch_beginnen(
        self, z: _Zustand, ff: np.ndarray, im_ab: np.ndarray, konter: np.ndarray,
        dran_maske: np.ndarray, jetzt: np.ndarray,
    ) -> np.ndarray:
        """Ein Abtausch beginnt, wo mehrere bei diesem Tick dran sind und keiner kontert: der
        Stand vor ihm wird festgehalten."""
        neu = ~konter & ~im_ab & (dran_maske.sum(1) >= 2)
        if not neu.any():
            return im_ab
        g = ff[neu]
        z.ab[g], z.ab_tick[g], z.ab_offen[g] = True, jetzt[neu], dran_maske[neu]
        z.b_lp[g], z.b_pos[g], z.b_vers[g], z.b_sturz[g] = z.lp[g], z.pos[g], z.verschlechtert[g], z.sturz[g]
        z.b_status[g], z.b_stab[g] = z.status[g], z.stab[g]
        z.neu_sturz[g] = False
        return im_ab | neu

    def _abtausch_weiter(self, z: _Zustand, g: np.ndarray, wer: np.ndarray) -> None:
        """``wer`` hat im Abtausch gehandelt; ist keiner mehr offen, endet er – erst dann zählt,
        ob noch mehr als eine Partei steht."""
        z.ab_offen[g, wer] = False
        fertig = ~z.ab_offen[g].any(1)
        if fertig.any():
            h = g[fertig]
            z.ab[h] = False
            z.laeuft[h] = (z.stehend[h] > 0).sum(1) > 1

    def _ziel(self, m: int, a: np.ndarray, aktiv: np.ndarray, lp: np.ndarray) -> np.ndarray:
        """Das Ziel nach ``taktik.ziel`` der Partei des Angreifers unter den kampffähigen Gegnern
        (Gleichstand: Bogenreihenfolge)."""
        n = self.f.n
        gegner = aktiv & self.gegner[a]
        wahlen = self.zielwahl[a]
        ziel = np.zeros(m, np.int64)
        for wahl in np.unique(wahlen).tolist():
            hier = wahlen == wahl
            if wahl == "zufall":
                anzahl = gegner.sum(1)
                nummer = (self.rng.random(m) * anzahl).astype(np.int64)
                wer = ((np.cumsum(gegner, 1) == (nummer + 1)[:, None]) & gegner).argmax(1)
            else:
                wert = {"schwaechster": lp, "staerkster": -lp, "erster": np.zeros_like(lp)}[wahl]
                wer = np.where(gegner, wert * n + self.idx, _GROSS).argmin(1)
            ziel = np.where(hier, wer, ziel)
        return ziel

    def _angriff(
        self, z: _Zustand, ff: np.ndarray, a: np.ndarray, wi: np.ndarray, t: np.ndarray,
        konter: np.ndarray, jetzt: np.ndarray, vorher: np.ndarray,
    ) -> None:
        """Ein Angriff je Kampf. Gewürfelt und ausgewertet wird gegen den Stand vor dem
        Abtausch, wo ``vorher`` (sonst gegen den jetzigen); geschrieben wird als Änderung
        auf den jetzigen Stand (Zeit und Stabilität als Unterschied, Schaden addiert)."""
        f, o, m = self.f, self.o, ff.size

        def lesen(jetzt_wert: np.ndarray, vorher_wert: np.ndarray) -> np.ndarray:
            return np.where(vorher.reshape((-1,) + (1,) * (jetzt_wert.ndim - 1)), vorher_wert, jetzt_wert)

        pos_a, pos_t = lesen(z.pos[ff, a], z.b_pos[ff, a]), lesen(z.pos[ff, t], z.b_pos[ff, t])
        vers_a, vers_t = lesen(z.verschlechtert[ff, a], z.b_vers[ff, a]), lesen(z.verschlechtert[ff, t], z.b_vers[ff, t])
        sturz_a, sturz_t = lesen(z.sturz[ff, a], z.b_sturz[ff, a]), lesen(z.sturz[ff, t], z.b_sturz[ff, t])
        status_t = lesen(z.status[ff, t], z.b_status[ff, t])
        # Verteidigungswahl: die beste der Taktik, wenn das Ziel reagieren darf, sonst passiv
        bereit_t = (status_t == _BEREIT) @ (1 << np.arange(f.w))
        lage = (((((a * f.w + wi) * f.n + t) * 4 + vers_a + 2 * sturz_a) * 4 + vers_t + 2 * sturz_t)
                << f.w) + bereit_t
        art, vw = self._wahl(lage)
        ende = pos_a + f.geschwindigkeit[a, wi]
        darf = ~selbst_dran(pos_t, jetzt) & ~nach_dem_fenster(pos_t, ende, o.reaktion_nur_im_fenster)
        art = np.where(darf, art, _PASSIV)
        vw = np.where(darf, vw, 0)
        passiv = art == _PASSIV
        probe_v = art >= _PARADE
        # Angriffsprobe (Konter: erschwert), kritischer Effekt samt W6-Bonus
        ap = bewerte_probe(f.angriff[a, wi] - np.where(konter, f.konter_erschwernis[a], 0),
                           self._pruefwurf(m), kritschwelle=o.kritschwelle,
                           patzerschwelle=self.patzerschwelle + 5 * sturz_a, optionen=o)
        patzer, kritisch = ap.patzer, ap.kritisch
        effekt = np.where(kritisch, effekt_auswerten(self._w6(m), 3), 0)
        angriff = ap.gesamt + np.where(effekt == ANGRIFF_EFFEKT["bonus_w6"], self._w6(m), 0)
        # Verteidigung: passiv fest, Ausweichen + W10, Parade/Blocken als Probe
        vwert = f.verteidigung[t, art, vw]
        vp = bewerte_probe(vwert, self._pruefwurf(m), kritschwelle=o.kritschwelle,
                           patzerschwelle=self.patzerschwelle + 5 * sturz_t, optionen=o)
        v_patzer, v_krit = probe_v & vp.patzer, probe_v & vp.kritisch
        v_effekt = np.where(v_krit, effekt_auswerten(self._w6(m), 2), 0)
        vges = np.where(art == _AUSWEICHEN, vwert + _wuerfel(self.rng, 10, m),
                        np.where(probe_v, vp.gesamt, vwert))
        vges = vges + np.where(v_effekt == VERTEIDIGUNG_EFFEKT["bonus_w6"], self._w6(m), 0)
        vges = halbiert(vges, vers_t)
        treffer = treffer_auswerten(patzer, kritisch, passiv, angriff, vges,
                                    kritisch_trifft_immer=o.kritisch_trifft_immer)
        # Zeit
        a_pos = pos_a + angriff_ticks_auswerten(f.geschwindigkeit[a, wi], effekt, v_effekt, o.mindest_ticks)
        r_ticks = reaktions_ticks_auswerten(f.reaktion[t, art, vw], v_effekt, passiv, o.mindest_ticks)
        t_pos = np.where(passiv, pos_t, reaktions_position(pos_t, pos_a, r_ticks))
        # eine eigene Aktion beendet „Position verschlechtert“, ein Konter nicht
        vers_a = z.verschlechtert[ff, a] & konter
        vers_t = z.verschlechtert[ff, t]
        # Schaden
        folgen = abwehr_mit_folgen(treffer, patzer, probe_v, art == _BLOCKEN, f.waffenlos[t, vw])
        seiten = f.wuerfel_seiten[a, wi]
        tp = _wuerfel(self.rng, seiten * (treffer | folgen)[:, None])
        spalten = list(tp.T)
        tp_summe = (tp * f.wuerfel_zeichen[a, wi]).sum(1) + f.konstante[a, wi]
        konst = f.konstante[a, wi]
        erster, zweiter = self._w6(m), self._w6(m)
        zone, empf = zonen_nummer(erster, zweiter)
        zone = np.where(v_effekt == VERTEIDIGUNG_EFFEKT["bestgeschuetzt"], f.bestgeschuetzt[t], zone)
        rs = f.ruestung[t, zone, (effekt == ANGRIFF_EFFEKT["schicht_ignorieren"]).astype(np.int64)]
        sp = treffer_schadenspunkte(spalten, rs, konstante=konst, empfindlich=empf, effekt=effekt,
                                    verteidigung_effekt=v_effekt, vor_ruestung=o.empfindlich_vor_ruestung)
        minus = np.where(treffer, sp, 0)
        waffenlos = folgen & f.waffenlos[t, vw]
        if waffenlos.any():
            rs_arm = f.ruestung[t, f.arm, 0]
            arm = np.where(art == _PARADE,
                           waffenlose_parade_schadenspunkte(spalten, rs_arm, konstante=konst,
                                                            je_wuerfel=o.waffenlose_parade_je_wuerfel),
                           schadenspunkte(spalten, rs_arm, konstante=konst))
            minus = np.where(waffenlos, arm, minus)
        # vor dem Angriff (Bruchtest, Block); der Bruchtest, der hält, lässt den Status von vorher
        status_a0, status_t0 = z.status[ff, a, wi].copy(), z.status[ff, t, vw].copy()
        stab_a = lesen(z.stab[ff, a, wi], z.b_stab[ff, a, wi])
        stab_t = lesen(z.stab[ff, t, vw], z.b_stab[ff, t, vw])
        geblockt = folgen & ~f.waffenlos[t, vw]
        if geblockt.any():
            g, tt, vv = ff[geblockt], t[geblockt], vw[geblockt]
            folge = f.block[tt, vv, np.maximum(tp_summe[geblockt], 0), stab_t[geblockt]]
            z.status[g, tt, vv] = np.where(folge == _ENTWAFFNET, _VERLOREN,
                                           np.where(folge == _BRICHT, _GEBROCHEN, z.status[g, tt, vv]))
            z.stab[g, tt, vv] -= folge == _BESCHAEDIGT
        # Sturzschwelle: mit der eigenen Probe verbraucht (nicht, wenn sie erst im Abtausch
        # entstand), neu durch kritischen Effekt 4
        neu_a, neu_t = vorher & z.neu_sturz[ff, a], vorher & z.neu_sturz[ff, t]
        neu_sturz = treffer & (effekt == ANGRIFF_EFFEKT["sturz_schwelle"])
        sturz_a = z.sturz[ff, a] & ~(sturz_a & ~neu_a)
        sturz_t = (z.sturz[ff, t] & ~(probe_v & sturz_t & ~neu_t)) | neu_sturz
        z.neu_sturz[ff, t] |= z.ab[ff] & neu_sturz
        # Patzer des Angreifers und der Parade/des Blocks
        a_pos, vers_a = self._patzer(z, ff, a, wi, stab_a, status_a0, patzer, ap.natuerlich, a_pos, vers_a)
        t_pos, vers_t = self._patzer(z, ff, t, vw, stab_t, status_t0, v_patzer, vp.natuerlich, t_pos, vers_t)
        # Konter
        neu = ~konter & konter_vorsprung_erreicht(passiv, treffer, patzer, vges, angriff,
                                                  vorsprung=o.konter_vorsprung)
        neu &= konter_zeit_erlaubt(t_pos, a_pos, f.konter_zeit[t])
        z.konter_v[ff] = np.where(neu, t, -1)
        z.konter_a[ff] = np.where(neu, a, -1)
        # Zustand schreiben (Zeit als Unterschied zum gelesenen Stand)
        z.pos[ff, a], z.pos[ff, t] = z.pos[ff, a] + (a_pos - pos_a), z.pos[ff, t] + (t_pos - pos_t)
        z.verschlechtert[ff, a], z.verschlechtert[ff, t] = vers_a, vers_t
        z.sturz[ff, a], z.sturz[ff, t] = sturz_a, sturz_t
        vorher = z.lp[ff, t]
        z.lp[ff, t] = vorher - minus
        faellt = (vorher > self.grenze) & (vorher - minus <= self.grenze)
        if faellt.any():
            z.stehend[ff[faellt], f.seite[t[faellt]]] -= 1
            g = ff[faellt]
            z.laeuft[g] = ((z.stehend[g] > 0).sum(1) > 1) | z.ab[g]

    def _patzer(
        self, z: _Zustand, ff: np.ndarray, wer: np.ndarray, waffe: np.ndarray, stab_vorher: np.ndarray,
        status_vorher: np.ndarray, patzer: np.ndarray, natuerlich: np.ndarray, pos: np.ndarray, verschlechtert: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Folgen der Patzer (Tabelle „Patzer“) für ``wer`` mit ``waffe``: Waffe verloren,
        Bruchtest, Position verschlechtert, Stolpern; Sturz und Blendung wirken nicht. Ein
        Patzer nur durch die Sturzschwelle ist ein Sturz ohne W6."""
        if not patzer.any():
            return pos, verschlechtert
        f = self.f
        m = ff.size
        folge = np.where(patzer & ~nur_sturz(natuerlich, self.patzerschwelle, self.o.sturz_mit_patzertabelle),
                         self._w6(m), 0)
        s = folge == _PATZER["waffe_verloren"]
        z.status[ff[s], wer[s], waffe[s]] = _VERLOREN
        s = folge == _PATZER["bruchtest"]
        if s.any():
            g, w_, i = ff[s], wer[s], waffe[s]
            wurf = ((_wuerfel(self.rng, f.wuerfel_seiten[w_, i]) * f.wuerfel_zeichen[w_, i]).sum(1)
                    + f.konstante[w_, i])
            stab, gebrochen = bruchtest_auswerten(wurf, stab_vorher[s])
            z.stab[g, w_, i] += stab - stab_vorher[s]
            z.status[g, w_, i] = np.where(gebrochen, _GEBROCHEN, status_vorher[s])
        verschlechtert = verschlechtert | (folge == _PATZER["position_schlecht"])
        pos = pos + np.where(folge == _PATZER["stolpern"], self._w6(m), 0)
        return pos, verschlechtert


def spielen(
    kampf: Kampf,
    anzahl: int,
    *,
    rng: np.random.Generator,
    taktik: Any,
    max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
) -> Ergebnis:
    """Spielt ``anzahl`` Kämpfe ab ``kampf`` (vor dem Startwurf) mit ``taktik`` (Partei →
    ``simulation.Taktik``), in Blöcken zu :data:`BLOCK`; ``fortschritt(fertig, anzahl)`` nach
    jedem Block."""
    maschine = _Maschine(kampf, rng, taktik)
    return in_bloecken(lambda n: maschine.block(n, max_runden), anzahl, BLOCK, fortschritt)


def spielen_ab(
    kampf: Kampf,
    start: Startfelder,
    *,
    rng: np.random.Generator,
    taktik: Any,
    max_runden: int = 100,
) -> Ergebnis:
    """Spielt je Zeile von ``start`` einen Kampf zu Ende (``max_runden``: der letzte Tick,
    absolut). ``kampf`` liefert die festen Werte (Kämpfer, Waffen, Optionen) – ohne Zustände,
    mit allen Waffen bereit und ohne Verschiebung (:func:`gm_helfer.zeitstrahl.lagebild.vorlage`)."""
    maschine = _Maschine(kampf, rng, taktik)
    n = len(start.tick)
    teile = [maschine.block(bis - von, max_runden, start.teil(von, bis))
             for von, bis in ((v, min(v + BLOCK, n)) for v in range(0, n, BLOCK))]
    if len(teile) == 1:
        return teile[0]
    e = teile[0]
    return Ergebnis(e.namen, e.seiten, e.seite_von, *(np.concatenate([getattr(t, x) for t in teile])
                                                     for x in ("sieger", "runden", "ausgeschaltet", "tot")))
