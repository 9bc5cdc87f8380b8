"""Following a player in a real Chromium: the Follow button on the card, the marks and the
"Your players" line, and "Notify me" registering the service worker at /sw.js (the push
itself is tested with a local push service in tests/follow/)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WORKER = """async () => {
  const registration = await navigator.serviceWorker.getRegistration("/");
  if (!registration) return null;
  await navigator.serviceWorker.ready;
  return [registration.scope, registration.active && registration.active.scriptURL];
}"""


def test_follow_a_player_and_turn_notifications_on(site, chromium):
    context = chromium.new_context(viewport=PHONE, permissions=["notifications"], bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(site.url + "/e/small-open/player/6/")
        follow = page.locator("#page-body button[data-follow-toggle]")
        expect(follow).to_have_text("Follow")
        follow.click()
        expect(follow).to_have_attribute("aria-pressed", "true")

        page.goto(site.url + "/e/small-open/round/3/")
        line = page.locator("#follow-area [data-follow-list]")
        expect(line).to_have_text("Player 06: board 4, White against Player 05 (round 3)")
        expect(page.locator('tr[data-white="6"]')).to_have_class("followed")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

        page.goto(site.url + "/e/small-open/")
        expect(page.locator('table.standings tr[data-key="6"]')).to_have_class("followed")
        page.get_by_role("button", name="Notify me").click()
        # Headless Chromium has no push service to subscribe with: it says so, or says on.
        expect(page.locator("[data-follow-said]")).not_to_be_empty()
        scope, script = page.evaluate(WORKER)
        assert scope == site.url + "/"
        assert script == site.url + "/sw.js"

        page.get_by_role("button", name="Remove everything").click()
        expect(page.locator("[data-follow-said]")).to_contain_text("Removed")
        expect(page.locator("tr.followed")).to_have_count(0)
    finally:
        context.close()
