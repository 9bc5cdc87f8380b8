"""The demos (individual, team, sections, bridge) served by a real ASGI server, and the pages
a visitor reaches from the event list: one page of each kind per event, found by following
links as a visitor would, so a page added later is checked without being listed here."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest

from tests.servers import AsgiServer, ServerDatabase

# Pages no link leads to: the embeddable widget and a search's answer.
UNLINKED = (
    "/e/demo-open/widget/standings/",
    "/e/demo-open/widget/pairings/",
    "/e/demo-open/find/?q=an",
    "/e/demo-cup/find/?q=an",
)
NOT_PUBLIC = ("/arbiter/", "/import/", "/score/", "/login/", "/logout/", "/api/")
# Printed sheets are laid out for paper (tests/browser/test_printouts.py), their index is not.
FILES = re.compile(r"/print/[a-z0-9]+/|\.(json|csv|svg|ico|png)$")


@pytest.fixture(scope="module")
def demos(redis_url):
    """A server on a fresh database holding every demo; its address."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # renders are keyed by slug and version
    database = ServerDatabase().create()
    database.manage("load_demo")
    database.manage("load_bridge_demo")
    server = AsgiServer(database, redis_url).start()
    yield server.url
    server.stop()
    database.drop()


def kind(path: str) -> str:
    """A page's kind: its path with numbers and federation codes made general, so the 45
    player cards of an event count once, and without the page to go back to (the language
    page's `next`)."""
    path = re.sub(r"[?&]next=[^&]*", "", path)
    path = re.sub(r"/federation/[A-Z]{3}/", "/federation/X/", path)
    return re.sub(r"\d+", "N", path)


def crawl(page, base: str, starts: tuple[str, ...], keep, look) -> dict[str, Any]:
    """One page of each kind reachable from `starts` through links whose path `keep` accepts
    (same origin only), in the order found: its path and what `look(page)` saw there."""
    queue, seen, found = list(starts), set(), {}
    while queue:
        path = queue.pop(0)
        if kind(path) in seen:
            continue
        seen.add(kind(path))
        response = opened(page, base + path)
        assert response is not None and response.status == 200, path
        found[path] = look(page)
        for href in page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)"):
            parts = urlsplit(urljoin(base + path, href))
            if f"{parts.scheme}://{parts.netloc}" != base:
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if keep(target) and kind(target) not in seen:
                queue.append(target)
    return found


def opened(page, url: str):
    """The page at `url` as a visitor ends up seeing it: a page still being worked out (the
    race, a table after a round: web/derived.py) answers 503 "being computed" and reloads
    itself until it is there."""
    response = page.goto(url)
    for _ in range(15):
        if response is None or response.status != 503 or not response.header_value("retry-after"):
            break
        with page.expect_navigation(url=url, timeout=30000) as reloaded:
            pass  # the page's own refresh (templates/web/computing.html), loaded
        response = reloaded.value
    return response


def public(path: str) -> bool:
    return (
        (path == "/" or path.startswith(("/e/", "/b/", "/language/")))
        and not any(part in path for part in NOT_PUBLIC)
        and not FILES.search(path.split("?")[0])
    )
