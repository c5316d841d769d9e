"""Begegnungen durchspielen: viele Kämpfe mit Zufall, ausgewertet.

Der Treiber kennt kein Regelsystem. Jedes System liefert eine Funktion, die **einen**
Kampf mit einem übergebenen ``rng`` bis zum Ende spielt – mit denselben Regelfunktionen
wie der Live-Kampf – und einen :class:`Kampfausgang` zurückgibt. :func:`simulieren` ruft
sie ``anzahl``-mal auf und zählt aus: wer wie oft gewinnt, wie lange die Kämpfe dauern,
wer wie oft ausgeschaltet wird oder stirbt.

>>> import random
>>> def muenzkampf(rng):
...     sieger = "Helden" if rng.random() < 0.75 else "Schurken"
...     return Kampfausgang(sieger=sieger, runden=1 + int(rng.random() * 3))
>>> a = simulieren(muenzkampf, anzahl=2000, rng=random.Random(1))
>>> abs(a.sieg["Helden"] - 0.75) < 0.03
True
"""

from __future__ import annotations

import atexit
import dataclasses
import math
import os
import random
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from gm_helfer import regelsystem
from gm_helfer import text as _text
from gm_helfer.schnell import alte_objekte_einfrieren

__all__ = [  # noqa: F822 – SYSTEME und ZEITEINHEIT liefert __getattr__ (PEP 562)
    "SYSTEME", "UNENTSCHIEDEN", "URTEILE", "ZEITEINHEIT", "ZIELWAHL", "Auswertung", "Feldausgang", "Kampfausgang", "Reihe",
    "Schwellen", "Urteil", "arbeiter_zahl", "auszaehlen", "begegnung", "gebuendelt", "heldenseite", "in_bloecken",
    "kaempfer_tabelle", "nicht_gespielt_text", "ohne_sieger_text", "punkt_saat", "rechenhinweis", "reihe", "reihe_text",
    "reihe_varianten", "simulieren",
    "standard_anzahl", "taktik_felder", "urteil", "verbrauch_text", "zeiteinheit", "zusammenfassung",
]



def __getattr__(name: str) -> Any:
    """``SYSTEME`` (Paketname → Anzeigename) und ``ZEITEINHEIT`` (Paketname → „Ticks“, wo es nicht
    Runden sind) – aus dem Verzeichnis :mod:`gm_helfer.regelsystem`, bei jedem Zugriff neu."""
    if name == "SYSTEME":
        return regelsystem.anzeigenamen()
    if name == "ZEITEINHEIT":
        return {s.name: s.zeiteinheit for s in regelsystem.systeme() if s.zeiteinheit != "Runden"}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

ZIELWAHL = MappingProxyType({
    "schwaechster": "den Schwächsten (am schwersten verletzt)",
    "staerkster": "den Stärksten (am wenigsten verletzt)",
    "zufall": "einen zufälligen",
    "erster": "den Ersten in der Reihenfolge der Bögen",
})
"""Wen ein Kämpfer angreift – der gemeinsame Teil jeder ``Taktik`` (Feld ``ziel``).

„Der Nächste“ gibt es nicht: die Simulation spielt keine Positionen (alle stehen in
Reichweite); „erster“ steht dafür, wenn die Bögen in der Reihenfolge der Aufstellung stehen.
Was „verletzt“ heißt, sagt das System (Wunden, Trefferpunkte, Lebenspunkte).

**Vertrag für Taktiken:** jedes System hat in ``gm_helfer.<system>.simulation`` eine
eingefrorene Dataclass ``Taktik`` mit Vorgaben, die der bisherigen Standardtaktik entsprechen,
und dem Feld ``ziel`` (ein Schlüssel von :data:`ZIELWAHL`). Jedes Feld trägt in
``metadata`` den deutschen Namen (``"text"``) und – außer bei ``bool`` – die Wahl
(``"wahl"``: Wert → deutscher Text), siehe :func:`taktik_felder`. ``begegnung(…, taktik=…)``
des Systems nimmt sie; ``None`` heißt Standardtaktik. Beide Treiber (gebündelt und
Ereignispfad) spielen dieselbe Taktik.
"""

UNENTSCHIEDEN = "unentschieden"
"""Schlüssel in :attr:`Auswertung.sieg` für Kämpfe ohne Sieger (etwa nach der Rundengrenze)."""


