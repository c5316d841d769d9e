"""Der Savage-Worlds-Kurs: ein geführter Schlagabtausch, Übungen und die typischen Fallen.

Jeder Schritt ruft die Regelfunktionen auf, die auch das Live-Notebook benutzt
(:mod:`gm_helfer.savage_worlds.kampf`, :mod:`gm_helfer.savage_worlds.chancen`); hier steht
nur, *welche* Lage erklärt wird, nie eine Regel. Die Würfel des geführten Schlagabtauschs
sind eingetippt (wie am Tisch), damit jeder Lernende dieselbe Geschichte erlebt – was sie
bewirken, rechnet die Bibliothek aus.
"""

from __future__ import annotations

from gm_helfer import protokoll
from gm_helfer import text as _text
from gm_helfer.diagramme import prozent
from gm_helfer.lehre import Aufgabe, Falle, Schritt, kurzreferenz_html
from gm_helfer.savage_worlds import chancen as swc
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.daten import Waffe
from gm_helfer.savage_worlds.proben import Probe, bewerten, eigenschaft
from gm_helfer.savage_worlds.schaden import schaden_auswerten, wegstecken_auswerten
from gm_helfer.text import zahl

__all__ = ["GLOSSAR", "HELD", "KURZREFERENZ", "SCHURKE", "aufgaben", "fallen", "kurzreferenz", "schlagabtausch"]


def _eig(**werte: str) -> tuple[tuple[str, object], ...]:
    return tuple((n, eigenschaft(w)) for n, w in werte.items())


HELD = k.Kaempfer(
    "Brakka", "Helden", True,
    attribute=_eig(geschicklichkeit="W6", staerke="W10", konstitution="W8", willenskraft="W6", verstand="W6"),
    fertigkeiten=_eig(kaempfen="W8"), parade=6, robustheit=7,
    waffen=(Waffe("Langschwert", "Nahkampf", "St+W8"),), bennies=3,
)
"""Die Heldin des Schlagabtauschs: eine Wildcard mit Kämpfen W8 und Stärke W10."""

SCHURKE = k.Kaempfer(
    "Baron Ulrich", "Schurken", True,
    attribute=_eig(geschicklichkeit="W8", staerke="W8", konstitution="W8", willenskraft="W8", verstand="W6"),
    fertigkeiten=_eig(kaempfen="W8"), parade=6, robustheit=8,
    waffen=(Waffe("Rapier", "Nahkampf", "St+W4", parade=1),), bennies=2,
)
"""Der Gegner: ebenfalls eine Wildcard, Robustheit 8 (mit Rüstung)."""

# Was am Tisch gefallen ist (eingetippt): Karten und Würfel der Geschichte.
_KARTEN = {"Brakka": ["K♥"], "Baron Ulrich": ["7♣"]}
_ANGRIFF = "8+4, 3"          # W8 explodiert: 8 + 4 = 12, Wildcard-Würfel 3
_SCHADEN = "7, 6, 5"         # W10 (Stärke), W8 (Langschwert), W6 Bonus für die Steigerung
_WEGSTECKEN = "6, 2"         # Konstitution W8 zeigt 6, Wildcard-Würfel 2
_ERHOLUNG = "5, 1"           # Willenskraft W8 zeigt 5, Wildcard-Würfel 1


