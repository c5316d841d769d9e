"""Aloran: W10-Erfolgspool, Attacke gegen Parade, Trefferzonen, Wunden nach Schadensart.

Regeltext: ``regeln/aloran.txt``. Der Abschnitt ``SPIELABLAUF`` gilt; der ältere Abschnitt
``Allgemeine Regeln`` ergänzt, was ihm fehlt; widersprechen sie sich, ist die ältere Lesart
eine Option in :class:`Optionen`. Lesarten und Glossar: ``docs/aloran.md``.

>>> from gm_helfer import aloran
>>> round(aloran.pool_chancen(wuerfel=5, schwierigkeit=7).gelingt, 4)
0.6
"""

from . import bogen as _bogen  # meldet das Bogen-Schema an
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

__all__ = [name for name in dir() if not name.startswith("_")]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = aloran.kampf_starten(["brann", "ork_krieger"])
from .zellen import AloranKampf, kampf_fortsetzen, kampf_starten  # noqa: E402

__all__ += ["AloranKampf", "kampf_fortsetzen", "kampf_starten"]
