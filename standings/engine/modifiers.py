"""Modifiers of Art. 14 (Cut-1/2, Median-1/2), shared by every summed tie-break.

A summed tie-break hands over its addends; the modifier removes the least and
most significant ones. Art. 16.5's exception is applied here, once for all:
when a participant has forfeit losses, requested byes or absences, the lowest
of those contributions is cut instead, unless it is lower than the least
significant value. "Lowest" orders them as Art. 14 orders every value (by
significance, then amount), as the FIDE reference program does: with the 2026
caps a requested bye's virtual opponent can score less than a forfeit's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .phrases import CUT_LEAST_SIGNIFICANT, CUT_MOST_SIGNIFICANT, CUT_UNPLAYED, Phrase


@dataclass(slots=True)
class Addend:
    """One term of a summed tie-break, with what decides its significance."""

    round: int
    opponent: int | None  # start number; None for a bye or a virtual opponent
    significance: float  # e.g. the opponent's score for BH and SB, the rating for ARO
    amount: float
    exceptional: bool = False  # forfeit loss, requested bye or absence (Art. 16.5)
    note: Phrase | None = None


@dataclass(frozen=True, slots=True)
class Cut:
    addend: Addend
    reason: Phrase


def apply_cuts(
    addends: list[Addend], low: int, high: int, rounds: int, *, unplayed_exception: bool = True
) -> tuple[list[Addend], list[Cut]]:
    """Split the addends into those kept and those cut, with the reason for each cut."""
    significance = [a.significance for a in addends]
    amounts = [a.amount for a in addends]
    exceptional = [k for k, a in enumerate(addends) if a.exceptional] if unplayed_exception else []
    cut = cut_positions(significance, amounts, exceptional, low, high, rounds)
    gone = {k for k, _ in cut}
    kept = [a for k, a in enumerate(addends) if k not in gone]
    return kept, [Cut(addends[k], reason) for k, reason in cut]


def cut_positions(
    significance: Sequence[float],
    amounts: Sequence[float],
    exceptional: list[int],
    low: int,
    high: int,
    rounds: int,
    order: list[int] | None = None,
) -> list[tuple[int, Phrase]]:
    """apply_cuts() on plain values: the addends' significances and amounts (one list can
    be both, as for Buchholz: then it alone orders them), `exceptional` the positions Art.
    16.5 singles out (empty: no exception); the positions cut, with the reason for each, in
    the order they were cut.

    Addends are ordered by (significance, amount): ties on significance go to the smaller
    amount (Art. 14.1.1 d: the worse result); ties on both to the earlier position, whether
    the cut is low or high. `order`: the positions sorted by that key (stably), when the
    caller has it already.
    """
    low = min(low, rounds)
    high = min(high, rounds - low)
    cuts: list[tuple[int, Phrase]] = []
    if (low <= 0 and high <= 0) or not amounts:
        return cuts
    key: Callable[[int], object]
    if amounts is significance:
        key = significance.__getitem__
    else:
        key = lambda k: (significance[k], amounts[k])  # noqa: E731
    # Sorted once (a stable sort keeps equal keys in position order): each low cut is the
    # head of what is left, or the first exceptional position in it; each high cut the
    # first of the equal keys at its tail.
    if order is None:
        order = sorted(range(len(amounts)), key=key)
    rest = list(order)
    for _ in range(low):
        if not rest:
            break
        chosen, reason = rest[0], CUT_LEAST_SIGNIFICANT
        if exceptional:
            lowest = next((k for k in rest if k in exceptional), None)
            if lowest is not None and not amounts[chosen] > amounts[lowest]:
                chosen, reason = lowest, CUT_UNPLAYED
        rest.remove(chosen)
        cuts.append((chosen, reason))
    for _ in range(high):
        if not rest:
            break
        top = len(rest) - 1
        while top and key(rest[top - 1]) == key(rest[-1]):
            top -= 1
        cuts.append((rest.pop(top), CUT_MOST_SIGNIFICANT))
    return cuts
