"""Column headings and legend entries for tie-break specs ("BH/C1" -> "Buchholz Cut-1")."""

from __future__ import annotations

from dataclasses import dataclass

from standings.engine.catalogue import lookup
from standings.engine.notation import SpecError
from standings.engine.pickled import quick_pickle


@quick_pickle
@dataclass(frozen=True, slots=True)
class Column:
    spec: str  # as the engine reports it, e.g. "BH/C1"
    title: str  # spelt out, e.g. "Buchholz Cut-1"
    reference: str  # where it is defined: "FIDE tie-break regulations, Art. 8.1", "" unknown
    fide_type: str  # A, B, C, D or a combination
    main: bool  # shown on a narrow phone too


def describe(spec: str) -> tuple[str, str]:
    """The spelt-out name and the reference of one spec; the spec itself when unknown."""
    try:
        parsed, entry = lookup(spec)
    except SpecError:
        return spec, ""
    parts = [entry.name]
    if parsed.basis:
        parts.append("(game points)" if parsed.basis == "GP" else "(match points)")
    if parsed.cut_high:
        parts.append(f"Median-{parsed.cut_high}")
    elif parsed.cut_low or parsed.uncut:
        # A national procedure's /Ck is its k-th step (docs/tiebreaks.md), not a cut.
        step = "component" in entry.modifiers
        parts.append(f"step {parsed.cut_low}" if step else f"Cut-{parsed.cut_low}")
    if parsed.limit_shift:
        parts.append("limit +½" if parsed.limit_shift > 0 else "limit −½")
    if parsed.unrated_as is not None:
        parts.append(f"unrated as {parsed.unrated_as}")
    return " ".join(parts), entry.reference


def columns(specs: tuple[str, ...], fide_types: tuple[str, ...]) -> tuple[Column, ...]:
    """One column per value; points and the first tie-break stay visible on a phone."""
    out = []
    for i, spec in enumerate(specs):
        title, reference = describe(spec)
        fide_type = fide_types[i] if i < len(fide_types) else ""
        out.append(Column(spec, title, reference, fide_type, main=i < 2))
    return tuple(out)
