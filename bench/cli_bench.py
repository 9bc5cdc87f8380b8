"""Command-line benchmark: whole-process time of the tie-break command with and without Django.

First `standings-tiebreaks --help` (start-up alone). Then for each file, runs
`standings-tiebreaks FILE` (when installed), `python -m standings.engine
FILE` and `python manage.py tiebreaks FILE` (default options) five times each after one
warm-up run, and prints the median wall and CPU (user + system) time of the whole process,
beside a bare `python -c pass`. Bytecode is cached as on a user's machine (the warm-up
writes it, even under PYTHONDONTWRITEBYTECODE). Files: the
given ones, else the largest in tests/fixtures/real/ (and, if the command refuses it, the
largest it reads) and the largest FIDE fixture. Figures only; not a timed test.

    .venv/bin/python bench/cli_bench.py [FILE ...]
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
RUNS = 5
COMMANDS = {
    "python -m standings.engine": [sys.executable, "-m", "standings.engine"],
    "python manage.py tiebreaks": [sys.executable, "manage.py", "tiebreaks"],
}
# The console script, where the package is installed beside this Python.
SCRIPT = Path(sys.executable).with_name("standings-tiebreaks")
if SCRIPT.exists():
    COMMANDS = {"standings-tiebreaks": [str(SCRIPT)], **COMMANDS}


# As users run it: compiled bytecode cached (the warm-up run writes it), whatever this
# shell says.
ENVIRONMENT = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(command: list[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (the child's user + system) and exit status of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        command,
        cwd=ROOT,
        env=ENVIRONMENT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.returncode


def measure(command: list[str]) -> tuple[float, float, int]:
    """Median wall and CPU seconds of RUNS runs after a warm-up, and the last exit status."""
    run_once(command)
    runs = [run_once(command) for _ in range(RUNS)]
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    return wall, cpu, runs[-1][2]


def reads(path: Path) -> bool:
    """Whether the engine's command accepts the file."""
    return run_once([*COMMANDS["python -m standings.engine"], str(path)])[2] == 0


def default_files() -> list[Path]:
    real = sorted(
        (p for p in (FIXTURES / "real").iterdir() if p.suffix != ".md"),
        key=lambda p: p.stat().st_size,
        reverse=True,
    )
    chosen = real[:1]
    if not reads(real[0]):
        chosen += next(([p] for p in real[1:] if reads(p)), [])
    fide = max((FIXTURES / "fide").glob("*.trf"), key=lambda p: p.stat().st_size)
    return [*chosen, fide]


def main() -> None:
    files = [Path(a).resolve() for a in sys.argv[1:]] or default_files()
    wall, cpu, _ = measure([sys.executable, "-c", "pass"])
    print(f"median of {RUNS} runs, whole process")
    print(f"{'python -c pass':<28} wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms")
    for label, command in COMMANDS.items():
        if label != "python manage.py tiebreaks":
            wall, cpu, _ = measure([*command, "--help"])
            print(f"{label + ' --help':<28} wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms")
    for path in files:
        size = path.stat().st_size
        print(
            f"\n{path.relative_to(FIXTURES) if path.is_relative_to(FIXTURES) else path}"
            f" ({size / 1000:.0f} kB)"
        )
        for label, command in COMMANDS.items():
            wall, cpu, status = measure([*command, str(path)])
            outcome = "ok" if status == 0 else f"exit {status} (refused)"
            print(f"{label:<28} wall {wall * 1000:6.0f} ms  cpu {cpu * 1000:6.0f} ms  {outcome}")


if __name__ == "__main__":
    main()
