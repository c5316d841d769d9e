"""Stresstest für feindliche Eingaben: tausende kaputte Bögen und Würfelausdrücke (Issue 15).

Kein Test (läuft nicht mit pytest): zufällige, aber mit ``--seed`` wiederholbare Eingaben,
begrenzt in Anzahl und Zeit. Am Ende stehen die Zahlen; **unerwartete Ausnahmen** und
**englische Meldungen** müssen 0 sein (sonst Rückgabecode 1, mit Beispielen).

Bögen: die Beispielbögen jedes Systems (``charaktere/<system>/``) werden verstümmelt –
Werte durch Riesenzahlen, Tabellen, Listen, tiefe Verschachtelung, falsche Würfel
ersetzt, Zeilen gelöscht oder verdoppelt, Text abgeschnitten, Bytes verändert, ein
Byte-Order-Mark vorangestellt, Namen doppelt vergeben – und geladen. Jeder geladene Bogen
muss einen Kampf beginnen (Kämpfer bauen, ein simulierter Kampf), als Tabelle hin und
zurück gehen und sich unverändert wie verändert speichern und wieder laden lassen.

Würfel: zufällige Ausdrücke nach der Notation (auch viel zu große) und Zeichenmüll werden
gelesen, ihr Aufwand geschätzt, exakt oder als Stichprobe berechnet, gewürfelt und mit
eingetippten Augen geprüft.

Aufruf::

    python benchmarks/stress_eingaben.py                 # 2000 Bögen, 5000 Ausdrücke, höchstens 240 s
    python benchmarks/stress_eingaben.py --boegen 400 --ausdruecke 1000 --sekunden 60 --seed 7
"""

from __future__ import annotations

import argparse
import importlib
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from gm_helfer import boegen, chancen, pfade, wuerfel

SYSTEME = ("savage_worlds", "aloran", "zeitstrahl", "w100")

ENGLISCH = re.compile(
    r"\b(the|is|are|not|of|and|invalid|expected|cannot|line|column|error|object|has no|must|"
    r"argument|unsupported|got|value|missing|Traceback|Exceeds|limit|recursion|found|"
    r"unterminated|illegal|literal|index|out of range|division|attribute|NoneType|key)\b",
    re.IGNORECASE,
)


def englisch(text: str) -> bool:
    """Ob eine Meldung englische Wörter enthält (eingebettete Eingaben in „…“ ausgenommen)."""
    ohne_eingaben = re.sub(r"„[^“]*“|'[^']*'|\"[^\"]*\"", "", text)
    return bool(ENGLISCH.search(ohne_eingaben))


@dataclass
class Zaehler:
    """Zahlen eines Teils; ``fehler`` sammelt Beispiele für unerwartete Ausnahmen."""

    zahlen: Counter = field(default_factory=Counter)
    beispiele: list[str] = field(default_factory=list)
    langsamster: str = ""

    def unerwartet(self, wo: str, eingabe: str, ausnahme: BaseException) -> None:
        self.zahlen[f"UNERWARTET {wo}"] += 1
        if len(self.beispiele) < 12:
            kurz = eingabe if len(eingabe) < 300 else eingabe[:300] + "…"
            zeile = traceback.format_exception_only(type(ausnahme), ausnahme)[-1].strip()
            self.beispiele.append(f"{wo}: {zeile[:300]}\n    Eingabe: {kurz!r}")

    def meldung(self, wo: str, text: str, eingabe: str = "") -> None:
        self.zahlen[f"Meldungen {wo}"] += 1
        if englisch(text):
            self.zahlen[f"ENGLISCH {wo}"] += 1
            if len(self.beispiele) < 12:
                self.beispiele.append(f"englisch {wo}: {text[:300]}\n    Eingabe: {eingabe[:200]!r}")


# --------------------------------------------------------------------------- Würfel

_ALPHABET_MUELL = "0123456789WwDd!+-% ×٣６\t\n()*/.,;xX" + "äöü€🎲"


def _zahltext(rng: random.Random) -> str:
    art = rng.random()
    if art < 0.6:
        return str(rng.randint(0, 12))
    if art < 0.8:
        return str(rng.randint(0, 1500))
    if art < 0.95:
        return str(rng.randint(0, 10**9))
    return "9" * rng.choice((50, 4301, 10000))


