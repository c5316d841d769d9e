"""Bögen gegen feindliche Eingaben (Issue 15, Punkte 6 bis 8), mit dem Savage-Worlds-Schema.

Jeder Test hat vor der Änderung versagt: doppelte Namen wurden angenommen und beim
Speichern wanderten Waffen in die falsche Datei; eine 4.301-stellige Zahl oder 1.500
Ebenen Verschachtelung ließen ``laden`` für alle Bögen scheitern; ``seite = {}`` ergab
still den Standardwert; ein falscher Waffenschaden fiel erst beim Kampfbeginn auf;
Syntaxfehler waren englisch, ein Byte-Order-Mark ein Fehler; Speichern schrieb die ganze
Datei neu (Kommentare weg, Standardwerte dazu, Rechte 0600) und ließ Temp-Reste liegen.
"""

from __future__ import annotations

import os
import re
import shutil
import stat
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gm_helfer import boegen, pfade
from gm_helfer.savage_worlds import bogen as sw_bogen

SYSTEM = "savage_worlds"
SCHEMA = sw_bogen.SCHEMA

BANDIT_MIT_KOMMENTAREN = """\
# Bandit aus dem Abenteuer „Die Furt“ – Kommentar des Spielleiters
name = "Bandit"
art   = "Statist"   # ausgerichtet, wie der SL es mag
seite = "Schurken"
anzahl = 4
bennies = 0  # Statisten haben keine

[attribute]
geschicklichkeit = "W6"
verstand = "W4"
willenskraft = "W6"
staerke = "W6"
konstitution = "W6"

[fertigkeiten]
kaempfen = "W6"   # zweitbester Wert

# Nahkampf zuerst
[[waffen]]
name = "Kurzschwert"
art = "Nahkampf"
schaden = "St+W6"

# Die Armbrust braucht Zeit zum Laden
[[waffen]]
name = "Armbrust"
art = "Fernkampf"
schaden = "2W6"
kurz = 15
"""


def _ordner(tmp_path: Path) -> Path:
    ordner = tmp_path / SYSTEM
    ordner.mkdir(parents=True, exist_ok=True)
    return ordner


def _schreiben(ordner: Path, name: str, text: str | bytes) -> Path:
    datei = ordner / name
    datei.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        datei.write_bytes(text)
    else:
        datei.write_text(text, encoding="utf-8")
    return datei


def _einzig(ergebnis: boegen.Ladeergebnis, datei: str) -> boegen.BogenFehler:
    passend = [f for f in ergebnis.fehler if f.datei.name == datei]
    assert len(passend) == 1, ergebnis.meldungen
    return passend[0]


ENGLISCH = re.compile(r"\b(line|column|Invalid|Expected|Cannot|Unterminated|Illegal|Exceeds|limit|recursion)\b")


# --------------------------------------------------------------------------- 6: doppelte Namen


def test_doppelte_namen_beide_dateien_genannt_beide_ausgeschlossen(tmp_path):
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN)
    _schreiben(ordner, "vorlagen/bandit_kopie.toml", BANDIT_MIT_KOMMENTAREN.replace("Kurzschwert", "Keule"))
    _schreiben(ordner, "ork.toml", BANDIT_MIT_KOMMENTAREN.replace('"Bandit"', '"Ork"'))
    ergebnis = boegen.laden(SYSTEM, ordner)
    assert [b.name for b in ergebnis.boegen] == ["Ork"]
    a = _einzig(ergebnis, "bandit.toml")
    b = _einzig(ergebnis, "bandit_kopie.toml")
    assert a.feld == b.feld == "name" and a.charakter == b.charakter == "Bandit"
    assert "bandit_kopie.toml" in str(a) and "Der Name „Bandit“ steht auch in" in str(a)
    assert str(ordner / "bandit.toml").endswith(str(b).split("steht auch in ")[1].split(". ")[0])


