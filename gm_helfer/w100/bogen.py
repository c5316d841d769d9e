"""Der W100-Charakterbogen: Schema (beim Import angemeldet) und Umwandlung in Kämpfer.

Felder nach regeln/w100.txt: Initiativebonus aus Agilität („Bei Charakteren hängt dieser
Bonus vor allem von Agilität ab; Fähigkeiten und Effekte können ihn verändern.“), OB je
Waffe, DB physisch und magisch („der passende Defensivbonus des Ziels“), Zaubermacht,
Flee, Waffen und Katalysatoren mit Patzerbereich, Handlungen je Zug („Welche und wie viele
Handlungen du ausführen kannst, hängt von deinen Werten, Effekten und den Regeln der jeweiligen
Handlung ab.“ – leer: wie im Kampf eingestellt). Lebenspunkte, Panzerung je Schadensart
und die Kritisch-Regel je Waffe ergänzen, was der Text offen lässt (docs/w100.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from gm_helfer import boegen
from gm_helfer.w100.angriff import KritRegel
from gm_helfer.w100.daten import KRIT_ARTEN, SCHADENSARTEN, SEITEN, SYSTEM, WAFFENARTEN
from gm_helfer.w100.kampf import Kaempfer, Kampf, Waffe, neuer_kampf
from gm_helfer.w100.optionen import Optionen

F = boegen.Feld

WAFFEN_FELDER = (
    F("name", "str", beschreibung="Name der Waffe oder des Katalysators"),
    F("art", "auswahl", auswahl=WAFFENARTEN, beschreibung="Nahkampf, Fernkampf oder Katalysator"),
    F("ob", "int", standard=0, minimum=0, maximum=300,
      beschreibung="Offensivbonus mit dieser Waffe (Katalysator: Bonus auf die Zaubermacht)"),
    F("schaden", "wuerfel", beschreibung="Schadenswurf, z. B. 2W10+4"),
    F("schadensart", "auswahl", auswahl=SCHADENSARTEN, standard="schnitt",
      beschreibung="Art des Schadens – bestimmt die passende Panzerung"),
    F("reichweite", "float", standard=1.5, minimum=0, maximum=1000,
      beschreibung="Reichweite in Metern"),
    F("patzerbereich", "int", standard=5, minimum=0, maximum=100,
      beschreibung="Ein W100 bis zu diesem Wert ist ein Fehlschlag"),
    F("krit_art", "auswahl", auswahl=KRIT_ARTEN, standard="wurf",
      beschreibung="Kritisch bei: natürlichem Wurf ab krit_wert, Ergebnis ab krit_wert, oder nie"),
    F("krit_wert", "int", standard=96, minimum=0, maximum=400,
      beschreibung="Schwelle für einen kritischen Volltreffer"),
    F("krit_faktor", "int", standard=2, minimum=1, maximum=5,
      beschreibung="Kritischer Volltreffer: Schaden mal diesen Faktor"),
    F("ausgeruestet", "bool", standard=True, beschreibung="Nur ausgerüstete Waffen greifen an"),
)

FELDER = (
    F("name", "str", beschreibung="Name"),
    F("seite", "auswahl", auswahl=SEITEN, standard="helden", beschreibung="Helden oder Gegner"),
    F("beschreibung", "str", pflicht=False, standard="", beschreibung="Kurzbeschreibung"),
    F("agilitaet", "int", minimum=0, maximum=200, beschreibung="Agilität – Grundlage des Initiativebonus"),
    F("initiative_mod", "int", standard=0, minimum=-100, maximum=200,
      beschreibung="Änderung des Initiativebonus durch Fähigkeiten und Effekte"),
    F("db.physisch", "int", minimum=0, maximum=300, beschreibung="Physischer Defensivbonus"),
    F("db.magisch", "int", minimum=0, maximum=300, beschreibung="Magischer Defensivbonus"),
    F("zaubermacht", "int", standard=0, minimum=0, maximum=300,
      beschreibung="Zaubermacht – magischer Angriffsbonus für Katalysatoren"),
    F("flee.punkte", "int", minimum=0, maximum=300, beschreibung="Flee-Punkte zum Ausweichen (Maximum)"),
    F("flee.regeneration", "int", standard=0, minimum=0, maximum=300,
      beschreibung="Flee, das je Runde zurückkommt (nur wenn nicht voll aufgefüllt wird)"),
    F("lebenspunkte", "int", minimum=1, maximum=2000, beschreibung="Lebenspunkte (Maximum)"),
    F("bewegung", "float", standard=6.0, minimum=0, maximum=100,
      beschreibung="Meter je Bewegungshandlung"),
    F("handlungen.angriff", "int", pflicht=False, minimum=0, maximum=20,
      beschreibung="Angriffshandlungen je Zug (leer: wie im Kampf eingestellt, üblich 1)"),
    F("handlungen.bewegung", "int", pflicht=False, minimum=0, maximum=20,
      beschreibung="Bewegungshandlungen je Zug (leer: wie im Kampf eingestellt, üblich 1)"),
    F("position.x", "float", standard=0.0, minimum=-1000, maximum=1000, beschreibung="Startposition x (m)"),
    F("position.y", "float", standard=0.0, minimum=-1000, maximum=1000, beschreibung="Startposition y (m)"),
) + tuple(
    F(f"panzerung.{art}", "int", standard=0, minimum=0, maximum=300,
      beschreibung=f"Panzerung gegen {art}")
    for art in SCHADENSARTEN
)


def _initiative_bonus(w: Mapping[str, Any]) -> int:
    return int(w["agilitaet"]) + int(w["initiative_mod"])


def _nahkampf_ob(w: Mapping[str, Any]) -> int:
    return max((int(z["ob"]) for z in w.get("waffen", ()) if z["art"] == "nahkampf" and z["ausgeruestet"]),
               default=0)


SCHEMA = boegen.Schema(
    system=SYSTEM,
    felder=FELDER,
    untertabellen=(boegen.Untertabelle("waffen", WAFFEN_FELDER),),
    abgeleitet={"initiative_bonus": _initiative_bonus, "nahkampf_ob": _nahkampf_ob},
)

boegen.registrieren(SCHEMA)


def waffe_aus_zeile(zeile: Mapping[str, Any]) -> Waffe:
    """Eine geprüfte Zeile der Untertabelle ``waffen`` als :class:`Waffe`."""
    return Waffe(
        name=str(zeile["name"]), art=str(zeile["art"]), ob=int(zeile["ob"]),
        schaden=str(zeile["schaden"]), schadensart=str(zeile["schadensart"]),
        reichweite=float(zeile["reichweite"]), patzerbereich=int(zeile["patzerbereich"]),
        krit=KritRegel(str(zeile["krit_art"]), int(zeile["krit_wert"]), int(zeile["krit_faktor"])),
        ausgeruestet=bool(zeile["ausgeruestet"]),
    )


def _zahl_oder_nichts(wert: Any) -> int | None:
    """Ein freies Zahlenfeld: leer (``None``) bleibt leer."""
    return None if wert is None else int(wert)


def kaempfer_aus_bogen(bogen: boegen.Bogen) -> Kaempfer:
    """Ein geprüfter Bogen als Kämpfer zu Kampfbeginn (volle LP und Flee)."""
    w = bogen.werte
    return Kaempfer(
        name=str(w["name"]), seite=str(w["seite"]),
        initiative_bonus=_initiative_bonus(w),
        db_physisch=int(w["db.physisch"]), db_magisch=int(w["db.magisch"]),
        zaubermacht=int(w["zaubermacht"]), flee_max=int(w["flee.punkte"]),
        flee_regeneration=int(w["flee.regeneration"]), lp_max=int(w["lebenspunkte"]),
        bewegung=float(w["bewegung"]),
        position=(float(w["position.x"]), float(w["position.y"])),
        panzerung=tuple((art, int(w[f"panzerung.{art}"])) for art in SCHADENSARTEN),
        waffen=tuple(waffe_aus_zeile(z) for z in bogen.untertabellen.get("waffen", ())),
        angriffshandlungen_je_zug=_zahl_oder_nichts(w.get("handlungen.angriff")),
        bewegungen_je_zug=_zahl_oder_nichts(w.get("handlungen.bewegung")),
    )


def kampf_aus_boegen(boegen_: Iterable[boegen.Bogen], optionen: Optionen = Optionen()) -> Kampf:
    """Ein neuer Kampf aus den gewählten Bögen."""
    return neuer_kampf((kaempfer_aus_bogen(b) for b in boegen_), optionen)
