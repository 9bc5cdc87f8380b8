"""`/healthz` answers 200 when the database and Redis answer, 503 naming what does not."""

from __future__ import annotations

import socket

import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.django_db
def test_healthy_without_redis_configured(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "not configured"}
    assert "no-cache" in response["Cache-Control"]
    assert not response.cookies


@pytest.mark.django_db
def test_healthy_with_a_real_redis(client, settings, redis_url):
    settings.REDIS_URL = redis_url
    assert client.get("/healthz").json()["redis"] == "ok"


@pytest.mark.django_db
def test_unreachable_redis_is_503_naming_it(client, settings):
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"] == "ok"
    assert body["redis"].startswith("error: ")


@pytest.mark.django_db
def test_only_reads(client):
    assert client.post("/healthz").status_code == 405
