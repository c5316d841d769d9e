"""Helfer für die Notebooks: Bögen ↔ Kampfwerte, Protokolldateien, Tabellen zum Anzeigen.

Keine Regel steht hier; es ist die Verbindung von :mod:`gm_helfer.boegen`,
:mod:`gm_helfer.pfade` und dem Aloran-Kampf, damit die Notebooks je Zelle nur einen Aufruf
brauchen.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import polars as pl

from gm_helfer import boegen, pfade, protokoll

from ..bogen import aus_bogen
from ..daten import KATEGORIE_ANZEIGE, SYSTEM, WUNDSTUFEN, WUNDTABELLE_ART, WUNDTABELLEN_TITEL, WUNDTEXTE, ZONEN
from ..kampf import Kampf, am_zug, reihenfolge
from ..optionen import Optionen
from ..werte import Kampfwerte, angriffsart, angriffsarten, verteidigungen_gegen, verteidigungsarten


@dataclass(frozen=True)
class Bogenstand:
    """Geprüfte Bögen aus den bearbeiteten Tabellen, ihre Kampfwerte und alle Meldungen."""

    boegen: tuple[boegen.Bogen, ...]
    werte: tuple[Kampfwerte, ...]
    meldungen: tuple[str, ...]

    def werte_namens(self, namen: Sequence[str]) -> list[Kampfwerte]:
        nach_name = {w.name: w for w in self.werte}
        return [nach_name[n] for n in namen if n in nach_name]

    @property
    def namen(self) -> list[str]:
        return [w.name for w in self.werte]

    def vorauswahl(self, helden: int = 2, gegner: int = 2) -> list[str]:
        """Die ersten Helden und Gegner – als Vorschlag, wer kämpft."""
        h = [w.name for w in self.werte if w.seite == "Helden"][:helden]
        g = [w.name for w in self.werte if w.seite != "Helden"][:gegner]
        return h + g


def bogen_tabellen(ladung: boegen.Ladeergebnis) -> dict[str, pl.DataFrame]:
    """Die geladenen Bögen als Tabellen für ``mo.ui.data_editor``."""
    return boegen.als_tabellen(ladung.boegen, boegen.schema(SYSTEM))


def bogenstand(tabellen: Mapping[str, pl.DataFrame], ladung: boegen.Ladeergebnis) -> Bogenstand:
    """Bearbeitete Tabellen prüfen (nichts wird gespeichert) und in Kampfwerte umwandeln."""
    erg = boegen.aus_tabellen(tabellen, boegen.schema(SYSTEM), ladung.boegen)
    meldungen = [str(f) for f in (*ladung.fehler, *erg.fehler)]
    werte = []
    for b in erg.boegen:
        try:
            werte.append(aus_bogen(b))
        except ValueError as fehler:
            meldungen.append(f"{b.datei.name}, {b.name}: {fehler}")
    return Bogenstand(erg.boegen, tuple(werte), tuple(dict.fromkeys(meldungen)))


def speichern(stand: Bogenstand) -> list[str]:
    """Alle geprüften Bögen atomar speichern; gibt deutsche Meldungen zurück."""
    meldungen = []
    for b in stand.boegen:
        if boegen.speichern(b):
            meldungen.append(f"{b.name} gespeichert ({b.datei.name}).")
    return meldungen or ["Nichts geändert – alle Bögen waren schon gespeichert."]


def protokolldateien() -> list[str]:
    """Namen der Aloran-Kampfprotokolle im Kampfordner, neueste zuerst (nur mit vollständigem Kopf)."""
    return [d.name for d in protokoll.auflisten(pfade.kampf_ordner(), SYSTEM, f"{SYSTEM}_*.jsonl")]


def neue_protokolldatei(jetzt: datetime | None = None) -> Path:
    """Ein freier Dateiname ``aloran_JJJJMMTT_HHMMSS.jsonl`` im Kampfordner."""
    jetzt = jetzt or datetime.now()
    ordner = pfade.kampf_ordner()
    stamm = f"{SYSTEM}_{jetzt:%Y%m%d_%H%M%S}"
    datei, i = ordner / f"{stamm}.jsonl", 2
    while datei.exists():
        datei, i = ordner / f"{stamm}_{i}.jsonl", i + 1
    return datei


def gespeicherte_kaempfe(ordner: Path | None = None) -> list:
    """Gespeicherte Aloran-Kämpfe, neueste zuerst, beschriftet mit Kämpfern, Runde und letztem
    Schritt (:func:`gm_helfer.tisch.gespeicherte_kaempfe`)."""
    from gm_helfer import tisch

    return tisch.gespeicherte_kaempfe(SYSTEM, lambda kopf: [(k["name"], k.get("seite", "")) for k in kopf["kaempfer"]],
                                      runden_arten=("runde",), ordner=ordner)


def protokolldatei(name: str) -> Path:
    """Pfad eines Protokolls im Kampfordner."""
    return pfade.kampf_ordner() / name


def optionen_aus(auswahl: Mapping[str, bool]) -> Optionen:
    """Optionen aus den Häkchen des Notebooks."""
    return Optionen(**{k: bool(v) for k, v in auswahl.items()})


def angriff_namen(kampf: Kampf, name: str) -> list[str]:
    return [a.name for a in angriffsarten(kampf.kaempfer_namens(name).werte)]


def verteidigung_namen(kampf: Kampf, name: str, angreifer: str | None = None,
                       angriff: str | None = None) -> list[str]:
    """Verteidigungen des Ziels ``name`` – mit Angreifer und Angriff nur die zulässigen
    (:func:`~.werte.wehrt_ab`)."""
    werte = kampf.kaempfer_namens(name).werte
    if angreifer is None or angriff is None:
        return [v.name for v in verteidigungsarten(werte)]
    art = angriffsart(kampf.kaempfer_namens(angreifer).werte, angriff)
    return [v.name for v in verteidigungen_gegen(werte, art, kampf.optionen)]


def zug_hinweis(kampf: Kampf) -> str:
    """Wer am Zug ist und wer danach kommt – ein Satz für das Live-Notebook.

    Allgemeine Regeln › 1.–3. Phase (Reihenfolge nach Initiative, Abwarten, Rundenende);
    die Regel steckt in :func:`~.kampf.am_zug`."""
    if kampf.runde < 1:
        if any(k.initiative is None for k in kampf.kaempfer):
            return "Noch nicht begonnen: erst Initiative bestimmen, dann „Neue Runde“ (Runde 1)."
        return "Initiative steht – mit „Neue Runde“ beginnt Runde 1."
    jetzt = am_zug(kampf)
    abwartend = [k.name for k in kampf.kaempfer if k.zug == "abwartend"]
    warten = f" Wartet ab (darf jederzeit eingreifen): {', '.join(abwartend)}." if abwartend else ""
    if not jetzt:
        return f"Runde {kampf.runde}: alle hatten ihre Aktionen – „Neue Runde“ beginnen.{warten}"
    danach = [k.name for g in reihenfolge(kampf) for k in g if not k.zug and k.name not in jetzt]
    ini = kampf.kaempfer_namens(jetzt[0]).aktuelle_initiative
    return (f"Am Zug: {' und '.join(jetzt)} (Initiative {ini})."
            + (f" Danach: {', '.join(danach)}." if danach else "") + warten)


def gegner_von(kampf: Kampf, name: str) -> list[str]:
    """Mögliche Ziele: erst die andere Seite, dann alle übrigen."""
    seite = kampf.kaempfer_namens(name).werte.seite
    andere = [k.name for k in kampf.kaempfer if k.werte.seite != seite]
    gleiche = [k.name for k in kampf.kaempfer if k.werte.seite == seite and k.name != name]
    return andere + gleiche


def wundtabelle(konstitution: int, schadensart: str) -> pl.DataFrame:
    """Die Wundtabelle einer Schadensart mit den Schwellen für diese Konstitution."""
    art = WUNDTABELLE_ART[schadensart]
    zeilen = []
    for i, stufe in enumerate(WUNDSTUFEN):
        if stufe.bis_ko == 0:
            bereich = "0"
        elif stufe.bis_ko is None:
            bereich = f"über {konstitution * 5}"
        else:
            bereich = f"bis {konstitution * stufe.bis_ko}"
        zeilen.append({
            "Wunden": bereich,
            "Angriff/Verteidigung": f"−{stufe.wuerfel_abzug} W10" if stufe.wuerfel_abzug else "–",
            "Initiative": f"−{stufe.initiative_abzug}" if stufe.initiative_abzug else "–",
            "Verletzung": stufe.schwere if i else "keine",
            WUNDTABELLEN_TITEL[art]: WUNDTEXTE[art][i],
        })
    return pl.DataFrame(zeilen)


def kategorie_text(kat: str) -> str:
    return KATEGORIE_ANZEIGE[kat]


def koerper_eintraege(kampf: Kampf) -> list[tuple[str, tuple[int, ...], int]]:
    """(Name, Wunden je Zone, Konstitution) für :func:`~.diagramme.koerper_html`."""
    return [(k.name, k.wunden, k.konstitution) for k in kampf.kaempfer]


def chancen_zeile(vs: Any) -> str:
    """Eine Zeile mit den wichtigsten Chancen einer :class:`~.kampf.Vorschau` (deutsch, Prozent)."""
    from gm_helfer.diagramme import prozent

    c = vs.chancen
    return (f"Trefferchance {prozent(c.kategorien.trifft)} · schwerer oder tödlicher Treffer "
            f"{prozent(c.kategorien.schwerer_treffer + c.kategorien.toedlicher_treffer)} · "
            f"Patzer {prozent(c.angriff_patzer)} · Meistertreffer {prozent(c.angriff_meister)}")


def zonen_auswahl() -> dict[str, str]:
    """Anzeigename → Schlüssel der Trefferzonen (für Auswahllisten)."""
    return {z.name: z.schluessel for z in ZONEN}


def noch_nicht_dabei(stand: Bogenstand, kampf: Kampf) -> list[str]:
    """Bögen, die (noch) nicht mitkämpfen – für „greift ein“."""
    return [n for n in stand.namen if n not in kampf.namen]


def patzer_tabelle(stufen: Sequence[int] = (1, 2, 3, 4, 5), pools: Sequence[int] = (3, 5, 8, 10)) -> pl.DataFrame:
    """Patzerchance je Talentstufe und Poolgröße, dazu die Meistertrefferchance mit 10 W10
    (gegen die Schwierigkeit, die die Meisterschaft dieser Stufe gibt)."""
    from gm_helfer.diagramme import prozent

    from ..chancen import meister_chance, patzer_chance
    from ..proben import schwierigkeit

    zeilen = []
    for stufe in stufen:
        zeile: dict[str, Any] = {"Talentstufe": stufe}
        for n in pools:
            zeile[f"Patzer mit {n} W10"] = prozent(patzer_chance(wuerfel=n, talentstufe=stufe))
        zeile["Meistertreffer mit 10 W10"] = prozent(meister_chance(10, stufe, schwierigkeit(stufe)))
        zeilen.append(zeile)
    return pl.DataFrame(zeilen)


def wunden_text(kopf: int, torso: int, schwertarm: int, konstitution: int, schadensart: str) -> str:
    """Beispiel fürs Lernen: Verletzung, Abzüge oder „kampfunfähig“ (deutsch, Markdown)."""
    from ..wunden import initiativeabzug, kampfunfaehig, verletzungstext, wuerfelabzug

    wunden = beispiel_wunden(kopf, torso, schwertarm)
    text = verletzungstext(wunden, konstitution, schadensart)
    if kampfunfaehig(wunden, konstitution):
        return f"{text} – **kampfunfähig**"
    return (f"{text} – Abzug {wuerfelabzug(wunden, konstitution)} W10, "
            f"Initiative −{initiativeabzug(wunden, konstitution)}")


def beispiel_wunden(kopf: int = 0, torso: int = 0, schwertarm: int = 0) -> tuple[int, ...]:
    """Wunden je Zone (Reihenfolge der Trefferzonen-Tabelle) mit Kopf, Torso und Schwertarm."""
    werte = {"kopf": kopf, "torso": torso, "schwertarm": schwertarm}
    return tuple(werte.get(z.schluessel, 0) for z in ZONEN)


def verteidigung_tabelle(optionen: Optionen = Optionen()) -> pl.DataFrame:
    """Welche Verteidigung gegen welchen Angriff zulässig ist (SPIELABLAUF › Verteidigungsaktion)."""
    from ..werte import Angriffsart, Verteidigungsart, wehrt_ab

    angriffe = {
        "Waffe / waffenlos / Manöver": Angriffsart("", "waffe", "athletik", 0, "", 0, "1W6", "Hieb"),
        "Zauber (physisch, z. B. Feuerball)": Angriffsart("", "zauber", "klugheit", 0, "", 0, "1W6", "Wucht"),
        "Zauber (geistige Beeinflussung)": Angriffsart("", "zauber", "klugheit", 0, "", 0, "", "Wucht",
                                                       wirkung="geistig"),
    }
    verteidigungen = {
        "Standard-Parade": "parade", "Parade-Manöver": "manoever", "Ausweichen": "ausweichen",
        "Willenskraft": "willenskraft", "Paradezauber": "paradezauber",
    }
    zeilen = []
    for a_name, a in angriffe.items():
        zeile: dict[str, Any] = {"Angriff": a_name}
        for v_name, art in verteidigungen.items():
            v = Verteidigungsart(v_name, "athletik", 0, "", 0, art=art)
            zeile[v_name] = "ja" if wehrt_ab(v, a, optionen) else "–"
        zeilen.append(zeile)
    return pl.DataFrame(zeilen)
