"""Verteidigung auf dem Zeitstrahl: Reaktionszeit, Reaktionsfenster, Verteidigungswerte,
Folgen eines Blocks (aus ``kampf.py`` gelöst; die alten Namen stehen weiter dort).

Regeltext ``regeln/zeitstrahl.txt``, „Verteidigung“, „Reaktionen“, „Verschieben von
Kampfwerten“ und „Kontern“.
"""

from __future__ import annotations

from dataclasses import dataclass

from gm_helfer.schnell import je_objekt
from gm_helfer.wuerfel import parse

from .auswerten import halbiert, nach_dem_fenster, selbst_dran
from .daten import ZONEN
from .schaden import Schicht, zonen_ruestung
from .verschiebung import Verschiebung, pruefe_verschiebung
from .zustand import _NAMEN_VERTEIDIGUNG, STURZ_PLUS, STURZSCHWELLE, Kampf, KampfFehler, Teilnehmer, Waffe, _ticks

__all__ = [
    "reaktions_ticks",
    "kann_reagieren",
    "verteidigungswert",
    "sturz_plus",
    "konter_erschwernis",
    "verschiebung_pruefen",
    "BlockFolgen",
    "block_folgen",
    "abwehr_arm",
]


def reaktions_ticks(
    kampf: Kampf, name: str, art: str, waffe: int | str | None = None, zweite_hand: bool = False
) -> int:
    """Zeiteinheiten einer Verteidigung: passiv 0, Ausweichen 2, Parade/Blocken Waffe − 1,
    mit der zweiten Hand eine weitere weniger (Abschnitt „Verteidigung“)."""
    o = kampf.optionen
    if art == "passiv":
        return 0
    if art == "ausweichen":
        return 2
    if art in ("parade", "blocken"):
        if waffe is None:
            raise KampfFehler(f"Für {_NAMEN_VERTEIDIGUNG[art]} fehlt die Waffe.")
        _, w = kampf[name].kaempfer.waffe(waffe)
        return _ticks(w.geschwindigkeit - 1 - (1 if zweite_hand else 0), o)
    raise KampfFehler(f"Unbekannte Verteidigung „{art}“.")


def kann_reagieren(kampf: Kampf, name: str, angriff_ende: int) -> str:
    """Leer, wenn ``name`` auf einen Angriff reagieren darf, der bei Tick ``angriff_ende``
    endet; sonst der Grund (deutsch). Abschnitt „Reaktionen“."""
    t = kampf[name]
    j = kampf.jetzt
    if t.kampfunfaehig(kampf.optionen):
        return f"{name} ist kampfunfähig."
    if selbst_dran(t.position, j, t.angesagt):
        return (f"{name} ist selbst bei Tick {j} dran und hat keine Reaktion angesagt – "
                "man kann nicht zur selben Zeit agieren und reagieren.")
    if t.position is not None and nach_dem_fenster(t.position, angriff_ende,
                                                   kampf.optionen.reaktion_nur_im_fenster):
        return (f"Der Angriff endet bei Tick {angriff_ende}, vor der nächsten Aktion von {name} "
                f"(Tick {t.position}) – keine Reaktion möglich.")
    return ""


def verteidigungswert(kampf: Kampf, name: str, art: str, waffe: int | str | None = None) -> int:
    """Fester Teil der Verteidigung (ohne Wurf): passiv/ausweichen Kampferfahrung + Größe,
    Parade Waffenwert (+ Bonus), Blocken Waffenwert + doppelter Bonus (waffenlos: +2);
    jeweils mit der eigenen Verschiebung."""
    t = kampf[name]
    k = t.kaempfer
    shift = t.verschiebung.verteidigung
    if art in ("passiv", "ausweichen"):
        return k.passive_verteidigung + shift
    if waffe is None:
        raise KampfFehler(f"Für {_NAMEN_VERTEIDIGUNG.get(art, art)} fehlt die Waffe.")
    i, w = k.waffe(waffe)
    _abwehrwaffe_pruefen(t, i, blocken=art == "blocken")
    basis = k.fertigkeit(w.fertigkeit) + shift
    if art == "parade":
        return basis + (w.verteidigungsbonus if kampf.optionen.parade_mit_verteidigungsbonus else 0)
    if art == "blocken":
        return basis + (2 if w.waffenlos else 2 * w.verteidigungsbonus)
    raise KampfFehler(f"Unbekannte Verteidigung „{art}“.")


def sturz_plus(t: Teilnehmer) -> int:
    """Zuschlag auf die Patzerschwelle der nächsten Probe von ``t`` (kritischer Effekt 4 eines
    Gegners, „Erhöht bei dem Ziel die Patzerschwelle für einen Sturz um 5“), sonst 0."""
    return STURZ_PLUS if STURZSCHWELLE in t.zustaende else 0


def konter_erschwernis(kampf: Kampf, name: str) -> int:
    """Erschwernis eines Konters von ``name`` („Dieser ist um 3 erschwert …“), gesenkt um die
    Stufe der Spezialisierung ``konter``, nie unter 0."""
    o = kampf.optionen
    return max(0, o.konter_erschwernis - kampf[name].kaempfer.spezialisierung("konter"))


