"""The WBF IMP scale (standings/bridge/imps.py): every boundary of Law 78B's table on both
sides, with both signs, and a teams board from the North-South score at each table."""

from __future__ import annotations

import pytest

from standings.bridge.contract import ns_score, parse_played
from standings.bridge.imps import board_imps, imps
from standings.bridge.vp_scale import victory_points

# Law 78B, "Difference in points -> IMPs", written out as published (4000+ has no top).
PUBLISHED = [
    (0, 10, 0),
    (20, 40, 1),
    (50, 80, 2),
    (90, 120, 3),
    (130, 160, 4),
    (170, 210, 5),
    (220, 260, 6),
    (270, 310, 7),
    (320, 360, 8),
    (370, 420, 9),
    (430, 490, 10),
    (500, 590, 11),
    (600, 740, 12),
    (750, 890, 13),
    (900, 1090, 14),
    (1100, 1290, 15),
    (1300, 1490, 16),
    (1500, 1740, 17),
    (1750, 1990, 18),
    (2000, 2240, 19),
    (2250, 2490, 20),
    (2500, 2990, 21),
    (3000, 3490, 22),
    (3500, 3990, 23),
    (4000, None, 24),
]


@pytest.mark.parametrize(("low", "high", "worth"), PUBLISHED)
def test_each_row_from_its_lowest_to_its_highest_difference(low, high, worth):
    for difference in range(low, (high if high is not None else 4000) + 1, 10):
        assert imps(difference) == worth
        assert imps(-difference) == -worth


@pytest.mark.parametrize(("low", "high", "worth"), PUBLISHED[:-1])
def test_each_boundary_on_both_sides(low, high, worth):
    # The row's highest difference is worth `worth`; 10 more, the next row's lowest, 1 more.
    assert (imps(high), imps(high + 10)) == (worth, worth + 1)
    assert (imps(-high), imps(-high - 10)) == (-worth, -worth - 1)
    if low:
        assert (imps(low - 10), imps(low)) == (worth - 1, worth)
        assert (imps(-low + 10), imps(-low)) == (-worth + 1, -worth)


def test_the_rows_follow_each_other_every_10_points():
    for (_, high, _), (low, _, _) in zip(PUBLISHED, PUBLISHED[1:], strict=False):
        assert low == high + 10


@pytest.mark.parametrize("difference", [4000, 4010, 5000, 7600 + 2980, 20000])
def test_4000_and_more_is_24(difference):
    assert imps(difference) == 24
    assert imps(-difference) == -24


def test_a_draw_is_0_either_way():
    assert [imps(d) for d in (-10, 0, 10)] == [0, 0, 0]


@pytest.mark.parametrize(
    ("table_1", "table_2", "home"),
    [
        # The home team sits NS at table 1 and EW at table 2: it scores table_1 - table_2.
        (620, 620, 0),  # both NS made 4S vulnerable: a flat board
        (620, -100, 12),  # 620 + 100 = 720
        (-100, 620, -12),
        (140, 170, -1),  # +140 at one table, -170 at the other: net -30
        (-600, -690, 3),  # -600 at one table, +690 at the other: net +90
        (420, -50, 10),  # 470
        (1430, 680, 13),  # slam missed at table 2: 750
        (-800, 420, -15),  # a sacrifice that cost 800 + 420 = 1220
        (0, 0, 0),  # passed out at both tables
        (7600, -2980, 24),
    ],
)
def test_board_imps_for_the_home_team(table_1, table_2, home):
    assert board_imps(table_1, table_2) == home
    # The away team sits NS at table 2: its IMPs are the negative.
    assert board_imps(table_2, table_1) == -home


def test_a_short_match_from_contracts_to_vps():
    # Board 1 (none vulnerable), board 2 (NS vulnerable), board 3 (EW vulnerable).
    boards = [
        (1, "4S= N", "4S-1 N"),  # 420 against -50: 470, 10 IMPs to home
        (2, "3NT+1 S", "3NT= S"),  # 630 against 600: 30, 1 IMP
        (3, "4HX-2 E", "4H= E"),  # EW vulnerable doubled 2 down: 500 to NS; against -620: 1120
    ]
    swings = [
        board_imps(ns_score(parse_played(t1), b), ns_score(parse_played(t2), b))
        for b, t1, t2 in boards
    ]
    assert swings == [10, 1, 15]
    home, away = sum(s for s in swings if s > 0), -sum(s for s in swings if s < 0)
    assert (home, away) == (26, 0)
    # The existing WBF continuous VP scale (vp_scale.py) turns the margin into VPs.
    assert victory_points(home, away, 3)[0] == 20  # blitz for 3 boards: 15 sqrt 3 = 25.98
