"""The process files in deploy/ start the app as the README says (docs/deployment.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

DEPLOY = Path(__file__).resolve().parents[1] / "deploy"
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
