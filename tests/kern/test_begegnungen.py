"""Begegnungen als Dateien (gm_helfer.begegnungen): Beispiele, Hin- und Rückweg, Fehler mit
Datei und Feld, Anzahl → nummerierte Kämpfer, Taktik je Seite."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from gm_helfer import begegnungen as bg
from gm_helfer import boegen, pfade, simulation
from gm_helfer.savage_worlds.simulation import Taktik
from gm_helfer.savage_worlds.sitzung import kampf_aus_boegen


@pytest.mark.parametrize("system", list(simulation.SYSTEME))
def test_beispiel_je_system_passt_zu_den_boegen(system):
    ladung = bg.laden_alle(system)
    assert ladung.meldungen == ()
    assert len(ladung.begegnungen) >= 1
    alle = boegen.laden(system)
    assert alle.meldungen == ()  # der Unterordner begegnungen/ wird nicht als Bögen gelesen
    for b in ladung.begegnungen:
        assert b.system == system and len(b.seiten) == 2
        assert bg.pruefen(b, alle.boegen) == []
        gespielt = bg.boegen_fuer(b, alle.boegen)
        assert {x.name for x in alle.boegen} >= {e.bogen for e in b.eintraege}
        assert len(gespielt) >= len(b.eintraege)


def test_savage_worlds_beispiel_statisten_als_gruppe_und_taktik_je_seite():
    b = bg.laden(bg.ordner("savage_worlds") / "ueberfall_an_der_furt.toml")
    bs = bg.boegen_fuer(b, boegen.laden("savage_worlds").boegen)
    z = kampf_aus_boegen(bs)
    banditen = [k for k in z.kaempfer if k.name.startswith("Bandit ")]
    assert [k.name for k in banditen] == [f"Bandit {i}" for i in range(1, 7)]
    assert len({z.empfaenger(k) for k in banditen}) == 1  # eine gemeinsame Karte, wie im Live-Kampf
    assert bg.taktik_fuer(b) == {"Helden": Taktik(), "Schurken": Taktik(wegstecken="ausser_gefecht")}
    a = simulation.begegnung("savage_worlds", bs, 300, rng=np.random.default_rng(3), taktik=bg.taktik_fuer(b),
                             max_runden=bg.max_runden(b))
    assert a == simulation.begegnung("savage_worlds", bs, 300, rng=np.random.default_rng(3),
                                     taktik={"Schurken": Taktik(wegstecken="ausser_gefecht")})


def test_wildcards_werden_nummeriert_und_seite_kommt_aus_der_begegnung():
    alle = boegen.laden("savage_worlds").boegen
    b = bg.Begegnung("Duell", "savage_worlds", (bg.Eintrag("Schurken", "Mira", 2), bg.Eintrag("Helden", "Brakka")))
    bs = bg.boegen_fuer(b, alle)
    assert [(x.name, x.werte["seite"]) for x in bs] == [("Mira 1", "Schurken"), ("Mira 2", "Schurken"), ("Brakka", "Helden")]
    assert next(x for x in alle if x.name == "Mira").werte["seite"] == "Helden"  # Bögen unverändert


def test_speichern_und_laden_hin_und_zurueck(tmp_path):
    b = bg.Begegnung(
        "Überfall an der Furt!", "savage_worlds",
        (bg.Eintrag("Helden", "Mira"), bg.Eintrag("Schurken", "Bandit", 8)),
        taktik={"ziel": "zufall"}, taktik_seiten={"Schurken": {"erholung": "sofort"}},
        optionen={"max_runden": 50, "joker_fuer_verbuendete": True}, beschreibung="Test",
    )
    datei = bg.speichern(b)
    assert datei == pfade.charakter_ordner("savage_worlds") / "begegnungen" / "ueberfall_an_der_furt.toml"
    zurueck = bg.laden(datei)
    assert replace(zurueck, datei=None) == replace(b, taktik=dict(b.taktik), optionen=dict(b.optionen))
    assert [p.name for p in datei.parent.iterdir() if p.name.startswith(".")] == []  # keine Temp-Reste
    assert bg.optionen_fuer(zurueck).joker_fuer_verbuendete is True and bg.max_runden(zurueck) == 50
    assert bg.taktik_fuer(zurueck) == {"Helden": Taktik(ziel="zufall"), "Schurken": Taktik(ziel="zufall", erholung="sofort")}
    # noch einmal speichern: dieselbe Datei, derselbe Inhalt
    text = datei.read_text()
    assert bg.speichern(zurueck) == datei and datei.read_text() == text


def test_tabelle_hin_und_zurueck():
    b = bg.laden(bg.ordner("savage_worlds") / "ueberfall_an_der_furt.toml")
    zeilen = bg.zeilen(b)
    assert zeilen[-1] == {"Seite": "Schurken", "Bogen": "Bandit", "Anzahl": 6}
    zeilen[-1]["Anzahl"] = 9
    zeilen.append({"Seite": "Schurken", "Bogen": "Wolf", "Anzahl": None})
    zeilen.append({"Seite": "", "Bogen": "", "Anzahl": None})  # leere Zeile fällt weg
    neu = bg.aus_zeilen(b, zeilen)
    assert neu.eintraege[-2:] == (bg.Eintrag("Schurken", "Bandit", 9), bg.Eintrag("Schurken", "Wolf", 1))
    with pytest.raises(bg.BegegnungFehler, match=r"Zeile 2, Anzahl'.*ganze Zahl ab 1.*„0“"):
        bg.aus_zeilen(b, [zeilen[0], {**zeilen[1], "Anzahl": 0}])
    with pytest.raises(bg.BegegnungFehler, match="für „Mira“ fehlt die Seite"):
        bg.aus_zeilen(b, [{"Seite": "", "Bogen": "Mira", "Anzahl": 1}])


@pytest.mark.parametrize(
    ("text", "meldung"),
    [
        ('name = "X"\nsystem = "savage_worlds"\n[[seiten]\n', "kaputt.toml: "),
        ('system = "savage_worlds"\n', "kaputt.toml, Feld 'name': fehlt"),
        ('name = "X"\nsystem = "savage_worlds"\n', "Feld 'seiten': fehlt"),
        ('name = "X"\nsystem = "savage_worlds"\n[[seiten]]\nname = "Helden"\nkaempfer = [{ bogen = "Mira", anzahl = 0 }]\n',
         r"Feld 'seiten\[1\].kaempfer\[1\].anzahl': muss eine ganze Zahl ab 1 sein, nicht „0“"),
        ('name = "X"\nsystem = "savage_worlds"\n[[seiten]]\nname = "Helden"\n', "die Seite „Helden“ hat keine Kämpfer"),
    ],
)
def test_lesefehler_nennen_datei_und_feld(tmp_path, text, meldung):
    datei = tmp_path / "kaputt.toml"
    datei.write_text(text)
    with pytest.raises(bg.BegegnungFehler, match=meldung):
        bg.laden(datei)


def test_pruefen_meldet_jedes_problem_mit_feld():
    alle = boegen.laden("savage_worlds").boegen
    b = bg.Begegnung("X", "savage_worlds", (bg.Eintrag("Helden", "Niemand"), bg.Eintrag("Drachen", "Bandit")),
                     taktik={"ziel": "naechster"}, optionen={"gibtsnicht": True, "max_runden": 0})
    meldungen = bg.pruefen(b, alle)
    assert any("Feld 'Helden: Niemand'" in m and "einen Bogen „Niemand“ gibt es nicht" in m for m in meldungen)
    assert any("Feld 'taktik': Taktik, Feld „ziel“: „naechster“ gibt es nicht" in m for m in meldungen)
    assert any("Feld 'optionen.gibtsnicht': diese Option gibt es nicht" in m for m in meldungen)
    assert any("Feld 'optionen.max_runden'" in m for m in meldungen)
    b2 = replace(b, eintraege=(bg.Eintrag("Helden", "Mira"), bg.Eintrag("Drachen", "Bandit")), taktik={}, optionen={})
    assert bg.pruefen(b2, alle) == [
        "Begegnung, Feld 'Drachen: Bandit': Seite „Drachen“ gibt es in savage_worlds nicht (möglich: Helden, Schurken)."
    ]
    b3 = replace(b2, optionen={"joker_fuer_verbuendete": "ja"}, eintraege=(bg.Eintrag("Helden", "Mira"),))
    meldungen = bg.pruefen(b3, alle)
    assert any("braucht zwei Seiten" in m for m in meldungen)
    assert any("Feld 'optionen.joker_fuer_verbuendete': muss vom Typ bool sein" in m for m in meldungen)


def test_system_ohne_taktik(monkeypatch):
    b = bg.Begegnung("X", "zeitstrahl", (bg.Eintrag("Helden", "Bruni"), bg.Eintrag("Feinde", "Wolf")))
    monkeypatch.setattr(bg, "taktik_klasse", lambda system: None)
    assert bg.taktik_fuer(b) is None
    with pytest.raises(bg.BegegnungFehler, match="kennt \\(noch\\) keine wählbare Taktik"):
        bg.taktik_fuer(replace(b, taktik={"ziel": "zufall"}))


def test_eine_kaputte_datei_haelt_die_anderen_nicht_auf():
    ordner = bg.ordner("savage_worlds")
    (ordner / "a_kaputt.toml").write_text("name = ")
    (ordner / "b_fremd.toml").write_text(
        'name = "Y"\nsystem = "w100"\n[[seiten]]\nname = "helden"\nkaempfer = [{ bogen = "John" }]\n'
    )
    ladung = bg.laden_alle("savage_worlds")
    assert [b.name for b in ladung.begegnungen] == ["Überfall an der Furt"]
    assert len(ladung.meldungen) == 2
    assert ladung.meldungen[0].startswith("savage_worlds/begegnungen/a_kaputt.toml") or "a_kaputt.toml" in ladung.meldungen[0]
    assert "b_fremd.toml, Feld 'system': „w100“ gehört nicht in den Ordner von „savage_worlds“" in ladung.meldungen[1]
    assert boegen.laden("savage_worlds").meldungen == ()


def test_ohne_ordner_keine_begegnungen(tmp_path):
    assert bg.laden_alle("savage_worlds", tmp_path / "fehlt") == bg.Ladung((), ())


def test_begegnung_mit_taktik_laeuft_im_ereignispfad():
    """Die Taktik einer Begegnung spielt auch der Ereignispfad (einen_kampf)."""
    from gm_helfer.savage_worlds.simulation import einen_kampf

    b = bg.laden(bg.ordner("savage_worlds") / "ueberfall_an_der_furt.toml")
    ausgang = einen_kampf(bg.boegen_fuer(b, boegen.laden("savage_worlds").boegen), rng=random.Random(1),
                          taktik=bg.taktik_fuer(b), max_runden=bg.max_runden(b))
    assert ausgang.sieger in ("Helden", "Schurken", None)


# ---------------------------------------------------------------------------------------
# Live-Notebooks: „Begegnung laden“ (gm_helfer.tisch)
# ---------------------------------------------------------------------------------------


def test_tisch_begegnung_start_legt_den_kampf_der_begegnung_an():
    from gm_helfer import tisch

    alle = boegen.laden("savage_worlds").boegen
    datei = bg.ordner("savage_worlds") / "ueberfall_an_der_furt.toml"
    wahl = tisch.begegnung_wahl("savage_worlds")
    assert str(datei) in wahl.options.values() and wahl.value == ""
    start = tisch.begegnung_start(datei, alle)
    assert start.meldung == "" and start.namen == ("Mira", "Lena Falk", "Brakka", "Schwarzer Baron", "Bandit")
    assert start.optionen is None  # das Beispiel setzt nur max_runden
    z = kampf_aus_boegen(start.boegen)
    assert [k.name for k in z.kaempfer] == (
        ["Mira", "Lena Falk", "Brakka", "Schwarzer Baron"] + [f"Bandit {i}" for i in range(1, 7)]
    )
    # Der Spielleiter wählt Brakka ab
    ohne = tisch.begegnung_start(datei, alle, gewaehlt=["Mira", "Lena Falk", "Schwarzer Baron", "Bandit"])
    assert "Brakka" not in [b.name for b in ohne.boegen] and ohne.namen == start.namen
    # ohne Begegnung: die gewählten Bögen wie bisher
    assert [b.name for b in tisch.begegnung_start("", alle, gewaehlt=["Mira", "Bandit"]).boegen] == ["Bandit", "Mira"]
    kaputt = datei.with_name("kaputt.toml")
    kaputt.write_text('name = "X"\nsystem = "savage_worlds"\n')
    fehler = tisch.begegnung_start(kaputt, alle)
    assert fehler.boegen == () and fehler.meldung.startswith("⚠ ") and "kaputt.toml, Feld 'seiten'" in fehler.meldung
