"""The standings after a round on a phone, in French: reached from the standings page's
links, no sideways scroll at 360 px, the rounds' links tap targets inside the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE

pytestmark = pytest.mark.browser


def test_the_standings_after_a_round_fit_a_phone(site, chromium, artifacts):
    context = chromium.new_context(viewport=PHONE, locale="fr-FR", bypass_csp=True)
    page = context.new_page()
    page.goto(site.url + "/e/small-open/")
    page.locator(".after-rounds a", has_text="2").click()
    expect(page).to_have_url(site.url + "/e/small-open/after/2/")
    expect(page.locator("#standings-table caption")).to_contain_text("2")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for link in page.locator(".after-rounds a").all():
        box = link.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["height"] >= 44 and box["width"] >= 44  # a tap target (WCAG 2.5.5)
    page.screenshot(path=str(artifacts / "after-round-phone-fr.png"), full_page=True)
    page.locator('a[href="/e/small-open/"]').first.click()
    expect(page).to_have_url(site.url + "/e/small-open/")
    context.close()
