"""DEMO_LIVE starts the feeder in the process that serves, with its first request."""

from __future__ import annotations

import time
import urllib.request

import pytest

pytestmark = pytest.mark.slow

VERSION = (
    "from standings.events.models import Event\nprint(Event.objects.get(slug='demo-open').version)"
)


def demo_version(database) -> int:
    return int(database.run_python(VERSION).strip())


def test_the_first_request_starts_the_feeder(server_database, asgi_servers):
    server_database.manage("load_demo")
    loaded = demo_version(server_database)
    server = asgi_servers(DEMO_LIVE="1", DEMO_LIVE_INTERVAL="0.2")
    time.sleep(1)
    assert demo_version(server_database) == loaded  # nothing served yet, nothing fed
    with urllib.request.urlopen(server.url + "/e/demo-open/") as response:
        assert response.status == 200
    deadline = time.monotonic() + 20
    while demo_version(server_database) == loaded and time.monotonic() < deadline:
        time.sleep(0.3)
    assert demo_version(server_database) > loaded
    assert "Demo feeder: one write to /e/demo-open/ every 0.2s" in server.output()


def test_without_demo_live_nothing_is_fed(server_database, asgi_servers):
    server_database.manage("load_demo")
    loaded = demo_version(server_database)
    server = asgi_servers(DEMO_LIVE_INTERVAL="0.2")
    with urllib.request.urlopen(server.url + "/e/demo-open/") as response:
        assert response.status == 200
    time.sleep(1.5)
    assert demo_version(server_database) == loaded
