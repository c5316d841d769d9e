"""Zug-Schnittstelle für Aloran: wer handelt, was er darf, Vorgaben, offene Entscheidungen.

Reine Funktionen über :class:`~gm_helfer.aloran.kampf.Kampf` (Vertrag in ``HELFER.md``, Werte
:class:`~gm_helfer.zug.Aktion` und :class:`~gm_helfer.zug.Entscheidung`). Die Reihenfolge selbst
regelt :mod:`gm_helfer.aloran.kampf` (``am_zug``, ``zug_sperre``, ``abwarten_ereignis``,
``zug_ende_ereignis``): Allgemeine Regeln › 1.–3. Phase – „Die Aktionsreihenfolge ergibt sich
dann mit dem höchsten Wert, nachfolgend in absteigender Reihenfolge.“ „Sollten mehrere
Kombattanten über denselben Initiativewert verfügen, geschehen ihre Aktionen in der Regel
gleichzeitig“ – wer gleichzeitig dran ist, handelt in der Oberfläche nacheinander (jeder darf,
:func:`am_zug` nennt den ersten). Wer abwartet, kommt dran, wenn die Reihenfolge durch ist.

>>> from gm_helfer.aloran import anwenden, initiative_ereignis, neuer_kampf
>>> from gm_helfer.aloran.werte import beispielwerte
>>> k = neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
>>> am_zug(k), [a.schluessel for a in aktionen(k, None)]
(None, ['initiative'])
>>> for e in runde_beginnen(k, augen={"Ada": "7", "Ork": "0"}):
...     k = anwenden(k, e)
>>> am_zug(k), reihenfolge(k), standard_ziel(k, "Ork")
('Ork', ['Ork', 'Ada'], 'Ada')
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.text import anzahl
from gm_helfer.zug import Aktion, Entscheidung

from . import kampf as _k
from .daten import AKTION_NAME
from .kampf import Kampf, kann_handeln, kann_verteidigen, zug_sperre
from .proben import AloranFehler
from .werte import angriffsart, angriffsarten, verteidigungen_gegen, zweitwaffe

__all__ = [
    "am_zug",
    "reihenfolge",
    "aktionen",
    "standard_ziel",
    "standard_waffe",
    "offene_entscheidungen",
    "verteidigung_entscheidung",
    "runde_beginnen",
    "neue_runde",
]


def _abwartende(kampf: Kampf) -> list[str]:
    return [k.name for gruppe in _k.reihenfolge(kampf) for k in gruppe
            if k.zug == "abwartend" and kann_handeln(kampf, k.name)]


def am_zug(kampf: Kampf) -> str | None:
    """Wer jetzt handelt: der Erste der Gruppe mit der höchsten Initiative, deren Zug aussteht;
    ist die Reihenfolge durch, wer noch abwartet; ``None`` vor Runde 1 und wenn die nächste
    Runde beginnen kann."""
    gruppe = _k.am_zug(kampf)
    if gruppe:
        return gruppe[0]
    wartend = _abwartende(kampf) if kampf.runde >= 1 else []
    return wartend[0] if wartend else None


def reihenfolge(kampf: Kampf) -> list[str]:
    """Wer in dieser Runde noch handeln kann, in Handlungsreihenfolge: wer am Zug ist, dann wer
    noch aussteht (höchste Initiative zuerst), dann wer abwartet, zuletzt wer schon gehandelt hat."""
    alle = [k for gruppe in _k.reihenfolge(kampf) for k in gruppe
            if k.initiative is not None and kann_handeln(kampf, k.name)]
    rang = {"": 0, "abwartend": 1, "fertig": 2}
    namen = [k.name for k in sorted(alle, key=lambda k: rang.get(k.zug, 0))]
    jetzt = am_zug(kampf)
    if jetzt in namen:
        namen.remove(jetzt)
        namen.insert(0, jetzt)
    return namen


def runde_beginnen(kampf: Kampf, *, rng: Any = None, augen: Mapping[str, Any] | None = None,
                   hinterhalt: Sequence[str] = ()) -> list[Ereignis]:
    """Die Ereignisse für „nächste Runde“ in einem Schritt: vor dem Kampf erst die Initiative
    (gilt den ganzen Kampf), dann ``runde``. Die Liste wird der Reihe nach angewandt."""
    ereignisse = []
    if kampf.runde == 0 and any(k.initiative is None for k in kampf.kaempfer):
        ini = _k.initiative_ereignis(kampf, rng=rng, augen=augen, hinterhalt=hinterhalt)
        ereignisse.append(ini)
        kampf = _k.anwenden(kampf, ini)
    ereignisse.append(_k.runde_ereignis(kampf))
    return ereignisse


def neue_runde(verlauf: Verlauf, *, rng: Any = None, augen: Mapping[str, Any] | None = None,
               hinterhalt: Sequence[str] = ()) -> list[str]:
    """Ein Klick „Neue Runde“ (vor dem Kampf samt Initiative, :func:`runde_beginnen`); gibt die
    Protokollzeilen zurück. Wird etwas abgelehnt, ist nichts eingetragen."""
    ereignisse = runde_beginnen(verlauf.zustand, rng=rng, augen=augen, hinterhalt=hinterhalt)
    for e in ereignisse:
        verlauf.ausfuehren(e)
    return [e.text for e in ereignisse]


def _gegner(kampf: Kampf, wer: str) -> list[str]:
    seite = kampf.kaempfer_namens(wer).werte.seite
    return [k.name for k in kampf.kaempfer if k.werte.seite != seite and kann_handeln(kampf, k.name)]


def _aktion_frei(kampf: Kampf, wer: str, art: str) -> str | None:
    """``None``, wenn ``wer`` jetzt eine eigene Aktion der Art ``art`` nutzen darf; sonst der Grund."""
    grund = zug_sperre(kampf, wer, art)
    if grund is not None:
        return grund
    if getattr(kampf.kaempfer_namens(wer).aktionen, art) <= 0:
        return f"{wer} hat in dieser Runde keine {AKTION_NAME[art]} mehr."
    return None


def aktionen(kampf: Kampf, wer: str | None) -> list[Aktion]:
    """Was ``wer`` jetzt tun könnte; verbotene Handlungen mit deutschem Grund.

    Schlüssel: ``angriff`` (Kampfaktion: Attacke, Zauber, Manöver), ``zweitwaffe`` (nur mit
    einer Zweitwaffe: die Bonusaktion als Angriff), ``bewegung``, ``interaktion``, ``abwarten``
    (Aktionen zurückhalten), ``zug_beenden``. Mit ``wer=None`` die Schritte zwischen den Runden:
    ``initiative`` (vor dem Kampf: Initiative würfeln und Runde 1 beginnen) bzw. ``runde``.
    """
    if wer is None:
        if kampf.runde == 0 and any(k.initiative is None for k in kampf.kaempfer):
            return [Aktion("initiative", "Initiative würfeln und Runde 1 beginnen", True, None)]
        jetzt = am_zug(kampf)
        grund = None if jetzt is None else f"{jetzt} ist noch am Zug."
        return [Aktion("runde", f"Runde {kampf.runde + 1} beginnen", grund is None, grund)]
    k = kampf.kaempfer_namens(wer)
    g_angriff = _aktion_frei(kampf, wer, "kampf")
    if g_angriff is None and not _gegner(kampf, wer):
        g_angriff = "Kein Gegner steht mehr."
    liste = [Aktion("angriff", "Angreifen", g_angriff is None, g_angriff)]
    zw = zweitwaffe(k.werte)
    if zw is not None:
        g_zw = zug_sperre(kampf, wer, "kampf")
        if g_zw is None and k.aktionen.zweitwaffe <= 0:
            g_zw = f"{wer} hat die Bonusaktion der Zweitwaffe in dieser Runde schon genutzt."
        if g_zw is None and not _gegner(kampf, wer):
            g_zw = "Kein Gegner steht mehr."
        liste.append(Aktion("zweitwaffe", f"Mit der Zweitwaffe angreifen ({zw.name})", g_zw is None, g_zw))
    g_bew = _aktion_frei(kampf, wer, "bewegung")
    g_int = _aktion_frei(kampf, wer, "interaktion")
    dran = wer in _k.am_zug(kampf)
    g_warten = zug_sperre(kampf, wer, "kampf")
    if g_warten is None and k.zug == "abwartend":
        g_warten = f"{wer} wartet schon ab."
    elif g_warten is None and not dran:
        g_warten = "Abwarten kann nur, wer an der Reihe ist."
    g_ende = None if dran or k.zug == "abwartend" else (zug_sperre(kampf, wer) or f"{wer} ist nicht am Zug.")
    return liste + [
        Aktion("bewegung", "Bewegen", g_bew is None, g_bew),
        Aktion("interaktion", "Interaktion", g_int is None, g_int),
        Aktion("abwarten", "Abwarten (später eingreifen)", g_warten is None, g_warten),
        Aktion("zug_beenden", "Zug beenden", g_ende is None, g_ende),
    ]


def standard_ziel(kampf: Kampf, wer: str) -> str | None:
    """Der erste Gegner der anderen Seite, der noch handeln kann (Reihenfolge der Aufstellung) –
    nie ein Verbündeter; ``None`` ohne Gegner."""
    gegner = _gegner(kampf, wer)
    return gegner[0] if gegner else None


def standard_waffe(kampf: Kampf, wer: str) -> str | None:
    """Der Angriff mit der ersten eigenen Waffe (die Hauptwaffe); ohne Waffe der erste Angriff
    überhaupt (waffenlos); ``None`` nur, wenn es keinen gibt."""
    arten = angriffsarten(kampf.kaempfer_namens(wer).werte)
    waffen = [a for a in arten if a.art == "waffe"]
    wahl = (waffen or list(arten) or [None])[0]
    return wahl.name if wahl is not None else None


def verteidigung_entscheidung(kampf: Kampf, angreifer: str, ziel: str, angriff: str) -> Entscheidung | None:
    """Die Verteidigungen, die ``ziel`` gegen diesen geplanten Angriff noch bezahlen kann
    (SPIELABLAUF › Verteidigungsaktion) – ``None``, wenn es sich nicht verteidigen kann. Die
    Entscheidung ist getroffen, sobald gewürfelt ist (mit Verteidigung oder ohne)."""
    if angreifer == ziel or not kann_verteidigen(kampf, ziel):
        return None
    try:
        art = angriffsart(kampf.kaempfer_namens(angreifer).werte, angriff)
    except AloranFehler:
        return None
    namen = [v.name for v in verteidigungen_gegen(kampf.kaempfer_namens(ziel).werte, art, kampf.optionen)
             if kann_verteidigen(kampf, ziel, v.name)]
    if not namen:
        return None
    wahl = ", ".join(namen[:-1]) + (" oder " if len(namen) > 1 else "") + namen[-1]
    return Entscheidung("verteidigung", ziel, f"{ziel} kann vor dem Wurf abwehren ({wahl}) – oder verzichten.")


def offene_entscheidungen(kampf: Kampf, *, angreifer: str | None = None, ziel: str | None = None,
                          waffe: str | None = None) -> list[Entscheidung]:
    """Offene Entscheidungen: sofortige Bonus-Kampfaktionen (Patzer/Meistertreffer 5–6, Verlassen
    der Kampfreichweite – bis genutzt oder die Runde endet), wer abwartet (bis er eingreift) und –
    für einen geplanten Angriff von ``angreifer`` (Standard: wer am Zug ist) auf ``ziel`` mit dem
    Angriff ``waffe`` – die Verteidigung des Ziels.

    Regeltext › Meistertreffer: „man erhält eine sofortige Bonus-Kampfaktion“; Allgemeine Regeln ›
    2. Phase: „Charaktere mit höherer Initiative können ihre Aktionen zurückhalten, um zu einem
    beliebigen Punkt der folgenden Kampfaktion einzugreifen.“
    """
    offen = []
    for k in kampf.kaempfer:
        if not kann_handeln(kampf, k.name):
            continue
        if k.sofort > 0:
            offen.append(Entscheidung(
                "bonus_kampfaktion", k.name,
                f"{k.name} hat {anzahl(k.sofort, 'sofortige Bonus-Kampfaktion', 'sofortige Bonus-Kampfaktionen')}"
                .replace("1 sofortige", "eine sofortige")
                + " – jetzt außer der Reihe angreifen (verfällt mit der Runde)."))
    for name in _abwartende(kampf):
        offen.append(Entscheidung("abwarten", name, f"{name} wartet ab und kann jederzeit eingreifen – "
                                                    "spätestens, bevor die Runde endet."))
    angreifer = angreifer or am_zug(kampf)
    if angreifer and ziel and waffe:
        v = verteidigung_entscheidung(kampf, angreifer, ziel, waffe)
        if v is not None:
            offen.append(v)
    return offen
