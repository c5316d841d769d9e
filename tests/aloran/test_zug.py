"""Zug-Schnittstelle Aloran (gm_helfer/aloran/zug.py) über der Reihenfolge aus aloran.kampf.

Regeltext regeln/aloran.txt › Allgemeine Regeln › 1.–3. Phase, SPIELABLAUF › AKTIONEN,
Bonusaktion, Verteidigungsaktion, Meistertreffer.
"""

from __future__ import annotations

import doctest
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import aloran
from gm_helfer.aloran import anwenden, neuer_kampf, zug
from gm_helfer.aloran.werte import Waffe, beispielwerte
from gm_helfer.zug import Aktion, Entscheidung

DOLCH = Waffe("Dolch", "dolch", "Stich", "1W6")


def _kampf(*werte, augen):
    k = neuer_kampf(list(werte))
    for e in zug.runde_beginnen(k, augen=augen):
        k = anwenden(k, e)
    return k


def _vier():
    # Initiativewert 9 (3+3+3) + W10: Ada 16, Bo 13, Ork 19, Goblin 13
    return _kampf(beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Bo", seite="Helden"),
                  beispielwerte(name="Ork"), beispielwerte(name="Goblin"),
                  augen={"Ada": "7", "Bo": "4", "Ork": "0", "Goblin": "4"})


def _a(kampf, wer):
    return {a.schluessel: a for a in zug.aktionen(kampf, wer)}


def _ende(kampf, wer):
    return anwenden(kampf, aloran.kampf.zug_ende_ereignis(kampf, wer))


def test_initiative_und_runde_1_mit_einem_schritt():
    k = neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
    assert zug.am_zug(k) is None and zug.reihenfolge(k) == []
    assert zug.aktionen(k, None) == [Aktion("initiative", "Initiative würfeln und Runde 1 beginnen", True, None)]
    assert _a(k, "Ada")["angriff"].grund.startswith("Der Kampf hat noch nicht begonnen")
    ereignisse = zug.runde_beginnen(k, augen={"Ada": "7", "Ork": "0"})
    assert [e.art for e in ereignisse] == ["initiative", "runde"]
    for e in ereignisse:
        k = anwenden(k, e)
    assert k.runde == 1 and zug.am_zug(k) == "Ork"
    # ab jetzt nur noch die Runde – wenn alle gehandelt haben
    k = _ende(_ende(k, "Ork"), "Ada")
    assert [e.art for e in zug.runde_beginnen(k)] == ["runde"]


def test_hoechste_initiative_zuerst_gleichstand_gleichzeitig():
    """„Die Aktionsreihenfolge ergibt sich dann mit dem höchsten Wert, nachfolgend in absteigender
    Reihenfolge.“ – „Sollten mehrere Kombattanten über denselben Initiativewert verfügen,
    geschehen ihre Aktionen in der Regel gleichzeitig“."""
    k = _vier()
    assert zug.am_zug(k) == "Ork" and zug.reihenfolge(k) == ["Ork", "Ada", "Bo", "Goblin"]
    assert _a(k, "Ork")["angriff"].erlaubt and not _a(k, "Ada")["angriff"].erlaubt
    assert "später dran" in _a(k, "Ada")["angriff"].grund
    k = _ende(k, "Ork")
    assert zug.am_zug(k) == "Ada"
    k = _ende(k, "Ada")
    # Bo und Goblin (13) gleichzeitig: beide dürfen, Bo ist der Erste
    assert zug.am_zug(k) == "Bo"
    assert _a(k, "Bo")["angriff"].erlaubt and _a(k, "Goblin")["angriff"].erlaubt
    k = _ende(_ende(k, "Goblin"), "Bo")
    # „Erst dann beginnt die nächste Kampfrunde.“
    assert zug.am_zug(k) is None
    assert zug.aktionen(k, None) == [Aktion("runde", "Runde 2 beginnen", True, None)]
    (runde,) = zug.aktionen(_vier(), None)
    assert not runde.erlaubt and runde.grund == "Ork ist noch am Zug."
    k = anwenden(k, zug.runde_beginnen(k)[0])
    assert k.runde == 2 and zug.am_zug(k) == "Ork"


