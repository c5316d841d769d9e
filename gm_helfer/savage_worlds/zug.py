"""Savage Worlds: die Zug-Schnittstelle für das Zug-Panel (siehe ``gm_helfer.zug``).

Reine Funktionen über dem :class:`~gm_helfer.savage_worlds.kampf.Kampfzustand`: wer jetzt
handelt, die Reihenfolge, was er jetzt darf (verbotene Aktionen mit deutschem Grund – die
Gründe kommen aus den Prüfungen der Regeln selbst), Standardziel und -waffe, und die offenen
Entscheidungen, die bleiben, bis sie genommen oder ausgeschlagen sind.

Dazu die Schritte, die das Zug-Panel mit einem Klick ausführt (:func:`angreifen`,
:func:`zug_beenden`, :func:`neue_runde`): jeder ist eine Folge gewöhnlicher Ereignisse im
Protokoll, Rückgängig nimmt sie einzeln zurück.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.kampf import KampfFehler, Kampfzustand
from gm_helfer.zug import Aktion, Entscheidung

__all__ = [
    "Aktion",
    "Entscheidung",
    "aktionen",
    "am_zug",
    "angreifen",
    "neue_runde",
    "offene_entscheidungen",
    "reihenfolge",
    "standard_waffe",
    "standard_ziel",
    "zug_beenden",
]


def _gehandelt(z: Kampfzustand, name: str) -> bool:
    return any(n == name for n, _ in z.aktionen_runde)


def am_zug(zustand: Kampfzustand) -> str | None:
    """Wer jetzt handelt: das erste kampffähige Mitglied der Karte, die an der Reihe ist und in
    dieser Runde noch nichts getan hat (Statistengruppen handeln nacheinander auf einer Karte);
    haben alle gehandelt, das erste kampffähige Mitglied. ``None``: niemand ist an der Reihe
    (Karten austeilen, nächste Karte aufrufen oder neue Runde)."""
    if not zustand.am_zug:
        return None
    mitglieder = [m for m in zustand.mitglieder(zustand.am_zug) if m.kampffaehig]
    if not mitglieder:
        return None
    for m in mitglieder:
        if not _gehandelt(zustand, m.name):
            return m.name
    return mitglieder[0].name


def reihenfolge(zustand: Kampfzustand) -> list[str]:
    """Die Kartenempfänger im Herunterzählen (Joker, Ass … Zwei), Abwartende dabei an ihrer Karte."""
    return [e for e, _ in zustand.reihenfolge()]


def _pruefe(f: Callable[[], Any]) -> str | None:
    try:
        f()
    except KampfFehler as fehler:
        return str(fehler)
    return None


def _blockierende_entscheidung(zustand: Kampfzustand) -> str | None:
    """Eine Entscheidung, die vor jeder weiteren Aktion fallen muss (Wegstecken gleich nach dem
    Schaden, Außer-Gefecht-Probe) – als Grund für verbotene Aktionen."""
    os_ = zustand.offener_schaden
    if os_ is not None and _kann_wegstecken(zustand):
        return f"Erst entscheiden: {os_.ziel} kann den Schaden wegstecken (oder verzichtet)."
    for kf in zustand.kaempfer:
        if kf.ag_probe_offen:
            return f"Erst die Außer-Gefecht-Probe für {kf.name}."
    return None


def standard_waffe(zustand: Kampfzustand, wer: str | None) -> str | None:
    """Die erste Waffe auf dem Bogen des Kämpfers (ohne Waffe: „Waffenlos“)."""
    if not wer:
        return None
    kf = zustand.kaempfer_namens(wer)
    return kf.waffen[0].name if kf.waffen else "Waffenlos"


def standard_ziel(zustand: Kampfzustand, wer: str | None) -> str | None:
    """Ein kampffähiger Gegner der anderen Seite: zuerst einer, mit dem ``wer`` im Nahkampf steht,
    sonst der erste in der Liste der Kämpfer. Nie ein Verbündeter; ``None``, wenn keiner steht."""
    if not wer:
        return None
    seite = zustand.kaempfer_namens(wer).seite
    gegner = [kf.name for kf in zustand.kaempfer if kf.seite != seite and kf.kampffaehig]
    nah = [n for n in k.im_nahkampf(zustand, wer) if n in gegner]
    return (nah or gegner or [None])[0]


def aktionen(zustand: Kampfzustand, wer: str | None, *, waffe: str | None = None) -> list[Aktion]:
    """Was ``wer`` jetzt tun kann; verbotene Aktionen mit dem Grund aus den Regeln.

    Schlüssel: ``angriff``, ``erholung``, ``benny_erholen``, ``abwarten``, ``fertig``. ``waffe``: die
    gewählte Waffe (Standard: :func:`standard_waffe`) – nach einem Angriff mit der einen darf eine
    angesagte zweite Aktion die andere Waffe führen.
    """
    if not wer:
        grund = "Niemand ist an der Reihe."
        return [Aktion("angriff", "Angreifen", False, grund), Aktion("fertig", "Zug beenden", False, grund)]
    kf = zustand.kaempfer_namens(wer)
    blockiert = _blockierende_entscheidung(zustand)
    aus: list[Aktion] = []

    waffe = waffe or standard_waffe(zustand, wer)
    ziel = standard_ziel(zustand, wer)
    grund = blockiert or _pruefe(lambda: k._darf_handeln(zustand, wer))
    if grund is None and ziel is None:
        grund = "Kein Gegner steht mehr."
    if grund is None and waffe and f"angriff:{waffe}" in [a for n, a in zustand.aktionen_runde if n == wer]:
        grund = f"{wer} hat mit {waffe} in dieser Runde schon angegriffen – dieselbe Aktion nicht zweimal pro Runde."
    if grund is None:
        angesagt = k.angesagte_aktionen(zustand, wer)
        if (angesagt is not None and not zustand.optionen.aktion_anhaengen
                and sum(1 for n, _ in zustand.aktionen_runde if n == wer) >= angesagt):
            grund = f"{wer} hat {angesagt} Aktion(en) angesagt und schon ausgeführt."
    aus.append(Aktion("angriff", "Angreifen", grund is None, grund))

    if kf.angeschlagen and kf.kampffaehig:
        schon = wer not in zustand.erholung_offen and zustand.empfaenger(kf) == zustand.am_zug
        aus.append(Aktion("erholung", "Erholungsprobe (Willenskraft)", not schon and blockiert is None,
                          "Die Erholungsprobe gab es in diesem Zug schon." if schon else blockiert))
        bennies = kf.bennies + (zustand.spielleiter_bennies if kf.seite != "Helden" and kf.wildcard else 0)
        aus.append(Aktion("benny_erholen", "Benny: nicht mehr Angeschlagen", bennies > 0,
                          None if bennies > 0 else f"{wer} hat keinen Benny."))
    emp = zustand.empfaenger(kf)
    abwarten = _pruefe(lambda: k.anwenden(zustand, k.ereignis_abwarten(zustand, emp)))
    aus.append(Aktion("abwarten", "Abwarten", abwarten is None and blockiert is None, blockiert or abwarten))
    fertig = blockiert or _pruefe(lambda: k.anwenden(zustand, k.ereignis_fertig(zustand)))
    aus.append(Aktion("fertig", "Zug beenden, nächste Karte", fertig is None, fertig))
    return aus


def _kann_wegstecken(zustand: Kampfzustand) -> bool:
    os_ = zustand.offener_schaden
    if os_ is None or os_.wunden == 0 or not os_.vorher.wildcard or os_.weggesteckt >= os_.wunden:
        return False
    kf = zustand.kaempfer_namens(os_.ziel)
    if kf.tot:
        return False
    bennies = kf.bennies + (zustand.spielleiter_bennies if kf.seite != "Helden" else 0)
    return bennies > 0


_WIEDERHOLEN_TEXT: dict[str, Callable[[Kampfzustand, str], str]] = {
    "erholung": lambda z, n: f"{n} kann die Erholungsprobe mit einem Benny wiederholen (das bessere Ergebnis zählt)"
    + (" – ein Benny direkt beendet Angeschlagen sicher" if z.kaempfer_namens(n).angeschlagen else ""),
    "ausser_gefecht": lambda z, n: f"{n} kann die Außer-Gefecht-Probe mit einem Benny wiederholen (das bessere Ergebnis zählt)",
    "ausbluten": lambda z, n: f"{n} kann die Ausbluten-Probe mit einem Benny wiederholen (das bessere Ergebnis zählt)",
}


def offene_entscheidungen(zustand: Kampfzustand) -> list[Entscheidung]:
    """Alles, was ein Ergebnis geöffnet hat und offen bleibt, bis es genommen oder ausgeschlagen ist.

    Schlüssel: ``schaden:<nr>`` (Schaden eines Treffers würfeln), ``wegstecken`` (Benny; ausschlagen
    mit ``kampf.ereignis_verzicht``), ``wiederholen`` (verfehlter Angriff einer Wildcard: mit einem
    Benny wiederholen, ``kampf.ereignis_angriff_wiederholen``; ausgeschlagen mit dem Zugende), ``ausser_gefecht``, ``ausbluten`` (Rundenbeginn, vor den
    Karten), ``erholung`` (Angeschlagen zu Beginn des Zugs: Probe oder Benny),
    ``erholung_wiederholen``, ``ausser_gefecht_wiederholen``, ``ausbluten_wiederholen`` (die Probe mit
    einem Benny wiederholen, ``kampf.ereignis_probe_wiederholen``; ausgeschlagen mit
    ``kampf.ereignis_probe_behalten``, dem Zugende, der nächsten Karte oder dem Austeilen).
    """
    aus: list[Entscheidung] = []
    os_ = zustand.offener_schaden
    if os_ is not None and _kann_wegstecken(zustand):
        wunden = "1 Wunde" if os_.wunden == 1 else f"{os_.wunden} Wunden"
        nochmal = " – noch einmal mit einem weiteren Benny" if os_.versuche else ""
        aus.append(Entscheidung("wegstecken", os_.ziel, f"{os_.ziel} kann {wunden} wegstecken (Benny){nochmal} – oder verzichtet"))
    la = dict(zustand.letzter_angriff)
    if la and la["treffer"] == 0 and k.angriff_wiederholbar(zustand) is None:
        wer = la["daten"]["angreifer"]
        aus.append(Entscheidung("wiederholen", wer, f"{wer} kann den Angriff mit einem Benny wiederholen (das bessere Ergebnis zählt)"))
    for p in zustand.offene_proben:
        if k.offene_probe(zustand, p.name, p.art) is p:
            aus.append(Entscheidung(f"{p.art}_wiederholen", p.name, _WIEDERHOLEN_TEXT[p.art](zustand, p.name)))
    for kf in zustand.kaempfer:
        if kf.ag_probe_offen:
            aus.append(Entscheidung("ausser_gefecht", kf.name, f"{kf.name}: Außer-Gefecht-Probe würfeln"))
    for i, t in enumerate(zustand.offene_treffer):
        steig = " (mit Steigerung)" if t.steigerung else ""
        aus.append(Entscheidung(f"schaden:{i}", t.angreifer, f"Schaden würfeln: {t.angreifer} trifft {t.ziel}{steig}"))
    for name in k.ausbluten_faellig(zustand):
        aus.append(Entscheidung("ausbluten", name, f"{name} blutet aus: Ausbluten-Probe vor den Karten"))
    for name in sorted(zustand.erholung_offen):
        kf = zustand.kaempfer_namens(name)
        if kf.angeschlagen and kf.kampffaehig:
            aus.append(Entscheidung("erholung", name, f"{name} ist Angeschlagen: Erholungsprobe oder Benny"))
    return aus


# --------------------------------------------------------------------------- Ein-Klick-Schritte


def _schritt(verlauf: Verlauf, baue: Callable[[Kampfzustand], Ereignis]) -> Ereignis:
    ereignis = baue(verlauf.zustand)
    verlauf.ausfuehren(ereignis)
    return ereignis


def angreifen(
    verlauf: Verlauf, wer: str, ziel: str, waffe: str, situation: k.Angriffssituation = k.Angriffssituation(),
    *, rng: Any = None, augen: Any = None, schaden_augen: Any = None,
) -> list[str]:
    """Ein Klick „Angreifen“: die Angriffsprobe und bei einem Treffer gleich der Schaden.

    Mit eingetippten Angriffswürfeln würfelt das Programm den Schaden nur, wenn auch
    ``schaden_augen`` eingetippt sind – sonst bleibt der Treffer als offene Entscheidung
    („Schaden würfeln“) stehen. Ein Treffer, nach dem eine Entscheidung ansteht (Wegstecken), lässt
    weitere Treffer offen. Gibt die Protokollzeilen zurück (ein abgelehnter Schadenswurf als
    „⚠ Schaden: …“, der Treffer bleibt offen); ein abgelehnter Angriff wirft
    :class:`KampfFehler` und ändert nichts.
    """
    vorher = len(verlauf.zustand.offene_treffer)
    zeilen = [_schritt(verlauf, lambda z: k.ereignis_angriff(z, wer, ziel, waffe, situation, rng=rng, augen=augen)).text]
    if augen is not None and schaden_augen is None:
        return zeilen
    neue = len(verlauf.zustand.offene_treffer) - vorher
    for _ in range(neue):
        if _blockierende_entscheidung(verlauf.zustand) or len(verlauf.zustand.offene_treffer) <= vorher:
            break
        quelle = {"augen": schaden_augen} if schaden_augen is not None else {"rng": rng}
        try:
            zeilen.append(_schritt(verlauf, lambda z: k.ereignis_schaden(z, nummer=vorher, **quelle)).text)
        except ValueError as fehler:  # KampfFehler, WuerfelFehler: der Angriff gilt, der Treffer bleibt offen
            zeilen.append(f"⚠ Schaden: {fehler} – der Treffer bleibt offen.")
            break
        if schaden_augen is not None:
            break  # nur ein Satz eingetippter Schadenswürfel
    return zeilen


def zug_beenden(verlauf: Verlauf) -> list[str]:
    """Ein Klick „Zug beenden“: die Karte ist ausgespielt, die nächste wird aufgerufen (falls es
    eine gibt)."""
    zeilen = [_schritt(verlauf, k.ereignis_fertig).text]
    if verlauf.zustand.naechster():
        zeilen.append(_schritt(verlauf, k.ereignis_am_zug).text)
    return zeilen


def neue_runde(verlauf: Verlauf, *, rng: Any = None, karten: dict[str, list[str]] | None = None) -> list[str]:
    """Ein Klick „Neue Runde“: Runde beginnen, Karten austeilen, die erste Karte aufrufen.

    Blutet jemand aus, hält der Schritt nach dem Rundenbeginn an: erst die Ausbluten-Proben
    (Entscheidung ``ausbluten``), dann ein weiterer Klick teilt aus. Steht die Runde schon und
    fehlen nur die Karten, teilt derselbe Knopf aus.
    """
    zeilen = []
    z = verlauf.zustand
    if z.runde == 0 or not k.braucht_karte(z):
        zeilen.append(_schritt(verlauf, k.ereignis_runde).text)
    bluten = [e.wer for e in offene_entscheidungen(verlauf.zustand) if e.schluessel == "ausbluten"]
    if bluten:
        if not zeilen:
            raise KampfFehler(f"Erst die Ausbluten-Probe vor den Karten: {', '.join(bluten)}.")
        return zeilen
    if k.braucht_karte(verlauf.zustand):
        quelle = {"eingetippt": karten} if karten else {"rng": rng}
        zeilen.append(_schritt(verlauf, lambda z: k.ereignis_karten(z, **quelle)).text)
    if verlauf.zustand.naechster():
        zeilen.append(_schritt(verlauf, k.ereignis_am_zug).text)
    return zeilen


def naechste_runde_moeglich(zustand: Kampfzustand) -> Aktion:
    """Ob „Neue Runde“ jetzt geht (alle haben gehandelt oder noch keine Runde), mit Grund."""
    if zustand.runde == 0:
        return Aktion("runde", "Neue Runde: Karten austeilen", True, None)
    offen = [e for e in offene_entscheidungen(zustand) if e.schluessel not in ("ausbluten", "ausbluten_wiederholen")]
    if offen:
        return Aktion("runde", "Neue Runde: Karten austeilen", False, f"Erst: {offen[0].text}.")
    if zustand.am_zug or zustand.naechster():
        return Aktion("runde", "Neue Runde: Karten austeilen", False,
                      f"In dieser Runde ist noch jemand dran ({zustand.am_zug or zustand.naechster()}).")
    return Aktion("runde", "Neue Runde: Karten austeilen", True, None)
