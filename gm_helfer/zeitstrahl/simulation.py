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

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gm_helfer import simulation
from gm_helfer.boegen import Bogen
from gm_helfer.felder import generator
from gm_helfer.protokoll import Ereignis
from gm_helfer.wuerfel import zufallszahl

from . import gebuendelt
from .bogen import kaempfer_aus_bogen
from .kampf import (
    Kampf,
    KampfFehler,
    Teilnehmer,
    aktion_ereignis,
    angriff_ereignis,
    ansage_verfallen_ereignis,
    anwenden,
    kann_reagieren,
    konter_verzicht_ereignis,
    neuer_kampf,
    start_ereignis,
)
from .optionen import STANDARD, Optionen
from .verschiebung import KEINE_VERSCHIEBUNG

__all__ = ["VERTEIDIGUNGSWAHL", "WARTE_TICKS", "Taktik", "Taktiken", "Zugwahl", "begegnung", "einen_kampf",
           "ereignis_begegnung", "taktiken", "weiterspielen", "zugwahl", "zugwahl_ereignis"]

from .taktik import (  # noqa: F401 (hier weiter angeboten)
    _ARTEN,
    _KEINE,
    _ZAEHLENDE_ZUSTAENDE,
    STANDARD_TAKTIK,
    VERTEIDIGUNGSWAHL,
    WARTE_TICKS,
    Taktik,
    Taktiken,
    _erlaubt,
    _rangfolge,
    _zaehlend,
)


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


@dataclass(frozen=True)
class Zugwahl:
    """Was die Taktik ``wer`` jetzt tun lässt – geteilt vom Ereignispfad (:func:`_schritt`) und
    dem Vorschlag am Tisch (``tisch.zug.vorschlag``), damit beide dieselbe Wahl treffen.

    ``aktion``: ``angriff`` (auch der Konter: ``konter``), ``konter_verzichten``, ``warten``
    (ohne bereite Waffe, :data:`WARTE_TICKS`) oder ``ansage_verfallen`` (eine angesagte Reaktion,
    die die Taktik nie selbst ansagt, verfällt). ``waffe`` und ``verteidigungs_waffe`` sind
    Indizes in die Waffen des Bogens."""

    aktion: str
    wer: str
    ziel: str | None = None
    waffe: int | None = None
    verteidigung: str = "passiv"
    verteidigungs_waffe: int | None = None


def _handelnder(kampf: Kampf, konter: tuple[str, str] | None) -> str:
    """Wer kontert; sonst der Erste, der bei diesem Tick dran ist und keine Reaktion angesagt
    hat (die Taktik sagt nie an – ohne Ansage im Zustand ist es ``kampf.am_zug[0]``)."""
    if konter:
        return konter[0]
    dran = kampf.am_zug
    return next((n for n in dran if not kampf[n].angesagt), dran[0])


def zugwahl(kampf: Kampf, taktik: Taktiken, merker: dict[Any, Any], rng: Any,
            wer: str | None = None) -> Zugwahl:
    """Die Entscheidung der Taktik (Moduldoku) für ``wer`` (Vorgabe: wer jetzt handelt) im
    Zustand ``kampf``; ``rng`` nur für die zufällige Zielwahl. Ein offener Konter, den die
    Taktik nicht nimmt, wird ausgeschlagen (``konter_verzichten``) – danach handelt der Nächste."""
    konter = _konter(kampf, taktik)
    if konter is None and kampf.konter is not None:
        # ausdrücklich verzichten: sonst hielte ``angriff_ereignis`` einen gewöhnlichen Angriff
        # des Verteidigers auf den Angreifer für den Konter
        return Zugwahl("konter_verzichten", kampf.konter[0], kampf.konter[1])
    wer = wer or _handelnder(kampf, konter)
    if not konter and kampf[wer].angesagt:
        return Zugwahl("ansage_verfallen", wer)
    # im gleichzeitigen Abtausch entscheidet die Taktik nach dem Stand vor dem Abtausch
    lage = kampf.abtausch.basis if kampf.abtausch is not None and not konter else kampf
    t = lage[wer]
    waffe = _erste_bereite_waffe(t)
    if waffe is None:
        return Zugwahl("warten", wer)
    ziel = konter[1] if konter else _ziel(lage, t, taktik[t.partei], rng)
    art, vwaffe = _verteidigung(lage, wer, ziel, waffe, merker, taktik[lage[ziel].partei])
    return Zugwahl("konter" if konter else "angriff", wer, ziel, waffe, art, vwaffe)


