"""The language switcher in Chromium: the browser's language first, then the reader's
choice (a form posting to set_language with its CSRF token), kept across pages and by the
live push, which sends this socket its page's language."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_switch_from_the_browser_s_german_to_french_and_stay_french_live(site, chromium):
    context = chromium.new_context(locale="de-DE", bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(site.url + "/e/small-open/")
        expect(page.locator("html")).to_have_attribute("lang", "de")
        caption = page.locator("#standings-table caption")
        expect(caption).to_contain_text("Rangliste nach Runde 3")

        page.locator("a.language").click()
        expect(page.locator("h1")).to_have_text("Sprache")
        page.locator("select[name=language]").select_option("fr")
        page.locator("form.language-choice button[type=submit]").click()

        expect(page).to_have_url(site.url + "/e/small-open/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(caption).to_contain_text("Classement après la ronde 3")
        expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live")

        before = page.locator("#last-update").get_attribute("data-version")
        site.write('enter_result(event, 3, 3, "10")')
        expect(page.locator("#last-update")).not_to_have_attribute("data-version", before or "")
        expect(page.locator("#last-update")).to_contain_text("Mis à jour")
        expect(caption).to_contain_text("Classement après la ronde 3")

        page.goto(site.url + "/e/small-open/round/3/")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator("table.pairings caption")).to_contain_text("Ronde 3")
    finally:
        context.close()
