"""Kampfprotokoll: Startzustand plus Ereignisse, Rückgängig, Fortsetzen nach Absturz.

Ein Kampf ist ein Startzustand und eine Folge von Ereignissen (Karte ausgeteilt, Angriff
mit diesen Augen gewürfelt, Schaden angewandt, Benny ausgegeben …). Der aktuelle Zustand
ist die Faltung der Ereignisse mit der ``anwenden``-Funktion des Regelsystems. Damit ist

* **Rückgängig** das Weglassen des letzten Ereignisses,
* **Speichern** das Schreiben des Protokolls (JSON Lines, nach jedem Ereignis ``fsync``), und
* **Fortsetzen** nach einem Absturz das erneute Abspielen der Datei.

Dateiformat (eine JSON-Zeile je Eintrag)::

    {"format": "gm_helfer-protokoll", "version": 1, "system": "savage_worlds", "kopf": {...}}
    {"nr": 1, "zeit": "...", "ereignis": {"art": "karte", "daten": {...}, "regel": "...", ...}}
    {"nr": 2, "zeit": "...", "rueckgaengig": 1}

**Schritte.** Ein Klick des Spielleiters kann mehrere Ereignisse schreiben (Angriff samt Schaden):
im Block ``with verlauf.schritt():`` bekommen sie eine gemeinsame Schritt-Nummer (die ``nr`` des
ersten; in der Datei als ``"schritt"``, wo sie von ``nr`` abweicht), und :meth:`Verlauf.rueckgaengig`
nimmt den ganzen Schritt zurück (ein Rückgängig-Vermerk je Ereignis). Ereignisse ohne ``"schritt"``
(auch alle alten Protokolle) sind je ein Schritt für sich; :attr:`Verlauf.schritte` und
:func:`schritt_grenzen` geben die Gruppen an Bericht und Spieleransicht weiter.

Die Datei wird nur angehängt: ein Rückgängig steht als eigener Vermerk darin, so bleibt
ehrlich festgehalten, was am Tisch geschah. Die Schrittnummern ``nr`` laufen lückenlos ab 1;
eine fehlende, doppelte oder verschobene Zeile mitten in der Datei ist ein Fehler, der Datei
und Zeile nennt. Eine abgerissene letzte Zeile (Absturz beim Schreiben) wird gemeldet,
beiseitegelegt und übersprungen. Scheitert ein Schreiben (Platte voll, Datei zu groß), wird
die Datei auf die letzte vollständige Zeile zurückgeschnitten und der Schritt nicht
ausgeführt (:class:`SchreibFehler`).

**Ein Schreiber je Kampf.** Wer einen Kampf anlegt oder fortsetzt, hält die Schreibsperre
der Datei (``<datei>.sperre``), bis :meth:`Verlauf.schliessen` oder bis sein Prozess endet.
Die Sperre gilt zwischen Prozessen *und* zwischen Threads eines Prozesses (``marimo run``
bedient zwei Tabs als zwei Threads). Eine zweite Sitzung bekommt :class:`GesperrtFehler`;
sie kann den Kampf mit ``nur_lesen=True`` ansehen (:meth:`Verlauf.nachladen` liest neue
Zeilen) oder ihn ausdrücklich übernehmen (:meth:`Verlauf.uebernehmen`): dann scheitert jeder
weitere Schreibversuch der ersten Sitzung mit :class:`VerdraengtFehler` – vor jedem Anhängen
wird unter einer kurzen Sperre geprüft, wem die Datei gehört.
"""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Generic, TypeVar

from gm_helfer import pfade
from gm_helfer.protokoll_fehler import (
    FORMAT,
    VERSION,
    GesperrtFehler,
    NurLesenFehler,
    ProtokollFehler,
    SchonDaFehler,
    SchreibFehler,
    VeraendertFehler,
    VerdraengtFehler,
    _alles_schreiben,
    _deutsch,
    _grund,
    _jetzt,
    _ordner_fsync,
)
from gm_helfer.protokoll_kette import (
    KETTE,
    _trotzdem_vermerken,
    _veraendert_text,
    _zeilen_text,
    kette_pruefen,
    mit_pruefsumme,
    naechste_pruefen,
)
from gm_helfer.protokoll_lesen import auflisten, kopf_lesen
from gm_helfer.protokoll_sperre import _WACHE, _gesperrt_text, _Sperre, geraet, inhaber  # noqa: F401 – alte Pfade
from gm_helfer.protokoll_zusatz import zusatz as _kopf_zusatz

__all__ = [
    "FORMAT",
    "VERMERK",
    "VERSION",
    "Ereignis",
    "GesperrtFehler",
    "NurLesenFehler",
    "ProtokollFehler",
    "SchonDaFehler",
    "SchreibFehler",
    "VeraendertFehler",
    "VerdraengtFehler",
    "Verlauf",
    "auflisten",
    "fortsetzen_sicher",
    "inhaber",
    "kopf_lesen",
    "nachladen_sicher",
    "schritt_grenzen",
]


Z = TypeVar("Z")

VERMERK = "vermerk"
"""Art eines Ereignisses, das den Kampf nicht ändert: ein Vermerk im Protokoll (etwa dass „Gruppe
handelt“ vor der Entscheidung eines Helden anhielt). Der Verlauf wendet ihn in keinem System an; er
steht im Protokoll, gehört zu seinem Schritt und geht mit ihm zurück wie jedes Ereignis."""


def _mit_vermerken(anwenden: Callable[[Z, Ereignis], Z]) -> Callable[[Z, Ereignis], Z]:
    """``anwenden`` des Systems, das :data:`VERMERK`-Ereignisse übergeht (der Zustand bleibt)."""
    if getattr(anwenden, "_mit_vermerken", False):
        return anwenden

    def anwenden_oder_vermerken(zustand: Z, ereignis: Ereignis) -> Z:
        return zustand if ereignis.art == VERMERK else anwenden(zustand, ereignis)

    anwenden_oder_vermerken._mit_vermerken = True  # type: ignore[attr-defined]
    return anwenden_oder_vermerken


