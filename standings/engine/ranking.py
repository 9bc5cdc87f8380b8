"""Ordering participants: points, then the list, then lots or shared places (Art. 4.2)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from .catalogue.base import Value


def sort_key(value: Value, higher_is_better: bool) -> tuple[bool, float]:
    """Null sorts last; otherwise best first."""
    if value is None:
        return (True, 0.0)
    return (False, -value if higher_is_better else value)


def split_group(
    group: list[int], column: Sequence[Value], higher_is_better: bool
) -> list[list[int]]:
    """Order one tied group by a column and split it where the values differ."""
    ordered = sorted(group, key=lambda i: sort_key(column[i], higher_is_better))
    parts: list[list[int]] = [[ordered[0]]]
    for prev, i in zip(ordered, ordered[1:], strict=False):
        if column[i] == column[prev]:
            parts[-1].append(i)
        else:
            parts.append([i])
    return parts


def refine(
    groups: list[list[int]],
    column: Sequence[Value],
    higher_is_better: bool,
    *,
    null_skips_group: bool = False,
) -> list[list[int]]:
    """Split every tied group by the column; with `null_skips_group`, a group where anyone
    has no value (None) stays tied, the column is skipped for all of it."""
    out: list[list[int]] = []
    for group in groups:
        if len(group) == 1 or (null_skips_group and any(column[i] is None for i in group)):
            out.append(group)
        else:
            out.extend(split_group(group, column, higher_is_better))
    return out


def skipped_members(groups: list[list[int]], column: Sequence[Value]) -> list[int]:
    """The participants of the tied groups that a null-skipping column leaves tied."""
    return [i for g in groups if len(g) > 1 and any(column[j] is None for j in g) for i in g]


def lot_numbers(start_nos: Sequence[int], seed: int) -> dict[int, int]:
    """Each participant's lot (1 = first) drawn from `seed`: same seed, same draw.

    Drawn once for the whole field, so anyone can redo it with Python's
    `random.Random(seed).shuffle(sorted(start numbers))`.
    """
    order = sorted(start_nos)
    random.Random(seed).shuffle(order)
    return {s: k + 1 for k, s in enumerate(order)}


def parted_by(
    order: Sequence[tuple[int, int]], deciding: Sequence[Sequence[Value]]
) -> list[int | None]:
    """For each place after the first, in order: the first column whose value, as the
    ranking read it, differs from the place above's (the one that parted them), None when
    none does (lots, or a shared place). Groups split on the first differing value, so
    this is the column that decided."""
    return [
        next((k for k, col in enumerate(deciding) if col[a] != col[b]), None)
        for (_, a), (_, b) in zip(order, order[1:], strict=False)
    ]


def final_order(
    groups: list[list[int]], shared_places: bool, tie_order: Callable[[int], int]
) -> list[tuple[int, int]]:
    """(rank, index) pairs in order; groups still tied share a place or go by `tie_order`."""
    out: list[tuple[int, int]] = []
    position = 1
    for group in groups:
        if shared_places:
            out.extend((position, i) for i in sorted(group, key=tie_order))
        else:
            out.extend((position + k, i) for k, i in enumerate(sorted(group, key=tie_order)))
        position += len(group)
    return out
