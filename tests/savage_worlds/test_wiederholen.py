"""Benny: Erholungs-, Außer-Gefecht- und Ausbluten-Probe wiederholen (das bessere Ergebnis zählt),
mit den Chancen der Wiederholung gegen eine unabhängige Aufzählung; und der Mehrfachaktionsabzug
aus dem, was der Kämpfer in der Runde tut (Issue 14, Punkt 3)."""

from __future__ import annotations

import random
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from gm_helfer.protokoll import Ereignis, Verlauf
from gm_helfer.savage_worlds import kampf as k
from gm_helfer.savage_worlds import vorschau, zug
from gm_helfer.savage_worlds.chancen import wiederholen_chancen
from gm_helfer.savage_worlds.daten import WAFFEN
from gm_helfer.savage_worlds.kampf import Angriffssituation, KampfFehler, anwenden, kampf_beginnen

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sw_kaempfer import aufrufen, bandit, baron, held, naechste_runde  # noqa: E402
from test_chancen import explodierend  # noqa: E402

KARTEN = {"Alrik": ["Q♥"], "Banditen": ["K♠"], "Baron": ["3♣"]}


def _runde(z, karten=KARTEN):
    z = naechste_runde(z)
    return anwenden(z, k.ereignis_karten(z, eingetippt=karten))


def _schluessel(z):
    return [(e.schluessel, e.wer) for e in zug.offene_entscheidungen(z)]


# -- Erholung ------------------------------------------------------------------------------------


def _angeschlagen_dran(**extra):
    z = _runde(kampf_beginnen([held(angeschlagen=True, wunden=1, **extra), bandit(1), baron()]))
    return aufrufen(z, "Alrik")


def test_erholung_fehlschlag_mit_benny_wiederholen_steigerung_zaehlt():
    z = anwenden(_angeschlagen_dran(), k.ereignis_erholung(_angeschlagen_dran(), "Alrik", augen="4, 2"))  # 4−1 = 3
    assert ("erholung_wiederholen", "Alrik") in _schluessel(z)
    text = next(e.text for e in zug.offene_entscheidungen(z) if e.schluessel == "erholung_wiederholen")
    assert "Benny direkt" in text  # noch Angeschlagen: ein Benny direkt ist sicher
    z2 = anwenden(z, k.ereignis_probe_wiederholen(z, "Alrik", augen="6+3, 2"))
    a = z2.kaempfer_namens("Alrik")
    assert not a.angeschlagen and "Alrik" not in z2.nur_freie_aktionen and a.bennies == 2
    assert ("erholung_wiederholen", "Alrik") not in _schluessel(z2)  # schon das beste Ergebnis
    assert {x.schluessel: x for x in zug.aktionen(z2, "Alrik")}["angriff"].erlaubt


def test_erholung_erfolg_wiederholen_fuer_steigerung_und_schlechteres_zaehlt_nicht():
    z0 = _angeschlagen_dran()
    z = anwenden(z0, k.ereignis_erholung(z0, "Alrik", augen="5, 2"))  # Erfolg: nur freie Aktionen
    assert not z.kaempfer_namens("Alrik").angeschlagen
    text = next(e.text for e in zug.offene_entscheidungen(z) if e.schluessel == "erholung_wiederholen")
    assert "Benny direkt" not in text  # nicht mehr Angeschlagen: nur das Wiederholen bringt das Handeln
    schlechter = anwenden(z, k.ereignis_probe_wiederholen(z, "Alrik", augen="1, 1"))
    assert not schlechter.kaempfer_namens("Alrik").angeschlagen and "Alrik" in schlechter.nur_freie_aktionen
    assert schlechter.kaempfer_namens("Alrik").bennies == 2
    # noch ein Benny auf dieselbe Probe: jetzt die Steigerung
    besser = anwenden(schlechter, k.ereignis_probe_wiederholen(schlechter, "Alrik", augen="6+3, 2"))
    assert "Alrik" not in besser.nur_freie_aktionen and besser.kaempfer_namens("Alrik").bennies == 1


