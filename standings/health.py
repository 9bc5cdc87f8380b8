"""`/healthz`: is this worker able to serve? The database and, when configured, Redis answer.

For load balancers and process supervisors: 200 when both answer, 503 naming what does not.
It reads nothing of any event and sets no cookie, so probing it every second costs little.
"""

from __future__ import annotations

import redis
from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

# A probe must answer before the balancer's own timeout: fail fast on a dead Redis.
REDIS_TIMEOUT = 1.0


def database_state() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as error:  # noqa: BLE001 (any failure means "not serving")
        return f"error: {type(error).__name__}"
    return "ok"


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
