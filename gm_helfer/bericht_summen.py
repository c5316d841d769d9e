"""Die Summen des Sitzungsberichts: was jeder Kämpfer tat und erlitt, wer gewann, wie lange es dauerte.

Systemfrei. Jedes System sagt in seinem Ansichtsadapter (``gm_helfer/<system>/tisch/ansicht.py``),
was ein Ereignis zu den Summen beiträgt – ``bilanz(vorher, ereignis, nachher) -> tuple[Posten, ...]``
(was als Treffer zählt, was Schaden ist, welche Ressource ausgegeben wurde) –, dazu
``offen(zustand) -> tuple[(wer, text), ...]`` (die offenen Entscheidungen) und
``umfang(vorher, nachher) -> str`` (Runden oder Ticks nach dem letzten Ereignis, mit Spielzeit, wo die Regeln sie nennen). Hier
werden die Posten nur zusammengezählt; Grundlage sind die Ereignisse und Zustände, nie der
Protokolltext.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from gm_helfer.ansicht import KaempferSicht
from gm_helfer.text import anzahl, aufzaehlung

__all__ = ["Posten", "Summe", "dauer_text", "schlagzeile", "summen", "titel_aus_seiten", "umfang_dauer"]


@dataclass(frozen=True)
class Posten:
    """Was ein Ereignis zur Bilanz beiträgt – die eine Form, die jedes System liefert.

    Ein Angriff: ``Posten(wer="Brakka", ziel="Baron", angriffe=1, treffer=1)``; Schaden:
    ``Posten(wer="Brakka", ziel="Baron", schaden=2, einheit="Wunden")`` (``wer`` leer: ohne
    Urheber, etwa ein Eingriff des Spielleiters; ein negativer Schaden ohne ``wer`` nimmt Schaden
    des Letzten zurück, der ``ziel`` traf – Wegstecken); eine Ausgabe:
    ``Posten(wer="Brakka", ausgabe=1, was="Bennies")``. Heilung ist kein negativer Schaden.
    """

    wer: str = ""
    ziel: str = ""
    angriffe: int = 0
    treffer: int = 0
    schaden: int = 0
    einheit: str = ""
    """Einheit des Schadens: „Wunden“, „LP“, „Ausdauer“ …"""
    ausgabe: int = 0
    was: str = ""
    """Was ausgegeben wurde: „Bennies“, „Flee“, „Ausdauer“."""


@dataclass(frozen=True)
class Summe:
    """Die Bilanz eines Kämpfers über den ganzen Kampf."""

    name: str
    seite: str
    held: bool
    angriffe: int = 0
    treffer: int = 0
    ausgeteilt: tuple[tuple[str, int], ...] = ()
    """(Einheit, Menge) – Schaden, den er anderen zufügte."""
    erlitten: tuple[tuple[str, int], ...] = ()
    ausgegeben: tuple[tuple[str, int], ...] = ()
    """(Ressource, Menge)."""
    ausgefallen: str = ""
    """Wann (und durch wen) er ausfiel – leer, wenn er am Ende steht."""
    zustand: str = ""

    @staticmethod
    def mengen(werte: Sequence[tuple[str, int]]) -> str:
        """„1 Wunde, 3 Ausdauer“ (leer: „–“)."""
        return ", ".join(anzahl(n, EINZAHL.get(e, e), e) for e, n in werte if n) or "–"


EINZAHL = {"Wunden": "Wunde", "Bennies": "Benny", "Lebenspunkte": "Lebenspunkt"}
"""Einheiten und Ressourcen in der Einzahl („1 Benny“); was fehlt, heißt in beiden Zahlen gleich (LP, Flee)."""


@dataclass
class _Zaehler:
    angriffe: int = 0
    treffer: int = 0
    ausgeteilt: dict[str, int] = field(default_factory=dict)
    erlitten: dict[str, int] = field(default_factory=dict)
    ausgegeben: dict[str, int] = field(default_factory=dict)


def _plus(d: dict[str, int], schluessel: str, n: int) -> None:
    d[schluessel] = d.get(schluessel, 0) + n


def summen(modul: Any, zustaende: Sequence[Any], ereignisse: Sequence[Any], ausfaelle: Sequence[tuple[str, str]],
           grenzen: Sequence[tuple[int, int]] | None = None) -> tuple[Summe, ...]:
    """Die Summe je Kämpfer aus den Posten des Systems (``modul.bilanz``) über alle Ereignisse.

    ``ausfaelle``: (Name, Zeitpunkt) wie im Bericht; ``grenzen``: die Schritte
    (:meth:`gm_helfer.protokoll.Verlauf.schritt_grenzen`, sonst jedes Ereignis ein Schritt).
    „Durch wen“ ist, wer ihm zuletzt Schaden zufügte, bevor er – nach dem Zustand am Ende eines
    Schritts – (zum letzten Mal) ausfiel."""
    zaehler: dict[str, _Zaehler] = {}
    letzter: dict[str, str] = {}
    durch: dict[str, str] = {}
    liegt = {k.name for k in modul.kaempfer(zustaende[0]) if k.ausgefallen}
    for erstes, ende in grenzen if grenzen is not None else [(i, i + 1) for i in range(len(ereignisse))]:
        for i in range(erstes, ende):
            for p in modul.bilanz(zustaende[i], ereignisse[i], zustaende[i + 1]):
                _buchen(zaehler, letzter, p)
        for k in modul.kaempfer(zustaende[ende]):
            if k.ausgefallen and k.name not in liegt:
                durch[k.name] = letzter.get(k.name, "")
            (liegt.add if k.ausgefallen else liegt.discard)(k.name)
    wann = dict(ausfaelle)
    aus = []
    for k in modul.kaempfer(zustaende[-1]):
        z = zaehler.get(k.name, _Zaehler())
        raus = ""
        if k.ausgefallen:
            raus = wann.get(k.name, "") or ("vor dem Kampf" if k.name not in durch else "")
            if durch.get(k.name):
                raus = f"{raus}, durch {durch[k.name]}" if raus else f"durch {durch[k.name]}"
            raus = raus or "ja"
        aus.append(Summe(k.name, k.seite, k.held, z.angriffe, z.treffer, tuple(z.ausgeteilt.items()),
                         tuple(z.erlitten.items()), tuple(z.ausgegeben.items()), raus, k.zustand))
    return tuple(aus)


def _buchen(zaehler: dict[str, _Zaehler], letzter: dict[str, str], p: Posten) -> None:
    def von(name: str) -> _Zaehler:
        return zaehler.setdefault(name, _Zaehler())

    if p.wer and (p.angriffe or p.treffer):
        z = von(p.wer)
        z.angriffe += p.angriffe
        z.treffer += p.treffer
    if p.schaden and p.ziel:
        wer = p.wer or (letzter.get(p.ziel, "") if p.schaden < 0 else "")
        _plus(von(p.ziel).erlitten, p.einheit, p.schaden)
        if wer:
            _plus(von(wer).ausgeteilt, p.einheit, p.schaden)
            if p.schaden > 0:
                letzter[p.ziel] = wer
    if p.ausgabe and p.wer:
        _plus(von(p.wer).ausgegeben, p.was, p.ausgabe)


# --------------------------------------------------------------------------- Schlagzeile

def _gross(text: str) -> str:
    return text[:1].upper() + text[1:]


def schlagzeile(ende: Sequence[KaempferSicht], offen: Sequence[tuple[str, str]], am_zug: Sequence[str],
                zeitpunkt: str) -> str:
    """Wer gewann – oder „Kampf noch offen“ mit der offenen Entscheidung.

    Entschieden ist der Kampf, wenn höchstens eine Seite noch steht und keiner, der ausfiel,
    eine offene Entscheidung hat (etwa Schaden wegstecken, die Außer-Gefecht-Probe)."""
    stehen = list(dict.fromkeys(k.seite for k in ende if not k.ausgefallen))
    raus = {k.name for k in ende if k.ausgefallen}
    entscheidend = [text for wer, text in offen if wer in raus]
    if len(stehen) <= 1 and not entscheidend:
        if not stehen:
            return "Unentschieden: niemand steht mehr"
        sieger = [k.name for k in ende if k.seite == stehen[0] and not k.ausgefallen]
        return f"Sieg: {_gross(stehen[0])} ({aufzaehlung(sieger)} {'steht' if len(sieger) == 1 else 'stehen'})"
    if entscheidend or offen:
        return f"Kampf noch offen: {(entscheidend or [t for _, t in offen])[0]}"
    if am_zug:  # eine Gruppe auf einer Karte („Wölfe“) ist Mehrzahl wie mehrere Namen
        einer = len(am_zug) == 1 and am_zug[0] in {k.name for k in ende}
        return f"Kampf noch offen: {aufzaehlung(am_zug)} {'ist' if einer else 'sind'} am Zug"
    return f"Kampf noch offen ({zeitpunkt})" if zeitpunkt else "Kampf noch offen: noch nicht begonnen"


def titel_aus_seiten(ende: Sequence[KaempferSicht]) -> str:
    """Ohne Namen der Begegnung: „Brakka gegen Baron“ (Seiten in der Reihenfolge des Bogens)."""
    seiten: dict[str, list[str]] = {}
    for k in ende:
        seiten.setdefault(k.seite, []).append(k.name)
    teile = []
    for namen in seiten.values():
        gezaehlt = dict.fromkeys(namen)
        teile.append(aufzaehlung(list(gezaehlt)[:4]) + (f" und {len(gezaehlt) - 4} weitere" if len(gezaehlt) > 4 else ""))
    return " gegen ".join(teile) or "Kampf"


# --------------------------------------------------------------------------- Dauer

_GROESSTE_ZEILE = 1 << 20


def _letzte_zeit(datei: Path) -> str:
    """Die Zeit der letzten vollständigen Zeile (nur das Ende der Datei wird gelesen)."""
    from gm_helfer import pfade

    try:
        groesse = datei.stat().st_size
        rest = pfade.lesen(datei, ab=max(0, groesse - _GROESSTE_ZEILE), bis=_GROESSTE_ZEILE)
    except (OSError, ValueError):
        return ""
    zeilen = rest.split(b"\n")[:-1]  # das Letzte ist leer oder eine abgerissene Zeile
    for zeile in reversed(zeilen):
        try:
            eintrag = json.loads(zeile)
        except ValueError:
            continue
        if isinstance(eintrag, dict):
            return str(eintrag.get("zeit") or eintrag.get("erstellt") or "")
    return ""


def dauer_text(sekunden: float) -> str:
    """„1 Stunde 5 Minuten“, „12 Minuten“, „unter einer Minute“."""
    minuten = int(sekunden // 60)
    if minuten < 1:
        return "unter einer Minute"
    stunden, minuten = divmod(minuten, 60)
    teile = ([anzahl(stunden, "Stunde", "Stunden")] if stunden else []) + (
        [anzahl(minuten, "Minute", "Minuten")] if minuten else [])
    return " ".join(teile)


def umfang_dauer(modul: Any, zustaende: Sequence[Any], datei: Path, erstellt: str) -> str:
    """„3 Runden (18 Sekunden Spielzeit) · am Tisch 12 Minuten“ – der Umfang nach dem letzten
    Ereignis (``modul.umfang(vorher, nachher)``, wie ``zeitpunkt``)."""
    teile = [modul.umfang(zustaende[max(0, len(zustaende) - 2)], zustaende[-1])]
    try:
        von = datetime.fromisoformat(erstellt)
        bis = datetime.fromisoformat(_letzte_zeit(datei))
        sekunden = (bis - von).total_seconds()
        if sekunden >= 0:
            teile.append(f"am Tisch {dauer_text(sekunden)}")
    except (TypeError, ValueError):
        pass
    return " · ".join(t for t in teile if t)