@dataclass(frozen=True)
class Kampfausgang:
    """Wie ein einzelner simulierter Kampf ausging."""

    sieger: str | None
    """Die Seite, die als einzige noch kampffähig ist; ``None`` ohne Sieger."""
    runden: int
    """Gespielte Runden (bzw. die Zeiteinheit des Systems, in der Doku des Systems genannt)."""
    ausgeschaltet: tuple[str, ...] = ()
    """Namen aller, die am Ende nicht mehr kämpfen können (Tote eingeschlossen)."""
    tot: tuple[str, ...] = ()
    """Namen aller Toten."""


@dataclass(frozen=True)
class Auswertung:
    """Zusammenfassung vieler simulierter Kämpfe."""

    anzahl: int
    sieg: Mapping[str, float]
    """Seite → Anteil der Kämpfe, die sie gewann; dazu :data:`UNENTSCHIEDEN`."""
    runden: Mapping[int, float]
    """Rundenzahl → Anteil der Kämpfe."""
    ausgeschaltet: Mapping[str, float]
    """Name → Anteil der Kämpfe, in denen er am Ende ausgeschaltet war."""
    tot: Mapping[str, float]
    """Name → Anteil der Kämpfe, in denen er starb."""
    sekunden: float = field(default=0.0, compare=False)
    """Rechenzeit (nur zur Anzeige)."""
    seiten: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Name → Seite jedes Kämpfers (leer, wo der Treiber es nicht meldet)."""
    verbrauch: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    """Verbrauchte Mittel je Kampf im Mittel, z. B. „Bennies (Mira)“ → 1,2 (leer, wo nicht gezählt)."""

    @property
    def mittlere_runden(self) -> float:
        """Durchschnittliche Kampfdauer in Runden."""
        return math.fsum(r * p for r, p in self.runden.items())

    def standardfehler(self, anteil: float) -> float:
        """Standardfehler eines geschätzten Anteils bei :attr:`anzahl` Kämpfen."""
        return math.sqrt(max(anteil * (1 - anteil), 0.0) / self.anzahl)

    def intervall(self, anteil: float, z: float = 1.959964) -> tuple[float, float]:
        """95-%-Vertrauensintervall eines geschätzten Anteils (Wilson; ``z`` für andere Stufen).

        >>> a = Auswertung(100, {"Helden": 0.5}, {1: 1.0}, {}, {})
        >>> [round(x, 3) for x in a.intervall(0.5)]
        [0.404, 0.596]
        """
        n = self.anzahl
        mitte = (anteil + z * z / (2 * n)) / (1 + z * z / n)
        breite = z * math.sqrt(anteil * (1 - anteil) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return max(0.0, mitte - breite), min(1.0, mitte + breite)

    def erwartet(self, art: str, seite: str = "Helden") -> float:
        """Erwartete Zahl der Ausgeschalteten (``art="ausgeschaltet"``) oder Toten (``"tot"``)
        einer Seite je Kampf – die Summe der Anteile ihrer Kämpfer (braucht :attr:`seiten`)."""
        return math.fsum(p for name, p in getattr(self, art).items() if self.seiten.get(name) == seite)


@dataclass(frozen=True)
class Feldausgang:
    """Ausgang aller Kämpfe einer gebündelten Maschine (``gm_helfer.<system>.gebuendelt``), als
    numpy-Felder mit einem Eintrag je Kampf – gemeinsam für alle Systeme."""

    namen: tuple[str, ...]
    seiten: tuple[str, ...]
    seite_von: tuple[str, ...]
    """Seite je Kämpfer (wie :attr:`namen`)."""
    sieger: Any
    """Index in :attr:`seiten`, −1 ohne Sieger."""
    runden: Any
    ausgeschaltet: Any
    """(Kämpfe, Kämpfer): am Ende nicht mehr kampffähig."""
    tot: Any
    """(Kämpfe, Kämpfer): im Kampf gestorben."""

    def zaehler(self) -> tuple[Counter[str], Counter[int], Counter[str], Counter[str]]:
        """Siege, Runden, Ausgeschaltete und Tote als Zähler (für :func:`auszaehlen`)."""
        import numpy as np

        siege: Counter[str] = Counter()
        for i, s in enumerate(self.seiten):
            siege[s] = int((self.sieger == i).sum())
        siege[UNENTSCHIEDEN] = int((self.sieger < 0).sum())
        runden = Counter({int(r): int(c) for r, c in zip(*np.unique(self.runden, return_counts=True))})
        aus = Counter({n: int(c) for n, c in zip(self.namen, self.ausgeschaltet.sum(0))})
        tot = Counter({n: int(c) for n, c in zip(self.namen, self.tot.sum(0))})
        return siege, runden, aus, tot

    @classmethod
    def verbinden(cls, teile: Sequence[Any]) -> Any:
        """Die Blöcke eines Laufs zu einem Ausgang derselben Klasse (Felder hintereinander)."""
        import numpy as np

        erstes = teile[0]
        felder = [f.name for f in dataclasses.fields(erstes)][3:]
        return type(erstes)(erstes.namen, erstes.seiten, erstes.seite_von,
                            *(np.concatenate([getattr(t, f) for t in teile]) for f in felder))


def in_bloecken(block: Callable[[int], Any], anzahl: int, groesse: int,
                fortschritt: Callable[[int, int], None] | None = None) -> Any:
    """Spielt ``anzahl`` Kämpfe als Blöcke ``block(n)`` zu höchstens ``groesse`` (je ein
    :class:`Feldausgang`), meldet ``fortschritt(fertig, anzahl)`` nach jedem Block und verbindet sie."""
    teile = []
    fertig = 0
    while fertig < anzahl:
        n = min(groesse, anzahl - fertig)
        teile.append(block(n))
        fertig += n
        if fortschritt is not None:
            fortschritt(fertig, anzahl)
    return Feldausgang.verbinden(teile)


def taktik_felder(taktik: Any) -> list[tuple[str, str, Any, Mapping[Any, str] | None]]:
    """Die einstellbaren Felder einer ``Taktik`` (Klasse oder Wert): ``(name, text, wert, wahl)``.

    ``wahl`` ist ``None`` bei Ja/Nein-Feldern; ``wert`` ist der Wert des übergebenen Objekts
    oder die Vorgabe der Klasse.

    >>> from dataclasses import dataclass, field
    >>> @dataclass(frozen=True)
    ... class Taktik:
    ...     ziel: str = field(default="schwaechster", metadata={"text": "Ziel", "wahl": ZIELWAHL})
    ...     fliehen: bool = field(default=False, metadata={"text": "Fliehen"})
    >>> [(n, t, w) for n, t, w, _ in taktik_felder(Taktik(fliehen=True))]
    [('ziel', 'Ziel', 'schwaechster'), ('fliehen', 'Fliehen', True)]
    """
    ergebnis = []
    for f in dataclasses.fields(taktik):
        wert = getattr(taktik, f.name) if not isinstance(taktik, type) else f.default
        ergebnis.append((f.name, f.metadata.get("text", f.name), wert, f.metadata.get("wahl")))
    return ergebnis


def simulieren(
    kampf: Callable[[Any], Kampfausgang],
    anzahl: int = 1000,
    *,
    rng: Any,
) -> Auswertung:
    """Spielt ``anzahl`` Kämpfe mit ``kampf(rng)`` und zählt aus.

    Raises:
        ValueError: ``anzahl`` kleiner als 1 (deutsche Meldung).
    """
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    start = time.perf_counter()
    siege: Counter[str] = Counter()
    runden: Counter[int] = Counter()
    aus: Counter[str] = Counter()
    tot: Counter[str] = Counter()
    with alte_objekte_einfrieren():
        for _ in range(anzahl):
            ausgang = kampf(rng)
            siege[ausgang.sieger if ausgang.sieger is not None else UNENTSCHIEDEN] += 1
            runden[ausgang.runden] += 1
            aus.update(set(ausgang.ausgeschaltet))
            tot.update(set(ausgang.tot))
    return auszaehlen(anzahl, siege, runden, aus, tot, sekunden=time.perf_counter() - start)


def auszaehlen(
    anzahl: int,
    siege: Mapping[str, int],
    runden: Mapping[int, int],
    ausgeschaltet: Mapping[str, int],
    tot: Mapping[str, int],
    *,
    sekunden: float = 0.0,
    seiten: Mapping[str, str] | None = None,
    verbrauch: Mapping[str, float] | None = None,
) -> Auswertung:
    """Die :class:`Auswertung` aus Zählern (Seite bzw. :data:`UNENTSCHIEDEN`, Rundenzahl, Name →
    Zahl der Kämpfe); Einträge mit 0 fallen weg. Gemeinsam für Ereignispfad und gebündelte
    Maschine."""

    def anteile(zaehler: Mapping[Any, int]) -> Mapping[Any, float]:
        return MappingProxyType({k: n / anzahl for k, n in sorted(zaehler.items(), key=lambda x: str(x[0])) if n})

    return Auswertung(
        anzahl=anzahl,
        sieg=anteile(siege),
        runden=MappingProxyType({r: n / anzahl for r, n in sorted(runden.items()) if n}),
        ausgeschaltet=anteile(ausgeschaltet),
        tot=anteile(tot),
        sekunden=sekunden,
        seiten=MappingProxyType(dict(seiten or {})),
        verbrauch=MappingProxyType(dict(verbrauch or {})),
    )


def begegnung(
    system: str, boegen: Any, anzahl: int = 1000, *, rng: Any, max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
    taktik: Any = None,
    optionen: Any = None,
    ereignispfad: bool = False,
) -> Auswertung:
    """Simuliert eine Begegnung mit den Bögen eines Systems – der eine Treiber für alle Systeme.

    Das System kommt aus dem Verzeichnis (:func:`gm_helfer.regelsystem.system`); es spielt
    gebündelt (``Regelsystem.begegnung``) oder mit ``ereignispfad=True`` Kampf für Kampf
    (``Regelsystem.ereignis_begegnung``, die Referenz). ``fortschritt(fertig, anzahl)`` meldet
    Blöcke von Kämpfen (der Ereignispfad nur das Ende); ``taktik`` (die ``Taktik`` des Systems,
    siehe :data:`ZIELWAHL`; wo ``taktik_je_seite``, auch Seite → ``Taktik``) und ``optionen``
    (die ``Optionen`` des Systems) werden durchgereicht – ``None`` heißt Vorgabe.

    Raises:
        ValueError: unbekanntes System (deutsche Meldung); was das System selbst meldet.
    """
    try:
        rs = regelsystem.system(system)
    except regelsystem.RegelsystemFehler:
        bekannt = ", ".join(s.name for s in regelsystem.systeme())
        raise ValueError(f"Für „{system}“ gibt es keine Simulation (bekannt: {bekannt}).") from None
    if ereignispfad:
        a = rs.ereignis_begegnung(boegen, anzahl, rng=rng, optionen=optionen, max_runden=max_runden, taktik=taktik)
        if fortschritt is not None:
            fortschritt(anzahl, anzahl)
        return a
    return rs.begegnung(boegen, anzahl, rng=rng, optionen=optionen, max_runden=max_runden, taktik=taktik,
                        fortschritt=fortschritt)


def zeiteinheit(system: str) -> str:
    """„Runden“ oder die Einheit des Systems (Zeitstrahl: „Ticks“)."""
    rs = regelsystem.finden(system)
    return rs.zeiteinheit if rs is not None else "Runden"


def _prozent(p: float) -> str:
    return _text.prozent(p)


def zusammenfassung(auswertung: Auswertung, einheit: str = "Runden", grenze: int | None = None) -> str:
    """Eine Zeile Deutsch: wer wie oft gewinnt (mit Standardfehler) und wie lange es dauert.

    Kämpfe ohne Sieger heißen, was sie sind: mit ``grenze`` (die Rundengrenze, ``max_runden``)
    „Grenze von … erreicht“, soweit sie bis zur Grenze liefen (:func:`ohne_sieger_text`)."""
    teile = []
    for seite, anteil in sorted(auswertung.sieg.items(), key=lambda x: -x[1]):
        name = ohne_sieger_text(auswertung, einheit, grenze) if seite == UNENTSCHIEDEN else f"{_gross(seite)} gewinnen"
        teile.append(f"{name} {_prozent(anteil)} (± {_prozent(auswertung.standardfehler(anteil))})")
    dauer = f"{auswertung.mittlere_runden:.1f}".replace(".", ",")
    return f"{auswertung.anzahl} Kämpfe: " + ", ".join(teile) + f"; im Schnitt {dauer} {einheit}."


def ohne_sieger_text(auswertung: Auswertung, einheit: str = "Runden", grenze: int | None = None) -> str:
    """Wie die Kämpfe ohne Sieger endeten: an der Grenze (``grenze`` Runden bzw. Ticks) oder weil
    alle zugleich fielen – aus der Dauer der Kämpfe, die bis zur Grenze liefen.

    >>> a = Auswertung(10, {"Helden": 0.5, UNENTSCHIEDEN: 0.5}, {3: 0.5, 100: 0.5}, {}, {})
    >>> ohne_sieger_text(a, "Runden", 100)
    'ohne Sieger (Grenze von 100 Runden erreicht)'
    """
    if grenze is None:
        return "ohne Sieger (Grenze erreicht oder alle gefallen)"
    an_grenze = math.fsum(p for r, p in auswertung.runden.items() if r >= grenze)
    if an_grenze + 1e-9 >= auswertung.sieg.get(UNENTSCHIEDEN, 0.0):
        return f"ohne Sieger (Grenze von {grenze} {einheit} erreicht)"
    return f"ohne Sieger (Grenze von {grenze} {einheit} erreicht oder alle gefallen)"


def nicht_gespielt_text(system: str) -> str:
    """Ein Satz Deutsch unter dem Urteil: was die Simulation nicht spielt und was das für die
    Zahlen heißt (sie bleiben Grenzen, keine Vorhersage)."""
    mittel = regelsystem.system(system).nicht_gespielt
    return (f"Was die Simulation nicht spielt: {mittel}; gekämpft wird bis zum Ende. Die Zahlen der "
            "Ausfälle und Toten sind daher eine obere Grenze, die Siegchance der Helden eher eine untere – "
            "am Tisch, mit Heilung, Rückzug und Gnade, geht es meist glimpflicher aus.")


# ---------------------------------------------------------------------------------------
# Was ein Spielleiter entscheiden muss: Urteil und Reihen
# ---------------------------------------------------------------------------------------

URTEILE = ("leicht", "fordernd", "gefährlich", "tödlich")
"""Die Stufen des Urteils, von harmlos bis tödlich."""


@dataclass(frozen=True)
class Schwellen:
    """Wann eine Begegnung leicht, fordernd, gefährlich oder tödlich heißt (einstellbar).

    Eine Stufe gilt, wenn die Helden mindestens so oft gewinnen **und** im Mittel höchstens so
    viele Helden sterben wie angegeben; sonst die nächste. Was keine Stufe erfüllt, ist tödlich.
    Die Standardwerte sind eine Faustregel für eine Heldengruppe von drei bis fünf.
    """

    leicht: tuple[float, float] = (0.90, 0.05)
    """(Siegchance mindestens, erwartete tote Helden höchstens) für „leicht“."""
    fordernd: tuple[float, float] = (0.70, 0.25)
    """… für „fordernd“."""
    gefaehrlich: tuple[float, float] = (0.40, 0.75)
    """… für „gefährlich“."""


@dataclass(frozen=True)
class Urteil:
    """Das Urteil über eine Begegnung, in Worten."""

    stufe: str
    """Eine der :data:`URTEILE`."""
    text: str
    """Ein Satz Deutsch mit den Zahlen, auf denen es beruht."""


def urteil(auswertung: Auswertung, schwellen: Schwellen = Schwellen(), seite: str = "Helden") -> Urteil:
    """Leicht, fordernd, gefährlich oder tödlich – aus der Siegchance der ``seite`` und der
    erwarteten Zahl toter Helden je Kampf (:class:`Schwellen`).

    >>> a = Auswertung(1000, {"Helden": 0.95}, {3: 1.0}, {"Mira": 0.2}, {"Mira": 0.01}, seiten={"Mira": "Helden"})
    >>> urteil(a).stufe
    'leicht'
    """
    sieg = auswertung.sieg.get(seite, 0.0)
    tote = auswertung.erwartet("tot", seite)
    stufe = "tödlich"
    for name, (mindest, hoechstens) in zip(URTEILE, (schwellen.leicht, schwellen.fordernd, schwellen.gefaehrlich)):
        if sieg >= mindest and tote <= hoechstens:
            stufe = name
            break
    unten, oben = auswertung.intervall(sieg)
    text = (
        f"{stufe.capitalize()}: die {_gross(seite)} gewinnen {_prozent(sieg)} der Kämpfe "
        f"(95 %: {_prozent(unten)} bis {_prozent(oben)})"
    )
    if auswertung.seiten:
        text += (f", im Mittel fallen {_zahl(auswertung.erwartet('ausgeschaltet', seite))} aus "
                 f"und {_zahl(tote)} sterben je Kampf")
    return Urteil(stufe, text + ".")


def _gross(seite: str) -> str:
    """Der Seitenname groß geschrieben, wie im Satz (W100 nennt die Seite „helden“)."""
    return seite[:1].upper() + seite[1:]


def _zahl(x: float) -> str:
    return _text.komma(x, 2)


@dataclass(frozen=True)
class Reihe:
    """Eine Begegnung über einen Wert hinweg (etwa 2 bis 12 Banditen)."""

    feld: str
    """Was verändert wurde: ``"<Bogen>: <Feld>"``."""
    werte: tuple[Any, ...]
    auswertungen: tuple[Auswertung, ...]

    def siegchancen(self, seite: str = "Helden") -> list[tuple[Any, float, float, float]]:
        """(Wert, Siegchance, untere, obere 95-%-Grenze) je Wert."""
        return [(w, a.sieg.get(seite, 0.0), *a.intervall(a.sieg.get(seite, 0.0))) for w, a in zip(self.werte, self.auswertungen)]

    def hoechstens_fuer(self, ziel: float = 0.75, seite: str = "Helden") -> Any:
        """Der größte Wert, bei dem die ``seite`` noch mindestens ``ziel`` der Kämpfe gewinnt
        („wie viele Gegner für 75 % Heldensieg?“); ``None``, wenn keiner es schafft. Nimmt an,
        dass die Chance mit dem Wert fällt (mehr Gegner), und sucht von vorn."""
        bester = None
        for w, p, _, _ in self.siegchancen(seite):
            if p >= ziel:
                bester = w
        return bester


def reihe(
    system: str,
    boegen: Sequence[Any],
    name: str,
    feld: str,
    werte: Sequence[Any],
    anzahl: int = 2000,
    *,
    rng: Any = None,
    saat: int | None = None,
    max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
    taktik: Any = None,
    optionen: Any = None,
    arbeiter: int | None = 1,
) -> Reihe:
    """Spielt die Begegnung für jeden Wert von ``feld`` im Bogen ``name`` (etwa ``"anzahl"``
    des Bogens „Bandit“, oder ``"schild"`` des Schurken), je ``anzahl`` Kämpfe
    (:func:`reihe_varianten`; ``saat`` oder – ältere Form – eine Saat aus ``rng``).

    ``fortschritt(fertig, gesamt)`` nach jedem Wert. Die Bögen werden nicht verändert.

    Raises:
        ValueError: kein Bogen ``name`` unter den gewählten (deutsche Meldung) oder ein Fehler
            der Begegnung selbst.
    """
    if not any(b.name == name for b in boegen):
        raise ValueError(f"Für die Reihe fehlt der Bogen „{name}“ unter den gewählten.")
    if saat is None:
        saat = 0 if rng is None else (rng.getrandbits(63) if hasattr(rng, "getrandbits") else int(rng.integers(2**63)))
    varianten = [[replace(b, werte={**b.werte, feld: wert}) if b.name == name else b for b in boegen] for wert in werte]
    return reihe_varianten(system, varianten, werte, f"{name}: {feld}", anzahl, saat=saat, max_runden=max_runden,
                           fortschritt=fortschritt, taktik=taktik, optionen=optionen, arbeiter=arbeiter)


def punkt_saat(saat: int, punkt: int) -> int:
    """Die Saat des ``punkt``-ten Werts einer Reihe: aus ``(saat, punkt)`` gemischt
    (``numpy.random.SeedSequence``) – jeder Wert hat seinen eigenen, unabhängigen Zufall, gleich
    ob er allein, vor oder nach den anderen oder in einem anderen Prozess gerechnet wird."""
    import numpy as np

    return int(np.random.SeedSequence([int(saat), int(punkt)]).generate_state(2, np.uint64)[0])


def arbeiter_zahl() -> int:
    """Wie viele Kerne dieser Prozess nutzen darf (``os.sched_getaffinity``, sonst ``os.cpu_count``)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # nicht unter Linux
        return max(1, os.cpu_count() or 1)