def test_wiederholen_ausgeschlagen_mit_zugende_oder_behalten_und_ohne_benny_keins():
    z0 = _angeschlagen_dran()
    z = anwenden(z0, k.ereignis_erholung(z0, "Alrik", augen="4, 2"))
    behalten = anwenden(z, k.ereignis_probe_behalten(z, "Alrik"))
    assert ("erholung_wiederholen", "Alrik") not in _schluessel(behalten)
    fertig = anwenden(z, k.ereignis_fertig(z))
    assert ("erholung_wiederholen", "Alrik") not in _schluessel(fertig)
    with pytest.raises(KampfFehler, match="keine Probe"):
        k.ereignis_probe_wiederholen(fertig, "Alrik", augen="6+3, 2")
    arm = anwenden(_angeschlagen_dran(bennies=0), k.ereignis_erholung(_angeschlagen_dran(bennies=0), "Alrik", augen="4, 2"))
    assert ("erholung_wiederholen", "Alrik") not in _schluessel(arm)
    with pytest.raises(KampfFehler, match="keinen Benny"):
        k.ereignis_probe_wiederholen(arm, "Alrik", augen="6+3, 2")


def test_statist_hat_keine_wiederholung():
    z = _runde(kampf_beginnen([held(), bandit(1, angeschlagen=True), baron()]))
    z = aufrufen(z, "Banditen")
    z = anwenden(z, k.ereignis_erholung(z, "Bandit 1", augen="2"))
    assert not [s for s, _ in _schluessel(z) if s.endswith("_wiederholen")]
    assert "Statist" in k.probe_wiederholbar(z, "Bandit 1")


# -- Außer Gefecht und Ausbluten --------------------------------------------------------------------


def _ausser_gefecht(z, name="Alrik"):
    return k._ersetze(z, replace(z.kaempfer_namens(name), wunden=3, angeschlagen=True, ausser_gefecht=True, ag_probe_offen=True))


def test_ausser_gefecht_tod_mit_benny_wiederholen_lebt_mit_verletzung():
    z = _ausser_gefecht(_runde(kampf_beginnen([held(), bandit(1), baron()])))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="1, 1", verletzung_augen="3, 4, 2"))
    assert z.kaempfer_namens("Alrik").tot
    assert ("ausser_gefecht_wiederholen", "Alrik") in _schluessel(z)
    z2 = anwenden(z, k.ereignis_probe_wiederholen(z, "Alrik", "ausser_gefecht", augen="7, 2"))  # 7−3 = 4: Erfolg
    a = z2.kaempfer_namens("Alrik")
    assert not a.tot and not a.blutet and a.ag_ergebnis == "erfolg" and len(a.verletzungen) == 1 and a.bennies == 2
    # noch einmal, schlechter: das bessere (Erfolg) bleibt, der Benny ist weg
    z3 = anwenden(z2, k.ereignis_probe_wiederholen(z2, "Alrik", augen="2, 1"))
    assert z3.kaempfer_namens("Alrik").ag_ergebnis == "erfolg" and z3.kaempfer_namens("Alrik").bennies == 1
    # das blockiert nichts: die Wiederholung ist freiwillig
    assert not any(e.schluessel == "ausser_gefecht" for e in zug.offene_entscheidungen(z))


def test_ausbluten_fehlschlag_wiederholen_stabil_und_austeilen_schlaegt_aus():
    z = kampf_beginnen([held(), bandit(1), baron()])
    z = _ausser_gefecht(anwenden(z, k.ereignis_runde(z)))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="5, 2", verletzung_augen="3, 4, 2"))
    z = naechste_runde(z)
    tot = anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="6, 3"))
    assert tot.kaempfer_namens("Alrik").tot
    assert ("ausbluten_wiederholen", "Alrik") in _schluessel(tot)
    assert zug.naechste_runde_moeglich(tot).erlaubt  # Austeilen schlägt die Wiederholung aus
    stabil = anwenden(tot, k.ereignis_probe_wiederholen(tot, "Alrik", augen="8+3, 3"))
    a = stabil.kaempfer_namens("Alrik")
    assert not a.tot and not a.blutet and "Alrik" in stabil.ausbluten_gewuerfelt
    ausgeteilt = anwenden(tot, k.ereignis_karten(tot, eingetippt={"Banditen": ["K♠"], "Baron": ["3♣"]}))
    assert ("ausbluten_wiederholen", "Alrik") not in _schluessel(ausgeteilt)


