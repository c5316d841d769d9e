"""Savage Worlds: die Zug-Schnittstelle für das Zug-Panel (siehe ``gm_helfer.zug``).

Reine Funktionen über dem :class:`~gm_helfer.savage_worlds.kampf.Kampfzustand`: wer jetzt
handelt, die Reihenfolge, was er jetzt darf (verbotene Aktionen mit deutschem Grund – die
Gründe kommen aus den Prüfungen der Regeln selbst), Standardziel und -waffe, und die offenen
Entscheidungen, die bleiben, bis sie genommen oder ausgeschlagen sind.

Dazu die Schritte, die das Zug-Panel mit einem Klick ausführt (:func:`angreifen`,
:func:`zug_beenden`, :func:`verzichten`, :func:`neue_runde`): jeder ist eine Folge gewöhnlicher
Ereignisse im Protokoll mit einer gemeinsamen Schritt-Nummer (:meth:`Verlauf.schritt`) – ein
Rückgängig nimmt den ganzen Klick zurück.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import vorschlag as vs
from gm_helfer.savage_worlds.kampf import KampfFehler, Kampfzustand
from gm_helfer.savage_worlds.vorschlag import Vorschlag
from gm_helfer.zug import Aktion, Entscheidung

__all__ = [
    "Aktion",
    "Entscheidung",
    "aktionen",
    "am_zug",
    "angreifen",
    "neue_runde",
    "noch_auf_der_karte",
    "NSC_AUTOMATIK",
    "nsc_entscheiden",
    "verzichten",
    "offene_entscheidungen",
    "reihenfolge",
    "standard_waffe",
    "standard_ziel",
    "ausschalt_chancen",
    "ziel_reihenfolge",
    "ziel_optionen",
    "wurf_beispiele",
    "gruppe_handelt",
    "vorschlag",
    "vorschlag_spielen",
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
        if not _gehandelt(zustand, m.name) and m.name not in zustand.mitglieder_fertig:
            return m.name
    return mitglieder[0].name


def noch_auf_der_karte(zustand: Kampfzustand) -> list[str]:
    """Wer auf der aufgerufenen Karte noch handelt (wer gerade am Zug ist zuerst): „Alle
    verbündeten Statisten unter der Kontrolle des jeweiligen Spielers handeln auf seiner
    Aktionskarte“, eine Gruppe gleichartiger Statisten auf ihrer."""
    wer = am_zug(zustand)
    if wer is None:
        return []
    rest = [m.name for m in zustand.mitglieder(zustand.am_zug)
            if m.kampffaehig and m.name != wer and m.name not in zustand.mitglieder_fertig and not _gehandelt(zustand, m.name)]
    return [wer, *rest]


def _zug_beenden_ereignis(zustand: Kampfzustand) -> Ereignis:
    """Was „Zug beenden“ zuerst schreibt: handeln auf der Karte noch andere, ist nur dieses Mitglied
    fertig; sonst ist die Karte ausgespielt."""
    noch = noch_auf_der_karte(zustand)
    if len(noch) > 1:
        return k.ereignis_mitglied_fertig(zustand, noch[0])
    return k.ereignis_fertig(zustand)


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


_AUSSCHALTEN: dict[tuple[str, str], tuple[Kampfzustand, dict[str, float]]] = {}
"""Zuletzt gerechnete Ausschaltchancen je (Angreifer, Waffe) – gilt, solange der Zustand derselbe ist."""


def ausschalt_chancen(zustand: Kampfzustand, wer: str | None, waffe: str | None = None) -> dict[str, float]:
    """Die exakte Chance, jeden kampffähigen Gegner mit diesem Angriff (ohne Lagemodifikatoren)
    außer Gefecht zu setzen (:func:`~gm_helfer.savage_worlds.vorschau.angriff_vorschau`, Stufe
    „Außer Gefecht“); gemerkt, solange der Zustand derselbe ist (ein Klick ändert nur die Lage)."""
    from gm_helfer.savage_worlds import vorschau

    if not wer:
        return {}
    waffe = waffe or standard_waffe(zustand, wer) or "Waffenlos"
    gemerkt = _AUSSCHALTEN.get((wer, waffe or ""))
    if gemerkt is not None and gemerkt[0] is zustand:
        return gemerkt[1]
    seite = zustand.kaempfer_namens(wer).seite
    chancen: dict[str, float] = {}
    for kf in zustand.kaempfer:
        if kf.seite != seite and kf.kampffaehig:
            try:
                chancen[kf.name] = vorschau.angriff_vorschau(zustand, wer, kf.name, waffe).get("Außer Gefecht", 0.0)
            except KampfFehler:
                continue
    if len(_AUSSCHALTEN) > 64:
        _AUSSCHALTEN.clear()
    _AUSSCHALTEN[(wer, waffe or "")] = (zustand, chancen)
    return chancen


def ziel_reihenfolge(zustand: Kampfzustand, wer: str | None, taktik: Any = None) -> list[str]:
    """Die Gegner in der Reihenfolge, in der die Taktik der Seite sie angreift („schwaechster“:
    die meisten Wunden zuerst …) – der Gleichstandsbrecher der Zielvorgabe; im Nahkampf Stehende
    vorn, wie bei :func:`standard_ziel`."""
    from gm_helfer.savage_worlds import simulation as sim

    if not wer:
        return []
    kf_wer = zustand.kaempfer_namens(wer)
    regel = (taktik or sim.Taktik()).ziel
    schluessel = sim._ZIEL_SCHLUESSEL.get(regel, sim._ZIEL_SCHLUESSEL["erster"])
    gegner = [(i, kf) for i, kf in enumerate(zustand.kaempfer) if kf.seite != kf_wer.seite and kf.kampffaehig]
    nah = set(k.im_nahkampf(zustand, wer))
    return [kf.name for _, kf in sorted(gegner, key=lambda t: (t[1].name not in nah, schluessel(t)))]


def ziel_optionen(zustand: Kampfzustand, wer: str | None, waffe: str | None = None) -> tuple[dict[str, str], str | None]:
    """Die Zielauswahl des Panels: die Gegner nach der Chance, sie mit diesem Angriff außer
    Gefecht zu setzen („Bandit 2 – 31,4 % außer Gefecht“), dahinter die übrigen; vorgewählt das
    wahrscheinlichste Ziel (Gleichstand: :func:`ziel_reihenfolge`). ``(optionen, vorgabe)``."""
    from gm_helfer.savage_worlds.tisch import sitzung
    from gm_helfer.tisch_kern import ziele_nach_chance

    optionen, bestes = ziele_nach_chance(ausschalt_chancen(zustand, wer, waffe), ziel_reihenfolge(zustand, wer),
                                         sitzung.ziele(zustand, wer))
    return optionen, bestes or standard_ziel(zustand, wer)


def wurf_beispiele(zustand: Kampfzustand, wer: str | None, ziel: str | None, waffe: str | None) -> tuple[str, str]:
    """Die Platzhalter der Würfelfelder für diesen Angriff: ``(Angriff, Schaden)``, je ein
    vollständiges Beispiel mit so vielen Augen, wie geworfen werden („z. B. 7, 5 (W8!+W6!)“ für
    einen Wildcard, „z. B. 7 (W6!)“ für einen Statisten; der Schaden nennt die Steigerung dazu)."""
    from gm_helfer import wuerfel
    from gm_helfer.savage_worlds.proben import probenausdruck
    from gm_helfer.savage_worlds.schaden import schadensausdruck

    if not wer or not ziel or not waffe:
        return "z. B. 7, 5", "z. B. 7, 5"
    try:
        w = k.angriffs_werte(zustand, wer, ziel, waffe)
        kf = zustand.kaempfer_namens(wer)
        angriff = probenausdruck(w["eigenschaft"], wildcard=w["wildcard"], anzahl=w["anzahl"])
        schaden = schadensausdruck(kf.waffe(waffe).schaden, kf.attribut("staerke"))
    except (KampfFehler, ValueError, KeyError):
        return "z. B. 7, 5", "z. B. 7, 5"
    return (f"z. B. {wuerfel.beispiel(angriff)} ({angriff})",
            f"z. B. {wuerfel.beispiel(schaden)} ({schaden}; Steigerung: +W6)")


def _angriff_grund(zustand: Kampfzustand, wer: str, waffe: str | None, blockiert: str | None) -> str | None:
    """Warum ``wer`` jetzt nicht angreifen darf (``None``: er darf)."""
    if blockiert is not None:
        return blockiert
    grund = _pruefe(lambda: k._darf_handeln(zustand, wer))
    if grund is not None:
        return grund
    if standard_ziel(zustand, wer) is None:
        return "Kein Gegner steht mehr."
    if waffe and f"angriff:{waffe}" in [a for n, a in zustand.aktionen_runde if n == wer]:
        return f"{wer} hat mit {waffe} in dieser Runde schon angegriffen – dieselbe Aktion nicht zweimal pro Runde."
    angesagt = k.angesagte_aktionen(zustand, wer)
    if (angesagt is not None and not zustand.optionen.aktion_anhaengen
            and sum(1 for n, _ in zustand.aktionen_runde if n == wer) >= angesagt):
        return f"{wer} hat {angesagt} Aktion(en) angesagt und schon ausgeführt."
    return None


def _erholung_aktionen(zustand: Kampfzustand, kf: k.Kaempfer, blockiert: str | None) -> list[Aktion]:
    """Erholungsprobe und Benny für einen Angeschlagenen, der noch kämpft (sonst nichts)."""
    if not (kf.angeschlagen and kf.kampffaehig):
        return []
    wer = kf.name
    schon = wer not in zustand.erholung_offen and zustand.empfaenger(kf) == zustand.am_zug
    bennies = kf.bennies + (zustand.spielleiter_bennies if kf.seite != "Helden" and kf.wildcard else 0)
    return [
        Aktion("erholung", "Erholungsprobe (Willenskraft)", not schon and blockiert is None,
               "Die Erholungsprobe gab es in diesem Zug schon." if schon else blockiert),
        Aktion("benny_erholen", "Benny: nicht mehr Angeschlagen", bennies > 0,
               None if bennies > 0 else f"{wer} hat keinen Benny."),
    ]


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
    waffe = waffe or standard_waffe(zustand, wer)
    grund = _angriff_grund(zustand, wer, waffe, blockiert)
    aus = [Aktion("angriff", "Angreifen", grund is None, grund)]
    aus += _erholung_aktionen(zustand, kf, blockiert)
    emp = zustand.empfaenger(kf)
    abwarten = _pruefe(lambda: k.anwenden(zustand, k.ereignis_abwarten(zustand, emp)))
    aus.append(Aktion("abwarten", "Abwarten", abwarten is None and blockiert is None, blockiert or abwarten))
    fertig = blockiert or _pruefe(lambda: k.anwenden(zustand, _zug_beenden_ereignis(zustand)))
    aus.append(Aktion("fertig", "Zug beenden, nächste Karte", fertig is None, fertig))
    passen = blockiert or _pruefe(lambda: k.anwenden(zustand, k.ereignis_passen(zustand, emp)))
    aus.append(Aktion("passen", "Verzichten (Aktion auslassen)", passen is None, passen))
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
    Benny wiederholen, ``kampf.ereignis_angriff_wiederholen``; ausgeschlagen mit dem Zugende), ``ausser_gefecht``,
    ``ausbluten`` (Rundenbeginn, vor den Karten), ``erholung`` (Angeschlagen zu Beginn des Zugs: Probe oder Benny),
    ``erholung_wiederholen``, ``ausser_gefecht_wiederholen``, ``ausbluten_wiederholen`` (die Probe mit
    einem Benny wiederholen, ``kampf.ereignis_probe_wiederholen``; ausgeschlagen mit
    ``kampf.ereignis_probe_behalten``, dem Zugende, der nächsten Karte oder dem Austeilen).
    """
    aus: list[Entscheidung] = []
    os_ = zustand.offener_schaden
    if os_ is not None and _kann_wegstecken(zustand):
        wunden = "1 Wunde" if os_.wunden == 1 else f"{os_.wunden} Wunden"
        nochmal = " – noch einmal mit einem weiteren Benny" if os_.versuche else ""
        aus.append(Entscheidung("wegstecken", os_.ziel,
                                f"{os_.ziel} kann {wunden} wegstecken (Benny){nochmal} – oder verzichtet"))
    la = dict(zustand.letzter_angriff)
    if la and la["treffer"] == 0 and k.angriff_wiederholbar(zustand) is None:
        wer = la["daten"]["angreifer"]
        aus.append(Entscheidung("wiederholen", wer,
                                f"{wer} kann den Angriff mit einem Benny wiederholen (das bessere Ergebnis zählt)"))
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
    :class:`KampfFehler` und ändert nichts. Ein Klick ist ein Schritt: ein Rückgängig nimmt Angriff
    und Schaden zusammen zurück (:meth:`gm_helfer.protokoll.Verlauf.schritt`).
    """
    with verlauf.schritt():
        return _angreifen(verlauf, wer, ziel, waffe, situation, rng=rng, augen=augen, schaden_augen=schaden_augen)


def _angreifen(
    verlauf: Verlauf, wer: str, ziel: str, waffe: str, situation: k.Angriffssituation,
    *, rng: Any, augen: Any, schaden_augen: Any,
) -> list[str]:
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
            zeilen.append(_schritt(verlauf, lambda z, quelle=quelle: k.ereignis_schaden(z, nummer=vorher, **quelle)).text)
        except ValueError as fehler:  # KampfFehler, WuerfelFehler: der Angriff gilt, der Treffer bleibt offen
            zeilen.append(f"⚠ Schaden: {fehler} – der Treffer bleibt offen.")
            break
        if schaden_augen is not None:
            break  # nur ein Satz eingetippter Schadenswürfel
    return zeilen


def zug_beenden(verlauf: Verlauf) -> list[str]:
    """Ein Klick „Zug beenden“: handeln auf der Karte noch andere (verbündete Statisten eines
    Wildcards, eine Statistengruppe), ist das nächste Mitglied dran – auch wenn der Wildcard
    Angeschlagen ist; sonst ist die Karte ausgespielt und die nächste wird aufgerufen (falls es
    eine gibt). Ein Schritt."""
    with verlauf.schritt():
        erstes = _schritt(verlauf, _zug_beenden_ereignis)
        zeilen = [erstes.text]
        if erstes.art == "fertig" and verlauf.zustand.naechster():
            zeilen.append(_schritt(verlauf, k.ereignis_am_zug).text)
        return zeilen


def verzichten(verlauf: Verlauf) -> list[str]:
    """Ein Klick „Verzichten“: wer an der Reihe ist, lässt seine Aktion in dieser Runde aus (im
    Protokoll „verzichtet“), die nächste Karte wird aufgerufen; ein Schritt."""
    with verlauf.schritt():
        zeilen = [_schritt(verlauf, k.ereignis_passen).text]
        if verlauf.zustand.naechster():
            zeilen.append(_schritt(verlauf, k.ereignis_am_zug).text)
        return zeilen


def neue_runde(verlauf: Verlauf, *, rng: Any = None, karten: dict[str, list[str]] | None = None) -> list[str]:
    """Ein Klick „Neue Runde“: Runde beginnen, Karten austeilen, die erste Karte aufrufen.

    Blutet jemand aus, hält der Schritt nach dem Rundenbeginn an: erst die Ausbluten-Proben
    (Entscheidung ``ausbluten``), dann ein weiterer Klick teilt aus. Steht die Runde schon und
    fehlen nur die Karten, teilt derselbe Knopf aus. Ein Schritt.
    """
    with verlauf.schritt():
        return _neue_runde(verlauf, rng=rng, karten=karten)


def _neue_runde(verlauf: Verlauf, *, rng: Any, karten: dict[str, list[str]] | None) -> list[str]:
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


# --------------------------------------------------------------------------- Vorschläge der Taktik


def vorschlag(zustand: Kampfzustand, wer: str | None, *, taktik: Any = None, rng: Any = None) -> Vorschlag | None:
    """Was die Taktik der Seite von ``wer`` jetzt tut (:func:`gm_helfer.savage_worlds.vorschlag.naechster_schritt`,
    derselbe Code wie die Simulation): Aktionsschlüssel, Ziel, Waffe, deutscher Text. ``None``: ``wer``
    hat gerade nichts zu entscheiden (ein anderer ist dran, oder der Kampf ist entschieden).
    ``rng`` braucht nur die Zielwahl „zufall“."""
    if not wer:
        return None
    v = vs.naechster_schritt(zustand, vs.taktik_je_seite(zustand, taktik), rng)
    if v is None or v.wer is None:
        return None
    if v.wer == wer:
        return v
    # die Karte (Zugende) gehört dem Empfänger; ein Mitglied fragt nach ihr
    kf = zustand.kaempfer_namens(wer)
    if v.aktion == "fertig" and zustand.empfaenger(kf) == v.wer:
        return v
    return None


def vorschlag_spielen(verlauf: Verlauf, wer: str, *, augen: Any = None, rng: Any = None, taktik: Any = None,
                      bis_zugende: bool = False) -> list[Ereignis]:
    """Spielt den Vorschlag für ``wer`` mit denselben ``ereignis_*``-Bauern (und Regelprüfungen) wie
    ein Klick; ein Schritt (ein Rückgängig). Nach einem Angriff mit Treffer wird der Schaden gleich
    gewürfelt (wie „Angreifen“), mit eingetippten ``augen`` bleibt er offen. ``bis_zugende``: schlägt
    die Taktik danach das Ende dieser Karte vor (nichts offen, niemand sonst auf ihr), endet der Zug
    im selben Schritt und die nächste Karte wird aufgerufen. Gibt die Ereignisse.

    Raises:
        KampfFehler: ``wer`` hat gerade nichts zu entscheiden.
    """
    v = vorschlag(verlauf.zustand, wer, taktik=taktik, rng=rng)
    if v is None:
        raise KampfFehler(f"{wer} hat gerade nichts zu entscheiden.")
    vorher = len(verlauf.ereignisse)
    with verlauf.schritt():
        if v.aktion == "angriff":
            assert v.ziel is not None and v.waffe is not None
            _angreifen(verlauf, wer, v.ziel, v.waffe, k.Angriffssituation(), rng=rng, augen=augen, schaden_augen=None)
        else:
            verlauf.ausfuehren(vs.ereignis(verlauf.zustand, v, rng=rng, augen=augen))
            if v.aktion == "fertig" and verlauf.zustand.naechster():
                verlauf.ausfuehren(k.ereignis_am_zug(verlauf.zustand))
        karte = verlauf.zustand.am_zug
        if bis_zugende and karte and v.aktion != "fertig":
            danach = vs.naechster_schritt(verlauf.zustand, vs.taktik_je_seite(verlauf.zustand, taktik), rng)
            if danach is not None and danach.aktion == "fertig" and danach.wer == karte:
                _fertig(verlauf)
    return list(verlauf.ereignisse[vorher:])


def _npc(zustand: Kampfzustand, name: str | None) -> bool:
    return bool(name) and zustand.kaempfer_namens(name).seite != "Helden"  # type: ignore[arg-type]


def gruppe_handelt(verlauf: Verlauf, *, rng: Any = None, taktik: Any = None) -> list[tuple[str, list[str]]]:
    """Alle Nichtspieler der aufgerufenen Karte handeln nach ihren Vorschlägen (Statisten einer
    Gruppe; die verbündeten Statisten eines Nichtspieler-Wildcards), samt ihrer Folgen, die die
    Taktik der Gegenseite entscheidet, solange sie Nichtspieler sind (Wegstecken eines
    Schurken-Wildcards, Außer-Gefecht-Probe). Hält an, sobald ein Held entscheiden muss (etwa
    Wegstecken), die Karte ausgespielt ist oder der Kampf entschieden. Ein Schritt für die ganze
    Gruppe (ein Rückgängig). Gibt je Vorschlag ``(wer, Protokollzeilen)``."""
    z = verlauf.zustand
    if not z.am_zug or not any(_npc(z, m.name) for m in z.mitglieder(z.am_zug)):
        raise KampfFehler("Gerade ist keine Nichtspielergruppe an der Reihe.")
    karte = z.am_zug
    aus: list[tuple[str, list[str]]] = []
    with verlauf.schritt():
        while True:
            z = verlauf.zustand
            v = vs.naechster_schritt(z, vs.taktik_je_seite(z, taktik), rng)
            if v is None or z.am_zug != karte or v.aktion in ("runde", "karten", "am_zug"):
                break
            wer = v.wer or ""
            if v.aktion != "fertig" and not _npc(z, wer):
                break  # ein Held entscheidet selbst
            if v.aktion == "fertig":
                if v.wer != karte:
                    break
                neu = _fertig(verlauf)
                aus.append((karte, [e.text for e in neu]))
                break
            vorher = len(verlauf.ereignisse)
            if v.aktion == "angriff":
                assert v.ziel is not None and v.waffe is not None
                _angreifen(verlauf, wer, v.ziel, v.waffe, k.Angriffssituation(), rng=rng, augen=None, schaden_augen=None)
            else:
                verlauf.ausfuehren(vs.ereignis(z, v, rng=rng))
            aus.append((wer, [e.text for e in verlauf.ereignisse[vorher:]]))
    return aus


def _fertig(verlauf: Verlauf) -> list[Ereignis]:
    vorher = len(verlauf.ereignisse)
    verlauf.ausfuehren(k.ereignis_fertig(verlauf.zustand))
    if verlauf.zustand.naechster():
        verlauf.ausfuehren(k.ereignis_am_zug(verlauf.zustand))
    return list(verlauf.ereignisse[vorher:])


# --------------------------------------------------------------------------- Entscheidungen der Gegner ohne Rückfrage

NSC_AUTOMATIK: dict[str, str] = {
    "wegstecken": "Wegstecken der Gegner-Wildcards (Benny oder nicht, dann die Außer-Gefecht-Probe)",
    "benny": "Bennies der Gegner gegen Angeschlagen",
    "gruppe": "Gegnergruppe spielt nach der Entscheidung eines Helden auf ihrer Karte weiter",
}
"""Die Arten von Entscheidungen der Nichtspieler, die das Panel je Schalter ohne Rückfrage nach der
Taktik trifft (:func:`nsc_entscheiden`): Schlüssel → Beschriftung des Schalters."""

_AUTOMATIK_AKTIONEN: dict[str, tuple[str, ...]] = {
    "wegstecken": ("wegstecken", "verzicht", "ausser_gefecht"),
    "benny": ("benny_erholen",),
}


def nsc_entscheiden(verlauf: Verlauf, arten: Any, *, taktik: Any = None, rng: Any = None) -> list[str]:
    """Trifft die offenen Entscheidungen der Nichtspieler der Arten ``arten`` (Schlüssel von
    :data:`NSC_AUTOMATIK`) nach ihrer Taktik – dieselbe Wahl wie der Vorschlag und die Simulation
    (:func:`gm_helfer.savage_worlds.vorschlag.naechster_schritt`: Wegstecken mit Benny oder Verzicht
    nach :func:`~gm_helfer.savage_worlds.simulation.steckt_weg`, die Außer-Gefecht-Probe danach, der
    Benny gegen Angeschlagen nach ``benny_statt_erholung``/``benny_nach_erholung``). Jede als
    gewöhnliches Ereignis mit seiner Regel, über dieselben Regelprüfungen wie ein Klick; im Schritt,
    der gerade läuft (das Panel ruft es im Schritt des Klicks, der die Entscheidung geöffnet hat: ein
    Rückgängig nimmt beides zurück). Hält an, sobald die Taktik etwas anderes vorschlägt oder ein Held
    entscheidet. Gibt die Protokollzeilen (leer: nichts zu entscheiden)."""
    erlaubt = {a for art in arten or () for a in _AUTOMATIK_AKTIONEN.get(art, ())}
    zeilen: list[str] = []
    arten = set(arten or ())
    if not erlaubt and "gruppe" not in arten:
        return zeilen
    with verlauf.schritt():
        for _ in range(4 * len(verlauf.zustand.kaempfer) + 8):  # jede Entscheidung schließt sich; Schranke nur zur Sicherheit
            z = verlauf.zustand
            v = vs.naechster_schritt(z, vs.taktik_je_seite(z, taktik), rng)
            if v is None or v.aktion not in erlaubt or not _npc(z, v.wer):
                break
            e = vs.ereignis(z, v, rng=rng)
            verlauf.ausfuehren(e)
            zeilen.append(f"Taktik: {e.text}")
        if "gruppe" in arten and _gruppe_angefangen(verlauf.zustand, taktik, rng):
            zeilen += [f"Taktik: {t}" for _, teil in gruppe_handelt(verlauf, rng=rng, taktik=taktik) for t in teil]
    return zeilen


def _gruppe_angefangen(z: Kampfzustand, taktik: Any, rng: Any) -> bool:
    """Ob auf der aufgerufenen Karte einer Nichtspielergruppe schon jemand gehandelt hat und die
    Taktik jetzt wieder ein Mitglied handeln lässt (die Gruppe hielt für die Entscheidung eines Helden an)."""
    if not z.am_zug:
        return False
    mitglieder = z.mitglieder(z.am_zug)
    if not any(_npc(z, m.name) for m in mitglieder) or not any(_gehandelt(z, m.name) for m in mitglieder):
        return False
    v = vs.naechster_schritt(z, vs.taktik_je_seite(z, taktik), rng)
    if v is None or v.aktion in ("runde", "karten", "am_zug"):
        return False
    return v.wer == z.am_zug if v.aktion == "fertig" else _npc(z, v.wer)
