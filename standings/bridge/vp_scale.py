"""The WBF continuous 20-point VP scale (adopted 2013) for a match of N boards.

From the WBF Scoring Panel's technical report ("The New WBF IMP to VP Scales"): the
winner of an IMP margin I gets V = 10 + 10 (1 - R^(I/X)) / (1 - R), where R = tau^3,
tau = (sqrt 5 - 1) / 2 and X = 15 sqrt N is the blitz margin; 20 at and beyond it, the
loser 20 - V. V is kept to 2 decimals; where rounding makes an IMP worth more than the
IMP before it, the lower of the two VPs is raised by 0.01 until every extra IMP is worth
no more than the one before (the scale's concavity).
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache

TAU = (math.sqrt(5) - 1) / 2
R = TAU**3


def blitz_margin(boards: int) -> float:
    return 15 * math.sqrt(boards)


@cache
def winner_scale(boards: int) -> tuple[int, ...]:
    """The winner's VPs in hundredths for margins 0, 1, ... up to the first at or past the blitz."""
    if boards < 1:
        raise ValueError("a match has at least one board")
    blitz = blitz_margin(boards)
    hundredths = [
        2000
        if margin >= blitz
        else math.floor(1000 + 1000 * (1 - R ** (margin / blitz)) / (1 - R) + 0.5)
        for margin in range(math.ceil(blitz) + 1)
    ]
    corrected = False
    while not corrected:
        corrected = True
        for margin in range(1, len(hundredths) - 1):
            gain, next_gain = (
                hundredths[margin] - hundredths[margin - 1],
                hundredths[margin + 1] - hundredths[margin],
            )
            if next_gain > gain:
                hundredths[margin] += 1
                corrected = False
    return tuple(hundredths)


def victory_points(
    home_imps: Fraction | int, away_imps: Fraction | int, boards: int
) -> tuple[Fraction, Fraction]:
    """Home's and away's VPs for a match of `boards` boards; margins are whole IMPs."""
    margin = Fraction(home_imps) - Fraction(away_imps)
    if margin.denominator != 1:
        raise ValueError("the WBF scale converts whole IMP margins")
    scale = winner_scale(boards)
    winner = Fraction(scale[min(abs(margin.numerator), len(scale) - 1)], 100)
    return (winner, 20 - winner) if margin >= 0 else (20 - winner, winner)
