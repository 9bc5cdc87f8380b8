"""The catalogue of tie-breaks, looked up by acronym.

FIDE's tie-breaks are the modules here; a new FIDE tie-break joins by adding a module with
its ENTRIES and listing it below. Other federations' systems (US Chess, Chess Scotland)
live in `standings/engine/systems/`, one module per rule book, and join through SYSTEMS.
"""

from __future__ import annotations

from ..notation import Spec, SpecError, parse_spec
from ..phrases import phrase
from . import buchholz, direct_encounter, koya, own_results, ratings_based, teams
from .base import Evaluation, TieBreak

FIDE_MODULES = (own_results, direct_encounter, buchholz, koya, ratings_based, teams)


def _catalogue() -> dict[str, TieBreak]:
    # Imported here: the systems' modules import `base` from this package.
    from ..systems import SYSTEMS

    return {
        entry.acronym: entry for module in (*FIDE_MODULES, *SYSTEMS) for entry in module.ENTRIES
    }


CATALOGUE: dict[str, TieBreak] = _catalogue()


def lookup(text: str) -> tuple[Spec, TieBreak]:
    """The parsed spec and its catalogue entry; SpecError when either is unknown."""
    spec = parse_spec(text)
    entry = CATALOGUE.get(spec.name)
    if entry is None:
        raise SpecError(phrase("spec.unknown", spec=text))
    entry.check(spec)
    return spec, entry


def parse_tiebreak_list(text: str) -> tuple[str, ...]:
    """A whole list, specs separated by spaces, in canonical notation; SpecError for the first
    unknown one. What an event stores and every path that sets it (forms, TRF 202) checks."""
    return tuple(lookup(item)[0].text for item in text.split())


__all__ = ["CATALOGUE", "Evaluation", "TieBreak", "lookup", "parse_tiebreak_list"]
