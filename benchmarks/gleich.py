"""Gleicher Zufall, gleicher Kampf? Fingerabdruck der Simulationen und Zellen-Kämpfe aller Systeme.

Aufruf: ``python benchmarks/gleich.py schreiben DATEI`` auf dem alten Stand, dann
``python benchmarks/gleich.py pruefen DATEI`` auf dem neuen. Kein Test (dauert etwa eine Minute):
eine Prüfung für Umbauten, die nichts am Verhalten ändern sollen.

Je System und Beispielbegegnung (``charaktere/<system>/begegnungen/``):

- Ereignispfad (``ereignis_begegnung``) mit festen Saaten: Siegesanteile, Runden, Ausfälle;
- gebündelte Maschine (``begegnung``) mit festen numpy-Saaten, ebenso;
- ein Zellen-Kampf (``kampf_starten`` + ``ausspielen``) mit festem ``random.Random``: jedes
  Ereignis des Protokolls samt Text.

Gedruckt wird je Fall „gleich“ oder „ANDERS“; Rückgabewert 1, wenn etwas anders ist.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

SYSTEME = ("savage_worlds", "aloran", "zeitstrahl", "w100")
ZELLEN_KAEMPFER: dict[str, list[str] | None] = {"savage_worlds": ["brakka", "bandit"]}


def _auswertung(a: Any) -> str:
    teile = {
        "sieg": sorted(a.sieg.items()),
        "runden": round(a.mittlere_runden, 9),
        "anzahl": a.anzahl,
    }
    for name in ("ausfall", "tod"):
        wert = getattr(a, name, None)
        if isinstance(wert, dict):
            teile[name] = sorted((k, round(v, 9)) for k, v in wert.items())
    return json.dumps(teile, ensure_ascii=False, default=str)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _zellen_fall(system: str) -> str:
    paket = importlib.import_module(f"gm_helfer.{system}")
    from gm_helfer import boegen

    namen = ZELLEN_KAEMPFER.get(system)
    if namen is None:
        namen = [b.name for b in boegen.laden(system).boegen][:2]
    kampf = paket.kampf_starten(namen, rng=random.Random(7))
    kampf.ausspielen()
    zeilen = [json.dumps(e.als_dict() if hasattr(e, "als_dict") else repr(e), ensure_ascii=False, default=str)
              for e in kampf.verlauf.ereignisse]
    return _hash("\n".join(zeilen)) + f" ({len(zeilen)} Ereignisse)"


def fingerabdruck() -> dict[str, str]:
    from gm_helfer import begegnungen, boegen

    ergebnis: dict[str, str] = {}
    for system in SYSTEME:
        sim = importlib.import_module(f"gm_helfer.{system}.simulation")
        for b in begegnungen.laden_alle(system).begegnungen:
            alle = boegen.laden(system).boegen
            gewaehlt = begegnungen.boegen_fuer(b, alle)
            taktik = begegnungen.taktik_fuer(b)
            optionen = begegnungen.optionen_fuer(b)
            extra = {k: v for k, v in (("taktik", taktik), ("optionen", optionen)) if v is not None}
            for saat in (1, 2, 3):
                a = sim.ereignis_begegnung(gewaehlt, 40, rng=random.Random(saat), **extra)
                ergebnis[f"{system}/{b.name}/ereignis/{saat}"] = _hash(_auswertung(a))
                a = sim.begegnung(gewaehlt, 2000, rng=np.random.default_rng(saat), **extra)
                ergebnis[f"{system}/{b.name}/gebuendelt/{saat}"] = _hash(_auswertung(a))
        try:
            ergebnis[f"{system}/zellen"] = _zellen_fall(system)
        except Exception as f:  # noqa: BLE001 – ein Fall hält die anderen nicht auf
            ergebnis[f"{system}/zellen"] = f"Fehler {type(f).__name__}: {f}"
    return ergebnis


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("schreiben", "pruefen"):
        print(__doc__)
        return 2
    befehl, datei = argv
    with tempfile.TemporaryDirectory() as tmp:
        os.environ.setdefault("GM_HELFER_KAEMPFE", tmp)
        jetzt = fingerabdruck()
    if befehl == "schreiben":
        Path(datei).write_text(json.dumps(jetzt, indent=1, ensure_ascii=False), encoding="utf-8")
        print(f"{len(jetzt)} Fälle geschrieben: {datei}")
        return 0
    vorher = json.loads(Path(datei).read_text(encoding="utf-8"))
    anders = 0
    for fall in sorted(set(vorher) | set(jetzt)):
        gleich = vorher.get(fall) == jetzt.get(fall)
        anders += not gleich
        print(f"{'gleich' if gleich else 'ANDERS'}  {fall}  {vorher.get(fall)} → {jetzt.get(fall)}")
    print("alles gleich" if not anders else f"{anders} Fälle anders")
    return 1 if anders else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
