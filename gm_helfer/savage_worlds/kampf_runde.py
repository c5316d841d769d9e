"""Savage-Worlds-Kampf: Runde und Karten (Initiative, Herunterzählen, Abwarten, Überraschung, Unterbrechen, Patt).

Teil von :mod:`gm_helfer.savage_worlds.kampf`; Regel: ``regeln/savage_worlds.txt`` › Initiative.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from gm_helfer.karten import Karte, KartenFehler, Stapel, blatt
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.initiative import karte_waehlen
from gm_helfer.savage_worlds.kampf_zustand import (
    KampfFehler,
    Kampfzustand,
    R,
    _anwenden_mit,
    _augen_oder_rng,
    _ausbluten_zuerst,
    _ausser_gefecht_zuerst,
    _erholung_faellig,
    _karten_text,
    _nichts_offen,
    _ohne_text,
    _stehende_empfaenger,
    _talentstufe,
    _verzeichnis,
    erholung_sofort,
    joker_halter,
    unterbrechen_ohne_probe,
)
from gm_helfer.savage_worlds.proben import (
    Probe,
    vergleichen,
    wuerfle_probe,
)
from gm_helfer.schnell import ersetzen as replace
from gm_helfer.schnell import gemerkt, merken


def ereignis_runde(zustand: Kampfzustand, *, text: bool = True) -> Ereignis:
    """Eine neue Runde beginnt (vor dem Ausbluten und dem Austeilen). ``text=False``: ohne
    Protokolltext (Simulation)."""
    if not text:
        return _ohne_text("runde", {"runde": zustand.runde + 1}, R + "Initiative › Mischen")
    text_ = f"Runde {zustand.runde + 1} beginnt"
    if zustand.joker_in_runde:
        text_ += " – nach dem Joker wird der Stapel gemischt"
    return Ereignis("runde", {"runde": zustand.runde + 1}, regel=R + "Initiative › Mischen", text=text_)


def _runde_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausbluten_zuerst(z, "Eine neue Runde")
    _ausser_gefecht_zuerst(z, "eine neue Runde")
    _nichts_offen(z, "eine neue Runde")
    noch = noch_nicht_gehandelt(z)
    if noch:
        raise KampfFehler(
            f"{', '.join(noch)} {'hat' if len(noch) == 1 else 'haben'} in dieser Runde noch nicht gehandelt – erst "
            "handeln, abwarten oder verzichten lassen, dann eine neue Runde („zählt der Spielleiter vom Ass zur Zwei "
            "herunter, und jede Gruppe wickelt ihre Aktionen ab, wenn ihre Karte aufgerufen wird“)."
        )
    sofort = erholung_sofort(z)
    if sofort:
        raise KampfFehler(
            f"Erst muss {', '.join(sofort)} die Aktion für die Erholungsprobe einsetzen („Falls ein Abwartender Charakter "
            "nach der Aktion eines anderen Charakters Angeschlagen ist, muss er seine Aktion unmittelbar dafür einsetzen“)."
        )
    behalten = [(emp, k, r) for emp, k, r in z.karten if emp in z.abwartend]
    weg = [k for emp, k, _ in z.karten if emp not in z.abwartend]
    stapel = _ablegen(z.stapel, weg) if weg else z.stapel
    if z.joker_in_runde:
        stapel = _gemischt(z.runde, tuple(k for _, k, _ in behalten))
    return replace(
        z,
        runde=z.runde + 1,
        stapel=stapel,
        karten=tuple(behalten),
        abwartend=frozenset(emp for emp, _, _ in behalten),
        gehandelt=frozenset(),
        mitglieder_fertig=frozenset(),
        am_zug="",
        joker_in_runde=False,
        nur_freie_aktionen=frozenset(),
        erholung_offen=frozenset(),
        aktionen_runde=(),
        angesagt=(),
        bewegung=(),
        sprint=(),
        patt_folge=(),
        muss_handeln=frozenset(),
        offene_treffer=(),
        offener_schaden=None,
        ueberrascht=z.ueberrascht if z.runde == 0 else frozenset(),
        ausbluten_offen=frozenset(k.name for k in z.kaempfer if k.blutet and not k.tot),
        ausbluten_gewuerfelt=frozenset(),
        vorrang=(),
        weggesteckt_gegen=frozenset(),
    )


_BLATT_IDS = frozenset(id(k) for k in blatt())


def _ablegen(stapel: Stapel, karten: list[Karte]) -> Stapel:
    """``stapel.ablegen(karten)`` – für Karten des Blatts mit der Prüfung nach Identität (die Karten
    des Blatts sind verschieden), statt jede Karte Python-seitig zu hashen und zu vergleichen."""
    im_stapel = set(map(id, stapel.ziehstapel))
    im_stapel.update(map(id, stapel.ablage))
    weg = set(map(id, karten))
    if not (im_stapel <= _BLATT_IDS and weg <= _BLATT_IDS) or len(weg) != len(karten) or not weg.isdisjoint(im_stapel):
        return stapel.ablegen(karten)  # fremde Karten oder ein Fehler: die Meldung von ablegen
    return Stapel(stapel.ziehstapel, stapel.ablage + tuple(karten))


@lru_cache(maxsize=256)
def _gemischt(runde: int, behalten: tuple[Karte, ...]) -> Stapel:
    """Nach einer Runde mit Joker: alle Karten außer den ``behalten``en neu gemischt, mit dem Zufall
    der Rundennummer (``random.Random(runde)``, damit Rückgängig und Fortsetzen denselben Stapel
    bekommen). Das hängt nur von Runde und behaltenen Karten ab – gemerkt, denn die Simulation
    mischt in jedem Kampf wieder in denselben Runden."""
    return Stapel(()).mischen(rng=random.Random(runde), behalten=behalten)


def braucht_karte(zustand: Kampfzustand) -> tuple[str, ...]:
    """Wer in dieser Runde eine Karte bekommt: jeder Empfänger mit einem kampffähigen
    Mitglied, außer Abwartenden (sie behalten ihre Karte) und in Runde 1 den Überraschten."""
    aus = []
    gruppen = _verzeichnis(zustand)[1]
    stehend = _stehende_empfaenger(gruppen)
    mit_karte = {e for e, _, _ in zustand.karten}
    for e in gruppen:
        if e in zustand.abwartend or e in mit_karte:
            continue
        if zustand.runde == 1 and e in zustand.ueberrascht:
            continue
        if e in stehend:
            aus.append(e)
    return tuple(aus)


def ereignis_karten(
    zustand: Kampfzustand, *, rng: Any = None, eingetippt: Mapping[str, Sequence[str | Karte]] | None = None,
    text: bool = True,
) -> Ereignis:
    """Teilt die Aktionskarten aus – mit ``rng`` oder wie am Tisch gezogen (``eingetippt``:
    Empfänger → Karten in der Reihenfolge des Ziehens, samt Kühler-Kopf- und Schnell-Karten).
    ``text=False``: ohne Protokolltext (Simulation)."""
    _augen_oder_rng(rng, eingetippt)
    if zustand.runde < 1:
        raise KampfFehler("Erst eine Runde beginnen, dann Karten austeilen.")
    _ausbluten_zuerst(zustand, "Karten austeilen")
    gezogen: dict[str, list[str]] = {}
    beste: dict[str, Karte | None] = {}
    if eingetippt is not None:
        unbekannt = set(eingetippt) - set(braucht_karte(zustand))
        if unbekannt:
            raise KampfFehler(f"Keine Karte bekommen gerade: {', '.join(sorted(unbekannt))}.")
        for emp in braucht_karte(zustand):
            if emp not in eingetippt:
                raise KampfFehler(f"Für {emp} fehlt die Karte.")
            gezogen[emp] = [str(k if isinstance(k, Karte) else Karte.parse(k)) for k in eingetippt[emp]]
    else:
        # Jede Karte von einer zufälligen Stelle des Ziehstapels (gleich verteilt wie „mischen und
        # oben ziehen“, ohne den ganzen Stapel vor jeder Karte zu mischen).
        stapel = zustand.stapel
        gewaehlt: dict[str, tuple[list[Karte], Karte]] = {}
        zieher = stapel.zieher()  # alle Karten dieses Austeilens ohne Zwischenstapel
        for emp in braucht_karte(zustand):
            kk, schnell = _talentstufe(zustand.mitglieder(emp))
            karten: list[Karte] = []
            while True:
                karte = zieher.ziehen(rng=rng)
                karten.append(karte)
                if not kk and not schnell:  # ohne Talente gilt die eine Karte (karte_waehlen wählte sie ebenso)
                    beste[emp] = karte
                    break
                if len(karten) >= 1 + kk:
                    try:
                        beste[emp], _ = karte_waehlen(karten, kuehler_kopf=kk, schnell=schnell)
                        break
                    except KartenFehler:
                        continue
            gezogen[emp] = [_karten_text(k) for k in karten]
            gewaehlt[emp] = (karten, beste[emp])
        stapel = zieher.stapel()
        # genau diese Daten hat die Bibliothek eben gezogen: beim Anwenden auf denselben Stapel
        # gelten der Stapel danach und die gewählten Karten, ohne die Karten erneut zu lesen und zu
        # prüfen (schneller Ereignispfad)
        merken(gezogen, (zustand.stapel, stapel, gewaehlt))
    if not text and eingetippt is None:
        return _ohne_text("karten", {"gezogen": gezogen}, R + "Initiative")
    ereignis = Ereignis("karten", {"gezogen": gezogen}, regel=R + "Initiative", eingetippt=eingetippt is not None)
    if eingetippt is not None:
        neu = _anwenden_mit(_karten_anwenden, zustand, ereignis)  # prüft eingetippte Karten schon beim Bauen (deutsche Meldung)
        beste = {emp: neu.karte_von(emp) for emp in gezogen}
    if not text:
        return ereignis
    teile = [
        f"{emp}: {beste[emp]}" + (f" (gezogen: {', '.join(ks)})" if len(ks) > 1 else "")
        for emp, ks in gezogen.items()
    ]
    return replace(ereignis, text=f"Karten für Runde {zustand.runde}: " + "; ".join(teile))


def _karten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausbluten_zuerst(z, "Karten austeilen")
    gezogen_von = gemerkt(e.daten["gezogen"])
    vertraut = gezogen_von is not None and gezogen_von[0] is z.stapel
    if vertraut:
        stapel, gewaehlt = gezogen_von[1], gezogen_von[2]  # eben von ereignis_karten aus diesem Stapel gezogen
    else:
        gezogen = {emp: [Karte.parse(k) for k in ks] for emp, ks in e.daten["gezogen"].items()}
        _, stapel = z.stapel.ziehen_eingetippt([k for ks in gezogen.values() for k in ks])
        gewaehlt = {}
    karten = list(z.karten)
    joker = z.joker_in_runde
    for emp in e.daten["gezogen"]:
        if z.karte_von(emp) is not None:
            raise KampfFehler(f"{emp} hat schon eine Karte.")
        if vertraut:
            ks, beste = gewaehlt[emp]
        else:
            ks = gezogen[emp]
            kk, schnell = _talentstufe(z.mitglieder(emp))
            beste, genutzt = karte_waehlen(ks, kuehler_kopf=kk, schnell=schnell)
            if genutzt != len(ks):
                raise KampfFehler(
                    f"{emp}: {len(ks)} Karten eingetippt, nach Kühler Kopf/Schnell zählen nur {genutzt}."
                )
        ablegen = [k for k in ks if k != beste]
        if ablegen:
            # gezogene Karten sind ausgeteilt: ablegen prüft das nur bei fremden Daten
            stapel = Stapel(stapel.ziehstapel, stapel.ablage + tuple(ablegen)) if vertraut else stapel.ablegen(ablegen)
        karten.append((emp, beste, z.runde))
        joker = joker or any(k.ist_joker for k in ks)
    return replace(z, stapel=stapel, karten=tuple(karten), joker_in_runde=joker)


def ereignis_am_zug(zustand: Kampfzustand, empfaenger: str | None = None, *, text: bool = True) -> Ereignis:
    """Das Herunterzählen: ``empfaenger`` (Standard: der Nächste) ist an der Reihe. ``text=False``:
    ohne Protokolltext (Simulation)."""
    emp = empfaenger or zustand.naechster()
    if emp is None:
        raise KampfFehler("In dieser Runde ist niemand mehr an der Reihe.")
    if not text:
        unterbricht = _joker_unterbricht(zustand, emp)
        return _ohne_text("am_zug", {"empfaenger": emp},
                          R + ("Initiative › Joker" if unterbricht else "Initiative › Das Herunterzählen"))
    karte = zustand.karte_von(emp)
    e = Ereignis(
        "am_zug", {"empfaenger": emp}, regel=R + "Initiative › Das Herunterzählen",
        text=f"{emp} {ist_oder_sind(zustand, emp)} an der Reihe ({karte or 'abwartend'})",
    )
    if _joker_unterbricht(zustand, emp):
        return replace(e, regel=R + "Initiative › Joker",
                       text=f"{emp} hält einen Joker und unterbricht {zustand.am_zug}, der danach weiterhandelt")
    return e


def _joker_unterbricht(z: Kampfzustand, emp: str) -> bool:
    """Ein Jokerhalter kommt an die Reihe, während ein anderer handelt: das ist eine Unterbrechung,
    kein Ende des Zugs des anderen."""
    return bool(z.am_zug) and z.am_zug != emp and joker_halter(z, emp)


def _am_zug_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    _ausbluten_zuerst(z, "Das Herunterzählen")
    _ausser_gefecht_zuerst(z, "der nächste ist an der Reihe")
    _nichts_offen(z, "die nächste Karte")
    if z.karte_von(emp) is None and emp not in z.abwartend and emp not in z.patt_folge and emp not in z.vorrang:
        raise KampfFehler(f"{emp} hat keine Aktionskarte.")
    if emp in z.gehandelt:
        raise KampfFehler(f"{emp} hat in dieser Runde schon gehandelt.")
    _herunterzaehlen_pruefen(z, emp)
    sofort = [s for s in erholung_sofort(z) if s != emp]
    if sofort:
        raise KampfFehler(
            f"{', '.join(sofort)} wartet ab und ist Angeschlagen: erst muss er seine Aktion für die Erholungsprobe "
            "einsetzen („muss er seine Aktion unmittelbar dafür einsetzen, eine Erholungsprobe abzulegen“)."
        )
    vorrang = tuple(v for v in z.vorrang if v != emp) if z.vorrang else ()
    if z.am_zug and z.am_zug != emp and not _joker_unterbricht(z, emp):
        _erholung_zuerst(z)  # der Zug des Vorigen endet: erst seine Erholungsprobe
    if _joker_unterbricht(z, emp):
        if joker_halter(z, z.am_zug):
            raise KampfFehler(
                f"{emp} und {z.am_zug} halten beide einen Joker: wer zuerst handelt, entscheidet eine "
                "Geschicklichkeitsprobe (Unterbrechen) – oder erst „Zug beenden“."
            )
        # Joker: „… auch wenn er damit die Aktion eines anderen Charakters unterbricht“ – der
        # Unterbrochene verliert seine Aktion nicht, er handelt danach weiter.
        gehandelt = z.gehandelt
        vorrang = (z.am_zug,) + tuple(v for v in vorrang if v != z.am_zug)
    else:
        gehandelt = z.gehandelt | {z.am_zug} if z.am_zug else z.gehandelt
    faellig = _erholung_faellig(z, emp)
    # „Dementsprechend können Angeschlagene Charaktere auch nicht Abwarten, wenn sie an der Reihe sind“ –
    # auch nicht nach einer Steigerung bei der Erholungsprobe („nicht jedoch erneut Abwarten“).
    muss = z.muss_handeln | {emp} if faellig else z.muss_handeln
    # Wunden › Timing: „Wickele jeden Schadenswurf (einschließlich Schaden wegstecken) separat ab,
    # bevor du zum nächsten übergehst“ – wer an die Reihe kommt, beendet das Wegstecken des letzten Schadens.
    return replace(z, am_zug=emp, abwartend=z.abwartend - {emp}, gehandelt=gehandelt, muss_handeln=muss, letzter_angriff=(),
                   erholung_offen=faellig, vorrang=vorrang, offener_schaden=None,
                   mitglieder_fertig=frozenset() if z.mitglieder_fertig else z.mitglieder_fertig)


def ereignis_abwarten(zustand: Kampfzustand, empfaenger: str | None = None) -> Ereignis:
    """Abwarten: die Karte bleibt, auch über das Rundenende hinaus."""
    emp = empfaenger or zustand.am_zug
    if not emp:
        raise KampfFehler("Niemand ist an der Reihe, der abwarten könnte.")
    return Ereignis("abwarten", {"empfaenger": emp}, regel=R + "Initiative › Abwarten", text=f"{emp} wartet ab")


def _abwarten_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    if z.karte_von(emp) is None and not (z.runde == 1 and emp in z.abwartend):
        raise KampfFehler(f"{emp} hat keine Aktionskarte und kann nicht abwarten.")
    if emp in z.muss_handeln:
        raise KampfFehler(
            f"{emp} muss handeln und kann nicht (erneut) abwarten – nach einer verlorenen Unterbrechung oder wenn er "
            "Angeschlagen an die Reihe kam („nicht jedoch erneut Abwarten“)."
        )
    if any(m.angeschlagen and m.kampffaehig for m in z.mitglieder(emp)):
        raise KampfFehler(f"{emp} ist Angeschlagen und kann nicht abwarten "
                          "(„Angeschlagene Charaktere können auch nicht Abwarten“).")
    return replace(z, abwartend=z.abwartend | {emp}, am_zug="" if z.am_zug == emp else z.am_zug)


def ereignis_fertig(zustand: Kampfzustand, *, text: bool = True) -> Ereignis:
    """Wer an der Reihe war, ist fertig; seine Karte gilt als ausgespielt. ``text=False``: ohne
    Protokolltext (Simulation)."""
    if not zustand.am_zug:
        raise KampfFehler("Niemand ist gerade an der Reihe.")
    if not text:
        return _ohne_text("fertig", {"empfaenger": zustand.am_zug}, R + "Initiative › Das Herunterzählen")
    return Ereignis("fertig", {"empfaenger": zustand.am_zug}, regel=R + "Initiative › Das Herunterzählen",
                    text=f"{zustand.am_zug} {ist_oder_sind(zustand, zustand.am_zug)} fertig")


def ist_oder_sind(zustand: Kampfzustand, empfaenger: str) -> str:
    """„ist“ für einen Kämpfer, „sind“ für eine Gruppe oder Seite mit einer gemeinsamen Karte
    („Banditen sind an der Reihe“); ein Wildcard mit Verbündeten heißt wie er selbst: „ist“."""
    return "ist" if empfaenger in _verzeichnis(zustand)[0] else "sind"


def _erholung_zuerst(z: Kampfzustand) -> None:
    """„Wenn ein Angeschlagener Charakter an der Reihe ist, muss er eine Erholungsprobe ablegen.“ –
    wer an der Reihe ist, beendet seinen Zug nicht (fertig, verzichtet, der Nächste kommt), solange
    ein Mitglied seiner Karte die Probe schuldet."""
    schuldig = z.erholung_offen and sorted(
        n for n in z.erholung_offen if z.kaempfer_namens(n).angeschlagen and z.kaempfer_namens(n).kampffaehig)
    if schuldig:
        raise KampfFehler(
            f"{', '.join(schuldig)}: erst die Erholungsprobe (oder einen Benny) – „Wenn ein Angeschlagener Charakter "
            "an der Reihe ist, muss er eine Erholungsprobe ablegen.“"
        )


def _fertig_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    _nichts_offen(z, "das Ende des Zugs")
    if emp == z.am_zug:
        _erholung_zuerst(z)
    return replace(z, gehandelt=z.gehandelt | {emp}, am_zug="" if z.am_zug == emp else z.am_zug, letzter_angriff=())


def ereignis_ueberraschung(
    zustand: Kampfzustand,
    hinterhalt: Sequence[str],
    opfer: Sequence[str],
    *,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
) -> Ereignis:
    """Überraschung: die Angreifer beginnen abwartend; jedes Opfer (Kartenempfänger) legt eine
    Wahrnehmungsprobe ab, misslingt sie, bekommt es in Runde 1 keine Karte."""
    _augen_oder_rng(rng, augen)
    if zustand.runde > 1 or zustand.karten:
        raise KampfFehler("Überraschung gibt es nur zu Beginn des Kampfes, vor dem ersten Austeilen.")
    proben = {}
    for emp in opfer:
        vertreter = zustand.mitglieder(emp)[0]
        probe = wuerfle_probe(
            vertreter.fertigkeit("wahrnehmung"), wildcard=vertreter.wildcard,
            modifikator=vertreter.wundabzug, rng=rng, augen=None if augen is None else augen[emp],
        )
        proben[emp] = probe
    text = "Überraschung: " + ", ".join(hinterhalt) + " lauern"
    if proben:
        text += "; " + "; ".join(f"{emp} Wahrnehmung {p.ergebnis.ergebnis}" for emp, p in proben.items())
    return Ereignis(
        "ueberraschung",
        {"hinterhalt": list(hinterhalt), "proben": {emp: p.als_dict() for emp, p in proben.items()}},
        regel=R + "Initiative › Überraschung", eingetippt=augen is not None, text=text,
    )


def _ueberraschung_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    bekannt = set(z.alle_empfaenger())
    for emp in list(e.daten["hinterhalt"]) + list(e.daten["proben"]):
        if emp not in bekannt:
            raise KampfFehler(f"„{emp}“ erhält in diesem Kampf keine Karte.")
    ueberrascht = {emp for emp, p in e.daten["proben"].items() if not Probe.aus_dict(p).ergebnis.erfolg}
    return replace(z, abwartend=z.abwartend | set(e.daten["hinterhalt"]), ueberrascht=frozenset(ueberrascht))


def ereignis_unterbrechen(
    zustand: Kampfzustand, wer: str, gegen: str, *, rng: Any = None, augen: Any = None, gegen_augen: Any = None
) -> Ereignis:
    """Aktionen unterbrechen: vergleichende Geschicklichkeitsprobe des Abwartenden gegen den, der
    gerade handelt (``wer``/``gegen`` sind Kämpfernamen).

    Ein Jokerhalter unterbricht ohne Probe (:func:`unterbrechen_ohne_probe`; dann braucht es weder
    ``rng`` noch ``augen``); zwei Jokerhalter und Abwartende würfeln."""
    a, b = zustand.kaempfer_namens(wer), zustand.kaempfer_namens(gegen)
    if unterbrechen_ohne_probe(zustand, wer, gegen):
        e = Ereignis("unterbrechen", {"wer": wer, "gegen": gegen, "ohne_probe": True}, regel=R + "Initiative › Joker",
                     text=f"{wer} hält einen Joker und unterbricht {gegen} ohne Probe („kann in dieser Runde handeln, wann "
                          f"immer er will“); {gegen} handelt danach weiter")
        _anwenden_mit(_unterbrechen_anwenden, zustand, e)
        return e
    if augen is not None and gegen_augen is None:
        raise TypeError("Für den Unterbrochenen fehlen die eingetippten Augen.")
    pa = wuerfle_probe(a.attribut("geschicklichkeit"), wildcard=a.wildcard, modifikator=a.wundabzug + zustand.joker_bonus(wer),
                       rng=rng, augen=augen)
    pb = wuerfle_probe(b.attribut("geschicklichkeit"), wildcard=b.wildcard, modifikator=b.wundabzug + zustand.joker_bonus(gegen),
                       rng=rng, augen=gegen_augen)
    ausgang = vergleichen(pa.ergebnis.gesamt, pb.ergebnis.gesamt)
    worte = {"zuerst": f"{wer} handelt zuerst", "gleich": "beide handeln gleichzeitig",
             "danach": f"{gegen} handelt zuerst; {wer} muss direkt danach handeln"}
    e = Ereignis(
        "unterbrechen", {"wer": wer, "gegen": gegen, "probe": pa.als_dict(), "gegenprobe": pb.als_dict()},
        regel=R + "Abwarten › Aktionen unterbrechen", eingetippt=augen is not None,
        text=f"{wer} will {gegen} unterbrechen: {pa.ergebnis.gesamt} gegen {pb.ergebnis.gesamt} – {worte[ausgang]}",
    )
    _anwenden_mit(_unterbrechen_anwenden, zustand, e)  # prüft schon beim Bauen (deutsche Meldung)
    return e


def _unterbrechen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    wer = z.kaempfer_namens(e.daten["wer"])
    gegen = z.kaempfer_namens(e.daten["gegen"])
    emp, gegen_emp = z.empfaenger(wer), z.empfaenger(gegen)
    if emp not in z.abwartend and not joker_halter(z, emp):
        raise KampfFehler(f"{wer.name} wartet nicht ab und hält keinen Joker – unterbrechen geht nicht.")
    if gegen_emp != z.am_zug or gegen_emp == emp:
        raise KampfFehler(
            f"{gegen.name} ist nicht an der Reihe – unterbrechen lässt sich nur, wer gerade handelt "
            f"(gerade: {z.am_zug or 'niemand'})."
        )
    if emp in z.gehandelt:
        raise KampfFehler(f"{emp} hat in dieser Runde schon gehandelt.")
    if any(m.angeschlagen and m.kampffaehig for m in z.mitglieder(emp)):
        raise KampfFehler(
            f"{wer.name} ist Angeschlagen und kann nicht unterbrechen – seine Aktion gehört der Erholungsprobe."
        )
    if unterbrechen_ohne_probe(z, wer.name, gegen.name):
        ausgang = "zuerst"
    elif "probe" not in e.daten:
        raise KampfFehler(f"{wer.name} hält keinen Joker (oder {gegen.name} auch): unterbrechen braucht die vergleichende Probe.")
    else:
        pa, pb = Probe.aus_dict(e.daten["probe"]), Probe.aus_dict(e.daten["gegenprobe"])
        ausgang = vergleichen(pa.ergebnis.gesamt, pb.ergebnis.gesamt)
    vorrang = tuple(v for v in z.vorrang if v not in (emp, gegen_emp))
    if ausgang == "danach":
        # „Falls der unterbrechende Charakter verliert, kann er sich nicht mehr entscheiden, weiter
        # Abzuwarten, sondern muss zum nächstmöglichen Zeitpunkt handeln.“ – direkt nach dem, den er
        # unterbrechen wollte.
        return replace(z, abwartend=z.abwartend - {emp}, muss_handeln=z.muss_handeln | {emp},
                       vorrang=(emp,) + tuple(v for v in z.vorrang if v != emp))
    # Der Unterbrochene ist nicht fertig: er handelt weiter, sobald der Unterbrechende fertig ist.
    return replace(z, am_zug=emp, abwartend=z.abwartend - {emp}, muss_handeln=z.muss_handeln - {emp},
                   erholung_offen=_erholung_faellig(z, emp), vorrang=(gegen_emp,) + vorrang)


def ereignis_patt(
    zustand: Kampfzustand, empfaenger: Sequence[str], *, rng: Any = None, augen: Mapping[str, Any] | None = None
) -> Ereignis:
    """Pattsituation: „In Situationen, in denen Abwartende Charaktere plötzlich alle auf einmal
    handeln wollen, lass sie einfach Geschicklichkeitsproben würfeln und in Reihenfolge der
    Ergebnisse (vom höchsten zum niedrigsten) handeln (bei Gleichstand handeln die Charaktere
    gleichzeitig).“ ``augen``: Empfänger → eingetippte Würfel."""
    _augen_oder_rng(rng, augen)
    if len(empfaenger) < 2:
        raise KampfFehler("Eine Pattsituation braucht mindestens zwei Abwartende.")
    proben = {}
    for emp in empfaenger:
        if emp not in zustand.abwartend:
            raise KampfFehler(f"{emp} wartet nicht ab.")
        v = next((m for m in zustand.mitglieder(emp) if m.kampffaehig), None)
        if v is None:
            raise KampfFehler(f"{emp}: niemand ist mehr kampffähig.")
        proben[emp] = wuerfle_probe(v.attribut("geschicklichkeit"), wildcard=v.wildcard,
                                    modifikator=v.wundabzug + zustand.joker_bonus(v.name), rng=rng,
                                    augen=None if augen is None else augen[emp])
    folge = sorted(proben, key=lambda e: -proben[e].ergebnis.gesamt)
    teile = []
    for emp in folge:
        gleich = [e for e in folge if e != emp and proben[e].ergebnis.gesamt == proben[emp].ergebnis.gesamt]
        teile.append(f"{emp} {proben[emp].ergebnis.gesamt}" + (" (gleichzeitig mit " + ", ".join(gleich) + ")" if gleich else ""))
    return Ereignis("patt", {"proben": {e: p.als_dict() for e, p in proben.items()}},
                    regel=R + "Abwarten › Pattsituation", eingetippt=augen is not None,
                    text="Pattsituation, Geschicklichkeit: " + "; ".join(teile))


def _patt_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    _ausbluten_zuerst(z, "Eine Pattsituation")
    proben = {emp: Probe.aus_dict(p) for emp, p in e.daten["proben"].items()}
    for emp in proben:
        if emp not in z.abwartend:
            raise KampfFehler(f"{emp} wartet nicht ab.")
    folge = tuple(sorted(proben, key=lambda x: -proben[x].ergebnis.gesamt))
    # Sie handeln jetzt (keine Abwartenden mehr); in der nächsten Runde gibt es wieder Karten.
    gehandelt = z.gehandelt | {z.am_zug} if z.am_zug else z.gehandelt
    return replace(z, patt_folge=folge, abwartend=z.abwartend - set(folge), am_zug="", gehandelt=gehandelt)


# ---------------------------------------------------------------------------------------
# Das Herunterzählen: vom Ass zur Zwei, niemand wird übergangen
# ---------------------------------------------------------------------------------------


def noch_nicht_gehandelt(z: Kampfzustand) -> tuple[str, ...]:
    """Wer in dieser Runde eine Karte hat, handeln kann und weder gehandelt hat noch abwartet noch
    verzichtet hat (in der Reihenfolge des Herunterzählens; wer gerade am Zug ist, zählt mit)."""
    if z.runde < 1 or not z.karten:
        return ()
    gruppen = _verzeichnis(z)[1]
    return tuple(
        emp for emp, _ in z.reihenfolge()
        if emp not in z.gehandelt and emp not in z.abwartend and any(m.kampffaehig for m in gruppen.get(emp, ()))
    )


def _herunterzaehlen_pruefen(z: Kampfzustand, emp: str) -> None:
    """„Sobald die Karten ausgeteilt sind, zählt der Spielleiter vom Ass zur Zwei herunter“: aufgerufen
    wird die höchste Karte, die noch nicht gespielt ist. Ausnahmen: ein Jokerhalter („kann in dieser
    Runde handeln, wann immer er will“), ein Abwartender (er kommt, wann er will), der Vorrang nach
    einer Unterbrechung, eine Pattsituation und der Angeschlagene Abwartende, der sofort muss. Wer
    übergangen werden soll, wartet ab (ein Klick, im Protokoll)."""
    erwartet = z.naechster()
    if erwartet is None or emp == erwartet or emp in z.abwartend or joker_halter(z, emp):
        return
    if emp in z.vorrang or emp in z.patt_folge or emp in erholung_sofort(z):
        return
    raise KampfFehler(
        f"Vom Ass zur Zwei: erst {erwartet} ({z.karte_von(erwartet) or 'abwartend'}), dann {emp} – oder {erwartet} "
        "wartet ab („zählt der Spielleiter vom Ass zur Zwei herunter“)."
    )


def ereignis_passen(zustand: Kampfzustand, empfaenger: str | None = None) -> Ereignis:
    """``empfaenger`` (Standard: wer am Zug ist) verzichtet auf seine Aktion in dieser Runde – der
    Spielleiter vermerkt es, statt ihn stillschweigend zu übergehen; seine Karte gilt als gespielt."""
    emp = empfaenger or zustand.am_zug
    if not emp:
        raise KampfFehler("Niemand ist an der Reihe, der verzichten könnte.")
    return Ereignis("passen", {"empfaenger": emp}, regel=R + "Initiative › Das Herunterzählen",
                    text=f"{emp} verzichtet auf die Aktion in dieser Runde")


def _passen_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    emp = e.daten["empfaenger"]
    if emp not in noch_nicht_gehandelt(z):
        raise KampfFehler(f"{emp} hat in dieser Runde nichts mehr, worauf er verzichten könnte.")
    _nichts_offen(z, "der Verzicht")
    if emp == z.am_zug:
        _erholung_zuerst(z)
    return replace(z, gehandelt=z.gehandelt | {emp}, am_zug="" if z.am_zug == emp else z.am_zug, letzter_angriff=())


def ereignis_mitglied_fertig(zustand: Kampfzustand, name: str) -> Ereignis:
    """``name`` beendet seinen Zug; die Karte bleibt aufgerufen, denn andere Mitglieder handeln noch
    auf ihr (ein Wildcard und seine verbündeten Statisten, eine Statistengruppe): „Alle verbündeten
    Statisten unter der Kontrolle des jeweiligen Spielers handeln auf seiner Aktionskarte.“"""
    emp = zustand.am_zug
    if not emp or name not in {m.name for m in zustand.mitglieder(emp)}:
        raise KampfFehler(f"{name} handelt gerade nicht auf der aufgerufenen Karte.")
    return Ereignis("mitglied_fertig", {"name": name, "empfaenger": emp}, regel=R + "Initiative",
                    text=f"{name} ist fertig – auf der Karte von {emp} handeln noch andere")


def _mitglied_fertig_anwenden(z: Kampfzustand, e: Ereignis) -> Kampfzustand:
    name, emp = e.daten["name"], e.daten["empfaenger"]
    if z.am_zug != emp or name not in {m.name for m in z.mitglieder(emp)}:
        raise KampfFehler(f"{name} handelt gerade nicht auf der aufgerufenen Karte.")
    _nichts_offen(z, f"das Ende von {name}s Zug")
    if name in z.erholung_offen and z.kaempfer_namens(name).angeschlagen and z.kaempfer_namens(name).kampffaehig:
        raise KampfFehler(f"{name}: erst die Erholungsprobe (oder einen Benny) – „Wenn ein Angeschlagener Charakter "
                          "an der Reihe ist, muss er eine Erholungsprobe ablegen.“")
    return replace(z, mitglieder_fertig=z.mitglieder_fertig | {name}, letzter_angriff=())
