"""Fuzz the TRF import: N bad files made from the real fixtures, on the configured database.

Each file is a fixture with one to three changes (`tests/events/trf_mutations.py`),
imported as a new event or into the event its fixture created. Every file must be
refused with a TrfError that leaves the database as it was, or imported into an event
whose standings compute and which exports; anything else is a crash. Prints the counts
(crashes must be 0) and writes each crashing file to --keep for a look.

    .venv/bin/python bench/fuzz_import.py [--files 2000] [--seed 1] [--keep DIR]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME .venv/bin/python bench/fuzz_import.py

Runs in a throwaway test database (SQLite in memory, or test_NAME on PostgreSQL).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402

from standings.engine.trf import TrfError  # noqa: E402
from standings.events.actors import COMMAND  # noqa: E402
from standings.trf.importer import import_trf  # noqa: E402
from tests.events.trf_mutations import SEEDS, check_import, mutate  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=2000, help="fuzzed files to try")
    parser.add_argument("--seed", type=int, default=1, help="random seed (repeatable runs)")
    parser.add_argument("--keep", type=Path, help="write crashing files to this directory")
    args = parser.parse_args()

    setup_test_environment()
    vendor = connection.vendor
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        # Pushes run in this thread, so every imported event is also rendered once.
        with override_settings(LIVE_PUSH_INTERVAL=0):
            counts, elapsed = run(args.files, random.Random(args.seed), args.keep)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    print(f"database: {vendor}, seed {args.seed}, {len(SEEDS)} fixture files")
    print(f"files tried: {args.files}")
    print(f"refused:     {counts['refused']}")
    print(f"imported:    {counts['imported']}")
    print(f"crashes:     {counts['crash']}")
    print(f"time:        {elapsed:.1f} s ({1000 * elapsed / max(args.files, 1):.1f} ms a file)")
    return 1 if counts["crash"] else 0


def run(files: int, rng: random.Random, keep: Path | None) -> tuple[Counter, float]:
    seeds = [(path, path.read_bytes()) for path in SEEDS]
    slugs: dict[Path, str] = {}
    for k, (path, data) in enumerate(seeds):
        try:
            slugs[path] = import_trf(data, slug=f"seed-{k}", actor=COMMAND).slug
        except TrfError:
            pass  # a real file the reader refuses still makes bad files
    counts: Counter = Counter()
    started = time.perf_counter()
    for n in range(files):
        path, data = rng.choice(seeds)
        bad = mutate(data, rng)
        slug = slugs.get(path) if rng.random() < 0.5 else None
        try:
            counts[check_import(bad, slug=slug)] += 1
        except Exception as error:  # noqa: BLE001 (counting crashes is the point)
            counts["crash"] += 1
            if counts["crash"] <= 5:
                print(f"crash {n} ({path.name}, slug {slug}): {error!r}", file=sys.stderr)
                traceback.print_exc(limit=4)
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                (keep / f"crash-{n}-{path.name}").write_bytes(bad)
    return counts, time.perf_counter() - started


if __name__ == "__main__":
    sys.exit(main())
