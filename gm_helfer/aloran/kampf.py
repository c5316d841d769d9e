"""Der Aloran-Kampf als Ereignisfolge: Zustand, Ereignisse, reines ``anwenden``.

Dieses Modul sammelt die Teile unter dem alten Pfad: :mod:`.zustand` (Kämpfer, Kampf, Reihenfolge),
:mod:`.zugfolge` (Ansichten, wer darf was), :mod:`.ereignisse` (Initiative, Runde, Bewegung, Aktionen),
:mod:`.austausch` (Attacke und Parade mit Patzer/Meistertreffer) und :mod:`.falten` (``anwenden``).

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, AKTIONEN (Bewegungs-,
Kampf-, Verteidigungsaktion, Interaktion, Bonusaktion), ATTACKE UND PARADE; Allgemeine
Regeln › Der Kampf (1.–6. Phase).

Jeder Ereignis-Baustein (``*_ereignis``) würfelt (``rng``) oder liest eingetippte Augen,
wertet mit den reinen Regelfunktionen aus und legt die Folgen als JSON-Liste ``folgen``
in das :class:`~gm_helfer.protokoll.Ereignis`. :func:`anwenden` faltet nur diese Folgen
in einen neuen Zustand – so spielt ein Protokoll beim Fortsetzen genau gleich ab.

>>> from gm_helfer.aloran.werte import beispielwerte
>>> k = neuer_kampf([beispielwerte(name="Ada", seite="Helden"), beispielwerte(name="Ork")])
>>> k = anwenden(k, initiative_ereignis(k, augen={"Ada": "7", "Ork": "0"}))
>>> [(x.name, x.initiative) for x in k.kaempfer]
[('Ada', 16), ('Ork', 19)]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence  # noqa: F401

# Was das Modul vor der Aufteilung im Namensraum hatte, bleibt erreichbar.
from dataclasses import dataclass, field, fields, replace  # noqa: F401
from functools import lru_cache  # noqa: F401
from pathlib import Path  # noqa: F401

from gm_helfer import wuerfel as wuerfel_kern  # noqa: F401
from gm_helfer.protokoll import Ereignis, Verlauf  # noqa: F401
from gm_helfer.schnell import bauen, einmal_je_objekt, ersetzen, je_objekt  # noqa: F401
from gm_helfer.text import anzahl, leer  # noqa: F401

from . import proben  # noqa: F401
from .angriff import Lage, ausdauerschaden, lage, trefferschaden, vergleich_auswerten  # noqa: F401
from .austausch import (  # noqa: F401
    _REGEL_ANGRIFF,
    WUERFEL_SCHLUESSEL,
    Vorschau,
    _alter_patzer,
    _austausch_lage,
    _beeintraechtigen,
    _hoechstwert,
    _kein_wurf,
    _meister,
    _mit_optionen,
    _optionen_an,
    _patzer,
    _Patzerprobe,
    _patzerprobe,
    _Quelle,
    _sonderfolgen,
    _treffer,
    angriff_ereignis,
    aufschieben,
    austausch_lage,
    vorschau,
)
from .chancen import AngriffChancen, angriff_chancen, folgen_chancen  # noqa: F401
from .daten import (  # noqa: F401
    AKTION_NAME,
    AKTIONSARTEN,
    KATEGORIE_ANZEIGE,
    REGEL,
    SCHILDE,
    SPURT_AUSDAUER,
    SYSTEM,
    WAFFENLOS_SCHADEN,
    WUNDSTUFEN,
    WUNDTABELLE_ART,
    ZONEN,
    ZONEN_SCHLUESSEL,
)
from .ereignisse import (  # noqa: F401
    _REGEL_AKTIONEN,
    EINGRIFF,
    _aktion,
    _aktion_ausgeben,
    _eigene_aktion,
    aktion_ereignis,
    beitreten_ereignis,
    bewegung_ereignis,
    bonusaktion_ereignis,
    eingriff_ereignis,
    initiative_ereignis,
    offene_verzichte,
    runde_ereignis,
    verzicht_ereignis,
)
from .falten import (  # noqa: F401
    _ABGELEITET_AUS,
    _AKTIONEN_FELDER,
    _AUS_DEM_ZUSTAND,
    _KAEMPFER_FELDER,
    _KAEMPFER_GEMERKT,
    _KAMPF_FELDER,
    _aktionen_mit,
    _austausch_schliessen,
    _kaempfer_ersetzen,
    _kaempfer_folge,
    _kampf_folge,
    _kopie,
    _mit_kaempfern,
    anwenden,
    fortsetzen,
    neuer_verlauf,
)
from .optionen import Optionen  # noqa: F401
from .proben import AloranFehler  # noqa: F401
from .werte import (  # noqa: F401
    Angriffsart,
    Kampfwerte,
    Verteidigungsart,
    angriffsart,
    bewegung,
    initiativewert,
    verteidigungen_gegen,
    verteidigungsart,
    wehrt_ab,
    zweitwaffe,
)
from .wunden import (  # noqa: F401
    initiativeabzug_der_stufe,
    kampfunfaehig,
    verletzungsstufe,
    verletzungstext,
    wehrlos,
    wehrlos_mit_abzug,
    wunden_hinzu,
)
from .zugfolge import (  # noqa: F401
    _REGEL_ZUG_ENDE,
    KAMPFUNFAEHIG_ERLAUBT,
    _ausstehend_text,
    _kann_verteidigen,
    _reihenfolge_pruefen,
    _zug_sperre,
    _zug_text,
    _zweitwaffe_pruefen,
    abwarten_ereignis,
    aufschub_text,
    austausch_ende_text,
    kann_verteidigen,
    uebersicht,
    wunden_zeilen,
    zug_ende_ereignis,
    zug_sperre,
    zweitwaffen_parade,
)
from .zustand import (  # noqa: F401
    AKTION_KURZ,
    KEINE_WUNDEN,
    Aktionen,
    Kaempfer,
    Kampf,
    _am_zug_rechnen,
    _offen_im_austausch,
    _zug_laeuft,
    aktionen_zu_rundenbeginn,
    am_zug,
    aus_kopf,
    kann_handeln,
    kopf,
    neuer_kampf,
    proben_abzug,
    reihenfolge,
)
