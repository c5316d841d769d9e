"""Die gemeinsame Basis der Regelfehler: :class:`RegelFehler`.

Ein Regelfehler ist ein Schritt oder eine Eingabe, die die Regeln so nicht erlauben (falsche
Würfelnotation, ein Angriff außer der Reihe, ein unmöglicher Wert) – mit deutscher Meldung für
den Spielleiter. Die Fehlerklassen der Systeme erben von ihr und bleiben ``ValueError``, damit
jedes bestehende ``except ValueError`` (und jedes ``except KampfFehler``) weiter greift:

>>> from gm_helfer.wuerfel import WuerfelFehler, parse
>>> try:
...     parse("3W")
... except RegelFehler as f:
...     isinstance(f, WuerfelFehler), isinstance(f, ValueError)
(True, True)

Nicht dazu gehören Fehler beim Lesen und Schreiben (``ProtokollFehler``, ``BerichtFehler``) und
ungültige Charakterbögen (``SchemaFehler``): dort ist nicht eine Regel verletzt, sondern eine Datei.
"""

from __future__ import annotations

__all__ = ["RegelFehler"]


class RegelFehler(ValueError):
    """Basis aller Regelfehler der Systeme (deutsche Meldung); ein ``ValueError``."""
