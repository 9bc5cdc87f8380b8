"""A follower of a bridge event's standings sees a scored match from the push itself: the
body at the latest round comes in the message (bridge_events/push.py), no refetch."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from standings.bridge_events.demo import BRIDGE_DEMO_SLUG
from tests.live.arbiter_http import ArbiterClient
from tests.servers import AsgiServer

from .conftest import PHONE
from .test_bridge_scorer import SEED
from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PAGE = f"/b/{BRIDGE_DEMO_SLUG}/"
SCORED = '#page-body tr[data-key="5-1"]'  # round 5, team 1 at home


def scorer(url: str) -> ArbiterClient:
    tablet = ArbiterClient(url)
    tablet.log_in("arbiter", "pw-scorer-1")
    return tablet


def score(tablet: ArbiterClient) -> float:
    """The scorer's POST of round 5's match of teams 1 and 2, 40-20 IMPs (15.00-5.00 VPs
    over 16 boards), as the tablet's form sends it; when it was sent."""
    page = tablet.get(f"/b/{BRIDGE_DEMO_SLUG}/score/")
    form = {
        "round": 5, "home": 1, "away": 2, "home_imps": 40, "away_imps": 20,
        "home_points": 3100, "away_points": 2200, "seen": "",
    }  # fmt: skip
    sent = time.monotonic()
    tablet.post(f"/b/{BRIDGE_DEMO_SLUG}/score/enter", form, page)
    return sent


@pytest.fixture
def bridge_site(server_database, redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    server_database.run_python(SEED, redis_url=redis_url)
    server = AsgiServer(server_database, redis_url).start()
    yield server
    server.stop()


@pytest.mark.parametrize("inflates", [True, False], ids=["deflate", "text"])
def test_a_scored_match_reaches_the_standings_without_a_refetch(bridge_site, new_page, inflates):
    follower = new_page(PHONE)
    if not inflates:  # a browser without DecompressionStream asks for text
        follower.add_init_script("delete window.DecompressionStream")
    fetched = []
    follower.on("request", lambda r: fetched.append(r.url) if PAGE in r.url else None)
    follower.goto(bridge_site.url + PAGE)  # the latest round, round 4
    wait_live(follower)
    assert follower.locator("[data-refresh]").count() == 0
    follower.evaluate("window.notReloaded = true")
    loaded = len(fetched)

    tablet = scorer(bridge_site.url)
    tapped = score(tablet)
    # typically well under 1 s (bench/bridge_tap_bench.py); generous for a loaded machine
    expect(follower.locator(SCORED)).to_contain_text("15.00–5.00", timeout=5000)
    shown_after = time.monotonic() - tapped
    expect(follower.locator("#round-heading")).to_have_text("Round 5")
    assert shown_after < 5
    time.sleep(0.5)  # a refetch the push had wrongly asked for would start by now
    assert fetched[loaded:] == []  # no GET of the page body: it came in the push
    assert follower.evaluate("window.notReloaded") is True


def test_the_screen_follows_without_a_refetch(bridge_site, new_page):
    screen = new_page()
    fetched = []
    screen.on("request", lambda r: fetched.append(r.url) if "/screen/" in r.url else None)
    screen.goto(f"{bridge_site.url}/b/{BRIDGE_DEMO_SLUG}/screen/?rotate=60&views=pairings")
    wait_live(screen)
    loaded = len(fetched)
    score(scorer(bridge_site.url))
    expect(screen.locator("#screen-pairings")).to_contain_text("15.00–5.00", timeout=5000)
    expect(screen.locator("#screen-pairings")).to_be_visible()  # screen.js paged the new body
    expect(screen.locator("#screen-view-name")).to_have_text("Round 5")
    assert fetched[loaded:] == []