def zufallsausdruck(rng: random.Random) -> str:
    """Ein zufälliger Ausdruck: meist nach der Notation, manchmal Müll oder riesig."""
    art = rng.random()
    if art < 0.1:
        return "".join(rng.choice(_ALPHABET_MUELL) for _ in range(rng.randint(0, 40)))
    if art < 0.13:
        return rng.choice(("W6+", "+W6", "1")) * rng.randint(1, 300_000)
    teile = []
    for i in range(rng.choice((1, 1, 2, 3, 5, 12, 40, 120))):
        zeichen = rng.choice(("+", "+", "-", "")) if i or rng.random() < 0.2 else ""
        if rng.random() < 0.8:
            anzahl = "" if rng.random() < 0.4 else _zahltext(rng)
            seiten = rng.choice(("%", _zahltext(rng), str(rng.choice((4, 6, 8, 10, 12, 20, 100)))))
            teile.append(f"{zeichen}{anzahl}{rng.choice('WwDd')}{seiten}{'!' if rng.random() < 0.35 else ''}")
        else:
            teile.append(f"{zeichen}{_zahltext(rng)}")
    leer = " " if rng.random() < 0.2 else ""
    return leer.join(teile)


def zufallsaugen(rng: random.Random, ausdruck: wuerfel.Ausdruck | None) -> object:
    if ausdruck is not None and rng.random() < 0.6:
        augen = []
        for gruppe, _ in ausdruck.einzelwuerfel():
            kette = [rng.randint(0, gruppe.seiten + 1)]
            while gruppe.explodierend and kette[-1] == gruppe.seiten and len(kette) < 5:
                kette.append(rng.randint(1, gruppe.seiten))
            augen.append("+".join(map(str, kette)))
        return rng.choice((", ", " ", ";")).join(augen)
    return rng.choice(
        (
            "".join(rng.choice("0123456789+ ,;٣x-") for _ in range(rng.randint(0, 30))),
            "9" * 4301,
            [rng.randint(-5, 30) for _ in range(rng.randint(0, 6))],
            [[6, 6, rng.randint(1, 6)]],
            None if rng.random() < 0.5 else 3.5,
            [None],
        )
    )


def wuerfel_fuzz(anzahl: int, frist: float, rng: random.Random) -> tuple[Zaehler, dict[str, float]]:
    z = Zaehler()
    zeiten = Counter()
    mittel_exakt = 0
    ende = time.monotonic() + frist
    for _ in range(anzahl):
        if time.monotonic() > ende:
            z.zahlen["abgebrochen (Zeit um)"] += 1
            break
        text = zufallsausdruck(rng)
        z.zahlen["Ausdrücke"] += 1
        start = time.perf_counter()
        ausdruck = None
        try:
            ausdruck = wuerfel.parse(text)
            z.zahlen["gelesen"] += 1
        except wuerfel.WuerfelFehler as fehler:
            z.meldung("parse", str(fehler), text)
        except Exception as fehler:  # noqa: BLE001 – genau die zählen wir
            z.unerwartet("parse", text, fehler)
        zeiten["parse max s"] = max(zeiten["parse max s"], time.perf_counter() - start)
        try:
            wuerfel.ueblicher_ausdruck(text)
        except wuerfel.WuerfelFehler as fehler:
            z.meldung("ueblicher_ausdruck", str(fehler), text)
        except Exception as fehler:  # noqa: BLE001
            z.unerwartet("ueblicher_ausdruck", text, fehler)
        if ausdruck is not None:
            try:
                aufwand = chancen.aufwand(ausdruck)
                start = time.perf_counter()
                if aufwand > chancen.MAX_AUFWAND:
                    try:
                        chancen.verteilung(ausdruck)
                        z.zahlen["FEHLT AufwandFehler"] += 1
                    except chancen.AufwandFehler as fehler:
                        z.meldung("AufwandFehler", str(fehler), text)
                        zeiten["Ablehnung max s"] = max(zeiten["Ablehnung max s"], time.perf_counter() - start)
                    z.zahlen["zu aufwendig, abgelehnt"] += 1
                elif aufwand <= 300_000 or mittel_exakt < 15:
                    mittel_exakt += aufwand > 300_000
                    vert = chancen.verteilung(ausdruck)
                    if abs(sum(vert.values()) - 1) > 1e-9:
                        z.zahlen["FALSCH Summe ≠ 1"] += 1
                    dauer = time.perf_counter() - start
                    if dauer > zeiten["exakt max s"]:
                        zeiten["exakt max s"] = dauer
                        z.langsamster = f"{ausdruck} (Aufwand {aufwand:,}, {dauer:.2f} s)".replace(",", ".")
                    z.zahlen["exakt berechnet"] += 1
                else:
                    z.zahlen["exakt übersprungen (Laufzeit des Skripts)"] += 1
                start = time.perf_counter()
                chancen.geschaetzte_verteilung(ausdruck, 200, rng=rng)
                zeiten["Stichprobe(200) max s"] = max(zeiten["Stichprobe(200) max s"], time.perf_counter() - start)
                wuerfel.wurf(ausdruck, rng=rng)
            except wuerfel.WuerfelFehler as fehler:
                z.meldung("chancen", str(fehler), text)
            except Exception as fehler:  # noqa: BLE001
                z.unerwartet("chancen/wurf", text, fehler)
        augen = zufallsaugen(rng, ausdruck)
        try:
            wuerfel.wurf(ausdruck if ausdruck is not None else "2W6", augen=augen)
            z.zahlen["Augen angenommen"] += 1
        except wuerfel.WuerfelFehler as fehler:
            z.meldung("Augen", str(fehler), repr(augen))
        except TypeError as fehler:  # augen=None: Programmierfehler des Aufrufers, deutsch gemeldet
            z.meldung("Augen (TypeError)", str(fehler), repr(augen))
        except Exception as fehler:  # noqa: BLE001
            z.unerwartet("Augen", repr(augen), fehler)
    return z, dict(zeiten)


