"""Phones (issue 26): every public page of the individual, team, sections and bridge demos at
360 px wide. The page never scrolls sideways; a table wider than the screen scrolls inside its
box with the names fixed and its caption whole; no name breaks inside a word; pairings give
each name a line; the columns a phone keeps are the ranking's first, in its order."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .demos import UNLINKED, crawl, demos, public  # noqa: F401 (demos: a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# What a person would see wrong on the page as it is, each finding named for the message.
MEASURE = """() => {
  const said = (el) => `${el.tagName.toLowerCase()}.${el.className || ''} "${
    el.textContent.trim().replace(/\\s+/g, ' ').slice(0, 40)}"`;
  const box = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow === 'auto' || overflow === 'scroll') return up;
    }
    return null;
  };
  const lines = (range) => new Set([...range.getClientRects()]
    .filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  const out = {width: document.documentElement.scrollWidth, unboxed: [], loose: [],
               cut: [], broken: [], wrapped: []};
  for (const table of document.querySelectorAll('main table')) {
    if (!table.getClientRects().length) continue;
    const scroller = box(table);
    const room = scroller ? scroller.clientWidth : document.documentElement.clientWidth;
    if (table.getBoundingClientRect().width > room + 1) {
      if (!scroller) out.unboxed.push(said(table));
      for (const name of table.querySelectorAll('.name')) {
        const style = getComputedStyle(name);
        if (style.position !== 'sticky' || style.left !== '0px') {
          out.loose.push(said(name));
          break;
        }
      }
    }
    const caption = table.caption;
    if (caption && caption.getClientRects().length && caption.className !== 'visually-hidden') {
      const edge = (scroller || document.documentElement).getBoundingClientRect().right;
      const right = caption.getBoundingClientRect().right;
      if (right > Math.min(edge, innerWidth) + 1) out.cut.push(said(caption));
    }
  }
  // A name's words: each on one line (a name may wrap between its words, never inside one).
  for (const name of document.querySelectorAll('bdi')) {
    for (const node of name.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE) continue;
      const text = node.textContent;
      for (const word of text.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        if (lines(range) > 1) { out.broken.push(`${word[0]} in "${text}"`); break; }
      }
    }
  }
  // Pairings: each player's name on a line of its own.
  for (const name of document.querySelectorAll('table.pairings td bdi')) {
    const range = document.createRange();
    range.selectNodeContents(name);
    if (lines(range) > 1) out.wrapped.push(name.textContent);
  }
  return out;
}"""


@pytest.fixture(scope="module")
def phone(chromium):
    context = chromium.new_context(viewport=PHONE, bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.fixture(scope="module")
def pages(demos, phone):  # noqa: F811 (a fixture)
    """Each public page of the demos, one of each kind, and what it shows at 360 px."""
    return crawl(phone, demos, ("/", *UNLINKED), public, lambda page: page.evaluate(MEASURE))


def test_every_demo_page_is_visited(pages):
    kinds = " ".join(pages)
    for part in (
        "/e/demo-open/round/", "/e/demo-open/crosstable/", "/e/demo-open/player/",
        "/e/demo-open/federation/", "/e/demo-open/prizes/", "/e/demo-open/screen/",
        "/e/demo-open/print/", "/e/demo-open/widget/", "/e/demo-open/find/",
        "/e/demo-teams/team/", "/e/demo-teams/boards/", "/e/demo-teams/round/",
        "/e/demo-cup/", "/e/demo-cup-a/", "/b/demo-bridge/team/", "/b/demo-bridge/screen/",
        "/b/demo-bridge/?round=",
    ):  # fmt: skip
        assert part in kinds
    assert len(pages) > 40


def test_no_page_scrolls_sideways(pages):
    assert {path: seen["width"] for path, seen in pages.items() if seen["width"] > 360} == {}


def test_a_wide_table_scrolls_in_its_box_with_its_names_fixed_and_its_caption_whole(pages):
    for what in ("unboxed", "loose", "cut"):
        assert {path: seen[what] for path, seen in pages.items() if seen[what]} == {}, what


def test_no_name_breaks_inside_a_word(pages):
    assert {path: seen["broken"] for path, seen in pages.items() if seen["broken"]} == {}


def test_pairings_give_each_name_a_line_of_its_own(pages):
    rounds = [path for path in pages if "/round/" in path]
    assert len(rounds) >= 4  # individual, team and two sections' round pages at least
    assert {path: pages[path]["wrapped"] for path in rounds if pages[path]["wrapped"]} == {}


def test_stacked_pairings_are_still_a_table_to_a_screen_reader(demos, phone):  # noqa: F811
    phone.goto(demos + "/e/demo-open/round/6/")
    board = phone.locator("table.pairings tbody tr").first
    expect(board.get_by_role("rowheader")).to_have_count(1)
    expect(board.get_by_role("cell")).to_have_count(3)  # white, result, black
    white, black = board.locator("td.white a"), board.locator("td.black a")
    assert white.bounding_box()["y"] < black.bounding_box()["y"]  # white over black


@pytest.mark.parametrize(
    "path",
    [
        "/e/demo-open/",
        "/e/demo-open/federation/FRA/",
        "/e/demo-teams/",
        "/e/demo-cup-a/",
    ],
)
def test_a_phone_keeps_the_ranking_s_first_columns_in_order(demos, phone, path):  # noqa: F811
    phone.goto(demos + path)
    ranking = phone.locator(".legend dt abbr").all_inner_texts()  # every value, in order
    assert len(ranking) > 3
    table = phone.locator("main table.standings")
    # Retried: the socket may swap the table in once it connects.
    expect(table.locator("thead th.num").filter(visible=True)).to_have_text(ranking[:3])
    row = table.locator("tbody tr").first
    expect(row.locator("td.num").filter(visible=True)).to_have_count(3)


def test_team_standings_on_a_phone_show_game_points(demos, phone):  # noqa: F811
    phone.goto(demos + "/e/demo-teams/")
    shown = phone.locator("#standings-table thead th.num").filter(visible=True)
    expect(shown).to_have_text(["MPTS", "EMGSB/C1", "GPTS"])  # the FIDE team Swiss order


def test_the_prize_page_shows_what_each_player_receives_without_scrolling(demos, phone):  # noqa: F811
    phone.goto(demos + "/e/demo-open/prizes/")
    heads = phone.locator("table.prizes thead th:last-child")
    expect(heads.first).to_have_text("Receives")
    # Read in one go, in the page: a live push may swap the table between two reads.
    rights = heads.evaluate_all("cells => cells.map(cell => cell.getBoundingClientRect().right)")
    assert rights and all(right <= PHONE["width"] for right in rights)


@pytest.mark.parametrize("query", ["", "?contrast=high"])
def test_a_scrolled_crosstable_keeps_its_names_over_the_rounds(demos, phone, artifacts, query):  # noqa: F811
    phone.goto(demos + "/e/demo-open/crosstable/" + query)
    scroller = phone.locator(".table-wrap.scroll")
    scroller.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    name = phone.locator("table.crosstable tbody th.name").nth(1)  # a striped row
    left = scroller.bounding_box()["x"]
    assert abs(name.bounding_box()["x"] - left) < 1  # still at the box's left edge
    # Opaque, in the row's own colour: the rounds pass beneath, never show through.
    background = name.evaluate("cell => getComputedStyle(cell).backgroundColor")
    row = name.evaluate("cell => getComputedStyle(cell.parentElement).backgroundColor")
    assert background == row and background != "rgba(0, 0, 0, 0)"
    phone.screenshot(path=str(artifacts / f"phone-crosstable{query.replace('?', '-')}.png"))


@pytest.mark.parametrize(
    "path",
    [
        "/e/demo-open/",
        "/e/demo-open/round/6/",
        "/e/demo-open/prizes/",
        "/e/demo-teams/",
        "/e/demo-teams/round/4/",
        "/b/demo-bridge/",
    ],
)
def test_screenshots_at_360_px_light_and_high_contrast(demos, phone, artifacts, path):  # noqa: F811
    name = path.strip("/").replace("/", "-")
    for query in ("", "?contrast=high"):
        phone.goto(demos + path + query)
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        target = artifacts / f"phone-{name}{query.replace('?', '-').replace('=', '-')}.png"
        phone.screenshot(path=str(target), full_page=True)
