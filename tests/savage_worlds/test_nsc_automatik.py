"""Entscheidungen der Gegner ohne Rückfrage (Issue 26, Punkt 3): Wegstecken und Bennies der
Nichtspieler-Wildcards nach ihrer Taktik – dieselbe Wahl wie die Simulation, als gewöhnliche
Ereignisse mit Regel, im Schritt des Klicks (ein Rückgängig nimmt beides zurück)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import simulation as sim
from gm_helfer.savage_worlds.tisch import zug
from gm_helfer.savage_worlds.vorschlag import ereignis, naechster_schritt, taktik_je_seite

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from begegnung_messen import gefecht_boegen  # noqa: E402


def _zustaende(pruefe, saaten=range(30), schritte=400, taktik=None):
    """Zustände aus Kämpfen der Taktik, in denen ``pruefe(z)`` gilt (je Saat der erste)."""
    start = sim._start(gefecht_boegen(), None)
    tk = taktik_je_seite(start, taktik)
    for saat in saaten:
        r = random.Random(saat)
        z = start
        for _ in range(schritte):
            if pruefe(z):
                yield saat, z
                break
            v = naechster_schritt(z, tk, r)
            if v is None:
                break
            z = k.anwenden(z, ereignis(z, v, rng=r, text=False))


def _npc_wegstecken(z) -> bool:
    os_ = z.offener_schaden
    return (os_ is not None and os_.vorher.wildcard and z.kaempfer_namens(os_.ziel).seite != "Helden"
            and k.wegstecken_offen(z) is not None)


def test_wegstecken_der_gegner_nach_taktik_und_ein_rueckgaengig() -> None:
    gefunden = 0
    for saat, z in _zustaende(_npc_wegstecken):
        gefunden += 1
        erwartet = "wegstecken" if sim.steckt_weg(z, taktik_je_seite(z)) else "verzicht"
        v = Verlauf(z, k.anwenden)
        with v.schritt():  # wie der Klick, der den Schaden geöffnet hat
            zeilen = zug.nsc_entscheiden(v, ["wegstecken"], rng=random.Random(saat))
        arten = [e.art for e in v.ereignisse]
        assert arten and arten[0] == erwartet, (saat, arten)
        assert all(e.regel for e in v.ereignisse)  # jede mit ihrer Regel
        assert len(zeilen) == len(arten)
        assert set(arten) <= {"wegstecken", "verzicht", "ausser_gefecht"}
        # danach entscheidet kein Gegner mehr über diesen Schaden
        rest = naechster_schritt(v.zustand, taktik_je_seite(v.zustand), random.Random(0))
        assert not (rest and rest.aktion in ("wegstecken", "verzicht", "ausser_gefecht")
                    and v.zustand.kaempfer_namens(rest.wer).seite != "Helden")
        assert len(set(v.schritte)) == 1
        v.rueckgaengig()
        assert v.zustand == z
    assert gefunden >= 3


def test_ohne_schalter_entscheidet_nichts() -> None:
    saat, z = next(iter(_zustaende(_npc_wegstecken)))
    v = Verlauf(z, k.anwenden)
    assert zug.nsc_entscheiden(v, [], rng=random.Random(1)) == []
    assert zug.nsc_entscheiden(v, ["benny"], rng=random.Random(1)) == []
    assert v.ereignisse == ()


def _held_soll_wegstecken(z) -> bool:
    os_ = z.offener_schaden
    return os_ is not None and os_.vorher.wildcard and z.kaempfer_namens(os_.ziel).seite == "Helden" \
        and k.wegstecken_offen(z) is not None


def test_held_entscheidet_selbst() -> None:
    for saat, z in _zustaende(_held_soll_wegstecken, saaten=range(10)):
        v = Verlauf(z, k.anwenden)
        assert zug.nsc_entscheiden(v, list(zug.NSC_AUTOMATIK), rng=random.Random(saat)) == []
        return
    pytest.fail("kein Zustand mit offenem Wegstecken eines Helden gefunden (feste Saaten: die Suche ist kaputt)")


SOFORT = {"Helden": sim.Taktik(), "Schurken": sim.Taktik(erholung="sofort")}


def _npc_benny(z) -> bool:
    v = naechster_schritt(z, taktik_je_seite(z, SOFORT), random.Random(0))
    return v is not None and v.aktion == "benny_erholen" and z.kaempfer_namens(v.wer).seite != "Helden"


def test_benny_gegen_angeschlagen_nach_taktik() -> None:
    treffer = list(_zustaende(_npc_benny, saaten=range(20), taktik=SOFORT))
    assert treffer
    for saat, z in treffer:
        v = Verlauf(z, k.anwenden)
        assert zug.nsc_entscheiden(v, ["wegstecken"], taktik=SOFORT, rng=random.Random(saat)) == []
        zug.nsc_entscheiden(v, ["benny"], taktik=SOFORT, rng=random.Random(saat))
        assert v.ereignisse[0].art == "benny" and v.ereignisse[0].regel
    # die Standardtaktik gibt keinen Benny gegen Angeschlagen aus (erholung="nach_fehlschlag" nicht gesetzt)
    saat, z = treffer[0]
    v = Verlauf(z, k.anwenden)
    for e in zug.nsc_entscheiden(v, ["benny"], rng=random.Random(saat)):
        assert "Benny" not in e


def _held_schaden_an_wildcard(z) -> bool:
    v = naechster_schritt(z, taktik_je_seite(z), random.Random(0))
    return (v is not None and v.aktion == "schaden" and z.kaempfer_namens(v.wer).seite == "Helden"
            and z.kaempfer_namens(v.ziel).wildcard)


def test_panel_schalter_im_schritt_des_klicks() -> None:
    """Der Schalter im Panel (:meth:`gm_helfer.tisch.Tisch.automatik_schalter`): nach dem Klick
    des Helden entscheidet der Gegner im selben Schritt; ausgeschaltet bleibt die Entscheidung offen."""
    from gm_helfer.tisch import Tisch

    geprueft = 0
    for saat, z in _zustaende(_held_schaden_an_wildcard, saaten=range(40)):
        for an in (True, False):
            meldungen: list[str] = []
            tisch = Tisch(lambda f: None, meldungen.append)
            tisch.verlauf = Verlauf(z, k.anwenden)
            tisch.automatik_schalter(zug.NSC_AUTOMATIK, lambda v, arten, saat=saat: zug.nsc_entscheiden(
                v, arten, rng=random.Random(saat)), an=an)
            v = naechster_schritt(z, taktik_je_seite(z), random.Random(0))
            assert tisch.schritt(lambda zz, v=v, saat=saat: ereignis(zz, v, rng=random.Random(saat)))
            verlauf = tisch.verlauf
            if an:
                assert k.wegstecken_offen(verlauf.zustand) is None or \
                    verlauf.zustand.kaempfer_namens(k.wegstecken_offen(verlauf.zustand)).seite == "Helden"
                geprueft += len(verlauf.ereignisse) > 1
                assert len(set(verlauf.schritte)) == 1  # ein Rückgängig nimmt Klick und Entscheidung
            else:
                assert len(verlauf.ereignisse) == 1
    assert geprueft >= 1


def test_gruppe_spielt_nach_der_entscheidung_eines_helden_weiter() -> None:
    """Hält „Gruppe handelt“ für das Wegstecken eines Helden an, spielt der Schalter „gruppe“ die
    übrigen Mitglieder im Schritt der (letzten) Entscheidung des Helden weiter – danach schlägt die
    Taktik keinen Zug eines Gegners dieser Karte mehr vor, den ein zweiter Klick bräuchte."""
    geprueft = 0
    for saat, z in _zustaende(_held_soll_wegstecken, saaten=range(30)):
        if not z.am_zug or all(m.seite == "Helden" for m in z.mitglieder(z.am_zug)):
            continue
        r = random.Random(saat)
        v = Verlauf(z, k.anwenden)
        karte = z.am_zug
        for _ in range(6):  # die Entscheidungen des Helden (Wegstecken, Außer-Gefecht-Probe …)
            vs = naechster_schritt(v.zustand, taktik_je_seite(v.zustand), r)
            if vs is None or v.zustand.am_zug != karte or vs.wer is None or vs.wer not in {
                    kf.name for kf in v.zustand.kaempfer} or v.zustand.kaempfer_namens(vs.wer).seite != "Helden":
                break
            vorher = len(v.ereignisse)
            with v.schritt():
                zug.vorschlag_spielen(v, vs.wer, rng=r)
                zug.nsc_entscheiden(v, ["gruppe"], rng=r)
            assert len(set(v.schritte[vorher:])) == 1  # ein Rückgängig nimmt Entscheidung und Gruppe
        assert not zug._gruppe_angefangen(v.zustand, None, random.Random(0))
        geprueft += 1
    assert geprueft >= 3
