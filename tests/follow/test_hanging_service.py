"""A push service that never answers delays no one else: the shipped worker
(`manage.py follow_worker`, its own process) pushes to good services and to one that hangs
for far longer than the test waits (FOLLOW_PUSH_TIMEOUT = HANG); a second result still
reaches every good follower, long before the hang would end, each notification once, and
the hanging follower is not sent another while its first push is unanswered."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import pytest

from tests.follow.push_service import PushService
from tests.follow.test_worker_process import KEY, SEED, subscribe
from tests.servers import ROOT, AsgiServer, _env

pytestmark = [pytest.mark.slow]

HANG = 240.0  # seconds the worker waits for the hanging service
ARRIVAL = HANG / 2  # the good ones' notifications must come well before the hang ends
GOOD = 4
ENTER = """
from standings.events import services
from standings.events.models import Event
from tests.factories import TEST_ACTOR
services.enter_result(
    Event.objects.get(slug="small-open"), 3, 3, {result!r}, actor=TEST_ACTOR, reason="{reason}"
)
"""


def push_settings(*services: PushService) -> dict:
    return {
        "FOLLOW_ALLOW_HTTP": "1",
        "FOLLOW_PUSH_HOSTS": "",
        "FOLLOW_PUSH_LOCAL": ",".join(f"127.0.0.1:{s.port}" for s in services),
        "FOLLOW_PUSH_TIMEOUT": str(HANG),
        "FOLLOW_MIN_GAP": "0",
    }


def test_a_hanging_push_service_delays_no_one_else(server_database, redis_url):
    server_database.run_python(SEED)
    key = server_database.run_python(KEY).strip()
    good, hanging = PushService(key), PushService(key, hang=True)
    extra = push_settings(good, hanging)
    site = AsgiServer(server_database, redis_url, extra).start()
    log = tempfile.NamedTemporaryFile(prefix="follow-worker-", suffix=".log")
    worker = None
    try:
        for n in range(GOOD):
            assert subscribe(site.url, good.subscribe(f"g{n}"), [7]).status_code == 201
        assert subscribe(site.url, hanging.subscribe("h"), [7]).status_code == 201
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "follow_worker"],
            env=_env(server_database.url, redis_url, extra),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )

        def arrived(count: int) -> None:
            """Wait until the good service holds `count` pushes, while the hang lasts."""
            while len(good.received) < count:
                assert worker.poll() is None, Path(log.name).read_text()
                started = [r.at for r in hanging.received]
                if started:  # the clock of the hang runs from its request
                    assert time.perf_counter() - started[0] < ARRIVAL, "waited on the hang"
                time.sleep(0.2)

        server_database.run_python(ENTER.format(result="10", reason=""), redis_url=redis_url)
        arrived(GOOD)
        deadline = time.monotonic() + ARRIVAL
        while not hanging.received and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(hanging.received) == 1  # its push is out, unanswered
        server_database.run_python(
            ENTER.format(result="01", reason="the other way"), redis_url=redis_url
        )
        arrived(2 * GOOD)

        bodies = Counter((r.path, r.payload["body"].split(";")[0]) for r in good.received)
        assert good.faults == [] and hanging.faults == []
        assert set(bodies.values()) == {1} and len(bodies) == 2 * GOOD  # each once
        assert {body for _path, body in bodies} == {
            "Round 3: Player 07 1–0 Player 04",
            "Round 3: Player 07 0–1 Player 04",
        }
        # Not a second push to the hanging follower while the first is unanswered.
        assert len(hanging.received) == 1
        assert "Traceback" not in Path(log.name).read_text()
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
        site.stop()
        good.close()
        hanging.close()
        log.close()
