"""Der Aloran-Kurs: ein geführter Schlagabtausch, Übungen, Fallen, Glossar, Kurzreferenz.

Brann gegen einen Ork-Krieger: jeder Schritt ist ein Ereignis der Bibliothek (dieselben Bauer
und dasselbe ``anwenden`` wie im Live-Notebook); die W10 sind eingetippt, damit alle Lernenden
dieselbe Geschichte erleben. Was sie bewirken, rechnet die Bibliothek aus.
"""

from __future__ import annotations

from gm_helfer.diagramme import prozent
from gm_helfer.lehre import Aufgabe, Falle, Schritt, kurzreferenz_html
from gm_helfer.protokoll import Verlauf

from .. import kampf as ak
from .. import proben
from ..chancen import patzer_chance, pool_chancen
from ..daten import KATEGORIE_ANZEIGE
from ..werte import Kampfwerte, Waffe

__all__ = ["BRANN", "GLOSSAR", "KURZREFERENZ", "ORK", "VERTEIDIGUNG_WAHL", "aufgaben", "fallen", "kurzreferenz",
           "schlagabtausch"]

_ATTRIBUTE = ("aufmerksamkeit", "gewandtheit", "instinkt", "athletik", "geschick", "wahrnehmung",
              "koerperbeherrschung", "konstitution", "mut", "intuition", "klugheit", "willenskraft")

BRANN = Kampfwerte(
    name="Brann", seite="Helden", attribute=dict(zip(_ATTRIBUTE, (3, 3, 2, 4, 2, 2, 3, 4, 3, 2, 2, 3))),
    spezialisierungen={"schwert": 4, "faust": 2}, waffen=(Waffe("Langschwert", "schwert", "Hieb", "1W6+3"),),
    ruestung=(2, 3, 2, 3, 2, 2, 2), ruestungsbehinderung=1, ausdauer=16,
)
"""Brann, Krieger mit dem Langschwert (Schwert-Meisterschaft 4: Schwierigkeit 6)."""

ORK = Kampfwerte(
    name="Ork-Krieger", seite="Gegner", attribute=dict(zip(_ATTRIBUTE, (2, 2, 3, 4, 2, 2, 2, 4, 3, 1, 1, 2))),
    spezialisierungen={"axt": 3, "faust": 2}, waffen=(Waffe("Kriegsaxt", "axt", "Hieb", "1W6+4"),),
    ruestung=(1, 2, 1, 1, 2, 1, 1), ruestungsbehinderung=1, ausdauer=16,
)
"""Der Ork-Krieger der Beispielbögen, Axt 3."""

VERTEIDIGUNG_WAHL = {
    "mit der Kriegsaxt parieren": "Parade: Kriegsaxt",
    "ausweichen": "Ausweichen",
    "nicht verteidigen (Verteidigungsaktion sparen)": None,
}

# Eingetippte Würfel: W10 (0 = 10) in dieser Reihenfolge, so viele, wie der Pool hat.
_INITIATIVE = {"Brann": "7", "Ork-Krieger": "3"}
_ANGRIFF = (0, 9, 7, 6, 8, 1, 3, 2, 5, 4)
_VERTEIDIGUNG = (8, 7, 2, 9, 5, 1, 3, 4, 6, 2)
_ZONE = "12"
_SCHADEN = "4"


def _augen(folge: tuple[int, ...], anzahl: int) -> str:
    return " ".join(str(folge[i % len(folge)]) for i in range(anzahl))


