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

from dataclasses import dataclass

CUT_LOW_NOTE = "cut: least significant (Art. 14.1)"
CUT_UNPLAYED_NOTE = "cut: unplayed round (Art. 16.5)"
CUT_HIGH_NOTE = "cut: most significant (Art. 14.3)"


@dataclass(slots=True)
class Addend:
    """One term of a summed tie-break, with what decides its significance."""

    round: int
    opponent: int | None  # start number; None for a bye or a virtual opponent
    significance: float  # e.g. the opponent's score for BH and SB, the rating for ARO
    amount: float
    exceptional: bool = False  # forfeit loss, requested bye or absence (Art. 16.5)
    note: str = ""


@dataclass(frozen=True, slots=True)
class Cut:
    addend: Addend
    reason: str


def apply_cuts(
    addends: list[Addend], low: int, high: int, rounds: int, *, unplayed_exception: bool = True
) -> tuple[list[Addend], list[Cut]]:
    """Split the addends into those kept and those cut, with the reason for each cut."""
    keys = [(a.significance, a.amount) for a in addends]
    exceptional = [k for k, a in enumerate(addends) if a.exceptional] if unplayed_exception else []
    cut = cut_positions(keys, exceptional, low, high, rounds)
    gone = {k for k, _ in cut}
    kept = [a for k, a in enumerate(addends) if k not in gone]
    return kept, [Cut(addends[k], reason) for k, reason in cut]


def cut_positions(
    keys: list[tuple[float, float]],
    exceptional: list[int],
    low: int,
    high: int,
    rounds: int,
    order: list[int] | None = None,
) -> list[tuple[int, str]]:
    """apply_cuts() on plain values: `keys` are the addends' (significance, amount),
    `exceptional` the positions Art. 16.5 singles out (empty: no exception); the positions
    cut, with the reason for each, in the order they were cut.

    Ties on significance go to the smaller amount (Art. 14.1.1 d: the worse result); ties
    on both to the earlier position (min and max keep the first of equal keys). `order`:
    the positions sorted by key (stably), when the caller has it already.
    """
    low = min(low, rounds)
    high = min(high, rounds - low)
    cuts: list[tuple[int, str]] = []
    if (low <= 0 and high <= 0) or not keys:
        return cuts
    key = keys.__getitem__
    if not exceptional:
        # Sorted once (a stable sort keeps equal keys in position order): the low cuts are
        # its head; each high cut the first of the equal keys at its tail.
        if order is None:
            order = sorted(range(len(keys)), key=key)
        cuts = [(k, CUT_LOW_NOTE) for k in order[:low]]
        rest = order[low:]
        for _ in range(high):
            if not rest:
                break
            top = len(rest) - 1
            while top and keys[rest[top - 1]] == keys[rest[-1]]:
                top -= 1
            cuts.append((rest.pop(top), CUT_HIGH_NOTE))
        return cuts
    alive = list(range(len(keys)))
    exceptional = list(exceptional)
    for _ in range(low):
        if not alive:
            break
        chosen, reason = min(alive, key=key), CUT_LOW_NOTE
        if exceptional:
            lowest = min(exceptional, key=key)
            if not keys[chosen][1] > keys[lowest][1]:
                chosen, reason = lowest, CUT_UNPLAYED_NOTE
        alive.remove(chosen)
        if chosen in exceptional:
            exceptional.remove(chosen)
        cuts.append((chosen, reason))
    for _ in range(high):
        if not alive:
            break
        strongest = max(alive, key=key)
        alive.remove(strongest)
        cuts.append((strongest, CUT_HIGH_NOTE))
    return cuts
