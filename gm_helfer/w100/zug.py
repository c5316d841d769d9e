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
>>> am_zug(k), reihenfolge(k), standard_ziel(k, "Ada"), standard_waffe(k, "Ada")
('Ada', ['Ada', 'Ork'], 'Ork', 'Axt')
>>> [a.schluessel for a in aktionen(k, "Ada") if a.erlaubt]
['angriff', 'bewegung', 'zug_beenden']
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.zug import Aktion, Entscheidung

from .kampf import (
    Kampf,
    Waffe,
    abstand,
    angriff_planen,
    anwenden,
    meter,
    naechster,
    reihenfolge as _rangfolge,
    bewegung_ereignis,
    runde_vorbei,
    zug_beginn_ereignis,
    zug_ende_ereignis,
)
from .optionen import W100Fehler

__all__ = [
    "am_zug",
    "reihenfolge",
    "aktionen",
    "standard_ziel",
    "standard_waffe",
    "offene_entscheidungen",
    "abwehr_entscheidung",
    "zug_beginnen",
    "im_zug",
    "angreifen",
    "bewegen",
    "zug_beenden",
    "neue_runde",
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
    return None


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
    if a.angriffshandlungen >= k.optionen.angriffshandlungen_pro_zug and not offen:
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


def aktionen(kampf: Kampf, wer: str | None) -> list[Aktion]:
    """Was ``wer`` jetzt tun könnte; verbotene Handlungen mit deutschem Grund.

    Schlüssel: ``angriff``, ``bewegung``, ``zug_beenden``. Mit ``wer=None`` die Schritte des
    Spielleiters zwischen den Zügen: ``initiative`` (vor dem Kampf) bzw. ``neue_runde``.
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
    g_bewegung = (None if a.bewegungen < k.optionen.bewegungen_pro_zug
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
    ergreift oder der erste Zug beginnt) und – für einen geplanten Angriff von ``angreifer``
    (Standard: wer am Zug ist) auf ``ziel`` mit ``waffe`` – die Abwehr des Ziels.

    Regeltext › Kampf: „Bevor der Kampf beginnt, prüft, ob Initiative Ergreifen einem
    Beteiligten den ersten Zug verschafft.“
    """
    offen = []
    if kampf.runde >= 1 and kampf.zuege_gesamt == 0 and kampf.am_zug is None and kampf.vorrang is None:
        offen.append(Entscheidung(
            "initiative_ergreifen", SPIELLEITER,
            "Ergreift jemand die Initiative? Vor dem ersten Zug kann ein Beteiligter den ersten "
            f"Zug bekommen – sonst beginnt {am_zug(kampf)}."))
    angreifer = angreifer or am_zug(kampf)
    if angreifer and ziel and waffe:
        abwehr = abwehr_entscheidung(kampf, angreifer, ziel, waffe)
        if abwehr is not None:
            offen.append(abwehr)
    return offen


# --------------------------------------------------------------------------- Ein-Klick-Schritte
#
# Jeder Schritt ist eine Folge gewöhnlicher Ereignisse im Protokoll (Rückgängig nimmt sie
# einzeln zurück). Sie werden erst am Zustand gebaut und geprüft und nur dann ausgeführt,
# wenn alle gelingen: ein abgelehnter Schritt ändert nichts und wirft ``W100Fehler``.


def _alle(verlauf: Verlauf, ereignisse: Sequence[Ereignis]) -> list[str]:
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

    ``augen``: der eingetippte W100 (sonst würfelt ``rng`` alles); trifft ein eingetippter
    Angriff, braucht er auch ``schaden_augen`` – fehlen sie, wird nichts eingetragen und die
    Meldung sagt, welcher Wurf fehlt. ``abwehr``/``punkte``: die angesagte Abwehr des Ziels
    (``ausweichen`` mit Flee, ``parade`` mit Nahkampf-OB).
    """
    from .sitzung import angriff

    k, ereignisse = _im_eigenen_zug(verlauf.zustand, wer)
    getippt = augen is not None and str(augen).strip() != ""
    ereignisse.append(angriff(k, ziel, waffe, modifikator=modifikator, abwehr=abwehr, punkte=punkte,
                              rng=None if getippt else rng, w100_augen=augen if getippt else None,
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


def neue_runde(verlauf: Verlauf, *, rng: Any = None, augen: Mapping[str, Any] | None = None) -> list[str]:
    """Ein Klick „Neue Runde“: vor dem Kampf die Initiative (W100 + Bonus), sonst die nächste
    Runde (Effekte ticken, Flee regeneriert; neu gewürfelt nur, wenn der Kampf es so einstellt).
    ``augen``: eingetippte W100 je Name; wer fehlt, für den würfelt ``rng``."""
    from .sitzung import initiative_wuerfeln, neue_runde as runde_ereignis

    kampf = verlauf.zustand
    if kampf.runde == 0:
        return _alle(verlauf, [initiative_wuerfeln(kampf, rng=rng, augen=augen or None)])
    return _alle(verlauf, [runde_ereignis(kampf, rng=rng, augen=augen)])
