"""Gemeinsame Fixtures: Temp-Ordner für Bögen/Protokolle, marimo-Server, Chromium-Seiten.

Gewöhnliche Tests laufen immer mit ``GM_HELFER_CHARAKTERE`` und ``GM_HELFER_KAEMPFE``
in Temp-Ordnern (autouse-Fixture ``_temp_datenordner``), damit kein Test die Dateien
im Projekt verändert. ``GM_HELFER_CHARAKTERE`` zeigt dabei auf eine Kopie von
``charaktere/``, so dass Tests die Beispielbögen lesen können.
"""

from __future__ import annotations

import os
import subprocess
import time
from pathlib import Path

import pytest
from hypothesis import settings

from gm_helfer.browser import CHROMIUM_ARGUMENTE, Verkehr, beenden, isolierte_umgebung, marimo_starten
from gm_helfer.browser import kopie_charaktere as _kopie_charaktere

PROJEKT = Path(__file__).resolve().parent.parent

# Keine Zeitgrenze je Beispiel: auf der geteilten 2-Kern-Maschine (CI, mehrere Läufe nebeneinander)
# machte Hypothesis' Vorgabe von 200 ms richtige Tests zufällig rot (DeadlineExceeded). Tests prüfen
# Verhalten, nie Zeiten (Zeiten misst benchmarks/).
settings.register_profile("gm_helfer", deadline=None)
settings.load_profile("gm_helfer")


@pytest.fixture(autouse=True)
def _temp_datenordner(tmp_path_factory, monkeypatch):
    """Lenkt Charakterbögen und Kampfprotokolle in Temp-Ordner (für jeden Test neu)."""
    basis = tmp_path_factory.mktemp("daten")
    monkeypatch.setenv("GM_HELFER_CHARAKTERE", str(_kopie_charaktere(basis / "charaktere")))
    kaempfe = basis / "kaempfe"
    kaempfe.mkdir()
    monkeypatch.setenv("GM_HELFER_KAEMPFE", str(kaempfe))
    yield


# --------------------------------------------------------------------------- marimo + Chromium

CHROMIUM = Path(os.environ.get("GM_HELFER_CHROMIUM", "/usr/bin/chromium"))  # überschreibbar für Tests
BROWSER_FIXTURES = {"browser_seite", "browser_seite_modul", "marimo_server", "chromium_browser"}


LANGSAME_FIXTURES = BROWSER_FIXTURES | {"kind_umgebung", "stimmt_ueberein"}
"""Fixtures, die Kindprozesse (marimo-Server, Chromium, Python) starten oder Tausende Kämpfe auf
zwei Wegen vergleichen (gebündelte Maschine gegen Ereignispfad): Marke ``slow``."""
LANGSAM_IM_NAMEN = ("gegen_aufzaehlung", "gleich_aufzaehlung", "brute_force", "stimmt_mit_ereignispfad_ueberein")
"""Testnamen der langen Gegenproben (exakte Chancen gegen Aufzählung aller Würfe, gebündelt gegen
Ereignispfad; gemessen je 4–40 s): Marke ``slow``."""
LANGSAM_IM_MODUL = ("nbclient", "app.run(", "jupyterlab")
"""Ein Testmodul, das Notebooks ausführt (marimo ``app.run``/``export``, Jupyter über nbclient): alle ``slow``."""
LANGSAM_IM_TEST = ("subprocess", "sys.executable", "Popen", "ProcessPool", "multiprocessing", "nbclient", "arbeiter=2")
"""Ein Test (oder eine Hilfsfunktion seines Moduls oder eines Hilfsmoduls unter ``tests/``, die er ruft, oder
eine Fixture seines Moduls, die er nutzt), der Kindprozesse startet: ``slow``."""
LANGSAM_IN_FIXTURE = ("subprocess.Popen(", "subprocess.run(", "sys.executable", "ProcessPool", "nbclient")
"""Eine Fixture startet wirklich einen Kindprozess (nicht: sie ersetzt ``Popen`` durch eine Attrappe)."""


