"""Misst die Live-Notebooks am Spieltisch in headless Chromium – neben einer Grundlinie.

Aufruf: ``python benchmarks/tisch_messen.py [--runden N] [--nur savage_worlds,aloran] [--zellen]``.
Kein Test: Zeiten hängen von der Maschine ab. Gemessen wird je Notebook (Median und Maximum):

- **Fortsetzen → erste Chancen**: Seite öffnen, gespeicherten Kampf wählen, „Kampf fortsetzen“,
  bis das Chancen-Diagramm steht.
- **Neuer Kampf → erste Chancen**: Seite öffnen, mit den voreingestellten Kämpfern beginnen und
  die nötigen Knöpfe (Runde, Karten/Initiative, wer dran ist) drücken, bis das Chancen-Diagramm steht.
- **Eingabe → Chancen**: ein Modifikator ändert sich, bis die neue Chance angezeigt wird
  (``sichtbar``) und bis keine Zelle mehr läuft (``ruhig``; marimo meldet über den Websocket je
  Zelle ``queued`` → ``running`` → ``idle``).
- **Klick → Zustand**: „Angreifen“ im Zug-Panel (ein Klick, samt Schaden) bzw. Rückgängig, bis
  die Meldung des Schritts unter den Knöpfen sich ändert (``Klick→Meldung``: das Ergebnis, auf das
  der Spielleiter sieht), bis die Zahl der Protokollschritte weiter unten sich ändert
  (``Klick→Protokoll``, früher „Klick sichtbar“) und bis keine Zelle mehr läuft (``ruhig``).

``--klicks`` zählt stattdessen die Klicks je Runde am Tisch, vorher/nachher (ohne Browser, über die
Zug-Schnittstelle: :mod:`tisch_klicks`).

``--zellen`` zeigt je Notebook und Art, wie viele Zellen laufen und welche am längsten (Zeit des
Servers aus den ``cell-op``-Nachrichten, ``running`` → ``idle``) – die Stelle, an der man ansetzt.
Den Websocket-Beobachter, die Chromium-Argumente und den marimo-Server teilt das Skript mit den
Browsertests (:mod:`gm_helfer.browser`).

Die Grundlinie ist ein minimales marimo-Notebook (Regler, icepool, Altair-Diagramm,
``benchmarks/grundlinie.py``), gemessen im selben Lauf; die Tabelle zeigt das Verhältnis.
Jeder Server läuft mit eigenen Temp-Ordnern (HOME, Bögen, Kampfprotokolle).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from gm_helfer.browser import CHROMIUM, CHROMIUM_ARGUMENTE, Verkehr, beenden, marimo_starten

PROJEKT = Path(__file__).resolve().parent.parent
FRIST = 60.0
"""Sekunden, nach denen ein Schritt als nicht gelungen gilt."""


@dataclass(frozen=True)
class Rezept:
    """Wie ein Notebook bedient wird (Knopfbeschriftungen und Element-IDs)."""

    datei: str
    chancen: str
    """CSS-Selektor des Elements mit der Trefferchance (steht neben dem Diagramm)."""
    schritte: str
    """CSS-Selektor der Schrittzahl des Protokolls."""
    neu: tuple[str, ...]
    """Knöpfe bis zu den ersten Chancen, in dieser Reihenfolge (fehlende werden übersprungen)."""
    eingabe: str
    """Beschriftung des Zahlenfelds, das die Chancen ändert."""
    wurf: tuple[str, ...]
    """Knopf, der würfelt (der erste vorhandene)."""
    rueck: str = "Rückgängig"
    fortsetzen: str = "Kampf fortsetzen"
    eingabe_werte: tuple[int, ...] = (1, 2)
    vorbereiten: tuple[str, ...] = ()
    """Knöpfe, die vor den Klick-Messungen einmal gedrückt werden (z. B. an das Ziel herangehen)."""
    meldung: str = ""
    """CSS-Selektor der Meldung des Schritts (Ergebnis oder Ablehnung): steht sie nach dem Klick im Fenster?"""
    am_zug: str = ""
    """CSS-Selektor von „… ist am Zug“: steht nach dem Klick das Panel vom Handelnden bis zur Meldung im Fenster?"""


REZEPTE: dict[str, Rezept] = {
    "savage_worlds": Rezept(
        datei="notebooks/savage_worlds_kampf.py",
        chancen="#sw-treffer",
        schritte="#sw-protokoll-schritte",
        meldung="#sw-meldung",
        am_zug="#sw-am-zug",
        neu=("Neuer Kampf", "Neue Runde: Karten austeilen"),
        eingabe="Sonstiger Modifikator",
        wurf=("Angreifen",),
        eingabe_werte=(-2, -4),  # +1 ändert nichts, wenn nur noch ein kritischer Fehlschlag verfehlt (Joker)
    ),
    "aloran": Rezept(
        datei="notebooks/aloran_kampf.py",
        chancen="#aloran-chancen",
        schritte="#aloran-protokoll-schritte",
        meldung="#aloran-meldung",
        am_zug="#aloran-am-zug",
        neu=("Neuer Kampf", "Initiative würfeln und Runde 1 beginnen"),
        eingabe="± Würfel Angriff",
        wurf=("Angreifen",),
    ),
    "zeitstrahl": Rezept(
        datei="notebooks/zeitstrahl_kampf.py",
        chancen="#zs-chance-passiv",
        schritte="#zs-protokoll-schritte",
        meldung="#zs-meldung",
        am_zug="#zs-am-zug",
        neu=("Neuer Kampf", "Startpositionen würfeln"),
        eingabe="Modifikator Angriff",
        wurf=("Angreifen",),
        eingabe_werte=(-15, -25),  # kleine Abzüge ändern eine Chance an der 95-%-Grenze nicht
    ),
    "w100": Rezept(
        datei="notebooks/w100_kampf.py",
        chancen="#w100-treffer",
        schritte="#w100-protokoll-schritte",
        meldung="#w100-meldung",
        am_zug="#w100-am-zug",
        # vor dem ersten Zug die offene Entscheidung „Initiative ergreifen“; erst in Reichweite gibt es Chancen
        neu=("Neuer Kampf", "Initiative würfeln", "Niemand ergreift die Initiative", "Auf das Ziel zugehen"),
        eingabe="Modifikator",
        wurf=("Angreifen",),
        vorbereiten=("Auf das Ziel zugehen",),
    ),
}

# --------------------------------------------------------------------------- Server


class Server:
    """``marimo run`` für ein Notebook, mit eigenen Temp-Ordnern (HOME, Bögen, Kampfprotokolle)."""

    def __init__(self, notebook: Path, basis: Path) -> None:
        self.url, self.prozess, bereit = marimo_starten(notebook, basis, argumente=("--session-ttl", "0"))
        if not bereit:
            self.beenden()
            raise SystemExit(f"marimo-Server für {notebook} ist nicht gestartet (Log: {basis / 'marimo.log'}).")

    def beenden(self) -> None:
        beenden(self.prozess)


# --------------------------------------------------------------------------- Browser


def warte_ruhig(seite, verkehr: Verkehr, frist: float = FRIST) -> float:
    """Wartet, bis keine Zelle mehr läuft; gibt den Zeitpunkt zurück, an dem es ruhig wurde."""
    ende = time.monotonic() + frist
    ruhig_seit = None
    while time.monotonic() < ende:
        if verkehr.beschaeftigt():
            ruhig_seit = None
        elif ruhig_seit is None:
            ruhig_seit = time.monotonic()
        elif time.monotonic() - ruhig_seit >= 0.08:
            return ruhig_seit
        seite.wait_for_timeout(10)
    raise TimeoutError("Zellen laufen noch nach der Frist.")


ZELLLAEUFE: dict[tuple[str, str], list[list[tuple[str, float]]]] = {}
"""(Notebook, Art) → je Messung die Zellläufe ``(Zelle, Sekunden)`` laut Server (``--zellen``)."""
_notebook_jetzt = [""]


def _zellen_merken(art: str, verkehr: Verkehr, seit: float) -> None:
    """Merkt die Zellläufe einer Messung (Serverzeit ``seit`` = ``time.time()`` beim Start)."""
    ZELLLAEUFE.setdefault((_notebook_jetzt[0], art), []).append(
        [(zelle, dauer) for zelle, _, dauer in verkehr.laeufe_seit(seit)])


def _text(seite, selektor: str) -> str | None:
    el = seite.locator(selektor)
    if not el.count():
        return None
    try:
        return el.first.inner_text(timeout=200)
    except Exception:  # Element wird gerade ersetzt
        return None


def _chancen_stehen(seite, rezept: Rezept) -> bool:
    """Die Trefferchance steht da (mit %) und mindestens ein Diagramm ist gezeichnet."""
    text = _text(seite, rezept.chancen)
    return bool(text and "%" in text) and seite.locator(".vega-embed svg, .vega-embed canvas").count() > 0


def _knopf(seite, name: str):
    knopf = seite.get_by_role("button", name=name, exact=True)
    if knopf.count() and knopf.first.is_visible() and knopf.first.is_enabled():
        return knopf.first
    return None


FENSTER = {"width": 1280, "height": 800}
"""Fenstergröße der Seiten (``--fenster``; am Tisch: 1280×800 Laptop, 820×1180 Tablet hochkant)."""
BILDER: list[Path | None] = [None]
"""Ordner für Bildschirmfotos des Zug-Panels nach dem ersten Klick und nach jedem, dessen Ergebnis oder
Handelnder nicht im Fenster stand (``--bilder``)."""


def _neue_seite(browser, url: str):
    kontext = browser.new_context(viewport=dict(FENSTER), locale="de-DE")
    seite = kontext.new_page()
    verkehr = Verkehr(seite, antwort_frist=5.0)
    return kontext, seite, verkehr


def oeffnen_bis_chancen(browser, url: str, rezept: Rezept, *, fortsetzen: bool, nummer: int = 0) -> float:
    """Sekunden von ``goto`` bis zum ersten Chancen-Diagramm (neuer oder fortgesetzter Kampf).

    Fortsetzen wählt den ``nummer``-ten gespeicherten Kampf (neueste zuerst), damit jede Messung
    einen eigenen, von keiner Sitzung gesperrten Kampf fortsetzt."""
    kontext, seite, verkehr = _neue_seite(browser, url)
    try:
        start, seit = time.monotonic(), time.time()
        seite.goto(url + "/")
        if fortsetzen:
            knopf = None
            while knopf is None:
                if time.monotonic() - start > FRIST:
                    raise TimeoutError("kein Knopf „Kampf fortsetzen“")
                knopf = _knopf(seite, rezept.fortsetzen)
                seite.wait_for_timeout(20)
            warte_ruhig(seite, verkehr)
            auswahl = seite.get_by_role("combobox", name="Gespeicherter Kampf").first
            werte = auswahl.evaluate("s => Array.from(s.options).map(o => o.value)")
            gewaehlt = auswahl.evaluate("s => s.value")
            echte = [w for w in werte if w and w != "--"]
            erster = echte[nummer] if nummer < len(echte) else None
            if erster is not None and gewaehlt != erster:
                auswahl.select_option(value=erster)
                warte_ruhig(seite, verkehr)
            _knopf(seite, rezept.fortsetzen).click()
            schritte = ()
        else:
            schritte = rezept.neu
        geklickt: set[str] = set()
        while not _chancen_stehen(seite, rezept):
            if time.monotonic() - start > FRIST:
                raise TimeoutError("keine Chancen nach der Frist")
            if not verkehr.beschaeftigt():
                for name in schritte:
                    if name in geklickt:
                        continue
                    knopf = _knopf(seite, name)
                    if knopf is not None:
                        if os.environ.get("TISCH_MESSEN_LAUT"):
                            print(f"    {time.monotonic() - start:5.2f} s: {name}", file=sys.stderr)
                        knopf.click()
                        geklickt.add(name)
                        seite.wait_for_timeout(30)
                        warte_ruhig(seite, verkehr)
                        break
            seite.wait_for_timeout(20)
        dauer = time.monotonic() - start
        warte_ruhig(seite, verkehr)
        _zellen_merken("fortsetzen" if fortsetzen else "neu", verkehr, seit)
        return dauer
    finally:
        kontext.close()


def _zahlenfeld(seite, name: str):
    """marimo-Zahlenfeld: ``input[inputmode=numeric]``; die Beschriftung steht im aria-label (tisch.kopf:
    ``Beschrifter``), ohne ihn als HTML."""
    for feld in seite.locator("input[inputmode=numeric]").all():
        beschriftung = feld.get_attribute("aria-label") or ""
        if ">" + name + "<" in beschriftung or beschriftung == name:
            return feld
    raise RuntimeError(f"kein Zahlenfeld „{name}“")


def _warte_aenderung(seite, selektor: str, vorher: str | None, start: float) -> float:
    while True:
        jetzt = _text(seite, selektor)
        if jetzt is not None and jetzt != vorher:
            return time.monotonic() - start
        if time.monotonic() - start > FRIST:
            raise TimeoutError(f"{selektor} hat sich nicht geändert (steht: {jetzt!r})")
        seite.wait_for_timeout(5)


def _warte_schritt(seite, rezept: Rezept, schritte_vorher: str | None, meldung_vorher: str | None,
                   start: float) -> tuple[float, float]:
    """Nach einem Klick: ``(meldung, schritte)`` – Sekunden, bis die Meldung des Schritts unter den
    Knöpfen sich ändert (das Ergebnis, auf das der Spielleiter sieht) und bis die Schrittzahl des
    Protokolls sich ändert (sie steht weiter unten, ihre Zelle läuft später). Ohne Meldungs-Selektor,
    oder wenn die Meldung 2 s nach dem Protokoll noch denselben Text zeigt, ist ``meldung`` ``nan``."""
    t_meldung = float("nan") if not rezept.meldung else None
    t_schritte = None
    while t_meldung is None or t_schritte is None:
        jetzt = time.monotonic() - start
        if t_meldung is None and (m := _text(seite, rezept.meldung)) is not None and m != meldung_vorher:
            t_meldung = jetzt
        if t_schritte is None and (n := _text(seite, rezept.schritte)) is not None and n != schritte_vorher:
            t_schritte = jetzt
        if t_meldung is None and t_schritte is not None and jetzt > t_schritte + 2:
            t_meldung = float("nan")  # gleicher Text wie vorher: zählt nicht
        if jetzt > FRIST:
            raise TimeoutError(f"{rezept.schritte} / {rezept.meldung} haben sich nicht geändert")
        seite.wait_for_timeout(5)
    return t_meldung, t_schritte


def ergebnis_lage(seite, knopf_kasten: dict | None, selektor: str) -> tuple[float, float]:
    """Nach einem Klick: ``(im_fenster, abstand)`` – 1.0, wenn die Meldung des Schritts ganz im Fenster
    steht (ohne Scrollen), sonst 0.0; ``abstand``: Pixel vom unteren Rand des Knopfs bis zur Meldung
    (negativ = sie steht darüber; ``nan`` ohne Meldung)."""
    el = seite.locator(selektor)
    kasten = el.first.bounding_box() if el.count() else None
    if kasten is None:
        return 0.0, float("nan")
    hoehe = seite.viewport_size["height"]
    im_fenster = 1.0 if kasten["y"] >= 0 and kasten["y"] + kasten["height"] <= hoehe else 0.0
    if knopf_kasten is None:
        return im_fenster, float("nan")
    unten = knopf_kasten["y"] + knopf_kasten["height"]
    return im_fenster, (kasten["y"] - unten) if kasten["y"] >= unten else (kasten["y"] + kasten["height"] - knopf_kasten["y"])


def _ergebnis_merken(seite, rezept: Rezept, knopf_kasten: dict | None, aus: dict[str, list[float]]) -> None:
    """Nach einem Wurf-Klick: steht die Meldung im Fenster, wie weit vom Knopf (nach dem ersten ein Bild)."""
    if not rezept.meldung:
        return
    # der Knopf nach dem Schritt (neu gezeichnet, die Seite kann gescrollt haben): beide Kästen im selben Bild
    seite.wait_for_timeout(600)
    # auch gesperrt (wer schon angegriffen hat): nur sichtbar muss er sein
    nachher = next((k.first for k in (seite.get_by_role("button", name=n, exact=True) for n in rezept.wurf)
                    if k.count() and k.first.is_visible()), None)
    im_fenster, abstand = ergebnis_lage(seite, nachher.bounding_box() if nachher is not None else knopf_kasten,
                                        rezept.meldung)
    aus["ergebnis_im_fenster"].append(im_fenster)
    aus["ergebnis_abstand"].append(abstand)
    if rezept.am_zug:
        kopf = seite.locator(rezept.am_zug)
        kasten = kopf.first.bounding_box() if kopf.count() else None
        # wer dran ist, steht über dem Ergebnis auch im Fenster (nicht über den oberen Rand geschoben)
        aus["am_zug_im_fenster"].append(1.0 if im_fenster and kasten is not None and kasten["y"] >= 0 else 0.0)
    if BILDER[0] is None:
        return
    name = _notebook_jetzt[0].replace(" ", "_").replace("(", "").replace(")", "")
    if len(aus["ergebnis_abstand"]) == 1:
        seite.screenshot(path=str(BILDER[0] / f"{name}_{FENSTER['width']}x{FENSTER['height']}.png"))
    if not all(aus[k][-1] for k in ("ergebnis_im_fenster", "am_zug_im_fenster") if aus[k]):
        # was nicht ins Fenster passte: ein Bild je Fehlschlag, zum Nachsehen
        n = len(aus["ergebnis_abstand"])
        seite.screenshot(path=str(BILDER[0] / f"{name}_{FENSTER['width']}x{FENSTER['height']}_nicht_im_fenster_{n}.png"))


def eingaben_und_klicks(browser, url: str, rezept: Rezept, runden: int) -> dict[str, list[float]]:
    """Eine Seite: neuen Kampf bis zu den Chancen, dann ``runden`` Eingaben und Klicks."""
    aus: dict[str, list[float]] = {"eingabe_sichtbar": [], "eingabe_ruhig": [], "klick_meldung": [], "klick_sichtbar": [],
                                   "klick_ruhig": [],
                                   "ergebnis_im_fenster": [], "ergebnis_abstand": [], "am_zug_im_fenster": []}
    kontext, seite, verkehr = _neue_seite(browser, url)
    try:
        seite.goto(url + "/")
        start = time.monotonic()
        geklickt: set[str] = set()
        while not _chancen_stehen(seite, rezept):
            if time.monotonic() - start > FRIST:
                raise TimeoutError("keine Chancen nach der Frist")
            if not verkehr.beschaeftigt():
                for name in rezept.neu:
                    if name not in geklickt and _knopf(seite, name) is not None:
                        _knopf(seite, name).click()
                        geklickt.add(name)
                        seite.wait_for_timeout(30)
                        warte_ruhig(seite, verkehr)
                        break
            seite.wait_for_timeout(20)
        warte_ruhig(seite, verkehr)
        feld = _zahlenfeld(seite, rezept.eingabe)
        for i in range(runden):
            wert = rezept.eingabe_werte[i % len(rezept.eingabe_werte)]
            vorher = _text(seite, rezept.chancen)
            feld.fill(str(wert))
            start, seit = time.monotonic(), time.time()
            feld.press("Enter")
            aus["eingabe_sichtbar"].append(_warte_aenderung(seite, rezept.chancen, vorher, start))
            aus["eingabe_ruhig"].append(warte_ruhig(seite, verkehr) - start)
            _zellen_merken("eingabe", verkehr, seit)
        feld.fill("0")
        feld.press("Enter")
        warte_ruhig(seite, verkehr)
        for name in rezept.vorbereiten:
            if _knopf(seite, name) is not None:
                _knopf(seite, name).click()
                seite.wait_for_timeout(30)
                warte_ruhig(seite, verkehr)
        for _ in range(runden):
            # würfeln (ein Klick, im Zug-Panel samt Schaden), dann Rückgängig, bis der Stand wieder wie vorher ist
            knopf = next((k for k in (_knopf(seite, n) for n in rezept.wurf) if k is not None), None)
            if knopf is None:
                raise RuntimeError(f"kein Knopf {rezept.wurf}")
            ausgang = _text(seite, rezept.schritte)
            meldung = _text(seite, rezept.meldung) if rezept.meldung else None
            knopf.scroll_into_view_if_needed()
            knopf_kasten = knopf.bounding_box()
            start, seit = time.monotonic(), time.time()
            knopf.click()
            t_meldung, t_schritte = _warte_schritt(seite, rezept, ausgang, meldung, start)
            aus["klick_meldung"].append(t_meldung)
            aus["klick_sichtbar"].append(t_schritte)
            aus["klick_ruhig"].append(warte_ruhig(seite, verkehr) - start)
            _zellen_merken("klick", verkehr, seit)
            _ergebnis_merken(seite, rezept, knopf_kasten, aus)
            for _ in range(4):
                if _text(seite, rezept.schritte) == ausgang:
                    break
                vorher = _text(seite, rezept.schritte)
                meldung = _text(seite, rezept.meldung) if rezept.meldung else None
                rueck = _knopf(seite, rezept.rueck)
                while rueck is None:
                    seite.wait_for_timeout(20)
                    rueck = _knopf(seite, rezept.rueck)
                start, seit = time.monotonic(), time.time()
                rueck.click()
                t_meldung, t_schritte = _warte_schritt(seite, rezept, vorher, meldung, start)
                aus["klick_meldung"].append(t_meldung)
                aus["klick_sichtbar"].append(t_schritte)
                aus["klick_ruhig"].append(warte_ruhig(seite, verkehr) - start)
                _zellen_merken("klick", verkehr, seit)
        return aus
    finally:
        kontext.close()


def grundlinie(browser, url: str, runden: int) -> dict[str, list[float]]:
    aus: dict[str, list[float]] = {"oeffnen": [], "eingabe_sichtbar": [], "eingabe_ruhig": []}
    for _ in range(3):
        kontext, seite, verkehr = _neue_seite(browser, url)
        start = time.monotonic()
        seite.goto(url + "/")
        while not (_text(seite, "#grundlinie-chance") and seite.locator(".vega-embed svg, .vega-embed canvas").count()):
            seite.wait_for_timeout(10)
            if time.monotonic() - start > FRIST:
                raise TimeoutError("Grundlinie: kein Diagramm")
        aus["oeffnen"].append(time.monotonic() - start)
        if len(aus["oeffnen"]) == 3:
            warte_ruhig(seite, verkehr)
            regler = seite.get_by_role("slider").first
            for i in range(runden):
                vorher = _text(seite, "#grundlinie-chance")
                regler.focus()
                start, seit = time.monotonic(), time.time()
                seite.keyboard.press("ArrowRight" if i % 2 == 0 else "ArrowLeft")
                aus["eingabe_sichtbar"].append(_warte_aenderung(seite, "#grundlinie-chance", vorher, start))
                aus["eingabe_ruhig"].append(warte_ruhig(seite, verkehr) - start)
                _zellen_merken("eingabe", verkehr, seit)
        kontext.close()
    return aus


# --------------------------------------------------------------------------- Ablauf


def _zell_namen(datei: Path) -> dict[str, str]:
    """Zell-ID → „Nr. n: erste Zeile“ (marimo vergibt die IDs fest nach der Reihenfolge im Notebook)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"_messen_{datei.stem}", datei)
    modul = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(modul)
    cm = modul.app._cell_manager
    return {cid: f"{i:2d}: {(d.code.strip().splitlines() or [''])[0][:55]}"
            for i, (cid, d) in enumerate(zip(cm.cell_ids(), cm.cell_data()))}


