"""W100, Zelle für Zelle: das Kampfobjekt für Jupyter, VS Code und marimo.

>>> from gm_helfer import w100
>>> kampf = w100.kampf_starten(["john", "ork_krieger"])       # doctest: +SKIP
>>> kampf.weiter()                 # Initiative würfeln       # doctest: +SKIP
>>> kampf.weiter()                 # der Erste beginnt seinen Zug   # doctest: +SKIP
>>> kampf.chancen(ziel="Ork-Krieger")                          # doctest: +SKIP
>>> kampf.angriff(ziel="Ork-Krieger", augen="89; schaden: 7, 5")  # doctest: +SKIP

Nur Verdrahtung über :mod:`gm_helfer.w100.kampf` und :mod:`gm_helfer.w100.tisch.sitzung` (dieselben
Protokolldateien wie das marimo-Notebook ``notebooks/w100_kampf.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import altair as alt

from gm_helfer.protokoll import Ereignis
from gm_helfer.w100 import kampf as wk
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.daten import AUSWEICHEN, KEINE_ABWEHR, PARADE
from gm_helfer.w100.optionen import Optionen, W100Fehler
from gm_helfer.w100.tisch import diagramme as w100_diagramme
from gm_helfer.w100.tisch import sitzung
from gm_helfer.w100.tisch import zug as wzug
from gm_helfer.zellenkampf import (
    KampfFehler,
    Schritt,
    Zellenkampf,
    augen_je_name,
    augen_je_schluessel,
    boegen_waehlen,
)

__all__ = ["W100Kampf", "kampf_fortsetzen", "kampf_starten"]

_SEITEN = {"helden": "Helden", "gegner": "Gegner"}


class W100Kampf(Zellenkampf):
    """Ein W100-Kampf über :class:`~gm_helfer.protokoll.Verlauf` (siehe Moduldoku)."""

    SYSTEM = "w100"
    LAGEBILD_SEITE = "helden"
    TITEL = "W100"
    FEHLER = (W100Fehler,)
    ZUG = wzug
    NIEMAND_AM_ZUG = "Niemand ist am Zug – erst „kampf.weiter()“."

    _start = staticmethod(sitzung.start_aus_kopf)
    _anwenden = staticmethod(wk.anwenden)
    ZUG = wzug

    def lage(self) -> str:
        return sitzung.lage(self.zustand)

    def reihenfolge(self) -> list[dict[str, Any]]:
        return [{"name": z["name"], "info": f"Ini {z['initiative']}" if z["initiative"] is not None else "–",
                 "dran": z["status"] == "am Zug", "fertig": z["status"] in ("kampfunfähig", "fertig")
                 or z["status"].startswith("keine")}
                for z in wk.initiative_leiter(self.zustand)]

    def kaempfer_zeilen(self) -> list[dict[str, Any]]:
        kampf = self.zustand
        zeilen = []
        for z in wk.initiative_leiter(kampf):
            kf = kampf[z["name"]]
            zeilen.append({"Name": z["name"], "Seite": _SEITEN.get(kf.seite, kf.seite), "Initiative": z["initiative"],
                           "Status": z["status"], "LP": f"{z['lp']}/{z['lp_max']}",
                           "Flee": f"{z['flee']}/{z['flee_max']}", "Parade frei": z["parade_frei"],
                           "Effekte": ", ".join(e.name for e in kf.effekte) or "–",
                           "Position": f"({wk.zahl(z['x'])} | {wk.zahl(z['y'])})"})
        return zeilen

    def sieger(self) -> str | None:
        seite = wk.sieger(self.zustand)
        return _SEITEN.get(seite, seite) if seite else None

    def naechster_schritt(self) -> tuple[str, Callable[[], Schritt]] | None:
        kampf = self.zustand
        if kampf.runde == 0:
            return "Initiative würfeln", self.initiative
        if wk.ergreifen_offen(kampf):
            return "Niemand ergreift die Initiative", self.ergreifen_verzichten
        if kampf.am_zug:
            return f"{kampf.am_zug} beendet den Zug", self.zug_ende
        if wk.runde_vorbei(kampf):
            return f"Runde {kampf.runde + 1} beginnt", self.neue_runde
        return f"{wk.naechster(kampf)} beginnt den Zug", self.zug_beginn

    def entscheiden(self, schluessel: str) -> Schritt:
        if schluessel.startswith("initiative_ergreifen:"):
            raise KampfFehler("Wer die Initiative ergreift, sagt „kampf.ergreifen(name)“ – sonst "
                              "„kampf.weiter()“ (= „Niemand ergreift die Initiative“, im Protokoll): dann "
                              "beginnt, wer die meiste Initiative hat.")
        raise KampfFehler(f"Die Entscheidung „{schluessel}“ ist nicht offen – in W100 sagt der "
                          "Verteidiger Ausweichen oder Parade mit dem Angriff an (abwehr=…, punkte=…).")

    def ergreifen(self, wer: str) -> Schritt:
        """„Initiative Ergreifen“: ``wer`` bekommt vor dem ersten Zug den ersten Zug."""
        return self._schritt(lambda k: wk.ergreifen_ereignis(k, wer))

    def ergreifen_verzichten(self) -> Schritt:
        """„Initiative Ergreifen“ geprüft: niemand ergreift sie (steht im Protokoll)."""
        return self._schritt(wk.ergreifen_verzicht_ereignis)

    def _ergreifen_pruefen(self) -> None:
        if wk.ergreifen_offen(self.zustand):
            raise KampfFehler("Offen: Ergreift jemand die Initiative? Erst „kampf.ergreifen(name)“ oder "
                              "„kampf.weiter()“ (niemand ergreift sie) – dann beginnt der erste Zug.")

    def _standard_schritt(self, versucht: set[Any]) -> Schritt | None:
        kampf = self.zustand
        dran = kampf.am_zug
        if dran is None:
            dran = wzug.am_zug(kampf)
            if dran is None or (kampf.runde, kampf.zuege_gesamt) in versucht:
                return None
            versucht.add((kampf.runde, kampf.zuege_gesamt))
        elif kampf[dran].angriffshandlungen > 0:
            return None
        try:
            return self.angriff()
        except KampfFehler:
            if kampf[dran].bewegungen > 0:
                return None
            try:
                return self.bewegen()
            except KampfFehler:
                return None

    # -- Ablauf ----------------------------------------------------------------------

    def _namen_augen(self, augen: str | Mapping[str, Any] | None) -> dict[str, str] | None:
        return augen_je_name(augen, [k.name for k in self.zustand.kaempfer])

    def initiative(self, augen: str | Mapping[str, Any] | None = None) -> Schritt:
        """Initiative: W100 + Bonus; ``augen`` je Name („John: 57; Ork-Krieger: 12“), sonst würfelt
        das Programm."""
        getippt = self._namen_augen(augen)
        return self._schritt(lambda k: sitzung.initiative_wuerfeln(k, rng=self.rng, augen=getippt))

    def zug_beginn(self) -> Schritt:
        self._ergreifen_pruefen()
        return self._schritt(wk.zug_beginn_ereignis)

    def zug_ende(self) -> Schritt:
        return self._schritt(wk.zug_ende_ereignis)

    def neue_runde(self, augen: str | Mapping[str, Any] | None = None) -> Schritt:
        getippt = self._namen_augen(augen)
        return self._schritt(lambda k: sitzung.neue_runde(k, rng=self.rng, augen=getippt))

    def _im_zug(self, baue: Callable[[wk.Kampf], Any]) -> Schritt:
        """Ein Schritt dessen, der an der Reihe ist – hat sein Zug noch nicht begonnen, beginnt er
        mit diesem Schritt (beides zusammen; Rückgängig nimmt beides zurück)."""
        if self.zustand.am_zug is None:
            self._ergreifen_pruefen()
            return self._schritte(wk.zug_beginn_ereignis, baue)
        return self._schritt(baue)

    def bewegen(self, ziel: str | None = None, *, nach: tuple[float, float] | None = None) -> Schritt:
        """Wer am Zug ist, bewegt sich auf ``ziel`` zu (höchstens seine Bewegung weit) – oder ``nach``."""
        kampf = self.zustand
        wer = wzug.am_zug(kampf)
        if wer is None:
            raise KampfFehler("Niemand ist an der Reihe – erst „kampf.weiter()“.")
        if nach is None:
            ziel = ziel or wzug.standard_ziel(kampf, wer)
            if not ziel:
                raise KampfFehler(f"{wer} hat kein Ziel, auf das er sich zubewegen könnte.")
            nach = self._rufen(sitzung.schritt_richtung, wzug.im_zug(kampf, wer), ziel)
        return self._im_zug(lambda k: wk.bewegung_ereignis(k, wer, nach))

    def _wahl(self, wer: str | None, ziel: str | None, waffe: str | None) -> tuple[str, str, str]:
        dran = self.am_zug()
        if dran is None:
            raise KampfFehler("Niemand ist an der Reihe – erst „kampf.weiter()“.")
        if wer is not None and wer != dran:
            raise KampfFehler(f"{wer} ist nicht am Zug – am Zug ist {dran}.")
        return super()._wahl(dran, ziel, waffe)

    def angriff(self, wer: str | None = None, ziel: str | None = None, waffe: str | None = None, *,
                abwehr: str = KEINE_ABWEHR, punkte: int = 0, modifikator: int = 0,
                augen: str | Mapping[str, Any] | None = None) -> Schritt:
        """Angriff dessen, der am Zug ist: W100 + OB − DB gegen die Schwellen, Schaden nach Panzerung.

        ``augen`` eingetippt: „89; schaden: 7, 5“ (der erste Teil ist der W100, 00 = 100; den
        Schaden braucht es nur bei einem Treffer; ohne ihn würfelt das Programm den Schaden). ``abwehr``: „keine“,
        „ausweichen“ (Flee) oder „parade“ mit ``punkte``.
        """
        wer, ziel, waffe = self._wahl(wer, ziel, waffe)
        getippt = augen_je_schluessel(augen, "w100")
        if getippt:
            unbekannt = set(getippt) - {"w100", "schaden"}
            if unbekannt:
                raise KampfFehler(f"Unbekannte Würfel: {', '.join(sorted(unbekannt))} (möglich: W100 zuerst, „schaden: …“).")
            # fehlt der Schaden, würfelt ihn das Programm (leer = Programm würfelt)
            quelle = {"w100_augen": getippt.get("w100"), "schaden_augen": getippt.get("schaden"), "rng": self.rng}
        else:
            quelle = {"rng": self.rng}
        return self._im_zug(lambda k: sitzung.angriff(k, ziel, waffe, modifikator=modifikator, abwehr=abwehr,
                                                       punkte=punkte, **quelle))

    def chancen(self, wer: str | None = None, ziel: str | None = None, waffe: str | None = None, *,
                abwehr: str = KEINE_ABWEHR, punkte: int = 0, modifikator: int = 0) -> alt.TopLevelMixin:
        """Trefferstufen mit der angesagten Abwehr und was jeder Punkt Flee bzw. Parade kauft."""
        wer, ziel, waffe = self._wahl(wer, ziel, waffe)
        vs = self._rufen(sitzung.vorschau, wzug.im_zug(self.zustand, wer), ziel, waffe, modifikator=modifikator,
                         abwehr=abwehr, punkte=punkte)
        if isinstance(vs, str):
            raise KampfFehler(vs.removeprefix("⚠ "))
        teile = [w100_diagramme.trefferstufen_balken(vs.chancen, titel=f"{wer} → {ziel} mit {waffe}"
                                                     + (f" ({vs.meldung.removeprefix('⚠ ')})" if vs.meldung else ""))]
        if vs.tabelle:
            teile.append(w100_diagramme.abwehr_diagramm(
                vs.tabelle, art="Flee" if vs.abwehr_art == AUSWEICHEN else "Parade",
                titel=f"Was {ziel} mit {'Flee' if vs.abwehr_art == AUSWEICHEN else 'Parade'} abwehrt",
                markiert=punkte if abwehr in (AUSWEICHEN, PARADE) else None))
        return alt.hconcat(*teile)


    # -- Vorschlag der Taktik und Lagebild (Issues 25, 26) -------------------------------------

    def vorschlag(self, wer: str | None = None) -> wzug.Vorschlag | None:
        """Was die Taktik ``wer`` (Standard: wer am Zug ist) jetzt tun lässt, mit der Taktik seiner
        Seite (:meth:`taktik`) – ``None``: nichts zu tun."""
        wer = wer or self.am_zug()
        return wzug.vorschlag(self.zustand, wer, taktik=self._taktik_von(wer)) if wer else None

    def _taktik_von(self, wer: str) -> Any:
        return self.taktik(self.zustand[wer].seite)

    def _vorschlag_ereignisse(self, wer: str, augen: str | None) -> list[Ereignis]:
        return self._rufen(wzug.vorschlag_spielen, self._verlauf, wer, augen, self.rng,  # augen: der W100
                           taktik=self._taktik_von(wer))

    def _vorschlag_eingetippt(self, ereignisse: Sequence[Ereignis], augen: str | None) -> bool:
        return bool(augen)

    def _gruppe_text(self) -> str:
        g = self._rufen(wzug.gruppe_handelt, self._verlauf, self.rng, taktik=self.taktik())
        return " · ".join([*(t for _, ts in g.zuege for t in ts if t), g.halt])

    def gruppe_handelt(self) -> Schritt:
        """Die NSC, die jetzt an der Reihe sind, spielen ihre Vorschläge (ein Schritt; hält vor der
        Abwehr eines Helden und wenn ein Held dran ist)."""
        return self._fertig(Schritt(self._gruppe_text()))


def kampf_starten(namen: Iterable[str] | str, *, optionen: Optionen = Optionen(), rng: Any = None,
                  ordner: Path | None = None) -> W100Kampf:
    """Ein neuer Kampf aus Bögen in ``charaktere/w100/`` (Dateiname oder Name); das Protokoll
    liegt im Kampfordner wie beim marimo-Notebook."""
    boegen = boegen_waehlen(W100Kampf.SYSTEM, namen)
    return W100Kampf.neu(lambda: sitzung.neuer_verlauf(kampf_aus_boegen(boegen, optionen), ordner), rng=rng)

kampf_fortsetzen = W100Kampf.aus_datei
"""Einen gespeicherten Kampf fortsetzen – auch einen aus dem marimo-Notebook: ``kampf_fortsetzen(datei,
rng=None, uebernehmen=False, nur_lesen=False)`` (ein Schreiber je Kampf, siehe
:meth:`~gm_helfer.zellenkampf.Zellenkampf.aus_datei`)."""
