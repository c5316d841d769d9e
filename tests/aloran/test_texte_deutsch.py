"""Deutsch, wo der Spielleiter hinsieht (Aloran): Mehrzahl, Dativ der Trefferzonen, echtes Minus
und die richtige Regelstelle."""

from __future__ import annotations

from gm_helfer.aloran import kampf as k
from gm_helfer.aloran.daten import ZONEN
from gm_helfer.aloran.proben import Poolwurf
from gm_helfer.aloran.werte import beispielwerte


def _zwei(ini=("7", "3")):
    kampf = k.neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
    kampf = k.anwenden(kampf, k.initiative_ereignis(kampf, augen={"Ada": ini[0], "Ork": ini[1]}))
    return k.anwenden(kampf, k.runde_ereignis(kampf))


def test_erfolge_in_der_mehrzahl_statt_erfolg_e():
    """Issue 23: „Erfolg(e)“."""
    assert str(Poolwurf((9,), 6)).endswith(": 1 Erfolg")
    assert str(Poolwurf((9, 8), 6)).endswith(": 2 Erfolge")
    assert "(e)" not in str(Poolwurf((1,), 6))


def test_trefferzonen_im_dativ():
    """Issue 23: „am Rechtes Bein“."""
    assert [z.am for z in ZONEN] == ["am Kopf", "am Torso", "am Schwertarm", "am Schildarm",
                                     "an der Lendengegend", "am rechten Bein", "am linken Bein"]
    kampf = _zwei()
    e = k.eingriff_ereignis(kampf, "Ork", zone="bein_rechts", wunden=2, schadensart="Hieb")
    assert "2 Wunden am rechten Bein eingetragen" in e.text and "Rechtes" not in e.text
    e = k.eingriff_ereignis(kampf, "Ork", ausdauer=-1)
    assert "Ausdauer −1" in e.text


def test_aufgeschobene_folge_nennt_die_zone_im_dativ():
    """Der gleichzeitige Austausch: „Ork 2 Wunden am rechten Bein“ (nicht „am Rechtes Bein“)."""
    from gm_helfer.aloran.zugfolge import aufschub_text

    assert aufschub_text({"name": "Ork", "zone": "bein_rechts", "wunden": 2}) == "Ork 2 Wunden am rechten Bein"
    assert aufschub_text({"name": "Ork", "zone": "lende", "wunden": 1}) == "Ork 1 Wunde an der Lendengegend"


def test_zug_ende_zitiert_nicht_den_vergleichswurf():
    """Issue 23: Aloran zitierte „Vergleichswurf“ als Regel fürs Zugende. Die Regel: „Die meisten
    Charaktere verfügen über 2 Aktionen und 1 Reaktion pro Kampfrunde“ (2. Phase)."""
    kampf = _zwei()
    e = k.zug_ende_ereignis(kampf, "Ada")
    assert "Vergleichswurf" not in e.regel and "2. Phase - Aktionen deklarieren" in e.regel
