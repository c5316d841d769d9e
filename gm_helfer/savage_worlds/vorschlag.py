"""Vorschläge der Taktik: was eine Seite in einem beliebigen laufenden Zustand als Nächstes tut.

Derselbe Taktik-Code wie die Simulation (:mod:`gm_helfer.savage_worlds.simulation`): das Ziel aus
:func:`~gm_helfer.savage_worlds.simulation.ziel_waehlen`, Wegstecken aus
:func:`~gm_helfer.savage_worlds.simulation.steckt_weg`, der Benny gegen Angeschlagen aus
:func:`~gm_helfer.savage_worlds.simulation.benny_statt_erholung` und
:func:`~gm_helfer.savage_worlds.simulation.benny_nach_erholung`, wer angreift aus
:func:`~gm_helfer.savage_worlds.simulation.greift_an`, die Waffe aus
:func:`~gm_helfer.savage_worlds.gebuendelt.standard_waffe`. :func:`naechster_schritt` ist die
Standardtaktik als Schrittmaschine: aus einem Zustand, den die Simulation erreicht, schlägt sie
genau das Ereignis vor, das die Simulation dort schreibt (Test: ``tests/savage_worlds/test_vorschlag.py``
spielt Runden beider Wege mit derselben Saat und vergleicht jedes Ereignis). Aus Zuständen, die
nur am Tisch entstehen (Abwarten, offene Wiederholungen, eine Karte halb gespielt), spielt sie
die Taktik weiter: Abwartende handeln, sobald sonst niemand dran ist; eine Wiederholung mit
Benny schlägt sie aus (die Simulation wiederholt nie).

Reihenfolge der Entscheidungen (wie die Simulation sie trifft): Wegstecken oder Verzicht des
offenen Schadens, Außer-Gefecht-Probe, Schaden offener Treffer, Ausbluten vor den Karten, Runde
und Karten, dann die aufgerufene Karte (Benny nach misslungener Erholung, Erholungsproben,
Angriffe der Mitglieder in Bogenreihenfolge, Zugende), die nächste Karte, Abwartende, neue Runde.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import simulation as sim
from gm_helfer.savage_worlds.kampf import Kampfzustand

__all__ = ["Vorschlag", "ereignis", "naechster_schritt", "taktik_je_seite"]

_OHNE_SAAT = random.Random()
"""Die Zielwahl „zufall“ ohne übergebenes ``rng`` (ein neuer ``random.Random()`` je Aufruf kostete im
Vorlauf des Lagebilds ein Zehntel der Zeit: er liest jedes Mal Systemzufall)."""


@dataclass(frozen=True)
class Vorschlag:
    """Ein Schritt der Taktik: Aktionsschlüssel, wer, Ziel, Waffe und ein deutscher Text."""

    aktion: str
    """``angriff``, ``erholung``, ``benny_erholen``, ``wegstecken``, ``verzicht``,
    ``ausser_gefecht``, ``schaden``, ``ausbluten``, ``probe_behalten``, ``karten``, ``am_zug``,
    ``fertig``, ``runde``."""
    wer: str | None
    ziel: str | None = None
    waffe: str | None = None
    text: str = ""


def taktik_je_seite(zustand: Kampfzustand, taktik: Any = None) -> dict[str, sim.Taktik]:
    """Die Taktik je Seite (:func:`gm_helfer.savage_worlds.simulation.taktiken`); eine Zuordnung
    Seite → Taktik darf Seiten nennen, die (nicht mehr) mitkämpfen – etwa aus einer Begegnung."""
    seiten = sim._seiten(zustand)
    if isinstance(taktik, Mapping):
        taktik = {s: t for s, t in taktik.items() if s in seiten}
    return sim.taktiken(taktik, seiten)


def _gehandelt(z: Kampfzustand, name: str) -> bool:
    return name in z.mitglieder_fertig or any(n == name for n, _ in z.aktionen_runde)


def _alle_gehandelt(z: Kampfzustand) -> set[str]:
    """Wer in dieser Runde schon gehandelt hat oder fertig ist (:func:`_gehandelt` für alle auf einmal)."""
    return {*z.mitglieder_fertig, *(n for n, _ in z.aktionen_runde)}


def _entscheidungen(z: Kampfzustand, tk: Mapping[str, sim.Taktik]) -> Vorschlag | None:
    """Was ein Schaden geöffnet hat (Wegstecken, Außer Gefecht, weitere Treffer)."""
    os_ = z.offener_schaden
    if os_ is not None and sim.steckt_weg(z, tk):
        return Vorschlag("wegstecken", os_.ziel, text=f"{os_.ziel} steckt den Schaden mit einem Benny weg")
    if os_ is not None and k.wegstecken_offen(z) is not None:
        return Vorschlag("verzicht", os_.ziel, text=f"{os_.ziel}: {os_.verzicht_knopf}")
    for kf in z.kaempfer:
        if kf.ag_probe_offen:
            return Vorschlag("ausser_gefecht", kf.name, text=f"{kf.name}: Außer-Gefecht-Probe")
    if z.offene_treffer:
        t = z.offene_treffer[0]
        return Vorschlag("schaden", t.angreifer, ziel=t.ziel, text=f"Schaden würfeln: {t.angreifer} trifft {t.ziel}")
    return None


def _rundenbeginn(z: Kampfzustand) -> Vorschlag | None:
    bluten = k.ausbluten_faellig(z)
    if bluten:
        return Vorschlag("ausbluten", bluten[0], text=f"{bluten[0]}: Ausbluten-Probe vor den Karten")
    if z.runde == 0:
        return Vorschlag("runde", None, text="Neue Runde")
    if k.braucht_karte(z) and not z.am_zug and not z.gehandelt:
        return Vorschlag("karten", None, text="Karten austeilen")
    return None


def _karte(z: Kampfzustand, emp: str, tk: Mapping[str, sim.Taktik], rng: Any) -> Vorschlag:
    """Die aufgerufene Karte: Benny nach misslungener Erholung, Erholungsproben, Angriffe, Zugende."""
    mitglieder = z.mitglieder(emp)
    gehandelt = _alle_gehandelt(z)
    for kf in mitglieder:
        if (kf.angeschlagen and kf.kampffaehig and kf.name not in z.erholung_offen and kf.name not in gehandelt
                and sim.benny_nach_erholung(kf, kf, tk[kf.seite])):
            return Vorschlag("benny_erholen", kf.name, text=f"{kf.name} gibt einen Benny aus: nicht mehr Angeschlagen")
    for name in sorted(z.erholung_offen):
        kf = z.kaempfer_namens(name)
        if kf.angeschlagen and kf.kampffaehig:
            if sim.benny_statt_erholung(kf, tk[kf.seite]):
                return Vorschlag("benny_erholen", name, text=f"{name} gibt einen Benny aus: nicht mehr Angeschlagen")
            return Vorschlag("erholung", name, text=f"{name}: Erholungsprobe (Willenskraft)")
    for kf in mitglieder:
        if kf.name in gehandelt or not sim.greift_an(z, kf):
            continue
        ziel = sim.ziel_waehlen(z, kf, tk[kf.seite], rng)
        if ziel is None:
            break
        waffe = sim._waffe(kf)
        return Vorschlag("angriff", kf.name, ziel=ziel, waffe=waffe, text=f"{kf.name} greift {ziel} an ({waffe})")
    return Vorschlag("fertig", emp, text=f"{emp}: Zug beenden")


def naechster_schritt(z: Kampfzustand, tk: Mapping[str, sim.Taktik], rng: Any = None) -> Vorschlag | None:
    """Der nächste Schritt der Taktik im Zustand ``z`` (``None``: der Kampf ist entschieden).

    ``rng`` braucht nur die Zielwahl „zufall“. ``runde`` heißt: die Runde ist zu Ende, niemand ist
    mehr dran – eine neue beginnt."""
    v = _entscheidungen(z, tk)  # ein Schaden wird ganz abgewickelt, auch wenn er den Kampf entscheidet
    if v is not None:
        return v
    if sim._entschieden(z):
        return None
    v = _rundenbeginn(z)
    if v is not None:
        return v
    if z.am_zug:
        return _karte(z, z.am_zug, tk, rng if rng is not None else _OHNE_SAAT)
    nxt = z.naechster()
    if nxt is not None:
        return Vorschlag("am_zug", nxt, text=f"{nxt} ist an der Reihe")
    for emp in sorted(z.abwartend):
        if any(m.kampffaehig for m in z.mitglieder(emp)):
            return Vorschlag("am_zug", emp, text=f"{emp} handelt aus dem Abwarten")
    return Vorschlag("runde", None, text="Neue Runde")


def ereignis(z: Kampfzustand, v: Vorschlag, *, rng: Any = None, augen: Any = None, text: bool = True) -> Ereignis:
    """Das Ereignis des Vorschlags – gebaut von denselben ``ereignis_*``-Funktionen wie ein Klick
    (dieselben Regelprüfungen). ``augen``: eingetippte Würfel für Proben und Angriff."""
    a, wer = v.aktion, v.wer or ""
    quelle: dict[str, Any] = {"augen": augen} if augen is not None else {"rng": rng}
    if a == "angriff":
        assert v.ziel is not None and v.waffe is not None
        return k.ereignis_angriff(z, wer, v.ziel, v.waffe, **quelle, text=text)
    if a == "schaden":
        return k.ereignis_schaden(z, nummer=0, **quelle, text=text)
    if a == "wegstecken":
        return k.ereignis_wegstecken(z, wer, **quelle, text=text)
    if a == "verzicht":
        return k.ereignis_verzicht(z, wer)
    if a == "ausser_gefecht":
        return k.ereignis_ausser_gefecht(z, wer, **quelle, text=text)
    if a == "ausbluten":
        return k.ereignis_ausbluten(z, wer, **quelle, text=text)
    if a == "erholung":
        return k.ereignis_erholung(z, wer, **quelle, text=text)
    if a == "benny_erholen":
        return k.ereignis_benny(z, wer, text=text)
    if a == "karten":
        return k.ereignis_karten(z, rng=rng, text=text)
    if a == "am_zug":
        return k.ereignis_am_zug(z, wer, text=text)
    if a == "fertig":
        return k.ereignis_fertig(z, text=text)
    if a == "runde":
        return k.ereignis_runde(z, text=text)
    raise k.KampfFehler(f"Unbekannter Vorschlag „{a}“.")
