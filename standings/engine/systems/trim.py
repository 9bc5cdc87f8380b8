"""Cutting the lowest and highest terms of a list, as the median-style systems do.

Unlike FIDE's modifiers (`modifiers.py`) there is no exception for unplayed rounds:
each national system decides what its list holds before anything is cut.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..phrases import CUT_HIGHEST, CUT_LOWEST, Phrase


def trimmed_sum(amounts: Sequence[float], low: int, high: int) -> float:
    """The sum once the `low` lowest and `high` highest terms are cut (0 when all are)."""
    ordered = sorted(amounts)
    low = min(low, len(ordered))
    high = min(high, len(ordered) - low)
    return sum(ordered[low : len(ordered) - high])


def cut_notes(amounts: Sequence[float], low: int, high: int) -> dict[int, Phrase]:
    """Position in `amounts` -> why it is cut; among equal terms the earliest goes first."""
    order = sorted(range(len(amounts)), key=lambda k: (amounts[k], k))
    low = min(low, len(order))
    high = min(high, len(order) - low)
    notes = {k: CUT_LOWEST for k in order[:low]}
    notes.update({k: CUT_HIGHEST for k in order[len(order) - high :]})
    return notes
