"""Live push under load: time from an arbiter's write to the LAST open socket showing it.

Starts a throwaway database (SQLite, or PostgreSQL when DATABASE_URL points at it)
and redis-server (or uses REDIS_URL), seeds a 120-player Swiss (rounds 1-3 closed,
round 4 under way with 60 empty boards) and an arbiter, serves it as the README's
production command does (`uvicorn standings.asgi:application --workers 2
--ws-per-message-deflate false`), then for 100, 1,000 and 5,000 websocket clients
(bare asyncio clients, bare_websocket.py):
- connects them all to /ws/e/<slug>/?view=VIEW&enc=deflate as live.js does in a
  browser with DecompressionStream (default view: standings, what a follower's
  standings page asks for; "all" = no view, every fragment) and waits for each one's
  first state;
- enters 20 results one after another through the real write path: the arbiter
  page's result POST as its htmx sends it (logged in through /login/), waiting for
  every client to show each result, then a pause longer than the push interval, so
  each write gets its own push;
- reports, over the 20 writes, the time from sending the POST to the last client
  receiving the new state (median, p95, max), the workers' CPU time per write (user +
  system, each worker: the arbiter's page and POST, the publish, the fan-out; steadier
  than wall time on a shared machine), their memory (VmRSS, VmHWM) and the memory each
  open socket costs (the workers' RSS over their idle RSS, per socket).

--translated 0.1: that share of the sockets belongs to pages in French, German and
Spanish in turn (`&lang=`), each language's page read once first (as those readers'
pages are); the table then also gives the median and p95 time to the last English socket
("en" columns), which a push sends first.

Then (--measure resync) with 50 sockets and the throwaway Redis: an entry while Redis
is stopped (answer time; time until every socket shows it, from the database), and an
entry just before Redis starts again (time from the restart until every socket shows
it, with no further entry). And (--measure storm) the follower page's latency (p50/p95,
one keep-alive client) at rest and while 1,000 websockets connect at once to unknown
events, then to the event, with the Redis subscriptions before and after.

The driver (this script) runs on the same machine as the server: on a 2-core box its
receiving competes with the two workers for the CPU. Its clients are therefore bare
(bare_websocket.py) and inflate only the start of each message, enough to read its
event version (#last-update).

Usage: .venv/bin/python bench/live_bench.py [--clients 100,1000,5000] [--writes 20]
                                            [--players 120] [--view standings]
                                            [--text] [--ws-deflate] [--translated 0.1]
                                            [--measure push,resync,storm]

--text: sockets ask for text, as browsers without DecompressionStream do;
--ws-deflate: the server also offers permessage-deflate (uvicorn's default), which the
clients accept as browsers do: every socket's copy is then compressed again.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import uuid
import zlib
from pathlib import Path

import websockets

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.bare_websocket import BareWebSocket  # noqa: E402
from tests.live.arbiter_http import ArbiterClient  # noqa: E402
from tests.servers import (  # noqa: E402
    RedisServer,
    ServerDatabase,
    _env,
    free_port,
    redis_binary,
    uvicorn_command,
    wait_for_port,
)

PASSWORD = "bench-arbiter-pw"
GAP = 0.4  # seconds between writes: longer than the push interval (0.25 s)
_VERSION = re.compile(rb'id="last-update"[^>]*data-version="(\d+)"')

SEED = """
import random
from django.contrib.auth.models import User
from standings.events.models import Event, Game, Participant, Round
arbiter = (User.objects.filter(username="bench-arbiter").first()
           or User.objects.create_user("bench-arbiter", password={password!r}))
event = Event.objects.create(slug={slug!r}, name="Bench Open", rounds_planned=9,
                             tiebreaks="BH/C1 BH SB ARO")
event.arbiters.set([arbiter])
people = [Participant.objects.create(event=event, start_no=n, name=f"Competitor {{n:03d}}",
                                     rating=2650 - 7 * n, federation="SCO")
          for n in range(1, {players} + 1)]
