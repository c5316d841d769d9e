"""W100: Initiativepunkte, W100-Angriffe gegen OB und DB, Ausweichen mit Flee und Parade.

Regeltext: ``regeln/w100.txt``; Lesarten und Hausregel-Optionen: ``docs/w100.md``.

>>> from gm_helfer import w100
>>> c = w100.angriff_chancen(ob=60, db=20, patzerbereich=5, lucky_seven=False)
>>> round(c.patzer + c.misserfolg + c.streiftreffer + c.volltreffer, 12)
1.0
"""

from typing import TYPE_CHECKING

# Die Regelnamen des Pakets: mypy, ruff und Editoren lesen sie hier; zur Laufzeit lädt erst der erste
# Zugriff (``gm_helfer.w100.Kampf``) ihr Modul – ``import gm_helfer.w100.<modul>`` lädt so nur, was
# dieses Modul braucht (regelsystem.spaet_geladen liest den Block). Bögen: boegen.schema(system) lädt
# das Schema über das Verzeichnis der Regelsysteme.
if TYPE_CHECKING:
    from gm_helfer.w100 import bogen
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
        ausfall_ereignis,
        bewegung_ereignis,
        effekt_ereignis,
        ergreifen_ereignis,
        ergreifen_offen,
        ergreifen_verzicht_ereignis,
        erreicht,
        handlungen_ereignis,
        in_reichweite,
        initiative_ereignis,
        initiative_leiter,
        initiative_wert,
        initiative_wuerfe,
        kampf_als_dict,
        kampf_aus_dict,
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

# ausdrücklich statt aus dir() (Issue 20): was ``from gm_helfer.w100 import *`` liefert – die Untermodule
# und die Namen, die dieses Paket oben einführt
__all__ = [
    "angriff", "bogen", "chancen", "daten", "kampf", "optionen", "wuerfe",
    "Abwehr", "AngriffsChancen", "Angriffsergebnis", "Angriffsplan", "Effekt", "Kaempfer", "Kampf", "KritRegel", "MISSERFOLG",
    "Optionen", "PATZER", "SCHADENSARTEN", "SCHEMA", "STREIFTREFFER", "STUFEN", "STUFEN_TEXT", "SYSTEM", "VOLLTREFFER",
    "W100Fehler", "Waffe", "abstand", "abwehr_aus", "abwehr_tabelle", "angriff_auswerten", "angriff_chancen",
    "angriff_chancen_exakt", "angriff_ereignis", "angriff_planen", "angriff_schaden_verteilung", "anwenden",
    "ausfall_ereignis", "bewegung_ereignis", "bewerte_angriff", "chance_kampfunfaehig", "effekt_ereignis",
    "ergreifen_ereignis", "ergreifen_offen", "ergreifen_verzicht_ereignis", "erreicht", "handlungen_ereignis",
    "in_reichweite", "initiative_ereignis", "initiative_leiter", "initiative_wert",
    "initiative_wuerfe", "ist_kritisch", "kaempfer_aus_bogen", "kampf_als_dict", "kampf_aus_boegen", "kampf_aus_dict",
    "lp_ereignis", "naechster", "neue_runde_ereignis", "neuer_kampf", "optionen_ereignis", "reihenfolge", "runde_vorbei",
    "schaden_nach_treffer", "schaden_verteilung", "schadenswurf", "sieger", "trefferstufe", "w100", "w100_wert",
    "zug_beginn_ereignis", "zug_ende_ereignis",
]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = w100.kampf_starten(["john", "ork_krieger"])
# Die Zellen gehören zur Notebook-Schicht (tisch/): erst beim ersten Zugriff geladen (PEP 562),
# damit ``import gm_helfer.w100.kampf`` weder altair noch polars lädt.
from gm_helfer.regelsystem import spaet_geladen as _spaet_geladen  # noqa: E402

_ZELLEN = ("W100Kampf", "kampf_fortsetzen", "kampf_starten")

__all__ += list(_ZELLEN)
_ALTE_MODULE = ("ansicht", "diagramme", "lehre", "sitzung", "zellen", "zug")


def tisch_laden():
    """Die Notebook-Schicht dieses Systems (lädt ``tisch`` mit allen Modulen; altair, polars)."""
    from gm_helfer.w100 import tisch as paket
    from gm_helfer.w100.tisch import ansicht, diagramme, lehre, sitzung, zellen, zug  # noqa: F401

    return paket


def lage_laden():
    """Der Lagebild-Adapter (:mod:`gm_helfer.w100.tisch.lagebild`: er spielt über die Zug-Schnittstelle
    weiter, darum in der Notebook-Schicht) – erst bei Bedarf geladen, wie :func:`tisch_laden`."""
    from gm_helfer.w100.tisch import lagebild

    return lagebild


__getattr__ = _spaet_geladen(globals(), tisch_laden, zellen_namen=_ZELLEN, module=_ALTE_MODULE)
