"""Die Werte und der Zustand eines W100-Kampfes: Waffe, Effekt, Kämpfer, Kampf.

Unveränderliche Werte (regeln/w100.txt › Handlungen und Positionierung, Angriff und
Verteidigung) und die schnellen Bausteine, mit denen :func:`gm_helfer.w100.kampf.anwenden`
Folgezustände baut (:func:`_folgezustand`, :func:`_kaempfer_neu`), dazu das Speichern des
Startzustands im Protokollkopf. Ereignisse und ihre Anwendung stehen in
:mod:`gm_helfer.w100.kampf`.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from gm_helfer import text as _text
from gm_helfer import wuerfel
from gm_helfer.w100.angriff import (
    KritRegel,
    kampffaehig_nach_lp,
)
from gm_helfer.w100.daten import (
    INITIATIVE_KOSTEN,
    KATALYSATOR,
    NAHKAMPF,
    RUNDE_SEKUNDEN,
    SCHADENSARTEN,
    SEITEN,
    WAFFENARTEN,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler

SYSTEM = "w100"


def zahl(x: float) -> str:
    """Zahl mit Dezimalkomma, höchstens eine Nachkommastelle: ``10.44 → "10,4"``, ``6.0 → "6"``
    (:func:`gm_helfer.text.zahl` mit einer Stelle)."""
    return _text.zahl(x, 1)


def meter(x: float) -> str:
    """Meterangabe: ``10.44 → "10,4 m"``."""
    return f"{zahl(x)} m"


# --------------------------------------------------------------------------- Werte


@dataclass(frozen=True)
class Waffe:
    """Eine Waffe oder ein Katalysator eines Kämpfers (Bogen-Untertabelle ``waffen``)."""

    name: str
    art: str
    """``nahkampf``, ``fernkampf`` oder ``katalysator`` (Zauber mit Zaubermacht gegen magischen DB)."""
    ob: int
    """Offensivbonus mit dieser Waffe; bei Katalysatoren ein Bonus auf die Zaubermacht."""
    schaden: str
    """Schadenswurf, z. B. ``"2W10+4"``."""
    schadensart: str
    reichweite: float
    """Reichweite in Metern (Nahkampf üblich 1,5 m)."""
    patzerbereich: int = 5
    """Ein natürlicher Wurf bis hierher ist ein Fehlschlag (0 = kein Patzerbereich)."""
    krit: KritRegel = KritRegel()
    ausgeruestet: bool = True

    def __post_init__(self) -> None:
        if self.art not in WAFFENARTEN:
            raise W100Fehler(
                f"Waffe „{self.name}“: unbekannte Art „{self.art}“ "
                f"(möglich: {', '.join(WAFFENARTEN)})."
            )
        if self.schadensart not in SCHADENSARTEN:
            raise W100Fehler(
                f"Waffe „{self.name}“: unbekannte Schadensart „{self.schadensart}“ "
                f"(möglich: {', '.join(SCHADENSARTEN)})."
            )
        if not 0 <= self.patzerbereich <= 100:
            raise W100Fehler(
                f"Waffe „{self.name}“: Patzerbereich {self.patzerbereich} liegt nicht in 0–100."
            )
        if self.reichweite < 0:
            raise W100Fehler(f"Waffe „{self.name}“: Reichweite darf nicht negativ sein.")
        # wirft WuerfelFehler mit deutscher Meldung; gelesen gemerkt für jeden Schadenswurf
        self.__dict__["_ausdruck"] = wuerfel.parse(self.schaden)

    @property
    def ausdruck(self) -> wuerfel.Ausdruck:
        """Der gelesene Schadenswurf (:func:`gm_helfer.wuerfel.parse` von :attr:`schaden`), einmal
        je Waffe gelesen."""
        ausdruck = self.__dict__.get("_ausdruck")
        if ausdruck is None:
            ausdruck = self.__dict__["_ausdruck"] = wuerfel.parse(self.schaden)
        return ausdruck

    @property
    def magisch(self) -> bool:
        return self.art == KATALYSATOR


@dataclass(frozen=True)
class Effekt:
    """Ein zeitabhängiger Effekt, der zu Beginn jeder neuen Runde tickt.

    „dabei werden zeitabhängige Effekte verarbeitet“ (regeln/w100.txt › Initiative und
    Kampfrunde). ``lp_pro_runde`` < 0 ist Schaden (Brennen, Gift), > 0 Heilung.
    ``initiative_mod`` ändert den Initiativebonus, solange der Effekt wirkt („Fähigkeiten und
    Effekte können ihn verändern.“, ebenda) – er zählt beim nächsten Initiativewert, also zu
    Beginn der nächsten Runde (neu gewürfelt oder gespeichert), nicht mitten in der Runde.
    """

    name: str
    runden: int
    lp_pro_runde: int = 0
    initiative_mod: int = 0


@dataclass(frozen=True)
class Kaempfer:
    """Ein Beteiligter: Bogenwerte plus veränderlicher Kampfzustand."""

    name: str
    seite: str
    initiative_bonus: int
    db_physisch: int
    db_magisch: int
    zaubermacht: int
    flee_max: int
    lp_max: int
    waffen: tuple[Waffe, ...] = ()
    panzerung: tuple[tuple[str, int], ...] = ()
    """(Schadensart, Wert) – fehlende Arten zählen 0."""
    flee_regeneration: int = 0
    bewegung: float = 6.0
    """Meter je Bewegungshandlung."""
    # --- veränderlicher Zustand ---
    lp: int | None = None
    flee: int | None = None
    position: tuple[float, float] = (0.0, 0.0)
    initiative: int | None = None
    """Verbleibende Initiativepunkte (``None``: noch nicht gewürfelt)."""
    initiative_gespeichert: int | None = None
    """Der zu Kampfbeginn (oder zuletzt) gewürfelte Wert – die gespeicherte Reihenfolge."""
    initiative_wurf: int | None = None
    """Der Würfelanteil davon (W100, Lucky Seven schon eingerechnet), ohne den Bonus."""
    parade_gebunden: int = 0
    """Zur Parade beiseitegelegte Nahkampf-OB-Punkte; sie fehlen beim eigenen Angriff."""
    bewegungen: int = 0
    angriffshandlungen: int = 0
    waffen_in_aktion: tuple[str, ...] = ()
    """Waffen, die in der laufenden Angriffshandlung schon angegriffen haben."""
    zuege: int = 0
    """Züge in dieser Runde."""
    effekte: tuple[Effekt, ...] = ()
    ausgefallen: bool = False
    """Vom Spielleiter für kampfunfähig erklärt (nur ohne Gesundheitsmodell, ``Optionen.gesundheit="ohne"``)."""
    # --- Bogenwerte, die der Spielleiter im Kampf ändern kann (``handlungen_ereignis``) ---
    angriffshandlungen_je_zug: int | None = None
    """Angriffshandlungen je Zug dieses Kämpfers; ``None``: die Einstellung des Kampfes
    (``Optionen.angriffshandlungen_pro_zug``). „Welche und wie viele Handlungen du ausführen
    kannst, hängt von deinen Werten, Effekten und den Regeln der jeweiligen Handlung ab.“
    (regeln/w100.txt › Handlungen und Positionierung)"""
    bewegungen_je_zug: int | None = None
    """Bewegungshandlungen je Zug dieses Kämpfers; ``None``: ``Optionen.bewegungen_pro_zug``."""

    def __post_init__(self) -> None:
        if not self.name.strip():
            raise W100Fehler("Ein Kämpfer braucht einen Namen.")
        if self.seite not in SEITEN:
            raise W100Fehler(f"{self.name}: unbekannte Seite „{self.seite}“.")
        for feld in ("db_physisch", "db_magisch", "zaubermacht", "flee_max", "flee_regeneration"):
            if getattr(self, feld) < 0:
                raise W100Fehler(f"{self.name}: {feld} darf nicht negativ sein.")
        if self.lp_max < 1:
            raise W100Fehler(f"{self.name}: Lebenspunkte müssen mindestens 1 sein.")
        for feld in ("angriffshandlungen_je_zug", "bewegungen_je_zug"):
            if getattr(self, feld) is not None and getattr(self, feld) < 0:
                raise W100Fehler(f"{self.name}: Die Zahl der Handlungen je Zug darf nicht negativ sein.")
        if self.lp is None:
            object.__setattr__(self, "lp", self.lp_max)
        if self.flee is None:
            object.__setattr__(self, "flee", self.flee_max)

    def waffe(self, name: str) -> Waffe:
        for w in self.waffen:
            if w.name == name:
                return w
        raise W100Fehler(f"{self.name} hat keine Waffe „{name}“.")

    def panzerung_gegen(self, schadensart: str) -> int:
        for art, wert in reversed(self.panzerung):  # wie dict(panzerung): der letzte Eintrag gilt
            if art == schadensart:
                return wert
        return 0

    def kampffaehig(self, optionen: Optionen) -> bool:
        """Gesundheitsmodell (Annahme, ``Optionen.gesundheit``): LP über ``kampfunfaehig_ab``;
        ohne Modell ist jeder kampffähig, bis der Spielleiter anders entscheidet."""
        assert self.lp is not None
        if optionen.gesundheit == "ohne":
            return not self.ausgefallen
        return kampffaehig_nach_lp(self.lp, optionen)

    def angriffshandlungen_erlaubt(self, optionen: Optionen) -> int:
        """Wie viele Angriffshandlungen dieser Kämpfer je Zug hat: sein eigener Wert
        (:attr:`angriffshandlungen_je_zug`), sonst die Einstellung des Kampfes."""
        eigen = self.angriffshandlungen_je_zug
        return optionen.angriffshandlungen_pro_zug if eigen is None else eigen

    def bewegungen_erlaubt(self, optionen: Optionen) -> int:
        """Wie viele Bewegungshandlungen dieser Kämpfer je Zug hat (:attr:`bewegungen_je_zug`,
        sonst die Einstellung des Kampfes)."""
        eigen = self.bewegungen_je_zug
        return optionen.bewegungen_pro_zug if eigen is None else eigen

    @property
    def initiative_bonus_aktuell(self) -> int:
        """Initiativebonus des Bogens plus die Änderungen laufender Effekte."""
        if not self.effekte:
            return self.initiative_bonus
        return self.initiative_bonus + sum(e.initiative_mod for e in self.effekte)

    @property
    def initiative_naechste_runde(self) -> int | None:
        """Die Initiative zu Beginn der nächsten Runde mit gespeicherter Reihenfolge: derselbe Wurf
        plus der Bonus mit den laufenden Effekten (ohne Wurf: der gespeicherte Wert)."""
        if self.initiative_wurf is None:
            return self.initiative_gespeichert
        return self.initiative_wurf + self.initiative_bonus_aktuell

    @property
    def nahkampf_ob(self) -> int:
        """Höchster Nahkampf-OB der ausgerüsteten Nahkampfwaffen (0 ohne)."""
        return max((w.ob for w in self.waffen if w.ausgeruestet and w.art == NAHKAMPF), default=0)

    @property
    def parade_frei(self) -> int:
        """Nahkampf-OB, der noch zur Parade beiseitegelegt werden kann."""
        return max(0, self.nahkampf_ob - self.parade_gebunden)

    def angriffswert(self, waffe: Waffe) -> int:
        """OB für diese Waffe: Nahkampf abzüglich gebundener Parade, Katalysator = Zaubermacht.

        „Zum Wurf kommt der passende Offensivbonus oder die Zaubermacht hinzu“ und „die
        Zaubermacht übernimmt dabei die Rolle des magischen Angriffsbonus“.
        """
        if waffe.art == KATALYSATOR:
            return self.zaubermacht + waffe.ob
        if waffe.art == NAHKAMPF:
            return max(0, waffe.ob - self.parade_gebunden)
        return waffe.ob

    def db_gegen(self, waffe: Waffe) -> int:
        """„der passende Defensivbonus des Ziels“: magisch gegen Katalysatoren, sonst physisch."""
        return self.db_magisch if waffe.magisch else self.db_physisch

    @property
    def zuege_uebrig(self) -> int:
        """Wie viele Züge die verbleibende Initiative in dieser Runde noch trägt."""
        if self.initiative is None or self.initiative < 1:
            return 0
        return math.ceil(self.initiative / INITIATIVE_KOSTEN)


_UNBEKANNT = object()
"""Zwischenspeicher noch nicht gerechnet (für Werte, die auch ``None`` sein können)."""


@dataclass(frozen=True)
class Kampf:
    """Der ganze Kampfzustand (unveränderlich)."""

    kaempfer: tuple[Kaempfer, ...]
    optionen: Optionen = Optionen()
    runde: int = 0
    """0 = vor der Initiative; ab 1 die laufende Kampfrunde (je 3 Sekunden)."""
    am_zug: str | None = None
    vorrang: str | None = None
    """„Initiative Ergreifen“: dieser Beteiligte hat den ersten Zug."""
    zuege_gesamt: int = 0
    ergreifen_verzichtet: bool = False
    """„Initiative Ergreifen“ wurde geprüft und niemand ergreift sie (Ereignis ``ergreifen_verzicht``)."""

    def __post_init__(self) -> None:
        namen = [k.name for k in self.kaempfer]
        doppelt = sorted({n for n in namen if namen.count(n) > 1})
        if doppelt:
            raise W100Fehler(f"Namen müssen eindeutig sein: {', '.join(doppelt)} kommt mehrfach vor.")

    # Zwischenspeicher je Zustand (keine Felder: nicht in ==, repr oder als_dict); ``None`` heißt
    # „noch nicht gerechnet“ – der Eintrag im ``__dict__`` des Zustands überdeckt die Klasse.
    _index = None
    _stehend = None
    _naechster = _UNBEKANNT  # (``None`` ist hier eine gültige Antwort)
    _sieger = _UNBEKANNT

    def __getitem__(self, name: str) -> Kaempfer:
        try:
            return self.kaempfer[self._index[name]]  # type: ignore[index]
        except (KeyError, TypeError):  # Index noch nicht gebaut (None) oder unbekannter Name
            return self.kaempfer[self.platz(name)]

    def platz(self, name: str) -> int:
        """Der Platz des Beteiligten ``name`` in :attr:`kaempfer`.

        Der Index Name → Platz wird einmal je Aufstellung gebaut und im ``__dict__`` gemerkt;
        :func:`anwenden` reicht ihn an den Folgezustand weiter (:func:`_folgezustand`: Namen und
        Reihenfolge bleiben dort gleich), statt ihn für jeden Zustand neu zu bauen.
        """
        try:
            return self._index[name]  # type: ignore[index]
        except (KeyError, TypeError):  # unbekannter Name oder Index noch nicht gebaut (None)
            pass
        index = self._index
        if index is None:
            index = {}
            for i, k in enumerate(self.kaempfer):
                index.setdefault(k.name, i)
            self.__dict__["_index"] = index
            if name in index:
                return index[name]
        raise W100Fehler(f"Niemand namens „{name}“ nimmt am Kampf teil.")

    def kampffaehige(self) -> tuple[bool, ...]:
        """Je Platz in :attr:`kaempfer`: kampffähig? (:meth:`Kaempfer.kampffaehig`) – einmal je
        Zustand gerechnet und gemerkt; Ereignisse, die keine Lebenspunkte ändern, reichen es an
        den Folgezustand weiter (:func:`_folgezustand`). Heiße Stellen lesen
        ``kampf._stehend or kampf.kampffaehige()`` (ohne Methodenaufruf, wenn schon gerechnet)."""
        stehend = self._stehend
        if stehend is None:
            o = self.optionen
            stehend = self.__dict__["_stehend"] = tuple(k.kampffaehig(o) for k in self.kaempfer)
        return stehend

    def mit(self, neu: Kaempfer) -> Kampf:
        """Neuer Kampf, in dem der gleichnamige Kämpfer ersetzt ist (die Namen bleiben eindeutig:
        ``__post_init__`` braucht nicht erneut zu prüfen)."""
        i = self.platz(neu.name)
        return _folgezustand(self, self.kaempfer[:i] + (neu,) + self.kaempfer[i + 1:])

    @property
    def sekunden(self) -> int:
        """Vergangene Kampfzeit zu Beginn dieser Runde."""
        return max(0, self.runde - 1) * RUNDE_SEKUNDEN



# --------------------------------------------------------------------------- Folgezustände


def _kaempfer_neu(k: Kaempfer, **felder: Any) -> Kaempfer:
    """``k`` mit neuen Werten für ``felder`` – der häufigste Schritt eines simulierten Kampfes,
    darum ohne ``__init__`` und ``__post_init__`` (:func:`anwenden` ändert nur Felder, die es nicht
    prüft: Zustand, nie Name oder Seite) und ohne die Namensprüfung von
    :func:`gm_helfer.schnell.ersetzen_ohne_pruefung` (die Aufrufe hier nennen feste Felder)."""
    neu = object.__new__(Kaempfer)
    # ein fertiges dict zusammenfügen und einsetzen ist schneller als füllen (auch als copy + update)
    object.__setattr__(neu, "__dict__", {**k.__dict__, **felder})
    return neu


def _initiative_setzen(kampf: Kampf, werte: Mapping[str, Mapping[str, Any]]) -> Kampf:
    neu = []
    for k in kampf.kaempfer:
        if k.name in werte:
            w = int(werte[k.name]["wert"])
            neu.append(_kaempfer_neu(k, initiative=w, initiative_gespeichert=w,
                                     initiative_wurf=w - int(werte[k.name]["bonus"])))
        else:
            neu.append(_kaempfer_neu(k, initiative=k.initiative if k.initiative is not None else 0))
    return _folgezustand(kampf, tuple(neu))


def _lp_aendern(k: Kaempfer, aenderung: int) -> Kaempfer:
    assert k.lp is not None
    return _kaempfer_neu(k, lp=min(k.lp_max, k.lp + aenderung))


def _folgezustand(kampf: Kampf, kaempfer: tuple[Kaempfer, ...], stehend: tuple[bool, ...] | None = None,
                  **felder: Any) -> Kampf:
    """Der Zustand nach einem Ereignis, das Beteiligte nur an ihrem Platz ersetzt (Namen und
    Reihenfolge bleiben, ``__post_init__`` braucht nicht erneut zu prüfen): eine Kopie statt
    einer je Änderung. Der Namensindex (:meth:`Kampf.platz`) geht mit; die Kampffähigkeit je
    Platz (:meth:`Kampf.kampffaehige`) nur, wenn ``stehend`` sie angibt – sonst wird sie bei
    Bedarf neu gerechnet –, der Sieger (:func:`sieger`) nur, wenn ``stehend`` dasselbe Tupel
    ist wie vorher. Nicht für neue Optionen (sie ändern, wer kampffähig ist)."""
    d = {**kampf.__dict__, "kaempfer": kaempfer, **felder}  # ein dict auf einmal (statt copy + update)
    d.pop("_naechster", None)
    if stehend is not d.get("_stehend"):
        d.pop("_sieger", None)  # wer gewonnen hat, hängt nur davon ab, wer steht
        if stehend is None:
            del d["_stehend"]
        else:
            d["_stehend"] = stehend
    elif stehend is None:
        d.pop("_sieger", None)
    neu = object.__new__(Kampf)
    object.__setattr__(neu, "__dict__", d)
    return neu


def _ersetzt(folge: tuple[Any, ...], i: int, neu: Any) -> tuple[Any, ...]:
    """``folge`` mit ``neu`` an Platz ``i``."""
    liste = list(folge)  # über eine Liste: schneller als zwei Scheiben und zwei Verkettungen
    liste[i] = neu
    return tuple(liste)


def _mit(kampf: Kampf, k: Kaempfer, stehend: tuple[bool, ...] | None = None, **felder: Any) -> Kampf:
    """Der Folgezustand, in dem ``k`` den gleichnamigen Beteiligten ersetzt (:func:`_folgezustand`)."""
    return _folgezustand(kampf, _ersetzt(kampf.kaempfer, kampf.platz(k.name), k), stehend, **felder)


# --------------------------------------------------------------------------- Speichern


def kampf_als_dict(kampf: Kampf) -> dict[str, Any]:
    """JSON-taugliche Form des Startzustands (für den Protokollkopf)."""
    def waffe(w: Waffe) -> dict[str, Any]:
        return {"name": w.name, "art": w.art, "ob": w.ob, "schaden": w.schaden,
                "schadensart": w.schadensart, "reichweite": w.reichweite,
                "patzerbereich": w.patzerbereich, "krit_art": w.krit.art,
                "krit_wert": w.krit.wert, "krit_faktor": w.krit.faktor,
                "ausgeruestet": w.ausgeruestet}

    def kaempfer(k: Kaempfer) -> dict[str, Any]:
        d = {
            "name": k.name, "seite": k.seite, "initiative_bonus": k.initiative_bonus,
            "db_physisch": k.db_physisch, "db_magisch": k.db_magisch,
            "zaubermacht": k.zaubermacht, "flee_max": k.flee_max, "lp_max": k.lp_max,
            "waffen": [waffe(w) for w in k.waffen], "panzerung": dict(k.panzerung),
            "flee_regeneration": k.flee_regeneration, "bewegung": k.bewegung,
            "lp": k.lp, "flee": k.flee, "position": list(k.position),
            "initiative": k.initiative, "initiative_gespeichert": k.initiative_gespeichert,
            "initiative_wurf": k.initiative_wurf,
            "parade_gebunden": k.parade_gebunden, "ausgefallen": k.ausgefallen,
            "effekte": [{"name": e.name, "runden": e.runden, "lp_pro_runde": e.lp_pro_runde,
                         "initiative_mod": e.initiative_mod}
                        for e in k.effekte],
        }
        # nur wenn gesetzt: Köpfe ohne eigene Handlungszahlen bleiben, wie sie waren
        for feld in ("angriffshandlungen_je_zug", "bewegungen_je_zug"):
            if getattr(k, feld) is not None:
                d[feld] = getattr(k, feld)
        return d

    return {"kaempfer": [kaempfer(k) for k in kampf.kaempfer],
            "optionen": kampf.optionen.als_dict(), "runde": kampf.runde}


def _zahl_oder_nichts(wert: Any) -> int | None:
    return None if wert is None else int(wert)


def kampf_aus_dict(daten: Mapping[str, Any]) -> Kampf:
    """Gegenstück zu :func:`kampf_als_dict` (baut den Startzustand aus dem Protokollkopf)."""
    kaempfer = []
    for k in daten["kaempfer"]:
        waffen = tuple(
            Waffe(name=w["name"], art=w["art"], ob=int(w["ob"]), schaden=w["schaden"],
                  schadensart=w["schadensart"], reichweite=float(w["reichweite"]),
                  patzerbereich=int(w["patzerbereich"]),
                  krit=KritRegel(w["krit_art"], int(w["krit_wert"]), int(w["krit_faktor"])),
                  ausgeruestet=bool(w["ausgeruestet"]))
            for w in k["waffen"]
        )
        kaempfer.append(Kaempfer(
            name=k["name"], seite=k["seite"], initiative_bonus=int(k["initiative_bonus"]),
            db_physisch=int(k["db_physisch"]), db_magisch=int(k["db_magisch"]),
            zaubermacht=int(k["zaubermacht"]), flee_max=int(k["flee_max"]),
            lp_max=int(k["lp_max"]), waffen=waffen,
            panzerung=tuple((str(a), int(v)) for a, v in k["panzerung"].items()),
            flee_regeneration=int(k["flee_regeneration"]), bewegung=float(k["bewegung"]),
            lp=k["lp"], flee=k["flee"], position=(float(k["position"][0]), float(k["position"][1])),
            initiative=k["initiative"], initiative_gespeichert=k["initiative_gespeichert"],
            initiative_wurf=k.get("initiative_wurf"),
            parade_gebunden=int(k["parade_gebunden"]), ausgefallen=bool(k.get("ausgefallen", False)),
            effekte=tuple(Effekt(e["name"], int(e["runden"]), int(e["lp_pro_runde"]),
                                 int(e.get("initiative_mod", 0)))
                          for e in k["effekte"]),
            angriffshandlungen_je_zug=_zahl_oder_nichts(k.get("angriffshandlungen_je_zug")),
            bewegungen_je_zug=_zahl_oder_nichts(k.get("bewegungen_je_zug")),
        ))
    return Kampf(kaempfer=tuple(kaempfer), optionen=Optionen.aus_dict(daten.get("optionen")),
                 runde=int(daten.get("runde", 0)))


def neuer_kampf(kaempfer: Iterable[Kaempfer], optionen: Optionen = Optionen()) -> Kampf:
    """Ein neuer Kampf vor der Initiative."""
    return Kampf(kaempfer=tuple(kaempfer), optionen=optionen)
