"""Der Fluss einer Sitzung in Aloran: Verletzungsart, gleichzeitige Aktionen, Bonusaktionen, offene
Entscheidungen (Regeltext ``regeln/aloran.txt``)."""

import pytest

from gm_helfer.aloran import kampf as k
from gm_helfer.aloran.optionen import Optionen
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.aloran.werte import beispielwerte


def _zwei(optionen=Optionen(), ini=("5", "5")):
    kampf = k.neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")], optionen)
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={"Ada": ini[0], "Ork": ini[1]}))
    return k.anwenden(kampf, k.runde_ereignis(kampf))


def _wunden(kampf, name, zone, n, art):
    return k.anwenden(kampf, k.eingriff_ereignis(kampf, name, zone=zone, wunden=n, schadensart=art))


# -- 6a: die Verletzungsart folgt der verletzungsverursachenden Wunde ---------------------------

def test_verletzungsart_folgt_der_verursachenden_wunde_nicht_der_letzten():
    """Allgemeine Regeln › 5. Phase: „Die Art der Wunde entspricht der Waffen- und Attackenart der
    verletzungsverursachenden Wunde.“ KO 3: 4 Wunden (Stich) sind „bis (KO x 2)“ – Fleischwunde; eine
    fünfte (Wucht) ändert die Zeile nicht, also bleibt es die Fleischwunde des Stichs. Erst die Wunde,
    die „bis (KO x 3)“ erreicht, bestimmt die neue Art (Wucht: Bruch)."""
    kampf = _zwei()
    kampf = _wunden(kampf, "Ork", "torso", 4, "Stich")
    assert kampf.kaempfer_namens("Ork").verletzung == "Leichte Verletzung: Fleischwunde"
    kampf = _wunden(kampf, "Ork", "schildarm", 1, "Wucht")
    assert kampf.kaempfer_namens("Ork").verletzung == "Leichte Verletzung: Fleischwunde"
    kampf = _wunden(kampf, "Ork", "bein_links", 2, "Wucht")
    assert kampf.kaempfer_namens("Ork").verletzung == "Schwere Verletzung: Bruch"


def test_verletzungsart_bei_mehreren_zeilen_nacheinander():
    """Jede Wunde, die eine neue Zeile erreicht, ist die verursachende; Wunden dazwischen ändern die
    Art nicht („der verletzungsverursachenden Wunde“)."""
    kampf = _zwei()
    kampf = _wunden(kampf, "Ork", "schwertarm", 3, "Hieb")   # 3 Wunden: Zeile „bis KO x 1“
    kampf = _wunden(kampf, "Ork", "schildarm", 3, "Wucht")   # 6: „bis KO x 2“ – Wucht verursacht
    assert kampf.kaempfer_namens("Ork").verletzung == "Leichte Verletzung: Verstauchung"
    kampf = _wunden(kampf, "Ork", "schwertarm", 4, "Stich")  # 10 gesamt: Zeile „bis (KO x 4)“, vom Stich
    assert kampf.kaempfer_namens("Ork").verletzung == "Schwere Verletzung: Nerven-/Muskelschaden"
    kampf = _wunden(kampf, "Ork", "kopf", 1, "Hieb")         # 11: dieselbe Zeile – bleibt vom Stich
    assert kampf.kaempfer_namens("Ork").verletzung == "Schwere Verletzung: Nerven-/Muskelschaden"


# -- 5: gleiche Initiative handelt gleichzeitig --------------------------------------------------

GLEICHZEITIG = "Sollten mehrere Kombattanten über denselben Initiativewert verfügen, geschehen ihre " \
    "Aktionen in der Regel gleichzeitig, d.h. alle ihre Würfelwürfe werden simultan ausgeführt."
SCHWERER_TREFFER = {"angriff": "9 9 9 9 9", "zone": "16", "schaden": "6"}  # Torso, 20 Wunden


def test_ausgeschaltet_durch_gleichzeitigen_treffer_greift_trotzdem_an():
    """Allgemeine Regeln › 2. Phase: „… geschehen ihre Aktionen in der Regel gleichzeitig, d.h. alle
    ihre Würfelwürfe werden simultan ausgeführt.“ Ada und Ork haben dieselbe Initiative; Adas Treffer
    (Torso über der dritten Schwelle) schaltet den Ork aus – aber erst, wenn beide gehandelt haben:
    der Ork würfelt seinen Angriff gegen den Stand vor dem Austausch."""
    kampf = _zwei()
    assert k.am_zug(kampf) == ("Ada", "Ork")
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Ada", "Ork", "Schwert", None, augen=SCHWERER_TREFFER))
    ork = kampf.kaempfer_namens("Ork")
    assert ork.handelt and sum(ork.wunden) == 0          # noch nicht: die Würfe sind gleichzeitig
    assert set(k.am_zug(kampf)) == {"Ada", "Ork"}
    la, _ = k.austausch_lage(kampf, "Ork", "Ada", "Schwert", None)
    assert la.angriff_pool == 5                           # ohne Wundabzug: Stand vor dem Austausch
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Ork", "Ada", "Schwert", None,
                                                 augen={"angriff": "9 9 9 9 1", "zone": "5", "schaden": "3"}))
    kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, "Ada"))
    assert sum(kampf.kaempfer_namens("Ork").wunden) == 0  # der Ork hat seinen Zug noch nicht beendet
    e = k.zug_ende_ereignis(kampf, "Ork")
    assert "gleichzeitiger Austausch" in e.text and "Ork 20 Wunden am Torso" in e.text
    kampf = k.anwenden(kampf, e)
    assert kampf.kaempfer_namens("Ork").kampfunfaehig
    assert sum(kampf.kaempfer_namens("Ada").wunden) > 0  # auch sein Treffer gilt
    assert kampf.austausch == () and kampf.aufgeschoben == () and k.am_zug(kampf) == ()


