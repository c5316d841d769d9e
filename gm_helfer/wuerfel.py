"""Würfelnotation, Würfe und eingetippte Augen.

Die Notation folgt der deutschen und der englischen Schreibweise: ``W6``, ``2W6+1``,
``W8+W6``, ``3W4``, ``W100``, ``1d10``, ``d8+2``, ``W12-1``, auch klein geschrieben.
Ein ``!`` hinter einem Würfel lässt ihn explodieren (``W6!``): zeigt er seine
Höchstzahl, wird er erneut geworfen und addiert, ohne Grenze.

Zufall kommt nur über einen übergebenen ``rng`` herein (``random.Random`` oder ein
numpy ``Generator``) – oder über die Augen, die der Spielleiter eintippt. Ein Wurf hält
jede einzelne Augenzahl fest, Explosionen eingeschlossen.

>>> str(parse("2d6+1"))
'2W6+1'
>>> wurf("W6!+2", augen="6+6+3").gesamt
17
>>> augenzahl("0", 10), augenzahl("00", 100)
(10, 100)
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gm_helfer.cache import bounded_cache
from gm_helfer.fehler import RegelFehler
from gm_helfer.schnell import bauen

__all__ = [
    "MAX_ANZAHL",
    "MAX_LAENGE",
    "MAX_SEITEN",
    "Ausdruck",
    "Wuerfel",
    "WuerfelFehler",
    "Wuerfelwurf",
    "Wurf",
    "UEBLICHE_SEITEN",
    "augenzahl",
    "gewuerfelt",
    "ueblicher_ausdruck",
    "mischen",
    "parse",
    "programm_zufall",
    "wuerfle",
    "wurf",
    "zufallszahl",
]

MAX_ANZAHL = 100
"""Höchstens so viele Würfel wirft ein ganzer Ausdruck (``100W6`` wie ``W6+W6+…``)."""
MAX_SEITEN = 1000
"""Höchstens so viele Seiten hat ein Würfel (``W1000``)."""
MAX_KONSTANTE = 100_000
MAX_LAENGE = 500
"""Höchstens so viele Zeichen hat ein Würfelausdruck (Leerzeichen mitgezählt)."""
_MAX_ZIFFERN = 7
"""Längere Zahlen werden gar nicht erst umgewandelt (sie wären ohnehin zu groß)."""
_PARSE_CACHE_BYTES = 4_000_000
UEBLICHE_SEITEN = (2, 3, 4, 6, 8, 10, 12, 20, 100)
"""Würfel, die es am Spieltisch gibt; Charakterbögen erlauben nur diese (kein W7)."""


class WuerfelFehler(RegelFehler):
    """Ungültige Würfelnotation oder eingetippte Augen; die Meldung ist deutsch."""


UMGEBUNG_SAAT = "GM_HELFER_SAAT"
"""Umgebungsvariable: eine ganze Zahl macht die Würfel des Programms wiederholbar."""


def programm_zufall() -> random.Random:
    """Die Würfel des Programms am Tisch: zufällig – oder mit ``GM_HELFER_SAAT=<ganze Zahl>``
    wiederholbar (jede neue Sitzung würfelt dann dieselbe Folge; für Vorführungen, Übungsabende
    und Browsertests, deren Fehler sich so nachspielen lassen).

    >>> import os, unittest.mock
    >>> with unittest.mock.patch.dict(os.environ, {UMGEBUNG_SAAT: "7"}):
    ...     programm_zufall().random() == programm_zufall().random()
    True
    """
    roh = os.environ.get(UMGEBUNG_SAAT, "").strip()
    if not roh:
        return random.Random()
    try:
        return random.Random(int(roh))
    except ValueError:
        raise WuerfelFehler(f"{UMGEBUNG_SAAT} muss eine ganze Zahl sein, nicht {_kurz(roh)!r}.") from None


@dataclass(frozen=True)
class Wuerfel:
    """Eine Gruppe gleicher Würfel, z. B. ``3W6!``."""

    anzahl: int
    """Wie viele Würfel (mindestens 1)."""
    seiten: int
    """Seiten je Würfel (mindestens 2)."""
    explodierend: bool = False
    """Bei der Höchstzahl erneut werfen und addieren, ohne Grenze."""
    vorzeichen: int = 1
    """+1 oder -1 (``W8-W4``)."""

    def __str__(self) -> str:
        anzahl = "" if self.anzahl == 1 else str(self.anzahl)
        return f"{anzahl}W{self.seiten}{'!' if self.explodierend else ''}"


@dataclass(frozen=True)
class Ausdruck:
    """Ein Würfelausdruck: Würfelgruppen plus eine Konstante."""

    wuerfel: tuple[Wuerfel, ...]
    """Die Würfelgruppen in der Reihenfolge der Notation."""
    konstante: int = 0
    """Summe aller Zahlen ohne Würfel (``+1``, ``-2``)."""

    def __str__(self) -> str:
        # gemerkt im Objekt (Ausdrücke sind unveränderlich; jeder Wurf im Protokoll schreibt ihn)
        text = self.__dict__.get("_text")
        if text is None:
            text = self._text_bauen()
            if type(self.wuerfel) is tuple:
                object.__setattr__(self, "_text", text)
        return text

    def _text_bauen(self) -> str:
        teile: list[str] = []
        for gruppe in self.wuerfel:
            zeichen = "-" if gruppe.vorzeichen < 0 else ("+" if teile else "")
            teile.append(f"{zeichen}{gruppe}")
        if self.konstante or not teile:
            zeichen = "+" if self.konstante >= 0 and teile else ""
            teile.append(f"{zeichen}{self.konstante}")
        return "".join(teile)

    @property
    def anzahl_wuerfel(self) -> int:
        """Wie viele einzelne Würfel der Ausdruck wirft (ohne Explosionen)."""
        return sum(gruppe.anzahl for gruppe in self.wuerfel)

    @property
    def hat_explosion(self) -> bool:
        """Ob mindestens ein Würfel explodiert."""
        return any(gruppe.explodierend for gruppe in self.wuerfel)

    def _ganze_seiten(self) -> bool:
        """Ob jede Gruppe eine ganze Zahl Seiten (≥ 1) hat – dann würfelt :func:`wurf` auf dem kurzen Weg."""
        ganz = self.__dict__.get("_ganz")
        if ganz is None:
            ganz = all(type(g.seiten) is int and g.seiten > 0 for g in self.wuerfel)
            if type(self.wuerfel) is tuple:
                object.__setattr__(self, "_ganz", ganz)
        return ganz

    def _wurfplan(self) -> tuple[tuple[int, bool], ...] | None:
        """(Seiten, explodierend) je einzelnem Würfel, wenn :meth:`_ganze_seiten` – sonst ``None``;
        gemerkt im Objekt (der kurze Weg von :func:`wurf` liest nur diese Zahlen)."""
        plan = self.__dict__.get("_plan", False)
        if plan is False:
            plan = tuple((g.seiten, g.explodierend) for g, _ in self.einzelwuerfel()) if self._ganze_seiten() else None
            if type(self.wuerfel) is tuple:
                object.__setattr__(self, "_plan", plan)
        return plan

    def explodierend(self, ja: bool = True) -> Ausdruck:
        """Derselbe Ausdruck, alle Würfel explodierend (oder keiner, mit ``ja=False``)."""
        return Ausdruck(
            tuple(
                Wuerfel(g.anzahl, g.seiten, ja, g.vorzeichen) for g in self.wuerfel
            ),
            self.konstante,
        )

    def plus(self, konstante: int) -> Ausdruck:
        """Derselbe Ausdruck mit einer um ``konstante`` veränderten Zahl."""
        return Ausdruck(self.wuerfel, self.konstante + konstante)

    def einzelwuerfel(self) -> tuple[tuple[Wuerfel, int], ...]:
        """Jeder einzelne Würfel als (Gruppe, Nummer in der Gruppe), in Notationsreihenfolge."""
        einzel = self.__dict__.get("_einzel")
        if einzel is None:
            einzel = tuple((g, i) for g in self.wuerfel for i in range(g.anzahl))
            if type(self.wuerfel) is tuple:  # gemerkt im Objekt (jeder Wurf und jede Summe fragt danach)
                object.__setattr__(self, "_einzel", einzel)
        return einzel


_TERM = re.compile(
    r"""\s*(?P<zeichen>[+-])?\s*
        (?:
          (?P<anzahl>[0-9]+)?\s*(?P<w>[WwDd])\s*(?P<seiten>[0-9]+|%)\s*(?P<knall>!)?
        | (?P<zahl>[0-9]+)
        )\s*""",
    re.VERBOSE,
)


_BEISPIEL_AUGEN = (7, 5, 3, 6, 2, 4, 8, 1)


def beispiel(ausdruck: str | Ausdruck, trenner: str = ", ") -> str:
    """Ein vollständiges Beispiel zum Eintippen: so viele Augen, wie der Ausdruck Würfel wirft,
    ohne die Höchstzahl eines explodierenden Würfels (die ließe ihn weiterrollen).

    >>> beispiel("2W10+4"), beispiel("W12!+W8!+W6!"), beispiel("W4!+1")
    ('7, 5', '7, 5, 3', '1')
    """
    augen = []
    for i, (gruppe, _) in enumerate(parse(ausdruck).einzelwuerfel()):
        oben = max(1, gruppe.seiten - 1) if gruppe.explodierend else gruppe.seiten
        augen.append(str((_BEISPIEL_AUGEN[i % len(_BEISPIEL_AUGEN)] - 1) % oben + 1))
    return trenner.join(augen)


def parse(text: str | Ausdruck) -> Ausdruck:
    """Liest einen Würfelausdruck in deutscher oder englischer Notation.

    Raises:
        WuerfelFehler: mit einer deutschen Meldung, was am Ausdruck nicht stimmt.

    >>> parse("W8+W6")  # doctest: +NORMALIZE_WHITESPACE
    Ausdruck(wuerfel=(Wuerfel(anzahl=1, seiten=8, explodierend=False, vorzeichen=1),
                      Wuerfel(anzahl=1, seiten=6, explodierend=False, vorzeichen=1)), konstante=0)
    """
    if isinstance(text, Ausdruck):
        return text
    if not isinstance(text, str):
        raise WuerfelFehler(
            f"Ein Würfelausdruck muss Text sein (z. B. „2W6+1“), nicht {type(text).__name__}."
        )
    ausdruck = _ZULETZT_GELESEN.get(text)
    if ausdruck is not None:
        return ausdruck
    if len(text) > MAX_LAENGE:
        raise WuerfelFehler(
            f"Der Würfelausdruck ist zu lang ({len(text)} Zeichen, höchstens {MAX_LAENGE})."
        )
    ausdruck = _parse_text(text)
    if len(text) <= 40:
        if len(_ZULETZT_GELESEN) >= 512:
            _ZULETZT_GELESEN.clear()
        _ZULETZT_GELESEN[text] = ausdruck
    return ausdruck


_ZULETZT_GELESEN: dict[str, Ausdruck] = {}
"""Kurze, eben gelesene Ausdrücke – vor dem Zwischenspeicher von :func:`_parse_text`, ohne dessen
Sperre: Proben und Schadenswürfe lesen immer wieder dieselben wenigen Texte (Issue 10)."""


def _parse_groesse(schluessel: tuple[Any, ...], ausdruck: Ausdruck) -> int:
    """Geschätzte Bytes eines Cache-Eintrags: Text plus Ausdruck samt Gruppen."""
    return sys.getsizeof(schluessel[0]) + 300 + 250 * len(ausdruck.wuerfel)


def _zahl(roh: str, ziffern: str, zu_gross: str) -> int:
    """Eine Ziffernfolge als Zahl; zu lange Folgen werden nicht umgewandelt.

    ``zu_gross`` ist die Meldung für eine zu lange Folge, ``{}`` steht für die Ziffern.
    """
    if len(ziffern) > _MAX_ZIFFERN:
        raise WuerfelFehler(f"„{_kurz(roh)}“: " + zu_gross.format(_kurz(ziffern, 12)))
    return int(ziffern)


def _kurz(text: str, laenge: int = 40) -> str:
    """Ein Text für eine Meldung, gekürzt, damit sie lesbar bleibt."""
    return text if len(text) <= laenge else text[: laenge - 1] + "…"


@bounded_cache(max_bytes=_PARSE_CACHE_BYTES, size=_parse_groesse)
def _parse_text(text: str) -> Ausdruck:
    """Liest einen Text; gecacht (in Bytes begrenzt), denn Ausdrücke sind unveränderlich."""
    roh = text.strip()
    if not roh:
        raise WuerfelFehler("Der Würfelausdruck ist leer – zum Beispiel „2W6+1“ eingeben.")
    anzahl_gesamt = 0
    gruppen: list[Wuerfel] = []
    konstante = 0
    pos = 0
    erster = True
    while pos < len(roh):
        treffer = _TERM.match(roh, pos)
        if treffer is None or treffer.end() == pos:
            raise WuerfelFehler(
                f"„{_kurz(roh)}“ ist kein gültiger Würfelausdruck: an Stelle {pos + 1} "
                f"(„{roh[pos:pos + 8]}“) erwarte ich einen Würfel wie „W6“ oder eine Zahl."
            )
        if treffer["zeichen"] is None and not erster:
            raise WuerfelFehler(
                f"„{_kurz(roh)}“: zwischen zwei Teilen fehlt ein + oder - (Stelle {pos + 1})."
            )
        vorzeichen = -1 if treffer["zeichen"] == "-" else 1
        if treffer["w"]:
            anzahl = (
                _zahl(roh, treffer["anzahl"], f"{{}} Würfel sind zu viele (höchstens {MAX_ANZAHL}).")
                if treffer["anzahl"]
                else 1
            )
            seiten = (
                100
                if treffer["seiten"] == "%"
                else _zahl(roh, treffer["seiten"], f"ein W{{}} ist zu groß (höchstens W{MAX_SEITEN}).")
            )
            _pruefe_wuerfel(roh, anzahl, seiten)
            anzahl_gesamt += anzahl
            if anzahl_gesamt > MAX_ANZAHL:
                raise WuerfelFehler(
                    f"„{_kurz(roh)}“: mehr als {MAX_ANZAHL} Würfel im ganzen Ausdruck sind zu viele."
                )
            gruppen.append(Wuerfel(anzahl, seiten, bool(treffer["knall"]), vorzeichen))
        else:
            zahl = _zahl(roh, treffer["zahl"], f"die Zahl {{}} ist zu groß (höchstens {MAX_KONSTANTE}).")
            if zahl > MAX_KONSTANTE:
                raise WuerfelFehler(
                    f"„{_kurz(roh)}“: die Zahl {zahl} ist zu groß (höchstens {MAX_KONSTANTE})."
                )
            konstante += vorzeichen * zahl
        pos = treffer.end()
        erster = False
    if not gruppen:
        raise WuerfelFehler(
            f"„{_kurz(roh)}“ enthält keinen Würfel – zum Beispiel „W6“ oder „2W6+1“ eingeben."
        )
    return Ausdruck(tuple(gruppen), konstante)


def ueblicher_ausdruck(text: str | Ausdruck) -> Ausdruck:
    """Wie :func:`parse`, erlaubt aber nur Würfel, die es am Spieltisch gibt.

    Für Charakterbögen: ein „W7“ ist dort ein Tippfehler. Das Würfellabor nimmt jeden
    Würfel ab zwei Seiten (:func:`parse`).

    Raises:
        WuerfelFehler: unlesbar oder ein unüblicher Würfel.
    """
    ausdruck = parse(text)
    for gruppe in ausdruck.wuerfel:
        if gruppe.seiten not in UEBLICHE_SEITEN:
            ueblich = ", ".join(f"W{s}" for s in UEBLICHE_SEITEN)
            raise WuerfelFehler(
                f"„{str(text).strip()}“: einen W{gruppe.seiten} gibt es am Spieltisch nicht "
                f"(üblich sind {ueblich})."
            )
    return ausdruck


def _pruefe_wuerfel(roh: str, anzahl: int, seiten: int) -> None:
    roh = _kurz(roh)
    if anzahl < 1:
        raise WuerfelFehler(f"„{roh}“: es muss mindestens ein Würfel geworfen werden.")
    if anzahl > MAX_ANZAHL:
        raise WuerfelFehler(
            f"„{roh}“: {anzahl} Würfel sind zu viele (höchstens {MAX_ANZAHL})."
        )
    if seiten < 2:
        raise WuerfelFehler(f"„{roh}“: ein Würfel braucht mindestens 2 Seiten, nicht {seiten}.")
    if seiten > MAX_SEITEN:
        raise WuerfelFehler(
            f"„{roh}“: ein W{seiten} ist zu groß (höchstens W{MAX_SEITEN})."
        )


def augenzahl(text: str | int, seiten: int) -> int:
    """Prüft eine eingetippte Augenzahl für einen Würfel mit ``seiten`` Seiten.

    Eine ``0`` (oder ``00``) auf dem W10 und dem W100 bedeutet die Höchstzahl, so wie diese
    Würfel sie aufdrucken.

    Raises:
        WuerfelFehler: wenn der Würfel diese Augenzahl nicht zeigen kann.
    """
    if isinstance(text, bool):
        raise WuerfelFehler(f"„{text}“ ist keine Augenzahl.")
    if isinstance(text, int):
        roh, wert = str(text), text
    else:
        roh = str(text).strip()
        if not re.fullmatch(r"[0-9]+", roh):
            raise WuerfelFehler(
                f"„{_kurz(roh)}“ ist keine Augenzahl – bitte nur Ziffern eintippen "
                f"(W{seiten}: 1 bis {seiten})."
            )
        if len(roh) > _MAX_ZIFFERN:
            raise WuerfelFehler(f"Ein W{seiten} zeigt keine {_kurz(roh)} (möglich: 1 bis {seiten}).")
        wert = int(roh)
    if wert == 0 and seiten in (10, 100):
        return seiten
    if not 1 <= wert <= seiten:
        raise WuerfelFehler(f"Ein W{seiten} zeigt keine {roh} (möglich: 1 bis {seiten}).")
    return wert


@dataclass(frozen=True)
class Wuerfelwurf:
    """Ein einzelner geworfener Würfel samt seiner Explosionskette."""

    seiten: int
    augen: tuple[int, ...]
    """Alle gezeigten Augen: ``(6, 6, 2)`` ist ein explodierender W6 mit 6, 6 und 2."""
    explodierend: bool = False
    eingetippt: bool = False
    """Vom Spielleiter eingetippt (echte Würfel) statt vom Programm gewürfelt."""

    @property
    def summe(self) -> int:
        """Summe aller Augen der Kette."""
        return sum(self.augen)

    @property
    def natuerlich(self) -> int:
        """Die erste, unveränderte Augenzahl (für „natürliche 1“ und Ähnliches)."""
        return self.augen[0]

    def __str__(self) -> str:
        return "+".join(str(a) for a in self.augen)


@dataclass(frozen=True)
class Wurf:
    """Ein ganzer geworfener Ausdruck."""

    ausdruck: Ausdruck
    wuerfe: tuple[Wuerfelwurf, ...] = field(default=())
    """Ein Eintrag je einzelnem Würfel, in der Reihenfolge des Ausdrucks."""

    @property
    def gesamt(self) -> int:
        """Summe samt Vorzeichen der Gruppen und Konstante."""
        summe = self.ausdruck.konstante
        for (gruppe, _), einzel in zip(self.ausdruck.einzelwuerfel(), self.wuerfe, strict=True):
            summe += gruppe.vorzeichen * einzel.summe
        return summe

    @property
    def eingetippt(self) -> bool:
        """Ob mindestens ein Würfel eingetippt wurde."""
        return any(w.eingetippt for w in self.wuerfe)

    def __str__(self) -> str:
        augen = ", ".join(str(w) for w in self.wuerfe)
        return f"{self.ausdruck}: [{augen}] = {self.gesamt}"

    def als_dict(self) -> dict[str, Any]:
        """JSON-taugliche Form für das Kampfprotokoll."""
        return {
            "ausdruck": str(self.ausdruck),
            "augen": [list(w.augen) for w in self.wuerfe],
            "eingetippt": self.eingetippt,
        }

    @classmethod
    def aus_dict(cls, daten: dict[str, Any]) -> Wurf:
        """Gegenstück zu :meth:`als_dict`; prüft die Augen erneut."""
        ergebnis = wurf(daten["ausdruck"], augen=daten["augen"])
        if not daten.get("eingetippt", False):
            ergebnis = Wurf(
                ergebnis.ausdruck,
                tuple(
                    Wuerfelwurf(w.seiten, w.augen, w.explodierend, False)
                    for w in ergebnis.wuerfe
                ),
            )
        return ergebnis


def _ganzzahl_quelle(rng: Any) -> Any:
    """Die Funktion ``(a, b) -> zufällige ganze Zahl in [a, b]`` von ``rng``."""
    if rng is None:
        raise TypeError("Es fehlt ein Zufallsgenerator (rng) oder eingetippte Augen.")
    if hasattr(rng, "integers"):
        return lambda a, b: int(rng.integers(a, b + 1))
    if hasattr(rng, "randint"):
        return rng.randint
    raise TypeError(
        f"rng muss random.Random oder ein numpy Generator sein, nicht {type(rng).__name__}."
    )


def zufallszahl(rng: Any, seiten: int) -> int:
    """Eine gleichverteilte ganze Zahl von 1 bis ``seiten`` aus ``rng``.

    ``rng`` ist ein ``random.Random`` oder ein numpy ``Generator``; globaler Zufall wird
    nie benutzt.
    """
    if type(rng) is random.Random and type(seiten) is int and seiten > 0:
        # dieselbe Zahl wie rng.randint(1, seiten), ohne die Aufrufe dazwischen – der schnelle
        # Ereignispfad würfelt sehr oft (Issue 10); siehe _unter
        getrandbits = rng.getrandbits
        k = seiten.bit_length()
        r = getrandbits(k)
        while r >= seiten:
            r = getrandbits(k)
        return 1 + r
    return int(_ganzzahl_quelle(rng)(1, seiten))


def _unter(rng: random.Random, n: int) -> int:
    """Eine Zahl in ``[0, n)`` aus einem ``random.Random`` (genau dessen Klasse, ``n > 0`` ganz),
    dieselbe wie ``rng.randrange(n)`` – nur über die öffentliche ``getrandbits``.

    So zieht CPython ``randrange(n)`` und damit ``randint``: ``Random._randbelow_with_getrandbits``
    (``k = n.bit_length()``, ``getrandbits(k)`` bis die Zahl unter ``n`` liegt; unverändert
    Python 3.11–3.13). ``tests/kern/test_wuerfel.py`` prüft, dass beide Wege dieselben Zahlen
    ziehen – ändert eine künftige Python-Version das Verfahren, schlägt der Test fehl.
    :func:`zufallszahl` und :func:`wurf` schreiben diese Schleife aus (jeder Würfel der Simulation).
    """
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def mischen(folge: Sequence[Any], *, rng: Any) -> tuple[Any, ...]:
    """Eine gemischte Kopie von ``folge`` (Fisher-Yates mit :func:`zufallszahl`)."""
    liste = list(folge)
    ganzzahl = _ganzzahl_quelle(rng)
    for i in range(len(liste) - 1, 0, -1):
        j = ganzzahl(1, i + 1) - 1
        liste[i], liste[j] = liste[j], liste[i]
    return tuple(liste)


def wuerfle(
    seiten: int,
    *,
    rng: Any = None,
    augen: Any = None,
    explodierend: bool = False,
) -> Wuerfelwurf:
    """Wirft einen einzelnen Würfel – mit ``rng`` oder mit eingetippten ``augen``.

    Eingetippte Augen eines explodierenden Würfels sind die ganze Kette: ``"6+6+2"``
    oder ``[6, 6, 2]``. Nach jeder Höchstzahl muss ein weiterer Wurf folgen.
    """
    if (rng is None) == (augen is None):
        raise TypeError("Genau eines von rng und augen angeben.")
    if augen is None:
        kette = [zufallszahl(rng, seiten)]
        while explodierend and kette[-1] == seiten:
            kette.append(zufallszahl(rng, seiten))
        return Wuerfelwurf(seiten, tuple(kette), explodierend, eingetippt=False)
    kette = _kette_lesen(augen, seiten)
    _pruefe_kette(kette, seiten, explodierend)
    return Wuerfelwurf(seiten, kette, explodierend, eingetippt=True)


def _kette_lesen(augen: Any, seiten: int) -> tuple[int, ...]:
    if isinstance(augen, str):
        teile = [t for t in re.split(r"\s*\+\s*", augen.strip())]
        if any(t == "" for t in teile):
            raise WuerfelFehler(f"„{augen}“: vor oder nach einem + fehlt eine Augenzahl.")
        return tuple(augenzahl(t, seiten) for t in teile)
    if isinstance(augen, int):
        return (augenzahl(augen, seiten),)
    if isinstance(augen, Sequence) and augen:
        return tuple(augenzahl(a, seiten) for a in augen)
    raise WuerfelFehler(f"„{augen}“ ist keine Augenzahl für einen W{seiten}.")


def _pruefe_kette(kette: tuple[int, ...], seiten: int, explodierend: bool) -> None:
    text = "+".join(map(str, kette))
    if not explodierend:
        if len(kette) != 1:
            raise WuerfelFehler(
                f"„{text}“: ein W{seiten}, der nicht explodiert, zeigt genau eine Augenzahl."
            )
        return
    for vorher in kette[:-1]:
        if vorher != seiten:
            raise WuerfelFehler(
                f"„{text}“: ein explodierender W{seiten} wird nur nach einer {seiten} "
                f"erneut geworfen, nicht nach einer {vorher}."
            )
    if kette[-1] == seiten:
        raise WuerfelFehler(
            f"„{text}“: der W{seiten} explodiert bei {seiten} – bitte auch den nächsten "
            f"Wurf eintippen (z. B. „{text}+3“)."
        )


def _augen_aufteilen(augen: Any) -> list[Any]:
    if isinstance(augen, str):
        roh = re.sub(r"\s*\+\s*", "+", augen.strip())
        teile = [t for t in re.split(r"[\s,;]+", roh) if t]
        return teile
    if isinstance(augen, int):
        return [augen]
    if isinstance(augen, Sequence):
        return list(augen)
    raise WuerfelFehler(f"„{augen}“ sind keine eingetippten Augen.")


def gewuerfelt(seiten: int, augen: tuple[int, ...], explodierend: bool = False) -> Wuerfelwurf:
    """Ein vom Programm geworfener Würfel mit schon gezogenen ``augen`` (ganze Zahlen, die Kette
    eines explodierenden Würfels): ``Wuerfelwurf(seiten, augen, explodierend, eingetippt=False)``
    über :func:`gm_helfer.schnell.bauen`, ohne das eingefrorene ``__init__`` (jeder Würfel der
    Simulation kommt hier durch). Geprüft wird nichts – dafür ist :func:`wuerfle` da.

    >>> gewuerfelt(6, (6, 2), True) == Wuerfelwurf(6, (6, 2), True)
    True
    """
    return bauen(Wuerfelwurf, {"seiten": seiten, "augen": augen, "explodierend": explodierend, "eingetippt": False})


_gewuerfelt = gewuerfelt  # alter Name (bis zur nächsten Ausgabe)


def wurf(ausdruck: str | Ausdruck, *, rng: Any = None, augen: Any = None) -> Wurf:
    """Wirft einen ganzen Ausdruck – mit ``rng`` oder mit eingetippten ``augen``.

    ``augen`` hat einen Eintrag je Würfel: eine Folge (``[3, 5]``, ``[[6, 2], 4]``) oder
    ein Text (``"3 5"``, ``"6+2, 4"``).

    >>> wurf("2W6+1", augen="3, 5").gesamt
    9
    """
    ausdruck = parse(ausdruck)
    if (rng is None) == (augen is None):
        raise TypeError("Genau eines von rng und augen angeben.")
    if augen is None and type(rng) is random.Random:
        plan = ausdruck._wurfplan()
        if plan is not None:
            # wie wuerfle(…) je Würfel, mit denselben Zufallszahlen (zufallszahl), ohne die Prüfungen
            # für eingetippte Augen – jede Probe der Simulation kommt hier durch (Issue 10)
            wuerfe = []
            getrandbits = rng.getrandbits  # je Würfel dieselbe Zahl wie rng.randint(1, seiten) (_unter)
            for seiten, explodierend in plan:
                k = seiten.bit_length()
                r = getrandbits(k)
                while r >= seiten:
                    r = getrandbits(k)
                if r + 1 == seiten and explodierend:
                    kette = [seiten]
                    while kette[-1] == seiten:
                        r = getrandbits(k)
                        while r >= seiten:
                            r = getrandbits(k)
                        kette.append(r + 1)
                    augen_ = tuple(kette)
                else:
                    augen_ = (r + 1,)
                wuerfe.append(bauen(Wuerfelwurf, {"seiten": seiten, "augen": augen_, "explodierend": explodierend,
                                                  "eingetippt": False}))
            return bauen(Wurf, {"ausdruck": ausdruck, "wuerfe": tuple(wuerfe)})
    einzel = ausdruck.einzelwuerfel()
    if augen is None:
        return Wurf(
            ausdruck,
            tuple(wuerfle(g.seiten, rng=rng, explodierend=g.explodierend) for g, _ in einzel),
        )
    eintraege = _augen_aufteilen(augen)
    if len(eintraege) != len(einzel):
        raise WuerfelFehler(
            f"{ausdruck} braucht {len(einzel)} Würfel, eingetippt "
            f"{'wurde' if len(eintraege) == 1 else 'wurden'} {len(eintraege)}."
        )
    return Wurf(
        ausdruck,
        tuple(
            wuerfle(g.seiten, augen=eintrag, explodierend=g.explodierend)
            for (g, _), eintrag in zip(einzel, eintraege, strict=True)
        ),
    )
