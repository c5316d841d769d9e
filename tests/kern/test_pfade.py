"""Tests für gm_helfer.pfade: Standardorte und Überschreiben per Umgebungsvariable."""

import pytest

from gm_helfer import pfade


def test_projekt_ordner_enthaelt_pyproject():
    assert (pfade.projekt_ordner() / "pyproject.toml").is_file()


def test_charakter_ordner_standard(monkeypatch):
    monkeypatch.delenv("GM_HELFER_CHARAKTERE", raising=False)
    assert pfade.charakter_ordner("aloran") == pfade.projekt_ordner() / "charaktere" / "aloran"


def test_charakter_ordner_umgebung(monkeypatch, tmp_path):
    monkeypatch.setenv("GM_HELFER_CHARAKTERE", str(tmp_path))
    assert pfade.charakter_ordner("w100") == tmp_path / "w100"
    assert not (tmp_path / "w100").exists(), "charakter_ordner darf nichts anlegen"


def test_kampf_ordner_standard(monkeypatch, tmp_path):
    monkeypatch.delenv("GM_HELFER_KAEMPFE", raising=False)
    # Projektordner umlenken, damit der Test im Projekt nichts anlegt
    monkeypatch.setattr(pfade, "projekt_ordner", lambda: tmp_path)
    assert pfade.kampf_ordner() == tmp_path / "kaempfe"
    assert (tmp_path / "kaempfe").is_dir()


def test_kampf_ordner_umgebung_wird_angelegt(monkeypatch, tmp_path):
    ziel = tmp_path / "a" / "b"
    monkeypatch.setenv("GM_HELFER_KAEMPFE", str(ziel))
    assert pfade.kampf_ordner() == ziel
    assert ziel.is_dir()


def test_autouse_fixture_lenkt_in_temp_ordner():
    # conftest setzt beide Variablen für gewöhnliche Tests auf Temp-Ordner
    projekt = pfade.projekt_ordner()
    assert projekt not in pfade.charakter_ordner("aloran").parents
    assert projekt not in pfade.kampf_ordner().parents


@pytest.mark.parametrize("name", ["", "../x", "Savage", "a/b", "sw-1", None])
def test_ungueltiger_systemname(name):
    with pytest.raises(ValueError, match="Systemname"):
        pfade.charakter_ordner(name)
