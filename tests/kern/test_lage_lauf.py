"""Das Lagebild im Hintergrund (Issue 25, Punkt 3): der Lauf kehrt sofort zurück, rechnet in Stufen,
bricht beim nächsten Schritt ab, merkt den Verlauf je Schritt (Rückgängig verwirft, was danach kam),
hört mit ``stoppen`` und beim Programmende auf und erscheint nie in der Spieleransicht."""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from gm_helfer import lagebild as lb
from gm_helfer.lage_lauf import LageLauf
from gm_helfer.w100.bogen import kampf_aus_boegen
from gm_helfer.w100.optionen import Optionen

WURZEL = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def zustand():
    from gm_helfer import boegen, pfade
    from gm_helfer.protokoll import Verlauf
    from gm_helfer.w100 import anwenden
    from gm_helfer.w100.tisch import zug

    alle = boegen.laden("w100", pfade.charakter_ordner("w100")).boegen
    gewaehlt = [b for b in alle if b.name in ("Mira", "Ork-Krieger", "Goblin-Schütze")]
    r = random.Random(3)
    v = Verlauf(kampf_aus_boegen(gewaehlt, Optionen()), anwenden)
    zug.neue_runde(v, augen={b.name: str(r.randint(1, 100)) for b in gewaehlt})
    return v.zustand


def _warten(lauf: LageLauf, bis: float = 60.0) -> None:
    ende = time.monotonic() + bis
    while lauf.laeuft() and time.monotonic() < ende:
        time.sleep(0.02)
    assert not lauf.laeuft()


def test_anstossen_kehrt_sofort_zurueck_und_rechnet_in_stufen(zustand) -> None:
    gemeldet = []
    lauf = LageLauf("w100", seite="helden", stufen=(200, 600), rng=np.random.default_rng(1))
    t = time.perf_counter()
    lauf.anstossen(5, zustand, runde=1, melden=gemeldet.append)
    assert time.perf_counter() - t < 0.2
    assert gemeldet[0].bild is None and not gemeldet[0].fertig  # der Stand vor der Rechnung, gleich
    _warten(lauf)
    st = lauf.stand()
    assert st.fertig and st.schluessel == 5 and st.bild.anzahl == 600
    assert [g.bild.anzahl for g in gemeldet[1:]] == [200, 600]
    # dieselben Zahlen wie das Lagebild selbst mit derselben Saat
    # (erst die schnelle Schätzung, dann von vorn in Brocken bis zur letzten Stufe)
    r = np.random.default_rng(1)
    list(lb.verfeinern("w100", zustand, (200,), rng=r, mit_optionen=False))
    ref = list(lb.verfeinern("w100", zustand, (200, 600), rng=r, mit_optionen=False))[-1]
    assert st.bild.sieg == ref.sieg
    (p,) = st.kurs
    assert (p.schritt, p.runde, p.sieg) == (5, 1, ref.sieg["helden"])
    assert p.unten <= p.sieg <= p.oben


def test_neuer_schritt_bricht_ab_und_rueckgaengig_kuerzt_den_verlauf(zustand) -> None:
    lauf = LageLauf("w100", seite="helden", stufen=(100, 200))
    for s in (1, 2, 3):
        lauf.anstossen(s, zustand)
        _warten(lauf)
    assert [p.schritt for p in lauf.stand().kurs] == [1, 2, 3]
    lauf.stufen = (100, 100_000, 1_000_000)  # lang: der nächste Schritt muss sie abbrechen
    alt = lauf.anstossen(4, zustand)
    time.sleep(0.3)
    lauf.anstossen(2, zustand)  # Rückgängig bis Schritt 2
    lauf.stufen = (100, 200)
    alt.join(30)
    assert not alt.is_alive()
    lauf.stoppen(warten=30)
    assert not lauf.laeuft()
    assert all(p.schritt <= 2 for p in lauf.stand().kurs)
    assert lauf.stand().schluessel == 2


def test_wahlen_im_hintergrund(zustand) -> None:
    lauf = LageLauf("w100", seite="helden", stufen=(100,), je_wahl=100, rng=np.random.default_rng(2))
    lauf.anstossen(1, zustand, mit_optionen=True)
    _warten(lauf)
    st = lauf.stand()
    from gm_helfer.w100.tisch import lagebild as wl

    assert st.fertig and [t for t, _ in st.optionen] == [t for t, _ in wl.wahlen(zustand)]
    assert all(0.0 <= s.get("helden", 0.0) <= 1.0 for _, s in st.optionen)


