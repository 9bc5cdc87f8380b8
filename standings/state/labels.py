"""Column headings and legend entries for tie-break specs ("BH/C1" -> "Buchholz Cut-1")."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import get_language, gettext

from standings.engine.catalogue import lookup
from standings.engine.notation import SpecError
from standings.engine.pickled import quick_pickle
from standings.wording import tiebreak_names

PHONE_COLUMNS = 3  # the values a narrow phone shows: the ranking's first, in its order


@quick_pickle
@dataclass(frozen=True, slots=True)
class Column:
    """A tie-break column: the spec is the state's (cached for every language), its name
    and reference are spelt out in the language active when a page is rendered."""

    spec: str  # as the engine reports it, e.g. "BH/C1"
    fide_type: str  # A, B, C, D or a combination
    main: bool  # shown on a narrow phone too

    @property
    def title(self) -> str:
        """Spelt out, e.g. "Buchholz Cut-1"."""
        return describe(self.spec)[0]

    @property
    def reference(self) -> str:
        """Where it is defined: "FIDE tie-break regulations, Art. 8.1", "" unknown."""
        return describe(self.spec)[1]


def describe(spec: str) -> tuple[str, str]:
    """The spelt-out name and the reference of one spec in the active language; the spec
    itself when unknown."""
    return _describe(spec, get_language())


@lru_cache(maxsize=1024)
def _describe(spec: str, language: str) -> tuple[str, str]:
    try:
        parsed, entry = lookup(spec)
    except SpecError:
        return spec, ""
    parts = [tiebreak_names.name(entry)]
    if parsed.basis:
        parts.append(
            gettext("(game points)") if parsed.basis == "GP" else gettext("(match points)")
        )
    if parsed.cut_high:
        parts.append(gettext("Median-%(n)s") % {"n": parsed.cut_high})
    elif parsed.cut_low or parsed.uncut:
        # A national procedure's /Ck is its k-th step (docs/tiebreaks.md), not a cut.
        step = "component" in entry.modifiers
        parts.append(
            (gettext("step %(n)s") if step else gettext("Cut-%(n)s")) % {"n": parsed.cut_low}
        )
    if parsed.limit_shift:
        parts.append(gettext("limit +½") if parsed.limit_shift > 0 else gettext("limit −½"))
    if parsed.unrated_as is not None:
        parts.append(gettext("unrated as %(rating)s") % {"rating": parsed.unrated_as})
    return " ".join(parts), tiebreak_names.reference(entry)


def columns(specs: tuple[str, ...], fide_types: tuple[str, ...]) -> tuple[Column, ...]:
    """One column per value; on a phone the ranking's first three stay visible, in order:
    points and the first two tie-breaks (a team's match points, then its tie-breaks)."""
    out = []
    for i, spec in enumerate(specs):
        fide_type = fide_types[i] if i < len(fide_types) else ""
        out.append(Column(spec, fide_type, main=i < PHONE_COLUMNS))
    return tuple(out)