def verschiebung_pruefen(
    kampf: Kampf, angreifer: str, waffe: int | str, verschiebung: Verschiebung
) -> list[str]:
    """Regelverstöße einer Verschiebung für diesen Angriff (leer = erlaubt), Abschnitt
    „Verschieben von Kampfwerten“: Punkte nach dem Verhältnis der Spezialisierung
    ``verschiebung``; Attacke, Verteidigung (Kampferfahrung + Größe) und Schaden (größter
    Trefferpunktewurf der Waffe) nie unter 0 („Werte können dabei nicht ins Negative
    verschoben werden …“)."""
    k = kampf[angreifer].kaempfer
    _, w = k.waffe(waffe)
    a = parse(w.schaden)
    schaden_max = sum(g.anzahl * g.seiten * g.vorzeichen for g in a.wuerfel) + a.konstante
    return pruefe_verschiebung(
        verschiebung, angriffswert=k.fertigkeit(w.fertigkeit), verteidigung=k.passive_verteidigung,
        schaden_max=schaden_max, kritschwelle=kampf.optionen.kritschwelle,
        spezialisierung=k.spezialisierung("verschiebung"))


def _abwehrwaffe_pruefen(t: Teilnehmer, i: int, *, blocken: bool) -> None:
    """Die Waffe ist bereit (nicht verloren oder gebrochen) und kann, wenn nötig, blocken
    („mit Kettenwaffen ist kein Blocken möglich“)."""
    w = t.kaempfer.waffen[i]
    if t.waffen_status[i] != "bereit":
        raise KampfFehler(f"{w.name} von {t.name} ist {t.waffen_status[i]}.")
    if blocken and w.kettenwaffe:
        raise KampfFehler(f"Mit der Kettenwaffe {w.name} ist kein Blocken möglich.")


def _zweite_waffe_pruefen(
    t: Teilnehmer, art: str, haupt: int | str | None, zweite: int | str
) -> None:
    """„Blocken mit zwei Waffen“: nur beim Blocken, eine andere, bereite Waffe, die blocken
    kann (keine Kettenwaffe)."""
    if art != "blocken":
        raise KampfFehler("Eine zweite Waffe zählt nur beim Blocken mit zwei Waffen.")
    k = t.kaempfer
    i, w = k.waffe(zweite)
    if haupt is not None and k.waffe(haupt)[0] == i:
        raise KampfFehler(f"{w.name} ist schon die Hauptwaffe – bitte eine andere Nebenwaffe wählen.")
    _abwehrwaffe_pruefen(t, i, blocken=True)


@dataclass(frozen=True)
class BlockFolgen:
    """Was ein gelungener Block mit den Waffen macht (Abschnitt „Verteidigung“, Blocken)."""

    grenze: float
    """Stärke × Faktor: darüber wird die Hauptwaffe aus der Hand geschlagen."""
    faktor: float
    """1 (eine Waffe), 1,5 (zweihändig oder zwei Waffen) oder 2 (Schild)."""
    entwaffnet: bool
    teile: tuple[tuple[int, int, str], ...]
    """Je Waffe (Index, Trefferpunkte auf ihr, ``"gebrochen"``/``"beschaedigt"``/``"haelt"``);
    leer, wenn entwaffnet."""


def block_folgen(
    trefferpunkte: int,
    staerke: int,
    haupt: tuple[int, Waffe, int],
    zweit: tuple[int, Waffe, int] | None = None,
) -> BlockFolgen:
    """Folgen eines gelungenen Blocks (rein). ``haupt``/``zweit``: (Index, Waffe, aktuelle
    Stabilität).

    „Sind diese höher als die Stärke des Verteidigers, wird diesem die Waffe aus der Hand
    geschlagen. Bei zweihändig geführten Waffen oder Blocken mit zwei Waffen (wovon eine keine
    kurze Stichwaffe sein darf) gilt die 1 ½-fache, bei Schilden sogar die doppelte Stärke des
    Verteidigers. Sollte dies nicht der Fall sein, wird geprüft, ob der Schaden höher ist als
    die Stabilität der Waffe. Falls ja, bricht sie. Ist der Schaden höher als die halbe
    Stabilität, so sinkt die Stabilität um 1. … Beim Blocken mit 2 Waffen erhält die
    Hauptwaffe vollen Schaden, die Nebenwaffe halben Schaden.“
    """
    hi, hw, _ = haupt
    if hw.schild:
        faktor = 2.0
    elif hw.zweihaendig or (zweit is not None and not (
            zweit[1].kurze_stichwaffe and hw.kurze_stichwaffe)):
        faktor = 1.5
    else:
        faktor = 1.0
    grenze = staerke * faktor
    if trefferpunkte > grenze:
        return BlockFolgen(grenze, faktor, True, ())
    teile = []
    for (idx, _, stab), last in ((haupt, trefferpunkte),) + (
            ((zweit, trefferpunkte // 2),) if zweit is not None else ()):
        folge = "gebrochen" if last > stab else "beschaedigt" if last > stab / 2 else "haelt"
        teile.append((idx, last, folge))
    return BlockFolgen(grenze, faktor, False, tuple(teile))


def abwehr_arm(zweite_hand: bool = False) -> str:
    """Der Arm, der waffenlos pariert oder blockt („Der Schaden geht auf die entsprechenden
    Gliedmaßen.“): rechts, mit der zweiten Hand links (Lesart, docs/zeitstrahl.md)."""
    return "L Arm" if zweite_hand else "R Arm"


@je_objekt
def _schutz_je_zone(schichten: tuple[Schicht, ...]) -> dict[tuple[str, int], int]:
    """Rüstungsschutz je (Zone, ignorierte Schichten 0/1) einer Rüstung, einmal je Rüstung
    (``zonen_ruestung`` sortiert sonst bei jedem Treffer die Schichten neu)."""
    return {(z, ig): zonen_ruestung(schichten, z, ignorieren=ig).schutz for z in ZONEN for ig in (0, 1)}


def _halb(t: Teilnehmer, wert: int) -> int:
    """„Position verschlechtern (halbe Verteidigung bis zur nächsten Aktion)“."""
    return halbiert(wert, "Position verschlechtert" in t.zustaende)
