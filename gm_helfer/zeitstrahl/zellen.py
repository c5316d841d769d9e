"""Zeitstrahl, Zelle für Zelle: das Kampfobjekt für Jupyter, VS Code und marimo.

>>> from gm_helfer import zeitstrahl
>>> kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"])          # doctest: +SKIP
>>> kampf.weiter()                      # Startpositionen würfeln        # doctest: +SKIP
>>> kampf.chancen("Herkulos", ziel="Söldner")                            # doctest: +SKIP
>>> kampf.angriff("Herkulos", "Söldner", augen="14; zone: 3 5; schaden: 4 2")  # doctest: +SKIP

Nur Verdrahtung über :mod:`gm_helfer.zeitstrahl.kampf` und :mod:`gm_helfer.zeitstrahl.vorschau`;
Protokolldateien wie im marimo-Notebook ``notebooks/zeitstrahl_kampf.py``
(:mod:`gm_helfer.zeitstrahl.sitzung`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import altair as alt

from gm_helfer import diagramme, pfade
from gm_helfer.zeitstrahl import diagramme as zs_diagramme
from gm_helfer.zeitstrahl import kampf as zk
from gm_helfer.zeitstrahl import sitzung, vorschau
from gm_helfer.zeitstrahl import zug as zzug
from gm_helfer.zeitstrahl.bogen import kaempfer_aus_bogen
from gm_helfer.zeitstrahl.optionen import STANDARD, Optionen
from gm_helfer.zellenkampf import (
    KampfFehler,
    Schritt,
    Zellenkampf,
    augen_je_name,
    augen_je_schluessel,
    boegen_waehlen,
)

__all__ = ["ZeitstrahlKampf", "kampf_fortsetzen", "kampf_starten"]


class ZeitstrahlKampf(Zellenkampf):
    """Ein Zeitstrahl-Kampf über :class:`~gm_helfer.protokoll.Verlauf` (siehe Moduldoku)."""

    SYSTEM = "zeitstrahl"
    TITEL = "Zeitstrahl"
    FEHLER = (zk.KampfFehler,)
    ZUG = zzug

    _start = staticmethod(zk.kampf_aus_kopf)
    _anwenden = staticmethod(zk.anwenden)

    def lage(self) -> str:
        kampf = self.zustand
        if not kampf.gestartet:
            return "Vor dem Kampf – Startpositionen würfeln."
        text = f"Tick {kampf.jetzt} · am Zug: {', '.join(kampf.am_zug) or 'niemand'}"
        hinweis = sitzung.konter_hinweis(kampf)
        return text + (f" · {hinweis}" if hinweis else "")

    def reihenfolge(self) -> list[dict[str, Any]]:
        kampf = self.zustand
        am_zug = set(kampf.am_zug)
        return [{"name": t.name, "info": f"Tick {t.position}" if t.position is not None else "–",
                 "dran": t.name in am_zug, "fertig": False}
                for t in kampf.reihenfolge()]

    def kaempfer_zeilen(self) -> list[dict[str, Any]]:
        return [{"Name": z["Name"], "Partei": z["Partei"], "Tick": z["Tick"], "Lebenspunkte": z["Lebenspunkte"],
                 "Waffen": z["Waffen"], "Zustände": z["Zustände"] or "–"}
                for z in sitzung.reihenfolge_tabelle(self.zustand).iter_rows(named=True)]

    def sieger(self) -> str | None:
        kampf = self.zustand
        parteien = {t.partei for t in kampf.teilnehmer}
        stehen = {t.partei for t in kampf.aktive}
        return next(iter(stehen)) if len(parteien) > 1 and len(stehen) == 1 else None

    def naechster_schritt(self) -> tuple[str, Callable[[], Schritt]] | None:
        kampf = self.zustand
        if not kampf.gestartet:
            return "Startpositionen würfeln", self.start
        wer = self.am_zug()
        if wer and kampf.konter is None:
            if kampf[wer].angesagt:
                return f"Die angesagte Reaktion von {wer} verfällt (1 Tick)", lambda: self._schritt(
                    lambda k: zk.ansage_verfallen_ereignis(k, wer))
            return f"{wer} wartet ab (1 Tick)", lambda: self.abwarten(wer)
        return None

    def entscheiden(self, schluessel: str) -> Schritt:
        art, _, wer = schluessel.partition(":")
        kampf = self.zustand
        if art == "konter" and kampf.konter is not None and kampf.konter[0] == wer:
            return self.angriff(wer, kampf.konter[1])
        if art == "ansage" and wer:
            return self._schritt(lambda k: zk.ansage_verfallen_ereignis(k, wer))
        raise KampfFehler(f"Die Entscheidung „{schluessel}“ ist nicht (mehr) offen.")

    def _standard_schritt(self, versucht: set[Any]) -> Schritt | None:
        offen = [o for o in self.offene_entscheidungen() if o.schluessel.startswith("konter:")]
        if offen:
            return self.entscheiden(offen[0].schluessel)
        dran = self.am_zug()
        if not dran:
            return None
        try:
            return self.angriff(dran)
        except KampfFehler:
            return None

    # -- Ablauf ----------------------------------------------------------------------

    def start(self, augen: str | Mapping[str, Any] | None = None,
              schwierigkeit: int | Mapping[str, int] | None = None) -> Schritt:
        """Startpositionen: Probe auf Kampferfahrung gegen die Schwierigkeit; ``augen`` je Name
        („Herkulos: 14; Söldner: 7“), wer fehlt, würfelt das Programm."""
        getippt = augen_je_name(augen, [t.name for t in self.zustand.teilnehmer])
        return self._schritt(lambda k: zk.start_ereignis(k, schwierigkeit, rng=self.rng, augen=getippt))

    def abwarten(self, wer: str | None = None, ticks: int = 1) -> Schritt:
        """``wer`` (Standard: wer am Zug ist) wartet ``ticks`` Zeiteinheiten ab."""
        wer = wer or self.am_zug()
        if not wer:
            raise KampfFehler("Niemand ist am Zug.")
        return self._schritt(lambda k: zk.aktion_ereignis(k, wer, ticks, "sofort", "wartet ab"))

    def aktion(self, wer: str, ticks: int, art: str = "sofort", beschreibung: str = "") -> Schritt:
        """Eine andere Aktion (sofort, vorbereitet, kontinuierlich) für ``ticks`` Zeiteinheiten."""
        return self._schritt(lambda k: zk.aktion_ereignis(k, wer, ticks, art, beschreibung))

    def angriff(self, wer: str | None = None, ziel: str | None = None, waffe: int | str | None = None, *,
                verteidigung: str = "passiv", augen: str | Mapping[str, Any] | None = None, **kw: Any) -> Schritt:
        """Ein Angriff samt Verteidigung, Trefferzone und Schaden.

        ``augen`` eingetippt: „14; verteidigung: 8; zone: 3 5; schaden: 4 2“ (der erste Teil
        ohne Schlüssel ist der Prüfwurf des Angriffs); was fehlt, würfelt das Programm.
        ``verteidigung``: „passiv“, „ausweichen“, „parade“ oder „blocken“ (dann
        ``verteidigungs_waffe``). Weitere ``kw`` wie bei
        :func:`gm_helfer.zeitstrahl.kampf.angriff_ereignis`.
        """
        wer, ziel, waffe = self._wahl(wer, ziel, waffe)
        getippt = augen_je_schluessel(augen, "angriff")
        return self._schritt(lambda k: zk.angriff_ereignis(k, wer, ziel, waffe, verteidigung, rng=self.rng,
                                                           augen=getippt, **kw))

    def chancen(self, wer: str | None = None, ziel: str | None = None, waffe: int | str | None = None, *,
                verteidigung: str = "passiv", **kw: Any) -> alt.TopLevelMixin:
        """Trefferchance je Verteidigung des Ziels und die Verteilung der Schadenspunkte."""
        wer, ziel, waffe = self._wahl(wer, ziel, waffe)
        kampf = self.zustand
        wahlen = self._rufen(vorschau.verteidigungs_wahlen, kampf, wer, ziel, waffe,
                             **{n: v for n, v in kw.items() if n in ("verschiebung", "modifikator", "krit_wahl",
                                                                       "verteidigung_krit_wahl")})
        schaden = self._rufen(vorschau.schadens_vorschau, kampf, wer, ziel, waffe, verteidigung=verteidigung, **kw)
        return alt.vconcat(
            zs_diagramme.verteidigungs_diagramm(wahlen, titel=f"Trefferchance von {wer} je Verteidigung von {ziel}"),
            diagramme.verteilung_diagramm(schaden, titel=f"Schadenspunkte an {ziel} ({verteidigung}; 0 = kein Schaden)",
                                          x_titel="Schadenspunkte"),
        )

    def zeitstrahl(self) -> alt.TopLevelMixin:
        """Das Zeitstrahl-Diagramm: wer wann handelt."""
        return zs_diagramme.zeitstrahl_jetzt(self.zustand)


def kampf_starten(namen: Iterable[str] | str, *, optionen: Optionen = STANDARD, rng: Any = None,
                  ordner: Path | None = None) -> ZeitstrahlKampf:
    """Ein neuer Kampf aus Bögen in ``charaktere/zeitstrahl/`` (Dateiname oder Name); das
    Protokoll liegt im Kampfordner wie beim marimo-Notebook."""
    boegen = boegen_waehlen(ZeitstrahlKampf.SYSTEM, namen)
    return ZeitstrahlKampf.neu(lambda: sitzung.neuer_verlauf([kaempfer_aus_bogen(b) for b in boegen], optionen,
                                                             Path(ordner or pfade.kampf_ordner())), rng=rng)

kampf_fortsetzen = ZeitstrahlKampf.aus_datei
"""Einen gespeicherten Kampf fortsetzen – auch einen aus dem marimo-Notebook: ``kampf_fortsetzen(datei,
rng=None, uebernehmen=False, nur_lesen=False)`` (ein Schreiber je Kampf, siehe
:meth:`~gm_helfer.zellenkampf.Zellenkampf.aus_datei`)."""
