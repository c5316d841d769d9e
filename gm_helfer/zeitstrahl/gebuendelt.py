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
(``bestgeschuetzte_zone``) – gemerkt je Kampf und Taktik samt den Tafeln der Verteidigungswahl
(``_VORBEREITET``), so liest ein zweiter Aufruf mit demselben Kampf nichts neu.

**Fester Aufwand je Aufruf.** Jeder Schritt kostet einige hundert numpy-Aufrufe, gleich ob für 200
oder 10 000 Kämpfe; darum liest und schreibt die Maschine über flache Sichten (``_Flach``, ``take``
statt Fancy-Indexing), zieht alle Zufallszahlen eines Angriffs mit einem Aufruf
(``_angriff_wuerfel``, dieselbe Folge wie einzeln) und überspringt, was ohne Abtausch, Konter oder
Patzer nichts ändert.

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
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from gm_helfer.felder import flache_sicht
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
    if n is not None and isinstance(seiten, int):  # ein Würfel für alle: ohne broadcast_to
        return _augen(rng.random(n), seiten)
    s = np.asarray(seiten, dtype=np.int64)
    if n is not None:
        s = np.broadcast_to(s, (n,))
    return _augen(rng.random(s.shape), s)


def _augen(zufall: np.ndarray, seiten: Any) -> np.ndarray:
    """Die Augen zu schon gezogenen Zufallszahlen in [0, 1) (wie :func:`_wuerfel`; 0 Seiten → 0)."""
    return (zufall * seiten).astype(np.int64) + (np.asarray(seiten) > 0)


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
        # flache Sichten für take (ein Index statt zwei, siehe _Flach): je Kämpfer · Waffe
        # (Index a · W + Waffe), Verteidigung und Reaktion je (Kämpfer · 4 + Art) · W + Waffe,
        # Rüstung je (Kämpfer · Zonen + Zone) · 2 + ignoriert; Würfel als Zeilen (Kämpfer · W, D)
        self.geschwindigkeit_flach = self.geschwindigkeit.reshape(-1)
        self.angriff_flach = self.angriff.reshape(-1)
        self.waffenlos_flach = self.waffenlos.reshape(-1)
        self.konstante_flach = self.konstante.reshape(-1)
        self.verteidigung_flach = self.verteidigung.reshape(-1)
        self.reaktion_flach = self.reaktion.reshape(-1)
        self.ruestung_flach = self.ruestung.reshape(-1)
        self.wuerfel_seiten_zeilen = self.wuerfel_seiten.reshape(n * w, -1)
        self.wuerfel_zeichen_zeilen = self.wuerfel_zeichen.reshape(n * w, -1)

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
    flach: _Flach = field(init=False)
    """Flache Sichten auf dieselben Daten (:class:`_Flach`)."""

    def __post_init__(self) -> None:
        self.flach = _Flach(self)


class _Flach:
    """Flache Sichten auf die Felder eines :class:`_Zustand` – dieselben Daten: ``pos[k * N + i]``
    ist ``pos[k, i]``, ``status[(k * N + i) * W + j]`` ist ``status[k, i, j]``, ``status_zeilen[k * N
    + i]`` ist ``status[k, i]``. numpy liest (``take``) und schreibt über einen flachen Index viel
    schneller als über ein Paar (Kämpfe, Kämpfer); deshalb ändert die Maschine diese Felder nur an
    Ort und Stelle, nie ersetzt sie sie."""

    __slots__ = ("ab_offen", "b_lp", "b_pos", "b_stab", "b_status", "b_status_zeilen", "b_sturz", "b_vers", "lp",
                 "neu_sturz", "pos", "stab", "status", "status_zeilen", "sturz", "verschlechtert")
    ab_offen: np.ndarray
    b_lp: np.ndarray
    b_pos: np.ndarray
    b_stab: np.ndarray
    b_status: np.ndarray
    b_status_zeilen: np.ndarray
    b_sturz: np.ndarray
    b_vers: np.ndarray
    lp: np.ndarray
    neu_sturz: np.ndarray
    pos: np.ndarray
    stab: np.ndarray
    status: np.ndarray
    status_zeilen: np.ndarray
    sturz: np.ndarray
    verschlechtert: np.ndarray

    def __init__(self, z: _Zustand) -> None:
        for name in self.__slots__:  # „…_zeilen“: je (Kampf, Kämpfer) eine Zeile, sonst ganz flach
            zeilen = name.endswith("_zeilen")
            setattr(self, name, flache_sicht(getattr(z, name.removesuffix("_zeilen")), name, ganz=not zeilen))


