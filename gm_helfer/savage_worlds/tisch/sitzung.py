"""Bausteine für das Live-Notebook: Protokolldatei, sicheres Ausführen, Tabellen, Auswahllisten.

Keine Regeln hier – nur das, was ein Notebook sonst selbst zusammensetzen müsste (damit die
Zellen dünn bleiben): Verlauf anlegen und fortsetzen, ein Ereignis bauen und ausführen
(Fehler als deutsche Meldung statt Zellfehler), Anzeigen des Zustands.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import polars as pl

from gm_helfer import protokoll, tisch
from gm_helfer.karten import karte_svg
from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.bogen import kaempfer_aus_bogen, kampf_aus_boegen  # noqa: F401 (Regelschicht, hier weiter angeboten)
from gm_helfer.savage_worlds.kampf import KampfFehler, Kampfzustand

__all__ = [
    "FARBEN",
    "augen",
    "ausfuehren",
    "countdown_html",
    "fortsetzen_sicher",
    "kaempfer_tabelle",
    "kampf_aus_boegen",
    "karten_eingabe",
    "lage",
    "neuer_verlauf",
    "protokoll_tabelle",
    "protokolle",
    "rueckgaengig",
]

SYSTEM = "savage_worlds"

FARBEN = {
    "verfehlt": "#9e9e9e",
    "keine Wirkung": "#bdbdbd",
    "Angeschlagen": "#fbc02d",
    "1 Wunde": "#fb8c00",
    "2 Wunden": "#f4511e",
    "3 Wunden": "#d84315",
    "Außer Gefecht": "#8e0000",
    "Kritischer Fehlschlag": "#6d4c41",
    "Fehlschlag": "#9e9e9e",
    "Erfolg": "#66bb6a",
    "Steigerung": "#2e7d32",
}
"""Farben der Ausgänge in den Chancen-Diagrammen."""


def beispiel_runde(ordner: Path | None = None, *, seed: int = 0) -> Verlauf[Kampfzustand]:
    """Alle Beispielbögen, eine Runde begonnen und Karten ausgeteilt (für das Lern-Notebook)."""
    import random

    from gm_helfer.boegen import laden

    ladung = laden(SYSTEM, ordner)
    verlauf = Verlauf(kampf_aus_boegen(ladung.boegen), k.anwenden)
    verlauf.ausfuehren(k.ereignis_runde(verlauf.zustand))
    verlauf.ausfuehren(k.ereignis_karten(verlauf.zustand, rng=random.Random(seed)))
    return verlauf


def neuer_verlauf(zustand: Kampfzustand, ordner: Path | None = None) -> Verlauf[Kampfzustand]:
    """Ein neuer Verlauf mit Protokolldatei im Kampfordner (``GM_HELFER_KAEMPFE``)."""
    return tisch.neuer_verlauf(SYSTEM, zustand, k.anwenden, k.kopf(zustand), ordner)


def kaempfer_namen(kopf: Mapping[str, Any]) -> list[str]:
    """Die Kämpfer eines gespeicherten Kampfes (aus dem Protokollkopf)."""
    return [str(d["name"]) for d in kopf.get("kaempfer", [])]


def kaempfer_seiten(kopf: Mapping[str, Any]) -> list[tuple[str, str]]:
    """``(name, seite)`` je Kämpfer eines gespeicherten Kampfes (für die Beschriftung: Helden zuerst)."""
    return [(str(d["name"]), str(d.get("seite", ""))) for d in kopf.get("kaempfer", [])]


def gespeicherte_kaempfe(ordner: Path | None = None) -> list[tisch.GespeicherterKampf]:
    """Gespeicherte Savage-Worlds-Kämpfe, neueste zuerst, beschriftet (Kämpfer, Runde, letzter Schritt)."""
    return tisch.gespeicherte_kaempfe(SYSTEM, kaempfer_seiten, runden_arten=("runde",), ordner=ordner)


def protokolle(ordner: Path | None = None) -> list[Path]:
    """Gespeicherte Savage-Worlds-Kämpfe, neueste zuerst."""
    return [g.datei for g in gespeicherte_kaempfe(ordner)]


def fortsetzen_sicher(
    datei: str | Path | None, vorher: Verlauf[Kampfzustand] | None = None, *, uebernehmen: bool = False
) -> tuple[Verlauf[Kampfzustand] | None, str]:
    """Setzt einen Kampf aus seiner Protokolldatei fort; Fehler werden zur Meldung (mit Datei
    und Zeile). Schreibt eine andere Sitzung den Kampf, kommt er nur zum Ansehen zurück
    (Meldung „⚠ … anderen Sitzung …“), außer mit ``uebernehmen=True`` (ausdrücklich: die andere
    Sitzung kann danach nichts mehr eintragen). Siehe :func:`gm_helfer.protokoll.fortsetzen_sicher`."""
    if not datei:
        return None, "⚠ Erst einen gespeicherten Kampf wählen."
    return protokoll.fortsetzen_sicher(
        Path(datei), k.start_aus_kopf, k.anwenden, vorher=vorher, uebernehmen=uebernehmen
    )


def bogen_auswahl(kaempfer: Sequence[str], bogen_namen: Sequence[str]) -> list[str]:
    """Welche Bögen die Kämpfer eines Kampfes gestellt haben: „Bandit“ für „Bandit 1“ … „Bandit 4“.

    >>> bogen_auswahl(["Brakka", "Bandit 1", "Bandit 2"], ["Bandit", "Brakka", "Mira"])
    ['Bandit', 'Brakka']
    """
    return tisch.boegen_der_kaempfer(kaempfer, bogen_namen)


def ausfuehren(verlauf: Verlauf[Kampfzustand] | None, baue: Callable[[Kampfzustand], Ereignis]) -> str:
    """Wie :func:`gm_helfer.tisch.ausfuehren`: Protokollzeile oder „⚠ …“, nie eine Ausnahme."""
    return tisch.ausfuehren(verlauf, baue)


def rueckgaengig(verlauf: Verlauf[Kampfzustand] | None) -> str:
    return tisch.rueckgaengig(verlauf)


def augen(text: str | None) -> str | None:
    """Eingetippte Augen aus einem Textfeld; leer heißt: das Programm würfelt."""
    return tisch.augen(text)


def wurfquelle(text: str | None, rng: Any) -> dict[str, Any]:
    """``{"augen": text}`` wenn der Spielleiter Würfel eingetippt hat, sonst ``{"rng": rng}``."""
    return tisch.wurfquelle(text, rng)


def _namens_teile(text: str) -> list[tuple[str, str]]:
    teile = []
    for teil in [t for t in re.split(r"[;\n]", text or "") if t.strip()]:
        if ":" not in teil:
            raise KampfFehler(f"„{teil.strip()}“: bitte „Name: …“ eintippen, z. B. „Brakka: A♠; Banditen: 7♥ 3♣“.")
        name, rest = teil.split(":", 1)
        teile.append((name.strip(), rest.strip()))
    return teile


def wurfquelle_paar(text: str | None, rng: Any) -> dict[str, Any]:
    """Vergleichende Probe: „7, 2 | 5“ → eigene und gegnerische Augen; leer → ``rng``.

    Raises:
        KampfFehler: eingetippt, aber ohne ``|`` zwischen beiden Seiten.
    """
    if augen(text) is None:
        return {"rng": rng}
    teile = str(text).split("|")
    if len(teile) != 2 or not all(t.strip() for t in teile):
        raise KampfFehler("Bitte beide Seiten eintippen, getrennt durch „|“, z. B. „7, 2 | 5“.")
    return {"augen": teile[0].strip(), "gegen_augen": teile[1].strip()}


def wurfquelle_je_name(text: str | None, rng: Any) -> dict[str, Any]:
    """Mehrere Proben (Überraschung): „Brakka: 4, 2; Mira: 6+1, 3“ oder leer → ``rng``."""
    return {"augen": augen_je_name(str(text))} if augen(text) is not None else {"rng": rng}


def kartenquelle(text: str | None, rng: Any) -> dict[str, Any]:
    """Echte Karten („Brakka: A♠; Banditen: 7♥“) oder, wenn leer, ``rng``."""
    return {"eingetippt": karten_eingabe(str(text))} if augen(text) is not None else {"rng": rng}


def augen_je_name(text: str) -> dict[str, str]:
    """„Brakka: 4, 2; Mira: 6+1, 3“ → ``{"Brakka": "4, 2", "Mira": "6+1, 3"}``."""
    return dict(_namens_teile(text))


def karten_eingabe(text: str) -> dict[str, list[str]]:
    """„Brakka: A♠; Banditen: 7♥ 3♣; Mira: Joker rot“ → Karten je Empfänger, in der Reihenfolge
    des Ziehens (Kühler Kopf, Schnell). Karten durch Leerzeichen oder Komma getrennt.

    Raises:
        KampfFehler: ein Teil ohne Doppelpunkt.
    """
    aus: dict[str, list[str]] = {}
    for name, rest in _namens_teile(text):
        if "," in rest:
            aus[name] = [x.strip() for x in rest.split(",") if x.strip()]
            continue
        karten: list[str] = []
        for wort in rest.split():
            if karten and karten[-1].lower() == "joker" and wort.lower() in ("rot", "schwarz"):
                karten[-1] += " " + wort
            else:
                karten.append(wort)
        aus[name] = karten
    return aus


def lage(zustand: Kampfzustand | None) -> str:
    """Eine Zeile: Runde, wer dran ist, Bennies des Spielleiters."""
    if zustand is None:
        return "Noch kein Kampf."
    if zustand.runde == 0:
        return "Kampf bereit – „Neue Runde“ beginnt Runde 1."
    dran = zustand.am_zug or "niemand"
    naechster = zustand.naechster()
    teile = [f"Runde {zustand.runde}", f"an der Reihe: {dran}"]
    if not zustand.karten:
        teile.append("Karten austeilen")
    elif naechster:
        teile.append(f"als Nächstes: {naechster}")
    elif not zustand.am_zug:
        teile.append("alle haben gehandelt")
    if zustand.abwartend:
        teile.append("wartet ab: " + ", ".join(sorted(zustand.abwartend)))
    teile.append(f"Bennies Spielleiter: {zustand.spielleiter_bennies}")
    return " · ".join(teile)


def offene_aufgaben(zustand: Kampfzustand | None) -> list[str]:
    """Was die Regeln jetzt verlangen (Ausbluten vor den Karten, Außer-Gefecht-Proben, …)."""
    if zustand is None:
        return []
    aus = [f"{name} blutet: Ausbluten-Probe vor den Karten" for name in k.ausbluten_faellig(zustand)]
    for kf in zustand.kaempfer:
        if kf.ag_probe_offen:
            aus.append(f"{kf.name}: Außer-Gefecht-Probe würfeln (vorher ggf. wegstecken)")
    for t in zustand.offene_treffer:
        aus.append(f"Treffer {t.angreifer} → {t.ziel}: Schaden würfeln")
    if zustand.am_zug:
        for m in zustand.mitglieder(zustand.am_zug):
            if m.angeschlagen and m.kampffaehig:
                aus.append(f"{m.name} ist Angeschlagen: erst Erholungsprobe oder Benny")
    for emp in k.erholung_sofort(zustand):
        aus.append(f"{emp} wartet ab und ist Angeschlagen: ist sofort nach diesem Zug dran (Erholungsprobe)")
    for emp in zustand.vorrang:
        if emp not in zustand.gehandelt and emp != zustand.am_zug:
            aus.append(f"{emp} ist nach diesem Zug dran (Unterbrechung)")
    return aus


def kaempfer_tabelle(zustand: Kampfzustand) -> pl.DataFrame:
    """Eine Zeile je Kämpfer: Seite, Karte, Zustand, Wunden, Bennies, Parade, Robustheit."""
    zeilen = []
    for kf in zustand.kaempfer:
        emp = zustand.empfaenger(kf)
        karte = zustand.karte_von(emp)
        zeilen.append({
            "Name": kf.name,
            "Seite": kf.seite,
            "Art": "Wildcard" if kf.wildcard else "Statist",
            "Karte": (str(karte) if karte else "–") + (" (wartet)" if emp in zustand.abwartend else ""),
            "Zustand": kf.zustand_text,
            "Wunden": kf.wunden,
            "Bennies": kf.bennies,
            "Parade": kf.parade,
            "Robustheit": kf.robustheit,
            "Verletzungen": "; ".join(kf.verletzungen),
        })
    return pl.DataFrame(zeilen)


def countdown_html(zustand: Kampfzustand) -> str:
    """Die Aktionskarten in der Reihenfolge des Herunterzählens, mit Namen darunter."""
    if not zustand.karten:
        return "<div id='sw-karten'><em>Noch keine Karten ausgeteilt.</em></div>"
    teile = []
    for emp, karte in zustand.reihenfolge():
        stil = "opacity:0.35;" if emp in zustand.gehandelt else ""
        rahmen = "outline:3px solid #2e7d32;border-radius:6px;" if emp == zustand.am_zug else ""
        zusatz = " · wartet" if emp in zustand.abwartend else ""
        zusatz += " · +2" if karte.ist_joker and zustand.karte_runde(emp) == zustand.runde else ""
        teile.append(
            f"<div style='text-align:center;{stil}{rahmen}padding:2px'>{karte_svg(karte, 56)}"
            f"<div style='font-size:0.8em'>{html.escape(emp)}{zusatz}</div></div>"
        )
    return "<div id='sw-karten' style='display:flex;gap:8px;flex-wrap:wrap'>" + "".join(teile) + "</div>"


def protokoll_tabelle(verlauf: Verlauf[Kampfzustand] | None) -> pl.DataFrame:
    """Das Protokoll, neueste zuerst (wie in allen Notebooks, :func:`gm_helfer.tisch.protokoll_tabelle`)."""
    return tisch.protokoll_tabelle(verlauf)


# -- Auswahllisten ----------------------------------------------------------------------------


def angreifer(zustand: Kampfzustand) -> list[str]:
    """Wer jetzt handeln kann: die kampffähigen Mitglieder der Karte, die an der Reihe ist."""
    if not zustand.am_zug:
        return []
    return [m.name for m in zustand.mitglieder(zustand.am_zug) if m.kampffaehig]


def ziele(zustand: Kampfzustand, wer: str | None) -> list[str]:
    """Mögliche Ziele: zuerst die kampffähigen Gegner, dann alle anderen."""
    if not wer:
        return [kf.name for kf in zustand.kaempfer if kf.kampffaehig]
    seite = zustand.kaempfer_namens(wer).seite
    gegner = [kf.name for kf in zustand.kaempfer if kf.seite != seite and kf.kampffaehig]
    rest = [kf.name for kf in zustand.kaempfer if kf.name not in gegner and kf.name != wer and not kf.tot]
    return gegner + rest


def waffen(zustand: Kampfzustand, wer: str | None) -> list[str]:
    if not wer:
        return []
    return [w.name for w in zustand.kaempfer_namens(wer).waffen] + ["Waffenlos"]


def behalten(optionen: Sequence[str], gemerkt: str | None) -> str | None:
    """Wert einer neu gebauten Auswahlliste: die gemerkte Wahl, solange es sie noch gibt, sonst
    der erste Eintrag (damit der Spielleiter nach einem Schritt nicht neu wählen muss)."""
    if gemerkt is not None and gemerkt in optionen:
        return gemerkt
    return optionen[0] if optionen else None


def lage_auswahl(gemerkt: Mapping[str, Any] | None) -> dict[str, Any]:
    """Werte der Lage-Bedienelemente: die Standardlage (``Angriffssituation()``), überschrieben
    mit der zuletzt gewählten Lage."""
    standard = k.Angriffssituation().als_dict()
    return {**standard, **{n: v for n, v in (gemerkt or {}).items() if n in standard}}


def namen(zustand: Kampfzustand, bedingung: str) -> list[str]:
    """Namen nach Zustand: „angeschlagen“, „ag_offen“, „blutet“, „wildcard“, „kampffaehig“, „alle“."""
    tests: Mapping[str, Callable[[Any], bool]] = {
        "angeschlagen": lambda kf: kf.angeschlagen and kf.kampffaehig,
        "ag_offen": lambda kf: kf.ag_probe_offen,
        "blutet": lambda kf: kf.blutet and not kf.tot,
        "wildcard": lambda kf: kf.wildcard and not kf.tot,
        "kampffaehig": lambda kf: kf.kampffaehig,
        "alle": lambda kf: True,
    }
    aus = [kf.name for kf in zustand.kaempfer if tests[bedingung](kf)]
    if bedingung == "blutet":
        faellig = set(k.ausbluten_faellig(zustand))  # wer die Ausbluten-Probe jetzt schuldet, zuerst
        aus.sort(key=lambda n: n not in faellig)
    if bedingung == "angeschlagen" and zustand.am_zug:
        # wer gerade an der Reihe ist, schuldet die Erholungsprobe zuerst
        dran = {m.name for m in zustand.mitglieder(zustand.am_zug)}
        aus.sort(key=lambda n: n not in dran)
    return aus


def empfaenger_liste(zustand: Kampfzustand, bedingung: str = "alle") -> list[str]:
    """Kartenempfänger: „alle“, „abwartend“ oder „mit_karte“ (noch nicht gehandelt)."""
    alle = list(zustand.alle_empfaenger())
    if bedingung == "abwartend":
        return [e for e in alle if e in zustand.abwartend]
    if bedingung == "mit_karte":
        return [e for e, _ in zustand.reihenfolge() if e not in zustand.gehandelt]
    return alle


def treffer_liste(zustand: Kampfzustand) -> dict[str, int]:
    """Die offenen Treffer für eine Auswahlliste: Beschriftung → Nummer (in der Reihenfolge, in
    der der Angreifer den Schaden würfeln will)."""
    return {
        f"{i + 1}. {t.angreifer} → {t.ziel}{' (Steigerung)' if t.steigerung else ''}": i
        for i, t in enumerate(zustand.offene_treffer)
    }


def wegstecken_ziel(zustand: Kampfzustand) -> str | None:
    """Wer die Wunden des letzten Schadenswurfs noch wegstecken kann."""
    os_ = zustand.offener_schaden
    if os_ is None or not k.kann_wegstecken(zustand, os_.ziel):
        return None
    return os_.ziel
