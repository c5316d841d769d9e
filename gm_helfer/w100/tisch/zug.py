"""Zug-Schnittstelle für W100: wer handelt, was er darf, Vorgaben, offene Entscheidungen.

Reine Funktionen über :class:`~gm_helfer.w100.kampf.Kampf` (Vertrag in ``HELFER.md``, Werte
:class:`~gm_helfer.zug.Aktion` und :class:`~gm_helfer.zug.Entscheidung`). Regeltext
``regeln/w100.txt`` › Initiative und Kampfrunde: „Die Figur mit der höchsten verfügbaren
Initiative ist zuerst am Zug. Nach ihrem Zug sinkt ihre Initiative um 100 Punkte. … Sobald
niemand mehr Initiative übrig hat, beginnt eine neue Kampfrunde.“

Der Zug eines Kämpfers beginnt in der Bibliothek mit dem Ereignis ``zug_beginn``. Die
Oberfläche muss es nicht eigens anklicken: :func:`zug_beginnen` liefert es, sobald jemand an
der Reihe ist und noch niemand seinen Zug begonnen hat; :func:`am_zug` nennt diesen Kämpfer
schon vorher.

>>> from gm_helfer.w100 import Kaempfer, Waffe, anwenden, initiative_ereignis, neuer_kampf
>>> axt = Waffe("Axt", "nahkampf", 40, "2W10", "schnitt", 1.5)
>>> k = neuer_kampf([Kaempfer("Ada", "helden", 30, 20, 0, 0, 20, 50, (axt,)),
...                  Kaempfer("Ork", "gegner", 10, 20, 0, 0, 10, 50, (axt,), position=(1.0, 0.0))])
>>> k = anwenden(k, initiative_ereignis(k, augen={"Ada": "50", "Ork": "50"}))
>>> [e.schluessel for e in offene_entscheidungen(k)]  # erst prüfen: ergreift jemand die Initiative?
['initiative_ergreifen']
>>> from gm_helfer.w100 import ergreifen_verzicht_ereignis
>>> k = anwenden(k, ergreifen_verzicht_ereignis(k))
>>> am_zug(k), reihenfolge(k), standard_ziel(k, "Ada"), standard_waffe(k, "Ada")
('Ada', ['Ada', 'Ork'], 'Ork', 'Axt')
>>> [a.schluessel for a in aktionen(k, "Ada") if a.erlaubt]
['angriff', 'bewegung', 'zug_beenden']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.schnell import je_zustand
from gm_helfer.zug import Aktion, Entscheidung, gruppe_halt_vermerken, gruppe_setzt_fort, taktik_fuer

from ..kampf import (
    Kampf,
    Waffe,
    abstand,
    angriff_planen,
    anwenden,
    bewegung_ereignis,
    ergreifen_ereignis,
    ergreifen_offen,
    ergreifen_verzicht_ereignis,
    meter,
    naechster,
    runde_vorbei,
    zug_beginn_ereignis,
    zug_ende_ereignis,
)
from ..kampf import (
    reihenfolge as _rangfolge,
)
from ..optionen import W100Fehler

__all__ = [
    "am_zug",
    "reihenfolge",
    "aktionen",
    "standard_ziel",
    "ausschalt_chancen",
    "ziel_reihenfolge",
    "ziel_optionen",
    "standard_waffe",
    "offene_entscheidungen",
    "abwehr_entscheidung",
    "zug_beginnen",
    "im_zug",
    "angreifen",
    "bewegen",
    "zug_beenden",
    "neue_runde",
    "handlungen_setzen",
    "schaden_beispiel",
    "ergreifen",
    "ergreifen_verzichten",
    "abwehr_moeglichkeiten",
    "NSC_SEITE",
    "Vorschlag",
    "Gruppenzug",
    "vorschlag",
    "vorschlag_spielen",
    "gruppe_handelt",
]

SPIELLEITER = "Spielleiter"
"""``Entscheidung.wer`` für Entscheidungen, die keinem einzelnen Kämpfer gehören."""


def am_zug(kampf: Kampf) -> str | None:
    """Wer jetzt handelt: wer seinen Zug begonnen hat, sonst wer mit der höchsten verfügbaren
    Initiative an der Reihe ist; ``None`` vor der Initiative und wenn eine neue Runde fällig ist."""
    return kampf.am_zug or naechster(kampf)


def reihenfolge(kampf: Kampf) -> list[str]:
    """Die Kampffähigen in der Reihenfolge dieser Runde: wer am Zug ist zuerst, dann nach
    verbleibender Initiative (höchste zuerst); wer keine Initiative mehr übrig hat, steht hinten."""
    jetzt = am_zug(kampf)
    namen = [k.name for k in _rangfolge(kampf) if k.kampffaehig(kampf.optionen)]
    if jetzt in namen:
        namen.remove(jetzt)
        namen.insert(0, jetzt)
    return namen


def im_zug(kampf: Kampf, wer: str) -> Kampf:
    """Der Zustand, in dem ``wer`` seinen Zug begonnen hat (rein; für Prüfungen und Chancen vor
    dem Klick – der Zug beginnt im Protokoll erst mit der ersten Handlung)."""
    if kampf.am_zug is None and naechster(kampf) == wer:
        return anwenden(kampf, zug_beginn_ereignis(kampf))
    return kampf


def zug_beginnen(kampf: Kampf) -> Ereignis | None:
    """Das Ereignis ``zug_beginn`` für den, der an der Reihe ist – oder ``None``, wenn schon
    jemand am Zug ist, die Runde vorbei ist oder die Initiative noch fehlt."""
    if kampf.am_zug is not None or kampf.runde == 0 or naechster(kampf) is None:
        return None
    return zug_beginn_ereignis(kampf)


def _gegner(kampf: Kampf, wer: str) -> list[str]:
    """Kampffähige der anderen Seite, die nächsten zuerst (bei gleichem Abstand: Aufstellung)."""
    a = kampf[wer]
    andere = [k for k in kampf.kaempfer if k.seite != a.seite and k.kampffaehig(kampf.optionen)]
    return [k.name for k in sorted(andere, key=lambda k: abstand(a, k))]


def _ausgeruestet(kampf: Kampf, wer: str) -> list[Waffe]:
    return [w for w in kampf[wer].waffen if w.ausgeruestet]


def _nicht_dran(kampf: Kampf, wer: str) -> str | None:
    """Warum ``wer`` jetzt nichts tun darf – oder ``None``, wenn er an der Reihe ist."""
    if kampf.runde == 0:
        return "Erst die Initiative bestimmen."
    if not kampf[wer].kampffaehig(kampf.optionen):
        return f"{wer} ist kampfunfähig."
    jetzt = am_zug(kampf)
    if jetzt is None:
        return f"Niemand hat mehr Initiative übrig – erst die Runde {kampf.runde + 1} beginnen."
    if jetzt != wer:
        return f"{wer} ist nicht am Zug – am Zug ist {jetzt}."
    if ergreifen_offen(kampf):
        return ERGREIFEN_OFFEN
    return None


ERGREIFEN_OFFEN = ("Offen (Spielleiter): Ergreift jemand die Initiative? Erst „Initiative ergreifen“ "
                   "oder „Niemand ergreift die Initiative“ – dann beginnt der erste Zug.")
"""Der Grund, aus dem der erste Zug wartet, solange „Initiative Ergreifen“ offen ist."""


def _angriff_grund(kampf: Kampf, wer: str) -> str | None:
    """``None``, wenn ``wer`` mit einer ausgerüsteten Waffe einen Gegner angreifen kann; sonst
    der Grund (die Meldung der Bibliothek, bei Reichweite der nächste Gegner)."""
    waffen = _ausgeruestet(kampf, wer)
    if not waffen:
        return f"{wer} hat keine ausgerüstete Waffe."
    gegner = _gegner(kampf, wer)
    if not gegner:
        return "Kein Gegner steht mehr."
    k = im_zug(kampf, wer)
    a = k[wer]
    offen = [w for w in waffen if a.waffen_in_aktion and w.name not in a.waffen_in_aktion]
    if a.angriffshandlungen >= a.angriffshandlungen_erlaubt(k.optionen) and not offen:
        return f"{wer} hat in diesem Zug keine Angriffshandlung mehr."
    gruende = []
    for w in waffen:
        for g in gegner:
            try:
                angriff_planen(k, wer, g, w.name)
                return None
            except W100Fehler as fehler:
                gruende.append(str(fehler))
    if all("außer Reichweite" in g for g in gruende):
        g = gegner[0]
        return (f"Kein Gegner in Reichweite – {g} ist {meter(abstand(kampf[wer], kampf[g]))} "
                "entfernt. Erst bewegen.")
    return next(g for g in gruende if "außer Reichweite" not in g)


def aktionen(kampf: Kampf, wer: str | None, *, ziel: str | None = None, waffe: str | None = None) -> list[Aktion]:
    """Was ``wer`` jetzt tun könnte; verbotene Handlungen mit deutschem Grund.

    Schlüssel: ``angriff``, ``bewegung``, ``zug_beenden``. Mit ``wer=None`` die Schritte des
    Spielleiters zwischen den Zügen: ``initiative`` (vor dem Kampf) bzw. ``neue_runde``.
    Mit ``ziel`` und ``waffe`` gilt ``angriff`` für genau diesen Angriff (etwa: dieses Ziel steht
    außer Reichweite dieser Waffe) – so sperrt das Panel den Knopf vor dem Klick, statt ihn danach
    abzulehnen (Issue 23, Punkt 3).
    """
    if wer is None:
        if kampf.runde == 0:
            return [Aktion("initiative", "Initiative würfeln", True, None)]
        frei = runde_vorbei(kampf)
        grund = None if frei else f"{am_zug(kampf)} hat noch Initiative übrig."
        return [Aktion("neue_runde", f"Runde {kampf.runde + 1} beginnen", frei, grund)]
    grund = _nicht_dran(kampf, wer)
    if grund is not None:
        return [Aktion("angriff", "Angreifen", False, grund),
                Aktion("bewegung", "Bewegen", False, grund),
                Aktion("zug_beenden", "Zug beenden", False, grund)]
    k = im_zug(kampf, wer)
    a = k[wer]
    g_angriff = _angriff_grund(kampf, wer)
    if g_angriff is None and ziel and waffe:
        try:
            angriff_planen(k, wer, ziel, waffe)
        except W100Fehler as fehler:
            g_angriff = str(fehler)
    g_bewegung = (None if a.bewegungen < a.bewegungen_erlaubt(k.optionen)
                  else f"{wer} hat in diesem Zug keine Bewegungshandlung mehr.")
    return [Aktion("angriff", "Angreifen", g_angriff is None, g_angriff),
            Aktion("bewegung", f"Bewegen (bis {meter(a.bewegung)})", g_bewegung is None, g_bewegung),
            Aktion("zug_beenden", "Zug beenden", True, None)]


def standard_ziel(kampf: Kampf, wer: str) -> str | None:
    """Der nächste kampffähige Gegner der anderen Seite – nie ein Verbündeter; ``None`` ohne Gegner.

    Bei gleichem Abstand gilt die Reihenfolge der Aufstellung.
    """
    gegner = _gegner(kampf, wer)
    return gegner[0] if gegner else None


_AUSSCHALTEN: dict[tuple[str, str], tuple[Kampf, dict[str, float]]] = {}
"""Zuletzt gerechnete Ausschaltchancen je (Angreifer, Waffe) – gilt, solange der Zustand derselbe ist."""


def ausschalt_chancen(kampf: Kampf, wer: str | None, waffe: str | None = None) -> dict[str, float]:
    """Die exakte Chance, jeden kampffähigen Gegner mit diesem Angriff (Standard:
    :func:`standard_waffe`; ohne Modifikator und ohne angesagte Abwehr, wie die Vorgabe „keine“ des
    Panels und die Spalte „Ziel kampfunfähig“ des Waffenvergleichs) kampfunfähig zu machen:
    :func:`~gm_helfer.w100.chancen.angriff_schaden_verteilung` und
    :func:`~gm_helfer.w100.chancen.chance_kampfunfaehig`. Die Reichweite zählt nicht („Auf das Ziel
    zugehen“ gehört zum selben Zug). Leer ohne Gesundheitsmodell; gemerkt, solange der Zustand derselbe ist."""
    from .. import chancen as w100_chancen

    if not wer:
        return {}
    waffe = waffe or standard_waffe(kampf, wer)
    if waffe is None or _nicht_dran(kampf, wer) is not None:
        return {}
    def rechne(waffe: str = waffe) -> dict[str, float]:
        k, o = im_zug(kampf, wer), kampf.optionen
        chancen: dict[str, float] = {}
        for ziel in _gegner(kampf, wer):
            try:
                plan = angriff_planen(k, wer, ziel, waffe, reichweite_pruefen=False)
            except W100Fehler:
                continue
            w = plan.waffe
            vert = w100_chancen.angriff_schaden_verteilung(plan.ob, plan.db, w.patzerbereich, schaden=w.schaden,
                                                            panzerung=plan.panzerung, krit=w.krit, optionen=o)
            p = w100_chancen.chance_kampfunfaehig(vert, int(k[ziel].lp or 0), o)
            if p is not None:
                chancen[ziel] = p
        return chancen

    return je_zustand(_AUSSCHALTEN, (wer, waffe), kampf, rechne)


def ziel_reihenfolge(kampf: Kampf, wer: str, taktik: Any = None) -> list[str]:
    """Die Gegner in der Reihenfolge der Zielwahl der Taktik (Standard „naechster“: der kürzeste
    Abstand; „erster“: die Aufstellung; „schwaechster“/„staerkster“: die wenigsten/meisten
    Lebenspunkte, wie :func:`gm_helfer.w100.simulation.zugziel`) – der Gleichstandsbrecher der Zielvorgabe."""
    from gm_helfer.tisch_kern import nach_taktik

    regel = _taktik(taktik).ziel
    gegner = _gegner(kampf, wer)
    if regel != "naechster":
        gegner = [x.name for x in kampf.kaempfer if x.name in set(gegner)]
    return nach_taktik(gegner, regel, lambda n: -(kampf[n].lp or 0))


def ziel_optionen(kampf: Kampf, wer: str, waffe: str | None = None, *,
                  taktik: Any = None) -> tuple[dict[str, str], str | None]:
    """Die Zielauswahl des Panels: die Gegner nach der Chance, sie mit diesem Angriff kampfunfähig
    zu machen („Ork – 12,3 % kampfunfähig“), dahinter die übrigen Kampffähigen ohne Chance;
    vorgewählt das wahrscheinlichste Ziel (Gleichstand: :func:`ziel_reihenfolge` nach ``taktik``,
    der Taktik der Seite von ``wer``). ``(optionen, vorgabe)``; ``vorgabe`` ``None`` ohne Gegner."""
    from gm_helfer.tisch_kern import ziele_nach_chance

    rest = [x.name for x in kampf.kaempfer if x.name != wer and x.kampffaehig(kampf.optionen)]
    optionen, bestes = ziele_nach_chance(ausschalt_chancen(kampf, wer, waffe), ziel_reihenfolge(kampf, wer, taktik),
                                         rest, was="kampfunfähig")
    return optionen, bestes or standard_ziel(kampf, wer)


def standard_waffe(kampf: Kampf, wer: str) -> str | None:
    """Die erste ausgerüstete eigene Waffe, mit der ``wer`` sein Standardziel jetzt angreifen
    kann (Reichweite, Angriffshandlung); sonst die erste ausgerüstete; ``None`` ohne Waffe."""
    waffen = _ausgeruestet(kampf, wer)
    if not waffen:
        return None
    ziel = standard_ziel(kampf, wer)
    if ziel is not None and _nicht_dran(kampf, wer) is None:
        k = im_zug(kampf, wer)
        for w in waffen:
            try:
                angriff_planen(k, wer, ziel, w.name)
                return w.name
            except W100Fehler:
                continue
    return waffen[0].name


def schaden_beispiel(kampf: Kampf, wer: str, waffe: str | None) -> str:
    """Der Platzhalter des Schadensfelds für diese Waffe: ein vollständiges Beispiel mit so vielen
    Augen, wie die Waffe Schadenswürfel hat („z. B. 7 (W10+2)“, „z. B. 7, 5 (2W10+4)“) – ohne die
    höchste Augenzahl, die einen explodierenden Würfel weiterrollen ließe."""
    if not waffe:
        return "z. B. 7, 5"
    try:
        w = kampf[wer].waffe(waffe)
    except W100Fehler:
        return "z. B. 7, 5"
    augen = wuerfel.beispiel(w.ausdruck)
    if not augen:
        return f"nichts zu würfeln ({w.schaden})"
    return f"z. B. {augen} ({w.schaden})"


ABWEHR_TEXT = {"keine": "keine Abwehr", "ausweichen": "Ausweichen (Flee)", "parade": "Parade (Nahkampf-OB)"}
"""Die Abwehrarten, wie das Panel sie nennt."""


def abwehr_moeglichkeiten(kampf: Kampf, angreifer: str | None, ziel: str | None,
                          waffe: str | None) -> list[Aktion]:
    """Welche Abwehr ``ziel`` gegen diesen geplanten Angriff ansagen kann – vor dem Klick, mit
    deutschem Grund für jede, die nicht geht (Parade gegen Fernkampf, keine Flee-Punkte mehr …).

    Schlüssel ``keine`` (immer erlaubt), ``ausweichen``, ``parade``. Regeltext › Angriff und
    Verteidigung: „Danach können angesagtes Ausweichen und, falls Flee den Angriff nicht
    abgeschwächt hat, eine angesagte Parade das Ergebnis weiter senken.“ Die Gründe sind die
    Meldungen von :func:`~gm_helfer.w100.kampf.angriff_planen`, die nach dem Klick kämen.
    """
    ergebnis = [Aktion("keine", ABWEHR_TEXT["keine"], True, None)]
    if not angreifer or not ziel or not waffe or angreifer == ziel:
        return ergebnis + [Aktion(art, ABWEHR_TEXT[art], False, "Erst Ziel und Waffe wählen.")
                           for art in ("ausweichen", "parade")]
    k = im_zug(kampf, angreifer) if _nicht_dran(kampf, angreifer) is None else kampf
    z = k[ziel]
    for art, feld, punkte, leer in (
            ("ausweichen", "flee", z.flee or 0, f"{ziel} hat keine Flee-Punkte mehr."),
            ("parade", "parade", z.parade_frei, f"{ziel} hat keinen freien Nahkampf-OB zur Parade.")):
        grund: str | None = None
        if k.am_zug != angreifer:
            grund = _nicht_dran(kampf, angreifer) or f"{angreifer} ist nicht am Zug."
        elif not punkte:
            grund = leer
        else:
            try:
                angriff_planen(k, angreifer, ziel, waffe, reichweite_pruefen=False, **{feld: 1})
            except W100Fehler as fehler:
                grund = str(fehler)
        ergebnis.append(Aktion(art, ABWEHR_TEXT[art], grund is None, grund))
    return ergebnis


def abwehr_entscheidung(kampf: Kampf, angreifer: str, ziel: str, waffe: str) -> Entscheidung | None:
    """Die Abwehr, die ``ziel`` gegen diesen geplanten Angriff ansagen kann (Flee-Punkte zum
    Ausweichen oder Nahkampf-OB zur Parade, nie beides) – ``None``, wenn es nichts abwehren kann.

    Regeltext › Angriff und Verteidigung: „Danach können angesagtes Ausweichen und, falls Flee
    den Angriff nicht abgeschwächt hat, eine angesagte Parade das Ergebnis weiter senken. Beide
    Abwehrarten werden nicht für denselben Angriff addiert.“ Angesagt wird vor dem Wurf
    (``docs/w100.md``, Lesart 2); die Entscheidung gilt als getroffen oder ausgeschlagen, sobald
    gewürfelt ist (mit Punkten oder ohne).
    """
    if _nicht_dran(kampf, angreifer) is not None or angreifer == ziel:
        return None
    k = im_zug(kampf, angreifer)
    z = k[ziel]
    moeglich = []
    for art, punkte, text in (("flee", z.flee or 0, "Flee-Punkten ausweichen"),
                              ("parade", z.parade_frei, "Punkten Nahkampf-OB parieren")):
        if not punkte:
            continue
        try:
            angriff_planen(k, angreifer, ziel, waffe, reichweite_pruefen=False, **{art: punkte})
        except W100Fehler:
            continue
        moeglich.append(f"mit bis zu {punkte} {text}")
    if not moeglich:
        return None
    return Entscheidung("abwehr", ziel, f"{ziel} kann vor dem Wurf " + " oder ".join(moeglich)
                        + " – ansagen oder verzichten (nie beides).")


def offene_entscheidungen(kampf: Kampf, *, angreifer: str | None = None, ziel: str | None = None,
                          waffe: str | None = None) -> list[Entscheidung]:
    """Offene Entscheidungen: „Initiative Ergreifen“ vor dem ersten Zug (bis jemand sie
    ergreift oder der Spielleiter verzichtet) und – für einen geplanten Angriff von ``angreifer``
    (Standard: wer am Zug ist) auf ``ziel`` mit ``waffe`` – die Abwehr des Ziels.

    Regeltext › Kampf: „Bevor der Kampf beginnt, prüft, ob Initiative Ergreifen einem
    Beteiligten den ersten Zug verschafft.“
    """
    offen = []
    if ergreifen_offen(kampf):
        offen.append(Entscheidung(
            "initiative_ergreifen", SPIELLEITER,
            "Ergreift jemand die Initiative? Vor dem ersten Zug kann ein Beteiligter den ersten "
            f"Zug bekommen – „Initiative ergreifen“ oder „Niemand ergreift die Initiative“ "
            f"(dann beginnt {am_zug(kampf)})."))
    angreifer = angreifer or am_zug(kampf)
    if angreifer and ziel and waffe:
        abwehr = abwehr_entscheidung(kampf, angreifer, ziel, waffe)
        if abwehr is not None:
            offen.append(abwehr)
    return offen


# --------------------------------------------------------------------------- Ein-Klick-Schritte
#
# Jeder Schritt ist eine Folge gewöhnlicher Ereignisse im Protokoll mit einer Schritt-Nummer
# (Rückgängig nimmt sie zusammen zurück). Sie werden erst am Zustand gebaut und geprüft und nur dann ausgeführt,
# wenn alle gelingen: ein abgelehnter Schritt ändert nichts und wirft ``W100Fehler``.


def _alle(verlauf: Verlauf, ereignisse: Sequence[Ereignis]) -> list[str]:
    """Führt die Ereignisse eines Klicks als einen Schritt aus (:meth:`Verlauf.schritt`): ein
    Rückgängig nimmt sie zusammen zurück."""
    with verlauf.schritt():
        for e in ereignisse:
            verlauf.ausfuehren(e)
    return [e.text for e in ereignisse]


def _im_eigenen_zug(kampf: Kampf, wer: str) -> tuple[Kampf, list[Ereignis]]:
    """Beginnt den Zug von ``wer``, wenn er an der Reihe ist und ihn noch nicht begonnen hat."""
    grund = _nicht_dran(kampf, wer)
    if grund is not None:
        raise W100Fehler(grund)
    beginn = zug_beginnen(kampf)
    if beginn is None:
        return kampf, []
    return anwenden(kampf, beginn), [beginn]


def angreifen(verlauf: Verlauf, wer: str, ziel: str, waffe: str, *, modifikator: int = 0,
              abwehr: str = "keine", punkte: int = 0, rng: Any = None, augen: str | None = None,
              schaden_augen: str | None = None) -> list[str]:
    """Ein Klick „Angreifen“: (Zug beginnen,) W100 und bei einem Treffer gleich der Schaden.

    ``augen``: der eingetippte W100 (sonst würfelt ``rng`` alles); ``schaden_augen`` die
    eingetippten Schadenswürfel – leer würfelt ``rng`` den Schaden („leer = Programm würfelt“);
    ohne ``rng`` wird nichts eingetragen und die Meldung sagt, welcher Wurf fehlt.
    ``abwehr``/``punkte``: die angesagte Abwehr des Ziels (``ausweichen`` mit Flee, ``parade`` mit
    Nahkampf-OB).
    """
    from .sitzung import angriff

    k, ereignisse = _im_eigenen_zug(verlauf.zustand, wer)
    getippt = augen is not None and str(augen).strip() != ""
    ereignisse.append(angriff(k, ziel, waffe, modifikator=modifikator, abwehr=abwehr, punkte=punkte,
                              rng=rng, w100_augen=augen if getippt else None,
                              schaden_augen=schaden_augen))
    return _alle(verlauf, ereignisse)


def bewegen(verlauf: Verlauf, wer: str, *, nach: Sequence[float] | None = None,
            auf: str | None = None) -> list[str]:
    """Ein Klick „Bewegen“: (Zug beginnen,) eine Bewegungshandlung nach ``nach`` (Meter) oder auf
    ``auf`` zu (bis knapp vor das Ziel, höchstens so weit wie die Bewegung)."""
    from .sitzung import schritt_richtung

    k, ereignisse = _im_eigenen_zug(verlauf.zustand, wer)
    if nach is None:
        if auf is None:
            raise W100Fehler("Wohin? Einen Punkt oder ein Ziel angeben.")
        nach = schritt_richtung(k, auf)
    ereignisse.append(bewegung_ereignis(k, wer, nach))
    return _alle(verlauf, ereignisse)


def zug_beenden(verlauf: Verlauf) -> list[str]:
    """Ein Klick „Zug beenden“: die Initiative des Handelnden sinkt um 100; wer als Nächstes dran
    ist, nennt :func:`am_zug` (sein Zug beginnt mit seiner ersten Handlung)."""
    kampf = verlauf.zustand
    wer = am_zug(kampf)
    if wer is None:
        raise W100Fehler("Erst die Initiative bestimmen." if kampf.runde == 0 else
                         f"Niemand hat mehr Initiative übrig – erst die Runde {kampf.runde + 1} beginnen.")
    k, ereignisse = _im_eigenen_zug(kampf, wer)
    ereignisse.append(zug_ende_ereignis(k))
    return _alle(verlauf, ereignisse)


def ergreifen(verlauf: Verlauf, wer: str) -> list[str]:
    """Ein Klick „Initiative ergreifen“: ``wer`` hat den ersten Zug (die offene Frage ist entschieden)."""
    return _alle(verlauf, [ergreifen_ereignis(verlauf.zustand, wer)])


def ergreifen_verzichten(verlauf: Verlauf) -> list[str]:
    """Ein Klick „Niemand ergreift die Initiative“: geprüft und verzichtet – im Protokoll."""
    return _alle(verlauf, [ergreifen_verzicht_ereignis(verlauf.zustand)])


def handlungen_setzen(verlauf: Verlauf, wer: str, *, angriffshandlungen: int | str | None,
                      bewegungen: int | str | None) -> list[str]:
    """Ein Klick „Handlungen je Zug setzen“: wie viele Angriffs- und Bewegungshandlungen ``wer``
    je Zug hat (``None``: wie im Kampf eingestellt) – ein Ereignis im Protokoll, zurücknehmbar."""
    from ..kampf import handlungen_ereignis

    return _alle(verlauf, [handlungen_ereignis(verlauf.zustand, wer, _anzahl_feld(angriffshandlungen),
                                               _anzahl_feld(bewegungen))])


def _anzahl_feld(wert: int | str | None) -> int | None:
    """Eine Anzahl aus einem Eingabefeld: leer heißt „wie im Kampf eingestellt“ (``None``)."""
    if wert is None or (isinstance(wert, str) and not wert.strip()):
        return None
    try:
        return int(str(wert).strip())
    except ValueError:
        raise W100Fehler(f"„{wert}“ ist keine ganze Zahl – Handlungen je Zug als Zahl von 0 bis 20 "
                         "angeben (leer: wie im Kampf eingestellt).") from None


def neue_runde(verlauf: Verlauf, *, rng: Any = None, augen: Mapping[str, Any] | None = None) -> list[str]:
    """Ein Klick „Neue Runde“: vor dem Kampf die Initiative (W100 + Bonus), sonst die nächste
    Runde (Effekte ticken, Flee regeneriert; neu gewürfelt nur, wenn der Kampf es so einstellt).
    ``augen``: eingetippte W100 je Name; wer fehlt, für den würfelt ``rng``."""
    from .sitzung import initiative_wuerfeln
    from .sitzung import neue_runde as runde_ereignis

    kampf = verlauf.zustand
    if kampf.runde == 0:
        return _alle(verlauf, [initiative_wuerfeln(kampf, rng=rng, augen=augen or None)])
    return _alle(verlauf, [runde_ereignis(kampf, rng=rng, augen=augen)])


# --------------------------------------------------------------------------- Vorschläge der Taktik
#
# Der Vorschlag ist die Wahl der Simulation: dieselbe Funktion
# (:func:`gm_helfer.w100.simulation.naechste_handlung`) entscheidet im Ereignispfad und hier.

NSC_SEITE = "gegner"
"""Die Seite, deren Kämpfer der Spielleiter führt (Nichtspielercharaktere): „Gruppe handelt“
spielt ihre Züge nach der Taktik."""


@dataclass(frozen=True)
class Vorschlag:
    """Was die Taktik ``wer`` jetzt tun lässt (:func:`vorschlag`).

    ``schluessel`` wie :func:`aktionen`: ``angriff`` (``ziel``, ``waffe``; ``abwehr``/``punkte``: die
    Abwehr des Ziels nach derselben Taktik), ``bewegung`` (``nach``) oder ``zug_beenden``.
    """

    schluessel: str
    wer: str
    text: str
    ziel: str | None = None
    waffe: str | None = None
    nach: tuple[float, float] | None = None
    abwehr: str = "keine"
    punkte: int = 0


def _taktik(taktik: Any) -> Any:
    from ..simulation import Taktik

    return taktik if taktik is not None else Taktik()


def _vorschlag_aus(k: Kampf, h: Any) -> Vorschlag:
    if h.art == "bewegung":
        return Vorschlag("bewegung", h.wer, f"{h.wer} bewegt sich nach ({h.nach[0]:.2f} m, {h.nach[1]:.2f} m) "
                         "– keine Waffe erreicht das Ziel.", nach=h.nach)
    if h.art == "angriff":
        abwehr = ("ohne Abwehr" if not h.punkte else
                  f"{h.ziel}: {ABWEHR_TEXT.get(h.abwehr, h.abwehr)} mit {h.punkte} Punkten")
        return Vorschlag("angriff", h.wer, f"{h.wer} greift {h.ziel} mit {h.waffe} an ({abwehr}).",
                         ziel=h.ziel, waffe=h.waffe, abwehr=h.abwehr if h.punkte else "keine", punkte=h.punkte)
    return Vorschlag("zug_beenden", h.wer, f"{h.wer} beendet den Zug.")


def _handlung(kampf: Kampf, wer: str, taktik: Any, rng: Any, ziel: Any = True) -> tuple[Kampf, Any, Any]:
    """(Zustand im Zug, Ziel des Zuges, nächste Handlung); ``ziel=True``: das Ziel jetzt wählen."""
    from ..simulation import naechste_handlung, zugziel

    k = im_zug(kampf, wer)
    if ziel is True:
        ziel = zugziel(k, taktik, rng)
    return k, ziel, naechste_handlung(k, taktik, ziel)


def vorschlag(zustand: Kampf, wer: str, *, taktik: Any = None, rng: Any = None) -> Vorschlag | None:
    """Die Handlung, die die Taktik (``taktik``, Vorgabe: die Standardtaktik der Simulation) ``wer``
    jetzt spielen lässt – ``None``, wenn ``wer`` jetzt nichts zu tun hat (nicht am Zug,
    kampfunfähig, „Initiative Ergreifen“ offen, Runde vorbei).

    Es ist die Wahl der Simulation in diesem Zustand (:func:`gm_helfer.w100.simulation.naechste_handlung`):
    das Ziel des Zuges wählt die Taktik im Zustand (``rng`` nur für ``ziel="zufall"``) – zu Beginn
    des Zuges genau wie der Ereignispfad; hat sich ``wer`` in diesem Zug schon bewegt, ist es das
    Ziel vom neuen Standort aus.
    """
    if _nicht_dran(zustand, wer) is not None:
        return None
    k, _, h = _handlung(zustand, wer, _taktik(taktik), rng)
    return _vorschlag_aus(k, h)


def _spielen(verlauf: Verlauf, v: Vorschlag, *, augen: str | None, rng: Any, schaden_augen: str | None,
             abwehr: str | None, punkte: int | None) -> list[str]:
    if v.schluessel == "bewegung":
        return bewegen(verlauf, v.wer, nach=v.nach)
    if v.schluessel == "angriff":
        art = v.abwehr if abwehr is None else abwehr
        return angreifen(verlauf, v.wer, v.ziel, v.waffe, abwehr=art,  # type: ignore[arg-type]
                         punkte=(v.punkte if abwehr is None else int(punkte or 0)) if art != "keine" else 0,
                         rng=rng, augen=augen, schaden_augen=schaden_augen)
    return zug_beenden(verlauf)


def vorschlag_spielen(verlauf: Verlauf, wer: str, augen: str | None = None, rng: Any = None, *,
                      taktik: Any = None, schaden_augen: str | None = None, abwehr: str | None = None,
                      punkte: int | None = None) -> list[Ereignis]:
    """Ein Klick „Vorschlag spielen“: die Handlung von :func:`vorschlag` – über dieselben Schritte
    und Prüfungen wie von Hand (:func:`angreifen`, :func:`bewegen`, :func:`zug_beenden`), ein
    Schritt im Protokoll. ``augen``/``schaden_augen``: eingetippte Würfel (sonst würfelt ``rng``);
    ``abwehr``/``punkte``: eine andere Abwehr des Ziels als die der Taktik (der Spielleiter
    entscheidet für einen Helden). Gibt die geschriebenen Ereignisse zurück.

    Raises:
        W100Fehler: ``wer`` hat jetzt nichts zu tun (mit dem Grund) oder der Wurf fehlt.
    """
    v = vorschlag(verlauf.zustand, wer, taktik=taktik, rng=rng)
    if v is None:
        raise W100Fehler(_nicht_dran(verlauf.zustand, wer) or f"{wer} hat jetzt nichts zu tun.")
    vorher = len(verlauf.ereignisse)
    _spielen(verlauf, v, augen=augen, rng=rng, schaden_augen=schaden_augen, abwehr=abwehr, punkte=punkte)
    return list(verlauf.ereignisse[vorher:])


@dataclass(frozen=True)
class Gruppenzug:
    """Was „Gruppe handelt“ gespielt hat: je Nichtspielercharakter seine Protokolltexte
    (``zuege``, in der Reihenfolge der Züge) und warum es anhält (``halt``, Deutsch)."""

    zuege: tuple[tuple[str, tuple[str, ...]], ...]
    halt: str
    offen: Vorschlag | None = None
    """Der Vorschlag, bei dem der Spielleiter entscheiden muss (die Abwehr eines Helden), sonst ``None``."""


def _halt(kampf: Kampf) -> str | None:
    """Warum „Gruppe handelt“ jetzt nicht weiterspielt – oder ``None``, wenn ein NSC am Zug ist."""
    from ..kampf import sieger

    if sieger(kampf) is not None:
        return f"Der Kampf ist entschieden: {sieger(kampf)} hat gewonnen."
    if kampf.runde == 0:
        return "Erst die Initiative bestimmen."
    if ergreifen_offen(kampf):
        return ERGREIFEN_OFFEN
    wer = am_zug(kampf)
    if wer is None:
        return f"Die Runde ist vorbei – der Spielleiter beginnt Runde {kampf.runde + 1}."
    if kampf[wer].seite != NSC_SEITE:
        return f"{wer} ist am Zug (Spielerseite)."
    return None


def _entscheidet_spielleiter(kampf: Kampf, v: Vorschlag) -> bool:
    """Ob vor diesem Vorschlag ein Held seine Abwehr ansagen kann (das entscheidet der Spielleiter)."""
    if v.schluessel != "angriff" or kampf[v.ziel].seite == NSC_SEITE:  # type: ignore[index]
        return False
    return any(a.erlaubt for a in abwehr_moeglichkeiten(kampf, v.wer, v.ziel, v.waffe) if a.schluessel != "keine")


def gruppe_handelt(verlauf: Verlauf, rng: Any = None, *, taktik: Any = None,
                   helden_abwehr: bool = False) -> Gruppenzug:
    """Ein Klick „Gruppe handelt“: die Nichtspielercharaktere (Seite :data:`NSC_SEITE`), die jetzt
    an der Reihe sind, spielen ihre Züge nach der Taktik – einer nach dem anderen, solange der
    Nächste in der Initiative ein NSC ist. Jede Handlung steht als eigene Ereignisse im Protokoll,
    alle zusammen sind ein Schritt (ein Rückgängig nimmt die Gruppe zurück).

    Hält an, wenn ein Held am Zug ist, die Runde vorbei ist, „Initiative Ergreifen“ offen ist,
    der Kampf entschieden ist – oder bevor ein NSC einen Helden angreift, der eine Abwehr ansagen
    kann (``Gruppenzug.offen``: der Vorschlag mit der Abwehr der Taktik; der Spielleiter spielt
    ihn mit :func:`vorschlag_spielen`, mit oder ohne andere Abwehr; ``helden_abwehr=True``: auch
    die Helden wehren sich nach der Taktik, die Gruppe hält dafür nicht an). ``rng``: die Würfel
    (``None``: frischer Zufall). Das Ziel des Zuges bleibt den ganzen Zug, wie in der Simulation.
    """
    rng = rng if rng is not None else random.Random()
    taktik = _taktik(taktik_fuer(taktik, NSC_SEITE))  # eine für alle oder je Seite
    zuege: list[tuple[str, list[str]]] = []
    offen: Vorschlag | None = None
    with verlauf.schritt():
        while (halt := _halt(verlauf.zustand)) is None:
            wer = am_zug(verlauf.zustand)
            assert wer is not None
            zuege.append((wer, []))
            ziel: Any = True
            while True:
                kampf = verlauf.zustand
                k, ziel, h = _handlung(kampf, wer, taktik, rng, ziel)
                v = _vorschlag_aus(k, h)
                if not helden_abwehr and _entscheidet_spielleiter(kampf, v):
                    offen = v
                    break
                zuege[-1][1].extend(_spielen(verlauf, v, augen=None, rng=rng, schaden_augen=None,
                                             abwehr=None, punkte=None))
                if v.schluessel == "zug_beenden":
                    break
            if offen is not None:
                halt = f"{offen.ziel} kann sich gegen {offen.wer} wehren – der Spielleiter sagt die Abwehr an."
                gruppe_halt_vermerken(verlauf, offen.wer, offen.ziel or "", f"Gruppe handelt hält an – {halt}")
                break
    return Gruppenzug(tuple((w, tuple(t)) for w, t in zuege), halt, offen)


NSC_AUTOMATIK: dict[str, str] = {
    "abwehr": "Abwehr der Gegner als Ziel (Flee oder Parade, mit Punkten) nach ihrer Taktik",
    "gruppe": "Gegnergruppe spielt nach der Abwehr eines Helden weiter",
}
"""Die Entscheidungen der NSC, die das Panel je Schalter ohne Rückfrage nach der Taktik trifft. Die
Abwehr wird vor dem Wurf angesagt (regeln/w100.txt › Ausweichen und Parieren): sie ist Teil des
Angriffs – mit dem Schalter ist bei jedem Angriff auf einen NSC die Wahl seiner Taktik samt Punkten
vorausgewählt (:func:`nsc_abwehr`, änderbar); die Angriffe der NSC wählen die Abwehr ihres Ziels
ohnehin nach der Taktik (:func:`vorschlag`). ``gruppe``: hielt „Gruppe handelt“ vor der Abwehr
eines Helden an, spielt die Gruppe nach dem Klick, der den Angriff samt dieser Abwehr spielt, im
selben Schritt weiter (:func:`nsc_entscheiden`) – nur dann: der Halt steht im Protokoll
(:func:`gm_helfer.zug.gruppe_setzt_fort`); ein von Hand gespielter Angriff eines NSC, dessen Zug der
Spielleiter selbst weiterführt, setzt nichts fort. Alle Schalter sind zu Beginn an."""
def nsc_abwehr(kampf: Kampf, angreifer: str | None, ziel: str | None, waffe: str | None, *,
               taktik: Any = None) -> tuple[str, int] | None:
    """Die Abwehr (Art, Punkte), die die Taktik eines **NSC** als Ziel gegen diesen Angriff ansagt –
    dieselbe Wahl wie in der Simulation (:func:`gm_helfer.w100.simulation._abwehr`, im Zustand des
    Zuges); ``None``, wenn das Ziel ein Held ist (der Spieler sagt an) oder es keinen Angriff gibt."""
    from ..simulation import _abwehr

    namen = {k.name for k in kampf.kaempfer}
    if not angreifer or not ziel or not waffe or ziel == angreifer or not {angreifer, ziel} <= namen:
        return None
    if kampf[ziel].seite != NSC_SEITE:
        return None
    w = next((w for w in kampf[angreifer].waffen if w.name == waffe), None)
    if w is None:
        return None
    return _abwehr(im_zug(kampf, angreifer), ziel, w, _taktik(taktik))


def nsc_entscheiden(verlauf: Verlauf, arten: Any, *, taktik: Any = None, rng: Any = None) -> list[str]:
    """Die offenen Entscheidungen der NSC der Arten ``arten`` nach ihrer Taktik, im laufenden
    Schritt. Die Abwehr eines NSC bleibt nach einem Klick nie offen: sie ist mit dem Angriff
    angesagt (:func:`nsc_abwehr`); niemand ergreift die Initiative nach der Taktik, doch das
    entscheiden auch die Spieler – es bleibt beim Spielleiter. ``gruppe``: hat der Klick den
    Angriff gespielt, vor dem „Gruppe handelt“ für die Abwehr eines Helden anhielt (der Halt steht im
    Protokoll, :func:`gm_helfer.zug.gruppe_setzt_fort`; ein von Hand gespielter Angriff setzt nichts
    fort), und ist jetzt ein NSC am Zug, spielt :func:`gruppe_handelt` im selben Schritt weiter
    (ein Rückgängig nimmt den Klick samt der Gruppe zurück) – bis zur nächsten Abwehr eines Helden.
    Gibt die Protokollzeilen (leer: nichts zu entscheiden)."""
    if "gruppe" not in set(arten or ()) or _halt(verlauf.zustand) is not None:
        return []
    if not gruppe_setzt_fort(verlauf):
        return []
    with verlauf.schritt():
        g = gruppe_handelt(verlauf, rng, taktik=taktik)
    return [f"Taktik: {t}" for _, texte in g.zuege for t in texte] + ([f"Angehalten – {g.halt}"] if g.offen is not None else [])
