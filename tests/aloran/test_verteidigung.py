"""Verteidigungsaktion: Standard-Parade, Ausweichen, Willenskraft, Paradezauber, Manöver.

Regeltext: SPIELABLAUF › Verteidigungsaktion, ZAUBER-ATTACKE, Standard-Attacke/-Parade.
"""

import pytest

from gm_helfer import aloran, boegen
from gm_helfer.aloran import kampf as k
from gm_helfer.aloran import sitzung
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.aloran.werte import Manoever, Waffe, Zauber, beispielwerte, verteidigungsart


@pytest.fixture
def werte():
    erg = boegen.laden("aloran")
    assert not erg.fehler
    return {b.name: aloran.aus_bogen(b) for b in erg.boegen}


def kampf_mit(werte, *namen, optionen=Optionen()):
    kampf = k.neuer_kampf([werte[n] for n in namen], optionen)
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={n: "5" for n in namen}))
    return k.anwenden(kampf, k.runde_ereignis(kampf))


def test_pools_der_neuen_verteidigungen(werte):
    m = werte["Meridan"]
    # Willenskraft: Mut 3 + Willenskraft 4; Paradezauber: Klugheit 5 + Stufe 3; ohne Meisterschaft
    wk = verteidigungsart(m, "Willenskraft")
    assert (wk.attribut, wk.pool, wk.meisterschaft) == ("mut", 7, False)
    ps = verteidigungsart(m, "Arkaner Schild (Paradezauber)")
    assert (ps.attribut, ps.pool, ps.meisterschaft, ps.art) == ("klugheit", 8, False, "paradezauber")
    # Manöver-Parade: Athletik 4 + Stufe 3, Meisterschaft gilt (Kampf-Spezialisierung)
    sw = verteidigungsart(werte["Brann"], "Schildwall (Parade)")
    assert (sw.pool, sw.meisterschaft, sw.art, sw.waffe) == (7, True, "manoever", "Langschwert")


def test_welche_verteidigung_gegen_welchen_angriff(werte):
    kampf = kampf_mit(werte, "Meridan", "Brann")
    gegen = {a: sitzung.verteidigung_namen(kampf, "Meridan", "Brann", a)
             for a in ("Langschwert", "Wuchtschlag (Manöver)")}
    for namen in gegen.values():
        assert namen == ["Parade: Kampfstab", "Parade: waffenlos", "Ausweichen", "Arkaner Schild (Paradezauber)"]
    # Feuerstrahl (physisch): nur ausweichen oder Paradezauber – keine Waffenparade, keine Willenskraft
    assert sitzung.verteidigung_namen(kampf, "Brann", "Meridan", "Feuerstrahl (Zauber)") == ["Ausweichen"]
    # Bannblick (geistig): nur Willenskraft
    assert sitzung.verteidigung_namen(kampf, "Brann", "Meridan", "Bannblick (Zauber)") == ["Willenskraft"]
    with pytest.raises(AloranFehler, match="wehrt „Feuerstrahl \\(Zauber\\)“ nicht ab.*möglich: Ausweichen"):
        k.vorschau(kampf, "Meridan", "Brann", "Feuerstrahl (Zauber)", "Parade: Langschwert")
    frei = kampf_mit(werte, "Meridan", "Brann", optionen=Optionen(freie_verteidigungswahl=True))
    assert "Parade: Langschwert" in sitzung.verteidigung_namen(frei, "Brann", "Meridan", "Bannblick (Zauber)")
    assert k.vorschau(frei, "Meridan", "Brann", "Feuerstrahl (Zauber)", "Parade: Langschwert").verteidigt


def test_geistiger_zauber_macht_keinen_schaden(werte):
    kampf = kampf_mit(werte, "Meridan", "Brann")
    vs = k.vorschau(kampf, "Meridan", "Brann", "Bannblick (Zauber)", "Willenskraft")
    assert (vs.lage.angriff_pool, vs.lage.angriff_schwierigkeit) == (7, 7)     # Klugheit 5 + 2
    assert (vs.lage.verteidigung_pool, vs.lage.verteidigung_schwierigkeit) == (6, 7)  # Mut 3 + Willenskraft 3
    assert set(vs.folgen) == {"widersteht", "Zauber wirkt"}
    assert vs.folgen["Zauber wirkt"] == pytest.approx(vs.chancen.kategorien.trifft, abs=1e-15)
    e = k.angriff_ereignis(kampf, "Meridan", "Brann", "Bannblick (Zauber)", "Willenskraft",
                           augen={"angriff": "9 9 9 9 9 2 2", "verteidigung": "2 2 2 2 2 2"})
    assert e.daten["kategorie"] == "schwerer_treffer" and "der Zauber wirkt auf Brann" in e.text
    neu = k.anwenden(kampf, e)
    assert sum(neu.kaempfer_namens("Brann").wunden) == 0
    assert neu.kaempfer_namens("Brann").aktionen.verteidigung == 1  # Schild: 2 Verteidigungen, eine verbraucht