def test_doppelte_namen_speichern_ohne_aenderung_verschiebt_nichts(tmp_path):
    """Der gemeldete Fehler: ohne jede Änderung wanderten Waffen in die andere Datei."""
    ordner = _ordner(tmp_path)
    eins = _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN)
    zwei = _schreiben(ordner, "bandit2.toml", BANDIT_MIT_KOMMENTAREN.replace("Kurzschwert", "Keule"))
    vorher = {d: d.read_bytes() for d in (eins, zwei)}
    ladung = boegen.laden(SYSTEM, ordner)
    tabellen = boegen.als_tabellen(ladung.boegen, SCHEMA)
    geprueft = boegen.aus_tabellen(tabellen, SCHEMA, ladung.boegen)
    for b in geprueft.boegen:
        boegen.speichern(b)
    assert {d: d.read_bytes() for d in (eins, zwei)} == vorher


def test_speichern_verweigert_solange_namen_kollidieren(tmp_path, monkeypatch):
    ordner = _ordner(tmp_path)
    monkeypatch.setenv("GM_HELFER_CHARAKTERE", str(tmp_path))
    ork = _schreiben(ordner, "ork.toml", BANDIT_MIT_KOMMENTAREN.replace('"Bandit"', '"Ork"'))
    _schreiben(ordner, "vorlagen/bandit.toml", BANDIT_MIT_KOMMENTAREN)
    (bogen_ork,) = [b for b in boegen.laden(SYSTEM, ordner).boegen if b.name == "Ork"]
    vorher = ork.read_bytes()
    umbenannt = boegen.Bogen(ork, boegen.FesteZuordnung({**bogen_ork.werte, "name": "Bandit"}),
                             bogen_ork.untertabellen, SYSTEM)
    with pytest.raises(boegen.SpeicherFehler) as info:
        boegen.speichern(umbenannt)
    assert "ork.toml" in str(info.value) and "vorlagen/bandit.toml" in str(info.value)
    assert "nicht gespeichert" in str(info.value)
    assert ork.read_bytes() == vorher


def test_bearbeitete_tabelle_mit_doppeltem_namen(tmp_path):
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN)
    _schreiben(ordner, "ork.toml", BANDIT_MIT_KOMMENTAREN.replace('"Bandit"', '"Ork"').replace("Kurzschwert", "Axt"))
    ladung = boegen.laden(SYSTEM, ordner)
    tabellen = boegen.als_tabellen(ladung.boegen, SCHEMA)
    import polars as pl

    tabellen["charaktere"] = tabellen["charaktere"].with_columns(pl.lit("Bandit").alias("name"))
    geprueft = boegen.aus_tabellen(tabellen, SCHEMA, ladung.boegen)
    assert geprueft.boegen == ()
    assert sorted(f.datei.name for f in geprueft.fehler) == ["bandit.toml", "ork.toml"]
    assert all("steht auch in" in str(f) for f in geprueft.fehler)


# --------------------------------------------------------------------------- 7: ein kaputter Bogen


@pytest.mark.parametrize(
    "text, stueck",
    [
        ("name = \"Riese\"\nbennies = " + "1" * 4301 + "\n", "mehr als 4.300 Ziffern"),
        ("name = \"Tief\"\nx = " + "[" * 1500 + "]" * 1500 + "\n", "zu tief verschachtelt"),
        ("name = \"Tief\"\n[" + ".".join(["a"] * 1500) + "]\n", "zu tief verschachtelt"),
        ("name = \"Tief\"\nx = " + "{a = " * 1500 + "1" + "}" * 1500 + "\n", "zu tief verschachtelt"),
    ],
)
def test_ein_boeser_bogen_haelt_den_lader_nicht_auf(tmp_path, text, stueck):
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN)
    _schreiben(ordner, "boese.toml", text)
    ergebnis = boegen.laden(SYSTEM, ordner)
    assert [b.name for b in ergebnis.boegen] == ["Bandit"]
    fehler = _einzig(ergebnis, "boese.toml")
    assert stueck in str(fehler) and not ENGLISCH.search(str(fehler))


