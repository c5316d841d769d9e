"""Zeitstrahl: Kampf auf einem Tick-Zeitstrahl mit Verteidigungswahl, Blocken, Rüstung je
Würfel und Trefferzonen – exakte Chancen (Regeltext ``regeln/zeitstrahl.txt``).

Lesarten und Hausregeln: ``docs/zeitstrahl.md``.

>>> from gm_helfer import zeitstrahl
>>> zeitstrahl.schadens_chancen("2W6", ruestungsschutz=3)[6]
0.027777777777777776
>>> round(zeitstrahl.angriff_chancen(angriffswert=12, verteidigung=15).treffer, 3)
0.9
"""

from .chancen import (
    AngriffsChancen,
    angriff_chancen,
    angriff_chancen_exakt,
    angriff_schadens_chancen,
    pruefwurf_verteilung,
    schadens_chancen,
    startpositions_chancen,
    treffer_schadens_chancen,
    trefferzonen_chancen,
    effekt_verteilung,
    verteidigungs_ausgaenge,
    verteidigungs_verteilung,
    waffenlose_parade_chancen_exakt,
)
from .daten import KRIT_ANGRIFF, KRIT_VERTEIDIGUNG, PATZER, TREFFERZONEN, ZONEN
from .kampf import (
    STURZSCHWELLE,
    VERTEIDIGUNGEN,
    Kaempfer,
    Kampf,
    KampfFehler,
    Teilnehmer,
    Waffe,
    aktion_ereignis,
    block_folgen,
    angriff_ereignis,
    ansage_ereignis,
    ansage_verfallen_ereignis,
    anwenden,
    kampf_aus_kopf,
    kann_reagieren,
    konter_erschwernis,
    konter_verzicht_ereignis,
    lebenspunkte_ereignis,
    neuer_kampf,
    reaktions_ticks,
    start_ereignis,
    start_schwierigkeit,
    sturz_plus,
    verschiebung_pruefen,
    verteidigungswert,
    zustand_ereignis,
    ausfall_ereignis,
)
from .optionen import STANDARD, Optionen
from .proben import Probe, bewerte_probe, probe
from .schaden import (
    Schicht,
    Trefferzone,
    bestgeschuetzte_zone,
    behinderung,
    ruestung,
    schadenspunkte,
    trefferzone,
    waffenlose_parade_schadenspunkte,
    zonen_ruestung,
)
from .verschiebung import Verschiebung, kaufkraft, pruefe_verschiebung, verhaeltnis
from .vorschau import (
    BlockRisiko,
    block_risiko,
    Vergleich,
    VerteidigungsWahl,
    angesagter_effekt,
    schadens_vorschau,
    verschiebung_im_kampf,
    verschiebungs_vergleich,
    verteidigungs_wahlen,
    zeitstrahl_eintraege,
)
from .bogen import SCHEMA, kaempfer_aus_bogen, kaempfer_aus_werten  # noqa: E402  (meldet das Schema an)

SYSTEM = "zeitstrahl"

__all__ = [n for n in dir() if not n.startswith("_")]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"])
from .zellen import ZeitstrahlKampf, kampf_fortsetzen, kampf_starten  # noqa: E402

__all__ += ["ZeitstrahlKampf", "kampf_fortsetzen", "kampf_starten"]