# --------------------------------------------------------------------------- Bögen

_WERTE = [
    "1" * 4301, "-1", "0", "99999999999999999999", "3.5", "nan", "inf", "-inf", "1e308", "true", "false",
    '""', '"W7"', '"St+W7"', '"100W100!"', '"W6!"', '"2W6+1"', '"Schurken"', '"Helden"', '"Ä😀\\u0000"',
    '"' + "x" * 5000 + '"', "{}", "[]", "[1, 2]", "{ a = 1 }", "[{ a = 1 }]", "1979-05-27", "1979-05-27T07:32:00Z",
    "[" * 1500 + "]" * 1500, "{ a = " * 600 + "1" + " }" * 600, '"St+20W12"', '"W' + "9" * 30 + '"',
]


def _verstuemmeln(text: str, rng: random.Random, namen: list[str]) -> str | bytes:
    zeilen = text.splitlines()
    for _ in range(rng.randint(1, 3)):
        art = rng.random()
        wert_zeilen = [i for i, z in enumerate(zeilen) if re.match(r"^\s*[A-Za-z_.]+\s*=", z)]
        if art < 0.45 and wert_zeilen:
            i = rng.choice(wert_zeilen)
            schluessel = zeilen[i].split("=", 1)[0]
            zeilen[i] = f"{schluessel}= {rng.choice(_WERTE)}"
        elif art < 0.55 and zeilen:
            del zeilen[rng.randrange(len(zeilen))]
        elif art < 0.62 and zeilen:
            i = rng.randrange(len(zeilen))
            zeilen.insert(i, zeilen[i])
        elif art < 0.68:
            zeilen.append("[" + ".".join(["t"] * rng.choice((5, 30, 1500))) + "]")
        elif art < 0.76 and namen:
            zeilen = [f'name = "{rng.choice(namen)}"' if z.startswith("name =") else z for z in zeilen]
        elif art < 0.82:
            zeilen.append(rng.choice(("[[waffen]]", "[[waffen]]\nname = 3", "waffen = 5", "seite = {}", "[attribute]")))
        elif art < 0.88:
            ganz = "\n".join(zeilen)
            ganz = ganz[: rng.randrange(len(ganz) + 1)]
            zeilen = ganz.splitlines()
        elif art < 0.93:
            return "\ufeff" + "\n".join(zeilen) + "\n"
        else:
            daten = bytearray(("\n".join(zeilen) + "\n").encode("utf-8"))
            for _ in range(rng.randint(1, 4)):
                if daten:
                    daten[rng.randrange(len(daten))] = rng.randrange(256)
            return bytes(daten)
    return "\n".join(zeilen) + "\n"


def _kampfbeginn(system: str, bogen: boegen.Bogen) -> None:
    """Was beim Kampfbeginn mit einem Bogen geschieht: Kämpfer bauen (je System)."""
    modul = importlib.import_module(f"gm_helfer.{system}.bogen")
    if system == "aloran":
        modul.aus_bogen(bogen)
    else:
        modul.kaempfer_aus_bogen(bogen)
    # die Chancen jeder Würfelangabe (Schaden), wie sie die Kampf-Notebooks zeigen
    sch = boegen.schema(system)
    angaben = [bogen.werte[f.name] for f in sch.felder if f.typ == "wuerfel" and bogen.werte.get(f.name)]
    for u in sch.untertabellen:
        for zeile in bogen.untertabellen.get(u.name, ()):
            angaben += [zeile[f.name] for f in u.felder if f.typ == "wuerfel" and zeile.get(f.name)]
    if system == "savage_worlds":
        from gm_helfer.savage_worlds.schaden import schadensausdruck

        angaben += [
            schadensausdruck(w["schaden"], bogen.werte["attribute.staerke"], bonus_w6=True)
            for w in bogen.untertabellen.get("waffen", ())
        ]
    for angabe in angaben:
        chancen.verteilung(angabe)


