"""The prize page and the screen's prize view follow the push in a real Chromium."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PRIZES = """
from standings.events import services
from tests.factories import TEST_ACTOR
services.change_prizes(event, {
    "ties": "equal",
    "categories": [{"key": "overall", "name": "Overall"}],
    "prizes": [
        {"category": "overall", "place": 1, "amount": "300"},
        {"category": "overall", "place": 2, "amount": "150"},
    ],
}, actor=TEST_ACTOR)
"""


def test_the_prize_page_updates_live_and_turns_final(site, new_page):
    site.write(PRIZES)
    page = new_page()
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws.url))
    page.goto(site.url + "/e/small-open/prizes/")
    wait_live(page)
    assert sockets[0].startswith(site.server.ws_url + "/ws/e/small-open/?view=prizes")
    page.evaluate("window.notReloaded = true")
    first = page.locator('table[data-category="overall"] tbody tr').first
    expect(page.locator("#prize-status")).to_contain_text("Provisional")
    expect(first).not_to_have_attribute("data-start-no", "7")  # 7 is on 1.5 points before

    site.write("enter_result(event, 3, 3, '10')")  # Player 07 beats Player 04: 2.5 points, alone
    expect(first).to_have_attribute("data-start-no", "7")
    expect(first.locator("td").last).to_contain_text("300")
    assert page.evaluate("window.notReloaded") is True

    site.write("enter_result(event, 3, 4, '01')")
    site.write("close_round(event, 3)")
    # round 3 of 5 closed: still in line for (issue 26), until the last round or a declaration
    expect(page.locator("#prize-status")).to_contain_text("in line for each prize after round 3")
    expect(page.locator("#prize-lists table .prov")).to_have_count(0)  # every rank settled
    card = new_page()
    card.goto(site.url + "/e/small-open/player/7/")
    expect(card.locator(".in-line-for")).to_contain_text("In line for: 1st Overall")
    site.write(
        "from standings.events.prizes import declare_final\n"
        "from tests.factories import TEST_ACTOR\n"
        "declare_final(event, actor=TEST_ACTOR)"
    )
    expect(page.locator("#prize-status")).to_contain_text("Final after round 3 of 5")
    assert page.evaluate("window.notReloaded") is True
    card.reload()
    expect(card.locator(".in-line-for")).to_contain_text("Wins: 1st Overall")


def test_the_screen_rotates_to_the_prizes(site, new_page):
    site.write(PRIZES)
    screen = new_page()
    screen.goto(site.url + "/e/small-open/screen/?views=prizes")
    wait_live(screen)
    expect(screen.locator("#screen-view-name")).to_have_text("Prizes")
    rows = screen.locator("#screen-prizes tbody tr")
    expect(rows.first).to_be_visible()
    site.write("enter_result(event, 3, 3, '10')")
    expect(rows.first).to_have_attribute("data-start-no", "7")


def test_the_prize_pages_have_no_serious_accessibility_violation(site, new_page):
    from .axe import violations

    site.write(PRIZES)
    site.write("enter_result(event, 3, 3, '10')")  # a shared prize: 2nd place tied
    page = new_page()
    found = []
    for url in ("/e/small-open/prizes/", "/e/small-open/print/a4/prizes/"):
        page.goto(site.url + url)
        found += [f"{url}: {v['id']} {v['help']}" for v in violations(page)]
    page.goto(site.url + "/e/small-open/screen/?views=prizes")
    wait_live(page)
    found += [f"screen: {v['id']} {v['help']}" for v in violations(page)]
    assert found == []
