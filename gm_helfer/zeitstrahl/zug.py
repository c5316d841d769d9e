"""Zug-Schnittstelle für den Zeitstrahl: wer handelt, was er darf, Vorgaben, offene Entscheidungen.

Reine Funktionen über :class:`~gm_helfer.zeitstrahl.kampf.Kampf` (Vertrag in ``HELFER.md``,
Werte :class:`~gm_helfer.zug.Aktion` und :class:`~gm_helfer.zug.Entscheidung`).
Regeltext ``regeln/zeitstrahl.txt`` › Der Kampf: „Der mit der niedrigsten Position auf dem
Zeitstrahl ist als erstes an der Reihe. Wenn mehrere Parteien gleichzeitig dran sind, finden
deren Aktionen auch gleichzeitig statt.“ Wer gleichzeitig dran ist, handelt in der Oberfläche
nacheinander (jeder darf, :func:`am_zug` nennt den ersten); ein offener Konter geht allem vor.

>>> from gm_helfer import zeitstrahl as z
>>> schwert = z.Waffe("Schwert", "nahkampf", 4, "2W6")
>>> k = z.neuer_kampf([z.Kaempfer("Ada", "Helden", fertigkeiten=(("nahkampf", 12),), waffen=(schwert,)),
...                    z.Kaempfer("Ork", "Feinde", fertigkeiten=(("nahkampf", 10),), waffen=(schwert,))])
>>> k = z.anwenden(k, z.start_ereignis(k, {"Ada": 20, "Ork": 23}, augen={"Ada": "10", "Ork": "10"}))
>>> am_zug(k), reihenfolge(k), standard_ziel(k, "Ada"), standard_waffe(k, "Ada")
('Ada', ['Ada', 'Ork'], 'Ork', 'Schwert')
>>> [(a.schluessel, a.erlaubt) for a in aktionen(k, "Ork")][:1]
[('angriff', False)]
>>> aktionen(k, "Ork")[0].grund
'Ork ist erst bei Tick 3 dran; jetzt ist Tick 0 (Ada).'
"""

from __future__ import annotations

from gm_helfer.text import anzahl
from gm_helfer.zug import Aktion, Entscheidung

from .kampf import (
    Kampf,
    KampfFehler,
    Teilnehmer,
    kann_reagieren,
    konter_erschwernis,
    reaktions_ticks,
    verteidigungswert,
)

__all__ = [
    "am_zug",
    "reihenfolge",
    "aktionen",
    "standard_ziel",
    "standard_waffe",
    "offene_entscheidungen",
    "verteidigung_entscheidung",
]

SPIELLEITER = "Spielleiter"


def _jetzt_dran(kampf: Kampf) -> list[Teilnehmer]:
    """Wer bei diesem Tick (gleichzeitig) dran ist, in der Reihenfolge des Zeitstrahls."""
    namen = set(kampf.am_zug)
    return [t for t in kampf.reihenfolge() if t.name in namen]


def am_zug(kampf: Kampf) -> str | None:
    """Wer jetzt handelt: wer kontern darf; sonst der Erste mit der niedrigsten Position, der
    keine Reaktion angesagt hat (wer wartet, ist erst dran, wenn sonst niemand mehr bei diesem
    Tick handelt); ``None`` vor dem Start oder wenn niemand mehr handeln kann."""
    if not kampf.gestartet:
        return None
    if kampf.konter is not None:
        return kampf.konter[0]
    dran = _jetzt_dran(kampf)
    if not dran:
        return None
    return next((t.name for t in dran if not t.angesagt), dran[0].name)


def reihenfolge(kampf: Kampf) -> list[str]:
    """Die Kampffähigen nach Position auf dem Zeitstrahl (gleiche Position: gleichzeitig);
    wer am Zug ist, zuerst; leer vor dem Start."""
    if not kampf.gestartet:
        return []
    jetzt = am_zug(kampf)
    namen = [t.name for t in kampf.reihenfolge()]
    if jetzt in namen:
        namen.remove(jetzt)
        namen.insert(0, jetzt)
    return namen


def _bereite_waffen(t: Teilnehmer) -> list[str]:
    return [w.name for w, s in zip(t.kaempfer.waffen, t.waffen_status) if s == "bereit"]


