"""Die W100-Beispielbögen und das Bogenschema."""

from __future__ import annotations

from gm_helfer import boegen, pfade, w100


def test_beispielboegen_laden_ohne_fehler():
    erg = boegen.laden("w100", pfade.charakter_ordner("w100"))
    assert erg.fehler == ()
    namen = {b.name for b in erg.boegen}
    assert {"John", "Mira", "Kael", "Ork-Krieger", "Goblin-Schütze", "Schattenwolf", "Kultist"} <= namen
    kampf = w100.kampf_aus_boegen(erg.boegen)
    seiten = {k.seite for k in kampf.kaempfer}
    assert seiten == {"helden", "gegner"}
    assert any(k.zaubermacht > 0 and any(w.art == "katalysator" for w in k.waffen)
               for k in kampf.kaempfer if k.seite == "helden")


def test_john_und_sein_ziel_wie_im_regeltext():
    erg = boegen.laden("w100", pfade.charakter_ordner("w100"))
    kampf = w100.kampf_aus_boegen(erg.boegen)
    john, ork = kampf["John"], kampf["Ork-Krieger"]
    assert john.waffe("Langschwert").ob == 50
    assert ork.db_physisch == 20 and ork.flee_max >= 20 and ork.nahkampf_ob >= 20


def test_abgeleitete_werte():
    erg = boegen.laden("w100", pfade.charakter_ordner("w100"))
    wolf = next(b for b in erg.boegen if b.name == "Schattenwolf")
    abgeleitet = boegen.abgeleitete_werte(wolf, w100.SCHEMA)
    assert abgeleitet["initiative_bonus"] == 70 + 60
    assert abgeleitet["nahkampf_ob"] == 40


def test_kaputter_bogen_deutsche_meldung(tmp_path):
    (tmp_path / "kaputt.toml").write_text(
        'name = "Troll"\nseite = "gegner"\nagilitaet = -5\nlebenspunkte = 50\n'
        '[db]\nphysisch = 10\nmagisch = 5\n[flee]\npunkte = 10\n', encoding="utf-8")
    (tmp_path / "keule.toml").write_text(
        'name = "Oger"\nseite = "gegner"\nagilitaet = 5\nlebenspunkte = 50\n'
        '[db]\nphysisch = 10\nmagisch = 5\n[flee]\npunkte = 10\n'
        '[[waffen]]\nname = "Keule"\nart = "nahkampf"\nschaden = "2X6"\n', encoding="utf-8")
    (tmp_path / "gut.toml").write_text(
        'name = "Ratte"\nseite = "gegner"\nagilitaet = 20\nlebenspunkte = 8\n'
        '[db]\nphysisch = 5\nmagisch = 0\n[flee]\npunkte = 10\n', encoding="utf-8")
    erg = boegen.laden("w100", tmp_path)
    assert [b.name for b in erg.boegen] == ["Ratte"]
    texte = " ".join(str(f) for f in erg.fehler)
    assert "Troll" in texte and "agilitaet" in texte
    assert "Oger" in texte and "schaden" in texte