def test_abwarten_bleibt_offen_bis_er_eingreift():
    """„Charaktere mit höherer Initiative können ihre Aktionen zurückhalten, um zu einem
    beliebigen Punkt der folgenden Kampfaktion einzugreifen.“"""
    k = _vier()
    assert _a(k, "Ork")["abwarten"].erlaubt
    assert _a(k, "Ada")["abwarten"].grund is not None
    k = anwenden(k, aloran.kampf.abwarten_ereignis(k, "Ork"))
    assert zug.am_zug(k) == "Ada"
    warten = Entscheidung("abwarten", "Ork", "Ork wartet ab und kann jederzeit eingreifen – "
                                             "spätestens, bevor die Runde endet.")
    assert zug.offene_entscheidungen(k) == [warten]
    o = _a(k, "Ork")
    assert o["angriff"].erlaubt and o["zug_beenden"].erlaubt
    assert o["abwarten"].grund == "Ork wartet schon ab."
    # die anderen handeln; die Entscheidung steht weiter
    for wer in ("Ada", "Bo", "Goblin"):
        k = _ende(k, wer)
        assert warten in zug.offene_entscheidungen(k)
    # die Reihenfolge ist durch: jetzt ist der Abwartende dran, die Runde endet noch nicht
    assert zug.am_zug(k) == "Ork" and not zug.aktionen(k, None)[0].erlaubt
    k = _ende(k, "Ork")
    assert zug.offene_entscheidungen(k) == [] and zug.am_zug(k) is None


def test_sofortige_bonus_kampfaktion_bleibt_bis_genutzt():
    """SPIELABLAUF › Bonusaktion: „Beim Verlassen der Kampfreichweite … eines Gegners gewährt
    man diesem dadurch eine Bonus-Kampfaktion.“ Meistertreffer 5–6: „man erhält eine sofortige
    Bonus-Kampfaktion“."""
    k = _vier()
    k = anwenden(k, aloran.bonusaktion_ereignis(k, "Goblin", "kampf", "Ada verlässt die Kampfreichweite"))
    (bonus,) = zug.offene_entscheidungen(k)
    assert bonus == Entscheidung("bonus_kampfaktion", "Goblin", "Goblin hat eine sofortige "
                                 "Bonus-Kampfaktion – jetzt außer der Reihe angreifen (verfällt mit der Runde).")
    # außer der Reihe darf der Goblin angreifen, sonst nichts
    g = _a(k, "Goblin")
    assert g["angriff"].erlaubt and not g["bewegung"].erlaubt
    k = _ende(k, "Ork")
    assert zug.offene_entscheidungen(k) == [bonus]
    k = anwenden(k, aloran.angriff_ereignis(k, "Goblin", "Ada", "Schwert", None, rng=random.Random(1)))
    assert zug.offene_entscheidungen(k) == []


def test_verteidigung_des_ziels_ist_eine_entscheidung_bis_sie_verbraucht_ist():
    """SPIELABLAUF › AKTIONEN: „1 VERTEIDIGUNGSAKTION“ je Runde; Verteidigungsaktion:
    Standard-Parade, Gewandtheit (Ausweichen), Willenskraft nur gegen geistige Zauber."""
    k = _vier()
    (v,) = zug.offene_entscheidungen(k, ziel="Ada", waffe="Schwert")
    assert v == Entscheidung("verteidigung", "Ada", "Ada kann vor dem Wurf abwehren (Parade: Schwert, "
                             "Parade: waffenlos oder Ausweichen) – oder verzichten.")
    k = anwenden(k, aloran.angriff_ereignis(k, "Ork", "Ada", "Schwert", "Ausweichen", rng=random.Random(2)))
    # Ada hat ihre Verteidigungsaktion verbraucht: nichts mehr zu entscheiden
    assert zug.offene_entscheidungen(k, angreifer="Ork", ziel="Ada", waffe="Schwert") == []


