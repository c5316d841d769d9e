"""Tests für gm_helfer.protokoll: Ereignisse, fsync, Rückgängig, Fortsetzen, kaputte Zeilen."""

import json
import os
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_helfer import protokoll
from gm_helfer.protokoll import Ereignis, ProtokollFehler, Verlauf


@dataclass(frozen=True)
class Konto:
    stand: int
    buchungen: tuple[int, ...] = ()


def buchen(zustand: Konto, e: Ereignis) -> Konto:
    if e.art != "buchung":
        raise ValueError(f"unbekannte Art {e.art}")
    betrag = e.daten["betrag"]
    if zustand.stand + betrag < 0:
        raise ValueError("Konto darf nicht unter 0")
    return Konto(zustand.stand + betrag, zustand.buchungen + (betrag,))


def start(kopf) -> Konto:
    return Konto(kopf["stand"])


def b(betrag: int, eingetippt: bool = False) -> Ereignis:
    return Ereignis("buchung", {"betrag": betrag}, regel="Test › Buchung", eingetippt=eingetippt, text=f"{betrag:+d}")


def test_faltung_und_rueckgaengig_im_speicher():
    v = Verlauf(Konto(10), buchen)
    v.ausfuehren(b(5))
    v.ausfuehren(b(-3))
    assert v.zustand == Konto(12, (5, -3))
    assert v.rueckgaengig() == Konto(15, (5,))
    assert v.wiederholen() == Konto(12, (5, -3))
    v.rueckgaengig()
    v.rueckgaengig()
    assert v.zustand == v.start == Konto(10)
    with pytest.raises(ProtokollFehler, match="rückgängig"):
        v.rueckgaengig()


def test_ungueltiger_zug_aendert_nichts(tmp_path):
    datei = tmp_path / "k.jsonl"
    v = Verlauf(Konto(1), buchen, datei=datei, system="test", kopf={"stand": 1})
    zeilen_vorher = datei.read_text().count("\n")
    with pytest.raises(ValueError):
        v.ausfuehren(b(-5))
    assert v.zustand == Konto(1) and len(v) == 0
    assert datei.read_text().count("\n") == zeilen_vorher


def test_datei_fortsetzen_gleicher_zustand(tmp_path):
    datei = tmp_path / "k.jsonl"
    v = Verlauf(Konto(10), buchen, datei=datei, system="test", kopf={"stand": 10})
    for betrag in (5, -3, 7):
        v.ausfuehren(b(betrag, eingetippt=betrag == 7))
    v.rueckgaengig()
    v.ausfuehren(b(1))
    v.schliessen()  # ein Schreiber je Kampf: erst freigeben
    w, warnungen = Verlauf.fortsetzen(datei, start, buchen)
    assert warnungen == []
    assert w.zustand == v.zustand == Konto(13, (5, -3, 1))
    assert w.ereignisse == v.ereignisse
    assert w.system == "test"
    # die Datei hält das Rückgängig ehrlich fest
    eintraege = [json.loads(z) for z in datei.read_text().splitlines()]
    assert eintraege[0]["format"] == protokoll.FORMAT and eintraege[0]["version"] == protokoll.VERSION
    assert {"nr": 4, "rueckgaengig": 3}.items() <= eintraege[4].items()
    assert eintraege[3]["ereignis"]["eingetippt"] is True
    # nach dem Fortsetzen geht es in derselben Datei weiter
    w.ausfuehren(b(2))
    w.schliessen()
    x, _ = Verlauf.fortsetzen(datei, start, buchen)
    assert x.zustand == Konto(15, (5, -3, 1, 2))


def test_fsync_nach_jedem_ereignis(tmp_path, monkeypatch):
    aufrufe = []
    echt = os.fsync
    monkeypatch.setattr(protokoll.os, "fsync", lambda fd: (aufrufe.append(fd), echt(fd)))
    v = Verlauf(Konto(0), buchen, datei=tmp_path / "k.jsonl", kopf={"stand": 0})
    vorher = len(aufrufe)
    v.ausfuehren(b(1))
    assert len(aufrufe) > vorher
    vorher = len(aufrufe)
    v.rueckgaengig()
    assert len(aufrufe) > vorher


