"""The arbiter's tap while strangers loop on the expensive pages (issue 37, part 5).

Starts a throwaway SQLite database and redis-server, loads a 500-player event in its last
round (11 planned, round 11 under way: 50 results in, 200 games open), serves it with
uvicorn --workers 2 as deployed (DEBUG off, Redis cache, pushes in the background), signs
an arbiter in over HTTP and times their taps (the POST of one result, as the tablet's htmx
sends it), one every --gap seconds:

- alone: nobody else asks anything;
- flood: 16 anonymous clients that never pause, from one address, loop on `race.json`,
  `after/<n>.json` and player cards, each on its own keep-alive connection.

Prints the taps' p50 / p95 / max (wanted: p95 under 300 ms on two cores) and what the
strangers got. The clients run in this process, on the same machine as the server: the
figures are indicative on a shared machine.

Usage: .venv/bin/python bench/tap_flood_bench.py [--taps 15] [--gap 1.0] [--clients 16]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from anonymous_bench import Client, manage, wait_for  # noqa: E402

from tests.live.arbiter_http import ArbiterClient  # noqa: E402
from tests.servers import RedisServer, free_port, redis_binary, uvicorn_command  # noqa: E402

SLUG = "tap-500"
LAST = 11
PASSWORD = "tap-bench-arbiter-7"

SEED = """
import random
from django.contrib.auth.models import User
from standings.events.models import Event, Game, Participant, Round
arbiter = User.objects.create_user("arbiter", password={password!r})
event = Event.objects.create(slug={slug!r}, name="Tap 500", rounds_planned={last},
                             tiebreaks="BH/C1 BH SB ARO")
event.arbiters.set([arbiter])
people = [Participant.objects.create(event=event, start_no=n, name=f"Competitor {{n:03d}}",
                                     rating=2700 - 3 * n, federation="SCO")
          for n in range(1, 501)]
draw = random.Random(37)
for number in range(1, {last} + 1):
    state = Round.State.CLOSED if number < {last} else Round.State.IN_PROGRESS
    rnd = Round.objects.create(event=event, number=number, state=state)
    order = sorted(people, key=lambda p: (-draw.random() * number, p.start_no))
    draw.shuffle(order)
    Game.objects.bulk_create(
        Game(round=rnd, board=board + 1, white=order[2 * board], black=order[2 * board + 1],
             result=draw.choice(["10", "==", "01"]) if number < {last} or board < 50 else "")
        for board in range(len(order) // 2))
"""


def quantiles(times: list[float]) -> str:
    if not times:
        return "no taps"
    ordered = sorted(times)
    p95 = ordered[max(0, int(len(ordered) * 0.95 + 0.5) - 1)]
    return (
        f"p50 {statistics.median(ordered) * 1000:6.0f} ms, p95 {p95 * 1000:6.0f} ms, "
        f"max {ordered[-1] * 1000:6.0f} ms ({len(ordered)} taps)"
    )


class Tablet:
    """The arbiter's tablet: signed in, taps the open boards one after the other."""

    def __init__(self, base: str) -> None:
        self.arbiter = ArbiterClient(base)
        self.arbiter.log_in("arbiter", PASSWORD)
        self.page = self.arbiter.round_page(SLUG, LAST)
        self.boards = iter(range(51, 251))  # the open ones

    def tap(self) -> float:
        board = next(self.boards)
        start = time.perf_counter()
        self.arbiter.enter_result(
            SLUG, LAST, board, random.choice(["1-0", "0-1", "1/2-1/2"]), self.page
        )
        return time.perf_counter() - start


async def taps(tablet: Tablet, count: int, gap: float) -> list[float]:
    times = []
    for _ in range(count):
        times.append(await asyncio.to_thread(tablet.tap))
        await asyncio.sleep(gap)
    return times


async def stranger(port: int, stop: asyncio.Event, tally: dict[int, int], seed: int) -> None:
    client = Client(port)
    draw = random.Random(seed)
    while not stop.is_set():
        kind = draw.randrange(3)
        if kind == 0:
            path = f"/e/{SLUG}/race.json"
        elif kind == 1:
            path = f"/e/{SLUG}/after/{draw.randint(1, LAST - 1)}.json"
        else:
            path = f"/e/{SLUG}/player/{draw.randint(1, 500)}/"
        status, _seconds = await client.get(path)
        tally[status] = tally.get(status, 0) + 1
    client.close()


async def flood(port: int, clients: int, tablet: Tablet, count: int, gap: float) -> tuple:
    stop = asyncio.Event()
    tally: dict[int, int] = {}
    strangers = [asyncio.create_task(stranger(port, stop, tally, n)) for n in range(clients)]
    await asyncio.sleep(2)  # the strangers are looping before the first tap
    start = time.perf_counter()
    times = await taps(tablet, count, gap)
    elapsed = time.perf_counter() - start
    stop.set()
    await asyncio.gather(*strangers)
    return times, tally, elapsed


def cpu_seconds(pid: int) -> float:
    """User + system CPU of the server's process group (the workers and their parent)."""
    total = 0.0
    ticks = os.sysconf("SC_CLK_TCK")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pid:  # its process group
            total += (int(fields[11]) + int(fields[12])) / ticks
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--taps", type=int, default=15)
    parser.add_argument("--gap", type=float, default=1.0)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="standings-tap-bench-")
    redis = RedisServer(redis_binary())
    base_env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env = {
        **base_env,
        "DATABASE_URL": f"sqlite:///{workdir}/bench.sqlite3",
        "REDIS_URL": redis.url,
        "DJANGO_SETTINGS_MODULE": "standings.settings",
        "DEBUG": "0",
        "SECRET_KEY": "tap-bench-only",
        "DB_CONN_MAX_AGE": "60",
        "SILENCED_SYSTEM_CHECKS": "standings.E001",
        "SECURE_COOKIES": "0",  # plain HTTP on 127.0.0.1
    }
    server = None
    try:
        manage(env, "migrate", "--noinput")
        manage(env, "shell", "-c", SEED.format(slug=SLUG, last=LAST, password=PASSWORD))
        port = free_port()
        command = uvicorn_command(port, "--workers", "2", "--no-access-log")
        server = subprocess.Popen(command, env=env, cwd=ROOT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/e/{SLUG}/")
        tablet = Tablet(base)
        print(
            f"uvicorn --workers 2, SQLite + Redis; 500 players, round {LAST} of {LAST}, 200 "
            f"games open; a tap every {args.gap} s; {os.cpu_count()} CPUs, load average "
            f"{os.getloadavg()[0]:.2f} at start (a shared machine: figures are indicative)"
        )
        before = cpu_seconds(server.pid)
        alone = asyncio.run(taps(tablet, args.taps, args.gap))
        spent = cpu_seconds(server.pid) - before
        print(f"tap alone:               {quantiles(alone)}; server CPU {spent:.1f} s")
        before = cpu_seconds(server.pid)
        flooded, tally, elapsed = asyncio.run(
            flood(port, args.clients, tablet, args.taps, args.gap)
        )
        spent = cpu_seconds(server.pid) - before
        answers = ", ".join(
            f"{status}: {count / elapsed:.1f}/s" for status, count in sorted(tally.items())
        )
        print(
            f"tap, {args.clients} strangers looping: {quantiles(flooded)}; server CPU {spent:.1f} s"
        )
        print(f"  strangers' answers: {answers}; load average {os.getloadavg()[0]:.2f} at the end")
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        redis.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
