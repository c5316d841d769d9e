"""Chancen vor jeder Entscheidung im laufenden Kampf (für das Notebook).

Verbindet den Kampfzustand mit den exakten Rechnungen aus :mod:`.chancen`: welche
Verteidigungen das Ziel wählen darf und wie oft der Angriff dann trifft, welcher Schaden
nach der Rüstung dieses Ziels je Würfel bleibt, und was eine Verschiebung von Kampfwerten
an den Chancen ändert (Regeltext „Verschieben von Kampfwerten“, Herkulos-Beispiel).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from .chancen import (
    AngriffsChancen,
    angriff_chancen,
    angriff_chancen_exakt,
    angriff_schadens_chancen_exakt,
    schadens_chancen_exakt,
    verteidigungs_ausgaenge,
    waffenlose_parade_chancen_exakt,
)
from .kampf import (
    Kampf,
    KampfFehler,
    abwehr_arm,
    block_folgen,
    kann_reagieren,
    reaktions_ticks,
    sturz_plus,
    verschiebung_pruefen,
    verteidigungswert,
)
from .optionen import STANDARD, Optionen
from .schaden import Schicht, zonen_ruestung
from .verschiebung import Verschiebung

__all__ = [
    "VerteidigungsWahl",
    "angesagter_effekt",
    "verteidigungs_wahlen",
    "schadens_vorschau",
    "Vergleich",
    "verschiebungs_vergleich",
    "verschiebung_im_kampf",
    "zeitstrahl_eintraege",
    "BlockRisiko",
    "block_risiko",
]


@dataclass(frozen=True)
class VerteidigungsWahl:
    """Eine Verteidigung, die das Ziel wählen könnte, mit den Chancen des Angreifers."""

    titel: str
    art: str
    waffe: int | None
    ticks: int
    chancen: AngriffsChancen | None
    grund: str = ""
    """Warum diese Verteidigung nicht geht (leer = möglich)."""


def _angriffswert(kampf: Kampf, angreifer: str, waffe: int | str, v: Verschiebung,
                  modifikator: int) -> tuple[int, Any]:
    k = kampf[angreifer].kaempfer
    _, w = k.waffe(waffe)
    return k.fertigkeit(w.fertigkeit) + v.angriff + modifikator, w


def angesagter_effekt(v: Verschiebung) -> int | None:
    """Der angesagte kritische Effekt – nur wer die Kritschwelle senkt, sagt ihn an („Beim
    Erhöhen der Kritschwelle muss außerdem der Effekt … mit angegeben werden“); sonst
    entscheidet der W6 (``None``)."""
    return v.krit_effekt if v.kritschwelle > 0 else None


def _schwellen(kampf: Kampf, angreifer: str, v: Verschiebung) -> dict[str, Any]:
    """Krit- und Patzerschwelle des Angriffs, wie ``angriff_ereignis`` sie setzt (Verschiebung,
    Sturzschwelle), samt angesagtem Effekt – als Schlüsselwörter für die Chancen."""
    o = kampf.optionen
    return {
        "kritschwelle": o.kritschwelle - v.kritschwelle,
        "patzerschwelle": o.basis_patzerschwelle + v.patzerschwelle + sturz_plus(kampf[angreifer]),
    }


def _abgewehrt(kampf: Kampf, angreifer: str, wert: int, vert: Any, v: Verschiebung,
               krit_wahl: int) -> Fraction:
    """P(weder Treffer noch Patzer des Angreifers): dann wird bei Blocken und waffenloser
    Abwehr der Trefferpunktewurf gewürfelt."""
    treffer, _, patzer, _ = angriff_chancen_exakt(
        wert, vert, **_schwellen(kampf, angreifer, v), angesagter_effekt=angesagter_effekt(v),
        krit_wahl=krit_wahl, optionen=kampf.optionen)
    return 1 - treffer - patzer


def _reaktion_grund(kampf: Kampf, angreifer: str, ziel: str, w: Any) -> str:
    """Warum ``ziel`` auf diesen Angriff nicht aktiv reagieren darf (leer = darf), wie in
    ``angriff_ereignis``: der Angriff endet bei Position + Waffengeschwindigkeit."""
    return kann_reagieren(kampf, ziel, (kampf[angreifer].position or 0) + w.geschwindigkeit)


def _reaktion_pruefen(kampf: Kampf, angreifer: str, ziel: str, w: Any, art: str) -> None:
    if art != "passiv":
        grund = _reaktion_grund(kampf, angreifer, ziel, w)
        if grund:
            raise KampfFehler(grund)


def _ziel_verteidigung(
    kampf: Kampf, ziel: str, art: str, waffe: int | str | None, krit_wahl: int
) -> int | Mapping[tuple[int, str | None], Fraction]:
    """Die Verteidigung des Ziels, wie ``angriff_ereignis`` sie würfelt: fester Wert bei
    passivem Ausweichen, sonst Verteilung samt kritischer Verteidigungseffekte; halbiert bei
    „Position verschlechtert“."""
    return _verteidigung_aus(art, verteidigungswert(kampf, ziel, art, waffe),
                             "Position verschlechtert" in kampf[ziel].zustaende, krit_wahl,
                             kampf.optionen)


def _verteidigung_aus(
    art: str, vwert: int, halb: bool, krit_wahl: int, optionen: Optionen
) -> int | Mapping[tuple[int, str | None], Fraction]:
    """:func:`_ziel_verteidigung` aus dem festen Wert (rein)."""
    if art == "passiv":
        return vwert // 2 if halb else vwert
    return verteidigungs_ausgaenge(art, vwert, krit_wahl=krit_wahl, halbiert=halb, optionen=optionen)


@lru_cache(maxsize=4096)
def _chancen_gegen(
    wert: int, art: str, vwert: int, halb: bool, kritschwelle: int, patzerschwelle: int,
    angesagt: int | None, krit_wahl: int, verteidigung_krit_wahl: int, optionen: Optionen,
) -> AngriffsChancen:
    """Die Chancen eines Angriffswerts gegen eine Verteidigung, gemerkt nach diesen Zahlen –
    billiger nachzuschlagen als nach der ganzen Verteidigungsverteilung (Issue 10)."""
    return angriff_chancen(wert, _verteidigung_aus(art, vwert, halb, verteidigung_krit_wahl, optionen),
                           kritschwelle=kritschwelle, patzerschwelle=patzerschwelle,
                           angesagter_effekt=angesagt, krit_wahl=krit_wahl, optionen=optionen)


def verteidigungs_wahlen(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: int | str = 0,
    *,
    verschiebung: Verschiebung = Verschiebung(),
    modifikator: int = 0,
    krit_wahl: int = 3,
    verteidigung_krit_wahl: int = 2,
    nur: Callable[[str, int | None], bool] | None = None,
) -> tuple[VerteidigungsWahl, ...]:
    """Alle Verteidigungen des Ziels mit exakten Trefferchancen des Angreifers (samt W6-Boni
    kritischer Effekte, wie ``angriff_ereignis`` mit denselben Wahlen).

    ``nur(art, waffe)``: nur diese Verteidigungen (die anderen fehlen ganz und kosten keine
    Rechnung – die Taktik der Simulation braucht etwa kein Blocken mit Waffen)."""
    o = kampf.optionen
    wert, w = _angriffswert(kampf, angreifer, waffe, verschiebung, modifikator)
    grund_reaktion = _reaktion_grund(kampf, angreifer, ziel, w)
    z = kampf[ziel]
    kandidaten: list[tuple[str, str, int | None]] = [
        ("passives Ausweichen", "passiv", None), ("aktives Ausweichen", "ausweichen", None)]
    for i, vw in enumerate(z.kaempfer.waffen):
        kandidaten.append((f"Parade ({vw.name})", "parade", i))
        kandidaten.append((f"Blocken ({vw.name})", "blocken", i))
    schwellen = _schwellen(kampf, angreifer, verschiebung)
    halb = "Position verschlechtert" in z.zustaende
    wahlen = []
    for titel, art, idx in kandidaten:
        if nur is not None and not nur(art, idx):
            continue
        grund = grund_reaktion if art != "passiv" else ""
        try:
            vwert = verteidigungswert(kampf, ziel, art, idx)
            ticks = reaktions_ticks(kampf, ziel, art, idx)
        except KampfFehler as fehler:
            wahlen.append(VerteidigungsWahl(titel, art, idx, 0, None, str(fehler)))
            continue
        if halb:
            titel += " (halbiert)"
        c = _chancen_gegen(wert, art, vwert, halb, schwellen["kritschwelle"],
                           schwellen["patzerschwelle"], angesagter_effekt(verschiebung), krit_wahl,
                           verteidigung_krit_wahl, o)
        wahlen.append(VerteidigungsWahl(titel, art, idx, ticks, c, grund))
    return tuple(wahlen)


def schadens_vorschau(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: int | str = 0,
    *,
    verteidigung: str = "passiv",
    verteidigungs_waffe: int | None = None,
    verschiebung: Verschiebung = Verschiebung(),
    modifikator: int = 0,
    krit_wahl: int = 3,
    verteidigung_krit_wahl: int = 2,
    zweite_hand: bool = False,
) -> dict[int, float]:
    """Verteilung der Schadenspunkte dieses Angriffs gegen dieses Ziel (0 = kein Schaden,
    auch bei Fehlschlag), mit der Rüstung jeder Trefferzone, den kritischen Effekten (angesagt
    oder per W6, samt W6-Boni) und den kritischen Verteidigungseffekten. Eine gelungene
    waffenlose Parade (¼) oder ein waffenloser Block (voll) schickt den Schaden auf den Arm
    (mit ``zweite_hand`` den linken), wie im Kampf."""
    o = kampf.optionen
    wert, w = _angriffswert(kampf, angreifer, waffe, verschiebung, modifikator)
    _reaktion_pruefen(kampf, angreifer, ziel, w, verteidigung)
    vert = _ziel_verteidigung(kampf, ziel, verteidigung, verteidigungs_waffe,
                              verteidigung_krit_wahl)
    exakt = angriff_schadens_chancen_exakt(
        wert, vert, w.schaden, kampf[ziel].kaempfer.ruestung, bonus=verschiebung.schaden,
        **_schwellen(kampf, angreifer, verschiebung),
        krit_effekt=angesagter_effekt(verschiebung), krit_wahl=krit_wahl, optionen=o)
    zk = kampf[ziel].kaempfer
    if (verteidigung in ("parade", "blocken") and verteidigungs_waffe is not None
            and zk.waffe(verteidigungs_waffe)[1].waffenlos):
        # abgewehrt (weder Treffer noch Patzer) → Trefferpunkte nach der Armrüstung am Arm
        abgewehrt = _abgewehrt(kampf, angreifer, wert, vert, verschiebung, krit_wahl)
        arm_rs = zonen_ruestung(zk.ruestung, abwehr_arm(zweite_hand)).schutz
        if verteidigung == "parade":
            # „reduzieren die Trefferpunkte lediglich auf ¼“: erst vierteln, dann die Rüstung
            arm = waffenlose_parade_chancen_exakt(w.schaden, arm_rs,
                                                  je_wuerfel=o.waffenlose_parade_je_wuerfel)
        else:
            arm = schadens_chancen_exakt(w.schaden, arm_rs)
        exakt = dict(exakt)
        exakt[0] -= abgewehrt
        for k, p in arm.items():
            exakt[k] = exakt.get(k, Fraction(0)) + abgewehrt * p
    return {k: float(exakt[k]) for k in sorted(exakt) if exakt[k]}


@dataclass(frozen=True)
class BlockRisiko:
    """Was ein Block das Ziel kosten kann (exakt, als float; die Felder summieren zu 1)."""

    treffer: float
    """Der Angriff kommt trotz Block durch (voller Schaden am Körper)."""
    patzer: float
    """Der Angreifer patzt: kein Trefferpunktewurf, die Waffe bleibt heil."""
    entwaffnet: float
    """Geblockt, aber die Trefferpunkte übersteigen die (1,5-/2-fache) Stärke."""
    gebrochen: float
    """Geblockt, die Hauptwaffe bricht."""
    beschaedigt: float
    """Geblockt, die Hauptwaffe verliert 1 Stabilität."""
    haelt: float
    """Geblockt, die Hauptwaffe hält unbeschadet."""
    nebenwaffe_gebrochen: float = 0.0
    """Beim Blocken mit zwei Waffen: die Nebenwaffe bricht (halber Schaden)."""

    def als_ausgaenge(self) -> dict[str, float]:
        """Für ein Balkendiagramm."""
        return {"Angriff trifft": self.treffer, "Angreifer patzt": self.patzer,
                "Waffe aus der Hand": self.entwaffnet, "Waffe bricht": self.gebrochen,
                "Stabilität −1": self.beschaedigt, "Waffe hält": self.haelt}


def block_risiko(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: int | str,
    verteidigungs_waffe: int | str,
    *,
    zweite_waffe: int | str | None = None,
    verschiebung: Verschiebung = Verschiebung(),
    modifikator: int = 0,
    krit_wahl: int = 3,
    verteidigung_krit_wahl: int = 2,
) -> BlockRisiko:
    """Exakte Folgen eines Blocks für die Waffen des Ziels (Abschnitt „Verteidigung“,
    Blocken): „Blocken ist einfacher, aber bringt die Gefahr mit sich, dass einem die Waffe
    aus der Hand geschlagen wird oder bricht.“ Jeder nicht durchkommende, nicht gepatzte
    Angriff würfelt die Trefferpunkte; :func:`~gm_helfer.zeitstrahl.kampf.block_folgen`
    bewertet sie wie im Kampf."""
    wert, w = _angriffswert(kampf, angreifer, waffe, verschiebung, modifikator)
    _reaktion_pruefen(kampf, angreifer, ziel, w, "blocken")
    vert = _ziel_verteidigung(kampf, ziel, "blocken", verteidigungs_waffe, verteidigung_krit_wahl)
    treffer, _, patzer, _ = angriff_chancen_exakt(
        wert, vert, **_schwellen(kampf, angreifer, verschiebung),
        angesagter_effekt=angesagter_effekt(verschiebung), krit_wahl=krit_wahl, optionen=kampf.optionen)
    geblockt = 1 - treffer - patzer
    z = kampf[ziel]
    hi, hw = z.kaempfer.waffe(verteidigungs_waffe)
    zweit = None
    if zweite_waffe is not None:
        zi, zw = z.kaempfer.waffe(zweite_waffe)
        zweit = (zi, zw, z.stabilitaet[zi])
    summen = {"entwaffnet": Fraction(0), "gebrochen": Fraction(0), "beschaedigt": Fraction(0),
              "haelt": Fraction(0), "neben": Fraction(0)}
    for tp, p in schadens_chancen_exakt(w.schaden, 0).items():
        bf = block_folgen(tp, z.kaempfer.staerke, (hi, hw, z.stabilitaet[hi]), zweit)
        if bf.entwaffnet:
            summen["entwaffnet"] += p
            continue
        summen[bf.teile[0][2]] += p
        if len(bf.teile) > 1 and bf.teile[1][2] == "gebrochen":
            summen["neben"] += p
    return BlockRisiko(
        float(treffer), float(patzer), float(geblockt * summen["entwaffnet"]),
        float(geblockt * summen["gebrochen"]), float(geblockt * summen["beschaedigt"]),
        float(geblockt * summen["haelt"]), float(geblockt * summen["neben"]))


@dataclass(frozen=True)
class Vergleich:
    """Chancen eines Angriffs mit und ohne Verschiebung."""

    treffer: float
    kritisch: float
    patzer: float
    schaden_erwartet: float
    schaden_moeglich: float
    """P(mindestens 1 Schadenspunkt)."""


def _vergleich(angriffswert: int, verteidigung: int | Mapping[int, Fraction], schaden: str,
               schichten: Sequence[Schicht], v: Verschiebung, optionen: Optionen) -> Vergleich:
    effekt = angesagter_effekt(v)
    krit = optionen.kritschwelle - v.kritschwelle
    patzer = optionen.basis_patzerschwelle + v.patzerschwelle
    c = angriff_chancen(angriffswert + v.angriff, verteidigung, kritschwelle=krit,
                        patzerschwelle=patzer, angesagter_effekt=effekt, optionen=optionen)
    vert = angriff_schadens_chancen_exakt(
        angriffswert + v.angriff, verteidigung, schaden, schichten, bonus=v.schaden,
        kritschwelle=krit, patzerschwelle=patzer, krit_effekt=effekt, optionen=optionen)
    return Vergleich(
        c.treffer, c.kritisch, c.patzer,
        float(sum(k * p for k, p in vert.items())),
        float(sum(p for k, p in vert.items() if k > 0)),
    )


def verschiebungs_vergleich(
    angriffswert: int,
    verteidigung: int | Mapping[int, Fraction],
    schaden: str,
    schichten: Sequence[Schicht],
    verschiebung: Verschiebung,
    *,
    optionen: Optionen = STANDARD,
) -> dict[str, Vergleich]:
    """``{"ohne": …, "mit": …}``: lohnt sich die Verschiebung? Exakt gerechnet.

    Beispiel Herkulos (Regeltext): Nahkampf 12, 3W4 gegen Kettenhemd (RS 4) – ohne
    Verschiebung nie Schaden, mit Kritschwelle 14 und „Ignoriert eine Rüstungsschicht“
    schon.
    """
    return {
        "ohne": _vergleich(angriffswert, verteidigung, schaden, schichten, Verschiebung(),
                           optionen),
        "mit": _vergleich(angriffswert, verteidigung, schaden, schichten, verschiebung, optionen),
    }


def verschiebung_im_kampf(
    kampf: Kampf,
    angreifer: str,
    ziel: str,
    waffe: int | str,
    verschiebung: Verschiebung,
) -> tuple[list[str], dict[str, Vergleich]]:
    """Für den Angriff im laufenden Kampf: Regelverstöße der Verschiebung (mit der
    Spezialisierung des Angreifers) und der Vergleich gegen das passive Ausweichen des
    Ziels mit dessen Rüstung."""
    k = kampf[angreifer].kaempfer
    _, w = k.waffe(waffe)
    wert = k.fertigkeit(w.fertigkeit)
    fehler = verschiebung_pruefen(kampf, angreifer, waffe, verschiebung)
    vergleich = verschiebungs_vergleich(
        wert, _ziel_verteidigung(kampf, ziel, "passiv", None, 2), w.schaden, kampf[ziel].kaempfer.ruestung,
        verschiebung, optionen=kampf.optionen)
    return fehler, vergleich


def zeitstrahl_eintraege(kampf: Kampf, vorschau: int = 1) -> list[dict[str, Any]]:
    """Einträge für ``gm_helfer.diagramme.zeitstrahl_diagramm``: vergangene Aktionen und
    Reaktionen als Balken, dazu je Kampffähigem die nächste Aktion (``"nächste Aktion"``,
    ``"handelt jetzt"`` für alle, die gerade dran sind)."""
    eintraege = [
        {"name": b.name, "start": b.start, "ende": b.ende, "art": b.art, "text": b.text}
        for b in kampf.balken
    ]
    am_zug = set(kampf.am_zug)
    for t in kampf.teilnehmer:
        if t.position is None:
            eintraege.append({"name": t.name, "start": 0, "ende": 0, "art": "wartet auf den Start",
                              "text": ""})
            continue
        if t.kampfunfaehig(kampf.optionen):
            art = "kampfunfähig"
        elif t.name in am_zug:
            art = "handelt jetzt"
        else:
            art = "nächste Aktion"
        eintraege.append({"name": t.name, "start": t.position, "ende": t.position + vorschau,
                          "art": art, "text": t.laufend})
    return eintraege
