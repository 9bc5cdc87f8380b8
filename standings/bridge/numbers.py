"""Exact numbers as the WBF text compares them: published scores at 2 decimals, quotients exact."""

from __future__ import annotations

import math
from fractions import Fraction

# A quotient with nothing lost is above every finite one (README R4); two such are equal.
INFINITE = math.inf

Quotient = Fraction | float


def round2(value: Fraction) -> Fraction:
    """Half away from zero to 2 decimals, as scores are published (R1)."""
    if value < 0:
        return -round2(-value)
    return Fraction(math.floor(value * 100 + Fraction(1, 2)), 100)


def mean(values: list[Fraction]) -> Fraction:
    return sum(values, Fraction(0)) / len(values) if values else Fraction(0)


def show(value: Quotient, decimals: int) -> str:
    """A value for a sentence: fixed decimals, "infinite" for a quotient with nothing lost."""
    if value == INFINITE:
        return "infinite"
    return f"{float(value):.{decimals}f}"
