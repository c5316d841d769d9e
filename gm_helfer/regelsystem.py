"""Der Vertrag eines Regelsystems und das Verzeichnis, über das Kern und Notebooks es erreichen.

Jedes System beschreibt sich in einem :class:`Regelsystem` (wie OpenSpiel mit
``register_game``): Name, Bogen-Schema, Startzustand, ``anwenden``, Optionen, Taktik,
Simulation (Ereignispfad und gebündelt), Zeiteinheit – und, nur über einen Lader ohne
Argumente, die Notebook-Schicht (Zug-Schnittstelle, Zellen, Spieler-Ansicht). Der Kern kennt
kein System beim Namen: :func:`systeme` findet sie über die Einstiegspunkte der Gruppe
``gm_helfer.regelsysteme`` (``pyproject.toml``), :func:`registrieren` nimmt weitere auf (Tests,
fremde Pakete).

>>> sw = system("savage_worlds")
>>> sw.anzeigename, sw.zeiteinheit, sw.taktik_je_seite
('Savage Worlds', 'Runden', True)
>>> system("zeitstrahl").zeiteinheit
'Ticks'
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

__all__ = [
    "GRUPPE",
    "Regelsystem",
    "RegelsystemFehler",
    "anzeigenamen",
    "finden",
    "registrieren",
    "spaet_geladen",
    "system",
    "systeme",
]

GRUPPE = "gm_helfer.regelsysteme"
"""Gruppe der Einstiegspunkte: ``name = "paket.modul:REGELSYSTEM"`` je System."""


class RegelsystemFehler(ValueError):
    """Unbekanntes oder doppelt angemeldetes Regelsystem (deutsche Meldung)."""


@dataclass(frozen=True)
class Regelsystem:
    """Was Kern und Notebooks von einem Regelsystem brauchen – eingefroren, ohne Oberfläche.

    Die Simulationstreiber haben eine Unterschrift für alle Systeme::

        begegnung(boegen, anzahl=1000, *, rng, optionen=None, max_runden=100, taktik=None,
                  fortschritt=None) -> simulation.Auswertung

    ``begegnung`` spielt gebündelt (wo ``gebuendelt``), ``ereignis_begegnung`` Kampf für Kampf
    auf dem Ereignispfad (die Referenz); :func:`gm_helfer.simulation.begegnung` ist der eine
    Treiber des Kerns darüber.
    """

    name: str
    """Paketname und Schlüssel überall (Bögen, Protokolle): ``"savage_worlds"``."""
    anzeigename: str
    """Deutsch für die Oberfläche: „Savage Worlds“."""
    schema: Any
    """Das Bogen-Schema (:class:`gm_helfer.boegen.Schema`)."""
    start: Callable[..., Any]
    """``start(boegen, optionen=None)`` → Startzustand aus geladenen Bögen."""
    anwenden: Callable[[Any, Any], Any]
    """``anwenden(zustand, ereignis)`` → neuer Zustand (rein)."""
    start_aus_kopf: Callable[[Mapping[str, Any]], Any]
    """Startzustand aus dem Protokollkopf (zum Fortsetzen, :meth:`Verlauf.fortsetzen`)."""
    optionen: type
    """Die eingefrorene Dataclass ``Optionen`` (Hausregeln) des Systems."""
    taktik: type
    """Die eingefrorene Dataclass ``Taktik`` der Simulation (Felder mit ``metadata``, siehe
    :func:`gm_helfer.simulation.taktik_felder`)."""
    taktik_je_seite: bool
    """Nimmt die Simulation auch Seite → ``Taktik`` (sonst eine Taktik für alle)."""
    begegnung: Callable[..., Any]
    """Gebündelte Simulation (Unterschrift oben)."""
    ereignis_begegnung: Callable[..., Any]
    """Ereignispfad (Unterschrift oben, ohne ``fortschritt``: den meldet
    :func:`gm_helfer.simulation.begegnung` am Ende)."""
    tisch: Callable[[], ModuleType]
    """Lädt die Notebook-Schicht ``gm_helfer.<system>.tisch`` (erst beim Aufruf: altair, polars)."""
    gebuendelt: bool = True
    """Hat eine gebündelte Maschine (numpy-Felder, 10 000 Kämpfe in Sekunden)."""
    zeiteinheit: str = "Runden"
    """Worin ``Kampfausgang.runden`` zählt: „Runden“ oder „Ticks“ (Zeitstrahl)."""
    vervielfachen: Callable[[Any, int], Sequence[Any]] | None = None
    """Wie das System aus einem Bogen ``anzahl`` Kämpfer macht (``None``: nummerierte Kopien)."""
    rang: int = 100
    """Platz in Auswahllisten (kleiner zuerst; dann nach Name)."""
    lage: Callable[[], Any] | None = None
    """Lädt den Lagebild-Adapter des Systems (``weiterspielen``, optional ``gebuendelt`` und
    ``wahlen``; siehe :mod:`gm_helfer.lagebild`); ``None``: noch kein Lagebild."""
    nicht_gespielt: str = "niemand heilt oder stabilisiert, niemand zieht sich zurück"
    """Was die Simulation des Systems nicht spielt (ein Satzteil für das Urteil der Begegnung,
    :func:`gm_helfer.simulation.nicht_gespielt_text`)."""
    extras: Mapping[str, Any] = field(default_factory=dict)
    """Weiteres, das nur einzelne Systeme haben (nicht Teil des Vertrags)."""

    # Die Notebook-Schicht, erst beim Zugriff geladen -------------------------------------

    def zug(self) -> ModuleType:
        """Die Zug-Schnittstelle (``am_zug``, ``reihenfolge``, ``aktionen``, ``standard_ziel``,
        ``standard_waffe``, ``offene_entscheidungen``; Werte aus :mod:`gm_helfer.zug`)."""
        return self.tisch().zug

    def zellen(self) -> ModuleType:
        """Die Zellen-Schnittstelle (``kampf_starten``, ``kampf_fortsetzen``, ``<System>Kampf``)."""
        return self.tisch().zellen

    def ansicht(self) -> ModuleType:
        """Der Adapter für Bericht und Spieleransicht (``kaempfer``, ``lage`` …)."""
        return self.tisch().ansicht

    def sitzung(self) -> ModuleType:
        """Die Sitzungshelfer der marimo-Notebooks."""
        return self.tisch().sitzung


# --------------------------------------------------------------------------- Verzeichnis

_SYSTEME: dict[str, Regelsystem] = {}
_GELADEN = False
_SPERRE = threading.RLock()


def registrieren(regelsystem: Regelsystem, *, ersetzen: bool = False) -> Regelsystem:
    """Nimmt ein System ins Verzeichnis auf und gibt es zurück.

    Raises:
        RegelsystemFehler: ein anderes System dieses Namens ist schon da (``ersetzen=False``).
    """
    if not isinstance(regelsystem, Regelsystem):
        raise RegelsystemFehler(f"Kein Regelsystem: {regelsystem!r}.")
    with _SPERRE:
        alt = _SYSTEME.get(regelsystem.name)
        if alt is not None and alt is not regelsystem and not ersetzen:
            raise RegelsystemFehler(f"Das Regelsystem „{regelsystem.name}“ ist schon angemeldet.")
        _SYSTEME[regelsystem.name] = regelsystem
    return regelsystem


def abmelden(name: str) -> None:
    """Nimmt ein System wieder heraus (für Tests, die eigene Systeme anmelden)."""
    with _SPERRE:
        _SYSTEME.pop(name, None)


def _einstiegspunkte_laden() -> None:
    global _GELADEN
    with _SPERRE:
        if _GELADEN:
            return
        _GELADEN = True
        from importlib.metadata import entry_points  # erst hier: spart den Systempaketen ~30 ms Import

        for punkt in entry_points(group=GRUPPE):
            if punkt.name in _SYSTEME:
                continue
            wert = punkt.load()
            if wert.name != punkt.name:
                raise RegelsystemFehler(f"Einstiegspunkt „{punkt.name}“ liefert das System „{wert.name}“.")
            registrieren(wert)


def systeme() -> tuple[Regelsystem, ...]:
    """Alle angemeldeten Systeme, nach :attr:`Regelsystem.rang`, dann Name."""
    _einstiegspunkte_laden()
    with _SPERRE:
        return tuple(sorted(_SYSTEME.values(), key=lambda s: (s.rang, s.name)))


def finden(name: Any) -> Regelsystem | None:
    """Das System ``name`` oder ``None``."""
    if not isinstance(name, str):
        return None
    with _SPERRE:
        gefunden = _SYSTEME.get(name)
    if gefunden is None:
        _einstiegspunkte_laden()
        with _SPERRE:
            gefunden = _SYSTEME.get(name)
    return gefunden


def system(name: str) -> Regelsystem:
    """Das System ``name``.

    Raises:
        RegelsystemFehler: unbekannt (deutsche Meldung mit den bekannten Namen).
    """
    gefunden = finden(name)
    if gefunden is None:
        bekannt = ", ".join(s.name for s in systeme()) or "keines – ist gm_helfer installiert (pip install -e .)?"
        raise RegelsystemFehler(f"Unbekanntes Regelsystem „{name}“ (bekannt: {bekannt}).")
    return gefunden


def anzeigenamen() -> dict[str, str]:
    """Paketname → Anzeigename aller Systeme."""
    return {s.name: s.anzeigename for s in systeme()}


# --------------------------------------------------------------------------- Systempakete


def spaet_geladen(
    modul_globals: MutableMapping[str, Any],
    tisch: Callable[[], ModuleType],
    *,
    zellen_namen: Iterable[str],
    module: Iterable[str],
) -> Callable[[str], Any]:
    """``__getattr__`` (PEP 562) für ein Systempaket: die Namen der Notebook-Schicht
    (``kampf_starten``, ``<System>Kampf``, ``kampf_fortsetzen``) und die alten Modulnamen
    (``zellen``, ``sitzung`` …) erst beim ersten Zugriff – ``import gm_helfer.<system>.kampf``
    bleibt so frei von altair, polars und marimo.

    ``tisch``: lädt das ``tisch``-Unterpaket samt seiner Module und gibt es zurück (ohne
    Argumente, damit niemand einen Modulnamen als Text braucht). ``zellen_namen`` kommen aus
    ``tisch.zellen``, ``module`` sind Module von ``tisch`` unter ihrem alten Namen. Einmal
    geladen, steht der Wert im Paket wie ein gewöhnlicher Name.

    Die Regelnamen (alles, was das Paket im ``if TYPE_CHECKING:``-Block importiert, siehe
    :func:`_namen_unter_typpruefung`) und seine Untermodule (``gm_helfer.aloran.werte``) kommen
    ebenso erst beim ersten Zugriff: ``import gm_helfer.aloran.proben`` führt das Paket aus, ohne
    Bögen, Kampf und Protokoll mitzuladen. ``dir(paket)`` nennt auch die noch nicht geladenen Namen.
    """
    zellen_namen, module = frozenset(zellen_namen), frozenset(module)
    paket = modul_globals.get("__name__", "?")
    regeln: dict[str, tuple[str, str | None]] | None = None

    def __getattr__(name: str) -> Any:
        nonlocal regeln
        if name in zellen_namen:
            wert = getattr(tisch().zellen, name)
        elif name in module:
            wert = getattr(tisch(), name)
        else:
            if regeln is None:
                regeln = _namen_unter_typpruefung(modul_globals.get("__file__"), paket)
            ziel = regeln.get(name)
            if ziel is None and not name.startswith("__") and _ist_untermodul(paket, name):
                ziel = (f"{paket}.{name}", None)
            if ziel is None:
                raise AttributeError(f"module {paket!r} has no attribute {name!r}")
            import importlib

            quelle = importlib.import_module(ziel[0])
            wert = quelle if ziel[1] is None else getattr(quelle, ziel[1])
        modul_globals[name] = wert
        return wert

    def __dir__() -> list[str]:
        return sorted(set(modul_globals) | set(modul_globals.get("__all__", ())))

    modul_globals.setdefault("__dir__", __dir__)  # dir(paket) zeigt auch die noch nicht geladenen Namen
    return __getattr__


def _ist_untermodul(paket: str, name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(f"{paket}.{name}") is not None


def _namen_unter_typpruefung(datei: str | None, paket: str) -> dict[str, tuple[str, str | None]]:
    """Name → (Modul, Attribut oder ``None`` für ein Untermodul) aus den ``from … import …`` im
    ``if TYPE_CHECKING:``-Block des Pakets ``paket`` (Datei ``datei``).

    So steht die Liste der Regelnamen eines Systempakets nur einmal im Code – als gewöhnliche
    Importe, die mypy, ruff und Editoren lesen –, und zur Laufzeit lädt erst der erste Zugriff
    (``gm_helfer.aloran.Kampf``) das Modul, nicht schon ``import gm_helfer.aloran.proben``.
    Dasselbe Vorgehen wie ``lazy_loader.attach_stub`` (scientific-python, SPEC 1), nur mit dem
    ``TYPE_CHECKING``-Block statt einer ``.pyi``-Datei.
    """
    import ast

    if not datei:
        return {}
    with open(datei, encoding="utf-8") as f:
        baum = ast.parse(f.read(), datei)
    namen: dict[str, tuple[str, str | None]] = {}
    for knoten in baum.body:
        test = getattr(knoten, "test", None)
        if not (isinstance(knoten, ast.If) and isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"):
            continue
        for imp in knoten.body:
            if not isinstance(imp, ast.ImportFrom):
                continue
            if imp.level:
                teile = paket.split(".")
                basis = ".".join(teile[: len(teile) - (imp.level - 1)])
                modul = f"{basis}.{imp.module}" if imp.module else basis
            else:
                modul = imp.module or ""
            for a in imp.names:
                if modul == paket:  # ``from . import bogen``: ein Untermodul
                    namen[a.asname or a.name] = (f"{paket}.{a.name}", None)
                else:
                    namen[a.asname or a.name] = (modul, a.name)
    return namen
