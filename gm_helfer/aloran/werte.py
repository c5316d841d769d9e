"""Kampfwerte eines Charakters: Initiative, Bewegung, Angriffs- und Verteidigungspools.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, Bewegungsaktion,
Verteidigungsaktion, Standard-Attacke/-Parade, Kampfattribut, Waffen-Spezialisierung,
Waffenloser Nahkampf, ZAUBER-ATTACKE.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields
from fractions import Fraction
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.boegen_kern import FesteZuordnung  # nicht gm_helfer.boegen: das lädt tomlkit
from gm_helfer.schnell import einmal_je_objekt, je_objekt, nach_namen

from .daten import (
    BEWEGUNG_GRUNDWERT,
    KAMPFATTRIBUT,
    MAGIEATTRIBUT,
    MANOEVER_ARTEN,
    SCHADENSARTEN,
    SCHILDE,
    SPEZIALISIERUNG_ANZEIGE,
    WAFFEN_SPEZIALISIERUNGEN,
    WAFFENLOS,
    WAFFENLOS_SCHADEN,
    WILLENSKRAFT_ATTRIBUT,
    ZAUBERWIRKUNGEN,
    ZONEN,
)
from .proben import AloranFehler

ATTRIBUTE = (
    "aufmerksamkeit", "gewandtheit", "instinkt", "athletik", "geschick", "wahrnehmung",
    "koerperbeherrschung", "konstitution", "mut", "intuition", "klugheit", "willenskraft",
)
ATTRIBUT_ANZEIGE = {
    "aufmerksamkeit": "Aufmerksamkeit", "gewandtheit": "Gewandtheit", "instinkt": "Instinkt",
    "athletik": "Athletik", "geschick": "Geschick", "wahrnehmung": "Wahrnehmung",
    "koerperbeherrschung": "Körperbeherrschung", "konstitution": "Konstitution", "mut": "Mut",
    "intuition": "Intuition", "klugheit": "Klugheit", "willenskraft": "Willenskraft",
}
SPEZIALISIERUNGEN = tuple(WAFFEN_SPEZIALISIERUNGEN) + ("faust",)


@dataclass(frozen=True)
class Waffe:
    """Eine Waffe vom Bogen."""

    name: str
    spezialisierung: str
    schadensart: str
    schaden: str


@dataclass(frozen=True)
class Zauber:
    """Eine Zauber-Spezialisierung: Zauberattacke (physisch oder geistig) oder Paradezauber."""

    name: str
    klasse: str
    stufe: int
    schaden: str
    schadensart: str
    wirkung: str = "physisch"
    """"physisch" (Schaden, man kann ausweichen), "geistig" (Beeinflussung, Willenskraft wehrt ab)
    oder "Paradezauber" (wehrt ab, greift nicht an)."""


@dataclass(frozen=True)
class Manoever:
    """Eine kostenpflichtige Kampf-Spezialisierung, mit einer Waffe des Bogens geführt.

    SPIELABLAUF › Standard-Attacke/-Parade: „Werden keine kostenpflichtigen
    Klassen-Spezialisierungen eingesetzt, errechnen sich die Punkte für die kostenfreie
    „Standard-Attacke/-Parade“ wie folgt“ – ein Manöver würfelt also mit seiner eigenen Stufe
    statt der Waffen-Spezialisierung. ``text`` ist seine Wirkung aus der Spezialisierungsliste
    (sie steht nicht im Regeltext und kommt ins Protokoll).
    """

    name: str
    art: str
    """"Attacke" oder "Parade" („Diese sind als „Parade“ gekennzeichnet.“)."""
    waffe: str
    """Name der Waffe (oder "waffenlos")."""
    stufe: int
    text: str = ""


@dataclass(frozen=True)
class Kampfwerte:
    """Alles, was der Kampf vom Bogen braucht (unveränderlich, JSON-fähig über ``als_dict``)."""

    name: str
    seite: str = "Gegner"
    attribute: Mapping[str, int] = field(default_factory=dict)
    spezialisierungen: Mapping[str, int] = field(default_factory=dict)
    waffen: tuple[Waffe, ...] = ()
    zauber: tuple[Zauber, ...] = ()
    manoever: tuple[Manoever, ...] = ()
    ruestung: tuple[int, ...] = (0,) * len(ZONEN)
    ruestungsbehinderung: int = 0
    schild: str = "kein"
    ausdauer: int = 12
    zweitwaffe: bool = False
    initiative_modifikator: int = 0
    bewegung_modifikator: int = 0
    kampfgespuer: bool = False
    """Allgemeine Regeln › 1. Phase, Beispiele für individuelle Modifikatoren: „Kampfgespür:
    ignoriert negative situative Modifikatoren“ – das Beispiel dort ist „Hinterhalt: W10 Wurf entfällt“."""

    def __post_init__(self) -> None:
        for a in ATTRIBUTE:
            wert = self.attribute.get(a)
            if not isinstance(wert, int) or isinstance(wert, bool) or not 0 <= wert <= 5:
                raise AloranFehler(f"{self.name}: Attribut {ATTRIBUT_ANZEIGE[a]} muss 0 bis 5 sein, nicht „{wert}“.")
        if self.attribute["konstitution"] < 1:
            raise AloranFehler(f"{self.name}: Konstitution muss mindestens 1 sein.")
        if len(self.ruestung) != len(ZONEN) or any(r < 0 for r in self.ruestung):
            raise AloranFehler(f"{self.name}: Rüstung braucht {len(ZONEN)} Werte ≥ 0.")
        if self.schild not in SCHILDE:
            raise AloranFehler(f"{self.name}: Schild „{self.schild}“ gibt es nicht (kein, klein, mittel, groß).")
        for w in self.waffen:
            if w.schadensart not in SCHADENSARTEN:
                raise AloranFehler(f"{self.name}, Waffe {w.name}: Schadensart „{w.schadensart}“ gibt es nicht.")
            if w.spezialisierung not in SPEZIALISIERUNGEN:
                raise AloranFehler(f"{self.name}, Waffe {w.name}: Spezialisierung „{w.spezialisierung}“ gibt es nicht.")
        for z in self.zauber:
            if z.klasse not in MAGIEATTRIBUT:
                raise AloranFehler(f"{self.name}, Zauber {z.name}: Magieklasse „{z.klasse}“ gibt es nicht.")
            if z.wirkung == "physisch" and not z.schaden:
                raise AloranFehler(f"{self.name}, Zauber {z.name}: ein physischer Zauber braucht einen Schaden.")
            if z.wirkung not in ZAUBERWIRKUNGEN:
                raise AloranFehler(f"{self.name}, Zauber {z.name}: Wirkung „{z.wirkung}“ gibt es nicht "
                                   f"({', '.join(ZAUBERWIRKUNGEN)}).")
        waffennamen = {w.name for w in self.waffen} | {"waffenlos"}
        for m in self.manoever:
            if m.art not in MANOEVER_ARTEN:
                raise AloranFehler(f"{self.name}, Manöver {m.name}: Art „{m.art}“ gibt es nicht (Attacke, Parade).")
            if m.waffe not in waffennamen:
                raise AloranFehler(f"{self.name}, Manöver {m.name}: Waffe „{m.waffe}“ steht nicht auf dem Bogen "
                                   f"({', '.join(sorted(waffennamen))}).")
            if not 0 <= m.stufe <= 5:
                raise AloranFehler(f"{self.name}, Manöver {m.name}: Stufe muss 0 bis 5 sein, nicht {m.stufe}.")
        object.__setattr__(self, "attribute", _frei(self.attribute))
        object.__setattr__(self, "spezialisierungen", _frei(self.spezialisierungen))

    @einmal_je_objekt
    def konstitution(self) -> int:
        """Das Attribut Konstitution (einmal je Werte-Objekt gelesen: Wundschwellen fragen oft)."""
        return self.attribute["konstitution"]

    def stufe(self, spezialisierung: str) -> int:
        return int(self.spezialisierungen.get(spezialisierung, 0))

    @einmal_je_objekt
    def _angriffe(self) -> dict[str, Angriffsart]:
        """Name → Angriff (bei gleichen Namen der erste), für :func:`angriffsart`."""
        return nach_namen(angriffsarten(self))

    @einmal_je_objekt
    def _verteidigungen(self) -> dict[str, Verteidigungsart]:
        """Name → Verteidigung (bei gleichen Namen die erste), für :func:`verteidigungsart`."""
        return nach_namen(verteidigungsarten(self))

    def als_dict(self) -> dict[str, Any]:
        """JSON-fähige Form (für den Kopf des Kampfprotokolls)."""
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        d["attribute"] = dict(self.attribute)
        d["spezialisierungen"] = dict(self.spezialisierungen)
        d["ruestung"] = list(self.ruestung)
        d["waffen"] = [asdict(w) for w in self.waffen]
        d["zauber"] = [asdict(z) for z in self.zauber]
        d["manoever"] = [asdict(m) for m in self.manoever]
        return d

    @classmethod
    def aus_dict(cls, d: Mapping[str, Any]) -> Kampfwerte:
        d = dict(d)
        d["waffen"] = tuple(Waffe(**w) for w in d.get("waffen", ()))
        d["zauber"] = tuple(Zauber(**z) for z in d.get("zauber", ()))
        d["manoever"] = tuple(Manoever(**m) for m in d.get("manoever", ()))
        d["attribute"] = dict(d.get("attribute", {}))
        d["attribute"].setdefault("willenskraft", 0)  # Protokolle von vor der Willenskraft
        d["ruestung"] = tuple(d.get("ruestung", (0,) * len(ZONEN)))
        return cls(**d)


def _frei(m: Mapping[str, int]) -> Mapping[str, int]:
    """Unveränderliche, hashbare Zuordnung Name → Stufe (die des Kerns)."""
    return m if isinstance(m, FesteZuordnung) else FesteZuordnung(m)


def initiativewert(w: Kampfwerte) -> int:
    """SPIELABLAUF › INITIATIVE: „AUFMERKSAMKEIT + GEWANDHEIT + INSTINKT + Modifikatoren −
    Rüstungsbehinderung = INITIATIVE (+ 1W10)“ – hier ohne den W10."""
    a = w.attribute
    return a["aufmerksamkeit"] + a["gewandtheit"] + a["instinkt"] + w.initiative_modifikator - w.ruestungsbehinderung


BEWEGUNGSFAKTOR = {
    "normal": Fraction(1),
    "Schleichen": Fraction(1, 2),
    "Klettern": Fraction(1, 2),
    "Schwimmen": Fraction(1, 3),
    "Kriechen": Fraction(1, 4),
    "Reiten": Fraction(2),
}
"""SPIELABLAUF › Bewegungsaktion › Beeinflussungen der Bewegung."""


def bewegung(w: Kampfwerte, art: str = "normal", *, gelaende: int = 0, reittier_stufe: int = 0) -> int:
    """Bewegungspunkte einer Bewegungsaktion.

    „GEWANDHEIT + Modifikatoren − Rüstungsbehinderung + 2 = BEWEGUNG“; der Bewegungsabzug
    des Schildes (Tabelle „Schilde“) und ``gelaende`` (Bonus/Malus) sind Modifikatoren.
    Schleichen/Klettern ½, Schwimmen ⅓, Kriechen ¼ (abgerundet), „Reiten = Bewegung x 2 +
    Reittier-[Stufe]“. Nie unter 0.

    >>> from gm_helfer.aloran.werte import beispielwerte
    >>> bewegung(beispielwerte()), bewegung(beispielwerte(), "Schwimmen")
    (5, 1)
    """
    if art not in BEWEGUNGSFAKTOR:
        raise AloranFehler(f"Bewegungsart „{art}“ gibt es nicht ({', '.join(BEWEGUNGSFAKTOR)}).")
    grund = (w.attribute["gewandtheit"] + w.bewegung_modifikator + gelaende - w.ruestungsbehinderung
             + BEWEGUNG_GRUNDWERT - SCHILDE[w.schild].bewegungsabzug)
    wert = Fraction(max(0, grund)) * BEWEGUNGSFAKTOR[art]
    if art == "Reiten":
        wert += reittier_stufe
    return max(0, int(wert))


@dataclass(frozen=True)
class Angriffsart:
    """Eine Art anzugreifen: Waffe, waffenlos (Ringen/Raufen) oder Zauber."""

    name: str
    art: str
    """"waffe", "waffenlos" oder "zauber"."""
    attribut: str
    attribut_wert: int
    talent: str
    talentstufe: int
    schaden: str
    schadensart: str
    """Hieb, Wucht, Stich, Fern – oder "Ausdauer" (waffenlos)."""
    stufenbonus: int = 0
    meisterschaft: bool = True
    wirkung: str = "physisch"
    """Bei Zaubern: "physisch" oder "geistig" (geistige Zauber machen keinen Schaden)."""
    text: str = ""
    """Wirkung eines Manövers laut Spezialisierungsliste (nur fürs Protokoll)."""

    @einmal_je_objekt
    def pool(self) -> int:
        """Grundpool: Kampfattribut + Waffen-Spezialisierung (bzw. Magieattribut + Zauber)."""
        return self.attribut_wert + self.talentstufe

    @einmal_je_objekt
    def schaden_text(self) -> str:
        """Schaden samt Stufenbonus in deutscher Schreibweise, z. B. ``W6+7`` („–“ ohne Schaden)."""
        if not self.schaden:
            return "–"
        return str(self.schaden_ausdruck)

    @einmal_je_objekt
    def schaden_ausdruck(self) -> wuerfel.Ausdruck | None:
        """Der Schaden samt Stufenbonus als gelesener Würfelausdruck (``None`` ohne Schaden)."""
        if not self.schaden:
            return None
        return wuerfel.parse(self.schaden).plus(self.stufenbonus)


@dataclass(frozen=True)
class Verteidigungsart:
    """Eine Art, sich zu verteidigen: Standard-Parade (je Waffe) oder Ausweichen."""

    name: str
    attribut: str
    attribut_wert: int
    talent: str
    talentstufe: int
    meisterschaft: bool = True
    art: str = "parade"
    """"parade" (Standard-Parade), "manoever" (kostenpflichtige Parade), "ausweichen",
    "willenskraft" oder "paradezauber"."""
    waffe: str = ""
    """Die Waffe der Parade (für die ältere Patzertabelle: „halber Waffenschaden“)."""

    @einmal_je_objekt
    def pool(self) -> int:
        return self.attribut_wert + self.talentstufe


@je_objekt
def angriffsarten(w: Kampfwerte) -> tuple[Angriffsart, ...]:
    """Alle Angriffe eines Kämpfers.

    Waffen: „KAMPFATTRIBUT + WAFFEN-SPEZIALISIERUNG“, Kampfattribut nach Schadensart;
    „STUFENBONUS: Die Stufe [1-5] des Waffenvorteils wird außerdem als Schadensbonus
    hinzugefügt.“ Waffenlos: Ringen (Athletik) / Raufen (Geschick) + „FAUST“, 1W6 Ausdauer.
    Zauber: „MAGIEATTRIBUT + ZAUBERSPEZIALISIERUNG“ (Meisterschaft gilt nur für Waffen- und
    Kampf-Spezialisierungen, also nicht für Zauber).
    """
    arten: list[Angriffsart] = []
    for waffe in w.waffen:
        attribut = KAMPFATTRIBUT[waffe.schadensart]
        stufe = w.stufe(waffe.spezialisierung)
        arten.append(Angriffsart(
            waffe.name, "waffe", attribut, w.attribute[attribut], waffe.spezialisierung, stufe,
            waffe.schaden, waffe.schadensart, stufenbonus=stufe,
        ))
    for name, attribut in WAFFENLOS.items():
        arten.append(Angriffsart(
            name, "waffenlos", attribut, w.attribute[attribut], "faust", w.stufe("faust"),
            WAFFENLOS_SCHADEN, "Ausdauer",
        ))
    for m in w.manoever:
        if m.art != "Attacke":
            continue
        waffe = _manoever_waffe(w, m)
        attribut = KAMPFATTRIBUT[waffe.schadensart] if waffe else WAFFENLOS["Raufen"]
        arten.append(Angriffsart(
            f"{m.name} (Manöver)", "manoever", attribut, w.attribute[attribut], m.name, m.stufe,
            waffe.schaden if waffe else WAFFENLOS_SCHADEN, waffe.schadensart if waffe else "Ausdauer",
            stufenbonus=w.stufe(waffe.spezialisierung) if waffe else 0, text=m.text,
        ))
    for z in w.zauber:
        if z.wirkung == "Paradezauber":
            continue
        attribut = MAGIEATTRIBUT[z.klasse]
        arten.append(Angriffsart(
            f"{z.name} (Zauber)", "zauber", attribut, w.attribute[attribut], z.name, z.stufe,
            z.schaden, z.schadensart, meisterschaft=False, wirkung=z.wirkung,
        ))
    return tuple(arten)


def zweitwaffe(w: Kampfwerte) -> Waffe | None:
    """Die Waffe in der Nebenhand, falls der Kämpfer mit zwei Waffen kämpft.

    SPIELABLAUF › Kampf mit zwei Waffen: „Klassen-Modifikatoren ermöglichen es Kriegern und
    Schurken, ihre Nebenhand mit einer Zweitwaffe auszurüsten und dadurch eine Bonusaktion
    (Angriff oder Verteidigung) zu erhalten.“ Lesart: mit dem Bogenfeld ``zweitwaffe`` ist die
    erste Waffe des Bogens die Hauptwaffe, die zweite die Zweitwaffe. Ohne zweite Waffe gibt es
    keine Bonusaktion.
    """
    if not w.zweitwaffe or len(w.waffen) < 2:
        return None
    return w.waffen[1]


def _manoever_waffe(w: Kampfwerte, m: Manoever) -> Waffe | None:
    return next((x for x in w.waffen if x.name == m.waffe), None)


def angriffsart(w: Kampfwerte, name: str) -> Angriffsart:
    a = w._angriffe.get(name)
    if a is not None:
        return a
    raise AloranFehler(f"{w.name} hat keinen Angriff „{name}“.")


@je_objekt
def verteidigungsarten(w: Kampfwerte) -> tuple[Verteidigungsart, ...]:
    """Verteidigungen eines Kämpfers.

    SPIELABLAUF › Verteidigungsaktion: „STANDARD-PARADE errechnet sich aus der Stufe für
    ATHLETIK + der Stufe für WAFFEN-SPEZIALISIERUNG“ (je Nahkampfwaffe, waffenlos mit
    „FAUST“). „Mit dem Talent GEWANDTHEIT ist es jedem möglich, … auszuweichen“ – Lesart:
    Pool Körperbeherrschung + Gewandtheit (wie „Verteidigung: Körperbeherrschung +
    Verteidigung“ der älteren Kampfregeln), ohne Meisterschaft.
    """
    a = w.attribute
    arten = [
        Verteidigungsart(f"Parade: {waffe.name}", "athletik", a["athletik"], waffe.spezialisierung,
                         w.stufe(waffe.spezialisierung), waffe=waffe.name)
        for waffe in w.waffen if waffe.schadensart != "Fern"
    ]
    arten.append(Verteidigungsart("Parade: waffenlos", "athletik", a["athletik"], "faust", w.stufe("faust")))
    arten.extend(
        Verteidigungsart(f"{m.name} (Parade)", "athletik", a["athletik"], m.name, m.stufe, art="manoever",
                         waffe=m.waffe if m.waffe != "waffenlos" else "")
        for m in w.manoever if m.art == "Parade"
    )
    arten.append(Verteidigungsart("Ausweichen", "koerperbeherrschung", a["koerperbeherrschung"],
                                  "gewandtheit", a["gewandtheit"], meisterschaft=False, art="ausweichen"))
    arten.append(Verteidigungsart("Willenskraft", WILLENSKRAFT_ATTRIBUT, a[WILLENSKRAFT_ATTRIBUT],
                                  "willenskraft", a["willenskraft"], meisterschaft=False, art="willenskraft"))
    arten.extend(
        Verteidigungsart(f"{z.name} (Paradezauber)", MAGIEATTRIBUT[z.klasse], a[MAGIEATTRIBUT[z.klasse]],
                         z.name, z.stufe, meisterschaft=False, art="paradezauber")
        for z in w.zauber if z.wirkung == "Paradezauber"
    )
    return tuple(arten)


def wehrt_ab(verteidigung: Verteidigungsart, angriff: Angriffsart, optionen: Any = None) -> bool:
    """Ob diese Verteidigung gegen diesen Angriff zulässig ist.

    SPIELABLAUF › Verteidigungsaktion: Standard-Parade und „Parade“-Manöver wehren „eine Attacke“
    ab (Waffe, waffenlos, Manöver); Ausweichen („GEWANDTHEIT“) wirkt gegen Attacken und
    Zauberattacken, „welche physischen Schaden verursacht“; „WILLENSKRAFT“ gegen Zauberattacken
    „(geistige Beeinflussung)“; ein „Paradezauber“ gegen alles. Option
    ``freie_verteidigungswahl``: jede Verteidigung gegen jeden Angriff.
    """
    if optionen is not None and optionen.freie_verteidigungswahl:
        return True
    zauber = angriff.art == "zauber"
    geistig = zauber and angriff.wirkung == "geistig"
    if verteidigung.art in ("parade", "manoever"):
        return not zauber
    if verteidigung.art == "ausweichen":
        return not geistig
    if verteidigung.art == "willenskraft":
        return geistig
    return True


def verteidigungen_gegen(w: Kampfwerte, angriff: Angriffsart, optionen: Any = None) -> tuple[Verteidigungsart, ...]:
    """Die Verteidigungen von ``w``, die gegen ``angriff`` zulässig sind (:func:`wehrt_ab`)."""
    return tuple(v for v in verteidigungsarten(w) if wehrt_ab(v, angriff, optionen))


def verteidigungsart(w: Kampfwerte, name: str) -> Verteidigungsart:
    v = w._verteidigungen.get(name)
    if v is not None:
        return v
    raise AloranFehler(f"{w.name} hat keine Verteidigung „{name}“.")


def beste_parade(w: Kampfwerte) -> Verteidigungsart:
    """Die Parade oder das Ausweichen mit dem größten Pool (bei Gleichstand die erste)."""
    return max((v for v in verteidigungsarten(w) if v.art in ("parade", "manoever", "ausweichen")),
               key=lambda v: v.pool)


def anzeige_talent(talent: str) -> str:
    return SPEZIALISIERUNG_ANZEIGE.get(talent, ATTRIBUT_ANZEIGE.get(talent, talent))


def beispielwerte(**aenderungen: Any) -> Kampfwerte:
    """Ein durchschnittlicher Kämpfer (alle Attribute 3) für Beispiele und Tests."""
    werte: dict[str, Any] = dict(
        name="Beispiel",
        attribute={a: 3 for a in ATTRIBUTE},
        spezialisierungen={"schwert": 2},
        waffen=(Waffe("Schwert", "schwert", "Hieb", "1W6+2"),),
    )
    werte.update(aenderungen)
    return Kampfwerte(**werte)
