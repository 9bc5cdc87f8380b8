"""Accessibility in a real Chromium: axe-core finds no serious or critical violation on any
public or arbiter page, in the light, dark and high-contrast palettes; live changes are said
through one polite live region, summarised and spaced; the high-contrast mode and its toggle."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from standings.bridge_events.demo import BRIDGE_DEMO_SLUG

from .axe import violations
from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SEED = """
from django.contrib.auth import get_user_model
from standings.bridge_events.demo import load_bridge_demo
from standings.events.models import Event
from tests.factories import create_swiss, create_team_event
cup = Event.objects.create(slug="cup", name="Cup")
create_swiss(slug="cup-a")
Event.objects.filter(slug="cup-a").update(parent=cup, name="Cup: Open A", board_offset=100)
user = get_user_model().objects.create_user("anna", password="pw-anna-1", is_staff=True)
Event.objects.get(slug="small-open").arbiters.add(user)
create_team_event(arbiters=[user])
load_bridge_demo()
Event.objects.get(slug="demo-bridge").arbiters.add(user)
"""

BRIDGE = f"/b/{BRIDGE_DEMO_SLUG}/"
PUBLIC = [
    "/",
    "/login/",
    "/e/small-open/",
    "/e/small-open/round/3/",
    "/e/small-open/round/1/",
    "/e/small-open/crosstable/",
    "/e/small-open/player/1/",
    "/e/small-open/screen/",
    "/e/small-open/find/?q=player+0",
    "/e/small-open/prizes/",
    "/e/cup/",
    "/e/cup-a/round/3/",
    "/e/small-open/print/",
    "/e/small-open/print/a4/round/3/pairings/",
    "/e/small-open/print/a4/round/3/names/",
    "/e/small-open/print/letter/round/2/results/",
    "/e/small-open/print/a4/standings/",
    "/e/small-open/print/a4/crosstable/",
    "/e/small-open/print/a4/players/",
    "/e/small-teams/",
    "/e/small-teams/round/2/",
    "/e/small-teams/crosstable/",
    "/e/small-teams/team/1/",
    "/e/small-teams/boards/",
    "/e/small-teams/screen/",
    "/e/small-teams/print/",
    "/e/small-teams/print/a4/round/1/pairings/",
    "/e/small-teams/print/letter/standings/",
    BRIDGE,
    BRIDGE + "screen/",
]
ARBITER = [
    "/e/small-open/arbiter/",
    "/e/small-open/arbiter/round/2/",
    "/e/small-open/arbiter/audit/",
    "/e/small-open/arbiter/settings/",
    "/e/small-open/import/",
    "/import/",
    "/e/small-teams/arbiter/",
    "/e/small-teams/arbiter/round/2/match/1/",
    BRIDGE + "score/",
]
MODES = {"light": ("light", ""), "dark": ("dark", ""), "high contrast": ("light", "contrast=high")}


@pytest.fixture
def venue(site):
    site.server.database.run_python(SEED, redis_url=site.server.redis_url)
    return site


def check(page, url: str, query: str) -> list[str]:
    """axe's serious and critical violations on the page at `url`, once its socket is up."""
    if query:
        url += ("&" if "?" in url else "?") + query
    page.goto(url)
    if page.locator("#live-indicator").count():
        wait_live(page)
    return [
        f"{url}: {found['impact']} {found['id']} ({found['help']}): {found['nodes']}"
        for found in violations(page)
    ]


def log_in(page, url: str) -> None:
    page.goto(url + "/login/?next=/e/small-open/arbiter/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("pw-anna-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".logout")).to_be_visible()


def test_no_serious_or_critical_violation_on_any_page_in_any_palette(venue, new_page):
    found = []
    for scheme, query in MODES.values():
        page = new_page()
        page.emulate_media(color_scheme=scheme)
        for path in PUBLIC:
            found += check(page, venue.url + path, query)
        log_in(page, venue.url)
        for path in ARBITER:
            found += check(page, venue.url + path, query)
            assert "/login/" not in page.url, path  # the arbiter's page itself was checked
    assert found == []


