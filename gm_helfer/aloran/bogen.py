"""Das Bogen-Schema für Aloran (wird beim Import bei :mod:`gm_helfer.boegen` angemeldet).

Felder nach ``regeln/aloran.txt``: die Attribute und Talente, die INITIATIVE, Bewegung,
Standard-Attacke/-Parade, Zauber-Attacke und Wunden brauchen (Stufen 1–5),
Waffen-Spezialisierungen (0–5, 0 = ungeübt), Waffen mit Schadensart und Schaden, Rüstung je
Trefferzone, Rüstungsbehinderung, Schildgröße und Ausdauer.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer import boegen

from .daten import (
    MAGIEKLASSEN,
    MANOEVER_ARTEN,
    SCHADENSARTEN,
    SCHILDGROESSEN,
    SPEZIALISIERUNG_ANZEIGE,
    SYSTEM,
    ZAUBERWIRKUNGEN,
    ZONEN,
)
from .werte import (
    ATTRIBUT_ANZEIGE,
    ATTRIBUTE,
    SPEZIALISIERUNGEN,
    Kampfwerte,
    Manoever,
    Waffe,
    Zauber,
    beste_parade,
    bewegung,
    initiativewert,
    verteidigungsart,
)

SEITEN = ("Helden", "Gegner")

FELDER: tuple[boegen.Feld, ...] = (
    boegen.Feld("name", "str", beschreibung="Name des Charakters"),
    boegen.Feld("seite", "auswahl", standard="Gegner", auswahl=SEITEN, beschreibung="Helden oder Gegner"),
    boegen.Feld("beschreibung", "str", pflicht=False, standard="", beschreibung="kurze Notiz"),
    *(boegen.Feld(f"attribute.{a}", "int", standard=1, minimum=1, maximum=5,
                  beschreibung=f"{ATTRIBUT_ANZEIGE[a]} (Stufe 1–5)") for a in ATTRIBUTE),
    *(boegen.Feld(f"spezialisierungen.{s}", "int", standard=0, minimum=0, maximum=5,
                  beschreibung=f"Waffen-Spezialisierung {SPEZIALISIERUNG_ANZEIGE[s]} (0–5)") for s in SPEZIALISIERUNGEN),
    *(boegen.Feld(f"ruestung.{z.schluessel}", "int", standard=0, minimum=0, maximum=20,
                  beschreibung=f"Rüstung {z.name}") for z in ZONEN),
    boegen.Feld("ruestungsbehinderung", "int", standard=0, minimum=0, maximum=10, beschreibung="Rüstungsbehinderung"),
    boegen.Feld("schild", "auswahl", standard="kein", auswahl=SCHILDGROESSEN, beschreibung="Schildgröße"),
    boegen.Feld("ausdauer", "int", standard=12, minimum=0, maximum=200, beschreibung="Ausdauerpunkte"),
    boegen.Feld("zweitwaffe", "bool", standard=False,
                beschreibung="Klassen-Modifikator „Kampf mit zwei Waffen“"),
    boegen.Feld("initiative_modifikator", "int", standard=0, minimum=-20, maximum=20,
                beschreibung="Modifikatoren der Initiative (z. B. Kampfreflexe +3)"),
    boegen.Feld("bewegung_modifikator", "int", standard=0, minimum=-20, maximum=20,
                beschreibung="Modifikatoren der Bewegung"),
    boegen.Feld("kampfgespuer", "bool", standard=False,
                beschreibung="Kampfgespür: ignoriert negative situative Modifikatoren (z. B. Hinterhalt)"),
)

WAFFEN = boegen.Untertabelle("waffen", (
    boegen.Feld("name", "str", beschreibung="Name der Waffe"),
    boegen.Feld("spezialisierung", "auswahl", auswahl=SPEZIALISIERUNGEN, beschreibung="Waffengattung"),
    boegen.Feld("schadensart", "auswahl", auswahl=SCHADENSARTEN, beschreibung="Hieb, Wucht, Stich oder Fern"),
    boegen.Feld("schaden", "wuerfel", beschreibung="Waffenschaden, z. B. 1W6+2"),
))

ZAUBER = boegen.Untertabelle("zauber", (
    boegen.Feld("name", "str", beschreibung="Name des Zaubers"),
    boegen.Feld("klasse", "auswahl", auswahl=MAGIEKLASSEN, beschreibung="Magieklasse"),
    boegen.Feld("stufe", "int", minimum=1, maximum=5, beschreibung="Stufe der Zauber-Spezialisierung"),
    boegen.Feld("schaden", "wuerfel", pflicht=False, beschreibung="Schaden des Zaubers (nicht bei geistigen "
                "Zaubern und Paradezaubern)"),
    boegen.Feld("schadensart", "auswahl", standard="Wucht", auswahl=SCHADENSARTEN,
                beschreibung="Wundtabelle des Zaubers"),
    boegen.Feld("wirkung", "auswahl", standard="physisch", auswahl=ZAUBERWIRKUNGEN,
                beschreibung="physisch (Schaden), geistig (Beeinflussung) oder Paradezauber (Abwehr)"),
))

MANOEVER = boegen.Untertabelle("manoever", (
    boegen.Feld("name", "str", beschreibung="Name der Kampf-Spezialisierung"),
    boegen.Feld("art", "auswahl", auswahl=MANOEVER_ARTEN, beschreibung="Attacke oder Parade"),
    boegen.Feld("waffe", "str", beschreibung="Name der Waffe auf dem Bogen (oder waffenlos)"),
    boegen.Feld("stufe", "int", minimum=1, maximum=5, beschreibung="Stufe der Spezialisierung"),
    boegen.Feld("text", "str", pflicht=False, standard="", beschreibung="Wirkung laut Spezialisierungsliste"),
))


def kampfwerte(werte: Mapping[str, Any], untertabellen: Mapping[str, Any] | None = None) -> Kampfwerte:
    """Kampfwerte aus den geprüften Werten eines Bogens (oder der Eingabe abgeleiteter Werte)."""
    unter = dict(untertabellen or {})
    waffen = unter.get("waffen", werte.get("waffen", ())) or ()
    zauber = unter.get("zauber", werte.get("zauber", ())) or ()
    manoever = unter.get("manoever", werte.get("manoever", ())) or ()
    return Kampfwerte(
        name=str(werte["name"]),
        seite=werte.get("seite") or "Gegner",
        attribute={a: int(werte[f"attribute.{a}"]) for a in ATTRIBUTE},
        spezialisierungen={s: int(werte[f"spezialisierungen.{s}"]) for s in SPEZIALISIERUNGEN},
        waffen=tuple(Waffe(w["name"], w["spezialisierung"], w["schadensart"], w["schaden"]) for w in waffen),
        zauber=tuple(Zauber(z["name"], z["klasse"], int(z["stufe"]), z.get("schaden") or "", z.get("schadensart") or "Wucht",
                            z.get("wirkung") or "physisch")
                     for z in zauber),
        manoever=tuple(Manoever(m["name"], m["art"], m["waffe"], int(m["stufe"]), m.get("text") or "")
                       for m in manoever),
        ruestung=tuple(int(werte[f"ruestung.{z.schluessel}"]) for z in ZONEN),
        ruestungsbehinderung=int(werte["ruestungsbehinderung"]),
        schild=werte["schild"],
        ausdauer=int(werte["ausdauer"]),
        zweitwaffe=bool(werte["zweitwaffe"]),
        initiative_modifikator=int(werte["initiative_modifikator"]),
        bewegung_modifikator=int(werte["bewegung_modifikator"]),
        kampfgespuer=bool(werte.get("kampfgespuer") or False),
    )


def aus_bogen(bogen: boegen.Bogen) -> Kampfwerte:
    """Kampfwerte eines geladenen :class:`~gm_helfer.boegen.Bogen`."""
    return kampfwerte(bogen.werte, bogen.untertabellen)


def _parade_text(w: Mapping[str, Any]) -> str:
    p = beste_parade(kampfwerte(w))
    return f"{p.name} ({p.pool} W10)"


SCHEMA = boegen.Schema(
    system=SYSTEM,
    felder=FELDER,
    untertabellen=(WAFFEN, ZAUBER, MANOEVER),
    abgeleitet={
        "initiative": lambda w: initiativewert(kampfwerte(w)),
        "bewegung": lambda w: bewegung(kampfwerte(w)),
        "beste_parade": _parade_text,
        "ausweichen": lambda w: verteidigungsart(kampfwerte(w), "Ausweichen").pool,
    },
)

boegen.registrieren(SCHEMA)