def boegen_fuzz(anzahl: int, frist: float, rng: random.Random) -> tuple[Zaehler, dict[str, float]]:
    z = Zaehler()
    zeiten = Counter()
    vorlagen = {
        s: [d.read_text(encoding="utf-8") for d in sorted((pfade.projekt_ordner() / "charaktere" / s).rglob("*.toml"))]
        for s in SYSTEME
    }
    namen = {s: [m.group(1) for t in v for m in [re.search(r'^name = "(.*)"', t, re.M)] if m] for s, v in vorlagen.items()}
    ende = time.monotonic() + frist
    runde = 0
    with tempfile.TemporaryDirectory(prefix="gm_stress_") as tmp:
        while z.zahlen["Bögen geschrieben"] < anzahl:
            if time.monotonic() > ende:
                z.zahlen["abgebrochen (Zeit um)"] += 1
                break
            system = SYSTEME[runde % len(SYSTEME)]
            runde += 1
            ordner = Path(tmp) / f"r{runde}" / system
            ordner.mkdir(parents=True)
            for i in range(8):
                quelle = rng.choice(vorlagen[system])
                inhalt = quelle if rng.random() < 0.25 else _verstuemmeln(quelle, rng, namen[system])
                datei = ordner / (f"vorlagen/b{i}.toml" if i == 7 else f"b{i}.toml")
                datei.parent.mkdir(exist_ok=True)
                (datei.write_bytes if isinstance(inhalt, bytes) else lambda t, d=datei: d.write_text(t, encoding="utf-8"))(inhalt)
                z.zahlen["Bögen geschrieben"] += 1
            start = time.perf_counter()
            try:
                ladung = boegen.laden(system, ordner)
            except Exception as fehler:  # noqa: BLE001
                z.unerwartet(f"laden {system}", str(ordner), fehler)
                continue
            zeiten["laden (8 Bögen) max s"] = max(zeiten["laden (8 Bögen) max s"], time.perf_counter() - start)
            z.zahlen["Bögen geladen"] += len(ladung.boegen)
            z.zahlen["Bögen abgelehnt (Fehler)"] += len({f.datei for f in ladung.fehler})
            for f in ladung.fehler:
                z.meldung("Bogen", str(f), f.datei.name)
                if "unerwarteter Fehler" in f.meldung:
                    z.zahlen[f"UNERWARTET laden (abgefangen) {system}"] += 1
                    z.beispiele.append(f"abgefangen: {f}\n    Datei: {f.datei.read_bytes()[:300]!r}")
            if len({b.name for b in ladung.boegen}) != len(ladung.boegen):
                z.zahlen["FALSCH doppelter Name geladen"] += 1
            gute = []
            for b in ladung.boegen:
                try:
                    _kampfbeginn(system, b)
                    gute.append(b)
                except ValueError as fehler:
                    z.zahlen[f"UNERWARTET Kampfbeginn abgelehnt {system}"] += 1
                    z.unerwartet(f"Kampfbeginn {system}", b.datei.read_text(encoding="utf-8", errors="replace"), fehler)
                except Exception as fehler:  # noqa: BLE001
                    z.unerwartet(f"Kampfbeginn {system}", b.datei.read_text(encoding="utf-8", errors="replace"), fehler)
            seiten = {b.werte.get("seite") for b in gute}
            if len(gute) >= 2 and len(seiten) >= 2:
                sim = importlib.import_module(f"gm_helfer.{system}.simulation")
                start = time.perf_counter()
                try:
                    sim.einen_kampf(gute[:4], rng=rng, max_runden=10)
                    z.zahlen["Kämpfe simuliert"] += 1
                except ValueError as fehler:
                    z.meldung("Kampf", str(fehler))
                except Exception as fehler:  # noqa: BLE001
                    z.unerwartet(f"Kampf {system}", ", ".join(str(b.datei.name) for b in gute[:4]), fehler)
                zeiten["Kampf max s"] = max(zeiten["Kampf max s"], time.perf_counter() - start)
            _tabellen_und_speichern(system, ladung, z, rng)
    return z, dict(zeiten)