def test_live_results_are_summarised_in_one_polite_region_at_most_every_ten_seconds(site, new_page):
    page = new_page()
    page.goto(site.url + "/e/small-open/round/3/")
    standings = new_page()
    standings.goto(site.url + "/e/small-open/")
    wait_live(page)
    wait_live(standings)
    # One region says what pushes change; the search's results speak only to answer a search,
    # and the follow area's status only to answer a tap on "Notify me" or "Remove everything".
    regions = page.locator(
        '[aria-live]:not([aria-live="off"]):not(#find-results),'
        ' [role="status"]:not([data-follow-said]), [role="log"]'
    )
    expect(regions).to_have_count(1)
    announcer = page.locator("#live-announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    page.evaluate(
        """() => {
        window.said = [];
        new MutationObserver(() => window.said.push([Date.now(),
            document.getElementById("live-announcer").textContent]))
          .observe(document.getElementById("live-announcer"), {childList: true});
    }"""
    )

    # Two results in one transaction: they reach the page together, whatever the load.
    site.write(
        "from django.db import transaction\n"
        "with transaction.atomic():\n"
        "    enter_result(event, 3, 3, '10')\n"
        "    enter_result(event, 3, 4, '==')"
    )
    expect(announcer).to_have_text("2 results in: board 3 1–0, board 4 ½–½.", timeout=15000)
    expect(standings.locator("#live-announcer")).to_have_text(
        "Standings after round 3 updated.", timeout=15000
    )
    expect(page.locator("#round-games-3 tbody .result").nth(0)).to_have_text("1–0")

    site.write("enter_result(event, 3, 1, '01')")  # a correction, soon after
    expect(announcer).to_have_text("1 result in: board 1 0–1.", timeout=20000)
    said = page.evaluate("window.said")
    assert [text for _, text in said] == [
        "2 results in: board 3 1–0, board 4 ½–½.",
        "1 result in: board 1 0–1.",
    ]
    assert said[1][0] - said[0][0] >= 9900  # not cell by cell: one summary per 10 s at most


def test_high_contrast_by_toggle_or_parameter_without_meaning_in_colour(site, new_page):
    page = new_page()
    page.goto(site.url + "/e/small-open/")
    wait_live(page)  # the socket's first message has replaced the table
    root = page.locator("html")
    toggle = page.get_by_role("button", name="High contrast")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(root).not_to_have_attribute("data-contrast", "high")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    expect(root).to_have_attribute("data-contrast", "high")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(255, 255, 255)"
    # Provisional marks and moves keep their meaning in glyphs, not colours: every one is
    # white here, and each still reads † or ▲ ▼.
    marks = page.locator("#standings-table .prov, #standings-table .up, #standings-table .down")
    assert marks.count() > 3
    seen = marks.evaluate_all(
        "(els) => els.map((el) => [getComputedStyle(el).color, el.textContent])"
    )
    for colour, shown in seen:
        assert colour == "rgb(255, 255, 255)"
        assert any(glyph in shown for glyph in "†▲▼")

    page.reload()  # the choice is kept on this device
    expect(root).to_have_attribute("data-contrast", "high")
    page.goto(site.url + "/e/small-open/?contrast=normal")  # a parameter wins for its page
    expect(root).not_to_have_attribute("data-contrast", "high")

    screen = new_page()  # an unattended screen has no toggle: its address says it
    screen.goto(site.url + "/e/small-open/screen/?contrast=high")
    expect(screen.locator("html")).to_have_attribute("data-contrast", "high")
    assert screen.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)"
    link = screen.locator("figcaption")
    assert link.evaluate("(el) => getComputedStyle(el).color") == "rgb(255, 255, 255)"


def test_the_system_setting_for_more_contrast_turns_it_on(site, chromium):
    context = chromium.new_context(contrast="more")
    try:
        page = context.new_page()
        page.goto(site.url + "/e/small-open/")
        expect(page.locator("html")).to_have_attribute("data-contrast", "high")
    finally:
        context.close()


def test_the_arbiters_page_says_a_colleagues_entry(venue, new_page):
    page = new_page()
    log_in(page, venue.url)
    wait_live(page)
    venue.write("enter_result(event, 3, 4, '01')")  # a colleague, on another tablet
    expect(page.locator("#board-4 .entry")).to_contain_text("0–1 entered", timeout=15000)
    expect(page.locator("#live-announcer")).to_have_text("1 result in: board 4 0–1.")