def _punkt(auftrag: tuple[Any, ...]) -> Auswertung:
    """Ein Wert einer Reihe."""
    system, boegen, anzahl, saat, max_runden, taktik, optionen = auftrag
    return begegnung(system, boegen, anzahl, rng=random.Random(saat), max_runden=max_runden, taktik=taktik,
                     optionen=optionen)


def _punkt_im_prozess(auftrag: tuple[Any, ...]) -> dict[str, Any]:
    """:func:`_punkt` in einem Arbeitsprozess (oberste Ebene, damit er sie aufrufen kann); die
    Auswertung reist als einfache Daten zurück (``MappingProxyType`` lässt sich nicht picklen)."""
    a = _punkt(auftrag)
    return {f.name: dict(v) if isinstance(v, Mapping) else v for f in dataclasses.fields(a) for v in [getattr(a, f.name)]}


def _aus_daten(daten: Mapping[str, Any]) -> Auswertung:
    return Auswertung(**{k: MappingProxyType(v) if isinstance(v, dict) else v for k, v in daten.items()})


def reihe_varianten(
    system: str,
    varianten: Sequence[Sequence[Any]],
    werte: Sequence[Any],
    feld: str,
    anzahl: int = 2000,
    *,
    saat: int = 0,
    max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
    taktik: Any = None,
    optionen: Any = None,
    arbeiter: int | None = None,
) -> Reihe:
    """Spielt je Wert eine Begegnung (``varianten[i]`` sind die Bögen zum Wert ``werte[i]``), je
    ``anzahl`` Kämpfe, und sammelt sie als :class:`Reihe` (``feld`` beschriftet sie).

    Jeder Wert hat seine eigene Saat (:func:`punkt_saat`), daher ist das Ergebnis dasselbe mit
    einem oder vielen Arbeitsprozessen. ``arbeiter``: wie viele Prozesse
    (``concurrent.futures.ProcessPoolExecutor``, Startart „spawn“); ``None`` heißt alle Kerne
    (:func:`arbeiter_zahl`); mit 1 Kern, 1 Arbeiter oder einem Wert rechnet der Prozess selbst.
    ``fortschritt(fertig, gesamt)`` nach jedem fertigen Wert. Wird der Aufruf unterbrochen (der
    Stopp-Knopf im Notizbuch), fallen die noch nicht begonnenen Werte weg.

    Raises:
        ValueError: ``varianten`` und ``werte`` verschieden lang, oder ein Fehler der Begegnung
            (deutsche Meldung, auch aus einem Arbeitsprozess).
    """
    if len(varianten) != len(werte):
        raise ValueError(f"Für die Reihe braucht es je Wert eine Aufstellung ({len(werte)} Werte, "
                         f"{len(varianten)} Aufstellungen).")
    auftraege = [(system, list(v), anzahl, punkt_saat(saat, i), max_runden, taktik, optionen) for i, v in enumerate(varianten)]
    n = min(arbeiter if arbeiter is not None else arbeiter_zahl(), len(auftraege))
    ergebnisse: list[Auswertung | None] = [None] * len(auftraege)
    if n <= 1:
        for i, auftrag in enumerate(auftraege):
            ergebnisse[i] = _punkt(auftrag)
            if fortschritt is not None:
                fortschritt(i + 1, len(auftraege))
    else:
        with _pool(n) as pool:  # der Pool endet mit der Reihe (abgebrochen: sofort)
            nummeriert = pool.imap_unordered(_punkt_nummeriert, list(enumerate(auftraege)))
            for fertig, (i, daten) in enumerate(nummeriert, 1):
                ergebnisse[i] = _aus_daten(daten)
                if fortschritt is not None:
                    fortschritt(fertig, len(auftraege))
    return Reihe(feld, tuple(werte), tuple(a for a in ergebnisse if a is not None))


