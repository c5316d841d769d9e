"""Entscheidungen der NSC ohne Rückfrage (Issue 26, Punkt 3): greift ein Held einen NSC an, ist die
angesagte Abwehr (Flee oder Parade, mit Punkten) die Wahl der Taktik des NSC – dieselbe, die die
Simulation in diesem Zustand für das Ziel ansagt; ein Held als Ziel sagt selbst an."""

from __future__ import annotations

import pytest

from gm_helfer.w100 import simulation
from gm_helfer.w100.tisch import zug

from .test_w100_vorschlag import _aufzeichnen


@pytest.mark.parametrize("taktik", [simulation.Taktik(), simulation.Taktik(abwehr="parade", einsatz="haelfte")])
def test_abwehr_des_nsc_ist_die_der_simulation(monkeypatch, taktik):
    gegner = helden = 0
    for saat in range(4):
        for kampf, h in _aufzeichnen(monkeypatch, taktik, saat):
            if h.art != "angriff":
                continue
            abwehr = zug.nsc_abwehr(kampf, h.wer, h.ziel, h.waffe, taktik=taktik)
            if kampf[h.ziel].seite == zug.NSC_SEITE:
                assert abwehr == (h.abwehr, h.punkte), (saat, h)
                gegner += 1
            else:
                assert abwehr is None
                helden += 1
    assert gegner >= 5 and helden >= 5, (gegner, helden)
    assert zug.nsc_abwehr(kampf, h.wer, None, h.waffe) is None


def test_gruppe_spielt_nach_der_abwehr_des_helden_weiter():
    """Issue 26, Punkt 2/7: hielt „Gruppe handelt“ vor der Abwehr eines Helden an (der Wolf beißt
    John, der Flee hat), spielt der Schalter „gruppe“ nach dem Klick mit der Abwehr im selben Schritt
    weiter (der Zug des Wolfs, dann der Ork) – bis zur nächsten Abwehr eines Helden; ein Rückgängig
    nimmt beides zurück; ausgeschaltet hält die Gruppe wie bisher an."""
    import random

    from gm_helfer.protokoll import Verlauf
    from gm_helfer.w100 import anwenden

    from .test_w100_vorschlag import _bereit, _john, _ork, _wolf

    weiter = 0
    for saat in range(8):
        k = _bereit(_john(), _wolf(), _ork(), augen={"John": "5", "Wolf": "90", "Ork": "80"})
        v = Verlauf(k, anwenden)
        g = zug.gruppe_handelt(v, rng=random.Random(saat))
        assert g.offen is not None and g.offen.ziel == "John"
        stand, n = v.zustand, len(v.ereignisse)

        def klick(arten, saat=saat, v=v, g=g):
            with v.schritt():
                zug.vorschlag_spielen(v, g.offen.wer, rng=random.Random(saat))
                return zug.nsc_entscheiden(v, arten, rng=random.Random(saat))

        zeilen = klick(list(zug.NSC_AUTOMATIK))
        assert len(set(v.schritte[n:])) == 1  # ein Schritt: der Klick und die Gruppe
        if zeilen:
            weiter += 1
            assert zeilen[0].startswith("Taktik: ")
            assert any(e.art == "zug_ende" for e in v.ereignisse[n:])  # der Zug des Wolfs ging weiter
        if zug._halt(v.zustand) is None:  # weiter nur bis zur nächsten Abwehr eines Helden
            assert zeilen[-1].startswith("Angehalten") and zug.gruppe_handelt(v, rng=random.Random(0)).zuege[-1][1] == ()
        v.rueckgaengig()
        assert v.zustand == stand and len(v.ereignisse) == n
        assert klick([a for a in zug.NSC_AUTOMATIK if a != "gruppe"]) == []
        assert not any(e.art == "zug_ende" for e in v.ereignisse[n:])  # ausgeschaltet: nur der Biss
    assert weiter == 8
