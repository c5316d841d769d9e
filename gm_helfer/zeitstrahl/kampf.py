"""Kampf auf dem Zeitstrahl: Zustand, Ereignisse, reines ``anwenden``.

Regeltext ``regeln/zeitstrahl.txt``, „Der Kampf“, „Aktionen“, „Angriff“, „Verteidigung“,
„Reaktionen“, „Trefferzonen“, „Kritische Erfolge“, „Patzer“, „Verschieben von Kampfwerten“
und „Kontern“.

Aufbau (DESIGN.md): Die Ereignis-Bauer (``start_ereignis``, ``aktion_ereignis``,
``angriff_ereignis``, …) würfeln (``rng``) oder nehmen eingetippte Augen, bewerten alles
rein und legen das Ergebnis samt aller Änderungen in ein
:class:`~gm_helfer.protokoll.Ereignis`. :func:`anwenden` liest nur diese Änderungen und baut
einen neuen Zustand – so spielt ein gespeichertes Protokoll genau dasselbe nach.

Zeitstrahl (Lesart, ``docs/zeitstrahl.md``): Die Position eines Teilnehmers ist der Tick
seiner nächsten Aktion. „Der mit der niedrigsten Position auf dem Zeitstrahl ist als erstes
an der Reihe. Wenn mehrere Parteien gleichzeitig dran sind, finden deren Aktionen auch
gleichzeitig statt. Dabei erhöht jede Aktion die Position auf dem Zeitstrahl.“
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.text import aufzaehlung, zahl

from .abwehr import (
    BlockFolgen,
    _abwehrwaffe_pruefen,  # noqa: F401 – alter Pfad
    _halb,  # noqa: F401 – alter Pfad
    _schutz_je_zone,  # noqa: F401 – alter Pfad
    _zweite_waffe_pruefen,  # noqa: F401 – alter Pfad
    abwehr_arm,
    block_folgen,
    kann_reagieren,
    konter_erschwernis,
    reaktions_ticks,
    sturz_plus,
    verschiebung_pruefen,
    verteidigungswert,
)
from .angriff import _krit_effekt, angriff_ereignis  # noqa: F401 – alter Pfad
from .auswerten import startposition
from .proben import probe
from .schaden import WAFFENLOSE_PARADE_TEILER
from .zustand import (
    _BIS,  # noqa: F401 – alter Pfad
    _BIS_TICK,  # noqa: F401 – alter Pfad
    _NAMEN_VERTEIDIGUNG,  # noqa: F401 – alter Pfad
    _SPIELLEITER_EREIGNISSE,  # noqa: F401 – alter Pfad
    KAMPFUNFAEHIG,
    STURZ_PLUS,  # noqa: F401 – alter Pfad
    STURZSCHWELLE,
    SYSTEM,  # noqa: F401 – alter Pfad
    VERTEIDIGUNGEN,
    Balken,
    Kaempfer,
    Kampf,
    KampfFehler,
    Teilnehmer,
    Waffe,
    _abgelaufen,  # noqa: F401 – alter Pfad
    _aendern,  # noqa: F401 – alter Pfad
    _am_zug_pruefen,
    _balken,
    _eigene_aktion,
    _regel,
    _ticks,  # noqa: F401 – alter Pfad
    _wuerfel_aus,
    anwenden,
    kampf_aus_kopf,
    neuer_kampf,
)

__all__ = [
    "Waffe",
    "Kaempfer",
    "Teilnehmer",
    "Balken",
    "Kampf",
    "KampfFehler",
    "VERTEIDIGUNGEN",
    "neuer_kampf",
    "kampf_aus_kopf",
    "anwenden",
    "start_ereignis",
    "start_schwierigkeit",
    "aktion_ereignis",
    "ansage_ereignis",
    "ansage_verfallen_ereignis",
    "konter_verzicht_ereignis",
    "angriff_ereignis",
    "lebenspunkte_ereignis",
    "zustand_ereignis",
    "ausfall_ereignis",
    "KAMPFUNFAEHIG",
    "reaktions_ticks",
    "kann_reagieren",
    "verteidigungswert",
    "sturz_plus",
    "STURZSCHWELLE",
    "verschiebung_pruefen",
    "konter_erschwernis",
    "BlockFolgen",
    "block_folgen",
    "abwehr_arm",
    "WAFFENLOSE_PARADE_TEILER",
]

_BALKEN_ART = {"sofort": "Aktion", "vorbereitet": "Vorbereitung", "kontinuierlich": "fortlaufend"}
_ART_TEXT = {"sofort": "sofortige", "vorbereitet": "vorbereitete",
             "kontinuierlich": "kontinuierliche"}

# --- Start ----------------------------------------------------------------------------


def start_schwierigkeit(
    kampf: Kampf, name: str, schwierigkeit: int | Mapping[str, int] | None = None
) -> int:
    """Die Start-Schwierigkeit für ``name``: eine Zahl für alle, oder je Name bzw. Partei (Name
    vor Partei); fehlt sie, ``optionen.start_schwierigkeit``."""
    o = kampf.optionen
    t = kampf[name]
    if isinstance(schwierigkeit, Mapping):
        return int(schwierigkeit.get(t.name, schwierigkeit.get(t.partei, o.start_schwierigkeit)))
    return int(o.start_schwierigkeit if schwierigkeit is None else schwierigkeit)


def start_ereignis(
    kampf: Kampf,
    schwierigkeit: int | Mapping[str, int] | None = None,
    *,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    text: bool = True,
) -> Ereignis:
    """Startpositionen („Der Kampf“): jeder würfelt eine Probe auf Kampferfahrung; die
    Startposition ist max(0, Schwierigkeit − Ergebnis).

    ``schwierigkeit``: eine Zahl für alle, oder je Partei bzw. Name (Name vor Partei), z. B.
    höher für Überraschte oder gegen furchterregende Gegner. Fehlt sie, gilt
    ``optionen.start_schwierigkeit``. ``augen``: eingetippte Prüfwürfe je Name. ``text=False``
    (Simulation): ohne Protokollzeile.
    """
    o = kampf.optionen
    if rng is None and augen:
        fehlen = [t.name for t in kampf.teilnehmer if _wuerfel_aus(augen, t.name) is None]
        if fehlen:
            raise KampfFehler(f"Eingetippte Startwürfe fehlen noch für {aufzaehlung(fehlen)} – für alle "
                              "eintippen oder alle Felder leer lassen (dann würfelt das Programm).")
    aenderungen: dict[str, Any] = {}
    proben: dict[str, Any] = {}
    eingetippt = False
    zeilen = []
    for t in kampf.teilnehmer:
        s = start_schwierigkeit(kampf, t.name, schwierigkeit)
        a = _wuerfel_aus(augen, t.name)
        pr = probe(t.kaempfer.kampferfahrung, rng=None if a is not None else rng, augen=a,
                   optionen=o)
        pos = startposition(int(s), pr.gesamt)
        eingetippt |= pr.eingetippt
        proben[t.name] = {"wert": pr.wert, "wurf": pr.natuerlich, "gesamt": pr.gesamt,
                          "schwierigkeit": int(s), "eingetippt": pr.eingetippt}
        aenderungen[t.name] = {"position": pos, "angesagt": False}
        if text:
            zeilen.append(f"{t.name} {pr.gesamt}→{pos}")
    return Ereignis(
        "start",
        {"proben": proben, "aenderungen": aenderungen},
        regel=_regel("Der Kampf", "Startposition"),
        eingetippt=eingetippt,
        text="Startpositionen: " + ", ".join(zeilen) if text else "",
    )


# --- Aktionen und Ansagen ----------------------------------------------------------------


def aktion_ereignis(
    kampf: Kampf, name: str, ticks: int, art: str = "sofort", beschreibung: str = "", *,
    text: bool = True,
) -> Ereignis:
    """Eine Aktion ohne Angriff („Aktionen“): sofortig, vorbereitet oder kontinuierlich.

    Sie kostet ``ticks`` Zeiteinheiten. Eine vorbereitete Aktion wirkt erst am Ende, eine
    kontinuierliche läuft, bis eine andere Aktion sie ablöst. ``text=False`` (Simulation): ohne
    Protokollzeile.
    """
    if art not in _ART_TEXT:
        raise KampfFehler(f"Unbekannte Aktionsart „{art}“ (sofort, vorbereitet, kontinuierlich).")
    if int(ticks) < 1:
        raise KampfFehler("Eine Aktion braucht mindestens eine Zeiteinheit.")
    t = _am_zug_pruefen(kampf, name)
    assert t.position is not None
    ende = t.position + int(ticks)
    beschreibung = beschreibung or "Aktion"
    a = _eigene_aktion(t)
    a["position"] = ende
    a["laufend"] = beschreibung if art != "sofort" else ""
    wirkung = {"sofort": "wirkt sofort", "vorbereitet": f"wirkt bei Tick {ende}",
               "kontinuierlich": "läuft weiter"}[art]
    return Ereignis(
        "aktion",
        {"name": name, "ticks": int(ticks), "art": art, "beschreibung": beschreibung,
         "aenderungen": {name: a},
         "balken": [_balken(name, t.position, ende, _BALKEN_ART[art], beschreibung)]},
        regel=_regel("Aktionen"),
        text=f"{name}: {beschreibung} ({_ART_TEXT[art]} Aktion, {ticks} Ticks, {wirkung}) "
             f"→ Tick {ende}" if text else "",
    )


def ansage_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """Reaktion ansagen („Reaktionen“): „Sollte man allerdings einen Angriff erwarten, zur
    selben Zeit in der man seine eigene Aktion hat, so kann man eine Reaktion ansagen.“"""
    _am_zug_pruefen(kampf, name)
    return Ereignis(
        "ansage",
        {"name": name, "aenderungen": {name: {"angesagt": True}}},
        regel=_regel("Reaktionen"),
        text=f"{name} sagt eine Reaktion an und wartet auf den Angriff.",
    )


def ansage_verfallen_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """Angesagte Reaktion ohne Angriff: „Falls der Angriff allerdings ausbleibt, so verbraucht
    man auf diese Weise eine Zeiteinheit und die Aktion ist vorbei.“"""
    t = kampf[name]
    if not t.angesagt or t.position is None:
        raise KampfFehler(f"{name} hat keine Reaktion angesagt.")
    if kampf.konter is not None:
        raise KampfFehler(f"{kampf.konter[0]} darf gegen {kampf.konter[1]} kontern – erst kontern "
                          "oder auf den Konter verzichten.")
    ab = kampf.abtausch
    andere = [n for n in ab.offen if n != name] if ab is not None else []
    if ab is not None and andere:
        raise KampfFehler(f"Bei Tick {ab.tick} handeln gleichzeitig noch "
                          f"{', '.join(andere)} – der Angriff auf {name} kann noch "
                          "kommen; erst danach verfällt die Reaktion.")
    if name not in kampf.am_zug:
        raise KampfFehler(f"{name} ist erst bei Tick {t.position} dran; jetzt ist Tick {kampf.jetzt} "
                          f"({', '.join(kampf.am_zug)}).")
    ende = t.position + 1
    return Ereignis(
        "ansage_verfallen",
        {"name": name, "aenderungen": {name: {"angesagt": False, "position": ende}},
         "balken": [_balken(name, t.position, ende, "Ansage verfallen")]},
        regel=_regel("Reaktionen"),
        text=f"{name}: kein Angriff kam – die angesagte Reaktion kostet 1 Tick → Tick {ende}.",
    )


def konter_verzicht_ereignis(kampf: Kampf, *, text: bool = True) -> Ereignis:
    """Der Verteidiger verzichtet auf den Konter („Kontern“: „… ist ein sofortiger
    Gegenangriff möglich“ – möglich, nicht Pflicht). ``text=False`` (Simulation): ohne
    Protokollzeile."""
    if kampf.konter is None:
        raise KampfFehler("Niemand darf gerade kontern.")
    verteidiger, angreifer = kampf.konter
    return Ereignis(
        "konter_verzicht",
        {"name": verteidiger, "konter": None},
        regel=_regel("Kontern"),
        text=f"{verteidiger} verzichtet auf den Konter gegen {angreifer}." if text else "",
    )


def lebenspunkte_ereignis(kampf: Kampf, name: str, lebenspunkte: int, grund: str = "") -> Ereignis:
    """Der Spielleiter setzt Lebenspunkte von Hand (Heilung, Gift …; Hausregel-Gesundheit)."""
    t = kampf[name]
    aenderung: dict[str, Any] = {"lebenspunkte": int(lebenspunkte)}
    o = kampf.optionen
    zurueck = _wieder_dabei(kampf, t, o.gesundheit != "ohne" and int(lebenspunkte) > o.kampfunfaehig_bei)
    if zurueck is not None:
        aenderung["position"] = zurueck
    return Ereignis(
        "lebenspunkte",
        {"name": name, "aenderungen": {name: aenderung}},
        regel=_regel("Hausregel", "Lebenspunkte"),
        text=f"{name}: Lebenspunkte {zahl(t.lebenspunkte)} → {zahl(lebenspunkte)}"
             + (f" ({grund})" if grund else "")
             + (f" – wieder kampffähig, steigt bei Tick {zurueck} wieder ein" if zurueck is not None else ""),
    )


def _wieder_dabei(kampf: Kampf, t: Teilnehmer, kampffaehig_danach: bool) -> int | None:
    """Wird ein Kampfunfähiger wieder kampffähig, steigt er beim aktuellen Tick wieder ein
    (Lesart: der Zeitstrahl läuft nicht zurück, docs/zeitstrahl.md › Gesundheit); sonst ``None``."""
    if not kampf.gestartet or not t.kampfunfaehig(kampf.optionen) or not kampffaehig_danach:
        return None
    jetzt = kampf.jetzt
    if jetzt is None or t.position is None or t.position >= jetzt:
        return None
    return jetzt



def ausfall_ereignis(kampf: Kampf, name: str, grund: str = "") -> Ereignis:
    """Ohne Gesundheitsmodell (``Optionen.gesundheit="ohne"``) erklärt der Spielleiter, wer
    kampfunfähig ist (Zustand „kampfunfähig“; zurück mit :func:`zustand_ereignis`)."""
    t = kampf[name]
    if kampf.optionen.gesundheit != "ohne":
        raise KampfFehler("Kampfunfähig macht hier das Gesundheitsmodell (Lebenspunkte) – von Hand "
                          "nur mit dem Gesundheitsmodell „ohne“.")
    if KAMPFUNFAEHIG in t.zustaende:
        raise KampfFehler(f"{name} ist schon kampfunfähig.")
    return Ereignis(
        "zustand",
        {"name": name, "aenderungen": {name: {"zustand_neu": [KAMPFUNFAEHIG]}}},
        regel=_regel("Hausregel", "Gesundheitsmodell „ohne“"),
        text=f"{name} ist kampfunfähig" + (f" ({grund})." if grund else "."),
    )


def zustand_ereignis(kampf: Kampf, name: str, zustand: str) -> Ereignis:
    """Der Spielleiter nimmt einen Zustand weg (aufgestanden, Sturzschwelle verbraucht …);
    der Text sagt nicht, wie lange Sturz und Ähnliches dauern."""
    t = kampf[name]
    if zustand not in t.zustaende:
        raise KampfFehler(f"{name} hat keinen Zustand „{zustand}“.")
    aenderung: dict[str, Any] = {"zustand_weg": [zustand]}
    zurueck = _wieder_dabei(kampf, t, zustand == KAMPFUNFAEHIG)
    if zurueck is not None:
        aenderung["position"] = zurueck
    return Ereignis(
        "zustand",
        {"name": name, "aenderungen": {name: aenderung}},
        regel=_regel("Hausregel", "Zustände"),
        text=f"{name}: „{zustand}“ endet."
             + (f" {name} steigt bei Tick {zurueck} wieder ein." if zurueck is not None else ""),
    )