def _tabellen_und_speichern(system: str, ladung: boegen.Ladeergebnis, z: Zaehler, rng: random.Random) -> None:
    sch = boegen.schema(system)
    try:
        tabellen = boegen.als_tabellen(ladung.boegen, sch)
        zurueck = boegen.aus_tabellen(tabellen, sch, ladung.boegen)
        if zurueck.fehler or len(zurueck.boegen) != len(ladung.boegen):
            z.zahlen["FALSCH Tabellen hin und zurück"] += 1
            z.beispiele.extend(str(f) for f in zurueck.fehler[:2])
    except Exception as fehler:  # noqa: BLE001
        z.unerwartet(f"Tabellen {system}", str([b.datei.name for b in ladung.boegen]), fehler)
        return
    zahlfelder = [f for f in sch.felder if f.typ == "int" and f.minimum is not None and f.maximum is not None]
    for b in ladung.boegen:
        try:
            vorher = b.datei.read_bytes()
            if boegen.speichern(b):
                z.zahlen["FALSCH unverändert geschrieben"] += 1
            if b.datei.read_bytes() != vorher:
                z.zahlen["FALSCH Datei ohne Änderung verändert"] += 1
            f = rng.choice(zahlfelder)
            neu = boegen.Bogen(
                b.datei, boegen.FesteZuordnung({**b.werte, f.name: rng.randint(int(f.minimum), int(f.maximum))}),
                b.untertabellen, b.system,
            )
            boegen.speichern(neu)
            z.zahlen["gespeichert"] += 1
            wieder, fehler = boegen.laden_datei(b.datei, sch)
            if wieder is None or not boegen._gleich(wieder, neu):
                z.zahlen["FALSCH gespeichert ≠ geladen"] += 1
                z.beispiele.append(f"gespeichert ≠ geladen: {b.datei} {fehler[:1]}")
        except boegen.SpeicherFehler as fehler:
            z.meldung("Speichern", str(fehler))
        except Exception as fehler:  # noqa: BLE001
            z.unerwartet(f"Speichern {system}", b.datei.read_text(encoding="utf-8", errors="replace"), fehler)
        reste = [p.name for p in b.datei.parent.iterdir() if p.name.endswith(".tmp")]
        if reste:
            z.zahlen["FALSCH Temp-Reste"] += 1


# --------------------------------------------------------------------------- Ausgabe


def _drucken(titel: str, z: Zaehler, zeiten: dict[str, float], sekunden: float) -> int:
    print(f"\n## {titel} ({sekunden:.1f} s)")
    for name, wert in sorted(z.zahlen.items()):
        print(f"  {name:<48} {wert:>9}")
    for name, wert in sorted(zeiten.items()):
        print(f"  {name:<48} {wert:>9.3f}")
    schlecht = sum(w for n, w in z.zahlen.items() if n.startswith(("UNERWARTET", "ENGLISCH", "FALSCH", "FEHLT")))
    print(f"  {'=> unerwartete/englische/falsche Fälle':<48} {schlecht:>9}")
    if z.langsamster:
        print(f"  langsamste exakte Verteilung: {z.langsamster}")
    for beispiel in z.beispiele[:12]:
        print("  ! " + beispiel)
    return schlecht


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boegen", type=int, default=2000, help="so viele Bogendateien (Standard 2000)")
    parser.add_argument("--ausdruecke", type=int, default=5000, help="so viele Würfelausdrücke (Standard 5000)")
    parser.add_argument("--sekunden", type=float, default=240.0, help="Zeitgrenze gesamt (je Hälfte)")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    print(f"Stresstest Eingaben (Seed {args.seed}, Python {sys.version.split()[0]})")
    start = time.perf_counter()
    z, zeiten = wuerfel_fuzz(args.ausdruecke, args.sekunden / 2, rng)
    schlecht = _drucken("Würfelausdrücke", z, zeiten, time.perf_counter() - start)
    print(f"  Parse-Cache: {wuerfel._parse_text.cache_info()}")
    print(f"  Verteilungs-Cache: {chancen._verteilung.cache_info()}")
    print(f"  Würfel-Cache: {chancen._als_die.cache_info()}")
    start = time.perf_counter()
    z, zeiten = boegen_fuzz(args.boegen, args.sekunden / 2, rng)
    schlecht += _drucken("Bögen", z, zeiten, time.perf_counter() - start)
    print(f"\nGesamt unerwartete Ausnahmen, englische Meldungen, falsche Ergebnisse: {schlecht}")
    return 1 if schlecht else 0


if __name__ == "__main__":
    raise SystemExit(main())