def schlagabtausch(
    *, wegstecken: bool, benny_gegen_angeschlagen: bool
) -> tuple[list[Schritt], protokoll.Verlauf[k.Kampfzustand]]:
    """Ein ganzer Schlagabtausch von den Aktionskarten bis zu den Wunden und der nächsten Runde.

    Args:
        wegstecken: Baron Ulrich gibt einen Benny aus, um die Wunden wegzustecken (sonst behält er ihn).
        benny_gegen_angeschlagen: Baron Ulrich gibt an seinem Zug einen Benny aus, statt die
            Erholungsprobe zu würfeln.

    Returns:
        Die Schritte und den Verlauf: dieselben Ereignisse, die das Live-Notebook protokolliert hätte.
    """
    verlauf = protokoll.Verlauf(k.kampf_beginnen([HELD, SCHURKE]), k.anwenden)
    schritte: list[Schritt] = []

    def tun(ereignis: protokoll.Ereignis) -> k.Kampfzustand:
        return verlauf.ausfuehren(ereignis)

    tun(k.ereignis_runde(verlauf.zustand))
    tun(k.ereignis_karten(verlauf.zustand, eingetippt=_KARTEN))
    schritte.append(Schritt(
        "1. Aktionskarten",
        "Sobald die Karten ausgeteilt sind, zählt der Spielleiter vom Ass zur Zwei herunter, und jede Gruppe "
        "wickelt ihre Aktionen ab, wenn ihre Karte aufgerufen wird.",
        verlauf.ereignisse[-1].text,
        "Brakka hat den König, Baron Ulrich die Sieben: Brakka handelt zuerst.",
    ))

    tun(k.ereignis_am_zug(verlauf.zustand))
    z = verlauf.zustand
    werte = k.angriffs_werte(z, "Brakka", "Baron Ulrich", "Langschwert")
    c = swc.probe_chancen(werte["eigenschaft"], True, werte["modifikator"], werte["mindestwurf"])
    tun(k.ereignis_angriff(verlauf.zustand, "Brakka", "Baron Ulrich", "Langschwert", augen=_ANGRIFF))
    angriff = _probe(verlauf.ereignisse[-1])
    schritte.append(Schritt(
        "2. Angriff gegen die Parade",
        "Der Mindestwurf, um einen Gegner zu treffen, ist dessen Paradewert (2 plus halbes Kämpfen, bzw. 2 falls "
        "er Kämpfen nicht hat).",
        verlauf.ereignisse[-1].text,
        f"Vor dem Wurf: Kämpfen W8 mit Wildcard-Würfel gegen Parade {werte['mindestwurf']} trifft mit "
        f"{prozent(c.erfolg)}, mit Steigerung (+W6 Schaden) nur mit {prozent(c.steigerung)}. Gefallen ist "
        f"{angriff.ergebnis.gesamt}: {angriff.ergebnis.ergebnis} – der Würfel explodiert bei seiner Höchstzahl.",
    ))

    treffer = verlauf.zustand.offene_treffer[0]
    schadenswerte = k.schadens_werte(verlauf.zustand, treffer)
    sc = swc.schadens_chancen(schadenswerte["ausdruck"], schadenswerte["robustheit"], angeschlagen=False)
    tun(k.ereignis_schaden(verlauf.zustand, augen=_SCHADEN))
    offen = verlauf.zustand.offener_schaden
    schritte.append(Schritt(
        "3. Schaden gegen Robustheit",
        "Erreicht oder übersteigt der Schaden die Robustheit, dann ist der Gegner Angeschlagen (siehe unten). "
        "Für jede Steigerung über seiner Robustheit erleidet er eine Wunde.",
        verlauf.ereignisse[-1].text,
        f"{schadenswerte['ausdruck']} gegen Robustheit {schadenswerte['robustheit']}: {offen.wunden} "
        f"{'Wunde' if offen.wunden == 1 else 'Wunden'} und Angeschlagen. Vor dem Wurf hätte mindestens eine Wunde "
        f"{prozent(sc.mindestens_eine_wunde)} betragen.",
    ))

    baron = verlauf.zustand.kaempfer_namens("Baron Ulrich")
    modifikator = offen.vorher.wundabzug
    mit = swc.wegstecken_chancen(baron.attribut("konstitution"), offen.wunden, modifikator)
    if wegstecken:
        tun(k.ereignis_wegstecken(verlauf.zustand, "Baron Ulrich", augen=_WEGSTECKEN))
        bleiben = verlauf.zustand.kaempfer_namens("Baron Ulrich").wunden
        erklaerung = (f"Der Benny hat gewirkt: {bleiben} {'Wunde bleibt' if bleiben == 1 else 'Wunden bleiben'}. "
                      f"Alle Wunden weg wären mit {prozent(mit.alle_weg)} gewesen; im Mittel bleiben "
                      f"{zahl(mit.erwartete_wunden, 2)} Wunden. Ohne Benny wären es sicher {offen.wunden}.")
        text = verlauf.ereignisse[-1].text
    else:
        erklaerung = (f"Baron Ulrich behält seinen Benny und trägt {offen.wunden} Wunden. Hätte er weggesteckt: alle "
                      f"Wunden weg mit {prozent(mit.alle_weg)}, im Mittel blieben {zahl(mit.erwartete_wunden, 2)}.")
        tun(k.ereignis_verzicht(verlauf.zustand, "Baron Ulrich"))  # der Verzicht steht im Protokoll
        text = "Baron Ulrich steckt nicht weg und behält seinen Benny."
    schritte.append(Schritt(
        "4. Deine Wahl: Schaden wegstecken?",
        "Ein Charakter kann einen Bennie ausgeben, um Schaden wegzustecken. Dazu legt er eine Konstitutionsprobe "
        "ab (dabei greifen nur Wundabzüge aus vorherigen Wunden, nicht die der Wunden, die er gerade abzubauen "
        "versucht). Pro Erfolg und Steigerung sinkt die Zahl der Wunden um eins.",
        text, erklaerung,
    ))

    tun(k.ereignis_fertig(verlauf.zustand))
    tun(k.ereignis_am_zug(verlauf.zustand))
    baron = verlauf.zustand.kaempfer_namens("Baron Ulrich")
    erholung = swc.erholung_chancen(baron.attribut("willenskraft"), baron.wundabzug)
    if not baron.angeschlagen:
        text, erklaerung = "Baron Ulrich ist nicht mehr Angeschlagen und handelt normal.", ""
    elif benny_gegen_angeschlagen:
        tun(k.ereignis_benny(verlauf.zustand, "Baron Ulrich"))
        text = verlauf.ereignisse[-1].text
        erklaerung = (f"Sicher: der Benny wirkt wie eine Steigerung. Gewürfelt hätte Baron Ulrich mit Willenskraft W8 "
                      f"und Wundabzug {_vorzeichen(baron.wundabzug)} nur mit "
                      f"{prozent(erholung['erholt, handelt normal'])} sofort "
                      "normal handeln dürfen.")
    else:
        tun(k.ereignis_erholung(verlauf.zustand, "Baron Ulrich", augen=_ERHOLUNG))
        text = verlauf.ereignisse[-1].text
        probe = _probe(verlauf.ereignisse[-1]).ergebnis
        danach = verlauf.zustand.kaempfer_namens("Baron Ulrich")
        folge = ("bleibt Angeschlagen" if danach.angeschlagen
                 else "erholt sich, darf in dieser Runde aber nur freie Aktionen ausführen"
                 if "Baron Ulrich" in verlauf.zustand.nur_freie_aktionen else "erholt sich und handelt normal")
        erklaerung = (f"Gesamt {probe.gesamt} mit Wundabzug {_vorzeichen(baron.wundabzug)}: {probe.ergebnis} – Baron Ulrich "
                      f"{folge}. Chancen vorher: bleibt Angeschlagen "
                      f"{prozent(erholung['bleibt Angeschlagen'])}, nur freie Aktionen "
                      f"{prozent(erholung['erholt, nur freie Aktionen'])}, handelt normal "
                      f"{prozent(erholung['erholt, handelt normal'])}. Ein Benny hätte sicher gewirkt.")
    schritte.append(Schritt(
        "5. Deine Wahl: Erholungsprobe oder Benny?",
        "Wenn ein Angeschlagener Charakter an der Reihe ist, muss er eine Erholungsprobe ablegen. Diese wird mit "
        "Willenskraft gegen den festen MW 4 abgelegt. […] Ein Charakter kann jederzeit einen Bennie ausgeben, um "
        "nicht mehr Angeschlagen zu sein.",
        text, erklaerung,
    ))

    tun(k.ereignis_fertig(verlauf.zustand))
    ende = verlauf.zustand
    baron = ende.kaempfer_namens("Baron Ulrich")
    lage = (f"Baron Ulrich hat {baron.wunden} {'Wunde' if baron.wunden == 1 else 'Wunden'} "
            f"(−{baron.wunden} auf alle Proben), {baron.bennies} {'Benny' if baron.bennies == 1 else 'Bennies'}"
            f"{', ist Angeschlagen' if baron.angeschlagen else ''}. Niemand ist mehr an der Reihe: "
            "die nächste Runde beginnt mit neuen Karten.")
    schritte.append(Schritt(
        "6. Ende der Runde",
        "Wer gehandelt hat, der wirft seine Aktionskarte auf einen Ablagestapel.",
        lage,
    ))
    return schritte, verlauf


