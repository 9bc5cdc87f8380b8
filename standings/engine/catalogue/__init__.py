"""The catalogue of tie-breaks, looked up by acronym.

New systems (team tie-breaks, US Chess, Chess Scotland) join by adding a module
with its ENTRIES and listing it here.
"""

from __future__ import annotations

from ..notation import Spec, SpecError, parse_spec
from . import buchholz, direct_encounter, koya, own_results, ratings_based
from .base import Evaluation, TieBreak

CATALOGUE: dict[str, TieBreak] = {
    entry.acronym: entry
    for module in (own_results, direct_encounter, buchholz, koya, ratings_based)
    for entry in module.ENTRIES
}


def lookup(text: str) -> tuple[Spec, TieBreak]:
    """The parsed spec and its catalogue entry; SpecError when either is unknown."""
    spec = parse_spec(text)
    entry = CATALOGUE.get(spec.name)
    if entry is None:
        raise SpecError(f"unknown tie-break: {text!r}")
    entry.check(spec)
    return spec, entry


def parse_tiebreak_list(text: str) -> tuple[str, ...]:
    """A whole list, specs separated by spaces, in canonical notation; SpecError for the first
    unknown one. What an event stores and every path that sets it (forms, TRF 202) checks."""
    return tuple(lookup(item)[0].text for item in text.split())


__all__ = ["CATALOGUE", "Evaluation", "TieBreak", "lookup", "parse_tiebreak_list"]
