"""Engine benchmark: a 500-player, 11-round Swiss with byes and forfeits.

Prints the median and 95th percentile of (a) a full recomputation with a
12-entry tie-break list, (b) the update after one new result (a new Event
with that result, recomputed) and (c) a full recomputation with the full
26-entry list of individual tie-breaks (FULL: every FIDE individual entry, the
usual cuts of each), wall time and the process's CPU time (steadier on a shared
machine). Figures only; not a timed test.

    .venv/bin/python bench/engine_bench.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from standings.engine.event import Event, Participant, RoundEntry, System  # noqa: E402
from standings.engine.standings import compute_standings  # noqa: E402

PLAYERS, ROUNDS = 500, 11
TIEBREAKS = ("DE", "BH/C1", "BH", "BH/M1", "SB", "SB/C1", "PS", "WIN", "BPG", "AOB", "FB", "KS")
FULL = (
    *("DE", "BH/C1", "BH", "BH/C2", "BH/M1", "BH/M2", "SB", "SB/C1", "SB/M1", "FB", "FB/C1"),
    *("AOB", "KS", "PS", "PS/C1", "WIN", "WON", "BPG", "BWG", "GE"),
    *("ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO"),
)


def build_event(seed: int = 1) -> Event:
    """A Swiss-like crosstable: score-sorted pairings, some byes, forfeits, withdrawals."""
    rng = random.Random(seed)
    strength = {s: rng.gauss(0, 1) for s in range(1, PLAYERS + 1)}
    entries: dict[int, list[RoundEntry]] = {s: [] for s in strength}
    score = dict.fromkeys(strength, 0.0)
    withdrawn: set[int] = set()
    for r in range(1, ROUNDS + 1):
        if r > 3:
            withdrawn |= {s for s in strength if rng.random() < 0.004}
        present = []
        for s in strength:
            if s in withdrawn:
                entries[s].append(RoundEntry(r, None, None, "Z"))
            elif rng.random() < 0.02:
                entries[s].append(RoundEntry(r, None, None, rng.choice("HZ")))
            else:
                present.append(s)
        present.sort(key=lambda s: (-score[s], s))
        if len(present) % 2:
            bye = present.pop()
            entries[bye].append(RoundEntry(r, None, None, "U"))
        for a, b in zip(present[::2], present[1::2], strict=True):
            if rng.random() < 0.01:
                ca, cb = "+", "-"
            else:
                p = 1 / (1 + 10 ** ((strength[b] - strength[a]) / 2))
                x = rng.random()
                ca, cb = (
                    ("1", "0") if x < p * 0.7 else ("=", "=") if x < p * 0.7 + 0.3 else ("0", "1")
                )
            entries[a].append(RoundEntry(r, b, "w", ca))
            entries[b].append(RoundEntry(r, a, "b", cb))
        for s in strength:
            code = entries[s][-1].code
            score[s] += {"1": 1, "+": 1, "U": 1, "=": 0.5, "H": 0.5}.get(code, 0)
    participants = tuple(
        Participant(s, f"Player {s}", 2600 - s, entries=tuple(entries[s])) for s in strength
    )
    return Event(
        "bench",
        participants,
        ROUNDS,
        System.SWISS,
        lots_seed=7,
        closed_rounds=frozenset(range(1, ROUNDS)),
    )


def with_one_result_changed(event: Event) -> Event:
    """The event after one more result: a draw in round 11 becomes a white win."""
    for p in event.participants:
        last = p.entries[-1]
        if last.code == "=" and last.color == "w":
            opp = event.participant(last.opponent)
            changed = {
                p.start_no: replace(p, entries=p.entries[:-1] + (replace(last, code="1"),)),
                opp.start_no: replace(
                    opp, entries=opp.entries[:-1] + (replace(opp.entries[-1], code="0"),)
                ),
            }
            return replace(
                event, participants=tuple(changed.get(x.start_no, x) for x in event.participants)
            )
    return event


def timed(run, repeat: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each run."""
    wall, cpu = [], []
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        run()
        wall.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return wall, cpu


def report(label: str, times: tuple[list[float], list[float]]) -> None:
    ms, cpu = sorted(times[0]), sorted(times[1])
    p95 = ms[min(len(ms) - 1, int(round(0.95 * (len(ms) - 1))))]
    print(
        f"{label}: median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms; CPU median "
        f"{statistics.median(cpu):.1f} ms, min {cpu[0]:.1f} ms ({len(ms)} runs)"
    )


def main() -> None:
    event = build_event()
    compute_standings(event, TIEBREAKS)  # warm-up
    print(f"{PLAYERS} players, {ROUNDS} rounds, list: PTS {' '.join(TIEBREAKS)}")
    report("(a) full recomputation", timed(lambda: compute_standings(event, TIEBREAKS), 30))
    report(
        "(b) after one new result",
        timed(lambda: compute_standings(with_one_result_changed(event), TIEBREAKS), 30),
    )
    compute_standings(event, FULL)  # warm-up
    print(f"full list ({len(FULL)}): {' '.join(FULL)}")
    report("(c) full recomputation, full list", timed(lambda: compute_standings(event, FULL), 30))


if __name__ == "__main__":
    main()