def _probe(ereignis: protokoll.Ereignis) -> Probe:
    return Probe.aus_dict(ereignis.daten["probe"])


_vorzeichen = _text.vorzeichen


def aufgaben() -> list[Aufgabe]:
    """Übungen, deren Antworten die Bibliothek ausrechnet."""
    w8 = swc.probe_chancen("W8", wildcard=True, mindestwurf=6)
    statist = swc.probe_chancen("W6", wildcard=False, mindestwurf=5)
    w4_steig = swc.probe_chancen("W4", wildcard=True, mindestwurf=4)
    viel = schaden_auswerten(15, 7, angeschlagen=False)
    doppelt = schaden_auswerten(8, 7, angeschlagen=True)
    weg = wegstecken_auswerten(bewerten(9, 4))
    return [
        Aufgabe("w8_wildcard", "Wie hoch ist die Chance, mit **W8 und Wildcard-Würfel** eine **6** zu schaffen? (in Prozent)",
                w8.erfolg, "prozent",
                "Der höhere Würfel zählt, also verfehlt die Probe nur, wenn beide verfehlen: der W8 mit 5/8 (1–5), "
                "der W6 mit 5/6 (1–5; eine explodierte 6 ist mindestens 6). 1 − 5/8 · 5/6 = 23/48."),
        Aufgabe("statist_w6",
                "Ein **Statist** mit Kämpfen **W6** greift **Parade 5** an. Wie hoch ist seine Trefferchance? (in Prozent)",
                statist.erfolg, "prozent",
                "Statisten haben keinen Wildcard-Würfel: 5 oder 6 auf dem W6, und eine explodierte 6 trifft sowieso."),
        Aufgabe("w4_steigerung",
                "Mit **W4 und Wildcard-Würfel** gegen **MW 4**: wie oft gelingt eine **Steigerung** (8 oder mehr)? "
                "(in Prozent)",
                w4_steig.steigerung, "prozent",
                "Eine 8 braucht Explosionen: der W4 explodiert bei 4, der W6 bei 6. Steigerungen gibt es also "
                "auch mit kleinen Würfeln."),
        Aufgabe("wunden_15_7",
                "Schaden **15** gegen **Robustheit 7**, das Ziel ist **nicht** Angeschlagen. Wie viele **Wunden**?",
                viel.wunden, "zahl",
                "15 − 7 = 8 über der Robustheit: zwei volle Steigerungen, also zwei Wunden (und Angeschlagen)."),
        Aufgabe("angeschlagen_auf_angeschlagen",
                "Schaden **8** gegen **Robustheit 7**, das Ziel ist **schon Angeschlagen**. Wie viele **Wunden**?",
                doppelt.wunden, "zahl",
                "Ein einfacher Erfolg auf ein schon Angeschlagenes Ziel macht eine Wunde: „Falls er bereits "
                "Angeschlagen war, erleidet er stattdessen eine Wunde und bleibt Angeschlagen.“"),
        Aufgabe("wegstecken_9",
                "Der Held steckt 3 Wunden weg und würfelt bei der Konstitutionsprobe eine **9**. "
                "Wie viele Wunden **verschwinden**?",
                weg, "zahl",
                "9 ist ein Erfolg mit einer Steigerung (ab 8): „Pro Erfolg und Steigerung sinkt die Zahl der Wunden um eins.“"),
        Aufgabe("ausbluten_wann", "Wann legt ein ausblutender Charakter seine Konstitutionsprobe ab?",
                "Am Anfang jeder Runde, vor den Aktionskarten",
                "wahl",
                "„Der verwundete Charakter muss am Anfang jeder weiteren Runde, noch bevor Aktionskarten ausgeteilt "
                "werden, eine Konstitutionsprobe ablegen.“",
                wahl=("Wenn seine Karte aufgerufen wird", "Am Anfang jeder Runde, vor den Aktionskarten",
                      "Am Ende jeder Runde")),
    ]


