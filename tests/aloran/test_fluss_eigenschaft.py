"""Eigenschaftstest des Sitzungsflusses in Aloran: zufällige, erlaubte Klicks durch die Zug-API.

Je Sitzung (fest gesät): 2–4 Kämpfer mit oft gleicher Initiative (gleichzeitige Austausche),
eingetippte und vom Programm gewürfelte Würfel, Bonusaktionen, Abwarten, Verzichten, Rückgängig,
Fortsetzen aus der Datei. Nach **jedem** Schritt gelten:

- Wiederabspielen des Protokolls gibt den Live-Zustand; ein Rückgängig nimmt genau den letzten
  Klick zurück (alle seine Ereignisse, eine Schritt-Nummer) und stellt den Stand davor her;
- jeder handlungsfähige Kämpfer ist am Ende der Runde fertig (gehandelt, verzichtet oder
  ausgeschaltet) und beendet seinen Zug höchstens einmal je Runde;
- keine offene Entscheidung (sofortige Bonus-Kampfaktion, Abwarten) verschwindet ohne ein Ereignis,
  das sie nimmt oder ausschlägt; die aufgeschobenen Folgen eines gleichzeitigen Austauschs gelten
  alle, wenn er schließt (keine Wunde geht verloren);
- das Fortsetzen aus der Datei gibt denselben Zustand.

Mindestens 200 Sitzungen in CI; mehr mit ``ALORAN_FLUSS_SITZUNGEN=2000``.
"""

from __future__ import annotations

import os
import random

import pytest

from gm_helfer.aloran import kampf as k
from gm_helfer.aloran.proben import AloranFehler
from gm_helfer.aloran.tisch import zug
from gm_helfer.aloran.werte import beispielwerte

SITZUNGEN = int(os.environ.get("ALORAN_FLUSS_SITZUNGEN", "200"))
SCHRITTE = 30


def _offen(kampf: k.Kampf) -> set[tuple[str, str]]:
    return {(name, was) for name, was, _ in k.offene_verzichte(kampf)}


def _augen(zufall: random.Random, kampf: k.Kampf, wer: str, ziel: str, angriff: str, verteidigung: str | None):
    """Eingetippte Würfel für alles, was der Austausch brauchen kann (Pools in der richtigen Größe)."""
    la, _ = k.austausch_lage(kampf, wer, ziel, angriff, verteidigung)
    w10 = lambda n: " ".join(str(zufall.randint(0, 9)) for _ in range(n))  # noqa: E731
    augen = {"angriff": w10(la.angriff_pool), "verteidigung": w10(la.verteidigung_pool), "zone": str(zufall.randint(1, 20)),
             "schaden": str(zufall.randint(1, 6))}
    for s in k.WUERFEL_SCHLUESSEL:
        if s not in augen:
            augen[s] = str(zufall.randint(1, 20) if s.endswith("zone") else zufall.randint(1, 6))
    return augen


def _wunden(kampf: k.Kampf) -> dict[str, int]:
    return {x.name: sum(x.wunden) for x in kampf.kaempfer}


