"""Das Beispiel „Ein Kampf in Zellen“ der README läuft so, wie es dasteht, und tut, was seine
Kommentare sagen (gezogene Karten, wer an der Reihe ist, die offene Entscheidung, das Ende)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def _beispiel() -> list[tuple[str, str]]:
    """(Code, Kommentar) je Zeile des Python-Blocks mit ``kampf_starten``."""
    bloecke = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.DOTALL)
    block = next(b for b in bloecke if "kampf_starten" in b)
    zeilen = []
    for zeile in block.splitlines():
        code, _, kommentar = zeile.partition("  #")
        zeilen.append((code.strip(), kommentar.strip()))
    return zeilen


def test_readme_beispiel_tut_was_es_sagt():
    namen: dict = {}
    geprueft = set()
    for code, kommentar in _beispiel():
        exec(code, namen)  # noqa: S102 – der Code der README, wie er dasteht
        kampf = namen.get("kampf")
        if code == "kampf.runde()":
            gezogen = {e: str(karte) for e, karte in kampf.zustand.reihenfolge()}
            # „(Brakka zieht K♦, die Banditen 6♣)“
            behauptet = [(a or b, karte) for a, b, karte in re.findall(r"(?:(\w+) zieht|die (\w+)) (\S+?)[,)]", kommentar)]
            assert len(behauptet) == 2, kommentar
            for wer, karte in behauptet:
                assert gezogen.get(wer) == karte, (wer, karte, gezogen)
            geprueft.add("karten")
        elif code == "kampf.weiter()" and "höchste Karte" in kommentar:
            assert kampf.am_zug() == kampf.zustand.reihenfolge()[0][0]
            geprueft.add("weiter")
        elif code == "kampf.chancen()" and "Schaden" in kommentar:
            assert kampf.offene_entscheidungen()[0].schluessel.startswith("schaden")
            geprueft.add("offen")
        elif code.startswith("kampf.ausspielen()") and "bis zum Ende" in kommentar:
            assert kampf.sieger() is not None
            daten = kampf.tracker_daten()
            assert daten["naechster"] == "" and daten["entscheidungen"] == []  # entschieden: nichts mehr anzubieten
            geprueft.add("ende")
    assert geprueft == {"karten", "weiter", "offen", "ende"}
    kampf.schliessen()
