"""A team event on a 768 px tablet in a real Chromium: a board entered in its match, and a
follower's team standings and round page updated live on another page."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (  # noqa: F401 (fixtures)
    artifacts,
    chromium,
    new_page,
    site,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TABLET = {"width": 768, "height": 1024}
TEAMS = """
from django.contrib.auth import get_user_model
from tests.factories import create_team_event
user = get_user_model().objects.create_user("anna", password="pw-anna-1")
create_team_event(arbiters=[user])
"""


@pytest.fixture
def desk(site):  # noqa: F811
    site.server.database.run_python(TEAMS, redis_url=site.server.redis_url)
    return site


def wait_live(page) -> None:
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)


def fits(page) -> bool:
    """Nothing wider than the screen: no sideways scrolling on the tablet."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_a_board_tapped_on_a_tablet_updates_the_team_standings_live(desk, new_page):  # noqa: F811
    follower = new_page(TABLET)
    follower.goto(desk.url + "/e/small-teams/")
    wait_live(follower)
    follower.evaluate("window.notReloaded = true")
    rooks_gp = follower.locator('#standings-table tr[data-key="1"] td.num').nth(1)
    expect(rooks_gp).to_have_text("0")

    tablet = new_page(TABLET)
    tablet.goto(desk.url + "/e/small-teams/arbiter/")
    tablet.get_by_label("Username").fill("anna")
    tablet.get_by_label("Password").fill("pw-anna-1")
    tablet.get_by_role("button", name="Log in").click()
    expect(tablet.locator(".match-row")).to_have_count(2)
    assert fits(tablet)
    tablet.locator("#match-1 a").click()
    expect(tablet).to_have_url(desk.url + "/e/small-teams/arbiter/round/1/match/1/")
    tablet.wait_for_load_state()  # a tap before htmx is ready would post the plain form
    assert fits(tablet)
    tablet.evaluate("window.notReloaded = true")
    board = tablet.locator("#board-2")  # the Knights' player has white, the Rooks' black
    button = board.get_by_role("button", name="0–1")
    assert button.bounding_box()["height"] >= 44  # a finger's tap target
    button.click()
    expect(board.locator(".entry")).to_contain_text("0–1 entered by anna at")
    expect(tablet.locator("#match-score .score")).to_have_text("1–0")
    expect(tablet.locator("#round-controls")).to_contain_text("7 results to come")
    assert tablet.evaluate("window.notReloaded") is True

    expect(rooks_gp).to_have_text("1")  # pushed: Rooks 1 game point, no match point yet
    assert follower.evaluate("window.notReloaded") is True

    for number in (1, 3, 4):  # Rooks win two more, draw one: 3½–½, the match is won
        result = "½–½" if number == 4 else ("1–0" if number % 2 else "0–1")
        tablet.locator(f"#board-{number}").get_by_role("button", name=result).click()
        expect(tablet.locator(f"#board-{number} .entry")).to_contain_text("entered by anna")
    expect(tablet.locator("#match-score")).to_contain_text("3½–½")
    expect(tablet.locator("#match-score")).to_contain_text("match points 2–0")
    expect(follower.locator('#standings-table tr[data-key="1"] td.num').first).to_have_text("2")
    expect(follower.locator("#standings-table tbody tr th.name").first).to_have_text("Rooks")


def test_the_round_page_shows_a_match_s_boards_live(desk, new_page):  # noqa: F811
    follower = new_page(TABLET)
    follower.goto(desk.url + "/e/small-teams/round/1/")
    wait_live(follower)
    follower.evaluate("window.notReloaded = true")
    assert fits(follower)
    heads = follower.locator("#round-games-1 .match-head")
    expect(heads.first).to_contain_text("Rooks 0–0 Knights")
    desk.write("enter_result(event, 1, 1, '10', table=2)", slug="small-teams")
    expect(heads.nth(1)).to_contain_text("Bishops 1–0 Pawns")
    assert follower.evaluate("window.notReloaded") is True


TEAM_PAGES = {
    "team-standings": "/e/small-teams/",
    "team-round": "/e/small-teams/round/1/",
    "team-crosstable": "/e/small-teams/crosstable/",
    "team-page": "/e/small-teams/team/1/",
    "team-boards": "/e/small-teams/boards/",
    "team-screen": "/e/small-teams/screen/?rotate=600",
}


def test_screenshots_of_a_team_event_on_a_tablet(desk, new_page, artifacts):  # noqa: F811
    desk.write("enter_result(event, 1, 1, '10', table=1)", slug="small-teams")
    desk.write("enter_result(event, 1, 2, '==', table=1)", slug="small-teams")
    page = new_page(TABLET)
    for name, path in TEAM_PAGES.items():
        assert page.goto(desk.url + path).status == 200, path
        page.wait_for_load_state("networkidle")
        assert fits(page) or name == "team-screen", path
        page.screenshot(path=str(artifacts / f"{name}-tablet.png"), full_page=True)
    page.goto(desk.url + "/e/small-teams/arbiter/round/1/match/1/")
    page.get_by_label("Username").fill("anna")
    page.get_by_label("Password").fill("pw-anna-1")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(artifacts / "team-arbiter-match-tablet.png"), full_page=True)
    page.goto(desk.url + "/e/small-teams/arbiter/")
    page.screenshot(path=str(artifacts / "team-arbiter-round-tablet.png"), full_page=True)


LISTED = (
    TEAMS
    + """
from standings.events.models import Event
Event.objects.filter(slug="small-teams").update(tiebreaks="MPTS GPTS BH EMGSB/C1")
"""
)


def test_team_tiebreaks_update_live_with_their_provisional_marks(site, new_page):  # noqa: F811
    site.server.database.run_python(LISTED, redis_url=site.server.redis_url)
    follower = new_page(TABLET)
    follower.goto(site.url + "/e/small-teams/")
    wait_live(follower)
    follower.evaluate("window.notReloaded = true")
    heads = follower.locator("#standings-table thead th abbr")
    expect(heads).to_have_text(["Rk", "No", "MPTS", "GPTS", "BH", "EMGSB/C1"])
    knights_bh = follower.locator('#standings-table tr[data-key="2"] td.num').nth(2)
    expect(knights_bh).to_have_text("0†")  # round 1 is open: Buchholz is provisional

    for board, result in ((1, "10"), (2, "10"), (3, "10"), (4, "==")):
        site.write(f"enter_result(event, 1, {board}, '{result}', table=1)", slug="small-teams")

    # The Rooks won their match: the Knights' Buchholz is the Rooks' 2 match points, still
    # provisional while the round is open.
    expect(knights_bh).to_have_text("2†")
    expect(knights_bh).to_have_class("num prov")  # the third value: shown on a phone
    assert follower.evaluate("window.notReloaded") is True
