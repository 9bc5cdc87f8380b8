"""The WBF IMP scale: a board's difference in points -> International Match Points.

Source: the Laws of Duplicate Bridge (World Bridge Federation, 2017), Law 78B
"International Matchpoint Scoring" (as published at https://pzbs.pl/sedziowie/mpb/2017/en/l78.html;
the same scale in The Bridge World's "Tournament Scoring and Reports"): 0-10 is 0 IMPs,
20-40 1, 50-80 2, ... 3500-3990 23, 4000 and more 24. Bridge scores are multiples of 10, so
each row runs from its lowest difference to the next row's lowest less 10. A match's IMP
margin becomes VPs on the WBF continuous scale (vp_scale.py).
"""

from __future__ import annotations

from bisect import bisect_right

# The lowest difference of each row, with the IMPs it is worth (0-10 is 0 IMPs).
IMP_SCALE: tuple[tuple[int, int], ...] = (
    (0, 0),
    (20, 1),
    (50, 2),
    (90, 3),
    (130, 4),
    (170, 5),
    (220, 6),
    (270, 7),
    (320, 8),
    (370, 9),
    (430, 10),
    (500, 11),
    (600, 12),
    (750, 13),
    (900, 14),
    (1100, 15),
    (1300, 16),
    (1500, 17),
    (1750, 18),
    (2000, 19),
    (2250, 20),
    (2500, 21),
    (3000, 22),
    (3500, 23),
    (4000, 24),
)
_LOWEST = tuple(lowest for lowest, _ in IMP_SCALE)


def imps(difference: int) -> int:
    """The IMPs of a difference in points, with its sign: imps(-620) == -12."""
    worth = IMP_SCALE[bisect_right(_LOWEST, abs(difference)) - 1][1]
    return worth if difference >= 0 else -worth


def board_imps(ns_table_1: int, ns_table_2: int) -> int:
    """A teams board's IMPs for the home team, which sits North-South at table 1 and
    East-West at table 2, from North-South's score at each table (the away team's IMPs
    are its negative): the home team scored ns_table_1 and -ns_table_2."""
    return imps(ns_table_1 - ns_table_2)
