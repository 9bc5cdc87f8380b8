"""Bridge live push under load: a match scored on the tablet page reaching every socket.

Serves the demo bridge Swiss (12 teams, 16-board matches, rounds 1-4 played) as
bench/live_bench.py serves its chess event (uvicorn --workers 2, Redis, a throwaway
database), connects N bare websocket clients as the standings page does
(/ws/e/<slug>/?view=bridgestandings&enc=deflate: the page's body at the latest round comes
in the push), then scores a match again and again (corrections, each with a new margin)
through the scorer's POST (/b/<slug>/score/enter, logged in through /login/). A write has
arrived at a client when the body it was sent shows the match with the new IMPs (not only
the new version). Prints the time from sending the POST to the last client showing it
(median, p95, max). `--view status` measures what a page the push does not carry (another
round, a team page) is sent: the new version only, after which it refetches its body over
[data-refresh] seconds. Figures only; not a timed test.

Usage: .venv/bin/python bench/bridge_live_bench.py [--clients 100,1000] [--writes 20]
       [--view bridgestandings|status]
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
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bare_websocket import BareWebSocket  # noqa: E402
from bench.live_bench import (  # noqa: E402
    ROOT,
    Clients,
    ServerDatabase,
    _env,
    children,
    cpu_seconds,
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
ROUND, HOME, AWAY, AWAY_IMPS = 5, 1, 2, 17  # the match scored again and again
# Its row in a pushed body: the home IMPs of the write shown ("–" is sent as &#8211;).
_SCORED = re.compile(
    rf'data-key="{ROUND}-{HOME}"[^>]*>.*?<td class="num">(\d+)(?:&#8211;|–){AWAY_IMPS}<',
    re.S,
)


def seen_on(page: str, home: int, away: int) -> str:
    """The match as the scorer's page shows it (its correction form's `seen`), "" if new."""
    found = re.search(
        rf'name="home" value="{home}"><input type="hidden" name="away" value="{away}">'
        r'<input type="hidden" name="seen" value="([^"]*)"',
        page,
    )
    return found.group(1) if found else ""


def home_imps(write: int) -> int:
    """The home IMPs of write number `write`: each write a new margin."""
    return 20 + write


def score(scorer: ArbiterClient, write: int) -> float:
    """Score the match anew (a correction after the first); when the POST was sent."""
    page = scorer.get(f"/b/{SLUG}/score/?round={ROUND}")
    form = {
        "round": ROUND, "home": HOME, "away": AWAY, "home_imps": home_imps(write),
        "away_imps": AWAY_IMPS, "home_points": 2900, "away_points": 2300,
        "seen": seen_on(page, HOME, AWAY),
    }  # fmt: skip
    sent = time.monotonic()
    scorer.post(f"/b/{SLUG}/score/enter", form, page)
    return sent


class BodyClients(Clients):
    """Sockets of standings pages: what each has shown is the scored match's home IMPs in
    the body it was sent (-1 before the match is in the body), not the version."""

    async def _connect(self, n: int) -> BareWebSocket:
        def received(data: bytes, binary: bool) -> None:
            if data:  # not a heartbeat
                html = zlib.decompress(data) if binary else data
                found = _SCORED.search(html.decode("ascii", "replace"))
                self._shown(int(found.group(1)) if found else -1)

        connecting = BareWebSocket.connect(self.url, self.origin, received, deflate=True)
        return await asyncio.wait_for(connecting, 120)


async def run_level(
    count: int, url: str, scorer: ArbiterClient, writes: int, first: int, view: str, pid: int
) -> dict:
    """Score the match `writes` times; per write, the time from the POST to the last
    socket showing it, and the server's CPU time per write (steadier than wall time on a
    shared machine: the POST, its redirect, the push and its fan-out)."""
    ws_url = url.replace("http://", "ws://") + socket_path(SLUG, view, False)
    body = view != "status"
    clients = (BodyClients if body else Clients)(ws_url, url)
    version = await clients.open(count)
    latencies = []
    await asyncio.sleep(1)  # the connections' catch-ups done
    busy = server_cpu(pid)
    for n in range(first, first + writes):
        await asyncio.sleep(GAP)
        sent = await asyncio.to_thread(score, scorer, n)
        version += 1
        last = await clients.until_all_show(home_imps(n) if body else version, count)
        latencies.append((last - sent) * 1000)
    cpu = (server_cpu(pid) - busy) / writes * 1000
    await clients.close()
    return {"clients": count, **spread(latencies), "cpu": cpu}


def server_cpu(pid: int) -> float:
    """CPU seconds the server's processes (uvicorn and its workers) have used so far."""
    return sum(cpu_seconds(each) for each in [pid, *children(pid)])


def spread(latencies: list[float]) -> dict:
    ordered = sorted(latencies)
    return {
        "median": statistics.median(ordered),
        "p95": ordered[max(0, round(0.95 * len(ordered)) - 1)],
        "max": ordered[-1],
    }


@contextmanager
def bridge_server(workers: int = 2) -> Iterator[tuple[str, ArbiterClient, int]]:
    """The demo bridge event served by uvicorn over a throwaway database and Redis: its
    address, a scorer signed in and the server's process id."""
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
            uvicorn_command(port, "--workers", str(workers), "--backlog", "8192", ws_deflate=False),
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
        print(f"demo Swiss, uvicorn --workers {workers}, Redis {redis_url}")
        yield url, scorer, server.pid
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        database.drop()
        if redis_server is not None:
            redis_server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", default="100,1000")
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--view", default="bridgestandings", choices=["bridgestandings", "status"])
    args = parser.parse_args()
    levels = [int(n) for n in args.clients.split(",")]
    with bridge_server() as (url, scorer, pid):
        arrived = "the match in the pushed body" if args.view != "status" else "the new version"
        print(f"bridge live push, view={args.view}: POST to the last socket showing {arrived}")
        print(f"{'sockets':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} {'CPU ms/write':>13}")
        for n, count in enumerate(levels):
            row = asyncio.run(
                run_level(count, url, scorer, args.writes, n * args.writes, args.view, pid)
            )
            print(
                f"{row['clients']:>8} {row['median']:>10.0f} {row['p95']:>8.0f} "
                f"{row['max']:>8.0f} {row['cpu']:>13.0f}"
            )


if __name__ == "__main__":
    main()
