"""Ein Angriff auf dem Zeitstrahl: würfeln, auswerten, Text – ein :class:`Ereignis`.

Regeltext ``regeln/zeitstrahl.txt``: „Angriff“ (Treffer bei Attacke ≥ Verteidigung),
„Verteidigung“, „Reaktionen“, „Trefferzonen“, „Schaden und Rüstungsschutz“, „Kritische
Erfolge“, „Patzer“, „Verschieben von Kampfwerten“, „Kontern“.

Aufbau: :func:`angriff_ereignis` geht die Schritte des Angriffs der Reihe nach durch – jeder
Schritt würfelt (``rng`` oder eingetippte ``augen``, in genau dieser Reihenfolge: Angriff,
Krit-Effekt, Verteidigung, Verteidigungs-Krit, Schaden, Trefferzone, Patzer), wertet mit den
reinen Funktionen aus :mod:`gm_helfer.zeitstrahl.auswerten` aus (dieselben wie in der
gebündelten Maschine) und holt, nur mit ``text=True``, die Zeilen aus
:mod:`gm_helfer.zeitstrahl.angriff_text`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gm_helfer.protokoll import Ereignis

from . import angriff_text as texte
from .abwehr import (
    _halb,
    _schutz_je_zone,
    _zweite_waffe_pruefen,
    abwehr_arm,
    block_folgen,
    kann_reagieren,
    konter_erschwernis,
    reaktions_ticks,
    sturz_plus,
    verschiebung_pruefen,
    verteidigungswert,
)
from .auswerten import (
    abwehr_mit_folgen,
    angriff_ticks_auswerten,
    bruchtest_auswerten,
    effekt_auswerten,
    konter_vorsprung_erreicht,
    konter_zeit_erlaubt,
    nur_sturz,
    reaktions_position,
    reaktions_ticks_auswerten,
    treffer_auswerten,
    treffer_schadenspunkte,
)
from .daten import KRIT_ANGRIFF, KRIT_VERTEIDIGUNG, PATZER
from .proben import Probe, augen_wuerfeln, probe
from .schaden import bestgeschuetzte_zone, schadenspunkte, trefferzone, waffenlose_parade_schadenspunkte, zonen_ruestung
from .verschiebung import Verschiebung
from .zustand import (
    _NAMEN_VERTEIDIGUNG,
    STURZSCHWELLE,
    VERTEIDIGUNGEN,
    Kampf,
    KampfFehler,
    Teilnehmer,
    Waffe,
    _am_zug_pruefen,
    _balken,
    _eigene_aktion,
    _regel,
    _wuerfel_aus,
)

__all__ = ["angriff_ereignis"]


class _Lauf:
    """Was ein Angriff unterwegs sammelt: Würfelquelle, ob etwas eingetippt war, Regeln und
    Protokollzeilen (nur innerhalb eines Aufrufs von :func:`angriff_ereignis`)."""

    __slots__ = ("rng", "augen", "text", "eingetippt", "regeln", "zeilen")

    def __init__(self, rng: Any, augen: Mapping[str, Any] | None, text: bool) -> None:
        self.rng, self.augen, self.text = rng, augen, text
        self.eingetippt = False
        self.regeln: list[str] = ["Angriff"]
        self.zeilen: list[str] = []

    def wurf(self, ausdruck: str, schluessel: str, wofuer: str, *, nur_getippt_oder_rng: bool = False) -> Any:
        """Würfelt ``ausdruck`` oder nimmt die eingetippten Augen ``augen[schluessel]``."""
        getippt = _wuerfel_aus(self.augen, schluessel)
        rng = None if nur_getippt_oder_rng and getippt is not None else self.rng
        w = augen_wuerfeln(ausdruck, rng=rng, augen=getippt, wofuer=wofuer)
        self.eingetippt |= w.eingetippt
        return w


@dataclass(frozen=True)
class _AngriffsWurf:
    """Die gewürfelte und bewertete Angriffsprobe samt kritischem Effekt."""

    wert: int
    kritschwelle: int
    patzerschwelle: int
    sturz: int
    probe: Probe
    gesamt: int
    krit: dict[str, Any] | None


@dataclass(frozen=True)
class _AbwehrWurf:
    """Die gewürfelte Verteidigung des Ziels."""

    wert: int
    ticks: int
    probe: Probe | None
    gesamt: int
    krit: dict[str, Any] | None


def _krit_effekt(
    tabelle: Mapping[int, tuple[str, str]],
    augen: Mapping[str, Any] | None,
    rng: Any,
    wahl: int,
    schluessel_wurf: str,
    wofuer: str,
    angesagt: int | None = None,
) -> tuple[dict[str, Any], int, bool]:
    """Effekt einer Krit-Tabelle: angesagt oder per W6 (6 = freie Wahl ``wahl``), beim
    Effekt „Bonus von 1W6“ samt Bonuswurf (Schlüssel ``<schluessel_wurf>_bonus``).

    Gibt (Daten fürs Protokoll, Bonus, eingetippt) zurück."""
    getippt = False
    if angesagt is not None:
        n = angesagt
    else:
        w = augen_wuerfeln("W6", rng=rng, augen=_wuerfel_aus(augen, schluessel_wurf), wofuer=wofuer)
        n, getippt = w.gesamt, w.eingetippt
    if n == 6 and wahl not in range(1, 6):
        raise KampfFehler("Bei einer 6 bitte einen Effekt 1–5 wählen.")
    gewaehlt = effekt_auswerten(n, wahl)
    schluessel, text = tabelle[gewaehlt]
    daten: dict[str, Any] = {"wurf": n, "effekt": gewaehlt, "schluessel": schluessel, "text": text}
    bonus = 0
    if schluessel == "bonus_w6":
        b = augen_wuerfeln("W6", rng=rng, augen=_wuerfel_aus(augen, schluessel_wurf + "_bonus"),
                           wofuer="den W6-Bonus")
        getippt |= b.eingetippt
        bonus = daten["bonus"] = b.gesamt
    return daten, bonus, getippt


# --- Prüfen ----------------------------------------------------------------------------


def _angriff_pruefen(
    kampf: Kampf, angreifer: str, ziel: str, waffe: int | str, verteidigung: str
) -> tuple[bool, Teilnehmer, Teilnehmer, int, Waffe]:
    """Darf ``angreifer`` jetzt ``ziel`` angreifen (oder kontern)? Gibt (Konter?, Angreifer,
    Ziel, Waffenindex, Waffe) zurück, sonst :class:`KampfFehler` mit deutschem Grund."""
    o = kampf.optionen
    ist_konter = kampf.konter is not None and kampf.konter == (angreifer, ziel)
    if ist_konter:
        a_t = kampf[angreifer]
        if a_t.kampfunfaehig(o):
            raise KampfFehler(f"{angreifer} ist kampfunfähig.")
    else:
        a_t = _am_zug_pruefen(kampf, angreifer)
    z_t = kampf[ziel]
    if angreifer == ziel:
        raise KampfFehler("Angreifer und Ziel sind dieselbe Person.")
    if z_t.kampfunfaehig(o) and verteidigung != "passiv":
        raise KampfFehler(f"{ziel} ist kampfunfähig und kann sich nicht aktiv verteidigen.")
    if verteidigung not in VERTEIDIGUNGEN:
        raise KampfFehler(f"Unbekannte Verteidigung „{verteidigung}“.")
    wi, w = a_t.kaempfer.waffe(waffe)
    if a_t.waffen_status[wi] != "bereit":
        raise KampfFehler(f"{w.name} von {angreifer} ist {a_t.waffen_status[wi]}.")
    return ist_konter, a_t, z_t, wi, w


# --- Würfeln ---------------------------------------------------------------------------


def _angriffswurf(
    lauf: _Lauf, kampf: Kampf, a_t: Teilnehmer, ziel: str, w: Waffe, wi: int, ist_konter: bool,
    verschiebung: Verschiebung, modifikator: int, krit_wahl: int,
) -> _AngriffsWurf:
    """Verschiebung prüfen (nur zur eigenen Aktion), Angriffsprobe, kritischer Effekt."""
    o = kampf.optionen
    grund_angriff = a_t.kaempfer.fertigkeit(w.fertigkeit)
    if not verschiebung.leer:
        if ist_konter:
            raise KampfFehler("Verschieben geht nur zur eigenen Aktion, nicht beim Kontern.")
        fehler = verschiebung_pruefen(kampf, a_t.name, wi, verschiebung)
        if fehler:
            raise KampfFehler(" ".join(fehler))
        lauf.regeln.append("Verschieben von Kampfwerten")
    konter_malus = konter_erschwernis(kampf, a_t.name) if ist_konter else 0
    wert = grund_angriff + verschiebung.angriff + modifikator - konter_malus
    kritschwelle = o.kritschwelle - verschiebung.kritschwelle
    patzerschwelle = o.basis_patzerschwelle + verschiebung.patzerschwelle
    # „Erhöht bei dem Ziel die Patzerschwelle für einen Sturz um 5“: ein Wurf bis zu 5 über
    # der eigenen Patzerschwelle ist ein Patzer mit der Folge „Sturz“ (docs/zeitstrahl.md)
    sturz = sturz_plus(a_t)
    if sturz:
        lauf.regeln.append("Kritische Erfolge beim Angriff")
    getippt = _wuerfel_aus(lauf.augen, "angriff")
    ap = probe(wert, rng=None if getippt is not None else lauf.rng, augen=getippt,
               kritschwelle=kritschwelle, patzerschwelle=patzerschwelle + sturz, optionen=o)
    lauf.eingetippt |= ap.eingetippt
    gesamt = ap.gesamt
    if lauf.text:
        lauf.zeilen.append(texte.angriffs_zeile(a_t.name, ziel, w.name, wert, ap.natuerlich,
                                                ap.gesamt, ap.kritisch, ap.patzer))
    krit: dict[str, Any] | None = None
    if ap.kritisch:
        lauf.regeln.append("Kritische Erfolge beim Angriff")
        angesagt = verschiebung.krit_effekt if verschiebung.kritschwelle > 0 else None
        krit, bonus, getippt_krit = _krit_effekt(KRIT_ANGRIFF, lauf.augen, lauf.rng, krit_wahl, "krit",
                                                 "den kritischen Effekt", angesagt)
        lauf.eingetippt |= getippt_krit
        gesamt += bonus
        if lauf.text:
            lauf.zeilen.append(texte.krit_zeile(krit["text"]))
    return _AngriffsWurf(wert, kritschwelle, patzerschwelle, sturz, ap, gesamt, krit)


def _abwehrwurf(
    lauf: _Lauf, kampf: Kampf, z_t: Teilnehmer, verteidigung: str,
    verteidigungs_waffe: int | str | None, zweite_hand: bool, zweite_waffe: int | str | None,
    angriff_ende: int, krit_wahl: int,
) -> _AbwehrWurf:
    """Reaktion prüfen („Reaktionen“), fester Wert, Wurf der aktiven Verteidigung samt
    kritischem Verteidigungseffekt."""
    o = kampf.optionen
    ziel = z_t.name
    ticks = reaktions_ticks(kampf, ziel, verteidigung, verteidigungs_waffe, zweite_hand)
    if verteidigung != "passiv":
        grund = kann_reagieren(kampf, ziel, angriff_ende)
        if grund:
            raise KampfFehler(grund)
        lauf.regeln += ["Verteidigung", "Reaktionen"]
    wert = verteidigungswert(kampf, ziel, verteidigung, verteidigungs_waffe)
    if zweite_waffe is not None:
        _zweite_waffe_pruefen(z_t, verteidigung, verteidigungs_waffe, zweite_waffe)
    v_probe: Probe | None = None
    v_krit: dict[str, Any] | None = None
    if verteidigung == "passiv":
        gesamt = wert
    elif verteidigung == "ausweichen":
        gesamt = wert + lauf.wurf("W10", "verteidigung", "das Ausweichen (W10)",
                                  nur_getippt_oder_rng=True).gesamt
    else:
        getippt = _wuerfel_aus(lauf.augen, "verteidigung")
        v_probe = probe(wert, rng=None if getippt is not None else lauf.rng, augen=getippt,
                        patzerschwelle=o.basis_patzerschwelle + sturz_plus(z_t), optionen=o)
        lauf.eingetippt |= v_probe.eingetippt
        gesamt = v_probe.gesamt
        if v_probe.kritisch:
            lauf.regeln.append("Kritische Erfolge beim Verteidigen")
            v_krit, bonus, getippt_krit = _krit_effekt(
                KRIT_VERTEIDIGUNG, lauf.augen, lauf.rng, krit_wahl, "verteidigung_krit",
                "den kritischen Verteidigungseffekt")
            lauf.eingetippt |= getippt_krit
            gesamt += bonus
    gesamt = _halb(z_t, gesamt)
    if lauf.text:
        lauf.zeilen += texte.verteidigungs_zeilen(ziel, verteidigung, gesamt, v_krit)
    return _AbwehrWurf(wert, ticks, v_probe, gesamt, v_krit)


# --- Zeit ------------------------------------------------------------------------------


def _zeit(
    lauf: _Lauf, a_t: Teilnehmer, z_t: Teilnehmer, w: Waffe, verteidigung: str, ist_konter: bool,
    jetzt: int, a_ticks: int, reakt_ticks: int, verschiebung: Verschiebung,
) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]], int, int | None]:
    """Neue Positionen beider (der Angriff kostet seine Ticks, eine aktive Verteidigung schiebt
    die nächste Aktion des Ziels) und die Balken fürs Diagramm."""
    angreifer, ziel = a_t.name, z_t.name
    aend: dict[str, dict[str, Any]] = {angreifer: _eigene_aktion(a_t) if not ist_konter
                                        else {"angesagt": False}}
    aend.setdefault(ziel, {})
    a_pos = (a_t.position or 0) + a_ticks
    aend[angreifer]["position"] = a_pos
    if not verschiebung.leer:
        aend[angreifer]["verschiebung"] = verschiebung.als_dict()
    balken = [_balken(angreifer, a_t.position or 0, a_pos, "Konter" if ist_konter else "Angriff",
                      f"{w.name} auf {ziel}")]
    z_pos = z_t.position
    if verteidigung != "passiv" and z_t.position is not None:
        z_start = max(z_t.position, jetzt)
        z_pos = reaktions_position(z_t.position, jetzt, reakt_ticks)
        aend[ziel]["position"] = z_pos
        aend[ziel]["angesagt"] = False
        if z_t.laufend:
            # „Alle anderen Arten der Verteidigung unterbrechen gegebenenfalls die aktuelle Aktion.“
            aend[ziel]["laufend"] = ""
            if lauf.text:
                lauf.zeilen.append(texte.unterbrechungs_zeile(ziel, z_t.laufend))
        # Der Balken zeigt die Zeit, die die Reaktion kostet: sie schiebt die nächste eigene
        # Aktion nach hinten (z_start … z_pos), auch wenn der Angriff früher kam.
        balken.append(_balken(ziel, z_start, z_pos, _NAMEN_VERTEIDIGUNG[verteidigung],
                              f"gegen {angreifer} (Angriff bei Tick {jetzt})"))
    return aend, balken, a_pos, z_pos


# --- Schaden ---------------------------------------------------------------------------


def _trefferschaden(
    lauf: _Lauf, kampf: Kampf, z_t: Teilnehmer, dw: Any, daten: dict[str, Any], aw: _AngriffsWurf,
    ab: _AbwehrWurf, verschiebung: Verschiebung, effekt: int, v_effekt: int,
) -> int:
    """Ein Treffer: Trefferzone (2W6), Rüstung der Zone von jedem Würfel, empfindlich doppelt."""
    lauf.regeln += ["Trefferzonen", "Schaden und Rüstungsschutz"]
    zw = lauf.wurf("2W6", "zone", "die Trefferzone (2W6)", nur_getippt_oder_rng=True)
    tz = trefferzone(zw.summen[0], zw.summen[1])
    zk = z_t.kaempfer
    # „Die bestgeschützte Stelle wird getroffen“ – empfindlich bleibt, was der Wurf sagt
    zone = (bestgeschuetzte_zone(zk.ruestung)
            if ab.krit and ab.krit["schluessel"] == "bestgeschuetzt" else tz.zone)
    empf = tz.empfindlich
    ignorieren = 1 if aw.krit and aw.krit["schluessel"] == "schicht_ignorieren" else 0
    rs = _schutz_je_zone(zk.ruestung)[zone, ignorieren]
    sp = treffer_schadenspunkte(daten["trefferpunkte"], rs, konstante=dw.konstante,
                                bonus=verschiebung.schaden, empfindlich=empf, effekt=effekt,
                                verteidigung_effekt=v_effekt,
                                vor_ruestung=kampf.optionen.empfindlich_vor_ruestung)
    daten.update({"zone": zone, "zonenwurf": [tz.erster, tz.zweiter], "empfindlich": empf,
                  "ruestungsschutz": rs, "schadenspunkte": sp})
    if lauf.text:
        lauf.zeilen.append(texte.treffer_zeile(zone, empf, daten["trefferpunkte"], rs, sp))
    return sp


def _waffenlos_abgewehrt(
    lauf: _Lauf, kampf: Kampf, z_t: Teilnehmer, dw: Any, daten: dict[str, Any], verteidigung: str,
    zweite_hand: bool,
) -> int:
    """Waffenlose Parade: ¼ der Trefferpunkte; waffenloser Block: voll – auf den Arm."""
    arm = abwehr_arm(zweite_hand)
    rs = zonen_ruestung(z_t.kaempfer.ruestung, arm).schutz
    if verteidigung == "parade":
        # „reduzieren die Trefferpunkte lediglich auf ¼“: erst vierteln, dann Rüstung
        sp = waffenlose_parade_schadenspunkte(
            daten["trefferpunkte"], rs, konstante=dw.konstante,
            je_wuerfel=kampf.optionen.waffenlose_parade_je_wuerfel)
    else:
        sp = schadenspunkte(daten["trefferpunkte"], rs, konstante=dw.konstante)
    daten.update({"zone": arm, "ruestungsschutz": rs, "schadenspunkte": sp})
    if lauf.text:
        lauf.zeilen.append(texte.waffenlos_zeile(verteidigung, sp, arm))
    return sp


def _block_aenderungen(folgen: Any, haupt: int, stabilitaet: tuple[int, ...]) -> list[dict[str, Any]]:
    """Was ein gelungener Block an den Waffen ändert (aus :func:`block_folgen`)."""
    aend: list[dict[str, Any]] = []
    if folgen.entwaffnet:
        aend.append({"index": haupt, "status": "verloren"})
    for idx, _, folge in folgen.teile:
        if folge == "gebrochen":
            aend.append({"index": idx, "status": "gebrochen"})
        elif folge == "beschaedigt":
            aend.append({"index": idx, "stabilitaet": stabilitaet[idx] - 1})
    return aend


def _geblockt(
    lauf: _Lauf, z_t: Teilnehmer, v_waffe: tuple[int, Waffe], zweite_waffe: int | str | None,
    daten: dict[str, Any], aend_ziel: dict[str, Any],
) -> None:
    """Ein gelungener Block mit Waffe oder Schild: entwaffnet, gebrochen, beschädigt, hält."""
    lauf.regeln.append("Blocken")
    vi, vw = v_waffe
    zk = z_t.kaempfer
    tp_summe = daten["trefferpunkte_summe"]
    zweit = zk.waffe(zweite_waffe) if zweite_waffe is not None else None
    bf = block_folgen(
        tp_summe, zk.staerke, (vi, vw, z_t.stabilitaet[vi]),
        (zweit[0], zweit[1], z_t.stabilitaet[zweit[0]]) if zweit is not None else None)
    if lauf.text:
        lauf.zeilen += texte.block_zeilen(bf, tp_summe, vw.name, zk.waffen, z_t.stabilitaet)
    waffen_aend = _block_aenderungen(bf, vi, z_t.stabilitaet)
    if waffen_aend:
        aend_ziel["waffen"] = waffen_aend
    daten["staerke_grenze"] = bf.grenze


def _schaden(
    lauf: _Lauf, kampf: Kampf, z_t: Teilnehmer, w: Waffe, v_waffe: tuple[int, Waffe] | None,
    aend_ziel: dict[str, Any], treffer: bool, aw: _AngriffsWurf, ab: _AbwehrWurf,
    verteidigung: str, verschiebung: Verschiebung, zweite_hand: bool,
    zweite_waffe: int | str | None,
) -> tuple[dict[str, Any], int]:
    """Trefferpunkte (bei einem Treffer oder einer Abwehr mit Folgen), dann Treffer,
    waffenlose Abwehr oder Block; gibt (Schadensdaten, Schadenspunkte am Ziel) zurück."""
    daten_schaden: dict[str, Any] = {}
    abgewehrt_mit_folgen = abwehr_mit_folgen(treffer, aw.probe.patzer, v_waffe is not None,
                                             verteidigung == "blocken",
                                             v_waffe is not None and v_waffe[1].waffenlos)
    dw = None
    if treffer or abgewehrt_mit_folgen:
        dw = lauf.wurf(w.schaden, "schaden", f"den Schaden ({w.schaden})")
        daten_schaden["trefferpunkte"] = list(dw.summen)
        daten_schaden["trefferpunkte_summe"] = dw.gesamt
    lp_minus = 0
    if treffer:
        lp_minus = _trefferschaden(lauf, kampf, z_t, dw, daten_schaden, aw, ab, verschiebung,
                                   aw.krit["effekt"] if aw.krit else 0,
                                   ab.krit["effekt"] if ab.krit else 0)
    elif abgewehrt_mit_folgen and v_waffe is not None:
        if v_waffe[1].waffenlos:
            lp_minus = _waffenlos_abgewehrt(lauf, kampf, z_t, dw, daten_schaden, verteidigung,
                                            zweite_hand)
        elif verteidigung == "blocken":
            _geblockt(lauf, z_t, v_waffe, zweite_waffe, daten_schaden, aend_ziel)
    return daten_schaden, lp_minus


# --- Zustände nach dem Angriff -------------------------------------------------------------


def _sturzschwellen(
    aend: dict[str, dict[str, Any]], a_t: Teilnehmer, z_t: Teilnehmer, aw: _AngriffsWurf,
    ab: _AbwehrWurf, treffer: bool,
) -> None:
    """„Sturzschwelle +5“ ist mit der nächsten Probe verbraucht; der kritische Effekt 4 setzt
    sie beim getroffenen Ziel neu."""
    angreifer, ziel = a_t.name, z_t.name
    if aw.sturz:
        aend[angreifer]["zustand_weg"] = list(aend[angreifer].get("zustand_weg", [])) + [STURZSCHWELLE]
    if ab.probe is not None and sturz_plus(z_t):
        aend[ziel]["zustand_weg"] = list(aend[ziel].get("zustand_weg", [])) + [STURZSCHWELLE]
    if aw.krit and aw.krit["schluessel"] == "sturz_schwelle" and treffer:
        aend[ziel]["zustand_neu"] = [STURZSCHWELLE]
        aend[ziel]["zustand_weg"] = [z for z in aend[ziel].get("zustand_weg", [])
                                     if z != STURZSCHWELLE]


# --- Patzer ----------------------------------------------------------------------------------


def _patzer_wurf_folge(
    lauf: _Lauf, schluessel: str, schl: str, t: Teilnehmer, widx: int | None, jetzt: int,
    eintrag: dict[str, Any], ziel_aend: dict[str, Any], neu: list[str],
) -> str:
    """Die Würfe hinter einem Patzer-Ergebnis (Bruchtest, Blendung, Stolpern) und ihre
    Änderungen; gibt den Zusatz zur Protokollzeile zurück."""
    if schluessel == "waffe_verloren" and widx is not None:
        ziel_aend.setdefault("waffen", []).append({"index": widx, "status": "verloren"})
    elif schluessel == "bruchtest" and widx is not None:
        eigene = t.kaempfer.waffen[widx]
        bw = lauf.wurf(eigene.schaden, schl + "_wurf", "den Bruchtest")
        stab, gebrochen = bruchtest_auswerten(bw.gesamt, t.stabilitaet[widx])
        status = "gebrochen" if gebrochen else "bereit"
        ziel_aend.setdefault("waffen", []).append(
            {"index": widx, "stabilitaet": stab, "status": status})
        eintrag["bruchtest"] = bw.gesamt
        return f" ({bw.gesamt} gegen {stab}: {'gebrochen' if status == 'gebrochen' else 'hält'})"
    elif schluessel == "sturz":
        neu.append("Gestürzt")
    elif schluessel == "geblendet":
        gw = lauf.wurf("2W6", schl + "_wurf", "die Blendung (2W6)")
        neu.append(f"Geblendet bis Tick {jetzt + gw.gesamt}")
        eintrag["ticks"] = gw.gesamt
    elif schluessel == "position_schlecht":
        neu.append("Position verschlechtert")
    elif schluessel == "stolpern":
        sw = lauf.wurf("W6", schl + "_wurf", "das Stolpern (W6)")
        basis = ziel_aend.get("position", t.position or 0)
        ziel_aend["position"] = basis + sw.gesamt
        eintrag["ticks"] = sw.gesamt
    return ""


def _ein_patzer(
    lauf: _Lauf, kampf: Kampf, aend: dict[str, dict[str, Any]], t: Teilnehmer, pr: Probe,
    widx: int | None, schl: str, normal: int, jetzt: int,
) -> dict[str, Any]:
    """Ein Patzer („Patzer“): W6 auf der Tabelle – oder, nur durch die erhöhte
    Sturz-Patzerschwelle gepatzt, der Sturz."""
    wer = t.name
    lauf.regeln.append("Patzer")
    if nur_sturz(pr.natuerlich, normal, kampf.optionen.sturz_mit_patzertabelle):
        # nur durch die erhöhte Sturz-Patzerschwelle ein Patzer: die Folge ist der Sturz
        schluessel, folge = "sturz", f"Sturz (Wurf {pr.natuerlich} ≤ Sturzschwelle {pr.patzerschwelle})"
        eintrag: dict[str, Any] = {"wer": wer, "wurf": None, "schluessel": schluessel,
                                   "text": folge}
    else:
        pw = lauf.wurf("W6", schl, "den Patzer (W6)")
        schluessel, folge = PATZER[pw.gesamt]
        eintrag = {"wer": wer, "wurf": pw.gesamt, "schluessel": schluessel, "text": folge}
    ziel_aend = aend.setdefault(wer, {})
    neu = list(ziel_aend.get("zustand_neu", []))
    folge += _patzer_wurf_folge(lauf, schluessel, schl, t, widx, jetzt, eintrag, ziel_aend, neu)
    if neu:
        ziel_aend["zustand_neu"] = neu
        if "Position verschlechtert" in neu:
            ziel_aend["zustand_weg"] = [z for z in ziel_aend.get("zustand_weg", [])
                                        if z != "Position verschlechtert"]
    if lauf.text:
        lauf.zeilen.append(texte.patzer_zeile(wer, folge))
    return eintrag


def _patzer(
    lauf: _Lauf, kampf: Kampf, aend: dict[str, dict[str, Any]], a_t: Teilnehmer, z_t: Teilnehmer,
    aw: _AngriffsWurf, ab: _AbwehrWurf, wi: int, v_waffe: tuple[int, Waffe] | None, jetzt: int,
) -> list[dict[str, Any]]:
    """Patzer beim Angriff, dann bei der Verteidigung (in dieser Reihenfolge gewürfelt)."""
    patzer_daten: list[dict[str, Any]] = []
    if aw.probe.patzer:
        patzer_daten.append(_ein_patzer(lauf, kampf, aend, a_t, aw.probe, wi, "patzer",
                                        aw.patzerschwelle, jetzt))
    if ab.probe is not None and ab.probe.patzer:
        patzer_daten.append(_ein_patzer(lauf, kampf, aend, z_t, ab.probe,
                                        v_waffe[0] if v_waffe else None, "verteidigung_patzer",
                                        kampf.optionen.basis_patzerschwelle, jetzt))
    return patzer_daten


# --- Kontern ---------------------------------------------------------------------------------


def _konter(
    lauf: _Lauf, kampf: Kampf, aend: dict[str, dict[str, Any]], a_t: Teilnehmer, z_t: Teilnehmer,
    verteidigung: str, treffer: bool, aw: _AngriffsWurf, ab: _AbwehrWurf, a_pos: int,
    z_pos: int | None,
) -> list[str] | None:
    """„Bei einer gut gelungenen aktiven Verteidigung (3 besser als nötig) ist ein sofortiger
    Gegenangriff möglich, sofern man keine Zeitdifferenz zum Angreifer aufweist.“"""
    o = kampf.optionen
    if not konter_vorsprung_erreicht(verteidigung == "passiv", treffer, aw.probe.patzer, ab.gesamt,
                                     aw.gesamt, vorsprung=o.konter_vorsprung):
        return None
    angreifer, ziel, zk = a_t.name, z_t.name, z_t.kaempfer
    # „Spezialisierungen verringern eine Erschwernis oder erhöhen die erlaubte
    # Zeitdifferenz.“ – je Spezialisierung eins von beiden (Option: „konter“ beides)
    erlaubt = zk.spezialisierung("konter_zeit") + (
        zk.spezialisierung("konter") if o.konter_spezialisierung_beides else 0)
    a_neu = aend[angreifer].get("position", a_pos)
    z_neu = aend[ziel].get("position", z_pos)
    konter = None
    if z_neu is not None and konter_zeit_erlaubt(z_neu, a_neu, erlaubt):
        konter = [ziel, angreifer]
    if lauf.text:
        lauf.zeilen.append(texte.konter_zeile(ziel, konter is not None, o.konter_erschwernis,
                                              z_neu, a_neu))
    lauf.regeln.append("Kontern")
    return konter


# --- Der ganze Angriff -------------------------------------------------------------------------


def angriff_ereignis(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: int | str = 0,
    verteidigung: str = "passiv",
    *,
    verteidigungs_waffe: int | str | None = None,
    zweite_hand: bool = False,
    zweite_waffe: int | str | None = None,
    verschiebung: Verschiebung = Verschiebung(),
    modifikator: int = 0,
    krit_wahl: int = 3,
    verteidigung_krit_wahl: int = 2,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    text: bool = True,
) -> Ereignis:
    """Ein ganzer Angriff samt Verteidigung, Trefferzone, Schaden, Blocken-Folgen,
    kritischen Effekten und Patzern – gewürfelt (``rng``) oder mit eingetippten ``augen``.

    ``augen`` (alle optional; was fehlt, würfelt ``rng``): ``"angriff"`` (Prüfwurf),
    ``"verteidigung"`` (W10 beim Ausweichen, Prüfwurf bei Parade/Blocken), ``"zone"`` (2W6,
    geordnet), ``"schaden"`` (Trefferpunktewürfel), ``"krit"``/``"krit_bonus"``,
    ``"verteidigung_krit"``/``"verteidigung_krit_bonus"``, ``"patzer"``/``"patzer_wurf"``,
    ``"verteidigung_patzer"``/``"verteidigung_patzer_wurf"``.

    Regeln: „Angriff“ (Treffer bei Attacke ≥ Verteidigung), „Verteidigung“, „Reaktionen“,
    „Trefferzonen“, „Schaden und Rüstungsschutz“, „Kritische Erfolge“, „Patzer“,
    „Verschieben von Kampfwerten“, „Kontern“.

    ``text=False`` (Simulation): dieselben Daten, ohne die Protokollzeile.
    """
    jetzt_kampf = kampf
    kampf = _wurf_basis(kampf, angreifer, ziel)
    o = kampf.optionen
    ist_konter, a_t, z_t, wi, w = _angriff_pruefen(kampf, angreifer, ziel, waffe, verteidigung)
    jetzt = a_t.position if a_t.position is not None else 0
    lauf = _Lauf(rng, augen, text)
    aw = _angriffswurf(lauf, kampf, a_t, ziel, w, wi, ist_konter, verschiebung, modifikator,
                       krit_wahl)
    ab = _abwehrwurf(lauf, kampf, z_t, verteidigung, verteidigungs_waffe, zweite_hand,
                     zweite_waffe, jetzt + w.geschwindigkeit, verteidigung_krit_wahl)
    passiv = verteidigung == "passiv"

    # Auswerten: Treffer und Zeit
    treffer = treffer_auswerten(aw.probe.patzer, aw.probe.kritisch, passiv, aw.gesamt, ab.gesamt,
                                kritisch_trifft_immer=o.kritisch_trifft_immer)
    effekt, v_effekt = (aw.krit["effekt"] if aw.krit else 0), (ab.krit["effekt"] if ab.krit else 0)
    a_ticks = angriff_ticks_auswerten(w.geschwindigkeit, effekt, v_effekt, o.mindest_ticks)
    reakt_ticks = reaktions_ticks_auswerten(ab.ticks, v_effekt, passiv, o.mindest_ticks)
    aend, balken, a_pos, z_pos = _zeit(lauf, a_t, z_t, w, verteidigung, ist_konter, jetzt,
                                       a_ticks, reakt_ticks, verschiebung)

    v_waffe = (z_t.kaempfer.waffe(verteidigungs_waffe)
               if verteidigung in ("parade", "blocken") and verteidigungs_waffe is not None
               else None)
    daten_schaden, lp_minus = _schaden(lauf, kampf, z_t, w, v_waffe, aend[ziel], treffer, aw, ab,
                                       verteidigung, verschiebung, zweite_hand, zweite_waffe)
    if lp_minus:
        aend[ziel]["lebenspunkte_minus"] = lp_minus
        rest = jetzt_kampf[ziel].lebenspunkte - lp_minus
        if text and o.gesundheit != "ohne" and rest <= o.kampfunfaehig_bei:
            lauf.zeilen.append(texte.kampfunfaehig_zeile(ziel, rest))
    _sturzschwellen(aend, a_t, z_t, aw, ab, treffer)
    if text and not treffer:
        lauf.zeilen.append(texte.daneben_zeile(verteidigung, aw.probe.patzer))

    patzer_daten = _patzer(lauf, kampf, aend, a_t, z_t, aw, ab, wi, v_waffe, jetzt)
    konter = None if ist_konter else _konter(lauf, kampf, aend, a_t, z_t, verteidigung, treffer,
                                            aw, ab, a_pos, z_pos)
    ap, v_probe = aw.probe, ab.probe
    ereignis = Ereignis(
        "angriff",
        {
            "angreifer": angreifer, "ziel": ziel, "waffe": w.name,
            "verteidigung": verteidigung,
            "verteidigungs_waffe": v_waffe[1].name if v_waffe else None,
            "konter_angriff": ist_konter,
            "angriff": {"wert": aw.wert, "wurf": ap.natuerlich, "gesamt": aw.gesamt,
                        "kritisch": ap.kritisch, "patzer": ap.patzer,
                        "kritschwelle": aw.kritschwelle, "patzerschwelle": aw.patzerschwelle},
            "abwehr": {"wert": ab.wert, "gesamt": ab.gesamt,
                       "wurf": v_probe.natuerlich if v_probe else None,
                       "kritisch": bool(v_probe and v_probe.kritisch),
                       "patzer": bool(v_probe and v_probe.patzer)},
            "treffer": treffer,
            "ticks": {"angriff": a_ticks, "verteidigung": reakt_ticks},
            "krit": aw.krit, "verteidigung_krit": ab.krit, "patzer": patzer_daten,
            "schaden": daten_schaden,
            "verschiebung": verschiebung.als_dict(),
            "aenderungen": aend, "balken": balken, "konter": konter,
        },
        regel=_regel(*dict.fromkeys(lauf.regeln)),
        eingetippt=lauf.eingetippt,
        text=" · ".join(lauf.zeilen) if text else "",
    )
    return ereignis if kampf is jetzt_kampf else _umgerechnet(ereignis, kampf, jetzt_kampf)


# --- Gleichzeitiger Abtausch -------------------------------------------------------------------


def _wurf_basis(kampf: Kampf, angreifer: str, ziel: str) -> Kampf:
    """Der Stand, gegen den gewürfelt wird: im gleichzeitigen Abtausch der Stand vor ihm
    („… finden deren Aktionen auch gleichzeitig statt“), sonst ``kampf``. Ein Konter gehört
    zur Verteidigung und würfelt gegen den jetzigen Stand."""
    if kampf.abtausch is None or kampf.konter == (angreifer, ziel):
        return kampf
    _am_zug_pruefen(kampf, angreifer)  # offen im Abtausch? kein offener Konter?
    return kampf.abtausch.basis


def _umgerechnete_aenderung(
    a: Mapping[str, Any], vorher: Teilnehmer, jetzt: Teilnehmer, neu_im_abtausch: set[str]
) -> dict[str, Any]:
    """Eine gegen den Stand vor dem Abtausch gewürfelte Änderung auf den jetzigen Stand
    umrechnen: Zeit und Stabilität als Unterschied, Schaden addiert sich, eine Waffe, die
    inzwischen verloren oder gebrochen ist, bleibt es; ein im Abtausch neu entstandener
    Zustand wird von einer Probe gegen den alten Stand nicht verbraucht."""
    neu = dict(a)
    if "position" in neu and vorher.position is not None and jetzt.position is not None:
        neu["position"] = jetzt.position + (int(neu["position"]) - vorher.position)
    if "waffen" in neu:
        waffen = []
        for w in neu["waffen"]:
            w = dict(w)
            i = int(w["index"])
            if "stabilitaet" in w:
                w["stabilitaet"] = jetzt.stabilitaet[i] + (int(w["stabilitaet"]) - vorher.stabilitaet[i])
            if w.get("status") == "bereit" and jetzt.waffen_status[i] != "bereit":
                w["status"] = jetzt.waffen_status[i]
            waffen.append(w)
        neu["waffen"] = waffen
    if "zustand_weg" in neu and neu_im_abtausch:
        neu["zustand_weg"] = [z for z in neu["zustand_weg"] if z not in neu_im_abtausch]
    return neu


def _umgerechnet(ereignis: Ereignis, basis: Kampf, kampf: Kampf) -> Ereignis:
    """Das gegen ``basis`` gewürfelte Ereignis mit Änderungen und Balken für ``kampf``."""
    assert kampf.abtausch is not None
    d = dict(ereignis.daten)
    neu_im_abtausch: dict[str, set[str]] = {}
    for name, zustand in kampf.abtausch.neu:
        neu_im_abtausch.setdefault(name, set()).add(zustand)
    d["aenderungen"] = {
        name: _umgerechnete_aenderung(a, basis[name], kampf[name], neu_im_abtausch.get(name, set()))
        for name, a in d["aenderungen"].items()}
    balken = []
    for b in d["balken"]:
        vorher, jetzt = basis[b["name"]].position, kampf[b["name"]].position
        versatz = jetzt - vorher if vorher is not None and jetzt is not None else 0
        balken.append(dict(b, start=b["start"] + versatz, ende=b["ende"] + versatz))
    d["balken"] = balken
    d["gleichzeitig"] = {"tick": kampf.abtausch.tick, "gegen_stand_vor_dem_abtausch": True}
    return Ereignis(ereignis.art, d, regel=ereignis.regel + " › Der Kampf (gleichzeitig)",
                    eingetippt=ereignis.eingetippt,
                    text=(ereignis.text + f" (gleichzeitig bei Tick {kampf.abtausch.tick})"
                          if ereignis.text else ""))