def test_paradezauber_wehrt_feuerstrahl_ab(werte):
    kampf = kampf_mit(werte, "Meridan", "Brann")
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Meridan"))  # Meridan (13) vor Brann (12)
    e = k.angriff_ereignis(kampf, "Brann", "Meridan", "Langschwert", "Arkaner Schild (Paradezauber)",
                           augen={"angriff": "9 9 2 2 2 2 2 2", "verteidigung": "0 9 2 2 2 2 2 2"})
    assert (e.daten["angriff_netto"], e.daten["verteidigung_netto"], e.daten["kategorie"]) == (2, 3, "verfehlt")


def test_manoever_attacke_pool_meisterschaft_und_protokoll(werte):
    kampf = kampf_mit(werte, "Brann", "Ork-Krieger")
    art = aloran.werte.angriffsart(werte["Brann"], "Wuchtschlag (Manöver)")
    # Athletik 4 + Stufe 3 statt Schwert 4; Schaden Langschwert + Stufenbonus der Waffen-Spezialisierung 4
    assert (art.pool, art.talentstufe, art.schaden_text) == (7, 3, "W6+7")
    e = k.angriff_ereignis(kampf, "Brann", "Ork-Krieger", "Wuchtschlag (Manöver)", None,
                           augen={"angriff": "7 7 2 2 2 2 2", "zone": "16", "schaden": "1"})
    assert "Manöver: mit aller Kraft" in e.text and e.daten["lage"]["angriff_schwierigkeit"] == 7
    with pytest.raises(AloranFehler, match="nur Standard-Attacken"):
        k.angriff_ereignis(kampf, "Brann", "Ork-Krieger", "Wuchtschlag (Manöver)", None, zweitwaffe=True,
                           augen={"angriff": "7 7 2 2 2 2 2"})
    meister = beispielwerte(manoever=(Manoever("Finte", "Attacke", "Schwert", 4),))
    assert aloran.lage(meister, aloran.werte.angriffsart(meister, "Finte (Manöver)"), k.KEINE_WUNDEN,
                       meister, None, k.KEINE_WUNDEN).angriff_schwierigkeit == 6


def test_boegen_pruefen_manoever_und_zauber():
    with pytest.raises(AloranFehler, match="Waffe „Axt“ steht nicht auf dem Bogen"):
        beispielwerte(manoever=(Manoever("Hieb", "Attacke", "Axt", 2),))
    with pytest.raises(AloranFehler, match="Art „Finte“"):
        beispielwerte(manoever=(Manoever("Hieb", "Finte", "Schwert", 2),))
    with pytest.raises(AloranFehler, match="braucht einen Schaden"):
        beispielwerte(zauber=(Zauber("Blitz", "Magier", 2, "", "Wucht"),))
    with pytest.raises(AloranFehler, match="Wirkung „heilend“"):
        beispielwerte(zauber=(Zauber("Licht", "Magier", 2, "", "Wucht", "heilend"),))
    assert beispielwerte(waffen=(Waffe("Schwert", "schwert", "Hieb", "1W6"),),
                         zauber=(Zauber("Bann", "Zauberer", 1, "", "Wucht", "geistig"),)).zauber[0].wirkung == "geistig"


def test_altes_protokoll_ohne_willenskraft_laesst_sich_fortsetzen(werte):
    kopf = k.kopf(k.neuer_kampf([werte["Brann"]]))
    del kopf["kaempfer"][0]["attribute"]["willenskraft"]
    del kopf["kaempfer"][0]["manoever"]
    alt = k.aus_kopf(kopf)
    assert alt.kaempfer[0].werte.attribute["willenskraft"] == 0 and alt.kaempfer[0].werte.manoever == ()