_POOLS: set[Any] = set()


def _punkt_nummeriert(nummer_auftrag: tuple[int, tuple[Any, ...]]) -> tuple[int, dict[str, Any]]:
    nummer, auftrag = nummer_auftrag
    return nummer, _punkt_im_prozess(auftrag)


@contextmanager
def _pool(n: int) -> Iterator[Any]:
    """Ein Pool mit ``n`` Arbeitsprozessen für eine Reihe (Startart „spawn“: sicher neben den
    Threads eines Notizbuch-Servers). Fertig: die Arbeiter enden; abgebrochen (Stopp-Knopf, Tab zu,
    Fehler): die Arbeiter werden sofort beendet – keiner rechnet weiter."""
    import multiprocessing

    pool = multiprocessing.get_context("spawn").Pool(n)
    if not _POOLS:
        atexit.register(_pools_schliessen)
    _POOLS.add(pool)
    try:
        yield pool
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()
        _POOLS.discard(pool)


def _pools_schliessen() -> None:
    for pool in list(_POOLS):
        pool.terminate()
        pool.join()
    _POOLS.clear()


def heldenseite(auswertung: Auswertung) -> str:
    """Die Seite der Helden in einer Auswertung: „Helden“, sonst eine Seite, die klein
    geschrieben so heißt (W100: „helden“), sonst die erste Seite (bzw. „Helden“ ohne Seiten)."""
    seiten = list(dict.fromkeys([*auswertung.seiten.values(), *(s for s in auswertung.sieg if s != UNENTSCHIEDEN)]))
    if "Helden" in seiten:
        return "Helden"
    return next((s for s in seiten if s.lower() == "helden"), seiten[0] if seiten else "Helden")


