"""Requests per second of a mirrored event's venue line (`GET /e/<slug>/venue/`), which every
open public page of the event asks every 15 s: 10,000 followers are about 667 requests/s.

One uvicorn process as the README's production command starts it, on a throwaway database
(SQLite, or PostgreSQL with DATABASE_URL), the event heard from its venue just now; wrk
(`apt-get install wrk`) asks with `--connections` open connections for `--seconds`, in
English and in French (every fifth request), and prints requests/s and latency.

    .venv/bin/python bench/mirror_venue_bench.py [--connections 50] [--seconds 10]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.servers import AsgiServer, ServerDatabase  # noqa: E402

SLUG = "venue-cup"
HEARD = """
from django.utils import timezone
from standings.mirror.models import MirroredEvent
MirroredEvent.objects.update(heard_at=timezone.now())
"""
# Every fifth request in French, as a crowd's languages mix.
LANGUAGES = """
counter = 0
request = function()
  counter = counter + 1
  if counter % 5 == 0 then
    return wrk.format(nil, nil, {["Accept-Language"] = "fr"})
  end
  return wrk.format(nil, nil, {["Accept-Language"] = "en"})
end
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument("--seconds", type=int, default=10)
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        print("wrk is not installed: apt-get install wrk")
        return 1
    database = ServerDatabase().create()
    server = None
    try:
        database.manage("mirror_token", SLUG)
        database.run_python(HEARD)
        server = AsgiServer(database).start()
        url = f"{server.url}/e/{SLUG}/venue/"
        with urllib.request.urlopen(url, timeout=10) as answer:
            print(f"GET /e/{SLUG}/venue/: {answer.status} {answer.read().decode()!r}")
        with tempfile.NamedTemporaryFile("w", suffix=".lua") as script:
            script.write(LANGUAGES)
            script.flush()
            done = subprocess.run(
                [
                    "wrk",
                    "-t1",
                    f"-c{args.connections}",
                    f"-d{args.seconds}s",
                    "--latency",
                    "-s",
                    script.name,
                    url,
                ],
                capture_output=True,
                text=True,
                check=True,
            )
        said = done.stdout
        rate = re.search(r"Requests/sec:\s+([\d.]+)", said)
        errors = re.search(r"Non-2xx or 3xx responses: (\d+)", said)
        latency = {p: re.search(rf"\s{p}%\s+(\S+)", said) for p in ("50", "99")}
        print(
            f"{args.connections} connections, {args.seconds} s, one process"
            f" ({'PostgreSQL' if database.url.startswith('postgres') else 'SQLite'}):"
            f" {float(rate.group(1)) if rate else 0:.0f} requests/s,"
            f" p50 {latency['50'].group(1) if latency['50'] else '?'},"
            f" p99 {latency['99'].group(1) if latency['99'] else '?'},"
            f" not 2xx: {errors.group(1) if errors else 0}"
        )
    finally:
        if server is not None:
            server.stop()
        database.drop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