@pytest.mark.parametrize(
    "ersetzen, feld, stueck",
    [
        (('seite = "Schurken"', "seite = {}"), "seite", "nicht eine Tabelle"),
        (('seite = "Schurken"', 'seite = { wert = "Helden" }'), "seite", "nicht eine Tabelle"),
        (("anzahl = 4", "anzahl = [4]"), "anzahl", "nicht eine Liste"),
        (('[attribute]\n', 'attribute = 5\n[attribute_x]\n'), "attribute", "muss eine Tabelle sein"),
        (('kaempfen = "W6"', "kaempfen = {}"), "fertigkeiten.kaempfen", "nicht eine Tabelle"),
        (('schaden = "St+W6"', "schaden = {}"), "waffen[1].schaden", "nicht eine Tabelle"),
    ],
)
def test_tabelle_statt_wert_ist_fehler_nicht_standard(tmp_path, ersetzen, feld, stueck):
    """``seite = {}`` machte aus einem Helden still einen Schurken (Standardwert)."""
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN.replace(*ersetzen))
    ergebnis = boegen.laden(SYSTEM, ordner)
    assert ergebnis.boegen == ()
    assert any(f.feld == feld and stueck in f.meldung for f in ergebnis.fehler), ergebnis.meldungen


@pytest.mark.parametrize(
    "schaden, stueck",
    [("St+W7", "kein W7"), ("Schwert", "kein gültiger"), ("St+20W12", "nicht exakt berechnen"), ("W" + "9" * 20, "zu groß")],
)
def test_waffenschaden_beim_laden_geprueft(tmp_path, schaden, stueck):
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN.replace('"St+W6"', f'"{schaden}"'))
    ergebnis = boegen.laden(SYSTEM, ordner)
    assert ergebnis.boegen == ()
    fehler = _einzig(ergebnis, "bandit.toml")
    assert (fehler.charakter, fehler.feld) == ("Bandit", "waffen[1].schaden")
    assert stueck in fehler.meldung
    assert str(fehler).startswith(str(ordner / "bandit.toml")) or "bandit.toml, Bandit, Feld 'waffen[1].schaden'" in str(fehler)


@pytest.mark.parametrize(
    "text, stueck",
    [
        ('name = "Ohne Ende\n', "Zeile 1"),
        ("name = Bandit\n", "Anführungszeichen"),
        ('name = "A"\nname = "B"\n', "zweites Mal"),
        ('name = "A"\n[fertigkeiten]\n[fertigkeiten]\n', "zweimal"),
        ('name = "A"\n[attribute\n', "Tabellenkopf"),
        ('name = "A"\nwaffen = [1, 2\n', "Liste"),
        ('name = "A"\nx = {a = 1\n', "Inline-Tabelle"),
        ("= 3\n", "Zeile 1"),
        ('name = "A" b = 1\n', "muss die Zeile enden"),
        ('name = "A\\q"\n', "TOML-Syntaxfehler"),
        ("name = 1979-02-30\n", "Datum"),
    ],
)
def test_toml_syntaxfehler_deutsch(tmp_path, text, stueck):
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "kaputt.toml", text)
    fehler = _einzig(boegen.laden(SYSTEM, ordner), "kaputt.toml")
    assert "TOML-Syntaxfehler" in fehler.meldung and stueck in fehler.meldung, fehler.meldung
    assert not ENGLISCH.search(fehler.meldung), fehler.meldung


def test_byte_order_mark_wird_angenommen_und_bleibt(tmp_path):
    ordner = _ordner(tmp_path)
    datei = _schreiben(ordner, "bandit.toml", "\ufeff" + BANDIT_MIT_KOMMENTAREN)
    (bandit,) = boegen.laden(SYSTEM, ordner).boegen
    assert bandit.name == "Bandit"
    geaendert = boegen.Bogen(datei, boegen.FesteZuordnung({**bandit.werte, "bennies": 1}), bandit.untertabellen, SYSTEM)
    assert boegen.speichern(geaendert)
    assert datei.read_bytes().startswith("\ufeff".encode())
    (zurueck,) = boegen.laden(SYSTEM, ordner).boegen
    assert zurueck.werte["bennies"] == 1


