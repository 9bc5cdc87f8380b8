"""The arbiter's page in a real Chromium against a real ASGI server: taps, no-JS, phone, live."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (  # noqa: F401 (fixtures)
    DESKTOP,
    PHONE,
    artifacts,
    chromium,
    new_page,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARBITER = """
from django.contrib.auth import get_user_model
from standings.events.models import Event
user = get_user_model().objects.create_user("anna", password="pw-anna-1")
Event.objects.get(slug="small-open").arbiters.add(user)
"""


@pytest.fixture
def desk(site):  # noqa: F811
    site.server.database.run_python(ARBITER, redis_url=site.server.redis_url)
    return site


def log_in(page, url: str) -> None:
    page.goto(url + "/e/small-open/arbiter/")
    expect(page).to_have_url(url + "/login/?next=/e/small-open/arbiter/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("pw-anna-1")
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(url + "/e/small-open/arbiter/")
    page.wait_for_load_state()  # a tap before htmx is ready would post the plain form


def test_a_tap_enters_the_result_in_place(desk, new_page):  # noqa: F811
    page = new_page()
    log_in(page, desk.url)
    page.evaluate("window.notReloaded = true")
    board = page.locator("#board-3")
    board.get_by_role("button", name="1–0").click()
    expect(board.locator(".entry")).to_contain_text("1–0 entered by anna at")
    expect(page.locator("#round-controls")).to_contain_text("1 result to come")
    assert page.evaluate("window.notReloaded") is True

    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    board.get_by_text("Correct board 3").click()  # reveals the buttons with the new version
    board.get_by_label("Reason").fill("score sheet")
    desk.write("enter_result(event, 3, 4, '01')")  # a colleague: the page body is refetched
    expect(page.locator("#board-4 .entry")).to_contain_text("0–1 entered", timeout=15000)
    expect(board.get_by_label("Reason")).to_have_value("score sheet")  # kept across the swap
    board.get_by_role("button", name="0–1").click()
    expect(board.locator(".entry")).to_contain_text("0–1 entered by anna")
    assert page.evaluate("window.notReloaded") is True


def test_a_late_answer_to_a_tap_keeps_a_reason_typed_meanwhile(desk, new_page):  # noqa: F811
    """The push of a tap can refetch the page before the tap's own answer comes back: a
    correction opened and typed in that gap must survive the late row swap."""
    page = new_page()
    log_in(page, desk.url)
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    held = []

    def hold(route):
        held.append((route, route.fetch()))  # the server writes now; its answer waits

    page.route("**/arbiter/round/3/board/3/**", hold)
    board = page.locator("#board-3")
    board.get_by_role("button", name="1–0").click()
    expect(board.get_by_text("Correct board 3")).to_be_visible(timeout=15000)  # the refetch
    board.get_by_text("Correct board 3").click()
    board.get_by_label("Reason").fill("score sheet")
    assert len(held) == 1
    route, response = held[0]
    route.fulfill(response=response)
    expect(board.locator(".entry")).to_contain_text("1–0 entered by anna")
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    expect(board.get_by_label("Reason")).to_have_value("score sheet")
    expect(board.get_by_label("Reason")).to_be_visible()


def test_keyboard_only(desk, new_page):  # noqa: F811
    page = new_page()
    log_in(page, desk.url)
    button = page.locator("#board-4").get_by_role("button", name="½–½")
    button.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#board-4 .entry")).to_contain_text("½–½ entered by anna")
    close = page.get_by_role("button", name="Close round 3")
    expect(close).to_be_disabled()


def test_without_javascript_the_forms_still_work(desk, chromium):  # noqa: F811
    context = chromium.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        log_in(page, desk.url)
        page.locator("#board-3").get_by_role("button", name="0–1").click()
        expect(page).to_have_url(desk.url + "/e/small-open/arbiter/round/3/#board-3")
        expect(page.locator("#board-3 .entry")).to_contain_text("0–1 entered by anna")
    finally:
        context.close()


def test_a_colleagues_entry_appears_live(desk, new_page):  # noqa: F811
    page = new_page()
    log_in(page, desk.url)
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    desk.write("enter_result(event, 3, 4, '01')")
    expect(page.locator("#board-4 .entry")).to_contain_text("0–1 entered", timeout=15000)


def test_usable_on_a_phone(desk, new_page):  # noqa: F811
    page = new_page(PHONE)
    log_in(page, desk.url)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("#board-3").get_by_role("button", name="1–0").bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44


def test_screenshots_of_the_arbiter_pages(desk, new_page, artifacts):  # noqa: F811
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = new_page(viewport)
        page.goto(desk.url + "/login/")
        page.screenshot(path=str(artifacts / f"login-{size}.png"), full_page=True)
        log_in(page, desk.url)
        page.screenshot(path=str(artifacts / f"arbiter-{size}.png"), full_page=True)
        page.goto(desk.url + "/e/small-open/arbiter/audit/")
        page.screenshot(path=str(artifacts / f"audit-{size}.png"), full_page=True)
        for name in ("login", "arbiter", "audit"):
            assert (artifacts / f"{name}-{size}.png").stat().st_size > 1000


DIGIT_LEFTS = """(selector) => {
  const node = document.querySelector(selector).firstChild;
  const range = document.createRange();
  const lefts = [];
  for (let i = 0; i < node.length; i++) {
    range.setStart(node, i);
    range.setEnd(node, i + 1);
    lefts.push(range.getBoundingClientRect().left);
  }
  return lefts;
}"""

RLO_NAME = """
from standings.events.models import Participant
Participant.objects.filter(event__slug="small-open", start_no=7).update(
    start_no=12, name="Mallory \\u202eevil"
)
"""


def test_a_right_to_left_override_in_a_name_does_not_reorder_its_start_number(
    desk,
    new_page,  # noqa: F811
):
    desk.server.database.run_python(RLO_NAME, redis_url=desk.server.redis_url)
    page = new_page()
    log_in(page, desk.url)
    white = page.locator("#board-3 .white")
    expect(white.locator(".sno")).to_have_text("12")
    one, two = page.evaluate(DIGIT_LEFTS, "#board-3 .white .sno")
    assert one < two, "start number 12 is shown as 21"
    black_name = page.locator("#board-3 .black bdi").bounding_box()
    assert white.locator(".sno").bounding_box()["x"] < black_name["x"]
