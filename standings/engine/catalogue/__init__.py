"""The catalogue of tie-breaks, looked up by acronym.

FIDE's tie-breaks are the modules here; a new FIDE tie-break joins by adding a module with
its ENTRIES and naming its acronyms in INDEX below. Other federations' systems (US Chess,
Chess Scotland) live in `standings/engine/systems/`, one module per rule book, and join
through SYSTEM_MODULES and INDEX.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from ..notation import Spec, SpecError, parse_spec
from ..phrases import phrase
from .base import Evaluation, TieBreak

# Each acronym's module, so that a run imports only the tie-breaks it computes (the
# command's start-up); tests/engine/test_catalogue_index.py checks it against ENTRIES.
FIDE_MODULES = ("own_results", "direct_encounter", "buchholz", "koya", "ratings_based", "teams")
SYSTEM_MODULES = ("us_chess", "classic", "chess_scotland")  # in standings/engine/systems/
INDEX: dict[str, str] = {
    **dict.fromkeys(("PTS", "WIN", "WON", "BPG", "BWG", "PS", "GE"), "own_results"),
    "DE": "direct_encounter",
    **dict.fromkeys(("BH", "AOB", "FB", "SB"), "buchholz"),
    "KS": "koya",
    **dict.fromkeys(("ARO", "TPR", "PTP", "APRO", "APPO"), "ratings_based"),
    **dict.fromkeys(
        ("MPTS", "GPTS", "BC", "TBR", "BBE", "MPVGP", "EMMSB", "EMGSB", "EGMSB", "EGGSB"),
        "teams",
    ),
    **dict.fromkeys(("EDE", "SSSC"), "teams"),
    **dict.fromkeys(("USMM", "USMED", "USSOLK", "USCUM", "USOCUM"), "us_chess"),
    **dict.fromkeys(("KASH", "BAUM", "FLOSS"), "classic"),
    **dict.fromkeys(("SCSOG", "SCPS", "SCBH", "SCSB", "HOOPER", "WALL"), "chess_scotland"),
}


def entries_of(module: str) -> tuple[TieBreak, ...]:
    """The ENTRIES of a catalogue or systems module, by its name."""
    relative = f"..systems.{module}" if module in SYSTEM_MODULES else f".{module}"
    entries: tuple[TieBreak, ...] = import_module(relative, __name__).ENTRIES
    return entries


class _Catalogue(Mapping[str, TieBreak]):
    """Acronym -> entry, each module imported when one of its entries is first asked for."""

    def __init__(self) -> None:
        self._loaded: dict[str, TieBreak] = {}

    def __getitem__(self, acronym: str) -> TieBreak:
        entry = self._loaded.get(acronym)
        if entry is None:
            module = INDEX[acronym]  # KeyError for an unknown acronym, as a dict's
            self._loaded.update((e.acronym, e) for e in entries_of(module))
            entry = self._loaded[acronym]
        return entry

    def __contains__(self, acronym: object) -> bool:
        return acronym in INDEX

    def __iter__(self) -> Iterator[str]:
        return iter(INDEX)

    def __len__(self) -> int:
        return len(INDEX)


CATALOGUE: Mapping[str, TieBreak] = _Catalogue()


def lookup(text: str) -> tuple[Spec, TieBreak]:
    """The parsed spec and its catalogue entry; SpecError when either is unknown."""
    spec = parse_spec(text)
    if spec.name not in CATALOGUE:
        raise SpecError(phrase("spec.unknown", spec=text))
    entry = CATALOGUE[spec.name]
    entry.check(spec)
    return spec, entry


def parse_tiebreak_list(text: str) -> tuple[str, ...]:
    """A whole list, specs separated by spaces, in canonical notation; SpecError for the first
    unknown one. What an event stores and every path that sets it (forms, TRF 202) checks."""
    return tuple(lookup(item)[0].text for item in text.split())


__all__ = ["CATALOGUE", "Evaluation", "TieBreak", "lookup", "parse_tiebreak_list"]
