"""Eigenschaftstest des Kampfflusses durch die Zug-Schnittstelle (Issue 21, Punkt 9).

Zufällige, gesäte Sitzungen: erlaubte Klicks (Angreifen mit Verteidigung, andere Aktion,
Reaktion ansagen/verfallen lassen, Kontern/Verzichten, Spielleiter-Eingriffe), eingetippte und
Programm-Würfel, Rückgängig/Wiederholen, Fortsetzen aus der Datei. Nach jedem Schritt gilt:

- „erlaubt“ genau dann, wenn kein Grund genannt ist; was die Zug-Schnittstelle verbietet,
  verweigert auch der Ereignis-Bauer (``KampfFehler``);
- bei demselben Tick handelt jeder genau einmal: im gleichzeitigen Abtausch (Regeltext › Der
  Kampf: „… finden deren Aktionen auch gleichzeitig statt“) haben am Ende alle gehandelt, die
  zu Beginn dran waren – auch wer inzwischen getroffen ist; eine eigene Aktion (außer der
  Ansage) schiebt die Position nach vorn;
- keine offene Entscheidung verschwindet ohne Ereignis, das sie nimmt oder ausschlägt (Konter:
  Konter-Angriff oder Verzicht; Ansage: Reaktion auf einen Angriff oder Verfallen; offene
  Handelnde im Abtausch: ihre Aktion);
- Rückgängig stellt den Stand vor dem Schritt her, Wiederholen den danach – auch nach einem Klick
  „Vorschlag spielen“ oder „Gruppe handelt“ mit mehreren Ereignissen (ein Schritt);
- das Protokoll von vorn abgespielt ergibt den Stand der Sitzung; aus der Datei fortgesetzt auch.

200 Sitzungen in CI; mehr mit ``GM_HELFER_FLUSS_SITZUNGEN=2000``.
"""

from __future__ import annotations

import os
import random

import pytest

from gm_helfer import zeitstrahl as z
from gm_helfer.protokoll import Verlauf
from gm_helfer.zeitstrahl import KampfFehler, zug
from gm_helfer.zeitstrahl.optionen import Optionen
from gm_helfer.zeitstrahl.tisch import sitzung

SITZUNGEN = int(os.environ.get("GM_HELFER_FLUSS_SITZUNGEN", "200"))
SCHRITTE = 40

WAFFEN = (
    z.Waffe("Schwert", "nahkampf", 4, "2W6", 2, 10),
    z.Waffe("Schild", "nahkampf", 4, "W4", 3, 8, schild=True),
    z.Waffe("Dolch", "nahkampf", 2, "W4", 1, 5, kurze_stichwaffe=True),
    z.Waffe("Flegel", "nahkampf", 6, "3W6", 0, 9, zweihaendig=True, kettenwaffe=True),
    z.Waffe("Faust", "waffenlos", 3, "W4"),
)
RUESTUNG = (z.Schicht("Kettenhemd", 3, 2),)


def _kaempfer(r: random.Random, i: int) -> z.Kaempfer:
    return z.Kaempfer(
        f"K{i}", "Helden" if i % 2 == 0 else "Feinde", r.randint(8, 13), r.randint(8, 14), 0,
        r.randint(4, 22), (("nahkampf", r.randint(8, 15)), ("waffenlos", r.randint(4, 9))),
        tuple(r.sample(WAFFEN, r.randint(1, 3))), RUESTUNG if r.random() < 0.4 else (),
        (("konter_zeit", 2),) if r.random() < 0.3 else ())


def _augen(r: random.Random) -> dict[str, str] | None:
    """Eingetippte Würfel für einen Teil der Würfe (der Rest würfelt das Programm)."""
    if r.random() < 0.5:
        return None
    augen = {}
    if r.random() < 0.7:
        augen["angriff"] = str(r.randint(1, 20))
    if r.random() < 0.5:
        augen["verteidigung"] = str(r.randint(1, 10))
    if r.random() < 0.5:
        augen["zone"] = f"{r.randint(1, 6)} {r.randint(1, 6)}"
    return augen


