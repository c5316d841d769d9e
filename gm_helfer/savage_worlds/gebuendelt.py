"""Gebündelte Simulation: viele Savage-Worlds-Kämpfe auf einmal, als Felder (Kämpfe × Kämpfer).

Der zweite Treiber aus DESIGN.md („Simulation: one rule, two drivers“). Er spielt dieselbe
Standardtaktik wie der Ereignispfad in :mod:`gm_helfer.savage_worlds.simulation` (dort
beschrieben) – aber für alle Kämpfe gleichzeitig: der Zustand liegt in numpy-Feldern
(Wunden, Angeschlagen, Außer Gefecht, tot, blutet, Bennies je Kampf und Kämpfer; Ziehstapel,
Ablage und Handkarte je Kampf), gewürfelt wird mit **einem** ``numpy.random.Generator``.

Keine Regel ist hier ein zweites Mal geschrieben; ausgewertet wird mit den Funktionen des
Live-Kampfs, die auch Felder nehmen:

- Proben: :func:`~gm_helfer.savage_worlds.proben.probe_auswerten` (Wildcard-Würfel,
  kritischer Fehlschlag, Steigerungen),
- Schaden: :func:`~gm_helfer.savage_worlds.schaden.schaden_auswerten`,
  :func:`~gm_helfer.savage_worlds.schaden.wunden_auswerten`,
  :func:`~gm_helfer.savage_worlds.schaden.wegstecken_auswerten`,
  :func:`~gm_helfer.savage_worlds.schaden.ausser_gefecht_auswerten`,
  :func:`~gm_helfer.savage_worlds.schaden.ausbluten_auswerten`,
  :func:`~gm_helfer.savage_worlds.schaden.erholung_auswerten`,
  :func:`~gm_helfer.savage_worlds.schaden.wundabzug`,
- Karten: :func:`~gm_helfer.savage_worlds.initiative.schnell_wert_zieht_neu`, Kühler Kopf
  aus :func:`gm_helfer.savage_worlds.kampf._talentstufe`.

Was je Kämpfer fest ist, kommt einmal aus dem Startzustand des Live-Kampfs: Mindestwurf,
Würfelzahl und Modifikatoren des Angriffs je Angreifer und Ziel aus
:func:`~gm_helfer.savage_worlds.kampf.angriffs_werte` (ohne Wunden und Joker, die sich im
Kampf ändern), der Schadensausdruck aus :func:`~gm_helfer.savage_worlds.schaden.schadensausdruck`,
wer wessen Karte bekommt aus :meth:`Kampfzustand.empfaenger`, ob der Joker für einen Kämpfer
gilt aus den Regeln von :meth:`Kampfzustand.joker_bonus` (verbündete Statisten nur mit der
Option ``joker_fuer_verbuendete``).

Zu verzweigt für Felder ist nur die Reihenfolge innerhalb eines Kampfes (wer nach wem
handelt); sie steckt in den Schleifen über Kartenplätze und Gruppenmitglieder – jeder
Schritt gilt für alle Kämpfe zugleich, in denen er gerade ansteht. Die Verletzungstabelle
wird nicht gewürfelt: sie ändert am Ausgang nichts (der Ereignispfad würfelt sie fürs
Protokoll).

Karten: jede Karte wird gleichverteilt aus dem Ziehstapel des Kampfes gezogen (wie im
Ereignispfad, :meth:`gm_helfer.karten.Stapel.ziehen_zufaellig`); leerer Ziehstapel → die
Ablage wird zum Ziehstapel; nach einem Joker wird zu Beginn der nächsten Runde das ganze Blatt
neu gemischt. Beide Joker sind gleich hoch; dann gilt die Reihenfolge des Austeilens.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from gm_helfer import wuerfel
from gm_helfer.felder import explodierend, flache_sicht
from gm_helfer.karten import JOKER, blatt
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.daten import JOKER_BONUS
from gm_helfer.savage_worlds.initiative import schnell_wert_zieht_neu
from gm_helfer.savage_worlds.proben import WILDCARD_WUERFEL, probe_auswerten
from gm_helfer.savage_worlds.schaden import (
    MAX_WUNDEN,
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    erholung_auswerten,
    schaden_auswerten,
    schadensausdruck,
    wegstecken_auswerten,
    wundabzug,
    wunden_auswerten,
)
from gm_helfer.simulation import Feldausgang, in_bloecken

__all__ = ["Ergebnis", "spielen", "spielen_ab"]

MAX_WEGSTECKEN_VERSUCHE = 2
"""Erste Wegstecken-Probe plus eine Wiederholung mit einem weiteren Benny (Standardtaktik 5)."""

BLOCK = 25000
"""So viele Kämpfe rechnet die Maschine auf einmal (danach meldet sie den Fortschritt)."""

_KARTENWERT = np.array([k_.wert for k_ in blatt()])
"""Wert je Karte des Blatts (Reihenfolge von :func:`gm_helfer.karten.blatt`: Joker, dann Ass♠
abwärts – kleinerer Index heißt früher an der Reihe)."""
_KARTEN_INDEX = {c: i for i, c in enumerate(blatt())}
_RANG = np.where(_KARTENWERT == JOKER, 0, np.arange(len(_KARTENWERT)))
"""Sortierschlüssel des Herunterzählens (beide Joker gleich hoch)."""
_JOKER_JE_KARTE = np.append(np.where(_KARTENWERT == JOKER, JOKER_BONUS, 0), 0)
"""Jokerbonus je Kartenindex; der Index −1 (keine Karte) trifft die angehängte 0."""


ZIELE = ("schwaechster", "staerkster", "zufall", "erster")
"""Die Zielwahl der Taktik (Schlüssel von :data:`gm_helfer.simulation.ZIELWAHL`) als Index."""
WEGSTECKEN = ("immer", "ausser_gefecht", "nie")
ERHOLUNG = ("nie", "sofort", "nach_fehlschlag")


def standard_waffe(kf: k.Kaempfer) -> str:
    """Standardtaktik 4: die erste Waffe des Bogens, ohne Waffe waffenlos."""
    return kf.waffen[0].name if kf.waffen else "Waffenlos"


@dataclass(frozen=True)
class _Feste:
    """Was sich im Kampf nicht ändert, je Kämpfer (N), Kartenempfänger (R) oder Paar (N × N)."""

    namen: tuple[str, ...]
    seiten: tuple[str, ...]
    seite: np.ndarray
    wildcard: np.ndarray
    robustheit: np.ndarray
    empfaenger: np.ndarray
    """Index des Kartenempfängers je Kämpfer."""
    joker_gilt: np.ndarray
    mitglieder: np.ndarray
    """(R, M): Kämpfer je Empfänger in Bogenreihenfolge, −1 aufgefüllt."""
    anzahl_mitglieder: np.ndarray
    kuehler_kopf: tuple[int, ...]
    schnell: tuple[bool, ...]
    angriff_seiten: np.ndarray
    angriff_bonus: np.ndarray
    angriff_anzahl: np.ndarray
    angriff_mod: np.ndarray
    """(N, N) feste Modifikatoren des Angriffs (ohne Wunden und Joker)."""
    mindestwurf: np.ndarray
    """(N, N) Mindestwurf des Angriffs von i auf j."""
    schaden_seiten: np.ndarray
    """(N, D) Würfel des Schadensausdrucks (0 = keiner), ``schaden_zeichen`` ihr Vorzeichen."""
    schaden_zeichen: np.ndarray
    schaden_konstante: np.ndarray
    konstitution: tuple[np.ndarray, np.ndarray]
    willenskraft: tuple[np.ndarray, np.ndarray]
    bennies: np.ndarray
    wunden: np.ndarray


def _angriffe(start: k.Kampfzustand) -> dict[str, Any]:
    """Angriffswerte je Paar (Modifikator ohne Wunden und Joker, Mindestwurf) und je Angreifer
    (Eigenschaft, Anzahl der Würfel, Schadensausdruck) – aus den Werten des Ereignispfads."""
    kf = start.kaempfer
    n = len(kf)
    mod = np.zeros((n, n), dtype=np.int64)
    mw = np.full((n, n), 4, dtype=np.int64)
    seiten_a, bonus_a, anzahl_a = [], [], []
    schaden: list[list[tuple[int, int]]] = []
    konstante = []
    for i, a in enumerate(kf):
        waffe = standard_waffe(a)
        for j, z in enumerate(kf):
            if i == j:
                continue
            werte = k.angriffs_werte(start, a.name, z.name, waffe)
            fest = dict(werte["modifikatoren"])
            mod[i, j] = werte["modifikator"] - fest.get("Wunden", 0) - fest.get("Joker", 0)
            mw[i, j] = werte["mindestwurf"]
        werte = k.angriffs_werte(start, a.name, kf[(i + 1) % n].name, waffe)
        seiten_a.append(werte["eigenschaft"].seiten)
        bonus_a.append(werte["eigenschaft"].bonus)
        anzahl_a.append(werte["anzahl"])
        ausdruck = wuerfel.parse(schadensausdruck(a.waffe(waffe).schaden, a.attribut("staerke")))
        schaden.append([(g.seiten, g.vorzeichen) for g, _ in ausdruck.einzelwuerfel()])
        konstante.append(ausdruck.konstante)
    d = max(len(s) for s in schaden)
    return {
        "angriff_seiten": np.array(seiten_a),
        "angriff_bonus": np.array(bonus_a),
        "angriff_anzahl": np.array(anzahl_a),
        "angriff_mod": mod,
        "mindestwurf": mw,
        "schaden_seiten": np.array([[s for s, _ in z] + [0] * (d - len(z)) for z in schaden]),
        "schaden_zeichen": np.array([[v for _, v in z] + [0] * (d - len(z)) for z in schaden]),
        "schaden_konstante": np.array(konstante),
    }


def _attribut(kf: tuple[k.Kaempfer, ...], name: str) -> tuple[np.ndarray, np.ndarray]:
    return np.array([x.attribut(name).seiten for x in kf]), np.array([x.attribut(name).bonus for x in kf])


def _joker_gilt(start: k.Kampfzustand) -> np.ndarray:
    opt = start.optionen
    return np.array([
        not (x.verbuendet_mit and not x.wildcard and not start.grosse_gruppen and not opt.joker_fuer_verbuendete)
        for x in start.kaempfer
    ])


def _ohne_veraenderliches(x: k.Kaempfer) -> k.Kaempfer:
    """Der Kämpfer ohne die Felder, die sich im Kampf ändern – der Schlüssel des Zwischenspeichers."""
    return replace(x, wunden=0, bennies=0, angeschlagen=False, ausser_gefecht=False, ag_probe_offen=False,
                   ag_ergebnis="", blutet=False, tot=False)

_FESTE_SPEICHER: dict[Any, _Feste] = {}


def _feste(start: k.Kampfzustand) -> _Feste:
    """Die festen Werte eines Startzustands – gemerkt je Kämpfer ohne ihre veränderlichen Felder,
    Optionen und großen Gruppen (Issue 25, Punkt 5: die festen Kosten eines Aufrufs). Wunden und
    Bennies des Zustands stehen in ``wunden``/``bennies``; die Angriffswerte zählen ohne Wunden."""
    schluessel = (tuple(_ohne_veraenderliches(x) for x in start.kaempfer), start.optionen, start.grosse_gruppen)
    gemerkt = _FESTE_SPEICHER.get(schluessel)
    if gemerkt is None:
        if len(_FESTE_SPEICHER) > 64:
            _FESTE_SPEICHER.clear()
        gemerkt = _FESTE_SPEICHER[schluessel] = _feste_rechnen(start)
    return replace(gemerkt, bennies=np.array([x.bennies for x in start.kaempfer]),
                   wunden=np.array([x.wunden for x in start.kaempfer]))


def _feste_rechnen(start: k.Kampfzustand) -> _Feste:
    kf = start.kaempfer
    seiten = tuple(dict.fromkeys(x.seite for x in kf))
    empf = tuple(start.alle_empfaenger())
    mitglieder = [[i for i, x in enumerate(kf) if start.empfaenger(x) == e] for e in empf]
    m = max(len(g) for g in mitglieder)
    talente = [k._talentstufe(start.mitglieder(e)) for e in empf]
    return _Feste(
        namen=tuple(x.name for x in kf),
        seiten=seiten,
        seite=np.array([seiten.index(x.seite) for x in kf]),
        wildcard=np.array([x.wildcard for x in kf]),
        robustheit=np.array([x.robustheit for x in kf]),
        empfaenger=np.array([empf.index(start.empfaenger(x)) for x in kf]),
        joker_gilt=_joker_gilt(start),
        mitglieder=np.array([g + [-1] * (m - len(g)) for g in mitglieder]),
        anzahl_mitglieder=np.array([len(g) for g in mitglieder]),
        kuehler_kopf=tuple(t[0] for t in talente),
        schnell=tuple(t[1] for t in talente),
        konstitution=_attribut(kf, "konstitution"),
        willenskraft=_attribut(kf, "willenskraft"),
        bennies=np.array([x.bennies for x in kf]),
        wunden=np.array([x.wunden for x in kf]),
        **_angriffe(start),
    )


class _Flach:
    """Flache Sichten (F · N,) auf die Felder (F, N) eines :class:`_Zustand` – dieselben Daten:
    ``flach.wunden[kampf * N + i]`` ist ``wunden[kampf, i]``. numpy liest und schreibt über einen
    flachen Index etwa fünfmal schneller als über ein Paar (Kämpfe, Kämpfer); deshalb werden die
    Felder des Zustands nur an Ort und Stelle geändert, nie ersetzt."""

    __slots__ = ("angeschlagen", "aus", "bennies", "blutet", "joker", "nur_frei", "tot", "wunden")
    angeschlagen: np.ndarray
    aus: np.ndarray
    bennies: np.ndarray
    blutet: np.ndarray
    joker: np.ndarray
    nur_frei: np.ndarray
    tot: np.ndarray
    wunden: np.ndarray

    def __init__(self, z: _Zustand) -> None:
        for name in self.__slots__:
            setattr(self, name, flache_sicht(getattr(z, name), name))


@dataclass
class _Zustand:
    """Der veränderliche Zustand eines Blocks von F Kämpfen (nur innerhalb dieses Moduls).

    Die Felder (F, N) werden nur an Ort und Stelle geändert: :attr:`flach` sieht auf dieselben Daten."""

    wunden: np.ndarray
    angeschlagen: np.ndarray
    aus: np.ndarray
    tot: np.ndarray
    blutet: np.ndarray
    bennies: np.ndarray
    nur_frei: np.ndarray
    reihe: np.ndarray
    """(F, 54): der Ziehstapel in zufälliger Reihenfolge (gültig ab ``oben`` bis ``ende``)."""
    oben: np.ndarray
    ende: np.ndarray
    ablage: np.ndarray
    hand: np.ndarray
    joker_gezogen: np.ndarray
    runde: np.ndarray
    laeuft: np.ndarray
    stehend: np.ndarray
    """(F, Seiten): Zahl der Kampffähigen je Seite."""
    joker: np.ndarray
    """(F, N): Jokerbonus je Kämpfer in dieser Runde (aus der Karte seines Empfängers)."""
    flach: _Flach = field(init=False)

    def __post_init__(self) -> None:
        self.flach = _Flach(self)


@dataclass(frozen=True)
class Ergebnis(Feldausgang):
    """Ausgang aller Kämpfe eines Laufs (:class:`gm_helfer.simulation.Feldausgang`) samt Bennies."""

    bennies_ausgegeben: np.ndarray
    """(F, N): ausgegebene Bennies (Wegstecken und gegen Angeschlagen)."""

    def verbrauch(self) -> dict[str, float]:
        """Ausgegebene Bennies je Wildcard mit Bennies, im Mittel je Kampf."""
        mittel = self.bennies_ausgegeben.mean(0)
        return {f"Bennies ({n})": float(m) for n, m in zip(self.namen, mittel) if m > 0}


def _probe(
    rng: np.random.Generator, seiten: np.ndarray, bonus: np.ndarray, wild_seiten: np.ndarray,
    modifikator: Any, mindestwurf: Any = 4, *, anzahl: int = 1, kritisch_alle: bool = False,
) -> tuple[Any, ...]:
    """Würfelt eine Probe je Eintrag (Eigenschaftswürfel explodierend, Wildcard-Würfel mit
    ``wild_seiten`` Seiten: 6 für Wildcards, 0 – keiner – für Statisten) und wertet sie mit
    :func:`probe_auswerten` aus."""
    eigen = [explodierend(rng, seiten) for _ in range(anzahl)]
    wild = explodierend(rng, wild_seiten)
    return probe_auswerten(eigen, wild, bonus=bonus, modifikator=modifikator, mindestwurf=mindestwurf,
                           kritisch_alle=kritisch_alle)


_WILDCARD_SEITEN = np.full(BLOCK, WILDCARD_WUERFEL)
_WILDCARD_SEITEN.flags.writeable = False


def _wildcard_wuerfel(anzahl: int) -> np.ndarray:
    """Seiten der Wildcard-Würfel für ``anzahl`` Proben von Wildcards (nur zum Lesen: meist ein
    Ausschnitt eines festen Felds statt eines neuen)."""
    return _WILDCARD_SEITEN[:anzahl] if anzahl <= BLOCK else np.full(anzahl, WILDCARD_WUERFEL)


def _irgendein(maske: np.ndarray) -> bool:
    """Ob ein Eintrag wahr ist – wie ``maske.any()``, aber ``count_nonzero`` kostet numpy auf
    kleinen Feldern ein Viertel (die Maschine fragt das einige tausend Mal je Aufruf)."""
    return bool(np.count_nonzero(maske))


def _waehlen(maske: np.ndarray, *felder: np.ndarray) -> tuple[np.ndarray, ...] | None:
    """Die Einträge der ``felder``, wo ``maske`` wahr ist: ``None``, wenn nirgends; die Felder
    selbst (ohne Kopie), wenn überall – am Ende eines Laufs, wenn nur noch wenige Kämpfe laufen,
    ist das der häufige Fall. Wer das Ergebnis bekommt, ändert die Felder also nicht."""
    anzahl = np.count_nonzero(maske)
    if anzahl == maske.size:
        return felder
    if not anzahl:
        return None
    return tuple(x[maske] for x in felder)


class _Maschine:
    def __init__(self, start: k.Kampfzustand, rng: np.random.Generator, taktik: Mapping[str, Any] | None = None) -> None:
        self.f = f = _feste(start)
        self.empfaenger_namen = tuple(start.alle_empfaenger())
        self.opt = start.optionen
        self.kritisch_alle = self.opt.kritischer_fehlschlag_alle_wuerfel
        self.rng = rng
        self.n = n = len(f.namen)
        self.seiten_matrix = np.eye(len(f.seiten), dtype=np.int64)[f.seite]
        self.gegner = f.seite[:, None] != f.seite[None, :]
        # Taktik je Kämpfer (die seiner Seite), als Index in ZIELE, WEGSTECKEN, ERHOLUNG
        je_seite = [(taktik or {}).get(s) for s in f.seiten]

        def index(feld: str, wahl: tuple[str, ...]) -> np.ndarray:
            return np.array([wahl.index(getattr(je_seite[i], feld)) if je_seite[i] is not None else 0 for i in f.seite])

        self.ziel_modus = index("ziel", ZIELE)
        self.wegstecken_modus = index("wegstecken", WEGSTECKEN)
        self.erholung_modus = index("erholung", ERHOLUNG)
        # abgeleitet, einmal je Maschine: weniger numpy-Aufrufe je Zug, Angriff und Schaden.
        # Zielwert von i auf j: (verletzt · Faktor + Versatz) · N + Bogenreihenfolge, als
        # verletzt · ziel_gewicht[i] + ziel_grund[i, j]
        faktor = np.select([self.ziel_modus == 0, self.ziel_modus == 1], [1, -1], 0)[:, None]
        versatz = np.where(self.ziel_modus == 1, 2 * MAX_WUNDEN + 2, 0)[:, None]
        self.ziel_gewicht = faktor * n
        self.ziel_grund = versatz * n + (n - 1 - np.arange(n))
        # alle mit derselben Zielwahl (etwa die Standardtaktik): Gewicht als Zahl, Grund als eine Zeile
        self.ziel_einheitlich = ((int(self.ziel_gewicht[0, 0]), self.ziel_grund[0])
                                 if (self.ziel_modus == self.ziel_modus[0]).all() else None)
        self.ziel_zufall = self.ziel_modus == ZIELE.index("zufall")
        self.hat_zufall = bool(self.ziel_zufall.any())
        self.joker_gilt = f.joker_gilt.astype(np.int64)
        self.anzahlen = np.unique(f.angriff_anzahl)
        self.angriff_mod = f.angriff_mod.reshape(-1)
        self.mindestwurf = f.mindestwurf.reshape(-1)
        """(N · N,) flach: Eintrag ``i * N + j`` ist der Angriff von i auf j."""
        self.wild_seiten = f.wildcard * WILDCARD_WUERFEL
        self.schaden_mit_minus = bool((f.schaden_zeichen < 0).any())
        self.schaden_mit_konstante = bool(f.schaden_konstante.any())
        self.schaden_einsen = np.ones(f.schaden_seiten.shape[1], np.int64)
        self.weg_immer = self.wegstecken_modus == WEGSTECKEN.index("immer")
        self.weg_ag = self.wegstecken_modus == WEGSTECKEN.index("ausser_gefecht")
        self.weg_alle_immer = bool(self.weg_immer.all())
        self.weg_mit_ag = bool(self.weg_ag.any())
        self.erholung_sofort = self.erholung_modus == ERHOLUNG.index("sofort")
        self.erholung_nach = self.erholung_modus == ERHOLUNG.index("nach_fehlschlag")
        self.mit_sofort = bool(self.erholung_sofort.any())
        self.mit_nach = bool(self.erholung_nach.any())
        # Mitglieder je Empfänger: Index (−1 als 0) und ob der Platz besetzt ist; als Matrix (N, R)
        self.mitglied = np.maximum(f.mitglieder, 0)
        self.mitglied_da = f.mitglieder >= 0
        self.mitglied_matrix = np.zeros((n, len(f.kuehler_kopf)), np.int64)
        self.mitglied_matrix[self.mitglied[self.mitglied_da], np.nonzero(self.mitglied_da)[0]] = 1
        self.abzug = wundabzug(np.arange(MAX_WUNDEN + 1))
        """Wundabzug je Zahl der Wunden (:func:`wundabzug` für jeden möglichen Wert, siehe :meth:`block`)."""

    # -- Hilfen ------------------------------------------------------------------------
    def _neu(self, anzahl: int) -> _Zustand:
        n, r = self.n, len(self.f.kuehler_kopf)
        return _Zustand(
            wunden=np.tile(self.f.wunden, (anzahl, 1)),
            angeschlagen=np.zeros((anzahl, n), bool),
            aus=np.zeros((anzahl, n), bool),
            tot=np.zeros((anzahl, n), bool),
            blutet=np.zeros((anzahl, n), bool),
            bennies=np.tile(self.f.bennies, (anzahl, 1)),
            nur_frei=np.zeros((anzahl, n), bool),
            reihe=np.argsort(self.rng.random((anzahl, len(_KARTENWERT))), axis=1),
            oben=np.zeros(anzahl, np.int64),
            ende=np.full(anzahl, len(_KARTENWERT)),
            ablage=np.zeros((anzahl, len(_KARTENWERT)), bool),
            hand=np.full((anzahl, r), -1),
            joker_gezogen=np.zeros(anzahl, bool),
            runde=np.zeros(anzahl, np.int64),
            laeuft=np.ones(anzahl, bool),
            stehend=np.tile(self.seiten_matrix.sum(0), (anzahl, 1)),
            joker=np.zeros((anzahl, n), np.int64),
        )

    def _entschieden(self, z: _Zustand, ff: np.ndarray) -> np.ndarray:
        """Ob in den Kämpfen ``ff`` höchstens noch eine Seite Kampffähige hat."""
        return (z.stehend[ff] > 0).sum(1) <= 1

    def _joker_merken(self, z: _Zustand, ff: np.ndarray) -> None:
        """Nach dem Austeilen: +2 für jeden Kämpfer, dessen Empfänger in dieser Runde einen Joker hat."""
        z.joker[ff] = _JOKER_JE_KARTE[z.hand[ff][:, self.f.empfaenger]] * self.joker_gilt

    def _mischen(self, z: _Zustand, ff: np.ndarray, karten: np.ndarray) -> None:
        """Die Karten ``karten`` ((len(ff), 54) bool) werden in zufälliger Reihenfolge der neue Ziehstapel."""
        schluessel = np.where(karten, self.rng.random(karten.shape), 2.0)
        z.reihe[ff] = np.argsort(schluessel, axis=1)
        z.oben[ff] = 0
        z.ende[ff] = karten.sum(1)

    def _ziehen(self, z: _Zustand, ff: np.ndarray) -> np.ndarray:
        """Je Kampf die nächste Karte des gemischten Ziehstapels – gleich verteilt wie eine Karte
        von einer zufälligen Stelle des Stapels (Ereignispfad). Leer: die Ablage wird gemischt."""
        leer = z.oben[ff] >= z.ende[ff]
        if _irgendein(leer):
            g = ff[leer]
            self._mischen(z, g, z.ablage[g])
            z.ablage[g] = False
        karte = z.reihe[ff, z.oben[ff]]
        z.oben[ff] += 1
        z.joker_gezogen[ff] |= _KARTENWERT[karte] == JOKER
        return karte

    # -- Runde -------------------------------------------------------------------------
    def _runde(self, z: _Zustand, ff: np.ndarray) -> None:
        f = self.f
        z.runde[ff] += 1
        hand = z.hand.take(ff, 0)
        karte_da = hand >= 0
        z.ablage[np.broadcast_to(ff[:, None], hand.shape)[karte_da], hand[karte_da]] = True
        z.hand[ff] = -1
        z.nur_frei[ff] = False
        neu = ff[z.joker_gezogen[ff]]
        if neu.size:
            self._mischen(z, neu, np.ones((neu.size, len(_KARTENWERT)), bool))
            z.ablage[neu] = False
        z.joker_gezogen[ff] = False
        # 1. Ausbluten vor den Karten (eine Probe ändert nur ihren Kämpfer: wer blutet, steht vorher fest)
        blutend = z.blutet.take(ff, 0) & ~z.tot.take(ff, 0)
        for i in np.flatnonzero(blutend.any(0)):
            g = ff[blutend[:, i]]
            e = _probe(self.rng, np.full(g.size, f.konstitution[0][i]), f.konstitution[1][i], _wildcard_wuerfel(g.size),
                       self.abzug.take(z.wunden[g, i]), kritisch_alle=self.kritisch_alle)[0]
            ausgang = ausbluten_auswerten(e)
            z.tot[g, i] |= ausgang == "tod"
            z.blutet[g, i] &= ausgang == "weiter"
        # 2. Karten austeilen, in der Reihenfolge der Empfänger (an jeden mit einem kampffähigen Mitglied)
        faehige_mitglieder = (~(z.aus.take(ff, 0) | z.tot.take(ff, 0))).astype(np.int64) @ self.mitglied_matrix
        for r, (kk, schnell) in enumerate(zip(f.kuehler_kopf, f.schnell)):
            g = ff[faehige_mitglieder[:, r] > 0]
            if not g.size:
                continue
            # Kühler Kopf: 1 + kk Karten, die beste zählt (bei zwei Jokern der zuerst gezogene)
            gezogen = np.stack([self._ziehen(z, g) for _ in range(1 + kk)], 1)
            wahl = _RANG[gezogen].argmin(1)
            beste = gezogen[np.arange(len(g)), wahl]
            for spalte in range(1 + kk):
                weg = wahl != spalte
                z.ablage[g[weg], gezogen[weg, spalte]] = True
            while schnell:
                nochmal = schnell_wert_zieht_neu(_KARTENWERT[beste])
                if not nochmal.any():
                    break
                h = g[nochmal]
                z.ablage[h, beste[nochmal]] = True
                beste = beste.copy()
                beste[nochmal] = self._ziehen(z, h)
            z.hand[g, r] = beste
        self._joker_merken(z, ff)
        self._herunterzaehlen(z, ff)

    def _herunterzaehlen(self, z: _Zustand, ff: np.ndarray, erledigt: np.ndarray | None = None) -> None:
        """3. Herunterzählen: Plätze in der Reihenfolge der Karten; ``erledigt`` ((len(ff), R)
        bool): wer in dieser Runde schon gehandelt hat (Start mitten in der Runde)."""
        hand = z.hand.take(ff, 0)
        r_anz = hand.shape[1]
        schluessel = np.where(hand < 0, len(_KARTENWERT), _RANG[np.maximum(hand, 0)]) * r_anz + np.arange(r_anz)
        folge = np.argsort(schluessel, axis=1)
        # je Platz: ob dort eine Karte liegt (und ihr Empfänger noch nicht gehandelt hat)
        spielt = np.take_along_axis(hand, folge, 1) >= 0
        if erledigt is not None:
            spielt &= ~np.take_along_axis(erledigt, folge, 1)
        for platz in range(r_anz):
            gewaehlt = _waehlen(spielt[:, platz] & z.laeuft.take(ff), ff, folge[:, platz])
            if gewaehlt is not None:
                self._zug(z, *gewaehlt)

    def _zug(self, z: _Zustand, ff: np.ndarray, rec: np.ndarray) -> None:
        """Ein Kartenempfänger je Kampf ist an der Reihe: Erholungsproben, dann Angriffe."""
        f, fl = self.f, z.flach
        # (Kampf, Platz des Mitglieds) des Empfängers, der je Kampf an der Reihe ist, als flacher Index
        wer = self.mitglied.take(rec, 0)
        paar = (ff * self.n)[:, None] + wer
        faehig = self.mitglied_da.take(rec, 0) & ~(fl.aus[paar] | fl.tot[paar])
        # Erholungsproben aller Angeschlagenen (voneinander unabhängig, daher alle auf einmal;
        # die Reihenfolge der Namen spielt nur im Ereignispfad eine Rolle)
        erholung = faehig & fl.angeschlagen[paar]
        if _irgendein(erholung):
            pe, a = paar[erholung], wer[erholung]
            if self.mit_sofort:  # Taktik „sofort“: ein Benny statt der Probe („als hätte er eine Steigerung erzielt“)
                sofort = self.erholung_sofort.take(a) & (fl.bennies[pe] > 0)
                if _irgendein(sofort):
                    self._benny_gegen_angeschlagen(z, pe[sofort])
                    pe, a = pe[~sofort], a[~sofort]
            if pe.size:
                mod = self.abzug.take(fl.wunden[pe]) + fl.joker[pe]
                e = _probe(self.rng, f.willenskraft[0].take(a), f.willenskraft[1].take(a), self.wild_seiten.take(a), mod,
                           kritisch_alle=self.kritisch_alle)[0]
                noch, handelt = erholung_auswerten(e, erfolg_handelt=self.opt.erholung_erfolg_handelt)
                fl.angeschlagen[pe] = noch
                fl.nur_frei[pe] = ~handelt
                if self.mit_nach:  # Taktik „nach_fehlschlag“: wer Angeschlagen bleibt, gibt einen Benny aus
                    nach = noch & self.erholung_nach.take(a) & (fl.bennies[pe] > 0)
                    self._benny_gegen_angeschlagen(z, pe[nach])
        # Angriffe der Mitglieder nacheinander. Angriffe ändern nur Gegner; wer von den
        # Mitgliedern handeln darf, steht nach den Erholungsproben also für den ganzen Zug fest.
        # Ob ein Kampf noch läuft, ändert sich mit jedem Angriff (:meth:`_schaden`).
        kann = faehig & ~(fl.angeschlagen[paar] | fl.nur_frei[paar])
        for nummer in np.flatnonzero(kann.any(0)):
            gewaehlt = _waehlen(kann[:, nummer] & z.laeuft.take(ff), ff, wer[:, nummer])
            if gewaehlt is not None:
                self._angriff(z, *gewaehlt)

    def _benny_gegen_angeschlagen(self, z: _Zustand, paar: np.ndarray) -> None:
        """Ein Benny: nicht mehr Angeschlagen, handelt normal (Regeltext „Angeschlagen“);
        ``paar``: flache Indizes (Kampf · N + Kämpfer)."""
        fl = z.flach
        fl.bennies[paar] -= 1
        fl.angeschlagen[paar] = False
        fl.nur_frei[paar] = False

    # -- Angriff und Schaden -----------------------------------------------------------
    def _ziel(self, z: _Zustand, ff: np.ndarray, a: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Standardtaktik 4 bzw. die Zielwahl der Taktik des Angreifers: „schwaechster“ – der
        kampffähige Gegner mit den meisten Wunden, dann Angeschlagen, dann der erste in
        Bogenreihenfolge; „staerkster“ umgekehrt; „erster“ nur die Bogenreihenfolge; „zufall“
        gleich verteilt unter den kampffähigen Gegnern."""
        gegner = self.gegner.take(a, 0) & ~(z.aus.take(ff, 0) | z.tot.take(ff, 0))
        wunden = z.wunden.take(ff, 0)
        verletzt = wunden + wunden + z.angeschlagen.take(ff, 0)  # 2 · Wunden + Angeschlagen
        # schwaechster: verletzt, staerkster: 2 · MAX_WUNDEN + 2 − verletzt, sonst 0
        if self.ziel_einheitlich is not None:
            gewicht, grund = self.ziel_einheitlich
            wert = verletzt * gewicht + grund
        else:
            wert = verletzt * self.ziel_gewicht.take(a, 0) + self.ziel_grund.take(a, 0)
        if self.hat_zufall:
            zufall = self.ziel_zufall.take(a)
            if _irgendein(zufall):
                wert = wert.astype(float)
                wert[zufall] = self.rng.random((np.count_nonzero(zufall), self.n))
        wert = np.where(gegner, wert, -1)
        return wert.argmax(1), np.logical_or.reduce(gegner, 1)  # wie gegner.any(1), ohne dessen Python-Hülle

    def _angriff(self, z: _Zustand, ff: np.ndarray, a: np.ndarray) -> None:
        fl = z.flach
        t, da = self._ziel(z, ff, a)
        if np.count_nonzero(da) < da.size:
            ff, a, t = ff[da], a[da], t[da]
        ff_n = ff * self.n
        it = ff_n + t  # flache Indizes des Ziels in den Feldern (F, N)
        paar = a * self.n + t
        ia = ff_n + a  # und des Angreifers
        joker = fl.joker[ia]
        mod = self.angriff_mod[paar] + self.abzug.take(fl.wunden[ia]) + joker
        mindestwurf = self.mindestwurf[paar]
        if len(self.anzahlen) == 1:  # alle mit gleich vielen Würfeln: ohne Auswahl
            self._treffer(z, ff, it, a, t, mod, mindestwurf, joker, int(self.anzahlen[0]))
            return
        for anzahl in self.anzahlen:
            s = self.f.angriff_anzahl.take(a) == anzahl
            if _irgendein(s):
                self._treffer(z, ff[s], it[s], a[s], t[s], mod[s], mindestwurf[s], joker[s], int(anzahl))

    def _treffer(self, z: _Zustand, g: np.ndarray, it: np.ndarray, a_: np.ndarray, t_: np.ndarray, mod: np.ndarray,
                 mindestwurf: np.ndarray, joker: np.ndarray, anzahl: int) -> None:
        """Die Angriffsprobe mit ``anzahl`` Würfeln, dann der Schaden je Treffer."""
        f = self.f
        ergebnisse = _probe(self.rng, f.angriff_seiten.take(a_), f.angriff_bonus.take(a_), self.wild_seiten.take(a_), mod,
                            mindestwurf, anzahl=anzahl, kritisch_alle=self.kritisch_alle)
        for e in ergebnisse:  # je Treffer, bestes Ergebnis zuerst
            gewaehlt = _waehlen(e.erfolg, g, it, a_, t_, e.steigerungen, joker)
            if gewaehlt is not None:
                g_h, it_h, a_h, t_h, steigerungen, joker_h = gewaehlt
                self._schaden(z, g_h, it_h, a_h, t_h, steigerungen > 0, joker_h)

    def _schaden(self, z: _Zustand, ff: np.ndarray, it: np.ndarray, a: np.ndarray, t: np.ndarray,
                 steigerung: np.ndarray, joker: np.ndarray) -> None:
        """Schaden der Treffer von ``a`` auf ``t`` in den Kämpfen ``ff`` (``it``: flacher Index des Ziels)."""
        f, fl, rng = self.f, z.flach, self.rng
        wuerfe = explodierend(rng, f.schaden_seiten.take(a, 0))
        if self.schaden_mit_minus:  # sonst sind alle Vorzeichen +1 (leere Plätze würfeln 0)
            wuerfe *= f.schaden_zeichen.take(a, 0)
        schaden = wuerfe @ self.schaden_einsen + joker  # Summe je Zeile (``@`` kostet hier die Hälfte von ``sum(1)``)
        if self.schaden_mit_konstante:
            schaden += f.schaden_konstante.take(a)
        schaden += explodierend(rng, steigerung * WILDCARD_WUERFEL)  # +1W6 bei Steigerung
        vorher_w, vorher_ang, vorher_aus = fl.wunden[it], fl.angeschlagen[it], fl.aus[it]
        wirkung = schaden_auswerten(schaden, f.robustheit.take(t), angeschlagen=vorher_ang)
        neue = np.asarray(wirkung.wunden)  # ein Feld (für mypy: schaden_auswerten nennt Zahlen)
        getroffen = neue > 0
        if not _irgendein(getroffen):  # keine Wunde: kein Wegstecken, keine Probe – höchstens Angeschlagen
            fl.angeschlagen[it] = wirkung.angeschlagen
            return
        # Standardtaktik 5: Wildcards stecken weg, solange Bennies und Wunden übrig sind
        wildcard = f.wildcard.take(t)
        bennies = fl.bennies[it]
        kann = wildcard & getroffen & (bennies > 0)  # wer überhaupt wegstecken kann
        bleiben = neue
        if _irgendein(kann):
            weg = np.zeros(len(ff), np.int64)
            self._wegstecken(z, it, t, kann, neue, weg, bennies, vorher_w, vorher_aus)
            bleiben = np.maximum(neue - weg, 0)  # ohne Treffer: neue = weg = 0
        wunden, aus = wunden_auswerten(vorher_w, bleiben, wildcard=wildcard, ausser_gefecht=vorher_aus)
        ganz_weg = vorher_ang & (not self.opt.wegstecken_beendet_angeschlagen)
        verwundet = bleiben > 0
        fl.angeschlagen[it] = np.where(getroffen, verwundet | ganz_weg, wirkung.angeschlagen)
        fl.wunden[it] = wunden
        lebt = ~fl.tot[it]
        neu_aus = _waehlen(aus & ~vorher_aus & lebt, ff, t)
        if neu_aus is not None:  # jeder Kampf höchstens einmal in ff
            raus, t_raus = neu_aus
            z.stehend[raus, f.seite.take(t_raus)] -= 1
            z.laeuft[raus] &= ~self._entschieden(z, raus)
        fl.aus[it] = aus
        # Außer-Gefecht-Probe einer Wildcard, die (weitere) Wunden über drei bekommt
        probe = _waehlen(wildcard & verwundet & aus & lebt, it, t, wunden)
        if probe is not None:
            ig, tg, wunden_g = probe
            e = _probe(rng, f.konstitution[0].take(tg), f.konstitution[1].take(tg), _wildcard_wuerfel(len(ig)),
                       self.abzug.take(wunden_g) + fl.joker[ig], kritisch_alle=self.kritisch_alle)[0]
            ausgang = ausser_gefecht_auswerten(e)
            tod = ausgang == "tod"
            fl.tot[ig] |= tod
            fl.blutet[ig] = (fl.blutet[ig] | (ausgang == "fehlschlag")) & ~tod

    def _wegstecken(self, z: _Zustand, it: np.ndarray, t: np.ndarray, kann: np.ndarray, neue: np.ndarray,
                    weg: np.ndarray, bennies: np.ndarray, vorher_w: np.ndarray, vorher_aus: np.ndarray) -> None:
        """Standardtaktik 5: Wegstecken-Proben mit Bennies, höchstens :data:`MAX_WEGSTECKEN_VERSUCHE`
        je Schaden; schreibt ``weg`` (weggesteckte Wunden) und ``bennies`` (die des Ziels) fort."""
        f, fl = self.f, z.flach
        immer = None if self.weg_alle_immer else self.weg_immer.take(t)
        bei_ag = self.weg_ag.take(t) if self.weg_mit_ag else None
        joker_ziel = fl.joker[it]
        for _ in range(MAX_WEGSTECKEN_VERSUCHE):
            s = kann & (weg < neue) & (bennies > 0)
            if immer is not None:  # Taktik des Ziels: immer, nie, oder nur, wenn die übrigen Wunden es ausschalten würden
                will = immer
                if bei_ag is not None:
                    wuerde_aus = wunden_auswerten(vorher_w, np.maximum(neue - weg, 0), wildcard=True,
                                                  ausser_gefecht=vorher_aus)[1]
                    will = immer | (bei_ag & wuerde_aus)
                s &= will
            if not _irgendein(s):
                break
            bennies -= s  # je Probe ein Benny (True zählt 1)
            ts = t[s]
            e = _probe(self.rng, f.konstitution[0].take(ts), f.konstitution[1].take(ts), _wildcard_wuerfel(len(ts)),
                       self.abzug.take(vorher_w[s]) + joker_ziel[s], kritisch_alle=self.kritisch_alle)[0]
            weg[s] = np.maximum(weg[s], wegstecken_auswerten(e))
        fl.bennies[it] = bennies

    # -- Ganze Kämpfe ------------------------------------------------------------------
    def block(self, anzahl: int, max_runden: int, anfang: _Zustand | None = None,
              erledigt: np.ndarray | None = None) -> Ergebnis:
        z = self._neu(anzahl) if anfang is None else anfang
        # Wunden steigen nur bis MAX_WUNDEN (Statisten behalten ihre): der Wundabzug für jeden
        # Wert, der vorkommen kann, einmal ausgerechnet (und negative Wunden gemeldet wie bisher)
        wundabzug(z.wunden)
        self.abzug = wundabzug(np.arange(max(MAX_WUNDEN, int(z.wunden.max(initial=0))) + 1))
        bennies_vorher = z.bennies.copy()
        alle = np.arange(anzahl)
        z.laeuft &= ~self._entschieden(z, alle)
        if erledigt is not None:  # Start mitten in der Runde: erst der Rest des Herunterzählens
            ff = alle[z.laeuft]
            z.nur_frei[:] = False
            if ff.size:
                self._herunterzaehlen(z, ff, erledigt[ff])
        while True:
            ff = alle[z.laeuft & (z.runde < max_runden)]
            if not ff.size:
                break
            self._runde(z, ff)
        faehig = ~(z.aus | z.tot)
        stehend = (faehig.astype(np.int64) @ self.seiten_matrix) > 0
        sieger = np.where(stehend.sum(1) == 1, stehend.argmax(1), -1)
        return Ergebnis(self.f.namen, self.f.seiten, tuple(self.f.seiten[i] for i in self.f.seite), sieger, z.runde.copy(),
                        ~faehig, z.tot.copy(), bennies_vorher - z.bennies)

    def aus_zustaenden(self, zustaende: Sequence[k.Kampfzustand]) -> tuple[_Zustand, np.ndarray]:
        """Der Startzustand der Felder aus Kampfzuständen zwischen zwei Karten (je Kampf einer):
        Wunden, Angeschlagen, Außer Gefecht, tot, Ausbluten, Bennies, Ziehstapel, Ablage, die
        Karten der Runde (die die nächste Runde ablegt) und ob ein Joker kam (dann wird gemischt)."""
        f, n = self.f, self.n
        anzahl = len(zustaende)
        index = {x: i for i, x in enumerate(f.namen)}
        empf = {e: r for r, e in enumerate(self.empfaenger_namen)}
        # jeder verschiedene Zustand einmal gelesen; ``quelle``: seine Zeile je Kampf
        zeile: dict[int, int] = {}
        quelle = np.array([zeile.setdefault(id(zs), len(zeile)) for zs in zustaende])
        verschieden = list({id(zs): zs for zs in zustaende}.values())
        u = len(verschieden)
        felder = {name: np.zeros((u, n), t) for name, t in
                  (("wunden", np.int64), ("angeschlagen", bool), ("aus", bool), ("tot", bool), ("blutet", bool),
                   ("bennies", np.int64))}
        im_stapel = np.zeros((u, len(_KARTENWERT)), bool)
        ablage = np.zeros((u, len(_KARTENWERT)), bool)
        hand = np.full((u, len(f.kuehler_kopf)), -1)
        erledigt = np.zeros((u, len(f.kuehler_kopf)), bool)
        joker = np.zeros(u, bool)
        for i, zs in enumerate(verschieden):
            for x in zs.kaempfer:
                s = index[x.name]
                felder["wunden"][i, s], felder["bennies"][i, s] = x.wunden, x.bennies
                felder["angeschlagen"][i, s], felder["aus"][i, s] = x.angeschlagen, x.ausser_gefecht or x.tot
                felder["tot"][i, s], felder["blutet"][i, s] = x.tot, x.blutet
            im_stapel[i, [_KARTEN_INDEX[c] for c in zs.stapel.ziehstapel]] = True
            ablage[i, [_KARTEN_INDEX[c] for c in zs.stapel.ablage]] = True
            for e, karte, _ in zs.karten:
                hand[i, empf[e]] = _KARTEN_INDEX[karte]
            for e in zs.gehandelt:
                erledigt[i, empf[e]] = e != zs.am_zug  # eine gerade aufgerufene Karte spielt die Maschine
            joker[i] = zs.joker_in_runde
        felder = {name: feld[quelle] for name, feld in felder.items()}
        im_stapel, ablage, hand, erledigt, joker = (x[quelle] for x in (im_stapel, ablage, hand, erledigt, joker))
        z = self._neu(anzahl)
        # an Ort und Stelle: z.flach sieht auf diese Felder
        z.wunden[:], z.angeschlagen[:], z.tot[:], z.blutet[:], z.bennies[:] = (
            felder["wunden"], felder["angeschlagen"], felder["tot"], felder["blutet"], felder["bennies"])
        z.aus[:] = felder["aus"] & ~felder["tot"]
        self._mischen(z, np.arange(anzahl), im_stapel)
        z.ablage, z.hand, z.joker_gezogen = ablage, hand, joker
        self._joker_merken(z, np.arange(anzahl))
        z.stehend = (~felder["aus"]).astype(np.int64) @ self.seiten_matrix
        return z, erledigt


