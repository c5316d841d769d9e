"""Der Kampf als unveränderlicher Zustand plus Ereignisse (für ``gm_helfer.protokoll.Verlauf``).

Drei Schichten (DESIGN.md): die ``ereignis_*``-Funktionen würfeln (``rng``) oder nehmen
eingetippte Augen/Karten und bauen ein :class:`~gm_helfer.protokoll.Ereignis`, das alle
Würfel enthält; :func:`anwenden` wertet diese Würfel mit den reinen Regeln aus
(:mod:`proben`, :mod:`schaden`, :mod:`initiative`) und gibt einen neuen
:class:`Kampfzustand` zurück. Nichts wird verändert; Rückgängig heißt das letzte Ereignis
weglassen.

Jedes Ereignis nennt seine Regel (``"Savage Worlds › <Überschrift>"``).

>>> import random
>>> held = Kaempfer("Alrik", "Helden", True, attribute=(("geschicklichkeit", Eigenschaft(8)),))
>>> z = kampf_beginnen([held])
>>> z = anwenden(z, ereignis_runde(z))
>>> z = anwenden(z, ereignis_karten(z, rng=random.Random(1)))
>>> z.runde, len(z.karten)
(1, 1)
"""

from __future__ import annotations

# Alte Pfade: was kampf.py früher selbst importierte, bleibt hier erreichbar.
from gm_helfer import wuerfel  # noqa: F401 (alte Pfade)
from gm_helfer.karten import Karte, KartenFehler, Stapel, blatt  # noqa: F401 (alte Pfade)
from gm_helfer.protokoll import Ereignis
from gm_helfer.savage_worlds.aktionen import (  # noqa: F401 (alte Pfade)
    AUFSTEHEN_KOSTEN,
    KRIECHEN,
    bewegungsweite,
    mehrfachaktion_abzug,
    sprungweite,
    waffe_bereitmachen,
)
from gm_helfer.savage_worlds.daten import BELEUCHTUNG, DECKUNG, JOKER_BONUS, REICHWEITE, Waffe  # noqa: F401 (alte Pfade)
from gm_helfer.savage_worlds.initiative import karte_waehlen  # noqa: F401 (alte Pfade)
from gm_helfer.savage_worlds.kampf_angriff import (  # noqa: F401 – alte Pfade
    _ANGRIFFSFERTIGKEIT,
    _REGEL_FERN,
    _REGEL_NAH,
    Angriffssituation,
    _angriff_anwenden,
    _angriffs_werte,
    _ausbluten_anwenden,
    _ausbluten_pruefen,
    _ausser_gefecht_anwenden,
    _benny_abziehen,
    _benny_anwenden,
    _benny_ausgeben,
    _benny_erhalten_anwenden,
    _ergebnisse_je_ziel,
    _ergebnisse_mit,
    _erholung_anwenden,
    _heilen_anwenden,
    _heimlichkeit_anwenden,
    _heimlichkeit_treffer,
    _lage_modifikatoren,
    _manoever_anwenden,
    _modifikatoren,
    _modifikatoren_bauen,
    _schaden_anwenden,
    _sprint_anwenden,
    _wegstecken_anwenden,
    _wegstecken_pruefen,
    angriffs_modifikatoren,
    angriffs_werte,
    ereignis_angriff,
    ereignis_ausbluten,
    ereignis_ausser_gefecht,
    ereignis_benny,
    ereignis_benny_erhalten,
    ereignis_erholung,
    ereignis_heilen,
    ereignis_heimlichkeit,
    ereignis_manoever,
    ereignis_schaden,
    ereignis_sprint,
    ereignis_wegstecken,
    gruppen_sprint,
    kann_wegstecken,
    schadens_werte,
    wunden_nehmen,
)
from gm_helfer.savage_worlds.kampf_bewegung import (  # noqa: F401 – alte Pfade
    BEWEGUNGSARTEN,
    _bereitmachen_anwenden,
    _bewegen,
    _bewegung_anwenden,
    _bewegungsanteil,
    _nahkampf_anwenden,
    _springen_anwenden,
    _verzicht_anwenden,
    bewegung_uebrig,
    ereignis_bereitmachen,
    ereignis_bewegung,
    ereignis_nahkampf,
    ereignis_springen,
    ereignis_verzicht,
    zoll_text,
)
from gm_helfer.savage_worlds.kampf_runde import (  # noqa: F401 – alte Pfade
    _BLATT_IDS,
    _ablegen,
    _abwarten_anwenden,
    _am_zug_anwenden,
    _fertig_anwenden,
    _gemischt,
    _herunterzaehlen_pruefen,
    _joker_unterbricht,
    _karten_anwenden,
    _mitglied_fertig_anwenden,
    _passen_anwenden,
    _patt_anwenden,
    _runde_anwenden,
    _ueberraschung_anwenden,
    _unterbrechen_anwenden,
    braucht_karte,
    ereignis_abwarten,
    ereignis_am_zug,
    ereignis_fertig,
    ereignis_karten,
    ereignis_mitglied_fertig,
    ereignis_passen,
    ereignis_patt,
    ereignis_runde,
    ereignis_ueberraschung,
    ereignis_unterbrechen,
    ist_oder_sind,
    noch_nicht_gehandelt,
)
from gm_helfer.savage_worlds.kampf_wiederholen import (  # noqa: F401 – alte Pfade
    _AUSGANG_TEXT,
    _PROBEN_NAMEN,
    _PROBEN_REGEL,
    PROBEN_STUFEN,
    PROBEN_WIEDERHOLBAR,
    _angriff_wiederholen_anwenden,
    _gueltig,
    _moment,
    _offene_probe,
    _probe_behalten_anwenden,
    _probe_merken,
    _probe_neu_anwenden,
    _probe_wiederholen_anwenden,
    _probe_wuerfeln,
    _wertung,
    angriff_wiederholbar,
    ereignis_angriff_wiederholen,
    ereignis_probe_behalten,
    ereignis_probe_wiederholen,
    offene_probe,
    probe_ausgang,
    probe_werte,
    probe_wiederholbar,
)
from gm_helfer.savage_worlds.kampf_zustand import (  # noqa: F401 – alte Pfade
    _JOKER_HALTER,
    _KARTEN_TEXT,
    _LETZTES_VERZEICHNIS,
    SYSTEM,
    UEBERZAHL_MAX,
    Kaempfer,
    KampfFehler,
    Kampfzustand,
    OffeneProbe,
    OffenerSchaden,
    R,
    Treffer,
    _ag_probe_offen,
    _aktion_aenderungen,
    _aktion_eintragen,
    _anwenden_mit,
    _augen_oder_rng,
    _ausbluten_zuerst,
    _ausser_gefecht_zuerst,
    _darf_handeln,
    _erholung_faellig,
    _ersetze,
    _joker_bonus_von,
    _joker_halter,
    _karten_text,
    _nichts_offen,
    _ohne_text,
    _probe_text,
    _reihenfolge,
    _stehende_empfaenger,
    _talentstufe,
    _talentstufe_gemerkt,
    _talentstufe_rechnen,
    _verzeichnis,
    _verzeichnis_nachfuehren,
    _verzeichnisse,
    _wurf_aus,
    _wurf_daten,
    _ziele_je_wuerfel,
    aktionen_zahl,
    angesagte_aktionen,
    ausbluten_faellig,
    erholung_sofort,
    im_nahkampf,
    joker_halter,
    kampf_beginnen,
    kopf,
    start_aus_kopf,
    ueberzahl,
    unterbrechen_ohne_probe,
    wegstecken_offen,
)
from gm_helfer.savage_worlds.optionen import Optionen  # noqa: F401 (alte Pfade)
from gm_helfer.savage_worlds.proben import (  # noqa: F401 (alte Pfade)
    UNTRAINIERT,
    Eigenschaft,
    Probe,
    bewerten,
    eigenschaft,
    vergleichen,
    wuerfle_probe,
)
from gm_helfer.savage_worlds.schaden import (  # noqa: F401 (alte Pfade)
    AG_STUFEN,
    MAX_WUNDEN,
    ausbluten_auswerten,
    ausser_gefecht_auswerten,
    erholung_auswerten,
    schaden_auswerten,
    schadensausdruck,
    verletzung,
    wegstecken_auswerten,
    wundabzug,
    wunden_auswerten,
)
from gm_helfer.schnell import (  # noqa: F401 (alte Pfade)
    bauen,
    gemerkt,
    je_objekt,  # noqa: F401 (alte Pfade)
    merken,
)
from gm_helfer.schnell import ersetzen as replace  # noqa: F401 (alte Pfade)

