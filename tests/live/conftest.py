"""Live tests run on a real Redis: pub/sub channel layer and cache, keys private to the test."""

from __future__ import annotations

import tempfile
import uuid
from pathlib import Path

import pytest


@pytest.fixture
def live_redis(settings, redis_url):
    """Channel layer and cache on Redis, as in production; a prefix keeps tests apart."""
    prefix = f"t{uuid.uuid4().hex[:8]}"
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            "CONFIG": {"hosts": [redis_url], "prefix": prefix},
        }
    }
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": redis_url,
            "KEY_PREFIX": prefix,
        }
    }
    return redis_url


def _sqlite_test_database_in_a_file() -> None:
    """In shared-cache memory (the default SQLite test database) SQLite reports a table
    lock at once instead of waiting, so a write and the push thread reading beside it
    fail; no deployment looks like that. A file behaves like the real thing."""
    from django.db import connections

    database = connections["default"].settings_dict
    if database["ENGINE"].endswith("sqlite3") and not database["TEST"].get("NAME"):
        folder = tempfile.mkdtemp(prefix="standings-test-db-")
        database["TEST"]["NAME"] = str(Path(folder) / "test.sqlite3")


_sqlite_test_database_in_a_file()


@pytest.fixture(autouse=True)
async def close_worker_connections():
    """Close the connection the tests' sync_to_async worker thread opened, so the test
    database can be dropped at the end (PostgreSQL refuses while a session is open)."""
    yield
    from channels.db import database_sync_to_async
    from django.db import connections

    await database_sync_to_async(connections.close_all)()
