"""Exakte Chancen für Aloran: Pools, Patzer, Vergleichswurf, Trefferzonen, Schadensfolgen.

Alle Chancen werden exakt mit Brüchen gerechnet und erst am Ende zu ``float``. Sie nutzen
dieselben Auswertungsfunktionen wie der Kampf (:mod:`.proben`, :mod:`.angriff`,
:mod:`.wunden`): ein W10-Pool wird über die Zahl der Würfel je Art (Eins, Fehlschlag,
Erfolg, Null) aufgezählt (Multinomialverteilung), jede Art mit einem Vertreter-Auge durch
:func:`~.proben.netto_erfolge` ausgewertet.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from math import comb, factorial
from types import MappingProxyType

from gm_helfer import chancen as chancen_kern

from .angriff import Lage, ausdauerschaden, trefferschaden, vergleich_auswerten
from .daten import GRUNDSCHWIERIGKEIT, KATEGORIEN, ZONEN, ZONEN_SCHLUESSEL
from .optionen import Optionen
from .proben import (
    MINDESTERFOLGE,
    ist_meistertreffer,
    netto_erfolge,
    patzerstufe,
    pruefe_anzahl,
    pruefe_schwierigkeit,
    vergleich,
)
from .werte import Angriffsart, Kampfwerte
from .wunden import kampfunfaehig, verletzungsstufe, wehrlos, wunden_hinzu

ZEHNTEL = Fraction(1, 10)


@lru_cache(maxsize=4096)
def verbund(wuerfel: int, schwierigkeit: int = GRUNDSCHWIERIGKEIT) -> Mapping[tuple[int, int], Fraction]:
    """Exakte gemeinsame Verteilung ``(netto_erfolge, einser) -> P`` eines W10-Pools."""
    pruefe_anzahl(wuerfel)
    pruefe_schwierigkeit(schwierigkeit)
    # Arten: Eins, Niete (2..s-1), Erfolg (s..9), Null (10) – je mit Vertreter-Auge und Zahl der Seiten
    arten = ((1, 1), (2, schwierigkeit - 2), (schwierigkeit, 10 - schwierigkeit), (10, 1))
    arten = tuple((auge, seiten) for auge, seiten in arten if seiten > 0)
    zaehler: dict[tuple[int, int], int] = defaultdict(int)
    for anzahlen in _aufteilungen(wuerfel, len(arten)):
        gewicht = factorial(wuerfel)  # Multinomialkoeffizient × Seiten je Art, ganzzahlig
        augen: list[int] = []
        for (auge, _), k in zip(arten, anzahlen):
            gewicht //= factorial(k)
            augen.extend([auge] * k)
        for (_, seiten), k in zip(arten, anzahlen):
            gewicht *= seiten ** k
        netto = netto_erfolge(augen, schwierigkeit)
        zaehler[(netto, augen.count(1))] += gewicht
    gesamt = 10 ** wuerfel
    return MappingProxyType({k: Fraction(n, gesamt) for k, n in zaehler.items()})


def _aufteilungen(n: int, teile: int):
    if teile == 1:
        yield (n,)
        return
    for k in range(n + 1):
        for rest in _aufteilungen(n - k, teile - 1):
            yield (k,) + rest


@lru_cache(maxsize=4096)
def netto_verteilung(wuerfel: int, schwierigkeit: int = GRUNDSCHWIERIGKEIT) -> Mapping[int, Fraction]:
    """Exakte Verteilung der Netto-Erfolge (nie unter 0)."""
    vert: dict[int, Fraction] = defaultdict(Fraction)
    for (netto, _), p in verbund(wuerfel, schwierigkeit).items():
        vert[netto] += p
    return MappingProxyType(dict(sorted(vert.items())))


@dataclass(frozen=True)
class PoolChancen:
    """Chancen eines W10-Pools."""

    wuerfel: int
    schwierigkeit: int
    verteilung: Mapping[int, float]
    """Netto-Erfolge (nie unter 0) → Wahrscheinlichkeit."""
    gelingt: float
    """P(Netto-Erfolge ≥ 2)."""
    mittelwert: float


def pool_chancen(wuerfel: int, schwierigkeit: int = GRUNDSCHWIERIGKEIT) -> PoolChancen:
    """Chancen eines Pools von ``wuerfel`` W10 gegen ``schwierigkeit``.

    SPIELABLAUF › ERFOLGE (E). Exakt; ``verteilung`` summiert zu 1.

    >>> round(pool_chancen(wuerfel=2, schwierigkeit=7).gelingt, 4)   # 0,3² + 0,01 + 2·0,1·0,8
    0.26
    """
    exakt = netto_verteilung(wuerfel, schwierigkeit)
    gelingt = sum((p for n, p in exakt.items() if n >= MINDESTERFOLGE), Fraction(0))
    mittel = sum((n * p for n, p in exakt.items()), Fraction(0))
    return PoolChancen(wuerfel, schwierigkeit, MappingProxyType({n: float(p) for n, p in exakt.items()}),
                       float(gelingt), float(mittel))


def patzer_chance(wuerfel: int, talentstufe: int) -> float:
    """P(Zahl der Einser ≥ Talentstufe) – Binomialverteilung mit p = 1/10.

    SPIELABLAUF › Patzer. Talentstufe 0 zählt wie 1 (siehe :func:`~.proben.patzerstufe`).

    >>> round(patzer_chance(wuerfel=5, talentstufe=1), 5)   # 1 − 0,9⁵
    0.40951
    """
    pruefe_anzahl(wuerfel)
    k_min = patzerstufe(talentstufe)
    return float(sum((comb(wuerfel, k) * ZEHNTEL ** k * (1 - ZEHNTEL) ** (wuerfel - k)
                      for k in range(k_min, wuerfel + 1)), Fraction(0)))


def meister_chance(wuerfel: int, talentstufe: int, schwierigkeit: int = GRUNDSCHWIERIGKEIT,
                   optionen: Optionen = Optionen()) -> float:
    """P(Meistertreffer) eines Pools: Netto-Erfolge über 10 − Talentstufe."""
    return float(sum((p for n, p in netto_verteilung(wuerfel, schwierigkeit).items()
                      if ist_meistertreffer(n, talentstufe, optionen)), Fraction(0)))


@dataclass(frozen=True)
class VergleichChancen:
    """Chancen der fünf Ergebnisse eines Vergleichswurfs (summieren zu 1)."""

    verfehlt: float
    streiftreffer: float
    treffer: float
    schwerer_treffer: float
    toedlicher_treffer: float

    def als_dict(self) -> dict[str, float]:
        return {k: getattr(self, k) for k in KATEGORIEN}

    @property
    def trifft(self) -> float:
        """P(mindestens Streiftreffer)."""
        return 1.0 - self.verfehlt


def vergleich_chancen(
    angriff: int,
    verteidigung: int,
    schwierigkeit_angriff: int = GRUNDSCHWIERIGKEIT,
    schwierigkeit_verteidigung: int = GRUNDSCHWIERIGKEIT,
    optionen: Optionen = Optionen(),
) -> VergleichChancen:
    """Chancen von Attacke (``angriff`` W10) gegen Parade (``verteidigung`` W10).

    SPIELABLAUF › Vergleichswurf: allein die Differenz der Netto-Erfolge entscheidet
    (Option ``angriff_braucht_zwei_erfolge``).
    """
    a = netto_verteilung(angriff, schwierigkeit_angriff)
    v = netto_verteilung(verteidigung, schwierigkeit_verteidigung)
    summe: dict[str, Fraction] = {k: Fraction(0) for k in KATEGORIEN}
    for na, pa in a.items():
        for nv, pv in v.items():
            summe[vergleich(na, nv, optionen)] += pa * pv
    return VergleichChancen(**{k: float(p) for k, p in summe.items()})


@dataclass(frozen=True)
class AngriffChancen:
    """Der ganze Ausgang einer Attacke gegen eine Parade, samt Patzern und Meistertreffern."""

    kategorien: VergleichChancen
    angriff_patzer: float
    angriff_meister: float
    verteidigung_patzer: float
    verteidigung_meister: float
    exakt: Mapping[str, Fraction]
    """Die Kategorien als Brüche (für die Schadenschancen)."""
    exakt_meister: Mapping[str, Fraction] = field(default_factory=lambda: MappingProxyType({}))
    """P(Kategorie und Meistertreffer des Angreifers) als Brüche – für den W6-Bonus-Schaden."""
    exakt_sonder: Mapping[tuple[str, bool, bool], Fraction] = field(default_factory=lambda: MappingProxyType({}))
    """P(Kategorie, Meistertreffer des Angreifers, Patzer des Verteidigers) – alles, was den
    Schaden beim Ziel ändert (für :func:`folgen_chancen`)."""


@lru_cache(maxsize=4096)
def _seite(wuerfel: int, schwierigkeit: int, talentstufe: int) -> tuple[tuple[int, int, Fraction], ...]:
    """Eine Seite des Vergleichs, zusammengefasst auf ``(netto, vertreter_einser, P)``.

    Für Patzer zählt nur, ob die Einser die Patzerstufe erreichen; ``vertreter_einser`` ist
    dafür 0 oder die Patzerstufe. So bleibt :func:`~.angriff.vergleich_auswerten` die einzige
    Stelle der Regel, und es gibt nur wenige Paare auszuwerten.
    """
    stufe = patzerstufe(talentstufe)
    zusammen: dict[tuple[int, int], Fraction] = defaultdict(Fraction)
    for (netto, einser), p in verbund(wuerfel, schwierigkeit).items():
        zusammen[(netto, stufe if einser >= stufe else 0)] += p
    return tuple((n, e, p) for (n, e), p in sorted(zusammen.items()))


@lru_cache(maxsize=1024)
def angriff_chancen(lage_: Lage, optionen: Optionen = Optionen(), *, verteidigt: bool = True) -> AngriffChancen:
    """Exakte Chancen des Austauschs, mit denselben Regeln wie :func:`~.angriff.vergleich_auswerten`."""
    a = _seite(lage_.angriff_pool, lage_.angriff_schwierigkeit, lage_.angriff_talentstufe)
    v = _seite(lage_.verteidigung_pool if verteidigt else 0, lage_.verteidigung_schwierigkeit,
               lage_.verteidigung_talentstufe)
    kat: dict[str, Fraction] = {k: Fraction(0) for k in KATEGORIEN}
    kat_meister: dict[str, Fraction] = {k: Fraction(0) for k in KATEGORIEN}
    sonder: dict[tuple[str, bool, bool], Fraction] = defaultdict(Fraction)
    flags = defaultdict(Fraction)
    for na, ea, pa in a:
        for nv, ev, pv in v:
            e = vergleich_auswerten(na, ea, nv, ev, lage_, optionen, verteidigt=verteidigt)
            p = pa * pv
            kat[e.kategorie] += p
            if e.angriff_meister:
                kat_meister[e.kategorie] += p
            sonder[(e.kategorie, e.angriff_meister, e.verteidigung_patzer)] += p
            for name in ("angriff_patzer", "angriff_meister", "verteidigung_patzer", "verteidigung_meister"):
                if getattr(e, name):
                    flags[name] += p
    return AngriffChancen(
        VergleichChancen(**{k: float(p) for k, p in kat.items()}),
        float(flags["angriff_patzer"]), float(flags["angriff_meister"]),
        float(flags["verteidigung_patzer"]), float(flags["verteidigung_meister"]),
        MappingProxyType(kat),
        MappingProxyType(kat_meister),
        MappingProxyType(dict(sonder)),
    )


def zonen_chancen() -> dict[str, float]:
    """P(Trefferzone) beim W20 der Trefferzonen-Tabelle, nach Anzeigename."""
    return {z.name: z.flaechen / 20 for z in ZONEN}


FOLGEN = ("kein Treffer", "keine Wunde", "Wunden", "schlimmere Verletzung", "wehrlos", "kampfunfähig")
"""Ausgänge für die Schadenschancen, vom harmlosesten zum schlimmsten (schließen sich aus)."""
FOLGEN_AUSDAUER = ("kein Treffer", "Ausdauer verloren", "bewusstlos")
FOLGEN_GEISTIG = ("widersteht", "Zauber wirkt")
"""Geistige Zauber machen keinen Schaden: sie wirken oder nicht."""


def folgen_chancen(
    kategorien: Mapping[str, Fraction],
    angriff: Angriffsart,
    ziel: Kampfwerte,
    wunden: tuple[int, ...],
    *,
    initiative: int | None = None,
    ausdauer: int | None = None,
    halbiert: bool = False,
    optionen: Optionen = Optionen(),
    meister: Mapping[str, Fraction] | None = None,
    sonder: Mapping[tuple[str, bool, bool], Fraction] | None = None,
) -> dict[str, float]:
    """Was die Attacke diesem Ziel antut, exakt über Kategorie × Trefferzone × Schadenswurf.

    Es zählt der schlimmste Ausgang: kampfunfähig (Kopf/Torso über der 3. Schwelle) vor
    wehrlos (Initiative durch Wunden auf 0) vor „schlimmere Verletzung“ (höhere Zeile der
    Wundtabelle) vor „Wunden“ (Wunden ohne neue Zeile) vor „keine Wunde“ (Rüstung hält).
    Waffenlos: Ausdauerverlust, bewusstlos bei 0 Ausdauer. Geistige Zauber: wirkt oder nicht.

    ``meister`` (:attr:`AngriffChancen.exakt_meister`): P(Kategorie und Meistertreffer). Dann
    ist der W6-Bonus-Schaden eingerechnet – SPIELABLAUF › Meistertreffer: „1-2 W6
    Bonus-Schaden beim Gegner“, also mit Wahrscheinlichkeit 2/6 ein W6 mehr (vor dem Faktor,
    wie im Kampf). Ohne ``meister`` bleibt er außen vor.

    ``sonder`` (:attr:`AngriffChancen.exakt_sonder`): P(Kategorie, Meistertreffer des
    Angreifers, Patzer des Verteidigers) – ersetzt ``meister`` und rechnet zusätzlich den
    Patzer des Ziels ein: „1-2 W6 Schaden erhalten“ in einer W20-Zone, Rüstung zählt (wie im
    Kampf). Ein Treffer, der verfehlt, kann das Ziel so trotzdem verwunden. Nicht eingerechnet:
    die ältere Patzertabelle (Option) und Patzer bei waffenlosen Angriffen (Ausdauer-Ausgänge).
    """
    treffer = {k: p for k, p in kategorien.items() if k != "verfehlt" and p > 0}
    daneben = float(kategorien.get("verfehlt", Fraction(0)))
    if angriff.wirkung == "geistig":
        return {"widersteht": daneben, "Zauber wirkt": float(sum(treffer.values(), Fraction(0)))}
    meister = dict(meister or {})
    if sonder is not None and not meister:
        for (kat, mit_meister, _), p in sonder.items():
            if mit_meister:
                meister[kat] = meister.get(kat, Fraction(0)) + p
    if angriff.schadensart == "Ausdauer":
        rest = ziel.ausdauer if ausdauer is None else ausdauer
        return _ausdauer_folgen(treffer, daneben, meister, angriff.schaden_text, rest, optionen)
    if sonder is None:
        sonder = {}
        for kat, pk in kategorien.items():
            pm = meister.get(kat, Fraction(0))
            sonder[(kat, False, False)] = pk - pm
            sonder[(kat, True, False)] = pm
    return _wunden_folgen(sonder, angriff.schaden_text, ziel, tuple(wunden), initiative, halbiert, optionen)


def _ausdauer_folgen(treffer: Mapping[str, Fraction], daneben: float, meister: Mapping[str, Fraction],
                     schaden_text: str, rest: int, optionen: Optionen) -> dict[str, float]:
    """:func:`folgen_chancen` waffenlos: Ausdauerverlust, bewusstlos bei 0 Ausdauer (``rest``)."""
    schadens_vert = chancen_kern.verteilung(schaden_text)
    mit_bonus = _plus_w6(schadens_vert)

    def schadensfaelle(kat: str, pk: Fraction):
        """(Wahrscheinlichkeit, Schadensverteilung) je Kategorie: ohne und mit Meister-Bonus."""
        p_bonus = meister.get(kat, Fraction(0)) * Fraction(2, 6)
        yield float(pk - p_bonus), schadens_vert
        if p_bonus:
            yield float(p_bonus), mit_bonus

    out = {k: 0.0 for k in FOLGEN_AUSDAUER}
    out["kein Treffer"] = daneben
    for kat, pk in treffer.items():
        for pf, vert in schadensfaelle(kat, pk):
            for summe, ps in vert.items():
                verlust = ausdauerschaden(summe, kat, optionen)
                key = "bewusstlos" if verlust >= rest else ("Ausdauer verloren" if verlust else "kein Treffer")
                out[key] += pf * ps
    return out


def _patzer_wunden(ruestung: tuple[int, ...]) -> dict[tuple[str | None, int], float]:
    """(Zone, neue Wunden) → P des eigenen Patzerschadens des Ziels („1-2 W6 Schaden erhalten“)."""
    patzer_wunden: dict[tuple[str | None, int], float] = defaultdict(float)
    patzer_wunden[(None, 0)] = 4 / 6  # W6 3–6: kein Schaden
    for zone in ZONEN:
        r = ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)]
        for w6 in range(1, 7):
            neu = max(0, w6 - r)
            patzer_wunden[(zone.schluessel, neu) if neu else (None, 0)] += 2 / 6 / 6 * zone.flaechen / 20
    return patzer_wunden


def _wunden_folgen(sonder: Mapping[tuple[str, bool, bool], Fraction], schaden_text: str, ziel: Kampfwerte,
                   wunden_t: tuple[int, ...], initiative: int | None, halbiert: bool,
                   optionen: Optionen) -> dict[str, float]:
    """:func:`folgen_chancen` mit Wunden: je (Kategorie, Meistertreffer, Patzer des Ziels) über
    Trefferzone × Schadenswurf (× Patzerschaden) eingeordnet."""
    ko = ziel.konstitution
    ruestung = tuple(ziel.ruestung)
    patzer_wunden = _patzer_wunden(ruestung)
    ohne_patzer = {(None, 0): 1.0}
    out = {k: 0.0 for k in FOLGEN}
    for (kat, mit_meister, patzer), p in sonder.items():
        if not p:
            continue
        pw = patzer_wunden if patzer and not optionen.alte_patzertabelle else ohne_patzer
        fp, getroffen = float(p), kat != "verfehlt"
        for t, pt in _treffer_wunden(kat, mit_meister, schaden_text, ruestung, optionen, halbiert).items():
            gewicht = fp * pt
            for f, pf in pw.items():
                out[_folge_einordnen(t, f, getroffen, wunden_t, ko, initiative)] += gewicht * pf
    return out


# Die Einordnung eines Treffers hängt nicht von den Chancen der Attacke ab: zwischengespeichert
# über die Aufrufe hinweg, damit ein geänderter Modifikator nur die Attacke neu rechnet.


@lru_cache(maxsize=4096)
def _treffer_wunden(kat: str, mit_meister: bool, schaden_text: str, ruestung: tuple[int, ...], optionen: Optionen,
                    halbiert: bool) -> Mapping[tuple[str | None, int], float]:
    """(Zone, neue Wunden) → P eines Treffers dieser Kategorie (mit Meistertreffer: 2/6 Bonus)."""
    if kat == "verfehlt":
        return MappingProxyType({(None, 0): 1.0})
    schadens_vert = chancen_kern.verteilung(schaden_text)
    faelle = [(1.0, schadens_vert)] if not mit_meister else [(4 / 6, schadens_vert), (2 / 6, _plus_w6(schadens_vert))]
    out_t: dict[tuple[str | None, int], float] = defaultdict(float)
    for (pf, vert), zone in ((fall, z) for fall in faelle for z in ZONEN):
        r = ruestung[ZONEN_SCHLUESSEL.index(zone.schluessel)]
        for summe, ps in vert.items():
            _, neu = trefferschaden(summe, kat, r, optionen, halbiert=halbiert)
            out_t[(zone.schluessel, neu) if neu else (None, 0)] += pf * ps * zone.flaechen / 20
    return MappingProxyType(dict(out_t))


@lru_cache(maxsize=65536)
def _folge_einordnen(treffer_: tuple[str | None, int], patzer_: tuple[str | None, int], getroffen: bool,
                     wunden: tuple[int, ...], ko: int, initiative: int | None) -> str:
    """Der schlimmste Ausgang eines Treffers (und Patzerschadens) für ein Ziel mit ``wunden``."""
    nachher = wunden
    for zone, neu in (treffer_, patzer_):
        if zone is not None and neu:
            nachher = wunden_hinzu(nachher, zone, neu)
    if nachher == wunden:
        return "keine Wunde" if getroffen else "kein Treffer"
    return _folge_schwere(tuple(nachher), wunden, ko, initiative)


@lru_cache(maxsize=65536)
def _folge_schwere(nachher: tuple[int, ...], wunden: tuple[int, ...], ko: int, initiative: int | None) -> str:
    if kampfunfaehig(nachher, ko) and not kampfunfaehig(wunden, ko):
        return "kampfunfähig"
    if wehrlos(initiative, nachher, ko) and not wehrlos(initiative, wunden, ko):
        return "wehrlos"
    if verletzungsstufe(nachher, ko) > verletzungsstufe(wunden, ko):
        return "schlimmere Verletzung"
    return "Wunden"


def _plus_w6(vert: Mapping[int, float]) -> dict[int, float]:
    """Verteilung von ``vert`` plus einem W6 (Faltung)."""
    out: dict[int, float] = defaultdict(float)
    for summe, p in vert.items():
        for w6 in range(1, 7):
            out[summe + w6] += p / 6
    return dict(out)
