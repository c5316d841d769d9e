"""W100: Initiativepunkte, W100-Angriffe gegen OB und DB, Ausweichen mit Flee und Parade.

Regeltext: ``regeln/w100.txt``; Lesarten und Hausregel-Optionen: ``docs/w100.md``.

>>> from gm_helfer import w100
>>> c = w100.angriff_chancen(ob=60, db=20, patzerbereich=5, lucky_seven=False)
>>> round(c.patzer + c.misserfolg + c.streiftreffer + c.volltreffer, 12)
1.0
"""

from gm_helfer.w100 import bogen as _bogen  # meldet das Bogenschema an
from gm_helfer.w100.angriff import (
    Abwehr,
    Angriffsergebnis,
    KritRegel,
    abwehr_aus,
    bewerte_angriff,
    ist_kritisch,
    schaden_nach_treffer,
    trefferstufe,
)
from gm_helfer.w100.bogen import SCHEMA, kaempfer_aus_bogen, kampf_aus_boegen
from gm_helfer.w100.chancen import (
    AngriffsChancen,
    abwehr_tabelle,
    angriff_chancen,
    angriff_chancen_exakt,
    angriff_schaden_verteilung,
    chance_kampfunfaehig,
    schaden_verteilung,
)
from gm_helfer.w100.daten import (
    MISSERFOLG,
    PATZER,
    SCHADENSARTEN,
    STREIFTREFFER,
    STUFEN,
    STUFEN_TEXT,
    VOLLTREFFER,
)
from gm_helfer.w100.kampf import (
    Angriffsplan,
    Effekt,
    Kaempfer,
    Kampf,
    Waffe,
    abstand,
    angriff_auswerten,
    angriff_ereignis,
    angriff_planen,
    anwenden,
    bewegung_ereignis,
    effekt_ereignis,
    ergreifen_ereignis,
    erreicht,
    in_reichweite,
    initiative_ereignis,
    initiative_leiter,
    initiative_wert,
    initiative_wuerfe,
    kampf_als_dict,
    kampf_aus_dict,
    ausfall_ereignis,
    lp_ereignis,
    naechster,
    neue_runde_ereignis,
    neuer_kampf,
    optionen_ereignis,
    reihenfolge,
    runde_vorbei,
    sieger,
    zug_beginn_ereignis,
    zug_ende_ereignis,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler
from gm_helfer.w100.wuerfe import schadenswurf, w100, w100_wert

SYSTEM = "w100"

__all__ = [name for name in dir() if not name.startswith("_")]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = w100.kampf_starten(["john", "ork_krieger"])
from gm_helfer.w100.zellen import W100Kampf, kampf_fortsetzen, kampf_starten  # noqa: E402

__all__ += ["W100Kampf", "kampf_fortsetzen", "kampf_starten"]
