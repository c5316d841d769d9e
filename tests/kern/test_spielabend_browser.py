"""Ein Spielabend je System im echten Browser (headless Chromium, Tablet hochkant 820 × 1180).

Ein ganzer Kampf über mindestens drei Runden (Zeitstrahl: Ticks) durch das Zug-Panel – mit
Programmwürfeln und eingetippten Würfeln, einem Rückgängig, einem Neuladen der Seite und dem
Fortsetzen ohne Warten (dasselbe Gerät bekommt seinen Kampf sofort zurück). Nach **jedem** Klick:
die Meldung des Schritts (Ergebnis oder Ablehnung) steht im Fenster, ohne zu scrollen, und kein
englisches Wort aus :data:`ENGLISCH` steht sichtbar auf der Seite, und jedes sichtbare Würfelfeld
zeigt sein Beispiel ganz (Issue 23: „placeholders show a correct, complete example“).

Die Programmwürfel machen jeden Lauf anders: der Test wählt nach jedem Klick unter dem, was das
Panel gerade anbietet (offene Entscheidungen zuerst, dann Runde, Angriff, Zug beenden, zuletzt der
Vorschlag der Taktik) – ein ausgeschalteter Kämpfer, eine offene Entscheidung, ein entschiedener
Kampf sind erlaubte Ausgänge, keine Fehler. Ein abgelehnter Klick (⚠) wird für diesen Stand nicht
wiederholt.
"""

from __future__ import annotations

import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from server_hilfe import aufraeumen, gm_helfer_starten  # noqa: E402

from tests.conftest import mitkaempfen

try:
    from playwright.sync_api import expect
except ImportError:  # ohne Playwright überspringt conftest die Browsertests
    expect = None

FENSTER = {"width": 820, "height": 1180}
ENGLISCH = ("Select", "Search", "Back", "Run", "Error", "None", "True", "False", "Loading", "No results", "Submit", "Cancel",
            "Items")
"""Englische Wörter, die ein Spielleiter nicht sehen soll (als ganze Wörter, sichtbar)."""
MARIMO_LADEANZEIGE = {"Loading chart..."}
"""Der Drehkreisel, den marimo zeigt, bis es den Code für Diagramme nachgeladen hat (einmal je Seite,
Bruchteile einer Sekunde): der Text steht fest in marimos Oberfläche und lässt sich von hier nicht
übersetzen; er zählt nicht als englischer Text des gm_helfer."""

_SICHTBARER_TEXT = """
() => {
  const aus = [];
  const sichtbar = (el) => { if (!el) return false; const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) return false; const s = getComputedStyle(el);
    return s.visibility !== 'hidden' && s.display !== 'none'; };
  const gehen = (wurzel) => {
    const w = document.createTreeWalker(wurzel, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    let n = w.currentNode;
    while (n) {
      if (n.nodeType === 3) { if (n.textContent.trim() && sichtbar(n.parentElement)) aus.push(n.textContent.trim()); }
      else {
        if (['SCRIPT', 'STYLE', 'TEMPLATE'].includes(n.tagName)) { n = w.nextSibling() || w.nextNode(); continue; }
        if (n.placeholder && sichtbar(n)) aus.push(n.placeholder);
        if (n.shadowRoot) gehen(n.shadowRoot);
      }
      n = w.nextNode();
    }
  };
  gehen(document.body);
  return aus;
}
"""

_ABGESCHNITTENE_BEISPIELE = """
() => {
  const aus = [];
  const mass = document.createElement('canvas').getContext('2d');
  const gehen = (wurzel) => {
    for (const n of wurzel.querySelectorAll('*')) {
      if (n.shadowRoot) gehen(n.shadowRoot);
      if (n.tagName !== 'INPUT' || !n.placeholder.startsWith('z. B.') || !n.offsetWidth) continue;
      const s = getComputedStyle(n);
      mass.font = s.font;
      const beispiel = n.placeholder.split(' · ')[0];
      const platz = n.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);
      if (mass.measureText(beispiel).width > platz + 0.5) aus.push(`${n.placeholder} (${Math.round(platz)} px)`);
    }
  };
  gehen(document.body);
  return aus;
}
"""
"""Sichtbare Würfelfelder, deren Beispiel (der Platzhalter bis „ · “) nicht ganz ins Feld passt."""


