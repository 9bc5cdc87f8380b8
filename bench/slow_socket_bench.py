"""Sockets that do not read, beside followers that do: how long the followers wait for a push.

Starts a throwaway database (SQLite, or PostgreSQL when DATABASE_URL points at it) and
redis-server (or uses REDIS_URL), seeds a Swiss of --players players (rounds 1-3 closed,
round 4 under way) and serves it as the README's production command does (uvicorn
--ws-per-message-deflate false; --workers 1 by default, so that every stalled socket shares
its process with every follower: the worst case). Then for each count of --stalled:
- opens --followers followers (bare clients, bare_websocket.py, as live.js asks:
  ?view=standings&enc=deflate) and waits for each one's first state;
- opens that many stalled sockets (tests/live/stalled.py: a 4 KiB receive buffer, no
  query, so every fragment as text, then never a read) and lets the server write them
  their first state;
- enters --writes results through the arbiter page's POST, one every GAP seconds, and
  records the time from each POST to each follower showing its version (at most
  --give-up seconds; a push that never came counts as that long);
- reports the followers' delay (median, p95, max over every follower and write), the
  longest gap between two messages (pushes or heartbeats, LIVE_HEARTBEAT=1 here) any
  follower saw, and the worker's memory (VmRSS) over its memory before the stalled sockets
  opened, per stalled socket.

Usage: .venv/bin/python bench/slow_socket_bench.py [--stalled 0,4,50] [--followers 20]
                                                  [--writes 20] [--players 500]
                                                  [--workers 1] [--give-up 15] [--verbose]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bare_websocket import BareWebSocket  # noqa: E402
from tests.live.arbiter_http import ArbiterClient  # noqa: E402
from tests.live.stalled import PASSWORD, SEED, StalledSocket  # noqa: E402
from tests.servers import (  # noqa: E402
    RedisServer,
    ServerDatabase,
    _env,
    free_port,
    redis_binary,
    uvicorn_command,
    wait_for_port,
)

GAP = 0.4  # seconds between writes: longer than the push interval (0.25 s)
HEARTBEAT = 1  # the server's LIVE_HEARTBEAT here, so a stalled heartbeat shows in seconds
_VERSION = re.compile(rb'id="last-update"[^>]*data-version="(\d+)"')


class Followers:
    """Sockets that read: when each one showed each version, and the gaps between messages."""

    def __init__(self) -> None:
        self.shown: list[dict[int, float]] = []
        self.heard: list[float] = []  # when each follower last heard anything
        self.longest_gap = 0.0
        self.sockets: list[BareWebSocket] = []

    async def open(self, url: str, origin: str, count: int) -> int:
        for n in range(count):
            self.shown.append({})
            self.heard.append(time.monotonic())
            received = self._receiver(n)
            self.sockets.append(await BareWebSocket.connect(url, origin, received, deflate=False))
        while not all(self.shown):
            await asyncio.sleep(0.05)
        return max(max(shown) for shown in self.shown)

    def _receiver(self, n: int):
        def received(data: bytes, binary: bool) -> None:
            now = time.monotonic()
            self.longest_gap = max(self.longest_gap, now - self.heard[n])
            self.heard[n] = now
            if data:  # not a heartbeat
                start = zlib.decompressobj().decompress(data, 2000) if binary else data[:2000]
                self.shown[n][int(_VERSION.search(start).group(1))] = now

        return received

    async def delays(self, version: int, since: float, give_up: float) -> list[float]:
        deadline = since + give_up
        while time.monotonic() < deadline and not all(version in s for s in self.shown):
            await asyncio.sleep(0.005)
        return [shown.get(version, since + give_up) - since for shown in self.shown]

    def close(self) -> None:
        for socket in self.sockets:
            socket.close()


def memory_kib(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        status = Path(f"/proc/{pid}/status").read_text()
        total += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
    return total


async def run_level(
    stalled_count: int, url: str, slug: str, arbiter: ArbiterClient, args, workers: list[int]
) -> dict:
    followers = Followers()
    ws_url = url.replace("http://", "ws://") + f"/ws/e/{slug}/"
    version = await followers.open(ws_url + "?view=standings&enc=deflate", url, args.followers)
    before = memory_kib(workers)
    stalled = [await asyncio.to_thread(StalledSocket, ws_url, url) for _ in range(stalled_count)]
    await asyncio.sleep(1)  # their first states written
    followers.longest_gap = 0.0
    delays = []
    for _ in range(args.writes):
        board = next(BOARDS)
        page = await asyncio.to_thread(arbiter.round_page, slug, 4)
        tapped = time.monotonic()
        await asyncio.to_thread(arbiter.enter_result, slug, 4, board, "10", page)
        version += 1
        these = await followers.delays(version, tapped, args.give_up)
        if args.verbose:
            print(f"  {stalled_count} stalled, write {board}: last follower {max(these):.2f} s")
        delays.extend(these)
        await asyncio.sleep(GAP)
    await asyncio.sleep(HEARTBEAT * 2.5)  # heartbeats only: do they keep coming?
    after = memory_kib(workers)
    now = time.monotonic()
    gap = max(followers.longest_gap, *(now - heard for heard in followers.heard))
    followers.close()
    for each in stalled:
        each.close()
    await asyncio.sleep(1)
    ordered = sorted(d * 1000 for d in delays)
    return {
        "stalled": stalled_count,
        "median": statistics.median(ordered),
        "p95": ordered[max(0, round(0.95 * len(ordered)) - 1)],
        "max": ordered[-1],
        "late": sum(d >= args.give_up for d in delays),
        "gap": gap,
        "kib": (after - before) / stalled_count if stalled_count else float("nan"),
    }


BOARDS = iter(range(1, 10_000))


async def stalled_message_kib(url: str, slug: str) -> float:
    """The size of what a stalled socket is sent per push: every fragment, as text."""
    import websockets

    ws_url = url.replace("http://", "ws://") + f"/ws/e/{slug}/"
    async with websockets.connect(ws_url, origin=url, max_size=None) as socket:
        return len((await socket.recv()).encode()) / 1024


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                cmdline = (entry / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat[1]) == pid and b"resource_tracker" not in cmdline:
                found.append(int(entry.name))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--stalled", default="0,4,50")
    parser.add_argument("--followers", type=int, default=20)
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--give-up", type=float, default=15.0)
    parser.add_argument("--verbose", action="store_true", help="each write's delay")
    args = parser.parse_args()
    levels = [int(n) for n in args.stalled.split(",")]
    if args.writes * len(levels) > args.players // 2:
        parser.error("more writes than round 4 has boards: fewer --writes or more --players")

    redis_server = None
    redis_url = os.environ.get("REDIS_URL")
    if not redis_url:
        redis_server = RedisServer(redis_binary())
        redis_url = redis_server.url
    database = ServerDatabase().create()
    slug = f"slow-{uuid.uuid4().hex[:8]}"
    server = None
    try:
        database.run_python(SEED.format(slug=slug, players=args.players))
        port = free_port()
        log = tempfile.NamedTemporaryFile(prefix="slow-socket-bench-", suffix=".log")
        options = ["--workers", str(args.workers)] if args.workers > 1 else []
        extra = {"REDIS_PREFIX": f"bench-{uuid.uuid4().hex[:8]}", "LIVE_HEARTBEAT": str(HEARTBEAT)}
        server = subprocess.Popen(
            uvicorn_command(port, *options),
            env=_env(database.url, redis_url, extra),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(port, timeout=60)
        time.sleep(1)
        workers = children(server.pid) if args.workers > 1 else [server.pid]
        url = f"http://127.0.0.1:{port}"
        arbiter = ArbiterClient(url)
        arbiter.log_in("arbiter", PASSWORD)
        size = asyncio.run(stalled_message_kib(url, slug))
        rows = [
            asyncio.run(run_level(count, url, slug, arbiter, args, workers)) for count in levels
        ]
        print(
            f"slow sockets: {args.players} players, {args.followers} followers "
            f"(?view=standings&enc=deflate), {args.writes} results entered through the arbiter "
            f"page, uvicorn --workers {args.workers}, Redis layer, LIVE_HEARTBEAT={HEARTBEAT}; "
            f"a stalled socket's push (every fragment, text) {size:.0f} KiB; "
            f"machine: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, driver on it too"
        )
        print(
            f"{'stalled':>8} {'median ms':>10} {'p95 ms':>8} {'max ms':>8} "
            f"{f'never (>{args.give_up:g} s)':>14} {'longest silence s':>18} "
            f"{'KiB/stalled':>12}"
        )
        for row in rows:
            print(
                f"{row['stalled']:>8} {row['median']:>10.0f} {row['p95']:>8.0f} "
                f"{row['max']:>8.0f} {row['late']:>14} {row['gap']:>18.1f} {row['kib']:>12.0f}"
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