def test_fehler_halten_den_tisch_nicht_auf() -> None:
    lauf = LageLauf("w100", stufen=(10,))
    lauf.anstossen(1, object())
    _warten(lauf)
    assert lauf.stand().fehler.startswith("Lagebild nicht verfügbar")


_LANGER_LAUF = (
    "import sys, time; sys.path.insert(0, 'tests')\n"
    "from kern.test_lage_lauf import zustand\n"
    "from gm_helfer.lage_lauf import LageLauf\n"
    "z = zustand.__wrapped__()\n"
    "l = LageLauf('w100', seite='helden', stufen=(100, 10**7))\n"
    "l.anstossen(1, z)\n"
    "while l._rechner.pid() is None or l.stand().bild is None: time.sleep(0.05)\n"
    "print('rechner', l._rechner.pid(), 'laeuft', l.laeuft(), flush=True)\n"
)


def _weg(pid: int, frist: float = 20.0) -> bool:
    """Der Prozess ``pid`` ist binnen ``frist`` Sekunden verschwunden (auch kein Zombie mehr)."""
    ende = time.monotonic() + frist
    while time.monotonic() < ende:
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except FileNotFoundError:
            return True
        if "State:\tZ" in status:
            return True  # beendet, nur noch nicht abgeholt
        time.sleep(0.1)
    return False


def test_nichts_laeuft_nach_dem_programmende() -> None:
    """Ein Lauf mit langen Stufen: das Programm endet trotzdem gleich, kein Faden hält es auf, und
    sein Rechenprozess ist danach weg."""
    t = time.perf_counter()
    aus = subprocess.run([sys.executable, "-c", _LANGER_LAUF + "print('ende')\n"], cwd=WURZEL,
                         capture_output=True, text=True, timeout=120)
    assert aus.returncode == 0, aus.stderr
    assert "laeuft True" in aus.stdout and "ende" in aus.stdout
    assert time.perf_counter() - t < 60
    if sys.platform.startswith("linux"):
        assert _weg(int(aus.stdout.split()[1]))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="liest /proc (Linux)")
def test_rechenprozess_endet_mit_einem_hart_beendeten_programm() -> None:
    """Auch ``kill -9`` auf das Programm lässt keinen Rechenprozess zurück (er merkt, dass sein
    Elternprozess fehlt) – und er rechnet nachrangig (nice) in einem anderen Prozess als der Tisch."""
    import signal

    prog = subprocess.Popen([sys.executable, "-c", _LANGER_LAUF + "time.sleep(600)\n"], cwd=WURZEL,
                            stdout=subprocess.PIPE, text=True)
    try:
        zeile = prog.stdout.readline()
        assert zeile.startswith("rechner"), zeile
        pid = int(zeile.split()[1])
        assert pid != prog.pid
        nice = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[16])
        assert nice >= 10
        prog.send_signal(signal.SIGKILL)
        prog.wait(30)
        assert _weg(pid), f"Rechenprozess {pid} läuft nach dem Ende des Programms weiter"
    finally:
        prog.kill()
        prog.wait(30)


def test_leerlauf_beendet_den_rechenprozess_der_naechste_auftrag_startet_ihn_neu(zustand, monkeypatch) -> None:
    from gm_helfer import lage_lauf

    lauf = LageLauf("w100", seite="helden", stufen=(50,), rng=np.random.default_rng(4))
    monkeypatch.setattr(lage_lauf, "LEERLAUF", 0.5)  # gilt für den Rechenprozess, der gleich startet
    lauf.anstossen(1, zustand)
    _warten(lauf)
    erster = lauf._rechner._prozess
    assert lauf.stand().bild.anzahl == 50
    erster.join(30)  # endet im Leerlauf
    assert not erster.is_alive()
    lauf.anstossen(2, zustand)
    _warten(lauf)
    assert lauf.stand().schluessel == 2 and lauf.stand().bild.anzahl == 50 and not lauf.stand().fehler
    lauf._rechner.beenden()


