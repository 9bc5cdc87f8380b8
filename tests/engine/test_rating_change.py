"""The estimated rating change (standings.engine.rating_change), worked by hand from the
FIDE Rating Regulations: table 8.1(b), the 400-point rule, K from the rating and age."""

from __future__ import annotations

import pytest

from standings.engine.event import Participant, RoundEntry
from standings.engine.rating_change import (
    RatingEstimate,
    birth_year,
    counted_difference,
    estimate,
    game_change,
    k_factor,
    rated_games,
)


@pytest.mark.parametrize(
    ("own", "opponent", "score", "k", "expected", "change"),
    [
        # 2000 beats 2200: D = -200, in 198..206 of table 8.1(b), PD(H) 0.76, so 0.24.
        (2000, 2200, 100, 20, 24, 1520),  # +20 x 0.76 = +15.2
        (2000, 2200, 0, 20, 24, -480),  # -20 x 0.24 = -4.8
        (2000, 2200, 50, 20, 24, 520),  # +20 x 0.26 = +5.2
        (2200, 2000, 100, 20, 76, 480),  # the other side: +20 x 0.24
        (2200, 2000, 50, 10, 76, -260),  # K 10: -0.26 x 10 = -2.6
        (1800, 1800, 50, 40, 50, 0),  # equal: PD 0.50, a draw changes nothing
        (1803, 1800, 100, 20, 50, 1000),  # D 3: still 0.50 (0-3)
        (1804, 1800, 100, 20, 51, 980),  # D 4: 0.51 (4-10)
        (1800, 1990, 0, 10, 25, -250),  # D -190: H 0.75 (189-197), L 0.25
        # The 400-point rule: 2600 against 2000 counts as D = 400, PD 0.92 (392-411),
        # not 0.99 as D = 600 would give (560-619).
        (2600, 2000, 100, 10, 92, 80),  # +0.8, not +0.1
        (2600, 2000, 0, 10, 92, -920),
        (1500, 2100, 100, 20, 8, 1840),  # D -600 counts as -400: 0.08, +18.4
        (2411, 2000, 100, 10, 92, 80),  # D 411 counts as 400 too
        (2399, 2000, 100, 20, 92, 160),  # D 399: 0.92 as well (392-411)
        (2391, 2000, 100, 20, 91, 180),  # D 391: 0.91 (375-391)
    ],
)
def test_one_game_from_table_8_1_b(own, opponent, score, k, expected, change):
    game = game_change(own, opponent, score, k)
    assert game.expected == expected
    assert game.change == change


def test_a_difference_of_more_than_400_points_counts_as_400():
    assert counted_difference(2700, 2000) == 400
    assert counted_difference(2000, 2700) == -400
    assert counted_difference(2400, 2000) == 400
    assert counted_difference(2399, 2000) == 399


@pytest.mark.parametrize(
    ("rating", "born", "year", "k", "reason"),
    [
        (2000, 2009, 2026, 40, "junior"),  # 17 this year
        (2000, 2008, 2026, 40, "junior"),  # 18 this year: until the end of it
        (2000, 2007, 2026, 20, "below_2400"),  # 19
        (2299, 2010, 2026, 40, "junior"),
        (2300, 2010, 2026, 20, "below_2400"),  # a junior rated 2300: 20
        (2399, None, 2026, 20, "below_2400"),
        (2400, None, 2026, 10, "2400"),
        (2450, 2012, 2026, 10, "2400"),  # a junior of 2450 too
        (1600, 2012, None, 20, "below_2400"),  # no year: the age is not known
    ],
)
def test_k_from_the_rating_and_the_birth_year(rating, born, year, k, reason):
    assert k_factor(rating, born=born, year=year) == (k, reason)


@pytest.mark.parametrize(
    ("birth", "year"),
    [("2009/04/17", 2009), ("2009", 2009), ("17.04.2009", 2009), ("", None), ("abc", None)],
)
def test_the_birth_year_is_read_from_what_the_trf_holds(birth, year):
    assert birth_year(birth) == year


def player(start_no: int, rating: int | None, cells: list[tuple[int | None, str]], birth=""):
    entries = tuple(
        RoundEntry(r, opponent, "w" if opponent else None, code)
        for r, (opponent, code) in enumerate(cells, start=1)
    )
    return Participant(start_no, f"P{start_no}", rating=rating, birth=birth, entries=entries)


RATINGS = {1: 2000, 2: 2200, 3: None, 4: 1900, 5: 2100, 6: 2000, 7: 2600}


def test_only_games_over_the_board_against_rated_opponents_count():
    one = player(
        1,
        2000,
        [
            (2, "1"),  # rated: +15.2 at K 20
            (3, "1"),  # unrated opponent
            (4, "+"),  # forfeit win
            (None, "H"),  # half-point bye
            (5, "W"),  # played, unrated game
            (6, "*"),  # result to come
            (7, "0"),  # rated: D -600 counts as -400, PD 0.08: -1.6
        ],
    )
    games = rated_games(one, RATINGS, 20)
    assert [(g.round, g.opponent, g.change) for g in games] == [(1, 2, 1520), (7, 7, -160)]


def test_the_total_is_rounded_to_a_whole_number_half_up():
    # +5.0 (D 0 win) and -2.5 (D -190 loss) at K 10: +2.5 rounds to +3.
    up = player(1, 1800, [(2, "1"), (3, "0")])
    found = estimate(up, {2: 1800, 3: 1990}, year=2026, k_set=10)
    assert found is not None
    assert found.exact_change == 250 and found.change == 3
    # -5.0 and +2.5 (D 190 win, PD 0.75): -2.5 rounds up to -2.
    down = player(1, 1990, [(2, "0"), (3, "1")])
    found = estimate(down, {2: 1990, 3: 1800}, year=2026, k_set=10)
    assert found is not None
    assert found.exact_change == -250 and found.change == -2


def test_the_estimate_takes_the_arbiters_k_or_works_it_out():
    junior = player(1, 2000, [(2, "1")], birth="2010/01/01")
    found = estimate(junior, RATINGS, year=2026)
    assert found == RatingEstimate(2000, 40, "junior", rated_games(junior, RATINGS, 40))
    assert found.change == 30  # 40 x 0.76 = 30.4
    set_by_arbiter = estimate(junior, RATINGS, year=2026, k_set=10)
    assert set_by_arbiter is not None
    assert (set_by_arbiter.k, set_by_arbiter.k_reason, set_by_arbiter.change) == (10, "set", 8)


def test_an_unrated_player_has_no_estimate_and_no_game_is_none():
    assert estimate(player(3, None, [(1, "1")]), RATINGS, year=2026) is None
    assert estimate(player(3, 0, [(1, "1")]), RATINGS, year=2026) is None  # 0: unrated
    assert rated_games(player(1, 2000, [(8, "1")]), {8: 0}, 20) == ()
    nothing = estimate(player(1, 2000, [(None, "U")]), RATINGS, year=2026)
    assert nothing is not None and nothing.games == () and nothing.change == 0