@dataclass(frozen=True)
class Abend:
    notebook: str
    praefix: str
    entscheidungen: tuple[str, ...]
    """Knöpfe offener Entscheidungen und der Runde (Name oder ``re:``-Muster), in dieser Reihenfolge."""
    angriff: tuple[str, ...]
    """Knöpfe, die einmal je Zug würfeln (der erste erlaubte)."""
    ende: tuple[str, ...]
    """Knöpfe, die den Zug beenden."""
    wuerfel_feld: str
    getippt: tuple[str, ...]
    """Eingetippte Angriffswürfel – nacheinander versucht, bis einer angenommen wird."""
    zeit: str = "Runde"
    ziel: int = 3
    ein_angriff_je_zug: bool = True
    dazu: tuple[str, ...] = ()
    """Bögen, die vor „Neuer Kampf“ zur Vorauswahl des ersten Kampfes hinzukommen (``mitkaempfen``)."""


ABENDE = {
    "savage_worlds": Abend(
        "savage_worlds_kampf.py", "sw",
        entscheidungen=("Nicht wegstecken", "Ergebnis behalten", "Außer-Gefecht-Probe", "Ausbluten-Probe",
                        "Erholungsprobe", "Schaden würfeln", r"re:Karten austeilen", "Nächste Karte aufrufen",
                        "Karte aufrufen"),
        angriff=("Angreifen",), ende=("Zug beenden, nächste Karte",),
        wuerfel_feld="Angriff: echte Würfel", getippt=("4, 3", "4"),
    ),
    "aloran": Abend(
        "aloran_kampf.py", "aloran",
        entscheidungen=(r"re:^Runde \d+ beginnen|^Initiative würfeln",),
        angriff=("Angreifen",), ende=("Zug beenden", r"re:^Verzichten"),
        wuerfel_feld="Angriff (W10-Pool)", # so viele W10, wie der Pool hat (je nach Kämpfer): Größen nacheinander
        getippt=tuple(" ".join("7305162849"[i % 10] for i in range(n)) for n in (8, 7, 9, 6, 10, 5, 4, 11, 12, 3)),
    ),
    "zeitstrahl": Abend(
        "zeitstrahl_kampf.py", "zs",
        entscheidungen=("Startpositionen würfeln", "Auf den Konter verzichten"),
        angriff=("Angreifen",), ende=("Reaktion verfallen lassen (1 Tick)",),
        wuerfel_feld="Angriffswurf", getippt=("14", "12"), zeit="Tick", ziel=20, ein_angriff_je_zug=False,
    ),
    "w100": Abend(
        "w100_kampf.py", "w100",
        entscheidungen=("Niemand ergreift die Initiative", r"re:^Runde \d+ beginnen|^Initiative würfeln"),
        angriff=("Angreifen", "Auf das Ziel zugehen"), ende=("Zug beenden",),
        wuerfel_feld="W100: echter Wurf", getippt=("55", "40"),
        dazu=("Kultist", "Ork-Krieger", "Schattenwolf"),  # wie vor der Vorauswahl: alle Bögen
    ),
}


def _knopf(seite, name: str):
    if name.startswith("re:"):
        return seite.get_by_role("button", name=re.compile(name[3:]))
    return seite.get_by_role("button", name=name, exact=True)


def _frei(seite, name: str) -> bool:
    k = _knopf(seite, name)
    return bool(k.count()) and k.first.is_visible() and k.first.is_enabled()


def _text(seite, hook: str) -> str:
    el = seite.locator(f"#{hook}")
    return el.first.inner_text(timeout=5_000) if el.count() else ""