def zellen_bericht(dateien: dict[str, Path]) -> None:
    """Je Notebook und Art: Median der Zahl der Zellläufe und ihrer Summe, die teuersten Zellen."""
    namen: dict[str, dict[str, str]] = {}
    for (notebook, art), messungen in sorted(ZELLLAEUFE.items()):
        if not messungen:
            continue
        if notebook not in namen:
            try:
                namen[notebook] = _zell_namen(dateien[notebook])
            except Exception as fehler:  # nur Beschriftung; ohne Namen bleiben die IDs
                print(f"  (Zellnamen für {notebook} fehlen: {fehler})", file=sys.stderr)
                namen[notebook] = {}
        anzahl = statistics.median(len(m) for m in messungen)
        summe = statistics.median(sum(d for _, d in m) for m in messungen)
        print(f"\n{notebook} · {art}: {len(messungen)} Messungen, Median {anzahl:g} Zellläufe, {summe:.3f} s Zellzeit")
        je_zelle: dict[str, float] = Counter()
        for m in messungen:
            for zelle, dauer in m:
                je_zelle[zelle] += dauer / len(messungen)
        for zelle, dauer in sorted(je_zelle.items(), key=lambda z: -z[1])[:8]:
            print(f"  {dauer:7.3f} s  {namen[notebook].get(zelle, zelle)}")



