"""Strangers' expensive requests against a follower's standings page.

Starts a throwaway SQLite database and redis-server, loads a 500-player event (9 rounds,
the last under way) and a tournament of 5 sections x 400 players (find_bench's), serves
them with uvicorn --workers 2 as deployed (DEBUG off, Redis cache), and measures with
16 anonymous clients that never pause, each on its own connection, while one follower
reads a standings page 5 times a second:

- find: the whole find page (`/e/<section>/find/?q=...`, a plain GET), then the htmx
  fragment, with varied queries;
- cards: right after a result is entered (a new version: nothing rendered but the hot
  pages), every player card and every printout of the 500-player event, shared out among
  the clients, twice (two changes).

Per phase: the strangers' answers per second (200 and refused 429 apart), their p95, and
the follower's p95 (wanted under 300 ms). The clients are asyncio keep-alive connections
in this process (on the same 2-core machine as the server). Figures only.

Usage: .venv/bin/python bench/anonymous_bench.py [--duration 10] [--clients 16]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers import RedisServer, free_port, redis_binary, uvicorn_command  # noqa: E402

BIG = "bench-500"
CUP = "bench-cup"
SECTION = f"{CUP}-3"
FOLLOWER_GAP = 0.2  # seconds between two reads of the follower
QUERIES = ["dvor", "angstrom zoe", "123", "xyzzy", "muller", "jose", "ka", "lê", "smith 4"]

SEED = """
import random, sys
sys.path.insert(0, {bench!r})
from sections_bench import seed
from find_bench import name_players
from standings.events.models import Event, Game, Participant, Round
seed({cup!r})
name_players()
event = Event.objects.create(slug={big!r}, name="Bench 500", rounds_planned=11,
                             tiebreaks="BH/C1 BH SB ARO")
people = [Participant.objects.create(event=event, start_no=n, name=f"Competitor {{n:03d}}",
                                     rating=2700 - 3 * n, federation="SCO")
          for n in range(1, 501)]
