"""Übungen der Lern-Notebooks (gm_helfer.lehre): Eingabe lesen, prüfen, Punktestand, Kurzreferenz."""

from __future__ import annotations

from fractions import Fraction
from html.parser import HTMLParser

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_helfer.lehre import Aufgabe, antwort_text, kurzreferenz_html, pruefen, punktestand

PROZENT = Aufgabe("p", "Chance?", 23 / 48, "prozent", "Weil.")
ZAHL = Aufgabe("z", "Wunden?", 2, "zahl", "Zwei Steigerungen.")
WAHL = Aufgabe("w", "Wann?", "vorher", "wahl", "Steht im Text.", wahl=("vorher", "nachher"))


@pytest.mark.parametrize("eingabe", ["47,9", "47.9", "47,9 %", " 48 ", "47,92%"])
def test_prozent_in_deutscher_und_englischer_schreibweise(eingabe):
    assert pruefen(PROZENT, eingabe).richtig is True


@pytest.mark.parametrize("eingabe", ["47", "50", "0,479", "-47,9"])
def test_prozent_ausserhalb_der_toleranz_ist_falsch(eingabe):
    r = pruefen(PROZENT, eingabe)
    assert r.richtig is False
    assert "47,9 %" in r.text and "Weil." in r.text  # die Lösung und die Erklärung stehen immer dabei


def test_zahl_und_wahl():
    assert pruefen(ZAHL, "2").richtig is True
    assert pruefen(ZAHL, "3").richtig is False
    assert pruefen(WAHL, "vorher").richtig is True
    assert pruefen(WAHL, "nachher").richtig is False


@pytest.mark.parametrize("eingabe", [None, "", "   "])
def test_leere_eingabe_ist_unbeantwortet(eingabe):
    assert pruefen(ZAHL, eingabe).richtig is None


@pytest.mark.parametrize("eingabe", ["zwei", "2W6", "1e3", "12,5,3"])
def test_unlesbare_eingabe_gibt_deutschen_hinweis_statt_fehler(eingabe):
    r = pruefen(ZAHL, eingabe)
    assert r.richtig is None and "keine Zahl" in r.text


def test_punktestand_zaehlt_richtige_und_beantwortete():
    aufgaben = [PROZENT, ZAHL, WAHL]
    assert punktestand(aufgaben, {"p": "47,9", "z": "3"}) == (1, 2, 3)
    assert punktestand(aufgaben, {}) == (0, 0, 3)


def test_aufgabe_prueft_ihre_antwort():
    with pytest.raises(ValueError):
        Aufgabe("x", "?", "c", "wahl", "", wahl=("a", "b"))
    with pytest.raises(ValueError):
        Aufgabe("x", "?", 1.5, "prozent", "")


@given(st.fractions(min_value=0, max_value=1))
def test_die_angezeigte_loesung_wird_als_richtig_erkannt(p):
    aufgabe = Aufgabe("p", "?", float(p), "prozent", "")
    text = antwort_text(aufgabe)
    if text.startswith(("<", ">")):  # „fast nie“/„fast sicher“ zeigt gm_helfer nie als 0 oder 100 %
        assert 0 < p < Fraction(1, 2000) or 1 - Fraction(1, 2000) < p < 1
    else:
        assert pruefen(aufgabe, text).richtig is True


@given(st.integers(min_value=-50, max_value=50))
def test_ganze_zahlen_genau(n):
    aufgabe = Aufgabe("z", "?", n, "zahl", "", toleranz=0)
    assert pruefen(aufgabe, str(n)).richtig is True
    assert pruefen(aufgabe, str(n + 1)).richtig is False


class _Struktur(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.text.append(data)


def test_kurzreferenz_ist_eine_ganze_seite_und_maskiert_text():
    seite = kurzreferenz_html("Titel <b>", [("Runde", ["a < b & c"])], [("Benny", "Glück")])
    leser = _Struktur()
    leser.feed(seite)
    assert leser.tags.count("h2") == 2 and "b" not in leser.tags  # der Titel wird nicht zu HTML
    text = "".join(leser.text)
    assert "Titel <b>" in text and "a < b & c" in text and "Glück" in text
    assert "http" not in seite  # keine externen Dateien: druckbar ohne Netz


@pytest.mark.parametrize("system", ["savage_worlds", "aloran", "zeitstrahl", "w100"])
def test_kursbausteine_aus_dem_kursmodul_jedes_systems(system):
    """Kopf, Übungsfelder und Anhang kommen für alle vier Kurse aus gm_helfer.lehre."""
    import importlib

    from gm_helfer import lehre

    kursmodul = importlib.import_module(f"gm_helfer.{system}.lehre")
    kopf = lehre.kurs_kopf("Titel", """
        Eine eingerückte Einleitung
        über zwei Zeilen.
        """, "von A bis B, du entscheidest.", teil_b=" (1–6)").text
    # eingerückter Text im Notebook wird kein Codeblock; die Gliederung A–E steht vollständig da
    assert "<pre" not in kopf and "<code" not in kopf and "Eine eingerückte Einleitung" in kopf
    for teil in ("Teil A", "Teil B", "Teil C", "Teil D", "Teil E", "von A bis B", "(1–6)"):
        assert teil in kopf
    aufgaben, felder = lehre.kurs_uebungen(kursmodul)
    assert [a.schluessel for a in aufgaben] == list(felder.value) and aufgaben
    anhang = lehre.kurs_anhang(kursmodul, f"{system}_kurzreferenz.html").text
    assert "Teil D – die Fallen" in anhang and f"{system}_kurzreferenz.html" in anhang
