"""The race's answers for prize places and its one-board conditions (standings/engine/race.py:
race(groups=..., conditions=True)) against every outcome enumerated here, on generated
events: the reference reads each outcome's standings itself, not the engine's search."""

from __future__ import annotations

import itertools
import random

from standings.engine.event import PENDING, Event
from standings.engine.race import POSSIBLE, RESULTS, GameOutcome, race
from standings.engine.standings import compute_standings
from tests.engine.test_race import (
    INDIVIDUAL_LISTS,
    SHORT_LISTS,
    generated_round_robin,
    generated_swiss,
    round_robin_of_four,
    with_results,
)


def open_pairs(event: Event) -> list[tuple[int, int]]:
    """(white, black) of each open game of the last round, in the engine's order."""
    last = max(len(p.entries) for p in event.participants)
    pairs = []
    seen: set[int] = set()
    for p in event.participants:
        e = p.entries[last - 1] if len(p.entries) >= last else None
        if e is None or e.code != PENDING or p.start_no in seen:
            continue
        seen |= {p.start_no, e.opponent}
        pairs.append((p.start_no, e.opponent) if e.color != "b" else (e.opponent, p.start_no))
    return pairs


def group_starts(standings) -> dict[int, int]:
    """Each participant's group in an outcome: how many rows come before the first row of
    those equal to them on every value (nobody strictly ahead within a group)."""
    found: dict[int, int] = {}
    start = 0
    for k, row in enumerate(standings.rows):
        if k and row.parted_by is not None:
            start = k
        found[row.start_no] = start
    return found


def every_outcome(event: Event, tiebreaks, rules):
    """(results by white's start number, each participant's group start) for every outcome."""
    pairs = open_pairs(event)
    for results in itertools.product(RESULTS, repeat=len(pairs)):
        witness = [GameOutcome(0, w, b, r) for (w, b), r in zip(pairs, results, strict=True)]
        standings = compute_standings(with_results(event, witness), tiebreaks, rules=rules)
        yield dict(zip((w for w, _ in pairs), results, strict=True)), group_starts(standings)


def check_groups(event: Event, tiebreaks, rules, rng: random.Random) -> int:
    starts = [p.start_no for p in event.participants]
    groups = {
        "all": (starts, rng.randint(1, 3)),
        "some": (rng.sample(starts, k=rng.randint(1, len(starts))), rng.randint(1, 3)),
    }
    found = race(event, tiebreaks, rules=rules, budget=None, groups=groups, conditions=True)
    outcomes = list(every_outcome(event, tiebreaks, rules))
    for group in found.groups:
        members, within = groups[group.key]
        best: dict[int, int] = {}
        worst: dict[int, int] = {}
        for _, start in outcomes:
            for m in members:
                place = 1 + sum(1 for j in members if start[j] < start[m])
                best[m] = min(best.get(m, place), place)
                worst[m] = max(worst.get(m, place), place)
        expected = {m: (True, worst[m] <= within) for m in members if best[m] <= within}
        shown = {g.start_no: (g.reach, g.sure) for g in group.reach}
        assert shown == expected, (group.key, tiebreaks, rules)
        assert group.members == len(set(members)) and group.places == within
    checked = 0
    own_side = {}
    for w, b in open_pairs(event):
        own_side[w] = (w, {"1-0": "win", "1/2-1/2": "draw", "0-1": "loss"})
        own_side[b] = (w, {"1-0": "loss", "1/2-1/2": "draw", "0-1": "win"})
    boards = {g.board: g.white for g in found.open_games}
    for chance in found.chances:
        assert not chance.conditions or chance.status == POSSIBLE
        for condition in chance.conditions:
            white, words = own_side[chance.start_no]
            for results, start in outcomes:
                if words[results[white]] != condition.own:
                    continue
                first = start[chance.start_no] == 0
                assert first == (results[boards[condition.board]] in condition.results), (
                    chance.start_no,
                    condition,
                    tiebreaks,
                )
            checked += 1
    return checked


def test_group_places_and_conditions_are_the_enumerations_on_generated_events():
    """120 events, each with the five preset individual lists and two short ones (840
    races, two groups each: everyone, and a random group with 1-3 places): who can end
    within each group's places and who is sure to are the enumeration's, and every
    condition found (about 500) holds in every outcome (first exactly when the board ends
    so)."""
    rng = random.Random(2929)
    conditions = 0
    races = 0
    for _ in range(120):
        event = generated_round_robin(rng) if rng.random() < 0.3 else generated_swiss(rng)
        if len(open_pairs(event)) > 5:
            continue
        for tiebreaks in (*INDIVIDUAL_LISTS, *SHORT_LISTS):
            conditions += check_groups(event, tiebreaks, rng.choice(["2024", "2026"]), rng)
            races += 1
    assert races == 840
    assert conditions > 400  # the one-board sentences get exercised


def test_a_condition_on_one_board():
    """Round robin of four (test_race): 2 reaches first only with a win and the draw of
    board 1 (3-1): a one-board condition for the win; 1 and 3 decide it themselves."""
    found = race(round_robin_of_four(), ("DE", "SB", "KS", "WIN"), budget=None, conditions=True)
    chances = {c.start_no: c for c in found.chances}
    assert [(c.own, c.board, c.results) for c in chances[2].conditions] == [
        ("win", 1, ("1/2-1/2",))
    ]
    assert not chances[4].conditions
    grouped = race(round_robin_of_four(), ("DE",), budget=None, groups={"all": ([1, 2, 3, 4], 1)})
    assert grouped.to_json()["groups"] == [
        {
            "key": "all",
            "places": 1,
            "members": 4,
            "reach": [
                {"start_no": c.start_no, "reach": True, "sure": False} for c in grouped.first_place
            ],
        }
    ]