def schlagabtausch(verteidigung_wahl: str) -> tuple[list[Schritt], Verlauf]:
    """Initiative, Runde 1, Branns Attacke gegen die gewählte Verteidigung des Orks (ein Schlüssel von
    :data:`VERTEIDIGUNG_WAHL`), Vergleich, Trefferzone, Wunden, wer als Nächstes dran ist."""
    verteidigung = VERTEIDIGUNG_WAHL[verteidigung_wahl]
    v = Verlauf(ak.neuer_kampf([BRANN, ORK]), ak.anwenden)
    schritte: list[Schritt] = []
    v.ausfuehren(ak.initiative_ereignis(v.zustand, augen=_INITIATIVE))
    v.ausfuehren(ak.runde_ereignis(v.zustand))
    schritte.append(Schritt(
        "1. Initiative",
        "Die Initiative bestimmt die Kampfrunden-Reihenfolge der Beteiligten. […] AUFMERKSAMKEIT + GEWANDHEIT + "
        "INSTINKT + Modifikatoren − Rüstungsbehinderung = INITIATIVE (+ 1W10)",
        v.ereignisse[-2].text,
        f"Am Zug: {' und '.join(ak.am_zug(v.zustand))} – die höchste Initiative handelt zuerst.",
    ))
    vorschauen = {name: ak.vorschau(v.zustand, "Brann", "Ork-Krieger", "Langschwert", art)
                  for name, art in VERTEIDIGUNG_WAHL.items()}
    gewaehlt = vorschauen[verteidigung_wahl]
    la = gewaehlt.lage
    augen = {"angriff": _augen(_ANGRIFF, la.angriff_pool), "zone": _ZONE, "schaden": _SCHADEN}
    if gewaehlt.verteidigt:
        augen["verteidigung"] = _augen(_VERTEIDIGUNG, la.verteidigung_pool)
    schritte.append(Schritt(
        "2. Deine Wahl: wie wehrt sich der Ork?",
        "GELINGEN: Ob eine Attacke die Parade ignoriert oder eine Parade die Attacke abwehrt, entscheidet sich "
        "durch einen Vergleich der erreichten Erfolge.",
        gewaehlt.text(),
        "Trefferchancen je Wahl: " + "; ".join(
            f"{name}: mindestens Streiftreffer {prozent(1 - c.chancen.kategorien.verfehlt)}"
            for name, c in vorschauen.items())
        + ". Wer nicht pariert, spart seine Verteidigungsaktion für einen späteren Angriff in dieser Runde.",
    ))
    v.ausfuehren(ak.angriff_ereignis(v.zustand, "Brann", "Ork-Krieger", "Langschwert", verteidigung, augen=augen))
    daten = v.ereignisse[-1].daten
    differenz = daten["angriff_netto"] - daten["verteidigung_netto"]
    schritte.append(Schritt(
        "3. Erfolge zählen und vergleichen",
        "Als Erfolg (E) gilt jeder Würfel, dessen geworfene Augenzahl größer oder gleich der für den Wurf geforderten "
        "Schwierigkeit ist. […] Eine Eins negiert jeweils einen Erfolg und eine 0 zählt doppelt.",
        v.ereignisse[-1].text,
        f"Netto-Erfolge: Angriff {daten['angriff_netto']}, Verteidigung {daten['verteidigung_netto']}; Differenz "
        f"{differenz} → {KATEGORIE_ANZEIGE[daten['kategorie']]}.",
    ))
    ork = v.zustand.kaempfer_namens("Ork-Krieger")
    zustand = f"Zustand des Orks: {ork.zustand_text(v.zustand.optionen)}."
    if "wunden" in daten:
        zone = proben.trefferzone(daten["zone_w20"]).name
        text = f"Trefferzone {zone} (W20 {daten['zone_w20']}): {daten['wunden']} Wunden. {zustand}"
        erklaerung = (f"Der Schadenswurf {daten['schaden_wurf']} wird zum {KATEGORIE_ANZEIGE[daten['kategorie']]}: "
                      f"{daten['schaden']} Schaden; die Rüstung der Zone geht ab, der Rest sind Wunden in dieser Zone.")
    else:
        text, erklaerung = f"Kein Treffer. {zustand}", ""
    schritte.append(Schritt(
        "4. Trefferzone, Rüstung und Wunden",
        "Vergleichswurf: 1 Streiftreffer – halber Schaden, 2–3 Treffer – Schaden, 4–5 schwerer Treffer – doppelter "
        "Schaden, 6+ tödlicher Treffer – dreifacher Schaden.",
        text, erklaerung,
    ))
    v.ausfuehren(ak.zug_ende_ereignis(v.zustand, "Brann"))
    naechste = ak.am_zug(v.zustand)
    schritte.append(Schritt(
        "5. Wer ist als Nächstes dran?",
        "Die Aktionsreihenfolge ergibt sich dann mit dem höchsten Wert, nachfolgend in absteigender Reihenfolge.",
        v.ereignisse[-1].text,
        f"Als Nächstes: {' und '.join(naechste)}." if naechste else "Alle haben gehandelt: die nächste Runde beginnt.",
    ))
    return schritte, v