draw = random.Random(2026)
for number in range(1, 5):
    state = Round.State.CLOSED if number < 4 else Round.State.IN_PROGRESS
    rnd = Round.objects.create(event=event, number=number, state=state)
    order = people[:]
    draw.shuffle(order)
    for board in range(len(order) // 2):
        result = draw.choice(["10", "==", "01"]) if number < 4 else ""
        Game.objects.create(round=rnd, board=board + 1, white=order[2 * board],
                            black=order[2 * board + 1], result=result)
"""


def start_redis() -> tuple[str, RedisServer | None]:
    """REDIS_URL when set, else a throwaway redis-server."""
    if os.environ.get("REDIS_URL"):
        return os.environ["REDIS_URL"], None
    server = RedisServer(redis_binary())
    return server.url, server


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def memory_mb(pid: int) -> tuple[float, float]:
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024
    peak = int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) / 1024
    return rss, peak


def cpu_seconds(pid: int) -> float:
    """User + system CPU time the process has used so far (steadier than wall time on a
    shared machine: what each push costs the workers, whatever else runs)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def version_of(message: bytes, binary: bool) -> int:
    """The event version a message shows, read off its start (inflated if binary)."""
    if binary:
        start = zlib.decompressobj().decompress(message, 2000)
    else:
        start = message[:2000]
    found = _VERSION.search(start)
    return int(found.group(1)) if found else -1


TRANSLATED = ("fr", "de", "es")  # --translated: the other languages, in turn


class Clients:
    """N sockets; for each event version, how many have shown it and when the last did
    (the last of all, and the last of each language)."""

    def __init__(self, url: str, origin: str, translated: float = 0.0) -> None:
        self.url, self.origin = url, origin
        self.translated = translated
        self.seen: dict[int, int] = {}
        self.last_at: dict[int, float] = {}
        self.last_in: dict[tuple[int, str], float] = {}  # (version, language) -> last shown
        self.wanted: tuple[int, int, asyncio.Event] | None = None
        self.sockets: list[BareWebSocket] = []

    async def open(self, count: int) -> int:
        """Connect `count` sockets; wait for each one's first state; its version."""
        first = asyncio.Event()
        self.wanted = (-1, count, first)
        for start in range(0, count, 250):
            batch = await asyncio.gather(
                *(self._connect(n) for n in range(start, min(count, start + 250)))
            )
            self.sockets.extend(batch)
        await asyncio.wait_for(first.wait(), 300)
        return max(self.seen)

    def language(self, n: int) -> str:
        """Socket n's language: every 1/translated-th socket another language, in turn."""
        if self.translated <= 0:
            return "en"
        every = max(1, round(1 / self.translated))
        return TRANSLATED[(n // every) % len(TRANSLATED)] if n % every == every - 1 else "en"

    async def _connect(self, n: int) -> BareWebSocket:
        language = self.language(n)
        url = self.url if language == "en" else f"{self.url}&lang={language}"

        def received(data: bytes, binary: bool) -> None:
            if data:  # not a heartbeat
                self._shown(version_of(data, binary), language)

        # permessage-deflate offered as browsers do; the server takes it only with --ws-deflate
        connecting = BareWebSocket.connect(url, self.origin, received, deflate=True)
        return await asyncio.wait_for(connecting, 120)

    def _shown(self, version: int, language: str = "en") -> None:
        now = time.monotonic()
        self.seen[version] = self.seen.get(version, 0) + 1
        self.last_at[version] = now
        self.last_in[(version, language)] = now
        if self.wanted is not None:
            at_least, count, done = self.wanted
            if version >= at_least and self.seen[version] >= count:
                done.set()

    async def until_all_show(self, version: int, count: int) -> float:
        done = asyncio.Event()
        self.wanted = (version, count, done)
        if self.seen.get(version, 0) >= count:
            done.set()
        await asyncio.wait_for(done.wait(), 120)
        return self.last_at[version]

    async def close(self) -> None:
        for ws in self.sockets:
            ws.close()


async def run_level(
    count: int,
    server_url: str,
    slug: str,
    arbiter: ArbiterClient,
    boards: list[int],
    workers: list[int],
    view: str,
    text: bool,
    translated: float,
    idle: list[float],
) -> dict:
    ws_url = server_url.replace("http://", "ws://") + socket_path(slug, view, text)
    clients = Clients(ws_url, server_url, translated)
    started = time.monotonic()
    version = await clients.open(count)
    connect_s = time.monotonic() - started
    latencies, english = [], []
    cpu_before = [cpu_seconds(pid) for pid in workers]
    load = os.getloadavg()[0]
    for board in boards:
        await asyncio.sleep(GAP)
        page = await asyncio.to_thread(arbiter.round_page, slug, 4)  # on the tablet already
        sent = time.monotonic()
        await asyncio.to_thread(arbiter.enter_result, slug, 4, board, "10", page)
        version += 1
        last = await clients.until_all_show(version, count)
        latencies.append((last - sent) * 1000)
        english.append((clients.last_in[(version, "en")] - sent) * 1000)
    cpu = [
        (cpu_seconds(pid) - before) * 1000 / len(boards)
        for pid, before in zip(workers, cpu_before, strict=True)
    ]
    memory = [memory_mb(pid) for pid in workers]
    await clients.close()
    return {
        "clients": count,
        "connect_s": connect_s,
        **spread(latencies),
        "en": spread(english),
        "cpu": cpu,
        "rss": [m[0] for m in memory],
        "peak": [m[1] for m in memory],
        "per_socket_kib": (sum(m[0] for m in memory) - sum(idle)) * 1024 / count,
        "load": (load + os.getloadavg()[0]) / 2,
    }


def spread(latencies: list[float]) -> dict:
    ordered = sorted(latencies)
    return {
        "median": statistics.median(ordered),
        "p95": ordered[max(0, round(0.95 * len(ordered)) - 1)],
        "max": ordered[-1],
    }


async def measure_resync(
    url: str, slug: str, arbiter: ArbiterClient, redis_server: RedisServer, boards: list[int]
) -> dict:
    """50 sockets; an entry while Redis is away, and one just before it comes back."""
    count = 50
    clients = Clients(url.replace("http://", "ws://") + socket_path(slug, "standings", False), url)
    version = await clients.open(count)
    redis_server.stop()
    page = await asyncio.to_thread(arbiter.round_page, slug, 4)
    sent = time.monotonic()
    await asyncio.to_thread(arbiter.enter_result, slug, 4, boards[0], "10", page)
    answered = time.monotonic()
    version += 1
    during = await clients.until_all_show(version, count)
    page = await asyncio.to_thread(arbiter.round_page, slug, 4)
    await asyncio.to_thread(arbiter.enter_result, slug, 4, boards[1], "10", page)
    version += 1
    redis_server.start()
    back = time.monotonic()
    after = await clients.until_all_show(version, count)
    await asyncio.sleep(3)  # the backlog's retry goes out; then a push as usual
    page = await asyncio.to_thread(arbiter.round_page, slug, 4)
    pushed = time.monotonic()
    await asyncio.to_thread(arbiter.enter_result, slug, 4, boards[2], "10", page)
    version += 1
    normal = await clients.until_all_show(version, count)
    await clients.close()
    return {
        "answer_ms": (answered - sent) * 1000,
        "during_s": during - sent,
        "after_s": after - back,
        "push_ms": (normal - pushed) * 1000,
    }


class PageClock:
    """GET a page again and again on one keep-alive connection, timing each answer."""

    def __init__(self, url: str, path: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.host, self.port, self.path = parts.hostname, parts.port, path
        self.times: list[tuple[float, float]] = []  # (when, milliseconds)
        self.running = True

    def run(self) -> None:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        while self.running:
            started = time.monotonic()
            connection.request("GET", self.path)
            response = connection.getresponse()
            response.read()
            assert response.status == 200, response.status
            self.times.append((started, (time.monotonic() - started) * 1000))
            time.sleep(0.005)
        connection.close()

    def between(self, start: float, end: float) -> tuple[float, float, int]:
        found = sorted(ms for at, ms in self.times if start <= at < end)
        if not found:
            return float("nan"), float("nan"), 0
        return statistics.median(found), found[max(0, round(0.95 * len(found)) - 1)], len(found)


async def measure_storm(url: str, slug: str, redis_url: str, prefix: str, connects: int) -> dict:
    """Page latency at rest and during storms of `connects` websockets; subscriptions."""
    import redis

    client = redis.Redis.from_url(redis_url)
    clock = PageClock(url, f"/e/{slug}/")
    ticking = asyncio.ensure_future(asyncio.to_thread(clock.run))
    ws_url = url.replace("http://", "ws://")
    await asyncio.sleep(0.5)  # warm
    rest_start = time.monotonic()
    await asyncio.sleep(3)
    rows = {"rest": (*clock.between(rest_start, time.monotonic()), 0.0)}
    before = len(client.pubsub_channels(f"{prefix}*"))

    async def visit(path: str) -> bool:
        try:
            ws = await asyncio.wait_for(
                BareWebSocket.connect(ws_url + path, url, lambda data, binary: None, False), 60
            )
        except ConnectionError:  # refused: an unknown event
            return False
        ws.close()
        return True

    for name, paths in (
        ("unknown", [f"/ws/e/nothing-{n}/" for n in range(connects)]),
        ("known", [f"/ws/e/{slug}/?view=standings"] * connects),
    ):
        await asyncio.sleep(1)
        start = time.monotonic()
        await asyncio.gather(*(visit(path) for path in paths))
        end = time.monotonic()
        rows[name] = (*clock.between(start, end), end - start)
    await asyncio.sleep(3)  # the last memberships end
    after = len(client.pubsub_channels(f"{prefix}*"))
    clock.running = False
    await ticking
    return {"rows": rows, "subscriptions": (before, after), "connects": connects}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", default="100,1000,5000")
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--view", default="standings")
    parser.add_argument("--text", action="store_true")
    parser.add_argument("--ws-deflate", action="store_true")
    parser.add_argument("--translated", type=float, default=0.0)
    parser.add_argument("--measure", default="push,resync,storm")
    args = parser.parse_args()
    measures = set(args.measure.split(","))
    levels = [int(n) for n in args.clients.split(",")] if "push" in measures else []
    if "resync" in measures and os.environ.get("REDIS_URL"):
        parser.error("--measure resync stops and starts Redis: unset REDIS_URL")
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # inherited by the server

    redis_url, redis_server = start_redis()
    database = ServerDatabase().create()
    slug = f"bench-{uuid.uuid4().hex[:8]}"  # a shared Redis keeps renders apart by slug
    prefix = f"bench-{uuid.uuid4().hex[:8]}"  # this run's channels and keys in Redis
    server = None
    try:
        outage = slug + "-outage"  # resync and storm: an event of their own, its boards free
        for seeded in (slug, outage):
            database.run_python(SEED.format(password=PASSWORD, slug=seeded, players=args.players))
        port = free_port()
        log = tempfile.NamedTemporaryFile(prefix="live-bench-uvicorn-", suffix=".log")
        server = subprocess.Popen(
            uvicorn_command(
                port, "--workers", "2", "--backlog", "8192", ws_deflate=args.ws_deflate
            ),
            env=_env(database.url, redis_url, {"REDIS_PREFIX": prefix}),
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        wait_for_port(port, timeout=60)
        deadline = time.monotonic() + 30
        while len(children(server.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = [pid for pid in children(server.pid) if "resource_tracker" not in _cmdline(pid)]
        url = f"http://127.0.0.1:{port}"
        arbiter = ArbiterClient(url)
        arbiter.log_in("bench-arbiter", PASSWORD)
        size = len(urllib_get(url + f"/e/{slug}/"))
        for language in TRANSLATED if args.translated else ():  # the sockets' pages, read first
            urllib_get(url + f"/e/{slug}/", {"Accept-Language": language})
        pushed = asyncio.run(first_message(url, slug, args.view))
        idle = [memory_mb(pid)[0] for pid in workers]
        rows = []
        for n, count in enumerate(levels):
            boards = list(range(1 + n * args.writes, 1 + (n + 1) * args.writes))
            rows.append(
                asyncio.run(
                    run_level(
                        count,
                        url,
                        slug,
                        arbiter,
                        boards,
                        workers,
                        args.view,
                        args.text,
                        args.translated,
                        idle,
                    )
                )
            )
        if rows:
            print_table(rows, args, database.url, redis_url, size, pushed, idle, len(workers))
        if "resync" in measures:
            resync = asyncio.run(measure_resync(url, outage, arbiter, redis_server, [1, 2, 3]))
            print(
                "Redis outage, 50 sockets: entry answered in {answer_ms:.0f} ms while Redis is "
                "stopped, every socket shows it {during_s:.1f} s after the entry (from the "
                "database); entry just before Redis restarts: every socket shows it {after_s:.1f} "
                "s after the restart, no further entry; next push {push_ms:.0f} ms".format(**resync)
            )
        if "storm" in measures:
            storm = asyncio.run(measure_storm(url, outage, redis_url, prefix, 1000))
            print(
                f"page /e/<slug>/ latency during {storm['connects']:,} concurrent websocket "
                f"connects (one keep-alive client; Redis subscriptions of this deployment "
                f"before/after: {storm['subscriptions'][0]}/{storm['subscriptions'][1]})"
            )
            print(f"{'while':>10} {'p50 ms':>8} {'p95 ms':>8} {'requests':>9} {'storm s':>8}")
            for name, (p50, p95, n, took) in storm["rows"].items():
                print(f"{name:>10} {p50:>8.1f} {p95:>8.1f} {n:>9} {took:>8.1f}")
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        database.drop()
        if redis_server is not None:
            redis_server.stop()


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace")
    except OSError:
        return ""


def socket_path(slug: str, view: str, text: bool) -> str:
    query = [] if view == "all" else [f"view={view}"]
    if not text:
        query.append("enc=deflate")
    return f"/ws/e/{slug}/" + ("?" + "&".join(query) if query else "")


async def first_message(url: str, slug: str, view: str) -> tuple[int, int]:
    """The size of a view's message as text and compressed (bytes)."""
    sizes = []
    for text in (True, False):
        ws_url = url.replace("http://", "ws://") + socket_path(slug, view, text)
        async with websockets.connect(ws_url, origin=url, max_size=None) as ws:
            message = await ws.recv()
        sizes.append(len(message.encode() if isinstance(message, str) else message))
    return sizes[0], sizes[1]


def urllib_get(url: str, headers: dict[str, str] | None = None) -> bytes:
    import urllib.request

    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=30) as response:
        return response.read()


def print_table(rows, args, database_url, redis_url, page_size, pushed, idle, workers) -> None:
    backend = "PostgreSQL" if database_url.startswith("postgres") else "SQLite"
    print(
        f"live push: {args.players} players, {args.writes} results per level entered "
        f"through the arbiter page POST, uvicorn --workers 2 ({workers} workers), "
        f"{backend}, Redis {redis_url.split('@')[-1]}"
    )
    print(
        f"machine: {os.cpu_count()} CPUs, driver on the same machine; "
        f"view {args.view}, sockets ask for {'text' if args.text else 'enc=deflate'}; "
        f"permessage-deflate {'on' if args.ws_deflate else 'off'}; "
        f"standings page {page_size / 1024:.0f} KiB, pushed message {pushed[0] / 1024:.0f} KiB "
        f"as text, {pushed[1] / 1024:.1f} KiB compressed; "
        "idle workers RSS " + ", ".join(f"{m:.0f}" for m in idle) + " MiB"
    )
    if args.translated:
        print(
            f"{args.translated:.0%} of the sockets in French, German and Spanish in turn; "
            "'en': the last English socket"
        )
    print(
        f"{'clients':>8} {'load':>5} {'connect s':>10} {'median ms':>10} {'p95 ms':>8}"
        f" {'max ms':>8}"
        + (f" {'en median':>10} {'en p95':>7}" if args.translated else "")
        + f" {'CPU ms per worker':>18}  {'workers RSS MiB (peak)':>24} {'KiB/socket':>10}"
    )
    for row in rows:
        memory = ", ".join(
            f"{r:.0f} ({p:.0f})" for r, p in zip(row["rss"], row["peak"], strict=True)
        )
        cpu = " + ".join(f"{c:.0f}" for c in row["cpu"])
        english = (
            f" {row['en']['median']:>10.0f} {row['en']['p95']:>7.0f}" if args.translated else ""
        )
        print(
            f"{row['clients']:>8} {row['load']:>5.1f} {row['connect_s']:>10.1f} "
            f"{row['median']:>10.0f} {row['p95']:>8.0f} {row['max']:>8.0f}{english} "
            f"{cpu:>18}  {memory:>24} {row['per_socket_kib']:>10.1f}"
        )


if __name__ == "__main__":
    main()
