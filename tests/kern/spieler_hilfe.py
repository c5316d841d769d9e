"""Ein kleiner Savage-Worlds-Kampf für die Tests der Spieleransicht (Werte, die geheim bleiben)."""

from __future__ import annotations

from pathlib import Path

from gm_helfer.protokoll import Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds.daten import Waffe
from gm_helfer.savage_worlds.proben import eigenschaft

GEHEIM = ("Robustheit", "Parade", "MW ")
"""Wörter, die nur in den Protokolltexten des Spielleiters stehen (Werte der Gegner, Mindestwürfe)."""


def kaempfer(name, seite, parade=7, robustheit=9):
    return k.Kaempfer(name, seite, True, attribute=(("staerke", eigenschaft("W10")),),
                      fertigkeiten=(("kaempfen", eigenschaft("W10")),), parade=parade, robustheit=robustheit,
                      waffen=(Waffe("Axt", "Nahkampf", "St+W8"),), bennies=3)


def kampf_anlegen(ordner: Path) -> Verlauf:
    """Brakka gegen den Baron (Parade 7, Robustheit 9) und einen heimlichen Attentäter, Brakka ist dran."""
    start = k.kampf_beginnen([kaempfer("Brakka", "Helden"), kaempfer("Baron", "Schurken"),
                              kaempfer("Attentäter", "Schurken", parade=5, robustheit=5)])
    ordner.mkdir(parents=True, exist_ok=True)
    v = Verlauf(start, k.anwenden, datei=ordner / "savage_worlds_test.jsonl", system="savage_worlds", kopf=k.kopf(start))
    v.ausfuehren(k.ereignis_runde(v.zustand))
    v.ausfuehren(k.ereignis_karten(v.zustand, eingetippt={"Brakka": ["A♠"], "Baron": ["5♣"], "Attentäter": ["K♥"]}))
    v.ausfuehren(k.ereignis_am_zug(v.zustand, "Brakka"))
    return v


def treffer(v: Verlauf) -> None:
    """Brakka trifft den Baron (9 gegen Parade 7), Schaden 11 gegen Robustheit 9: Angeschlagen."""
    v.ausfuehren(k.ereignis_angriff(v.zustand, "Brakka", "Baron", "Axt", augen="9, 2"))
    v.ausfuehren(k.ereignis_schaden(v.zustand, augen="6, 5"))
