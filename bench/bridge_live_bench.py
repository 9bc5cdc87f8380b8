"""Bridge live push under load: a match scored on the tablet page reaching every socket.

Serves the demo bridge Swiss (12 teams, 16-board matches, rounds 1-4 played) as
bench/live_bench.py serves its chess event (uvicorn --workers 2, Redis, a throwaway
database), connects N bare websocket clients to /ws/e/<slug>/?view=status (what the
bridge pages ask for), then scores a match again and again (corrections) through the scorer's POST
(/b/<slug>/score/enter, logged in through /login/), waiting for every client to show each
new version. Prints the time from sending the POST to the last client showing it (median,
p95, max). Figures only; not a timed test.

Usage: .venv/bin/python bench/bridge_live_bench.py [--clients 100,1000] [--writes 20]
"""

from __future__ import annotations

import argparse
import asyncio
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.live_bench import (  # noqa: E402
    ROOT,
    Clients,
    ServerDatabase,
    _env,
    free_port,
    socket_path,
    start_redis,
    uvicorn_command,
    wait_for_port,
)
from tests.live.arbiter_http import ArbiterClient  # noqa: E402

PASSWORD = "bench-scorer-pw"
GAP = 0.4  # seconds between writes: longer than the push interval
SEED = """
from django.contrib.auth.models import User
User.objects.create_user("arbiter", password={password!r})
from standings.bridge_events.demo import load_bridge_demo
load_bridge_demo()
"""
SLUG = "demo-bridge"


def seen_on(page: str, home: int, away: int) -> str:
    """The match as the scorer's page shows it (its correction form's `seen`), "" if new."""
    found = re.search(
        rf'name="home" value="{home}"><input type="hidden" name="away" value="{away}">'
        r'<input type="hidden" name="seen" value="([^"]*)"',
        page,
    )
    return found.group(1) if found else ""


async def run_level(count: int, url: str, scorer: ArbiterClient, writes: int, first: int) -> dict:
    """Score round 5's first match `writes` times (each a correction with a new margin)."""
    clients = Clients(url.replace("http://", "ws://") + socket_path(SLUG, "status", False), url)
    version = await clients.open(count)
    latencies = []
    for n in range(first, first + writes):
        await asyncio.sleep(GAP)
        page = await asyncio.to_thread(scorer.get, f"/b/{SLUG}/score/?round=5")
        form = {
            "round": 5, "home": 1, "away": 2, "home_imps": 20 + n, "away_imps": 17,
            "home_points": 2900, "away_points": 2300, "seen": seen_on(page, 1, 2),
        }  # fmt: skip
        sent = time.monotonic()
        await asyncio.to_thread(scorer.post, f"/b/{SLUG}/score/enter", form, page)
        version += 1
        last = await clients.until_all_show(version, count)
        latencies.append((last - sent) * 1000)
    await clients.close()
    latencies.sort()
    return {
        "clients": count,
        "median": statistics.median(latencies),
        "p95": latencies[max(0, round(0.95 * len(latencies)) - 1)],
        "max": latencies[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", default="100,1000")
    parser.add_argument("--writes", type=int, default=20)
    args = parser.parse_args()
    levels = [int(n) for n in args.clients.split(",")]
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    redis_url, redis_server = start_redis()
    database = ServerDatabase().create()
    prefix = f"bench-{uuid.uuid4().hex[:8]}"
    server = None
    try:
        database.run_python(SEED.format(password=PASSWORD))
        port = free_port()
        log = tempfile.NamedTemporaryFile(prefix="bridge-live-bench-", suffix=".log")
        server = subprocess.Popen(
            uvicorn_command(port, "--workers", "2", "--backlog", "8192", ws_deflate=False),
            env=_env(database.url, redis_url, {"REDIS_PREFIX": prefix}),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(port, timeout=60)
        time.sleep(2)  # both workers up
        url = f"http://127.0.0.1:{port}"
        scorer = ArbiterClient(url)
        scorer.log_in("arbiter", PASSWORD)
        print(f"bridge live push: demo Swiss, uvicorn --workers 2, Redis {redis_url}")
        print(f"{'sockets':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8}")
        for n, count in enumerate(levels):
            row = asyncio.run(run_level(count, url, scorer, args.writes, n * args.writes))
            print(
                f"{row['clients']:>8} {row['median']:>10.0f} {row['p95']:>8.0f} {row['max']:>8.0f}"
            )
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        database.drop()
        if redis_server is not None:
            redis_server.stop()


if __name__ == "__main__":
    main()
