"""A push highlights on a team round page only the board that changed (every match has a
board 1: keyed by board alone, unchanged boards of other matches flashed on every push)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.html import parse

pytestmark = [pytest.mark.browser, pytest.mark.slow]
CHANGED = re.compile(r"\bchanged\b")
# The row's flash is over: a refetch after it does not flash the row again (live.js).
FLASHED = """key => {
    const row = document.querySelector(`tr[data-key="${key}"]`);
    return row && row.getAnimations({subtree: true}).length === 0;
}"""


@pytest.fixture
def teams_site(site):
    site.server.database.run_python(
        "from tests.factories import create_team_event; create_team_event()",
        redis_url=site.server.redis_url,
    )
    return site


def test_only_the_changed_board_is_highlighted(teams_site, new_page):
    page = new_page()
    page.goto(teams_site.url + "/e/small-teams/round/1/")
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    keys = page.eval_on_selector_all(
        "table tbody tr[data-key]", "rows => rows.map(r => r.dataset.key)"
    )
    assert len(keys) == len(set(keys)) == 8  # two matches of four boards
    teams_site.write("enter_result(event, 1, 1, '10', table=2)", slug="small-teams")
    # the round page fetches itself again within 8 s of a push (data-refresh), then highlights
    expect(page.locator('tr[data-key="m2.1"]')).to_have_class(CHANGED, timeout=15000)
    expect(page.locator("tr.changed")).to_have_count(1)
    page.wait_for_function(FLASHED, arg="m2.1", timeout=15000)
    teams_site.write("enter_result(event, 1, 2, '==', table=1)", slug="small-teams")
    expect(page.locator('tr[data-key="m1.2"]')).to_have_class(CHANGED, timeout=15000)
    expect(page.locator("tr.changed")).to_have_count(1, timeout=15000)


def test_team_round_rows_have_unique_keys_and_no_repeated_anchor(client, db):
    from tests.factories import create_team_event

    create_team_event()
    page = parse(client.get("/e/small-teams/round/1/").content)
    keys = [row["data-key"] for row in page.select("tbody.match tr[data-key]")]
    assert keys == [f"m{t}.{b}" for t in (1, 2) for b in (1, 2, 3, 4)]
    ids = [tag["id"] for tag in page.select("[id]")]
    assert len(ids) == len(set(ids))