def test_faeden_sind_daemonen(zustand) -> None:
    lauf = LageLauf("w100", stufen=(50,))
    f = lauf.anstossen(1, zustand)
    assert f.daemon and isinstance(f, threading.Thread)
    lauf.stoppen(warten=30)


def test_spieleransicht_zeigt_kein_lagebild() -> None:
    """„GM only – never in the player view“: weder die Spieleransicht noch die Spieler-Module kennen es."""
    dateien = [WURZEL / "notebooks" / "spieleransicht.py", *sorted((WURZEL / "gm_helfer").glob("spieler*.py"))]
    for d in dateien:
        text = d.read_text(encoding="utf-8").lower()
        for wort in ("lagebild", "lage_lauf", "tisch_lage"):
            assert wort not in text, f"{d.name} erwähnt {wort}"


def test_ansicht_zeile_verlauf_und_geordnete_wahlen(zustand) -> None:
    """Die Ansicht: Zeile mit Siegchance, der Verlauf als Linie (ab zwei Schritten), die Wahlen
    geordnet (beste zuerst für die Seite) – dieselben Zahlen wie der Stand."""
    from gm_helfer import tisch_lage
    from gm_helfer.lage_lauf import LageStand, Punkt

    bild = lb.lagebild("w100", zustand, 100, rng=np.random.default_rng(3), mit_optionen=False)
    stand = LageStand(7, bild, (("A", {"helden": 0.2}), ("B", {"helden": 0.7})),
                      (Punkt(3, 1, 0.4, 0.3, 0.5), Punkt(7, 1, 0.6, 0.5, 0.7)), fertig=True)
    html = tisch_lage.lage_ansicht(stand, seite="helden", hook="x", je_wahl=True).text
    assert "id='x'" in html and "data-schritt='7'" in html and "Helden gewinnen" in html
    assert html.index("B: 70,0 %") < html.index("A: 20,0 %")  # geordnet
    assert html.count("vega") >= 2 or html.count("marimo-vega") >= 2  # Verlauf und Balken
    ohne = tisch_lage.lage_ansicht(stand, seite="helden", hook="x", je_wahl=False).text
    assert "x-wahlen" not in ohne


def test_jupyter_lagebild_gleiche_zahlen_und_diagramme(tmp_path) -> None:
    """Jupyter: ``kampf.lagebild()`` hat die Zahlen des Kern-Lagebilds (gleiche Saat) und zeigt in der
    Zelle dieselbe Zeile und dieselben Diagramme wie das Panel (Verlauf je Schritt, Wahlen)."""
    from gm_helfer import tisch_lage
    from gm_helfer.w100.tisch.zellen import kampf_starten

    kampf = kampf_starten(["mira", "ork-krieger", "goblin-schuetze"], rng=random.Random(4), ordner=tmp_path)
    kampf.initiative()
    kampf.ergreifen_verzichten()
    erstes = kampf.lagebild(200, mit_optionen=False)
    kampf.rng = random.Random(9)
    zweites = kampf.lagebild(200)
    ref = lb.lagebild("w100", kampf.zustand, 200, rng=random.Random(9))
    assert dict(zweites.sieg) == dict(ref.sieg) and [t for t, _ in zweites.optionen] == [t for t, _ in ref.optionen]
    assert "Helden gewinnen" in str(zweites) and zweites.text("helden") == ref.text("helden")
    assert len(zweites.kurs) == 1 and zweites.kurs[0].sieg == zweites.sieg["helden"]  # derselbe Schritt: ersetzt
    assert erstes.anzahl == 200
    kampf.vorschlag_spielen()
    drittes = kampf.lagebild(200, mit_optionen=False)
    assert len(drittes.kurs) == 2  # der Verlauf über den Kampf
    bundle = zweites._repr_mimebundle_()
    daten = bundle[0] if isinstance(bundle, tuple) else bundle
    assert any("vega" in m for m in daten) or "text/html" in daten
    # dieselben Diagramme wie das Panel
    panel = tisch_lage._diagramme(drittes.kurs, tuple(zweites.optionen), "helden", "Helden")
    jupyter = tisch_lage.LageAnzeige(zweites.bild, drittes.kurs, seite="helden").diagramme()
    assert len(panel) == 2 and [c.to_dict() for c in panel] == [c.to_dict() for c in jupyter]
