"""Zusätzliche Felder für den Kopf eines neu angelegten Protokolls (etwa die Taktik je Seite).

Wer einen Kampf anlegt, baut den Kopf im System (:class:`gm_helfer.protokoll.Verlauf` mit ``kopf=``);
was die Notebook-Schicht dazu weiß (die Taktik der geladenen Begegnung), gibt sie mit
:func:`im_kopf` für die Dauer des Anlegens dazu – wie :func:`gm_helfer.protokoll_sperre.geraet`.
Systeme lesen nur ihre eigenen Felder des Kopfes; ein altes Protokoll ohne sie bleibt gültig.

>>> from gm_helfer.protokoll import Verlauf
>>> with im_kopf(taktik={"Schurken": {"ziel": "staerkster"}}):
...     v = Verlauf(0, lambda z, e: z, kopf={"start": 1})
>>> v.kopf
{'start': 1, 'taktik': {'Schurken': {'ziel': 'staerkster'}}}
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Any

__all__ = ["im_kopf", "zusatz"]

_ZUSATZ: ContextVar[Mapping[str, Any]] = ContextVar("gm_helfer_kopf_zusatz", default=MappingProxyType({}))


@contextmanager
def im_kopf(**felder: Any) -> Iterator[None]:
    """Im Block angelegte Protokolle bekommen ``felder`` in ihren Kopf (leere Werte nicht)."""
    marke = _ZUSATZ.set(MappingProxyType({**_ZUSATZ.get(), **{k: v for k, v in felder.items() if v}}))
    try:
        yield
    finally:
        _ZUSATZ.reset(marke)


def zusatz() -> dict[str, Any]:
    """Die Felder, die gerade dazukommen (außerhalb von :func:`im_kopf`: keine)."""
    return dict(_ZUSATZ.get())