def fallen() -> list[Falle]:
    """Die typischen Fallen, jede mit Zahlen der Bibliothek."""
    w4 = swc.probe_chancen("W4", wildcard=False, mindestwurf=6)
    w6 = swc.probe_chancen("W6", wildcard=False, mindestwurf=6)
    mit = schaden_auswerten(8, 7, angeschlagen=True)
    ohne = schaden_auswerten(8, 7, angeschlagen=False)
    drei = schaden_auswerten(19, 7, angeschlagen=True)
    krit = swc.probe_chancen("W8", wildcard=True, mindestwurf=4)
    return [
        Falle("Explodierende Würfel: ein W4 ist nicht immer schlechter als ein W6 gegen eine 6",
              "Alle Schadenswürfel […] können explodieren. / Zeigt der Würfel die Höchstzahl, wird er noch einmal geworfen.",
              f"Gegen MW 6 trifft ein W4 mit {prozent(w4.erfolg)} (4 + mindestens 2), ein W6 mit {prozent(w6.erfolg)}: "
              "der W4 braucht eine Explosion, der W6 nur die 6."),
        Falle("Der Wildcard-Würfel ersetzt, er addiert nicht",
              "Der Wildcard-Würfel ersetzt entweder einen der normalen Fertigkeitswürfel oder er fällt weg.",
              f"W8 mit Wildcard-Würfel gegen 4: {prozent(krit.erfolg)} Erfolg; ein kritischer Fehlschlag (beide "
              f"zeigen eine 1) mit {prozent(krit.kritischer_fehlschlag)}."),
        Falle("Angeschlagen auf Angeschlagen macht eine Wunde",
              "Falls er bereits Angeschlagen war, erleidet er stattdessen eine Wunde und bleibt Angeschlagen.",
              f"Schaden 8 gegen Robustheit 7: ein frisches Ziel ist nur Angeschlagen ({_wunden(ohne.wunden)}), "
              f"ein schon Angeschlagenes bekommt {_wunden(mit.wunden)}."),
        Falle("Steigerungen zählen nicht doppelt, wenn das Ziel schon Angeschlagen ist",
              "(Er erleidet jedoch keine zusätzliche Wunde, falls er bereits Angeschlagen war.)",
              f"Schaden 19 gegen Robustheit 7 (12 darüber, drei Steigerungen) auf ein Angeschlagenes Ziel: "
              f"{_wunden(drei.wunden)} – nicht eine mehr fürs Angeschlagensein."),
    ]