def spielen(
    start: k.Kampfzustand,
    anzahl: int,
    *,
    rng: np.random.Generator,
    max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
    taktik: Mapping[str, Any] | None = None,
) -> Ergebnis:
    """Spielt ``anzahl`` Kämpfe ab ``start`` in Blöcken zu :data:`BLOCK`.

    ``taktik``: Seite → ``Taktik`` (:class:`gm_helfer.savage_worlds.simulation.Taktik`); fehlende
    Seiten spielen die Standardtaktik. ``fortschritt(fertig, anzahl)`` wird nach jedem Block
    aufgerufen (Fortschrittsbalken).
    """
    maschine = _Maschine(start, rng, taktik)
    return in_bloecken(lambda n: maschine.block(n, max_runden), anzahl, BLOCK, fortschritt)


def spielen_ab(
    zustaende: Sequence[k.Kampfzustand], *, rng: np.random.Generator, max_runden: int = 100,
    taktik: Mapping[str, Any] | None = None,
) -> Ergebnis:
    """Je Kampfzustand zwischen zwei Karten oder mit einer gerade aufgerufenen Karte, an der noch
    niemand gehandelt hat (alle aus derselben Begegnung), ein Kampf bis zum Ende; ``runden`` zählt
    die weiteren Runden. Die festen Werte kommen aus dem ersten Zustand
    (gemerkt, :func:`_feste`), der Rest je Kampf aus :meth:`_Maschine.aus_zustaenden`."""
    maschine = _Maschine(zustaende[0], rng, taktik)
    return maschine.block(len(zustaende), max_runden, *maschine.aus_zustaenden(zustaende))
