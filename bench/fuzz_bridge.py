"""Fuzz the bridge import page: the probe's bad files and N mutated example files.

Each file is posted to /b/import/ as a staff user through Django's whole request path
(tests/bridge/fuzz_cases.py makes them). A refusal must be a 400; an accepted file
(a redirect) must then serve its standings, its screen and a team page, and a few rounds
asked of its standings must each be shown (200) or refused (404). Anything else (a 5xx,
an exception) is a crash. Prints the counts (crashes must be 0) and the slowest requests;
crashing files are written to --keep for a look.

    .venv/bin/python bench/fuzz_bridge.py [--files 1000] [--seed 1] [--keep DIR]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/NAME .venv/bin/python bench/fuzz_bridge.py

Runs in a throwaway test database (SQLite in memory, or test_NAME on PostgreSQL).
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import statistics
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

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402

from standings.bridge_events.models import BridgeEvent  # noqa: E402
from tests.bridge.fuzz_cases import CASES, SEEDS, mutate  # noqa: E402

ASKED_ROUNDS = ["", "1", "2", "10", "99", "100", "0", "-5", "abc", "1e3", "٣", "9" * 400]


class Crash(Exception):
    pass


class Timed:
    """Every request's time, by what was asked."""

    def __init__(self) -> None:
        self.times: list[tuple[float, float, str]] = []  # (wall, CPU, what)

    def get(self, client: Client, path: str, what: str, query: dict | None = None):
        return self._timed(what, client.get, path, query)

    def post(self, client: Client, path: str, data: dict, what: str):
        return self._timed(what, client.post, path, data)

    def _timed(self, what: str, send, *args):
        started, cpu = time.perf_counter(), time.thread_time()
        answer = send(*args)
        self.times.append((time.perf_counter() - started, time.thread_time() - cpu, what))
        if answer.status_code >= 500:
            raise Crash(f"{what}: {answer.status_code}")
        return answer


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=1000, help="mutated files to try")
    parser.add_argument("--seed", type=int, default=1, help="random seed (repeatable runs)")
    parser.add_argument("--keep", type=Path, help="write crashing files to this directory")
    args = parser.parse_args()

    logging.getLogger("django.request").setLevel(logging.ERROR)  # 400s and 404s expected
    setup_test_environment()
    vendor = connection.vendor
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with override_settings(LIVE_PUSH_INTERVAL=0):
            counts, timed = run(args.files, random.Random(args.seed), args.keep)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)

    times = sorted(timed.times, reverse=True)
    cpu = sorted(timed.times, key=lambda t: t[1], reverse=True)
    tried = len(CASES) + args.files
    print(f"database: {vendor}, seed {args.seed}, {len(CASES)} probe files + {args.files} mutated")
    print(f"files tried: {tried}")
    print(f"refused:     {counts['refused']} (400)")
    print(f"accepted:    {counts['accepted']} (each page then served)")
    print(f"crashed:     {counts['crash']}")
    median = statistics.median(t for t, _, _ in times)
    print(f"requests:    {len(times)}, median {1000 * median:.1f} ms")
    for wall, _, what in times[:3]:
        print(f"slowest:     {1000 * wall:.0f} ms  {what}")
    for _, spent, what in cpu[:3]:
        print(f"most CPU:    {1000 * spent:.0f} ms  {what}")
    return 1 if counts["crash"] else 0


def run(files: int, rng: random.Random, keep: Path | None) -> tuple[Counter, Timed]:
    staff = get_user_model().objects.create_user("fuzz", password="pw-fuzz-1", is_staff=True)
    client = Client()
    client.force_login(staff)
    follower = Client()
    timed = Timed()
    seeds = [path.read_text() for path in SEEDS]
    inputs = [(name, raw) for name, raw, _ in CASES]
    inputs += [(f"mutated {n}", mutate(rng.choice(seeds), rng)) for n in range(files)]
    counts: Counter = Counter()
    for name, raw in inputs:
        try:
            counts[try_file(name, raw, client, follower, timed)] += 1
        except Exception as error:  # noqa: BLE001 (counting crashes is the point)
            counts["crash"] += 1
            if counts["crash"] <= 5:
                print(f"crash ({name}): {error!r}", file=sys.stderr)
                traceback.print_exc(limit=4)
            if keep is not None:
                keep.mkdir(parents=True, exist_ok=True)
                (keep / f"crash-{name.replace(' ', '-')}.json").write_bytes(raw)
    return counts, timed


def try_file(name: str, raw: bytes, client: Client, follower: Client, timed: Timed) -> str:
    upload = SimpleUploadedFile("event.json", raw, content_type="application/json")
    answer = timed.post(client, "/b/import/", {"file": upload, "boards": 16}, f"import {name}")
    if answer.status_code == 400:
        return "refused"
    if answer.status_code != 302:
        raise Crash(f"import {name}: {answer.status_code}")
    bridge = BridgeEvent.objects.select_related("event").latest("pk")
    slug = bridge.event.slug
    timed.get(client, f"/b/{slug}/score/", f"scorer's page of {name}")
    timed.get(follower, f"/b/{slug}/screen/", f"screen of {name}")
    for team in bridge.document.get("teams", [])[:1]:
        timed.get(follower, f"/b/{slug}/team/{team['id']}/", f"team page of {name}")
    for asked in ASKED_ROUNDS:
        shown = timed.get(follower, f"/b/{slug}/", f"round {asked[:8]} of {name}", {"round": asked})
        if shown.status_code not in (200, 404):
            raise Crash(f"round {asked[:8]} of {name}: {shown.status_code}")
    return "accepted"


if __name__ == "__main__":
    sys.exit(main())
