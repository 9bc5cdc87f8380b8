"""Who can still win follows the results in a real Chromium: the race page (on a phone, no
sideways scroll) fetches itself again on a push, the venue screen's race view swaps its
table for the new version's."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LAST_ROUND = """
from django.db.models import F
from standings.live.publish import publish
Event.objects.filter(pk=event.pk).update(rounds_planned=3, version=F("version") + 1)
publish(event.pk)
"""


def test_the_race_updates_live_after_a_result(site, new_page):
    site.write(LAST_ROUND)  # round 3 of the small open, two games open, is the last
    page = new_page(viewport=PHONE)  # a follower's phone
    page.goto(site.url + "/e/small-open/race/")
    screen = new_page()
    screen.goto(site.url + "/e/small-open/screen/?views=race")
    wait_live(page)
    wait_live(screen)
    expect(page.locator(".race-scope")).to_contain_text("2 games still to play")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    expect(screen.locator("#screen-view-name")).to_have_text("Who can still win")
    expect(screen.locator("#screen-race tbody tr").first).to_be_visible()
    page.evaluate("window.notReloaded = true")
    screen.evaluate("document.querySelector('#screen-race table').dataset.old = 'yes'")

    site.write("enter_result(event, 3, 3, '10')")  # Player 07 beats Player 04
    # the page's refetch is spread over data-refresh's 8 s, as for a crowd
    expect(page.locator(".race-scope")).to_contain_text("1 game still to play", timeout=15000)
    screen.wait_for_function("!document.querySelector('#screen-race table').dataset.old")
    expect(screen.locator("#screen-race tbody tr").first).to_be_visible()

    site.write("enter_result(event, 3, 4, '01')")  # every result in: the event is over
    expect(page.locator(".race-stage")).to_have_attribute("data-stage", "finished", timeout=15000)
    assert page.evaluate("window.notReloaded") is True
