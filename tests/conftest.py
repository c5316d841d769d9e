"""Gemeinsame Fixtures: Temp-Ordner für Bögen/Protokolle, marimo-Server, Chromium-Seiten.

Gewöhnliche Tests laufen immer mit ``GM_HELFER_CHARAKTERE`` und ``GM_HELFER_KAEMPFE``
in Temp-Ordnern (autouse-Fixture ``_temp_datenordner``), damit kein Test die Dateien
im Projekt verändert. ``GM_HELFER_CHARAKTERE`` zeigt dabei auf eine Kopie von
``charaktere/``, so dass Tests die Beispielbögen lesen können.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

PROJEKT = Path(__file__).resolve().parent.parent


def _kopie_charaktere(ziel: Path) -> Path:
    quelle = PROJEKT / "charaktere"
    if quelle.is_dir():
        shutil.copytree(quelle, ziel, dirs_exist_ok=True)
    else:
        ziel.mkdir(parents=True, exist_ok=True)
    return ziel


@pytest.fixture(autouse=True)
def _temp_datenordner(tmp_path_factory, monkeypatch):
    """Lenkt Charakterbögen und Kampfprotokolle in Temp-Ordner (für jeden Test neu)."""
    basis = tmp_path_factory.mktemp("daten")
    monkeypatch.setenv("GM_HELFER_CHARAKTERE", str(_kopie_charaktere(basis / "charaktere")))
    kaempfe = basis / "kaempfe"
    kaempfe.mkdir()
    monkeypatch.setenv("GM_HELFER_KAEMPFE", str(kaempfe))
    yield
