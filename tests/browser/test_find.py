"""Find my board, the pinned player and the embedded widget, in a real Chromium against a
real ASGI server."""

from __future__ import annotations

import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RENAME = """
from standings.events.models import Participant
Participant.objects.filter(event__slug="small-open", start_no=6).update(name="Çağlar Öztürk")
"""


def wait_live(page):
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)


def test_search_ignores_accents_and_finds_start_numbers(site, new_page):
    site.server.database.run_python(RENAME, redis_url=site.server.redis_url)  # before any render
    page = new_page()
    page.goto(site.url + "/e/small-open/")
    page.fill("#find-q", "caglar OZ")  # typed without accents, any case
    found = page.locator("#find-results li")
    expect(found).to_have_count(1)
    expect(found).to_contain_text("Çağlar Öztürk")
    expect(found).to_contain_text("round 3, board 4, white")
    assert page.url == site.url + "/e/small-open/"  # answered in place (htmx)
    page.fill("#find-q", "5")
    expect(found).to_have_count(1)
    expect(found).to_have_attribute("data-start-no", "5")
    expect(found).to_contain_text("board 4, black")
    page.fill("#find-q", "oztürk")
    found.locator("a.found-board").click()
    expect(page).to_have_url(site.url + "/e/small-open/round/3/#b4")
    expect(page.locator("th#b4")).to_be_in_viewport()


def test_pinned_player_board_marked_and_titled_live(site, new_page):
    page = new_page()
    page.goto(site.url + "/e/small-open/player/6/")
    pin = page.get_by_role("button", name="This is me")
    pin.click()
    expect(pin).to_have_attribute("aria-pressed", "true")
    page.goto(site.url + "/e/small-open/round/3/")
    wait_live(page)
    mine = page.locator("tr.mine")
    expect(mine).to_have_count(1)
    expect(mine).to_have_attribute("data-white", "6")
    expect(page).to_have_title(re.compile(r"^Board 4 · White · Round 3"))
    site.write("enter_result(event, 3, 4, '10')")  # their game, entered by the arbiter
    expect(mine.locator("td.result")).to_have_text("1–0")  # swapped in, and marked again
    expect(mine).to_have_attribute("data-white", "6")
    expect(page).to_have_title(re.compile(r"^Board 4 · White · "))
    with page.expect_response(lambda r: "v=" in r.url):  # the refetch a push with news brings
        page.evaluate(
            """document.getElementById("last-update").dataset.version = "newer";
            document.dispatchEvent(new Event("htmx:wsAfterMessage"));"""
        )
    expect(page).to_have_title(re.compile(r"^Board 4 · White · Round 3"))  # its <title> came too
    expect(mine).to_have_attribute("data-white", "6")
    page.goto(site.url + "/e/small-open/round/2/")  # another round: their board there
    expect(page.locator("tr.mine")).to_have_attribute("data-black", "6")


@pytest.fixture
def club_site():
    """Another site (another origin: its own port) whose page embeds what it is given."""
    pages: dict[str, bytes] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):  # noqa: N802 (the name http.server calls)
            body = pages.get(self.path)
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body or b"")

        def log_message(self, *args):  # quiet
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield pages, f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()
    thread.join()


def test_widget_updates_live_inside_another_sites_frame(site, chromium, club_site):
    pages, club = club_site
    pages["/results.html"] = (
        "<!doctype html><title>Club news</title><h1>Our players today</h1>"
        f'<iframe src="{site.url}/e/small-open/widget/pairings/?n=3&amp;theme=dark" '
        'width="420" height="300" title="Live pairings"></iframe>'
    ).encode()
    # A context that keeps the CSP: the frame must be allowed by the widget's own headers.
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(club + "/results.html")
        frame = page.frame_locator("iframe")
        expect(frame.locator("#live-indicator")).to_have_attribute(
            "data-state", "live", timeout=15000
        )
        expect(frame.locator("#widget-pairings tbody tr:visible")).to_have_count(3)
        expect(frame.locator("html")).to_have_attribute("data-theme", "dark")
        third = frame.locator("#widget-pairings tbody tr").nth(2)
        expect(third.locator("td.result")).to_have_text("…")
        site.write("enter_result(event, 3, 3, '01')")
        expect(third.locator("td.result")).to_have_text("0–1")
        expect(frame.locator("#widget-pairings tbody tr:visible")).to_have_count(3)
    finally:
        context.close()


def test_other_pages_still_refuse_to_be_framed(site, chromium, club_site):
    pages, club = club_site
    pages["/copy.html"] = (
        f'<!doctype html><title>Copy</title><iframe id="copied" src="{site.url}/e/small-open/">'
        f'</iframe><iframe id="widget" src="{site.url}/e/small-open/widget/standings/"></iframe>'
    ).encode()
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(club + "/copy.html", wait_until="load")  # the frames' loads included
        expect(page.frame_locator("#widget").locator("#widget-standings")).to_be_attached()
        copied = page.frame_locator("#copied").locator("#standings-table")
        assert copied.count() == 0  # refused by frame-ancestors 'none' / X-Frame-Options
    finally:
        context.close()
