"""A venue and its public mirror (issue 30): tap at the venue to follower at the mirror,
bytes per result, catching up after an outage, and the venue's taps beside a mirror crowd.

Two servers on this machine, as deployed: the venue (one uvicorn process, the in-process
channel layer, its own database: a laptop's `make run`) and the public side (uvicorn
--workers 2, Redis, its own database), with `mirror_push` between them through a TCP link
that the bench cuts (tests/mirror/link.py). The venue holds a 500-player Swiss (live_bench's
seed: rounds 1-3 closed, round 4's 250 boards empty); its arbiter enters round 4's results
through the arbiter page's POST, as a tablet does.

1. Link up, one follower socket on the mirror: `--writes` taps; for each, the POST's answer
   time at the venue and the time from the tap to the mirror's socket showing the venue's
   new version (median, p95), and each batch's bytes as sent (the pusher's log).
2. `--crowd` sockets on the mirror (default 10,000): the same taps; the venue's answer
   times and the time to the mirror's last socket.
3. The link cut for `--offline` seconds (default 600) while the rest of round 4 is entered
   (spread over the outage); then the time from the link's return to the mirror's
   standings.json equal to the venue's (version included), and the catch-up batch's bytes.

Figures only; not a timed test. Both servers, the pusher and the driver share this machine's
CPUs: the crowd's fan-out on the mirror takes CPU from the venue here, which separate
machines would not.

Usage: .venv/bin/python bench/mirror_bench.py [--writes 20] [--crowd 10000] [--offline 600]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.live_bench import (  # noqa: E402
    PASSWORD,
    SEED,
    Clients,
    socket_path,
    spread,
    start_redis,
)
from tests.live.arbiter_http import ArbiterClient  # noqa: E402
from tests.mirror.link import Link  # noqa: E402
from tests.servers import ServerDatabase, _env, free_port, uvicorn_command, wait_for_port  # noqa: E402

GAP = 1.0  # seconds between taps: more than the pusher's poll (0.5 s) and the push interval
_SENT = re.compile(r"sent version (\d+) as batch \d+ \((whole state|changes), (\d+) bytes\)")


def serve(database: ServerDatabase, redis_url: str | None, workers: int, extra: dict):
    port = free_port()
    options = ("--workers", str(workers), "--backlog", "8192") if workers > 1 else ()
    log = tempfile.NamedTemporaryFile(prefix="mirror-bench-", suffix=".log")
    process = subprocess.Popen(
        uvicorn_command(port, *options),
        env=_env(database.url, redis_url, extra),
        cwd=ROOT,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    wait_for_port(port, timeout=60)
    return process, f"http://127.0.0.1:{port}", port, log


def standings(url: str, slug: str) -> tuple[str, object]:
    with urllib.request.urlopen(f"{url}/e/{slug}/standings.json", timeout=30) as answer:
        return answer.headers["X-Event-Version"], json.load(answer)


def batches(log_path: str) -> list[tuple[int, str, int]]:
    """(venue version, "whole state" or "changes", bytes) of each batch the pusher sent."""
    text = Path(log_path).read_text(errors="replace")
    return [(int(v), kind, int(size)) for v, kind, size in _SENT.findall(text)]


async def taps(arbiter, slug, boards, clients, count, version) -> tuple[list, list, int]:
    """Tap each board; (answer ms, ms to the mirror's last socket showing it), the version."""
    answers, reached = [], []
    for board in boards:
        await asyncio.sleep(GAP)
        page = await asyncio.to_thread(arbiter.round_page, slug, 4)  # on the tablet already
        sent = time.monotonic()
        await asyncio.to_thread(arbiter.enter_result, slug, 4, board, "10", page)
        answers.append((time.monotonic() - sent) * 1000)
        version += 1
        last = await clients.until_all_show(version, count)
        reached.append((last - sent) * 1000)
    return answers, reached, version


async def followed(mirror_url, slug, count, arbiter, boards) -> tuple[list, list, float]:
    """`count` sockets on the mirror, then taps on `boards` at the venue: (answer ms, ms to
    the mirror's last socket, seconds to connect them all)."""
    ws_url = mirror_url.replace("http://", "ws://") + socket_path(slug, "standings", False)
    clients = Clients(ws_url, mirror_url)
    started = time.monotonic()
    version = await clients.open(count)
    connected = time.monotonic() - started
    answers, reached, _ = await taps(arbiter, slug, boards, clients, count, version)
    await clients.close()
    return answers, reached, connected


def line(label: str, figures: list[float], unit: str = "ms") -> str:
    said = spread(figures)
    return (
        f"{label}: median {said['median']:.0f} {unit}, p95 {said['p95']:.0f} {unit}, "
        f"max {said['max']:.0f} {unit} ({len(figures)})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=20)
    parser.add_argument("--crowd", type=int, default=10000)
    parser.add_argument("--offline", type=float, default=600)
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # servers stopped with it
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))

    slug = f"mirror-{uuid.uuid4().hex[:8]}"
    redis_url, redis_server = start_redis()
    venue_db, public_db = ServerDatabase().create(), ServerDatabase().create()
    running: list[subprocess.Popen] = []
    link = None
    try:
        seed = SEED.replace("2650 - 7 * n", "2650 - 3 * n")  # 500 players, all rated
        venue_db.run_python(seed.format(password=PASSWORD, slug=slug, players=500))
        # An event that has seen changes (the seed writes none): the mirror takes its numbers.
        venue_db.run_python(
            "from standings.events.models import Event\n"
            f"Event.objects.filter(slug={slug!r}).update(version=10)\n"
        )
        token = public_db.manage("mirror_token", slug).strip().splitlines()[-1]
        venue, venue_url, _, _ = serve(venue_db, None, 1, {})
        mirror, mirror_url, mirror_port, _ = serve(
            public_db, redis_url, 2, {"REDIS_PREFIX": f"mirror-bench-{uuid.uuid4().hex[:8]}"}
        )
        running += [venue, mirror]
        link = Link(mirror_port)
        push_log = tempfile.NamedTemporaryFile(prefix="mirror-bench-push-", suffix=".log")
        command = [sys.executable, "manage.py", "mirror_push", slug, "--to", link.url]
        pusher = subprocess.Popen(
            [*command, "--token", token],
            env=_env(venue_db.url, None),
            cwd=ROOT,
            stdout=push_log,
            stderr=subprocess.STDOUT,
        )
        running.append(pusher)
        arbiter = ArbiterClient(venue_url)
        arbiter.log_in("bench-arbiter", PASSWORD)
        while standings(mirror_url, slug) != standings(venue_url, slug):
            time.sleep(0.2)
        first = batches(push_log.name)
        print(f"500 players, the first batch (whole state): {first[0][2]:,} bytes")

        boards = list(range(1, args.writes + 1))
        answers, reached, _ = asyncio.run(followed(mirror_url, slug, 1, arbiter, boards))
        sizes = [size for _v, kind, size in batches(push_log.name)[len(first) :]]
        print(line("link up, 1 follower: the venue's answer to the tap", answers))
        print(line("link up, 1 follower: tap to the mirror's follower socket", reached))
        print(line("bytes per batch of one result (as sent, gzip'd)", sizes, "B"))

        boards = list(range(args.writes + 1, 2 * args.writes + 1))
        loaded, reached, took = asyncio.run(followed(mirror_url, slug, args.crowd, arbiter, boards))
        print(f"{args.crowd:,} sockets on the mirror, connected in {took:.0f} s")
        print(line(f"{args.crowd:,} on the mirror: the venue's answer to the tap", loaded))
        print(line(f"{args.crowd:,} on the mirror: tap to the mirror's last socket", reached))

        link.cut()
        before = len(batches(push_log.name))
        rest = list(range(2 * args.writes + 1, 251))
        cut_at = time.monotonic()
        for n, board in enumerate(rest):
            time.sleep(max(0.0, cut_at + args.offline * (n + 1) / len(rest) - time.monotonic()))
            arbiter.enter_result(slug, 4, board, "01")
        link.restore()
        back = time.monotonic()
        while (wanted := standings(venue_url, slug)) != standings(mirror_url, slug):
            time.sleep(0.05)
        converged = time.monotonic() - back
        caught_up = batches(push_log.name)[before:]
        print(
            f"link cut {time.monotonic() - cut_at - converged:.0f} s while {len(rest)} results "
            f"were entered: the mirror equal (version {wanted[0]}) {converged:.1f} s after the "
            f"link came back, in {len(caught_up)} batch(es) of "
            f"{', '.join(f'{size:,}' for _v, _k, size in caught_up)} bytes"
        )
    finally:
        for process in running:
            process.terminate()
        for process in running:
            process.wait(timeout=30)
        if link is not None:
            link.close()
        venue_db.drop()
        public_db.drop()
        if redis_server is not None:
            redis_server.stop()


if __name__ == "__main__":
    main()