class _Sitzung:
    def __init__(self, saat: int, ordner) -> None:
        self.r = r = random.Random(saat)
        optionen = Optionen(gleichzeitig=r.random() < 0.75, reaktion_nur_im_fenster=r.random() < 0.8,
                            start_schwierigkeit=r.choice([12, 18, 22]))
        kaempfer = [_kaempfer(r, i) for i in range(r.randint(2, 4))]
        self.mit_datei = r.random() < 0.15
        self.v: Verlauf = sitzung.neuer_verlauf(kaempfer, optionen, ordner if self.mit_datei else None)
        self.rng = random.Random(saat + 1)
        self.befunde: list[str] = []
        self.abtausch_start: dict[int, frozenset[str]] = {}
        self.abtausch_handelnde: set[str] = set()

    # -- Klicks ---------------------------------------------------------------------------
    def klicks(self, k: z.Kampf) -> list[tuple[str, str, object]]:
        """Alle Klicks, die das Panel jetzt anböte: (Schlüssel, wer, erlaubt?)."""
        if not k.gestartet:
            return [("start", "", a) for a in zug.aktionen(k, None)]
        namen = list(dict.fromkeys([n for n in (zug.am_zug(k),) if n] + list(k.am_zug)
                                   + [t.name for t in k.aktive]))
        return [(a.schluessel, wer, a) for wer in namen for a in zug.aktionen(k, wer)]

    def ereignis(self, k: z.Kampf, schluessel: str, wer: str) -> z.Ereignis:
        r = self.r
        if schluessel == "start":
            getippt = {t.name: str(r.randint(1, 20)) for t in k.teilnehmer} if r.random() < 0.3 else None
            return z.start_ereignis(k, rng=self.rng, augen=getippt)
        if schluessel == "aktion":
            return z.aktion_ereignis(k, wer, r.randint(1, 4), r.choice(["sofort", "vorbereitet", "kontinuierlich"]))
        if schluessel == "ansage":
            return z.ansage_ereignis(k, wer)
        if schluessel == "ansage_verfallen":
            return z.ansage_verfallen_ereignis(k, wer)
        if schluessel == "konter_verzichten":
            return z.konter_verzicht_ereignis(k)
        andere = [t.name for t in k.teilnehmer if t.name != wer]
        ziel = zug.standard_ziel(k, wer) if schluessel == "konter" or r.random() < 0.7 else r.choice(andere)
        waffe = zug.standard_waffe(k, wer)
        stand = zug.wurf_stand(k, wer)
        if ziel is None or waffe is None:
            raise KampfFehler("kein Ziel oder keine Waffe")
        entscheidung = zug.verteidigung_entscheidung(k, wer, ziel, waffe)
        art, vwaffe = "passiv", None
        if entscheidung is not None and r.random() < 0.6:
            art = r.choice(["ausweichen", "parade", "blocken"])
            vwaffe = r.randrange(len(stand[ziel].kaempfer.waffen)) if art != "ausweichen" else None
        augen = _augen(r)
        try:
            return z.angriff_ereignis(k, wer, ziel, waffe, art, verteidigungs_waffe=vwaffe,
                                      rng=self.rng, augen=augen)
        except KampfFehler as fehler:
            # Parade/Blocken mit dieser Waffe nicht möglich (verloren, Kettenwaffe): passiv
            passiv = z.angriff_ereignis(k, wer, ziel, waffe, rng=self.rng, augen=augen)
            if art == "ausweichen":
                raise AssertionError(f"Zug sagt: {ziel} darf reagieren, Ausweichen verweigert: {fehler}") from fehler
            return passiv

    # -- Invarianten ----------------------------------------------------------------------
    def pruefen_schritt(self, vorher: z.Kampf, e: z.Ereignis, nachher: z.Kampf) -> None:
        d = e.daten
        wer = d.get("angreifer") if e.art == "angriff" else d.get("name")
        eigene = e.art in ("aktion", "ansage_verfallen") or (e.art == "angriff" and not d.get("konter_angriff"))
        if eigene:
            assert wer in vorher.am_zug, (wer, vorher.am_zug)
            assert nachher[wer].position > vorher[wer].position, "eigene Aktion ohne Zeit"
        # offene Entscheidungen
        if vorher.konter is not None:
            genommen = (e.art == "konter_verzicht"
                        or (e.art == "angriff" and d.get("konter_angriff") and d["angreifer"] == vorher.konter[0]))
            assert genommen or nachher.konter == vorher.konter, f"Konter verschwand mit {e.art}"
        for t in vorher.aktive:
            if t.angesagt and not nachher[t.name].angesagt:
                genommen = (e.art == "ansage_verfallen" and d["name"] == t.name) or (
                    e.art == "angriff" and d["ziel"] == t.name and d["verteidigung"] != "passiv")
                assert genommen, f"Ansage von {t.name} verschwand mit {e.art}"
            if t.angesagt and nachher[t.name].kampfunfaehig(nachher.optionen):
                self.befunde.append("Ansage eines Kampfunfähigen bleibt offen (aus den offenen "
                                    "Entscheidungen verschwunden)")
        ab_v, ab_n = vorher.abtausch, nachher.abtausch
        if ab_v is not None:
            offen_nachher = set(ab_n.offen) if ab_n is not None else set()
            erwartet = set(ab_v.offen) - ({wer} if eigene or e.art == "ansage" else set())
            assert offen_nachher == erwartet, (e.art, ab_v.offen, offen_nachher)
        # Abtausch: am Ende haben alle gehandelt, die zu Beginn dran waren
        if ab_v is None and ab_n is not None:
            self.abtausch_handelnde = {wer}
            self.abtausch_start_namen = set(ab_n.offen) | {wer}
        elif ab_v is not None and (eigene or e.art == "ansage"):
            self.abtausch_handelnde.add(wer)
        if ab_v is not None and ab_n is None:
            assert self.abtausch_handelnde == self.abtausch_start_namen
        # der Zeitstrahl läuft nie zurück – auch nicht, wenn der Spielleiter jemanden heilt
        if vorher.gestartet and vorher.jetzt is not None and nachher.jetzt is not None:
            assert nachher.jetzt >= vorher.jetzt, f"Zeit lief zurück: {vorher.jetzt} → {nachher.jetzt} ({e.art})"
        # Lebenspunkte sinken nur, Positionen wachsen nur (ohne Spielleiter-Eingriffe)
        if e.art != "lebenspunkte":
            for t in nachher.teilnehmer:
                assert t.lebenspunkte <= vorher[t.name].lebenspunkte
                if vorher[t.name].position is not None:
                    assert t.position >= vorher[t.name].position

    def pruefen_klicks(self, k: z.Kampf) -> None:
        for schluessel, wer, a in self.klicks(k):
            assert a.erlaubt == (a.grund is None), a
            if not a.erlaubt and schluessel in ("aktion", "ansage", "ansage_verfallen", "angriff"):
                if schluessel == "angriff" and ("keine bereite Waffe" in a.grund or "Niemand sonst" in a.grund
                                                or (k.konter is not None and k.konter[0] == wer)):
                    continue  # ohne Waffe/Gegner baut das Panel keinen Angriff; der Konter hat eigenen Knopf
                with pytest.raises((KampfFehler, ValueError)):
                    self.ereignis(k, schluessel, wer)

    def nachgespielt(self) -> z.Kampf:
        k = self.v.start
        for e in self.v.ereignisse:
            k = z.anwenden(k, e)
        return k

    def vorschlag_klick(self, k: z.Kampf) -> None:
        """Ein Klick „Vorschlag spielen“ oder „Gruppe handelt“ (Issue 26): der Vorschlag ist
        erlaubt, und ein Rückgängig nimmt den ganzen Klick zurück (Issue 21, Punkt 4)."""
        v, n = self.v, len(self.v.ereignisse)
        if self.r.random() < 0.5:
            wer = zug.am_zug(k)
            vs = zug.vorschlag(k, wer) if wer else None
            if vs is None:
                return
            zug.vorschlag_spielen(v, wer, rng=self.rng, vorschlag_=vs)
        else:
            zug.gruppe_handelt(v, rng=self.rng, helden=self.r.choice(["Helden", "niemand"]))
        if len(v.ereignisse) > n:
            nachher = v.zustand
            for i, e in enumerate(v.ereignisse[n:]):
                self.pruefen_schritt(v.zustaende[n + i], e, v.zustaende[n + i + 1])
            assert len(set(v.schritte[n:])) == 1, "ein Klick, mehrere Schritte"
            assert v.rueckgaengig() == k, "Rückgängig nimmt den Klick nicht als einen Schritt zurück"
            assert v.wiederholen() == nachher, "Wiederholen stellt den Klick nicht her"

    # -- Ablauf ----------------------------------------------------------------------------
    def spielen(self) -> None:
        r, v = self.r, self.v
        for _ in range(SCHRITTE):
            k = v.zustand
            if k.gestartet and len({t.partei for t in k.aktive}) < 2 and k.abtausch is None:
                break
            if r.random() < 0.3:
                self.pruefen_klicks(k)
            if k.gestartet and r.random() < 0.1:
                self.vorschlag_klick(k)
                continue
            erlaubt = [(s, wer) for s, wer, a in self.klicks(k) if a.erlaubt]
            if not erlaubt:
                assert k.gestartet and zug.am_zug(k) is None or not k.aktive, "niemand darf, obwohl der Kampf läuft"
                break
            if k.gestartet and r.random() < 0.05:
                t = r.choice(k.teilnehmer)
                e = z.lebenspunkte_ereignis(k, t.name, t.lebenspunkte + 1, "Trank")
            else:
                e = self.ereignis(k, *r.choice(erlaubt))
            nachher = v.ausfuehren(e)
            self.pruefen_schritt(k, e, nachher)
            if r.random() < 0.15:
                assert v.rueckgaengig() == k, "Rückgängig stellt den Stand nicht her"
                assert v.wiederholen() == nachher, "Wiederholen stellt den Stand nicht her"
        assert self.nachgespielt() == v.zustand, "Nachspielen ≠ Sitzung"
        if self.mit_datei:
            datei = v.datei
            zustand = v.zustand
            v.schliessen()
            wieder, warnungen = sitzung.verlauf_fortsetzen(datei)
            try:
                assert not warnungen and wieder.zustand == zustand, "Fortsetzen ≠ Sitzung"
            finally:
                wieder.schliessen()


@pytest.mark.slow  # 200 zufällige Sitzungen: in CI (``pytest``), nicht im schnellen Lauf
def test_kampffluss_zufaellige_sitzungen(tmp_path):
    befunde: set[str] = set()
    for saat in range(SITZUNGEN):
        s = _Sitzung(saat, tmp_path)
        try:
            s.spielen()
        except AssertionError as fehler:
            raise AssertionError(f"Sitzung {saat}: {fehler}") from fehler
        befunde |= set(s.befunde)
    # Bekannt und dokumentiert (docs/zeitstrahl.md): wer mit angesagter Reaktion passiv
    # getroffen wird und fällt, hat keine offene Entscheidung mehr – sein Zug ist vorbei.
    assert befunde <= {"Ansage eines Kampfunfähigen bleibt offen (aus den offenen Entscheidungen verschwunden)"}