def _nicht_dran(kampf: Kampf, wer: str) -> str | None:
    """Warum ``wer`` jetzt nicht handeln darf – ``None``, wenn er bei diesem Tick dran ist."""
    if not kampf.gestartet:
        return "Der Kampf hat noch nicht begonnen: erst die Startpositionen würfeln."
    t = kampf[wer]
    if t.kampfunfaehig(kampf.optionen):
        return f"{wer} ist kampfunfähig."
    if kampf.konter is not None:
        verteidiger, angreifer = kampf.konter
        if wer != verteidiger:
            return f"{verteidiger} darf gegen {angreifer} kontern – erst darüber entscheiden."
        return "Erst über den Konter entscheiden: kontern oder verzichten."
    if wer not in kampf.am_zug:
        return f"{wer} ist erst bei Tick {t.position} dran; jetzt ist Tick {kampf.jetzt} ({', '.join(kampf.am_zug)})."
    return None


def aktionen(kampf: Kampf, wer: str | None) -> list[Aktion]:
    """Was ``wer`` jetzt tun könnte; verbotene Handlungen mit deutschem Grund.

    Schlüssel: ``angriff`` (mit der Waffe auf ein Ziel), ``aktion`` (eine andere Aktion mit
    Ticks), ``ansage`` (Reaktion ansagen), ``ansage_verfallen`` (die angesagte Reaktion
    verfällt, 1 Tick); bei offenem Konter für den Verteidiger ``konter`` und
    ``konter_verzichten``. Mit ``wer=None``: ``start`` (Startpositionen würfeln), solange der
    Kampf nicht begonnen hat – sonst nichts (der Zeitstrahl kennt keine Runden).
    """
    if wer is None:
        return [] if kampf.gestartet else [Aktion("start", "Startpositionen würfeln", True, None)]
    t = kampf[wer]
    grund = _nicht_dran(kampf, wer)
    liste: list[Aktion] = []
    if kampf.konter is not None and kampf.konter[0] == wer and not t.kampfunfaehig(kampf.optionen):
        angreifer = kampf.konter[1]
        erschwernis = konter_erschwernis(kampf, wer)
        waffen = _bereite_waffen(t)
        g = None if waffen else f"{wer} hat keine bereite Waffe."
        liste += [Aktion("konter", f"Gegen {angreifer} kontern (um {erschwernis} erschwert)", g is None, g),
                  Aktion("konter_verzichten", "Auf den Konter verzichten", True, None)]
    if grund is None and t.angesagt:
        warten = (f"{wer} hat eine Reaktion angesagt – seine Aktion ist die Reaktion. Kommt kein "
                  "Angriff, verfällt sie (1 Tick).")
        return [Aktion("angriff", "Angreifen", False, warten),
                Aktion("aktion", "Andere Aktion", False, warten),
                Aktion("ansage", "Reaktion ansagen", False, f"{wer} hat schon eine Reaktion angesagt."),
                Aktion("ansage_verfallen", "Angesagte Reaktion verfallen lassen (1 Tick)", True, None)]
    g_angriff = grund
    if g_angriff is None:
        if not _bereite_waffen(t):
            g_angriff = f"{wer} hat keine bereite Waffe (verloren oder gebrochen)."
        elif not any(x.name != wer for x in kampf.aktive):
            g_angriff = "Niemand sonst steht noch."
    return liste + [
        Aktion("angriff", "Angreifen", g_angriff is None, g_angriff),
        Aktion("aktion", "Andere Aktion", grund is None, grund),
        Aktion("ansage", "Reaktion ansagen", grund is None, grund),
        Aktion("ansage_verfallen", "Angesagte Reaktion verfallen lassen (1 Tick)", False,
               grund or f"{wer} hat keine Reaktion angesagt."),
    ]


def standard_ziel(kampf: Kampf, wer: str) -> str | None:
    """Wer kontert, zielt auf seinen Angreifer; sonst der erste kampffähige Gegner der anderen
    Partei (Reihenfolge der Aufstellung) – nie ein Verbündeter; ``None`` ohne Gegner."""
    if kampf.konter is not None and kampf.konter[0] == wer:
        return kampf.konter[1]
    partei = kampf[wer].partei
    return next((t.name for t in kampf.aktive if t.partei != partei), None)


