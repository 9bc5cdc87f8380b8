"""Followers and the screen in a real Chromium against a real ASGI server."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.slow]
CHANGED = re.compile(r"\bchanged\b")  # the brief highlight of a row a push changed


def wait_live(page):
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)


@pytest.mark.parametrize("inflates", [True, False], ids=["deflate", "text"])
def test_follower_page_updates_without_reload_and_turns_final(site, new_page, inflates):
    follower = new_page()
    if not inflates:  # a browser without DecompressionStream asks for text
        follower.add_init_script("delete window.DecompressionStream")
    sockets = []
    follower.on("websocket", lambda ws: sockets.append(ws.url))
    follower.goto(site.url + "/e/small-open/")
    wait_live(follower)
    assert sockets == [
        site.server.ws_url
        + "/ws/e/small-open/?view=standings&lang=en"  # fragments in the page's language
        + ("&enc=deflate" if inflates else "")
    ]
    follower.evaluate("window.notReloaded = true")
    points = follower.locator('#standings-table tr[data-key="7"] td.num').first
    expect(points).to_have_text("1.5")
    expect(follower.locator("#standings-table .prov").first).to_be_visible()

    site.write("enter_result(event, 3, 3, '10')")  # Player 07 beats Player 04
    expect(points).to_have_text("2.5")
    assert follower.evaluate("window.notReloaded") is True
    expect(follower.locator('#standings-table tr[data-key="7"]')).to_have_class(CHANGED)

    site.write("enter_result(event, 3, 4, '01')")
    site.write("close_round(event, 3)")
    expect(follower.locator("#standings-table .prov")).to_have_count(0)
    assert follower.evaluate("window.notReloaded") is True


def test_a_silent_link_is_dropped_and_the_page_connects_again(site, new_page):
    follower = new_page()
    follower.clock.install()  # live.js's timers and Date.now() move when the test says so
    sockets = []
    follower.on("websocket", lambda ws: sockets.append(ws))
    follower.goto(site.url + "/e/small-open/")
    wait_live(follower)
    follower.evaluate("window.notReloaded = true")
    follower.clock.fast_forward(30_000)  # heartbeats are every 20 s: not silent yet
    follower.wait_for_timeout(500)
    assert len(sockets) == 1
    follower.clock.fast_forward(40_000)  # 70 s without a word: as good as dead
    expect(follower.locator("#live-indicator")).to_have_attribute("data-state", "live")
    follower.wait_for_function("window.notReloaded === true")
    assert len(sockets) == 2 and sockets[0].is_closed()

    site.write("enter_result(event, 3, 3, '10')")  # reaches the page on its new socket
    points = follower.locator('#standings-table tr[data-key="7"] td.num').first
    expect(points).to_have_text("2.5")
    assert follower.evaluate("window.notReloaded") is True


def test_round_page_and_player_card_follow_the_push(site, new_page):
    page = new_page()
    page.goto(site.url + "/e/small-open/player/7/")
    wait_live(page)
    page.evaluate("window.notReloaded = true")
    site.write("enter_result(event, 3, 3, '10')")
    record = page.locator("table.record tbody tr").nth(2).locator("td.num").last
    expect(record).to_have_text("2.5", timeout=15000)  # refetches are spread over 8 s
    assert page.evaluate("window.notReloaded") is True


def test_screen_pages_through_120_players(site, new_page):
    screen = new_page({"width": 1280, "height": 720})
    screen.goto(site.url + "/e/big-open/screen/?rotate=1&views=standings")
    label = screen.locator("#screen-page")
    expect(label).to_contain_text("page 1 of ")
    pages = int(label.inner_text().rsplit(" ", 1)[1])
    assert pages >= 3
    seen: set[int] = set()
    for n in range(1, pages + 1):
        expect(label).to_have_text(_page_of(n, pages), timeout=5000)
        players = screen.eval_on_selector_all(
            "#screen-standings tbody tr:not([hidden])", "rows => rows.map(r => r.dataset.key)"
        )
        height = screen.evaluate("document.documentElement.scrollHeight")
        assert height <= 720  # one page fits the window
        seen.update(int(p) for p in players)
    assert seen == set(range(1, 121))  # every player, by start number


def count_messages(page) -> None:
    page.add_init_script(
        "document.addEventListener('htmx:wsAfterMessage',"
        " () => { window.liveMessages = (window.liveMessages || 0) + 1; });"
    )


def settled(page) -> None:
    page.wait_for_function("window.liveMessages > 0")
    page.wait_for_function("!document.querySelector('.htmx-swapping, .htmx-settling')")


def _page_of(n: int, pages: int | None = None) -> str:
    return f"page {n} of {pages}"


def test_screen_recovers_after_the_server_restarts(site, new_page):
    screen = new_page({"width": 1280, "height": 720})
    screen.goto(site.url + "/e/small-open/screen/?rotate=600&views=pairings")
    wait_live(screen)
    result = screen.locator('#screen-pairings tr[data-key="3"] td.result')
    expect(result).to_have_text("…")

    site.server.stop()
    expect(screen.locator("#live-indicator")).to_have_attribute("data-state", "reconnecting")
    site.write("enter_result(event, 3, 3, '10')")  # while the screen is cut off
    site.server.start()

    wait_live(screen)
    expect(result).to_have_text("1–0", timeout=15000)  # resynchronised on reconnect


def test_screen_does_not_grow_with_updates(site, new_page):
    screen = new_page({"width": 1280, "height": 720})
    screen.goto(site.url + "/e/small-open/screen/?rotate=1")
    wait_live(screen)
    count = "document.getElementsByTagName('*').length"
    start = screen.evaluate(count)
    result = screen.locator('#screen-pairings tr[data-key="3"] td.result')
    for code, shown in [("10", "1–0"), ("01", "0–1")] * 3:
        site.write(f"enter_result(event, 3, 3, {code!r})")
        expect(result).to_have_text(shown)
        expect(screen.locator('#screen-pairings tr[data-key="3"]')).to_have_class(CHANGED)
    assert screen.evaluate(count) <= start + 5  # changed rows only gain a class


def test_phone_shows_standings_without_horizontal_scroll(site, new_page):
    phone = new_page(PHONE)
    count_messages(phone)
    for slug in ("small-open", "big-open"):
        phone.goto(site.url + f"/e/{slug}/")
        settled(phone)  # measure after the on-connect state is swapped in
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        table = phone.locator("#standings-table table")
        assert table.bounding_box()["width"] <= PHONE["width"]
        expect(phone.locator('#standings-table th abbr[title="Points"]')).to_be_visible()
        expect(phone.locator('#standings-table th abbr[title="Buchholz Cut-1"]')).to_be_visible()
        expect(phone.locator('#standings-table th abbr[title="Sonneborn-Berger"]')).to_be_hidden()