def _klick(zufall: random.Random, v, klicks) -> tuple[str, object | None]:
    """Ein zufälliger erlaubter Klick; gibt (Art, Ereignis) zurück."""
    kampf = v.zustand
    wer = zug.am_zug(kampf)
    if wer is None:
        (schritt,) = zug.aktionen(kampf, None)
        assert schritt.erlaubt == (schritt.grund is None)
        if not schritt.erlaubt:
            raise AssertionError(f"Niemand handelt, aber die Runde kann nicht beginnen: {schritt.grund}")
        augen = {x.name: str(zufall.choice([5, 5, 6, zufall.randint(0, 9)])) for x in kampf.kaempfer} \
            if zufall.random() < 0.7 else None
        zug.neue_runde(v, rng=zufall, augen=augen)  # ein Klick: Initiative und Runde, ein Schritt
        return "runde", None
    if zufall.random() < 0.08 and klicks:
        return "rueckgaengig", None
    if zufall.random() < 0.1 and kampf.runde >= 1:
        # „Neue Runde“ zur Unzeit: abgelehnt, mit einem deutschen Grund, der jemanden nennt
        with pytest.raises(AloranFehler) as fehler:
            k.runde_ereignis(kampf)
        assert any(name in str(fehler.value) for name in kampf.namen), str(fehler.value)
    handelnd = zufall.choice(zug.handelnde(kampf))
    erlaubt = [a for a in zug.aktionen(kampf, handelnd) if a.erlaubt]
    for a in zug.aktionen(kampf, handelnd):
        assert a.erlaubt == (a.grund is None), a
    wahl = zufall.random()
    if wahl < 0.06:
        e = k.bonusaktion_ereignis(kampf, zufall.choice(kampf.namen), zufall.choice(list(zug.BONUSAKTIONEN.values())), "Test")
        v.ausfuehren(e)
        return "bonus", e
    schluessel = {a.schluessel for a in erlaubt}
    if "angriff" in schluessel and wahl < 0.75:
        ziel = zufall.choice(zug._gegner(kampf, handelnd))
        angriff = zug.standard_waffe(kampf, handelnd)
        entsch = zug.verteidigung_entscheidung(kampf, handelnd, ziel, angriff)
        verteidigung = None
        if entsch is not None and zufall.random() < 0.7:
            from gm_helfer.aloran.tisch import sitzung
            moeglich = [n for n in sitzung.verteidigung_namen(kampf, ziel, handelnd, angriff)
                        if k.kann_verteidigen(kampf, ziel, n)]
            verteidigung = moeglich[0] if moeglich else None
        quelle = {"augen": _augen(zufall, kampf, handelnd, ziel, angriff, verteidigung)} if zufall.random() < 0.5 \
            else {"rng": zufall}
        e = k.angriff_ereignis(kampf, handelnd, ziel, angriff, verteidigung, **quelle)
        v.ausfuehren(e)
        return "angriff", e
    for art, bau in (("verzichten", lambda: k.verzicht_ereignis(kampf, handelnd)),
                     ("abwarten", lambda: k.abwarten_ereignis(kampf, handelnd)),
                     ("zug_beenden", lambda: k.zug_ende_ereignis(kampf, handelnd))):
        if art in schluessel and (art == "zug_beenden" or zufall.random() < 0.3):
            e = bau()
            v.ausfuehren(e)
            return art, e
    # der Gewählte kann nichts mehr: wer am Zug ist, beendet ihn (oder verzichtet)
    if "zug_beenden" in {a.schluessel for a in zug.aktionen(kampf, wer) if a.erlaubt}:
        e = k.zug_ende_ereignis(kampf, wer)
    else:
        e = k.verzicht_ereignis(kampf, wer)
    v.ausfuehren(e)
    return "zug_beenden", e


def _pruefen(v, vorher: k.Kampf, art: str, e, beendet: dict[tuple[int, str], int]) -> None:
    nachher = v.zustand
    # Wiederabspielen = live
    z = v.start
    for x in v.ereignisse:
        z = k.anwenden(z, x)
    assert z == nachher, "Wiederabspielen weicht vom Live-Zustand ab"
    if art == "rueckgaengig":
        return
    # Runde vorbei: jeder Handlungsfähige ist fertig
    if nachher.runde > vorher.runde >= 1:
        offen = [x.name for x in vorher.kaempfer if x.handelt and x.zug != "fertig"]
        assert not offen, f"Runde {vorher.runde} endete, obwohl {offen} nicht gehandelt haben"
        assert not _offen(vorher), f"Runde endete mit offenen Entscheidungen {_offen(vorher)}"
    # höchstens ein Zugende je Runde und Kämpfer
    if e is not None and e.art == "zug_ende":
        name = e.text.split(" beendet")[0]
        beendet[(vorher.runde, name)] = beendet.get((vorher.runde, name), 0) + 1
        assert beendet[(vorher.runde, name)] == 1, f"{name} beendet in Runde {vorher.runde} zweimal den Zug"
    # keine offene Entscheidung verschwindet ohne Ereignis
    for name, was in _offen(vorher) - _offen(nachher):
        genommen = e is not None and (
            (e.art == "verzicht" and name in e.text)
            or (e.art == "angriff" and e.daten["angreifer"] == name)
            or (e.art == "zug_ende" and was == "abwarten" and name in e.text)
            or (e.art == "bewegung" and was == "sofort" and name in e.text))
        assert genommen or not nachher.kaempfer_namens(name).handelt, \
            f"Entscheidung ({name}, {was}) verschwand ohne Ereignis ({art}: {e.text if e else ''})"
    # ein gleichzeitiger Austausch, der schließt, lässt alle aufgeschobenen Wunden gelten
    if vorher.aufgeschoben and not nachher.austausch:
        erwartet = _wunden(vorher)
        for paare in vorher.aufgeschoben:
            f = dict(paare)
            if "zone" in f:
                erwartet[f["name"]] += int(f["wunden"])
        for f in (e.daten.get("folgen", []) if e is not None else []):
            if "zone" in f:
                erwartet[f["name"]] += int(f["wunden"])
            elif "aufschub" in f and "zone" in f["aufschub"]:
                erwartet[f["aufschub"]["name"]] += int(f["aufschub"]["wunden"])
        assert _wunden(nachher) == erwartet, "Aufgeschobene Wunden gingen verloren"