def test_standardziel_nie_ein_verbuendeter_und_eigene_waffe():
    k = _vier()
    assert zug.standard_ziel(k, "Ada") == "Ork" and zug.standard_ziel(k, "Bo") == "Ork"
    assert zug.standard_ziel(k, "Goblin") == "Ada"
    assert zug.standard_waffe(k, "Ada") == "Schwert"
    zwei = beispielwerte(name="Zwei", seite="Helden", zweitwaffe=True,
                         waffen=(Waffe("Säbel", "saebel", "Hieb", "1W6+1"), DOLCH))
    k2 = _kampf(zwei, beispielwerte(name="Ork"), augen={"Zwei": "9", "Ork": "1"})
    assert zug.standard_waffe(k2, "Zwei") == "Säbel"
    z = _a(k2, "Zwei")
    assert z["zweitwaffe"] == Aktion("zweitwaffe", "Mit der Zweitwaffe angreifen (Dolch)", True, None)
    assert "zweitwaffe" not in _a(k2, "Ork")
    ohne = beispielwerte(name="Faust", seite="Helden", waffen=())
    assert zug.standard_waffe(neuer_kampf([ohne]), "Faust") == "Ringen"


@settings(max_examples=40, deadline=None)
@given(st.lists(st.sampled_from(["Helden", "Gegner"]), min_size=2, max_size=5),
       st.lists(st.booleans(), min_size=5, max_size=5))
def test_standardziel_ist_immer_ein_handlungsfaehiger_gegner(seiten, bewusstlos):
    werte = [beispielwerte(name=f"K{i}", seite=s, ausdauer=0 if aus else 30)
             for i, (s, aus) in enumerate(zip(seiten, bewusstlos))]
    k = neuer_kampf(werte)
    for x in k.kaempfer:
        ziel = zug.standard_ziel(k, x.name)
        gegner = [y.name for y in k.kaempfer if y.werte.seite != x.werte.seite and not y.bewusstlos]
        assert ziel == (gegner[0] if gegner else None)


def test_verbotene_handlungen_nennen_den_grund_auf_deutsch():
    k = _vier()
    k = anwenden(k, aloran.angriff_ereignis(k, "Ork", "Ada", "Schwert", None, rng=random.Random(3)))
    o = _a(k, "Ork")
    assert o["angriff"].grund == "Ork hat in dieser Runde keine Kampfaktion mehr."
    assert o["bewegung"].erlaubt and o["zug_beenden"].erlaubt
    k = anwenden(k, aloran.bewegung_ereignis(k, "Ork"))
    assert _a(k, "Ork")["bewegung"].grund == "Ork hat in dieser Runde keine Bewegungsaktion mehr."
    k = _ende(k, "Ork")
    assert _a(k, "Ork")["angriff"].grund == "Ork hat in Runde 1 schon gehandelt."
    for wer in k.namen:
        for a in zug.aktionen(k, wer):
            assert a.erlaubt == (a.grund is None)
            assert "None" not in a.text and "None" not in (a.grund or "")


def test_eine_ganze_runde_nur_ueber_die_zug_schnittstelle():
    rng = random.Random(5)
    k = _vier()
    gehandelt = []
    while (wer := zug.am_zug(k)) is not None:
        if _a(k, wer)["angriff"].erlaubt:
            ziel, waffe = zug.standard_ziel(k, wer), zug.standard_waffe(k, wer)
            assert k.kaempfer_namens(ziel).werte.seite != k.kaempfer_namens(wer).werte.seite
            k = anwenden(k, aloran.angriff_ereignis(k, wer, ziel, waffe, None, rng=rng))
        k = _ende(k, wer)
        gehandelt.append(wer)
        assert len(gehandelt) < 10
    assert set(gehandelt) <= {"Ork", "Ada", "Bo", "Goblin"} and gehandelt[0] == "Ork"
    assert zug.aktionen(k, None)[0].erlaubt


def test_docstring_beispiel():
    ergebnis = doctest.testmod(zug)
    assert ergebnis.attempted > 0 and ergebnis.failed == 0


