"""Followers' notifications: how long from a result entered to the push requests leaving,
and what following costs the arbiter's tap.

In a throwaway database (SQLite unless DATABASE_URL says otherwise), with a push service of
our own on 127.0.0.1 (tests/follow/push_service.py) in a process of its own, as a real one
runs on its own machines: it checks every request's headers and VAPID token and decrypts one
payload in `--sample` (the tests decrypt every one):

- for 1, 1,000 and 10,000 subscriptions following one player of an event: enter that
  player's result through the service, then run the worker's passes (as
  `manage.py follow_worker` does) and time the first and the last push request received,
  from the moment the service returned;
- the arbiter's tap (services.enter_result, its commit hooks included: the live push's
  scheduling and the follow queue) with 0 and with 10,000 subscriptions on the event,
  median and p95 of `--taps` taps.

Usage: .venv/bin/python bench/follow_bench.py [--taps 40] [--levels 1,1000,10000]
       [--sample 50] [--in-flight 50]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402

from standings.events import services  # noqa: E402
from standings.follow import keys  # noqa: E402
from standings.follow.endpoints import origin_of  # noqa: E402
from standings.follow.models import Followed, Seen, Subscription  # noqa: E402
from standings.follow.seating import seating_of  # noqa: E402
from standings.follow.worker import Worker  # noqa: E402
from tests.factories import TEST_ACTOR, create_swiss  # noqa: E402
from tests.follow.push_service import Browser  # noqa: E402

TAP_LEVELS = (0, 10000, 0, 10000)  # alternated: the machine is shared
FOLLOWED = 7  # White on board 3 of round 3 in tests/factories' event


class RemotePushService:
    """tests/follow/push_service.py in a process of its own: the browsers' keys derived from
    a seed both processes know; the arrivals read from its /_received."""

    def __init__(self, vapid_public_key: str, sample: int) -> None:
        self.seed = secrets.token_hex(8)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.follow.push_service", vapid_public_key]
            + ["--seed", self.seed, "--sample", str(sample)],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout is not None
        self.origin = f"http://127.0.0.1:{int(self.process.stdout.readline())}"

    def subscribe(self, name: str) -> dict:
        path = f"/push/{name}"
        return {"endpoint": self.origin + path, "keys": Browser.seeded(path, self.seed).keys()}

    def received(self) -> tuple[list[float], list[str]]:
        with urllib.request.urlopen(self.origin + "/_received", timeout=30) as answer:
            told = json.load(answer)
        return told["at"], told["faults"]

    def clear(self) -> None:
        urllib.request.urlopen(urllib.request.Request(self.origin + "/_clear", method="POST"))

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait(timeout=30)


def subscribe(event, service: RemotePushService, count: int) -> None:
    """`count` browsers following FOLLOWED, written as the follow view writes them."""
    Seen.objects.get_or_create(event=event, defaults={"seating": seating_of(event)})
    far = django.utils.timezone.now() + django.utils.timezone.timedelta(days=30)
    subs = Subscription.objects.bulk_create(
        (
            Subscription(
                event=event,
                endpoint=info["endpoint"],
                origin=origin_of(info["endpoint"]),  # bulk_create skips save()
                expires_at=far,
                **info["keys"],
            )
            for info in (service.subscribe(f"{event.slug}-{n}") for n in range(count))
        ),
        batch_size=1000,
    )
    Followed.objects.bulk_create(
        (Followed(subscription=s, number=FOLLOWED) for s in subs), batch_size=1000
    )


def to_the_push(count: int, service: RemotePushService, worker: Worker) -> tuple[float, ...]:
    """First and last push after the service returned, and the worker's CPU seconds."""
    event = create_swiss(slug=f"bench-{count}")
    subscribe(event, service, count)
    service.clear()
    services.enter_result(event, 3, 3, "10", actor=TEST_ACTOR)
    start, cpu = time.perf_counter(), time.process_time()
    deadline = start + 120
    unanswered = Followed.objects.filter(subscription__event=event, sent_at__isnull=True)
    while unanswered.exists():  # passes as `manage.py follow_worker` runs them
        if time.perf_counter() > deadline:
            raise SystemExit("not sent within 120 s")
        if not worker.step():
            worker.pause(0.5)
    cpu = time.process_time() - cpu
    arrivals, faults = service.received()
    if faults or len(arrivals) != count:
        raise SystemExit(f"the push service got {len(arrivals)} of {count}, refused: {faults}")
    arrivals.sort()
    return arrivals[0] - start, arrivals[-1] - start, cpu


def taps(count: int, subscriptions: int, service: RemotePushService, run: int) -> list[float]:
    event = create_swiss(slug=f"taps-{run}-{subscriptions}")
    subscribe(event, service, subscriptions)
    times = []
    results = ["10", "01"]
    for n in range(count):
        start = time.perf_counter()
        services.enter_result(
            event, 3, 3, results[n % 2], actor=TEST_ACTOR, reason="bench correction"
        )
        times.append((time.perf_counter() - start) * 1000)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--levels", default="1,1000,10000")
    parser.add_argument("--sample", type=int, default=50, help="decrypt one push in this many")
    parser.add_argument("--in-flight", type=int, default=None, help="per push service")
    args = parser.parse_args()
    setup_test_environment()
    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):  # a file, as deployed: memory locks whole tables
        database["TEST"]["NAME"] = str(Path(tempfile.mkdtemp()) / "follow-bench.sqlite3")
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    overrides = override_settings(
        FOLLOW_ALLOW_HTTP=True, FOLLOW_PUSH_HOSTS=[], FOLLOW_MAX_SUBSCRIPTIONS=20000
    )
    overrides.enable()
    service = RemotePushService(keys.public_key(), args.sample)
    local = override_settings(FOLLOW_PUSH_LOCAL=[service.origin.split("//", 1)[1]])
    local.enable()
    worker = Worker(args.in_flight)
    try:
        print(f"load average {os.getloadavg()[0]:.1f}; {worker.in_flight} requests in flight")
        print("subscriptions | first push ms | last push ms | worker CPU s")
        for level in (int(n) for n in args.levels.split(",")):
            first, last, cpu = to_the_push(level, service, worker)
            print(f"{level:>13,} | {first * 1000:>13.0f} | {last * 1000:>12.0f} | {cpu:>12.1f}")
        print(f"load average {os.getloadavg()[0]:.1f}")
        print(f"arbiter's tap (enter_result), {args.taps} taps: median / p95 ms")
        for run, level in enumerate(TAP_LEVELS):
            times = sorted(taps(args.taps, level, service, run))
            p95 = times[int(0.95 * (len(times) - 1))]
            print(f"{level:>6,} subscriptions: {statistics.median(times):.2f} / {p95:.2f}")
    finally:
        worker.close()
        service.close()
        served = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"push service CPU {served.ru_utime + served.ru_stime:.1f} s in all")
        overrides.disable()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
