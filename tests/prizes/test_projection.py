"""Hand-worked prize lists, one per rule (docs/prizes.md works the same examples)."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from standings.prizes.projection import project

from .builders import CLOSED, OPEN, everyone, rules, standings

TOP3 = (("overall", 1, 500), ("overall", 2, 300), ("overall", 3, 200))


def paid(prize_list) -> dict[int, Fraction | None]:
    return {
        who: sum((a.amount or 0 for a in awards), Fraction(0))
        for who, awards in prize_list.by_player.items()
    }


def test_without_sharing_the_tie_break_decides():
    result = project(
        standings(5, 4.5, 4.5, 4.5, 4), everyone(5), rules("none", *TOP3), rounds=CLOSED
    )
    assert paid(result) == {1: 500, 2: 300, 3: 200}
    overall = result.lists[0]
    assert [a.shared_by for a in overall.awards] == [1, 1, 1]
    assert [r.start_no for r in overall.outside] == [4, 5]


def test_equal_sharing_across_a_prize_boundary():
    # 2, 3 and 4 tie for 2nd-4th: they pool 2nd and 3rd (300 + 200 + nothing) and share
    result = project(
        standings(5, 4.5, 4.5, 4.5, 4), everyone(5), rules("equal", *TOP3), rounds=CLOSED
    )
    assert paid(result) == {1: 500, 2: Fraction(500, 3), 3: Fraction(500, 3), 4: Fraction(500, 3)}
    shares = result.by_player[4]
    assert shares[0].shared_by == 3 and shares[0].places == (2, 4)
    assert shares[0].cents == Decimal("166.66")  # rounded down: three shares never exceed 500
    assert [r.start_no for r in result.lists[0].outside] == [5]


def test_hort_with_an_odd_number_tied():
    # Three tie for 1st-3rd: half of each place's prize by place, the other half
    # (300 + 150 + 75 = 525) equally, 175 each.
    prizes = (("overall", 1, 600), ("overall", 2, 300), ("overall", 3, 150))
    result = project(standings(5, 5, 5, 4), everyone(4), rules("hort", *prizes), rounds=CLOSED)
    assert paid(result) == {1: 475, 2: 325, 3: 250}
    assert sum(paid(result).values()) == 1050


def test_hort_across_a_prize_boundary():
    # 2, 3, 4 tie for 2nd-4th with only 2nd paid: 150 by place to 2, 150 shared (50 each)
    prizes = (("overall", 1, 600), ("overall", 2, 300))
    result = project(standings(6, 5, 5, 5, 4), everyone(5), rules("hort", *prizes), rounds=CLOSED)
    assert paid(result) == {1: 600, 2: 200, 3: 50, 4: 50}


def test_non_stacking_with_a_player_in_three_categories():
    categories = [
        {"key": "u1800", "name": "U1800", "rating": {"max": 1799}},
        {"key": "women", "name": "Women", "sex": ["F"]},
        {"key": "junior", "name": "Junior", "born_from": "2008-01-01"},
    ]
    prizes = (
        *TOP3,
        ("u1800", 1, 150),
        ("u1800", 2, 100),
        ("women", 1, 150),
        ("junior", 1, 100),
    )
    # 4 is U1800, a woman and a junior; 1-3 take the overall prizes.
    players = everyone(
        8,
        rating={4: 1750, 5: 1700, 6: 1650, 7: 1600, 8: 1500},
        sex={4: "F", 6: "F"},
        birth={4: "2010/03/04", 5: "2009", 6: "1990", 7: "1980", 8: "2011/01/01"},
    )
    table = standings(6, 5.5, 5, 4.5, 4, 3.5, 3, 2.5)
    result = project(table, players, rules("none", *prizes, categories=categories), rounds=CLOSED)
    won = {
        who: [(a.category.key, a.place) for a in awards] for who, awards in result.by_player.items()
    }
    # 4 takes one prize: 1st U1800 and 1st Women are both 150; U1800 comes first in the
    # organizer's order. Women's passes to 6, Junior's to 8 (5 holds 2nd U1800).
    assert won == {
        1: [("overall", 1)],
        2: [("overall", 2)],
        3: [("overall", 3)],
        4: [("u1800", 1)],
        5: [("u1800", 2)],
        6: [("women", 1)],
        8: [("junior", 1)],
    }


def test_stacking_allowed_gives_every_category_its_own_winners():
    categories = [{"key": "u1800", "name": "U1800", "rating": {"max": 1799}}]
    prizes = (("overall", 1, 500), ("u1800", 1, 150))
    players = everyone(3, rating={1: 1700})
    result = project(
        standings(3, 2, 1),
        players,
        rules("none", *prizes, categories=categories, stacking=True),
        rounds=CLOSED,
    )
    assert paid(result) == {1: 650}


def test_non_cash_prizes_go_by_tie_break_and_count_their_worth():
    categories = [{"key": "women", "name": "Women", "sex": ["F"]}]
    document_prizes = (("overall", 1, 100), ("women", 1, "Trophy"))
    players = everyone(3, sex={1: "F", 3: "F"})
    result = project(
        standings(3, 3, 1),
        players,
        rules("equal", *document_prizes, categories=categories),
        rounds=CLOSED,
    )
    assert paid(result) == {1: 50, 2: 50, 3: 0}
    assert result.by_player[3][0].item == "Trophy"


def test_us_chess_tied_winners_pool_their_cash_prizes():
    # 1, 2, 3 on 5 points; 3 is U1600 and wins its 250 rather than 3rd place's 200, which
    # passes to 4. The tied winners pool 500 + 300 + 250 and take 350 each.
    categories = [{"key": "u1600", "name": "U1600", "rating": {"max": 1599}}]
    prizes = (*TOP3, ("u1600", 1, 250))
    players = everyone(5, rating={3: 1500, 4: 1800})
    result = project(
        standings(5, 5, 5, 4, 3),
        players,
        rules("uscf", *prizes, categories=categories),
        rounds=CLOSED,
    )
    assert paid(result) == {1: 350, 2: 350, 3: 350, 4: 200}


def test_us_chess_a_class_player_who_gets_more_alone_takes_the_class_prize():
    categories = [{"key": "u1600", "name": "U1600", "rating": {"max": 1599}}]
    prizes = (*TOP3, ("u1600", 1, 600))
    players = everyone(5, rating={3: 1500, 4: 1800})
    result = project(
        standings(5, 5, 5, 4, 3),
        players,
        rules("uscf", *prizes, categories=categories),
        rounds=CLOSED,
    )
    # pooled, 1400 / 3 = 466.67 each; 3 alone takes 600, so 1 and 2 share 500 + 300
    assert paid(result) == {1: 400, 2: 400, 3: 600, 4: 200}


def test_provisional_while_the_round_is_open_or_a_deciding_rank_is():
    table = standings(5, 4, 3, 2, 1)
    open_round = project(table, everyone(5), rules("none", *TOP3), rounds=OPEN)
    assert open_round.provisional and all(a.provisional for a in open_round.lists[0].awards)
    closed = project(table, everyone(5), rules("none", *TOP3), rounds=CLOSED)
    assert not closed.provisional
    unsure = project(
        standings(5, 4, 3, 2, 1, unsure=frozenset({4})),
        everyone(5),
        rules("none", *TOP3),
        rounds=CLOSED,
    )
    assert unsure.provisional  # 4, just outside, may still move in


def test_categories_read_rating_field_unrated_age_federation_title_club_and_groups():
    categories = [
        {
            "key": "nat",
            "name": "National U1500",
            "rating": {"field": "national_rating", "max": 1499, "unrated": True},
        },
        {"key": "ger", "name": "German", "federations": ["ger"], "titles": ["FM", "IM"]},
        {"key": "club", "name": "Club", "clubs": ["SK Berlin"], "unrated": False},
        {"key": "group", "name": "Guests", "players": [2, 3]},
        {"key": "senior", "name": "Seniors", "born_before": "1966-01-01"},
    ]
    players = everyone(
        4,
        national_rating={1: 1400, 2: 1600},
        federation={1: "GER", 2: "GER"},
        title={1: "FM", 2: ""},
        club={1: "sk berlin", 3: "SK Berlin"},
        rating={3: None},
        birth={4: "1960"},
    )
    prizes = tuple((c["key"], 1, 10) for c in categories)
    result = project(
        standings(4, 3, 2, 1),
        players,
        rules("none", *prizes, categories=categories, stacking=True),
        rounds=CLOSED,
    )
    members = {c.category.key: c.members for c in result.lists}
    # nat: 1 (1400) and 3, 4 (no national rating, unrated admitted); ger: 1; club: 1 (3 unrated)
    assert members == {"overall": 4, "nat": 3, "ger": 1, "club": 1, "group": 2, "senior": 1}
