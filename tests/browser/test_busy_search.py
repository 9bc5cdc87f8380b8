"""A search refused for the address's spent time (429, web/throttle.py), in a real
Chromium on a phone: its words stand where the results would have, the page stays."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE, SEED
from tests.servers import AsgiServer

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def busy_site(server_database, redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    server_database.run_python(SEED, redis_url=redis_url)
    # The first search spends the address's time. The count is kept per window of the clock
    # (every minute by default): a long window keeps both searches in one, however slow.
    spend_at_once = {"EXPENSIVE_SECONDS_PER_ADDRESS": "1e-6", "EXPENSIVE_WINDOW_SECONDS": "3600"}
    server = AsgiServer(server_database, redis_url, spend_at_once)
    yield server.start()
    server.stop()


def test_a_refused_search_says_why_in_the_results_and_the_page_stays(busy_site, new_page):
    page = new_page(PHONE)
    page.goto(busy_site.url + "/e/small-open/")
    page.fill("#find-q", "5")
    found = page.locator("#find-results li")
    expect(found).to_have_count(1)
    page.fill("#find-q", "4")
    refusal = page.locator("#find-results p.refusal[role=alert]")
    expect(refusal).to_contain_text("Many pages that take time to make")
    expect(refusal).to_contain_text("Try again in")
    expect(page.locator("#standings-table")).to_be_visible()  # the standings stay
    page.reload()  # a follower's page is never refused
    expect(page.locator("#standings-table")).to_be_visible()
