"""A scorer draws a round and scores a match board by board on a tablet, keyboard only
(type a room, Tab, type the other, Enter: the next board's open room has the focus); a
follower's phone shows the match in progress; every control is a 44 px touch target."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from standings.bridge_events.demo import BRIDGE_DEMO_SLUG

from .conftest import PHONE
from .test_bridge_scorer import TABLET, bridge_site  # noqa: F401 (a fixture)
from .test_knockout_scorer import small_controls
from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# Sixteen boards, the rooms as a scorer types them: games, part-scores, a slam, doubles.
ROOMS = [
    ("4S= N", "4S-1 N"), ("3NT+1 S", "3NT= S"), ("2H= E", "3H-1 E"), ("6C= N", "5C+1 N"),
    ("1NT-1 W", "1NT= W"), ("4HX-2 N", "3H= N"), ("pass", "2S= E"), ("3D+1 S", "3D+1 S"),
    ("4S= E", "4S= E"), ("3NT-2 N", "2NT= N"), ("5DX= S", "5D-1 S"), ("2C= W", "2C+1 W"),
    ("4H+1 N", "4H= N"), ("3NT= E", "3NT= E"), ("1S+2 S", "2S= S"), ("6NT= N", "6NT-1 N"),
]  # fmt: skip


def sign_in(tablet, url: str, target: str) -> None:
    tablet.goto(f"{url}/login/?next={target}")
    tablet.fill("input[name=username]", "arbiter")
    tablet.fill("input[name=password]", "pw-scorer-1")
    tablet.click("button[type=submit]")


def test_a_match_scored_board_by_board_with_the_keyboard(bridge_site, new_page):  # noqa: F811
    follower = new_page(PHONE)
    tablet = new_page(TABLET)
    sign_in(tablet, bridge_site.url, f"/b/{BRIDGE_DEMO_SLUG}/score/%3Fround%3D5")
    draw = tablet.locator("form.draw-form")
    draw.locator("select[name=home]").select_option(label="Aalborg")
    draw.locator("select[name=away]").select_option(label="Bergen")
    draw.locator("button[type=submit]").click()
    said = tablet.locator(".messages .success")
    expect(said).to_contain_text("Round 5, table 1: Aalborg – Bergen.")
    offered = draw.locator("select[name=home] option").all_text_contents()
    assert "Aalborg" not in offered and "Bergen" not in offered  # drawn: not offered again
    assert small_controls(tablet) == []

    follower.goto(f"{bridge_site.url}/b/{BRIDGE_DEMO_SLUG}/?round=5")
    wait_live(follower)
    expect(follower.locator("tr.in-play")).to_contain_text("table 1, to be played")

    tablet.locator("#table-1 a.match-link").click()
    expect(tablet.locator("#match-running")).to_contain_text("No board entered yet.")
    assert small_controls(tablet) == []
    tablet.locator("#board-1 input[name=open_room]").click()  # the one tap; then keys only
    keys = 0
    for number, (open_room, closed_room) in enumerate(ROOMS, start=1):
        focused = tablet.locator(f"#board-{number} input[name=open_room]")
        expect(focused).to_be_focused()
        tablet.keyboard.type(open_room)
        tablet.keyboard.press("Tab")
        tablet.keyboard.type(closed_room)
        tablet.keyboard.press("Enter")
        keys += len(open_room) + len(closed_room) + 2
        expect(said).to_contain_text(f"Board {number}, Aalborg – Bergen: ")
        if number == 1:
            expect(said).to_have_text(
                "Board 1, Aalborg – Bergen: 4S= N / 4S-1 N, 10 IMPs to Aalborg."
            )
            expect(tablet.locator("#match-running")).to_contain_text("1 of 16 boards")
            expect(tablet.locator("#match-running .provisional")).to_be_visible()
            row = follower.locator("tr.in-play")
            expect(row).to_contain_text("1 of 16 boards", timeout=15000)
            expect(row).to_contain_text("10–0")
    running = tablet.locator("#match-running")
    expect(running).to_contain_text("16 of 16 boards")
    expect(running.locator(".provisional")).to_have_count(0)  # complete: the VPs are final
    print(f"\n16 boards scored with 1 tap and {keys} keys ({keys / 16:.1f} a board)")
    follower_match = follower.locator("table.bridge-matches tbody tr", has_text="Aalborg")
    expect(follower_match).not_to_have_class("in-play", timeout=15000)


def test_a_push_never_wipes_what_the_scorer_is_typing(bridge_site, new_page):  # noqa: F811
    tablet = new_page(TABLET)
    sign_in(tablet, bridge_site.url, f"/b/{BRIDGE_DEMO_SLUG}/score/%3Fround%3D5")
    tablet.locator("form.draw-form button[type=submit]").click()
    tablet.locator("#table-1 a.match-link").click()
    wait_live(tablet)
    room = tablet.locator("#board-1 input[name=open_room]")
    room.click()
    tablet.keyboard.type("4S+1")  # half typed when a colleague's entry is pushed
    refetched = []
    tablet.on("response", lambda r: refetched.append(r.url) if "v=" in r.url else None)
    tablet.evaluate(
        """document.getElementById("last-update").dataset.version = "newer";
        document.dispatchEvent(new Event("htmx:wsAfterMessage"));"""
    )
    tablet.wait_for_timeout(2500)
    expect(room).to_have_value("4S+1")
    expect(room).to_be_focused()
    assert refetched == []  # held while a field has focus
    tablet.keyboard.type(" N")
    tablet.keyboard.press("Tab")
    tablet.keyboard.type("4S= N")
    tablet.evaluate("document.activeElement.blur()")  # leaves the fields, typed
    tablet.wait_for_timeout(2500)
    expect(room).to_have_value("4S+1 N")  # still held: the typed rooms are not sent yet
    tablet.locator("#board-1 button[type=submit]").click()
    expect(tablet.locator(".messages .success")).to_contain_text("Board 1, ")
