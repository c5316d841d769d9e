"""Kampfprotokoll: Startzustand plus Ereignisse, Rückgängig, Fortsetzen nach Absturz.

Ein Kampf ist ein Startzustand und eine Folge von Ereignissen (Karte ausgeteilt, Angriff
mit diesen Augen gewürfelt, Schaden angewandt, Benny ausgegeben …). Der aktuelle Zustand
ist die Faltung der Ereignisse mit der ``anwenden``-Funktion des Regelsystems. Damit ist

* **Rückgängig** das Weglassen des letzten Ereignisses,
* **Speichern** das Schreiben des Protokolls (JSON Lines, nach jedem Ereignis ``flush``
  und ``fsync``), und
* **Fortsetzen** nach einem Absturz das erneute Abspielen der Datei.

Dateiformat (eine JSON-Zeile je Eintrag)::

    {"format": "gm_helfer-protokoll", "version": 1, "system": "savage_worlds", "kopf": {...}}
    {"nr": 1, "zeit": "...", "ereignis": {"art": "karte", "daten": {...}, "regel": "...", ...}}
    {"nr": 2, "zeit": "...", "rueckgaengig": 1}

Die Datei wird nur angehängt: ein Rückgängig steht als eigener Vermerk darin, so bleibt
ehrlich festgehalten, was am Tisch geschah. Eine abgerissene letzte Zeile (Absturz beim
Schreiben) wird gemeldet, beiseitegelegt und übersprungen; eine kaputte Zeile mitten in der
Datei ist ein Fehler, der die Zeile nennt.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Generic, TypeVar

__all__ = ["FORMAT", "VERSION", "Ereignis", "ProtokollFehler", "Verlauf"]

FORMAT = "gm_helfer-protokoll"
VERSION = 1

Z = TypeVar("Z")


class ProtokollFehler(ValueError):
    """Ein Protokoll, das sich nicht lesen oder fortschreiben lässt; deutsche Meldung."""


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


def _jetzt() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def _zeile_schreiben(datei: Path, eintrag: Mapping[str, Any]) -> None:
    zeile = json.dumps(eintrag, ensure_ascii=False, separators=(",", ":")) + "\n"
    with open(datei, "a", encoding="utf-8") as f:
        f.write(zeile)
        f.flush()
        os.fsync(f.fileno())


def _ordner_fsync(ordner: Path) -> None:
    try:
        fd = os.open(ordner, os.O_RDONLY)
    except OSError:  # pragma: no cover - etwa Windows
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class Verlauf(Generic[Z]):
    """Startzustand plus Ereignisse; der Zustand ist die Faltung der Ereignisse.

    Der Verlauf hält alle Zwischenzustände, damit Rückgängig sofort geht. Die Zustände
    selbst sind unveränderlich; ``anwenden`` muss eine reine Funktion sein.

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
        self._anwenden = anwenden
        self._zustaende: list[Z] = [start]
        self._ereignisse: list[Ereignis] = []
        self._nummern: list[int] = []
        self._zurueckgenommen: list[Ereignis] = []
        self._naechste_nr = 1
        self.system = system
        self.kopf: dict[str, Any] = dict(kopf or {})
        self.datei: Path | None = Path(datei) if datei is not None else None
        if self.datei is not None:
            if self.datei.exists() and self.datei.stat().st_size > 0:
                raise ProtokollFehler(
                    f"{self.datei} gibt es schon – zum Weiterspielen „fortsetzen“ benutzen."
                )
            self.datei.parent.mkdir(parents=True, exist_ok=True)
            _zeile_schreiben(
                self.datei,
                {
                    "format": FORMAT,
                    "version": VERSION,
                    "system": system,
                    "erstellt": _jetzt(),
                    "kopf": self.kopf,
                },
            )
            _ordner_fsync(self.datei.parent)

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

    # -- Ändern ----------------------------------------------------------------------
    def ausfuehren(self, ereignis: Ereignis) -> Z:
        """Wendet ``ereignis`` an, hängt es an und schreibt es sicher (fsync) in die Datei.

        Scheitert ``anwenden`` (ungültiger Zug), bleibt alles, wie es war.
        """
        neu = self._anwenden(self.zustand, ereignis)
        self._anhaengen(ereignis, neu)
        self._zurueckgenommen.clear()
        return neu

    def _anhaengen(self, ereignis: Ereignis, neu: Z) -> None:
        nr = self._naechste_nr
        if self.datei is not None:
            try:
                eintrag = {"nr": nr, "zeit": _jetzt(), "ereignis": ereignis.als_dict()}
                json.dumps(eintrag)
            except (TypeError, ValueError) as fehler:
                raise ProtokollFehler(
                    f"Das Ereignis „{ereignis.art}“ enthält Daten, die nicht gespeichert werden können: {fehler}"
                ) from fehler
            _zeile_schreiben(self.datei, eintrag)
        self._naechste_nr += 1
        self._nummern.append(nr)
        self._ereignisse.append(ereignis)
        self._zustaende.append(neu)

    def rueckgaengig(self) -> Z:
        """Nimmt den letzten wirksamen Schritt zurück; die Datei vermerkt das."""
        if not self._ereignisse:
            raise ProtokollFehler("Es gibt keinen Schritt, der rückgängig gemacht werden kann.")
        nr = self._nummern[-1]
        if self.datei is not None:
            _zeile_schreiben(self.datei, {"nr": self._naechste_nr, "zeit": _jetzt(), "rueckgaengig": nr})
        self._naechste_nr += 1
        self._nummern.pop()
        self._zurueckgenommen.append(self._ereignisse.pop())
        self._zustaende.pop()
        return self.zustand

    def wiederholen(self) -> Z:
        """Führt den zuletzt zurückgenommenen Schritt erneut aus (als neues Ereignis)."""
        if not self._zurueckgenommen:
            raise ProtokollFehler("Es gibt keinen zurückgenommenen Schritt zum Wiederholen.")
        ereignis = self._zurueckgenommen[-1]
        neu = self._anwenden(self.zustand, ereignis)
        self._anhaengen(ereignis, neu)
        self._zurueckgenommen.pop()
        return neu

    # -- Fortsetzen ------------------------------------------------------------------
    @classmethod
    def fortsetzen(
        cls,
        datei: Path | str,
        start: Callable[[Mapping[str, Any]], Z],
        anwenden: Callable[[Z, Ereignis], Z],
    ) -> tuple[Verlauf[Z], list[str]]:
        """Liest ein Protokoll und spielt es ab; gibt den Verlauf und deutsche Warnungen zurück.

        ``start`` baut aus dem Kopf der Datei den Startzustand. Eine abgerissene letzte
        Zeile wird in ``<datei>.abgerissen`` beiseitegelegt, aus der Datei entfernt und
        gemeldet; weitere Ereignisse werden danach wieder sauber angehängt.

        Raises:
            ProtokollFehler: Datei fehlt, falscher Kopf, kaputte Zeile mitten in der Datei,
                oder ein Ereignis lässt sich nicht anwenden. Die Meldung nennt Datei und Zeile.
        """
        datei = Path(datei)
        try:
            rohdaten = datei.read_bytes()
        except OSError as fehler:
            raise ProtokollFehler(f"{datei} lässt sich nicht lesen: {fehler.strerror}") from fehler
        warnungen: list[str] = []
        zeilen = rohdaten.split(b"\n")
        if zeilen and zeilen[-1] == b"":
            zeilen.pop()
            abgerissen_am_ende = False
        else:
            abgerissen_am_ende = bool(zeilen)
        eintraege: list[tuple[int, dict[str, Any]]] = []
        for index, roh in enumerate(zeilen):
            zeilennr = index + 1
            letzte = index == len(zeilen) - 1
            try:
                eintrag = json.loads(roh.decode("utf-8"))
                if not isinstance(eintrag, dict):
                    raise ValueError("kein JSON-Objekt")
                if abgerissen_am_ende and letzte:
                    raise ValueError("Zeilenende fehlt")
            except (ValueError, UnicodeDecodeError) as fehler:
                if letzte and zeilennr > 1:
                    cls._abgerissene_zeile_beiseite(datei, rohdaten, roh)
                    warnungen.append(
                        f"{datei.name}, Zeile {zeilennr}: unvollständig geschrieben (Absturz?) und "
                        f"übersprungen; der Rest wurde nach {datei.name}.abgerissen gelegt."
                    )
                    break
                raise ProtokollFehler(
                    f"{datei}, Zeile {zeilennr}: kein gültiger Protokolleintrag ({fehler})."
                ) from fehler
            eintraege.append((zeilennr, eintrag))
        if not eintraege:
            raise ProtokollFehler(f"{datei} ist leer – kein Kampfprotokoll.")
        _, kopfzeile = eintraege[0]
        if kopfzeile.get("format") != FORMAT:
            raise ProtokollFehler(f"{datei}, Zeile 1: das ist kein gm_helfer-Kampfprotokoll.")
        if kopfzeile.get("version") != VERSION:
            raise ProtokollFehler(
                f"{datei}, Zeile 1: Protokollversion {kopfzeile.get('version')} wird nicht "
                f"unterstützt (erwartet {VERSION})."
            )
        kopf = kopfzeile.get("kopf") or {}
        try:
            startzustand = start(kopf)
        except Exception as fehler:
            raise ProtokollFehler(
                f"{datei}, Zeile 1: aus dem Kopf lässt sich kein Startzustand bauen: {fehler}"
            ) from fehler
        verlauf = cls(startzustand, anwenden, system=str(kopfzeile.get("system", "")), kopf=kopf)
        for zeilennr, eintrag in eintraege[1:]:
            try:
                if "rueckgaengig" in eintrag:
                    if not verlauf._nummern or verlauf._nummern[-1] != eintrag["rueckgaengig"]:
                        raise ProtokollFehler(
                            f"der Rückgängig-Vermerk passt nicht zu Eintrag {eintrag['rueckgaengig']}"
                        )
                    verlauf.rueckgaengig()
                else:
                    ereignis = Ereignis.aus_dict(eintrag["ereignis"])
                    verlauf._naechste_nr = int(eintrag.get("nr", verlauf._naechste_nr))
                    verlauf.ausfuehren(ereignis)
            except Exception as fehler:
                raise ProtokollFehler(
                    f"{datei}, Zeile {zeilennr}: lässt sich nicht abspielen: {fehler}"
                ) from fehler
            verlauf._naechste_nr = max(verlauf._naechste_nr, int(eintrag.get("nr", 0)) + 1)
        verlauf._zurueckgenommen.clear()
        verlauf.datei = datei
        return verlauf, warnungen

    @staticmethod
    def _abgerissene_zeile_beiseite(datei: Path, rohdaten: bytes, roh: bytes) -> None:
        rest = Path(str(datei) + ".abgerissen")
        with open(rest, "ab") as f:
            f.write(roh + b"\n")
            f.flush()
            os.fsync(f.fileno())
        gut = rohdaten[: len(rohdaten) - len(roh)] if rohdaten.endswith(roh) else rohdaten[: rohdaten.rfind(roh)]
        tmp = Path(str(datei) + ".tmp")
        with open(tmp, "wb") as f:
            f.write(gut)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, datei)
        _ordner_fsync(datei.parent)
