"""Die einfachen Ereignis-Bausteine: Initiative, neue Runde, Bewegung, sonstige Aktionen, Bonusaktionen,
Spielleiter-Eingriffe, Beitritt.

Regeltext: ``regeln/aloran.txt``, SPIELABLAUF › INITIATIVE, AKTIONEN; Allgemeine Regeln › 1. Phase.
Jeder Baustein würfelt (``rng``) oder liest eingetippte Augen und legt die Folgen ins Ereignis.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import bauen
from gm_helfer.text import anzahl, vorzeichen

from . import proben
from .daten import (
    AKTION_NAME,
    AKTIONSARTEN,
    REGEL,
    SPURT_AUSDAUER,
    WUNDTABELLE_ART,
    ZONEN,
    ZONEN_SCHLUESSEL,
)
from .proben import AloranFehler
from .werte import (
    Kampfwerte,
    bewegung,
    initiativewert,
)
from .zugfolge import _reihenfolge_pruefen
from .zustand import Kaempfer, Kampf, am_zug, kann_handeln, reihenfolge

# ---------------------------------------------------------------------------------------
# Ereignisse
# ---------------------------------------------------------------------------------------


def _aktion(name: str, art: str, delta: int = -1) -> dict[str, Any]:
    return {"name": name, "aktion": art, "delta": delta}


def _aktion_ausgeben(k: Kaempfer, art: str, *, zweitwaffe_zuerst: bool = False) -> dict[str, Any]:
    """Welcher Zähler eine Aktion bezahlt: die Aktion selbst, sonst (nur bei der Verteidigung)
    die Zweitwaffen-Bonusaktion. Ein Angriff bezahlt mit ihr nur ausdrücklich
    (``zweitwaffe_zuerst``, geprüft in :func:`_zweitwaffe_pruefen`) – sonst griffe die
    Hauptwaffe zweimal an."""
    kann_zweitwaffe = art in ("kampf", "verteidigung") and k.aktionen.zweitwaffe > 0
    if zweitwaffe_zuerst:
        if not kann_zweitwaffe:
            raise AloranFehler(f"{k.name} hat keine Bonusaktion mit der Zweitwaffe mehr.")
        return _aktion(k.name, "zweitwaffe")
    if getattr(k.aktionen, art) > 0:
        return _aktion(k.name, art)
    if kann_zweitwaffe and art == "verteidigung":
        return _aktion(k.name, "zweitwaffe")
    raise AloranFehler(f"{k.name} hat in dieser Runde keine {AKTION_NAME[art]} mehr.")


def _eigene_aktion(kampf: Kampf, k: Kaempfer, art: str, **kw: Any) -> list[dict[str, Any]]:
    """Prüft die Reihenfolge und bezahlt eine eigene Aktion; außer der Reihe verbraucht eine
    Kampfaktion die sofortige Bonus-Kampfaktion. Die erste Aktion eines Kämpfers, der mit anderen
    gleicher Initiative am Zug ist, eröffnet den gleichzeitigen Austausch (``{"austausch": …}``)."""
    _reihenfolge_pruefen(kampf, k, art)
    folgen = [_aktion_ausgeben(k, art, **kw)]
    jetzt = am_zug(kampf)
    dran = k.name in jetzt
    if dran and not k.zug:
        folgen.append({"name": k.name, "zug": "handelt"})
        if len(jetzt) > 1 and not kampf.austausch and not kampf.optionen.nacheinander_bei_gleicher_initiative:
            # „Sollten mehrere Kombattanten über denselben Initiativewert verfügen, geschehen ihre
            # Aktionen in der Regel gleichzeitig“ – der erste, der handelt, eröffnet den Austausch
            folgen.append({"austausch": list(jetzt)})
    if art == "kampf" and k.sofort > 0 and k.zug != "abwartend" and not dran:
        folgen.append({"name": k.name, "sofort": -1})
    return folgen


def initiative_ereignis(
    kampf: Kampf,
    *,
    rng: Any = None,
    augen: Mapping[str, Any] | None = None,
    hinterhalt: Sequence[str] = (),
    namen: Sequence[str] | None = None,
) -> Ereignis:
    """Initiative für alle (oder ``namen``): Initiativewert + 1W10.

    ``hinterhalt``: Überraschte würfeln keinen W10 („Hinterhalt: W10 Wurf entfällt“) – außer mit
    „Kampfgespür: ignoriert negative situative Modifikatoren“.
    ``augen``: eingetippte W10 je Name (eine 0 ist die 10); sonst ``rng``.
    """
    augen = dict(augen or {})
    folgen, teile, eingetippt = [], [], False
    for k in kampf.kaempfer:
        if namen is not None and k.name not in namen:
            continue
        wert = initiativewert(k.werte)
        if k.name in hinterhalt and not k.werte.kampfgespuer:
            w10 = None
        else:
            roh = augen.get(k.name)
            w10, getippt = proben.wuerfle_w(10, rng=rng, augen=roh, was=f"Initiative {k.name}")
            eingetippt |= getippt
        gesamt = wert + (w10 or 0)
        folgen.append({"name": k.name, "initiative": gesamt, "w10": w10})
        teile.append(f"{k.name} {gesamt}" + (" (Hinterhalt, ohne W10)" if w10 is None else f" ({wert}+{w10})")
                     + (" – Kampfgespür: der Hinterhalt zählt nicht" if k.name in hinterhalt and w10 else ""))
    return Ereignis("initiative", {"folgen": folgen}, f"{REGEL} › SPIELABLAUF › INITIATIVE", eingetippt,
                    "Initiative: " + ", ".join(teile))


def runde_ereignis(kampf: Kampf) -> Ereignis:
    """Neue Kampfrunde: alle Aktionen frisch; eine beeinträchtigte Kampfaktion entfällt.

    Allgemeine Regeln › 3. Phase: „… bis alle Kombatanten ihre Aktionen hatten oder kampfunfähig
    sind. Erst dann beginnt die nächste Kampfrunde.“ – solange jemand am Zug ist oder noch
    aussteht, wird die neue Runde abgelehnt. Ebenso, solange eine Entscheidung offen ist: eine
    sofortige Bonus-Kampfaktion oder zurückgehaltene Aktionen (Abwarten) – sie werden genutzt
    oder ausdrücklich ausgeschlagen (:func:`verzicht_ereignis`), nie still verworfen."""
    if am_zug(kampf):
        offen = [k.name for g in reihenfolge(kampf) for k in g
                 if k.zug in ("", "handelt") and kann_handeln(kampf, k.name)]
        raise AloranFehler(f"Runde {kampf.runde} ist noch nicht vorbei: {', '.join(offen)} "
                           f"{'hat' if len(offen) == 1 else 'haben'} noch nicht gehandelt – erst den Zug "
                           f"beenden („Erst dann beginnt die nächste Kampfrunde.“).")
    offen_entscheidungen = offene_verzichte(kampf)
    if offen_entscheidungen:
        raise AloranFehler(f"Runde {kampf.runde} ist noch nicht vorbei: "
                           + "; ".join(f"{name} {was_text}" for name, _, was_text in offen_entscheidungen)
                           + " – erst nutzen oder verzichten.")
    n = kampf.runde + 1
    return bauen(Ereignis, {"art": "runde", "daten": {"folgen": [{"runde": n}]}, "regel": _REGEL_AKTIONEN,
                            "eingetippt": False, "text": f"Runde {n} beginnt"})


def offene_verzichte(kampf: Kampf) -> list[tuple[str, str, str]]:
    """Offene Entscheidungen, die vor der nächsten Runde genutzt oder ausgeschlagen werden müssen:
    (Name, ``sofort`` oder ``abwarten``, Text)."""
    offen = []
    for k in kampf.kaempfer:
        if not k.handelt or kampf.runde < 1:
            continue
        n = min(k.sofort, k.aktionen.kampf)
        if n > 0:
            offen.append((k.name, "sofort", "hat noch " + ("eine sofortige Bonus-Kampfaktion" if n == 1 else
                                                           f"{n} sofortige Bonus-Kampfaktionen")))
        if k.zug == "abwartend":
            offen.append((k.name, "abwarten", "wartet ab (zurückgehaltene Aktionen)"))
    return offen


def verzicht_ereignis(kampf: Kampf, name: str, was: str | None = None) -> Ereignis:
    """``name`` schlägt eine offene Entscheidung aus: ``sofort`` (die sofortige Bonus-Kampfaktion
    verfällt) oder ``abwarten`` (er greift in dieser Runde nicht mehr ein, sein Zug ist vorbei);
    ohne ``was`` alle seine offenen. Steht im Protokoll wie jede andere Entscheidung."""
    k = kampf.kaempfer_namens(name)
    offen = [(w, text) for n, w, text in offene_verzichte(kampf) if n == name and (was is None or w == was)]
    if not offen:
        raise AloranFehler(f"{name} hat nichts offen, worauf er verzichten könnte"
                           + (f" ({'sofortige Bonus-Kampfaktion' if was == 'sofort' else 'Abwarten'})." if was else "."))
    folgen: list[dict[str, Any]] = []
    teile = []
    for w, _ in offen:
        if w == "sofort":
            folgen += [{"name": name, "sofort": -k.sofort}, _aktion(name, "kampf", -min(k.sofort, k.aktionen.kampf))]
            teile.append("die sofortige Bonus-Kampfaktion")
        else:
            folgen.append({"name": name, "zug": "fertig"})
            teile.append("das Eingreifen (zurückgehaltene Aktionen)")
    return Ereignis("verzicht", {"folgen": folgen, "was": [w for w, _ in offen]}, _REGEL_AKTIONEN, False,
                    f"{name} verzichtet auf " + " und ".join(teile))


_REGEL_AKTIONEN = f"{REGEL} › SPIELABLAUF › AKTIONEN"


def bewegung_ereignis(
    kampf: Kampf, name: str, art: str = "normal", *, spurt: bool = False, gelaende: int = 0,
    reittier_stufe: int = 0,
) -> Ereignis:
    """Bewegungsaktion; ``spurt`` nutzt zusätzlich die Kampfaktion: 6 Ausdauer → 1 Bewegungspunkt."""
    k = kampf.kaempfer_namens(name)
    if not kann_handeln(kampf, name) and (k.bewusstlos or art != "Kriechen" or spurt):
        nur = " – kampfunfähig bleibt nur Kriechen" if not k.bewusstlos else ""
        raise AloranFehler(f"{name} ist {k.zustand_text(kampf.optionen)} und kann sich nicht so bewegen{nur}.")
    punkte = bewegung(k.werte, art, gelaende=gelaende, reittier_stufe=reittier_stufe)
    folgen = _eigene_aktion(kampf, k, "bewegung")
    text = f"{name} bewegt sich ({art}): {anzahl(punkte, 'Feld', 'Felder')}"
    if spurt:
        if k.ausdauer < SPURT_AUSDAUER:
            raise AloranFehler(f"{name} hat nur {k.ausdauer} Ausdauer – ein Spurt kostet {SPURT_AUSDAUER}.")
        folgen.extend(_eigene_aktion(kampf, k, "kampf"))
        folgen.append({"name": name, "ausdauer": -SPURT_AUSDAUER})
        text = f"{name} spurtet ({art}): {anzahl(punkte + 1, 'Feld', 'Felder')}, −{SPURT_AUSDAUER} Ausdauer"
    return Ereignis("bewegung", {"folgen": folgen, "felder": punkte + (1 if spurt else 0)},
                    f"{REGEL} › SPIELABLAUF › Bewegungsaktion", False, text)


def aktion_ereignis(kampf: Kampf, name: str, art: str, was: str = "") -> Ereignis:
    """Eine sonstige Aktion ausgeben (Interaktion, Gegenstand nutzen, Waffe ziehen …)."""
    if art not in AKTIONSARTEN:
        raise AloranFehler(f"Aktionsart „{art}“ gibt es nicht ({', '.join(AKTIONSARTEN)}).")
    k = kampf.kaempfer_namens(name)
    text = f"{name}: {AKTION_NAME[art]}" + (f" – {was}" if was else "")
    folgen = [_aktion_ausgeben(k, art)] if art == "verteidigung" else _eigene_aktion(kampf, k, art)
    return Ereignis("aktion", {"folgen": folgen}, f"{REGEL} › SPIELABLAUF › AKTIONEN",
                    False, text)


def bonusaktion_ereignis(kampf: Kampf, name: str, art: str = "kampf", grund: str = "",
                         *, sofort: bool = True) -> Ereignis:
    """Eine Bonusaktion gewähren, z. B. weil ein Gegner die Kampfreichweite verlässt.

    SPIELABLAUF › Bonusaktion: „Beim Verlassen der Kampfreichweite … eines Gegners gewährt man
    diesem dadurch eine Bonus-Kampfaktion.“ Eine Bonus-Kampfaktion ist mit ``sofort`` (Standard)
    auch außerhalb der Reihenfolge nutzbar – der Gegner schlägt zu, wenn man ihn verlässt.
    """
    if art not in AKTIONSARTEN:
        raise AloranFehler(f"Aktionsart „{art}“ gibt es nicht ({', '.join(AKTIONSARTEN)}).")
    kampf.kaempfer_namens(name)
    folgen = [_aktion(name, art, +1)]
    if sofort and art == "kampf":
        folgen.append({"name": name, "sofort": 1})
    return Ereignis("bonusaktion", {"folgen": folgen},
                    f"{REGEL} › SPIELABLAUF › Bonusaktion", False,
                    f"{name} erhält eine Bonusaktion ({AKTION_NAME[art]})" + (f": {grund}" if grund else ""))


EINGRIFF = f"{REGEL} › Spielleiter-Eingriff (Heilung und Ausdauer-Erholung regelt der Text nicht)"


def eingriff_ereignis(
    kampf: Kampf, name: str, *, zone: str | None = None, wunden: int = 0, ausdauer: int = 0,
    schadensart: str = "Hieb", grund: str = "",
) -> Ereignis:
    """Spielleiter-Eingriff: Wunden in einer Zone eintragen (positiv) oder heilen (negativ),
    Ausdauer abziehen oder zurückgeben (höchstens bis zum Bogenwert).

    Der Regeltext kennt weder Heilung noch Ausdauer-Erholung; Folgen, die er dem Spielleiter
    überlässt (Umgebung, ältere Patzertabelle „Schwerer Patzer“ …), trägt man so ein.
    """
    k = kampf.kaempfer_namens(name)
    if isinstance(wunden, bool) or not isinstance(wunden, int) or isinstance(ausdauer, bool) \
            or not isinstance(ausdauer, int):
        raise AloranFehler("Wunden und Ausdauer müssen ganze Zahlen sein.")
    if not wunden and not ausdauer:
        raise AloranFehler("Nichts zu ändern: bitte Wunden oder Ausdauer angeben.")
    folgen: list[dict[str, Any]] = []
    teile = []
    if wunden:
        if zone not in ZONEN_SCHLUESSEL:
            raise AloranFehler(f"Für Wunden bitte eine Trefferzone wählen ({', '.join(ZONEN_SCHLUESSEL)}).")
        if schadensart not in WUNDTABELLE_ART:
            raise AloranFehler(f"Unbekannte Schadensart „{schadensart}“ (Hieb, Wucht, Stich, Fern).")
        i = ZONEN_SCHLUESSEL.index(zone)
        echt = max(wunden, -k.wunden[i])
        folgen.append({"name": name, "zone": zone, "wunden": echt, "schadensart": schadensart})
        teile.append(f"{anzahl(abs(echt), 'Wunde', 'Wunden')} {ZONEN[i].am} " + ("eingetragen" if echt > 0 else "geheilt"))
    if ausdauer:
        echt = min(ausdauer, k.werte.ausdauer - k.ausdauer) if ausdauer > 0 else max(ausdauer, -k.ausdauer)
        folgen.append({"name": name, "ausdauer": echt})
        teile.append(f"Ausdauer {vorzeichen(echt)} (jetzt {k.ausdauer + echt} von {k.werte.ausdauer})")
    return Ereignis("eingriff", {"folgen": folgen}, EINGRIFF, False,
                    f"{name}: " + ", ".join(teile) + (f" – {grund}" if grund else ""))


def beitreten_ereignis(kampf: Kampf, werte: Kampfwerte, *, rng: Any = None, augen: Any = None,
                       hinterhalt: bool = False) -> Ereignis:
    """Ein Kämpfer greift in den laufenden Kampf ein und würfelt Initiative.

    Allgemeine Regeln › 1. Phase: „Greift jemand in einen bereits stattfindenden Kampf ein, kann
    er normal auf Initiative würfeln und sich entsprechend einreihen.“ Die Werte stehen im
    Ereignis, damit das Protokoll ohne Bogen fortgesetzt werden kann.
    """
    if werte.name in kampf.namen:
        raise AloranFehler(f"„{werte.name}“ kämpft schon mit.")
    wert = initiativewert(werte)
    w10, getippt = (None, False) if hinterhalt and not werte.kampfgespuer else proben.wuerfle_w(10, rng=rng, augen=augen,
                                                                     was=f"Initiative {werte.name}")
    folgen = [{"beitreten": werte.als_dict()},
              {"name": werte.name, "initiative": wert + (w10 or 0), "w10": w10}]
    return Ereignis("beitreten", {"folgen": folgen}, f"{REGEL} › Allgemeine Regeln › 1. Phase - Initiative",
                    getippt, f"{werte.name} greift ein: Initiative {wert + (w10 or 0)}"
                    + (" (ohne W10)" if w10 is None else f" ({wert}+{w10})"))