def test_wiederholen_im_protokoll_eingetippt_und_wieder_eingespielt(tmp_path):
    verlauf = Verlauf(_angeschlagen_dran(), anwenden)
    verlauf.ausfuehren(k.ereignis_erholung(verlauf.zustand, "Alrik", augen="4, 2"))
    e = k.ereignis_probe_wiederholen(verlauf.zustand, "Alrik", augen="6+3, 2")
    assert e.eingetippt and "wiederholt die Erholungsprobe" in e.text and "das zählt" in e.text
    verlauf.ausfuehren(e)
    z = _angeschlagen_dran()
    for x in verlauf.ereignisse:
        z = anwenden(z, Ereignis.aus_dict(x.als_dict()))
    assert z.kaempfer_namens("Alrik") == verlauf.zustand.kaempfer_namens("Alrik")
    assert z.nur_freie_aktionen == verlauf.zustand.nur_freie_aktionen
    # mit dem Programm gewürfelt
    z0 = anwenden(_angeschlagen_dran(), k.ereignis_erholung(_angeschlagen_dran(), "Alrik", augen="4, 2"))
    assert not k.ereignis_probe_wiederholen(z0, "Alrik", rng=random.Random(3)).eingetippt


# -- Chancen der Wiederholung gegen Aufzählung -----------------------------------------------------


def _ausgang_aufgezaehlt(art, seiten, mod):
    """Ausgänge einer neuen Probe (Wildcard, MW 4) durch Aufzählung mit Brüchen, ohne die Bibliothek."""
    aus: dict[str, Fraction] = {}
    for t, pt in explodierend(seiten).items():
        for w, pw in explodierend(6).items():
            krit = t == 1 and w == 1
            g = max(t, w) + mod
            erfolg, steig = (not krit) and g >= 4, (not krit) and g >= 8
            if art == "ausser_gefecht":
                s = "tod" if g <= 1 else "steigerung" if steig else "erfolg" if erfolg else "fehlschlag"
            elif art == "ausbluten":
                s = "stabil" if steig else "weiter" if erfolg else "tod"
            else:
                s = k.PROBEN_STUFEN["erholung"][int(erfolg) + int(steig)]
            aus[s] = aus.get(s, Fraction(0)) + pt * pw
    return aus


def _danach_aufgezaehlt(art, seiten, mod, jetzt):
    stufen = k.PROBEN_STUFEN[art]
    aus = {s: Fraction(0) for s in stufen}
    for s, p in _ausgang_aufgezaehlt(art, seiten, mod).items():
        aus[max(s, jetzt, key=stufen.index)] += p
    return aus


def test_chancen_erholung_wiederholen_gegen_aufzaehlung():
    z0 = _angeschlagen_dran()
    z = anwenden(z0, k.ereignis_erholung(z0, "Alrik", augen="5, 2"))  # Erfolg, W6 Willenskraft, −1
    c = vorschau.probe_wiederholen_vorschau(z, "Alrik")
    erwartet = _danach_aufgezaehlt("erholung", 6, -1, "erholt, nur freie Aktionen")
    assert list(c) == list(k.PROBEN_STUFEN["erholung"])
    for s, p in erwartet.items():
        assert c[s] == pytest.approx(float(p), abs=1e-11)
    assert c["bleibt Angeschlagen"] == 0.0
    assert vorschau.wiederholen_besser(z, "Alrik") == pytest.approx(float(erwartet["erholt, handelt normal"]), abs=1e-11)


def test_chancen_ausser_gefecht_wiederholen_gegen_aufzaehlung():
    z = _ausser_gefecht(_runde(kampf_beginnen([held(), bandit(1), baron()])))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="1, 1", verletzung_augen="3, 4, 2"))
    c = vorschau.probe_wiederholen_vorschau(z, "Alrik")
    erwartet = _danach_aufgezaehlt("ausser_gefecht", 8, -3, "tod")
    texte = vorschau.WIEDERHOLEN_TEXTE["ausser_gefecht"]
    for s, p in erwartet.items():
        assert c[texte[s]] == pytest.approx(float(p), abs=1e-11)
    assert sum(c.values()) == pytest.approx(1, abs=1e-12)


