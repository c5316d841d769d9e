"""Ein verändertes Byte fällt auf: jede Protokollzeile trägt eine Prüfsumme (Kette über die Zeilen).

Vorher liefen von 300 Ein-Byte-Änderungen eines Protokolls mit 40 Schritten 68 still mit anderen
Ereignissen weiter (etwa einem geänderten Würfelwurf)."""

from __future__ import annotations

import json
import random

import pytest

from gm_helfer.protokoll import Ereignis, ProtokollFehler, VeraendertFehler, Verlauf


def plus(z: int, e: Ereignis) -> int:
    return z + int(e.daten["augen"])


def start(kopf) -> int:
    return int(kopf.get("start", 0))


def _protokoll(tmp_path, schritte=40):
    datei = tmp_path / "kampf.jsonl"
    v = Verlauf(0, plus, datei=datei, system="probe", kopf={"start": 0})
    rng = random.Random(3)
    for i in range(schritte):
        v.ausfuehren(Ereignis("wurf", {"augen": rng.randint(1, 6)}, text=f"Wurf {i}"))
        if i % 9 == 8:
            v.rueckgaengig()
    v.schliessen()
    return datei, [e.als_dict() for e in v.ereignisse]


def test_jede_zeile_hat_eine_pruefsumme(tmp_path):
    datei, _ = _protokoll(tmp_path)
    zeilen = datei.read_bytes().splitlines()
    assert all(json.loads(z)["pruef"] for z in zeilen) and json.loads(zeilen[0])["kette"] == 1


def test_300_ein_byte_aenderungen_keine_still(tmp_path):
    datei, vorher = _protokoll(tmp_path)
    roh = datei.read_bytes()
    rng = random.Random(22)
    still = erkannt = gleich = 0
    for _ in range(300):
        b = bytearray(roh)
        stelle = rng.randrange(len(b))
        b[stelle] = (b[stelle] + rng.randrange(1, 256)) % 256
        datei.write_bytes(bytes(b))
        try:
            v, warnungen = Verlauf.fortsetzen(datei, start, plus, nur_lesen=True)
        except ProtokollFehler as fehler:
            erkannt += 1
            assert "Zeile" in str(fehler)
            continue
        if [e.als_dict() for e in v.ereignisse] == vorher or (warnungen and "unvollständig" in warnungen[0]):
            gleich += 1  # das letzte Zeilenende getroffen: wie abgerissen gemeldet und beiseitegelegt
        else:
            still += 1
    assert still == 0
    assert erkannt >= 290


def test_veraenderte_zeile_wird_genannt_und_trotzdem_laden_vermerkt(tmp_path):
    datei, _ = _protokoll(tmp_path)
    zeilen = datei.read_text(encoding="utf-8").splitlines()
    eintrag = json.loads(zeilen[5])
    augen = eintrag["ereignis"]["daten"]["augen"]
    zeilen[5] = zeilen[5].replace(f'"augen":{augen}', '"augen":6' if augen != 6 else '"augen":5')
    datei.write_text("\n".join(zeilen) + "\n", encoding="utf-8")
    with pytest.raises(VeraendertFehler) as info:
        Verlauf.fortsetzen(datei, start, plus)
    assert info.value.zeilen == (6,) and "Zeile 6" in str(info.value) and "trotzdem laden" in str(info.value)
    v, warnungen = Verlauf.fortsetzen(datei, start, plus, trotzdem=True)
    assert any("trotzdem geladen" in w and "Zeile 6" in w for w in warnungen)
    vermerk = json.loads(datei.with_name(datei.name + ".pruefung").read_text(encoding="utf-8"))
    assert vermerk["trotzdem_geladen"] is True and vermerk["zeilen"] == [6]
    v.ausfuehren(Ereignis("wurf", {"augen": 1}))  # weiter geht es, die Kette schließt an
    v.schliessen()
    with pytest.raises(VeraendertFehler) as info:  # die geänderte Zeile bleibt genannt, nur sie
        Verlauf.fortsetzen(datei, start, plus, nur_lesen=True)
    assert info.value.zeilen == (6,)


def test_alte_protokolle_ohne_kette_laden_weiter(tmp_path):
    datei, vorher = _protokoll(tmp_path)
    alt = []
    for zeile in datei.read_bytes().splitlines():
        e = json.loads(zeile)
        e.pop("pruef")
        e.pop("kette", None)
        alt.append(json.dumps(e, ensure_ascii=False, separators=(",", ":")))
    datei.write_text("\n".join(alt) + "\n", encoding="utf-8")
    v, warnungen = Verlauf.fortsetzen(datei, start, plus)
    assert [e.als_dict() for e in v.ereignisse] == vorher and warnungen == []
    v.ausfuehren(Ereignis("wurf", {"augen": 2}))  # ohne Kette weitergeschrieben
    v.schliessen()
    assert "pruef" not in datei.read_text(encoding="utf-8")
    assert len(Verlauf.fortsetzen(datei, start, plus, nur_lesen=True)[0].ereignisse) == len(vorher) + 1


def test_nachladen_erkennt_veraenderte_neue_zeile(tmp_path):
    datei, _ = _protokoll(tmp_path, schritte=3)
    schreiber, _ = Verlauf.fortsetzen(datei, start, plus)
    leser, _ = Verlauf.fortsetzen(datei, start, plus, nur_lesen=True)
    schreiber.ausfuehren(Ereignis("wurf", {"augen": 3}))
    roh = datei.read_bytes().replace(b'"augen":3}', b'"augen":4}')
    datei.write_bytes(roh)
    with pytest.raises(VeraendertFehler):
        leser.nachladen()
    schreiber.schliessen()


def test_trotzdem_laden_im_notebook_knopf(tmp_path):
    """Issue 22, Punkt 8: „the GM can still load it explicitly (‚trotzdem laden‘)“ – im Notebook
    über die Fortsetzen-Knöpfe (:func:`gm_helfer.tisch.fortsetzen`, Art „trotzdem“)."""
    from gm_helfer import tisch

    datei, _ = _protokoll(tmp_path)
    zeilen = datei.read_text(encoding="utf-8").splitlines()
    augen = json.loads(zeilen[3])["ereignis"]["daten"]["augen"]
    zeilen[3] = zeilen[3].replace(f'"augen":{augen}', f'"augen":{augen % 6 + 1}')
    datei.write_text("\n".join(zeilen) + "\n", encoding="utf-8")
    abgelehnt = tisch.fortsetzen(datei, start, plus)
    assert abgelehnt.verlauf is None
    assert "Zeile 4" in abgelehnt.meldung and f"„{tisch.TROTZDEM}“" in abgelehnt.meldung
    geladen = tisch.fortsetzen(datei, start, plus, art="trotzdem")
    assert geladen.verlauf is not None and not geladen.verlauf.nur_lesen
    assert geladen.meldung.startswith("Trotz veränderter Zeile geladen") and "Zeile 4" in geladen.meldung
    geladen.verlauf.schliessen()
