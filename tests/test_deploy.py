"""The process files in deploy/ start the app as the README says (docs/deployment.md)."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DEPLOY = ROOT / "deploy"
STARTERS = ["Procfile", "Containerfile", "systemd/standings@.service"]


@pytest.mark.parametrize("name", STARTERS)
def test_each_starter_serves_the_asgi_app_with_one_compression(name):
    text = (DEPLOY / name).read_text()
    assert "standings.asgi:application" in text
    assert "--ws-per-message-deflate false" in text  # each push is compressed once (wire.py)
    assert "--proxy-headers" in text  # client addresses and https from the proxy


def test_the_proxy_example_passes_websockets_and_checks_health():
    text = (DEPLOY / "nginx.conf").read_text()
    assert "location /ws/" in text and "proxy_set_header Upgrade $http_upgrade;" in text
    assert "location = /healthz" in text
    assert "proxy_no_cache $cookie_sessionid;" in text  # a signed-in person's pages stay out


@pytest.mark.parametrize("name", STARTERS)
def test_each_starter_sets_the_servers_limits(name):
    text = (DEPLOY / name).read_text()
    assert "--ws-max-size 16384" in text  # a follower's socket sends nothing
    assert "--forwarded-allow-ips='*'" not in text  # anyone could name any address


def test_no_proxy_location_drops_the_forwarded_headers():
    """nginx gives a location none of the server's proxy_set_header once it sets one of its
    own: Host (ALLOWED_HOSTS), X-Forwarded-For (throttling) and -Proto (HTTPS) would go."""
    text = (DEPLOY / "nginx.conf").read_text()
    locations = re.findall(r"\n    location [^{]*\{(.*?)\n    \}", text, re.S)
    assert len(locations) == 5
    assert not [body for body in locations if "proxy_set_header" in body]
    assert "large_client_header_buffers 4 8k;" in text


def production_environment(database_url: str) -> dict[str, str]:
    """deploy/standings.env.example, with a secret key and the test's database."""
    settings = {}
    for line in (DEPLOY / "standings.env.example").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, value = line.partition("=")
            settings[name] = value
    settings["SECRET_KEY"] = secrets.token_urlsafe(50)
    settings["DATABASE_URL"] = database_url
    return settings


@pytest.mark.slow
def test_the_documented_production_configuration_passes_check_deploy(server_database):
    env = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "REDIS_URL"}}
    env.update(production_environment(server_database.url), PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "check", "--deploy", "--fail-level", "DEBUG"],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "System check identified no issues (0 silenced)." in done.stdout
