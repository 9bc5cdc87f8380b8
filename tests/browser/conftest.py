"""A real ASGI server on a throwaway database and Redis; Debian's Chromium via Playwright."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.servers import ROOT, AsgiServer

ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = str(ROOT / "tests" / "browser" / "chromium")  # /usr/bin/chromium at nice 0
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {"width": 360, "height": 740}
DESKTOP = {"width": 1280, "height": 800}

SEED = """
from standings.events.models import Event, Game, Participant, Round
from tests.factories import create_swiss
create_swiss()
big = Event.objects.create(slug="big-open", name="Big Open", rounds_planned=7,
                           tiebreaks="BH/C1 BH SB")
people = [Participant.objects.create(event=big, start_no=n, name=f"Competitor {n:03d}",
                                     rating=2600 - 5 * n) for n in range(1, 121)]
first = Round.objects.create(event=big, number=1, state=Round.State.IN_PROGRESS)
for board in range(60):
    Game.objects.create(round=first, board=board + 1, white=people[board],
                        black=people[board + 60], result=("10", "==", "01", "")[board % 4])
"""

WRITE = """
from standings.events.models import Event
from tests.web.writes import close_round, enter_result
event = Event.objects.get(slug={slug!r})
{call}
"""


class Site:
    def __init__(self, server: AsgiServer) -> None:
        self.server = server
        self.url = server.url

    def write(self, call: str, slug: str = "small-open") -> None:
        """A committed write through the services, from another process; its push goes
        through Redis (the script waits for its push thread before it exits)."""
        self.server.database.run_python(
            WRITE.format(slug=slug, call=call), redis_url=self.server.redis_url
        )


@pytest.fixture
def site(server_database, redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # renders are keyed by slug and version
    server_database.run_python(SEED, redis_url=redis_url)
    server = AsgiServer(server_database, redis_url).start()
    yield Site(server)
    server.stop()


@pytest.fixture(scope="module")  # not session: Playwright's sync loop, while it lives, makes
def chromium():  # the main thread look async to the asyncio tests that run after this module
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def new_page(chromium):
    contexts = []

    def open_page(viewport=DESKTOP):
        # wait_for_function evaluates its string in the page, which the CSP forbids (no
        # 'unsafe-eval'); tests/security/test_csp_browser.py checks the policy unbypassed.
        context = chromium.new_context(viewport=viewport, bypass_csp=True)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
