"""The prize settings page in a real Chromium: faults named as typed, a preview, the save
reaching a follower's prize page live."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.arbiter.test_browser import ARBITER, log_in
from tests.browser.axe import violations
from tests.browser.conftest import (  # noqa: F401 (fixtures)
    chromium,
    new_page,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

DOCUMENT = {
    "ties": "equal",
    "categories": [{"key": "overall", "name": "Overall"}],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "300"},
        {"category": "overall", "place": 2, "amount": "150"},
    ],
}


@pytest.fixture
def desk(site):  # noqa: F811
    site.server.database.run_python(ARBITER, redis_url=site.server.redis_url)
    return site


def test_type_the_prizes_see_the_preview_save_and_followers_follow(desk, new_page):  # noqa: F811
    follower = new_page()
    follower.goto(desk.url + "/e/small-open/prizes/")
    expect(follower.locator("#live-indicator")).to_have_attribute(
        "data-state", "live", timeout=15000
    )
    expect(follower.locator("#prize-lists")).to_contain_text("No prizes are published")
    follower.evaluate("window.notReloaded = true")

    page = new_page()
    log_in(page, desk.url)
    page.get_by_role("link", name="Prizes").click()
    expect(page).to_have_url(desk.url + "/e/small-open/arbiter/settings/prizes/")
    page.wait_for_load_state()  # typing before htmx is ready would ask for no preview
    assert violations(page) == []  # axe: nothing serious or critical
    editor = page.get_by_label("Categories and prizes")
    faulty = {**DOCUMENT, "prizes": [{"category": "overall", "place": 1, "amount": "0"}]}
    editor.fill(json.dumps(faulty))
    expect(page.locator("#prize-preview .problems")).to_contain_text("must be a positive amount")
    editor.fill(json.dumps(DOCUMENT))
    expect(page.locator("#preview-heading")).to_have_text("Preview: not saved yet")
    expect(page.locator("#saved-prizes tbody tr")).to_have_count(2)

    page.get_by_role("button", name="Save and publish").click()
    expect(page.locator(".messages")).to_contain_text("Prizes saved")
    expect(follower.locator('table[data-category="overall"] tbody tr').first).to_be_visible(
        timeout=15000
    )
    assert follower.evaluate("window.notReloaded") is True
