"""In a real Chromium, no page breaks the Content-Security-Policy, live updates included."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (  # noqa: F401 (fixtures)
    DESKTOP,
    chromium,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARBITER = """
from django.contrib.auth import get_user_model
from standings.events.models import Event
user = get_user_model().objects.create_user("anna", password="pw-anna-1", is_staff=True)
Event.objects.get(slug="small-open").arbiters.add(user)
"""

PUBLIC = [
    "/",
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/1/",
    "/e/small-open/screen/",
    "/login/",
]
PRIVATE = ["/e/small-open/arbiter/", "/e/small-open/arbiter/audit/", "/import/"]

WATCH = """
window.cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.cspViolations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture
def new_page(chromium):  # noqa: F811
    """Pages that obey the policy (the shared fixture's pages bypass it)."""
    contexts = []

    def open_page():
        context = chromium.new_context(viewport=DESKTOP)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def watched_page(new_page):
    page = new_page()
    console = []
    page.on("console", lambda message: console.append(message.text))
    page.add_init_script(WATCH)
    return page, console


def assert_no_violations(page, console, url):
    assert page.evaluate("window.cspViolations") == [], url
    assert not [line for line in console if "Content Security Policy" in line], url


def test_public_pages_break_no_policy_and_go_live(site, new_page):  # noqa: F811
    page, console = watched_page(new_page)
    for path in PUBLIC:
        page.goto(site.url + path)
        page.wait_for_load_state("load")
        if path.startswith("/e/") and path != "/e/small-open/crosstable/":
            indicator = page.locator("#live-indicator")
            expect(indicator).to_have_attribute("data-state", "live", timeout=15000)
        assert_no_violations(page, console, path)
    page.goto(site.url + "/e/small-open/")
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    site.write("enter_result(event, 3, 3, '10')")  # a pushed swap, through the socket
    expect(page.locator("#last-update")).to_have_attribute("data-version", "1", timeout=15000)
    assert_no_violations(page, console, "after a push")


def test_arbiter_pages_break_no_policy(site, new_page):  # noqa: F811
    site.server.database.run_python(ARBITER, redis_url=site.server.redis_url)
    page, console = watched_page(new_page)
    page.goto(site.url + "/login/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("pw-anna-1")
    page.get_by_role("button", name="Log in").click()
    for path in PRIVATE:
        page.goto(site.url + path)
        page.wait_for_load_state("load")
        assert_no_violations(page, console, path)
    page.goto(site.url + "/e/small-open/arbiter/")
    page.locator("#board-3").get_by_role("button", name="1–0").click()  # an htmx swap
    expect(page.locator("#board-3 .entry")).to_contain_text("1–0 entered by anna")
    assert_no_violations(page, console, "after a tap")
