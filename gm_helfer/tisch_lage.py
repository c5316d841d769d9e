"""Die Lagebild-Zelle der Live-Notebooks (Notebook-Schicht, nur Spielleiter).

Die Rechnung läuft in :class:`gm_helfer.lage_lauf.LageLauf` (gerechnet in einem eigenen Prozess,
ein ``mo.Thread`` wartet auf die Stufen): die Zelle kehrt sofort zurück, der Faden schreibt jede
Stufe mit ``mo.output.replace`` in die Ausgabe *dieser* Zelle – kein Klick, keine Einzelwurf-Chance
wartet darauf. Die Ansicht: eine Zeile (Siegchance mit
95-%-Intervall), der Verlauf über den Kampf als kleine Linie (je Schritt) und – auf Wunsch – die
Wahlen des Augenblicks als geordnete Balken („Lagebild je Wahl“).

Die Spieleransicht (``notebooks/spieleransicht.py``, :mod:`gm_helfer.spieler`) zeigt nichts davon.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from gm_helfer.lage_lauf import LageLauf, LageStand, Punkt
from gm_helfer.text import prozent

__all__ = ["LageAnzeige", "lage_lauf", "lage_zelle", "lage_ansicht", "lage_schalter"]


def lage_lauf(system: str, *, seite: str = "Helden", **kw: Any) -> LageLauf:
    """Ein Lauf je Sitzung, dessen Fäden ``mo.Thread`` sind (sie dürfen in die Zelle schreiben)."""
    import marimo as mo

    return LageLauf(system, seite=seite, faden=mo.Thread, **kw)


def lage_schalter(an: bool = True) -> tuple[Any, Any]:
    """Die beiden Schalter: Lagebild an/aus und „Lagebild je Wahl“ (die Wahlen kosten Sekunden)."""
    import marimo as mo

    return (mo.ui.switch(value=an, label="Lagebild (nur Spielleiter)"),
            mo.ui.switch(value=False, label="Lagebild je Wahl"))


def _diagramme(kurs: tuple[Punkt, ...], optionen: tuple[tuple[str, Mapping[str, float]], ...], seite: str,
               anzeige: str) -> list[Any]:
    """Der Verlauf (ab zwei Schritten) und die geordneten Wahlen – im Panel wie in Jupyter."""
    from gm_helfer import diagramme

    bilder: list[Any] = []
    if len(kurs) >= 2:
        bilder.append(diagramme.reihen_kurve(
            [(i, p.sieg, p.unten, p.oben) for i, p in enumerate(kurs, start=1)],
            titel=f"Siegchance der {anzeige} über den Kampf", x_titel="Schritt", ziel=None,
        ).properties(width=260, height=120))
    if optionen:
        bilder.append(diagramme.ergebnis_balken(_rang(optionen, seite), titel=f"Siegchance der {anzeige} nach jeder Wahl")
                      .properties(width=260))
    return bilder


@dataclass(frozen=True)
class LageAnzeige:
    """Jupyter: ``kampf.lagebild()`` – das :class:`~gm_helfer.lagebild.Lagebild` (alle Felder wie dort:
    ``sieg``, ``intervall``, ``optionen``, ``text()`` …) samt Verlauf über den Kampf; in der Zelle
    dieselbe Zeile und dieselben Diagramme wie im Panel."""

    bild: Any
    kurs: tuple[Punkt, ...] = ()
    seite: str = "Helden"
    anzeige: str = "Helden"

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name == "bild":  # copy/pickle: nicht ins Leere weiterreichen
            raise AttributeError(name)
        return getattr(self.bild, name)

    def zeile(self) -> str:
        return self.bild.text(self.seite).replace(self.seite, self.anzeige, 1)

    def __str__(self) -> str:
        return self.zeile()

    def __repr__(self) -> str:
        return f"LageAnzeige({self.zeile()!r})"

    def diagramme(self) -> list[Any]:
        return _diagramme(self.kurs, tuple(self.bild.optionen), self.seite, self.anzeige)

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> Any:
        import altair as alt

        bilder = self.diagramme()
        if not bilder:
            return {"text/plain": self.zeile(), "text/html": f"<p>{self.zeile()}</p>"}
        return alt.hconcat(*bilder).properties(title=self.zeile())._repr_mimebundle_(include, exclude)


def _rang(optionen: tuple[tuple[str, Mapping[str, float]], ...], seite: str) -> dict[str, float]:
    return dict(sorted(((t, float(s.get(seite, 0.0))) for t, s in optionen), key=lambda x: -x[1]))


def lage_ansicht(stand: LageStand, *, seite: str = "Helden", anzeige: str = "Helden", hook: str = "lagebild",
                 je_wahl: bool = False) -> Any:
    """Zeile, Verlauf und (``je_wahl``) die geordneten Wahlen eines Stands als marimo-Ausgabe."""
    import marimo as mo

    if stand.fehler:
        return mo.md(f"<small><span id='{hook}'>{stand.fehler}</span></small>")
    b = stand.bild
    if b is None:
        return mo.md(f"<small>Lagebild: <span id='{hook}' data-stand='rechnet' data-schritt='{stand.schluessel}'>"
                     "wird gerechnet …</span></small>")
    zeile = b.text(seite).replace(seite, anzeige, 1)
    status = "fertig" if stand.fertig else "verfeinert"
    teile = [mo.md(f"<small>Lagebild: <span id='{hook}' data-stand='{status}' data-schritt='{stand.schluessel}' "
                   f"data-anzahl='{b.anzahl}' data-sieg='{b.sieg.get(seite, 0.0):.4f}'>{zeile}</span>"
                   + ("" if stand.fertig else " · wird genauer …") + "</small>")]
    bilder = _diagramme(stand.kurs, stand.optionen if je_wahl else (), seite, anzeige)
    if je_wahl and stand.optionen:
        rang = _rang(stand.optionen, seite)
        liste = " · ".join(f"{t}: {prozent(p)}" for t, p in rang.items())
        teile.append(mo.md(f"<small>Je Wahl ({stand.optionen and len(stand.optionen)} gerechnet): "
                           f"<span id='{hook}-wahlen' data-schritt='{stand.schluessel}'>{liste}</span></small>"))
    elif je_wahl:
        teile.append(mo.md(f"<small><span id='{hook}-wahlen-offen'>Wahlen werden gerechnet …</span></small>"
                           if not stand.fertig else "<small>Gerade gibt es keine Wahl.</small>"))
    if bilder:
        teile.append(mo.hstack(bilder, justify="start", wrap=True))
    return mo.vstack(teile)


def lage_zelle(lauf: LageLauf, schluessel: int, zustand: Any, *, an: bool, je_wahl: bool = False, runde: int = 0,
               aktiv: bool = True, anzeige: str = "Helden", hook: str = "lagebild") -> None:
    """Der Rumpf der Lagebild-Zelle: zeigt den letzten Stand und stößt die Rechnung für den Zustand
    nach Schritt ``schluessel`` im Hintergrund an (``aktiv=False``: Kampf vorbei/nicht begonnen –
    nur den Verlauf zeigen). Schreibt die Ausgabe selbst (``mo.output``); die Zelle gibt nichts zurück."""
    import marimo as mo

    if not an:
        lauf.stoppen(warten=0)
        mo.output.replace(mo.md(""))
        return

    def zeigen(stand: LageStand) -> None:
        mo.output.replace(lage_ansicht(stand, seite=lauf.seite, anzeige=anzeige, hook=hook, je_wahl=je_wahl))

    if not aktiv:
        lauf.stoppen(warten=0)
        stand = lauf.stand()
        if stand.kurs:
            zeigen(LageStand(stand.schluessel, stand.bild, (), stand.kurs, fertig=True))
        else:
            mo.output.replace(mo.md(""))
        return
    lauf.anstossen(schluessel, zustand, runde=runde, mit_optionen=je_wahl, melden=zeigen)
