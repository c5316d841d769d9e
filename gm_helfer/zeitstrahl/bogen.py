"""Der Zeitstrahl-Charakterbogen: Schema (beim Import angemeldet) und Umwandlung in
:class:`~gm_helfer.zeitstrahl.kampf.Kaempfer`.

Felder nach ``regeln/zeitstrahl.txt``: Kampferfahrung und Größenmodifikation („Probenwert in
Kampferfahrung + Größenmodifikation“), Waffenfertigkeiten („Probe entsprechend der
Waffengattung“), Stärke (Blocken: „Sind diese höher als die Stärke des Verteidigers …“),
Waffen mit Geschwindigkeit, Trefferpunktewürfeln, Verteidigungsbonus und Stabilität,
Rüstungsschichten je Trefferzone, Spezialisierungen („Verschieben von Kampfwerten“,
„Kontern“). Lebenspunkte ergänzen das fehlende Gesundheitsmodell (``docs/zeitstrahl.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer import boegen

from .daten import ZONEN, ZONEN_FELDER
from .kampf import Kaempfer, Waffe
from .schaden import Schicht, behinderung, zonen_ruestung

__all__ = ["SCHEMA", "FERTIGKEITEN", "kaempfer_aus_bogen", "kaempfer_aus_werten"]

F = boegen.Feld

FERTIGKEITEN = ("nahkampf", "fernkampf", "waffenlos")
SPEZIALISIERUNGEN = ("verschiebung", "konter", "konter_zeit", "sonstige")

WAFFEN_FELDER = (
    F("name", "str", beschreibung="Name der Waffe, des Schilds oder „Faust“"),
    F("fertigkeit", "auswahl", auswahl=FERTIGKEITEN, standard="nahkampf",
      beschreibung="Waffenfertigkeit für Angriff und Parade"),
    F("geschwindigkeit", "int", minimum=1, maximum=30, standard=4,
      beschreibung="Zeiteinheiten (Ticks) für einen Angriff"),
    F("schaden", "wuerfel", standard="W6", beschreibung="Trefferpunktewürfel, z. B. 3W4"),
    F("verteidigungsbonus", "int", minimum=0, maximum=20, standard=0,
      beschreibung="Verteidigungsbonus (beim Blocken verdoppelt)"),
    F("stabilitaet", "int", minimum=0, maximum=100, standard=10,
      beschreibung="Stabilität: Trefferpunkte darüber brechen die Waffe beim Blocken"),
    F("zweihaendig", "bool", standard=False, beschreibung="Zweihändig geführt (Entwaffnen ab 1,5×Stärke)"),
    F("kettenwaffe", "bool", standard=False, beschreibung="Kettenwaffe (kein Blocken)"),
    F("kurze_stichwaffe", "bool", standard=False, beschreibung="Kurze Stichwaffe (Dolch)"),
    F("schild", "bool", standard=False, beschreibung="Schild (Entwaffnen ab 2×Stärke)"),
)

RUESTUNGS_FELDER = (
    F("name", "str", beschreibung="Name der Rüstungsschicht"),
    F("schutz", "int", minimum=0, maximum=30, beschreibung="Rüstungsschutz je Trefferpunktewürfel"),
    F("behinderung", "int", minimum=0, maximum=30, standard=0, beschreibung="Behinderung"),
) + tuple(
    F(feld, "bool", standard=zone != "Kopf", beschreibung=f"Schützt {zone}")
    for zone, feld in ZONEN_FELDER.items()
)

SPEZIALISIERUNGS_FELDER = (
    F("name", "str", beschreibung="Spezialisierung"),
    F("art", "auswahl", auswahl=SPEZIALISIERUNGEN, standard="sonstige",
      beschreibung="verschiebung: Verhältnis 2:1, 3:2, …; konter: Erschwernis des Konters "
                   "−1 je Stufe; konter_zeit: erlaubte Zeitdifferenz beim Kontern +1 je Stufe"),
    F("stufe", "int", minimum=0, maximum=10, standard=1, beschreibung="Stufe"),
)

FELDER = (
    F("name", "str", beschreibung="Name"),
    F("partei", "str", standard="Helden", beschreibung="Partei (Helden, Feinde, …)"),
    F("beschreibung", "str", pflicht=False, standard="", beschreibung="Kurzbeschreibung"),
    F("kampferfahrung", "int", minimum=0, maximum=40, beschreibung="Kampferfahrung (Probenwert)"),
    F("staerke", "int", minimum=0, maximum=40, beschreibung="Stärke"),
    F("groesse", "int", standard=0, minimum=-10, maximum=10, beschreibung="Größenmodifikation"),
    F("lebenspunkte", "int", minimum=1, maximum=500,
      beschreibung="Lebenspunkte (Hausregel: kampfunfähig bei 0)"),
) + tuple(
    F(f"fertigkeiten.{f}", "int", standard=0, minimum=0, maximum=40,
      beschreibung=f"Waffenfertigkeit {f.capitalize()}")
    for f in FERTIGKEITEN
)


def _schichten(zeilen: Any) -> tuple[Schicht, ...]:
    return tuple(
        Schicht(
            str(z["name"]), int(z["schutz"]), int(z.get("behinderung", 0) or 0),
            tuple(zone for zone, feld in ZONEN_FELDER.items() if z.get(feld, zone != "Kopf")),
        )
        for z in (zeilen or ())
    )


def _rs_text(werte: Mapping[str, Any]) -> str:
    s = _schichten(werte.get("ruestung"))
    return ", ".join(f"{z} {zonen_ruestung(s, z).schutz}" for z in ZONEN)


SCHEMA = boegen.Schema(
    system="zeitstrahl",
    felder=FELDER,
    untertabellen=(
        boegen.Untertabelle("waffen", WAFFEN_FELDER),
        boegen.Untertabelle("ruestung", RUESTUNGS_FELDER),
        boegen.Untertabelle("spezialisierungen", SPEZIALISIERUNGS_FELDER),
    ),
    abgeleitet={
        "passive_verteidigung": lambda w: int(w["kampferfahrung"]) + int(w["groesse"]),
        "behinderung": lambda w: behinderung(_schichten(w.get("ruestung"))),
        "ruestungsschutz": _rs_text,
    },
)
boegen.registrieren(SCHEMA)


def kaempfer_aus_werten(
    werte: Mapping[str, Any], untertabellen: Mapping[str, Any]
) -> Kaempfer:
    """Kämpfer aus geprüften Bogenwerten (Felder + Untertabellen)."""
    return Kaempfer(
        name=str(werte["name"]),
        partei=str(werte.get("partei") or "Helden"),
        kampferfahrung=int(werte["kampferfahrung"]),
        staerke=int(werte["staerke"]),
        groesse=int(werte.get("groesse") or 0),
        lebenspunkte=int(werte["lebenspunkte"]),
        fertigkeiten=tuple((f, int(werte.get(f"fertigkeiten.{f}") or 0)) for f in FERTIGKEITEN),
        waffen=tuple(
            Waffe(
                name=str(w["name"]), fertigkeit=str(w.get("fertigkeit") or "nahkampf"),
                geschwindigkeit=int(w.get("geschwindigkeit") or 4),
                schaden=str(w.get("schaden") or "W6"),
                verteidigungsbonus=int(w.get("verteidigungsbonus") or 0),
                stabilitaet=int(w.get("stabilitaet") or 0),
                zweihaendig=bool(w.get("zweihaendig")), kettenwaffe=bool(w.get("kettenwaffe")),
                kurze_stichwaffe=bool(w.get("kurze_stichwaffe")), schild=bool(w.get("schild")),
            )
            for w in untertabellen.get("waffen", ())
        ),
        ruestung=_schichten(untertabellen.get("ruestung")),
        spezialisierungen=tuple(
            (str(s.get("art") or "sonstige"), int(s.get("stufe") or 0))
            for s in untertabellen.get("spezialisierungen", ())
        ),
    )


def kaempfer_aus_bogen(bogen: boegen.Bogen) -> Kaempfer:
    """Kämpfer aus einem geladenen Bogen."""
    return kaempfer_aus_werten(bogen.werte, bogen.untertabellen)
