"""The WBF 2013 continuous VP scale (standings/bridge/vp_scale.py)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from standings.bridge.vp_scale import blitz_margin, victory_points, winner_scale


def vp(margin: int, boards: int) -> float:
    return float(victory_points(margin, 0, boards)[0])


def test_values_published_for_20_boards():
    # As quoted from the WBF continuous scale (bcstar.nl, "Continue WP-schaal ingevoerd",
    # 2013): 0 IMP 10.00, 1 IMP 10.28, 2 IMP 10.55.
    assert [vp(m, 20) for m in (0, 1, 2)] == [10.00, 10.28, 10.55]


@pytest.mark.parametrize(("boards", "margin"), [(4, 10), (16, 20), (36, 30), (64, 40)])
def test_a_third_of_the_blitz_margin_is_worth_15_vps(boards, margin):
    # R^(1/3) = tau, so V = 10 + 10 (1 - tau) / (1 - tau^3) = 15 exactly: a fixed point of
    # the report's formula, independent of rounding, for any number of boards.
    assert margin == blitz_margin(boards) / 3
    assert vp(margin, boards) == 15.00


@pytest.mark.parametrize(("boards", "blitz"), [(16, 60), (20, 68), (32, 85), (12, 52)])
def test_the_blitz_margin_is_15_root_n_rounded_up(boards, blitz):
    assert vp(blitz, boards) == 20.00
    assert vp(blitz - 1, boards) < 20.00
    assert vp(blitz + 40, boards) == 20.00


@pytest.mark.parametrize("boards", range(1, 65))
def test_every_extra_imp_is_worth_no_more_than_the_one_before(boards):
    scale = winner_scale(boards)
    gains = [b - a for a, b in zip(scale, scale[1:], strict=False)]
    assert all(gain >= 0 for gain in gains)
    assert all(later <= earlier for earlier, later in zip(gains, gains[1:], strict=False))


def test_the_loser_gets_the_rest_of_20():
    home, away = victory_points(12, 40, 16)
    assert home + away == 20 and (away, home) == victory_points(40, 12, 16)
    assert victory_points(7, 7, 24) == (10, 10)


def test_a_half_imp_margin_is_refused():
    with pytest.raises(ValueError, match="whole IMP"):
        victory_points(Fraction(21, 2), 3, 16)