def _quellen(quelle: str) -> dict[str, str]:
    """Quelltext (mit Dekoratoren) je Funktion eines Moduls, nach ``__qualname__`` (oben im Modul und in
    Klassen oben im Modul) – ein ``ast.parse`` je Modul statt ``inspect.getsource`` je Test."""
    import ast

    zeilen = quelle.splitlines(keepends=True)
    texte: dict[str, str] = {}

    def merken(knoten, vorne: str) -> None:
        for k in knoten.body:
            if isinstance(k, (ast.FunctionDef, ast.AsyncFunctionDef)):
                anfang = min([k.lineno, *(d.lineno for d in k.decorator_list)])
                texte[vorne + k.name] = "".join(zeilen[anfang - 1:k.end_lineno])
            elif isinstance(k, ast.ClassDef) and not vorne:
                merken(k, k.name + ".")

    try:
        merken(ast.parse(quelle), "")
    except SyntaxError:
        return {}
    return texte


def _quelle(funktion, quellen: dict[str, str]) -> str | None:
    import inspect

    text = quellen.get(getattr(funktion, "__qualname__", ""))
    if text is not None:
        return text
    try:
        return inspect.getsource(funktion)
    except (OSError, TypeError):
        return None


def _aus_den_tests(funktion, modul) -> bool:
    """Die Funktion steht im Testmodul selbst oder in einem Hilfsmodul unter ``tests/`` (``server_hilfe``)."""
    if funktion.__module__ == modul.__name__:
        return True
    datei = getattr(getattr(funktion, "__code__", None), "co_filename", "")
    return datei.startswith(str(PROJEKT / "tests")) and not datei.endswith("conftest.py")


def _langsame_fixture(item, helfer: frozenset[str]) -> bool:
    """Eine Fixture aus dem Testmodul oder einem Hilfsmodul unter ``tests/``, die der Test nutzt und die
    Kindprozesse startet (ein Server für das ganze Modul)."""
    info = getattr(item, "_fixtureinfo", None)
    for defs in (getattr(info, "name2fixturedefs", None) or {}).values():
        for d in defs:
            funktion = getattr(d, "func", None)
            code = getattr(funktion, "__code__", None)
            datei = getattr(code, "co_filename", "")
            if not datei.startswith(str(PROJEKT / "tests")) or datei.endswith("conftest.py"):
                continue
            text = _quelle(funktion, {})
            if text and (any(m in text for m in LANGSAM_IN_FIXTURE) or any(f"{h}(" in text for h in helfer)):
                return True
    return False


def _langsame_namen(modul) -> tuple[bool, frozenset[str], dict[str, str]]:
    """(ganzes Modul langsam?, Namen der Hilfsfunktionen des Moduls, die Kindprozesse starten,
    Quelltext je Funktion)."""
    import inspect

    gemerkt = _LANGSAM_GEMERKT.get(modul.__name__)
    if gemerkt is None:
        try:
            quelle = inspect.getsource(modul)
        except (OSError, TypeError):
            quelle = ""
        quellen = _quellen(quelle)
        helfer = set()
        for name, wert in vars(modul).items():
            if inspect.isfunction(wert) and not name.startswith("test") and _aus_den_tests(wert, modul):
                text = _quelle(wert, quellen if wert.__module__ == modul.__name__ else {})
                if text is not None and any(m in text for m in LANGSAM_IM_TEST):
                    helfer.add(name)
        gemerkt = _LANGSAM_GEMERKT[modul.__name__] = (
            any(m in quelle for m in LANGSAM_IM_MODUL), frozenset(helfer), quellen)
    return gemerkt


_LANGSAM_GEMERKT: dict[str, tuple[bool, frozenset[str], dict[str, str]]] = {}


def _ist_langsam(item) -> bool:
    if LANGSAME_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    if any(n in item.name for n in LANGSAM_IM_NAMEN):
        return True
    modul = getattr(item, "module", None)
    funktion = getattr(item, "function", None)
    if modul is None or funktion is None:
        return False
    ganz, helfer, quellen = _langsame_namen(modul)
    if ganz or _langsame_fixture(item, helfer):
        return True
    text = _quelle(funktion, quellen)
    if text is None:
        return False
    return any(m in text for m in LANGSAM_IM_TEST) or any(f"{h}(" in text for h in helfer)