def zugwahl_ereignis(kampf: Kampf, w: Zugwahl, *, rng: Any = None, augen: Any = None,
                     text: bool = True) -> Ereignis:
    """Das Ereignis der Wahl ``w`` im Zustand ``kampf`` – durch dieselben Ereignis-Bauer und
    Regelprüfungen wie ein Schritt von Hand (``augen``: eingetippte Würfel des Angriffs)."""
    if w.aktion == "konter_verzichten":
        return konter_verzicht_ereignis(kampf, text=text)
    if w.aktion == "warten":
        return aktion_ereignis(kampf, w.wer, WARTE_TICKS, beschreibung="wartet ohne Waffe", text=text)
    if w.aktion == "ansage_verfallen":
        return ansage_verfallen_ereignis(kampf, w.wer)
    assert w.ziel is not None and w.waffe is not None
    return angriff_ereignis(kampf, w.wer, w.ziel, w.waffe, w.verteidigung,
                            verteidigungs_waffe=w.verteidigungs_waffe, rng=rng, augen=augen, text=text)


def _schritt(kampf: Kampf, rng: Any, merker: dict[Any, Any], taktik: Taktiken) -> Kampf:
    """Eine Entscheidung der Taktik (:func:`zugwahl`), gewürfelt und angewandt. Ein Konter, der
    nicht genommen wird, verfällt mit dem nächsten Ereignis (``anwenden`` setzt ihn neu)."""
    w = zugwahl(kampf, taktik, merker, rng)
    if w.aktion == "konter_verzichten":
        kampf = anwenden(kampf, konter_verzicht_ereignis(kampf, text=False))
        w = zugwahl(kampf, taktik, merker, rng)
    return anwenden(kampf, zugwahl_ereignis(kampf, w, rng=rng, text=False))


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
    return _zu_ende(kampf, taktik, rng, max_runden, merker)


def _zu_ende(
    kampf: Kampf, taktik: Taktiken, rng: Any, max_runden: int, merker: dict[Any, Any],
) -> simulation.Kampfausgang:
    """Spielt einen begonnenen Kampf mit der Taktik zu Ende; ``runden``: der Tick der
    entscheidenden Aktion (absolut), ohne Sieger ``max_runden`` (ein absoluter Tick)."""
    tick = kampf.jetzt or 0
    while len(_parteien(kampf)) > 1 or kampf.abtausch is not None:
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


def weiterspielen(
    kampf: Kampf, *, rng: Any, taktik: Taktik | Taktiken | None = None, max_runden: int = 100,
    merker: dict[Any, Any] | None = None,
) -> simulation.Kampfausgang:
    """Spielt einen Kampf von einem beliebigen Zustand an (auch vor dem Start, mitten im
    Abtausch, mit offenem Konter oder angesagter Reaktion) mit der Taktik zu Ende – auf dem
    Ereignispfad. ``runden`` im Ergebnis sind die *restlichen* Ticks ab ``kampf.jetzt``;
    ``max_runden`` begrenzt sie ebenso."""
    je_partei = taktiken(taktik, _partei_folge(kampf))
    merker = {} if merker is None else merker
    if not kampf.gestartet:
        kampf = anwenden(kampf, start_ereignis(kampf, rng=rng, text=False))
    jetzt = kampf.jetzt or 0
    a = _zu_ende(kampf, je_partei, rng, jetzt + max_runden, merker)
    return simulation.Kampfausgang(sieger=a.sieger, runden=max(0, a.runden - jetzt),
                                   ausgeschaltet=a.ausgeschaltet, tot=a.tot)


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