def _wunden(n: int) -> str:
    return "keine Wunde" if n == 0 else "1 Wunde" if n == 1 else f"{n} Wunden"


GLOSSAR: tuple[tuple[str, str], ...] = (
    ("Aktionskarte", "Pokerkarte, die jede Runde die Reihenfolge bestimmt; vom Ass zur Zwei wird heruntergezählt."),
    ("Joker", "Handelt, wann er will, und bekommt +2 auf alle Proben und Schaden dieser Runde; danach wird gemischt."),
    ("Abwarten", "Die Aktion zurückhalten und später handeln oder jemanden unterbrechen; die Karte bleibt."),
    ("Wildcard", "Held oder wichtiger Schurke: würfelt den Wildcard-Würfel mit, hat Bennies, verträgt drei Wunden."),
    ("Statist", "Nebenfigur ohne Wildcard-Würfel; bei der ersten Wunde aus dem Spiel."),
    ("Wildcard-Würfel", "Ein zusätzlicher explodierender W6; das höhere Ergebnis zählt."),
    ("Explodieren", "Zeigt ein Würfel seine Höchstzahl, wird er noch einmal geworfen und addiert – ohne Grenze."),
    ("Mindestwurf (MW)", "Die Zahl, die eine Probe erreichen muss, meist 4; im Nahkampf die Parade des Ziels."),
    ("Steigerung", "Je volle 4 über dem Mindestwurf; beim Angriff +W6 Schaden, beim Schaden je eine Wunde."),
    ("Parade", "2 + halbes Kämpfen (+ Schild): der Mindestwurf für Nahkampfangriffe."),
    ("Robustheit", "2 + halbe Konstitution + Rüstung: Schaden ab hier macht Angeschlagen."),
    ("Angeschlagen", "Benommen: an der Reihe erst eine Erholungsprobe (Willenskraft gegen 4) oder ein Benny."),
    ("Wunde", "Je −1 auf Proben und Bewegungsweite (höchstens −3); die vierte setzt Außer Gefecht."),
    ("Außer Gefecht", "Kampfunfähig: sofort Konstitutionsprobe mit Wundabzug – Tod, Verletzung, Ausbluten."),
    ("Ausbluten", "Zu Beginn jeder Runde, vor den Karten, eine Konstitutionsprobe; Fehlschlag ist der Tod."),
    ("Benny", "Glückspunkt: Schaden wegstecken, eine Probe wiederholen, Angeschlagen beenden."),
    ("Wegstecken", "Benny + Konstitutionsprobe: jeder Erfolg und jede Steigerung nimmt eine Wunde dieses Angriffs."),
)