def _fmt(werte: list[float]) -> str:
    if not werte:
        return "–"
    return f"{statistics.median(werte):6.2f} / {max(werte):6.2f}"


def _im_fenster(werte: list[float]) -> str:
    """„5 von 5“: nach wie vielen Klicks das Ergebnis ohne Scrollen im Fenster stand."""
    return f"{int(sum(werte))} von {len(werte)}" if werte else "–"


def _abstand(werte: list[float]) -> str:
    """Median der Pixel vom Knopf bis zum Ergebnis (negativ: darüber)."""
    echte = [w for w in werte if w == w]
    return f"{statistics.median(echte):+.0f} px" if echte else "–"


def messen_notebook(browser, name: str, rezept: Rezept, basis: Path, runden: int, oeffnungen: int,
                    datei: Path | None = None) -> dict[str, list[float]]:
    """Erst ein Server für neue Kämpfe, Eingaben und Klicks; dann ein frischer Server (wie nach
    einem Absturz) für das Fortsetzen – so hält keine alte Sitzung die Schreibsperre."""
    notebook = datei or PROJEKT / rezept.datei
    aus: dict[str, list[float]] = {"neu": [], "fortsetzen": []}
    fehler: list[str] = []
    server = Server(notebook, basis)
    try:
        for _ in range(oeffnungen):
            try:
                aus["neu"].append(oeffnen_bis_chancen(browser, server.url, rezept, fortsetzen=False))
            except (TimeoutError, RuntimeError) as f:
                fehler.append(f"neu: {f}")
        try:
            aus.update(eingaben_und_klicks(browser, server.url, rezept, runden))
        except (TimeoutError, RuntimeError) as f:
            fehler.append(f"Eingabe/Klick: {f}")
    finally:
        server.beenden()
    server = Server(notebook, basis)
    try:
        for i in range(oeffnungen):
            try:
                aus["fortsetzen"].append(oeffnen_bis_chancen(browser, server.url, rezept, fortsetzen=True, nummer=i))
            except (TimeoutError, RuntimeError) as f:
                fehler.append(f"fortsetzen: {f}")
    finally:
        server.beenden()
    for f in fehler:
        print(f"  ⚠ {name}: {f}", file=sys.stderr)
    return aus


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runden", type=int, default=8, help="Eingaben und Klicks je Notebook")
    parser.add_argument("--oeffnungen", type=int, default=3, help="Öffnen je Notebook und Art")
    parser.add_argument("--nur", default="", help="nur diese Notebooks, durch Komma getrennt")
    parser.add_argument("--json", type=Path, help="Rohwerte zusätzlich als JSON hierhin")
    parser.add_argument("--zellen", action="store_true",
                        help="je Notebook und Art: wie viele Zellen laufen und welche am längsten (Serverzeit)")
    parser.add_argument("--fenster", default="1280x800", help="Fenstergröße BREITExHOEHE (Tablet: 820x1180)")
    parser.add_argument("--bilder", type=Path, help="Ordner: Bildschirmfotos (erster Klick, jeder nicht im Fenster)")
    parser.add_argument("--vorher", default="", help="git-Revision: deren Notebooks im selben Lauf mitmessen (vorher/nachher)")
    parser.add_argument("--klicks", action="store_true",
                        help="nur die Klicks je Runde am Tisch zählen (vorher/nachher, benchmarks/tisch_klicks.py), kein Browser")
    args = parser.parse_args(argv)
    if args.klicks:
        sys.path.insert(0, str(PROJEKT / "benchmarks"))
        from tisch_klicks import bericht

        bericht([n for n in args.nur.split(",") if n] or None)
        return 0
    breite, _, hoehe = args.fenster.partition("x")
    FENSTER.update(width=int(breite), height=int(hoehe))
    if args.bilder is not None:
        args.bilder.mkdir(parents=True, exist_ok=True)
        BILDER[0] = args.bilder
    from playwright.sync_api import sync_playwright

    namen = [n for n in REZEPTE if not args.nur or n in args.nur.split(",")]
    roh: dict[str, dict[str, list[float]]] = {}
    dateien: dict[str, Path] = {"grundlinie": PROJEKT / "benchmarks" / "grundlinie.py"}
    with tempfile.TemporaryDirectory(prefix="tisch_messen_") as tmp, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGUMENTE)
        basis = Path(tmp) / "grundlinie"
        basis.mkdir()
        server = Server(PROJEKT / "benchmarks" / "grundlinie.py", basis)
        _notebook_jetzt[0] = "grundlinie"
        try:
            roh["grundlinie"] = grundlinie(browser, server.url, args.runden)
        finally:
            server.beenden()
        for name in namen:
            alt_inhalt = b""
            if args.vorher:
                alt_inhalt = subprocess.run(["git", "show", f"{args.vorher}:{REZEPTE[name].datei}"], cwd=PROJEKT,
                                            check=True, capture_output=True).stdout
            if alt_inhalt and alt_inhalt != (PROJEKT / REZEPTE[name].datei).read_bytes():
                alt = Path(tmp) / f"vorher_{Path(REZEPTE[name].datei).name}"
                alt.write_bytes(alt_inhalt)
                basis = Path(tmp) / f"vorher_{name}"
                basis.mkdir()
                _notebook_jetzt[0] = f"{name} (vorher)"
                dateien[_notebook_jetzt[0]] = alt
                roh[f"{name} (vorher)"] = messen_notebook(browser, name, REZEPTE[name], basis, args.runden, args.oeffnungen, alt)
            basis = Path(tmp) / name
            basis.mkdir()
            _notebook_jetzt[0] = name
            dateien[name] = PROJEKT / REZEPTE[name].datei
            roh[name] = messen_notebook(browser, name, REZEPTE[name], basis, args.runden, args.oeffnungen)
        browser.close()
        if args.zellen:
            zellen_bericht(dateien)
    g = roh["grundlinie"]
    g_eingabe = statistics.median(g["eingabe_ruhig"]) if g["eingabe_ruhig"] else float("nan")
    print(f"Sekunden, Median / Maximum ({args.oeffnungen} Öffnungen, {args.runden} Eingaben und Klicks je Notebook, "
          f"Fenster {FENSTER['width']}×{FENSTER['height']})")
    print(f"Grundlinie (Regler, icepool, Altair): öffnen {_fmt(g['oeffnen'])} · Eingabe sichtbar "
          f"{_fmt(g['eingabe_sichtbar'])} · Eingabe ruhig {_fmt(g['eingabe_ruhig'])}")
    kopf = ("Notebook", "Fortsetzen→Chancen", "Neuer Kampf→Chancen", "Eingabe sichtbar", "Eingabe ruhig",
            "× Grundlinie", "Klick→Meldung", "Klick→Protokoll", "Klick ruhig", "Ergebnis ohne Scrollen", "Abstand Knopf→Ergebnis",
            "Am Zug und Ergebnis im Bild")
    print("| " + " | ".join(kopf) + " |")
    print("|" + "---|" * len(kopf))
    zeilen = [n for name in namen for n in ([f"{name} (vorher)"] if f"{name} (vorher)" in roh else []) + [name]]
    for name in zeilen:
        r = roh[name]
        faktor = (f"{statistics.median(r['eingabe_ruhig']) / g_eingabe:4.1f}×" if r.get("eingabe_ruhig") else "–")
        print("| " + " | ".join([
            name, _fmt(r.get("fortsetzen", [])), _fmt(r.get("neu", [])), _fmt(r.get("eingabe_sichtbar", [])),
            _fmt(r.get("eingabe_ruhig", [])), faktor, _fmt([t for t in r.get("klick_meldung", []) if t == t]),
            _fmt(r.get("klick_sichtbar", [])), _fmt(r.get("klick_ruhig", [])),
            _im_fenster(r.get("ergebnis_im_fenster", [])), _abstand(r.get("ergebnis_abstand", [])),
            _im_fenster(r.get("am_zug_im_fenster", [])),
        ]) + " |")
    if args.json:
        args.json.write_text(json.dumps(roh, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