def _sitzung(saat: int, tmp_path) -> dict[str, int]:
    zufall = random.Random(saat)
    n = zufall.randint(2, 4)
    werte = [beispielwerte(name=f"K{i}", seite="Helden" if i % 2 == 0 else "Gegner") for i in range(n)]
    datei = tmp_path / f"s{saat}.jsonl"
    v = k.neuer_verlauf(k.neuer_kampf(werte), datei)
    befund = {"gleichzeitig": 0, "rueckgaengig": 0, "verzicht": 0, "mehrere_ereignisse_je_klick": 0}
    beendet: dict[tuple[int, str], int] = {}
    klicks: list[tuple[k.Kampf, int]] = []  # je Klick der Stand davor und die Zahl der Ereignisse davor
    for _ in range(SCHRITTE):
        if len({x.werte.seite for x in v.zustand.kaempfer if x.handelt}) < 2:
            break
        vorher, anzahl_vorher = v.zustand, len(v.ereignisse)
        art, e = _klick(zufall, v, klicks)
        if art == "rueckgaengig":
            # ein Rückgängig nimmt den ganzen letzten Klick zurück (ein Klick „Neue Runde“ vor dem Kampf
            # sind zwei Ereignisse: Initiative und Runde, eine Schritt-Nummer)
            stand_davor, ereignisse_davor = klicks.pop()
            v.rueckgaengig()
            assert v.zustand == stand_davor, "Rückgängig stellt den Stand vor dem letzten Klick nicht her"
            assert len(v.ereignisse) == ereignisse_davor, "Rückgängig nahm nicht genau den letzten Klick zurück"
            befund["rueckgaengig"] += 1
            beendet = {}
        else:
            klicks.append((vorher, anzahl_vorher))
            befund["mehrere_ereignisse_je_klick"] += len(v.ereignisse) - anzahl_vorher > 1
        befund["gleichzeitig"] += bool(v.zustand.austausch)
        befund["verzicht"] += art == "verzichten"
        _pruefen(v, vorher, art, e, beendet)
    neu, warnungen = k.fortsetzen(datei, nur_lesen=True)
    assert not warnungen and neu.zustand == v.zustand, "Fortsetzen aus der Datei weicht ab"
    return befund


@pytest.mark.slow  # 200 zufällige Sitzungen: in CI (``pytest``), nicht im schnellen Lauf
def test_sitzungsfluss_zufaellige_klicks(tmp_path):
    gesamt = {"gleichzeitig": 0, "rueckgaengig": 0, "verzicht": 0, "mehrere_ereignisse_je_klick": 0}
    for saat in range(SITZUNGEN):
        try:
            befund = _sitzung(saat, tmp_path)
        except AloranFehler as fehler:
            pytest.fail(f"Sitzung {saat}: ein erlaubter Klick wurde abgelehnt: {fehler}")
        for schluessel, wert in befund.items():
            gesamt[schluessel] += wert
    print(f"Sitzungsfluss Aloran, {SITZUNGEN} Sitzungen: {gesamt}")
    # der Test hat die Fälle, um die es geht, wirklich gesehen
    assert gesamt["gleichzeitig"] > 0 and gesamt["rueckgaengig"] > 0 and gesamt["verzicht"] > 0
    assert gesamt["mehrere_ereignisse_je_klick"] > 0