def test_nacheinander_als_option():
    """Die bisherige Lesart bleibt als Option: gleiche Initiative handelt nacheinander, jeder Wurf
    gegen den Stand nach dem vorigen – der ausgeschaltete Ork greift nicht mehr an."""
    kampf = _zwei(Optionen(nacheinander_bei_gleicher_initiative=True))
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Ada", "Ork", "Schwert", None, augen=SCHWERER_TREFFER))
    assert kampf.kaempfer_namens("Ork").kampfunfaehig and k.am_zug(kampf) == ("Ada",)
    with pytest.raises(AloranFehler, match="kann nicht angreifen"):
        k.angriff_ereignis(kampf, "Ork", "Ada", "Schwert", None, augen={"angriff": "9 9 9 9 9"})


def test_gleichzeitig_wer_nicht_dazugehoert_wartet():
    """Während des gleichzeitigen Austauschs ist nur dran, wer dazugehört; die Runde endet erst, wenn
    alle gehandelt haben – die Ablehnung nennt, wer noch fehlt."""
    kampf = k.neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork"),
                           beispielwerte(name="Wolf")])
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={"Ada": "5", "Ork": "5", "Wolf": "1"}))
    kampf = k.anwenden(kampf, k.runde_ereignis(kampf))
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Ada", "Ork", "Schwert", None, augen=SCHWERER_TREFFER))
    grund = k.zug_sperre(kampf, "Wolf")
    assert grund is not None and "Ada und Ork" in grund
    with pytest.raises(AloranFehler, match="Ork"):
        k.runde_ereignis(kampf)


def test_gleichzeitig_wiederabspielen_gleich_live(tmp_path):
    """Der Austausch folgt aus dem Protokoll: Fortsetzen aus der Datei gibt denselben Zustand, und
    Rückgängig vor dem Zugende nimmt das Gelten der Folgen zurück."""
    datei = tmp_path / "kampf.jsonl"
    kampf = k.neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
    v = k.neuer_verlauf(kampf, datei)
    v.ausfuehren(k.initiative_ereignis(v.zustand, augen={"Ada": "5", "Ork": "5"}))
    v.ausfuehren(k.runde_ereignis(v.zustand))
    v.ausfuehren(k.angriff_ereignis(v.zustand, "Ada", "Ork", "Schwert", None, augen=SCHWERER_TREFFER))
    v.ausfuehren(k.zug_ende_ereignis(v.zustand, "Ada"))
    vorher = v.zustand
    v.ausfuehren(k.zug_ende_ereignis(v.zustand, "Ork"))
    assert v.zustand.kaempfer_namens("Ork").kampfunfaehig
    v.rueckgaengig()
    assert v.zustand == vorher and not v.zustand.kaempfer_namens("Ork").kampfunfaehig
    live = v.zustand
    neu, warnungen = k.fortsetzen(datei, nur_lesen=True)
    assert not warnungen and neu.zustand == live


# -- 6b/c: Bonusaktionen jeder Art, sofortiger Angriff außer der Reihe ---------------------------

@pytest.mark.parametrize("art", ["bewegung", "kampf", "verteidigung", "interaktion"])
def test_jede_art_bonusaktion_gewaehren(art):
    """SPIELABLAUF › Bonusaktion: „Eine „Bonusaktion“ stellt eine zusätzliche Aktion (Bewegung,
    Kampf, Verteidigung oder Interaktion) in der gleichen Kampfrunde dar“ – jede Art lässt sich
    gewähren, über die Zug-Schnittstelle (Auswahl im Notebook) und im Kampfobjekt."""
    from gm_helfer.aloran.tisch import zug

    assert set(zug.BONUSAKTIONEN.values()) == {"bewegung", "kampf", "verteidigung", "interaktion"}
    kampf = _zwei(ini=("9", "1"))
    vorher = getattr(kampf.kaempfer_namens("Ada").aktionen, art)
    kampf = k.anwenden(kampf, k.bonusaktion_ereignis(kampf, "Ada", art, "Spezialisierung"))
    assert getattr(kampf.kaempfer_namens("Ada").aktionen, art) == vorher + 1