KURZREFERENZ: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Runde", (
        "Jede Wildcard eine Karte, jede Gruppe gleicher NSCs eine Karte; Verbündete auf der Karte ihres Spielers.",
        "Vom Ass zur Zwei herunterzählen; Gleichstand: Pik vor Herz vor Karo vor Kreuz.",
        "Nach einer Runde mit Joker wird gemischt.",
        "Ausbluten: am Anfang jeder Runde, noch vor den Karten.",
    )),
    ("Proben", (
        "Eigenschaftswürfel (+ Wildcard-Würfel bei Wildcards), beide explodieren, der höhere zählt.",
        "Erfolg ab MW 4 (Nahkampf: Parade), je volle 4 darüber eine Steigerung.",
        "Beide Würfel eine natürliche 1: kritischer Fehlschlag.",
        "Jede zusätzliche Aktion: −2 auf alle Proben der Runde; dieselbe Aktion nicht zweimal.",
    )),
    ("Angriff", (
        "Nahkampf: Kämpfen gegen Parade. Fernkampf: Schießen gegen 4, mittel −2, lang −4.",
        "Deckung −1/−2/−4/−6, Beleuchtung −1/−2/−4.",
        "Steigerung beim Angriff: +1W6 Bonusschaden (auch explodierend), nur einmal.",
    )),
    ("Schaden", (
        "Nahkampf: Stärkewürfel + Waffenwürfel; Fernkampf fester Schaden; alle Würfel explodieren.",
        "Unter Robustheit: nichts. Erreicht: Angeschlagen (schon Angeschlagen: eine Wunde).",
        "Je Steigerung über Robustheit eine Wunde (und Angeschlagen), keine zusätzliche fürs Angeschlagensein.",
        "Statisten sind bei der ersten Wunde aus dem Spiel; Wildcards bei der vierten Außer Gefecht.",
    )),
    ("Angeschlagen", (
        "An der Reihe: Willenskraft gegen 4. Fehlschlag: bleibt, nur freie Aktionen.",
        "Erfolg: erholt, diese Runde nur freie Aktionen. Steigerung: erholt und handelt normal.",
        "Ein Benny beendet Angeschlagen jederzeit (an der Reihe: wie eine Steigerung).",
    )),
    ("Wegstecken und Außer Gefecht", (
        "Wegstecken: Benny, Konstitution mit den Abzügen früherer Wunden; je Erfolg und Steigerung eine Wunde weniger.",
        "Nur einmal je Angriff – aber die Probe darf mit einem weiteren Benny wiederholt werden.",
        "Außer Gefecht: Konstitution mit Wundabzug. ≤ 1 Tod; Fehlschlag dauerhafte Verletzung und Ausbluten; "
        "Erfolg Verletzung bis zur Heilung; Steigerung Verletzung für 24 Stunden.",
    )),
)


def kurzreferenz() -> str:
    """Die Savage-Worlds-Kampfregeln auf einer Seite zum Ausdrucken (HTML)."""
    return kurzreferenz_html("Savage Worlds – Kampf auf einer Seite", KURZREFERENZ, GLOSSAR)
