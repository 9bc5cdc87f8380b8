"""Who can still win (issue 29): the work behind one race page, as state/race.py asks it of
the engine, on three events, engine only.

- a 10-player round robin in its last round, its 5 games open (FIDE's round-robin list),
  prizes: places 1-3 overall and the best player rated 2650 or less;
- the demo's 45-player Swiss (standings/demo: its players, pairer, results, byes and
  withdrawal) played on to its last round, the 9th, whose games are all open (FIDE's Swiss
  list), with the demo's prize document (5 overall places, rating classes, women, juniors,
  seniors, unrated);
- a 500-player Swiss, 9 rounds, the last round's 250 games all open (bench/race_bench.py's),
  prizes: places 1-5 overall, 1-3 rated under 2300, 1-2 rated under 2000.

For each: CPU seconds of the first place alone (every participant's status, budget 2 s), of
the first place and the prize places (0.5 s more), and of the whole page's work (first
place 2 s, then the card's places, the prize places and the sentences' boards 0.5 s each:
RACE_BUDGET and PLACES_BUDGET), how many players each status has, how many were decided
without any search (on points alone), how many prize-place answers are decided, and how
many sentences were found. Figures only; not a timed test.

    .venv/bin/python bench/race_page_bench.py
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections import Counter
from collections.abc import Collection
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import django  # noqa: E402

# The demo's module reads the demo's models (Django set up, no database touched); the
# state's budgets are read from state/race.py.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")
django.setup()

from race_bench import round_robin, swiss  # noqa: E402

from standings.demo import event as demo  # noqa: E402
from standings.demo.pairing import entrants, pair_round  # noqa: E402
from standings.engine import event as engine  # noqa: E402
from standings.engine.presets import FIDE_ROUND_ROBIN, FIDE_SWISS  # noqa: E402
from standings.engine.race import (  # noqa: E402
    ELIMINATED,
    UNDETERMINED,
    _Field,
    _screen,
    race,
)
from standings.prizes.members import Player, belongs  # noqa: E402
from standings.prizes.rules import read_rules  # noqa: E402
from standings.state.race import PLACES_BUDGET, RACE_BUDGET  # noqa: E402

Groups = dict[str, tuple[Collection[int], int]]


def demo_in_its_last_round() -> tuple[engine.Event, Groups]:
    """The demo's rounds 1-6 (round 6's open games given results), rounds 7 and 8 paired and
    played as the demo's feeder would, round 9 paired with every game open."""
    rng = random.Random(demo.SEED)
    built = demo.build_demo()
    by_no = {p.start_no: p for p in built.players}
    ratings = {p.start_no: p.rating for p in built.players}
    for p in built.players:  # round 6's pending games get results
        last = p.entries[-1]
        if last.code == engine.PENDING and last.color == "w":
            result = demo.draw_result(rng, p.rating, ratings[last.opponent])
            p.entries[-1] = engine.RoundEntry(last.round, last.opponent, "w", result[0])
            other = by_no[last.opponent]
            mine = other.entries[-1]
            other.entries[-1] = engine.RoundEntry(mine.round, mine.opponent, "b", result[1])
    for number in range(demo.ROUNDS_PLAYED + 1, demo.ROUNDS + 1):
        byes = {n: "Z" for n, r in demo.WITHDRAWN.items() if number >= r}
        playing = set(by_no) - set(byes)
        pairing = pair_round(
            entrants([p.as_engine() for p in built.players], demo.SCORING, playing)
        )
        if pairing.bye is not None:
            byes[pairing.bye] = "U"
        for white, black in pairing.games:
            if number == demo.ROUNDS:
                codes = (engine.PENDING, engine.PENDING)
            else:
                result = demo.draw_result(rng, ratings[white], ratings[black])
                codes = (result[0], result[1])
            by_no[white].entries.append(engine.RoundEntry(number, black, "w", codes[0]))
            by_no[black].entries.append(engine.RoundEntry(number, white, "b", codes[1]))
        for start_no, kind in byes.items():
            by_no[start_no].entries.append(engine.RoundEntry(number, None, None, kind))
    described = engine.Event(
        "demo",
        tuple(p.as_engine() for p in built.players),
        demo.ROUNDS,
        engine.System.SWISS,
        closed_rounds=frozenset(range(1, demo.ROUNDS)),
        lots_seed=3,
    )
    rules = read_rules(demo.PRIZES)
    players = [
        Player(p.start_no, p.rating, None, p.birth, p.sex, p.federation, p.title)
        for p in built.players
    ]
    groups: Groups = {}
    for category in rules.categories:
        places = [prize.place for prize in rules.prizes if prize.category == category.key]
        members = [p.start_no for p in players if belongs(p, category)]
        groups[category.key] = (members, max(places))
    return described, groups


