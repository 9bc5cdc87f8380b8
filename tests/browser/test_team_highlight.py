"""A push highlights on a team round page only the board that changed (every match has a
board 1: keyed by board alone, unchanged boards of other matches flashed on every push).

The page records each row it highlights (RECORD, before its scripts run) and the test reads
that record, not the highlight itself: the class lasts only until the next swap after its
4 s flash, and the round page's refetch comes 0-8 s after a push, so a test that looked at
the row after a slow writer's exit found it already replaced (it failed one run in three
beside other tests, whose load slowed the writing process's exit past the refetch)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.html import parse

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RECORD = """
window.highlighted = [];  // each row key a highlight was put on, in order
window.refetched = [];  // each refetch's path, once swapped
new MutationObserver(function (mutations) {
  mutations.forEach(function (m) {
    if (m.target.matches && m.target.matches("tr[data-key].changed")) {
      window.highlighted.push(m.target.dataset.key);
    }
  });
}).observe(document, {subtree: true, attributes: true, attributeFilter: ["class"]});
document.addEventListener("htmx:afterRequest", function (event) {
  var info = event.detail.pathInfo;
  if (info && info.requestPath.indexOf("?v=") >= 0) window.refetched.push(info.requestPath);
});
"""
# The page has fetched itself again at the version it shows (live.js's refetch, 0-8 s after
# the push), and no highlight is running: what a push brought has all been shown.
SETTLED = """() => {
    const shown = document.getElementById("last-update").dataset.version;
    return window.refetched.some(path => path.endsWith("?v=" + shown))
        && [...document.querySelectorAll("tr.changed")]
            .every(row => row.getAnimations({subtree: true}).length === 0);
}"""


@pytest.fixture
def teams_site(site):
    site.server.database.run_python(
        "from tests.factories import create_team_event; create_team_event()",
        redis_url=site.server.redis_url,
    )
    return site


def highlighted_once_settled(page, key: str) -> set[str]:
    """The rows highlighted since the record was emptied, once `key` is among them and the
    page has settled."""
    page.wait_for_function(f"() => window.highlighted.includes({key!r})", timeout=20000)
    page.wait_for_function(SETTLED, timeout=20000)
    return set(page.evaluate("window.highlighted"))


def test_only_the_changed_board_is_highlighted(teams_site, new_page):
    page = new_page()
    page.add_init_script(RECORD)
    page.goto(teams_site.url + "/e/small-teams/round/1/")
    expect(page.locator("#live-indicator")).to_have_attribute("data-state", "live", timeout=15000)
    keys = page.eval_on_selector_all(
        "table tbody tr[data-key]", "rows => rows.map(r => r.dataset.key)"
    )
    assert len(keys) == len(set(keys)) == 8  # two matches of four boards
    teams_site.write("enter_result(event, 1, 1, '10', table=2)", slug="small-teams")
    assert highlighted_once_settled(page, "m2.1") == {"m2.1"}
    page.evaluate("window.highlighted = []")
    teams_site.write("enter_result(event, 1, 2, '==', table=1)", slug="small-teams")
    assert highlighted_once_settled(page, "m1.2") == {"m1.2"}


def test_team_round_rows_have_unique_keys_and_no_repeated_anchor(client, db):
    from tests.factories import create_team_event

    create_team_event()
    page = parse(client.get("/e/small-teams/round/1/").content)
    keys = [row["data-key"] for row in page.select("tbody.match tr[data-key]")]
    assert keys == [f"m{t}.{b}" for t in (1, 2) for b in (1, 2, 3, 4)]
    ids = [tag["id"] for tag in page.select("[id]")]
    assert len(ids) == len(set(ids))
