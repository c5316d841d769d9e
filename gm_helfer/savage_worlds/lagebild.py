"""Savage Worlds für das Lagebild (:mod:`gm_helfer.lagebild`): weiterspielen, gebündelt, Wahlen.

Regelmodul ohne Oberfläche. Alle drei spielen die Taktik der Seiten (:class:`~gm_helfer.savage_worlds.simulation.Taktik`):

- :func:`weiterspielen` – von jedem laufenden Zustand (mitten in der Runde, offene Entscheidungen,
  Abwartende, Angeschlagen, Ausbluten) mit der Schrittmaschine :func:`~gm_helfer.savage_worlds.vorschlag.naechster_schritt`
  bis zum Rundenende, dann Runde für Runde auf dem Ereignispfad der Simulation;
- :func:`gebuendelt` – jeder Kampf auf dem Ereignispfad bis zum nächsten sauberen Punkt (zwischen
  zwei Karten, eine frisch aufgerufene Karte, Rundengrenze), dann die gebündelte Maschine ab den
  Feldern dieser Zustände, beginnend mit dem Rest des Herunterzählens (:func:`gm_helfer.savage_worlds.gebuendelt.spielen_ab`);
- :func:`wahlen` – die Wahlen des Augenblicks: Wegstecken oder nicht, Benny gegen Angeschlagen
  oder Probe, die Ziele des Angreifers, Abwarten oder jetzt handeln, eine Benny-Wiederholung
  (Angriff, Erholungs-, Außer-Gefecht-, Ausbluten-Probe, Wegstecken) oder behalten, der Vorschlag
  der Taktik.

``runden`` zählt die *weiteren* Runden: die Runde, in der der Zustand steht, zählt nicht mit, die
nächste ist 1. Endet der Kampf noch in dieser Runde: 0.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from gm_helfer import simulation
from gm_helfer.felder import generator
from gm_helfer.lagebild import NichtGebuendelt
from gm_helfer.savage_worlds import gebuendelt as gb
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import simulation as sim
from gm_helfer.savage_worlds import vorschau
from gm_helfer.savage_worlds.chancen import probe_ergebnisse
from gm_helfer.savage_worlds.kampf import Kampfzustand
from gm_helfer.savage_worlds.proben import Probe
from gm_helfer.savage_worlds.vorschlag import Vorschlag, _gehandelt, ereignis, naechster_schritt, taktik_je_seite

__all__ = ["bis_rundenende", "gebuendelt", "wahlen", "weiterspielen"]


def bis_rundenende(z: Kampfzustand, tk: Any, *, rng: Any) -> Kampfzustand:
    """Spielt die Taktik bis zum Ende der laufenden Runde (oder des Kampfes)."""
    while True:
        v = naechster_schritt(z, tk, rng)
        if v is None or v.aktion == "runde":
            return z
        z = k.anwenden(z, ereignis(z, v, rng=rng, text=False))


def weiterspielen(zustand: Kampfzustand, *, rng: Any, taktik: Any = None, max_runden: int = 100) -> simulation.Kampfausgang:
    """Ein Kampf vom ``zustand`` an bis zum Ende auf dem Ereignispfad (die Referenz)."""
    tk = taktik_je_seite(zustand, taktik)
    z = bis_rundenende(zustand, tk, rng=rng)
    grenze = zustand.runde + max_runden
    while not sim._entschieden(z) and z.runde < grenze:
        z = sim._runde(z, tk, rng=rng)
    a = sim._ausgang(z)
    return simulation.Kampfausgang(sieger=a.sieger, runden=z.runde - zustand.runde,
                                   ausgeschaltet=a.ausgeschaltet, tot=a.tot)


def gebuendelt(zustaende: Sequence[Kampfzustand], *, rng: Any, taktik: Any = None, max_runden: int = 100) -> gb.Ergebnis:
    """Viele Kämpfe: je Zustand auf dem Ereignispfad bis zum Rundenende, dann gebündelt.

    Raises:
        NichtGebuendelt: am Rundenende wartet noch jemand ab (behält seine Karte) – das kennt die
            Maschine nicht.
    """
    if not zustaende:
        raise NichtGebuendelt("Kein Zustand zum Weiterspielen.")
    rng = generator(rng)
    tk = taktik_je_seite(zustaende[0], taktik)
    grenzen: list[Kampfzustand] = []
    gemerkt: dict[int, Kampfzustand] = {}
    for z in zustaende:
        if id(z) in gemerkt:
            grenzen.append(gemerkt[id(z)])
            continue
        v = naechster_schritt(z, tk, None)
        if _sauber(z, v):
            gemerkt[id(z)] = z  # ohne Zufall: derselbe Zustand bleibt derselbe
            grenzen.append(z)
            continue
        while not _sauber(z, v):
            assert v is not None  # nicht sauber heißt: es steht ein Schritt an
            if v.aktion == "angriff":  # nur die Zielwahl würfelt (Taktik „zufall“) – mit ``rng``
                v = naechster_schritt(z, tk, rng)
            z = k.anwenden(z, ereignis(z, v, rng=rng, text=False))  # type: ignore[arg-type]
            v = naechster_schritt(z, tk, None)
        grenzen.append(z)
    if any(_wartet_ab(g) or g.vorrang or g.patt_folge for g in grenzen):
        raise NichtGebuendelt("jemand wartet ab oder eine Unterbrechung läuft (das kennt die gebündelte Maschine nicht).")
    weiter = [g.runde - z.runde for g, z in zip(grenzen, zustaende, strict=True)]
    ergebnis = gb.spielen_ab(grenzen, rng=rng, max_runden=max_runden, taktik=tk)
    runden = ergebnis.runden + np.array(weiter)
    return gb.Ergebnis(ergebnis.namen, ergebnis.seiten, ergebnis.seite_von, ergebnis.sieger, runden,
                       ergebnis.ausgeschaltet, ergebnis.tot, ergebnis.bennies_ausgegeben)


def _wartet_ab(z: Kampfzustand) -> bool:
    """Ob jemand abwartet, der noch handeln kann. Wer abwartend Außer Gefecht ging, handelt in
    diesem Kampf nicht mehr (die Simulation heilt nicht); seine zurückgehaltene Karte legt die
    Maschine mit den übrigen Karten der Runde ab."""
    return any(any(m.kampffaehig for m in z.mitglieder(emp)) for emp in z.abwartend)


def _sauber(z: Kampfzustand, v: Vorschlag | None) -> bool:
    """Ob die gebündelte Maschine hier ansetzen kann: Kampf entschieden, Rundengrenze, zwischen zwei
    Karten, oder eine gerade aufgerufene Karte, an der noch kein Mitglied gehandelt hat – ohne
    offene Entscheidung, Abwarten und Unterbrechung. ``v``: der nächste Schritt der Taktik,
    ``naechster_schritt(z, tk, None)``."""
    if v is None or v.aktion == "runde":
        return True
    if z.abwartend or z.vorrang or z.patt_folge:
        return False
    if v.aktion == "am_zug":
        return True
    if not z.am_zug or v.aktion not in ("erholung", "benny_erholen", "angriff", "fertig"):
        return False
    for kf in z.mitglieder(z.am_zug):
        if _gehandelt(z, kf.name):
            return False
        if kf.angeschlagen and kf.kampffaehig and kf.name not in z.erholung_offen:
            return False
    return True


def _treffen(z: Kampfzustand, v: Vorschlag) -> Callable[[Kampfzustand, Any], Kampfzustand]:
    def treffen(zustand: Kampfzustand, rng: Any) -> Kampfzustand:
        return k.anwenden(zustand, ereignis(zustand, v, rng=rng, text=False))
    return treffen


def _behalten(zustand: Kampfzustand, rng: Any) -> Kampfzustand:
    """Die Wiederholung ausschlagen: der Zustand bleibt (die Taktik wiederholt nie; die Wahl verfällt
    mit dem nächsten Schritt)."""
    return zustand


def _probe_wiederholen(name: str, art: str, quelle: Any, zustand: Kampfzustand, rng: Any) -> Any:
    return k.ereignis_probe_wiederholen(zustand, name, art, quelle=quelle, rng=rng)


def _probe_behalten(name: str, art: str, zustand: Kampfzustand, rng: Any) -> Any:
    return k.ereignis_probe_behalten(zustand, name, art)


def _mit(baue: Callable[[Kampfzustand, Any], Any]) -> Callable[[Kampfzustand, Any], Kampfzustand]:
    def treffen(zustand: Kampfzustand, rng: Any) -> Kampfzustand:
        return k.anwenden(zustand, baue(zustand, rng))
    return treffen


KLEINSTER_AST = 0.002
"""Ein Ast unter dieser Chance wird nicht eigens gezogen: dann würfelt die Wahl wie jede andere."""


@dataclass(frozen=True)
class Verzweigt:
    """Eine Wahl, deren eigene Würfel exakt verzweigen (:func:`gm_helfer.lagebild.lagebild`, ``aeste``):
    aufgerufen wie jede Wahl (``ziehen``: einmal würfeln), dazu die exakten Chancen der Ausgänge
    (``chancen``, aus den Einzelwurf-Chancen der Vorschau) und je Ausgang eine Ziehung, die nur
    Zustände dieses Ausgangs liefert (``klasse`` sagt, welcher Ausgang ein Zustand ist) – das Lagebild
    spielt je Ast seinen Anteil der Kämpfe und gewichtet mit der exakten Chance. Die Ausgänge:
    Erholung, Außer Gefecht, Ausbluten wie :data:`~gm_helfer.savage_worlds.kampf.PROBEN_STUFEN` (das
    bessere Ergebnis zählt), der Angriff „verfehlt“, „Erfolg“, „Steigerung“ (nur mit einem Würfel)."""

    ziehen: Callable[[Kampfzustand, Any], Kampfzustand]
    klasse: Callable[[Kampfzustand], str]
    chancen: Callable[[Kampfzustand], Mapping[str, float] | None]

    def __call__(self, zustand: Kampfzustand, rng: Any) -> Kampfzustand:
        return self.ziehen(zustand, rng)

    def aeste(self, zustand: Kampfzustand) -> list[tuple[float, Callable[[Kampfzustand, Any], Kampfzustand]]] | None:
        """``(Chance, Ziehung im Ast)`` je möglichem Ausgang; ``None``: nicht verzweigen (ein Ausgang
        ist zu selten, um ihn gezielt zu ziehen)."""
        chancen = self.chancen(zustand)
        if chancen is None or any(0.0 < p < KLEINSTER_AST for p in chancen.values()):
            return None
        return [(p, partial(self._im_ast, ausgang, {})) for ausgang, p in chancen.items() if p > 0.0]

    def _im_ast(self, ausgang: str, gemerkt: dict[int, Kampfzustand], zustand: Kampfzustand, rng: Any) -> Kampfzustand:
        """Ein Zustand dieses Ausgangs (gezogen, bis der Ausgang kommt), je Ast einmal: welche Augen
        innerhalb eines Ausgangs fielen, ändert den weiteren Kampf nicht (die Taktik wiederholt
        nie) – so spielen alle Kämpfe des Asts vom selben Zustand, und die Maschine rechnet ihn einmal."""
        if id(zustand) in gemerkt:
            return gemerkt[id(zustand)]
        for _ in range(int(50 / KLEINSTER_AST)):
            neu = self.ziehen(zustand, rng)
            if self.klasse(neu) == ausgang:
                gemerkt[id(zustand)] = neu
                return neu
        raise RuntimeError(f"Ausgang „{ausgang}“ in {int(50 / KLEINSTER_AST)} Würfen nicht gezogen.")


def _probe_klasse(name: str, art: str, z: Kampfzustand) -> str:
    """Der Ausgang, der nach der Wiederholung zählt (das bessere Ergebnis)."""
    p = next(q for q in reversed(z.offene_proben) if (q.name, q.art) == (name, art))
    return k.probe_ausgang(art, Probe.aus_dict(p.daten["probe"]), z.optionen)


def _probe_chancen(name: str, art: str, z: Kampfzustand) -> dict[str, float] | None:
    """Exakt: Ausgang nach der Wiederholung → Chance (:func:`~gm_helfer.savage_worlds.vorschau.probe_wiederholen_vorschau`)."""
    danach = vorschau.probe_wiederholen_vorschau(z, name, art)
    if danach is None:
        return None
    ausgang = {text: s for s, text in vorschau.WIEDERHOLEN_TEXTE[art].items()}
    return {ausgang[text]: p for text, p in danach.items()}


def _angriff_klasse(z: Kampfzustand) -> str:
    la = dict(z.letzter_angriff)
    treffer = [t for t in z.offene_treffer if t.angriff == la["nummer"]]
    return "verfehlt" if not treffer else ("Steigerung" if treffer[0].steigerung else "Erfolg")


def _angriff_chancen(z: Kampfzustand) -> dict[str, float] | None:
    """Exakt: die Wiederholung eines verfehlten Angriffs mit einem Würfel (ohne Feuerrate/Blitzhieb) –
    verfehlt (auch kritisch: das erste Ergebnis bleibt), Erfolg, Steigerung."""
    d = dict(z.letzter_angriff)["daten"]
    w = k.angriffs_werte(z, d["angreifer"], d["ziel"], d["waffe"], k.Angriffssituation(**d.get("situation", {})))
    if w["anzahl"] != 1:
        return None
    p = probe_ergebnisse(w["eigenschaft"], w["wildcard"], w["modifikator"], w["mindestwurf"])
    return {"verfehlt": p["Kritischer Fehlschlag"] + p["Fehlschlag"], "Erfolg": p["Erfolg"], "Steigerung": p["Steigerung"]}


def _quelle(z: Kampfzustand, name: str) -> str:
    """Wessen Benny: der eigene, sonst (Wildcards der Schurken) einer des Spielleiters."""
    return "eigen" if z.kaempfer_namens(name).bennies > 0 else "spielleiter"


_PROBE_TEXT = {"erholung": "Erholungsprobe", "ausser_gefecht": "Außer-Gefecht-Probe", "ausbluten": "Ausbluten-Probe"}


def _wiederholen_wahlen(z: Kampfzustand) -> list[tuple[str, Callable[[Kampfzustand, Any], Kampfzustand]]]:
    """Benny-Wiederholung oder behalten: ein verfehlter Angriff einer Wildcard und jede Erholungs-,
    Außer-Gefecht- oder Ausbluten-Probe, die sich jetzt mit einem Benny wiederholen lässt (dieselben
    Bedingungen wie die offenen Entscheidungen des Panels: :func:`~gm_helfer.savage_worlds.kampf.angriff_wiederholbar`,
    :func:`~gm_helfer.savage_worlds.kampf.offene_probe`). Ohne Benny (und ohne Benny des Spielleiters für
    Schurken) keine Wahl. Behalten heißt: der Zustand bleibt, die Taktik spielt weiter."""
    aus: list[tuple[str, Callable[[Kampfzustand, Any], Kampfzustand]]] = []
    la = dict(z.letzter_angriff)
    if la and la["treffer"] == 0 and k.angriff_wiederholbar(z) is None:
        wer = la["daten"]["angreifer"]
        q = _quelle(z, wer)
        ziehen = _mit(lambda s, rng: k.ereignis_angriff_wiederholen(s, quelle=q, rng=rng))
        aus.append((f"{wer}: Angriff mit Benny wiederholen",
                    Verzweigt(ziehen, _angriff_klasse, _angriff_chancen) if la["daten"].get("ziele") is None
                    and _angriff_chancen(z) is not None else ziehen))
        aus.append((f"{wer}: Angriff behalten, kein Benny", _behalten))
    for p in z.offene_proben:
        if k.offene_probe(z, p.name, p.art) is not p:
            continue
        q, name, art = _quelle(z, p.name), p.name, p.art
        ziehen = _mit(partial(_probe_wiederholen, name, art, q))
        aus.append((f"{name}: {_PROBE_TEXT[art]} mit Benny wiederholen",
                    Verzweigt(ziehen, partial(_probe_klasse, name, art), partial(_probe_chancen, name, art))))
        aus.append((f"{name}: {_PROBE_TEXT[art]} behalten, kein Benny",
                    _mit(partial(_probe_behalten, name, art))))
    return aus


def _abwarten_wahl(z: Kampfzustand, v: Vorschlag) -> list[tuple[str, Callable[[Kampfzustand, Any], Kampfzustand]]]:
    """Abwarten statt jetzt handeln: nur für den, dessen Karte gerade aufgerufen ist, bevor eines
    seiner Mitglieder gehandelt hat, solange er abwarten darf (nicht Angeschlagen, nicht nach
    einer verlorenen Unterbrechung – Regeltext › Initiative › Abwarten: „Dementsprechend können
    Angeschlagene Charaktere auch nicht Abwarten, wenn sie an der Reihe sind.“) und noch jemand
    nach ihm an die Reihe kommt (sonst handelt er nach der Taktik sofort aus dem Abwarten – dieselbe
    Lage). Nach dem Abwarten spielt die Taktik weiter: der Abwartende handelt, sobald sonst niemand
    mehr dran ist."""
    emp = z.am_zug
    if v.aktion != "angriff" or not emp or emp in z.abwartend or z.naechster() is None:
        return []
    if any(_gehandelt(z, m.name) for m in z.mitglieder(emp)) or z.erholung_offen:
        return []
    try:
        k.anwenden(z, k.ereignis_abwarten(z, emp))
    except k.KampfFehler:
        return []
    return [(f"{emp}: abwarten, später handeln", _mit(lambda s, rng: k.ereignis_abwarten(s, emp)))]


def wahlen(zustand: Kampfzustand, taktik: Any = None) -> list[tuple[str, Callable[[Kampfzustand, Any], Kampfzustand]]]:
    """Die Wahlen des Augenblicks (Text, Funktion): zuerst der Vorschlag der Taktik, dann die
    anderen erlaubten Wahlen derselben Entscheidung (Wegstecken/Verzicht, Erholungsprobe/Benny,
    jedes andere Ziel des Angreifers, Abwarten statt Handeln), dann jede offene Benny-Wiederholung
    mit ihrem Behalten (:func:`_wiederholen_wahlen`)."""
    tk = taktik_je_seite(zustand, taktik)
    v = naechster_schritt(zustand, tk, None)
    if v is None:
        return []
    wieder = _wiederholen_wahlen(zustand)
    if v.aktion in ("runde", "karten", "am_zug", "fertig"):
        return wieder
    aus = [(f"Vorschlag: {v.text}", _treffen(zustand, v))]
    for w in _andere(zustand, v):
        if w.aktion in ("verzicht", "benny_erholen"):  # ohne Würfel: gleich prüfen, ob die Regeln es erlauben
            try:
                k.anwenden(zustand, ereignis(zustand, w, text=False))
            except k.KampfFehler:
                continue
        aus.append((w.text, _treffen(zustand, w)))
    return aus + _abwarten_wahl(zustand, v) + wieder


def _andere(zustand: Kampfzustand, v: Vorschlag) -> list[Vorschlag]:
    """Die anderen Wahlen der Entscheidung, die der Vorschlag ``v`` trifft."""
    andere: list[Vorschlag] = []
    wer = v.wer or ""
    if v.aktion in ("wegstecken", "verzicht"):
        if v.aktion == "wegstecken":
            andere.append(Vorschlag("verzicht", wer, text=f"{wer} steckt nicht weg"))
        elif zustand.offener_schaden is not None and zustand.offener_schaden.versuche:
            andere.append(Vorschlag("wegstecken", wer, text=f"{wer}: Wegstecken mit Benny wiederholen"))
        else:
            andere.append(Vorschlag("wegstecken", wer, text=f"{wer} steckt mit einem Benny weg"))
    elif v.aktion in ("erholung", "benny_erholen"):
        if v.aktion == "erholung" and zustand.kaempfer_namens(wer).bennies > 0:
            andere.append(Vorschlag("benny_erholen", wer, text=f"{wer}: Benny statt Erholungsprobe"))
        elif v.aktion == "benny_erholen" and wer in zustand.erholung_offen:
            andere.append(Vorschlag("erholung", wer, text=f"{wer}: Erholungsprobe statt Benny"))
    elif v.aktion == "angriff":
        seite = zustand.kaempfer_namens(wer).seite
        for kf in zustand.kaempfer:
            if kf.seite != seite and kf.kampffaehig and kf.name != v.ziel:
                andere.append(Vorschlag("angriff", wer, ziel=kf.name, waffe=v.waffe, text=f"{wer} greift {kf.name} an"))
    return andere
