"""Entscheidungen der NSC ohne Rückfrage (Issue 26, Punkt 3): der Konter eines NSC nach seiner
Taktik – derselbe Vorschlag wie „Vorschlag spielen“ (die Wahl der Simulation), als gewöhnliches
Ereignis mit Regel im laufenden Schritt; die Verteidigung eines NSC als Ziel ist die Vorauswahl
der Taktik (:func:`zug.nsc_verteidigung`)."""

from __future__ import annotations

import random

from gm_helfer import zeitstrahl as z
from gm_helfer.protokoll import Verlauf
from gm_helfer.zeitstrahl import simulation
from gm_helfer.zeitstrahl.tisch import zug

from .test_vorschlag import TAKTIK, _laeuft, _live_zustaende


def test_konter_der_nsc_nach_taktik(tmp_path):
    geprueft = 0
    for k in _live_zustaende(60, tmp_path):
        if not _laeuft(k) or k.konter is None:
            continue
        wer = k.konter[0]
        verlauf = Verlauf(k, z.anwenden)
        zeilen = zug.nsc_entscheiden(verlauf, ["konter"], rng=random.Random(3))
        if not zug.ist_nsc(k, wer):
            assert zeilen == [] and verlauf.ereignisse == ()  # ein Held entscheidet selbst
            continue
        w = simulation.zugwahl(k, TAKTIK, {}, random.Random(0), wer=wer)
        assert verlauf.ereignisse, wer
        assert zeilen[0].startswith("Taktik: ")
        assert all(e.regel for e in verlauf.ereignisse)
        erwartet = "konter_verzicht" if w.aktion == "konter_verzichten" else None
        if erwartet:
            assert verlauf.ereignisse[0].art.startswith("konter"), verlauf.ereignisse[0].art
        assert verlauf.zustand.konter is None or not zug.ist_nsc(verlauf.zustand, verlauf.zustand.konter[0])
        assert len(set(verlauf.schritte)) == 1
        assert zug.nsc_entscheiden(Verlauf(k, z.anwenden), []) == []  # Schalter aus: nichts
        geprueft += 1
    assert geprueft >= 3, geprueft


def test_verteidigung_des_nsc_ist_die_der_taktik(tmp_path):
    geprueft = 0
    for k in _live_zustaende(20, tmp_path):
        if not _laeuft(k) or k.konter is not None or k.abtausch is not None:
            continue
        w = simulation.zugwahl(k, TAKTIK, {}, random.Random(0))
        if w.aktion != "angriff" or not zug.ist_nsc(k, w.ziel):
            continue
        name = k[w.wer].kaempfer.waffen[w.waffe].name
        art, vw = zug.nsc_verteidigung(k, w.wer, w.ziel, name)
        assert art == w.verteidigung
        geprueft += 1
    assert geprueft >= 3, geprueft


def _verteidigung_klick(v, arten, rng):
    """Der Klick, der den Angriff des NSC samt der gewählten Verteidigung des Helden spielt – wie im
    Panel mit der Automatik im selben Schritt (:attr:`gm_helfer.tisch.Tisch.automatik`)."""
    with v.schritt():
        zug.vorschlag_spielen(v, zug._nsc_dran(v.zustand, zug.HELDEN), rng=rng)
        return zug.nsc_entscheiden(v, arten, rng=rng)


def _hafen(saat: int):
    from gm_helfer import begegnungen, boegen, pfade, regelsystem

    b = begegnungen.laden(pfade.charakter_ordner("zeitstrahl") / "begegnungen" / "schlaegerei_am_hafen.toml")
    start = regelsystem.finden("zeitstrahl").start(begegnungen.boegen_fuer(b, boegen.laden("zeitstrahl").boegen))
    v = Verlauf(start, z.anwenden)
    r = random.Random(saat)
    v.ausfuehren(z.start_ereignis(v.zustand, rng=r))
    return v, r


def test_gruppe_spielt_nach_der_verteidigung_des_helden_weiter():
    """Issue 26, Punkt 2/7: hielt „Gruppe handelt“ vor der Verteidigung eines Helden an, spielt der
    Schalter „gruppe“ die übrigen NSC des Ticks nach dem Klick mit der Verteidigung im selben Schritt
    weiter, bis zur nächsten Entscheidung eines Helden; ein Rückgängig nimmt beides zurück;
    ausgeschaltet hält die Gruppe wie bisher an (Beispielbegegnung „Schlägerei am Hafen“)."""
    alle = list(zug.NSC_AUTOMATIK)
    ohne = [a for a in alle if a != "gruppe"]
    weiter = halte = 0
    for saat in range(16):
        v, r = _hafen(saat)
        for _ in range(300):
            k = v.zustand
            if k.abtausch is None and k.konter is None and len({t.partei for t in k.aktive}) < 2:
                break
            wer = k.konter[0] if k.konter is not None else zug.am_zug(k)
            if wer is None:
                break
            if not zug.ist_nsc(k, wer):
                with v.schritt():
                    zug.vorschlag_spielen(v, wer, rng=r)
                    zug.nsc_entscheiden(v, alle, rng=r)
                continue
            g = zug.gruppe_handelt(v, rng=r)
            if "entscheidet über die Verteidigung" not in g.halt:
                continue
            halte += 1
            stand, n = v.zustand, len(v.ereignisse)
            angreifer = zug._nsc_dran(v.zustand, zug.HELDEN)
            zeilen = _verteidigung_klick(v, alle, random.Random(saat))
            assert len(set(v.schritte[n:])) == 1  # ein Schritt: der Klick und die Gruppe
            if zeilen and zeilen[0].startswith("Taktik: "):
                weiter += 1
                spaeter = {e.daten.get("angreifer") or e.daten.get("name") for e in v.ereignisse[n + 1:]}
                assert spaeter - {None}, zeilen
            if zug._nsc_dran(v.zustand, zug.HELDEN) is not None and v.zustand.jetzt == stand.jetzt:
                nochmal = zug.gruppe_handelt(v, rng=random.Random(0))  # weiter nur bis zur nächsten Entscheidung
                assert nochmal.zuege == (), (zeilen, nochmal)
            v.rueckgaengig()
            assert v.zustand == stand and len(v.ereignisse) == n
            _verteidigung_klick(v, ohne, random.Random(saat))  # ausgeschaltet: nur der Klick
            assert len(v.ereignisse) == n + 1 and v.ereignisse[n].daten.get("angreifer") == angreifer
    assert halte >= 40 and weiter >= 2, (halte, weiter)
