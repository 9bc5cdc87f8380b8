"""One poisoned subscription beside good ones: does every good follower get every
notification, and only once? (issue 37: a poisoned endpoint used to fail the whole batch
every 0.5 s, and a good follower got the same 2 notifications 40 times in 15 s.)

In a throwaway database (SQLite in a file unless DATABASE_URL says otherwise), with the
tests' push service on 127.0.0.1 (tests/follow/push_service.py, decrypting every push):
`--good` subscriptions follow one player, beside poisoned ones stored as an older release
let them in (an endpoint whose origin the VAPID signer refuses, one on the server's own
network, keys that are no key), one on a port that never answers (for `--hang` seconds,
the worker's FOLLOW_PUSH_TIMEOUT) and one on a port that refuses connections. `--results`
results of that player are entered through the service (FOLLOW_MIN_GAP 0, so each is a
notification of its own); the worker's passes run as `manage.py follow_worker` runs them.
Prints notifications delivered / expected, duplicates, and the time from each result to its
last good push (a worker that waited on the hang would take `--hang` seconds).

Usage: .venv/bin/python bench/follow_isolation_bench.py [--good 100] [--results 3] [--hang 60]
"""

from __future__ import annotations

import argparse
import os
import socket
import sys
import tempfile
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "standings.settings")

import django  # noqa: E402

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402

from standings.events import services  # noqa: E402
from standings.follow import keys  # noqa: E402
from standings.follow.models import Followed, Seen, Subscription  # noqa: E402
from standings.follow.seating import seating_of  # noqa: E402
from standings.follow.worker import Worker  # noqa: E402
from tests.factories import TEST_ACTOR, create_swiss  # noqa: E402
from tests.follow.push_service import PushService  # noqa: E402

FOLLOWED = 7  # White on board 3 of round 3 in tests/factories' event
RESULTS = ("10", "01", "==")  # each a notification of its own words


def store(event, endpoint: str, browser_keys: dict) -> None:
    far = timezone.now() + timedelta(days=30)
    sub = Subscription.objects.create(
        event=event, endpoint=endpoint, expires_at=far, **browser_keys
    )
    Followed.objects.create(subscription=sub, number=FOLLOWED)


def enter(event, n: int) -> None:
    from django.db import transaction

    with transaction.atomic():
        services.enter_result(event, 3, 3, RESULTS[n], actor=TEST_ACTOR, reason=f"result {n}")


def run(
    good: int, results: int, service: PushService, hanging: int, refusing: int, hang: float
) -> None:
    event = create_swiss()
    for n in range(good):
        info = service.subscribe(f"s{n}")
        store(event, info["endpoint"], info["keys"])
    spare = service.subscribe("spare")["keys"]
    store(event, f"{service.origin}?x", spare)  # the VAPID signer's poison
    store(event, "https://127.0.0.1:6379/", spare)  # the server's own network
    store(event, service.origin + "/push/nokey", {**spare, "p256dh": "BA"})
    store(event, f"http://127.0.0.1:{hanging}/push/h", spare)
    store(event, f"http://127.0.0.1:{refusing}/push/r", spare)
    Seen.objects.create(event=event, seating=seating_of(event))
    worker = Worker()
    took: list[float] = []
    failed = 0
    first = 0.0
    try:
        for n in range(results):
            before = len(service.received)
            start = time.perf_counter()
            enter(event, n)
            first = first or start
            deadline = time.monotonic() + hang * 1.5
            while time.monotonic() < deadline:
                failed += one_pass(worker)
                arrived = [r for r in service.received[before:] if r.path.startswith("/push/s")]
                if len(arrived) >= good:
                    took.append(max(r.at for r in arrived) - start)
                    last = max(r.at for r in arrived)
                    break
        settle = time.monotonic() + 2  # anything left over would show as a duplicate
        while time.monotonic() < settle:
            failed += one_pass(worker)
    finally:
        worker.close()
    bodies = Counter(
        (r.path, r.payload["body"]) for r in service.received if r.path.startswith("/push/s")
    )
    delivered = len(bodies)
    duplicates = sum(count - 1 for count in bodies.values())
    print(f"good subscriptions {good}, poisoned 3, unreachable 2, results {results}")
    print(f"notifications delivered / expected: {delivered} / {good * results}")
    print(f"duplicates: {duplicates}")
    print(f"worker passes failed: {failed}")
    print("result to its last good push, s: " + ", ".join(f"{t:.2f}" for t in took))
    print(f"first result to the last result's last good push: {last - first:.2f} s")


def one_pass(worker: Worker) -> int:
    """A pass as `manage.py follow_worker` makes it (a failed pass is tried again); 1 if it
    failed."""
    try:
        if not worker.step():
            worker.pause(0.5)
    except Exception:
        time.sleep(0.5)
        return 1
    return 0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--good", type=int, default=100)
    parser.add_argument("--results", type=int, default=3, choices=[1, 2, 3])
    parser.add_argument("--hang", type=float, default=60.0, help="FOLLOW_PUSH_TIMEOUT, s")
    args = parser.parse_args()
    setup_test_environment()
    database = connection.settings_dict
    if database["ENGINE"].endswith("sqlite3"):
        database["TEST"]["NAME"] = str(Path(tempfile.mkdtemp()) / "follow-isolation.sqlite3")
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    hanging = socket.socket()
    hanging.bind(("127.0.0.1", 0))
    hanging.listen(16)  # accepts (the kernel's backlog), never answers
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        refusing = probe.getsockname()[1]  # nothing listens there once closed
    service = PushService(keys.public_key())
    ports = [service.port, hanging.getsockname()[1], refusing]
    overrides = override_settings(
        FOLLOW_ALLOW_HTTP=True,
        FOLLOW_PUSH_HOSTS=[],
        FOLLOW_PUSH_LOCAL=[f"127.0.0.1:{port}" for port in ports],
        FOLLOW_MIN_GAP=0,
        FOLLOW_PUSH_TIMEOUT=args.hang,
    )
    overrides.enable()
    try:
        print(f"load average {os.getloadavg()[0]:.1f}")
        run(args.good, args.results, service, ports[1], refusing, args.hang)
    finally:
        overrides.disable()
        service.close()
        hanging.close()
        connection.creation.destroy_test_db(old_name, verbosity=0)


if __name__ == "__main__":
    main()
