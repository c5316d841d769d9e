"""Zeitstrahl: Kampf auf einem Tick-Zeitstrahl mit Verteidigungswahl, Blocken, Rüstung je
Würfel und Trefferzonen – exakte Chancen (Regeltext ``regeln/zeitstrahl.txt``).

Lesarten und Hausregeln: ``docs/zeitstrahl.md``.

>>> from gm_helfer import zeitstrahl
>>> zeitstrahl.schadens_chancen("2W6", ruestungsschutz=3)[6]
0.027777777777777776
>>> round(zeitstrahl.angriff_chancen(angriffswert=12, verteidigung=15).treffer, 3)
0.9
"""

from typing import TYPE_CHECKING

# Die Regelnamen des Pakets: mypy, ruff und Editoren lesen sie hier; zur Laufzeit lädt erst der erste
# Zugriff (``gm_helfer.zeitstrahl.Kampf``) ihr Modul – ``import gm_helfer.zeitstrahl.<modul>`` lädt so nur, was
# dieses Modul braucht (regelsystem.spaet_geladen liest den Block). Bögen: boegen.schema(system) lädt
# das Schema über das Verzeichnis der Regelsysteme.
if TYPE_CHECKING:
    from .bogen import SCHEMA, kaempfer_aus_bogen, kaempfer_aus_werten
    from .chancen import (
        AngriffsChancen,
        angriff_chancen,
        angriff_chancen_exakt,
        angriff_schadens_chancen,
        effekt_verteilung,
        pruefwurf_verteilung,
        schadens_chancen,
        startpositions_chancen,
        treffer_schadens_chancen,
        trefferzonen_chancen,
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
        angriff_ereignis,
        ansage_ereignis,
        ansage_verfallen_ereignis,
        anwenden,
        ausfall_ereignis,
        block_folgen,
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
    )
    from .optionen import STANDARD, Optionen
    from .proben import Probe, bewerte_probe, probe
    from .schaden import (
        Schicht,
        Trefferzone,
        behinderung,
        bestgeschuetzte_zone,
        ruestung,
        schadenspunkte,
        trefferzone,
        waffenlose_parade_schadenspunkte,
        zonen_ruestung,
    )
    from .verschiebung import Verschiebung, kaufkraft, pruefe_verschiebung, verhaeltnis
    from .vorschau import (
        BlockRisiko,
        Vergleich,
        VerteidigungsWahl,
        angesagter_effekt,
        block_risiko,
        schadens_vorschau,
        verschiebung_im_kampf,
        verschiebungs_vergleich,
        verteidigungs_wahlen,
        zeitstrahl_eintraege,
    )

SYSTEM = "zeitstrahl"

# ausdrücklich statt aus dir() (Issue 20): was ``from gm_helfer.zeitstrahl import *`` liefert – die Untermodule
# und die Namen, die dieses Paket oben einführt
__all__ = [
    "auswerten", "bogen", "chancen", "daten", "kampf", "optionen", "proben", "schaden", "verschiebung", "vorschau",
    "AngriffsChancen", "BlockRisiko", "KRIT_ANGRIFF", "KRIT_VERTEIDIGUNG", "Kaempfer", "Kampf", "KampfFehler", "Optionen",
    "PATZER", "Probe", "SCHEMA", "STANDARD", "STURZSCHWELLE", "SYSTEM", "Schicht", "TREFFERZONEN", "Teilnehmer",
    "Trefferzone", "VERTEIDIGUNGEN", "Vergleich", "Verschiebung", "VerteidigungsWahl", "Waffe", "ZONEN", "aktion_ereignis",
    "angesagter_effekt", "angriff_chancen", "angriff_chancen_exakt", "angriff_ereignis", "angriff_schadens_chancen",
    "ansage_ereignis", "ansage_verfallen_ereignis", "anwenden", "ausfall_ereignis", "behinderung", "bestgeschuetzte_zone",
    "bewerte_probe", "block_folgen", "block_risiko", "effekt_verteilung", "kaempfer_aus_bogen", "kaempfer_aus_werten",
    "kampf_aus_kopf", "kann_reagieren", "kaufkraft", "konter_erschwernis", "konter_verzicht_ereignis",
    "lebenspunkte_ereignis", "neuer_kampf", "probe", "pruefe_verschiebung", "pruefwurf_verteilung", "reaktions_ticks",
    "ruestung", "schadens_chancen", "schadens_vorschau", "schadenspunkte", "start_ereignis", "start_schwierigkeit",
    "startpositions_chancen", "sturz_plus", "treffer_schadens_chancen", "trefferzone", "trefferzonen_chancen", "verhaeltnis",
    "verschiebung_im_kampf", "verschiebung_pruefen", "verschiebungs_vergleich", "verteidigungs_ausgaenge",
    "verteidigungs_verteilung", "verteidigungs_wahlen", "verteidigungswert", "waffenlose_parade_chancen_exakt",
    "waffenlose_parade_schadenspunkte", "zeitstrahl_eintraege", "zonen_ruestung", "zustand_ereignis",
]

# Kampf in Zellen (Jupyter, VS Code, marimo): kampf = zeitstrahl.kampf_starten(["herkulos", "soeldner"])
# Die Zellen gehören zur Notebook-Schicht (tisch/): erst beim ersten Zugriff geladen (PEP 562),
# damit ``import gm_helfer.zeitstrahl.kampf`` weder altair noch polars lädt.
from gm_helfer.regelsystem import spaet_geladen as _spaet_geladen  # noqa: E402

_ZELLEN = ("ZeitstrahlKampf", "kampf_fortsetzen", "kampf_starten")

__all__ += list(_ZELLEN)
_ALTE_MODULE = ("ansicht", "diagramme", "lehre", "sitzung", "zellen", "zug")


def tisch_laden():
    """Die Notebook-Schicht dieses Systems (lädt ``tisch`` mit allen Modulen; altair, polars)."""
    from gm_helfer.zeitstrahl import tisch as paket
    from gm_helfer.zeitstrahl.tisch import ansicht, diagramme, lehre, sitzung, zellen, zug  # noqa: F401

    return paket


__getattr__ = _spaet_geladen(globals(), tisch_laden, zellen_namen=_ZELLEN, module=_ALTE_MODULE)
