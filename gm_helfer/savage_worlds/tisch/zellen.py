"""Savage Worlds, Zelle für Zelle: das Kampfobjekt für Jupyter, VS Code und marimo.

>>> from gm_helfer import savage_worlds as sw
>>> kampf = sw.kampf_starten(["brakka", "bandit"])        # doctest: +SKIP
>>> kampf.runde()                                         # doctest: +SKIP
>>> kampf.chancen("Brakka", ziel="Bandit 1")              # doctest: +SKIP
>>> kampf.angriff("Brakka", "Bandit 1", augen="8+3, 5")   # doctest: +SKIP

Nur Verdrahtung: Ereignisse baut :mod:`gm_helfer.savage_worlds.kampf`, Chancen kommen aus
:mod:`gm_helfer.savage_worlds.vorschau`, Protokolldateien legt
:mod:`gm_helfer.savage_worlds.tisch.sitzung` an – dieselben wie im marimo-Notebook
``notebooks/savage_worlds_kampf.py``, daher lässt sich ein Kampf in beiden fortsetzen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import altair as alt

from gm_helfer import diagramme
from gm_helfer.karten import KartenFehler, karte_svg
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import simulation, vorschau
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.tisch import sitzung, zug
from gm_helfer.zellenkampf import (
    KampfFehler,
    Offen,
    Schritt,
    Zellenkampf,
    boegen_waehlen,
)

__all__ = ["SavageWorldsKampf", "kampf_fortsetzen", "kampf_starten"]


class SavageWorldsKampf(Zellenkampf):
    """Ein Savage-Worlds-Kampf über :class:`~gm_helfer.protokoll.Verlauf` (siehe Moduldoku)."""

    SYSTEM = "savage_worlds"
    TITEL = "Savage Worlds"
    FEHLER = (k.KampfFehler, KartenFehler)
    ZUG = zug
    LAGEBILD_MIT_WAHLEN = False

    _start = staticmethod(k.start_aus_kopf)
    _anwenden = staticmethod(k.anwenden)
    ZUG = zug

    # -- Lage ------------------------------------------------------------------------

    def lage(self) -> str:
        return sitzung.lage(self.zustand)

    def reihenfolge(self) -> list[dict[str, Any]]:
        z = self.zustand
        return [
            {"name": emp, "info": str(karte) + (" · wartet" if emp in z.abwartend else ""),
             "dran": emp == z.am_zug, "fertig": emp in z.gehandelt, "svg": karte_svg(karte, 44)}
            for emp, karte in z.reihenfolge()
        ]

    def kaempfer_zeilen(self) -> list[dict[str, Any]]:
        statisten = self._statisten_wunden()
        return [
            {"Name": z["Name"], "Seite": z["Seite"], "Karte": z["Karte"], "Zustand": z["Zustand"],
             "Wunden": statisten.get(z["Name"], z["Wunden"]), "Bennies": z["Bennies"], "Parade": z["Parade"],
             "Robustheit": z["Robustheit"]}
            for z in sitzung.kaempfer_tabelle(self.zustand).iter_rows(named=True)
        ]

    def _statisten_wunden(self) -> dict[str, int]:
        """Die Wunden, die Statisten außer Gefecht setzten: „Statisten sind bei der ersten Wunde
        außer Gefecht“ – der Zustand zählt ihre Wunden nicht mit, die Ansicht zeigt die des Treffers
        (aus den Zuständen des Protokolls), statt „0“."""
        aus = {kf.name for kf in self.zustand.kaempfer if not kf.wildcard and not kf.kampffaehig}
        wunden: dict[str, int] = {}
        for z in self._verlauf.zustaende:
            os_ = z.offener_schaden
            if os_ is not None and os_.ziel in aus and not os_.vorher.wildcard and os_.wunden > 0:
                wunden[os_.ziel] = os_.wunden
        return wunden

    def sieger(self) -> str | None:
        seiten = {kf.seite for kf in self.zustand.kaempfer}
        stehen = {kf.seite for kf in self.zustand.kaempfer if kf.kampffaehig}
        return next(iter(stehen)) if len(seiten) > 1 and len(stehen) == 1 else None

    def naechster_schritt(self) -> tuple[str, Callable[[], Schritt]] | None:
        z = self.zustand
        if z.runde == 0 or (not z.am_zug and z.karten and z.naechster() is None):
            return f"Runde {z.runde + 1}: Karten austeilen", self.runde
        if not z.karten:
            return "Karten austeilen", lambda: self._schritt(lambda z_: k.ereignis_karten(z_, rng=self.rng))
        if z.am_zug:
            return f"{z.am_zug} {k.ist_oder_sind(z, z.am_zug)} fertig", self.fertig
        naechster = z.naechster()
        if naechster:
            return f"{naechster} {k.ist_oder_sind(z, naechster)} an der Reihe", self.naechster
        return None

    def entscheiden(self, schluessel: str) -> Schritt:
        art, _, wer = schluessel.partition(":")
        if art == "schaden":
            return self.schaden(nummer=int(wer or 0))
        if art == "wegstecken":
            return self.wegstecken(wer)
        if art == "ausser_gefecht":
            return self.ausser_gefecht(wer)
        if art == "ausbluten":
            return self.ausbluten(wer)
        if art == "erholung":
            return self.erholung(wer)
        if art == "wiederholen":
            return self.angriff_wiederholen()
        if art.endswith("_wiederholen"):
            return self.probe_wiederholen(wer, art=art.removesuffix("_wiederholen"))
        raise KampfFehler(f"Unbekannte Entscheidung „{schluessel}“ – offen sind: "
                          + (", ".join(o.schluessel for o in self.offene_entscheidungen()) or "keine") + ".")

    def _standard_schritt(self, versucht: set[Any]) -> Schritt | None:
        z = self.zustand
        # eine Benny-Wiederholung ist freiwillig: der Standard behält den Benny (sie verfällt mit dem Zugende)
        offen = [o for o in self.offene_entscheidungen() if "wiederholen" not in o.schluessel.partition(":")[0]]
        tk = self._taktiken()
        if offen:
            if offen[0].schluessel.startswith("wegstecken:"):
                return self._wegstecken_nach_taktik(offen[0].wer, tk)
            return self.entscheiden(offen[0].schluessel)
        gehandelt = {n for n, _ in z.aktionen_runde}
        for wer in sitzung.angreifer(z):
            schluessel = (z.runde, z.am_zug, wer)
            if schluessel in versucht or wer in gehandelt:
                continue
            versucht.add(schluessel)
            kf = z.kaempfer_namens(wer)
            try:
                return self.angriff(wer, simulation._ziel(z, kf, tk[kf.seite], self.rng))
            except KampfFehler:
                continue  # Angeschlagen, kein Ziel …: dann eben nicht
        return None

    def _taktiken(self) -> dict[str, Any]:
        """Die Taktik je Seite für :meth:`ausspielen` – dieselbe wie in der Simulation."""
        seiten = tuple(dict.fromkeys(kf.seite for kf in self.zustand.kaempfer))
        return simulation.taktiken(self._taktik, seiten)

    def _wegstecken_nach_taktik(self, wer: str, tk: Mapping[str, Any]) -> Schritt:
        """Wegstecken, wie die Taktik der Seite es will (Vorgabe: immer, solange Bennies da sind) –
        dieselbe Regel wie die Simulation (``simulation._soll_wegstecken``)."""
        z = self.zustand
        os_ = z.offener_schaden
        ziel = z.kaempfer_namens(wer)
        if (os_ is not None and ziel.bennies > 0 and os_.versuche < simulation.MAX_WEGSTECKEN_VERSUCHE
                and os_.weggesteckt < os_.wunden and simulation._soll_wegstecken(z, tk[ziel.seite])):
            return self.wegstecken(wer)
        return self.nicht_wegstecken(wer)

    # -- Ablauf ----------------------------------------------------------------------

    def _quelle(self, augen: Any) -> dict[str, Any]:
        return sitzung.wurfquelle(augen, self.rng)

    def runde(self, karten: str | Mapping[str, Iterable[str]] | None = None) -> Schritt:
        """Neue Runde und Aktionskarten austeilen; ``karten`` wie am Tisch gezogen
        („Brakka: A♠; Banditen: 7♥“), sonst mischt und zieht das Programm."""
        quelle = ({"eingetippt": sitzung.karten_eingabe(karten)} if isinstance(karten, str) and karten.strip()
                  else {"eingetippt": dict(karten)} if isinstance(karten, Mapping) else {"rng": self.rng})
        return self._schritte(k.ereignis_runde, lambda z: k.ereignis_karten(z, **quelle))

    def naechster(self, wer: str | None = None) -> Schritt:
        """Der Nächste im Herunterzählen (oder ``wer``) ist an der Reihe."""
        return self._schritt(lambda z: k.ereignis_am_zug(z, wer))

    def fertig(self) -> Schritt:
        """Wer an der Reihe ist, beendet seinen Zug."""
        return self._schritt(k.ereignis_fertig)

    def abwarten(self, wer: str | None = None) -> Schritt:
        return self._schritt(lambda z: k.ereignis_abwarten(z, wer))

    def angriff(self, wer: str | None = None, ziel: str | None = None, waffe: str | None = None, *,
                augen: str | None = None, **lage: Any) -> Schritt:
        """Angriff würfeln (oder eingetippte ``augen`` wie „8+3, 5“: Eigenschaftswürfel, Wildcard-Würfel).

        ``lage``: Felder von :class:`~gm_helfer.savage_worlds.kampf.Angriffssituation`
        (``reichweite``, ``deckung``, ``aktionen``, ``sonstiges`` …). Ohne Ziel: der erste
        kampffähige Gegner; ohne Waffe: die erste Waffe des Angreifers.
        """
        wer, ziel, waffe = self._wahl(wer, ziel, waffe)
        situation = self._rufen(k.Angriffssituation, **lage)
        return self._schritt(lambda z: k.ereignis_angriff(z, wer, ziel, waffe, situation, **self._quelle(augen)))

    # -- Vorschläge und Lagebild (Issues 25, 26) -----------------------------------------

    def vorschlag(self, wer: str | None = None) -> Any:
        """Was die Taktik für ``wer`` jetzt tut (:func:`gm_helfer.savage_worlds.tisch.zug.vorschlag`,
        mit der Taktik je Seite, :meth:`taktik`); ohne ``wer``: der Vorschlag für den, der gerade
        entscheidet. ``None``: nichts zu tun."""
        from gm_helfer.savage_worlds import vorschlag as vs

        if wer is None:
            return vs.naechster_schritt(self.zustand, vs.taktik_je_seite(self.zustand, self.taktik()), self.rng)
        return zug.vorschlag(self.zustand, wer, taktik=self.taktik(), rng=self.rng)

    def _vorschlag_wer(self, wer: str | None) -> str:
        v = self.vorschlag(wer)  # ohne ``wer``: wer gerade entscheidet
        if v is None or v.wer is None:
            raise KampfFehler("Gerade gibt es keinen Vorschlag.")
        return wer or v.wer

    def _vorschlag_ereignisse(self, wer: str, augen: str | None) -> list[Ereignis]:
        quelle = self._quelle(augen)
        return self._rufen(lambda: zug.vorschlag_spielen(self._verlauf, wer, augen=quelle.get("augen"),
                                                         rng=quelle.get("rng", self.rng), taktik=self.taktik()))

    def _gruppe_text(self) -> str:
        """Alle Nichtspieler der aufgerufenen Karte handeln nach ihren Vorschlägen (ein Schritt)."""
        aus = self._rufen(lambda: zug.gruppe_handelt(self._verlauf, rng=self.rng, taktik=self.taktik()))
        return " · ".join(" · ".join(z) for _, z in aus)

    def schaden(self, augen: str | None = None, *, nummer: int = 0) -> Schritt:
        """Schaden des offenen Treffers ``nummer`` (0 = erster) würfeln oder eintippen („6+2, 3“)."""
        return self._schritt(lambda z: k.ereignis_schaden(z, nummer=nummer, **self._quelle(augen)))

    def angriff_wiederholen(self, augen: str | None = None, *, quelle: str = "eigen") -> Schritt:
        """Den verfehlten letzten Angriff mit einem Benny wiederholen (das bessere Ergebnis zählt)."""
        return self._schritt(lambda z: k.ereignis_angriff_wiederholen(z, quelle=quelle, **self._quelle(augen)))

    def probe_wiederholen(self, wer: str, augen: str | None = None, *, art: str | None = None, quelle: str = "eigen") -> Schritt:
        """Die letzte Erholungs-, Außer-Gefecht- oder Ausbluten-Probe von ``wer`` mit einem Benny
        wiederholen (das bessere Ergebnis zählt)."""
        return self._schritt(lambda z: k.ereignis_probe_wiederholen(z, wer, art, quelle=quelle, **self._quelle(augen)))

    def probe_behalten(self, wer: str, *, art: str | None = None) -> Schritt:
        """Das Ergebnis der letzten Probe behalten (keine Benny-Wiederholung)."""
        return self._schritt(lambda z: k.ereignis_probe_behalten(z, wer, art))

    def wegstecken(self, wer: str | None = None, augen: str | None = None, *, quelle: str = "eigen") -> Schritt:
        """Wunden mit einem Benny wegstecken (Konstitutionsprobe); ``quelle`` „eigen“ oder „spielleiter“."""
        wer = wer or sitzung.wegstecken_ziel(self.zustand)
        if not wer:
            raise KampfFehler("Gerade kann niemand Wunden wegstecken.")
        return self._schritt(lambda z: k.ereignis_wegstecken(z, wer, quelle=quelle, **self._quelle(augen)))

    def nicht_wegstecken(self, wer: str | None = None) -> Schritt:
        """Auf das Wegstecken verzichten: die Wunden des letzten Schadens bleiben."""
        wer = wer or sitzung.wegstecken_ziel(self.zustand)
        if not wer:
            raise KampfFehler("Gerade kann niemand Wunden wegstecken.")
        return self._schritt(lambda z: k.ereignis_verzicht(z, wer))

    def ausser_gefecht(self, wer: str | None = None, augen: str | None = None, *,
                       verletzung: str | None = None) -> Schritt:
        wer = wer or (sitzung.namen(self.zustand, "ag_offen") or [None])[0]
        if not wer:
            raise KampfFehler("Niemand schuldet eine Außer-Gefecht-Probe.")
        return self._schritt(lambda z: k.ereignis_ausser_gefecht(
            z, wer, verletzung_augen=sitzung.augen(verletzung), **self._quelle(augen)))

    def erholung(self, wer: str | None = None, augen: str | None = None) -> Schritt:
        wer = wer or (sitzung.namen(self.zustand, "angeschlagen") or [None])[0]
        if not wer:
            raise KampfFehler("Niemand ist Angeschlagen.")
        return self._schritt(lambda z: k.ereignis_erholung(z, wer, **self._quelle(augen)))

    def benny(self, wer: str, *, quelle: str = "eigen") -> Schritt:
        """Benny ausgeben: Angeschlagen endet sofort."""
        return self._schritt(lambda z: k.ereignis_benny(z, wer, quelle=quelle))

    def ausbluten(self, wer: str, augen: str | None = None) -> Schritt:
        return self._schritt(lambda z: k.ereignis_ausbluten(z, wer, **self._quelle(augen)))

    # -- Chancen ---------------------------------------------------------------------

    def chancen(self, wer: str | None = None, ziel: str | None = None, waffe: str | None = None,
                **lage: Any) -> alt.TopLevelMixin:
        """Das Diagramm der Chancen vor der nächsten Entscheidung.

        Mit ``wer``/``ziel``: der Angriff (Angriffsprobe und was er dem Ziel antut). Ohne: die
        erste offene Entscheidung (Schaden, Wegstecken, Außer Gefecht, Erholung), sonst der
        Angriff dessen, der an der Reihe ist, auf den ersten Gegner.
        """
        z = self.zustand
        if wer is None and ziel is None and not lage:
            offen = self.offene_entscheidungen()
            if offen:
                return self._entscheidungs_chancen(offen[0])
        wer, ziel, waffe = self._wahl(wer, ziel, waffe)
        situation = self._rufen(k.Angriffssituation, **lage)
        treffer = self._rufen(vorschau.treffer_vorschau, z, wer, ziel, waffe, situation)
        wirkung = self._rufen(vorschau.angriff_vorschau, z, wer, ziel, waffe, situation)
        return alt.hconcat(
            diagramme.ergebnis_balken(treffer, titel=f"{wer} greift {ziel} an ({waffe})", farben=sitzung.FARBEN),
            diagramme.ergebnis_balken(wirkung, titel=f"Was der Angriff mit {ziel} macht", farben=sitzung.FARBEN),
        )

    def _entscheidungs_chancen(self, offen: Offen) -> alt.TopLevelMixin:
        z = self.zustand
        art, _, wer = offen.schluessel.partition(":")
        if art == "schaden":
            t = z.offene_treffer[int(wer)]
            werte = self._rufen(k.schadens_werte, z, t)
            return diagramme.ergebnis_balken(
                self._rufen(vorschau.schaden_stufen, z, t), farben=sitzung.FARBEN,
                titel=f"Schaden {t.angreifer} → {t.ziel}: {werte['ausdruck']} gegen Robustheit {werte['robustheit']}")
        if art == "wegstecken":
            c = self._rufen(vorschau.wegstecken_vorschau, z, wer)
            return diagramme.ergebnis_balken({f"{n} Wunden bleiben": p for n, p in c.verbleibende_wunden.items()},
                                             titel=f"{wer} steckt mit einem Benny weg: verbleibende Wunden")
        if art == "ausser_gefecht":
            c = self._rufen(vorschau.ausser_gefecht_vorschau, z, wer)
            return diagramme.ergebnis_balken(
                {"stirbt": c.tod, "blutet aus": c.fehlschlag, "verletzt bis Heilung": c.erfolg,
                 "verletzt für 24 h": c.steigerung}, titel=f"Außer-Gefecht-Probe von {wer}")
        if art == "wiederholen":
            d = dict(z.letzter_angriff)["daten"]
            treffer = self._rufen(vorschau.treffer_vorschau, z, d["angreifer"], d["ziel"], d["waffe"],
                                  k.Angriffssituation(**d.get("situation", {})))
            return diagramme.ergebnis_balken(treffer, titel=f"{wer} wiederholt den Angriff mit einem Benny",
                                             farben=sitzung.FARBEN)
        if art.endswith("_wiederholen"):
            return diagramme.ergebnis_balken(
                self._rufen(vorschau.probe_wiederholen_vorschau, z, wer, art.removesuffix("_wiederholen")),
                titel=f"{wer} wiederholt mit einem Benny (das bessere zählt)")
        if art == "erholung":
            return diagramme.ergebnis_balken(self._rufen(vorschau.erholung_vorschau, z, wer),
                                             titel=f"Erholungsprobe von {wer}")
        c = self._rufen(vorschau.ausbluten_vorschau, z, wer)
        return diagramme.kurve_ueber_runden({"tot": c.tod_bis_runde}, titel=f"{wer} blutet aus: tot bis Runde n")


def kampf_starten(namen: Iterable[str] | str, *, optionen: Optionen = Optionen(), grosse_gruppen: bool = False,
                  spielleiter_bennies: int = 0, rng: Any = None, ordner: Path | None = None) -> SavageWorldsKampf:
    """Ein neuer Kampf aus Bögen in ``charaktere/savage_worlds/`` (Dateiname oder Name; Statisten
    mit ``anzahl`` werden vervielfacht: „Bandit 1“, „Bandit 2“ …). Das Protokoll liegt im
    Kampfordner wie bei den marimo-Notebooks."""
    boegen = boegen_waehlen(SavageWorldsKampf.SYSTEM, namen)
    return SavageWorldsKampf.neu(lambda: sitzung.neuer_verlauf(sitzung.kampf_aus_boegen(
        boegen, optionen=optionen, grosse_gruppen=grosse_gruppen, spielleiter_bennies=spielleiter_bennies), ordner),
        rng=rng)

kampf_fortsetzen = SavageWorldsKampf.aus_datei
"""Einen gespeicherten Kampf fortsetzen – auch einen aus dem marimo-Notebook: ``kampf_fortsetzen(datei,
rng=None, uebernehmen=False, nur_lesen=False)`` (ein Schreiber je Kampf, siehe
:meth:`~gm_helfer.zellenkampf.Zellenkampf.aus_datei`)."""
