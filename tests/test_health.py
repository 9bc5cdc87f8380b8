"""`/healthz` answers 200 when the database answers and takes a write and Redis answers, 503
naming what does not."""

from __future__ import annotations

import socket

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder


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


@pytest.fixture
def read_only_database():
    """The test's database connection refuses every write, as a full disk or a read-only
    file or server would: SQLite's query_only, PostgreSQL's read-only transactions."""
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


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("read_only_database")
def test_a_database_that_cannot_write_is_503_naming_it(client, settings):
    settings.REDIS_URL = ""
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "unavailable"
    assert body["database"].startswith("error: cannot write (")


@pytest.mark.django_db(transaction=True)
def test_the_write_probe_leaves_nothing(client, settings):
    settings.REDIS_URL = ""
    before = list(MigrationRecorder.Migration.objects.values_list("id", "applied"))
    assert client.get("/healthz").status_code == 200
    assert list(MigrationRecorder.Migration.objects.values_list("id", "applied")) == before
    assert not connection.in_atomic_block
