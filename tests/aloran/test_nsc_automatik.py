"""Entscheidungen der Gegner ohne Rückfrage (Issue 26, Punkt 3): die Abwehr eines Gegners, den ein
Held angreift, ist die Wahl seiner Taktik – dieselbe, die ein Angriff nach der Taktik (der
Vorschlag, die Simulation) für dieses Ziel ansagt; ein Held als Ziel entscheidet selbst."""

from __future__ import annotations

import random

from gm_helfer.aloran.taktik import Taktik
from gm_helfer.aloran.tisch import zug

from .test_vorschlag import _verlauf, _zufallsklick


def test_abwehr_des_gegners_wie_im_vorschlag_der_taktik() -> None:
    gegner = helden = 0
    for saat in range(40):
        zufall = random.Random(saat)
        v = _verlauf(zufall)
        for _ in range(12):
            kampf = v.zustand
            for wer in zug.handelnde(kampf) if zug.am_zug(kampf) else ():
                vs = zug.vorschlag(kampf, wer, taktik=Taktik())
                if vs is None or vs.schluessel != "angriff":
                    continue
                nsc = zug.nsc_verteidigung(kampf, wer, vs.ziel, vs.angriff)
                if zug.ist_nsc(kampf, vs.ziel):
                    assert nsc == vs.verteidigung, (saat, vs)
                    gegner += 1
                else:
                    assert nsc is None
                    helden += 1
            try:
                _zufallsklick(zufall, v)
            except ValueError:
                break
    assert gegner >= 10 and helden >= 10, (gegner, helden)
    assert zug.nsc_entscheiden(v, list(zug.NSC_AUTOMATIK)) == []


def _bis_zum_halt(v, zufall: random.Random):
    """„Gruppe handelt“ bis zur Abwehr eines Helden (zwei Gegner bei gleicher Initiative wie ein Held)."""
    g = zug.gruppe_handelt(v, rng=zufall)
    assert g.offen is not None and g.offen.wer == "Ada"
    return g.ergebnisse[-1][0]


def _abwehr_klick(v, wer: str, arten: list[str], zufall: random.Random) -> list[str]:
    """Der Klick, der den Angriff samt der angesagten Abwehr des Helden spielt – wie im Panel mit
    der Automatik im selben Schritt (:attr:`gm_helfer.tisch.Tisch.automatik`)."""
    with v.schritt():
        zug.vorschlag_spielen(v, wer, rng=zufall)
        return zug.nsc_entscheiden(v, arten, rng=zufall)


def test_gruppe_spielt_nach_der_abwehr_des_helden_weiter() -> None:
    """Issue 26, Punkt 2/7: hielt „Gruppe handelt“ vor der Abwehr eines Helden an, spielt der Schalter
    „gruppe“ die Gruppe nach dem Klick mit der Abwehr im selben Schritt weiter; ein Rückgängig nimmt
    den Klick samt der Gruppe zurück; ausgeschaltet hält sie wie bisher an."""
    from .test_vorschlag import _gleiche_initiative

    weiter = 0
    for saat in range(12):
        v = _gleiche_initiative()
        zufall = random.Random(saat)
        wer = _bis_zum_halt(v, zufall)
        stand, n = v.zustand, len(v.ereignisse)
        zeilen = _abwehr_klick(v, wer, list(zug.NSC_AUTOMATIK), zufall)
        assert zeilen and zeilen[0].startswith("Taktik: "), zeilen
        neu = v.ereignisse[n:]
        assert len(neu) >= 2 and len(set(v.schritte[n:])) == 1  # ein Schritt: Klick und Gruppe
        angreifer = [e.daten.get("angreifer") for e in neu if e.art == "angriff"]
        offen = zug.gruppe_faellig(v.zustand)
        # weiter bis zur nächsten Abwehr eines Helden – oder bis die Gruppe fertig ist
        if offen:
            g = zug.gruppe_handelt(v, rng=random.Random(0))
            assert g.offen is not None and g.ergebnisse[-1][1] == ()
        weiter += len(angreifer) > 1 or any(e.art != "angriff" for e in neu)
        v.rueckgaengig()
        assert v.zustand == stand and len(v.ereignisse) == n
        # ausgeschaltet: nur der Klick, die Gruppe bleibt stehen
        aus = _abwehr_klick(v, wer, [a for a in zug.NSC_AUTOMATIK if a != "gruppe"], random.Random(saat))
        assert aus == [] and len(v.ereignisse) == n + 1
    assert weiter >= 6, weiter


def test_gruppe_spielt_nicht_nach_einem_klick_ohne_angriff_auf_einen_helden() -> None:
    """Ohne Angriff eines Gegners auf einen Helden im Klick (Runde, Zug eines Helden) tut ``gruppe`` nichts."""
    from .test_vorschlag import _gleiche_initiative

    v = _gleiche_initiative()
    n = len(v.ereignisse)
    assert zug.nsc_entscheiden(v, ["gruppe"], rng=random.Random(0)) == [] and len(v.ereignisse) == n