def test_sofortiger_bonusangriff_ausser_der_reihe_im_panel():
    """SPIELABLAUF › Bonusaktion: „Beim Verlassen der Kampfreichweite … eines Gegners gewährt man
    diesem dadurch eine Bonus-Kampfaktion.“ – Ada ist am Zug, der Ork erhält die Bonus-Kampfaktion
    und kann „jetzt außer der Reihe angreifen“: die Zug-Schnittstelle bietet ihn als Handelnden an,
    mit erlaubtem Angriff; danach ist wieder Ada dran."""
    from gm_helfer.aloran.tisch import zug

    kampf = _zwei(ini=("9", "1"))
    kampf = k.anwenden(kampf, k.bewegung_ereignis(kampf, "Ada"))
    kampf = k.anwenden(kampf, k.bonusaktion_ereignis(kampf, "Ork", "kampf", "Ada verlässt die Kampfreichweite"))
    assert zug.handelnde(kampf) == ["Ada", "Ork"]
    angriff = next(a for a in zug.aktionen(kampf, "Ork") if a.schluessel == "angriff")
    assert angriff.erlaubt and "außer der Reihe" in angriff.text
    kampf = k.anwenden(kampf, k.angriff_ereignis(kampf, "Ork", "Ada", "Schwert", None,
                                                 augen={"angriff": "2 2 2 2 2"}))
    assert zug.handelnde(kampf) == ["Ada"] and zug.am_zug(kampf) == "Ada"


def test_kampfobjekt_bietet_bonusaktion_und_angriff_ausser_der_reihe(tmp_path, monkeypatch):
    """Das Jupyter-Kampfobjekt: ``bonusaktion`` gewährt jede Art, ``ausser_der_reihe`` nutzt die
    sofortige Bonus-Kampfaktion (ohne eine: deutsche Ablehnung)."""
    from gm_helfer.aloran.tisch.zellen import AloranKampf
    from gm_helfer.zellenkampf import KampfFehler

    kampf = k.neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
    z = AloranKampf.neu(lambda: k.neuer_verlauf(kampf, tmp_path / "k.jsonl"))
    z.initiative("Ada: 9; Ork: 1")
    z.runde()
    with pytest.raises(KampfFehler, match="keine sofortige Bonus-Kampfaktion"):
        z.ausser_der_reihe("Ork")
    z.bonusaktion("Ork", "kampf", "Ada verlässt die Kampfreichweite")
    z.bonusaktion("Ada", "interaktion")
    assert z.zustand.kaempfer_namens("Ada").aktionen.interaktion == 2
    z.ausser_der_reihe("Ork", "Ada", verteidigung=False, augen="2 2 2 2 2")
    assert z.zustand.kaempfer_namens("Ork").sofort == 0


# -- 3: offene Entscheidungen bleiben offen, bis genommen oder ausgeschlagen ---------------------

def test_neue_runde_verwirft_keine_sofortige_bonus_kampfaktion():
    """Eine sofortige Bonus-Kampfaktion (Patzer 5–6: „Der Gegner erhält eine sofortige
    Bonus-Kampfaktion“) verfällt nicht still mit der Runde: „Neue Runde“ wird abgelehnt und nennt,
    wer was offen hat; der Verzicht steht im Protokoll."""
    kampf = _zwei(ini=("9", "1"))
    kampf = k.anwenden(kampf, k.bonusaktion_ereignis(kampf, "Ork", "kampf", "Patzer"))
    for name in ("Ada", "Ork"):
        kampf = k.anwenden(kampf, k.zug_ende_ereignis(kampf, name))
    with pytest.raises(AloranFehler, match="Ork hat noch eine sofortige Bonus-Kampfaktion"):
        k.runde_ereignis(kampf)
    e = k.verzicht_ereignis(kampf, "Ork")
    assert e.art == "verzicht" and "Ork verzichtet auf die sofortige Bonus-Kampfaktion" in e.text
    kampf = k.anwenden(kampf, e)
    assert k.anwenden(kampf, k.runde_ereignis(kampf)).runde == 2


def test_ausgeschlagene_verteidigung_steht_im_protokoll():
    """Die Verteidigung ist die Entscheidung des Ziels vor dem Wurf – verzichtet es, obwohl es
    abwehren könnte, steht das im Ereignis (Text und Daten), nicht nur das Fehlen der Parade."""
    kampf = _zwei(ini=("9", "1"))
    e = k.angriff_ereignis(kampf, "Ada", "Ork", "Schwert", None, augen={"angriff": "2 2 2 2 2"})
    assert "Ork verzichtet auf die Verteidigung" in e.text and e.daten["verteidigung_verzicht"] is True
    e = k.angriff_ereignis(kampf, "Ada", "Ork", "Schwert", "Parade: Schwert",
                           augen={"angriff": "2 2 2 2 2", "verteidigung": "2 2 2 2 2"})
    assert "verzichtet" not in e.text and "verteidigung_verzicht" not in e.daten
