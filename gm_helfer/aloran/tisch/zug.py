"""Zug-Schnittstelle für Aloran: wer handelt, was er darf, Vorgaben, offene Entscheidungen.

Reine Funktionen über :class:`~gm_helfer.aloran.kampf.Kampf` (Vertrag in ``HELFER.md``, Werte
:class:`~gm_helfer.zug.Aktion` und :class:`~gm_helfer.zug.Entscheidung`). Die Reihenfolge selbst
regelt :mod:`gm_helfer.aloran.kampf` (``am_zug``, ``zug_sperre``, ``abwarten_ereignis``,
``zug_ende_ereignis``): Allgemeine Regeln › 1.–3. Phase – „Die Aktionsreihenfolge ergibt sich
dann mit dem höchsten Wert, nachfolgend in absteigender Reihenfolge.“ „Sollten mehrere
Kombattanten über denselben Initiativewert verfügen, geschehen ihre Aktionen in der Regel
gleichzeitig, d.h. alle ihre Würfelwürfe werden simultan ausgeführt“ – wer gleichzeitig dran ist,
würfelt in der Oberfläche nacheinander (jeder darf, :func:`am_zug` nennt den ersten), aber gegen den
Stand vor dem Austausch; die Folgen gelten, wenn der Letzte den Zug beendet (offene Entscheidung
``gleichzeitig``). Wer abwartet, kommt dran, wenn die Reihenfolge durch ist. Außer der Reihe
handelt, wer eine sofortige Bonus-Kampfaktion hat oder abwartet (:func:`handelnde`).

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

from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from typing import Any

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.schnell import je_zustand
from gm_helfer.text import anzahl
from gm_helfer.zug import Aktion, Entscheidung, gruppe_halt_vermerken, gruppe_setzt_fort, taktik_fuer

from .. import kampf as _k
from ..daten import AKTION_NAME
from ..kampf import Kampf, kann_handeln, kann_verteidigen, zug_sperre
from ..proben import AloranFehler
from ..taktik import Gedaechtnis, Taktik, Zugwahl, faellig
from ..werte import angriffsart, angriffsarten, verteidigungen_gegen, zweitwaffe

__all__ = [
    "NSC_AUTOMATIK",
    "nsc_entscheiden",
    "nsc_verteidigung",
    "BONUSAKTIONEN",
    "am_zug",
    "handelnde",
    "handelt_text",
    "reihenfolge",
    "aktionen",
    "standard_ziel",
    "ausschalt_chancen",
    "ziel_reihenfolge",
    "ziel_optionen",
    "standard_waffe",
    "wurf_beispiele",
    "offene_entscheidungen",
    "verteidigung_entscheidung",
    "runde_beginnen",
    "neue_runde",
    "Vorschlag",
    "Gruppenzug",
    "vorschlag",
    "vorschlag_spielen",
    "verteidigung_vorschlag",
    "gruppe_faellig",
    "gruppe_handelt",
    "ist_nsc",
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
    if wartend:
        return wartend[0]
    # zuletzt, wer noch eine sofortige Bonus-Kampfaktion offen hat: nutzen oder verzichten
    offen = _k.offene_verzichte(kampf)
    return offen[0][0] if offen else None


BONUSAKTIONEN = {AKTION_NAME[a]: a for a in ("bewegung", "kampf", "verteidigung", "interaktion")}
"""SPIELABLAUF › Bonusaktion: „eine zusätzliche Aktion (Bewegung, Kampf, Verteidigung oder
Interaktion) in der gleichen Kampfrunde“ – Anzeige → Aktionsart für ``bonusaktion_ereignis``."""


def handelnde(kampf: Kampf) -> list[str]:
    """Wer jetzt handeln kann: wer am Zug ist (zuerst), dann wer außer der Reihe darf – mit einer
    sofortigen Bonus-Kampfaktion („jetzt außer der Reihe angreifen“) oder weil er abwartet und
    eingreift. Für die Auswahl „Wer handelt“ im Zug-Panel."""
    namen = list(_k.am_zug(kampf))
    for k in kampf.kaempfer:
        if k.name not in namen and kann_handeln(kampf, k.name) and min(k.sofort, k.aktionen.kampf) > 0 \
                and kampf.runde >= 1:
            namen.append(k.name)
    for name in _abwartende(kampf):
        if name not in namen:
            namen.append(name)
    return namen


def handelt_text(kampf: Kampf, wer: str) -> str:
    """Überschrift des Zug-Panels: „ist am Zug“ oder „handelt außer der Reihe“ (mit einer
    sofortigen Bonus-Kampfaktion oder aus dem Abwarten)."""
    gruppe = _k.am_zug(kampf)
    return "ist am Zug" if wer in gruppe or (not gruppe and wer == am_zug(kampf)) else "handelt außer der Reihe"


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
    Protokollzeilen zurück. Wird etwas abgelehnt, ist nichts eingetragen. Alle Ereignisse des
    Klicks tragen eine Schritt-Nummer (:meth:`~gm_helfer.protokoll.Verlauf.schritt`): ein
    Rückgängig nimmt Initiative und Runde zusammen zurück."""
    ereignisse = runde_beginnen(verlauf.zustand, rng=rng, augen=augen, hinterhalt=hinterhalt)
    with verlauf.schritt():
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
    ``verzichten``: eine offene sofortige Bonus-Kampfaktion oder das Abwarten ausschlagen (steht im
    Protokoll; die neue Runde wartet darauf).
    """
    if wer is None:
        if kampf.runde == 0 and any(k.initiative is None for k in kampf.kaempfer):
            return [Aktion("initiative", "Initiative würfeln und Runde 1 beginnen", True, None)]
        return [Aktion("runde", f"Runde {kampf.runde + 1} beginnen", _runde_grund(kampf) is None, _runde_grund(kampf))]
    k = kampf.kaempfer_namens(wer)
    g_angriff = _aktion_frei(kampf, wer, "kampf")
    if g_angriff is None and not _gegner(kampf, wer):
        g_angriff = "Kein Gegner steht mehr."
    ausser_der_reihe = k.sofort > 0 and wer not in _k.am_zug(kampf) and k.zug != "abwartend"
    liste = [Aktion("angriff", "Jetzt außer der Reihe angreifen (Bonus-Kampfaktion)" if ausser_der_reihe
                    else "Angreifen", g_angriff is None, g_angriff)]
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
        _verzicht_aktion(kampf, wer),
        Aktion("bewegung", "Bewegen", g_bew is None, g_bew),
        Aktion("interaktion", "Interaktion", g_int is None, g_int),
        Aktion("abwarten", "Abwarten (später eingreifen)", g_warten is None, g_warten),
        Aktion("zug_beenden", "Zug beenden", g_ende is None, g_ende),
    ]


def _runde_grund(kampf: Kampf) -> str | None:
    """Warum die nächste Runde noch nicht beginnen kann (``None``: sie kann)."""
    jetzt = _k.am_zug(kampf) or _abwartende(kampf)
    if jetzt:
        return f"{jetzt[0]} ist noch am Zug."
    try:
        _k.runde_ereignis(kampf)
    except AloranFehler as fehler:
        return str(fehler)
    return None


def _verzicht_aktion(kampf: Kampf, wer: str) -> Aktion:
    """„Verzichten“: eine offene sofortige Bonus-Kampfaktion oder das Abwarten ausschlagen."""
    offen = [text for n, _, text in _k.offene_verzichte(kampf) if n == wer]
    grund = None if offen else f"{wer} hat nichts offen, worauf er verzichten könnte."
    return Aktion("verzichten", "Verzichten (" + "; ".join(offen) + ")" if offen else "Verzichten",
                  grund is None, grund)


def standard_ziel(kampf: Kampf, wer: str) -> str | None:
    """Der erste Gegner der anderen Seite, der noch handeln kann (Reihenfolge der Aufstellung) –
    nie ein Verbündeter; ``None`` ohne Gegner."""
    gegner = _gegner(kampf, wer)
    return gegner[0] if gegner else None


_AUSSCHALTEN: dict[tuple[str, str], tuple[Kampf, dict[str, float]]] = {}
"""Zuletzt gerechnete Ausschaltchancen je (Angreifer, Angriff) – gilt, solange der Zustand derselbe ist."""


def ausschalt_chancen(kampf: Kampf, wer: str | None, angriff: str | None = None) -> dict[str, float]:
    """Die exakte Chance, jeden handlungsfähigen Gegner mit diesem Angriff (Standard:
    :func:`standard_waffe`; ohne Lagemodifikatoren) kampfunfähig oder bewusstlos zu machen – die
    Folgen von :func:`~gm_helfer.aloran.austausch.vorschau` (dieselben wie im Diagramm des Panels),
    mit der Abwehr, die die Taktik des Ziels wählt (:func:`verteidigung_vorschlag`). Gemerkt, solange
    der Zustand derselbe ist (ein Klick ändert nur die Lage, ein Schritt den Zustand)."""
    if not wer:
        return {}
    angriff = angriff or standard_waffe(kampf, wer)
    if angriff is None:
        return {}
    def rechne(angriff: str = angriff) -> dict[str, float]:
        chancen = {ziel: _ausschalt_chance(kampf, wer, ziel, angriff) for ziel in _gegner(kampf, wer)}
        return {ziel: p for ziel, p in chancen.items() if p is not None}

    return je_zustand(_AUSSCHALTEN, (wer, angriff), kampf, rechne)


_JE_PAAR: dict[tuple[int, int, str], tuple[Any, Any, Any, float | None]] = {}
"""Die Chance je (Angreifer, Ziel, Angriff), gemerkt an Werten und Wunden des Angreifers und am
Ziel-Objekt: mehr liest :func:`~gm_helfer.aloran.austausch.vorschau` nicht (dazu die Optionen), und
ein Schritt ersetzt nur die Kämpfer, die er ändert – die übrigen Ziele rechnen nicht neu."""


def _ausschalt_chance(kampf: Kampf, wer: str, ziel: str, angriff: str) -> float | None:
    a, v = kampf.kaempfer_namens(wer), kampf.kaempfer_namens(ziel)
    schluessel = (id(a.werte), id(v), angriff)
    gemerkt = _JE_PAAR.get(schluessel)
    if (gemerkt is not None and gemerkt[0][0] is a.werte and gemerkt[0][1] == a.wunden and gemerkt[1] is v
            and gemerkt[2] == kampf.optionen):
        return gemerkt[3]
    try:
        folgen = _k.vorschau(kampf, wer, ziel, angriff, verteidigung_vorschlag(kampf, wer, ziel, angriff)).folgen
        p: float | None = folgen.get("kampfunfähig", 0.0) + folgen.get("bewusstlos", 0.0)
    except AloranFehler:
        p = None
    if len(_JE_PAAR) > 512:
        _JE_PAAR.clear()
    _JE_PAAR[schluessel] = ((a.werte, a.wunden), v, kampf.optionen, p)
    return p


def ziel_reihenfolge(kampf: Kampf, wer: str, taktik: Taktik | None = None) -> list[str]:
    """Die Gegner in der Reihenfolge der Zielwahl der Taktik (Standard „schwaechster“: die meisten
    Wunden zuerst, dann Bogenreihenfolge, wie :func:`~gm_helfer.aloran.taktik.standardziel`) – der
    Gleichstandsbrecher der Zielvorgabe."""
    from gm_helfer.tisch_kern import nach_taktik

    return nach_taktik(_gegner(kampf, wer), (taktik or Taktik()).ziel,
                       lambda n: kampf.kaempfer_namens(n).wunden_gesamt)


def ziel_optionen(kampf: Kampf, wer: str, angriff: str | None = None, *,
                  taktik: Taktik | None = None) -> tuple[dict[str, str], str | None]:
    """Die Zielauswahl des Panels: die Gegner nach der Chance, sie mit diesem Angriff auszuschalten
    („Ork – 12,3 % kampfunfähig“; waffenlos: „bewusstlos“), dahinter alle Übrigen ohne Chance;
    vorgewählt das wahrscheinlichste Ziel (Gleichstand: :func:`ziel_reihenfolge` nach ``taktik``,
    der Taktik der Seite von ``wer``). ``(optionen, vorgabe)``; ``vorgabe`` ``None`` ohne Gegner."""
    from gm_helfer.tisch_kern import ziele_nach_chance

    angriff = angriff or standard_waffe(kampf, wer)
    try:
        art = angriffsart(kampf.kaempfer_namens(wer).werte, angriff) if angriff else None
    except AloranFehler:
        art, angriff = None, None
    was = "bewusstlos" if art is not None and art.schadensart == "Ausdauer" else "kampfunfähig"
    optionen, bestes = ziele_nach_chance(ausschalt_chancen(kampf, wer, angriff), ziel_reihenfolge(kampf, wer, taktik),
                                         [k.name for k in kampf.kaempfer if k.name != wer], was=was)
    return optionen, bestes or standard_ziel(kampf, wer)


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


_W10_BEISPIEL = "7305182946"
"""Die Augen der Pool-Beispiele der Reihe nach (eine 0 auf dem W10 zählt als 10)."""

_BEISPIEL_OHNE = {"angriff": "z. B. 7 3 0 5", "verteidigung": "z. B. 7 3 0", "schaden": "z. B. 4"}
"""Die Platzhalter der Haupt-Würfe, wenn der Angriff (noch) nicht feststeht."""


def _pool_beispiel(anzahl: int) -> str:
    """„z. B. 7 3 0 5 1“: so viele W10, wie der Pool hat."""
    return "z. B. " + " ".join(_W10_BEISPIEL[i % len(_W10_BEISPIEL)] for i in range(anzahl))


def wurf_beispiele(kampf: Kampf | None, angreifer: str | None, ziel: str | None, angriff: str | None,
                   verteidigung: str | None, **lage: Any) -> dict[str, str]:
    """Die Platzhalter der Würfelfelder für diesen Austausch (je Schlüssel von
    :data:`~gm_helfer.aloran.austausch.WUERFEL_SCHLUESSEL` einer): der Angriff und die
    Verteidigung mit so vielen W10, wie ihr Pool hat (die Pools aus
    :func:`~gm_helfer.aloran.austausch.austausch_lage`, samt Wunden und Modifikatoren), der Schaden
    als vollständiges Beispiel für den Schadensausdruck der Waffe. ``lage``: ``von_hinten``,
    ``angriff_modifikator``, ``verteidigung_modifikator`` wie bei der Vorschau. Steht der Angriff
    nicht fest (kein Ziel, kein Angriff, unzulässig), die allgemeinen Beispiele."""
    from gm_helfer import wuerfel

    from ..austausch import WUERFEL_SCHLUESSEL

    # die übrigen Felder nach ihrem Würfel: W20 → „14“, W6 (auch „W6 bzw. Waffe“) → „4“
    ohne = {s: "z. B. 14" if "(W20" in t else "z. B. 4" for s, t in WUERFEL_SCHLUESSEL.items()} | _BEISPIEL_OHNE
    if kampf is None or not angreifer or not ziel or not angriff:
        return ohne
    try:
        la, v_art = _k.austausch_lage(kampf, angreifer, ziel, angriff, verteidigung, **lage)
        schaden = angriffsart(kampf.kaempfer_namens(angreifer).werte, angriff).schaden_ausdruck
    except (AloranFehler, ValueError, KeyError):
        return ohne
    aus = dict(ohne, angriff=_pool_beispiel(la.angriff_pool))
    aus["verteidigung"] = _pool_beispiel(la.verteidigung_pool) if v_art is not None else "nicht nötig (keine Verteidigung)"
    if schaden is not None:
        aus["schaden"] = f"z. B. {wuerfel.beispiel(schaden)} ({schaden})"
    return aus


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
        if min(k.sofort, k.aktionen.kampf) > 0:
            offen.append(Entscheidung(
                "bonus_kampfaktion", k.name,
                f"{k.name} hat {anzahl(k.sofort, 'sofortige Bonus-Kampfaktion', 'sofortige Bonus-Kampfaktionen')}"
                .replace("1 sofortige", "eine sofortige")
                + " – jetzt außer der Reihe angreifen (verfällt mit der Runde)."))
    for name in _abwartende(kampf):
        offen.append(Entscheidung("abwarten", name, f"{name} wartet ab und kann jederzeit eingreifen – "
                                                    "spätestens, bevor die Runde endet."))
    if kampf.austausch:
        noch = _k.am_zug(kampf)
        gilt = "; ".join(_k.aufschub_text(dict(p)) for p in kampf.aufgeschoben) or "noch nichts"
        offen.append(Entscheidung(
            "gleichzeitig", noch[0] if noch else kampf.austausch[0],
            f"Gleichzeitig ({', '.join(kampf.austausch)}): noch am Zug {' und '.join(noch) or 'niemand'} – "
            f"gilt, wenn alle den Zug beendet haben: {gilt}."))
    angreifer = angreifer or am_zug(kampf)
    if angreifer and ziel and waffe:
        v = verteidigung_entscheidung(kampf, angreifer, ziel, waffe)
        if v is not None:
            offen.append(v)
    return offen


# -- Vorschläge: was die Taktik der Seite jetzt tun würde (Issue 26) ------------------------------


@dataclass(frozen=True)
class Vorschlag:
    """Was die Taktik ``wer`` jetzt tun lässt – ein Schlüssel von :func:`aktionen` (``angriff``,
    ``zug_beenden`` oder ``verzichten``), beim Angriff Ziel, Angriff und die Verteidigung, die die
    Taktik des Ziels wählt (``None``: keine); ``optionen`` die Schalter des Angriffs
    (:func:`~gm_helfer.aloran.kampf.angriff_ereignis`), ``text`` deutsch. Jedes Feld lässt sich vor
    dem Spielen ändern (``dataclasses.replace``) – gespielt wird über dieselben Regelprüfungen wie
    ein Klick von Hand."""

    schluessel: str
    wer: str
    ziel: str | None = None
    angriff: str | None = None
    verteidigung: str | None = None
    optionen: tuple[tuple[str, Any], ...] = ()
    text: str = ""


def ist_nsc(kampf: Kampf, wer: str) -> bool:
    """Führt der Spielleiter ``wer``? Alle, die nicht auf der Seite „Helden“ stehen."""
    return kampf.kaempfer_namens(wer).werte.seite != "Helden"


def _vorschlag_text(w: Zugwahl) -> str:
    if w.schluessel == "angriff":
        abwehr = f"{w.ziel} wehrt mit {w.verteidigung} ab" if w.verteidigung else f"{w.ziel} kann nicht abwehren"
        return f"{w.wer} greift {w.ziel} mit {w.angriff} an ({abwehr})."
    if w.schluessel == "zug_beenden":
        return f"{w.wer} beendet den Zug."
    return f"{w.wer} verzichtet auf die sofortige Bonus-Kampfaktion."


def vorschlag(zustand: Kampf, wer: str, *, taktik: Taktik | None = None, rng: Any = None) -> Vorschlag | None:
    """Der Vorschlag der Taktik für ``wer`` in diesem Zustand – dieselbe Entscheidung, die die
    Simulation auf dem Ereignispfad spielt (:meth:`gm_helfer.aloran.taktik.Gedaechtnis.zugwahl`):
    wer dran ist (am Zug, im gleichzeitigen Austausch, aus dem Abwarten), greift mit allen
    Kampfaktionen das Ziel der Taktik an, dann beendet er den Zug; eine sofortige Bonus-Kampfaktion
    außer der Reihe schlägt er aus, wenn die Reihenfolge durch ist. ``None``: ``wer`` hat jetzt
    nichts zu tun. ``rng`` braucht nur die Zielwahl „zufall“."""
    w = Gedaechtnis(taktik or Taktik()).zugwahl(zustand, wer, rng)
    if w is None:
        return None
    return Vorschlag(w.schluessel, w.wer, w.ziel, w.angriff, w.verteidigung, (), _vorschlag_text(w))


def verteidigung_vorschlag(zustand: Kampf, angreifer: str, ziel: str, angriff: str, *,
                           taktik: Taktik | None = None) -> str | None:
    """Die Verteidigung, die die Taktik des Ziels gegen diesen Angriff wählt (für die Vorauswahl im
    Panel, wenn ein Held einen Gegner angreift); ``None``: keine."""
    from ..werte import angriffsart as _art

    art = _art(zustand.kaempfer_namens(angreifer).werte, angriff)
    return Gedaechtnis(taktik or Taktik()).verteidigung(zustand, ziel, art)


def _ereignis(kampf: Kampf, v: Vorschlag, augen: Mapping[str, Any] | None, rng: Any) -> Ereignis:
    """Das Ereignis des Vorschlags – nach derselben Prüfung wie ein Klick (:func:`aktionen`)."""
    erlaubt = {a.schluessel: a for a in aktionen(kampf, v.wer)}
    a = erlaubt.get(v.schluessel)
    if a is None:
        raise AloranFehler(f"„{v.schluessel}“ gibt es im Zug von {v.wer} nicht.")
    if not a.erlaubt:
        raise AloranFehler(f"{v.wer}: {a.grund}")
    if v.schluessel in ("angriff", "zweitwaffe"):
        if v.ziel is None or v.angriff is None:
            raise AloranFehler(f"{v.wer}: für den Angriff fehlen Ziel und Angriff.")
        quelle = {"augen": dict(augen)} if augen else {"rng": rng}
        return _k.angriff_ereignis(kampf, v.wer, v.ziel, v.angriff, v.verteidigung,
                                   zweitwaffe=v.schluessel == "zweitwaffe", **dict(v.optionen), **quelle)
    if v.schluessel == "zug_beenden":
        return _k.zug_ende_ereignis(kampf, v.wer)
    if v.schluessel == "verzichten":
        return _k.verzicht_ereignis(kampf, v.wer)
    raise AloranFehler(f"„{v.schluessel}“ lässt sich nicht als Vorschlag spielen.")


def vorschlag_spielen(verlauf: Verlauf, wer: str, augen: Mapping[str, Any] | None = None, rng: Any = None, *,
                      vorschlag_: Vorschlag | None = None, taktik: Taktik | None = None) -> list[Ereignis]:
    """Spielt den Vorschlag für ``wer`` (oder den geänderten ``vorschlag_``) als ein Schritt im
    Protokoll (ein Rückgängig); ``augen`` eingetippt wie beim Angriff von Hand
    (``{"angriff": "7 3 0", "verteidigung": "5 2", "zone": "12", "schaden": "4"}``), sonst würfelt
    ``rng``. Gibt die geschriebenen Ereignisse zurück.

    Raises:
        AloranFehler: ``wer`` hat nichts zu tun, oder die Regeln lassen den (geänderten) Vorschlag
            nicht zu (deutscher Grund; nichts ist eingetragen).
    """
    v = vorschlag_ or vorschlag(verlauf.zustand, wer, taktik=taktik, rng=rng)
    if v is None:
        raise AloranFehler(f"{wer} hat gerade nichts zu tun – kein Vorschlag.")
    e = _ereignis(verlauf.zustand, v, augen, rng)
    with verlauf.schritt():
        verlauf.ausfuehren(e)
    return [e]


@dataclass(frozen=True)
class Gruppenzug:
    """Was „Gruppe handelt“ gespielt hat: je Mitglied seine Protokollzeilen, und – wenn die Gruppe
    anhielt – die Entscheidung, die der Spielleiter treffen muss (die Abwehr eines Helden)."""

    ergebnisse: tuple[tuple[str, tuple[str, ...]], ...]
    offen: Entscheidung | None = None

    @property
    def text(self) -> str:
        teile = [f"{wer}: {' · '.join(zeilen)}" for wer, zeilen in self.ergebnisse if zeilen]
        if self.offen is not None:
            teile.append(f"Angehalten – {self.offen.text}")
        return " | ".join(teile) or "Niemand aus der Gruppe hatte etwas zu tun."


def gruppe_faellig(zustand: Kampf) -> list[str]:
    """Die Nichtspielercharaktere, die jetzt dran sind: alle der Initiative am Zug (ein
    gleichzeitiger Austausch: alle, die darin noch nicht fertig sind); ist die Reihenfolge durch,
    der eine, der noch abwartet oder etwas offen hat (:func:`~gm_helfer.aloran.taktik.faellig`)."""
    gruppe = list(_k.am_zug(zustand))
    if not gruppe:
        jetzt = faellig(zustand)
        gruppe = [jetzt] if jetzt is not None else []
    return [n for n in gruppe if ist_nsc(zustand, n)]


def gruppe_handelt(verlauf: Verlauf, rng: Any = None, *, taktik: Taktik | None = None,
                   helden_fragen: bool = True, augen: Mapping[str, Mapping[str, Any]] | None = None) -> Gruppenzug:
    """Ein Klick „Gruppe handelt“: jeder Nichtspielercharakter, der jetzt dran ist
    (:func:`gruppe_faellig` – gleiche Initiative: der ganze gleichzeitige Austausch), spielt seine
    Vorschläge nacheinander, bis sein Zug vorbei ist – jeder Schritt ein eigenes Ereignis, alle
    zusammen ein Schritt im Protokoll (ein Rückgängig nimmt die Gruppe zurück). Die Abwehr eines
    NSC wählt seine Taktik.

    ``taktik``: eine für alle oder je Seite (Seite → Taktik, :func:`gm_helfer.zug.taktik_fuer`).
    Greift ein NSC einen Helden an, der abwehren könnte, hält die Gruppe davor an
    (:attr:`Gruppenzug.offen`: die Abwehr wählt der Spieler) – außer mit ``helden_fragen=False``:
    dann wehrt der Held nach der Taktik ab. ``augen``: je Name eingetippte Würfel für dessen ersten
    Angriff."""
    ergebnisse: list[tuple[str, tuple[str, ...]]] = []
    offen: Entscheidung | None = None
    mitglieder = gruppe_faellig(verlauf.zustand)
    augen = dict(augen or {})
    with verlauf.schritt() if mitglieder else nullcontext():
        for wer in mitglieder:
            zeilen: list[str] = []
            eigene = taktik_fuer(taktik, verlauf.zustand.kaempfer_namens(wer).werte.seite)
            while (v := vorschlag(verlauf.zustand, wer, taktik=eigene, rng=rng)) is not None:
                if v.schluessel == "angriff" and helden_fragen and v.ziel is not None and not ist_nsc(verlauf.zustand, v.ziel):
                    offen = verteidigung_entscheidung(verlauf.zustand, wer, v.ziel, v.angriff or "")
                    if offen is not None:
                        gruppe_halt_vermerken(verlauf, wer, v.ziel, f"Gruppe handelt hält an – {offen.text}")
                        break
                e = _ereignis(verlauf.zustand, v, augen.pop(wer, None), rng)
                verlauf.ausfuehren(e)
                zeilen.append(e.text)
                if v.schluessel != "angriff":
                    break
            ergebnisse.append((wer, tuple(zeilen)))
            if offen is not None:
                break
    return Gruppenzug(tuple(ergebnisse), offen)


NSC_AUTOMATIK: dict[str, str] = {
    "verteidigung": "Abwehr der Gegner (Parade, Ausweichen, Blocken) nach ihrer Taktik",
    "gruppe": "Gegnergruppe spielt nach der Abwehr eines Helden in ihrer Initiative weiter",
}
"""Die Entscheidungen der Gegner, die das Panel je Schalter ohne Rückfrage nach der Taktik trifft.
Die Abwehr wird vor dem Wurf angesagt (SPIELABLAUF › Verteidigungsaktion): sie ist Teil des Angriffs
– mit dem Schalter ist bei jedem Angriff auf einen Gegner die Wahl seiner Taktik vorausgewählt
(:func:`nsc_verteidigung`, änderbar), ohne ihn wählt der Spielleiter; Angriffe der Gegner selbst
wählen die Abwehr ihres Ziels ohnehin nach der Taktik (:func:`vorschlag`). ``gruppe``: hielt
„Gruppe handelt“ vor der Abwehr eines Helden an, spielt die Gruppe nach dem Klick, der den Angriff
samt dieser Abwehr spielt, im selben Schritt weiter (:func:`nsc_entscheiden`) – nur dann: der Halt
steht im Protokoll (:func:`gm_helfer.zug.gruppe_setzt_fort`); ein von Hand gespielter Angriff eines
Gegners, dessen Zug der Spielleiter selbst weiterführt, setzt nichts fort. Alle Schalter sind zu
Beginn an."""


def nsc_verteidigung(kampf: Kampf, angreifer: str, ziel: str | None, angriff: str | None, *,
                     taktik: Taktik | None = None) -> str | None:
    """Die Abwehr, die die Taktik eines **Gegners** als Ziel gegen diesen Angriff wählt (die
    Vorauswahl im Panel, :func:`verteidigung_vorschlag`); ``None``: das Ziel ist ein Held (der
    Spieler entscheidet), es gibt keinen Angriff, oder die Taktik wehrt nicht ab."""
    if not ziel or not angriff or ziel == angreifer or not ist_nsc(kampf, ziel):
        return None
    try:
        return verteidigung_vorschlag(kampf, angreifer, ziel, angriff, taktik=taktik)
    except AloranFehler:
        return None


def nsc_entscheiden(verlauf: Verlauf, arten: Any, *, taktik: Taktik | None = None, rng: Any = None) -> list[str]:
    """Die offenen Entscheidungen der Gegner der Arten ``arten`` nach ihrer Taktik, im laufenden
    Schritt. Die Abwehr eines Gegners bleibt nach einem Klick nie offen: sie ist mit dem Angriff
    angesagt (:func:`nsc_verteidigung`). ``gruppe``: hat der Klick den Angriff gespielt, vor dem
    „Gruppe handelt“ für die Abwehr eines Helden anhielt (:func:`gm_helfer.zug.gruppe_setzt_fort`: der
    Halt steht im Protokoll; ein von Hand gespielter Angriff setzt nichts fort), und sind jetzt
    Gegner dran, spielt :func:`gruppe_handelt` sie im selben Schritt weiter (ein Rückgängig nimmt
    den Klick samt der Gruppe zurück) – bis zur nächsten Abwehr eines Helden. Gibt die
    Protokollzeilen (leer: nichts zu entscheiden)."""
    if "gruppe" not in set(arten or ()):
        return []
    if not gruppe_faellig(verlauf.zustand) or not gruppe_setzt_fort(verlauf):
        return []
    with verlauf.schritt():
        g = gruppe_handelt(verlauf, rng, taktik=taktik)
    return [f"Taktik: {t}" for _, zeilen in g.ergebnisse for t in zeilen] + (
        [f"Angehalten – {g.offen.text}"] if g.offen is not None else [])
