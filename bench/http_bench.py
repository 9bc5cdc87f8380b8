"""Follower pages under load: requests/s and p95 latency, with and without the fast path.

Starts a throwaway database and redis-server, loads the demo event (`manage.py
load_demo`) and a 500-player event, serves them with uvicorn --workers 2 and measures
with wrk (2 threads on the same machine), each request asking `Accept-Encoding: gzip,
deflate, br` as browsers do:

- `/e/demo-open/`, `/e/demo-open/round/<current>/` and `/e/demo-open/standings.json`,
  each as a 200 and as a conditional 304 (If-None-Match), served
  - "django": the same app with the HTTP fast path left out (an ASGI module written to
    a temp dir for this run: RequestBodyLimit(Django) alone), i.e. every request
    through the middleware stack and the view's cache reads;
  - "fast": standings.asgi as deployed (web/fast.py replays the cached response).
- uncached: the 500-player event's standings and current round pages with Django's
  DummyCache (settings written to the temp dir), one connection: every request reads
  the event, runs the engine and renders; its mean latency is the uncached render.

Usage: .venv/bin/python bench/http_bench.py [--duration 5] [--connections 32]
"""

from __future__ import annotations

import argparse
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.servers import RedisServer, free_port, redis_binary, uvicorn_command  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SLUG = "demo-open"
BIG = "bench-500"
ACCEPT = "Accept-Encoding: gzip, deflate, br"