draw = random.Random(2026)
for number in range(1, 10):
    state = Round.State.CLOSED if number < 9 else Round.State.IN_PROGRESS
    rnd = Round.objects.create(event=event, number=number, state=state)
    order = people[:]
    draw.shuffle(order)
    Game.objects.bulk_create(
        Game(round=rnd, board=board + 1, white=order[2 * board], black=order[2 * board + 1],
             result=draw.choice(["10", "==", "01"]) if number < 9 or board % 2 else "")
        for board in range(len(order) // 2))
"""

# One result of the running round entered (or cleared): a new version, published inline.
CHANGE = """
from standings.events import services
from standings.events.actors import COMMAND
from standings.events.models import Event, Game
event = Event.objects.get(slug={big!r})
game = Game.objects.get(round__event=event, round__number=9, board=2)
services.enter_result(event, 9, 2, "" if game.result else "10", actor=COMMAND)
"""


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, path: str, headers: dict[str, str] | None = None) -> tuple[int, float]:
        """(status, seconds) of one GET; the body is read and dropped."""
        start = time.perf_counter()
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        lines = [f"GET {path} HTTP/1.1", "Host: 127.0.0.1", "Accept-Encoding: gzip, br"]
        lines += [f"{name}: {value}" for name, value in (headers or {}).items()]
        self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode())
        await self.writer.drain()
        assert self.reader is not None
        head = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(head[0].split()[1])
        fields = dict(
            (name.lower(), value.strip())
            for name, _, value in (line.partition(":") for line in head[1:] if line)
        )
        if fields.get("transfer-encoding") == "chunked":
            while True:
                size = int((await self.reader.readline()).split(b";")[0], 16)
                await self.reader.readexactly(size + 2)
                if size == 0:
                    break
        elif "content-length" in fields:
            await self.reader.readexactly(int(fields["content-length"]))
        if fields.get("connection") == "close":
            self.close()
        return status, time.perf_counter() - start

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


def p95(times: list[float]) -> float:
    if not times:
        return float("nan")
    ordered = sorted(times)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)] * 1000


async def follower(port: int, path: str, stop: asyncio.Event, times: list[float]) -> None:
    client = Client(port)
    while not stop.is_set():
        status, seconds = await client.get(path)
        assert status == 200, (path, status)
        times.append(seconds)
        await asyncio.sleep(FOLLOWER_GAP)
    client.close()


async def stranger(port: int, work, tally: dict) -> None:
    """Asks for the next path of `work` (an iterator shared by the clients) until it ends."""
    client = Client(port)
    for path, headers in work:
        status, seconds = await client.get(path, headers)
        tally.setdefault(status, []).append(seconds)
    client.close()


async def phase(port: int, clients: int, work, follower_path: str) -> dict:
    follower_times: list[float] = []
    stop = asyncio.Event()
    reading = asyncio.create_task(follower(port, follower_path, stop, follower_times))
    await asyncio.sleep(0.5)  # the follower is reading before the strangers come
    tally: dict[int, list[float]] = {}
    start = time.perf_counter()
    await asyncio.gather(*(stranger(port, work, tally) for _ in range(clients)))
    elapsed = time.perf_counter() - start
    stop.set()
    await reading
    return {"elapsed": elapsed, "tally": tally, "follower": follower_times}


def timed_work(duration: float, make):
    """Paths from make(i) until `duration` seconds have passed."""
    deadline = time.monotonic() + duration
    count = 0
    while time.monotonic() < deadline:
        yield make(count)
        count += 1


def report(label: str, result: dict) -> None:
    tally, elapsed = result["tally"], result["elapsed"]
    ok = tally.get(200, [])
    refused = tally.get(429, [])
    others = {status: len(times) for status, times in tally.items() if status not in (200, 429)}
    print(
        f"{label:34} {elapsed:6.1f} s | 200: {len(ok):5} ({len(ok) / elapsed:6.1f}/s, p95 "
        f"{p95(ok):7.0f} ms) | 429: {len(refused):5} ({len(refused) / elapsed:6.1f}/s) "
        f"{'other: ' + str(others) if others else ''}| follower p95 "
        f"{p95(result['follower']):6.0f} ms, max {max(result['follower']) * 1000:6.0f} ms "
        f"({len(result['follower'])} reads)"
    )


def wait_for(url: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer 200 within {timeout}s")


def manage(env: dict, *args: str) -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(done.stderr)


def printouts(base: str) -> list[str]:
    with urllib.request.urlopen(f"{base}/e/{BIG}/print/") as response:
        links = re.findall(rf'href="(/e/{BIG}/print/a4/[^"]+)"', response.read().decode())
    return sorted(set(links))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=10)
    parser.add_argument("--clients", type=int, default=16)
    args = parser.parse_args()
    workdir = tempfile.mkdtemp(prefix="standings-anonymous-bench-")
    redis = RedisServer(redis_binary())
    base_env = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env = {
        **base_env,
        "DATABASE_URL": f"sqlite:///{workdir}/bench.sqlite3",
        "REDIS_URL": redis.url,
        "DJANGO_SETTINGS_MODULE": "standings.settings",
        "DEBUG": "0",
        "SECRET_KEY": "anonymous-bench-only",
        "DB_CONN_MAX_AGE": "60",
        "LIVE_PUSH_INTERVAL": "0",  # the change's shell publishes before it returns
    }
    load = os.getloadavg()[0]
    server = None
    try:
        manage(env, "migrate", "--noinput")
        manage(env, "shell", "-c", SEED.format(bench=str(ROOT / "bench"), cup=CUP, big=BIG))
        port = free_port()
        command = uvicorn_command(port, "--workers", "2", "--no-access-log")
        server = subprocess.Popen(command, env=env, cwd=ROOT, start_new_session=True)
        base = f"http://127.0.0.1:{port}"
        wait_for(f"{base}/e/{BIG}/")
        for section in range(1, 6):
            wait_for(f"{base}/e/{CUP}-{section}/")
        wait_for(f"{base}/e/{SECTION}/find/?q=a")
        sheets = printouts(base)
        print(
            f"uvicorn --workers 2, SQLite + Redis; {args.clients} anonymous clients without "
            f"pause; one follower every {FOLLOWER_GAP} s; {os.cpu_count()} CPUs, load "
            f"average {load:.2f} at start (other work shares the machine)"
        )

        def run(label: str, work, follower_path: str) -> None:
            report(label, asyncio.run(phase(port, args.clients, work, follower_path)))

        idle: dict = {"elapsed": 3.0, "tally": {}, "follower": []}

        async def alone() -> None:
            stop = asyncio.Event()
            task = asyncio.create_task(follower(port, f"/e/{BIG}/", stop, idle["follower"]))
            await asyncio.sleep(idle["elapsed"])
            stop.set()
            await task

        asyncio.run(alone())
        report("follower alone", idle)
        run(
            "find, whole page",
            timed_work(args.duration, lambda i: (f"/e/{SECTION}/find/?q={_q(i)}", {})),
            f"/e/{SECTION}/",
        )
        run(
            "find, htmx fragment",
            timed_work(
                args.duration,
                lambda i: (f"/e/{SECTION}/find/?q={_q(i)}", {"HX-Request": "true"}),
            ),
            f"/e/{SECTION}/",
        )
        for change in (1, 2):
            manage(env, "shell", "-c", CHANGE.format(big=BIG))
            cards = [(f"/e/{BIG}/player/{n}/", {}) for n in range(1, 501)]
            work = iter(cards + [(sheet, {}) for sheet in sheets])
            run(f"500 cards + {len(sheets)} printouts #{change}", work, f"/e/{BIG}/")
    finally:
        if server is not None:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        redis.stop()
        shutil.rmtree(workdir, ignore_errors=True)


def _q(i: int) -> str:
    return urllib.request.quote(QUERIES[i % len(QUERIES)] + ("" if i < 9 else f" {i % 7}"))


if __name__ == "__main__":
    main()
