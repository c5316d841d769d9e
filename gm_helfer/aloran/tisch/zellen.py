"""Aloran, Zelle für Zelle: das Kampfobjekt für Jupyter, VS Code und marimo.

>>> from gm_helfer import aloran
>>> kampf = aloran.kampf_starten(["brann", "ork_krieger"])                  # doctest: +SKIP
>>> kampf.weiter()                     # Initiative würfeln                 # doctest: +SKIP
>>> kampf.chancen("Brann", ziel="Ork-Krieger")                               # doctest: +SKIP
>>> kampf.angriff("Brann", "Ork-Krieger", augen="7 3 0 1; verteidigung: 5 2; zone: 12; schaden: 4")  # doctest: +SKIP

Nur Verdrahtung über :mod:`gm_helfer.aloran.kampf` (Ereignisse, Vorschau) und
:mod:`gm_helfer.aloran.tisch.sitzung` (Protokolldateien wie im marimo-Notebook
``notebooks/aloran_kampf.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import altair as alt

from gm_helfer.aloran import kampf as ak
from gm_helfer.aloran.bogen import aus_bogen
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.aloran.tisch import diagramme as aloran_diagramme
from gm_helfer.aloran.tisch import sitzung
from gm_helfer.aloran.tisch import zug as azug
from gm_helfer.protokoll import Ereignis
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
    NIEMAND_AM_ZUG = "Niemand ist am Zug – neue Runde mit „kampf.weiter()“."

    _start = staticmethod(ak.aus_kopf)
    _anwenden = staticmethod(ak.anwenden)
    ZUG = azug

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
        if dran and (dran in ak.am_zug(kampf) or kampf.kaempfer_namens(dran).zug == "abwartend"):
            return f"{dran} beendet den Zug", lambda: self.zug_beenden(dran)
        offen = ak.offene_verzichte(kampf)
        if offen:
            # nichts Offenes verfällt still: erst ausdrücklich verzichten (steht im Protokoll)
            name, was, _ = offen[0]
            return f"{name} verzichtet ({'sofortige Bonus-Kampfaktion' if was == 'sofort' else 'Abwarten'})", \
                lambda: self.verzichten(name)
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

    def verzichten(self, wer: str, was: str | None = None) -> Schritt:
        """``wer`` schlägt eine offene Entscheidung aus: ``"sofort"`` (sofortige Bonus-Kampfaktion)
        oder ``"abwarten"`` (nicht mehr eingreifen); ohne ``was`` alle seine offenen."""
        return self._schritt(lambda k: ak.verzicht_ereignis(k, wer, was))

    def bonusaktion(self, wer: str, art: str = "kampf", grund: str = "", *, sofort: bool = True) -> Schritt:
        """Eine Bonusaktion gewähren – ``art``: ``bewegung``, ``kampf``, ``verteidigung`` oder
        ``interaktion`` (SPIELABLAUF › Bonusaktion). Eine Bonus-Kampfaktion ist mit ``sofort``
        außer der Reihe nutzbar (:meth:`ausser_der_reihe`)."""
        return self._schritt(lambda k: ak.bonusaktion_ereignis(k, wer, art, grund, sofort=sofort))

    def ausser_der_reihe(self, wer: str, ziel: str | None = None, angriff: str | None = None, *,
                         verteidigung: str | None | bool = None, augen: str | dict[str, Any] | None = None,
                         **kw: Any) -> Schritt:
        """„Jetzt außer der Reihe angreifen“: ``wer`` nutzt seine sofortige Bonus-Kampfaktion (oder
        greift aus dem Abwarten ein) – wie :meth:`angriff`, nur ausdrücklich für jemanden, der
        nicht am Zug ist."""
        k = self.zustand.kaempfer_namens(wer)
        if min(k.sofort, k.aktionen.kampf) <= 0 and k.zug != "abwartend":
            raise KampfFehler(f"{wer} hat keine sofortige Bonus-Kampfaktion und wartet nicht ab – außer der "
                              f"Reihe greift nur an, wer eine hat (Patzer/Meistertreffer 5–6, Gegner verlässt die "
                              f"Kampfreichweite).")
        return self.angriff(wer, ziel, angriff, verteidigung=verteidigung, augen=augen, **kw)

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


    # -- Vorschläge und Lagebild (Issues 25, 26) ----------------------------------------

    def vorschlag(self, wer: str | None = None) -> azug.Vorschlag | None:
        """Was die Taktik ``wer`` (Standard: wer am Zug ist) jetzt tun lässt – dieselbe Entscheidung
        wie in der Simulation (:func:`gm_helfer.aloran.tisch.zug.vorschlag`), mit der Taktik seiner
        Seite (:meth:`taktik`); ``None``: nichts zu tun."""
        wer = self._kaempfer_pruefen(self._vorschlag_wer(wer))
        return self._rufen(azug.vorschlag, self.zustand, wer, taktik=self._taktik_von(wer), rng=self.rng)

    def _taktik_von(self, wer: str) -> Any:
        return self.taktik(self.zustand.kaempfer_namens(wer).werte.seite)

    def _vorschlag_ereignisse(self, wer: str, augen: str | dict[str, Any] | None) -> list[Ereignis]:
        getippt = augen_je_schluessel(augen, "angriff")  # wie bei :meth:`angriff`
        return self._rufen(azug.vorschlag_spielen, self._verlauf, wer, augen=getippt or None, rng=self.rng,
                           taktik=self._taktik_von(wer))

    def _gruppe_text(self, *, helden_fragen: bool = True) -> str:
        g = self._rufen(azug.gruppe_handelt, self._verlauf, rng=self.rng, helden_fragen=helden_fragen,
                        taktik=self.taktik())
        return g.text

    def gruppe_handelt(self, *, helden_fragen: bool = True) -> Schritt:
        """„Gruppe handelt“: alle NSC dieser Initiative spielen ihre Vorschläge (ein Schritt); hält an
        der Abwehr eines Helden an (``helden_fragen=False``: der Held wehrt nach der Taktik ab)."""
        return self._fertig(Schritt(self._gruppe_text(helden_fragen=helden_fragen)))


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