__all__ = [
    "BEWEGUNGSARTEN",
    "Angriffssituation",
    "KampfFehler",
    "Kaempfer",
    "Kampfzustand",
    "Treffer",
    "anwenden",
    "aktionen_zahl",
    "angesagte_aktionen",
    "angriffs_modifikatoren",
    "ausbluten_faellig",
    "bewegung_uebrig",
    "ereignis_bereitmachen",
    "ist_oder_sind",
    "ereignis_bewegung",
    "ereignis_manoever",
    "ereignis_patt",
    "ereignis_probe_behalten",
    "ereignis_probe_wiederholen",
    "offene_probe",
    "probe_ausgang",
    "probe_werte",
    "probe_wiederholbar",
    "OffeneProbe",
    "PROBEN_STUFEN",
    "gruppen_sprint",
    "ereignis_springen",
    "erholung_sofort",
    "ereignis_passen",
    "ereignis_mitglied_fertig",
    "noch_nicht_gehandelt",
    "wegstecken_offen",
    "joker_halter",
    "kampf_beginnen",
    "kann_wegstecken",
    "start_aus_kopf",
    "unterbrechen_ohne_probe",
]


_ANWENDEN = {
    "probe_wiederholen": _probe_wiederholen_anwenden,
    "probe_behalten": _probe_behalten_anwenden,
    "angriff_wiederholen": _angriff_wiederholen_anwenden,
    "nahkampf": _nahkampf_anwenden,
    "verzicht": _verzicht_anwenden,
    "runde": _runde_anwenden,
    "karten": _karten_anwenden,
    "am_zug": _am_zug_anwenden,
    "abwarten": _abwarten_anwenden,
    "fertig": _fertig_anwenden,
    "ueberraschung": _ueberraschung_anwenden,
    "unterbrechen": _unterbrechen_anwenden,
    "angriff": _angriff_anwenden,
    "heimlichkeit": _heimlichkeit_anwenden,
    "schaden": _schaden_anwenden,
    "wegstecken": _wegstecken_anwenden,
    "ausser_gefecht": _probe_merken("ausser_gefecht", _ausser_gefecht_anwenden),
    "ausbluten": _probe_merken("ausbluten", _ausbluten_anwenden),
    "heilen": _heilen_anwenden,
    "erholung": _probe_merken("erholung", _erholung_anwenden),
    "benny": _benny_anwenden,
    "benny_erhalten": _benny_erhalten_anwenden,
    "sprint": _sprint_anwenden,
    "manoever": _manoever_anwenden,
    "patt": _patt_anwenden,
    "bewegung": _bewegung_anwenden,
    "springen": _springen_anwenden,
    "bereitmachen": _bereitmachen_anwenden,
    "passen": _passen_anwenden,
    "mitglied_fertig": _mitglied_fertig_anwenden,
}


def anwenden(zustand: Kampfzustand, ereignis: Ereignis) -> Kampfzustand:
    """Wendet ein Ereignis an und gibt den neuen Zustand zurück (rein; ``zustand`` bleibt gleich).

    Raises:
        KampfFehler: das Ereignis ist gerade nicht erlaubt (deutsche Meldung).
    """
    f = _ANWENDEN.get(ereignis.art)
    if f is None:
        raise KampfFehler(f"Unbekanntes Ereignis „{ereignis.art}“.")
    return _anwenden_mit(f, zustand, ereignis)
