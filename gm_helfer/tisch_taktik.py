"""Die Taktik je Seite im Live-Notebook: Regler aus den Feldern der ``Taktik`` des Systems
(dieselben wie im Notebook ``begegnung.py``, :func:`gm_helfer.simulation.taktik_felder`). Teil der
Notebook-Schicht (:class:`gm_helfer.tisch.Tisch.taktik_ansicht`); die Logik steht in
:mod:`gm_helfer.taktik_wahl`."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any


def taktik_regler(klasse: type, werte: Mapping[str, Any], on_change: Callable[[Any], None] | None = None):
    """Regler für die Taktik einer Seite: Auswahl für Felder mit Wahl, Haken für Ja/Nein
    (``mo.ui.dictionary``; ``.value``: Feld → Wert)."""
    import marimo as mo

    from gm_helfer import simulation

    elemente: dict[str, Any] = {}
    for name, text, vorgabe, wahl in simulation.taktik_felder(klasse):
        wert = werte.get(name, vorgabe)
        if isinstance(vorgabe, bool):
            elemente[name] = mo.ui.checkbox(value=bool(wert), label=text)
        elif wahl is None:
            elemente[name] = mo.ui.number(value=wert, label=text)
        else:
            elemente[name] = mo.ui.dropdown(options={t: k for k, t in wahl.items()}, value=wahl.get(wert, wahl[vorgabe]),
                                            label=text)
    return mo.ui.dictionary(elemente, on_change=on_change)


def taktik_ansicht(kampftisch: Any, seiten: Sequence[str]):
    """``(regler, ansicht)``: je Seite die Regler ihrer Taktik (Vorgabe: was der Kampf gespeichert hat
    – Begegnung, Kopf oder Nebendatei); jede Änderung setzt :meth:`Tisch.taktik_setzen`."""
    import marimo as mo

    from gm_helfer import begegnungen

    system = kampftisch.verlauf.system if kampftisch.verlauf is not None else ""
    klasse = begegnungen.taktik_klasse(system)
    if klasse is None or not seiten:
        return {}, mo.md("")
    regler = {s: taktik_regler(klasse, kampftisch.taktik_werte.get(s, {}),
                               on_change=lambda werte, s=s: kampftisch.taktik_setzen(s, werte)) for s in seiten}
    spalten = [mo.vstack([mo.md(f"*{s}*"), *r.elements.values()]) for s, r in regler.items()]
    titel = "Taktik je Seite (Vorschläge und Entscheidungen der Gegner; gespeichert mit dem Kampf)"
    return regler, mo.accordion({titel: mo.hstack(spalten, justify="start", wrap=True)})