@pytest.mark.parametrize("jetzt", ["tod", "weiter"])
def test_chancen_ausbluten_wiederholen_gegen_aufzaehlung(jetzt):
    erwartet = _danach_aufgezaehlt("ausbluten", 8, -3, jetzt)
    neu = {s: float(p) for s, p in _ausgang_aufgezaehlt("ausbluten", 8, -3).items()}
    c = wiederholen_chancen(neu, k.PROBEN_STUFEN["ausbluten"], jetzt)
    for s, p in erwartet.items():
        assert c[s] == pytest.approx(float(p), abs=1e-11)
    # und aus dem Kampfzustand
    z = kampf_beginnen([held(), bandit(1), baron()])
    z = _ausser_gefecht(anwenden(z, k.ereignis_runde(z)))
    z = anwenden(z, k.ereignis_ausser_gefecht(z, "Alrik", augen="5, 2", verletzung_augen="3, 4, 2"))
    z = naechste_runde(z)
    z = anwenden(z, k.ereignis_ausbluten(z, "Alrik", augen="6, 3" if jetzt == "tod" else "7, 2"))
    v = vorschau.probe_wiederholen_vorschau(z, "Alrik")
    texte = vorschau.WIEDERHOLEN_TEXTE["ausbluten"]
    for s, p in erwartet.items():
        assert v[texte[s]] == pytest.approx(float(p), abs=1e-11)


# -- Mehrfachaktionen: die Zahl folgt aus dem, was der Kämpfer tut ------------------------------------


def _pistole_und_messer():
    held_ = held(waffen=(WAFFEN["Bogen"], WAFFEN["Langschwert"]))
    z = _runde(kampf_beginnen([held_, bandit(1), baron()]))
    return aufrufen(z, "Alrik")


def test_zweite_angesagte_aktion_traegt_den_abzug_ohne_neue_eingabe():
    """Mehrfachaktionen: „Falls ein Abenteurer zum Beispiel eine Pistole abfeuern und mit der anderen
    Hand einen angrenzenden Gegner mit dem Messer attackieren möchte, erhält er einen Abzug von −2
    sowohl auf seine Schießen- als auch auf seine Kämpfenprobe. Daher muss ein Spieler bereits zu
    Beginn seiner Handlung festlegen, wie viele Aktionen er in dieser Runde ausführen möchte“ – die
    Ansage gilt mit der ersten Aktion; die zweite Probe trägt −2, ohne dass jemand 2 neu eingibt."""
    z = _pistole_und_messer()
    schuss = k.ereignis_angriff(z, "Alrik", "Baron", "Bogen", Angriffssituation(aktionen=2), augen="2, 1")
    assert ("Mehrfachaktionen", -2) in k.angriffs_modifikatoren(z, "Alrik", "Baron", "Bogen", Angriffssituation(aktionen=2))
    z = anwenden(z, schuss)
    # die zweite Aktion: Standardlage, keine Zahl eingegeben
    assert k.aktionen_zahl(z, "Alrik") == 2
    assert ("Mehrfachaktionen", -2) in k.angriffs_modifikatoren(z, "Alrik", "Baron", "Langschwert")
    e = k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="9, 2")
    assert e.daten["probe"]["modifikator"] == -2
    z = anwenden(z, e)
    assert [a for n, a in z.aktionen_runde if n == "Alrik"] == ["angriff:Bogen", "angriff:Langschwert"]


def test_sprint_dann_angriff_abzug_aus_der_ansage():
    """Sprinten: „Dies bewirkt den normalen Mehrfachaktionsabzug von −2 auf andere Aktionen.“"""
    z = _pistole_und_messer()
    z = anwenden(z, k.ereignis_sprint(z, "Alrik", aktionen=2, augen="3"))
    e = k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="9, 2")
    assert e.daten["probe"]["modifikator"] == -2
    anwenden(z, e)


def test_eine_aktion_ohne_ansage_kein_abzug_und_kein_anhaengen():
    z = _pistole_und_messer()
    assert k.aktionen_zahl(z, "Alrik") == 1
    assert ("Mehrfachaktionen", -2) not in k.angriffs_modifikatoren(z, "Alrik", "Baron", "Bogen")
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Bogen", augen="2, 1"))
    akt = {a.schluessel: a for a in zug.aktionen(z, "Alrik", waffe="Langschwert")}
    assert not akt["angriff"].erlaubt and "1 Aktion" in akt["angriff"].grund
    with pytest.raises(KampfFehler, match="hinten dranhängen"):
        anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="9, 2"))


def test_zug_aktionen_zweite_waffe_erlaubt_nach_ansage():
    z = _pistole_und_messer()
    z = anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Bogen", Angriffssituation(aktionen=2), augen="2, 1"))
    assert not {a.schluessel: a for a in zug.aktionen(z, "Alrik")}["angriff"].erlaubt  # Bogen: schon geschossen
    assert {a.schluessel: a for a in zug.aktionen(z, "Alrik", waffe="Langschwert")}["angriff"].erlaubt