def test_abgerissene_letzte_zeile_wird_gemeldet_und_uebersprungen(tmp_path):
    datei = tmp_path / "k.jsonl"
    v = Verlauf(Konto(0), buchen, datei=datei, kopf={"stand": 0})
    v.ausfuehren(b(4))
    v.ausfuehren(b(6))
    v.schliessen()
    inhalt = datei.read_bytes()
    datei.write_bytes(inhalt[:-9])  # Absturz mitten im Schreiben der letzten Zeile
    w, warnungen = Verlauf.fortsetzen(datei, start, buchen)
    assert w.zustand == Konto(4, (4,))
    assert len(warnungen) == 1 and "Zeile 3" in warnungen[0] and "unvollständig" in warnungen[0]
    assert (tmp_path / "k.jsonl.abgerissen").exists()
    # weiterspielen und erneut fortsetzen ohne Warnung
    w.ausfuehren(b(1))
    w.schliessen()
    x, warnungen2 = Verlauf.fortsetzen(datei, start, buchen)
    assert warnungen2 == [] and x.zustand == Konto(5, (4, 1))


def test_kaputte_zeile_in_der_mitte_ist_fehler_mit_zeilennummer(tmp_path):
    datei = tmp_path / "k.jsonl"
    v = Verlauf(Konto(0), buchen, datei=datei, kopf={"stand": 0})
    v.ausfuehren(b(4))
    v.ausfuehren(b(6))
    v.schliessen()
    zeilen = datei.read_text().splitlines()
    zeilen[1] = zeilen[1][:10]
    datei.write_text("\n".join(zeilen) + "\n")
    with pytest.raises(ProtokollFehler, match="Zeile 2"):
        Verlauf.fortsetzen(datei, start, buchen)


@pytest.mark.parametrize(
    ("inhalt", "teil"),
    [
        ("", "leer"),
        ('{"format": "anderes"}\n', "kein gm_helfer"),
        ('{"format": "gm_helfer-protokoll", "version": 99}\n', "Protokollversion 99"),
    ],
)
def test_falscher_kopf(tmp_path, inhalt, teil):
    datei = tmp_path / "k.jsonl"
    datei.write_text(inhalt)
    with pytest.raises(ProtokollFehler, match=teil):
        Verlauf.fortsetzen(datei, start, buchen)


def test_fehlende_datei(tmp_path):
    with pytest.raises(ProtokollFehler, match="nicht lesen"):
        Verlauf.fortsetzen(tmp_path / "gibtsnicht.jsonl", start, buchen)


def test_ereignis_das_nicht_mehr_passt_nennt_zeile(tmp_path):
    datei = tmp_path / "k.jsonl"
    v = Verlauf(Konto(0), buchen, datei=datei, kopf={"stand": 0})
    v.ausfuehren(b(4))
    v.ausfuehren(b(-4))
    v.schliessen()
    # anderer Start: die zweite Buchung ginge unter 0
    with pytest.raises(ProtokollFehler, match="Zeile 3"):
        Verlauf.fortsetzen(datei, lambda kopf: Konto(-1), buchen)


def test_vorhandene_datei_wird_nicht_ueberschrieben(tmp_path):
    datei = tmp_path / "k.jsonl"
    Verlauf(Konto(0), buchen, datei=datei, kopf={"stand": 0})
    with pytest.raises(ProtokollFehler, match="fortsetzen"):
        Verlauf(Konto(0), buchen, datei=datei, kopf={"stand": 0})


def test_nicht_speicherbare_daten(tmp_path):
    v = Verlauf(Konto(0), lambda z, e: z, datei=tmp_path / "k.jsonl", kopf={"stand": 0})
    with pytest.raises(ProtokollFehler, match="nicht gespeichert"):
        v.ausfuehren(Ereignis("x", {"objekt": object()}))
    assert len(v) == 0


def test_zeilen_fuer_ansicht():
    v = Verlauf(Konto(0), buchen)
    v.ausfuehren(b(3, eingetippt=True))
    assert v.zeilen() == [{"Nr": 1, "Ereignis": "+3", "Regel": "Test › Buchung", "Würfel": "eingetippt"}]


_schritt = st.one_of(st.integers(-5, 9), st.just("undo"), st.just("redo"))


@settings(max_examples=80, deadline=None)
@given(st.lists(_schritt, max_size=25))
def test_fortsetzen_ergibt_immer_denselben_zustand(tmp_path_factory, schritte):
    datei = tmp_path_factory.mktemp("p") / "k.jsonl"
    v = Verlauf(Konto(3), buchen, datei=datei, kopf={"stand": 3})
    erwartet = [Konto(3)]
    for s in schritte:
        if s == "undo":
            if v.kann_rueckgaengig:
                v.rueckgaengig()
                erwartet.pop()
        elif s == "redo":
            if v.kann_wiederholen:
                v.wiederholen()
                erwartet.append(v.zustand)
        else:
            try:
                v.ausfuehren(b(s))
                erwartet.append(v.zustand)
            except ValueError:
                pass
        assert v.zustand == erwartet[-1]
    v.schliessen()
    w, warnungen = Verlauf.fortsetzen(datei, start, buchen)
    assert warnungen == [] and w.zustand == v.zustand and w.ereignisse == v.ereignisse
