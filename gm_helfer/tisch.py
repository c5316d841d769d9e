"""Die gemeinsame Notebook-Schicht der Live-Notebooks – systemfrei, ohne Regeln.

Was alle vier Live-Notebooks gleich machen, steht einmal hier: Kampf anlegen und fortsetzen
(gespeicherte Kämpfe beschriftet mit Kämpfern, Runde und letztem Schritt; Fortsetzen stellt
die eigenen Kämpfer des Kampfes wieder her), Bogen-Editor, Protokollansicht (eine Reihenfolge
überall: **neueste zuerst**), Aufgabenliste, eingetippte Würfel, deutsche Zahlen und
Mehrzahl, Dateinamen und Pfade. Jedes Notebook verdrahtet nur noch sein System.

Die reinen Hilfen (Text, Dateien, Protokoll) brauchen kein marimo; die Bausteine für die
Oberfläche (``*_knopf``, ``*_wahl``, ``*_ansicht``) importieren marimo erst beim Aufruf.
Regeln stehen hier keine: was erlaubt ist, sagen die Zug-Module der Systeme
(``gm_helfer/<system>/zug.py``, siehe ``gm_helfer.zug``).

Aufgeteilt nach Anliegen (Issue 20); alle Namen bleiben hier erreichbar (``gm_helfer.tisch.X``):
:mod:`gm_helfer.tisch_kern` (Beschriftungen, Zahlen und Text, Protokolldateien, Schritte – ohne
marimo), :mod:`gm_helfer.tisch_bausteine` (marimo-Bausteine), :mod:`gm_helfer.tisch_begegnung`
(Begegnung laden); hier selbst :class:`Tisch`, :class:`Auswahl` und :func:`anlegen`. Die Zahlen
kommen aus :mod:`gm_helfer.text`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from gm_helfer import notizen, taktik_wahl
from gm_helfer.protokoll import Ereignis, ProtokollFehler, Verlauf, geraet
from gm_helfer.protokoll_zusatz import im_kopf
from gm_helfer.tisch_bausteine import (  # noqa: F401 – alte Importwege (gm_helfer.tisch.X)
    _STIL_TABELLE,
    _ZELLE,
    SENKRECHT_AB,
    STIL,
    anlage_eingeklappt,
    aufgaben_ansicht,
    boegen_der_kaempfer,
    boegen_laden,
    bogen_ansicht,
    bogen_beschriftung,
    bogen_editor,
    fortsetzen_knoepfe,
    frisch,
    gewaehlt,
    grund_ansicht,
    kampf_wahl,
    kampf_zeile,
    kein_kampf,
    kopf,
    lage_ansicht,
    mehrfachwahl,
    meldung_ansicht,
    neu_knopf,
    notizen_felder,
    nur_lesen_hinweis,
    protokoll_ansicht,
    reihe,
    spieler_und_bericht,
    stil,
    tabelle,
    tabelle_html,
    teilnehmer_wahl,
    verbotene_ansicht,
    wahl_ansicht,
    wuerfel_feld,
    wuerfel_reihe,
    zug_rahmen,
)
from gm_helfer.tisch_begegnung import (  # noqa: F401 – alte Importwege (gm_helfer.tisch.X)
    BegegnungsStart,
    begegnung_boegen,
    begegnung_start,
    begegnung_taktik,
    begegnung_titel,
    begegnung_wahl,
    erster_vorschlag,
)
from gm_helfer.tisch_kern import (  # noqa: F401 – alte Importwege (gm_helfer.tisch.X)
    ANSEHEN,
    FORTSETZEN,
    KEIN_GESPEICHERTER,
    LEER,
    NEUER_KAMPF,
    PROTOKOLL_REIHENFOLGE,
    TROTZDEM,
    UEBERNEHMEN,
    Fortsetzung,
    GespeicherterKampf,
    _kampf_lesen,
    anzahl,
    aufgaben_zeilen,
    augen,
    ausfuehren,
    boegen_speichern,
    fortsetzen,
    gespeicherte_kaempfe,
    neuer_verlauf,
    nur_lesen_grund,
    protokoll_datei,
    protokoll_tabelle,
    prozent,
    relativ,
    rueckgaengig,
    tabelle_deutsch,
    text,
    verbotene_zeilen,
    wurfquelle,
    zahl,
    ziele_nach_chance,
)
from gm_helfer.wuerfel import programm_zufall
from gm_helfer.zug import Aktion

__all__ = [
    "notizen_felder",
    "spieler_und_bericht",
    "NEUER_KAMPF",
    "FORTSETZEN",
    "ANSEHEN",
    "UEBERNEHMEN",
    "TROTZDEM",
    "PROTOKOLL_REIHENFOLGE",
    "Fortsetzung",
    "GespeicherterKampf",
    "Tisch",
    "Auswahl",
    "Anlage",
    "anlage_eingeklappt",
    "kampf_zeile",
    "anlegen",
    "BegegnungsStart",
    "begegnung_boegen",
    "begegnung_start",
    "begegnung_titel",
    "begegnung_wahl",
    "erster_vorschlag",
    "anzahl",
    "augen",
    "boegen_speichern",
    "ausfuehren",
    "fortsetzen",
    "gespeicherte_kaempfe",
    "neuer_verlauf",
    "protokoll_datei",
    "protokoll_tabelle",
    "prozent",
    "frisch",
    "relativ",
    "rueckgaengig",
    "tabelle",
    "tabelle_deutsch",
    "tabelle_html",
    "text",
    "wurfquelle",
    "zahl",
]


def _letzte_boegen(zuletzt: Callable[[], Sequence[GespeicherterKampf]] | None, bogen_namen: Sequence[str]) -> list[str]:
    """Die Bögen des neuesten gespeicherten Kampfes (leer ohne einen oder wenn er nicht lesbar ist)."""
    if zuletzt is None:
        return []
    try:
        gespeichert = list(zuletzt())
    except (OSError, ValueError):
        return []
    return boegen_der_kaempfer(gespeichert[0].teilnehmer, bogen_namen) if gespeichert else []


class Tisch:
    """Der laufende Kampf eines Notebooks: hält den Verlauf und meldet Schritte an marimo.

    ``set_version`` ist der Setter des einen ``mo.state`` für das Protokoll (ein Zähler): nach
    jedem ausgeführten Schritt steigt er, und nur Zellen, die ``get_version()`` lesen, laufen neu.
    ``set_meldung`` zeigt die Zeile des Schritts oder die deutsche Ablehnung; ein abgelehnter
    Schritt ändert den Zähler nicht – eingetippte Würfel bleiben so stehen.

    In Knöpfen: ``mo.ui.button(label=…, on_click=tisch.klick(lambda v: …))``.
    """

    def __init__(self, set_version: Callable[[Any], None], set_meldung: Callable[[str], None],
                 set_start: Callable[[Any], None] | None = None) -> None:
        self.verlauf: Verlauf | None = None
        self._set_version = set_version
        self._set_meldung = set_meldung
        self._set_start = set_start
        self.merker: dict[str, Any] = {}
        """Auswahl je Handelndem (Ziel, Waffe, Modifikatoren); siehe :meth:`auswahl`."""
        self.rng = programm_zufall()
        """Die Würfel des Programms (eingetippte Würfel gehen vor)."""
        self._folger: Any = None  # der Takt, mit dem eine Nur-Lesen-Sitzung dem Schreiber folgt
        self.taktik_werte: dict[str, dict[str, Any]] = {}
        """Die Taktikfelder je Seite des laufenden Kampfes (:mod:`gm_helfer.taktik_wahl`)."""
        self.automatik: Callable[[Verlauf], Sequence[str]] | None = None
        """Läuft nach jedem Klick im selben Schritt (ein Rückgängig nimmt beides zurück): die
        Entscheidungen der Gegner, die der Spielleiter ohne Rückfrage treffen lässt (etwa
        ``lambda v: zug.nsc_entscheiden(v, schalter.value, rng=kampftisch.rng)``); gibt Protokollzeilen."""
        self._letzter_fehler = ""
        self._getippt: dict[str, Any] = {}
        """Eingetippte Würfel des laufenden Schritts (:meth:`wuerfel_felder`)."""
        self._automatik_titel = ""  # die Überschrift der Schalter (:meth:`schalter_ansicht`)

    @property
    def nur_lesen(self) -> bool:
        """Ob hier nur angesehen wird (eine andere Sitzung schreibt): Schritt-Knöpfe gesperrt."""
        return self.verlauf is not None and self.verlauf.nur_lesen

    @staticmethod
    def geraet() -> str | None:
        """Das Geräte-Cookie des Browsers, der gerade klickt (die Torwache setzt es; ``None`` ohne
        marimo-Anfrage, etwa in Jupyter): die Identität des Schreibers beim Fortsetzen."""
        from gm_helfer.torwache import GERAET_COOKIE

        try:
            import marimo as mo

            anfrage = mo.app_meta().request
            kekse = getattr(anfrage, "cookies", None) or {}
        except Exception:  # noqa: BLE001 – ohne marimo-Kontext gibt es kein Gerät
            return None
        wert = kekse.get(GERAET_COOKIE) if isinstance(kekse, Mapping) else None
        return wert if isinstance(wert, str) and wert else None

    def stand(self, am_zug: Callable[[Any], str | None], _version: Any = None) -> tuple[Verlauf | None, Any, str | None]:
        """``(verlauf, zustand, wer)`` für die Zelle, die ``get_version()`` liest (die Version
        darf als zweites Argument kommen: ``kampftisch.stand(zug.am_zug, get_version())``)."""
        zustand = self.zustand
        return self.verlauf, zustand, am_zug(zustand) if zustand is not None else None

    def auswahl(self, wer: str | None) -> Auswahl:
        """Die Eingaben des Zug-Panels für ``wer``: gemerkt je Handelndem, wechselt er, gelten
        wieder die Vorgaben (Standardziel, Standardwaffe, Modifikatoren 0)."""
        if self.merker.get("_wer") != wer:
            self.merker.clear()
            self.merker["_wer"] = wer
        return Auswahl(self.merker, wer)

    def wuerfel_felder(self, felder: Mapping[str, tuple[str, str]], *, schritt: int, breit: bool = False) -> Any:
        """Die Würfelfelder eines Schritts als ``mo.ui.dictionary`` (Schlüssel → (Beschriftung,
        Beispiel), :func:`wuerfel_feld`; ``schritt``: die Zahl der Ereignisse im Protokoll).

        Was eingetippt ist, merkt sich der Tisch bis zum nächsten Schritt: baut sich die Zelle im
        selben Schritt neu – der Spielleiter wechselt Ziel, Waffe oder Verteidigung, nachdem die
        Spieler schon gewürfelt haben –, stehen die Augen wieder im Feld, im Browser wie im Kernel.
        Ein abgelehnter Klick ändert den Schritt nicht (die Augen bleiben); mit jedem neuen Schritt,
        auch Rückgängig, sind die Felder leer."""
        import marimo as mo

        if self._getippt.get("_schritt") != schritt:
            self._getippt = {"_schritt": schritt}
        werte = self._getippt
        return mo.ui.dictionary(
            {s: wuerfel_feld(beschriftung, beispiel, wert=str(werte.get(s, "")), schluessel=schritt, breit=breit)
             for s, (beschriftung, beispiel) in felder.items()},
            on_change=werte.update,
        )

    @property
    def zustand(self) -> Any:
        return self.verlauf.zustand if self.verlauf is not None else None

    def _weiter(self) -> None:
        self._set_version(lambda n: n + 1)

    def starten(self, verlauf: Verlauf | None, meldung: str) -> None:
        """Ein neuer oder fortgesetzter Kampf ersetzt den bisherigen (dessen Schreibsperre endet)."""
        if verlauf is not None:
            alt = self.verlauf
            if alt is not None and alt is not verlauf:
                try:
                    alt.schliessen()
                except (ProtokollFehler, OSError):
                    pass
            self.verlauf = verlauf
            self.taktik_werte = taktik_wahl.fuer_verlauf(verlauf.system, verlauf.datei, verlauf.kopf)
            self._weiter()
        self._set_meldung(meldung)

    # -- Taktik je Seite (gm_helfer.taktik_wahl): Vorschläge und Entscheidungen der Gegner
    def taktik(self, seite: str | None = None) -> Any:
        """Die Taktik des laufenden Kampfes: mit ``seite`` die ``Taktik`` dieser Seite (für Systeme,
        deren Vorschlag eine Taktik nimmt), ohne Seite → ``Taktik`` der Seiten, die von der Vorgabe
        abweichen (für Systeme, die je Seite spielen); ``None``: die Standardtaktik."""
        return taktik_wahl.je_seite(self.verlauf.system if self.verlauf is not None else "", self.taktik_werte, seite)

    def taktik_setzen(self, seite: str, werte: Mapping[str, Any]) -> None:
        """Die Taktik einer Seite ändern (geprüft) und neben dem Protokoll speichern
        (:func:`gm_helfer.taktik_wahl.schreiben`; ein Fortsetzen stellt sie wieder her)."""
        system = self.verlauf.system if self.verlauf is not None else ""
        try:
            taktik_wahl.taktik(system, werte)
        except (ValueError, TypeError) as f:
            self._set_meldung(f"⚠ Taktik von {seite}: {f}")
            return
        self.taktik_werte = {**self.taktik_werte, seite: dict(werte)}
        if self.verlauf is not None and self.verlauf.datei is not None and not self.verlauf.nur_lesen:
            try:
                taktik_wahl.schreiben(self.verlauf.datei, self.taktik_werte)
            except OSError as f:
                self._set_meldung(f"⚠ Die Taktik ließ sich nicht speichern ({f}); sie gilt in dieser Sitzung.")
        self._weiter()

    def taktik_ansicht(self, seiten: Sequence[str]):
        """Die Taktik je Seite als Regler (dieselben Felder wie im Notebook ``begegnung.py``; jede
        Änderung gilt sofort und wird gespeichert). Gibt ``(regler, ansicht)``."""
        from gm_helfer.tisch_taktik import taktik_ansicht

        return taktik_ansicht(self, seiten)

    def schritt(self, baue: Callable[[Any], Ereignis]) -> bool:
        """Ein Ereignis bauen und ausführen (siehe :func:`ausfuehren`); ``True`` wenn ausgeführt."""
        if self.automatik is None or self.verlauf is None:
            meldung = ausfuehren(self.verlauf, baue)
        else:
            with self.verlauf.schritt():
                meldung = ausfuehren(self.verlauf, baue)
                if not meldung.startswith("⚠"):
                    meldung = " · ".join([meldung, *self._automatisch()])
        self._set_meldung(meldung)
        if meldung.startswith("⚠"):
            return False
        self._weiter()
        return True

    def automatik_schalter(self, arten: Mapping[str, str], entscheiden: Callable[[Verlauf, list[str]], Sequence[str]],
                           *, an: bool = True, titel: str = "Gegner entscheiden ohne Rückfrage (nach ihrer Taktik)",
                           aus: Sequence[str] = ()):
        """Je Art von Entscheidung der Gegner ein Schalter (``arten``: Schlüssel → Beschriftung, etwa
        ``zug.NSC_AUTOMATIK``); was eingeschaltet ist, trifft ``entscheiden(verlauf, schluessel)``
        nach jedem Klick im selben Schritt (:attr:`automatik`). Gibt das Bedienelement (ein
        ``mo.ui.dictionary``; ``.value``: Schlüssel → an/aus). ``aus``: Arten, die zu Beginn aus sind.
        """
        import marimo as mo

        def setzen(werte: Mapping[str, object]) -> None:
            gewaehlt = [s for s, ja in werte.items() if ja]
            self.automatik = (lambda v: entscheiden(v, gewaehlt)) if gewaehlt else None

        vorgabe = {s: an and s not in aus for s in arten}
        schalter = mo.ui.dictionary({s: mo.ui.switch(value=vorgabe[s], label=text) for s, text in arten.items()},
                                    on_change=setzen)
        self._automatik_titel = titel
        setzen(vorgabe)
        return schalter

    def schalter_ansicht(self, schalter: Any):
        """Die Schalter aus :meth:`automatik_schalter` unter ihrem Titel, einer je Zeile. Nicht das
        ``mo.ui.dictionary`` selbst ausgeben: marimo zeigt es als Baum mit den Schlüsseln in
        Anführungszeichen und „2 Items“ (im Spielabend bei 1280 und 820 px gesehen)."""
        import marimo as mo

        return mo.vstack([mo.md(f"**{self._automatik_titel}**"), *schalter.elements.values()], gap=0.3)

    def nsc_schalter(self, zug: Any):
        """Die Schalter „Gegner entscheiden ohne Rückfrage“ für das System der Zug-Schnittstelle
        ``zug`` (ihr ``NSC_AUTOMATIK`` und ``nsc_entscheiden``; Würfel: :attr:`rng`)."""
        return self.automatik_schalter(zug.NSC_AUTOMATIK, lambda v, arten: zug.nsc_entscheiden(
            v, arten, rng=self.rng, taktik=self.taktik()))

    def _automatisch(self) -> list[str]:
        """Die Zeilen von :attr:`automatik` (ein abgelehnter Schritt darin als „⚠ …“, der Klick gilt)."""
        if self.automatik is None or self.verlauf is None:
            return []
        try:
            return list(self.automatik(self.verlauf))
        except (ValueError, KeyError, TypeError) as f:
            return [f"⚠ {f}"]

    def schritte(self, folge: Callable[[Verlauf], Sequence[str]]) -> bool:
        """Mehrere Ereignisse auf einen Klick (z. B. Angriff samt Schaden); ``folge(verlauf)`` gibt die
        Protokollzeilen zurück. Lehnt schon das erste ab, ändert sich nichts. Alle Ereignisse des
        Klicks sind *ein* Schritt (:meth:`Verlauf.schritt`): ein Rückgängig nimmt den ganzen Klick
        zurück – in jedem System."""
        if self.verlauf is None:
            self._set_meldung("⚠ Noch kein Kampf – oben anlegen oder fortsetzen.")
            return False
        vorher = len(self.verlauf.ereignisse)
        try:
            with self.verlauf.schritt():
                zeilen = list(folge(self.verlauf))
                if len(self.verlauf.ereignisse) > vorher:
                    zeilen += self._automatisch()
            fehler = None
        except (ValueError, KeyError, TypeError) as f:
            zeilen, fehler = [], f"⚠ {f}"
        if len(self.verlauf.ereignisse) == vorher:
            self._set_meldung(fehler or (" · ".join(zeilen) if zeilen else "⚠ Nichts geschehen."))
            return False
        self._set_meldung(" · ".join(zeilen + ([fehler] if fehler else [])))
        self._weiter()
        return True

    def rueckgaengig(self) -> None:
        meldung = rueckgaengig(self.verlauf)
        self._set_meldung(meldung)
        if not meldung.startswith("⚠"):
            self._weiter()

    def nachladen(self) -> None:
        """Nur-Lesen: neue Schritte des Schreibers übernehmen."""
        if self.verlauf is None:
            return
        try:
            neu = self.verlauf.nachladen()
        except (ProtokollFehler, ValueError) as f:
            self._set_meldung(f"⚠ {f}")
            return
        self._set_meldung(f"{anzahl(neu, 'neuer Schritt', 'neue Schritte')} nachgeladen.")
        if neu:
            self._weiter()

    def folgen(self) -> None:
        """Der Takt einer Nur-Lesen-Sitzung: neue Schritte des Schreibers still übernehmen (nur
        wenn es welche gibt, steigt die Version; ein Fehler wird einmal gemeldet, nicht je Takt)."""
        verlauf = self.verlauf
        if verlauf is None or not verlauf.nur_lesen or verlauf.rolle == "geschlossen":
            return
        try:
            neu = verlauf.nachladen()
        except (ProtokollFehler, ValueError, OSError) as f:
            if str(f) != self._letzter_fehler:
                self._letzter_fehler = str(f)
                self._set_meldung(f"⚠ {f}")
            return
        self._letzter_fehler = ""
        if neu:
            self._set_meldung(f"{anzahl(neu, 'neuer Schritt', 'neue Schritte')} der anderen Sitzung übernommen.")
            self._weiter()

    def folger(self, takt: str = "1s"):
        """Ein unsichtbarer ``mo.ui.refresh``, der beim Nur-Ansehen jede Sekunde :meth:`folgen`
        ruft (ohne Nur-Lesen: leer). Der Tisch hält ihn, damit seine Takte ankommen."""
        import marimo as mo

        if not self.nur_lesen:
            self._folger = None
            return mo.md("")
        self._folger = mo.ui.refresh(options=[takt], default_interval=takt, on_change=lambda _t: self.folgen())
        return mo.Html(f"<div class='tisch-folgen' style='display:none'>{self._folger.text}</div>")

    def fortsetzen_klick(
        self, wahl: Any, start: Callable[[Mapping[str, Any]], Any], anwenden: Callable, danach: Callable[[], None]
    ) -> Callable[[str], Callable[[Any], None]]:
        """``on_click`` für :func:`fortsetzen_knoepfe`: je Art („schreiben“, „lesen“, „uebernehmen“)
        den in ``wahl`` gewählten Kampf fortsetzen; ``danach`` läuft, wenn es geklappt hat."""

        def je_art(art: str) -> Callable[[Any], None]:
            def handler(_wert: Any) -> None:
                with geraet(self.geraet()):
                    f = fortsetzen(wahl.value, start, anwenden, art=art)
                self.starten(f.verlauf, f.meldung)
                if f.verlauf is not None:
                    danach()

            return handler

        return je_art

    def klick(self, aktion: Callable[[Verlauf | None], Any]) -> Callable[[Any], None]:
        """Ein ``on_click`` für ``mo.ui.button``: ruft ``aktion(verlauf)`` (Ausnahmen → Meldung)."""

        def handler(_wert: Any) -> None:
            try:
                aktion(self.verlauf)
            except (ValueError, KeyError, TypeError) as f:
                self._set_meldung(f"⚠ {f}")

        return handler

    def knopf(self, label: str, baue: Callable[[Any], Ereignis] | None = None, *,
              folge: Callable[[Verlauf], Sequence[str]] | None = None,
              aktion: Aktion | None = None, kind: str = "neutral", disabled: bool = False):
        """Ein Knopf für einen Schritt: ``baue(zustand) -> Ereignis`` (:meth:`schritt`) oder
        ``folge(verlauf) -> Zeilen`` (:meth:`schritte`); mit ``aktion`` gesperrt, wenn sie nicht
        erlaubt ist."""
        import marimo as mo

        if folge is not None:
            tun = lambda _v: self.schritte(folge)  # noqa: E731
        else:
            tun = lambda _v: self.schritt(baue)  # noqa: E731
        gesperrt = disabled or self.nur_lesen or (aktion is not None and not aktion.erlaubt)
        return mo.ui.button(label=label, kind=kind, disabled=gesperrt, on_click=self.klick(tun),
                            tooltip=nur_lesen_grund() if self.nur_lesen else None)

    def rueckgaengig_knopf(self):
        """„Rückgängig“ – nimmt den letzten Schritt zurück (beim Nur-Ansehen gesperrt)."""
        import marimo as mo

        return mo.ui.button(label="Rückgängig", kind="warn", disabled=self.nur_lesen,
                            tooltip=nur_lesen_grund() if self.nur_lesen else None,
                            on_click=self.klick(lambda _v: self.rueckgaengig()))

    def _neu_gestartet(self) -> None:
        if self._set_start is not None:
            self._set_start(lambda n: n + 1)

    def fortsetzen_wahl(self, gespeichert: Sequence[GespeicherterKampf], start: Callable[[Mapping[str, Any]], Any],
                        anwenden: Callable) -> tuple[Any, dict[str, Any]]:
        """„Gespeicherter Kampf“ und die drei Fortsetzen-Knöpfe (``(kampf_wahl, knoepfe)``)."""
        wahl = kampf_wahl(gespeichert)
        knoepfe = fortsetzen_knoepfe(bool(gespeichert),
                                     on_click=self.fortsetzen_klick(wahl, start, anwenden, self._neu_gestartet))
        return wahl, knoepfe

    def anlage(
        self,
        namen: Sequence[str] | Mapping[str, str],
        neu: Callable[[Sequence[str]], Verlauf],
        *,
        vorauswahl: Sequence[str] | None = None,
        fortgesetzt: Callable[[Verlauf], Sequence[str]] | None = None,
        zuletzt: Callable[[], Sequence[GespeicherterKampf]] | None = None,
        sonst: Sequence[str] | None = None,
        einstellungen: Sequence[Any] = (),
        gespeichert: Sequence[GespeicherterKampf] | None = None,
        start: Callable[[Mapping[str, Any]], Any] | None = None,
        anwenden: Callable | None = None,
    ) -> Anlage:
        """„Kampf anlegen oder fortsetzen“ – für alle Live-Notebooks gleich.

        ``neu(teilnehmer)`` baut aus den gewählten Namen den neuen Verlauf (das System liest dazu
        seine eigenen Einstellungen); ``einstellungen`` (Hausregeln, Optionen) stehen zwischen
        „Wer kämpft mit?“ und dem Knopf. Nach einem Fortsetzen zeigt „Wer kämpft mit?“ die Kämpfer
        des Kampfes (``fortgesetzt(verlauf)``, sonst die Namen im Zustand); vor einem Kampf die
        ``vorauswahl`` (die geladene Begegnung), ohne sie die Bögen des letzten gespeicherten
        Kampfes (``zuletzt()``, neueste zuerst), ohne ihn ``sonst`` (der erste Kampf überhaupt: der
        Vorschlag des Systems).
        ``namen`` als ``{Bogen: Beschriftung}`` nennt Bögen mit mehreren Kämpfern („Bandit ×4“,
        :func:`bogen_beschriftung`). Ohne ``gespeichert``
        fehlt das Fortsetzen (dann :meth:`fortsetzen_wahl` in einer eigenen Zelle).
        Die Elemente an globale Namen binden: ``teilnehmer, neu_knopf, kampf_wahl,
        fortsetzen_knoepfe, _ansicht = kampftisch.anlage(...)``.
        """
        import marimo as mo

        laufend = self.verlauf
        if laufend is not None:
            namen_im_kampf = list(fortgesetzt(laufend)) if fortgesetzt is not None else list(laufend.zustand.namen)
            vorauswahl = namen_im_kampf
        elif vorauswahl is None:
            vorauswahl = _letzte_boegen(zuletzt, list(namen)) or sonst
        teilnehmer = teilnehmer_wahl(namen, vorauswahl)

        def _neu(_v: Any) -> None:
            with geraet(self.geraet()), im_kopf(taktik=begegnung_taktik(einstellungen)):
                verlauf = neu(gewaehlt(teilnehmer))
            titel = begegnung_titel(einstellungen)
            if titel and verlauf.datei is not None:  # der Name der Begegnung für den Bericht (änderbar)
                try:
                    notizen.schreiben(verlauf.datei, titel=titel)
                except OSError:
                    pass  # ohne Titel nennt der Bericht die Seiten
            self.starten(verlauf, f"{NEUER_KAMPF}: {verlauf.datei.name if verlauf.datei else LEER}")
            self._neu_gestartet()

        knopf = neu_knopf(on_click=self.klick(_neu))
        wahl, knoepfe = (None, {})
        if gespeichert is not None:
            wahl, knoepfe = self.fortsetzen_wahl(gespeichert, start, anwenden)
        teile = [mo.md("## Kampf anlegen oder fortsetzen"), wahl_ansicht(teilnehmer), *einstellungen, knopf]
        if wahl is not None:
            teile += [wahl, reihe(*knoepfe.values())]
        return Anlage(teilnehmer, knopf, wahl, knoepfe, mo.vstack(teile))

    def boegen_pruefen(self, editor: Any, ladung: Any, schema: Any, titel: str):
        """Die bearbeiteten Bögen prüfen: ``(geprueft, speichern_knopf, ansicht)``. Speichern ist
        gesperrt, solange ein Fehler (Datei, Charakter, Feld) besteht; was gespeichert wurde,
        steht in der Meldung (:func:`boegen_speichern`)."""
        import marimo as mo

        from gm_helfer import boegen

        geprueft = boegen.aus_tabellen(dict(editor.value), schema, ladung.boegen)
        knopf = mo.ui.button(label="Bögen speichern", disabled=bool(geprueft.fehler),
                             on_click=lambda _v: self._set_meldung(boegen_speichern(geprueft.boegen)))
        return geprueft, knopf, bogen_ansicht(editor, list(ladung.fehler) + list(geprueft.fehler), knopf, titel)

    def protokoll_teil(self, hook: str) -> tuple[Any, list, Any]:
        """Unter dem Zug-Panel: „Nachladen“ und der Takt, der dem Schreiber von selbst folgt (nur
        beim Ansehen, :meth:`folger`), Protokoll, Bericht und Spieleransicht –
        ``(nachladen_knopf, spieler_elemente, ansicht)``."""
        import marimo as mo

        verlauf = self.verlauf
        nachladen = (mo.ui.button(label="Nachladen", on_click=self.klick(lambda _v: self.nachladen()))
                     if verlauf is not None and verlauf.nur_lesen else mo.md(""))
        spieler_elemente = spieler_und_bericht(verlauf, melden=self._set_meldung)
        return nachladen, spieler_elemente, mo.vstack([nachladen, self.folger(), protokoll_ansicht(verlauf, hook),
                                                      reihe(*map(wahl_ansicht, spieler_elemente))])


class Anlage(NamedTuple):
    """Was :meth:`Tisch.anlage` baut (alle Elemente an globale Namen binden)."""

    teilnehmer: Any
    neu_knopf: Any
    kampf_wahl: Any
    fortsetzen_knoepfe: dict[str, Any]
    ansicht: Any


class Auswahl:
    """Eingabefelder des Zug-Panels, die sich ihren Wert je Handelndem merken.

    Jedes Feld trägt eine frische Beschriftung je Handelndem (:func:`frisch`), startet mit dem
    gemerkten Wert oder der Vorgabe und merkt sich jede Änderung. Bei Auswahlen mit
    Wörterbuch-Optionen (Text → Wert) wird der Wert gemerkt, nicht der Text.
    """

    def __init__(self, merker: dict[str, Any], wer: str | None) -> None:
        self.merker = merker
        self.wer = wer

    def merken(self, schluessel: str) -> Callable[[Any], None]:
        def f(wert: Any) -> None:
            self.merker[schluessel] = wert

        return f

    def gemerkt(self, schluessel: str, vorgabe: Any = None) -> Any:
        return self.merker.get(schluessel, vorgabe)

    def _start(self, schluessel: str, optionen: Sequence[Any] | Mapping[str, Any], vorgabe: Any) -> Any:
        gemerkt = self.merker.get(schluessel)
        if isinstance(optionen, Mapping):
            text_zu = {w: t for t, w in optionen.items()}
            return text_zu.get(gemerkt, text_zu.get(vorgabe))
        return gemerkt if gemerkt in optionen else vorgabe

    def dropdown(self, schluessel: str, optionen: Sequence[Any] | Mapping[str, Any], vorgabe: Any, label: str, **kw: Any):
        import marimo as mo

        return mo.ui.dropdown(options=optionen, value=self._start(schluessel, optionen, vorgabe), label=frisch(label, self.wer),
                              on_change=self.merken(schluessel), **kw)

    def radio(self, schluessel: str, optionen: Mapping[str, Any], vorgabe: Any, label: str, **kw: Any):
        import marimo as mo

        return mo.ui.radio(options=optionen, value=self._start(schluessel, optionen, vorgabe), label=frisch(label, self.wer),
                           on_change=self.merken(schluessel), **kw)

    def zahl(self, schluessel: str, label: str, start: float, stop: float, vorgabe: float = 0, **kw: Any):
        import marimo as mo

        return mo.ui.number(start=start, stop=stop, value=self.merker.get(schluessel, vorgabe), label=frisch(label, self.wer),
                            on_change=self.merken(schluessel), **kw)

    def haken(self, schluessel: str, label: str, vorgabe: bool = False):
        import marimo as mo

        return mo.ui.checkbox(value=self.merker.get(schluessel, vorgabe), label=frisch(label, self.wer),
                              on_change=self.merken(schluessel))


def anlegen() -> tuple[Callable[[], int], Callable[[], str], Callable[[], int], Tisch]:
    """Der Zustand eines Live-Notebooks in einer Zelle: ``get_version, get_meldung, get_start,
    kampftisch = tisch.anlegen()``.

    Das Protokoll ist der einzige Zustand: ``get_version`` steigt nach jedem Schritt,
    ``get_meldung`` ist die Zeile des letzten Schritts, ``get_start`` steigt nur bei „Neuer
    Kampf“/„Fortsetzen“ (Liste der gespeicherten Kämpfe, „Wer kämpft mit?“). Die Getter müssen
    globale Namen sein: nur Zellen, die sie lesen, laufen neu.
    """
    import marimo as mo

    get_version, set_version = mo.state(0)
    get_meldung, set_meldung = mo.state("")
    get_start, set_start = mo.state(0)
    return get_version, get_meldung, get_start, Tisch(set_version, set_meldung, set_start)