_VORBEREITET: dict[Any, tuple[_Feste, np.ndarray, np.ndarray]] = {}
"""Je (Kampf, Taktik je Kämpfer): die festen Werte (:class:`_Feste`) und die Tafeln der
Verteidigungswahl (``wahl_art``, ``wahl_waffe``, nach und nach gefüllt) – ein zweiter Aufruf mit
demselben Kampf (das Lagebild eines Zustands, die Blöcke einer Reihe) liest die Bögen nicht neu
und schlägt schon gerechnete Lagen nach (Issue 25, Punkt 5: der feste Aufwand je Aufruf). Beides
hängt nur vom Kampf (Kämpfer, Waffen, Optionen) und den Taktiken ab."""
_VORBEREITET_GRENZE = 32


class _Maschine:
    def __init__(self, kampf: Kampf, rng: np.random.Generator, taktik: Any) -> None:
        self.kampf = kampf
        self.o = kampf.optionen
        self.rng = rng
        self.taktik = [taktik[t.partei] for t in kampf.teilnehmer]
        """Taktik je Kämpfer (die seiner Partei)."""
        schluessel = (kampf, tuple(self.taktik))
        gemerkt = _VORBEREITET.get(schluessel)
        if gemerkt is None:
            if len(_VORBEREITET) >= _VORBEREITET_GRENZE:
                _VORBEREITET.clear()
            feste = _Feste(kampf)
            # Verteidigungswahl je Lage: Schlüssel (a, Waffe, z, Zustände a, Zustände z, bereite Waffen z)
            lagen = feste.n * feste.w * feste.n * 4 * 4 * (1 << feste.w)
            gemerkt = _VORBEREITET[schluessel] = (feste, np.full(lagen, -1, np.int64), np.zeros(lagen, np.int64))
        self.f, self.wahl_art, self.wahl_waffe = gemerkt
        self.kontern = np.array([t.kontern for t in self.taktik])
        self.zielwahl = np.array([t.ziel for t in self.taktik])
        self.zielwahl_arten = sorted(set(self.zielwahl.tolist()))
        """Die Zielwahlen der Taktiken (sortiert, wie ``np.unique`` sie gäbe)."""
        n, w = self.f.n, self.f.w
        self.idx = np.arange(n)
        self.bits = 1 << np.arange(w)
        self.gegner = self.f.seite[:, None] != self.f.seite[None, :]
        self.seiten_matrix = np.eye(len(self.f.seiten), dtype=np.int64)[self.f.seite]
        if len(_MERKER) > _MERKER_GRENZE:
            _MERKER.clear()
        self.merker = _MERKER
        self.grenze = self.o.kampfunfaehig_bei
        self.patzerschwelle = self.o.basis_patzerschwelle
        self.probe_wuerfel = 1 if self.o.probenwurf == "W20" else 2
        """Würfel je Prüfwurf: W20 oder 2W10."""
        probe = [20] if self.probe_wuerfel == 1 else [10, 10]
        self.angriff_seiten = np.array(probe + [6, 6] + probe + [6, 10, 6], np.int64)[:, None]
        """Die Seiten der Würfel eines Angriffs vor den Trefferpunkten, in der Reihenfolge des
        Ziehens (:meth:`_angriff_wuerfel`)."""

    # -- Würfel --------------------------------------------------------------------------
    def _pruefwurf(self, m: int) -> np.ndarray:
        if self.o.probenwurf == "W20":
            return _wuerfel(self.rng, 20, m)
        return _wuerfel(self.rng, 10, m) + _wuerfel(self.rng, 10, m)

    def _w6(self, m: int) -> np.ndarray:
        return _wuerfel(self.rng, 6, m)

    # -- Verteidigungswahl (über die gemeinsame Funktion der Taktik) ---------------------
    def _wahl(self, schluessel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        art = self.wahl_art.take(schluessel)
        fehlt = art < 0
        if np.count_nonzero(fehlt):
            for s in np.unique(schluessel[fehlt]).tolist():
                self._wahl_rechnen(s)
            art = self.wahl_art.take(schluessel)
        return art, self.wahl_waffe.take(schluessel)

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
        # die Tafeln gehören allen Maschinen desselben Kampfs (_VORBEREITET): erst die Waffe, dann
        # die Art – wer die Art schon sieht (≥ 0), liest auch die Waffe richtig
        self.wahl_waffe[s] = vwaffe or 0
        self.wahl_art[s] = ARTEN.index(art)

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
        z.laeuft &= (z.stehend > 0).sum(1) > 1
        while True:
            ff = np.flatnonzero(z.laeuft)
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
        lp = z.lp.take(ff, 0)
        aktiv = lp > self.grenze
        pos = z.pos.take(ff, 0)
        kv, ka = z.konter_v.take(ff), z.konter_a.take(ff)
        kv0 = np.maximum(kv, 0)
        konter = (kv >= 0) & self.kontern.take(kv0)
        if np.count_nonzero(konter):
            konter &= aktiv[np.arange(m), kv0] & (z.status[ff, kv0] == _BEREIT).any(1)
        im_ab = z.ab.take(ff)
        jetzt = np.where(aktiv, pos, _GROSS).min(1)
        if np.count_nonzero(im_ab):
            jetzt = np.where(im_ab, z.ab_tick.take(ff), jetzt)
        # Zeitgrenze (nur ohne Konter): ohne Sieger enden
        vorbei = ~konter & (jetzt > max_runden)
        if np.count_nonzero(vorbei):
            z.tick[ff[vorbei]] = max_runden
            z.laeuft[ff[vorbei]] = False
            weiter = ~vorbei
            z.tick[ff[~konter & weiter]] = jetzt[~konter & weiter]
            z.konter_v[ff] = -1
            ff, lp, aktiv, pos, konter, jetzt, kv0, ka, im_ab = (
                x[weiter] for x in (ff, lp, aktiv, pos, konter, jetzt, kv0, ka, im_ab))
            if not ff.size:
                return
        else:
            z.tick[ff[~konter]] = jetzt[~konter]
            z.konter_v[ff] = -1
        dran_maske = aktiv & (pos == jetzt[:, None])
        if self.o.gleichzeitig:
            im_ab = self._abtausch_beginnen(z, ff, im_ab, konter, dran_maske, jetzt)
        dran = np.where(dran_maske, self.idx, f.n).min(1)
        irgendwo_ab = np.count_nonzero(im_ab) > 0
        if irgendwo_ab:
            dran = np.where(im_ab, np.where(z.ab_offen[ff], self.idx, f.n).min(1), dran)
        wer = np.where(konter, kv0, dran)
        vorher = im_ab & ~konter  # würfelt gegen den Stand vor dem Abtausch
        irgendwo_vorher = bool(irgendwo_ab and np.count_nonzero(vorher) > 0)
        iw = ff * f.n + wer
        status_wer = z.flach.status_zeilen.take(iw, 0)
        if irgendwo_vorher:
            status_wer = np.where(vorher[:, None], z.flach.b_status_zeilen.take(iw, 0), status_wer)
        bereit_wer = status_wer == _BEREIT
        hat = bereit_wer.any(1)
        waffe = bereit_wer.argmax(1)
        # ohne bereite Waffe: warten (eine eigene Aktion: „Position verschlechtert“ endet)
        if not hat.all():
            warten = iw[~hat]
            z.flach.pos[warten] += WARTE_TICKS
            z.flach.verschlechtert[warten] = False
            ff_los, wer_los, waffe_los, konter_los, jetzt_los, ka_los, vorher_los, lp_los = (
                x[hat] for x in (ff, wer, waffe, konter, jetzt, ka, vorher, lp))
        else:
            ff_los, wer_los, waffe_los, konter_los, jetzt_los, ka_los, vorher_los, lp_los = (
                ff, wer, waffe, konter, jetzt, ka, vorher, lp)
        if ff_los.size:
            # die Lebenspunkte haben sich in diesem Schritt noch nicht geändert (lp gilt noch)
            lp_r = lp_los
            if irgendwo_vorher:
                lp_r = np.where(vorher_los[:, None], z.b_lp.take(ff_los, 0), lp_r)
            ziel = np.where(konter_los, ka_los,
                            self._ziel(ff_los.size, wer_los, lp_r > self.grenze, lp_r))
            self._angriff(z, ff_los, wer_los, waffe_los, ziel, konter_los, jetzt_los, vorher_los,
                          irgendwo_vorher)
        if irgendwo_vorher:
            self._abtausch_weiter(z, ff[vorher], wer[vorher])

    def _abtausch_beginnen(
        self, z: _Zustand, ff: np.ndarray, im_ab: np.ndarray, konter: np.ndarray,
        dran_maske: np.ndarray, jetzt: np.ndarray,
    ) -> np.ndarray:
        """Ein Abtausch beginnt, wo mehrere bei diesem Tick dran sind und keiner kontert: der
        Stand vor ihm wird festgehalten."""
        neu = ~konter & ~im_ab & (dran_maske.sum(1) >= 2)
        if not np.count_nonzero(neu):
            return im_ab
        g = ff[neu]
        z.ab[g], z.ab_tick[g], z.ab_offen[g] = True, jetzt[neu], dran_maske[neu]
        z.b_lp[g], z.b_pos[g] = z.lp.take(g, 0), z.pos.take(g, 0)
        z.b_vers[g], z.b_sturz[g] = z.verschlechtert.take(g, 0), z.sturz.take(g, 0)
        z.b_status[g], z.b_stab[g] = z.status.take(g, 0), z.stab.take(g, 0)
        z.neu_sturz[g] = False
        return im_ab | neu

    def _abtausch_weiter(self, z: _Zustand, g: np.ndarray, wer: np.ndarray) -> None:
        """``wer`` hat im Abtausch gehandelt; ist keiner mehr offen, endet er – erst dann zählt,
        ob noch mehr als eine Partei steht."""
        z.flach.ab_offen[g * self.f.n + wer] = False
        fertig = ~z.ab_offen.take(g, 0).any(1)
        if np.count_nonzero(fertig):
            h = g[fertig]
            z.ab[h] = False
            z.laeuft[h] = (z.stehend[h] > 0).sum(1) > 1

    def _ziel(self, m: int, a: np.ndarray, aktiv: np.ndarray, lp: np.ndarray) -> np.ndarray:
        """Das Ziel nach ``taktik.ziel`` der Partei des Angreifers unter den kampffähigen Gegnern
        (Gleichstand: Bogenreihenfolge)."""
        n = self.f.n
        gegner = aktiv & self.gegner[a]
        einzige = len(self.zielwahl_arten) == 1
        wahlen = None if einzige else self.zielwahl[a]
        ziel = np.zeros(m, np.int64)
        for wahl in self.zielwahl_arten:
            hier = None if einzige else wahlen == wahl
            if hier is not None and not np.count_nonzero(hier):
                continue  # kein Angreifer mit dieser Wahl (für „zufall“: dann kein Zug aus rng)
            if wahl == "zufall":
                anzahl = gegner.sum(1)
                nummer = (self.rng.random(m) * anzahl).astype(np.int64)
                wer = ((np.cumsum(gegner, 1) == (nummer + 1)[:, None]) & gegner).argmax(1)
            else:
                wert = lp if wahl == "schwaechster" else -lp if wahl == "staerkster" else np.zeros_like(lp)
                wer = np.where(gegner, wert * n + self.idx, _GROSS).argmin(1)
            ziel = wer if hier is None else np.where(hier, wer, ziel)
        return ziel

    def _angriff_wuerfel(self, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Alle Zufallszahlen eines Angriffs vor den Patzern mit **einem** Aufruf von
        ``rng.random``: numpy zieht sie der Reihe nach, ``random(a + b)`` gibt dieselben Zahlen wie
        ``random(a)`` und dann ``random(b)`` – gleiche Saat, gleiche Würfel wie einzeln gezogen, nur
        ohne den Aufwand je Aufruf. Die Reihenfolge: Prüfwurf des Angriffs, Krit-W6, Bonus-W6,
        Prüfwurf der Verteidigung, Krit-W6, W10 fürs Ausweichen, Bonus-W6 (:attr:`angriff_seiten`,
        gibt die Augen als Zeilen), dann die Trefferpunkte (m, D) als Zufallszahlen (ihre Seiten
        hängen vom Treffer ab), dann die zwei W6 der Trefferzone."""
        vor = len(self.angriff_seiten)
        d = self.f.wuerfel_seiten.shape[2]
        zufall = self.rng.random(m * (vor + d + 2))
        augen = _augen(zufall[:vor * m].reshape(vor, m), self.angriff_seiten)
        tp = zufall[vor * m:(vor + d) * m].reshape(m, d)
        zone = _augen(zufall[(vor + d) * m:].reshape(2, m), 6)
        return augen, tp, zone

    def _angriff(
        self, z: _Zustand, ff: np.ndarray, a: np.ndarray, wi: np.ndarray, t: np.ndarray,
        konter: np.ndarray, jetzt: np.ndarray, vorher: np.ndarray, irgendwo_vorher: bool = True,
    ) -> None:
        """Ein Angriff je Kampf. Gewürfelt und ausgewertet wird gegen den Stand vor dem
        Abtausch, wo ``vorher`` (sonst gegen den jetzigen; ``irgendwo_vorher``: ob ``vorher``
        irgendwo gilt); geschrieben wird als Änderung auf den jetzigen Stand (Zeit und Stabilität
        als Unterschied, Schaden addiert)."""
        f, o, m, fl = self.f, self.o, ff.size, z.flach
        ia, it = ff * f.n + a, ff * f.n + t  # flacher Index (Kampf, Kämpfer), siehe _Flach
        aw = a * f.w + wi  # flacher Index (Kämpfer, Waffe) in die festen Werte
        iaw = ia * f.w + wi  # flacher Index (Kampf, Kämpfer, Waffe)
        vorher_zeilen = vorher[:, None]

        def lesen(jetzt_feld: np.ndarray, vorher_feld: np.ndarray, i: np.ndarray) -> np.ndarray:
            if not irgendwo_vorher:  # kein Abtausch hier: nur der jetzige Stand
                return jetzt_feld.take(i, 0)
            return np.where(vorher if jetzt_feld.ndim == 1 else vorher_zeilen,
                            vorher_feld.take(i, 0), jetzt_feld.take(i, 0))

        pos_a, pos_t = lesen(fl.pos, fl.b_pos, ia), lesen(fl.pos, fl.b_pos, it)
        vers_a, vers_t = lesen(fl.verschlechtert, fl.b_vers, ia), lesen(fl.verschlechtert, fl.b_vers, it)
        sturz_a, sturz_t = lesen(fl.sturz, fl.b_sturz, ia), lesen(fl.sturz, fl.b_sturz, it)
        status_t = lesen(fl.status_zeilen, fl.b_status_zeilen, it)
        # Verteidigungswahl: die beste der Taktik, wenn das Ziel reagieren darf, sonst passiv
        bereit_t = (status_t == _BEREIT) @ self.bits
        lage = (((((aw * f.n + t) * 4 + vers_a + 2 * sturz_a) * 4 + vers_t + 2 * sturz_t) << f.w)
                + bereit_t)
        art, vw = self._wahl(lage)
        geschwindigkeit = f.geschwindigkeit_flach.take(aw)
        ende = pos_a + geschwindigkeit
        darf = ~selbst_dran(pos_t, jetzt) & ~nach_dem_fenster(pos_t, ende, o.reaktion_nur_im_fenster)
        art = np.where(darf, art, _PASSIV)
        vw = np.where(darf, vw, 0)
        passiv = art == _PASSIV
        probe_v = art >= _PARADE
        tv = t * f.w + vw  # (Kämpfer, Waffe) des Ziels
        itv = it * f.w + vw
        tav = (t * 4 + art) * f.w + vw  # (Kämpfer, Art, Waffe) des Ziels
        waffenlos_t = f.waffenlos_flach.take(tv)
        augen, tp_zufall, (erster, zweiter) = self._angriff_wuerfel(m)
        p = self.probe_wuerfel
        # die Prüfwürfe: Zeile 0 und 3 (W20) bzw. 0 + 1 und 4 + 5 (2W10), siehe angriff_seiten
        a_wurf, v_wurf = (augen[0], augen[3]) if p == 1 else (augen[0] + augen[1], augen[4] + augen[5])
        # Angriffsprobe (Konter: erschwert), kritischer Effekt samt W6-Bonus
        angriffswert = f.angriff_flach.take(aw)
        if np.count_nonzero(konter):
            angriffswert = angriffswert - np.where(konter, f.konter_erschwernis.take(a), 0)
        ap = bewerte_probe(angriffswert, a_wurf, kritschwelle=o.kritschwelle,
                           patzerschwelle=self.patzerschwelle + 5 * sturz_a, optionen=o)
        patzer, kritisch = ap.patzer, ap.kritisch
        effekt = np.where(kritisch, effekt_auswerten(augen[p], 3), 0)
        angriff = ap.gesamt + np.where(effekt == ANGRIFF_EFFEKT["bonus_w6"], augen[p + 1], 0)
        # Verteidigung: passiv fest, Ausweichen + W10, Parade/Blocken als Probe
        vwert = f.verteidigung_flach.take(tav)
        vp = bewerte_probe(vwert, v_wurf, kritschwelle=o.kritschwelle,
                           patzerschwelle=self.patzerschwelle + 5 * sturz_t, optionen=o)
        v_patzer, v_krit = probe_v & vp.patzer, probe_v & vp.kritisch
        v_effekt = np.where(v_krit, effekt_auswerten(augen[2 * p + 2], 2), 0)
        vges = np.where(art == _AUSWEICHEN, vwert + augen[2 * p + 3],
                        np.where(probe_v, vp.gesamt, vwert))
        vges = vges + np.where(v_effekt == VERTEIDIGUNG_EFFEKT["bonus_w6"], augen[2 * p + 4], 0)
        vges = halbiert(vges, vers_t)
        treffer = treffer_auswerten(patzer, kritisch, passiv, angriff, vges,
                                    kritisch_trifft_immer=o.kritisch_trifft_immer)
        # Zeit
        a_pos = pos_a + angriff_ticks_auswerten(geschwindigkeit, effekt, v_effekt, o.mindest_ticks)
        r_ticks = reaktions_ticks_auswerten(f.reaktion_flach.take(tav), v_effekt, passiv, o.mindest_ticks)
        t_pos = np.where(passiv, pos_t, reaktions_position(pos_t, pos_a, r_ticks))
        # eine eigene Aktion beendet „Position verschlechtert“, ein Konter nicht
        vers_a = fl.verschlechtert.take(ia) & konter
        vers_t = fl.verschlechtert.take(it)
        # Schaden
        folgen = abwehr_mit_folgen(treffer, patzer, probe_v, art == _BLOCKEN, waffenlos_t)
        seiten = f.wuerfel_seiten_zeilen.take(aw, 0) * (treffer | folgen)[:, None]
        tp = _augen(tp_zufall, seiten)
        spalten = list(tp.T)
        konst = f.konstante_flach.take(aw)
        tp_summe = (tp * f.wuerfel_zeichen_zeilen.take(aw, 0)).sum(1) + konst
        zone, empf = zonen_nummer(erster, zweiter)
        zone = np.where(v_effekt == VERTEIDIGUNG_EFFEKT["bestgeschuetzt"], f.bestgeschuetzt.take(t), zone)
        ignoriert = (effekt == ANGRIFF_EFFEKT["schicht_ignorieren"]).astype(np.int64)
        rs = f.ruestung_flach.take((t * len(ZONEN) + zone) * 2 + ignoriert)
        sp = treffer_schadenspunkte(spalten, rs, konstante=konst, empfindlich=empf, effekt=effekt,
                                    verteidigung_effekt=v_effekt, vor_ruestung=o.empfindlich_vor_ruestung)
        minus = np.where(treffer, sp, 0)
        waffenlos = folgen & waffenlos_t
        if np.count_nonzero(waffenlos):
            rs_arm = f.ruestung[t, f.arm, 0]
            arm = np.where(art == _PARADE,
                           waffenlose_parade_schadenspunkte(spalten, rs_arm, konstante=konst,
                                                            je_wuerfel=o.waffenlose_parade_je_wuerfel),
                           schadenspunkte(spalten, rs_arm, konstante=konst))
            minus = np.where(waffenlos, arm, minus)
        # vor dem Angriff (Bruchtest, Block); der Bruchtest, der hält, lässt den Status von vorher
        status_a0, status_t0 = fl.status.take(iaw), fl.status.take(itv)
        stab_a, stab_t = lesen(fl.stab, fl.b_stab, iaw), lesen(fl.stab, fl.b_stab, itv)
        geblockt = folgen & ~waffenlos_t
        if np.count_nonzero(geblockt):
            g, tt, vv = itv[geblockt], t[geblockt], vw[geblockt]
            folge = f.block[tt, vv, np.maximum(tp_summe[geblockt], 0), stab_t[geblockt]]
            fl.status[g] = np.where(folge == _ENTWAFFNET, _VERLOREN,
                                    np.where(folge == _BRICHT, _GEBROCHEN, fl.status[g]))
            fl.stab[g] -= folge == _BESCHAEDIGT
        # Sturzschwelle: mit der eigenen Probe verbraucht (nicht, wenn sie erst im Abtausch
        # entstand), neu durch kritischen Effekt 4
        neu_sturz = treffer & (effekt == ANGRIFF_EFFEKT["sturz_schwelle"])
        if irgendwo_vorher:
            neu_a, neu_t = vorher & fl.neu_sturz.take(ia), vorher & fl.neu_sturz.take(it)
            sturz_a = fl.sturz.take(ia) & ~(sturz_a & ~neu_a)
            sturz_t = (fl.sturz.take(it) & ~(probe_v & sturz_t & ~neu_t)) | neu_sturz
        else:  # ohne Abtausch: gelesen ist der jetzige Stand, nichts ist „neu im Abtausch“
            sturz_a = np.zeros_like(sturz_a)  # der Angreifer hat geprobt: verbraucht
            sturz_t = (sturz_t & ~probe_v) | neu_sturz
        if np.count_nonzero(neu_sturz):
            fl.neu_sturz[it] |= z.ab.take(ff) & neu_sturz
        # Patzer des Angreifers und der Parade/des Blocks
        a_pos, vers_a = self._patzer(z, iaw, aw, stab_a, status_a0, patzer, ap.natuerlich, a_pos, vers_a)
        t_pos, vers_t = self._patzer(z, itv, tv, stab_t, status_t0, v_patzer, vp.natuerlich, t_pos, vers_t)
        # Konter
        neu = ~konter & konter_vorsprung_erreicht(passiv, treffer, patzer, vges, angriff,
                                                  vorsprung=o.konter_vorsprung)
        neu &= konter_zeit_erlaubt(t_pos, a_pos, f.konter_zeit.take(t))
        z.konter_v[ff] = np.where(neu, t, -1)
        z.konter_a[ff] = np.where(neu, a, -1)
        # Zustand schreiben (Zeit als Unterschied zum gelesenen Stand)
        fl.pos[ia], fl.pos[it] = fl.pos.take(ia) + (a_pos - pos_a), fl.pos.take(it) + (t_pos - pos_t)
        fl.verschlechtert[ia], fl.verschlechtert[it] = vers_a, vers_t
        fl.sturz[ia], fl.sturz[it] = sturz_a, sturz_t
        lp_vorher = fl.lp.take(it)
        lp_nachher = lp_vorher - minus
        fl.lp[it] = lp_nachher
        faellt = (lp_vorher > self.grenze) & (lp_nachher <= self.grenze)
        if np.count_nonzero(faellt):
            z.stehend[ff[faellt], f.seite[t[faellt]]] -= 1
            g = ff[faellt]
            z.laeuft[g] = ((z.stehend[g] > 0).sum(1) > 1) | z.ab[g]

    def _patzer(
        self, z: _Zustand, iw: np.ndarray, kw: np.ndarray, stab_vorher: np.ndarray, status_vorher: np.ndarray,
        patzer: np.ndarray, natuerlich: np.ndarray, pos: np.ndarray, verschlechtert: np.ndarray,
    ) -> tuple[np.ndarray, np.ndarray]:
        """Folgen der Patzer (Tabelle „Patzer“) für die Waffe ``iw`` (flacher Index Kampf,
        Kämpfer, Waffe; ``kw``: Kämpfer, Waffe in die festen Werte): Waffe verloren, Bruchtest,
        Position verschlechtert, Stolpern; Sturz und Blendung wirken nicht. Ein Patzer nur durch
        die Sturzschwelle ist ein Sturz ohne W6."""
        if not np.count_nonzero(patzer):
            return pos, verschlechtert
        f = self.f
        fl = z.flach
        m = iw.size
        folge = np.where(patzer & ~nur_sturz(natuerlich, self.patzerschwelle, self.o.sturz_mit_patzertabelle),
                         self._w6(m), 0)
        s = folge == _PATZER["waffe_verloren"]
        fl.status[iw[s]] = _VERLOREN
        s = folge == _PATZER["bruchtest"]
        if np.count_nonzero(s):
            g, i = iw[s], kw[s]
            wurf = ((_wuerfel(self.rng, f.wuerfel_seiten_zeilen.take(i, 0)) * f.wuerfel_zeichen_zeilen.take(i, 0)).sum(1)
                    + f.konstante_flach.take(i))
            stab, gebrochen = bruchtest_auswerten(wurf, stab_vorher[s])
            fl.stab[g] += stab - stab_vorher[s]
            fl.status[g] = np.where(gebrochen, _GEBROCHEN, status_vorher[s])
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
