"""Begegnungen simulieren: einen Zeitstrahl-Kampf mit Zufall bis zum Ende spielen, und
viele davon auszählen (``gm_helfer.simulation``).

Zwei Treiber, eine Taktik (DESIGN.md, „Simulation: one rule, two drivers“):
:func:`begegnung` spielt alle Kämpfe auf einmal mit der gebündelten Maschine
:mod:`gm_helfer.zeitstrahl.gebuendelt` (numpy-Felder, dieselben Bewertungsfunktionen);
:func:`einen_kampf` und :func:`ereignis_begegnung` spielen Kampf für Kampf auf dem
**Ereignispfad** – die Referenz, gegen die die Maschine getestet wird
(``tests/zeitstrahl/test_gebuendelt.py``, ``benchmarks/begegnung_uebereinstimmung.py``).

Auf dem Ereignispfad kommt jede Regel aus dem Paket selbst: der Startzustand aus
:func:`~gm_helfer.zeitstrahl.kampf.neuer_kampf` mit den Kämpfern aus
:func:`~gm_helfer.zeitstrahl.bogen.kaempfer_aus_bogen` (wie im Live-Kampf), die Schritte aus
``start_ereignis``, ``angriff_ereignis`` und ``aktion_ereignis``, angewandt mit ``anwenden`` –
derselbe Code wie im Live-Tracker. Das Protokoll (``Verlauf``) wird nicht mitgeschrieben;
die Ereignisse werden direkt auf den Zustand angewandt. Alle Würfel kommen aus ``rng``.

Standardtaktik (die Entscheidungen, die die Bibliothek nie selbst trifft; wählbar mit
:class:`Taktik` – Ziel, Verteidigungswahl, Kontern; die Vorgaben sind genau diese Liste):

* **Start:** Startpositionen wie im Live-Kampf (``start_ereignis``, Schwierigkeit
  ``optionen.start_schwierigkeit`` für alle; Regeltext „Der Kampf“).
* **Wer handelt:** wer kontern darf, kontert sofort („Kontern“; mit ``Taktik(kontern=False)``
  verzichtet er, ``konter_verzicht_ereignis``); sonst handelt, wer auf dem
  Zeitstrahl dran ist – bei Gleichstand der Erste in der Reihenfolge der Bögen (wie
  ``sitzung.vorschlag``).
* **Ziel:** der kampffähige Gegner (andere Partei) mit den wenigsten Lebenspunkten, bei
  Gleichstand der Erste in der Reihenfolge der Bögen; beim Konter der Angreifer, gegen den
  gekontert wird. ``Taktik.ziel``: auch die meisten Lebenspunkte, der Erste oder ein
  zufälliger (:data:`gm_helfer.simulation.ZIELWAHL`).
* **Waffe:** die erste bereite Waffe des Bogens (die Hauptwaffe), ohne Verschiebung von
  Kampfwerten, ohne Modifikator; eine 6 auf dem Krit-W6 wählt die Vorgaben von
  ``angriff_ereignis`` (Angriff: Effekt 3, Verteidigung: Effekt 2).
* **Verteidigung:** das Ziel wählt unter den erlaubten Verteidigungen
  (``vorschau.verteidigungs_wahlen``: passiv, Ausweichen, Parade je bereiter Waffe, Blocken
  nur mit einem Schild; aktiv nur, wenn es reagieren darf) die mit der kleinsten exakten
  Trefferchance des Angreifers; bei Gleichstand die billigste (weniger Ticks), dann die
  zuerst genannte. Mit einer Waffe wird nie geblockt: sie könnte brechen oder aus der Hand
  fliegen, und Aufheben kennt die Bibliothek nicht. Niemand sagt eine Reaktion an, niemand
  blockt mit zwei Waffen oder mit der zweiten Hand. ``Taktik.verteidigung``
  (:data:`VERTEIDIGUNGSWAHL`) schränkt die Wahl auf passives Ausweichen plus eine Art ein
  (nur Ausweichen, nur Parade) oder auf passiv allein.
* **Ohne bereite Waffe** (verloren oder gebrochen – Aufheben kennt die Bibliothek nicht)
  wartet der Kämpfer: eine sofortige Aktion von :data:`WARTE_TICKS` Ticks.

Ende: sobald nur noch eine Partei Kampffähige hat (sie gewinnt; Gesundheits-Hausregel
„kampfunfähig bei Lebenspunkten ≤ ``optionen.kampfunfaehig_bei``“), oder ohne Sieger, sobald
der Zeitstrahl über ``max_runden`` Ticks hinausläuft.

``Kampfausgang.runden`` zählt **Ticks** (die Zeiteinheit des Zeitstrahls, Zeitstrahl hat
keine Runden): den Tick der entscheidenden Aktion, ohne Sieger ``max_runden``.
``ausgeschaltet`` sind alle Kampfunfähigen; ``tot`` bleibt leer – der Regeltext kennt keinen
Tod (``docs/zeitstrahl.md`` › Gesundheit). ``Auswertung.verbrauch`` bleibt leer: Zeitstrahl
kennt kein Mittel, das die Taktik ausgibt (keine Bennies, kein Flee, keine Ausdauer).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from gm_helfer import simulation
from gm_helfer.boegen import Bogen
from gm_helfer.wuerfel import zufallszahl

from .bogen import kaempfer_aus_bogen
from .kampf import (
    STURZSCHWELLE,
    Kampf,
    KampfFehler,
    Teilnehmer,
    aktion_ereignis,
    angriff_ereignis,
    anwenden,
    kann_reagieren,
    konter_verzicht_ereignis,
    neuer_kampf,
    start_ereignis,
)
from .optionen import STANDARD, Optionen
from .verschiebung import KEINE_VERSCHIEBUNG
from .vorschau import verteidigungs_wahlen

__all__ = ["VERTEIDIGUNGSWAHL", "WARTE_TICKS", "Taktik", "Taktiken", "begegnung", "einen_kampf",
           "ereignis_begegnung", "taktiken"]

WARTE_TICKS = 2
"""Ticks, die ein Kämpfer ohne bereite Waffe mit Warten verbringt (Taktik, keine Regel)."""

VERTEIDIGUNGSWAHL = MappingProxyType({
    "beste": "die mit der kleinsten Trefferchance des Angreifers (Blocken nur mit Schild)",
    "ausweichen": "aktives Ausweichen, sonst passiv",
    "parade": "Parade mit der besten Waffe, sonst passiv",
    "passiv": "nur passives Ausweichen (nie reagieren)",
})
"""Wie sich das Ziel eines Angriffs verteidigt (Feld ``verteidigung`` der :class:`Taktik`).
Jede Wahl nimmt unter den erlaubten Verteidigungen ihrer Art **und** dem passiven Ausweichen
die mit der kleinsten exakten Trefferchance des Angreifers – aktiv nur, wenn das Ziel
reagieren darf."""

_ARTEN = {"beste": ("passiv", "ausweichen", "parade", "blocken"), "ausweichen": ("passiv", "ausweichen"),
          "parade": ("passiv", "parade"), "passiv": ("passiv",)}


@dataclass(frozen=True)
class Taktik:
    """Die wählbare Taktik der Zeitstrahl-Simulation (Vorgaben: die Standardtaktik der
    Moduldoku). Beide Treiber – gebündelt und Ereignispfad – spielen sie gleich."""

    ziel: str = field(default="schwaechster", metadata={"text": "Wen angreifen", "wahl": simulation.ZIELWAHL})
    """Schlüssel von :data:`gm_helfer.simulation.ZIELWAHL`; „verletzt“ heißt hier: wenige
    Lebenspunkte (Gleichstand: Reihenfolge der Bögen)."""
    verteidigung: str = field(default="beste", metadata={"text": "Verteidigung", "wahl": VERTEIDIGUNGSWAHL})
    """Schlüssel von :data:`VERTEIDIGUNGSWAHL`."""
    kontern: bool = field(default=True, metadata={"text": "Kontern, wenn erlaubt"})
    """„… ist ein sofortiger Gegenangriff möglich“ – möglich, nicht Pflicht."""

    def __post_init__(self) -> None:
        if self.ziel not in simulation.ZIELWAHL:
            raise ValueError(f"Unbekannte Zielwahl „{self.ziel}“ (möglich: {', '.join(simulation.ZIELWAHL)}).")
        if self.verteidigung not in VERTEIDIGUNGSWAHL:
            raise ValueError(f"Unbekannte Verteidigungswahl „{self.verteidigung}“ "
                             f"(möglich: {', '.join(VERTEIDIGUNGSWAHL)}).")


STANDARD_TAKTIK = Taktik()

Taktiken = Mapping[str, Taktik]
"""Partei → :class:`Taktik`; ``begegnung(…, taktik=…)`` nimmt auch so eine Zuordnung (etwa
die Helden parieren, die Feinde weichen nur passiv aus); fehlende Parteien spielen die
Vorgabe. Es zählt die Taktik der Partei dessen, der entscheidet: beim Ziel die des
Angreifers, bei der Verteidigung die des Ziels, beim Konter die des Konternden."""


def taktiken(taktik: Taktik | Taktiken | None, parteien: Sequence[str]) -> dict[str, Taktik]:
    """Die Taktik je Partei aus einer Taktik für alle, einer Zuordnung Partei → Taktik oder ``None``.

    Raises:
        ValueError: eine Partei der Zuordnung kämpft nicht mit, oder kein ``Taktik``-Wert (deutsch).
    """
    if taktik is None or isinstance(taktik, Taktik):
        return {p: taktik or STANDARD_TAKTIK for p in parteien}
    fremd = [p for p in taktik if p not in parteien]
    if fremd:
        raise ValueError(f"Taktik für „{', '.join(fremd)}“: diese Partei kämpft nicht mit "
                         f"(Parteien: {', '.join(parteien)}).")
    falsch = [p for p, t in taktik.items() if not isinstance(t, Taktik)]
    if falsch:
        raise ValueError(f"Die Taktik der Partei „{falsch[0]}“ ist keine Zeitstrahl-Taktik.")
    return {p: taktik.get(p, STANDARD_TAKTIK) for p in parteien}


def _kampf_anlegen(boegen: Sequence[Bogen], optionen: Optionen | None) -> Kampf:
    """Startzustand aus den Bögen, wie der Live-Kampf ihn baut."""
    if not boegen:
        raise ValueError("Für eine Simulation braucht es Charakterbögen.")
    fremd = [b.name for b in boegen if b.system and b.system != "zeitstrahl"]
    if fremd:
        raise ValueError(f"Keine Zeitstrahl-Bögen: {', '.join(fremd)}.")
    kampf = neuer_kampf([kaempfer_aus_bogen(b) for b in boegen], optionen or STANDARD)
    if len({t.partei for t in kampf.teilnehmer}) < 2:
        raise ValueError("Für einen Kampf braucht es mindestens zwei Parteien "
                         "(Feld „partei“ der Bögen).")
    return kampf


def _partei_folge(kampf: Kampf) -> tuple[str, ...]:
    """Alle Parteien in der Reihenfolge der Bögen."""
    return tuple(dict.fromkeys(t.partei for t in kampf.teilnehmer))


def _parteien(kampf: Kampf) -> set[str]:
    return {t.partei for t in kampf.aktive}


def _erste_bereite_waffe(t: Teilnehmer) -> int | None:
    return next((i for i, s in enumerate(t.waffen_status) if s == "bereit"), None)


def _ziel(kampf: Kampf, wer: Teilnehmer, taktik: Taktik, rng: Any) -> str:
    """Der kampffähige Gegner nach ``taktik.ziel``: wenigste bzw. meiste Lebenspunkte, der
    erste oder ein zufälliger (Gleichstand: Bogenreihenfolge)."""
    partei = wer.partei
    gegner = [t for t in kampf.aktive if t.partei != partei]
    if taktik.ziel == "zufall":
        return gegner[zufallszahl(rng, len(gegner)) - 1].name
    return min(gegner, key=_ZIEL_SCHLUESSEL[taktik.ziel]).name


_ZIEL_SCHLUESSEL: dict[str, Callable[[Teilnehmer], int]] = {
    "schwaechster": lambda t: t.lebenspunkte, "staerkster": lambda t: -t.lebenspunkte,
    "erster": lambda t: 0}
"""Zielwahl → Schlüssel für ``min`` (Gleichstand: der Erste in der Reihenfolge der Bögen)."""


_ZAEHLENDE_ZUSTAENDE = frozenset({"Position verschlechtert", STURZSCHWELLE})
"""Zustände, die in die Trefferchancen eingehen: „Position verschlechtert“ halbiert die
Verteidigung, die Sturzschwelle erhöht die Patzerschwelle des Angreifers."""


_KEINE: frozenset[str] = frozenset()


def _zaehlend(t: Teilnehmer) -> frozenset[str]:
    return frozenset(_ZAEHLENDE_ZUSTAENDE.intersection(t.zustaende))


def _erlaubt(t: Teilnehmer, art: str, waffe: int | None, taktik: Taktik) -> bool:
    """Taktik: nur Arten der Verteidigungswahl; geblockt wird nur mit einem Schild – mit einer
    Waffe droht der Bruch („Falls ja, bricht sie.“) oder das Entwaffnen, und Aufheben kennt
    die Bibliothek nicht."""
    if art not in _ARTEN[taktik.verteidigung]:
        return False
    return art != "blocken" or (waffe is not None and t.kaempfer.waffen[waffe].schild)


def _rangfolge(
    kampf: Kampf, angreifer: str, ziel: str, waffe: int, merker: dict[Any, Any],
    taktik: Taktik = STANDARD_TAKTIK,
) -> tuple[tuple[str, int | None], ...]:
    """Alle Verteidigungen des Ziels, die seine Waffen erlauben, nach der exakten
    Trefferchance des Angreifers (``vorschau.verteidigungs_wahlen``), dann nach Ticks.

    Die Chancen hängen nicht von Positionen oder Lebenspunkten ab, nur von den Werten,
    Verschiebungen und Waffen beider, den Optionen und den zwei Zuständen, die die Chancen
    lesen (:data:`_ZAEHLENDE_ZUSTAENDE`; Sturz und Blendung verrechnet der Text nicht).
    ``merker`` hält die Rangfolge darüber fest, damit viele Kämpfe nicht dieselben exakten
    Chancen neu rechnen."""
    a, z = kampf[angreifer], kampf[ziel]
    schluessel = (a.kaempfer, _zaehlend(a), a.verschiebung, waffe,
                  z.kaempfer, _zaehlend(z), z.verschiebung, z.waffen_status, kampf.optionen,
                  taktik.verteidigung)
    if schluessel not in merker:
        wahlen = [w for w in verteidigungs_wahlen(
                      kampf, angreifer, ziel, waffe, nur=lambda art, w: _erlaubt(z, art, w, taktik))
                  if w.chancen is not None]
        wahlen.sort(key=lambda w: (w.chancen.treffer, w.ticks))  # type: ignore[union-attr]
        merker[schluessel] = tuple((w.art, w.waffe) for w in wahlen)
    return merker[schluessel]


def _verteidigung(
    kampf: Kampf, angreifer: str, ziel: str, waffe: int, merker: dict[Any, Any],
    taktik: Taktik = STANDARD_TAKTIK,
) -> tuple[str, int | None]:
    """Erlaubte Verteidigung mit der kleinsten exakten Trefferchance des Angreifers. Aktiv
    verteidigen darf das Ziel nur, wenn ``kann_reagieren`` es erlaubt (Angriffsende wie in
    ``angriff_ereignis``: Position des Angreifers + Geschwindigkeit der Waffe)."""
    a, z = kampf[angreifer], kampf[ziel]
    rangfolge = _rangfolge_schnell(kampf, a, z, waffe, merker, taktik)
    if rangfolge and rangfolge[0][0] == "passiv":
        return rangfolge[0]  # das Beste braucht keine Reaktion
    ende = (a.position or 0) + a.kaempfer.waffen[waffe].geschwindigkeit
    reagieren = not kann_reagieren(kampf, ziel, ende)
    for art, vwaffe in rangfolge:
        if art == "passiv" or reagieren:
            return art, vwaffe
    return "passiv", None


def _rangfolge_schnell(
    kampf: Kampf, a: Teilnehmer, z: Teilnehmer, waffe: int, merker: dict[Any, Any], taktik: Taktik,
) -> tuple[tuple[str, int | None], ...]:
    """:func:`_rangfolge`, vorn mit einem billigen Schlüssel gemerkt: Kämpfer und Optionen nach
    Identität statt nach ihrem (tiefen, jedes Mal neu gerechneten) Hash – in einer Begegnung
    bleiben es dieselben Objekte (ein Startzustand für alle Kämpfe). Der Eintrag hält die drei
    Objekte fest, damit ihre ``id`` nicht an ein neues Objekt gehen kann."""
    va, vz = a.verschiebung, z.verschiebung
    schluessel = (id(a.kaempfer), id(z.kaempfer), id(kampf.optionen), waffe,
                  _zaehlend(a) if a.zustaende else _KEINE, _zaehlend(z) if z.zustaende else _KEINE,
                  None if va is KEINE_VERSCHIEBUNG else va, None if vz is KEINE_VERSCHIEBUNG else vz,
                  z.waffen_status, taktik.verteidigung)
    eintrag = merker.get(schluessel)
    if eintrag is None or eintrag[0] is not a.kaempfer or eintrag[1] is not z.kaempfer \
            or eintrag[2] is not kampf.optionen:
        eintrag = (a.kaempfer, z.kaempfer, kampf.optionen,
                   _rangfolge(kampf, a.name, z.name, waffe, merker, taktik))
        merker[schluessel] = eintrag
    return eintrag[3]


def _konter(kampf: Kampf, taktik: Taktiken) -> tuple[str, str] | None:
    """Der erlaubte Konter, wenn der Konternde noch kann (kampffähig, mit bereiter Waffe) und
    die Taktik seiner Partei kontert."""
    if kampf.konter is None:
        return None
    t = kampf[kampf.konter[0]]
    if (not taktik[t.partei].kontern or t.kampfunfaehig(kampf.optionen)
            or _erste_bereite_waffe(t) is None):
        return None
    return kampf.konter


def _schritt(kampf: Kampf, rng: Any, merker: dict[Any, Any], taktik: Taktiken) -> Kampf:
    """Eine Entscheidung der Taktik, gewürfelt und angewandt. Ein Konter, der nicht
    genommen wird, verfällt mit dem nächsten Ereignis (``anwenden`` setzt ihn neu)."""
    konter = _konter(kampf, taktik)
    if konter is None and kampf.konter is not None:
        # ausdrücklich verzichten: sonst hielte ``angriff_ereignis`` einen gewöhnlichen Angriff
        # des Verteidigers auf den Angreifer für den Konter
        kampf = anwenden(kampf, konter_verzicht_ereignis(kampf, text=False))
    wer = konter[0] if konter else kampf.am_zug[0]
    t = kampf[wer]
    waffe = _erste_bereite_waffe(t)
    if waffe is None:
        return anwenden(kampf, aktion_ereignis(kampf, wer, WARTE_TICKS,
                                               beschreibung="wartet ohne Waffe", text=False))
    ziel = konter[1] if konter else _ziel(kampf, t, taktik[t.partei], rng)
    art, vwaffe = _verteidigung(kampf, wer, ziel, waffe, merker, taktik[kampf[ziel].partei])
    return anwenden(kampf, angriff_ereignis(kampf, wer, ziel, waffe, art,
                                            verteidigungs_waffe=vwaffe, rng=rng, text=False))


def _startzustand(boegen: Sequence[Bogen], optionen: Optionen | None) -> Kampf:
    """Der Kampf vor dem Startwurf, geprüft (deutsche Meldungen als ``ValueError``)."""
    if optionen is not None and optionen.gesundheit == "ohne":
        raise ValueError("Ohne Gesundheitsmodell fällt niemand aus – die Simulation braucht "
                         "das Gesundheitsmodell „lebenspunkte“.")
    try:
        return _kampf_anlegen(boegen, optionen)
    except KampfFehler as fehler:
        raise ValueError(str(fehler)) from fehler


def _spielen(
    boegen: Sequence[Bogen], rng: Any, optionen: Optionen | None, max_runden: int,
    merker: dict[Any, Any], taktik: Taktik | Taktiken | None = None,
) -> simulation.Kampfausgang:
    start = _startzustand(boegen, optionen)
    return _spielen_ab(start, taktiken(taktik, _partei_folge(start)), rng, max_runden, merker)


def _spielen_ab(
    start: Kampf, taktik: Taktiken, rng: Any, max_runden: int, merker: dict[Any, Any],
) -> simulation.Kampfausgang:
    """Ein Kampf ab dem (unveränderlichen, darum für alle Kämpfe einer Begegnung geteilten)
    Startzustand vor dem Startwurf."""
    kampf = anwenden(start, start_ereignis(start, rng=rng, text=False))
    tick = kampf.jetzt or 0
    while len(_parteien(kampf)) > 1:
        if _konter(kampf, taktik) is None:
            tick = kampf.jetzt or 0
            if tick > max_runden:
                tick = max_runden
                break
        kampf = _schritt(kampf, rng, merker, taktik)
    parteien = _parteien(kampf)
    sieger = next(iter(parteien)) if len(parteien) == 1 else None
    return simulation.Kampfausgang(
        sieger=sieger,
        runden=tick,
        ausgeschaltet=tuple(t.name for t in kampf.teilnehmer
                            if t.kampfunfaehig(kampf.optionen)),
        tot=(),
    )


def einen_kampf(
    boegen: Sequence[Bogen],
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | Taktiken | None = None,
) -> simulation.Kampfausgang:
    """Spielt einen Kampf der Bögen mit der Taktik (Vorgabe: Standardtaktik, Moduldoku) bis
    zum Ende – auf dem Ereignispfad, der Referenz der gebündelten Maschine.

    ``runden`` im Ergebnis sind Ticks. Die Bögen werden nicht verändert.

    Raises:
        ValueError: keine Bögen, fremde Bögen, nur eine Partei oder doppelte Namen
            (deutsche Meldung).
    """
    return _spielen(boegen, rng, optionen, max_runden, {}, taktik)


def ereignis_begegnung(
    boegen: Sequence[Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | Taktiken | None = None,
) -> simulation.Auswertung:
    """``anzahl`` Kämpfe auf dem Ereignispfad (:func:`einen_kampf`), ausgezählt mit
    :func:`gm_helfer.simulation.simulieren` – die Referenz, gegen die die gebündelte Maschine
    getestet wird. Der Startzustand wird einmal gebaut, die exakten Chancen der
    Verteidigungswahl werden über alle Kämpfe hinweg nur einmal gerechnet."""
    merker: dict[Any, Any] = {}
    start = _startzustand(boegen, optionen)
    je_partei = taktiken(taktik, _partei_folge(start))
    return simulation.simulieren(
        lambda r: _spielen_ab(start, je_partei, r, max_runden, merker), anzahl, rng=rng)


def begegnung(
    boegen: Sequence[Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    taktik: Taktik | Taktiken | None = None,
    fortschritt: Callable[[int, int], None] | None = None,
) -> simulation.Auswertung:
    """``anzahl`` Kämpfe der Bögen auf einmal mit der gebündelten Maschine
    (:mod:`gm_helfer.zeitstrahl.gebuendelt`: dieselben Regeln und dieselbe Taktik wie
    :func:`einen_kampf`, als numpy-Felder); ``Auswertung.runden`` zählt Ticks.

    Args:
        rng: numpy ``Generator`` (die einzige Zufallsquelle) oder ``random.Random`` (daraus
            wird ein Generator geseedet; gleiche Saat, gleiches Ergebnis).
        fortschritt: ``fortschritt(fertig, anzahl)`` nach jedem Block von Kämpfen.

    Raises:
        ValueError: wie :func:`einen_kampf`, oder ``anzahl`` < 1 (deutsche Meldung).
    """
    import time

    from gm_helfer.felder import generator

    from . import gebuendelt

    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    start = time.perf_counter()
    kampf = _startzustand(boegen, optionen)
    e = gebuendelt.spielen(kampf, anzahl, rng=generator(rng), max_runden=max_runden,
                           taktik=taktiken(taktik, _partei_folge(kampf)), fortschritt=fortschritt)
    siege, runden, aus, tot = e.zaehler()
    return simulation.auszaehlen(anzahl, siege, runden, aus, tot,
                                 sekunden=time.perf_counter() - start,
                                 seiten=dict(zip(e.namen, e.seite_von)))
