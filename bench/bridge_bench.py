"""Bridge benchmark: a 100-team Swiss of 15 rounds (16-board matches, WBF continuous VPs).

Prints the median and 95th percentile of a full ranking (Swiss points, 3.1-3.3, sentences)
and of reading the file. Figures only; not a timed test. Target: ranking under 50 ms.

    .venv/bin/python bench/bridge_bench.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from standings.bridge.model import Entrant, TeamMatch, TeamsEvent  # noqa: E402
from standings.bridge.reader import read_bridge  # noqa: E402
from standings.bridge.standings import bridge_standings  # noqa: E402
from standings.bridge.vp_scale import victory_points  # noqa: E402
from standings.bridge.writer import write_bridge  # noqa: E402

TEAMS, ROUNDS, BOARDS, RUNS = 100, 15, 16, 30


def build_event(seed: int = 1) -> TeamsEvent:
    """Swiss pairing by VP total (no repeat check needed for a benchmark), IMPs from strength."""
    rng = random.Random(seed)
    strength = {t: rng.gauss(0, 1) for t in range(1, TEAMS + 1)}
    total = dict.fromkeys(strength, Fraction(0))
    matches = []
    for rnd in range(1, ROUNDS + 1):
        order = sorted(strength, key=lambda t: (-total[t], t))
        for home, away in zip(order[::2], order[1::2], strict=True):
            edge = (strength[home] - strength[away]) * 8
            imps = (
                max(0, round(rng.gauss(25 + edge, 12))),
                max(0, round(rng.gauss(25 - edge, 12))),
            )
            vps = victory_points(imps[0], imps[1], BOARDS)
            points = (
                Fraction(imps[0] * 60 + rng.randint(2000, 4000)),
                Fraction(imps[1] * 60 + rng.randint(2000, 4000)),
            )
            matches.append(
                TeamMatch(rnd, home, away, (Fraction(imps[0]), Fraction(imps[1])), vps, points)
            )
            total[home] += vps[0]
            total[away] += vps[1]
    teams = tuple(Entrant(t, f"Team {t}") for t in strength)
    return TeamsEvent("Bench Swiss", "swiss", teams, tuple(matches))


def timed(work, runs: int = RUNS) -> tuple[float, float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def whole_vps(event: TeamsEvent) -> TeamsEvent:
    """The same matches on whole VPs (as a discrete scale gives): many more ties to break."""
    matches = tuple(
        replace(m, vps=(Fraction(round(m.vps[0])), 20 - Fraction(round(m.vps[0]))))
        for m in event.matches
    )
    return replace(event, matches=matches)


def main() -> None:
    event = build_event()
    text = write_bridge(event)
    print(f"{TEAMS} teams x {ROUNDS} rounds Swiss, {len(event.matches)} matches")
    for label, variant in (("continuous VPs", event), ("whole VPs", whole_vps(event))):
        places = bridge_standings(variant)
        tied = sum(1 for p in places if p.decided_by != "VP")
        shared = sum(1 for p in places if p.playoff)
        median, p95 = timed(lambda v=variant: bridge_standings(v))
        print(
            f"full ranking, {label:14}: median {median:5.1f} ms  p95 {p95:5.1f} ms"
            f"  (target < 50 ms; {tied} places by a tie step, {shared} in play-offs)"
        )
    median, p95 = timed(lambda: read_bridge(text))
    print(f"read the JSON file:          median {median:5.1f} ms  p95 {p95:5.1f} ms")


if __name__ == "__main__":
    main()
