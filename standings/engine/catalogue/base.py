"""What every catalogue entry is: a small unit that knows its article and type."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..notation import Spec, SpecError
from ..phrases import phrase
from ..result import Contribution
from ..words import Words, pgettext

TYPE_CHECKING = False  # typing only for the type checker (see pickled.py)
if TYPE_CHECKING:
    from typing import Literal

Value = float | int | None
Explain = Callable[[int], tuple[Contribution, ...]]

# Where a FIDE entry is defined, as the player card and the legend cite it.
FIDE_REFERENCE = pgettext("reference", "FIDE tie-break regulations, Art. %(article)s")


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The values of one tie-break for every participant, by crosstable index."""

    values: Sequence[Value]
    explain: Explain  # contributions of participant i, computed on demand


@dataclass(frozen=True, slots=True, kw_only=True)
class TieBreak:
    """A catalogue entry, written with keywords: `TieBreak(acronym="BH", article="8.1", ...)`.

    `fide_type` is a combination of A, B, C, D (Art. 4.3); `better` says which way
    the value ranks; `modifiers` lists the modifier kinds the entry accepts: "cut"
    (C1, C2), "median" (M1, M2), "limit" (L+1, L-1), "unrated" (/U1400), "component"
    (C0, C3, C4 ...: the k-th step of an elimination procedure, SCSOG/C3).
    A FIDE entry has its `article`; a national one says its `source` instead.
    `name` is declared with its words (`engine/words.py`): the English, and the message
    the pages translate (`wording/tiebreak_names.py`); a person's name that names a
    tie-break has the context "tie-break".
    `null` says how a value that does not apply (None) ranks: last, or by skipping
    the tie-break for the whole tied group it appears in (the national systems).
    A FIDE individual entry (Art. 4-10) also takes a score basis for teams (`BH:GP`,
    Art. 13); `team` entries exist for team events only.
    """

    acronym: str
    name: Words
    fide_type: str
    article: str = ""
    source: str = ""  # rule book and section of a non-FIDE system
    # (table, spec), and the groups tied so far as well for a sub_rank entry (DE)
    evaluate: Callable[..., Evaluation]
    better: Literal["higher", "lower"] = "higher"
    modifiers: frozenset[str] = field(default_factory=frozenset)
    sub_rank: bool = False  # value is a place inside a tied group (DE)
    null: Literal["ranks last", "skips group"] = "ranks last"
    team: bool = False  # for team events only (Art. 11-13)

    @property
    def reference(self) -> str:
        """Where the definition is, as the player card and the legend cite it."""
        if self.article:
            return FIDE_REFERENCE.text % {"article": self.article}
        return self.source

    @property
    def takes_basis(self) -> bool:
        """Art. 13: every FIDE individual tie-break applies to teams on MP or GP."""
        return bool(self.article) and not self.team

    @property
    def higher_is_better(self) -> bool:
        return self.better == "higher"

    @property
    def provisional_while_open(self) -> bool:
        """Depends on opponents' results, so open rounds make it provisional."""
        return "C" in self.fide_type

    def check(self, spec: Spec) -> None:
        """Refuse modifiers this tie-break does not take."""
        wanted = set()
        if spec.cut_high:
            wanted.add("median")
        elif spec.uncut or spec.cut_low > 2:
            if "component" not in self.modifiers:
                key = "spec.cut_c1_c2" if "cut" in self.modifiers else "spec.cut_none"
                raise SpecError(phrase(key, spec=spec.text, acronym=self.acronym, cut=spec.cut_low))
        elif spec.cut_low:
            wanted.add("cut")
        if spec.limit_shift:
            wanted.add("limit")
        if spec.unrated_as is not None:
            wanted.add("unrated")
        if spec.basis and not self.takes_basis:
            wanted.add("basis")
        refused = wanted - self.modifiers
        if refused:
            raise SpecError(
                phrase(
                    "spec.modifiers_refused",
                    spec=spec.text,
                    acronym=self.acronym,
                    refused=tuple(sorted(refused)),
                )
            )
