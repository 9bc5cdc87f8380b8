"""Follower standings page under load: requests/s and p95 latency, cached and uncached.

Starts a throwaway database and redis-server, loads the demo event (`manage.py
load_demo`), serves it with uvicorn --workers 2 and measures `/e/demo-open/` with wrk:

- cached: production settings (Redis cache); every request is a cache hit.
- 304: the same with If-None-Match, as a refreshing browser sends it.
- uncached: the same app with Django's DummyCache (settings written to a temp
  dir for this run only), so every request reads the event, runs the engine and
  renders; nothing in the production code path knows about the benchmark.

Usage: .venv/bin/python bench/http_bench.py [--duration 10] [--connections 32]
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
PATH = f"/e/{SLUG}/"

P95_SCRIPT = """
done = function(summary, latency, requests)
  io.write(string.format("P95_US %d\\n", latency:percentile(95)))
  io.write(string.format("ERRORS %d\\n", summary.errors.status + summary.errors.connect
    + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
"""

UNCACHED_SETTINGS = """
from standings.settings import *  # noqa: F403
CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
"""


def wait_for(url: str, timeout: float = 30) -> None:
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
    command = ["wrk", "-t2", f"-c{connections}", f"-d{duration}s", "--timeout", "30s", "-s", script]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    p95 = int(re.search(r"P95_US (\d+)", out).group(1)) / 1000
    errors = int(re.search(r"ERRORS (\d+)", out).group(1))
    non2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    return {"rps": rps, "p95_ms": p95, "errors": errors + int(non2xx.group(1) if non2xx else 0)}


class Uvicorn:
    def __init__(self, env: dict) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            uvicorn_command(self.port, "--workers", "2", "--no-access-log"),
            env=env,
            cwd=ROOT,
            start_new_session=True,
        )
        self.url = f"http://127.0.0.1:{self.port}{PATH}"
        wait_for(self.url)

    def stop(self) -> None:
        os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=20)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=int, default=10)
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
        "PYTHONPATH": str(ROOT),
        "DB_CONN_MAX_AGE": "60",
    }
    script = Path(workdir, "p95.lua")
    script.write_text(P95_SCRIPT)
    Path(workdir, "bench_uncached_settings.py").write_text(UNCACHED_SETTINGS)
    try:
        manage(env, "migrate", "--noinput").check_returncode()
        manage(env, "load_demo").check_returncode()
        results = {}

        server = Uvicorn(env)
        try:
            with urllib.request.urlopen(server.url) as response:  # warm: publish-equivalent
                etag = response.headers["ETag"]
                size = len(response.read())
            results["cached (200 from the cached render)"] = wrk(
                server.url, args.duration, args.connections, str(script)
            )
            results["cached, conditional (304)"] = wrk(
                server.url,
                args.duration,
                args.connections,
                str(script),
                headers=[f"If-None-Match: {etag}"],
            )
        finally:
            server.stop()

        uncached_env = {
            **env,
            "DJANGO_SETTINGS_MODULE": "bench_uncached_settings",
            "PYTHONPATH": f"{ROOT}{os.pathsep}{workdir}",
        }
        server = Uvicorn(uncached_env)
        try:
            results["uncached (engine + render per request)"] = wrk(
                server.url, args.duration, args.connections, str(script)
            )
        finally:
            server.stop()
    finally:
        redis.stop()
        shutil.rmtree(workdir, ignore_errors=True)

    print(f"GET {PATH} on manage.py load_demo")
    print(
        f"page size {size} bytes; uvicorn --workers 2; wrk -t2 -c{args.connections} "
        f"-d{args.duration}s; SQLite + Redis cache; {os.cpu_count()} CPUs"
    )
    print(f"{'mode':42} {'req/s':>10} {'p95 ms':>10} {'errors':>8}")
    for mode, r in results.items():
        print(f"{mode:42} {r['rps']:>10.1f} {r['p95_ms']:>10.1f} {r['errors']:>8}")


if __name__ == "__main__":
    main()
