"""A scorer enters a bridge match on a tablet; a follower's standings update live."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from standings.bridge_events.demo import BRIDGE_DEMO_SLUG
from tests.servers import AsgiServer

from .conftest import PHONE
from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TABLET = {"width": 800, "height": 1280}
SEED = """
from django.contrib.auth import get_user_model
get_user_model().objects.create_user("arbiter", password="pw-scorer-1")
from standings.bridge_events.demo import load_bridge_demo
load_bridge_demo()
"""


@pytest.fixture
def bridge_site(server_database, redis_url):
    import redis

    redis.Redis.from_url(redis_url).flushdb()
    server_database.run_python(SEED, redis_url=redis_url)
    server = AsgiServer(server_database, redis_url).start()
    yield server
    server.stop()


def score_aalborg_bergen(tablet, url: str, form_label: str) -> None:
    """Sign in as the scorer and enter Aalborg-Bergen of round 5, 40-20 IMPs."""
    tablet.goto(f"{url}/login/?next=/b/{BRIDGE_DEMO_SLUG}/score/%3Fround%3D5")
    tablet.fill("input[name=username]", "arbiter")
    tablet.fill("input[name=password]", "pw-scorer-1")
    tablet.click("button[type=submit]")
    form = tablet.locator(f'form[aria-label="{form_label}"]')
    form.locator("select[name=home]").select_option(label="Aalborg")
    form.locator("select[name=away]").select_option(label="Bergen")
    form.locator("input[name=home_imps]").fill("40")
    form.locator("input[name=away_imps]").fill("20")
    form.locator("input[name=home_points]").fill("3100")
    form.locator("input[name=away_points]").fill("2200")
    form.locator("button[type=submit]").click()


def test_a_scored_match_reaches_a_followers_standings(bridge_site, new_page):
    follower = new_page(PHONE)
    follower.goto(f"{bridge_site.url}/b/{BRIDGE_DEMO_SLUG}/")  # the latest round, 4
    wait_live(follower)
    follower.evaluate("window.notReloaded = true")
    expect(follower.locator("table.bridge-matches")).not_to_contain_text("15.00–5.00")

    tablet = new_page(TABLET)
    score_aalborg_bergen(tablet, bridge_site.url, "New match")
    expect(tablet.locator(".messages")).to_contain_text(
        "Round 5, Aalborg – Bergen: 40-20 IMPs, 15.00-5.00 VPs."
    )

    matches = follower.locator("table.bridge-matches")
    expect(matches).to_contain_text("15.00–5.00", timeout=20000)  # in the push itself
    expect(matches).to_contain_text("15.00–5.00")
    assert follower.evaluate("window.notReloaded") is True


def test_the_scorer_s_message_outlives_the_refetch_a_push_brings(bridge_site, new_page):
    """The entry's own push, or a colleague's, refetches the page body: the confirmation the
    server gave once (to the request after the entry) stays."""
    tablet = new_page(TABLET)
    score_aalborg_bergen(tablet, bridge_site.url, "New match")
    said = tablet.locator(".messages")
    expect(said).to_contain_text("Round 5, Aalborg – Bergen: 40-20 IMPs, 15.00-5.00 VPs.")
    wait_live(tablet)
    with tablet.expect_response(lambda r: "v=" in r.url):  # what a push with news does
        tablet.evaluate(
            """document.getElementById("last-update").dataset.version = "newer";
            document.dispatchEvent(new Event("htmx:wsAfterMessage"));"""
        )
    expect(tablet.locator("#page-body")).to_contain_text("Aalborg")
    expect(said).to_contain_text("Round 5, Aalborg – Bergen: 40-20 IMPs, 15.00-5.00 VPs.")


def test_a_refetch_keeps_the_round_the_follower_chose(bridge_site, new_page):
    follower = new_page(PHONE)
    follower.goto(f"{bridge_site.url}/b/{BRIDGE_DEMO_SLUG}/?round=2")
    wait_live(follower)
    shown = follower.locator('.round-nav a[aria-current="page"]')
    expect(shown).to_have_text("2")
    with follower.expect_response(lambda r: "v=" in r.url) as answer:  # a push with news
        follower.evaluate(
            """document.getElementById("last-update").dataset.version = "newer";
            document.dispatchEvent(new Event("htmx:wsAfterMessage"));"""
        )
    assert "round=2" in answer.value.url
    expect(shown).to_have_text("2")


def test_a_french_scorer_and_screen(bridge_site, chromium):
    context = chromium.new_context(locale="fr-FR", viewport=TABLET, bypass_csp=True)
    try:
        screen = context.new_page()
        screen.goto(f"{bridge_site.url}/b/{BRIDGE_DEMO_SLUG}/screen/?rotate=60")
        expect(screen.locator("#screen-view-name")).to_have_text("Classement")
        expect(screen.locator("#screen-standings thead")).to_contain_text("Départagé par")

        tablet = context.new_page()
        score_aalborg_bergen(tablet, bridge_site.url, "Nouveau match")
        expect(tablet.locator(".messages")).to_contain_text(
            "Tour 5, Aalborg – Bergen : 40-20 IMP, 15,00-5,00 PV."
        )
        # the screen refetches its body after the push, still in French
        expect(screen.locator("#screen-pairings")).to_contain_text("15,00–5,00", timeout=20000)
        expect(screen.locator("#screen-view-name")).to_have_text("Classement")
    finally:
        context.close()
