"""Properties of the ranking: it does not depend on the order of the file's teams and
matches, nor on which side is home; ranks are competition ranks."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from standings.bridge.model import TeamMatch, TeamsEvent
from standings.bridge.reader import read_bridge
from standings.bridge.standings import bridge_standings
from tests.conftest import FIXTURES

EXAMPLES = sorted((FIXTURES / "bridge").glob("example-*[0-9].json"))


def ranks(event) -> dict[int, int]:
    return {place.id: place.rank for place in bridge_standings(event)}


def swapped(match: TeamMatch) -> TeamMatch:
    if match.away is None:
        return match
    return replace(
        match,
        home=match.away,
        away=match.home,
        imps=match.imps[::-1],
        vps=match.vps[::-1],
        points=match.points[::-1],
    )


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("name", ["rr03", "sw02"])
def test_order_and_sides_do_not_matter(name, seed):
    event = read_bridge((FIXTURES / "bridge" / f"example-{name}.json").read_text())
    assert isinstance(event, TeamsEvent)
    rng = random.Random(seed)
    matches = [swapped(m) if rng.random() < 0.5 else m for m in event.matches]
    rng.shuffle(matches)
    teams = list(event.teams)
    rng.shuffle(teams)
    shuffled = replace(event, teams=tuple(teams), matches=tuple(matches))
    assert ranks(shuffled) == ranks(event)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_ranks_are_competition_ranks(path):
    places = bridge_standings(read_bridge(path.read_text()))
    for before, after in zip(places, places[1:], strict=False):
        if after.rank != before.rank:
            assert after.rank == places.index(after) + 1
        else:
            assert before.playoff and after.playoff


def random_round_robin(rng: random.Random, system: str) -> TeamsEvent:
    """Four to seven teams, every pair once, VPs from a coarse scale: ties everywhere."""
    from fractions import Fraction

    from standings.bridge.model import Entrant

    size = rng.randint(4, 7)
    matches = []
    for home in range(1, size + 1):
        for away in range(home + 1, size + 1):
            if system == "swiss" and rng.random() < 0.3:
                continue  # not everyone meets in a Swiss
            vp = Fraction(rng.choice([0, 5, 10, 10, 15, 20]))
            imps = (Fraction(rng.randint(0, 3) * 10), Fraction(rng.randint(0, 3) * 10))
            points = (Fraction(rng.randint(1, 3) * 1000), Fraction(rng.randint(1, 3) * 1000))
            matches.append(TeamMatch(1, home, away, imps, (vp, 20 - vp), points))
    teams = tuple(Entrant(i, f"T{i}") for i in range(1, size + 1))
    return TeamsEvent("random", system, teams, tuple(matches))


@pytest.mark.parametrize("system", ["round-robin", "swiss"])
def test_random_events_rank_by_vps_first_and_ignore_order(system):
    rng = random.Random(2026)
    for _ in range(150):
        event = random_round_robin(rng, system)
        places = bridge_standings(event)
        scores = [place.score for place in places]
        assert scores == sorted(scores, reverse=True)
        matches = [swapped(m) if rng.random() < 0.5 else m for m in event.matches]
        rng.shuffle(matches)
        assert ranks(replace(event, matches=tuple(matches))) == ranks(event)