# -- Das Kampfobjekt für Jupyter bietet dieselben Entscheidungen -------------------------------------


def test_zellen_bieten_die_wiederholung_an_und_ausspielen_behaelt_den_benny():
    from gm_helfer.savage_worlds.zellen import SavageWorldsKampf

    kampf = SavageWorldsKampf(Verlauf(_angeschlagen_dran(), anwenden), rng=random.Random(2))
    kampf.erholung("Alrik", augen="4, 2")
    assert "erholung_wiederholen:Alrik" in [o.schluessel for o in kampf.offene_entscheidungen()]
    titel = str(kampf.chancen().to_dict().get("title"))
    assert "Benny" in titel
    kampf.entscheiden("erholung_wiederholen:Alrik")
    assert kampf.ereignisse[-1].art == "probe_wiederholen"
    assert kampf.zustand.kaempfer_namens("Alrik").bennies == 2
    # der Standardablauf gibt keinen Benny für eine Wiederholung aus
    kampf2 = SavageWorldsKampf(Verlauf(_angeschlagen_dran(), anwenden), rng=random.Random(2))
    kampf2.erholung("Alrik", augen="4, 2")
    kampf2.probe_behalten("Alrik")
    assert not [o for o in kampf2.offene_entscheidungen() if o.schluessel.startswith("erholung_wiederholen")]
    kampf3 = SavageWorldsKampf(Verlauf(_angeschlagen_dran(), anwenden), rng=random.Random(2))
    kampf3.erholung("Alrik", augen="4, 2")
    kampf3.ausspielen(max_schritte=5)
    assert "probe_wiederholen" not in [e.art for e in kampf3.ereignisse]


def test_hausregel_aktion_anhaengen_zahl_folgt_aus_dem_getanen():
    """Mit ``Optionen.aktion_anhaengen`` (gegen „es ist nicht möglich, noch eine Aktion „hinten
    dranzuhängen““): Sprint ohne Ansage, dann ein Angriff – er trägt −2, die erste Probe bleibt."""
    from gm_helfer.savage_worlds.optionen import Optionen

    held_ = held(waffen=(WAFFEN["Bogen"], WAFFEN["Langschwert"]))
    z = _runde(kampf_beginnen([held_, bandit(1), baron()], optionen=Optionen(aktion_anhaengen=True)))
    z = aufrufen(z, "Alrik")
    z = anwenden(z, k.ereignis_sprint(z, "Alrik", augen="3"))
    assert k.aktionen_zahl(z, "Alrik") == 2
    akt = {a.schluessel: a for a in zug.aktionen(z, "Alrik")}
    assert akt["angriff"].erlaubt
    e = k.ereignis_angriff(z, "Alrik", "Baron", "Bogen", augen="2, 1")
    assert e.daten["probe"]["modifikator"] == -2
    z = anwenden(z, e)
    assert k.angesagte_aktionen(z, "Alrik") == 2 and k.aktionen_zahl(z, "Alrik") == 3
    e3 = k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", augen="9, 2")
    assert e3.daten["probe"]["modifikator"] == -4
    assert k.angesagte_aktionen(anwenden(z, e3), "Alrik") == 3
    with pytest.raises(KampfFehler, match="nicht 2"):
        anwenden(z, k.ereignis_angriff(z, "Alrik", "Baron", "Langschwert", Angriffssituation(aktionen=2), augen="9, 2"))


def test_zellen_chancen_der_angriffswiederholung_sind_die_des_angriffs():
    from gm_helfer.savage_worlds.zellen import SavageWorldsKampf

    z = _pistole_und_messer()
    kampf = SavageWorldsKampf(Verlauf(z, anwenden), rng=random.Random(2))
    kampf.angriff("Alrik", "Baron", "Langschwert", augen="2, 1")
    assert kampf.offene_entscheidungen()[0].schluessel == "wiederholen:Alrik"
    diagramm = kampf.chancen().to_dict()
    assert "wiederholt den Angriff" in str(diagramm["title"])
    erwartet = vorschau.treffer_vorschau(z, "Alrik", "Baron", "Langschwert")
    zeilen = next(iter(diagramm["datasets"].values()))
    assert {z_["Ausgang"]: z_["Wahrscheinlichkeit"] for z_ in zeilen} == pytest.approx(erwartet)
