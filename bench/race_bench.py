"""The race for first place (issue 29): time to answer it on three events, built with the
engine only.

- a 10-player round robin in its last round, its 5 games open (FIDE's round-robin list);
- a 45-player Swiss like the demo's, 9 rounds, the last round's 22 games all open (FIDE's
  Swiss list);
- a 500-player Swiss, 9 rounds, the last round's 250 games all open (FIDE's Swiss list);
- the two Swiss events again for the first place alone, under US Chess's and Chess
  Scotland's lists.

Pairings go by score (top half against bottom half of each score group, no rematches), results
by rating. For each: CPU seconds of the first place (every participant's status) and of the
places (best and worst place for each result of each contender's own game), the standings
computed, how many participants each status has, and how many place bounds were determined.
Figures only; not a timed test. The budget is the default (2 s for each part).

    .venv/bin/python bench/race_bench.py
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from standings.engine.event import PENDING, Event, Participant, RoundEntry, System  # noqa: E402
from standings.engine.presets import (  # noqa: E402
    FIDE_ROUND_ROBIN,
    FIDE_SWISS,
    SCOTLAND_SWISS,
    US_CHESS,
)
from standings.engine.race import race  # noqa: E402
from standings.engine.standings import compute_standings  # noqa: E402


def _result(rng: random.Random, white: int, black: int) -> tuple[str, str]:
    """White's and black's codes, the stronger (lower start number) more likely to win."""
    expected = 1 / (1 + 10 ** ((white - black) / 400 * 8))
    x = rng.random()
    if x < expected * 0.75:
        return "1", "0"
    if x < expected * 0.75 + 0.3:
        return "=", "="
    return "0", "1"


def swiss(players: int, rounds: int, seed: int) -> Event:
    """A Swiss whose last round is paired and not played: every game open."""
    rng = random.Random(seed)
    entries: dict[int, list[RoundEntry]] = {s: [] for s in range(1, players + 1)}
    score = dict.fromkeys(entries, 0.0)
    met: dict[int, set[int]] = {s: set() for s in entries}
    had_bye: set[int] = set()
    for r in range(1, rounds + 1):
        ranked = sorted(entries, key=lambda s: (-score[s], s))
        if len(ranked) % 2:
            bye = next(s for s in reversed(ranked) if s not in had_bye)
            ranked.remove(bye)
            had_bye.add(bye)
            entries[bye].append(RoundEntry(r, None, None, "U"))
            score[bye] += 1
        pairs = _pair(ranked, met)
        for k, (a, b) in enumerate(pairs):
            white, black = (a, b) if (k + r) % 2 else (b, a)
            met[a].add(b)
            met[b].add(a)
            if r == rounds:
                cw = cb = PENDING
            else:
                cw, cb = _result(rng, white, black)
                score[white] += {"1": 1.0, "=": 0.5}.get(cw, 0.0)
                score[black] += {"1": 1.0, "=": 0.5}.get(cb, 0.0)
            entries[white].append(RoundEntry(r, black, "w", cw))
            entries[black].append(RoundEntry(r, white, "b", cb))
    return _event(entries, rounds, System.SWISS)


def _pair(ranked: list[int], met: dict[int, set[int]]) -> list[tuple[int, int]]:
    """Adjacent in rank order, the first not met yet (a rematch only when nothing else is left)."""
    left = list(ranked)
    pairs = []
    while left:
        a = left.pop(0)
        b = next((x for x in left if x not in met[a]), left[0])
        left.remove(b)
        pairs.append((a, b))
    return pairs


def round_robin(players: int, seed: int) -> Event:
    """A round robin (Berger tables) in its last round, every game of it open."""
    rng = random.Random(seed)
    entries: dict[int, list[RoundEntry]] = {s: [] for s in range(1, players + 1)}
    order = list(entries)
    rounds = players - 1
    for r in range(1, rounds + 1):
        for k in range(players // 2):
            a, b = order[k], order[-1 - k]
            white, black = (a, b) if (r + k) % 2 else (b, a)
            cw, cb = (PENDING, PENDING) if r == rounds else _result(rng, white, black)
            entries[white].append(RoundEntry(r, black, "w", cw))
            entries[black].append(RoundEntry(r, white, "b", cb))
        order = [order[0], order[-1], *order[1:-1]]
    return _event(entries, rounds, System.ROUND_ROBIN)


def _event(entries: dict[int, list[RoundEntry]], rounds: int, system: System) -> Event:
    participants = tuple(
        Participant(s, f"Player {s}", 2700 - 8 * s, entries=tuple(e)) for s, e in entries.items()
    )
    return Event("bench", participants, rounds, system, lots_seed=3)


def measure(label: str, event: Event, tiebreaks: tuple[str, ...]) -> None:
    open_games = sum(1 for p in event.participants if p.entries[-1].code == PENDING) // 2
    compute_standings(event, tiebreaks)  # the tie-breaks' modules imported
    start = time.thread_time()
    compute_standings(event, tiebreaks)
    one = time.thread_time() - start
    start = time.thread_time()
    first = race(event, tiebreaks, places=False)
    first_time = time.thread_time() - start
    start = time.thread_time()
    both = race(event, tiebreaks)
    both_time = time.thread_time() - start
    statuses = Counter(c.status for c in first.chances)
    ranges = [r for c in both.first_place for r in c.places]
    known = sum((r.best is not None) + (r.worst is not None) for r in ranges)
    print(f"{label}: {len(event.participants)} players, {open_games} open games")
    print(f"  one standings: {one * 1000:.1f} ms")
    print(
        f"  first place: {first_time:.2f} s CPU, {first.evaluations} standings computed; "
        + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    )
    print(
        f"  first place and places: {both_time:.2f} s CPU, {both.evaluations} standings; "
        f"{known} of {2 * len(ranges)} place bounds determined"
    )
    for c in both.first_place:
        shown = ", ".join(f"{r.own or 'no game'} {r.best}-{r.worst}" for r in c.places)
        print(f"    {c.start_no:>3} {c.status:<12} by lots {c.by_lots!s:<5} places: {shown}")


def first_place_only(label: str, event: Event, tiebreaks: tuple[str, ...]) -> None:
    start = time.thread_time()
    found = race(event, tiebreaks, places=False)
    statuses = Counter(c.status for c in found.chances)
    print(
        f"{label}, {tiebreaks[0]}...: first place {time.thread_time() - start:.2f} s CPU, "
        f"{found.evaluations} standings; "
        + ", ".join(f"{n} {s}" for s, n in sorted(statuses.items()))
    )


def main() -> None:
    measure("round robin", round_robin(10, seed=1), FIDE_ROUND_ROBIN)
    demo, large = swiss(45, 9, seed=2), swiss(500, 9, seed=3)
    measure("demo-like Swiss", demo, FIDE_SWISS)
    measure("large Swiss", large, FIDE_SWISS)
    print("The national presets' lists:")
    for label, event in (("demo-like Swiss", demo), ("large Swiss", large)):
        for tiebreaks in (US_CHESS, SCOTLAND_SWISS):
            first_place_only(label, event, tiebreaks)


if __name__ == "__main__":
    main()
