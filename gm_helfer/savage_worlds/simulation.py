"""Begegnungen simulieren: einen Savage-Worlds-Kampf mit Zufall bis zum Ende spielen.

Der Kampf läuft mit genau dem Code des Live-Kampfs: Startzustand aus den Bögen
(:func:`gm_helfer.savage_worlds.bogen.kampf_aus_boegen`, also Statisten mit ``anzahl``
vervielfacht, Gruppen mit gemeinsamer Karte, Verbündete auf der Karte ihres Helden), dann die
``ereignis_*``-Bauer aus :mod:`gm_helfer.savage_worlds.kampf` mit ``rng`` und
:func:`~gm_helfer.savage_worlds.kampf.anwenden`. Keine Regel ist hier ein zweites Mal
geschrieben; dieses Modul trifft nur die Entscheidungen, die am Tisch Spieler und Spielleiter
treffen. Das Protokoll (``Verlauf``) wird übersprungen – ``anwenden`` direkt auf den Zustand,
ohne Protokolltexte.

Zwei Treiber, eine Regel (DESIGN.md): :func:`einen_kampf` und :func:`ereignis_begegnung` spielen
Kampf für Kampf auf diesem Ereignispfad (die Referenz); :func:`begegnung` spielt viele Kämpfe
auf einmal mit der gebündelten Maschine :mod:`gm_helfer.savage_worlds.gebuendelt` – dieselbe
Taktik, dieselben Auswerte-Funktionen, auf numpy-Feldern. Die Tests prüfen, dass beide
übereinstimmen (``tests/savage_worlds/test_gebuendelt.py``).

Standardtaktik (Regeltext ``regeln/savage_worlds.txt``, Abschnitte Initiative, Angriffe,
Schadenswirkung, Schaden wegstecken, Außer Gefecht) – die Vorgaben der :class:`Taktik`; was
sich je Seite umstellen lässt (Ziel, Wegstecken, Benny gegen Angeschlagen), steht bei den
Punkten 3–5 und in der :class:`Taktik`:

1. **Runde**: „Runde beginnt“; jeder blutende Wildcard legt vor den Karten seine
   Ausbluten-Probe ab (Außer Gefecht › Ausbluten); dann werden die Karten ausgeteilt.
2. **Herunterzählen**: Kartenempfänger in der Reihenfolge der Karten. Niemand wartet ab,
   niemand unterbricht, keine Überraschung, keine Mehrfachaktionen, kein Blitzhieb.
3. **Angeschlagen**: Wer zu Beginn seines Zugs Angeschlagen ist, legt die Erholungsprobe ab
   (Schadenswirkung › Angeschlagen). Bennies werden dafür nicht ausgegeben – sie bleiben
   fürs Wegstecken. Nach der Probe handelt nur, wer mit Steigerung bestanden hat (bzw. mit
   Erfolg, wenn die Option ``erholung_erfolg_handelt`` gilt).
4. **Angriff**: Jedes handlungsfähige Mitglied greift einmal mit seiner **ersten Waffe** auf
   dem Bogen an (ohne Waffe: Waffenlos), in der Standardlage ``Angriffssituation()`` (kurze
   Reichweite, hell, keine Deckung). Ziel ist der kampffähige Gegner mit den **meisten
   Wunden**, bei Gleichstand ein Angeschlagener, sonst der erste in der Reihenfolge der Bögen
   (Feuer wird gebündelt). Alle Würfel einer Feuerrate gehen auf dieses Ziel.
5. **Schaden**: Jeder Treffer wird sofort ausgewürfelt. Ein Wildcard mit eigenen Bennies
   steckt jede Wunde weg, solange noch Wunden dieses Angriffs übrig sind: erste Probe mit
   einem Benny, höchstens eine Wiederholung mit einem weiteren (Schaden wegstecken). Danach
   wird eine fällige Außer-Gefecht-Probe gewürfelt (samt Verletzungstabelle). Bennies des
   Spielleiters (``spielleiter_bennies``) gibt es in der Simulation nicht (Start mit 0).
6. **Ende**: Der Kampf endet, sobald eine Seite keinen kampffähigen Kämpfer mehr hat; die
   andere Seite gewinnt. Nach ``max_runden`` Runden ohne Entscheidung: kein Sieger.

Ausgang: ``runden`` = gespielte Kampfrunden (die Runde, in der der Kampf endete);
``ausgeschaltet`` = wer am Ende nicht mehr kampffähig ist (Außer Gefecht oder tot; Statisten
sind bei der ersten Wunde „aus dem Spiel“ und zählen hier, nicht bei den Toten); ``tot`` =
Wildcards, die im Kampf starben (Außer-Gefecht-Probe ≤ 1 oder Ausbluten). Was nach dem
Kampf geschieht (weiteres Ausbluten, Heilen), wird nicht gespielt.

Nicht simuliert: Bewegung und Entfernungen, Deckung, Abwarten und Unterbrechen, Tricks und
Manöver, Heilen im Kampf, Bereitmachen unhandlicher Waffen, Bennies für Wiederholungen von
Angriffen.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from gm_helfer import simulation
from gm_helfer.boegen import Bogen
from gm_helfer.felder import generator
from gm_helfer.savage_worlds import gebuendelt
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.bogen import kampf_aus_boegen
from gm_helfer.savage_worlds.kampf import Kaempfer, Kampfzustand, anwenden
from gm_helfer.savage_worlds.optionen import Optionen
from gm_helfer.savage_worlds.schaden import wunden_auswerten

__all__ = ["TAKTIK_JE_SEITE", "Taktik", "begegnung", "einen_kampf", "ereignis_begegnung", "generator"]

MAX_WEGSTECKEN_VERSUCHE = gebuendelt.MAX_WEGSTECKEN_VERSUCHE

WEGSTECKEN = {
    "immer": "immer, solange Bennies und Wunden übrig sind",
    "ausser_gefecht": "nur, wenn die Wunden ihn Außer Gefecht setzen würden",
    "nie": "nie",
}
"""Wann ein Wildcard Wunden mit Bennies wegsteckt (Feld ``wegstecken`` der :class:`Taktik`)."""

ERHOLUNG = {
    "nie": "nie (Bennies bleiben fürs Wegstecken)",
    "sofort": "sofort statt der Erholungsprobe",
    "nach_fehlschlag": "erst, wenn die Erholungsprobe misslingt",
}
"""Wann ein Angeschlagener einen Benny ausgibt, um nicht mehr Angeschlagen zu sein (Feld ``erholung``)."""


@dataclass(frozen=True)
class Taktik:
    """Wie eine Seite in der Simulation kämpft (Vertrag: :data:`gm_helfer.simulation.ZIELWAHL`).

    Die Vorgaben sind die bisherige Standardtaktik (Moduldoku, Punkte 3–5). Beide Treiber – die
    gebündelte Maschine und der Ereignispfad (:func:`einen_kampf`) – spielen sie gleich.
    """

    ziel: str = field(default="schwaechster", metadata={"text": "Wen angreifen?", "wahl": simulation.ZIELWAHL})
    """Welchen kampffähigen Gegner ein Angreifer wählt; „verletzt“ heißt: mehr Wunden, bei
    Gleichstand Angeschlagen (Gleichstand danach: Reihenfolge der Bögen)."""
    wegstecken: str = field(default="immer", metadata={"text": "Wunden mit Bennies wegstecken", "wahl": WEGSTECKEN})
    """Regeltext „Schaden wegstecken“: höchstens eine erste Probe und eine Wiederholung je Schaden."""
    erholung: str = field(default="nie", metadata={"text": "Benny gegen Angeschlagen", "wahl": ERHOLUNG})
    """Regeltext „Angeschlagen“: „Ein Charakter kann jederzeit einen Bennie ausgeben, um nicht mehr
    Angeschlagen zu sein. Falls er gerade an der Reihe ist, kann er so handeln, als hätte er eine
    Steigerung auf der Erholungsprobe erzielt.“ Gespielt wird das zu Beginn des eigenen Zugs."""

    def __post_init__(self) -> None:
        for name, wahl in (("ziel", simulation.ZIELWAHL), ("wegstecken", WEGSTECKEN), ("erholung", ERHOLUNG)):
            if getattr(self, name) not in wahl:
                raise ValueError(f"Taktik, Feld „{name}“: „{getattr(self, name)}“ gibt es nicht "
                                 f"(möglich: {', '.join(wahl)}).")


TAKTIK_JE_SEITE = True
"""``begegnung(…, taktik=…)`` nimmt auch eine Zuordnung Seite → :class:`Taktik` (etwa Helden
stecken immer weg, der Schurke nur gegen Außer Gefecht); fehlende Seiten spielen die Vorgabe."""


def taktiken(taktik: Taktik | Mapping[str, Taktik] | None, seiten: Sequence[str]) -> dict[str, Taktik]:
    """Die Taktik je Seite aus einer Taktik für alle, einer Zuordnung Seite → Taktik oder ``None``.

    Raises:
        ValueError: eine Seite der Zuordnung kämpft nicht mit, oder kein ``Taktik``-Wert (deutsch).
    """
    if taktik is None or isinstance(taktik, Taktik):
        return {s: taktik or Taktik() for s in seiten}
    fremd = [s for s in taktik if s not in seiten]
    if fremd:
        raise ValueError(f"Taktik für „{', '.join(fremd)}“: diese Seite kämpft nicht mit (Seiten: {', '.join(seiten)}).")
    falsch = [s for s, t in taktik.items() if not isinstance(t, Taktik)]
    if falsch:
        raise ValueError(f"Taktik der Seite „{falsch[0]}“ ist keine Savage-Worlds-Taktik.")
    return {s: taktik.get(s, Taktik()) for s in seiten}


def _seiten(z: Kampfzustand) -> tuple[str, ...]:
    return tuple(dict.fromkeys(kf.seite for kf in z.kaempfer))


def _stehende_seiten(z: Kampfzustand) -> tuple[str, ...]:
    return tuple(dict.fromkeys(kf.seite for kf in z.kaempfer if kf.kampffaehig))


def _entschieden(z: Kampfzustand) -> bool:
    letztes = _ENTSCHIEDEN[0]
    if letztes[0] is z.kaempfer:  # die Kämpfer ändern sich seltener, als gefragt wird (nach jedem Angriff)
        return letztes[1]
    entschieden = _entschieden_rechnen(z.kaempfer)
    _ENTSCHIEDEN[0] = (z.kaempfer, entschieden)
    return entschieden


_ENTSCHIEDEN: list[tuple[Any, bool]] = [((), True)]
"""[(Kämpfer-Tupel, entschieden)] der letzten Frage an :func:`_entschieden` – als Ganzes ersetzt."""


def _entschieden_rechnen(kaempfer: tuple[Kaempfer, ...]) -> bool:
    erste = None
    for kf in kaempfer:
        if not (kf.ausser_gefecht or kf.tot):
            if erste is None:
                erste = kf.seite
            elif kf.seite != erste:
                return False
    return True


def _ziel(z: Kampfzustand, angreifer: Kaempfer, taktik: Taktik, rng: Any) -> str | None:
    """Standardtaktik 4 bzw. ``taktik.ziel``: „schwaechster“ ist der kampffähige Gegner mit den
    meisten Wunden, dann Angeschlagen, dann der erste in der Reihenfolge der Bögen; „staerkster“
    umgekehrt (Gleichstand ebenso nach Bogenreihenfolge); „erster“ der erste kampffähige Gegner;
    „zufall“ gleich verteilt unter den kampffähigen Gegnern."""
    schluessel = (angreifer.seite, taktik.ziel)
    gemerkt = _ZIELE.get(schluessel)
    if gemerkt is not None and gemerkt[0] is z.kaempfer:
        gegner, gewaehlt = gemerkt[1], gemerkt[2]
    else:
        gegner = [(i, kf) for i, kf in enumerate(z.kaempfer) if kf.seite != angreifer.seite and kf.kampffaehig]
        gewaehlt = None
        if gegner and taktik.ziel != "zufall":
            gewaehlt = min(gegner, key=_ZIEL_SCHLUESSEL[taktik.ziel])[1].name
        _ZIELE[schluessel] = (z.kaempfer, gegner, gewaehlt)
    if not gegner:
        return None
    if taktik.ziel == "zufall":
        return gegner[_zufallszahl(rng, len(gegner))][1].name
    return gewaehlt


_ZIEL_SCHLUESSEL: dict[str, Callable[[tuple[int, Kaempfer]], Any]] = {
    "schwaechster": lambda t: (-t[1].wunden, not t[1].angeschlagen, t[0]),
    "staerkster": lambda t: (t[1].wunden, t[1].angeschlagen, t[0]),
    "erster": lambda t: t[0],
}

_ZIELE: dict[tuple[str, str], tuple[Any, list[tuple[int, Kaempfer]], str | None]] = {}
"""(Seite des Angreifers, Zielwahl) → (Kämpfer-Tupel, kampffähige Gegner, gewähltes Ziel): die Wahl
hängt nur von den Kämpfern ab, und die bleiben oft über viele Angriffe dieselben (Issue 10)."""


def _zufallszahl(rng: Any, n: int) -> int:
    """Eine gleich verteilte Zahl 0 … n−1 aus ``random.Random`` oder einem numpy ``Generator``."""
    return int(rng.integers(n)) if isinstance(rng, np.random.Generator) else rng.randrange(n)


def _soll_wegstecken(z: Kampfzustand, taktik: Taktik) -> bool:
    """``taktik.wegstecken`` für den offenen Schaden: immer, nie, oder nur wenn die übrigen
    Wunden den Wildcard Außer Gefecht setzen würden (:func:`wunden_auswerten`)."""
    if taktik.wegstecken != "ausser_gefecht":
        return taktik.wegstecken == "immer"
    os_ = z.offener_schaden
    return bool(wunden_auswerten(os_.vorher.wunden, max(os_.wunden - os_.weggesteckt, 0), wildcard=True,
                                 ausser_gefecht=os_.vorher.ausser_gefecht)[1])


def steckt_weg(z: Kampfzustand, tk: Mapping[str, Taktik]) -> bool:
    """Standardtaktik 5: ob das Ziel des offenen Schadens (noch einmal) wegsteckt – höchstens
    :data:`MAX_WEGSTECKEN_VERSUCHE` Proben, solange Wunden und eigene Bennies übrig sind und
    seine Taktik es will (:func:`_soll_wegstecken`)."""
    os_ = z.offener_schaden
    return (
        os_ is not None
        and os_.vorher.wildcard
        and os_.versuche < MAX_WEGSTECKEN_VERSUCHE
        and os_.weggesteckt < os_.wunden
        and z.kaempfer_namens(os_.ziel).bennies > 0
        and k.kann_wegstecken(z, os_.ziel)
        and _soll_wegstecken(z, tk[os_.vorher.seite])
    )


_waffe = gebuendelt.standard_waffe
ziel_waehlen = _ziel
"""Standardtaktik 4: das Ziel eines Angreifers (öffentlicher Name für Vorschlag und Lagebild)."""

def _schaden_abwickeln(z: Kampfzustand, tk: Mapping[str, Taktik], *, rng: Any) -> Kampfzustand:
    """Standardtaktik 5: alle offenen Treffer auswürfeln, je Treffer wegstecken (wie die Taktik
    des Ziels es will) und die Außer-Gefecht-Probe, bevor der nächste Schadenswurf fällt."""
    while z.offene_treffer:
        z = anwenden(z, k.ereignis_schaden(z, nummer=0, rng=rng, text=False))
        os_ = z.offener_schaden
        if os_ is not None and os_.wunden > 0 and os_.vorher.wildcard:
            while steckt_weg(z, tk):
                z = anwenden(z, k.ereignis_wegstecken(z, os_.ziel, rng=rng, text=False))
            if k.wegstecken_offen(z) is not None:  # die Taktik steckt nicht weg: der Verzicht steht im Protokoll
                z = anwenden(z, k.ereignis_verzicht(z, os_.ziel))
        if os_ is not None and os_.vorher.wildcard:
            for kf in z.kaempfer:
                if kf.ag_probe_offen:
                    z = anwenden(z, k.ereignis_ausser_gefecht(z, kf.name, rng=rng, text=False))
    return z


def benny_statt_erholung(kf: Kaempfer, taktik: Taktik) -> bool:
    """Standardtaktik 3 bzw. ``taktik.erholung == "sofort"``: ein Benny statt der Erholungsprobe."""
    return taktik.erholung == "sofort" and kf.bennies > 0


def benny_nach_erholung(vorher: Kaempfer, nachher: Kaempfer, taktik: Taktik) -> bool:
    """``taktik.erholung == "nach_fehlschlag"``: wer nach der Probe Angeschlagen bleibt, gibt einen Benny aus."""
    return taktik.erholung == "nach_fehlschlag" and nachher.angeschlagen and vorher.bennies > 0


def greift_an(z: Kampfzustand, kf: Kaempfer) -> bool:
    """Standardtaktik 4: ob ein Mitglied der aufgerufenen Karte angreift (kampffähig, nicht
    Angeschlagen, nicht auf freie Aktionen beschränkt)."""
    return kf.kampffaehig and not kf.angeschlagen and kf.name not in z.nur_freie_aktionen


def _zug(z: Kampfzustand, empfaenger: str, tk: Mapping[str, Taktik], *, rng: Any) -> Kampfzustand:
    """Ein Kartenempfänger ist an der Reihe: Erholungsproben (bzw. ein Benny, wie die Taktik es
    will), dann greift jedes handlungsfähige Mitglied an (Standardtaktik 3 und 4)."""
    z = anwenden(z, k.ereignis_am_zug(z, empfaenger, text=False))
    for name in sorted(z.erholung_offen) if z.erholung_offen else ():
        kf = z.kaempfer_namens(name)
        if kf.angeschlagen and kf.kampffaehig:
            if benny_statt_erholung(kf, tk[kf.seite]):
                z = anwenden(z, k.ereignis_benny(z, name, text=False))
                continue
            z = anwenden(z, k.ereignis_erholung(z, name, rng=rng, text=False))
            if benny_nach_erholung(kf, z.kaempfer_namens(name), tk[kf.seite]):
                z = anwenden(z, k.ereignis_benny(z, name, text=False))
    for mitglied in z.mitglieder(empfaenger):
        kf = z.kaempfer_namens(mitglied.name)
        if not greift_an(z, kf):
            continue
        ziel = _ziel(z, kf, tk[kf.seite], rng)
        if ziel is None:
            break
        z = anwenden(z, k.ereignis_angriff(z, kf.name, ziel, _waffe(kf), rng=rng, text=False))
        if z.offene_treffer:
            z = _schaden_abwickeln(z, tk, rng=rng)
        if _entschieden(z):
            return z
    return anwenden(z, k.ereignis_fertig(z, text=False))


def _runde(z: Kampfzustand, tk: Mapping[str, Taktik], *, rng: Any) -> Kampfzustand:
    """Standardtaktik 1 und 2: eine ganze Runde, bis niemand mehr an der Reihe ist oder eine
    Seite keinen Kampffähigen mehr hat."""
    z = anwenden(z, k.ereignis_runde(z, text=False))
    for kf in z.kaempfer:
        if kf.blutet and not kf.tot:
            z = anwenden(z, k.ereignis_ausbluten(z, kf.name, rng=rng, text=False))
    if k.braucht_karte(z):
        z = anwenden(z, k.ereignis_karten(z, rng=rng, text=False))
    while not _entschieden(z):
        naechster = z.naechster()
        if naechster is None:
            break
        z = _zug(z, naechster, tk, rng=rng)
    return z


def _start(boegen: Sequence[Bogen], optionen: Optionen | None) -> Kampfzustand:
    z = kampf_aus_boegen(boegen, optionen=optionen or Optionen())
    if len(_seiten(z)) < 2:
        raise ValueError(
            "Für eine Begegnung braucht es Kämpfer auf zwei Seiten (Helden und Schurken); "
            f"gewählt ist nur: {', '.join(_seiten(z))}."
        )
    return z


def _pruefe_runden(max_runden: int) -> None:
    if max_runden < 1:
        raise ValueError(f"Die Rundengrenze muss mindestens 1 sein, nicht {max_runden}.")


def _ausgang(z: Kampfzustand) -> simulation.Kampfausgang:
    stehend = _stehende_seiten(z)
    return simulation.Kampfausgang(
        sieger=stehend[0] if len(stehend) == 1 else None,
        runden=z.runde,
        ausgeschaltet=tuple(kf.name for kf in z.kaempfer if not kf.kampffaehig),
        tot=tuple(kf.name for kf in z.kaempfer if kf.tot),
    )


def _spielen(z: Kampfzustand, tk: Mapping[str, Taktik], *, rng: Any, max_runden: int) -> simulation.Kampfausgang:
    while not _entschieden(z) and z.runde < max_runden:
        z = _runde(z, tk, rng=rng)
    return _ausgang(z)


def einen_kampf(
    boegen: Sequence[Bogen], *, rng: Any, optionen: Optionen | None = None, max_runden: int = 100,
    taktik: Taktik | Mapping[str, Taktik] | None = None,
) -> simulation.Kampfausgang:
    """Spielt einen Kampf der gewählten Bögen mit der Standardtaktik (Moduldoku) bzw. ``taktik``
    (eine für alle oder je Seite, :func:`taktiken`) bis zum Ende.

    Args:
        boegen: Savage-Worlds-Bögen beider Seiten (werden nicht verändert).
        rng: ``random.Random`` oder numpy ``Generator`` – die einzige Zufallsquelle.
        optionen: Hausregeln (Standard ``Optionen()``).
        max_runden: nach so vielen Kampfrunden ohne Entscheidung: kein Sieger.

    Raises:
        ValueError: nur eine Seite, Rundengrenze unter 1 oder ein fehlerhafter Bogen (deutsche Meldung).
    """
    _pruefe_runden(max_runden)
    z = _start(boegen, optionen)
    return _spielen(z, taktiken(taktik, _seiten(z)), rng=rng, max_runden=max_runden)


def begegnung(
    boegen: Sequence[Bogen],
    anzahl: int = 1000,
    *,
    rng: Any,
    optionen: Optionen | None = None,
    max_runden: int = 100,
    fortschritt: Callable[[int, int], None] | None = None,
    taktik: Taktik | Mapping[str, Taktik] | None = None,
) -> simulation.Auswertung:
    """Spielt die Begegnung ``anzahl``-mal mit der gebündelten Maschine
    (:mod:`gm_helfer.savage_worlds.gebuendelt`: alle Kämpfe auf einmal als numpy-Felder, dieselbe
    Standardtaktik und dieselben Auswerte-Funktionen wie :func:`einen_kampf`) und zählt aus:
    Siegchancen je Seite, Dauer in Runden, wie oft wer ausgeschaltet wird oder stirbt.

    Args:
        rng: numpy ``Generator`` (die einzige Zufallsquelle) oder ``random.Random`` (daraus wird
            ein Generator geseedet; gleiche Saat, gleiches Ergebnis).
        fortschritt: ``fortschritt(fertig, anzahl)`` nach jedem Block von Kämpfen.
        taktik: eine :class:`Taktik` für alle, eine Zuordnung Seite → Taktik oder ``None``
            (Standardtaktik).

    Raises:
        ValueError: nur eine Seite, Rundengrenze unter 1, ``anzahl`` unter 1 oder ein
            fehlerhafter Bogen (deutsche Meldung).
    """
    _pruefe_runden(max_runden)
    if anzahl < 1:
        raise ValueError(f"Es muss mindestens ein Kampf simuliert werden, nicht {anzahl}.")
    start = _start(boegen, optionen)
    uhr = time.perf_counter()
    tk = taktiken(taktik, _seiten(start))
    ergebnis = gebuendelt.spielen(start, anzahl, rng=generator(rng), max_runden=max_runden, fortschritt=fortschritt, taktik=tk)
    return simulation.auszaehlen(anzahl, *ergebnis.zaehler(), sekunden=time.perf_counter() - uhr,
                                 seiten=dict(zip(ergebnis.namen, ergebnis.seite_von)), verbrauch=ergebnis.verbrauch())


def ereignis_begegnung(
    boegen: Sequence[Bogen], anzahl: int = 1000, *, rng: Any, optionen: Optionen | None = None, max_runden: int = 100,
    taktik: Taktik | Mapping[str, Taktik] | None = None,
) -> simulation.Auswertung:
    """Wie :func:`begegnung`, aber Kampf für Kampf auf dem Ereignispfad (:func:`einen_kampf`,
    :func:`gm_helfer.simulation.simulieren`) – die Referenz, gegen die die gebündelte Maschine
    geprüft wird; etwa hundertmal langsamer."""
    _pruefe_runden(max_runden)
    start = _start(boegen, optionen)
    tk = taktiken(taktik, _seiten(start))
    return simulation.simulieren(lambda r: _spielen(start, tk, rng=r, max_runden=max_runden), anzahl, rng=rng)