def test_deutsch_ohne_none_und_mit_mehrzahl():
    """Vor der Initiative steht „–“ statt None; eine Wunde, ein Feld, eine Attacke."""
    k = neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
    assert [z["Initiative"] for z in aloran.uebersicht(k)] == ["–", "–"]
    k = _vier()
    e = aloran.eingriff_ereignis(k, "Ada", zone="torso", wunden=1, grund="Falle")
    assert "1 Wunde am Torso eingetragen" in e.text
    kriechen = aloran.bewegung_ereignis(k, "Ork", "Kriechen")
    assert kriechen.text == "Ork bewegt sich (Kriechen): 1 Feld"
    assert aloran.bewegung_ereignis(k, "Ork").text == "Ork bewegt sich (normal): 5 Felder"


def test_ein_klick_neue_runde_und_eine_runde_mit_zaehlung():
    """Neue Runde (samt Initiative) 1 Klick; Standardangriff 2 Klicks (Angreifen, Zug beenden)."""
    from gm_helfer.protokoll import Verlauf

    rng = random.Random(8)
    k = neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
    verlauf = Verlauf(k, anwenden)
    zeilen = zug.neue_runde(verlauf, augen={"Ada": "7", "Ork": "0"})
    assert zeilen == ["Initiative: Ada 16 (9+7), Ork 19 (9+10)", "Runde 1 beginnt"]
    klicks = 0
    while (wer := zug.am_zug(verlauf.zustand)) is not None:
        kampf = verlauf.zustand
        verlauf.ausfuehren(aloran.angriff_ereignis(kampf, wer, zug.standard_ziel(kampf, wer),
                                                   zug.standard_waffe(kampf, wer), None, rng=rng))
        verlauf.ausfuehren(aloran.kampf.zug_ende_ereignis(verlauf.zustand, wer))
        klicks += 2
    assert klicks == 4 and zug.neue_runde(verlauf) == ["Runde 2 beginnt"]


def test_wurf_beispiele_haben_so_viele_w10_wie_der_pool_und_gelten_eingetippt():
    """Issue 23, Punkt 3: „placeholders show a correct, complete example for the roll at hand“. Im
    Spielabend stand in beiden Pool-Feldern immer „z. B. 7 3 0 1“ – vier W10, auch für Pools von 6 bis
    10 Würfeln, die eingetippt genau so viele Augen brauchen. Jetzt: je Pool so viele W10, wie er hat,
    und die Beispiele, so eingetippt, sind ein vollständiger Wurf für diesen Austausch."""
    import re

    from gm_helfer.aloran.austausch import WUERFEL_SCHLUESSEL, austausch_lage
    from gm_helfer.aloran.tisch import sitzung

    k = _vier()
    wer = zug.am_zug(k)
    waffe = zug.standard_waffe(k, wer)
    for ziel in (n for n in ("Ada", "Bo", "Goblin") if n != wer):
        for verteidigung in [None, *sitzung.verteidigung_namen(k, ziel, wer, waffe)]:
            bsp = zug.wurf_beispiele(k, wer, ziel, waffe, verteidigung)
            assert set(bsp) == set(WUERFEL_SCHLUESSEL)
            lage, art = austausch_lage(k, wer, ziel, waffe, verteidigung)
            augen = {s: re.sub(r" \(.*\)$", "", bsp[s].removeprefix("z. B. ")) for s in ("angriff", "zone", "schaden")}
            assert len(augen["angriff"].split()) == lage.angriff_pool
            if art is not None:
                augen["verteidigung"] = bsp["verteidigung"].removeprefix("z. B. ")
                assert len(augen["verteidigung"].split()) == lage.verteidigung_pool
            else:
                assert "keine Verteidigung" in bsp["verteidigung"]
            e = aloran.kampf.angriff_ereignis(k, wer, ziel, waffe, verteidigung, augen=augen)  # ohne rng: nichts fehlt
            assert e.eingetippt
    # die übrigen Felder nach ihrem Würfel; ohne Ziel die allgemeinen Beispiele
    ohne = zug.wurf_beispiele(k, wer, None, waffe, None)
    assert ohne["zone"] == ohne["angriff_patzer_zone"] == "z. B. 14" and ohne["angriff_meister"] == "z. B. 4"
