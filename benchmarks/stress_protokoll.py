"""Belastungsprobe für das Kampfprotokoll (Issue 15, Punkte 1–3). Kein Test: dauert, würfelt.

Aufruf: ``python benchmarks/stress_protokoll.py [--kills 60] [--voll 30] [--runden 6] [--seed 1]``

1. **Abschüsse**: ein Schreiber-Prozess hängt Schritte (mit Rückgängig) an dasselbe Protokoll,
   er wird zu zufälligen Zeitpunkten mit SIGKILL beendet (``--kills`` Mal, jedes Mal derselbe
   Kampf weiter). Danach muss das Fortsetzen gelingen, die Sperre frei sein und der Zustand
   dem letzten bestätigten Schritt entsprechen (oder dem, der gerade geschrieben wurde).
2. **Volle Platte**: ein Kindprozess setzt ``RLIMIT_FSIZE`` knapp über die Dateigröße und
   schreibt, bis es scheitert. Jeder Fehler muss ein deutscher ``SchreibFehler`` sein, die
   Datei endet mit einer vollständigen Zeile, der Zustand bleibt; nach Anheben der Grenze
   gelingt derselbe Schritt. Dazu „kein Platz“ (ENOSPC) mit einem gestörten ``os.write``.
3. **Zwei Schreiber**: je Runde zwei Prozesse und zwei Threads auf demselben Kampf; wer die
   Sperre nicht bekommt, wartet oder übernimmt ausdrücklich. Am Ende steht genau jedes
   bestätigte Ereignis einmal in der Datei – keins verloren, keins doppelt, keins von einem
   Verdrängten. Weist der Verlauf einen Schritt ab (verdrängt, oder die Datei ist inzwischen
   länger, als er sie gelesen hat), ist das richtig: gezählt, kein Fehlschlag.

Gibt die Zahlen aus; ``Fehlschläge`` muss 0 sein (sonst Exit-Code 1).
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gm_helfer import protokoll  # noqa: E402
from gm_helfer.protokoll import (  # noqa: E402
    Ereignis,
    GesperrtFehler,
    ProtokollFehler,
    SchreibFehler,
    VerdraengtFehler,
    Verlauf,
)

ENGLISCH = ("Expecting", "column", "No space", "File too large", "Errno", "Traceback", "object")


def plus(z: int, e: Ereignis) -> int:
    return z + int(e.daten["n"])


def start(kopf) -> int:
    return int(kopf["stand"])


def oeffnen(datei: Path, **kw) -> tuple[Verlauf[int], list[str]]:
    if not datei.exists():
        return Verlauf(0, plus, datei=datei, system="stress", kopf={"stand": 0}), []
    return Verlauf.fortsetzen(datei, start, plus, **kw)


# --------------------------------------------------------------------------- Kindprozesse

def kind_schreiber(datei: Path, seed: int) -> None:
    """Schreibt ohne Ende; meldet vor jedem Schritt den geplanten und danach den Zustand."""
    rng = random.Random(seed)
    v, _ = oeffnen(datei)
    print("bereit", v.zustand, flush=True)
    while True:
        if v.kann_rueckgaengig and rng.random() < 0.25:
            print("plan", v.zustaende[-2], flush=True)
            v.rueckgaengig()
        else:
            n = rng.randint(1, 9)
            print("plan", v.zustand + n, flush=True)
            v.ausfuehren(Ereignis("plus", {"n": n}, text="x" * rng.randint(0, 400)))
        print("ok", v.zustand, flush=True)


def kind_voll(datei: Path, seed: int) -> None:
    """Füllt die „Platte“ (RLIMIT_FSIZE) und prüft jeden Fehlschlag; Ergebnis als JSON."""
    import resource

    rng = random.Random(seed)
    v, _ = oeffnen(datei)
    weich, hart = resource.getrlimit(resource.RLIMIT_FSIZE)
    ergebnis = {"fehler": [], "schreibfehler": 0, "halbe_zeilen": 0, "zustand_falsch": 0, "englisch": 0,
                "wiederholt_ok": 0, "angenommen": 0}
    resource.setrlimit(resource.RLIMIT_FSIZE, (datei.stat().st_size + rng.randint(0, 600), hart))
    for _ in range(40):
        vorher, laenge = v.zustand, len(v)
        ereignis = Ereignis("plus", {"n": rng.randint(1, 9)}, text="y" * rng.randint(0, 300))
        try:
            v.ausfuehren(ereignis)
            ergebnis["angenommen"] += 1
            continue
        except SchreibFehler as fehler:
            ergebnis["schreibfehler"] += 1
            text = str(fehler)
            if any(w in text for w in ENGLISCH):
                ergebnis["englisch"] += 1
        if not datei.read_bytes().endswith(b"\n"):
            ergebnis["halbe_zeilen"] += 1
        if v.zustand != vorher or len(v) != laenge:
            ergebnis["zustand_falsch"] += 1
        # Platz schaffen, derselbe Schritt noch einmal
        resource.setrlimit(resource.RLIMIT_FSIZE, (weich, hart))
        v.ausfuehren(ereignis)
        ergebnis["wiederholt_ok"] += 1
        break
    ergebnis["zustand"] = v.zustand
    ergebnis["schritte"] = len(v)
    print(json.dumps(ergebnis), flush=True)


def kind_zwei(datei: Path, name: str, seed: int, schritte: int) -> None:
    print(json.dumps(zwei_schreiben(datei, name, seed, schritte)), flush=True)


def zwei_schreiben(datei: Path, name: str, seed: int, schritte: int) -> dict:
    """Versucht ``schritte`` Ereignisse mit eindeutiger Kennung anzuhängen, wer immer gerade
    schreibt; wartet oder übernimmt. Gibt die bestätigten Kennungen und Zähler zurück."""
    rng = random.Random(seed)
    bestaetigt: list[str] = []
    zaehler = {"gesperrt": 0, "uebernommen": 0, "verdraengt": 0, "veraltet": 0}
    v: Verlauf[int] | None = None
    i = 0
    while i < schritte:
        if v is None:
            uebernehmen = rng.random() < 0.3
            try:
                v, _ = Verlauf.fortsetzen(datei, start, plus, uebernehmen=uebernehmen)
                zaehler["uebernommen"] += uebernehmen
            except GesperrtFehler:
                zaehler["gesperrt"] += 1
                time.sleep(rng.random() * 0.01)
                continue
        try:
            v.ausfuehren(Ereignis("plus", {"n": 1, "kennung": f"{name}-{i}"}))
            bestaetigt.append(f"{name}-{i}")
            i += 1
        except VerdraengtFehler:
            zaehler["verdraengt"] += 1
            v = None
            continue
        except SchreibFehler:
            raise  # ein echter Schreibfehler ist hier keine Abweisung
        except ProtokollFehler:
            # Abweisung: die Datei ist länger, als dieser Verlauf sie gelesen hat (ein anderer hatte
            # übernommen, geschrieben und wieder abgegeben) – der Schritt wird nicht ausgeführt, statt
            # auf einen fremden Stand zu schreiben. Richtig so; neu fortsetzen.
            zaehler["veraltet"] += 1
            v.schliessen()
            v = None
            continue
        if rng.random() < 0.2:
            v.schliessen()
            v = None
    if v is not None:
        v.schliessen()
    return {"bestaetigt": bestaetigt, **zaehler}


def _zwei_schreiben_nach(ziel: list[dict], datei: Path, name: str, seed: int, schritte: int) -> None:
    """:func:`zwei_schreiben` in einem Thread; das Ergebnis kommt an ``ziel``."""
    ziel.append(zwei_schreiben(datei, name, seed, schritte))


# --------------------------------------------------------------------------- Prüfungen

def _kind(*argumente: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, __file__, "--kind", *argumente], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def abschuesse(ordner: Path, anzahl: int, rng: random.Random) -> dict:
    datei = ordner / "abschuss.jsonl"
    z = {"Abschüsse": 0, "bestätigte Schritte": 0, "abgerissene Zeilen beiseitegelegt": 0,
         "Fortsetzen gescheitert": 0, "Zustand falsch": 0, "Sperre nicht frei": 0}
    zustand = 0
    for runde in range(anzahl):
        proz = _kind("schreiber", str(datei), str(rng.randrange(1 << 30)))
        if rng.random() < 0.2:
            # schon beim Start (Sperre nehmen, Datei lesen und reparieren) töten
            time.sleep(rng.random() * 0.2)
            ausgabe = []
        else:
            erste = proz.stdout.readline()
            if not erste.startswith("bereit"):
                z["Fortsetzen gescheitert"] += 1
                print(proz.stderr.read(), file=sys.stderr)
                proz.kill()
                continue
            ausgabe = [erste]
            time.sleep(rng.random() * 0.25)
        proz.send_signal(signal.SIGKILL)
        proz.wait()
        z["Abschüsse"] += 1
        erlaubt = {zustand}
        for zeile in ausgabe + proz.stdout.read().splitlines():
            if zeile.startswith("bereit"):
                erlaubt = {int(zeile.split()[1])}
                continue
            teile = zeile.split()
            if len(teile) != 2:
                continue  # beim Abschuss abgerissene Ausgabe
            if teile[0] == "plan":
                erlaubt.add(int(teile[1]))
            elif teile[0] == "ok":
                erlaubt = {int(teile[1])}
                z["bestätigte Schritte"] += 1
        try:
            v, warnungen = Verlauf.fortsetzen(datei, start, plus)
        except GesperrtFehler:
            z["Sperre nicht frei"] += 1
            continue
        except ProtokollFehler as fehler:
            z["Fortsetzen gescheitert"] += 1
            print(f"  Runde {runde}: {fehler}", file=sys.stderr)
            continue
        z["abgerissene Zeilen beiseitegelegt"] += len(warnungen)
        if v.zustand not in erlaubt:
            z["Zustand falsch"] += 1
            print(f"  Runde {runde}: Zustand {v.zustand}, erlaubt {sorted(erlaubt)}", file=sys.stderr)
        zustand = v.zustand
        v.schliessen()
    return z


def volle_platte(ordner: Path, anzahl: int, rng: random.Random) -> dict:
    z = {"Versuche": 0, "SchreibFehler (deutsch)": 0, "danach erneut geschrieben": 0, "halbe Zeilen": 0,
         "Zustand falsch": 0, "englische Meldungen": 0, "Fortsetzen gescheitert": 0}
    for runde in range(anzahl):
        datei = ordner / f"voll_{runde}.jsonl"
        v, _ = oeffnen(datei)
        for _ in range(rng.randint(0, 5)):
            v.ausfuehren(Ereignis("plus", {"n": 1}))
        v.schliessen()
        proz = _kind("voll", str(datei), str(rng.randrange(1 << 30)))
        aus, fehler = proz.communicate(timeout=120)
        z["Versuche"] += 1
        try:
            e = json.loads(aus.strip().splitlines()[-1])
        except (ValueError, IndexError):
            z["Fortsetzen gescheitert"] += 1
            print(f"  Runde {runde}: {fehler[-2000:]}", file=sys.stderr)
            continue
        z["SchreibFehler (deutsch)"] += e["schreibfehler"] - e["englisch"]
        z["englische Meldungen"] += e["englisch"]
        z["danach erneut geschrieben"] += e["wiederholt_ok"]
        z["halbe Zeilen"] += e["halbe_zeilen"]
        z["Zustand falsch"] += e["zustand_falsch"]
        try:
            w, warnungen = Verlauf.fortsetzen(datei, start, plus)
        except ProtokollFehler as f:
            z["Fortsetzen gescheitert"] += 1
            print(f"  Runde {runde}: {f}", file=sys.stderr)
            continue
        if warnungen or w.zustand != e["zustand"] or len(w) != e["schritte"]:
            z["Zustand falsch"] += 1
        w.schliessen()
    # ENOSPC („kein Platz“) mitten in einer Zeile, im eigenen Prozess
    echt = os.write
    for runde in range(anzahl):
        datei = ordner / f"enospc_{runde}.jsonl"
        v, _ = oeffnen(datei)
        v.ausfuehren(Ereignis("plus", {"n": 2}))
        vorher = datei.read_bytes()
        rest = [rng.randint(0, 60)]

        def gestoert(fd, daten, rest=rest):
            if rest[0] <= 0:
                raise OSError(errno.ENOSPC, "No space left on device")
            teil = bytes(daten[: rest[0]])
            rest[0] -= len(teil)
            return echt(fd, teil)

        z["Versuche"] += 1
        protokoll.os.write = gestoert
        try:
            v.ausfuehren(Ereignis("plus", {"n": 3}, text="z" * 100))
            angenommen = True
        except SchreibFehler as fehler:
            angenommen = False
            if any(w in str(fehler) for w in ENGLISCH):
                z["englische Meldungen"] += 1
            else:
                z["SchreibFehler (deutsch)"] += 1
        finally:
            protokoll.os.write = echt
        if angenommen or datei.read_bytes() != vorher or v.zustand != 2:
            z["Zustand falsch"] += 1
        v.ausfuehren(Ereignis("plus", {"n": 3}))
        z["danach erneut geschrieben"] += 1
        v.schliessen()
        if Verlauf.fortsetzen(datei, start, plus, nur_lesen=True)[0].zustand != 5:
            z["Zustand falsch"] += 1
    return z


def zwei_schreiber(ordner: Path, runden: int, rng: random.Random, schritte: int = 40) -> dict:
    z = {"Runden": 0, "bestätigte Ereignisse": 0, "abgewiesen (gesperrt)": 0, "Übernahmen": 0,
         "Schreibversuche Verdrängter abgelehnt": 0, "Schritte auf veraltetem Stand abgelehnt": 0,
         "verloren": 0, "doppelt": 0, "unbestätigt in der Datei": 0,
         "Fortsetzen gescheitert": 0}
    for runde in range(runden):
        datei = ordner / f"zwei_{runde}.jsonl"
        oeffnen(datei)[0].schliessen()
        prozesse = [_kind("zwei", str(datei), f"p{k}", str(rng.randrange(1 << 30)), str(schritte)) for k in range(2)]
        ergebnisse: list[dict] = []
        saaten = [rng.randrange(1 << 30) for _ in range(2)]  # dieselbe Reihenfolge der Züge aus rng wie zuvor
        threads = [
            threading.Thread(target=_zwei_schreiben_nach, args=(ergebnisse, datei, f"t{k}", s, schritte))
            for k, s in enumerate(saaten)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for proz in prozesse:
            aus, fehler = proz.communicate(timeout=300)
            try:
                ergebnisse.append(json.loads(aus.strip().splitlines()[-1]))
            except (ValueError, IndexError):
                z["Fortsetzen gescheitert"] += 1
                print(f"  Runde {runde}: {fehler[-2000:]}", file=sys.stderr)
        z["Runden"] += 1
        bestaetigt = [k for e in ergebnisse for k in e["bestaetigt"]]
        z["bestätigte Ereignisse"] += len(bestaetigt)
        z["abgewiesen (gesperrt)"] += sum(e["gesperrt"] for e in ergebnisse)
        z["Übernahmen"] += sum(e["uebernommen"] for e in ergebnisse)
        z["Schreibversuche Verdrängter abgelehnt"] += sum(e["verdraengt"] for e in ergebnisse)
        z["Schritte auf veraltetem Stand abgelehnt"] += sum(e["veraltet"] for e in ergebnisse)
        try:
            v, _ = Verlauf.fortsetzen(datei, start, plus, nur_lesen=True)
        except ProtokollFehler as fehler:
            z["Fortsetzen gescheitert"] += 1
            print(f"  Runde {runde}: {fehler}", file=sys.stderr)
            continue
        in_datei = [e.daten["kennung"] for e in v.ereignisse]
        z["doppelt"] += len(in_datei) - len(set(in_datei))
        z["verloren"] += len(set(bestaetigt) - set(in_datei))
        z["unbestätigt in der Datei"] += len(set(in_datei) - set(bestaetigt))
    return z


FEHLSCHLAEGE = {"Fortsetzen gescheitert", "Zustand falsch", "Sperre nicht frei", "halbe Zeilen",
                "englische Meldungen", "verloren", "doppelt", "unbestätigt in der Datei"}


def main() -> int:
    if len(sys.argv) > 1 and sys.argv[1] == "--kind":
        art, datei, *rest = sys.argv[2:]
        if art == "schreiber":
            kind_schreiber(Path(datei), int(rest[0]))
        elif art == "voll":
            kind_voll(Path(datei), int(rest[0]))
        else:
            kind_zwei(Path(datei), rest[0], int(rest[1]), int(rest[2]))
        return 0
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=60)
    parser.add_argument("--voll", type=int, default=30)
    parser.add_argument("--runden", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fehlschlaege = 0
    with tempfile.TemporaryDirectory(prefix="stress_protokoll_") as tmp:
        ordner = Path(tmp)
        for titel, teil in (
            ("1. Schreiber zu zufälligen Zeitpunkten getötet", lambda: abschuesse(ordner, args.kills, rng)),
            ("2. Volle Platte (RLIMIT_FSIZE im Kindprozess, ENOSPC mitten in der Zeile)",
             lambda: volle_platte(ordner, args.voll, rng)),
            ("3. Zwei Schreiber (2 Prozesse + 2 Threads je Runde, mit Übernahmen)",
             lambda: zwei_schreiber(ordner, args.runden, rng)),
        ):
            beginn = time.perf_counter()
            zahlen = teil()
            print(f"{titel}  ({time.perf_counter() - beginn:.1f} s)")
            for name, wert in zahlen.items():
                print(f"    {name:<42} {wert}")
                if name in FEHLSCHLAEGE:
                    fehlschlaege += wert
    print(f"Fehlschläge: {fehlschlaege}")
    return 1 if fehlschlaege else 0


if __name__ == "__main__":
    sys.exit(main())
