"""`/healthz`: is this worker able to serve? The database answers and commits a write (its
scratch row, models.WriteProbe), and, when configured, Redis answers.

For load balancers and process supervisors: 200 when both answer, 503 naming what does not.
It reads nothing of any event and sets no cookie, so probing it every second costs little.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import redis
from django.conf import settings
from django.db import connection, transaction
from django.http import HttpRequest, JsonResponse
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .models import WriteProbe

# A probe must answer before the balancer's own timeout: fail fast on a dead Redis, and on
# a database write that waits for a lock.
REDIS_TIMEOUT = 1.0
LOCK_TIMEOUT_MS = 1000


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 (any failure means "not serving")
        return f"error: {type(error).__name__}"
    try:
        probe_write()
    except Exception as error:  # noqa: BLE001 (a full disk, a read-only file or server, a lock)
        return f"error: cannot write ({type(error).__name__})"
    return "ok"


def probe_write() -> None:
    """Rewrite the scratch row (WriteProbe) and commit: a database that answers reads but
    cannot write (a full disk, a read-only file or server) fails here as a result's save
    would. Waits at most LOCK_TIMEOUT_MS for a lock."""
    with short_lock_wait(), transaction.atomic():
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute(f"SET LOCAL lock_timeout = {LOCK_TIMEOUT_MS}")
        now = timezone.now()
        if not WriteProbe.objects.filter(pk=1).update(written_at=now):  # deleted by hand
            WriteProbe.objects.get_or_create(pk=1, defaults={"written_at": now})


@contextmanager
def short_lock_wait() -> Iterator[None]:
    """SQLite waits for another writer's lock as long as its `timeout` (20 s) says: not a
    probe. PostgreSQL's wait is set inside the transaction (SET LOCAL)."""
    if connection.vendor != "sqlite":
        yield
        return
    usual = connection.settings_dict.get("OPTIONS", {}).get("timeout", 5)
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA busy_timeout = {LOCK_TIMEOUT_MS}")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA busy_timeout = {int(usual * 1000)}")


def redis_state() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    client = redis.Redis.from_url(
        settings.REDIS_URL, socket_connect_timeout=REDIS_TIMEOUT, socket_timeout=REDIS_TIMEOUT
    )
    try:
        client.ping()
    except redis.RedisError as error:
        return f"error: {type(error).__name__}"
    finally:
        client.close()
    return "ok"


@require_GET
@never_cache
def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": database_state(), "redis": redis_state()}
    healthy = not any(state.startswith("error") for state in checks.values())
    return JsonResponse(
        {"status": "ok" if healthy else "unavailable", **checks}, status=200 if healthy else 503
    )
