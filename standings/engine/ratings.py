"""FIDE rating arithmetic behind the rating-based tie-breaks (Art. 10).

Two conversion tables from the FIDE Rating Regulations are rebuilt here:

* table 8.1(a) turns a fractional score ``p`` (two decimals) into a rating
  difference ``dp``; it drives the tournament performance rating (TPR);
* table 8.1(b) turns a rating difference ``D`` into the scoring probability
  ``PD`` of one game; summed over the opponents it is the expected score that
  the perfect tournament performance (PTP) searches on.

Everything here is exact: fractional scores and probabilities are handled as
whole hundredths, so no floating point rounding can move a value across a
table boundary. The module is pure Python with no Django or I/O dependency.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Sequence
from fractions import Fraction

__all__ = [
    "average_rating",
    "expected_score",
    "expected_score_hundredths",
    "mean_half_up",
    "perfect_performance",
    "performance_rating",
    "rating_difference",
    "score_fraction_hundredths",
]

# Table 8.1(a), upper half: _DP[k] is dp for p = 0.50 + k/100 (k = 0..50).
# The lower half mirrors it with the sign flipped; p = 1.00 / 0.00 give +-800.
_DP: tuple[int, ...] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,  # 0.50 .. 0.59
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,  # 0.60 .. 0.69
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,  # 0.70 .. 0.79
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,  # 0.80 .. 0.89
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,  # 0.90 .. 0.99
    800,  # 1.00
)  # fmt: skip

# Table 8.1(b) for the higher rated player: a difference of up to
# _PD_UPPER[k] points (and above the previous bound) gives PD = 0.50 + k/100.
# Differences above the last bound (735) give PD = 1.00.
_PD_UPPER: tuple[int, ...] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,  # .50 .. .59
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,  # .60 .. .69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,  # .70 .. .79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,  # .80 .. .89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,  # .90 .. .99
)  # fmt: skip

# Table 8.1(b) unrolled for whole distances 0..735 (the usual case), so the
# hot PTP search is one list index per opponent.
_PD_BY_DISTANCE: tuple[int, ...] = tuple(
    50 + bisect_left(_PD_UPPER, d) for d in range(_PD_UPPER[-1] + 1)
)

#: Largest rating difference the tables distinguish (p = 1.00 <-> 800).
MAX_DIFFERENCE = 800


def _half_up(value: Fraction) -> int:
    """Nearest integer to an exact fraction, halves going up (towards +inf)."""
    return int((value + Fraction(1, 2)) // 1)


def _exact(value: float | Fraction) -> Fraction:
    """A number as an exact fraction; a float is taken as the decimal it prints as.

    ``Fraction(0.995)`` is slightly below 0.995 in binary, which would round
    the wrong way; ``repr`` gives the shortest decimal that round-trips.
    """
    if isinstance(value, float):
        return Fraction(repr(value))
    return Fraction(value)


def score_fraction_hundredths(score: float | Fraction, games: int) -> int:
    """The fractional score ``score / games`` in whole hundredths, rounded half up.

    Scores are passed as floats or fractions of half points; they are read
    exactly (via ``Fraction``) so e.g. 1/8 = 0.125 becomes 13, not 12.
    """
    if games <= 0:
        raise ValueError("games must be positive")
    halves = score * 2
    if isinstance(halves, int) or (isinstance(halves, float) and halves.is_integer()):
        # Fast exact path for whole and half points: floor(50h/g + 1/2).
        return (int(halves) * 100 + games) // (2 * games)
    return _half_up(_exact(score) * 100 / games)


def _dp_from_hundredths(hundredths: int) -> int:
    """Table 8.1(a) lookup for p given in hundredths (clamped to 0..100)."""
    hundredths = min(100, max(0, hundredths))
    if hundredths >= 50:
        return _DP[hundredths - 50]
    return -_DP[50 - hundredths]


def rating_difference(p: float | Fraction) -> int:
    """Rating difference dp for the fractional score ``p`` (FIDE table 8.1(a)).

    ``p`` is first rounded half up to two decimals; values outside 0..1 are
    clamped. A perfect score maps to +800, a zero score to -800, and the table
    is antisymmetric around 0.50 (dp(1 - p) = -dp(p)).
    """
    return _dp_from_hundredths(_half_up(_exact(p) * 100))


def expected_score_hundredths(diff: float) -> int:
    """Scoring probability PD for a rating difference, in whole hundredths.

    ``diff`` is the player's rating minus the opponent's (table 8.1(b)). The
    table is applied to the full scale, without the +-400 cut of the rating
    calculation; any difference beyond 735 points is a certain result (100 or
    0), so capping the difference at 800 changes nothing.
    """
    distance = abs(diff)
    if isinstance(distance, int) and distance < len(_PD_BY_DISTANCE):
        higher = _PD_BY_DISTANCE[distance]
    elif distance > _PD_UPPER[-1]:
        higher = 100
    else:
        # Bounds are whole numbers; a fractional distance belongs to the band
        # whose upper bound it does not exceed.
        higher = 50 + bisect_left(_PD_UPPER, distance)
    return higher if diff >= 0 else 100 - higher


def expected_score(diff: float) -> float:
    """Scoring probability PD (0.0..1.0) for one game at rating difference ``diff``.

    Positive ``diff`` means the player is the higher rated one (FIDE table
    8.1(b), column H); negative uses column L, i.e. 1 - PD(|diff|).
    """
    return expected_score_hundredths(diff) / 100


def mean_half_up(values: Iterable[int | float | Fraction]) -> int | None:
    """Arithmetic mean rounded to a whole number, 0.5 rounded up; None if empty.

    Used for ARO and for the APRO/APPO averages of the opponents' TPR/PTP.
    """
    items = list(values)
    if not items:
        return None
    total = sum(items)
    if isinstance(total, int):  # a sum stays an int only when every term is one
        # Whole numbers (ratings): floor(s/n + 1/2) in integer arithmetic.
        return (2 * total + len(items)) // (2 * len(items))
    return _half_up(sum((_exact(v) for v in items), Fraction(0)) / len(items))


def average_rating(ratings: Sequence[int]) -> int | None:
    """ARO (Art. 10.1): mean opponent rating rounded half up; None if no games."""
    return mean_half_up(ratings)


def performance_rating(ratings: Sequence[int], score: float | Fraction) -> int | None:
    """TPR (Art. 10.2): ARO plus dp of the fractional score; None if no games.

    ``ratings`` holds one entry per game played over the board (an opponent
    met twice appears twice) and ``score`` the points scored in those games.
    """
    aro = average_rating(ratings)
    if aro is None:
        return None
    return aro + _dp_from_hundredths(score_fraction_hundredths(score, len(ratings)))


def _expected_hundredths(rating: int, ratings: Sequence[int]) -> int:
    """Expected score of ``rating`` against all ``ratings``, in hundredths."""
    table, top = _PD_BY_DISTANCE, len(_PD_BY_DISTANCE)
    total = 0
    for r in ratings:
        d = rating - r
        if d >= 0:
            total += table[d] if d < top else 100
        else:
            total += 100 - table[-d] if -d < top else 0
    return total


def perfect_performance(ratings: Sequence[int], score: float | Fraction) -> int | None:
    """PTP (Art. 10.3): lowest whole rating whose expected score reaches ``score``.

    The expected score is the sum of the table 8.1(b) probabilities against
    each opponent over the board. Special cases, following the reference
    program: no games gives None; a zero score gives the lowest opponent
    rating minus 800 (every rating would "reach" zero). The search is a binary
    search over [lowest - 800, highest + 800], where the expected score goes
    from 0 to the number of games, so a perfect score ends at the smallest
    rating that is more than 735 points above every opponent.
    """
    if not ratings:
        return None
    halves = score * 2
    if isinstance(halves, int) or (isinstance(halves, float) and halves.is_integer()):
        target = int(halves) * 50  # points in hundredths
    else:
        target = _half_up(_exact(score) * 100)
    low = min(ratings) - MAX_DIFFERENCE
    if target <= 0:
        return low
    high = max(ratings) + MAX_DIFFERENCE
    # At `high` every opponent is more than 735 points below: expected(high) is a full
    # point a game. More points than games: no rating reaches them; stay at the scale's end.
    if target > 100 * len(ratings):
        return high
    # Invariant: expected(high) >= target; answer in [low, high]. Narrowed first from
    # the performance rating, which the answer is usually within a few points of.
    guess = min(high, max(low, average_rating(ratings) or 0))
    guess += _dp_from_hundredths(target // len(ratings))
    step = 4
    if low < guess < high:
        if _expected_hundredths(guess, ratings) >= target:
            high = guess
            while low < high - step:
                if _expected_hundredths(high - step, ratings) < target:
                    low = high - step + 1
                    break
                high -= step
                step *= 2
        else:
            low = guess + 1
            while low + step < high:
                if _expected_hundredths(low + step, ratings) >= target:
                    high = low + step
                    break
                low += step + 1
                step *= 2
    while low < high:
        mid = (low + high) // 2
        if _expected_hundredths(mid, ratings) >= target:
            high = mid
        else:
            low = mid + 1
    return low
