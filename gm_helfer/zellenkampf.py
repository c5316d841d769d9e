"""Ein Kampf, Zelle für Zelle: ein kleines Objekt über Verlauf und Protokoll eines Systems.

Der systemfreie Teil der Kampfobjekte für Jupyter, VS Code und marimo (Issue 13). Jedes
System liefert nur seine Verdrahtung (``gm_helfer/<system>/zellen.py``): wer dran ist, was der
nächste Schritt ist, welche Entscheidungen offen sind, eine Zeile je Kämpfer. Hier steht, was
alle teilen:

* Schritte ausführen: ein Ereignis bauen (würfeln mit ``rng`` oder eingetippte Augen), in den
  :class:`~gm_helfer.protokoll.Verlauf` schreiben (dieselbe Protokolldatei wie die
  marimo-Notebooks, fsync je Ereignis), das Ergebnis als :class:`Schritt` zeigen.
* Fehler als :class:`KampfFehler` mit deutscher Meldung – nie ein Traceback aus der
  Bibliothek (in Jupyter zeigt :meth:`KampfFehler._render_traceback_` nur die Meldung).
* Rückgängig, Fortsetzen aus einer Datei, Protokolltabelle.
* Die Anzeige als deutsche Tabelle über das Rich-Display-Protokoll (``_repr_html_``), damit
  das Objekt als letzte Zeile einer Zelle in Jupyter, VS Code und marimo gleich erscheint.
* Den Tracker (:class:`gm_helfer.widgets.KampfTracker`), der dasselbe Objekt steuert.

Keine Regel steht hier: jede Entscheidung trifft das Regelpaket des Systems.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import polars as pl

from gm_helfer import pfade, taktik_wahl
from gm_helfer.fehler import RegelFehler
from gm_helfer.protokoll import VERMERK, Ereignis, GesperrtFehler, ProtokollFehler, Verlauf
from gm_helfer.wuerfel import WuerfelFehler, programm_zufall

__all__ = [
    "KampfFehler",
    "offen_aus",
    "Offen",
    "Schritt",
    "Zellenkampf",
    "augen_je_name",
    "augen_je_schluessel",
    "boegen_waehlen",
    "datei_finden",
]


class KampfFehler(RegelFehler):
    """Ein Schritt, der so nicht geht – mit deutscher Meldung (Kämpfer, Feld, was zu tun ist).

    In Jupyter/IPython erscheint nur die Meldung, kein Traceback aus dem Inneren der Bibliothek.
    """

    def _render_traceback_(self) -> list[str]:  # IPython: statt des Tracebacks
        return [f"⚠ KampfFehler: {self}"]


@dataclass(frozen=True)
class Offen:
    """Eine offene Entscheidung, die das letzte Ergebnis eröffnet hat (Felder wie
    ``Entscheidung`` der Zug-API: ``schluessel``, ``wer``, ``text``)."""

    schluessel: str
    wer: str
    text: str


@dataclass(frozen=True)
class Schritt:
    """Was ein Schritt bewirkt hat: die Protokollzeile und die Lage danach (als HTML)."""

    text: str
    eingetippt: bool = False
    lage_html: str = ""

    def __str__(self) -> str:
        return ("✎ " if self.eingetippt else "") + self.text

    def __repr__(self) -> str:
        return f"Schritt({str(self)!r})"

    def _repr_html_(self) -> str:
        zeichen = "<span title='eingetippte Würfel'>✎ </span>" if self.eingetippt else ""
        return (f"<div class='gm-schritt' style='font-family:system-ui,sans-serif'>"
                f"<div class='gm-schritt-text' style='padding:4px 8px;border-left:4px solid #2e7d32;"
                f"background:#f1f8e9;margin-bottom:6px'>{zeichen}{html.escape(self.text)}</div>"
                f"{self.lage_html}</div>")


def offen_aus(entscheidungen: Any) -> list[Offen]:
    """Entscheidungen der Zug-API (``gm_helfer/<system>/zug.py``) mit eindeutigem Schlüssel
    „art:wer“ (die Zug-API nennt die Art und ``wer`` getrennt)."""
    return [Offen(e.schluessel if ":" in e.schluessel else f"{e.schluessel}:{e.wer}", e.wer, e.text)
            for e in entscheidungen]


def augen_je_schluessel(text: str | Mapping[str, Any] | None, erster: str) -> dict[str, str] | None:
    """Eingetippte Würfel eines Austauschs: „7 3 0 1; verteidigung: 5 2; zone: 12“.

    Teile trennt ``;``; jeder Teil ist ``schlüssel: Augen``. Ein Teil ohne Schlüssel gilt
    ``erster`` (etwa dem Angriffswurf). Ein Mapping wird übernommen; leer heißt: das Programm
    würfelt (``None``).

    >>> augen_je_schluessel("7 3 0 1; verteidigung: 5 2", "angriff")
    {'angriff': '7 3 0 1', 'verteidigung': '5 2'}
    """
    if text is None:
        return None
    if isinstance(text, Mapping):
        aus = {str(k): str(v).strip() for k, v in text.items() if str(v).strip()}
        return aus or None
    aus: dict[str, str] = {}
    for teil in (t.strip() for t in str(text).split(";")):
        if not teil:
            continue
        m = re.match(r"^([A-Za-zÄÖÜäöüß_ -]+):\s*(.*)$", teil)
        schluessel, wert = (m.group(1).strip().lower().replace(" ", "_"), m.group(2).strip()) if m else (erster, teil)
        if schluessel in aus:
            raise KampfFehler(f"Würfel „{schluessel}“ zweimal eingetippt („{text}“).")
        if not wert:
            raise KampfFehler(f"Bei „{schluessel}:“ fehlen die Augen.")
        aus[schluessel] = wert
    return aus or None


def augen_je_name(text: str | Mapping[str, Any] | None, namen: Any) -> dict[str, str] | None:
    """Eingetippte Würfel je Kämpfer: „Brann: 9; Ork-Krieger: 2“ → ``{"Brann": "9", "Ork-Krieger": "2"}``.

    Namen ohne Rücksicht auf Groß- und Kleinschreibung; wer fehlt, würfelt das Programm.

    Raises:
        KampfFehler: ein Teil ohne „Name:“ oder ein Name, der nicht mitkämpft.
    """
    if text is None:
        return None
    paare = (list(text.items()) if isinstance(text, Mapping)
             else [t.split(":", 1) if ":" in t else [None, t] for t in str(text).split(";") if t.strip()])
    bekannt = {str(n).lower(): str(n) for n in namen}
    aus: dict[str, str] = {}
    for name, wert in paare:
        if name is None:
            raise KampfFehler(f"„{str(wert).strip()}“: bitte „Name: Augen“ eintippen, "
                              f"z. B. „{next(iter(bekannt.values()), 'Name')}: 7“.")
        echt = bekannt.get(str(name).strip().lower())
        if echt is None:
            raise KampfFehler(f"„{str(name).strip()}“ kämpft hier nicht mit – dabei sind: {', '.join(bekannt.values())}.")
        if str(wert).strip():
            aus[echt] = str(wert).strip()
    return aus or None


def datei_finden(datei: str | Path) -> Path:
    """Ein Protokoll: ein Pfad, oder ein bloßer Dateiname im Kampfordner (``GM_HELFER_KAEMPFE``)."""
    pfad = Path(datei)
    if not pfad.exists() and not pfad.is_absolute() and len(pfad.parts) == 1:
        im_ordner = pfade.kampf_ordner() / pfad
        if im_ordner.exists():
            return im_ordner
    if not pfad.exists():
        raise KampfFehler(f"Protokoll {pfad} gibt es nicht (gesucht auch in {pfade.kampf_ordner()}).")
    return pfad


def _schluessel(text: str) -> str:
    return re.sub(r"[^a-z0-9äöüß]+", "", text.lower())


def boegen_waehlen(system: str, namen: Any, ordner: Path | None = None) -> list[Any]:
    """Die Bögen eines Systems nach Dateiname („bandit“) oder Name („Bandit“), in dieser Reihenfolge.

    Raises:
        KampfFehler: ein Name passt auf keinen Bogen (die Meldung nennt die vorhandenen) oder
            sein Bogen hat Fehler (die Meldung nennt Datei, Charakter und Feld).
    """
    from gm_helfer import boegen

    if isinstance(namen, str):
        namen = [namen]
    ladung = boegen.laden(system, ordner)
    nach_schluessel: dict[str, Any] = {}
    for b in ladung.boegen:
        nach_schluessel.setdefault(_schluessel(b.datei.stem), b)
        nach_schluessel.setdefault(_schluessel(str(b.name)), b)
    gewaehlt = []
    for name in namen:
        if not isinstance(name, str):
            gewaehlt.append(name)  # schon ein Bogen
            continue
        b = nach_schluessel.get(_schluessel(name))
        if b is None:
            kaputt = [str(f) for f in ladung.fehler if _schluessel(f.datei.stem) == _schluessel(name)]
            if kaputt:
                raise KampfFehler("; ".join(kaputt))
            vorhanden = ", ".join(sorted(b.datei.stem for b in ladung.boegen)) or "keine"
            raise KampfFehler(f"Keinen {system}-Bogen „{name}“ gefunden – vorhanden: {vorhanden}.")
        gewaehlt.append(b)
    if not gewaehlt:
        raise KampfFehler("Ein Kampf braucht mindestens einen Bogen.")
    return gewaehlt


#: Fehler aus Bibliothek und Protokoll, die als :class:`KampfFehler` weitergegeben werden.
_GRUNDFEHLER: tuple[type[BaseException], ...] = (ProtokollFehler, WuerfelFehler, ValueError, TypeError, KeyError)


def _meldung(fehler: BaseException) -> str:
    if isinstance(fehler, KeyError) and fehler.args:
        return f"Unbekannt: {fehler.args[0]}"
    return str(fehler) or type(fehler).__name__


class Zellenkampf:
    """Basis der Kampfobjekte aller Systeme (siehe Moduldoku).

    Unterklassen setzen ``SYSTEM``, ``TITEL``, ``FEHLER``, ``ZUG`` und liefern :meth:`_start`, :meth:`_anwenden`,
    :meth:`am_zug`, :meth:`reihenfolge`, :meth:`offene_entscheidungen`, :meth:`kaempfer_zeilen`,
    :meth:`lage`, :meth:`naechster_schritt` und :meth:`entscheiden`.
    """

    SYSTEM: ClassVar[str] = ""
    TITEL: ClassVar[str] = ""
    FEHLER: ClassVar[tuple[type[BaseException], ...]] = ()
    ZUG: ClassVar[Any] = None
    """Die Zug-Schnittstelle des Systems (``gm_helfer.<system>.tisch.zug``): :meth:`nsc_handeln` trifft
    mit ihrem ``nsc_entscheiden`` die Entscheidungen der Gegner aller Arten von ``NSC_AUTOMATIK``."""
    KAMPF_FEHLER: ClassVar[type[Exception]] = KampfFehler
    """Fehler eines Schritts, der so nicht geht (für Oberflächen wie :class:`~gm_helfer.widgets.KampfTracker`,
    die dieses Modul nicht importieren)."""

    def __init__(self, verlauf: Verlauf, *, rng: Any = None, meldung: str = "") -> None:
        self._verlauf = verlauf
        self.rng = rng if rng is not None else programm_zufall()
        """Zufallsquelle, wenn das Programm würfelt (mit fester Saat wiederholbar)."""
        self.meldung = meldung
        """Die letzte Meldung (Schritt, Rückgängig, Fortsetzen)."""
        self._beobachter: list[Callable[[], None]] = []
        self._taktik: Any = None
        """Die Taktik, mit der :meth:`ausspielen` gerade spielt (``None``: die Vorgabe des Systems)."""
        self.taktik_werte: dict[str, dict[str, Any]] = taktik_wahl.fuer_verlauf(
            verlauf.system or self.SYSTEM, verlauf.datei, verlauf.kopf)
        """Die Taktikfelder je Seite (wie im Panel: aus der Begegnung, dem Kopf des Protokolls oder
        ``<protokoll>.taktik.json``; :meth:`taktik_setzen` ändert sie)."""

    # -- je System ---------------------------------------------------------------------------

    @staticmethod
    def _start(kopf: Mapping[str, Any]) -> Any:
        """Startzustand aus dem Kopf der Protokolldatei (wie beim marimo-Notebook)."""
        raise NotImplementedError

    @staticmethod
    def _anwenden(zustand: Any, ereignis: Ereignis) -> Any:
        raise NotImplementedError

    def am_zug(self) -> str | None:
        """Wer jetzt handelt (``None``: niemand, etwa vor einer neuen Runde) – aus der Zug-API."""
        return self.ZUG.am_zug(self.zustand)

    def reihenfolge(self) -> list[dict[str, Any]]:
        """Die Reihenfolge des Handelns: je Eintrag ``name``, ``info`` (Karte, Tick, Initiative),
        ``dran``, ``fertig``, optional ``svg`` (Karte)."""
        raise NotImplementedError

    def offene_entscheidungen(self) -> list[Offen]:
        """Was das letzte Ergebnis geöffnet hat – aus der Zug-API, Schlüssel „art:wer“."""
        return offen_aus(self.ZUG.offene_entscheidungen(self.zustand))

    def kaempfer_zeilen(self) -> list[dict[str, Any]]:
        """Eine Zeile je Kämpfer: Zustände, Wunden, Ressourcen (deutsche Spaltennamen)."""
        raise NotImplementedError

    def lage(self) -> str:
        raise NotImplementedError

    def naechster_schritt(self) -> tuple[str, Callable[[], Schritt]] | None:
        """Der naheliegende nächste Schritt (Text für den Knopf, Aufruf) – oder ``None``."""
        raise NotImplementedError

    def entscheiden(self, schluessel: str) -> Schritt:
        """Eine offene Entscheidung treffen (das Programm würfelt)."""
        raise NotImplementedError

    def sieger(self) -> str | None:
        """Die Seite, die als einzige noch kämpfen kann – sonst ``None``."""
        return None

    def _standard_schritt(self, versucht: set[Any]) -> Schritt | None:
        """Ein Schritt mit den Standardwahlen (Ziel, Waffe, offene Würfe) – ``None``: weiter im Ablauf.

        ``versucht`` merkt sich, was in diesem Zug schon versucht wurde (gegen Endlosschleifen)."""
        return None

    # -- gemeinsam ---------------------------------------------------------------------------

    def _lage_anzeige(self, bild: Any, seite: str = "Helden") -> Any:
        """Das Lagebild als Anzeige (:class:`gm_helfer.tisch_lage.LageAnzeige`) mit dem Verlauf je
        Schritt: jeder Aufruf merkt sich seine Siegchance; nach Rückgängig gilt, was danach kam, nicht mehr."""
        from gm_helfer.lage_lauf import Punkt
        from gm_helfer.tisch_lage import LageAnzeige

        kurs: dict[int, Punkt] = self.__dict__.setdefault("_lage_kurs", {})
        schritt = len(self._verlauf.ereignisse)
        for s in [s for s in kurs if s > schritt]:
            del kurs[s]
        lo, hi = bild.intervall.get(seite, (0.0, 0.0))
        kurs[schritt] = Punkt(schritt, int(getattr(self.zustand, "runde", 0) or 0), bild.sieg.get(seite, 0.0), lo, hi)
        return LageAnzeige(bild, tuple(kurs[s] for s in sorted(kurs)), seite=seite)

    @property
    def verlauf(self) -> Verlauf:
        return self._verlauf

    @property
    def zustand(self) -> Any:
        """Der aktuelle Kampfzustand (unveränderlich) des Regelpakets."""
        return self._verlauf.zustand

    @property
    def datei(self) -> Path | None:
        """Die Protokolldatei – dieselbe Art Datei wie in den marimo-Notebooks."""
        return self._verlauf.datei

    @property
    def ereignisse(self) -> tuple[Ereignis, ...]:
        return self._verlauf.ereignisse

    def _fehler(self) -> tuple[type[BaseException], ...]:
        return (*self.FEHLER, *_GRUNDFEHLER)

    def _rufen(self, funktion: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        """Ruft die Bibliothek; ihre Fehler werden zu :class:`KampfFehler` (ohne Traceback-Kette)."""
        try:
            return funktion(*args, **kwargs)
        except KampfFehler:
            raise
        except self._fehler() as fehler:
            raise KampfFehler(_meldung(fehler)) from None

    def _kaempfer_pruefen(self, name: str) -> str:
        namen = [str(z.get("Name")) for z in self.kaempfer_zeilen()]
        if name not in namen:
            raise KampfFehler(f"„{name}“ kämpft hier nicht mit – dabei sind: {', '.join(namen)}.")
        return name

    def _wahl(self, wer: str | None, ziel: str | None, waffe: Any) -> tuple[str, str, Any]:
        """Wer handelt, gegen wen, womit – Vorgaben aus der Zug-API: wer am Zug ist, ein Gegner
        der anderen Seite, die eigene erste Waffe."""
        wer = wer or self.am_zug()
        if not wer:
            raise KampfFehler("Niemand ist am Zug – erst „kampf.weiter()“.")
        self._kaempfer_pruefen(wer)
        ziel = ziel or self.ZUG.standard_ziel(self.zustand, wer)
        if not ziel:
            raise KampfFehler(f"{wer} hat kein Ziel: kein Gegner kann mehr kämpfen.")
        self._kaempfer_pruefen(ziel)
        if waffe is None:
            waffe = self.ZUG.standard_waffe(self.zustand, wer)
        if waffe is None:
            raise KampfFehler(f"{wer} hat keine Waffe und keinen Angriff auf dem Bogen.")
        return wer, ziel, waffe

    def _schritt(self, baue: Callable[[Any], Ereignis]) -> Schritt:
        """Baut ein Ereignis aus dem aktuellen Zustand, führt es aus und protokolliert es."""
        ereignis = self._rufen(baue, self.zustand)
        self._rufen(self._verlauf.ausfuehren, ereignis)
        return self._fertig(Schritt(ereignis.text, ereignis.eingetippt))

    def _schritte(self, *baue: Callable[[Any], Ereignis]) -> Schritt:
        """Mehrere Ereignisse als ein Schritt (z. B. neue Runde und Karten); scheitert eines, wird
        keines stehen gelassen, und Rückgängig nimmt alle zusammen zurück."""
        texte, eingetippt, anfang = [], False, len(self._verlauf.ereignisse)
        try:
            with self._verlauf.schritt():  # ein Schritt im Protokoll: ein Rückgängig nimmt alle zurück
                for b in baue:
                    ereignis = self._rufen(b, self.zustand)
                    self._rufen(self._verlauf.ausfuehren, ereignis)
                    texte.append(ereignis.text)
                    eingetippt |= ereignis.eingetippt
        except KampfFehler:
            while len(self._verlauf.ereignisse) > anfang:
                self._verlauf.rueckgaengig()
            self._melden()
            raise
        return self._fertig(Schritt(" · ".join(texte), eingetippt))

    def _fertig(self, schritt: Schritt) -> Schritt:
        self.meldung = str(schritt)
        self._melden()
        return Schritt(schritt.text, schritt.eingetippt, self.html())

    def weiter(self) -> Schritt:
        """Der nächste Schritt im Ablauf (neue Runde, nächster am Zug, Zug beenden …)."""
        schritt = self.naechster_schritt()
        if schritt is None:
            raise KampfFehler("Gerade gibt es keinen nächsten Schritt im Ablauf – erst handeln oder entscheiden.")
        return schritt[1]()

    def ausspielen(self, max_schritte: int = 2000, *, taktik: Any = None) -> Schritt:
        """Spielt den Kampf mit der Taktik der Seiten zu Ende – derselben wie in der Simulation
        (``gm_helfer.<system>.simulation.Taktik``; ``taktik``: eine für alle, eine Zuordnung
        Seite → Taktik, ``None`` die Vorgabe): wer an der Reihe ist, greift das Ziel der Taktik mit
        seiner ersten Waffe an, offene Würfe würfelt das Programm, freiwillige (etwa Wegstecken)
        nimmt es, wie die Taktik es will; dann geht der Ablauf weiter.

        Jeder Schritt steht im Protokoll wie von Hand; ``rueckgaengig`` nimmt ihn zurück.
        Endet nach ``max_schritte`` Schritten, auch wenn der Kampf nicht entschieden ist.
        """
        versucht: set[Any] = set()
        anzahl = 0
        self._taktik = taktik
        try:
            while not self.sieger() and anzahl < max_schritte:
                schritt = self._standard_schritt(versucht)
                if schritt is None:
                    self.weiter()
                anzahl += 1
        finally:
            self._taktik = None
        sieger = self.sieger()
        text = (f"{anzahl} Schritte gespielt – entschieden: nur {sieger} können noch kämpfen." if sieger
                else f"{anzahl} Schritte gespielt – noch nicht entschieden.")
        return self._fertig(Schritt(text))

    # -- Vorschläge der Taktik und Lagebild (Issues 25, 26): der gemeinsame Teil ------------
    # Die Systeme geben nur ihre Eigenheiten: :meth:`_vorschlag_ereignisse` (welche Funktion ihrer
    # Zug-Schnittstelle mit welchen Augen), :attr:`NIEMAND_AM_ZUG`, :attr:`LAGEBILD_MIT_WAHLEN`.

    NIEMAND_AM_ZUG: ClassVar[str] = "Niemand ist am Zug."
    """Die Meldung, wenn ein Vorschlag gespielt werden soll, aber niemand am Zug ist."""
    LAGEBILD_MIT_WAHLEN: ClassVar[bool] = True
    """Ob :meth:`lagebild` die Wahlen des Augenblicks mitrechnet (Savage Worlds: nur die Siegchance)."""
    LAGEBILD_SEITE: ClassVar[str] = "Helden"
    """Die Seite, deren Siegchance der Verlauf von :meth:`lagebild` merkt (W100: ``"helden"``)."""

    def _vorschlag_wer(self, wer: str | None) -> str:
        """Für wen der Vorschlag gespielt wird: ``wer`` oder wer am Zug ist."""
        wer = wer or self.am_zug()
        if not wer:
            raise KampfFehler(self.NIEMAND_AM_ZUG)
        return wer

    def _vorschlag_ereignisse(self, wer: str, augen: Any) -> Sequence[Ereignis]:
        """Haken: spielt den Vorschlag für ``wer`` über die Zug-Schnittstelle des Systems (ein
        Schritt im Protokoll) und gibt die geschriebenen Ereignisse zurück; was ein System mehr
        nimmt (Zeitstrahl: ``taktik``), steht als Schlüsselwort in seiner Fassung."""
        raise NotImplementedError

    def _vorschlag_eingetippt(self, ereignisse: Sequence[Ereignis], augen: Any) -> bool:
        return any(e.eingetippt for e in ereignisse)

    def vorschlag_spielen(self, wer: str | None = None, augen: Any = None, **weiter: Any) -> Schritt:
        """Spielt den Vorschlag der Taktik für ``wer`` (Standard: wer am Zug ist) – ein Schritt, ein
        Rückgängig; ``augen``: eingetippte Würfel wie beim Angriff des Systems."""
        ereignisse = self._vorschlag_ereignisse(self._vorschlag_wer(wer), augen, **weiter)
        return self._fertig(Schritt(" · ".join(e.text for e in ereignisse if e.text),
                                    self._vorschlag_eingetippt(ereignisse, augen)))

    def lagebild(self, anzahl: int = 2000, *, mit_optionen: bool = True, **weiter: Any) -> Any:
        """Die Chancen des Kampfes von hier an (:func:`gm_helfer.lagebild.lagebild`, mit der Taktik der
        Simulation): Siegchance der Helden mit Intervall und – ``mit_optionen`` – je Wahl des
        Augenblicks die Chance danach; ``.text()`` gibt die Zeile des Panels. ``weiter``: was das
        System zusätzlich nimmt (Zeitstrahl: ``taktik``)."""
        from gm_helfer.lagebild import lagebild

        bild = self._rufen(lagebild, self.SYSTEM, self.zustand, anzahl, rng=self.rng,
                           mit_optionen=mit_optionen and self.LAGEBILD_MIT_WAHLEN, **weiter)
        return self._lage_anzeige(bild, self.LAGEBILD_SEITE)  # Zeile und Diagramme wie im Panel

    # -- Taktik je Seite und die Gegner auf einen Aufruf (Issue 26, Punkte 4 und 5) -----------

    def taktik(self, seite: str | None = None) -> Any:
        """Die Taktik dieses Kampfes (dieselbe wie im Panel): mit ``seite`` die ``Taktik`` dieser
        Seite, ohne die Zuordnung Seite → ``Taktik`` der geänderten Seiten; ``None``: die Vorgabe."""
        return taktik_wahl.je_seite(self._verlauf.system or self.SYSTEM, self.taktik_werte, seite)

    def taktik_setzen(self, seite: str, **werte: Any) -> Schritt:
        """Die Taktik einer Seite ändern – dieselben Felder wie im Notebook ``begegnung.py``
        (``kampf.taktik_setzen("Gegner", ziel="staerkster")``; ohne Felder: die Standardtaktik).
        Geprüft, und neben dem Protokoll gespeichert (``<protokoll>.taktik.json``): ein Fortsetzen –
        hier oder im marimo-Notebook – spielt mit ihr weiter. Vorschlag, „Gruppe handelt“ und
        :meth:`nsc_handeln` spielen sie."""
        system = self._verlauf.system or self.SYSTEM
        try:
            taktik_wahl.taktik(system, werte)
        except (ValueError, TypeError) as fehler:
            raise KampfFehler(f"Taktik von {seite}: {fehler}") from None
        self.taktik_werte = {**self.taktik_werte, seite: dict(werte)}
        if self.datei is not None and not self._verlauf.nur_lesen:
            self._rufen(taktik_wahl.schreiben, self.datei, self.taktik_werte)
        felder = ", ".join(f"{k} = {v}" for k, v in werte.items()) or "die Vorgabe"
        return self._fertig(Schritt(f"Taktik von {seite}: {felder}."))

    def _gruppe_text(self) -> str:
        """Haken: spielt „Gruppe handelt“ über die Zug-Schnittstelle des Systems (ein Schritt) und
        gibt dessen Text."""
        raise NotImplementedError

    def gruppe_handelt(self) -> Schritt:
        """„Gruppe handelt“: die Nichtspieler, die jetzt dran sind, spielen ihre Vorschläge (ein
        Schritt, ein Rückgängig); hält vor einer Entscheidung eines Helden an."""
        return self._fertig(Schritt(self._gruppe_text()))

    def nsc_handeln(self, max_gruppen: int = 50) -> Schritt:
        """Alle Nichtspieler, die jetzt dran sind, spielen nach ihrer Taktik – Gruppe um Gruppe
        („Gruppe handelt“: Karte, Initiative, Tick), ihre eigenen Entscheidungen ohne Rückfrage (alle
        Arten von ``NSC_AUTOMATIK``, wie die Schalter des Panels in ihrer Vorgabe) –, bis ein Held dran
        ist oder eine Entscheidung des Spielleiters ansteht (die Abwehr oder das Wegstecken eines
        Helden, eine neue Runde, der Kampf ist entschieden). Alles ist **ein** Schritt: ein
        :meth:`rueckgaengig` nimmt den ganzen Aufruf zurück."""
        zug, verlauf = self.ZUG, self._verlauf
        texte: list[str] = []
        with verlauf.schritt():
            for _ in range(max_gruppen):
                vorher = len(verlauf.ereignisse)
                texte += self._rufen(zug.nsc_entscheiden, verlauf, list(zug.NSC_AUTOMATIK),
                                     taktik=self.taktik(), rng=self.rng)
                gruppe = len(verlauf.ereignisse)
                try:
                    text = self._gruppe_text()
                except KampfFehler:  # keine Gruppe der Nichtspieler an der Reihe
                    text = ""
                if len(verlauf.ereignisse) > gruppe and text:
                    texte.append(text)
                letztes = verlauf.ereignisse[-1] if verlauf.ereignisse else None
                if len(verlauf.ereignisse) == vorher or (letztes is not None and letztes.art == VERMERK):
                    break  # ein Held ist dran oder entscheidet, oder der Spielleiter
        return self._fertig(Schritt(" · ".join(texte) or "Kein Nichtspieler ist gerade dran."))

    def rueckgaengig(self) -> Schritt:
        """Nimmt den letzten Schritt zurück (im Protokoll als Rückgängig vermerkt)."""
        if not self._verlauf.ereignisse:
            raise KampfFehler("Nichts zum Zurücknehmen – der Kampf hat noch keinen Schritt.")
        erstes, ende = self._verlauf.schritt_grenzen()[-1]  # der ganze letzte Schritt (Verlauf.schritt)
        texte = [e.text for e in self._verlauf.ereignisse[erstes:ende]]
        self._rufen(self._verlauf.rueckgaengig)
        return self._fertig(Schritt("Zurückgenommen: " + " · ".join(texte)))

    @classmethod
    def neu(cls, baue_verlauf: Callable[[], Verlauf], *, rng: Any = None) -> Zellenkampf:
        """Ein neuer Kampf aus ``baue_verlauf()`` (legt Startzustand und Protokolldatei an);
        Fehler der Bibliothek werden zu :class:`KampfFehler`."""
        try:
            verlauf = baue_verlauf()
        except KampfFehler:
            raise
        except (*cls.FEHLER, *_GRUNDFEHLER) as fehler:
            raise KampfFehler(_meldung(fehler)) from None
        kampf = cls(verlauf, rng=rng)
        kampf.meldung = "Neuer Kampf: " + ", ".join(str(z.get("Name")) for z in kampf.kaempfer_zeilen()) + "."
        return kampf

    @classmethod
    def aus_datei(cls, datei: str | Path, *, rng: Any = None, uebernehmen: bool = False,
                  nur_lesen: bool = False) -> Zellenkampf:
        """Einen gespeicherten Kampf fortsetzen – auch einen aus dem marimo-Notebook.

        Ein Kampf hat genau einen Schreiber: führt ihn gerade eine andere Sitzung (ein
        marimo-Tab, ein anderes Kampfobjekt), kommt eine deutsche Meldung. ``nur_lesen=True``
        zeigt ihn nur an; ``uebernehmen=True`` übernimmt ihn ausdrücklich (die andere Sitzung
        kann dann nichts mehr eintragen).
        """
        pfad = datei_finden(datei)
        try:
            verlauf, warnungen = Verlauf.fortsetzen(pfad, cls._start, cls._anwenden,
                                                    uebernehmen=uebernehmen, nur_lesen=nur_lesen)
        except GesperrtFehler as fehler:
            raise KampfFehler(f"{fehler} (Im Notebook: erst dort schließen, oder hier mit "
                              "„uebernehmen=True“ übernehmen bzw. mit „nur_lesen=True“ ansehen.)") from None
        except (*cls.FEHLER, *_GRUNDFEHLER) as fehler:
            raise KampfFehler(f"{pfad.name}: {_meldung(fehler)}") from None
        if verlauf.system and cls.SYSTEM and verlauf.system != cls.SYSTEM:
            verlauf.schliessen()
            raise KampfFehler(f"{pfad.name} ist ein Kampf für „{verlauf.system}“, nicht für {cls.TITEL}.")
        text = f"Fortgesetzt: {pfad.name} mit {len(verlauf.ereignisse)} Schritten" + (
            " (nur ansehen)." if nur_lesen else ".")
        if warnungen:
            text += " " + " ".join(f"⚠ {w}" for w in warnungen)
        return cls(verlauf, rng=rng, meldung=text)

    def fortsetzen(self, datei: str | Path, *, uebernehmen: bool = False, nur_lesen: bool = False) -> Zellenkampf:
        """Setzt in diesem Objekt den Kampf aus ``datei`` fort (Pfad oder Name im Kampfordner);
        der bisherige Kampf wird dabei freigegeben. Der Tracker bleibt verbunden."""
        self._verlauf.schliessen()
        neu = self.aus_datei(datei, rng=self.rng, uebernehmen=uebernehmen, nur_lesen=nur_lesen)
        self._verlauf, self.meldung, self.taktik_werte = neu._verlauf, neu.meldung, neu.taktik_werte
        self._melden()
        return self

    def schliessen(self) -> None:
        """Gibt den Kampf frei (die Schreibsperre): danach kann ihn das marimo-Notebook oder ein
        anderes Kampfobjekt fortsetzen. Hier lässt sich dann nichts mehr eintragen, bis
        :meth:`fortsetzen` ihn wieder aufnimmt."""
        self._verlauf.schliessen()
        self.meldung = f"Geschlossen: {self.datei.name if self.datei else 'Kampf'} – zum Weiterspielen fortsetzen."
        self._melden()

    def protokoll(self) -> pl.DataFrame:
        """Das Protokoll: je Schritt Text, Regel, eingetippt (✎)."""
        zeilen = [{"Nr.": i, "Was geschah": ("✎ " if e.eingetippt else "") + e.text, "Regel": e.regel}
                  for i, e in enumerate(self._verlauf.ereignisse, start=1)]
        return pl.DataFrame(zeilen, schema={"Nr.": pl.Int64, "Was geschah": pl.Utf8, "Regel": pl.Utf8})

    def tabelle(self) -> pl.DataFrame:
        """Die Kämpfer als Tabelle (dieselben Zeilen wie in der Anzeige)."""
        return pl.DataFrame(self.kaempfer_zeilen())

    # -- Beobachter (Tracker) ------------------------------------------------------------

    def beobachten(self, rueckruf: Callable[[], None]) -> None:
        """``rueckruf()`` nach jedem Schritt, Rückgängig und Fortsetzen (für den Tracker)."""
        self._beobachter.append(rueckruf)

    def _melden(self) -> None:
        for rueckruf in list(self._beobachter):
            rueckruf()

    def tracker(self) -> Any:
        """Das Tracker-Widget (anywidget) über diesem Kampf: Reihenfolge, Zustände, Knöpfe."""
        from gm_helfer.widgets import KampfTracker

        return KampfTracker(self)

    def tracker_daten(self) -> dict[str, Any]:
        """Alles, was der Tracker zeigt – nur JSON-Werte. Ist der Kampf entschieden, bietet er
        keinen nächsten Schritt und keine Entscheidung mehr an (nur noch Rückgängig)."""
        entschieden = bool(self.sieger())
        naechster = None if entschieden else self.naechster_schritt()
        return {
            "titel": self.TITEL,
            "lage": self.lage(),
            "am_zug": self.am_zug() or "",
            "reihenfolge": self.reihenfolge(),
            "spalten": list(self.kaempfer_zeilen()[0]) if self.kaempfer_zeilen() else [],
            "zeilen": [{k: ("" if v is None else str(v)) for k, v in z.items()} for z in self.kaempfer_zeilen()],
            "entscheidungen": [] if entschieden else [{"schluessel": o.schluessel, "wer": o.wer, "text": o.text}
                                                      for o in self.offene_entscheidungen()],
            "naechster": naechster[0] if naechster else "",
            "kann_rueckgaengig": bool(self._verlauf.ereignisse),
            "meldung": self.meldung,
            "schritte": len(self._verlauf.schritt_grenzen()),
            "datei": self.datei.name if self.datei else "",
            "sieger": self.sieger() or "",
        }

    # -- Anzeige -------------------------------------------------------------------------

    def html(self) -> str:
        """Die Lage als deutsche HTML-Tabelle (Reihenfolge, Zustände, Wunden, Ressourcen, offene
        Entscheidungen)."""
        e = html.escape
        teile = [f"<div class='gm-zellenkampf' data-system='{e(self.SYSTEM)}' "
                 "style='font-family:system-ui,sans-serif;font-size:0.92em'>",
                 f"<div style='font-weight:700;font-size:1.1em'>{e(self.TITEL)}: {e(self.lage())}</div>"]
        sieger = self.sieger()
        if sieger:
            teile.append(f"<div class='gm-sieger'><b>Entschieden:</b> nur {e(sieger)} können noch kämpfen.</div>")
        folge = self.reihenfolge()
        if folge:
            eintraege = []
            for r in folge:
                text = e(r["name"]) + (f" ({e(str(r['info']))})" if r.get("info") not in (None, "") else "")
                if r.get("dran"):
                    text = f"<b>▶ {text}</b>"
                elif r.get("fertig"):
                    text = f"<span style='color:#888'>{text}</span>"
                eintraege.append(text)
            teile.append("<div class='gm-reihenfolge'><b>Reihenfolge:</b> " + " → ".join(eintraege) + "</div>")
        zeilen = self.kaempfer_zeilen()
        if zeilen:
            spalten = list(zeilen[0])
            dran = self.am_zug()
            kopf = "".join(f"<th style='text-align:left;padding:2px 8px'>{e(s)}</th>" for s in spalten)
            koerper = []
            for z in zeilen:
                stil = " style='background:#e8f5e9'" if dran and z.get("Name") == dran else ""
                zellen = "".join(f"<td style='padding:2px 8px'>{e('' if z[s] is None else str(z[s]))}</td>"
                                 for s in spalten)
                koerper.append(f"<tr{stil}>{zellen}</tr>")
            teile.append(f"<table class='gm-kaempfer' style='border-collapse:collapse'><thead><tr>{kopf}</tr></thead>"
                         f"<tbody>{''.join(koerper)}</tbody></table>")
        offen = self.offene_entscheidungen()
        if offen:
            teile.append("<div class='gm-offen'><b>Offene Entscheidungen:</b><ul style='margin:2px 0'>"
                         + "".join(f"<li>{e(o.text)} <code>{e(o.schluessel)}</code></li>" for o in offen)
                         + "</ul></div>")
        naechster = self.naechster_schritt()
        if naechster:
            teile.append(f"<div class='gm-naechster'><b>Nächster Schritt</b> (<code>kampf.weiter()</code>): "
                         f"{e(naechster[0])}</div>")
        if self.meldung:
            teile.append(f"<div class='gm-meldung' style='color:#555'>{e(self.meldung)}</div>")
        teile.append(f"<div style='color:#777;font-size:0.85em'>Protokoll: "
                     f"{e(self.datei.name) if self.datei else 'ohne Datei'} · "
                     f"{len(self._verlauf.schritt_grenzen())} Schritte</div>")
        teile.append("</div>")
        return "".join(teile)

    def _repr_html_(self) -> str:
        return self.html()

    def __repr__(self) -> str:
        zeilen = [f"{self.TITEL}: {self.lage()}"]
        for z in self.kaempfer_zeilen():
            zeilen.append("  " + " · ".join(f"{k} {v}" for k, v in z.items() if v not in (None, "")))
        for o in self.offene_entscheidungen():
            zeilen.append(f"  offen: {o.text}")
        return "\n".join(zeilen)