# --------------------------------------------------------------------------- 8: Speichern erhält die Datei


def _bandit(tmp_path: Path, modus: int = 0o640) -> tuple[Path, boegen.Bogen]:
    ordner = _ordner(tmp_path)
    datei = _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN)
    os.chmod(datei, modus)
    (bandit,) = boegen.laden(SYSTEM, ordner).boegen
    return datei, bandit


def _mit(bogen: boegen.Bogen, werte=None, waffen=None) -> boegen.Bogen:
    return boegen.Bogen(
        bogen.datei,
        boegen.FesteZuordnung({**bogen.werte, **(werte or {})}),
        boegen.FesteZuordnung({**bogen.untertabellen, **({"waffen": waffen} if waffen is not None else {})}),
        bogen.system,
    )


def _geaenderte_zeilen(alt: str, neu: str) -> list[tuple[str, str]]:
    import difflib

    return [
        (zeile[0], zeile[2:])
        for zeile in difflib.ndiff(alt.splitlines(), neu.splitlines())
        if zeile[:1] in "+-" and zeile[:2] != "? "
    ]


def test_ein_geaenderter_wert_aendert_genau_eine_zeile(tmp_path):
    datei, bandit = _bandit(tmp_path)
    assert boegen.speichern(_mit(bandit, {"bennies": 2, "fertigkeiten.kaempfen": "W8"}))
    neu = datei.read_text(encoding="utf-8")
    assert _geaenderte_zeilen(BANDIT_MIT_KOMMENTAREN, neu) == [
        ("-", "bennies = 0  # Statisten haben keine"),
        ("+", "bennies = 2  # Statisten haben keine"),
        ("-", 'kaempfen = "W6"   # zweitbester Wert'),
        ("+", 'kaempfen = "W8"   # zweitbester Wert'),
    ]
    assert stat.S_IMODE(datei.stat().st_mode) == 0o640  # die Rechte bleiben (vorher 0600)
    (zurueck,) = boegen.laden(SYSTEM, datei.parent).boegen
    assert zurueck.werte["bennies"] == 2 and zurueck.werte["fertigkeiten.kaempfen"] == "W8"


def test_standardwerte_kommen_nicht_hinzu(tmp_path):
    datei, bandit = _bandit(tmp_path)
    assert "bewegungsweite" not in BANDIT_MIT_KOMMENTAREN and bandit.werte["bewegungsweite"] == 6
    boegen.speichern(_mit(bandit, {"ruestung": 1}))
    neu = datei.read_text(encoding="utf-8")
    assert _geaenderte_zeilen(BANDIT_MIT_KOMMENTAREN, neu) == [("+", "ruestung = 1")]
    assert len(neu.encode()) - len(BANDIT_MIT_KOMMENTAREN.encode()) == len("ruestung = 1\n")


def test_neuer_wert_in_vorhandener_tabelle_und_feld_entfernen(tmp_path):
    datei, bandit = _bandit(tmp_path)
    boegen.speichern(_mit(bandit, {"fertigkeiten.schiessen": "W8", "gruppe": "Räuber"}))
    neu = datei.read_text(encoding="utf-8")
    assert sorted(_geaenderte_zeilen(BANDIT_MIT_KOMMENTAREN, neu)) == [
        ("+", 'gruppe = "Räuber"'),
        ("+", 'schiessen = "W8"'),
    ]
    assert neu.index('schiessen = "W8"') > neu.index("[fertigkeiten]")
    (b,) = boegen.laden(SYSTEM, datei.parent).boegen
    boegen.speichern(_mit(b, {"gruppe": None}))
    assert "gruppe" not in datei.read_text(encoding="utf-8")


