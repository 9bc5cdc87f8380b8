"""FIDE rating arithmetic (standings.engine.ratings) for the Art. 10 tie-breaks."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from standings.engine.ratings import (
    average_rating,
    expected_score,
    expected_score_hundredths,
    mean_half_up,
    perfect_performance,
    performance_rating,
    rating_difference,
    score_fraction_hundredths,
)

ratings_lists = st.lists(st.integers(1000, 2900), min_size=1, max_size=12)


def _expected(rating: int, ratings: list[int]) -> int:
    return sum(expected_score_hundredths(rating - r) for r in ratings)


# --- table 8.1(a): fractional score -> rating difference ---------------------


@pytest.mark.parametrize(
    ("p", "dp"),
    [
        (1.0, 800),
        (0.99, 677),
        (0.98, 589),
        (0.95, 470),
        (0.92, 401),
        (0.90, 366),
        (0.85, 296),
        (0.80, 240),
        (0.75, 193),
        (0.70, 149),
        (0.67, 125),
        (0.63, 95),
        (0.60, 72),
        (0.55, 36),
        (0.51, 7),
        (0.50, 0),
        (0.49, -7),
        (0.38, -87),
        (0.13, -322),
        (0.01, -677),
        (0.0, -800),
    ],
)
def test_rating_difference_table_entries(p: float, dp: int) -> None:
    assert rating_difference(p) == dp


def test_rating_difference_rounds_p_half_up_to_two_decimals() -> None:
    assert rating_difference(0.625) == rating_difference(0.63) == 95
    assert rating_difference(0.125) == rating_difference(0.13) == -322
    assert rating_difference(Fraction(2, 3)) == rating_difference(0.67) == 125
    assert rating_difference(0.994) == 677
    assert rating_difference(0.995) == 800  # read as the decimal 0.995, not its binary neighbour
    assert rating_difference(0.505) == 7
    assert rating_difference(0.495) == 0  # 49.5 hundredths -> 50


def test_rating_difference_clamps_outside_unit_interval() -> None:
    assert rating_difference(1.5) == 800
    assert rating_difference(-0.2) == -800


def test_rating_difference_monotone_and_antisymmetric() -> None:
    values = [rating_difference(Fraction(k, 100)) for k in range(101)]
    assert all(a < b for a, b in zip(values, values[1:], strict=False))
    for k in range(101):
        assert values[k] == -values[100 - k]


def test_score_fraction_hundredths_is_exact_half_up() -> None:
    assert score_fraction_hundredths(1, 8) == 13  # 12.5 -> 13, not banker's 12
    assert score_fraction_hundredths(2.5, 4) == 63  # 62.5 -> 63
    assert score_fraction_hundredths(2, 3) == 67
    assert score_fraction_hundredths(1, 3) == 33
    with pytest.raises(ValueError):
        score_fraction_hundredths(1, 0)


# --- table 8.1(b): rating difference -> scoring probability -------------------


@pytest.mark.parametrize(
    ("diff", "pd"),
    [
        (0, 0.50),
        (3, 0.50),
        (4, 0.51),
        (10, 0.51),
        (11, 0.52),
        (92, 0.63),
        (98, 0.63),
        (99, 0.64),
        (200, 0.76),
        (345, 0.89),
        (357, 0.89),
        (358, 0.90),
        (400, 0.92),
        (411, 0.92),
        (412, 0.93),
        (619, 0.98),
        (620, 0.99),
        (735, 0.99),
        (736, 1.00),
        (800, 1.00),
        (2000, 1.00),
    ],
)
def test_expected_score_table_entries(diff: int, pd: float) -> None:
    assert expected_score(diff) == pd
    assert expected_score(-diff) == pytest.approx(1 - pd)


def test_expected_score_uses_full_scale_without_400_cut() -> None:
    assert expected_score(500) == 0.96
    assert expected_score(-500) == pytest.approx(0.04)
    assert expected_score(412) > expected_score(400)


def test_expected_score_hundredths_monotone_and_symmetric() -> None:
    values = [expected_score_hundredths(d) for d in range(-900, 901)]
    assert all(a <= b for a, b in zip(values, values[1:], strict=False))
    assert values[0] == 0 and values[-1] == 100
    for d in range(0, 901):
        assert expected_score_hundredths(d) + expected_score_hundredths(-d) == 100


def test_tables_are_mirror_images() -> None:
    # Each dp of table (a) lies in the band of table (b) with the same probability.
    for k in range(50, 100):
        assert expected_score_hundredths(rating_difference(Fraction(k, 100))) == k


# --- averages -----------------------------------------------------------------


def test_average_rating_rounds_half_up() -> None:
    assert average_rating([2000, 2001]) == 2001  # 2000.5 -> 2001
    assert average_rating([2000, 2000, 2001]) == 2000  # 2000.33
    assert average_rating([2000, 2001, 2001]) == 2001  # 2000.67
    assert average_rating([2100]) == 2100
    assert average_rating([]) is None


def test_mean_half_up() -> None:
    assert mean_half_up([1, 2]) == 2
    assert mean_half_up([-1, -2]) == -1  # -1.5 rounds up, towards +inf
    assert mean_half_up([2264, 2217, 2219, 2067, 2238]) == 2201
    assert mean_half_up(iter([])) is None


# --- TPR ------------------------------------------------------------------------


def test_performance_rating_basic() -> None:
    assert performance_rating([2000, 2000], 1) == 2000
    assert performance_rating([2000], 1) == 2800
    assert performance_rating([2000], 0) == 1200
    assert performance_rating([2000, 2100, 2200], 2) == 2100 + 125  # p = .67
    assert performance_rating([], 0) is None


# --- PTP ------------------------------------------------------------------------


def test_perfect_performance_special_cases() -> None:
    assert perfect_performance([], 0) is None
    assert perfect_performance([2000, 2300], 0) == 1200  # lowest opponent - 800
    assert perfect_performance([2000, 2157], 2) == 2157 + 736  # every game certain
    assert perfect_performance([2000, 2000], 1) == 1997  # D = -3 still gives 0.50


@given(ratings_lists, st.data())
def test_perfect_performance_is_the_lowest_rating_reaching_the_score(
    ratings: list[int], data: st.DataObject
) -> None:
    halves = data.draw(st.integers(1, 2 * len(ratings)))
    score = halves / 2
    ptp = perfect_performance(ratings, score)
    assert ptp is not None
    assert _expected(ptp, ratings) >= halves * 50
    assert _expected(ptp - 1, ratings) < halves * 50


@given(ratings_lists, st.data())
def test_perfect_performance_grows_with_score(ratings: list[int], data: st.DataObject) -> None:
    halves = data.draw(st.integers(0, 2 * len(ratings) - 1))
    lower = perfect_performance(ratings, halves / 2)
    higher = perfect_performance(ratings, (halves + 1) / 2)
    assert lower is not None and higher is not None
    assert lower <= higher


@given(ratings_lists, st.integers(-500, 500))
def test_perfect_performance_shifts_with_the_field(ratings: list[int], shift: int) -> None:
    score = len(ratings) / 2
    moved = [r + shift for r in ratings]
    assert perfect_performance(moved, score) == perfect_performance(ratings, score) + shift


# --- values from the reference program (TieBreakServer 1.9.57 fixtures) --------
# Opponent ratings and scores read from tests/fixtures/fide/NAME.trf (games
# played over the board only); expected values from NAME.r2024[.nN].expected.json.


@pytest.mark.parametrize(
    ("source", "ratings", "score", "aro", "tpr", "ptp"),
    [
        ("swiss-01 round 2, no. 4", [2113, 2157], 2.0, 2135, 2935, 2893),
        ("swiss-01 round 2, no. 12", [2139, 2201], 1.5, 2170, 2363, 2364),
        ("swiss-01 round 2, no. 11", [2157], 0.0, 2157, 1357, 1357),
        ("swiss-01 round 5, no. 4", [2113, 2157, 2099, 2100, 2125], 3.5, 2119, 2268, 2270),
        ("swiss-01 round 5, no. 9", [2159, 2160, 2201, 2139, 2126], 1.5, 2157, 2008, 2006),
        ("swiss-01 round 5, no. 8", [2159, 2157, 2099, 2158], 2.5, 2143, 2238, 2235),
        ("swiss-03 round 7, no. 17", [2155, 2193, 2106, 2166], 0.5, 2155, 1833, 1822),
        ("swiss-03 round 7, no. 20", [2195, 2223, 2233, 1998], 1.5, 2162, 2075, 2067),
        (
            "rr-05 round 9, no. 3",
            [2073, 2178, 2065, 2262, 2168, 2117, 2177, 2120],
            5.0,
            2145,
            2240,
            2237,
        ),
    ],
)
def test_reference_values(
    source: str, ratings: list[int], score: float, aro: int, tpr: int, ptp: int
) -> None:
    assert average_rating(ratings) == aro, source
    assert performance_rating(ratings, score) == tpr, source
    assert perfect_performance(ratings, score) == ptp, source


def test_reference_opponent_averages() -> None:
    # swiss-01 round 5, no. 4: APRO 2201, APPO 2199 from the opponents' TPR / PTP.
    assert mean_half_up([2264, 2217, 2219, 2067, 2238]) == 2201
    assert mean_half_up([2262, 2217, 2220, 2062, 2235]) == 2199
    # swiss-01 round 2, no. 4: APRO 1744, APPO 1742.
    assert mean_half_up([1358, 2129]) == 1744
    assert mean_half_up([1358, 2126]) == 1742


# --- fast integer paths agree with the exact fraction paths ---------------------


@given(ratings_lists, st.data())
def test_float_and_fraction_scores_agree(ratings: list[int], data: st.DataObject) -> None:
    halves = data.draw(st.integers(0, 2 * len(ratings)))
    games = len(ratings)
    assert score_fraction_hundredths(halves / 2, games) == score_fraction_hundredths(
        Fraction(halves, 2), games
    )
    assert performance_rating(ratings, halves / 2) == performance_rating(
        ratings, Fraction(halves, 2)
    )
    assert perfect_performance(ratings, halves / 2) == perfect_performance(
        ratings, Fraction(halves, 2)
    )


@given(ratings_lists)
def test_integer_mean_matches_exact_mean(ratings: list[int]) -> None:
    exact = Fraction(sum(ratings), len(ratings))
    assert mean_half_up(ratings) == mean_half_up([Fraction(r) for r in ratings])
    assert mean_half_up(ratings) - Fraction(1, 2) <= exact < mean_half_up(ratings) + Fraction(1, 2)
