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


# A browser whose push service cannot be reached: subscribe() never settles.
UNREACHABLE_PUSH_SERVICE = """
PushManager.prototype.getSubscription = function () { return Promise.resolve(null); };
PushManager.prototype.subscribe = function () { return new Promise(function () {}); };
"""


def test_notify_me_gives_up_in_words_when_the_push_service_never_answers(site, chromium):
    context = chromium.new_context(viewport=PHONE, permissions=["notifications"], bypass_csp=True)
    context.add_init_script(UNREACHABLE_PUSH_SERVICE)
    try:
        page = context.new_page()
        page.goto(site.url + "/e/small-open/player/6/")
        page.locator("#page-body button[data-follow-toggle]").click()
        # The page's 20 s, shortened so that the test does not wait them out.
        page.evaluate("document.getElementById('follow-area').dataset.followTimeout = '500'")
        page.get_by_role("button", name="Notify me").click()
        expect(page.locator("[data-follow-said]")).to_have_text(
            "The browser's push service did not answer, so notifications are not on; "
            "try again later, or on another network."
        )
    finally:
        context.close()


def test_remove_everything_clears_the_line_at_once(site, chromium):
    context = chromium.new_context(viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(site.url + "/e/small-open/player/6/")
        page.locator("#page-body button[data-follow-toggle]").click()
        page.goto(site.url + "/e/small-open/round/3/")
        line = page.locator("#follow-area [data-follow-list]")
        expect(line).to_have_text("Player 06: board 4, White against Player 05 (round 3)")
        page.get_by_role("button", name="Remove everything").click()
        expect(page.locator("[data-follow-said]")).to_contain_text("Removed")
        expect(page.locator("#follow-area .your-players")).to_be_hidden()
        expect(line).to_be_empty()
    finally:
        context.close()
