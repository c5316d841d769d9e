"""``anwenden``: die Folgen eines Ereignisses rein in einen neuen Zustand falten; Verlauf und Fortsetzen.

Ein Protokoll spielt beim Fortsetzen genau gleich ab, weil nur die im Ereignis gespeicherten Folgen
angewandt werden.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from pathlib import Path
from typing import Any

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.schnell import einmal_je_objekt, ersetzen

from .daten import (
    SYSTEM,
)
from .proben import AloranFehler
from .werte import (
    Kampfwerte,
)
from .wunden import (
    verletzungsstufe,
    wunden_hinzu,
)
from .zustand import (
    Aktionen,
    Kaempfer,
    Kampf,
    _offen_im_austausch,
    aktionen_zu_rundenbeginn,
    aus_kopf,
    kopf,
)

# ---------------------------------------------------------------------------------------
# anwenden
# ---------------------------------------------------------------------------------------


def _kampf_folge(kampf: Kampf, f: Mapping[str, Any]) -> Kampf:
    """Eine Folge, die den ganzen Kampf ändert: neue Runde, ein Kämpfer tritt bei, ein gleichzeitiger
    Austausch beginnt (``austausch``) oder eine seiner Folgen wird aufgeschoben (``aufschub``)."""
    if "austausch" in f:
        return _mit_kaempfern(kampf, kampf.kaempfer, austausch=tuple(f["austausch"]))
    if "aufschub" in f:
        folge = f["aufschub"]
        if folge.get("name") not in kampf._plaetze:
            raise AloranFehler(f"„{folge.get('name')}“ kämpft hier nicht mit.")
        return _mit_kaempfern(kampf, kampf.kaempfer, aufgeschoben=kampf.aufgeschoben + (tuple(folge.items()),))
    if "runde" in f:
        neu = []
        for k in kampf.kaempfer:
            akt = aktionen_zu_rundenbeginn(k.werte)
            if k.beeintraechtigt:
                akt = _aktionen_mit(akt, "kampf", 0)
            elif k.aktionen is akt and not k.zug and not k.sofort:
                neu.append(k)  # schon so, wie die Runde beginnt (etwa wer ausgeschaltet ist)
                continue
            neu.append(_kaempfer_ersetzen(k, aktionen=akt, beeintraechtigt=max(0, k.beeintraechtigt - 1),
                                          zug="", sofort=0))
        return _mit_kaempfern(kampf, neu, runde=int(f["runde"]))
    w = Kampfwerte.aus_dict(f["beitreten"])
    neu_k = Kaempfer(w, ausdauer=w.ausdauer, aktionen=aktionen_zu_rundenbeginn(w))
    return ersetzen(kampf, kaempfer=kampf.kaempfer + (neu_k,))


_KAEMPFER_FELDER = frozenset(f.name for f in fields(Kaempfer))
_ABGELEITET_AUS = frozenset({"werte", "initiative", "wunden", "ausdauer"})
"""Die Felder, aus denen :class:`Kaempfer` seine gemerkten Eigenschaften (``einmal_je_objekt``)
rechnet; Aktionen, Zug, Beeinträchtigung, Sofort- und Unparierbar-Zähler gehen in keine ein."""


def _kaempfer_ersetzen(k: Kaempfer, **aenderungen: Any) -> Kaempfer:
    """Wie :func:`~gm_helfer.schnell.ersetzen`; ändert sich keines der Felder in
    :data:`_ABGELEITET_AUS`, behält die Kopie die gemerkten Eigenschaften des alten Kämpfers (sie
    sind dieselben) – die meisten Folgen ändern nur Aktionen oder den Zug, und Reihenfolge und
    Zielwahl fragen danach wieder, wer handeln kann (Issue 10). ``tests/aloran/test_kampf.py``
    prüft die behaltenen Werte gegen frisch gerechnete."""
    if not _KAEMPFER_FELDER.issuperset(aenderungen):
        raise TypeError(f"Kaempfer hat kein Feld {sorted(set(aenderungen) - _KAEMPFER_FELDER)}.")
    return _kopie(k, **aenderungen)


def _kopie(k: Kaempfer, **aenderungen: Any) -> Kaempfer:
    """:func:`_kaempfer_ersetzen` ohne die Prüfung der Feldnamen – für :func:`_kaempfer_folge`, die
    nur Felder nennt (je Folge gebraucht)."""
    neu = object.__new__(Kaempfer)
    d = neu.__dict__
    d.update(k.__dict__)
    if not _ABGELEITET_AUS.isdisjoint(aenderungen):
        for name in _KAEMPFER_GEMERKT if "werte" in aenderungen else _AUS_DEM_ZUSTAND:
            d.pop(name, None)
    d.update(aenderungen)
    return neu


_KAEMPFER_GEMERKT = tuple(name for name, wert in vars(Kaempfer).items() if isinstance(wert, einmal_je_objekt))
"""Die gemerkten Eigenschaften eines Kämpfers (alle ``einmal_je_objekt``)."""
_AUS_DEM_ZUSTAND = tuple(name for name in _KAEMPFER_GEMERKT if name not in ("name", "konstitution"))
"""Die davon, die nicht nur von den Werten abhängen."""


_AKTIONEN_FELDER = frozenset(f.name for f in fields(Aktionen))


def _aktionen_mit(akt: Aktionen, art: str, wert: int) -> Aktionen:
    """``ersetzen(akt, **{art: wert})`` ohne dessen allgemeine Prüfungen (``Aktionen`` hat nur
    Felder und nichts Gemerktes; je Angriff zwei Mal gebraucht)."""
    if art not in _AKTIONEN_FELDER:
        return ersetzen(akt, **{art: wert})
    neu = object.__new__(Aktionen)
    neu.__dict__.update(akt.__dict__)
    neu.__dict__[art] = wert
    return neu


def _kaempfer_folge(k: Kaempfer, f: Mapping[str, Any]) -> Kaempfer:
    """Eine Folge, die nur den Kämpfer ``f["name"]`` ändert."""
    if "initiative" in f:
        k = _kopie(k, initiative=int(f["initiative"]), initiative_w10=f.get("w10"))
    elif "aktion" in f:
        art = f["aktion"]
        k = _kopie(k, aktionen=_aktionen_mit(k.aktionen, art, max(0, getattr(k.aktionen, art) + int(f["delta"]))))
    elif "zone" in f:
        if int(f["wunden"]) > 0:
            wunden = wunden_hinzu(k.wunden, f["zone"], int(f["wunden"]))
            # „Die Art der Wunde entspricht der Waffen- und Attackenart der verletzungsverursachenden
            # Wunde.“ – nur eine Wunde, die eine neue Zeile der Wundtabelle erreicht, bestimmt die Art
            if not k.schadensart or verletzungsstufe(wunden, k.konstitution) > k.wundstufe:
                k = _kopie(k, wunden=wunden, schadensart=f["schadensart"])
            else:
                k = _kopie(k, wunden=wunden)
        elif int(f["wunden"]) < 0:
            k = _kopie(k, wunden=wunden_hinzu(k.wunden, f["zone"], int(f["wunden"])))
    elif "ausdauer" in f:
        k = _kopie(k, ausdauer=min(k.werte.ausdauer, max(0, k.ausdauer + int(f["ausdauer"]))))
    elif "beeintraechtigt" in f:
        if k.aktionen.kampf > 0:
            k = _kopie(k, aktionen=_aktionen_mit(k.aktionen, "kampf", k.aktionen.kampf - 1))
        else:
            k = _kopie(k, beeintraechtigt=k.beeintraechtigt + 1)
    elif "zug" in f:
        k = _kopie(k, zug=str(f["zug"]))
    elif "sofort" in f:
        k = _kopie(k, sofort=max(0, k.sofort + int(f["sofort"])))
    elif "unparierbar" in f:
        k = _kopie(k, unparierbar=max(0, k.unparierbar + int(f["unparierbar"])))
    else:
        raise AloranFehler(f"Unbekannte Folge im Protokoll: {dict(f)}")
    return k


def anwenden(kampf: Kampf, ereignis: Ereignis) -> Kampf:
    """Rein: wendet die ``folgen`` eines Ereignisses an und gibt den neuen Zustand zurück.

    Folgen, die nur einzelne Kämpfer ändern, werden nacheinander auf eine Liste der Kämpfer
    angewandt und erst danach zu einem neuen Zustand zusammengesetzt – dasselbe Ergebnis wie
    Folge für Folge, nur ohne einen Zwischenzustand je Folge (Issue 10)."""
    folgen = ereignis.daten.get("folgen")
    if folgen is None:
        raise AloranFehler(f"Das Ereignis „{ereignis.art}“ hat keine Folgen – es stammt nicht aus Aloran.")
    liste: list[Kaempfer] | None = None
    plaetze = kampf._plaetze
    for f in folgen:
        if "runde" in f or "beitreten" in f or "austausch" in f or "aufschub" in f:
            if liste is not None:
                kampf, liste = _mit_kaempfern(kampf, liste), None
            kampf = _kampf_folge(kampf, f)
            plaetze = kampf._plaetze
            continue
        if liste is None:
            liste = list(kampf.kaempfer)
        name = f["name"]
        if name not in plaetze:
            raise AloranFehler(f"„{name}“ kämpft hier nicht mit.")
        stellen = plaetze[name]
        neu = _kaempfer_folge(liste[stellen[0]], f)
        for i in stellen:
            liste[i] = neu
    if liste is not None:
        kampf = _mit_kaempfern(kampf, liste)
    if kampf.austausch and not _offen_im_austausch(kampf):
        kampf = _austausch_schliessen(kampf)
    return kampf


def _austausch_schliessen(kampf: Kampf) -> Kampf:
    """Alle des gleichzeitigen Austauschs haben gehandelt: ihre aufgeschobenen Folgen gelten jetzt,
    zusammen und in der Reihenfolge ihrer Würfe (rein; folgt aus dem Zustand, also beim
    Wiederabspielen genauso)."""
    liste = list(kampf.kaempfer)
    plaetze = kampf._plaetze
    for paare in kampf.aufgeschoben:
        f = dict(paare)
        stellen = plaetze[f["name"]]
        neu = _kaempfer_folge(liste[stellen[0]], f)
        for i in stellen:
            liste[i] = neu
    return _mit_kaempfern(kampf, liste, austausch=(), aufgeschoben=())


_KAMPF_FELDER = tuple(f.name for f in fields(Kampf))


def _mit_kaempfern(kampf: Kampf, liste: Sequence[Kaempfer], **aenderungen: Any) -> Kampf:
    """Der Zustand mit geänderten Kämpfern an denselben Plätzen (gleiche Namen): das Verzeichnis
    Name → Plätze gilt weiter und wird mitgegeben statt neu gebaut; alles andere Gemerkte (etwa
    :func:`am_zug`) rechnet der neue Zustand neu. Wie ``ersetzen``, nur ohne dessen allgemeine
    Prüfungen – einmal je Ereignis gebraucht."""
    alt = kampf.__dict__
    neu = object.__new__(Kampf)
    d = neu.__dict__
    for name in _KAMPF_FELDER:
        d[name] = alt[name]
    d["kaempfer"] = tuple(liste)
    if aenderungen:
        if not set(aenderungen) <= set(_KAMPF_FELDER):
            raise TypeError(f"Kampf hat kein Feld {sorted(set(aenderungen) - set(_KAMPF_FELDER))}.")
        d.update(aenderungen)
    d["_plaetze"] = kampf._plaetze
    return neu


def neuer_verlauf(kampf: Kampf, datei: Path | str | None = None) -> Verlauf:
    """Ein :class:`Verlauf` für diesen Kampf (mit Datei: jedes Ereignis wird sicher geschrieben)."""
    return Verlauf(kampf, anwenden, datei=datei, system=SYSTEM, kopf=kopf(kampf))


def fortsetzen(datei: Path | str, *, nur_lesen: bool = False, uebernehmen: bool = False) -> tuple[Verlauf, list[str]]:
    """Einen Kampf aus seinem Protokoll wieder aufnehmen (Warnungen auf Deutsch); ``nur_lesen`` und
    ``uebernehmen`` wie bei :meth:`gm_helfer.protokoll.Verlauf.fortsetzen`."""
    return Verlauf.fortsetzen(datei, aus_kopf, anwenden, nur_lesen=nur_lesen, uebernehmen=uebernehmen)