def standard_waffe(kampf: Kampf, wer: str) -> str | None:
    """Die erste bereite eigene Angriffswaffe (kein Schild, nicht waffenlos); sonst die erste
    bereite Waffe überhaupt; ``None`` ohne bereite Waffe."""
    t = kampf[wer]
    bereit = [w for w, s in zip(t.kaempfer.waffen, t.waffen_status) if s == "bereit"]
    passend = [w for w in bereit if not w.schild and not w.waffenlos]
    wahl = (passend or bereit or [None])[0]
    return wahl.name if wahl is not None else None


_TEXT = {"ausweichen": "aktiv ausweichen", "parade": "parieren", "blocken": "blocken"}


def verteidigung_entscheidung(kampf: Kampf, angreifer: str, ziel: str, waffe: str) -> Entscheidung | None:
    """Die aktiven Verteidigungen, die ``ziel`` gegen diesen geplanten Angriff wählen darf
    (Abschnitte „Verteidigung“ und „Reaktionen“), mit ihren Ticks – ``None``, wenn nur das
    passive Ausweichen bleibt. Die Entscheidung ist getroffen, sobald gewürfelt ist."""
    if angreifer == ziel or _nicht_dran(kampf, angreifer) is not None and not (
            kampf.konter is not None and kampf.konter[0] == angreifer):
        return None
    a, z = kampf[angreifer], kampf[ziel]
    try:
        _, w = a.kaempfer.waffe(waffe)
    except KampfFehler:
        return None
    ende = (a.position or 0) + w.geschwindigkeit
    if kann_reagieren(kampf, ziel, ende):
        return None
    moeglich = [f"aktiv ausweichen ({anzahl(reaktions_ticks(kampf, ziel, 'ausweichen'), 'Tick', 'Ticks')})"]
    for i, vw in enumerate(z.kaempfer.waffen):
        for art in ("parade", "blocken"):
            try:
                verteidigungswert(kampf, ziel, art, i)
                ticks = reaktions_ticks(kampf, ziel, art, i)
            except KampfFehler:
                continue
            moeglich.append(f"mit {vw.name} {_TEXT[art]} ({anzahl(ticks, 'Tick', 'Ticks')})")
    return Entscheidung("verteidigung", ziel,
                        f"{ziel} kann vor dem Wurf " + ", ".join(moeglich[:-1])
                        + (" oder " if len(moeglich) > 1 else "") + moeglich[-1]
                        + " – sonst zählt das passive Ausweichen.")


def offene_entscheidungen(kampf: Kampf, *, angreifer: str | None = None, ziel: str | None = None,
                          waffe: str | None = None) -> list[Entscheidung]:
    """Offene Entscheidungen: ein Konter (bis genommen oder ausgeschlagen), angesagte
    Reaktionen (bis ein Angriff kommt oder sie verfallen) und – für einen geplanten Angriff von
    ``angreifer`` (Standard: wer am Zug ist) auf ``ziel`` mit ``waffe`` – die Verteidigung des Ziels.

    Regeltext › Kontern: „Bei einer gut gelungenen aktiven Verteidigung (3 besser als nötig) ist
    ein sofortiger Gegenangriff möglich …“; › Reaktionen: „Falls der Angriff allerdings ausbleibt,
    so verbraucht man auf diese Weise eine Zeiteinheit und die Aktion ist vorbei.“
    """
    offen = []
    if kampf.konter is not None:
        verteidiger, gegner = kampf.konter
        offen.append(Entscheidung(
            "konter", verteidiger,
            f"{verteidiger} darf sofort gegen {gegner} kontern (um {konter_erschwernis(kampf, verteidiger)} "
            "erschwert) – kontern oder verzichten."))
    for t in kampf.aktive:
        if t.angesagt:
            offen.append(Entscheidung(
                "ansage", t.name,
                f"{t.name} wartet mit angesagter Reaktion auf einen Angriff – kommt keiner, verfällt "
                "sie (1 Tick)."))
    angreifer = angreifer or am_zug(kampf)
    if angreifer and ziel and waffe:
        v = verteidigung_entscheidung(kampf, angreifer, ziel, waffe)
        if v is not None:
            offen.append(v)
    return offen
