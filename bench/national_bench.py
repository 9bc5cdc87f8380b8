"""National systems benchmark: the 500-player, 11-round Swiss of engine_bench.py.

Prints the median and 95th percentile of a full recomputation with the "US Chess"
preset, the "Chess Scotland: Swiss" preset and a list of every national entry.
Figures only; not a timed test. Target: each preset under 50 ms.

    .venv/bin/python bench/national_bench.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine_bench import PLAYERS, ROUNDS, build_event, report, timed  # noqa: E402
from standings.engine.presets import BY_KEY  # noqa: E402
from standings.engine.standings import compute_standings  # noqa: E402

EVERY_NATIONAL_ENTRY = (
    *("USMM", "USMM/M1", "USMM/M2", "USMED", "USSOLK", "USCUM", "USOCUM"),
    *("KASH", "BAUM", "FLOSS"),
    *("SCSOG/C0", "SCSOG", "SCPS", "SCPS/C1", "SCBH", "SCBH/C1", "SCSB", "WALL", "WALL/C2"),
)


def main() -> None:
    event = build_event()
    lists = {
        "US Chess preset": BY_KEY["us-chess"].tiebreaks(event.system),
        "Chess Scotland Swiss preset": BY_KEY["scotland-swiss"].tiebreaks(event.system),
        "every national entry": EVERY_NATIONAL_ENTRY,
    }
    print(f"{PLAYERS} players, {ROUNDS} rounds, full recomputation")
    for label, specs in lists.items():
        compute_standings(event, specs)  # warm-up
        print(f"{label}: PTS {' '.join(specs)}")
        report(f"  {label}", timed(lambda specs=specs: compute_standings(event, specs), 30))


if __name__ == "__main__":
    main()
