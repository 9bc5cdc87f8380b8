"""Section switching in a real Chromium against a real ASGI server: the public pages, the
venue screen rotating over a tournament's sections, and the arbiter's one-tap switch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    chromium,
    new_page,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CUP = """
from django.contrib.auth import get_user_model
from standings.events.models import Event
from tests.factories import create_swiss
cup = Event.objects.create(slug="cup", name="Rilton Cup")
anna = get_user_model().objects.create_user("anna", password="pw-anna-1")
cup.arbiters.add(anna)
for order, (slug, name) in enumerate([("cup-a", "Open A"), ("cup-b", "Open B")], start=1):
    section = create_swiss(slug=slug)
    Event.objects.filter(pk=section.pk).update(
        name=name, parent=cup, section_order=order, board_offset=100 * (order - 1)
    )
"""


@pytest.fixture
def cup(site):  # noqa: F811
    site.server.database.run_python(CUP, redis_url=site.server.redis_url)
    return site


def test_a_follower_moves_between_sections(cup, new_page):  # noqa: F811
    page = new_page(PHONE)
    page.goto(cup.url + "/")
    page.locator(".section-list").get_by_role("link", name="Open B").click()
    expect(page).to_have_url(cup.url + "/e/cup-b/")
    expect(page.locator("h1")).to_have_text("Open B")
    sections = page.get_by_role("navigation", name="Sections of Rilton Cup")
    expect(sections.locator('[aria-current="page"]')).to_have_text("Open B")
    sections.get_by_role("link", name="Rilton Cup").click()
    expect(page).to_have_url(cup.url + "/e/cup/")
    expect(page.locator(".section-summary h2")).to_have_text(["Open A", "Open B"])
    page.locator(".section-summary").first.get_by_role("link", name="Open A").click()
    expect(page).to_have_url(cup.url + "/e/cup-a/")
    expect(page.locator("#standings-table tbody tr")).to_have_count(8)


def test_the_overview_follows_a_result_in_a_section(cup, new_page):  # noqa: F811
    """Live, as every page: pushed, not polled (it polled every 10 s)."""
    page = new_page()
    requests = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(cup.url + "/e/cup/")
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    first = page.locator(".section-summary").first
    before = first.locator("table.leaders").inner_text()
    page.wait_for_timeout(11000)
    assert [url for url in requests if "/e/cup/" in url] == [cup.url + "/e/cup/"]  # no poll
    page.evaluate("window.notReloaded = true")
    cup.write("enter_result(event, 3, 3, '10'); enter_result(event, 3, 4, '10')", slug="cup-a")
    expect(first.locator("table.leaders")).not_to_have_text(before, timeout=15000)
    assert page.evaluate("window.notReloaded") is True


def test_the_tournament_screen_rotates_over_its_sections(cup, new_page):  # noqa: F811
    page = new_page()
    page.goto(cup.url + "/e/cup/screen/?rotate=1&views=pairings")
    expect(page).to_have_url(
        re.compile(r"/e/cup-a/screen/\?rotate=1&views=pairings&sections=cup-a%2Ccup-b$")
    )
    expect(page.locator(".screen-title h1")).to_have_text("Rilton Cup Open A")
    expect(page).to_have_url(re.compile(r"/e/cup-b/screen/"), timeout=10000)
    expect(page.locator("#screen-pairings tbody th.board").first).to_have_text("101")
    expect(page).to_have_url(re.compile(r"/e/cup-a/screen/"), timeout=10000)


def test_the_arbiter_switches_section_in_one_tap(cup, new_page):  # noqa: F811
    page = new_page(PHONE)
    page.goto(cup.url + "/e/cup-a/arbiter/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("pw-anna-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(cup.url + "/e/cup-a/arbiter/")
    switch = page.get_by_role("navigation", name="Sections")
    switch.get_by_role("link", name="Open B").click()
    expect(page).to_have_url(cup.url + "/e/cup-b/arbiter/")
    page.wait_for_load_state()  # a tap before htmx is ready would post the plain form
    expect(switch.locator('[aria-current="page"]')).to_have_text("Open B")
    board = page.locator("#board-3")
    expect(board.locator(".bno")).to_have_text("Board 103")
    board.get_by_role("button", name="1–0").click()
    expect(board.locator(".entry")).to_contain_text("1–0 entered by anna at")