P95_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("P95_US %d\\n", latency:percentile(95)))
  io.write(string.format("MEAN_US %d\\n", latency.mean))
  io.write(string.format("ERRORS %d\\n", summary.errors.status + summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
"""

UNCACHED_SETTINGS = """
from standings.settings import *  # noqa: F403
CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
"""

# The deployed app without web/fast.py in front: what every request cost before it.
DJANGO_ONLY_ASGI = """
from standings.asgi import django_asgi_app
from standings.security.body_limit import RequestBodyLimit
application = RequestBodyLimit(django_asgi_app)
"""

SEED_BIG = """
import random
from standings.events.models import Event, Game, Participant, Round
event = Event.objects.create(slug={slug!r}, name="Bench 500", rounds_planned=11,
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


def wait_for(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{url} did not answer 200 within {timeout}s")


def manage(env: dict, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
    )


def wrk(url: str, duration: int, connections: int, script: str, headers=()) -> dict:
    command = ["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{duration}s"]
    command += ["--timeout", "30s", "-s", script]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p95 = int(re.search(r"P95_US (\d+)", out).group(1)) / 1000
    mean = int(re.search(r"MEAN_US (\d+)", out).group(1)) / 1000
    errors = int(re.search(r"ERRORS (\d+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {
        "rps": rps,
        "p95_ms": p95,
        "mean_ms": mean,
        "errors": errors + int(non2xx.group(1) if non2xx else 0),
    }


class Uvicorn:
    def __init__(self, env: dict, app: str = "standings.asgi:application") -> None:
        self.port = free_port()
        command = uvicorn_command(self.port, "--workers", "2", "--no-access-log")
        command[command.index("standings.asgi:application")] = app
        self.proc = subprocess.Popen(command, env=env, cwd=ROOT, start_new_session=True)
        self.base = f"http://127.0.0.1:{self.port}"
        wait_for(self.base + f"/e/{SLUG}/")

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=20)


def fetch(url: str) -> tuple[str, bytes]:
    request = urllib.request.Request(url, headers=dict([ACCEPT.split(": ")]))
    with urllib.request.urlopen(request) as response:
        return response.headers["ETag"], response.read()


def current_round(base: str, slug: str) -> int:
    """The last round in the event's navigation (the one a refresh storm hits)."""
    with urllib.request.urlopen(f"{base}/e/{slug}/") as response:
        rounds = re.findall(rf"/e/{slug}/round/(\d+)/", response.read().decode())
    return max(map(int, rounds))


def measure_cached(server: Uvicorn, paths: list[str], args, script: str, results, label: str):
    for path in paths:
        url = server.base + path
        etag, body = fetch(url)  # warm: what publish() leaves in the cache
        results[(label, path, "200")] = wrk(url, args.duration, args.connections, script, [ACCEPT])
        results[(label, path, "304")] = wrk(
            url, args.duration, args.connections, script, [ACCEPT, f"If-None-Match: {etag}"]
        )
        results[(label, path, "bytes")] = len(body)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=5)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is missing: apt-get install -y wrk")

    workdir = tempfile.mkdtemp(prefix="standings-http-bench-")
    redis = RedisServer(redis_binary())
    base = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}}
    env = {
        **base,
        "DATABASE_URL": f"sqlite:///{workdir}/bench.sqlite3",
        "REDIS_URL": redis.url,
        "DJANGO_SETTINGS_MODULE": "standings.settings",
        "DEBUG": "0",
        "SECRET_KEY": "http-bench-only",
        "SILENCED_SYSTEM_CHECKS": "standings.E001",  # a throwaway server with the demo's users
        "PYTHONPATH": f"{ROOT}{os.pathsep}{workdir}",
        "DB_CONN_MAX_AGE": "60",
    }
    script = str(Path(workdir, "p95.lua"))
    Path(script).write_text(P95_SCRIPT)
    Path(workdir, "bench_uncached_settings.py").write_text(UNCACHED_SETTINGS)
    Path(workdir, "bench_django_only_asgi.py").write_text(DJANGO_ONLY_ASGI)
    load = os.getloadavg()[0]
    results: dict = {}
    try:
        manage(env, "migrate", "--noinput").check_returncode()
        manage(env, "load_demo").check_returncode()
        seed = manage(env, "shell", "-c", SEED_BIG.format(slug=BIG))
        seed.check_returncode()

        paths: list[str] = []
        for label, app in [
            ("django", "bench_django_only_asgi:application"),
            ("fast", "standings.asgi:application"),
        ]:
            server = Uvicorn(env, app)
            try:
                if not paths:
                    number = current_round(server.base, SLUG)
                    paths = [
                        f"/e/{SLUG}/",
                        f"/e/{SLUG}/round/{number}/",
                        f"/e/{SLUG}/standings.json",
                    ]
                measure_cached(server, paths, args, script, results, label)
            finally:
                server.stop()

        uncached_env = {**env, "DJANGO_SETTINGS_MODULE": "bench_uncached_settings"}
        server = Uvicorn(uncached_env)
        try:
            for path in [f"/e/{BIG}/", f"/e/{BIG}/round/9/"]:
                results[("uncached", path, "200")] = wrk(
                    server.base + path, args.duration, 1, script, [ACCEPT]
                )
        finally:
            server.stop()
    finally:
        redis.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    print(
        f"uvicorn --workers 2; wrk -t2 -c{args.connections} -d{args.duration}s on the same "
        f"machine; SQLite + Redis cache; {os.cpu_count()} CPUs; load average {load:.2f} "
        "at start (other work shares the machine)"
    )
    print(
        f"{'path':34} {'answer':>6} {'bytes':>7} | {'django req/s':>12} {'p95 ms':>7} |"
        f" {'fast req/s':>10} {'p95 ms':>7} {'errors':>6}"
    )
    for path in paths:
        for answer in ("200", "304"):
            before, after = results[("django", path, answer)], results[("fast", path, answer)]
            size = results[("fast", path, "bytes")] if answer == "200" else 0
            print(
                f"{path:34} {answer:>6} {size:>7} | {before['rps']:>12.0f} "
                f"{before['p95_ms']:>7.1f} | {after['rps']:>10.0f} {after['p95_ms']:>7.1f} "
                f"{before['errors'] + after['errors']:>6}"
            )
    print("uncached (DummyCache; one connection: engine + render per request), 500 players:")
    for path in [f"/e/{BIG}/", f"/e/{BIG}/round/9/"]:
        r = results[("uncached", path, "200")]
        print(
            f"{path:34} mean {r['mean_ms']:.1f} ms, p95 {r['p95_ms']:.1f} ms, errors {r['errors']}"
        )


if __name__ == "__main__":
    main()
