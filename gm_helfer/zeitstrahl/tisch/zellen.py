"""Zeitstrahl, Zelle für Zelle: das Kampfobjekt für Jupyter, VS Code und marimo.

>>> from gm_helfer import zeitstrahl
>>> kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"])          # doctest: +SKIP
>>> kampf.weiter()                      # Startpositionen würfeln        # doctest: +SKIP
>>> kampf.chancen("Herkulos", ziel="Söldner")                            # doctest: +SKIP
>>> kampf.angriff("Herkulos", "Söldner", augen="14; zone: 3 5; schaden: 4 2")  # doctest: +SKIP

Nur Verdrahtung über :mod:`gm_helfer.zeitstrahl.kampf` und :mod:`gm_helfer.zeitstrahl.vorschau`;
Protokolldateien wie im marimo-Notebook ``notebooks/zeitstrahl_kampf.py``
(:mod:`gm_helfer.zeitstrahl.tisch.sitzung`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import altair as alt

from gm_helfer import diagramme, pfade
from gm_helfer.protokoll import Ereignis
from gm_helfer.zeitstrahl import kampf as zk
from gm_helfer.zeitstrahl import vorschau
from gm_helfer.zeitstrahl.bogen import kaempfer_aus_bogen
from gm_helfer.zeitstrahl.optionen import STANDARD, Optionen
from gm_helfer.zeitstrahl.tisch import diagramme as zs_diagramme
from gm_helfer.zeitstrahl.tisch import sitzung
from gm_helfer.zeitstrahl.tisch import zug as zzug
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
    ZUG = zzug

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
        if kampf.abtausch is not None:  # wer gleichzeitig getroffen wurde, schlägt noch zu
            return None
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
        kampf = self.zustand
        if kampf.konter is not None and not any(
                a.schluessel == "konter" and a.erlaubt for a in zzug.aktionen(kampf, kampf.konter[0])):
            # kann nicht kontern (kampfunfähig, ohne bereite Waffe): ausdrücklich verzichten
            return self._schritt(lambda k: zk.konter_verzicht_ereignis(k))
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

    # -- Vorschläge der Taktik und Lagebild (Issues 25, 26) -------------------------------

    def vorschlag(self, wer: str | None = None, *, taktik: Any = None) -> str:
        """Was die Taktik ``wer`` (Standard: wer am Zug ist) jetzt tun ließe, mit den exakten
        Chancen; leer, wenn ``wer`` nichts zu tun hat. ``taktik``: sonst die je Seite (:meth:`taktik`)."""
        kampf = self.zustand
        wer = wer or self.am_zug()
        v = zzug.vorschlag(kampf, wer, taktik=self._je_seite(taktik), rng=self.rng) if wer else None
        if v is None:
            return ""
        chancen = sitzung.vorschlag_chancen(kampf, v)
        return v.text + (f" {chancen}" if chancen else "")

    def _je_seite(self, taktik: Any) -> Any:
        return taktik if taktik is not None else self.taktik()

    def _vorschlag_ereignisse(self, wer: str, augen: str | Mapping[str, Any] | None, *, taktik: Any = None
                              ) -> list[Ereignis]:
        getippt = augen_je_schluessel(augen, "angriff") if augen else None  # wie bei :meth:`angriff`
        return self._rufen(zzug.vorschlag_spielen, self._verlauf, wer, getippt, self.rng, taktik=self._je_seite(taktik))

    def _gruppe_text(self, *, taktik: Any = None) -> str:
        g = self._rufen(zzug.gruppe_handelt, self._verlauf, self.rng, taktik=self._je_seite(taktik))
        zeilen = [text for _, text in g.zuege] + ([f"Halt: {g.halt}"] if g.halt else [])
        return " · ".join(zeilen) or "Niemand handelt."

    def gruppe_handelt(self, *, taktik: Any = None) -> Schritt:
        """Alle NSCs, deren Tick jetzt ist, spielen ihren Vorschlag (ein Schritt, ein Rückgängig);
        hält vor einer Entscheidung der Spieler (Verteidigung, Konter eines Helden)."""
        return self._fertig(Schritt(self._gruppe_text(taktik=taktik), False))

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
