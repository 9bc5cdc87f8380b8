"""Notes under the standings for rows that look equal on every column yet are ranked apart:
what placed them, from the engine's ranking (`Row.parted_by`, `Row.lot`). Nothing shown
tells those rows apart, so without a word their order looks arbitrary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from django.utils.html import format_html, format_html_join

from standings.engine.pickled import quick_pickle
from standings.engine.result import LOTS, Standings

from .labels import Column

NAMED = 4  # a group of at most this many rows is named in its note


class Shown(Protocol):
    """A cell as shown (state.Cell)."""

    @property
    def text(self) -> str: ...


@quick_pickle
@dataclass(frozen=True, slots=True)
class TieNote:
    first: int  # the group's first rank
    last: int  # its last
    names: tuple[str, ...]  # the rows' names in rank order; () for a larger group
    columns: tuple[Column, ...]  # tie-breaks that parted rows in decimals not shown
    lots: bool  # the drawing of lots placed rows of the group
    seed: int  # the lots' seed

    @property
    def who(self) -> str:
        """ " (Ann, Bob)" after the ranks, each name isolated for bidirectional text."""
        if not self.names:
            return ""
        names = format_html_join(", ", "<bdi>{}</bdi>", ((name,) for name in self.names))
        return format_html(" ({})", names)

    @property
    def parted_by(self) -> str:
        """The tie-breaks as their columns head them, spelt out on hover."""
        return format_html_join(
            ", ", '<abbr title="{}">{}</abbr>', ((c.title, c.spec) for c in self.columns)
        )


def tie_notes(
    standings: Standings, cells: Sequence[Sequence[Shown]], columns: Sequence[Column]
) -> tuple[TieNote, ...]:
    """One note per run of rows showing the same text in every column (`cells`, the rows'
    cells in rank order) but holding more than one rank."""
    rows = standings.rows
    notes = []
    start = 0
    for end in range(1, len(rows) + 1):
        if end < len(rows) and _looks_equal(cells[end - 1], cells[end], rows[end].parted_by):
            continue
        if rows[start].rank != rows[end - 1].rank:
            notes.append(_note(standings, range(start, end), columns))
        start = end
    return tuple(notes)


def _looks_equal(above: Sequence[Shown], row: Sequence[Shown], parted_by: int | None) -> bool:
    # The column that parted the rows nearly always shows it: looked at first, a push
    # compares one cell a row (500 rows, 11 columns: 1.6 ms instead of 5.8).
    if parted_by is not None and above[parted_by].text != row[parted_by].text:
        return False
    return all(a.text == b.text for a, b in zip(above, row, strict=True))


def _note(standings: Standings, run: range, columns: Sequence[Column]) -> TieNote:
    rows = standings.rows
    parted: list[Column] = []
    lots = False
    for k in run[1:]:
        index = rows[k].parted_by  # a tie-break's, in decimals the cells do not show
        if standings.parted_by(k) == LOTS:
            lots = True
        elif index is not None and columns[index] not in parted:
            parted.append(columns[index])
    names = tuple(rows[k].name for k in run) if len(run) <= NAMED else ()
    return TieNote(
        first=rows[run[0]].rank,
        last=rows[run[-1]].rank,
        names=names,
        columns=tuple(parted),
        lots=lots,
        seed=standings.lots_seed,
    )
