"""The follow worker as `make run` and docs/deployment.md start it: `manage.py follow_worker`
in its own process, no VAPID key in its environment (the key is generated into the database
by the site, as on a fresh install), a push service on this machine named by
FOLLOW_PUSH_LOCAL. A follower subscribes over HTTP, a result is entered by another
process, and the push service receives one encrypted, VAPID-signed request."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import requests

from tests.follow.push_service import PushService
from tests.servers import ROOT, AsgiServer, _env

pytestmark = [pytest.mark.slow]

SEED = "from tests.factories import create_swiss\ncreate_swiss()\n"
ENTER = """
from standings.events.models import Event
from tests.web.writes import enter_result
enter_result(Event.objects.get(slug="small-open"), 3, 3, "10")
"""
KEY = "from standings.follow import keys\nprint(keys.public_key())\n"
ARRIVAL = 120.0  # seconds at most for the push: generous, the machine is shared


def local_push_settings(service: PushService) -> dict:
    """What a developer sets to receive pushes on their own machine (docs/follow.md)."""
    return {
        "FOLLOW_ALLOW_HTTP": "1",
        "FOLLOW_PUSH_HOSTS": "",
        "FOLLOW_PUSH_LOCAL": f"127.0.0.1:{service.port}",
    }


def subscribe(site_url: str, subscription: dict, players: list[int]) -> requests.Response:
    """As follow.js does: the CSRF token from /push/key, then the POST."""
    browser = requests.Session()
    csrf = browser.get(f"{site_url}/push/key", timeout=30).json()["csrf"]
    return browser.post(
        f"{site_url}/e/small-open/follow/",
        json={"subscription": subscription, "players": players},
        headers={"X-CSRFToken": csrf},
        timeout=30,
    )


def test_the_shipped_worker_delivers_a_followed_result(server_database, redis_url):
    server_database.run_python(SEED)
    # The key the site generates on its first page, into the database (no key is set).
    key = server_database.run_python(KEY).strip()
    service = PushService(key)
    site = AsgiServer(server_database, redis_url, local_push_settings(service)).start()
    log = tempfile.NamedTemporaryFile(prefix="follow-worker-", suffix=".log")
    env = _env(server_database.url, redis_url, local_push_settings(service))
    env.pop("VAPID_PRIVATE_KEY", None)
    worker = None
    try:
        answer = subscribe(site.url, service.subscribe("phone"), [7])
        assert answer.status_code == 201, answer.text
        worker = subprocess.Popen(
            [sys.executable, "manage.py", "follow_worker"],
            env=env,
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        server_database.run_python(ENTER, redis_url=redis_url)  # board 3: 7 beats 4
        deadline = time.monotonic() + ARRIVAL
        while not service.received and time.monotonic() < deadline:
            output = Path(log.name).read_text()
            assert worker.poll() is None and "failed" not in output, output
            time.sleep(0.2)
        assert service.faults == [], service.faults
        assert len(service.received) == 1, Path(log.name).read_text()
        [got] = service.received
        assert got.headers["content-encoding"] == "aes128gcm"
        assert got.headers["authorization"].startswith("vapid t=")
        assert got.payload["body"].startswith("Round 3: Player 07 1–0 Player 04")
        output = Path(log.name).read_text()
        assert "Traceback" not in output, output
    finally:
        if worker is not None:
            worker.terminate()
            worker.wait(timeout=30)
        site.stop()
        service.close()
        log.close()