def gebuendelt(system: str) -> bool:
    """Ob das System eine gebündelte Maschine hat (``Regelsystem.gebuendelt``)."""
    rs = regelsystem.finden(system)
    return rs is not None and rs.gebuendelt


def standard_anzahl(system: str) -> int:
    """Voreingestellte Zahl der Kämpfe: 10 000 mit gebündelter Maschine, sonst 200 (der
    Ereignispfad schafft je nach Begegnung etwa 50–400 Kämpfe je Sekunde)."""
    return 10_000 if gebuendelt(system) else 200


def rechenhinweis(system: str) -> str:
    """Ein Satz Deutsch: wie genau und wie schnell die Simulation dieses Systems ist."""
    genau = "Je mehr Kämpfe, desto genauer (das 95-%-Intervall schrumpft mit der Wurzel der Anzahl)"
    if gebuendelt(system):
        return f"{genau}. Dieses System spielt alle Kämpfe gebündelt: 10 000 Kämpfe dauern etwa eine bis wenige Sekunden."
    return (f"{genau} – und desto länger die Rechnung: dieses System spielt Kampf für Kampf, eine große "
            "Begegnung braucht einige Sekunden je hundert Kämpfe.")


def _intervall_text(a: Auswertung, p: float) -> str:
    unten, oben = a.intervall(p)
    return f"{_prozent(p)} ({_prozent(unten)} bis {_prozent(oben)})"