def test_waffen_loeschen_und_anfuegen_wie_ein_diff(tmp_path):
    datei, bandit = _bandit(tmp_path)
    kurzschwert, armbrust = bandit.untertabellen["waffen"]
    speer = {**kurzschwert, "name": "Speer", "schaden": "St+W6", "parade": 1}
    boegen.speichern(_mit(bandit, waffen=(armbrust, speer)))
    neu = datei.read_text(encoding="utf-8")
    assert "# Die Armbrust braucht Zeit zum Laden" in neu and "Kurzschwert" not in neu
    assert neu.count("[[waffen]]") == 2 and "parade = 1" in neu
    assert "feuerrate" not in neu and "unhandlich" not in neu  # Standardwerte der neuen Zeile fehlen
    (b,) = boegen.laden(SYSTEM, datei.parent).boegen
    assert [w["name"] for w in b.untertabellen["waffen"]] == ["Armbrust", "Speer"]
    boegen.speichern(_mit(b, waffen=()))
    (b,) = boegen.laden(SYSTEM, datei.parent).boegen
    assert b.untertabellen["waffen"] == () and "[[waffen]]" not in datei.read_text(encoding="utf-8")


def test_inline_waffen_bleiben_inline(tmp_path):
    ordner = _ordner(tmp_path)
    text = BANDIT_MIT_KOMMENTAREN.split("# Nahkampf zuerst")[0] + (
        'waffen = [{ name = "Keule", art = "Nahkampf", schaden = "St+W4" }]\n'
    )
    text = text.replace("waffen = [", "").replace("}]\n", "}\n")
    text = BANDIT_MIT_KOMMENTAREN.split("[attribute]")[0] + (
        'waffen = [{ name = "Keule", art = "Nahkampf", schaden = "St+W4" }]\n\n[attribute]'
        + BANDIT_MIT_KOMMENTAREN.split("[attribute]")[1].split("# Nahkampf zuerst")[0]
    )
    datei = _schreiben(ordner, "inline.toml", text)
    (b,) = boegen.laden(SYSTEM, ordner).boegen
    keule = b.untertabellen["waffen"][0]
    boegen.speichern(_mit(b, waffen=(keule, {**keule, "name": "Stein", "art": "Wurf", "schaden": "St+W4"})))
    neu = datei.read_text(encoding="utf-8")
    assert "[[waffen]]" not in neu and 'name = "Stein"' in neu
    (b,) = boegen.laden(SYSTEM, ordner).boegen
    assert [w["name"] for w in b.untertabellen["waffen"]] == ["Keule", "Stein"]


def test_beispielbogen_bandit_waechst_nicht(tmp_path):
    """bandit.toml wuchs beim Speichern eines einzigen Werts von 505 auf 870 Bytes."""
    ordner = _ordner(tmp_path)
    quelle = pfade.projekt_ordner() / "charaktere" / SYSTEM / "bandit.toml"
    datei = ordner / "bandit.toml"
    shutil.copy(quelle, datei)
    (b,) = boegen.laden(SYSTEM, ordner).boegen
    boegen.speichern(_mit(b, {"anzahl": 5}))
    alt, neu = quelle.read_text(encoding="utf-8"), datei.read_text(encoding="utf-8")
    assert _geaenderte_zeilen(alt, neu) == [("-", "anzahl = 4"), ("+", "anzahl = 5")]