def aufgaben() -> list[Aufgabe]:
    """Übungen, deren Antworten die Bibliothek ausrechnet."""
    netto = proben.netto_erfolge((10, 8, 7, 1, 3), 7)
    fuenf = pool_chancen(5, 7).gelingt
    kat = proben.kategorie(5 - 2)
    meister = next(n for n in range(0, 20) if proben.ist_meistertreffer(n, 3))
    anzeige = tuple(KATEGORIE_ANZEIGE[k] for k in ("verfehlt", "streiftreffer", "treffer", "schwerer_treffer",
                                                   "toedlicher_treffer"))
    return [
        Aufgabe("netto", "Gewürfelt: **0, 8, 7, 1, 3** gegen Schwierigkeit **7**. Wie viele **Netto-Erfolge**?",
                netto, "zahl", "Die 0 ist eine 10 und zählt doppelt (2), 8 und 7 je 1, die 1 nimmt einen weg: 2 + 1 + 1 − 1 = 3.",
                toleranz=0),
        Aufgabe("fuenf_w10", "Wie hoch ist die Chance, mit **5 W10** gegen Schwierigkeit **7** eine Probe zu schaffen "
                "(mindestens 2 Netto-Erfolge)? (in Prozent)", fuenf, "prozent",
                "Jeder W10 zeigt mit 3/10 einen Erfolg (7, 8, 9), mit 1/10 zwei (0) und mit 1/10 eine Eins. Die Bibliothek "
                "zählt alle 10⁵ Würfe ab."),
        Aufgabe("vergleich", "Angriff **5** Netto-Erfolge, Parade **2**. Was für ein Treffer?",
                KATEGORIE_ANZEIGE[kat], "wahl", "Differenz 3: „2–3 Treffer – Schaden“.", wahl=anzeige),
        Aufgabe("meister_3", "Talentstufe **3**: ab wie vielen Netto-Erfolgen gelingt ein **Meistertreffer**?",
                meister, "zahl", "„… wenn die Anzahl der Erfolge den Wert von 10 minus den Wert der Stufe … überschreitet“: "
                "über 7, also ab 8.", toleranz=0),
        Aufgabe("schwierigkeit_5", "Welche **Schwierigkeit** hat eine Waffenprobe mit Talentwert **5**?",
                proben.schwierigkeit(5), "zahl", "Meisterschaft: Talentwert 4 → 6, Talentwert 5 → 5.", toleranz=0),
        Aufgabe("patzer_2", "Talentstufe **2**: ab wie vielen Einsern ist der Wurf ein **Patzer**?",
                proben.patzerstufe(2), "zahl", "„… wenn die Zahl der gewürfelten Einser den Wert der Stufe des genutzten "
                "Talents erreicht oder übersteigt“: zwei Einser.", toleranz=0),
    ]


def fallen() -> list[Falle]:
    """Die typischen Fallen, jede mit Zahlen der Bibliothek."""
    zehn = proben.netto_erfolge((10,), 7)
    eins = proben.netto_erfolge((1, 8), 7)
    ein_erfolg = proben.gelingt(1)
    p1 = patzer_chance(8, 1)
    p3 = patzer_chance(8, 3)
    gs7, gs6 = pool_chancen(6, 7).gelingt, pool_chancen(6, 6).gelingt
    return [
        Falle("Die 0 auf dem W10 zählt doppelt",
              "Eine Eins negiert jeweils einen Erfolg und eine 0 zählt doppelt.",
              f"Eine 0 allein bringt {zehn} Erfolge; eine 8 mit einer 1 dagegen {eins}."),
        Falle("Ein Erfolg ist noch kein Gelingen",
              "Die Handlung ist dann erfolgreich durchgeführt, wenn der Wurf mindestens zwei Erfolge aufweist.",
              f"1 Netto-Erfolg: gelungen? {'ja' if ein_erfolg else 'nein'}. Im Vergleichswurf zählt aber die Differenz – "
              "dort reicht 1 mehr als der Gegner für einen Streiftreffer."),
        Falle("Niedrige Talentstufen patzen oft",
              "Ein „Patzer“ ist ein besonderer Misserfolg, der stattfindet, wenn die Zahl der gewürfelten Einser den Wert "
              "der Stufe des genutzten Talents erreicht oder übersteigt.",
              f"8 W10 mit Talentstufe 1: Patzer mit {prozent(p1)}; mit Talentstufe 3 nur {prozent(p3)}."),
        Falle("Meisterschaft senkt die Schwierigkeit",
              "Bei einem Talentwert von 4 Punkten in einer Waffen- oder Kampf-Spezialisierungen sinkt die "
              "Grundschwierigkeit auf 6 und bei einem Talentwert von 5 Punkten sinkt die Grundschwierigkeit auf 5.",
              f"6 W10 schaffen eine Probe gegen 7 mit {prozent(gs7)}, gegen 6 mit {prozent(gs6)}."),
    ]


