"""The tie-break settings page in a real Chromium: validation as you type, preview, save, push."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.arbiter.test_browser import ARBITER, log_in
from tests.browser.conftest import (  # noqa: F401 (fixtures)
    PHONE,
    chromium,
    new_page,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def desk(site):  # noqa: F811
    site.server.database.run_python(ARBITER, redis_url=site.server.redis_url)
    return site


def test_pick_a_preset_see_the_preview_save_and_followers_follow(desk, new_page):  # noqa: F811
    follower = new_page()
    follower.goto(desk.url + "/e/small-open/")
    expect(follower.locator("#live-indicator")).to_have_attribute(
        "data-state", "live", timeout=15000
    )
    follower.evaluate("window.notReloaded = true")

    page = new_page()
    log_in(page, desk.url)
    page.get_by_role("link", name="Tie-breaks").click()
    expect(page).to_have_url(desk.url + "/e/small-open/arbiter/settings/")
    page.wait_for_load_state()  # typing before htmx is ready would ask for no preview

    custom = page.get_by_label("Custom list, in order")
    page.get_by_role("radio", name="Custom list").check()
    custom.fill("USMM XYZ")  # refused as typed, naming the known tie-breaks
    expect(page.locator("#preview .refusal")).to_contain_text("unknown tie-break: 'XYZ'")
    expect(page.locator("#preview .refusal")).to_contain_text("Known: ")
    custom.fill("USMM WALL/C2")
    expect(page.locator("#preview thead")).to_contain_text("WALL/C2")

    page.get_by_role("radio", name="US Chess").check()
    preview = page.locator("#preview table")
    expect(preview.locator("thead")).to_contain_text("USOCUM")
    expect(preview.locator("tbody tr")).to_have_count(8)
    expect(follower.locator("#standings-table thead")).not_to_contain_text("USMM")

    page.get_by_role("button", name="Save and publish").click()
    expect(page.locator(".messages")).to_contain_text("Tie-break settings saved")
    expect(page.get_by_role("radio", name="US Chess")).to_be_checked()
    expect(follower.locator("#standings-table thead")).to_contain_text("USMM", timeout=15000)
    assert follower.evaluate("window.notReloaded") is True

    page.goto(desk.url + "/e/small-open/arbiter/audit/")
    expect(page.locator("main")).to_contain_text("Tie-break settings")


def test_usable_on_a_phone(desk, new_page):  # noqa: F811
    page = new_page(PHONE)
    log_in(page, desk.url)
    page.goto(desk.url + "/e/small-open/arbiter/settings/")
    page.get_by_role("radio", name="Chess Scotland: Swiss").check()
    expect(page.locator("#preview table thead")).to_contain_text("SCSOG")
    box = page.get_by_role("button", name="Save and publish").bounding_box()
    assert box["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
