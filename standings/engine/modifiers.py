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
    low = min(low, rounds)
    high = min(high, rounds - low)
    kept = list(addends)
    cuts: list[Cut] = []
    for _ in range(low):
        if not kept:
            break
        weakest = min(kept, key=_least_significant)
        chosen, reason = weakest, CUT_LOW_NOTE
        if unplayed_exception:
            exceptional = [a for a in kept if a.exceptional]
            if exceptional:
                lowest = min(exceptional, key=_least_significant)
                if not weakest.amount > lowest.amount:
                    chosen, reason = lowest, CUT_UNPLAYED_NOTE
        kept.remove(chosen)
        cuts.append(Cut(chosen, reason))
    for _ in range(high):
        if not kept:
            break
        strongest = max(kept, key=_least_significant)
        kept.remove(strongest)
        cuts.append(Cut(strongest, CUT_HIGH_NOTE))
    return kept, cuts


def _least_significant(a: Addend) -> tuple[float, float]:
    # Ties on significance go to the smaller amount (Art. 14.1.1 d: the worse result).
    return (a.significance, a.amount)
