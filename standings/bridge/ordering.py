"""The shared mechanism of every section: split a level group by one step, record why.

A procedure is a chain of steps. `Ordering.split` orders a group by one step's value
(higher first, R6) and records the split, so that afterwards any two neighbours can be
told apart in words: which step separated them and with what values. A group no step
separates is an unresolved tie: a shared place, "play-off needed" (never lots).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .criteria import STEPS, criterion
from .numbers import show

Group = list[int]
Blocks = list[Group]  # best first; a block of more than one is a shared place

PLAYOFF = "play-off needed (sudden death)"
Term = tuple[str, tuple[str, ...]]  # a step's key and the opponents it names


@dataclass(frozen=True)
class Step:
    """One criterion of a procedure.

    `article` is where the procedures put it ("1.3a", "" for the primary score), `key` what
    it compares (criteria.STEPS: "imp_quotient"), `about` the opponents a step names;
    `decimals` shows its values (None: a count, shown plain); `relation` is set for yes/no
    steps ("beat every other tied team"), told without numbers; `negated` for a key that is
    minus what it shows (a rank, where lower is better).
    """

    article: str
    key: str
    decimals: int | None = None
    relation: bool = False
    negated: bool = False  # the key is minus the value shown (a rank: lower is better)
    about: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        """What decided_by shows: "1.3a IMP quotient"."""
        return f"{self.article} {STEPS[self.key][0]}".strip()

    @property
    def criterion(self) -> str:
        """What a sentence compares: "IMP quotient"."""
        return criterion(self.key, self.about)

    @property
    def term(self) -> Term:
        """The criterion as a stable key and the opponents it names, for another language."""
        return (self.key, self.about)

    def show(self, value: Any) -> str:
        if self.negated:
            value = -value
        if self.decimals is None:
            value = Fraction(value)
            return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
        return show(value, self.decimals)


@dataclass(frozen=True)
class Split:
    step: Step
    values: dict[int, Any]


class Ordering:
    """The splits made while ranking one event, and the step that fixed each place."""

    def __init__(self) -> None:
        self.splits: list[Split] = []
        self.compared: list[Split] = []  # every step evaluated, separating or not
        self.fixed_by: dict[int, Step] = {}

    def split(self, group: Sequence[int], step: Step, key: Callable[[int], Any]) -> Blocks | None:
        """The group ordered by `key` (higher first), or None when the step does not separate it."""
        values = {team: key(team) for team in group}
        self.compared.append(Split(step, values))
        by_value: dict[Any, Group] = {}
        for team, value in values.items():
            by_value.setdefault(value, []).append(team)
        if len(by_value) < 2:
            return None
        self.splits.append(Split(step, values))
        parts = [by_value[value] for value in sorted(by_value, reverse=True)]
        for part in parts:
            if len(part) == 1:
                self.fixed_by[part[0]] = step
        return parts

    def first_split(
        self, group: Group, steps: Iterable[tuple[Step, Callable[[int], Any]]]
    ) -> Blocks | None:
        for step, key in steps:
            parts = self.split(group, step, key)
            if parts:
                return parts
        return None

    def separation(self, one: int, other: int) -> Split | None:
        """The split that put these two in different places, if any did."""
        for split in reversed(self.splits):
            values = split.values
            if one in values and other in values and values[one] != values[other]:
                return split
        return None


def unique_winner(group: Sequence[int], holds: Callable[[int], bool]) -> Callable[[int], int]:
    """A key that lifts the one team of the group for which `holds` is true, if only one."""
    winners = [team for team in group if holds(team)]
    lifted = winners[0] if len(winners) == 1 else None
    return lambda team: 1 if team == lifted else 0


def unique_loser(group: Sequence[int], holds: Callable[[int], bool]) -> Callable[[int], int]:
    """A key that drops the one team of the group for which `holds` is true, if only one."""
    losers = [team for team in group if holds(team)]
    dropped = losers[0] if len(losers) == 1 else None
    return lambda team: -1 if team == dropped else 0


def then_each(parts: Blocks, procedure: Callable[[Group], Blocks]) -> Blocks:
    """Each part still level (two or more) broken by `procedure`, in order."""
    blocks: Blocks = []
    for part in parts:
        blocks.extend(procedure(part) if len(part) > 1 else [part])
    return blocks
