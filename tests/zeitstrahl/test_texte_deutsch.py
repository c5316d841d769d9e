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
