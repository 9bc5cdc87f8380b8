"""Team engine benchmark: 180 teams x 5 boards x 11 rounds, a 10-entry tie-break list.

Prints the median and 95th percentile of a full recomputation of the team standings
(`compute_standings` of the team event) with the individual entries on match points and on
game points, with a list of team entries mixing both bases, and of the team crosstable
alone. Figures only; not a timed test. Target: under 100 ms.

    .venv/bin/python bench/team_bench.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from standings.engine.event import Event, Participant, RoundEntry, System, Team  # noqa: E402
from standings.engine.standings import compute_standings  # noqa: E402
from standings.engine.team_matches import team_crosstable  # noqa: E402

TEAMS, BOARDS, ROUNDS = 180, 5, 11
TIEBREAKS = ("MPTS", "BH", "BH/C1", "SB", "PS", "WIN", "KS", "AOB", "FB", "DE")
TEAM_LIST = ("MPTS", "GPTS", "EDE", "EMGSB/C1", "BH:MP", "BH:GP", "SB", "BBE", "SSSC", "BC")
_GAME = {"1": 1.0, "=": 0.5, "0": 0.0}
_OTHER = {"1": "0", "=": "=", "0": "1"}


def build_event(seed: int = 1) -> Event:
    """A Swiss-like team event: score-sorted pairings of whole teams, boards by strength."""
    rng = random.Random(seed)
    strength = {t: rng.gauss(0, 1) for t in range(1, TEAMS + 1)}
    entries: dict[int, list[RoundEntry]] = {
        (t - 1) * BOARDS + b: [] for t in strength for b in range(1, BOARDS + 1)
    }
    match_points = dict.fromkeys(strength, 0.0)
    for r in range(1, ROUNDS + 1):
        order = sorted(strength, key=lambda t: (-match_points[t], t))
        for a, b in zip(order[::2], order[1::2], strict=True):
            p = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 2))
            ours = 0.0
            for board in range(1, BOARDS + 1):
                x = rng.random()
                code = "1" if x < p * 0.7 else "=" if x < p * 0.7 + 0.3 else "0"
                white, black = (a, b) if board % 2 else (b, a)
                pa, pb = (a - 1) * BOARDS + board, (b - 1) * BOARDS + board
                entries[pa].append(RoundEntry(r, pb, "w" if white == a else "b", code))
                entries[pb].append(RoundEntry(r, pa, "b" if white == a else "w", _OTHER[code]))
                ours += _GAME[code]
            theirs = BOARDS - ours
            match_points[a] += 2 if ours > theirs else 1 if ours == theirs else 0
            match_points[b] += 2 if theirs > ours else 1 if ours == theirs else 0
    players = tuple(
        Participant(n, f"Player {n}", entries=tuple(e)) for n, e in sorted(entries.items())
    )
    teams = tuple(
        Team(t, f"Team {t}", tuple((t - 1) * BOARDS + b for b in range(1, BOARDS + 1)))
        for t in strength
    )
    return Event("Team bench", players, ROUNDS, System.SWISS, teams=teams)


def _timed(run, repeat: int) -> list[tuple[float, float]]:
    """(wall, CPU) milliseconds of each run: the CPU time tells a shared machine's load
    apart from the work."""
    times = []
    for _ in range(repeat):
        start, cpu = time.perf_counter(), time.process_time()
        run()
        times.append(((time.perf_counter() - start) * 1000, (time.process_time() - cpu) * 1000))
    return times


def _show(label: str, times: list[tuple[float, float]]) -> None:
    wall, cpu = sorted(t[0] for t in times), sorted(t[1] for t in times)
    k = int(len(times) * 0.95) - 1
    print(
        f"{label}: median {statistics.median(wall):.1f} ms, p95 {wall[k]:.1f} ms"
        f" (CPU median {statistics.median(cpu):.1f} ms, p95 {cpu[k]:.1f} ms)"
    )


def main() -> None:
    event = build_event()
    print(f"{TEAMS} teams x {BOARDS} boards x {ROUNDS} rounds, {len(TIEBREAKS)} entries")
    _show("team crosstable", _timed(lambda: team_crosstable(event, ROUNDS), 20))
    _show(
        "team standings (MP)",
        _timed(lambda: compute_standings(event, TIEBREAKS, rules="2024"), 20),
    )
    on_games = ("GPTS", *TIEBREAKS[1:])
    _show(
        "team standings (GP)",
        _timed(lambda: compute_standings(event, on_games, rules="2024"), 20),
    )
    _show(
        "team standings (" + " ".join(TEAM_LIST) + ")",
        _timed(lambda: compute_standings(event, TEAM_LIST, rules="2024"), 20),
    )


if __name__ == "__main__":
    main()
