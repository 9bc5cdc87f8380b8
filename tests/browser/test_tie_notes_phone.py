"""The note on rows equal on every column, on a phone: it wraps inside the screen, in the
reader's language, and goes live when the results part the rows."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE
from .test_live import wait_live

pytestmark = pytest.mark.browser


def test_the_note_wraps_on_a_phone_and_leaves_when_the_rows_are_parted(site, chromium, artifacts):
    context = chromium.new_context(viewport=PHONE, locale="fr-FR", bypass_csp=True)
    page = context.new_page()
    page.goto(site.url + "/e/small-open/")
    wait_live(page)
    note = page.locator("#standings-table .tie-notes li")
    expect(note).to_have_count(1)
    expect(note).to_contain_text("Rangs 3–5 (")
    expect(note).to_contain_text("le tirage au sort avec la graine 0 a décidé de leur ordre.")
    box = note.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert box["height"] > 30  # more than one line: it wraps
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(artifacts / "tie-note-phone-fr.png"), full_page=True)

    site.write("enter_result(event, 3, 3, '==')\nenter_result(event, 3, 4, '==')")
    expect(page.locator("#standings-table .tie-notes")).to_have_count(0)
    context.close()


def test_a_big_field_s_notes_wrap_without_names(site, new_page):
    page = new_page(PHONE)
    page.goto(site.url + "/e/big-open/")
    notes = page.locator("#standings-table .tie-notes li")
    expect(notes.first).to_contain_text("equal on every column")
    assert "(" not in notes.first.inner_text()  # large groups: ranks only
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
