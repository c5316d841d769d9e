"""Der Savage-Worlds-Charakterbogen: Schema (beim Import angemeldet) und Kämpfer daraus.

Abgeleitete Werte (Regeltext „Nahkampfangriffe“ und DESIGN.md): Parade = 2 + Kämpfen/2
(„bzw. 2 falls er Kämpfen nicht hat“) + Schild + Paradebonus der Waffe; Robustheit =
2 + Konstitution/2 + Rüstung. Eine fehlende Fertigkeit wird mit W4−2 geworfen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from gm_helfer import boegen, chancen, wuerfel
from gm_helfer.savage_worlds.daten import WUERFELSTUFEN, Waffe
from gm_helfer.savage_worlds.kampf import Kaempfer, Kampfzustand, kampf_beginnen
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.proben import UNTRAINIERT, eigenschaft
from gm_helfer.savage_worlds.schaden import schadensausdruck

__all__ = [
    "vervielfachen",
    "ATTRIBUTE",
    "FERTIGKEITEN",
    "SCHEMA",
    "TALENTE",
    "kaempfer_aus_bogen",
    "kaempfer_aus_werten",
    "kampf_aus_boegen",
    "parade",
    "robustheit",
]

SYSTEM = "savage_worlds"

ATTRIBUTE = ("geschicklichkeit", "verstand", "willenskraft", "staerke", "konstitution")
FERTIGKEITEN = ("kaempfen", "schiessen", "werfen", "wahrnehmung", "heimlichkeit", "heilen", "einschuechtern", "provozieren")
TALENTE = ("kuehler_kopf", "verbesserter_kuehler_kopf", "schnell", "blitzhieb")

_STUFEN = tuple(f"W{s}" for s in WUERFELSTUFEN) + tuple(f"W12+{n}" for n in range(1, 6))
_FERTIG_STUFEN = ("untrainiert",) + _STUFEN

_NAMEN = {
    "geschicklichkeit": "Geschicklichkeit", "verstand": "Verstand", "willenskraft": "Willenskraft",
    "staerke": "Stärke", "konstitution": "Konstitution", "kaempfen": "Kämpfen", "schiessen": "Schießen",
    "werfen": "Werfen", "wahrnehmung": "Wahrnehmung", "heimlichkeit": "Heimlichkeit", "heilen": "Heilen",
    "einschuechtern": "Einschüchtern", "provozieren": "Provozieren", "kuehler_kopf": "Kühler Kopf",
    "verbesserter_kuehler_kopf": "Verbesserter Kühler Kopf", "schnell": "Schnell", "blitzhieb": "Blitzhieb",
}


def _waffen_parade(waffen: Sequence[Mapping[str, Any]]) -> int:
    return max((int(w.get("parade") or 0) for w in waffen), default=0)


def parade(werte: Mapping[str, Any]) -> int:
    """Parade = 2 + halbes Kämpfen (untrainiert: 2) + Schild + bester Paradebonus einer Waffe."""
    kaempfen = eigenschaft(werte.get("fertigkeiten.kaempfen"))
    basis = 2 if kaempfen == UNTRAINIERT else 2 + kaempfen.haelfte
    return basis + int(werte.get("schild") or 0) + _waffen_parade(werte.get("waffen", ()))


def robustheit(werte: Mapping[str, Any]) -> int:
    """Robustheit = 2 + halbe Konstitution + Rüstung."""
    return 2 + eigenschaft(werte["attribute.konstitution"]).haelfte + int(werte.get("ruestung") or 0)


def _pruefe_schaden(text: str) -> str:
    """Eine Schadensangabe: „St“, „St+W8“ oder fester Schaden wie „2W6+1“ – nur W4 bis W12.

    Die exakten Chancen müssen bezahlbar bleiben, auch mit Stärke W12 und Bonusschaden
    (sonst scheiterte erst der Kampf, ohne Dateinamen).
    """
    ausdruck = wuerfel.parse(schadensausdruck(text, "W6"))
    for w in ausdruck.wuerfel:
        if w.seiten not in WUERFELSTUFEN:
            raise wuerfel.WuerfelFehler(f"„{text}“: Schadenswürfel sind W4 bis W12, kein W{w.seiten}.")
    groesster = schadensausdruck(text, "W12", bonus_w6=True)
    if chancen.aufwand(groesster) > chancen.MAX_AUFWAND:
        raise wuerfel.WuerfelFehler(
            f"„{text}“: so viele Schadenswürfel lassen sich nicht exakt berechnen "
            f"(höchstens {chancen.MAX_AUFWAND:,} Rechenschritte; {groesster} braucht "
            f"{chancen.aufwand(groesster):,}).".replace(",", ".")
        )
    return text


SCHEMA = boegen.Schema(
    system=SYSTEM,
    felder=(
        boegen.Feld("name", "str", beschreibung="Name des Charakters oder der Gegnerart"),
        boegen.Feld("art", "auswahl", auswahl=("Wildcard", "Statist"), beschreibung="Wildcard oder Statist"),
        boegen.Feld("seite", "auswahl", standard="Schurken", auswahl=("Helden", "Schurken"), beschreibung="Helden oder Schurken"),
        boegen.Feld("anzahl", "int", standard=1, minimum=1, maximum=30, beschreibung="wie viele gleichartige Statisten"),
        boegen.Feld("gruppe", "str", standard="", pflicht=False,
                    beschreibung="Kartengruppe gleichartiger Statisten (leer: eigener Name)"),
        boegen.Feld("verbuendet_mit", "str", standard="", pflicht=False,
                    beschreibung="verbündeter Statist: handelt auf der Karte dieses Helden"),
        *(boegen.Feld(f"attribute.{a}", "auswahl", auswahl=_STUFEN, beschreibung=_NAMEN[a]) for a in ATTRIBUTE),
        *(boegen.Feld(f"fertigkeiten.{f}", "auswahl", standard="untrainiert", auswahl=_FERTIG_STUFEN, beschreibung=_NAMEN[f])
          for f in FERTIGKEITEN),
        boegen.Feld("bewegungsweite", "int", standard=6, minimum=1, maximum=24, beschreibung="Bewegungsweite in Zoll"),
        boegen.Feld("bennies", "int", standard=0, minimum=0, maximum=20, beschreibung="Bennies zu Beginn"),
        boegen.Feld("ruestung", "int", standard=0, minimum=0, maximum=10, beschreibung="Rüstungsbonus auf die Robustheit"),
        boegen.Feld("ruestung_name", "str", standard="", pflicht=False, beschreibung="welche Rüstung"),
        boegen.Feld("schild", "int", standard=0, minimum=0, maximum=3, beschreibung="Paradebonus des Schilds"),
        *(boegen.Feld(f"talente.{t}", "bool", standard=False, beschreibung=_NAMEN[t]) for t in TALENTE),
    ),
    untertabellen=(
        boegen.Untertabelle(
            "waffen",
            (
                boegen.Feld("name", "str", beschreibung="Name der Waffe"),
                boegen.Feld("art", "auswahl", auswahl=("Nahkampf", "Fernkampf", "Wurf"),
                            beschreibung="Nahkampf, Fernkampf oder Wurf"),
                boegen.Feld("schaden", "str", beschreibung="St+W8, St oder fester Schaden wie 2W6", pruefung=_pruefe_schaden),
                boegen.Feld("kurz", "int", standard=0, minimum=0, maximum=200, beschreibung="kurze Reichweite (Zoll)"),
                boegen.Feld("mittel", "int", standard=0, minimum=0, maximum=400, beschreibung="mittlere Reichweite"),
                boegen.Feld("lang", "int", standard=0, minimum=0, maximum=800, beschreibung="lange Reichweite"),
                boegen.Feld("feuerrate", "int", standard=1, minimum=1, maximum=6, beschreibung="Feuerrate"),
                boegen.Feld("parade", "int", standard=0, minimum=0, maximum=3, beschreibung="Paradebonus"),
                boegen.Feld("unhandlich", "bool", standard=False, beschreibung="Ziehen braucht Geschicklichkeitsprobe"),
            ),
        ),
    ),
    abgeleitet={"parade": parade, "robustheit": robustheit},
)
boegen.registrieren(SCHEMA)


def kaempfer_aus_werten(
    werte: Mapping[str, Any], waffen: Sequence[Mapping[str, Any]] = (), *, seite: str | None = None
) -> tuple[Kaempfer, ...]:
    """Kämpfer aus geprüften Bogenwerten; ``anzahl`` > 1 ergibt „Bandit 1“, „Bandit 2“, …

    Raises:
        ValueError: ungültige Schadensangabe einer Waffe (deutsche Meldung).
    """
    waffen_t = []
    for w in waffen:
        try:
            _pruefe_schaden(str(w["schaden"]))
        except ValueError as fehler:
            raise ValueError(f"{werte['name']}, Waffe „{w.get('name')}“: {fehler}") from fehler
        waffen_t.append(Waffe(
            name=str(w["name"]), art=str(w["art"]), schaden=str(w["schaden"]),
            kurz=int(w.get("kurz") or 0), mittel=int(w.get("mittel") or 0), lang=int(w.get("lang") or 0),
            feuerrate=int(w.get("feuerrate") or 1), parade=int(w.get("parade") or 0), unhandlich=bool(w.get("unhandlich")),
        ))
    mit_waffen = {**werte, "waffen": tuple(waffen)}
    wildcard = werte["art"] == "Wildcard"
    anzahl = 1 if wildcard else int(werte.get("anzahl") or 1)
    basis = Kaempfer(
        name=str(werte["name"]),
        seite=seite or str(werte["seite"]),
        wildcard=wildcard,
        gruppe="" if wildcard else (werte.get("gruppe") or str(werte["name"])),
        verbuendet_mit=werte.get("verbuendet_mit") or "",
        attribute=tuple((a, eigenschaft(werte[f"attribute.{a}"])) for a in ATTRIBUTE),
        fertigkeiten=tuple(
            (f, eigenschaft(werte.get(f"fertigkeiten.{f}"))) for f in FERTIGKEITEN
            if (werte.get(f"fertigkeiten.{f}") or "untrainiert") != "untrainiert"
        ),
        parade=parade(mit_waffen),
        robustheit=robustheit(werte),
        bewegungsweite=int(werte.get("bewegungsweite") or 6),
        talente=frozenset(t for t in TALENTE if werte.get(f"talente.{t}")),
        waffen=tuple(waffen_t),
        bennies=int(werte.get("bennies") or 0),
    )
    if anzahl == 1:
        return (basis,)
    return tuple(replace(basis, name=f"{basis.name} {i}") for i in range(1, anzahl + 1))


def vervielfachen(bogen: boegen.Bogen, anzahl: int) -> list[boegen.Bogen]:
    """``anzahl`` Kämpfer eines Bogens für eine Begegnung (:mod:`gm_helfer.begegnungen`):
    Statisten über ihr Feld ``anzahl`` (eine Gruppe mit gemeinsamer Karte, „Bandit 1“ …),
    Wildcards als nummerierte Kopien (jeder Wildcard bekommt seine eigene Karte)."""
    if bogen.werte.get("art") != "Wildcard":
        return [replace(bogen, werte=boegen.FesteZuordnung({**bogen.werte, "anzahl": anzahl}))]
    if anzahl == 1:
        return [bogen]
    return [replace(bogen, werte=boegen.FesteZuordnung({**bogen.werte, "name": f"{bogen.name} {i}"}))
            for i in range(1, anzahl + 1)]


def kaempfer_aus_bogen(bogen: boegen.Bogen, *, seite: str | None = None) -> tuple[Kaempfer, ...]:
    """Kämpfer aus einem geladenen Bogen (siehe :func:`kaempfer_aus_werten`)."""
    return kaempfer_aus_werten(bogen.werte, bogen.untertabellen.get("waffen", ()), seite=seite)


def kampf_aus_boegen(
    boegen: Iterable[boegen.Bogen], *, optionen: Optionen = Optionen(), grosse_gruppen: bool = False, spielleiter_bennies: int = 0
) -> Kampfzustand:
    """Startzustand aus den gewählten Bögen (Statisten mit ``anzahl`` werden vervielfacht)."""
    kaempfer = [kf for b in boegen for kf in kaempfer_aus_bogen(b)]
    return kampf_beginnen(kaempfer, optionen=optionen, grosse_gruppen=grosse_gruppen, spielleiter_bennies=spielleiter_bennies)


def anzeigename(feld: str) -> str:
    """Deutscher Name eines Feldes: ``attribute.staerke`` → „Stärke“."""
    return _NAMEN.get(feld.split(".")[-1], feld)
