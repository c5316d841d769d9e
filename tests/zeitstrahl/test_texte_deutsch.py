"""Deutsch, wo der Spielleiter hinsieht (Zeitstrahl): negative Lebenspunkte mit echtem Minus."""

from __future__ import annotations

from gm_helfer.zeitstrahl.angriff_text import kampfunfaehig_zeile


def test_kampfunfaehig_mit_echtem_minus():
    """Issue 23: „Lebenspunkte -1“ mit Bindestrich neben „−“ anderswo."""
    assert kampfunfaehig_zeile("Ork", -1) == "Ork ist kampfunfähig (Lebenspunkte −1)."


def test_teilweise_eingetippte_startwuerfe_nennen_wer_fehlt():
    """Issue 23: „Zeitstrahl refuses typed start dice for only some fighters without saying whose
    are missing.“"""
    import pytest

    from gm_helfer import zeitstrahl as z

    k = z.neuer_kampf([z.Kaempfer("Ada"), z.Kaempfer("Bruni"), z.Kaempfer("Ork", "Feinde")])
    with pytest.raises(z.KampfFehler, match="fehlen noch für Bruni und Ork"):
        z.start_ereignis(k, augen={"Ada": "10", "Bruni": " "})
    assert z.start_ereignis(k, augen={"Ada": "10", "Bruni": "4", "Ork": "7"}).eingetippt


def test_ein_schadenspunkt_in_der_einzahl():
    """Issue 23, „Erfolg(e)“, „1 von 1 Wunden“ …: im Protokoll stand „→ 1 Schadenspunkte“ (gesehen
    im Spielabend bei 1280 px); genau einer steht in der Einzahl, sonst die Mehrzahl."""
    from gm_helfer.zeitstrahl.angriff_text import treffer_zeile, waffenlos_zeile

    assert treffer_zeile("Torso", False, [2, 3], 2, 1).endswith("→ 1 Schadenspunkt")
    assert treffer_zeile("Torso", False, [2, 4], 2, 2).endswith("→ 2 Schadenspunkte")
    assert treffer_zeile("Torso", False, [1, 1], 2, 0).endswith("→ 0 Schadenspunkte")
    assert waffenlos_zeile("parade", 1, "linken Arm") == "Waffenlos pariert: 1 Schadenspunkt am linken Arm"


def test_trefferpunkte_beispiel_folgt_der_waffe():
    """Issue 23, Punkt 3: „placeholders show a correct, complete example for the roll at hand“. Im
    Spielabend stand für Lyras Rapier (2W4) „z. B. 4 2 3“ im Feld Trefferpunkte – drei Augen für zwei
    Würfel, ein fester Text für jede Waffe."""
    from gm_helfer import wuerfel
    from gm_helfer import zeitstrahl as z
    from gm_helfer.zeitstrahl.tisch import zug

    rapier = z.Waffe("Rapier", schaden="2W4")
    keule = z.Waffe("Stachelkeule", schaden="3W4")
    k = z.neuer_kampf([z.Kaempfer("Lyra", waffen=(rapier, keule)), z.Kaempfer("Ork", "Feinde")])
    for waffe in (rapier, keule):
        text = zug.schaden_beispiel(k, "Lyra", waffe.name)
        augen = text.removeprefix("z. B. ").split(" (")[0].split()
        assert len(augen) == wuerfel.parse(waffe.schaden).anzahl_wuerfel, text
        assert all(1 <= int(a) <= 4 for a in augen) and text.endswith(f"({waffe.schaden})")
    assert zug.schaden_beispiel(k, "Lyra", None) == zug.schaden_beispiel(None, None, None) == "z. B. 3 1"