class Spielabend:
    def __init__(self, seite, abend: Abend, warte_fertig, keine_zellfehler, bilder) -> None:
        self.seite, self.abend, self.warte, self.fehlerfrei, self.bilder = seite, abend, warte_fertig, keine_zellfehler, bilder
        self.klicks = 0
        self.englisch: dict[str, str] = {}  # englischer Text → nach welchem Klick zuerst gesehen
        self.abgeschnitten: dict[str, str] = {}  # Platzhalter mit abgeschnittenem Beispiel → nach welchem Klick
        self.gesperrt: set[tuple[int, str]] = set()  # (Schritte, Knopf): schon abgelehnt

    def schritte(self) -> int:
        m = re.search(r"\d+", _text(self.seite, f"{self.abend.praefix}-protokoll-schritte"))
        return int(m.group()) if m else 0

    def zeit(self) -> int:
        m = re.search(rf"{self.abend.zeit} (\d+)", _text(self.seite, "tisch-kampfzeile"))
        return int(m.group(1)) if m else 0

    def meldung(self) -> str:
        return _text(self.seite, f"{self.abend.praefix}-meldung")

    def pruefen(self, was: str) -> None:
        """Nach einem Klick: Meldung im Fenster, keine englischen Wörter, keine Zellfehler."""
        self.fehlerfrei(self.seite)
        el = self.seite.locator(f"#{self.abend.praefix}-meldung").first
        expect(el).to_be_attached(timeout=20_000)
        hoehe = self.seite.viewport_size["height"]
        frist = time.monotonic() + 6  # die Seite zeichnet Diagramme noch nach dem letzten Zelllauf
        while True:
            kasten = el.bounding_box()
            if kasten is not None and kasten["y"] >= 0 and kasten["y"] + kasten["height"] <= hoehe or time.monotonic() > frist:
                break
            self.seite.wait_for_timeout(150)
        if kasten is None or kasten["y"] < 0 or kasten["y"] + kasten["height"] > hoehe:
            self.seite.screenshot(path=str(self.bilder / f"{self.abend.praefix}_{self.klicks}.png"))
            raise AssertionError(f"nach „{was}“ steht die Meldung nicht im Fenster: {kasten} (Fenster {hoehe} px), "
                                 f"Meldung: {self.meldung()!r}")
        texte = self.seite.evaluate(_SICHTBARER_TEXT)
        for wort in ENGLISCH:
            muster = re.compile(rf"\b{re.escape(wort)}\b")
            for treffer in (t for t in texte if muster.search(t) and t.strip() not in MARIMO_LADEANZEIGE):
                self.englisch.setdefault(treffer, was)  # gesammelt, am Ende geprüft: der Abend läuft zu Ende
        for platzhalter in self.seite.evaluate(_ABGESCHNITTENE_BEISPIELE):
            self.abgeschnitten.setdefault(platzhalter, was)

    def klick(self, name: str) -> str:
        knopf = _knopf(self.seite, name).first
        n = self.schritte()
        knopf.click()
        self.klicks += 1
        self.warte(self.seite)
        self.pruefen(name)
        meldung = self.meldung()
        if meldung.startswith("⚠") and self.schritte() == n:
            self.gesperrt.add((n, name))
        return meldung

    def naechster(self, angegriffen: bool) -> str | None:
        """Der nächste Knopf: offene Entscheidungen und Runde, ein Angriff je Zug, Zug beenden, Vorschlag."""
        n = self.schritte()
        kandidaten = list(self.abend.entscheidungen)
        if not (self.abend.ein_angriff_je_zug and angegriffen):
            kandidaten += self.abend.angriff
        kandidaten += [*self.abend.ende, "Vorschlag spielen"]
        return next((k for k in kandidaten if (n, k) not in self.gesperrt and _frei(self.seite, k)), None)


def _fortsetzen_nach_neuladen(s: Spielabend) -> None:
    """Seite neu laden (derselbe Browser): „Kampf fortsetzen“ gibt den Kampf sofort zurück."""
    vorher = s.schritte()
    s.seite.reload()
    s.warte(s.seite)
    expect(_knopf(s.seite, "Kampf fortsetzen").first).to_be_enabled(timeout=60_000)
    start = time.monotonic()
    s.klick("Kampf fortsetzen")
    meldung = s.meldung()
    assert "🔒" not in meldung and not meldung.startswith("⚠"), f"Fortsetzen nach dem Neuladen: {meldung}"
    assert s.schritte() == vorher
    print(f"Fortsetzen nach dem Neuladen: {time.monotonic() - start:.1f} s")


def _eintippen(s: Spielabend, wert: str | None) -> None:
    """Den Angriffswurf ins Feld „echte Würfel“ tippen (ohne Wert: nichts)."""
    if wert is None:
        return
    feld = s.seite.get_by_role("textbox", name=s.abend.wuerfel_feld, exact=True).first
    feld.fill(wert)
    feld.press("Tab")
    s.warte(s.seite)


def _fertig(s: Spielabend, neu_geladen: bool, getippt_erledigt: bool) -> bool:
    """Der Abend ist durch: genug Runden (Ticks), neu geladen, eingetippt (oder alle Versuche abgelehnt)."""
    return s.zeit() >= s.abend.ziel and neu_geladen and getippt_erledigt


def _getippt_auswerten(s: Spielabend, n: int, name: str) -> tuple[bool, bool]:
    """Nach einem Angriff mit eingetippten Würfeln: ``(angenommen, zurueckgenommen)``. Angenommen:
    im Protokoll mit ✎, dann einmal Rückgängig (weiter mit Programmwürfeln). Abgelehnt: die Eingabe
    bleibt stehen – leeren, der nächste Angriff versucht den nächsten Wert."""
    feld = s.seite.get_by_role("textbox", name=s.abend.wuerfel_feld, exact=True).first
    if s.schritte() > n:
        assert any(z.startswith("✎") for z in s.seite.evaluate(_SICHTBARER_TEXT)), s.meldung()
        s.klick("Rückgängig")
        assert s.schritte() == n
        return True, True
    feld.fill("")
    s.seite.keyboard.press("Tab")
    s.warte(s.seite)
    s.gesperrt.discard((n, name))
    return False, False


