"""Pokerblatt mit zwei Jokern: mischen, austeilen, ablegen, eingetippte Karten, Bilder.

54 Karten: Ass (hoch) bis Zwei in vier Farben, dazu ein roter und ein schwarzer Joker.
Die Rangfolge ist die des Herunterzählens: Joker vor allem, dann Ass bis Zwei, bei
gleichem Wert Pik vor Herz vor Karo vor Kreuz.

>>> Karte.parse("Pik Ass") > Karte.parse("A♥") > Karte.parse("K♠")
True
>>> str(Karte.parse("10h"))
'10♥'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache, total_ordering
from typing import Any

from gm_helfer.fehler import RegelFehler
from gm_helfer.wuerfel import mischen as _mischen
from gm_helfer.wuerfel import zufallszahl as _zufallszahl

__all__ = [
    "FARBEN",
    "JOKER",
    "Karte",
    "KartenFehler",
    "Stapel",
    "Zieher",
    "blatt",
    "karte_svg",
    "karten_html",
]

FARBEN = ("Kreuz", "Karo", "Herz", "Pik")
"""Die vier Farben, aufsteigend nach Pokerwertigkeit (Pik schlägt Herz schlägt Karo schlägt Kreuz)."""
JOKER = 15
"""Der Kartenwert der Joker."""
JOKERFARBEN = ("schwarz", "rot")

_SYMBOL = {"Pik": "♠", "Herz": "♥", "Karo": "♦", "Kreuz": "♣"}
_WERTNAME = {11: "B", 12: "D", 13: "K", 14: "A"}
_WERT_WORT = {
    "ass": 14, "as": 14, "a": 14, "ace": 14,
    "könig": 13, "koenig": 13, "k": 13, "king": 13,
    "dame": 12, "d": 12, "q": 12, "queen": 12,
    "bube": 11, "b": 11, "j": 11, "jack": 11,
}
_FARB_WORT = {
    "pik": "Pik", "♠": "Pik", "s": "Pik", "spades": "Pik", "spade": "Pik",
    "herz": "Herz", "♥": "Herz", "h": "Herz", "hearts": "Herz", "heart": "Herz",
    "karo": "Karo", "♦": "Karo", "diamonds": "Karo", "diamond": "Karo",
    "kreuz": "Kreuz", "♣": "Kreuz", "c": "Kreuz", "clubs": "Kreuz", "club": "Kreuz",
}


class KartenFehler(RegelFehler):
    """Eine Karte, die es nicht gibt oder die schon ausgeteilt ist; deutsche Meldung."""


@total_ordering
@dataclass(frozen=True)
class Karte:
    """Eine Spielkarte."""

    wert: int
    """2 bis 14 (11 Bube, 12 Dame, 13 König, 14 Ass); 15 ist ein Joker."""
    farbe: str
    """"Pik", "Herz", "Karo" oder "Kreuz"; bei Jokern "rot" oder "schwarz"."""

    def __post_init__(self) -> None:
        if self.wert == JOKER:
            if self.farbe not in JOKERFARBEN:
                raise KartenFehler(f"Einen Joker gibt es nur rot oder schwarz, nicht „{self.farbe}“.")
        elif not 2 <= self.wert <= 14 or self.farbe not in FARBEN:
            raise KartenFehler(f"Die Karte {self.wert} {self.farbe} gibt es nicht.")

    @property
    def ist_joker(self) -> bool:
        """Ob die Karte ein Joker ist."""
        return self.wert == JOKER

    @property
    def rang(self) -> tuple[int, int]:
        """Sortierschlüssel: größer heißt früher an der Reihe. Beide Joker sind gleich hoch."""
        if self.ist_joker:
            return (JOKER, 0)
        return (self.wert, FARBEN.index(self.farbe))

    @property
    def symbol(self) -> str:
        """Das Farbsymbol (♠ ♥ ♦ ♣) oder ★ für Joker."""
        return "★" if self.ist_joker else _SYMBOL[self.farbe]

    @property
    def ist_rot(self) -> bool:
        """Rot gedruckt (Herz, Karo, roter Joker)."""
        return self.farbe in ("Herz", "Karo", "rot")

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Karte):
            return NotImplemented
        return self.rang < other.rang

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Karte):
            return NotImplemented
        return self.wert == other.wert and self.farbe == other.farbe

    def __hash__(self) -> int:
        return hash((self.wert, self.farbe))

    def __str__(self) -> str:
        if self.ist_joker:
            return f"Joker ({self.farbe})"
        return f"{_WERTNAME.get(self.wert, str(self.wert))}{self.symbol}"

    @classmethod
    def parse(cls, text: str) -> Karte:
        """Liest eine Karte (siehe :meth:`_parse`); gleiche Texte liefern dieselbe Karte aus dem
        Blatt (schneller Vergleich mit ``is``)."""
        karte = _GELESEN.get(text) if isinstance(text, str) else None
        if karte is None:
            karte = cls._parse(text)
            karte = _KANONISCH.get(karte, karte)
            if isinstance(text, str) and len(_GELESEN) < 1000:
                _GELESEN[text] = karte
        return karte

    @classmethod
    def _parse(cls, text: str) -> Karte:
        """Liest eine Karte: ``"A♠"``, ``"As"`` (Ass Pik), ``"Pik Ass"``, ``"10h"``,
        ``"KH"``, ``"Herz 7"``, ``"Joker"`` (der schwarze), ``"Joker rot"``.

        Raises:
            KartenFehler: mit einer deutschen Meldung.
        """
        roh = str(text).strip()
        klein = roh.lower().replace("(", " ").replace(")", " ").strip()
        if klein.startswith("joker"):
            rest = klein[5:].strip()
            if rest in ("", "1", "schwarz", "black"):
                return cls(JOKER, "schwarz")
            if rest in ("2", "rot", "red"):
                return cls(JOKER, "rot")
            raise KartenFehler(f"„{roh}“: ein Joker ist rot oder schwarz.")
        teile = [t for t in re.split(r"[\s,]+|(?<=\d)(?=\D)|(?<=\D)(?=\d)|(?<=\w)(?=[♠♥♦♣])", klein) if t]
        if len(teile) == 1 and len(teile[0]) == 2:
            teile = [teile[0][0], teile[0][1]]
        if len(teile) != 2:
            raise KartenFehler(
                f"„{roh}“ ist keine Karte – zum Beispiel „A♠“, „Pik Ass“, „10h“ oder „Joker rot“."
            )
        for wert_text, farb_text in (teile, teile[::-1]):
            wert = _WERT_WORT.get(wert_text) or (int(wert_text) if wert_text.isdigit() else None)
            farbe = _FARB_WORT.get(farb_text)
            if farbe is None and farb_text == "d":
                farbe = "Karo"
            if wert is not None and farbe is not None:
                if wert == 1:
                    wert = 14
                if not 2 <= wert <= 14:
                    raise KartenFehler(f"„{roh}“: Karten gibt es von 2 bis Ass, nicht {wert_text}.")
                return cls(wert, farbe)
        raise KartenFehler(
            f"„{roh}“ ist keine Karte – zum Beispiel „A♠“, „Pik Ass“, „10h“ oder „Joker rot“."
        )


@lru_cache(maxsize=1)
def blatt() -> tuple[Karte, ...]:
    """Alle 54 Karten in fester Reihenfolge (Joker zuerst, dann Ass♠ abwärts)."""
    karten = [Karte(JOKER, f) for f in JOKERFARBEN]
    karten += [Karte(w, f) for w in range(14, 1, -1) for f in reversed(FARBEN)]
    return tuple(karten)


_ALLE_KARTEN = frozenset(blatt())
_KANONISCH = {k: k for k in blatt()}
_GELESEN: dict[str, Karte] = {}


@dataclass(frozen=True)
class Stapel:
    """Ziehstapel und Ablage; jede Änderung gibt einen neuen Stapel zurück.

    Karten, die weder im Ziehstapel noch in der Ablage liegen, sind gerade ausgeteilt.
    """

    ziehstapel: tuple[Karte, ...]
    """Verdeckt; gezogen wird vorne."""
    ablage: tuple[Karte, ...] = ()

    @classmethod
    def neu(cls, *, rng: Any) -> Stapel:
        """Ein frisch gemischtes Blatt."""
        return cls(_mischen(blatt(), rng=rng))

    @property
    def ausgeteilt(self) -> frozenset[Karte]:
        """Karten, die gerade bei Spielern liegen."""
        return _ALLE_KARTEN.difference(self.ziehstapel, self.ablage)

    def ziehen(self, anzahl: int = 1, *, rng: Any) -> tuple[tuple[Karte, ...], Stapel]:
        """Zieht ``anzahl`` Karten; ist der Ziehstapel leer, wird die Ablage eingemischt."""
        if anzahl < 0:
            raise KartenFehler("Man kann keine negative Zahl Karten ziehen.")
        gezogen: list[Karte] = []
        stapel = self
        while len(gezogen) < anzahl:
            if not stapel.ziehstapel:
                if not stapel.ablage:
                    raise KartenFehler(
                        "Alle 54 Karten sind ausgeteilt – es gibt nichts mehr zu ziehen."
                    )
                stapel = Stapel(_mischen(stapel.ablage, rng=rng))
            gezogen.append(stapel.ziehstapel[0])
            stapel = Stapel(stapel.ziehstapel[1:], stapel.ablage)
        return tuple(gezogen), stapel

    def ziehen_zufaellig(self, *, rng: Any) -> tuple[Karte, Stapel]:
        """Zieht eine Karte von einer zufälligen Stelle des Ziehstapels – gleich verteilt wie
        „mischen, dann die oberste ziehen“, aber mit einer Zufallszahl statt eines ganzen
        Mischvorgangs. Ist der Ziehstapel leer, wird die Ablage zum Ziehstapel."""
        stapel = self
        if not stapel.ziehstapel:
            if not stapel.ablage:
                raise KartenFehler("Alle 54 Karten sind ausgeteilt – es gibt nichts mehr zu ziehen.")
            stapel = Stapel(stapel.ablage)
        i = _zufallszahl(rng, len(stapel.ziehstapel)) - 1
        rest = stapel.ziehstapel[:i] + stapel.ziehstapel[i + 1 :]
        return stapel.ziehstapel[i], Stapel(rest, stapel.ablage)

    def zieher(self) -> Zieher:
        """Zum Ziehen mehrerer Karten hintereinander wie mit :meth:`ziehen_zufaellig` (dieselben
        Zufallszahlen, dieselben Karten, am Ende derselbe Stapel), ohne nach jeder Karte einen
        Zwischenstapel zu bauen.

        >>> import random
        >>> a, b = random.Random(3), random.Random(3)
        >>> z = Stapel.neu(rng=random.Random(1)).zieher()
        >>> s = Stapel.neu(rng=random.Random(1))
        >>> k1, s = s.ziehen_zufaellig(rng=a); k2, s = s.ziehen_zufaellig(rng=a)
        >>> [z.ziehen(rng=b), z.ziehen(rng=b)] == [k1, k2], z.stapel() == s
        (True, True)
        """
        return Zieher(list(self.ziehstapel), self.ablage)

    def ziehen_eingetippt(self, karten: Iterable[Karte | str]) -> tuple[tuple[Karte, ...], Stapel]:
        """Nimmt die Karten, die der Spielleiter am Tisch ausgeteilt hat.

        Jede Karte muss noch im Ziehstapel liegen. Eine Karte aus der Ablage ist nur erlaubt,
        wenn der Ziehstapel mit diesem Austeilen aufgebraucht ist (alle seine Karten sind unter den
        eingetippten): dann wird die Ablage eingemischt („reshuffle the discards if the deck runs
        out“, DESIGN.md). Sonst wurde die Karte in diesem Stapel schon gespielt – ein Tippfehler,
        kein stilles Mischen.

        Raises:
            KartenFehler: eine Karte doppelt, schon ausgeteilt oder in diesem Stapel schon gespielt.
        """
        gewaehlt = tuple(k if isinstance(k, Karte) else Karte.parse(k) for k in karten)
        gesehen: set[Karte] = set()
        for karte in gewaehlt:
            if karte in gesehen:
                raise KartenFehler(f"Die Karte {karte} wurde zweimal eingetippt.")
            gesehen.add(karte)
        ziehstapel = list(self.ziehstapel)
        ablage = list(self.ablage)
        aufgebraucht = set(ziehstapel) <= gesehen
        for karte in gewaehlt:
            if karte in ziehstapel:
                ziehstapel.remove(karte)
            elif karte in ablage:
                if not aufgebraucht:
                    raise KartenFehler(
                        f"Die Karte {karte} wurde in diesem Stapel schon gespielt (sie liegt auf der Ablage; gemischt wird "
                        f"erst nach einer Runde mit Joker oder wenn der Stapel aufgebraucht ist – noch {len(self.ziehstapel)} "
                        "Karten im Stapel)."
                    )
                ziehstapel += ablage
                ablage = []
                ziehstapel.remove(karte)
            else:
                raise KartenFehler(f"Die Karte {karte} ist schon ausgeteilt.")
        return gewaehlt, Stapel(tuple(ziehstapel), tuple(ablage))

    def ablegen(self, karten: Iterable[Karte]) -> Stapel:
        """Legt ausgeteilte Karten auf die Ablage."""
        karten = tuple(karten)
        offen = self.ausgeteilt
        for karte in karten:
            if karte not in offen:
                raise KartenFehler(f"Die Karte {karte} ist nicht ausgeteilt und kann nicht abgelegt werden.")
        return Stapel(self.ziehstapel, self.ablage + karten)

    def mischen(self, *, rng: Any, behalten: Iterable[Karte] = ()) -> Stapel:
        """Mischt alle Karten zu einem neuen Ziehstapel, außer den ``behalten``en
        (etwa die Karte eines Abwartenden)."""
        behalten = frozenset(behalten)
        return Stapel(_mischen([k for k in blatt() if k not in behalten], rng=rng))


class Zieher:
    """Ein Stapel, von dem nacheinander Karten gezogen werden (:meth:`Stapel.zieher`) – veränderlich,
    nur für die Dauer eines Austeilens; :meth:`stapel` gibt den Stapel danach."""

    __slots__ = ("ziehstapel", "ablage")

    def __init__(self, ziehstapel: list[Karte], ablage: tuple[Karte, ...]) -> None:
        self.ziehstapel = ziehstapel
        self.ablage = ablage

    def ziehen(self, *, rng: Any) -> Karte:
        """Wie :meth:`Stapel.ziehen_zufaellig` (ist der Ziehstapel leer, wird die Ablage zum Ziehstapel)."""
        if not self.ziehstapel:
            if not self.ablage:
                raise KartenFehler("Alle 54 Karten sind ausgeteilt – es gibt nichts mehr zu ziehen.")
            self.ziehstapel, self.ablage = list(self.ablage), ()
        return self.ziehstapel.pop(_zufallszahl(rng, len(self.ziehstapel)) - 1)

    def stapel(self) -> Stapel:
        return Stapel(tuple(self.ziehstapel), self.ablage)


def karte_svg(karte: Karte, breite: int = 48) -> str:
    """Eine kleine Kartengrafik als SVG (Verhältnis 5:7)."""
    hoehe = round(breite * 1.4)
    farbe = "#c62828" if karte.ist_rot else "#1b1b1b"
    if karte.ist_joker:
        mitte = "JOKER"
        gross = "★"
    else:
        mitte = _WERTNAME.get(karte.wert, str(karte.wert))
        gross = karte.symbol
    titel = html.escape(str(karte))
    schrift = breite * 0.32
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="karte" width="{breite}" height="{hoehe}" '
        f'viewBox="0 0 {breite} {hoehe}" role="img" aria-label="{titel}">'
        f"<title>{titel}</title>"
        f'<rect x="1" y="1" width="{breite - 2}" height="{hoehe - 2}" rx="{breite * 0.1:.1f}" '
        f'fill="#fffdf7" stroke="#555" stroke-width="1"/>'
        f'<text x="{breite * 0.1:.1f}" y="{schrift + 2:.1f}" '
        f'font-size="{schrift if not karte.ist_joker else schrift * 0.55:.1f}" '
        f'font-family="sans-serif" font-weight="bold" fill="{farbe}">{mitte}</text>'
        f'<text x="{breite / 2:.1f}" y="{hoehe * 0.72:.1f}" font-size="{breite * 0.55:.1f}" '
        f'text-anchor="middle" font-family="sans-serif" fill="{farbe}">{gross}</text>'
        "</svg>"
    )


def karten_html(karten: Iterable[Karte], breite: int = 48) -> str:
    """Mehrere Karten nebeneinander als HTML."""
    bilder = "".join(karte_svg(k, breite) for k in karten)
    return f'<div class="karten" style="display:flex;gap:4px;flex-wrap:wrap">{bilder}</div>'
