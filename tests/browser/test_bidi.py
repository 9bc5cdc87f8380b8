"""A right-to-left name cannot reorder the numbers beside it (names are isolated in <bdi>)."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

# An unterminated RIGHT-TO-LEFT OVERRIDE: without isolation it reverses what follows the name.
RENAME = """
from standings.events.models import Participant
Participant.objects.filter(event__slug="big-open", start_no=12).update(name="\\u202eEvil Name")
"""

# The characters of the element's text in the order they appear from left to right on
# screen. innerText keeps the logical order whatever the display, so it cannot tell.
SEEN_LEFT_TO_RIGHT = """(element) => {
  const text = element.firstChild, range = document.createRange(), glyphs = [];
  for (let i = 0; i < text.length; i++) {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    glyphs.push([range.getBoundingClientRect().left, text.data[i]]);
  }
  return glyphs.sort((a, b) => a[0] - b[0]).map((glyph) => glyph[1]).join("");
}"""


def test_a_right_to_left_name_leaves_the_start_number_beside_it_reading_12(site, new_page):
    site.server.database.run_python(RENAME)  # before any render of big-open is cached
    page = new_page()
    page.goto(site.url + "/e/big-open/round/1/")
    white = page.locator('#round-games-1 tr[data-key="12"] td.white')
    assert white.locator("bdi").inner_text() == "\u202eEvil Name"
    start_no = white.locator(".sno")
    assert start_no.inner_text() == "12"
    assert start_no.evaluate(SEEN_LEFT_TO_RIGHT) == "12"  # "21" without the <bdi>