def test_reste_eines_abgebrochenen_speicherns_werden_entfernt(tmp_path):
    datei, bandit = _bandit(tmp_path)
    ordner = datei.parent
    tot = _schreiben(ordner, ".bandit.toml.999999999-0badc0de.tmp", "halb")  # Prozess gibt es nicht
    alt = _schreiben(ordner, ".bandit.toml.ab12cd_z.tmp", "halb")  # altes mkstemp-Format
    os.utime(alt, (1, 1))
    lebend = _schreiben(ordner, f".bandit.toml.{os.getpid()}-12345678.tmp", "ein anderer Thread schreibt")
    fremd = _schreiben(ordner, ".notizen.tmp", "gehört nicht uns")
    boegen.speichern(_mit(bandit, {"bennies": 1}))
    assert not tot.exists() and not alt.exists()
    assert lebend.exists() and fremd.exists()
    tot2 = _schreiben(ordner, ".neu.toml.999999999-00000001.tmp", "halb")
    boegen.laden(SYSTEM, ordner)
    assert not tot2.exists()
    assert sorted(p.name for p in ordner.iterdir()) == sorted(
        ["bandit.toml", lebend.name, fremd.name]
    )


def test_neue_datei_bekommt_uebliche_rechte(tmp_path):
    datei = tmp_path / "neu" / "x.toml"
    alt = os.umask(0o022)
    try:
        boegen.atomar_schreiben(datei, b'name = "X"\n')
    finally:
        os.umask(alt)
    assert stat.S_IMODE(datei.stat().st_mode) == 0o644


KOMMENTARE = [z for z in BANDIT_MIT_KOMMENTAREN.splitlines() if z.startswith("#")]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    bennies=st.integers(0, 20),
    anzahl=st.integers(1, 30),
    kaempfen=st.sampled_from(["untrainiert", "W4", "W6", "W8", "W10", "W12"]),
    kurz=st.integers(0, 200),
    talent=st.booleans(),
)
def test_hypothesis_speichern_haelt_kommentare_und_daten(tmp_path_factory, bennies, anzahl, kaempfen, kurz, talent):
    tmp_path = tmp_path_factory.mktemp("hyp")
    datei, bandit = _bandit(tmp_path)
    waffen = list(bandit.untertabellen["waffen"])
    waffen[1] = {**waffen[1], "kurz": kurz}
    talent_name = next(f.name for f in SCHEMA.felder if f.name.startswith("talente."))
    neu = _mit(bandit, {"bennies": bennies, "anzahl": anzahl, "fertigkeiten.kaempfen": kaempfen,
                        talent_name: talent}, tuple(waffen))
    boegen.speichern(neu)
    text = datei.read_text(encoding="utf-8")
    assert [z for z in text.splitlines() if z.startswith("#")] == KOMMENTARE
    (zurueck,) = boegen.laden(SYSTEM, datei.parent).boegen
    assert boegen._gleich(zurueck, neu)
    assert tomllib.loads(text)["name"] == "Bandit"


def test_meldung_nennt_pfad_relativ_zum_bogenordner(tmp_path, monkeypatch):
    """Meldungen sehen auch Geräte im Netz: kein absoluter Serverpfad für Bögen im Bogenordner."""
    monkeypatch.setenv("GM_HELFER_CHARAKTERE", str(tmp_path))
    monkeypatch.chdir(pfade.projekt_ordner())
    _schreiben(_ordner(tmp_path), "kaputt.toml", "name = \n")
    (fehler,) = boegen.laden(SYSTEM).fehler
    assert str(fehler).startswith("savage_worlds/kaputt.toml, kaputt: TOML-Syntaxfehler")
    assert str(tmp_path) not in str(fehler)


def test_doppelter_name_auch_mit_fehlerhaftem_bogen(tmp_path):
    """Trägt ein fehlerhafter Bogen denselben Namen, fällt auch der gute heraus (sonst
    bot der Editor ihn an und erst das Speichern scheiterte)."""
    ordner = _ordner(tmp_path)
    _schreiben(ordner, "bandit.toml", BANDIT_MIT_KOMMENTAREN)
    _schreiben(ordner, "kaputt.toml", BANDIT_MIT_KOMMENTAREN.replace("anzahl = 4", "anzahl = 99"))
    ergebnis = boegen.laden(SYSTEM, ordner)
    assert ergebnis.boegen == ()
    doppelt = _einzig(ergebnis, "bandit.toml")
    assert doppelt.feld == "name" and "kaputt.toml" in doppelt.meldung
