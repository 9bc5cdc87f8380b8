"""`/healthz` answers 200 when the database answers and takes a write and Redis answers, 503
naming what does not."""

from __future__ import annotations

import errno
import json
import os
import shutil
import socket
import subprocess
import sys

import pytest
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from tests.servers import _env


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
def test_the_write_probe_commits_its_scratch_row_and_nothing_else(client, settings):
    from standings.health.models import WriteProbe

    settings.REDIS_URL = ""
    WriteProbe.objects.all().delete()  # by hand (or a test database's flush): written again
    assert client.get("/healthz").status_code == 200
    written = WriteProbe.objects.get().written_at
    before = list(MigrationRecorder.Migration.objects.values_list("id", "applied"))
    assert client.get("/healthz").status_code == 200
    assert WriteProbe.objects.get().written_at > written
    assert list(MigrationRecorder.Migration.objects.values_list("id", "applied")) == before
    assert not connection.in_atomic_block


@pytest.fixture
def full_filesystem(tmp_path):
    """A small tmpfs of the test's own, filled to the last byte once `fill()` is called; the
    migrated SQLite database is copied onto it first."""
    from tests.servers import _migrated_template

    mountpoint = tmp_path / "small"
    mountpoint.mkdir()
    mounted = subprocess.run(
        ["mount", "-t", "tmpfs", "-o", "size=8m", "tmpfs", str(mountpoint)],
        capture_output=True,
        text=True,
    )
    if mounted.returncode:
        pytest.skip(f"cannot mount a tmpfs here (root is needed): {mounted.stderr.strip()}")
    shutil.copyfile(_migrated_template(None), mountpoint / "db.sqlite3")

    def fill() -> None:
        filler = os.open(mountpoint / "filler", os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(filler, b"\0" * 512)
        except OSError as error:
            assert error.errno == errno.ENOSPC
        finally:
            os.close(filler)

    try:
        yield mountpoint, fill
    finally:
        subprocess.run(["umount", "--lazy", str(mountpoint)], check=True)


PROBE_AND_TAP = """
import json
from django.db import connection
from django.test import Client
response = Client().get("/healthz")
try:
    with connection.cursor() as cursor:
        cursor.execute("UPDATE django_migrations SET applied = CURRENT_TIMESTAMP WHERE id = 1")
    tap = "written"
except Exception as error:
    tap = type(error).__name__
print(json.dumps({"status": response.status_code, "body": response.json(), "tap": tap}))
"""


def test_a_full_disk_is_503_on_sqlite(full_filesystem):
    """A committed write fails on a full disk; a rolled-back one never reaches the disk, so
    the probe must commit its write to see what a tap sees."""
    mountpoint, fill = full_filesystem
    url = f"sqlite:///{mountpoint}/db.sqlite3"
    env = _env(url, None, {"ALLOWED_HOSTS": "testserver"})
    command = [sys.executable, "-c", "import django\ndjango.setup()\n" + PROBE_AND_TAP]

    def probe() -> dict:
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout.strip().splitlines()[-1])

    assert probe()["status"] == 200  # with room on the disk
    fill()
    seen = probe()
    assert seen["tap"] == "OperationalError"  # what a result's save meets
    assert seen["status"] == 503
    assert seen["body"]["database"].startswith("error: cannot write (")
