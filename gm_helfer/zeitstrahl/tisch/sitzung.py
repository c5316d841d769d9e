"""Hilfen für das Live-Notebook: Kampf anlegen und fortsetzen, Tabellen für die Anzeige.

Keine Regel steht hier; das Notebook bleibt dünn, indem es diese Funktionen aufruft.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from gm_helfer import protokoll
from gm_helfer.protokoll import Verlauf
from gm_helfer.text import leer

from ..chancen import startpositions_chancen
from ..kampf import (
    Kaempfer,
    Kampf,
    anwenden,
    kampf_aus_kopf,
    konter_erschwernis,
    neuer_kampf,
    start_schwierigkeit,
)
from ..optionen import Optionen

__all__ = [
    "neuer_verlauf",
    "gespeicherte_kaempfe",
    "verlauf_fortsetzen",
    "protokolle",
    "augen_sammeln",
    "namen_augen",
    "vorschlag",
    "konter_hinweis",
    "start_tabelle",
    "reihenfolge_tabelle",
    "protokoll_tabelle",
]

SYSTEM = "zeitstrahl"


def neuer_verlauf(
    kaempfer: Sequence[Kaempfer], optionen: Optionen, ordner: Path | None
) -> Verlauf[Kampf]:
    """Neuer Kampf; mit ``ordner`` wird das Protokoll dort als JSON Lines mitgeschrieben."""
    from gm_helfer import tisch

    start = neuer_kampf(kaempfer, optionen)
    datei = tisch.protokoll_datei(SYSTEM, ordner) if ordner is not None else None
    return Verlauf(start, anwenden, datei=datei, system=SYSTEM, kopf=start.als_kopf())


def verlauf_fortsetzen(
    datei: Path, *, nur_lesen: bool = False, uebernehmen: bool = False
) -> tuple[Verlauf[Kampf], list[str]]:
    """Einen gespeicherten Kampf aus seinem Protokoll wiederherstellen; ``nur_lesen`` und
    ``uebernehmen`` wie bei :meth:`gm_helfer.protokoll.Verlauf.fortsetzen`."""
    return Verlauf.fortsetzen(datei, kampf_aus_kopf, anwenden, nur_lesen=nur_lesen, uebernehmen=uebernehmen)
def gespeicherte_kaempfe(ordner: Path | None = None) -> list:
    """Gespeicherte Zeitstrahl-Kämpfe, neueste zuerst, beschriftet mit Kämpfern und letztem
    Schritt (:func:`gm_helfer.tisch.gespeicherte_kaempfe`; „Runde“ zählt hier die Starts)."""
    from gm_helfer import tisch

    return tisch.gespeicherte_kaempfe(SYSTEM, lambda kopf: [(k["name"], k.get("partei", "")) for k in kopf["kaempfer"]],
                                      runden_arten=("start",), ordner=ordner)



def protokolle(ordner: Path) -> list[Path]:
    """Alle Zeitstrahl-Protokolle im Ordner, neueste zuerst (nur mit vollständigem Kopf)."""
    return protokoll.auflisten(Path(ordner), SYSTEM)


def augen_sammeln(**eingaben: str | None) -> dict[str, str]:
    """Nur die ausgefüllten Würfelfelder (leere lässt das Programm würfeln)."""
    return {k: v.strip() for k, v in eingaben.items() if isinstance(v, str) and v.strip()}


def namen_augen(text: str | None) -> dict[str, str]:
    """Liest „Herkulos=14, Söldner=7“ oder „krit: 3; patzer: 2“ in ein Dict.

    Raises:
        ValueError: ein Eintrag ohne ``=`` oder ``:`` (deutsche Meldung).
    """
    ergebnis: dict[str, str] = {}
    for teil in re.split(r"[,;\n]+", text or ""):
        if not teil.strip():
            continue
        m = re.match(r"\s*(.+?)\s*[=:]\s*(.+?)\s*$", teil)
        if not m:
            raise ValueError(f"„{teil.strip()}“: bitte als Name=Augen schreiben, z. B. Herkulos=14.")
        ergebnis[m.group(1)] = m.group(2)
    return ergebnis


def vorschlag(kampf: Kampf) -> tuple[str | None, str | None]:
    """Wer jetzt angreift (wer am Zug ist oder kontern darf) und ein Ziel der anderen Partei."""
    if kampf.konter is not None:
        return kampf.konter
    am_zug = kampf.am_zug
    if not am_zug:
        return None, None
    wer = kampf[am_zug[0]]
    andere = [t.name for t in kampf.aktive if t.partei != wer.partei]
    rest = [t.name for t in kampf.aktive if t.name != wer.name]
    return wer.name, (andere or rest or [None])[0]


def start_tabelle(kampf: Kampf, schwierigkeit: int | Mapping[str, int] | None = None) -> pl.DataFrame:
    """Vor dem Startwurf: je Teilnehmer die Schwierigkeit, die Chance auf Tick 0 und die
    mittlere Startposition (exakt, ``startpositions_chancen``)."""
    zeilen = []
    for t in kampf.teilnehmer:
        s = start_schwierigkeit(kampf, t.name, schwierigkeit)
        vert = startpositions_chancen(t.kaempfer.kampferfahrung, s, optionen=kampf.optionen)
        zeilen.append({
            "Name": t.name, "Kampferfahrung": t.kaempfer.kampferfahrung, "Schwierigkeit": s,
            "Tick 0": vert.get(0, 0.0),
            "Mittel": sum(k * p for k, p in vert.items()),
            "spätestens": max(vert),
        })
    return pl.DataFrame(zeilen, schema={"Name": pl.Utf8, "Kampferfahrung": pl.Int64,
                                        "Schwierigkeit": pl.Int64, "Tick 0": pl.Float64,
                                        "Mittel": pl.Float64, "spätestens": pl.Int64})


def konter_hinweis(kampf: Kampf) -> str:
    """Ein Satz, wenn jemand sofort kontern darf (sonst leer)."""
    if kampf.konter is None:
        return ""
    wer, gegen = kampf.konter
    return (f"{wer} darf sofort gegen {gegen} kontern "
            f"(um {konter_erschwernis(kampf, wer)} erschwert).")


def reihenfolge_tabelle(kampf: Kampf) -> pl.DataFrame:
    """Wer wann dran ist: Position, Lebenspunkte, Waffen, Zustände (nach Position)."""
    zeilen = []
    am_zug = set(kampf.am_zug)
    for t in sorted(kampf.teilnehmer, key=lambda t: (t.position is None, t.position or 0, t.name)):
        waffen = ", ".join(
            f"{w.name} ({status}, Stab. {stab})" if status != "bereit" or stab != w.stabilitaet
            else w.name
            for w, status, stab in zip(t.kaempfer.waffen, t.waffen_status, t.stabilitaet)
        )
        zustaende = list(t.zustaende)
        if t.angesagt:
            zustaende.append("Reaktion angesagt")
        if t.laufend:
            zustaende.append(f"läuft: {t.laufend}")
        if t.kampfunfaehig(kampf.optionen):
            zustaende.insert(0, "kampfunfähig")
        zeilen.append({
            "": "▶" if t.name in am_zug else "",
            "Name": t.name,
            "Partei": t.partei,
            "Tick": leer(t.position),
            "Lebenspunkte": f"{t.lebenspunkte}/{t.kaempfer.lebenspunkte}",
            "Waffen": waffen,
            "Zustände": ", ".join(zustaende),
        })
    return pl.DataFrame(zeilen, schema={"": pl.Utf8, "Name": pl.Utf8, "Partei": pl.Utf8,
                                        "Tick": pl.Utf8, "Lebenspunkte": pl.Utf8,
                                        "Waffen": pl.Utf8, "Zustände": pl.Utf8})


def protokoll_tabelle(verlauf: Verlauf[Kampf]) -> pl.DataFrame:
    """Das Kampfprotokoll: je Ereignis Text, Regel und ob Würfel eingetippt wurden."""
    zeilen = [
        {"Nr.": i, "Was geschah": e.text, "Regel": e.regel,
         "Würfel": "eingetippt" if e.eingetippt else "Programm"}
        for i, e in enumerate(verlauf.ereignisse, start=1)
    ]
    return pl.DataFrame(zeilen, schema={"Nr.": pl.Int64, "Was geschah": pl.Utf8,
                                        "Regel": pl.Utf8, "Würfel": pl.Utf8})




def vorschlag_chancen(kampf: Any, v: Any) -> str:
    """Die exakten Chancen eines Vorschlags (:func:`gm_helfer.zeitstrahl.tisch.zug.vorschlag`) in
    einem Satz: Treffer gegen die vorgeschlagene Verteidigung und „kampfunfähig mit diesem
    Treffer“ (``vorschau``, gegen den Stand, gegen den der Handelnde würfelt)."""
    from gm_helfer.text import prozent
    from gm_helfer.zeitstrahl import vorschau
    from gm_helfer.zeitstrahl.tisch import zug as zzug

    if v is None or v.ziel is None or v.waffe is None or v.schluessel not in ("angriff", "konter"):
        return ""
    lage = zzug.wurf_stand(kampf, v.wer)
    vindex = next((i for i, w in enumerate(lage[v.ziel].kaempfer.waffen) if w.name == v.verteidigungs_waffe), None)
    wahl = next((w for w in vorschau.verteidigungs_wahlen(lage, v.wer, v.ziel, v.waffe)
                 if (w.art, w.waffe) == (v.verteidigung, vindex) and w.chancen is not None), None)
    if wahl is None:
        return ""
    z = lage[v.ziel]
    noetig = z.lebenspunkte - kampf.optionen.kampfunfaehig_bei
    schaden = vorschau.schadens_vorschau(lage, v.wer, v.ziel, v.waffe, verteidigung=v.verteidigung,
                                         verteidigungs_waffe=vindex)
    aus = sum(p for sp, p in schaden.items() if sp >= noetig)
    return (f"Treffer {prozent(wahl.chancen.treffer)} · {v.ziel} danach kampfunfähig {prozent(aus)} "
            "(exakt)")