@dataclass(frozen=True)
class Ereignis:
    """Ein Schritt im Kampf. Alle Daten sind JSON-Werte, damit das Protokoll sie speichern kann."""

    art: str
    """Art des Ereignisses, vom Regelsystem vergeben: "karte", "angriff", "schaden", …"""
    daten: Mapping[str, Any] = field(default_factory=dict)
    """Was geschah – nur JSON-Werte (Zahlen, Texte, Listen, Dicts). Nicht verändern."""
    regel: str = ""
    """Welche Regel angewandt wurde: "Savage Worlds › Schaden › Schaden anwenden" oder eine Hausregel."""
    eingetippt: bool = False
    """Enthält vom Spielleiter eingetippte Würfel oder Karten."""
    text: str = ""
    """Eine Zeile Deutsch für die Protokollansicht."""

    def als_dict(self) -> dict[str, Any]:
        """JSON-taugliche Form."""
        return {
            "art": self.art,
            "daten": dict(self.daten),
            "regel": self.regel,
            "eingetippt": self.eingetippt,
            "text": self.text,
        }

    @classmethod
    def aus_dict(cls, daten: Mapping[str, Any]) -> Ereignis:
        """Gegenstück zu :meth:`als_dict`."""
        if not isinstance(daten, Mapping) or not isinstance(daten.get("art"), str):
            raise ProtokollFehler("Ein Ereignis braucht mindestens eine „art“.")
        inhalt = daten.get("daten", {})
        if not isinstance(inhalt, Mapping):
            raise ProtokollFehler("Die „daten“ eines Ereignisses müssen ein JSON-Objekt sein.")
        return cls(
            art=daten["art"],
            daten=dict(inhalt),
            regel=str(daten.get("regel", "")),
            eingetippt=bool(daten.get("eingetippt", False)),
            text=str(daten.get("text", "")),
        )


