"""Kampfzustand, Ereignisse und ihre reine Anwendung für W100.

Der Kampf ist ein Startzustand (:class:`Kampf`) plus Ereignisse
(:class:`gm_helfer.protokoll.Ereignis`); :func:`anwenden` faltet sie. Ereignisse entstehen
nur über die Konstruktoren dieses Moduls, die vorher prüfen, ob die Handlung erlaubt ist
(wer am Zug ist, Reichweite, Flee, Parade) und die Würfe auswerten.

Ablauf (regeln/w100.txt › Initiative und Kampfrunde):

* ``initiative``: W100 + Initiativebonus für alle; Runde 1 beginnt.
* ``ergreifen``: „Initiative Ergreifen“ gibt einem Beteiligten den ersten Zug;
  ``ergreifen_verzicht``: geprüft, niemand ergreift sie.
* ``zug_beginn`` → Handlungen (``bewegung``, ``angriff``) → ``zug_ende`` (Initiative −100).
* Hat niemand mehr Initiative (alle unter 1), beginnt mit ``neue_runde`` die nächste Runde
  (3 Sekunden): Effekte ticken, Flee regeneriert, die Initiative wird wiederhergestellt
  oder neu gewürfelt (Einstellung des Kampfes).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

from gm_helfer import wuerfel
from gm_helfer.protokoll import Ereignis
from gm_helfer.schnell import bauen, je_objekt
from gm_helfer.schnell import ersetzen_ohne_pruefung as _neu
from gm_helfer.text import vorzeichen
from gm_helfer.w100.angriff import (
    Abwehr,
    Angriffsergebnis,
    bewerte_angriff,
    flee_nach_runde,
    schaden_nach_treffer,
    schadens_hoechstwert,
)
from gm_helfer.w100.daten import (
    AUSWEICHEN,
    FERNKAMPF,
    INITIATIVE_KOSTEN,
    PARADE,
    PATZER,
    REGEL_ANGRIFF,
    REGEL_HANDLUNGEN,
    REGEL_INITIATIVE,
    REGEL_KAMPF,
    STUFEN_TEXT,
)
from gm_helfer.w100.optionen import Optionen, W100Fehler
from gm_helfer.w100.wuerfe import w100, w100_wert
from gm_helfer.w100.zustand import (  # noqa: F401 – die Werte und der Zustand; hier weiter erreichbar
    _UNBEKANNT,
    SYSTEM,
    Effekt,
    Kaempfer,
    Kampf,
    Waffe,
    _ersetzt,
    _folgezustand,
    _initiative_setzen,
    _kaempfer_neu,
    _lp_aendern,
    _mit,
    kampf_als_dict,
    kampf_aus_dict,
    meter,
    neuer_kampf,
    zahl,
)

# --------------------------------------------------------------------------- Ereignisse

_EREIGNIS_DIREKT = ([f.name for f in fields(Ereignis)] == ["art", "daten", "regel", "eingetippt", "text"]
                    and not hasattr(Ereignis, "__post_init__"))
"""Ob :func:`_ereignis` ein Ereignis direkt bauen darf (sonst über den Konstruktor)."""


def _ereignis(art: str, daten: dict[str, Any], regel: str, eingetippt: bool = False, text: str = "") -> Ereignis:
    """``Ereignis(art, daten, regel=…, eingetippt=…, text=…)`` mit allen Feldern auf einmal
    (:func:`gm_helfer.schnell.bauen`) – für die Ereignisse, die jeder simulierte Zug baut.
    Prüft das Ereignis je ein ``__post_init__`` oder bekommt es andere Felder, gilt der Konstruktor."""
    if _EREIGNIS_DIREKT:
        e = object.__new__(Ereignis)  # wie bauen, eingesetzt (jedes Ereignis der Simulation)
        object.__setattr__(e, "__dict__", {"art": art, "daten": daten, "regel": regel,
                                           "eingetippt": eingetippt, "text": text})
        return e
    return Ereignis(art, daten, regel=regel, eingetippt=eingetippt, text=text)


# --------------------------------------------------------------------------- Initiative


def initiative_wert(natuerlich: int, bonus: int, *, lucky_seven: bool = False) -> int:
    """W100 + Initiativebonus; Lucky Seven: eine 77 zählt doppelt, „erst danach kommt der
    Initiativebonus hinzu“ (regeln/w100.txt › Initiative und Kampfrunde).

    >>> initiative_wert(77, 30, lucky_seven=True)
    184
    """
    return w100_wert(natuerlich, lucky_seven=lucky_seven) + bonus


@je_objekt
def reihenfolge(kampf: Kampf) -> tuple[Kaempfer, ...]:
    """Kämpfer nach verbleibender Initiative, höchste zuerst.

    Gleichstand (der Text regelt ihn nicht): höherer Initiativebonus zuerst, dann die
    Reihenfolge der Aufstellung. Kampfunfähige und Ungewürfelte stehen hinten.
    """
    def schluessel(paar: tuple[int, Kaempfer]) -> tuple:
        i, k = paar
        aktiv = k.kampffaehig(kampf.optionen) and k.initiative is not None
        return (not aktiv, -(k.initiative or 0), -k.initiative_bonus_aktuell, i)

    return tuple(k for _, k in sorted(enumerate(kampf.kaempfer), key=schluessel))


def naechster(kampf: Kampf) -> str | None:
    """Wer als Nächstes am Zug ist – oder ``None``, wenn die Runde vorbei ist.

    „Die Figur mit der höchsten verfügbaren Initiative ist zuerst am Zug. […] Solange noch
    kampffähige Beteiligte Initiative übrig haben, setzt sich die Reihenfolge nach den
    verbleibenden Werten fort.“ Übrig heißt: mindestens 1 Punkt. Ein Vorrang durch
    „Initiative Ergreifen“ geht allem vor.
    """
    if kampf.runde == 0:
        return None
    if kampf.am_zug is not None:
        return kampf.am_zug
    # einmal je Zustand gerechnet: die Schleife fragt es vor dem Zug, der Zugbeginn und seine
    # Prüfung in anwenden noch einmal
    name = kampf._naechster
    if name is _UNBEKANNT:
        name = kampf.__dict__["_naechster"] = _naechster_nach_initiative(kampf)
    return name  # type: ignore[return-value]


def _naechster_nach_initiative(kampf: Kampf) -> str | None:
    """:func:`naechster` ab dem Vorrang."""
    stehend = kampf._stehend or kampf.kampffaehige()
    if kampf.vorrang is not None and stehend[kampf.platz(kampf.vorrang)]:
        return kampf.vorrang
    # der Erste der Reihenfolge (:func:`reihenfolge`) unter denen mit Initiative übrig, ohne
    # alle zu sortieren: höchste Initiative, dann höchster Bonus, dann der Frühere in der Aufstellung
    bester: Kaempfer | None = None
    for k, steht in zip(kampf.kaempfer, stehend):
        ini = k.initiative
        if ini is None or ini < 1 or not steht:
            continue
        if bester is None or ini > bester.initiative or (  # type: ignore[operator]
                ini == bester.initiative and k.initiative_bonus_aktuell > bester.initiative_bonus_aktuell):
            bester = k
    return bester.name if bester is not None else None


def runde_vorbei(kampf: Kampf) -> bool:
    """„Sobald niemand mehr Initiative übrig hat, beginnt eine neue Kampfrunde.“"""
    return kampf.runde >= 1 and kampf.am_zug is None and naechster(kampf) is None


def sieger(kampf: Kampf) -> str | None:
    """Die Seite, die als einzige noch kampffähige Beteiligte hat – sonst ``None``.

    Der Text nennt kein Kampfende; „kampffähige Beteiligte“ (Initiative und Kampfrunde) legt
    nahe: Hat eine Seite niemanden mehr, der kämpfen kann, ist der Kampf entschieden. Das ist
    nur ein Hinweis für den SL – weiterspielen bleibt erlaubt.
    """
    # im Zustand gemerkt; es hängt nur davon ab, wer steht (:func:`_folgezustand` reicht es weiter)
    gewonnen = kampf._sieger
    if gewonnen is _UNBEKANNT:
        gewonnen = kampf.__dict__["_sieger"] = _einzige_seite(kampf)
    return gewonnen  # type: ignore[return-value]


def _einzige_seite(kampf: Kampf) -> str | None:
    """:func:`sieger`, gerechnet."""
    seite = None
    for k, steht in zip(kampf.kaempfer, kampf._stehend or kampf.kampffaehige()):
        if steht:
            if seite is None:
                seite = k.seite
            elif k.seite != seite:
                return None  # zwei Seiten stehen noch
    if seite is not None and any(k.seite != seite for k in kampf.kaempfer):
        return seite
    return None


def initiative_wuerfe(
    kampf: Kampf, *, rng: Any = None, augen: Mapping[str, Any] | None = None
) -> dict[str, wuerfel.Wuerfelwurf]:
    """Würfelschicht: ein W100 je kampffähigem Beteiligten (gewürfelt oder eingetippt).

    Nur ``augen``: jeder braucht einen eingetippten Wurf. Nur ``rng``: das Programm würfelt
    für alle. Beides: eingetippt, wer in ``augen`` steht (die Spieler mit echten Würfeln),
    für die anderen würfelt das Programm (z. B. die Gegner des SL).
    """
    if rng is None and augen is None:
        raise TypeError("rng (Programm würfelt) oder augen (eingetippt) angeben.")
    augen = dict(augen or {})
    aktiv = [k for k in kampf.kaempfer if k.kampffaehig(kampf.optionen)]
    fremd = sorted(set(augen) - {k.name for k in aktiv})
    if fremd:
        raise W100Fehler(f"Eingetippte Initiative für {', '.join(fremd)}: nicht (kampffähig) im Kampf.")
    ergebnis = {}
    for k in aktiv:
        if k.name in augen:
            ergebnis[k.name] = w100(augen=augen[k.name])
        elif rng is not None:
            ergebnis[k.name] = w100(rng=rng)
        else:
            raise W100Fehler(f"Für {k.name} fehlt der Initiativewurf.")
    return ergebnis


def _initiative_daten(kampf: Kampf, wuerfe: Mapping[str, wuerfel.Wuerfelwurf]) -> dict[str, Any]:
    werte = {}
    for name, w in wuerfe.items():
        k = kampf[name]
        werte[name] = {
            "natuerlich": w.natuerlich,
            "bonus": k.initiative_bonus_aktuell,
            "wert": initiative_wert(w.natuerlich, k.initiative_bonus_aktuell,
                                    lucky_seven=kampf.optionen.lucky_seven),
            "eingetippt": w.eingetippt,
        }
    return werte


def initiative_ereignis(
    kampf: Kampf, *, rng: Any = None, augen: Mapping[str, Any] | None = None, text: bool = True
) -> Ereignis:
    """Initiative zu Kampfbeginn: „ein W100 gewürfelt und der jeweilige Initiativebonus addiert“
    (``text=False``: ohne Protokolltext)."""
    if kampf.runde != 0:
        raise W100Fehler("Die Initiative ist schon bestimmt – der Kampf läuft bereits.")
    werte = _initiative_daten(kampf, initiative_wuerfe(kampf, rng=rng, augen=augen))
    return Ereignis(
        "initiative",
        {"werte": werte},
        regel=REGEL_INITIATIVE,
        eingetippt=any(w["eingetippt"] for w in werte.values()),
        text="Initiative: " + _initiative_text(werte) if text else "",
    )


def _initiative_text(werte: Mapping[str, Mapping[str, Any]]) -> str:
    """„Wolf 220, John 125“ – bei gemischten Würfen mit dem Hinweis, wer vom Programm kam."""
    text = ", ".join(f"{n} {w['wert']}" for n, w in sorted(werte.items(), key=lambda x: -x[1]["wert"]))
    programm = [n for n, w in werte.items() if not w["eingetippt"]]
    if programm and len(programm) < len(werte):
        text += f" (vom Programm gewürfelt: {', '.join(programm)})"
    return text


def ergreifen_ereignis(kampf: Kampf, name: str) -> Ereignis:
    """„Bevor der Kampf beginnt, prüft, ob Initiative Ergreifen einem Beteiligten den ersten Zug
    verschafft.“ (regeln/w100.txt › Kampf). Nur vor dem ersten Zug des Kampfes."""
    if kampf.zuege_gesamt > 0 or kampf.am_zug is not None:
        raise W100Fehler("Initiative Ergreifen geht nur, bevor der erste Zug des Kampfes beginnt.")
    if not kampf[name].kampffaehig(kampf.optionen):
        raise W100Fehler(f"{name} ist kampfunfähig und kann die Initiative nicht ergreifen.")
    return Ereignis("ergreifen", {"name": name}, regel=REGEL_KAMPF,
                    text=f"{name} ergreift die Initiative und hat den ersten Zug.")


def ergreifen_offen(kampf: Kampf) -> bool:
    """Ob die Frage „Ergreift jemand die Initiative?“ noch offen ist: nach der Initiative, vor dem
    ersten Zug, solange weder jemand sie ergriffen noch der Spielleiter verzichtet hat.

    „Bevor der Kampf beginnt, prüft, ob Initiative Ergreifen einem Beteiligten den ersten Zug
    verschafft.“ (regeln/w100.txt › Kampf)
    """
    return (kampf.runde >= 1 and kampf.zuege_gesamt == 0 and kampf.am_zug is None
            and kampf.vorrang is None and not kampf.ergreifen_verzichtet)


def ergreifen_verzicht_ereignis(kampf: Kampf) -> Ereignis:
    """Geprüft, niemand ergreift die Initiative: der erste Zug geht nach der Initiative
    (das Gegenstück zu :func:`ergreifen_ereignis`; beides steht im Protokoll)."""
    if not ergreifen_offen(kampf):
        raise W100Fehler("„Initiative Ergreifen“ ist nicht offen – nur nach der Initiative und vor dem "
                         "ersten Zug, wenn noch niemand sie ergriffen hat.")
    return Ereignis("ergreifen_verzicht", {}, regel=REGEL_KAMPF,
                    text=f"Niemand ergreift die Initiative – den ersten Zug hat {naechster(kampf)}.")


def zug_beginn_ereignis(kampf: Kampf, *, text: bool = True) -> Ereignis:
    """Der Beteiligte mit der höchsten verfügbaren Initiative beginnt seinen Zug
    (``text=False``: ohne Protokolltext, für die Simulation)."""
    if kampf.am_zug is not None:
        raise W100Fehler(f"{kampf.am_zug} ist noch am Zug – erst den Zug beenden.")
    name = naechster(kampf)
    if name is None:
        if kampf.runde == 0:
            raise W100Fehler("Erst die Initiative bestimmen.")
        raise W100Fehler("Niemand hat mehr Initiative übrig – eine neue Runde beginnen.")
    if not text:
        return _ereignis("zug_beginn", {"name": name}, REGEL_INITIATIVE)
    k = kampf[name]
    grund = " (Initiative ergriffen)" if kampf.vorrang == name else ""
    return Ereignis("zug_beginn", {"name": name}, regel=REGEL_INITIATIVE,
                    text=f"Runde {kampf.runde}: {name} ist am Zug, Initiative {k.initiative}{grund}.")


def zug_ende_ereignis(kampf: Kampf, *, text: bool = True) -> Ereignis:
    """„Nach ihrem Zug sinkt ihre Initiative um 100 Punkte.“ (``text=False``: ohne Protokolltext)"""
    if kampf.am_zug is None:
        raise W100Fehler("Niemand ist am Zug.")
    if not text:
        return _ereignis("zug_ende", {"name": kampf.am_zug}, REGEL_INITIATIVE)
    k = kampf[kampf.am_zug]
    neu = (k.initiative or 0) - INITIATIVE_KOSTEN
    weiter = " – noch ein Zug in dieser Runde" if neu >= 1 else ""
    return Ereignis("zug_ende", {"name": k.name}, regel=REGEL_INITIATIVE,
                    text=f"{k.name} beendet den Zug: Initiative {zahl(k.initiative or 0)} → {zahl(neu)}{weiter}.")


def neue_runde_ereignis(
    kampf: Kampf, *, rng: Any = None, augen: Mapping[str, Any] | None = None, text: bool = True
) -> Ereignis:
    """Neue Kampfrunde (3 Sekunden): Effekte ticken, Flee regeneriert, Initiative neu.

    „Sobald niemand mehr Initiative übrig hat, beginnt eine neue Kampfrunde. Eine Runde
    entspricht 3 Sekunden Kampfzeit; dabei werden zeitabhängige Effekte verarbeitet und Flee
    regeneriert. Ob eine gespeicherte Initiative-Reihenfolge automatisch erneut verwendet
    wird, hängt von der Einstellung des Kampfes ab.“ – ``rng``/``augen`` nur, wenn neu
    gewürfelt wird (``Optionen.initiative_neu_wuerfeln``). ``text=False``: ohne Protokolltext.
    """
    if not runde_vorbei(kampf):
        raise W100Fehler(
            "Die Runde ist noch nicht vorbei: "
            + (f"{kampf.am_zug} ist am Zug." if kampf.am_zug else
               f"{naechster(kampf)} hat noch Initiative übrig.")
        )
    daten: dict[str, Any] = {"runde": kampf.runde + 1}
    eingetippt = False
    if kampf.optionen.initiative_neu_wuerfeln:
        werte = _initiative_daten(kampf, initiative_wuerfe(kampf, rng=rng, augen=augen))
        daten["werte"] = werte
        eingetippt = any(w["eingetippt"] for w in werte.values())
        art = "neu gewürfelt"
    else:
        if rng is not None or augen is not None:
            raise W100Fehler("Die gespeicherte Reihenfolge gilt weiter – hier wird nicht gewürfelt.")
        art = "gespeicherte Reihenfolge"
    if not text:
        return _ereignis("neue_runde", daten, REGEL_INITIATIVE, eingetippt)
    werte_text = f" Initiative: {_initiative_text(daten['werte'])}." if "werte" in daten else ""
    return Ereignis("neue_runde", daten, regel=REGEL_INITIATIVE, eingetippt=eingetippt,
                    text=f"Runde {kampf.runde + 1} beginnt ({art}); Effekte ticken, Flee regeneriert."
                         + werte_text)


# --------------------------------------------------------------------------- Handlungen


def abstand(a: Kaempfer, b: Kaempfer) -> float:
    """Abstand in Metern zwischen zwei Beteiligten."""
    return math.dist(a.position, b.position)


def erreicht(a: Kaempfer, z: Kaempfer, waffe: Waffe) -> bool:
    """Ist ``z`` in Reichweite von ``a``s Waffe? (Luftlinie ≤ Reichweite, s. docs/w100.md)"""
    return math.dist(a.position, z.position) <= waffe.reichweite + 1e-9  # abstand(a, z)


def in_reichweite(kampf: Kampf, waffe: str) -> list[str]:
    """Kampffähige Beteiligte in Reichweite der Waffe des Handelnden (für Karte und Auswahl).

    „Deine Positionierung bestimmt unter anderem, welche Ziele du erreichen kannst.“
    (regeln/w100.txt › Handlungen und Positionierung)
    """
    if kampf.am_zug is None:
        return []
    a = kampf[kampf.am_zug]
    w = a.waffe(waffe)
    return [z.name for z in kampf.kaempfer
            if z.name != a.name and z.kampffaehig(kampf.optionen) and erreicht(a, z, w)]


def _pruefe_am_zug(kampf: Kampf, name: str) -> Kaempfer:
    if kampf.am_zug != name:
        jetzt = kampf.am_zug or "niemand"
        raise W100Fehler(f"{name} ist nicht am Zug (am Zug: {jetzt}).")
    return kampf[name]


def bewegung_ereignis(kampf: Kampf, name: str, nach: Sequence[float], *, text: bool = True) -> Ereignis:
    """Eine Bewegungshandlung; Strecke und Zahl der Bewegungen werden vorher geprüft
    (``text=False``: ohne Protokolltext).

    „Bewegung und Reichweite werden vor der Ausführung einer geplanten Handlung geprüft.“
    (regeln/w100.txt › Handlungen und Positionierung)
    """
    k = _pruefe_am_zug(kampf, name)
    if k.bewegungen >= k.bewegungen_erlaubt(kampf.optionen):
        raise W100Fehler(f"{name} hat in diesem Zug keine Bewegungshandlung mehr.")
    ziel = (float(nach[0]), float(nach[1]))
    strecke = math.dist(k.position, ziel)
    if strecke > k.bewegung + 1e-9:
        raise W100Fehler(
            f"{name} kann höchstens {meter(k.bewegung)} weit gehen, das Ziel ist {meter(strecke)} entfernt."
        )
    return Ereignis("bewegung", {"name": name, "von": list(k.position), "nach": list(ziel),
                                 "strecke": round(strecke, 2)},
                    regel=REGEL_HANDLUNGEN,
                    text=f"{name} bewegt sich {meter(strecke)} nach "
                         f"({zahl(ziel[0])} | {zahl(ziel[1])})." if text else "")


@dataclass(frozen=True)
class Angriffsplan:
    """Was vor dem Wurf feststeht: wer, womit, gegen wen, mit welchen Werten."""

    angreifer: str
    ziel: str
    waffe: Waffe
    ob: int
    db: int
    modifikator: int
    abwehr: Abwehr
    panzerung: int
    neue_aktion: bool
    abstand: float


_KEINE_ABWEHR = Abwehr()


@lru_cache(maxsize=256, typed=True)
def _abwehr(art: str, punkte: int) -> Abwehr:
    """``Abwehr(art, punkte)``, je Wertepaar einmal gebaut (unveränderlich; jeder Angriff fragt)."""
    return Abwehr(art, punkte)


def _abwehr_pruefen(w: Waffe, z: Kaempfer, o: Optionen, flee: int, parade: int) -> Abwehr:
    """Die angesagte Abwehr gegen einen Angriff mit ``w``: Flee oder Parade, nie beides, nur so
    viel wie ``z`` hat, nur gegen Angriffe, die die Einstellungen erlauben.

    „Danach können angesagtes Ausweichen und, falls Flee den Angriff nicht abgeschwächt hat, eine
    angesagte Parade das Ergebnis weiter senken. Beide Abwehrarten werden nicht für denselben
    Angriff addiert.“ (regeln/w100.txt › Angriff und Verteidigung)
    """
    ziel = z.name
    if flee and parade:
        raise W100Fehler(
            "Ausweichen und Parade zählen nicht zusammen: gegen einen Angriff entweder "
            "Flee-Punkte oder Nahkampf-OB zur Parade einsetzen."
        )
    if flee < 0 or parade < 0:
        raise W100Fehler("Abwehrpunkte dürfen nicht negativ sein.")
    abwehr = _KEINE_ABWEHR
    if flee:
        if w.magisch and not o.ausweichen_gegen_zauber:
            raise W100Fehler("Diesem Zauber kann man nicht ausweichen (Einstellung des Kampfes).")
        if flee > (z.flee or 0):
            raise W100Fehler(f"{ziel} hat nur noch {z.flee} Flee-Punkte.")
        abwehr = _abwehr(AUSWEICHEN, flee)
    if parade:
        if w.magisch and not o.parade_gegen_zauber:
            raise W100Fehler("Zauber lassen sich nicht parieren (Einstellung des Kampfes).")
        if w.art == FERNKAMPF and not o.parade_gegen_fernkampf:
            raise W100Fehler("Fernkampfangriffe lassen sich nicht parieren (Einstellung des Kampfes).")
        if parade > z.parade_frei:
            raise W100Fehler(
                f"{ziel} kann nur noch {z.parade_frei} Punkte Nahkampf-OB zur Parade beiseitelegen."
            )
        abwehr = _abwehr(PARADE, parade)
    return abwehr


def angriff_planen(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: str,
    *,
    modifikator: int = 0,
    flee: int = 0,
    parade: int = 0,
    reichweite_pruefen: bool = True,
) -> Angriffsplan:
    """Prüft einen geplanten Angriff und liefert OB, DB, Abwehr und Panzerung.

    Geprüft wird: Angreifer am Zug, Waffe ausgerüstet und in dieser Angriffshandlung noch
    nicht benutzt („Mehrere Angriffe mit ausgerüsteten Waffen können zu einer
    Angriffshandlung gehören“), Reichweite („Bewegung und Reichweite werden vor der
    Ausführung einer geplanten Handlung geprüft“), Abwehr: Flee oder Parade, nie beides,
    nur so viel wie vorhanden, Parade nur mit Nahkampf-OB gegen erlaubte Angriffe.
    ``reichweite_pruefen=False`` nur für Vorschauen („was wäre, wenn ich hinginge?“).
    """
    a = _pruefe_am_zug(kampf, angreifer)
    iz = kampf.platz(ziel)
    z = kampf.kaempfer[iz]
    if ziel == angreifer:
        raise W100Fehler(f"{angreifer} kann sich nicht selbst angreifen.")
    if not (kampf._stehend or kampf.kampffaehige())[iz]:
        raise W100Fehler(f"{ziel} ist bereits kampfunfähig.")
    w = a.waffe(waffe)
    if not w.ausgeruestet:
        raise W100Fehler(f"{angreifer}: „{waffe}“ ist nicht ausgerüstet.")
    o = kampf.optionen
    neue_aktion = not a.waffen_in_aktion or waffe in a.waffen_in_aktion
    if neue_aktion and a.angriffshandlungen >= a.angriffshandlungen_erlaubt(o):
        if waffe in a.waffen_in_aktion:
            raise W100Fehler(
                f"{angreifer} hat „{waffe}“ in dieser Angriffshandlung schon benutzt und keine "
                "weitere Angriffshandlung in diesem Zug."
            )
        raise W100Fehler(f"{angreifer} hat in diesem Zug keine Angriffshandlung mehr.")
    entfernung = abstand(a, z)
    if reichweite_pruefen and not erreicht(a, z, w):
        raise W100Fehler(
            f"{ziel} ist {meter(entfernung)} entfernt – außer Reichweite von „{waffe}“ "
            f"({meter(w.reichweite)}). Erst bewegen."
        )
    abwehr = _abwehr_pruefen(w, z, o, flee, parade)
    return bauen(Angriffsplan, {  # wie Angriffsplan(...), alle Felder auf einmal
        "angreifer": angreifer, "ziel": ziel, "waffe": w, "ob": a.angriffswert(w), "db": z.db_gegen(w),
        "modifikator": modifikator, "abwehr": abwehr, "panzerung": z.panzerung_gegen(w.schadensart),
        "neue_aktion": neue_aktion, "abstand": entfernung,
    })


def angriff_auswerten(plan: Angriffsplan, natuerlich: int, optionen: Optionen) -> Angriffsergebnis:
    """Auswertung eines Angriffswurfs für einen geprüften Plan (reine Funktion)."""
    return bewerte_angriff(
        natuerlich, ob=plan.ob, db=plan.db, patzerbereich=plan.waffe.patzerbereich,
        modifikator=plan.modifikator, abwehr=plan.abwehr, krit=plan.waffe.krit, optionen=optionen,
    )


def angriff_ereignis(
    kampf: Kampf,
    plan: Angriffsplan,
    wurf: wuerfel.Wuerfelwurf,
    schadenswurf: wuerfel.Wurf | None = None,
    *,
    text: bool = True,
) -> Ereignis:
    """Baut das Angriffsereignis aus Plan, W100-Wurf und (bei Treffer) Schadenswurf.

    Reihenfolge nach regeln/w100.txt › Angriff und Verteidigung: Patzerbereich, Ergebnis,
    Abwehr, Trefferstufe, Kritisch und Schaden nach Panzerung (Streiftreffer: die Hälfte).
    Angesagte Abwehrpunkte sind verbraucht, egal wie der Wurf ausgeht. ``text=False``: ohne
    Protokolltext (die Simulation liest ihn nie); die Daten sind dieselben.
    """
    o = kampf.optionen
    natuerlich = wurf.natuerlich
    e = angriff_auswerten(plan, natuerlich, o)
    schaden = 0
    roh = None
    augen = None
    trifft = e.trifft
    if trifft:
        if schadenswurf is None:
            raise W100Fehler(f"Treffer – es fehlt der Schadenswurf ({plan.waffe.schaden}).")
        erwartet = plan.waffe.ausdruck
        if (schadenswurf.ausdruck is not erwartet and schadenswurf.ausdruck != erwartet
                and str(schadenswurf.ausdruck) != str(erwartet)):
            raise W100Fehler(
                f"Der Schadenswurf passt nicht zur Waffe ({schadenswurf.ausdruck} statt {plan.waffe.schaden})."
            )
        roh = schadenswurf.gesamt
        augen = schadenswurf.als_dict()
        hoechst = (schadens_hoechstwert(plan.waffe.schaden)
                   if e.kritisch and o.krit_folge == "hoechstschaden" else None)
        schaden = schaden_nach_treffer(
            roh, panzerung=plan.panzerung, stufe=e.stufe, kritisch=e.kritisch,
            krit_faktor=plan.waffe.krit.faktor, optionen=o, hoechstwert=hoechst,
        )
    eingetippt = wurf.eingetippt or bool(trifft and schadenswurf is not None and schadenswurf.eingetippt)
    handlung_endet = e.stufe == PATZER and o.patzer_folge == "angriffshandlung"
    return _ereignis(
        "angriff",
        {
            "angreifer": plan.angreifer, "ziel": plan.ziel, "waffe": plan.waffe.name,
            "art": plan.waffe.art, "natuerlich": natuerlich, "wurfwert": e.wurfwert,
            "ob": plan.ob, "db": plan.db, "modifikator": plan.modifikator,
            "abwehr": e.abwehr.art, "abwehr_punkte": e.abwehr.punkte,
            "basis": e.basis, "ergebnis": e.ergebnis, "stufe": e.stufe, "kritisch": e.kritisch,
            "schadenswurf": augen, "schaden_roh": roh, "panzerung": plan.panzerung,
            "schaden": schaden, "neue_aktion": plan.neue_aktion,
            "handlung_endet": handlung_endet,
        },
        REGEL_ANGRIFF,
        eingetippt,
        _angriff_text(plan, wurf, e, schaden, handlung_endet) if text else "",
    )


def _angriff_text(plan: Angriffsplan, wurf: wuerfel.Wuerfelwurf, e: Angriffsergebnis, schaden: int,
                  handlung_endet: bool) -> str:
    """Die Protokollzeile eines Angriffs: Rechnung, Trefferstufe, Schaden."""
    abwehr_text = ""
    if e.abwehr.art == AUSWEICHEN:
        abwehr_text = f" − {e.abwehr.punkte} Flee"
    elif e.abwehr.art == PARADE:
        abwehr_text = f" − {e.abwehr.punkte} Parade"
    mod_text = f" {vorzeichen(plan.modifikator)}" if plan.modifikator else ""
    stufe_text = STUFEN_TEXT[e.stufe] + (" (kritisch)" if e.kritisch else "")
    if e.stufe == "patzer":
        rechnung = f"Wurf {wurf.natuerlich} im Patzerbereich 1–{plan.waffe.patzerbereich}"
        if handlung_endet:
            rechnung += " – der Patzer beendet die Angriffshandlung (Einstellung des Kampfes)"
    else:
        rechnung = (f"{e.wurfwert} + {plan.ob} − {plan.db}{mod_text}{abwehr_text} = {e.ergebnis}")
    schaden_text = f", {schaden} Schaden" if e.trifft else ""
    return f"{plan.angreifer} greift {plan.ziel} mit {plan.waffe.name} an: {rechnung} → {stufe_text}{schaden_text}."


def effekt_ereignis(kampf: Kampf, name: str, effekt: Effekt) -> Ereignis:
    """Ein zeitabhängiger Effekt, der ab der nächsten Runde tickt."""
    kampf[name]
    if effekt.runden < 1:
        raise W100Fehler("Ein Effekt muss mindestens 1 Runde dauern.")
    wirkung = f", {vorzeichen(effekt.lp_pro_runde)} LP je Runde" if effekt.lp_pro_runde else ""
    if effekt.initiative_mod:
        wirkung += f", Initiativebonus {vorzeichen(effekt.initiative_mod)}"
    return Ereignis("effekt", {"name": name, "effekt": effekt.name, "runden": effekt.runden,
                               "lp_pro_runde": effekt.lp_pro_runde,
                               "initiative_mod": effekt.initiative_mod},
                    regel=REGEL_INITIATIVE,
                    text=f"{name}: {effekt.name} für {effekt.runden} Runden{wirkung}.")


def ausfall_ereignis(kampf: Kampf, name: str, ausgefallen: bool = True, grund: str = "") -> Ereignis:
    """Ohne Gesundheitsmodell (``Optionen.gesundheit="ohne"``) erklärt der Spielleiter, wer
    kampfunfähig ist (``ausgefallen=False``: wieder kampffähig)."""
    kampf[name]
    if kampf.optionen.gesundheit != "ohne":
        raise W100Fehler("Kampfunfähig macht hier das Gesundheitsmodell (Lebenspunkte) – von Hand "
                         "nur mit dem Gesundheitsmodell „ohne“.")
    zusatz = f" ({grund})" if grund else ""
    return Ereignis("ausfall", {"name": name, "ausgefallen": bool(ausgefallen), "grund": grund},
                    regel="Hausregel › Gesundheitsmodell „ohne“ (docs/w100.md)",
                    text=f"{name} ist {'kampfunfähig' if ausgefallen else 'wieder kampffähig'}{zusatz}.")


def lp_ereignis(kampf: Kampf, name: str, aenderung: int, grund: str = "") -> Ereignis:
    """Lebenspunkte von Hand ändern (Heilung, Schaden außerhalb eines Angriffs)."""
    kampf[name]
    zusatz = f" ({grund})" if grund else ""
    return Ereignis("lp", {"name": name, "aenderung": aenderung, "grund": grund},
                    regel="Hausregel › Lebenspunkte (docs/w100.md)",
                    text=f"{name}: {vorzeichen(aenderung)} LP{zusatz}.")


def optionen_ereignis(kampf: Kampf, optionen: Optionen) -> Ereignis:
    """Die Einstellungen des Kampfes ändern (z. B. Treffergrenzen, Lucky Seven)."""
    alt = kampf.optionen.als_dict()
    neu = optionen.als_dict()
    geaendert = {k: v for k, v in neu.items() if alt[k] != v}
    return Ereignis("optionen", {"optionen": neu},
                    regel="W100 › Einstellungen des Kampfes",
                    text="Einstellungen geändert: " + (", ".join(
                        f"{k.replace('_', ' ')} {_wert_text(v)}" for k, v in geaendert.items()) or "nichts") + ".")


def _handlungen_text(zahl_: int | None, optionen_wert: int, einzahl: str, mehrzahl: str) -> str:
    """„2 Angriffshandlungen“ – ``None``: „wie im Kampf eingestellt (1 Angriffshandlung)“."""
    n = optionen_wert if zahl_ is None else zahl_
    text = f"{n} {einzahl if n == 1 else mehrzahl}"
    return f"wie im Kampf eingestellt ({text})" if zahl_ is None else text


def handlungen_ereignis(kampf: Kampf, name: str, angriffshandlungen: int | None,
                        bewegungen: int | None) -> Ereignis:
    """Wie viele Angriffs- und Bewegungshandlungen ``name`` je Zug hat – im Kampf geändert
    (``None``: wieder die Einstellung des Kampfes). Gilt sofort, auch im laufenden Zug.

    „Welche und wie viele Handlungen du ausführen kannst, hängt von deinen Werten, Effekten und
    den Regeln der jeweiligen Handlung ab.“ (regeln/w100.txt › Handlungen und Positionierung)
    """
    k = kampf[name]
    for wert in (angriffshandlungen, bewegungen):
        if wert is not None and (int(wert) != wert or wert < 0 or wert > 20):
            raise W100Fehler(f"{name}: Handlungen je Zug als ganze Zahl von 0 bis 20 angeben.")
    angriffshandlungen = None if angriffshandlungen is None else int(angriffshandlungen)
    bewegungen = None if bewegungen is None else int(bewegungen)
    o = kampf.optionen
    angriffe = _handlungen_text(angriffshandlungen, o.angriffshandlungen_pro_zug,
                                "Angriffshandlung", "Angriffshandlungen")
    wege = _handlungen_text(bewegungen, o.bewegungen_pro_zug, "Bewegungshandlung", "Bewegungshandlungen")
    vorher = (f"{k.angriffshandlungen_erlaubt(o)} und {k.bewegungen_erlaubt(o)}")
    return Ereignis("handlungen", {"name": name, "angriffshandlungen": angriffshandlungen,
                                   "bewegungen": bewegungen},
                    regel=REGEL_HANDLUNGEN,
                    text=f"{name} hat je Zug {angriffe} und {wege} (vorher {vorher}).")


def _wert_text(wert: Any) -> str:
    """Einstellungswert für Menschen: an/aus statt True/False."""
    if isinstance(wert, bool):
        return "an" if wert else "aus"
    return f"= {wert}"


# --------------------------------------------------------------------------- Anwenden



def _an_initiative(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    if kampf.runde != 0:
        raise W100Fehler("Die Initiative ist schon bestimmt.")
    return _neu(_initiative_setzen(kampf, d["werte"]), runde=1)


def _an_ergreifen(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    if kampf.zuege_gesamt > 0:
        raise W100Fehler("Initiative Ergreifen geht nur vor dem ersten Zug.")
    kampf[d["name"]]
    return _neu(kampf, vorrang=d["name"])


def _an_ergreifen_verzicht(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    if not ergreifen_offen(kampf):
        raise W100Fehler("„Initiative Ergreifen“ ist nicht offen.")
    return _neu(kampf, ergreifen_verzichtet=True)


def _an_zug_beginn(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    name = d["name"]
    if naechster(kampf) != name or kampf.am_zug is not None:
        raise W100Fehler(f"{name} ist nicht an der Reihe.")
    i = kampf.platz(name)
    k = kampf.kaempfer[i]
    k = _kaempfer_neu(k, bewegungen=0, angriffshandlungen=0, waffen_in_aktion=(),
                      parade_gebunden=k.parade_gebunden if kampf.optionen.parade_bis_rundenende else 0)
    vorrang = None if kampf.vorrang == name else kampf.vorrang
    return _folgezustand(kampf, _ersetzt(kampf.kaempfer, i, k), kampf._stehend,
                         am_zug=name, vorrang=vorrang)


def _an_zug_ende(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    name = d["name"]
    if kampf.am_zug != name:
        raise W100Fehler(f"{name} ist nicht am Zug.")
    i = kampf.platz(name)
    k = kampf.kaempfer[i]
    k = _kaempfer_neu(k, initiative=(k.initiative or 0) - INITIATIVE_KOSTEN, zuege=k.zuege + 1,
                      waffen_in_aktion=())
    return _folgezustand(kampf, _ersetzt(kampf.kaempfer, i, k), kampf._stehend,
                         am_zug=None, zuege_gesamt=kampf.zuege_gesamt + 1)


def _an_neue_runde(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    if not runde_vorbei(kampf):
        raise W100Fehler("Die Runde ist noch nicht vorbei.")
    o = kampf.optionen
    neu = []
    lp_gleich = True
    for k in kampf.kaempfer:
        assert k.flee is not None
        flee = flee_nach_runde(k.flee, k.flee_max, k.flee_regeneration, o)
        lp_delta, effekte = 0, k.effekte
        if effekte:
            lp_delta = sum(e.lp_pro_runde for e in effekte)
            effekte = tuple(replace(e, runden=e.runden - 1) for e in effekte if e.runden > 1)
        # gespeicherte Reihenfolge: derselbe Wurf, der Bonus mit den Effekten, die jetzt
        # ticken (wie beim Neuwürfeln, das vor dem Ticken gewürfelt wird)
        initiative = k.initiative_naechste_runde
        assert k.lp is not None
        lp = min(k.lp_max, k.lp + lp_delta)
        lp_gleich = lp_gleich and lp == k.lp
        k = _kaempfer_neu(k, lp=lp, flee=flee, effekte=effekte, parade_gebunden=0, zuege=0,
                          initiative=initiative)
        neu.append(k)
    # ohne Effekte auf die Lebenspunkte bleibt stehen, wer stand
    kampf = _folgezustand(kampf, tuple(neu), kampf.kampffaehige() if lp_gleich else None, runde=int(d["runde"]))
    if "werte" in d:
        kampf = _initiative_setzen(kampf, d["werte"])
    return kampf


def _an_bewegung(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    k = _pruefe_am_zug(kampf, d["name"])
    # Eine Bewegung schließt die laufende Angriffshandlung ab.
    k = _kaempfer_neu(k, position=(float(d["nach"][0]), float(d["nach"][1])),
                      bewegungen=k.bewegungen + 1, waffen_in_aktion=())
    return _mit(kampf, k, kampf._stehend)


def _an_angriff(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    a = _pruefe_am_zug(kampf, d["angreifer"])
    # jeder Beteiligte wird einmal kopiert, mit allen Änderungen dieses Angriffs
    neue_aktion = d["neue_aktion"]
    if d.get("handlung_endet"):
        # Patzerfolge „angriffshandlung“: die Angriffshandlung ist abgeschlossen (wie nach einer Bewegung)
        in_aktion: tuple[str, ...] = ()
    elif neue_aktion:
        in_aktion = (d["waffe"],)
    else:
        in_aktion = a.waffen_in_aktion + (d["waffe"],)
    handlungen = a.angriffshandlungen + 1 if neue_aktion else a.angriffshandlungen
    iz = kampf.platz(d["ziel"])
    if d["ziel"] == a.name:
        a = z = _kaempfer_neu(a, angriffshandlungen=handlungen, waffen_in_aktion=in_aktion)
    else:
        z = kampf.kaempfer[iz]
    punkte = int(d["abwehr_punkte"])
    flee, parade = z.flee, z.parade_gebunden
    abwehr = d["abwehr"]
    if abwehr == AUSWEICHEN:
        if punkte > (z.flee or 0):
            raise W100Fehler(f"{z.name} hat nicht genug Flee ({z.flee}) für {punkte} Punkte.")
        flee = (z.flee or 0) - punkte
    elif abwehr == PARADE:
        if punkte > z.parade_frei:
            raise W100Fehler(f"{z.name} hat nur {z.parade_frei} freie Punkte Nahkampf-OB zur Parade.")
        parade = z.parade_gebunden + punkte
    assert z.lp is not None
    z = _kaempfer_neu(z, flee=flee, parade_gebunden=parade, lp=min(z.lp_max, z.lp - int(d["schaden"])))
    stehend = kampf._stehend
    if stehend is not None:
        steht = z.kampffaehig(kampf.optionen)
        if steht != stehend[iz]:
            stehend = _ersetzt(stehend, iz, steht)
    if z.name == a.name:
        return _folgezustand(kampf, _ersetzt(kampf.kaempfer, iz, z), stehend)
    a = _kaempfer_neu(a, angriffshandlungen=handlungen, waffen_in_aktion=in_aktion)
    kaempfer = list(kampf.kaempfer)  # beide an ihrem Platz ersetzt (wie _ersetzt zweimal)
    kaempfer[kampf.platz(a.name)] = a
    kaempfer[iz] = z
    return _folgezustand(kampf, tuple(kaempfer), stehend)


def _an_effekt(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    k = kampf[d["name"]]
    eff = Effekt(d["effekt"], int(d["runden"]), int(d.get("lp_pro_runde", 0)),
                 int(d.get("initiative_mod", 0)))
    return _mit(kampf, _kaempfer_neu(k, effekte=k.effekte + (eff,)), kampf.kampffaehige())


def _an_lp(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    return _mit(kampf, _lp_aendern(kampf[d["name"]], int(d["aenderung"])))


def _an_ausfall(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    return _mit(kampf, _kaempfer_neu(kampf[d["name"]], ausgefallen=bool(d["ausgefallen"])))


def _an_handlungen(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    return _mit(kampf, _kaempfer_neu(kampf[d["name"]], angriffshandlungen_je_zug=d["angriffshandlungen"],
                                     bewegungen_je_zug=d["bewegungen"]), kampf._stehend)


def _an_optionen(kampf: Kampf, d: Mapping[str, Any]) -> Kampf:
    return replace(kampf, optionen=Optionen.aus_dict(d["optionen"]))


_ANWENDUNG = {
    "initiative": _an_initiative, "ergreifen": _an_ergreifen, "zug_beginn": _an_zug_beginn,
    "zug_ende": _an_zug_ende, "neue_runde": _an_neue_runde, "bewegung": _an_bewegung,
    "angriff": _an_angriff, "effekt": _an_effekt, "lp": _an_lp, "ausfall": _an_ausfall,
    "optionen": _an_optionen, "handlungen": _an_handlungen, "ergreifen_verzicht": _an_ergreifen_verzicht,
}
"""Ereignisart → ihre Anwendung (Zustand, Daten → neuer Zustand)."""


def anwenden(kampf: Kampf, ereignis: Ereignis) -> Kampf:
    """Wendet ein Ereignis an und gibt den neuen Kampf zurück (rein; ``kampf`` bleibt unverändert)."""
    anwendung = _ANWENDUNG.get(ereignis.art)
    if anwendung is None:
        raise W100Fehler(f"Unbekanntes W100-Ereignis „{ereignis.art}“.")
    return anwendung(kampf, ereignis.daten)


# --------------------------------------------------------------------------- Ansicht


def initiative_leiter(kampf: Kampf) -> list[dict[str, Any]]:
    """Die Initiativepunkte-Leiter: wer jetzt handelt, wer noch einmal, wer nicht mehr."""
    jetzt = naechster(kampf)
    zeilen = []
    for k in reihenfolge(kampf):
        if not k.kampffaehig(kampf.optionen):
            status = "kampfunfähig"
        elif k.name == kampf.am_zug:
            status = "am Zug"
        elif k.name == jetzt:
            status = "als Nächstes"
        elif k.zuege_uebrig > 1:
            status = f"noch {k.zuege_uebrig} Züge"
        elif k.zuege_uebrig == 1:
            status = "noch ein Zug"
        else:
            status = "fertig für diese Runde"
        zeilen.append({
            "name": k.name, "seite": k.seite, "initiative": k.initiative,
            "zuege_uebrig": k.zuege_uebrig, "status": status,
            "lp": k.lp, "lp_max": k.lp_max, "flee": k.flee, "flee_max": k.flee_max,
            "parade_frei": k.parade_frei,
            "x": k.position[0], "y": k.position[1],
        })
    return zeilen


