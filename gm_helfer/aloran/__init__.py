"""Aloran: W10-Erfolgspool, Attacke gegen Parade, Trefferzonen, Wunden nach Schadensart.

Regeltext: ``regeln/aloran.txt``. Der Abschnitt ``SPIELABLAUF`` gilt; der ältere Abschnitt
``Allgemeine Regeln`` ergänzt, was ihm fehlt; widersprechen sie sich, ist die ältere Lesart
eine Option in :class:`Optionen`. Lesarten und Glossar: ``docs/aloran.md``.

>>> from gm_helfer import aloran
>>> round(aloran.pool_chancen(wuerfel=5, schwierigkeit=7).gelingt, 4)
0.6
"""

from typing import TYPE_CHECKING

# Die Regelnamen des Pakets: mypy, ruff und Editoren lesen sie hier; zur Laufzeit lädt erst der erste
# Zugriff (``gm_helfer.aloran.Kampf``) ihr Modul – ``import gm_helfer.aloran.<modul>`` lädt so nur, was
# dieses Modul braucht (regelsystem.spaet_geladen liest den Block). Bögen: boegen.schema(system) lädt
# das Schema über das Verzeichnis der Regelsysteme.
if TYPE_CHECKING:
    from . import bogen
    from .angriff import Lage, Vergleichsergebnis, lage, trefferschaden, vergleich_auswerten
    from .bogen import SCHEMA, aus_bogen, kampfwerte
    from .chancen import (
        AngriffChancen,
        PoolChancen,
        VergleichChancen,
        angriff_chancen,
        folgen_chancen,
        meister_chance,
        patzer_chance,
        pool_chancen,
        vergleich_chancen,
        zonen_chancen,
    )
    from .daten import GRUNDSCHWIERIGKEIT, KATEGORIEN, SYSTEM, ZONEN
    from .kampf import (
        Aktionen,
        Kaempfer,
        Kampf,
        abwarten_ereignis,
        aktion_ereignis,
        am_zug,
        angriff_ereignis,
        anwenden,
        aus_kopf,
        beitreten_ereignis,
        bewegung_ereignis,
        bonusaktion_ereignis,
        eingriff_ereignis,
        fortsetzen,
        initiative_ereignis,
        kopf,
        neuer_kampf,
        neuer_verlauf,
        reihenfolge,
        runde_ereignis,
        uebersicht,
        wunden_zeilen,
        zug_ende_ereignis,
        zug_sperre,
        zweitwaffen_parade,
    )
    from .optionen import OPTION_TEXTE, Optionen
    from .proben import (
        AloranFehler,
        Poolwurf,
        ist_meistertreffer,
        ist_patzer,
        kategorie,
        netto_erfolge,
        schwierigkeit,
        trefferzone,
        vergleich,
        wuerfle_pool,
    )
    from .werte import (
        Angriffsart,
        Kampfwerte,
        Verteidigungsart,
        Waffe,
        Zauber,
        angriffsarten,
        bewegung,
        initiativewert,
        verteidigungsarten,
        zweitwaffe,
    )
    from .wunden import kampfunfaehig, verletzungsstufe, wehrlos, wundschwellen

# ausdrücklich statt aus dir() (Issue 20): was ``from gm_helfer.aloran import *`` liefert – die Untermodule
# und die Namen, die dieses Paket oben einführt
__all__ = [
    "angriff", "bogen", "chancen", "daten", "kampf", "optionen", "proben", "werte", "wunden",
    "Aktionen", "AloranFehler", "AngriffChancen", "Angriffsart", "GRUNDSCHWIERIGKEIT", "KATEGORIEN", "Kaempfer", "Kampf",
    "Kampfwerte", "Lage", "OPTION_TEXTE", "Optionen", "PoolChancen", "Poolwurf", "SCHEMA", "SYSTEM", "VergleichChancen",
    "Vergleichsergebnis", "Verteidigungsart", "Waffe", "ZONEN", "Zauber", "abwarten_ereignis", "aktion_ereignis", "am_zug",
    "angriff_chancen", "angriff_ereignis", "angriffsarten", "anwenden", "aus_bogen", "aus_kopf", "beitreten_ereignis",
    "bewegung", "bewegung_ereignis", "bonusaktion_ereignis", "eingriff_ereignis", "folgen_chancen", "fortsetzen",
    "initiative_ereignis", "initiativewert", "ist_meistertreffer", "ist_patzer", "kampfunfaehig", "kampfwerte", "kategorie",
    "kopf", "lage", "meister_chance", "netto_erfolge", "neuer_kampf", "neuer_verlauf", "patzer_chance", "pool_chancen",
    "reihenfolge", "runde_ereignis", "schwierigkeit", "trefferschaden", "trefferzone", "uebersicht", "vergleich",
    "vergleich_auswerten", "vergleich_chancen", "verletzungsstufe", "verteidigungsarten", "wehrlos", "wuerfle_pool",
    "wunden_zeilen", "wundschwellen", "zonen_chancen", "zug_ende_ereignis", "zug_sperre", "zweitwaffe", "zweitwaffen_parade",
]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = aloran.kampf_starten(["brann", "ork_krieger"])
# Die Zellen gehören zur Notebook-Schicht (tisch/): erst beim ersten Zugriff geladen (PEP 562),
# damit ``import gm_helfer.aloran.kampf`` weder altair noch polars lädt.
from gm_helfer.regelsystem import spaet_geladen as _spaet_geladen  # noqa: E402

_ZELLEN = ("AloranKampf", "kampf_fortsetzen", "kampf_starten")

__all__ += list(_ZELLEN)
_ALTE_MODULE = ("ansicht", "diagramme", "lehre", "sitzung", "zellen", "zug")


def tisch_laden():
    """Die Notebook-Schicht dieses Systems (lädt ``tisch`` mit allen Modulen; altair, polars)."""
    from gm_helfer.aloran import tisch as paket
    from gm_helfer.aloran.tisch import ansicht, diagramme, lehre, sitzung, zellen, zug  # noqa: F401

    return paket


__getattr__ = _spaet_geladen(globals(), tisch_laden, zellen_namen=_ZELLEN, module=_ALTE_MODULE)
