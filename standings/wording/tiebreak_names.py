"""A tie-break's name and reference in the reader's language, from its catalogue entry.

The engine declares each entry's name once, with the entry (`TieBreak.name`, marked for the
catalogue by `engine/words.py`), and the FIDE regulations' reference once beside the
entries (`catalogue.base.FIDE_REFERENCE`); nothing here lists them again. The pages
translate the declared message, never a text they were handed: a name missing from the
catalogue shows the engine's English. Buchholz, Sonneborn-Berger, Solkoff and Kashdan are
people's names that name a tie-break (context "tie-break") and stay as they are in every
language, as do Koya, Harkness, Baumbach, Wallace and Hooper inside a name; a national rule
book is cited as its federation names it (`TieBreak.source`).
"""

from __future__ import annotations

from standings.engine.catalogue import TieBreak
from standings.engine.catalogue.base import FIDE_REFERENCE

from .words import translated


def name(entry: TieBreak) -> str:
    """The entry's name in the active language, e.g. "Système Koya"."""
    return translated(entry.name)


def reference(entry: TieBreak) -> str:
    """Where the entry is defined, in the active language: "Règlement FIDE des départages,
    art. 8.1"; a federation's rule book as it names itself."""
    if entry.article:
        return translated(FIDE_REFERENCE) % {"article": entry.article}
    return entry.source
