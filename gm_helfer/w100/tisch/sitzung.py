"""Bausteine für das Live-Notebook: Protokolldateien, Vorschau der Chancen, Würfeln + Ereignis.

Hier liegt nur Verbindungscode zwischen Notebook und Regeln (keine eigene Regel): jede
Entscheidung trifft :mod:`gm_helfer.w100.kampf` bzw. :mod:`gm_helfer.w100.chancen`.
Regelfehler kommen als deutsche Meldung zurück, damit keine Notebook-Zelle abbricht.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import polars as pl

from gm_helfer import chancen as kern_chancen
from gm_helfer import pfade, protokoll, wuerfel
from gm_helfer.diagramme import prozent
from gm_helfer.protokoll import Ereignis, ProtokollFehler, Verlauf
from gm_helfer.text import leer, vorzeichen
from gm_helfer.w100 import chancen as w100_chancen
from gm_helfer.w100.ablauf import (  # noqa: F401 (Regelschicht, hier weiter angeboten)
    _SCHRITTE,
    _nach_abstand,
    angriff,
    gegner_der_reihe_nach,
    schritt_punkt,
    schritt_richtung,
    start_aus_kopf,
)
from gm_helfer.w100.angriff import Abwehr
from gm_helfer.w100.daten import AUSWEICHEN, KEINE_ABWEHR, PARADE, STUFEN_TEXT, SYSTEM
from gm_helfer.w100.kampf import (
    Kampf,
    angriff_planen,
    anwenden,
    erreicht,
    initiative_ereignis,
    initiative_leiter,
    kampf_als_dict,
    kampf_aus_dict,
    meter,
    naechster,
    neue_runde_ereignis,
    runde_vorbei,
    sieger,
    zahl,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler

#: Fehler, die als Meldung statt als Zellfehler erscheinen.
REGELFEHLER = (W100Fehler, wuerfel.WuerfelFehler, ProtokollFehler, TypeError, ValueError)


def neuer_verlauf(kampf: Kampf, ordner: Path | None = None, *, name: str = "") -> Verlauf:
    """Ein neuer Verlauf mit Protokolldatei im Kampfordner: ``w100_JJJJ-MM-TT_HH-MM-SS.jsonl``
    (einheitlich für alle Systeme, :func:`gm_helfer.tisch.protokoll_datei`) oder ``w100_<name>.jsonl``."""
    from gm_helfer import tisch

    ordner = ordner or pfade.kampf_ordner()
    if name:
        datei = ordner / f"{SYSTEM}_{name}.jsonl"
        n = 2
        while datei.exists():
            datei = ordner / f"{SYSTEM}_{name}_{n}.jsonl"
            n += 1
    else:
        datei = tisch.protokoll_datei(SYSTEM, ordner)
    return Verlauf(kampf, anwenden, datei=datei, system=SYSTEM, kopf={"start": kampf_als_dict(kampf)})


def gespeicherte_kaempfe(ordner: Path | None = None) -> list:
    """Gespeicherte W100-Kämpfe, neueste zuerst, beschriftet mit Kämpfern, Runde und letztem
    Schritt (:func:`gm_helfer.tisch.gespeicherte_kaempfe`)."""
    from gm_helfer import tisch

    return tisch.gespeicherte_kaempfe(
        SYSTEM, lambda kopf: [(k["name"], k.get("seite", "")) for k in kopf["start"]["kaempfer"]],
        runden_arten=("initiative", "neue_runde"), ordner=ordner)


def fortsetzen(datei: Path | str) -> tuple[Verlauf, list[str]]:
    """Ein W100-Protokoll einlesen und weiterspielen (Warnungen auf Deutsch)."""
    return Verlauf.fortsetzen(Path(datei), start_aus_kopf, anwenden)


def protokolle(ordner: Path | None = None) -> list[Path]:
    """Vorhandene W100-Protokolle, neueste zuerst (nur mit vollständigem Kopf)."""
    return protokoll.auflisten(Path(ordner or pfade.kampf_ordner()), SYSTEM, f"{SYSTEM}_*.jsonl")


def ausfuehren(verlauf: Verlauf, baue: Callable[[Kampf], Ereignis]) -> str:
    """Baut ein Ereignis aus dem aktuellen Zustand und führt es aus.

    Gibt den Protokolltext oder eine deutsche Fehlermeldung (beginnend mit „⚠“) zurück.
    """
    try:
        ereignis = baue(verlauf.zustand)
        verlauf.ausfuehren(ereignis)
    except REGELFEHLER as fehler:
        return f"⚠ {fehler}"
    return ereignis.text


def rueckgaengig(verlauf: Verlauf) -> str:
    """Den letzten Schritt zurücknehmen (mit Meldung)."""
    if not verlauf.ereignisse:
        return "⚠ Es gibt nichts rückgängig zu machen."
    letzter = verlauf.ereignisse[-1]
    try:
        verlauf.rueckgaengig()
    except ProtokollFehler as fehler:
        return f"⚠ {fehler}"
    return f"Rückgängig: {letzter.text}"


def protokoll_tabelle(verlauf: Verlauf | None) -> pl.DataFrame:
    """Das Protokoll als Tabelle: Nr., Ereignis, Regel, eingetippt."""
    zeilen = [] if verlauf is None else [
        {"Nr.": i + 1, "Ereignis": e.text, "Regel": e.regel, "eingetippt": "✎" if e.eingetippt else ""}
        for i, e in enumerate(verlauf.ereignisse)
    ]
    return pl.DataFrame(zeilen, schema={"Nr.": pl.Int64, "Ereignis": pl.Utf8, "Regel": pl.Utf8,
                                        "eingetippt": pl.Utf8})


def leiter_tabelle(kampf: Kampf) -> pl.DataFrame:
    """Die Initiative-Leiter als Tabelle für die Anzeige."""
    return pl.DataFrame([
        {"Name": z["name"], "Initiative": leer(z["initiative"]), "Status": z["status"],
         "LP": f"{z['lp']}/{z['lp_max']}", "Flee": f"{z['flee']}/{z['flee_max']}",
         "Parade frei": z["parade_frei"],
         "Position": f"({zahl(z['x'])} | {zahl(z['y'])})"}
        for z in initiative_leiter(kampf)
    ])


def lage(kampf: Kampf) -> str:
    """Eine Zeile: Runde, wer am Zug ist, was als Nächstes zu tun ist."""
    if kampf.runde == 0:
        return "Vor dem Kampf – Initiative bestimmen."
    gewonnen = sieger(kampf)
    if gewonnen and kampf.am_zug is None:
        seite = "Die Helden" if gewonnen == "helden" else "Die Gegner"
        return (f"Runde {kampf.runde}: {seite} stehen als Einzige noch – der Kampf ist entschieden "
                "(weiterspielen oder Rückgängig geht weiter).")
    if kampf.am_zug:
        return f"Runde {kampf.runde}: {kampf.am_zug} ist am Zug."
    if runde_vorbei(kampf):
        return f"Runde {kampf.runde} ist vorbei – niemand hat mehr Initiative. Neue Runde beginnen."
    return f"Runde {kampf.runde}: als Nächstes ist {naechster(kampf)} dran."


def ziele(kampf: Kampf) -> list[str]:
    """Mögliche Ziele des Handelnden: alle anderen Kampffähigen, Gegner zuerst, je Seite
    die nächsten zuerst (das erste Ziel ist der nächste Gegner)."""
    if kampf.am_zug is None:
        return []
    return _nach_abstand(kampf, gegner=True) + _nach_abstand(kampf, gegner=False)



def waffen(kampf: Kampf) -> list[str]:
    """Ausgerüstete Waffen und Katalysatoren des Handelnden."""
    if kampf.am_zug is None:
        return []
    return [w.name for w in kampf[kampf.am_zug].waffen if w.ausgeruestet]


def abwehr_punkte(flee_oder_parade: str, punkte: int) -> dict[str, int]:
    """Auswahl im Notebook → Argumente für :func:`angriff_planen`."""
    if flee_oder_parade == AUSWEICHEN:
        return {"flee": int(punkte), "parade": 0}
    if flee_oder_parade == PARADE:
        return {"flee": 0, "parade": int(punkte)}
    return {"flee": 0, "parade": 0}


@dataclass(frozen=True)
class Vorschau:
    """Alles, was vor dem Wurf zu sehen ist."""

    plan: Any
    chancen: w100_chancen.AngriffsChancen
    tabelle: tuple
    abwehr_art: str
    abwehr_max: int
    schaden: dict[int, float]
    ziel_lp: int
    kampfunfaehig: float | None
    """P(Ziel kampfunfähig); ``None`` ohne Gesundheitsmodell (``Optionen.gesundheit="ohne"``)."""
    meldung: str = ""

    @property
    def kampfunfaehig_text(self) -> str:
        return kampfunfaehig_text(self.kampfunfaehig)

    def text(self) -> str:
        p = self.plan
        return (f"{p.angreifer} → {p.ziel} mit {p.waffe.name}: OB {p.ob}, DB {p.db}, "
                f"Modifikator {vorzeichen(p.modifikator)}, Patzerbereich 1–{p.waffe.patzerbereich}, "
                f"Panzerung {p.panzerung} ({p.waffe.schadensart}), Abstand {meter(p.abstand)}")


def kampfunfaehig_text(p: float | None) -> str:
    """Prozent – oder ein Hinweis, wenn der Kampf kein Gesundheitsmodell hat."""
    return prozent(p) if p is not None else "– (kein Gesundheitsmodell: der Spielleiter entscheidet)"


def vorschau(kampf: Kampf, ziel: str | None, waffe: str | None, *, modifikator: int = 0,
             abwehr: str = KEINE_ABWEHR, punkte: int = 0) -> Vorschau | str:
    """Chancen vor dem Wurf – mit der angesagten Abwehr und für jede mögliche Menge Flee/Parade.

    Gibt bei einem unzulässigen Angriff die deutsche Meldung zurück.
    """
    if kampf.am_zug is None:
        return "Niemand ist am Zug."
    if not ziel or not waffe:
        return "Ziel und Waffe wählen."
    modifikator, punkte = int(modifikator or 0), int(punkte or 0)
    try:
        plan = angriff_planen(kampf, kampf.am_zug, ziel, waffe, modifikator=modifikator,
                              reichweite_pruefen=False, **abwehr_punkte(abwehr, punkte))
        meldung = ""
        if not erreicht(kampf[plan.angreifer], kampf[ziel], plan.waffe):
            meldung = (f"⚠ {ziel} ist {meter(plan.abstand)} entfernt – außer Reichweite von "
                       f"„{waffe}“ ({meter(plan.waffe.reichweite)}). Erst bewegen.")
        z = kampf[ziel]
        art = abwehr if abwehr != KEINE_ABWEHR else AUSWEICHEN
        # Welche Abwehr ist gegen diese Waffe überhaupt erlaubt? Maximal vorhandene Punkte prüfen.
        maximum = z.flee if art == AUSWEICHEN else z.parade_frei
        try:
            angriff_planen(kampf, kampf.am_zug, ziel, waffe, reichweite_pruefen=False,
                           **abwehr_punkte(art, maximum or 0))
        except W100Fehler:
            maximum = 0
        o = kampf.optionen
        ohne_abwehr = plan.__class__(**{**plan.__dict__, "abwehr": Abwehr()})
        schritt = 1 if (maximum or 0) <= 60 else 5
        tabelle = w100_chancen.abwehr_tabelle(
            ohne_abwehr.ob, ohne_abwehr.db, plan.waffe.patzerbereich, bis=maximum or 0, art=art,
            modifikator=modifikator, krit=plan.waffe.krit, optionen=o, schritt=schritt)
        c = w100_chancen.angriff_chancen(plan.ob, plan.db, plan.waffe.patzerbereich,
                                         modifikator=modifikator, abwehr=plan.abwehr,
                                         krit=plan.waffe.krit, optionen=o)
        schaden = w100_chancen.angriff_schaden_verteilung(
            plan.ob, plan.db, plan.waffe.patzerbereich, schaden=plan.waffe.schaden,
            panzerung=plan.panzerung, modifikator=modifikator, abwehr=plan.abwehr,
            krit=plan.waffe.krit, optionen=o)
        lp = int(z.lp or 0) - o.kampfunfaehig_ab
        return Vorschau(plan, c, tabelle, art, int(maximum or 0), schaden, lp,
                        w100_chancen.chance_kampfunfaehig(schaden, int(z.lp or 0), o), meldung)
    except REGELFEHLER as fehler:
        return f"⚠ {fehler}"


def waffen_vergleich(kampf: Kampf, ziel: str | None, *, modifikator: int = 0) -> pl.DataFrame:
    """Jede ausgerüstete Waffe des Handelnden gegen ``ziel``: exakte Chancen ohne Abwehr.

    Hilft bei der Wahl der Waffe vor dem Wurf (OB bzw. Zaubermacht gegen den passenden DB,
    Patzerbereich, Kritisch-Regel, Schaden nach Panzerung). Alles kommt aus
    :func:`angriff_planen` und :mod:`gm_helfer.w100.chancen`; „in Reichweite“ ist dieselbe
    Prüfung wie beim Angriff.
    """
    schema = {"Waffe": pl.Utf8, "OB": pl.Int64, "DB": pl.Int64, "in Reichweite": pl.Utf8,
              "Patzer": pl.Utf8, "Treffer": pl.Utf8, "Volltreffer": pl.Utf8, "kritisch": pl.Utf8,
              "Ø Schaden": pl.Utf8, "Ziel kampfunfähig": pl.Utf8}
    if kampf.am_zug is None or not ziel:
        return pl.DataFrame([], schema=schema)
    o = kampf.optionen
    z = kampf[ziel]
    zeilen = []
    for name in waffen(kampf):
        try:
            plan = angriff_planen(kampf, kampf.am_zug, ziel, name, modifikator=int(modifikator or 0),
                                  reichweite_pruefen=False)
        except REGELFEHLER:
            continue
        w = plan.waffe
        c = w100_chancen.angriff_chancen(plan.ob, plan.db, w.patzerbereich, modifikator=plan.modifikator,
                                         krit=w.krit, optionen=o)
        vert = w100_chancen.angriff_schaden_verteilung(
            plan.ob, plan.db, w.patzerbereich, schaden=w.schaden, panzerung=plan.panzerung,
            modifikator=plan.modifikator, krit=w.krit, optionen=o)
        zeilen.append({
            "Waffe": name, "OB": plan.ob, "DB": plan.db,
            "in Reichweite": "ja" if erreicht(kampf[kampf.am_zug], z, w) else f"nein ({meter(plan.abstand)})",
            "Patzer": prozent(c.patzer), "Treffer": prozent(c.trifft),
            "Volltreffer": prozent(c.volltreffer), "kritisch": prozent(c.kritisch),
            "Ø Schaden": zahl(kern_chancen.mittelwert(vert)),
            "Ziel kampfunfähig": kampfunfaehig_text(w100_chancen.chance_kampfunfaehig(vert, int(z.lp or 0), o)),
        })
    return pl.DataFrame(zeilen, schema=schema)



def optionen_aus(werte: Mapping[str, Any]) -> Optionen:
    """Einstellungen aus Notebook-Elementen (Zahlen kommen evtl. als float) → :class:`Optionen`."""
    from dataclasses import fields

    typen = {f.name: f.type for f in fields(Optionen)}
    daten = {}
    for name, wert in werte.items():
        daten[name] = int(wert) if typen.get(name) in (int, "int") else wert
    return Optionen.aus_dict(daten)


def fortsetzen_sicher(
    datei: Path | str | None, vorher: Verlauf | None = None, *, uebernehmen: bool = False
) -> tuple[Verlauf | None, str]:
    """Wie :func:`fortsetzen`, aber Fehler und Warnungen als eine deutsche Meldung (mit Datei und
    Zeile). Schreibt eine andere Sitzung den Kampf, kommt er nur zum Ansehen zurück – außer mit
    ``uebernehmen=True``. Siehe :func:`gm_helfer.protokoll.fortsetzen_sicher`."""
    if not datei:
        return None, "⚠ Bitte ein Protokoll wählen."
    return protokoll.fortsetzen_sicher(
        Path(datei), lambda kopf: kampf_aus_dict(kopf["start"]), anwenden, vorher=vorher, uebernehmen=uebernehmen
    )


def initiative_wuerfeln(kampf: Kampf, *, rng: Any = None, augen: Mapping[str, Any] | None = None) -> Ereignis:
    """Initiative zu Kampfbeginn – oder zu Beginn einer neuen Runde, wenn neu gewürfelt wird."""
    if kampf.runde == 0:
        return initiative_ereignis(kampf, rng=rng, augen=augen)
    if not kampf.optionen.initiative_neu_wuerfeln:
        raise W100Fehler("Die Initiative ist bestimmt; die gespeicherte Reihenfolge gilt weiter "
                         "(„Neue Runde“ drücken, wenn die Runde vorbei ist).")
    return neue_runde_ereignis(kampf, rng=rng, augen=augen)


def neue_runde(kampf: Kampf, *, rng: Any = None, augen: Mapping[str, Any] | None = None) -> Ereignis:
    """Neue Runde; gewürfelt (``rng``) und/oder eingetippt (``augen``; wer fehlt, würfelt mit
    ``rng``) wird nur, wenn der Kampf neu würfeln lässt – sonst gilt die gespeicherte Reihenfolge."""
    if kampf.optionen.initiative_neu_wuerfeln:
        return neue_runde_ereignis(kampf, rng=rng, augen=augen or None)
    return neue_runde_ereignis(kampf)


@dataclass(frozen=True)
class InitiativeEingabe:
    """Was das Notebook anbietet, wenn jetzt Initiative gewürfelt werden muss."""

    titel: str
    knopf_wuerfeln: str
    knopf_eingetippt: str
    namen: tuple[str, ...]
    """Wer würfelt (nur Kampffähige)."""


def initiative_eingabe(kampf: Kampf | None) -> InitiativeEingabe | None:
    """Muss jetzt Initiative gewürfelt werden – und wofür?

    Zu Kampfbeginn immer; danach nur, wenn die Runde vorbei ist und der Kampf jede Runde neu
    würfeln lässt („Ob eine gespeicherte Initiative-Reihenfolge automatisch erneut verwendet
    wird, hängt von der Einstellung des Kampfes ab.“, regeln/w100.txt › Initiative und
    Kampfrunde). Sonst ``None``: dann gibt es nichts einzutippen.
    """
    if kampf is None:
        return None
    namen = tuple(k.name for k in kampf.kaempfer if k.kampffaehig(kampf.optionen))
    if kampf.runde == 0:
        return InitiativeEingabe("Initiative zu Kampfbeginn: W100 + Initiativebonus",
                                 "Initiative würfeln", "Eingetippte Initiative übernehmen", namen)
    if runde_vorbei(kampf) and kampf.optionen.initiative_neu_wuerfeln:
        n = kampf.runde + 1
        return InitiativeEingabe(f"Runde {n}: die Initiative wird neu gewürfelt",
                                 f"Runde {n} beginnen, Programm würfelt",
                                 f"Runde {n} mit eingetippter Initiative beginnen", namen)
    return None


def augen_aus_text(texte: Mapping[str, str]) -> dict[str, str]:
    """Eingetippte Initiativewürfe (Name → Text); leere Felder fehlen."""
    return {name: t.strip() for name, t in texte.items() if str(t).strip()}


STUFEN_ANZEIGE = STUFEN_TEXT