@pytest.fixture(scope="module")
def gm_helfer_url(tmp_path_factory):
    """Der echte ``gm-helfer`` (mit Torwache: das Gerät des Browsers bekommt seinen Kampf nach dem
    Neuladen ohne Warten zurück), alle Notebooks in einem Server, eigene Temp-Ordner."""
    prozess, port, _ = gm_helfer_starten(tmp_path_factory.mktemp("spielabend"), "--kein-browser")
    yield f"http://127.0.0.1:{port}"
    aufraeumen(prozess)


@pytest.fixture
def tablet(chromium_browser, gm_helfer_url, warte_fertig):
    """Fabrik: ``tablet("w100_kampf.py") -> Page`` in 820 × 1180, eigener Browser-Kontext (ein Gerät)."""
    from gm_helfer.browser import Verkehr
    from tests.conftest import _VERKEHR, ANTWORT_FRIST, STILLE

    kontexte = []

    def oeffnen(notebook: str):
        kontext = chromium_browser.new_context(viewport=dict(FENSTER), locale="de-DE")
        kontexte.append(kontext)
        seite = kontext.new_page()
        _VERKEHR[seite] = Verkehr(seite, antwort_frist=ANTWORT_FRIST, stille=STILLE)
        seite.goto(f"{gm_helfer_url}/?file={notebook}")
        warte_fertig(seite)
        return seite

    yield oeffnen
    for k in kontexte:
        for p in k.pages:
            _VERKEHR.pop(p, None)
        k.close()


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("system", list(ABENDE))
def test_spielabend(system, tablet, warte_fertig, keine_zellfehler, tmp_path):
    abend = ABENDE[system]
    seite = tablet(abend.notebook)
    expect(_knopf(seite, "Neuer Kampf").first).to_be_visible(timeout=90_000)
    s = Spielabend(seite, abend, warte_fertig, keine_zellfehler, tmp_path)
    mitkaempfen(seite, *abend.dazu)
    s.klick("Neuer Kampf")
    expect(seite.locator("#tisch-kampfzeile").first).to_be_visible(timeout=30_000)  # die Anlage ist eine Zeile

    angegriffen, letzter = False, None  # hat der, der dran ist, in diesem Zug schon gewürfelt?
    getippt_ok = rueckgaengig = neu_geladen = False
    versuche = iter(abend.getippt)
    ende = time.monotonic() + 900
    erschoepft = False  # alle eingetippten Versuche abgelehnt (dann scheitert der Test am Ende)
    while not _fertig(s, neu_geladen, rueckgaengig or erschoepft):
        assert time.monotonic() < ende, f"nach {s.klicks} Klicks: {abend.zeit} {s.zeit()}"
        assert s.klicks < 400, f"{s.klicks} Klicks, {abend.zeit} {s.zeit()}"
        if not neu_geladen and s.zeit() >= (2 if abend.zeit == "Runde" else 5):
            _fortsetzen_nach_neuladen(s)
            neu_geladen = True
            continue
        wer = _text(seite, f"{abend.praefix}-am-zug")
        if wer != letzter:
            angegriffen, letzter = False, wer
        name = s.naechster(angegriffen)
        if name is None:  # entschieden: keiner kann mehr etwas tun
            break
        tippen = name == "Angreifen" and not getippt_ok
        wert = next(versuche, None) if tippen else None
        erschoepft = erschoepft or (tippen and wert is None)
        _eintippen(s, wert)
        n = s.schritte()
        s.klick(name)
        if name in abend.angriff and s.schritte() > n:
            angegriffen = True
        if wert is not None:
            getippt_ok, zurueck = _getippt_auswerten(s, n, name)
            rueckgaengig = rueckgaengig or zurueck
            angegriffen = angegriffen and not zurueck
        if name in abend.ende:
            angegriffen, letzter = False, None
    seite.screenshot(path=str(tmp_path / f"{system}_ende.png"))
    print(f"{system}: {s.klicks} Klicks, {abend.zeit} {s.zeit()}, eingetippt {getippt_ok}, "
          f"Rückgängig {rueckgaengig}, neu geladen {neu_geladen}")
    assert getippt_ok, f"keiner der eingetippten Würfe {abend.getippt} wurde angenommen"
    assert rueckgaengig and neu_geladen
    assert not s.englisch, f"sichtbar auf Englisch (Text → erster Klick): {s.englisch}"
    assert not s.abgeschnitten, f"Würfelfeld, dessen Beispiel nicht ganz zu sehen ist (→ erster Klick): {s.abgeschnitten}"
    assert s.zeit() >= abend.ziel or name is None
