"""Die Summen des Berichts in zufälligen Sitzungen jedes angemeldeten Systems (über die
Zellen-Schnittstelle wie im Konformitätstest): was einer austeilt, hat ein anderer erlitten, wer
am Ende liegt, hat einen Ausfall-Eintrag, und die Schlagzeile hat eine der drei Formen."""

from __future__ import annotations

import random

import pytest

from gm_helfer import bericht, boegen, regelsystem

SYSTEME = regelsystem.systeme()


def _namen(rs: regelsystem.Regelsystem, rng: random.Random) -> list[str]:
    alle = list(boegen.laden(rs.name).boegen)
    for _ in range(50):
        gewaehlt = rng.sample(alle, k=min(len(alle), rng.choice((2, 3))))
        if len({k.seite for k in rs.ansicht().kaempfer(rs.start(gewaehlt))}) >= 2:
            return [b.name for b in gewaehlt]
    pytest.fail(f"{rs.name}: keine zwei Seiten unter den Beispielbögen")


@pytest.mark.parametrize("saat", (1, 2))
@pytest.mark.parametrize("rs", SYSTEME, ids=lambda rs: rs.name)
def test_summen_passen_zueinander(rs: regelsystem.Regelsystem, saat: int):
    rng = random.Random(saat)
    kampf = rs.zellen().kampf_starten(_namen(rs, rng), rng=random.Random(saat))
    try:
        for _ in range(60):
            offen = kampf.offene_entscheidungen()
            try:
                if offen and rng.random() < 0.4:
                    kampf.entscheiden(rng.choice(offen).schluessel)
                elif rng.random() < 0.3:
                    kampf.weiter()
                else:
                    kampf.ausspielen(max_schritte=1)
            except kampf.KAMPF_FEHLER:
                pass
        datei = kampf.datei
    finally:
        kampf.schliessen()
    assert datei is not None
    b = bericht.lesen(datei)
    assert {s.name for s in b.summen} == {k.name for k in b.ende}
    for einheit in {e for s in b.summen for e, _ in s.ausgeteilt + s.erlitten}:
        ausgeteilt = sum(dict(s.ausgeteilt).get(einheit, 0) for s in b.summen)
        erlitten = sum(dict(s.erlitten).get(einheit, 0) for s in b.summen)
        assert 0 <= ausgeteilt <= erlitten, (einheit, ausgeteilt, erlitten)
    for s, k in zip(b.summen, b.ende):
        assert s.angriffe >= 0 and s.treffer >= 0 and all(n > 0 for _, n in s.ausgegeben)
        assert bool(s.ausgefallen) == k.ausgefallen, (s.name, s.ausgefallen, k.zustand)
    assert b.schlagzeile.startswith(("Sieg: ", "Kampf noch offen", "Unentschieden: "))
    kurz = bericht.markdown_kurz(b)
    assert "Regel:" not in kurz and b.schlagzeile in kurz and "## Summen je Kämpfer" in kurz
