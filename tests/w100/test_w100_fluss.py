"""Der Ablauf einer W100-Sitzung: Handlungen je Zug je Kämpfer, eingetippte Würfel, offene
Entscheidungen (regeln/w100.txt › Handlungen und Positionierung, Angriff und Verteidigung)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from gm_helfer import boegen
from gm_helfer.protokoll import Verlauf
from gm_helfer.w100 import W100Fehler, anwenden, gebuendelt, neuer_kampf, simulation, zug
from gm_helfer.w100 import bogen as w100_bogen
from gm_helfer.w100 import kampf as wk

from .conftest import _john, _ork

HANDLUNGEN = ("„Welche und wie viele Handlungen du ausführen kannst, hängt von deinen Werten, "
              "Effekten und den Regeln der jeweiligen Handlung ab.“")


def _bereit(*kaempfer):
    k = neuer_kampf(kaempfer)
    k = anwenden(k, wk.initiative_ereignis(k, augen={x.name: "90" if x.seite == "helden" else "10"
                                                     for x in kaempfer}))
    return anwenden(k, wk.ergreifen_verzicht_ereignis(k))


def _verlauf(kampf):
    return Verlauf(kampf, anwenden)


# --------------------------------------------------------------------------- Handlungen je Zug


def _bogen(tmp_path, extra=""):
    (tmp_path / "held.toml").write_text(f'''
name = "Held"
seite = "helden"
agilitaet = 40
zaubermacht = 0
lebenspunkte = 50
[db]
physisch = 20
magisch = 10
[flee]
punkte = 20
{extra}
[[waffen]]
name = "Schwert"
art = "nahkampf"
ob = 50
schaden = "2W10"
''', encoding="utf-8")
    erg = boegen.laden("w100", tmp_path)
    assert not erg.fehler, erg.fehler
    return erg.boegen[0]


def test_bogen_gibt_die_handlungen_je_zug_vor(tmp_path):
    """{HANDLUNGEN} – ein Wert des Bogens; leer heißt: wie im Kampf eingestellt."""
    ohne = w100_bogen.kaempfer_aus_bogen(_bogen(tmp_path))
    assert ohne.angriffshandlungen_je_zug is None and ohne.bewegungen_je_zug is None
    assert ohne.angriffshandlungen_erlaubt(wk.Optionen()) == 1
    assert ohne.angriffshandlungen_erlaubt(wk.Optionen(angriffshandlungen_pro_zug=3)) == 3
    mit = w100_bogen.kaempfer_aus_bogen(_bogen(tmp_path, "[handlungen]\nangriff = 2\nbewegung = 0\n"))
    assert (mit.angriffshandlungen_je_zug, mit.bewegungen_je_zug) == (2, 0)
    assert mit.angriffshandlungen_erlaubt(wk.Optionen(angriffshandlungen_pro_zug=3)) == 2


def test_bogen_mit_negativen_handlungen_deutsche_meldung(tmp_path):
    (tmp_path / "a.toml").write_text('name = "A"\nagilitaet = 1\nlebenspunkte = 5\n[db]\nphysisch = 1\n'
                                     'magisch = 1\n[flee]\npunkte = 1\n[handlungen]\nangriff = -1\n',
                                     encoding="utf-8")
    erg = boegen.laden("w100", tmp_path)
    assert erg.fehler and "handlungen.angriff" in str(erg.fehler[0])


def test_zweite_angriffshandlung_nur_fuer_den_einen_kaempfer():
    """{HANDLUNGEN} – je Kämpfer: John bekommt zwei Angriffshandlungen, der Ork behält eine."""
    v = _verlauf(_bereit(_john(), _ork()))
    zug.angreifen(v, "John", "Ork", "Langschwert", augen="20")  # Misserfolg, eine Handlung verbraucht
    zug.angreifen(v, "John", "Ork", "Dolch", augen="20")  # dieselbe Angriffshandlung
    grund = {a.schluessel: a for a in zug.aktionen(v.zustand, "John")}["angriff"].grund
    assert "keine Angriffshandlung mehr" in grund
    text = zug.handlungen_setzen(v, "John", angriffshandlungen=2, bewegungen=None)
    assert text == ["John hat je Zug 2 Angriffshandlungen und wie im Kampf eingestellt "
                    "(1 Bewegungshandlung) (vorher 1 und 1)."]
    assert v.ereignisse[-1].art == "handlungen" and v.ereignisse[-1].regel
    assert {a.schluessel: a for a in zug.aktionen(v.zustand, "John")}["angriff"].erlaubt
    zug.angreifen(v, "John", "Ork", "Langschwert", augen="20")  # die zweite Angriffshandlung
    assert v.zustand["John"].angriffshandlungen == 2
    zug.zug_beenden(v)
    assert v.zustand["Ork"].angriffshandlungen_erlaubt(v.zustand.optionen) == 1


def test_handlungen_setzen_ist_zuruecknehmbar_und_ueberlebt_das_fortsetzen(tmp_path):
    from gm_helfer.w100 import sitzung

    k = _bereit(_john(), _ork())
    v = sitzung.neuer_verlauf(k, tmp_path)
    zug.handlungen_setzen(v, "John", angriffshandlungen=3, bewegungen=2)
    assert v.zustand["John"].bewegungen_je_zug == 2
    v.rueckgaengig()
    assert v.zustand["John"].angriffshandlungen_je_zug is None
    v.wiederholen()
    datei = v.datei
    v.schliessen()
    weiter, warnungen = sitzung.fortsetzen(datei)
    assert not warnungen
    assert weiter.zustand["John"].angriffshandlungen_erlaubt(weiter.zustand.optionen) == 3
    assert weiter.zustand["John"].bewegungen_erlaubt(weiter.zustand.optionen) == 2
    weiter.schliessen()


def test_handlungen_ungueltig_abgelehnt():
    k = _bereit(_john(), _ork())
    with pytest.raises(W100Fehler, match="ganze Zahl von 0 bis 20"):
        wk.handlungen_ereignis(k, "John", -1, None)


def test_startzustand_mit_handlungen_im_protokollkopf():
    k = neuer_kampf([_john(angriffshandlungen_je_zug=2), _ork()])
    d = wk.kampf_als_dict(k)
    assert d["kaempfer"][0]["angriffshandlungen_je_zug"] == 2
    assert "angriffshandlungen_je_zug" not in d["kaempfer"][1]  # alte Köpfe bleiben gleich
    assert wk.kampf_aus_dict(d) == k


def test_simulation_zaehlt_die_handlungen_je_kaempfer():
    """{HANDLUNGEN} – beide Treiber: ein Kämpfer ohne Angriffshandlung greift nie an, einer mit
    zweien greift je Zug mit jeder Waffe zweimal an."""
    k = neuer_kampf([_john(angriffshandlungen_je_zug=0), _ork(angriffshandlungen_je_zug=2)])
    # Ereignispfad: ein Zug jedes Kämpfers
    kampf = anwenden(k, wk.initiative_ereignis(k, augen={"John": "50", "Ork": "10"}))  # 95 und 35
    rng = random.Random(3)
    kampf = anwenden(kampf, wk.zug_beginn_ereignis(kampf))
    nach = simulation._zug(kampf, rng=rng)
    assert nach == kampf  # John greift nicht an
    kampf = anwenden(kampf, wk.zug_ende_ereignis(kampf))
    kampf = anwenden(kampf, wk.zug_beginn_ereignis(kampf))
    nach = simulation._zug(kampf, rng=rng)
    assert nach["Ork"].angriffshandlungen == 2
    # gebündelte Maschine: John richtet nie Schaden an, der Ork gewinnt immer
    erg = gebuendelt.spielen(k, 200, rng=np.random.default_rng(1))
    john, ork = erg.namen.index("John"), erg.namen.index("Ork")
    assert erg.ausgeschaltet[:, ork].sum() == 0 and erg.ausgeschaltet[:, john].all()


# --------------------------------------------------------------------------- eingetippte Würfel


def test_eingetippter_w100_mit_leerem_schaden_wuerfelt_den_schaden():
    """Der Platzhalter des Schadensfelds sagt „leer = Programm würfelt“: ein eingetippter W100,
    der trifft, mit leerem Schadensfeld – das Programm würfelt den Schaden, statt abzulehnen."""
    v = _verlauf(_bereit(_john(), _ork()))
    zeilen = zug.angreifen(v, "John", "Ork", "Langschwert", augen="89", schaden_augen="", rng=random.Random(7))
    e = v.ereignisse[-1]
    assert e.art == "angriff" and e.daten["natuerlich"] == 89 and e.daten["stufe"] == "volltreffer"
    assert e.daten["schadenswurf"] is not None and e.daten["schaden"] > 0
    assert e.eingetippt  # der W100 ist eingetippt
    assert "89 + 50 − 20 = 119 → Volltreffer" in zeilen[-1]
    # mit rng, aber ohne eingetippten W100 würfelt das Programm alles wie bisher
    v2 = _verlauf(_bereit(_john(), _ork()))
    zug.angreifen(v2, "John", "Ork", "Langschwert", augen="", rng=random.Random(7))
    assert not v2.ereignisse[-1].eingetippt


def test_eingetippter_schaden_bleibt_eingetippt():
    v = _verlauf(_bereit(_john(), _ork()))
    zug.angreifen(v, "John", "Ork", "Langschwert", augen="89", schaden_augen="7, 5", rng=random.Random(7))
    assert v.ereignisse[-1].daten["schaden_roh"] == 16  # 7 + 5 + 4


def test_jupyter_w100_ohne_schaden_wuerfelt_den_schaden(tmp_path):
    from gm_helfer.w100 import sitzung
    from gm_helfer.w100.zellen import W100Kampf

    k = W100Kampf.neu(lambda: sitzung.neuer_verlauf(_bereit(_john(), _ork()), tmp_path), rng=random.Random(2))
    k.angriff(ziel="Ork", waffe="Langschwert", augen="89")
    e = k.verlauf.ereignisse[-1]
    assert e.art == "angriff" and e.daten["natuerlich"] == 89 and e.daten["schaden"] > 0
    k.verlauf.schliessen()


def test_schaden_beispiel_passt_zur_waffe():
    """Der Platzhalter nennt so viele Augen, wie die Waffe Schadenswürfel hat – und das Beispiel
    wird angenommen (issue: „7, 5“ ist für eine Waffe mit einem Würfel falsch)."""
    k = _bereit(_john(), _ork())
    assert zug.schaden_beispiel(k, "John", "Dolch") == "z. B. 7 (W10+2)"
    assert zug.schaden_beispiel(k, "John", "Langschwert") == "z. B. 7, 5 (2W10+4)"
    from gm_helfer.w100 import schadenswurf

    for waffe in ("Dolch", "Langschwert"):
        beispiel = zug.schaden_beispiel(k, "John", waffe).removeprefix("z. B. ").split(" (")[0]
        schadenswurf(k["John"].waffe(waffe).schaden, augen=beispiel)  # angenommen, kein Fehler


# --------------------------------------------------------------------------- Abwehr vor dem Klick


def test_parade_gegen_fernkampf_vor_dem_klick_gesperrt_mit_grund():
    """Das Panel bot Parade gegen einen Bogenschuss an und lehnte sie erst nach dem Klick ab; jetzt
    steht sie vorher gesperrt da, mit dem Grund, den der Klick melden würde."""
    from dataclasses import replace

    from .conftest import KURZBOGEN

    schuetze = replace(_john(), waffen=(KURZBOGEN,))
    k = _bereit(schuetze, replace(_ork(), position=(10.0, 0.0)))
    m = {a.schluessel: a for a in zug.abwehr_moeglichkeiten(k, "John", "Ork", "Kurzbogen")}
    assert m["keine"].erlaubt and m["ausweichen"].erlaubt
    assert not m["parade"].erlaubt
    assert m["parade"].grund == "Fernkampfangriffe lassen sich nicht parieren (Einstellung des Kampfes)."
    v = _verlauf(k)
    with pytest.raises(W100Fehler, match=m["parade"].grund.replace("(", r"\(").replace(")", r"\)")):
        zug.angreifen(v, "John", "Ork", "Kurzbogen", abwehr="parade", punkte=1, rng=random.Random(1))


@pytest.mark.parametrize("flee,parade_gebunden", [(20, 0), (0, 0), (20, 45), (0, 45)])
def test_abwehr_erlaubt_genau_wenn_der_klick_gelingt(flee, parade_gebunden):
    """Was vor dem Klick erlaubt heißt, gelingt beim Klick; was gesperrt ist, lehnt er ab."""
    k = _bereit(_john(), _ork(flee=flee, parade_gebunden=parade_gebunden))
    for a in zug.abwehr_moeglichkeiten(k, "John", "Ork", "Langschwert"):
        assert a.erlaubt == (a.grund is None)
        v = _verlauf(k)
        try:
            zug.angreifen(v, "John", "Ork", "Langschwert", abwehr=a.schluessel,
                          punkte=0 if a.schluessel == "keine" else 1, rng=random.Random(1))
            gelungen = True
        except W100Fehler:
            gelungen = False
        assert gelungen == a.erlaubt, (a, flee, parade_gebunden)


def test_jupyter_weiter_verzichtet_sichtbar_auf_initiative_ergreifen(tmp_path):
    """„Bevor der Kampf beginnt, prüft, ob Initiative Ergreifen einem Beteiligten den ersten Zug
    verschafft.“ – im Jupyter-Kampf ist „weiter()“ der Verzicht, und er steht im Protokoll;
    ein Angriff davor wird mit Grund abgelehnt."""
    from gm_helfer.w100 import sitzung
    from gm_helfer.w100.zellen import W100Kampf
    from gm_helfer.zellenkampf import KampfFehler

    k = neuer_kampf([_john(), _ork()])
    k = anwenden(k, wk.initiative_ereignis(k, augen={"John": "90", "Ork": "10"}))
    kampf = W100Kampf.neu(lambda: sitzung.neuer_verlauf(k, tmp_path), rng=random.Random(2))
    with pytest.raises(KampfFehler, match="Ergreift jemand die Initiative"):
        kampf.angriff(ziel="Ork", waffe="Langschwert")
    kampf.weiter()
    assert kampf.verlauf.ereignisse[-1].art == "ergreifen_verzicht"
    kampf.angriff(ziel="Ork", waffe="Langschwert")
    assert kampf.verlauf.ereignisse[-1].art == "angriff"
    kampf.verlauf.schliessen()


# --------------------------------------------------------------------------- ein Klick, ein Rückgängig


def test_ein_klick_angreifen_ist_ein_rueckgaengig(tmp_path):
    """Reproduktion: ein Klick „Angreifen“ zu Beginn des Zugs schreibt Zugbeginn und Angriff; ein
    „Rückgängig“ nahm nur den Angriff zurück und ließ den Zug begonnen. Jetzt ist der Klick ein
    Schritt – auch nach dem Fortsetzen aus der Datei."""
    from gm_helfer.w100 import sitzung

    v = sitzung.neuer_verlauf(neuer_kampf([_john(), _ork()]), tmp_path)
    zug.neue_runde(v, augen={"John": "90", "Ork": "10"})
    zug.ergreifen_verzichten(v)
    vorher, n = v.zustand, len(v.ereignisse)
    zeilen = zug.angreifen(v, "John", "Ork", "Langschwert", augen="89", schaden_augen="7, 5")
    assert len(zeilen) == 2 and [e.art for e in v.ereignisse[n:]] == ["zug_beginn", "angriff"]
    assert len(set(v.schritte)) == 3  # Initiative, Verzicht, der Klick „Angreifen“
    datei = v.datei
    v.schliessen()
    v, warnungen = sitzung.fortsetzen(datei)
    assert not warnungen and len(set(v.schritte)) == 3
    v.rueckgaengig()
    assert v.zustand == vorher and v.zustand.am_zug is None and len(v.ereignisse) == n
    v.schliessen()
