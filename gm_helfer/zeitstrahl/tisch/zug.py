"""Zug-Schnittstelle für den Zeitstrahl: wer handelt, was er darf, Vorgaben, offene Entscheidungen.

Reine Funktionen über :class:`~gm_helfer.zeitstrahl.kampf.Kampf` (Vertrag in ``HELFER.md``,
Werte :class:`~gm_helfer.zug.Aktion` und :class:`~gm_helfer.zug.Entscheidung`).
Regeltext ``regeln/zeitstrahl.txt`` › Der Kampf: „Der mit der niedrigsten Position auf dem
Zeitstrahl ist als erstes an der Reihe. Wenn mehrere Parteien gleichzeitig dran sind, finden
deren Aktionen auch gleichzeitig statt.“ Wer gleichzeitig dran ist, klickt in der Oberfläche
nacheinander (jeder darf, :func:`am_zug` nennt den ersten), würfelt aber gegen den Stand vor
dem Abtausch (``Optionen.gleichzeitig``; :class:`~gm_helfer.zeitstrahl.zustand.Abtausch`);
ein offener Konter geht allem vor.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from gm_helfer.text import anzahl
from gm_helfer.zug import Aktion, Entscheidung, gruppe_halt_vermerken, gruppe_setzt_fort

from ..kampf import (
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
    "schaden_beispiel",
    "offene_entscheidungen",
    "verteidigung_entscheidung",
    "wurf_stand",
    "abtausch_hinweis",
    "HELDEN",
    "NSC_AUTOMATIK",
    "nsc_entscheiden",
    "Vorschlag",
    "Gruppenzug",
    "ist_nsc",
    "vorschlag",
    "vorschlag_spielen",
    "gruppe_handelt",
    "nsc_verteidigung",
    "verteidigung_vorgabe",
    "gesperrte_verteidigungen",
]

SPIELLEITER = "Spielleiter"


def _jetzt_dran(kampf: Kampf) -> list[Teilnehmer]:
    """Wer bei diesem Tick (gleichzeitig) dran ist, in der Reihenfolge des Zeitstrahls."""
    if kampf.abtausch is not None:
        return [kampf[n] for n in kampf.abtausch.offen]
    namen = set(kampf.am_zug)
    return [t for t in kampf.reihenfolge() if t.name in namen]


def wurf_stand(kampf: Kampf, wer: str | None) -> Kampf:
    """Der Stand, gegen den ``wer`` handelt: im gleichzeitigen Abtausch der Stand vor ihm
    (Regeltext › Der Kampf: „… finden deren Aktionen auch gleichzeitig statt“), sonst ``kampf``."""
    ab = kampf.abtausch
    if ab is not None and wer in ab.offen and kampf.konter is None:
        return ab.basis
    return kampf


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


def abtausch_hinweis(kampf: Kampf, wer: str | None) -> str:
    """Ein Satz für das Zug-Panel, wenn ``wer`` in einem gleichzeitigen Abtausch handelt (sonst
    leer): gegen welchen Stand er würfelt und wer noch offen ist."""
    ab = kampf.abtausch
    if ab is None or wer not in ab.offen or kampf.konter is not None:
        return ""
    andere = [n for n in ab.offen if n != wer]
    gefallen = " – auch wenn er inzwischen getroffen ist" if kampf[wer].kampfunfaehig(kampf.optionen) else ""
    return (f"Gleichzeitig bei Tick {ab.tick}: {wer} würfelt gegen den Stand vor dem Abtausch{gefallen}"
            + (f"; danach noch {', '.join(andere)}" if andere else "; danach gelten alle Ergebnisse zusammen")
            + ".")


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
    im_abtausch = kampf.abtausch is not None and wer in kampf.abtausch.offen
    if t.kampfunfaehig(kampf.optionen) and not im_abtausch:
        return f"{wer} ist kampfunfähig."
    if kampf.konter is not None:
        verteidiger, angreifer = kampf.konter
        if wer != verteidiger:
            return f"{verteidiger} darf gegen {angreifer} kontern – erst darüber entscheiden."
        return "Erst über den Konter entscheiden: kontern oder verzichten."
    ab = kampf.abtausch
    if ab is not None and wer not in ab.offen and t.position == ab.tick:
        return (f"{wer} hat im gleichzeitigen Abtausch bei Tick {ab.tick} schon gehandelt – noch "
                f"offen: {', '.join(ab.offen)}.")
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
    if kampf.konter is not None and kampf.konter[0] == wer:
        # auch wer dabei kampfunfähig wurde, muss den Konter ausschlagen können – sonst stünde
        # der Kampf (jeder andere Schritt wartet auf diese Entscheidung)
        angreifer = kampf.konter[1]
        erschwernis = konter_erschwernis(kampf, wer)
        waffen = _bereite_waffen(t)
        g = (f"{wer} ist kampfunfähig." if t.kampfunfaehig(kampf.optionen)
             else None if waffen else f"{wer} hat keine bereite Waffe.")
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
        elif not any(x.name != wer for x in wurf_stand(kampf, wer).aktive):
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
    lage = wurf_stand(kampf, wer)
    partei = lage[wer].partei
    return next((t.name for t in lage.aktive if t.partei != partei), None)


def standard_waffe(kampf: Kampf, wer: str) -> str | None:
    """Die erste bereite eigene Angriffswaffe (kein Schild, nicht waffenlos); sonst die erste
    bereite Waffe überhaupt; ``None`` ohne bereite Waffe."""
    t = kampf[wer]
    bereit = [w for w, s in zip(t.kaempfer.waffen, t.waffen_status) if s == "bereit"]
    passend = [w for w in bereit if not w.schild and not w.waffenlos]
    wahl = (passend or bereit or [None])[0]
    return wahl.name if wahl is not None else None


def schaden_beispiel(kampf: Kampf | None, wer: str | None, waffe: str | None) -> str:
    """Der Platzhalter des Felds „Trefferpunkte“ für diese Waffe: ein vollständiges Beispiel mit so
    vielen Augen, wie die Waffe Schadenswürfel wirft („z. B. 3 1 (2W4)“ für ein Rapier, „z. B. 3 1 3
    (3W4)“ für eine Stachelkeule). Ohne Waffe ein Beispiel mit zwei Würfeln."""
    from gm_helfer import wuerfel

    if kampf is None or not wer or not waffe:
        return "z. B. 3 1"
    try:
        w = next((w for w in kampf[wer].kaempfer.waffen if w.name == waffe), None)
        if w is not None:
            return f"z. B. {wuerfel.beispiel(w.schaden, ' ')} ({w.schaden})"
    except (KampfFehler, wuerfel.WuerfelFehler):
        pass
    return "z. B. 3 1"


_TEXT = {"ausweichen": "aktiv ausweichen", "parade": "parieren", "blocken": "blocken"}


def verteidigung_entscheidung(kampf: Kampf, angreifer: str, ziel: str, waffe: str) -> Entscheidung | None:
    """Die aktiven Verteidigungen, die ``ziel`` gegen diesen geplanten Angriff wählen darf
    (Abschnitte „Verteidigung“ und „Reaktionen“), mit ihren Ticks – ``None``, wenn nur das
    passive Ausweichen bleibt. Die Entscheidung ist getroffen, sobald gewürfelt ist."""
    if angreifer == ziel or _nicht_dran(kampf, angreifer) is not None and not (
            kampf.konter is not None and kampf.konter[0] == angreifer):
        return None
    kampf = wurf_stand(kampf, angreifer)
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
    ab = kampf.abtausch
    if ab is not None and ab.offen:
        offen.append(Entscheidung(
            "gleichzeitig", ab.offen[0],
            f"Bei Tick {ab.tick} handeln gleichzeitig noch {', '.join(ab.offen)} – jeder gegen den "
            "Stand vor dem Abtausch, auch wer inzwischen getroffen ist; die Ergebnisse gelten "
            "zusammen."))
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


# --- Vorschläge der Taktik (Issue 26) ------------------------------------------------------

HELDEN = "Helden"
"""Die Partei der Spieler: wer nicht zu ihr gehört, führt der Spielleiter (ein NSC)."""


@dataclass(frozen=True)
class Vorschlag:
    """Was die Taktik der Partei von ``wer`` jetzt täte (dieselbe Funktion wie die Simulation,
    :func:`gm_helfer.zeitstrahl.simulation.zugwahl`).

    ``schluessel`` ist der Schlüssel der Handlung in :func:`aktionen` (``angriff``, ``konter``,
    ``konter_verzichten``, ``aktion`` fürs Warten ohne Waffe, ``ansage_verfallen``); ``waffe`` und
    ``verteidigungs_waffe`` sind Namen; ``verteidigung`` ist die Wahl, die die Taktik des Ziels
    trifft (bei einem Helden als Ziel entscheidet der Spieler, :attr:`verteidigung_offen`)."""

    schluessel: str
    wer: str
    text: str
    ziel: str | None = None
    waffe: str | None = None
    verteidigung: str = "passiv"
    verteidigungs_waffe: str | None = None
    optionen: Mapping[str, Any] = field(default_factory=dict)
    verteidigung_offen: bool = False
    """Das Ziel darf aktiv verteidigen (:func:`verteidigung_entscheidung`) – eine Wahl seiner Seite."""
    wahl: Any = field(default=None, repr=False, compare=False)
    """Die :class:`~gm_helfer.zeitstrahl.simulation.Zugwahl` dahinter."""


def ist_nsc(kampf: Kampf, wer: str, helden: str = HELDEN) -> bool:
    """``wer`` gehört nicht zur Partei der Spieler."""
    return kampf[wer].partei != helden


def _taktik_je_partei(kampf: Kampf, taktik: Any) -> Mapping[str, Any]:
    from ..simulation import taktiken

    parteien = tuple(dict.fromkeys(t.partei for t in kampf.teilnehmer))
    if isinstance(taktik, Mapping):  # Parteien, die nicht mitkämpfen (etwa aus einer Begegnung), fallen weg
        taktik = {p: t for p, t in taktik.items() if p in parteien}
    return taktiken(taktik, parteien)


def _hat_zu_tun(kampf: Kampf, wer: str) -> bool:
    if not kampf.gestartet or wer not in {t.name for t in kampf.teilnehmer}:
        return False
    if kampf.konter is not None:
        return kampf.konter[0] == wer
    if kampf.abtausch is None and len({t.partei for t in kampf.aktive}) < 2:
        return False  # der Kampf ist entschieden
    return _nicht_dran(kampf, wer) is None


_MERKER: dict[Any, Any] = {}


def vorschlag(zustand: Kampf, wer: str, *, taktik: Any = None, rng: Any = None) -> Vorschlag | None:
    """Der Vorschlag der Taktik für ``wer`` jetzt, oder ``None``, wenn ``wer`` nichts zu tun hat
    (nicht dran, Kampf vorbei oder nicht begonnen). ``taktik``: eine ``Taktik`` oder Partei →
    ``Taktik`` (Vorgabe: die Standardtaktik); ``rng`` nur für die zufällige Zielwahl.

    >>> from gm_helfer import zeitstrahl as z
    >>> schwert = z.Waffe("Schwert", "nahkampf", 4, "2W6")
    >>> k = z.neuer_kampf([z.Kaempfer("Ada", "Helden", fertigkeiten=(("nahkampf", 12),), waffen=(schwert,)),
    ...                    z.Kaempfer("Ork", "Feinde", fertigkeiten=(("nahkampf", 10),), waffen=(schwert,))])
    >>> k = z.anwenden(k, z.start_ereignis(k, {"Ada": 20, "Ork": 23}, augen={"Ada": "10", "Ork": "10"}))
    >>> vorschlag(k, "Ork") is None, vorschlag(k, "Ada").text
    (True, 'Ada greift Ork mit Schwert an (Ork: parieren mit Schwert).')
    """
    from ..simulation import zugwahl

    if not _hat_zu_tun(zustand, wer):
        return None
    je_partei = _taktik_je_partei(zustand, taktik)
    w = zugwahl(zustand, je_partei, _MERKER, rng, wer=wer)
    if w.wer != wer:
        return None
    t = zustand[wer]
    name = t.kaempfer.waffen[w.waffe].name if w.waffe is not None else None
    if w.aktion == "konter_verzichten":
        return Vorschlag("konter_verzichten", wer, f"{wer} verzichtet auf den Konter gegen {w.ziel}.",
                         ziel=w.ziel, wahl=w)
    if w.aktion == "warten":
        from ..simulation import WARTE_TICKS

        return Vorschlag("aktion", wer, f"{wer} wartet ohne bereite Waffe ({WARTE_TICKS} Ticks).",
                         optionen={"ticks": WARTE_TICKS, "art": "sofort", "beschreibung": "wartet ohne Waffe"},
                         wahl=w)
    if w.aktion == "ansage_verfallen":
        return Vorschlag("ansage_verfallen", wer, f"Die angesagte Reaktion von {wer} verfällt (1 Tick).", wahl=w)
    assert w.ziel is not None
    z = wurf_stand(zustand, wer)[w.ziel]
    vname = z.kaempfer.waffen[w.verteidigungs_waffe].name if w.verteidigungs_waffe is not None else None
    vtext = {"passiv": "passiv ausweichen", "ausweichen": "aktiv ausweichen"}.get(
        w.verteidigung, f"{_TEXT.get(w.verteidigung, w.verteidigung)} mit {vname}")
    offen = name is not None and verteidigung_entscheidung(zustand, wer, w.ziel, name) is not None
    verb = "kontert gegen" if w.aktion == "konter" else "greift"
    text = f"{wer} {verb} {w.ziel} mit {name}" + (" an" if w.aktion == "angriff" else "") + f" ({w.ziel}: {vtext})."
    return Vorschlag(w.aktion, wer, text, ziel=w.ziel, waffe=name, verteidigung=w.verteidigung,
                     verteidigungs_waffe=vname, verteidigung_offen=offen, wahl=w)


def vorschlag_spielen(verlauf: Any, wer: str, augen: Mapping[str, Any] | None = None, rng: Any = None, *,
                      taktik: Any = None, vorschlag_: Vorschlag | None = None) -> tuple[Any, ...]:
    """Spielt den Vorschlag für ``wer`` (oder den übergebenen, geänderten ``vorschlag_``) als einen
    Schritt (ein Rückgängig); gibt die geschriebenen Ereignisse zurück. Die Würfel: ``augen``
    (eingetippt wie bei ``angriff_ereignis``), sonst ``rng``. Das Ereignis geht durch dieselben
    Ereignis-Bauer und Regelprüfungen wie eine Handlung von Hand.

    Raises:
        KampfFehler: ``wer`` hat nichts zu tun, oder die Handlung ist nicht erlaubt (deutsch).
    """
    from ..simulation import Zugwahl, zugwahl_ereignis

    v = vorschlag_ or vorschlag(verlauf.zustand, wer, taktik=taktik, rng=rng)
    if v is None:
        raise KampfFehler(f"{wer} hat gerade nichts zu tun.")
    kampf = verlauf.zustand
    w = v.wahl
    if vorschlag_ is not None or w is None:
        t, lage = kampf[v.wer], wurf_stand(kampf, v.wer)
        index = {n: i for i, n in enumerate(w_.name for w_ in t.kaempfer.waffen)}
        vindex = ({n: i for i, n in enumerate(w_.name for w_ in lage[v.ziel].kaempfer.waffen)}
                  if v.ziel in {x.name for x in lage.teilnehmer} else {})
        art = {"aktion": "warten"}.get(v.schluessel, v.schluessel)
        w = Zugwahl(art, v.wer, v.ziel, index.get(v.waffe) if v.waffe else None, v.verteidigung,
                    vindex.get(v.verteidigungs_waffe) if v.verteidigungs_waffe else None)
    if w.aktion in ("angriff", "konter"):
        erlaubt = {a.schluessel: a for a in aktionen(kampf, v.wer)}
        a = erlaubt.get(w.aktion if w.aktion == "konter" else "angriff")
        if a is None or not a.erlaubt:
            raise KampfFehler(a.grund if a is not None and a.grund else f"{v.wer} darf jetzt nicht angreifen.")
    anfang = len(verlauf.ereignisse)
    with verlauf.schritt():
        verlauf.ausfuehren(zugwahl_ereignis(kampf, w, rng=rng, augen=augen))
    return tuple(verlauf.ereignisse[anfang:])


_HELD_ENTSCHEIDET = "entscheidet über die Verteidigung"


@dataclass(frozen=True)
class Gruppenzug:
    """Das Ergebnis von :func:`gruppe_handelt`: je NSC ``(Name, Protokollzeile)`` und – wenn die
    Gruppe vor einer Entscheidung des Spielleiters anhält – warum (sonst leer)."""

    zuege: tuple[tuple[str, str], ...]
    halt: str = ""


def _nsc_dran(kampf: Kampf, helden: str) -> str | None:
    """Ein NSC, der jetzt handeln darf: wer kontert; sonst der erste NSC, der bei diesem Tick
    (im Abtausch: noch) dran ist, wer keine Reaktion angesagt hat zuerst; ``None``: keiner."""
    if kampf.konter is not None:
        wer = kampf.konter[0]
        return wer if ist_nsc(kampf, wer, helden) else None
    dran = [t for t in _jetzt_dran(kampf) if ist_nsc(kampf, t.name, helden) and _hat_zu_tun(kampf, t.name)]
    dran.sort(key=lambda t: t.angesagt)
    return dran[0].name if dran else None


def gruppe_handelt(verlauf: Any, rng: Any = None, *, taktik: Any = None, helden: str = HELDEN,
                   max_zuege: int = 50) -> Gruppenzug:
    """Spielt die Vorschläge aller NSCs, deren Tick jetzt ist (der gleichzeitige Abtausch, auch
    die Konter und Verzichte der NSCs darin), je als eigenes Ereignis und zusammen als **ein**
    Schritt (ein Rückgängig nimmt die Gruppe zurück). Sie hält an, sobald ein Held dran ist, der
    Tick weiterläuft, oder eine Entscheidung eines Helden ansteht: seine aktive Verteidigung
    gegen den nächsten Angriff oder sein Konter."""
    kampf = verlauf.zustand
    zuege: list[tuple[str, str]] = []
    halt = ""
    if not kampf.gestartet:
        return Gruppenzug((), "Der Kampf hat noch nicht begonnen: erst die Startpositionen würfeln.")
    tick = kampf.jetzt
    with verlauf.schritt():
        for _ in range(max_zuege):
            kampf = verlauf.zustand
            if kampf.abtausch is None and kampf.konter is None and len({t.partei for t in kampf.aktive}) < 2:
                halt = "Der Kampf ist entschieden."
                break
            if kampf.jetzt != tick and kampf.konter is None:
                halt = f"Tick {tick} ist vorbei; jetzt ist Tick {kampf.jetzt} ({', '.join(kampf.am_zug)})."
                break
            wer = _nsc_dran(kampf, helden)
            if wer is None:
                dran = am_zug(kampf)
                halt = f"{dran} ist dran (Spieler)." if dran else "Niemand ist mehr dran."
                break
            v = vorschlag(kampf, wer, taktik=taktik, rng=rng)
            if v is None:
                halt = f"{wer} hat nichts zu tun."
                break
            if v.verteidigung_offen and v.ziel is not None and not ist_nsc(kampf, v.ziel, helden):
                halt = f"{v.text[:-1]} – {v.ziel} {_HELD_ENTSCHEIDET}."
                gruppe_halt_vermerken(verlauf, wer, v.ziel, f"Gruppe handelt hält an – {halt}")
                break
            try:
                geschrieben = vorschlag_spielen(verlauf, wer, rng=rng, vorschlag_=v)
            except KampfFehler as fehler:
                halt = str(fehler)
                break
            zuege += [(wer, e.text) for e in geschrieben]
        else:
            halt = "Zu viele Züge auf einmal – angehalten."
    return Gruppenzug(tuple(zuege), halt)


def nsc_verteidigung(kampf: Kampf, wer: str, ziel: str | None, waffe: str | None = None, *,
                     taktik: Any = None, helden: str = HELDEN) -> tuple[str, str | None] | None:
    """Die Verteidigung, die die Taktik eines **NSC** als Ziel gegen diesen Angriff wählt
    (``art``, Name der Verteidigungswaffe) – die Vorauswahl im Panel (Issue 26, Punkt 3); ``None``,
    wenn das Ziel ein Held ist (der Spieler entscheidet) oder es keinen Angriff gibt."""
    from ..simulation import _erste_bereite_waffe, _verteidigung

    if not ziel or not kampf.gestartet or not ist_nsc(kampf, ziel, helden) or ziel == wer:
        return None
    lage = wurf_stand(kampf, wer)
    a = lage[wer]
    namen = [w.name for w in a.kaempfer.waffen]
    index = namen.index(waffe) if waffe in namen else _erste_bereite_waffe(a)
    if index is None or not any(t.name == ziel for t in lage.teilnehmer):
        return None
    art, vw = _verteidigung(lage, wer, ziel, index, _MERKER, _taktik_je_partei(kampf, taktik)[lage[ziel].partei])
    return art, (lage[ziel].kaempfer.waffen[vw].name if vw is not None else None)


NSC_AUTOMATIK: dict[str, str] = {
    "verteidigung": "Verteidigung der Gegner als Ziel (passiv, Ausweichen, Parade, Blocken) nach ihrer Taktik",
    "konter": "Konter der Gegner (kontern oder verzichten)",
    "gruppe": "Gegnergruppe spielt nach der Verteidigung eines Helden in ihrem Tick weiter",
}
"""Die Entscheidungen der NSC, die das Panel je Schalter ohne Rückfrage nach der Taktik trifft:
``verteidigung`` ist Teil des Angriffs (die Vorauswahl im Panel, :func:`nsc_verteidigung` – mit dem
Schalter gilt sie bei jedem Angriff auf einen NSC); ``konter`` spielt :func:`nsc_entscheiden` im
Schritt des Klicks, der den Konter geöffnet hat; ``gruppe``: hielt „Gruppe handelt“ vor der
Verteidigung eines Helden an, spielt die Gruppe nach dem Klick, der den Angriff samt dieser
Verteidigung spielt, im selben Schritt weiter – nur dann: der Halt steht im Protokoll
(:func:`gm_helfer.zug.gruppe_setzt_fort`); ein von Hand gespielter Angriff eines NSC, dessen Zug der
Spielleiter selbst weiterführt, setzt nichts fort. Alle Schalter sind zu Beginn an."""
def nsc_entscheiden(verlauf: Any, arten: Any, *, taktik: Any = None, rng: Any = None,
                    helden: str = HELDEN) -> list[str]:
    """Trifft die offenen Entscheidungen der NSC der Arten ``arten`` (Schlüssel von
    :data:`NSC_AUTOMATIK`) nach ihrer Taktik – derselbe Vorschlag wie „Vorschlag spielen“
    (:func:`vorschlag`, aus :func:`gm_helfer.zeitstrahl.simulation.zugwahl`): ein NSC, der kontern
    darf, kontert oder verzichtet (Regeltext › Kontern). Jede als gewöhnliches Ereignis mit ihrer
    Regel, im Schritt, der gerade läuft. Gibt die Protokollzeilen (leer: nichts zu entscheiden)."""
    zeilen: list[str] = []
    weiter = "gruppe" in set(arten or ()) and gruppe_setzt_fort(verlauf)
    with verlauf.schritt():
        # ein Konter öffnet höchstens den nächsten; Schranke nur zur Sicherheit
        for _ in range(8 if "konter" in set(arten or ()) else 0):
            kampf = verlauf.zustand
            if kampf.konter is None or not ist_nsc(kampf, kampf.konter[0], helden):
                break
            v = vorschlag(kampf, kampf.konter[0], taktik=taktik, rng=rng)
            if v is None or v.schluessel not in ("konter", "konter_verzichten"):
                break
            zeilen += [f"Taktik: {e.text}" for e in vorschlag_spielen(verlauf, v.wer, rng=rng, vorschlag_=v)]
    if weiter:
        zeilen += _gruppe_weiter(verlauf, taktik=taktik, rng=rng, helden=helden)
    return zeilen


def _gruppe_weiter(verlauf: Any, *, taktik: Any, rng: Any, helden: str) -> list[str]:
    """Der Schalter ``gruppe`` (der Klick hat den Angriff gespielt, vor dem „Gruppe handelt“ für die
    Verteidigung eines Helden anhielt, :func:`gm_helfer.zug.gruppe_setzt_fort`): ist jetzt ein NSC dran, spielt
    :func:`gruppe_handelt` im laufenden Schritt weiter – bis zur nächsten Entscheidung eines Helden."""
    kampf = verlauf.zustand
    if not kampf.gestartet or _nsc_dran(kampf, helden) is None:
        return []
    with verlauf.schritt():
        g = gruppe_handelt(verlauf, rng, taktik=taktik, helden=helden)
    halt = g.zuege and g.halt or _HELD_ENTSCHEIDET in g.halt  # ohne Zug nur der Halt vor einem Helden
    return [f"Taktik: {t}" for _, t in g.zuege] + ([f"Angehalten – {g.halt}"] if halt else [])


@dataclass(frozen=True)
class VerteidigungsVorgabe:
    """Die Vorauswahl der Verteidigung im Panel: was der Verteidiger nach den exakten Chancen am
    besten wählt, und eine Verteidigungswaffe, mit der auch Parade und Blocken gehen."""

    art: str
    """„passiv“, „ausweichen“, „parade“ oder „blocken“ – die geringste Trefferchance des Angreifers
    (Gleichstand: weniger Ticks, dann die Reihenfolge der Wahlen)."""
    waffe: str | None
    """Waffe der besten Wahl; ohne Waffe (Ausweichen) die erste, die parieren und blocken darf."""
    treffer: float
    """Die Trefferchance des Angreifers gegen diese Verteidigung."""
    grund: Mapping[tuple[str, str | None], str] = field(default_factory=dict)
    """Warum eine Verteidigung (Art, Waffe) gerade nicht geht – für gesperrte Optionen."""


def verteidigung_vorgabe(kampf: Kampf, wer: str | None, ziel: str | None,
                         waffe: str | None = None) -> VerteidigungsVorgabe | None:
    """Die beste Verteidigung von ``ziel`` gegen den Angriff von ``wer`` nach den exakten Chancen
    (:func:`gm_helfer.zeitstrahl.vorschau.verteidigungs_wahlen`); nur erlaubte Wahlen, also nie
    Blocken mit einer Kettenwaffe. ``None`` ohne Angriff."""
    from ..vorschau import verteidigungs_wahlen

    if not wer or not ziel or ziel == wer or not kampf.gestartet:
        return None
    lage = wurf_stand(kampf, wer)
    waffe = waffe or standard_waffe(lage, wer)
    if waffe is None or not any(t.name == ziel for t in lage.teilnehmer):
        return None
    try:
        wahlen = verteidigungs_wahlen(lage, wer, ziel, waffe)
    except KampfFehler:
        return None
    namen = [w.name for w in lage[ziel].kaempfer.waffen]
    grund = {(w.art, namen[w.waffe] if w.waffe is not None else None): w.grund or "nicht möglich"
             for w in wahlen if w.grund or w.chancen is None}
    erlaubt = [(i, w, w.chancen) for i, w in enumerate(wahlen) if not w.grund and w.chancen is not None]
    if not erlaubt:
        return None
    _, beste, chancen = min(erlaubt, key=lambda t: (round(t[2].treffer, 12), t[1].ticks, t[0]))
    vw = namen[beste.waffe] if beste.waffe is not None else _verteidigungswaffe(namen, grund)
    return VerteidigungsVorgabe(beste.art, vw, chancen.treffer, grund)


def _verteidigungswaffe(namen: list[str], grund: Mapping[tuple[str, str | None], str]) -> str | None:
    """Die erste Waffe, die parieren und blocken darf (sonst die erste, die blocken darf)."""
    beide = [n for n in namen if ("parade", n) not in grund and ("blocken", n) not in grund]
    blocken = [n for n in namen if ("blocken", n) not in grund]
    kandidaten = beide or blocken or namen
    return kandidaten[0] if kandidaten else None


_ART_TEXT = {"passiv": "passives Ausweichen", "ausweichen": "aktives Ausweichen", "parade": "Parade", "blocken": "Blocken"}


def gesperrte_verteidigungen(vorgabe: VerteidigungsVorgabe | None) -> str:
    """Die Verteidigungen, die gerade nicht gehen, mit Grund – vor dem Klick, nicht erst als
    Ablehnung danach („✗ Blocken mit Flegel: Mit der Kettenwaffe Flegel ist kein Blocken möglich.“);
    leer, wenn alles geht.

    >>> gesperrte_verteidigungen(VerteidigungsVorgabe("parade", "Schwert", 0.4, {("blocken", "Flegel"): "Kette."}))
    "<span class='tisch-verboten'>✗ Blocken mit Flegel: Kette.</span>"

    Derselbe Grund steht einmal, mit allen Verteidigungen davor (eine Zeile statt vier im Panel):

    >>> gesperrte_verteidigungen(VerteidigungsVorgabe("passiv", None, 0.9, {("ausweichen", None): "Zu spät.",
    ...                                                                      ("parade", "Axt"): "Zu spät."}))
    "<span class='tisch-verboten'>✗ aktives Ausweichen, Parade mit Axt: Zu spät.</span>"
    """
    if vorgabe is None or not vorgabe.grund:
        return ""
    je_grund: dict[str, list[str]] = {}
    for (art, waffe), grund in vorgabe.grund.items():
        je_grund.setdefault(grund, []).append(f"{_ART_TEXT.get(art, art)}{f' mit {waffe}' if waffe else ''}")
    zeilen = (f"✗ {', '.join(wege)}: {grund}" for grund, wege in je_grund.items())
    return "<span class='tisch-verboten'>" + " · ".join(zeilen) + "</span>"
