"""Aloran, Zelle für Zelle: das Kampfobjekt für Jupyter, VS Code und marimo.

>>> from gm_helfer import aloran
>>> kampf = aloran.kampf_starten(["brann", "ork_krieger"])                  # doctest: +SKIP
>>> kampf.weiter()                     # Initiative würfeln                 # doctest: +SKIP
>>> kampf.chancen("Brann", ziel="Ork-Krieger")                               # doctest: +SKIP
>>> kampf.angriff("Brann", "Ork-Krieger", augen="7 3 0 1; verteidigung: 5 2; zone: 12; schaden: 4")  # doctest: +SKIP

Nur Verdrahtung über :mod:`gm_helfer.aloran.kampf` (Ereignisse, Vorschau) und
:mod:`gm_helfer.aloran.sitzung` (Protokolldateien wie im marimo-Notebook
``notebooks/aloran_kampf.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import altair as alt

from gm_helfer.aloran import diagramme as aloran_diagramme
from gm_helfer.aloran import kampf as ak
from gm_helfer.aloran import sitzung
from gm_helfer.aloran import zug as azug
from gm_helfer.aloran.bogen import aus_bogen
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.zellenkampf import (
    KampfFehler,
    Schritt,
    Zellenkampf,
    augen_je_name,
    augen_je_schluessel,
    boegen_waehlen,
)

__all__ = ["AloranKampf", "kampf_fortsetzen", "kampf_starten"]


def _standard_verteidigung(kampf: ak.Kampf, ziel: str, wer: str, angriff: str) -> str | None:
    if not ak.kann_verteidigen(kampf, ziel):
        return None
    moeglich = sitzung.verteidigung_namen(kampf, ziel, wer, angriff)
    return moeglich[0] if moeglich else None


class AloranKampf(Zellenkampf):
    """Ein Aloran-Kampf über :class:`~gm_helfer.protokoll.Verlauf` (siehe Moduldoku)."""

    SYSTEM = "aloran"
    TITEL = "Aloran"
    FEHLER = (AloranFehler,)
    ZUG = azug

    _start = staticmethod(ak.aus_kopf)
    _anwenden = staticmethod(ak.anwenden)

    def lage(self) -> str:
        kampf = self.zustand
        if all(kf.initiative is None for kf in kampf.kaempfer):
            return "Vor dem Kampf – Initiative bestimmen."
        if kampf.runde == 0:
            return "Initiative steht – Runde 1 beginnen."
        dran = self.am_zug()
        return f"Runde {kampf.runde} · " + (f"am Zug: {dran}" if dran else "alle Kampfaktionen verbraucht")

    def reihenfolge(self) -> list[dict[str, Any]]:
        kampf, dran = self.zustand, self.am_zug()
        namen = azug.reihenfolge(kampf)
        rest = [kf.name for gruppe in ak.reihenfolge(kampf) for kf in gruppe if kf.name not in namen]
        aus = []
        for name in namen + rest:
            kf = kampf.kaempfer_namens(name)
            info = f"Ini {kf.aktuelle_initiative}" if kf.initiative is not None else "ohne Ini"
            if getattr(kf, "zug", "") == "abwartend":
                info += " · wartet ab"
            aus.append({"name": name, "info": info, "dran": name == dran,
                        "fertig": name not in namen or getattr(kf, "zug", "") == "fertig"})
        return aus

    def kaempfer_zeilen(self) -> list[dict[str, Any]]:
        return [
            {"Name": z["Name"], "Seite": z["Seite"], "Initiative": z["Initiative"], "Zustand": z["Zustand"],
             "Wunden": z["Wunden"], "Verletzung": z["Verletzung"], "Ausdauer": z["Ausdauer"],
             "Aktionen übrig": z["Aktionen übrig"]}
            for z in ak.uebersicht(self.zustand)
        ]

    def sieger(self) -> str | None:
        kampf = self.zustand
        seiten = {kf.werte.seite for kf in kampf.kaempfer}
        stehen = {kf.werte.seite for kf in kampf.kaempfer if ak.kann_handeln(kampf, kf.name)}
        return next(iter(stehen)) if len(seiten) > 1 and len(stehen) == 1 else None

    def naechster_schritt(self) -> tuple[str, Callable[[], Schritt]] | None:
        kampf = self.zustand
        if kampf.runde == 0 and any(kf.initiative is None for kf in kampf.kaempfer):
            return "Initiative würfeln und Runde 1 beginnen", lambda: self._schritte(
                lambda k: ak.initiative_ereignis(k, rng=self.rng), ak.runde_ereignis)
        if kampf.runde == 0:
            return "Runde 1 beginnt", self.runde
        dran = self.am_zug()
        if dran:
            return f"{dran} beendet den Zug", lambda: self.zug_beenden(dran)
        return f"Runde {kampf.runde + 1} beginnt", self.runde

    def entscheiden(self, schluessel: str) -> Schritt:
        art, _, wer = schluessel.partition(":")
        if art in ("bonus_kampfaktion", "abwarten") and wer:
            return self.angriff(wer)  # außer der Reihe bzw. aus dem Abwarten eingreifen
        raise KampfFehler(f"Die Entscheidung „{schluessel}“ ist nicht offen.")

    def _standard_schritt(self, versucht: set[Any]) -> Schritt | None:
        kampf = self.zustand
        for o in self.offene_entscheidungen():
            if o.schluessel.startswith("bonus_kampfaktion:") and (kampf.runde, o.schluessel) not in versucht:
                versucht.add((kampf.runde, o.schluessel))
                try:
                    return self.angriff(o.wer)
                except KampfFehler:
                    continue
        dran = self.am_zug()
        if not dran:
            return None
        erlaubt = {a.schluessel for a in azug.aktionen(kampf, dran) if a.erlaubt}
        if "angriff" in erlaubt and (kampf.runde, dran) not in versucht:
            versucht.add((kampf.runde, dran))
            try:
                return self.angriff(dran)
            except KampfFehler:
                return None
        return None

    # -- Ablauf ----------------------------------------------------------------------

    def initiative(self, augen: str | dict[str, Any] | None = None, *, hinterhalt: Iterable[str] = (),
                   namen: Iterable[str] | None = None) -> Schritt:
        """Initiativewert + 1W10 für alle (oder ``namen``); ``augen`` je Name („Brann: 7; Wolf: 0“)."""
        werte = augen_je_name(augen, self.zustand.namen)
        return self._schritt(lambda k: ak.initiative_ereignis(
            k, rng=self.rng, augen=werte, hinterhalt=list(hinterhalt),
            namen=list(namen) if namen is not None else None))

    def runde(self) -> Schritt:
        """Neue Kampfrunde: alle Aktionen frisch."""
        return self._schritt(ak.runde_ereignis)

    def zug_beenden(self, wer: str | None = None) -> Schritt:
        """``wer`` (Standard: wer am Zug ist) beendet seinen Zug."""
        wer = wer or self.am_zug()
        if not wer:
            raise KampfFehler("Niemand ist am Zug – neue Runde mit „kampf.weiter()“.")
        return self._schritt(lambda k: ak.zug_ende_ereignis(k, wer))

    def abwarten(self, wer: str | None = None) -> Schritt:
        """``wer`` hält seine Aktionen zurück und greift später ein."""
        wer = wer or self.am_zug()
        if not wer:
            raise KampfFehler("Niemand ist am Zug.")
        return self._schritt(lambda k: ak.abwarten_ereignis(k, wer))

    def _austausch(self, wer: str | None, ziel: str | None, angriff: str | None,
                   verteidigung: str | None | bool, kw: dict[str, Any]) -> dict[str, Any]:
        wer, ziel, angriff = self._wahl(wer, ziel, angriff)
        if verteidigung is True or verteidigung is None:
            verteidigung = self._rufen(_standard_verteidigung, self.zustand, ziel, wer, angriff)
        elif verteidigung is False:
            verteidigung = None
        return dict(angreifer=wer, ziel=ziel, angriff=angriff, verteidigung=verteidigung, **kw)

    def angriff(self, wer: str | None = None, ziel: str | None = None, angriff: str | None = None, *,
                verteidigung: str | None | bool = None, augen: str | dict[str, Any] | None = None,
                **kw: Any) -> Schritt:
        """Ein Austausch: Attacke gegen Verteidigung, Trefferzone, Schaden.

        ``augen`` eingetippt: „7 3 0 1; verteidigung: 5 2; zone: 12; schaden: 4“ (der erste Teil
        ohne Schlüssel ist der Angriffspool; eine 0 ist die 10). Fehlt ein nötiger Wurf, sagt
        die Meldung welcher. Ohne ``verteidigung``: die erste zulässige des Ziels
        (``False``: das Ziel verzichtet). ``kw``: ``von_hinten``, ``zweitwaffe``,
        ``angriff_modifikator``, ``verteidigung_modifikator``.
        """
        wahl = self._austausch(wer, ziel, angriff, verteidigung, kw)
        getippt = augen_je_schluessel(augen, "angriff")
        quelle = {"augen": getippt} if getippt else {"rng": self.rng}
        return self._schritt(lambda k: ak.angriff_ereignis(k, **wahl, **quelle))

    def chancen(self, wer: str | None = None, ziel: str | None = None, angriff: str | None = None, *,
                verteidigung: str | None | bool = None, **kw: Any) -> alt.TopLevelMixin:
        """Exakte Chancen des Austauschs: Ausgang der Attacke und was sie dem Ziel antut."""
        wahl = self._austausch(wer, ziel, angriff, verteidigung, kw)
        vs = self._rufen(ak.vorschau, self.zustand, **wahl)
        return alt.hconcat(
            aloran_diagramme.angriff_balken(vs.chancen, titel=f"{wahl['angreifer']} → {wahl['ziel']}: {vs.text()}"),
            aloran_diagramme.folgen_balken(vs.folgen, f"Was es {wahl['ziel']} antut"),
        )


def kampf_starten(namen: Iterable[str] | str, *, optionen: Optionen = Optionen(), rng: Any = None) -> AloranKampf:
    """Ein neuer Kampf aus Bögen in ``charaktere/aloran/`` (Dateiname oder Name); das Protokoll
    liegt im Kampfordner wie beim marimo-Notebook."""
    boegen = boegen_waehlen(AloranKampf.SYSTEM, namen)
    return AloranKampf.neu(lambda: ak.neuer_verlauf(ak.neuer_kampf([aus_bogen(b) for b in boegen], optionen),
                                                    sitzung.neue_protokolldatei()), rng=rng)

kampf_fortsetzen = AloranKampf.aus_datei
"""Einen gespeicherten Kampf fortsetzen – auch einen aus dem marimo-Notebook: ``kampf_fortsetzen(datei,
rng=None, uebernehmen=False, nur_lesen=False)`` (ein Schreiber je Kampf, siehe
:meth:`~gm_helfer.zellenkampf.Zellenkampf.aus_datei`)."""