def schritt_grenzen(schritte: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Fasst aufeinanderfolgende gleiche Schritt-Nummern zusammen: ``(erstes, ende)`` je Schritt.

    >>> schritt_grenzen([1, 2, 2, 4])
    ((0, 1), (1, 3), (3, 4))
    """
    aus: list[tuple[int, int]] = []
    for i, s in enumerate(schritte):
        if aus and schritte[aus[-1][0]] == s:
            aus[-1] = (aus[-1][0], i + 1)
        else:
            aus.append((i, i + 1))
    return tuple(aus)


def _schritt_lesen(eintrag: Mapping[str, Any], nr: int, bisher: Sequence[int], wo: str) -> int:
    """Die Schritt-Nummer eines gelesenen Ereignisses: fehlt sie, ist es ein Schritt für sich; sonst
    nennt sie das erste Ereignis desselben Schritts (es steht direkt davor)."""
    wert = eintrag.get("schritt", nr)
    if not isinstance(wert, int) or isinstance(wert, bool) or not 1 <= wert <= nr:
        raise ProtokollFehler(f"{wo}: die Schritt-Nummer „schritt“ muss eine ganze Zahl von 1 bis {nr} sein, nicht {wert!r}.")
    if wert != nr and (not bisher or bisher[-1] != wert):
        raise ProtokollFehler(f"{wo}: Schritt {wert} endete schon vorher – das Ereignis gehört zu keinem offenen Schritt.")
    return wert


def _eintrag_lesen(roh: bytes, name: str, zeilennr: int) -> dict[str, Any]:
    """Eine Zeile als JSON-Objekt; sonst :class:`ProtokollFehler` auf Deutsch."""
    try:
        text = roh.decode("utf-8")
    except UnicodeDecodeError as fehler:
        raise ProtokollFehler(
            f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (keine UTF-8-Zeichen)."
        ) from fehler
    try:
        eintrag = json.loads(text)
    except RecursionError as fehler:
        raise ProtokollFehler(f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (zu tief verschachtelt).") from fehler
    except ValueError as fehler:
        stelle = getattr(fehler, "pos", None)
        wo = f" ab Zeichen {stelle + 1}" if isinstance(stelle, int) else ""
        raise ProtokollFehler(
            f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (kein lesbares JSON{wo})."
        ) from fehler
    if not isinstance(eintrag, dict):
        raise ProtokollFehler(f"{name}, Zeile {zeilennr}: kein gültiger Protokolleintrag (kein JSON-Objekt).")
    return eintrag


def _zeile(eintrag: Mapping[str, Any]) -> bytes:
    return (json.dumps(eintrag, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


class Verlauf(Generic[Z]):
    """Startzustand plus Ereignisse; der Zustand ist die Faltung der Ereignisse.

    Der Verlauf hält alle Zwischenzustände, damit Rückgängig sofort geht. Die Zustände
    selbst sind unveränderlich; ``anwenden`` muss eine reine Funktion sein.

    Mit ``datei`` schreibt der Verlauf jedes Ereignis sofort (``fsync``) und hält die
    Schreibsperre des Kampfes, bis :meth:`schliessen` (oder ``with``-Block, oder sein Prozess
    endet, oder der Verlauf freigegeben wird).

    >>> v = Verlauf(0, lambda z, e: z + e.daten["n"])
    >>> v.ausfuehren(Ereignis("plus", {"n": 2}))
    2
    >>> v.ausfuehren(Ereignis("plus", {"n": 5}))
    7
    >>> v.rueckgaengig()
    2
    """

    def __init__(
        self,
        start: Z,
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        datei: Path | str | None = None,
        system: str = "",
        kopf: Mapping[str, Any] | None = None,
    ) -> None:
        self._anwenden = _mit_vermerken(anwenden)
        self._zustaende: list[Z] = [start]
        self._ereignisse: list[Ereignis] = []
        self._nummern: list[int] = []
        self._schritte: list[int] = []  # je wirksamem Ereignis die Nummer seines Schritts (Klicks)
        self._zurueckgenommen: list[tuple[Ereignis, ...]] = []  # je zurückgenommenem Schritt seine Ereignisse
        self._schritt_tiefe = 0  # > 0: in einem ``with schritt()``-Block
        self._schritt_nr: int | None = None  # die Nummer des offenen Schritts (ab seinem ersten Ereignis)
        self._naechste_nr = 1
        self._sperre: _Sperre | None = None
        self._rolle = "frei"  # frei (ohne Datei) | schreiben | lesen | verdraengt | geschlossen
        self._gelesen = 0  # Bytes der Datei, die im Zustand stecken (vollständige Zeilen)
        self._zeilen = 0  # … und so viele Zeilen
        self._start_aus_kopf: Callable[[Mapping[str, Any]], Z] | None = None
        self._pruef: str | None = None  # Prüfsumme der letzten Zeile (None: Protokoll ohne Kette)
        self._schloss = threading.RLock()
        self.system = system
        self.kopf: dict[str, Any] = {**dict(kopf or {}), **_kopf_zusatz()}
        self.datei: Path | None = Path(datei) if datei is not None else None
        if self.datei is not None:
            self._anlegen(self.datei)

    def _anlegen(self, datei: Path) -> None:
        if datei.exists() and datei.stat().st_size > 0:
            raise SchonDaFehler(f"{datei.name} gibt es schon – zum Weiterspielen „fortsetzen“ benutzen.")
        datei.parent.mkdir(parents=True, exist_ok=True)
        sperre = _Sperre(datei)
        sperre.erwerben(uebernehmen=False)
        try:
            if datei.exists() and datei.stat().st_size > 0:  # zugleich angelegt
                raise SchonDaFehler(f"{datei.name} gibt es schon – zum Weiterspielen „fortsetzen“ benutzen.")
            kopfzeile, pruef = mit_pruefsumme(
                {"format": FORMAT, "version": VERSION, "system": self.system, "erstellt": _jetzt(),
                 "kopf": self.kopf, KETTE: 1}, ""
            )
            with sperre.riegel():
                fd = os.open(datei, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                try:
                    _alles_schreiben(fd, kopfzeile)
                    os.fsync(fd)
                except OSError as fehler:
                    os.close(fd)
                    datei.unlink(missing_ok=True)
                    raise SchreibFehler(
                        f"{datei.name}: der Kampf lässt sich nicht anlegen – {_grund(fehler)}. "
                        "Es wurde nichts gespeichert; bitte Platz schaffen und erneut beginnen."
                    ) from fehler
                os.close(fd)
            self._pruef = pruef
            _ordner_fsync(datei.parent)
        except BaseException:
            sperre.freigeben()
            raise
        self._sperre = sperre
        self._rolle = "schreiben"
        self._gelesen = len(kopfzeile)
        self._zeilen = 1

    # -- Ansicht ---------------------------------------------------------------------
    @property
    def zustand(self) -> Z:
        """Der aktuelle Zustand."""
        return self._zustaende[-1]

    @property
    def start(self) -> Z:
        """Der Startzustand."""
        return self._zustaende[0]

    @property
    def ereignisse(self) -> tuple[Ereignis, ...]:
        """Die wirksamen Ereignisse (ohne zurückgenommene)."""
        return tuple(self._ereignisse)

    @property
    def zustaende(self) -> tuple[Z, ...]:
        """Start und der Zustand nach jedem wirksamen Ereignis."""
        return tuple(self._zustaende)

    @property
    def kann_rueckgaengig(self) -> bool:
        """Ob es einen Schritt zum Zurücknehmen gibt."""
        return bool(self._ereignisse)

    @property
    def kann_wiederholen(self) -> bool:
        """Ob ein zurückgenommener Schritt wiederholt werden kann."""
        return bool(self._zurueckgenommen)

    @property
    def nur_lesen(self) -> bool:
        """Ob hier nichts eingetragen werden kann: nur zum Ansehen geöffnet, von einer anderen
        Sitzung übernommen (verdrängt) oder geschlossen. Ein Verlauf ohne Datei schreibt immer."""
        return self._rolle in ("lesen", "verdraengt", "geschlossen")

    @property
    def rolle(self) -> str:
        """``"frei"`` (ohne Datei), ``"schreiben"``, ``"lesen"``, ``"verdraengt"`` oder ``"geschlossen"``."""
        return self._rolle

    @property
    def vom_selben_geraet(self) -> bool:
        """Ob die Sperre beim Fortsetzen einer Sitzung desselben Geräts abgenommen wurde
        (:func:`gm_helfer.protokoll_sperre.geraet`: neu geladener oder zweiter Tab)."""
        return self._sperre is not None and self._sperre.vom_selben_geraet

    def __len__(self) -> int:
        return len(self._ereignisse)

    def zeilen(self) -> list[dict[str, Any]]:
        """Die wirksamen Ereignisse als Tabellenzeilen für die Protokollansicht."""
        return [
            {
                "Nr": i,
                "Ereignis": e.text or e.art,
                "Regel": e.regel,
                "Würfel": "eingetippt" if e.eingetippt else "",
            }
            for i, e in enumerate(self._ereignisse, start=1)
        ]

    # -- Schreibrecht ----------------------------------------------------------------
    def _name(self) -> str:
        return self.datei.name if self.datei is not None else "Der Kampf"

    def _schreibrecht_pruefen(self) -> None:
        if self._rolle in ("frei", "schreiben"):
            return
        if self._rolle == "verdraengt":
            raise VerdraengtFehler(self._verdraengt_text())
        if self._rolle == "geschlossen":
            raise NurLesenFehler(
                f"{self._name()} ist hier geschlossen – nichts mehr einzutragen (zum Weiterspielen fortsetzen)."
            )
        raise NurLesenFehler(
            f"{self._name()} lässt sich hier nur ansehen – eine andere Sitzung führt den Kampf. "
            "Eintragen geht erst nach ausdrücklichem Übernehmen."
        )

    def _verdraengt_text(self) -> str:
        return (
            f"{self._name()} wurde in einer anderen Sitzung übernommen – hier lässt sich nichts mehr "
            "eintragen; der Schritt wurde nicht ausgeführt. Die Ansicht folgt dem Kampf weiter."
        )

    def hat_schreibrecht(self) -> bool:
        """Ob dieser Verlauf jetzt eintragen darf. Prüft bei einer Datei unter der kurzen Sperre,
        ob die Datei noch ihm gehört (sonst wird er zum Zuschauer: ``rolle == "verdraengt"``)."""
        with self._schloss:
            if self._rolle != "schreiben" or self._sperre is None:
                return self._rolle == "frei"
            with self._sperre.riegel() as fd:
                if self._sperre.ist_inhaber(fd):
                    return True
                self._sperre.loslassen()
            self._rolle = "verdraengt"
            return False

    def _zeile_anhaengen(self, eintrag: Mapping[str, Any]) -> None:
        """Schreibt eine Zeile sicher ans Ende – nur als Inhaber; sonst ändert sich nichts."""
        assert self.datei is not None and self._sperre is not None
        try:
            zeile, pruef = mit_pruefsumme(eintrag, self._pruef)
        except (TypeError, ValueError, RecursionError) as fehler:
            raise ProtokollFehler(
                f"Ein Ereignis enthält Daten, die nicht gespeichert werden können ({_deutsch(fehler)})."
            ) from fehler
        name = self.datei.name
        with self._sperre.riegel() as riegel:
            if not self._sperre.ist_inhaber(riegel):
                self._sperre.loslassen()
                self._rolle = "verdraengt"
                raise VerdraengtFehler(self._verdraengt_text())
            try:
                fd = os.open(self.datei, os.O_WRONLY | os.O_APPEND)
            except OSError as fehler:
                raise SchreibFehler(
                    f"{name}: der Schritt lässt sich nicht speichern – {_grund(fehler)}. "
                    "Er wurde nicht ausgeführt."
                ) from fehler
            try:
                groesse = os.fstat(fd).st_size
                if groesse != self._gelesen:
                    raise ProtokollFehler(
                        f"{name}: die Datei wurde außerhalb dieser Sitzung verändert ({groesse} statt "
                        f"{self._gelesen} Bytes); der Schritt wurde nicht ausgeführt. Bitte den Kampf "
                        "neu fortsetzen."
                    )
                try:
                    _alles_schreiben(fd, zeile)
                    os.fsync(fd)
                except OSError as fehler:
                    self._zurueckschneiden(fd, groesse, fehler)
            finally:
                os.close(fd)
        self._gelesen += len(zeile)
        self._zeilen += 1
        self._pruef = pruef

    def _zurueckschneiden(self, fd: int, groesse: int, fehler: OSError) -> None:
        assert self.datei is not None
        name = self.datei.name
        try:
            os.ftruncate(fd, groesse)
            os.fsync(fd)
        except OSError as zweiter:
            raise SchreibFehler(
                f"{name}: der Schritt lässt sich nicht speichern – {_grund(fehler)} – und der halb "
                f"geschriebene Rest lässt sich nicht entfernen ({_grund(zweiter)}). Der Schritt wurde "
                "nicht ausgeführt; beim nächsten Fortsetzen wird der Rest beiseitegelegt."
            ) from fehler
        raise SchreibFehler(
            f"{name}: der Schritt lässt sich nicht speichern – {_grund(fehler)}. Er wurde nicht "
            "ausgeführt, die Datei ist unverändert; nach dem Freimachen von Platz erneut versuchen."
        ) from fehler

    # -- Ändern ----------------------------------------------------------------------
    def ausfuehren(self, ereignis: Ereignis) -> Z:
        """Wendet ``ereignis`` an, hängt es an und schreibt es sicher (fsync) in die Datei.

        Scheitert ``anwenden`` (ungültiger Zug) oder das Schreiben, bleibt alles, wie es war.

        Raises:
            SchreibFehler: Platte voll, Datei zu groß … (Datei unverändert, erneut versuchen).
            VerdraengtFehler: eine andere Sitzung hat den Kampf übernommen.
            NurLesenFehler: nur zum Ansehen geöffnet oder geschlossen.
        """
        with self._schloss:
            self._schreibrecht_pruefen()
            neu = self._anwenden(self.zustand, ereignis)
            self._anhaengen(ereignis, neu, self._schritt_fuer_neues())
            self._zurueckgenommen.clear()
            return neu

    def _anhaengen(self, ereignis: Ereignis, neu: Z, schritt: int | None = None) -> None:
        nr = self._naechste_nr
        if self.datei is not None:
            try:
                eintrag = {"nr": nr, "zeit": _jetzt(), "ereignis": ereignis.als_dict()}
                if schritt is not None and schritt != nr:
                    eintrag["schritt"] = schritt  # fehlt: ein Schritt für sich (wie in alten Protokollen)
                json.dumps(eintrag)
            except (TypeError, ValueError) as fehler:
                raise ProtokollFehler(
                    f"Das Ereignis „{ereignis.art}“ enthält Daten, die nicht gespeichert werden können: "
                    f"{_deutsch(fehler)}."
                ) from fehler
            self._zeile_anhaengen(eintrag)
        self._naechste_nr += 1
        self._nummern.append(nr)
        self._schritte.append(nr if schritt is None else schritt)
        self._ereignisse.append(ereignis)
        self._zustaende.append(neu)

    def rueckgaengig(self) -> Z:
        """Nimmt den letzten wirksamen Schritt zurück – alle Ereignisse eines Klicks (dieselbe
        Schritt-Nummer, :meth:`schritt`); die Datei vermerkt jedes zurückgenommene Ereignis."""
        with self._schloss:
            self._schreibrecht_pruefen()
            if not self._ereignisse:
                raise ProtokollFehler("Es gibt keinen Schritt, der rückgängig gemacht werden kann.")
            letzter = self._schritte[-1]
            weg: list[Ereignis] = []
            while self._schritte and self._schritte[-1] == letzter:
                weg.append(self._ein_ereignis_zuruecknehmen())
            self._zurueckgenommen.append(tuple(reversed(weg)))
            return self.zustand

    def _ein_ereignis_zuruecknehmen(self) -> Ereignis:
        """Nimmt das letzte wirksame Ereignis zurück (ein Rückgängig-Vermerk in der Datei)."""
        with self._schloss:
            nr = self._nummern[-1]
            if self.datei is not None:
                self._zeile_anhaengen({"nr": self._naechste_nr, "zeit": _jetzt(), "rueckgaengig": nr})
            self._naechste_nr += 1
            self._nummern.pop()
            self._schritte.pop()
            self._zustaende.pop()
            return self._ereignisse.pop()

    def wiederholen(self) -> Z:
        """Führt den zuletzt zurückgenommenen Schritt erneut aus (als neue Ereignisse, ein Schritt)."""
        with self._schloss:
            self._schreibrecht_pruefen()
            if not self._zurueckgenommen:
                raise ProtokollFehler("Es gibt keinen zurückgenommenen Schritt zum Wiederholen.")
            gruppe = self._zurueckgenommen[-1]
            nummer = self._naechste_nr  # der wiederholte Schritt: wieder ein Schritt
            laenge = len(self._ereignisse)
            try:
                for ereignis in gruppe:
                    self._anhaengen(ereignis, self._anwenden(self.zustand, ereignis), nummer)
            except BaseException:
                while len(self._ereignisse) > laenge:  # halb wiederholt: ganz zurück
                    self._ein_ereignis_zuruecknehmen()
                raise
            self._zurueckgenommen.pop()
            return self.zustand

    # -- Schritte (ein Klick = eine Rückgängig-Einheit) --------------------------------
    @contextmanager
    def schritt(self) -> Iterator[None]:
        """Alle Ereignisse, die in diesem Block ausgeführt werden, bilden einen Schritt: sie
        bekommen dieselbe Schritt-Nummer (die ``nr`` des ersten), und :meth:`rueckgaengig` nimmt
        sie zusammen zurück. Verschachtelte Blöcke gehören zum äußeren Schritt.

        >>> v = Verlauf(0, lambda z, e: z + e.daten["n"])
        >>> with v.schritt():
        ...     _ = v.ausfuehren(Ereignis("plus", {"n": 2}))
        ...     _ = v.ausfuehren(Ereignis("plus", {"n": 5}))
        >>> v.zustand, v.schritte
        (7, (1, 1))
        >>> v.rueckgaengig()
        0
        """
        with self._schloss:
            self._schritt_tiefe += 1
            try:
                yield
            finally:
                self._schritt_tiefe -= 1
                if self._schritt_tiefe == 0:
                    self._schritt_nr = None

    def _schritt_fuer_neues(self) -> int | None:
        """Die Schritt-Nummer des nächsten Ereignisses: im ``with schritt()``-Block die des Blocks
        (die ``nr`` seines ersten Ereignisses), sonst ``None`` (ein Schritt für sich)."""
        if self._schritt_tiefe == 0:
            return None
        if self._schritt_nr is None:
            self._schritt_nr = self._naechste_nr
        return self._schritt_nr

    @property
    def schritte(self) -> tuple[int, ...]:
        """Die Schritt-Nummer jedes wirksamen Ereignisses (parallel zu :attr:`ereignisse`): die ``nr``
        des ersten Ereignisses seines Klicks. In der Datei steht sie als ``"schritt"`` neben ``nr``,
        wo sie von ``nr`` abweicht; fehlt sie (alte Protokolle), ist das Ereignis ein Schritt für sich."""
        return tuple(self._schritte)

    def schritt_grenzen(self) -> tuple[tuple[int, int], ...]:
        """Je wirksamem Schritt ``(erstes, ende)``: die Ereignisse ``ereignisse[erstes:ende]``; der
        Zustand nach dem Schritt ist ``zustaende[ende]``."""
        return schritt_grenzen(self.schritte)

    def schliessen(self) -> None:
        """Gibt die Schreibsperre frei; danach lässt sich hier nichts mehr eintragen.

        Mehrfaches Schließen schadet nicht. Ein Verlauf ohne Datei bleibt unverändert.
        """
        with self._schloss:
            if self._sperre is not None:
                self._sperre.freigeben()
                self._sperre = None
            if self.datei is not None:
                self._rolle = "geschlossen"

    def __enter__(self) -> Verlauf[Z]:
        return self

    def __exit__(self, *_: object) -> None:
        self.schliessen()

    # -- Einspielen ------------------------------------------------------------------
    def _einspielen(self, eintrag: Mapping[str, Any], name: str, zeilennr: int) -> None:
        """Einen gelesenen Eintrag anwenden (ohne zu schreiben); prüft die Schrittnummer."""
        nr = eintrag.get("nr")
        wo = f"{name}, Zeile {zeilennr}"
        if not isinstance(nr, int) or isinstance(nr, bool):
            raise ProtokollFehler(f"{wo}: die Schrittnummer „nr“ fehlt oder ist keine ganze Zahl.")
        erwartet = self._naechste_nr
        if nr < erwartet:
            raise ProtokollFehler(
                f"{wo}: Schritt {nr} steht doppelt oder an falscher Stelle (erwartet: Schritt {erwartet}) – "
                "eine Zeile wurde verdoppelt oder verschoben."
            )
        if nr > erwartet:
            raise ProtokollFehler(
                f"{wo}: Schritt {erwartet} fehlt (gefunden: Schritt {nr}) – eine Zeile wurde gelöscht "
                "oder verschoben."
            )
        if "rueckgaengig" in eintrag:
            ziel = eintrag["rueckgaengig"]
            if not self._nummern or self._nummern[-1] != ziel:
                zuletzt = f"Schritt {self._nummern[-1]}" if self._nummern else "kein Schritt"
                raise ProtokollFehler(
                    f"{wo}: der Rückgängig-Vermerk nennt Schritt {ziel}, wirksam ist zuletzt {zuletzt}."
                )
            self._nummern.pop()
            self._schritte.pop()
            self._ereignisse.pop()
            self._zustaende.pop()
        else:
            roh = eintrag.get("ereignis")
            if not isinstance(roh, Mapping):
                raise ProtokollFehler(f"{wo}: der Eintrag enthält weder ein Ereignis noch einen Rückgängig-Vermerk.")
            try:
                ereignis = Ereignis.aus_dict(roh)
            except ProtokollFehler as fehler:
                raise ProtokollFehler(f"{wo}: {fehler}") from fehler
            try:
                neu = self._anwenden(self.zustand, ereignis)
            except Exception as fehler:
                raise ProtokollFehler(f"{wo}: lässt sich nicht abspielen: {_deutsch(fehler)}") from fehler
            self._nummern.append(nr)
            self._schritte.append(_schritt_lesen(eintrag, nr, self._schritte, wo))
            self._ereignisse.append(ereignis)
            self._zustaende.append(neu)
        self._naechste_nr = nr + 1

    def nachladen(self) -> int:
        """Liest neue vollständige Zeilen, die eine andere Sitzung angehängt hat, und spielt sie ein.

        Für einen Verlauf, der nur zum Ansehen geöffnet (oder verdrängt) ist; ein Schreiber hat
        nie etwas nachzuladen. Eine halb geschriebene letzte Zeile bleibt für später liegen.

        Returns:
            Wie viele Einträge (Ereignisse und Rückgängig-Vermerke) neu eingespielt wurden.

        Raises:
            ProtokollFehler: die Datei ist kürzer geworden oder eine neue Zeile ist kaputt
                (Meldung mit Datei und Zeile).
        """
        with self._schloss:
            if self.datei is None or self._rolle in ("frei", "schreiben"):
                return 0
            name = self.datei.name
            try:
                neu, groesse = pfade.lesen_mit_groesse(self.datei, ab=self._gelesen)
            except OSError as fehler:
                raise ProtokollFehler(f"{name} lässt sich nicht lesen: {_grund(fehler)}.") from fehler
            if groesse < self._gelesen:
                raise ProtokollFehler(
                    f"{name} ist kürzer geworden als das, was hier schon steht – die Datei wurde "
                    "verändert; bitte neu fortsetzen."
                )
            ende = neu.rfind(b"\n")
            if ende < 0:
                return 0
            anzahl = 0
            for roh in neu[:ende].split(b"\n"):
                zeilennr = self._zeilen + 1
                pruef, stimmt = naechste_pruefen(roh, self._pruef)
                if not stimmt:
                    raise VeraendertFehler(_veraendert_text(name, [zeilennr]), zeilen=(zeilennr,))
                self._einspielen(_eintrag_lesen(roh, name, zeilennr), name, zeilennr)
                self._pruef = pruef
                self._zurueckgenommen.clear()
                self._gelesen += len(roh) + 1
                self._zeilen = zeilennr
                anzahl += 1
            return anzahl

    def uebernehmen(self) -> list[str]:
        """Übernimmt das Schreiben ausdrücklich von einer anderen Sitzung.

        Die andere Sitzung kann ab sofort nichts mehr eintragen (:class:`VerdraengtFehler`).
        Der Verlauf liest die Datei danach neu (unter der Sperre) und ist dann Schreiber.

        Returns:
            Deutsche Warnungen wie bei :meth:`fortsetzen` (etwa eine abgerissene letzte Zeile).
        """
        with self._schloss:
            if self.datei is None:
                raise ProtokollFehler("Ein Kampf ohne Protokolldatei lässt sich nicht übernehmen.")
            if self._rolle == "schreiben" and self.hat_schreibrecht():
                return []
            sperre = _Sperre(self.datei)
            sperre.erwerben(uebernehmen=True)
            try:
                start = self._start_aus_kopf or (lambda _kopf, s=self.start: s)
                neu, warnungen = type(self)._einlesen(self.datei, start, self._anwenden, reparieren=True)
            except BaseException:
                sperre.freigeben()
                raise
            for name in ("_zustaende", "_ereignisse", "_nummern", "_schritte", "_naechste_nr", "_gelesen", "_zeilen",
                         "system", "kopf"):
                setattr(self, name, getattr(neu, name))
            self._zurueckgenommen = []
            self._sperre = sperre
            self._rolle = "schreiben"
            return warnungen

    # -- Fortsetzen ------------------------------------------------------------------
    @classmethod
    def fortsetzen(
        cls,
        datei: Path | str,
        start: Callable[[Mapping[str, Any]], Z],
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        nur_lesen: bool = False,
        uebernehmen: bool = False,
        trotzdem: bool = False,
    ) -> tuple[Verlauf[Z], list[str]]:
        """Liest ein Protokoll und spielt es ab; gibt den Verlauf und deutsche Warnungen zurück.

        Passt eine Zeile nicht zu ihrer Prüfsumme (verändert nach dem Schreiben), kommt
        :class:`VeraendertFehler` mit der Zeile; ``trotzdem=True`` lädt dennoch (mit Warnung; beim
        Fortsetzen zum Schreiben vermerkt in ``<datei>.pruefung``).

        ``start`` baut aus dem Kopf der Datei den Startzustand. Ohne ``nur_lesen`` nimmt der
        Verlauf die Schreibsperre des Kampfes (bis :meth:`schliessen`); eine abgerissene letzte
        Zeile wird dann in ``<datei>.abgerissen`` beiseitegelegt, aus der Datei entfernt und
        gemeldet. Mit ``nur_lesen=True`` wird nichts gesperrt und nichts verändert (eine halb
        geschriebene letzte Zeile bleibt liegen); :meth:`nachladen` folgt dem Schreiber.
        ``uebernehmen=True`` nimmt die Sperre auch einer lebenden anderen Sitzung weg.

        Raises:
            GesperrtFehler: eine andere Sitzung schreibt den Kampf (nicht bei ``nur_lesen``
                oder ``uebernehmen``).
            ProtokollFehler: Datei fehlt, falscher oder unvollständiger Kopf, kaputte, fehlende
                oder doppelte Zeile mitten in der Datei, oder ein Ereignis lässt sich nicht
                anwenden. Die Meldung nennt Datei und Zeile.
        """
        datei = Path(datei)
        if nur_lesen and uebernehmen:
            raise ProtokollFehler("Nur ansehen und übernehmen zugleich geht nicht.")
        if nur_lesen:
            verlauf, warnungen = cls._einlesen(datei, start, anwenden, reparieren=False, trotzdem=trotzdem)
            verlauf._rolle = "lesen"
            return verlauf, warnungen
        if not pfade.ist_datei(datei):
            cls._einlesen(datei, start, anwenden, reparieren=False)  # meldet, warum nicht
        sperre = _Sperre(datei)
        sperre.erwerben(uebernehmen=uebernehmen)
        try:
            verlauf, warnungen = cls._einlesen(datei, start, anwenden, reparieren=True, trotzdem=trotzdem)
        except BaseException:
            sperre.freigeben()
            raise
        verlauf._sperre = sperre
        verlauf._rolle = "schreiben"
        return verlauf, warnungen

    @classmethod
    def _einlesen(
        cls,
        datei: Path,
        start: Callable[[Mapping[str, Any]], Z],
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        reparieren: bool,
        trotzdem: bool = False,
    ) -> tuple[Verlauf[Z], list[str]]:
        """:meth:`_einlesen_roh`, aber was immer eine feindliche Datei auslöst, kommt als
        :class:`ProtokollFehler` mit Datei (nie ein Traceback)."""
        try:
            return cls._einlesen_roh(datei, start, anwenden, reparieren=reparieren, trotzdem=trotzdem)
        except ProtokollFehler:
            raise
        except (Exception, RecursionError) as fehler:  # noqa: BLE001 – jede Datei, jeder Fehler
            raise ProtokollFehler(f"{datei.name}: lässt sich nicht abspielen – {_deutsch(fehler)}.") from fehler

    @classmethod
    def _einlesen_roh(
        cls,
        datei: Path,
        start: Callable[[Mapping[str, Any]], Z],
        anwenden: Callable[[Z, Ereignis], Z],
        *,
        reparieren: bool,
        trotzdem: bool,
    ) -> tuple[Verlauf[Z], list[str]]:
        name = datei.name
        try:
            rohdaten = pfade.lesen(datei)
        except OSError as fehler:
            raise ProtokollFehler(f"{name} lässt sich nicht lesen: {_grund(fehler)}.") from fehler
        warnungen: list[str] = []
        zeilen = rohdaten.split(b"\n")
        rest = zeilen.pop()  # nach dem letzten Zeilenende: leer, oder eine abgerissene Zeile
        if not zeilen and not rest:
            raise ProtokollFehler(f"{name} ist leer – kein Kampfprotokoll.")
        if not zeilen:
            raise ProtokollFehler(
                f"{name}, Zeile 1: der Kopf ist unvollständig (Absturz beim Anlegen?) – das ist kein "
                "fortsetzbarer Kampf."
            )
        eintraege: list[dict[str, Any]] = []
        gut = 0  # Bytes bis zum Ende der letzten guten Zeile
        for index, roh in enumerate(zeilen):
            zeilennr = index + 1
            try:
                eintrag = _eintrag_lesen(roh, name, zeilennr)
            except ProtokollFehler:
                mit_kette = index > 0 and b'"kette":1' in zeilen[0]
                if index == len(zeilen) - 1 and index > 0 and not rest and (trotzdem or not mit_kette):
                    rest = roh + b"\n"  # kaputte letzte Zeile: wie abgerissen behandeln
                    break
                if mit_kette and not trotzdem:  # vollständig geschrieben, aber kaputt: verändert
                    raise VeraendertFehler(_veraendert_text(name, [zeilennr]), zeilen=(zeilennr,)) from None
                raise
            eintraege.append(eintrag)
            gut += len(roh) + 1
        if rest:
            zeilennr = len(eintraege) + 1
            if reparieren:
                cls._abgerissene_zeile_beiseite(datei, gut, rest)
                warnungen.append(
                    f"{name}, Zeile {zeilennr}: unvollständig geschrieben (Absturz?) und "
                    f"übersprungen; der Rest wurde nach {name}.abgerissen gelegt."
                )
            else:
                warnungen.append(
                    f"{name}, Zeile {zeilennr}: noch unvollständig (wird gerade geschrieben oder "
                    "Absturz) – noch nicht gezeigt."
                )
        kopfzeile = eintraege[0]
        pruef = cls._kette(datei, zeilen[: len(eintraege)], kopfzeile, start, anwenden, reparieren=reparieren,
                           trotzdem=trotzdem, warnungen=warnungen)
        if kopfzeile.get("format") != FORMAT:
            raise ProtokollFehler(f"{name}, Zeile 1: das ist kein gm_helfer-Kampfprotokoll.")
        if kopfzeile.get("version") != VERSION:
            raise ProtokollFehler(
                f"{name}, Zeile 1: Protokollversion {kopfzeile.get('version')} wird nicht "
                f"unterstützt (erwartet {VERSION})."
            )
        kopf = kopfzeile.get("kopf") or {}
        if not isinstance(kopf, Mapping):
            raise ProtokollFehler(f"{name}, Zeile 1: der Kopf ist kein JSON-Objekt.")
        try:
            startzustand = start(kopf)
        except Exception as fehler:
            raise ProtokollFehler(
                f"{name}, Zeile 1: aus dem Kopf lässt sich kein Startzustand bauen: {_deutsch(fehler)}"
            ) from fehler
        verlauf = cls(startzustand, anwenden, system=str(kopfzeile.get("system", "")), kopf=kopf)
        for zeilennr, eintrag in enumerate(eintraege[1:], start=2):
            verlauf._einspielen(eintrag, name, zeilennr)
        verlauf.datei = datei
        verlauf._start_aus_kopf = start
        verlauf._gelesen = gut
        verlauf._zeilen = len(eintraege)
        verlauf._pruef = pruef
        verlauf._rolle = "lesen"
        return verlauf, warnungen

    @classmethod
    def _kette(cls, datei: Path, zeilen: list[bytes], kopfzeile: Mapping[str, Any], start: Callable[..., Any],
               anwenden: Callable[..., Any], *, reparieren: bool, trotzdem: bool, warnungen: list[str]) -> str | None:
        """Prüfkette der Zeilen: verändert → :class:`VeraendertFehler` (oder mit ``trotzdem`` eine
        Warnung und ein Vermerk); gibt die Prüfsumme, an die die nächste Zeile anschließt."""
        name = datei.name
        pruef, veraendert = kette_pruefen(zeilen, kopfzeile)
        if veraendert and not trotzdem:
            try:  # fehlt oder steht eine Zeile doppelt, sagt das Abspielen es genauer
                cls._einlesen_roh(datei, start, anwenden, reparieren=False, trotzdem=True)
            except ProtokollFehler as genauer:
                raise VeraendertFehler(f"{genauer} {_veraendert_text(name, veraendert)}",
                                       zeilen=tuple(veraendert)) from None
            raise VeraendertFehler(_veraendert_text(name, veraendert), zeilen=tuple(veraendert))
        if veraendert:
            warnungen.append(f"{name}: trotzdem geladen, obwohl {_zeilen_text(veraendert)} verändert "
                             f"{'wurde' if len(veraendert) == 1 else 'wurden'}.")
            if reparieren:
                _trotzdem_vermerken(datei, veraendert)
        return pruef

    @staticmethod
    def _abgerissene_zeile_beiseite(datei: Path, gut: int, rest: bytes) -> None:
        """Legt den abgerissenen Rest nach ``<datei>.abgerissen`` und schneidet die Datei auf
        ``gut`` Bytes zurück (nur als Inhaber der Sperre)."""
        beiseite = Path(str(datei) + ".abgerissen")
        try:
            with open(beiseite, "ab") as f:
                f.write(rest if rest.endswith(b"\n") else rest + b"\n")
                f.flush()
                os.fsync(f.fileno())
            fd = os.open(datei, os.O_WRONLY)
            try:
                os.ftruncate(fd, gut)
                os.fsync(fd)
            finally:
                os.close(fd)
        except OSError as fehler:
            raise ProtokollFehler(
                f"{datei.name}: die unvollständige letzte Zeile lässt sich nicht beiseitelegen – "
                f"{_grund(fehler)}."
            ) from fehler



def fortsetzen_sicher(
    datei: Path | str,
    start: Callable[[Mapping[str, Any]], Z],
    anwenden: Callable[[Z, Ereignis], Z],
    *,
    vorher: Verlauf[Any] | None = None,
    uebernehmen: bool = False,
    trotzdem: bool = False,
) -> tuple[Verlauf[Z] | None, str]:
    """„Kampf fortsetzen“ für Notebooks: nie eine Ausnahme, immer eine deutsche Meldung.

    * ``vorher`` ist der Verlauf, den die Sitzung bisher zeigt: derselbe Kampf wird erst
      geschlossen und dann neu gelesen; nach dem Wechsel zu einem anderen Kampf wird er
      geschlossen (seine Sperre frei).
    * Schreibt eine andere Sitzung den Kampf, kommt er **nur zum Ansehen** (``nur_lesen``)
      zurück, mit der Meldung der Sperre (beginnt mit „⚠“); :func:`nachladen_sicher` folgt ihm.
      ``uebernehmen=True`` verdrängt die andere Sitzung ausdrücklich.
    * Jeder andere Fehler: ``(None, "⚠ <Grund mit Datei und Zeile>")``.

    Returns:
        ``(verlauf, meldung)``; ``verlauf`` ist ``None``, wenn nichts zu öffnen war.
    """
    datei = Path(datei)
    if vorher is not None and vorher.datei is not None and _gleiche_datei(vorher.datei, datei):
        vorher.schliessen()
    try:
        verlauf, warnungen = Verlauf.fortsetzen(datei, start, anwenden, uebernehmen=uebernehmen, trotzdem=trotzdem)
        text = f"Fortgesetzt: {datei.name} mit {len(verlauf.ereignisse)} Schritten."
    except GesperrtFehler as gesperrt:
        try:
            verlauf, warnungen = Verlauf.fortsetzen(datei, start, anwenden, nur_lesen=True, trotzdem=trotzdem)
        except ProtokollFehler as fehler:
            return None, f"⚠ {fehler}"
        text = f"⚠ {gesperrt}"
    except ProtokollFehler as fehler:
        return None, f"⚠ {fehler}"
    if vorher is not None and vorher is not verlauf:
        vorher.schliessen()
    if warnungen:
        text += " " + " ".join(f"⚠ {w}" for w in warnungen)
    return verlauf, text


def _gleiche_datei(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:  # pragma: no cover
        return a == b


def nachladen_sicher(verlauf: Verlauf[Any] | None) -> str:
    """Für die Ansicht eines Kampfes, den eine andere Sitzung schreibt: neue Schritte einlesen.

    Returns:
        ``""`` (nichts zu melden), ``"3 neue Schritte aus der anderen Sitzung."`` oder
        ``"⚠ <Grund>"``; nie eine Ausnahme. Für einen Schreiber (oder ``None``) nichts.
    """
    if verlauf is None or not verlauf.nur_lesen or verlauf.rolle == "geschlossen":
        return ""
    try:
        neu = verlauf.nachladen()
    except ProtokollFehler as fehler:
        return f"⚠ {fehler}"
    return f"{neu} neue Schritte aus der anderen Sitzung." if neu else ""
