"""The TRF import on a phone (issue 25): a file without a name asks for it, prefilled from
the file's name, and imports with one more tap; the summary's warnings are a list by kind
that stays inside the screen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import FIXTURES

from .conftest import PHONE

pytestmark = pytest.mark.browser

STAFF = """
from django.contrib.auth import get_user_model
get_user_model().objects.create_user("olga", password="pw-olga-1", is_staff=True)
"""
REAL = FIXTURES / "real"


def log_in(page, url: str) -> None:
    page.goto(url + "/login/?next=/import/")
    page.get_by_label("Username").fill("olga")
    page.get_by_label("Password").fill("pw-olga-1")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator("input[type=file]")).to_be_visible()


def test_a_nameless_file_then_a_file_with_warnings_on_a_phone(site, new_page, artifacts):
    site.server.database.run_python(STAFF, redis_url=site.server.redis_url)
    page = new_page(PHONE)
    log_in(page, site.url)

    page.locator("input[type=file]").set_input_files(str(REAL / "cr-aeroflot-open-2026.trf"))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_role("status")).to_contain_text("no tournament name (record 012)")
    expect(page.get_by_label("Event name")).to_have_value("cr aeroflot open 2026")
    page.screenshot(path=str(artifacts / "trf-import-name-phone.png"), full_page=True)
    page.get_by_label("Event name").fill("Aeroflot Open 2026")
    page.get_by_role("button", name="Import").click()
    page.wait_for_url("**/e/aeroflot-open-2026/arbiter/**")

    page.goto(site.url + "/import/")
    page.locator("input[type=file]").set_input_files(str(REAL / "sharly-example-trf26.trf"))
    page.get_by_role("button", name="Import").click()
    kinds = page.locator(".messages .warnings .kind")
    expect(kinds.first).to_be_visible()
    assert "Tie-breaks the file names that are not kept (2)" in kinds.all_inner_texts()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.locator(".messages").screenshot(path=str(artifacts / "trf-import-warnings-phone.png"))