def rated_at_most(event: engine.Event, rating: int) -> list[int]:
    return [p.start_no for p in event.participants if (p.rating or 0) <= rating]


def measure(label: str, event: engine.Event, tiebreaks: tuple[str, ...], groups: Groups) -> None:
    open_games = sum(1 for p in event.participants if p.entries[-1].code == engine.PENDING) // 2
    field = _Field(event, tiebreaks, None, None)
    on_points = sum(1 for i in range(field.size) if _screen(field, i) is not None)
    start = time.thread_time()
    first = race(event, tiebreaks, places=False, budget=RACE_BUDGET)
    first_time = time.thread_time() - start
    start = time.thread_time()
    prizes = race(
        event,
        tiebreaks,
        places=False,
        budget=RACE_BUDGET,
        places_budget=PLACES_BUDGET,
        groups=groups,
    )
    prizes_time = time.thread_time() - start
    start = time.thread_time()
    page = race(
        event,
        tiebreaks,
        budget=RACE_BUDGET,
        places_budget=PLACES_BUDGET,
        groups=groups,
        conditions=True,
    )
    page_time = time.thread_time() - start
    statuses = Counter(c.status for c in first.chances)
    print(f"{label}: {len(event.participants)} players, {open_games} open games")
    print(
        f"  first place: {first_time:.2f} s CPU, {first.evaluations} standings; "
        + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
        + f"; {on_points} decided on points alone, "
        f"{len(event.participants) - on_points} searched"
    )
    print(
        f"  first place and prize places: {prizes_time:.2f} s CPU, {prizes.evaluations} standings"
    )
    ranges = [r for c in page.first_place for r in c.places]
    known = sum((r.best is not None) + (r.worst is not None) for r in ranges)
    print(
        f"  the page's work: {page_time:.2f} s CPU, {page.evaluations} standings; "
        f"card places {known} of {2 * len(ranges)} bounds exact; "
        f"{sum(len(c.conditions) for c in page.first_place)} one-board conditions"
    )
    for group in page.groups:
        sure = sum(g.sure is True for g in group.reach)
        possible = sum(g.reach is True and g.sure is False for g in group.reach)
        unknown = len(group.reach) - sure - possible
        print(
            f"    prize places {group.key} 1-{group.places} ({group.members} members): "
            f"{sure} sure, {possible} possible, {unknown} undetermined; "
            f"{group.members - len(group.reach)} out"
        )
    undetermined = [c.start_no for c in page.chances if c.status == UNDETERMINED]
    out = sum(1 for c in page.chances if c.status == ELIMINATED)
    print(f"  page: {out} eliminated, undetermined: {undetermined or 'none'}")


def main() -> None:
    small = round_robin(10, seed=1)
    measure(
        "round robin",
        small,
        FIDE_ROUND_ROBIN,
        {
            "overall": ([p.start_no for p in small.participants], 3),
            "u2650": (rated_at_most(small, 2650), 1),
        },
    )
    described, groups = demo_in_its_last_round()
    measure("the demo in its last round", described, FIDE_SWISS, groups)
    large = swiss(500, 9, seed=3)
    measure(
        "large Swiss",
        large,
        FIDE_SWISS,
        {
            "overall": ([p.start_no for p in large.participants], 5),
            "u2300": (rated_at_most(large, 2299), 3),
            "u2000": (rated_at_most(large, 1999), 2),
        },
    )


if __name__ == "__main__":
    main()