def kaempfer_tabelle(auswertung: Auswertung) -> list[dict[str, str]]:
    """Je Kämpfer (Helden zuerst): Seite, Chance ausgeschaltet zu werden und zu sterben, je mit
    95-%-Intervall – Zeilen für eine Tabelle."""
    namen = list(auswertung.seiten) or sorted(set(auswertung.ausgeschaltet) | set(auswertung.tot))
    namen.sort(key=lambda n: (auswertung.seiten.get(n, "") != "Helden", auswertung.seiten.get(n, ""), n))
    return [
        {
            "Kämpfer": n,
            "Seite": auswertung.seiten.get(n, "–"),
            "ausgeschaltet": _intervall_text(auswertung, auswertung.ausgeschaltet.get(n, 0.0)),
            "tot": _intervall_text(auswertung, auswertung.tot.get(n, 0.0)),
        }
        for n in namen
    ]


def verbrauch_text(auswertung: Auswertung) -> str:
    """Verbrauchte Mittel je Kampf in einem Satz (oder ein Hinweis, dass sie nicht gezählt werden)."""
    if not auswertung.verbrauch:
        return ("Verbraucht wurde nichts, was die Simulation zählt: gezählt werden Bennies (Savage Worlds) "
                "und Flee (W100); Aloran und Zeitstrahl geben mit der gewählten Taktik nichts aus.")
    teile = [f"{name} {f'{wert:.2f}'.replace('.', ',')}" for name, wert in auswertung.verbrauch.items()]
    return "Verbraucht je Kampf im Mittel: " + "; ".join(teile) + "."


def reihe_text(r: Reihe, ziel: float = 0.75, schwellen: Schwellen = Schwellen(), seite: str = "Helden") -> str:
    """Die Antwort auf „wie viele Gegner für 75 % Heldensieg?“ samt Urteil je Wert, in Worten."""
    bester = r.hoechstens_fuer(ziel, seite)
    sicher = None
    for w, _, unten, _ in r.siegchancen(seite):
        if unten >= ziel:
            sicher = w
    if bester is None:
        antwort = f"Bei keinem Wert ({r.feld}) gewinnen die {_gross(seite)} in mindestens {_prozent(ziel)} der Kämpfe."
    else:
        antwort = f"Höchstens **{bester}** ({r.feld}) für mindestens {_prozent(ziel)} {_gross(seite)}sieg"
        antwort += f" (mit 95 % Sicherheit: {sicher})." if sicher is not None else " (mit 95 % Sicherheit: keiner)."
    urteile = ", ".join(f"{w}: {urteil(a, schwellen, seite).stufe}" for w, a in zip(r.werte, r.auswertungen))
    return f"{antwort} Urteil je Wert – {urteile}."
