"""What holds for any field and any prize rules: money is never created, one prize a player
when stacking is off, and every prize goes to a member of its category. Seeded, so the same
cases run every time."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from standings.prizes.members import belongs
from standings.prizes.projection import project

from .builders import CLOSED, everyone, rules, standings

CATEGORIES = [
    {"key": "u2000", "name": "U2000", "rating": {"max": 1999, "unrated": True}},
    {"key": "u1700", "name": "U1700", "rating": {"max": 1699}},
    {"key": "women", "name": "Women", "sex": ["W"]},
    {"key": "junior", "name": "Junior", "born_from": "2008-01-01"},
]


def random_case(rng: random.Random, ties: str, stacking: bool):
    count = rng.randint(1, 40)
    points = sorted((rng.randint(0, 14) / 2 for _ in range(count)), reverse=True)
    players = everyone(
        count,
        rating={n: rng.choice([None, *range(1400, 2600, 50)]) for n in range(1, count + 1)},
        sex={n: rng.choice("mw") for n in range(1, count + 1)},
        birth={n: str(rng.randint(1960, 2015)) for n in range(1, count + 1)},
    )
    prizes = []
    for key in ("overall", *(c["key"] for c in CATEGORIES)):
        value = rng.randint(50, 500)
        last = rng.randint(1, 5)
        for place in range(1, last + 1):
            item = place == last and rng.random() < 0.3  # worth 0: only after the money
            prizes.append((key, place, "Cup" if item else value))
            value = max(1, value - rng.randint(0, 100))
    given = rules(ties, *prizes, categories=CATEGORIES, stacking=stacking)
    return standings(*points), players, given


@pytest.mark.parametrize("ties", ["none", "equal", "hort", "uscf"])
@pytest.mark.parametrize("stacking", [False, True], ids=["one prize", "stacking"])
def test_money_is_never_created_and_winners_belong(ties, stacking):
    if ties == "uscf" and stacking:
        return  # refused by the rules
    rng = random.Random(f"{ties}{stacking}")
    for _ in range(300):
        table, players, given = random_case(rng, ties, stacking)
        result = project(table, players, given, rounds=CLOSED)
        cash = sum(Fraction(p.amount) for p in given.prizes if p.amount is not None)
        awards = [a for listed in result.lists for a in listed.awards]
        paid = sum((a.amount or Fraction(0) for a in awards), Fraction(0))
        assert paid <= cash
        assert sum(a.cents or 0 for a in awards) <= cash
        for award in awards:
            assert belongs(players[award.start_no], award.category)
            assert award.amount is None or award.amount >= 0
        if not stacking:
            winners = [a.start_no for a in awards]
            assert len(winners) == len(set(winners)), (ties, winners)
        if ties == "none":
            assert all(not a.shared for a in awards)