def pytest_collection_modifyitems(config, items):
    """Jeder Test, der einen Browser- oder Server-Fixture nutzt, trägt die Marke ``browser``; jeder,
    der Notebooks ausführt oder Kindprozesse startet (marimo, Jupyter, Chromium, Python), dazu
    ``slow`` – ``pytest -m "not slow"`` ist der schnelle Lauf (Issue 20)."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if item.get_closest_marker("slow") is None and _ist_langsam(item):
            item.add_marker(pytest.mark.slow)
    _lange_dateien_zuerst(items)


def _lange_dateien_zuerst(items) -> None:
    """Ordnet die Dateien: erst die mit Browsertests (die meisten zuerst), dann die langsamen, dann
    der Rest – jede Datei bleibt beisammen, innerhalb der Datei bleibt die Reihenfolge.

    pytest-xdist verteilt mit ``--dist loadfile`` ganze Dateien in dieser Reihenfolge (mit
    ``--no-loadscope-reorder``, siehe ``pyproject.toml``; sonst zuerst die mit den meisten Tests).
    So laufen die langen Browserdateien zuerst und die vielen kurzen füllen am Ende die Lücken,
    statt dass am Schluss ein Arbeiter allein eine lange Datei abarbeitet.
    """
    dateien: dict[object, list] = {}
    for item in items:
        dateien.setdefault(item.path, []).append(item)

    def gewicht(gruppe: list) -> tuple[int, int]:
        browser = sum(1 for i in gruppe if i.get_closest_marker("browser"))
        langsam = sum(1 for i in gruppe if i.get_closest_marker("slow"))
        return (0, -browser) if browser else (1, -langsam) if langsam else (2, 0)

    items[:] = [i for gruppe in sorted(dateien.values(), key=gewicht) for i in gruppe]


@pytest.fixture(scope="session")
def marimo_server(tmp_path_factory):
    """Fabrik: ``marimo_server("wuerfel.py") -> "http://127.0.0.1:PORT"``.

    Der Name meint ``notebooks/<name>``; ein absoluter Pfad (z. B. in ``tmp_path``) geht auch.
    ``marimo_server.ordner[name]`` ist der Temp-Ordner des Servers (``kaempfe/``, ``charaktere/``);
    ``marimo_server(name, kaempfe=ordner)`` teilt den Kampfordner eines anderen Servers.

    Startet ``marimo run`` für ``notebooks/<name>`` einmal je Notebook und Sitzung
    (headless, ohne Token, mit Tracebacks), wartet auf ``/health`` und beendet alle Server
    am Ende der Sitzung. HOME, XDG-Ordner, Bögen und Protokolle liegen in Temp-Ordnern.
    """
    laufend: dict[str, tuple[str, subprocess.Popen]] = {}

    def starten(notebook_dateiname: str, kaempfe: Path | None = None) -> str:
        schluessel = (notebook_dateiname, str(kaempfe or ""))
        if schluessel in laufend:
            url, prozess = laufend[schluessel]
            if prozess.poll() is None:
                return url
        notebook = PROJEKT / "notebooks" / notebook_dateiname  # absolute Pfade bleiben
        if not notebook.is_file():
            pytest.fail(f"Notebook {notebook} gibt es nicht.")
        basis = tmp_path_factory.mktemp(f"server_{notebook.stem}")
        if kaempfe is None:  # der gemeinsame Server; einer mit eigenem Kampfordner überschreibt ihn nicht
            starten.ordner[notebook_dateiname] = basis
        url, prozess, bereit = marimo_starten(
            notebook, basis, env={**isolierte_umgebung(basis), **({"GM_HELFER_KAEMPFE": str(kaempfe)} if kaempfe else {})}
        )
        laufend[schluessel] = (url, prozess)
        if bereit:
            return url
        beenden(prozess)
        text = (basis / "marimo.log").read_text(errors="replace")[-3000:]
        pytest.fail(f"marimo-Server für {notebook_dateiname} ist nicht gestartet:\n{text}")

    starten.ordner = {}  # Notebook → Temp-Ordner des Servers (darin kaempfe/, charaktere/ …)
    yield starten
    for _, prozess in laufend.values():
        beenden(prozess)


@pytest.fixture(scope="session")
def chromium_browser():
    """Ein headless Chromium (Playwright, System-Chromium) für die ganze Sitzung.

    Fehlt ``/usr/bin/chromium`` oder Playwright, werden Browsertests übersprungen –
    außer wenn die Umgebungsvariable ``CI`` gesetzt ist: dann schlagen sie fehl.
    """
    grund = None
    if not CHROMIUM.exists():
        grund = f"Chromium fehlt ({CHROMIUM}); installieren mit: apt-get install -y chromium"
    else:
        try:
            from playwright.sync_api import sync_playwright
        except ImportError:
            grund = 'Playwright fehlt; installieren mit: pip install -e ".[test]"'
    if grund:
        if os.environ.get("CI"):
            pytest.fail(f"Browsertest in CI nicht möglich: {grund}")
        pytest.skip(f"Browsertest übersprungen: {grund}")
    pw = sync_playwright().start()
    browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGUMENTE)
    yield browser
    browser.close()
    pw.stop()


LAEUFT = "[data-testid=loading-indicator], .running-app-icon"
ANTWORT_FRIST = 8.0  # so lange darf der Kernel nach einer Eingabe schweigen, bevor wir aufhören zu warten
STILLE = 0.3  # so lange darf keine Nachricht des Kernels mehr kommen


_VERKEHR: dict[object, Verkehr] = {}


def warte_bis_fertig(seite, timeout: float = 90.0) -> None:
    """Wartet, bis das Notebook Zellen zeigt, keine Zelle mehr läuft und der Kernel ruhig ist.

    Seiten aus ``browser_seite``/``browser_seite_modul`` werden zusätzlich am Netzverkehr
    beobachtet (siehe ``gm_helfer.browser.Verkehr``): auch eine Eingabe, auf die der Kernel noch nicht
    reagiert hat, zählt als "läuft noch".
    """
    verkehr = _VERKEHR.get(seite)
    frist = time.monotonic() + timeout
    ruhig = 0
    while time.monotonic() < frist:
        zellen = seite.locator(".marimo-cell").count()
        laeuft = seite.locator(LAEUFT).count() or (verkehr is not None and verkehr.beschaeftigt())
        ruhig = ruhig + 1 if zellen and not laeuft else 0
        if ruhig >= 2:
            return
        seite.wait_for_timeout(150)
    raise AssertionError(f"Das Notebook ist nach {timeout:.0f} s noch nicht fertig: {seite.url}")


def _kampfordner_merken(marimo_server, notebook_dateiname: str, gemerkt: list) -> None:
    """Merkt sich beim ersten Öffnen im Test, was im Kampfordner des gemeinsamen Servers liegt."""
    ordner = marimo_server.ordner.get(notebook_dateiname)
    kaempfe = ordner / "kaempfe" if ordner is not None else None
    if kaempfe is not None and kaempfe.is_dir() and all(k != kaempfe for k, _ in gemerkt):
        gemerkt.append((kaempfe, set(kaempfe.iterdir())))


def _aufraeumen(kontexte: list, gemerkt: list) -> None:
    """Schließt die Browser-Kontexte und löscht, was der Test im Kampfordner angelegt hat.

    Ein neuer Kampf wählt die Kämpfer des letzten gespeicherten vor (Issue 23, Punkt 5): ohne das
    begänne ein späterer Test am selben Server mit den Kämpfern dieses Tests."""
    import shutil

    for k in kontexte:
        for p in k.pages:
            _VERKEHR.pop(p, None)
        k.close()
    for ordner, vorher in gemerkt:
        for neu in set(ordner.iterdir()) - vorher:
            shutil.rmtree(neu) if neu.is_dir() else neu.unlink(missing_ok=True)


def _seite_oeffnen(browser, marimo_server, notebook_dateiname: str, kontexte: list, gemerkt: list,
                   kaempfe: Path | None = None):
    kontext = browser.new_context(viewport={"width": 1280, "height": 900}, locale="de-DE")
    kontexte.append(kontext)
    seite = kontext.new_page()
    _VERKEHR[seite] = Verkehr(seite, antwort_frist=ANTWORT_FRIST, stille=STILLE)
    if kaempfe is not None:
        kaempfe.mkdir(parents=True, exist_ok=True)
    url = marimo_server(notebook_dateiname, kaempfe=kaempfe)
    if kaempfe is None:
        _kampfordner_merken(marimo_server, notebook_dateiname, gemerkt)
    seite.goto(url + "/")
    warte_bis_fertig(seite)
    seite.evaluate("document.fonts.ready")
    return seite


@pytest.fixture
def browser_seite(chromium_browser, marimo_server):
    """Fabrik: ``browser_seite("wuerfel.py") -> Page`` – frische Sitzung, fertig gerechnet.

    Am Ende ist weg, was der Test im Kampfordner des Servers angelegt hat (:func:`_aufraeumen`).
    ``browser_seite(name, kaempfe=tmp_path)``: ein eigener Server mit leerem Kampfordner (kostet
    einen Serverstart; für Tests, die nichts vom gemeinsamen Server erben dürfen)."""
    kontexte: list = []
    gemerkt: list = []
    yield lambda name, kaempfe=None: _seite_oeffnen(chromium_browser, marimo_server, name, kontexte, gemerkt, kaempfe)
    _aufraeumen(kontexte, gemerkt)


@pytest.fixture(scope="module")
def browser_seite_modul(chromium_browser, marimo_server):
    """Wie ``browser_seite``, aber die Seiten leben für das ganze Testmodul (spart Zeit)."""
    kontexte: list = []
    gemerkt: list = []
    seiten: dict[str, object] = {}

    def oeffnen(name: str):
        if name not in seiten:
            seiten[name] = _seite_oeffnen(chromium_browser, marimo_server, name, kontexte, gemerkt)
        return seiten[name]

    yield oeffnen
    _aufraeumen(kontexte, gemerkt)


@pytest.fixture
def warte_fertig():
    """``warte_fertig(page)``: wartet nach einer Eingabe, bis keine Zelle mehr läuft."""
    return warte_bis_fertig


def mitkaempfen(seite, *namen: str) -> None:
    """Vor „Neuer Kampf“: die Häkchen der Bögen ``namen`` unter „Wer kämpft mit?“ setzen (der erste
    Kampf überhaupt wählt nur die Gruppe gegen die Beispielgegner vor, :func:`gm_helfer.tisch.erster_vorschlag`).
    Ein Bogen mit mehreren Kämpfern heißt dort „Bandit ×4“: gesucht wird der Anfang der Beschriftung."""
    import re

    for name in namen:
        haken = seite.get_by_role("checkbox", name=re.compile(rf"^{re.escape(name)}( ×\d+)?$")).first
        haken.wait_for(timeout=30_000)
        if not haken.is_checked():
            haken.click()
            warte_bis_fertig(seite)
        assert haken.is_checked(), f"„{name}“ unter „Wer kämpft mit?“ ließ sich nicht anhaken"


def aufklappen_bis(seite, titel: str, ziel, versuche: int = 4) -> None:
    """Klappt den Abschnitt ``titel`` (marimo-Akkordeon) auf, bis ``ziel`` (ein Locator) sichtbar ist.

    Ein Klick, während die Zelle des Akkordeons neu läuft, trifft das alte Element: das neue steht
    wieder zu. Deshalb: warten, bis die Seite ruht, nur einen zugeklappten Kopf klicken (ein
    zweiter Klick auf einen offenen klappte ihn zu) und nachsehen; steht er offen, aber leer, zu-
    und wieder aufklappen. (Der CI-Fehler am W100-Lageplan – offen, aber leer – kam vom
    ``widgets.Blickfang``, der die Seite nach einem Schritt 6 s lang zum Panel zurückzog: ein
    Abschnitt mit ``lazy=True`` lädt erst, wenn er im Fenster steht. Der hört jetzt beim ersten
    eigenen Scrollen oder Klicken auf.)
    """
    from playwright.sync_api import expect

    kopf = seite.get_by_role("button", name=titel).first  # Teil des Titels genügt
    for versuch in range(versuche):
        warte_bis_fertig(seite)
        if versuch and kopf.get_attribute("aria-expanded") == "true":
            kopf.click()  # offen, aber leer: zu und wieder auf (ein Abschnitt mit lazy=True lädt neu)
            warte_bis_fertig(seite)
        if kopf.get_attribute("aria-expanded") != "true":
            kopf.click()
        try:
            expect(ziel).to_be_visible(timeout=15_000)
            return
        except AssertionError:
            continue
    expect(ziel).to_be_visible(timeout=1_000)


@pytest.fixture
def aufklappen():
    """``aufklappen(page, titel, ziel)``: siehe ``aufklappen_bis``."""
    return aufklappen_bis


FEHLER_SELEKTOR = ".marimo-cell.has-error, .marimo-cell [role=alert] h5.text-error"


@pytest.fixture
def keine_zellfehler(tmp_path):
    """``keine_zellfehler(page)``: keine Zelle mit Fehler, keine marimo-Fehlerausgabe.

    Bei Fehlern: die Fehlertexte und ein Bildschirmfoto (Pfad in der Meldung).
    """

    def pruefen(seite) -> None:
        fehler = seite.locator(FEHLER_SELEKTOR)
        if fehler.count():
            bild = tmp_path / "zellfehler.png"
            seite.screenshot(path=str(bild), full_page=True)
            texte = seite.locator(".marimo-cell.has-error").all_inner_texts()
            raise AssertionError(
                f"{fehler.count()} Zellfehler auf {seite.url} (Bild: {bild}):\n"
                + "\n---\n".join(t[:1500] for t in texte)
            )

    return pruefen


@pytest.fixture(scope="session")
def kind_umgebung(tmp_path_factory):
    """Fabrik: ``kind_umgebung("name") -> env`` für Kindprozesse (HOME/XDG/GM_HELFER_* in Temp)."""
    return lambda name: isolierte_umgebung(tmp_path_factory.mktemp(name))


class ZugPanel:
    """Hilfen für Browsertests eines Live-Notebooks mit Zug-Panel: Knöpfe nach Beschriftung,
    Texte nach ID, Klicks zählen (``anzahl``). ``praefix`` ist der Präfix der IDs (z. B. „w100“)."""

    def __init__(self, seite, praefix: str) -> None:
        self.seite, self.praefix, self.anzahl = seite, praefix, 0

    def knopf(self, name: str):
        return self.seite.get_by_role("button", name=name, exact=True)

    def da(self, name: str) -> bool:
        """Der Knopf ist sichtbar und anklickbar."""
        k = self.knopf(name)
        return bool(k.count()) and k.first.is_visible() and k.first.is_enabled()

    def aufklappen(self) -> None:
        """Läuft ein Kampf, ist „Kampf anlegen oder fortsetzen“ eine Zeile (``#tisch-kampfzeile``): aufklappen."""
        zeile = self.seite.locator("#tisch-kampfzeile")
        if zeile.count() and zeile.first.is_visible():
            zeile.first.click()
            self.seite.wait_for_timeout(200)

    def mitkaempfen(self, *namen: str) -> None:
        """Bögen unter „Wer kämpft mit?“ anhaken (:func:`mitkaempfen`)."""
        mitkaempfen(self.seite, *namen)

    def oeffne(self, titel: str, ziel) -> None:
        """Abschnitt ``titel`` aufklappen, bis ``ziel`` sichtbar ist (``aufklappen_bis``)."""
        aufklappen_bis(self.seite, titel, ziel)

    def klick(self, name: str) -> None:
        """Einen Knopf klicken (und zählen), dann warten, bis keine Zelle mehr läuft. Steht er in der
        eingeklappten Anlage („Neuer Kampf“, „Kampf fortsetzen“ …), wird sie erst aufgeklappt."""
        if self.knopf(name).count() and not self.knopf(name).first.is_visible():
            self.aufklappen()
        self.knopf(name).first.click()
        self.anzahl += 1
        warte_bis_fertig(self.seite)

    def text(self, hook: str) -> str:
        return self.seite.locator(f"#{hook}").first.inner_text(timeout=20_000)

    def schritte(self) -> int:
        """Die Schrittzahl der Protokollansicht (``#<praefix>-protokoll-schritte``)."""
        import re

        return int(re.search(r"\d+", self.text(f"{self.praefix}-protokoll-schritte")).group())

    def warte_auf(self, hook: str, text: str) -> None:
        from playwright.sync_api import expect

        try:
            expect(self.seite.locator(f"#{hook}").first).to_contain_text(text, timeout=30_000)
        except AssertionError as fehler:
            meldung = self.seite.locator(f"#{self.praefix}-meldung").first.inner_text(timeout=5_000)
            raise AssertionError(f"{fehler}\nLetzte Meldung im Notebook: {meldung}") from None

    def eintippen(self, name: str, wert: str) -> None:
        feld = self.seite.get_by_role("textbox", name=name, exact=True).first
        feld.fill(wert)
        feld.press("Tab")
        warte_bis_fertig(self.seite)

    def gespeicherte(self) -> int:
        """Wie viele gespeicherte Kämpfe „Gespeicherter Kampf“ anbietet (ohne den Leer-Hinweis)."""
        from gm_helfer.tisch import KEIN_GESPEICHERTER

        auswahl = self.seite.get_by_role("combobox", name="Gespeicherter Kampf")
        if not (auswahl.count() and auswahl.first.is_visible()):
            self.aufklappen()  # läuft ein Kampf, steht die Liste in der eingeklappten Anlage
        optionen = auswahl.first.locator("option").all_inner_texts()
        return sum(1 for o in optionen if o.strip() and o.strip() != KEIN_GESPEICHERTER)

    def warte_auf_gespeicherte(self, anzahl: int) -> None:
        """Bis „Gespeicherter Kampf“ ``anzahl`` Kämpfe anbietet (nach „Neuer Kampf“ ohne Neuladen)."""
        import time

        ende = time.monotonic() + 30
        while self.gespeicherte() != anzahl:
            assert time.monotonic() < ende, f"„Gespeicherter Kampf“ bietet {self.gespeicherte()} Kämpfe, erwartet {anzahl}"
            time.sleep(0.2)

    def bereit(self, knopf: str = "Neuer Kampf") -> None:
        """Warten, bis das Notebook steht (auf einer belasteten Maschine dauert es)."""
        from playwright.sync_api import expect

        expect(self.knopf(knopf).first).to_be_visible(timeout=90_000)


@pytest.fixture
def zug_panel():
    """Fabrik: ``zug_panel(seite, "w100") -> ZugPanel``."""
    return ZugPanel


# ---------------------------------------------------------------------------------------
# Gebündelte Maschine gegen Ereignispfad (tests/<system>/test_gebuendelt.py)
# ---------------------------------------------------------------------------------------


def _varianz_runden(a) -> float:
    import math

    m = a.mittlere_runden
    return math.fsum(p * (r - m) ** 2 for r, p in a.runden.items())


def _stimmt_ueberein(e, b, sigma: float = 4) -> None:
    """Zwei ``Auswertung``en (Ereignispfad ``e``, gebündelt ``b``) stimmen überein: Siegesanteile,
    Ausgeschaltet- und Todesrate je Kämpfer und mittlere Dauer liegen innerhalb von ``sigma``
    Standardfehlern der Differenz (Anteile mindestens mit der Streuung von 1 %)."""
    import math

    def grenze(p: float, q: float) -> float:
        r = (p + q) / 2
        return sigma * math.sqrt(max(r * (1 - r), 0.01) * (1 / e.anzahl + 1 / b.anzahl))

    for seite in set(e.sieg) | set(b.sieg):
        p, q = e.sieg.get(seite, 0), b.sieg.get(seite, 0)
        assert abs(p - q) < grenze(p, q), (seite, p, q)
    for art in ("ausgeschaltet", "tot"):
        de, db = getattr(e, art), getattr(b, art)
        for name in set(de) | set(db):
            p, q = de.get(name, 0), db.get(name, 0)
            assert abs(p - q) < grenze(p, q), (art, name, p, q)
    se = math.sqrt(_varianz_runden(e) / e.anzahl + _varianz_runden(b) / b.anzahl)
    assert abs(e.mittlere_runden - b.mittlere_runden) < sigma * se, (e.mittlere_runden, b.mittlere_runden)


@pytest.fixture
def stimmt_ueberein():
    """``stimmt_ueberein(e, b, sigma=4)``: die Übereinstimmungsprüfung der gebündelten Maschinen."""
    return _stimmt_ueberein
