"""Final or provisional: the one place that decides (docs/tiebreaks.md, "Certainty").

B and D values are final for what has been entered. A value with a C part
depends on opponents' results and stays provisional while any round up to the
one shown is not closed. DE places participants inside groups formed by the
values to its left, so it is provisional wherever one of those is. A rank is
provisional when the comparison that decided it used a provisional value.
"""

from __future__ import annotations

from collections.abc import Sequence

from .catalogue.base import TieBreak
from .crosstable import Crosstable


def provisional_flags(
    table: Crosstable, entries: Sequence[TieBreak], open_rounds: bool
) -> list[list[bool]]:
    """Per tie-break, per participant index: is the value provisional?"""
    flags: list[list[bool]] = []
    for entry in entries:
        if entry.sub_rank:
            left = flags
            flags.append([any(f[i] for f in left) for i in range(table.size)])
        else:
            flags.append([open_rounds and entry.provisional_while_open] * table.size)
    return flags


def rank_provisional(
    order: Sequence[tuple[int, int]],
    parted: Sequence[int | None],
    flags: Sequence[Sequence[bool]],
) -> dict[int, bool]:
    """Per participant index: was their place decided by a provisional value? `parted`:
    the column that parted each place from the one above (ranking.parted_by)."""
    unsure = {i: False for _, i in order}
    for (_, a), (_, b), decided in zip(order, order[1:], parted, strict=False):
        if decided is None:  # tied on everything: any provisional value may still split them
            doubt = any(f[a] or f[b] for f in flags)
        else:
            doubt = flags[decided][a] or flags[decided][b]
        if doubt:
            unsure[a] = unsure[b] = True
    return unsure
