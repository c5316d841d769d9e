"""Bogen-Schema: Beispielbögen laden, abgeleitete Werte, Fehler mit Datei und Feld."""

import pytest

from gm_helfer import aloran, boegen, pfade


def test_alle_beispielboegen_laden_fehlerfrei():
    erg = boegen.laden("aloran")
    assert erg.fehler == ()
    namen = {b.name for b in erg.boegen}
    helden = {b.name for b in erg.boegen if b.werte["seite"] == "Helden"}
    assert helden == {"Brann", "Ysra", "Tamra", "Meridan"}
    assert len(namen - helden) >= 3  # mindestens drei Arten von Gegnern
    for b in erg.boegen:
        w = aloran.aus_bogen(b)
        assert aloran.angriffsarten(w) and aloran.verteidigungsarten(w)


def test_abgeleitete_werte_brann():
    erg = boegen.laden("aloran")
    brann = next(b for b in erg.boegen if b.name == "Brann")
    werte = boegen.abgeleitete_werte(brann, boegen.schema("aloran"))
    # Initiative 3 + 3 + 2 − 1 = 7; Bewegung 3 − 1 + 2 − 1 (Schild) = 3; Parade Athletik 4 + Schwert 4
    assert werte == {"initiative": 7, "bewegung": 3, "beste_parade": "Parade: Langschwert (8 W10)", "ausweichen": 6}


def test_pools_nach_schadensart_und_zauber():
    erg = boegen.laden("aloran")
    w = {b.name: aloran.aus_bogen(b) for b in erg.boegen}
    pools = {a.name: (a.attribut, a.pool, a.schaden_text) for a in aloran.angriffsarten(w["Tamra"])}
    assert pools["Langbogen"] == ("wahrnehmung", 8, "W6+6")  # Fernwaffe: Wahrnehmung 4 + Bogen 4
    assert pools["Kurzsäbel"] == ("athletik", 4, "W6+3")      # Hieb: Athletik 2 + Säbel 2
    assert pools["Raufen"] == ("geschick", 3, "W6")           # Geschick 3 + Faust 0, Ausdauer
    zauber = {a.name: a for a in aloran.angriffsarten(w["Meridan"])}["Feuerstrahl (Zauber)"]
    assert (zauber.attribut, zauber.pool, zauber.meisterschaft) == ("klugheit", 8, False)  # Klugheit 5 + 3


def test_fehlerhafter_bogen_nennt_datei_und_feld():
    ordner = pfade.charakter_ordner("aloran")
    (ordner / "kaputt.toml").write_text(
        'name = "Kaputt"\n[attribute]\nathletik = 7\n', encoding="utf-8")
    (ordner / "stock.toml").write_text(
        'name = "Stockträger"\n[[waffen]]\nname = "Stock"\n'
        'spezialisierung = "stab"\nschadensart = "Hieb"\nschaden = "Keule"\n', encoding="utf-8")
    erg = boegen.laden("aloran")
    meldungen = [str(f) for f in erg.fehler]
    assert any("kaputt.toml" in m and "Kaputt" in m and "attribute.athletik" in m for m in meldungen)
    assert any("stock.toml" in m and "Stockträger" in m and "schaden" in m and "Keule" in m for m in meldungen)
    assert len(erg.boegen) == 8  # die anderen Bögen laden trotzdem


def test_kampfwerte_pruefen_eingaben():
    with pytest.raises(aloran.AloranFehler, match="Schadensart „Feuer“"):
        aloran.werte.beispielwerte(waffen=(aloran.Waffe("X", "schwert", "Feuer", "W6"),))
    with pytest.raises(aloran.AloranFehler, match="Konstitution"):
        aloran.werte.beispielwerte(attribute={a: 1 for a in aloran.werte.ATTRIBUTE} | {"konstitution": 0})


def test_kampfwerte_sind_unveraenderlich_hashbar_und_kopierbar():
    import copy
    import pickle

    w = aloran.werte.beispielwerte()
    assert isinstance(w.attribute, boegen.FesteZuordnung)
    assert isinstance(w.spezialisierungen, boegen.FesteZuordnung)
    with pytest.raises(TypeError):
        w.attribute["athletik"] = 5  # type: ignore[index]
    assert hash(w) == hash(aloran.werte.beispielwerte())
    assert pickle.loads(pickle.dumps(w)) == w == copy.deepcopy(w)
    assert aloran.werte.Kampfwerte.aus_dict(w.als_dict()) == w