GLOSSAR: tuple[tuple[str, str], ...] = (
    ("Würfelpool", "So viele W10, wie Attribut + Spezialisierung angeben."),
    ("Erfolg (E)", "Ein Würfel, der die Schwierigkeit erreicht; die 0 (10) zählt doppelt, jede 1 nimmt einen weg."),
    ("Grundschwierigkeit (GS)", "7; mit Meisterschaft (Talentwert 4 oder 5) 6 oder 5."),
    ("Netto-Erfolge", "Erfolge nach Abzug der Einser, nie unter 0; gelungen ab 2."),
    ("Vergleichswurf", "Angriffs- minus Verteidigungs-Erfolge entscheidet: verfehlt bis tödlicher Treffer."),
    ("Standard-Attacke/-Parade", "Kampfattribut + Waffen-Spezialisierung, ohne Kosten."),
    ("Patzer", "So viele Einser wie die Talentstufe: W6 auf die Patzertabelle."),
    ("Meistertreffer", "Mehr Erfolge als 10 − Talentstufe: W6 auf die Meistertabelle."),
    ("Trefferzone", "Mit W20 bestimmt; die Rüstung der Zone wird vom Schaden abgezogen."),
    ("Wunden", "Schaden nach Rüstung; Schwellen je Zone als Vielfache der Konstitution."),
    ("Bonusaktion", "Eine zusätzliche Aktion, z. B. durch Schild, Zweitwaffe, Patzer oder Meistertreffer."),
    ("Ausdauer", "Waffenloser Schaden geht auf die Ausdauer; leer heißt bewusstlos."),
)

KURZREFERENZ: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Runde", (
        "Initiative = Aufmerksamkeit + Gewandtheit + Instinkt + Modifikatoren − Rüstungsbehinderung + 1W10.",
        "Höchste Initiative handelt zuerst; je Runde 1 Bewegung, 1 Kampf, 1 Verteidigung, 1 Interaktion.",
    )),
    ("Proben", (
        "Pool aus W10 gegen die Schwierigkeit (meist 7); 0 zählt doppelt, 1 nimmt einen Erfolg weg.",
        "Gelungen ab 2 Netto-Erfolgen. Meisterschaft: Talentwert 4 → 6, 5 → 5.",
        "Patzer: Einser ≥ Talentstufe. Meistertreffer: Erfolge > 10 − Talentstufe.",
    )),
    ("Attacke gegen Parade", (
        "Differenz der Netto-Erfolge: 0 verfehlt, 1 Streiftreffer (½), 2–3 Treffer, 4–5 schwer (×2), 6+ tödlich (×3).",
        "Attacke von hinten: Parade um die halbe Geschick-Stufe des Angreifers erschwert.",
        "Ausweichen gegen Attacken und physische Zauber, Willenskraft gegen geistige Zauber.",
    )),
    ("Treffer", (
        "Trefferzone mit W20; Schaden minus Rüstung der Zone ergibt die Wunden dort.",
        "Wundschwellen je Zone als Vielfache der Konstitution; die Wundtabellen nach Schadensart.",
    )),
)


def kurzreferenz() -> str:
    """Die Aloran-Kampfregeln auf einer Seite zum Ausdrucken (HTML)."""
    return kurzreferenz_html("Aloran – Kampf auf einer Seite", KURZREFERENZ, GLOSSAR)
