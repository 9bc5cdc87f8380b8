"""The site's icon: linked from every page, and at /favicon.ico where browsers look for it."""

from __future__ import annotations

import urllib.request

import pytest

from tests.html import parse


def test_pages_link_the_icon(client, event):
    for path in ["/", "/e/small-open/", "/e/small-open/widget/standings/"]:
        icon = parse(client.get(path).content).select_one('link[rel="icon"]')
        assert icon is not None and icon["href"].endswith("web/favicon.svg"), path


@pytest.mark.slow
def test_favicon_ico_is_served(asgi_servers):
    server = asgi_servers()
    with urllib.request.urlopen(server.url + "/favicon.ico", timeout=10) as answer:
        body = answer.read()
        assert answer.status == 200 and answer.url.endswith("/web/favicon.ico")
    assert body[:4] == b"\0\0\1\0" and b"PNG" in body[:40]  # an icon holding a PNG
